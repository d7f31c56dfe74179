package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"gocv.io/x/gocv"

	"lightsout/solver"
)

// Cell geometry on the rectified board, in fractions of the cell pitch.
const (
	// rectMargin is how much around the grid the rectified board keeps
	// on each side, in cells: one ring of would-be cells, measured to
	// check that the grid has no lit buttons outside it.
	rectMargin = 1
	// centreRadius is the half side of the square measured at the centre
	// of each cell: small enough to stay inside round buttons that fill
	// only half of a widely spaced lattice.
	centreRadius = 0.2
	// rimInner is where a cell's rim starts (Chebyshev distance from the
	// centre); the rim holds the gaps between cells and the button edges.
	rimInner = 0.42
	// ringInner and ringOuter bound the ring around the centre square
	// that is checked against it: a cursor or a glare spot covering the
	// centre rarely covers the ring too.
	ringInner = 0.24
	ringOuter = 0.36
	// minCellPx and maxCellPx bound the rectified cell size: a cell is
	// rectified at about its size in the photo, never finer than
	// maxCellPx (robust statistics need no more) nor coarser than minCellPx.
	minCellPx = 12
	maxCellPx = 40
)

// Thresholds of the classifier (see doc.go, "Confidence").
const (
	// UncertainBelow is the per-cell confidence under which a cell is
	// listed by Reading.Uncertain.
	UncertainBelow = 0.5
	// unsureSizeCap caps every confidence on a board of fewer than
	// smallBoard cells, and Reading.MinConfidence when the size is not
	// sure.
	unsureSizeCap = 0.45
	// minSeparation is the separation (distance between the two groups
	// over their pooled spread) under which the scores are treated as one
	// group: an all-off or all-on board.
	minSeparation = 4.0
	// noiseFloor is the smallest spread assumed for a group of cells, in
	// score units, so that flat synthetic boards do not look infinitely sure.
	noiseFloor = 0.03
	// minScoreGap is the smallest distance between the lit and unlit
	// groups, in litScore units, that a board's split may have: less is
	// a visible but not a lit/unlit difference (a tint, a gradient).
	// Boards of fewer than smallBoard cells, whose split rests on a
	// handful of samples, need minSmallGap.
	minScoreGap = 0.25
	minSmallGap = 0.6
	// loneGap is the group distance under which one or two odd cells are in
	// doubt (a factor of e^1.25 ≈ 3.5 in brightness): a cursor over one
	// cell of a small all-off board differs by less.
	loneGap    = 2.5
	smallBoard = 9
)

// minGap is the smallest group distance accepted on a board of n cells
// whose smaller group has k cells: a lone odd cell, like a small board,
// needs a clearer difference.
func minGap(n, k int) float64 {
	if n < smallBoard || k < 2 {
		return minSmallGap
	}
	return minScoreGap
}

// cellStats are the measurements of one cell of the rectified board.
// Brightness is V = max(R, G, B); "log" means log(V+4) so that ratios,
// not absolute levels, count.
type cellStats struct {
	v      float64 // median log V of the centre square
	s      float64 // mean saturation of the centre, (max-min)/(max+16)
	spread float64 // log V, 75th minus 25th percentile, in the centre
	rim    float64 // median log V of the rim (gaps, case, button edges)
	rimS   float64 // mean saturation of the rim, as s
	ring   float64 // median log V of the ring around the centre square
	// peak is the 90th percentile of log V over the button's footprint
	// (everything inside the rim) and peakS the mean saturation of the
	// pixels at or above it: a lit ring around a dark cap, or a lit
	// button under a cursor, still shows there.
	peak, peakS float64
	// ca and cb are the mean chroma of the centre, red against green
	// and yellow against blue, in saturation's units: (0, 0) is grey.
	ca, cb float64
	// kc is the mean chroma of the centre and kr that of the rest of
	// the footprint, in absolute units (channel differences over 255,
	// red against green and yellow against blue), over the pixels below
	// clipping only; kcOK and krOK report that at least a third of the
	// region's pixels are below it. White light added to a cell (glare,
	// a light cast) leaves absolute chroma as it is, where it greys ca
	// and cb; a clipped pixel has lost its chroma.
	kc, kr     [2]float64
	kcOK, krOK bool
	// prof is the median log V of each annulus around the cell's
	// centre, annulus k holding the pixels at Euclidean distance
	// k/(2·profBins) to (k+1)/(2·profBins) of the pitch (NaN when
	// empty); halo is how far its brightest annulus between the centre
	// and the outermost lies above both the centre (v) and the
	// outermost annulus: a lit ring around a cap stands out so, a cap
	// or a glowing disc does not.
	prof [profBins]float64
	halo float64
}

// profBins is the number of annuli of cellStats.prof.
const profBins = 8

// verdict is the classifier's answer for one board hypothesis.
type verdict struct {
	lit  [][]bool
	conf [][]float64
	// separation is the distance between the lit and unlit groups over
	// their pooled spread (0 for a one-group board); the reader keeps
	// the hypothesis with the clearest split.
	separation float64
	// oneGroup reports that the board was judged all-off or all-on.
	oneGroup bool
	// spot reports that the board was split on the cells' very centres
	// (spotScore), which the cell model does not see.
	spot bool
	// lightScreen reports that the cross-check turned the reading round
	// for coloured lights darker than pale unlit cells ("greyer"): the
	// cell model, which learned lights brighter than their neighbours,
	// would turn them back.
	lightScreen bool
	// ink reports dark marks on a pale panel (inkMarks), which may be
	// the lights: the cell model would read them by brightness.
	ink bool
	// why counts, by reason, the cells whose confidence a check pulled
	// below UncertainBelow (for the debug image and tuning).
	why map[string]int
	// covered holds the cells (row-major) that a pointer or a glare
	// spot may cover (oddLitInLine): the cell model, which knows
	// neither, leaves them as the rules read them.
	covered map[int]bool
	// score is the score the board was split on.
	score func(cellStats) float64
	// litLow, for a two-group board, is the lowest score that still
	// looks like the lit group.
	litLow *float64
	// unlitMean and unlitBand, for a two-group board, are the unlit
	// group's score and how far from it a score still looks unlit.
	unlitMean, unlitBand float64
	// outside holds the cells of the ring just outside the grid, as
	// [row, col] of measure's grid with its ring (the grid's own cells
	// from 1 to rows and cols), that look like the board's lit buttons,
	// in the colour of one of them.
	outside [][2]int
	// extentDoubt reports evidence that the grid's extent may be wrong
	// (a lit-looking button just outside it, a phantom or missed edge
	// line, a background pattern, a board of a few cells); Read then
	// marks the size unsure. It lowers no cell's confidence.
	extentDoubt bool
	// gap is the distance between the two groups' medians in litScore
	// units (0 when the scores are all equal).
	gap float64
}

// rectify warps the grid region of img to a board image of
// (cols+2m)·px × (rows+2m)·px, cell (r, c) occupying the square at
// ((c+m)·px, (r+m)·px) with m = rectMargin. h maps board cell units to
// image pixels (Reading.H).
func rectify(img gocv.Mat, h [9]float64, rows, cols, px int) gocv.Mat {
	return rectifyMargin(img, h, rows, cols, px, rectMargin)
}

// rectifyMargin is rectify with m = margin cells around the grid.
func rectifyMargin(img gocv.Mat, h [9]float64, rows, cols, px int, margin float64) gocv.Mat {
	// dst (x, y) -> board (x/px - m, y/px - m) -> image through h.
	s := 1 / float64(px)
	t := [9]float64{s, 0, -margin, 0, s, -margin, 0, 0, 1}
	m := mul3(h, t)
	mm := homographyMat(m)
	defer mm.Close()
	size := image.Pt(int(math.Round((float64(cols)+2*margin)*float64(px))),
		int(math.Round((float64(rows)+2*margin)*float64(px))))
	dst := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(img, &dst, mm, size,
		gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, color.RGBA{})
	return dst
}

// rectifyGrey is rectifyMargin in grey; false when the rectified grid is
// empty or img is not 8-bit BGR. The caller closes the Mat either way.
func rectifyGrey(img gocv.Mat, h [9]float64, rows, cols, px int, margin float64) (gocv.Mat, bool) {
	warp := rectifyMargin(img, h, rows, cols, px, margin)
	defer warp.Close()
	grey := gocv.NewMat()
	if warp.Empty() || warp.Type() != gocv.MatTypeCV8UC3 {
		return grey, false
	}
	gocv.CvtColor(warp, &grey, gocv.ColorBGRToGray)
	return grey, true
}

// homographyMat returns the row-major 3×3 matrix h as a CV_64F Mat for
// WarpPerspective; the caller closes it.
func homographyMat(h [9]float64) gocv.Mat {
	mm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	for i := 0; i < 9; i++ {
		mm.SetDoubleAt(i/3, i%3, h[i])
	}
	return mm
}

// cellPixels picks the rectified cell size: about the cell's size in the
// photo, measured at the board centre, clamped to [minCellPx, maxCellPx].
func cellPixels(h [9]float64, rows, cols int) int {
	hr := &Reading{H: h}
	u, v := float64(cols)/2, float64(rows)/2
	p := hr.Project(u, v)
	dx := hr.Project(u+1, v)
	dy := hr.Project(u, v+1)
	d := math.Min(math.Hypot(dx.X-p.X, dx.Y-p.Y), math.Hypot(dy.X-p.X, dy.Y-p.Y))
	if math.IsNaN(d) {
		return minCellPx
	}
	return int(math.Max(minCellPx, math.Min(maxCellPx, math.Round(d))))
}

// measure computes the statistics of every cell of a rectified BGR board
// and of the ring of would-be cells around it: the result has rows+2
// rows and cols+2 columns, cell (r, c) of the board at [r+1][c+1].
func measure(board gocv.Mat, rows, cols, px int) ([][]cellStats, error) {
	if board.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("rectified board has type %v, want 8-bit BGR", board.Type())
	}
	data, err := board.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("rectified board: %w", err)
	}
	w := board.Cols()
	off := (rectMargin - 1) * float64(px)
	geo := cellGeometry(px)
	var logV [256]float64 // log(V+4) of each 8-bit V
	for v := range logV {
		logV[v] = math.Log(float64(v) + 4)
	}
	stats := make([][]cellStats, rows+2)
	// The V of each region's pixels, and their log(V+4) once sorted.
	var centreHi, rimHi, ringHi []uint8
	var centreV, rimV, ringV, profLog []float64
	var centreS []float64
	var foot footprint
	var profHi [profBins][]uint8
	for r := 0; r < rows+2; r++ {
		stats[r] = make([]cellStats, cols+2)
		for c := 0; c < cols+2; c++ {
			centreHi, centreS, rimHi, ringHi = centreHi[:0], centreS[:0], rimHi[:0], ringHi[:0]
			var ca, cb float64
			var rimS float64 // the sum of the rim's saturations
			var kc, kr chromaSum
			foot = footprint{}
			for k := range profHi {
				profHi[k] = profHi[k][:0]
			}
			// off is a whole number of pixels, so the cell starts on a
			// pixel: x0 and y0 are whole.
			x0 := int(off + float64(c*px))
			y0 := int(off + float64(r*px))
			for y := y0; y < y0+px && y < board.Rows(); y++ {
				row := geo[(y-y0)*px:]
				for x := x0; x < x0+px && x < w; x++ {
					g := &row[x-x0]
					if g.role == roleOut {
						continue
					}
					i := 3 * (y*w + x)
					b, gr, rr := float64(data[i]), float64(data[i+1]), float64(data[i+2])
					hi := math.Max(rr, math.Max(gr, b))
					lo := math.Min(rr, math.Min(gr, b))
					if g.bin >= 0 {
						profHi[g.bin] = append(profHi[g.bin], uint8(hi))
					}
					if g.foot {
						foot.add(int(hi), (hi-lo)/(hi+16))
						if g.role == roleCentre {
							kc.add(rr, gr, b, hi)
						} else {
							kr.add(rr, gr, b, hi)
						}
					}
					switch g.role {
					case roleCentre:
						centreHi = append(centreHi, uint8(hi))
						centreS = append(centreS, (hi-lo)/(hi+16))
						ca += (rr - gr) / (hi + 16)
						cb += (rr + gr - 2*b) / 2 / (hi + 16)
					case roleRing:
						ringHi = append(ringHi, uint8(hi))
					case roleRim:
						rimHi = append(rimHi, uint8(hi))
						rimS += (hi - lo) / (hi + 16)
					}
				}
			}
			if len(centreHi) == 0 || len(rimHi) == 0 || len(ringHi) == 0 {
				return nil, fmt.Errorf("cell (%d, %d) has no pixels at %d px", r, c, px)
			}
			peak, peakS := foot.peak()
			var prof [profBins]float64
			for k, hs := range profHi {
				prof[k] = math.NaN()
				if len(hs) > 0 {
					profLog = sortedLog(profLog, hs, &logV)
					prof[k] = sortedQuantile(profLog, 0.5)
				}
			}
			centreV = sortedLog(centreV, centreHi, &logV)
			rimV = sortedLog(rimV, rimHi, &logV)
			ringV = sortedLog(ringV, ringHi, &logV)
			stats[r][c] = cellStats{
				v:      sortedQuantile(centreV, 0.5),
				s:      average(centreS),
				spread: sortedQuantile(centreV, 0.75) - sortedQuantile(centreV, 0.25),
				rim:    sortedQuantile(rimV, 0.5),
				rimS:   rimS / float64(len(rimHi)),
				ring:   sortedQuantile(ringV, 0.5),
				peak:   peak,
				peakS:  peakS,
				ca:     ca / float64(len(centreV)),
				cb:     cb / float64(len(centreV)),
				kc:     kc.mean(),
				kcOK:   kc.ok(),
				kr:     kr.mean(),
				krOK:   kr.ok(),
				prof:   prof,
			}
			stats[r][c].halo = halo(stats[r][c])
		}
	}
	return stats, nil
}

// sortedLog returns log(V+4) (from logV) of the 8-bit values hs in
// increasing order, in buf: counting the 256 values sorts them, and log
// is increasing.
func sortedLog(buf []float64, hs []uint8, logV *[256]float64) []float64 {
	var n [256]int32
	for _, h := range hs {
		n[h]++
	}
	buf = buf[:0]
	for v, k := range n {
		for ; k > 0; k-- {
			buf = append(buf, logV[v])
		}
	}
	return buf
}

// Roles of a cell's pixel in measure's statistics, by its Chebyshev
// distance d from the cell's centre in pitches.
const (
	roleNone   = iota // between the centre and rimInner, outside the ring: footprint only
	roleCentre        // d <= centreRadius
	roleRing          // ringInner <= d <= ringOuter
	roleRim           // the rest of the cell
	roleOut           // d > 0.5: outside the cell
)

// pixelGeometry is where one pixel of a cell lies: its role, whether it
// is in the footprint (d < rimInner), and its annulus of cellStats.prof
// (-1 when beyond the last).
type pixelGeometry struct {
	role uint8
	foot bool
	bin  int8
}

// cellGeometry returns the geometry of the px×px pixels of a cell, row
// by row. It depends only on a pixel's offset in its cell, so measure
// finds it once for all cells.
func cellGeometry(px int) []pixelGeometry {
	geo := make([]pixelGeometry, px*px)
	for dy := 0; dy < px; dy++ {
		fy := (float64(dy)+0.5)/float64(px) - 0.5
		for dx := 0; dx < px; dx++ {
			fx := (float64(dx)+0.5)/float64(px) - 0.5
			d := math.Max(math.Abs(fx), math.Abs(fy))
			inRing := d >= ringInner && d <= ringOuter
			g := pixelGeometry{role: roleOut, bin: -1}
			if d <= 0.5 {
				if k := int(2 * profBins * math.Hypot(fx, fy)); k < profBins {
					g.bin = int8(k)
				}
				g.foot = d < rimInner
				switch {
				case d > centreRadius && d < rimInner && !inRing:
					g.role = roleNone
				case d <= centreRadius:
					g.role = roleCentre
				case inRing:
					g.role = roleRing
				default:
					g.role = roleRim
				}
			}
			geo[dy*px+dx] = g
		}
	}
	return geo
}

// halo is how far the brightest annulus of st.prof, from an eighth of
// the pitch out and inside the outermost annulus, lies above both the
// centre's median and the outermost annulus (negative when none does, 0
// when the annuli are empty).
func halo(st cellStats) float64 {
	best := math.Inf(-1)
	for k := profBins / 4; k < profBins-1; k++ {
		if !math.IsNaN(st.prof[k]) {
			best = math.Max(best, math.Min(st.prof[k]-st.v, st.prof[k]-st.prof[profBins-1]))
		}
	}
	if math.IsInf(best, -1) || math.IsNaN(best) {
		return 0
	}
	return best
}

// minHalo is the median halo (log V) from which a group of cells shows
// lit rings.
const minHalo = 0.12

// capsAlike reports whether the centres of the cells that the centres
// read lit and ring does not (or, when there are none, of all the cells
// ring reads unlit) are no more coloured than the ringed cells' by
// minSGap: the caps of ring buttons are alike, lit or not. Centres
// clearly more coloured are lights glowing at their centres, and the
// rings around the others dark caps in bright bezels or the glow of
// those lights around their neighbours.
func capsAlike(stats [][]cellStats, ring, lit []bool) bool {
	cols := len(stats[0])
	var rung, others, rest []cellStats
	for i, on := range ring {
		st := stats[i/cols][i%cols]
		switch {
		case on:
			rung = append(rung, st)
		case lit[i]:
			others = append(others, st)
			rest = append(rest, st)
		default:
			rest = append(rest, st)
		}
	}
	if len(others) == 0 {
		others = rest
	}
	return medianOf(others, cellS) < medianOf(rung, cellS)+minSGap
}

// ringSplit splits the board on halo, the upper group lit: lit rings
// around caps stand out from both the cap and the case around them,
// where an unlit button's profile falls from its centre out (a bright
// cap) or rises to the case (a dark cap on a light case). The split is
// clear when the groups are apart (as decide's), the upper group's halo
// is at least minHalo and the lower's under half of it, and the upper
// group is brighter than the lower in an annulus where its rings stand
// out: a lit ring adds light there, a bright bezel around a dark unlit
// cap does not (a lit button's bezel is as bright). Groups of three
// cells or more that leave half the halos' range empty between them,
// the lower group flat (a quarter of the upper's halo at most), need
// only two thirds of minHalo and half the separation: soft rings on a
// blurred panel (fresh render 105741, halos 0.09 to 0.14 against 0.01).
// It returns the lit cells and the least halo that counts as a ring.
func ringSplit(stats [][]cellStats) ([]bool, float64, bool) {
	xs := cellScores(stats, func(s cellStats) float64 { return s.halo / vScale })
	t, lo, hi, sep, ok := otsuSplit(xs, stats)
	if !ok {
		return nil, 0, false
	}
	floor, need := minHalo, minSeparation
	if min(lo.n, hi.n) >= 3 && emptyGap(xs, t) >= 0.5 && lo.mean <= hi.mean/4 {
		// Faint rings, but groups of several cells far apart and the
		// others flat: soft glows around the caps.
		floor, need = minHalo*2/3, minSeparation/2
	}
	if hi.n < 2 || sep < need || hi.mean < floor/vScale || lo.mean > hi.mean/2 {
		return nil, 0, false
	}
	g := groups(stats, above(xs, t))
	brighter := false
	for k := profBins / 4; k < profBins-1 && !brighter; k++ {
		at := func(s cellStats) float64 { return s.prof[k] }
		stand := func(s cellStats) float64 { return math.Min(s.prof[k]-s.v, s.prof[k]-s.prof[profBins-1]) }
		brighter = medianOf(g[1], stand) > 0 && medianOf(g[1], at)-medianOf(g[0], at) >= minVGap/2
	}
	if !brighter {
		return nil, 0, false
	}
	lit := make([]bool, len(xs))
	for i, x := range xs {
		lit[i] = x > t
	}
	return lit, floor, true
}

// chromaSum sums the absolute chroma of a region's pixels below
// clipping.
type chromaSum struct {
	a, b     float64
	n, total int
}

// clipLevel is the channel level from which a pixel counts as clipped.
const clipLevel = 250

func (c *chromaSum) add(r, g, b, hi float64) {
	c.total++
	if hi >= clipLevel {
		return
	}
	c.n++
	c.a += r - g
	c.b += (r + g - 2*b) / 2
}

func (c *chromaSum) mean() [2]float64 {
	if c.n == 0 {
		return [2]float64{}
	}
	return [2]float64{c.a / 255 / float64(c.n), c.b / 255 / float64(c.n)}
}

func (c *chromaSum) ok() bool { return 3*c.n >= c.total && c.n > 0 }

// footprint histograms a button's footprint by V = max(R, G, B), with
// the saturation summed per level, so that its peak costs no sort.
type footprint struct {
	n    [256]int
	sumS [256]float64
}

func (f *footprint) add(v int, s float64) {
	f.n[v]++
	f.sumS[v] += s
}

// peak returns log(V+4) at the footprint's 90th percentile of V and the
// mean saturation of the pixels at or above it (0, 0 when empty).
func (f *footprint) peak() (float64, float64) {
	total := 0
	for _, k := range f.n {
		total += k
	}
	if total == 0 {
		return 0, 0
	}
	// Count down from the top until a tenth of the pixels is reached.
	want := (total + 9) / 10
	k, sum := 0, 0.0
	v := 255
	for ; v > 0; v-- {
		k += f.n[v]
		sum += f.sumS[v]
		if k >= want {
			break
		}
	}
	return math.Log(float64(v) + 4), sum / float64(k)
}

