package vision

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

var (
	extentDir  = flag.String("extent.dir", "", "folder with labels.json whose photos TestRefineExtentDir checks")
	extentFile = flag.String("extent.file", "", "photo of -extent.dir whose refineExtent steps are logged")
	extentPNG  = flag.String("extent.png", "", "with -extent.file, write the rectified window there")
	extentCase = flag.String("extent.case", "", "log the refineExtent steps of TestRefineExtentPainted cases whose name contains this")
	extentHyp  = flag.Int("extent.hyp", 0, "with -extent.file, the finder's hypothesis (0 the first) whose refineExtent steps are logged")
)

// TestRefineExtentDir compares the finder's best grid with the label
// before and after refineExtent over the photos of -extent.dir: grids of
// the right size, and grids of a wrong size marked sure (silent).
func TestRefineExtentDir(t *testing.T) {
	if *extentDir == "" {
		t.Skip("no -extent.dir")
	}
	es, err := labels.Read(*extentDir)
	if err != nil {
		t.Fatal(err)
	}
	var before, after, silentBefore, silentAfter, total, fixed, broke, unsureRight, unsureRightBefore, pickRight, pickSilent int
	var spent time.Duration
	for _, e := range es {
		if e.Ambiguous || (*extentFile != "" && e.File != *extentFile) {
			continue
		}
		p, img, ls, err := findAsRead(filepath.Join(*extentDir, e.File))
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if ls == nil {
			p.Close()
			continue
		}
		total++
		start := time.Now()
		var logf func(string, ...any)
		var dump func(gocv.Mat)
		if *extentFile != "" {
			logf = t.Logf
		}
		if *extentFile != "" && *extentPNG != "" {
			dump = func(m gocv.Mat) {
				if !gocv.IMWrite(*extentPNG, m) {
					t.Errorf("writing %s failed", *extentPNG)
				}
			}
		}
		hyp := ls[0]
		if *extentFile != "" && *extentHyp > 0 && *extentHyp < len(ls) {
			hyp = ls[*extentHyp]
		}
		r, _, _ := refineExtentWindow(img, hyp, logf, dump)
		spent += time.Since(start)
		// With the rivals: the order Read tries them in.
		best := refineHypotheses(img, ls)[0]
		if best.rows == e.Rows && best.cols == e.Cols {
			pickRight++
		} else if best.sizeSure {
			pickSilent++
		}
		if (best.rows == e.Rows && best.cols == e.Cols) != (r.rows == e.Rows && r.cols == e.Cols) {
			t.Logf("%s (%s): with rivals %d×%d, first refined %d×%d, want %d×%d", e.File, e.Style, best.rows, best.cols, r.rows, r.cols, e.Rows, e.Cols)
		}
		p.Close()
		okB := ls[0].rows == e.Rows && ls[0].cols == e.Cols
		okA := r.rows == e.Rows && r.cols == e.Cols
		if okB {
			before++
			if !ls[0].sizeSure {
				unsureRightBefore++
			}
		} else if ls[0].sizeSure {
			silentBefore++
		}
		if okA {
			after++
			if !r.sizeSure {
				unsureRight++
			}
		} else if r.sizeSure {
			silentAfter++
		}
		switch {
		case okA && !okB:
			fixed++
			t.Logf("%s (%s) fixed: %d×%d → %d×%d", e.File, e.Style, ls[0].rows, ls[0].cols, r.rows, r.cols)
		case okB && !okA:
			broke++
			t.Logf("%s (%s) BROKE: %d×%d → %d×%d (sure %v)", e.File, e.Style, ls[0].rows, ls[0].cols, r.rows, r.cols, r.sizeSure)
		case !okA && (r.rows != ls[0].rows || r.cols != ls[0].cols):
			t.Logf("%s (%s) still wrong: %d×%d → %d×%d, want %d×%d", e.File, e.Style, ls[0].rows, ls[0].cols, r.rows, r.cols, e.Rows, e.Cols)
		case !okA:
			t.Logf("%s (%s) unchanged wrong: %d×%d, want %d×%d", e.File, e.Style, r.rows, r.cols, e.Rows, e.Cols)
		}
	}
	t.Logf("right size with the rivals refined too (refineHypotheses): %d, wrong and sure %d", pickRight, pickSilent)
	t.Logf("right size: %d → %d of %d (fixed %d, broke %d; right but marked unsure %d → %d); wrong and sure: %d → %d; refineExtent %.2f ms a photo",
		before, after, total, fixed, broke, unsureRightBefore, unsureRight, silentBefore, silentAfter, float64(spent.Microseconds())/1000/float64(max(total, 1)))
}

// shifted returns l with its grid moved by (du, dv) cells and resized to
// rows×cols: the same board seen through a grid with lines missing or
// added.
func shifted(l lattice, du, dv, rows, cols int) lattice {
	l.h = mul3(l.h, [9]float64{1, 0, float64(du), 0, 1, float64(dv), 0, 0, 1})
	l.rows, l.cols = rows, cols
	return l
}

// lineStep moves a grid's origin by (du, dv) cells and changes its
// size by drows × dcols: one line missing or one too many on a side.
type lineStep struct {
	name                 string
	du, dv, drows, dcols int
}

// in returns the lines [a0, a1) × [b0, b1) of the grid that p makes of a
// rows×cols grid whose first cell is at (r0, c0) of a window.
func (p lineStep) in(r0, c0, rows, cols int) (a0, a1, b0, b1 int) {
	return r0 + p.dv, r0 + p.dv + rows + p.drows, c0 + p.du, c0 + p.du + cols + p.dcols
}

var lineSteps = []lineStep{
	{"missing top", 0, 1, -1, 0},
	{"missing bottom", 0, 0, -1, 0},
	{"missing left", 1, 0, 0, -1},
	{"missing right", 0, 0, 0, -1},
	{"extra top", 0, -1, 1, 0},
	{"extra bottom", 0, 0, 1, 0},
	{"extra left", -1, 0, 0, 1},
	{"extra right", 0, 0, 0, 1},
}

// TestRefineExtentPainted paints boards, hands refineExtent the labelled
// grid with one line missing or one line too many on each side, and
// checks that it returns the labelled size, or a size marked unsure;
// the labelled grid itself must never be changed with the size marked
// sure.
func TestRefineExtentPainted(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 6
	}
	rng := rand.New(rand.NewSource(8))
	perturb := append([]lineStep{{"exact", 0, 0, 0, 0}}, lineSteps...)
	right, tried := 0, 0
	for i := 0; i < n; i++ {
		tb := randomTestBoard(rng)
		img, e := tb.paint(rng)
		truth := lattice{rows: e.Rows, cols: e.Cols, h: labelHomography(t, e), score: 1, sizeSure: true}
		for _, p := range perturb {
			t.Run(fmt.Sprintf("%s/%s", tb, p.name), func(t *testing.T) {
				rows, cols := e.Rows+p.drows, e.Cols+p.dcols
				if rows < 2 || cols < 2 {
					t.Skip("too small to lose a line")
				}
				in := shifted(truth, p.du, p.dv, rows, cols)
				var logf func(string, ...any)
				if *extentCase != "" && strings.Contains(t.Name(), *extentCase) {
					logf = t.Logf
				}
				got, _, _ := refineExtentWindow(img, in, logf, nil)
				ok := got.rows == e.Rows && got.cols == e.Cols
				if ok {
					if d := cornerError(got, e); d > cornerTol {
						t.Errorf("right size %d×%d but corners %.2f pitch off", got.rows, got.cols, d)
					}
				}
				tried++
				if ok {
					right++
				}
				if !ok && got.sizeSure {
					t.Errorf("%d×%d from %d×%d, want %d×%d, and the size is marked sure", got.rows, got.cols, rows, cols, e.Rows, e.Cols)
				}
				if !ok && !got.sizeSure {
					t.Logf("%d×%d from %d×%d, want %d×%d (marked unsure)", got.rows, got.cols, rows, cols, e.Rows, e.Cols)
				}
			})
		}
		img.Close()
	}
	t.Logf("%d of %d grids refined to the labelled size", right, tried)
	if 10*right < 9*tried {
		t.Errorf("only %d of %d grids refined to the labelled size, want 90%%", right, tried)
	}
}

// BenchmarkRefineExtent12MP refines the best grid found in a 12 MP
// render (compare BenchmarkFindLattices12MP and BenchmarkDecode12MP).
func BenchmarkRefineExtent12MP(b *testing.B) {
	img := render12MP(b)
	defer img.Close()
	ls, err := findLattices(img, 0, 0, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		refineExtent(img, ls[0])
	}
}

// TestRefineHypotheses checks the order refineHypotheses returns: the
// labelled grid stays first over a rival on the background, and goes
// first, its size marked unsure, when the first hypothesis is that rival.
func TestRefineHypotheses(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 12; i++ {
		tb := randomTestBoard(rng)
		img, e := tb.paint(rng)
		truth := lattice{rows: e.Rows, cols: e.Cols, h: labelHomography(t, e), score: 1, sizeSure: true}
		// A rival of the same pitch, on the background above the board.
		rival := shifted(truth, 0, -e.Rows-3, 2, 2)
		for _, c := range []struct {
			name      string
			in        []lattice
			wantFirst bool // the labelled grid first
		}{
			{"truth first", []lattice{truth, rival}, true},
			{"rival first", []lattice{rival, truth}, true},
		} {
			t.Run(fmt.Sprintf("%s/%s", tb, c.name), func(t *testing.T) {
				if testing.Verbose() {
					for k, l := range c.in {
						r, cl := refineExtent(img, l)
						t.Logf("hypothesis %d: %d×%d → %d×%d, clarity %.2f", k, l.rows, l.cols, r.rows, r.cols, cl)
					}
				}
				out := refineHypotheses(img, c.in)
				if len(out) != len(c.in) {
					t.Fatalf("%d hypotheses out, %d in", len(out), len(c.in))
				}
				got := out[0]
				isTruth := got.rows == e.Rows && got.cols == e.Cols && cornerError(got, e) <= cornerTol
				if isTruth != c.wantFirst {
					t.Errorf("first is %d×%d (corners %.2f pitch off), want the labelled %d×%d", got.rows, got.cols, cornerError(got, e), e.Rows, e.Cols)
				}
				if c.name == "rival first" && isTruth && got.sizeSure {
					t.Error("a rival moved first keeps its size marked sure")
				}
			})
		}
		img.Close()
	}
}

