package vision

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestOccluded draws rectified screen boards (flat cells on black gaps,
// one ring of would-be cells around them) and checks how occluded reads
// a doubted cell: under a white hand with a black outline, pointing at
// its centre, by the colour shown around the hand; a lone white light
// centred in its cell as it was read.
func TestOccluded(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	green := color.RGBA{40, 220, 60, 255}
	blue := color.RGBA{20, 30, 110, 255}
	cream := color.RGBA{255, 248, 230, 255}
	maroon := color.RGBA{90, 50, 60, 255}
	white := color.RGBA{255, 255, 255, 255}
	black := color.RGBA{0, 0, 0, 255}
	// hand draws a cursor's hand pointing at the centre of cell (r, c):
	// the finger up from the centre, the palm below it.
	hand := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		finger := image.Rect(x0+px/2-3, y0+px/2, x0+px/2+3, y0+px/2+12)
		palm := image.Rect(x0+px/2-6, y0+px/2+8, x0+px/2+12, y0+px+6)
		for _, rc := range []image.Rectangle{finger, palm} {
			gocv.Rectangle(img, rc.Inset(-1), black, -1)
		}
		for _, rc := range []image.Rectangle{finger, palm} {
			gocv.Rectangle(img, rc.Inset(1), white, -1)
		}
	}
	// disc draws a white light filling cell (r, c) about its centre.
	disc := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Circle(img, image.Pt(x0+px/2, y0+px/2), px*2/5, white, -1)
	}
	checker := func(r, c int) bool { return (r+c)%2 == 0 } // (1, 2) unlit
	none := func(r, c int) bool { return false }
	all := func(r, c int) bool { return true }
	tests := []struct {
		name    string
		lit     func(r, c int) bool // the cells drawn lit
		on, off color.RGBA
		cover   func(img *gocv.Mat, r, c int) // drawn over cell (1, 2)
		read    bool                          // the reading of cell (1, 2), in doubt
		want    bool                          // its reading after occluded
	}{
		{"hand over an unlit cell among green lights", checker, green, blue, hand, true, false},
		{"hand over an unlit cell beside white lights", checker, cream, maroon, hand, true, false},
		{"hand over an unlit cell of an all-off board", none, green, blue, hand, true, false},
		{"hand over a lit cell of an all-on board", all, green, blue, hand, false, true},
		{"lone white light", none, green, blue, disc, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), (rows+2)*px, (cols+2)*px, gocv.MatTypeCV8UC3)
			defer img.Close()
			v := &verdict{why: map[string]int{}}
			for r := 0; r < rows; r++ {
				v.lit = append(v.lit, make([]bool, cols))
				v.conf = append(v.conf, make([]float64, cols))
				for c := 0; c < cols; c++ {
					fill := tc.off
					if tc.lit(r, c) {
						fill = tc.on
					}
					x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
					gocv.Rectangle(&img, image.Rect(x0+2, y0+2, x0+px-2, y0+px-2), fill, -1)
					v.lit[r][c] = tc.lit(r, c)
					v.conf[r][c] = 1
				}
			}
			tc.cover(&img, 1, 2)
			v.lit[1][2], v.conf[1][2] = tc.read, 0.3
			occluded(img, px, v)
			if v.lit[1][2] != tc.want {
				t.Errorf("cell (1, 2) read %v, want %v (why %v)", v.lit[1][2], tc.want, v.why)
			}
			if v.conf[1][2] >= UncertainBelow {
				t.Errorf("cell (1, 2) lost its doubt: %.2f", v.conf[1][2])
			}
		})
	}
}
