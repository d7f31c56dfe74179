package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// imageSize draws a photo size: mostly up to 3 MP, some up to 6 MP and a
// few up to 12 MP, in common aspect ratios, portrait or landscape; then
// scales it down to fit maxPix.
func imageSize(r *rng, maxPix int) (w, h int) {
	var mp float64
	switch x := r.Float64(); {
	case x < 0.12:
		mp = 0.3072 // 640×480
	case x < 0.85:
		mp = r.logUni(0.3, 3)
	case x < 0.95:
		mp = r.uni(3, 6)
	default:
		mp = r.uni(6, 12)
	}
	aspect := pick(r, []float64{4.0 / 3, 4.0 / 3, 3.0 / 2, 16.0 / 9, 1})
	portrait := r.chance(0.35)
	if float64(maxPix) < mp*1e6 {
		mp = float64(maxPix) / 1e6
	}
	hh := math.Sqrt(mp * 1e6 / aspect)
	w, h = int(hh*aspect)&^1, int(hh)&^1
	if portrait {
		w, h = h, w
	}
	return w, h
}

// light is the lighting of a scene.
type light struct {
	kind     string  // dim, indoor, daylight
	ambient  float64 // gain on reflected light
	emit     float64 // gain on emitted light
	bloom    float64 // gain on the blurred glow
	cast     [3]float64
	castName string
	clean    bool // flat, even light: no gradient, vignette or shadow
}

func newLight(r *rng) light {
	l := light{cast: [3]float64{1, 1, 1}, castName: "neutral"}
	switch x := r.Float64(); {
	case x < 0.2:
		l.kind = "dim"
		// The case is barely visible, but visible: a person can still
		// count the buttons.
		l.ambient = r.uni(0.12, 0.3)
		l.emit = r.uni(0.7, 1)
		l.bloom = r.uni(0.3, 0.9)
	case x < 0.75:
		l.kind = "indoor"
		l.ambient = r.uni(0.5, 1)
		l.emit = r.uni(0.7, 1)
		l.bloom = r.uni(0.1, 0.6)
	default:
		l.kind = "daylight"
		l.ambient = r.uni(0.95, 1.3)
		l.emit = r.uni(0.55, 0.85)
		l.bloom = r.uni(0, 0.2)
	}
	if r.chance(0.45) {
		// Channels in B, G, R order.
		switch x := r.Float64(); {
		case x < 0.4:
			l.castName = "warm"
			l.cast = [3]float64{r.uni(0.6, 0.85), r.uni(0.85, 0.97), 1}
		case x < 0.7:
			l.castName = "cool"
			l.cast = [3]float64{1, r.uni(0.9, 1), r.uni(0.7, 0.9)}
		case x < 0.85:
			l.castName = "green"
			l.cast = [3]float64{r.uni(0.8, 0.95), 1, r.uni(0.8, 0.95)}
		default:
			l.castName = "magenta"
			l.cast = [3]float64{r.uni(0.9, 1), r.uni(0.75, 0.9), r.uni(0.9, 1)}
		}
	}
	return l
}

