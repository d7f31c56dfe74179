package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"lightsout/solver"
)

// maxStateBytes bounds a STATE read from standard input (64 MiB: a board
// of about 8000×8000 cells).
const maxStateBytes = 64 << 20

func gridCommand() command {
	return command{
		summary: "solve a board typed in by rows",
		run:     runGrid,
		help:    gridHelp,
	}
}

func gridHelp(w io.Writer) {
	fmt.Fprint(w, `usage: lightsout grid STATE [--json] [--goal off|on] [--steps]

Solves a Lights Out board typed in by hand and prints the fewest presses.
STATE is the rows of the board joined by "/" (or by newlines), top row
first, each row a string of 1 (lit) and 0 (unlit); # and . are accepted
for 1 and 0. STATE "-" reads the board from standard input.

Flags:
  --goal off|on  the state every light must end in (default off); many
                 escape rooms ask for all on.
                   lightsout grid 0110/1001 --goal on
  --json         print the result as one JSON object (rows, cols, lights,
                 goal, solvable, presses, press_count, minimal, solutions,
                 nullity) instead of text.
                   lightsout grid 101/001/100 --json
  --steps        also print the light-chasing method step by step: chase the
                 lights down, fix the top row, chase again.
                   lightsout grid 11111/11111/11111/11111/11111 --steps
  -h, --help     print this help.

Example:
  $ lightsout grid 101/001/100
  $ printf '101\n001\n100\n' | lightsout grid -

Cells are named A1 (column letter, row number) from the top left; presses
in --json are zero-based [row, col]. Exit status: 0 solved, 1 unsolvable
(the failing parity checks are explained on standard error), 2 bad usage
or a malformed STATE.
`)
	variantHelp(w)
	fmt.Fprint(w, fileHelp)
}

func runGrid(e *env, args []string) int {
	fs := pflag.NewFlagSet("grid", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	asJSON := fs.Bool("json", false, "print JSON")
	goalName := fs.String("goal", "off", "off or on")
	showSteps := fs.Bool("steps", false, "print the light-chasing steps")
	fs.BoolP("help", "h", false, "print help")
	variants := addVariantFlags(fs)
	files := addFileFlags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			gridHelp(e.stdout)
			return exitOK
		}
		return gridUsage(e, err.Error())
	}
	if help, _ := fs.GetBool("help"); help {
		gridHelp(e.stdout)
		return exitOK
	}
	if files.active() {
		return runGridFile(e, fs, files, variants.active(fs), *goalName, *asJSON, *showSteps)
	}
	if fs.NArg() != 1 {
		return gridUsage(e, fmt.Sprintf("want one STATE, got %d arguments", fs.NArg()))
	}
	goal, err := solver.ParseGoal(*goalName)
	if err != nil {
		return gridUsage(e, "--goal: "+err.Error())
	}
	state := fs.Arg(0)
	if state == "-" {
		data, err := io.ReadAll(io.LimitReader(e.stdin, maxStateBytes+1))
		if err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: reading standard input: %v\n", err)
			return exitFail
		}
		if len(data) > maxStateBytes {
			fmt.Fprintf(e.stderr, "lightsout: grid: standard input: board larger than %d MiB\n", maxStateBytes>>20)
			return exitUsage
		}
		state = string(data)
	}
	if variants.active(fs) {
		return runVariant(e, fs, variants, state, goal, *asJSON, *showSteps)
	}
	b, err := solver.ParseBoard(state)
	if err != nil {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
		return exitUsage
	}

	sol, solveErr := solver.Solve(b, goal)
	if solveErr != nil && !errors.Is(solveErr, solver.ErrUnsolvable) {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", solveErr)
		return exitFail
	}
	var steps []solver.Step
	if *showSteps && solveErr == nil {
		steps, err = solver.Steps(b, goal, sol.Presses)
		if err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: steps: %v\n", err)
			return exitFail
		}
	}

	if *asJSON {
		r := newReport(b, goal, sol)
		r.Nullity = &sol.Nullity
		enc := json.NewEncoder(e.stdout)
		if err := enc.Encode(r); err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
			return exitFail
		}
	} else {
		writeGridText(e.stdout, b, goal, sol, steps, *showSteps)
	}
	if solveErr != nil {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", solveErr)
		return exitFail
	}
	return exitOK
}

