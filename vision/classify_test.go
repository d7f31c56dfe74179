package vision

import (
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
	"lightsout/synth"
)

// sharedPhotos is the folder of real labelled photos kept outside the
// repository; tests that need it skip when it is missing.
const sharedPhotos = "../../shared/photos"

// debugDir, when set, receives the debug images of the tests that read photos.
var debugDir = flag.String("debugdir", "", "write debug images of photo tests under this folder")

// testDebugger returns a debugger writing under -debugdir/name, or nil.
func testDebugger(t testing.TB, name string) *debugger {
	t.Helper()
	if *debugDir == "" {
		return nil
	}
	d, err := newDebugger(filepath.Join(*debugDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// labelHomography is the homography of a labelled board: board cell
// units to image pixels through the label's four corners.
func labelHomography(t testing.TB, e labels.Entry) [9]float64 {
	t.Helper()
	if len(e.Corners) != 4 {
		t.Fatalf("%s: no corners in the label", e.File)
	}
	return cornerHomography(e)
}

// cornerHomography is labelHomography of a label known to have its
// four corners.
func cornerHomography(e labels.Entry) [9]float64 {
	pts := make([]gocv.Point2f, 4)
	for i, c := range e.Corners {
		pts[i] = gocv.Point2f{X: float32(c[0]), Y: float32(c[1])}
	}
	// Float corners: GetPerspectiveTransform2f keeps sub-pixel positions.
	s := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: float32(e.Cols), Y: 0}, {X: float32(e.Cols), Y: float32(e.Rows)}, {X: 0, Y: float32(e.Rows)}})
	defer s.Close()
	d := gocv.NewPoint2fVectorFromPoints(pts)
	defer d.Close()
	m := gocv.GetPerspectiveTransform2f(s, d)
	defer m.Close()
	var h [9]float64
	for i := range h {
		h[i] = m.GetDoubleAt(i/3, i%3)
	}
	return h
}

