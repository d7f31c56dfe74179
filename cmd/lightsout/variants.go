package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"lightsout/solver"
)

// variantFlags are the grid flags for the puzzle's variants: torus boards,
// other press shapes, graphs, lights with more than two states, and any
// target pattern. With none of them set grid solves the classic game.
type variantFlags struct {
	wrap        bool
	pattern     string
	patternFile string
	graph       string
	states      string
	target      string
}

// addVariantFlags registers the variant flags on fs.
func addVariantFlags(fs *pflag.FlagSet) *variantFlags {
	v := &variantFlags{}
	fs.BoolVar(&v.wrap, "wrap", false, "torus board: presses reach across the edges")
	fs.StringVar(&v.pattern, "pattern", "", "press shape: plus, x, plus-x, knight or a stencil")
	fs.StringVar(&v.patternFile, "pattern-file", "", "file of per-cell press shapes")
	fs.StringVar(&v.graph, "graph", "", "edge-list file: solve on a graph")
	fs.StringVar(&v.states, "states", "", "number of states of a light (default 2)")
	fs.StringVar(&v.target, "target", "", "the pattern the lights must reach")
	return v
}

// active reports whether any variant flag was given.
func (v *variantFlags) active(fs *pflag.FlagSet) bool {
	for _, name := range []string{"wrap", "pattern", "pattern-file", "graph", "states", "target"} {
		if fs.Changed(name) {
			return true
		}
	}
	return false
}

// variantHelp prints the variant flags for grid's help.
func variantHelp(w io.Writer) {
	fmt.Fprint(w, `
Variants (any of these flags solves the general toggle-matrix puzzle by
elimination instead of light chasing):
  --wrap             the board is a torus: presses reach across the edges.
                       lightsout grid 000/010/000 --wrap
  --pattern P        the press shape: plus (default), x (the four diagonal
                     neighbours, as in Lights Out Deluxe's x move), plus-x
                     (the whole 3x3 square), knight (the eight knight's
                     moves, XL-25), all with the pressed cell; or a stencil
                     drawn in rows joined by |: # toggled, . untouched, @ the
                     pressed cell (toggled) or o (not toggled).
                       lightsout grid 1100/1000/0000 --pattern x
                       lightsout grid 110/000/000 --pattern '#@#|.#.'
  --pattern-file F   per-cell shapes, as in the random mode of Simon
                     Tatham's Flip: one line "ROW COL STENCIL" per cell
                     (zero-based); cells not listed use --pattern; # starts
                     a comment line. The matrix need not be symmetric.
  --graph F          solve on any graph: F has one edge "U V" per line,
                     vertices named by any tokens, # comments; pressing a
                     vertex toggles it and its neighbours. STATE then lists
                     the lit vertices, separated by commas or blanks, NAME
                     or NAME=S for state S; "" means all off.
                       lightsout grid --graph cube.edges U1,U2,F5
  --states K         lights with K states (2..36; 3 is Lights Out 2000): a
                     press advances each light it touches by one, mod K.
                     STATE cells are 0..K-1 (0-9 then a-z). Presses are
                     counted with multiplicity. Composite K is solved
                     exactly over Z/K.
                       lightsout grid 120/000/021 --states 3
  --target STATE     the pattern to reach instead of all off or all on, in
                     the same form as STATE.
                       lightsout grid 000/000/000 --target 010/111/010

With variants, --json adds "states", "pattern" (a name, a stencil, or
"file:F" for --pattern-file), "wrap" and "target" when they are not the
defaults; with K > 2 presses are [row, col, times]; on a
graph "lights" lists the lit vertices (K = 2) or [name, state] pairs,
presses are vertex names (or [name, times]), and "graph", "vertices" and
"edges" replace rows and cols. "nullity" is left out for composite K, whose
solutions need not form a vector space; "solutions" still counts them.
`)
}

