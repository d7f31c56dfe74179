package vision

import (
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// Levels of occluded, in 8-bit Lab units (L, a and b over 0..255).
const (
	// occMinTol is the smallest distance within which a pixel matches a
	// group's template; occMaxTol the largest: templates looser than
	// that (uneven light, lights of many colours) tell nothing by pixel.
	occMinTol = 12.0
	occMaxTol = 40.0
	// occShown is the share of the footprint that must show the other
	// group's look, at least occOwnTimes the share its own group's cells
	// show of it; occHidden the share that must look unlike that group
	// (the occluder).
	occShown    = 0.08
	occOwnTimes = 3.0
	occHidden   = 0.25
	// occLike is the share of the hidden part that must be near white
	// or near black (a cursor's fill and outline, clipped glare), and
	// occWhite the share of the footprint near white.
	occLike  = 0.5
	occWhite = 0.15
	// occOffCentre is how far from the centre, in pitches, the cover of
	// a cell unlike all the others must lie on average.
	occOffCentre = 0.04
	// occShownAside is how far from the centre, in pitches, the part of
	// a cell of a group of many colours showing the other group's look
	// must lie on average to count as beside a cover; occShownAsideMin
	// the share of the footprint it must then show for a doubted cell to
	// be read as that group (in place of occShown). Sure cells are put
	// in doubt by occShown alone: with the lower share, right boards
	// were doubted and no wrong one.
	occShownAside    = 0.28
	occShownAsideMin = 0.04
	// whiteL, whiteChroma and blackL bound near white and near black.
	whiteL      = 200.0
	whiteChroma = 12.0
	blackL      = 50.0
)

// occluded re-reads the doubted cells of a two-group board of at least
// smallBoard cells (their footprints' pixels as cellLab gives them)
// that something white lies over: a cursor's hand or
// arrow, a glare spot. Such a cell looks like neither group where it is
// covered, and shows the group it belongs to around the cover. Each
// cell is compared pixel by pixel with the median look of each group's
// cells at the same place (a template), so a button's shape, its bezel
// and the gaps count for nothing. A doubted cell is read as the other
// group when a clear part of its footprint matches only the other
// group's template (more than that group's own cells show of it), and
// the rest is near white or black, with white covering a clear part:
// what a cursor or glare adds. Pixels that match its own group's
// template but are near white count as cover, not as its group: a white
// cursor over an unlit cell beside white lights. A cell unlike every
// other (its group too small for a template) is re-read only when its
// cover lies off its centre: a lone white light fills its cell evenly
// about the centre, a cursor's body lies beside the point it points
// at. A cell of a group of many colours is re-read also when the part
// showing the other group lies to one side (aside), its cover centred,
// and then a smaller part of it may show. The cell stays in doubt. A
// sure cell of which a clear part matches only the other group's
// template (and a quarter or more does not: its own look, or a cover of
// any colour, since a cursor in a photo is grey or tinted, seldom
// white) is put in doubt, its reading kept, unless its group has a
// template and it looks as a doubted cell must to be re-read: then it
// is re-read too, and left in doubt. No cell is re-read that another
// cell of its group looks just like (hasTwin): that is a second look
// of the group (lights of two colours, a cream one like a white
// cover), since a cursor lies over one cell. On a board read across a
// shadow no cell is turned: a shaded light looks like a white cover.
// When one group's cells differ among themselves (lights of many
// colours), that group has no template and its cells are compared with
// the other group's alone.
func occluded(cells [][][3]float64, px int, v *verdict, lc *lookCache) {
	rows, cols := len(v.lit), len(v.lit[0])
	n := rows * cols
	if v.oneGroup || n < smallBoard {
		return
	}
	pos := footPos(px)
	at := make(map[int]int, len(pos)) // footprint index by pixel
	off := make([][2]float64, len(pos))
	for k, p := range pos {
		at[p] = k
		off[k] = [2]float64{(float64(p%px)+0.5)/float64(px) - 0.5, (float64(p/px)+0.5)/float64(px) - 0.5}
	}
	looks := lc.of(cells, v)
	// Arrays: tp is a copy, the cache keeps its own; tols[g] is 0 where
	// group g has no template.
	idx, tp, tols := looks.idx, looks.tp, looks.tol
	tol := math.Max(occMinTol, math.Max(tols[0], tols[1]))
	looseG := -1 // the group whose cells differ among themselves, if any
	if tol > occMaxTol {
		// One group's cells differ among themselves (lights of many
		// colours): its template tells nothing, and its cells are
		// compared with the other's alone, as a group too small for
		// a template is.
		loose := b2i(tols[1] > occMaxTol)
		if tp[1-loose] == nil || tols[1-loose] > occMaxTol {
			return
		}
		tp[loose], tol = nil, math.Max(occMinTol, tols[1-loose])
		looseG = loose
	}
	// match[i] compares cell i with its group's template and the
	// other's (nil when the other group has none), each cell against
	// the group it was read in.
	match := make([]*cellMatch, len(cells))
	for i := range cells {
		g := b2i(v.lit[i/cols][i%cols])
		if tp[1-g] != nil {
			m := matchCell(cells[i], tp[g], tp[1-g], tol, off)
			match[i] = &m
		}
	}
	// shown[g] is the median share of the footprint where group g's
	// cells match only the other group's template.
	var shown [2]float64
	for g := range idx {
		if len(idx[g]) < 3 || tp[1-g] == nil {
			continue
		}
		var xs []float64
		for _, i := range idx[g] {
			if m := match[i]; m.disc > 0 {
				xs = append(xs, float64(m.other)/float64(m.disc))
			}
		}
		if len(xs) == 0 {
			continue
		}
		shown[g] = median(xs)
	}
	// A shadow across the board (read as if evenly lit) leaves its
	// shaded cells unlike both templates, a shaded light's white glow
	// beside dark case most of all: what a cover looks like.
	shaded := v.why["shadowedge"] > 0 || v.why["shadow"] > 0
	for i, ps := range cells {
		r, c := i/cols, i%cols
		g := b2i(v.lit[r][c])
		if match[i] == nil {
			continue
		}
		m := *match[i]
		if 10*m.disc < len(ps) {
			// The groups look alike over most of the footprint.
			continue
		}
		foot := float64(m.disc)
		// In a group of many colours, the part of a cell that shows
		// the other group's look lies to one side when a cover hides
		// the rest: a cursor pointing at the cell. (A lone light, its
		// group too small for a template, may sit a little off its
		// cell: not so.)
		aside := g == looseG && m.other > 0 && math.Hypot(m.ox, m.oy) >= occShownAside*float64(m.other)
		if tp[g] == nil && math.Hypot(m.nx, m.ny) < occOffCentre*float64(m.neither) && !aside {
			// One or two cells unlike the rest, covered at their
			// centre: lights (a light fills its cell evenly about its
			// centre), not a cursor, whose body lies beside the point
			// it points at.
			continue
		}
		hidden := m.own + m.neither
		if v.conf[r][c] >= UncertainBelow {
			// A sure cell partly like the other group: a clear part
			// of it matches only that group's template, and a quarter
			// or more does not (its own group's look, or a cover of
			// any colour: a cursor in a photo is rarely white). In
			// doubt, its reading kept.
			if shows(m, false, shown[g]) && float64(hidden) >= occHidden*foot {
				v.conf[r][c] = crossCap
				v.why["covered"]++
				// A white cover, over a cell of a group with a
				// template, is read past as over a doubted cell.
				if tp[g] != nil && !shaded && coverLike(m, aside, shown[g]) && !hasTwin(cells, idx[g], i, tol, pos, at, px) {
					v.lit[r][c] = !v.lit[r][c]
					v.why["occluded"]++
				}
			}
			continue
		}
		if !shaded && coverLike(m, aside, shown[g]) && !hasTwin(cells, idx[g], i, tol, pos, at, px) {
			v.lit[r][c] = !v.lit[r][c]
			v.why["occluded"]++
		}
	}
}

// coverLike reports whether a cell's match m is what a white cover
// over a cell of the other group leaves.
func coverLike(m cellMatch, aside bool, shown float64) bool {
	foot := float64(m.disc)
	hidden := m.own + m.neither
	return shows(m, aside, shown) &&
		float64(hidden) >= occHidden*foot &&
		float64(m.ownWhite+m.white+m.black) >= occLike*float64(hidden) &&
		float64(m.ownWhite+m.white) >= occWhite*foot &&
		m.own-m.ownWhite < m.other
}

// shows reports whether a clear part of a cell's footprint matches
// only the other group's template: more than occOwnTimes the share its
// own group's cells show (shown), and at least occShown of it, or
// occShownAsideMin when that part lies aside.
func shows(m cellMatch, aside bool, shown float64) bool {
	least := occShown
	if aside {
		least = occShownAsideMin
	}
	return float64(m.other) >= math.Max(least, occOwnTimes*shown)*float64(m.disc)
}

// cellMatch counts a cell's footprint pixels by the template they match.
type cellMatch struct {
	disc                int // pixels where the templates differ
	own, other, neither int // matching only its own group, only the other, neither
	ownWhite            int // matching only its own group and near white
	white, black        int // matching neither, near white / near black
	// nx and ny sum the offsets from the cell's centre (in pitches) of
	// the pixels matching neither.
	nx, ny float64
	// ox and oy sum those of the pixels matching only the other group.
	ox, oy float64
}

// matchCell compares the pixels ps (at offsets off from the cell's
// centre) with the templates own (nil when the cell's group has too few
// cells) and other, within tol, where the two differ by at least twice
// that. Pixels that match both count in no total but disc.
func matchCell(ps, own, other [][3]float64, tol float64, off [][2]float64) cellMatch {
	var m cellMatch
	for k, p := range ps {
		if own != nil && labDist(own[k], other[k]) < 2*tol {
			continue
		}
		m.disc++
		mo := own != nil && labDist(p, own[k]) < tol
		mt := labDist(p, other[k]) < tol
		white := nearWhite(p)
		switch {
		case mo && mt:
		case mo:
			m.own++
			if white {
				m.ownWhite++
			}
		case mt:
			m.other++
			m.ox += off[k][0]
			m.oy += off[k][1]
		default:
			m.neither++
			m.nx += off[k][0]
			m.ny += off[k][1]
			if white {
				m.white++
			}
			if p[0] < blackL {
				m.black++
			}
		}
	}
	return m
}

// cellLab returns the 8-bit Lab pixels of every cell of a rectified
// board (row by row) inside its footprint (the square within rimInner
// of its centre), in the same order for every cell.
func cellLab(board gocv.Mat, rows, cols, px int) ([][][3]float64, error) {
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(board, &lab, gocv.ColorBGRToLab)
	data, err := lab.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	w, h := lab.Cols(), lab.Rows()
	pos := footPos(px)
	cells := make([][][3]float64, rows*cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
			ps := make([][3]float64, len(pos))
			for k, p := range pos {
				y, x := min(y0+p/px, h-1), min(x0+p%px, w-1)
				i := 3 * (y*w + x)
				ps[k] = [3]float64{float64(data[i]), float64(data[i+1]), float64(data[i+2])}
			}
			cells[r*cols+c] = ps
		}
	}
	return cells, nil
}

