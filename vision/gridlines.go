package vision

import (
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// The grid-line cue. Flat cells edge to edge (a game on a screen, pixel
// art, an LCD) make few blobs: lit cells that touch merge, and unlit
// ones are parted from each other only by faint lines. Their grid still
// shows as straight lines: every line between two cells is a lit cell's
// edge somewhere along it, or a faint line, and the board's border is
// one too. gridLineMask finds the two families of lines, each a run of
// lines spaced evenly (or changing spacing slowly, in perspective), and
// draws the grid's cells as regions parted by them; the blob finder
// takes them from there (segGridLines, in the grid-lines look, which
// findAt takes only when the best lattice so far is at most 4 cells:
// taken whenever the lines look is, it read as many more boards wrong
// as right over the tuning sets).

// edgeSeg is a straight edge segment, in work pixels.
type edgeSeg struct{ x0, y0, x1, y1 float64 }

func (s edgeSeg) length() float64 { return math.Hypot(s.x1-s.x0, s.y1-s.y0) }

// angle is the segment's direction in degrees, in [0, 180).
func (s edgeSeg) angle() float64 {
	a := math.Atan2(s.y1-s.y0, s.x1-s.x0) * 180 / math.Pi
	for a < 0 {
		a += 180
	}
	for a >= 180 {
		a -= 180
	}
	return a
}

// gridLine is a straight line through (px, py) with unit direction
// (dx, dy), and the total length of the segments along it.
type gridLine struct {
	px, py, dx, dy float64
	support        float64
	segs           []edgeSeg // the segments along it
	// cover holds the stretches of the line (positions along it from
	// (px, py), in order, apart) that segments of its family run along
	// (coverOf); set for the lines of familyRuns' runs.
	cover [][2]float64
}

// dist is the signed distance of (x, y) from l, positive to its left.
func (l gridLine) dist(x, y float64) float64 {
	return (x-l.px)*(-l.dy) + (y-l.py)*l.dx
}

// angleGap is the difference of two directions in degrees, in [0, 90].
func angleGap(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 180)
	return math.Min(d, 180-d)
}

// Bounds of the grid-line cue, in work pixels and degrees.
const (
	gridOnLine       = 2.0  // how far a segment's ends may lie off a line it joins
	gridNearLine     = 3.0  // how far they may lie off a grid line they show
	gridJoinAngle    = 3.0  // how far its direction may differ from the line's
	gridMergeLines   = 5.0  // lines of one family closer than this are one (a dark line's two edges)
	gridFamilyTurn   = 12.0 // how far a line's direction may differ from its family's
	gridMinAngle     = 50.0 // least angle between the two families (perspective skews the grid)
	gridMinPitch     = 8.0  // least spacing of lines
	gridStepTol      = 0.15 // how far (share of the last spacing) a line may lie from where the run predicts it
	gridStepTurn     = 0.2  // how much one spacing may differ from the last (share)
	gridMinSupport   = 0.4  // least share of the grid's line length that edges show
	gridOuterSupport = 0.6  // least share of each outer line's
	gridLineSupport  = 0.2  // least share of every line's
	// gridMaxFamilies is how many main directions gridOfLines pairs,
	// gridMaxRuns how many runs of each it tries.
	gridMaxFamilies = 3
	gridMaxRuns     = 30
	// gridMaxLines is how many lines of a family, the best supported,
	// runs are sought among; gridMaxSegs how many segments, the
	// longest, joinLines joins (it costs their number times the lines').
	gridMaxLines = 60
	gridMaxSegs  = 2000
)

// joinLines groups segments into lines: each joins the first line, of
// the longest segments first, whose line passes within gridOnLine of
// both its ends at a direction within gridJoinAngle.
func joinLines(segs []edgeSeg) []gridLine {
	order := make([]int, len(segs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return segs[order[a]].length() > segs[order[b]].length() })
	if len(order) > gridMaxSegs {
		// Noise and texture make thousands of short segments; a grid
		// shows in the longest.
		order = order[:gridMaxSegs]
	}
	var lines []gridLine
	var angles []float64
	for _, i := range order {
		s := segs[i]
		n, a := s.length(), s.angle()
		if n == 0 {
			continue
		}
		joined := false
		for k := range lines {
			l := &lines[k]
			if angleGap(angles[k], a) <= gridJoinAngle &&
				math.Abs(l.dist(s.x0, s.y0)) <= gridOnLine && math.Abs(l.dist(s.x1, s.y1)) <= gridOnLine {
				l.support += n
				l.segs = append(l.segs, s)
				joined = true
				break
			}
		}
		if !joined {
			lines = append(lines, gridLine{px: (s.x0 + s.x1) / 2, py: (s.y0 + s.y1) / 2,
				dx: (s.x1 - s.x0) / n, dy: (s.y1 - s.y0) / n, support: n, segs: []edgeSeg{s}})
			angles = append(angles, a)
		}
	}
	for k := range lines {
		lines[k] = fitLine(lines[k].segs)
	}
	return lines
}

