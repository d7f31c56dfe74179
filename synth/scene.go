package synth

import (
	"image"
	"image/color"
	"math"
	"strings"

	"gocv.io/x/gocv"
)

// scene is the background of a photo: a surface and clutter on it.
type scene struct {
	img  gocv.Mat
	name string
}

func (s *scene) Close() { s.img.Close() }

// background draws a surface with clutter, w×h.
func background(r *rng, w, h int) scene {
	short := float64(min(w, h))
	var img gocv.Mat
	var name string
	switch x := r.Float64(); {
	case x < 0.25:
		name = "plain"
		img = fill(w, h, r.jitter(pick(r, []color.RGBA{rgb(200, 200, 195), rgb(120, 120, 125), rgb(40, 40, 45), rgb(225, 220, 210), rgb(90, 110, 140), rgb(150, 130, 110)}), 20))
	case x < 0.45:
		name = "wood"
		img = fill(w, h, r.jitter(pick(r, []color.RGBA{rgb(150, 105, 65), rgb(110, 70, 40), rgb(190, 150, 100)}), 20))
		grain := noiseMat(r, 2, max(2, h/int(math.Max(2, short/150))), 1, 1, 70)
		defer grain.Close()
		big := gocv.NewMat()
		defer big.Close()
		gocv.Resize(grain, &big, image.Pt(w, h), 0, 0, gocv.InterpolationCubic)
		g3 := gocv.NewMat()
		defer g3.Close()
		gocv.CvtColor(big, &g3, gocv.ColorGrayToBGR)
		if r.chance(0.5) {
			gocv.Transpose(g3, &g3)
			gocv.Resize(g3, &g3, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
		}
		addSigned(&img, g3, 0.6)
	case x < 0.65:
		name = "tiles"
		base := r.jitter(pick(r, []color.RGBA{rgb(210, 205, 195), rgb(140, 140, 140), rgb(180, 160, 130), rgb(60, 60, 65)}), 15)
		img = fill(w, h, base)
		t := r.uni(0.04, 0.25) * short
		grout := scale(base, r.uni(0.5, 0.8))
		th := max(1, int(t*r.uni(0.03, 0.08)))
		off := r.uni(0, t)
		for x := off; x < float64(w); x += t {
			line(&img, x, 0, x, float64(h), th, grout)
		}
		for y := off; y < float64(h); y += t {
			line(&img, 0, y, float64(w), y, th, grout)
		}
	case x < 0.8:
		name = "fabric"
		a, b := r.jitter(rgb(uint8(r.IntN(200)), uint8(r.IntN(200)), uint8(r.IntN(200))), 0), rgb(0, 0, 0)
		b = mix(a, rgb(255, 255, 255), r.uni(0.2, 0.5))
		img = fill(w, h, a)
		t := r.uni(0.01, 0.08) * short
		if r.chance(0.5) {
			for x := 0.0; x < float64(w); x += 2 * t {
				gocv.Rectangle(&img, image.Rect(int(x), 0, int(x+t), h), b, -1)
			}
		} else {
			for y := 0.0; y < float64(h); y += t {
				for x := 0.0; x < float64(w); x += t {
					if (int(x/t)+int(y/t))%2 == 0 {
						gocv.Rectangle(&img, image.Rect(int(x), int(y), int(x+t), int(y+t)), b, -1)
					}
				}
			}
		}
	default:
		name = "desk"
		img = fill(w, h, r.jitter(pick(r, []color.RGBA{rgb(240, 240, 238), rgb(30, 32, 35), rgb(80, 60, 50)}), 10))
	}
	// Low-frequency unevenness.
	n := noiseMat(r, w, h, max(8, int(short/6)), 1, 30)
	defer n.Close()
	n3 := gocv.NewMat()
	defer n3.Close()
	gocv.CvtColor(n, &n3, gocv.ColorGrayToBGR)
	addSigned(&img, n3, 1)
	objs := clutter(r, &img)
	if len(objs) > 0 {
		name += " with " + strings.Join(objs, ", ")
	}
	return scene{img: img, name: name}
}

// clutter draws a few everyday objects and returns their names.
func clutter(r *rng, img *gocv.Mat) []string {
	w, h := float64(img.Cols()), float64(img.Rows())
	short := math.Min(w, h)
	var names []string
	n := r.between(0, 7)
	for range n {
		x, y := r.uni(0, w), r.uni(0, h)
		switch k := r.IntN(8); k {
		case 0: // a sheet of paper with lines of text
			pw, ph := r.uni(0.2, 0.5)*short, r.uni(0.3, 0.6)*short
			a := r.uni(-0.5, 0.5)
			poly(img, quad(x, y, pw, ph, a), r.jitter(rgb(240, 240, 235), 8))
			lh := ph / float64(r.between(10, 25))
			for i := 1.0; i*lh < ph*0.9; i++ {
				ly := -ph/2 + i*lh
				lw := pw * r.uni(0.5, 0.85)
				x0, y0 := x+math.Cos(a)*(-pw*0.4)-math.Sin(a)*ly, y+math.Sin(a)*(-pw*0.4)+math.Cos(a)*ly
				line(img, x0, y0, x0+math.Cos(a)*lw, y0+math.Sin(a)*lw, max(1, int(lh*0.25)), rgb(60, 60, 70))
			}
			names = append(names, "paper")
		case 1: // a sticky note
			s := r.uni(0.06, 0.15) * short
			poly(img, quad(x, y, s, s, r.uni(-0.6, 0.6)), pick(r, []color.RGBA{rgb(250, 235, 110), rgb(250, 160, 190), rgb(150, 220, 250), rgb(170, 240, 150)}))
			names = append(names, "note")
		case 2: // a mug seen from above
			rad := r.uni(0.05, 0.12) * short
			c := r.jitter(rgb(uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))), 0)
			disc(img, x+rad*0.15, y+rad*0.15, rad*1.05, rgb(20, 20, 20))
			disc(img, x, y, rad, c)
			disc(img, x, y, rad*0.82, scale(c, 0.5))
			disc(img, x, y, rad*0.75, rgb(60, 35, 20))
			names = append(names, "mug")
		case 3: // a pen
			l := r.uni(0.15, 0.35) * short
			a := r.uni(0, math.Pi)
			line(img, x, y, x+l*math.Cos(a), y+l*math.Sin(a), max(2, int(short*0.012)), r.jitter(pick(r, []color.RGBA{rgb(20, 40, 150), rgb(20, 20, 20), rgb(200, 30, 30)}), 20))
			names = append(names, "pen")
		case 4: // a cable
			c := pick(r, []color.RGBA{rgb(20, 20, 20), rgb(235, 235, 235)})
			th := max(2, int(short*r.uni(0.005, 0.015)))
			a := r.uni(0, 2*math.Pi)
			for range 40 {
				a += r.uni(-0.3, 0.3)
				nx, ny := x+math.Cos(a)*short*0.03, y+math.Sin(a)*short*0.03
				line(img, x, y, nx, ny, th, c)
				x, y = nx, ny
			}
			names = append(names, "cable")
		case 5: // a keyboard: a distracting grid of keys
			kw := r.uni(0.02, 0.05) * short
			cols, rows := r.between(8, 14), r.between(3, 5)
			body := pick(r, []color.RGBA{rgb(30, 30, 32), rgb(220, 220, 222), rgb(150, 150, 155)})
			key := pick(r, []color.RGBA{rgb(50, 50, 55), rgb(245, 245, 245), rgb(200, 200, 205)})
			x0, y0 := x-float64(cols)*kw/2, y-float64(rows)*kw/2
			gocv.Rectangle(img, image.Rect(int(x0-kw*0.4), int(y0-kw*0.4), int(x0+float64(cols)*kw+kw*0.4), int(y0+float64(rows)*kw+kw*0.4)), body, -1)
			for i := range rows {
				for j := range cols {
					kx, ky := x0+float64(j)*kw+float64(i%2)*kw*0.3, y0+float64(i)*kw
					roundRect(img, image.Rect(int(kx+kw*0.08), int(ky+kw*0.08), int(kx+kw*0.92), int(ky+kw*0.92)), int(kw*0.12), key)
				}
			}
			names = append(names, "keyboard")
		case 6: // coins
			for range r.between(1, 4) {
				rad := r.uni(0.015, 0.03) * short
				cx, cy := x+r.uni(-3, 3)*rad, y+r.uni(-3, 3)*rad
				c := pick(r, []color.RGBA{rgb(200, 170, 90), rgb(180, 180, 185), rgb(170, 110, 70)})
				disc(img, cx, cy, rad, c)
				ring(img, cx, cy, rad*0.85, max(1, int(rad*0.08)), scale(c, 0.8))
			}
			names = append(names, "coins")
		case 7: // a phone lying face down or dark
			pw, ph := r.uni(0.12, 0.2)*short, r.uni(0.25, 0.4)*short
			pts := quad(x, y, pw, ph, r.uni(-0.8, 0.8))
			poly(img, pts, rgb(25, 25, 28))
			names = append(names, "phone")
		}
	}
	return names
}
