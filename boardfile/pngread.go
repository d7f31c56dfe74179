package boardfile

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/bits"

	"lightsout/solver"
)

// maxInterlacedPixels bounds interlaced PNGs, which image/png decodes
// whole (up to 8 bytes a pixel: 256 MiB).
const maxInterlacedPixels = 1 << 25

// maxRowBytes bounds one row of a PNG (the reader holds two).
const maxRowBytes = 1 << 28

// ErrPNG is wrapped by the errors of PNG input that cannot be read.
var ErrPNG = errors.New("not a readable PNG")

func pngErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrPNG, fmt.Sprintf(format, args...))
}

// pngHeader is the IHDR chunk.
type pngHeader struct {
	width, height     int
	depth, ctype      int
	interlaced        bool
	channels, pxBits  int
	rowBytes, pxBytes int
}

// pngReader reads chunks, checking their CRCs.
type pngReader struct {
	r   *bufio.Reader
	raw bytes.Buffer // everything read before the first IDAT, for the interlaced fallback
}

func (p *pngReader) chunkHeader() (length int, name string, err error) {
	var hdr [8]byte
	if _, err := io.ReadFull(p.r, hdr[:]); err != nil {
		return 0, "", pngErr("truncated file (%v)", err)
	}
	n := binary.BigEndian.Uint32(hdr[:4])
	if n > 1<<31-1 {
		return 0, "", pngErr("chunk length %d", n)
	}
	return int(n), string(hdr[4:]), nil
}

// skipChunk reads past a chunk, checking its CRC.
func (p *pngReader) skipChunk(name string, n int) error {
	crc := crc32.NewIEEE()
	crc.Write([]byte(name))
	if _, err := io.CopyN(crc, p.r, int64(n)); err != nil {
		return pngErr("truncated %s chunk (%v)", name, err)
	}
	var sum [4]byte
	if _, err := io.ReadFull(p.r, sum[:]); err != nil {
		return pngErr("truncated %s chunk (%v)", name, err)
	}
	if crc.Sum32() != binary.BigEndian.Uint32(sum[:]) {
		return pngErr("bad checksum in %s chunk", name)
	}
	return nil
}

// maxSmallChunk bounds the chunks read whole (IHDR, PLTE, tRNS).
const maxSmallChunk = 1 << 12

// chunkBody reads a whole small chunk and its CRC.
func (p *pngReader) chunkBody(name string, n int) ([]byte, error) {
	if n > maxSmallChunk {
		return nil, pngErr("%s chunk of %d bytes", name, n)
	}
	data := make([]byte, n+4)
	if _, err := io.ReadFull(p.r, data); err != nil {
		return nil, pngErr("truncated %s chunk (%v)", name, err)
	}
	crc := crc32.NewIEEE()
	crc.Write([]byte(name))
	crc.Write(data[:n])
	if crc.Sum32() != binary.BigEndian.Uint32(data[n:]) {
		return nil, pngErr("bad checksum in %s chunk", name)
	}
	return data[:n], nil
}

