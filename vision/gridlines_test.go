package vision

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"
)

// gridSegs returns the segments of a rows × cols grid of cells mapped
// through h (cell units to pixels), every line drawn between cell
// corners; skip, when set, leaves out the piece of line between two
// corners it reports true for (horizontal pieces have across false).
func gridSegs(h [9]float64, rows, cols int, skip func(across bool, i, j int) bool) []edgeSeg {
	pt := func(u, v float64) (float64, float64) { return projectPt(h, u, v) }
	var out []edgeSeg
	for r := 0; r <= rows; r++ {
		for c := 0; c < cols; c++ {
			if skip != nil && skip(false, r, c) {
				continue
			}
			x0, y0 := pt(float64(c), float64(r))
			x1, y1 := pt(float64(c+1), float64(r))
			out = append(out, edgeSeg{x0, y0, x1, y1})
		}
	}
	for c := 0; c <= cols; c++ {
		for r := 0; r < rows; r++ {
			if skip != nil && skip(true, r, c) {
				continue
			}
			x0, y0 := pt(float64(c), float64(r))
			x1, y1 := pt(float64(c), float64(r+1))
			out = append(out, edgeSeg{x0, y0, x1, y1})
		}
	}
	return out
}

// projectPt maps (u, v) through the homography h.
func projectPt(h [9]float64, u, v float64) (float64, float64) {
	z := h[6]*u + h[7]*v + h[8]
	return (h[0]*u + h[1]*v + h[2]) / z, (h[3]*u + h[4]*v + h[5]) / z
}

// TestGridOfLines checks that gridOfLines finds grids of edge segments,
// square-on, rotated and in perspective, with interior pieces missing
// (cells of one state side by side) and parallel clutter beside them,
// and finds none in clutter alone or in tiles that run to the photo's
// edge.
func TestGridOfLines(t *testing.T) {
	square := [9]float64{40, 0, 300, 0, 40, 200, 0, 0, 1}
	rotated := [9]float64{36, -17, 300, 17, 36, 200, 0, 0, 1} // about 25°
	tilted := [9]float64{40, 4, 300, 2, 38, 200, 0.02, 0.01, 1}
	// Stripes: long vertical lines 12 px apart left of the boards.
	var stripes []edgeSeg
	for x := 20.0; x < 250; x += 12 {
		stripes = append(stripes, edgeSeg{x, 10, x, 700})
	}
	half := func(across bool, i, j int) bool { return (i*7+j*3+map[bool]int{true: 1}[across])%2 == 0 }
	inner := func(rows, cols int) func(bool, int, int) bool {
		return func(across bool, i, j int) bool {
			if across {
				return j > 0 && j < cols && half(across, i, j)
			}
			return i > 0 && i < rows && half(across, i, j)
		}
	}
	// A run that goes on past the board: three more vertical lines at
	// the board's step to the right of the 4×4 square-on board, each
	// shown along a tenth of the board's height.
	past := gridSegs(square, 4, 4, nil)
	for k := 5.0; k <= 7; k++ {
		past = append(past, edgeSeg{300 + 40*k, 200, 300 + 40*k, 216})
	}
	// Each line a dark line's two edges, 4 px apart.
	var double []edgeSeg
	for _, s := range gridSegs(square, 4, 5, nil) {
		dx, dy := 2.0, 0.0
		if s.x0 == s.x1 {
			dx, dy = 2, 0
		} else {
			dx, dy = 0, 2
		}
		double = append(double, edgeSeg{s.x0 - dx, s.y0 - dy, s.x1 - dx, s.y1 - dy}, edgeSeg{s.x0 + dx, s.y0 + dy, s.x1 + dx, s.y1 + dy})
	}
	// Clutter in two directions: 400 short segments, level or upright,
	// anywhere.
	rnd := rand.New(rand.NewPCG(5, 0))
	var clutter []edgeSeg
	for range 400 {
		x, y, n := 20+rnd.Float64()*900, 20+rnd.Float64()*700, 12+rnd.Float64()*40
		if rnd.IntN(2) == 0 {
			clutter = append(clutter, edgeSeg{x, y, x + n, y})
		} else {
			clutter = append(clutter, edgeSeg{x, y, x, y + n})
		}
	}
	for _, tc := range []struct {
		name       string
		segs       []edgeSeg
		rows, cols int // 0: no grid
	}{
		{"4×4 square-on", gridSegs(square, 4, 4, nil), 4, 4},
		{"3×5 rotated", gridSegs(rotated, 3, 5, nil), 3, 5},
		{"5×6 in perspective", gridSegs(tilted, 5, 6, nil), 5, 6},
		{"4×5, half the inner pieces missing", gridSegs(square, 4, 5, inner(4, 5)), 4, 5},
		{"5×5 in perspective, half missing, stripes beside", append(gridSegs(tilted, 5, 5, inner(5, 5)), stripes...), 5, 5},
		{"2×2", gridSegs(square, 2, 2, nil), 2, 2},
		{"4×4, its columns' step going on faintly past it", past, 4, 4},
		{"4×5 of dark lines, two edges each", double, 4, 5},
		{"stripes alone", stripes, 0, 0},
		{"short edges level and upright anywhere", clutter, 0, 0},
		{"tiles to the photo's edge", gridSegs([9]float64{80, 0, 20, 0, 80, 20, 0, 0, 1}, 9, 12, nil), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fams, ok := gridOfLines(tc.segs, 1000, 800)
			if tc.rows == 0 {
				if ok {
					t.Fatalf("found a %d×%d grid of lines, want none", len(fams[0])-1, len(fams[1])-1)
				}
				return
			}
			if !ok {
				t.Fatal("found no grid")
			}
			a, b := len(fams[0])-1, len(fams[1])-1
			if !(a == tc.rows && b == tc.cols || a == tc.cols && b == tc.rows) {
				t.Errorf("found %d×%d cells, want %d×%d", a, b, tc.rows, tc.cols)
			}
		})
	}
}

