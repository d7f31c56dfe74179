package vision

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// paintSparse paints a board on a light panel, turned by deg degrees, of
// which only the lit cells show: blue squares, no two side by side.
func paintSparse(t *testing.T, rows, cols int, lit [][2]int, deg float64) gocv.Mat {
	t.Helper()
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(70, 75, 80, 0), 720, 960, gocv.MatTypeCV8UC3)
	const pitch, side = 56.0, 38.0
	a := deg * math.Pi / 180
	u := [2]float64{pitch * math.Cos(a), pitch * math.Sin(a)}
	v := [2]float64{-pitch * math.Sin(a), pitch * math.Cos(a)}
	cx, cy := 480.0, 360.0
	at := func(c, r float64) image.Point {
		c -= float64(cols) / 2
		r -= float64(rows) / 2
		return image.Pt(int(math.Round(cx+c*u[0]+r*v[0])), int(math.Round(cy+c*u[1]+r*v[1])))
	}
	fill := func(pts []image.Point, col color.RGBA) {
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		defer pv.Close()
		gocv.FillPoly(&img, pv, col)
	}
	m := 0.6
	fill([]image.Point{at(-m, -m), at(float64(cols)+m, -m), at(float64(cols)+m, float64(rows)+m), at(-m, float64(rows)+m)}, color.RGBA{205, 200, 200, 0})
	h := (1 - side/pitch) / 2
	for _, n := range lit {
		r, c := float64(n[0]), float64(n[1])
		fill([]image.Point{at(c+h, r+h), at(c+1-h, r+h), at(c+1-h, r+1-h), at(c+h, r+1-h)}, color.RGBA{40, 150, 235, 0})
	}
	return img
}

// TestReadSparseLit reads boards of which only the lit lights show, far
// apart (a screen that draws only lit cells, a dim room): the finder
// grew them as pieces of two or three lights and the trim dropped their
// lines as sparse, so they were read 2×2 (render-unseen u32_0134, a 10×10
// tablet with 14 lights on). Each must be read at its size, every light
// right, the size in doubt.
func TestReadSparseLit(t *testing.T) {
	sevens := [][2]int{{0, 1}, {0, 2}, {0, 5}, {2, 0}, {2, 3}, {3, 3}, {3, 6}, {4, 2}, {5, 5}, {6, 0}, {6, 1}, {6, 3}}
	for _, tc := range []struct {
		name       string
		rows, cols int
		lit        [][2]int
		deg        float64
	}{
		{"7×7 upright", 7, 7, sevens, 0},
		{"7×7 turned", 7, 7, sevens, 14},
		{"6×8 turned back", 6, 8, [][2]int{{0, 0}, {0, 4}, {1, 4}, {1, 7}, {2, 2}, {3, 5}, {3, 6}, {4, 0}, {5, 3}, {5, 7}}, -9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := paintSparse(t, tc.rows, tc.cols, tc.lit, tc.deg)
			defer img.Close()
			r, err := Read(img, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := make([][]bool, tc.rows)
			for i := range want {
				want[i] = make([]bool, tc.cols)
			}
			for _, n := range tc.lit {
				want[n[0]][n[1]] = true
			}
			if r.Rows != tc.rows || r.Cols != tc.cols {
				t.Fatalf("read %d×%d, want %d×%d", r.Rows, r.Cols, tc.rows, tc.cols)
			}
			for i := range want {
				for j := range want[i] {
					if r.Lit[i][j] != want[i][j] {
						t.Errorf("cell %d,%d read lit %v, want %v", i, j, r.Lit[i][j], want[i][j])
					}
				}
			}
			if r.SizeSure {
				t.Error("size sure on a lattice of lit lights alone")
			}
		})
	}
}