// renderPhoto places a physical board in a scene and photographs it.
func renderPhoto(r, extra *rng, b *board, style string, maxPix int, uneven, clean bool) (gocv.Mat, hom, []string, error) {
	w, h := imageSize(r, maxPix)
	short := float64(min(w, h))
	maxDim := float64(max(b.rows, b.cols))
	// The grid spans 10%..85% of the short side, but never so small that
	// a cell is under 14 pixels.
	lo := math.Max(0.10, 14*maxDim/short)
	span := clampF(r.uni(lo, 0.85), lo, 0.9) * short
	pitch := span / maxDim
	p := int(clampF(math.Round(pitch*r.uni(0.9, 1.3)), 18, 160))
	f, err := renderFlat(r, extra, b, style, p, clean)
	if err != nil {
		return gocv.Mat{}, hom{}, nil, err
	}
	defer f.Close()
	if style != StyleMonitor {
		// Light through a diffuser has no hard rings: soften the glow.
		s := float64(p) * 0.05
		gocv.GaussianBlur(f.emit, &f.emit, image.Pt(0, 0), s, s, gocv.BorderConstant)
	}
	notes := append([]string{}, f.notes...)

	scene := background(r, w, h)
	done := false // on success the scene's image is returned, not closed
	defer func() {
		if !done {
			scene.Close()
		}
	}()
	notes = append(notes, "background "+scene.name)

	pose := newPose(r)
	if style != StyleMonitor && extra.chance(0.3) && uneven {
		pose.stretch = extra.logUni(1/1.35, 1.35)
		notes = append(notes, fmt.Sprintf("stretched ×%.2f", pose.stretch))
	}
	toScene, err := place(r, f, b, pose, span, w, h)
	if err != nil {
		return gocv.Mat{}, hom{}, nil, err
	}
	notes = append(notes, pose.String())

	emit := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	defer emit.Close()
	emit.SetTo(gocv.NewScalar(0, 0, 0, 0))
	sh := dropShadow{dx: r.sym(0.04, 1), dy: r.uni(0, 0.05), strength: r.uni(0.2, 0.6)}
	roi, err := composite(f, toScene, sh, &scene.img, &emit)
	if err != nil {
		return gocv.Mat{}, hom{}, nil, err
	}

	l := newLight(r)
	if l.kind == "dim" {
		// Only the lit lights stand out, but a person can still make out
		// the unlit buttons: keep them at least faintly above black.
		if u := unlitLevel(f, b); u > 0 {
			l.ambient = math.Min(math.Max(l.ambient, 22/u), 0.6)
		}
	}
	if clean {
		l = light{kind: "clean", ambient: 1, emit: 1, cast: [3]float64{1, 1, 1}, castName: "neutral", clean: true}
	}
	notes = append(notes, fmt.Sprintf("%s light %.2f, %s cast", l.kind, l.ambient, l.castName))
	gridScene := f.grid.then(toScene)
	shade := lightField(r, w, h, l, gridScene, b, &notes)
	gocv.MultiplyWithParams(scene.img, shade, &scene.img, 1.0/128, -1)
	shade.Close() // now, not at return: 12 MP images are big

	// Emitted light: cast by the camera's white balance, with bloom.
	// Only the board's box emits light.
	emitROI := emit.Region(roi)
	defer emitROI.Close()
	castM := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(l.cast[0]*l.emit*128, l.cast[1]*l.emit*128, l.cast[2]*l.emit*128, 0), roi.Dy(), roi.Dx(), gocv.MatTypeCV8UC3)
	defer castM.Close()
	gocv.MultiplyWithParams(emitROI, castM, &emitROI, 1.0/128, -1)
	gocv.Add(scene.img, emit, &scene.img)
	if l.bloom > 0.02 {
		addBloom(&scene.img, emit, pitch*r.uni(0.15, 0.45), l.bloom)
		notes = append(notes, fmt.Sprintf("bloom %.2f", l.bloom))
	}
	if !clean {
		glare(r, &scene.img, gridScene, b, pitch, l, &notes)
		blur(r, &scene.img, pitch, &notes)
		sensorNoise(r, &scene.img, l, &notes)
		sharpen(extra, &scene.img, &notes)
		fringe(extra, &scene.img, &notes)
		toneCurve(extra, &scene.img, &notes)
	}
	done = true
	return scene.img, gridScene, notes, nil
}

// pose is how the board sits in front of the camera.
type pose struct {
	roll, tiltX, tiltY float64 // radians
	focal              float64 // in units of the grid span
	// stretch widens (> 1) or narrows the board: panels whose buttons are
	// spaced differently across and down.
	stretch float64
}

func newPose(r *rng) pose {
	deg := math.Pi / 180
	p := pose{roll: r.sym(25*deg, 1.6), focal: r.uni(1.2, 4)}
	if r.chance(0.8) {
		p.tiltX = r.sym(35*deg, 1.5)
		p.tiltY = r.sym(35*deg, 1.5)
	}
	return p
}