// variantReport is the JSON of a variant: the grid fields of SPEC.md plus
// the variant's own.
type variantReport struct {
	Graph      string          `json:"graph,omitempty"`
	Vertices   int             `json:"vertices,omitempty"`
	Edges      *int            `json:"edges,omitempty"`
	Rows       int             `json:"rows,omitempty"`
	Cols       int             `json:"cols,omitempty"`
	Lights     any             `json:"lights"`
	Goal       string          `json:"goal"`
	Target     any             `json:"target,omitempty"`
	States     int             `json:"states,omitempty"`
	Pattern    string          `json:"pattern,omitempty"`
	Wrap       bool            `json:"wrap,omitempty"`
	Solvable   bool            `json:"solvable"`
	Presses    any             `json:"presses"`
	PressCount int             `json:"press_count"`
	Minimal    bool            `json:"minimal"`
	Solutions  json.RawMessage `json:"solutions"`
	Nullity    *int            `json:"nullity,omitempty"`
}

// variantPuzzle is a parsed variant, ready to solve and print.
type variantPuzzle struct {
	puzzle        *solver.Puzzle
	state, target []int
	goal          string // "off", "on" or "target"
	// Grid variants:
	rows, cols int
	pattern    string // "" for the default plus
	wrap       bool
	// Graph variants:
	graph *solver.Graph
	file  string
}

// runVariant solves STATE (already read from standard input if it was
// "-") as the variant the flags describe.
func runVariant(e *env, fs *pflag.FlagSet, v *variantFlags, state string, goal solver.Goal, asJSON, steps bool) int {
	vp, code, err := parseVariant(fs, v, state, goal)
	if err != nil {
		if code == exitUsage {
			return gridUsage(e, err.Error())
		}
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
		return code
	}
	if steps {
		return gridUsage(e, "--steps explains light chasing on the classic board; it does not work with --wrap, --pattern, --pattern-file, --graph, --states or --target")
	}
	sol, solveErr := vp.puzzle.Solve(vp.state, vp.target)
	if solveErr != nil && !errors.Is(solveErr, solver.ErrUnsolvable) {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", solveErr)
		return exitFail
	}
	if asJSON {
		if err := json.NewEncoder(e.stdout).Encode(vp.report(sol)); err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
			return exitFail
		}
	} else {
		vp.writeText(e.stdout, sol)
	}
	if solveErr != nil {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", solveErr)
		return exitFail
	}
	return exitOK
}

// parseVariant builds the puzzle; on failure it returns the exit code:
// exitUsage for malformed flags, STATE or files, exitFail for files that
// cannot be read and boards beyond the general solver's limits.
func parseVariant(fs *pflag.FlagSet, v *variantFlags, state string, goal solver.Goal) (*variantPuzzle, int, error) {
	k := 2
	var err error
	if fs.Changed("states") {
		if k, err = solver.ParseStates(v.states); err != nil {
			return nil, exitUsage, fmt.Errorf("--states: %w", err)
		}
	}
	vp := &variantPuzzle{goal: goal.String()}
	switch {
	case fs.Changed("target") && fs.Changed("goal"):
		return nil, exitUsage, errors.New("give either --goal or --target, not both")
	case fs.Changed("target"):
		vp.goal = "target"
	case goal == solver.GoalOn && k > 2:
		return nil, exitUsage, fmt.Errorf("--goal on is ambiguous with %d states; say which state each light must reach with --target", k)
	}
	if fs.Changed("graph") {
		for _, name := range []string{"wrap", "pattern", "pattern-file"} {
			if fs.Changed(name) {
				return nil, exitUsage, fmt.Errorf("--%s shapes grid presses and does not apply to --graph", name)
			}
		}
		err = vp.parseGraph(v, state, k, goal)
	} else {
		err = vp.parseGrid(fs, v, state, k, goal)
	}
	if err != nil {
		var fe fileError
		var tb tooBigError
		if errors.As(err, &fe) || errors.As(err, &tb) {
			return nil, exitFail, err
		}
		return nil, exitUsage, err
	}
	return vp, exitOK, nil
}

func (vp *variantPuzzle) parseGraph(v *variantFlags, state string, k int, goal solver.Goal) error {
	f, err := os.Open(v.graph)
	if err != nil {
		return fileError{err}
	}
	defer f.Close()
	g, err := solver.ParseGraph(f)
	if err != nil {
		return fmt.Errorf("%s: %w", v.graph, err)
	}
	vp.graph, vp.file = g, v.graph
	vp.puzzle = g.Puzzle(k)
	if vp.state, err = solver.ParseVertexStates(g, state, k); err != nil {
		return fmt.Errorf("STATE: %w", err)
	}
	vp.target = make([]int, len(g.Names))
	switch {
	case vp.goal == "target":
		if vp.target, err = solver.ParseVertexStates(g, v.target, k); err != nil {
			return fmt.Errorf("--target: %w", err)
		}
	case goal == solver.GoalOn:
		for i := range vp.target {
			vp.target[i] = 1
		}
	}
	return nil
}

