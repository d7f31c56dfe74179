package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"lightsout/solver"
	"lightsout/vision"
)

func solveCommand() command {
	return command{
		summary: "solve the board in a photo and mark the presses on it",
		run:     runSolve,
		help:    solveHelp,
	}
}

func solveHelp(w io.Writer) {
	fmt.Fprint(w, `usage: lightsout solve PHOTO [-o OUT] [--json] [--size RxC] [--goal off|on]
                       [--state STATE] [--steps] [--debug DIR] [--force]

Finds the Lights Out board in PHOTO (JPEG, PNG, GIF, BMP, TIFF or WebP),
reads which lights are on, solves it, and writes a copy of the photo with
a ring on every button to press and a legend with the press count.

The annotated copy goes to OUT, by default NAME.solved.EXT in the current
folder (board.jpg gives board.solved.jpg; JPEG at quality 92, PNG for
PNG and GIF input). It is never written over PHOTO. An existing default
output is kept, like gzip does, unless --force is given; an OUT named with
-o is replaced, as cp would.

When the board as read has no solution but flipping one to three cells the
reader was unsure of makes it solvable, and that fix is far likelier than
any other, lightsout solves the fixed board, names the cells it assumed
misread, and outlines them in orange on the photo: check them. Otherwise
it says the board is unsolvable and names the most doubtful cells.

Flags:
  -o, --output OUT   where to write the annotated photo (.jpg, .png, .bmp,
                     .tiff or .webp).
                       lightsout solve board.jpg -o /tmp/answer.png
      --json         print one JSON object (SPEC.md "JSON result") instead
                     of text.
                       lightsout solve board.jpg --json
      --size RxC     the board has R rows and C columns (2 to 12 each): skip
                     guessing it.
                       lightsout solve board.jpg --size 5x5
      --goal off|on  the state every light must end in (default off).
                       lightsout solve panel.jpg --goal on
      --state STATE  solve these lights instead of those read (rows of 1/0
                     joined by /), for a cell you can see was misread; the
                     photo still gives the geometry.
                       lightsout solve board.jpg --state 01000/11100/01000/00000/00000
      --steps        number the presses in the order of the light-chasing
                     method and print its steps.
      --debug DIR    write the reader's intermediate images, and a table of
                     each cell's verdict and measures, to DIR.
      --force        replace an existing default output.
  -h, --help         print this help.

Example:
  $ lightsout solve board.jpg
  $ lightsout solve board.jpg --json -o solved.jpg

Exit status: 0 solved, 1 the photo could not be read, holds no board, or
the board is unsolvable, 2 bad usage.
`)
}

func solveUsage(e *env, msg string) int {
	fmt.Fprintf(e.stderr, "lightsout: solve: %s\n", msg)
	fmt.Fprintln(e.stderr, "usage: lightsout solve PHOTO [-o OUT] [--json] [--size RxC] [--goal off|on]")
	fmt.Fprintln(e.stderr, "Run 'lightsout solve --help' for the flags and an example.")
	return exitUsage
}

// parseSize reads "RxC" (also "R×C"), each 1..64.
func parseSize(s string) (rows, cols int, err error) {
	s = strings.ReplaceAll(strings.ToLower(s), "×", "x")
	r, c, ok := strings.Cut(s, "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 64 || cols > 64 {
		return 0, 0, fmt.Errorf("size %q: want RxC, e.g. 5x5", s)
	}
	return rows, cols, nil
}

// photoFlags are the flags solve and batch share.
type photoFlags struct {
	size, goal, state, debug string
	steps, force, asJSON     bool
}

func (p *photoFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&p.asJSON, "json", false, "print JSON")
	fs.StringVar(&p.size, "size", "", "board size RxC")
	fs.StringVar(&p.goal, "goal", "off", "off or on")
	fs.StringVar(&p.state, "state", "", "lights to solve instead of those read")
	fs.BoolVar(&p.steps, "steps", false, "number the presses in light-chasing order")
	fs.StringVar(&p.debug, "debug", "", "folder for debug images")
	fs.BoolVar(&p.force, "force", false, "replace existing outputs")
	fs.BoolP("help", "h", false, "print help")
}

// options checks the shared flags and turns them into photoOptions.
func (p *photoFlags) options() (*photoOptions, error) {
	o := &photoOptions{Debug: p.debug, Steps: p.steps}
	var err error
	if o.Goal, err = solver.ParseGoal(p.goal); err != nil {
		return nil, fmt.Errorf("--goal: %w", err)
	}
	if p.size != "" {
		if o.Rows, o.Cols, err = parseSize(p.size); err != nil {
			return nil, fmt.Errorf("--size: %w", err)
		}
		if !vision.SizeInRange(o.Rows, o.Cols) {
			return nil, fmt.Errorf("--size %s: photos are read for boards of %d to %d rows and columns (lightsout grid solves any size typed in)", p.size, vision.MinSide, vision.MaxSide)
		}
	}
	if p.state != "" {
		if o.State, err = solver.ParseBoard(p.state); err != nil {
			return nil, fmt.Errorf("--state: %w", err)
		}
		if o.Rows != 0 && (o.Rows != o.State.Rows || o.Cols != o.State.Cols) {
			return nil, fmt.Errorf("--state is %d×%d but --size is %d×%d", o.State.Rows, o.State.Cols, o.Rows, o.Cols)
		}
	}
	return o, nil
}