// footPos lists the pixels (y·px + x) of a cell's footprint: the
// square within rimInner of its centre.
func footPos(px int) []int {
	var pos []int
	for y := 0; y < px; y++ {
		fy := (float64(y)+0.5)/float64(px) - 0.5
		for x := 0; x < px; x++ {
			fx := (float64(x)+0.5)/float64(px) - 0.5
			if math.Max(math.Abs(fx), math.Abs(fy)) < rimInner {
				pos = append(pos, y*px+x)
			}
		}
	}
	return pos
}

// template is the per-pixel median Lab of the cells idx, or nil for
// fewer than three cells.
func template(cells [][][3]float64, idx []int) [][3]float64 {
	if len(idx) < 3 {
		return nil
	}
	t := make([][3]float64, len(cells[idx[0]]))
	xs := make([]float64, len(idx))
	for k := range t {
		for a := 0; a < 3; a++ {
			for j, i := range idx {
				xs[j] = cells[i][k][a]
			}
			t[k][a] = median(xs)
		}
	}
	return t
}

// groupLooks is what occluded and uncover compare cells with, for one
// split of the cells into the unlit and the lit group: each group's
// cells, its template (nil for a group of fewer than three cells) and,
// where it has one, its pixelTol.
type groupLooks struct {
	idx [2][]int
	tp  [2][][3]float64
	tol [2]float64
}

