package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Cell geometry on the rectified board, in fractions of the cell pitch.
const (
	// rectMargin is how much of the case around the grid the rectified
	// board keeps on each side, in cells (for the debug image).
	rectMargin = 0.25
	// centreRadius is the half side of the square measured at the centre
	// of each cell: small enough to stay inside round buttons that fill
	// only half of a widely spaced lattice.
	centreRadius = 0.2
	// rimInner is where a cell's rim starts (Chebyshev distance from the
	// centre); the rim holds the gaps between cells and the button edges.
	rimInner = 0.42
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
	// unsureSizeCap caps every confidence when the lattice finder was not
	// sure of the number of rows and columns: every cell is then doubtful.
	unsureSizeCap = 0.45
	// minSeparation is the separation (distance between the two groups
	// over their pooled spread) under which the scores are treated as one
	// group: an all-off or all-on board.
	minSeparation = 4.0
	// noiseFloor is the smallest spread assumed for a group of cells, in
	// score units, so that flat synthetic boards do not look infinitely sure.
	noiseFloor = 0.03
)

// cellStats are the measurements of one cell of the rectified board.
// Brightness is V = max(R, G, B); "log" means log(V+4) so that ratios,
// not absolute levels, count.
type cellStats struct {
	v      float64 // median log V of the centre square
	s      float64 // mean saturation of the centre, (max-min)/(max+16)
	spread float64 // log V, 75th minus 25th percentile, in the centre
	rim    float64 // median log V of the rim (gaps, case, button edges)
}

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
}

// rectify warps the grid region of img to a board image of
// (cols+2m)·px × (rows+2m)·px, cell (r, c) occupying the square at
// ((c+m)·px, (r+m)·px) with m = rectMargin. h maps board cell units to
// image pixels (Reading.H).
func rectify(img gocv.Mat, h [9]float64, rows, cols, px int) gocv.Mat {
	// dst (x, y) -> board (x/px - m, y/px - m) -> image through h.
	s := 1 / float64(px)
	t := [9]float64{s, 0, -rectMargin, 0, s, -rectMargin, 0, 0, 1}
	m := mulHomography(h, t)
	mm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer mm.Close()
	for i := 0; i < 9; i++ {
		mm.SetDoubleAt(i/3, i%3, m[i])
	}
	size := image.Pt(int(math.Round((float64(cols)+2*rectMargin)*float64(px))),
		int(math.Round((float64(rows)+2*rectMargin)*float64(px))))
	dst := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(img, &dst, mm, size,
		gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, color.RGBA{})
	return dst
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

// measure computes the statistics of every cell of a rectified BGR board.
func measure(board gocv.Mat, rows, cols, px int) ([][]cellStats, error) {
	if board.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("rectified board has type %v, want 8-bit BGR", board.Type())
	}
	data, err := board.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("rectified board: %w", err)
	}
	w := board.Cols()
	off := rectMargin * float64(px)
	stats := make([][]cellStats, rows)
	var centreV, centreS, rimV []float64
	for r := 0; r < rows; r++ {
		stats[r] = make([]cellStats, cols)
		for c := 0; c < cols; c++ {
			centreV, centreS, rimV = centreV[:0], centreS[:0], rimV[:0]
			x0 := off + float64(c*px)
			y0 := off + float64(r*px)
			for y := int(y0); y < int(y0)+px && y < board.Rows(); y++ {
				fy := (float64(y)+0.5-y0)/float64(px) - 0.5
				for x := int(x0); x < int(x0)+px && x < w; x++ {
					fx := (float64(x)+0.5-x0)/float64(px) - 0.5
					d := math.Max(math.Abs(fx), math.Abs(fy))
					if d > 0.5 || (d > centreRadius && d < rimInner) {
						continue
					}
					i := 3 * (y*w + x)
					b, g, rr := float64(data[i]), float64(data[i+1]), float64(data[i+2])
					hi := math.Max(rr, math.Max(g, b))
					lo := math.Min(rr, math.Min(g, b))
					lv := math.Log(hi + 4)
					if d <= centreRadius {
						centreV = append(centreV, lv)
						centreS = append(centreS, (hi-lo)/(hi+16))
					} else {
						rimV = append(rimV, lv)
					}
				}
			}
			if len(centreV) == 0 || len(rimV) == 0 {
				return nil, fmt.Errorf("cell (%d, %d) has no pixels at %d px", r, c, px)
			}
			sort.Float64s(centreV)
			sort.Float64s(rimV)
			stats[r][c] = cellStats{
				v:      sortedQuantile(centreV, 0.5),
				s:      average(centreS),
				spread: sortedQuantile(centreV, 0.75) - sortedQuantile(centreV, 0.25),
				rim:    sortedQuantile(rimV, 0.5),
			}
		}
	}
	return stats, nil
}

