package vision

import (
	"math"
	"math/rand"
	"sort"
	"strings"
)

// lattice is one hypothesis for the board's grid, in full-resolution input
// pixels.
type lattice struct {
	rows, cols int
	// h maps board (u, v) in cell units to image pixels, the same
	// convention as Reading.H: cell (r, c) has its centre at
	// (c+0.5, r+0.5), the grid's corners are at (0,0), (cols,0),
	// (cols,rows), (0,rows).
	h [9]float64
	// score is higher for better hypotheses; comparable across the
	// hypotheses of one image.
	score float64
	// sizeSure is false when the extent could not be confirmed: outer
	// lines with blobs at under half their cells (a dim room whose outer
	// rows may be dark and unseen), fewer than minSureNodes blobs, a
	// lattice that seems to go on past its extent, a line just beyond it
	// holding blobs of its size at beyondShare of its points (buttons
	// the trim judged foreign by colour), an outer line (or the one
	// inside it) whose blobs look like fewer than two blobs further in
	// (a pattern beside the board), one widened by the case cue, a weak
	// score (under smallWeakScore per cell on boards of at most
	// smallCells cells), a side over 10, a close rival, a lattice
	// found only by the second, finer look; after refineExtent also
	// mixed evidence at an edge, extents that loop, a grid that runs to
	// within minRoom pitches of the photo's edge, a new size that is
	// weak or over 10, a rival put before the finder's first, or cells
	// whose centres differ as a keypad's digits do, or found only by
	// the equalised look, or rows out of step as a keyboard's, or a
	// line just outside with cells like the grid's (see doubts for
	// which). refineExtent drops the sparse outer line, the
	// line beyond, the foreign outer line and the weak score when the
	// photo shows the grid as a clear block of alike buttons
	// (extentWindow.block, blockAnswers).
	sizeSure bool
	// doubts lists why sizeSure is false (empty when it is true).
	doubts sizeDoubt
	// block is set by refineExtent when the photo shows the grid as a
	// clear block of alike buttons (extentWindow.block).
	block bool
	// sparse is set for a lattice of lit lights far apart (finder.sparse):
	// where refineExtent, which judges blocks of alike cells, cannot
	// judge it, refineOrKeep keeps it as it is.
	sparse bool
}

// sizeDoubt is a set of reasons not to vouch for a lattice's size.
type sizeDoubt uint32

// The reasons, in the order sizeSure's comment gives them.
const (
	doubtSparseEdge   sizeDoubt = 1 << iota // an outer line with blobs at under half its cells
	doubtFewNodes                           // fewer than minSureNodes blobs
	doubtContinues                          // the lattice seems to go on past its extent
	doubtBeyond                             // a line beyond holds blobs of its size
	doubtForeignEdge                        // an outer line unlike the blobs further in
	doubtCaseGrown                          // widened by the case cue
	doubtWeak                               // a weak score for its cells
	doubtLarge                              // a side over 10
	doubtRival                              // a close rival
	doubtZoom                               // found only by the second, finer look
	doubtExtentMixed                        // refineExtent saw mixed evidence at an edge
	doubtExtentLooped                       // refineExtent went back and forth
	doubtExtentOpen                         // the grid runs to the photo's edge
	doubtRivalFirst                         // a rival went first after refineExtent
	doubtGivenSize                          // a given size the blobs do not fill
	doubtKeypad                             // cells' centres unlike each other, as a keypad's digits
	doubtLocal                              // found only by the equalised look
	doubtSparse                             // lit lights far apart, the unlit unseen
	doubtStaggered                          // rows out of step with each other, as a keyboard's
	doubtAlikeBeyond                        // a line just outside holds cells like the grid's
	doubtChecker                            // cells in two looks alternating as a checkerboard's squares
	numDoubts         = iota
)

// String lists the reasons by name.
func (d sizeDoubt) String() string {
	names := [numDoubts]string{"sparse edge", "few nodes", "continues", "beyond", "foreign edge", "case grown",
		"weak", "large", "rival", "zoom", "extent mixed", "extent looped", "extent open", "rival first", "given size", "keypad", "local", "sparse", "staggered", "alike beyond", "checker"}
	var s []string
	for i := 0; i < numDoubts; i++ {
		if d&(1<<i) != 0 {
			s = append(s, names[i])
		}
	}
	return strings.Join(s, ", ")
}

// doubt clears l's sizeSure for the reasons d.
func (l *lattice) doubt(d sizeDoubt) {
	if d != 0 {
		l.doubts |= d
		l.sizeSure = false
	}
}

// vouch drops the reasons d from l's doubts, for evidence that answers
// them; l's size is sure again when no reason is left.
func (l *lattice) vouch(d sizeDoubt) {
	l.doubts &^= d
	l.sizeSure = l.doubts == 0
}

// project maps board (u, v) to image pixels through l.h.
func (l *lattice) project(u, v float64) Point {
	x, y := applyH(&l.h, u, v)
	return Point{x, y}
}

// corners returns the grid's outer corners clockwise from top-left.
func (l *lattice) corners() [4]Point {
	c, r := float64(l.cols), float64(l.rows)
	return [4]Point{l.project(0, 0), l.project(c, 0), l.project(c, r), l.project(0, r)}
}

