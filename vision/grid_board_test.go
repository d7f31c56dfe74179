package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"
	"strings"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

// A small board painter for the lattice tests, independent of the synth
// package so that the finder is not checked against one renderer only:
// a flat board of square or round buttons, some lit, warped by a random
// rotation and tilt onto a cluttered background.

type testBoard struct {
	rows, cols int
	round      bool
	dim        bool // unlit buttons nearly as dark as the case
	w, h       int  // image size
	rot, tilt  float64
	span       float64 // board width over the image's short side
}

func randomTestBoard(rng *rand.Rand) testBoard {
	sizes := []int{640, 800, 1024, 1600}
	w := sizes[rng.Intn(len(sizes))]
	h := w * 3 / 4
	if rng.Intn(3) == 0 {
		w, h = h, w
	}
	return testBoard{
		rows:  2 + rng.Intn(9),
		cols:  2 + rng.Intn(9),
		round: rng.Intn(2) == 0,
		dim:   rng.Intn(5) == 0,
		w:     w, h: h,
		rot:  (rng.Float64()*2 - 1) * 25,
		tilt: (rng.Float64()*2 - 1) * 0.25,
		span: 0.25 + rng.Float64()*0.5,
	}
}

func (tb testBoard) String() string {
	shape := "square"
	if tb.round {
		shape = "round"
	}
	return fmt.Sprintf("%dx%d-%s-rot%.0f-tilt%.2f-span%.2f-%dx%d-dim%v", tb.rows, tb.cols, shape, tb.rot, tb.tilt, tb.span, tb.w, tb.h, tb.dim)
}

// paint renders the board and returns the image and its label.
func (tb testBoard) paint(rng *rand.Rand) (gocv.Mat, labels.Entry) {
	const p = 40 // pitch in the flat board, pixels
	margin := p / 2
	bw, bh := tb.cols*p+2*margin, tb.rows*p+2*margin
	caseCol := color.RGBA{uint8(30 + rng.Intn(60)), uint8(30 + rng.Intn(60)), uint8(30 + rng.Intn(60)), 0}
	flat := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(caseCol.B), float64(caseCol.G), float64(caseCol.R), 0), bh, bw, gocv.MatTypeCV8UC3)
	defer flat.Close()
	litCol := color.RGBA{255, uint8(60 + rng.Intn(190)), uint8(rng.Intn(120)), 0}
	unlit := color.RGBA{150, 150, 160, 0}
	if tb.dim {
		unlit = color.RGBA{caseCol.R + 25, caseCol.G + 25, caseCol.B + 25, 0}
	}
	e := labels.Entry{Rows: tb.rows, Cols: tb.cols}
	btn := int(float64(p) * (0.55 + 0.3*rng.Float64()))
	for r := 0; r < tb.rows; r++ {
		row := []byte(strings.Repeat("0", tb.cols))
		for c := 0; c < tb.cols; c++ {
			col := unlit
			if rng.Intn(2) == 0 {
				col = litCol
				row[c] = '1'
			}
			cx, cy := margin+c*p+p/2, margin+r*p+p/2
			if tb.round {
				gocv.Circle(&flat, image.Pt(cx, cy), btn/2, col, -1)
			} else {
				gocv.Rectangle(&flat, image.Rect(cx-btn/2, cy-btn/2, cx+btn/2, cy+btn/2), col, -1)
			}
		}
		e.Lights = append(e.Lights, string(row))
	}

	img := randomMat(rng, tb.h, tb.w, func() float64 { return 90 + 110*rng.Float64() })
	gocv.GaussianBlur(img, &img, image.Pt(0, 0), 8, 8, gocv.BorderDefault)
	for i := 0; i < 12; i++ { // clutter: lines and rectangles
		x, y := rng.Intn(tb.w), rng.Intn(tb.h)
		c := color.RGBA{uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(rng.Intn(256)), 0}
		if i%2 == 0 {
			gocv.Line(&img, image.Pt(x, y), image.Pt(rng.Intn(tb.w), rng.Intn(tb.h)), c, 1+rng.Intn(4))
		} else {
			gocv.Rectangle(&img, image.Rect(x, y, x+10+rng.Intn(tb.w/4), y+10+rng.Intn(tb.h/4)), c, -1)
		}
	}

	// Board plane -> image: scale, tilt, rotate, place in the middle.
	short := float64(min(tb.w, tb.h))
	s := tb.span * short / float64(max(bw, bh))
	th := tb.rot * math.Pi / 180
	cos, sin := math.Cos(th), math.Sin(th)
	cx0, cy0 := float64(bw)/2, float64(bh)/2
	// H = T(centre) · R · S · P(tilt) · T(-board centre)
	pers := [9]float64{1, 0, 0, 0, 1, 0, tb.tilt / float64(bw), 0, 1}
	m := mul3([9]float64{1, 0, -cx0, 0, 1, -cy0, 0, 0, 1}, [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	m = mul3(pers, m)
	m = mul3([9]float64{s * cos, -s * sin, 0, s * sin, s * cos, 0, 0, 0, 1}, m)
	m = mul3([9]float64{1, 0, float64(tb.w) / 2, 0, 1, float64(tb.h) / 2, 0, 0, 1}, m)
	hm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer hm.Close()
	for i := 0; i < 9; i++ {
		hm.SetDoubleAt(i/3, i%3, m[i])
	}
	gocv.WarpPerspectiveWithParams(flat, &img, hm, image.Pt(tb.w, tb.h), gocv.InterpolationLinear, gocv.BorderTransparent, color.RGBA{})
	noise := randomMat(rng, tb.h, tb.w, func() float64 { return 128 + 6*rng.NormFloat64() })
	defer noise.Close()
	gocv.AddWeighted(img, 1, noise, 1, -128, &img)
	gocv.GaussianBlur(img, &img, image.Pt(0, 0), 0.8, 0.8, gocv.BorderDefault)

	// Board (u, v) in cells -> flat pixels -> image.
	for _, uv := range [][2]float64{{0, 0}, {float64(tb.cols), 0}, {float64(tb.cols), float64(tb.rows)}, {0, float64(tb.rows)}} {
		x, y := applyH(&m, float64(margin)+uv[0]*p, float64(margin)+uv[1]*p)
		e.Corners = append(e.Corners, [2]float64{x, y})
	}
	return img, e
}

// randomMat returns a BGR Mat whose bytes are drawn from f, clamped to
// 0..255. (OpenCV's own generator is per thread, so not reproducible
// from Go.)
func randomMat(rng *rand.Rand, rows, cols int, f func() float64) gocv.Mat {
	b := make([]byte, rows*cols*3)
	for i := range b {
		b[i] = uint8(math.Max(0, math.Min(255, f())))
	}
	m, err := gocv.NewMatFromBytes(rows, cols, gocv.MatTypeCV8UC3, b)
	if err != nil {
		panic(err)
	}
	return m
}
