package overlay

import (
	"flag"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/vision"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// scene is a synthetic photo: a tilted board of rows×cols cells, lit ones
// red, on a grey gradient, with the Reading that describes it.
type scene struct {
	w, h       int
	rows, cols int
	corners    [4]vision.Point
	lit        string // row-major '1'/'0'
}

// reading builds the Reading whose homography maps the grid to corners,
// with gocv.GetPerspectiveTransform as the reader would.
func (s scene) reading(t testing.TB) *vision.Reading {
	t.Helper()
	src := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{
		{X: 0, Y: 0}, {X: float32(s.cols), Y: 0}, {X: float32(s.cols), Y: float32(s.rows)}, {X: 0, Y: float32(s.rows)},
	})
	defer src.Close()
	pts := make([]gocv.Point2f, 4)
	for i, p := range s.corners {
		pts[i] = gocv.Point2f{X: float32(p.X), Y: float32(p.Y)}
	}
	dst := gocv.NewPoint2fVectorFromPoints(pts)
	defer dst.Close()
	hm := gocv.GetPerspectiveTransform2f(src, dst)
	defer hm.Close()
	r := &vision.Reading{Rows: s.rows, Cols: s.cols, Corners: s.corners}
	for i := 0; i < 9; i++ {
		r.H[i] = hm.GetDoubleAt(i/3, i%3)
	}
	return r
}

// image renders the scene.
func (s scene) image(t testing.TB, r *vision.Reading) gocv.Mat {
	t.Helper()
	img := gocv.NewMatWithSize(s.h, s.w, gocv.MatTypeCV8UC3)
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			v := uint8(60 + 120*x/s.w)
			img.SetUCharAt(y, 3*x, v)
			img.SetUCharAt(y, 3*x+1, v)
			img.SetUCharAt(y, 3*x+2, uint8(40+100*y/s.h))
		}
	}
	d := drawer{img: &img, r: r}
	for row := 0; row < s.rows; row++ {
		for col := 0; col < s.cols; col++ {
			c := color.RGBA{90, 90, 100, 255}
			if s.lit[row*s.cols+col] == '1' {
				c = color.RGBA{250, 40, 40, 255}
			}
			d.fill(c, d.quad([2]int{row, col}, 0.08))
		}
	}
	return img
}

var tilted = scene{w: 320, h: 240, rows: 5, cols: 5,
	corners: [4]vision.Point{{X: 70, Y: 30}, {X: 250, Y: 45}, {X: 240, Y: 200}, {X: 80, Y: 185}},
	lit:     "0100011100010000000000000"}

var tiny = scene{w: 220, h: 176, rows: 7, cols: 7,
	corners: [4]vision.Point{{X: 44, Y: 16}, {X: 176, Y: 16}, {X: 176, Y: 146}, {X: 44, Y: 146}},
	lit:     "0011110000101010100010001111000001000101111100000"}

var goldenCases = []struct {
	name  string
	scene scene
	marks Marks
}{
	{"presses", tilted, Marks{Presses: [][2]int{{0, 0}, {1, 1}, {2, 3}, {4, 4}}, Uncertain: [][2]int{{3, 2}}}},
	{"numbered", tilted, Marks{Presses: [][2]int{{1, 1}, {2, 1}, {0, 3}, {1, 1}}, Numbered: true}},
	{"corrected", tilted, Marks{Presses: [][2]int{{1, 1}}, Uncertain: [][2]int{{3, 2}, {2, 2}}, Corrected: [][2]int{{2, 2}}, Goal: "on"}},
	{"unsolvable", tilted, Marks{Unsolvable: true, Uncertain: [][2]int{{0, 1}, {4, 4}}, Doubtful: [][2]int{{0, 1}, {4, 4}}}},
	{"solved", tilted, Marks{}},
	{"tiny", tiny, Marks{Presses: [][2]int{{0, 0}, {3, 3}, {6, 6}, {6, 0}}, Uncertain: [][2]int{{1, 0}}}},
	{"alldoubt", tilted, Marks{Presses: [][2]int{{1, 1}, {3, 3}}, Uncertain: allCells(5, 5)}},
	{"sizeunsure", tilted, Marks{Presses: [][2]int{{0, 0}, {2, 3}}, Uncertain: [][2]int{{2, 2}}, SizeUnsure: true}},
}