func (p pose) String() string {
	d := 180 / math.Pi
	return fmt.Sprintf("rotated %.1f°, tilted %.1f°/%.1f°", p.roll*d, p.tiltX*d, p.tiltY*d)
}

// project maps a point (x, y) in the board plane, centred on the grid and
// scaled so the grid spans about 1, to the image plane (before placing).
func (p pose) project(x, y float64) (float64, float64) {
	// Tilt about the x axis, then the y axis, then roll in the image plane.
	cy, sy := math.Cos(p.tiltX), math.Sin(p.tiltX)
	y1, z1 := y*cy, y*sy
	cx, sx := math.Cos(p.tiltY), math.Sin(p.tiltY)
	x2, z2 := x*cx+z1*sx, -x*sx+z1*cx
	cr, sr := math.Cos(p.roll), math.Sin(p.roll)
	x3, y3 := x2*cr-y1*sr, x2*sr+y1*cr
	d := p.focal / (p.focal + z2)
	return x3 * d, y3 * d
}

// place returns the homography from canvas pixels to image pixels that
// puts the board's grid about span pixels across, fully inside the image.
func place(r *rng, f flat, b *board, p pose, span float64, w, h int) (hom, error) {
	sz := f.albedo.Size()
	cw, ch := float64(sz[1]), float64(sz[0])
	// Canvas → plane: centre on the grid and scale its larger side to 1.
	g0x, g0y := f.grid.apply(0, 0)
	g1x, g1y := f.grid.apply(float64(b.cols), float64(b.rows))
	gs := math.Max(g1x-g0x, g1y-g0y)
	gcx, gcy := (g0x+g1x)/2, (g0y+g1y)/2
	sx := 1.0
	if p.stretch > 0 {
		sx = p.stretch
	}
	toPlane := affine(-gcx/gs*sx, -gcy/gs, sx/gs, 1/gs)
	src := [4][2]float64{{0, 0}, {cw, 0}, {cw, ch}, {0, ch}}
	var dst [4][2]float64
	for i, s := range src {
		x, y := toPlane.apply(s[0], s[1])
		dst[i][0], dst[i][1] = p.project(x, y)
	}
	planeToImg, err := fitHom(src, dst)
	if err != nil {
		return hom{}, err
	}
	// Grid corners in the projected plane, to size and centre the board.
	var minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{0, 0}, {float64(b.cols), 0}, {float64(b.cols), float64(b.rows)}, {0, float64(b.rows)}} {
		x, y := f.grid.then(planeToImg).apply(c[0], c[1])
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	k := span / math.Max(maxX-minX, maxY-minY)
	margin := 0.02 * float64(min(w, h))
	fit := math.Min((float64(w)-2*margin)/(maxX-minX), (float64(h)-2*margin)/(maxY-minY))
	k = math.Min(k, fit)
	lox, hix := margin-k*minX, float64(w)-margin-k*maxX
	loy, hiy := margin-k*minY, float64(h)-margin-k*maxY
	tx, ty := r.uni(lox, math.Max(lox, hix)), r.uni(loy, math.Max(loy, hiy))
	if r.chance(0.4) {
		// People tend to centre what they photograph.
		tx, ty = (tx+(lox+hix)/2)/2, (ty+(loy+hiy)/2)/2
	}
	return planeToImg.then(affine(tx, ty, k, k)), nil
}

// composite warps the flat board into scene (reflected light) and emit
// (emitted light) through h, touching only the board's bounding box.
// dropShadow is the soft shadow a board casts on the surface under it.
type dropShadow struct {
	dx, dy   float64 // offset, in units of the board's size in the image
	strength float64 // 0 = none, 1 = black under the board
}

