package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// renderScreenshot draws an unwarped screenshot in style app or pixelart.
func renderScreenshot(r *rng, b *board, style string, maxPix int, clean bool) (gocv.Mat, hom, []string, error) {
	if style == StylePixelArt {
		return pixelArt(r, b, maxPix)
	}
	img, grid, notes := appScreen(r, b, maxPix, 0, 0, clean)
	return img, grid, notes, nil
}

// screenSize picks a screen resolution: phone, desktop or tablet.
func screenSize(r *rng, maxPix int) (w, h int, kind string) {
	switch x := r.Float64(); {
	case x < 0.35:
		kind = "phone"
		s := pick(r, [][2]int{{750, 1334}, {1080, 1920}, {1080, 2340}, {1170, 2532}, {720, 1600}})
		w, h = s[0], s[1]
		if r.chance(0.15) {
			w, h = h, w
		}
	case x < 0.85:
		kind = "desktop"
		s := pick(r, [][2]int{{1280, 800}, {1366, 768}, {1440, 900}, {1920, 1080}, {2560, 1440}, {1024, 768}, {800, 600}})
		w, h = s[0], s[1]
	default:
		kind = "tablet"
		s := pick(r, [][2]int{{2048, 1536}, {1536, 2048}, {1280, 800}})
		w, h = s[0], s[1]
	}
	if w*h > maxPix {
		k := math.Sqrt(float64(maxPix) / float64(w*h))
		w, h = int(float64(w)*k), int(float64(h)*k)
	}
	return w, h, kind
}

// theme is an app's colour scheme.
type theme struct {
	bg, panel, text, accent, unlit, border color.RGBA
	dark                                   bool
}

func newTheme(r *rng) theme {
	if r.chance(0.5) {
		return theme{
			bg: r.jitter(rgb(30, 32, 40), 12), panel: r.jitter(rgb(50, 52, 62), 12), text: rgb(225, 225, 230),
			accent: r.jitter(pick(r, []color.RGBA{rgb(90, 140, 250), rgb(240, 120, 60), rgb(80, 200, 120)}), 20),
			unlit:  r.jitter(pick(r, []color.RGBA{rgb(70, 72, 82), rgb(40, 40, 45), rgb(95, 95, 100), rgb(20, 20, 24)}), 8),
			border: rgb(15, 15, 18), dark: true,
		}
	}
	return theme{
		bg: r.jitter(rgb(240, 240, 244), 10), panel: r.jitter(rgb(255, 255, 255), 4), text: rgb(30, 30, 35),
		accent: r.jitter(pick(r, []color.RGBA{rgb(40, 100, 230), rgb(230, 80, 40), rgb(30, 160, 90)}), 20),
		unlit:  r.jitter(pick(r, []color.RGBA{rgb(200, 200, 205), rgb(120, 120, 128), rgb(60, 60, 66), rgb(230, 230, 235)}), 8),
		border: rgb(150, 150, 155),
	}
}

