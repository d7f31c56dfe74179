package vision

import (
	"math"
	"sort"
)

// kindMeasures are the measures by which twoKinds looks for two kinds
// of cells; colourMeasures are those of them that a shadow or uneven
// light leaves as they are.
var (
	kindMeasures = []func(cellStats) float64{
		cellV,
		cellS,
		cellPeak,
		cellPeakS,
		func(s cellStats) float64 { return s.ring },
		func(s cellStats) float64 { return s.v - s.ring },
		func(s cellStats) float64 { return s.ca },
		func(s cellStats) float64 { return s.cb },
	}
	colourMeasures = []func(cellStats) float64{
		cellS,
		cellPeakS,
		func(s cellStats) float64 { return s.ca },
		func(s cellStats) float64 { return s.cb },
	}
)

// kindSplit returns, row by row, which cells lie above the gap of the
// first of measures that parts the cells into two tight kinds of at
// least least cells each, as twoKinds defines them, and whether one
// does.
func kindSplit(stats [][]cellStats, measures []func(cellStats) float64, least int) ([]bool, bool) {
	all := cellsOf(stats)
	n := len(all)
	xs := make([]float64, n)
	for _, get := range measures {
		for i, st := range all {
			xs[i] = get(st)
		}
		sorted := append([]float64(nil), xs...)
		sort.Float64s(sorted)
		for k := least; k <= n-least; k++ {
			gap := sorted[k] - sorted[k-1]
			if gap >= kindGap && gap > kindRatio*math.Max(sorted[k-1]-sorted[0], sorted[n-1]-sorted[k]) {
				upper := make([]bool, n)
				for i, x := range xs {
					upper[i] = x >= sorted[k]
				}
				return upper, true
			}
		}
	}
	return nil, false
}

// minKind is the fewest cells kindsRead takes for a kind: two odd
// cells on a board of one group are a pointer or a glare spot more
// often than its lights.
const minKind = 3

// kindsRead reads a board of smallBoard cells or more taken for one
// group, and not plainly so, by two tight kinds of cells when a measure
// of colour parts them (white lights beside lilac caps in daylight,
// cyan lights beside cream caps in a warm cast, both clipped; a shadow
// parts cells by brightness, not colour): the kind whose centres are
// clipped while the other's are not is lit; else the kind clearly
// brighter (by minVGap); else the kind more coloured at its peak (a
// light shows its colour there). Every cell stays in doubt. It reports whether it read the board so.
func kindsRead(stats [][]cellStats, v *verdict) bool {
	if len(stats)*len(stats[0]) < smallBoard {
		return false
	}
	upper, ok := kindSplit(stats, colourMeasures, minKind)
	if !ok {
		return false
	}
	var k [2][]cellStats
	for i, st := range cellsOf(stats) {
		k[b2i(upper[i])] = append(k[b2i(upper[i])], st)
	}
	mv := [2]float64{medianOf(k[0], cellV), medianOf(k[1], cellV)}
	var litKind int
	switch {
	case (mv[0] >= oneGroupTopV) != (mv[1] >= oneGroupTopV):
		litKind = b2i(mv[1] >= oneGroupTopV)
	case math.Abs(mv[1]-mv[0]) >= minVGap:
		litKind = b2i(mv[1] > mv[0])
	default:
		litKind = b2i(medianOf(k[1], cellPeakS) > medianOf(k[0], cellPeakS))
	}
	cols := len(stats[0])
	for i, u := range upper {
		v.lit[i/cols][i%cols] = b2i(u) == litKind
		v.conf[i/cols][i%cols] = math.Min(v.conf[i/cols][i%cols], crossCap)
	}
	v.oneGroup = false
	v.why["kinds"] = len(upper)
	return true
}