// Golden images are compared with a tolerance, because anti-aliasing and
// font rendering may differ by a level or two between OpenCV builds: at
// most 0.5% of the pixels may differ by more than 24 in any channel, and
// the mean absolute difference must stay under 1 level.
const (
	goldenLevel = 24
	goldenShare = 0.005
	goldenMean  = 1.0
)

func TestDrawGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.scene.reading(t)
			img := tc.scene.image(t, r)
			defer img.Close()
			Draw(img, r, tc.marks)
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if !gocv.IMWrite(path, img) {
					t.Fatalf("cannot write %s", path)
				}
				return
			}
			want := gocv.IMRead(path, gocv.IMReadColor)
			defer want.Close()
			if want.Empty() {
				t.Fatalf("cannot read %s (run go test -update)", path)
			}
			if want.Rows() != img.Rows() || want.Cols() != img.Cols() {
				t.Fatalf("size %d×%d, golden %d×%d", img.Cols(), img.Rows(), want.Cols(), want.Rows())
			}
			share, mean := compare(img, want, goldenLevel)
			if share > goldenShare || mean > goldenMean {
				t.Errorf("differs from %s: %.2f%% of pixels by more than %d, mean %.2f (run go test -update after checking the image)",
					path, 100*share, goldenLevel, mean)
			}
		})
	}
}

// compare returns the share of pixels of a and b that differ by more than
// level in some channel, and the mean absolute difference over all bytes.
func compare(a, b gocv.Mat, level int) (share, mean float64) {
	pa, _ := a.DataPtrUint8()
	pb, _ := b.DataPtrUint8()
	var bad, sum int
	for i := 0; i+2 < len(pa); i += 3 {
		worst := 0
		for k := 0; k < 3; k++ {
			d := int(pa[i+k]) - int(pb[i+k])
			if d < 0 {
				d = -d
			}
			sum += d
			worst = max(worst, d)
		}
		if worst > level {
			bad++
		}
	}
	return float64(bad) / float64(len(pa)/3), float64(sum) / float64(len(pa))
}

// TestDrawStaysOnBoard checks, on seeded random boards and tilts, that
// Draw keeps the image size, changes no pixel outside the board's grid
// and the legend band, and puts the ring colour where each ring should be.
func TestDrawStaysOnBoard(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		s := tilted
		s.rows, s.cols = 2+int(seed%5), 3+int(seed%4)
		jit := func(k int) float64 { return float64((int(seed)*7919+k*104729)%21) - 10 }
		for i := range s.corners {
			s.corners[i].X += jit(2 * i)
			s.corners[i].Y += jit(2*i + 1)
		}
		s.lit = ""
		for i := 0; i < s.rows*s.cols; i++ {
			s.lit += string("01"[(int(seed)+i*i)%2])
		}
		r := s.reading(t)
		img := s.image(t, r)
		before := img.Clone()
		var presses [][2]int
		for i := 0; i < s.rows*s.cols; i += 3 {
			presses = append(presses, [2]int{i / s.cols, i % s.cols})
		}
		marks := Marks{Presses: presses, Uncertain: [][2]int{{s.rows - 1, s.cols - 1}}}
		_, band, _ := (&drawer{img: &img, r: r}).legendLayout(marks)
		Draw(img, r, marks)
		if img.Rows() != s.h || img.Cols() != s.w {
			t.Fatalf("seed %d: size changed to %d×%d", seed, img.Cols(), img.Rows())
		}
		quad := gocv.NewPointVectorFromPoints([]image.Point{
			pt(r.Project(0, 0)), pt(r.Project(float64(s.cols), 0)),
			pt(r.Project(float64(s.cols), float64(s.rows))), pt(r.Project(0, float64(s.rows))),
		})
		for y := 0; y < s.h; y++ {
			for x := 0; x < s.w; x++ {
				if image.Pt(x, y).In(band) || gocv.PointPolygonTest(quad, image.Pt(x, y), true) > -2 {
					continue
				}
				if a, b := img.GetVecbAt(y, x), before.GetVecbAt(y, x); a[0] != b[0] || a[1] != b[1] || a[2] != b[2] {
					t.Fatalf("seed %d: pixel (%d, %d) outside the board and band changed", seed, x, y)
				}
			}
		}
		quad.Close()
		for _, rc := range presses {
			p := r.Project(float64(rc[1])+0.5+0.31, float64(rc[0])+0.5)
			if v := img.GetVecbAt(int(p.Y), int(p.X)); !(v[2] > 180 && v[1] < 90 && v[0] > 140) {
				t.Errorf("seed %d: cell %v: no ring colour on the ring, BGR %v", seed, rc, v)
			}
		}
		before.Close()
		img.Close()
	}
}