// appScreen draws a game app's window: a toolbar, text, buttons and the
// board somewhere in it. w, h of 0 pick a screen size. clean leaves out
// the glow that lit cells of some designs spread onto their neighbours.
func appScreen(r *rng, b *board, maxPix, w, h int, clean bool) (gocv.Mat, hom, []string) {
	kind := "screen"
	if w == 0 {
		w, h, kind = screenSize(r, maxPix)
	}
	t := newTheme(r)
	img := fill(w, h, t.bg)
	short := float64(min(w, h))
	notes := []string{fmt.Sprintf("%s screenshot, %s theme", kind, map[bool]string{true: "dark", false: "light"}[t.dark])}

	// Window chrome, then a toolbar with a title and a few buttons.
	top := 0
	switch chrome := pick(r, []string{"none", "browser", "status", "window"}); chrome {
	case "browser":
		top = int(short * 0.08)
		gocv.Rectangle(&img, image.Rect(0, 0, w-1, top), rgb(222, 225, 230), -1)
		roundRect(&img, image.Rect(top/4, top/8, top/4+int(short*0.25), top/2), top/8, rgb(250, 250, 252))
		roundRect(&img, image.Rect(top, top*9/16, w-top, top*15/16), top/6, rgb(250, 250, 252))
		text(&img, "https://games.example/lights-out", top+top/4, top*13/16, float64(top)*0.18, gocv.FontHersheySimplex, rgb(60, 60, 70), true)
		notes = append(notes, "browser")
	case "status":
		top = int(short * 0.05)
		gocv.Rectangle(&img, image.Rect(0, 0, w-1, top), scale(t.bg, 0.9), -1)
		text(&img, "9:41", top/2, top*3/4, float64(top)*0.45, gocv.FontHersheySimplex, t.text, true)
		roundRect(&img, image.Rect(w-top*2, top/4, w-top/2, top*3/4), top/8, t.text)
	case "window":
		top = int(short * 0.04)
		gocv.Rectangle(&img, image.Rect(0, 0, w-1, top), rgb(200, 200, 205), -1)
		for k, c := range []color.RGBA{rgb(255, 95, 86), rgb(255, 189, 46), rgb(39, 201, 63)} {
			disc(&img, float64(top)*(0.6+0.7*float64(k)), float64(top)/2, float64(top)*0.22, c)
		}
	}
	bar := int(short * r.uni(0.04, 0.09))
	gocv.Rectangle(&img, image.Rect(0, top, w-1, top+bar), t.panel, -1)
	th := float64(bar) * 0.4
	text(&img, pick(r, []string{"Lights Out", "LIGHTS OUT", "Lights Off!", "Flip", "Puzzle 12", "XL25"}), bar/3, top+bar*2/3+int(th/3), th, gocv.FontHersheySimplex, t.text, true)
	for i := range r.between(0, 4) {
		bx := w - (i+1)*bar*2
		roundRect(&img, image.Rect(bx, top+bar/5, bx+bar*3/2, top+bar*4/5), bar/6, t.accent)
	}
	bar += top

	// Board: cells of pitch p with a gap, spanning 10%..70% of the short side.
	maxDim := float64(max(b.rows, b.cols))
	lo := math.Max(0.1, 10*maxDim/short)
	span := r.uni(lo, math.Max(lo, 0.7)) * short
	p := max(5, int(span/maxDim))
	bw, bh := p*b.cols, p*b.rows
	pad := int(float64(p) * r.uni(0.1, 0.6))
	// Place the board below the toolbar, anywhere it fits.
	x0 := pad + r.IntN(max(1, w-bw-2*pad))
	y0 := bar + pad + r.IntN(max(1, h-bar-bh-2*pad))
	if r.chance(0.5) {
		x0 = (w - bw) / 2
	}
	if x0 < 0 || y0 < 0 || x0+bw > w || y0+bh > h {
		x0, y0 = max(0, (w-bw)/2), max(0, (h-bh)/2)
	}
	// Colours a player can tell apart, as in any real game: every lit
	// colour stands out from the backdrop and from the unlit colour, and
	// unlit cells show against the backdrop.
	backdrop := t.bg
	drawBackdrop := r.chance(0.7)
	if drawBackdrop {
		backdrop = t.panel
	}
	for _, row := range b.glow {
		for _, g := range row {
			if maxChannelDiff(g, backdrop) < 70 {
				backdrop, drawBackdrop = rgb(45, 45, 52), true
			}
		}
	}
	for _, row := range b.glow {
		for _, g := range row {
			if maxChannelDiff(g, t.unlit) < 70 {
				t.unlit = rgb(85, 85, 92)
			}
		}
	}
	if d := luma(t.unlit) - luma(backdrop); d > -35 && d < 35 {
		if luma(backdrop) < 128 {
			t.unlit = mix(t.unlit, rgb(255, 255, 255), 0.35)
		} else {
			t.unlit = scale(t.unlit, 0.6)
		}
	}
	if drawBackdrop {
		roundRect(&img, image.Rect(x0-pad, y0-pad, x0+bw+pad, y0+bh+pad), int(float64(pad)*r.uni(0, 1)), backdrop)
	}
	gap := int(float64(p) * r.uni(0.04, 0.2))
	rad := int(float64(p) * r.uni(0, 0.3))
	look := pick(r, []string{"flat", "flat", "round", "bevel", "glow", "outlined", "bulb", "lines"})
	outline := r.chance(0.3)
	notes = append(notes, look+" cells")
	cv := canvas{ox: x0, oy: y0, p: p}
	if look == "lines" {
		// Cells touch, separated by thin grid lines.
		// The lines must show against unlit cells, or an all-off board is
		// one blank block.
		gap = 0
		gocv.Rectangle(&img, image.Rect(x0-1, y0-1, x0+bw, y0+bh), mix(t.unlit, t.text, 0.6), -1)
	}
	var glowLayer gocv.Mat
	if look == "glow" {
		glowLayer = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), h, w, gocv.MatTypeCV8UC3)
		defer glowLayer.Close()
	}
	for i := range b.rows {
		for j := range b.cols {
			c := t.unlit
			lit := b.lit[i][j]
			if lit {
				c = b.glow[i][j]
			}
			rc := cv.cell(i, j, gap/2+1)
			cx, cy := cv.centre(i, j)
			switch look {
			case "round":
				disc(&img, cx, cy, float64(rc.Dx())/2, c)
			case "bevel":
				d := max(1, p/12)
				roundRect(&img, rc, rad, scale(c, 0.6))
				roundRect(&img, image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-d, rc.Max.Y-d), rad, mix(c, rgb(255, 255, 255), 0.4))
				roundRect(&img, image.Rect(rc.Min.X+d, rc.Min.Y+d, rc.Max.X-d, rc.Max.Y-d), rad, c)
			case "glow":
				roundRect(&img, rc, rad, c)
				if lit {
					roundRect(&glowLayer, rc, rad, c)
					disc(&img, cx, cy, float64(rc.Dx())*0.25, mix(c, rgb(255, 255, 255), 0.5))
				}
			case "outlined":
				// Unlit cells are only an outline; lit ones are filled.
				if lit {
					roundRect(&img, rc, rad, c)
				} else {
					th := max(1, p/20)
					roundRect(&img, rc, rad, t.unlit)
					roundRect(&img, image.Rect(rc.Min.X+th, rc.Min.Y+th, rc.Max.X-th, rc.Max.Y-th), max(0, rad-th), backdrop)
				}
			case "bulb":
				// A light-bulb icon in each cell.
				roundRect(&img, rc, rad, scale(backdrop, 0.9))
				fp := float64(p)
				disc(&img, cx, cy-fp*0.08, fp*0.25, c)
				gocv.Rectangle(&img, image.Rect(int(cx-fp*0.1), int(cy+fp*0.12), int(cx+fp*0.1), int(cy+fp*0.3)), rgb(140, 140, 145), -1)
			case "lines":
				rc = cv.cell(i, j, 0)
				gocv.Rectangle(&img, image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-2, rc.Max.Y-2), c, -1)
			default:
				roundRect(&img, rc, rad, c)
			}
			if outline && (look == "flat" || look == "glow") {
				gocv.Rectangle(&img, image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-1, rc.Max.Y-1), t.border, 1)
			}
		}
	}
	if look == "glow" && !clean {
		halo := blurred(glowLayer, float64(p)*0.12)
		defer halo.Close()
		gocv.AddWeighted(img, 1, halo, 0.8, 0, &img)
	}
	// Other interface: text lines, buttons, sometimes a level-select grid.
	other := image.Rect(x0-pad, y0-pad, x0+bw+pad, y0+bh+pad)
	for range r.between(2, 8) {
		x, y := r.IntN(w), bar+r.IntN(max(1, h-bar))
		s := pick(r, []string{"Moves: 12", "Best 7", "Level 3", "New game", "Reset", "Undo", "Score 1200", "Time 01:23", "Settings", "Hint"})
		hh := short * r.uni(0.015, 0.04)
		tw := textWidth(s, hh, gocv.FontHersheySimplex)
		box := image.Rect(x, y-int(hh*1.6), x+tw+int(hh), y+int(hh*0.6))
		if box.Overlaps(other) || box.Max.X > w {
			continue
		}
		if r.chance(0.5) {
			roundRect(&img, box, int(hh/3), t.accent)
		}
		text(&img, s, x+int(hh/2), y, hh, gocv.FontHersheySimplex, t.text, true)
	}
	if r.chance(0.3) {
		// A grid of level buttons: lattice-like, but numbered and not the board.
		n := r.between(3, 5)
		s := short * r.uni(0.04, 0.07)
		gx, gy := r.uni(0, float64(w)-s*float64(n)), float64(bar)+r.uni(0, float64(h-bar)-s*3)
		box := image.Rect(int(gx), int(gy), int(gx+s*float64(n)), int(gy+s*3))
		if !box.Overlaps(other) {
			for i := range 3 {
				for j := range n {
					x, y := gx+float64(j)*s, gy+float64(i)*s
					roundRect(&img, image.Rect(int(x+s*0.1), int(y+s*0.1), int(x+s*0.9), int(y+s*0.9)), int(s*0.15), t.panel)
					text(&img, fmt.Sprint(i*n+j+1), int(x+s*0.3), int(y+s*0.65), s*0.3, gocv.FontHersheySimplex, t.text, true)
				}
			}
			notes = append(notes, "level grid")
		}
	}
	if r.chance(0.3) {
		// A mouse pointer over a cell.
		i, j := r.IntN(b.rows), r.IntN(b.cols)
		cx, cy := cv.centre(i, j)
		pointer(&img, cx+float64(p)*r.uni(-0.2, 0.2), cy+float64(p)*r.uni(-0.2, 0.2), math.Max(12, short*0.025))
		notes = append(notes, fmt.Sprintf("pointer on %d,%d", i, j))
	}
	return img, cv.grid(), notes
}

