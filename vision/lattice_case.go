package vision

import (
	"math"
	"sort"
)

// The case cue. In a dim room only the lit buttons make blobs, so a row
// or column of unlit buttons at the edge of the board goes unseen. The
// case the buttons sit on still shows: walking out from the lattice
// along its axes, the case colour goes on for the board's margin and
// then ends. Boards are laid out with even margins, so when one side's
// margin is a whole number of pitches wider than the opposite side's,
// that many lines of buttons are missing there.

// caseMaxFill is the share of the extent's cells holding blobs above
// which the lattice is taken as fully seen and the case cue is not used.
const caseMaxFill = 0.85

// extendToCase widens the extent of h towards case margins that are a
// whole number of pitches wider than the opposite ones, and reports
// whether it did.
func (f *finder) extendToCase(h *hyp) bool {
	if f.bgr == nil || len(h.node) < 4 {
		return false
	}
	rows, cols := h.i1-h.i0+1, h.j1-h.j0+1
	if float64(len(h.node)) > caseMaxFill*float64(rows*cols) {
		return false
	}
	caseCol, ok := f.caseColour(h)
	if !ok {
		return false
	}
	grew := false
	for axis := 0; axis < 2; axis++ {
		lo := f.margin(h, caseCol, axis, -1)
		hi := f.margin(h, caseCol, axis, 1)
		if lo < 0 || hi < 0 {
			continue
		}
		d := lo - hi
		k := math.Round(d)
		if k == 0 || math.Abs(d-k) > 0.2 || math.Min(lo, hi) < 0.3 {
			continue
		}
		n := int(math.Abs(k))
		span := rows
		if axis == 1 {
			span = cols
		}
		if span+n > maxCells {
			continue
		}
		switch {
		case axis == 0 && k > 0:
			h.i0 -= n
		case axis == 0:
			h.i1 += n
		case k > 0:
			h.j0 -= n
		default:
			h.j1 += n
		}
		grew = true
	}
	return grew
}

// caseColour is the median colour at the inner corners of the extent's
// cells, where the case shows between buttons, furthest from their glow.
func (f *finder) caseColour(h *hyp) ([3]float64, bool) {
	var ch [3][]float64
	for i := h.i0; i < h.i1; i++ {
		for j := h.j0; j < h.j1; j++ {
			c, ok := f.pixel(applyH(&h.h, float64(i)+0.5, float64(j)+0.5))
			if !ok {
				continue
			}
			for k := range ch {
				ch[k] = append(ch[k], c[k])
			}
		}
	}
	if len(ch[0]) < 3 {
		return [3]float64{}, false
	}
	return medianColour(ch), true
}

// medianColour is the median of each channel of the colours listed as
// ch (one list per channel, all of one length, at least one colour),
// which it sorts.
func medianColour(ch [3][]float64) [3]float64 {
	var m [3]float64
	for i := range ch {
		sort.Float64s(ch[i])
		m[i] = ch[i][len(ch[i])/2]
	}
	return m
}

// margin walks out from the extent of h along axis (0: i, 1: j) in
// direction dir, on the lanes between lattice lines where the case shows
// between buttons, and returns the
// median distance, in pitches from the outer line of nodes, at which the
// case colour ends; -1 when it cannot tell (the walk leaves the image or
// never meets the case).
func (f *finder) margin(h *hyp, caseCol [3]float64, axis, dir int) float64 {
	const step, far = 0.1, 4.0
	lo, hi := h.j0, h.j1
	start := float64(h.i0)
	if dir > 0 {
		start = float64(h.i1)
	}
	if axis == 1 {
		lo, hi = h.i0, h.i1
		start = float64(h.j0)
		if dir > 0 {
			start = float64(h.j1)
		}
	}
	var ds []float64
	for t := float64(lo) - 0.5; t <= float64(hi)+0.5; t++ {
		seen, end := false, -1.0
		for s := 0.5; s <= far; s += step {
			a := start + float64(dir)*s
			i, j := a, t
			if axis == 1 {
				i, j = t, a
			}
			c, ok := f.pixel(applyH(&h.h, i, j))
			if !ok {
				return -1
			}
			if rms3(c, caseCol) <= surroundColour {
				seen = true
				continue
			}
			if seen {
				end = s
				break
			}
		}
		if end > 0 {
			ds = append(ds, end)
		}
	}
	if 2*len(ds) < hi-lo+2 {
		return -1
	}
	sort.Float64s(ds)
	return ds[len(ds)/2]
}

// pixel returns the mean colour of the 3×3 work pixels around (x, y).
func (f *finder) pixel(x, y float64) ([3]float64, bool) {
	cx, cy := int(math.Round(x)), int(math.Round(y))
	if cx < 1 || cy < 1 || cx >= f.w-1 || cy >= f.h-1 {
		return [3]float64{}, false
	}
	var c [3]float64
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			p := f.bgr[3*((cy+dy)*f.w+cx+dx):]
			c[0] += float64(p[0])
			c[1] += float64(p[1])
			c[2] += float64(p[2])
		}
	}
	for i := range c {
		c[i] /= 9
	}
	return c, true
}