func TestHasRoom(t *testing.T) {
	// A 4×5 grid of 50-pixel cells with its top-left corner at (x, y)
	// in a 640×480 photo.
	at := func(x, y float64) lattice {
		return lattice{rows: 4, cols: 5, h: [9]float64{50, 0, x, 0, 50, y, 0, 0, 1}}
	}
	cases := []struct {
		name string
		l    lattice
		want bool
	}{
		{"centred", at(195, 140), true},
		{"a pitch from the left", at(50, 140), true},
		{"a fifth of a pitch from the left", at(11, 140), true},
		{"touching the left", at(0, 140), false},
		{"beyond the top", at(195, -10), false},
		{"touching the bottom", at(195, 280), false},
		{"a tenth of a pitch from the right", at(385, 140), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := hasRoom(&c.l, 640, 480, minRoom); got != c.want {
				t.Errorf("hasRoom = %v, want %v", got, c.want)
			}
		})
	}
}

func TestSizeDoubtString(t *testing.T) {
	var l lattice
	l.sizeSure = true
	l.doubt(0)
	if !l.sizeSure || l.doubts != 0 {
		t.Fatalf("doubt(0) changed the lattice: %+v", l)
	}
	l.doubt(doubtWeak | doubtExtentOpen)
	if l.sizeSure {
		t.Error("doubt left the size sure")
	}
	if got, want := l.doubts.String(), "weak, extent open"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestHalfSimilarity(t *testing.T) {
	const n = extentBins - 2*extentSkip
	rng := rand.New(rand.NewSource(1))
	tpl := make([]float64, 3*n*n)
	for k := range tpl {
		tpl[k] = rng.NormFloat64()
	}
	// d matches tpl in its top half and is noise elsewhere.
	d := make([]float64, len(tpl))
	for c := 0; c < 3; c++ {
		for by := 0; by < n; by++ {
			for bx := 0; bx < n; bx++ {
				k := (c*n+by)*n + bx
				if by < n/2 {
					d[k] = tpl[k]
				} else {
					d[k] = rng.NormFloat64()
				}
			}
		}
	}
	tpls := [][]float64{tpl}
	cases := []struct {
		name   string
		side   int
		lo, hi float64
	}{
		{"top half matches", 0, 0.999, 1.001},
		{"bottom half is noise", 1, -0.5, 0.5},
		{"left half is half noise", 2, 0.4, 0.9},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := halfSimilarity(d, tpls, c.side); got < c.lo || got > c.hi {
				t.Errorf("halfSimilarity(side %d) = %.3f, want in [%.2f, %.2f]", c.side, got, c.lo, c.hi)
			}
		})
	}
	if got := halfSimilarity(tpl, tpls, 3); math.Abs(got-1) > 1e-9 {
		t.Errorf("a template against itself: %.6f, want 1", got)
	}
}

func TestPickValue(t *testing.T) {
	cases := []struct {
		name  string
		a, b  [2]float64 // score, clarity
		aWins bool
		why   string
	}{
		{"same clarity, higher score", [2]float64{10, 0.8}, [2]float64{9, 0.8}, true, ""},
		{"same score, clearer", [2]float64{10, 0.5}, [2]float64{10, 0.8}, false, ""},
		{"twice the score, a line wrong", [2]float64{20, 0.45}, [2]float64{10, 0.9}, false, "0.45 clearer outweighs twice the score"},
		{"three times the score, 0.4 less clear", [2]float64{30, 0.5}, [2]float64{10, 0.9}, false, "0.4 clearer outweighs three times the score"},
		{"four times the score", [2]float64{40, 0.5}, [2]float64{10, 0.9}, true, ""},
		{"unjudged against judged", [2]float64{10, math.Inf(-1)}, [2]float64{2, 0.3}, false, "-Inf counts as -1"},
		{"negative score", [2]float64{-1, 1}, [2]float64{0.1, -1}, false, "a negative score counts as 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			va, vb := pickValue(c.a[0], c.a[1]), pickValue(c.b[0], c.b[1])
			if (va > vb) != c.aWins {
				t.Errorf("pickValue%v = %.3f, pickValue%v = %.3f: want a wins %v (%s)", c.a, va, c.b, vb, c.aWins, c.why)
			}
		})
	}
}

// paintedWindow paints a random board and builds the extent window
// around its labelled grid, so that every grid a line or two off it
// lies within the window; the labelled grid's cells are at rows and
// columns extentMargin on.
func paintedWindow(t *testing.T, rng *rand.Rand) (testBoard, labels.Entry, *extentWindow) {
	t.Helper()
	tb := randomTestBoard(rng)
	img, e := tb.paint(rng)
	defer img.Close()
	truth := lattice{rows: e.Rows, cols: e.Cols, h: labelHomography(t, e), score: 1, sizeSure: true}
	w, ok := newExtentWindow(img, truth, nil)
	if !ok {
		t.Fatalf("%s: no window", tb)
	}
	return tb, e, w
}

// TestExtentBlock paints boards and checks the block test on the
// labelled grid and on the grid with a line missing or a line too many
// on each side: it must never pass a wrong grid, and should pass most
// labelled grids of at least blockLines lines each way (the painted
// boards are crisp buttons on a case, what a person reads the size of
// at a glance).
func TestExtentBlock(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	rng := rand.New(rand.NewSource(11))
	perturb := lineSteps
	passed, eligible := 0, 0
	for i := 0; i < n; i++ {
		tb, e, w := paintedWindow(t, rng)
		r0, r1, c0, c1 := extentMargin, extentMargin+e.Rows, extentMargin, extentMargin+e.Cols
		if e.Rows >= blockLines && e.Cols >= blockLines {
			eligible++
			if tpl, med := w.templates(r0, r1, c0, c1); w.block(tpl, med, r0, r1, c0, c1) {
				passed++
			} else {
				t.Logf("%s: the labelled grid is not a block", tb)
			}
		}
		for _, p := range perturb {
			t.Run(fmt.Sprintf("%s/%s", tb, p.name), func(t *testing.T) {
				a0, a1, b0, b1 := p.in(r0, c0, e.Rows, e.Cols)
				if tpl, med := w.templates(a0, a1, b0, b1); w.block(tpl, med, a0, a1, b0, b1) {
					t.Errorf("grid rows %d..%d cols %d..%d passes the block test, want only %d..%d, %d..%d", a0, a1, b0, b1, r0, r1, c0, c1)
				}
			})
		}
	}
	t.Logf("%d of %d labelled grids of at least %d lines each way pass the block test", passed, eligible, blockLines)
	if 10*passed < 9*eligible {
		t.Errorf("only %d of %d labelled grids pass the block test, want 90%%", passed, eligible)
	}
}

func TestVouch(t *testing.T) {
	tests := []struct {
		name      string
		had, drop sizeDoubt
		want      sizeDoubt
		wantSure  bool
	}{
		{"last reason", doubtWeak, doubtWeak, 0, true},
		{"one of two", doubtWeak | doubtRival, doubtWeak, doubtRival, false},
		{"absent reason", doubtRival, doubtWeak, doubtRival, false},
		{"none", 0, doubtWeak, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := lattice{sizeSure: true}
			l.doubt(tt.had)
			l.vouch(tt.drop)
			if l.doubts != tt.want || l.sizeSure != tt.wantSure {
				t.Errorf("doubts %q sure %v, want %q sure %v", l.doubts, l.sizeSure, tt.want, tt.wantSure)
			}
		})
	}
}

// TestRefineExtentFar hands refineExtent the labelled grid of painted
// boards cut to its first two columns, more lines short than the
// window's margin: it must grow the grid past the first window to the
// labelled size, or mark the size unsure.
func TestRefineExtentFar(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 6
	}
	rng := rand.New(rand.NewSource(12))
	right, tried := 0, 0
	for i := 0; i < n; i++ {
		tb := randomTestBoard(rng)
		img, e := tb.paint(rng)
		if e.Cols < extentMargin+3 {
			img.Close()
			continue
		}
		t.Run(tb.String(), func(t *testing.T) {
			truth := lattice{rows: e.Rows, cols: e.Cols, h: labelHomography(t, e), score: 1, sizeSure: true}
			got, _ := refineExtent(img, shifted(truth, 0, 0, e.Rows, 2))
			tried++
			switch {
			case got.rows == e.Rows && got.cols == e.Cols:
				right++
			case got.sizeSure:
				t.Errorf("%d×%d from %d×2, want %d×%d, and the size is marked sure", got.rows, got.cols, e.Rows, e.Rows, e.Cols)
			default:
				t.Logf("%d×%d from %d×2, want %d×%d (marked unsure)", got.rows, got.cols, e.Rows, e.Rows, e.Cols)
			}
		})
		img.Close()
	}
	t.Logf("%d of %d grids grown to the labelled size", right, tried)
	if tried == 0 || 10*right < 8*tried {
		t.Errorf("only %d of %d grids grown to the labelled size, want 80%%", right, tried)
	}
}

// buttonAndBlank returns two orthogonal unit descriptors: a button and
// a cell with nothing of it.
func buttonAndBlank() (button, blank []float64) {
	const n = 3 * extentBins * extentBins
	button = make([]float64, n)
	blank = make([]float64, n)
	for i := range button {
		if i%2 == 0 {
			button[i] = math.Sqrt(2.0 / n)
		} else {
			blank[i] = math.Sqrt(2.0 / n)
		}
	}
	return button, blank
}

// newTestWindow is an empty extent window of rows × cols cells, to fill
// by hand.
func newTestWindow(rows, cols int) *extentWindow {
	return &extentWindow{rows: rows, cols: cols, desc: make([][]float64, rows*cols), energy: make([]float64, rows*cols), bright: make([]float64, rows*cols)}
}

