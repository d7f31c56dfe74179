package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/synth"
)

// paintMask is a mask drawn from rows of '#' (set) and '.' (clear).
func paintMask(rows []string) gocv.Mat {
	m := gocv.Zeros(len(rows), len(rows[0]), gocv.MatTypeCV8U)
	for y, r := range rows {
		for x := range r {
			if r[x] == '#' {
				m.SetUCharAt(y, x, 255)
			}
		}
	}
	return m
}

// TestComponentsTable spells out small masks whose labelling is easy to
// get wrong, and checks each component's area against its pixels.
func TestComponentsTable(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want int // components
	}{
		{"empty", []string{"....", "...."}, 0},
		{"full", []string{"####", "####"}, 1},
		{"diagonal touch joins", []string{"#...", ".#..", "..#."}, 1},
		{"anti-diagonal touch joins", []string{"..#", ".#.", "#.."}, 1},
		{"gap of one splits", []string{"#.#", "#.#"}, 2},
		{"U joins late", []string{"#..#", "#..#", "####"}, 1},
		{"second row starts earlier", []string{"..##", "#..."}, 2},
		{"odd width", []string{"#.#.#"}, 3},
		{"single column", []string{"#", ".", "#"}, 2},
		{"ring", []string{"####", "#..#", "####"}, 1},
	}
	var cc cclScratch
	defer cc.Close()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := paintMask(tc.rows)
			defer m.Close()
			cs, err := cc.components(m, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) != tc.want {
				t.Errorf("%d components, want %d", len(cs), tc.want)
			}
			set, area := 0, 0
			for _, r := range tc.rows {
				set += strings.Count(r, "#")
			}
			for _, c := range cs {
				area += c.area
			}
			if area != set {
				t.Errorf("areas sum to %d, the mask has %d pixels set", area, set)
			}
		})
	}
}

