package overlay

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"lightsout/solver"
	"lightsout/vision"
)

// Marks is what Draw puts on the photo. The zero value draws only the
// legend of an already solved board with goal "off".
type Marks struct {
	// Presses are the cells to press, [row, col], in the order to press
	// them. A cell may repeat when Numbered (a strategy that presses it
	// twice); it then gets one ring with both numbers.
	Presses [][2]int
	// Numbered writes each press's position in Presses (from 1) in its ring.
	Numbered bool
	// Uncertain cells are outlined in amber.
	Uncertain [][2]int
	// SizeUnsure outlines the whole grid in amber and asks, in the
	// legend, to check the rows and columns: the reader was not sure of
	// the board's size (vision.Reading.SizeSure false). Pass only the
	// cells doubted on their own as Uncertain (Reading.LowConfidence).
	// With SizeGiven (the user gave the size) it asks to check where the
	// grid lies instead.
	SizeUnsure, SizeGiven bool
	// Corrected cells, assumed misread and flipped before solving, are
	// outlined in orange with a "?" and named in the legend.
	Corrected [][2]int
	// Override says the Corrected cells were changed by the user (lightsout
	// solve --state), not guessed; the legend says so.
	Override bool
	// Goal is "off" or "on" ("" means "off").
	Goal string
	// Unsolvable replaces the legend by a red band saying so, naming the
	// first few Doubtful cells; Presses are not drawn.
	Unsolvable bool
	// Doubtful cells, most doubtful first, are named on an unsolvable
	// board's band; when there are none the band says every light was
	// read clearly.
	Doubtful [][2]int
}

// Colours, as RGB; gocv turns them into BGR scalars.
var (
	ringColour      = color.RGBA{255, 0, 200, 255} // magenta: rare as a light colour
	outlineColour   = color.RGBA{0, 0, 0, 255}
	haloColour      = color.RGBA{255, 255, 255, 255}
	uncertainColour = color.RGBA{255, 200, 0, 255}
	correctedColour = color.RGBA{255, 110, 0, 255}
	bandText        = color.RGBA{255, 255, 255, 255}
	unsolvableBand  = color.RGBA{170, 0, 0, 255}
)

// shift is the number of fractional bits of the fixed-point coordinates
// handed to OpenCV's polygon filler, for sub-pixel, anti-aliased edges.
const shift = 4

// Draw draws m onto img, an 8-bit BGR photo, in the perspective of the
// board r read from it. It panics when img is not 8-bit BGR or a cell lies
// outside r's grid.
func Draw(img gocv.Mat, r *vision.Reading, m Marks) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		panic(fmt.Sprintf("overlay: Draw needs an 8-bit BGR image, got type %v", img.Type()))
	}
	for _, set := range [][][2]int{m.Presses, m.Uncertain, m.Corrected, m.Doubtful} {
		for _, rc := range set {
			if rc[0] < 0 || rc[0] >= r.Rows || rc[1] < 0 || rc[1] >= r.Cols {
				panic(fmt.Sprintf("overlay: cell %v outside the %d×%d board", rc, r.Rows, r.Cols))
			}
		}
	}
	d := drawer{img: &img, r: r}
	// The legend first: when the board fills the photo and the band must
	// cover part of it, the marks stay visible on top.
	d.legend(m)
	corrected := make(map[[2]int]bool, len(m.Corrected))
	for _, rc := range m.Corrected {
		corrected[rc] = true
	}
	everyCell := allDoubtful(m, r.Rows*r.Cols)
	if m.SizeUnsure || everyCell {
		d.gridOutline(uncertainColour, 0.06)
	}
	for _, rc := range m.Uncertain {
		if !corrected[rc] && !everyCell {
			d.cellOutline(rc, uncertainColour, 0.04)
		}
	}
	for _, rc := range m.Corrected {
		d.cellOutline(rc, correctedColour, 0.07)
		d.label(rc, 0.8, 0.22, "?", 0.26)
	}
	if !m.Unsolvable {
		labels := map[[2]int][]string{}
		var order [][2]int
		for i, rc := range m.Presses {
			if _, ok := labels[rc]; !ok {
				order = append(order, rc)
			}
			labels[rc] = append(labels[rc], strconv.Itoa(i+1))
		}
		for _, rc := range order {
			d.ring(rc)
			if m.Numbered {
				d.label(rc, 0.5, 0.5, strings.Join(labels[rc], ","), 0.3)
			}
		}
	}
}