// litStrings renders a reading's lights as labels.json rows.
func litStrings(lit [][]bool) []string {
	out := make([]string, len(lit))
	for r, row := range lit {
		var b strings.Builder
		for _, on := range row {
			if on {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		out[r] = b.String()
	}
	return out
}

// wrongCells lists the cells where got differs from the label, as A1 names.
func wrongCells(want []string, got [][]bool) []string {
	var bad []string
	for r, row := range want {
		for c := range row {
			if (row[c] == '1') != got[r][c] {
				bad = append(bad, fmt.Sprintf("%c%d", 'A'+c, r+1))
			}
		}
	}
	return bad
}

// TestClassifySharedPhotos classifies the real photos through the
// homography of their labelled corners, so that it checks the classifier
// alone, apart from the grid finder.
func TestClassifySharedPhotos(t *testing.T) {
	es, err := labels.Read(sharedPhotos)
	if os.IsNotExist(err) {
		t.Skipf("%s not present", sharedPhotos)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		t.Run(e.File, func(t *testing.T) {
			img := gocv.IMRead(filepath.Join(sharedPhotos, e.File), gocv.IMReadColor)
			defer img.Close()
			if img.Empty() {
				t.Fatalf("cannot read %s", e.File)
			}
			if e.File == *dumpFile {
				dumpStats(t, img, e)
			}
			v, err := classify(img, labelHomography(t, e), e.Rows, e.Cols, 0, testDebugger(t, e.File))
			if err != nil {
				t.Fatal(err)
			}
			if bad := wrongCells(e.Lights, v.lit); len(bad) > 0 {
				t.Errorf("cells wrong: %v\ngot  %v\nwant %v\nconf %.2f", bad, litStrings(v.lit), e.Lights, v.conf)
			}
			t.Logf("separation %.1f, conf %.2f", v.separation, v.conf)
		})
	}
}

// labelDir, when set, names a folder of labelled photos (labels.json)
// that TestClassifyLabelled reads through the labels' own corners: the
// classifier's accuracy apart from the grid finder's.
var labelDir = flag.String("labeldir", "", "folder of labelled photos for TestClassifyLabelled")

// dumpFile names one photo of -labeldir whose cell statistics
// TestClassifyLabelled logs.
var dumpFile = flag.String("dumpfile", "", "log the cell statistics of this photo of -labeldir")

// measureAt measures the rows×cols board that h maps into img, as
// classify does: each cell's statistics, with the ring of would-be cells
// around the grid.
func measureAt(img gocv.Mat, h [9]float64, rows, cols int) ([][]cellStats, error) {
	px := cellPixels(h, rows, cols)
	b := rectify(img, h, rows, cols, px)
	defer b.Close()
	return measure(b, rows, cols, px)
}

func dumpStats(t *testing.T, img gocv.Mat, e labels.Entry) {
	st, err := measureAt(img, labelHomography(t, e), e.Rows, e.Cols)
	if err != nil {
		t.Fatal(err)
	}
	for r := -1; r <= e.Rows; r++ {
		line := ""
		for c, x := range st[r+1] {
			ch := byte('.') // the ring of would-be cells around the grid
			if r >= 0 && r < e.Rows && c >= 1 && c <= e.Cols {
				ch = e.Lights[r][c-1]
			}
			line += fmt.Sprintf(" %c v%.2f s%.2f sp%.2f rim%.2f ring%.2f pk%.2f pS%.2f kc%.2f,%.2f/%v kr%.2f,%.2f/%v |", ch, x.v, x.s, x.spread, x.rim, x.ring, x.peak, x.peakS, x.kc[0], x.kc[1], x.kcOK, x.kr[0], x.kr[1], x.krOK)
		}
		t.Log(line)
	}
}

// eachLabelled runs f on every photo of -labeldir that has its four grid
// corners (ambiguous ones skipped), skipping the test without
// -labeldir; the image is closed when f returns. A photo that cannot be
// loaded is an error.
func eachLabelled(t *testing.T, f func(e labels.Entry, img gocv.Mat)) {
	t.Helper()
	if *labelDir == "" {
		t.Skip("no -labeldir")
	}
	es, err := labels.Read(*labelDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.Ambiguous || len(e.Corners) != 4 {
			continue
		}
		img, err := Load(filepath.Join(*labelDir, e.File), 0)
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		f(e, img)
		img.Close()
	}
}

// surveyFile names a file to which TestClassifyLabelled appends one
// tab-separated line per photo of -labeldir: the folder, the file, the
// cells read wrong on the labelled grid, whether doubt was flagged,
// whether the board was read as one group, the medians of the groups
// read lit and unlit (saturation, brightness, centre rise, spread,
// peak), and the
// rules that fired. Run over many folders, it shows where a rule on the
// groups would hold and what it would cost, in minutes.
var surveyFile = flag.String("survey", "", "append a line per photo of -labeldir to this file (TestClassifyLabelled)")

// surveyLine is TestClassifyLabelled's line for one photo (surveyFile).
func surveyLine(t *testing.T, img gocv.Mat, e labels.Entry, v *verdict, wrong int, doubted bool) string {
	med := strings.Repeat("-\t", 9) + "-"
	if ext, err := measureAt(img, labelHomography(t, e), e.Rows, e.Cols); err == nil {
		if g, ok := bothGroups(inner(ext), v.lit); ok {
			med = fmt.Sprintf("%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f",
				medianOf(g[1], cellS), medianOf(g[0], cellS), medianOf(g[1], cellV), medianOf(g[0], cellV),
				medianOf(g[1], cellRise), medianOf(g[0], cellRise), medianOf(g[1], cellSpread), medianOf(g[0], cellSpread),
				medianOf(g[1], cellPeak), medianOf(g[0], cellPeak))
		}
	}
	return fmt.Sprintf("%s\t%s\t%d\t%v\t%v\t%s\t%v\n", *labelDir, e.File, wrong, doubted, v.oneGroup, med, v.why)
}

func TestClassifyLabelled(t *testing.T) {
	var n, exact, silent, doubtExact int
	var survey *os.File
	if *surveyFile != "" && *labelDir != "" {
		var err error
		if survey, err = os.OpenFile(*surveyFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			t.Fatal(err)
		}
		defer survey.Close()
	}
	eachLabelled(t, func(e labels.Entry, img gocv.Mat) {
		if e.File == *dumpFile {
			dumpStats(t, img, e)
		}
		v, err := classify(img, labelHomography(t, e), e.Rows, e.Cols, 0, testDebugger(t, e.File))
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			return
		}
		n++
		r := &Reading{Confidence: v.conf, SizeSure: !v.extentDoubt}
		bad := wrongCells(e.Lights, v.lit)
		if survey != nil {
			if _, err := survey.WriteString(surveyLine(t, img, e, v, len(bad), r.Doubtful())); err != nil {
				t.Fatal(err)
			}
		}
		switch {
		case len(bad) == 0:
			exact++
			if r.Doubtful() {
				doubtExact++
				t.Logf("%s %s: ok, %d uncertain (sep %.1f gap %.2f one %v) %v", e.File, e.Style, len(r.Uncertain()), v.separation, v.gap, v.oneGroup, v.why)
			}
		case r.Doubtful():
			t.Logf("%s %s: wrong %v, doubt flagged (sep %.1f gap %.2f one %v) %v", e.File, e.Style, bad, v.separation, v.gap, v.oneGroup, v.why)
		default:
			silent++
			t.Logf("%s %s: SILENT wrong %v (sep %.1f gap %.2f one %v) conf %.2f", e.File, e.Style, bad, v.separation, v.gap, v.oneGroup, v.conf)
		}
	})
	t.Logf("%d photos: %d exact (%d with doubt), %d silent", n, exact, doubtExact, silent)
	if silent > 0 {
		t.Errorf("%d boards read wrong with no doubt flagged", silent)
	}
}

// TestOneGroupReferences logs, for every board of -labeldir that is all
// off or all on or is read as one group, the truth, the reading (and
// whether it is sure) and the references that decide it: the medians of
// the cells and of the ring of would-be cells around the grid, to tune
// oneGroupConf and plainOneGroup.
func TestOneGroupReferences(t *testing.T) {
	eachLabelled(t, func(e labels.Entry, img gocv.Mat) {
		ext, err := measureAt(img, labelHomography(t, e), e.Rows, e.Cols)
		if err != nil {
			return
		}
		v := decideBoard(ext)
		ones := strings.Count(strings.Join(e.Lights, ""), "1")
		if !v.oneGroup && ones != 0 && ones != e.Rows*e.Cols {
			return
		}
		in, out := cellsOf(inner(ext)), ring(ext)
		m := func(cells []cellStats, f func(cellStats) float64) float64 { return medianOf(cells, f) }
		cv := func(s cellStats) float64 { return s.v }
		rim := func(s cellStats) float64 { return s.rim }
		sat := func(s cellStats) float64 { return s.s }
		r := &Reading{Confidence: v.conf, SizeSure: true}
		t.Logf("%s %-9s lit %3d/%3d one %-5v read %-5v sure %-5v | cells v %.2f s %.2f rise %.2f fall %.2f spread %.2f peak %.2f peakS %.2f halo %.2f | ring v %.2f s %.2f rim %.2f",
			e.File, e.Style, ones, e.Rows*e.Cols, v.oneGroup, v.lit[0][0], !r.Doubtful(),
			m(in, cv), m(in, sat), m(in, func(s cellStats) float64 { return s.v - s.rim }),
			m(in, func(s cellStats) float64 { return s.v - s.ring }), m(in, func(s cellStats) float64 { return s.spread }),
			m(in, func(s cellStats) float64 { return s.peak }), m(in, func(s cellStats) float64 { return s.peakS }),
			m(in, func(s cellStats) float64 { return s.halo }), m(out, cv), m(out, sat), m(out, rim))
	})
}

// BenchmarkClassify12MP measures the classifier alone on a 12-megapixel
// photo (a rendered 7×7 escape panel with ring lights, scaled to
// 4032×3024) through its label's corners.
func BenchmarkClassify12MP(b *testing.B) {
	img, e, err := synth.Render(7, &synth.Options{Style: synth.StyleEscape, Rows: 7, Cols: 7})
	if err != nil {
		b.Fatal(err)
	}
	defer img.Close()
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(img, &big, image.Pt(4032, 3024), 0, 0, gocv.InterpolationLinear)
	sx, sy := 4032/float64(img.Cols()), 3024/float64(img.Rows())
	for i := range e.Corners {
		e.Corners[i][0] *= sx
		e.Corners[i][1] *= sy
	}
	h := labelHomography(b, e)
	for b.Loop() {
		if _, err := classify(big, h, e.Rows, e.Cols, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// board builds a rows×cols board of cell statistics: on(r, c) picks
// between two kinds of cell.
func board(rows, cols int, on func(r, c int) bool, a, b cellStats) [][]cellStats {
	st := make([][]cellStats, rows)
	for r := range st {
		st[r] = make([]cellStats, cols)
		for c := range st[r] {
			if on(r, c) {
				st[r][c] = b
			} else {
				st[r][c] = a
			}
		}
	}
	return st
}

// pattern is a scattered game position, not separable by a line.
func pattern(r, c int) bool { return (r*7+c*3)%5 < 2 }

// patternGrid is pattern over a rows×cols board, row by row.
func patternGrid(rows, cols int) [][]bool {
	lit := make([][]bool, rows)
	for r := range lit {
		lit[r] = make([]bool, cols)
		for c := range lit[r] {
			lit[r][c] = pattern(r, c)
		}
	}
	return lit
}

// patternReading reads a rows×cols board as pattern lights it, cell by
// cell, every cell sure.
func patternReading(rows, cols int) (lit []bool, conf []float64) {
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			lit = append(lit, pattern(r, c))
			conf = append(conf, 1)
		}
	}
	return lit, conf
}

// TestDecideInversions checks the readings the classifier turns round
// or reads as one group, on boards built from cell statistics.
func TestDecideInversions(t *testing.T) {
	// Lit rings around dark caps: the lit cells' centres are darker and
	// uneven, their rings and peaks as bright as the even unlit caps.
	// The profiles: a flat cap falling to the gaps at its edge, and a
	// ring brighter than both its cap and the gaps.
	capUnlit := cellStats{v: 5.39, s: 0.11, spread: 0.01, rim: 4.67, ring: 4.66, peak: 5.41, peakS: 0.09,
		prof: [profBins]float64{5.39, 5.39, 5.39, 5.39, 5.38, 5.2, 4.8, 4.67}}
	ringLit := cellStats{v: 4.84, s: 0.16, spread: 0.39, rim: 4.67, ring: 4.73, peak: 5.49, peakS: 0.04,
		prof: [profBins]float64{4.84, 4.84, 4.9, 5.3, 5.45, 5.2, 4.8, 4.67}}
	capUnlit.halo, ringLit.halo = halo(capUnlit), halo(ringLit)
	// Small dark buttons on a bright membrane in daylight: uneven
	// unlit centres far below their rings; lit ones glow evenly.
	dotUnlit := cellStats{v: 4.50, s: 0.12, spread: 1.04, rim: 5.45, ring: 5.54, peak: 5.55, peakS: 0.03}
	dotLit := cellStats{v: 5.46, s: 0.03, spread: 0.07, rim: 5.45, ring: 5.53, peak: 5.54, peakS: 0.02}
	// A shadow over the right half of an all-off board scales centre,
	// ring and rim alike.
	shade := func(st cellStats, k float64) cellStats {
		st.v, st.rim, st.ring, st.peak = st.v-k, st.rim-k, st.ring-k, st.peak-k
		return st
	}
	offCell := cellStats{v: 4.9, s: 0.05, spread: 0.02, rim: 4.3, ring: 4.85, peak: 4.95, peakS: 0.05}
	rightHalf := func(r, c int) bool { return c >= 3 }
	tests := []struct {
		name     string
		stats    [][]cellStats
		want     func(r, c int) bool // the true lights
		oneGroup bool
		reason   string // a reason the verdict must give
	}{
		{"ring lights turned round", board(5, 5, pattern, capUnlit, ringLit), pattern, false, "ringflip"},
		{"dark dots on a membrane stay", board(5, 5, pattern, dotUnlit, dotLit), pattern, false, ""},
		{"shadow over an all-off board", board(5, 6, rightHalf, offCell, shade(offCell, 0.6)),
			func(int, int) bool { return false }, true, "shadow"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decide(tc.stats)
			got := flatLit(v.lit)
			cols := len(tc.stats[0])
			for i, on := range got {
				if want := tc.want(i/cols, i%cols); on != want {
					t.Fatalf("cell (%d, %d) read %v, want %v (why %v)", i/cols, i%cols, on, want, v.why)
				}
			}
			if v.oneGroup != tc.oneGroup {
				t.Errorf("oneGroup %v, want %v", v.oneGroup, tc.oneGroup)
			}
			if tc.reason != "" {
				if v.why[tc.reason] == 0 {
					t.Errorf("why %v lacks %q", v.why, tc.reason)
				}
				// A reading turned round or read as one group is in doubt.
				r := &Reading{Confidence: v.conf, SizeSure: true}
				if !r.Doubtful() {
					t.Errorf("no doubt flagged")
				}
			}
		})
	}
}

// TestDecideRings checks when the halos (a ring brighter than both the
// cap and the cell's edge) decide a board, on boards built from cell
// statistics; the profiles are those of tuning photos.
func TestDecideRings(t *testing.T) {
	cell := func(v, s, rim, ring, peak float64, prof [profBins]float64) cellStats {
		st := cellStats{v: v, s: s, spread: 0.02, rim: rim, ring: ring, peak: peak, peakS: s, prof: prof}
		st.halo = halo(st)
		return st
	}
	// Lit rings around caps darker than the bright unlit caps (seed
	// 70775): the centres read the board the other way round.
	capUnlit := cell(5.29, 0.14, 3.6, 5.0, 5.35, [profBins]float64{5.29, 5.29, 5.29, 5.29, 4.6, 3.9, 3.6, 3.55})
	ringLit := cell(4.58, 0.15, 3.7, 4.7, 4.95, [profBins]float64{4.58, 4.6, 4.62, 4.75, 4.9, 4.6, 3.9, 3.6})
	// Dark unlit caps in bright bezels beside red lights glowing at
	// their centres (seed 71481): the unlit cells have the halos.
	bezelUnlit := cell(3.6, 0.10, 3.4, 4.5, 4.8, [profBins]float64{3.6, 3.6, 3.7, 4.8, 4.2, 3.5, 3.4, 3.4})
	glowLit := cell(5.4, 0.70, 3.8, 5.1, 5.45, [profBins]float64{5.4, 5.4, 5.3, 5.0, 4.8, 4.3, 3.9, 3.7})
	// Faint lit rings (halo 0.11) around caps a shade darker than the
	// unlit ones, whose edges fall to a flat panel (fresh render
	// 105741).
	faintCap := cell(5.24, 0.13, 4.06, 4.04, 5.25, [profBins]float64{5.23, 5.24, 5.24, 5.20, 4.37, 3.99, 4.04, 4.06})
	faintRing := cell(5.16, 0.21, 4.13, 4.59, 5.27, [profBins]float64{5.01, 5.01, 5.11, 5.27, 5.16, 4.57, 4.26, 4.17})
	lone := func(r, c int) bool { return r == 2 && c == 3 }
	two := func(r, c int) bool { return r == 2 && (c == 1 || c == 3) }
	tests := []struct {
		name   string
		stats  [][]cellStats
		want   func(r, c int) bool
		ringed bool // the rings decide
	}{
		{"lit rings around dark caps", board(5, 5, pattern, capUnlit, ringLit), pattern, true},
		{"dark caps in bright bezels", board(5, 5, pattern, bezelUnlit, glowLit), pattern, false},
		{"a lone ring is no group", board(5, 5, lone, capUnlit, ringLit), nil, false},
		{"faint rings around caps", board(5, 5, pattern, faintCap, faintRing), pattern, true},
		{"two faint rings are no group", board(5, 5, two, faintCap, faintRing), nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decide(tc.stats)
			if got := v.why["ringlit"] > 0; got != tc.ringed {
				t.Fatalf("rings decide %v, want %v (why %v)", got, tc.ringed, v.why)
			}
			if tc.want == nil {
				return
			}
			cols := len(tc.stats[0])
			for i, on := range flatLit(v.lit) {
				if want := tc.want(i/cols, i%cols); on != want {
					t.Fatalf("cell (%d, %d) read %v, want %v (why %v)", i/cols, i%cols, on, want, v.why)
				}
			}
			if r := (&Reading{Confidence: v.conf, SizeSure: true}); tc.ringed && !r.Doubtful() {
				t.Errorf("rings decided with no doubt flagged")
			}
		})
	}
}

