package solver

import (
	"fmt"
	"math"
	"sort"
)

// MaxCorrectNullity is the largest nullity Correct searches: a cell's
// syndrome (which parity checks its flip changes) is kept in one word.
const MaxCorrectNullity = 64

// Correct finds the cheapest set of cells whose flip makes b solvable for
// goal, flipping (r, c) costing cost[r][c] (for example -log of the odds
// that the reader got that cell wrong). Cells with +Inf cost are never
// flipped, and at most maxFlips cells are. The cells come back in row-major
// order; the result is nil, nil when b is already solvable.
//
// The search is exact: a flip set fixes b exactly when the XOR of its cells'
// syndromes (the checks of the null basis each cell lies in) equals b's
// syndrome, and a cheapest such set uses at most one cell per syndrome and
// at most d cells (d the nullity), so only the cheapest cell of each
// syndrome is tried, in increasing order of cost with pruning. It costs up
// to K^(k-1) steps for K distinct syndromes and k = min(maxFlips, d):
// meant for photo-sized boards and small maxFlips.
//
// When no set of at most maxFlips finite-cost cells works, or the nullity
// exceeds MaxCorrectNullity (impossible when a side is at most 64 cells:
// the nullity is at most the shorter side), the error wraps ErrUnsolvable.
// Correct panics if cost is not b.Rows×b.Cols or holds a NaN or a negative
// cost.
func Correct(b *Board, goal Goal, cost [][]float64, maxFlips int) ([][2]int, error) {
	if len(cost) != b.Rows {
		panic(fmt.Sprintf("solver: Correct: %d cost rows for a %d×%d board", len(cost), b.Rows, b.Cols))
	}
	for r, row := range cost {
		if len(row) != b.Cols {
			panic(fmt.Sprintf("solver: Correct: cost row %d has %d entries for a %d×%d board", r, len(row), b.Rows, b.Cols))
		}
		for c, v := range row {
			if math.IsNaN(v) || v < 0 {
				panic(fmt.Sprintf("solver: Correct: cost[%d][%d] = %v, want >= 0", r, c, v))
			}
		}
	}
	t := target(b, goal)
	_, null, ok := solveGrid(t)
	if ok {
		return nil, nil
	}
	d := len(null)
	if d > MaxCorrectNullity {
		return nil, fmt.Errorf("%w: %d parity checks, more than the %d Correct searches", ErrUnsolvable, d, MaxCorrectNullity)
	}
	var want uint64
	for i, n := range null {
		want |= uint64(andCount(n, t)&1) << i
	}

	// The cheapest cell of each non-zero syndrome.
	type cand struct {
		syn  uint64
		cost float64
		cell [2]int
	}
	bySyn := map[uint64]int{}
	var cands []cand
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if math.IsInf(cost[r][c], 1) {
				continue
			}
			var syn uint64
			for i, n := range null {
				if n.Get(r, c) {
					syn |= 1 << i
				}
			}
			if syn == 0 {
				continue
			}
			if j, seen := bySyn[syn]; !seen {
				bySyn[syn] = len(cands)
				cands = append(cands, cand{syn, cost[r][c], [2]int{r, c}})
			} else if cost[r][c] < cands[j].cost {
				cands[j] = cand{syn, cost[r][c], [2]int{r, c}}
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].cost < cands[j].cost })
	last := make(map[uint64]int, len(cands)) // syndrome -> index in cands
	for i, cd := range cands {
		last[cd.syn] = i
	}

	limit := min(maxFlips, d)
	best := math.Inf(1)
	var bestSet []int
	chosen := make([]int, 0, limit)
	var search func(start int, acc uint64, sum float64)
	search = func(start int, acc uint64, sum float64) {
		if len(chosen) >= limit {
			return
		}
		// Finish with the one candidate that completes the syndrome.
		if j, ok := last[acc^want]; ok && j >= start && sum+cands[j].cost < best {
			best = sum + cands[j].cost
			bestSet = append(append(bestSet[:0], chosen...), j)
		}
		if len(chosen)+1 >= limit {
			return
		}
		for i := start; i < len(cands); i++ {
			if sum+cands[i].cost >= best {
				break // sorted by cost: every later candidate costs more
			}
			chosen = append(chosen, i)
			search(i+1, acc^cands[i].syn, sum+cands[i].cost)
			chosen = chosen[:len(chosen)-1]
		}
	}
	search(0, 0, 0)
	if bestSet == nil {
		return nil, fmt.Errorf("%w: no set of at most %d doubtful cells makes it solvable", ErrUnsolvable, maxFlips)
	}
	cells := make([][2]int, len(bestSet))
	for i, j := range bestSet {
		cells[i] = cands[j].cell
	}
	sort.Slice(cells, func(i, j int) bool {
		return cells[i][0] < cells[j][0] || cells[i][0] == cells[j][0] && cells[i][1] < cells[j][1]
	})
	return cells, nil
}
