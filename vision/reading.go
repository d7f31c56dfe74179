package vision

import "errors"

// Sentinel errors; callers test them with errors.Is. Errors returned by
// this package wrap them with the cause.
var (
	// ErrNoBoard means no grid of lights was found in the image.
	ErrNoBoard = errors.New("no board found")
	// ErrNotImage means the file is not an image that can be decoded.
	ErrNotImage = errors.New("not a readable image")
	// ErrTooLarge means the image declares more pixels than Options.MaxPixels.
	ErrTooLarge = errors.New("image too large")
)

// Point is a position in input-image pixels, x to the right, y down.
type Point struct{ X, Y float64 }

// Reading is what the reader saw of one board in one photo.
type Reading struct {
	Rows, Cols int
	// Lit[r][c] reports whether the light at row r, column c is on.
	Lit [][]bool
	// Confidence[r][c] in 0..1 is how sure the reader is of Lit[r][c]:
	// of the light's state, the size aside.
	Confidence [][]float64
	// SizeSure reports that the reader is sure of Rows and Cols. When
	// false, a row or column may be missing or one too many (or the grid
	// shifted by one): the outer rows and columns, the cells whose
	// existence is in doubt, are listed by Uncertain.
	SizeSure bool
	// Corners are the outer corners of the grid of cells in input pixels,
	// clockwise from top-left.
	Corners [4]Point
	// H is the 3×3 homography, row-major, that maps board coordinates
	// (u, v) = (column, row) in cell units, (0, 0) being the grid's
	// top-left corner and (Cols, Rows) its bottom-right corner, to
	// input-image pixels. The centre of cell (r, c) is (c+0.5, r+0.5).
	H [9]float64
	// Unreachable lists, when the lights as read have no solution, the
	// cells of the parity checks they fail, row-major; it is empty when
	// they have one. Every position a game reaches by presses has a
	// solution (for either goal), so one of these lights is misread
	// unless the board was set up by hand: Uncertain lists them.
	Unreachable [][2]int
}

// Project maps board coordinates (u, v) in cell units to image pixels
// through r.H.
func (r *Reading) Project(u, v float64) Point {
	h := &r.H
	w := h[6]*u + h[7]*v + h[8]
	return Point{(h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w}
}

// CellCentre returns the centre of cell (row, col) in image pixels.
func (r *Reading) CellCentre(row, col int) Point {
	return r.Project(float64(col)+0.5, float64(row)+0.5)
}
