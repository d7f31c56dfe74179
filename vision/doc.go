// Package vision reads a Lights Out board from a photo.
//
// # What goes in
//
// An 8-bit BGR gocv.Mat, as Load or Decode return it (any size they
// accept; Load refuses images over a pixel limit before decoding), and an
// optional *Options: the board size when the caller knows it (--size RxC)
// and a folder for debug images.
//
// # What comes out
//
// Read returns a *Reading: the number of rows and columns, each light
// lit or unlit with a confidence in 0..1, the grid's outer corners in
// input pixels (clockwise from top-left) and the homography H from board
// cell units to input pixels. Row 0 is the row nearest the top of the
// photo, column 0 the leftmost, as SPEC.md fixes.
//
// # How
//
//  1. findLattices searches a downscaled copy for a regular lattice of
//     similar blobs (lit and unlit buttons) and returns a few grid
//     hypotheses, best first.
//  2. For each hypothesis the board is rectified (warped from the
//     full-resolution photo to a fixed size per cell) and every cell is
//     measured: the median brightness and mean saturation of its centre,
//     how uneven its centre is, and its rim (the gaps between cells).
//  3. The cells are split into two groups by 2-means on (log brightness,
//     saturation); the brighter group is lit. Everything is relative to
//     the board itself, so a dim room and daylight read alike.
//  4. When the cells form one group (all off or all on), the board's own
//     references decide: lit buttons stand clear of the gaps between
//     them and carry colour; unlit ones sit close to the case.
//  5. Read keeps the hypothesis whose cells split most clearly.
//
// # Confidence
//
// A cell's confidence measures its margin: how many pooled spreads of the
// two groups it lies from the threshold between them (two is a coin
// toss, five is sure). It is lowered for a cell whose centre is much less
// even than the other cells of its group (a glare spot, a cursor, the
// edge of a shadow), for all cells of a one-group board (whose verdict
// rests on weaker references), and capped at 0.45 when the grid finder
// was not sure of the number of rows and columns.
//
// Cells below UncertainBelow are listed by Reading.Uncertain. The rule
// the reader is built and tested for: a board read wrong comes back with
// at least one uncertain cell, or with an error, never wrong and sure.
//
// # Errors
//
// Errors wrap the sentinels ErrNoBoard (no grid found), ErrNotImage and
// ErrTooLarge (from Load and Decode); test them with errors.Is.
//
// # Debug images
//
// With Options.Debug set, Read writes numbered PNGs there: the candidate
// blobs, the lattice fits, and the rectified board with the cell grid and
// each cell's verdict (green outline lit, red unlit, the confidence in
// per cent, a yellow cross over uncertain cells).
package vision
