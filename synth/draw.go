package synth

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// roundRect fills the pixels of r (Max exclusive) with corners of radius
// rad, antialiased.
func roundRect(img *gocv.Mat, r image.Rectangle, rad int, c color.RGBA) {
	w, h := r.Dx(), r.Dy()
	if w <= 0 || h <= 0 {
		return
	}
	rad = min(rad, w/2, h/2)
	// OpenCV's rectangle includes its second corner; r's Max is exclusive.
	if rad <= 1 {
		gocv.Rectangle(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X-1, r.Max.Y-1), c, -1)
		return
	}
	gocv.Rectangle(img, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad-1, r.Max.Y-1), c, -1)
	gocv.Rectangle(img, image.Rect(r.Min.X, r.Min.Y+rad, r.Max.X-1, r.Max.Y-rad-1), c, -1)
	for _, p := range []image.Point{
		{r.Min.X + rad, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Min.Y + rad},
		{r.Max.X - rad - 1, r.Max.Y - rad - 1}, {r.Min.X + rad, r.Max.Y - rad - 1},
	} {
		gocv.CircleWithParams(img, p, rad, c, -1, gocv.LineAA, 0)
	}
}

// disc fills a circle of radius rad (in pixels, fractional) around (x, y).
func disc(img *gocv.Mat, x, y, rad float64, c color.RGBA) {
	const shift = 4
	gocv.CircleWithParams(img, image.Pt(int(x*16), int(y*16)), max(1, int(rad*16)), c, -1, gocv.LineAA, shift)
}

// ring strokes a circle.
func ring(img *gocv.Mat, x, y, rad float64, thick int, c color.RGBA) {
	const shift = 4
	gocv.CircleWithParams(img, image.Pt(int(x*16), int(y*16)), max(1, int(rad*16)), c, max(1, thick), gocv.LineAA, shift)
}

// poly fills the polygon pts.
func poly(img *gocv.Mat, pts []image.Point, c color.RGBA) {
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPolyWithParams(img, pv, c, gocv.LineAA, 0, image.Point{})
}

// quad returns the corners of a w×h rectangle centred on (cx, cy) and
// turned by angle radians.
func quad(cx, cy, w, h, angle float64) []image.Point {
	s, c := math.Sin(angle), math.Cos(angle)
	pts := make([]image.Point, 4)
	for i, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := d[0]*w/2, d[1]*h/2
		pts[i] = image.Pt(int(cx+c*x-s*y), int(cy+s*x+c*y))
	}
	return pts
}

// line draws an antialiased line.
func line(img *gocv.Mat, x0, y0, x1, y1 float64, thick int, c color.RGBA) {
	gocv.Line(img, image.Pt(int(x0), int(y0)), image.Pt(int(x1), int(y1)), c, max(1, thick))
}

// text draws s with its baseline starting at (x, y), sized so that capital
// letters are about h pixels tall.
func text(img *gocv.Mat, s string, x, y int, h float64, font gocv.HersheyFont, c color.RGBA, aa bool) {
	sz := gocv.GetTextSize("H", font, 1, 1)
	k := h / float64(max(1, sz.Y))
	lt := gocv.LineAA
	if !aa {
		lt = gocv.Line8
	}
	gocv.PutTextWithParams(img, s, image.Pt(x, y), font, k, c, max(1, int(h/10)), lt, false)
}

// textWidth returns the width in pixels that text(s, h, font) takes.
func textWidth(s string, h float64, font gocv.HersheyFont) int {
	sz := gocv.GetTextSize("H", font, 1, 1)
	k := h / float64(max(1, sz.Y))
	return gocv.GetTextSize(s, font, k, max(1, int(h/10))).X
}

// noiseMat returns a w×h 8-bit image of smooth random texture: uniform
// noise on a grid of cell×cell pixels, upscaled. Channels is 1 or 3.
// Values are centred on 128 with amplitude amp.
func noiseMat(r *rng, w, h, cell, channels int, amp float64) gocv.Mat {
	cell = max(1, cell)
	gw, gh := max(2, w/cell+2), max(2, h/cell+2)
	data := make([]byte, gw*gh*channels)
	// Each sample is the sum of two random bytes: a soft triangular
	// distribution on [-amp, amp]. Four samples per Uint64 keeps 12 MP fast.
	k := amp / 255
	for i := 0; i < len(data); i += 4 {
		u := r.Uint64()
		for j := 0; j < 4 && i+j < len(data); j++ {
			v := float64(int(u&0xff)+int(u>>8&0xff)-255) * k
			data[i+j] = clampU8(128 + int(v))
			u >>= 16
		}
	}
	typ := gocv.MatTypeCV8UC1
	if channels == 3 {
		typ = gocv.MatTypeCV8UC3
	}
	small, err := gocv.NewMatFromBytes(gh, gw, typ, data)
	if err != nil {
		panic("synth: noise mat: " + err.Error())
	}
	defer small.Close()
	out := gocv.NewMat()
	interp := gocv.InterpolationCubic
	if cell == 1 {
		interp = gocv.InterpolationNearestNeighbor
	}
	gocv.Resize(small, &out, image.Pt(w, h), 0, 0, interp)
	return out
}

// addSigned adds (noise - 128)·k to img in place.
func addSigned(img *gocv.Mat, noise gocv.Mat, k float64) {
	gocv.AddWeighted(*img, 1, noise, k, -128*k, img)
}

// fill returns a w×h 3-channel image of colour c.
func fill(w, h int, c color.RGBA) gocv.Mat {
	return gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(c.B), float64(c.G), float64(c.R), 0), h, w, gocv.MatTypeCV8UC3)
}
