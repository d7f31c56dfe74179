package solver

import (
	"fmt"
	"math/bits"
	"sync"
)

// m4riK is the number of columns SolveM4RI clears per pass: tables of
// 2^8 row combinations.
const m4riK = 8

// SolveM4RI is SolveDense (same arguments, results and guarantees) by the
// Method of Four Russians: it clears m4riK columns per pass over the rows,
// adding to each row one precomputed combination of the pass's pivot rows
// (a table of 2^m4riK sums built in Gray-code order), so Gauss-Jordan
// elimination costs about Rows·Cols·rank/(64·m4riK) word operations
// instead of Rows·Cols·rank/64. The row updates of a pass run on two
// goroutines when the matrix is big enough to pay for them.
func SolveM4RI(a *Matrix, b []uint64) (x []uint64, nullBasis [][]uint64, ok bool) {
	if len(b) != VecWords(a.Rows) {
		panic(fmt.Sprintf("solver: SolveM4RI: right side of %d words for %d rows", len(b), a.Rows))
	}
	// w is a with b as an extra last column.
	w := NewMatrix(a.Rows, a.Cols+1)
	for i := 0; i < a.Rows; i++ {
		copy(w.Row(i), a.Row(i))
		if b[i/64]>>(i%64)&1 == 1 {
			w.Row(i)[a.Cols/64] |= 1 << (a.Cols % 64)
		}
	}
	pivots := m4riReduce(w, a.Cols)
	rank := len(pivots)
	ok = true
	for i := rank; i < w.Rows; i++ { // zero rows of a: b must be zero there
		ok = ok && !w.Get(i, a.Cols)
	}
	if ok {
		x = make([]uint64, VecWords(a.Cols))
		for i, j := range pivots {
			if w.Get(i, a.Cols) {
				x[j/64] |= 1 << (j % 64)
			}
		}
	}
	stride := VecWords(a.Cols)
	next := 0
	for f := 0; f < a.Cols; f++ {
		if next < rank && pivots[next] == f {
			next++
			continue
		}
		v := make([]uint64, stride)
		v[f/64] |= 1 << (f % 64)
		for i, j := range pivots[:next] {
			if w.Get(i, f) {
				v[j/64] |= 1 << (j % 64)
			}
		}
		nullBasis = append(nullBasis, v)
	}
	return x, nullBasis, ok
}

// m4riReduce brings the first cols columns of w to reduced row echelon
// form (row operations act on whole rows) and returns the pivot columns,
// increasing; row i holds pivot i.
func m4riReduce(w *Matrix, cols int) []int {
	var pivots []int
	r := 0
	var table []uint64
	for c := 0; c < cols && r < w.Rows; c += m4riK {
		k := min(m4riK, cols-c)
		piv := m4riPivots(w, r, c, k) // columns c..c+k-1 that got a pivot
		if len(piv) == 0 {
			continue
		}
		// Table of all 2^len(piv) sums of the pivot rows, from word c/64.
		w0 := c / 64
		width := w.stride - w0
		n := 1 << len(piv)
		if cap(table) < n*width {
			table = make([]uint64, n*width)
		}
		table = table[:n*width]
		clear(table[:width])
		for g := 1; g < n; g++ {
			t := bits.TrailingZeros(uint(g))
			prevG := (g - 1) ^ ((g - 1) >> 1)
			curG := g ^ (g >> 1)
			copy(table[curG*width:(curG+1)*width], table[prevG*width:(prevG+1)*width])
			xorWords(table[curG*width:(curG+1)*width], w.Row(r + t)[w0:])
		}
		// index maps the k-bit window at column c to the combination of
		// pivot rows that clears it.
		var index [1 << m4riK]int
		for wnd := range 1 << k {
			g := 0
			for t, p := range piv {
				if wnd>>(p-c)&1 == 1 {
					g |= 1 << t
				}
			}
			index[wnd] = g
		}
		update := func(lo, hi int) {
			for i := lo; i < hi; i++ {
				if i >= r && i < r+len(piv) {
					continue
				}
				row := w.Row(i)
				wnd := int(window(row, c, k))
				if g := index[wnd]; g != 0 {
					xorWords(row[w0:], table[g*width:(g+1)*width])
				}
			}
		}
		if w.Rows*width >= 1<<16 {
			var wg sync.WaitGroup
			half := w.Rows / 2
			wg.Add(1)
			go func() {
				defer wg.Done()
				update(0, half)
			}()
			update(half, w.Rows)
			wg.Wait()
		} else {
			update(0, w.Rows)
		}
		pivots = append(pivots, piv...)
		r += len(piv)
	}
	return pivots
}

// window returns the k bits of row starting at column c.
func window(row []uint64, c, k int) uint64 {
	v := row[c/64] >> (c % 64)
	if c%64+k > 64 {
		v |= row[c/64+1] << (64 - c%64)
	}
	return v & (1<<k - 1)
}

// m4riPivots finds pivots for columns c..c+k-1 among rows r.., moving
// them to rows r, r+1, ... and reducing those rows among themselves
// (each has zeros in the other pivot columns). It returns the pivot
// columns in order.
func m4riPivots(w *Matrix, r, c, k int) []int {
	var piv []int
	for j := c; j < c+k; j++ {
		top := r + len(piv)
		found := -1
		for i := top; i < w.Rows; i++ {
			row := w.Row(i)
			for t, p := range piv { // clear earlier pivot columns first
				if row[p/64]>>(p%64)&1 == 1 {
					xorWords(row, w.Row(r+t))
				}
			}
			if row[j/64]>>(j%64)&1 == 1 {
				found = i
				break
			}
		}
		if found < 0 {
			continue
		}
		if found != top {
			swapRows(w.Row(found), w.Row(top))
		}
		prow := w.Row(top)
		for t := range piv { // clear column j from the earlier pivot rows
			if row := w.Row(r + t); row[j/64]>>(j%64)&1 == 1 {
				xorWords(row, prow)
			}
		}
		piv = append(piv, j)
	}
	return piv
}