// TestHiddenEdge builds extent windows by hand: a grid of 6×6 cells
// whose left column lies beyond the photo (no descriptor), and whose
// second column holds buttons or blank case. (A strip brighter than the
// buttons by minBrightGap gets a template of its own and stays: the
// templates only keep that from the grid's edge lines.)
func TestHiddenEdge(t *testing.T) {
	button, blank := buttonAndBlank()
	tests := []struct {
		name      string
		cols      int
		second    []float64
		secondLit float64 // brightness of the second column's cells
		want      bool
	}{
		{"blank case inside", 6, blank, 1, true},
		{"buttons inside", 6, button, 1, false},
		{"too narrow to lose it", 3, blank, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, cols := 6+2*extentMargin, tt.cols+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+6, extentMargin, extentMargin+tt.cols
			for i := 0; i < rows; i++ {
				for j := c0 + 1; j < cols; j++ {
					k := i*cols + j
					w.desc[k], w.energy[k], w.bright[k] = button, 1, 1
					if j == c0+1 && i >= r0 && i < r1 {
						w.desc[k], w.bright[k] = tt.second, tt.secondLit
					}
				}
			}
			tpl, med := w.templates(r0, r1, c0, c1)
			if tpl == nil {
				t.Fatal("no template")
			}
			if _, _, ok := w.lineScore(tpl, 2, false, r0, r1, c0, c1); ok {
				t.Fatal("the hidden edge line can be judged")
			}
			if _, got := w.hiddenEdge(tpl, med, 2, r0, r1, c0, c1); got != tt.want {
				t.Errorf("hiddenEdge = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestBlockGroups builds extent windows by hand: a 5×5 grid of lit and
// unlit buttons on blank case. The block test must pass when the unlit
// buttons look alike, and fail when they look alike only loosely (dim,
// blurred): blank case beside them proves nothing then.
func TestBlockGroups(t *testing.T) {
	const n = 3 * extentBins * extentBins
	unit := func(f func(i int) float64) []float64 {
		v := make([]float64, n)
		var ss float64
		for i := range v {
			v[i] = f(i)
			ss += v[i] * v[i]
		}
		for i := range v {
			v[i] /= math.Sqrt(ss)
		}
		return v
	}
	lit := unit(func(i int) float64 { return float64(i%3) - 1 })
	unlit := unit(func(i int) float64 { return float64(i%5) - 2 })
	blank := unit(func(i int) float64 { return math.Sin(float64(i) * 1.7) })
	// Loose versions of the unlit look: itself plus as much noise, a
	// different draw for every cell.
	rng := rand.New(rand.NewSource(3))
	loose := func() []float64 {
		noise := unit(func(int) float64 { return rng.NormFloat64() })
		return unit(func(i int) float64 { return unlit[i] + noise[i] })
	}
	tests := []struct {
		name  string
		loose bool
		want  bool
	}{
		{"crisp unlit buttons", false, true},
		{"loose unlit buttons", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const side = 5
			rows, cols := side+2*extentMargin, side+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+side, extentMargin, extentMargin+side
			for i := 0; i < rows; i++ {
				for j := 0; j < cols; j++ {
					k := i*cols + j
					w.desc[k], w.energy[k], w.bright[k] = blank, 1, 5
					if i < r0 || i >= r1 || j < c0 || j >= c1 {
						continue
					}
					switch {
					case (i+j)%2 == 0:
						w.desc[k], w.bright[k] = lit, 6
					case tt.loose:
						w.desc[k] = loose()
					default:
						w.desc[k] = unlit
					}
				}
			}
			tpl, med := w.templates(r0, r1, c0, c1)
			if got := w.block(tpl, med, r0, r1, c0, c1); got != tt.want {
				t.Errorf("block = %v, want %v (%d templates, median similarity %.2f, groups alike %v)", got, tt.want, len(tpl), med, w.groupsAlike(tpl, r0, r1, c0, c1))
			}
		})
	}
}

// TestAlikeBeyond builds extent windows by hand: a grid of 4 rows of
// buttons on blank case, with some cells of the line just above it
// buttons too (a board's first row under a title that hides the rest).
func TestAlikeBeyond(t *testing.T) {
	button, blank := buttonAndBlank()
	tests := []struct {
		name        string
		cols, alike int
		want        bool
	}{
		{"case all round", 6, 0, false},
		{"two of six", 6, 2, false},
		{"three of six", 6, 3, true},
		{"three of ten", 10, 3, false},
		{"four of ten", 10, 4, true},
		{"all of six", 6, 6, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const gridRows = 4
			rows, cols := gridRows+2*extentMargin, tt.cols+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+gridRows, extentMargin, extentMargin+tt.cols
			for i := range rows {
				for j := range cols {
					k := i*cols + j
					w.desc[k], w.energy[k], w.bright[k] = blank, 1, 5
					inside := i >= r0 && i < r1 && j >= c0 && j < c1
					above := i == r0-1 && j >= c0 && j < c0+tt.alike
					if inside || above {
						w.desc[k] = button
					}
				}
			}
			tpl, med := w.templates(r0, r1, c0, c1)
			if got := w.alikeBeyond(tpl, med, r0, r1, c0, c1); got != tt.want {
				t.Errorf("alikeBeyond = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestAlikeBeyondPainted paints boards: on the labelled grid no line
// just outside looks like the buttons (the case is all round), and on
// the grid a line short of the board, the missing line does (when it is
// long enough to be judged), which puts the size in doubt.
func TestAlikeBeyondPainted(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	rng := rand.New(rand.NewSource(12))
	short, caught := 0, 0
	for i := 0; i < n; i++ {
		tb, e, w := paintedWindow(t, rng)
		r0, r1, c0, c1 := extentMargin, extentMargin+e.Rows, extentMargin, extentMargin+e.Cols
		if tpl, med := w.templates(r0, r1, c0, c1); w.alikeBeyond(tpl, med, r0, r1, c0, c1) {
			t.Errorf("%s: the labelled grid has cells like its own just outside it", tb)
		}
		for _, p := range lineSteps[:4] { // the grids a line short
			// The missing line runs along the grid: a line of fewer
			// than beyondAlikeCells cells is too short for the test.
			long := e.Cols
			if p.dcols != 0 {
				long = e.Rows
			}
			if e.Rows+p.drows < 2 || e.Cols+p.dcols < 2 || long < beyondAlikeCells {
				continue
			}
			short++
			a0, a1, b0, b1 := p.in(r0, c0, e.Rows, e.Cols)
			if tpl, med := w.templates(a0, a1, b0, b1); w.alikeBeyond(tpl, med, a0, a1, b0, b1) {
				caught++
			} else {
				t.Logf("%s, %s: the missing line does not look like the grid's cells", tb, p.name)
			}
		}
	}
	t.Logf("%d of %d grids a line short have their missing line alike beyond", caught, short)
	if 10*caught < 9*short {
		t.Errorf("only %d of %d grids a line short see the missing line, want 90%%", caught, short)
	}
}

// TestBrightRange checks that the grid's brightness range is made of its
// cells' own levels: on a 2×3 grid with one light, the top is that
// light, not a level between it and the caps (tb/71493).
func TestBrightRange(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bright []float64
		lo, hi float64
	}{
		{"one light", []float64{4, 4, 4, 5.5, 4, 4}, 4, 5.5},
		{"all unlit", []float64{4, 4.1, 4, 4.2, 4, 4}, 4, 4.2},
		{"two lights", []float64{4, 5.5, 4, 5.4, 4.1, 4}, 4, 5.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &extentWindow{rows: 2, cols: 3, bright: tc.bright, desc: make([][]float64, 6)}
			for i := range w.desc {
				w.desc[i] = []float64{1}
			}
			lo, hi := w.brightRange(0, 2, 0, 3)
			if lo != tc.lo || hi != tc.hi {
				t.Errorf("brightRange = %v, %v, want %v, %v", lo, hi, tc.lo, tc.hi)
			}
		})
	}
}

// TestUnoccludedEdge builds extent windows by hand: a grid of 5 rows of
// buttons whose bottom edge line holds some blank cells, as a pointer or
// a glare spot over the board leaves them, or as a strip of case does
// when every cell is blank. A short line leaves the grid only when the
// cells an occluder cannot cover are blank too (88068, 88438: a pointer
// over two cells of a 3-cell line); a longer one by its median as
// before.
func TestUnoccludedEdge(t *testing.T) {
	button, blank := buttonAndBlank()
	tests := []struct {
		name   string
		cols   int
		blank  []int // columns of the bottom edge line that are blank
		leaves bool
	}{
		{"3 buttons", 3, nil, false},
		{"pointer over 2 of 3", 3, []int{0, 1}, false},
		{"pointer over 1 of 3", 3, []int{2}, false},
		{"case strip of 3", 3, []int{0, 1, 2}, true},
		{"pointer over 2 of 4", 4, []int{1, 2}, false},
		{"3 of 4 blank", 4, []int{0, 1, 3}, true},
		{"case strip of 4", 4, []int{0, 1, 2, 3}, true},
		{"pointer over 2 of 6", 6, []int{2, 3}, false},
		// Beyond 2·occludedCells cells the median decides, unchanged.
		{"4 of 6 blank", 6, []int{0, 1, 2, 3}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const gridRows = 5
			rows, cols := gridRows+2*extentMargin, tt.cols+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+gridRows, extentMargin, extentMargin+tt.cols
			for i := 0; i < rows; i++ {
				for j := 0; j < cols; j++ {
					k := i*cols + j
					w.desc[k], w.energy[k], w.bright[k] = blank, 1, 1
					if i >= r0 && i < r1 && j >= c0 && j < c1 {
						w.desc[k] = button
					}
				}
			}
			for _, j := range tt.blank {
				w.desc[(r1-1)*cols+c0+j] = blank
			}
			tpl, med := w.templates(r0, r1, c0, c1)
			if tpl == nil {
				t.Fatal("no template")
			}
			s, ok := w.unoccludedScore(tpl, 1, r0, r1, c0, c1)
			m, _, mok := w.lineScore(tpl, 1, false, r0, r1, c0, c1)
			if !ok || !mok {
				t.Fatal("the bottom edge line cannot be judged")
			}
			if s < m {
				t.Errorf("unoccludedScore %.2f below the line's median %.2f", s, m)
			}
			if got := s < shrinkShare*med; got != tt.leaves {
				t.Errorf("leaves = %v (score %.2f, median of the grid %.2f), want %v", got, s, med, tt.leaves)
			}
		})
	}
}

// TestRefineExtentPointer checks that a pointer (white with a black
// outline) over two of the three cells of a painted board's bottom line
// does not drop that line: on a short line the two cells least like the
// buttons are set aside before the line is judged.
func TestRefineExtentPointer(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			tb := testBoard{rows: 5, cols: 3, round: seed%2 == 0, w: 800, h: 600, span: 0.5}
			img, e := tb.paint(rng)
			defer img.Close()
			h := labelHomography(t, e)
			// The pointer: a wedge from the middle of cell (4, 0) to
			// beyond the right edge of cell (4, 1).
			var pts []image.Point
			for _, p := range [][2]float64{{0.3, 4.2}, {2.1, 4.5}, {1.3, 4.6}, {1.9, 5.0}, {1.6, 5.0}, {1.1, 4.75}, {0.3, 5.0}} {
				x, y := applyH(&h, p[0], p[1])
				pts = append(pts, image.Pt(int(x), int(y)))
			}
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
			defer pv.Close()
			gocv.FillPoly(&img, pv, color.RGBA{255, 255, 255, 0})
			gocv.Polylines(&img, pv, true, color.RGBA{0, 0, 0, 0}, 3)
			checkKeepsSize(t, img, e, h)
		})
	}
}

// checkKeepsSize fails t unless refineExtent, given the labelled grid
// (e's size, its homography h) over img, keeps that size.
func checkKeepsSize(t *testing.T, img gocv.Mat, e labels.Entry, h [9]float64) {
	t.Helper()
	truth := lattice{rows: e.Rows, cols: e.Cols, h: h, score: 1, sizeSure: true}
	if got, _, _ := refineExtentWindow(img, truth, nil, nil); got.rows != e.Rows || got.cols != e.Cols {
		t.Errorf("refined to %d×%d, want %d×%d", got.rows, got.cols, e.Rows, e.Cols)
	}
}

// TestRefineExtentGlare checks that glare washing out most of a painted
// board's last two rows (clipped white, no texture left) does not drop
// them: the washed cells are set aside and the rows are judged on the
// buttons that still show (boardgen 109242, a 7×9 keypad read 5×9).
func TestRefineExtentGlare(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			tb := testBoard{rows: 7, cols: 9, round: seed%2 == 0, w: 1000, h: 750, span: 0.6}
			img, e := tb.paint(rng)
			defer img.Close()
			h := labelHomography(t, e)
			// The glare: a white ellipse over cells 3..8 of rows 5 and 6,
			// clipped in its core, its edge softened as a lens spreads it.
			cx, cy := applyH(&h, 6.4, 6.3)
			x0, _ := applyH(&h, 0, 0)
			x1, _ := applyH(&h, 1, 0)
			pitch := math.Abs(x1 - x0)
			mask := gocv.NewMatWithSize(img.Rows(), img.Cols(), gocv.MatTypeCV8UC3)
			defer mask.Close()
			gocv.Ellipse(&mask, image.Pt(int(cx), int(cy)), image.Pt(int(3.6*pitch), int(1.5*pitch)), 0, 0, 360, color.RGBA{255, 255, 255, 0}, -1)
			gocv.GaussianBlur(mask, &mask, image.Pt(0, 0), 0.25*pitch, 0.25*pitch, gocv.BorderDefault)
			gocv.AddWeighted(img, 1, mask, 1.5, 0, &img)
			checkKeepsSize(t, img, e, h)
		})
	}
}

