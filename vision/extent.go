package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Geometry and thresholds of refineExtent.
const (
	// extentMargin is how many lines beyond the grid, on each side, the
	// rectified window holds: how far the grid may grow.
	extentMargin = 3
	// extentPx is the rectified cell size, in pixels; extentBins the
	// side of the cell's descriptor grid (extentPx/extentBins pixels a bin).
	extentPx   = 16
	extentBins = 8
	// extentSkip is how many bins of each cell's border its descriptor
	// leaves out. None: the gaps between buttons are part of what makes
	// a line of buttons (leaving one bin out broke 15 of 234 grids).
	extentSkip = 0
	// extentSample is how many times finer than extentPx the photo is
	// sampled before averaging down, so that large cells do not alias.
	extentSample = 2
	// minTemplateScore is the interior cells' median similarity to their
	// template under which the board's cells do not look alike enough to
	// judge its lines by: the extent is left alone.
	minTemplateScore = 0.3
	// growShare and growFloor: a line just outside the grid joins it when
	// its cells resemble the board's cells at least growShare of the
	// interior's median similarity, and at least growFloor, with edges
	// at least minEnergyShare as strong as the board's flattest cells
	// (the energyQuantile quantile of its cells' energies). Not the
	// median: on a board of flat cells edge to edge, as apps draw them,
	// an unlit cell shows faint lines only, and most cells touch a lit
	// one (tuning photo 102110, whose top row of unlit cells showed 0.12
	// of the median's edges; 5 of 1500 tuning boards gained, none lost).
	growShare = 0.6
	// clearGrow: lines that join a grid the finder vouched for at
	// clearGrow of the median similarity or more are kept though edge
	// lines leave the evidence mixed, when no other move was made and
	// no line beyond half looks like the buttons.
	clearGrow      = 0.9
	growFloor      = 0.3
	minEnergyShare = 0.3
	energyQuantile = 0.1
	// shrinkShare: an edge line of the grid leaves it when its cells
	// resemble the board's cells less than shrinkShare of the median.
	shrinkShare = 0.45
	// unsureGrow and unsureShrink bound the band of mixed evidence: an
	// outside line above unsureGrow or an edge line below unsureShrink
	// (of the median) that was not moved makes the size unsure. In a
	// dim room a line of unlit buttons beyond the lit ones shows little
	// more than bloom: 0.42 of the median on boardgen 108987, a 3×5
	// board read 3×4 with no doubt at 0.45. At 0.4 the size of 11 of
	// 1400 tuning boards read right (106200..106999, 108000..108599)
	// became unsure, and no read changed.
	unsureGrow   = 0.4
	unsureShrink = 0.75
	// minGroupCells and minBrightGap: the grid's cells get a template for
	// the bright and one for the dark cells when each group holds
	// minGroupCells cells, no more than half of them in one edge line,
	// and their median centre brightness (log) differs by minBrightGap.
	minGroupCells = 2
	minBrightGap  = 0.3
)

// extentWindow holds the descriptors of the cells of a rectified window
// around a lattice: cell (i, j) of the window is board cell
// (i-extentMargin, j-extentMargin), row i.
type extentWindow struct {
	rows, cols int         // window size in cells
	desc       [][]float64 // per cell, normalised descriptor (nil when outside the image)
	energy     []float64   // per cell, mean gradient magnitude
	bright     []float64   // per cell, mean log brightness of its centre
	chroma     []float64   // per cell, mean of its centre's log channel spread (max − min)
	// beyond is, per cell, whether a corner of it lies beyond the photo
	// (nil in windows built by hand).
	beyond []bool
	// pooled holds the window's pooled gradient (magnitude and the two
	// doubled-angle components), bw bins a row, extentBins bins a cell:
	// for describing cells off the lattice (stagger). nil in windows
	// built by hand.
	pooled [3][]float64
	bw     int
	// iw and ih are the photo's size in pixels (0 in windows built by
	// hand).
	iw, ih float64
}

// describe returns the normalised descriptor of the cell whose top-left
// bin is (bx, by) in the window's pooled grid, and its mean gradient
// magnitude; false when the cell lies beyond the pooled grid or shows no
// edges.
func (w *extentWindow) describe(bx, by int) ([]float64, float64, bool) {
	const in0, in1 = extentSkip, extentBins - extentSkip
	const side = in1 - in0
	const bin = extentPx / extentBins
	if w.pooled[0] == nil || bx < 0 || by < 0 || bx+extentBins > w.bw || (by+extentBins)*w.bw > len(w.pooled[0]) {
		return nil, 0, false
	}
	d := make([]float64, 3*side*side)
	var e float64
	for c := 0; c < 3; c++ {
		for y := in0; y < in1; y++ {
			for x := in0; x < in1; x++ {
				v := w.pooled[c][(by+y)*w.bw+bx+x]
				d[(c*side+y-in0)*side+x-in0] = v
				if c == 0 {
					e += v
				}
			}
		}
	}
	mean := e / (side * side)
	for b := 0; b < side*side; b++ {
		d[b] -= mean
	}
	var ss float64
	for _, x := range d {
		ss += x * x
	}
	if ss == 0 {
		return nil, 0, false
	}
	ss = 1 / math.Sqrt(ss)
	for b := range d {
		d[b] *= ss
	}
	return d, mean / float64(bin*bin), true
}

// refineExtent checks each line just outside the grid of l, and each
// edge line of it, for "is this a line of this board's buttons?", and
// grows or shrinks the grid one line at a time while the evidence is
// clear. The evidence does not depend on lit or unlit: each cell's
// pattern of edges (gradient magnitude and orientation of log brightness,
// pooled on a small grid) is compared with the median pattern of the
// board's cells. It returns l with the refined extent and homography,
// and how clearly the refined grid stands out (see clarity; -Inf when
// its cells could not be judged); sizeSure is cleared when the evidence
// is mixed, never set. A grid whose size the finder was sure of keeps
// its extent when the moves end in mixed evidence. It never goes beyond
// the image, below 2 or above maxCells lines.
func refineExtent(img gocv.Mat, l lattice) (lattice, float64) {
	r, c, _ := refineExtentWindow(img, l, nil, nil)
	return r, c
}

// refineHypotheses refines the finder's hypotheses (best first) with
// refineExtent and returns them in the order to try: the one among the
// first maxHypotheses with the highest pickValue (finder score weighed
// by how clearly its refined grid stands out), times pickWeight, or a
// finer rival whose buttons that one skips (finerRival), or a coarser
// rival whose cells it splits with the gaps between them (coarserRival),
// or a rival a line smaller whose line left out is unlike its buttons
// (lineRival), or the grid whose cells the pick's corners are, one line
// more each way (dualRival: the pick is the gaps between its buttons),
// goes first, its size marked unsure when it is not the finder's first;
// with no such rival, that one at half its pitch along a row or a
// column goes first when the buttons it skips show (halvedPitch). A
// rival is refined only when its score could win at the highest
// clarity. A refined hypothesis whose cells look like a keypad's keys
// is marked unsure (keypadDoubt), and so is one whose cells alternate
// as a checkerboard's squares (checkerDoubt); both lower it in the
// pick. Later hypotheses are returned as they are.
func refineHypotheses(img gocv.Mat, ls []lattice) []lattice {
	out := append([]lattice(nil), ls...)
	if len(out) == 0 {
		return out
	}
	// wins holds the window around each refined hypothesis, when
	// refining ended with one (halvedPitch reads it again).
	wins := make([]*extentWindow, len(out))
	first, c0, w0 := refineOrKeep(img, out[0])
	keypadDoubt(img, &first)
	checkerDoubt(img, &first)
	out[0], wins[0] = first, w0
	// vals holds each refined hypothesis' pickValue times pickWeight,
	// 0 for those not refined.
	vals := make([]float64, len(out))
	vals[0] = pickValue(first.score, c0) * pickWeight(first)
	best, bestV := 0, vals[0]
	for k := 1; k < len(out) && k < maxHypotheses; k++ {
		if pickValue(out[k].score, 1) <= bestV {
			// Clarity is at most 1: this one cannot win.
			continue
		}
		r, c, w := refineOrKeep(img, out[k])
		keypadDoubt(img, &r)
		checkerDoubt(img, &r)
		out[k], wins[k] = r, w
		vals[k] = pickValue(r.score, c) * pickWeight(r)
		if vals[k] > bestV {
			best, bestV = k, vals[k]
		}
	}
	if k := finerRival(img, out, vals, best); k >= 0 {
		best = k
	} else if k := coarserRival(img, out, vals, best); k >= 0 {
		best = k
	} else if k := lineRival(img, out, vals, wins, best); k >= 0 {
		best = k
	} else if k := dualRival(out, best); k >= 0 {
		best = k
	} else if f, ok := halvedPitch(img, out[best], wins[best]); ok {
		out = append(out, lattice{})
		copy(out[best+1:], out[best:])
		out[best] = f
	}
	if best > 0 {
		b := out[best]
		// Going first of grids found only by the equalised look is no
		// sign of a rival, unless the first is b with more lines: then
		// whether those lines are the board's is in question (render-
		// third 250000 photo 73, a 4×4 board's glared bottom row left
		// out, all off and sure).
		if !onlyLocalBefore(out, best) || partOf(b, out[0]) {
			b.doubt(doubtRivalFirst)
		}
		copy(out[1:best+1], out[:best])
		out[0] = b
	}
	return out
}

// refineOrKeep is refineExtentWindow, but a sparse lattice that
// refineExtent cannot judge (its unlit cells do not show, so no block of
// alike cells stands out) it returns as it is with a clarity of 0.
func refineOrKeep(img gocv.Mat, l lattice) (lattice, float64, *extentWindow) {
	r, c, w := refineExtentWindow(img, l, nil, nil)
	if l.sparse && math.IsInf(c, -1) {
		return l, 0, nil
	}
	return r, c, w
}

// partOf reports whether b's cells are some of r's, fewer than all, at
// r's pitch: each of b's cell centres lies on one of r's (centresOn) and
// b's neighbouring cells lie one of r's cells apart.
func partOf(b, r lattice) bool {
	if b.rows*b.cols >= r.rows*r.cols || !centresOn(b, r) {
		return false
	}
	ir, ok := invertH(r.h)
	if !ok {
		return false
	}
	at := func(j, i int) (float64, float64) {
		x, y := applyH(&b.h, float64(j)+0.5, float64(i)+0.5)
		return applyH(&ir, x, y)
	}
	u0, v0 := at(0, 0)
	oneApart := func(u, v float64) bool { return math.Abs(math.Hypot(u-u0, v-v0)-1) < 0.25 }
	return (b.cols == 1 || oneApart(at(1, 0))) && (b.rows == 1 || oneApart(at(0, 1)))
}

// onlyLocalBefore reports whether ls[k] is not a lattice of the
// equalised look alone and every one before it is: their scores rest on
// lifted contrast, so going first of them is no sign of a rival grid.
func onlyLocalBefore(ls []lattice, k int) bool {
	if ls[k].doubts&doubtLocal != 0 {
		return false
	}
	for _, l := range ls[:k] {
		if l.doubts&doubtLocal == 0 {
			return false
		}
	}
	return true
}

