package vision

import (
	"math"
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
	// whiteL, whiteChroma and blackL bound near white and near black.
	whiteL      = 200.0
	whiteChroma = 12.0
	blackL      = 50.0
)

// occluded re-reads the doubted cells of a two-group board of at least
// smallBoard cells that something white lies over: a cursor's hand or
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
// at. The cell stays in doubt. A sure cell of which a clear part
// matches only the other group's template (and a quarter or more does
// not: its own look, or a cover of any colour, since a cursor in a photo
// is grey or tinted, seldom white) is put in doubt, its reading kept.
func occluded(board gocv.Mat, px int, v *verdict) {
	rows, cols := len(v.lit), len(v.lit[0])
	n := rows * cols
	if v.oneGroup || n < smallBoard {
		return
	}
	cells, err := cellLab(board, rows, cols, px)
	if err != nil {
		return
	}
	pos := footPos(px)
	off := make([][2]float64, len(pos))
	for k, p := range pos {
		off[k] = [2]float64{(float64(p%px)+0.5)/float64(px) - 0.5, (float64(p/px)+0.5)/float64(px) - 0.5}
	}
	var idx [2][]int
	for i := range cells {
		g := b2i(v.lit[i/cols][i%cols])
		idx[g] = append(idx[g], i)
	}
	var tp [2][][3]float64
	tol := occMinTol
	for g := range idx {
		if tp[g] = template(cells, idx[g]); tp[g] != nil {
			tol = math.Max(tol, pixelTol(cells, idx[g], tp[g]))
		}
	}
	if tol > occMaxTol {
		return
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
		if tp[g] == nil || tp[1-g] == nil {
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
		sort.Float64s(xs)
		shown[g] = sortedQuantile(xs, 0.5)
	}
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
		if tp[g] == nil && math.Hypot(m.nx, m.ny) < occOffCentre*float64(m.neither) {
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
			if float64(m.other) >= math.Max(occShown, occOwnTimes*shown[g])*foot &&
				float64(hidden) >= occHidden*foot {
				v.conf[r][c] = crossCap
				v.why["covered"]++
			}
			continue
		}
		if float64(m.other) >= math.Max(occShown, occOwnTimes*shown[g])*foot &&
			float64(hidden) >= occHidden*foot &&
			float64(m.ownWhite+m.white+m.black) >= occLike*float64(hidden) &&
			float64(m.ownWhite+m.white) >= occWhite*foot &&
			m.own-m.ownWhite < m.other {
			v.lit[r][c] = !v.lit[r][c]
			v.why["occluded"]++
		}
	}
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
		white := p[0] > whiteL && math.Abs(p[1]-128) < whiteChroma && math.Abs(p[2]-128) < whiteChroma
		switch {
		case mo && mt:
		case mo:
			m.own++
			if white {
				m.ownWhite++
			}
		case mt:
			m.other++
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
			sort.Float64s(xs)
			t[k][a] = sortedQuantile(xs, 0.5)
		}
	}
	return t
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