// readPNG reads a PNG board row by row. The signature has been checked
// but not consumed.
func readPNG(r *bufio.Reader) (*solver.Board, error) {
	p := &pngReader{r: r}
	if _, err := r.Discard(len(pngSignature)); err != nil {
		return nil, pngErr("%v", err)
	}
	p.raw.WriteString(pngSignature)
	n, name, err := p.chunkHeader()
	if err != nil {
		return nil, err
	}
	if name != "IHDR" || n != 13 {
		return nil, pngErr("first chunk is %q, not IHDR", name)
	}
	ihdr, err := p.chunkBody(name, n)
	if err != nil {
		return nil, err
	}
	p.rawChunk(name, ihdr)
	h, err := parseIHDR(ihdr)
	if err != nil {
		return nil, err
	}
	if h.interlaced {
		if h.width*h.height > maxInterlacedPixels {
			return nil, pngErr("interlaced %d×%d image: over %d pixels, save it without interlacing", h.width, h.height, maxInterlacedPixels)
		}
		return p.decodeWhole()
	}
	var palette [][3]uint16 // PLTE, 16-bit scaled
	var alpha []byte        // tRNS alpha by palette index
	var key []uint16        // tRNS key colour of gray or RGB images, 16-bit scaled
	for {
		n, name, err := p.chunkHeader()
		if err != nil {
			return nil, err
		}
		if name == "IDAT" {
			var lit []bool
			if h.ctype == 3 {
				if palette == nil {
					return nil, pngErr("palette image without PLTE chunk")
				}
				lit = make([]bool, 256)
				for i, c := range palette {
					a := uint32(0xffff)
					if i < len(alpha) {
						a = uint32(alpha[i]) * 0x101
					}
					lit[i] = brighter(uint32(c[0]), uint32(c[1]), uint32(c[2]), a)
				}
			}
			ir := &idatReader{p: p, left: n, crc: crc32.ChecksumIEEE([]byte("IDAT"))}
			return readRows(ir, h, lit, key)
		}
		if name == "IEND" {
			return nil, pngErr("no image data")
		}
		if name != "PLTE" && name != "tRNS" {
			if err := p.skipChunk(name, n); err != nil {
				return nil, err
			}
			continue
		}
		data, err := p.chunkBody(name, n)
		if err != nil {
			return nil, err
		}
		switch name {
		case "PLTE":
			if len(data)%3 != 0 || len(data) == 0 || len(data)/3 > 256 {
				return nil, pngErr("bad PLTE chunk")
			}
			palette = palette[:0]
			for i := 0; i+2 < len(data); i += 3 {
				palette = append(palette, [3]uint16{scale(uint32(data[i]), 8), scale(uint32(data[i+1]), 8), scale(uint32(data[i+2]), 8)})
			}
		case "tRNS":
			switch {
			case h.ctype == 0 && len(data) >= 2:
				v := scale(uint32(binary.BigEndian.Uint16(data)), h.depth)
				key = []uint16{v, v, v}
			case h.ctype == 2 && len(data) >= 6:
				key = []uint16{scale(uint32(binary.BigEndian.Uint16(data)), h.depth),
					scale(uint32(binary.BigEndian.Uint16(data[2:])), h.depth),
					scale(uint32(binary.BigEndian.Uint16(data[4:])), h.depth)}
			case h.ctype == 3:
				alpha = data
			}
		}
	}
}

func (p *pngReader) rawChunk(name string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], name)
	p.raw.Write(hdr[:])
	p.raw.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc32.Update(crc32.ChecksumIEEE([]byte(name)), crc32.IEEETable, data))
	p.raw.Write(sum[:])
}

func parseIHDR(d []byte) (pngHeader, error) {
	h := pngHeader{
		width:      int(binary.BigEndian.Uint32(d[0:])),
		height:     int(binary.BigEndian.Uint32(d[4:])),
		depth:      int(d[8]),
		ctype:      int(d[9]),
		interlaced: d[12] == 1,
	}
	if d[10] != 0 || d[11] != 0 || d[12] > 1 {
		return h, pngErr("unknown compression, filter or interlace method")
	}
	if h.width <= 0 || h.height <= 0 || h.width > 1<<31-1 || h.height > 1<<31-1 {
		return h, pngErr("bad size %d×%d", h.width, h.height)
	}
	if h.width*h.height > MaxCells {
		return h, pngErr("%d×%d is more than %d cells", h.width, h.height, MaxCells)
	}
	depths := map[int][]int{0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}
	ok := false
	for _, dd := range depths[h.ctype] {
		ok = ok || dd == h.depth
	}
	if !ok {
		return h, pngErr("colour type %d with bit depth %d", h.ctype, h.depth)
	}
	h.channels = map[int]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[h.ctype]
	h.pxBits = h.channels * h.depth
	h.rowBytes = (h.width*h.pxBits + 7) / 8
	h.pxBytes = max(1, h.pxBits/8)
	if h.rowBytes > maxRowBytes {
		return h, pngErr("rows of %d bytes", h.rowBytes)
	}
	return h, nil
}

