// Package solver solves Lights Out over GF(2).
//
// # What goes in
//
// A Board: R×C lights, any size from 1×1, bit-packed row by row
// (ParseBoard reads the typed form "101/001/100"), and a Goal, all lights
// off or all on. Pressing a cell toggles it and its up/down/left/right
// neighbours.
//
// # What comes out
//
// Solve returns a Solution: whether the board is solvable, the nullity d of
// the toggle matrix (a solvable board has 2^d solutions), a basis of its
// null space, and a solution with the fewest presses. Steps turns a
// solution into the light-chasing moves a player can follow by hand.
// Correct finds the cheapest cells to flip to make an unsolvable reading
// solvable (for photos whose lights were read with doubt). Press applies
// presses to a board.
//
// # How
//
// Grid boards are solved by light chasing: with the short side on top,
// every press is an affine function of the unknown top-row presses, so
// chasing a symbolic top row down the board gives a C×C system for the last
// row (O(R·C²/64) word operations), solved by Gauss-Jordan elimination
// (SolveDense); chasing the found top row once more gives the presses, and
// chasing each null vector of the C×C system gives the null basis of the
// board. The minimum is exact when d <= MaxExactNullity: a walk over the
// 2^d solutions in Gray-code order, or for larger d on wider boards one
// Walsh-Hadamard transform of the cells' null-space signatures; beyond
// that a greedy descent over the null basis returns a solution no worse
// than the first found, with Minimal false. Boards of more than 64×64
// cells go to a faster path for big boards (large.go) that returns the
// same Solution.
//
// Matrix and SolveDense are a plain dense GF(2) elimination for any toggle
// matrix; ToggleMatrix builds the plus pattern's, the reference the tests
// compare the chase against.
//
// # Variants
//
// Puzzle is the general toggle-matrix model for every other form of the
// game: GridPuzzle builds torus boards, other press shapes (ParsePattern:
// plus, x, plus-x, knight or an ASCII stencil) and per-cell shapes
// (ParseShapes, A not symmetric); Graph.Puzzle any graph (ParseGraph);
// States > 2 gives K-state lights. Puzzle.Solve eliminates the whole
// matrix: SolveM4RI for two states, Gauss-Jordan mod K for prime K, and a
// diagonalisation mod each prime power with the Chinese remainder theorem
// for composite K. See variant.go and gfk.go.
//
// # Guarantees and errors
//
// Every solution returned has been chased to the end: its presses solve the
// board. An unsolvable board gives an error wrapping ErrUnsolvable that
// names the failed parity checks (a check is a null vector n of the
// symmetric toggle matrix: every solvable board has an even number of
// lights to change among n's cells), taken from the basis of checks with
// the fewest cells so that a player can follow them. Malformed typed boards give a
// *ParseError with the 1-based row and column. Shape mismatches between
// arguments are caller bugs and panic. The package is pure Go and keeps no
// mutable package state: it is safe for concurrent use on distinct boards.
package solver
