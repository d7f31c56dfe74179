package vision

import (
	"math"
	"sort"
)

// In a dim room, or on a screen that draws only the lit cells, the lit
// lights are the only blobs of the board, and they may lie several
// pitches apart. The finder steps one or two pitches from blob to blob
// and its trim drops lines under a quarter full, so such a board comes
// out as small pieces. sparse looks for one lattice that holds many
// alike blobs at once, wherever they lie on it.

// Limits of sparse.
const (
	// sparseMin is the least number of alike blobs a sparse lattice
	// rests on: a few blobs of clutter make a lattice anywhere, and
	// many on one lattice do not by chance.
	sparseMin = 6
	// sparseMax bounds the alike blobs looked at from one anchor.
	sparseMax = 60
	// sparseColour is the RMS colour distance (8-bit levels) within
	// which blobs are alike: lights of one board.
	sparseColour = 30
	// sparseTol is how far, in pitches, a blob may lie from its lattice
	// point once all are placed: tighter than matchTol, as blobs far
	// apart on a lattice by chance are what it rules out.
	sparseTol = 0.15
	// sparseMiss is the score lost per lattice cell with no blob: unlit
	// cells that do not show are expected here.
	sparseMiss = 0.05
	// sparseAnchors is how many anchors, highest contrast first, sparse
	// tries.
	sparseAnchors = 8
	// sparseBases is how many of the shortest differences between
	// alike blobs are tried, with their halves, in pairs, as the
	// lattice's vectors.
	sparseBases = 6
)

// sparse returns lattices of alike blobs far apart on one lattice, each
// held for the most part by no hypothesis of hs, widened by the case
// cue and scored with sparseMiss for its empty cells.
func (f *finder) sparse(hs []*hyp) []*hyp {
	order := make([]int, len(f.bs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return f.bs[order[a]].contrast > f.bs[order[b]].contrast })
	done := make([]bool, len(f.bs))
	var out []*hyp
	tries := 0
	for _, s := range order {
		if tries == sparseAnchors {
			break
		}
		if done[s] {
			continue
		}
		tries++
		set := f.alike(s)
		for _, k := range set {
			done[k] = true
		}
		if len(set) < sparseMin || heldBy(set, hs) {
			continue
		}
		h := f.sparseLattice(set)
		if h == nil {
			continue
		}
		nodes := make([]int, 0, len(h.node))
		for _, k := range h.node {
			nodes = append(nodes, k)
		}
		if heldBy(nodes, hs) || heldBy(nodes, out) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// alike returns blob s and the blobs like it in size, colour and
// surroundings, nearest first, at most sparseMax.
func (f *finder) alike(s int) []int {
	a := &f.bs[s]
	type kd struct {
		k int
		d float64
	}
	var ks []kd
	for k := range f.bs {
		b := &f.bs[k]
		r := b.size() / a.size()
		if r < 0.75 || r > 1/0.75 || colourDist(a, b) > sparseColour || rms3(a.ring, b.ring) > surroundColour {
			continue
		}
		ks = append(ks, kd{k, math.Hypot(b.x-a.x, b.y-a.y)})
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].d < ks[j].d })
	if len(ks) > sparseMax {
		ks = ks[:sparseMax]
	}
	set := make([]int, len(ks))
	for i, x := range ks {
		set[i] = x.k
	}
	return set
}

