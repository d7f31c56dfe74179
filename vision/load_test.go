package vision

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"gocv.io/x/gocv"
)

// testImage is a w×h picture with a red left half, a blue right half and
// a white top-left quarter, so orientation and channel order can be checked.
func testImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= w/2 {
				c = color.RGBA{0, 0, 255, 255}
			}
			if x < w/2 && y < h/2 {
				c = color.RGBA{255, 255, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withOrientation inserts an EXIF APP1 segment carrying the orientation
// tag right after a JPEG's SOI marker.
func withOrientation(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, binary.BigEndian, uint32(8))                // first IFD
	binary.Write(&tiff, binary.BigEndian, uint16(1))                // one entry
	binary.Write(&tiff, binary.BigEndian, uint16(0x0112))           // Orientation
	binary.Write(&tiff, binary.BigEndian, uint16(3))                // SHORT
	binary.Write(&tiff, binary.BigEndian, uint32(1))                // count
	binary.Write(&tiff, binary.BigEndian, []uint16{orientation, 0}) // value, padded
	binary.Write(&tiff, binary.BigEndian, uint32(0))                // no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xff, 0xe1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// pngBomb returns a tiny PNG whose header declares w×h pixels.
func pngBomb(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	writeChunk(&b, "IHDR", ihdr)
	writeChunk(&b, "IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	writeChunk(&b, "IEND", nil)
	return b.Bytes()
}

func writeChunk(b *bytes.Buffer, typ string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	binary.Write(b, binary.BigEndian, crc.Sum32())
}

// bgrAt returns the B, G, R bytes of m at (x, y).
func bgrAt(m gocv.Mat, x, y int) [3]uint8 {
	v := m.GetVecbAt(y, x)
	return [3]uint8{v[0], v[1], v[2]}
}

func TestDecodeGood(t *testing.T) {
	rgb := testImage(64, 48)
	gray := image.NewGray(image.Rect(0, 0, 64, 48))
	gray16 := image.NewGray16(image.Rect(0, 0, 64, 48))
	rgba64 := image.NewRGBA64(image.Rect(0, 0, 64, 48))
	nrgba := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			c := rgb.RGBAAt(x, y)
			gray.SetGray(x, y, color.Gray{uint8(x * 4)})
			gray16.SetGray16(x, y, color.Gray16{uint16(x * 1024)})
			rgba64.SetRGBA64(x, y, color.RGBA64{uint16(c.R) * 257, uint16(c.G) * 257, uint16(c.B) * 257, 0xffff})
			nrgba.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, 200})
		}
	}
	var gifBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, rgb, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		data   []byte
		colour bool // the red/blue/white test pattern
	}{
		{"png rgb", encodePNG(t, rgb), true},
		{"png gray", encodePNG(t, gray), false},
		{"png gray 16-bit", encodePNG(t, gray16), false},
		{"png rgb 16-bit", encodePNG(t, rgba64), true},
		{"png rgba", encodePNG(t, nrgba), false},
		{"jpeg", encodeJPEG(t, rgb), true},
		{"jpeg with trailing bytes", append(encodeJPEG(t, rgb), 0, 0, 0), true},
		{"gif", gifBuf.Bytes(), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode(tc.data, 0)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			defer m.Close()
			if m.Cols() != 64 || m.Rows() != 48 || m.Type() != gocv.MatTypeCV8UC3 {
				t.Fatalf("got %d×%d type %v, want 64×48 CV8UC3", m.Cols(), m.Rows(), m.Type())
			}
			if tc.colour {
				checkPattern(t, m, false)
			}
		})
	}
}

// checkPattern checks the testImage pattern in m, turned a quarter
// clockwise when turned is true.
func checkPattern(t *testing.T, m gocv.Mat, turned bool) {
	t.Helper()
	near := func(a, b [3]uint8) bool {
		for i := range a {
			d := int(a[i]) - int(b[i])
			if d < -40 || d > 40 {
				return false
			}
		}
		return true
	}
	white, red, blue := [3]uint8{255, 255, 255}, [3]uint8{0, 0, 255}, [3]uint8{255, 0, 0}
	w, h := m.Cols(), m.Rows()
	// Probe points in the source's frame: top-left, bottom-left, right.
	probes := []struct {
		x, y float64
		want [3]uint8
	}{{0.2, 0.2, white}, {0.2, 0.8, red}, {0.8, 0.5, blue}}
	for _, p := range probes {
		x, y := p.x, p.y
		if turned { // rotated 90° clockwise: (x, y) -> (1-y, x)
			x, y = 1-p.y, p.x
		}
		got := bgrAt(m, int(x*float64(w)), int(y*float64(h)))
		if !near(got, p.want) {
			t.Errorf("pixel at source (%.1f, %.1f): got BGR %v, want %v", p.x, p.y, got, p.want)
		}
	}
}

