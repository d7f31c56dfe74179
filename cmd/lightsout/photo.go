package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gocv.io/x/gocv"

	"lightsout/overlay"
	"lightsout/solver"
	"lightsout/vision"
)

// This file is the pipeline solve and batch share: load the photo, read
// the board, correct a likely misread, solve, draw the presses and write
// the annotated photo.

// photoOptions are the settings of one run over photos. The zero value
// infers the size, aims for all off and writes nothing extra.
type photoOptions struct {
	Rows, Cols int           // --size; 0, 0 infer it
	Goal       solver.Goal   // --goal
	State      *solver.Board // --state: the lights to solve instead of those read
	Steps      bool          // --steps: number the presses in light-chasing order
	Debug      string        // --debug: folder for vision's intermediate images
	MaxPixels  int           // pixel limit of the loader; 0 means vision.DefaultMaxPixels
	Serial     bool          // decode and read on the job's own core only (batch)
}

// outcome sorts a photo's result for the batch summary.
type outcome int

const (
	outSolved     outcome = iota
	outUnsolvable         // a board was read (and drawn) but no presses solve it
	outNoBoard            // the image decoded but holds no board
	outUnreadable         // not an image, too large, missing, a folder
	outFailed             // anything else, e.g. the output could not be written
	outSkipped            // batch: the output exists and --force was not given
)

// photoResult is what the pipeline learned about one photo.
type photoResult struct {
	Report  Report // complete when a board was read; else File only
	Outcome outcome
	// Err is the failure that stopped the photo, or for an unsolvable
	// board the solver's explanation; nil when solved. Its text is the
	// cause, without the file name.
	Err error
	// Read is the board as read, before any correction.
	Read *solver.Board
	// Doubtful are, for an unsolvable board, the cells most likely misread
	// among those that could make it solvable, least confident first.
	Doubtful [][2]int
	// Override is true when --state replaced the lights read.
	Override bool
	// SizeUnsure is true when the reader doubts the board's rows and
	// columns (with SizeGiven, --size: where its grid lies on the photo);
	// Doubted are the cells doubted on their own (or corrected), which
	// Report.Uncertain lists beside the outer cells of an unsure size.
	SizeUnsure bool
	SizeGiven  bool
	Doubted    [][2]int
	// Board is the board solved (as read, as overridden, or corrected)
	// and Sol its solution; nil when no board was read.
	Board *solver.Board
	Sol   *solver.Solution
	Steps []solver.Step
}

// Correction policy. A flip of cell (r, c) costs the log-odds that the
// reader got it right, from its confidence c in 0..1 read as a
// probability (1+c)/2 of being right, capped at maxFlipCost. A correction
// is accepted only when it is clearly the best explanation:
//   - it flips at most maxCorrectFlips cells, all of them uncertain
//     (confidence below vision.UncertainBelow): a board read with
//     confidence everywhere may really be unsolvable (set up by hand);
//   - its total cost is at most maxCorrectionCost: the fixed reading is
//     at most 4 times less likely than the reading as is, which a board
//     someone set up by hand (unsolvable, and read right) would give;
//   - every other flip set that makes the board solvable and leaves out at
//     least one of those cells costs correctionMargin more, that is, it is
//     at least 4 times less likely.
const (
	maxCorrectFlips   = 3
	maxFlipCost       = 7.6 // log-odds of 0.9995
	maxCorrectionCost = 1.386
	correctionMargin  = 1.386
)

// flipCost is the cost of assuming the reader got a cell of confidence
// conf wrong.
func flipCost(conf float64) float64 {
	p := 0.5 + 0.5*math.Min(math.Max(conf, 0), 1)
	if p >= 1 {
		return maxFlipCost
	}
	return math.Min(math.Log(p/(1-p)), maxFlipCost)
}