// classify reads every cell of the board that h maps into img. Work
// that does not depend on other work runs on other goroutines unless
// workers is 1; the verdict is the same either way.
func classify(img gocv.Mat, h [9]float64, rows, cols, workers int, dbg *debugger) (*verdict, error) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("classify: want a non-empty 8-bit BGR image")
	}
	px := cellPixels(h, rows, cols)
	board := rectify(img, h, rows, cols, px)
	defer board.Close()
	if board.Empty() {
		return nil, fmt.Errorf("classify: rectifying the board failed")
	}
	// The cells' pixels in Lab (for occluded and uncover) need only
	// the board: they are read while the cells are measured and judged.
	var cells [][][3]float64
	var labErr error
	labDone := make(chan struct{})
	readLab := func() {
		defer close(labDone)
		cells, labErr = cellLab(board, rows, cols, px)
	}
	if workers == 1 {
		readLab()
	} else {
		go readLab()
	}
	defer func() { <-labDone }() // before the board closes
	ext, err := measure(board, rows, cols, px)
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	v := firstRules(img, h, ext)
	secondOpinion(v, ext)
	if <-labDone; labErr == nil {
		lc := &lookCache{workers: workers}
		occluded(cells, px, v, lc)
		uncover(cells, px, v, lc)
	}
	if stats := inner(ext); !v.oneGroup {
		glareSpots(stats, v)
		if !v.oneGroup { // glareSpots may have read the board as one group
			litUnderGlare(stats, v)
		}
	}
	// Two groups that may be read the wrong way round: every cell in
	// doubt, the reading kept.
	for _, d := range []struct {
		why   string
		holds func(ext [][]cellStats, lit [][]bool) bool
	}{
		{"hueonly", hueOnly}, {"centreglow", unlitCentresGlow}, {"paper", litPaper}, {"marked", markedPaper},
	} {
		if !v.oneGroup && d.holds(ext, v.lit) {
			v.capConf(crossCap)
			v.why[d.why] = rows * cols
		}
	}
	if !v.oneGroup && v.why["panel"] == 0 && litLikeGaps(ext, v.lit) {
		// Which group is lit is a convention the photo does not
		// settle. Keep the reading, in doubt, unless the cells read lit
		// are a plain panel that no light brightens (lcdLike): an
		// LCD's empty cells beside the segments it turns dark.
		if lcdLike(ext, v.lit) {
			v.turnRound()
			v.why["lcd"] = rows * cols
		}
		v.capConf(crossCap)
		v.why["gaplike"] = rows * cols
	}
	if dbg.enabled() {
		drawVerdict(dbg, board, v, px)
		dbg.writeText("cells", verdictText(v, inner(ext)))
	}
	return v, nil
}

// verdictText lists the checks that put cells in doubt and, cell by
// cell, the verdict beside the measures it rests on, for --debug.
func verdictText(v *verdict, stats [][]cellStats) string {
	var b strings.Builder
	var reasons []string
	for k, n := range v.why {
		reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(reasons)
	fmt.Fprintf(&b, "one group: %v\nsize in doubt: %v\nchecks that fired (cells): %s\n\n",
		v.oneGroup, v.extentDoubt, strings.Join(reasons, ", "))
	fmt.Fprintf(&b, "cells named as the board prints them; lit # or unlit .\n")
	fmt.Fprintf(&b, "cell  lit  conf      v     s   rim  ring  peak peakS  halo spread\n")
	for r, row := range stats {
		for c, st := range row {
			mark := "."
			if v.lit[r][c] {
				mark = "#"
			}
			fmt.Fprintf(&b, "%-5s %-4s %4.2f  %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f\n",
				solver.CellName(r, c), mark, v.conf[r][c], st.v, st.s, st.rim, st.ring, st.peak, st.peakS, st.halo, st.spread)
		}
	}
	return b.String()
}

// firstRules judges the board measured in ext (as measure gives it, with
// its ring) by the rules that come before the cell model's second
// opinion: the split, a shadow's edge, the cells around the grid, and
// the checks that doubt or turn the whole board. img and h are the
// photo and the grid, for the photo around the board.
func firstRules(img gocv.Mat, h [9]float64, ext [][]cellStats) *verdict {
	rows, cols := len(ext)-2, len(ext[0])-2
	v := decideBoard(ext)
	if v.why["shadow"] == 0 && rows*cols >= smallBoard {
		// A shadow's edge across the board (not one that decide already
		// took for the whole board's split, nor on a board of a few
		// cells): read it again as if evenly lit. When that reads
		// otherwise, it is kept, every cell in doubt.
		v, ext = shadowReread(v, ext)
	}
	stats := inner(ext)
	if v.oneGroup && len(v.why) == 0 && v.lit[0][0] && clippedAround(img, h, rows, cols) {
		// A plain all-on board: every centre clipped in colour. That
		// says lit only where the photo around the board is not
		// clipped in colour too; an exposure that clips a coloured
		// desk clips pale coloured caps as well.
		v.capConf(crossCap)
		v.why["clippedaround"] = rows * cols
	}
	if v.litLow != nil {
		// A lit button stands out from its own rim as the board's lit
		// buttons do; a bright case or background does not.
		var rise, sat []float64
		for r := range stats {
			for c, st := range stats[r] {
				if v.lit[r][c] {
					rise = append(rise, st.v-st.rim)
					sat = append(sat, st.s)
				}
			}
		}
		sort.Float64s(rise)
		sort.Float64s(sat)
		litRise := sortedQuantile(rise, 0.5)
		litSat := sortedQuantile(sat, 0.5)
		for r := range ext {
			for c, st := range ext[r] {
				inside := r > 0 && r <= rows && c > 0 && c <= cols
				if !inside && litRise > 0.1 && v.score(st) >= *v.litLow && st.v-st.rim >= litRise/2 && math.Abs(st.s-litSat) < minSGap {
					v.extentDoubt = true
					v.why["outside"] = rows * cols
					if litHued(stats, v.lit, st) {
						v.outside = append(v.outside, [2]int{r, c})
					}
				}
			}
		}
		if missedUnlitLine(ext, stats, v) {
			v.why["unlitline"] = rows * cols
			v.extentDoubt = true
		}
	}
	if rows*cols < smallBoard {
		// A board of a few cells: the grid finder has little to go on
		// (a missed or extra row is a third of the board), and the
		// split rests on a handful of samples: every light is in doubt.
		v.extentDoubt = true
		v.why["small"] = rows * cols
		v.capConf(unsureSizeCap)
	}
	if !v.oneGroup {
		if n := fallenLight(stats, v.lit, v.conf); n > 0 {
			v.why["fallen"] = n
		}
	}
	if !v.oneGroup && halfPlane(v.lit) {
		// The lit cells lie on one side of a straight line and the unlit
		// ones on the other: the edge of a shadow or of a patch of light
		// looks like that far more often than a game position does.
		v.capConf(crossCap)
		v.why["halfplane"] = rows * cols
	} else if !v.oneGroup && nearHalfPlane(v.lit) {
		// So do they but for a few cells: the lights on the shadow's
		// side of its edge.
		v.capConf(crossCap)
		v.why["nearhalfplane"] = rows * cols
	}
	if !v.oneGroup && flatCells(stats, v.lit) {
		// Neither group differs from its rim: tiles of a pattern, not
		// buttons with gaps between them.
		v.why["flat"] = rows * cols
		v.extentDoubt = true
	}
	if !v.oneGroup && phantomEdge(stats, v.lit) {
		v.why["edge"] = rows * cols
		v.extentDoubt = true
	}
	if !v.oneGroup && panelLit(ext, v.lit) {
		// The cells read lit look like the screen around the board,
		// the others do not: a light theme's empty cells beside its
		// coloured lights. Read it the other way round, in doubt.
		v.turnRound()
		v.capConf(crossCap)
		v.why["panel"] = rows * cols
	}
	return v
}

// gapLikeDarkS bounds the median saturation of litLikeGaps' darker
// group: a tinted LCD's dark segments show 0.2 to 0.27 (render-third
// 190000 photo 186), dark pixels' saturation being noisy.
const gapLikeDarkS = 0.3

// litLikeGaps reports whether the cells read lit are as bright as the
// gaps between the cells (the median of the cells' rims), within
// minVGap above and 3·minVGap below, while the cells read unlit lie
// minVGap or more below the gaps and below the lit ones, both groups
// grey (median saturation under plainGreyS, and under gapLikeDarkS for
// the darker). One cell is a group here: an LCD with one segment dark,
// or one empty, is no rarer than any other (render-third 210000 to
// 270000 held ten read inverted, one of them with no doubt). The cells
// read lit then show the panel itself: an LCD's empty cells beside the
// segments it turns dark, which are its lights (render-third 190000, photos 186 and
// 196, read inverted with no doubt; 180000 photo 136, whose empty cells
// lie 0.12 below the panel), or white buttons that do not outshine a
// white case. Lights well below the gaps are a light screen's coloured
// cells (panelLit).
func litLikeGaps(ext [][]cellStats, lit [][]bool) bool {
	in := inner(ext)
	g := groups(in, litGridAt(lit))
	if len(g[0]) == 0 || len(g[1]) == 0 {
		return false
	}
	ds, ls := medianOf(g[0], cellS), medianOf(g[1], cellS)
	grey := ds < gapLikeDarkS && ls < plainGreyS
	all := cellsOf(in)
	gapS := medianOf(all, func(s cellStats) float64 { return s.rimS })
	tinted := math.Max(ds, ls) < tintedPanelS && (ls <= ds+tintedSGap || math.Abs(ls-gapS) <= tintedSGap)
	if !grey && !tinted {
		return false
	}
	gap := medianOf(all, cellRim)
	lv := medianOf(g[1], cellV)
	uv := medianOf(g[0], cellV)
	return lv-gap < minVGap && lv-gap > -3*minVGap && uv <= gap-minVGap && lv >= uv+minVGap
}

// bothGroups returns the unlit and lit cells of stats as lit reads
// them, and whether each group holds 3 cells or more: fewer are a
// cursor or glare, not a group to judge by.
func bothGroups(stats [][]cellStats, lit [][]bool) ([2][]cellStats, bool) {
	g := groups(stats, litGridAt(lit))
	return g, len(g[0]) >= 3 && len(g[1]) >= 3
}

// hueOnly reports whether the two groups of a board (ext as measure
// gives it) differ in hue alone: alike in brightness and in saturation,
// both coloured. A light adds brightness or colour; two colours of one
// brightness (pegs, tokens, an app's two tile colours) leave which is
// lit to a convention the photo does not show.
func hueOnly(ext [][]cellStats, lit [][]bool) bool {
	g, ok := bothGroups(inner(ext), lit)
	if !ok {
		return false
	}
	return math.Abs(medianOf(g[1], cellV)-medianOf(g[0], cellV)) < hueOnlyV &&
		math.Min(medianOf(g[0], cellS), medianOf(g[1], cellS)) >= hueOnlyS &&
		math.Abs(medianOf(g[1], cellS)-medianOf(g[0], cellS)) < hueOnlySGap &&
		hueGap(g[0], g[1]) >= hueOnlyGap
}

// unlitCentresGlow reports whether the centres of the cells read unlit stand
// above the ring around them by centreGlowRise or more (log V, medians), as a
// light's glow falls off from its centre, while those of the cells read
// lit stand no higher than theirs, and the lit group is less than
// centreGlowGap brighter: dim grey-blue lights beside tan caps 0.23
// brighter in a warm daylight (boardgen 113476, read the other way
// round with no doubt). A group far brighter is the lights, whatever
// the dimmer one's centres do (108587: outlined dark cells 1.5 below
// red ones).
func unlitCentresGlow(ext [][]cellStats, lit [][]bool) bool {
	g, ok := bothGroups(inner(ext), lit)
	if !ok {
		return false
	}
	return medianOf(g[0], cellRise) >= centreGlowRise && medianOf(g[1], cellRise) <= 0 &&
		medianOf(g[1], cellV)-medianOf(g[0], cellV) < centreGlowGap
}

// centreGlowRise is the least rise of unlitCentresGlow's unlit centres,
// centreGlowGap the brightness (log V) by which the lit group may lie
// above them at most (×1.65).
const (
	centreGlowRise = 0.03
	centreGlowGap  = 0.5
)

// litPaper reports whether the cells read lit are white and flat, as
// paper is (median saturation at most paperS, centres within paperFlat
// of the ring around them), beside cells read unlit that are coloured
// (median saturation at least paperColourS) and less than paperGap
// darker: a drawing's blank squares beside its filled ones, or a white
// tile beside a coloured one, where which is lit is a convention.
// Render-third 380000/00142, 350000/00019, 360000/00102 and 370000/00053
// (sketches, coloured squares on white paper) were read the other way
// round with no doubt on their labelled grids, 00142 and 00102 by the
// whole reader too. Over 5,026 two-group readings of 27 tuning sets
// on their labelled grids it holds on seven boards, all sketches read
// wrong; the next boards paperGap would take in, at 0.94 and over, are
// pixel art read right (white lights beside saturated unlit cells).
func litPaper(ext [][]cellStats, lit [][]bool) bool {
	g, ok := bothGroups(inner(ext), lit)
	if !ok {
		return false
	}
	return medianOf(g[1], cellS) <= paperS && math.Abs(medianOf(g[1], cellRise)) <= paperFlat &&
		medianOf(g[0], cellS) >= paperColourS &&
		medianOf(g[1], cellV)-medianOf(g[0], cellV) < paperGap
}

// markedPaper reports whether the cells read lit are grey and flat, as
// blank paper is (median saturation at most markGreyS, centres within
// paperFlat of the ring around them and at most markFlat uneven),
// beside cells read unlit as grey that are the same paper with dark
// marks on it: their brightest tenth within markPeakGap of the lit
// cells' centres, their centres markSpread more uneven. An unlit button
// is darker than a lit one all over; a mark darkens only its strokes,
// and which of marked and blank is lit is a convention (render-third
// 390000/00136 and 00080, crosses drawn on the lit squares, read the
// other way round, 00136 with no doubt). Over 1,930 two-group readings
// of ten tuning sets on their labelled grids it holds on those two
// boards alone; the nearest right boards (boardgen 108018, 113067,
// 114524, already in doubt) have centres 0.06 to 0.16 off their rings.
func markedPaper(ext [][]cellStats, lit [][]bool) bool {
	g, ok := bothGroups(inner(ext), lit)
	if !ok {
		return false
	}
	flat := medianOf(g[1], cellSpread)
	return medianOf(g[1], cellS) <= markGreyS && medianOf(g[0], cellS) <= markGreyS &&
		math.Abs(medianOf(g[1], cellRise)) <= paperFlat && flat <= markFlat &&
		medianOf(g[0], cellPeak) >= medianOf(g[1], cellV)-markPeakGap &&
		medianOf(g[0], cellSpread) >= flat+markSpread
}

// Bounds of markedPaper: saturation as cellStats.s, the rest in log V.
const (
	markGreyS   = 0.3
	markFlat    = 0.15
	markPeakGap = 0.1
	markSpread  = 0.3
)

// Bounds of litPaper: saturations as cellStats.s, brightness in log V
// (paperGap is ×2.1).
const (
	paperS       = 0.15
	paperFlat    = 0.02
	paperColourS = 0.4
	paperGap     = 0.75
)

// Bounds of hueOnly: the groups' median brightness (log V) within
// hueOnlyV of each other, their median saturations at least hueOnlyS
// and within hueOnlySGap, their median chromas at least hueOnlyGap
// apart. On render-third 180000 red and blue pegs (which the lineage
// counts all lit) lay 0.35 apart in brightness, at saturations 0.58 and
// 0.79, 1.27 apart in chroma; it fired on no board of boardgen's tuning
// sets, render-unseen 7, 21 and 22, or the real photos' variants.
const (
	hueOnlyV    = 0.5
	hueOnlyS    = 0.4
	hueOnlySGap = 0.3
	hueOnlyGap  = 0.6
)

// lcdMaxV (log V, about 200 of 255), lcdMaxSpread and lcdMaxPeakS bound
// the median brightness, unevenness and saturation at the peak of the
// cells lcdLike takes for an LCD's empty panel. On the tuning sets,
// litLikeGaps boards whose lit group was white buttons or glowing keys
// lay at 5.47 and above, had spreads of 0.24 and more (ring lights,
// glyphs), or (pale lights in an orange case, 102278) peaks at 0.6;
// LCDs (render-third 190000) at 4.66 to 5.26, 0.006 to 0.032 and 0.01
// to 0.15. Sensor noise makes a panel less even: noisy LCDs
// (render-third 250000 photos 4 and 29, 270000 photo 63, read wholly
// the other way round) lay at 0.074 to 0.080, a membrane's per-row
// lights in daylight as bright as their gaps (108210) at 0.114, and
// one's white lights beside black holes (fresh 112166) at 0.082, which
// lcdMaxDepth keeps.
const (
	lcdMaxV      = 5.32
	lcdMaxSpread = 0.1
	lcdMaxPeakS  = 0.3
)

// lcdMaxDepth bounds how far (log V) below the cells lcdLike takes for
// an LCD's empty panel the segments may lie: LCDs lay 0.68 to 1.0 below
// (render-third 190000 to 270000), a membrane's black holes beside its
// white lights in daylight 1.64 (fresh boardgen 112166, read wholly the
// other way round with lcdMaxSpread at 0.1).
const lcdMaxDepth = 1.3

// lcdMaxHotSpot bounds how far (log V) above their centres the cells
// lcdLike takes for an LCD's empty panel may peak (the 90th percentile
// of the footprint): a flat panel's peaks stand above its centre by its
// noise, grey domes in daylight by their highlight (fresh boardgen
// 114880, an escape panel's white lights read the other way round: 0.19).
const lcdMaxHotSpot = 0.15

// lcdLike reports whether a board that litLikeGaps doubts is an LCD read
// the wrong way round: the cells read lit, as bright as the gaps, are
// even (median spread under lcdMaxSpread), grey at their peaks (under
// lcdMaxPeakS) or tinted no more than the segments are (under
// tintedPanelS, and at most tintedSGap above the segments' peaks), and
// below the brightness (lcdMaxV) that a white button
// in light or a light nearly clips at, the segments no more than
// lcdMaxDepth below them. A reflective panel shows the
// room's light; lights and lit keys outshine it or show their glyphs,
// rings and case.
func lcdLike(ext [][]cellStats, lit [][]bool) bool {
	g := groups(inner(ext), litGridAt(lit))
	if len(g[1]) == 0 || medianOf(g[1], cellV) >= lcdMaxV || medianOf(g[1], cellSpread) >= lcdMaxSpread {
		return false
	}
	if medianOf(g[1], cellDip) >= lcdMaxHotSpot {
		// A hot spot on each cell: light caught by a dome or a
		// light's own, not a flat panel's.
		return false
	}
	if len(g[0]) > 0 && medianOf(g[1], cellV)-medianOf(g[0], cellV) > lcdMaxDepth {
		// Far darker cells are holes or black caps: an LCD's dark
		// segments still reflect the room.
		return false
	}
	// A tinted panel is no more saturated at its peaks than the
	// segments are.
	ps := medianOf(g[1], cellPeakS)
	tinted := len(g[0]) > 0 && ps < tintedPanelS && ps <= medianOf(g[0], cellPeakS)+tintedSGap
	return ps < lcdMaxPeakS || tinted
}

// turnRound reads every cell the other way round.
func (v *verdict) turnRound() {
	for _, row := range v.lit {
		for c := range row {
			row[c] = !row[c]
		}
	}
	// The buttons outside looked like the group now read unlit.
	v.outside = nil
}

// readAllLit reads every cell of v lit, each in doubt (crossCap at
// most), for the reason why.
func (v *verdict) readAllLit(why string) {
	for _, row := range v.lit {
		for c := range row {
			row[c] = true
		}
	}
	v.capConf(crossCap)
	v.why[why] = len(v.lit) * len(v.lit[0])
}

// capConf caps every cell's confidence at c.
func (v *verdict) capConf(c float64) {
	for _, row := range v.conf {
		capAll(row, c)
	}
}

// capAll caps every confidence of conf at c.
func capAll(conf []float64, c float64) {
	for i := range conf {
		conf[i] = math.Min(conf[i], c)
	}
}

// sameLights reports whether two readings of one board agree on every light.
func sameLights(a, b [][]bool) bool {
	for r := range a {
		if !slices.Equal(a[r], b[r]) {
			return false
		}
	}
	return true
}

// clippedShare is the share of the photo beyond the board, clipped and
// coloured as a plainly lit board's cells are, from which clipping no
// longer tells lights from caps.
const clippedShare = 0.25

// clippedAround reports whether more than clippedShare of the photo img
// outside the grid that h maps (grown by the ring of would-be cells) is
// clipped and at least as saturated as a plainly lit cell (plainLitS).
func clippedAround(img gocv.Mat, h [9]float64, rows, cols int) bool {
	hr := &Reading{H: h}
	c, r := float64(cols+rectMargin), float64(rows+rectMargin)
	var quad []image.Point
	for _, p := range []Point{hr.Project(-rectMargin, -rectMargin), hr.Project(c, -rectMargin), hr.Project(c, r), hr.Project(-rectMargin, r)} {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return false
		}
		quad = append(quad, image.Pt(int(math.Round(p.X)), int(math.Round(p.Y))))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{quad})
	defer pv.Close()
	outside := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 0, 0, 0), img.Rows(), img.Cols(), gocv.MatTypeCV8U)
	defer outside.Close()
	gocv.FillPoly(&outside, pv, color.RGBA{})
	n := gocv.CountNonZero(outside)
	if n == 0 {
		return false
	}
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(img, &hsv, gocv.ColorBGRToHSV)
	// HSV's S is (max-min)/max·255: at max 255, plainLitS of
	// (max-min)/(max+16) is (max-min) ≥ plainLitS·271.
	clipped := gocv.NewMat()
	defer clipped.Close()
	gocv.InRangeWithScalar(hsv, gocv.NewScalar(0, math.Ceil(plainLitS*(255+16)), clipLevel, 0),
		gocv.NewScalar(180, 255, 255, 0), &clipped)
	gocv.BitwiseAnd(clipped, outside, &clipped)
	return float64(gocv.CountNonZero(clipped)) > clippedShare*float64(n)
}

// panelLit reports whether the cells read lit look like the ring of
// would-be cells around the grid (the panel or screen the board sits
// on): no brighter by minVGap, as grey, while the cells read unlit do
// not look like it, and are either more saturated by minSGap, or lie
// panelHue or more from the panel's chroma (the cells read lit within
// chromaGap of it) and outdo the cells read lit in saturation or in
// brightness. A light outshines the case around it or differs from it
// in colour; a light screen's empty cells are the screen. ext is
// measure's grid with its ring.
func panelLit(ext [][]cellStats, lit [][]bool) bool {
	out := ring(ext)
	g := groups(inner(ext), litGridAt(lit))
	if len(g[0]) < 3 || len(g[1]) < 3 {
		return false
	}
	ov, os := medianOf(out, cellV), medianOf(out, cellS)
	unlitApart := math.Abs(medianOf(g[0], cellV)-ov) >= minVGap || math.Abs(medianOf(g[0], cellS)-os) >= minSGap
	if !onPanel(g[1], out) || !unlitApart {
		return false
	}
	// Greyer than the cells read unlit, or of the panel's own colour
	// where those are of another and outdo them in saturation or in
	// brightness (a light theme in a warm cast; dark grey caps beside
	// lights of the case's colour do neither).
	ls, us := medianOf(g[1], cellS), medianOf(g[0], cellS)
	return ls < us-minSGap ||
		(ls <= us || medianOf(g[0], cellV) >= medianOf(g[1], cellV)) &&
			hueGap(g[1], out) < panelSameHue && hueGap(g[0], out) >= panelHue
}