// finerRival returns the index of the refined hypothesis of ls (vals
// its pick values, 0 when not refined) whose buttons the pick ls[best]
// skips (skipsButtons), the best such rival valued at least rivalScore
// of the pick; -1 when none. A grid at twice the board's pitch, or
// along its diagonals, stands out as clearly as the board (every other
// button alike) and scores about as well. Only rivals that could have
// won outright at the highest clarity were refined: a finer rival
// whose refined grid stands out fully is not among them.
func finerRival(img gocv.Mat, ls []lattice, vals []float64, best int) int {
	return bestRival(vals, best, rivalScore, func(k int) bool { return skipsButtons(img, ls[best], ls[k]) })
}

// coarserRival returns the index of the refined hypothesis of ls (vals
// its pick values, 0 when not refined) whose cells are a part of the
// pick ls[best]'s at a coarser pitch, the pick's cells between them
// unlike its buttons (gapsBetween), the best such rival valued at least
// rivalScore of the pick; -1 when none. It is finerRival turned round:
// the pick took the gaps between the buttons for cells.
func coarserRival(img gocv.Mat, ls []lattice, vals []float64, best int) int {
	if ls[best].sparse {
		// Its unlit cells do not show: unlike its lit buttons by
		// nature, they are no gaps.
		return -1
	}
	return bestRival(vals, best, rivalScore, func(k int) bool { return gapsBetween(img, ls[k], ls[best]) })
}

// lineLikeness is the similarity, relative to the median cell's, under
// which a line just outside a refined grid is no line of its buttons
// when another hypothesis, refined from another start, takes it in
// (lineRival). Refining drops an edge line only under shrinkShare of it
// and with its own evidence; clutter a line beyond a board was at most
// 0.08 on the tuning photos where the two disagreed (boardgen 116909, a
// 6×2 membrane read 7×2). The other way round is no cue: where the pick
// was the smaller grid and a rival took in one more line, that line was
// 0.28 to 0.65 alike where it was the board's and 0.23 to 0.86 where it
// was clutter (a screen's row of menu buttons), so a larger rival is not
// preferred for its line.
const lineLikeness = 0.2

// lineRivalScore is the least pick value, relative to the pick's, of a
// hypothesis a line smaller that lineRival weighs.
const lineRivalScore = 0.2

// lineRival returns the index of the best valued refined hypothesis of
// ls (vals its pick values, 0 when not refined; wins their windows, an
// entry nil when unknown) that is the pick ls[best] less a line on one
// side or on two sides at a corner, valued at least lineRivalScore of
// the pick, when each of those lines, seen from the smaller grid, is
// under lineLikeness alike to its cells; -1 when none, or when the pick
// is sparse. Pick values rest on clarity, which a line of clutter
// taken in lowers less than an uneven line left out does.
func lineRival(img gocv.Mat, ls []lattice, vals []float64, wins []*extentWindow, best int) int {
	if ls[best].sparse {
		// Its unlit cells do not show: an edge line of them looks
		// unlike its lit buttons by nature.
		return -1
	}
	return bestRival(vals, best, lineRivalScore, func(k int) bool {
		sides := extraLines(ls[k], ls[best])
		if len(sides) == 0 {
			return false
		}
		w, tpl, med, ok := ownTemplates(img, ls[k], wins[k])
		if !ok || med <= 0 {
			return false
		}
		r0, r1, c0, c1 := ownCells(ls[k])
		for _, side := range sides {
			if sim, _, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1); !ok || sim >= lineLikeness*med {
				return false
			}
		}
		return true
	})
}

// extraLines returns the sides of small (0 top, 1 bottom, 2 left, 3
// right) on which large, at small's pitch, has one line more, when large
// is small with one line more on one side or on two sides at a corner;
// none otherwise. Either grid may run either way.
func extraLines(small, large lattice) []int {
	if !partOf(small, large) {
		return nil
	}
	ir, ok := invertH(large.h)
	if !ok {
		return nil
	}
	// in reports whether small's lattice point (u, v) lies on a cell of
	// large.
	in := func(u, v float64) bool {
		x, y := applyH(&small.h, u, v)
		p, q := applyH(&ir, x, y)
		return p >= 0 && q >= 0 && p < float64(large.cols) && q < float64(large.rows)
	}
	mu, mv := float64(small.cols)/2, float64(small.rows)/2
	r, c := float64(small.rows), float64(small.cols)
	var out []int
	rows, cols := small.rows, small.cols
	// For each side, the middle of the line just beyond it and the step
	// outwards.
	for side, d := range [4]struct{ u, v, du, dv float64 }{{mu, -0.5, 0, -1}, {mu, r + 0.5, 0, 1}, {-0.5, mv, -1, 0}, {c + 0.5, mv, 1, 0}} {
		if !in(d.u, d.v) {
			continue
		}
		if in(d.u+d.du, d.v+d.dv) {
			// Two lines more, not one.
			return nil
		}
		out = append(out, side)
		if side < 2 {
			rows++
		} else {
			cols++
		}
	}
	if rows*cols != large.rows*large.cols || len(out) > 2 || len(out) == 2 && out[0] < 2 == (out[1] < 2) {
		return nil
	}
	return out
}

// bestRival returns the index k other than best of the highest of vals
// (0 for a hypothesis not refined) that is at least share of vals[best]
// and for which rival(k) holds; -1 when none.
func bestRival(vals []float64, best int, share float64, rival func(k int) bool) int {
	out, outV := -1, share*vals[best]
	for k, v := range vals {
		if k != best && v > 0 && v >= outV && rival(k) {
			out, outV = k, v
		}
	}
	return out
}

// halvedPitch returns l's grid at half its pitch along a row (or a
// column), its extent refined and its size unsure, when the grid shifted
// by half a cell that way looks like l's buttons (halfStepLikeness at
// least halveLikeness): the finder takes a board whose every other
// column of buttons it missed (dim unlit ones between lit ones) at twice
// its pitch, and finerRival has no finer grid to offer. Flat cells edge
// to edge look so too when their lights run in whole columns (or all
// are off); the lines on l's own boundaries (boundaryLines) keep those.
// own is l's window (newExtentWindow) when the caller has it, else nil.
func halvedPitch(img gocv.Mat, l lattice, own *extentWindow) (lattice, bool) {
	var tpl [][]float64
	var med float64
	for _, alongRow := range []bool{true, false} {
		f := l
		a := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
		if alongRow {
			f.cols = 2*l.cols - 1
			a[0], a[2] = 0.5, 0.25
		} else {
			f.rows = 2*l.rows - 1
			a[4], a[5] = 0.5, 0.25
		}
		if f.rows < 3 || f.cols < 3 || f.rows > maxCells || f.cols > maxCells {
			continue
		}
		if tpl == nil {
			var ok bool
			if own, tpl, med, ok = ownTemplates(img, l, own); !ok {
				return lattice{}, false
			}
		}
		if halfStepLikeness(own, l, tpl, med, alongRow) >= halveLikeness && !boundaryLines(img, l, alongRow) {
			f.h = mul3(l.h, a)
			r, _ := refineExtent(img, f)
			r.doubt(doubtRivalFirst)
			return r, true
		}
	}
	return lattice{}, false
}

// halveLikeness is the least halfStepLikeness of a grid at twice the
// board's pitch. Over 1500 renders (99000..99799, 102000..102699) the
// two such grids score 0.89 and 0.96, right grids at most 0.83 (a board
// of flat cells without gaps, where the shifted cells straddle two).
const halveLikeness = 0.87

// halfStepLikeness compares l's grid shifted by half a cell along a row
// (or a column) with l's own buttons: the median likeness of the shifted
// cells to l's template tpl over med, that of l's own cells (both as
// templates gives them), read in w, l's own window. Shifted cells
// centre on the gaps between buttons, unless the grid skips a button
// there; 0 when the cells cannot be judged.
func halfStepLikeness(w *extentWindow, l lattice, tpl [][]float64, med float64, alongRow bool) float64 {
	if !(med > 0) {
		return 0
	}
	// The shifted grid's cells lie in l's own window, half a cell (an
	// even number of pixels, whole bins) along: their descriptors are
	// read there.
	rows, cols, bx, by := l.rows, l.cols, 0, 0
	var du, dv float64
	if alongRow {
		cols, bx, du = cols-1, extentBins/2, 0.5
	} else {
		rows, by, dv = rows-1, extentBins/2, 0.5
	}
	var v []float64
	for i := extentMargin; i < extentMargin+rows; i++ {
		for j := extentMargin; j < extentMargin+cols; j++ {
			u0, v0 := float64(j-extentMargin)+du, float64(i-extentMargin)+dv
			if !cellInPhoto(&l.h, u0, v0, w.iw, w.ih) {
				continue
			}
			if d, _, ok := w.describe(j*extentBins+bx, i*extentBins+by); ok {
				v = append(v, similarity(d, tpl))
			}
		}
	}
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return sortedQuantile(v, 0.5) / med
}

// skipsButtons reports whether b's cells are a part of r's cells at a
// coarser pitch (splitBetween) and r's cells between b's look like r's
// buttons: their median likeness to r's template at least shrinkShare
// of that of the cells b shares, the share under which an edge line
// leaves a grid. Buttons are spaced evenly: the cells b skips are
// buttons when they look like them.
func skipsButtons(img gocv.Mat, b, r lattice) bool {
	s, ok := splitBetween(img, b, r)
	return ok && s.between.like >= shrinkShare*s.shared.like
}

// bareGapShare is the most likeness to r's buttons, as a share of that
// of the cells b shares, that r's cells between b's may show for
// gapsBetween. Bare gaps show little (t2 99576, wood between buttons:
// 0.07; TestGapsBetween's flat case: 0.21); the unlit cells of small
// boards between a coarse grid's show more (render-unseen 7 photo 9,
// pink dots on white: 0.29; f1 102037, pixel art: 0.42). Four photos
// set it: it is a guess between them.
const bareGapShare = 0.25

// gapsBetween reports whether b's cells are a part of r's cells at a
// coarser pitch (splitBetween) and r's cells between b's are gaps: they
// look little like r's buttons (bareGapShare), or they are as bright as
// the case around r's grid and unlike every cell b shares (caseLike).
// A grid at half the board's pitch across one way takes the gaps
// between the buttons for cells (labels printed there, or texture, make
// blobs on its lattice), and b is the board.
func gapsBetween(img gocv.Mat, b, r lattice) bool {
	s, ok := splitBetween(img, b, r)
	return ok && (s.between.like < bareGapShare*s.shared.like || s.caseLike())
}

// betweenSplit measures the cells of a finer grid r that a coarser grid
// b shares and those between b's (splitBetween): the median likeness of
// each to r's template and their centres' brightness, sorted; and the
// median brightness of the lines just outside r's grid (NaN when they
// lie beyond the photo).
type betweenSplit struct {
	shared, between struct {
		like   float64
		bright []float64
	}
	around float64
}

// caseLike reports whether the cells between are the case or screen
// the buttons sit on, judged by brightness alone: their median lies
// minBrightGap or more beyond every shared cell's, and no further from
// the brightness around the grid than from the nearest shared cell.
// Likeness compares edges only: the sides of two buttons make the gap
// between them look like a button (boardgen 108226, a 2×2 membrane
// keypad read 2×3: 0.94 of the shared cells' likeness).
func (s *betweenSplit) caseLike() bool {
	sh := s.shared.bright
	lo, hi := sh[0], sh[len(sh)-1]
	bt := sortedQuantile(s.between.bright, 0.5)
	near := math.Min(math.Abs(bt-lo), math.Abs(bt-hi))
	return (bt < lo-minBrightGap || bt > hi+minBrightGap) && math.Abs(bt-s.around) <= near // false when around is NaN
}