type drawer struct {
	img *gocv.Mat
	r   *vision.Reading
}

// cellSize is the side of cell rc in pixels: the shorter of its
// projected width and height.
func (d *drawer) cellSize(rc [2]int) float64 {
	u, v := float64(rc[1]), float64(rc[0])
	w := dist(d.r.Project(u, v+0.5), d.r.Project(u+1, v+0.5))
	h := dist(d.r.Project(u+0.5, v), d.r.Project(u+0.5, v+1))
	return math.Max(1, math.Min(w, h))
}

func dist(a, b vision.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// fixed projects board point (u, v) to a fixed-point pixel position.
func (d *drawer) fixed(u, v float64) image.Point {
	p := d.r.Project(u, v)
	return image.Pt(int(math.Round(p.X*(1<<shift))), int(math.Round(p.Y*(1<<shift))))
}

// fill fills the area between outer and inner (a band; inner may be nil)
// anti-aliased.
func (d *drawer) fill(c color.RGBA, contours ...[]image.Point) {
	pv := gocv.NewPointsVectorFromPoints(contours)
	defer pv.Close()
	gocv.FillPolyWithParams(d.img, pv, c, gocv.LineAA, shift, image.Point{})
}

// circle returns the circle of radius rad (cell units) around the centre
// of cell rc, projected.
func (d *drawer) circle(rc [2]int, rad float64) []image.Point {
	const n = 48
	cu, cv := float64(rc[1])+0.5, float64(rc[0])+0.5
	pts := make([]image.Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = d.fixed(cu+rad*math.Cos(a), cv+rad*math.Sin(a))
	}
	return pts
}

// ring draws the press marker on cell rc: a magenta ring with a white
// halo and a dark outline, about 0.6 of the cell across.
func (d *drawer) ring(rc [2]int) {
	s := d.cellSize(rc)
	core := math.Max(1.2, 0.05*s) / s // half-widths in cell units
	halo := core + math.Max(1, 0.02*s)/s
	edge := halo + math.Max(1, 0.02*s)/s
	const rad = 0.31
	d.fill(outlineColour, d.circle(rc, rad+edge), d.circle(rc, rad-edge))
	d.fill(haloColour, d.circle(rc, rad+halo), d.circle(rc, rad-halo))
	d.fill(ringColour, d.circle(rc, rad+core), d.circle(rc, rad-core))
}

// quad returns cell rc's outline inset by in cell units, projected.
func (d *drawer) quad(rc [2]int, in float64) []image.Point {
	u, v := float64(rc[1]), float64(rc[0])
	return []image.Point{
		d.fixed(u+in, v+in), d.fixed(u+1-in, v+in),
		d.fixed(u+1-in, v+1-in), d.fixed(u+in, v+1-in),
	}
}

// cellOutline outlines cell rc in c, with a dark edge, the band being
// width cell units wide (at least 2 pixels).
func (d *drawer) cellOutline(rc [2]int, c color.RGBA, width float64) {
	s := d.cellSize(rc)
	w := math.Max(2, width*s) / s
	e := math.Max(1, 0.015*s) / s
	const in = 0.03
	d.fill(outlineColour, d.quad(rc, in), d.quad(rc, in+w+2*e))
	d.fill(c, d.quad(rc, in+e), d.quad(rc, in+e+w))
}

// allDoubtful reports whether m's Uncertain cells cover all n cells of
// the board: one outline around the grid then says it better than a box
// on every cell.
func allDoubtful(m Marks, n int) bool {
	seen := map[[2]int]bool{}
	for _, rc := range m.Uncertain {
		seen[rc] = true
	}
	return n > 1 && len(seen) == n
}

// gridOutline draws a band of width cell units (at least 2 pixels)
// just outside the whole grid in c, with dark edges.
func (d *drawer) gridOutline(c color.RGBA, width float64) {
	s := d.cellSize([2]int{d.r.Rows / 2, d.r.Cols / 2})
	w := math.Max(2, width*s) / s
	e := math.Max(1, 0.015*s) / s
	const out = 0.02
	quad := func(o float64) []image.Point {
		u, v := float64(d.r.Cols), float64(d.r.Rows)
		return []image.Point{d.fixed(-o, -o), d.fixed(u+o, -o), d.fixed(u+o, v+o), d.fixed(-o, v+o)}
	}
	d.fill(outlineColour, quad(out+w+2*e), quad(out))
	d.fill(c, quad(out+w+e), quad(out+e))
}

// label writes text centred on board point (col+fu, row+fv) of cell rc,
// white with a dark outline, its height frac of the cell size.
func (d *drawer) label(rc [2]int, fu, fv float64, text string, frac float64) {
	s := d.cellSize(rc)
	p := d.r.Project(float64(rc[1])+fu, float64(rc[0])+fv)
	const font = gocv.FontHersheyDuplex
	one := gocv.GetTextSize(text, font, 1, 1)
	scale := frac * s / float64(one.Y)
	if w := float64(one.X) * scale; w > 0.55*s { // long labels like "3,17"
		scale *= 0.55 * s / w
	}
	thick := max(1, int(math.Round(scale*1.6)))
	size := gocv.GetTextSize(text, font, scale, thick)
	org := image.Pt(int(math.Round(p.X-float64(size.X)/2)), int(math.Round(p.Y+float64(size.Y)/2)))
	gocv.PutTextWithParams(d.img, text, org, font, scale, outlineColour, thick+max(2, thick), gocv.LineAA, false)
	gocv.PutTextWithParams(d.img, text, org, font, scale, bandText, thick, gocv.LineAA, false)
}

// legend draws the band with the press count and goal, or the unsolvable
// message, along the top or bottom edge, whichever covers less of the board.
func (d *drawer) legend(m Marks) {
	const font = gocv.FontHersheyDuplex
	lines, band, scale := d.legendLayout(m)
	roi := d.img.Region(band)
	defer roi.Close()
	if m.Unsolvable {
		roi.MultiplyFloat(0.25)
		tint := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(unsolvableBand.B), float64(unsolvableBand.G), float64(unsolvableBand.R), 0), roi.Rows(), roi.Cols(), gocv.MatTypeCV8UC3)
		defer tint.Close()
		gocv.AddWeighted(roi, 1, tint, 0.8, 0, &roi)
	} else {
		roi.MultiplyFloat(0.3)
	}
	thick := max(1, int(math.Round(scale*1.3)))
	h := band.Dy() / len(lines)
	for i, l := range lines {
		size := gocv.GetTextSize(l, font, scale, thick)
		org := image.Pt(int(0.3*float64(h)), band.Min.Y+i*h+(h+size.Y)/2)
		gocv.PutTextWithParams(d.img, l, org, font, scale, bandText, thick, gocv.LineAA, false)
	}
}

