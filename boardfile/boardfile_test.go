package boardfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lightsout/solver"
)

func mustParse(t *testing.T, s string) *solver.Board {
	t.Helper()
	b, err := solver.ParseBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "101\n001\n100\n", "101/001/100"},
		{"no final newline", "101\n001\n100", "101/001/100"},
		{"hash and dot", "#.#\n..#\n#..\n", "101/001/100"},
		{"crlf", "10\r\n01\r\n", "10/01"},
		{"trailing spaces and blank lines", "10  \n01\t\n\n\n", "10/01"},
		{"leading blank line", "\n11\n", "11"},
		{"one cell", "1", "1"},
		{"fast row then mixed row", "01010101010101010\n0101010101010101#\n", "01010101010101010/01010101010101011"},
		{"mixed first row", "#0000000000000000\n00000000000000001\n", "10000000000000000/00000000000000001"},
		{"wide", strings.Repeat("1", 130) + "\n", strings.Repeat("1", 130)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Read(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if want := mustParse(t, tc.want); !b.Equal(want) {
				t.Fatalf("got %s, want %s", b, want)
			}
		})
	}
}

func TestReadTextErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
	}{
		{"bad character", "101\n0x1\n", 2, 2},
		{"short row", "101\n01\n", 2, 3},
		{"long row", "101\n0110\n", 2, 4},
		{"space inside", "1 01\n", 1, 3},
		{"blank line inside", "11\n\n11\n", 2, 0},
		{"letter O", "OX\n", 1, 1},
		{"bad character late in a long row", "0000000000000000000\n000000000000000000x\n", 2, 19},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Col != tc.col {
				t.Fatalf("%v: at line %d col %d, want %d:%d", err, pe.Line, pe.Col, tc.line, tc.col)
			}
		})
	}
	for _, in := range []string{"", "\n\n", "  \n"} {
		if _, err := Read(strings.NewReader(in)); !errors.Is(err, ErrEmpty) {
			t.Errorf("Read(%q) = %v, want ErrEmpty", in, err)
		}
	}
}

func randomBoard(rng *rand.Rand, rows, cols int) *solver.Board {
	b := solver.NewBoard(rows, cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			b.Set(r, c, rng.Intn(2) == 1)
		}
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, sz := range [][2]int{{1, 1}, {1, 200}, {200, 1}, {7, 9}, {64, 64}, {65, 130}} {
		b := randomBoard(rng, sz[0], sz[1])
		for _, format := range []string{"text", "png"} {
			t.Run(fmt.Sprintf("%dx%d/%s", sz[0], sz[1], format), func(t *testing.T) {
				var buf bytes.Buffer
				write := WriteText
				if format == "png" {
					write = WritePNG
				}
				if err := write(&buf, b); err != nil {
					t.Fatal(err)
				}
				data := buf.Bytes()
				got, err := Read(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(b) {
					t.Fatal("board changed in the round trip")
				}
				if format == "png" { // image/png must agree: set cells white
					img, err := png.Decode(bytes.NewReader(data))
					if err != nil {
						t.Fatal(err)
					}
					if !fromImage(img).Equal(b) {
						t.Fatal("image/png reads a different board")
					}
				}
			})
		}
	}
}

// TestReadPNGKinds writes random images of every kind image/png encodes
// and checks the streaming reader against image/png plus a threshold.
func TestReadPNGKinds(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	const w, h = 37, 23
	rect := image.Rect(0, 0, w, h)
	pal := func(n int) color.Palette {
		p := make(color.Palette, n)
		for i := range p {
			p[i] = color.NRGBA{uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(200 + rng.Intn(56))}
		}
		p[0], p[1] = color.Gray{40}, color.NRGBA{250, 250, 250, 230} // one dark, one light

		return p
	}
	kinds := []struct {
		name string
		img  image.Image
	}{
		{"gray", image.NewGray(rect)},
		{"gray16", image.NewGray16(rect)},
		{"rgba", image.NewRGBA(rect)},
		{"nrgba", image.NewNRGBA(rect)},
		{"rgba64", image.NewRGBA64(rect)},
		{"nrgba64", image.NewNRGBA64(rect)},
		{"paletted2", image.NewPaletted(rect, pal(2))},
		{"paletted4", image.NewPaletted(rect, pal(4))},
		{"paletted16", image.NewPaletted(rect, pal(16))},
		{"paletted256", image.NewPaletted(rect, pal(256))},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					c := color.NRGBA64{uint16(rng.Intn(65536)), uint16(rng.Intn(65536)), uint16(rng.Intn(65536)), uint16(rng.Intn(65536))}
					switch m := k.img.(type) {
					case *image.Paletted:
						m.SetColorIndex(x, y, uint8(rng.Intn(len(m.Palette))))
					case interface{ Set(int, int, color.Color) }:
						m.Set(x, y, c)
					}
				}
			}
			var buf bytes.Buffer
			if err := png.Encode(&buf, k.img); err != nil {
				t.Fatal(err)
			}
			got, err := Read(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			img, _ := png.Decode(bytes.NewReader(buf.Bytes()))
			want := fromImage(img)
			if !got.Equal(want) {
				t.Fatalf("streaming reader disagrees with image/png:\n%s\n%s", got, want)
			}
			if n := want.Count(); n == 0 || n == w*h {
				t.Fatalf("degenerate test image: %d lit", n)
			}
		})
	}
}

