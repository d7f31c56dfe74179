// Package overlay draws a Lights Out solution back onto the photo it was
// read from.
//
// # In and out
//
// Draw takes the decoded photo (an 8-bit BGR gocv.Mat, as vision.Load
// returns it), the vision.Reading of the board in it, and Marks: the
// cells to press (in order, optionally numbered), the cells the reader
// doubts, the cells assumed misread, the goal, and whether the board is
// unsolvable. It draws in place; the Mat keeps its size, so the annotated
// photo has the input's size and orientation.
//
// # What is drawn
//
//   - A ring centred on each button to press, drawn in the board's own
//     perspective through Reading.H (an ellipse on a tilted board), in
//     three layers (dark outline, white, magenta core) so it stands out on
//     any background and on lit or unlit buttons. With Marks.Numbered the
//     ring holds its step number; a cell pressed twice shows both.
//   - An amber outline around each doubtful cell, and a thicker orange one
//     with a "?" around each cell assumed misread. When the reader was not
//     sure of the board's size, one amber outline around the whole grid
//     and a legend line asking to check the rows and columns, instead of
//     a box on every outer cell; when every cell is doubtful, the same
//     outline and a legend line saying so, instead of a box on each.
//   - A legend band along the image edge farther from the board: the press
//     count and the goal, or, for an unsolvable board, a red band saying so
//     and naming the most doubtful cells.
//
// # Guarantees
//
// Line widths and text sizes scale with the board's cell size and the
// image size, so a 220×176 screenshot and a 12 MP photo both read well.
// Draw allocates only small temporary Mats and closes them. It panics when
// the Mat is not 8-bit BGR or a cell lies outside the board (caller bugs).
package overlay
