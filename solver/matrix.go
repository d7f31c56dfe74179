package solver

import (
	"fmt"
	"math/bits"
)

// Matrix is a dense matrix over GF(2), stored row by row, each row padded
// to a whole number of 64-bit words; entry (i, j) is bit j%64 of word j/64
// of row i. Bits past Cols are always zero.
//
// Vectors that go with a Matrix ([]uint64 arguments and results) are packed
// the same way: element k is bit k%64 of word k/64, (n+63)/64 words for n
// elements. VecWords gives that length.
type Matrix struct {
	Rows, Cols int
	stride     int
	bits       []uint64
}

// VecWords returns the number of words of a packed vector of n bits.
func VecWords(n int) int { return (n + 63) / 64 }

// NewMatrix returns an all-zero rows×cols matrix. It panics if either size
// is negative.
func NewMatrix(rows, cols int) *Matrix {
	if rows < 0 || cols < 0 {
		panic(fmt.Sprintf("solver: NewMatrix(%d, %d): negative size", rows, cols))
	}
	stride := VecWords(cols)
	return &Matrix{Rows: rows, Cols: cols, stride: stride, bits: make([]uint64, rows*stride)}
}

func (m *Matrix) check(i, j int) {
	if i < 0 || i >= m.Rows || j < 0 || j >= m.Cols {
		panic(fmt.Sprintf("solver: entry (%d, %d) outside %d×%d matrix", i, j, m.Rows, m.Cols))
	}
}

// Get reports whether entry (i, j) is 1.
func (m *Matrix) Get(i, j int) bool {
	m.check(i, j)
	return m.bits[i*m.stride+j/64]>>(j%64)&1 == 1
}

// Set sets entry (i, j) to v.
func (m *Matrix) Set(i, j int, v bool) {
	m.check(i, j)
	w := &m.bits[i*m.stride+j/64]
	if v {
		*w |= 1 << (j % 64)
	} else {
		*w &^= 1 << (j % 64)
	}
}

// Flip toggles entry (i, j).
func (m *Matrix) Flip(i, j int) {
	m.check(i, j)
	m.bits[i*m.stride+j/64] ^= 1 << (j % 64)
}

// Row returns the packed words of row i, aliasing the matrix. Callers
// that write to it must leave the bits past Cols zero.
func (m *Matrix) Row(i int) []uint64 { return m.bits[i*m.stride : (i+1)*m.stride] }

// Clone returns a deep copy of m.
func (m *Matrix) Clone() *Matrix {
	c := *m
	c.bits = append([]uint64(nil), m.bits...)
	return &c
}

// Transpose returns the transpose of m.
func (m *Matrix) Transpose() *Matrix {
	t := NewMatrix(m.Cols, m.Rows)
	transposeBits(t.bits, t.stride, m.bits, m.stride, m.Rows)
	return t
}

// transposeBits ORs into dst the transpose of src, both packed row by row
// as Matrix and Board store bits: src has rows rows of srcStride words,
// dst rows of dstStride words. dst must start zero.
func transposeBits(dst []uint64, dstStride int, src []uint64, srcStride, rows int) {
	for i := 0; i < rows; i++ {
		for k, w := range src[i*srcStride : (i+1)*srcStride] {
			for w != 0 {
				j := k*64 + bits.TrailingZeros64(w)
				dst[j*dstStride+i/64] |= 1 << (i % 64)
				w &= w - 1
			}
		}
	}
}

// MulVec returns m·x. It panics unless x has VecWords(m.Cols) words.
func (m *Matrix) MulVec(x []uint64) []uint64 {
	if len(x) != m.stride {
		panic(fmt.Sprintf("solver: MulVec: vector of %d words for a matrix of %d columns", len(x), m.Cols))
	}
	y := make([]uint64, VecWords(m.Rows))
	for i := 0; i < m.Rows; i++ {
		p := 0
		for k, w := range m.Row(i) {
			p += bits.OnesCount64(w & x[k])
		}
		y[i/64] |= uint64(p&1) << (i % 64)
	}
	return y
}

