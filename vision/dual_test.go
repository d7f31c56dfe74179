package vision

import "testing"

// TestDualOf checks dualOf against a 3×4 grid of pitch 30 at (40, 50):
// its dual is the 4×5 grid half a cell up and left, in either
// orientation; grids of another size, offset or pitch are not.
func TestDualOf(t *testing.T) {
	small := gridAt(3, 4, [9]float64{30, 0, 40, 0, 30, 50, 0, 0, 1})
	for _, tc := range []struct {
		name  string
		large lattice
		want  bool
	}{
		{"the dual", gridAt(4, 5, [9]float64{30, 0, 25, 0, 30, 35, 0, 0, 1}), true},
		// Rows down small's columns, from its right edge leftwards.
		{"the dual turned", gridAt(5, 4, [9]float64{0, -30, 175, 30, 0, 35, 0, 0, 1}), true},
		{"one line more, not offset", gridAt(4, 5, [9]float64{30, 0, 40, 0, 30, 50, 0, 0, 1}), false},
		{"offset along rows only", gridAt(4, 5, [9]float64{30, 0, 25, 0, 30, 50, 0, 0, 1}), false},
		{"two lines more", gridAt(5, 6, [9]float64{30, 0, -5, 0, 30, 5, 0, 0, 1}), false},
		{"the dual at half the pitch", gridAt(8, 10, [9]float64{15, 0, 32.5, 0, 15, 42.5, 0, 0, 1}), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := dualOf(small, tc.large); got != tc.want {
				t.Errorf("dualOf = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestDualRival checks that dualRival finds the pick's dual among the
// hypotheses, not the pick's own dual when the pick is the larger.
func TestDualRival(t *testing.T) {
	small := gridAt(3, 4, [9]float64{30, 0, 40, 0, 30, 50, 0, 0, 1})
	large := gridAt(4, 5, [9]float64{30, 0, 25, 0, 30, 35, 0, 0, 1})
	other := gridAt(3, 3, [9]float64{20, 0, 300, 0, 20, 300, 0, 0, 1})
	for _, tc := range []struct {
		name string
		ls   []lattice
		best int
		want int
	}{
		{"gaps picked", []lattice{other, small, large}, 1, 2},
		{"buttons picked", []lattice{large, small}, 0, -1},
		{"no dual", []lattice{small, other}, 0, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := dualRival(tc.ls, tc.best); got != tc.want {
				t.Errorf("dualRival = %d, want %d", got, tc.want)
			}
		})
	}
}