// splitBetween measures r's cells between b's cells and those b shares
// (betweenSplit), when each of b's cell centres lies on a cell centre of
// r and r has at least half as many cells again as b over b's area;
// false otherwise, or when r's cells cannot be judged.
func splitBetween(img gocv.Mat, b, r lattice) (*betweenSplit, bool) {
	ib, ok := invertH(b.h)
	if !ok || !centresOn(b, r) {
		return nil, false
	}
	w, tpl, _, ok := ownTemplates(img, r, nil)
	if !ok {
		return nil, false
	}
	r0, r1, c0, c1 := ownCells(r)
	var sh, bt, shB, btB []float64
	for i := 0; i < r.rows; i++ {
		for j := 0; j < r.cols; j++ {
			x, y := applyH(&r.h, float64(j)+0.5, float64(i)+0.5)
			u, v := applyH(&ib, x, y)
			k := (i+r0)*w.cols + j + c0
			if u <= 0 || v <= 0 || u >= float64(b.cols) || v >= float64(b.rows) || w.desc[k] == nil {
				continue
			}
			if nearCentre(u, v) {
				sh, shB = append(sh, similarity(w.desc[k], tpl)), append(shB, w.bright[k])
			} else {
				bt, btB = append(bt, similarity(w.desc[k], tpl)), append(btB, w.bright[k])
			}
		}
	}
	if len(sh) == 0 || len(bt) == 0 || 2*len(sh)+2*len(bt) < 3*b.rows*b.cols {
		return nil, false
	}
	var around []float64
	for side := 0; side < 4; side++ {
		around = append(around, w.cellValues(w.bright, w.lineCells(side, true, r0, r1, c0, c1))...)
	}
	for _, xs := range [][]float64{sh, bt, shB, btB, around} {
		sort.Float64s(xs)
	}
	s := &betweenSplit{around: math.NaN()}
	if len(around) > 0 {
		s.around = sortedQuantile(around, 0.5)
	}
	s.shared.like, s.shared.bright = sortedQuantile(sh, 0.5), shB
	s.between.like, s.between.bright = sortedQuantile(bt, 0.5), btB
	return s, true
}

// centresOn reports whether each of b's cell centres lies on a cell
// centre of r, within a quarter of r's cell each way.
func centresOn(b, r lattice) bool {
	ir, ok := invertH(r.h)
	if !ok {
		return false
	}
	for i := 0; i < b.rows; i++ {
		for j := 0; j < b.cols; j++ {
			x, y := applyH(&b.h, float64(j)+0.5, float64(i)+0.5)
			u, v := applyH(&ir, x, y)
			if u < 0 || v < 0 || u > float64(r.cols) || v > float64(r.rows) || !nearCentre(u, v) {
				return false
			}
		}
	}
	return true
}

// nearCentre reports whether the point (u, v), in cells, lies within a
// quarter of a cell each way of a cell centre.
func nearCentre(u, v float64) bool {
	return offCentre(u) < 0.25 && offCentre(v) < 0.25
}

// offCentre is how far lattice coordinate x lies from the middle of its
// cell, in cells (0 to 0.5).
func offCentre(x float64) float64 { return math.Abs(x - math.Floor(x) - 0.5) }

// onCentre reports whether lattice point (u, v) lies within 0.2 cells of
// its cell's middle on both axes: a blob on a grid's button.
func onCentre(u, v float64) bool { return offCentre(u) <= 0.2 && offCentre(v) <= 0.2 }

// clarityWeight is how much a hypothesis' clarity counts against the
// finder's score in pickValue: a grid clearer by 0.25 outweighs a score
// twice as high. Tuned on sets a, b and e with clarity weighing the
// cells' likeness cubed (the first three hypotheses of 743 photos: 667
// right against 662 with a weight of 2 and likeness not cubed, none
// lost).
const clarityWeight = 3

// pickValue ranks a refined hypothesis by its finder score and its
// clarity (-Inf counts as -1: cells too unlike to judge).
func pickValue(score, clarity float64) float64 {
	return math.Max(score, 0) * math.Exp(clarityWeight*math.Max(clarity, -1))
}

// largeWeight is the factor by which a refined grid with a side over 10
// lines counts in the pick: Lights Out boards have at most 10 a side
// (sizeDoubts), while keyboards, LED matrices and tiles run to the
// finder's limit. Tuned on tb (the first maxHypotheses hypotheses of
// 1998 photos: 1805 picked right against 1800 with none, none lost;
// 0.3 keeps a 12×11 keyboard over a 3×4 board).
const largeWeight = 0.2

// openWeight is the factor by which a refined grid that runs to the
// photo's edge, the line beyond unseen (doubtExtentOpen), counts in the
// pick: a board lies whole in the photo, while tiles, a keyboard or a
// fabric run on past its edge. On the tuning sets 92000.. and 94000..
// one of 864 right grids among the finder's first hypotheses ran so,
// against 225 of 1855 wrong ones; 0.1 to 0.5 picked the same boards.
const openWeight = 0.2

// pickWeight is what a refined grid's pickValue is multiplied by:
// sizeWeight, openWeight for a grid that runs to the photo's edge,
// keypadWeight for one whose cells show keypadLike glyphs, staggerWeight
// for one whose rows are out of step, and checkerWeight for one whose
// cells alternate as a checkerboard's squares (checkerLike).
func pickWeight(l lattice) float64 {
	w := sizeWeight(l)
	if l.doubts&doubtExtentOpen != 0 {
		w *= openWeight
	}
	if l.doubts&doubtKeypad != 0 {
		w *= keypadWeight
	}
	if l.doubts&doubtStaggered != 0 {
		w *= staggerWeight
	}
	if l.doubts&doubtChecker != 0 {
		w *= checkerWeight
	}
	return w
}

// staggerWeight is the factor by which a refined grid whose rows are
// out of step with each other (outOfStep) counts in the pick: a
// keyboard's keys, not a board's buttons.
const staggerWeight = 0.2

// largeWeakWeight is the further factor by which a grid with a side
// over 10 counts when the finder's score is weak for its cells
// (doubtWeak): a keyboard or tiles of small, faint blobs beside a small
// board. On 2,600 tuning photos it gave two boards their size back
// (110260, a 3×3 handheld read as 12×2 of floor tiles, now read right;
// 108295, a 2×9 keypad read 2×12, two cells still wrong) and took it
// from none.
const largeWeakWeight = 0.3

// sizeWeight is largeWeight for a grid with a side over 10, times
// largeWeakWeight when its score is weak, else 1.
func sizeWeight(l lattice) float64 {
	if max(l.rows, l.cols) <= 10 {
		return 1
	}
	if l.doubts&doubtWeak != 0 {
		return largeWeight * largeWeakWeight
	}
	return largeWeight
}

