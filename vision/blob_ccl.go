package vision

import (
	"fmt"
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

// cclScratch labels binary masks with OpenCV's
// connectedComponentsWithStats and keeps its output Mats from mask to
// mask. The zero value is ready to use; Close frees the Mats.
type cclScratch struct {
	labels, stats, cents gocv.Mat
	open                 bool
	out                  []component
}

// Close frees the Mats; the scratch may be used again after.
func (c *cclScratch) Close() {
	if c.open {
		c.labels.Close()
		c.stats.Close()
		c.cents.Close()
		c.open = false
	}
}

// components returns the 8-connected regions of mask (8-bit), in
// OpenCV's order, that keep accepts from their box and area (all when
// keep is nil), with their moment sums. The slice is reused by the next
// call.
func (c *cclScratch) components(mask gocv.Mat, keep func(*component) bool) ([]component, error) {
	if !c.open {
		c.labels, c.stats, c.cents = gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
		c.open = true
	}
	c.out = c.out[:0]
	n := gocv.ConnectedComponentsWithStats(mask, &c.labels, &c.stats, &c.cents)
	if n <= 1 {
		return c.out, nil
	}
	lab, err := int32s(&c.labels)
	if err != nil {
		return nil, fmt.Errorf("component labels: %w", err)
	}
	st, err := int32s(&c.stats)
	if err != nil {
		return nil, fmt.Errorf("component stats: %w", err)
	}
	w := mask.Cols()
	for k := 1; k < n; k++ {
		s := st[k*5 : k*5+5] // left, top, width, height, area
		cm := component{x0: int(s[0]), y0: int(s[1]), x1: int(s[0] + s[2] - 1), y1: int(s[1] + s[3] - 1), area: int(s[4])}
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
