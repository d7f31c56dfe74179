package solver

import (
	"fmt"
	"math/bits"
	"strings"
)

// Board is an R×C grid of bits stored row by row, each row padded to a
// whole number of 64-bit words. Bits past Cols in a row's last word are
// always zero; every method keeps that invariant.
type Board struct {
	Rows, Cols int
	stride     int // words per row
	bits       []uint64
}

// NewBoard returns an all-zero board. It panics if rows or cols is < 1.
func NewBoard(rows, cols int) *Board {
	if rows < 1 || cols < 1 {
		panic(fmt.Sprintf("solver: NewBoard(%d, %d): size must be at least 1×1", rows, cols))
	}
	stride := (cols + 63) / 64
	return &Board{Rows: rows, Cols: cols, stride: stride, bits: make([]uint64, rows*stride)}
}

// Get reports whether cell (r, c) is set.
func (b *Board) Get(r, c int) bool {
	b.check(r, c)
	return b.bits[r*b.stride+c/64]>>(c%64)&1 == 1
}

// Set sets cell (r, c) to v.
func (b *Board) Set(r, c int, v bool) {
	b.check(r, c)
	w := &b.bits[r*b.stride+c/64]
	if v {
		*w |= 1 << (c % 64)
	} else {
		*w &^= 1 << (c % 64)
	}
}

// Flip toggles cell (r, c).
func (b *Board) Flip(r, c int) {
	b.check(r, c)
	b.bits[r*b.stride+c/64] ^= 1 << (c % 64)
}

func (b *Board) check(r, c int) {
	if r < 0 || r >= b.Rows || c < 0 || c >= b.Cols {
		panic(fmt.Sprintf("solver: cell (%d, %d) outside %d×%d board", r, c, b.Rows, b.Cols))
	}
}

// Row returns the words of row r, bit c of the row being bit c%64 of word
// c/64. The slice aliases the board: writes change it, and callers must
// leave the padding bits past Cols zero.
func (b *Board) Row(r int) []uint64 {
	return b.bits[r*b.stride : (r+1)*b.stride]
}

// Count returns the number of set cells.
func (b *Board) Count() int {
	n := 0
	for _, w := range b.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Clone returns a deep copy of b.
func (b *Board) Clone() *Board {
	c := *b
	c.bits = append([]uint64(nil), b.bits...)
	return &c
}

// Equal reports whether a and b have the same shape and cells.
func (b *Board) Equal(o *Board) bool {
	if b.Rows != o.Rows || b.Cols != o.Cols {
		return false
	}
	for i, w := range b.bits {
		if o.bits[i] != w {
			return false
		}
	}
	return true
}

// Cells returns the coordinates [row, col] of the set cells in row-major order.
func (b *Board) Cells() [][2]int {
	var out [][2]int
	for r := 0; r < b.Rows; r++ {
		for i, w := range b.Row(r) {
			for w != 0 {
				c := i*64 + bits.TrailingZeros64(w)
				out = append(out, [2]int{r, c})
				w &= w - 1
			}
		}
	}
	return out
}

// Strings returns one string of '0' and '1' per row, top to bottom.
func (b *Board) Strings() []string {
	out := make([]string, b.Rows)
	var sb strings.Builder
	for r := range out {
		sb.Reset()
		for c := 0; c < b.Cols; c++ {
			if b.Get(r, c) {
				sb.WriteByte('1')
			} else {
				sb.WriteByte('0')
			}
		}
		out[r] = sb.String()
	}
	return out
}

// String returns the rows of b as '0'/'1' strings joined by "/".
func (b *Board) String() string { return strings.Join(b.Strings(), "/") }
