package solver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // the board as "/"-joined rows; "" when an error is expected
		row, col int    // the error's position
	}{
		{"slashes", "101/001/100", "101/001/100", 0, 0},
		{"newlines", "101\n001\n100\n", "101/001/100", 0, 0},
		{"crlf", "101\r\n001\r\n100\r\n", "101/001/100", 0, 0},
		{"hash and dot", "#.#/..#", "101/001", 0, 0},
		{"one cell", "0", "0", 0, 0},
		{"mixed separators", "01\n10/11", "01/10/11", 0, 0},
		{"empty", "", "", 0, 0},
		{"only newline", "\n", "", 0, 0},
		{"bad character", "101/0x1", "", 2, 2},
		{"O is not accepted", "OXO", "", 1, 1},
		{"space", "1 0", "", 1, 2},
		{"row too short", "101/01/111", "", 2, 3},
		{"row too long", "101/0101", "", 2, 4},
		{"empty row", "101//101", "", 2, 0},
		{"trailing slash", "101/", "", 2, 0},
		{"unicode column", "1é0", "", 1, 2},
		{"bad after unicode", "11/éé", "", 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseBoard(tt.in)
			if tt.want != "" {
				if err != nil {
					t.Fatalf("ParseBoard(%q): %v", tt.in, err)
				}
				if b.String() != tt.want {
					t.Fatalf("ParseBoard(%q) = %s, want %s", tt.in, b, tt.want)
				}
				return
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseBoard(%q): err %v, want a *ParseError", tt.in, err)
			}
			if pe.Row != tt.row || pe.Col != tt.col {
				t.Fatalf("ParseBoard(%q): error at row %d column %d (%v), want row %d column %d",
					tt.in, pe.Row, pe.Col, err, tt.row, tt.col)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseBoard("101/0x1")
	if got, want := err.Error(), "row 2, column 2: unexpected character 'x'"; !strings.HasPrefix(got, want) {
		t.Errorf("error %q, want it to start %q", got, want)
	}
	_, err = ParseBoard("101//101")
	if got, want := err.Error(), "row 2: empty row"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
}

// FuzzParseBoard checks that ParseBoard never panics, that what it accepts
// prints back to an equal board, and that what it refuses it refuses with
// a position inside the input.
func FuzzParseBoard(f *testing.F) {
	files, err := filepath.Glob("testdata/boards/*.txt")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata/boards: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseBoard(%q): %v is not a *ParseError", s, err)
			}
			lines := len(splitRows(s))
			if pe.Row < 0 || pe.Row > lines || pe.Col < 0 || pe.Col > len(s)+1 {
				t.Fatalf("ParseBoard(%q): position row %d column %d outside the input", s, pe.Row, pe.Col)
			}
			return
		}
		if b.Rows < 1 || b.Cols < 1 {
			t.Fatalf("ParseBoard(%q): %d×%d board", s, b.Rows, b.Cols)
		}
		again, err := ParseBoard(b.String())
		if err != nil || !again.Equal(b) {
			t.Fatalf("ParseBoard(%q) = %v, which reparses to %v, %v", s, b, again, err)
		}
		if strings.Count(s, "1")+strings.Count(s, "#") != b.Count() {
			t.Fatalf("ParseBoard(%q): %d lit cells", s, b.Count())
		}
	})
}
