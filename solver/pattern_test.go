package solver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParsePattern(t *testing.T) {
	tests := []struct {
		in      string
		offsets string
		name    string
		err     string
	}{
		{"", "[[-1 0] [0 -1] [0 0] [0 1] [1 0]]", "plus", ""},
		{"plus", "[[-1 0] [0 -1] [0 0] [0 1] [1 0]]", "plus", ""},
		{"x", "[[-1 -1] [-1 1] [0 0] [1 -1] [1 1]]", "x", ""},
		{"plus-x", "[[-1 -1] [-1 0] [-1 1] [0 -1] [0 0] [0 1] [1 -1] [1 0] [1 1]]", "plus-x", ""},
		{"knight", "[[-2 -1] [-2 1] [-1 -2] [-1 2] [0 0] [1 -2] [1 2] [2 -1] [2 1]]", "knight", ""},
		{".#.|#@#|.#.", "[[-1 0] [0 -1] [0 0] [0 1] [1 0]]", "", ""},
		{".#.|#o#|.#.", "[[-1 0] [0 -1] [0 1] [1 0]]", "", ""},
		{"@##", "[[0 0] [0 1] [0 2]]", "", ""},
		{"#|o", "[[-1 0]]", "", ""},
		{"cross", "", "", "neither a pattern name"},
		{".#.|#@", "", "", "stencil row 2 has 2 characters"},
		{"#@@", "", "", "a second pressed cell"},
		{".#.|#x#", "", "", "row 2, column 2: unexpected character 'x'"},
		{"..|.o", "", "", "toggles nothing"},
		{"o|", "", "", "stencil row 2 has 0 characters"},
		{"@" + strings.Repeat(".", MaxStencil), "", "", "at most 15"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			st, err := ParsePattern(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrPattern) {
					t.Fatalf("err = %v, want %q wrapping ErrPattern", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(st.Offsets); got != tc.offsets || st.Name != tc.name {
				t.Fatalf("offsets %s name %q, want %s %q", got, st.Name, tc.offsets, tc.name)
			}
		})
	}
}

func TestStencilDrawing(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plus", ".#.|#@#|.#."},
		{"knight", ".#.#.|#...#|..@..|#...#|.#.#."},
		{"@##", "@##"},
		{"#|o", "#|o"},
		{"..#|.o.|#..", "..#|.o.|#.."},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := mustPattern(t, tc.in).Drawing(); got != tc.want {
				t.Errorf("Drawing() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseShapes(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "random3x3.shapes"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	shapes, err := ParseShapes(f, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range shapes {
		if s == nil {
			t.Fatalf("cell %d has no shape", i)
		}
	}
	if got := shapes[5].Drawing(); got != ".#|#o|##" {
		t.Fatalf("cell (1, 2) drawn %q", got)
	}

	errs := []struct{ name, in, err string }{
		{"fields", "0 0\n", "line 1: want \"ROW COL STENCIL\""},
		{"not a number", "a 0 @\n", "line 1: row and column must be whole numbers"},
		{"outside", "# c\n3 0 @\n", "line 2: cell (3, 0) is outside the 3×3 board"},
		{"twice", "0 0 @\n0 0 @#\n", "line 2: cell (0, 0) already has a shape"},
		{"bad stencil", "0 0 @@\n", "line 1: bad press pattern: stencil row 1, column 2"},
	}
	for _, tc := range errs {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseShapes(strings.NewReader(tc.in), 3, 3)
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrPattern) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
		})
	}
}