// TestDecodeEXIFOrientation checks that a JPEG tagged "rotate 90° clockwise
// to display" comes out upright, as a viewer shows it. OpenCV 4.6's
// imdecode applies the tag itself for IMReadColor; this test guards that.
func TestDecodeEXIFOrientation(t *testing.T) {
	data := withOrientation(encodeJPEG(t, testImage(64, 48)), 6)
	m, err := Decode(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Cols() != 48 || m.Rows() != 64 {
		t.Fatalf("got %d×%d, want 48×64 (EXIF orientation 6 applied)", m.Cols(), m.Rows())
	}
	checkPattern(t, m, true)
}

func TestDecodeHostile(t *testing.T) {
	good := encodeJPEG(t, testImage(64, 48))
	goodPNG := encodePNG(t, testImage(64, 48))
	rng := rand.New(rand.NewSource(1))
	noise := make([]byte, 4096)
	rng.Read(noise)
	tests := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"empty", nil, ErrNotImage, "not a readable image (empty file)"},
		{"text", []byte("hello, this is not a photo\n"), ErrNotImage, "not a readable image (a text file)"},
		{"random bytes", noise, ErrNotImage, "not a readable image (unknown format)"},
		{"HEIC", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), noise...), ErrNotImage,
			"not a readable image (HEIC/HEIF, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"AVIF", append([]byte("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00"), noise...), ErrNotImage,
			"not a readable image (AVIF, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"AVIF under the generic brand", append([]byte("\x00\x00\x00\x20ftypmif1\x00\x00\x00\x00mif1miafMA1Bavif"), noise...), ErrNotImage,
			"not a readable image (AVIF, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"HEIF under the generic brand", append([]byte("\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic"), noise...), ErrNotImage,
			"not a readable image (HEIC/HEIF, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"PDF", append([]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), noise...), ErrNotImage,
			"not a readable image (PDF, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"JPEG XL", append([]byte("\xff\x0a"), noise...), ErrNotImage,
			"not a readable image (JPEG XL, which lightsout cannot read: save the photo as JPEG or PNG)"},
		{"truncated JPEG", good[:len(good)*2/3], ErrNotImage, "not a readable image (truncated JPEG)"},
		{"JPEG without EOI", good[:len(good)-2], ErrNotImage, "not a readable image (truncated JPEG)"},
		{"JPEG header only", good[:20], ErrNotImage, ""},
		{"truncated PNG", goodPNG[:len(goodPNG)-30], ErrNotImage, "not a readable image (truncated PNG)"},
		{"noise after PNG signature", append([]byte("\x89PNG\r\n\x1a\n"), noise...), ErrNotImage, ""},
		{"PNG bomb 30000×30000", pngBomb(30000, 30000), ErrTooLarge, "image too large (30000×30000 pixels, limit 50 MP)"},
		{"PNG declaring 0 pixels", pngBomb(0, 10), ErrNotImage, ""},
		{"PNG with corrupt data", pngBomb(10, 10), ErrNotImage, ""},
		{"PNG with a damaged IDAT byte", flipByte(goodPNG, bytes.Index(goodPNG, []byte("IDAT"))+20), ErrNotImage, "not a readable image (corrupt PNG: the IDAT chunk at byte 33 fails its checksum)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode(tc.data, 0)
			if err == nil {
				m.Close()
				t.Fatalf("Decode succeeded, want %v", tc.want)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %q is not %v", err, tc.want)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("error %q, want %q", err, tc.msg)
			}
		})
	}
}

// flipByte returns a copy of data with the bits of byte i inverted.
func flipByte(data []byte, i int) []byte {
	d := bytes.Clone(data)
	d[i] ^= 0xff
	return d
}

// TestDecodeDamagedAncillaryPNG checks that a PNG whose ancillary chunk
// (text, here) fails its checksum still decodes: only critical chunks
// are checked, as the decoders skip damaged ancillary ones.
func TestDecodeDamagedAncillaryPNG(t *testing.T) {
	good := encodePNG(t, testImage(64, 48))
	var b bytes.Buffer
	b.Write(good[:33]) // signature and IHDR
	writeChunk(&b, "tEXt", []byte("Comment\x00lights out"))
	b.Write(good[33:])
	data := b.Bytes()
	data[33+8] ^= 0xff // inside the text, after the CRC was computed
	m, err := Decode(data, 0)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	defer m.Close()
	if m.Cols() != 64 || m.Rows() != 48 {
		t.Errorf("decoded %d×%d, want 64×48", m.Cols(), m.Rows())
	}
}