// lookCache keeps the last groupLooks found, so that uncover reuses
// occluded's when occluded changed no reading. The zero value is ready;
// workers is how many goroutines may find the two groups' looks (0: as
// many as groups, 1: the caller's only). A nil *lookCache finds looks
// anew on the caller's goroutine.
type lookCache struct {
	last    *groupLooks
	workers int
}

// of returns the looks of the split of cells that v reads.
func (lc *lookCache) of(cells [][][3]float64, v *verdict) *groupLooks {
	cols := len(v.lit[0])
	var idx [2][]int
	for i := range cells {
		g := b2i(v.lit[i/cols][i%cols])
		idx[g] = append(idx[g], i)
	}
	if lc != nil && lc.last != nil && slices.Equal(lc.last.idx[0], idx[0]) && slices.Equal(lc.last.idx[1], idx[1]) {
		return lc.last
	}
	workers := 1
	if lc != nil {
		workers = lc.workers
	}
	l := &groupLooks{idx: idx}
	// The groups' looks are independent: each may have a goroutine.
	inParts(len(idx), workers, func(lo, hi int) {
		for g := lo; g < hi; g++ {
			if l.tp[g] = template(cells, idx[g]); l.tp[g] != nil {
				l.tol[g] = pixelTol(cells, idx[g], l.tp[g])
			}
		}
	})
	if lc != nil {
		lc.last = l
	}
	return l
}