// sparseLattice fits one lattice to the blobs of set (set[0] first).
// Every difference of two blobs is a whole number of steps along the
// board's lattice, but lit lights far apart may show no single step:
// the vectors tried are the shortest differences and their halves (no
// shorter than a blob, as buttons do not overlap), in pairs across each
// other. The pair whose lattice holds the most blobs is kept, and of
// those the coarsest: a finer lattice holds them too. It returns nil
// unless sparseMin blobs and two lines each way join and the extent
// fits a board.
func (f *finder) sparseLattice(set []int) *hyp {
	sz := f.bs[set[0]].size()
	minStep := 1.1 * sz // buttons do not overlap
	var ds []vec
	for x, j := range set {
		for _, k := range set[x+1:] {
			d := vec{f.bs[k].x - f.bs[j].x, f.bs[k].y - f.bs[j].y}
			if d.len() >= minStep {
				ds = append(ds, d)
			}
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].len() < ds[j].len() })
	var cands []vec
	for _, d := range ds[:min(len(ds), sparseBases)] {
		cands = append(cands, d)
		if h := d.mul(0.5); h.len() >= minStep {
			cands = append(cands, h)
		}
	}
	var best *hyp
	var bestArea float64
	var tried [][2]vec
	for x, a := range cands {
		for _, b := range cands[x+1:] {
			if math.Abs(a.cross(b))/(a.len()*b.len()) < 0.6 {
				continue
			}
			a, b := reduceBasis(a, b)
			if sameBasis(tried, a, b) {
				continue
			}
			tried = append(tried, [2]vec{a, b})
			h := f.join(set, a, b)
			if h == nil {
				continue
			}
			area := math.Abs(a.cross(b))
			if best == nil || len(h.node) > len(best.node) || len(h.node) == len(best.node) && area > bestArea {
				best, bestArea = h, area
			}
		}
	}
	if best == nil {
		return nil
	}
	h := best
	h.extent()
	if len(h.node) < sparseMin || h.i1 == h.i0 || h.j1 == h.j0 || h.i1-h.i0+1 > maxCells || h.j1-h.j0+1 > maxCells {
		return nil
	}
	h.size = f.medianSize(h)
	if h.size/math.Min(localPitch(&h.h, float64(h.i0+h.i1)/2, float64(h.j0+h.j1)/2)) < minSizePit {
		return nil
	}
	h.caseGrown = f.extendToCase(h)
	f.score(h)
	if math.IsInf(h.score, -1) {
		return nil
	}
	return h
}

// sameBasis reports whether reduced basis (a, b) spans nearly the same
// lattice as one of tried: vectors within a tenth of their length, up
// to sign and order.
func sameBasis(tried [][2]vec, a, b vec) bool {
	near := func(p, q vec) bool {
		tol := 0.1 * p.len()
		return p.sub(q).len() < tol || p.add(q).len() < tol
	}
	for _, t := range tried {
		if near(a, t[0]) && near(b, t[1]) || near(a, t[1]) && near(b, t[0]) {
			return true
		}
	}
	return false
}

// join places the blobs of set on the lattice of vectors a and b from
// set[0]. Nearest first (set's order), a blob joins where it falls
// within matchTol of a lattice point of the map fitted to the blobs
// placed before it, so that the map learns the perspective as it goes
// out; passes repeat while blobs join. Only the blobs within sparseTol
// of the robust fit to them all stay.
func (f *finder) join(set []int, a, b vec) *hyp {
	s0 := &f.bs[set[0]]
	h := &hyp{node: map[[2]int]int{{0, 0}: set[0]}, h: [9]float64{a.x, b.x, s0.x, a.y, b.y, s0.y, 0, 0, 1}}
	taken := map[int]bool{set[0]: true}
	// inv is the inverse of invOf, the map it was last taken of (once
	// inverted is set): the map changes only when a refit moves it.
	var inv, invOf [9]float64
	inverted := false
	for changed := true; changed; {
		changed = false
		for _, k := range set {
			if taken[k] {
				continue
			}
			if !inverted || invOf != h.h {
				m, ok := invertH(h.h)
				if !ok {
					return nil
				}
				inv, invOf, inverted = m, h.h, true
			}
			u, v := applyH(&inv, f.bs[k].x, f.bs[k].y)
			n := [2]int{int(math.Round(u)), int(math.Round(v))}
			if _, ok := h.node[n]; ok || f.offLattice(&h.h, n, k) > matchTol {
				continue
			}
			h.node[n], taken[k] = k, true
			changed = true
			// Refit once the blobs span two lines each way (till then
			// the vectors stand), plainly: the last fit is robust.
			if spansTwoWays(h.node) {
				prev := h.h
				if !f.fitNodes(h, false) {
					h.h = prev
				}
			}
		}
	}
	if len(h.node) < sparseMin || !f.fit(h) {
		return nil
	}
	for n, k := range h.node {
		if f.offLattice(&h.h, n, k) > sparseTol {
			delete(h.node, n)
		}
	}
	if len(h.node) < sparseMin || !f.fit(h) {
		return nil
	}
	h.sparse = true
	return h
}