// legendLayout returns the legend's lines of text, the band they go in
// and their font scale: one line when the main message and its extra
// part fit without shrinking much, else two.
func (d *drawer) legendLayout(m Marks) ([]string, image.Rectangle, float64) {
	const font = gocv.FontHersheyDuplex
	W, H := d.img.Cols(), d.img.Rows()
	lineH := lineHeight(W, H)
	pad := float64(lineH) * 0.3
	// fit returns the font scale that fits text in one line of the band.
	fit := func(text string) float64 {
		one := gocv.GetTextSize(text, font, 1, 1)
		return math.Min(0.5*float64(lineH)/float64(one.Y), (float64(W)-2*pad)/float64(one.X))
	}
	main, extra := legendText(m, d.r.Rows*d.r.Cols)
	lines := []string{main}
	if extra != "" {
		if full := main + "  -  " + extra; fit(full) >= 0.85*fit(main) {
			lines[0] = full
		} else {
			lines = append(lines, extra)
		}
	}
	scale := math.Inf(1)
	for _, l := range lines {
		scale = math.Min(scale, fit(l))
	}
	return lines, legendBand(W, H, d.r, len(lines)), scale
}

// lineHeight is the height of one line of the legend band in a W×H
// image: 6% of the short side, at least 16 pixels.
func lineHeight(W, H int) int {
	return max(16, int(math.Round(0.06*float64(min(W, H)))))
}