// classify reads every cell of the board that h maps into img.
func classify(img gocv.Mat, h [9]float64, rows, cols int, dbg *debugger) (*verdict, error) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("classify: want a non-empty 8-bit BGR image")
	}
	px := cellPixels(h, rows, cols)
	board := rectify(img, h, rows, cols, px)
	defer board.Close()
	if board.Empty() {
		return nil, fmt.Errorf("classify: rectifying the board failed")
	}
	stats, err := measure(board, rows, cols, px)
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	v := decide(stats)
	if dbg.enabled() {
		drawVerdict(dbg, board, v, px)
	}
	return v, nil
}

// feature is one cell's position in the classifier's plane: log
// brightness and saturation, scaled so that one unit of each is a
// similar, clearly visible difference.
type feature struct{ x, y float64 }

const (
	vScale = 0.5 // log V: one unit is a factor of e^0.5 ≈ 1.65 in brightness
	sScale = 0.3 // saturation: one unit is 0.3
)

// decide splits the cells into lit and unlit and sets each confidence.
func decide(stats [][]cellStats) *verdict {
	rows, cols := len(stats), len(stats[0])
	n := rows * cols
	fs := make([]feature, n)
	for i := range fs {
		st := stats[i/cols][i%cols]
		fs[i] = feature{st.v / vScale, st.s / sScale}
	}
	lit := make([]bool, n)
	conf := make([]float64, n)
	part, sep, ok := split(fs)
	v := &verdict{separation: sep}
	if ok {
		// Orient: the lit group is the brighter one (a lit button is its
		// unlit self plus emitted light, so V can only rise).
		var mv [2]float64
		var cnt [2]int
		for i, g := range part {
			mv[g] += stats[i/cols][i%cols].v
			cnt[g]++
		}
		litGroup := 1
		if mv[0]/float64(cnt[0]) > mv[1]/float64(cnt[1]) {
			litGroup = 0
		}
		axisConf(fs, part, litGroup, stats, lit, conf)
	} else {
		v.oneGroup = true
		v.separation = 0
		oneGroupConf(stats, lit, conf)
	}
	v.lit = make([][]bool, rows)
	v.conf = make([][]float64, rows)
	for r := 0; r < rows; r++ {
		v.lit[r] = lit[r*cols : (r+1)*cols]
		v.conf[r] = conf[r*cols : (r+1)*cols]
	}
	return v
}

// split partitions the features into two groups with 2-means, started
// from the best threshold on each axis, and returns the partition, its
// separation and whether the separation is clear enough to call it two
// groups.
func split(fs []feature) ([]int, float64, bool) {
	if len(fs) < 2 {
		return nil, 0, false
	}
	var best []int
	bestSep := -1.0
	for axis := 0; axis < 2; axis++ {
		xs := make([]float64, len(fs))
		for i, f := range fs {
			xs[i] = f.x
			if axis == 1 {
				xs[i] = f.y
			}
		}
		t, ok := otsuThreshold(xs)
		if !ok {
			continue
		}
		part := make([]int, len(fs))
		for i, x := range xs {
			if x > t {
				part[i] = 1
			}
		}
		part = kmeans2(fs, part)
		if part == nil {
			continue
		}
		if s := separation(fs, part); s > bestSep {
			best, bestSep = part, s
		}
	}
	if best == nil {
		return nil, 0, false
	}
	return best, bestSep, bestSep >= minSeparation
}

// kmeans2 runs Lloyd's iterations from part; nil when a group empties.
func kmeans2(fs []feature, part []int) []int {
	for iter := 0; iter < 20; iter++ {
		c, ok := groupCentres(fs, part)
		if !ok {
			return nil
		}
		changed := false
		for i, f := range fs {
			g := 0
			if featDist2(f, c[1]) < featDist2(f, c[0]) {
				g = 1
			}
			if g != part[i] {
				part[i], changed = g, true
			}
		}
		if !changed {
			break
		}
	}
	if _, ok := groupCentres(fs, part); !ok {
		return nil
	}
	return part
}

func groupCentres(fs []feature, part []int) ([2]feature, bool) {
	var c [2]feature
	var n [2]float64
	for i, f := range fs {
		g := part[i]
		c[g].x += f.x
		c[g].y += f.y
		n[g]++
	}
	if n[0] == 0 || n[1] == 0 {
		return c, false
	}
	for g := 0; g < 2; g++ {
		c[g].x /= n[g]
		c[g].y /= n[g]
	}
	return c, true
}