// nearWhite reports whether an 8-bit Lab pixel is near white.
func nearWhite(p [3]float64) bool {
	return p[0] > whiteL && math.Abs(p[1]-128) < whiteChroma && math.Abs(p[2]-128) < whiteChroma
}

func labDist(a, b [3]float64) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

// pixelTol is the distance within which a pixel of the cells idx
// matches their template t: three times the median distance of their
// pixels from it, and at least occMinTol.
func pixelTol(cells [][][3]float64, idx []int, t [][3]float64) float64 {
	ds := make([]float64, 0, len(idx)*len(t))
	near := 0 // distances within occMinTol/3
	for _, i := range idx {
		for k, p := range cells[i] {
			d := labDist(p, t[k])
			ds = append(ds, d)
			if d <= occMinTol/3 {
				near++
			}
		}
	}
	// The median interpolates between ranks m and m+1: when both lie
	// within occMinTol/3, so does the median, and no sort is needed.
	if m := int(0.5 * float64(len(ds)-1)); near >= m+2 {
		return occMinTol
	}
	sort.Float64s(ds)
	return math.Max(occMinTol, 3*sortedQuantile(ds, 0.5))
}

// Levels of uncover, as shares of a cell's footprint.
const (
	// uncShown is the least share of the footprint that must show the
	// cell's own look around its cover, and uncCover the least share of
	// the footprint where the groups differ that the cover takes.
	uncShown = 0.1
	uncCover = 0.15
	// uncShownDrawn is uncShown under a drawn cursor (white with a black
	// outline): a screenshot's pixels are the screen's own, so a sliver
	// of the cell says as much as a tenth would in a photo, and a glove
	// drawn over a small pixel-art cell may leave 3% of it (boardgen
	// 114639). Through the whole reader on five tuning sets (2,000
	// photos) it read 7 boards right that were wrong and 2 wrong that
	// were right, every one in doubt either way. At 0.025 for every
	// cover, the label corners of three sets gained 6 boards and lost
	// 4, three of those photos of buttons.
	uncShownDrawn = 0.025
	// uncAgree is the least share of what shows that must match the
	// group the cell is read as.
	uncAgree = 0.7
	// uncSym is the largest share of the cover, or of what shows,
	// whose mirror image through the cell's centre is of it too: a
	// light fills its cell evenly about the centre, a cursor's hand or
	// arrow does not.
	uncSym = 0.7
	// uncWhite and uncBlack are the least shares of the cover near
	// white and near black: a drawn cursor's fill and outline. Glare
	// and a light's clipped centre have no outline; a photographed
	// cursor is seldom white.
	uncWhite = 0.3
	uncBlack = 0.02
	// uncMost is the most cells uncover changes on one board.
	uncMost = 2
	// A cursor in a photo of a screen is neither white nor black. Where
	// both groups' templates are tight (within uncTightTol: a screen),
	// a cover of any colour will do when uncPhotoAgree of what shows
	// around it is like one template.
	uncTightTol   = 16.0
	uncPhotoAgree = 0.9
)

