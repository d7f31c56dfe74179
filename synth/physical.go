package synth

import (
	"fmt"
	"image"
	"image/color"

	"gocv.io/x/gocv"
)

// flat is a board drawn face-on, before it is placed in a scene.
type flat struct {
	albedo gocv.Mat // what the surface reflects, BGR
	emit   gocv.Mat // light it gives off (lit cells, screens), BGR
	mask   gocv.Mat // 8-bit, 255 where the object is
	grid   hom      // board units → canvas pixels
	notes  []string
}

func (f *flat) Close() {
	f.albedo.Close()
	f.emit.Close()
	f.mask.Close()
}

// canvas lays out a grid of cells of pitch p pixels with margins around it.
type canvas struct {
	w, h   int
	ox, oy int // top-left pixel of cell (0, 0)
	p      int // pixels per cell
}

func (c canvas) grid() hom {
	// Pixel i spans [i-0.5, i+0.5], so the grid's edge is half a pixel
	// before the first pixel of cell 0.
	return affine(float64(c.ox)-0.5, float64(c.oy)-0.5, float64(c.p), float64(c.p))
}

// cell returns cell (r, c)'s pixels shrunk by inset on every side.
func (c canvas) cell(row, col, inset int) image.Rectangle {
	x, y := c.ox+col*c.p, c.oy+row*c.p
	return image.Rect(x+inset, y+inset, x+c.p-inset, y+c.p-inset)
}

// centre returns the centre of cell (r, c) in pixel coordinates.
func (c canvas) centre(row, col int) (float64, float64) {
	return float64(c.ox) + (float64(col)+0.5)*float64(c.p) - 0.5, float64(c.oy) + (float64(row)+0.5)*float64(c.p) - 0.5
}

func newFlat(cv canvas) flat {
	return flat{
		albedo: gocv.NewMatWithSize(cv.h, cv.w, gocv.MatTypeCV8UC3),
		emit:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), cv.h, cv.w, gocv.MatTypeCV8UC3),
		mask:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), cv.h, cv.w, gocv.MatTypeCV8UC1),
		grid:   cv.grid(),
	}
}

// margins returns a canvas with the given margins in cells.
func layout(b *board, p int, left, top, right, bottom float64) canvas {
	fp := float64(p)
	cv := canvas{ox: int(left * fp), oy: int(top * fp), p: p}
	cv.w = cv.ox + b.cols*p + int(right*fp)
	cv.h = cv.oy + b.rows*p + int(bottom*fp)
	return cv
}

// caseShape fills the mask with a rounded case and the albedo with its
// colour, a darker rim and optional texture.
func caseShape(f *flat, cv canvas, rad int, c color.RGBA, r *rng, texture float64) {
	roundRect(&f.mask, image.Rect(0, 0, cv.w, cv.h), rad, rgb(255, 255, 255))
	setColour(&f.albedo, scale(c, 0.7))
	e := max(2, cv.p/14)
	roundRect(&f.albedo, image.Rect(e/2, e/2, cv.w-e/2, cv.h-e), rad, scale(c, 1.1))
	roundRect(&f.albedo, image.Rect(e, e, cv.w-e, cv.h-e-e/2), max(0, rad-e), c)
	if texture > 0 {
		n := noiseMat(r, cv.w, cv.h, max(2, cv.p/6), 1, texture)
		defer n.Close()
		n3 := gocv.NewMat()
		defer n3.Close()
		gocv.CvtColor(n, &n3, gocv.ColorGrayToBGR)
		addSigned(&f.albedo, n3, 1)
	}
}

func setColour(m *gocv.Mat, c color.RGBA) {
	m.SetTo(gocv.NewScalar(float64(c.B), float64(c.G), float64(c.R), 0))
}