func TestReadInterlaced(t *testing.T) {
	b, err := ReadFile("testdata/rand23x37-interlaced.png")
	if err != nil {
		t.Fatal(err)
	}
	want, err := ReadFile("testdata/rand23x37.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !b.Equal(want) {
		t.Fatal("interlaced PNG reads differently from the text board")
	}
}

func TestReadPNGErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePNG(&buf, randomBoard(rand.New(rand.NewSource(3)), 40, 40)); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	corrupt := append([]byte(nil), good...)
	corrupt[len(corrupt)/2] ^= 0xff
	tests := map[string][]byte{
		"truncated":   good[:len(good)/2],
		"header only": good[:33],
		"corrupt":     corrupt,
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := Read(bytes.NewReader(data)); !errors.Is(err, ErrPNG) {
				t.Fatalf("got %v, want ErrPNG", err)
			}
		})
	}
}

func TestFileNames(t *testing.T) {
	dir := t.TempDir()
	b := mustParse(t, "101/001/100")
	for _, name := range []string{"out.txt", "out.PNG", "out"} {
		p := filepath.Join(dir, name)
		if err := WriteFile(p, b); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(p)
		if err != nil || !got.Equal(b) {
			t.Fatalf("%s: %v, %v", name, got, err)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("10\n1\n"), 0o644)
	_, err := ReadFile(bad)
	if err == nil || !strings.HasPrefix(err.Error(), bad+": line 2, column 2") {
		t.Fatalf("error %v does not name the file and place", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Fatalf("error %v does not name the file", err)
	}
}

func FuzzReadText(f *testing.F) {
	for _, name := range []string{"board3x3.txt", "crlf.txt", "rand23x37.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("1 0\n"))
	f.Add([]byte("10\n\n01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte(pngSignature)) {
			return
		}
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, ErrEmpty) {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteText(&buf, b); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&buf)
		if err != nil || !again.Equal(b) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzReadPNG(f *testing.F) {
	var buf bytes.Buffer
	WritePNG(&buf, solver.NewBoard(3, 5))
	f.Add(buf.Bytes())
	data, err := os.ReadFile("testdata/rand23x37-interlaced.png")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width*cfg.Height > 1<<20 {
			return // bound the work, as image/png's own fuzz test does
		}
		b, err := Read(bytes.NewReader(data))
		img, ierr := png.Decode(bytes.NewReader(data))
		if err == nil && ierr == nil && !b.Equal(fromImage(img)) {
			t.Fatal("streaming reader disagrees with image/png")
		}
	})
}

func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	data := make([]byte, 200000)
	rng.Read(data)
	for _, cut := range []int{0, 1, 65520, 65521, 65522, 131042, 199999, 200000} {
		a, b := data[:cut], data[cut:]
		got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), int64(len(b)))
		if want := adler32.Checksum(data); got != want {
			t.Errorf("cut at %d: %08x, want %08x", cut, got, want)
		}
	}
}

// TestWritePNGBands writes an image compressed in bands (as WritePNG
// does past 4 MiB of pixels) and reads it back with both readers and a
// checksum-verifying inflate.
func TestWritePNGBands(t *testing.T) {
	b := randomBoard(rand.New(rand.NewSource(5)), 500, 700)
	var buf bytes.Buffer
	if err := writePNG(&buf, b, 3); err != nil {
		t.Fatal(err)
	}
	got, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil || !got.Equal(b) {
		t.Fatalf("round trip: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil || !fromImage(img).Equal(b) {
		t.Fatalf("image/png: %v", err)
	}
	// Inflate the IDAT data to its end, which checks the Adler-32.
	var idat bytes.Buffer
	data := buf.Bytes()[8:]
	for len(data) > 0 {
		n := int(binary.BigEndian.Uint32(data))
		if string(data[4:8]) == "IDAT" {
			idat.Write(data[8 : 8+n])
		}
		data = data[12+n:]
	}
	zr, err := zlib.NewReader(&idat)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := io.Copy(io.Discard, zr); err != nil || n != int64(500*(1+88)) {
		t.Fatalf("inflate: %d bytes, %v", n, err)
	}
}

// TestWriteTextBands checks the banded text writer, with more bands than
// workers and a last short band, against the plain one.
func TestWriteTextBands(t *testing.T) {
	b := randomBoard(rand.New(rand.NewSource(6)), 1500, 3001) // bands of 349 rows
	var plain, banded bytes.Buffer
	line := make([]byte, b.Cols+8)
	for r := 0; r < b.Rows; r++ {
		plain.Write(formatRow(line, b, r))
	}
	for _, workers := range []int{1, 2, 3} {
		banded.Reset()
		if err := writeTextBands(&banded, b, workers); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(plain.Bytes(), banded.Bytes()) {
			t.Fatalf("%d workers: banded output differs", workers)
		}
	}
	if err := writeTextBands(failWriter{}, b, 2); err == nil {
		t.Fatal("write error lost")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