// pointer draws an arrow mouse pointer with its tip at (x, y).
func pointer(img *gocv.Mat, x, y, s float64) {
	shape := [][2]float64{{0, 0}, {0, 1}, {0.28, 0.76}, {0.45, 1.1}, {0.58, 1.04}, {0.42, 0.7}, {0.75, 0.7}}
	pts := func(grow float64) []image.Point {
		out := make([]image.Point, len(shape))
		for i, q := range shape {
			out[i] = image.Pt(int(x+(q[0]-0.2)*s*grow+0.2*s), int(y+(q[1]-0.5)*s*grow+0.5*s))
		}
		return out
	}
	poly(img, pts(1.15), rgb(0, 0, 0))
	poly(img, pts(1), rgb(255, 255, 255))
}

// pixelArt draws a low-resolution game screen, upscaled by an integer
// factor with nearest-neighbour sampling, often with a cursor on a cell.
func pixelArt(r *rng, b *board, maxPix int) (gocv.Mat, hom, []string, error) {
	native := pick(r, [][2]int{{160, 144}, {220, 176}, {240, 160}, {256, 224}, {320, 240}, {128, 128}, {400, 240}})
	w, h := native[0], native[1]
	maxDim := max(b.rows, b.cols)
	// Cell size in native pixels; the board must fit with a frame.
	maxP := (min(w, h) - 24) / maxDim
	if maxP < 5 {
		w, h = w*2, h*2
		maxP = (min(w, h) - 24) / maxDim
	}
	p := r.between(min(5, maxP), min(maxP, 40))
	bg := r.jitter(pick(r, []color.RGBA{rgb(30, 40, 100), rgb(20, 20, 20), rgb(60, 120, 60), rgb(200, 200, 200), rgb(100, 40, 90)}), 10)
	img := fill(w, h, bg)
	defer img.Close()
	bw, bh := p*b.cols, p*b.rows
	x0 := (w-bw)/2 + r.between(-(w-bw)/2+6, (w-bw)/2-6)/2
	y0 := max(6, (h-bh)/2-r.IntN(max(1, (h-bh)/2-6)))
	// Frame.
	frame := r.jitter(pick(r, []color.RGBA{rgb(230, 230, 230), rgb(250, 200, 60), rgb(120, 120, 120)}), 10)
	gocv.Rectangle(&img, image.Rect(x0-3, y0-3, x0+bw+2, y0+bh+2), frame, -1)
	well := pick(r, []color.RGBA{rgb(20, 20, 20), rgb(60, 60, 60), rgb(0, 0, 0)})
	gocv.Rectangle(&img, image.Rect(x0-1, y0-1, x0+bw, y0+bh), well, -1)
	off := r.jitter(pick(r, []color.RGBA{rgb(70, 70, 70), rgb(40, 40, 50), rgb(90, 60, 60), rgb(20, 30, 90)}), 8)
	// Lit tiles are pale, saturated or raised (a light edge on top).
	tile := pick(r, []string{"pale", "saturated", "raised"})
	cv := canvas{ox: x0, oy: y0, p: p}
	for i := range b.rows {
		for j := range b.cols {
			rc := cv.cell(i, j, 1)
			full := image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-1, rc.Max.Y-1)
			if !b.lit[i][j] {
				gocv.Rectangle(&img, full, off, -1)
				continue
			}
			switch tile {
			case "pale":
				on := mix(b.glow[i][j], rgb(255, 255, 255), 0.6)
				gocv.Rectangle(&img, full, scale(on, 0.8), -1)
				gocv.Rectangle(&img, image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-2, rc.Max.Y-2), on, -1)
			case "saturated":
				gocv.Rectangle(&img, full, b.glow[i][j], -1)
			default:
				on := b.glow[i][j]
				gocv.Rectangle(&img, full, scale(on, 0.6), -1)
				gocv.Rectangle(&img, image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X-2, rc.Max.Y-2), mix(on, rgb(255, 255, 255), 0.7), -1)
				gocv.Rectangle(&img, image.Rect(rc.Min.X+1, rc.Min.Y+1, rc.Max.X-2, rc.Max.Y-2), on, -1)
			}
		}
	}
	// A moves counter below or above the board.
	ty := min(h-3, y0+bh+12)
	gocv.PutTextWithParams(&img, fmt.Sprintf("Moves: %03d", r.IntN(200)), image.Pt(x0, ty), gocv.FontHersheyPlain, 0.7, frame, 1, gocv.Line8, false)
	notes := []string{fmt.Sprintf("pixel art %dx%d, %d px cells", w, h, p)}
	if r.chance(0.6) {
		i, j := r.IntN(b.rows), r.IntN(b.cols)
		cx, cy := cv.centre(i, j)
		switch r.IntN(3) {
		case 0:
			pointer(&img, cx-float64(p)*0.2, cy-float64(p)*0.3, float64(p)*1.2)
		case 1:
			hand(&img, cx-float64(p)*0.3, cy-float64(p)*0.4, float64(p)*r.uni(0.8, 1.3))
		default:
			rc := cv.cell(i, j, 0)
			gocv.Rectangle(&img, image.Rect(rc.Min.X-1, rc.Min.Y-1, rc.Max.X, rc.Max.Y), pick(r, []color.RGBA{rgb(255, 60, 60), rgb(255, 255, 0), rgb(0, 200, 255)}), 1)
		}
		notes = append(notes, fmt.Sprintf("cursor on %d,%d", i, j))
	}
	// Upscale by an integer factor.
	k := 1
	if r.chance(0.75) {
		k = r.between(2, 6)
	}
	for k > 1 && w*k*h*k > maxPix {
		k--
	}
	out := gocv.NewMat()
	gocv.Resize(img, &out, image.Pt(w*k, h*k), 0, 0, gocv.InterpolationNearestNeighbor)
	// Native pixel centre x maps to k·(x+0.5)-0.5.
	fk := float64(k)
	up := affine(fk/2-0.5, fk/2-0.5, fk, fk)
	notes = append(notes, fmt.Sprintf("upscaled ×%d", k))
	return out, cv.grid().then(up), notes, nil
}

// maxChannelDiff is the largest difference between a and b in any channel.
func maxChannelDiff(a, b color.RGBA) int {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B))
}

// hand draws a pixel-art pointing glove, white with a black outline, its
// fingertip at (x, y) and about s pixels wide.
func hand(img *gocv.Mat, x, y, s float64) {
	u := s / 10
	parts := [][4]float64{{3, 0, 5, 6}, {5, 4, 7, 7}, {1, 5, 9, 11}, {0, 6, 2, 9}}
	for pass, c := range []color.RGBA{rgb(0, 0, 0), rgb(255, 255, 255)} {
		grow := 1 - pass // the outline pass is a pixel larger all round
		for _, q := range parts {
			gocv.Rectangle(img, image.Rect(int(x+q[0]*u)-grow, int(y+q[1]*u)-grow, int(x+q[2]*u)+grow, int(y+q[3]*u)+grow), c, -1)
		}
	}
}
