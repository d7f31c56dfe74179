package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// A board whose cells touch (an all-lit screen, pixel art, flat cells
// parted by thin lines) is one large blob to the segmentations, and its
// cells none. Inside that blob the picture still repeats at the cells'
// pitch: splitBlobs finds the repeat by the autocorrelation of the
// blob's middle and lays a lattice of that pitch over the blob.

// Limits of splitBlobs.
const (
	// splitMinSide is the least side (work pixels) of a blob worth
	// looking into: two cells of at least splitMinPitch.
	splitMinSide  = 2 * splitMinPitch
	splitMinPitch = 8
	// splitTries is how many of the largest such blobs are looked into.
	splitTries = 4
	// patchN is the side of the square patch, resampled from the
	// blob's middle, whose autocorrelation is taken (a power of two).
	patchN = 64
	// patchShare is the share of the blob's side that the patch spans:
	// well inside the blob at up to 25° of rotation.
	patchShare = 0.7
	// minPeak is the least correlation of the lattice vectors' peaks,
	// relative to lag 0 (all three smoothed alike); peakShare how close
	// to the highest peak a peak must come to be taken as a lattice
	// vector.
	minPeak   = 0.5
	peakShare = 0.5
)

// splitBlobs returns hypotheses laid over the splitTries largest blobs
// that hold no hypothesis of hs already and whose middle repeats, in
// two directions, with a pitch that fits two to maxCells cells into
// them. Each hypothesis has a virtual blob at every lattice point
// (appended to f.bs, with its appearance measured) and is refined and
// scored like the rest; it is dropped when it goes on past the blob
// (continues) or, refined, rests mostly on blobs of hs.
func (f *finder) splitBlobs(hs []*hyp) []*hyp {
	if f.bgr == nil {
		return nil
	}
	var big []int
	for k := range f.bs {
		if f.bs[k].size() >= splitMinSide {
			big = append(big, k)
		}
	}
	sort.SliceStable(big, func(a, b int) bool { return f.bs[big[a]].area > f.bs[big[b]].area })
	owned := make([]bool, len(f.bs))
	for _, h := range hs {
		for _, k := range h.node {
			owned[k] = true
		}
	}
	// shared reports whether most blobs of h, once refined, are those
	// of a hypothesis already made (search drops these too).
	shared := func(h *hyp) bool {
		n := 0
		for _, k := range h.node {
			if k < len(owned) && owned[k] {
				n++
			}
		}
		return 2*n > len(h.node)
	}
	var out []*hyp
	tries := 0
	for _, k := range big {
		if tries == splitTries {
			break
		}
		if covered(f, k, hs) {
			continue
		}
		tries++
		b := f.bs[k]
		side := patchShare * b.size()
		p := f.patch(b.x, b.y, side)
		a1, a2, ok := patchLattice(p, side)
		// A lattice leaning more than shearSkew is staggered keys.
		if !ok || math.Abs(a1.x*a2.x+a1.y*a2.y)/(a1.len()*a2.len()) > math.Sin(shearSkew*math.Pi/180) {
			continue
		}
		pu, pv := cellPhase(p, side, a1, a2)
		// The blob's sides, from its area and elongation; a long blob
		// may lie along either lattice vector.
		l1, l2 := math.Sqrt(b.area*b.elong), math.Sqrt(b.area/b.elong)
		sides := [][2]float64{{l1, l2}}
		if b.elong > 1.15 {
			sides = append(sides, [2]float64{l2, l1})
		}
		for _, s := range sides {
			// A board ends at its edge: a lattice that goes on past the
			// blob is a pattern (keys, tiles) the blob is part of.
			if h := f.layLattice(b.x, b.y, a1, a2, pu, pv, s[0], s[1]); h != nil && f.refine(h) && !math.IsInf(h.score, -1) && h.cont == 0 && !shared(h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// covered reports whether a hypothesis of hs holds minNodes blobs
// within blob k: its cells were found, it needs no splitting (a case
// around found buttons is such a blob too).
func covered(f *finder, k int, hs []*hyp) bool {
	b := &f.bs[k]
	r := b.size() / 2
	for _, h := range hs {
		n := 0
		for _, o := range h.node {
			if math.Hypot(f.bs[o].x-b.x, f.bs[o].y-b.y) <= r {
				n++
			}
		}
		if n >= minNodes {
			return true
		}
	}
	return false
}

// layLattice returns a hypothesis of virtual blobs on the lattice of
// vectors a and b whose cell centres lie at (cx, cy) + (pu+i)a + (pv+j)b
// for whole i, j: as many cells along each vector as fit into la and
// lb, as near centred on (cx, cy) as the phase allows; nil when that is
// under 2 or over maxCells.
func (f *finder) layLattice(cx, cy float64, a, b vec, pu, pv, la, lb float64) *hyp {
	na, nb := int(math.Round(la/a.len())), int(math.Round(lb/b.len()))
	if na < 2 || nb < 2 || na > maxCells || nb > maxCells {
		return nil
	}
	// The first cell along each vector, so that the cells' mean lies
	// nearest the centre.
	u0 := pu + math.Round(-pu-float64(na-1)/2)
	v0 := pv + math.Round(-pv-float64(nb-1)/2)
	size := 0.8 * math.Min(a.len(), b.len())
	h := &hyp{node: map[[2]int]int{}}
	for i := 0; i < na; i++ {
		for j := 0; j < nb; j++ {
			p := vec{cx, cy}.add(a.mul(u0 + float64(i))).add(b.mul(v0 + float64(j)))
			if p.x < 0 || p.y < 0 || p.x >= float64(f.w) || p.y >= float64(f.h) {
				continue
			}
			v := blob{x: p.x, y: p.y, area: size * size, elong: 1, fill: 1, votes: 1, src: segSplit}
			appearance(f.bgr, f.w, f.h, &v)
			f.bs = append(f.bs, v)
			h.node[[2]int{i, j}] = len(f.bs) - 1
		}
	}
	f.idx = newBlobIndex(f.bs, 16)
	if len(h.node) < minNodes {
		return nil
	}
	return h
}

// patchLattice returns the two shortest independent vectors (work
// pixels) of the lattice that the autocorrelation of p, a patch of side
// s (f.patch), repeats on, and false when it does not repeat clearly or
// p is nil.
func patchLattice(p []float64, s float64) (vec, vec, bool) {
	if p == nil {
		return vec{}, vec{}, false
	}
	// Smoothed, so that texture finer than any cell (a screen's
	// pixels, sensor noise) leaves no peaks of its own.
	ac := boxSmooth(autocorr(p, patchN), patchN+1, 1)
	a, b, ok := latticePeaks(ac, patchN)
	if !ok {
		return vec{}, vec{}, false
	}
	k := s / patchN
	a, b = a.mul(k), b.mul(k)
	if math.Min(a.len(), b.len()) < splitMinPitch {
		return vec{}, vec{}, false
	}
	return a, b, true
}

// phaseBins is how many bins of a cell's width cellPhase folds the
// patch into along each lattice vector.
const phaseBins = 16

// cellPhase returns where, in cell units along a and b from the centre
// of p, the cells' centres lie (modulo 1), from p, a patch of side s
// (f.patch), folded onto one cell: the lines between cells are
// the narrow part of the fold that stands out most from its middle
// level (darker lines between lit cells, lighter gaps between dark
// ones), and the centres lie half a cell from them.
func cellPhase(p []float64, s float64, a, b vec) (float64, float64) {
	det := a.cross(b)
	if p == nil || det == 0 {
		return 0, 0
	}
	var sum [2][phaseBins]float64
	var cnt [2][phaseBins]int
	step := s / patchN
	for py := 0; py < patchN; py++ {
		for px := 0; px < patchN; px++ {
			d := vec{(float64(px)+0.5)*step - s/2, (float64(py)+0.5)*step - s/2}
			// d = u a + v b.
			uv := [2]float64{d.cross(b) / det, a.cross(d) / det}
			for k, c := range uv {
				bin := int((c - math.Floor(c)) * phaseBins)
				bin = min(bin, phaseBins-1)
				sum[k][bin] += p[py*patchN+px]
				cnt[k][bin]++
			}
		}
	}
	var ph [2]float64
	for k := range ph {
		prof := make([]float64, 0, phaseBins)
		for i := range sum[k] {
			if cnt[k][i] > 0 {
				prof = append(prof, sum[k][i]/float64(cnt[k][i]))
			} else {
				prof = append(prof, math.NaN())
			}
		}
		sorted := make([]float64, 0, phaseBins)
		for _, v := range prof {
			if !math.IsNaN(v) {
				sorted = append(sorted, v)
			}
		}
		if len(sorted) == 0 {
			continue
		}
		sort.Float64s(sorted)
		mid := sorted[len(sorted)/2]
		far, gap := -1.0, 0
		for i, v := range prof {
			if !math.IsNaN(v) && math.Abs(v-mid) > far {
				far, gap = math.Abs(v-mid), i
			}
		}
		ph[k] = math.Mod((float64(gap)+0.5)/phaseBins+0.5, 1)
	}
	return ph[0], ph[1]
}

// patch returns the grey levels of the square of side s centred on
// (cx, cy), patchN×patchN, each the mean of the work pixels in its
// box, or nil when the square leaves the image.
func (f *finder) patch(cx, cy, s float64) []float64 {
	x0, y0 := cx-s/2, cy-s/2
	if x0 < 0 || y0 < 0 || x0+s > float64(f.w) || y0+s > float64(f.h) {
		return nil
	}
	step := s / patchN
	k := max(1, int(step))
	p := make([]float64, patchN*patchN)
	for py := 0; py < patchN; py++ {
		for px := 0; px < patchN; px++ {
			sx, sy := int(x0+float64(px)*step), int(y0+float64(py)*step)
			var sum float64
			n := 0
			for y := sy; y < sy+k && y < f.h; y++ {
				for x := sx; x < sx+k && x < f.w; x++ {
					q := f.bgr[3*(y*f.w+x):]
					sum += 0.114*float64(q[0]) + 0.587*float64(q[1]) + 0.299*float64(q[2])
					n++
				}
			}
			p[py*patchN+px] = sum / float64(n)
		}
	}
	return p
}

// autocorr returns the autocorrelation of the n×n patch p (its mean
// removed), for lags -n/2..n/2 each way, as a (n+1)×(n+1) grid with lag
// (0, 0) in the middle, each lag divided by the number of pixel pairs
// it has and by the value at lag 0 (so 1 there); all zero when the
// patch is flat. It is the inverse DFT of the patch's power spectrum,
// zero-padded to 2n so that no lag wraps around.
func autocorr(p []float64, n int) []float64 {
	out := make([]float64, (n+1)*(n+1))
	var mean float64
	for _, v := range p {
		mean += v
	}
	mean /= float64(len(p))
	m := 2 * n
	g := gocv.Zeros(m, m, gocv.MatTypeCV64F)
	defer g.Close()
	gd, err := g.DataPtrFloat64()
	if err != nil {
		return out
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			gd[y*m+x] = p[y*n+x] - mean
		}
	}
	spec := gocv.NewMat()
	defer spec.Close()
	gocv.DFT(g, &spec, gocv.DftComplexOutput)
	sd, err := spec.DataPtrFloat64()
	if err != nil {
		return out
	}
	for i := 0; i+1 < len(sd); i += 2 { // |F|², interleaved re, im
		sd[i], sd[i+1] = sd[i]*sd[i]+sd[i+1]*sd[i+1], 0
	}
	acm := gocv.NewMat()
	defer acm.Close()
	gocv.DFT(spec, &acm, gocv.DftInverse|gocv.DftScale|gocv.DftRealOutput)
	ac, err := acm.DataPtrFloat64()
	if err != nil || len(ac) != m*m || ac[0] <= 0 {
		return out
	}
	zero := ac[0]
	h := n / 2
	for dy := -h; dy <= h; dy++ {
		for dx := -h; dx <= h; dx++ {
			v := ac[((dy+m)%m)*m+(dx+m)%m]
			pairs := float64((n - iabs(dx)) * (n - iabs(dy)))
			out[(dy+h)*(n+1)+dx+h] = v / pairs / (zero / float64(n*n))
		}
	}
	return out
}

// latticePeaks returns the two shortest independent lags at which the
// autocorrelation ac (from autocorr over an n-pixel patch, smoothed)
// has a local maximum within peakShare of the highest one and at least
// minPeak of lag 0, in reduced form, and false when there are no two
// such lags.
func latticePeaks(ac []float64, n int) (vec, vec, bool) {
	h := n / 2
	w := n + 1
	type peak struct {
		v   vec
		val float64
	}
	var ps []peak
	best := 0.0
	floor := minPeak * ac[h*w+h]
	for dy := -h + 1; dy < h; dy++ {
		for dx := -h + 1; dx < h; dx++ {
			if dx*dx+dy*dy < 9 {
				continue
			}
			c := ac[(dy+h)*w+dx+h]
			if c < floor {
				continue
			}
			local := true
			for ey := -1; ey <= 1 && local; ey++ {
				for ex := -1; ex <= 1; ex++ {
					if (ex != 0 || ey != 0) && ac[(dy+ey+h)*w+dx+ex+h] > c {
						local = false
						break
					}
				}
			}
			if local {
				ps = append(ps, peak{vec{float64(dx), float64(dy)}, c})
				best = math.Max(best, c)
			}
		}
	}
	var strong []vec
	for _, p := range ps {
		if p.val >= peakShare*best {
			strong = append(strong, p.v)
		}
	}
	sort.SliceStable(strong, func(a, b int) bool { return strong[a].len() < strong[b].len() })
	if len(strong) < 2 {
		return vec{}, vec{}, false
	}
	a := strong[0]
	for _, b := range strong[1:] {
		if math.Abs(a.cross(b))/(a.len()*b.len()) >= 0.5 {
			a, b = reduceBasis(a, b)
			// Halfway to a peak the correlation is low for a lattice
			// of cells and high for one of lines (a ridge runs along
			// each line), but the same both ways: lines one way only
			// (text, stripes) have a ridge along them and troughs
			// across, and a second "vector" that is noise on the ridge.
			at := func(v vec) float64 {
				x, y := int(math.Round(v.x/2)), int(math.Round(v.y/2))
				return ac[(y+h)*w+x+h]
			}
			if (at(a) < floor) != (at(b) < floor) {
				return vec{}, vec{}, false
			}
			return a, b, true
		}
	}
	return vec{}, vec{}, false
}

// boxSmooth returns the w×w grid g averaged over boxes of side 2r+1
// (OpenCV's blur; the border reflected).
func boxSmooth(g []float64, w, r int) []float64 {
	out := make([]float64, len(g))
	src := gocv.NewMatWithSize(w, w, gocv.MatTypeCV64F)
	defer src.Close()
	sd, err := src.DataPtrFloat64()
	if err != nil {
		return out
	}
	copy(sd, g)
	dst := gocv.NewMat()
	defer dst.Close()
	gocv.Blur(src, &dst, image.Pt(2*r+1, 2*r+1))
	if d, err := dst.DataPtrFloat64(); err == nil {
		copy(out, d)
	}
	return out
}