// scale maps a sample of the given bit depth to 16 bits, as image/png does.
func scale(v uint32, depth int) uint16 {
	return uint16(v * 0xffff / (1<<depth - 1))
}

// brighter reports whether the 16-bit colour r, g, b with alpha a, over
// black, is brighter than mid-grey (luminance as color.Gray16Model).
func brighter(r, g, b, a uint32) bool {
	if a != 0xffff {
		r, g, b = r*a/0xffff, g*a/0xffff, b*a/0xffff
	}
	y := (19595*r + 38470*g + 7471*b + 1<<15) >> 16
	return y > 0x7fff
}

// readRows inflates the image data row by row into a board.
func readRows(ir *idatReader, h pngHeader, lit []bool, key []uint16) (*solver.Board, error) {
	zr, err := zlib.NewReader(ir)
	if err != nil {
		return nil, pngErr("image data: %v", err)
	}
	defer zr.Close()
	b := solver.NewBoard(h.height, h.width)
	prev := make([]byte, h.rowBytes+1)
	cur := make([]byte, h.rowBytes+1)
	sample := func(px []byte, i int) uint32 { // channel i of the pixel at px, depth >= 8
		if h.depth == 16 {
			return uint32(px[2*i])<<8 | uint32(px[2*i+1])
		}
		return uint32(px[i]) * 0x101
	}
	for y := 0; y < h.height; y++ {
		if _, err := io.ReadFull(zr, cur); err != nil {
			return nil, pngErr("image data ends in row %d (%v)", y, err)
		}
		if err := unfilter(cur, prev, h.pxBytes); err != nil {
			return nil, pngErr("row %d: %v", y, err)
		}
		row := b.Row(y)
		px := cur[1:]
		if h.ctype == 0 && key == nil && (h.depth == 1 || h.depth == 8) {
			packGray(row, px, h.depth, h.width)
			prev, cur = cur, prev
			continue
		}
		for x := 0; x < h.width; x++ {
			var on bool
			switch {
			case h.depth < 8: // gray or palette, packed MSB first
				bit := x * h.depth
				v := uint32(px[bit/8]>>(8-h.depth-bit%8)) & (1<<h.depth - 1)
				if h.ctype == 3 {
					on = lit[v]
				} else {
					g := uint32(scale(v, h.depth))
					on = brighter(g, g, g, 0xffff) && (key == nil || uint16(g) != key[0])
				}
			case h.ctype == 3:
				on = lit[px[x]]
			default:
				p := px[x*h.pxBytes:]
				var r, g, bl, a uint32
				switch h.ctype {
				case 0:
					r = sample(p, 0)
					g, bl, a = r, r, 0xffff
				case 2:
					r, g, bl, a = sample(p, 0), sample(p, 1), sample(p, 2), 0xffff
				case 4:
					r = sample(p, 0)
					g, bl, a = r, r, sample(p, 1)
				case 6:
					r, g, bl, a = sample(p, 0), sample(p, 1), sample(p, 2), sample(p, 3)
				}
				if key != nil && uint16(r) == key[0] && uint16(g) == key[1] && uint16(bl) == key[2] {
					a = 0
				}
				on = brighter(r, g, bl, a)
			}
			if on {
				row[x/64] |= 1 << (x % 64)
			}
		}
		prev, cur = cur, prev
	}
	return b, nil
}