// TestGridLineMask renders flat cells edge to edge (lit yellow and grey
// unlit, parted by faint lines, blurred and noisy, the lit ones
// touching) and checks that the mask of gridLineMask parts them into
// one region each.
func TestGridLineMask(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		pitch      int
		seed       uint64
	}{
		{"4×4, 60 px cells", 4, 4, 60, 1},
		{"5×7, 40 px cells", 5, 7, 40, 2},
		{"3×3, 90 px cells", 3, 3, 90, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rnd := rand.New(rand.NewPCG(tc.seed, 0))
			w, h := 800, 600
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 45, 0), h, w, gocv.MatTypeCV8UC3)
			defer img.Close()
			x0, y0 := (w-tc.cols*tc.pitch)/2, (h-tc.rows*tc.pitch)/2
			for r := range tc.rows {
				for c := range tc.cols {
					col := color.RGBA{110, 105, 100, 0}
					if rnd.IntN(2) == 0 {
						col = color.RGBA{250, 200, 30, 0}
					}
					rect := image.Rect(x0+c*tc.pitch, y0+r*tc.pitch, x0+(c+1)*tc.pitch, y0+(r+1)*tc.pitch)
					gocv.Rectangle(&img, rect, col, -1)
					gocv.Rectangle(&img, rect, color.RGBA{130, 125, 120, 0}, 1)
				}
			}
			gocv.GaussianBlur(img, &img, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
			noise := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
			defer noise.Close()
			gocv.RandN(&noise, gocv.NewScalar(0, 0, 0, 0), gocv.NewScalar(4, 4, 4, 0))
			gocv.Add(img, noise, &img)
			grey, mask, blur, edges := gocv.NewMat(), gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
			defer grey.Close()
			defer mask.Close()
			defer blur.Close()
			defer edges.Close()
			gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
			gridLineMask(grey, &mask, &blur, &edges)
			var cc cclScratch
			defer cc.Close()
			bs, err := maskBlobs(mask, 1, float64(w*h), segGridLines, &cc)
			if err != nil {
				t.Fatal(err)
			}
			if len(bs) != tc.rows*tc.cols {
				t.Fatalf("%d regions, want %d", len(bs), tc.rows*tc.cols)
			}
			for i := range bs {
				b := &bs[i]
				if s := b.size(); s < 0.6*float64(tc.pitch) || s > 1.1*float64(tc.pitch) {
					t.Errorf("region at (%.0f, %.0f) is %.0f px across, want about %d", b.x, b.y, s, tc.pitch)
				}
			}
		})
	}
}

// BenchmarkGridLineMask measures the grid-line cue on a cluttered photo
// at the working scale.
func BenchmarkGridLineMask(b *testing.B) {
	img, err := Load("../testdata/photos/00010.jpg", 0)
	if err != nil {
		b.Fatal(err)
	}
	defer img.Close()
	work, grey := gocv.NewMat(), gocv.NewMat()
	defer work.Close()
	defer grey.Close()
	s := float64(workSide) / float64(max(img.Rows(), img.Cols()))
	gocv.Resize(img, &work, image.Point{}, s, s, gocv.InterpolationArea)
	gocv.CvtColor(work, &grey, gocv.ColorBGRToGray)
	mask, blur, edges := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer mask.Close()
	defer blur.Close()
	defer edges.Close()
	for b.Loop() {
		gridLineMask(grey, &mask, &blur, &edges)
	}
}