// uncover reads each doubted cell by what shows around a drawn cursor
// over it: a hand or arrow in white with a black outline, in a
// screenshot. Like occluded it works from one group's template when the
// other has none, and so reads boards whose lights are of many colours,
// or all but one alike; unlike it, it re-reads doubted cells only. Each
// group whose cells look alike pixel by pixel (within occMaxTol) has a
// template, as in occluded. Pixels where the groups
// look alike (both templates close, or most cells of a group with no
// template matching the other's: a bevel, a gap) tell nothing. A pixel
// that is near white (a cursor's fill looks like a white light), or
// that matches no template and is near black, is cover, and so is one
// that matches no template where both exist, or within uncEdge pixels
// of near-white or near-black cover (its blurred edge); the rest shows
// the cell. A cell whose cover is a clear part of it, mostly white with
// some black, lies unevenly about its centre (or leaves an uneven part
// showing), and leaves a clear part showing, is read as the group whose
// template that part matches. The cell stays in doubt. A cell that
// another cell read alike looks just like is left as it is: a cursor is
// one of a kind. When more than uncMost cells would change, none does:
// a cursor covers a cell or two. It reads small boards too: on a 2×2
// board three cells alike make a template for the fourth. A cursor in a
// photo of a screen is grey or tinted, with no outline: on a board
// whose two groups each have a tight template, a cover of any colour
// will do, when nearly all that shows around it matches one template.
func uncover(cells [][][3]float64, px int, v *verdict, lc *lookCache) {
	cols := len(v.lit[0])
	looks := lc.of(cells, v)
	idx, tol := looks.idx, looks.tol
	var tp [2][][3]float64
	for g := range tp {
		if looks.tp[g] != nil && tol[g] <= occMaxTol {
			tp[g] = looks.tp[g]
		}
	}
	if tp[0] == nil && tp[1] == nil {
		return
	}
	pos := footPos(px)
	at := make(map[int]int, len(pos)) // footprint index by pixel
	for k, p := range pos {
		at[p] = k
	}
	alikeAt := groupsAlike(cells, idx, tp, tol)
	var flip []int
	for i, ps := range cells {
		r, c := i/cols, i%cols
		if v.conf[r][c] >= UncertainBelow {
			continue
		}
		alike := alikeAt(i)
		// kind[k]: 0 tells nothing, 1 like the unlit template only,
		// 2 like the lit one only, 3 like no template, 4 cover.
		kind := make([]int8, len(ps))
		for k, p := range ps {
			if alike[k] {
				continue
			}
			var m [2]bool
			for g := range tp {
				m[g] = tp[g] != nil && labDist(p, tp[g][k]) < tol[g]
			}
			switch {
			case nearWhite(p):
				kind[k] = 4
			case m[0] && m[1]:
			case m[0]:
				kind[k] = 1
			case m[1]:
				kind[k] = 2
			case p[0] < blackL:
				kind[k] = 4
			default:
				kind[k] = 3
			}
		}
		cover, shows := make([]bool, len(ps)), make([]bool, len(ps))
		var like [2]int
		var nCover, nWhite, nBlack int
		for k, p := range pos {
			switch kind[k] {
			case 1, 2:
				like[kind[k]-1]++
				shows[k] = true
			case 3:
				if tp[0] != nil && tp[1] != nil || nearKind(kind, at, px, p, 4) {
					cover[k] = true
				} else {
					// Unlike the one template: of the group with none.
					like[b2i(tp[0] != nil)]++
					shows[k] = true
				}
			case 4:
				cover[k] = true
			}
			if cover[k] {
				nCover++
				if nearWhite(ps[k]) {
					nWhite++
				} else if ps[k][0] < blackL {
					nBlack++
				}
			}
		}
		shown := like[0] + like[1]
		foot := float64(shown + nCover)
		drawn := float64(nWhite) >= uncWhite*float64(nCover) && float64(nBlack) >= uncBlack*float64(nCover)
		least := uncShown
		if drawn {
			least = uncShownDrawn
		}
		if foot == 0 || float64(shown) < least*float64(len(ps)) || float64(nCover) < uncCover*foot {
			continue
		}
		agree := uncAgree
		if !drawn {
			// Not a drawn cursor: one in a photo of a screen.
			if tp[0] == nil || tp[1] == nil || max(tol[0], tol[1]) > uncTightTol {
				continue
			}
			agree = uncPhotoAgree
		}
		if mirrored(cover, pos, at, px) >= uncSym && mirrored(shows, pos, at, px) >= uncSym {
			continue
		}
		own := b2i(v.lit[r][c])
		twinTol := tol[own]
		if tp[own] == nil {
			twinTol = tol[1-own]
		}
		if hasTwin(cells, idx[own], i, twinTol, pos, at, px) {
			// Another cell read alike looks just like it: what
			// covers it is the board's own look (white lights with
			// a bevel).
			continue
		}
		g := -1
		for h := range tp {
			if tp[h] != nil && float64(like[h]) >= agree*float64(shown) {
				g = h
			}
		}
		if g >= 0 && (g == 1) != v.lit[r][c] {
			flip = append(flip, i)
		}
	}
	if len(flip) > uncMost {
		// Many cells alike: their own look (white lights in bezels),
		// not a cover, which is one thing over a cell or two.
		return
	}
	for _, i := range flip {
		v.lit[i/cols][i%cols] = !v.lit[i/cols][i%cols]
		v.why["uncovered"]++
	}
}

