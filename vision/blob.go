package vision

import (
	"fmt"
	"image"
	"math"
	"sort"
	"unsafe"

	"gocv.io/x/gocv"
)

// blob is one compact region found by one of the segmentations: a
// candidate button or light. Positions are in pixels of the work image
// (the downscaled copy that finding runs on).
type blob struct {
	x, y  float64 // centroid
	area  float64 // pixels
	elong float64 // sqrt of the ratio of the second moments' eigenvalues, 1 for a disc or square
	fill  float64 // area over the area of the moment-equivalent ellipse: ~1 for discs, 0.95 for squares, low for rings and L shapes
	votes int     // how many segmentations found (nearly) this blob
	src   uint8   // the segmentation that found it, for debugging
	// inner is the mean BGR colour inside the blob, ring the mean just
	// around it, contrast the RMS difference of the two.
	inner, ring [3]float64
	contrast    float64
}

// size is the blob's side length, as if it were a square.
func (b *blob) size() float64 { return math.Sqrt(b.area) }

// Blob shape limits. Buttons seen at up to ±25° rotation and a tilt are
// still compact and convex; rings, bars and merged pairs are not.
const (
	blobMinArea  = 10   // pixels at the level the blob was found
	blobMaxFrac  = 0.12 // of the work image's area
	blobMaxElong = 2.2
	blobMinFill  = 0.78
	blobMaxFill  = 1.15
	// blobMinContrast is the least RMS colour difference (8-bit levels)
	// between a blob and its surroundings: below it, sensor noise and
	// texture make blobs anywhere.
	blobMinContrast = 10
)

// Segmentations, recorded in blob.src.
const (
	segAdaptBright = iota
	segAdaptDark
	segOtsuVBright
	segOtsuVDark
	segOtsuSBright
	segOtsuSDark
	segEdges
)

// collectBlobs runs several segmentations of work (BGR) and returns the
// compact blobs they find, duplicates merged, in work pixels.
func collectBlobs(work gocv.Mat) ([]blob, error) {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(work, &grey, gocv.ColorBGRToGray)
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(work, &hsv, gocv.ColorBGRToHSV)
	ch := gocv.Split(hsv)
	for i := range ch {
		defer ch[i].Close()
	}
	maxArea := blobMaxFrac * float64(work.Rows()*work.Cols())

	var all []blob
	eroded := gocv.NewMat()
	defer eroded.Close()
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kernel.Close()
	// add collects the blobs of a mask and of the mask eroded by two
	// pixels, which parts buttons joined by thin bridges of bloom or
	// shared edges.
	add := func(mask gocv.Mat, scale float64, src uint8) error {
		bs, err := maskBlobs(mask, scale, maxArea, src)
		if err != nil {
			return err
		}
		all = append(all, bs...)
		gocv.ErodeWithParams(mask, &eroded, kernel, image.Pt(-1, -1), 2, int(gocv.BorderConstant))
		bs, err = maskBlobs(eroded, scale, maxArea, src)
		all = append(all, bs...)
		return err
	}

	// Adaptive thresholds on grey, at several pyramid levels so that the
	// block covers small and large buttons alike, in both polarities.
	level := grey.Clone()
	defer level.Close()
	scale := 1.0
	mask := gocv.NewMat()
	defer mask.Close()
	for l := 0; l < 4; l++ {
		if l > 0 {
			if level.Rows() < 128 || level.Cols() < 128 {
				break
			}
			gocv.PyrDown(level, &level, image.Point{}, gocv.BorderDefault)
			scale *= 2
		}
		blocks := []int{41}
		if l == 0 {
			blocks = []int{15, 41}
		}
		for _, bsz := range blocks {
			if bsz >= level.Rows() || bsz >= level.Cols() {
				continue
			}
			for pol := 0; pol < 2; pol++ {
				typ, c := gocv.ThresholdBinary, float32(-4)
				if pol == 1 {
					typ, c = gocv.ThresholdBinaryInv, 4
				}
				gocv.AdaptiveThreshold(level, &mask, 255, gocv.AdaptiveThresholdMean, typ, bsz, c)
				if err := add(mask, scale, uint8(pol)); err != nil {
					return nil, err
				}
			}
		}
	}

	// Global Otsu on value and saturation: large buttons, lit lights in a
	// dim room, coloured lights on a grey case.
	for k, c := range []int{2, 1} {
		for pol := 0; pol < 2; pol++ {
			typ := gocv.ThresholdBinary
			if pol == 1 {
				typ = gocv.ThresholdBinaryInv
			}
			gocv.Threshold(ch[c], &mask, 0, 255, typ|gocv.ThresholdOtsu)
			if err := add(mask, 1, uint8(2+2*k+pol)); err != nil {
				return nil, err
			}
		}
	}
	// Regions enclosed by edges: buttons that touch, or whose fill is
	// uneven, are still outlined.
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(grey, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	gocv.Canny(blur, &mask, 30, 90)
	gocv.Dilate(mask, &mask, kernel)
	gocv.BitwiseNot(mask, &mask)
	if err := add(mask, 1, segEdges); err != nil {
		return nil, err
	}
	merged := mergeBlobs(all)
	data, err := work.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("work image: %w", err)
	}
	out := merged[:0]
	for _, b := range merged {
		appearance(data, work.Cols(), work.Rows(), &b)
		if b.contrast >= blobMinContrast {
			out = append(out, b)
		}
	}
	return out, nil
}