// TestComponentMoments checks the moment sums against closed forms for
// rectangles, one of them framed by a ring whose box holds it: the
// ring's sums must leave the rectangle's pixels out.
func TestComponentMoments(t *testing.T) {
	// sums of i and i² for i < n
	s1 := func(n int64) int64 { return n * (n - 1) / 2 }
	s2 := func(n int64) int64 { return (n - 1) * n * (2*n - 1) / 6 }
	rect := func(x0, y0, w, h int) component {
		W, H := int64(w), int64(h)
		return component{x0: x0, y0: y0, x1: x0 + w - 1, y1: y0 + h - 1, area: w * h,
			sx: H * s1(W), sy: W * s1(H), sxx: H * s2(W), syy: W * s2(H), sxy: s1(W) * s1(H)}
	}
	m := gocv.Zeros(40, 60, gocv.MatTypeCV8U)
	defer m.Close()
	fill := func(x0, y0, w, h int, v uint8) {
		for y := y0; y < y0+h; y++ {
			for x := x0; x < x0+w; x++ {
				m.SetUCharAt(y, x, v)
			}
		}
	}
	fill(3, 4, 7, 11, 255)   // 7×11 at (3, 4)
	fill(20, 5, 31, 31, 255) // a ring 31×31 at (20, 5), one pixel wide
	fill(21, 6, 29, 29, 0)
	fill(30, 15, 5, 8, 255) // 5×8 at (30, 15), inside it
	var cc cclScratch
	defer cc.Close()
	cs, err := cc.components(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 {
		t.Fatalf("%d components, want 3", len(cs))
	}
	outer, inner := rect(20, 5, 31, 31), rect(21, 6, 29, 29)
	ring := component{x0: 20, y0: 5, x1: 50, y1: 35, area: outer.area - inner.area,
		// The inner square's sums, moved to the ring's corner (1, 1) in.
		sx:  outer.sx - (inner.sx + int64(inner.area)),
		sy:  outer.sy - (inner.sy + int64(inner.area)),
		sxx: outer.sxx - (inner.sxx + 2*inner.sx + int64(inner.area)),
		syy: outer.syy - (inner.syy + 2*inner.sy + int64(inner.area)),
		sxy: outer.sxy - (inner.sxy + inner.sx + inner.sy + int64(inner.area)),
	}
	want := []component{rect(3, 4, 7, 11), ring, rect(30, 15, 5, 8)} // OpenCV's raster order
	for i := range want {
		if cs[i] != want[i] {
			t.Errorf("component %d: got %+v, want %+v", i, cs[i], want[i])
		}
	}
	kept, err := cc.components(m, func(c *component) bool { return c.area < 100 })
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept[0] != want[0] || kept[1] != want[2] {
		t.Errorf("keep by area: %+v, want the two rectangles", kept)
	}
}

// hypotAppearance is appearance as first written, with the distance of
// every sample: the reference for the squared-offset version.
func hypotAppearance(bgr []uint8, w, h int, b *blob) {
	s := b.size()
	step := max(1, int(s/30))
	r := int(math.Ceil(0.8 * s))
	x0, y0 := int(math.Round(b.x)), int(math.Round(b.y))
	var in, ring [3]float64
	var nIn, nRing float64
	for dy := -r; dy <= r; dy += step {
		y := y0 + dy
		if y < 0 || y >= h {
			continue
		}
		for dx := -r; dx <= r; dx += step {
			x := x0 + dx
			if x < 0 || x >= w {
				continue
			}
			d := math.Hypot(float64(dx), float64(dy)) / s
			var acc *[3]float64
			switch {
			case d <= 0.35:
				acc = &in
				nIn++
			case d >= 0.6 && d <= 0.8:
				acc = &ring
				nRing++
			default:
				continue
			}
			p := bgr[3*(y*w+x) : 3*(y*w+x)+3]
			acc[0] += float64(p[0])
			acc[1] += float64(p[1])
			acc[2] += float64(p[2])
		}
	}
	if nIn == 0 || nRing == 0 {
		return
	}
	var d2 float64
	for i := range in {
		in[i] /= nIn
		ring[i] /= nRing
		d2 += (in[i] - ring[i]) * (in[i] - ring[i])
	}
	b.inner, b.ring = in, ring
	b.contrast = math.Sqrt(d2 / 3)
}

// TestAppearanceMatchesHypot checks that appearance measures exactly what
// the distance-per-sample version does, on random pixels, positions and
// sizes, including areas whose disc and ring bounds fall on whole
// squared distances (s = 20: 0.35 s = 7).
func TestAppearanceMatchesHypot(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	w, h := 120, 90
	bgr := make([]uint8, 3*w*h)
	for i := range bgr {
		bgr[i] = uint8(rng.Intn(256))
	}
	areas := []float64{400, 100, 2500, 10000, 25, 1, 4 * 49, 49.0 / 0.1225}
	for i := 0; i < 3000; i++ {
		a := math.Exp(rng.Float64() * math.Log(20000)) // 1 to 20000: steps of 1 to 4
		if i < 8*len(areas) {
			a = areas[i%len(areas)]
		}
		b := blob{x: rng.Float64()*float64(w+20) - 10, y: rng.Float64()*float64(h+20) - 10, area: a}
		if i%3 == 0 {
			b.x, b.y = math.Round(b.x), math.Round(b.y)
		}
		got, want := b, b
		appearance(bgr, w, h, &got)
		hypotAppearance(bgr, w, h, &want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("blob %+v: got %+v, want %+v", b, got, want)
		}
	}
}

// TestSqBound checks maxAt, the run of offsets below a bound on a row,
// against the distance, on bounds that land on whole numbers and ones
// that do not.
func TestSqBound(t *testing.T) {
	for _, k := range []float64{0.35, 0.6, 0.8} {
		for _, s := range []float64{1, 5, 10, 20, 7.5, math.Sqrt(1000), 33.3, 100.0 / 7} {
			q := newSqBound(k, s)
			for _, strict := range []bool{false, true} {
				for dy := -40; dy <= 40; dy++ {
					want := -1
					for m := 0; m <= 60; m++ {
						d := math.Hypot(float64(m), float64(dy)) / s
						if d < k || !strict && d == k {
							want = m
						}
					}
					if got := q.maxAt(dy, s, strict); got != want {
						t.Fatalf("k %v s %v dy %d strict %v: maxAt %d, want %d", k, s, dy, strict, got, want)
					}
				}
			}
		}
	}
}

// TestMaskBlobs checks which shapes become blobs and where their centres
// fall.
func TestMaskBlobs(t *testing.T) {
	white := color.RGBA{255, 255, 255, 0}
	pair := func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(20, 30, 59, 49), white, -1) }
	tests := []struct {
		name  string
		draw  func(m *gocv.Mat)
		scale float64
		src   uint8
		want  int
		x, y  float64 // centre of the whole component (Rectangle fills both corners)
	}{
		{"square", func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(20, 30, 40, 50), white, -1) }, 1, segEdges, 1, 30, 40},
		{"square at level 2", func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(20, 30, 40, 50), white, -1) }, 2, segEdges, 1, 60.5, 80.5},
		{"disc", func(m *gocv.Mat) { gocv.Circle(m, image.Pt(50, 50), 12, white, -1) }, 1, segEdges, 1, 50, 50},
		{"ring", func(m *gocv.Mat) { gocv.Circle(m, image.Pt(50, 50), 12, white, 3) }, 1, segEdges, 0, 0, 0},
		{"bar", func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(10, 40, 80, 50), white, -1) }, 1, segEdges, 0, 0, 0},
		{"L shape", func(m *gocv.Mat) {
			gocv.Rectangle(m, image.Rect(20, 20, 30, 60), white, -1)
			gocv.Rectangle(m, image.Rect(20, 50, 60, 60), white, -1)
		}, 1, segEdges, 0, 0, 0},
		{"cut by the border", func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(0, 30, 20, 50), white, -1) }, 1, segEdges, 0, 0, 0},
		{"too small", func(m *gocv.Mat) {
			for y := 20; y < 23; y++ {
				for x := 20; x < 23; x++ {
					m.SetUCharAt(y, x, 255)
				}
			}
		}, 1, segEdges, 0, 0, 0},
		{"too large", func(m *gocv.Mat) { gocv.Rectangle(m, image.Rect(5, 5, 95, 95), white, -1) }, 1, segEdges, 0, 0, 0},
		{"two squares from edges: one blob", pair, 1, segEdges, 1, 39.5, 39.5},
		{"two squares between lines: the pair and its halves", pair, 1, segLines, 3, 39.5, 39.5},
	}
	var cc cclScratch
	defer cc.Close()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.Zeros(100, 100, gocv.MatTypeCV8U)
			defer m.Close()
			tc.draw(&m)
			bs, err := maskBlobs(m, tc.scale, 0.12*100*100*tc.scale*tc.scale, tc.src, &cc)
			if err != nil {
				t.Fatal(err)
			}
			if len(bs) != tc.want {
				t.Fatalf("%d blobs, want %d: %+v", len(bs), tc.want, bs)
			}
			if tc.want == 0 {
				return
			}
			// The whole component comes last, after any halves.
			c := bs[len(bs)-1]
			if math.Abs(c.x-tc.x) > 0.01 || math.Abs(c.y-tc.y) > 0.01 {
				t.Errorf("centre (%.2f, %.2f), want (%.2f, %.2f)", c.x, c.y, tc.x, tc.y)
			}
			// Halves of a 40×20 pair: centres 10 px either side, half
			// the area.
			for i, h := range bs[:len(bs)-1] {
				if math.Abs(math.Abs(h.x-c.x)-10) > 0.5 || math.Abs(h.y-c.y) > 0.5 || h.area != c.area/2 {
					t.Errorf("half %d at (%.2f, %.2f) area %.0f; pair at (%.2f, %.2f) area %.0f", i, h.x, h.y, h.area, c.x, c.y, c.area)
				}
			}
		})
	}
}

