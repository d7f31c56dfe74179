package synth

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
	"lightsout/solver"
)

// seeds returns how many seeds per style a test covers.
func seeds(t *testing.T, short, full int) int {
	if testing.Short() {
		return short
	}
	return full
}

// small keeps test renders quick.
const testPixels = 400_000

func TestRenderLabelIsValid(t *testing.T) {
	n := seeds(t, 4, 15)
	for _, style := range Styles() {
		t.Run(style, func(t *testing.T) {
			for seed := int64(1); seed <= int64(n); seed++ {
				img, e, err := Render(seed, &Options{Style: style, MaxPixels: testPixels, Uneven: seed%2 == 0})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkEntry(t, seed, img, e, testPixels)
				img.Close()
			}
		})
	}
}

func checkEntry(t *testing.T, seed int64, img gocv.Mat, e labels.Entry, maxPix int) {
	t.Helper()
	w, h := float64(img.Cols()), float64(img.Rows())
	if img.Empty() || img.Channels() != 3 {
		t.Fatalf("seed %d: image %dx%d with %d channels", seed, img.Cols(), img.Rows(), img.Channels())
	}
	if img.Cols()*img.Rows() > maxPix {
		t.Errorf("seed %d: %dx%d is over %d pixels", seed, img.Cols(), img.Rows(), maxPix)
	}
	e.File = "x.png"
	data, err := json.Marshal([]labels.Entry{e})
	if err != nil {
		t.Fatal(err)
	}
	back, err := labels.Parse(data)
	if err != nil {
		t.Fatalf("seed %d: label does not parse: %v", seed, err)
	}
	if fmt.Sprint(back[0]) != fmt.Sprint(e) {
		t.Errorf("seed %d: label changed on a round trip:\n%+v\n%+v", seed, back[0], e)
	}
	if e.Rows < 2 || e.Rows > 10 || e.Cols < 2 || e.Cols > 10 {
		t.Errorf("seed %d: size %dx%d outside 2..10", seed, e.Rows, e.Cols)
	}
	if len(e.Corners) != 4 {
		t.Fatalf("seed %d: %d corners", seed, len(e.Corners))
	}
	for i, c := range e.Corners {
		if c[0] < -0.5 || c[1] < -0.5 || c[0] > w-0.5 || c[1] > h-0.5 {
			t.Errorf("seed %d: corner %d %v outside the %vx%v image", seed, i, c, w, h)
		}
	}
	// Clockwise in image coordinates (y down) means a positive shoelace sum.
	var area float64
	for i := range 4 {
		a, b := e.Corners[i], e.Corners[(i+1)%4]
		area += a[0]*b[1] - b[0]*a[1]
	}
	if area <= 0 {
		t.Errorf("seed %d: corners %v are not clockwise", seed, e.Corners)
	}
	// Row 0 is the top row: the top edge is above the bottom edge.
	if e.Corners[0][1]+e.Corners[1][1] >= e.Corners[2][1]+e.Corners[3][1] {
		t.Errorf("seed %d: top edge below bottom edge: %v", seed, e.Corners)
	}
	// Cells are big enough to read.
	edge := math.Hypot(e.Corners[1][0]-e.Corners[0][0], e.Corners[1][1]-e.Corners[0][1]) / float64(e.Cols)
	if edge < 4 {
		t.Errorf("seed %d: cells only %.1f px wide", seed, edge)
	}
}

// TestLightsAtCorners checks the label against the pixels: the same seed
// rendered with every light off differs from the real render at the
// centre of each lit cell and nowhere near the centre of an unlit one.
// Both renders are clean (no light changes, glare, bloom, blur or noise),
// so the only difference is the lights.
func TestLightsAtCorners(t *testing.T) {
	n := seeds(t, 3, 12)
	for _, style := range Styles() {
		t.Run(style, func(t *testing.T) {
			for seed := int64(1); seed <= int64(n); seed++ {
				checkLightsAt(t, seed, style)
			}
		})
	}
}

