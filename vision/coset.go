package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Round buttons on a flat case or screen leave the case showing between
// every four of them, and those gaps are compact blobs too: the buttons
// and the gaps make two interleaved lattices, one offset from the other
// by half a cell each way. The finder, walking to nearest neighbours,
// then finds the gaps' lattice (one line short each way) or the union of
// both (a lattice turned 45° with a pitch 1/√2 of the board's), whose
// blobs it claims so that the buttons' own lattice is never grown.
// cosets proposes the other members of such a pair from the finder's
// hypotheses, to be refined and scored like the rest.

// Limits of cosets.
const (
	// cosetTries is how many of the finder's best hypotheses cosets
	// looks at, and cosetSeeds how many unused seed blobs it grows from.
	cosetTries = 4
	cosetSeeds = 40
	// cosetShare is the share of the offset lattice's points within the
	// extent that must hold a blob for the offset lattice to be tried.
	cosetShare = 0.4
	// cosetMinNodes is the least number of blobs a hypothesis of cosets
	// rests on: the pairs it looks for come from boards with many
	// buttons, and a few blobs of clutter make a lattice anywhere.
	cosetMinNodes = minSureNodes
	// cosetKept is the least share of a parity class's blobs, after
	// refinement, that were the parent's: a class that grows over other
	// blobs is a pattern beside the board, not half of the board's pair.
	// (Tuning set a: the buttons of a screen's round cells kept 0.78, a
	// fabric pattern beside an LED matrix 0.4 or less.)
	cosetKept = 0.6
)

// cosets returns hypotheses made from hs (the finder's, best first) and
// from seed blobs that none of them holds: the lattice offset by half a
// cell from each of the first cosetTries when blobs sit there; each
// parity class of a lattice whose two classes look apart (the union of
// buttons and gaps), as a lattice of its own; and, from seeds whose
// neighbours form a square lattice, the lattice of every other point
// along the diagonals. Each is refined and scored by the finder's rules.
func (f *finder) cosets(hs []*hyp) []*hyp {
	used := make([]bool, len(f.bs))
	for _, h := range hs {
		for _, k := range h.node {
			used[k] = true
		}
	}
	var out []*hyp
	// add refines h and keeps it when it rests on cosetMinNodes blobs,
	// at least cosetKept of them from parent (when not nil), and, when
	// strong is set, scores at least weakScore a cell: a lattice from a
	// seed alone must stand on its own.
	add := func(h, parent *hyp, strong bool) bool {
		if h == nil || len(h.node) < minNodes || !f.refine(h) || math.IsInf(h.score, -1) || len(h.node) < cosetMinNodes {
			return false
		}
		if parent == nil {
			// Mostly blobs of a hypothesis already made: the same
			// lattice, or part of it (search drops these too).
			shared := 0
			for _, k := range h.node {
				if used[k] {
					shared++
				}
			}
			if 2*shared > len(h.node) {
				return false
			}
		}
		if strong && h.score < weakScore*float64((h.i1-h.i0+1)*(h.j1-h.j0+1)) {
			return false
		}
		if parent != nil {
			in := map[int]bool{}
			for _, k := range parent.node {
				in[k] = true
			}
			kept := 0
			for _, k := range h.node {
				if in[k] {
					kept++
				}
			}
			if float64(kept) < cosetKept*float64(len(h.node)) {
				return false
			}
		}
		out = append(out, h)
		return true
	}
	for x, h := range hs {
		if x == cosetTries {
			break
		}
		if o := f.offsetHyp(h); add(o, nil, false) {
			for _, k := range o.node {
				used[k] = true
			}
		}
		if f.parityApart(h) {
			add(parityHyp(h, 0), h, false)
			add(parityHyp(h, 1), h, false)
		}
	}
	order := make([]int, 0, len(f.bs))
	for k := range f.bs {
		if !used[k] {
			order = append(order, k)
		}
	}
	f.sortSeeds(order)
	tried := make([]bool, len(f.bs))
	for n, s := range order {
		if n == cosetSeeds {
			break
		}
		if used[s] || tried[s] || f.nearUsed(s, used) {
			continue
		}
		for _, p := range f.seedVectors(s) {
			// The lattice search would grow from s, kept here even
			// when it grows past any board (the union of buttons and
			// gaps does): split by parity when the classes look apart.
			h := f.grow(s, p[0], p[1])
			if h == nil {
				continue
			}
			// Its blobs need not seed again, whatever becomes of it.
			for _, k := range h.node {
				tried[k] = true
			}
			if !f.parityApart(h) {
				continue
			}
			for par := 0; par < 2; par++ {
				if c := parityHyp(h, par); add(c, h, true) {
					for _, k := range c.node {
						used[k] = true
					}
				}
			}
		}
	}
	f.demoteGaps(append(append([]*hyp(nil), hs...), out...))
	return out
}

// nearUsed reports whether a used blob lies within half of blob s's
// size of it: s is the same button found by another segmentation.
func (f *finder) nearUsed(s int, used []bool) bool {
	b := &f.bs[s]
	found := false
	f.idx.near(b.x, b.y, 0.5*b.size(), func(k int) {
		found = found || used[k]
	})
	return found
}

// gapShare is the factor a hypothesis' score takes when it is the gaps
// between another hypothesis' buttons (demoteGaps).
const gapShare = 0.5