// ToggleMatrix returns the (rows·cols)×(rows·cols) matrix of the plus
// pattern on a rows×cols grid: column r*cols+c is the set of cells that a
// press at (r, c) toggles. It is symmetric.
func ToggleMatrix(rows, cols int) *Matrix {
	n := rows * cols
	m := NewMatrix(n, n)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			i := r*cols + c
			m.Set(i, i, true)
			if r > 0 {
				m.Set(i, i-cols, true)
			}
			if r+1 < rows {
				m.Set(i, i+cols, true)
			}
			if c > 0 {
				m.Set(i, i-1, true)
			}
			if c+1 < cols {
				m.Set(i, i+1, true)
			}
		}
	}
	return m
}

// SolveDense solves a·x = b over GF(2) by Gauss-Jordan elimination, in
// O(Rows·Cols·rank/64) word operations. b has VecWords(a.Rows) words; a is
// not modified.
//
// nullBasis is a basis of the null space of a (vectors of VecWords(a.Cols)
// words, one per free column, so len(nullBasis) = Cols - rank) and is
// returned whether or not the system is consistent. When it is, ok is true
// and x is the solution whose free variables are all zero; every solution is
// x plus a combination of nullBasis. When it is not, x is nil and ok false.
//
// It panics if b has the wrong length.
func SolveDense(a *Matrix, b []uint64) (x []uint64, nullBasis [][]uint64, ok bool) {
	if len(b) != VecWords(a.Rows) {
		panic(fmt.Sprintf("solver: SolveDense: right side of %d words for %d rows", len(b), a.Rows))
	}
	w := a.Clone()
	rhs := append([]uint64(nil), b...)
	stride := w.stride
	var pivBuf [64]int
	pivots := pivBuf[:0] // pivots[i] = pivot column of row i
	rank := 0
	for j := 0; j < w.Cols && rank < w.Rows; j++ {
		word, bit := j/64, uint64(1)<<(j%64)
		p := -1
		for i := rank; i < w.Rows; i++ {
			if w.bits[i*stride+word]&bit != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		if p != rank {
			swapRows(w.bits[p*stride:(p+1)*stride], w.bits[rank*stride:(rank+1)*stride])
			swapBits(rhs, p, rank)
		}
		prow := w.bits[rank*stride+word : (rank+1)*stride]
		prhs := rhs[rank/64] >> (rank % 64) & 1
		for i := 0; i < w.Rows; i++ {
			if i == rank || w.bits[i*stride+word]&bit == 0 {
				continue
			}
			row := w.bits[i*stride+word : (i+1)*stride]
			for k, v := range prow {
				row[k] ^= v
			}
			rhs[i/64] ^= prhs << (i % 64)
		}
		pivots = append(pivots, j)
		rank++
	}

	// Null basis: one vector per free column f, with the pivot variables
	// that row i ties to f. pivots is increasing, so the free columns are
	// the gaps between pivots.
	if free := w.Cols - rank; free > 0 {
		backing := make([]uint64, free*stride)
		nullBasis = make([][]uint64, 0, free)
		next := 0 // index into pivots of the first pivot >= f
		for f := 0; f < w.Cols; f++ {
			if next < rank && pivots[next] == f {
				next++
				continue
			}
			v := backing[len(nullBasis)*stride : (len(nullBasis)+1)*stride]
			v[f/64] |= 1 << (f % 64)
			for i, j := range pivots[:next] { // rows below have zeros left of their pivot
				if w.bits[i*stride+f/64]>>(f%64)&1 == 1 {
					v[j/64] |= 1 << (j % 64)
				}
			}
			nullBasis = append(nullBasis, v)
		}
	}

	for i := rank; i < w.Rows; i++ {
		if rhs[i/64]>>(i%64)&1 == 1 {
			return nil, nullBasis, false
		}
	}
	x = make([]uint64, stride)
	for i, j := range pivots {
		if rhs[i/64]>>(i%64)&1 == 1 {
			x[j/64] |= 1 << (j % 64)
		}
	}
	return x, nullBasis, true
}

func swapRows(a, b []uint64) {
	for k := range a {
		a[k], b[k] = b[k], a[k]
	}
}

func swapBits(v []uint64, i, j int) {
	bi := v[i/64] >> (i % 64) & 1
	bj := v[j/64] >> (j % 64) & 1
	if bi != bj {
		v[i/64] ^= 1 << (i % 64)
		v[j/64] ^= 1 << (j % 64)
	}
}
