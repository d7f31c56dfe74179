package solver

// topMatrix returns P_rows(T), the C×C matrix of the top-row system of an
// rows×cols board (see large.go), built with word operations and without
// chasing C unknowns: T is the restriction of the circulant s⁻¹+1+s on a
// cycle of N = 2C+2 to the vectors with v_{N−j} = v_j that vanish at 0 and
// C+1, so P(T) is the restriction of the circulant of one polynomial
// q(s) mod s^N − 1, got by the same recurrence on bit-packed polynomials,
// and (1-based) M[j][k] = q[(j−k) mod N] ⊕ q[(j+k) mod N]: row j is a
// slice of q xor another slice of q (q is symmetric). O(R·N/64 + C²/64)
// word operations. It is the classic route that solveTop replaces, kept as
// an independent check for the tests and for benchmarks.
func topMatrix(rows, cols int) *Matrix {
	n := 2*cols + 2
	words := (n + 63) / 64
	prev, cur, next := make([]uint64, words), make([]uint64, words), make([]uint64, words)
	left, right := make([]uint64, words), make([]uint64, words)
	cur[0] = 1 // P_0 = 1
	for i := 0; i < rows; i++ {
		rotl1(left, cur, n)
		rotr1(right, cur, n)
		for w := range next {
			next[w] = left[w] ^ cur[w] ^ right[w] ^ prev[w]
		}
		prev, cur, next = cur, next, prev
	}
	// qq is q twice over, so every slice of length C is contiguous.
	qq := make([]uint64, (2*n+63)/64+1)
	for i := 0; i < n; i++ {
		if cur[i/64]>>(i%64)&1 == 1 {
			qq[i/64] |= 1 << (i % 64)
			qq[(i+n)/64] |= 1 << ((i + n) % 64)
		}
	}
	m := NewMatrix(cols, cols)
	tmp := make([]uint64, m.stride)
	for j := 1; j <= cols; j++ {
		row := m.Row(j - 1)
		extractBits(row, qq, (1-j+n)%n, cols) // k ↦ q[(k−j) mod N]
		extractBits(tmp, qq, j+1, cols)       // k ↦ q[(j+k) mod N]
		xorWords(row, tmp)
	}
	return m
}

// extractBits sets dst to the length bits of src from bit off on, clearing
// the bits of dst's last word past length. src must have a word beyond.
func extractBits(dst, src []uint64, off, length int) {
	w0, sh := off/64, uint(off%64)
	for w := range dst {
		v := src[w0+w] >> sh
		if sh != 0 {
			v |= src[w0+w+1] << (64 - sh)
		}
		dst[w] = v
	}
	dst[len(dst)-1] &= lastMask(length)
}

// rotl1 sets dst to src rotated by one place up in a cycle of n bits (bit
// i to i+1 mod n). Bits past n stay zero.
func rotl1(dst, src []uint64, n int) {
	var carry uint64
	for w, v := range src {
		dst[w] = v<<1 | carry
		carry = v >> 63
	}
	top := carry // bit n-1 moved to bit n
	if n%64 != 0 {
		top = dst[n/64] >> (n % 64) & 1
		dst[n/64] &^= 1 << (n % 64)
	}
	dst[0] |= top
}

// rotr1 sets dst to src rotated by one place down in a cycle of n bits.
func rotr1(dst, src []uint64, n int) {
	low := src[0] & 1
	for w, v := range src {
		v >>= 1
		if w+1 < len(src) {
			v |= src[w+1] << 63
		}
		dst[w] = v
	}
	dst[(n-1)/64] |= low << ((n - 1) % 64)
}
