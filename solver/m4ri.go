package solver

import (
	"fmt"
	"math/bits"
	"sync"
)

// SolveM4RI clears m4riTables·m4riK columns per pass over the rows, with
// m4riTables tables of the 2^m4riK sums of m4riK pivot rows.
const (
	m4riK      = 8
	m4riTables = 4
)

// SolveM4RI is SolveDense (same arguments, results and guarantees) by the
// Method of Four Russians: it clears 32 columns per pass over the rows,
// adding to each row one precomputed combination of pivot rows from each
// of four tables (each the 2^8 sums of 8 pivot rows, built in Gray-code
// order), so Gauss-Jordan elimination costs about Rows·Cols·rank/(64·8)
// word operations instead of Rows·Cols·rank/64, and reads each row once
// per 32 columns. The row updates of a pass run on two
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
//
// Each pass takes m4riTables·m4riK columns: it finds their pivots, builds
// one table of 2^m4riK sums per group of m4riK pivot rows, and adds to
// every other row one entry of each table, so a row is read and written
// once per pass of 32 columns while the tables (4·256 partial rows) stay
// in cache.
func m4riReduce(w *Matrix, cols int) []int {
	var pivots []int
	r := 0
	var tables [m4riTables][]uint64
	for c := 0; c < cols && r < w.Rows; c += m4riK * m4riTables {
		k := min(m4riK*m4riTables, cols-c)
		piv := m4riPivots(w, r, c, k) // columns c..c+k-1 that got a pivot
		if len(piv) == 0 {
			continue
		}
		w0 := c / 64
		width := w.stride - w0
		groups := (len(piv) + m4riK - 1) / m4riK
		// lut[g][j][v] is the index into table g of the pivots of group g
		// among bits 8j..8j+7 of the window at column c, when they read v.
		var lut [m4riTables][4][256]uint8
		for g := 0; g < groups; g++ {
			gp := piv[g*m4riK : min((g+1)*m4riK, len(piv))]
			n := 1 << len(gp)
			if cap(tables[g]) < n*width {
				tables[g] = make([]uint64, n*width)
			}
			t := tables[g][:n*width]
			clear(t[:width])
			for i := 1; i < n; i++ { // Gray-code order: one row added per entry
				cur, prev := i^(i>>1), (i-1)^((i-1)>>1)
				copy(t[cur*width:(cur+1)*width], t[prev*width:(prev+1)*width])
				xorWords(t[cur*width:(cur+1)*width], w.Row(r + g*m4riK + bits.TrailingZeros(uint(i)))[w0:])
			}
			for bit, p := range gp {
				off := p - c
				for v := range 256 {
					if v>>(off%8)&1 == 1 {
						lut[g][off/8][v] |= 1 << bit
					}
				}
			}
		}
		update := func(lo, hi int) {
			for i := lo; i < hi; i++ {
				if i >= r && i < r+len(piv) {
					continue
				}
				row := w.Row(i)
				wnd := window(row, c, k)
				if wnd == 0 {
					continue
				}
				for g := 0; g < groups; g++ {
					l := &lut[g]
					idx := int(l[0][wnd&0xff] | l[1][wnd>>8&0xff] | l[2][wnd>>16&0xff] | l[3][wnd>>24&0xff])
					if idx != 0 {
						xorWords(row[w0:], tables[g][idx*width:(idx+1)*width])
					}
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

// m4riPivots finds pivots for columns c..c+k-1 (k <= 32) among rows r.., moving
// them to rows r, r+1, ... and reducing those rows among themselves
// (each has zeros in the other pivot columns). It returns the pivot
// columns in order.
func m4riPivots(w *Matrix, r, c, k int) []int {
	var piv []int
	w0 := c / 64 // rows r.. are zero before column c
	for j := c; j < c+k; j++ {
		top := r + len(piv)
		found := -1
		for i := top; i < w.Rows; i++ {
			row := w.Row(i)
			for t, p := range piv { // clear earlier pivot columns first
				if row[p/64]>>(p%64)&1 == 1 {
					xorWords(row[w0:], w.Row(r + t)[w0:])
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
		prow := w.Row(top)[w0:]
		for t := range piv { // clear column j from the earlier pivot rows
			if row := w.Row(r + t); row[j/64]>>(j%64)&1 == 1 {
				xorWords(row[w0:], prow)
			}
		}
		piv = append(piv, j)
	}
	return piv
}