func pt(p vision.Point) image.Point {
	return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
}

func TestDrawPanicsOnCallerBugs(t *testing.T) {
	r := tilted.reading(t)
	tests := []struct {
		name string
		img  func() gocv.Mat
		m    Marks
	}{
		{"gray image", func() gocv.Mat { return gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8U) }, Marks{}},
		{"empty image", func() gocv.Mat { return gocv.NewMat() }, Marks{}},
		{"cell outside", func() gocv.Mat { return gocv.NewMatWithSize(240, 320, gocv.MatTypeCV8UC3) }, Marks{Presses: [][2]int{{5, 0}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := tc.img()
			defer img.Close()
			defer func() {
				if recover() == nil {
					t.Error("Draw did not panic")
				}
			}()
			Draw(img, r, tc.m)
		})
	}
}

func TestLegendText(t *testing.T) {
	tests := []struct {
		name        string
		m           Marks
		main, extra string
	}{
		{"solved", Marks{}, "Already solved: all lights off", ""},
		{"one", Marks{Presses: [][2]int{{0, 0}}, Goal: "on"}, "Press the ringed button: all lights on", ""},
		{"several", Marks{Presses: [][2]int{{0, 0}, {1, 1}}}, "Press the 2 ringed buttons: all lights off", ""},
		{"numbered", Marks{Presses: [][2]int{{0, 0}, {1, 1}, {0, 0}}, Numbered: true}, "3 numbered presses, in order: all lights off", ""},
		{"corrected", Marks{Presses: [][2]int{{0, 0}}, Corrected: [][2]int{{1, 2}}, Uncertain: [][2]int{{1, 2}}}, "Press the ringed button: all lights off", "assumed misread: C2"},
		{"corrected and doubtful", Marks{Presses: [][2]int{{0, 0}}, Corrected: [][2]int{{1, 2}}, Uncertain: [][2]int{{1, 2}, {0, 1}}}, "Press the ringed button: all lights off", "assumed misread: C2; boxed: read with doubt"},
		{"overridden", Marks{Presses: [][2]int{{0, 0}}, Corrected: [][2]int{{1, 2}}, Uncertain: [][2]int{{1, 2}}, Override: true}, "Press the ringed button: all lights off", "changed by you: C2"},
		{"doubtful", Marks{Presses: [][2]int{{0, 0}}, Uncertain: [][2]int{{0, 1}}}, "Press the ringed button: all lights off", "boxed: read with doubt"},
		{"unsolvable, read clearly", Marks{Unsolvable: true, Goal: "on"}, "UNSOLVABLE: no presses turn all lights on", "every light read clearly"},
		{"unsolvable", Marks{Unsolvable: true, Doubtful: [][2]int{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}}}, "UNSOLVABLE: no presses turn all lights off", "most doubtful: A1, B2, C3, D4, ..."},
		{"size unsure", Marks{Presses: [][2]int{{0, 0}}, SizeUnsure: true}, "Press the ringed button: all lights off", "size uncertain: check rows and columns"},
		{"size given, placement unsure", Marks{Presses: [][2]int{{0, 0}}, SizeUnsure: true, SizeGiven: true}, "Press the ringed button: all lights off", "grid placement uncertain: check the outline"},
		{"size unsure and doubtful", Marks{Presses: [][2]int{{0, 0}}, Uncertain: [][2]int{{0, 1}}, SizeUnsure: true}, "Press the ringed button: all lights off", "size uncertain: check rows and columns; boxed: read with doubt"},
		{"every cell doubtful", Marks{Presses: [][2]int{{0, 0}}, Uncertain: allCells(5, 5)}, "Press the ringed button: all lights off", "every light read with doubt: check them"},
		{"every cell doubtful, size unsure", Marks{Presses: [][2]int{{0, 0}}, Uncertain: allCells(5, 5), SizeUnsure: true}, "Press the ringed button: all lights off", "size uncertain: check rows and columns; every light read with doubt: check them"},
		{"unsolvable, size unsure", Marks{Unsolvable: true, Doubtful: [][2]int{{0, 0}}, SizeUnsure: true}, "UNSOLVABLE: no presses turn all lights off", "most doubtful: A1; size uncertain: check rows and columns"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			main, extra := legendText(tc.m, 25)
			if main != tc.main || extra != tc.extra {
				t.Errorf("got %q, %q; want %q, %q", main, extra, tc.main, tc.extra)
			}
		})
	}
}

