package boardfile

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/bits"

	"lightsout/solver"
)

// pngSignature starts every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// WritePNG writes b as a 1-bit grayscale PNG, one pixel per cell, set cells
// white. It streams: memory is a row and the compressor's window.
func WritePNG(w io.Writer, b *solver.Board) error {
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
	zw, err := zlib.NewWriterLevel(&idatWriter{cw: cw}, zlib.BestSpeed)
	if err != nil {
		return err
	}
	line := make([]byte, 1+(b.Cols+7)/8) // filter byte 0 (none), then pixels MSB first
	for r := 0; r < b.Rows; r++ {
		row := b.Row(r)
		px := line[1:]
		for i := range px {
			px[i] = bits.Reverse8(byte(row[i/8] >> (8 * (i % 8))))
		}
		if _, err := zw.Write(line); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
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
