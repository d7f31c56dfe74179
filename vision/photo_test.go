package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/synth"
)

// writeBig renders seed with opts, scales it to w×h and writes it as a
// JPEG of quality 90; it returns the path and the rendered board's lights.
func writeBig(t testing.TB, seed int64, opts *synth.Options, w, h int) (string, [][]bool) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "big.jpg")
	lab, err := synth.WriteSized(path, seed, opts, w, h, 90)
	if err != nil {
		t.Fatal(err)
	}
	lit := make([][]bool, lab.Rows)
	for r, row := range lab.Lights {
		for _, c := range row {
			lit[r] = append(lit[r], c == '1')
		}
	}
	return path, lit
}

func TestPreviewScale(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		want int
	}{
		{"small", 640, 480, 1},
		{"just under twice the working size", 2*workSide - 2, 600, 1},
		{"twice", 2 * workSide, 600, 2},
		{"12 MP landscape", 4032, 3024, 4},
		{"12 MP portrait", 3024, 4032, 4},
		{"huge", 12000, 9000, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := previewScale(encodeJPEG(t, image.NewGray(image.Rect(0, 0, tt.w, tt.h)))); got != tt.want {
				t.Errorf("previewScale(%d×%d JPEG) = %d, want %d", tt.w, tt.h, got, tt.want)
			}
		})
	}
	if got := previewScale(encodePNG(t, testImage(4000, 16))); got != 1 {
		t.Errorf("previewScale(PNG) = %d, want 1: only JPEGs decode reduced", got)
	}
}

// TestPhotoRead checks that finding the grid on the reduced copy reads
// large photos as reading the full image does: same size and lights,
// corners within a few pixels.
func TestPhotoRead(t *testing.T) {
	tests := []struct {
		seed  int64
		style string
		w, h  int
	}{
		{11, synth.StyleHandheld, 3000, 4000},
		{6, synth.StyleMonitor, 2560, 1440},
		{8, synth.StyleEscape, 4032, 3024},
	}
	if testing.Short() {
		tests = tests[:1]
	}
	for _, tt := range tests {
		t.Run(tt.style, func(t *testing.T) {
			path, label := writeBig(t, tt.seed, &synth.Options{Style: tt.style}, tt.w, tt.h)
			ph, err := Open(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ph.Close()
			if ph.k <= 1 {
				t.Fatalf("%d×%d JPEG: no reduced copy", tt.w, tt.h)
			}
			got, err := ph.Read(nil)
			if err != nil {
				t.Fatal(err)
			}
			img, err := ph.Image()
			if err != nil {
				t.Fatal(err)
			}
			want, err := Read(img, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(want.Lit, label, slices.Equal) {
				t.Fatalf("Read of the full image is %d×%d, not the label's %d×%d lights: pick another photo", want.Rows, want.Cols, len(label), len(label[0]))
			}
			if !slices.EqualFunc(got.Lit, label, slices.Equal) {
				t.Fatalf("Photo.Read: %d×%d %v, want %v as Read of the full image", got.Rows, got.Cols, got.Lit, label)
			}
			serial, err := Open(path, &OpenOptions{Serial: true})
			if err != nil {
				t.Fatal(err)
			}
			defer serial.Close()
			r, err := serial.Read(nil)
			if err != nil {
				t.Fatalf("decoded serially: %v", err)
			}
			if !slices.EqualFunc(r.Lit, got.Lit, slices.Equal) || r.Corners != got.Corners {
				t.Errorf("decoded serially: corners %v; in the background: corners %v", r.Corners, got.Corners)
			}
			pitch := math.Hypot(want.Corners[1].X-want.Corners[0].X, want.Corners[1].Y-want.Corners[0].Y) / float64(want.Cols)
			for i := range want.Corners {
				if d := math.Hypot(got.Corners[i].X-want.Corners[i].X, got.Corners[i].Y-want.Corners[i].Y); d > 0.1*pitch {
					t.Errorf("corner %d: Photo.Read %v, Read %v (%.1f px apart, cell pitch %.0f px)", i, got.Corners[i], want.Corners[i], d, pitch)
				}
			}
		})
	}
}

// TestPhotoOrientation checks that the reduced copy of a JPEG with an
// EXIF orientation is turned as the full image is.
func TestPhotoOrientation(t *testing.T) {
	data := withOrientation(encodeJPEG(t, testImage(2400, 1800)), 6)
	path := filepath.Join(t.TempDir(), "turned.jpg")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ph, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ph.Close()
	img, err := ph.Image()
	if err != nil {
		t.Fatal(err)
	}
	if ph.k != 2 {
		t.Fatalf("reduction %v, want 2", ph.k)
	}
	if img.Cols() != 1800 || img.Rows() != 2400 || ph.preview.Cols() != 900 || ph.preview.Rows() != 1200 {
		t.Fatalf("full %d×%d, copy %d×%d; want 1800×2400 and 900×1200 (EXIF orientation 6 applied to both)",
			img.Cols(), img.Rows(), ph.preview.Cols(), ph.preview.Rows())
	}
	checkPattern(t, ph.preview, true)
}

// TestOpenErrors checks that Open refuses what Load refuses, with the
// same errors, and leaves nothing open.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	good := encodeJPEG(t, testImage(2400, 1800))
	files := []struct {
		name string
		data []byte
		want error
	}{
		{"empty.jpg", nil, ErrNotImage},
		{"truncated.jpg", good[:len(good)/2], ErrNotImage},
		{"text.jpg", []byte("hello, this is not a photo\n"), ErrNotImage},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			path := filepath.Join(dir, f.name)
			if err := os.WriteFile(path, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
			ph, err := Open(path, nil)
			if err == nil {
				ph.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, f.want) {
				t.Errorf("error %v, want %v", err, f.want)
			}
			if _, lerr := Load(path, 0); lerr == nil || lerr.Error() != err.Error() {
				t.Errorf("Open: %v; Load: %v", err, lerr)
			}
		})
	}
}