// TestDecideSpots checks that caps of two colours, lit by a small LED
// at their centres, are read by the spots (render-third 190000 photo
// 121, whose caps read as one group or by their colour before), in
// doubt and left so by the cell model; and that spots which only repeat
// the caps' brightness leave the usual reading alone.
func TestDecideSpots(t *testing.T) {
	nan := math.NaN()
	cell := func(v, s, spread float64, prof [profBins]float64) cellStats {
		return cellStats{v: v, s: s, spread: spread, rim: 5.22, ring: 5.42, peak: 5.46, peakS: s, prof: prof}
	}
	// Measured on photo 121: green caps (s 0.6) and pale ones (s 0.4),
	// the LED bright or dark in the innermost annuli.
	var (
		greenOn  = cell(5.37, 0.62, 0.10, [profBins]float64{5.41, 5.38, 5.33, 5.37, 5.4, 5.4, 5.3, 5.2})
		paleOn   = cell(5.43, 0.42, 0.07, [profBins]float64{5.48, 5.46, 5.41, 5.41, 5.4, 5.4, 5.3, 5.2})
		greenOff = cell(5.34, 0.67, 0.30, [profBins]float64{4.68, 4.98, 5.29, 5.40, 5.4, 5.4, 5.3, 5.2})
		paleOff  = cell(5.38, 0.38, 0.32, [profBins]float64{4.67, 5.04, 5.30, 5.44, 5.4, 5.4, 5.3, 5.2})
		// Plain lights, glowing all over, and grey caps; the innermost
		// annulus of a small cell may hold no pixel.
		glow = cell(5.4, 0.7, 0.05, [profBins]float64{nan, 5.42, 5.4, 5.35, 5.2, 4.8, 4.2, 3.8})
		grey = cell(4.2, 0.1, 0.05, [profBins]float64{nan, 4.21, 4.2, 4.2, 4.1, 3.9, 3.7, 3.6})
	)
	green := func(r, c int) bool { return (r+2*c)%3 == 0 }
	caps := board(6, 5, pattern, greenOff, greenOn)
	for r := range caps {
		for c := range caps[r] {
			st := &caps[r][c]
			if !green(r, c) {
				*st = board(1, 1, func(int, int) bool { return pattern(r, c) }, paleOff, paleOn)[0][0]
			}
			// The photo's spread from cell to cell.
			d := 0.03 * float64((r*3+c)%5-2)
			st.v += d
			st.s += d
			st.prof[0] += d
			st.prof[1] -= d
		}
	}
	// Caps of one colour, lit by a spot or showing a dark dot at the
	// centre, under a shadow that dims whole caps, row by row, by more
	// than the spots differ (render-third 250000 photo 54, whose
	// shaded lit caps read unlit before).
	dots := make([][]cellStats, 6)
	for r := range dots {
		dots[r] = make([]cellStats, 5)
		for c := range dots[r] {
			v := 5.2 - 0.2*float64(r) + 0.03*float64((r*3+c)%5-2)
			spot := v + 0.1
			if !pattern(r, c) {
				spot = v - 0.9
			}
			dots[r][c] = cell(v, 0.4, 0.2, [profBins]float64{spot, spot, v, v, v, v - 0.1, v - 0.2, v - 0.3})
		}
	}
	// Domes whose specular highlights stand above both lit and unlit
	// caps, by different amounts (boardgen 108509): read by the caps.
	domeOn := cell(5.3, 0.3, 0.1, [profBins]float64{5.9, 5.8, 5.3, 5.3, 5.3, 5.2, 5.1, 5.0})
	domeOff := cell(4.6, 0.3, 0.1, [profBins]float64{4.7, 4.65, 4.6, 4.6, 4.6, 4.5, 4.4, 4.3})
	tests := []struct {
		name  string
		stats [][]cellStats
		spot  bool
	}{
		{"LEDs in caps of two colours", caps, true},
		{"plain lights", board(6, 5, pattern, grey, glow), false},
		{"lit spots and dark dots under a shadow", dots, true},
		{"highlights on domes", board(6, 5, pattern, domeOff, domeOn), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decide(tc.stats)
			if v.spot != tc.spot {
				t.Fatalf("split on the spots %v, want %v (why %v)", v.spot, tc.spot, v.why)
			}
			cols := len(tc.stats[0])
			for i, on := range flatLit(v.lit) {
				if want := pattern(i/cols, i%cols); on != want {
					t.Fatalf("cell (%d, %d) read %v, want %v (why %v)", i/cols, i%cols, on, want, v.why)
				}
			}
			if r := (&Reading{Confidence: v.conf, SizeSure: true}); tc.spot != r.Doubtful() {
				t.Errorf("doubt flagged %v, want %v (why %v)", r.Doubtful(), tc.spot, v.why)
			}
		})
	}
}

// TestDecideGlare checks that a glare spot over an unlit button beside
// lights the camera clipped is read unlit and in doubt, while a light of
// a colour that did not clip stays lit.
func TestDecideGlare(t *testing.T) {
	unlit := cellStats{v: 5.08, s: 0.11, spread: 0.02, rim: 4.40, ring: 4.72, peak: 5.10, peakS: 0.11}
	lit := cellStats{v: 5.56, s: 0.01, spread: 0.01, rim: 4.50, ring: 5.34, peak: 5.56, peakS: 0.01}
	st := board(6, 5, pattern, unlit, lit)
	glare := unlit
	glare.v, glare.rim, glare.ring, glare.peak, glare.s = 5.37, 4.75, 5.10, 5.47, 0.08
	st[0][1] = glare // (0, 1) is unlit in pattern
	dim := lit
	// A light of a colour the camera did not clip (a grey cell there
	// could as well be a white cap in good light: TestBelowClipGrey).
	dim.v, dim.peak, dim.s, dim.peakS = 5.50, 5.50, 0.4, 0.4
	st[0][0] = dim // (0, 0) is lit in pattern
	if pattern(0, 1) || !pattern(0, 0) {
		t.Fatal("test cells do not match the pattern")
	}
	v := decide(st)
	for r := range st {
		for c := range st[r] {
			if v.lit[r][c] != pattern(r, c) {
				t.Errorf("cell (%d, %d) read %v, want %v (why %v)", r, c, v.lit[r][c], pattern(r, c), v.why)
			}
		}
	}
	if v.conf[0][1] >= UncertainBelow {
		t.Errorf("glare cell confidence %.2f, want below %.2f", v.conf[0][1], UncertainBelow)
	}
	if v.conf[0][0] < UncertainBelow {
		t.Errorf("unclipped light confidence %.2f, want at least %.2f (why %v)", v.conf[0][0], UncertainBelow, v.why)
	}
}

// withRing surrounds a board of cell statistics with a ring of would-be
// cells, as measure returns it.
func withRing(st [][]cellStats, ring cellStats) [][]cellStats {
	rows, cols := len(st), len(st[0])
	ext := make([][]cellStats, rows+2)
	for r := range ext {
		ext[r] = make([]cellStats, cols+2)
		for c := range ext[r] {
			if r == 0 || c == 0 || r == rows+1 || c == cols+1 {
				ext[r][c] = ring
			} else {
				ext[r][c] = st[r-1][c-1]
			}
		}
	}
	return ext
}

// TestDecideOneGroup checks all-off and all-on boards built from cell
// statistics: what each is read as, and whether the reading is sure.
func TestDecideOneGroup(t *testing.T) {
	// A dark case around the grid, and a grey one as bright as grey caps.
	darkCase := cellStats{v: 3.6, s: 0.2, spread: 0.02, rim: 3.6, ring: 3.6, peak: 3.7, peakS: 0.2}
	greyCase := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	// Coloured lights clipped at their centre, glowing on the gaps.
	colourLit := cellStats{v: 5.55, s: 0.6, spread: 0.01, rim: 4.6, ring: 5.5, peak: 5.56, peakS: 0.65}
	// White lights clipped: lit, but white caps under a spotlight look
	// alike.
	whiteLit := cellStats{v: 5.55, s: 0.02, spread: 0.01, rim: 4.4, ring: 5.4, peak: 5.56, peakS: 0.02}
	// Grey caps in good light, even, well below the top.
	greyCap := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 4.95, ring: 5.0, peak: 5.05, peakS: 0.05}
	// Bright white caps in daylight, below the top, on a dark case.
	whiteCap := cellStats{v: 5.35, s: 0.04, spread: 0.02, rim: 3.9, ring: 5.3, peak: 5.45, peakS: 0.05}
	// White lights below the top, with a hot spot in the centre.
	hotSpot := cellStats{v: 5.35, s: 0.04, spread: 0.4, rim: 3.9, ring: 4.8, peak: 5.45, peakS: 0.05}
	// Dim grey cells, even, well above their gaps: grey lights on a
	// dark screen as much as grey caps on a dark case.
	dimGrey := cellStats{v: 4.47, s: 0.07, spread: 0.1, rim: 3.43, ring: 4.43, peak: 4.54, peakS: 0.06}
	// Dim blue caps darker than the light panel around the grid.
	dimBlue := cellStats{v: 4.5, s: 0.3, spread: 0.02, rim: 4.4, ring: 4.5, peak: 4.52, peakS: 0.3}
	lightPanel := cellStats{v: 4.75, s: 0.05, spread: 0.02, rim: 4.75, ring: 4.75, peak: 4.8, peakS: 0.05}
	// The same in a light case, brighter between the buttons than the
	// panel around it.
	dimBlueLightCase := dimBlue
	dimBlueLightCase.rim = 5.2
	all := func(int, int) bool { return true }
	tests := []struct {
		name string
		cell cellStats
		ring cellStats
		on   bool // the board is all on
		sure bool // read without doubt
	}{
		{"coloured lights clipped: on, sure", colourLit, darkCase, true, true},
		{"white lights clipped: on, in doubt", whiteLit, darkCase, true, false},
		{"grey caps as bright as the case: off, sure", greyCap, greyCase, false, true},
		{"grey caps brighter than the case: off, in doubt", greyCap, darkCase, false, false},
		{"white caps in daylight: off, in doubt", whiteCap, darkCase, false, false},
		{"white lights with a hot spot: on, in doubt", hotSpot, darkCase, true, false},
		{"dim grey cells brighter than a dark case: off, in doubt", dimGrey, darkCase, false, false},
		{"dim coloured caps darker than the panel: off, sure", dimBlue, lightPanel, false, true},
		{"dim caps darker than the panel, in a light case: off, sure", dimBlueLightCase, lightPanel, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ext := withRing(board(5, 5, all, tc.cell, tc.cell), tc.ring)
			v := decideBoard(ext)
			if !v.oneGroup {
				t.Fatalf("not read as one group (why %v)", v.why)
			}
			for r, row := range v.lit {
				for c, on := range row {
					if on != tc.on {
						t.Fatalf("cell (%d, %d) read %v, want %v (why %v)", r, c, on, tc.on, v.why)
					}
				}
			}
			r := &Reading{Confidence: v.conf, SizeSure: true}
			if r.Doubtful() == tc.sure {
				t.Errorf("doubt flagged %v, want %v (conf %.2f, why %v)", r.Doubtful(), !tc.sure, v.conf[0][0], v.why)
			}
		})
	}
}

