package vision

import "testing"

// TestCrowded lays hypotheses over blobs 20 pixels across: a lattice at
// the blobs' own pitch is not crowded; one at twice it, over a board
// whose every button showed as a blob, is (a blob of their size lies
// between each two of its nodes); so is one at twice it over a few lit
// pairs; one at twice it over blobs alone in their cells is not.
func TestCrowded(t *testing.T) {
	const pitch, side = 30.0, 20.0
	tests := []struct {
		name  string
		blobs [][2]int // blob positions, in pitches
		m     float64  // the hypothesis' pitch, in pitches
		nodes [][2]int // its nodes, in its own cells (blob at m·node)
		want  bool
	}{
		{"own pitch", grid(4, 4), 1, grid(4, 4), false},
		{"twice the pitch", grid(4, 4), 2, grid(2, 2), true},
		{"twice the pitch, lit pairs", [][2]int{{0, 0}, {0, 1}, {2, 0}, {2, 1}, {0, 2}, {2, 2}}, 2, [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}, true},
		{"twice the pitch, alone", [][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}}, 2, grid(2, 2), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var bs []blob
			at := map[[2]int]int{}
			for _, p := range tc.blobs {
				at[p] = len(bs)
				bs = append(bs, blob{x: 100 + pitch*float64(p[1]), y: 100 + pitch*float64(p[0]), area: side * side})
			}
			f := newFinder(bs, nil, 0, 0)
			h := &hyp{node: map[[2]int]int{}, h: [9]float64{0, tc.m * pitch, 100, tc.m * pitch, 0, 100, 0, 0, 1}}
			for _, n := range tc.nodes {
				k, ok := at[[2]int{int(tc.m) * n[0], int(tc.m) * n[1]}]
				if !ok {
					t.Fatalf("no blob under node %v", n)
				}
				h.node[n] = k
			}
			if got := f.crowded(h); got != tc.want {
				t.Errorf("crowded = %v, want %v", got, tc.want)
			}
		})
	}
}

// grid lists the cells of a rows×cols grid, row by row.
func grid(rows, cols int) [][2]int {
	var out [][2]int
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}
