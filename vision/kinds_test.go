package vision

import "testing"

// TestKindsRead checks how kindsRead reads a 3×4 board taken for one
// group, the cells drawn from two kinds in a checker pattern (the
// statistics are those of tuning photos 73090, 73089 and 74095, and of
// an all-on board half in a shadow), and that it leaves boards of a few
// cells, kinds of brightness alone, and a kind of two cells (a pointer)
// as they are.
func TestKindsRead(t *testing.T) {
	cyan := cellStats{v: 5.52, s: 0.29, peak: 5.55, peakS: 0.85, ring: 5.47, ca: -0.28, cb: 0.05}
	cream := cellStats{v: 5.55, s: 0.26, peak: 5.56, peakS: 0.55, ring: 5.54, ca: 0.02, cb: 0.25}
	white := cellStats{v: 5.55, s: 0, peak: 5.56, peakS: 0.01, ring: 5.55}
	lilac := cellStats{v: 5.44, s: 0.08, peak: 5.46, peakS: 0.06, ring: 5.44, ca: 0.08}
	blue := cellStats{v: 5.32, s: 0.15, peak: 5.34, peakS: 0.22, ring: 5.31, ca: -0.11, cb: -0.09}
	warmCap := cellStats{v: 5.13, s: 0.33, peak: 5.24, peakS: 0.29, ring: 5.16, ca: 0.07, cb: 0.28}
	shaded := cellStats{v: 5.1, s: 0, peak: 5.12, peakS: 0.01, ring: 5.0}
	for _, tc := range []struct {
		name       string
		lit, unlit cellStats
		rows, cols int
		read       bool // whether kindsRead reads the board
		two        bool // only cells (0, 0) and (1, 0) are of the lit kind
	}{
		{"cyan lights beside cream caps, both clipped", cyan, cream, 3, 4, true, false},
		{"white lights beside lilac caps", white, lilac, 3, 4, true, false},
		{"blue lights beside warm caps", blue, warmCap, 3, 4, true, false},
		{"white lights half in a shadow", white, shaded, 3, 4, false, false},
		{"a board of four cells", cyan, cream, 2, 2, false, false},
		// A pointer over two cells of a one-colour board (the rendered
		// app 92575) is not its lights.
		{"two odd cells", white, lilac, 3, 4, false, true},
	} {
		kind := func(r, c int) bool { return (r+c)%2 == 0 }
		if tc.two {
			kind = func(r, c int) bool { return c == 0 && r < 2 }
		}
		t.Run(tc.name, func(t *testing.T) {
			stats := make([][]cellStats, tc.rows)
			v := &verdict{oneGroup: true, why: map[string]int{"onegroup": tc.rows * tc.cols}}
			for r := range stats {
				stats[r] = make([]cellStats, tc.cols)
				v.lit = append(v.lit, make([]bool, tc.cols))
				v.conf = append(v.conf, make([]float64, tc.cols))
				for c := range stats[r] {
					stats[r][c] = tc.unlit
					if kind(r, c) {
						stats[r][c] = tc.lit
					}
					v.lit[r][c], v.conf[r][c] = true, 0.45
				}
			}
			if got := kindsRead(stats, v); got != tc.read {
				t.Fatalf("kindsRead read the board %v, want %v", got, tc.read)
			}
			for r := range v.lit {
				for c, lit := range v.lit[r] {
					want := !tc.read || kind(r, c)
					if lit != want {
						t.Errorf("cell (%d, %d) read lit %v, want %v", r, c, lit, want)
					}
					if tc.read && v.conf[r][c] >= UncertainBelow {
						t.Errorf("cell (%d, %d) sure (%.2f), want in doubt", r, c, v.conf[r][c])
					}
				}
			}
			if tc.read && (v.oneGroup || v.why["kinds"] == 0) {
				t.Errorf("oneGroup %v, why %v: want two groups, kinds counted", v.oneGroup, v.why)
			}
		})
	}
}