// TestCollectBlobsSteady checks that the segmentations' goroutines and
// the cache of shared segmentations do not change the result, in every
// look (plain, chroma, wide lines, grid lines): two runs on one photo, a
// run on one goroutine, and a run whose shared segmentations come from a
// cache the plain look filled give the same blobs, and they find the
// buttons of a rendered board.
func TestCollectBlobsSteady(t *testing.T) {
	img, e, err := synth.Render(gridSeedBase+5, &synth.Options{Style: synth.StyleKeypad, Rows: 5, Cols: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	var cache segCache
	if _, err := collectBlobs(img, 0, lookPlain, &cache); err != nil {
		t.Fatal(err)
	}
	if len(cache.common) == 0 {
		t.Fatal("the plain look left the cache empty")
	}
	for _, look := range []blobLook{lookPlain, lookChroma, lookLines, lookGridLines} {
		var runs [3][]blob
		for k, workers := range []int{0, 0, 1} {
			if runs[k], err = collectBlobs(img, workers, look, nil); err != nil {
				t.Fatal(err)
			}
		}
		cached, err := collectBlobs(img, 0, look, &cache)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(runs[0], cached) {
			t.Fatalf("look %v: %d blobs, with the cache %d", look, len(runs[0]), len(cached))
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Fatalf("look %v: two runs differ: %d and %d blobs", look, len(runs[0]), len(runs[1]))
		}
		if !reflect.DeepEqual(runs[0], runs[2]) {
			t.Fatalf("look %v: on two goroutines %d blobs, on one %d", look, len(runs[0]), len(runs[2]))
		}
		if len(runs[0]) < e.Rows*e.Cols {
			t.Errorf("look %v: %d blobs for a %d×%d board", look, len(runs[0]), e.Rows, e.Cols)
		}
	}
}

func BenchmarkCollectBlobs12MP(b *testing.B) {
	img := render12MP(b)
	work := gocv.NewMat()
	defer work.Close()
	s := float64(max(img.Rows(), img.Cols())) / workSide
	gocv.Resize(img, &work, image.Point{}, 1/s, 1/s, gocv.InterpolationArea)
	img.Close()
	b.ResetTimer()
	for b.Loop() {
		if _, err := collectBlobs(work, 0, lookPlain, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// benchMask returns a 1000×750 adaptive-threshold mask of a 12 MP
// render, as collectBlobs makes at the first pyramid level.
func benchMask(b *testing.B) gocv.Mat {
	img := render12MP(b)
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
	img.Close()
	gocv.Resize(grey, &grey, image.Pt(1000, 750), 0, 0, gocv.InterpolationArea)
	mask := gocv.NewMat()
	gocv.AdaptiveThreshold(grey, &mask, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, 41, -4)
	return mask
}

// statsMats returns the three output Mats of OpenCV's
// connectedComponentsWithStats and a function that closes them.
func statsMats() (labels, stats, cents gocv.Mat, closeAll func()) {
	labels, stats, cents = gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	return labels, stats, cents, func() {
		labels.Close()
		stats.Close()
		cents.Close()
	}
}

// BenchmarkLabelling compares, on the mask of BenchmarkComponents,
// OpenCV's labelling with its statistics (what components used before)
// with components' labelling and its own pass for boxes and areas
// (keeping none, so no moments).
func BenchmarkLabelling(b *testing.B) {
	mask := benchMask(b)
	defer mask.Close()
	labels, stats, cents, closeAll := statsMats()
	defer closeAll()
	var cc cclScratch
	defer cc.Close()
	for _, threads := range []int{0, 1} {
		SetThreads(threads)
		b.Run(fmt.Sprintf("threads=%d/OpenCVStats", threads), func(b *testing.B) {
			for b.Loop() {
				gocv.ConnectedComponentsWithStatsWithParams(mask, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, cclSpaghetti)
			}
		})
		b.Run(fmt.Sprintf("threads=%d/Components", threads), func(b *testing.B) {
			for b.Loop() {
				if _, err := cc.components(mask, func(*component) bool { return false }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	SetThreads(0)
}

// BenchmarkComponents labels a 1000×750 adaptive-threshold mask.
func BenchmarkComponents(b *testing.B) {
	mask := benchMask(b)
	defer mask.Close()
	var cc cclScratch
	defer cc.Close()
	b.ResetTimer()
	for b.Loop() {
		if _, err := cc.components(mask, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// gridCells paints an n×n grid of cells of pitch p from (x0, y0) on
// img, each inset from its pitch square by in pixels at the top left and
// in-1 at the bottom right, in colour c.
func gridCells(img *gocv.Mat, x0, y0, p, n, in int, c color.RGBA) {
	for r := 0; r < n; r++ {
		for k := 0; k < n; k++ {
			x, y := x0+k*p, y0+r*p
			gocv.Rectangle(img, image.Rect(x+in, y+in, x+p-in+1, y+p-in+1), c, -1)
		}
	}
}

// cellsWithBlob counts the cells of an n×n grid of pitch p from (x0, y0)
// that the look at img finds a blob at: one within 5 pixels of the
// cell's centre, its size between minFrac and 1.1 of the pitch.
func cellsWithBlob(t *testing.T, img gocv.Mat, look blobLook, x0, y0, p, n int, minFrac float64) int {
	t.Helper()
	bs, err := collectBlobs(img, 0, look, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cx, cy := float64(x0+c*p+p/2), float64(y0+r*p+p/2)
			for _, b := range bs {
				if math.Hypot(b.x-cx, b.y-cy) < 5 && b.size() > minFrac*float64(p) && b.size() < 1.1*float64(p) {
					k++
					break
				}
			}
		}
	}
	return k
}

// TestFaintCellLooks paints 5×5 grids of faint cells that the plain
// look misses and a second look must find, every one:
//   - a dim screen of flat cells parted by dark lines 5 pixels wide,
//     blurred as a phone's screen is in a photo: the cells, nearly as
//     dark as the lines and as their neighbours beyond them, have little
//     contrast with the ring around them (the plain look finds blobs at
//     2 of the 25, measured); the lines look;
//   - caps tinted a pale cyan on a white panel (16 levels less red, 9
//     in RMS: under blobMinContrast), the panel running 60 pixels past
//     the grid so that the coloured background stays out of the
//     adaptive thresholds' blocks; the chroma look.
func TestFaintCellLooks(t *testing.T) {
	const p, n, x0, y0 = 44, 5, 90, 90
	for _, tc := range []struct {
		name          string
		look          blobLook
		bg            gocv.Scalar // BGR
		panel, cell   color.RGBA
		margin, inset int // the panel beyond the grid; each cell's inset
		blur, minFrac float64
	}{
		{"flat cells between wide lines", lookLines, gocv.NewScalar(40, 70, 40, 0), color.RGBA{30, 30, 60, 0}, color.RGBA{40, 40, 85, 0}, 4, 3, 2, 0.6},
		{"pale tints on white", lookChroma, gocv.NewScalar(90, 60, 120, 0), color.RGBA{248, 249, 247, 0}, color.RGBA{232, 247, 246, 0}, 60, 7, 1.5, 0.4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(tc.bg, 400, 400, gocv.MatTypeCV8UC3)
			defer img.Close()
			gocv.Rectangle(&img, image.Rect(x0-tc.margin, y0-tc.margin, x0+n*p+tc.margin, y0+n*p+tc.margin), tc.panel, -1)
			gridCells(&img, x0, y0, p, n, tc.inset, tc.cell)
			gocv.GaussianBlur(img, &img, image.Pt(0, 0), tc.blur, tc.blur, gocv.BorderDefault)
			plain, other := cellsWithBlob(t, img, lookPlain, x0, y0, p, n, tc.minFrac), cellsWithBlob(t, img, tc.look, x0, y0, p, n, tc.minFrac)
			if other != n*n || plain > n*n/2 {
				t.Errorf("cells with a blob: plain look %d, %v look %d of %d; want every cell in the %v look, and the plain look to miss most", plain, tc.look, other, n*n, tc.look)
			}
		})
	}
}

// TestPaleTint checks which faint chroma blobs paleTint keeps: tints of
// a nearly grey ring, not blobs of chequered fabric on a ring of their
// own colour, nor grey blobs.
func TestPaleTint(t *testing.T) {
	for _, tc := range []struct {
		name        string
		inner, ring [3]float64 // BGR
		want        bool
	}{
		{"pale cyan on white", [3]float64{247, 248, 238}, [3]float64{248, 249, 247}, true},
		{"pink on grey", [3]float64{160, 150, 175}, [3]float64{158, 156, 160}, true},
		{"red check on pink", [3]float64{60, 50, 170}, [3]float64{90, 80, 180}, false},
		{"grey on white", [3]float64{240, 240, 240}, [3]float64{248, 249, 247}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := blob{inner: tc.inner, ring: tc.ring}
			if got := paleTint(&b); got != tc.want {
				t.Errorf("paleTint = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestComponentsAsOpenCV checks components against OpenCV's own
// statistics (gocv's ConnectedComponentsWithStats, BBDT): the same
// components, numbered alike, with the same boxes and areas.
func TestComponentsAsOpenCV(t *testing.T) {
	img, _, err := synth.Render(gridSeedBase+777, &synth.Options{Style: synth.StyleKeypad, Rows: 7, Cols: 7})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
	mask := gocv.NewMat()
	defer mask.Close()
	labels, stats, cents, closeAll := statsMats()
	defer closeAll()
	var cc cclScratch
	defer cc.Close()
	for _, block := range []int{15, 41, 101} {
		gocv.AdaptiveThreshold(grey, &mask, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, block, -4)
		n := gocv.ConnectedComponentsWithStats(mask, &labels, &stats, &cents)
		st, err := int32s(&stats)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := cc.components(mask, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n < 100 || len(cs) != n-1 {
			t.Fatalf("block %d: %d components, OpenCV %d (and fewer than 100 is no test)", block, len(cs), n-1)
		}
		for k, c := range cs {
			s := st[5*(k+1) : 5*(k+2)] // left, top, width, height, area
			got := [5]int{c.x0, c.y0, c.x1 - c.x0 + 1, c.y1 - c.y0 + 1, c.area}
			want := [5]int{int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4])}
			if got != want {
				t.Fatalf("block %d: component %d: box and area %v, OpenCV %v", block, k+1, got, want)
			}
		}
	}
}

// TestBlobIndexNear checks near against a scan of every blob: the same
// blobs, in bucket order, each bucket's in increasing index, for random
// blobs and queries reaching past the blobs' bounding box.
func TestBlobIndexNear(t *testing.T) {
	rng := rand.New(rand.NewSource(35))
	for _, tc := range []struct {
		n    int
		cell float64
	}{{0, 8}, {1, 8}, {50, 8}, {400, 16}, {400, 3}} {
		bs := make([]blob, tc.n)
		for i := range bs {
			bs[i].x, bs[i].y = 40+rng.Float64()*600, 25+rng.Float64()*400
		}
		x := newBlobIndex(bs, tc.cell)
		for q := 0; q < 200; q++ {
			px, py, r := rng.Float64()*700, rng.Float64()*500, rng.Float64()*80
			var got []int
			x.near(px, py, r, func(i int) { got = append(got, i) })
			var want []int
			for i, b := range bs {
				if dx, dy := b.x-px, b.y-py; dx*dx+dy*dy <= r*r {
					want = append(want, i)
				}
			}
			// near lists bucket by bucket: order the scan the same way.
			bucket := func(i int) [2]int {
				kx, ky := x.key(bs[i].x, bs[i].y)
				return [2]int{ky, kx}
			}
			sort.SliceStable(want, func(a, b int) bool {
				ka, kb := bucket(want[a]), bucket(want[b])
				return ka[0] < kb[0] || ka[0] == kb[0] && ka[1] < kb[1]
			})
			if !slices.Equal(got, want) {
				t.Fatalf("%d blobs, cell %v: near(%.1f, %.1f, %.1f) = %v, want %v", tc.n, tc.cell, px, py, r, got, want)
			}
		}
	}
}

// BenchmarkBlobIndexNear measures building an index of 300 blobs over a
// work-size image and 3,000 queries of a pitch's reach.
func BenchmarkBlobIndexNear(b *testing.B) {
	rng := rand.New(rand.NewSource(12))
	bs := make([]blob, 300)
	for i := range bs {
		bs[i].x, bs[i].y = rng.Float64()*1000, rng.Float64()*750
	}
	n := 0
	for b.Loop() {
		x := newBlobIndex(bs, 16)
		for q := 0; q < 3000; q++ {
			x.near(bs[q%len(bs)].x, bs[q%len(bs)].y, 40, func(int) { n++ })
		}
	}
	if n == 0 {
		b.Fatal("no blob found")
	}
}
