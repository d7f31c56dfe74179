package vision

import (
	"math"
	"sort"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

// TestReadPlacementLabelled reads every labelled photo of -labeldir as
// Read does and, for those read at the labelled size, compares the grid
// placed with the label's corners: how far off the corners are, in
// pitches, and how the lights would read with the label's own
// homography in place of the one found. It is the ceiling of any work on
// placement: when the label's grid reads no better than the found one,
// misread boards of the right size are the classifier's. It fails when
// a board read exactly with no doubt has a corner over cornerTol off:
// the presses drawn on the photo would miss their buttons.
func TestReadPlacementLabelled(t *testing.T) {
	var errs []float64
	var right, exact, sure, labelExact, labelSure int
	eachLabelled(t, func(e labels.Entry, img gocv.Mat) {
		r, err := Read(img, &Options{Serial: true})
		if err != nil || r.Rows != e.Rows || r.Cols != e.Cols {
			return
		}
		right++
		off := readingCornerError(r, e)
		errs = append(errs, off)
		bad := wrongCells(e.Lights, r.Lit)
		if len(bad) == 0 {
			exact++
			if !r.Doubtful() {
				sure++
				if off > cornerTol {
					t.Errorf("%s: read exactly without doubt, but a corner is %.2f pitch off", e.File, off)
				}
			}
		}
		v, err := classify(img, labelHomography(t, e), e.Rows, e.Cols, 0, nil)
		if err != nil {
			t.Errorf("%s: classifying at the label's corners: %v", e.File, err)
			return
		}
		lr := &Reading{Rows: e.Rows, Cols: e.Cols, Lit: v.lit, Confidence: v.conf, SizeSure: r.SizeSure && !v.extentDoubt}
		lbad := wrongCells(e.Lights, lr.Lit)
		if len(lbad) == 0 {
			labelExact++
			if !lr.Doubtful() {
				labelSure++
			}
		}
		if len(bad) != len(lbad) {
			t.Logf("%s: corner %.3f pitch off; %d cells wrong, %d at the label's corners", e.File, off, len(bad), len(lbad))
		}
	})
	if right == 0 {
		return
	}
	sort.Float64s(errs)
	var sum float64
	over := 0
	for _, d := range errs {
		sum += d
		if d > cornerTol {
			over++
		}
	}
	t.Logf("%d read at the labelled size: corner error mean %.3f, median %.3f, 90%% %.3f pitch, %d over %.2f",
		right, sum/float64(right), errs[len(errs)/2], errs[len(errs)*9/10], over, cornerTol)
	t.Logf("read exactly %d (%d without doubt); at the label's corners %d (%d without doubt)",
		exact, sure, labelExact, labelSure)
}

// readingCornerError is the largest distance, in pitches, of a corner of
// r from the label's.
func readingCornerError(r *Reading, e labels.Entry) float64 {
	var m float64
	for i, c := range e.Corners {
		m = math.Max(m, math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1])/labelPitch(e))
	}
	return m
}
