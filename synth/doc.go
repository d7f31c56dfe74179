// Package synth renders labelled photos of Lights Out boards, for testing
// and tuning the photo reader (package vision) and for `lightsout verify`.
//
// # What goes in
//
// A seed and Options: a style (or any), a board size (or 2..10 each) and a
// pixel cap. Everything else is drawn from the seed: the lights, colours,
// the case, the scene, the camera pose and the damage a phone camera does.
//
// # What comes out
//
// Render returns the image (a gocv.Mat, BGR) and its label in the
// labels.json format of SPEC.md (package labels). Encode returns the bytes
// as they are written to disk; WriteSet writes a folder of them plus
// labels.json, which is what cmd/boardgen does.
//
// # Styles
//
// Photos (JPEG, quality 60..95) of physical boards: a handheld game with
// square translucent buttons (Tiger-like), a silicone LED keypad
// (Trellis-like), an escape-room panel (metal, wood or painted; round LED
// buttons, sometimes lit rings, widely spaced), arcade buttons, an LED dot
// matrix on a PCB, a membrane keypad with LED windows, and a game on a
// monitor, laptop or phone screen photographed at an angle. Screenshots
// (PNG, never warped): a game app in a larger phone, desktop or tablet
// interface (browser or window chrome, toolbars, buttons, text, level
// grids; flat, round, bevelled, glowing, outlined, bulb or ruled cells),
// and pixel-art emulator screens upscaled by an integer factor, often with
// an arrow, glove or frame cursor on a cell.
//
// Lights: every cell's colour is red, orange, yellow, white, green, cyan
// or blue (one colour, one per row or one per cell); unlit cells are grey,
// black, white or translucent; 7% of boards are all off and 7% all on;
// of the rest, three in four were reached by pressing buttons (so they
// can be solved) and one in four is any pattern, as if set up by hand.
// Options.Solvable draws only boards that can be solved.
//
// Photos vary: 0.3 to 12 MP (most at most 3 MP, about 5% over 6 MP), all
// common aspect ratios, portrait and landscape; the grid spans 10% to 85%
// of the short side (never under 14 pixels a cell); roll up to ±25° and
// perspective tilt up to 35°; backgrounds of wood, tiles, fabric or plain
// surfaces with clutter (paper, notes, pens, cables, mugs, keyboards,
// coins, phones) and a soft drop shadow under the board; dim rooms (only
// the lit lights stand out, the case faint), indoor light and daylight
// (lit and unlit close in brightness), gradients, vignetting and colour
// casts; shadows across the board, glare spots, bloom from lit buttons
// onto their neighbours, defocus and motion blur (bounded so a person
// could still read the board), sensor noise, a phone's sharpening, tone
// curve and colour fringes.
// Options.Uneven adds panels
// spaced differently across and down.
//
// # Guarantees
//
//   - The same seed and Options give the same image, bit for bit (no
//     OpenCV random numbers are used; all randomness comes from the seed).
//     Draws added after a style first shipped come from a second stream,
//     so existing seeds keep their look as the renderer grows.
//   - The label is exact: the board is drawn face-on and placed with one
//     homography, and Corners are that homography applied to the grid's
//     corners (0,0), (Cols,0), (Cols,Rows), (0,Rows) in board units, in
//     pixel coordinates whose integer values are pixel centres. Row 0 is
//     the row nearest the top of the image.
//   - Lights in the label are the truth; cells are never hidden by
//     clutter. A cursor in a screenshot covers part of a cell at most, as
//     on the real emulator screenshot.
//
// # Tuning and held-out seeds
//
// Seeds 1..99999 are the tuning set: develop and tune the reader on them
// freely (testdata/photos holds seeds 1..40, frozen; see its README). Seeds 100000..100199 are the
// held-out set: never commit them and never tune on them; report the
// reader's numbers on them separately:
//
//	boardgen -o /tmp/heldout -n 200 --seed 100000 && lightsout verify /tmp/heldout
//
// A further held-out set of real photos and unseen render styles is
// measured by the coordinator; build for the range above, not for this
// renderer.
package synth
