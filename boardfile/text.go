package boardfile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"

	"lightsout/solver"
)

// MaxCells is the largest board Read accepts: 2^31 cells, 256 MiB of bits.
const MaxCells = 1 << 31

// ParseError locates a problem in a text board. Line and Col are 1-based.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Col == 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// ErrEmpty is returned for input that holds no cells.
var ErrEmpty = errors.New("no board: the input is empty")

// textReader accumulates packed rows as it scans bytes.
type textReader struct {
	cols     int // 0 until the first row ends
	stride   int
	bits     []uint64 // finished rows
	row      []uint64 // the row being read
	col      int      // cells read in the current row
	pos      int      // bytes read in the current line
	line     int      // 1-based line being read
	trailing bool     // a space or '\r' ended the cells of this line
	blank    int      // line number of the first blank line after the board, or 0
	size     int64    // input size in bytes, or 0 when unknown
}

// readText reads a text board from r, size bytes long if size > 0.
func readText(r io.Reader, size int64) (*solver.Board, error) {
	t := &textReader{line: 1, size: size}
	br := bufio.NewReaderSize(r, 1<<20)
	var long []byte // a line longer than br's buffer, gathered
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if long = append(long, line...); len(long) > MaxCells+1<<20 {
				return nil, &ParseError{t.line, 0, fmt.Sprintf("line longer than %d cells", MaxCells)}
			}
			continue
		}
		if long != nil {
			line = append(long, line...)
			long = long[:0]
		}
		if perr := t.scanLine(line); perr != nil {
			return nil, perr
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if err := t.endLine(); err != nil {
		return nil, err
	}
	if t.cols == 0 {
		return nil, ErrEmpty
	}
	rows := len(t.bits) / t.stride
	b := solver.NewBoard(rows, t.cols)
	for i := 0; i < rows; i++ {
		copy(b.Row(i), t.bits[i*t.stride:(i+1)*t.stride])
	}
	return b, nil
}

// scanLine reads one line, with its "\n" unless it is the last. Rows of
// plain 0 and 1 are packed 8 cells at a time; anything else goes through
// scan, which also finds the place of any error.
func (t *textReader) scanLine(p []byte) error {
	cells := p
	if n := len(cells); n > 0 && cells[n-1] == '\n' {
		cells = cells[:n-1]
	}
	if n := len(cells); n > 0 && cells[n-1] == '\r' {
		cells = cells[:n-1]
	}
	if t.blank != 0 || t.col != 0 || len(cells) == 0 || (t.cols != 0 && len(cells) != t.cols) {
		return t.scan(p)
	}
	stride := t.stride
	if t.cols == 0 {
		stride = (len(cells) + 63) / 64
	}
	start := len(t.bits)
	t.bits = append(t.bits, make([]uint64, stride)...)
	if !packBits(t.bits[start:], cells) {
		t.bits = t.bits[:start]
		return t.scan(p)
	}
	if t.cols == 0 {
		t.cols, t.stride = len(cells), stride
		if t.size > 0 { // room for every row of this length, so the rows are not copied as they grow
			rows := min(t.size/int64(len(p)), MaxCells/int64(t.cols)) + 1
			t.bits = slices.Grow(t.bits, int(rows)*stride-len(t.bits))
		}
		t.row = make([]uint64, stride)
	}
	if len(t.bits)/t.stride*t.cols > MaxCells {
		return &ParseError{t.line, 0, fmt.Sprintf("board larger than %d cells", MaxCells)}
	}
	if len(cells) < len(p) && p[len(p)-1] == '\n' {
		t.line++
	}
	return nil
}

// packBits sets dst (zeroed) from a row of '0' and '1' bytes and reports
// whether the row held nothing else.
func packBits(dst []uint64, cells []byte) bool {
	i := 0
	for ; i+8 <= len(cells); i += 8 {
		x := binary.LittleEndian.Uint64(cells[i:])
		if x&0xFEFEFEFEFEFEFEFE != 0x3030303030303030 {
			return false
		}
		// Gather the low bit of each byte into one byte, first byte lowest.
		dst[i/64] |= ((x & 0x0101010101010101) * 0x0102040810204080 >> 56) << (i % 64)
	}
	for ; i < len(cells); i++ {
		switch cells[i] {
		case '1':
			dst[i/64] |= 1 << (i % 64)
		case '0':
		default:
			return false
		}
	}
	return true
}

