package vision

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
	"lightsout/synth"
	"lightsout/trees"
)

var trainCells = flag.String("train-cells", "", "retrain vision/cells.trees on these labelled folders (comma-separated)")

func TestCellModelLoads(t *testing.T) {
	m := cellModel()
	if got, want := m.Features(), len(cellFeatures(board3())[0]); got != want {
		t.Fatalf("the embedded cell model reads %d features, cellFeatures gives %d", got, want)
	}
}

// board3 is a 3×3 board with its ring: every measure 0 but v, which is
// the cell's index in the grid (ring cells -1), and halo NaN in one cell.
func board3() [][]cellStats {
	ext := make([][]cellStats, 5)
	for r := range ext {
		ext[r] = make([]cellStats, 5)
		for c := range ext[r] {
			ext[r][c].v = -1
			if r > 0 && r < 4 && c > 0 && c < 4 {
				ext[r][c].v = float64((r-1)*3 + c - 1)
			}
		}
	}
	ext[2][2].halo = math.NaN()
	return ext
}

func TestCellFeatures(t *testing.T) {
	feats := cellFeatures(board3())
	if len(feats) != 9 {
		t.Fatalf("got %d cells, want 9", len(feats))
	}
	// v's six features of cell i: i, i less the median 4, (i less the
	// 10th percentile 0) over the spread 7 (10th to 90th percentile:
	// indexes 0 and 7 of the 9 sorted values), 7, and i less the
	// ring's -1, and i less the median of its eight neighbours (the
	// 4th lowest): 1 for the centre (of 0..3, 5..8) and for the corner
	// cell 0 (of five ring cells, 1, 3 and 4).
	for i, f := range feats {
		if len(f) != 96 {
			t.Fatalf("cell %d: %d features, want 96", i, len(f))
		}
		x := float64(i)
		want := []float64{x, x - 4, x / (7 + 1e-3), 7, x + 1}
		if i == 0 || i == 4 {
			want = append(want, 1)
		}
		for j, w := range want {
			if math.Abs(f[j]-w) > 1e-9 {
				t.Errorf("cell %d, feature %d = %g, want %g", i, j, f[j], w)
			}
		}
		for j, v := range f {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("cell %d, feature %d is %g", i, j, v)
			}
		}
	}
}

func TestSecondOpinionOnlyOnDoubtedCells(t *testing.T) {
	v := testVerdict(3, 3, func(int, int) bool { return false }, 1)
	secondOpinion(v, board3())
	if len(v.why) != 0 {
		t.Fatalf("the model overruled sure cells: %v", v.why)
	}
}

// TestSecondOpinionFlips reads plain boards through their label corners
// with every cell in doubt, once called the opposite of its label and
// once called right, and checks that the model puts most wrong cells
// right and leaves every right cell as it is: its features and the cells
// it flips line up. (On the first reading any flip puts a cell right, so
// only the second can catch a wrong flip.)
func TestSecondOpinionFlips(t *testing.T) {
	es, err := labels.Read("../testdata/photos")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.File != "00011.jpg" && e.File != "00038.jpg" {
			continue
		}
		ext, err := measureLabelled("../testdata/photos", e)
		if err != nil {
			t.Fatal(err)
		}
		n := e.Rows * e.Cols
		for _, wrong := range []bool{true, false} {
			v := testVerdict(e.Rows, e.Cols, func(r, c int) bool { return (e.Lights[r][c] == '1') != wrong }, 0.1)
			secondOpinion(v, ext)
			bad := wrongCells(e.Lights, v.lit)
			t.Logf("%s, called wrong %v: the model flipped %d of %d cells, %d wrong after", e.File, wrong, v.why["model"], n, len(bad))
			if wrong && 2*len(bad) > n {
				t.Errorf("%s: the model put %d of %d wrong cells right, %d still wrong", e.File, v.why["model"], n, len(bad))
			}
			if !wrong && len(bad) > 0 {
				t.Errorf("%s: the model turned %d of %d right cells wrong", e.File, len(bad), n)
			}
			for r, row := range v.conf {
				for c, conf := range row {
					if conf != 0.1 {
						t.Errorf("%s: cell (%d, %d) confidence %g, want it kept at 0.1", e.File, r, c, conf)
					}
				}
			}
		}
	}
}