// onPanel reports whether cells look like the panel or screen out (the
// ring of would-be cells around the grid) as far as a light would not:
// no brighter by minVGap (median log V), saturated within half minSGap.
func onPanel(cells, out []cellStats) bool {
	return medianOf(cells, cellV)-medianOf(out, cellV) < minVGap &&
		math.Abs(medianOf(cells, cellS)-medianOf(out, cellS)) < minSGap/2
}

// asRing reports whether a board's cells look like the ring of would-be
// cells around the grid (the case or screen), or darker: their median
// brightness at most minVGap above the ring's, their saturation within
// half minSGap and their hue within minSGap, their peaks below the clip
// unless the ring's peaks clip too (a light screen: the board is that
// screen). Render-unseen u32_0062 (faint empty cells on a blue tablet,
// 0.01 brighter and 0.05 more saturated than the screen) was read all
// on by its level; over 16 tuning sets (3,858 photos), the held-out sets
// and four fresh ones the test without the clipped ring changed no other
// reading. With it, three all-off boards on light screens read right
// (u37_0116, render-third 290000/150, boardgen 106516) and two all on in
// white bulbs on a white screen read all off, in doubt (100064, 111843).
// Cells darker than the ring count too (u38_0080: empty cells 0.14
// darker than their tablet's screen, and greyer, read all on): a light
// is not outshone by what it sits on.
func asRing(ext [][]cellStats) bool {
	in, out := cellsOf(inner(ext)), ring(ext)
	if len(out) == 0 || medianOf(in, cellPeak) >= clippedV && medianOf(out, cellPeak) < clippedV {
		return false
	}
	return onPanel(in, out) && hueGap(in, out) < minSGap
}

// Levels of panelLit, in centre chroma (ca, cb: saturation units):
// panelSameHue is how near the panel's the cells read lit must lie to
// be of its colour, panelHue how far from it the cells read unlit must
// lie.
const (
	panelSameHue = 0.08
	panelHue     = 0.3
)

// decideBoard reads the board of ext (measure's cells with the ring of
// would-be cells around them): decide on its cells, then a one-group
// board that the ring and the cells make plain loses its doubt.
func decideBoard(ext [][]cellStats) *verdict {
	v := decide(inner(ext))
	if v.oneGroup && len(v.why) == 1 && v.why["onegroup"] > 0 {
		plainOneGroup(ext, v)
		if v.conf[0][0] < UncertainBelow {
			kindsRead(inner(ext), v)
		}
	}
	if v.oneGroup && v.lit[0][0] && onlyWhy(v.why, "onegroup") && asRing(ext) {
		// Read all on by its level, but no brighter, more coloured or
		// other in hue than the case or screen around it: a light
		// outshines or colours the surface it sits on. All off, in
		// doubt.
		for _, row := range v.lit {
			for j := range row {
				row[j] = false
			}
		}
		v.why["asring"] = len(v.lit) * len(v.lit[0])
	}
	if v.oneGroup && !v.lit[0][0] && onlyWhy(v.why, "onegroup", "close") && (colouredShine(ext) || ownColour(ext) || glowsInDark(ext)) {
		// Read all off below the level that reads a board lit, but
		// shining as lights do, in a colour of their own, or far
		// brighter than anything around: lit, still in doubt.
		v.readAllLit("shine")
	}
	if v.oneGroup && !v.lit[0][0] && onlyWhy(v.why, "onegroup", "close", "shadow") && ringsLit(ext) {
		// Read all off (a shadow across it, or caps as dark as unlit
		// ones), but every cell ringed in light: lit rings, in doubt.
		v.readAllLit("ringslit")
	}
	if !v.oneGroup && lineColours(inner(ext), v.lit) {
		// Whole rows (or columns) of one colour beside rows of
		// another, hardly darker: a board lit (or unlit) in a colour
		// per row. Read it as one group, every cell in doubt.
		rows, cols := len(v.lit), len(v.lit[0])
		lit, conf := make([]bool, rows*cols), make([]float64, rows*cols)
		readAsOne(cellsOf(inner(ext)), lit, conf)
		for r := range v.lit {
			copy(v.lit[r], lit[r*cols:])
			copy(v.conf[r], conf[r*cols:])
		}
		v.oneGroup = true
		v.why["linecolours"] = rows * cols
	}
	return v
}

// lineGap is the brightness (log V) by which a lit row of a board read
// in whole rows must outshine its unlit rows, and lineHue how far apart
// (chroma, in saturation's units) two rows of one group must lie to be
// of different colours. Through the label corners of five tuning sets
// (2000 photos), the all-on boards with a colour per row read in whole
// rows had a gap of 0.01 to 0.25 and rows 0.22 to 1.4 apart; boards of
// one colour truly lit in whole rows, a gap of 0.45 and more and rows
// at most 0.003 apart.
const (
	lineGap = 0.35
	lineHue = 0.1
)

// lineColours reports whether the reading (lit) splits the board into
// whole rows, or whole columns, of three cells or more, the lit ones
// less than lineGap brighter than the unlit ones, and two rows of one
// group differ in colour, or each group holds two rows or more and the
// groups are of two hues (twoHues): rows of lights in different
// colours, all on or all off, or caps painted a colour per row, rather
// than lit rows beside unlit ones, which a light outshines and which
// share one colour. One lit row beside rows of another hue is left as
// read: a common state of a board whose lights differ from its caps.
func lineColours(stats [][]cellStats, lit [][]bool) bool {
	rows, cols := len(lit), len(lit[0])
	g := groups(stats, litGridAt(lit))
	if medianOf(g[1], cellV)-medianOf(g[0], cellV) >= lineGap {
		return false
	}
	// painted reports whether n whole lines, on(i) their group, hold
	// two or more of each group, the groups of two hues.
	painted := func(n int, on func(int) bool) bool {
		k := 0
		for i := range n {
			k += b2i(on(i))
		}
		return k >= 2 && n-k >= 2 && twoHues(g[0], g[1])
	}
	if cols >= 3 && wholeLines(rows, cols, func(r, c int) bool { return lit[r][c] }) {
		on := func(r int) bool { return lit[r][0] }
		return painted(rows, on) || linesDiffer(rows, on, func(r int) []cellStats { return stats[r] })
	}
	if rows >= 3 && wholeLines(cols, rows, func(c, r int) bool { return lit[r][c] }) {
		on := func(c int) bool { return lit[0][c] }
		return painted(cols, on) || linesDiffer(cols, on, func(c int) []cellStats {
			col := make([]cellStats, rows)
			for r := range col {
				col[r] = stats[r][c]
			}
			return col
		})
	}
	return false
}

// twoHueS is the median saturation both groups must reach, and
// twoHueAngle (degrees) how far apart their median chromas must lie in
// hue, for twoHues. Render-third 350000 photo 138, toy caps painted
// purple and lime a column each, read lit by the lime columns with no
// doubt: 0.38 and 0.42, 154 degrees apart. A light and its unlit cap
// share a hue; grey caps are under 0.3.
const (
	twoHueS     = 0.3
	twoHueAngle = 60
)

// twoHues reports whether two groups of cells are both coloured and of
// different hues: two paints, where a light only brightens its own.
func twoHues(a, b []cellStats) bool {
	if math.Min(medianOf(a, cellS), medianOf(b, cellS)) < twoHueS {
		return false
	}
	aa, ab := medianChroma(a)
	ba, bb := medianChroma(b)
	d := math.Abs(math.Atan2(ab, aa)-math.Atan2(bb, ba)) * 180 / math.Pi
	return math.Min(d, 360-d) >= twoHueAngle
}

// linesDiffer reports whether two of n lines (line(i) their cells,
// on(i) their group) in the same group differ in median chroma by
// lineHue or more.
func linesDiffer(n int, on func(int) bool, line func(int) []cellStats) bool {
	ca := func(s cellStats) float64 { return s.ca }
	cb := func(s cellStats) float64 { return s.cb }
	var hue [2][][2]float64
	for i := range n {
		cells := line(i)
		hue[b2i(on(i))] = append(hue[b2i(on(i))], [2]float64{medianOf(cells, ca), medianOf(cells, cb)})
	}
	for _, hs := range hue {
		for i := range hs {
			for j := range i {
				if math.Hypot(hs[i][0]-hs[j][0], hs[i][1]-hs[j][1]) >= lineHue {
					return true
				}
			}
		}
	}
	return false
}

// wholeLines reports whether each of n lines of m cells (at(i, j) is
// cell j of line i) is all lit or all unlit, with both kinds of line.
func wholeLines(n, m int, at func(i, j int) bool) bool {
	var kinds [2]bool
	for i := range n {
		for j := range m {
			if at(i, j) != at(i, 0) {
				return false
			}
		}
		kinds[b2i(at(i, 0))] = true
	}
	return kinds[0] && kinds[1]
}

// Levels of colouredShine: the cells' median brightness (log V, about V
// 96) and saturation, and how far (log V) they stand above their rims
// and above the ring of would-be cells around the grid.
const (
	shineV    = 4.6
	shineS    = 0.5
	shineRise = 0.5
)

// colouredShine reports whether a one-group board's cells are coloured
// and stand clearly above both their own rims and the ring around the
// grid: coloured lights on a dark screen or case, dimmer than the level
// at which oneGroupConf reads a board lit. Through the label corners of
// four tuning sets (1800 photos), the all-off boards with coloured
// cells above the ring lay below V 70, and 4 all-on boards read off
// lay between V 125 and V 150.
func colouredShine(ext [][]cellStats) bool {
	in, out := cellsOf(inner(ext)), ring(ext)
	v := medianOf(in, cellV)
	return v >= shineV && medianOf(in, cellS) >= shineS &&
		medianOf(in, cellOverRim) >= shineRise && v-medianOf(out, cellV) >= shineRise
}

// darkGlow (log V) is how far a one-group board's cells must outshine
// the ring of would-be cells around the grid for glowsInDark: 12 times
// in V, some 250 times in linear light, far beyond the 20 times by which
// white paint outdoes black under one light.
const darkGlow = 2.5

// glowsInDark reports whether a one-group board's cells outshine the
// ring around the grid by darkGlow or more: lights in a dim room, where
// the case barely shows. No cap lit by the room does so. Of 470 all-on
// and all-off tuning photos as read, 3 all-on boards read off lay 1.99
// to 3.3 above their rings, all-off ones up to 1.76; the fresh 111317,
// unlit caps in bloom on a black panel, 1.92.
func glowsInDark(ext [][]cellStats) bool {
	return medianOf(cellsOf(inner(ext)), cellV)-medianOf(ring(ext), cellV) >= darkGlow
}

// ringsLitHalo is the median halo (log V) from which ringsLit sees a
// ring around every cell, and ringsLitPeak (log V, about V 90) the
// median footprint peak a lit ring reaches.
const (
	ringsLitHalo = 2 * minHalo
	ringsLitPeak = 4.5
)

// ringsLit reports whether a one-group board's cells all show lit
// rings: a median halo of ringsLitHalo or more, a median footprint peak
// of ringsLitPeak or more, minVGap above the peak of the ring of
// would-be cells around the grid, and caps no more saturated than their
// rings by minSGap. Ring LEDs lit around dark caps read off on their
// centres. Of 470 all-on and all-off tuning photos as read, 7 all-on
// ring boards read off had halos 0.25 to 1.04 and peaks V 96 to 230
// (0.13 to 1.85 above the panel's); of the all-off boards with halos,
// unlit neon outlines on dark cases peaked under V 71, and coloured
// domes in pale bezels had caps 0.6 more saturated than the bezels.
func ringsLit(ext [][]cellStats) bool {
	in := cellsOf(inner(ext))
	p := medianOf(in, cellPeak)
	return medianOf(in, cellHalo) >= ringsLitHalo &&
		p >= ringsLitPeak && p-medianOf(ring(ext), cellPeak) >= minVGap &&
		medianOf(in, cellS) < medianOf(in, cellPeakS)+minSGap
}

// ownColourV (log V, about V 106) and ownColourS are the median
// brightness and saturation from which ownColour reads a one-group
// board's cells as lights in their own colour; paleColourS the
// saturation from which it does so for cells minSGap more saturated
// than the ring around the grid.
const (
	ownColourV  = 4.7
	ownColourS  = 0.3
	paleColourS = 0.2
)

// ownColour reports whether a one-group board's cells are coloured,
// at least middling bright, of a hue (median chroma) minSGap or more
// from the ring of would-be cells around the grid, and not sunk below
// their own gaps by 2·minVGap: lights emit their own colour, where
// unlit caps reflect the room's, as the case or screen around them
// does, and are not outshone by the surface they sit on (tinted caps
// in daylight on a white case are). A light screen's cells lit in its
// accent colour, or coloured lights in daylight, stay below the level
// that reads a board lit. Through the label corners of 3700 tuning
// photos, 9 all-on boards read off lay between V 109 and V 192; the
// all-off boards of that saturation and hue (pixel art, tinted caps)
// below V 101 but one, grey caps turned blue by a cool cast beside a
// wood-coloured ring, at V 113.
// Lights washed pale by daylight count too when they are clearly more
// coloured than the case or screen around them, which reflects the same
// daylight: of the one-group readings of six tuning sets, all-off boards
// of saturation 0.2 to 0.3 and a hue of their own were at most 0.09 more
// saturated than the ring, all-on ones 0.17 and 0.23 (boardgen 115932,
// blue lights on grey metal, read off).
func ownColour(ext [][]cellStats) bool {
	in, out := cellsOf(inner(ext)), ring(ext)
	s := medianOf(in, cellS)
	return medianOf(in, cellV) >= ownColourV &&
		(s >= ownColourS || s >= paleColourS && s-medianOf(out, cellS) >= minSGap) &&
		hueGap(in, out) >= minSGap &&
		medianOf(in, cellOverRim) > -2*minVGap
}

// litHued reports whether st's colour (chroma) lies within lineHue of
// that of some cell of stats read lit: the distance at which two rows'
// lights count as different colours serves for one cell against
// another too.
func litHued(stats [][]cellStats, lit [][]bool, st cellStats) bool {
	for r, row := range stats {
		for c, x := range row {
			if lit[r][c] && math.Hypot(x.ca-st.ca, x.cb-st.cb) < lineHue {
				return true
			}
		}
	}
	return false
}

// onlyWhy reports whether every reason in why is one of keys.
func onlyWhy(why map[string]int, keys ...string) bool {
	for k := range why {
		if !slices.Contains(keys, k) {
			return false
		}
	}
	return true
}

// missedUnlitLine reports whether a row or column just outside the grid
// looks like a row of the board's unlit buttons (their score, colour and
// contrast with the rim) for most of its length: the grid may have
// missed an edge row with no light on. It needs unlit buttons that
// stand out from their rim, or the case would look like them.
func missedUnlitLine(ext, stats [][]cellStats, v *verdict) bool {
	rows, cols := len(stats), len(stats[0])
	var unlit []cellStats
	for r := range stats {
		for c, st := range stats[r] {
			if !v.lit[r][c] {
				unlit = append(unlit, st)
			}
		}
	}
	if len(unlit) < 2 {
		return false
	}
	uRise := medianOf(unlit, cellOverRim)
	uSat := medianOf(unlit, cellS)
	if math.Abs(uRise) < 0.1 {
		return false
	}
	like := func(st cellStats) bool {
		return math.Abs(v.score(st)-v.unlitMean) <= v.unlitBand &&
			math.Abs(cellOverRim(st)-uRise) <= math.Abs(uRise)/2 &&
			math.Abs(st.s-uSat) < minSGap
	}
	lines := [][][2]int{}
	for _, r := range []int{0, rows + 1} {
		var ln [][2]int
		for c := 1; c <= cols; c++ {
			ln = append(ln, [2]int{r, c})
		}
		lines = append(lines, ln)
	}
	for _, c := range []int{0, cols + 1} {
		var ln [][2]int
		for r := 1; r <= rows; r++ {
			ln = append(ln, [2]int{r, c})
		}
		lines = append(lines, ln)
	}
	for _, ln := range lines {
		n := 0
		for _, rc := range ln {
			if like(ext[rc[0]][rc[1]]) {
				n++
			}
		}
		if 5*n >= 3*len(ln) {
			return true
		}
	}
	return false
}

// halfPlane reports whether a straight line separates the lit cells from
// the unlit ones, both groups holding at least two cells unless the
// board is small. Directions are tried every half degree.
func halfPlane(lit [][]bool) bool {
	var n [2]int
	for _, row := range lit {
		for _, on := range row {
			if on {
				n[1]++
			} else {
				n[0]++
			}
		}
	}
	if n[0] == 0 || n[1] == 0 || ((n[0] < 2 || n[1] < 2) && n[0]+n[1] >= smallBoard) {
		return false
	}
	for a := 0; a < 360; a++ {
		th := float64(a) * math.Pi / 360
		cx, cy := math.Cos(th), math.Sin(th)
		lo := [2]float64{math.Inf(1), math.Inf(1)}
		hi := [2]float64{math.Inf(-1), math.Inf(-1)}
		for r, row := range lit {
			for c, on := range row {
				g := 0
				if on {
					g = 1
				}
				p := cx*float64(c) + cy*float64(r)
				lo[g], hi[g] = math.Min(lo[g], p), math.Max(hi[g], p)
			}
		}
		if hi[0] < lo[1] || hi[1] < lo[0] {
			return true
		}
	}
	return false
}

// nearHalfPlane reports whether a straight line parts a board of at
// least nearPlaneCells cells into two sides of at least a quarter of
// them each, one lit and the other unlit but for at most one cell in
// nearPlaneShare of the board, on both sides together: a shadow's edge,
// the unlit buttons out of it read lit and the lights in it still lit
// (tuning photo 102145, a 9×6 board with three lights in the shadow,
// read so with no doubt), or a patch of light (render-third 190000,
// photo 21). A game position seldom lies so; a lit edge row is one
// that does, and is doubted. Directions are tried every half degree.
func nearHalfPlane(lit [][]bool) bool {
	rows, cols := len(lit), len(lit[0])
	n := rows * cols
	if n < nearPlaneCells {
		return false
	}
	allow := n / nearPlaneShare
	total := 0 // lit cells
	for _, row := range lit {
		for _, on := range row {
			total += b2i(on)
		}
	}
	type cell struct {
		p  float64
		on bool
	}
	cs := make([]cell, 0, n)
	for a := 0; a < 360; a++ {
		th := float64(a) * math.Pi / 360
		cx, cy := math.Cos(th), math.Sin(th)
		cs = cs[:0]
		for r, row := range lit {
			for c, on := range row {
				cs = append(cs, cell{cx*float64(c) + cy*float64(r), on})
			}
		}
		sort.Slice(cs, func(i, j int) bool { return cs[i].p < cs[j].p })
		// The line passes before the k-th cell.
		litBefore := 0
		for k := 0; k <= n; k++ {
			if k > 0 {
				litBefore += b2i(cs[k-1].on)
			}
			if k < n && k > 0 && cs[k].p-cs[k-1].p < 1e-9 {
				continue // the line cannot pass between cells at one place
			}
			if 4*k < n || 4*(n-k) < n {
				continue
			}
			unlitAfter := (n - k) - (total - litBefore)
			unlitBefore := k - litBefore
			litAfter := total - litBefore
			if litBefore+unlitAfter <= allow || unlitBefore+litAfter <= allow {
				return true
			}
		}
	}
	return false
}

// nearPlaneCells and nearPlaneShare bound nearHalfPlane: on small boards
// a straight line nearly parts many a game position.
const (
	nearPlaneCells = 16
	nearPlaneShare = 12
)

// flatCells reports whether the cells of both groups look the same at
// their centre and at their rim: no gaps or edges between cells.
func flatCells(stats [][]cellStats, lit [][]bool) bool {
	var g [2][]cellStats
	for r := range stats {
		for c, st := range stats[r] {
			i := 0
			if lit[r][c] {
				i = 1
			}
			g[i] = append(g[i], st)
		}
	}
	for i := range g {
		if math.Abs(medianOf(g[i], cellOverRim)) > 0.05 {
			return false
		}
	}
	return true
}

// phantomEdge reports whether an edge row or column of the grid is all
// unlit and unlike the other unlit cells: a strip of case or background
// that the grid took for a row of buttons.
func phantomEdge(stats [][]cellStats, lit [][]bool) bool {
	rows, cols := len(stats), len(stats[0])
	if rows < 3 || cols < 3 {
		return false
	}
	type line struct{ r0, r1, c0, c1 int }
	for _, ln := range []line{{0, 1, 0, cols}, {rows - 1, rows, 0, cols}, {0, rows, 0, 1}, {0, rows, cols - 1, cols}} {
		var edge, inner []cellStats
		allUnlit := true
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				in := r >= ln.r0 && r < ln.r1 && c >= ln.c0 && c < ln.c1
				switch {
				case in && lit[r][c]:
					allUnlit = false
				case in:
					edge = append(edge, stats[r][c])
				case !lit[r][c]:
					inner = append(inner, stats[r][c])
				}
			}
		}
		if !allUnlit || len(inner) < 2 {
			continue
		}
		for _, f := range []struct {
			get func(cellStats) float64
			max float64
		}{
			{cellV, 0.15},
			{cellOverRim, 0.15},
			{cellS, 0.1},
		} {
			if math.Abs(medianOf(edge, f.get)-medianOf(inner, f.get)) > f.max {
				return true
			}
		}
	}
	return false
}

// inner returns the board's cells of ext, without the ring around them.
func inner(ext [][]cellStats) [][]cellStats {
	st := make([][]cellStats, len(ext)-2)
	for r := range st {
		st[r] = ext[r+1][1 : len(ext[r+1])-1]
	}
	return st
}

