package solver

import "math/bits"

// minimize returns the member of the coset x0 + span(basis) with the fewest
// set cells. It walks all 2^d members when d <= MaxExactNullity (exact);
// beyond that it descends greedily from x0 and the result is only no worse
// than x0.
func minimize(x0 *Board, basis []*Board) (best *Board, exact bool) {
	d := len(basis)
	if d == 0 {
		return x0.Clone(), true
	}
	if d > MaxExactNullity {
		return descend(x0, basis), false
	}
	if d >= 10 && len(x0.bits) > d {
		// Each Gray step would touch more words than the transform
		// spends per entry (and 2^d is large enough to amortise it).
		return whtMin(x0, basis), true
	}
	return grayWalk(x0, basis), true
}

// whtMin finds the fewest-press member of the coset with one Walsh-Hadamard
// transform of 2^d entries: cell c of x0 + Σ a_j·basis_j is x0_c ⊕ a·v_c,
// v_c the cell's bits across the basis, so with delta[v] the sum over the
// cells of signature v of (+1 if x0_c = 0 else -1), the press count of a
// is |x0| + (Σ delta - WHT(delta)[a]) / 2. O(RC·d + d·2^d).
func whtMin(x0 *Board, basis []*Board) *Board {
	d := len(basis)
	delta := make([]int32, 1<<d)
	// Padding bits past Cols are zero everywhere: they add the same +1 to
	// Σ delta and to every WHT entry, so they cancel.
	for k, w := range x0.bits {
		for bit := 0; bit < 64; bit++ {
			var sig int
			for j, b := range basis {
				sig |= int(b.bits[k]>>bit&1) << j
			}
			if w>>bit&1 == 0 {
				delta[sig]++
			} else {
				delta[sig]--
			}
		}
	}
	walshHadamard(delta)
	best := 0
	for a, v := range delta {
		if v > delta[best] {
			best = a
		}
	}
	return combine(x0, basis, uint64(best))
}

// sparseVec is a vector kept as its non-zero words only.
type sparseVec struct {
	idx []int
	w   []uint64
}

// grayWalk visits x0 + span(basis) in Gray-code order, so each step XORs
// one basis vector, and keeps the popcount up to date from the words that
// vector touches (all of them for boards of up to 8 words, where that is
// cheaper than tracking which).
func grayWalk(x0 *Board, basis []*Board) *Board {
	var small [8]uint64
	var x []uint64
	if len(x0.bits) <= len(small) {
		x = append(small[:0], x0.bits...)
	} else {
		x = append([]uint64(nil), x0.bits...)
	}
	count := x0.Count()
	bestCount, bestCode := count, uint64(0)
	n := uint64(1) << len(basis)
	if len(x) <= len(small) {
		for i := uint64(1); i < n; i++ {
			v := basis[bits.TrailingZeros64(i)].bits
			count = 0
			for k := range x {
				x[k] ^= v[k]
				count += bits.OnesCount64(x[k])
			}
			if count < bestCount {
				bestCount, bestCode = count, i^(i>>1)
			}
		}
		return combine(x0, basis, bestCode)
	}
	sv := make([]sparseVec, len(basis))
	for i, b := range basis {
		nz := 0
		for _, w := range b.bits {
			if w != 0 {
				nz++
			}
		}
		sv[i].idx = make([]int, 0, nz)
		sv[i].w = make([]uint64, 0, nz)
		for k, w := range b.bits {
			if w != 0 {
				sv[i].idx = append(sv[i].idx, k)
				sv[i].w = append(sv[i].w, w)
			}
		}
	}
	for i := uint64(1); i < n; i++ {
		v := &sv[bits.TrailingZeros64(i)]
		for j, k := range v.idx {
			old := x[k]
			x[k] = old ^ v.w[j]
			count += bits.OnesCount64(x[k]) - bits.OnesCount64(old)
		}
		if count < bestCount {
			bestCount, bestCode = count, i^(i>>1)
		}
	}
	return combine(x0, basis, bestCode)
}

// combine returns x0 plus the basis vectors selected by the bits of code.
func combine(x0 *Board, basis []*Board, code uint64) *Board {
	out := x0.Clone()
	for j, b := range basis {
		if code>>j&1 == 1 {
			xorWords(out.bits, b.bits)
		}
	}
	return out
}

// descend adds any basis vector, or pair of them, that lowers the press
// count, until none does.
func descend(x0 *Board, basis []*Board) *Board {
	x := x0.Clone()
	count := x.Count()
	tmp := x.Clone()
	try := func(vs ...*Board) bool {
		copy(tmp.bits, x.bits)
		for _, v := range vs {
			xorWords(tmp.bits, v.bits)
		}
		if c := tmp.Count(); c < count {
			x, tmp, count = tmp, x, c
			return true
		}
		return false
	}
	for improved := true; improved; {
		improved = false
		for i := range basis {
			if try(basis[i]) {
				improved = true
			}
		}
		if improved {
			continue
		}
		for i := range basis {
			for j := i + 1; j < len(basis); j++ {
				if try(basis[i], basis[j]) {
					improved = true
				}
			}
		}
	}
	return x
}