// Limits and tolerances of the search.
const (
	maxCells    = 12   // rows or columns a board may have
	maxSpan     = 14   // how far a hypothesis may grow before it is judged, in cells
	matchTol    = 0.3  // how far a blob may lie from its lattice point, in pitches
	minNodes    = 3    // blobs a hypothesis needs
	maxSeeds    = 250  // blobs tried as seeds
	minSizeRat  = 0.55 // blob size relative to the hypothesis' median
	maxSizeRat  = 1.8
	minSizePit  = 0.18 // blob size relative to the pitch
	maxSizePit  = 1.2
	missPenalty = 0.25 // score lost per lattice cell with no blob
)

// hyp is a lattice hypothesis under construction in work pixels; (i, j)
// are integer coordinates along its two lattice vectors.
type hyp struct {
	node           map[[2]int]int // (i, j) -> blob
	h              [9]float64     // (i, j) -> work pixels
	i0, i1, j0, j1 int            // extent, inclusive
	score          float64
	size           float64 // median blob size
	cont           int     // sides beyond which the lattice seems to go on
	caseGrown      bool    // the case cue added lines without blobs
	sparse         bool    // made by sparse: its empty cells cost sparseMiss
}

// finder searches a set of blobs for lattices.
type finder struct {
	bs   []blob
	idx  *blobIndex
	bgr  []uint8 // the work image, continuous BGR
	w, h int     // its size
}

func newFinder(bs []blob, bgr []uint8, w, h int) *finder {
	return &finder{bs: bs, idx: newBlobIndex(bs, 16), bgr: bgr, w: w, h: h}
}

// nearest returns the blob nearest (px, py) within tol whose size is
// within the allowed ratio of ref, skipping taken blobs, or -1.
func (f *finder) nearest(px, py, tol, ref float64, taken map[int]bool) int {
	best, bd := -1, tol*tol
	f.idx.near(px, py, tol, func(k int) {
		if taken[k] {
			return
		}
		r := f.bs[k].size() / ref
		if r < minSizeRat || r > maxSizeRat {
			return
		}
		dx, dy := f.bs[k].x-px, f.bs[k].y-py
		if d := dx*dx + dy*dy; d <= bd {
			best, bd = k, d
		}
	})
	return best
}

type vec struct{ x, y float64 }

func (a vec) len() float64        { return math.Hypot(a.x, a.y) }
func (a vec) add(b vec) vec       { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec       { return vec{a.x - b.x, a.y - b.y} }
func (a vec) mul(s float64) vec   { return vec{a.x * s, a.y * s} }
func (a vec) cross(b vec) float64 { return a.x*b.y - a.y*b.x }

// neighbourSized reports whether a blob of size b is 0.6 to 1.7 times
// the size a: near enough to be a neighbouring button of the same board
// (seedVectors, crowded).
func neighbourSized(a, b float64) bool {
	r := b / a
	return r >= 0.6 && r <= 1.7
}

// seedVectors proposes lattice vector pairs from a seed blob's nearest
// neighbours of similar size.
func (f *finder) seedVectors(s int) [][2]vec {
	sb := &f.bs[s]
	sz := sb.size()
	type nb struct {
		v vec
		d float64
	}
	var ns []nb
	f.idx.near(sb.x, sb.y, 6*sz+4, func(k int) {
		if k == s {
			return
		}
		if !neighbourSized(sz, f.bs[k].size()) {
			return
		}
		v := vec{f.bs[k].x - sb.x, f.bs[k].y - sb.y}
		if d := v.len(); d >= 0.8*sz {
			ns = append(ns, nb{v, d})
		}
	})
	if len(ns) < 2 {
		return nil
	}
	sort.Slice(ns, func(i, j int) bool { return ns[i].d < ns[j].d })
	a := ns[0].v
	for _, n := range ns[1:] {
		sin := math.Abs(a.cross(n.v)) / (a.len() * n.d)
		if sin < 0.6 || n.d > 2.5*ns[0].d {
			continue
		}
		a, b := reduceBasis(a, n.v)
		pairs := [][2]vec{{a, b}}
		// Nearest neighbours on the diagonals (a checkerboard of lit
		// lights in the dark) suggest the lattice of half diagonals.
		ang := math.Mod(math.Atan2(math.Abs(a.y), math.Abs(a.x))*180/math.Pi, 90)
		if ang > 30 && ang < 60 {
			pairs = append(pairs, [2]vec{a.add(n.v).mul(0.5), a.sub(n.v).mul(0.5)})
		}
		return pairs
	}
	return nil
}

// grow walks the lattice spanned by a and b outwards from seed s, one or
// two steps at a time, taking the nearest blob of similar size at each
// predicted place.
func (f *finder) grow(s int, a, b vec) *hyp {
	node := map[[2]int]int{{0, 0}: s}
	taken := map[int]bool{s: true}
	ref := f.bs[s].size()
	pitch := math.Min(a.len(), b.len())
	tol := matchTol * pitch
	queue := [][2]int{{0, 0}}
	i0, i1, j0, j1 := 0, 0, 0, 0
	dirs := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		p := vec{f.bs[node[n]].x, f.bs[node[n]].y}
		for _, d := range dirs {
			for step := 1; step <= 2; step++ {
				m := [2]int{n[0] + step*d[0], n[1] + step*d[1]}
				if _, ok := node[m]; ok {
					break
				}
				if max(i1, m[0])-min(i0, m[0]) >= maxSpan || max(j1, m[1])-min(j0, m[1]) >= maxSpan {
					break
				}
				// Step by the local lattice vector where the node behind
				// is known, so that perspective does not add up.
				v := a.mul(float64(d[0])).add(b.mul(float64(d[1])))
				if k, ok := node[[2]int{n[0] - d[0], n[1] - d[1]}]; ok {
					v = p.sub(vec{f.bs[k].x, f.bs[k].y})
				}
				q := p.add(v.mul(float64(step)))
				k := f.nearest(q.x, q.y, tol, ref, taken)
				if k < 0 || !f.sameSurround(node[n], k, pitch) || f.inFinerField(k, pitch) {
					continue
				}
				node[m] = k
				taken[k] = true
				queue = append(queue, m)
				i0, i1 = min(i0, m[0]), max(i1, m[0])
				j0, j1 = min(j0, m[1]), max(j1, m[1])
				break
			}
		}
	}
	if len(node) < minNodes {
		return nil
	}
	return &hyp{node: node}
}