func (vp *variantPuzzle) parseGrid(fs *pflag.FlagSet, v *variantFlags, state string, k int, goal solver.Goal) error {
	// Every cell takes a character and every row a separator, so a STATE
	// longer than this has more cells than the general solver takes:
	// refuse it before building anything.
	limit := solver.MaxPuzzleLights
	if k > 2 {
		limit = solver.MaxPuzzleLightsModK
	}
	if len(state) > 2*limit+2 {
		return tooBigError{fmt.Errorf("%w: STATE has %d characters, more than a board of %d cells can have", solver.ErrPuzzleTooBig, len(state), limit)}
	}
	lights, rows, cols, err := solver.ParseLevels(state, k)
	if err != nil {
		return err
	}
	if rows*cols > limit {
		return tooBigError{fmt.Errorf("%w: %d×%d is %d cells, at most %d with %d states (plain boards without variant flags have no such limit)", solver.ErrPuzzleTooBig, rows, cols, rows*cols, limit, k)}
	}
	vp.state, vp.rows, vp.cols, vp.wrap = lights, rows, cols, v.wrap
	opt := &solver.GridOptions{Wrap: v.wrap, States: k}
	if opt.Pattern, err = solver.ParsePattern(v.pattern); err != nil {
		return fmt.Errorf("--pattern: %w", err)
	}
	if opt.Pattern.Name != "plus" {
		vp.pattern = opt.Pattern.String()
	}
	if fs.Changed("pattern-file") {
		f, err := os.Open(v.patternFile)
		if err != nil {
			return fileError{err}
		}
		defer f.Close()
		if opt.Shapes, err = solver.ParseShapes(f, rows, cols); err != nil {
			return fmt.Errorf("%s: %w", v.patternFile, err)
		}
		vp.pattern = "file:" + v.patternFile
	}
	vp.puzzle = solver.GridPuzzle(rows, cols, opt)
	vp.target = make([]int, rows*cols)
	switch {
	case vp.goal == "target":
		t, tr, tc, err := solver.ParseLevels(v.target, k)
		if err != nil {
			return fmt.Errorf("--target: %w", err)
		}
		if tr != rows || tc != cols {
			return fmt.Errorf("--target is %d×%d but the board is %d×%d", tr, tc, rows, cols)
		}
		vp.target = t
	case goal == solver.GoalOn:
		for i := range vp.target {
			vp.target[i] = 1
		}
	}
	return nil
}

// fileError marks a file that could not be opened: the work failed (exit
// 1) rather than the usage being wrong.
type fileError struct{ err error }

func (f fileError) Error() string { return f.err.Error() }
func (f fileError) Unwrap() error { return f.err }

// tooBigError marks a puzzle beyond the general solver's limits: the work
// failed (exit 1), the usage was right.
type tooBigError struct{ err error }

func (t tooBigError) Error() string { return t.err.Error() }
func (t tooBigError) Unwrap() error { return t.err }

func (vp *variantPuzzle) states() int { return vp.puzzle.States }

// gridStrings renders grid values one string per row, states as 0-9a-z.
func (vp *variantPuzzle) gridStrings(vals []int) []string {
	out := make([]string, vp.rows)
	for r := range out {
		b := make([]byte, vp.cols)
		for c := range b {
			b[c] = solver.StateDigit(vals[r*vp.cols+c])
		}
		out[r] = string(b)
	}
	return out
}

// vertexList lists the vertices whose value is not 0: names when K = 2,
// [name, value] pairs otherwise.
func (vp *variantPuzzle) vertexList(vals []int) any {
	if vp.states() == 2 {
		names := []string{}
		for i, x := range vals {
			if x != 0 {
				names = append(names, vp.graph.Names[i])
			}
		}
		return names
	}
	pairs := [][2]any{}
	for i, x := range vals {
		if x != 0 {
			pairs = append(pairs, [2]any{vp.graph.Names[i], x})
		}
	}
	return pairs
}

