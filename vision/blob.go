package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"sync"

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
	// wide is that segWideLines or segGridLines found it (or a
	// duplicate merged into it): it is kept at lineMinContrast.
	wide bool
	// tint is that a chroma segmentation found it (or a duplicate
	// merged into it): it is kept at tintMinContrast when it is a tint
	// on a pale panel (paleTint).
	tint bool
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
	// lineMinContrast is blobMinContrast for blobs of segWideLines and
	// segGridLines.
	lineMinContrast = 3
	// tintMinContrast is blobMinContrast for tints on a grey or white
	// panel found by the chroma segmentations: a pale tinted cap on a white
	// panel differs from it by some 9 levels in one channel (u47_0006),
	// 5 in RMS.
	tintMinContrast = 4
	// paleMaxChroma is the most chroma (largest channel less the
	// smallest, 8-bit levels) of a panel around a tint, and
	// tintMinChroma how much more chroma the tint must have.
	paleMaxChroma = 16
	tintMinChroma = 5
	// lineMinDepth is how much darker (8-bit value levels) than both
	// sides a line of a pixel or two must be to part two regions.
	lineMinDepth = 6
	// A component of segLines as long as two squares side by side, and
	// as full as a rectangle, also gives a blob for each half. (From
	// every segmentation, the halves of clutter rectangles vouched for
	// rows that are not there.)
	pairMinElong = 1.8
	pairMaxElong = 2.3
	pairMinFill  = 0.85
	pairMaxFill  = 1.05
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
	segLines // edges and thin dark lines
	// Adaptive thresholds on chroma, in the chroma look only.
	segAdaptCBright
	segAdaptCDark
	segWideLines // dark lines up to several pixels wide, in the lines and grid-lines looks
	segGridLines // cells of a grid of straight lines (gridlines.go), in the grid-lines look only
	segSplit     // not a segmentation: a cell of a blob split by its pitch (pitch.go)
)

// blobLook is which segmentations collectBlobs adds to the common ones.
type blobLook uint8

const (
	lookPlain     blobLook = iota
	lookChroma             // adaptive thresholds on chroma
	lookLines              // regions parted by wide dark lines
	lookGridLines          // lookLines, and the cells of a grid of straight edges
)

func (l blobLook) String() string {
	switch l {
	case lookPlain:
		return "plain"
	case lookChroma:
		return "chroma"
	case lookLines:
		return "lines"
	case lookGridLines:
		return "grid lines"
	}
	return fmt.Sprintf("look %d", uint8(l))
}

// segCache holds the blobs of the segmentations that every look runs on
// one image, in the order collectBlobs runs them, so that a later look
// at the same image (chroma, lines) runs only its own. The zero value is
// empty.
type segCache struct {
	common [][]blob
}

