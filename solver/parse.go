package solver

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ParseError reports where a typed-in board is malformed. Row and Col are
// 1-based; Row is 0 when the problem concerns the whole input (it is empty)
// and Col is 0 when it concerns a whole row.
type ParseError struct {
	Row, Col int
	Msg      string
}

func (e *ParseError) Error() string {
	switch {
	case e.Row == 0:
		return e.Msg
	case e.Col == 0:
		return fmt.Sprintf("row %d: %s", e.Row, e.Msg)
	}
	return fmt.Sprintf("row %d, column %d: %s", e.Row, e.Col, e.Msg)
}

// ParseBoard reads a board typed as rows joined by "/" or by newlines, each
// row a string of '1' or '#' (lit) and '0' or '.' (unlit). A trailing newline
// and carriage returns before newlines are tolerated; anything else
// (ragged rows, empty rows, other characters, an empty board) is a
// *ParseError naming the row and column of the problem.
func ParseBoard(s string) (*Board, error) {
	s = strings.TrimRight(s, "\r\n")
	if s == "" {
		return nil, &ParseError{Msg: "empty board: type rows of 1 (lit) and 0 (unlit) joined by /"}
	}
	rows := splitRows(s)
	cols := -1
	for i, row := range rows {
		row = strings.TrimSuffix(row, "\r")
		rows[i] = row
		n := utf8.RuneCountInString(row)
		if n == 0 {
			return nil, &ParseError{Row: i + 1, Msg: "empty row"}
		}
		col := 0
		for _, ch := range row {
			col++
			switch ch {
			case '0', '1', '.', '#':
			default:
				return nil, &ParseError{Row: i + 1, Col: col,
					Msg: fmt.Sprintf("unexpected character %q (use 1 or # for lit, 0 or . for unlit)", ch)}
			}
		}
		switch {
		case cols < 0:
			cols = n
		case n < cols:
			return nil, &ParseError{Row: i + 1, Col: n + 1,
				Msg: fmt.Sprintf("row has %d cells, row 1 has %d", n, cols)}
		case n > cols:
			return nil, &ParseError{Row: i + 1, Col: cols + 1,
				Msg: fmt.Sprintf("row has %d cells, row 1 has %d", n, cols)}
		}
	}
	b := NewBoard(len(rows), cols)
	for r, row := range rows {
		// Every character is ASCII here, so byte index = column.
		for c := 0; c < len(row); c++ {
			if row[c] == '1' || row[c] == '#' {
				b.Set(r, c, true)
			}
		}
	}
	return b, nil
}

// splitRows splits s at every "/" and "\n", keeping empty rows so that
// they can be reported.
func splitRows(s string) []string {
	var rows []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '/' || s[i] == '\n' {
			rows = append(rows, s[start:i])
			start = i + 1
		}
	}
	return append(rows, s[start:])
}