// packGray sets row from one row of 1-bit or 8-bit gray pixels, 8 pixels
// at a time: lit is a 1 bit, or a byte of at least 128.
func packGray(row []uint64, px []byte, depth, width int) {
	if depth == 1 {
		for i := 0; i < (width+7)/8; i++ {
			row[i/8] |= uint64(bits.Reverse8(px[i])) << (8 * (i % 8))
		}
		row[len(row)-1] &= lastMask(width)
		return
	}
	x := 0
	for ; x+8 <= width; x += 8 {
		v := binary.LittleEndian.Uint64(px[x:]) >> 7 & 0x0101010101010101
		row[x/64] |= (v * 0x0102040810204080 >> 56) << (x % 64)
	}
	for ; x < width; x++ {
		if px[x] >= 128 {
			row[x/64] |= 1 << (x % 64)
		}
	}
}

// lastMask is the mask of the used bits in the last word of a row.
func lastMask(width int) uint64 {
	if width%64 == 0 {
		return ^uint64(0)
	}
	return 1<<(width%64) - 1
}

// unfilter undoes the PNG filter of row cur (cur[0] the filter type)
// against the unfiltered previous row prev (all zero for the first row).
func unfilter(cur, prev []byte, bpp int) error {
	c, p := cur[1:], prev[1:]
	switch cur[0] {
	case 0:
	case 1:
		for i := bpp; i < len(c); i++ {
			c[i] += c[i-bpp]
		}
	case 2:
		for i := range c {
			c[i] += p[i]
		}
	case 3:
		for i := range c {
			var left int
			if i >= bpp {
				left = int(c[i-bpp])
			}
			c[i] += byte((left + int(p[i])) / 2)
		}
	case 4:
		for i := range c {
			var a, cc int
			if i >= bpp {
				a, cc = int(c[i-bpp]), int(p[i-bpp])
			}
			b := int(p[i])
			pa, pb, pc := abs(b-cc), abs(a-cc), abs(a+b-2*cc)
			switch {
			case pa <= pb && pa <= pc:
				c[i] += byte(a)
			case pb <= pc:
				c[i] += byte(b)
			default:
				c[i] += byte(cc)
			}
		}
	default:
		return fmt.Errorf("unknown filter %d", cur[0])
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// idatReader serves the data of consecutive IDAT chunks.
type idatReader struct {
	p    *pngReader
	left int    // bytes left in the current chunk
	crc  uint32 // running CRC of the current chunk
	done bool
}

func (ir *idatReader) Read(b []byte) (int, error) {
	for ir.left == 0 {
		if ir.done {
			return 0, io.EOF
		}
		var sum [4]byte
		if _, err := io.ReadFull(ir.p.r, sum[:]); err != nil {
			return 0, pngErr("truncated IDAT chunk")
		}
		if binary.BigEndian.Uint32(sum[:]) != ir.crc {
			return 0, pngErr("bad checksum in IDAT chunk")
		}
		n, name, err := ir.p.chunkHeader()
		if err != nil {
			return 0, err
		}
		if name != "IDAT" {
			ir.done = true
			return 0, io.EOF
		}
		ir.left, ir.crc = n, crc32.ChecksumIEEE([]byte("IDAT"))
	}
	if len(b) > ir.left {
		b = b[:ir.left]
	}
	n, err := ir.p.r.Read(b)
	ir.left -= n
	ir.crc = crc32.Update(ir.crc, crc32.IEEETable, b[:n])
	if err == io.EOF {
		err = pngErr("truncated IDAT chunk")
	}
	return n, err
}

// decodeWhole decodes an interlaced PNG with image/png: the chunks read so
// far, then the rest of the stream.
func (p *pngReader) decodeWhole() (*solver.Board, error) {
	img, err := png.Decode(io.MultiReader(&p.raw, p.r))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPNG, err)
	}
	return fromImage(img), nil
}

// fromImage thresholds any image at mid-grey, one cell per pixel.
func fromImage(img image.Image) *solver.Board {
	r := img.Bounds()
	b := solver.NewBoard(r.Dy(), r.Dx())
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			if color.Gray16Model.Convert(img.At(r.Min.X+x, r.Min.Y+y)).(color.Gray16).Y > 0x7fff {
				b.Set(y, x, true)
			}
		}
	}
	return b
}
