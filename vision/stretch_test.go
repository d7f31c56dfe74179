package vision

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
	"lightsout/synth"
)

func TestLevelRange(t *testing.T) {
	tests := []struct {
		name   string
		values func(i int) uint8 // value at index i of 3000
		lo, hi int
	}{
		{"full range", func(i int) uint8 { return uint8(i * 256 / 3000) }, 5, 253},
		{"constant", func(int) uint8 { return 77 }, 77, 77},
		{"narrow", func(i int) uint8 { return uint8(100 + i*51/3000) }, 101, 150},
		// 1.5% black pixels (a deep shadow) do not hold the range open;
		// 3% white ones (glare) would, and do.
		{"few black", func(i int) uint8 {
			if i%200 < 3 {
				return 0
			}
			return uint8(100 + i%40)
		}, 100, 139},
		{"much glare", func(i int) uint8 {
			if i%100 >= 50 && i%100 < 53 {
				return 255
			}
			return uint8(100 + i%40)
		}, 100, 255},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := make([]uint8, 3000)
			for i := range data {
				data[i] = tc.values(i)
			}
			lo, hi := levelRange(data)
			if lo != tc.lo || hi != tc.hi {
				t.Errorf("levelRange = %d, %d; want %d, %d", lo, hi, tc.lo, tc.hi)
			}
		})
	}
}

// randomBGR returns a w×h BGR Mat with values uniform in lo..hi.
func randomBGR(t *testing.T, rng *rand.Rand, w, h, lo, hi int) gocv.Mat {
	t.Helper()
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	d, err := m.DataPtrUint8()
	if err != nil {
		m.Close()
		t.Fatal(err)
	}
	for i := range d {
		d[i] = uint8(lo + rng.Intn(hi-lo+1))
	}
	return m
}

func TestStretchLevels(t *testing.T) {
	tests := []struct {
		name   string
		lo, hi int
		ok     bool
		gain   float64 // when ok, within 3%
	}{
		{"full range left alone", 0, 255, false, 0},
		{"nearly full left alone", 20, 235, false, 0},
		{"dim room", 5, 70, true, 255.0 / 64},
		{"flat light capped", 120, 140, true, stretchMaxGain},
		{"flat image left alone", 90, 90, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.lo*1000 + tc.hi)))
			src := randomBGR(t, rng, 120, 80, tc.lo, tc.hi)
			defer src.Close()
			dst := gocv.NewMat()
			defer dst.Close()
			m, ok := stretchLevels(src, &dst)
			if ok != tc.ok {
				t.Fatalf("stretchLevels ok = %v (%+v), want %v", ok, m, tc.ok)
			}
			if !ok {
				if !dst.Empty() {
					t.Error("dst written when no stretch is due")
				}
				return
			}
			if math.Abs(m.gain/tc.gain-1) > 0.03 {
				t.Errorf("gain %.3f, want %.3f", m.gain, tc.gain)
			}
			// Every pixel maps through m, and m.undo brings it back
			// to within rounding, unless it was clipped.
			sd, _ := src.DataPtrUint8()
			dd, err := dst.DataPtrUint8()
			if err != nil || len(dd) != len(sd) || dst.Type() != gocv.MatTypeCV8UC3 {
				t.Fatalf("dst %v, %d values, want %d of 8-bit BGR", err, len(dd), len(sd))
			}
			var lo, hi uint8 = 255, 0
			for i := range sd {
				lo, hi = min(lo, dd[i]), max(hi, dd[i])
				if dd[i] == 0 || dd[i] == 255 {
					continue
				}
				back := m.undo([3]float64{float64(dd[i]), 0, 0})[0]
				if math.Abs(back-float64(sd[i])) > 0.5/m.gain+1e-9 {
					t.Fatalf("value %d became %d, undone %.2f", sd[i], dd[i], back)
				}
			}
			// The stretched copy spans most of the range, centred
			// when the gain is capped.
			if int(hi)-int(lo) < int(0.9*m.gain*float64(tc.hi-tc.lo)) || (int(lo)+int(hi))/2 < 96 || (int(lo)+int(hi))/2 > 160 {
				t.Errorf("stretched values span %d..%d", lo, hi)
			}
		})
	}
}

// TestSpreadLookFindsDimBoards renders tuning photos whose buttons the
// segmentations miss at the photo's own levels (an all-off panel in a
// dim room, a handheld in a dim room with motion blur, low-contrast
// panels): the look at the levels spread over the whole range finds
// their grid, and findLattices offers it.
func TestSpreadLookFindsDimBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("renders large photos")
	}
	for _, seed := range []int64{60246, 62062, 64022, 64028} {
		img, e, err := synth.Render(seed, &synth.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer img.Close()
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			work := gocv.NewMat()
			defer work.Close()
			scale := float64(max(img.Rows(), img.Cols())) / workSide
			gocv.Resize(img, &work, image.Point{}, 1/scale, 1/scale, gocv.InterpolationArea)
			first, _, err := latticesOn(work, work, nil, lookPlain, nil, 0, 0, scale, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !weakBest(first) {
				t.Fatalf("first look not weak: the spread look would not run")
			}
			more, err := spreadLook(work, 0, 0, scale, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !hasLattice(more, e) {
				t.Errorf("spread look: no %d×%d lattice among %d", e.Rows, e.Cols, len(more))
			}
			ls, err := findLattices(img, 0, 0, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !hasLattice(ls, e) {
				t.Errorf("findLattices: no %d×%d lattice among %v", e.Rows, e.Cols, sizes(ls))
			}
		})
	}
}

func hasLattice(ls []lattice, e labels.Entry) bool {
	for _, l := range ls {
		if latticeMismatch(l, e) == "" {
			return true
		}
	}
	return false
}

func sizes(ls []lattice) [][2]int {
	var out [][2]int
	for _, l := range ls {
		out = append(out, [2]int{l.rows, l.cols})
	}
	return out
}