func checkLightsAt(t *testing.T, seed int64, style string) {
	t.Helper()
	opts := &Options{Style: style, MaxPixels: testPixels, Uneven: seed%2 == 0}
	on, e, err := render(seed, opts, knobs{clean: true})
	if err != nil {
		t.Fatal(err)
	}
	defer on.Close()
	off, e2, err := render(seed, opts, knobs{clean: true, allOff: true})
	if err != nil {
		t.Fatal(err)
	}
	defer off.Close()
	if fmt.Sprint(e.Corners) != fmt.Sprint(e2.Corners) {
		t.Fatalf("seed %d: corners moved when the lights went off: %v vs %v", seed, e.Corners, e2.Corners)
	}
	h, err := fitHom([4][2]float64{{0, 0}, {float64(e.Cols), 0}, {float64(e.Cols), float64(e.Rows)}, {0, float64(e.Rows)}},
		[4][2]float64{e.Corners[0], e.Corners[1], e.Corners[2], e.Corners[3]})
	if err != nil {
		t.Fatal(err)
	}
	// A cursor in a screenshot may cover the middle of its cell.
	cr, cc := -1, -1
	if i := strings.Index(e.Notes, " on "); i >= 0 {
		fmt.Sscanf(e.Notes[i+4:], "%d,%d", &cr, &cc)
	}
	for r := range e.Rows {
		for c := range e.Cols {
			if r == cr && c == cc {
				continue
			}
			d := cellDiff(on, off, h, r, c)
			lit := e.Lights[r][c] == '1'
			if lit && d < 40 {
				t.Errorf("seed %d (%s): lit cell %d,%d barely changes (%.0f)", seed, e.Notes, r, c, d)
			}
			if !lit && d > 6 {
				t.Errorf("seed %d (%s): unlit cell %d,%d changes (%.0f)", seed, e.Notes, r, c, d)
			}
		}
	}
}

// cellDiff is the largest difference between a and b over the middle of
// cell (r, c) (from 0.15 to 0.85 of the cell each way), found through h.
func cellDiff(a, b gocv.Mat, h hom, r, c int) float64 {
	var d float64
	const n = 8
	for i := range n + 1 {
		for j := range n + 1 {
			u := float64(c) + 0.15 + 0.7*float64(j)/n
			v := float64(r) + 0.15 + 0.7*float64(i)/n
			x, y := h.apply(u, v)
			d = math.Max(d, pixelDiff(a, b, int(math.Round(x)), int(math.Round(y))))
		}
	}
	return d
}

// pixelDiff is the largest channel difference between a and b at (x, y).
func pixelDiff(a, b gocv.Mat, x, y int) float64 {
	var d float64
	for ch := range 3 {
		va := float64(a.GetVecbAt(y, x)[ch])
		vb := float64(b.GetVecbAt(y, x)[ch])
		d = math.Max(d, math.Abs(va-vb))
	}
	return d
}

func TestDeterministic(t *testing.T) {
	for _, seed := range []int64{1, 7, 100000} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			opts := &Options{MaxPixels: testPixels}
			a, extA, ea, err := Encode(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			b, extB, eb, err := Encode(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) || extA != extB || fmt.Sprint(ea) != fmt.Sprint(eb) {
				t.Errorf("seed %d renders differently twice", seed)
			}
			c, _, _, err := Encode(seed+1, opts)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(a, c) {
				t.Errorf("seeds %d and %d render the same bytes", seed, seed+1)
			}
		})
	}
}

func TestOptionsErrors(t *testing.T) {
	tests := []struct {
		name string
		opts Options
	}{
		{"unknown style", Options{Style: "nope"}},
		{"one row", Options{Rows: 1, Cols: 5}},
		{"too many cols", Options{Rows: 5, Cols: 11}},
		{"negative", Options{Rows: -1}},
		{"tiny cap", Options{MaxPixels: 1000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, _, err := Render(1, &tt.opts)
			if !errors.Is(err, ErrOptions) {
				t.Errorf("Render(%+v) = %v, want ErrOptions", tt.opts, err)
			}
			img.Close()
		})
	}
}

func TestFixedSize(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {4, 5}, {7, 6}, {10, 10}, {3, 0}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			img, e, err := Render(3, &Options{Rows: sz[0], Cols: sz[1], MaxPixels: testPixels})
			if err != nil {
				t.Fatal(err)
			}
			defer img.Close()
			if e.Rows != sz[0] || (sz[1] != 0 && e.Cols != sz[1]) {
				t.Errorf("asked %v, got %dx%d", sz, e.Rows, e.Cols)
			}
		})
	}
}

func TestWriteSet(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSet(dir, 5, 6, &Options{MaxPixels: testPixels}); err != nil {
		t.Fatal(err)
	}
	es, err := labels.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 6 {
		t.Fatalf("%d labels, want 6", len(es))
	}
	for i, e := range es {
		want := fmt.Sprintf("%05d", 5+i)
		if e.File != want+".jpg" && e.File != want+".png" {
			t.Errorf("entry %d is %q, want %s.jpg or .png", i, e.File, want)
		}
		img := gocv.IMRead(dir+"/"+e.File, gocv.IMReadColor)
		if img.Empty() {
			t.Errorf("%s does not decode", e.File)
		}
		img.Close()
	}
}

func TestFitHom(t *testing.T) {
	src := [4][2]float64{{0, 0}, {5, 0}, {5, 4}, {0, 4}}
	dst := [4][2]float64{{10, 20}, {110, 30}, {100, 120}, {5, 100}}
	h, err := fitHom(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		x, y := h.apply(src[i][0], src[i][1])
		if math.Hypot(x-dst[i][0], y-dst[i][1]) > 1e-9 {
			t.Errorf("point %d maps to (%v, %v), want %v", i, x, y, dst[i])
		}
	}
	if _, err := fitHom(src, [4][2]float64{{0, 0}, {0, 0}, {0, 0}, {0, 0}}); err == nil {
		t.Error("degenerate quad fitted")
	}
}