// collectBlobs runs several segmentations of work (BGR) and returns the
// compact blobs they find, duplicates merged, in work pixels. The
// segmentations run on workers goroutines (segWorkers for 0); the result
// does not depend on their number or timing. With a cache, the
// segmentations every look shares are taken from it when it holds them
// (it must have been filled from work itself), and put in it when not;
// the result is the same either way.
func collectBlobs(work gocv.Mat, workers int, look blobLook, cache *segCache) ([]blob, error) {
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

	// Adaptive thresholds on grey, at several pyramid levels so that the
	// block covers small and large buttons alike, in both polarities.
	var jobs []segJob
	levels := []gocv.Mat{grey}
	for l := 1; l < 4; l++ {
		prev := levels[l-1]
		if prev.Rows() < 128 || prev.Cols() < 128 {
			break
		}
		next := gocv.NewMat()
		defer next.Close()
		gocv.PyrDown(prev, &next, image.Point{}, gocv.BorderDefault)
		levels = append(levels, next)
	}
	for l, level := range levels {
		blocks := []int{41}
		if l == 0 {
			blocks = []int{15, 41}
		}
		for _, bsz := range blocks {
			if bsz >= level.Rows() || bsz >= level.Cols() {
				continue
			}
			for pol := 0; pol < 2; pol++ {
				jobs = append(jobs, segJob{kind: segAdaptBright + uint8(pol), src: level, scale: float64(int(1) << l), block: bsz})
			}
		}
	}
	if look == lookChroma {
		// Adaptive thresholds on chroma (the largest of B, G, R less the
		// smallest), on the pyramid: faint coloured caps on a pale
		// panel differ in colour more than in grey. Unlike saturation,
		// chroma stays quiet in dark regions.
		bgr := gocv.Split(work)
		for i := range bgr {
			defer bgr[i].Close()
		}
		c := gocv.NewMat()
		defer c.Close()
		gocv.Min(bgr[0], bgr[1], &c)
		gocv.Min(c, bgr[2], &c)
		gocv.Subtract(ch[2], c, &c)
		level := c
		for l := 1; l < len(levels); l++ {
			next := gocv.NewMat()
			defer next.Close()
			gocv.PyrDown(level, &next, image.Point{}, gocv.BorderDefault)
			level = next
			for pol := 0; pol < 2; pol++ {
				jobs = append(jobs, segJob{kind: segAdaptCBright + uint8(pol), src: level, scale: float64(int(1) << l), block: 41, own: true})
			}
		}
	}
	// Global Otsu on value and saturation: large buttons, lit lights in a
	// dim room, coloured lights on a grey case.
	for k, c := range []int{2, 1} {
		for pol := 0; pol < 2; pol++ {
			jobs = append(jobs, segJob{kind: uint8(segOtsuVBright + 2*k + pol), src: ch[c], scale: 1})
		}
	}
	// Regions enclosed by edges: buttons that touch, or whose fill is
	// uneven, are still outlined.
	jobs = append(jobs, segJob{kind: segEdges, src: grey, scale: 1})
	// Regions enclosed by edges and thin dark lines: lit cells of pixel
	// art and screens that touch, parted only by a grid line. On value
	// (the largest of B, G, R), where a grey line between coloured
	// lights is deeper than in grey.
	jobs = append(jobs, segJob{kind: segLines, src: ch[2], scale: 1})
	if look == lookLines || look == lookGridLines {
		// Regions parted by dark lines a few pixels wide, edges or none:
		// flat cells edge to edge on a blurred screen. Such a cell is
		// as dark as its neighbours beyond the line, so its contrast
		// with the ring around it is low (lineMinContrast).
		jobs = append(jobs, segJob{kind: segWideLines, src: ch[2], scale: 1, own: true})
	}
	if look == lookGridLines {
		// Cells edge to edge whose grid shows as straight lines: a
		// lit cell's edge or a faint line between unlit ones.
		jobs = append(jobs, segJob{kind: segGridLines, src: grey, scale: 1, own: true})
	}

	found, err := runCached(jobs, maxArea, workers, cache)
	if err != nil {
		return nil, err
	}
	var all []blob
	for _, bs := range found {
		all = append(all, bs...)
	}
	merged := mergeBlobs(all)
	data, err := work.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("work image: %w", err)
	}
	// Each blob's appearance is its own: the workers share them.
	inParts(len(merged), workers, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			appearance(data, work.Cols(), work.Rows(), &merged[i])
		}
	})
	out := merged[:0]
	for _, b := range merged {
		if b.contrast >= blobMinContrast || b.wide && b.contrast >= lineMinContrast || b.tint && b.contrast >= tintMinContrast && paleTint(&b) {
			out = append(out, b)
		}
	}
	return out, nil
}

// runCached runs jobs as runSegJobs does, but for the shared ones (not
// own) when cache holds their blobs: those come from it, in order. An
// empty cache is filled with the shared jobs' blobs.
func runCached(jobs []segJob, maxArea float64, workers int, cache *segCache) ([][]blob, error) {
	if cache == nil {
		return runSegJobs(jobs, maxArea, workers)
	}
	filled := cache.common != nil
	var run []segJob
	for _, j := range jobs {
		if j.own || !filled {
			run = append(run, j)
		}
	}
	ran, err := runSegJobs(run, maxArea, workers)
	if err != nil {
		return nil, err
	}
	found := make([][]blob, len(jobs))
	k, c := 0, 0
	for i, j := range jobs {
		switch {
		case j.own || !filled:
			found[i] = ran[k]
			k++
			if !j.own {
				cache.common = append(cache.common, found[i])
			}
		default:
			found[i] = cache.common[c]
			c++
		}
	}
	return found, nil
}

