package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"lightsout/boardfile"
	"lightsout/solver"
)

// maxListedSide is the largest side of a board whose lights and presses a
// board file run prints: bigger boards get a summary in text, and --json
// omits "lights" and "presses" and says so with "lights_omitted" and
// "presses_omitted" (the presses are in the -o file).
const maxListedSide = 256

// fileFlags are grid's board-file flags: -i, -o, --check.
type fileFlags struct {
	in, out, check *string
}

func addFileFlags(fs *pflag.FlagSet) *fileFlags {
	return &fileFlags{
		in:    fs.StringP("input", "i", "", "read the board from FILE (text or PNG)"),
		out:   fs.StringP("output", "o", "", "write the presses to OUT (PNG if it ends in .png, else text)"),
		check: fs.String("check", "", "check whether the presses in PRESSES solve the -i board"),
	}
}

func (f *fileFlags) active() bool { return *f.in != "" || *f.out != "" || *f.check != "" }

// fileHelp is the part of grid's help about board files.
const fileHelp = `
Board files (lightsout grid -i FILE [-o OUT] [--check PRESSES] [--json]
[--goal off|on]):
  -i, --input FILE   read the board from FILE instead of STATE: text (rows
                     of 1/0 or #/.) or PNG (a pixel is lit when brighter
                     than mid-grey), any size; it is read streaming.
                     FILE "-" is standard input.
                       lightsout grid -i board.png -o presses.png --goal on
  -o, --output OUT   write the presses to OUT: a PNG (pressed = white)
                     when OUT ends in .png, else text rows of 1/0.
  --check PRESSES    with -i: say whether the presses in the file PRESSES
                     (text or PNG) solve the board; exit 0 yes, 1 no.
                       lightsout grid -i board.txt --check presses.txt
Boards with more than 256 rows or columns print a summary instead of the
grids, and their --json omits "lights" and "presses" and sets
"lights_omitted" and "presses_omitted" to true (the presses are in the -o
file). A malformed text board exits 2 naming the line and column.
`

// fileReport is grid's JSON for a board too big to list (see
// maxListedSide): the SPEC fields without lights and presses.
type fileReport struct {
	File           string    `json:"file"`
	Rows           int       `json:"rows"`
	Cols           int       `json:"cols"`
	LightsOmitted  bool      `json:"lights_omitted"`
	Goal           string    `json:"goal"`
	Solvable       bool      `json:"solvable"`
	PressesOmitted bool      `json:"presses_omitted"`
	PressCount     int       `json:"press_count"`
	Minimal        bool      `json:"minimal"`
	Solutions      Solutions `json:"solutions"`
	Nullity        int       `json:"nullity"`
	Output         string    `json:"output,omitempty"`
}

// runGridFile is grid with -i, -o or --check.
func runGridFile(e *env, fs *pflag.FlagSet, f *fileFlags, variants bool, goalName string, asJSON, showSteps bool) int {
	switch {
	case *f.in == "":
		return gridUsage(e, "-o and --check need a board file: -i FILE")
	case fs.NArg() != 0:
		return gridUsage(e, fmt.Sprintf("-i FILE replaces STATE, but %d arguments were given", fs.NArg()))
	case variants:
		return gridUsage(e, "-i works with the plain grid only, not with the variant flags")
	}
	goal, err := solver.ParseGoal(goalName)
	if err != nil {
		return gridUsage(e, "--goal: "+err.Error())
	}
	b, code := readBoardFile(e, *f.in)
	if b == nil {
		return code
	}
	if *f.check != "" {
		return checkPresses(e, b, goal, *f.in, *f.check)
	}
	big := b.Rows > maxListedSide || b.Cols > maxListedSide
	if showSteps && big {
		return gridUsage(e, fmt.Sprintf("--steps: %s is %d×%d, too big to list steps", *f.in, b.Rows, b.Cols))
	}

	sol, solveErr := solver.Solve(b, goal)
	if solveErr != nil && !errors.Is(solveErr, solver.ErrUnsolvable) {
		fmt.Fprintf(e.stderr, "lightsout: grid: %s: %v\n", *f.in, solveErr)
		return exitFail
	}
	if solveErr == nil && *f.out != "" {
		if err := boardfile.WriteFile(*f.out, sol.Presses); err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
			return exitFail
		}
	}
	var steps []solver.Step
	if showSteps && solveErr == nil {
		if steps, err = solver.Steps(b, goal, sol.Presses); err != nil {
			fmt.Fprintf(e.stderr, "lightsout: grid: steps: %v\n", err)
			return exitFail
		}
	}
	output := ""
	if solveErr == nil {
		output = *f.out
	}
	switch {
	case asJSON && big:
		err = json.NewEncoder(e.stdout).Encode(fileReport{
			File: *f.in, Rows: b.Rows, Cols: b.Cols, LightsOmitted: true,
			Goal: goal.String(), Solvable: sol.Solvable, PressesOmitted: true,
			PressCount: sol.PressCount, Minimal: sol.Minimal,
			Solutions: Solutions{Solvable: sol.Solvable, Nullity: sol.Nullity},
			Nullity:   sol.Nullity, Output: output,
		})
	case asJSON:
		r := newReport(b, goal, sol)
		r.File, r.Output, r.Nullity = *f.in, output, &sol.Nullity
		err = json.NewEncoder(e.stdout).Encode(r)
	case big:
		writeFileSummary(e.stdout, *f.in, output, b, goal, sol)
	default:
		writeGridText(e.stdout, b, goal, sol, steps, showSteps)
		if output != "" {
			fmt.Fprintf(e.stdout, "presses written to %s\n", output)
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
		return exitFail
	}
	if solveErr != nil {
		fmt.Fprintf(e.stderr, "lightsout: grid: %s: %v\n", *f.in, solveErr)
		return exitFail
	}
	return exitOK
}