// ring returns the ring of would-be cells around the grid of ext
// (measure's grid with its ring), row by row.
func ring(ext [][]cellStats) []cellStats {
	rows, cols := len(ext)-2, len(ext[0])-2
	var out []cellStats
	for r, row := range ext {
		for c, st := range row {
			if r == 0 || c == 0 || r == rows+1 || c == cols+1 {
				out = append(out, st)
			}
		}
	}
	return out
}

// cellV and cellS are the median log V and the mean saturation of a
// cell's centre: the measures medianOf is most often asked for.
func cellV(s cellStats) float64 { return s.v }
func cellS(s cellStats) float64 { return s.s }

// cellDip is how far the brightest tenth of a cell's footprint stands
// above its centre (log V): a hot spot, or a lit ring around a dark cap.
func cellDip(s cellStats) float64 { return s.peak - s.v }

// cellRise is how far a cell's centre stands above the ring around it
// (log V): a light's glow falls off from its centre.
func cellRise(s cellStats) float64 { return s.v - s.ring }

// cellRim is a cell's rim brightness (log V), for medianOf and the like.
func cellRim(s cellStats) float64 { return s.rim }

// cellOverRim is how far a cell's centre stands above its rim, the gaps
// and button edges around it (log V).
func cellOverRim(s cellStats) float64 { return s.v - s.rim }

// cellSpread is how uneven a cell's centre is, for medianOf and the like.
func cellSpread(s cellStats) float64 { return s.spread }

// cellPeak, cellPeakS and cellHalo are a cell's footprint peak, the
// saturation there, and its halo, for medianOf and the like.
func cellPeak(s cellStats) float64  { return s.peak }
func cellPeakS(s cellStats) float64 { return s.peakS }
func cellHalo(s cellStats) float64  { return s.halo }

// medianOf is the median of get over the cells.
func medianOf(cells []cellStats, get func(cellStats) float64) float64 {
	xs := make([]float64, len(cells))
	for i, c := range cells {
		xs[i] = get(c)
	}
	return median(xs)
}

// Scales of the lit score: one unit of each is a similar, clearly
// visible difference between a lit and an unlit button.
const (
	vScale = 0.5 // log V: one unit is a factor of e^0.5 ≈ 1.65 in brightness
	sScale = 0.3 // saturation: one unit is 0.3
)

// medianChroma is the per-axis median of the cells' centre chroma
// (ca, cb).
func medianChroma(cells []cellStats) (float64, float64) {
	return medianOf(cells, func(s cellStats) float64 { return s.ca }),
		medianOf(cells, func(s cellStats) float64 { return s.cb })
}

// hueGap is how far apart the median chromas (ca, cb) of two sets of
// cells lie, in saturation units.
func hueGap(a, b []cellStats) float64 {
	aa, ab := medianChroma(a)
	ba, bb := medianChroma(b)
	return math.Hypot(aa-ba, ab-bb)
}

// litScore is the 1-D score the cells are split on: a lit button is
// brighter than its unlit self (emitted light adds to reflected light),
// and in daylight, when brightness alone barely differs, it is the more
// coloured one.
func litScore(st cellStats) float64 { return st.v/vScale + st.s/sScale }

// peakScore is litScore over the brightest tenth of the button's
// footprint: ring lights around a dark cap light up there.
func peakScore(st cellStats) float64 { return st.peak/vScale + st.peakS/sScale }

// brightScore is the score of brightness alone, in litScore units.
func brightScore(st cellStats) float64 { return st.v / vScale }

// spotScore is the brightness of the cell's very centre (the innermost
// annuli of prof), in litScore units: a small LED in a cap lights there
// and nowhere else.
func spotScore(st cellStats) float64 {
	sum, n := 0.0, 0
	for _, p := range st.prof[:2] {
		if !math.IsNaN(p) {
			sum += p
			n++
		}
	}
	if n == 0 {
		return st.v / vScale
	}
	return sum / float64(n) / vScale
}

// dotScore is spotScore less the cell's own centre brightness: a lit
// spot stands above its cap and an unlit cap's dark dot below it however
// a shadow dims the whole cap.
func dotScore(st cellStats) float64 {
	return spotScore(st) - st.v/vScale
}

// dotDepth (log V) is how far below their caps the unlit group's spots
// must lie, on average, for dotScore's split to count. On render-third
// 210000..310000 (900 photos) the dot split read 9 more boards right
// (toy caps with lit spots and dark dots, most under a shadow) and lost
// none; boardgen's sets, its screens, render-unseen 30 and 32, augment-
// real 4, the held-out and the fresh sets read as before. Without the
// depth, a relative spot split domes by their highlights (108509).
const dotDepth = 0.3

// spotLead is how many times the clearest other split's separation the
// spotScore split must reach to be kept.
const spotLead = 2

// group summarises one side of the split.
type group struct {
	mean, sigma float64
	n           int
	spread      float64 // median unevenness of its cells
	fall        float64 // median fall of log V from centre to ring
	ring        float64 // median log V of its cells' rings
	rim         float64 // median log V of its cells' rims
}

// decide splits the cells into lit and unlit and sets each confidence.
func decide(stats [][]cellStats) *verdict {
	rows, cols := len(stats), len(stats[0])
	n := rows * cols
	lit := make([]bool, n)
	conf := make([]float64, n)
	v := &verdict{why: map[string]int{}}
	// Split on the score that separates the board best: brightness and
	// colour together, or brightness alone (when the lit buttons are
	// whiter than the unlit ones, colour works against brightness).
	var xs []float64
	var t float64
	var lo, hi group
	ok := false
	clean := 0.0    // the kept split's emptyGap
	darker := false // the kept split's upper group is the darker one
	spot := false   // the kept split is on spotScore or dotScore
	bestSep := 0.0  // the clearest separation of the splits before
	scores := []func(cellStats) float64{litScore, brightScore, spotScore, dotScore}
	spotAt, dotAt := 2, 3 // spotScore and dotScore, tried last
	for k, score := range scores {
		ys := cellScores(stats, score)
		ty, l, h, sep, oky := otsuSplit(ys, stats)
		if !oky {
			continue
		}
		need := minGap(n, min(l.n, h.n))
		e := emptyGap(ys, ty)
		better := sep > v.separation
		if sep >= minSeparation && v.separation >= minSeparation {
			// Both split clearly: keep the one whose groups leave the
			// wider empty gap for the spread of the scores (white and
			// coloured lights beside grey unlit ones split on brightness
			// alone, not on colour).
			better = e > clean
		}
		if ok && (h.mean-l.mean >= need) != (v.gap >= minGap(n, min(lo.n, hi.n))) {
			better = h.mean-l.mean >= need
		}
		dk := upperDarker(stats, ys, ty)
		if ok && darker && !dk && sep >= minSeparation && h.mean-l.mean >= need && upperClipped(stats, ys, ty) {
			// The colour split made the darker group lit (lights
			// clipped to white beside tinted unlit caps in daylight):
			// a clear brightness split whose brighter group is clipped
			// wins. White caps in daylight, brighter than cyan lights
			// but below the clip, do not turn the board round.
			better = true
		}
		if k >= spotAt {
			// A split on the spot alone must stand out far more clearly
			// than any other: usually it only repeats the others.
			better = sep >= spotLead*bestSep && h.mean-l.mean >= need
		}
		if k == dotAt {
			// Dark dots in unlit caps beside lit spots, not highlights
			// that vary from dome to dome.
			better = better && l.mean <= -dotDepth/vScale && h.mean >= 0
		}
		bestSep = math.Max(bestSep, sep)
		if !ok || better {
			xs, t, lo, hi, ok = ys, ty, l, h, true
			v.separation, v.gap, v.score = sep, h.mean-l.mean, score
			clean, darker = e, dk
			spot = k >= spotAt
		}
	}
	split := ok && v.separation >= minSeparation && hi.mean-lo.mean >= minGap(n, min(lo.n, hi.n))
	var bright []cellStats // the part out of the shadow, when the split is a shadow's
	if split {
		bright = shadowSplit(stats, xs, t)
	}
	switch {
	case bright != nil:
		// The groups differ as a shadow makes them differ, in
		// brightness alone: one group in two lights. The part out of
		// the shadow decides, every cell in doubt.
		v.oneGroup = true
		v.why["shadow"] = n
		readAsOne(bright, lit, conf)
	case split && spot:
		// The cells differ only at their very centre: small LEDs in
		// caps whose colours may vary. The rules below judge whole
		// caps; read the spots, every cell in doubt.
		twoGroupConf(xs, stats, t, lo, hi, lit, conf, v.why)
		capAll(conf, crossCap)
		v.why["spot"] = n
		v.spot = true
	case split:
		twoGroupConf(xs, stats, t, lo, hi, lit, conf, v.why)
		if min(lo.n, hi.n) <= 2 && hi.mean-lo.mean < loneGap {
			// One or two cells unlike all the others, by less than a
			// lit light usually differs: glare spots on an all-off
			// board, dark cells on an all-on one under uneven light.
			for i, x := range xs {
				if (x > t) == (hi.n <= 2 && hi.n <= lo.n) {
					conf[i] = math.Min(conf[i], crossCap)
				}
			}
			v.why["lone"]++
			if hi.n <= 2 && hi.n <= lo.n {
				glareLone(stats, lit, conf, v.why)
			}
		}
		if hi.n <= 2 && lo.n > hi.n {
			whiteLone(stats, lit, conf, v.why)
		} else {
			greyAmongLit(stats, lit, conf, v.why)
		}
		if !crossCheck(stats, lit, conf, v.why) {
			// A reading the cross-check turned round stays so: the
			// peaks would turn it back.
			peakCheck(stats, lit, conf, v.why)
		} else if v.why["greyer"] > 0 {
			v.lightScreen = true
		}
		brightnessOverlap(stats, lit, conf, v.why)
		oddHue(stats, lit, conf, v.why)
		unlitGlows(stats, lit, conf, v.why)
		chromaArbiter(stats, lit, conf, v.why)
		litLikeUnlit(stats, lit, conf, v.why)
		partUnlit(stats, lit, conf, v.why)
		oddLitInLine(stats, lit, conf, v)
		if ringsUnread(stats, lit) {
			// Lit rings read unlit beside brighter grey caps: every
			// cell in doubt.
			capAll(conf, crossCap)
			v.why["ringsunread"] = n
		}
		if darkGaps(stats, lit) {
			// Caps of a lighter paint, not lights: every cell in doubt.
			capAll(conf, crossCap)
			v.why["darkgaps"] = n
		}
		if inkMarks(stats, lit) {
			// Dark marks on a pale panel: the marks may be the lights
			// (an LCD's segments). Every cell in doubt.
			capAll(conf, crossCap)
			v.why["ink"] = n
			v.ink = true
		}
		if whiteAdded(stats, lit) {
			// The lit cells are the unlit ones with white light added:
			// glare, not lights.
			capAll(conf, crossCap)
			v.why["whiteadded"] = n
			if k := litCount(lit); k*glareShare <= n {
				// So few that they are glare spots on a board of one
				// group: the cells out of the glare decide, every
				// cell in doubt.
				rest := groups(stats, litAt(lit))[0]
				readAsOne(rest, lit, conf)
				v.oneGroup = true
				break
			}
		}
		if glareOnLit(stats, lit) {
			// The few cells read unlit are washed out by glare that
			// spreads over their gaps too: glare spots on a board of
			// one group. The cells out of the glare decide, every
			// cell in doubt.
			rest := groups(stats, litAt(lit))[1]
			readAsOne(rest, lit, conf)
			v.oneGroup = true
			v.why["glarelit"] = n
			break
		}
		if whiteLights(stats, lit) {
			// The unlit group is white lights beside coloured ones:
			// every cell lit, in doubt.
			for i := range lit {
				lit[i], conf[i] = true, math.Min(conf[i], crossCap)
			}
			v.oneGroup = true
			v.why["whitelit"] = n
			break
		}
		low := hi.mean - math.Max(3*hi.sigma, 0.25*(hi.mean-lo.mean))
		v.litLow = &low
		v.unlitBand = math.Max(3*lo.sigma, 0.25*(hi.mean-lo.mean))
		v.unlitMean = lo.mean
	case ok && v.separation >= minSeparation:
		// Two clear groups, but too close to be lit and unlit for sure:
		// decide as one group and doubt every cell.
		v.oneGroup = true
		v.why["close"] = n
		oneGroupConf(stats, lit, conf)
		capAll(conf, crossCap)
	default:
		v.oneGroup = true
		v.why["onegroup"] = n
		oneGroupConf(stats, lit, conf)
	}
	if v.oneGroup {
		// The centres look alike, but the brightest tenth of the
		// footprints may not: lit rings around caps as dark as the
		// unlit ones. Read them so, in doubt.
		if ps, t, ok := peakSplit(stats); ok && peakColoured(stats, ps, t) && peakBrighter(stats, ps, t, minVGap) {
			for i, x := range ps {
				lit[i] = x > t
				conf[i] = math.Min(conf[i], crossCap)
			}
			v.why["peakonly"] = n
		} else if xs, t, ok := clippedColourSplit(stats); ok && (v.why["onegroup"] > 0 || v.why["close"] > 0) {
			// Nearly every centre clipped, as lit and unlit caps both
			// are in daylight: the saturation the footprints' brightest
			// pixels keep (a channel the sensor did not clip) decides,
			// the more saturated group lit, every cell in doubt.
			for i, x := range xs {
				lit[i] = x > t
				conf[i] = math.Min(conf[i], crossCap)
			}
			v.why["clippedcolour"] = n
		}
	}
	if ring, floor, ok := ringSplit(stats); ok && !slices.Equal(ring, lit) && capsAlike(stats, ring, lit) {
		// Lit rings around caps that the centres read otherwise (caps
		// darker than the unlit ones, a shadow across the board): the
		// rings decide, every cell in doubt. A cell read lit whose
		// centre looks like the ringed buttons' centres, not like the
		// others', and that shows a fainter ring stays lit: its ring
		// blurred into its cap. A cell read unlit whose own halo is
		// under the least ring (floor) stays unlit: the glow of lit
		// neighbours, not a ring. When the rings change no cell, only
		// those are in doubt.
		g := groups(stats, litAt(ring))
		ringV, restV := medianOf(g[1], cellV), medianOf(g[0], cellV)
		var kept []int
		changed := false
		for i, on := range ring {
			st := stats[i/cols][i%cols]
			vouch := !on && lit[i] && !v.oneGroup && st.halo >= floor && math.Abs(st.v-ringV) < clearVGap && math.Abs(st.v-ringV) < math.Abs(st.v-restV)
			if vouch || on && !lit[i] && st.halo < floor {
				kept = append(kept, i)
				continue
			}
			changed = changed || lit[i] != on
			lit[i] = on
		}
		if changed {
			kept = kept[:0]
			for i := range conf {
				kept = append(kept, i)
			}
		}
		for _, i := range kept {
			conf[i] = math.Min(conf[i], crossCap)
		}
		v.why["ringlit"] = len(kept)
	}
	v.lit = make([][]bool, rows)
	v.conf = make([][]float64, rows)
	for r := 0; r < rows; r++ {
		v.lit[r] = lit[r*cols : (r+1)*cols]
		v.conf[r] = conf[r*cols : (r+1)*cols]
	}
	return v
}

// readAsOne reads the board (lit and conf, row-major) as one group that
// cells decide (oneGroupConf: the part out of a shadow or out of the
// glare), every cell in doubt.
func readAsOne(cells []cellStats, lit []bool, conf []float64) {
	oneGroupConf([][]cellStats{cells}, lit[:len(cells)], conf[:len(cells)])
	for i := range lit {
		lit[i], conf[i] = lit[0], math.Min(conf[0], crossCap)
	}
}

// ringsInverted reports whether the unlit group looks like lit rings
// around dark caps beside an even lit group: its centres are clearly
// less even (the ring crosses the centre square), while its rings are
// at least as bright and its peaks nearly as bright as the lit group's.
// A small dark button on a bright membrane is uneven too, but its
// centre lies far below its ring (the membrane around it), or no ring
// stands above both its centre and its gaps (its halo is under half of
// minHalo: the membrane is as bright out to the gaps).
func ringsInverted(stats [][]cellStats, lit []bool) bool {
	g := groups(stats, litAt(lit))
	if len(g[0]) < 3 || len(g[1]) < 3 {
		// One or two odd cells are a cursor or glare, not a group.
		return false
	}
	fall := func(s cellStats) float64 { return s.v - s.ring }
	return medianOf(g[0], cellSpread) >= medianOf(g[1], cellSpread)+0.1 && medianOf(g[0], fall) > -0.6 && medianOf(g[0], cellHalo) >= minHalo/2 &&
		unlitRingsAsBright(g, ringsNearPeak)
}

// unlitRingsAsBright reports whether the unlit group g[0] has rings at
// least as bright as the lit group's, and peaks nearly as bright (within
// peakBelow log V): what lit rings read unlit show (ringsInverted,
// ringsUnread).
func unlitRingsAsBright(g [2][]cellStats, peakBelow float64) bool {
	ring := func(s cellStats) float64 { return s.ring }
	return medianOf(g[0], ring) >= medianOf(g[1], ring) && medianOf(g[0], cellPeak) >= medianOf(g[1], cellPeak)-peakBelow
}

// ringsUnread reports whether the cells read unlit show rings the cells
// read lit lack: their halo at least half minHalo, the lit group's under
// a quarter of it, their rings at least as bright and their peaks
// nearly as bright (within 0.2) as the lit group's, and their centres
// more coloured (by a third of minSGap). Lit ring LEDs around small dark
// caps, beside white caps a little brighter in the room's light, read
// so (103630, a fresh render read wholly the other way round with no
// doubt). ringsInverted turns such a board round when the grey caps
// are even; small grey caps are not. Pale caps in strong light may
// outshine the rings by more, and the light's cast grey the rings: such
// rings count too when their peaks lie within ringsFarPeak of the lit
// group's and their centres are clearly less even (by 0.1; fresh render
// 110249, read wholly the other way round with no doubt).
func ringsUnread(stats [][]cellStats, lit []bool) bool {
	g := groups(stats, litAt(lit))
	if len(g[0]) < 3 || len(g[1]) < 3 {
		return false
	}
	if medianOf(g[0], cellHalo) < minHalo/2 || medianOf(g[1], cellHalo) >= minHalo/4 {
		return false
	}
	if unlitRingsAsBright(g, ringsNearPeak) && medianOf(g[0], cellS) >= medianOf(g[1], cellS)+minSGap/3 {
		return true
	}
	return unlitRingsAsBright(g, ringsFarPeak) && medianOf(g[0], cellSpread) >= medianOf(g[1], cellSpread)+0.1
}

// ringsNearPeak bounds how far below the lit group's peaks (log V) the
// unlit group's may lie for ringsInverted, and for ringsUnread's rings
// with coloured centres.
const ringsNearPeak = 0.2

// ringsFarPeak bounds how far below the lit group's peaks (log V)
// ringsUnread takes uneven rings' peaks. Fresh render 110249's rings lay
// 0.32 below; on v12 and w1 (1,000 boards) four boards read right with
// no doubt had uneven haloed unlit cells 0.49 to 1.23 below.
const ringsFarPeak = 0.4

// upperDarker reports whether the cells above t on xs are darker (median
// log V) than those below.
func upperDarker(stats [][]cellStats, xs []float64, t float64) bool {
	g := groups(stats, above(xs, t))
	return len(g[0]) > 0 && len(g[1]) > 0 && medianOf(g[1], cellV) < medianOf(g[0], cellV)
}

// upperClipped reports whether the cells above t on xs are clipped at
// their centre (median log V).
func upperClipped(stats [][]cellStats, xs []float64, t float64) bool {
	g := groups(stats, above(xs, t))
	return len(g[1]) > 0 && medianOf(g[1], cellV) >= clippedV
}

// shadowSplit returns the part out of the shadow when the split on t
// looks like a shadow's edge, not like lights: the groups lie on either
// side of a straight line and differ in brightness only (the cells above
// t are out of it), or both are clipped at the centre and their rims a
// step apart (the side with the brighter rims is out of it). A shadow
// scales a button and the gaps around it alike, so the fall from centre
// to rim and the colour stay the same, where a lit light brightens its
// centre more than its rim. The clipped case holds for a split that is
// a half-plane but for a cell or two (nearHalfPlane) as well: clipping
// leaves the colour that separates such a cell too uncertain to trust
// (boardgen 114819, all on, read as 14 unlit). Else it returns nil.
func shadowSplit(stats [][]cellStats, xs []float64, t float64) []cellStats {
	cols := len(stats[0])
	g := groups(stats, above(xs, t))
	lit := make([][]bool, len(stats))
	for r := range lit {
		lit[r] = make([]bool, cols)
	}
	for i, x := range xs {
		lit[i/cols][i%cols] = x > t
	}
	if len(g[0]) < 2 || len(g[1]) < 2 {
		return nil
	}
	clipped := medianOf(g[0], cellV) >= clippedV && medianOf(g[1], cellV) >= clippedV && math.Abs(medianOf(g[0], cellRim)-medianOf(g[1], cellRim)) >= minVGap
	if !halfPlane(lit) && !(clipped && nearHalfPlane(lit)) {
		return nil
	}
	if clipped {
		// Both groups clipped at the centre, their rims a step apart:
		// the light, not the cells, differs across the line (a shadow
		// shows in the rims and in the colour the clipping leaves).
		// The side with the brighter rims is out of the shadow. White
		// and coloured cells on a flat screen clip alike, with rims
		// alike.
		if medianOf(g[0], cellRim) > medianOf(g[1], cellRim) {
			return g[0]
		}
		return g[1]
	}
	if medianOf(g[1], cellOverRim)-medianOf(g[0], cellOverRim) < 0.1 && math.Abs(medianOf(g[1], purity)-medianOf(g[0], purity)) < 0.05 {
		return g[1]
	}
	return nil
}

// Levels of whiteLights: the unlit group's greatest median saturation,
// the lit group's least, and the unlit group's least median rise (log
// V) from rim to centre.
const (
	whiteUnlitS = 0.1
	whiteLitS   = 0.3
	whiteRise   = 0.45
)

