package vision

import (
	"fmt"
	"slices"
	"unsafe"

	"gocv.io/x/gocv"
)

// component is one 8-connected region of a binary mask, with what
// maskBlobs needs of it: its area, bounding box and the sums of the
// first and second moments of its pixels relative to the box's corner.
type component struct {
	x0, y0, x1, y1 int // bounding box, inclusive
	area           int
	sx, sy         int64 // Σ(x-x0), Σ(y-y0)
	sxx, syy, sxy  int64 // Σ(x-x0)², Σ(y-y0)², Σ(x-x0)(y-y0)
}

// cclSpaghetti selects OpenCV's Spaghetti labelling (cv::CCL_BOLELLI,
// 2) rather than the BBDT (1) that gocv v0.31.0 asks for under the name
// CCL_DEFAULT: gocv's constants do not match OpenCV's, so the value is
// written out. Both number components alike (TestComponentsAsOpenCV).
const cclSpaghetti = gocv.ConnectedComponentsAlgorithmType(2)

// cclScratch labels binary masks with OpenCV's connectedComponents and
// keeps its output Mat and slices from mask to mask. The zero value is
// ready to use; Close frees the Mat.
//
// The boxes and areas are summed here over the labels, not taken from
// connectedComponentsWithStats: its statistics (centroids in doubles
// for every pixel) cost more than the labelling itself. On one thread,
// as in batch runs and as each segmentation worker mostly gets,
// BenchmarkLabelling measures 4.5 ms with OpenCV's statistics and 1.7
// ms for labels and this pass; with OpenCV's two threads, 1.7 and 1.4.
type cclScratch struct {
	labels gocv.Mat
	open   bool
	all    []component
	out    []component
}

// Close frees the Mat; the scratch may be used again after.
func (c *cclScratch) Close() {
	if c.open {
		c.labels.Close()
		c.open = false
	}
}

// components returns the 8-connected regions of mask (8-bit), in
// OpenCV's order, that keep accepts from their box and area (all when
// keep is nil), with their moment sums. The slice is reused by the next
// call.
func (c *cclScratch) components(mask gocv.Mat, keep func(*component) bool) ([]component, error) {
	if !c.open {
		c.labels = gocv.NewMat()
		c.open = true
	}
	c.out = c.out[:0]
	n := gocv.ConnectedComponentsWithParams(mask, &c.labels, 8, gocv.MatTypeCV32S, cclSpaghetti)
	if n <= 1 {
		return c.out, nil
	}
	lab, err := int32s(&c.labels)
	if err != nil {
		return nil, fmt.Errorf("component labels: %w", err)
	}
	w, h := mask.Cols(), mask.Rows()
	if len(lab) < w*h {
		return nil, fmt.Errorf("component labels: %d values for %d×%d", len(lab), w, h)
	}
	// Boxes and areas of all components, in one pass: rows come in
	// order, so a component's first row is its top, its last its bottom.
	c.all = slices.Grow(c.all[:0], n)[:n]
	for k := range c.all {
		c.all[k] = component{x0: w, y0: -1}
	}
	// Runs of one label along a row are taken whole: masks are mostly
	// long runs.
	for y := 0; y < h; y++ {
		row := lab[y*w : y*w+w]
		for x := 0; x < w; {
			l := row[x]
			x0 := x
			for x++; x < w && row[x] == l; x++ {
			}
			if l == 0 {
				continue
			}
			cm := &c.all[l]
			if cm.y0 < 0 {
				cm.y0 = y
			}
			cm.y1 = y
			cm.x0 = min(cm.x0, x0)
			cm.x1 = max(cm.x1, x-1)
			cm.area += x - x0
		}
	}
	for k := 1; k < n; k++ {
		cm := c.all[k]
		if keep != nil && !keep(&cm) {
			continue
		}
		// Moments only for the components kept: a walk over their box.
		for y := cm.y0; y <= cm.y1; y++ {
			fy := int64(y - cm.y0)
			for i, l := range lab[y*w+cm.x0 : y*w+cm.x1+1] {
				if l == int32(k) {
					fx := int64(i)
					cm.sx += fx
					cm.sy += fy
					cm.sxx += fx * fx
					cm.syy += fy * fy
					cm.sxy += fx * fy
				}
			}
		}
		c.out = append(c.out, cm)
	}
	return c.out, nil
}

// int32s views a continuous CV_32S Mat's data as int32s, valid while m
// is open and unchanged.
func int32s(m *gocv.Mat) ([]int32, error) {
	b, err := m.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		return nil, nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4), nil
}