// inParts calls f on n items split into contiguous parts [lo, hi), one
// part per goroutine, on workers goroutines (segWorkers for 0 or less)
// and returns when all are done. f must write only to its own items.
func inParts(n, workers int, f func(lo, hi int)) {
	if workers <= 0 {
		workers = segWorkers
	}
	workers = max(1, min(workers, n))
	if workers == 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w*n/workers, (w+1)*n/workers)
		}()
	}
	wg.Wait()
}

// segWorkers is how many goroutines run the segmentations unless the
// caller asks for fewer.
const segWorkers = 2

// segJob is one segmentation: a mask made from src, whose blobs (and
// those of the mask eroded by two pixels) are found at scale.
type segJob struct {
	kind  uint8    // segAdaptBright … segEdges, recorded in blob.src
	src   gocv.Mat // grey level, or the S or V channel; only read
	scale float64  // work pixels per src pixel
	block int      // adaptive threshold block size
	own   bool     // run by one look only (segCache keeps the others)
}

// segScratch holds the Mats one worker reuses from job to job.
type segScratch struct {
	mask, eroded, blur, lines, kernel gocv.Mat
	wide                              gocv.Mat // the structuring element of segWideLines
	cc                                cclScratch
}

func newSegScratch() *segScratch {
	return &segScratch{
		mask:   gocv.NewMat(),
		eroded: gocv.NewMat(),
		blur:   gocv.NewMat(),
		lines:  gocv.NewMat(),
		kernel: gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3)),
		wide:   gocv.GetStructuringElement(gocv.MorphRect, image.Pt(9, 9)),
	}
}

func (s *segScratch) Close() {
	s.mask.Close()
	s.eroded.Close()
	s.blur.Close()
	s.lines.Close()
	s.kernel.Close()
	s.wide.Close()
	s.cc.Close()
}

