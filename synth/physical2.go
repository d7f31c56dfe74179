package synth

import (
	"fmt"
	"image"
	"image/color"

	"gocv.io/x/gocv"
)

func drawArcade(r *rng, b *board, p int) flat {
	m := r.uni(0.4, 1.2)
	cv := layout(b, p, m, m*r.uni(0.8, 2), m, m*r.uni(0.8, 2))
	f := newFlat(cv)
	panel := r.jitter(pick(r, []color.RGBA{rgb(25, 25, 28), rgb(40, 40, 110), rgb(150, 30, 30), rgb(220, 220, 215), rgb(60, 60, 62)}), 10)
	caseShape(&f, cv, int(float64(p)*r.uni(0, 0.3)), panel, r, 4)
	fp := float64(p)
	if r.chance(0.5) {
		// Stripes of artwork behind the buttons.
		c := r.jitter(pick(r, []color.RGBA{rgb(230, 180, 30), rgb(200, 40, 40), rgb(40, 150, 220)}), 20)
		for k := 0; k < 3; k++ {
			y := float64(cv.h) * r.uni(0.05, 0.95)
			line(&f.albedo, 0, y, float64(cv.w), y+r.uni(-0.3, 0.3)*float64(cv.h), int(fp*r.uni(0.05, 0.3)), c)
		}
	}
	rad := fp * r.uni(0.26, 0.4)
	rimColour := r.chance(0.5)
	rim := r.jitter(pick(r, []color.RGBA{rgb(20, 20, 20), rgb(230, 230, 230), rgb(180, 180, 185)}), 10)
	unlitKind := pick(r, []string{"tinted", "white", "grey", "black"})
	strength := r.uni(0.85, 1)
	hot := r.uni(0.2, 0.6)
	litAlbedo := r.uni(0.4, 0.7)
	for i := range b.rows {
		for j := range b.cols {
			cx, cy := cv.centre(i, j)
			g := b.glow[i][j]
			var cap color.RGBA
			switch unlitKind {
			case "tinted":
				cap = mix(scale(g, 0.55), rgb(110, 110, 110), 0.4)
			case "white":
				cap = rgb(195, 195, 192)
			case "grey":
				cap = rgb(120, 120, 125)
			default:
				cap = rgb(35, 35, 38)
			}
			rc := rim
			if rimColour {
				rc = mix(scale(g, 0.6), rgb(60, 60, 60), 0.3)
			}
			disc(&f.albedo, cx+rad*0.1, cy+rad*0.15, rad*1.22, scale(panel, 0.45))
			disc(&f.albedo, cx, cy, rad*1.18, rc)
			disc(&f.albedo, cx, cy, rad*1.02, scale(rc, 0.7))
			if b.lit[i][j] {
				cap = scale(cap, litAlbedo)
			}
			disc(&f.albedo, cx, cy, rad*0.95, cap)
			// Concave top: a darker crescent and a highlight.
			disc(&f.albedo, cx+rad*0.1, cy+rad*0.1, rad*0.7, scale(cap, 0.9))
			disc(&f.albedo, cx-rad*0.35, cy-rad*0.4, rad*0.15, mix(cap, rgb(255, 255, 255), 0.5))
			if b.lit[i][j] {
				glowDisc(&f.emit, cx, cy, rad*0.95, g, strength, hot)
			}
		}
	}
	f.notes = append(f.notes, unlitKind+" caps")
	return f
}

