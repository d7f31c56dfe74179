package vision

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// TestPatchLatticeFindsGrid draws grids of cells parted by thin dark
// lines, turned and of several pitches, and checks that latticePeaks on
// their autocorrelation gives the grid's vectors.
func TestPatchLatticeFindsGrid(t *testing.T) {
	for _, tc := range []struct {
		pitch, angle float64
	}{{8, 0}, {12, 20}, {16, -15}, {10.5, 25}} {
		t.Run(fmt.Sprintf("pitch %.1f at %.0f°", tc.pitch, tc.angle), func(t *testing.T) {
			sin, cos := math.Sincos(tc.angle * math.Pi / 180)
			p := make([]float64, patchN*patchN)
			for y := 0; y < patchN; y++ {
				for x := 0; x < patchN; x++ {
					u := (float64(x)*cos + float64(y)*sin) / tc.pitch
					v := (-float64(x)*sin + float64(y)*cos) / tc.pitch
					fu, fv := u-math.Floor(u), v-math.Floor(v)
					p[y*patchN+x] = 200
					if fu < 0.12 || fv < 0.12 {
						p[y*patchN+x] = 120
					}
				}
			}
			a, b, ok := latticePeaks(boxSmooth(autocorr(p, patchN), patchN+1, 1), patchN)
			if !ok {
				t.Fatal("no lattice")
			}
			for _, v := range []vec{a, b} {
				if math.Abs(v.len()-tc.pitch) > 1 {
					t.Errorf("vector %v of length %.2f, want %.2f", v, v.len(), tc.pitch)
				}
				ang := math.Mod(math.Atan2(v.y, v.x)*180/math.Pi-tc.angle+360+45, 90) - 45
				if math.Abs(ang) > 4 {
					t.Errorf("vector %v off the grid's axes by %.1f°", v, ang)
				}
			}
		})
	}
}

// screenBoard draws a rows×cols board of flat lit cells parted by thin
// darker lines, pitch pixels a cell, turned by angle degrees about the
// middle of a 640×480 dark photo with a little noise.
func screenBoard(t *testing.T, rows, cols int, pitch, angle float64) gocv.Mat {
	t.Helper()
	img := gocv.NewMatWithSize(480, 640, gocv.MatTypeCV8UC3)
	data, err := img.DataPtrUint8()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(int64(rows*31 + cols)))
	sin, cos := math.Sincos(angle * math.Pi / 180)
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			dx, dy := float64(x)-320, float64(y)-240
			u := (dx*cos+dy*sin)/pitch + float64(cols)/2
			v := (-dx*sin+dy*cos)/pitch + float64(rows)/2
			lv := 25.0
			if u >= 0 && v >= 0 && u < float64(cols) && v < float64(rows) {
				lv = 210
				fu, fv := u-math.Floor(u), v-math.Floor(v)
				if fu < 0.08 || fv < 0.08 {
					lv = 196
				}
			}
			lv += 3 * rng.NormFloat64()
			for c := 0; c < 3; c++ {
				data[3*(y*640+x)+c] = uint8(math.Max(0, math.Min(255, lv)))
			}
		}
	}
	return img
}

// TestCellPhase checks that the cells' centres are found half a cell
// from the lines between them, for boards of odd and even size (the
// middle of the photo on a centre, or on a line).
func TestCellPhase(t *testing.T) {
	for _, tc := range []struct {
		n     int
		angle float64
	}{{5, 0}, {6, 0}, {6, 15}, {7, -20}} {
		t.Run(fmt.Sprintf("%d at %.0f°", tc.n, tc.angle), func(t *testing.T) {
			const pitch = 24.0
			img := screenBoard(t, tc.n, tc.n, pitch, tc.angle)
			defer img.Close()
			data, err := img.DataPtrUint8()
			if err != nil {
				t.Fatal(err)
			}
			f := newFinder(nil, data, 640, 480)
			sin, cos := math.Sincos(tc.angle * math.Pi / 180)
			a, b := vec{pitch * cos, pitch * sin}, vec{-pitch * sin, pitch * cos}
			side := 0.7 * pitch * float64(tc.n)
			pu, pv := cellPhase(f.patch(320, 240, side), side, a, b)
			// Centres at (n/2 - 0.5) mod 1 from the middle.
			want := math.Mod(float64(tc.n)/2+0.5, 1)
			for _, p := range []float64{pu, pv} {
				d := math.Abs(p - want)
				if d = math.Min(d, 1-d); d > 0.1 {
					t.Errorf("phases %.2f, %.2f; want %.2f", pu, pv, want)
				}
			}
		})
	}
}

