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

// TestRefineSkipsFinerField lays four buttons 40 pixels across, 120
// apart, over a table of tiles 30 across at a pitch of 40. Any point of
// the buttons' lattice lies within its tolerance of some tile, so
// refining must not claim tiles: each has tile neighbours far closer
// than the lattice's pitch. Nor must growing from a button.
func TestRefineSkipsFinerField(t *testing.T) {
	const w, h = 800, 800
	var bs []blob
	for i := 0; i < 4; i++ {
		bs = append(bs, blob{x: 340 + 120*float64(i%2), y: 340 + 120*float64(i/2), area: 40 * 40})
	}
	for y := 20.0; y < h; y += 40 {
		for x := 20.0; x < w; x += 40 {
			if x > 260 && x < 540 && y > 260 && y < 540 {
				continue // the board's case
			}
			bs = append(bs, blob{x: x + 7, y: y + 5, area: 30 * 30})
		}
	}
	for _, tc := range []struct {
		name string
		k    int
		want bool
	}{{"button", 0, false}, {"tile", len(bs) - 1, true}} {
		if got := newFinder(bs, nil, 0, 0).inFinerField(tc.k, 120); got != tc.want {
			t.Errorf("%s: inFinerField = %v, want %v", tc.name, got, tc.want)
		}
	}
	f := newFinder(bs, make([]uint8, w*h*3), w, h)
	if g := f.grow(0, vec{120, 0}, vec{0, 120}); g == nil || len(g.node) != 4 {
		n := 0
		if g != nil {
			n = len(g.node)
		}
		t.Errorf("grown from a button: %d nodes, want the board's 4", n)
	}
	hy := &hyp{node: map[[2]int]int{{0, 0}: 0, {0, 1}: 1, {1, 0}: 2, {1, 1}: 3}}
	if !f.refine(hy) {
		t.Fatal("refine dropped the board")
	}
	if len(hy.node) != 4 || hy.i1-hy.i0 != 1 || hy.j1-hy.j0 != 1 {
		t.Errorf("refined to %d nodes over %d×%d cells, want the board's 4 over 2×2", len(hy.node), hy.i1-hy.i0+1, hy.j1-hy.j0+1)
	}
}

func TestBloomed(t *testing.T) {
	unlit := blob{inner: [3]float64{47, 57, 40}, ring: [3]float64{42, 39, 48}}
	cyan := blob{inner: [3]float64{254, 252, 93}, ring: [3]float64{105, 97, 56}}
	glared := blob{inner: [3]float64{254, 254, 169}, ring: [3]float64{173, 164, 125}}
	tile := blob{inner: [3]float64{170, 160, 140}, ring: [3]float64{120, 110, 100}}
	button := blob{inner: [3]float64{60, 60, 200}, ring: [3]float64{40, 40, 45}}
	red := blob{inner: [3]float64{40, 40, 250}, ring: [3]float64{120, 60, 60}}
	for _, c := range []struct {
		name string
		a, b blob
		want bool
	}{
		{"cyan light's bloom over an unlit neighbour's ring (116022)", cyan, unlit, true},
		// Its inside is 1.47 times its ring: too little to count as
		// the glare's source (refine still takes it in on 116022).
		{"glare over a lit neighbour (116022)", glared, cyan, false},
		{"the unlit one casts no light", unlit, cyan, false},
		{"tiles are no light", tile, button, false},
		{"a darker ring is no bloom", button, tile, false},
		{"a ring tinted away from the light's colour", red, unlit, false},
	} {
		if got := bloomed(&c.a, &c.b); got != c.want {
			t.Errorf("%s: bloomed = %v, want %v", c.name, got, c.want)
		}
	}
}