func drawMatrix(r *rng, b *board, p int) flat {
	m := r.uni(0.15, 0.8)
	cv := layout(b, p, m, m*r.uni(0.8, 1.5), m, m*r.uni(0.8, 1.5))
	f := newFlat(cv)
	pcb := r.jitter(pick(r, []color.RGBA{rgb(20, 70, 35), rgb(20, 20, 22), rgb(20, 40, 110), rgb(230, 230, 225), rgb(90, 20, 20)}), 8)
	caseShape(&f, cv, int(float64(p)*r.uni(0, 0.1)), pcb, r, 3)
	fp := float64(p)
	silk := mix(pcb, rgb(255, 255, 255), 0.7)
	if luma(pcb) > 150 {
		silk = rgb(40, 40, 40)
	}
	if r.chance(0.35) {
		// Silkscreen lines between the cells: a lattice of its own.
		th := max(1, p/30)
		for i := 0; i <= b.rows; i++ {
			y := float64(cv.oy + i*p)
			line(&f.albedo, float64(cv.ox), y, float64(cv.ox+b.cols*p), y, th, silk)
		}
		for j := 0; j <= b.cols; j++ {
			x := float64(cv.ox + j*p)
			line(&f.albedo, x, float64(cv.oy), x, float64(cv.oy+b.rows*p), th, silk)
		}
	}
	if r.chance(0.5) {
		text(&f.albedo, pick(r, []string{"LED MATRIX", "WS2812B", "REV 1.2", "P5 RGB"}), cv.ox, cv.oy+b.rows*p+int(fp*0.3), fp*0.15, gocv.FontHersheySimplex, silk, true)
	}
	square := r.chance(0.4)
	size := fp * r.uni(0.25, 0.42)
	lens := r.jitter(pick(r, []color.RGBA{rgb(205, 200, 185), rgb(120, 120, 118), rgb(45, 45, 45), rgb(230, 225, 215)}), 6)
	strength := r.uni(0.9, 1)
	hot := r.uni(0.3, 0.7)
	for i := range b.rows {
		for j := range b.cols {
			cx, cy := cv.centre(i, j)
			c := lens
			if b.lit[i][j] {
				c = scale(lens, 0.5)
			}
			if square {
				rc := image.Rect(int(cx-size+0.5), int(cy-size+0.5), int(cx+size+0.5), int(cy+size+0.5))
				gocv.Rectangle(&f.albedo, image.Rect(rc.Min.X-1, rc.Min.Y-1, rc.Max.X, rc.Max.Y), rgb(235, 235, 230), -1)
				roundRect(&f.albedo, rc, int(size*0.2), c)
				if b.lit[i][j] {
					glowFace(&f.emit, rc, int(size*0.2), b.glow[i][j], strength, hot)
				}
				continue
			}
			disc(&f.albedo, cx, cy, size*1.1, scale(pcb, 0.6))
			disc(&f.albedo, cx, cy, size, c)
			if b.lit[i][j] {
				glowDisc(&f.emit, cx, cy, size, b.glow[i][j], strength, hot)
			}
		}
	}
	f.notes = append(f.notes, map[bool]string{true: "square LEDs", false: "round LEDs"}[square])
	return f
}

func drawMembrane(r *rng, b *board, p int) flat {
	m := r.uni(0.3, 0.8)
	cv := layout(b, p, m, m*r.uni(1, 2.5), m, m*r.uni(0.8, 1.5))
	f := newFlat(cv)
	base := r.jitter(pick(r, []color.RGBA{rgb(170, 172, 175), rgb(40, 60, 120), rgb(230, 230, 225), rgb(45, 45, 48), rgb(200, 180, 140)}), 10)
	caseShape(&f, cv, int(float64(p)*r.uni(0, 0.15)), base, r, 2)
	fp := float64(p)
	ink := rgb(30, 30, 30)
	if luma(base) < 110 {
		ink = rgb(225, 225, 225)
	}
	text(&f.albedo, pick(r, []string{"CONTROL PANEL", "ACCESS", "SEQUENCE", "POWER GRID"}), cv.ox, cv.oy-int(fp*0.25), fp*0.2, gocv.FontHersheySimplex, ink, true)
	key := mix(base, pick(r, []color.RGBA{rgb(255, 255, 255), rgb(0, 0, 0), rgb(200, 60, 40)}), r.uni(0.1, 0.35))
	inset := int(fp * r.uni(0.05, 0.12))
	win := fp * r.uni(0.16, 0.26)
	dy := fp * r.uni(-0.12, 0.05)
	round := r.chance(0.5)
	dark := r.jitter(pick(r, []color.RGBA{rgb(60, 60, 60), rgb(150, 150, 150), rgb(30, 20, 20)}), 8)
	strength := r.uni(0.9, 1)
	hot := r.uni(0.3, 0.6)
	labelled := r.chance(0.6)
	for i := range b.rows {
		for j := range b.cols {
			rc := cv.cell(i, j, inset)
			roundRect(&f.albedo, rc, int(fp*0.08), scale(key, 0.8))
			roundRect(&f.albedo, image.Rect(rc.Min.X+1, rc.Min.Y+1, rc.Max.X-2, rc.Max.Y-2), int(fp*0.08), key)
			cx, cy := cv.centre(i, j)
			cy += dy
			if round {
				disc(&f.albedo, cx, cy, win, dark)
				if b.lit[i][j] {
					glowDisc(&f.emit, cx, cy, win, b.glow[i][j], strength, hot)
				}
			} else {
				w := image.Rect(int(cx-win*1.3), int(cy-win*0.7), int(cx+win*1.3), int(cy+win*0.7))
				roundRect(&f.albedo, w, int(win*0.2), dark)
				if b.lit[i][j] {
					glowFace(&f.emit, w, int(win*0.2), b.glow[i][j], strength, hot)
				}
			}
			if labelled {
				s := fmt.Sprint(i*b.cols + j + 1)
				th := fp * 0.13
				text(&f.albedo, s, int(cx)-textWidth(s, th, gocv.FontHersheySimplex)/2, int(cy+win+fp*0.2), th, gocv.FontHersheySimplex, ink, true)
			}
		}
	}
	return f
}

