package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// TestInvertH checks, on seeded random homographies near the ones a
// board's grid gives, that invertH undoes applyH.
func TestInvertH(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for it := 0; it < 200; it++ {
		m := [9]float64{
			20 + 30*rng.Float64(), 10 * (rng.Float64() - 0.5), 500 * rng.Float64(),
			10 * (rng.Float64() - 0.5), 20 + 30*rng.Float64(), 500 * rng.Float64(),
			0.01 * (rng.Float64() - 0.5), 0.01 * (rng.Float64() - 0.5), 1,
		}
		inv, ok := invertH(m)
		if !ok {
			t.Fatalf("%v: not inverted", m)
		}
		u, v := 12*rng.Float64(), 12*rng.Float64()
		x, y := applyH(&m, u, v)
		gu, gv := applyH(&inv, x, y)
		if math.Hypot(gu-u, gv-v) > 1e-6 {
			t.Fatalf("%v: (%.3f, %.3f) came back as (%.6f, %.6f)", m, u, v, gu, gv)
		}
	}
	if _, ok := invertH([9]float64{1, 2, 3, 2, 4, 6, 0, 0, 1}); ok {
		t.Error("a singular map was inverted")
	}
}

// TestParityHyp checks that each parity class of a union lattice maps
// onto a lattice of its own: every node of the class once, diagonal
// neighbours of the union becoming axis neighbours.
func TestParityHyp(t *testing.T) {
	tests := []struct {
		name   string
		i0, i1 int
		j0, j1 int
	}{
		{"square from the origin", 0, 4, 0, 4},
		{"negative indices", -3, 2, -2, 3},
		{"one line", 0, 0, -3, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := &hyp{node: map[[2]int]int{}}
			k := 0
			for i := tc.i0; i <= tc.i1; i++ {
				for j := tc.j0; j <= tc.j1; j++ {
					u.node[[2]int{i, j}] = k
					k++
				}
			}
			seen := map[int]bool{}
			for par := 0; par < 2; par++ {
				c := parityHyp(u, par)
				// Inverse of the numbering: (a, b) -> (a+b+par, a-b).
				for n, k := range c.node {
					i, j := n[0]+n[1]+par, n[0]-n[1]
					if u.node[[2]int{i, j}] != k {
						t.Fatalf("parity %d: node %v holds blob %d, the union's (%d, %d) holds %d", par, n, k, i, j, u.node[[2]int{i, j}])
					}
					if ((i+j)%2+2)%2 != par {
						t.Fatalf("parity %d: node %v comes from (%d, %d)", par, n, i, j)
					}
					if seen[k] {
						t.Fatalf("blob %d in both classes", k)
					}
					seen[k] = true
				}
			}
			if len(seen) != len(u.node) {
				t.Errorf("%d of %d blobs in a class", len(seen), len(u.node))
			}
		})
	}
}

// latticeBlobs returns blobs of the given size at the points
// (x0 + (c+off)*pitch, y0 + (r+off)*pitch) of a rows×cols lattice.
func latticeBlobs(rows, cols int, x0, y0, pitch, off, size float64) []blob {
	var bs []blob
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			bs = append(bs, blob{x: x0 + (float64(c)+off)*pitch, y: y0 + (float64(r)+off)*pitch, area: size * size, elong: 1, fill: 1, votes: 1, contrast: 40})
		}
	}
	return bs
}

// TestDemoteGaps checks that of a lattice of buttons and the lattice of
// the gaps between them, only the gaps lose score, and that two
// lattices side by side are left alone.
func TestDemoteGaps(t *testing.T) {
	hypOf := func(f *finder, from, rows, cols int) *hyp {
		h := &hyp{node: map[[2]int]int{}}
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				h.node[[2]int{r, c}] = from + r*cols + c
			}
		}
		if !f.fit(h) {
			t.Fatal("fit failed")
		}
		h.extent()
		h.score = 10
		return h
	}
	tests := []struct {
		name      string
		off       float64 // of the second lattice, in pitches
		dx        float64 // and its shift right, in pitches
		wantOuter float64
		wantInner float64
	}{
		{"gaps inside buttons", 0.5, 0, 10, 10 * gapShare},
		{"same points", 0, 0, 10, 10},
		{"side by side", 0.5, 8, 10, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs := latticeBlobs(6, 6, 100, 100, 20, 0, 12)
			bs = append(bs, latticeBlobs(5, 5, 100+tc.dx*20, 100, 20, tc.off, 8)...)
			f := newFinder(bs, nil, 600, 400)
			outer, inner := hypOf(f, 0, 6, 6), hypOf(f, 36, 5, 5)
			f.demoteGaps([]*hyp{outer, inner})
			if outer.score != tc.wantOuter || inner.score != tc.wantInner {
				t.Errorf("scores %.1f and %.1f, want %.1f and %.1f", outer.score, inner.score, tc.wantOuter, tc.wantInner)
			}
		})
	}
}

// TestFindRoundCellsOnFlat draws an app's board of round cells nearly
// touching on a flat light background, where the background between
// every four cells is a compact blob too, and checks that the finder's
// first hypothesis is the board.
func TestFindRoundCellsOnFlat(t *testing.T) {
	tests := []struct {
		rows, cols int
		pitch      int
		angle      float64 // degrees
	}{
		{7, 8, 12, 0},
		{7, 7, 14, 20},
		{5, 5, 20, -10},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d pitch %d at %.0f°", tc.rows, tc.cols, tc.pitch, tc.angle), func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(245, 238, 228, 0), 600, 800, gocv.MatTypeCV8UC3)
			defer img.Close()
			rng := rand.New(rand.NewSource(int64(tc.rows*100 + tc.cols)))
			p := float64(tc.pitch)
			cx, cy := 400.0, 300.0
			sin, cos := math.Sincos(tc.angle * math.Pi / 180)
			// A white panel under the cells.
			panel := gocv.NewPointVectorFromPoints(nil)
			defer panel.Close()
			for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				u := k[0] * (float64(tc.cols)/2 + 0.4) * p
				v := k[1] * (float64(tc.rows)/2 + 0.4) * p
				panel.Append(image.Pt(int(math.Round(cx+u*cos-v*sin)), int(math.Round(cy+u*sin+v*cos))))
			}
			panels := gocv.NewPointsVector()
			defer panels.Close()
			panels.Append(panel)
			gocv.FillPoly(&img, panels, color.RGBA{255, 255, 255, 0})
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					u := (float64(c) - float64(tc.cols-1)/2) * p
					v := (float64(r) - float64(tc.rows-1)/2) * p
					pt := image.Pt(int(math.Round(cx+u*cos-v*sin)), int(math.Round(cy+u*sin+v*cos)))
					col := color.RGBA{190, 190, 195, 0}
					if rng.Intn(2) == 0 {
						col = color.RGBA{40, 230, 90, 0}
					}
					gocv.CircleWithParams(&img, pt, int(0.42*p), col, -1, gocv.LineAA, 0)
				}
			}
			ls, err := findLattices(img, 0, 0, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if ls[0].rows != tc.rows || ls[0].cols != tc.cols {
				got := ""
				for _, l := range ls {
					got += fmt.Sprintf(" %d×%d (%.1f)", l.rows, l.cols, l.score)
				}
				t.Errorf("first of%s, want %d×%d", got, tc.rows, tc.cols)
			}
		})
	}
}
