package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// lightField returns the w×h gain image (128 = ×1, per channel) of the
// scene's light: ambient level, a gradient, vignetting, colour cast and
// sometimes a shadow across part of the board.
func lightField(r *rng, w, h int, l light, grid hom, b *board, notes *[]string) gocv.Mat {
	const step = 8
	lw, lh := max(2, w/step), max(2, h/step)
	// Gradient direction and strength.
	ga := r.uni(0, 2*math.Pi)
	gs := r.uni(0, 0.45)
	vig := r.uni(0, 0.5)
	// A shadow: a half-plane through the board with a soft edge.
	shadow := r.chance(0.25)
	var sx, sy, snx, sny, sdepth, ssoft float64
	if shadow {
		u, v := r.uni(0.2, 0.8)*float64(b.cols), r.uni(0.2, 0.8)*float64(b.rows)
		sx, sy = grid.apply(u, v)
		sx, sy = sx/float64(w)*float64(lw), sy/float64(h)*float64(lh)
		a := r.uni(0, 2*math.Pi)
		snx, sny = math.Cos(a), math.Sin(a)
		sdepth = r.uni(0.35, 0.7)
		ssoft = r.uni(0.3, 3)
		*notes = append(*notes, fmt.Sprintf("shadow ×%.2f", sdepth))
	}
	if l.clean {
		gs, vig, shadow = 0, 0, false
	}
	data := make([]byte, lw*lh*3)
	for y := range lh {
		for x := range lw {
			nx, ny := float64(x)/float64(lw)-0.5, float64(y)/float64(lh)-0.5
			g := l.ambient * (1 + gs*(nx*math.Cos(ga)+ny*math.Sin(ga)))
			g *= 1 - vig*(nx*nx+ny*ny)
			if shadow {
				d := (float64(x)-sx)*snx + (float64(y)-sy)*sny
				t := clampF(0.5+d/ssoft/2, 0, 1)
				g *= 1 - (1-sdepth)*t
			}
			for c := range 3 {
				data[(y*lw+x)*3+c] = clampU8(int(128 * g * l.cast[c]))
			}
		}
	}
	small, err := gocv.NewMatFromBytes(lh, lw, gocv.MatTypeCV8UC3, data)
	if err != nil {
		panic("synth: light field: " + err.Error())
	}
	defer small.Close()
	out := gocv.NewMat()
	gocv.Resize(small, &out, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	return out
}

// addBloom adds emit blurred by sigma pixels, times k, to img.
func addBloom(img *gocv.Mat, emit gocv.Mat, sigma, k float64) {
	d := max(1, int(sigma/4))
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(emit, &small, image.Pt(max(1, emit.Cols()/d), max(1, emit.Rows()/d)), 0, 0, gocv.InterpolationArea)
	s := sigma / float64(d)
	gocv.GaussianBlur(small, &small, image.Pt(0, 0), s, s, gocv.BorderReflect101)
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(small, &big, image.Pt(emit.Cols(), emit.Rows()), 0, 0, gocv.InterpolationLinear)
	gocv.AddWeighted(*img, 1, big, k, 0, img)
}

// glare adds a few soft bright spots, sometimes on the board.
func glare(r *rng, img *gocv.Mat, grid hom, b *board, pitch float64, l light, notes *[]string) {
	if !r.chance(0.3) {
		return
	}
	// Glare is reflected light: faint in a dim room.
	dimming := math.Min(1, l.ambient*1.2)
	w, h := img.Cols(), img.Rows()
	const step = 4
	lw, lh := max(2, w/step), max(2, h/step)
	layer := gocv.NewMatWithSize(lh, lw, gocv.MatTypeCV8UC3)
	defer layer.Close()
	layer.SetTo(gocv.NewScalar(0, 0, 0, 0))
	n := r.between(1, 3)
	for range n {
		var x, y float64
		rad := r.uni(0.3, 1) * pitch
		level := r.uni(40, 110)
		if r.chance(0.6) {
			x, y = grid.apply(r.uni(0, float64(b.cols)), r.uni(0, float64(b.rows)))
		} else {
			x, y = r.uni(0, float64(w)), r.uni(0, float64(h))
			rad = r.uni(0.02, 0.12) * float64(min(w, h))
			level = r.uni(80, 220)
		}
		level *= dimming
		ax, ay := rad/step, rad/step*r.uni(0.4, 1)
		gocv.EllipseWithParams(&layer, image.Pt(int(x/step), int(y/step)), image.Pt(max(1, int(ax)), max(1, int(ay))),
			r.uni(0, 180), 0, 360, rgb(uint8(level), uint8(level), uint8(level)), -1, gocv.LineAA, 0)
	}
	s := math.Max(1, pitch*0.25/step)
	gocv.GaussianBlur(layer, &layer, image.Pt(0, 0), s, s, gocv.BorderReflect101)
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(layer, &big, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	gocv.Add(*img, big, img)
	*notes = append(*notes, fmt.Sprintf("%d glare spots", n))
}

// blur adds defocus or motion blur, bounded by the cell pitch so that a
// person could still read the board.
func blur(r *rng, img *gocv.Mat, pitch float64, notes *[]string) {
	// A phone's defocus and shake are a few pixels per megapixel side.
	short := float64(min(img.Cols(), img.Rows()))
	limit := math.Min(0.09*pitch, 0.004*short)
	switch x := r.Float64(); {
	case x < 0.3:
		s := r.uni(0.5, math.Max(0.6, limit))
		gocv.GaussianBlur(*img, img, image.Pt(0, 0), s, s, gocv.BorderReflect101)
		*notes = append(*notes, fmt.Sprintf("defocus σ %.1f px", s))
	case x < 0.45:
		n := max(3, int(r.uni(0.5, 2)*limit)) | 1
		a := r.uni(0, math.Pi)
		k := gocv.NewMatWithSize(n, n, gocv.MatTypeCV32F)
		defer k.Close()
		k.SetTo(gocv.NewScalar(0, 0, 0, 0))
		c := float64(n-1) / 2
		cnt := 0
		for i := range n * 4 {
			t := float64(i)/float64(n*4-1) - 0.5
			px, py := int(math.Round(c+t*float64(n-1)*math.Cos(a))), int(math.Round(c+t*float64(n-1)*math.Sin(a)))
			if k.GetFloatAt(py, px) == 0 {
				k.SetFloatAt(py, px, 1)
				cnt++
			}
		}
		k.MultiplyFloat(1 / float32(cnt))
		gocv.Filter2D(*img, img, -1, k, image.Pt(-1, -1), 0, gocv.BorderReflect101)
		*notes = append(*notes, fmt.Sprintf("motion blur %d px", n))
	}
}

// sensorNoise adds grain, stronger in dim light.
func sensorNoise(r *rng, img *gocv.Mat, l light, notes *[]string) {
	var amp float64
	switch l.kind {
	case "dim":
		amp = r.uni(5, 14)
	case "indoor":
		amp = r.uni(3, 12)
	default:
		amp = r.uni(1, 6)
	}
	cell := 1
	if img.Cols()*img.Rows() > 3_000_000 {
		cell = 2
	}
	n := noiseMat(r, img.Cols(), img.Rows(), cell, 3, amp)
	defer n.Close()
	addSigned(img, n, 1)
	*notes = append(*notes, fmt.Sprintf("noise %.0f", amp))
}

// sharpen applies the unsharp mask phone cameras use, which rings around
// edges and lit buttons (and sharpens the noise too).
func sharpen(r *rng, img *gocv.Mat, notes *[]string) {
	if !r.chance(0.5) {
		return
	}
	k := r.uni(0.3, 0.9)
	s := r.uni(0.8, 2) * math.Max(1, float64(min(img.Cols(), img.Rows()))/1500)
	soft := gocv.NewMat()
	defer soft.Close()
	gocv.GaussianBlur(*img, &soft, image.Pt(0, 0), s, s, gocv.BorderReflect101)
	gocv.AddWeighted(*img, 1+k, soft, -k, 0, img)
	*notes = append(*notes, fmt.Sprintf("sharpened %.1f", k))
}

// fringe adds lateral chromatic aberration: red and blue magnified
// slightly differently about the image centre, so edges far from it get
// coloured fringes.
func fringe(r *rng, img *gocv.Mat, notes *[]string) {
	if !r.chance(0.25) {
		return
	}
	w, h := img.Cols(), img.Rows()
	// The shift at the image corner, in pixels.
	px := r.uni(0.5, 2) * math.Max(1, float64(max(w, h))/2000)
	eps := px / math.Hypot(float64(w)/2, float64(h)/2)
	ch := gocv.Split(*img)
	defer func() {
		for _, c := range ch {
			c.Close()
		}
	}()
	for _, c := range []struct {
		ch int // 0 blue, 2 red
		k  float64
	}{{0, 1 - eps}, {2, 1 + eps}} {
		i := c.ch
		m := gocv.GetRotationMatrix2D(image.Pt(w/2, h/2), 0, c.k)
		gocv.WarpAffineWithParams(ch[i], &ch[i], m, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
		m.Close()
	}
	gocv.Merge(ch, img)
	*notes = append(*notes, fmt.Sprintf("colour fringes %.1f px", px))
}

// toneCurve applies a camera's tone curve: a gamma and some S-shaped
// contrast.
func toneCurve(r *rng, img *gocv.Mat, notes *[]string) {
	if !r.chance(0.7) {
		return
	}
	gamma := r.uni(0.8, 1.25)
	contrast := r.uni(0, 0.35)
	lut := gocv.NewMatWithSize(1, 256, gocv.MatTypeCV8U)
	defer lut.Close()
	for i := range 256 {
		x := math.Pow(float64(i)/255, gamma)
		s := x * x * (3 - 2*x) // smoothstep: an S curve
		lut.SetUCharAt(0, i, clampU8(int(math.Round(255*((1-contrast)*x+contrast*s)))))
	}
	gocv.LUT(*img, lut, img)
	*notes = append(*notes, fmt.Sprintf("tone γ %.2f, S %.2f", gamma, contrast))
}