// spansTwoWays reports whether the nodes lie on at least two lines each
// way and not all on one line.
func spansTwoWays(node map[[2]int]int) bool {
	is, js := map[int]bool{}, map[int]bool{}
	for n := range node {
		is[n[0]], js[n[1]] = true, true
	}
	if len(is) < 2 || len(js) < 2 {
		return false
	}
	// Not all on one diagonal line either: three nodes off one line.
	var p [][2]int
	for n := range node {
		p = append(p, n)
	}
	for x := 2; x < len(p); x++ {
		if (p[1][0]-p[0][0])*(p[x][1]-p[0][1])-(p[1][1]-p[0][1])*(p[x][0]-p[0][0]) != 0 {
			return true
		}
	}
	return false
}

// heldBy reports whether one hypothesis of hs holds more than half of
// the blobs listed: the same lattice, found already.
func heldBy(blobs []int, hs []*hyp) bool {
	in := make(map[int]bool, len(blobs))
	for _, k := range blobs {
		in[k] = true
	}
	for _, o := range hs {
		n := 0
		for _, k := range o.node {
			if in[k] {
				n++
			}
		}
		if 2*n > len(blobs) {
			return true
		}
	}
	return false
}

// pieceShare is the share of a sparse lattice's score under which a
// piece of it scores: a board of its own laid over by a finer sparse
// lattice of its lights and their highlights (boardgen 112031, a 2×3
// screen of bulbs, 2.55 against 3.80) scores close to it, the pieces
// of the lit lights of u32_0134 (3.86 against 7.49) and of
// TestReadSparseLit's boards (5.99 against 10.14) far under it.
const pieceShare = 0.6

// dropPieces returns ls without the lattices that are pieces of a sparse
// one that scores well over them: their cell centres all fall on its
// cell centres, inside its grid, and they either step over some of its
// lines (a coarser lattice of its lit lights) or hold at most half as
// many cells (a few lit lights side by side).
func dropPieces(ls []lattice) []lattice {
	var out []lattice
	for _, l := range ls {
		piece := false
		for k := range ls {
			s := &ls[k]
			if s.sparse && !l.sparse && pieceShare*s.score > l.score && pieceOf(&l, s) {
				piece = true
				break
			}
		}
		if !piece {
			out = append(out, l)
		}
	}
	return out
}

// pieceOf reports whether l is a piece of s, as dropPieces says.
func pieceOf(l, s *lattice) bool {
	inv, ok := invertH(s.h)
	if !ok {
		return false
	}
	at := func(c, r float64) (float64, float64) {
		p := l.project(c, r)
		return applyH(&inv, p.X, p.Y)
	}
	for r := 0; r < l.rows; r++ {
		for c := 0; c < l.cols; c++ {
			u, v := at(float64(c)+0.5, float64(r)+0.5)
			if u < 0 || v < 0 || u > float64(s.cols) || v > float64(s.rows) || !onCentre(u, v) {
				return false
			}
		}
	}
	u0, v0 := at(0.5, 0.5)
	u1, v1 := at(1.5, 0.5)
	u2, v2 := at(0.5, 1.5)
	coarser := math.Hypot(u1-u0, v1-v0) >= 1.5 || math.Hypot(u2-u0, v2-v0) >= 1.5
	return coarser || 2*l.rows*l.cols <= s.rows*s.cols
}
