package vision

import (
	"slices"
	"testing"
)

// TestReadSmokedLEDs reads testdata/smokedled.jpg (render-third seed
// 210000 photo 59 at 1000 pixels): a black panel in a bright room, its
// 28 LEDs behind smoked plastic a few levels bluer than the panel, three
// lit. The photo spans the whole range, so the spread look sees what the
// plain one does: the three lights, a 2×2 grid of twice the pitch. The
// equalised look sees the unlit LEDs too, and does not vouch for the
// size.
func TestReadSmokedLEDs(t *testing.T) {
	img, err := Load("../testdata/smokedled.jpg", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	r, err := Read(img, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0000", "0000", "0000", "1000", "0000", "1100", "0000"}
	if got := litStrings(r.Lit); !slices.Equal(got, want) {
		t.Fatalf("read %d×%d %v, want 7×4 %v", r.Rows, r.Cols, got, want)
	}
	if r.SizeSure {
		t.Errorf("size sure, want a doubt")
	}
}

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
