package vision

import (
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// fuzzPixels bounds the images the fuzzer may decode, as the header
// check in Decode does for real input.
const fuzzPixels = 1 << 20

// FuzzRead feeds corrupted photo bytes through the photo entry point,
// Decode then Read: no panic, and either an error or a reading whose
// shape and confidences are sound. Seeds: a small rendered photo from
// testdata and a screenshot, whole and truncated.
func FuzzRead(f *testing.F) {
	for _, p := range []string{photosDir + "/00001.jpg", "../testdata/sample.jpg"} {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	small := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), 60, 80, gocv.MatTypeCV8UC3)
	defer small.Close()
	if buf, err := gocv.IMEncode(gocv.PNGFileExt, small); err == nil {
		f.Add(append([]byte(nil), buf.GetBytes()...))
		buf.Close()
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := Decode(data, fuzzPixels)
		if err != nil {
			return
		}
		defer img.Close()
		r, err := Read(img, nil)
		if err != nil {
			return
		}
		if r.Rows < 1 || r.Cols < 1 || len(r.Lit) != r.Rows || len(r.Confidence) != r.Rows {
			t.Fatalf("reading of shape %d×%d with %d rows of lights", r.Rows, r.Cols, len(r.Lit))
		}
		for i := range r.Lit {
			if len(r.Lit[i]) != r.Cols || len(r.Confidence[i]) != r.Cols {
				t.Fatalf("row %d has %d lights, want %d", i, len(r.Lit[i]), r.Cols)
			}
			for _, c := range r.Confidence[i] {
				if !(c >= 0 && c <= 1) {
					t.Fatalf("confidence %v outside 0..1", c)
				}
			}
		}
	})
}