// renderFlat draws b face-on in a physical style with p pixels per cell.
func renderFlat(r, extra *rng, b *board, style string, p int, clean bool) (flat, error) {
	switch style {
	case StyleHandheld:
		return drawHandheld(r, b, p), nil
	case StyleKeypad:
		return drawKeypad(r, b, p), nil
	case StyleEscape:
		return drawEscape(r, b, p), nil
	case StyleArcade:
		return drawArcade(r, b, p), nil
	case StyleMatrix:
		return drawMatrix(r, b, p), nil
	case StyleMembrane:
		return drawMembrane(r, b, p), nil
	case StyleMonitor:
		return drawMonitor(r, extra, b, p, clean), nil
	}
	return flat{}, fmt.Errorf("style %s not drawn yet", style)
}

// bevelButton draws a raised rounded button face with a darker lower
// edge and a lighter upper edge.
func bevelButton(img *gocv.Mat, rc image.Rectangle, rad int, c color.RGBA, depth int) {
	roundRect(img, rc, rad, scale(c, 0.72))
	top := rc
	top.Max.Y -= depth
	roundRect(img, top, rad, scale(c, 1.1))
	face := image.Rect(rc.Min.X+depth/2, rc.Min.Y+depth/2, rc.Max.X-depth/2, rc.Max.Y-depth)
	roundRect(img, face, rad, c)
}

// glowFace draws a lit face into the emission layer: the colour over the
// face, hotter (whiter) towards the middle.
func glowFace(emit *gocv.Mat, rc image.Rectangle, rad int, c color.RGBA, strength, hot float64) {
	roundRect(emit, rc, rad, scale(c, strength))
	cx, cy := float64(rc.Min.X+rc.Max.X-1)/2, float64(rc.Min.Y+rc.Max.Y-1)/2
	rr := float64(min(rc.Dx(), rc.Dy())) / 2
	disc(emit, cx, cy, rr*0.7, scale(mix(c, rgb(255, 255, 255), hot*0.5), strength))
	disc(emit, cx, cy, rr*0.35, scale(mix(c, rgb(255, 255, 255), hot), strength))
}

func glowDisc(emit *gocv.Mat, cx, cy, rad float64, c color.RGBA, strength, hot float64) {
	disc(emit, cx, cy, rad, scale(c, strength))
	disc(emit, cx, cy, rad*0.65, scale(mix(c, rgb(255, 255, 255), hot*0.5), strength))
	disc(emit, cx, cy, rad*0.3, scale(mix(c, rgb(255, 255, 255), hot), strength))
}

func drawHandheld(r *rng, b *board, p int) flat {
	bottom := r.uni(0.4, 0.8)
	hasControls := r.chance(0.7)
	if hasControls {
		bottom = r.uni(2.2, 3.6)
	}
	cv := layout(b, p, r.uni(0.25, 0.6), r.uni(0.3, 0.9), r.uni(0.25, 0.6), bottom)
	f := newFlat(cv)
	caseC := r.jitter(pick(r, []color.RGBA{rgb(185, 188, 195), rgb(160, 165, 172), rgb(60, 62, 70), rgb(40, 70, 150), rgb(230, 200, 60), rgb(200, 200, 205)}), 12)
	caseShape(&f, cv, int(float64(p)*r.uni(0.2, 0.8)), caseC, r, 10)
	// A dark recess behind the buttons.
	recess := image.Rect(cv.ox-p/12, cv.oy-p/12, cv.ox+b.cols*p+p/12, cv.oy+b.rows*p+p/12)
	roundRect(&f.albedo, recess, p/10, scale(caseC, r.uni(0.25, 0.5)))
	unlit := r.jitter(pick(r, []color.RGBA{rgb(150, 140, 175), rgb(170, 170, 180), rgb(120, 120, 130), rgb(200, 200, 205), rgb(90, 90, 100)}), 10)
	inset := int(float64(p) * r.uni(0.06, 0.13))
	rad := int(float64(p) * r.uni(0.03, 0.15))
	depth := max(1, p/14)
	strength := r.uni(0.8, 1)
	hot := r.uni(0.2, 0.5)
	litAlbedo := r.uni(0.4, 0.8)
	drawBevelButtons(&f, cv, b, inset, rad, depth, unlit, litAlbedo, strength, hot)
	if hasControls {
		y0 := cv.oy + b.rows*p
		fp := float64(p)
		text(&f.albedo, "LIGHTS OUT", cv.ox, y0+int(fp*0.9), fp*0.35, gocv.FontHersheyDuplex, scale(caseC, 0.45), true)
		// An oval select button and a column of small ones, like the Tiger game.
		ox := float64(cv.ox) + fp*0.9
		oy := float64(y0) + fp*1.7
		gocv.EllipseWithParams(&f.albedo, image.Pt(int(ox), int(oy)), image.Pt(int(fp*0.6), int(fp*0.3)), 0, 0, 360, rgb(70, 60, 150), -1, gocv.LineAA, 0)
		bx := cv.ox + b.cols*p - int(fp*1.2)
		for k := 0; k < 4; k++ {
			y := y0 + int(fp*(0.6+0.55*float64(k)))
			if y+p/4 > cv.h-p/6 {
				break
			}
			roundRect(&f.albedo, image.Rect(bx, y, bx+int(fp*0.7), y+p/4), p/8, rgb(220, 190, 40))
		}
	}
	f.notes = append(f.notes, fmt.Sprintf("case #%02x%02x%02x", caseC.R, caseC.G, caseC.B))
	return f
}

