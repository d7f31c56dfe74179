package vision

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

var (
	doubtDir = flag.String("doubt.dir", "", "comma-separated folders with labels.json whose size doubts TestSizeDoubts tallies")
	doubtOut = flag.String("doubt.out", "", "with -doubt.dir, write one tab-separated line per photo there")
)

var rankOnly = flag.String("rank.only", "", "comma-separated photo files (base names) to which eachFound keeps; empty keeps all")

// wanted reports whether eachFound visits the photo file.
func wanted(file string) bool {
	if *rankOnly == "" {
		return true
	}
	for _, f := range strings.Split(*rankOnly, ",") {
		if f == file {
			return true
		}
	}
	return false
}

// eachFound runs f on every labelled photo of the comma-separated
// folders dirs in which findLattices finds a grid, with the finder's
// hypotheses found as Photo.Read finds them (on a JPEG's reduced copy
// when it has one) and the full image; the image is closed when f
// returns.
func eachFound(t *testing.T, dirs string, f func(dir string, e labels.Entry, img gocv.Mat, ls []lattice)) {
	t.Helper()
	for _, dir := range strings.Split(dirs, ",") {
		es, err := labels.Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if e.Ambiguous || !wanted(e.File) {
				continue
			}
			p, img, ls, err := findAsRead(filepath.Join(dir, e.File))
			if err != nil {
				t.Fatalf("%s: %v", e.File, err)
			}
			if ls != nil {
				f(dir, e, img, ls)
			}
			p.Close()
		}
	}
}

// findAsRead opens the photo at path and finds the grid as Photo.Read
// does (on a JPEG's reduced copy when it has one, else on the full
// image): the Photo (to close), its full image and the finder's
// hypotheses in its pixels, nil when no grid is found.
func findAsRead(path string) (*Photo, gocv.Mat, []lattice, error) {
	p, err := Open(path, nil)
	if err != nil {
		return nil, gocv.Mat{}, nil, err
	}
	var ls []lattice
	img, err := p.Image()
	if err == nil && p.k > 1 {
		img, ls, err = p.findOnCopy(&Options{}, nil)
	}
	if err != nil {
		p.Close()
		return nil, gocv.Mat{}, nil, err
	}
	if ls == nil {
		ls, _ = findLattices(img, 0, 0, 0, nil)
	}
	return p, img, ls, nil
}