// FuzzOpen feeds corrupted JPEGs large enough for a reduced copy through
// Open and Photo.Read, the path solve and verify take: no panic, no
// Mat left open, and a reading, if any, of sound shape. Seeds: the
// sample photo enlarged to 2048 pixels wide, whole, with bytes of its
// scan data overwritten, and truncated.
func FuzzOpen(f *testing.F) {
	src := gocv.IMRead("../testdata/sample.jpg", gocv.IMReadColor)
	if src.Empty() {
		f.Fatal("cannot read ../testdata/sample.jpg")
	}
	big := gocv.NewMat()
	gocv.Resize(src, &big, image.Pt(2048, 2048*src.Rows()/src.Cols()), 0, 0, gocv.InterpolationLinear)
	src.Close()
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, big, []int{gocv.IMWriteJpegQuality, 70})
	big.Close()
	if err != nil {
		f.Fatal(err)
	}
	data := append([]byte(nil), buf.GetBytes()...)
	buf.Close()
	f.Add(data)
	for _, at := range []int{len(data) / 3, len(data) / 2, 2 * len(data) / 3} {
		bad := append([]byte(nil), data...)
		copy(bad[at:], []byte{0x00, 0xff, 0x13, 0x37, 0xff, 0x00, 0xde, 0xad})
		f.Add(bad)
	}
	f.Add(data[:len(data)/2])
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "fuzz.jpg")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ph, err := Open(path, &OpenOptions{MaxPixels: 4 * fuzzPixels})
		if err != nil {
			return
		}
		defer ph.Close()
		r, err := ph.Read(nil)
		if _, ierr := ph.Image(); ierr != nil || err != nil {
			return
		}
		if r.Rows < 1 || r.Cols < 1 || len(r.Lit) != r.Rows || len(r.Confidence) != r.Rows {
			t.Fatalf("reading of shape %d×%d with %d rows of lights", r.Rows, r.Cols, len(r.Lit))
		}
	})
}

// TestReadLargeScreenshot reads tuning screenshots of flat cells parted
// by lines a pixel wide, over 2000 pixels long, as boardgen writes them
// (PNG): averaged down to workSide their lines run together and no grid
// of the board's size was found (108157 read 2×3 of a decoy number pad,
// 108574 3×3, 106911 2×5); Photo.Read finds them at fineSide. 106510, a
// small 9×9 on 1920×1080 (read 8×8), is found at its own size.
func TestReadLargeScreenshot(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads four large screenshots")
	}
	for _, seed := range []int64{108157, 108574, 106911, 106510} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r, e := readEncoded(t, seed)
			if e.Style != "app" {
				t.Fatalf("seed %d renders a %s, want an app screenshot", seed, e.Style)
			}
			if !readExactly(r, e) {
				t.Errorf("read %d×%d %v, want %d×%d %v", r.Rows, r.Cols, litStrings(r.Lit), e.Rows, e.Cols, e.Lights)
			}
		})
	}
}