// inFinerField reports whether blob k has two or more blobs of its size
// clear of it within half the pitch: it belongs to a pattern finer than
// the lattice (tiles, fabric, keys), which a coarse lattice's tolerance
// would otherwise always find a blob of.
func (f *finder) inFinerField(k int, pitch float64) bool {
	return f.clearNeighbours(k, 0.5*pitch) >= 2
}

// clearNeighbours counts the blobs of blob k's size within reach of it
// and clear of it (not overlapping).
func (f *finder) clearNeighbours(k int, reach float64) int {
	b := &f.bs[k]
	sz := b.size()
	n := 0
	f.idx.near(b.x, b.y, reach, func(o int) {
		if o == k {
			return
		}
		d := math.Hypot(f.bs[o].x-b.x, f.bs[o].y-b.y)
		if neighbourSized(sz, f.bs[o].size()) && d >= 0.8*math.Max(sz, f.bs[o].size()) && d <= reach {
			n++
		}
	})
	return n
}

// surroundColour is the RMS colour distance (8-bit levels) within which
// the rings around two neighbouring buttons must agree: buttons sit on
// one case, while a pattern next to the board has surroundings of its own.
const surroundColour = 35

// sameSurround reports whether blobs j and k, neighbours on a lattice of
// the given pitch, sit on the same surface. Blobs that nearly fill their
// cells have rings that reach into the neighbouring cells, so they pass,
// and so do rings that differ by the light one casts (bloomed).
func (f *finder) sameSurround(j, k int, pitch float64) bool {
	a, b := &f.bs[j], &f.bs[k]
	if a.size() > 0.75*pitch || b.size() > 0.75*pitch {
		return true
	}
	var d2 float64
	for i := range a.ring {
		d := a.ring[i] - b.ring[i]
		d2 += d * d
	}
	return math.Sqrt(d2/3) <= surroundColour || bloomed(a, b) || bloomed(b, a)
}

// bloomed reports whether the ring around blob a differs from b's by
// light that a casts on it, its bloom or a glare spot: a is a light (its
// inside bloomShine times as bright as its ring), and a's ring is b's
// plus at most bloomShare of the way towards a's colour, give or take
// surroundColour. Boardgen 116022: the ring of a lit cyan light was 51
// levels from its unlit neighbour's, so the lattice of the board's four
// buttons grew no further than two.
func bloomed(a, b *blob) bool {
	var in, ring float64
	var dir, d [3]float64
	for i := range a.ring {
		in += a.inner[i]
		ring += a.ring[i]
		dir[i] = a.inner[i] - b.ring[i]
		d[i] = a.ring[i] - b.ring[i]
	}
	if in < bloomShine*ring {
		return false
	}
	n := math.Sqrt(dir[0]*dir[0] + dir[1]*dir[1] + dir[2]*dir[2])
	if n == 0 {
		return false
	}
	t := (d[0]*dir[0] + d[1]*dir[1] + d[2]*dir[2]) / n
	if t < 0 || t > bloomShare*n {
		return false
	}
	var r2 float64
	for i := range d {
		r := d[i] - t*dir[i]/n
		r2 += r * r
	}
	return math.Sqrt(r2/3) <= surroundColour
}

// bloomed's limits.
const (
	bloomShine = 1.5
	bloomShare = 0.6
)

// fit fits h.h to the hypothesis' nodes: a homography when there are
// enough of them in two directions, else an affine map.
func (f *finder) fit(h *hyp) bool {
	return f.fitNodes(h, true)
}

