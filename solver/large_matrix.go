package solver

// topMatrix returns P_rows(T), the C×C matrix of the top-row system of an
// rows×cols board (see large.go), built without chasing C unknowns: T is
// the restriction of the circulant s⁻¹+1+s on a cycle of N = 2C+2 to the
// vectors with v_{N−j} = v_j that vanish at 0 and C+1, so P(T) is the
// restriction of the circulant of one polynomial q(s) mod s^N − 1, got by
// the same recurrence on bit-packed polynomials, and (1-based)
// M[j][k] = q[(j−k) mod N] ⊕ q[(j+k) mod N]. It is the classic route
// that solveTop replaces, kept as an independent check for the tests, and
// written bit by bit for clarity: O(R·N + C²) bit operations (word-packed
// it would be O(R·N/64 + C²/64)).
func topMatrix(rows, cols int) *Matrix {
	n := 2*cols + 2
	words := (n + 63) / 64
	prev, cur, next := make([]uint64, words), make([]uint64, words), make([]uint64, words)
	cur[0] = 1 // P_0 = 1
	bit := func(v []uint64, i int) uint64 { return v[i/64] >> (i % 64) & 1 }
	set := func(v []uint64, i int) { v[i/64] |= 1 << (i % 64) }
	for i := 0; i < rows; i++ {
		clear(next)
		for j := 0; j < n; j++ { // next = (s⁻¹+1+s)·cur + prev, cyclically
			if bit(cur, (j+n-1)%n)^bit(cur, j)^bit(cur, (j+1)%n)^bit(prev, j) == 1 {
				set(next, j)
			}
		}
		prev, cur, next = cur, next, prev
	}
	m := NewMatrix(cols, cols)
	for j := 1; j <= cols; j++ {
		for k := 1; k <= cols; k++ {
			if bit(cur, (j-k+n)%n)^bit(cur, (j+k)%n) == 1 {
				m.Set(j-1, k-1, true)
			}
		}
	}
	return m
}