// correction returns the cells to flip in b, read with confidences conf,
// to make it solvable for goal, or nil when no correction is clearly the
// best (see the policy above).
func correction(b *solver.Board, goal solver.Goal, conf [][]float64, nullity int) [][2]int {
	if nullity > solver.MaxCorrectNullity || nullity == 0 {
		return nil
	}
	cost := make([][]float64, b.Rows)
	for r := range cost {
		cost[r] = make([]float64, b.Cols)
		for c := range cost[r] {
			cost[r][c] = flipCost(conf[r][c])
		}
	}
	best, err := solver.Correct(b, goal, cost, maxCorrectFlips)
	if err != nil || len(best) == 0 {
		return nil
	}
	bestCost := 0.0
	for _, rc := range best {
		if conf[rc[0]][rc[1]] >= vision.UncertainBelow {
			return nil
		}
		bestCost += cost[rc[0]][rc[1]]
	}
	if bestCost > maxCorrectionCost {
		return nil
	}
	// The runner-up: the cheapest fix that leaves out one of best's cells.
	for _, rc := range best {
		saved := cost[rc[0]][rc[1]]
		cost[rc[0]][rc[1]] = math.Inf(1)
		alt, err := solver.Correct(b, goal, cost, maxCorrectFlips)
		cost[rc[0]][rc[1]] = saved
		if err != nil {
			continue // no other fix within maxCorrectFlips
		}
		altCost := 0.0
		for _, a := range alt {
			altCost += cost[a[0]][a[1]]
		}
		if altCost-bestCost < correctionMargin {
			return nil
		}
	}
	return best
}

// doubtfulBelow is the confidence under which a cell that could make an
// unsolvable board solvable is named as doubtful.
const doubtfulBelow = 0.9

// doubtful returns up to n cells read with confidence under doubtfulBelow
// that lie in a failed parity check (flipping one of them changes the
// verdict), least confident first; none when every such cell was read
// clearly, and the board itself is then likely unsolvable.
func doubtful(s *solver.Solution, conf [][]float64, n int) [][2]int {
	seen := map[[2]int]bool{}
	cells := [][2]int{}
	for _, ch := range s.Failed {
		for _, rc := range ch.Cells {
			if !seen[rc] && conf[rc[0]][rc[1]] < doubtfulBelow {
				seen[rc] = true
				cells = append(cells, rc)
			}
		}
	}
	sort.SliceStable(cells, func(i, j int) bool {
		return conf[cells[i][0]][cells[i][1]] < conf[cells[j][0]][cells[j][1]]
	})
	return cells[:min(n, len(cells))]
}

// minImageSide is the smallest width or height that can hold a board
// the reader can find (2×2 cells of a few pixels each).
const minImageSide = 8

