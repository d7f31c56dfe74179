package solver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// ErrPattern is wrapped by every error about a malformed press pattern,
// stencil or shapes file.
var ErrPattern = errors.New("bad press pattern")

// MaxStencil bounds a stencil's width and height: a press reaches at most
// MaxStencil/2 cells away.
const MaxStencil = 15

// Stencil is the shape of a press on a grid: the offsets (dRow, dCol) of
// the cells it toggles, relative to the pressed cell. Offsets are sorted
// and distinct; {0, 0} is among them when the pressed cell itself toggles.
type Stencil struct {
	Offsets [][2]int
	// Name is the pattern's name ("plus", "x", "plus-x", "knight") when it
	// came from one, else "".
	Name string
}

// namedPatterns lists the press shapes known by name, each as a stencil.
var namedPatterns = []struct{ name, stencil string }{
	{"plus", ".#.|#@#|.#."},
	{"x", "#.#|.@.|#.#"},
	{"plus-x", "###|#@#|###"},
	{"knight", ".#.#.|#...#|..@..|#...#|.#.#."},
}

// PatternNames returns the names ParsePattern accepts, default first.
func PatternNames() []string {
	out := make([]string, len(namedPatterns))
	for i, p := range namedPatterns {
		out[i] = p.name
	}
	return out
}

// ParsePattern returns the stencil named s ("plus", "x", "plus-x",
// "knight"; "" means "plus") or, failing that, parses s as a stencil (see
// ParseStencil). Errors wrap ErrPattern.
func ParsePattern(s string) (*Stencil, error) {
	if s == "" {
		s = "plus"
	}
	for _, p := range namedPatterns {
		if s == p.name {
			st, err := ParseStencil(p.stencil)
			if err != nil {
				panic(err) // the table above is wrong
			}
			st.Name = p.name
			return st, nil
		}
	}
	if !strings.ContainsAny(s, "|.#@") {
		return nil, fmt.Errorf("%w: %q is neither a pattern name (%s) nor a stencil like \".#.|#@#|.#.\"",
			ErrPattern, s, strings.Join(PatternNames(), ", "))
	}
	return ParseStencil(s)
}

// ParseStencil reads a press shape drawn in ASCII, rows separated by '|':
// '#' is a cell the press toggles, '.' one it leaves alone, and exactly one
// cell is the pressed cell itself, '@' when it toggles and 'o' when it does
// not. Rows must be equally long, at most MaxStencil cells each way, and at
// least one cell must toggle. For example the classic plus is ".#.|#@#|.#.".
// Errors wrap ErrPattern and name the row and column of the problem.
func ParseStencil(s string) (*Stencil, error) {
	if s == "" {
		return nil, fmt.Errorf("%w: empty stencil", ErrPattern)
	}
	rows := strings.Split(s, "|")
	if len(rows) > MaxStencil {
		return nil, fmt.Errorf("%w: stencil has %d rows, at most %d allowed", ErrPattern, len(rows), MaxStencil)
	}
	width := len(rows[0])
	or, oc := -1, -1
	var on [][2]int
	for r, row := range rows {
		if len(row) != width {
			return nil, fmt.Errorf("%w: stencil row %d has %d characters, row 1 has %d", ErrPattern, r+1, len(row), width)
		}
		if width == 0 {
			return nil, fmt.Errorf("%w: stencil row %d is empty", ErrPattern, r+1)
		}
		if width > MaxStencil {
			return nil, fmt.Errorf("%w: stencil is %d wide, at most %d allowed", ErrPattern, width, MaxStencil)
		}
		for c := 0; c < len(row); c++ {
			switch row[c] {
			case '.':
			case '#':
				on = append(on, [2]int{r, c})
			case '@', 'o':
				if or >= 0 {
					return nil, fmt.Errorf("%w: stencil row %d, column %d: a second pressed cell (the first is at row %d, column %d)",
						ErrPattern, r+1, c+1, or+1, oc+1)
				}
				or, oc = r, c
				if row[c] == '@' {
					on = append(on, [2]int{r, c})
				}
			default:
				return nil, fmt.Errorf("%w: stencil row %d, column %d: unexpected character %q (use # toggled, . untouched, @ or o for the pressed cell)",
					ErrPattern, r+1, c+1, row[c])
			}
		}
	}
	if or < 0 {
		return nil, fmt.Errorf("%w: stencil %q does not mark the pressed cell (@ if it toggles, o if not)", ErrPattern, s)
	}
	if len(on) == 0 {
		return nil, fmt.Errorf("%w: stencil %q toggles nothing", ErrPattern, s)
	}
	st := &Stencil{Offsets: make([][2]int, len(on))}
	for i, p := range on {
		st.Offsets[i] = [2]int{p[0] - or, p[1] - oc}
	}
	sort.Slice(st.Offsets, func(i, j int) bool {
		a, b := st.Offsets[i], st.Offsets[j]
		return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
	})
	return st, nil
}

