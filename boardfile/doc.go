// Package boardfile reads and writes Lights Out boards as files, streaming,
// so that boards of 16000×16000 cells and more cost only their packed bits.
//
// # In
//
// Read takes text or PNG (told apart by the PNG signature):
//   - text: one line per row, top row first, each cell 1 or # (lit) or 0 or
//     . (unlit); "\r\n" line ends, trailing spaces and trailing blank lines
//     are allowed. Every row must have the same length.
//   - PNG: one pixel per cell, lit when brighter than mid-grey (luminance
//     above half of full scale, after compositing over black). Gray, gray
//     with alpha, RGB, RGBA and palette images of any bit depth are read
//     row by row without decoding the whole image; interlaced PNGs are
//     decoded by image/png in one piece, cost their full pixel size, and
//     are refused past 2^25 pixels.
//
// # Out
//
// WriteText writes rows of 0 and 1; WritePNG writes a 1-bit grayscale PNG,
// set cells white, row by row. WriteFile picks PNG for a ".png" name and
// text otherwise.
//
// # Errors
//
// A malformed text file gives a *ParseError with the 1-based line and
// column of the problem; a PNG that cannot be read gives an error wrapping
// ErrPNG. ReadFile and WriteFile prefix errors with the file name. Boards
// larger than MaxCells are refused before they are read.
package boardfile
