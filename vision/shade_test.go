package vision

import (
	"slices"
	"testing"
)

// TestShadowEdge checks that a shadow over part of a board, built from
// cell statistics with the ring of would-be cells around it, is found
// and lifted, and that lights or an evenly lit board are not taken for
// one.
func TestShadowEdge(t *testing.T) {
	unlit := cellStats{v: 5.15, s: 0.05, rim: 5.0, ring: 5.1, peak: 5.2}
	lit := cellStats{v: 5.55, s: 0.05, rim: 5.0, ring: 5.5, peak: 5.56}
	shaded := func(st cellStats, k float64) cellStats {
		st.v, st.rim, st.ring, st.peak = st.v-k, st.rim-k, st.ring-k, st.peak-k
		return st
	}
	const rows, cols = 7, 7 // a 5×5 board with its ring
	// lights follows pattern on the board; the ring is case (unlit).
	lights := func(r, c int) bool {
		return r > 0 && c > 0 && r < rows-1 && c < cols-1 && pattern(r-1, c-1)
	}
	lower := func(r, c int) bool { return r >= 4 }
	tests := []struct {
		name   string
		shadow func(r, c int) bool // cells under the shadow
		depth  float64
		found  bool
	}{
		{"shadow over the lower rows", lower, 0.7, true},
		{"diagonal shadow", func(r, c int) bool { return r+c >= 7 }, 0.5, true},
		{"no shadow", func(int, int) bool { return false }, 0, false},
		{"too faint to count", lower, 0.1, false},
		// A screen's title bar above a flat grid (the rendered app
		// 85014): the step lies in the ring, not across the board.
		{"a bright bar above the board", func(r, c int) bool { return r == 0 }, -1.2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ext := board(rows, cols, lights, unlit, lit)
			for r := range ext {
				for c := range ext[r] {
					if tc.shadow(r, c) {
						// The lights' own light is not shaded.
						k := tc.depth
						if lights(r, c) {
							k /= 4
						}
						ext[r][c] = shaded(ext[r][c], k)
					}
				}
			}
			dark, step, brightRim, ok := shadowEdge(ext)
			if ok != tc.found {
				t.Fatalf("found %v, want %v", ok, tc.found)
			}
			if !ok {
				return
			}
			for r := range dark {
				want := make([]bool, cols)
				for c := range want {
					want[c] = tc.shadow(r, c)
				}
				if !slices.Equal(dark[r], want) {
					t.Fatalf("dark side row %d: %v, want %v", r, dark[r], want)
				}
			}
			lifted := unshade(ext, dark, step, brightRim)
			for r := range lifted {
				for c, st := range lifted[r] {
					want := unlit.v
					if lights(r, c) {
						want = lit.v
					}
					if d := st.v - want; d > 1e-9 || d < -0.01-tc.depth/4 {
						t.Errorf("cell (%d, %d): lifted v %.3f, want about %.3f", r, c, st.v, want)
					}
				}
			}
			v := decideBoard(lifted)
			for r := range v.lit {
				for c, on := range v.lit[r] {
					if on != lights(r+1, c+1) {
						t.Errorf("cell (%d, %d) read lit=%v after lifting", r, c, on)
					}
				}
			}
		})
	}
}