// String returns the stencil's name, or its Drawing.
func (s *Stencil) String() string {
	if s.Name != "" {
		return s.Name
	}
	return s.Drawing()
}

// Drawing returns the ASCII drawing of the stencil in the syntax
// ParseStencil reads: the smallest rectangle that holds the pressed cell
// and every offset.
func (s *Stencil) Drawing() string {
	r0, r1, c0, c1 := 0, 0, 0, 0
	for _, o := range s.Offsets {
		r0, r1 = min(r0, o[0]), max(r1, o[0])
		c0, c1 = min(c0, o[1]), max(c1, o[1])
	}
	grid := make([][]byte, r1-r0+1)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", c1-c0+1))
	}
	grid[-r0][-c0] = 'o'
	for _, o := range s.Offsets {
		if o == [2]int{} {
			grid[-r0][-c0] = '@'
		} else {
			grid[o[0]-r0][o[1]-c0] = '#'
		}
	}
	rows := make([]string, len(grid))
	for r, g := range grid {
		rows[r] = string(g)
	}
	return strings.Join(rows, "|")
}

// ParseShapes reads per-cell press shapes for a rows×cols grid, as in the
// random mode of Simon Tatham's Flip, where each cell has its own shape.
// Each line is "ROW COL STENCIL" (zero-based row and column, a stencil as
// ParseStencil reads it); blank lines and lines whose first non-blank
// character is '#' are ignored. The result has one entry per cell in
// row-major order, nil for cells the file does not mention. Errors wrap
// ErrPattern and name the line.
func ParseShapes(r io.Reader, rows, cols int) ([]*Stencil, error) {
	if rows < 1 || cols < 1 {
		panic(fmt.Sprintf("solver: ParseShapes for a %d×%d grid", rows, cols))
	}
	out := make([]*Stencil, rows*cols)
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 3 {
			return nil, fmt.Errorf("%w: line %d: want \"ROW COL STENCIL\", got %d fields", ErrPattern, line, len(f))
		}
		rr, err1 := strconv.Atoi(f[0])
		cc, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: line %d: row and column must be whole numbers, got %q %q", ErrPattern, line, f[0], f[1])
		}
		if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
			return nil, fmt.Errorf("%w: line %d: cell (%d, %d) is outside the %d×%d board", ErrPattern, line, rr, cc, rows, cols)
		}
		if out[rr*cols+cc] != nil {
			return nil, fmt.Errorf("%w: line %d: cell (%d, %d) already has a shape", ErrPattern, line, rr, cc)
		}
		st, err := ParseStencil(f[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out[rr*cols+cc] = st
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %w", ErrPattern, line+1, err)
	}
	return out, nil
}

// GridOptions describes a grid variant. The zero value is the classic
// game: plus-shaped presses, no wrap, two states.
type GridOptions struct {
	// Wrap makes the board a torus: presses reach across the edges.
	Wrap bool
	// Pattern is the press shape of every cell; nil means plus.
	Pattern *Stencil
	// Shapes, when not nil, has one entry per cell in row-major order,
	// overriding Pattern for the cells whose entry is not nil.
	Shapes []*Stencil
	// States is the number of states of a light; 0 means 2.
	States int
}

// GridPuzzle returns the puzzle of a rows×cols grid: light and press
// r*cols+c are cell (r, c). A press changes each cell of its shape once,
// even when, on a small torus, two offsets land on the same cell; offsets
// that fall off a board without wrap are dropped. It panics if the size is
// below 1×1 or Shapes has the wrong length.
func GridPuzzle(rows, cols int, opt *GridOptions) *Puzzle {
	if rows < 1 || cols < 1 {
		panic(fmt.Sprintf("solver: GridPuzzle(%d, %d)", rows, cols))
	}
	var o GridOptions
	if opt != nil {
		o = *opt
	}
	if o.States == 0 {
		o.States = 2
	}
	if o.Shapes != nil && len(o.Shapes) != rows*cols {
		panic(fmt.Sprintf("solver: GridPuzzle: %d shapes for %d cells", len(o.Shapes), rows*cols))
	}
	def := o.Pattern
	if def == nil {
		def, _ = ParsePattern("plus")
	}
	n := rows * cols
	p := &Puzzle{Lights: n, States: o.States, Presses: make([][]Touch, n)}
	seen := make([]int, n) // seen[i] == j+1: press j already touches light i
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			j := r*cols + c
			st := def
			if o.Shapes != nil && o.Shapes[j] != nil {
				st = o.Shapes[j]
			}
			for _, off := range st.Offsets {
				rr, cc := r+off[0], c+off[1]
				if o.Wrap {
					rr = ((rr % rows) + rows) % rows
					cc = ((cc % cols) + cols) % cols
				} else if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
					continue
				}
				i := rr*cols + cc
				if seen[i] == j+1 {
					continue
				}
				seen[i] = j + 1
				p.Presses[j] = append(p.Presses[j], Touch{Light: i, By: 1})
			}
		}
	}
	return p
}