func drawKeypad(r *rng, b *board, p int) flat {
	m := r.uni(0.2, 0.7)
	cv := layout(b, p, m, m*r.uni(0.8, 1.3), m, m*r.uni(0.8, 1.3))
	f := newFlat(cv)
	caseC := r.jitter(pick(r, []color.RGBA{rgb(220, 40, 30), rgb(30, 30, 34), rgb(235, 235, 230), rgb(40, 80, 170), rgb(120, 125, 130), rgb(150, 105, 60), rgb(250, 120, 20)}), 12)
	caseShape(&f, cv, int(float64(p)*r.uni(0.05, 0.5)), caseC, r, 6)
	unlit := r.jitter(pick(r, []color.RGBA{rgb(200, 198, 205), rgb(185, 185, 190), rgb(210, 208, 200), rgb(60, 60, 65)}), 8)
	inset := int(float64(p) * r.uni(0.08, 0.2))
	rad := int(float64(p) * r.uni(0.1, 0.3))
	depth := max(1, p/16)
	strength := r.uni(0.85, 1)
	hot := r.uni(0.2, 0.6)
	litAlbedo := r.uni(0.4, 0.8)
	drawBevelButtons(&f, cv, b, inset, rad, depth, unlit, litAlbedo, strength, hot)
	return f
}

// drawBevelButtons draws every cell as a bevelled button of colour unlit;
// lit ones are darkened to litAlbedo of it and glow with the cell's glow
// colour at strength, whiter towards the middle by hot (see glowFace).
func drawBevelButtons(f *flat, cv canvas, b *board, inset, rad, depth int, unlit color.RGBA, litAlbedo, strength, hot float64) {
	for i := range b.rows {
		for j := range b.cols {
			rc := cv.cell(i, j, inset)
			if b.lit[i][j] {
				bevelButton(&f.albedo, rc, rad, scale(unlit, litAlbedo), depth)
				glowFace(&f.emit, rc, rad, b.glow[i][j], strength, hot)
			} else {
				bevelButton(&f.albedo, rc, rad, unlit, depth)
			}
		}
	}
}