// TestSizeDoubts tallies, over the photos of -doubt.dir, how often each
// reason for not vouching for the size fires on grids that Read would
// take (findLattices, then refineHypotheses) of the right size and
// place, and on wrong ones. A reason that fires mostly on right grids
// costs doubt on boards read right; one that is the only reason on a
// wrong grid the classifier does not doubt is what keeps that board from
// a silent failure. It only measures.
func TestSizeDoubts(t *testing.T) {
	if *doubtDir == "" {
		t.Skip("no -doubt.dir")
	}
	var out *os.File
	if *doubtOut != "" {
		var err error
		if out, err = os.Create(*doubtOut); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	var onRight, onWrong, soleWrong, soleSilent [numDoubts]int
	var right, rightUnsure, wrong, wrongSure, wrongSilent int
	eachFound(t, *doubtDir, func(dir string, e labels.Entry, img gocv.Mat, ls []lattice) {
		l := refineHypotheses(img, ls)[0]
		// Whether the classifier doubts the board by itself.
		clsDoubt, extDoubt := true, true
		if v, err := classify(img, l.h, l.rows, l.cols, 0, nil); err == nil {
			m := math.Inf(1)
			for _, row := range v.conf {
				for _, c := range row {
					m = math.Min(m, c)
				}
			}
			clsDoubt = m < UncertainBelow
			extDoubt = v.extentDoubt
		}
		room := edgeRoomTest(l, img.Cols(), img.Rows())
		why := latticeMismatch(l, e)
		ok := why == ""
		var ds []string
		for i := 0; i < numDoubts; i++ {
			if l.doubts&(1<<i) == 0 {
				continue
			}
			ds = append(ds, fmt.Sprint(i))
			if ok {
				onRight[i]++
			} else {
				onWrong[i]++
				if l.doubts == 1<<i {
					soleWrong[i]++
					if !clsDoubt {
						soleSilent[i]++
					}
				}
			}
		}
		if ok {
			right++
			if !l.sizeSure {
				rightUnsure++
			}
		} else {
			wrong++
			if l.sizeSure {
				wrongSure++
				if !clsDoubt {
					wrongSilent++
				}
			}
		}
		if out != nil {
			sizeOK := l.rows == e.Rows && l.cols == e.Cols
			fmt.Fprintf(out, "%s\t%s\t%v\t%v\t%v\t%d\t%.2f\t%s\t%s\t%.2f\t%d\t%d\t%v\t%s\n", filepath.Join(dir, e.File), e.Style, ok, sizeOK, clsDoubt,
				l.doubts, l.score/float64(l.rows*l.cols), strings.Join(ds, ","), why, room, l.rows, l.cols, extDoubt, sideFeatures(img, l))
		}
	})
	t.Logf("grids right %d (size unsure on %d), wrong %d (size sure on %d, %d of them not doubted by the classifier either)",
		right, rightUnsure, wrong, wrongSure, wrongSilent)
	t.Logf("%-14s %7s %7s %10s %12s", "reason", "right", "wrong", "sole wrong", "sole silent")
	for i := 0; i < numDoubts; i++ {
		t.Logf("%-14s %7d %7d %10d %12d", sizeDoubt(1<<i), onRight[i], onWrong[i], soleWrong[i], soleSilent[i])
	}
}

// edgeRoomTest is the least margin, in pitches (0..1.5), that the photo
// shows beyond the grid of l on any side: how far a line parallel to
// that side can move out before over a third of it leaves the photo.
func edgeRoomTest(l lattice, w, h int) float64 {
	room := 1.5
	for side := 0; side < 4; side++ {
		for t := 0.0; t <= 1.5; t += 0.05 {
			if !sideInside(&l, w, h, side, t) {
				room = math.Min(room, t)
				break
			}
		}
	}
	return room
}

var rankDir = flag.String("rank.dir", "", "comma-separated folders with labels.json whose hypotheses TestRankHypotheses lists")

// TestRankHypotheses lists, for each photo of -rank.dir whose first
// hypothesis (after refineHypotheses) is wrong, every hypothesis with
// its score and whether it matches the label. It only measures.
func TestRankHypotheses(t *testing.T) {
	if *rankDir == "" {
		t.Skip("no -rank.dir")
	}
	var wrong, present int
	eachFound(t, *rankDir, func(_ string, e labels.Entry, img gocv.Mat, ls []lattice) {
		rs := refineHypotheses(img, ls)
		if latticeMismatch(rs[0], e) == "" {
			return
		}
		wrong++
		line := fmt.Sprintf("%s %s want %d×%d:", e.File, e.Style, e.Rows, e.Cols)
		found := false
		for i, l := range ls {
			mark := ""
			if latticeMismatch(l, e) == "" {
				mark, found = "*", true
			}
			line += fmt.Sprintf(" [%d×%d %.1f%s]", l.rows, l.cols, l.score, mark)
			if i < len(rs) && (rs[i].rows != l.rows || rs[i].cols != l.cols) {
				line += fmt.Sprintf("→%d×%d", rs[i].rows, rs[i].cols)
			}
		}
		if found {
			present++
		}
		t.Log(line)
	})
	t.Logf("%d wrong first grids, the right one among the hypotheses on %d", wrong, present)
}

var pickOut = flag.String("pick.out", "", "with -rank.dir, TestPickData writes each photo's first hypotheses there, refined, with score, clarity, whether each matches the label and passes the block test")

// TestPickData writes, for every photo of -rank.dir, the finder's first
// maxHypotheses hypotheses each refined alone: score, clarity, size,
// whether it matches the label, and its pickWeight. It only measures, for tuning the order
// refineHypotheses puts them in.
func TestPickData(t *testing.T) {
	if *rankDir == "" || *pickOut == "" {
		t.Skip("no -rank.dir or -pick.out")
	}
	out, err := os.Create(*pickOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	eachFound(t, *rankDir, func(dir string, e labels.Entry, img gocv.Mat, ls []lattice) {
		picked := refineHypotheses(img, ls)[0]
		line := fmt.Sprintf("%s\t%s\t%v", filepath.Join(dir, e.File), e.Style, latticeMismatch(picked, e) == "")
		for i, l := range ls {
			if i == maxHypotheses {
				break
			}
			r, c := refineExtent(img, l)
			keypadDoubt(img, &r)
			line += fmt.Sprintf("\t%.2f,%.3f,%d,%d,%v,%v,%.3f,%s", l.score, c, r.rows, r.cols, latticeMismatch(r, e) == "", r.block, pickWeight(r), windowFeatures(img, r))
		}
		fmt.Fprintln(out, line)
	})
}

// sideFeatures describes, tab-separated, how l's grid stands out in its
// extent window: the cells' median similarity to their template, and per
// side (top, bottom, left, right) the edge line's and the outside line's
// similarity relative to it ("-" when a line cannot be judged).
func sideFeatures(img gocv.Mat, l lattice) string {
	w, ok := newExtentWindow(img, l, nil)
	if !ok {
		return "-"
	}
	r0, r1, c0, c1 := ownCells(l)
	tpl, med := w.templates(r0, r1, c0, c1)
	if tpl == nil {
		return "-"
	}
	s := fmt.Sprintf("%.2f", med)
	for side := 0; side < 4; side++ {
		for _, outside := range []bool{false, true} {
			if sc, _, ok := w.lineScore(tpl, side, outside, r0, r1, c0, c1); ok {
				s += fmt.Sprintf("\t%.2f", sc/med)
			} else {
				s += "\t-"
			}
		}
	}
	return s
}

// windowFeatures describes, comma-separated, l's grid in its extent
// window: the stagger score, how many templates its cells get, the
// least edge line's and the greatest outside line's likeness (relative
// to the cells' median), that median, and how many outside lines cannot
// be judged.
func windowFeatures(img gocv.Mat, l lattice) string {
	w, ok := newExtentWindow(img, l, nil)
	if !ok {
		return "0,0"
	}
	r0, r1, c0, c1 := ownCells(l)
	tpl, med := w.templates(r0, r1, c0, c1)
	if tpl == nil {
		return "0,0"
	}
	edge, out, open := math.Inf(1), 0.0, 0
	for side := 0; side < 4; side++ {
		if s, _, ok := w.lineScore(tpl, side, false, r0, r1, c0, c1); ok {
			edge = math.Min(edge, s/med)
		}
		if s, _, ok := w.lineScore(tpl, side, true, r0, r1, c0, c1); ok {
			out = math.Max(out, s/med)
		} else {
			open++
		}
	}
	return fmt.Sprintf("%.3f,%d,%.3f,%.3f,%.3f,%d", w.staggerScore(tpl, med, r0, r1, c0, c1), len(tpl), edge, out, med, open)
}