// composite returns the box of the image it changed.
func composite(f flat, h hom, sh dropShadow, scene, emit *gocv.Mat) (image.Rectangle, error) {
	sz := f.albedo.Size()
	cw, ch := float64(sz[1]), float64(sz[0])
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{0, 0}, {cw, 0}, {cw, ch}, {0, ch}} {
		x, y := h.apply(c[0], c[1])
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	// The board casts a soft shadow down and to one side: leave room for it.
	size0 := math.Max(maxX-minX, maxY-minY)
	sigma := size0 * 0.012
	dx, dy := size0*sh.dx, size0*sh.dy
	m := int(math.Abs(dx)+math.Abs(dy)+3*sigma) + 2
	roi := image.Rect(int(math.Floor(minX))-m, int(math.Floor(minY))-m, int(math.Ceil(maxX))+m, int(math.Ceil(maxY))+m).
		Intersect(image.Rect(0, 0, scene.Cols(), scene.Rows()))
	// A flat far larger than its grid (a monitor around a small game)
	// may reach behind the camera under a steep tilt: its corners there
	// project to the wrong side, and their box cuts the flat off along a
	// straight edge. Warp it over the whole image then, and keep only
	// the side of the horizon the grid is on.
	behind := beyondHorizon(f, h)
	if behind {
		roi = image.Rect(0, 0, scene.Cols(), scene.Rows())
	}
	if roi.Empty() {
		return roi, fmt.Errorf("board outside the image")
	}
	hm := h.then(affine(-float64(roi.Min.X), -float64(roi.Min.Y), 1, 1)).mat()
	defer hm.Close()
	size := image.Pt(roi.Dx(), roi.Dy())
	warp := func(src gocv.Mat) gocv.Mat {
		dst := gocv.NewMat()
		gocv.WarpPerspectiveWithParams(src, &dst, hm, size, gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
		return dst
	}
	alb := warp(f.albedo)
	defer alb.Close()
	em := warp(f.emit)
	defer em.Close()
	mask := warp(f.mask)
	defer mask.Close()
	if behind {
		seen, err := inFront(f, h, size)
		if err != nil {
			return roi, err
		}
		defer seen.Close()
		gocv.BitwiseAnd(mask, seen, &mask)
		front := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), em.Rows(), em.Cols(), em.Type())
		defer front.Close()
		em.CopyToWithMask(&front, seen)
		front.CopyTo(&em)
	}
	sub := scene.Region(roi)
	defer sub.Close()
	if sh.strength > 0 {
		shadowM := blurred(mask, sigma)
		defer shadowM.Close()
		shifted := gocv.NewMat()
		defer shifted.Close()
		mv := affine(dx, dy, 1, 1).mat()
		defer mv.Close()
		gocv.WarpPerspectiveWithParams(shadowM, &shifted, mv, image.Pt(roi.Dx(), roi.Dy()), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
		// keep = 255 - strength·shadow, as a 3-channel gain.
		shifted.ConvertToWithParams(&shifted, gocv.MatTypeCV8U, float32(-sh.strength), 255)
		keep := gocv.NewMat()
		defer keep.Close()
		gocv.CvtColor(shifted, &keep, gocv.ColorGrayToBGR)
		gocv.MultiplyWithParams(sub, keep, &sub, 1.0/255, -1)
	}
	// Soft alpha blend on the mask's antialiased edge.
	alpha := gocv.NewMat()
	defer alpha.Close()
	gocv.CvtColor(mask, &alpha, gocv.ColorGrayToBGR)
	inv := gocv.NewMat()
	defer inv.Close()
	gocv.BitwiseNot(alpha, &inv)
	a := gocv.NewMat()
	defer a.Close()
	gocv.MultiplyWithParams(alb, alpha, &a, 1.0/255, -1)
	bg := gocv.NewMat()
	defer bg.Close()
	gocv.MultiplyWithParams(sub, inv, &bg, 1.0/255, -1)
	gocv.Add(a, bg, &a)
	a.CopyTo(&sub)
	esub := emit.Region(roi)
	defer esub.Close()
	em.CopyTo(&esub)
	return roi, nil
}

// depth is the sign-carrying third coordinate of h at canvas point
// (x, y): points the camera sees share its sign with the grid.
func depth(h hom, x, y float64) float64 { return h[6]*x + h[7]*y + h[8] }

