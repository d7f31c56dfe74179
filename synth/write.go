package synth

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

// Encode renders seed and encodes it as its file would be written:
// screenshots as PNG, photos as JPEG at a quality between 60 and 95 drawn
// from the seed. It returns the file bytes, the extension (".png" or
// ".jpg") and the label (File empty; Notes include the JPEG quality).
func Encode(seed int64, opts *Options) ([]byte, string, labels.Entry, error) {
	img, e, err := Render(seed, opts)
	if err != nil {
		return nil, "", e, err
	}
	defer img.Close()
	ext := gocv.PNGFileExt
	params := []int{gocv.IMWritePngCompression, 6}
	if !isScreenshot(e.Style) {
		q := newRNG(seed, 2).between(60, 95)
		ext = gocv.JPEGFileExt
		params = []int{gocv.IMWriteJpegQuality, q}
		e.Notes += fmt.Sprintf("; JPEG quality %d", q)
	}
	buf, err := gocv.IMEncodeWithParams(ext, img, params)
	if err != nil {
		return nil, "", e, fmt.Errorf("seed %d: encode: %w", seed, err)
	}
	defer buf.Close()
	data := append([]byte(nil), buf.GetBytes()...)
	if len(data) == 0 {
		return nil, "", e, fmt.Errorf("seed %d: encode %s: no bytes", seed, ext)
	}
	return data, string(ext), e, nil
}

// WriteSized renders seed, scales the image to w×h (the label's corners
// with it) and writes it to path as a JPEG of the given quality, as a
// phone saves a photo of that size; benchmarks and tests of large photos
// use it. It returns the label (File empty).
func WriteSized(path string, seed int64, opts *Options, w, h, quality int) (labels.Entry, error) {
	img, e, err := Render(seed, opts)
	if err != nil {
		return e, err
	}
	defer img.Close()
	sized := gocv.NewMat()
	defer sized.Close()
	sx, sy := float64(w)/float64(img.Cols()), float64(h)/float64(img.Rows())
	gocv.Resize(img, &sized, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	for i := range e.Corners {
		e.Corners[i][0] *= sx
		e.Corners[i][1] *= sy
	}
	if !gocv.IMWriteWithParams(path, sized, []int{gocv.IMWriteJpegQuality, quality}) {
		return e, fmt.Errorf("seed %d: cannot write %s", seed, path)
	}
	return e, nil
}

// WriteSet renders seeds first..first+n-1 into dir as NNNNN.jpg or
// NNNNN.png (the seed, zero-padded to five digits) and writes their labels
// to dir/labels.json, replacing it. dir is created if needed. Photos are
// rendered on all CPUs; the files do not depend on how many.
func WriteSet(dir string, first int64, n int, opts *Options) error {
	if n < 0 {
		return fmt.Errorf("%w: negative count %d", ErrOptions, n)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	es := make([]labels.Entry, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, runtime.NumCPU()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				es[i], errs[i] = writeOne(dir, first+int64(i), opts)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := labels.Write(dir, es); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	return nil
}

func writeOne(dir string, seed int64, opts *Options) (labels.Entry, error) {
	data, ext, e, err := Encode(seed, opts)
	if err != nil {
		return e, err
	}
	e.File = fmt.Sprintf("%05d%s", seed, ext)
	return e, os.WriteFile(filepath.Join(dir, e.File), data, 0o644)
}