func drawEscape(r *rng, b *board, p int) flat {
	m := r.uni(0.5, 1.4)
	cv := layout(b, p, m, m*r.uni(0.8, 1.6), m, m*r.uni(0.8, 1.6))
	f := newFlat(cv)
	var panel color.RGBA
	material := pick(r, []string{"metal", "wood", "painted", "black"})
	switch material {
	case "metal":
		panel = r.jitter(rgb(165, 168, 172), 15)
	case "wood":
		panel = r.jitter(rgb(140, 95, 55), 20)
	case "painted":
		panel = r.jitter(pick(r, []color.RGBA{rgb(40, 60, 110), rgb(40, 90, 60), rgb(120, 30, 30), rgb(200, 190, 170)}), 15)
	default:
		panel = r.jitter(rgb(35, 35, 38), 6)
	}
	caseShape(&f, cv, int(float64(p)*r.uni(0, 0.2)), panel, r, 0)
	switch material {
	case "metal":
		// Brushed: noise stretched along one axis.
		n := noiseMat(r, max(2, cv.w/40), cv.h, 1, 1, 18)
		defer n.Close()
		big := gocv.NewMat()
		defer big.Close()
		gocv.Resize(n, &big, image.Pt(cv.w, cv.h), 0, 0, gocv.InterpolationLinear)
		n3 := gocv.NewMat()
		defer n3.Close()
		gocv.CvtColor(big, &n3, gocv.ColorGrayToBGR)
		addSigned(&f.albedo, n3, 1)
	case "wood":
		n := noiseMat(r, 3, cv.h/3+2, 1, 1, 60)
		defer n.Close()
		big := gocv.NewMat()
		defer big.Close()
		gocv.Resize(n, &big, image.Pt(cv.w, cv.h), 0, 0, gocv.InterpolationCubic)
		n3 := gocv.NewMat()
		defer n3.Close()
		gocv.CvtColor(big, &n3, gocv.ColorGrayToBGR)
		addSigned(&f.albedo, n3, 0.5)
	}
	// Screws in the corners.
	fp := float64(p)
	for _, s := range [][2]float64{{0.25, 0.25}, {float64(cv.w)/fp - 0.25, 0.25}, {0.25, float64(cv.h)/fp - 0.25}, {float64(cv.w)/fp - 0.25, float64(cv.h)/fp - 0.25}} {
		disc(&f.albedo, s[0]*fp, s[1]*fp, fp*0.07, rgb(190, 190, 195))
		line(&f.albedo, s[0]*fp-fp*0.05, s[1]*fp, s[0]*fp+fp*0.05, s[1]*fp, max(1, p/50), rgb(80, 80, 80))
	}
	rad := fp * r.uni(0.18, 0.32)
	bezel := r.jitter(pick(r, []color.RGBA{rgb(200, 200, 205), rgb(60, 60, 64), rgb(180, 150, 80)}), 10)
	dome := r.jitter(pick(r, []color.RGBA{rgb(200, 200, 195), rgb(150, 150, 155), rgb(45, 45, 48), rgb(215, 210, 200)}), 8)
	labelled := r.chance(0.3)
	// Anti-vandal buttons light a ring around a metal cap.
	ringLED := r.chance(0.3)
	if ringLED {
		dome = r.jitter(rgb(175, 175, 180), 10)
		f.notes = append(f.notes, "ring LEDs")
	}
	strength := r.uni(0.85, 1)
	hot := r.uni(0.3, 0.7)
	litAlbedo := r.uni(0.4, 0.8)
	for i := range b.rows {
		for j := range b.cols {
			cx, cy := cv.centre(i, j)
			disc(&f.albedo, cx+rad*0.08, cy+rad*0.12, rad*1.28, scale(panel, 0.5))
			disc(&f.albedo, cx, cy, rad*1.25, bezel)
			disc(&f.albedo, cx, cy, rad*1.05, scale(bezel, 0.75))
			if b.lit[i][j] {
				disc(&f.albedo, cx, cy, rad, scale(dome, litAlbedo))
			} else {
				disc(&f.albedo, cx, cy, rad, dome)
			}
			disc(&f.albedo, cx-rad*0.3, cy-rad*0.35, rad*0.25, mix(dome, rgb(255, 255, 255), 0.4))
			switch {
			case b.lit[i][j] && ringLED:
				ring(&f.emit, cx, cy, rad*1.12, max(2, int(rad*0.16)), scale(mix(b.glow[i][j], rgb(255, 255, 255), hot*0.5), strength))
			case b.lit[i][j]:
				glowDisc(&f.emit, cx, cy, rad, b.glow[i][j], strength, hot)
			}
			if labelled {
				s := fmt.Sprintf("%c%d", 'A'+j, i+1)
				text(&f.albedo, s, int(cx-rad), int(cy+rad*1.25+fp*0.14), fp*0.1, gocv.FontHersheySimplex, scale(panel, 0.4), true)
			}
		}
	}
	f.notes = append(f.notes, material+" panel")
	return f
}
