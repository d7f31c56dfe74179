package vision

import (
	"errors"
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"

	"lightsout/solver"
)

// Options tune Read. The zero value (or a nil *Options) means defaults.
type Options struct {
	// Rows and Cols fix the board size (--size RxC sets both); 0 and 0
	// mean infer it (2..12 each). Setting only one of them is an error.
	Rows, Cols int
	// Debug is a folder that receives the intermediate images (candidate
	// blobs, lattice fits, the rectified board with each cell's verdict)
	// and a text table of each cell's verdict and measures; "" writes none.
	Debug string
	// Serial keeps the reader's work on the caller's goroutine, for
	// callers that already keep every core busy (batch solves one photo
	// per core); the reading is the same either way.
	Serial bool
	// side is the long side of the grid finder's first look (workSide
	// when 0); Photo.Read sets fineSide for large screenshots.
	side int
}

// workers is how many goroutines the reader (grid finder, classifier)
// may use.
func (o *Options) workers() int {
	if o.Serial {
		return 1
	}
	return 0
}

// orDefault returns a copy of o (the defaults when o is nil), checked.
func (o *Options) orDefault() (Options, error) {
	var c Options
	if o != nil {
		c = *o
	}
	if c.Rows < 0 || c.Cols < 0 || (c.Rows == 0) != (c.Cols == 0) {
		return c, fmt.Errorf("board size %d×%d: give both rows and columns, or neither", c.Rows, c.Cols)
	}
	if c.Rows != 0 && !SizeInRange(c.Rows, c.Cols) {
		return c, fmt.Errorf("board size %d×%d: the reader finds boards of %d to %d rows and columns", c.Rows, c.Cols, MinSide, MaxSide)
	}
	return c, nil
}

// MinSide and MaxSide bound the rows and the columns of the boards Read
// finds, given or inferred.
const (
	MinSide = 2
	MaxSide = maxCells
)

// SizeInRange reports whether a rows×cols board is one Read finds: each
// side from MinSide to MaxSide.
func SizeInRange(rows, cols int) bool {
	return min(rows, cols) >= MinSide && max(rows, cols) <= MaxSide
}

// maxHypotheses is how many of the grid finder's hypotheses Read
// considers: refineHypotheses refines those that could win, and the
// first that can be measured is read.
const maxHypotheses = maxLattices

// Read finds the board in img (8-bit BGR, grey or BGRA) and reads every
// light. Errors wrap ErrNoBoard when no grid is found.
func Read(img gocv.Mat, opts *Options) (*Reading, error) {
	o, err := opts.orDefault()
	if err != nil {
		return nil, err
	}
	if img.Empty() {
		return nil, fmt.Errorf("empty image: %w", ErrNoBoard)
	}
	bgr := img
	switch img.Channels() {
	case 3:
	case 1, 4:
		code := gocv.ColorGrayToBGR
		if img.Channels() == 4 {
			code = gocv.ColorBGRAToBGR
		}
		bgr = gocv.NewMat()
		defer bgr.Close()
		gocv.CvtColor(img, &bgr, code)
	default:
		return nil, fmt.Errorf("%d colour channels: %w", img.Channels(), ErrNotImage)
	}
	if bgr.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("pixel type %v, want 8-bit: %w", img.Type(), ErrNotImage)
	}
	dbg, err := newDebugger(o.Debug)
	if err != nil {
		return nil, err
	}
	if o.Rows > 0 {
		// A given size is most often the one the reader doubted: when
		// the grid it infers has that size, it is better placed than
		// a window of that size fitted to the blobs.
		if l, ok := inferredAtSize(bgr, &o, dbg); ok {
			if r, err := readLattices(bgr, []lattice{l}, &o, dbg); err == nil {
				return r, nil
			}
		}
	}
	ls, err := findLatticesAt(bgr, o.side, o.Rows, o.Cols, o.workers(), dbg)
	if err != nil {
		return nil, err
	}
	return readLattices(bgr, ls, &o, dbg)
}

// inferredAtSize finds and refines grids as Read does when the size is
// not given, and returns the first of the hypotheses Read would try
// that has the size o gives, marked sure. Its debug images come first
// when the finder must then fit a window of that size.
func inferredAtSize(bgr gocv.Mat, o *Options, dbg *debugger) (lattice, bool) {
	ls, err := findLattices(bgr, 0, 0, o.workers(), dbg)
	if err != nil {
		return lattice{}, false
	}
	ls = refineHypotheses(bgr, ls)
	for i, l := range ls {
		if i == maxHypotheses {
			break
		}
		if l.rows == o.Rows && l.cols == o.Cols {
			l.sizeSure = true
			return l, true
		}
	}
	return lattice{}, false
}