// whiteLights reports whether every cell read unlit is as bright as the
// lit group's dimmest tenth, white, and stands out from its rim as a
// light does, beside coloured lit cells: a row of white lights on a
// dark screen beside coloured ones, read unlit because greyer. White
// caps in good light on a light screen do not rise from their rims.
// Through the label corners of four tuning sets (1800 photos) it fired
// on 11 boards, every one all on; the right boards whose unlit cells
// were nearly all as bright (white caps in daylight) had caps of
// saturation 0.15 and more.
func whiteLights(stats [][]cellStats, lit []bool) bool {
	g := groups(stats, litAt(lit))
	if len(g[0]) == 0 || len(g[1]) < 3 {
		return false
	}
	vs := make([]float64, len(g[1]))
	for i, st := range g[1] {
		vs[i] = st.v
	}
	sort.Float64s(vs)
	low := sortedQuantile(vs, 0.1)
	for _, st := range g[0] {
		if cellV(st) < low {
			return false
		}
	}
	return medianOf(g[0], cellS) < whiteUnlitS && medianOf(g[1], cellS) >= whiteLitS && medianOf(g[0], cellOverRim) >= whiteRise
}

// glareShare: a lit group that whiteAdded finds to be white light added
// to the unlit caps, and that holds at most one cell in glareShare, is
// glare spots on an all-on or all-off board. Through the label corners
// of four tuning sets (1800 photos), 9 of the 10 boards so read held
// one group.
const glareShare = 5

// glareRim is how much brighter (log V) than the lit cells' rims a
// washed-out cell's rim must be for glareOnLit: glare spreads over the
// gaps, a light's own spill is what the lit cells' rims already show.
const glareRim = 0.2

// glareOnLit reports whether the cells read unlit, at most one in
// glareShare, are each as bright as the lit cells' median, clearly
// whiter (by minSGap) than the coloured lit group, and lit around too
// (the rim glareRim above the lit cells' rims): glare spots on a board
// of one group, washing out whatever lies under them. On five tuning
// sets (2000 photos) it fired on one board, all lit, now read right;
// glare that leaves the gaps darker, or a tint of colour, escapes it.
func glareOnLit(stats [][]cellStats, lit []bool) bool {
	n := len(lit)
	k := n - litCount(lit)
	if k == 0 || k*glareShare > n {
		return false
	}
	g := groups(stats, litAt(lit))
	v, s, r := medianOf(g[1], cellV), medianOf(g[1], cellS), medianOf(g[1], cellRim)
	if s < 2*minSGap {
		return false
	}
	for _, st := range g[0] {
		if st.v < v || st.s > s-minSGap || st.rim < r+glareRim {
			return false
		}
	}
	return true
}

// litCount is how many of lit are true.
func litCount(lit []bool) int {
	n := 0
	for _, on := range lit {
		n += b2i(on)
	}
	return n
}

// purity is st's saturation without the damping of dark pixels that
// measure's (max-min)/(max+16) applies: about (max-min)/max at the
// centre's median brightness. A shadow scales every channel and so
// leaves it as it was.
func purity(st cellStats) float64 {
	v := math.Max(math.Exp(st.v)-4, 1)
	return st.s * (v + 16) / v
}

// Cross-checks: each single feature that splits the board clearly and by
// a visible amount must agree with the combined score.
const (
	minVGap = 0.1  // log V between the groups: 10% brighter
	minSGap = 0.15 // saturation between the groups
	// crossCap caps the confidence of a cell that a single feature puts
	// in the other group.
	crossCap = 0.3
	// clippedV is log(235+4): brightness near the top of the range.
	clippedV = 5.476
)

// ringPeakV (log V) and ringPeakS (saturation) are how much dimmer the
// unlit group's brightest tenth may be than the lit group's, and how much
// more coloured it must be, for lit rings around dark caps to be in
// question; ringDip (log V) is how much further below its peak the
// unlit group's centre must lie than the lit group's, when its centres
// are no less even.
const (
	ringPeakV = 0.25
	ringPeakS = 0.1
	ringDip   = 0.3
)

// crossCheck splits the board again on brightness alone and on
// saturation alone. Where a clear single-feature split disagrees with
// the combined one, the cell is in doubt; when it disagrees on most
// cells, the two features point opposite ways (the brighter group is
// the greyer one) and the whole board is in doubt. It reports whether
// it turned the reading round (ring lights, a light screen).
func crossCheck(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) (turned bool) {
	cols := len(stats[0])
	var vs [2][]float64
	for i, on := range lit {
		g := 0
		if on {
			g = 1
		}
		vs[g] = append(vs[g], stats[i/cols][i%cols].v)
	}
	if len(vs[0]) == 0 || len(vs[1]) == 0 {
		return false
	}
	for g := range vs {
		sort.Float64s(vs[g])
	}
	vGap := sortedQuantile(vs[1], 0.5) - sortedQuantile(vs[0], 0.5)
	var paled []int
	doubtAll := func(reason string) {
		capAll(conf, crossCap)
		why[reason] = len(conf)
	}
	turnRound := func() {
		for i := range lit {
			lit[i] = !lit[i]
		}
	}
	if ringsInverted(stats, lit) {
		// Lit rings around dark caps read the other way round: the
		// uneven group, darker at its centre but as bright around it
		// and at its peak, is the lit one. Read it so, in doubt.
		turnRound()
		doubtAll("ringflip")
		return true
	}
	if vGap < minVGap {
		// The lit group is not clearly brighter: the groups may differ
		// in colour only (white and coloured lights, or an unlit white
		// button beside a lit coloured one), or be a tint or a gradient.
		doubtAll("notbrighter")
		return false
	}
	var rs [2][]float64
	for i, on := range lit {
		g := 0
		if on {
			g = 1
		}
		rs[g] = append(rs[g], stats[i/cols][i%cols].ring)
	}
	for g := range rs {
		sort.Float64s(rs[g])
	}
	if sortedQuantile(rs[1], 0.5) < sortedQuantile(rs[0], 0.5)-minVGap {
		// Lit buttons glow around their centre too; a "lit" group whose
		// rings are darker than the unlit group's is likely inverted
		// (ring lights around a dark cap, read unlit beside pale caps
		// brighter at their centre: w1 108123, v12 109348). Read it
		// the other way round, every cell in doubt, unless a group
		// has under three cells: a cursor or glare.
		doubtAll("ringdarker")
		if min(len(rs[0]), len(rs[1])) < 3 {
			return false
		}
		turnRound()
		return true
	}
	g := groups(stats, litAt(lit))
	lc, uc := g[1], g[0]
	lcS, ucS := medianOf(lc, cellS), medianOf(uc, cellS)
	greyer := lcS < ucS-minSGap*2/3
	if vGap < clearVGap && greyer && medianOf(lc, cellOverRim) < minVGap {
		// The lit group is only a little brighter, no brighter than
		// the gaps around it, and clearly greyer: pale unlit cells
		// beside coloured lit ones on a light screen. Turn it round
		// when the coloured group stands out more from its gaps
		// (darker or brighter: a light screen shows lit cells darker
		// than the background), or is far more saturated: flat tiles
		// fill their cells, so neither group stands out from its rim
		// (render-unseen 48 photos 111 and 123: red tiles 0.57 and 0.42
		// more saturated than pale pink ones, read the other way round),
		// unless a group has under three cells (a cursor).
		ucOver, lcOver := math.Abs(medianOf(uc, cellOverRim)), math.Abs(medianOf(lc, cellOverRim))
		if ucOver > lcOver+minVGap || ucS >= lcS+2*minSGap && min(len(lc), len(uc)) >= 3 {
			turnRound()
			turned = true
		}
		doubtAll("greyer")
		return turned
	}
	if greyer && medianOf(lc, cellOverRim) < 0 {
		// Clearly brighter, but clearly greyer and below the gaps
		// around it: no light glows so. Paint or print on a pale case
		// may be lit either way.
		doubtAll("greyerdim")
		return false
	}
	if medianOf(uc, cellPeak) >= medianOf(lc, cellPeak) && medianOf(uc, func(s cellStats) float64 { return s.peak - s.rim }) > 0.3 {
		// The unlit buttons' brightest tenth is as bright as the lit
		// ones' and well above the gaps around them (not the case
		// showing through): lit rings around dark caps beside bright
		// unlit caps read the same way.
		doubtAll("unlitpeak")
		return false
	}
	if len(uc) >= 3 && medianOf(uc, cellPeak) >= medianOf(lc, cellPeak)-ringPeakV && medianOf(uc, cellPeakS) >= medianOf(lc, cellPeakS)+ringPeakS &&
		(medianOf(uc, cellSpread) >= medianOf(lc, cellSpread)+0.1 || medianOf(uc, cellDip) >= medianOf(lc, cellDip)+ringDip) {
		// The unlit buttons' brightest tenth is nearly as bright as the
		// lit ones' and more coloured, around uneven centres or centres
		// far below it: coloured lit rings around dark caps beside
		// bright unlit caps (shaded in daylight, so as uneven).
		doubtAll("unlitring")
		return false
	}
	// A cell of another colour is no surprise in a group whose colour
	// varies (several colours of light or of caps). A white cursor over
	// an unlit cell among red lights is.
	for _, f := range []struct {
		name   string
		get    func(cellStats) float64
		minGap float64
	}{
		// In score units, so that summarise's noise floor fits.
		{"brightness", func(s cellStats) float64 { return s.v / vScale }, minVGap / vScale},
		{"saturation", func(s cellStats) float64 { return s.s / sScale }, minSGap * 2 / 3 / sScale},
	} {
		xs := cellScores(stats, f.get)
		t, lo, hi, sep, ok := otsuSplit(xs, stats)
		if !ok {
			continue
		}
		if sep < minSeparation || hi.mean-lo.mean < f.minGap {
			continue
		}
		// Compare the partitions up to swapping the groups: a single
		// feature may rank them either way, but where it groups cells
		// differently, those cells are in doubt.
		var same, swapped []int
		for i, x := range xs {
			if (x > t) != lit[i] {
				same = append(same, i)
			} else {
				swapped = append(swapped, i)
			}
		}
		differ := same
		if len(swapped) < len(same) {
			differ = swapped
		}
		k := 0
		for _, i := range differ {
			if f.name == "brightness" && greyGlare(stats, lit, i) {
				continue
			}
			pale := f.name == "saturation" && paleDim(stats, lit, i)
			if f.name == "saturation" && clearlyBright(stats[i/cols][i%cols].v, lit[i], vs, clippedLit(stats, lit, differ) >= minClipped) &&
				(satVaries(stats, lit, lit[i]) || satBetween(stats, lit, i)) && !pale {
				continue
			}
			if pale {
				paled = append(paled, i)
			}
			conf[i] = math.Min(conf[i], crossCap)
			k++
		}
		if k > 0 {
			why[f.name] += k
		}
	}
	// The pale, dim cells read lit are unlit buttons out of a shadow,
	// when the other lit cells share one colour (several colours of
	// light may include a dimmer white one).
	if len(paled) > 0 && !colouredVary(stats, lit, paled) {
		for _, i := range paled {
			lit[i] = false
		}
	}
	return false
}

// greyGlare reports whether cell i, read unlit but as bright as the lit
// cells, keeps the unlit caps' colour on a board whose lights share one
// colour that sets them clearly apart from the caps: glare or a light
// cast washes a cap out towards white, it does not give it the light's
// colour, at its centre or at its peak. A light of another colour would
// make the lit group's colour vary.
func greyGlare(stats [][]cellStats, lit []bool, i int) bool {
	if lit[i] || satVaries(stats, lit, true) {
		return false
	}
	g := groups(stats, litAt(lit))
	litS, litPS, unlitS := medianOf(g[1], cellS), medianOf(g[1], cellPeakS), medianOf(g[0], cellS)
	st := stats[i/len(stats[0])][i%len(stats[0])]
	return litS-unlitS >= minSGap && math.Abs(st.s-unlitS) < 0.1 &&
		litS-st.s >= minSGap && litPS-st.peakS >= minSGap
}

// whiterPeak is how much less saturated at its peak than the lit
// cells' median a lit cell below them must be to be taken for glare.
const whiterPeak = 0.05

// brightnessOverlap doubts the cells whose brightness says the other
// group: an unlit cell at least as bright as a tenth of the lit ones
// (a white light under a shadow beside coloured ones), and a lit cell
// below a lit group that the camera clipped, by a fifth of the way to
// the unlit group, with a rim brighter than the lit cells' (glare or
// bloom on an unlit button next to lights at full scale), or whiter at
// its peak than lights of one colour (glare on a cap). A cell that
// is both is read unlit, still in doubt.
func brightnessOverlap(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	var lv, uv, lrim []float64
	for i, on := range lit {
		if on {
			lv = append(lv, stats[i/cols][i%cols].v)
			lrim = append(lrim, stats[i/cols][i%cols].rim)
		} else {
			uv = append(uv, stats[i/cols][i%cols].v)
		}
	}
	if len(lv) < 3 {
		return
	}
	sort.Float64s(lv)
	sort.Float64s(uv)
	sort.Float64s(lrim)
	low, med := sortedQuantile(lv, 0.1), sortedQuantile(lv, 0.5)
	// A lit cell a little below the clipped ones is a light of a colour
	// the camera did not clip, unless its rim is brighter than the lit
	// cells' rims (glare spreads over the gaps too) or it lies well down
	// towards the unlit group.
	deep := med - math.Max(0.04, 0.2*(med-sortedQuantile(uv, 0.5)))
	rimLit := sortedQuantile(lrim, 0.5)
	// Among lights of one colour, a lit cell below the clipped ones and
	// whiter than them at its peak is no light of another colour: glare
	// whitens a cap towards white, as the lights are.
	g := groups(stats, litAt(lit))
	whiter := -1.0
	if !satVaries(stats, lit, true) {
		whiter = medianOf(g[1], cellPeakS) - whiterPeak
	}
	// On a board of grey caps, a grey cell below clipped lights may as
	// well be a cap in good light as a white light: brightness is all
	// that tells them apart, and it says the cell is not one of them.
	greyCaps := len(uv) > 0 && medianOf(g[0], cellS) < greyS
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		v := st.v
		switch {
		case !on && v >= low:
			conf[i] = math.Min(conf[i], crossCap)
			why["brightunlit"]++
		case on && med >= clippedV && v < med-0.04 && (v < deep || st.rim > rimLit+0.1 || len(uv) == 0 || greyCaps && st.s < greyS || st.peakS < whiter):
			conf[i] = math.Min(conf[i], crossCap)
			why["belowclip"]++
			switch glare := st.rim > rimLit+0.1; {
			case v < deep && glare:
				// Both: a glare spot over an unlit button, gaps
				// included. Read it unlit, in doubt.
				lit[i] = false
			case greyCaps && st.s < greyS && !glare:
				// A grey cell among grey caps, below the clipped
				// lights, its rim lit no more than theirs: a cap in
				// good light. Read it unlit, in doubt.
				lit[i] = false
			}
		}
	}
}

// oddHue doubts the unlit cells of another hue than the unlit group,
// and brighter: a dim light (blue LEDs look dim to a camera) among
// caps that share the case's or the room's cast. Caps tinted cell by
// cell vary in hue too many at a time to be odd.
func oddHue(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	u := groups(stats, litAt(lit))[0]
	if len(u) < 5 {
		return
	}
	ma, mb := medianChroma(u)
	mv := medianOf(u, cellV)
	var odd []int
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		if on || math.Hypot(st.ca-ma, st.cb-mb) <= minSGap || st.v <= mv+oddHueV {
			continue
		}
		// Bloom tints a cell towards the hue of its lit neighbours.
		r, c := i/cols, i%cols
		var na, nb float64
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < len(stats) && cc >= 0 && cc < cols && lit[rr*cols+cc] {
				na += stats[rr][cc].ca - ma
				nb += stats[rr][cc].cb - mb
			}
		}
		if da, db := st.ca-ma, st.cb-mb; da*na+db*nb > 0.7*math.Hypot(da, db)*math.Hypot(na, nb) {
			continue
		}
		odd = append(odd, i)
	}
	if len(odd) == 0 || len(odd) > max(2, len(u)*maxOddHue/100) && (2*len(odd) >= len(u) || !oneHue(stats, odd)) {
		return
	}
	for _, i := range odd {
		conf[i] = math.Min(conf[i], crossCap)
	}
	why["oddhue"] += len(odd)
}

// oddLitInLine doubts a lit cell whose colour is not that of the other
// lit cells of its row, or of its column, when they are minLineMates or
// more and all share one colour (each within minSGap/2 of their median
// chroma) and it lies minSGap or more from it: a pointer or a glare
// spot on an unlit cell of a board lit in a colour per row (t2 99686: a
// white pointer on an unlit cell of a row of pink lights, read lit with
// no doubt). Where colours vary cell by cell, a line's lit cells do not
// share one. The cells are marked covered: the cell model turned a lit
// cell under a pointer off (t1 99009).
func oddLitInLine(stats [][]cellStats, lit []bool, conf []float64, v *verdict) {
	rows, cols := len(stats), len(stats[0])
	odd := map[int]bool{}
	// judge looks at the lit cells at is (row-major indices of one line).
	judge := func(is []int) {
		var on []int
		for _, i := range is {
			if lit[i] {
				on = append(on, i)
			}
		}
		for _, i := range on {
			var mates []cellStats
			for _, j := range on {
				if j != i {
					mates = append(mates, stats[j/cols][j%cols])
				}
			}
			if len(mates) < minLineMates {
				continue
			}
			if !sameHue(mates) {
				continue
			}
			ma, mb := medianChroma(mates)
			if st := stats[i/cols][i%cols]; math.Hypot(st.ca-ma, st.cb-mb) >= minSGap {
				odd[i] = true
			}
		}
	}
	for r := range rows {
		var is []int
		for c := range cols {
			is = append(is, r*cols+c)
		}
		judge(is)
	}
	for c := range cols {
		var is []int
		for r := range rows {
			is = append(is, r*cols+c)
		}
		judge(is)
	}
	for i := range odd {
		conf[i] = math.Min(conf[i], crossCap)
		if v.covered == nil {
			v.covered = map[int]bool{}
		}
		v.covered[i] = true
	}
	if len(odd) > 0 {
		v.why["oddlit"] += len(odd)
	}
}

// minLineMates is how many other lit cells of one colour a line must
// hold for oddLitInLine to judge a lit cell by them.
const minLineMates = 3

// oneHue reports whether the cells odd (indices into stats, row-major)
// share one hue: every one within minSGap/2 of their median chroma. A
// minority of the unlit cells that is brighter and of one hue of its
// own is a row or a set of dim lights of one colour; caps tinted cell by
// cell vary in hue.
func oneHue(stats [][]cellStats, odd []int) bool {
	cols := len(stats[0])
	var cells []cellStats
	for _, i := range odd {
		cells = append(cells, stats[i/cols][i%cols])
	}
	return sameHue(cells)
}

// sameHue reports whether every one of cells lies within minSGap/2 of
// their median chroma.
func sameHue(cells []cellStats) bool {
	ma, mb := medianChroma(cells)
	for _, st := range cells {
		if math.Hypot(st.ca-ma, st.cb-mb) > minSGap/2 {
			return false
		}
	}
	return true
}

// whiteLone doubts the one or two lit cells of a board whose peak is
// clearly greyer than the unlit caps' peaks: a glare spot whitens a
// coloured cap, where a light glows in a colour of its own. A lone
// white light among tinted caps is in doubt too; it is rare, and only
// boards of one or two lights pay for it.
func whiteLone(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	u := groups(stats, litAt(lit))[0]
	uPS := medianOf(u, cellPeakS)
	for i, on := range lit {
		if on && stats[i/cols][i%cols].peakS < uPS-2*minSGap {
			conf[i] = math.Min(conf[i], crossCap)
			why["whitelone"]++
		}
	}
}

// Levels of glareLone: how far above a cell's centre (log V) its
// brightest tenth lies, and the most its halo may show.
const (
	glarePeak = 0.1
	glareHalo = 0.3
)

// glareLone turns unlit, in doubt, each of the one or two cells read lit
// by less than a lit light usually differs (lone) whose brightest tenth
// lies glarePeak or more above its centre, that is no more saturated
// than the unlit cells' median, and that shows no lit ring (halo under
// glareHalo): a glare spot brightens part of an unlit cap, where a light
// glows from its centre, in its colour. Through the label corners of
// five boardgen tuning sets (2,600 photos), 20 of the 37 unlit lone
// cells read lit showed so, and none of the 60 lit ones. On a board of
// a few cells (under smallBoard) one or two cells are no lone group: a
// 2×2 screen's one light under a cursor showed so too (107426).
func glareLone(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	if len(stats)*cols < smallBoard {
		return
	}
	uS := medianOf(groups(stats, litAt(lit))[0], cellS)
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		if on && st.peak-st.v >= glarePeak && st.s <= uS && st.halo < glareHalo {
			lit[i] = false
			conf[i] = math.Min(conf[i], crossCap)
			why["glarelone"]++
		}
	}
}

// greyAmongLit doubts the one or two lit cells whose peak is clearly
// greyer than both the unlit caps' and the other lit cells' peaks,
// when the other lit cells share one colour: a cursor or a glare spot
// whitens a cap, where the board's lights glow in their colour. More
// such cells make a row of white lights.
func greyAmongLit(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	g := groups(stats, litAt(lit))
	uPS, lPS := medianOf(g[0], cellPeakS), medianOf(g[1], cellPeakS)
	var grey []int
	for i, on := range lit {
		if p := stats[i/cols][i%cols].peakS; on && p < uPS-2*minSGap && p < lPS-minSGap {
			grey = append(grey, i)
		}
	}
	if len(grey) == 0 || len(grey) > 2 || !oneColour(stats, lit, grey) {
		return
	}
	for _, i := range grey {
		conf[i] = math.Min(conf[i], crossCap)
		why["greyamonglit"]++
	}
}

// oneColour reports whether the lit cells other than skip that show
// their footprint's chroma below clipping share one colour: all within
// chromaGap of their median. A white light is as likely as glare among
// lights of several colours.
func oneColour(stats [][]cellStats, lit []bool, skip []int) bool {
	cols := len(stats[0])
	var ps [][2]float64
	for i, on := range lit {
		if st := stats[i/cols][i%cols]; on && st.krOK && !slices.Contains(skip, i) {
			ps = append(ps, st.kr)
		}
	}
	if len(ps) < 2 {
		return false
	}
	m := medianPoint(ps)
	for _, p := range ps {
		if math.Hypot(p[0]-m[0], p[1]-m[1]) > chromaGap {
			return false
		}
	}
	return true
}