// refineExtentWindow is refineExtent, telling logf (when not nil) the
// scores of each step and handing dump (when not nil) the rectified
// window, and also returning the window around the refined grid (as
// newExtentWindow builds it) when its last window is that one, else nil.
func refineExtentWindow(img gocv.Mat, l lattice, logf func(string, ...any), dump func(gocv.Mat)) (lattice, float64, *extentWindow) {
	w, ok := newExtentWindow(img, l, dump)
	if !ok {
		return l, math.Inf(-1), nil
	}
	first := w // the window around l, kept should l's extent be restored
	// The grid within the window: board cells [r0, r1) × [c0, c1).
	r0, r1, c0, c1 := ownCells(l)
	// cur is the lattice the window was built around, (du, dv) where
	// its cell (0, 0) lies in l's cells; seen holds extents in l's
	// cells.
	cur, du, dv := l, 0, 0
	wl := l // the lattice w was built around
	key := func(r0, r1, c0, c1 int) [4]int {
		return [4]int{r0 - extentMargin + dv, r1 - extentMargin + dv, c0 - extentMargin + du, c1 - extentMargin + du}
	}
	seen := map[[4]int]bool{key(r0, r1, c0, c1): true}
	// unsure is the last step's mixed evidence; looped that some step
	// would have gone back to an extent already held.
	// refit that the lattice is to be fitted to the grid's cells before
	// a line is dropped.
	// cut that a line beyond the photo was dropped: the pattern the
	// grid was found on runs to the photo's edge.
	unsure, looped, grew, refit, cut := false, false, false, false, false
	// clearGrows is that some move took in a line that looked like the
	// board's buttons nearly as much as they look alike; otherMoves that
	// the extent changed in any other way, the lattice was fitted again
	// before a line was dropped, or the grown grid could not be judged
	// (its window or its template failed).
	clearGrows, otherMoves := false, false
	// unsureBeyond is that some of the last step's mixed evidence is a
	// line beyond the grid that half looks like its buttons: the pattern
	// may go on, as a frame's does.
	unsureBeyond := false
	for step := 0; step < 4*extentMargin+2*maxCells+1; step++ {
		if grew || refit || r0 == 0 || c0 == 0 || r1 == w.rows || c1 == w.cols {
			// The grid has grown, or grown to the window's edge, where
			// the line beyond cannot be judged: build the window again
			// around it, its lattice fitted to the grid's cells.
			if grew || refit {
				if tpl, med := w.templates(r0, r1, c0, c1); tpl != nil && med >= minTemplateScore {
					if h, ok := w.register(cur.h, tpl, med, r0, r1, c0, c1); ok {
						cur.h = h
					}
				}
			}
			grew, refit = false, false
			next := shiftLattice(cur, c0-extentMargin, r0-extentMargin, r1-r0, c1-c0)
			nw, ok := newExtentWindow(img, next, nil)
			if !ok {
				unsure, otherMoves = true, true
				break
			}
			du, dv = du+c0-extentMargin, dv+r0-extentMargin
			cur, w, wl = next, nw, next
			r0, r1, c0, c1 = ownCells(next)
		}
		tpl, med := w.templates(r0, r1, c0, c1)
		if tpl == nil || med < minTemplateScore {
			if step == 0 {
				return l, math.Inf(-1), nil
			}
			unsure, otherMoves = true, true
			break
		}
		eLow := w.lowEnergy(r0, r1, c0, c1)
		if logf != nil && step == 0 {
			for i := 0; i < w.rows; i++ {
				line := ""
				for j := 0; j < w.cols; j++ {
					sc := math.NaN()
					if w.desc[i*w.cols+j] != nil {
						sc = similarity(w.desc[i*w.cols+j], tpl)
					}
					line += fmt.Sprintf(" %5.2f/%4.2f/%4.2f", sc, w.energy[i*w.cols+j], w.bright[i*w.cols+j])
				}
				logf("%s", line)
			}
		}
		if logf != nil {
			lo, hi := w.brightRange(r0, r1, c0, c1)
			logf("step %d: grid rows %d..%d cols %d..%d, template median %.2f, low energy %.3f, %d templates, bright %.2f..%.2f", step, r0, r1, c0, c1, med, eLow, len(tpl), lo, hi)
			for side := 0; side < 4; side++ {
				so, eo, oko := w.lineScore(tpl, side, true, r0, r1, c0, c1)
				si, ei, oki := w.lineScore(tpl, side, false, r0, r1, c0, c1)
				logf("  side %d: outside %.2f (%.2f of median) energy %.2f ok %v far half %.2f bright %.2f; edge %.2f (%.2f) energy %.2f ok %v", side, so, so/med, eo/eLow, oko,
					w.farHalfShare(tpl, side, r0, r1, c0, c1), w.outsideBright(side, r0, r1, c0, c1), si, si/med, ei/eLow, oki)
			}
		}
		type move struct {
			side  int // 0 top, 1 bottom, 2 left, 3 right
			grow  bool
			score float64
		}
		var grows, shrinks []move
		unsure, unsureBeyond = false, false
		lo, hi := w.brightRange(r0, r1, c0, c1)
		for side := 0; side < 4; side++ {
			// Outside line.
			if s, e, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1); ok {
				rows, cols := r1-r0, c1-c0
				room := (side < 2 && rows < maxCells) || (side >= 2 && cols < maxCells)
				// On a board whose cells show both looks, lit and
				// unlit (a template for each), a line of its buttons
				// looks like one of them: a line far darker or brighter
				// than all of them is the case's frame or the
				// background. Cells of one look spread in brightness by
				// a shadow tell nothing of how bright a lit line is
				// (102274: a column of lit buttons beside a 3×2 grid of
				// unlit ones, 0.32 apart, left out as foreign). A line
				// as like the grid's cells as clearGrow of their median
				// is its buttons in the shade, not a frame (114740: a
				// 3×3 board's darker bottom row at 0.96 of it).
				ob := w.outsideBright(side, r0, r1, c0, c1)
				foreign := len(tpl) > 1 && hi-lo >= minBrightGap && (ob < lo-outsideBrightSlack || ob > hi+outsideBrightSlack || w.neitherLook(side, r0, r1, c0, c1, lo, hi, ob)) && s < clearGrow*med
				switch {
				case foreign:
				case room && s >= growShare*med && s >= growFloor && e >= minEnergyShare*eLow && w.farHalfAlike(tpl, side, r0, r1, c0, c1):
					grows = append(grows, move{side, true, s / med})
				case s >= unsureGrow*med && e >= minEnergyShare*eLow:
					unsure, unsureBeyond = true, true
				}
			}
			// Edge line.
			if w.edgeBeyond(side, r0, r1, c0, c1) && ((side < 2 && r1-r0 > 2) || (side >= 2 && c1-c0 > 2)) {
				// A board lies whole in the photo: a line of the grid
				// mostly beyond it is no line of the board (its lights
				// could not be read), whatever the line inside shows.
				shrinks = append(shrinks, move{side, false, math.Inf(-1)})
				cut = true
			} else if s, _, ok := w.lineScore(tpl, side, false, r0, r1, c0, c1); ok {
				rows, cols := r1-r0, c1-c0
				room := (side < 2 && rows > 2) || (side >= 2 && cols > 2)
				// A line leaves the grid only when what an occluder
				// cannot explain is unlike the buttons too (unoccluded);
				// a line that looks unlike them only where something
				// covers it is mixed evidence.
				keep, ok := w.unoccludedScore(tpl, side, r0, r1, c0, c1)
				if !ok {
					keep = s
				}
				// A line brighter than the rest of the grid holds lit
				// buttons that look unlike the others (glare, a shadow's
				// edge), more often than a strip of case: keep it, when
				// it still shows something of the buttons' pattern (a
				// bright strip of background shows none).
				lit := w.lineBright(side, r0, r1, c0, c1) >= w.restBright(side, r0, r1, c0, c1)+minBrightGap && s >= litLineFloor*med
				switch {
				case room && keep < shrinkShare*med && !lit:
					shrinks = append(shrinks, move{side, false, keep / med})
				case s < unsureShrink*med:
					unsure = true
				}
			} else if s, ok := w.hiddenEdge(tpl, med, side, r0, r1, c0, c1); ok {
				// The photo does not show the edge line, and the line
				// inside it is no line of buttons either: the grid ran
				// past the board.
				shrinks = append(shrinks, move{side, false, s / med})
				unsure = true
			}
		}
		sort.Slice(grows, func(a, b int) bool { return grows[a].score > grows[b].score })
		sort.Slice(shrinks, func(a, b int) bool { return shrinks[a].score < shrinks[b].score })
		// Lines leave before lines join, unless a line beyond is
		// clearer about joining (its margin over growShare) than any
		// edge line is about leaving (its margin under shrinkShare): a
		// short edge line half under a pointer looks unlike the buttons
		// until the line the grid misses across it lengthens it
		// (92339: a 2×7 grid of a 3×7 board lost its column under the
		// pointer before it took in the row above).
		moves := append(shrinks, grows...)
		if len(grows) > 0 && len(shrinks) > 0 && grows[0].score-growShare > shrinkShare-shrinks[0].score {
			moves = append(grows[:1:1], moves...)
		}
		moved := false
		for _, m := range moves {
			if !m.grow && step == 0 && len(shrinks) == 1 {
				// A lattice fitted to a few buttons drifts off the far
				// ones, which then look unlike the rest: fit it to all
				// the grid's cells and judge again. (Lines to drop on
				// two sides are a grid over more than the board.)
				moved, refit, otherMoves = true, true, true
				break
			}
			nr0, nr1, nc0, nc1 := r0, r1, c0, c1
			d := 1
			if m.grow {
				d = -1
			}
			switch m.side {
			case 0:
				nr0 += d
			case 1:
				nr1 -= d
			case 2:
				nc0 += d
			case 3:
				nc1 -= d
			}
			k := key(nr0, nr1, nc0, nc1)
			if seen[k] {
				// Back to an extent already held: the evidence goes
				// both ways.
				looped = true
				continue
			}
			seen[k] = true
			r0, r1, c0, c1 = nr0, nr1, nc0, nc1
			moved, grew = true, m.grow
			if m.grow && m.score >= clearGrow {
				clearGrows = true
			} else {
				otherMoves = true
			}
			break
		}
		if !moved {
			break
		}
	}
	if b0, b1, b2, b3, ok := w.clearerBlock(r0, r1, c0, c1); ok {
		r0, r1, c0, c1 = b0, b1, b2, b3
		unsure, otherMoves = true, true
	}
	if l.sizeSure && (unsure && (!clearGrows || otherMoves || unsureBeyond) || looped) && key(r0, r1, c0, c1) != [4]int{0, l.rows, 0, l.cols} {
		// The finder vouched for its extent (every outer line full of
		// blobs, none beyond, nothing foreign, a clear score); moves
		// made on evidence that goes both ways do not outweigh that.
		// Lines taken in that look like the buttons as much as they
		// look alike do, when nothing beyond half looks so too:
		// buttons in a shadow make no blobs.
		w, cur, wl = first, l, l
		r0, r1, c0, c1 = ownCells(l)
	}
	out := shiftLattice(cur, c0-extentMargin, r0-extentMargin, r1-r0, c1-c0)
	if unsure {
		out.doubt(doubtExtentMixed)
	}
	if looped {
		out.doubt(doubtExtentLooped)
	}
	if runsToEdge(cut, w.bounded(r0, r1, c0, c1), hasRoom(&out, img.Cols(), img.Rows(), minRoom)) {
		out.doubt(doubtExtentOpen)
	}
	// A grid grown or shrunk is judged again by its new size.
	out.doubt(sizeDoubts(&out))
	clarity, staggered := w.clarity(r0, r1, c0, c1)
	if staggered {
		// The pattern goes on beyond the grid out of step, as a
		// keyboard's rows do beyond two of them.
		out.doubt(doubtContinues)
	}
	if w.outOfStep(r0, r1, c0, c1) {
		out.doubt(doubtStaggered)
	}
	tpl, med := w.templates(r0, r1, c0, c1)
	if w.alikeBeyond(tpl, med, r0, r1, c0, c1) {
		// Part of a line just outside looks like the grid's cells: the
		// board may go on under something that hides the rest of that
		// line (a title over its first row, a hand).
		out.doubt(doubtAlikeBeyond)
	}
	if w.block(tpl, med, r0, r1, c0, c1) {
		// The photo shows a block of alike buttons with something else
		// all round it: the size a person would read, whatever the
		// blobs said (blockAnswers).
		out.vouch(blockAnswers)
		out.block = true
	}
	if out.rows == wl.rows && out.cols == wl.cols && out.h == wl.h {
		return out, clarity, w
	}
	return out, clarity, nil
}

// runsToEdge reports whether a refined grid runs to the photo's edge
// (doubtExtentOpen): it was cut back from beyond the photo (cut) or a
// line just outside it cannot be seen (not bounded), and the photo
// shows no room of minRoom pitches beyond every side. A grid cut back
// and then shrunk further, with room all round, no longer runs to the
// edge: what lies between it and the edge was judged unlike its cells
// (96454: a 5×6 lattice over a 3×4 board and the floor beyond the
// photo's edge, cut back to the board, weighed as a pattern running off
// the photo and lost to a 3×2 part of the board).
func runsToEdge(cut, bounded, room bool) bool {
	return (cut || !bounded) && !room
}

// maxPeel is how many lines clearerBlock takes off each side of a
// grid; peelMargin how much clearer than the grid the block within it
// must stand out.
const (
	maxPeel    = 2
	peelMargin = 0.3
)

// clearerBlock looks within the grid [r0, r1) × [c0, c1) for a block of
// at least two lines each way, up to maxPeel lines in from each side,
// that stands out (clarity) by peelMargin more than the grid does, and
// returns the clearest. Lines one at a time cannot find it when most
// of the grid is not the board: the cells' template is then mostly
// case or background, and the board's own edge line looks no more like
// it than the lines beyond (92026: a 4×4 board in a 6×4 grid over its
// case and the floor tiles). A block within a board does not stand out:
// the line beyond it is a line of buttons.
func (w *extentWindow) clearerBlock(r0, r1, c0, c1 int) (int, int, int, int, bool) {
	// Only a grid that hardly stands out (under peelMargin) is looked
	// into: a grid over a board and more stands out little, its edge
	// lines unlike the template of mostly case or background. That
	// keeps the search (some 80 blocks) off most grids.
	base, _ := w.clarity(r0, r1, c0, c1)
	if math.IsInf(base, -1) || base >= peelMargin {
		return r0, r1, c0, c1, false
	}
	best, found := base+peelMargin, false
	b := [4]int{r0, r1, c0, c1}
	for t := 0; t <= maxPeel; t++ {
		for bo := 0; bo <= maxPeel; bo++ {
			for l := 0; l <= maxPeel; l++ {
				for ri := 0; ri <= maxPeel; ri++ {
					n0, n1, m0, m1 := r0+t, r1-bo, c0+l, c1-ri
					if t+bo+l+ri == 0 || n1-n0 < 2 || m1-m0 < 2 {
						continue
					}
					// Without the stagger, which only lowers clarity:
					// the best block is judged with it below.
					if c, _ := w.clarityOf(n0, n1, m0, m1, false); c > best && w.peeledUnlike(r0, r1, c0, c1, n0, n1, m0, m1) {
						best, found, b = c, true, [4]int{n0, n1, m0, m1}
					}
				}
			}
		}
	}
	if found {
		c, _ := w.clarity(b[0], b[1], b[2], b[3])
		found = c >= base+peelMargin
	}
	return b[0], b[1], b[2], b[3], found
}