func runSolve(e *env, args []string) int {
	fs := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var pf photoFlags
	pf.register(fs)
	out := fs.StringP("output", "o", "", "annotated photo")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			solveHelp(e.stdout)
			return exitOK
		}
		return solveUsage(e, err.Error())
	}
	if help, _ := fs.GetBool("help"); help {
		solveHelp(e.stdout)
		return exitOK
	}
	if fs.NArg() != 1 {
		return solveUsage(e, fmt.Sprintf("want one PHOTO, got %d arguments", fs.NArg()))
	}
	in := fs.Arg(0)
	o, err := pf.options()
	if err != nil {
		return solveUsage(e, err.Error())
	}
	dst, replace := *out, true
	if dst == "" {
		base := filepath.Base(in)
		dst = strings.TrimSuffix(base, filepath.Ext(base)) + ".solved" + outputExt(in)
		replace = pf.force
	}
	if _, _, ok := encodeParams(filepath.Ext(dst)); !ok {
		return solveUsage(e, fmt.Sprintf("-o %s: cannot write %q files (use .jpg, .png, .bmp, .tiff or .webp)", dst, filepath.Ext(dst)))
	}
	if sameFile(in, dst) {
		fmt.Fprintf(e.stderr, "lightsout: %s: the output would replace the photo itself; choose another -o\n", in)
		return exitFail
	}
	if st, err := os.Stat(dst); err == nil && st.IsDir() {
		fmt.Fprintf(e.stderr, "lightsout: %s: output %s is a folder; give a file name with -o\n", in, dst)
		return exitFail
	}
	if !replace {
		if _, err := os.Lstat(dst); err == nil {
			fmt.Fprintf(e.stderr, "lightsout: %s: %s exists; kept (--force replaces it, -o writes elsewhere)\n", in, dst)
			return exitFail
		}
	}

	res := solvePhoto(in, dst, replace, o)
	switch res.Outcome {
	case outSolved, outUnsolvable:
		if pf.asJSON {
			if err := json.NewEncoder(e.stdout).Encode(res.Report); err != nil {
				fmt.Fprintf(e.stderr, "lightsout: %s: %v\n", in, err)
				return exitFail
			}
		} else {
			writePhotoText(e.stdout, res, o.Goal)
		}
		if res.Outcome == outUnsolvable {
			fmt.Fprintf(e.stderr, "lightsout: %s: %s\n", in, causeOf(res.Err))
			return exitFail
		}
		return exitOK
	}
	if pf.asJSON {
		json.NewEncoder(e.stdout).Encode(errorReport{File: in, Error: causeOf(res.Err)})
	}
	fmt.Fprintf(e.stderr, "lightsout: %s: %s\n", in, causeOf(res.Err))
	return exitFail
}

// errorReport is the JSON result of a photo that failed (SPEC.md: only
// file and error).
type errorReport struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// writePhotoText prints what solve found: the board, the presses, what
// it doubted or corrected, and where the annotated photo went.
func writePhotoText(w io.Writer, res *photoResult, goal solver.Goal) {
	rep := &res.Report
	fmt.Fprintf(w, "%s: %d×%d board, lowest cell confidence %.2f\n", rep.File, rep.Rows, rep.Cols, *rep.Confidence)
	if res.Override || len(rep.Corrected) > 0 {
		fmt.Fprintln(w, "as read (# lit, . unlit):")
		writeASCII(w, res.Read, '#', '.')
		fmt.Fprintln(w)
	}
	writeGridText(w, res.Board, goal, res.Sol, res.Steps, res.Steps != nil)
	fmt.Fprintln(w)
	switch {
	case res.Override && len(rep.Corrected) > 0:
		fmt.Fprintf(w, "--state changed %s from what was read\n", cellNames(rep.Corrected))
	case res.Override:
		fmt.Fprintln(w, "--state agrees with what was read")
	case len(rep.Corrected) > 0:
		fmt.Fprintf(w, "assumed misread: %s (the board as read is unsolvable; flipping %s, read with doubt, is by far the likeliest fix): check on the board, and re-run with --state if it differs\n",
			cellNames(rep.Corrected), plural(len(rep.Corrected), "this cell", "these cells"))
	}
	if res.Outcome == outUnsolvable {
		if len(res.Doubtful) > 0 {
			fmt.Fprintf(w, "most doubtful cells: %s: check them on the board and re-run with --state if one was misread\n", cellNames(res.Doubtful))
		} else {
			fmt.Fprintln(w, "every light that could change the verdict was read clearly: the board itself looks unsolvable (set up by hand?)")
		}
	}
	switch {
	case res.SizeUnsure && res.SizeGiven:
		fmt.Fprintf(w, "grid placement uncertain: check that the grid drawn on the photo covers the board's %d rows and %d columns\n", rep.Rows, rep.Cols)
	case res.SizeUnsure:
		fmt.Fprintf(w, "size uncertain: check that the board has %d rows and %d columns; if not, re-run with --size RxC\n", rep.Rows, rep.Cols)
	}
	if len(res.Doubted) > 0 {
		fmt.Fprintf(w, "uncertain: %s\n", cellNames(res.Doubted))
	}
	if rep.Output != "" {
		fmt.Fprintf(w, "wrote %s\n", rep.Output)
	}
}

func cellNames(cells [][2]int) string {
	names := make([]string, len(cells))
	for i, rc := range cells {
		names[i] = solver.CellName(rc[0], rc[1])
	}
	return strings.Join(names, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