// oddHueV is how much brighter (log V) than the unlit group an unlit
// cell of another hue must be to be doubted, and maxOddHue the largest
// share (per cent) of the unlit cells that may be odd.
const (
	oddHueV   = 0.05
	maxOddHue = 15
)

// clearlyBright reports whether brightness v alone puts a cell clearly
// in its group (lit or not): the groups' brightness (sorted log V of the
// unlit and lit cells) differs by a factor of 1.35 or more and v lies
// in the outer three quarters on its group's side.
func clearlyBright(v float64, on bool, vs [2][]float64, clipOK bool) bool {
	if len(vs[0]) == 0 || len(vs[1]) == 0 {
		return false
	}
	lo, hi := sortedQuantile(vs[0], 0.5), sortedQuantile(vs[1], 0.5)
	gap := hi - lo
	if gap < clearVGap {
		return false
	}
	if on {
		// A clipped centre may be glare or daylight on an unlit
		// button: brightness cannot vouch for it, unless clipOK says
		// several such cells differ (a row of white lights among
		// coloured ones, not a glare spot or two).
		return (v < clippedV || clipOK) && v-lo > 0.75*gap
	}
	return hi-v > 0.75*gap
}

// minClipped is how many clipped lit cells a check must doubt before
// their brightness may vouch for them: glare spots come one or two at a
// time.
const minClipped = 3

// clippedLit counts the lit cells among cells (indices into lit) whose
// centre is clipped.
func clippedLit(stats [][]cellStats, lit []bool, cells []int) int {
	cols := len(stats[0])
	k := 0
	for _, i := range cells {
		if lit[i] && stats[i/cols][i%cols].v >= clippedV {
			k++
		}
	}
	return k
}

// satVaries reports whether the colour of the lit (on) or unlit cells
// varies: an interquartile range of 0.1 or more in saturation or in
// either axis of chroma (red, yellow and green lights are alike
// saturated, but not alike in hue).
func satVaries(stats [][]cellStats, lit []bool, on bool) bool {
	cols := len(stats[0])
	var ss, as, bs []float64
	for i, l := range lit {
		if l == on {
			st := stats[i/cols][i%cols]
			ss = append(ss, st.s)
			as = append(as, st.ca)
			bs = append(bs, st.cb)
		}
	}
	for _, xs := range [][]float64{ss, as, bs} {
		sort.Float64s(xs)
		if sortedQuantile(xs, 0.75)-sortedQuantile(xs, 0.25) >= 0.1 {
			return true
		}
	}
	return false
}

// satBetween reports whether cell i's saturation lies between the two
// groups' medians, give or take 0.05: a paler light or a tinted cap,
// which brightness may decide. A cell whiter than both groups (a white
// cursor), more coloured than both, or at the other group's own colour
// is not.
func satBetween(stats [][]cellStats, lit []bool, i int) bool {
	cols := len(stats[0])
	var g [2][]cellStats
	for j, on := range lit {
		g[b2i(on)] = append(g[b2i(on)], stats[j/cols][j%cols])
	}
	if len(g[0]) == 0 || len(g[1]) == 0 {
		return false
	}
	own, other := medianOf(g[b2i(lit[i])], cellS), medianOf(g[b2i(!lit[i])], cellS)
	a, b := math.Min(own, other), math.Max(own, other)
	// At the other group's own colour, and alone in its group there, it
	// is not between: a glare spot on an unlit grey button among orange
	// lights is as grey as the unlit ones. A row of white lights among
	// coloured ones holds several such cells.
	at := func(s cellStats) bool { return math.Abs(s.s-other) < 0.25*(b-a) }
	if b-a >= minSGap && at(stats[i/cols][i%cols]) {
		k := 0
		for _, st := range g[b2i(lit[i])] {
			if at(st) {
				k++
			}
		}
		if k < 2 {
			return false
		}
	}
	x := stats[i/cols][i%cols].s
	return x >= a-0.05 && x <= b+0.05
}

// paleDim reports whether lit cell i has the unlit group's colour and
// is dimmer than every lit cell of the lit colour. White lights among
// coloured ones are as bright as those: such a cell is more likely an
// unlit button out of a shadow that darkens the rest of the board, and
// neither brightness nor a varied lit colour may vouch for it.
func paleDim(stats [][]cellStats, lit []bool, i int) bool {
	if !lit[i] {
		return false
	}
	cols := len(stats[0])
	var g [2][]cellStats
	for j, on := range lit {
		g[b2i(on)] = append(g[b2i(on)], stats[j/cols][j%cols])
	}
	if len(g[0]) == 0 {
		return false
	}
	unlitS, litS := medianOf(g[0], cellS), medianOf(g[1], cellS)
	if litS-unlitS < minSGap {
		return false
	}
	at := func(s cellStats) bool { return s.s-unlitS < 0.25*(litS-unlitS) }
	st := stats[i/cols][i%cols]
	if !at(st) {
		return false
	}
	dimmest := math.Inf(1)
	for _, o := range g[1] {
		if !at(o) {
			dimmest = math.Min(dimmest, o.v)
		}
	}
	return st.v < dimmest-0.05
}

// colouredVary reports whether the lit cells other than skip vary in
// saturation (an interquartile range of 0.05 or more) or in the colour
// of their peak.
func colouredVary(stats [][]cellStats, lit []bool, skip []int) bool {
	cols := len(stats[0])
	out := map[int]bool{}
	for _, i := range skip {
		out[i] = true
	}
	var ss, ps []float64
	for i, on := range lit {
		if on && !out[i] {
			ss = append(ss, stats[i/cols][i%cols].s)
			ps = append(ps, stats[i/cols][i%cols].peakS)
		}
	}
	if len(ss) < 2 {
		return true
	}
	sort.Float64s(ss)
	sort.Float64s(ps)
	iqr := func(x []float64) float64 { return sortedQuantile(x, 0.75) - sortedQuantile(x, 0.25) }
	return iqr(ss) >= 0.05 || iqr(ps) >= 0.05
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// oddRim is how far (log V) a cell's rim may lie above both groups'
// median rims before the cell is in doubt.
const oddRim = 0.6

// clearVGap is the brightness gap (log V) between the groups from which
// brightness alone may vouch for a cell that colour groups otherwise.
const clearVGap = 0.3

// peakSplit splits the board on peakScore: the scores and the
// threshold, and whether the split is clear (as decide's).
func peakSplit(stats [][]cellStats) ([]float64, float64, bool) {
	xs := cellScores(stats, peakScore)
	t, lo, hi, sep, ok := otsuSplit(xs, stats)
	if !ok {
		return nil, 0, false
	}
	return xs, t, sep >= minSeparation && hi.mean-lo.mean >= minGap(len(xs), min(lo.n, hi.n))
}

// clippedSatGap (log) is how much more saturated at their peaks the
// footprints of one group of a clippedColourSplit must be than the
// other's: a factor of about 1.35.
const clippedSatGap = 0.3

// clippedSatStep is the least difference of peak saturation between the
// groups of a clippedColourSplit: white lights all on, a few tinted by a
// cursor or a glow, differ by 0.05.
const clippedSatStep = 0.07

// clippedColourSplit splits a board whose centres are nearly all
// clipped (kcOK false) on the log saturation of each footprint's
// brightest pixels (peakS): clipped in one channel, a lit light still
// tints its cap in the channels that did not clip, while an unlit cap
// reflects the room's light. It reports the scores, the threshold and
// whether they fall in two clear groups of at least two cells each,
// the more saturated of one hue.
func clippedColourSplit(stats [][]cellStats) ([]float64, float64, bool) {
	cells := cellsOf(stats)
	clipped := 0
	for _, st := range cells {
		if !st.kcOK {
			clipped++
		}
	}
	if 4*clipped < 3*len(cells) {
		return nil, 0, false
	}
	xs := cellScores(stats, func(s cellStats) float64 { return math.Log(s.peakS + 0.01) })
	t, lo, hi, sep, ok := otsuSplit(xs, stats)
	if !ok {
		return nil, 0, false
	}
	if sep < minSeparation || hi.mean-lo.mean < clippedSatGap || min(lo.n, hi.n) < 2 {
		return nil, 0, false
	}
	g := groups(stats, above(xs, t))
	if medianOf(g[1], cellPeakS)-medianOf(g[0], cellPeakS) < clippedSatStep {
		// Near-white cells, where a ratio of saturations is noise.
		return nil, 0, false
	}
	// The more saturated group must be of one hue, the board's light
	// colour: lights of several colours, all on, differ in saturation
	// too (a white one beside a green one).
	var sx, sy float64
	for i, x := range xs {
		if x <= t {
			continue
		}
		k := cells[i].kr
		if r := math.Hypot(k[0], k[1]); r > 0 {
			sx, sy = sx+k[0]/r, sy+k[1]/r
		}
	}
	return xs, t, math.Hypot(sx, sy) >= clippedOneHue*float64(hi.n)
}

// clippedOneHue is the least mean resultant length of the hues of a
// clippedColourSplit's upper group (1: all one hue; 0.9: spread by
// about 25°).
const clippedOneHue = 0.9

// peakColoured reports whether the cells above t carry clearly more
// colour at their peak than those below: lit rings do, glare does not.
func peakColoured(stats [][]cellStats, xs []float64, t float64) bool {
	g := groups(stats, above(xs, t))
	return len(g[0]) > 0 && len(g[1]) > 0 && medianOf(g[1], cellPeakS)-medianOf(g[0], cellPeakS) >= 0.1
}

// peakEven (log V, 5%) is how much darker than the other the upper
// group of a peak split may be at its peak and still count as even.
const peakEven = 0.05

// peakBrighter reports whether the cells above t are also brighter at
// their peak than those below, by at least by (log V): a lit ring is, a coloured
// case filling the footprint of a small unlit button is not.
func peakBrighter(stats [][]cellStats, xs []float64, t, by float64) bool {
	g := groups(stats, above(xs, t))
	return len(g[0]) > 0 && len(g[1]) > 0 && medianOf(g[1], cellPeak)-medianOf(g[0], cellPeak) >= by
}

// peakCheck splits the board again on the brightest tenth of each
// button's footprint (peakScore), the upper group lit. Cells it reads
// otherwise are in doubt; when it reads most cells otherwise, the centres
// are dark caps inside lit rings: its reading is kept, every cell in doubt.
func peakCheck(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	n := len(lit)
	g := groups(stats, litAt(lit))
	if len(g[0]) > 0 && len(g[1]) > 0 && medianOf(g[0], cellPeakS) >= medianOf(g[1], cellPeakS)+0.1 &&
		medianOf(g[0], cellPeak) < medianOf(g[1], cellPeak)-0.3 {
		// The unlit footprints' peaks are more coloured than the lit
		// ones' but clearly darker: a coloured case around small
		// buttons, not light (lit rings are as bright).
		return
	}
	xs, t, ok := peakSplit(stats)
	if !ok {
		return
	}
	var differ []int
	for i, x := range xs {
		if (x > t) != lit[i] {
			differ = append(differ, i)
		}
	}
	if 2*len(differ) > n && peakBrighter(stats, xs, t, 0.03) {
		for i, x := range xs {
			lit[i] = x > t
			conf[i] = math.Min(conf[i], crossCap)
		}
		why["peakflip"] = n
		return
	}
	if 2*len(differ) > n && peakBrighter(stats, xs, t, -peakEven) {
		// The peaks read most cells the other way, as bright as
		// each other and parted by colour alone: lit rings blurred
		// into their caps, or a tint. Every cell in doubt.
		capAll(conf, crossCap)
		why["peakcolour"] = n
		return
	}
	if !peakBrighter(stats, xs, t, 0) {
		// The upper group is coloured but darker at its peak: the split
		// follows a tint (red glow in the footprint of unlit buttons
		// beside lit ones clipped to white), not light.
		return
	}
	// An unlit cell whose centre is clearly dark and whose footprint's
	// peak stays well below the lit buttons' keeps its confidence: bloom
	// from lit neighbours or a glare spot lights the edge of its
	// footprint. A lit ring around a dark cap is as bright as the others.
	// So does one whose peak is no brighter than its own rim: the bright
	// tenth of the footprint is the case or gaps at its edge (a light
	// panel around dark caps), and a lit ring outshines the gaps around
	// it.
	var vs [2][]float64
	var litPeak []float64
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		vs[b2i(on)] = append(vs[b2i(on)], st.v)
		if on {
			litPeak = append(litPeak, st.peak)
		}
	}
	for g := range vs {
		sort.Float64s(vs[g])
	}
	sort.Float64s(litPeak)
	for _, i := range differ {
		st := stats[i/cols][i%cols]
		if !lit[i] && clearlyBright(st.v, false, vs, false) && (st.peak < sortedQuantile(litPeak, 0.5)-0.3 || st.peak <= st.rim) {
			continue
		}
		// A lit cell as bright as the others, centre and peak, that
		// only its colour sets apart, on a board of several colours of
		// light: a white light among coloured ones.
		if lit[i] && clearlyBright(st.v, true, vs, clippedLit(stats, lit, differ) >= minClipped) && st.peak >= sortedQuantile(litPeak, 0.5)-0.1 &&
			(satVaries(stats, lit, true) || satBetween(stats, lit, i)) && !paleDim(stats, lit, i) {
			continue
		}
		conf[i] = math.Min(conf[i], crossCap)
		if lit[i] {
			why["peakdim"]++
		} else {
			why["peakbright"]++
		}
	}
}

// emptyGap is the distance between the groups on either side of t (the
// lowest score above it minus the highest below) over the range of the
// scores: 1 when each group is a single value, near 0 when the groups
// touch.
func emptyGap(xs []float64, t float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	min, max := math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		if x > t {
			hi = math.Min(hi, x)
		} else {
			lo = math.Max(lo, x)
		}
		min, max = math.Min(min, x), math.Max(max, x)
	}
	if max <= min || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0
	}
	return (hi - lo) / (max - min)
}

// cellScores returns score of every cell of stats, row-major.
func cellScores(stats [][]cellStats, score func(cellStats) float64) []float64 {
	var xs []float64
	for _, row := range stats {
		for _, st := range row {
			xs = append(xs, score(st))
		}
	}
	return xs
}

// otsuSplit splits xs (one score a cell, row-major over stats) at
// Otsu's threshold t and summarises the groups below and above it, with
// their separation: the distance between them over their pooled spread.
// ok is false when all the scores are equal.
func otsuSplit(xs []float64, stats [][]cellStats) (t float64, lo, hi group, sep float64, ok bool) {
	t, ok = otsuThreshold(xs)
	if !ok {
		return 0, group{}, group{}, 0, false
	}
	lo, hi = summarise(xs, stats, t)
	sep = (hi.mean - lo.mean) / math.Sqrt((lo.sigma*lo.sigma+hi.sigma*hi.sigma)/2)
	return t, lo, hi, sep, true
}

// summarise describes the groups below and above threshold t. Spreads
// are robust (median absolute deviation), so that one odd cell does not
// hide a clear split, and never below noiseFloor nor a twentieth of the
// distance between the groups, so that flat synthetic boards do not look
// infinitely sure.
func summarise(xs []float64, stats [][]cellStats, t float64) (lo, hi group) {
	cols := len(stats[0])
	var side [2][]float64
	var sp, fall, ring, rim [2][]float64
	for i, x := range xs {
		g := 0
		if x > t {
			g = 1
		}
		st := stats[i/cols][i%cols]
		side[g] = append(side[g], x)
		sp[g] = append(sp[g], st.spread)
		fall[g] = append(fall[g], st.v-st.ring)
		ring[g] = append(ring[g], st.ring)
		rim[g] = append(rim[g], st.rim)
	}
	var gs [2]group
	for g := 0; g < 2; g++ {
		sort.Float64s(side[g])
		sort.Float64s(sp[g])
		gs[g].n = len(side[g])
		gs[g].mean = sortedQuantile(side[g], 0.5)
		gs[g].spread = sortedQuantile(sp[g], 0.5)
		sort.Float64s(fall[g])
		gs[g].fall = sortedQuantile(fall[g], 0.5)
		sort.Float64s(ring[g])
		gs[g].ring = sortedQuantile(ring[g], 0.5)
		sort.Float64s(rim[g])
		gs[g].rim = sortedQuantile(rim[g], 0.5)
		dev := make([]float64, len(side[g]))
		for i, x := range side[g] {
			dev[i] = math.Abs(x - gs[g].mean)
		}
		sort.Float64s(dev)
		gs[g].sigma = 1.4826 * sortedQuantile(dev, 0.5)
	}
	floor := math.Max(noiseFloor/vScale, (gs[1].mean-gs[0].mean)/20)
	for g := 0; g < 2; g++ {
		gs[g].sigma = math.Max(gs[g].sigma, floor)
	}
	return gs[0], gs[1]
}

// twoGroupConf labels a two-group board, the upper group lit, and sets
// each cell's confidence: the log-likelihood ratio of its group over the
// other (Gaussian groups of their robust spreads), capped by its margin
// from the midpoint between the groups, and lowered when the cell's
// centre is much less even than the board's cells usually are (a glare
// spot, a cursor or a shadow edge may have moved its median).
func twoGroupConf(xs []float64, stats [][]cellStats, t float64, lo, hi group, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	mid := (lo.mean + hi.mean) / 2
	half := (hi.mean - lo.mean) / 2
	typical := math.Min(lo.spread, hi.spread)
	if lo.n < 3 {
		typical = hi.spread
	} else if hi.n < 3 {
		typical = lo.spread
	}
	var brightRim []int // unlit cells whose rim looks lit
	var darkRim []int   // lit cells whose rim looks unlit
	for i, x := range xs {
		own, other := lo, hi
		if x > t {
			own, other = hi, lo
			lit[i] = true
		}
		zo := (x - other.mean) / other.sigma
		zg := (x - own.mean) / own.sigma
		llr := (zo*zo-zg*zg)/2 + math.Log(other.sigma/own.sigma)
		cf := unit((llr - 2) / 8)
		if cf < UncertainBelow {
			why["likelihood"]++
		}
		if m := unit((math.Abs(x-mid)/half - 0.15) / 0.35); m < cf {
			cf = m
			if cf < UncertainBelow {
				why["margin"]++
			}
		}
		st := stats[i/cols][i%cols]
		// A group whose cells are all uneven alike (small lit dots on
		// wide buttons) sets its own norm.
		norm := typical
		if own.n >= 3 {
			norm = math.Max(typical, own.spread)
		}
		if excess := st.spread - norm; excess > 0.35 {
			cf *= unit(1 - (excess-0.35)/0.45)
			if cf < UncertainBelow {
				why["uneven"]++
			}
		}
		// The centre and its ring should differ as they do in the
		// cell's group (the other group's when its own has under three
		// cells); a cursor or glare over the centre breaks that.
		ref := own.fall
		if own.n < 3 {
			ref = other.fall
		}
		if odd := math.Abs(st.v - st.ring - ref); odd > 0.3 {
			cf *= unit(1 - (odd-0.3)/0.4)
			if cf < UncertainBelow {
				why["ring"]++
			}
			// The centre is obscured: when the groups' rings differ
			// nearly as much as their centres (buttons that fill the
			// cell), the ring decides, still in doubt.
			dv := (hi.ring + hi.fall) - (lo.ring + lo.fall)
			if hi.ring-lo.ring > 0.2 && hi.ring-lo.ring > 0.6*dv {
				lit[i] = math.Abs(st.ring-hi.ring) < math.Abs(st.ring-lo.ring)
			}
		}
		// When lit and unlit rims differ clearly (glow, tile borders), a
		// cell whose rim sits well on the other group's side is suspect:
		// its centre may be a cursor or glare over a button of the other
		// kind.
		if d := other.rim - own.rim; math.Abs(d) > 0.3 && (st.rim-own.rim)/d > 0.75 {
			if x > t {
				darkRim = append(darkRim, i)
			} else {
				brightRim = append(brightRim, i)
			}
		}
		conf[i] = cf
	}
	// A rim far brighter than both groups' (a cursor or glare over the
	// whole cell, gaps included) puts the cell in doubt whatever its
	// centre says.
	for i := range xs {
		st := stats[i/cols][i%cols]
		if st.rim-math.Max(lo.rim, hi.rim) > oddRim {
			conf[i] = math.Min(conf[i], crossCap)
			why["oddrim"]++
		}
	}
	// An unlit cell's rim lit by the glow of two or more lit neighbours
	// is no surprise; with fewer, its centre may be a dark cursor over a
	// lit button.
	for _, i := range brightRim {
		if litNeighbours(lit, cols, i) < 2 {
			conf[i] = math.Min(conf[i], crossCap)
			why["rim"]++
		}
	}
	// A lit cell with one lit neighbour or none gets little glow on its
	// gaps: a dark rim is no surprise when its colour is the lit
	// group's and that colour sets lights apart from caps (glare and
	// cursors are white). Else its centre may be glare or a cursor over
	// an unlit button.
	g := groups(stats, above(xs, t))
	litS, litPS, unlitS := medianOf(g[1], cellS), medianOf(g[1], cellPeakS), medianOf(g[0], cellS)
	for _, i := range darkRim {
		st := stats[i/cols][i%cols]
		if litNeighbours(lit, cols, i) <= 1 && litS-unlitS >= minSGap &&
			math.Abs(st.s-litS) < 0.1 && math.Abs(st.peakS-litPS) < 0.1 {
			continue
		}
		conf[i] = math.Min(conf[i], crossCap)
		why["rim"]++
	}
}

// litNeighbours counts the lit cells beside cell i (row-major, cols
// columns) up, down, left and right.
func litNeighbours(lit []bool, cols, i int) int {
	rows := len(lit) / cols
	r, c := i/cols, i%cols
	n := 0
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols && lit[rr*cols+cc] {
			n++
		}
	}
	return n
}

