package solver

import (
	"fmt"
)

// This file holds light chasing, the grid solver: the presses of row r+1
// are forced by the lights of row r, so the whole solution is a function of
// the top row. Chasing a symbolic top row gives the C×C system the last row
// must satisfy (topRowSystem); its solution, chased once more (chase), is
// the solution of the board. Boards are oriented with Cols <= Rows first.

// lastMask returns the mask of the valid bits in the last word of a row of
// cols bits.
func lastMask(cols int) uint64 {
	if cols%64 == 0 {
		return ^uint64(0)
	}
	return 1<<(cols%64) - 1
}

// spread XORs into dst the cells that presses src in one row toggle in that
// same row: src and its left and right neighbours. Both have the same
// number of words for a row of cols bits.
func spread(dst, src []uint64, cols int) {
	n := len(src)
	var carry uint64 // bit 63 of the previous word, shifted in as bit 0
	for k := 0; k < n; k++ {
		w := src[k]
		var next uint64
		if k+1 < n {
			next = src[k+1]
		}
		dst[k] ^= w ^ (w<<1 | carry) ^ (w>>1 | next<<63)
		carry = w >> 63
	}
	dst[n-1] &= lastMask(cols)
}

func xorWords(dst, src []uint64) {
	for k, w := range src {
		dst[k] ^= w
	}
}

func isZero(v []uint64) bool {
	for _, w := range v {
		if w != 0 {
			return false
		}
	}
	return true
}

// Press returns the board b after pressing every cell set in presses. It
// panics if the two boards differ in shape.
func Press(b, presses *Board) *Board {
	mustSameShape("Press", b, presses)
	out := b.Clone()
	for r := 0; r < b.Rows; r++ {
		row := out.Row(r)
		spread(row, presses.Row(r), b.Cols)
		if r > 0 {
			xorWords(row, presses.Row(r-1))
		}
		if r+1 < b.Rows {
			xorWords(row, presses.Row(r+1))
		}
	}
	return out
}

func mustSameShape(fn string, a, b *Board) {
	if a.Rows != b.Rows || a.Cols != b.Cols {
		panic(fmt.Sprintf("solver: %s: %d×%d board with %d×%d presses", fn, a.Rows, a.Cols, b.Rows, b.Cols))
	}
}

// Transpose returns the Cols×Rows board whose cell (c, r) is b's (r, c).
func (b *Board) Transpose() *Board {
	t := NewBoard(b.Cols, b.Rows)
	transposeBits(t.bits, t.stride, b.bits, b.stride, b.Rows)
	return t
}

// chase presses top in row 0 and then, row by row, every cell below a cell
// of the previous row whose toggle count does not yet match t (t marks the
// cells that must toggle; nil means none). It returns the presses and the
// residue: the cells of the last row that do not match t (all zero iff the
// presses solve t). top has b's row stride.
func chase(rows, cols int, t *Board, top []uint64) (x *Board, residue []uint64) {
	x = NewBoard(rows, cols)
	n := len(x.bits)
	x.bits = make([]uint64, n+x.stride) // one allocation for presses and residue
	residue, x.bits = x.bits[n:], x.bits[:n:n]
	copy(x.Row(0), top)
	for r := 0; r+1 < rows; r++ {
		next := x.Row(r + 1)
		if t != nil {
			copy(next, t.Row(r))
		}
		spread(next, x.Row(r), cols)
		if r > 0 {
			xorWords(next, x.Row(r-1))
		}
	}
	if t != nil {
		copy(residue, t.Row(rows-1))
	}
	spread(residue, x.Row(rows-1), cols)
	if rows > 1 {
		xorWords(residue, x.Row(rows-2))
	}
	return x, residue
}

// topRowSystem chases a symbolic top row through t: every press is an
// affine function of the C unknown top-row presses, a vector of C+1 bits
// (bit C the constant). The last row must come out matching t, which gives
// C equations: m·p = v, m being C×C. It costs O(R·C·C/64) word operations
// and O(C·C/64) memory.
func topRowSystem(t *Board) (m *Matrix, v []uint64) {
	R, C := t.Rows, t.Cols
	W := VecWords(C + 1)
	constWord, constBit := C/64, uint64(1)<<(C%64)
	buf := make([]uint64, 3*C*W)
	prev, cur, next := buf[:C*W], buf[C*W:2*C*W], buf[2*C*W:]
	for c := 0; c < C; c++ {
		cur[c*W+c/64] = 1 << (c % 64)
	}
	// step computes into out, for every column c, the toggles cell (r, c)
	// gets from presses cur (row r) and prev (row r-1), plus t[r][c].
	step := func(out []uint64, r int) {
		trow := t.Row(r)
		if W == 1 { // the common case, one word per cell
			for c := 0; c < C; c++ {
				o := cur[c] ^ prev[c]
				if c > 0 {
					o ^= cur[c-1]
				}
				if c+1 < C {
					o ^= cur[c+1]
				}
				if trow[0]>>c&1 == 1 {
					o ^= constBit
				}
				out[c] = o
			}
			return
		}
		for c := 0; c < C; c++ {
			o := out[c*W : (c+1)*W]
			copy(o, cur[c*W:(c+1)*W])
			xorWords(o, prev[c*W:(c+1)*W])
			if c > 0 {
				xorWords(o, cur[(c-1)*W:c*W])
			}
			if c+1 < C {
				xorWords(o, cur[(c+1)*W:(c+2)*W])
			}
			if trow[c/64]>>(c%64)&1 == 1 {
				o[constWord] ^= constBit
			}
		}
	}
	for r := 0; r+1 < R; r++ {
		step(next, r)
		prev, cur, next = cur, next, prev
	}
	step(next, R-1)
	m = NewMatrix(C, C)
	v = make([]uint64, VecWords(C))
	mask := lastMask(C)
	for c := 0; c < C; c++ {
		eq := next[c*W : (c+1)*W]
		row := m.Row(c)
		copy(row, eq[:len(row)])
		row[len(row)-1] &= mask
		if eq[constWord]&constBit != 0 {
			v[c/64] |= 1 << (c % 64)
		}
	}
	return m, v
}

// eliminate solves the top-row system. It is the seam for a faster
// elimination on very wide boards; SolveDense is exact for any size.
func eliminate(m *Matrix, v []uint64) (p []uint64, null [][]uint64, ok bool) {
	return SolveDense(m, v)
}

// solveGrid solves A·x = t for the plus pattern by light chasing, for any
// orientation (it transposes internally so that the top row is the short
// side). It returns one solution x0 (nil when there is none), a basis of
// the null space of A, and whether t is solvable.
func solveGrid(t *Board) (x0 *Board, null []*Board, ok bool) {
	if t.Rows < t.Cols {
		x0, null, ok = solveGrid(t.Transpose())
		if x0 != nil {
			x0 = x0.Transpose()
		}
		for i, n := range null {
			null[i] = n.Transpose()
		}
		return x0, null, ok
	}
	m, v := topRowSystem(t)
	p, pnull, ok := eliminate(m, v)
	for _, q := range pnull {
		n, res := chase(t.Rows, t.Cols, nil, q)
		if !isZero(res) {
			panic("solver: internal error: a null vector of the top-row system does not chase to zero")
		}
		null = append(null, n)
	}
	if !ok {
		return nil, null, false
	}
	x0, res := chase(t.Rows, t.Cols, t, p)
	if !isZero(res) {
		panic("solver: internal error: the top-row solution does not clear the last row")
	}
	return x0, null, true
}