// peeledUnlike reports whether every line of the grid [r0, r1) ×
// [c0, c1) outside the block [n0, n1) × [m0, m1) within it, over the
// grid's span, looks unlike the block's cells: none of its cells
// resembles their template as much as growShare of their median, as
// any cell that would join a grid must. The corners where two such
// lines meet count: in a dim room a board's last row and column may
// show nothing but one lit button where they cross.
func (w *extentWindow) peeledUnlike(r0, r1, c0, c1, n0, n1, m0, m1 int) bool {
	tpl, med := w.templates(n0, n1, m0, m1)
	if tpl == nil {
		return false
	}
	unlike := func(cells [][2]int) bool {
		var sc []float64
		for _, c := range cells {
			if d := w.desc[c[0]*w.cols+c[1]]; d != nil {
				sc = append(sc, similarity(d, tpl))
			}
		}
		if len(sc) == 0 {
			return true
		}
		sort.Float64s(sc)
		// No cell of it looks like a button: a line of case or
		// background has none, while a line of the board holds some
		// even where most of it is dim or covered.
		return sc[len(sc)-1] < growShare*med
	}
	// peeled reports whether the lines [a0, a1) outside [s0, s1), each
	// over [o0, o1) across (cell(line, k)), are all unlike the block.
	peeled := func(a0, a1, s0, s1, o0, o1 int, cell func(line, k int) [2]int) bool {
		for i := a0; i < a1; i++ {
			if i >= s0 && i < s1 {
				continue
			}
			var cells [][2]int
			for k := o0; k < o1; k++ {
				cells = append(cells, cell(i, k))
			}
			if !unlike(cells) {
				return false
			}
		}
		return true
	}
	return peeled(r0, r1, n0, n1, c0, c1, func(i, j int) [2]int { return [2]int{i, j} }) &&
		peeled(c0, c1, m0, m1, r0, r1, func(j, i int) [2]int { return [2]int{i, j} })
}

// The block test: a grid stands out as a whole board when its cells
// resemble their template at least blockAlike (median), every edge line
// at least blockEdge of that median, every line just outside it less
// than blockOutside of it, and it has at least blockLines lines each
// way (two lines of a pattern, such as keys or text, are too easily a
// block of their own). Tuned on sets a and b: right grids doubted only
// as weak had medians 0.85..1.0, edges 0.9..1.0 and outside lines
// under 0.3; the wrong grids doubted only as weak failed it (a 2×8
// keyboard, a pixel-art grid a line short with an edge at 0.78).
const (
	blockAlike   = 0.85
	blockEdge    = 0.85
	blockOutside = 0.3
	blockLines   = 3
)

// blockAnswers are the reasons for doubt that the block test answers:
// guesses from the blobs alone at what the photo shows around the grid
// (faint or few blobs for the cells, an outer line with few blobs, blobs
// on a line beyond, outer blobs of another colour), which the window
// sees directly. A close rival, a size over 10 or a second look are
// about which object is the board, and stand.
const blockAnswers = doubtWeak | doubtSparseEdge | doubtBeyond | doubtForeignEdge

// block reports whether the grid [r0, r1) × [c0, c1) of the window,
// whose templates are tpl and med, passes the block test, with every
// line around it inside the window and the photo.
func (w *extentWindow) block(tpl [][]float64, med float64, r0, r1, c0, c1 int) bool {
	if r1-r0 < blockLines || c1-c0 < blockLines {
		return false
	}
	if tpl == nil || med < blockAlike || !w.groupsAlike(tpl, r0, r1, c0, c1) {
		return false
	}
	for side := 0; side < 4; side++ {
		e, _, ok := w.lineScore(tpl, side, false, r0, r1, c0, c1)
		if !ok || e < blockEdge*med {
			return false
		}
		o, _, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1)
		if !ok || o >= blockOutside*med {
			return false
		}
	}
	return true
}

// The alike-beyond test: a line just outside the grid in which at least
// beyondAlikeCells cells, and a third of those the photo shows, resemble
// the grid's template at beyondAlikeShare of the median of the grid's
// cells or more. A case or a screen around a board looks nothing like
// its buttons (the block test's lines just outside lie under 0.3 of
// the median), so a few cells that do are more buttons (render-unseen
// seed 42 photo 83: an 8×8 board of pale cells read 7×8, sure of its
// size, its first row under a title: three of that row's eight cells at
// 0.32 to 0.44 against the grid's median of 0.63, every other side's
// cells under 0.22).
const (
	beyondAlikeCells = 3
	beyondAlikeShare = 0.5
)

// alikeBeyond reports whether a line just outside the grid [r0, r1) ×
// [c0, c1) of the window, whose templates are tpl and med, passes the
// alike-beyond test.
func (w *extentWindow) alikeBeyond(tpl [][]float64, med float64, r0, r1, c0, c1 int) bool {
	if tpl == nil {
		return false
	}
	for side := 0; side < 4; side++ {
		sc, _, _, ok := w.lineSims(tpl, side, true, r0, r1, c0, c1)
		if !ok {
			continue
		}
		k := len(sc) - sort.SearchFloat64s(sc, beyondAlikeShare*med)
		if k >= beyondAlikeCells && 3*k >= len(sc) {
			return true
		}
	}
	return false
}

// groupsAlike reports whether the grid's cells nearest each template
// resemble it at least blockAlike (median): a line just outside that
// looks unlike dim, blurred unlit buttons may be more of them, not the
// case (e/64134: unlit cells at 0.80, three rows of them below the grid
// at 0.16).
func (w *extentWindow) groupsAlike(tpl [][]float64, r0, r1, c0, c1 int) bool {
	sc := make([][]float64, len(tpl))
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			d := w.desc[i*w.cols+j]
			if d == nil {
				continue
			}
			best, bs := 0, math.Inf(-1)
			for k, t := range tpl {
				if v := dot(d, t); v > bs {
					best, bs = k, v
				}
			}
			sc[best] = append(sc[best], bs)
		}
	}
	for _, g := range sc {
		if len(g) == 0 {
			continue
		}
		sort.Float64s(g)
		if sortedQuantile(g, 0.5) < blockAlike {
			return false
		}
	}
	return true
}

// registerShift is how far, in descriptor bins (an eighth of a cell), a
// cell's pattern is searched for around where the lattice puts it.
const registerShift = 2

// register re-fits the lattice the window was built around (h, board
// cell (i-extentMargin, j-extentMargin) at window cell (i, j)) to where
// the grid's cells [r0, r1) × [c0, c1) look most like their template
// within registerShift bins: a lattice fitted to a few buttons drifts
// off the further ones under perspective, and a grid grown from it
// judges its new lines off-centre. It reports false when too few cells
// fit.
func (w *extentWindow) register(h [9]float64, tpl [][]float64, med float64, r0, r1, c0, c1 int) ([9]float64, bool) {
	var src, dst [][2]float64
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			d := w.desc[i*w.cols+j]
			if d == nil {
				continue
			}
			best, bx, by := similarity(d, tpl), 0, 0
			for dy := -registerShift; dy <= registerShift; dy++ {
				for dx := -registerShift; dx <= registerShift; dx++ {
					if dx == 0 && dy == 0 {
						continue
					}
					if e, _, ok := w.describe(j*extentBins+dx, i*extentBins+dy); ok {
						if s := similarity(e, tpl); s > best {
							best, bx, by = s, dx, dy
						}
					}
				}
			}
			if best < growShare*med {
				continue
			}
			u, v := float64(j-extentMargin)+0.5, float64(i-extentMargin)+0.5
			src = append(src, [2]float64{u, v})
			dst = append(dst, [2]float64{u + float64(bx)/extentBins, v + float64(by)/extentBins})
		}
	}
	if len(src) < 4 {
		return h, false
	}
	c, ok := fitRobust(src, dst)
	if !ok {
		return h, false
	}
	return mul3(h, c), true
}

// shiftLattice returns l with its grid's cell (0, 0) moved to l's cell
// (du, dv) and its size set to rows×cols.
func shiftLattice(l lattice, du, dv, rows, cols int) lattice {
	if du != 0 || dv != 0 {
		l.h = mul3(l.h, [9]float64{1, 0, float64(du), 0, 1, float64(dv), 0, 0, 1})
	}
	l.rows, l.cols = rows, cols
	return l
}

// hiddenEdge reports whether the grid's edge line on side, which the
// photo does not show enough of to judge, should leave the grid: the
// line inside it is judged, unlike the board's cells (under shrinkShare
// of their median med) and not a brighter line of lit buttons. It
// returns that line's similarity.
func (w *extentWindow) hiddenEdge(tpl [][]float64, med float64, side, r0, r1, c0, c1 int) (float64, bool) {
	if (side < 2 && r1-r0 <= 3) || (side >= 2 && c1-c0 <= 3) {
		return 0, false
	}
	r0, r1, c0, c1 = withoutEdge(side, r0, r1, c0, c1)
	s, _, ok := w.lineScore(tpl, side, false, r0, r1, c0, c1)
	if !ok || s >= shrinkShare*med {
		return 0, false
	}
	lit := w.lineBright(side, r0, r1, c0, c1) >= w.restBright(side, r0, r1, c0, c1)+minBrightGap && s >= litLineFloor*med
	return s, !lit
}

// edgeBeyond reports whether over a third of the cells of the grid's
// edge line on side lie beyond the photo (never in a window built by
// hand).
func (w *extentWindow) edgeBeyond(side, r0, r1, c0, c1 int) bool {
	if w.beyond == nil {
		return false
	}
	cells := w.lineCells(side, false, r0, r1, c0, c1)
	n := 0
	for _, c := range cells {
		if w.beyond[c[0]*w.cols+c[1]] {
			n++
		}
	}
	return 3*n > len(cells)
}

// litLineFloor is the least similarity to the board's cells, relative
// to their median, that an edge line brighter than the rest must show to
// be kept as lit buttons: lit buttons keep the gaps around them, a bright
// strip of background or paper has nothing of them (a/60004: 0.04).
const litLineFloor = 0.2

// minRoom is the margin, in pitches, that the photo must show beyond
// every side of a grid whose outside lines cannot be judged for its
// size to be vouched for. Boards are photographed whole, in a case or on
// a page; a keyboard or tiles cut by the photo's edge run up to it
// (tuning sets a and b: right grids showed 0.25 pitch or more, the
// wrong grids whose only doubt this was 0.0).
const minRoom = 0.2

// hasRoom reports whether, on every side of l's grid, the line
// parallel to that side and room pitches beyond it lies at least two
// thirds inside a w×h photo (sideInside).
func hasRoom(l *lattice, w, h int, room float64) bool {
	for side := 0; side < 4; side++ {
		if !sideInside(l, w, h, side, room) {
			return false
		}
	}
	return true
}

// sideInside reports whether the line parallel to side (0 top, 1
// bottom, 2 left, 3 right) of l's grid, t pitches beyond it, lies at
// least two thirds inside a w×h photo, sampled at the cells' centres.
func sideInside(l *lattice, w, h, side int, t float64) bool {
	n := l.cols
	if side >= 2 {
		n = l.rows
	}
	k := 0
	for i := 0; i < n; i++ {
		a := float64(i) + 0.5
		var u, v float64
		switch side {
		case 0:
			u, v = a, -t
		case 1:
			u, v = a, float64(l.rows)+t
		case 2:
			u, v = -t, a
		default:
			u, v = float64(l.cols)+t, a
		}
		if x, y := applyH(&l.h, u, v); inImage(x, y, w, h) {
			k++
		}
	}
	return 3*k >= 2*n
}

// bounded reports whether the line just outside the grid can be seen on
// every side: a grid cut by the photo's edge may go on beyond it (a
// keyboard, a pattern), so its size cannot be vouched for.
func (w *extentWindow) bounded(r0, r1, c0, c1 int) bool {
	tpl, _ := w.templates(r0, r1, c0, c1)
	if tpl == nil {
		return false
	}
	for side := 0; side < 4; side++ {
		if _, _, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1); !ok {
			return false
		}
	}
	return true
}