// separation is the distance between the group centres over the pooled
// spread of the cells along the line through them. The spread is robust
// (median absolute deviation) so that one odd cell does not hide a clear
// split, and never below noiseFloor.
func separation(fs []feature, part []int) float64 {
	c, ok := groupCentres(fs, part)
	if !ok {
		return 0
	}
	dx, dy := c[1].x-c[0].x, c[1].y-c[0].y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return 0
	}
	return d / pooledSpread(fs, part, c, dx/d, dy/d)
}

// pooledSpread is the robust spread of each group along the unit
// direction (ux, uy), pooled over the two groups.
func pooledSpread(fs []feature, part []int, c [2]feature, ux, uy float64) float64 {
	var dev [2][]float64
	for i, f := range fs {
		g := part[i]
		dev[g] = append(dev[g], math.Abs((f.x-c[g].x)*ux+(f.y-c[g].y)*uy))
	}
	var sum, n float64
	for g := 0; g < 2; g++ {
		if len(dev[g]) < 2 {
			continue
		}
		sort.Float64s(dev[g])
		m := 1.4826 * sortedQuantile(dev[g], 0.5)
		sum += m * m * float64(len(dev[g]))
		n += float64(len(dev[g]))
	}
	s := noiseFloor / vScale
	if n > 0 {
		s = math.Max(s, math.Sqrt(sum/n))
	}
	return s
}

// axisConf labels a two-group board and sets each cell's confidence from
// its margin: how many pooled spreads it lies from the threshold halfway
// between the groups, lowered when the cell's centre is uneven (glare, a
// cursor, a shadow edge) compared with the other cells of its group.
func axisConf(fs []feature, part []int, litGroup int, stats [][]cellStats, lit []bool, conf []float64) {
	cols := len(stats[0])
	c, _ := groupCentres(fs, part)
	dx, dy := c[1].x-c[0].x, c[1].y-c[0].y
	d := math.Hypot(dx, dy)
	ux, uy := dx/d, dy/d
	sigma := pooledSpread(fs, part, c, ux, uy)
	mid := feature{(c[0].x + c[1].x) / 2, (c[0].y + c[1].y) / 2}
	// Typical unevenness of each group, and the brightness gap between them.
	var spreads [2][]float64
	var gv [2]float64
	var gn [2]float64
	for i, g := range part {
		st := stats[i/cols][i%cols]
		spreads[g] = append(spreads[g], st.spread)
		gv[g] += st.v
		gn[g]++
	}
	var typical [2]float64
	for g := 0; g < 2; g++ {
		sort.Float64s(spreads[g])
		typical[g] = sortedQuantile(spreads[g], 0.5)
	}
	gap := math.Max(math.Abs(gv[1]/gn[1]-gv[0]/gn[0]), noiseFloor)
	for i, f := range fs {
		t := ((f.x-mid.x)*ux + (f.y-mid.y)*uy) / sigma
		g := 0
		if t > 0 {
			g = 1
		}
		lit[i] = g == litGroup
		// Two spreads from the threshold is a coin toss, five is sure.
		cf := unit((math.Abs(t) - 2) / 3)
		// A cell much less even than its group is suspect: glare, a
		// cursor or a shadow edge may have moved its median.
		excess := (stats[i/cols][i%cols].spread - typical[g]) / gap
		if excess > 0.25 {
			cf *= unit(1 - (excess-0.25)/0.5)
		}
		conf[i] = cf
	}
}

// oneGroupConf decides an all-off or all-on board from the board's own
// references: lit buttons glow, so their centres stand clear of the gaps
// between them and carry colour; unlit ones sit close to the case.
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
	contrast := sortedQuantile(ks, 0.5)
	sat := sortedQuantile(ss, 0.5)
	bright := math.Exp(sortedQuantile(vs, 0.5)) - 4
	litScore := 0.0 // > 0 lit, < 0 unlit, |·| ≥ 1 sure
	switch {
	case contrast > 0.35 && (sat > 0.3 || bright > 240):
		litScore = math.Min(contrast/0.35, 2)
	case contrast < 0.1:
		litScore = -math.Min((0.35-contrast)/0.25, 2)
	default:
		litScore = (contrast - 0.22) / 0.25
	}
	on := litScore > 0
	base := unit(math.Abs(litScore)) * 0.8
	for i := range lit {
		lit[i] = on
		conf[i] = base
	}
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
	dbg.write("cells", big)
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

func featDist2(a, b feature) float64 { return (a.x-b.x)*(a.x-b.x) + (a.y-b.y)*(a.y-b.y) }

// percentile of sorted xs, p in 0..1, by linear interpolation.
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

// mul3 multiplies two row-major 3×3 matrices.
func mulHomography(a, b [9]float64) [9]float64 {
	var m [9]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				m[3*i+j] += a[3*i+k] * b[3*k+j]
			}
		}
	}
	return m
}
