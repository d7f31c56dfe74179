package vision

import (
	"math"
	"slices"
	"sort"
)

// A shadow across part of the board darkens the case and the unlit
// buttons under it alike, and the lights' emitted light hardly at all.
// Read on brightness as it is, the unlit buttons out of the shadow look
// lit beside those in it. The rims (gaps and case around each button)
// show the shadow's straight edge as a step; lifting the cells on its
// dark side by that step reads the board as if evenly lit.
const (
	// minShadeStep is the smallest step (log V) between the two sides'
	// rims taken for a shadow: a factor of e^0.2 ≈ 1.22.
	minShadeStep = 0.2
	// shadeFit is how much of the rims' spread (the sum of absolute
	// deviations of the ring's rims from their median and of the
	// board's from theirs) the edge must leave at most: a shadow
	// explains most of it, a gradient or lights' glow does not.
	shadeFit = 0.5
	// shadeAngles is how many directions of the edge are tried over
	// half a turn (the opposite direction gives the same splits).
	shadeAngles = 36
)

// shadowEdge looks for a straight edge across the board of ext
// (measure's cells with the ring of would-be cells around them) that
// splits the rims into two sides, each holding at least two of the
// board's cells and two of the ring's, whose board cells' median rims
// differ by at least minShadeStep and whose ring's differ the same way
// by half that, and that explains all but shadeFit of the rims' spread
// (each side's ring and board about their own medians). The ring and the
// board are taken apart: the case around a board is seldom the tone of
// the gaps between its buttons, an offset that is no shadow's to explain
// or to measure (102145: a shadow across a handheld whose case is 0.35
// brighter than its gaps, left unfound). It returns the cells on the
// darker side, the board's step and the brighter side's median rims,
// the ring's and the board's.
func shadowEdge(ext [][]cellStats) (dark [][]bool, step float64, brightRim [2]float64, ok bool) {
	rows, cols := len(ext), len(ext[0])
	n := rows * cols
	rim := make([]float64, n)
	inRing := make([]bool, n)
	for i := range rim {
		r, c := i/cols, i%cols
		rim[i] = ext[r][c].rim
		inRing[i] = r == 0 || c == 0 || r == rows-1 || c == cols-1
	}
	// medSpread sorts xs and returns their median and the sum of their
	// absolute deviations from it.
	medSpread := func(xs []float64) (med, spread float64) {
		sort.Float64s(xs)
		med = sortedQuantile(xs, 0.5)
		for _, x := range xs {
			spread += math.Abs(x - med)
		}
		return med, spread
	}
	var whole [2][]float64 // the ring's rims and the board's
	for i, x := range rim {
		whole[b2i(!inRing[i])] = append(whole[b2i(!inRing[i])], x)
	}
	_, s0 := medSpread(whole[0])
	_, s1 := medSpread(whole[1])
	best := (s0 + s1) * shadeFit
	var bestSide []bool
	side := make([]bool, n)
	proj := make([]float64, n)
	var part [2][2][]float64 // rims by side, ring (0) or board (1)
	for k := 0; k < shadeAngles; k++ {
		th := math.Pi * float64(k) / shadeAngles
		cx, cy := math.Cos(th), math.Sin(th)
		for i := range proj {
			proj[i] = cx*float64(i%cols) + cy*float64(i/cols)
		}
		offs := slices.Sorted(slices.Values(proj))
		for j := 1; j < len(offs); j++ {
			o := (offs[j-1] + offs[j]) / 2
			if offs[j]-offs[j-1] < 1e-9 {
				continue
			}
			for s := range part {
				part[s][0], part[s][1] = part[s][0][:0], part[s][1][:0]
			}
			for i, p := range proj {
				side[i] = p > o
				part[b2i(side[i])][b2i(!inRing[i])] = append(part[b2i(side[i])][b2i(!inRing[i])], rim[i])
			}
			// The step is the board's own: a step in the ring alone is
			// no shadow on the board (a screen's title bar beside a
			// flat grid).
			if len(part[0][1]) < 2 || len(part[1][1]) < 2 {
				continue
			}
			m0, sb0 := medSpread(part[0][1])
			m1, sb1 := medSpread(part[1][1])
			if math.Abs(m1-m0) < minShadeStep {
				continue
			}
			// A shadow's edge runs on across the case around the board;
			// the glow of lit buttons over their gaps stays on the board.
			if len(part[0][0]) < 2 || len(part[1][0]) < 2 {
				continue
			}
			q0, sr0 := medSpread(part[0][0])
			q1, sr1 := medSpread(part[1][0])
			if (q1-q0)*math.Copysign(1, m1-m0) < minShadeStep/2 {
				continue
			}
			if res := sr0 + sb0 + sr1 + sb1; res < best {
				best, step = res, m1-m0
				brightRim = [2]float64{q0, math.Max(m0, m1)}
				if m1 > m0 {
					brightRim[0] = q1
				}
				bestSide = append(bestSide[:0], side...)
			}
		}
	}
	if bestSide == nil {
		return nil, 0, [2]float64{}, false
	}
	dark = make([][]bool, rows)
	for r := range dark {
		dark[r] = make([]bool, cols)
		for c := range dark[r] {
			// The side above the edge is the brighter one when step > 0.
			dark[r][c] = bestSide[r*cols+c] == (step < 0)
		}
	}
	return dark, math.Abs(step), brightRim, true
}