// fitNodes is fit, leaving out ransacInliers unless robust is set.
func (f *finder) fitNodes(h *hyp, robust bool) bool {
	ns := h.sortedNodes()
	src := make([][2]float64, len(ns))
	dst := make([][2]float64, len(ns))
	for x, n := range ns {
		src[x] = [2]float64{float64(n[0]), float64(n[1])}
		b := &f.bs[h.node[n]]
		dst[x] = [2]float64{b.x, b.y}
	}
	if robust && len(ns) >= ransacMin {
		src, dst = ransacInliers(src, dst)
	}
	m, ok := fitMap(src, dst)
	h.h = m
	return ok
}

// sortedNodes returns the lattice coordinates of the nodes in row-major
// order, so that what is computed from them does not depend on map order.
func (h *hyp) sortedNodes() [][2]int {
	ns := make([][2]int, 0, len(h.node))
	for n := range h.node {
		ns = append(ns, n)
	}
	sort.Slice(ns, func(a, b int) bool { return ns[a][0] < ns[b][0] || ns[a][0] == ns[b][0] && ns[a][1] < ns[b][1] })
	return ns
}

// fitMap fits a homography when the points span at least two lattice
// lines each way and there are enough of them, else an affine map.
func fitMap(src, dst [][2]float64) ([9]float64, bool) {
	is, js := map[float64]bool{}, map[float64]bool{}
	for _, p := range src {
		is[p[0]], js[p[1]] = true, true
	}
	if len(src) >= 6 && len(is) >= 2 && len(js) >= 2 {
		if m, ok := fitHomography(src, dst); ok {
			return m, true
		}
	}
	return fitAffine(src, dst)
}

// ransacMin is the number of nodes from which fit first looks for the
// largest set that one homography explains, so that a few nodes given
// the wrong lattice coordinates by the growth cannot bend the fit.
const ransacMin = 8

// ransacIters is how many four-point samples ransacInliers tries.
const ransacIters = 60

// ransacInliers returns the largest subset of the point pairs that a
// homography fitted to four of them maps within a fifth of a pitch.
// The sampling is seeded by the number of points: results repeat.
func ransacInliers(src, dst [][2]float64) ([][2]float64, [][2]float64) {
	rng := rand.New(rand.NewSource(int64(len(src))))
	best, bestErr := []int(nil), math.Inf(1)
	var in []int
	for it := 0; it < ransacIters; it++ {
		var pick [4]int
		for x := range pick {
			pick[x] = rng.Intn(len(src))
		}
		if !generalPosition(src, pick) {
			continue
		}
		var s4, d4 [][2]float64
		for _, x := range pick {
			s4 = append(s4, src[x])
			d4 = append(d4, dst[x])
		}
		m, ok := fitHomography(s4, d4)
		if !ok {
			continue
		}
		in = in[:0]
		var sum float64
		for x := range src {
			px, py := applyH(&m, src[x][0], src[x][1])
			pi, pj := localPitch(&m, src[x][0], src[x][1])
			e := math.Hypot(px-dst[x][0], py-dst[x][1]) / math.Min(pi, pj)
			if e < 0.2 {
				in = append(in, x)
				sum += e
			}
		}
		if len(in) > len(best) || len(in) == len(best) && sum < bestErr {
			best, bestErr = append(best[:0:0], in...), sum
		}
		if len(best) == len(src) {
			// Every point fits: no sample can keep more, and ties
			// keep the same points.
			break
		}
	}
	if len(best) < 4 || 2*len(best) < len(src) {
		return src, dst
	}
	s, d := make([][2]float64, len(best)), make([][2]float64, len(best))
	for x, k := range best {
		s[x], d[x] = src[k], dst[k]
	}
	return s, d
}

// generalPosition reports whether the four lattice points are distinct
// with no three on a line.
func generalPosition(p [][2]float64, pick [4]int) bool {
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			for c := b + 1; c < 4; c++ {
				u, v, w := p[pick[a]], p[pick[b]], p[pick[c]]
				if (v[0]-u[0])*(w[1]-u[1])-(v[1]-u[1])*(w[0]-u[0]) == 0 {
					return false
				}
			}
		}
	}
	return true
}

// localPitch returns the distances from lattice point (i, j) to its
// neighbours (i+1, j) and (i, j+1), in work pixels.
func localPitch(m *[9]float64, i, j float64) (float64, float64) {
	x, y := applyH(m, i, j)
	xi, yi := applyH(m, i+1, j)
	xj, yj := applyH(m, i, j+1)
	return math.Hypot(xi-x, yi-y), math.Hypot(xj-x, yj-y)
}