// fitLine returns the line through segs fitted by total least squares
// to their ends, each weighed by its segment's length, with their
// support; a line of no support and no direction when they have no
// length.
func fitLine(segs []edgeSeg) gridLine {
	var w, cx, cy float64
	for _, s := range segs {
		n := s.length()
		w += 2 * n
		cx += n * (s.x0 + s.x1)
		cy += n * (s.y0 + s.y1)
	}
	if w == 0 {
		return gridLine{segs: segs}
	}
	cx, cy = cx/w, cy/w
	var sxx, syy, sxy float64
	for _, s := range segs {
		n := s.length()
		for _, p := range [][2]float64{{s.x0, s.y0}, {s.x1, s.y1}} {
			dx, dy := p[0]-cx, p[1]-cy
			sxx, syy, sxy = sxx+n*dx*dx, syy+n*dy*dy, sxy+n*dx*dy
		}
	}
	a := 0.5 * math.Atan2(2*sxy, sxx-syy) // the direction of most spread
	return gridLine{px: cx, py: cy, dx: math.Cos(a), dy: math.Sin(a), support: w / 2, segs: segs}
}

// lineAngle is l's direction in degrees, in [0, 180).
func lineAngle(l gridLine) float64 {
	return edgeSeg{0, 0, l.dx, l.dy}.angle()
}