func (vp *variantPuzzle) report(sol *solver.PuzzleSolution) variantReport {
	r := variantReport{
		Goal:       vp.goal,
		Solvable:   sol.Solvable,
		PressCount: sol.PressCount,
		Minimal:    sol.Minimal,
		Solutions:  json.RawMessage("0"),
	}
	if vp.states() != 2 {
		r.States = vp.states()
	}
	if sol.Nullity >= 0 {
		r.Nullity = &sol.Nullity
	}
	if sol.Solvable {
		if _, ok := sol.Solutions(); ok {
			r.Solutions = json.RawMessage(sol.SolutionsString())
		} else {
			r.Solutions, _ = json.Marshal(sol.SolutionsString())
		}
	}
	if vp.graph != nil {
		edges := vp.graph.Edges()
		r.Graph, r.Vertices, r.Edges = vp.file, len(vp.graph.Names), &edges
		r.Lights = vp.vertexList(vp.state)
		if vp.goal == "target" {
			r.Target = vp.vertexList(vp.target)
		}
		r.Presses = vp.vertexList(sol.Presses)
		if sol.Presses == nil {
			r.Presses = []string{}
		}
		return r
	}
	r.Rows, r.Cols = vp.rows, vp.cols
	r.Pattern, r.Wrap = vp.pattern, vp.wrap
	r.Lights = vp.gridStrings(vp.state)
	if vp.goal == "target" {
		r.Target = vp.gridStrings(vp.target)
	}
	if vp.states() == 2 {
		presses := [][2]int{}
		for i, x := range sol.Presses {
			if x != 0 {
				presses = append(presses, [2]int{i / vp.cols, i % vp.cols})
			}
		}
		r.Presses = presses
	} else {
		presses := [][3]int{}
		for i, x := range sol.Presses {
			if x != 0 {
				presses = append(presses, [3]int{i / vp.cols, i % vp.cols, x})
			}
		}
		r.Presses = presses
	}
	return r
}

func (vp *variantPuzzle) writeText(w io.Writer, sol *solver.PuzzleSolution) {
	k := vp.states()
	var desc []string
	if k != 2 {
		desc = append(desc, fmt.Sprintf("%d states", k))
	}
	if vp.graph == nil {
		if vp.pattern != "" {
			desc = append(desc, "pattern "+vp.pattern)
		}
		if vp.wrap {
			desc = append(desc, "wrap")
		}
	}
	desc = append(desc, "goal "+vp.goal)
	if vp.graph != nil {
		fmt.Fprintf(w, "graph %s (%d vertices, %d edges, %s)\n", vp.file, len(vp.graph.Names), vp.graph.Edges(), strings.Join(desc, ", "))
		fmt.Fprintf(w, "lights: %s\n", vp.vertexText(vp.state, "none lit"))
		if vp.goal == "target" {
			fmt.Fprintf(w, "target: %s\n", vp.vertexText(vp.target, "all off"))
		}
	} else {
		legend := "# lit, . unlit"
		if k != 2 {
			legend = fmt.Sprintf("states 0-%c", solver.StateDigit(k-1))
		}
		fmt.Fprintf(w, "board (%d×%d, %s; %s):\n", vp.rows, vp.cols, strings.Join(desc, ", "), legend)
		zero := byte('.')
		if k != 2 {
			zero = '0'
		}
		vp.writeCells(w, vp.state, k == 2, '#', zero)
		if vp.goal == "target" {
			fmt.Fprintf(w, "\ntarget:\n")
			vp.writeCells(w, vp.target, k == 2, '#', zero)
		}
	}
	if !sol.Solvable {
		vp.writeFailed(w, sol)
		return
	}
	var names []string
	if vp.graph != nil {
		names = vp.pressNames(sol.Presses, func(i int) string { return vp.graph.Names[i] })
	} else {
		legend := "X"
		if k != 2 {
			legend = "times pressed"
		}
		fmt.Fprintf(w, "\npresses (%s):\n", legend)
		vp.writeCells(w, sol.Presses, k == 2, 'X', '.')
		names = vp.pressNames(sol.Presses, func(i int) string { return solver.CellName(i/vp.cols, i%vp.cols) })
	}
	fmt.Fprintln(w)
	switch sol.PressCount {
	case 0:
		fmt.Fprintln(w, "0 presses: the lights are already there")
	case 1:
		fmt.Fprintf(w, "1 press: %s\n", names[0])
	default:
		fmt.Fprintf(w, "%d presses: %s\n", sol.PressCount, strings.Join(names, " "))
	}
	count := sol.SolutionsString()
	null := ""
	if sol.Nullity >= 0 {
		null = fmt.Sprintf(" (nullity %d)", sol.Nullity)
	}
	switch {
	case count == "1" && sol.Minimal:
		fmt.Fprintln(w, "minimal: yes (the only solution)")
	case sol.Minimal:
		fmt.Fprintf(w, "minimal: yes, the fewest among %s solutions%s\n", count, null)
	default:
		fmt.Fprintf(w, "minimal: not proven; the best found among %s solutions%s\n", count, null)
	}
}

