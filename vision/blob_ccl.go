package vision

import "slices"

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

// run is a horizontal stretch [s, e) of set pixels on one row.
type run struct {
	s, e  int32
	label int32
}

// cclScratch labels binary masks by runs: each row's runs join the
// runs of the row above that touch them (8-connectivity) through a
// union-find over run labels. It keeps its slices from mask to mask.
type cclScratch struct {
	prev, cur []run
	parent    []int32
	acc       []component // per run label, then per root
	out       []component
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
// of mask (w×h bytes, row-major), in the order in which OpenCV's
// connectedComponents (Grana's block-based algorithm) numbers them: by
// the first 2×2 block that holds a pixel of theirs, blocks in raster
// order. Their moment sums are exact. The slice is valid until the next
// call.
func (c *cclScratch) components(mask []byte, w, h int) []component {
	if len(mask) < w*h {
		panic("vision: components: mask shorter than w×h")
	}
	c.prev, c.cur = c.prev[:0], c.cur[:0]
	c.parent, c.acc, c.out = c.parent[:0], c.acc[:0], c.out[:0]
	bw := (w + 1) / 2
	for y := 0; y < h; y++ {
		row := mask[y*w : y*w+w]
		c.cur = c.cur[:0]
		for x := 0; x < w; {
			// Skip unset pixels, eight at a time where possible.
			for x+8 <= w && row[x]|row[x+1]|row[x+2]|row[x+3]|row[x+4]|row[x+5]|row[x+6]|row[x+7] == 0 {
				x += 8
			}
			for x < w && row[x] == 0 {
				x++
			}
			if x >= w {
				break
			}
			s := x
			for x < w && row[x] != 0 {
				x++
			}
			l := int32(len(c.parent))
			c.parent = append(c.parent, l)
			c.acc = append(c.acc, runStats(s, x, y, bw))
			c.cur = append(c.cur, run{int32(s), int32(x), l})
		}
		// Join touching runs of the row above: [s', e') touches [s, e)
		// when s' <= e and e' >= s.
		j := 0
		for _, r := range c.cur {
			for j < len(c.prev) && c.prev[j].e < r.s {
				j++
			}
			for k := j; k < len(c.prev) && c.prev[k].s <= r.e; k++ {
				c.union(r.label, c.prev[k].label)
			}
		}
		c.prev, c.cur = c.cur, c.prev
	}
	// Gather each run's sums at its root. Roots are the least label of
	// their set, so they come in the order of the components' first
	// runs; the blocks' order can differ and is sorted below.
	for l := range c.parent {
		r := c.find(int32(l))
		if r == int32(l) {
			continue
		}
		c.acc[r] = mergeStats(c.acc[r], c.acc[l])
	}
	for l := range c.parent {
		if c.parent[l] == int32(l) {
			c.out = append(c.out, c.acc[l])
		}
	}
	sortByKey(c.out)
	for i := range c.out {
		relative(&c.out[i])
	}
	return c.out
}

// runStats are the sums of the run [s, e) on row y, in absolute
// coordinates until relative converts them.
func runStats(s, e, y, bw int) component {
	n := int64(e - s)
	sx := n * int64(s+e-1) / 2
	sq := func(k int64) int64 { return k * (k + 1) * (2*k + 1) / 6 } // Σ 0..k of i²
	sxx := sq(int64(e-1)) - sq(int64(s-1))
	if s == 0 {
		sxx = sq(int64(e - 1))
	}
	yy := int64(y)
	return component{
		x0: s, y0: y, x1: e - 1, y1: y,
		area: e - s,
		sx:   sx, sy: n * yy,
		sxx: sxx, syy: n * yy * yy, sxy: yy * sx,
		key: (y/2)*bw + s/2,
	}
}

func mergeStats(a, b component) component {
	a.x0, a.y0 = min(a.x0, b.x0), min(a.y0, b.y0)
	a.x1, a.y1 = max(a.x1, b.x1), max(a.y1, b.y1)
	a.area += b.area
	a.sx += b.sx
	a.sy += b.sy
	a.sxx += b.sxx
	a.syy += b.syy
	a.sxy += b.sxy
	a.key = min(a.key, b.key)
	return a
}

// relative moves a component's sums from absolute coordinates to ones
// relative to its bounding box's corner.
func relative(c *component) {
	m, x0, y0 := int64(c.area), int64(c.x0), int64(c.y0)
	sx, sy := c.sx, c.sy
	c.sxx = c.sxx - 2*x0*sx + m*x0*x0
	c.syy = c.syy - 2*y0*sy + m*y0*y0
	c.sxy = c.sxy - x0*sy - y0*sx + m*x0*y0
	c.sx = sx - m*x0
	c.sy = sy - m*y0
}

// sortByKey sorts components by key (unique: a 2×2 block's set pixels
// all touch, so it belongs to one component).
func sortByKey(cs []component) {
	slices.SortFunc(cs, func(a, b component) int { return a.key - b.key })
}
