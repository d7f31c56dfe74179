package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"
	"reflect"
	"testing"
	"unsafe"

	"gocv.io/x/gocv"

	"lightsout/synth"
)

// cvComponents labels mask with OpenCV's connectedComponentsWithStats,
// as maskBlobs once did, and measures each component's moment sums by
// walking its pixels: the reference for cclScratch.components.
func cvComponents(t testing.TB, mask gocv.Mat) []component {
	t.Helper()
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStats(mask, &labels, &stats, &cents)
	lab, st := int32View(t, labels), int32View(t, stats)
	w := mask.Cols()
	var out []component
	for k := 1; k < n; k++ {
		s := st[k*5 : k*5+5]
		c := component{x0: int(s[0]), y0: int(s[1]), x1: int(s[0] + s[2] - 1), y1: int(s[1] + s[3] - 1), area: int(s[4])}
		c.key = -1
		for y := c.y0; y <= c.y1; y++ {
			for x := c.x0; x <= c.x1; x++ {
				if lab[y*w+x] != int32(k) {
					continue
				}
				fx, fy := int64(x-c.x0), int64(y-c.y0)
				c.sx += fx
				c.sy += fy
				c.sxx += fx * fx
				c.syy += fy * fy
				c.sxy += fx * fy
				if key := (y/2)*((w+1)/2) + x/2; c.key < 0 || key < c.key {
					c.key = key
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// int32View views a continuous CV_32S Mat's data as int32s, valid while
// m is open.
func int32View(t testing.TB, m gocv.Mat) []int32 {
	t.Helper()
	b, err := m.DataPtrUint8()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// checkComponents compares cclScratch.components on mask with OpenCV.
func checkComponents(t testing.TB, mask gocv.Mat, cc *cclScratch) {
	t.Helper()
	data, err := mask.DataPtrUint8()
	if err != nil {
		t.Fatal(err)
	}
	got := cc.components(data, mask.Cols(), mask.Rows(), nil)
	want := cvComponents(t, mask)
	if len(got) != len(want) {
		t.Fatalf("%d components, OpenCV finds %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("component %d of %d: got %+v, OpenCV %+v", i, len(got), got[i], want[i])
		}
	}
}

// randomMask paints a w×h mask: noise of the given density, or blobs
// and bars of random size, touching and nested at random.
func randomMask(rng *rand.Rand, w, h int) gocv.Mat {
	m := gocv.Zeros(h, w, gocv.MatTypeCV8U)
	white := color.RGBA{255, 255, 255, 0}
	black := color.RGBA{0, 0, 0, 0}
	if rng.Intn(2) == 0 {
		density := rng.Float64()
		data, _ := m.DataPtrUint8()
		for i := range data {
			if rng.Float64() < density {
				data[i] = 255
			}
		}
		return m
	}
	for k := rng.Intn(40); k >= 0; k-- {
		c := white
		if rng.Intn(4) == 0 {
			c = black
		}
		p := image.Pt(rng.Intn(w), rng.Intn(h))
		switch rng.Intn(3) {
		case 0:
			gocv.Circle(&m, p, 1+rng.Intn(w/4+1), c, -1)
		case 1:
			q := image.Pt(p.X+rng.Intn(w/3+1), p.Y+rng.Intn(h/3+1))
			gocv.Rectangle(&m, image.Rectangle{Min: p, Max: q}, c, -1)
		default:
			q := image.Pt(rng.Intn(w), rng.Intn(h))
			gocv.Line(&m, p, q, c, 1+rng.Intn(3))
		}
	}
	return m
}

func TestComponentsMatchOpenCV(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var cc cclScratch
	n := 300
	if testing.Short() {
		n = 40
	}
	for i := 0; i < n; i++ {
		w, h := 1+rng.Intn(90), 1+rng.Intn(90)
		m := randomMask(rng, w, h)
		t.Run(fmt.Sprintf("mask%d_%dx%d", i, w, h), func(t *testing.T) { checkComponents(t, m, &cc) })
		m.Close()
	}
}

// TestComponentsTable spells out small masks whose labelling is easy to
// get wrong.
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
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, w := len(tc.rows), len(tc.rows[0])
			m := gocv.Zeros(h, w, gocv.MatTypeCV8U)
			defer m.Close()
			for y, r := range tc.rows {
				for x := range r {
					if r[x] == '#' {
						m.SetUCharAt(y, x, 255)
					}
				}
			}
			data, _ := m.DataPtrUint8()
			if got := len(cc.components(data, w, h, nil)); got != tc.want {
				t.Errorf("%d components, want %d", got, tc.want)
			}
			checkComponents(t, m, &cc)
		})
	}
}

// FuzzComponents checks the run labelling against OpenCV on arbitrary
// masks: the first byte sets the width.
func FuzzComponents(f *testing.F) {
	f.Add([]byte{4, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1})
	f.Add([]byte{3, 0, 0, 1, 0, 1, 0, 1, 0, 0})
	f.Add([]byte{1, 1, 0, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 || len(b) > 4097 {
			return
		}
		w := int(b[0])%64 + 1
		px := b[1:]
		h := len(px) / w
		if h == 0 {
			return
		}
		m := gocv.Zeros(h, w, gocv.MatTypeCV8U)
		defer m.Close()
		data, _ := m.DataPtrUint8()
		for i := range data {
			if px[i]&1 != 0 {
				data[i] = 255
			}
		}
		var cc cclScratch
		checkComponents(t, m, &cc)
	})
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

// TestCollectBlobsSteady checks that the segmentations' goroutines do
// not change the result: two runs on one photo give the same blobs, and
// they find the buttons of a rendered board.
func TestCollectBlobsSteady(t *testing.T) {
	img, e, err := synth.Render(gridSeedBase+5, &synth.Options{Style: synth.StyleKeypad, Rows: 5, Cols: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	a, err := collectBlobs(img)
	if err != nil {
		t.Fatal(err)
	}
	b, err := collectBlobs(img)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("two runs differ: %d and %d blobs", len(a), len(b))
	}
	if len(a) < e.Rows*e.Cols {
		t.Errorf("%d blobs for a %d×%d board", len(a), e.Rows, e.Cols)
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
		if _, err := collectBlobs(work); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkComponents labels a 1000×750 adaptive-threshold mask.
func BenchmarkComponents(b *testing.B) {
	img := render12MP(b)
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
	img.Close()
	gocv.Resize(grey, &grey, image.Pt(1000, 750), 0, 0, gocv.InterpolationArea)
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.AdaptiveThreshold(grey, &mask, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, 41, -4)
	data, err := mask.DataPtrUint8()
	if err != nil {
		b.Fatal(err)
	}
	var cc cclScratch
	b.ResetTimer()
	for b.Loop() {
		cc.components(data, mask.Cols(), mask.Rows(), nil)
	}
}