// oneGroupConf decides an all-off or all-on board. Relative measures
// cannot: there is nothing to compare with. Lit buttons glow near the
// top of the camera's range (clipped) and carry colour or stand clear
// of the gaps around them; unlit ones sit lower, and bright but grey,
// even caps are unlit ones in good light. The rule rests on absolute
// levels, so every cell stays below UncertainBelow (doubt is flagged);
// plainOneGroup lifts the doubt where the ring around the grid makes
// the board plain. Dim and even is not plain: grey lights on a dark
// screen are dim and even too. Through the label
// corners of the rendered tuning sets (a, b and 500 more) 162 all-off
// or all-on boards are read as one group; this rule reads 7 of them
// wrong (17 before the clipped and grey-cap cases), all in doubt.
func oneGroupConf(stats [][]cellStats, lit []bool, conf []float64) {
	var vs, ss, ks []float64
	for _, row := range stats {
		for _, st := range row {
			vs = append(vs, st.v)
			ss = append(ss, st.s)
			ks = append(ks, st.v-st.rim)
		}
	}
	sort.Float64s(vs)
	sort.Float64s(ss)
	sort.Float64s(ks)
	v, s, rise := sortedQuantile(vs, 0.5), sortedQuantile(ss, 0.5), sortedQuantile(ks, 0.5)
	spread := medianOf(cellsOf(stats), cellSpread)
	on, c := false, 0.3 // undecided: unlit, in deep doubt
	switch {
	case v >= oneGroupTopV:
		// Clipped centres: a light glows at the top of the camera's
		// range; caps that reflect the room rarely reach it.
		on, c = true, 0.45
	case v >= oneGroupLitV && v < oneGroupGreyCapV && s < greyS && spread < evenSpread:
		// Bright but grey, even and below the top: white caps in good
		// light more often than white lights, which clip or show their
		// hot spot.
		c = 0.45
	case v >= oneGroupLitV && (s >= 0.3 || rise >= 0.9):
		on, c = true, 0.45
	case v <= oneGroupUnlitV:
		// Dim, and even or not: unlit more often than lit, but grey
		// lights on a dark screen are dim and even too. Only the ring
		// around the grid can make it plain (plainOneGroup).
		c = 0.45
	}
	for i := range lit {
		lit[i] = on
		conf[i] = c
	}
}

// plainOneGroup lifts the doubt from a one-group board (v, read by
// oneGroupConf) when the board itself makes its state plain. ext holds
// the cells with the ring of would-be cells around them (measure).
//
// All on: every centre is clipped and coloured, and the cells are alike
// (evenCells). Caps that reflect the room reach the top of the camera's
// range in white, if at all; a coloured light does so in its own hue.
//
// All off: every cell is grey and well below the top, no cell stands
// out from the others (evenCells), and the cells are no brighter than
// the ring around the grid, nor their gaps than its gaps: a light
// outshines the case or screen around it and spills onto the gaps
// around itself, an unlit cap does neither. Dim cells, coloured or
// not, darker than the ring around the grid are all off too: a light
// is not outshone by the surface it sits on; but not coloured cells
// sunk below their own gaps in a hue the ring lacks (a light screen's
// accent colour). Neither holds when colour rings the centres
// (colourRing) or a bright ring does (plainHalo): lit rings around dark
// caps.
func plainOneGroup(ext [][]cellStats, v *verdict) {
	in, out := cellsOf(inner(ext)), ring(ext)
	sure := true
	if v.lit[0][0] {
		for _, st := range in {
			sure = sure && st.v >= clippedV && st.s >= plainLitS
		}
		// Caps near white in a warm cast may clip beside clipped lights
		// and look coloured too, but less so: the lights must match.
		// Cells like the clipped screen around them are that screen.
		sure = sure && evenCells(inner(ext)) && !asRing(ext)
	} else {
		for _, st := range in {
			sure = sure && st.v < oneGroupGreyTopV && st.peak < clippedV && st.s < plainGreyS && st.peakS < plainGreyS
		}
		inV, outV := medianOf(in, cellV), medianOf(out, cellV)
		inS, outS := medianOf(in, cellS), medianOf(out, cellS)
		inRim, inRise := medianOf(in, cellRim), medianOf(in, cellOverRim)
		hue := hueGap(in, out)
		sure = sure && evenCells(inner(ext)) &&
			inV-outV <= outshine &&
			inRim-medianOf(out, cellRim) <= outshine
		// Cells that stand well above their own gaps, on a board whose
		// gaps are far darker than the ring around it (a dark board on
		// a light desk), may be lights outshone only by the desk: not
		// plain as grey caps. Dim cells (the test below) stay plain:
		// doubting them too put 4 more right boards of five tuning
		// sets in doubt and caught no wrong one.
		if inRise >= shineRise && outV-inRim >= shineRise {
			sure = false
		}
		// Pale cells that stand above both their own gaps and the
		// screen or case around the grid may be white lights on a
		// light screen as well as pale caps on a darker case: not
		// plain (render-unseen 35/148, all on in white, 0.24 above the
		// screen and 0.22 above its gaps, was read off with no doubt).
		// Dim cells so raised stay plain: lights would be brighter.
		if inV >= paleV && inV-outV >= paleRise && inRise >= paleRise {
			sure = false
		}
		// Pale cells no darker than the screen or case around the grid,
		// more coloured than it and in a hue of their own, may be pale
		// lights on a light screen (render-unseen 46 photo 103, cream
		// cells lit on a white screen, was read off, sure). Of the 17
		// boards read plainly off through the label corners of six
		// tuning sets, none was so.
		if inV >= paleV && inV >= outV && inS > outS && hue >= tintHue {
			sure = false
		}
		// Dim cells darker than the case or screen around the grid,
		// coloured or not: a light shines, it is not outshone by the
		// surface it sits on. Their gaps may be brighter than the
		// ring's (a light case): a light's spill is dimmer than the
		// light.
		// Cells of a colour the ring lacks must be clearly darker: a
		// light screen's coloured lights are no brighter than the
		// screen around them.
		margin := 0.0
		if inS >= outS+2*minSGap {
			margin = minVGap
		}
		// Coloured cells of a hue the ring lacks, sunk well below the
		// surface they sit on (their own gaps), may be a light
		// screen's cells lit in its accent colour, darker than the
		// screen as any colour is: not plain.
		accent := inS >= plainGreyS && hue >= 2*minSGap &&
			(inRise <= -2*minVGap || inS >= accentS && inRise < 0)
		// Dark caps may sit in lit rings that outshine the case (white
		// rings clipped around dark centres, boardgen 115435): the
		// cells' footprints must not outshine the ring's.
		outshone := medianOf(in, cellPeak)-medianOf(out, cellPeak) < minVGap
		dark := inV <= oneGroupUnlitV && inV <= outV-margin && !accent && outshone
		sure = (sure || dark && evenCells(inner(ext))) && !colourRing(in) &&
			medianOf(in, cellHalo) < plainHalo
	}
	if !sure || !alikeCells(inner(ext), !v.lit[0][0]) || twoKinds(inner(ext)) {
		return
	}
	for _, row := range v.conf {
		for j := range row {
			row[j] = plainConf
		}
	}
	delete(v.why, "onegroup")
}

// plainHalo is the median halo (log V) from which a board read all off
// is not plain: each cell a ring of light well above both its centre and
// its gaps, as lit rings around dark caps show even when the cast greys
// their colour (boardgen 109737: yellow rings on a green panel, 0.98).
// Bright bezels around unlit caps show so too; they only lose their
// certainty. Over 826 one-group boards of the tuning and fresh sets
// (through the label corners), the three right all-off readings that
// lose it had halos of 0.69 to 1.31, every other sure one 0.43 at most.
const plainHalo = 0.5

// ringChroma is how much more absolute chroma (channel difference
// over 255) the footprint around the centre may hold than the centre
// on a plainly unlit board.
const ringChroma = 0.1

// accentS is the median saturation from which dim cells of a hue the
// ring lacks are taken for a light screen's accent colour however
// little they sink below their gaps (fresh render 103627: an all-on
// board of red lights on a pale screen, saturation 0.65, ×1.1 below its
// gaps, read all off with no doubt; fresh render u33_0133: magenta discs
// on a tablet's pale screen, 0.497, ×1.17 below). Caps that rise above
// their gaps (a darker case) stay plain. Over 2,600 tuning photos 0.45
// put no other board in doubt.
const accentS = 0.45

// colourRing reports whether the cells' footprints around their
// centres hold ringChroma more colour than the centres (medians): a lit
// ring around a dark cap, which may be no brighter than a light case
// and leaves the centre as dark and grey as an unlit cap's, or a
// coloured bezel around an unlit one. Absolute chroma counts light
// added, so a dim bezel holds less of it than a lit ring. Through the
// label corners of 2700 tuning photos, 51 uniform boards were read
// plainly off: five all on, four of them ring lights 0.116 to 0.19
// above their centres; six of the 46 all off lay 0.1 to 0.28 above.
// Only cells whose centre and ring both show their chroma below
// clipping (kcOK, krOK) count; with none, there is no coloured ring.
func colourRing(cells []cellStats) bool {
	var ok []cellStats
	for _, st := range cells {
		if st.kcOK && st.krOK {
			ok = append(ok, st)
		}
	}
	if len(ok) == 0 {
		return false
	}
	norm := func(k [2]float64) float64 { return math.Hypot(k[0], k[1]) }
	kr := medianOf(ok, func(s cellStats) float64 { return norm(s.kr) })
	kc := medianOf(ok, func(s cellStats) float64 { return norm(s.kc) })
	return kr-kc >= ringChroma
}

// alikeCells reports whether the cells, all but one, have the median
// cell's shape: a centre as even or uneven (within alikeSpread, or half
// the median unevenness on a noisy board) and the same fall from centre
// to ring (within alikeFall); and, when hue holds (an all-off reading),
// its chroma within minSGap. Buttons of one state look alike; a board
// that holds two kinds of cell (lit rings around dark caps beside even
// unlit caps, a grid half off its buttons, red lights as dim as the teal
// cells of a light screen) is not plain. Lights of several colours may
// all be on. One odd cell is a cursor or a glare spot, whose level
// evenCells judges.
func alikeCells(stats [][]cellStats, hue bool) bool {
	all := cellsOf(stats)
	fall := func(s cellStats) float64 { return s.v - s.ring }
	ms, mf := medianOf(all, cellSpread), medianOf(all, fall)
	ma, mb := medianChroma(all)
	odd := 0
	for _, st := range all {
		if math.Abs(cellSpread(st)-ms) > math.Max(alikeSpread, ms/2) || math.Abs(fall(st)-mf) > alikeFall ||
			hue && math.Hypot(st.ca-ma, st.cb-mb) > minSGap {
			odd++
		}
	}
	return odd < 2
}

// kindGap is the least gap (log V, saturation or chroma) between two
// kinds of cell that is more than noise.
const kindGap = 0.05

// kindRatio is how many times wider than either kind's own range the
// gap between two kinds of cell must be.
const kindRatio = 3

// twoKinds reports whether some measure (brightness, saturation, peak
// and its saturation, ring, fall from centre to ring, chroma) splits the
// cells into two kinds, each of two cells or more and each tight, with a
// gap between them kindRatio times wider than either's range and at
// least kindGap: lights a little whiter than the caps beside them, in
// daylight. Cells of one state vary smoothly (light falls off across a
// board); one odd cell is a cursor or a glare spot, which other checks
// judge.
func twoKinds(stats [][]cellStats) bool {
	_, ok := kindSplit(stats, kindMeasures, 2)
	return ok
}

// Levels of plainOneGroup.
const (
	// plainLitS is the saturation every cell of a plainly lit board has.
	plainLitS = 0.25
	// plainGreyS is the saturation no cell of a plainly unlit board
	// reaches, at its centre or its peak.
	plainGreyS = 0.25
	// oneGroupGreyTopV (V about 196) is the level every centre of a
	// plainly unlit board stays below.
	oneGroupGreyTopV = 5.3
	// outshine is how much (log V, about 35%) the cells, or their gaps,
	// may be brighter than the ring around the grid on a plainly unlit
	// board.
	outshine = 0.3
	// paleV (V about 86) and paleRise (about 22% brighter) are how
	// bright cells are, and how far above their gaps and the ring
	// around the grid they stand, that a plainly unlit board's cells
	// must not all be: they may be white lights on a light screen.
	// Of the 84 boards read plainly off in eleven tuning sets and
	// render-unseen 35, the all-off ones stood at most 0.15 above the
	// ring and their gaps both, bar two dim boards (V 36 and 17).
	paleV    = 4.5
	paleRise = 0.2
	// tintHue is the hue gap (chroma, in saturation's units) from the
	// ring around the grid at which pale cells count as tinted.
	tintHue = 0.05
	// plainConf is the confidence of every cell of a plain board.
	plainConf = 0.7
	// alikeSpread and alikeFall (log V) bound how far a cell of a
	// plain board may differ from the median cell in unevenness and in
	// fall from centre to ring.
	alikeSpread = 0.2
	alikeFall   = 0.3
)

// Brightness levels (log(V+4)) of the one-group rule: lit boards above
// about V 160, unlit ones below about V 140.
const (
	oneGroupLitV   = 5.1
	oneGroupUnlitV = 4.97
	// oneGroupTopV (V about 240) is the level from which a board's
	// centres are clipped: lit. Grey caps in good light stay below
	// oneGroupGreyCapV (V about 229); white lights reach it.
	oneGroupTopV     = 5.5
	oneGroupGreyCapV = 5.45
)

// greyS is the saturation under which a cell carries no colour, and
// evenSpread the unevenness (log V, centre interquartile range) under
// which its centre is flat.
const (
	greyS      = 0.15
	evenSpread = 0.1
)

// groups splits the cells, taken row by row, into a lower group [0] and
// an upper group [1] by upper(i) of the cell's index.
func groups(stats [][]cellStats, upper func(i int) bool) [2][]cellStats {
	var g [2][]cellStats
	i := 0
	for _, row := range stats {
		for _, st := range row {
			k := b2i(upper(i))
			g[k] = append(g[k], st)
			i++
		}
	}
	return g
}

// litAt, litGridAt and above are the usual ways to split for groups:
// by a reading (cell by cell, or as rows), or by a score's threshold.
func litAt(lit []bool) func(int) bool { return func(i int) bool { return lit[i] } }

func litGridAt(lit [][]bool) func(int) bool {
	cols := len(lit[0])
	return func(i int) bool { return lit[i/cols][i%cols] }
}

func above(xs []float64, t float64) func(int) bool {
	return func(i int) bool { return xs[i] > t }
}

// flatLit returns the lights of a verdict row-major.
func flatLit(lit [][]bool) []bool {
	var out []bool
	for _, row := range lit {
		out = append(out, row...)
	}
	return out
}

// cellsOf returns the cells of stats row-major.
func cellsOf(stats [][]cellStats) []cellStats {
	var out []cellStats
	for _, row := range stats {
		out = append(out, row...)
	}
	return out
}

// evenCells reports whether no cell of the board stands out from the
// median cell: brightness of the centre and of the brightest part of the
// footprint within 0.2 (about 20%), saturation within 0.1.
func evenCells(stats [][]cellStats) bool {
	all := cellsOf(stats)
	for _, f := range []struct {
		get func(cellStats) float64
		max float64
	}{
		{cellV, 0.2},
		{cellPeak, 0.2},
		{cellS, 0.1},
		{cellPeakS, 0.1},
	} {
		m := medianOf(all, f.get)
		for _, st := range all {
			if f.get(st)-m > f.max {
				return false
			}
		}
	}
	return true
}

// drawVerdict writes the rectified board with the cell grid and each
// cell's verdict: green outline for lit, red for unlit, the confidence in
// per cent, and a yellow cross over doubtful cells.
func drawVerdict(dbg *debugger, board gocv.Mat, v *verdict, px int) {
	scale := 1.0
	if px < 48 {
		scale = 48 / float64(px)
	}
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(board, &big, image.Point{}, scale, scale, gocv.InterpolationNearestNeighbor)
	cell := float64(px) * scale
	off := rectMargin * cell
	for r := range v.lit {
		for c := range v.lit[r] {
			x0, y0 := off+float64(c)*cell, off+float64(r)*cell
			rect := image.Rect(int(x0)+2, int(y0)+2, int(x0+cell)-2, int(y0+cell)-2)
			col := color.RGBA{220, 0, 0, 0}
			if v.lit[r][c] {
				col = color.RGBA{0, 200, 0, 0}
			}
			gocv.Rectangle(&big, rect, col, 2)
			if v.conf[r][c] < UncertainBelow {
				gocv.Line(&big, rect.Min, rect.Max, color.RGBA{255, 220, 0, 0}, 1)
				gocv.Line(&big, image.Pt(rect.Min.X, rect.Max.Y), image.Pt(rect.Max.X, rect.Min.Y), color.RGBA{255, 220, 0, 0}, 1)
			}
			txt := fmt.Sprintf("%d", int(math.Round(100*v.conf[r][c])))
			org := image.Pt(int(x0)+5, int(y0+cell)-6)
			gocv.PutText(&big, txt, org, gocv.FontHersheyPlain, 1, color.RGBA{0, 0, 0, 0}, 3)
			gocv.PutText(&big, txt, org, gocv.FontHersheyPlain, 1, color.RGBA{255, 255, 255, 0}, 1)
		}
	}
	// The checks that put cells in doubt, in the top margin.
	var reasons []string
	for k, n := range v.why {
		reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(reasons)
	words := []string{"doubt:"}
	if v.oneGroup {
		words = []string{"one", "group;", "doubt:"}
	}
	if len(reasons) == 0 {
		words = append(words, "none")
	}
	for i, r := range reasons {
		if i < len(reasons)-1 {
			r += ","
		}
		words = append(words, r)
	}
	// The lines go in the top margin, grown to hold them: a small
	// board's margin is narrow.
	lines := wrapWords(words, big.Cols()-8)
	const lineH = 16
	out := big
	if need := 6 + lineH*len(lines); float64(need) > off {
		out = gocv.NewMat()
		defer out.Close()
		gocv.CopyMakeBorder(big, &out, need-int(off), 0, 0, 0, gocv.BorderConstant, color.RGBA{})
	}
	for i, line := range lines {
		org := image.Pt(4, 2+lineH*(i+1))
		gocv.PutText(&out, line, org, gocv.FontHersheyPlain, 1, color.RGBA{0, 0, 0, 0}, 3)
		gocv.PutText(&out, line, org, gocv.FontHersheyPlain, 1, color.RGBA{255, 255, 255, 0}, 1)
	}
	dbg.write("cells", out)
}

// wrapWords joins words with spaces into lines at most width pixels wide
// in drawVerdict's font; a word wider than that has a line of its own.
func wrapWords(words []string, width int) []string {
	var lines []string
	for _, w := range words {
		if n := len(lines); n > 0 {
			if joined := lines[n-1] + " " + w; gocv.GetTextSize(joined, gocv.FontHersheyPlain, 1, 3).X <= width {
				lines[n-1] = joined
				continue
			}
		}
		lines = append(lines, w)
	}
	return lines
}

// otsu returns the threshold on xs that maximises the between-group
// variance; false when all values are equal.
func otsuThreshold(xs []float64) (float64, bool) {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if s[0] == s[len(s)-1] {
		return 0, false
	}
	total := 0.0
	for _, x := range s {
		total += x
	}
	best, bestT := -1.0, 0.0
	left := 0.0
	n := float64(len(s))
	for i := 0; i < len(s)-1; i++ {
		left += s[i]
		if s[i] == s[i+1] {
			continue
		}
		n0 := float64(i + 1)
		m0 := left / n0
		m1 := (total - left) / (n - n0)
		b := n0 * (n - n0) * (m0 - m1) * (m0 - m1)
		if b > best {
			best, bestT = b, (s[i]+s[i+1])/2
		}
	}
	return bestT, true
}

// sortedQuantile is the p-quantile of sorted xs, p in 0..1, by linear interpolation.
func sortedQuantile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	f := p * float64(len(xs)-1)
	i := int(f)
	if i >= len(xs)-1 {
		return xs[len(xs)-1]
	}
	return xs[i] + (f-float64(i))*(xs[i+1]-xs[i])
}