// beyondHorizon reports whether some corner of f's canvas lies on the
// other side of the horizon from its grid under h (behind the camera).
func beyondHorizon(f flat, h hom) bool {
	sz := f.albedo.Size()
	cw, ch := float64(sz[1]), float64(sz[0])
	gx, gy := f.grid.apply(0.5, 0.5)
	ref := depth(h, gx, gy)
	for _, c := range [4][2]float64{{0, 0}, {cw, 0}, {cw, ch}, {0, ch}} {
		if depth(h, c[0], c[1])*ref <= 0 {
			return true
		}
	}
	return false
}

// inFront returns a size.X×size.Y mask, 255 where the image (h's
// target, from its origin) shows the part of f's plane in front of the
// camera: the side of the horizon line that the grid projects to.
func inFront(f flat, h hom, size image.Point) (gocv.Mat, error) {
	hm := h.mat()
	defer hm.Close()
	inv := gocv.NewMat()
	defer inv.Close()
	if gocv.Invert(hm, &inv, gocv.SolveDecompositionLu) == 0 {
		return gocv.Mat{}, fmt.Errorf("singular board pose")
	}
	// An image point (x, y) comes from the plane point inv·(x, y, 1),
	// seen when its third coordinate has the grid's sign; the horizon
	// is the line a·x + b·y + c = 0.
	a, b, c := inv.GetDoubleAt(2, 0), inv.GetDoubleAt(2, 1), inv.GetDoubleAt(2, 2)
	gx, gy := h.apply(f.grid.apply(0.5, 0.5))
	s := math.Copysign(1, a*gx+b*gy+c)
	n := math.Hypot(a, b)
	// The half-plane as a quadrilateral reaching far past the image.
	far := 4 * float64(size.X+size.Y)
	x0, y0 := -a*c/(n*n), -b*c/(n*n) // the line's point nearest the origin
	dx, dy := -b/n, a/n              // along the line
	nx, ny := s*a/n, s*b/n           // towards the seen side
	pt := func(t, u float64) image.Point {
		return image.Pt(int(math.Round(x0+t*dx+u*nx)), int(math.Round(y0+t*dy+u*ny)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{{pt(-far, 0), pt(far, 0), pt(far, far), pt(-far, far)}})
	defer pv.Close()
	seen := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), size.Y, size.X, gocv.MatTypeCV8UC1)
	gocv.FillPoly(&seen, pv, color.RGBA{255, 255, 255, 0})
	return seen, nil
}

// unlitLevel is the mean brightness of the flat board's albedo at the
// centres of its unlit cells, or 0 when all cells are lit.
func unlitLevel(f flat, b *board) float64 {
	var sum float64
	n := 0
	for i := range b.rows {
		for j := range b.cols {
			if b.lit[i][j] {
				continue
			}
			x, y := f.grid.apply(float64(j)+0.5, float64(i)+0.5)
			v := f.albedo.GetVecbAt(int(y), int(x))
			sum += 0.114*float64(v[0]) + 0.587*float64(v[1]) + 0.299*float64(v[2])
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// blurred returns src blurred with a Gaussian of sigma pixels, computed on
// a reduced copy when sigma is large (the result is smooth anyway).
func blurred(src gocv.Mat, sigma float64) gocv.Mat {
	d := max(1, int(sigma/4))
	out := gocv.NewMat()
	if d == 1 {
		gocv.GaussianBlur(src, &out, image.Pt(0, 0), sigma, sigma, gocv.BorderConstant)
		return out
	}
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(src, &small, image.Pt(max(1, src.Cols()/d), max(1, src.Rows()/d)), 0, 0, gocv.InterpolationArea)
	s := sigma / float64(d)
	gocv.GaussianBlur(small, &small, image.Pt(0, 0), s, s, gocv.BorderConstant)
	gocv.Resize(small, &out, image.Pt(src.Cols(), src.Rows()), 0, 0, gocv.InterpolationLinear)
	return out
}