func (t *textReader) scan(p []byte) error {
	for _, c := range p {
		t.pos++
		switch c {
		case '0', '.', '1', '#':
			if t.trailing {
				return &ParseError{t.line, t.pos, "space inside a row"}
			}
			if t.blank != 0 {
				return &ParseError{t.blank, 0, "blank line inside the board"}
			}
			if t.cols > 0 && t.col >= t.cols {
				return &ParseError{t.line, t.pos, fmt.Sprintf("row %d is longer than the first row (%d cells)", t.line, t.cols)}
			}
			if t.col/64 >= len(t.row) {
				t.row = append(t.row, 0)
			}
			if c == '1' || c == '#' {
				t.row[t.col/64] |= 1 << (t.col % 64)
			}
			t.col++
			if t.cols == 0 && t.col > MaxCells {
				return &ParseError{t.line, t.pos, fmt.Sprintf("board wider than %d cells", MaxCells)}
			}
		case ' ', '\t', '\r':
			t.trailing = true
		case '\n':
			if err := t.endLine(); err != nil {
				return err
			}
			t.line++
		default:
			return &ParseError{t.line, t.pos, fmt.Sprintf("unexpected %q: cells are 1 or # (lit), 0 or . (unlit)", rune(c))}
		}
	}
	return nil
}

// endLine finishes the current line.
func (t *textReader) endLine() error {
	defer func() { t.col, t.pos, t.trailing = 0, 0, false }()
	if t.col == 0 {
		if t.cols > 0 && t.blank == 0 {
			t.blank = t.line
		}
		return nil
	}
	if t.cols == 0 {
		t.cols = t.col
		t.stride = (t.cols + 63) / 64
		t.row = t.row[:t.stride]
	} else if t.col < t.cols {
		return &ParseError{t.line, t.col + 1, fmt.Sprintf("row %d has %d cells, the first row %d", t.line, t.col, t.cols)}
	}
	if (len(t.bits)/t.stride+1)*t.cols > MaxCells {
		return &ParseError{t.line, 0, fmt.Sprintf("board larger than %d cells", MaxCells)}
	}
	t.bits = append(t.bits, t.row...)
	clear(t.row)
	return nil
}

// WriteText writes b as rows of 0 and 1, each ended by "\n". Boards of
// more than 2^22 cells are formatted on two goroutines, a band of rows at
// a time, and written in order.
func WriteText(w io.Writer, b *solver.Board) error {
	if b.Rows*b.Cols > 1<<22 && runtime.GOMAXPROCS(0) > 1 {
		return writeTextBands(w, b, 2)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	line := make([]byte, b.Cols+8)
	for r := 0; r < b.Rows; r++ {
		if _, err := bw.Write(formatRow(line, b, r)); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// formatRow writes row r of b into line (at least Cols+8 bytes) as '0'
// and '1' bytes and a "\n", and returns the Cols+1 bytes of the row.
func formatRow(line []byte, b *solver.Board, r int) []byte {
	row := b.Row(r)
	for c := 0; c < b.Cols; c += 8 {
		// Spread the 8 bits of a byte over 8 bytes, first bit first.
		v := (row[c/64] >> (c % 64) & 0xff) * 0x0101010101010101 & 0x8040201008040201
		v = (v + 0x7f7f7f7f7f7f7f7f) >> 7 & 0x0101010101010101
		binary.LittleEndian.PutUint64(line[c:], v|0x3030303030303030)
	}
	line[b.Cols] = '\n'
	return line[:b.Cols+1]
}

// bandBytes is about the size of one band of formatted rows.
const bandBytes = 1 << 20

// writeTextBands is WriteText with bands of rows formatted by workers
// goroutines, band i by worker i%workers, and written in order.
func writeTextBands(w io.Writer, b *solver.Board, workers int) error {
	rowsPerBand := max(1, bandBytes/(b.Cols+1))
	bands := (b.Rows + rowsPerBand - 1) / rowsPerBand
	done := make(chan struct{})
	defer close(done)
	out := make([]chan []byte, workers)  // formatted bands, in each worker's order
	free := make([]chan []byte, workers) // buffers to reuse
	for k := range workers {
		out[k], free[k] = make(chan []byte, 2), make(chan []byte, 3)
		for range 3 {
			free[k] <- make([]byte, 0, rowsPerBand*(b.Cols+1)+8)
		}
		go func() {
			line := make([]byte, b.Cols+8)
			for band := k; band < bands; band += workers {
				var buf []byte
				select {
				case buf = <-free[k]:
				case <-done:
					return
				}
				buf = buf[:0]
				for r := band * rowsPerBand; r < min((band+1)*rowsPerBand, b.Rows); r++ {
					buf = append(buf, formatRow(line, b, r)...)
				}
				select {
				case out[k] <- buf:
				case <-done:
					return
				}
			}
		}()
	}
	for band := range bands {
		buf := <-out[band%workers]
		if _, err := w.Write(buf); err != nil {
			return err
		}
		free[band%workers] <- buf
	}
	return nil
}