// pressNames lists the presses, a button pressed t times as NAME×t.
func (vp *variantPuzzle) pressNames(presses []int, name func(int) string) []string {
	var out []string
	for i, x := range presses {
		switch {
		case x == 1:
			out = append(out, name(i))
		case x > 1:
			out = append(out, name(i)+"×"+strconv.Itoa(x))
		}
	}
	return out
}

func (vp *variantPuzzle) vertexText(vals []int, none string) string {
	var out []string
	for i, x := range vals {
		switch {
		case x == 0:
		case vp.states() == 2:
			out = append(out, vp.graph.Names[i])
		default:
			out = append(out, fmt.Sprintf("%s=%d", vp.graph.Names[i], x))
		}
	}
	if len(out) == 0 {
		return none
	}
	return strings.Join(out, " ")
}

// writeCells prints grid values like writeASCII: set/unset for two
// states, else the digit (with unset for 0).
func (vp *variantPuzzle) writeCells(w io.Writer, vals []int, binary bool, set, unset byte) {
	writeGrid(w, vp.rows, vp.cols, func(r, c int) byte {
		switch x := vals[r*vp.cols+c]; {
		case x == 0:
			return unset
		case binary:
			return set
		default:
			return solver.StateDigit(x)
		}
	})
}

// maxChecksShown and maxCheckNames bound the explanation of an unsolvable
// puzzle.
const (
	maxChecksShown = 3
	maxCheckNames  = 12
)

// writeFailed explains why no presses reach the goal: the failed checks,
// sums of lights that no press changes but the goal needs changed.
func (vp *variantPuzzle) writeFailed(w io.Writer, sol *solver.PuzzleSolution) {
	what := "goal"
	if vp.goal == "target" {
		what = "target"
	}
	if len(sol.Failed) == 0 {
		fmt.Fprintf(w, "\nunsolvable: no combination of presses reaches the %s\n", what)
		return
	}
	k := vp.states()
	fmt.Fprintf(w, "\nunsolvable: %d check(s) fail. No press changes these sums of lights, but reaching the %s would:\n", len(sol.Failed), what)
	for n, y := range sol.Failed {
		if n == maxChecksShown {
			fmt.Fprintf(w, "  … and %d more\n", len(sol.Failed)-n)
			break
		}
		var terms []string
		need := 0
		for i, c := range y {
			if c == 0 {
				continue
			}
			need += c * (((vp.target[i] - vp.state[i]) % k) + k)
			if len(terms) == maxCheckNames {
				terms = append(terms, "…")
			}
			if len(terms) > maxCheckNames {
				continue
			}
			name := vp.lightName(i)
			if c != 1 {
				name = strconv.Itoa(c) + "·" + name
			}
			terms = append(terms, name)
		}
		if k == 2 {
			fmt.Fprintf(w, "  %d. lights %s: every press changes an even number of them, but an odd number must change\n", n+1, strings.Join(terms, " "))
		} else {
			fmt.Fprintf(w, "  %d. %s: every press leaves this sum unchanged (mod %d), but it must change by %d\n", n+1, strings.Join(terms, " + "), k, need%k)
		}
	}
}

// lightName names light i: its vertex, or its cell in A1 notation.
func (vp *variantPuzzle) lightName(i int) string {
	if vp.graph != nil {
		return vp.graph.Names[i]
	}
	return solver.CellName(i/vp.cols, i%vp.cols)
}