// TestSplitScreenBoard checks that a board whose lit cells merge into
// one blob, parted by lines too faint for the segmentations, is found
// by its pitch.
func TestSplitScreenBoard(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		angle      float64
	}{{6, 6, 0}, {6, 6, 18}, {5, 5, -12}, {7, 7, 10}} {
		t.Run(fmt.Sprintf("%dx%d at %.0f°", tc.rows, tc.cols, tc.angle), func(t *testing.T) {
			img := screenBoard(t, tc.rows, tc.cols, 26, tc.angle)
			defer img.Close()
			ls, err := findLattices(img, 0, 0, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range ls {
				if l.rows == tc.rows && l.cols == tc.cols {
					return
				}
			}
			got := ""
			for _, l := range ls {
				got += fmt.Sprintf(" %d×%d", l.rows, l.cols)
			}
			t.Errorf("hypotheses%s, none %d×%d", got, tc.rows, tc.cols)
		})
	}
}

// TestPatchLatticeRefusesStripes checks that lines one way only (ruled
// paper, text, stripes) give no lattice: their autocorrelation has a
// ridge along the lines, and any second vector is noise on it.
func TestPatchLatticeRefusesStripes(t *testing.T) {
	for _, tc := range []struct {
		period, angle float64
	}{{10, 0}, {14, 8}, {9, -20}} {
		t.Run(fmt.Sprintf("period %.0f at %.0f°", tc.period, tc.angle), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.period)))
			sin, cos := math.Sincos(tc.angle * math.Pi / 180)
			p := make([]float64, patchN*patchN)
			for y := 0; y < patchN; y++ {
				for x := 0; x < patchN; x++ {
					v := (-float64(x)*sin + float64(y)*cos) / tc.period
					p[y*patchN+x] = 220 + 4*rng.NormFloat64()
					if v-math.Floor(v) < 0.2 {
						p[y*patchN+x] = 90 + 4*rng.NormFloat64()
					}
				}
			}
			if a, b, ok := latticePeaks(boxSmooth(autocorr(p, patchN), patchN+1, 1), patchN); ok {
				t.Errorf("stripes gave the lattice %v, %v", a, b)
			}
		})
	}
}

// TestAutocorrMatchesSum checks autocorr against the sum that defines
// it, on a seeded random patch.
func TestAutocorrMatchesSum(t *testing.T) {
	const n = 8
	rng := rand.New(rand.NewSource(5))
	p := make([]float64, n*n)
	var mean float64
	for i := range p {
		p[i] = 255 * rng.Float64()
		mean += p[i] / (n * n)
	}
	sum := func(dx, dy int) float64 {
		var s float64
		k := 0
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if x+dx >= 0 && x+dx < n && y+dy >= 0 && y+dy < n {
					s += (p[y*n+x] - mean) * (p[(y+dy)*n+x+dx] - mean)
					k++
				}
			}
		}
		return s / float64(k)
	}
	ac := autocorr(p, n)
	zero := sum(0, 0)
	for dy := -n / 2; dy <= n/2; dy++ {
		for dx := -n / 2; dx <= n/2; dx++ {
			got := ac[(dy+n/2)*(n+1)+dx+n/2]
			if want := sum(dx, dy) / zero; math.Abs(got-want) > 1e-9 {
				t.Errorf("lag (%d, %d): %.6f, want %.6f", dx, dy, got, want)
			}
		}
	}
}