// TestPlainOneGroupOddCell checks that one cell unlike the rest keeps
// the doubt on a board otherwise plain: a coloured cell on an all-off
// board, a cell below the top on an all-on one.
func TestPlainOneGroupOddCell(t *testing.T) {
	greyCap := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 4.95, ring: 5.0, peak: 5.05, peakS: 0.05}
	greyCase := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	colourLit := cellStats{v: 5.55, s: 0.6, spread: 0.01, rim: 4.6, ring: 5.5, peak: 5.56, peakS: 0.65}
	darkCase := cellStats{v: 3.6, s: 0.2, spread: 0.02, rim: 3.6, ring: 3.6, peak: 3.7, peakS: 0.2}
	tinted := greyCap
	tinted.s, tinted.peakS = 0.2, 0.3
	dimmer := colourLit
	dimmer.v = 5.4
	all := func(int, int) bool { return true }
	tests := []struct {
		name      string
		cell, odd cellStats
		ring      cellStats
	}{
		{"a tinted cap on an all-off board", greyCap, tinted, greyCase},
		{"a light below the top on an all-on board", colourLit, dimmer, darkCase},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := board(5, 5, all, tc.cell, tc.cell)
			st[2][3] = tc.odd
			v := decideBoard(withRing(st, tc.ring))
			if !v.oneGroup {
				t.Fatalf("the odd cell split the board (why %v)", v.why)
			}
			r := &Reading{Confidence: v.conf, SizeSure: true}
			if !r.Doubtful() {
				t.Errorf("no doubt flagged (why %v)", v.why)
			}
		})
	}
}

// TestDecideOddHue checks that an unlit-read cell of another hue than
// the unlit caps, a little brighter, is in doubt (a dim blue light among
// warm grey caps), while one tinted towards its lit neighbours (bloom)
// is not.
func TestDecideOddHue(t *testing.T) {
	unlit := cellStats{v: 4.55, s: 0.35, spread: 0.04, rim: 3.95, ring: 4.47, peak: 4.57, peakS: 0.34, ca: 0.1, cb: 0.3}
	// Green lights: the blue cell's hue is not theirs.
	lit := cellStats{v: 5.0, s: 0.62, spread: 0.03, rim: 3.99, ring: 4.88, peak: 5.02, peakS: 0.62, ca: -0.5, cb: 0.4}
	blue := unlit
	blue.v, blue.s, blue.peak, blue.peakS, blue.ca, blue.cb = 4.69, 0.45, 4.71, 0.45, -0.1, -0.3
	bloom := unlit
	bloom.v, bloom.ca, bloom.cb = 4.62, -0.1, 0.33
	tests := []struct {
		name  string
		cell  cellStats
		at    [2]int // an unlit cell of pattern
		doubt bool
	}{
		{"dim light of another hue", blue, [2]int{0, 1}, true},
		{"bloom from lit neighbours", bloom, [2]int{0, 1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := board(6, 5, pattern, unlit, lit)
			r, c := tc.at[0], tc.at[1]
			if pattern(r, c) {
				t.Fatal("test cell is lit in pattern")
			}
			st[r][c] = tc.cell
			v := decide(st)
			if v.lit[r][c] {
				t.Fatalf("cell read lit (why %v)", v.why)
			}
			if got := v.conf[r][c] < UncertainBelow; got != tc.doubt {
				t.Errorf("cell in doubt %v, want %v (conf %.2f, why %v)", got, tc.doubt, v.conf[r][c], v.why)
			}
		})
	}
}

// wantLit decides the board st and checks that cell (r, c) is read lit,
// in doubt or not as doubt says.
func wantLit(t *testing.T, st [][]cellStats, r, c int, doubt bool) {
	t.Helper()
	v := decide(st)
	if !v.lit[r][c] {
		t.Fatalf("cell read unlit (why %v)", v.why)
	}
	if got := v.conf[r][c] < UncertainBelow; got != doubt {
		t.Errorf("cell in doubt %v, want %v (conf %.2f, why %v)", got, doubt, v.conf[r][c], v.why)
	}
}

// TestDecideDarkRim checks a lit cell whose gaps stay dark: one with no
// lit neighbour and the lit colour is read lit without doubt (nothing
// glows onto its gaps), a white one is in doubt (glare over an unlit cap).
func TestDecideDarkRim(t *testing.T) {
	unlit := cellStats{v: 4.3, s: 0.08, spread: 0.03, rim: 4.0, ring: 4.25, peak: 4.35, peakS: 0.08}
	lit := cellStats{v: 5.4, s: 0.6, spread: 0.03, rim: 4.6, ring: 5.2, peak: 5.45, peakS: 0.6}
	lone := lit
	lone.rim = 4.05
	glare := lone
	glare.s, glare.peakS = 0.05, 0.05
	tests := []struct {
		name  string
		cell  cellStats
		doubt bool
	}{
		{"lit colour, no lit neighbour", lone, false},
		{"white, no lit neighbour", glare, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := board(6, 5, pattern, unlit, lit)
			if !pattern(0, 0) || pattern(0, 1) || pattern(1, 0) {
				t.Fatal("(0, 0) is not a lit cell without lit neighbours in pattern")
			}
			st[0][0] = tc.cell
			wantLit(t, st, 0, 0, tc.doubt)
		})
	}
}

// TestPlainOneGroupUneven checks that an all-on reading of clipped,
// coloured cells stays in doubt when their colour is uneven: pale caps
// clipped in a warm cast beside orange lights.
func TestPlainOneGroupUneven(t *testing.T) {
	orange := cellStats{v: 5.55, s: 0.6, spread: 0.02, rim: 4.6, ring: 5.4, peak: 5.56, peakS: 0.6}
	peach := cellStats{v: 5.5, s: 0.3, spread: 0.02, rim: 4.6, ring: 5.4, peak: 5.52, peakS: 0.3}
	wood := cellStats{v: 4.6, s: 0.7, spread: 0.05, rim: 4.6, ring: 4.6, peak: 4.7, peakS: 0.7}
	cream := cellStats{v: 5.50, s: 0.40, spread: 0.01, rim: 4.42, ring: 5.33, peak: 5.50, peakS: 0.40}
	white := cellStats{v: 5.53, s: 0.37, spread: 0.04, rim: 4.42, ring: 5.26, peak: 5.55, peakS: 0.28}
	for _, tc := range []struct {
		name string
		st   [][]cellStats
		sure bool
	}{
		{"orange lights", board(5, 5, pattern, orange, orange), true},
		{"orange lights and peach caps", board(5, 5, pattern, peach, orange), false},
		// Measured on a daylight photo of a panel of white lights over
		// cream caps: the lit ones only whiter at their peak, and
		// darker around the centre.
		{"white lights and cream caps", board(5, 5, pattern, cream, white), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkPlain(t, withRing(tc.st, wood), true, tc.sure)
		})
	}
}

// TestDecideWhiteLone checks the one lit cell of a board of blue-tinted
// caps: white at its peak it is in doubt (glare), blue it is not.
func TestDecideWhiteLone(t *testing.T) {
	tint := cellStats{v: 3.1, s: 0.1, spread: 0.05, rim: 3.45, ring: 3.15, peak: 3.43, peakS: 0.51}
	glare := cellStats{v: 4.43, s: 0.07, spread: 0.09, rim: 4.2, ring: 4.33, peak: 4.45, peakS: 0.07}
	blue := glare
	blue.s, blue.peakS = 0.5, 0.6
	none := func(int, int) bool { return false }
	for _, tc := range []struct {
		name  string
		cell  cellStats
		doubt bool
	}{
		{"white: glare", glare, true},
		{"blue: a light", blue, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := board(10, 5, none, tint, tint)
			st[7][4] = tc.cell
			wantLit(t, st, 7, 4, tc.doubt)
		})
	}
}

// TestWhyTally counts, over the boards of -labeldir read through their
// label corners, how often each check of the verdict's why map fires on
// boards read right and on boards read wrong, and on how many it is the
// only check that fired: the checks to sharpen fire alone on many right
// boards and never alone on a wrong one.
func TestWhyTally(t *testing.T) {
	type tally struct{ right, rightAlone, wrong, wrongAlone int }
	counts := map[string]*tally{}
	at := func(k string) *tally {
		if counts[k] == nil {
			counts[k] = &tally{}
		}
		return counts[k]
	}
	eachLabelled(t, func(e labels.Entry, img gocv.Mat) {
		v, err := classify(img, labelHomography(t, e), e.Rows, e.Cols, 0, nil)
		if err != nil {
			return
		}
		keys := make([]string, 0, len(v.why))
		for k := range v.why {
			keys = append(keys, k)
		}
		if v.extentDoubt {
			keys = append(keys, "extent")
		}
		right := len(wrongCells(e.Lights, v.lit)) == 0
		for _, k := range keys {
			c := at(k)
			if right {
				c.right++
				if len(keys) == 1 {
					c.rightAlone++
				}
			} else {
				c.wrong++
				if len(keys) == 1 {
					c.wrongAlone++
				}
			}
		}
		if !right || len(keys) == 1 {
			t.Logf("%s %s right %v why %v extent %v", e.File, e.Style, right, v.why, v.extentDoubt)
		}
	})
	for k, c := range counts {
		t.Logf("%-12s right %3d (alone %3d)  wrong %3d (alone %3d)", k, c.right, c.rightAlone, c.wrong, c.wrongAlone)
	}
}

