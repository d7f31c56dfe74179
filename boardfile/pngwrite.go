package boardfile

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/adler32"
	"hash/crc32"
	"io"
	"math/bits"
	"runtime"
	"sync"

	"lightsout/solver"
)

// pngSignature starts every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// WritePNG writes b as a 1-bit grayscale PNG, one pixel per cell, set cells
// white. Memory is a row and the compressor's window, plus, for images of
// more than 4 MiB of pixels, the compressed bands (see writeImageData).
func WritePNG(w io.Writer, b *solver.Board) error {
	bands := min(runtime.GOMAXPROCS(0), 4, b.Rows)
	if b.Rows*(1+(b.Cols+7)/8) < parallelBytes {
		bands = 1
	}
	return writePNG(w, b, bands)
}

// writePNG is WritePNG with the image data compressed in the given number
// of bands.
func writePNG(w io.Writer, b *solver.Board, bands int) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := &chunkWriter{w: bw}
	if _, err := io.WriteString(bw, pngSignature); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Cols))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Rows))
	ihdr[8] = 1 // bit depth; colour type 0 (gray), compression, filter, interlace all 0
	if err := cw.chunk("IHDR", ihdr[:]); err != nil {
		return err
	}
	if err := writeImageData(&idatWriter{cw: cw}, b, bands); err != nil {
		return err
	}
	if err := cw.flushIDAT(); err != nil {
		return err
	}
	if err := cw.chunk("IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// packRow sets line to the PNG row r of b: filter byte 0 (none), then the
// pixels MSB first.
func packRow(line []byte, b *solver.Board, r int) {
	row := b.Row(r)
	px := line[1:]
	for i := range px {
		px[i] = bits.Reverse8(byte(row[i/8] >> (8 * (i % 8))))
	}
}

// parallelBytes is the size of raw image data from which writeImageData
// compresses on several goroutines.
const parallelBytes = 1 << 22

// writeImageData writes b's rows as one zlib stream. With bands > 1 the
// rows are cut into bands compressed at once, one per core (as pigz does): each band
// is a deflate stream of its own, ended by a sync flush except the last,
// so their concatenation is one valid deflate stream; the Adler-32 sums
// of the bands are combined. Memory: the compressed bands.
func writeImageData(w io.Writer, b *solver.Board, bands int) error {
	rowBytes := 1 + (b.Cols+7)/8
	if bands == 1 {
		zw, err := zlib.NewWriterLevel(w, zlib.BestSpeed)
		if err != nil {
			return err
		}
		line := make([]byte, rowBytes)
		for r := 0; r < b.Rows; r++ {
			packRow(line, b, r)
			if _, err := zw.Write(line); err != nil {
				return err
			}
		}
		return zw.Close()
	}
	out := make([]bytes.Buffer, bands)
	sums := make([]uint32, bands)
	errs := make([]error, bands)
	var wg sync.WaitGroup
	for k := range bands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := k*b.Rows/bands, (k+1)*b.Rows/bands
			fw, _ := flate.NewWriter(&out[k], flate.BestSpeed) // the level is valid
			sum := adler32.New()
			line := make([]byte, rowBytes)
			for r := lo; r < hi; r++ {
				packRow(line, b, r)
				fw.Write(line) // writes to a bytes.Buffer do not fail
				sum.Write(line)
			}
			if k == bands-1 {
				errs[k] = fw.Close()
			} else {
				errs[k] = fw.Flush()
			}
			sums[k] = sum.Sum32()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if _, err := w.Write([]byte{0x78, 0x01}); err != nil { // zlib header: deflate, 32K window, fastest
		return err
	}
	total := sums[0]
	for k := 1; k < bands; k++ {
		lo, hi := k*b.Rows/bands, (k+1)*b.Rows/bands
		total = adler32Combine(total, sums[k], int64((hi-lo)*rowBytes))
	}
	for k := range out {
		if _, err := out[k].WriteTo(w); err != nil {
			return err
		}
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], total)
	_, err := w.Write(tail[:])
	return err
}

// adler32Combine returns the Adler-32 of the concatenation of two byte
// strings from their sums and the length of the second (zlib's
// adler32_combine).
func adler32Combine(a1, a2 uint32, len2 int64) uint32 {
	const base = 65521
	rem := uint32(len2 % base)
	sum1 := a1 & 0xffff
	sum2 := rem * sum1 % base
	sum1 += (a2 & 0xffff) + base - 1
	sum2 += (a1 >> 16) + (a2 >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

// chunkWriter writes PNG chunks; IDAT data is gathered into chunks of
// idatSize bytes.
type chunkWriter struct {
	w    io.Writer
	idat []byte
}

const idatSize = 1 << 16

func (cw *chunkWriter) chunk(name string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], name)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	for _, p := range [][]byte{hdr[:], data, sum[:]} {
		if _, err := cw.w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

func (cw *chunkWriter) flushIDAT() error {
	if len(cw.idat) == 0 {
		return nil
	}
	err := cw.chunk("IDAT", cw.idat)
	cw.idat = cw.idat[:0]
	return err
}

type idatWriter struct{ cw *chunkWriter }

func (iw *idatWriter) Write(p []byte) (int, error) {
	n := len(p)
	cw := iw.cw
	for len(p) > 0 {
		k := min(len(p), idatSize-len(cw.idat))
		cw.idat = append(cw.idat, p[:k]...)
		p = p[k:]
		if len(cw.idat) == idatSize {
			if err := cw.flushIDAT(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}
