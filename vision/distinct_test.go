package vision

import (
	"slices"
	"testing"
)

// TestDistinctLocal checks that distinct keeps the first of repeats,
// unless it was found by the equalised look alone and a repeat by
// another look: then that repeat, with its own score and doubts.
func TestDistinctLocal(t *testing.T) {
	at := func(x, score float64, d sizeDoubt) lattice {
		l := lattice{rows: 4, cols: 5, h: [9]float64{50, 0, x, 0, 50, 100, 0, 0, 1}, score: score, sizeSure: true}
		l.doubt(d)
		return l
	}
	for _, tc := range []struct {
		name string
		in   []lattice
		want []float64 // scores kept
	}{
		{"plain repeats", []lattice{at(100, 9, 0), at(105, 5, doubtWeak)}, []float64{9}},
		{"local first", []lattice{at(100, 9, doubtLocal), at(105, 5, doubtWeak)}, []float64{5}},
		{"local repeats", []lattice{at(100, 9, 0), at(105, 5, doubtLocal)}, []float64{9}},
		{"both local", []lattice{at(100, 9, doubtLocal), at(105, 5, doubtLocal)}, []float64{9}},
		{"apart", []lattice{at(100, 9, doubtLocal), at(300, 5, 0)}, []float64{9, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []float64
			for _, l := range distinct(tc.in) {
				got = append(got, l.score)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("kept scores %v, want %v", got, tc.want)
			}
		})
	}
}