func gridUsage(e *env, msg string) int {
	fmt.Fprintf(e.stderr, "lightsout: grid: %s\n", msg)
	fmt.Fprintln(e.stderr, "usage: lightsout grid STATE [--json] [--goal off|on] [--steps]")
	fmt.Fprintln(e.stderr, "Run 'lightsout grid --help' for the flags and an example.")
	return exitUsage
}

// writeGridText prints the board, the presses as ASCII grids and in A1
// notation, the count, and whether it is minimal.
func writeGridText(w io.Writer, b *solver.Board, goal solver.Goal, s *solver.Solution, steps []solver.Step, wantSteps bool) {
	fmt.Fprintf(w, "board (%d×%d, goal %s; # lit, . unlit):\n", b.Rows, b.Cols, goal)
	writeASCII(w, b, '#', '.')
	if !s.Solvable {
		checks := "1 parity check fails"
		if len(s.Failed) != 1 {
			checks = fmt.Sprintf("%d parity checks fail", len(s.Failed))
		}
		fmt.Fprintf(w, "\nunsolvable: no presses turn every light %s; %s (see the error below)\n", goal, checks)
		return
	}
	fmt.Fprintf(w, "\npresses (X):\n")
	writeASCII(w, s.Presses, 'X', '.')
	cells := s.Presses.Cells()
	names := make([]string, len(cells))
	for i, rc := range cells {
		names[i] = solver.CellName(rc[0], rc[1])
	}
	fmt.Fprintln(w)
	switch s.PressCount {
	case 0:
		fmt.Fprintf(w, "0 presses: the board is already all %s\n", goal)
	case 1:
		fmt.Fprintf(w, "1 press: %s\n", names[0])
	default:
		fmt.Fprintf(w, "%d presses: %s\n", s.PressCount, strings.Join(names, " "))
	}
	n := Solutions{Solvable: true, Nullity: s.Nullity}
	switch {
	case s.Nullity == 0 && s.Minimal:
		fmt.Fprintln(w, "minimal: yes (the only solution)")
	case s.Minimal:
		fmt.Fprintf(w, "minimal: yes, the fewest among %s solutions (nullity %d)\n", n, s.Nullity)
	default:
		fmt.Fprintf(w, "minimal: not proven; the best found among %s solutions (nullity %d)\n", n, s.Nullity)
	}
	if wantSteps {
		fmt.Fprintln(w, "\nsteps (light chasing):")
		if len(steps) == 0 {
			fmt.Fprintln(w, "  nothing to press")
		}
		for i, st := range steps {
			fmt.Fprintf(w, "  %d. %s: %s\n", i+1, st.Phase, st.Desc)
		}
		fmt.Fprintf(w, "  then every light is %s.\n", goal)
	}
}

// writeASCII prints b one row per line, set cells as set and others as
// unset, with column letters above and row numbers on the left when the
// board is at most 26 columns wide.
func writeASCII(w io.Writer, b *solver.Board, set, unset byte) {
	writeGrid(w, b.Rows, b.Cols, func(r, c int) byte {
		if b.Get(r, c) {
			return set
		}
		return unset
	})
}

// writeGrid prints a rows×cols grid of one-byte cells, one row per line,
// with column letters above and row numbers on the left when the grid is
// at most 26 columns wide.
func writeGrid(w io.Writer, rows, cols int, cell func(r, c int) byte) {
	width := len(strconv.Itoa(rows))
	var sb strings.Builder
	if cols <= 26 {
		sb.WriteString(strings.Repeat(" ", width+1))
		for c := 0; c < cols; c++ {
			sb.WriteByte(' ')
			sb.WriteByte(byte('A' + c))
		}
		sb.WriteByte('\n')
	}
	for r := 0; r < rows; r++ {
		fmt.Fprintf(&sb, "%*d ", width, r+1)
		for c := 0; c < cols; c++ {
			sb.WriteByte(' ')
			sb.WriteByte(cell(r, c))
		}
		sb.WriteByte('\n')
	}
	io.WriteString(w, sb.String())
}