// readLattices refines the grid finder's hypotheses ls over bgr, the
// full-resolution 8-bit BGR photo, and reads the first that can be
// measured.
func readLattices(bgr gocv.Mat, ls []lattice, o *Options, dbg *debugger) (*Reading, error) {
	if o.Rows == 0 {
		// Grow or shrink each grid by its lines' likeness to the board's
		// buttons, and let a clearly better rival go first (extent.go);
		// a given size is the user's.
		ls = refineHypotheses(bgr, ls)
	}
	// The grid finder ranks its hypotheses; the classifier cannot rank
	// them better (a wrong grid over case and background often splits
	// as cleanly as the board), so the first one that can be measured
	// is read.
	var l lattice
	var v *verdict
	var err error
	next := 0 // the hypotheses from here on are unread
	for i, c := range ls {
		if i == maxHypotheses {
			break
		}
		if v, err = classify(bgr, c.h, c.rows, c.cols, o.workers(), dbg); err == nil {
			l, next = c, i+1
			break
		}
	}
	if v == nil {
		return nil, fmt.Errorf("no grid hypothesis could be measured: %w", ErrNoBoard)
	}
	if o.Rows == 0 {
		// A given size is the user's.
		if g, gv, ok := litLine(bgr, l, v, o.workers(), dbg); ok {
			l, v = g, gv
		}
	}
	if v.oneGroup && !v.lit[0][0] && litRival(bgr, l, ls[next:min(len(ls), maxHypotheses)], o.workers()) {
		// An all-off board is seldom photographed to be solved; beside
		// another grid that shows lights it may be a keypad or tiles
		// that the finder ranked first.
		v.extentDoubt = true
		v.why["rival"] = l.rows * l.cols
	}
	r := &Reading{Rows: l.rows, Cols: l.cols, Lit: v.lit, Confidence: v.conf, H: l.h,
		// The finder's doubt, and the classifier's evidence that the
		// extent is wrong (a lit button just outside, a phantom edge
		// line), are about the size, not about each light.
		SizeSure: l.sizeSure && !v.extentDoubt}
	r.Unreachable = unreachable(r.Board())
	c, rr := float64(l.cols), float64(l.rows)
	r.Corners = [4]Point{r.Project(0, 0), r.Project(c, 0), r.Project(c, rr), r.Project(0, rr)}
	return r, nil
}