// demoteGaps lowers the score of every hypothesis of hs whose blobs sit
// at the centres between four points of another one of about the same
// pitch, all inside that one's extent: the gaps between buttons, which
// the buttons surround on every side. The board is the outer lattice.
func (f *finder) demoteGaps(hs []*hyp) {
	gap := make([]bool, len(hs))
	for a, outer := range hs {
		inv, ok := invertH(outer.h)
		if !ok {
			continue
		}
		ci, cj := float64(outer.i0+outer.i1)/2, float64(outer.j0+outer.j1)/2
		pa, pb := localPitch(&outer.h, ci, cj)
		for b, inner := range hs {
			if a == b || gap[b] || len(inner.node) > len(outer.node)+len(outer.node)/2 {
				continue
			}
			qa, qb := localPitch(&inner.h, float64(inner.i0+inner.i1)/2, float64(inner.j0+inner.j1)/2)
			if r := math.Min(qa, qb) / math.Min(pa, pb); r < 0.8 || r > 1.25 {
				continue
			}
			if f.between(inner, outer, &inv) {
				gap[b] = true
			}
		}
	}
	for b, h := range hs {
		if gap[b] {
			h.score *= gapShare
		}
	}
}

// between reports whether at least 80% of inner's blobs lie within a
// fifth of a cell of the centre between four lattice points of outer,
// and all of them inside outer's extent; inv is the inverse of outer.h.
func (f *finder) between(inner, outer *hyp, inv *[9]float64) bool {
	near := 0
	for _, k := range inner.node {
		u, v := applyH(inv, f.bs[k].x, f.bs[k].y)
		if !(u > float64(outer.i0) && u < float64(outer.i1) && v > float64(outer.j0) && v < float64(outer.j1)) {
			return false
		}
		if onCentre(u, v) {
			near++
		}
	}
	return 10*near >= 8*len(inner.node)
}

// invertH returns the inverse of the homography m (OpenCV's invert, by
// LU decomposition), and false when m is singular.
func invertH(m [9]float64) ([9]float64, bool) {
	src := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer src.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	sd, err := src.DataPtrFloat64()
	if err != nil {
		return [9]float64{}, false
	}
	copy(sd, m[:])
	if gocv.Invert(src, &dst, gocv.SolveDecompositionLu) == 0 {
		return [9]float64{}, false
	}
	var r [9]float64
	dd, err := dst.DataPtrFloat64()
	if err != nil || len(dd) != 9 {
		return [9]float64{}, false
	}
	copy(r[:], dd)
	return r, true
}

// offsetHyp returns the blobs at the points of h's lattice offset by
// half a cell each way, over h's extent and one line beyond, as a new
// hypothesis, or nil when under cosetShare of those points hold one.
// The blobs may be of another size than h's: the nearest blob of any
// size is taken, then those far from the median size are dropped.
func (f *finder) offsetHyp(h *hyp) *hyp {
	type hit struct {
		n [2]int
		k int
	}
	var hits []hit
	points := 0
	for i := h.i0 - 1; i <= h.i1; i++ {
		for j := h.j0 - 1; j <= h.j1; j++ {
			u, v := float64(i)+0.5, float64(j)+0.5
			x, y := applyH(&h.h, u, v)
			if x < 0 || y < 0 || x >= float64(f.w) || y >= float64(f.h) {
				continue
			}
			points++
			pi, pj := localPitch(&h.h, u, v)
			tol := matchTol * math.Min(pi, pj)
			best, bd := -1, tol*tol
			f.idx.near(x, y, tol, func(k int) {
				dx, dy := f.bs[k].x-x, f.bs[k].y-y
				if d := dx*dx + dy*dy; d <= bd {
					best, bd = k, d
				}
			})
			if best >= 0 {
				hits = append(hits, hit{[2]int{i, j}, best})
			}
		}
	}
	if points == 0 || float64(len(hits)) < cosetShare*float64(points) {
		return nil
	}
	sizes := make([]float64, len(hits))
	for x, t := range hits {
		sizes[x] = f.bs[t.k].size()
	}
	sort.Float64s(sizes)
	med := sizes[len(sizes)/2]
	node := map[[2]int]int{}
	taken := map[int]bool{}
	for _, t := range hits {
		r := f.bs[t.k].size() / med
		if r < minSizeRat || r > maxSizeRat || taken[t.k] {
			continue
		}
		node[t.n] = t.k
		taken[t.k] = true
	}
	if float64(len(node)) < cosetShare*float64(points) {
		return nil
	}
	return &hyp{node: node}
}

// parityApart reports whether the blobs of h on the points with i+j
// even and those with i+j odd look like two kinds: sizes whose medians
// differ by a quarter, or mean colours more than foreignColour apart.
// Buttons and the gaps between them differ so; the lit and unlit
// buttons of a board are mixed over both classes.
func (f *finder) parityApart(h *hyp) bool {
	var sz [2][]float64
	var col [2][3]float64
	for n, k := range h.node {
		p := ((n[0]+n[1])%2 + 2) % 2
		sz[p] = append(sz[p], f.bs[k].size())
		for c := range col[p] {
			col[p][c] += f.bs[k].inner[c]
		}
	}
	if len(sz[0]) < minNodes || len(sz[1]) < minNodes {
		return false
	}
	var med [2]float64
	for p := range sz {
		sort.Float64s(sz[p])
		med[p] = sz[p][len(sz[p])/2]
		for c := range col[p] {
			col[p][c] /= float64(len(sz[p]))
		}
	}
	ratio := math.Max(med[0], med[1]) / math.Min(med[0], med[1])
	return ratio >= 1.25 || rms3(col[0], col[1]) > foreignColour
}

// parityHyp returns the nodes of h whose i+j has parity par, numbered
// along h's diagonals: the sublattice of index 2 that holds them.
func parityHyp(h *hyp, par int) *hyp {
	node := map[[2]int]int{}
	for n, k := range h.node {
		s := n[0] + n[1] - par
		if ((s%2)+2)%2 != 0 {
			continue
		}
		d := n[0] - n[1] - par
		node[[2]int{floorDiv(s, 2), floorDiv(d, 2)}] = k
	}
	return &hyp{node: node}
}