// refine alternates fitting the lattice map and re-matching blobs to all
// lattice points one step beyond the current extent, then scores the
// hypothesis. It reports false when the hypothesis falls apart.
func (f *finder) refine(h *hyp) bool {
	for iter := 0; iter < 3; iter++ {
		if !f.fit(h) {
			return false
		}
		h.extent()
		h.size = f.medianSize(h)
		type claim struct {
			n [2]int
			d float64
		}
		claims := map[int]claim{}
		lo0, hi0 := h.i0-1, h.i1+1
		lo1, hi1 := h.j0-1, h.j1+1
		for i := lo0; i <= hi0; i++ {
			for j := lo1; j <= hi1; j++ {
				x, y := applyH(&h.h, float64(i), float64(j))
				pi, pj := localPitch(&h.h, float64(i), float64(j))
				p := math.Min(pi, pj)
				if !(p > 1) || h.size/p < minSizePit || h.size/p > maxSizePit {
					continue
				}
				k := f.nearest(x, y, matchTol*p, h.size, nil)
				if k < 0 || f.inFinerField(k, p) {
					continue
				}
				d := math.Hypot(f.bs[k].x-x, f.bs[k].y-y) / p
				if c, ok := claims[k]; ok && c.d <= d {
					continue
				}
				claims[k] = claim{[2]int{i, j}, d}
			}
		}
		// A cell claimed by several blobs keeps the nearest (ties: the
		// lowest index, so that results do not depend on map order).
		node := make(map[[2]int]int, len(claims))
		for k, c := range claims {
			if o, ok := node[c.n]; ok {
				if oc := claims[o]; oc.d < c.d || (oc.d == c.d && o < k) {
					continue
				}
			}
			node[c.n] = k
		}
		h.node = node
		if len(h.node) < minNodes {
			return false
		}
		if h.i1-h.i0+1 > maxSpan || h.j1-h.j0+1 > maxSpan {
			return false
		}
	}
	f.trim(h)
	if len(h.node) < minNodes || !f.fit(h) {
		return false
	}
	h.extent()
	h.caseGrown = f.extendToCase(h)
	f.score(h)
	return true
}

// foreignColour is the RMS colour distance (8-bit levels) beyond which a
// blob on an outer line does not look like any button inside the lattice.
const foreignColour = 40

// trim removes outer lines of the lattice that do not belong to the
// board: lines cut off by an empty line, lines with blobs at less than a
// quarter of their cells, and lines whose blobs look like none of the
// blobs inside.
func (f *finder) trim(h *hyp) {
	for changed := true; changed; {
		changed = false
		h.extent()
		sides := []struct {
			axis, at, in int
		}{{0, h.i0, 1}, {0, h.i1, -1}, {1, h.j0, 1}, {1, h.j1, -1}}
		for _, sd := range sides {
			span := h.i1 - h.i0
			if sd.axis == 1 {
				span = h.j1 - h.j0
			}
			if span < 2 {
				continue
			}
			var line, next, rest []int
			for n, k := range h.node {
				switch n[sd.axis] {
				case sd.at:
					line = append(line, k)
				case sd.at + sd.in:
					next = append(next, k)
					rest = append(rest, k)
				default:
					rest = append(rest, k)
				}
			}
			length := h.j1 - h.j0 + 1
			if sd.axis == 1 {
				length = h.i1 - h.i0 + 1
			}
			sparse := length >= 4 && 4*len(line) < length
			if len(next) == 0 || sparse || f.foreign(line, rest) {
				for n := range h.node {
					if n[sd.axis] == sd.at {
						delete(h.node, n)
					}
				}
				changed = true
				break
			}
		}
	}
}

// foreign reports whether most blobs of line differ in colour from every
// blob of rest.
func (f *finder) foreign(line, rest []int) bool {
	far := 0
	for _, k := range line {
		best := math.Inf(1)
		for _, o := range rest {
			best = math.Min(best, colourDist(&f.bs[k], &f.bs[o]))
		}
		if best > foreignColour {
			far++
		}
	}
	return 2*far > len(line)
}

func colourDist(a, b *blob) float64 {
	var d2 float64
	for i := range a.inner {
		d := a.inner[i] - b.inner[i]
		d2 += d * d
	}
	return math.Sqrt(d2 / 3)
}

func (h *hyp) extent() {
	first := true
	for n := range h.node {
		if first {
			h.i0, h.i1, h.j0, h.j1 = n[0], n[0], n[1], n[1]
			first = false
			continue
		}
		h.i0, h.i1 = min(h.i0, n[0]), max(h.i1, n[0])
		h.j0, h.j1 = min(h.j0, n[1]), max(h.j1, n[1])
	}
}

func (f *finder) medianSize(h *hyp) float64 {
	s := make([]float64, 0, len(h.node))
	for _, k := range h.node {
		s = append(s, f.bs[k].size())
	}
	sort.Float64s(s)
	return s[len(s)/2]
}

// offLattice is how far blob k lies from lattice point n of the map m,
// in pitches there (the shorter of the two).
func (f *finder) offLattice(m *[9]float64, n [2]int, k int) float64 {
	x, y := applyH(m, float64(n[0]), float64(n[1]))
	pi, pj := localPitch(m, float64(n[0]), float64(n[1]))
	return math.Hypot(f.bs[k].x-x, f.bs[k].y-y) / math.Min(pi, pj)
}