// BenchmarkDraw12MP draws 30 rings, doubt boxes and the legend on a
// 12 MP photo of an 8×8 board.
func BenchmarkDraw12MP(b *testing.B) {
	s := scene{w: 4000, h: 3000, rows: 8, cols: 8,
		corners: [4]vision.Point{{X: 900, Y: 400}, {X: 3100, Y: 500}, {X: 3000, Y: 2700}, {X: 1000, Y: 2600}}}
	r := s.reading(b)
	img := gocv.NewMatWithSize(s.h, s.w, gocv.MatTypeCV8UC3)
	defer img.Close()
	var presses [][2]int
	for i := 0; i < 30; i++ {
		presses = append(presses, [2]int{i * 7 % 8, i % 8})
	}
	m := Marks{Presses: presses, Uncertain: [][2]int{{0, 0}, {7, 7}}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Draw(img, r, m)
	}
}

// TestDrawRingsOverLegend checks that on a board filling the photo, where
// the legend band must cover part of it, the rings stay visible on top.
func TestDrawRingsOverLegend(t *testing.T) {
	s := scene{w: 200, h: 160, rows: 4, cols: 4,
		corners: [4]vision.Point{{X: 0, Y: 0}, {X: 200, Y: 0}, {X: 200, Y: 160}, {X: 0, Y: 160}},
		lit:     "1010010110100101"}
	r := s.reading(t)
	img := s.image(t, r)
	defer img.Close()
	presses := [][2]int{{3, 0}, {3, 3}, {0, 1}}
	Draw(img, r, Marks{Presses: presses})
	for _, rc := range presses {
		// The bottom of the ring: inside the band for the bottom row.
		p := r.Project(float64(rc[1])+0.5, float64(rc[0])+0.5+0.31)
		if v := img.GetVecbAt(int(p.Y), int(p.X)); !(v[2] > 180 && v[1] < 90 && v[0] > 140) {
			t.Errorf("cell %v: ring hidden, BGR %v", rc, v)
		}
	}
}

// allCells lists every cell of a rows×cols board, row-major.
func allCells(rows, cols int) [][2]int {
	var out [][2]int
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			out = append(out, [2]int{r, c})
		}
	}
	return out
}