// TestSecondOpinionLeavesCovered checks that the model leaves the cells
// marked covered (a pointer or glare over them) as the rules read them,
// on a board whose every cell it turns right otherwise.
func TestSecondOpinionLeavesCovered(t *testing.T) {
	e, ext := labelledPhoto(t, "00011.jpg")
	called := func(r, c int) bool { return e.Lights[r][c] != '1' } // every cell wrong
	v := testVerdict(e.Rows, e.Cols, called, 0.1)
	v.covered = map[int]bool{}
	for i := 0; i < e.Rows*e.Cols; i += 2 {
		v.covered[i] = true
	}
	secondOpinion(v, ext)
	for i := range e.Rows * e.Cols {
		r, c := i/e.Cols, i%e.Cols
		if v.covered[i] && v.lit[r][c] != called(r, c) {
			t.Errorf("covered cell (%d, %d) turned", r, c)
		}
	}
	if v.why["model"] == 0 {
		t.Errorf("the model turned no cell; want it to turn the uncovered wrong ones")
	}
}

// TestSecondOpinionLeavesLightScreen checks that the model turns no cell
// of a reading the cross-check turned round for a light screen, or of
// one of dark marks on a pale panel (inkMarks), on a board whose every
// cell it turns right otherwise.
func TestSecondOpinionLeavesLightScreen(t *testing.T) {
	for _, tc := range []struct {
		name string
		mark func(v *verdict)
	}{
		{"light screen", func(v *verdict) { v.lightScreen = true }},
		{"ink", func(v *verdict) { v.ink = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ext := labelledPhoto(t, "00011.jpg")
			v := testVerdict(e.Rows, e.Cols, func(r, c int) bool { return e.Lights[r][c] != '1' }, 0.1)
			tc.mark(v)
			secondOpinion(v, ext)
			if v.why["model"] != 0 {
				t.Errorf("the model turned %d cells, want none", v.why["model"])
			}
		})
	}
}

// TestSecondOpinionOneState reads through their label corners boards
// of one state that the rules read as one group:
//
//   - 115240, an all-off 2×6 arcade board of black caps that the
//     rules read lit (ringsLit): the model turns every cell, so the
//     whole board turns;
//   - 106377, an all-on 5×5 panel in daylight, pale orange on metal,
//     which the rules read lit in its own colour (ownColour), in doubt,
//     the model turning none (before ownColour took pale cells, the
//     model turned it from all off);
//   - 106222, an all-off 7×10 arcade board under glare: the model
//     turns one cell alone, which is left as the rules read it (it was
//     read lit).
func TestSecondOpinionOneState(t *testing.T) {
	for _, tc := range []struct {
		seed  int64
		model int // cells the model turned, as why counts them
	}{{115240, 12}, {106377, 0}, {106222, 0}} {
		t.Run(fmt.Sprint(tc.seed), func(t *testing.T) {
			data, _, e, err := synth.Encode(tc.seed, &synth.Options{})
			if err != nil {
				t.Fatal(err)
			}
			img, err := gocv.IMDecode(data, gocv.IMReadColor)
			if err != nil {
				t.Fatal(err)
			}
			defer img.Close()
			v, err := classify(img, cornerHomography(e), e.Rows, e.Cols, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if bad := wrongCells(e.Lights, v.lit); len(bad) > 0 {
				t.Errorf("cells wrong: %v (why %v)", bad, v.why)
			}
			if v.why["onegroup"] == 0 || v.why["model"] != tc.model {
				t.Errorf("why %v, want a one-group board with %d cells turned by the model", v.why, tc.model)
			}
		})
	}
}

// labelledPhoto returns the label of file in testdata/photos and its
// cells measured through the label's corners.
func labelledPhoto(t *testing.T, file string) (labels.Entry, [][]cellStats) {
	t.Helper()
	es, err := labels.Read("../testdata/photos")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.File == file {
			ext, err := measureLabelled("../testdata/photos", e)
			if err != nil {
				t.Fatal(err)
			}
			return e, ext
		}
	}
	t.Fatalf("%s: not in testdata/photos", file)
	return labels.Entry{}, nil
}

