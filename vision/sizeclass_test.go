package vision

import (
	"flag"
	"fmt"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

var classDir = flag.String("class.dir", "", "comma-separated folders with labels.json whose wrong-size grids TestSizeClasses sorts")

// onBoard describes how l lies on the labelled board of e: whether its
// every cell centre falls near a board cell centre (the same lattice),
// and how many of its cells lie inside the board.
func onBoard(t testing.TB, l lattice, e labels.Entry) (aligned bool, inside int) {
	inv, ok := invertH(labelHomography(t, e))
	if !ok {
		return false, 0
	}
	aligned = true
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			x, y := applyH(&l.h, float64(j)+0.5, float64(i)+0.5)
			u, v := applyH(&inv, x, y)
			if math.Abs(u-math.Floor(u)-0.5) > 0.3 || math.Abs(v-math.Floor(v)-0.5) > 0.3 {
				aligned = false
			}
			if u >= 0 && v >= 0 && u < float64(e.Cols) && v < float64(e.Rows) {
				inside++
			}
		}
	}
	// One cell per two of the board's also lands on cell centres: the
	// steps along each axis must be one of the board's cells.
	for _, step := range [][2]float64{{1, 0}, {0, 1}} {
		cu, cv := float64(l.cols)/2, float64(l.rows)/2
		x0, y0 := applyH(&l.h, cu, cv)
		x1, y1 := applyH(&l.h, cu+step[0], cv+step[1])
		u0, v0 := applyH(&inv, x0, y0)
		u1, v1 := applyH(&inv, x1, y1)
		if d := math.Hypot(u1-u0, v1-v0); d < 0.75 || d > 1.33 {
			aligned = false
		}
	}
	return aligned, inside
}

// TestSizeClasses sorts the photos of -class.dir whose grid Read would
// take (refineHypotheses' first) has the wrong size: "rank" when some
// hypothesis refined alone is right, "extent" when one lies on the
// board's lattice but refineExtent does not reach its size, "finder"
// when none lies on it. It only measures.
func TestSizeClasses(t *testing.T) {
	if *classDir == "" {
		t.Skip("no -class.dir")
	}
	count := map[string]int{}
	eachFound(t, *classDir, func(_ string, e labels.Entry, img gocv.Mat, ls []lattice) {
		rs := refineHypotheses(img, ls)
		if rs[0].rows == e.Rows && rs[0].cols == e.Cols {
			return
		}
		class := "finder"
		line := ""
		for i, l := range ls {
			a, in := onBoard(t, l, e)
			r, c := refineExtent(img, l)
			ra, rin := onBoard(t, r, e)
			mark := ""
			switch {
			case r.rows == e.Rows && r.cols == e.Cols && ra && rin == e.Rows*e.Cols && i < maxHypotheses:
				mark = "R"
				class = "rank"
			case a && in == l.rows*l.cols:
				mark = "on"
				if class == "finder" {
					class = "extent"
				}
			case a:
				mark = "over"
				if class == "finder" {
					class = "extent"
				}
			}
			line += fmt.Sprintf(" [%d×%d %.1f %s→%d×%d c%.2f v%.1f %s]", l.rows, l.cols, l.score, mark, r.rows, r.cols, c, pickValue(r.score, c), map[bool]string{true: "on", false: ""}[ra && rin == r.rows*r.cols])
		}
		count[class]++
		t.Logf("%s %s %s want %d×%d got %d×%d:%s", class, e.File, e.Style, e.Rows, e.Cols, rs[0].rows, rs[0].cols, line)
	})
	t.Logf("classes: %v", count)
}