// clarity is how clearly the grid [r0, r1) × [c0, c1) of the window
// stands out as a block of alike cells: the least similarity of an edge
// line to the board's cells minus the greatest of a line just outside
// (or beyond a side out of step, staggerScore), both relative to the
// cells' median similarity, times that median cubed. A line just
// outside counts by the lesser of its whole cells' similarity and its
// cells' far halves' (farHalfShare): the case around a board of flat
// cells shares the grid's edges with its outer cells, and that edge
// says nothing of what lies beyond (96480: a 5×5 board of flat cells,
// clarity 0.41, lost to a 3×5 keypad beside it, 0.50; now 0.61). A board's buttons
// are alike, lit among lit and unlit among unlit; keys with printed
// legends, widgets of an interface and a few cells of background are
// less so (e/64097: a number pad's keys at 0.78 beside a 2×2 board's
// buttons at 0.98). About 1 for a grid that holds exactly a board of
// crisp buttons, less when a line is wrong; -Inf when the cells are not
// alike enough to judge. It also reports whether the grid goes on
// beyond a side out of step (staggerScore at least growShare: a line
// there would join the grid if it were in step).
func (w *extentWindow) clarity(r0, r1, c0, c1 int) (float64, bool) {
	return w.clarityOf(r0, r1, c0, c1, true)
}

// clarityOf is clarity, leaving out the pattern beyond a side out of
// step (the costly part) unless stagger is set.
func (w *extentWindow) clarityOf(r0, r1, c0, c1 int, stagger bool) (float64, bool) {
	tpl, med := w.templates(r0, r1, c0, c1)
	if tpl == nil || med < minTemplateScore {
		return math.Inf(-1), false
	}
	edge, out := math.Inf(1), 0.0
	for side := 0; side < 4; side++ {
		if s, _, ok := w.lineScore(tpl, side, false, r0, r1, c0, c1); ok {
			edge = math.Min(edge, s/med)
		}
		if s, _, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1); ok && s/med > out {
			out = math.Max(out, math.Min(s/med, w.farHalfShare(tpl, side, r0, r1, c0, c1)))
		}
	}
	st := 0.0
	if stagger {
		st = w.staggerScore(tpl, med, r0, r1, c0, c1)
	}
	staggered := st >= growShare
	if math.IsInf(edge, 1) {
		return math.Inf(-1), staggered
	}
	if staggered {
		// The grid stands out from a pattern going on out of step no
		// more than from a line in step.
		out = math.Max(out, st)
	}
	return (edge - out) * med * med * med, staggered
}

// ownTemplates returns l's window, w when it is not nil or else one
// built around l, and the templates of l's own cells in it with their
// median score; false when the window cannot be built or its cells give
// no template.
func ownTemplates(img gocv.Mat, l lattice, w *extentWindow) (*extentWindow, [][]float64, float64, bool) {
	if w == nil {
		var ok bool
		if w, ok = newExtentWindow(img, l, nil); !ok {
			return nil, nil, 0, false
		}
	}
	tpl, med := w.templates(ownCells(l))
	return w, tpl, med, tpl != nil
}

// ownCells is the lattice's own grid in a window built around it:
// cells [r0, r1) × [c0, c1).
func ownCells(l lattice) (r0, r1, c0, c1 int) {
	return extentMargin, extentMargin + l.rows, extentMargin, extentMargin + l.cols
}

// newExtentWindow rectifies the lattice's grid with extentMargin lines
// around it and describes every cell. It reports false when the window
// cannot be built (a degenerate homography).
func newExtentWindow(img gocv.Mat, l lattice, dump func(gocv.Mat)) (*extentWindow, bool) {
	wr, wc := l.rows+2*extentMargin, l.cols+2*extentMargin
	// Sample finer than extentPx only as far as the photo has the detail.
	photoPx := float64(cellPixels(l.h, l.rows, l.cols))
	if raw := pitchAt(l.h, float64(l.cols)/2, float64(l.rows)/2); raw > photoPx {
		photoPx = raw
	}
	k := int(math.Max(1, math.Min(extentSample, math.Round(photoPx/extentPx))))
	sp := extentPx * k
	s := 1 / float64(sp)
	t := [9]float64{s, 0, -extentMargin, 0, s, -extentMargin, 0, 0, 1}
	m := mul3(l.h, t)
	mm := homographyMat(m)
	defer mm.Close()
	fine := gocv.NewMat()
	defer fine.Close()
	gocv.WarpPerspectiveWithParams(img, &fine, mm, image.Pt(wc*sp, wr*sp),
		gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderConstant, color.RGBA{})
	if fine.Empty() {
		return nil, false
	}
	board := fine
	if k > 1 {
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(fine, &small, image.Pt(wc*extentPx, wr*extentPx), 0, 0, gocv.InterpolationArea)
		board = small
	}
	if dump != nil {
		dump(board)
	}
	data, err := board.DataPtrUint8()
	if err != nil || board.Type() != gocv.MatTypeCV8UC3 {
		return nil, false
	}
	W, H := board.Cols(), board.Rows()
	// Log of each channel, so that edges count by ratio, and colour
	// edges (a cyan button on a white page) count as much as brightness.
	// The 256 levels' logs, looked up.
	var logOf [256]float64
	for v := range logOf {
		logOf[v] = math.Log(float64(v) + 8)
	}
	lg := make([]float64, 3*W*H)
	for i := range lg {
		lg[i] = logOf[data[i]]
	}
	// The gradient's structure tensor over the three channels, as
	// magnitude and doubled-angle components, which do not change sign
	// when a button turns from darker to brighter than its case.
	const bin = extentPx / extentBins
	bw, bh := W/bin, H/bin
	var pooled [3][]float64
	for c := range pooled {
		pooled[c] = make([]float64, bw*bh)
	}
	for y := 1; y < H-1; y++ {
		for x := 1; x < W-1; x++ {
			var jxx, jyy, jxy float64
			for c := 0; c < 3; c++ {
				at := func(dx, dy int) float64 { return lg[3*((y+dy)*W+x+dx)+c] }
				gx := at(1, -1) + 2*at(1, 0) + at(1, 1) - at(-1, -1) - 2*at(-1, 0) - at(-1, 1)
				gy := at(-1, 1) + 2*at(0, 1) + at(1, 1) - at(-1, -1) - 2*at(0, -1) - at(1, -1)
				jxx += gx * gx
				jyy += gy * gy
				jxy += gx * gy
			}
			mag := math.Sqrt(jxx + jyy)
			b := (y/bin)*bw + x/bin
			pooled[0][b] += mag
			if mag > 0 {
				pooled[1][b] += (jxx - jyy) / mag
				pooled[2][b] += 2 * jxy / mag
			}
		}
	}
	w := &extentWindow{rows: wr, cols: wc, desc: make([][]float64, wr*wc), energy: make([]float64, wr*wc), bright: make([]float64, wr*wc),
		chroma: make([]float64, wr*wc), pooled: pooled, bw: bw, beyond: make([]bool, wr*wc)}
	w.iw, w.ih = float64(img.Cols()), float64(img.Rows())
	for i := 0; i < wr; i++ {
		for j := 0; j < wc; j++ {
			// A cell counts only when it lies inside the photo.
			if !cellInPhoto(&l.h, float64(j-extentMargin), float64(i-extentMargin), w.iw, w.ih) {
				w.beyond[i*wc+j] = true
				continue
			}
			d, e, ok := w.describe(j*extentBins, i*extentBins)
			if !ok {
				continue
			}
			w.desc[i*wc+j] = d
			w.energy[i*wc+j] = e
			var sum, spread float64
			for y := i*extentPx + extentPx/4; y < i*extentPx+3*extentPx/4; y++ {
				for x := j*extentPx + extentPx/4; x < j*extentPx+3*extentPx/4; x++ {
					k := 3 * (y*W + x)
					hi := max(lg[k], lg[k+1], lg[k+2])
					sum += hi
					spread += hi - min(lg[k], lg[k+1], lg[k+2])
				}
			}
			w.bright[i*wc+j] = sum / float64(extentPx*extentPx/4)
			w.chroma[i*wc+j] = spread / float64(extentPx*extentPx/4)
		}
	}
	return w, true
}

// cellInPhoto reports whether the cell with corner (u, v) in board
// units, through h, lies in front of the camera and inside a photo of
// iw×ih pixels.
func cellInPhoto(h *[9]float64, u, v, iw, ih float64) bool {
	for _, p := range [][2]float64{{u, v}, {u + 1, v}, {u, v + 1}, {u + 1, v + 1}} {
		x, y, z := projectW(h, p[0], p[1])
		if z <= 0 || x < 0 || y < 0 || x >= iw || y >= ih {
			return false
		}
	}
	return true
}

// projectW maps board (u, v) through h and returns x, y and the
// homogeneous weight (positive in front of the camera).
func projectW(h *[9]float64, u, v float64) (x, y, z float64) {
	z = h[6]*u + h[7]*v + h[8]
	return (h[0]*u + h[1]*v + h[2]) / z, (h[3]*u + h[4]*v + h[5]) / z, z
}

// pitchAt is the smaller side of the cell at (u, v) in image pixels.
func pitchAt(h [9]float64, u, v float64) float64 {
	x, y := applyH(&h, u, v)
	xu, yu := applyH(&h, u+1, v)
	xv, yv := applyH(&h, u, v+1)
	d := math.Min(math.Hypot(xu-x, yu-y), math.Hypot(xv-x, yv-y))
	if math.IsNaN(d) {
		return 0
	}
	return d
}

// templates are the normalised per-dimension medians of the
// descriptors of the grid's cells, one for the bright and one for the
// dark cells when the centres' brightness splits them clearly (lit and
// unlit buttons look different), else one for all; and the median of
// the cells' similarity to their nearest template. nil when too few
// cells can be described.
func (w *extentWindow) templates(r0, r1, c0, c1 int) ([][]float64, float64) {
	var ds [][]float64
	var br []float64
	var at [][2]int
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			if d := w.desc[i*w.cols+j]; d != nil {
				ds = append(ds, d)
				br = append(br, w.bright[i*w.cols+j])
				at = append(at, [2]int{i, j})
			}
		}
	}
	if len(ds) < 4 {
		return nil, 0
	}
	groups := [][][]float64{ds}
	if t, ok := otsuThreshold(br); ok {
		var lo, hi [][]float64
		var blo, bhi []float64
		var alo, ahi [][2]int
		for n, d := range ds {
			if br[n] > t {
				hi, bhi, ahi = append(hi, d), append(bhi, br[n]), append(ahi, at[n])
			} else {
				lo, blo, alo = append(lo, d), append(blo, br[n]), append(alo, at[n])
			}
		}
		sort.Float64s(blo)
		sort.Float64s(bhi)
		// A group mostly within one edge line may be a strip of case or
		// background that the grid took in, not lit or unlit buttons:
		// it gets no template of its own, or it would vouch for itself.
		if spread(alo, r0, r1, c0, c1) && spread(ahi, r0, r1, c0, c1) && sortedQuantile(bhi, 0.5)-sortedQuantile(blo, 0.5) >= minBrightGap {
			groups = [][][]float64{lo, hi}
		}
	}
	var tpls [][]float64
	for _, g := range groups {
		if t := medianDescriptor(g); t != nil {
			tpls = append(tpls, t)
		}
	}
	if len(tpls) == 0 {
		return nil, 0
	}
	sc := make([]float64, len(ds))
	for n, d := range ds {
		sc[n] = similarity(d, tpls)
	}
	return tpls, median(sc)
}