// familyAngles returns the main directions of lines (degrees), by
// support, strongest first: up to gridMaxFamilies peaks of the
// histogram of directions, each gridFamilyTurn from the others.
func familyAngles(lines []gridLine) []float64 {
	const bins = 90 // 2° each
	var hist [bins]float64
	for _, l := range lines {
		hist[int(lineAngle(l)/2)%bins] += l.support
	}
	var smooth [bins]float64
	for i := range hist {
		smooth[i] = hist[(i+bins-1)%bins] + 2*hist[i] + hist[(i+1)%bins]
	}
	var out []float64
	for len(out) < gridMaxFamilies {
		best := -1
		for i := range smooth {
			a := float64(2*i + 1)
			far := true
			for _, o := range out {
				far = far && angleGap(a, o) > gridFamilyTurn
			}
			if far && smooth[i] > 0 && (best < 0 || smooth[i] > smooth[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		out = append(out, float64(2*best+1))
	}
	return out
}

// runs returns the runs of three lines or more (at most maxCells+1)
// whose positions p (sorted) step evenly, or with a spacing that changes
// slowly: each as indices into p, longest first, at most gridMaxRuns.
func runs(p []float64) [][]int {
	seen := map[[3]int]bool{}
	var out [][]int
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			d := p[j] - p[i]
			if d < gridMinPitch {
				continue
			}
			r := []int{i, j}
			last, step := j, d
			for {
				next := nearest(p, p[last]+step, gridStepTol*step+1)
				if next < 0 || next <= last || math.Abs(p[next]-p[last]-step) > gridStepTurn*step {
					break
				}
				r, last, step = append(r, next), next, p[next]-p[last]
			}
			first, step := i, d
			for {
				prev := nearest(p, p[first]-step, gridStepTol*step+1)
				if prev < 0 || prev >= first || math.Abs(p[first]-p[prev]-step) > gridStepTurn*step {
					break
				}
				r, first, step = append([]int{prev}, r...), prev, p[first]-p[prev]
			}
			k := [3]int{r[0], r[len(r)-1], len(r)}
			if len(r) < 3 || len(r) > maxCells+1 || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return len(out[a]) > len(out[b]) })
	if len(out) > gridMaxRuns {
		out = out[:gridMaxRuns]
	}
	return out
}

// nearest returns the index of the value of p nearest to x within tol,
// or -1.
func nearest(p []float64, x, tol float64) int {
	k := -1
	for i, v := range p {
		if math.Abs(v-x) <= tol && (k < 0 || math.Abs(v-x) < math.Abs(p[k]-x)) {
			k = i
		}
	}
	return k
}

// familyRuns returns the runs (runs) of the lines of one family
// (direction within gridFamilyTurn of angle), lines closer than
// gridMergeLines merged, each in order across the family, with what the
// family's segments (segs) cover of them.
func familyRuns(lines []gridLine, segs []edgeSeg, angle float64) [][]gridLine {
	var fam []gridLine
	for _, l := range lines {
		if angleGap(lineAngle(l), angle) <= gridFamilyTurn {
			fam = append(fam, l)
		}
	}
	if len(fam) < 3 {
		return nil
	}
	// Positions across the family: signed distances from a line
	// through the support-weighted centre at the family's direction.
	var cx, cy, w float64
	for _, l := range fam {
		cx, cy, w = cx+l.px*l.support, cy+l.py*l.support, w+l.support
	}
	a := angle * math.Pi / 180
	ref := gridLine{px: cx / w, py: cy / w, dx: math.Cos(a), dy: math.Sin(a)}
	// Each line's position where it crosses the normal through the
	// centre, so that lines converging in perspective keep their order.
	normal := gridLine{px: ref.px, py: ref.py, dx: -ref.dy, dy: ref.dx}
	pos := func(l gridLine) float64 {
		x, y, ok := crossing(l, normal)
		if !ok {
			return ref.dist(l.px, l.py)
		}
		return ref.dist(x, y)
	}
	sort.SliceStable(fam, func(i, j int) bool { return pos(fam[i]) < pos(fam[j]) })
	// Merge lines closer than gridMergeLines: a line's two edges.
	var merged []gridLine
	var ps []float64
	for _, l := range fam {
		p := pos(l)
		if k := len(merged) - 1; k >= 0 && p-ps[k] < gridMergeLines {
			m := &merged[k]
			*m = fitLine(append(append([]edgeSeg(nil), m.segs...), l.segs...))
			ps[k] = pos(*m)
			continue
		}
		merged, ps = append(merged, l), append(ps, p)
	}
	if len(merged) > gridMaxLines {
		// The best supported, in order: runs() costs the cube of
		// their number.
		idx := make([]int, len(merged))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return merged[idx[a]].support > merged[idx[b]].support })
		idx = idx[:gridMaxLines]
		sort.Ints(idx)
		var m2 []gridLine
		var p2 []float64
		for _, i := range idx {
			m2, p2 = append(m2, merged[i]), append(p2, ps[i])
		}
		merged, ps = m2, p2
	}
	for k := range merged {
		merged[k].cover = coverOf(merged[k], segs)
	}
	var out [][]gridLine
	for _, r := range runs(ps) {
		ls := make([]gridLine, len(r))
		for i, k := range r {
			ls[i] = merged[k]
		}
		out = append(out, ls)
	}
	return out
}

// crossing returns where lines a and b cross; false when they are
// parallel.
func crossing(a, b gridLine) (float64, float64, bool) {
	den := a.dx*b.dy - a.dy*b.dx
	if math.Abs(den) < 1e-9 {
		return 0, 0, false
	}
	t := ((b.px-a.px)*b.dy - (b.py-a.py)*b.dx) / den
	return a.px + t*a.dx, a.py + t*a.dy, true
}

// gridOfLines finds a grid of lines among segs: two families of lines
// at least gridMinAngle apart, each an even run of three lines or more
// (familyRuns), whose outer lines cross inside the w × h image. Edges
// must show along over gridMinSupport of the lines' length within the
// grid, gridOuterSupport of each outer line's (a board's border) and
// gridLineSupport of every line's; runs lose end lines that show too
// little (a run that goes on past the board, over the screen or desk
// beside it), and a grid must leave a step of room beyond each outer
// line (roomBeyond). Of such grids it returns the one of most cells,
// and of those the best shown; false when there is none.
func gridOfLines(segs []edgeSeg, w, h int) ([2][]gridLine, bool) {
	var best [2][]gridLine
	bestScore := 0.0
	lines := joinLines(segs)
	angles := familyAngles(lines)
	for i, a1 := range angles {
		for _, a2 := range angles[i+1:] {
			if angleGap(a1, a2) < gridMinAngle {
				continue
			}
			r1, r2 := familyRuns(lines, familySegs(segs, a1), a1), familyRuns(lines, familySegs(segs, a2), a2)
			for _, f1 := range r1 {
				for _, f2 := range r2 {
					fams, support, total, ok := trimGrid([2][]gridLine{f1, f2}, w, h)
					if !ok || support <= gridMinSupport*total {
						continue
					}
					cells := (len(fams[0]) - 1) * (len(fams[1]) - 1)
					if sc := float64(cells) + support/total; sc > bestScore {
						best, bestScore = fams, sc
					}
				}
			}
		}
	}
	return best, bestScore > 0
}