// score rates a hypothesis: blobs close to their lattice points count for
// it, lattice points inside the extent without a blob count against it.
func (f *finder) score(h *hyp) {
	var q float64
	for _, n := range h.sortedNodes() {
		k := h.node[n]
		r := f.offLattice(&h.h, n, k) / matchTol
		c := f.bs[k].contrast
		q += (1 - 0.5*r*r) * (0.6 + 0.4*math.Min(1, c/50))
	}
	rows, cols := h.i1-h.i0+1, h.j1-h.j0+1
	missing := rows*cols - len(h.node)
	miss := missPenalty
	if h.sparse {
		miss = sparseMiss
	}
	h.score = q - miss*float64(missing)
	// Boards are photographed within about 25° of upright; a lattice
	// whose axes run near the diagonals is more likely a sublattice of
	// a board or a pattern of something else.
	ci, cj := float64(h.i0+h.i1)/2, float64(h.j0+h.j1)/2
	if tiltFromAxes(&h.h, ci, cj) > 35 || skew(&h.h, ci, cj) > 30 {
		h.score *= 0.5
	} else if skew(&h.h, ci, cj) > shearSkew {
		// Keyboards stagger their rows: their lattice leans.
		h.score *= 0.7
	}
	// A lattice that runs out of the picture may go on beyond it: tiles,
	// a keyboard, a board cut off. Boards are photographed whole.
	for range f.openSides(h) {
		h.score *= 0.75
	}
	// One whose own cells the edge cuts is a pattern going on beyond
	// the photo, or a board taken with lines that are not its own.
	for range f.cutSides(h) {
		h.score *= cutPenalty
	}
	// Lit and unlit buttons give two looks; a pattern of one look is
	// more often something else (all-on and all-off boards lose this),
	// and so is a perfect checkerboard of two looks.
	switch two, checker := f.looks(h); {
	case checker:
		h.score *= 0.6
	case two:
		h.score *= 1.3
	}
	// The board is the photo's subject: it spans at least a tenth of the
	// short side and usually much more, while keyboards, tiles and other
	// small patterns near it span little. Lattices spanning less than
	// subjectSpan of the short side lose in proportion.
	if cov := f.coverage(h); cov < subjectSpan {
		h.score *= cov / subjectSpan
	}
	h.cont = f.continues(h)
	for range h.cont {
		h.score *= 0.75
	}
	if f.crowded(h) {
		h.score *= crowdedPenalty
	}
	if rows < 2 || cols < 2 || rows > maxCells || cols > maxCells {
		h.score = math.Inf(-1)
	}
}

// crowdedPenalty is the factor by which a crowded lattice's score is
// multiplied.
const crowdedPenalty = 0.5

// crowded reports whether at least a third of h's blobs (two or more)
// have a blob of their size closer than 0.7 of the pitch and clear of
// them: buttons of one board lie a pitch apart, so the lattice is
// coarser than the board's, laid over a few lit lights whose unlit
// neighbours did not show as blobs.
func (f *finder) crowded(h *hyp) bool {
	n := 0
	for nd, k := range h.node {
		pi, pj := localPitch(&h.h, float64(nd[0]), float64(nd[1]))
		if f.clearNeighbours(k, 0.7*math.Min(pi, pj)) >= 1 {
			n++
		}
	}
	return n >= 2 && 3*n >= len(h.node)
}

// shearSkew is the skew, in degrees, above which a lattice loses some
// score: boards' axes stay within a few degrees of perpendicular under
// the tilts photos show, staggered keys do not.
const shearSkew = 15

// sortSeeds orders blob indices as seeds are tried: blobs more
// segmentations agreed on first, then those of higher contrast.
func (f *finder) sortSeeds(order []int) {
	sort.SliceStable(order, func(a, b int) bool {
		ba, bb := &f.bs[order[a]], &f.bs[order[b]]
		if ba.votes != bb.votes {
			return ba.votes > bb.votes
		}
		return ba.contrast > bb.contrast
	})
}

// search grows hypotheses from many seeds and returns the distinct ones
// best first.
func (f *finder) search() []*hyp {
	order := make([]int, len(f.bs))
	for i := range order {
		order[i] = i
	}
	f.sortSeeds(order)
	claimed := make([]bool, len(f.bs))
	var hs []*hyp
	seeds := 0
	for _, s := range order {
		if seeds >= maxSeeds {
			break
		}
		if claimed[s] {
			continue
		}
		seeds++
		for _, p := range f.seedVectors(s) {
			h := f.grow(s, p[0], p[1])
			if h == nil {
				continue
			}
			if h.extent(); h.i1-h.i0+1 > maxCells || h.j1-h.j0+1 > maxCells {
				// A pattern larger than any board (tiles, fabric,
				// a keyboard): its blobs need not seed again.
				for _, k := range h.node {
					claimed[k] = true
				}
				continue
			}
			if !f.refine(h) || math.IsInf(h.score, -1) {
				continue
			}
			hs = append(hs, h)
			if len(h.node) >= 4 {
				for _, k := range h.node {
					claimed[k] = true
				}
			}
		}
	}
	sort.SliceStable(hs, func(a, b int) bool { return hs[a].score > hs[b].score })
	// Drop hypotheses that mostly reuse the blobs of a better one.
	var out []*hyp
	owner := map[int]bool{}
	for _, h := range hs {
		shared := 0
		for _, k := range h.node {
			if owner[k] {
				shared++
			}
		}
		if 2*shared > len(h.node) {
			continue
		}
		for _, k := range h.node {
			owner[k] = true
		}
		out = append(out, h)
	}
	return out
}