// shadowReread reads the board of ext again with the dark side of a
// shadow's edge across it lifted (unshade), when there is one, and
// returns that reading, every cell in doubt, and the lifted cells when
// it differs from v; v and ext otherwise.
func shadowReread(v *verdict, ext [][]cellStats) (*verdict, [][]cellStats) {
	dark, step, brightRim, ok := shadowEdge(ext)
	if !ok {
		return v, ext
	}
	lifted := unshade(ext, dark, step, brightRim)
	u := decideBoard(lifted)
	if sameLights(u.lit, v.lit) {
		return v, ext
	}
	u.capConf(crossCap)
	u.why["shadowedge"] = len(u.lit) * len(u.lit[0])
	return u, lifted
}

// unshade returns a copy of ext with every brightness of the cells on
// the dark side raised by as much as the cell's rim lies below its
// part's median rim out of the shadow, brightRim (the ring's for a cell
// of the ring, the board's for the board's own), by step (the board's)
// at most, and to no more than the brightest value of that measure on
// the board and its ring of would-be cells. A cell under the shadow's
// soft edge is only partly shaded; the shadow dimmed the cells'
// reflected light, and lit cells' emitted light, which it leaves as it
// is, is not made brighter than the lights out of it.
func unshade(ext [][]cellStats, dark [][]bool, step float64, brightRim [2]float64) [][]cellStats {
	out := make([][]cellStats, len(ext))
	var top cellStats
	for k := range top.prof {
		top.prof[k] = math.Inf(-1)
	}
	top.v, top.rim, top.ring, top.peak = math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)
	for _, row := range ext {
		for _, st := range row {
			top.v, top.rim = math.Max(top.v, st.v), math.Max(top.rim, st.rim)
			top.ring, top.peak = math.Max(top.ring, st.ring), math.Max(top.peak, st.peak)
			for k, x := range st.prof {
				if !math.IsNaN(x) {
					top.prof[k] = math.Max(top.prof[k], x)
				}
			}
		}
	}
	for r, row := range ext {
		out[r] = append([]cellStats(nil), row...)
		for c := range out[r] {
			if !dark[r][c] {
				continue
			}
			st := &out[r][c]
			inside := r > 0 && c > 0 && r < len(ext)-1 && c < len(ext[r])-1
			by := math.Max(0, math.Min(step, brightRim[b2i(inside)]-st.rim))
			lift := func(x, top float64) float64 { return math.Max(x, math.Min(x+by, top)) }
			st.v, st.rim, st.ring, st.peak = lift(st.v, top.v), lift(st.rim, top.rim), lift(st.ring, top.ring), lift(st.peak, top.peak)
			for k, x := range st.prof {
				if !math.IsNaN(x) {
					st.prof[k] = lift(x, top.prof[k])
				}
			}
			st.halo = halo(*st)
		}
	}
	return out
}
