package vision

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// paintKeys paints rows of light square keys, pitch px apart, on a dark
// photo; row i is shifted right by offsets[i] pitches. It returns the
// photo and the lattice whose cell (0, 0) holds row 0's first key.
func paintKeys(t *testing.T, cols int, offsets []float64) (gocv.Mat, lattice) {
	t.Helper()
	const pitch, key, x0, y0 = 40, 30, 120, 120
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(50, 50, 50, 0), 480, 720, gocv.MatTypeCV8UC3)
	for i, off := range offsets {
		for j := 0; j < cols; j++ {
			x := x0 + int(float64(pitch)*(float64(j)+off)) + (pitch-key)/2
			y := y0 + i*pitch + (pitch-key)/2
			gocv.Rectangle(&img, image.Rect(x, y, x+key, y+key), color.RGBA{200, 200, 200, 0}, -1)
		}
	}
	h := [9]float64{pitch, 0, x0, 0, pitch, y0, 0, 0, 1}
	return img, lattice{rows: 2, cols: cols, h: h, score: 1, sizeSure: true}
}

// TestStaggered checks the stagger test on painted keys: two rows in
// step with a third row beyond them out of step go on (a keyboard), two
// rows alone or with a third in step do not go on out of step.
func TestStaggered(t *testing.T) {
	for _, c := range []struct {
		name    string
		offsets []float64
		want    bool
	}{
		{"two rows alone", []float64{0, 0}, false},
		{"third row in step", []float64{0, 0, 0}, false},
		{"third row half a key on", []float64{0, 0, 0.5}, true},
		{"third row a third on", []float64{0, 0, 0.33}, true},
		{"row above a quarter back", []float64{-0.25, 0, 0}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, l := paintKeys(t, 8, c.offsets)
			defer img.Close()
			if c.offsets[0] != 0 {
				// Put the grid on the two rows in step.
				l = shiftLattice(l, 0, 1, 2, l.cols)
			}
			w, ok := newExtentWindow(img, l, nil)
			if !ok {
				t.Fatal("no window")
			}
			r0, r1, c0, c1 := ownCells(l)
			if _, got := w.clarity(r0, r1, c0, c1); got != c.want {
				tpl, med := w.templates(r0, r1, c0, c1)
				t.Errorf("clarity reports staggered %v, want %v (stagger %.2f)", got, c.want, w.staggerScore(tpl, med, r0, r1, c0, c1))
			}
		})
	}
}

// TestOutOfStep checks outOfStep on painted keys under one grid laid
// across all their rows: rows shifted by turns a third of a key apart
// (a keyboard's) are out of step; rows in step, or two rows alone, are
// not.
func TestOutOfStep(t *testing.T) {
	for _, c := range []struct {
		name    string
		offsets []float64
		want    bool
	}{
		{"four rows in step", []float64{0, 0, 0, 0}, false},
		{"four rows by turns a third on", []float64{0, 0.33, 0, 0.33}, true},
		{"three rows each a quarter on", []float64{0, 0.25, 0.5}, true},
		{"two rows a third apart", []float64{0, 0.33}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, l := paintKeys(t, 8, c.offsets)
			defer img.Close()
			// The grid a fit would lay: rows at their mean offset.
			var mean float64
			for _, off := range c.offsets {
				mean += off / float64(len(c.offsets))
			}
			l.h[2] += mean * l.h[0]
			l.rows = len(c.offsets)
			w, ok := newExtentWindow(img, l, nil)
			if !ok {
				t.Fatal("no window")
			}
			r0, r1, c0, c1 := ownCells(l)
			if got := w.outOfStep(r0, r1, c0, c1); got != c.want {
				t.Errorf("outOfStep = %v, want %v", got, c.want)
			}
		})
	}
}
