package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// Thresholds of checkerLike.
const (
	// checkerPx is the side of a cell in the rectified grid checkerLike
	// samples; a cell's brightness is the mean of its middle half.
	checkerPx = 12
	// checkerMinCells: smaller grids lit in a checkerboard are as
	// likely a board's lights as a pattern.
	checkerMinCells = 12
	// checkerMinGap is how far apart (grey levels) the means of the two
	// groups of cells must lie, and by how many times their spread.
	checkerMinGap    = 20
	checkerMinSpread = 3
	// checkerShare of the cells must fall on the parity of their group.
	checkerShare = 0.9
)

// checkerWeight is the factor by which a checkerLike grid counts in the
// pick: a fabric or a floor of squares in two colours makes a grid as
// clear as a board's, while a board lit exactly so is rare.
const checkerWeight = 0.2

// checkerDoubt marks l unsure (doubtChecker) when checkerLike.
func checkerDoubt(img gocv.Mat, l *lattice) {
	if checkerLike(img, *l) {
		l.doubt(doubtChecker)
	}
}

// checkerLike reports whether the cells of l (at least checkerMinCells)
// fall into two clearly parted groups by brightness that alternate like
// the squares of a checkerboard, checkerShare of the cells on the
// parity (row plus column, odd or even) of their group.
func checkerLike(img gocv.Mat, l lattice) bool {
	n := l.rows * l.cols
	if n < checkerMinCells {
		return false
	}
	grey, ok := rectifyGrey(img, l.h, l.rows, l.cols, checkerPx, rectMargin)
	defer grey.Close()
	if !ok {
		return false
	}
	data, err := grey.DataPtrUint8()
	if err != nil {
		return false
	}
	W := grey.Cols()
	const a, b = rectMargin*checkerPx + checkerPx/4, rectMargin*checkerPx + 3*checkerPx/4
	v := make([]float64, n)
	for r := 0; r < l.rows; r++ {
		for c := 0; c < l.cols; c++ {
			var s float64
			for y := r*checkerPx + a; y < r*checkerPx+b; y++ {
				for x := c*checkerPx + a; x < c*checkerPx+b; x++ {
					s += float64(data[y*W+x])
				}
			}
			v[r*l.cols+c] = s / float64((b-a)*(b-a))
		}
	}
	cut, ok := twoGroups(v)
	if !ok {
		return false
	}
	agree := 0
	for r := 0; r < l.rows; r++ {
		for c := 0; c < l.cols; c++ {
			if (v[r*l.cols+c] > cut) == ((r+c)%2 == 0) {
				agree++
			}
		}
	}
	agree = max(agree, n-agree)
	return float64(agree) >= checkerShare*float64(n)
}

// twoGroups splits the values v at Otsu's threshold and reports whether
// the two groups are clearly parted: their means checkerMinGap apart and
// checkerMinSpread times the larger of their standard deviations.
func twoGroups(v []float64) (cut float64, ok bool) {
	cut, ok = otsuThreshold(v)
	if !ok {
		return 0, false
	}
	var lo, hi []float64
	for _, x := range v {
		if x > cut {
			hi = append(hi, x)
		} else {
			lo = append(lo, x)
		}
	}
	gap := average(hi) - average(lo)
	return cut, gap >= checkerMinGap && gap >= checkerMinSpread*max(stdDev(lo), stdDev(hi))
}

// stdDev returns the standard deviation of xs.
func stdDev(xs []float64) float64 {
	m := average(xs)
	var s float64
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)))
}
