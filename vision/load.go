package vision

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"

	"gocv.io/x/gocv"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// DefaultMaxPixels is the pixel limit Load and Decode apply when they are
// given a limit of 0: 50 megapixels. That is above any phone photo (12 to
// 48 MP), and its decoded 8-bit BGR copy (150 MB) is what a caller must be
// ready to hold. Images that declare more are refused from their header,
// before any pixel is decoded, so a small file that claims 30000×30000
// pixels (a decompression bomb) costs nothing.
const DefaultMaxPixels = 50_000_000

// formats are the image formats the loader accepts, by the name
// image.DecodeConfig reports. Registering them here, not with blank
// imports and init, keeps the set explicit and local.
var formats = []struct {
	name, magic string
	decode      func(io.Reader) (image.Image, error)
	config      func(io.Reader) (image.Config, error)
}{
	{"jpeg", "\xff\xd8", jpeg.Decode, jpeg.DecodeConfig},
	{"png", "\x89PNG\r\n\x1a\n", png.Decode, png.DecodeConfig},
	{"gif", "GIF8", gif.Decode, gif.DecodeConfig},
	{"bmp", "BM", bmp.Decode, bmp.DecodeConfig},
	{"tiff", "II*\x00", tiff.Decode, tiff.DecodeConfig},
	{"tiff", "MM\x00*", tiff.Decode, tiff.DecodeConfig},
	{"webp", "RIFF????WEBP", webp.Decode, webp.DecodeConfig},
}

// Load reads the image file at path and decodes it as Decode does. The
// header is checked first, from the file, so a file that is no image or
// declares too many pixels is refused without being read whole; so is a
// file larger than any image of maxPixels pixels could reasonably be (4
// bytes a pixel plus 1 MiB of metadata).
// Errors do not repeat the path; callers name the file.
func Load(path string, maxPixels int) (gocv.Mat, error) {
	data, err := readImageFile(path, maxPixels)
	if err != nil {
		return gocv.Mat{}, err
	}
	return Decode(data, maxPixels)
}

// regularFile turns a Stat's answer into an error unless it is a regular
// file.
func regularFile(st os.FileInfo, err error) error {
	switch {
	case err != nil:
		return fileError(err)
	case st.IsDir():
		return fmt.Errorf("%w (it is a folder)", ErrNotImage)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%w (not a regular file)", ErrNotImage)
	}
	return nil
}

// readImageFile returns the bytes of the image file at path after the
// checks Load describes; maxPixels ≤ 0 means DefaultMaxPixels.
func readImageFile(path string, maxPixels int) ([]byte, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	// Look before opening: opening a named pipe waits for a writer,
	// and a device may never end.
	if err := regularFile(os.Stat(path)); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err := regularFile(st, err); err != nil {
		return nil, err
	}
	// Refuse a file that is no image, or an image over the limit, from
	// its first bytes, before reading the rest.
	head := make([]byte, min(st.Size(), 512))
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, fileError(err)
	}
	if _, err := checkHeader(head, bufio.NewReader(io.NewSectionReader(f, 0, st.Size())), maxPixels); err != nil {
		return nil, err
	}
	if limit := 4*int64(maxPixels) + 1<<20; st.Size() > limit {
		return nil, fmt.Errorf("%w (file of %d MB, limit %d MB)", ErrTooLarge, st.Size()>>20, limit>>20)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fileError(err)
	}
	data := make([]byte, st.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fileError(err)
	}
	return data, nil
}

// fileError drops the path from an *fs.PathError (the caller names the
// file) and keeps the cause, so errors.Is(err, fs.ErrNotExist) still works.
func fileError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Decode decodes an encoded image (JPEG, PNG, GIF, BMP, TIFF or WebP) into
// an 8-bit, 3-channel BGR Mat, the only kind the rest of the package
// reads: grayscale, 16-bit, palette and alpha images are converted, and a
// JPEG's EXIF orientation is applied so the Mat is upright as a viewer
// shows it. maxPixels bounds width×height (0 means DefaultMaxPixels).
//
// Errors wrap ErrNotImage (empty, unknown format, corrupt or truncated
// data) or ErrTooLarge, with the cause in parentheses, e.g.
// "not a readable image (truncated JPEG)". The caller must Close the Mat.
func Decode(data []byte, maxPixels int) (gocv.Mat, error) {
	fm, err := checkImage(data, maxPixels)
	if err != nil {
		return gocv.Mat{}, err
	}
	return decodeChecked(data, fm)
}