// TestEdgeBeyond checks that an edge line counts as beyond the photo
// when over a third of its cells lie beyond it, and never in a window
// built by hand.
func TestEdgeBeyond(t *testing.T) {
	rows, cols := 4+2*extentMargin, 3+2*extentMargin
	r0, r1, c0, c1 := extentMargin, extentMargin+4, extentMargin, extentMargin+3
	w := newTestWindow(rows, cols)
	if w.edgeBeyond(1, r0, r1, c0, c1) {
		t.Error("a window built by hand has no cells beyond the photo")
	}
	w.beyond = make([]bool, rows*cols)
	// One of the bottom line's three cells beyond: a third, kept.
	w.beyond[(r1-1)*cols+c1-1] = true
	if w.edgeBeyond(1, r0, r1, c0, c1) {
		t.Error("bottom line with one cell of three beyond the photo counted as beyond")
	}
	// Two of three: the line is mostly beyond the photo.
	w.beyond[(r1-1)*cols+c1-2] = true
	if !w.edgeBeyond(1, r0, r1, c0, c1) {
		t.Error("bottom line with two cells of three beyond the photo not counted as beyond")
	}
	// The right line holds one of those cells among four.
	if w.edgeBeyond(3, r0, r1, c0, c1) {
		t.Error("right line with one cell of four beyond the photo counted as beyond")
	}
}

// TestClearerBlock builds extent windows by hand: a board of buttons
// amid blank case, and a grid over it and over blank lines beside it.
// The block of buttons within the grid is found when the grid holds
// more blank cells than buttons (its template then is the case's), and
// the grid is kept when it holds just the board.
func TestClearerBlock(t *testing.T) {
	button, blank := buttonAndBlank()
	tests := []struct {
		name           string
		boardRows      int // the board's rows, from the grid's top
		gridRows       int
		want           bool
		wantR0, wantR1 int
	}{
		{"2x2 board in a 4x2 grid", 2, 4, true, 0, 2},
		{"4x2 board in its own grid", 4, 4, false, 0, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, cols := tt.gridRows+2*extentMargin, 2+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+tt.gridRows, extentMargin, extentMargin+2
			for i := 0; i < rows; i++ {
				for j := 0; j < cols; j++ {
					k := i*cols + j
					w.desc[k], w.energy[k], w.bright[k] = blank, 1, 1
					if i >= r0 && i < r0+tt.boardRows && j >= c0 && j < c1 {
						w.desc[k] = button
					}
				}
			}
			b0, b1, b2, b3, ok := w.clearerBlock(r0, r1, c0, c1)
			if ok != tt.want {
				t.Fatalf("clearerBlock found a block: %v, want %v", ok, tt.want)
			}
			if ok && (b0 != r0+tt.wantR0 || b1 != r0+tt.wantR1 || b2 != c0 || b3 != c1) {
				t.Errorf("block rows %d..%d cols %d..%d, want rows %d..%d cols %d..%d",
					b0-r0, b1-r0, b2-c0, b3-c0, tt.wantR0, tt.wantR1, 0, 2)
			}
		})
	}
}

// TestClearerBlockCorner builds a 3×3 grid of a board in a dim room:
// lit buttons at the four cells of the top-left block and at the
// bottom-right corner, the other cells blank (unlit buttons the photo
// does not show). The block stands out more than the grid, but the
// lines it would leave out hold a button, at their shared corner:
// clearerBlock must keep the grid.
func TestClearerBlockCorner(t *testing.T) {
	button, blank := buttonAndBlank()
	rows, cols := 3+2*extentMargin, 3+2*extentMargin
	w := newTestWindow(rows, cols)
	r0, c0 := extentMargin, extentMargin
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			k := i*cols + j
			w.desc[k], w.energy[k], w.bright[k] = blank, 1, 1
			if u, v := i-r0, j-c0; (u == 0 || u == 1) && (v == 0 || v == 1) || u == 2 && v == 2 {
				w.desc[k] = button
			}
		}
	}
	if b0, b1, b2, b3, ok := w.clearerBlock(r0, r0+3, c0, c0+3); ok {
		t.Errorf("clearerBlock left rows %d..%d cols %d..%d of the 3×3 grid, dropping the lit corner", b0-r0, b1-r0, b2-c0, b3-c0)
	}
}

// TestClarityFarHalf builds extent windows by hand: a 3×3 grid of
// buttons with every line just outside it holding blank case, more
// buttons, case that shares the grid's edges (the half of each cell
// next to the grid like a button, the far half blank), or cells whose
// far half only is like a button. A line outside counts against the
// grid by its far half as well as by its whole: the edge it shares with
// the grid says nothing of what lies beyond.
func TestClarityFarHalf(t *testing.T) {
	button, blank := buttonAndBlank()
	const n = extentBins - 2*extentSkip
	// halves returns a descriptor like near in the half of the cell next
	// to the grid on side and like far in the other half, normalised.
	halves := func(side int, near, far []float64) []float64 {
		d := make([]float64, len(near))
		var ss float64
		for c := 0; c < 3; c++ {
			for by := 0; by < n; by++ {
				for bx := 0; bx < n; bx++ {
					k := (c*n+by)*n + bx
					// The half next to the grid: the bottom of a cell
					// above it (side 0), the top of one below (1), the
					// right of one left of it (2), the left of one right (3).
					isNear := side == 0 && by >= n/2 || side == 1 && by < n/2 || side == 2 && bx >= n/2 || side == 3 && bx < n/2
					d[k] = far[k]
					if isNear {
						d[k] = near[k]
					}
					ss += d[k] * d[k]
				}
			}
		}
		for k := range d {
			d[k] /= math.Sqrt(ss)
		}
		return d
	}
	tests := []struct {
		name       string
		near, far  []float64
		lo, hi     float64
		sharedEdge bool
	}{
		{"blank case all round", blank, blank, 0.99, 1.01, false},
		{"buttons go on beyond", button, button, -0.01, 0.01, false},
		{"case sharing the grid's edges", button, blank, 0.99, 1.01, true},
		{"far half like a button", blank, button, 0.49, 0.51, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, cols := 3+2*extentMargin, 3+2*extentMargin
			w := newTestWindow(rows, cols)
			r0, r1, c0, c1 := extentMargin, extentMargin+3, extentMargin, extentMargin+3
			for i := 0; i < rows; i++ {
				for j := 0; j < cols; j++ {
					k := i*cols + j
					w.energy[k], w.bright[k] = 1, 1
					switch {
					case i >= r0 && i < r1 && j >= c0 && j < c1:
						w.desc[k] = button
					case i == r0-1:
						w.desc[k] = halves(0, tt.near, tt.far)
					case i == r1:
						w.desc[k] = halves(1, tt.near, tt.far)
					case j == c0-1:
						w.desc[k] = halves(2, tt.near, tt.far)
					case j == c1:
						w.desc[k] = halves(3, tt.near, tt.far)
					default:
						w.desc[k] = blank
					}
				}
			}
			got, _ := w.clarity(r0, r1, c0, c1)
			if got < tt.lo || got > tt.hi {
				t.Errorf("clarity %.3f, want in [%.2f, %.2f]", got, tt.lo, tt.hi)
			}
			tpl, med := w.templates(r0, r1, c0, c1)
			if s, _, _ := w.lineScore(tpl, 0, true, r0, r1, c0, c1); tt.sharedEdge && s/med < 0.4 {
				t.Errorf("the shared edge alone makes the line above %.2f alike, want it to look half alike", s/med)
			}
		})
	}
}

