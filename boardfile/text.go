package boardfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"

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
}

// readText reads a text board from r.
func readText(r io.Reader) (*solver.Board, error) {
	t := &textReader{line: 1}
	buf := make([]byte, 1<<16)
	for {
		n, err := r.Read(buf)
		if perr := t.scan(buf[:n]); perr != nil {
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

// WriteText writes b as rows of 0 and 1, each ended by "\n".
func WriteText(w io.Writer, b *solver.Board) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	line := make([]byte, b.Cols+1)
	line[b.Cols] = '\n'
	for r := 0; r < b.Rows; r++ {
		row := b.Row(r)
		for c := 0; c < b.Cols; c++ {
			line[c] = '0' + byte(row[c/64]>>(c%64)&1)
		}
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