// checkImage makes Decode's checks on data without decoding it: the
// header, and that a JPEG or PNG stream is whole. It returns the index
// of the format in formats; maxPixels ≤ 0 means DefaultMaxPixels.
func checkImage(data []byte, maxPixels int) (int, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	fm, err := checkHeader(data, bytes.NewReader(data), maxPixels)
	if err != nil {
		return -1, err
	}
	switch formats[fm].name {
	case "jpeg":
		if !jpegComplete(data) {
			return -1, fmt.Errorf("%w (truncated JPEG)", ErrNotImage)
		}
	case "png":
		if err := pngIntact(data); err != nil {
			return -1, fmt.Errorf("%w (%v)", ErrNotImage, err)
		}
	}
	return fm, nil
}

// decodeChecked decodes data that checkImage accepted as format fm.
func decodeChecked(data []byte, fm int) (gocv.Mat, error) {
	f := &formats[fm]
	if f.name != "gif" { // OpenCV 4.6 has no GIF decoder
		m, err := gocv.IMDecode(data, gocv.IMReadColor)
		if err == nil && !m.Empty() && m.Type() == gocv.MatTypeCV8UC3 {
			return m, nil
		}
		m.Close()
	}
	// OpenCV could not decode it (GIF, or a variant its codec refuses):
	// decode in Go; the header already bounded the size.
	img, err := f.decode(bytes.NewReader(data))
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("%w (corrupt %s data: %v)", ErrNotImage, formatName(f.name), err)
	}
	return toBGR(img)
}

// checkHeader identifies the format from head (the first bytes of the
// file, or all of it) and reads the image header from r, refusing unknown
// formats, corrupt or truncated headers and images over maxPixels. It
// returns the index of the format in formats.
func checkHeader(head []byte, r io.Reader, maxPixels int) (int, error) {
	if len(head) == 0 {
		return -1, fmt.Errorf("%w (empty file)", ErrNotImage)
	}
	fm := sniff(head)
	if fm < 0 {
		if looksLikeText(head) {
			return -1, fmt.Errorf("%w (a text file)", ErrNotImage)
		}
		if name := unsupported(head); name != "" {
			return -1, fmt.Errorf("%w (%s, which lightsout cannot read: save the photo as JPEG or PNG)", ErrNotImage, name)
		}
		return -1, fmt.Errorf("%w (unknown format)", ErrNotImage)
	}
	f := &formats[fm]
	cfg, err := f.config(r)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return -1, fmt.Errorf("%w (truncated %s)", ErrNotImage, formatName(f.name))
	}
	if err != nil {
		return -1, fmt.Errorf("%w (corrupt %s header: %v)", ErrNotImage, formatName(f.name), err)
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return -1, fmt.Errorf("%w (%s of %d×%d pixels)", ErrNotImage, formatName(f.name), cfg.Width, cfg.Height)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > int64(maxPixels) {
		return -1, fmt.Errorf("%w (%d×%d pixels, limit %.0f MP)", ErrTooLarge, cfg.Width, cfg.Height, float64(maxPixels)/1e6)
	}
	return fm, nil
}