// groupsAlike returns a function that marks, for cell i, the footprint
// pixels where the two groups look alike: where both templates lie
// within twice the looser tolerance of each other, or, when one group
// (idx) has no template, where most of its cells other than i match the
// other's template. With no such cells, nothing is marked.
func groupsAlike(cells [][][3]float64, idx [2][]int, tp [2][][3]float64, tol [2]float64) func(i int) []bool {
	foot := len(cells[0])
	if tp[0] != nil && tp[1] != nil {
		alike := make([]bool, foot)
		t := 2 * math.Max(tol[0], tol[1])
		for k := range alike {
			alike[k] = labDist(tp[0][k], tp[1][k]) < t
		}
		return func(int) []bool { return alike }
	}
	b := b2i(tp[1] != nil) // the group with a template
	matches := func(j, k int) bool { return labDist(cells[j][k], tp[b][k]) < tol[b] }
	count := make([]int, foot) // cells of the other group matching at k
	for _, j := range idx[1-b] {
		for k := range count {
			if matches(j, k) {
				count[k]++
			}
		}
	}
	return func(i int) []bool {
		alike := make([]bool, foot)
		n := len(idx[1-b])
		inOther := !slices.Contains(idx[b], i)
		if inOther {
			n--
		}
		if n == 0 {
			return alike
		}
		for k := range alike {
			c := count[k]
			if inOther && matches(i, k) {
				c--
			}
			alike[k] = 2*c > n
		}
		return alike
	}
}

// uncEdge is how far, in rectified pixels, the blurred edge of a cover
// reaches beyond its near-white or near-black pixels.
const uncEdge = 2

// nearKind reports whether a footprint pixel of kind want lies within
// uncEdge pixels of pixel p (y·px + x); at maps pixels to footprint
// indices.
func nearKind(kind []int8, at map[int]int, px, p, want int) bool {
	y0, x0 := p/px, p%px
	for y := max(0, y0-uncEdge); y <= min(px-1, y0+uncEdge); y++ {
		for x := max(0, x0-uncEdge); x <= min(px-1, x0+uncEdge); x++ {
			if k, ok := at[y*px+x]; ok && int(kind[k]) == want {
				return true
			}
		}
	}
	return false
}

// mirrored is the share of the footprint pixels in set whose mirror
// image through the cell's centre is in set too.
func mirrored(set []bool, pos []int, at map[int]int, px int) float64 {
	n, m := 0, 0
	for k, p := range pos {
		if !set[k] {
			continue
		}
		n++
		if j, ok := at[(px-1-p/px)*px+(px-1-p%px)]; ok && set[j] {
			m++
		}
	}
	if n == 0 {
		return 1
	}
	return float64(m) / float64(n)
}

// twinShare is the least share of two cells' footprints that must match
// pixel by pixel for them to look alike.
const twinShare = 0.8

// hasTwin reports whether some cell of same, other than i, matches
// cell i within tol at twinShare of its footprint's pixels or more,
// each pixel at the same place or one pixel off: two cells' footprints
// fall a fraction of a pixel apart, and a sharp edge (a screenshot's
// tile) then differs along its length. The footprint's pixels lie at
// pos in a px by px square; at indexes them by place.
func hasTwin(cells [][][3]float64, same []int, i int, tol float64, pos []int, at map[int]int, px int) bool {
	for _, j := range same {
		if j == i {
			continue
		}
		n := 0
		for k, p := range cells[i] {
			if matchesNear(p, cells[j], pos[k], at, px, tol) {
				n++
			}
		}
		if float64(n) >= twinShare*float64(len(cells[i])) {
			return true
		}
	}
	return false
}

// matchesNear reports whether a pixel of ps at place p or one step
// from it (in a px by px square, indexed by at) lies within tol of
// colour c.
func matchesNear(c [3]float64, ps [][3]float64, p int, at map[int]int, px int, tol float64) bool {
	x, y := p%px, p/px
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if x+dx < 0 || x+dx >= px {
				continue
			}
			if q, ok := at[(y+dy)*px+x+dx]; ok && labDist(c, ps[q]) < tol {
				return true
			}
		}
	}
	return false
}