// drawMonitor draws a screen showing a game app or a pixel-art game,
// inside a monitor, laptop or phone body. The screen emits its content.
func drawMonitor(r, extra *rng, b *board, p int, clean bool) flat {
	device := pick(r, []string{"monitor", "laptop", "phone"})
	// Screen content at a resolution near what the photo can show.
	var content gocv.Mat
	var grid hom
	var notes []string
	if r.chance(0.3) {
		var err error
		content, grid, notes, err = pixelArt(r, b, 2_000_000)
		if err != nil {
			panic("synth: pixel art: " + err.Error())
		}
	} else {
		sw, sh := 1280, 800
		if device == "phone" {
			sw, sh = 720, 1440
		}
		content, grid, notes = appScreen(r, b, 2_000_000, sw, sh, clean)
	}
	defer content.Close()
	// Scale the content so the board's cells are about p pixels.
	gx0, _ := grid.apply(0, 0)
	gx1, _ := grid.apply(float64(b.cols), 0)
	k := float64(p) * float64(b.cols) / (gx1 - gx0)
	sw, sh := max(8, int(float64(content.Cols())*k)), max(8, int(float64(content.Rows())*k))
	scaled := gocv.NewMat()
	defer scaled.Close()
	gocv.Resize(content, &scaled, image.Pt(sw, sh), 0, 0, gocv.InterpolationArea)
	kx, ky := float64(sw)/float64(content.Cols()), float64(sh)/float64(content.Rows())
	bezel := max(4, int(float64(min(sw, sh))*r.uni(0.02, 0.06)))
	bottom := bezel
	if device == "laptop" {
		bottom = bezel * 2
	}
	cv := canvas{w: sw + 2*bezel, h: sh + bezel + bottom, p: p}
	f := flat{
		albedo: gocv.NewMatWithSize(cv.h, cv.w, gocv.MatTypeCV8UC3),
		emit:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), cv.h, cv.w, gocv.MatTypeCV8UC3),
		mask:   gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), cv.h, cv.w, gocv.MatTypeCV8UC1),
	}
	body := r.jitter(pick(r, []color.RGBA{rgb(20, 20, 22), rgb(45, 45, 50), rgb(180, 182, 185)}), 6)
	rad := 0
	if device == "phone" {
		rad = bezel * 3
	}
	caseShape(&f, cv, rad, body, r, 2)
	screen := image.Rect(bezel, bezel, bezel+sw, bezel+sh)
	// The glass reflects a little; the content is light given off.
	glass := f.albedo.Region(screen)
	glass.SetTo(gocv.NewScalar(18, 18, 20, 0))
	glass.Close()
	// Screens are not as bright as LEDs; up close their pixel grid shows
	// (and beats against the camera's into moiré).
	es := f.emit.Region(screen)
	gocv.AddWeighted(scaled, r.uni(0.5, 0.8), scaled, 0, 0, &es)
	if extra.chance(0.4) {
		period := extra.between(2, 4)
		depth := extra.uni(0.15, 0.35)
		dark := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), sh, sw, gocv.MatTypeCV8UC3)
		defer dark.Close()
		g := rgb(clampU8(int(255*(1-depth))), clampU8(int(255*(1-depth))), clampU8(int(255*(1-depth))))
		for x := 0; x < sw; x += period {
			gocv.Line(&dark, image.Pt(x, 0), image.Pt(x, sh-1), g, 1)
		}
		if extra.chance(0.5) {
			for y := 0; y < sh; y += period {
				gocv.Line(&dark, image.Pt(0, y), image.Pt(sw-1, y), g, 1)
			}
		}
		gocv.MultiplyWithParams(es, dark, &es, 1.0/255, -1)
		notes = append(notes, "screen door")
	}
	es.Close()
	// Content pixel centre x maps to (x+0.5)·kx - 0.5 in scaled pixels.
	toCanvas := affine(float64(bezel)+kx/2-0.5, float64(bezel)+ky/2-0.5, kx, ky)
	f.grid = grid.then(toCanvas)
	f.notes = append([]string{device}, notes...)
	return f
}
