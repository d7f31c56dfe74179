package solver

import (
	"fmt"
	"strconv"
	"strings"
)

// CellName returns the A1 name of cell (r, c): the column as letters
// (A..Z, AA..AZ, BA.., as in spreadsheets) then the 1-based row number.
// It panics on a negative coordinate.
func CellName(r, c int) string {
	if r < 0 || c < 0 {
		panic(fmt.Sprintf("solver: CellName(%d, %d): negative coordinate", r, c))
	}
	var buf [16]byte
	i := len(buf)
	for n := c + 1; n > 0; n = (n - 1) / 26 {
		i--
		buf[i] = byte('A' + (n-1)%26)
	}
	return string(buf[i:]) + strconv.Itoa(r+1)
}

// cellNames returns the A1 names of cells joined by ", ".
func cellNames(cells [][2]int) string {
	names := make([]string, len(cells))
	for i, rc := range cells {
		names[i] = CellName(rc[0], rc[1])
	}
	return strings.Join(names, ", ")
}

// Step is one move of the light-chasing method a player can follow by hand.
type Step struct {
	Phase string   // "chase", "fix top row" or "chase again"
	Cells [][2]int // the cells to press, [row, col]
	Desc  string   // the step in words, cells in A1 notation
}

// Steps explains how to reach goal from b by light chasing: chase the lights
// down row by row, press the top-row cells of the solution presses (what a
// player would look up from the pattern left in the bottom row), and chase
// again. presses must solve b (nil: Solve is called); the steps are checked
// to end solved, and an error wrapping ErrUnsolvable is returned otherwise.
// Rows whose chase presses nothing are left out. When the first chase
// already solves the board the steps stop there (for a board of nullity
// d > 0 that may be another solution than presses). Otherwise the steps
// add up to presses, though they may press a cell twice (once per chase),
// which a fewest-press solution never does.
func Steps(b *Board, goal Goal, presses *Board) ([]Step, error) {
	if presses == nil {
		s, err := Solve(b, goal)
		if err != nil {
			return nil, err
		}
		presses = s.Presses
	}
	mustSameShape("Steps", b, presses)
	t := target(b, goal) // cells still to toggle
	state := "lit"
	if goal == GoalOn {
		state = "unlit"
	}
	var steps []Step
	press := func(cells [][2]int) {
		p := NewBoard(b.Rows, b.Cols)
		for _, rc := range cells {
			p.Set(rc[0], rc[1], true)
		}
		t = Press(t, p)
	}
	chaseDown := func(phase string) {
		for r := 0; r+1 < b.Rows; r++ {
			var above, cells [][2]int
			for _, rc := range rowCells(t, r) {
				above = append(above, rc)
				cells = append(cells, [2]int{r + 1, rc[1]})
			}
			if len(cells) == 0 {
				continue
			}
			steps = append(steps, Step{Phase: phase, Cells: cells,
				Desc: fmt.Sprintf("row %d: press %s, under the %s lights %s",
					r+2, cellNames(cells), state, cellNames(above))})
			press(cells)
		}
	}
	chaseDown("chase")
	if t.Count() != 0 {
		left := rowCells(t, b.Rows-1)
		top := rowCells(presses, 0)
		steps = append(steps, Step{Phase: "fix top row", Cells: top,
			Desc: fmt.Sprintf("the bottom row is left with %s %s: press %s in the top row",
				state, cellNames(left), cellNames(top))})
		press(top)
		chaseDown("chase again")
	}
	if n := t.Count(); n != 0 {
		return steps, fmt.Errorf("%w: the given presses leave %d lights %s after chasing", ErrUnsolvable, n, state)
	}
	return steps, nil
}

// rowCells returns the set cells of row r.
func rowCells(b *Board, r int) [][2]int {
	var out [][2]int
	for c := 0; c < b.Cols; c++ {
		if b.Get(r, c) {
			out = append(out, [2]int{r, c})
		}
	}
	return out
}