// legendBand returns the legend's place in a W×H image: a band of lines
// lines along the bottom edge, or the top edge when that covers less of
// the board. It takes at most a third of the image.
func legendBand(W, H int, r *vision.Reading, lines int) image.Rectangle {
	h := max(1, min(lines*lineHeight(W, H), H/3))
	top, bottom := math.Inf(1), math.Inf(-1)
	for _, p := range r.Corners {
		top, bottom = math.Min(top, p.Y), math.Max(bottom, p.Y)
	}
	if overBottom, overTop := bottom-float64(H-h), float64(h)-top; overBottom > 0 && overTop < overBottom {
		return image.Rect(0, 0, W, h)
	}
	return image.Rect(0, H-h, W, H)
}

// sizeNote is the legend's word on an unsure size.
func (m Marks) sizeNote() string {
	if m.SizeGiven {
		return "grid placement uncertain: check the outline"
	}
	return "size uncertain: check rows and columns"
}

// legendText returns the band's main message and an optional extra part
// for a board of cells cells.
func legendText(m Marks, cells int) (main, extra string) {
	goal := m.Goal
	if goal == "" {
		goal = "off"
	}
	if m.Unsolvable {
		main = "UNSOLVABLE: no presses turn all lights " + goal
		extra = "every light read clearly"
		if len(m.Doubtful) > 0 {
			extra = "most doubtful: " + cellList(m.Doubtful, 4)
		}
		if m.SizeUnsure {
			extra += "; " + m.sizeNote()
		}
		return main, extra
	}
	n := len(m.Presses)
	switch {
	case n == 0:
		main = "Already solved: all lights " + goal
	case m.Numbered:
		main = fmt.Sprintf("%d numbered presses, in order: all lights %s", n, goal)
	case n == 1:
		main = "Press the ringed button: all lights " + goal
	default:
		main = fmt.Sprintf("Press the %d ringed buttons: all lights %s", n, goal)
	}
	var parts []string
	if len(m.Corrected) > 0 {
		what := "assumed misread: "
		if m.Override {
			what = "changed by you: "
		}
		parts = append(parts, what+cellList(m.Corrected, 4))
	}
	if m.SizeUnsure {
		parts = append(parts, m.sizeNote())
	}
	switch {
	case allDoubtful(m, cells):
		parts = append(parts, "every light read with doubt: check them")
	case len(m.Uncertain) > len(m.Corrected):
		parts = append(parts, "boxed: read with doubt")
	}
	return main, strings.Join(parts, "; ")
}

// cellList names up to n cells in A1 notation, sorted as given.
func cellList(cells [][2]int, n int) string {
	names := make([]string, 0, n)
	for i, rc := range cells {
		if i == n {
			names = append(names, "...")
			break
		}
		names = append(names, solver.CellName(rc[0], rc[1]))
	}
	return strings.Join(names, ", ")
}