// spread reports whether the cells, all within the grid rows r0..r1-1
// and columns c0..c1-1, are at least minGroupCells and no edge line of
// the grid holds over half of them.
func spread(cells [][2]int, r0, r1, c0, c1 int) bool {
	if len(cells) < minGroupCells {
		return false
	}
	var top, bottom, left, right int
	for _, c := range cells {
		if c[0] == r0 {
			top++
		}
		if c[0] == r1-1 {
			bottom++
		}
		if c[1] == c0 {
			left++
		}
		if c[1] == c1-1 {
			right++
		}
	}
	return 2*max(top, bottom, left, right) <= len(cells)
}

// medianDescriptor is the normalised per-dimension median of ds, nil
// when it is zero.
func medianDescriptor(ds [][]float64) []float64 {
	tpl := make([]float64, len(ds[0]))
	medians(ds, tpl)
	var ss float64
	for _, x := range tpl {
		ss += x * x
	}
	if ss == 0 {
		return nil
	}
	ss = 1 / math.Sqrt(ss)
	for k := range tpl {
		tpl[k] *= ss
	}
	return tpl
}

// similarity is the cosine similarity of d to the nearest template.
func similarity(d []float64, tpls [][]float64) float64 {
	best := math.Inf(-1)
	for _, t := range tpls {
		best = math.Max(best, dot(d, t))
	}
	return best
}

// lowEnergy is the edge energy of the grid's flattest cells: the
// energyQuantile quantile of its cells' energies.
func (w *extentWindow) lowEnergy(r0, r1, c0, c1 int) float64 {
	return sortedQuantile(w.blockValues(w.energy, r0, r1, c0, c1), energyQuantile)
}

// blockValues lists, sorted, v of the described cells in rows r0..r1-1
// and columns c0..c1-1; v is one of the window's per-cell measures.
func (w *extentWindow) blockValues(v []float64, r0, r1, c0, c1 int) []float64 {
	var out []float64
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			if k := i*w.cols + j; w.desc[k] != nil {
				out = append(out, v[k])
			}
		}
	}
	sort.Float64s(out)
	return out
}

// cellValues lists, sorted, v of the described cells among cells.
func (w *extentWindow) cellValues(v []float64, cells [][2]int) []float64 {
	var out []float64
	for _, c := range cells {
		if k := c[0]*w.cols + c[1]; w.desc[k] != nil {
			out = append(out, v[k])
		}
	}
	sort.Float64s(out)
	return out
}

// lineCells lists the window cells of one line: on side (0 top,
// 1 bottom, 2 left, 3 right) the line just outside the grid when outside
// is set, else the grid's edge line; nil when it lies beyond the window.
func (w *extentWindow) lineCells(side int, outside bool, r0, r1, c0, c1 int) [][2]int {
	// k is the line's index across it (a row for top and bottom, a
	// column for left and right), n how many such lines the window has.
	k := [4]int{r0, r1 - 1, c0, c1 - 1}[side]
	if outside {
		k += [4]int{-1, 1, -1, 1}[side]
	}
	n := w.rows
	if side >= 2 {
		n = w.cols
	}
	if k < 0 || k >= n {
		return nil
	}
	var cells [][2]int
	if side < 2 {
		for j := c0; j < c1; j++ {
			cells = append(cells, [2]int{k, j})
		}
	} else {
		for i := r0; i < r1; i++ {
			cells = append(cells, [2]int{i, k})
		}
	}
	return cells
}

// farHalfShare is how alike the line just outside the grid on side
// looks to the grid's cells in its half away from the grid: the median
// over its cells of that half's similarity to tpl, over the median of
// the grid's cells (farHalves); +Inf when that cannot be judged.
func (w *extentWindow) farHalfShare(tpl [][]float64, side, r0, r1, c0, c1 int) float64 {
	in, out, ok := w.farHalves(tpl, side, r0, r1, c0, c1)
	if !ok || in <= 0 {
		return math.Inf(1)
	}
	return out / in
}

// farHalfAlike reports whether the cells of the line just outside the
// grid on side look like the grid's cells in their half away from the
// grid, at least growShare as much as the grid's cells do in that half
// (median against median). A frame or a strip of background beside
// the board shares the edge next to the grid with its outer cells, and
// little else.
func (w *extentWindow) farHalfAlike(tpl [][]float64, side, r0, r1, c0, c1 int) bool {
	in, out, ok := w.farHalves(tpl, side, r0, r1, c0, c1)
	return ok && out >= growShare*in
}

// farHalves returns the median similarity to tpl, over the half of
// the cell away from the grid on side (halfSimilarity), of the grid's
// cells and of the cells of the line just outside it; false when
// either has no cell described.
func (w *extentWindow) farHalves(tpl [][]float64, side, r0, r1, c0, c1 int) (in, out float64, ok bool) {
	var ins, outs []float64
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			if d := w.desc[i*w.cols+j]; d != nil {
				ins = append(ins, halfSimilarity(d, tpl, side))
			}
		}
	}
	for _, c := range w.lineCells(side, true, r0, r1, c0, c1) {
		if d := w.desc[c[0]*w.cols+c[1]]; d != nil {
			outs = append(outs, halfSimilarity(d, tpl, side))
		}
	}
	if len(ins) == 0 || len(outs) == 0 {
		return 0, 0, false
	}
	sort.Float64s(ins)
	sort.Float64s(outs)
	return sortedQuantile(ins, 0.5), sortedQuantile(outs, 0.5), true
}

// halfSimilarity is the cosine similarity of d to the nearest template
// over the bins of one half of the cell: the top half for side 0, the
// bottom for 1, the left for 2, the right for 3.
func halfSimilarity(d []float64, tpls [][]float64, side int) float64 {
	const n = extentBins - 2*extentSkip
	best := math.Inf(-1)
	for _, t := range tpls {
		var dt, dd, tt float64
		for c := 0; c < 3; c++ {
			for by := 0; by < n; by++ {
				for bx := 0; bx < n; bx++ {
					switch {
					case side == 0 && by >= n/2, side == 1 && by < n/2, side == 2 && bx >= n/2, side == 3 && bx < n/2:
						continue
					}
					k := (c*n+by)*n + bx
					dt += d[k] * t[k]
					dd += d[k] * d[k]
					tt += t[k] * t[k]
				}
			}
		}
		if dd > 0 && tt > 0 {
			best = math.Max(best, dt/math.Sqrt(dd*tt))
		}
	}
	return best
}

// outsideBrightSlack is how far (log brightness) the line just outside
// a grid whose cells show two looks may lie beyond the range of its
// cells' centre brightness and still join it.
const outsideBrightSlack = 0.3

// brightRange is the 10th and 90th percentile of the centre brightness
// of the grid's cells, each the brightness of one of them (nearest
// rank): on a small grid, a level between its one lit cell and the
// unlit ones is no look the board's buttons show (tb/71493: a 2×3 grid
// with one light took the row of lights beside it for foreign).
func (w *extentWindow) brightRange(r0, r1, c0, c1 int) (float64, float64) {
	bs := w.blockValues(w.bright, r0, r1, c0, c1)
	if len(bs) == 0 {
		return math.Inf(-1), math.Inf(1)
	}
	n := len(bs)
	return bs[(n+9)/10-1], bs[(9*n+9)/10-1]
}

// lookGap is how far apart (mean log channel spread) the colour of
// the line just outside a grid and that of a look of its cells may lie
// for neitherLook to take the line for that look.
const lookGap = 0.25

// neitherLook reports whether the line just outside the grid on side
// shows neither look of the grid's cells, lit or unlit (split at the
// middle of brightRange, lo to hi): the look whose median centre brightness lies
// within minBrightGap of the line's differs from it in colour by lookGap
// or more, and the other look differs in brightness or colour. A blank
// strip of screen beside a board drawn with lines between its cells is
// as bright as the lit cells and as grey as the unlit ones (boardgen
// 115637, a 6×7 grid grown by a row of screen). lb is the line's
// median centre brightness (outsideBright).
func (w *extentWindow) neitherLook(side, r0, r1, c0, c1 int, lo, hi, lb float64) bool {
	if w.chroma == nil || math.IsNaN(lb) { // a window built by hand, or no line
		return false
	}
	oc := w.cellValues(w.chroma, w.lineCells(side, true, r0, r1, c0, c1))
	if len(oc) == 0 {
		return false
	}
	lc := sortedQuantile(oc, 0.5)
	mid := (lo + hi) / 2
	var bs, cs [2][]float64
	for i := r0; i < r1; i++ {
		for j := c0; j < c1; j++ {
			k := i*w.cols + j
			if w.desc[k] == nil {
				continue
			}
			g := b2i(w.bright[k] >= mid)
			bs[g], cs[g] = append(bs[g], w.bright[k]), append(cs[g], w.chroma[k])
		}
	}
	if len(bs[0]) == 0 || len(bs[1]) == 0 {
		return false
	}
	var db, dc [2]float64
	for g := range bs {
		db[g], dc[g] = math.Abs(median(bs[g])-lb), math.Abs(median(cs[g])-lc)
	}
	// The look as bright as the line must differ from it in colour, and
	// the other look in brightness or colour. A line between the two
	// looks in brightness is left to the brightness range (a shadow).
	near := b2i(db[1] < db[0])
	return db[near] < minBrightGap && dc[near] >= lookGap && (db[1-near] >= minBrightGap || dc[1-near] >= lookGap)
}

// outsideBright is the median centre brightness of the cells of the
// line just outside the grid on side, NaN when none can be described.
func (w *extentWindow) outsideBright(side, r0, r1, c0, c1 int) float64 {
	bs := w.cellValues(w.bright, w.lineCells(side, true, r0, r1, c0, c1))
	if len(bs) == 0 {
		return math.NaN()
	}
	return sortedQuantile(bs, 0.5)
}

// withoutEdge returns the grid [r0, r1) × [c0, c1) without its edge
// line on side (0 top, 1 bottom, 2 left, 3 right).
func withoutEdge(side, r0, r1, c0, c1 int) (int, int, int, int) {
	switch side {
	case 0:
		r0++
	case 1:
		r1--
	case 2:
		c0++
	default:
		c1--
	}
	return r0, r1, c0, c1
}

// lineBright is the median centre brightness of the grid's edge line on
// side; restBright that of the grid's other cells.
func (w *extentWindow) lineBright(side, r0, r1, c0, c1 int) float64 {
	bs := w.cellValues(w.bright, w.lineCells(side, false, r0, r1, c0, c1))
	if len(bs) == 0 {
		return math.Inf(-1)
	}
	return sortedQuantile(bs, 0.5)
}

func (w *extentWindow) restBright(side, r0, r1, c0, c1 int) float64 {
	r0, r1, c0, c1 = withoutEdge(side, r0, r1, c0, c1)
	bs := w.blockValues(w.bright, r0, r1, c0, c1)
	if len(bs) == 0 {
		return math.Inf(1)
	}
	return sortedQuantile(bs, 0.5)
}

// lineScore is the median similarity to tpl, and the median energy, of
// the cells of one line: on side (0 top, 1 bottom, 2 left, 3 right) the
// line just outside the grid when outside is set, else the grid's edge
// line. It reports false when the line lies beyond the window or under
// two thirds of its cells lie inside the photo.
func (w *extentWindow) lineScore(tpl [][]float64, side int, outside bool, r0, r1, c0, c1 int) (float64, float64, bool) {
	sc, es, _, ok := w.lineSims(tpl, side, outside, r0, r1, c0, c1)
	if !ok {
		return 0, 0, false
	}
	return sortedQuantile(sc, 0.5), sortedQuantile(es, 0.5), true
}