// appearance measures b's mean colour in a disc of 0.35 of its size and
// its contrast with the ring between 0.6 and 0.8 of its size, on a
// continuous BGR image, sampling at most about 30 points across.
func appearance(bgr []uint8, w, h int, b *blob) {
	s := b.size()
	step := max(1, int(s/30))
	r := int(math.Ceil(0.8 * s))
	x0, y0 := int(math.Round(b.x)), int(math.Round(b.y))
	var in, ring [3]float64
	var nIn, nRing float64
	for dy := -r; dy <= r; dy += step {
		y := y0 + dy
		if y < 0 || y >= h {
			continue
		}
		for dx := -r; dx <= r; dx += step {
			x := x0 + dx
			if x < 0 || x >= w {
				continue
			}
			d := math.Hypot(float64(dx), float64(dy)) / s
			var acc *[3]float64
			switch {
			case d <= 0.35:
				acc = &in
				nIn++
			case d >= 0.6 && d <= 0.8:
				acc = &ring
				nRing++
			default:
				continue
			}
			p := bgr[3*(y*w+x) : 3*(y*w+x)+3]
			acc[0] += float64(p[0])
			acc[1] += float64(p[1])
			acc[2] += float64(p[2])
		}
	}
	if nIn == 0 || nRing == 0 {
		return
	}
	var d2 float64
	for i := range in {
		in[i] /= nIn
		ring[i] /= nRing
		d2 += (in[i] - ring[i]) * (in[i] - ring[i])
	}
	b.inner, b.ring = in, ring
	b.contrast = math.Sqrt(d2 / 3)
}