func TestParseStates(t *testing.T) {
	tests := []struct {
		in   string
		want int
		err  bool
	}{
		{"2", 2, false}, {"3", 3, false}, {" 36 ", 36, false},
		{"1", 0, true}, {"0", 0, true}, {"-3", 0, true}, {"37", 0, true}, {"three", 0, true}, {"", 0, true}, {"3.0", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseStates(tc.in)
			if tc.err {
				if !errors.Is(err, ErrStates) {
					t.Fatalf("err = %v, want ErrStates", err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %d, %v", got, err)
			}
		})
	}
}

func TestParseLevels(t *testing.T) {
	tests := []struct {
		name, in   string
		states     int
		want       string
		rows, cols int
		err        string
	}{
		{"binary", "10/01", 2, "[1 0 0 1]", 2, 2, ""},
		{"binary hash", "#./.#", 2, "[1 0 0 1]", 2, 2, ""},
		{"three", "012/210\n", 3, "[0 1 2 2 1 0]", 2, 3, ""},
		{"letters", "aZ0", 36, "[10 35 0]", 1, 3, ""},
		{"newlines", "12\r\n21", 3, "[1 2 2 1]", 2, 2, ""},
		{"hash needs two states", "#", 3, "", 0, 0, "row 1, column 1: unexpected character '#'"},
		{"too big", "03", 3, "", 0, 0, "row 1, column 2: unexpected character '3'"},
		{"ragged", "00/0", 3, "", 0, 0, "row 2, column 2: row has 1 cells, row 1 has 2"},
		{"long row", "00/000", 3, "", 0, 0, "row 2, column 3: row has 3 cells"},
		{"empty", "", 3, "", 0, 0, "empty board"},
		{"empty row", "0//0", 3, "", 0, 0, "row 2: empty row"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, rows, cols, err := ParseLevels(tc.in, tc.states)
			if tc.err != "" {
				var pe *ParseError
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &pe) {
					t.Fatalf("err = %v, want *ParseError %q", err, tc.err)
				}
				return
			}
			if err != nil || fmt.Sprint(got) != tc.want || rows != tc.rows || cols != tc.cols {
				t.Fatalf("got %v %d×%d %v, want %s %d×%d", got, rows, cols, err, tc.want, tc.rows, tc.cols)
			}
		})
	}
}

func FuzzParseStencil(f *testing.F) {
	for _, p := range namedPatterns {
		f.Add(p.stencil)
	}
	if data, err := os.ReadFile(filepath.Join("testdata", "random3x3.shapes")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if fs := strings.Fields(line); len(fs) == 3 && !strings.HasPrefix(line, "#") {
				f.Add(fs[2])
			}
		}
	}
	f.Add("o|#")
	f.Add("@@")
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParsePattern(s)
		if err != nil {
			if !errors.Is(err, ErrPattern) {
				t.Fatalf("error %v does not wrap ErrPattern", err)
			}
			return
		}
		// The drawing reads back as the same shape.
		again, err := ParseStencil(st.Drawing())
		if err != nil {
			t.Fatalf("drawing %q of %q does not parse: %v", st.Drawing(), s, err)
		}
		if fmt.Sprint(again.Offsets) != fmt.Sprint(st.Offsets) {
			t.Fatalf("%q: offsets %v, drawing %q reads back %v", s, st.Offsets, st.Drawing(), again.Offsets)
		}
		// Every board it builds is a valid puzzle, plain and on a torus.
		for _, wrap := range []bool{false, true} {
			p := GridPuzzle(3, 4, &GridOptions{Pattern: st, Wrap: wrap})
			p.check()
		}
	})
}

func FuzzParseShapes(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "random3x3.shapes")); err == nil {
		f.Add(string(data))
	}
	f.Add("0 0 @\n2 2 .#|#o\n")
	f.Fuzz(func(t *testing.T, s string) {
		shapes, err := ParseShapes(strings.NewReader(s), 3, 3)
		if err != nil {
			if !errors.Is(err, ErrPattern) {
				t.Fatalf("error %v does not wrap ErrPattern", err)
			}
			return
		}
		p := GridPuzzle(3, 3, &GridOptions{Shapes: shapes})
		zero := make([]int, 9)
		state := make([]int, 9)
		state[4] = 1
		if sol, err := p.Solve(state, zero); err == nil {
			if fmt.Sprint(p.Apply(state, sol.Presses)) != fmt.Sprint(zero) {
				t.Fatal("presses do not clear the board")
			}
		}
	})
}

func FuzzParseStates(f *testing.F) {
	for _, s := range []string{"2", "3", "36", "37", "1", "-1", "x", " 4", "99999999999999999999"} {
		f.Add(s, "012/120")
	}
	f.Fuzz(func(t *testing.T, k, board string) {
		n, err := ParseStates(k)
		if err != nil {
			if !errors.Is(err, ErrStates) {
				t.Fatalf("error %v does not wrap ErrStates", err)
			}
			return
		}
		if n < 2 || n > MaxStates {
			t.Fatalf("ParseStates(%q) = %d", k, n)
		}
		lights, rows, cols, err := ParseLevels(board, n)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		if len(lights) != rows*cols || rows < 1 || cols < 1 {
			t.Fatalf("%d lights for %d×%d", len(lights), rows, cols)
		}
		for _, v := range lights {
			if v < 0 || v >= n {
				t.Fatalf("state %d with %d states", v, n)
			}
		}
	})
}