// lineSims returns, sorted, the similarities to tpl and the energies of
// the cells of the line lineScore judges that lie inside the photo, and
// how many cells the line has; it reports false when lineScore does.
func (w *extentWindow) lineSims(tpl [][]float64, side int, outside bool, r0, r1, c0, c1 int) (sc, es []float64, n int, ok bool) {
	cells := w.lineCells(side, outside, r0, r1, c0, c1)
	for _, c := range cells {
		k := c[0]*w.cols + c[1]
		if w.desc[k] == nil {
			continue
		}
		sc = append(sc, similarity(w.desc[k], tpl))
		es = append(es, w.energy[k])
	}
	if 3*len(sc) < 2*len(cells) || len(sc) == 0 {
		return nil, nil, len(cells), false
	}
	sort.Float64s(sc)
	sort.Float64s(es)
	return sc, es, len(cells), true
}

// occludedCells is how many cells of a line an occluder may cover: a
// pointer or cursor drawn over the board, a glare spot. On a line of
// over twice as many cells the median already looks past it; on a
// shorter one it does not (tuning photos 88000..88599: a pointer over two
// cells of a 3-cell edge line, the third at 0.73 of the cells' median,
// left the line at 0.21 and the grid a line short, sure of its size).
const occludedCells = 2

// unoccludedScore is how alike the grid's edge line on side looks to
// tpl beyond what an occluder may cover: on a line of at most
// 2·occludedCells cells, the similarity of its least alike cell once
// the occludedCells least alike are set aside (one cell is always
// left); on a longer line, the median (lineScore). Glare may wash out
// more of a line than that: when two or more of its cells are not
// washed out (unwashedScore), their median counts if it is higher. It is
// never below lineScore's median, and reports false when the line
// cannot be judged.
func (w *extentWindow) unoccludedScore(tpl [][]float64, side, r0, r1, c0, c1 int) (float64, bool) {
	sc, _, n, ok := w.lineSims(tpl, side, false, r0, r1, c0, c1)
	if !ok {
		return 0, false
	}
	s := sortedQuantile(sc, 0.5)
	if n <= 2*occludedCells {
		s = sc[min(occludedCells, len(sc)-1)]
	}
	if u, ok := w.unwashedScore(tpl, side, r0, r1, c0, c1); ok {
		s = math.Max(s, u)
	}
	return s, true
}

// washedEnergy is the most edge energy, as a share of the median of the
// grid's cells, of a cell that glare has washed out: its centre clipped
// and hardly an edge left (boardgen 109242: 0.00 to 0.05 of the
// buttons' 0.6 to 1.1, the cells half washed 0.3).
const washedEnergy = 0.1

// clippedBright is the centre brightness (extentWindow.bright, the mean
// of log(V+8)) of a cell at the top of the camera's range: V 246 or more.
const clippedBright = 5.537

// unwashedScore is the median similarity to tpl of the cells of the
// grid's edge line on side that glare has not washed out; false unless
// some cells are washed out and two or more are not.
func (w *extentWindow) unwashedScore(tpl [][]float64, side, r0, r1, c0, c1 int) (float64, bool) {
	e := sortedQuantile(w.blockValues(w.energy, r0, r1, c0, c1), 0.5)
	var sc []float64
	washed := 0
	for _, c := range w.lineCells(side, false, r0, r1, c0, c1) {
		k := c[0]*w.cols + c[1]
		switch {
		case w.desc[k] == nil:
		case w.bright[k] >= clippedBright && w.energy[k] < washedEnergy*e:
			washed++
		default:
			sc = append(sc, similarity(w.desc[k], tpl))
		}
	}
	if washed == 0 || len(sc) < 2 {
		return 0, false
	}
	sort.Float64s(sc)
	return sortedQuantile(sc, 0.5), true
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// stagger is the highest median similarity to tpl of the cells of the
// line just outside the grid on side, shifted along the line by a
// fraction of a pitch (an eighth to seven eighths): how well the grid's
// pattern goes on beyond it out of step, as a keyboard's staggered rows
// do. A board's case closes around its grid; nothing beyond its edge
// line looks like its buttons at any offset. It reports false when the
// line looks like them best in step, or cannot be judged (beyond the
// window, under two thirds of its cells in the photo, or a window built
// by hand).
func (w *extentWindow) stagger(tpl [][]float64, side, r0, r1, c0, c1 int) (float64, bool) {
	cells := w.lineCells(side, true, r0, r1, c0, c1)
	if cells == nil {
		return 0, false
	}
	// A line in step looks like the buttons best unshifted; it is no
	// stagger (and the grid would take it in).
	best, ok := math.Inf(-1), false
	if s0, _, ok0 := w.lineScore(tpl, side, true, r0, r1, c0, c1); ok0 {
		best = s0
	}
	inStep := best
	sc := make([]float64, 0, len(cells))
	for s := 1; s < extentBins; s++ {
		sc = sc[:0]
		for _, c := range cells {
			// The shifted cell covers part of this cell and of the
			// next one along the line.
			i, j := c[0], c[1]
			ni, nj := i, j+1
			bx, by := j*extentBins+s, i*extentBins
			if side >= 2 {
				ni, nj = i+1, j
				bx, by = j*extentBins, i*extentBins+s
			}
			if ni >= w.rows || nj >= w.cols || w.desc[i*w.cols+j] == nil || w.desc[ni*w.cols+nj] == nil {
				continue
			}
			if d, _, dok := w.describe(bx, by); dok {
				sc = append(sc, similarity(d, tpl))
			}
		}
		if len(sc) == 0 || 3*len(sc) < 2*len(cells) {
			continue
		}
		sort.Float64s(sc)
		if m := sortedQuantile(sc, 0.5); m > best {
			best, ok = m, true
		}
	}
	if !ok || best <= inStep {
		return 0, false
	}
	return best, true
}

// staggerScore is the greatest stagger over the four sides, relative
// to the grid cells' median similarity med; 0 when no side can be
// judged.
func (w *extentWindow) staggerScore(tpl [][]float64, med float64, r0, r1, c0, c1 int) float64 {
	out := 0.0
	for side := 0; side < 4; side++ {
		if s, ok := w.stagger(tpl, side, r0, r1, c0, c1); ok {
			out = math.Max(out, s/med)
		}
	}
	return out
}

// boundaryLines reports whether l's grid shows lines on the boundaries
// between its cells across the way halvedPitch would halve it (between
// columns when alongRow): the mean edge strength there at least
// lineOverCentre times that at the cells' centres and at their
// quarters. Flat cells edge to edge, parted by thin lines, show so. A
// grid at twice a board's pitch lays its boundaries on the centres of
// the buttons it skipped, which look like the centres of those it took,
// and its quarters on the gaps between buttons.
func boundaryLines(img gocv.Mat, l lattice, alongRow bool) bool {
	n := l.cols
	if !alongRow {
		n = l.rows
	}
	if n < 2 {
		return false
	}
	// Sample the photo about as finely as it has pixels, so that a line
	// one pixel wide is not stepped over.
	px := int(math.Max(boundaryMinPx, math.Min(boundaryMaxPx, math.Round(pitchAt(l.h, float64(l.cols)/2, float64(l.rows)/2)))))
	grey, ok := rectifyGrey(img, l.h, l.rows, l.cols, px, 0)
	defer grey.Close()
	if !ok {
		return false
	}
	grad := gocv.NewMat()
	defer grad.Close()
	dx, dy := 1, 0
	if !alongRow {
		dx, dy = 0, 1
	}
	gocv.Sobel(grey, &grad, gocv.MatTypeCV32F, dx, dy, 3, 1, 0, gocv.BorderReplicate)
	g, err := grad.DataPtrFloat32()
	if err != nil {
		return false
	}
	// prof[k] is the mean |gradient| across the grid at k pixels along.
	w, h := grad.Cols(), grad.Rows()
	prof := make([]float64, n*px)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := x
			if !alongRow {
				k = y
			}
			prof[k] += math.Abs(float64(g[y*w+x]))
		}
	}
	// peak is the strongest of prof within a pixel of k.
	peak := func(k int) float64 {
		return max(prof[max(k-1, 0)], prof[k], prof[min(k+1, len(prof)-1)])
	}
	var bound, centre, quarter float64
	for j := range n {
		if j > 0 {
			bound += peak(j*px) / float64(n-1)
		}
		centre += peak(j*px+px/2) / float64(n)
		quarter += (peak(j*px+px/4) + peak(j*px+3*px/4)) / float64(2*n)
	}
	return bound >= lineOverCentre*centre && bound >= lineOverCentre*quarter
}

// Settings of boundaryLines: the rectified cell's least and largest
// side, in pixels, and how much stronger than the cells' centres and
// quarters the boundaries' edges must be. On the tuning sets halvedPitch
// halved grids on 9 photos, none of which was read right; of its 10
// tries there, 6 showed lines so at 8.8 times or more (two of them flat
// boards, 6×3 and 5×5, now read right), the other 4 at 1.23 at most.
const (
	boundaryMinPx  = 12
	boundaryMaxPx  = 96
	lineOverCentre = 2
)

// Levels of outOfStep: the least shift, in bins of extentBins a pitch,
// at which neighbouring lines count as out of step, and the least gain
// in median similarity over matching them in step.
const (
	stepMinShift = 1
	stepMinGain  = 0.1
)

// outOfStep reports whether most pairs of neighbouring rows (or columns)
// of the grid [r0, r1) × [c0, c1), and two at least, match each other
// best shifted along the line by stepMinShift bins or more, clearly
// better than in step: a keyboard's staggered rows, which a lattice fit
// averages into one grid whose every cell straddles two keys. A board's
// rows are in step. One pair alone says too little: a grid of two rows
// turned a little off its buttons shows so too.
func (w *extentWindow) outOfStep(r0, r1, c0, c1 int) bool {
	if w.pooled[0] == nil {
		return false
	}
	for _, alongRow := range []bool{true, false} {
		n0, n1, m0, m1 := r0, r1, c0, c1 // lines n, cells m along each
		if !alongRow {
			n0, n1, m0, m1 = c0, c1, r0, r1
		}
		pairs, stepped := 0, 0
		for n := n0; n+1 < n1; n++ {
			best, bestS, at0 := math.Inf(-1), 0, math.Inf(-1)
			for s := 1 - extentBins; s < extentBins; s++ {
				var sc []float64
				for m := m0; m < m1; m++ {
					i, j := n, m
					if !alongRow {
						i, j = m, n
					}
					d := w.desc[i*w.cols+j]
					if d == nil {
						continue
					}
					bx, by := j*extentBins+s, (i+1)*extentBins
					if !alongRow {
						bx, by = (j+1)*extentBins, i*extentBins+s
					}
					if e, _, ok := w.describe(bx, by); ok {
						sc = append(sc, dot(d, e))
					}
				}
				if 3*len(sc) < 2*(m1-m0) {
					continue
				}
				sort.Float64s(sc)
				m := sortedQuantile(sc, 0.5)
				if s == 0 {
					at0 = m
				}
				if m > best {
					best, bestS = m, s
				}
			}
			if math.IsInf(at0, -1) {
				continue
			}
			pairs++
			if max(bestS, -bestS) >= stepMinShift && best-at0 >= stepMinGain {
				stepped++
			}
		}
		if pairs >= 2 && 2*stepped > pairs {
			return true
		}
	}
	return false
}
