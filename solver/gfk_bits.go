package solver

import (
	"math/bits"
	"sort"
)

// solveGF2 solves a two-state puzzle with the bit-packed Four-Russians
// elimination of SolveM4RI, then searches the coset x0 + span(null basis) for the
// fewest presses.
func (p *Puzzle) solveGF2(b []int) *PuzzleSolution {
	m := len(p.Presses)
	a := NewMatrix(p.Lights, m)
	for j, ts := range p.Presses {
		for _, t := range ts {
			if t.By%2 != 0 {
				a.Flip(t.Light, j)
			}
		}
	}
	rhs := make([]uint64, VecWords(p.Lights))
	for i, v := range b {
		if v == 1 {
			rhs[i/64] |= 1 << (i % 64)
		}
	}
	x, null, ok := SolveM4RI(a, rhs)
	d := len(null)
	sol := &PuzzleSolution{Nullity: d, Count: []Factor{{2, d}}}
	for _, v := range null {
		sol.NullBasis = append(sol.NullBasis, gfkUnpackBits(v, m))
	}
	if d == 0 {
		sol.Count = nil
	}
	if !ok {
		return sol
	}
	best, minimal := gfkFewestBits(x, null)
	sol.Solvable = true
	sol.Presses = gfkUnpackBits(best, m)
	sol.PressCount = gfkWeight(best)
	sol.Minimal = minimal
	return sol
}

func gfkUnpackBits(v []uint64, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = int(v[i/64] >> (i % 64) & 1)
	}
	return out
}

func gfkWeight(v []uint64) int {
	n := 0
	for _, w := range v {
		n += bits.OnesCount64(w)
	}
	return n
}

// gfkFewestBits returns the lightest vector of x0 + span(null). With at
// most MaxEnumerate vectors in the coset it walks all of them in Gray-code
// order (one XOR of a basis vector per step) and the answer is proven
// minimal; beyond that it improves x0 greedily, adding any basis vector or
// pair of basis vectors (pairs only when there are at most 256) that
// lowers the weight, and reports minimal=false.
func gfkFewestBits(x0 []uint64, null [][]uint64) (best []uint64, minimal bool) {
	d := len(null)
	best = append([]uint64(nil), x0...)
	bestW := gfkWeight(best)
	if d == 0 {
		return best, true
	}
	if uint64(1)<<min(d, 63) <= MaxEnumerate && d < 63 {
		cur := append([]uint64(nil), x0...)
		// Track the weight incrementally over the words each basis
		// vector touches. Vector k is added 2^(d-k-1) times, so the
		// sparsest go first.
		support := make([][]int, d)
		for k, v := range null {
			for i, w := range v {
				if w != 0 {
					support[k] = append(support[k], i)
				}
			}
		}
		order := make([]int, d)
		for k := range order {
			order[k] = k
		}
		sort.SliceStable(order, func(a, b int) bool { return len(support[order[a]]) < len(support[order[b]]) })
		sortedNull := make([][]uint64, d)
		sortedSupport := make([][]int, d)
		for k, o := range order {
			sortedNull[k], sortedSupport[k] = null[o], support[o]
		}
		null, support = sortedNull, sortedSupport
		w := bestW
		var bestAt uint64
		for g := uint64(1); g < uint64(1)<<d; g++ {
			k := bits.TrailingZeros64(g)
			v := null[k]
			for _, i := range support[k] {
				old := cur[i]
				cur[i] ^= v[i]
				w += bits.OnesCount64(cur[i]) - bits.OnesCount64(old)
			}
			if w < bestW {
				bestW, bestAt = w, g
			}
		}
		// Rebuild the best vector from its Gray code.
		code := bestAt ^ bestAt>>1
		best = append(best[:0], x0...)
		for k := 0; k < d; k++ {
			if code>>k&1 == 1 {
				for i, v := range null[k] {
					best[i] ^= v
				}
			}
		}
		return best, true
	}
	tmp := make([]uint64, len(best))
	for improved := true; improved; {
		improved = false
		for a := 0; a < d; a++ {
			// Pairs cost d² passes: only for null spaces of modest size.
			last := a
			if d <= 256 {
				last = d - 1
			}
			for b := a; b <= last; b++ {
				for i := range tmp {
					tmp[i] = best[i] ^ null[a][i]
					if b != a {
						tmp[i] ^= null[b][i]
					}
				}
				if w := gfkWeight(tmp); w < bestW {
					bestW = w
					copy(best, tmp)
					improved = true
				}
			}
		}
	}
	return best, false
}