func average(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func unit(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// Levels of chromaArbiter.
const (
	// chromaGap is the smallest distance between the lit and unlit
	// groups' absolute chroma (channel differences over 255) on which
	// chroma may decide a doubted cell: 20 levels of 255.
	chromaGap = 0.08
	// chromaSide is how far along the way from one group's chroma to the
	// other's a doubted cell must lie to be given the nearer group, and
	// chromaNear how close (in that way's length) to the group's chroma.
	chromaSide = 0.3
	chromaNear = 0.4
	// chromaTight is how close to its group's chroma every sure cell
	// must lie for chroma to arbitrate.
	chromaTight = 0.25
	// chromaConf is the confidence of a doubted cell whose chroma, seen
	// at its centre and around it, confirms its reading.
	chromaConf = 0.6
)

// chromaArbiter re-decides the doubted cells of a two-group board by
// their absolute chroma when the sure cells' groups differ clearly and
// consistently in it. Glare and a light cast add white light, which
// leaves channel differences as they are: a glare spot over a dark cap
// keeps the cap's chroma, a green light under it keeps its green. The
// centre and the rest of the footprint are compared apart, each with
// the sure cells' chroma of that part (lights clipped at their centre
// still show their colour around it); the parts of a doubted cell that
// can be seen below clipping must agree (a cursor hides one of them).
// The cells stay in doubt; only their reading changes.
func chromaArbiter(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	centre := newChromaModel(stats, lit, conf, func(s cellStats) ([2]float64, bool) { return s.kc, s.kcOK })
	rest := newChromaModel(stats, lit, conf, func(s cellStats) ([2]float64, bool) { return s.kr, s.krOK })
	if centre == nil && rest == nil {
		return
	}
	for i := range lit {
		st := stats[i/cols][i%cols]
		if conf[i] >= UncertainBelow {
			continue
		}
		k := -1
		agree := true
		for _, part := range []struct {
			m  *chromaModel
			p  [2]float64
			ok bool
		}{{centre, st.kc, st.kcOK}, {rest, st.kr, st.krOK}} {
			if !part.ok || part.m == nil {
				continue
			}
			g := part.m.side(part.p, chromaNear)
			if g < 0 || (k >= 0 && g != k) {
				agree = false
			}
			k = g
		}
		if !agree || k < 0 {
			continue
		}
		if on := k == 1; on != lit[i] {
			lit[i] = on
			why["chroma"]++
			continue
		}
		// Chroma agrees with the reading: when both parts can be seen
		// and each lies as close to its group as the sure cells do,
		// the cell is as sure as they are.
		if st.kcOK && st.krOK && centre != nil && rest != nil &&
			centre.side(st.kc, chromaTight) == k && rest.side(st.kr, chromaTight) == k {
			conf[i] = chromaConf
			why["chromasure"]++
		}
	}
}

// chromaModel is the median chroma of the sure unlit [0] and lit [1]
// cells of one part of the footprint.
type chromaModel struct {
	m  [2][2]float64
	d2 float64 // squared distance between the two
}

// newChromaModel builds the model of the part get returns (with
// whether it can be seen) over the sure cells, or nil when either group
// has under three such cells, the groups lie closer than chromaGap, or
// a sure cell lies off its own group's chroma (lights of several
// colours, tinted caps).
func newChromaModel(stats [][]cellStats, lit []bool, conf []float64, get func(cellStats) ([2]float64, bool)) *chromaModel {
	cm, g := chromaGroups(stats, lit, get, func(i int) bool { return conf[i] >= UncertainBelow })
	if cm == nil {
		return nil
	}
	for k := range g {
		for _, p := range g[k] {
			if cm.side(p, chromaTight) != k {
				return nil
			}
		}
	}
	return cm
}

// chromaGroups gathers the part get returns of the cells keep takes
// that show it, read unlit [0] and lit [1], and their median chroma, or
// nil when either group has under three cells or the groups lie closer
// than chromaGap.
func chromaGroups(stats [][]cellStats, lit []bool, get func(cellStats) ([2]float64, bool), keep func(int) bool) (*chromaModel, [2][][2]float64) {
	cols := len(stats[0])
	var g [2][][2]float64
	for i, on := range lit {
		if p, ok := get(stats[i/cols][i%cols]); ok && keep(i) {
			g[b2i(on)] = append(g[b2i(on)], p)
		}
	}
	if len(g[0]) < 3 || len(g[1]) < 3 {
		return nil, g
	}
	cm := &chromaModel{}
	for k := range g {
		cm.m[k] = medianPoint(g[k])
	}
	cm.d2 = sq(cm.m[1][0]-cm.m[0][0]) + sq(cm.m[1][1]-cm.m[0][1])
	if cm.d2 < chromaGap*chromaGap {
		return nil, g
	}
	return cm, g
}

// side returns the group whose chroma p lies near, within near of the
// distance between the groups and at most chromaSide of the way towards
// the other (0 unlit, 1 lit), or -1.
func (cm *chromaModel) side(p [2]float64, near float64) int {
	dx, dy := cm.m[1][0]-cm.m[0][0], cm.m[1][1]-cm.m[0][1]
	w := ((p[0]-cm.m[0][0])*dx + (p[1]-cm.m[0][1])*dy) / cm.d2
	for k := 0; k < 2; k++ {
		close := math.Sqrt(sq(p[0]-cm.m[k][0])+sq(p[1]-cm.m[k][1])) <= near*math.Sqrt(cm.d2)
		if close && ((k == 1 && w >= 1-chromaSide) || (k == 0 && w <= chromaSide)) {
			return k
		}
	}
	return -1
}

func sq(x float64) float64 { return x * x }

// Levels of whiteAdded.
const (
	// addedMinChroma is the absolute chroma the unlit cells must have
	// for added white light to show: grey caps stay grey under it.
	addedMinChroma = 0.05
	// addedSame is how far apart (as a share of the unlit chroma) the
	// groups' absolute chroma may lie and still be the same.
	addedSame = 0.3
)

// whiteAdded reports whether the cells read lit have the same absolute
// chroma as the unlit ones, and that chroma is clearly a colour: white
// light added to tinted caps (a glare spot) does that, where a light
// shining through a cap scales its colour with its brightness and a
// light of its own colour replaces it.
func whiteAdded(stats [][]cellStats, lit []bool) bool {
	cols := len(stats[0])
	var g [2][][2]float64
	for i, on := range lit {
		if st := stats[i/cols][i%cols]; st.kcOK {
			g[b2i(on)] = append(g[b2i(on)], st.kc)
		}
	}
	if len(g[0]) < 3 || len(g[1]) < 3 {
		return false
	}
	m := [2][2]float64{medianPoint(g[0]), medianPoint(g[1])}
	u := math.Hypot(m[0][0], m[0][1])
	return u >= addedMinChroma && math.Hypot(m[1][0]-m[0][0], m[1][1]-m[0][1]) <= addedSame*u
}

// glareSpots reads unlit, in doubt, the few cells of v read lit that
// addedLone finds to be glare spots on unlit caps. With none left lit
// the board is one group, which the cells decide (oneGroupConf), every
// cell in doubt.
func glareSpots(stats [][]cellStats, v *verdict) {
	flat := flatLit(v.lit)
	spots := addedLone(stats, flat)
	if len(spots) == 0 {
		return
	}
	cols := len(stats[0])
	for _, i := range spots {
		v.lit[i/cols][i%cols] = false
		v.conf[i/cols][i%cols] = math.Min(v.conf[i/cols][i%cols], crossCap)
	}
	v.why["addedlone"] = len(spots)
	if len(spots) < litCount(flat) {
		return
	}
	n := len(flat)
	one, c := make([]bool, n), make([]float64, n)
	oneGroupConf(stats, one, c)
	for r := range v.lit {
		for k := range v.lit[r] {
			v.lit[r][k] = one[0]
		}
	}
	v.capConf(math.Min(c[0], crossCap))
	v.oneGroup = true
}

// litUnderGlare doubts each cell read lit whose centre lies a quarter of
// the way or more from the lit cells' median towards the unlit cells'
// (log V) while its rim is brighter than the lit cells' rims by minVGap:
// an unlit cap brightened by glare, which spreads over its gaps too,
// where a light's own bloom leaves its rim as the other lights' are.
// It changes no reading: the cell model has spoken. On the label corners
// of eight tuning sets (2,360 photos) it fires on one board, a silent
// misread (monitor 510201: the cell a third of the way, its rim 0.2
// above the lights'; a third as the bar missed it by 0.003).
func litUnderGlare(stats [][]cellStats, v *verdict) {
	lit := flatLit(v.lit)
	g := groups(stats, litAt(lit))
	if len(g[0]) < 3 || len(g[1]) < 3 {
		return
	}
	lv, uv, lr := medianOf(g[1], cellV), medianOf(g[0], cellV), medianOf(g[1], cellRim)
	if lv-uv < minVGap {
		return
	}
	cols := len(stats[0])
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		if on && st.v <= lv-(lv-uv)/4 && st.rim >= lr+minVGap && v.conf[i/cols][i%cols] >= UncertainBelow {
			v.conf[i/cols][i%cols] = crossCap
			v.why["litglare"]++
		}
	}
}

// Levels of addedLone: the most cells read lit it judges, and how far
// (absolute chroma) a spot's centre may lie from the unlit caps' median
// on coloured caps (a share of their chroma) and on grey ones.
const (
	loneSpots     = 3
	addedLoneGrey = 0.01
)

// addedLone returns the cells read lit (at most loneSpots, and at most
// a quarter of the board) whose centre keeps the unlit caps' absolute
// chroma, is brighter than they are by minVGap and no more saturated by
// minSGap: white light added to an unlit cap's centre, a glare spot, as
// whiteAdded finds for a larger group. A light through a cap scales its
// chroma with its brightness; a light of its own colour replaces it. On
// grey caps an unclipped white light keeps their chroma nearly as well,
// so there the spot must match far closer (addedLoneGrey). On the label corners of six tuning sets
// (1,660 photos), the lone lit cells (1 to 3 on a board) nearest the
// caps' chroma lay 0.08 from it; on the boards of four or more unclipped
// white lights on grey caps, 0.023 to 0.049; glare spots on all-off
// boards, 0.001 to 0.008. (Lit rings around grey caps leave the centre
// as it is, but no brighter.)
func addedLone(stats [][]cellStats, lit []bool) []int {
	cols := len(stats[0])
	n, k := len(lit), litCount(lit)
	if k == 0 || k > loneSpots || 4*k > n {
		return nil
	}
	var kcs [][2]float64
	var unlit []cellStats
	for i, on := range lit {
		if st := stats[i/cols][i%cols]; !on {
			unlit = append(unlit, st)
			if st.kcOK {
				kcs = append(kcs, st.kc)
			}
		}
	}
	if 2*len(kcs) < len(unlit) {
		return nil
	}
	m := medianPoint(kcs)
	u := math.Hypot(m[0], m[1])
	near := addedLoneGrey
	if u >= addedMinChroma {
		near = addedSame * u
	}
	uS, uV := medianOf(unlit, cellS), medianOf(unlit, cellV)
	var spots []int
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		if on && st.kcOK && st.v >= uV+minVGap && st.s <= uS+minSGap && math.Hypot(st.kc[0]-m[0], st.kc[1]-m[1]) <= near {
			spots = append(spots, i)
		}
	}
	return spots
}

// litLikeUnlit reads unlit, in doubt, the cells read lit whose absolute
// chroma is the unlit cells' while the lit group's differs clearly from
// it: unlit buttons out of a shadow, brighter than those in it but
// keeping the caps' colour, beside lights of a colour of their own
// (through the label corners of four tuning sets, 1800 photos, all 25
// cells it doubted were unlit). The groups' chroma is their median over
// every cell read so (the sure cells need not agree, as chromaArbiter
// asks: these cells are read sure). Grey caps beside white lights show
// no chroma to tell; no cell is read otherwise.
func litLikeUnlit(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	centre := groupChroma(stats, lit, func(s cellStats) ([2]float64, bool) { return s.kc, s.kcOK })
	rest := groupChroma(stats, lit, func(s cellStats) ([2]float64, bool) { return s.kr, s.krOK })
	// sides counts the parts of cell i near the unlit group's chroma
	// [1], near the lit group's [2], and near neither, not even
	// loosely [0] (a brighter light loosely near its group's chroma is
	// still of its colour).
	sides := func(i int) (n [3]int) {
		st := stats[i/cols][i%cols]
		for _, part := range []struct {
			m  *chromaModel
			p  [2]float64
			ok bool
		}{{centre, st.kc, st.kcOK}, {rest, st.kr, st.krOK}} {
			if !part.ok || part.m == nil {
				continue
			}
			switch k := part.m.side(part.p, chromaTight); {
			case k >= 0:
				n[k+1]++
			case part.m.side(part.p, chromaNear) < 0:
				n[0]++
			}
		}
		return n
	}
	var like []int
	for i, on := range lit {
		if !on {
			continue
		}
		switch n := sides(i); {
		case n[1] > 0 && n[2] == 0:
			like = append(like, i)
		case n[0] > 0:
			// The lights differ in colour (a row of white lights
			// beside coloured ones): the caps' colour tells nothing.
			return
		}
	}
	for _, i := range like {
		if conf[i] >= UncertainBelow {
			conf[i] = math.Min(conf[i], crossCap)
			why["litlikeunlit"]++
			lit[i] = false
		}
	}
}

// partUnlit doubts the one or two sure cells read lit whose footprint
// around the centre has a chroma part of the way between the lit and
// the unlit groups' (more than chromaSide from either, near the way
// between them): a cursor or a glare spot over part of an unlit cap, the
// rest of the cap showing beside it. The lit group's chroma is its
// median over the lit cells that show it, when they share one colour,
// or grey when the lights clip across their footprints (under a third
// show it). The caps must show a colour (addedMinChroma): towards grey
// caps lies a whiter light too. More such cells make lights of several
// colours.
func partUnlit(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	cols := len(stats[0])
	var g [2][][2]float64
	n := 0
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		n += b2i(on)
		if st.krOK {
			g[b2i(on)] = append(g[b2i(on)], st.kr)
		}
	}
	if len(g[0]) < 3 || n == 0 {
		return
	}
	if len(g[1]) < 3 && 3*len(g[1]) >= n {
		return
	}
	var cm chromaModel
	cm.m[0] = medianPoint(g[0])
	if math.Hypot(cm.m[0][0], cm.m[0][1]) < addedMinChroma {
		// Grey caps: a whiter light lies towards them too.
		return
	}
	if len(g[1]) >= 3 {
		cm.m[1] = medianPoint(g[1])
	}
	cm.d2 = sq(cm.m[1][0]-cm.m[0][0]) + sq(cm.m[1][1]-cm.m[0][1])
	if cm.d2 < chromaGap*chromaGap {
		return
	}
	var part []int
	var partW []float64
	lowest := math.Inf(1) // the lowest way of the other lit cells
	dx, dy := cm.m[1][0]-cm.m[0][0], cm.m[1][1]-cm.m[0][1]
	for i, on := range lit {
		st := stats[i/cols][i%cols]
		if !on || !st.krOK {
			continue
		}
		// How far along the way from the unlit chroma to the lit one,
		// and how far off that way.
		px, py := st.kr[0]-cm.m[0][0], st.kr[1]-cm.m[0][1]
		w := (px*dx + py*dy) / cm.d2
		off := math.Abs(px*dy-py*dx) / cm.d2
		if w > chromaSide && w < 1-chromaSide && off <= chromaNear {
			part = append(part, i)
			partW = append(partW, w)
		} else {
			lowest = math.Min(lowest, w)
		}
	}
	if len(part) == 0 || len(part) > 2 || len(g[1]) >= 3 && !oneColour(stats, lit, part) {
		return
	}
	// A cell part unlit stands apart from every light, not at the end
	// of the lights' own spread (a shadow scales a light's chroma down).
	for _, w := range partW {
		if w > lowest-chromaSide/2 {
			return
		}
	}
	for _, i := range part {
		if conf[i] >= UncertainBelow {
			conf[i] = math.Min(conf[i], crossCap)
			why["partunlit"]++
		}
	}
}

// medianPoint is the median of ps on each axis.
func medianPoint(ps [][2]float64) [2]float64 {
	vs := make([][]float64, len(ps))
	for i := range ps {
		vs[i] = ps[i][:]
	}
	var m [2]float64
	medians(vs, m[:])
	return m
}

// medians sets m[k] to the median of vs on axis k.
func medians(vs [][]float64, m []float64) {
	col := make([]float64, len(vs))
	for k := range m {
		for n, v := range vs {
			col[n] = v[k]
		}
		m[k] = median(col)
	}
}

// median returns sortedQuantile(xs sorted, 0.5), reordering xs: the
// middle value, or between the two middle ones, found by selection
// rather than a full sort (extent templates take the median of every
// descriptor dimension, for some 80 blocks a hypothesis). With a NaN
// it sorts, as sort.Float64s orders NaNs.
func median(xs []float64) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	for _, x := range xs {
		if math.IsNaN(x) {
			sort.Float64s(xs)
			return sortedQuantile(xs, 0.5)
		}
	}
	k := (n - 1) / 2
	lo := selectKth(xs, k)
	if n%2 == 1 {
		return lo
	}
	// The next value up is the least of those after k.
	hi := xs[k+1]
	for _, x := range xs[k+2:] {
		hi = math.Min(hi, x)
	}
	return lo + 0.5*(hi-lo)
}

// selectKth reorders xs (no NaNs) so that xs[k] is the value a sort
// would put there, those before it no greater and those after no less,
// and returns it.
func selectKth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for lo < hi {
		// Median of three as the pivot, then a three-way partition:
		// [lo, lt) below it, [lt, gt] equal, (gt, hi] above.
		a, b, c := xs[lo], xs[lo+(hi-lo)/2], xs[hi]
		p := max(min(a, b), min(max(a, b), c))
		lt, i, gt := lo, lo, hi
		for i <= gt {
			switch x := xs[i]; {
			case x < p:
				xs[lt], xs[i] = xs[i], xs[lt]
				lt++
				i++
			case x > p:
				xs[i], xs[gt] = xs[gt], xs[i]
				gt--
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt - 1
		case k > gt:
			lo = gt + 1
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// groupChroma is the median chroma of the part get returns over every
// cell read unlit [0] and lit [1] that shows it, or nil when either
// group has under three such cells or the groups lie closer than
// chromaGap.
func groupChroma(stats [][]cellStats, lit []bool, get func(cellStats) ([2]float64, bool)) *chromaModel {
	cm, _ := chromaGroups(stats, lit, get, func(int) bool { return true })
	return cm
}

// fallenRatio is the least ratio of a lit-read cell's rise at its rim
// to its rise at its centre, over the unlit cells' medians, in linear
// brightness, that marks light falling on the board.
const fallenRatio = 0.5

// fallenChroma is the largest distance of a lit-read cell's absolute
// chroma from the unlit cells' median for white light fallen on a cap.
const fallenChroma = 0.02

// fallenLight reads unlit, in doubt, each lit-read cell whose rim rose
// above the unlit cells' rims by fallenRatio or more of what its centre
// rose: light falling on the board (glare, the bright side of a shadow's
// edge) lifts a button and the case around it alike, while a light lifts
// its button far more than its gaps, bloom and all. Through the label
// corners of six tuning sets (2600 photos), 62 of the 75 cells it
// doubted were unlit. It returns how many cells it read so.
func fallenLight(stats [][]cellStats, lit [][]bool, conf [][]float64) int {
	var unlit []cellStats
	for r := range stats {
		for c, st := range stats[r] {
			if !lit[r][c] {
				unlit = append(unlit, st)
			}
		}
	}
	if len(unlit) < 3 {
		return 0
	}
	lin := func(x float64) float64 { return math.Exp(x) - 4 }
	ka := medianOf(unlit, func(s cellStats) float64 { return s.kc[0] })
	kb := medianOf(unlit, func(s cellStats) float64 { return s.kc[1] })
	uv := lin(medianOf(unlit, cellV))
	urim := lin(medianOf(unlit, cellRim))
	n := 0
	for r := range stats {
		for c, st := range stats[r] {
			if !lit[r][c] {
				continue
			}
			dv, drim := lin(st.v)-uv, lin(st.rim)-urim
			if dv > 0 && drim >= fallenRatio*dv && st.kcOK && math.Hypot(st.kc[0]-ka, st.kc[1]-kb) < fallenChroma {
				conf[r][c] = math.Min(conf[r][c], crossCap)
				n++
				lit[r][c] = false
			}
		}
	}
	return n
}

// gapDarker is how much darker (log V, one or two 8-bit levels) than
// the unlit cells' rims the lit cells' rims must be for darkGaps. Through
// the label corners of 2400 photos (t1, t2, seeds 118000..119599), no
// board read right lost its sureness at 0.01, three did at 0; the two
// silent inversions it catches lie at 0.026 and 0.032.
const gapDarker = 0.01

// darkGaps reports whether the cells read lit are less than clearVGap
// brighter at their centre than the cells read unlit, and their rims
// (the gaps and the buttons' edges) are darker by gapDarker: a light
// spills onto the gaps around it, so a lit group's rims are at least
// as bright as the unlit group's. Light caps in daylight beside dim lights
// (blue lights in a warm cast) are brighter, but their gaps are not.
func darkGaps(stats [][]cellStats, lit []bool) bool {
	g := groups(stats, litAt(lit))
	if len(g[0]) == 0 || len(g[1]) == 0 {
		return false
	}
	return medianOf(g[1], cellV)-medianOf(g[0], cellV) < clearVGap && medianOf(g[1], cellRim) < medianOf(g[0], cellRim)-gapDarker
}

// Levels of inkMarks (log V). Through the label corners of 16 tuning
// sets (3,630 photos) they doubt 190 boards, 171 of them read right (46
// material and 34 app screens, 28 membranes, 19 LCDs; 14 of the 19 read
// wrong are LCDs): which group of an LCD is lit the photo does not
// settle, and pale tiles beside dark ones on a pale screen look alike.
const (
	inkLitRise   = 0.15 // the most the lit group's median centre stands above its rim
	inkUnlitDrop = 0.45 // the least the unlit group's median centre lies below its rim
)

// inkMarks reports whether the cells read lit barely stand above their
// rims while those read unlit lie far below theirs: the unlit cells are
// what stands out, dark marks on a pale panel, as an LCD's lit segments
// are (render-third 460000 photo 89, a 5×5 LCD read inverted and sure),
// and the cells read lit are flat. A light stands above its gaps, or
// glows onto them, or shows a hot spot.
func inkMarks(stats [][]cellStats, lit []bool) bool {
	g := groups(stats, litAt(lit))
	if len(g[0]) == 0 || len(g[1]) == 0 {
		return false
	}
	// A hot spot on the cells read lit is a dome's highlight or a
	// light's own, not a flat panel's (as for lcdLike).
	return medianOf(g[1], cellOverRim) <= inkLitRise && medianOf(g[0], cellOverRim) <= -inkUnlitDrop &&
		medianOf(g[1], cellDip) < lcdMaxHotSpot
}

// Levels of unlitGlows.
const (
	glowS    = 0.3 // the unlit group's median saturation
	glowRise = 1.3 // its median rise, log V, from rim to centre (×3.7)
	glowNear = 0.3 // how far (log V) below the lit group's median it lies at most
)

// unlitGlows doubts every unlit-read cell when the unlit group is
// coloured, stands far above its gaps and nearly as bright as the lit
// group: lights of a dimmer colour (a row of blue lights beside yellow
// ones in a dark room) glow so; unlit caps are lit by the room, as
// their gaps are.
func unlitGlows(stats [][]cellStats, lit []bool, conf []float64, why map[string]int) {
	g := groups(stats, litAt(lit))
	if len(g[0]) == 0 || len(g[1]) == 0 {
		return
	}
	if medianOf(g[0], cellS) < glowS ||
		medianOf(g[0], cellOverRim) < glowRise ||
		medianOf(g[0], cellV) < medianOf(g[1], cellV)-glowNear {
		return
	}
	for i, on := range lit {
		if !on {
			conf[i] = math.Min(conf[i], crossCap)
			why["unlitglow"]++
		}
	}
}

// tintedPanelS and tintedSGap: litLikeGaps also takes groups of one
// tint, both under tintedPanelS saturation, the group read lit no more
// than tintedSGap more saturated than the other or within tintedSGap of
// the gaps (the median rimS): a tinted LCD's panel and segments
// (render-third 250000 photo 39, a green-yellow panel at 0.30 beside
// segments at 0.33; 210000 photo 30, a panel at 0.26 as its gaps are,
// segments at 0.13; both read inverted with no doubt). A light adds
// colour; a panel shows its tint, as the gaps between its cells do.
// Through the label corners of 3,550 tuning photos (boardgen,
// render-unseen 21 and 26 to 28, render-third 210000 and 230000 to
// 250000) seven LCDs read inverted with no doubt were doubted, nine
// LCDs were read right (lcdLike turned them round), and seven boards
// read right were doubted; no read was lost.
const (
	tintedPanelS = 0.45
	tintedSGap   = 0.05
)