// Uncertain lists the cells the reader is not sure of, row-major, as
// [row, col] pairs; an empty (non-nil) list when none. Those are the
// cells whose confidence is below UncertainBelow, when the size is not
// sure every cell of the outer rows and columns, and the cells of
// Unreachable.
func (r *Reading) Uncertain() [][2]int {
	parity := make(map[[2]int]bool, len(r.Unreachable))
	for _, rc := range r.Unreachable {
		parity[rc] = true
	}
	out := [][2]int{}
	for i, row := range r.Confidence {
		for j, c := range row {
			if c < UncertainBelow || (!r.SizeSure && r.outer(i, j)) || parity[[2]int{i, j}] {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// Board returns the lights as read, as a board to solve.
func (r *Reading) Board() *solver.Board {
	b := solver.NewBoard(r.Rows, r.Cols)
	for i, row := range r.Lit {
		for j, on := range row {
			b.Set(i, j, on)
		}
	}
	return b
}

// unreachable returns the cells of the parity checks that b's lights
// fail, row-major, or none when they have a solution (Reading.Unreachable).
func unreachable(b *solver.Board) [][2]int {
	sol, err := solver.Solve(b, solver.GoalOff)
	if !errors.Is(err, solver.ErrUnsolvable) {
		return [][2]int{}
	}
	in := map[[2]int]bool{}
	for _, ch := range sol.Failed {
		for _, rc := range ch.Cells {
			in[rc] = true
		}
	}
	out := [][2]int{}
	for r := range b.Rows {
		for c := range b.Cols {
			// Checks too large to list (not on boards a photo holds):
			// any light may be the one.
			if in[[2]int{r, c}] || len(in) == 0 {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// LowConfidence lists the cells whose own confidence is below
// UncertainBelow, row-major: Uncertain without the outer rows and
// columns that an unsure size adds.
func (r *Reading) LowConfidence() [][2]int {
	out := [][2]int{}
	for i, row := range r.Confidence {
		for j, c := range row {
			if c < UncertainBelow {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// outer reports whether cell (i, j) lies in an outer row or column.
func (r *Reading) outer(i, j int) bool {
	return i == 0 || j == 0 || i == len(r.Confidence)-1 || j == len(r.Confidence[i])-1
}

// MinConfidence is the lowest per-cell confidence (SPEC "confidence"),
// 0 for a reading without cells. When the size is not sure it is at
// most unsureSizeCap: the outer cells may not exist.
func (r *Reading) MinConfidence() float64 {
	m := math.Inf(1)
	for _, row := range r.Confidence {
		for _, c := range row {
			m = math.Min(m, c)
		}
	}
	if math.IsInf(m, 1) {
		return 0
	}
	if !r.SizeSure {
		m = math.Min(m, unsureSizeCap)
	}
	return m
}

// Doubtful reports whether the reader flags doubt about r: some cell is
// uncertain.
func (r *Reading) Doubtful() bool { return len(r.Uncertain()) > 0 }

// rivalScore is the least share of the chosen grid's score a rival
// grid must have to put it in doubt, and (finerRival) the least share
// of the pick's pickValue a finer rival must have to go before it.
const rivalScore = 0.4

// litRival reports whether a hypothesis of ls other than l, apart from
// it in the photo (neither grid's centre inside the other), reads as
// two groups of lights or all lit; workers as for classify.
func litRival(bgr gocv.Mat, l lattice, ls []lattice, workers int) bool {
	for _, c := range ls {
		if c.score < rivalScore*l.score || inside(&l, &c) || inside(&c, &l) {
			continue
		}
		if v, err := classify(bgr, c.h, c.rows, c.cols, workers, nil); err == nil && (!v.oneGroup || v.lit[0][0]) {
			return true
		}
	}
	return false
}

// inside reports whether b's centre lies inside a's grid.
func inside(a, b *lattice) bool {
	c := b.project(float64(b.cols)/2, float64(b.rows)/2)
	corners := a.corners()
	var pts []image.Point
	for _, p := range append(corners[:], c) {
		if !(math.Abs(p.X) < 1e7 && math.Abs(p.Y) < 1e7) {
			// Off to infinity (or NaN): no test to trust; say inside,
			// so the grid is no rival.
			return true
		}
		pts = append(pts, image.Pt(int(math.Round(p.X)), int(math.Round(p.Y))))
	}
	pv := gocv.NewPointVectorFromPoints(pts[:4])
	defer pv.Close()
	return gocv.PointPolygonTest(pv, pts[4], false) >= 0
}

// litLine returns the grid l grown by the line just outside it that
// holds every lit-looking button in a lit button's colour that v found
// there (verdict.outside), read again, when they lie on one side, none
// at a corner, the grown grid has at most 10 lines a side, and it reads
// those buttons lit, nothing else of the new line lit, at least half of
// the line unlit, and l's own cells as v did. In a dim room only the lit
// buttons show: a line of the board with one light on looks like the
// case around it but for that light, and the finder leaves it out. The
// grown grid's size stays unsure. workers and dbg as for classify; the
// debug images show the grown grid's reading only when it is kept.
func litLine(bgr gocv.Mat, l lattice, v *verdict, workers int, dbg *debugger) (lattice, *verdict, bool) {
	side, ok := litLineSide(v.outside, l.rows, l.cols)
	if !ok {
		return l, v, false
	}
	// (dr, dc) is where l's cell (0, 0) lies in the grown grid.
	g, dr, dc := l, 0, 0
	switch side {
	case 0:
		g, dr = shiftLattice(l, 0, -1, l.rows+1, l.cols), 1
	case 1:
		g = shiftLattice(l, 0, 0, l.rows+1, l.cols)
	case 2:
		g, dc = shiftLattice(l, -1, 0, l.rows, l.cols+1), 1
	default:
		g = shiftLattice(l, 0, 0, l.rows, l.cols+1)
	}
	if max(g.rows, g.cols) > 10 {
		return l, v, false
	}
	gv, err := classify(bgr, g.h, g.rows, g.cols, workers, nil)
	if err != nil {
		return l, v, false
	}
	for _, p := range v.outside {
		// Ring cell (r, c) of measure's grid is l's cell (r-1, c-1).
		if !gv.lit[p[0]-1+dr][p[1]-1+dc] {
			return l, v, false
		}
	}
	// The new line reads lit there and nowhere else, and at least half
	// unlit: a line lit all along is more often a bright strip of case,
	// a label or the background.
	n, lit := 0, 0
	for r, row := range gv.lit {
		for c, on := range row {
			if r-dr < 0 || r-dr >= l.rows || c-dc < 0 || c-dc >= l.cols {
				n++
				lit += b2i(on)
			}
		}
	}
	if lit != len(v.outside) || 2*lit > n {
		return l, v, false
	}
	for r, row := range v.lit {
		for c, on := range row {
			if gv.lit[r+dr][c+dc] != on {
				return l, v, false
			}
		}
	}
	if dbg.enabled() {
		// The same reading again, for its debug images.
		if dv, err := classify(bgr, g.h, g.rows, g.cols, workers, dbg); err == nil {
			gv = dv
		}
	}
	gv.extentDoubt = true
	gv.why["litline"] = g.rows * g.cols
	return g, gv, true
}

// litLineSide returns the side of a grid of rows × cols (0 top, 1
// bottom, 2 left, 3 right) on which every cell of out lies, as ring
// cells of measure's grid (see verdict.outside); false when they lie on
// more than one side or at a corner, or there are none, or one is not
// of the ring.
func litLineSide(out [][2]int, rows, cols int) (int, bool) {
	side := -1
	for _, p := range out {
		r, c := p[0], p[1]
		var s int
		switch {
		case (r == 0 || r == rows+1) && (c == 0 || c == cols+1):
			return 0, false
		case r == 0:
			s = 0
		case r == rows+1:
			s = 1
		case c == 0:
			s = 2
		case c == cols+1:
			s = 3
		default:
			return 0, false
		}
		if side >= 0 && s != side {
			return 0, false
		}
		side = s
	}
	return side, side >= 0
}