func TestRunsToEdge(t *testing.T) {
	// Each case: cut back from beyond the photo, every line outside
	// seen, room beyond every side; and whether the grid runs to the
	// photo's edge.
	tests := map[string][4]bool{
		"inside the photo":                        {false, true, true, false},
		"no room, but every line outside seen":    {false, true, false, false},
		"a line outside unseen, no room":          {false, false, false, true},
		"a line outside unseen, room all round":   {false, false, true, false},
		"cut back, still at the edge":             {true, true, false, true},
		"cut back, then shrunk clear of the edge": {true, true, true, false},
	}
	for name, c := range tests {
		if got := runsToEdge(c[0], c[1], c[2]); got != c[3] {
			t.Errorf("%s: runsToEdge(cut %v, bounded %v, room %v) = %v, want %v", name, c[0], c[1], c[2], got, c[3])
		}
	}
}

// paintCells paints a rows×cols grid of 40-pixel cells on a dark case,
// half a cell of case round it, in a grey 640×480 photo, each cell
// drawn by draw (cell its square in the photo), then noise and a slight
// blur over all. It returns the photo and the grid's homography.
func paintCells(rng *rand.Rand, rows, cols int, draw func(img *gocv.Mat, i, j int, cell image.Rectangle)) (gocv.Mat, [9]float64) {
	const p, x0, y0 = 40, 120, 80
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(140, 150, 150, 0), 480, 640, gocv.MatTypeCV8UC3)
	gocv.Rectangle(&img, image.Rect(x0-p/2, y0-p/2, x0+cols*p+p/2, y0+rows*p+p/2), color.RGBA{50, 45, 40, 0}, -1)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			draw(&img, i, j, image.Rect(x0+j*p, y0+i*p, x0+(j+1)*p, y0+(i+1)*p))
		}
	}
	noise := randomMat(rng, 480, 640, func() float64 { return 128 + 6*rng.NormFloat64() })
	defer noise.Close()
	gocv.AddWeighted(img, 1, noise, 1, -128, &img)
	gocv.GaussianBlur(img, &img, image.Pt(0, 0), 0.8, 0.8, gocv.BorderDefault)
	return img, [9]float64{p, 0, x0, 0, p, y0, 0, 0, 1}
}

// litOrUnlit draws a square button in a cell, lit (orange) or unlit
// (grey) at random.
func litOrUnlit(rng *rand.Rand) func(img *gocv.Mat, i, j int, cell image.Rectangle) {
	return func(img *gocv.Mat, i, j int, cell image.Rectangle) {
		c := color.RGBA{160, 160, 170, 0}
		if rng.Intn(2) == 0 {
			c = color.RGBA{255, 180, 40, 0}
		}
		gocv.Rectangle(img, cell.Inset(8), c, -1)
	}
}

// paintColumns paints a rows×cols board of buttons lit or unlit at
// random (paintCells, litOrUnlit, seeded with seed), its odd columns
// bare case when bare is set.
func paintColumns(seed int64, rows, cols int, bare bool) (gocv.Mat, [9]float64) {
	rng := rand.New(rand.NewSource(seed))
	draw := litOrUnlit(rng)
	return paintCells(rng, rows, cols, func(img *gocv.Mat, i, j int, cell image.Rectangle) {
		if !bare || j%2 == 0 {
			draw(img, i, j, cell)
		}
	})
}

// laid returns a rows×cols grid whose cell coordinates (u, v) map to
// l's cells at (m[0]·u + m[1]·v + m[2], m[3]·u + m[4]·v + m[5]).
func laid(l lattice, m [6]float64, rows, cols int) lattice {
	l.h = mul3(l.h, [9]float64{m[0], m[1], m[2], m[3], m[4], m[5], 0, 0, 1})
	l.rows, l.cols = rows, cols
	return l
}

// laidCase is a grid laid (laid) by m on a board paintColumns paints,
// rows×cols of its own cells, and what a test wants of it.
type laidCase struct {
	name       string
	bare       bool // the board's odd columns bare case
	m          [6]float64
	rows, cols int
	want       bool
}

// Grids laid on a board's cells, for skipsButtons and finerRival.
var (
	everyOtherColumn = [6]float64{2, 0, -0.5, 0, 1, 0}
	alongDiagonals   = [6]float64{1, 1, -0.5, -1, 1, 2.5}
)