// BenchmarkRender12MP renders one large photo: the slowest case.
func BenchmarkRender12MP(b *testing.B) {
	for b.Loop() {
		img, _, err := Render(36, &Options{Style: StyleKeypad}) // 3996×2998
		if err != nil {
			b.Fatal(err)
		}
		img.Close()
	}
}

func BenchmarkRender(b *testing.B) {
	// Mixed sizes as in a default set: the whole range, no cap.
	for i := 0; b.Loop(); i++ {
		img, _, err := Render(int64(1+i%50), nil)
		if err != nil {
			b.Fatal(err)
		}
		img.Close()
	}
}

func ExampleStyles() {
	fmt.Println(Styles())
	// Output: [handheld keypad escape arcade ledmatrix membrane monitor app pixelart]
}

// TestSolvableBoards checks that Options.Solvable boards can be solved
// and that the default mix includes unsolvable ones.
func TestSolvableBoards(t *testing.T) {
	unsolvable := 0
	for seed := int64(1); seed <= int64(seeds(t, 40, 200)); seed++ {
		for _, solvable := range []bool{true, false} {
			b := newBoard(newRNG(seed, 1), newRNG(seed, 4), 0, 0, true, solvable)
			sb := solver.NewBoard(b.rows, b.cols)
			for i := range b.rows {
				for j := range b.cols {
					sb.Set(i, j, b.lit[i][j])
				}
			}
			_, err := solver.Solve(sb, solver.GoalOff)
			if solvable && err != nil {
				t.Errorf("seed %d: %s board %s: %v", seed, b.lights, sb, err)
			}
			if !solvable && err != nil {
				unsolvable++
			}
		}
	}
	if unsolvable == 0 {
		t.Error("the default mix drew no unsolvable board")
	}
}

// FuzzRender checks that any seed and options either render an image
// whose label passes checkEntry or fail with ErrOptions.
func FuzzRender(f *testing.F) {
	f.Add(int64(1), 0, 0, 0, false, false)
	f.Add(int64(100000), 3, 4, 5, true, false)
	f.Add(int64(-7), 8, 10, 2, false, true)
	f.Add(int64(42), 9, 1, 12, false, false)
	f.Fuzz(func(t *testing.T, seed int64, style, rows, cols int, solvable, uneven bool) {
		opts := &Options{Rows: rows, Cols: cols, MaxPixels: 200_000, Solvable: solvable, Uneven: uneven}
		if styles := Styles(); style >= 0 && style < len(styles) {
			opts.Style = styles[style]
		}
		img, e, err := Render(seed, opts)
		if err != nil {
			if !errors.Is(err, ErrOptions) {
				t.Fatalf("Render(%d, %+v): %v", seed, opts, err)
			}
			return
		}
		defer img.Close()
		checkEntry(t, seed, img, e, opts.MaxPixels)
	})
}

// TestCompositeBeyondHorizon warps a flat whose far side lies behind the
// camera (w ≤ 0 for canvas x ≥ 1500): every image pixel sees the part in
// front, so all of the image must show it. The box of the projected
// corners used to cut it off along a straight edge.
func TestCompositeBeyondHorizon(t *testing.T) {
	f := flat{
		albedo: gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), 1000, 2000, gocv.MatTypeCV8UC3),
		emit:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), 1000, 2000, gocv.MatTypeCV8UC3),
		mask:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 0, 0, 0), 1000, 2000, gocv.MatTypeCV8UC1),
		grid:   affine(100, 100, 100, 100),
	}
	defer f.Close()
	h := hom{1, 0, 0, 0, 1, 0, -1.0 / 1500, 0, 1}
	if !beyondHorizon(f, h) {
		t.Fatal("beyondHorizon = false for a flat crossing the horizon")
	}
	scene := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), 300, 400, gocv.MatTypeCV8UC3)
	defer scene.Close()
	emit := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), 300, 400, gocv.MatTypeCV8UC3)
	defer emit.Close()
	roi, err := composite(f, h, dropShadow{}, &scene, &emit)
	if err != nil {
		t.Fatal(err)
	}
	if roi != image.Rect(0, 0, 400, 300) {
		t.Errorf("changed %v, want the whole image", roi)
	}
	for _, p := range []image.Point{{2, 2}, {397, 2}, {397, 297}, {2, 297}, {200, 150}} {
		if v := scene.GetVecbAt(p.Y, p.X)[0]; v < 250 {
			t.Errorf("pixel %v = %d, want the flat's white", p, v)
		}
	}
}
