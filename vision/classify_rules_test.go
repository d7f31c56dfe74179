package vision

import "testing"

// TestPlainOneGroupColourRing checks that an all-off board is not plain
// when the cells' footprints around their centres hold ringChroma more
// absolute chroma than the centres (lit rings around dark caps, 99713),
// whether the cells are dim and darker than a light case or grey caps
// as bright as a grey one; a footprint a little less coloured stays
// plain.
func TestPlainOneGroupColourRing(t *testing.T) {
	lightCase := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	dimCap := cellStats{v: 4.5, s: 0.05, spread: 0.02, rim: 4.4, ring: 4.5, peak: 4.55, peakS: 0.05}
	greyCap := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 4.95, ring: 5.0, peak: 5.05, peakS: 0.05}
	for _, tc := range []struct {
		name string
		cell cellStats
		more float64 // absolute chroma of the footprint beyond the centre's
		sure bool
	}{
		{"dim caps, grey footprint", dimCap, 0, true},
		{"dim caps, footprint 0.11 more coloured", dimCap, 0.11, false},
		{"dim caps, footprint 0.09 more coloured", dimCap, 0.09, true},
		{"grey caps as bright as the case, footprint 0.11 more coloured", greyCap, 0.11, false},
		{"grey caps as bright as the case, footprint 0.09 more coloured", greyCap, 0.09, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := tc.cell
			cell.kc, cell.kcOK = [2]float64{0.02, 0.01}, true
			cell.kr, cell.krOK = [2]float64{0.02 + tc.more, 0.01}, true
			v := oneGroupVerdict(5, 5, false)
			plainOneGroup(withRing(board(5, 5, pattern, cell, cell), lightCase), v)
			r := &Reading{Confidence: v.conf, SizeSure: true}
			if r.Doubtful() == tc.sure {
				t.Errorf("doubt flagged %v, want %v (why %v)", r.Doubtful(), !tc.sure, v.why)
			}
		})
	}
}
