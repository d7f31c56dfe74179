package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// Goal is the state every light must end in.
type Goal int

const (
	GoalOff Goal = iota // every light off: the handheld game
	GoalOn              // every light on: what many escape rooms ask
)

// ParseGoal reads "off" or "on".
func ParseGoal(s string) (Goal, error) {
	switch s {
	case "off":
		return GoalOff, nil
	case "on":
		return GoalOn, nil
	}
	return 0, fmt.Errorf("goal %q: want off or on", s)
}

func (g Goal) String() string {
	switch g {
	case GoalOff:
		return "off"
	case GoalOn:
		return "on"
	}
	return fmt.Sprintf("Goal(%d)", int(g))
}

// ErrUnsolvable is wrapped by the errors of boards that no set of presses
// solves.
var ErrUnsolvable = errors.New("board is unsolvable")

// MaxExactNullity is the largest nullity for which Solve proves its press
// count minimal by walking all 2^d solutions.
const MaxExactNullity = 24

// Solution is what Solve learns about a board.
type Solution struct {
	Solvable bool
	// Nullity is d, the dimension of the null space of the toggle matrix:
	// a solvable board has 2^d solutions.
	Nullity int
	// Presses is a solution with the fewest presses found; nil when the
	// board is unsolvable.
	Presses    *Board
	PressCount int
	// Minimal reports that no solution has fewer presses. It is true
	// whenever Nullity <= MaxExactNullity.
	Minimal bool
	// NullBasis holds d press sets that each change nothing. On boards of
	// more than 64×64 cells it is nil when it would take over 64 MiB.
	NullBasis []*Board
	// Failed lists, for an unsolvable board, the parity checks it fails
	// among a basis of all checks; the basis is the one with the fewest
	// cells in all when the nullity is at most maxSparseNullity, so the
	// checks are as short as they can be. Fewest cells first.
	Failed []Check
}

// Check is a parity check that every solvable board passes: among Cells,
// the lights that must change to reach the goal are even in number. Its
// cells are a null vector n of the (symmetric) toggle matrix, and n·b = 0
// for every b in the matrix's range.
type Check struct {
	Cells [][2]int
	Desc  string // the check in a player's words, with the failing count
}

// target returns the cells of b that must toggle to reach goal.
func target(b *Board, goal Goal) *Board {
	t := b.Clone()
	if goal == GoalOn {
		mask := lastMask(b.Cols)
		for r := 0; r < b.Rows; r++ {
			row := t.Row(r)
			for k := range row {
				row[k] = ^row[k]
			}
			row[len(row)-1] &= mask
		}
	} else if goal != GoalOff {
		panic(fmt.Sprintf("solver: unknown goal %d", int(goal)))
	}
	return t
}

// andCount returns the number of cells set in both a and b.
func andCount(a, b *Board) int {
	n := 0
	for k, w := range a.bits {
		n += bits.OnesCount64(w & b.bits[k])
	}
	return n
}

// Solve finds a fewest-press solution of b for goal by light chasing, in
// O(R·C·min(R,C)/64) word operations plus the minimisation (see Minimal).
//
// When b is unsolvable the error wraps ErrUnsolvable and explains the
// failed parity checks; the Solution is still returned, with Solvable false,
// Nullity, NullBasis and Failed filled in.
func Solve(b *Board, goal Goal) (*Solution, error) {
	if b.Rows*b.Cols >= largeMinCells {
		return solveLarge(b, goal) // O(R·C/64 + min(R,C)²/64), see large.go
	}
	t := target(b, goal)
	x0, null, ok := solveGrid(t)
	s := &Solution{Solvable: ok, Nullity: len(null), NullBasis: null}
	if !ok {
		for _, n := range sparseChecks(null) {
			if k := andCount(n, t); k%2 == 1 {
				s.Failed = append(s.Failed, newCheck(n, k, goal))
			}
		}
		return s, fmt.Errorf("%w: %s", ErrUnsolvable, explain(s.Failed))
	}
	s.Presses, s.Minimal = minimize(x0, null)
	s.PressCount = s.Presses.Count()
	return s, nil
}

// maxNamedCells bounds how many cells a check's description names.
const maxNamedCells = 12

func newCheck(n *Board, count int, goal Goal) Check {
	cells := n.Cells()
	names := make([]string, 0, min(len(cells), maxNamedCells))
	for i, rc := range cells {
		if i == maxNamedCells {
			break
		}
		names = append(names, CellName(rc[0], rc[1]))
	}
	list := strings.Join(names, ", ")
	if len(cells) > maxNamedCells {
		list += fmt.Sprintf(", … (%d cells in all)", len(cells))
	}
	state := "lit"
	if goal == GoalOn {
		state = "unlit"
	}
	verb := "are"
	if count == 1 {
		verb = "is"
	}
	return Check{
		Cells: cells,
		Desc: fmt.Sprintf("the %s lights among %s must be even in number, but %d %s %s",
			state, list, count, verb, state),
	}
}

// explain joins the descriptions of failed checks, at most three of them.
func explain(failed []Check) string {
	var descs []string
	for i, c := range failed {
		if i == 3 {
			descs = append(descs, fmt.Sprintf("and %d more parity checks fail", len(failed)-3))
			break
		}
		descs = append(descs, c.Desc)
	}
	return strings.Join(descs, "; ")
}

// maxSparseNullity bounds the nullity for which sparseChecks searches all
// 2^d null vectors.
const maxSparseNullity = 16

// sparseChecks returns a basis of the span of null with the fewest cells in
// all (the greedy choice over the vectors sorted by weight is optimal for a
// matroid), sorted by weight; for d > maxSparseNullity it returns null.
func sparseChecks(null []*Board) []*Board {
	d := len(null)
	if d == 0 || d > maxSparseNullity {
		return null
	}
	n := 1 << d
	weight := make([]int, n)
	x := NewBoard(null[0].Rows, null[0].Cols)
	for i := 1; i < n; i++ {
		xorWords(x.bits, null[bits.TrailingZeros(uint(i))].bits)
		weight[i^(i>>1)] = x.Count()
	}
	codes := make([]int, n-1)
	for i := range codes {
		codes[i] = i + 1
	}
	sort.Slice(codes, func(i, j int) bool {
		a, b := codes[i], codes[j]
		return weight[a] < weight[b] || weight[a] == weight[b] && a < b
	})
	var reduced [64]uint64 // reduced[k]: a chosen code combination with leading bit k
	out := make([]*Board, 0, d)
	zero := NewBoard(x.Rows, x.Cols)
	for _, c := range codes {
		v := uint64(c)
		for v != 0 {
			k := 63 - bits.LeadingZeros64(v)
			if reduced[k] == 0 {
				break
			}
			v ^= reduced[k]
		}
		if v == 0 {
			continue // dependent on the checks chosen so far
		}
		reduced[63-bits.LeadingZeros64(v)] = v
		out = append(out, combine(zero, null, uint64(c)))
		if len(out) == d {
			break
		}
	}
	return out
}