func TestDecodeOnePixel(t *testing.T) {
	m, err := Decode(encodePNG(t, testImage(1, 1)), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Cols() != 1 || m.Rows() != 1 {
		t.Fatalf("got %d×%d, want 1×1", m.Cols(), m.Rows())
	}
}

func TestDecodeMaxPixels(t *testing.T) {
	data := encodePNG(t, testImage(64, 48))
	if _, err := Decode(data, 64*48-1); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("limit one pixel short: got %v, want ErrTooLarge", err)
	}
	m, err := Decode(data, 64*48)
	if err != nil {
		t.Fatalf("limit exactly met: %v", err)
	}
	m.Close()
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.png")
	if err := os.WriteFile(good, encodePNG(t, testImage(64, 48)), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder.jpg")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	// A small PNG padded to 2 MiB: its header passes, its size does not.
	big := filepath.Join(dir, "big.png")
	if err := os.WriteFile(big, append(encodePNG(t, testImage(64, 48)), make([]byte, 2<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	// A large text file is refused from its first bytes.
	text := filepath.Join(dir, "text.jpg")
	if err := os.WriteFile(text, bytes.Repeat([]byte("not a photo\n"), 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	bomb := filepath.Join(dir, "bomb.png")
	if err := os.WriteFile(bomb, append(pngBomb(30000, 30000), make([]byte, 1<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	// A named pipe with no writer: opening it would wait for ever.
	pipe := filepath.Join(dir, "pipe.jpg")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}

	m, err := Load(good, 0)
	if err != nil {
		t.Fatalf("Load(good): %v", err)
	}
	m.Close()

	tests := []struct {
		name, path string
		max        int
		want       error
		msg        string
	}{
		{"missing", filepath.Join(dir, "nope.jpg"), 0, fs.ErrNotExist, "no such file or directory"},
		{"folder", folder, 0, ErrNotImage, "not a readable image (it is a folder)"},
		{"named pipe", pipe, 0, ErrNotImage, "not a readable image (not a regular file)"},
		{"file larger than any allowed image", big, 4000, ErrTooLarge, "image too large (file of 2 MB, limit 1 MB)"},
		{"large text file", text, 0, ErrNotImage, "not a readable image (a text file)"},
		{"bomb", bomb, 0, ErrTooLarge, "image too large (30000×30000 pixels, limit 50 MP)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Load(tc.path, tc.max)
			if err == nil {
				m.Close()
				t.Fatal("Load succeeded")
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %q is not %v", err, tc.want)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("error %q, want %q", err, tc.msg)
			}
		})
	}
}

func TestJPEGCompleteIgnoresThumbnailEOI(t *testing.T) {
	// An APP1 segment holding a whole thumbnail JPEG (with its own EOI)
	// must not make a truncated main image look complete.
	thumb := encodeJPEG(t, testImage(8, 8))
	main := encodeJPEG(t, testImage(64, 48))
	payload := append([]byte("Exif\x00\x00"), thumb...)
	seg := []byte{0xff, 0xe1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	data := append(append(append([]byte{}, main[:2]...), seg...), payload...)
	data = append(data, main[2:]...)
	if !jpegComplete(data) {
		t.Fatal("complete JPEG with thumbnail reported truncated")
	}
	if jpegComplete(data[:len(data)-100]) {
		t.Fatal("truncated JPEG with thumbnail reported complete")
	}
}

// FuzzDecode feeds Decode corrupted images: it must return a BGR Mat or
// an ErrNotImage/ErrTooLarge error, never panic, and never exceed the
// pixel limit.
func FuzzDecode(f *testing.F) {
	f.Add(encodePNG(f, testImage(16, 12)))
	f.Add(encodeJPEG(f, testImage(16, 12)))
	f.Add(withOrientation(encodeJPEG(f, testImage(16, 12)), 6))
	f.Add(pngBomb(30000, 30000))
	if data, err := os.ReadFile("../testdata/sample.jpg"); err == nil {
		f.Add(data)
	}
	const limit = 1 << 20
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data, limit)
		if err != nil {
			if !errors.Is(err, ErrNotImage) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error %q is neither ErrNotImage nor ErrTooLarge", err)
			}
			return
		}
		defer m.Close()
		if m.Empty() || m.Type() != gocv.MatTypeCV8UC3 || m.Rows()*m.Cols() > limit {
			t.Fatalf("got %d×%d type %v", m.Cols(), m.Rows(), m.Type())
		}
	})
}

// BenchmarkLoaderChecks12MP compares Decode (header, completeness scan, decode)
// with OpenCV's IMDecode alone on a 12 MP JPEG: the checks should cost
// next to nothing.
func BenchmarkLoaderChecks12MP(b *testing.B) {
	data := encodeJPEG(b, testImage(4000, 3000))
	b.Run("Decode", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m, err := Decode(data, 0)
			if err != nil {
				b.Fatal(err)
			}
			m.Close()
		}
	})
	b.Run("IMDecode", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m, err := gocv.IMDecode(data, gocv.IMReadColor)
			if err != nil || m.Empty() {
				b.Fatal(err)
			}
			m.Close()
		}
	})
}
