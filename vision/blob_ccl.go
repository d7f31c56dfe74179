package vision

import (
	"encoding/binary"
	"slices"
)

// component is one 8-connected region of a binary mask, with what
// maskBlobs needs of it: its area, bounding box and the sums of the
// first and second moments of its pixels relative to the box's corner.
type component struct {
	x0, y0, x1, y1 int // bounding box, inclusive
	area           int
	sx, sy         int64 // Σ(x-x0), Σ(y-y0)
	sxx, syy, sxy  int64 // Σ(x-x0)², Σ(y-y0)², Σ(x-x0)(y-y0)
	key            int   // first 2×2 block in block-raster order
}

// run is a horizontal stretch [s, e) of set pixels on row y.
type run struct {
	s, e, y int32
}

// cclScratch labels binary masks by runs: each row's runs join the
// runs of the row above that touch them (8-connectivity) through a
// union-find over the runs. It keeps its slices from mask to mask.
type cclScratch struct {
	runs   []run
	parent []int32 // union-find over runs; roots are the least run of their set
	slot   []int32 // per root run, its component's index in all
	all    []component
	out    []component
}

func (c *cclScratch) find(l int32) int32 {
	for c.parent[l] != l {
		c.parent[l] = c.parent[c.parent[l]]
		l = c.parent[l]
	}
	return l
}

func (c *cclScratch) union(a, b int32) {
	a, b = c.find(a), c.find(b)
	if a < b {
		c.parent[b] = a
	} else if b < a {
		c.parent[a] = b
	}
}

// components returns the 8-connected components of the non-zero pixels
// of mask (w×h bytes, row-major) that keep accepts (nil keeps all), in
// the order in which OpenCV's connectedComponents (Grana's block-based
// algorithm, its default) numbers them: by the first 2×2 block holding a
// pixel of theirs, blocks in raster order. keep sees the area, box and
// key; the moment sums, exact, are filled in only for the components it
// keeps. The slice is valid until the next call.
func (c *cclScratch) components(mask []byte, w, h int, keep func(*component) bool) []component {
	if len(mask) < w*h {
		panic("vision: components: mask shorter than w×h")
	}
	c.runs, c.parent = c.runs[:0], c.parent[:0]
	prev0, prev1 := 0, 0 // the row above's runs
	for y := 0; y < h; y++ {
		row := mask[y*w : y*w+w]
		cur0 := len(c.runs)
		for x := 0; x < w; {
			// Skip unset pixels, eight at a time where possible.
			for x+8 <= w && binary.LittleEndian.Uint64(row[x:]) == 0 {
				x += 8
			}
			for x < w && row[x] == 0 {
				x++
			}
			if x >= w {
				break
			}
			s := x
			for x+8 <= w && binary.LittleEndian.Uint64(row[x:]) == ^uint64(0) {
				x += 8
			}
			for x < w && row[x] != 0 {
				x++
			}
			c.parent = append(c.parent, int32(len(c.runs)))
			c.runs = append(c.runs, run{int32(s), int32(x), int32(y)})
		}
		// Join touching runs of the row above: [s', e') touches [s, e)
		// when s' <= e and e' >= s.
		j := prev0
		for k := cur0; k < len(c.runs); k++ {
			r := c.runs[k]
			for j < prev1 && c.runs[j].e < r.s {
				j++
			}
			for i := j; i < prev1 && c.runs[i].s <= r.e; i++ {
				c.union(int32(k), int32(i))
			}
		}
		prev0, prev1 = cur0, len(c.runs)
	}

	// Areas, boxes and keys. A root is the least run of its set, so it
	// comes before the set's other runs.
	c.slot = slices.Grow(c.slot[:0], len(c.runs))[:len(c.runs)]
	c.all = c.all[:0]
	bw := (w + 1) / 2
	for i, r := range c.runs {
		key := int(r.y/2)*bw + int(r.s/2)
		root := c.find(int32(i))
		c.parent[i] = root
		if root == int32(i) {
			c.slot[i] = int32(len(c.all))
			c.all = append(c.all, component{x0: int(r.s), y0: int(r.y), x1: int(r.e - 1), y1: int(r.y), area: int(r.e - r.s), key: key})
			continue
		}
		p := &c.all[c.slot[root]]
		p.x0, p.x1 = min(p.x0, int(r.s)), max(p.x1, int(r.e-1))
		p.y1 = int(r.y) // rows come in order
		p.area += int(r.e - r.s)
		p.key = min(p.key, key)
	}
	// Moments of the kept components, from each run's sums.
	for k := range c.all {
		if keep != nil && !keep(&c.all[k]) {
			c.all[k].area = -1 // not kept
		}
	}
	for i, r := range c.runs {
		p := &c.all[c.slot[c.parent[i]]] // every parent is a root now
		if p.area < 0 {
			continue
		}
		n := int64(r.e - r.s)
		s, e := int64(int(r.s)-p.x0), int64(int(r.e)-p.x0) // relative to the box
		yy := int64(int(r.y) - p.y0)
		sx := n * (s + e - 1) / 2
		p.sx += sx
		p.sy += n * yy
		p.sxx += sumSquares(e-1) - sumSquares(s-1)
		p.syy += n * yy * yy
		p.sxy += yy * sx
	}
	c.out = c.out[:0]
	for _, p := range c.all {
		if p.area >= 0 {
			c.out = append(c.out, p)
		}
	}
	slices.SortFunc(c.out, func(a, b component) int { return a.key - b.key })
	return c.out
}

// sumSquares is Σ i² for i = 0..k, 0 for k < 0.
func sumSquares(k int64) int64 {
	if k < 0 {
		return 0
	}
	return k * (k + 1) * (2*k + 1) / 6
}
