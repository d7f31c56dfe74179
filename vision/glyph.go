package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// Geometry and thresholds of keypadLike.
const (
	// glyphPx is the side of a cell in the rectified grid keypadLike
	// samples; a cell's centre patch is its middle half.
	glyphPx = 24
	// glyphShift is how far, in rectified pixels (a twelfth of a cell),
	// a centre patch may slide to meet another's: a lattice a little off
	// the buttons (perspective, round buttons) does not make alike
	// buttons look unlike.
	glyphShift = 2
	// keypadMinCells and keypadMaxCells bound the grids checked: a
	// keypad has at least 9 keys (3×3) and the decoys run to 20 (4×5);
	// on 2×2 and 2×3 boards the check cost boards (photo noise makes the
	// few cells' centres unlike), and larger grids would cost time.
	keypadMinCells = 9
	keypadMaxCells = 20
	// keypadMinDeviation is the grey-level deviation a cell's centre,
	// less the grid's mean centre, must show to count as a glyph: flat
	// buttons show none.
	keypadMinDeviation = 8
	// keypadMaxMatch: a glyph matching every other cell's centre under
	// this normalized cross-correlation is distinct; keypadShare of the
	// cells distinct make the grid keypadLike. Tuned on sets t96, t964,
	// t97400, t97800 and t98200 (2000 photos): 1684 boards read against
	// 1681, none lost. A first try (0.6 at 0.6 of the cells, no slide,
	// no slopes, no bounds on the cells) read 1675: 3 gained, 8 small
	// boards (2×2 to 3×4, JPEG) lost.
	keypadMaxMatch = 0.65
	keypadShare    = 0.5
)

// keypadWeight is the factor by which a keypadLike grid counts in the
// pick: a Lights Out board's cells show one of two looks (lit, unlit),
// while a numeric keypad beside it shows a different digit on each key.
const keypadWeight = 0.2

// keypadDoubt marks l unsure (doubtKeypad) when keypadLike.
func keypadDoubt(img gocv.Mat, l *lattice) {
	if keypadLike(img, *l) {
		l.doubt(doubtKeypad)
	}
}

// keypadLike reports whether the cells of l (of keypadMinCells to
// keypadMaxCells cells) look like the keys of a keypad: each cell's
// centre, less the grid's mean centre (the rim, the key's face), shows
// a glyph that matches no other cell's, at keypadShare of the cells. A
// board's cells, lit or unlit, each match the others of their look.
func keypadLike(img gocv.Mat, l lattice) bool {
	if n := l.rows * l.cols; n < keypadMinCells || n > keypadMaxCells {
		return false
	}
	ps, side, ok := centrePatches(img, l)
	if !ok {
		return false
	}
	return float64(distinctGlyphs(ps, side)) >= keypadShare*float64(len(ps))
}

// centrePatches returns, per cell of l (row-major), the grey values of
// its middle half and glyphShift pixels around it in the rectified grid,
// a square of side pixels.
func centrePatches(img gocv.Mat, l lattice) (ps [][]float64, side int, ok bool) {
	grey, ok := rectifyGrey(img, l.h, l.rows, l.cols, glyphPx, rectMargin)
	defer grey.Close()
	if !ok {
		return nil, 0, false
	}
	data, err := grey.DataPtrUint8()
	if err != nil {
		return nil, 0, false
	}
	W := grey.Cols()
	const a, b = rectMargin*glyphPx + glyphPx/4 - glyphShift, rectMargin*glyphPx + 3*glyphPx/4 + glyphShift
	ps = make([][]float64, l.rows*l.cols)
	for r := 0; r < l.rows; r++ {
		for c := 0; c < l.cols; c++ {
			p := make([]float64, 0, (b-a)*(b-a))
			for y := r*glyphPx + a; y < r*glyphPx+b; y++ {
				for x := c*glyphPx + a; x < c*glyphPx+b; x++ {
					p = append(p, float64(data[y*W+x]))
				}
			}
			ps[r*l.cols+c] = p
		}
	}
	return ps, glyphPx/2 + 2*glyphShift, true
}

// distinctGlyphs counts the patches (side×side grey values, changed in
// place) whose centre, each patch less its mean and less the patches'
// mean patch, deviates by keypadMinDeviation and matches no other
// patch's (slid by up to glyphShift) at keypadMaxMatch or more.
func distinctGlyphs(ps [][]float64, side int) int {
	n := len(ps)
	if n < 2 {
		return 0
	}
	mean := make([]float64, side*side)
	for _, p := range ps {
		var s float64
		for _, v := range p {
			s += v
		}
		s /= float64(len(p))
		for i := range p {
			p[i] -= s
			mean[i] += p[i] / float64(n)
		}
	}
	for _, p := range ps {
		for i := range p {
			p[i] -= mean[i]
		}
	}
	centre := make([][]float64, n)
	dev := make([]float64, n)
	slid := make([][][]float64, n)
	for i, p := range ps {
		for dy := -glyphShift; dy <= glyphShift; dy++ {
			for dx := -glyphShift; dx <= glyphShift; dx++ {
				w, d := glyphWindow(p, side, dx, dy)
				slid[i] = append(slid[i], w)
				if dx == 0 && dy == 0 {
					centre[i], dev[i] = w, d
				}
			}
		}
	}
	distinct := 0
	for i := range ps {
		if dev[i] < keypadMinDeviation {
			continue
		}
		best := -1.0
		for j := range ps {
			if i == j || dev[j] == 0 {
				continue
			}
			for _, w := range slid[j] {
				best = math.Max(best, dot(centre[i], w))
			}
		}
		if best < keypadMaxMatch {
			distinct++
		}
	}
	return distinct
}

// glyphWindow cuts from patch p (side×side) the centre window slid by
// (dx, dy), less its mean and its slopes (shading across the board is
// no glyph), and returns it with unit norm (all zero when flat) and its
// standard deviation.
func glyphWindow(p []float64, side, dx, dy int) ([]float64, float64) {
	n := side - 2*glyphShift
	w := make([]float64, 0, n*n)
	var sum float64
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := p[(y+glyphShift+dy)*side+x+glyphShift+dx]
			w = append(w, v)
			sum += v
		}
	}
	mean := sum / float64(len(w))
	mid := float64(n-1) / 2
	var sx, sy, xx float64
	for i := range w {
		w[i] -= mean
		x, y := float64(i%n)-mid, float64(i/n)-mid
		sx += w[i] * x
		sy += w[i] * y
		xx += x * x
	}
	var ss float64
	for i := range w {
		x, y := float64(i%n)-mid, float64(i/n)-mid
		w[i] -= (sx*x + sy*y) / xx
		ss += w[i] * w[i]
	}
	if ss > 0 {
		k := 1 / math.Sqrt(ss)
		for i := range w {
			w[i] *= k
		}
	}
	return w, math.Sqrt(ss / float64(len(w)))
}
