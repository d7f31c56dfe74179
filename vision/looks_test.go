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

// TestRivalLocal checks which lattice rivals the best: the next one, but
// past those of the equalised look alone when the best is of another.
func TestRivalLocal(t *testing.T) {
	plain, local := doubted(0), doubted(doubtLocal)
	for _, tc := range []struct {
		name string
		ls   []lattice
		want int
	}{
		{"alone", []lattice{plain}, 0},
		{"plain behind plain", []lattice{plain, plain}, 1},
		{"local behind plain", []lattice{plain, local}, 0},
		{"plain past local", []lattice{plain, local, local, plain}, 3},
		{"plain behind local", []lattice{local, plain}, 1},
		{"local behind local", []lattice{local, local}, 1},
	} {
		if got := rival(tc.ls); got != tc.want {
			t.Errorf("%s: rival %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestOnlyLocalBefore checks when a hypothesis put first after
// refinement went past lattices of the equalised look alone and nothing
// else.
func TestOnlyLocalBefore(t *testing.T) {
	plain, local := doubted(0), doubted(doubtLocal)
	for _, tc := range []struct {
		name string
		ls   []lattice
		k    int
		want bool
	}{
		{"past locals", []lattice{local, local, plain}, 2, true},
		{"past a plain one", []lattice{local, plain, plain}, 2, false},
		{"itself local", []lattice{local, local}, 1, false},
	} {
		if got := onlyLocalBefore(tc.ls, tc.k); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// doubted is a 3×3 lattice with the doubts d.
func doubted(d sizeDoubt) lattice {
	l := lattice{rows: 3, cols: 3, sizeSure: true}
	l.doubt(d)
	return l
}

// TestWeakIgnoresLocal checks that lattices of the equalised look alone
// neither make a find strong nor hide a weak one: their scores rest on
// lifted contrast, and the looks after them must still run.
func TestWeakIgnoresLocal(t *testing.T) {
	plain, local := doubted(0), doubted(doubtLocal)
	plain.score, local.score = 1, 20 // 9 cells: weak, strong
	if !weakBest([]lattice{local, plain}) {
		t.Error("weakBest: a strong equalised lattice hid a weak find")
	}
	if !weakBest([]lattice{local}) {
		t.Error("weakBest: equalised lattices alone made a find")
	}
	small := doubted(0)
	small.rows, small.cols, small.score = 2, 2, 5
	if !weakFind([]lattice{local, small}) {
		t.Error("weakFind: an equalised lattice went before a 2×2 find")
	}
	if weakFind([]lattice{local, plain}) {
		t.Error("weakFind: a 3×3 find of another look read as weak")
	}
}
