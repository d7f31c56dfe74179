package vision

// Round buttons on a flat case, or square ones with gaps between them,
// make two grids of the same pitch that both stand out: the buttons'
// own, and the grid of the gaps between every four buttons, one line
// fewer each way, whose corners are the buttons. The finder and the pick
// can take either (cosets proposes the other). On the tuning sets
// (b116200 to b117400, t460000, t470000, u49, u50, a22: 2,160 photos)
// the pick was the smaller of such a pair 7 times, and the smaller was
// the board once; where the pick was the larger (104 times) it was
// always the board. Measures of the cells that were tried could not
// tell the two apart: where a cell's pure colours lie (centre or
// corners) says how large the buttons are, not which grid is theirs.

// dualOf reports whether large's cell centres are small's lattice
// points, corners included: the grid of small's corners, one line more
// each way, either grid running either way.
func dualOf(small, large lattice) bool {
	if (small.rows+1)*(small.cols+1) != large.rows*large.cols {
		return false
	}
	ir, ok := invertH(large.h)
	if !ok {
		return false
	}
	for i := 0; i <= small.rows; i++ {
		for j := 0; j <= small.cols; j++ {
			x, y := applyH(&small.h, float64(j), float64(i))
			u, v := applyH(&ir, x, y)
			if u < 0 || v < 0 || u > float64(large.cols) || v > float64(large.rows) || !nearCentre(u, v) {
				return false
			}
		}
	}
	return true
}

// dualRival returns the index of the first hypothesis of ls (among the
// first maxHypotheses) that is the dual of the pick ls[best] (dualOf),
// one line larger each way: the pick is most likely the gaps between
// its buttons. -1 when none.
func dualRival(ls []lattice, best int) int {
	for k := range ls[:min(len(ls), maxHypotheses)] {
		if k != best && dualOf(ls[best], ls[k]) {
			return k
		}
	}
	return -1
}
