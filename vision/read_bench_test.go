package vision

import (
	"testing"

	"gocv.io/x/gocv"

	"lightsout/synth"
)

// BenchmarkRead12MP measures reading a 12-megapixel photo (a rendered
// keypad board scaled to 4032×3024 and saved as JPEG) beside decoding
// the same file, in the same run: IMRead is OpenCV's decoder alone, Load
// is the project's loader (header checks, then decoding), Read is finding
// and reading the board in the decoded image, LoadRead both, and
// OpenRead the path solve and verify take: Open decodes the photo while
// Photo.Read finds the grid on a reduced copy, then reads the cells on the
// full image. OpenRead minus IMRead is what finding and reading add to
// decoding.
func BenchmarkRead12MP(b *testing.B) {
	path, _ := writeBig(b, 7, &synth.Options{Style: synth.StyleKeypad, Rows: 5, Cols: 5}, 4032, 3024)
	b.Run("IMRead", func(b *testing.B) { imRead(b, path) })
	b.Run("Load", func(b *testing.B) {
		for b.Loop() {
			m, err := Load(path, 0)
			if err != nil {
				b.Fatal(err)
			}
			m.Close()
		}
	})
	b.Run("Read", func(b *testing.B) {
		m, err := Load(path, 0)
		if err != nil {
			b.Fatal(err)
		}
		defer m.Close()
		for b.Loop() {
			if _, err := Read(m, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("LoadRead", func(b *testing.B) {
		for b.Loop() {
			m, err := Load(path, 0)
			if err != nil {
				b.Fatal(err)
			}
			_, err = Read(m, nil)
			m.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("OpenRead", func(b *testing.B) { openRead(b, path) })
}

// BenchmarkRead12MPStyles measures the path solve and verify take (as
// OpenRead above) on one rendered 12-megapixel photo of each style,
// with the clutter, lighting and board size its seed draws, beside
// decoding it: the keypad of BenchmarkRead12MP is among the easiest to
// find. For each style, IMRead and OpenRead run on the same file.
func BenchmarkRead12MPStyles(b *testing.B) {
	for _, style := range synth.Styles() {
		path, _ := writeBig(b, 11, &synth.Options{Style: style}, 4032, 3024)
		b.Run(style+"/IMRead", func(b *testing.B) { imRead(b, path) })
		b.Run(style+"/OpenRead", func(b *testing.B) { openRead(b, path) })
	}
}

// imRead decodes the photo at path with OpenCV alone, b.N times.
func imRead(b *testing.B, path string) {
	for b.Loop() {
		m := gocv.IMRead(path, gocv.IMReadColor)
		if m.Empty() {
			b.Fatal("IMRead failed")
		}
		m.Close()
	}
}

// openRead opens the photo at path and reads its board, b.N times.
func openRead(b *testing.B, path string) {
	for b.Loop() {
		p, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		_, err = p.Read(nil)
		p.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}