// TestCentresOn checks the nesting skipsButtons starts with: every
// cell centre of the coarser grid on a cell centre of the finer one.
func TestCentresOn(t *testing.T) {
	r := lattice{rows: 6, cols: 6, h: [9]float64{40, 0, 120, 0, 40, 80, 0, 0, 1}}
	tests := []struct {
		name       string
		m          [6]float64
		rows, cols int
		want       bool
	}{
		{"every other column", everyOtherColumn, 6, 3, true},
		{"every other row and column", [6]float64{2, 0, -0.5, 0, 2, -0.5}, 3, 3, true},
		{"along the diagonals", alongDiagonals, 3, 3, true},
		{"the grid itself", [6]float64{1, 0, 0, 0, 1, 0}, 6, 6, true},
		{"every other column, half a cell off", [6]float64{2, 0, 0, 0, 1, 0}, 6, 3, false},
		{"every other column, 0.3 of a cell off", [6]float64{2, 0, -0.2, 0, 1, 0}, 6, 3, false},
		{"a pitch and a half", [6]float64{1.5, 0, -0.25, 0, 1, 0}, 6, 4, false},
		{"a column beyond the grid", everyOtherColumn, 6, 4, false},
		{"a row above the grid", [6]float64{2, 0, -0.5, 0, 1, -1}, 6, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := centresOn(laid(r, tt.m, tt.rows, tt.cols), r); got != tt.want {
				t.Errorf("centresOn = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSkipsButtons paints a 6×6 board and checks skipsButtons: a grid
// over every other column, or along the diagonals, skips the board's
// buttons; a grid with too few of the board's cells between its own
// (the board's own grid, none), or whose centres lie on the board's
// lines, does not; nor does a grid over the buttons of a board with a
// column of bare case between each two: a finer grid over it finds no
// buttons between them.
func TestSkipsButtons(t *testing.T) {
	tests := []laidCase{
		{"every other column", false, everyOtherColumn, 6, 3, true},
		{"4×3 along the diagonals", false, alongDiagonals, 4, 3, true},
		// 9 cells of it on the board's and 4 between: under half as
		// many again.
		{"3×3 along the diagonals", false, alongDiagonals, 3, 3, false},
		{"the grid itself", false, [6]float64{1, 0, 0, 0, 1, 0}, 6, 6, false},
		{"half a cell off", false, [6]float64{2, 0, 0, 0, 1, 0}, 6, 3, false},
		// Its cells hold the board's centres a quarter of its own cell
		// apart, but its centres lie between the board's.
		{"0.3 of a cell off", false, [6]float64{2, 0, -0.2, 0, 1, 0}, 6, 3, false},
		{"bare case between", true, everyOtherColumn, 6, 3, false},
	}
	runLaid(t, tests, "skipsButtons", skipsButtons)
}

// runLaid paints each case's board (paintColumns), lays its grid on the
// board's 6×6 grid r, and checks fn(img, laid grid, r) against the
// case's want.
func runLaid(t *testing.T, tests []laidCase, name string, fn func(gocv.Mat, lattice, lattice) bool) {
	t.Helper()
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, h := paintColumns(int64(k), 6, 6, tt.bare)
			defer img.Close()
			r := lattice{rows: 6, cols: 6, h: h, score: 1}
			if got := fn(img, laid(r, tt.m, tt.rows, tt.cols), r); got != tt.want {
				t.Errorf("%s = %v, want %v", name, got, tt.want)
			}
		})
	}
}

// TestGapsBetween is TestSkipsButtons turned round: a grid over every
// other column of a board with a column of bare case between each two
// has gaps between its cells in the finer grid; over a board of buttons
// in every column, or along the finer grid itself, it has not.
func TestGapsBetween(t *testing.T) {
	tests := []laidCase{
		{"bare case between", true, everyOtherColumn, 6, 3, true},
		{"buttons between", false, everyOtherColumn, 6, 3, false},
		{"the grid itself", true, [6]float64{1, 0, 0, 0, 1, 0}, 6, 6, false},
		{"half a cell off", true, [6]float64{2, 0, 0, 0, 1, 0}, 6, 3, false},
	}
	runLaid(t, tests, "gapsBetween", gapsBetween)
}

// TestCaseLike checks caseLike on measured brightness: gaps as dark, or
// as light, as the case around the grid and unlike every shared button
// (boardgen 108226 and 109613, 2×2 boards read 2×3 and 3×3); not unlit
// buttons between lit ones, nearer to them than to the case, nor cells
// within the shared cells' range (lit and unlit buttons alike), nor a
// grid whose surroundings lie beyond the photo.
func TestCaseLike(t *testing.T) {
	for _, tc := range []struct {
		name            string
		shared          []float64
		between, around float64
		want            bool
	}{
		{"gaps lighter than the keys", []float64{4.11, 4.2, 4.41}, 4.84, 4.72, true},
		{"gaps darker than the caps", []float64{4.98, 5.3, 5.57}, 4.17, 3.91, true},
		{"unlit buttons between lit ones", []float64{5.3, 5.4, 5.5}, 4.6, 3.8, false},
		{"within the shared range", []float64{4.2, 4.9, 5.5}, 4.6, 4.6, false},
		{"around beyond the photo", []float64{4.11, 4.2, 4.41}, 4.84, math.NaN(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &betweenSplit{around: tc.around}
			s.shared.bright = tc.shared
			s.between.bright = []float64{tc.between - 0.05, tc.between, tc.between + 0.05}
			if got := s.caseLike(); got != tc.want {
				t.Errorf("caseLike = %v, want %v", got, tc.want)
			}
		})
	}
}

// rivalCase is a choice among hypotheses ls with pick values vals, the
// pick best, and the rival a test wants chosen (-1 for none).
type rivalCase struct {
	name string
	ls   []lattice
	vals []float64
	best int
	want int
}

// TestCoarserRivalDirect checks coarserRival's choice among given pick
// values on a board whose odd columns are bare case: the coarser rival
// must be refined and valued at least rivalScore of the finer pick.
func TestCoarserRivalDirect(t *testing.T) {
	img, h := paintColumns(3, 6, 6, true)
	defer img.Close()
	fine := lattice{rows: 6, cols: 6, h: h, score: 1}
	coarse := laid(fine, everyOtherColumn, 6, 3)
	tests := []rivalCase{
		{"coarser rival valued 0.9", []lattice{fine, coarse}, []float64{1, 0.9}, 0, 1},
		{"coarser rival valued under rivalScore", []lattice{fine, coarse}, []float64{1, 0.9 * rivalScore}, 0, -1},
		{"coarser rival not refined", []lattice{fine, coarse}, []float64{1, 0}, 0, -1},
		{"the pick is the coarser grid", []lattice{coarse, fine}, []float64{1, 0.9}, 0, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := coarserRival(img, tt.ls, tt.vals, tt.best); got != tt.want {
				t.Errorf("coarserRival = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestFinerRival paints a 6×6 board whose bottom row shows only the
// upper half of its buttons (so that the board's grid stands out less,
// clarity about 0.57, and refineHypotheses refines it as a rival), and
// hands refineHypotheses a grid over every other column first and the
// board's grid second, scored so that the coarse grid has the higher
// pick value. The board's grid goes first, marked unsure, when its
// value is at least rivalScore of the coarse grid's; not when it is
// less, nor when the columns between are bare case (the coarse grid is
// then the board). At 0.3 the board's grid still goes first, not as
// finerRival's pick but halvedPitch's: the columns the coarse grid
// skips hold buttons.
func TestFinerRival(t *testing.T) {
	tests := []struct {
		name      string
		bare      bool    // odd columns bare case
		share     float64 // the board grid's pick value over the coarse grid's
		wantFiner bool
	}{
		{"finer rival at 0.6", false, 0.6, true},
		{"finer rival at 0.3, halved", false, 0.3, true},
		{"bare case between", true, 0.6, false},
	}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(k)))
			draw := litOrUnlit(rng)
			img, h := paintCells(rng, 6, 6, func(img *gocv.Mat, i, j int, cell image.Rectangle) {
				switch {
				case tt.bare && j%2 == 1:
				case i < 5:
					draw(img, i, j, cell)
				default:
					in := cell.Inset(8)
					gocv.Rectangle(img, image.Rect(in.Min.X, in.Min.Y, in.Max.X, in.Min.Y+14), color.RGBA{160, 160, 170, 0}, -1)
				}
			})
			defer img.Close()
			fine := lattice{rows: 6, cols: 6, h: h, score: 1, sizeSure: true}
			coarse := laid(fine, everyOtherColumn, 6, 3)
			// The pick values refineHypotheses gives them (clarity does
			// not depend on the score).
			value := func(l lattice) (float64, float64) {
				r, c := refineExtent(img, l)
				keypadDoubt(img, &r)
				if r.rows != l.rows || r.cols != l.cols {
					t.Fatalf("%d×%d refined to %d×%d", l.rows, l.cols, r.rows, r.cols)
				}
				return pickValue(r.score, c) * pickWeight(r), c
			}
			vc, cc := value(coarse)
			vf, cf := value(fine)
			fine.score = tt.share * vc / vf
			if pickValue(fine.score, 1) <= vc {
				t.Fatalf("the board's grid (clarity %.2f) would not be refined as a rival", cf)
			}
			out := refineHypotheses(img, []lattice{coarse, fine})
			gotFiner := out[0].cols == 6
			if gotFiner != tt.wantFiner {
				t.Errorf("first is %d×%d, want the finer grid first %v (clarity coarse %.2f, board %.2f)", out[0].rows, out[0].cols, tt.wantFiner, cc, cf)
			}
			if gotFiner && out[0].sizeSure {
				t.Error("the finer rival moved first keeps its size marked sure")
			}
		})
	}
}

// TestFinerRivalDirect checks finerRival's choice among given pick
// values: the rival must be refined (a value above 0), valued at least
// rivalScore of the pick, and finer than the pick.
func TestFinerRivalDirect(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	img, h := paintCells(rng, 6, 6, litOrUnlit(rng))
	defer img.Close()
	fine := lattice{rows: 6, cols: 6, h: h, score: 1}
	coarse := laid(fine, everyOtherColumn, 6, 3)
	tests := []rivalCase{
		{"finer rival valued 0.5", []lattice{coarse, fine}, []float64{1, 0.5}, 0, 1},
		{"finer rival valued at rivalScore", []lattice{coarse, fine}, []float64{1, rivalScore}, 0, 1},
		{"finer rival valued under rivalScore", []lattice{coarse, fine}, []float64{1, 0.9 * rivalScore}, 0, -1},
		{"finer rival not refined", []lattice{coarse, fine}, []float64{1, 0}, 0, -1},
		{"the pick is the finer grid", []lattice{fine, coarse}, []float64{1, 0.9}, 0, -1},
		{"pick second", []lattice{fine, coarse}, []float64{0.5, 1}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := finerRival(img, tt.ls, tt.vals, tt.best); got != tt.want {
				t.Errorf("finerRival = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestRefineExtentSure paints a 5×5 board over a row of bars at its
// pitch (a frame's pattern, or a case's edge) and hands refineExtent
// the board's grid, marked sure. Bars nearly the buttons' height join
// it clearly; shorter bars under a row of taller ones draw the grid
// down on mixed evidence, and the sure grid keeps its extent. A row of
// bare case taken in by a sure grid still leaves it.
func TestRefineExtentSure(t *testing.T) {
	tests := []struct {
		name       string
		rows       int    // grid rows handed in
		bars       [2]int // heights in pixels of bars in rows 5 and 6 (0: none)
		wantRows   int
		wantUnsure bool
	}{
		{"bars alike, mixed below", 5, [2]int{22, 16}, 5, true},
		{"tall bars, mixed below", 5, [2]int{24, 16}, 5, true},
		{"bars alike, clear below", 5, [2]int{20, 12}, 6, false},
		{"a row of bare case", 6, [2]int{0, 0}, 5, false},
	}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(k)))
			draw := litOrUnlit(rng)
			img, h := paintCells(rng, 7, 5, func(img *gocv.Mat, i, j int, cell image.Rectangle) {
				switch {
				case i < 5:
					draw(img, i, j, cell)
				case tt.bars[i-5] > 0:
					in := cell.Inset(8)
					gocv.Rectangle(img, image.Rect(in.Min.X, in.Min.Y, in.Max.X, in.Min.Y+tt.bars[i-5]), color.RGBA{160, 160, 170, 0}, -1)
				}
			})
			defer img.Close()
			got, _ := refineExtent(img, lattice{rows: tt.rows, cols: 5, h: h, score: 1, sizeSure: true})
			unsure := got.doubts&doubtExtentMixed != 0
			if got.rows != tt.wantRows || got.cols != 5 || unsure != tt.wantUnsure {
				t.Errorf("refined to %d×%d (doubts %q), want %d×5, extent mixed %v", got.rows, got.cols, got.doubts, tt.wantRows, tt.wantUnsure)
			}
		})
	}
}

// TestHalvedPitch paints a 5×5 board and hands halvedPitch a grid over
// every other column (or row) of it: the grid at half the pitch is the
// board's, unsure of its size. The board's own grid, and a grid over
// the buttons of a board with bare case between each two columns, are
// not halved.
func TestHalvedPitch(t *testing.T) {
	everyOtherRow := [6]float64{1, 0, 0, 0, 2, -0.5}
	tests := []laidCase{
		{"every other column", false, everyOtherColumn, 5, 3, true},
		{"every other row", false, everyOtherRow, 3, 5, true},
		{"the board's grid", false, [6]float64{1, 0, 0, 0, 1, 0}, 5, 5, false},
		{"bare case between", true, everyOtherColumn, 5, 3, false},
	}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, h := paintColumns(int64(k), 5, 5, tt.bare)
			defer img.Close()
			board := lattice{rows: 5, cols: 5, h: h, score: 1, sizeSure: true}
			got, ok := halvedPitch(img, laid(board, tt.m, tt.rows, tt.cols), nil)
			if ok != tt.want {
				t.Fatalf("halved = %v, want %v", ok, tt.want)
			}
			if !ok {
				return
			}
			if got.rows != 5 || got.cols != 5 || got.sizeSure {
				t.Errorf("halved to %d×%d (size sure: %v), want 5×5, unsure", got.rows, got.cols, got.sizeSure)
			}
			for i, c := range got.corners() {
				if want := board.corners()[i]; math.Hypot(c.X-want.X, c.Y-want.Y) > 4 {
					t.Errorf("corner %d at (%.1f, %.1f), want (%.1f, %.1f)", i, c.X, c.Y, want.X, want.Y)
				}
			}
		})
	}
}

// TestRefineGrowsFlatRow paints a board as a game app draws it, with
// no noise: on a white bezel, flat cells edge to edge on a dark ground
// a little wider than them, unlit cells dark grey with faint lines
// between, lit ones bright, the top row all unlit (the lights of tuning
// photo 102110 but its top row). Handed the grid without that row,
// refineExtent must take it in: the row's cells show as few edges as
// the board's other unlit cells away from the lit ones, far fewer than
// the median cell.
func TestRefineGrowsFlatRow(t *testing.T) {
	const rows, cols, p, x0, y0, pad = 8, 8, 40, 160, 80, 12
	lights := []string{"00000000", "00000001", "00000110", "00000110", "00110110", "01010000", "00111001", "00000011"}
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(242, 236, 240, 0), 480, 640, gocv.MatTypeCV8UC3)
	defer img.Close()
	gocv.Rectangle(&img, image.Rect(x0-p/2, y0-p/2, x0+cols*p+p/2, y0+rows*p+p/2), color.RGBA{255, 255, 255, 0}, -1)
	gocv.Rectangle(&img, image.Rect(x0-pad, y0-pad, x0+cols*p+pad, y0+rows*p+pad), color.RGBA{50, 52, 56, 0}, -1)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			cell := image.Rect(x0+j*p, y0+i*p, x0+(j+1)*p, y0+(i+1)*p)
			c := color.RGBA{60, 62, 66, 0}
			if lights[i][j] == '1' {
				c = color.RGBA{40, 230, 250, 0}
			}
			gocv.Rectangle(&img, image.Rect(cell.Min.X+1, cell.Min.Y+1, cell.Max.X, cell.Max.Y), c, -1)
		}
	}
	truth := lattice{rows: rows, cols: cols, h: [9]float64{p, 0, x0, 0, p, y0, 0, 0, 1}, score: 1}
	got, _ := refineExtent(img, shifted(truth, 0, 1, rows-1, cols))
	if got.rows != rows || got.cols != cols {
		t.Errorf("refined to %d×%d, want %d×%d", got.rows, got.cols, rows, cols)
	}
}

