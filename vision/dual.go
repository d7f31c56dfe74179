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
// points, corners included: the grid of small's corners (small shifted
// half a cell back each way, one line more each way) lies on large's
// cell centres (centresOn) and has as many cells, either grid running
// either way.
func dualOf(small, large lattice) bool {
	if (small.rows+1)*(small.cols+1) != large.rows*large.cols {
		return false
	}
	corners := lattice{rows: small.rows + 1, cols: small.cols + 1,
		h: mul3(small.h, [9]float64{1, 0, -0.5, 0, 1, -0.5, 0, 0, 1})}
	return centresOn(corners, large)
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