// tiltFromAxes returns, in degrees, how far the lattice's direction that
// is furthest from an image axis is from it, at lattice point (i, j).
func tiltFromAxes(m *[9]float64, i, j float64) float64 {
	x, y := applyH(m, i, j)
	xi, yi := applyH(m, i+1, j)
	xj, yj := applyH(m, i, j+1)
	off := func(dx, dy float64) float64 {
		a := math.Mod(math.Abs(math.Atan2(dy, dx))*180/math.Pi, 90)
		return math.Min(a, 90-a)
	}
	return math.Max(off(xi-x, yi-y), off(xj-x, yj-y))
}

// skew returns how far, in degrees, the lattice's two directions at
// lattice point (i, j) are from perpendicular in the image.
func skew(m *[9]float64, i, j float64) float64 {
	x, y := applyH(m, i, j)
	xi, yi := applyH(m, i+1, j)
	xj, yj := applyH(m, i, j+1)
	a, b := vec{xi - x, yi - y}, vec{xj - x, yj - y}
	cos := (a.x*b.x + a.y*b.y) / (a.len() * b.len())
	return math.Abs(90 - math.Acos(math.Max(-1, math.Min(1, cos)))*180/math.Pi)
}

// reduceBasis returns the Lagrange-Gauss reduced basis of the lattice
// spanned by a and b: the shortest, most nearly perpendicular pair that
// spans the same points.
func reduceBasis(a, b vec) (vec, vec) {
	dot := func(p, q vec) float64 { return p.x*q.x + p.y*q.y }
	for it := 0; it < 20; it++ {
		if dot(a, a) > dot(b, b) {
			a, b = b, a
		}
		mu := math.Round(dot(a, b) / dot(a, a))
		if mu == 0 {
			break
		}
		b = b.sub(a.mul(mu))
	}
	return a, b
}

// outsideLines returns the lattice points (i, j) of the line just beyond
// each side of h's extent, in the order top, bottom, left, right.
func (h *hyp) outsideLines() [4][][2]float64 {
	var lines [4][][2]float64
	for j := h.j0; j <= h.j1; j++ {
		lines[0] = append(lines[0], [2]float64{float64(h.i0 - 1), float64(j)})
		lines[1] = append(lines[1], [2]float64{float64(h.i1 + 1), float64(j)})
	}
	for i := h.i0; i <= h.i1; i++ {
		lines[2] = append(lines[2], [2]float64{float64(i), float64(h.j0 - 1)})
		lines[3] = append(lines[3], [2]float64{float64(i), float64(h.j1 + 1)})
	}
	return lines
}

// cutPenalty is the factor a lattice's score takes for each side that
// the photo's edge cuts (cutSides).
const cutPenalty = 0.3

// cutSides counts the sides of the extent whose grid line (half a pitch
// beyond the outer nodes) lies mostly outside the image, or within a
// tenth of a pitch of its border.
func (f *finder) cutSides(h *hyp) int {
	const beyond = 0.6
	lines := [4][2][2]float64{
		{{float64(h.i0) - beyond, float64(h.j0)}, {0, 1}},
		{{float64(h.i1) + beyond, float64(h.j0)}, {0, 1}},
		{{float64(h.i0), float64(h.j0) - beyond}, {1, 0}},
		{{float64(h.i0), float64(h.j1) + beyond}, {1, 0}},
	}
	lens := [4]int{h.j1 - h.j0 + 1, h.j1 - h.j0 + 1, h.i1 - h.i0 + 1, h.i1 - h.i0 + 1}
	cut := 0
	for s, l := range lines {
		out := 0
		for t := 0; t < lens[s]; t++ {
			x, y := applyH(&h.h, l[0][0]+float64(t)*l[1][0], l[0][1]+float64(t)*l[1][1])
			if !inImage(x, y, f.w, f.h) {
				out++
			}
		}
		if 2*out > lens[s] {
			cut++
		}
	}
	return cut
}

// openSides counts the sides of the extent whose next line of lattice
// points lies mostly outside the image (within a third of a pitch of its
// border or beyond).
func (f *finder) openSides(h *hyp) []int {
	var open []int
	for side, line := range h.outsideLines() {
		out, n := 0, 0
		for _, p := range line {
			i, j := p[0], p[1]
			x, y := applyH(&h.h, i, j)
			pi, pj := localPitch(&h.h, i, j)
			m := math.Min(pi, pj) / 3
			n++
			if x < m || y < m || x > float64(f.w)-m || y > float64(f.h)-m {
				out++
			}
		}
		if 2*out > n {
			open = append(open, side)
		}
	}
	return open
}