// TestRefineExtentShadowedLine paints an all-off 7×5 board whose right
// column lies in a shadow (its buttons made no blobs) and whose top row
// is half under a yellow stripe, and hands refineExtent the 7×4 grid
// the finder found, its size vouched for. The shadowed column looks
// like the buttons once brightness is set aside, so it joins the grid,
// though the striped row leaves the evidence mixed.
func TestRefineExtentShadowedLine(t *testing.T) {
	const p, rows, cols = 60, 7, 5
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), (rows+2)*p, (cols+2)*p, gocv.MatTypeCV8UC3)
	defer img.Close()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			gocv.Circle(&img, image.Pt(p+c*p+p/2, p+r*p+p/2), p/3, color.RGBA{120, 70, 60, 0}, -1)
		}
	}
	shade := img.Region(image.Rect(p+(cols-1)*p-4, 0, (cols+2)*p, (rows+2)*p))
	shade.MultiplyFloat(0.4)
	shade.Close()
	gocv.Rectangle(&img, image.Rect(0, p+p/3, p+2*p, p+p/2+4), color.RGBA{240, 200, 30, 0}, -1)
	in := lattice{rows: rows, cols: cols - 1, h: [9]float64{p, 0, p, 0, p, p, 0, 0, 1}, score: 1, sizeSure: true}
	got, _ := refineExtent(img, in)
	if got.rows != rows || got.cols != cols {
		t.Errorf("refined to %d×%d, want %d×%d", got.rows, got.cols, rows, cols)
	}
}

// TestRefineExtentLitLineBeside checks that a column of lit caps beside
// a grid of unlit ones whose brightness a shadow spreads (0.35 log V
// from darkest to brightest, one look all the same) is taken in: only
// a grid that shows both looks, lit and unlit, can tell that a line
// beyond it is too bright to be its buttons (f1 102274, a 3×3 board
// whose lit column was left out).
func TestRefineExtentLitLineBeside(t *testing.T) {
	const p, rows, cols = 60, 3, 3
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), (rows+2)*p, (cols+2)*p, gocv.MatTypeCV8UC3)
	defer img.Close()
	levels := []uint8{95, 125, 100, 130, 105, 135} // the unlit caps of columns 1 and 2, row by row
	for r := 0; r < rows; r++ {
		gocv.Circle(&img, image.Pt(p+p/2, p+r*p+p/2), p/3, color.RGBA{250, 60, 60, 0}, -1)
		for c := 1; c < cols; c++ {
			v := levels[2*r+c-1]
			gocv.Circle(&img, image.Pt(p+c*p+p/2, p+r*p+p/2), p/3, color.RGBA{v, v, v, 0}, -1)
		}
	}
	in := lattice{rows: rows, cols: cols - 1, h: [9]float64{p, 0, 2 * p, 0, p, p, 0, 0, 1}, score: 1, sizeSure: true}
	got, _ := refineExtent(img, in)
	if got.rows != rows || got.cols != cols {
		t.Errorf("refined to %d×%d, want %d×%d", got.rows, got.cols, rows, cols)
	}
}

// TestRefineExtentShadedRow checks that a row of the board's buttons in
// the shade, far darker than the grid's lit and unlit caps but as like
// them in look as they are alike, is taken in: brightness alone marks a
// line foreign only when its look does not vouch for it (boardgen
// 114740, a 3×3 handheld read 2×3 with its darker bottom row left out).
func TestRefineExtentShadedRow(t *testing.T) {
	const p, rows, cols = 60, 3, 3
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), (rows+2)*p, (cols+2)*p, gocv.MatTypeCV8UC3)
	defer img.Close()
	lit := func(r, c int) bool { return r == c && r < 2 || r == 2 && c == 1 }
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			col := color.RGBA{150, 150, 150, 0}
			if lit(r, c) {
				col = color.RGBA{250, 200, 80, 0}
			}
			gocv.Rectangle(&img, image.Rect(p+c*p+8, p+r*p+8, p+c*p+p-8, p+r*p+p-8), col, -1)
		}
	}
	shade := img.Region(image.Rect(0, p+2*p, (cols+2)*p, (rows+2)*p))
	shade.MultiplyFloat(0.55)
	shade.Close()
	in := lattice{rows: rows - 1, cols: cols, h: [9]float64{p, 0, p, 0, p, p, 0, 0, 1}, score: 1, sizeSure: true}
	got, _ := refineExtent(img, in)
	if got.rows != rows || got.cols != cols {
		t.Errorf("refined to %d×%d, want %d×%d", got.rows, got.cols, rows, cols)
	}
}

// paintFlat paints a rows×cols board as a game app draws it: flat cells
// edge to edge, parted by lines a pixel wide, lit (orange) where lit
// says so and unlit (grey) elsewhere (paintCells' noise and blur over
// it).
func paintFlat(seed int64, rows, cols int, lit func(i, j int) bool) (gocv.Mat, [9]float64) {
	rng := rand.New(rand.NewSource(seed))
	return paintCells(rng, rows, cols, func(img *gocv.Mat, i, j int, cell image.Rectangle) {
		c := color.RGBA{160, 160, 170, 0}
		if lit(i, j) {
			c = color.RGBA{255, 180, 40, 0}
		}
		// Rectangle fills both corners: the line is each cell's top and left.
		gocv.Rectangle(img, image.Rect(cell.Min.X+1, cell.Min.Y+1, cell.Max.X-1, cell.Max.Y-1), c, -1)
	})
}

// Light patterns for paintFlat.
var (
	litColumns = func(i, j int) bool { return j%3 == 0 }
	allUnlit   = func(i, j int) bool { return false }
)

// TestBoundaryLines checks the cue by which halvedPitch leaves flat
// cells parted by lines at their pitch: lines on a grid's boundaries
// show only when the grid is the board's own and its cells are flat.
func TestBoundaryLines(t *testing.T) {
	board := [6]float64{1, 0, 0, 0, 1, 0}
	tests := []struct {
		name       string
		flat       bool
		lit        func(i, j int) bool
		m          [6]float64
		rows, cols int
		alongRow   bool
		want       bool
	}{
		{"flat cells, the board's grid, between columns", true, litColumns, board, 5, 5, true, true},
		{"flat cells, the board's grid, between rows", true, litColumns, board, 5, 5, false, true},
		{"flat cells all unlit, the board's grid", true, allUnlit, board, 5, 5, true, true},
		{"flat cells, every other column", true, litColumns, everyOtherColumn, 5, 3, true, false},
		{"buttons with gaps, the board's grid", false, nil, board, 5, 5, true, false},
		{"buttons with gaps, every other column", false, nil, everyOtherColumn, 5, 3, true, false},
	}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var img gocv.Mat
			var h [9]float64
			if tt.flat {
				img, h = paintFlat(int64(k), 5, 5, tt.lit)
			} else {
				img, h = paintColumns(int64(k), 5, 5, false)
			}
			defer img.Close()
			board := lattice{rows: 5, cols: 5, h: h, score: 1, sizeSure: true}
			if got := boundaryLines(img, laid(board, tt.m, tt.rows, tt.cols), tt.alongRow); got != tt.want {
				t.Errorf("boundaryLines = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestHalvedPitchFlat hands halvedPitch the grid of a board of flat
// cells parted by thin lines, lit in whole columns or not at all: the
// grid shifted half a cell down the columns looks just like it, yet it
// is the board's (apps 108037, a 6×3 all unlit, went to 11×2; 109594,
// 5×5 lit in columns, to 9×5).
func TestHalvedPitchFlat(t *testing.T) {
	for k, lit := range []func(i, j int) bool{litColumns, allUnlit} {
		img, h := paintFlat(int64(k), 5, 5, lit)
		defer img.Close()
		if got, ok := halvedPitch(img, lattice{rows: 5, cols: 5, h: h, score: 1, sizeSure: true}, nil); ok {
			t.Errorf("pattern %d: halved to %d×%d, want the board's grid kept", k, got.rows, got.cols)
		}
	}
}

// TestPickWeight checks the factors of a refined grid's pick value: a
// side over 10 counts largeWeight, and largeWeakWeight more when the
// finder's score is weak for its cells (a keyboard beside a small
// board); a weak grid of at most 10 a side, or one that runs to the
// photo's edge, is weighed as its other doubts say.
func TestPickWeight(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		doubts     sizeDoubt
		want       float64
	}{
		{"5×5", 5, 5, 0, 1},
		{"5×5 weak", 5, 5, doubtWeak, 1},
		{"4×11", 4, 11, doubtLarge, largeWeight},
		{"4×11 weak", 4, 11, doubtLarge | doubtWeak, largeWeight * largeWeakWeight},
		{"12×2 weak, open", 12, 2, doubtWeak | doubtExtentOpen, largeWeight * largeWeakWeight * openWeight},
		{"5×5 open", 5, 5, doubtExtentOpen, openWeight},
		{"4×10 staggered", 4, 10, doubtStaggered, staggerWeight},
		{"9×8 checker", 9, 8, doubtChecker, checkerWeight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := lattice{rows: tc.rows, cols: tc.cols, doubts: tc.doubts}
			if got := pickWeight(l); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("pickWeight = %g, want %g", got, tc.want)
			}
		})
	}
}