// readBoardFile reads a board file; on failure it reports the error and
// returns the exit code: 2 for a malformed text board, 1 otherwise.
func readBoardFile(e *env, name string) (*solver.Board, int) {
	var b *solver.Board
	var err error
	if name == "-" {
		if b, err = boardfile.Read(e.stdin); err != nil {
			err = fmt.Errorf("standard input: %w", err)
		}
	} else {
		b, err = boardfile.ReadFile(name)
	}
	if err == nil {
		return b, exitOK
	}
	fmt.Fprintf(e.stderr, "lightsout: grid: %v\n", err)
	var pe *boardfile.ParseError
	if errors.As(err, &pe) || errors.Is(err, boardfile.ErrEmpty) {
		return nil, exitUsage
	}
	return nil, exitFail
}

// checkPresses reports whether the presses in file pname solve b.
func checkPresses(e *env, b *solver.Board, goal solver.Goal, bname, pname string) int {
	p, code := readBoardFile(e, pname)
	if p == nil {
		return code
	}
	if p.Rows != b.Rows || p.Cols != b.Cols {
		fmt.Fprintf(e.stderr, "lightsout: grid: %s: %d×%d presses for the %d×%d board %s\n", pname, p.Rows, p.Cols, b.Rows, b.Cols, bname)
		return exitUsage
	}
	after := solver.Press(b, p)
	wrong := after.Count()
	if goal == solver.GoalOn {
		wrong = b.Rows*b.Cols - wrong
	}
	if wrong != 0 {
		fmt.Fprintf(e.stdout, "%s does not solve %s (goal %s): %d lights are not %s after its %d presses\n", pname, bname, goal, wrong, goal, p.Count())
		return exitFail
	}
	fmt.Fprintf(e.stdout, "%s solves %s (goal %s) with %d presses\n", pname, bname, goal, p.Count())
	return exitOK
}

// writeFileSummary prints the result for a board too big to draw.
func writeFileSummary(w io.Writer, in, out string, b *solver.Board, goal solver.Goal, s *solver.Solution) {
	fmt.Fprintf(w, "board %s: %d×%d, %d lit, goal %s\n", in, b.Rows, b.Cols, b.Count(), goal)
	if !s.Solvable {
		fmt.Fprintf(w, "unsolvable (nullity %d)\n", s.Nullity)
		return
	}
	minimal := "not proven"
	if s.Minimal {
		minimal = "yes"
	}
	if s.Nullity == 0 {
		fmt.Fprintf(w, "%d presses; minimal: %s (the only solution)\n", s.PressCount, minimal)
	} else {
		fmt.Fprintf(w, "%d presses; minimal: %s; %s solutions (nullity %d)\n", s.PressCount, minimal, Solutions{Solvable: true, Nullity: s.Nullity}, s.Nullity)
	}
	if out != "" {
		fmt.Fprintf(w, "presses written to %s\n", out)
	} else {
		fmt.Fprintln(w, "(write them to a file with -o OUT)")
	}
}