// trimGrid drops end lines of fams' runs that edges show along less
// than gridOuterSupport of, the weakest first, while each run keeps
// three lines, and returns what is left, its support and length
// (gridSupport), and whether every line shows gridLineSupport and each
// outer line gridOuterSupport.
func trimGrid(fams [2][]gridLine, w, h int) ([2][]gridLine, float64, float64, bool) {
	for {
		shares, support, total, ok := gridSupport(fams, w, h)
		if !ok {
			return fams, 0, 0, false
		}
		// The weakest end line below gridOuterSupport, as (family,
		// end), end 0 the first line.
		wf, we, ws := -1, 0, gridOuterSupport
		for f := 0; f < 2; f++ {
			n := len(fams[f])
			for e, k := range []int{0, n - 1} {
				if shares[f][k] < ws {
					wf, we, ws = f, e, shares[f][k]
				}
			}
		}
		if wf < 0 {
			if !roomBeyond(fams, w, h) {
				return fams, support, total, false
			}
			for f := 0; f < 2; f++ {
				for _, sh := range shares[f] {
					if sh < gridLineSupport {
						return fams, support, total, false
					}
				}
			}
			return fams, support, total, true
		}
		if len(fams[wf]) <= 3 {
			return fams, support, total, false
		}
		if we == 0 {
			fams[wf] = fams[wf][1:]
		} else {
			fams[wf] = fams[wf][:len(fams[wf])-1]
		}
	}
}

// roomBeyond reports whether one step beyond each outer line of fams
// (the step to it from the line next to it) still lies in the w × h
// image. A pattern that runs to the photo's edge (a checkered floor,
// tiles) fills the photo; a board sits within it.
func roomBeyond(fams [2][]gridLine, w, h int) bool {
	for f := 0; f < 2; f++ {
		o := fams[1-f]
		ls := fams[f]
		for _, e := range [][2]int{{0, 1}, {len(ls) - 1, len(ls) - 2}} {
			out, in := ls[e[0]], ls[e[1]]
			for _, across := range []gridLine{o[0], o[len(o)-1]} {
				x0, y0, ok0 := crossing(out, across)
				x1, y1, ok1 := crossing(in, across)
				if !ok0 || !ok1 || !inImage(2*x0-x1, 2*y0-y1, w, h) {
					return false
				}
			}
		}
	}
	return true
}

// gridSupport returns, for every line of fams, the share of its length
// within the grid (between the crossings with the other family's outer
// lines) that segments of its family run along (its cover); the length
// so shown over all lines, and their length in all; false when an
// outer crossing lies outside the w × h image.
func gridSupport(fams [2][]gridLine, w, h int) (shares [2][]float64, support, total float64, ok bool) {
	for f := 0; f < 2; f++ {
		o := fams[1-f]
		for _, l := range fams[f] {
			x0, y0, ok0 := crossing(l, o[0])
			x1, y1, ok1 := crossing(l, o[len(o)-1])
			if !ok0 || !ok1 || !inImage(x0, y0, w, h) || !inImage(x1, y1, w, h) {
				return shares, 0, 0, false
			}
			lo, hi := l.along(x0, y0), l.along(x1, y1)
			if lo > hi {
				lo, hi = hi, lo
			}
			if hi-lo < 1 {
				return shares, 0, 0, false
			}
			on := 0.0
			for _, c := range l.cover {
				on += math.Max(0, math.Min(c[1], hi)-math.Max(c[0], lo))
			}
			total += hi - lo
			support += on
			shares[f] = append(shares[f], on/(hi-lo))
		}
	}
	return shares, support, total, true
}