// TestHalfStepInOwnWindow checks what halfStepLikeness rests on: the
// cells of a grid shifted by half a cell are described alike in the
// shifted grid's own window and, half a cell along, in the grid's
// window. A board painted square is seen in perspective, at a scale
// that samples finer before averaging down (extentSample) and at one
// that does not.
func TestHalfStepInOwnWindow(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	flat, h0 := paintCells(rng, 5, 5, litOrUnlit(rng))
	defer flat.Close()
	for _, zoom := range []float64{0.5, 3} {
		// A perspective view of the painted photo, zoomed.
		src := [][2]float64{{0, 0}, {640, 0}, {640, 480}, {0, 480}}
		dst := [][2]float64{{40 * zoom, 20 * zoom}, {600 * zoom, 60 * zoom}, {560 * zoom, 470 * zoom}, {10 * zoom, 430 * zoom}}
		p, ok := fitHomography(src, dst)
		if !ok {
			t.Fatal("no homography")
		}
		pm := homographyMat(p)
		img := gocv.NewMat()
		gocv.WarpPerspective(flat, &img, pm, image.Pt(int(640*zoom), int(480*zoom)))
		pm.Close()
		l := lattice{rows: 5, cols: 5, h: mul3(p, h0), score: 1}
		own, ok := newExtentWindow(img, l, nil)
		if !ok {
			t.Fatal("no window")
		}
		for _, alongRow := range []bool{true, false} {
			s, bx, by := l, 0, 0
			shift := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
			if alongRow {
				s.cols, bx, shift[2] = s.cols-1, extentBins/2, 0.5
			} else {
				s.rows, by, shift[5] = s.rows-1, extentBins/2, 0.5
			}
			s.h = mul3(l.h, shift)
			sw, ok := newExtentWindow(img, s, nil)
			if !ok {
				t.Fatal("no shifted window")
			}
			n := 0
			for i := extentMargin; i < extentMargin+s.rows; i++ {
				for j := extentMargin; j < extentMargin+s.cols; j++ {
					want := sw.desc[i*sw.cols+j]
					got, _, ok := own.describe(j*extentBins+bx, i*extentBins+by)
					if !ok || want == nil {
						t.Fatalf("zoom %v, along row %v: cell %d,%d not described", zoom, alongRow, i, j)
					}
					if sim := similarity(got, [][]float64{want}); sim < 0.999 {
						t.Errorf("zoom %v, along row %v: cell %d,%d: likeness %.4f to the shifted window's", zoom, alongRow, i, j, sim)
					}
					n++
				}
			}
			if n != s.rows*s.cols {
				t.Fatalf("%d cells compared", n)
			}
		}
		img.Close()
	}
}

// TestRefinedWindow checks that the window refineExtentWindow hands back
// is the one newExtentWindow builds around the refined grid, from grids
// found short, long and right, so that halvedPitch may read it instead.
func TestRefinedWindow(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	handed := 0
	for i := 0; i < 8; i++ {
		tb := randomTestBoard(rng)
		img, e := tb.paint(rng)
		truth := lattice{rows: e.Rows, cols: e.Cols, h: labelHomography(t, e), score: 1, sizeSure: true}
		for _, in := range []lattice{truth, shifted(truth, 0, 0, e.Rows, max(2, e.Cols-1)), shifted(truth, -1, 0, e.Rows, e.Cols+1)} {
			r, _, w := refineExtentWindow(img, in, nil, nil)
			if w == nil {
				continue
			}
			handed++
			fresh, ok := newExtentWindow(img, r, nil)
			if !ok {
				t.Fatalf("%s: no window around the refined %d×%d grid", tb, r.rows, r.cols)
			}
			if !reflect.DeepEqual(w, fresh) {
				t.Errorf("%s: from %d×%d, the window handed back differs from the refined %d×%d grid's", tb, in.rows, in.cols, r.rows, r.cols)
			}
		}
		img.Close()
	}
	t.Logf("a window handed back for %d of 24 refinements", handed)
	if handed < 12 {
		t.Errorf("a window handed back for %d of 24 refinements, want most", handed)
	}
}

// gridAt is a rows×cols lattice through homography h.
func gridAt(rows, cols int, h [9]float64) lattice { return lattice{rows: rows, cols: cols, h: h} }

// TestPartOf checks partOf on grids of a 4×4 lattice of 30-pixel cells:
// a block of its cells at its pitch is part of it, whichever way the
// block runs its rows; the lattice itself, a block half a cell off, and
// a grid at twice its pitch are not.
func TestPartOf(t *testing.T) {
	r := gridAt(4, 4, [9]float64{30, 0, 10, 0, 30, 20, 0, 0, 1})
	for _, tc := range []struct {
		name string
		b    lattice
		want bool
	}{
		{"3×4 block", gridAt(3, 4, [9]float64{30, 0, 10, 0, 30, 50, 0, 0, 1}), true},
		{"2×3 block, rows down r's columns", gridAt(2, 3, [9]float64{0, 30, 40, 30, 0, 20, 0, 0, 1}), true},
		{"the lattice itself", r, false},
		{"half a cell off", gridAt(3, 3, [9]float64{30, 0, 25, 0, 30, 20, 0, 0, 1}), false},
		{"twice the pitch", gridAt(2, 2, [9]float64{60, 0, 10, 0, 60, 20, 0, 0, 1}), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := partOf(tc.b, r); got != tc.want {
				t.Errorf("partOf = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestExtraLines checks extraLines against a 4×5 grid of pitch 30 at
// (10, 20): grids one line short of it on one side or at a corner, in
// either orientation, and grids that are not one line short.
func TestExtraLines(t *testing.T) {
	large := gridAt(4, 5, [9]float64{30, 0, 10, 0, 30, 20, 0, 0, 1})
	for _, tc := range []struct {
		name  string
		small lattice
		want  []int
	}{
		{"bottom row short", gridAt(3, 5, [9]float64{30, 0, 10, 0, 30, 20, 0, 0, 1}), []int{1}},
		{"top row short", gridAt(3, 5, [9]float64{30, 0, 10, 0, 30, 50, 0, 0, 1}), []int{0}},
		{"left column short", gridAt(4, 4, [9]float64{30, 0, 40, 0, 30, 20, 0, 0, 1}), []int{2}},
		{"right column short", gridAt(4, 4, [9]float64{30, 0, 10, 0, 30, 20, 0, 0, 1}), []int{3}},
		{"top and left short", gridAt(3, 4, [9]float64{30, 0, 40, 0, 30, 50, 0, 0, 1}), []int{0, 2}},
		// Rows down large's columns, from its right edge leftwards:
		// small's top is large's right edge.
		{"turned, right column short", gridAt(4, 4, [9]float64{0, -30, 130, 30, 0, 20, 0, 0, 1}), []int{0}},
		{"two rows short", gridAt(2, 5, [9]float64{30, 0, 10, 0, 30, 20, 0, 0, 1}), nil},
		{"a row short at both ends", gridAt(2, 5, [9]float64{30, 0, 10, 0, 30, 50, 0, 0, 1}), nil},
		{"bottom and left short", gridAt(3, 4, [9]float64{30, 0, 40, 0, 30, 20, 0, 0, 1}), []int{1, 2}},
		{"half a cell off", gridAt(3, 5, [9]float64{30, 0, 10, 0, 30, 35, 0, 0, 1}), nil},
		{"short on three sides", gridAt(2, 4, [9]float64{30, 0, 10, 0, 30, 50, 0, 0, 1}), nil},
		{"short on every side", gridAt(2, 3, [9]float64{30, 0, 40, 0, 30, 50, 0, 0, 1}), nil},
		{"the grid itself", large, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := extraLines(tc.small, large); !slices.Equal(got, tc.want) {
				t.Errorf("extraLines = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLineRival paints a 7×2 grid whose last row is buttons or bare
// case and checks that lineRival prefers a 6×2 rival over the 7×2 pick
// when that row is bare, not when it holds buttons, nor when the rival
// is valued under lineRivalScore of the pick.
func TestLineRival(t *testing.T) {
	for _, tc := range []struct {
		name     string
		bareRow  bool
		rivalVal float64
		want     int
	}{
		{"a row of bare case", true, 0.5, 1},
		{"a row of buttons", false, 0.5, -1},
		{"a weak rival", true, 0.1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(3))
			draw := litOrUnlit(rng)
			img, h := paintCells(rng, 7, 2, func(img *gocv.Mat, i, j int, cell image.Rectangle) {
				if !tc.bareRow || i < 6 {
					draw(img, i, j, cell)
				}
			})
			defer img.Close()
			ls := []lattice{{rows: 7, cols: 2, h: h}, {rows: 6, cols: 2, h: h}}
			if got := lineRival(img, ls, []float64{1, tc.rivalVal}, make([]*extentWindow, 2), 0); got != tc.want {
				t.Errorf("lineRival = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestNeitherLook checks neitherLook on a 3×3 grid of lit cells
// (bright, green) beside unlit ones (darker, grey) in a 5×5 window, for
// the row just below it: a blank strip of screen as bright as the lit
// cells and as grey as the unlit ones shows neither look (boardgen
// 115637); a row of lit or of unlit cells, or a row between the two in
// brightness (a shadow, which the brightness range judges), shows one.
func TestNeitherLook(t *testing.T) {
	const lit, unlit = 5.08, 4.63
	for _, tc := range []struct {
		name           string
		bright, chroma float64 // the row below the grid
		want           bool
	}{
		{"grey screen as bright as the lights", 5.07, 0.02, true},
		{"a row of lights", 5.07, 0.6, false},
		{"a row of unlit cells", 4.63, 0.02, false},
		{"between the looks", 4.85, 0.02, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &extentWindow{rows: 5, cols: 5, desc: make([][]float64, 25), bright: make([]float64, 25), chroma: make([]float64, 25)}
			for i := 1; i < 5; i++ {
				for j := 1; j < 4; j++ {
					k := i*5 + j
					w.desc[k] = []float64{1}
					switch {
					case i == 4:
						w.bright[k], w.chroma[k] = tc.bright, tc.chroma
					case (i+j)%2 == 0:
						w.bright[k], w.chroma[k] = lit, 0.6
					default:
						w.bright[k], w.chroma[k] = unlit, 0.02
					}
				}
			}
			lo, hi := w.brightRange(1, 4, 1, 4)
			if got := w.neitherLook(1, 1, 4, 1, 4, lo, hi, w.outsideBright(1, 1, 4, 1, 4)); got != tc.want {
				t.Errorf("neitherLook = %v, want %v", got, tc.want)
			}
		})
	}
}
