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
		// caseRim is how much brighter the ring's rims (the case) are
		// than the board's own (the gaps between its buttons).
		caseRim float64
	}{
		{"shadow over the lower rows", lower, 0.7, true, 0},
		{"diagonal shadow", func(r, c int) bool { return r+c >= 7 }, 0.5, true, 0},
		{"no shadow", func(int, int) bool { return false }, 0, false, 0},
		{"too faint to count", lower, 0.1, false, 0},
		// A case brighter than the gaps between the buttons (102145):
		// the shadow explains the step, not the case's tone.
		{"shadow over a board in a brighter case", lower, 0.5, true, 0.35},
		{"a brighter case and no shadow", func(int, int) bool { return false }, 0, false, 0.35},
		// Lights glowing over the gaps of the board's left part (the
		// app 99051): brighter rims there, none in the case around.
		{"glow over part of the board", func(r, c int) bool { return r > 0 && r < rows-1 && c > 0 && c <= 3 }, -0.4, false, 0},
		// A screen's title bar above a flat grid (the rendered app
		// 85014): the step lies in the ring, not across the board.
		{"a bright bar above the board", func(r, c int) bool { return r == 0 }, -1.2, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ext := board(rows, cols, lights, unlit, lit)
			for r := range ext {
				for c := range ext[r] {
					if r == 0 || c == 0 || r == rows-1 || c == cols-1 {
						ext[r][c].rim += tc.caseRim
					}
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