// along is the position of (x, y)'s foot on l, from (px, py).
func (l gridLine) along(x, y float64) float64 { return (x-l.px)*l.dx + (y-l.py)*l.dy }

// coverOf returns the stretches of l that segments of segs within
// gridNearLine of it run along, in order and apart.
func coverOf(l gridLine, segs []edgeSeg) [][2]float64 {
	var spans [][2]float64
	for _, s := range segs {
		if math.Abs(l.dist(s.x0, s.y0)) > gridNearLine || math.Abs(l.dist(s.x1, s.y1)) > gridNearLine {
			continue
		}
		a, b := l.along(s.x0, s.y0), l.along(s.x1, s.y1)
		if a > b {
			a, b = b, a
		}
		spans = append(spans, [2]float64{a, b})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var out [][2]float64
	for _, sp := range spans {
		if k := len(out) - 1; k >= 0 && sp[0] <= out[k][1] {
			out[k][1] = math.Max(out[k][1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

// familySegs returns the segments of segs within gridFamilyTurn of
// angle.
func familySegs(segs []edgeSeg, angle float64) []edgeSeg {
	var out []edgeSeg
	for _, s := range segs {
		if angleGap(s.angle(), angle) <= gridFamilyTurn {
			out = append(out, s)
		}
	}
	return out
}

// gridLineMask writes to mask (8-bit, the size of grey) the cells of a
// grid of lines found in grey's edges: 255 inside the cells, 0 on the
// lines and outside the grid; all 0 when no grid shows. blur and edges
// are scratch.
func gridLineMask(grey gocv.Mat, mask, blur, edges *gocv.Mat) {
	w, h := grey.Cols(), grey.Rows()
	gocv.GaussianBlur(grey, blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	gocv.Canny(*blur, edges, gridCannyLow, 3*gridCannyLow)
	lines := gocv.NewMat()
	defer lines.Close()
	gocv.HoughLinesPWithParams(*edges, &lines, 1, math.Pi/180, gridHoughVotes, gridMinSegment, gridSegmentGap)
	segs := make([]edgeSeg, 0, lines.Rows())
	for i := 0; i < lines.Rows(); i++ {
		v := lines.GetVeciAt(i, 0)
		segs = append(segs, edgeSeg{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])})
	}
	edges.CopyTo(mask)
	mask.SetTo(gocv.NewScalar(0, 0, 0, 0))
	if fams, ok := gridOfLines(segs, w, h); ok {
		drawGrid(mask, fams)
	}
}

// drawGrid draws on mask the cells of the grid of lines fams: its
// quadrilateral filled with 255, every line of both families across it
// in 0. gridSupport has checked that every crossing it draws lies in
// the image.
func drawGrid(mask *gocv.Mat, fams [2][]gridLine) {
	// The grid's quadrilateral, filled, then every line of both
	// families drawn across it.
	var quad []image.Point
	for _, k := range [][2]int{{0, 0}, {0, 1}, {1, 1}, {1, 0}} {
		a := fams[0][k[0]*(len(fams[0])-1)]
		b := fams[1][k[1]*(len(fams[1])-1)]
		x, y, _ := crossing(a, b)
		quad = append(quad, image.Pt(int(math.Round(x)), int(math.Round(y))))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{quad})
	defer pv.Close()
	gocv.FillPoly(mask, pv, color.RGBA{255, 255, 255, 0})
	for f := 0; f < 2; f++ {
		o := fams[1-f]
		for _, l := range fams[f] {
			x0, y0, _ := crossing(l, o[0])
			x1, y1, _ := crossing(l, o[len(o)-1])
			gocv.Line(mask, image.Pt(int(math.Round(x0)), int(math.Round(y0))),
				image.Pt(int(math.Round(x1)), int(math.Round(y1))), color.RGBA{}, gridLineWidth)
		}
	}
}

// Edge and segment parameters of gridLineMask, in work pixels: a low
// Canny threshold (faint lines between unlit cells), segments of at
// least gridMinSegment pixels with gaps of up to gridSegmentGap, and
// lines drawn gridLineWidth wide.
const (
	gridCannyLow   = 12
	gridHoughVotes = 20
	gridMinSegment = 12
	gridSegmentGap = 3
	gridLineWidth  = 3
)