// maskBlobs returns the compact connected components of a binary mask
// found at a pyramid level scale times smaller than the work image.
func maskBlobs(mask gocv.Mat, scale, maxArea float64, src uint8) ([]blob, error) {
	labels := gocv.NewMat()
	defer labels.Close()
	stats := gocv.NewMat()
	defer stats.Close()
	cents := gocv.NewMat()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStats(mask, &labels, &stats, &cents)
	if n <= 1 {
		return nil, nil
	}
	lab, err := int32s(&labels)
	if err != nil {
		return nil, fmt.Errorf("component labels: %w", err)
	}
	st, err := int32s(&stats)
	if err != nil {
		return nil, fmt.Errorf("component stats: %w", err)
	}
	w, h := mask.Cols(), mask.Rows()
	var out []blob
	for k := 1; k < n; k++ {
		s := st[k*5 : k*5+5]
		x0, y0, bw, bh, area := int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4])
		a := float64(area) * scale * scale
		if area < blobMinArea || a > maxArea {
			continue
		}
		if x0 == 0 || y0 == 0 || x0+bw >= w || y0+bh >= h {
			continue // cut by the image border: its centre is unreliable
		}
		if bw > 4*bh || bh > 4*bw || area*3 < bw*bh {
			continue // cheap rejections before the moments
		}
		var sx, sy, sxx, syy, sxy float64
		for y := y0; y < y0+bh; y++ {
			row := lab[y*w : y*w+w]
			for x := x0; x < x0+bw; x++ {
				if row[x] == int32(k) {
					fx, fy := float64(x-x0), float64(y-y0)
					sx += fx
					sy += fy
					sxx += fx * fx
					syy += fy * fy
					sxy += fx * fy
				}
			}
		}
		m := float64(area)
		cx, cy := sx/m, sy/m
		vxx := sxx/m - cx*cx + 1.0/12
		vyy := syy/m - cy*cy + 1.0/12
		vxy := sxy/m - cx*cy
		tr, det := vxx+vyy, vxx*vyy-vxy*vxy
		if det <= 0 {
			continue
		}
		disc := math.Sqrt(math.Max(tr*tr/4-det, 0))
		l1, l2 := tr/2+disc, tr/2-disc
		if l2 <= 0 {
			continue
		}
		b := blob{
			x:     (float64(x0)+cx+0.5)*scale - 0.5,
			y:     (float64(y0)+cy+0.5)*scale - 0.5,
			area:  a,
			elong: math.Sqrt(l1 / l2),
			fill:  m / (4 * math.Pi * math.Sqrt(det)),
			votes: 1,
			src:   src,
		}
		if b.elong > blobMaxElong || b.fill < blobMinFill || b.fill > blobMaxFill {
			continue
		}
		out = append(out, b)
	}
	return out, nil
}

// int32s views a continuous CV_32S Mat's data as int32s. The slice is
// valid only while m is open.
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

// mergeBlobs merges blobs that several segmentations found at the same
// place with nearly the same size, keeping the most compact one and
// counting the votes.
func mergeBlobs(bs []blob) []blob {
	// Largest first so a blob meets its bigger twins before smaller ones.
	sort.Slice(bs, func(i, j int) bool { return bs[i].area > bs[j].area })
	idx := newBlobIndex(bs, 8)
	dead := make([]bool, len(bs))
	var out []blob
	for i := range bs {
		if dead[i] {
			continue
		}
		b := bs[i]
		r := 0.25 * b.size()
		idx.near(b.x, b.y, r, func(j int) {
			if j <= i || dead[j] {
				return
			}
			o := &bs[j]
			if o.area*1.7 < b.area {
				return
			}
			dead[j] = true
			b.votes++
			if math.Abs(o.fill-1) < math.Abs(b.fill-1) && o.elong <= b.elong {
				v := b.votes
				b = *o
				b.votes = v
			}
		})
		out = append(out, b)
	}
	return out
}

// blobIndex finds blobs near a point through a hash of square buckets.
type blobIndex struct {
	bs   []blob
	cell float64
	m    map[[2]int][]int
}

func newBlobIndex(bs []blob, cell float64) *blobIndex {
	x := &blobIndex{bs: bs, cell: cell, m: make(map[[2]int][]int, len(bs))}
	for i := range bs {
		k := x.key(bs[i].x, bs[i].y)
		x.m[k] = append(x.m[k], i)
	}
	return x
}

func (x *blobIndex) key(px, py float64) [2]int {
	return [2]int{int(math.Floor(px / x.cell)), int(math.Floor(py / x.cell))}
}

// near calls f for every blob within r of (px, py).
func (x *blobIndex) near(px, py, r float64, f func(i int)) {
	lo, hi := x.key(px-r, py-r), x.key(px+r, py+r)
	for gy := lo[1]; gy <= hi[1]; gy++ {
		for gx := lo[0]; gx <= hi[0]; gx++ {
			for _, i := range x.m[[2]int{gx, gy}] {
				dx, dy := x.bs[i].x-px, x.bs[i].y-py
				if dx*dx+dy*dy <= r*r {
					f(i)
				}
			}
		}
	}
}