// looks splits the blobs of h into two colour groups by 2-means. It
// reports whether the split is real (each group at least 15% of the
// blobs, their centres more than foreignColour apart) and whether the
// groups alternate like a checkerboard (90% of the blobs on one parity),
// which textures do and lit patterns rarely do.
func (f *finder) looks(h *hyp) (two, checker bool) {
	ns := h.sortedNodes()
	sort.SliceStable(ns, func(a, b int) bool { return lum(f.bs[h.node[ns[a]]].inner) < lum(f.bs[h.node[ns[b]]].inner) })
	c0, c1 := f.bs[h.node[ns[0]]].inner, f.bs[h.node[ns[len(ns)-1]]].inner
	group := make([]bool, len(ns))
	var n0, n1 int
	for it := 0; it < 6; it++ {
		var s0, s1 [3]float64
		n0, n1 = 0, 0
		for x, n := range ns {
			c := f.bs[h.node[n]].inner
			group[x] = rms3(c, c0) > rms3(c, c1)
			if !group[x] {
				n0++
				for i := range s0 {
					s0[i] += c[i]
				}
			} else {
				n1++
				for i := range s1 {
					s1[i] += c[i]
				}
			}
		}
		if n0 == 0 || n1 == 0 {
			return false, false
		}
		for i := range s0 {
			c0[i], c1[i] = s0[i]/float64(n0), s1[i]/float64(n1)
		}
	}
	least := 0.15 * float64(len(ns))
	two = float64(n0) >= least && float64(n1) >= least && rms3(c0, c1) > foreignColour
	if !two {
		return false, false
	}
	agree := 0
	for x, n := range ns {
		if group[x] == ((n[0]+n[1])%2 == 0) {
			agree++
		}
	}
	agree = max(agree, len(ns)-agree)
	return true, len(ns) >= 6 && 10*agree >= 9*len(ns)
}

// lineLike returns, for the line of lattice points at index at along
// axis (0: i, 1: j) across the current extent, how many points inside
// the image look like the lattice's blobs (a blob-free spot of the same
// colour as one of them and at least minCon contrast), and how many
// points lie inside the image.
func (f *finder) lineLike(h *hyp, axis, at int, minCon float64) (like, n int) {
	lo, hi := h.j0, h.j1
	if axis == 1 {
		lo, hi = h.i0, h.i1
	}
	for t := lo; t <= hi; t++ {
		i, j := at, t
		if axis == 1 {
			i, j = t, at
		}
		x, y := applyH(&h.h, float64(i), float64(j))
		if x < 0 || y < 0 || x >= float64(f.w) || y >= float64(f.h) {
			continue
		}
		n++
		b := blob{x: x, y: y, area: h.size * h.size}
		appearance(f.bgr, f.w, f.h, &b)
		if b.contrast < minCon {
			continue
		}
		for _, k := range h.node {
			if rms3(f.bs[k].inner, b.inner) <= foreignColour/2 {
				like++
				break
			}
		}
	}
	return like, n
}

// minContrast is half the median contrast of the blobs of h.
func (f *finder) minContrast(h *hyp) float64 {
	var cons []float64
	for _, k := range h.node {
		cons = append(cons, f.bs[k].contrast)
	}
	sort.Float64s(cons)
	return 0.5 * cons[len(cons)/2]
}

// continues counts the sides of the extent beyond which the lattice
// seems to go on for two more lines: most points of each look like the
// lattice's blobs. Textures and keyboards go on; a board ends at its
// case.
func (f *finder) continues(h *hyp) int {
	if f.bgr == nil || len(h.node) < 4 {
		return 0
	}
	minCon := f.minContrast(h)
	sides := [4][3]int{{0, h.i0 - 1, -1}, {0, h.i1 + 1, 1}, {1, h.j0 - 1, -1}, {1, h.j1 + 1, 1}}
	count := 0
	goesOn := func(axis, at int) bool {
		like, n := f.lineLike(h, axis, at, minCon)
		return n > 0 && 10*like >= 6*n
	}
	for _, sd := range sides {
		// The second line is looked at only when the first goes on.
		if goesOn(sd[0], sd[1]) && goesOn(sd[0], sd[1]+sd[2]) {
			count++
		}
	}
	return count
}

func lum(c [3]float64) float64 { return c[0] + c[1] + c[2] }

func rms3(a, b [3]float64) float64 {
	var d2 float64
	for i := range a {
		d2 += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(d2 / 3)
}

// subjectSpan is the share of the image's short side from which a
// lattice's size no longer counts against it.
const subjectSpan = 0.3

// coverage is the square root of the area of the extent's cells over
// the short side of the image: about the share of the short side that a
// square of the same area would span.
func (f *finder) coverage(h *hyp) float64 {
	c := [4][2]float64{
		{float64(h.i0) - 0.5, float64(h.j0) - 0.5}, {float64(h.i1) + 0.5, float64(h.j0) - 0.5},
		{float64(h.i1) + 0.5, float64(h.j1) + 0.5}, {float64(h.i0) - 0.5, float64(h.j1) + 0.5},
	}
	var area float64
	for k := range c {
		x0, y0 := applyH(&h.h, c[k][0], c[k][1])
		x1, y1 := applyH(&h.h, c[(k+1)%4][0], c[(k+1)%4][1])
		area += x0*y1 - x1*y0
	}
	return math.Sqrt(math.Abs(area)/2) / float64(min(f.w, f.h))
}
