package vision

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

func TestCheckerLike(t *testing.T) {
	const pitch, x0, y0 = 40, 30, 30
	// square fills the cell (x, y) with grey v.
	square := func(m *gocv.Mat, x, y int, v uint8) {
		gocv.Rectangle(m, image.Rect(x, y, x+pitch, y+pitch), color.RGBA{v, v, v, 0}, -1)
	}
	// button draws a round button, lit or not, on the dark panel.
	button := func(m *gocv.Mat, x, y int, lit bool) {
		v := uint8(80)
		if lit {
			v = 230
		}
		gocv.Circle(m, image.Pt(x+20, y+20), 14, color.RGBA{v, v, v / 2, 0}, -1)
	}
	rng := rand.New(rand.NewSource(3))
	random := make([]bool, 64)
	for i := range random {
		random[i] = rng.Intn(2) == 0
	}
	cases := []struct {
		name       string
		rows, cols int
		look       func(m *gocv.Mat, r, c, x, y int)
		want       bool
	}{
		{"8x8 fabric", 8, 8, func(m *gocv.Mat, r, c, x, y int) { square(m, x, y, uint8(60+120*((r+c)%2))) }, true},
		{"5x5 board lit as a checkerboard", 5, 5, func(m *gocv.Mat, r, c, x, y int) { button(m, x, y, (r+c)%2 == 0) }, true},
		{"3x3 board lit as a checkerboard", 3, 3, func(m *gocv.Mat, r, c, x, y int) { button(m, x, y, (r+c)%2 == 0) }, false},
		{"6x6 board lit at random", 6, 6, func(m *gocv.Mat, r, c, x, y int) { button(m, x, y, random[r*6+c]) }, false},
		{"6x6 board all off", 6, 6, func(m *gocv.Mat, r, c, x, y int) { button(m, x, y, false) }, false},
		{"8x8 fabric of faint squares", 8, 8, func(m *gocv.Mat, r, c, x, y int) { square(m, x, y, uint8(100+10*((r+c)%2))) }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 35, 30, 0), 2*y0+tc.rows*pitch, 2*x0+tc.cols*pitch, gocv.MatTypeCV8UC3)
			defer img.Close()
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					tc.look(&img, r, c, x0+c*pitch, y0+r*pitch)
				}
			}
			addNoise(&img, 3)
			l := lattice{rows: tc.rows, cols: tc.cols, h: [9]float64{pitch, 0, x0, 0, pitch, y0, 0, 0, 1}}
			if got := checkerLike(img, l); got != tc.want {
				t.Errorf("checkerLike = %v, want %v", got, tc.want)
			}
		})
	}
}