// runSegJobs runs jobs on workers goroutines (segWorkers when workers is
// 0 or less) and returns each job's blobs at the job's index.
func runSegJobs(jobs []segJob, maxArea float64, workers int) ([][]blob, error) {
	found := make([][]blob, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	if workers <= 0 {
		workers = segWorkers
	}
	for w := 0; w < min(workers, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSegScratch()
			defer s.Close()
			for i := range next {
				found[i], errs[i] = s.run(&jobs[i], maxArea)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return found, errors.Join(errs...)
}

// run makes job j's mask and collects the blobs of the mask and of the
// mask eroded by two pixels, which parts buttons joined by thin bridges
// of bloom or shared edges.
func (s *segScratch) run(j *segJob, maxArea float64) ([]blob, error) {
	switch j.kind {
	case segAdaptBright, segAdaptDark, segAdaptCBright, segAdaptCDark:
		typ, c := gocv.ThresholdBinary, float32(-4)
		if j.kind == segAdaptDark || j.kind == segAdaptCDark {
			typ, c = gocv.ThresholdBinaryInv, 4
		}
		gocv.AdaptiveThreshold(j.src, &s.mask, 255, gocv.AdaptiveThresholdMean, typ, j.block, c)
	case segOtsuVBright, segOtsuSBright:
		gocv.Threshold(j.src, &s.mask, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	case segOtsuVDark, segOtsuSDark:
		gocv.Threshold(j.src, &s.mask, 0, 255, gocv.ThresholdBinaryInv|gocv.ThresholdOtsu)
	case segEdges:
		gocv.GaussianBlur(j.src, &s.blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		gocv.Canny(s.blur, &s.mask, 30, 90)
		gocv.Dilate(s.mask, &s.mask, s.kernel)
		gocv.BitwiseNot(s.mask, &s.mask)
	case segLines:
		// Thin dark lines: darker than the closing with a 3×3 square by
		// lineMinDepth, joined to the edges as in segEdges.
		gocv.MorphologyEx(j.src, &s.blur, gocv.MorphBlackhat, s.kernel)
		gocv.Threshold(s.blur, &s.lines, lineMinDepth, 255, gocv.ThresholdBinary)
		gocv.GaussianBlur(j.src, &s.blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		gocv.Canny(s.blur, &s.mask, 30, 90)
		gocv.Dilate(s.mask, &s.mask, s.kernel)
		gocv.BitwiseOr(s.mask, s.lines, &s.mask)
		gocv.BitwiseNot(s.mask, &s.mask)
	case segWideLines:
		gocv.MorphologyEx(j.src, &s.blur, gocv.MorphBlackhat, s.wide)
		gocv.Threshold(s.blur, &s.mask, lineMinDepth, 255, gocv.ThresholdBinaryInv)
	case segGridLines:
		gridLineMask(j.src, &s.mask, &s.blur, &s.lines)
	default:
		panic(fmt.Sprintf("vision: unknown segmentation %d", j.kind))
	}
	bs, err := maskBlobs(s.mask, j.scale, maxArea, j.kind, &s.cc)
	if err != nil {
		return nil, err
	}
	gocv.ErodeWithParams(s.mask, &s.eroded, s.kernel, image.Pt(-1, -1), 2, int(gocv.BorderConstant))
	more, err := maskBlobs(s.eroded, j.scale, maxArea, j.kind, &s.cc)
	return append(bs, more...), err
}

// appearance measures b's mean colour in a disc of 0.35 of its size and
// its contrast with the ring between 0.6 and 0.8 of its size, on a
// continuous BGR image, sampling at most about 30 points across.
func appearance(bgr []uint8, w, h int, b *blob) {
	s := b.size()
	step := max(1, int(s/30))
	r := int(math.Ceil(0.8 * s))
	x0, y0 := int(math.Round(b.x)), int(math.Round(b.y))
	// Samples lie at offsets -r, -r+step, … ≤ r on both axes. On each
	// row the disc (d <= 0.35) and the ring's two halves (0.6 <= d <=
	// 0.8) are runs of |dx|, found from bounds on the squared offset.
	inB, ringLo, ringHi := newSqBound(0.35, s), newSqBound(0.6, s), newSqBound(0.8, s)
	kMax := 2 * r / step // samples per row: k = 0..kMax at dx = -r + k*step
	// Offsets inside the image.
	dxLo, dxHi := max(-r, -x0), min(r, w-1-x0)
	var in, ring [3]int
	var nIn, nRing int
	sum := func(row []uint8, lo, hi int, acc *[3]int) int {
		// Samples with lo <= dx <= hi, within the image.
		lo, hi = max(lo, dxLo), min(hi, dxHi)
		if lo > hi {
			return 0
		}
		k0 := max(0, ceilDiv(lo+r, step))
		k1 := min(kMax, floorDiv(hi+r, step))
		n := 0
		for k := k0; k <= k1; k++ {
			x := x0 - r + k*step
			p := row[3*x : 3*x+3]
			acc[0] += int(p[0])
			acc[1] += int(p[1])
			acc[2] += int(p[2])
			n++
		}
		return n
	}
	for dy := -r; dy <= r; dy += step {
		y := y0 + dy
		if y < 0 || y >= h {
			continue
		}
		row := bgr[3*y*w : 3*(y+1)*w]
		if m := inB.maxAt(dy, s, false); m >= 0 {
			nIn += sum(row, -m, m, &in)
		}
		lo := ringLo.maxAt(dy, s, true) + 1 // least |dx| not before the ring
		if hi := ringHi.maxAt(dy, s, false); hi >= lo {
			if lo == 0 {
				nRing += sum(row, -hi, hi, &ring)
			} else {
				nRing += sum(row, -hi, -lo, &ring)
				nRing += sum(row, lo, hi, &ring)
			}
		}
	}
	if nIn == 0 || nRing == 0 {
		return
	}
	for i := range in {
		b.inner[i] = float64(in[i]) / float64(nIn)
		b.ring[i] = float64(ring[i]) / float64(nRing)
	}
	b.contrast = rms3(b.inner, b.ring)
}

// paleTint reports whether b's inside is a tint of a nearly grey ring (a
// white or grey panel): chequered fabric and coloured clutter make chroma
// blobs of low contrast too, on a ring of their own colour.
func paleTint(b *blob) bool {
	chroma := func(c [3]float64) float64 {
		return max(c[0], c[1], c[2]) - min(c[0], c[1], c[2])
	}
	ring := chroma(b.ring)
	return ring <= paleMaxChroma && chroma(b.inner) >= ring+tintMinChroma
}

func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// sqBound decides math.Hypot(dx, dy)/s <= k (or < k) from the integer
// squared offset n = dx²+dy², exactly as that expression would: n below
// lo is inside, above hi outside, and only the rare n in lo..hi (within
// rounding of the bound) needs the distance itself.
type sqBound struct {
	k      float64
	lo, hi int
}

func newSqBound(k, s float64) sqBound {
	t := (k * s) * (k * s)
	eps := 1e-9 * (t + 1)
	return sqBound{k: k, lo: int(math.Ceil(t - eps)), hi: int(math.Floor(t + eps))}
}

// below reports Hypot(dx, dy)/s <= k (or < k when strict), for
// dx²+dy² in lo..hi.
func (q sqBound) below(dx, dy int, s float64, strict bool) bool {
	d := math.Hypot(float64(dx), float64(dy)) / s
	if strict {
		return d < q.k
	}
	return d <= q.k
}

// maxAt returns the largest m >= 0 with (m, dy) below the bound, or -1.
// Below the bound is a run of m from 0: squared offsets under lo are
// below, over hi are not, and lo..hi holds at most one of them.
func (q sqBound) maxAt(dy int, s float64, strict bool) int {
	n0 := dy * dy
	m := -1
	if t := q.lo - 1 - n0; t >= 0 {
		m = isqrt(t) // m² + n0 < lo
	}
	// (m+1)² + n0 >= lo; it is below only within lo..hi, by the distance.
	if n := (m+1)*(m+1) + n0; n <= q.hi && q.below(m+1, dy, s, strict) {
		m++
	}
	return m
}

// isqrt is the largest m with m² <= t, for t >= 0.
func isqrt(t int) int {
	m := int(math.Sqrt(float64(t)))
	for m*m > t {
		m--
	}
	for (m+1)*(m+1) <= t {
		m++
	}
	return m
}

// maskBlobs returns the compact connected components of a binary mask
// found at a pyramid level scale times smaller than the work image,
// labelling it with cc.
func maskBlobs(mask gocv.Mat, scale, maxArea float64, src uint8, cc *cclScratch) ([]blob, error) {
	if mask.Type() != gocv.MatTypeCV8U {
		panic("vision: maskBlobs: mask is not an 8-bit Mat")
	}
	w, h := mask.Cols(), mask.Rows()
	keep := func(c *component) bool {
		bw, bh := c.x1-c.x0+1, c.y1-c.y0+1
		if c.area < blobMinArea || float64(c.area)*scale*scale > maxArea {
			return false
		}
		if c.x0 == 0 || c.y0 == 0 || c.x1+1 >= w || c.y1+1 >= h {
			return false // cut by the image border: its centre is unreliable
		}
		// Cheap rejections before the moments.
		return bw <= 4*bh && bh <= 4*bw && c.area*3 >= bw*bh
	}
	cs, err := cc.components(mask, keep)
	if err != nil {
		return nil, err
	}
	var out []blob
	for i := range cs {
		c := &cs[i]
		x0, y0, area := c.x0, c.y0, c.area
		a := float64(area) * scale * scale
		// The sums are exact integers, as a float64 sum over the pixels
		// would be.
		sx, sy := float64(c.sx), float64(c.sy)
		sxx, syy, sxy := float64(c.sxx), float64(c.syy), float64(c.sxy)
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
			wide:  src == segWideLines || src == segGridLines,
			tint:  src == segAdaptCBright || src == segAdaptCDark,
		}
		if src == segLines && b.elong >= pairMinElong && b.elong <= pairMaxElong && b.fill >= pairMinFill && b.fill <= pairMaxFill {
			// Two touching square cells between grid lines (lit
			// pixel-art cells with no line between them): a blob for
			// each half too, along the major axis, a quarter of the
			// length off the centre.
			ex, ey := vxy, l1-vxx
			if math.Abs(ex)+math.Abs(ey) < 1e-9 {
				ex, ey = l1-vyy, vxy
			}
			q := math.Sqrt(12*l1) / 4 * scale / math.Hypot(ex, ey)
			for _, sg := range []float64{-1, 1} {
				half := b
				half.x += sg * q * ex
				half.y += sg * q * ey
				half.area = a / 2
				half.elong = 1
				out = append(out, half)
			}
		}
		if b.elong > blobMaxElong || b.fill < blobMinFill || b.fill > blobMaxFill {
			continue
		}
		out = append(out, b)
	}
	return out, nil
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
			wide, tint := b.wide || o.wide, b.tint || o.tint
			if math.Abs(o.fill-1) < math.Abs(b.fill-1) && o.elong <= b.elong {
				v := b.votes
				b = *o
				b.votes = v
			}
			b.wide, b.tint = wide, tint
		})
		out = append(out, b)
	}
	return out
}

// blobIndex finds blobs near a point through square buckets over the
// blobs' bounding box, laid out flat: bucket b holds the indices
// idx[start[b]:start[b+1]], in increasing order.
type blobIndex struct {
	bs     []blob
	cell   float64
	x0, y0 int // key of bucket 0
	gw, gh int // buckets across and down
	start  []int32
	idx    []int32
}

func newBlobIndex(bs []blob, cell float64) *blobIndex {
	x := &blobIndex{bs: bs, cell: cell}
	if len(bs) == 0 {
		return x
	}
	x0, y0 := x.key(bs[0].x, bs[0].y)
	x1, y1 := x0, y0
	for i := range bs {
		kx, ky := x.key(bs[i].x, bs[i].y)
		x0, y0, x1, y1 = min(x0, kx), min(y0, ky), max(x1, kx), max(y1, ky)
	}
	x.x0, x.y0, x.gw, x.gh = x0, y0, x1-x0+1, y1-y0+1
	// A counting sort by bucket, stable, so each bucket lists its
	// blobs in order.
	x.start = make([]int32, x.gw*x.gh+1)
	bucket := make([]int32, len(bs))
	for i := range bs {
		kx, ky := x.key(bs[i].x, bs[i].y)
		b := (ky-y0)*x.gw + kx - x0
		bucket[i] = int32(b)
		x.start[b+1]++
	}
	for b := 1; b < len(x.start); b++ {
		x.start[b] += x.start[b-1]
	}
	x.idx = make([]int32, len(bs))
	fill := append([]int32(nil), x.start[:len(x.start)-1]...)
	for i, b := range bucket {
		x.idx[fill[b]] = int32(i)
		fill[b]++
	}
	return x
}

func (x *blobIndex) key(px, py float64) (int, int) {
	return int(math.Floor(px / x.cell)), int(math.Floor(py / x.cell))
}

// near calls f for every blob within r of (px, py), bucket by bucket
// (rows of buckets top to bottom, each left to right), each bucket's in
// increasing index.
func (x *blobIndex) near(px, py, r float64, f func(i int)) {
	if x.gw == 0 {
		return
	}
	lx, ly := x.key(px-r, py-r)
	hx, hy := x.key(px+r, py+r)
	lx, ly = max(lx-x.x0, 0), max(ly-x.y0, 0)
	hx, hy = min(hx-x.x0, x.gw-1), min(hy-x.y0, x.gh-1)
	for gy := ly; gy <= hy; gy++ {
		for gx := lx; gx <= hx; gx++ {
			b := gy*x.gw + gx
			for _, i := range x.idx[x.start[b]:x.start[b+1]] {
				dx, dy := x.bs[i].x-px, x.bs[i].y-py
				if dx*dx+dy*dy <= r*r {
					f(int(i))
				}
			}
		}
	}
}