// solvePhoto runs the pipeline on the photo at in and, when out is not
// "", writes the annotated photo there (replacing an existing file only
// when replace is true). It never returns a nil *photoResult.
func solvePhoto(in, out string, replace bool, o *photoOptions) *photoResult {
	res := &photoResult{Report: Report{File: in}}
	fail := func(oc outcome, err error) *photoResult {
		res.Outcome, res.Err = oc, err
		return res
	}
	ph, err := vision.Open(in, &vision.OpenOptions{MaxPixels: o.MaxPixels, Serial: o.Serial})
	if err != nil {
		return fail(outUnreadable, err)
	}
	defer ph.Close()
	rows, cols := o.Rows, o.Cols
	if o.State != nil && rows == 0 {
		rows, cols = o.State.Rows, o.State.Cols
	}
	// A large JPEG is still decoding while the board is found on a
	// reduced copy; its errors come first.
	rd, readErr := ph.Read(&vision.Options{Rows: rows, Cols: cols, Debug: o.Debug, Serial: o.Serial})
	img, err := ph.Image()
	if err != nil {
		return fail(outUnreadable, err)
	}
	if img.Cols() < minImageSide || img.Rows() < minImageSide {
		return fail(outNoBoard, fmt.Errorf("%w (the image is only %d×%d pixels)", vision.ErrNoBoard, img.Cols(), img.Rows()))
	}
	if readErr != nil {
		if errors.Is(readErr, vision.ErrNoBoard) {
			return fail(outNoBoard, readErr)
		}
		return fail(outFailed, readErr)
	}

	read := rd.Board()
	res.Read = read
	rep := &res.Report
	rep.Rows, rep.Cols, rep.Lights = rd.Rows, rd.Cols, read.Strings()
	for _, p := range rd.Corners {
		rep.Corners = append(rep.Corners, [2]float64{round2(p.X), round2(p.Y)})
	}
	conf := round2(rd.MinConfidence())
	rep.Confidence = &conf
	uncertain := rd.Uncertain()

	// The board to solve: as read, as the user typed it, or corrected.
	board := read
	corrected := [][2]int{}
	sol, solveErr := solver.Solve(read, o.Goal)
	switch {
	case o.State != nil:
		if o.State.Rows != rd.Rows || o.State.Cols != rd.Cols {
			return fail(outFailed, fmt.Errorf("--state is %d×%d but the board in the photo is %d×%d", o.State.Rows, o.State.Cols, rd.Rows, rd.Cols))
		}
		res.Override = true
		board = o.State
		for _, rc := range read.Cells() {
			if !o.State.Get(rc[0], rc[1]) {
				corrected = append(corrected, rc)
			}
		}
		for _, rc := range o.State.Cells() {
			if !read.Get(rc[0], rc[1]) {
				corrected = append(corrected, rc)
			}
		}
		sortCells(corrected)
		sol, solveErr = solver.Solve(board, o.Goal)
	case solveErr != nil && errors.Is(solveErr, solver.ErrUnsolvable):
		if fix := correction(read, o.Goal, rd.Confidence, sol.Nullity); fix != nil {
			board = read.Clone()
			for _, rc := range fix {
				board.Flip(rc[0], rc[1])
			}
			fixed, err := solver.Solve(board, o.Goal)
			if err != nil { // Correct promised a solvable board
				return fail(outFailed, fmt.Errorf("correcting %v: %w", fix, err))
			}
			sol, solveErr, corrected = fixed, nil, fix
		}
	}
	if solveErr != nil && !errors.Is(solveErr, solver.ErrUnsolvable) {
		return fail(outFailed, solveErr)
	}
	res.Board, res.Sol = board, sol
	rep.Uncertain = mergeCells(uncertain, corrected)
	rep.Corrected = corrected
	rep.Goal = o.Goal.String()
	rep.Solvable = sol.Solvable
	rep.Presses = [][2]int{}
	rep.Solutions = Solutions{Solvable: sol.Solvable, Nullity: sol.Nullity}
	rep.Minimal = sol.Minimal
	res.SizeUnsure, res.Doubted = !rd.SizeSure, mergeCells(rd.LowConfidence(), corrected)
	res.SizeGiven = o.Rows > 0
	marks := overlay.Marks{Uncertain: res.Doubted, SizeUnsure: res.SizeUnsure, SizeGiven: res.SizeGiven,
		Corrected: corrected, Override: res.Override, Goal: o.Goal.String()}
	if sol.Solvable {
		res.Outcome = outSolved
		if cells := sol.Presses.Cells(); cells != nil {
			rep.Presses = cells
		}
		rep.PressCount = sol.PressCount
		marks.Presses = rep.Presses
		if o.Steps {
			steps, err := solver.Steps(board, o.Goal, sol.Presses)
			if err != nil {
				return fail(outFailed, fmt.Errorf("steps: %w", err))
			}
			res.Steps = steps
			marks.Presses, marks.Numbered = nil, true
			for _, st := range steps {
				marks.Presses = append(marks.Presses, st.Cells...)
			}
		}
	} else {
		res.Outcome, res.Err = outUnsolvable, solveErr
		res.Doubtful = doubtful(sol, rd.Confidence, 5)
		marks.Unsolvable, marks.Doubtful = true, res.Doubtful
	}
	if out == "" {
		return res
	}
	overlay.Draw(img, rd, marks)
	if err := writePhoto(img, out, replace); err != nil {
		return fail(outFailed, err)
	}
	rep.Output = out
	return res
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// mergeCells returns the union of two cell lists in row-major order, as
// a non-nil slice.
func mergeCells(a, b [][2]int) [][2]int {
	seen := map[[2]int]bool{}
	out := [][2]int{}
	for _, l := range [][][2]int{a, b} {
		for _, rc := range l {
			if !seen[rc] {
				seen[rc] = true
				out = append(out, rc)
			}
		}
	}
	sortCells(out)
	return out
}

func sortCells(cells [][2]int) {
	sort.Slice(cells, func(i, j int) bool {
		if cells[i][0] != cells[j][0] {
			return cells[i][0] < cells[j][0]
		}
		return cells[i][1] < cells[j][1]
	})
}

// Output formats: JPEG at quality 92, everything else lossless.
const jpegQuality = 92

// outputExt returns the extension of the annotated copy of a photo named
// in: the input's own for the formats OpenCV writes (JPEG, PNG, BMP,
// TIFF, WebP), .png otherwise (GIF, or no extension).
func outputExt(in string) string {
	ext := filepath.Ext(in)
	switch strings.ToLower(ext) {
	case ".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp":
		return ext
	}
	return ".png"
}

// encodeParams returns what gocv.IMEncodeWithParams needs for a file
// with extension ext, or false when OpenCV cannot write it.
func encodeParams(ext string) (gocv.FileExt, []int, bool) {
	switch strings.ToLower(ext) {
	case ".jpg", ".jpeg":
		return gocv.JPEGFileExt, []int{gocv.IMWriteJpegQuality, jpegQuality}, true
	case ".png":
		return gocv.PNGFileExt, []int{gocv.IMWritePngCompression, 3}, true
	case ".webp":
		return ".webp", []int{gocv.IMWriteWebpQuality, 101}, true // above 100: lossless
	case ".bmp", ".tif", ".tiff":
		// The parameter is ignored by these encoders; gocv needs one.
		return gocv.FileExt(strings.ToLower(ext)), []int{gocv.IMWriteJpegQuality, jpegQuality}, true
	}
	return "", nil, false
}

// errOutputExists is wrapped when an output would replace a file and
// replacing was not asked for.
var errOutputExists = errors.New("output exists")

// writePhoto encodes img in the format of out's extension and writes it.
// Without replace it never replaces an existing file (the file is
// created exclusively); with replace it writes a temporary file beside
// out and renames it over, so a reader never sees a half-written photo.
func writePhoto(img gocv.Mat, out string, replace bool) error {
	ext, params, ok := encodeParams(filepath.Ext(out))
	if !ok {
		return fmt.Errorf("output %s: cannot write %q files (use .jpg, .png, .bmp, .tiff or .webp)", out, filepath.Ext(out))
	}
	buf, err := gocv.IMEncodeWithParams(ext, img, params)
	if err != nil {
		return fmt.Errorf("encoding %s: %w", out, err)
	}
	defer buf.Close()
	data := buf.GetBytes()
	if len(data) == 0 {
		return fmt.Errorf("encoding %s: OpenCV wrote nothing", out)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	if !replace {
		f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%w: %s (kept; --force replaces it)", errOutputExists, out)
		}
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			os.Remove(out)
			return err
		}
		if err := f.Close(); err != nil {
			os.Remove(out)
			return err
		}
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// sameFile reports whether paths a and b name the same file: the same
// cleaned absolute path, or the same existing file (hard links, symlinks).
func sameFile(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == bb {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// causeOf returns an error's text for a one-line message.
func causeOf(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", " ")
}
