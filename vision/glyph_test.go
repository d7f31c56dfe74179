package vision

import (
	"image"
	"image/color"
	"math/rand"
	"strconv"
	"testing"

	"gocv.io/x/gocv"
)

// TestKeypadLike draws grids of keys and checks which look like a
// keypad's: digits on alike keys do, a board's lit and unlit buttons
// (with a little noise and shading) do not, nor do grids of under
// keypadMinCells cells.
func TestKeypadLike(t *testing.T) {
	const pitch, x0, y0 = 40, 30, 30
	cases := []struct {
		name       string
		rows, cols int
		// look draws cell (r, c) of a grid of cols columns into the square at (x, y).
		look func(m *gocv.Mat, r, c, cols, x, y int)
		want bool
	}{
		{"3x3 keypad", 3, 3, digitKey, true},
		{"3x5 keypad", 3, 5, digitKey, true},
		{"2x2 digits", 2, 2, digitKey, false},
		{"3x3 board", 3, 3, boardButton, false},
		{"4x4 board", 4, 4, boardButton, false},
		{"3x5 flat keys", 3, 5, func(m *gocv.Mat, r, c, cols, x, y int) { keyFace(m, x, y) }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 35, 30, 0), 2*y0+tc.rows*pitch, 2*x0+tc.cols*pitch, gocv.MatTypeCV8UC3)
			defer img.Close()
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					tc.look(&img, r, c, tc.cols, x0+c*pitch, y0+r*pitch)
				}
			}
			addNoise(&img, 3)
			l := lattice{rows: tc.rows, cols: tc.cols, h: [9]float64{pitch, 0, x0, 0, pitch, y0, 0, 0, 1}}
			if got := keypadLike(img, l); got != tc.want {
				t.Errorf("keypadLike = %v, want %v", got, tc.want)
			}
		})
	}
}

// keyFace draws a grey rounded key in the pitch-40 square at (x, y).
func keyFace(m *gocv.Mat, x, y int) {
	gocv.Rectangle(m, image.Rect(x+4, y+4, x+36, y+36), color.RGBA{70, 70, 75, 0}, -1)
}

// digitKey draws a key printed with the number 1+r*cols+c.
func digitKey(m *gocv.Mat, r, c, cols, x, y int) {
	keyFace(m, x, y)
	s := strconv.Itoa(1 + r*cols + c)
	scale := 0.7
	if len(s) > 1 {
		scale = 0.45
	}
	sz := gocv.GetTextSize(s, gocv.FontHersheySimplex, scale, 2)
	gocv.PutText(m, s, image.Pt(x+20-sz.X/2, y+20+sz.Y/2), gocv.FontHersheySimplex, scale, color.RGBA{220, 220, 220, 0}, 2)
}

// boardButton draws a round button, lit (a bright glow) on a
// checkerboard of cells, with the photo darkening to the right.
func boardButton(m *gocv.Mat, r, c, cols, x, y int) {
	v := uint8(90 - 3*c)
	if (r+c)%2 == 0 {
		v = uint8(230 - 3*c)
	}
	gocv.Circle(m, image.Pt(x+20, y+20), 14, color.RGBA{v, v, v / 2, 0}, -1)
	gocv.Circle(m, image.Pt(x+20, y+20), 14, color.RGBA{30, 30, 30, 0}, 2)
}

// addNoise adds seeded uniform noise of ±amp grey levels to m.
func addNoise(m *gocv.Mat, amp int) {
	data, err := m.DataPtrUint8()
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewSource(1))
	for i, v := range data {
		n := int(v) + rng.Intn(2*amp+1) - amp
		data[i] = uint8(min(255, max(0, n)))
	}
}
