package vision

import (
	"bytes"
	"image"

	"flag"
	"fmt"
	"gocv.io/x/gocv"
	"testing"

	"lightsout/synth"
)

var gridSeeds = flag.Int("grid.seeds", 0, "renders per style for TestFindLatticesSynth (0: 3, or 1 under -short)")

// gridSeedBase is the first synth seed the lattice tests use; all of
// them are tuning seeds (below 100000), never the held-out ones.
const gridSeedBase = 5000

// synthFloor is the share of renders whose grid TestFindLatticesSynth
// requires found exactly. It is a ratchet, not the goal: raise it as the
// finder improves (the rate measured is logged; 23 to 25 of 27 when it
// was set). It sits a few renders below the rate because the renderer
// still changes, and with it the pictures behind each seed.
const synthFloor = 0.75

// TestFindLatticesSynth checks renders of every synth style: the grid
// size exact and every corner within cornerTol pitches of the label.
// Each render is a subtest that logs its failure; the test fails when
// fewer than synthFloor of them pass.
func TestFindLatticesSynth(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	if *gridSeeds > 0 {
		n = *gridSeeds
	}
	pass, total, silent, doubted := 0, 0, 0, 0
	for si, style := range synth.Styles() {
		for k := 0; k < n; k++ {
			seed := int64(gridSeedBase + 1000*si + k)
			if seed >= 100000 {
				t.Fatalf("seed %d is held out", seed)
			}
			total++
			name := fmt.Sprintf("%s-%d", style, seed)
			img, e, err := synth.Render(seed, &synth.Options{Style: style, MaxPixels: 3_000_000})
			if err != nil {
				t.Fatal(err)
			}
			ls, err := findLattices(img, 0, 0, 0, gridDebugger(t, name))
			img.Close()
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			if why := latticeMismatch(ls[0], e); why != "" {
				t.Logf("%s: %s (size sure: %v)", name, why, ls[0].sizeSure)
				if ls[0].sizeSure {
					silent++
				}
				continue
			}
			pass++
			if !ls[0].sizeSure {
				doubted++
			}
		}
	}
	rate := float64(pass) / float64(total)
	t.Logf("%d of %d renders found exactly (%.0f%%), %d of them with the size marked unsure; %d wrong with the size marked sure",
		pass, total, 100*rate, doubted, silent)
	if rate < synthFloor {
		t.Errorf("%d of %d renders found exactly, below the floor of %.0f%%", pass, total, 100*synthFloor)
	}
}

// BenchmarkFindLattices12MP finds the grid in a 12 MP render, beside
// BenchmarkDecode12MP, which decodes the same photo from JPEG bytes.
func BenchmarkFindLattices12MP(b *testing.B) {
	img := render12MP(b)
	defer img.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := findLattices(img, 0, 0, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode12MP(b *testing.B) {
	img := render12MP(b)
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, img, []int{gocv.IMWriteJpegQuality, 90})
	img.Close()
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Close()
	data := bytes.Clone(buf.GetBytes())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := Decode(data, 0)
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}

// render12MP renders a keypad photo and scales it to 4000×3000 pixels.
func render12MP(b *testing.B) gocv.Mat {
	img, _, err := synth.Render(gridSeedBase+777, &synth.Options{Style: synth.StyleKeypad, Rows: 7, Cols: 7})
	if err != nil {
		b.Fatal(err)
	}
	if img.Cols() != 4000 || img.Rows() != 3000 {
		gocv.Resize(img, &img, image.Pt(4000, 3000), 0, 0, gocv.InterpolationLinear)
	}
	return img
}
