package vision

import (
	"bytes"
	"fmt"
	"image/jpeg"

	"gocv.io/x/gocv"
)

// Photo is an image file being decoded. For a JPEG at least twice the
// grid finder's working size, Open decodes a reduced copy at once (the
// JPEG decoder scales by 2, 4 or 8 for a fraction of the cost) while the
// full image decodes in the background, so that Read finds the board on
// the copy while the full image decodes on another core. Other files are decoded
// whole by Open. Close a Photo when done with it.
//
// The reading does not depend on whether the full image was decoded in
// the background or not (OpenOptions.Serial): only when it is ready.
type Photo struct {
	preview gocv.Mat // reduced copy, when k > 1
	k       float64  // full-resolution pixels per preview pixel; 0 without one
	done    chan struct{}
	img     gocv.Mat // the full image, valid once done is closed
	err     error    // its decoding error
	// lossless is set for PNG, GIF, BMP and TIFF: screenshots, whose
	// lines a pixel wide the working scale's averaging washes out.
	lossless bool
}

// OpenOptions tune Open. The zero value (or a nil *OpenOptions) means
// defaults.
type OpenOptions struct {
	// MaxPixels bounds width×height as in Load; 0 means DefaultMaxPixels.
	MaxPixels int
	// Serial decodes the full image on the caller's goroutine before
	// Open returns, for callers that keep every core busy already
	// (batch solves one photo per core).
	Serial bool
}

// Open reads and checks the image file at path as Load does and starts
// decoding it. Errors are Load's; with a reduced copy, an error in the
// image data past its header may instead come from Image or Read.
func Open(path string, opts *OpenOptions) (*Photo, error) {
	var o OpenOptions
	if opts != nil {
		o = *opts
	}
	data, err := readImageFile(path, o.MaxPixels)
	if err != nil {
		return nil, err
	}
	fm, err := checkImage(data, o.MaxPixels)
	if err != nil {
		return nil, err
	}
	p := &Photo{done: make(chan struct{})}
	switch formats[fm].name {
	case "png", "gif", "bmp", "tiff":
		p.lossless = true
	}
	decode := func() {
		defer close(p.done)
		p.img, p.err = decodeChecked(data, fm)
	}
	k := previewScale(data)
	if k > 1 && !o.Serial {
		// The full image decodes on another core while the reduced
		// copy decodes here: both read the whole JPEG stream.
		go decode()
	}
	if k > 1 {
		m, err := gocv.IMDecode(data, reducedFlag(k))
		if err == nil && !m.Empty() && m.Type() == gocv.MatTypeCV8UC3 {
			p.preview, p.k = m, float64(k)
			if o.Serial {
				decode()
			}
			return p, nil
		}
		m.Close()
	}
	if k <= 1 || o.Serial {
		decode()
	}
	if <-p.done; p.err != nil {
		return nil, p.err
	}
	return p, nil
}

// reducedFlag is the IMDecode flag that scales a JPEG down by k (2, 4
// or 8, as previewScale gives).
func reducedFlag(k int) gocv.IMReadFlag {
	switch k {
	case 2:
		return gocv.IMReadReducedColor2
	case 4:
		return gocv.IMReadReducedColor4
	case 8:
		return gocv.IMReadReducedColor8
	}
	panic(fmt.Sprintf("vision: no reduced decoding by %d", k))
}

// previewScale is the largest factor of 2, 4 or 8 that keeps a JPEG's
// long side at workSide pixels or more, or 1 when data is no JPEG. Open
// calls it once checkImage has found the JPEG complete.
func previewScale(data []byte) int {
	if len(data) < 2 || data[0] != 0xff || data[1] != 0xd8 {
		return 1
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 1
	}
	long, k := max(cfg.Width, cfg.Height), 1
	for k < 8 && long/(2*k) >= workSide {
		k *= 2
	}
	return k
}

// Image waits for the full image and returns it; the Photo owns it, so
// it is valid until Close.
func (p *Photo) Image() (gocv.Mat, error) {
	<-p.done
	return p.img, p.err
}

// Close waits for decoding to end and frees the images.
func (p *Photo) Close() {
	<-p.done
	if p.k > 1 {
		p.preview.Close()
	}
	if p.err == nil {
		p.img.Close()
	}
}

// Read finds the board in the photo and reads every light, as Read does
// on the full image; with a reduced copy, the grid is found on the copy
// while the full image decodes, and cells are read on the full image.
// Errors from decoding the full image are returned as they are (they
// wrap ErrNotImage), before any error of reading.
func (p *Photo) Read(opts *Options) (*Reading, error) {
	if p.k <= 1 {
		img, err := p.Image()
		if err != nil {
			return nil, err
		}
		if p.lossless && max(img.Rows(), img.Cols()) >= fineMinSide {
			// A large screenshot: find the grid at fineSide (or its
			// own size, when smaller), where lines a pixel wide
			// between flat cells still show.
			o, err := opts.orDefault()
			if err != nil {
				return nil, err
			}
			o.side = fineSide
			return Read(img, &o)
		}
		return Read(img, opts)
	}
	o, err := opts.orDefault()
	if err != nil {
		return nil, err
	}
	dbg, err := newDebugger(o.Debug)
	if err != nil {
		return nil, err
	}
	img, ls, err := p.findOnCopy(&o, dbg)
	if err != nil {
		return nil, err
	}
	if ls == nil {
		// Too little for the copy's scale (a small board, merged
		// cells): find on the full image, which may look closer.
		return Read(img, opts)
	}
	return readLattices(img, ls, &o, dbg)
}

// findOnCopy waits for the full image and returns it with the grid
// finder's hypotheses on the reduced copy, in full-resolution pixels;
// nil hypotheses when the copy gives too little to read on (Read then
// finds on the full image). The Photo must have a reduced copy.
func (p *Photo) findOnCopy(o *Options, dbg *debugger) (gocv.Mat, []lattice, error) {
	ls, findErr := findLattices(p.preview, o.Rows, o.Cols, o.workers(), dbg)
	img, err := p.Image()
	if err != nil {
		return img, nil, err
	}
	if findErr != nil || weakFind(ls) {
		return img, nil, nil
	}
	// A pixel of the copy covers k×k pixels of the full image: its
	// centre (x, y) is at k(x+½)−½ there.
	k, off := p.k, (p.k-1)/2
	for i := range ls {
		h := &ls[i].h
		for j := 0; j < 3; j++ {
			h[j] = k*h[j] + off*h[6+j]
			h[3+j] = k*h[3+j] + off*h[6+j]
		}
	}
	return img, ls, nil
}