// TestTrainCellModel retrains the cell model:
//
//	go test ./vision -run TestTrainCellModel -timeout 1h -train-cells DIR1,DIR2,...
//
// over folders of boardgen photos (labels.json with corners), and
// overwrites cells.trees. The embedded model was trained on seeds
// 120000..135199, twenty folders of 760 named r0..r19 and given in
// ls order (r0, r1, r10 ... r19, r2 ... r9): another order sums the
// same cells in another order and gives another model.
func TestTrainCellModel(t *testing.T) {
	if *trainCells == "" {
		t.Skip("no -train-cells")
	}
	var x [][]float64
	var y []bool
	for _, dir := range strings.Split(*trainCells, ",") {
		fx, fy := labelledFeatures(t, dir)
		x, y = append(x, fx...), append(y, fy...)
	}
	t.Logf("%d cells", len(x))
	m, err := trees.Train(x, y, trees.Params{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create("cells.trees")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// labelledFeatures returns the features and truths of every cell of the
// photos of dir, measured through their label corners, on two cores.
func labelledFeatures(t *testing.T, dir string) ([][]float64, []bool) {
	es, err := labels.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	type cells struct {
		x   [][]float64
		y   []bool
		err error
	}
	out := make([]cells, len(es))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				e := es[i]
				if e.Ambiguous || len(e.Corners) != 4 {
					continue
				}
				ext, err := measureLabelled(dir, e)
				if err != nil {
					out[i].err = err
					continue
				}
				out[i].x = cellFeatures(ext)
				for r := range e.Rows {
					for c := range e.Cols {
						out[i].y = append(out[i].y, e.Lights[r][c] == '1')
					}
				}
			}
		})
	}
	for i := range es {
		next <- i
	}
	close(next)
	wg.Wait()
	var x [][]float64
	var y []bool
	for i, c := range out {
		if c.err != nil {
			t.Errorf("%s: %s: %v", dir, es[i].File, c.err)
		}
		x, y = append(x, c.x...), append(y, c.y...)
	}
	return x, y
}

// BenchmarkParseCellModel measures what the model costs a process once,
// on the first board it reads.
func BenchmarkParseCellModel(b *testing.B) {
	for b.Loop() {
		if _, err := trees.Read(bytes.NewReader(cellModelText)); err != nil {
			b.Fatal(err)
		}
	}
}

// measureLabelled measures the cells of photo e of dir, and the ring
// around them, through its label corners.
func measureLabelled(dir string, e labels.Entry) ([][]cellStats, error) {
	if len(e.Corners) != 4 {
		return nil, fmt.Errorf("%s: no corners in the label", e.File)
	}
	img, err := Load(filepath.Join(dir, e.File), 0)
	if err != nil {
		return nil, err
	}
	defer img.Close()
	return measureAt(img, cornerHomography(e), e.Rows, e.Cols)
}

// BenchmarkSecondOpinion10x10 measures the worst case of a 10×10
// board: every cell in doubt, so every cell's features and trees.
func BenchmarkSecondOpinion10x10(b *testing.B) {
	es, err := labels.Read("../testdata/photos")
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range es {
		if e.File != "00010.jpg" {
			continue
		}
		ext, err := measureLabelled("../testdata/photos", e)
		if err != nil {
			b.Fatal(err)
		}
		cellModel() // parsed once, outside the loop
		for b.Loop() {
			secondOpinion(testVerdict(e.Rows, e.Cols, func(int, int) bool { return false }, 0), ext)
		}
		return
	}
	b.Fatal("no 00010.jpg in testdata/photos")
}