// sniff returns the index in formats of the format data starts with, or -1.
func sniff(data []byte) int {
	for i, f := range formats {
		if len(data) < len(f.magic) {
			continue
		}
		ok := true
		for j := 0; j < len(f.magic); j++ {
			if f.magic[j] != '?' && f.magic[j] != data[j] {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// unsupported names the photo format head starts with when it is one
// that cameras and phones write but this build cannot decode, or
// returns "". Phones save HEIC by default; a user who sends one should
// learn what to do, not read "unknown format".
func unsupported(head []byte) string {
	// ISO base media files: a box size, then "ftyp", the major brand, a
	// version and the compatible brands. The generic image brands
	// mif1 and msf1 head HEIC and AVIF files alike: the compatible
	// brands tell them apart.
	if len(head) >= 12 && string(head[4:8]) == "ftyp" {
		switch string(head[8:12]) {
		case "heic", "heix", "heim", "heis", "hevc", "hevx":
			return "HEIC/HEIF"
		case "avif", "avis":
			return "AVIF"
		case "mif1", "msf1":
			end := int(binary.BigEndian.Uint32(head))
			if end < 16 || end > len(head) { // 0 means "to the end of the file"
				end = len(head)
			}
			for i := 16; i+4 <= end; i += 4 {
				if b := string(head[i : i+4]); b == "avif" || b == "avis" {
					return "AVIF"
				}
			}
			return "HEIC/HEIF"
		}
	}
	switch {
	case bytes.HasPrefix(head, []byte("\xff\x0a")), bytes.HasPrefix(head, []byte("\x00\x00\x00\x0cJXL \x0d\x0a\x87\x0a")):
		return "JPEG XL"
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return "PDF"
	}
	return ""
}

func formatName(name string) string {
	switch name {
	case "jpeg":
		return "JPEG"
	case "webp":
		return "WebP"
	}
	return string(bytes.ToUpper([]byte(name)))
}

// looksLikeText reports whether the first bytes of data are printable
// UTF-8 text, to tell a user that a file named .jpg holds text.
func looksLikeText(data []byte) bool {
	if len(data) > 512 {
		data = data[:512]
	}
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n == 1 {
			return len(data) < 4 // a rune cut at the end of the sample
		}
		if r < 0x20 && r != '\n' && r != '\r' && r != '\t' {
			return false
		}
		data = data[n:]
	}
	return true
}

// jpegComplete reports whether a JPEG stream runs from its SOI marker to
// an EOI marker. OpenCV decodes a truncated JPEG with only a warning,
// filling the missing part with grey, so this is checked first. Segments
// are skipped by their length (an EXIF thumbnail's own EOI does not
// count) and entropy-coded data is scanned for markers.
func jpegComplete(d []byte) bool {
	if len(d) < 4 || d[0] != 0xff || d[1] != 0xd8 {
		return false
	}
	i := 2
	for i+1 < len(d) {
		if d[i] != 0xff {
			j := bytes.IndexByte(d[i:], 0xff)
			if j < 0 {
				return false
			}
			i += j
			continue
		}
		m := d[i+1]
		switch {
		case m == 0xd9:
			return true
		case m == 0xff: // fill byte
			i++
		case m == 0x00, m == 0x01, m >= 0xd0 && m <= 0xd8: // stuffed byte, TEM, RSTn, SOI
			i += 2
		default: // a marker segment with a length
			if i+3 >= len(d) {
				return false
			}
			n := int(d[i+2])<<8 | int(d[i+3])
			if n < 2 {
				return false
			}
			i += 2 + n
		}
	}
	return false
}

// pngIntact checks that a PNG stream's chunks run, by their lengths, to
// an IEND chunk, and that every critical chunk (IHDR, PLTE, IDAT, IEND:
// a capital first letter) matches its CRC. Damaged bytes in image data
// would otherwise reach libpng, which prints its own "libpng error" lines
// on standard error before OpenCV gives up; damaged ancillary chunks are
// left to the decoders, which skip them.
func pngIntact(d []byte) error {
	i := 8
	for i+8 <= len(d) {
		n := int64(binary.BigEndian.Uint32(d[i:]))
		typ := d[i+4 : i+8]
		end := int64(i) + 12 + n
		if end > int64(len(d)) {
			break
		}
		if typ[0] >= 'A' && typ[0] <= 'Z' && crc32.ChecksumIEEE(d[i+4:end-4]) != binary.BigEndian.Uint32(d[end-4:]) {
			return fmt.Errorf("corrupt PNG: the %s chunk at byte %d fails its checksum", typ, i)
		}
		if string(typ) == "IEND" {
			return nil
		}
		i = int(end)
	}
	return errors.New("truncated PNG")
}

// toBGR copies img into a new 8-bit BGR Mat, flattening alpha onto black
// as OpenCV's IMReadColor does.
func toBGR(img image.Image) (gocv.Mat, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	px, err := m.DataPtrUint8()
	if err != nil {
		m.Close()
		return gocv.Mat{}, fmt.Errorf("%w (%v)", ErrNotImage, err)
	}
	i := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			px[i], px[i+1], px[i+2] = byte(bl>>8), byte(g>>8), byte(r>>8)
			i += 3
		}
	}
	return m, nil
}