// TestPanelLit checks when the cells read lit are a light screen's empty
// cells: grey and no brighter than the screen around the board, beside
// coloured cells that are not the screen. The statistics of the first
// case are those of a light-theme monitor photo (tuning seed 64039).
func TestPanelLit(t *testing.T) {
	pale := cellStats{v: 5.31, s: 0.16, rim: 5.19, ring: 5.3, peak: 5.31, peakS: 0.16}
	blue := cellStats{v: 5.12, s: 0.69, rim: 5.13, ring: 5.12, peak: 5.14, peakS: 0.65}
	screen := cellStats{v: 5.22, s: 0.16, rim: 5.22, ring: 5.22, peak: 5.23, peakS: 0.16}
	white := cellStats{v: 5.5, s: 0.05, rim: 4.6, ring: 5.3, peak: 5.55, peakS: 0.05}
	tinted := cellStats{v: 4.7, s: 0.5, rim: 4.3, ring: 4.6, peak: 4.8, peakS: 0.5}
	darkCase := cellStats{v: 4.2, s: 0.1, rim: 4.2, ring: 4.2, peak: 4.3, peakS: 0.1}
	greyCase := cellStats{v: 5.0, s: 0.05, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	yellow := cellStats{v: 5.49, s: 0.36, ca: 0.04, cb: 0.35, rim: 5.42, ring: 5.47, peak: 5.5, peakS: 0.36}
	blueLit := cellStats{v: 5.01, s: 0.46, ca: -0.18, cb: -0.21, rim: 5.26, ring: 4.93, peak: 5.06, peakS: 0.22}
	warmScreen := cellStats{v: 5.51, s: 0.39, ca: 0.06, cb: 0.37, rim: 5.51, ring: 5.51, peak: 5.53, peakS: 0.39}
	warmCap := cellStats{v: 5.42, s: 0.27, ca: 0.06, cb: 0.21, rim: 5.4, ring: 5.42, peak: 5.43, peakS: 0.26}
	paleBlue := cellStats{v: 5.45, s: 0.09, ca: -0.06, cb: -0.12, rim: 5.4, ring: 5.35, peak: 5.46, peakS: 0.13}
	warmPanel := cellStats{v: 5.39, s: 0.25, ca: 0.04, cb: 0.19, rim: 5.39, ring: 5.39, peak: 5.41, peakS: 0.23}
	for _, tc := range []struct {
		name       string
		lit, unlit cellStats
		ring       cellStats
		want       bool
	}{
		{"light screen: pale cells read lit", pale, blue, screen, true},
		{"light screen read right", blue, pale, screen, false},
		{"white lights, tinted caps, dark case", white, tinted, darkCase, false},
		{"white lights outshine a grey case", white, tinted, greyCase, false},
		// A light theme in a warm cast (tuning seed 98500): the empty
		// cells as yellow as the screen, the lights blue and as
		// saturated.
		{"warm screen: yellow cells read lit", yellow, blueLit, warmScreen, true},
		{"warm screen read right", blueLit, yellow, warmScreen, false},
		{"lights of the screen's colour among grey caps", yellow, greyCase, warmScreen, false},
		// Bluish-white LEDs a little brighter than caps of the
		// panel's warm colour (tuning seed 97624).
		{"warm panel: caps read lit beside brighter pale LEDs", warmCap, paleBlue, warmPanel, true},
		{"warm panel read right", paleBlue, warmCap, warmPanel, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := board(6, 6, pattern, tc.unlit, tc.lit)
			lit := patternGrid(6, 6)
			if got := panelLit(withRing(st, tc.ring), lit); got != tc.want {
				t.Errorf("panelLit = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestChromaArbiter checks which doubted cells the sure cells' absolute
// chroma re-decides: glare keeps the chroma of what it covers, a cursor
// that hides the centre but not the rest of the footprint does not, and
// lights of several colours cannot arbitrate.
func TestChromaArbiter(t *testing.T) {
	green := [2]float64{-0.35, 0.05}
	grey := [2]float64{0.01, 0.02}
	cell := func(c [2]float64) cellStats { return cellStats{kc: c, kr: c, kcOK: true, krOK: true} }
	for _, tc := range []struct {
		name string
		odd  cellStats // cell 0, doubted, read as readLit
		// readLit is how cell 0 is read before; want after.
		readLit, want bool
		// vary gives the sure lit cells a second colour.
		vary bool
		// sure: the cell's chroma confirms its reading, seen whole.
		sure bool
	}{
		{"glare over an unlit cap", cell(grey), true, false, false, false},
		{"glare over a light", cell(green), false, true, false, false},
		{"confirmed light", cell(green), true, true, false, true},
		{"confirmed cap", cell(grey), false, false, false, true},
		{"confirmed, centre clipped", cellStats{kc: grey, kr: grey, krOK: true}, false, false, false, false},
		{"cursor over a light", cellStats{kc: grey, kr: green, kcOK: true, krOK: true}, false, false, false, false},
		{"clipped centre, the rest decides", cellStats{kc: green, kr: grey, kcOK: false, krOK: true}, true, false, false, false},
		{"all clipped", cellStats{kc: grey, kr: grey}, true, true, false, false},
		{"colour of neither", cell([2]float64{0.3, -0.3}), true, true, false, false},
		{"lights of several colours", cell(grey), true, true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 4, 5
			st := make([][]cellStats, rows)
			var lit []bool
			var conf []float64
			for r := range st {
				st[r] = make([]cellStats, cols)
				for c := range st[r] {
					on := pattern(r, c)
					st[r][c] = cell(grey)
					if on {
						st[r][c] = cell(green)
						if tc.vary && c%2 == 0 {
							st[r][c] = cell([2]float64{0.3, 0.5})
						}
					}
					lit = append(lit, on)
					conf = append(conf, 0.9)
				}
			}
			st[0][0], lit[0], conf[0] = tc.odd, tc.readLit, 0.3
			why := map[string]int{}
			chromaArbiter(st, lit, conf, why)
			if lit[0] != tc.want {
				t.Errorf("cell read %v, want %v (why %v)", lit[0], tc.want, why)
			}
			wantConf := 0.3
			if tc.sure {
				wantConf = chromaConf
			}
			if conf[0] != wantConf {
				t.Errorf("confidence %.2f, want %.2f", conf[0], wantConf)
			}
			for i := 1; i < len(lit); i++ {
				if lit[i] != pattern(i/cols, i%cols) {
					t.Errorf("sure cell %d changed", i)
				}
			}
		})
	}
}

// TestWhiteAdded checks the glare test on the groups' absolute chroma:
// tinted caps under added white light keep their chroma; lights of their
// own colour, and grey caps (which added white leaves grey), do not
// count.
func TestWhiteAdded(t *testing.T) {
	cell := func(a, b float64) cellStats { return cellStats{kc: [2]float64{a, b}, kcOK: true} }
	purple := cell(0.07, -0.04)
	for _, tc := range []struct {
		name       string
		unlit, lit cellStats
		want       bool
	}{
		{"glare over purple caps", purple, cell(0.065, -0.045), true},
		{"orange lights over purple caps", purple, cell(0.3, 0.5), false},
		{"white lights over grey caps", cell(0.01, 0.01), cell(0.0, 0.01), false},
		{"a light scaling its cap's colour", purple, cell(0.21, -0.12), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := board(5, 5, pattern, tc.unlit, tc.lit)
			lit, _ := patternReading(5, 5)
			if got := whiteAdded(st, lit); got != tc.want {
				t.Errorf("whiteAdded = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestAddedLone checks that one to three cells read lit that keep the
// unlit caps' absolute chroma, brighter and no more saturated, are taken
// for glare spots, and that lights are not: a coloured one, a white one
// on grey caps, a lit ring that leaves its cap's centre as it is, too
// many spots, or a spot whose centre is clipped.
func TestAddedLone(t *testing.T) {
	cell := func(v, s, a, b float64) cellStats { return cellStats{v: v, s: s, kc: [2]float64{a, b}, kcOK: true} }
	tinted := cell(5.06, 0.29, 0.03, 0.18)
	grey := cell(3.6, 0.01, 0.001, 0.0)
	one := func(r, c int) bool { return r == 1 && c == 2 }
	three := func(r, c int) bool { return r == 1 && c < 3 }
	four := func(r, c int) bool { return r == 1 && c < 4 }
	clipped := cell(5.55, 0.1, 0.03, 0.18)
	clipped.kcOK = false
	for _, tc := range []struct {
		name       string
		caps, spot cellStats
		at         func(r, c int) bool
		want       int
	}{
		{"glare on tinted caps", tinted, cell(5.47, 0.19, 0.03, 0.17), one, 1},
		{"an orange light on tinted caps", tinted, cell(5.47, 0.6, 0.3, 0.1), one, 0},
		{"glare on grey caps", grey, cell(4.2, 0.02, 0.006, 0.004), three, 3},
		{"a white light on grey caps", grey, cell(4.2, 0.02, 0.02, 0.02), one, 0},
		{"a lit ring round a grey cap", grey, cell(3.55, 0.01, 0.002, 0.0), one, 0},
		{"four spots", grey, cell(4.2, 0.02, 0.006, 0.004), four, 0},
		{"a clipped spot", tinted, clipped, one, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := board(4, 5, tc.at, tc.caps, tc.spot)
			lit := make([]bool, 20)
			for i := range lit {
				lit[i] = tc.at(i/5, i%5)
			}
			if got := addedLone(st, lit); len(got) != tc.want {
				t.Errorf("addedLone = %v, want %d cells", got, tc.want)
			}
		})
	}
	t.Run("all spots turn the board off", func(t *testing.T) {
		st := board(4, 5, three, grey, cell(4.2, 0.02, 0.006, 0.004))
		v := testVerdict(4, 5, three, 1)
		glareSpots(st, v)
		if !v.oneGroup || v.why["addedlone"] != 3 {
			t.Fatalf("one group %v, why %v: want one group, 3 spots", v.oneGroup, v.why)
		}
		checkCells(t, v, func(r, c int) bool { return false }, true)
	})
}

// TestLitUnderGlare checks that a cell read lit a quarter of the way or
// more from the lights towards the unlit caps, its rim brighter than the
// lights' rims, is doubted and its reading kept (monitor 510201: an
// unlit cell brightened by glare read lit at 0.56 on its labelled grid),
// and that neither a dim light with a rim like the others' nor a bright
// light with a glowing rim is.
func TestLitUnderGlare(t *testing.T) {
	unlit := cellStats{v: 4.25, rim: 4.0}
	light := cellStats{v: 5.05, rim: 4.05}
	for _, tc := range []struct {
		name  string
		cell  cellStats
		doubt bool
	}{
		{"an unlit cell under glare", cellStats{v: 4.78, rim: 4.25}, true},
		{"a dim light", cellStats{v: 4.7, rim: 4.05}, false},
		{"a bright light with bloom on its rim", cellStats{v: 5.1, rim: 4.3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			on := func(r, c int) bool { return (r+c)%2 == 0 }
			st := board(4, 4, on, unlit, light)
			st[3][3] = tc.cell
			v := testVerdict(4, 4, on, 1)
			litUnderGlare(st, v)
			if got := v.conf[3][3] < UncertainBelow; got != tc.doubt {
				t.Errorf("doubted %v, want %v (why %v)", got, tc.doubt, v.why)
			}
			if !v.lit[3][3] || v.why["litglare"] > 1 {
				t.Errorf("reading changed or other cells doubted: lit %v, why %v", v.lit[3][3], v.why)
			}
		})
	}
}

// TestLitLikeUnlit checks that cells read lit with the unlit caps'
// chroma are doubted beside lights of one colour of their own (unlit
// rings out of a shadow beside yellow lights), and not when the lights
// differ in colour (a row of white lights among coloured ones).
func TestLitLikeUnlit(t *testing.T) {
	cell := func(a, b float64) cellStats {
		return cellStats{kc: [2]float64{a, b}, kr: [2]float64{a, b}, kcOK: true, krOK: true}
	}
	yellow, blue, red := cell(-0.04, 0.10), cell(-0.03, -0.03), cell(0.3, 0.05)
	for _, tc := range []struct {
		name  string
		odd   cellStats // cells 0 and 1, read lit
		other cellStats // lit cells of column 2, when the lights vary
		want  bool      // cells 0 and 1 doubted and read unlit
	}{
		{"caps' colour among yellow lights", blue, yellow, true},
		{"all yellow", yellow, yellow, false},
		{"white lights beside red and yellow ones", blue, red, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 5, 5
			st := board(rows, cols, pattern, blue, yellow)
			var lit []bool
			var conf []float64
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					on := pattern(r, c)
					if on && c == 2 {
						st[r][c] = tc.other
					}
					lit = append(lit, on)
					conf = append(conf, 1)
				}
			}
			// Two cells read lit that are not lights of the board.
			odd := []int{}
			for i, on := range lit {
				if !on && len(odd) < 2 {
					odd = append(odd, i)
				}
			}
			for _, i := range odd {
				st[i/cols][i%cols], lit[i] = tc.odd, true
			}
			why := map[string]int{}
			litLikeUnlit(st, lit, conf, why)
			for i := range conf {
				doubted := conf[i] < UncertainBelow
				want := tc.want && (i == odd[0] || i == odd[1])
				if doubted != want {
					t.Errorf("cell %d doubted %v, want %v (why %v)", i, doubted, want, why)
				}
				odd := i == odd[0] || i == odd[1]
				if wantLit := pattern(i/cols, i%cols) || odd && !tc.want; lit[i] != wantLit {
					t.Errorf("cell %d read lit %v, want %v (why %v)", i, lit[i], wantLit, why)
				}
			}
		})
	}
}

// TestGreyAmongLit checks that one or two lit-read cells greyer at
// their peak than both the lit and the unlit cells are doubted (a
// cursor or glare over a coloured board), and three (a row of white
// lights) are not.
// TestGlareLone checks that glareLone turns unlit a lone cell read lit
// whose brightest part lies above its centre and that is no more
// saturated than the unlit caps (a glare spot), and keeps a light that
// glows from its centre, a coloured one, and a lit ring.
func TestGlareLone(t *testing.T) {
	unlit := cellStats{v: 4.0, rim: 3.9, s: 0.1, peak: 4.05}
	for _, tc := range []struct {
		name       string
		rows, cols int
		cell       cellStats
		want       bool // turned unlit
	}{
		{"a glare spot", 3, 3, cellStats{v: 4.4, rim: 4.1, s: 0.08, peak: 5.0}, true},
		{"a glare spot on a 2×2 board", 2, 2, cellStats{v: 4.4, rim: 4.1, s: 0.08, peak: 5.0}, false},
		{"a light glowing from its centre", 3, 3, cellStats{v: 4.8, rim: 4.0, s: 0.08, peak: 4.85}, false},
		{"a coloured glow off centre", 3, 3, cellStats{v: 4.4, rim: 4.1, s: 0.3, peak: 5.0}, false},
		{"a lit ring", 3, 3, cellStats{v: 4.0, rim: 4.0, s: 0.08, peak: 4.8, halo: 0.6}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, cols := tc.rows, tc.cols
			st := board(rows, cols, func(r, c int) bool { return r == 1 && c == 1 }, unlit, tc.cell)
			lit := make([]bool, rows*cols)
			conf := make([]float64, rows*cols)
			for i := range conf {
				conf[i] = 1
			}
			k := 1*cols + 1
			lit[k] = true
			why := map[string]int{}
			glareLone(st, lit, conf, why)
			if got := !lit[k]; got != tc.want {
				t.Errorf("turned unlit %v, want %v (why %v)", got, tc.want, why)
			}
			if tc.want && conf[k] > crossCap {
				t.Errorf("confidence %.2f, want at most %.2f", conf[k], crossCap)
			}
		})
	}
}

func TestGreyAmongLit(t *testing.T) {
	dark := cellStats{v: 4.57, s: 0.65, peak: 4.57, peakS: 0.65}
	light := cellStats{v: 5.56, s: 0.3, peak: 5.56, peakS: 0.3, kr: [2]float64{-0.06, -0.16}, krOK: true}
	white := cellStats{v: 5.56, s: 0, peak: 5.56, peakS: 0, krOK: true}
	red := light
	red.kr = [2]float64{0.2, 0.05}
	for _, tc := range []struct {
		name  string
		white int
		vary  bool // the lights of column 2 are red
		want  bool
	}{
		{"a cursor over a cap", 1, false, true},
		{"two glare spots", 2, false, true},
		{"a row of white lights", 3, false, false},
		{"a white light among lights of several colours", 1, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 4, 5
			st := board(rows, cols, pattern, dark, light)
			if tc.vary {
				for r := 0; r < rows; r++ {
					if pattern(r, 2) {
						st[r][2] = red
					}
				}
			}
			lit, conf := patternReading(rows, cols)
			k := 0
			for i := range lit {
				if !lit[i] && k < tc.white {
					st[i/cols][i%cols], lit[i] = white, true
					k++
				}
			}
			why := map[string]int{}
			greyAmongLit(st, lit, conf, why)
			if got := why["greyamonglit"] > 0; got != tc.want {
				t.Errorf("doubted %v, want %v (why %v)", got, tc.want, why)
			}
		})
	}
}

// TestBelowClipGrey checks that on a board of grey caps a grey cell
// read lit a little below clipped white lights is doubted (a white cap
// out of a shadow), while a coloured one is not (a light the camera did
// not clip).
func TestBelowClipGrey(t *testing.T) {
	capShade := cellStats{v: 4.78, s: 0.04, rim: 3.4}
	lightOn := cellStats{v: 5.55, s: 0, rim: 4.0}
	for _, tc := range []struct {
		name     string
		odd      cellStats
		want     bool // doubted
		wantRead bool
	}{
		// Its rim no brighter than the lights' rims: a cap, read unlit.
		{"a white cap out of the shadow", cellStats{v: 5.45, s: 0.03, rim: 3.9}, true, false},
		// Its rim lit too: glare or a light's spill, left lit.
		{"a grey cell with a bright rim", cellStats{v: 5.45, s: 0.03, rim: 4.2}, true, true},
		{"a green light below the clipped ones", cellStats{v: 5.45, s: 0.5, rim: 3.9}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 4, 5
			st := board(rows, cols, pattern, capShade, lightOn)
			lit, conf := patternReading(rows, cols)
			st[0][0], lit[0] = tc.odd, true
			why := map[string]int{}
			brightnessOverlap(st, lit, conf, why)
			if got := conf[0] < UncertainBelow; got != tc.want {
				t.Errorf("doubted %v, want %v (why %v)", got, tc.want, why)
			}
			if lit[0] != tc.wantRead {
				t.Errorf("read lit %v, want %v (why %v)", lit[0], tc.wantRead, why)
			}
		})
	}
}

// TestBelowClipWhiter checks that among clipped white lights on tinted
// caps a lit cell a little below them is doubted when its peak is
// whiter than theirs (glare on a cap), and not when it is as tinted as
// they are, or when the lights vary in colour (a white light among
// coloured ones).
func TestBelowClipWhiter(t *testing.T) {
	capTint := cellStats{v: 4.45, s: 0.16, rim: 5.55, peak: 5.5, peakS: 0.12}
	lightOn := cellStats{v: 5.56, s: 0.05, rim: 5.55, peak: 5.56, peakS: 0.07}
	for _, tc := range []struct {
		name string
		odd  cellStats
		vary bool // lights of several colours
		want bool // doubted
	}{
		{"glare on a cap", cellStats{v: 5.40, s: 0.06, rim: 5.56, peak: 5.56, peakS: 0}, false, true},
		{"a light as tinted as the others", cellStats{v: 5.40, s: 0.06, rim: 5.56, peak: 5.56, peakS: 0.07}, false, false},
		{"glare among lights of several colours", cellStats{v: 5.40, s: 0.06, rim: 5.56, peak: 5.56, peakS: 0}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 4, 5
			st := board(rows, cols, pattern, capTint, lightOn)
			lit, conf := patternReading(rows, cols)
			for i, on := range lit {
				if tc.vary && on && i%cols%2 == 1 {
					st[i/cols][i%cols].s, st[i/cols][i%cols].ca = 0.6, 0.4
				}
			}
			st[0][0], lit[0] = tc.odd, true
			why := map[string]int{}
			brightnessOverlap(st, lit, conf, why)
			if got := conf[0] < UncertainBelow; got != tc.want {
				t.Errorf("doubted %v, want %v (why %v)", got, tc.want, why)
			}
			if !lit[0] {
				t.Errorf("read unlit, want lit kept (why %v)", why)
			}
		})
	}
}

// TestTwoKinds checks that a smooth fall of light across a board, or one
// odd cell, is one kind of cell, and two tight kinds a gap apart are two.
func TestTwoKinds(t *testing.T) {
	cream := cellStats{v: 5.50, s: 0.40, spread: 0.01, rim: 4.42, ring: 5.33, peak: 5.50, peakS: 0.40}
	white := cellStats{v: 5.53, s: 0.37, spread: 0.04, rim: 4.42, ring: 5.26, peak: 5.55, peakS: 0.28}
	gradient := func(step float64) [][]cellStats {
		st := board(5, 5, pattern, cream, cream)
		for r := range st {
			for c := range st[r] {
				d := step * float64(c)
				st[r][c].v += d
				st[r][c].ring += d
				st[r][c].peak += d
			}
		}
		return st
	}
	odd := board(5, 5, func(r, c int) bool { return r == 2 && c == 2 }, cream, white)
	for _, tc := range []struct {
		name string
		st   [][]cellStats
		want bool
	}{
		{"alike", board(5, 5, pattern, cream, cream), false},
		{"light falling across the board", gradient(0.02), false},
		{"light falling steeply across the board", gradient(0.1), false},
		{"one odd cell", odd, false},
		{"white lights and cream caps", board(5, 5, pattern, cream, white), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := twoKinds(tc.st); got != tc.want {
				t.Errorf("twoKinds = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestFallenLight checks which lit-read cells fallenLight doubts on a
// 3×3 board of unlit caps (the statistics of the caps and of a glare
// spot are those of a dim handheld, tuning seed 73167): light fallen on
// the board lifts the rims with the centres and keeps the caps' chroma;
// a light lifts its centre far above its rim, or has a colour.
func TestFallenLight(t *testing.T) {
	cap := cellStats{v: 3.14, rim: 2.89, kc: [2]float64{-0.023, -0.012}, kcOK: true}
	for _, tc := range []struct {
		name  string
		cell  cellStats
		doubt bool
	}{
		{"glare", cellStats{v: 3.64, rim: 3.30, kc: [2]float64{-0.024, -0.012}, kcOK: true}, true},
		{"out of a shadow", cellStats{v: 4.0, rim: 3.8, kc: [2]float64{-0.02, -0.01}, kcOK: true}, true},
		{"white light, dark gaps", cellStats{v: 4.5, rim: 3.0, kc: [2]float64{-0.023, -0.012}, kcOK: true}, false},
		{"orange light with bloom", cellStats{v: 4.5, rim: 3.6, kc: [2]float64{0.12, 0.08}, kcOK: true}, false},
		{"clipped centre", cellStats{v: 5.5, rim: 5.2, kc: [2]float64{-0.023, -0.012}, kcOK: false}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := [][]cellStats{{cap, cap, cap}, {cap, tc.cell, cap}, {cap, cap, cap}}
			lit := [][]bool{{false, false, false}, {false, true, false}, {false, false, false}}
			conf := [][]float64{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}
			n := fallenLight(stats, lit, conf)
			if doubt := conf[1][1] < UncertainBelow; doubt != tc.doubt || n != b2i(tc.doubt) {
				t.Errorf("centre cell in doubt %v (%d doubted), want %v", doubt, n, tc.doubt)
			}
			if lit[1][1] == tc.doubt {
				t.Errorf("centre cell read lit %v, want %v", lit[1][1], !tc.doubt)
			}
			for r := range conf {
				for c := range conf[r] {
					if (r != 1 || c != 1) && conf[r][c] != 1 {
						t.Errorf("unlit cell (%d, %d) lost confidence: %.2f", r, c, conf[r][c])
					}
				}
			}
		})
	}
}

// TestUnlitGlows checks when unlitGlows doubts the unlit-read cells of a
// 2×4 board whose top row is read lit: the statistics of the glowing
// case are those of a blue row beside clipped yellow lights in a dark
// room (tuning seed 81022), the first not doubted those of warm caps on
// a darker escape panel (81156).
func TestUnlitGlows(t *testing.T) {
	yellow := cellStats{v: 5.55, s: 0.7, rim: 3.5}
	for _, tc := range []struct {
		name  string
		lit   cellStats
		unlit cellStats
		doubt bool
	}{
		{"blue lights in a dark room", yellow, cellStats{v: 5.39, s: 0.48, rim: 3.61}, true},
		{"warm caps on a darker panel", cellStats{v: 5.47, s: 0.43, rim: 4.23}, cellStats{v: 5.23, s: 0.32, rim: 4.2}, false},
		{"white caps in daylight", yellow, cellStats{v: 5.3, s: 0.05, rim: 3.6}, false},
		{"dim tinted caps", yellow, cellStats{v: 4.2, s: 0.5, rim: 3.6}, false},
		{"caps far below the lights", yellow, cellStats{v: 5.1, s: 0.5, rim: 3.6}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := [][]cellStats{{tc.lit, tc.lit, tc.lit, tc.lit}, {tc.unlit, tc.unlit, tc.unlit, tc.unlit}}
			lit := []bool{true, true, true, true, false, false, false, false}
			conf := []float64{1, 1, 1, 1, 1, 1, 1, 1}
			why := map[string]int{}
			unlitGlows(stats, lit, conf, why)
			for i, x := range conf {
				want := 1.0
				if tc.doubt && !lit[i] {
					want = crossCap
				}
				if x != want {
					t.Errorf("cell %d confidence %.2f, want %.2f (why %v)", i, x, want, why)
				}
			}
		})
	}
}

// TestPeakColour checks that peakCheck doubts every cell when the peaks
// part the board by colour alone, as bright as each other, against most
// of the reading: green rings blurred into their grey caps read as the
// unlit ones (tuning seed 81435). A coloured group clearly darker at
// its peak is a tint, and is left to the other checks.
func TestPeakColour(t *testing.T) {
	cap := cellStats{v: 4.61, s: 0.25, rim: 4.6, ring: 4.51, peak: 4.65, peakS: 0.27}
	for _, tc := range []struct {
		name  string
		ring  cellStats
		doubt bool
	}{
		{"rings as bright as the caps", cellStats{v: 4.39, s: 0.29, rim: 4.61, ring: 4.57, peak: 4.63, peakS: 0.6}, true},
		{"a tint, darker at its peak", cellStats{v: 4.39, s: 0.29, rim: 4.61, ring: 4.57, peak: 4.4, peakS: 0.6}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 4, 4
			stats := make([][]cellStats, rows)
			var lit []bool
			var conf []float64
			for r := range stats {
				stats[r] = make([]cellStats, cols)
				for c := range stats[r] {
					ringed := (r*cols+c)%3 == 0
					stats[r][c] = cap
					if ringed {
						stats[r][c] = tc.ring
					}
					lit = append(lit, !ringed) // the brighter caps read lit
					conf = append(conf, 1)
				}
			}
			why := map[string]int{}
			peakCheck(stats, lit, conf, why)
			if got := why["peakcolour"] > 0; got != tc.doubt {
				t.Fatalf("peakcolour fired %v, want %v (why %v)", got, tc.doubt, why)
			}
			if tc.doubt {
				for i, x := range conf {
					if x >= UncertainBelow {
						t.Errorf("cell %d sure (%.2f), want every cell in doubt", i, x)
					}
				}
			}
		})
	}
}

// TestLitLikeGaps checks the boards whose lit group the photo does not
// settle: grey cells read lit as bright as the gaps between the cells,
// the others well below them (an LCD's empty cells beside the ones it
// turns dark), but not lights that outshine their case, nor coloured
// lights as bright as the gaps, nor dark caps hardly below the gaps.
func TestLitLikeGaps(t *testing.T) {
	checkPairRule(t, litLikeGaps, []pairCase{
		{"LCD: empty cells read lit", cellStats{v: 5.5, rim: 5.49}, cellStats{v: 4.44, rim: 5.49}, true},
		{"tinted LCD", cellStats{v: 5.2, rim: 5.2, s: 0.15}, cellStats{v: 4.2, rim: 5.2, s: 0.26}, true},
		{"LCD: empty cells a shade below the panel", cellStats{v: 5.0, rim: 5.12, s: 0.2}, cellStats{v: 4.1, rim: 5.12, s: 0.2}, true},
		{"cells read lit darker than those read unlit", cellStats{v: 4.85, rim: 5.12}, cellStats{v: 5.0, rim: 5.12}, false},
		{"coloured dark cells", cellStats{v: 5.2, rim: 5.2, s: 0.15}, cellStats{v: 4.2, rim: 5.2, s: 0.5}, false},
		{"panel and segments of one tint", cellStats{v: 4.32, rim: 4.41, s: 0.30}, cellStats{v: 3.55, rim: 4.41, s: 0.33}, true},
		{"a grey panel and deeper-tinted segments", cellStats{v: 5.2, rim: 5.2, s: 0.15}, cellStats{v: 4.2, rim: 5.2, s: 0.35}, true},
		{"tinted cells read lit, grey ones not", cellStats{v: 5.2, rim: 5.2, s: 0.35}, cellStats{v: 4.2, rim: 5.2, s: 0.15}, false},
		{"a panel of the gaps' tint, greyer segments", cellStats{v: 5.08, rim: 5.12, s: 0.26, rimS: 0.26}, cellStats{v: 4.18, rim: 5.12, s: 0.13, rimS: 0.26}, true},
		{"coloured lights of one tint", cellStats{v: 5.2, rim: 5.2, s: 0.5}, cellStats{v: 4.2, rim: 5.2, s: 0.5}, false},
		{"white lights outshine a pale case", cellStats{v: 5.8, rim: 5.4}, cellStats{v: 4.4, rim: 5.4}, false},
		{"coloured lights as bright as the gaps", cellStats{v: 5.5, rim: 5.49, s: 0.6}, cellStats{v: 4.44, rim: 5.49}, false},
		{"coloured lights on a light screen", cellStats{v: 5.0, rim: 5.5}, cellStats{v: 4.8, rim: 5.5}, false},
		{"dark caps hardly below the gaps", cellStats{v: 5.5, rim: 5.5}, cellStats{v: 5.45, rim: 5.5}, false},
	})
}

// TestLitLikeGapsOneCell checks that a group of one cell counts: an LCD
// with a single segment dark, or a single one empty (render-third 260000
// photo 67, 270000 photo 135), but not a glare spot brighter than the
// gaps on a dark board.
func TestLitLikeGapsOneCell(t *testing.T) {
	panel := cellStats{v: 5.27, rim: 5.31, s: 0.12}
	segment := cellStats{v: 4.46, rim: 5.31, s: 0.11}
	glare := cellStats{v: 5.8, rim: 5.31}
	for _, tc := range []struct {
		name       string
		lit, unlit cellStats
		oneLit     bool // the single cell is the one read lit
		want       bool
	}{
		{"one empty cell read lit", panel, segment, true, true},
		{"one dark segment read unlit", panel, segment, false, true},
		{"a glare spot on dark caps", glare, segment, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			one := func(r, c int) bool { return (r == 1 && c == 0) == tc.oneLit }
			st := board(3, 2, one, tc.unlit, tc.lit)
			lit := make([][]bool, 3)
			for r := range lit {
				lit[r] = []bool{one(r, 0), one(r, 1)}
			}
			if got := litLikeGaps(withRing(st, cellStats{v: 3.7}), lit); got != tc.want {
				t.Errorf("litLikeGaps = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLCDLike checks lcdLike on boards that litLikeGaps doubts, with
// the group medians measured on them: an LCD (render-third 190000 photo
// 186) and a tinted one (render-third 210000 photo 79) are turned
// round; white keys near the clip (99031), pale lights in an orange case
// (102278), ring lights (photo 68), a bright tinted material
// (render-unseen 28 photo 77) and grey domes whose highlights peak 0.19
// above their centres (fresh boardgen 114880) are not; a noisy panel
// peaking 0.1 above is.
func TestLCDLike(t *testing.T) {
	checkPairRule(t, lcdLike, []pairCase{
		{"LCD: empty panel read lit", cellStats{v: 5.198, spread: 0.006, peakS: 0.146}, cellStats{v: 4.19, spread: 0.016, peakS: 0.142}, true},
		{"white keys near the clip", cellStats{v: 5.555, spread: 0.004, peakS: 0.184}, cellStats{v: 5.293, spread: 0.011, peakS: 0.793}, false},
		{"pale lights in an orange case", cellStats{v: 5.247, spread: 0.016, peakS: 0.601}, cellStats{v: 4.19, spread: 0.046, peakS: 0.688}, false},
		{"ring lights", cellStats{v: 3.989, spread: 0.244, peakS: 0.618}, cellStats{v: 3.902, spread: 0.105, peakS: 0.109}, false},
		{"tinted LCD", cellStats{v: 5.16, spread: 0.006, peakS: 0.33}, cellStats{v: 4.37, spread: 0.005, peakS: 0.33}, true},
		{"tinted panel, segments greyer", cellStats{v: 5.16, spread: 0.006, peakS: 0.33}, cellStats{v: 4.37, spread: 0.005, peakS: 0.2}, false},
		{"panel greyer than the segments", cellStats{v: 5.24, spread: 0.0, peakS: 0.21}, cellStats{v: 4.31, spread: 0.0, peakS: 0.21}, true},
		{"bright tinted material", cellStats{v: 5.52, spread: 0.016, peakS: 0.32}, cellStats{v: 5.06, spread: 0.032, peakS: 0.34}, false},
		{"noisy LCD", cellStats{v: 4.39, spread: 0.074, peakS: 0.21}, cellStats{v: 3.66, spread: 0.154, peakS: 0.195}, true},
		{"membrane lights as bright as their gaps", cellStats{v: 5.22, spread: 0.114, peakS: 0.36}, cellStats{v: 4.34, spread: 0.77, peakS: 0.35}, false},
		{"white lights beside black holes", cellStats{v: 5.32 - 0.004, spread: 0.082, peakS: 0.176}, cellStats{v: 3.676, spread: 0.263, peakS: 0.201}, false},
		{"grey domes with highlights", cellStats{v: 5.27, spread: 0.08, peak: 5.46, peakS: 0.05}, cellStats{v: 4.93, spread: 0.02, peak: 5.27, peakS: 0.08}, false},
		{"noisy LCD peaking 0.1 above", cellStats{v: 4.39, spread: 0.074, peak: 4.49, peakS: 0.21}, cellStats{v: 3.66, spread: 0.154, peak: 3.8, peakS: 0.195}, true},
	})
}

// TestRingsUnread checks ringsUnread on boards of two kinds of cell, as
// measured on fresh render 103630 (green ring LEDs around small dark
// caps read unlit beside small white caps a little brighter): the
// unlit-read cells' rings, colour and peaks make them lit rings, unless
// the lit-read cells show rings too, the unlit-read ones are as grey, or
// their peaks lie far below.
func TestRingsUnread(t *testing.T) {
	rings := cellStats{v: 5.22, s: 0.18, ring: 3.97, peak: 5.24, halo: 0.08}
	caps := cellStats{v: 5.38, s: 0.09, ring: 3.91, peak: 5.38, halo: 0}
	ringedCaps := caps
	ringedCaps.halo = 0.1
	greyRings := rings
	greyRings.s = 0.1
	dimRings := rings
	dimRings.peak = 5.0
	for _, tc := range []struct {
		name       string
		lit, unlit cellStats
		want       bool
	}{
		{"ring LEDs read unlit beside white caps", caps, rings, true},
		{"read right", rings, caps, false},
		{"caps ringed too", ringedCaps, rings, false},
		{"grey rings", caps, greyRings, false},
		{"rings' peaks far below", caps, dimRings, false},
		// Fresh render 110249: pale caps in daylight under a magenta
		// cast, ring LEDs as grey as the caps but uneven.
		{"uneven grey rings below pale caps", cellStats{v: 5.38, s: 0.15, spread: 0.15, ring: 4.16, peak: 5.41, halo: 0.006},
			cellStats{v: 5.0, s: 0.14, spread: 0.3, ring: 4.19, peak: 5.09, halo: 0.14}, true},
		{"uneven caps far below", cellStats{v: 5.38, s: 0.15, spread: 0.15, ring: 4.16, peak: 5.41, halo: 0.006},
			cellStats{v: 4.6, s: 0.14, spread: 0.3, ring: 4.19, peak: 4.9, halo: 0.14}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := board(6, 6, pattern, tc.unlit, tc.lit)
			lit, _ := patternReading(6, 6)
			if got := ringsUnread(st, lit); got != tc.want {
				t.Errorf("ringsUnread = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestHueOnly checks hueOnly on boards of two kinds of cell: red and
// blue pegs of about one brightness and saturation (render-third
// 180000, photo 2) differ in hue alone; coloured lights beside grey
// caps, lights far brighter than their caps, tinted caps of the lights'
// own hue and groups far apart in saturation do not.
func TestHueOnly(t *testing.T) {
	red := cellStats{v: 5.3, s: 0.58, ca: 0.5, cb: 0.3}
	blue := cellStats{v: 4.95, s: 0.79, ca: -0.2, cb: -0.6}
	grey := cellStats{v: 4.95, s: 0.1}
	dim := blue
	dim.v = 4.6
	tinted := cellStats{v: 4.95, s: 0.55, ca: 0.4, cb: 0.25}
	pale := blue
	pale.s = 0.42
	vivid := red
	vivid.s = 0.9
	checkPairRule(t, hueOnly, []pairCase{
		{"red and blue pegs", red, blue, true},
		{"coloured lights, grey caps", red, grey, false},
		{"lights far brighter", red, dim, false},
		{"tinted caps", red, tinted, false},
		{"saturation far apart", vivid, pale, false},
	})
}

// TestWrapWords checks the wrapping of drawVerdict's doubt line: every
// word kept in order, no line wider than asked unless a word alone is.
func TestWrapWords(t *testing.T) {
	words := strings.Fields("doubt: brightunlit 18, darkgaps 64, likelihood 3, model 13, nearhalfplane 64, notbrighter 64")
	for _, width := range []int{1000, 300, 180, 60, 10} {
		lines := wrapWords(words, width)
		if got := strings.Fields(strings.Join(lines, " ")); !slices.Equal(got, words) {
			t.Errorf("width %d: words %q, want %q", width, got, words)
		}
		for _, l := range lines {
			if w := gocv.GetTextSize(l, gocv.FontHersheyPlain, 1, 3).X; w > width && strings.Contains(l, " ") {
				t.Errorf("width %d: line %q is %d pixels wide", width, l, w)
			}
		}
		if width == 1000 && len(lines) != 1 {
			t.Errorf("width 1000: %d lines, want 1", len(lines))
		}
		if width == 10 && len(lines) != len(words) {
			t.Errorf("width 10: %d lines, want one a word (%d)", len(lines), len(words))
		}
	}
}

// TestUnlitCentresGlow uses boardgen 113476's medians: grey-blue lights
// whose centres stand 0.05 above their ring, read unlit beside tan caps
// 0.03 below theirs, read lit. Lights that glow read lit, caps with no
// rise either way, a rise under centreGlowRise, and a lit group 0.6
// brighter do not fire.
func TestUnlitCentresGlow(t *testing.T) {
	light := cellStats{v: 5.10, ring: 5.05, s: 0.07}
	tan := cellStats{v: 5.33, ring: 5.36, s: 0.39}
	flat := tan
	flat.ring = flat.v
	faint := light
	faint.ring = light.v - 0.02
	bright := tan
	bright.v, bright.ring = 5.7, 5.72
	checkPairRule(t, unlitCentresGlow, []pairCase{
		{"glowing lights read unlit", tan, light, true},
		{"glowing lights read lit", light, tan, false},
		{"no rise either way", flat, flat, false},
		{"a faint rise", tan, faint, false},
		{"lit group far brighter", bright, light, false},
	})
}

// TestLitPaper checks litPaper with render-third 380000/00142's medians:
// white flat paper squares read lit beside green filled ones.
func TestLitPaper(t *testing.T) {
	paper := cellStats{v: 5.56, ring: 5.56, s: 0.04}
	green := cellStats{v: 5.34, ring: 5.35, s: 0.53}
	glowing := paper
	glowing.ring = paper.v - 0.1
	tinted := paper
	tinted.s = 0.2
	pale := green
	pale.s = 0.3
	dark := green
	dark.v, dark.ring = 4.6, 4.6
	checkPairRule(t, litPaper, []pairCase{
		{"paper read lit", paper, green, true},
		{"paper read unlit", green, paper, false},
		{"white lights glow", glowing, green, false},
		{"lit group tinted", tinted, green, false},
		{"unlit group pale", paper, pale, false},
		{"unlit group far darker", paper, dark, false},
	})
}

// TestMarkedPaper checks markedPaper with render-third 390000/00136's
// medians: blank paper squares read lit beside squares with a cross
// drawn on them.
func TestMarkedPaper(t *testing.T) {
	blank := cellStats{v: 5.17, ring: 5.17, s: 0.12, spread: 0.08, peak: 5.24}
	crossed := cellStats{v: 4.16, ring: 5.07, s: 0.16, spread: 0.83, peak: 5.19}
	glowing := blank
	glowing.v = blank.ring + 0.1
	coloured := blank
	coloured.s = 0.5
	dim := crossed
	dim.peak = 4.8
	even := crossed
	even.spread = 0.3
	checkPairRule(t, markedPaper, []pairCase{
		{"blank read lit", blank, crossed, true},
		{"crossed read lit", crossed, blank, false},
		{"lit centres glow", glowing, crossed, false},
		{"lit group coloured", coloured, crossed, false},
		{"unlit caps darker all over", blank, dim, false},
		{"unlit caps even", blank, even, false},
	})
}

// pairCase is a 6×6 board of two kinds of cell, lit and unlit, laid out
// as pattern (patternGrid reads it), the ring of would-be cells around
// it at V 3.7, and whether a rule on the board's two groups fires on
// it.
type pairCase struct {
	name       string
	lit, unlit cellStats
	want       bool
}

// checkPairRule runs rule on each case's board, a subtest each.
func checkPairRule(t *testing.T, rule func(ext [][]cellStats, lit [][]bool) bool, cases []pairCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := board(6, 6, pattern, tc.unlit, tc.lit)
			if got := rule(withRing(st, cellStats{v: 3.7}), patternGrid(6, 6)); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestVerdictText checks the --debug table: the checks that fired, then
// one line per cell in reading order, named as the board prints them,
// with its verdict and measures.
func TestVerdictText(t *testing.T) {
	v := &verdict{
		lit:  [][]bool{{true, false}, {false, false}},
		conf: [][]float64{{0.9, 1}, {0.3, 1}},
		why:  map[string]int{"shadow": 1, "edge": 4},
	}
	stats := [][]cellStats{{{v: 5.5, s: 0.5}, {v: 4}}, {{v: 4.8}, {v: 4.1}}}
	got := strings.Split(strings.TrimSpace(verdictText(v, stats)), "\n")
	if !strings.Contains(got[2], "edge 4, shadow 1") {
		t.Errorf("checks line %q, want the reasons sorted with their counts", got[2])
	}
	cells := got[len(got)-4:]
	want := []struct{ name, mark, conf, v string }{
		{"A1", "#", "0.90", "5.50"}, {"B1", ".", "1.00", "4.00"},
		{"A2", ".", "0.30", "4.80"}, {"B2", ".", "1.00", "4.10"},
	}
	for i, w := range want {
		f := strings.Fields(cells[i])
		if len(f) != 11 || f[0] != w.name || f[1] != w.mark || f[2] != w.conf || f[3] != w.v {
			t.Errorf("line %d = %q, want %s %s %s %s and 7 more measures", i, cells[i], w.name, w.mark, w.conf, w.v)
		}
	}
}
