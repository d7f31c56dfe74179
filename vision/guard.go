package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// guardShift is how far, in cells, the grid is moved to re-read a board
// that no check doubted. A grid on its buttons reads the same a little
// off centre; a grid on the wrong lines, or a cell that a cursor, glare
// or a shadow's edge leaves half one thing and half the other, does not.
const guardShift = 0.15

// sure reports whether every cell's confidence is at least
// UncertainBelow.
func (v *verdict) sure() bool {
	for _, row := range v.conf {
		for _, c := range row {
			if c < UncertainBelow {
				return false
			}
		}
	}
	return true
}

// shiftGuard re-reads the board that h maps into img with the grid moved
// by guardShift cells each way along each axis, and caps below
// UncertainBelow the confidence of every cell whose reading changes. It
// reports how many cells it put in doubt.
func shiftGuard(img gocv.Mat, h [9]float64, v *verdict) int {
	rows, cols := len(v.lit), len(v.lit[0])
	flip := make([]bool, rows*cols)
	for _, d := range [][2]float64{{guardShift, 0}, {-guardShift, 0}, {0, guardShift}, {0, -guardShift}} {
		moved := mul3(h, [9]float64{1, 0, d[0], 0, 1, d[1], 0, 0, 1})
		w, err := classify(img, moved, rows, cols, nil)
		if err != nil {
			// The moved grid cannot be measured (it left the photo):
			// no evidence either way.
			continue
		}
		for r := range w.lit {
			for c := range w.lit[r] {
				if w.lit[r][c] != v.lit[r][c] {
					flip[r*cols+c] = true
				}
			}
		}
	}
	n := 0
	for i, f := range flip {
		if f {
			r, c := i/cols, i%cols
			v.conf[r][c] = math.Min(v.conf[r][c], crossCap)
			n++
		}
	}
	if n > 0 {
		v.why["moved"] = n
	}
	return n
}
