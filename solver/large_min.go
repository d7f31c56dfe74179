package solver

import (
	"math/bits"
	"sync"
)

// Fewest presses on big boards, without storing the null basis as boards.
// Every solution is the chase of a top row x0 + Σ a_j·n_j (n_j the null
// top rows), so a cell's press is x0[c] ⊕ a·v_c, v_c ∈ GF(2)^d being the
// cell's column of the null basis. With δ[v] = Σ over cells with v_c = v
// of (1 − 2·x0[c]) and X = |x0|, the press count of a is
//
//	X + (Σδ − W(a))/2,  W = the Walsh–Hadamard transform of δ,
//
// so one bit-sliced chase of all d+1 vectors and one transform of 2^d
// entries give the exact count of every one of the 2^d solutions:
// O(R·C·(1+d/64) + d·2^d) time and 2·2^d int32s of memory. Each row's
// histogram is split in two halves, one per core, beside the chase.

// exactTop returns the selector a minimising the presses of the chase of
// top + Σ a_j·nullTops[j], and that press count. len(nullTops) must be at
// most MaxExactNullity and the board must have fewer than 2^31 cells.
func exactTop(ch *chaser, top []uint64, nullTops [][]uint64) (code uint64, count int) {
	d := len(nullTops)
	n := ch.stride
	k := d + 1
	prev, cur, next := make([]uint64, k*n), make([]uint64, k*n), make([]uint64, k*n)
	copy(cur, top)
	for j, v := range nullTops {
		copy(cur[(j+1)*n:], v)
	}
	// Two histograms, each of half the words of every row, summed at the
	// end: the histogram is most of the work.
	var deltas [2][]int32
	var xs [2]int
	deltas[0] = make([]int32, 1<<d)
	half := n / 2
	if half > 0 {
		deltas[1] = make([]int32, 1<<d)
	}
	tail := ch.cols % 64
	// histogram adds the cells of words lo..hi-1 of one row of presses
	// (rows of the k vectors in rows) to delta and *x.
	histogram := func(rows []uint64, lo, hi int, delta []int32, x *int) {
		var blk [64]uint64
		for w := lo; w < hi; w++ {
			blk = [64]uint64{}
			for v := 0; v < k; v++ {
				blk[v] = rows[v*n+w]
			}
			transpose64(&blk)
			lim := 64
			if w == n-1 && tail != 0 {
				lim = tail
			}
			for _, p := range blk[:lim] {
				if p&1 == 0 {
					delta[p>>1]++
				} else {
					delta[p>>1]--
					*x++
				}
			}
		}
	}
	for i := 0; i < ch.rows; i++ {
		// Row i's histograms and the chase step to row i+1 only read cur.
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			histogram(cur, half, n, deltas[0], &xs[0])
		}()
		if half > 0 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				histogram(cur, 0, half, deltas[1], &xs[1])
			}()
		}
		var b []uint64
		if ch.row != nil {
			b = ch.row(i)
		}
		stepRow(next[:n], cur[:n], prev[:n], b, ch.flip, ch.last)
		for v := 1; v < k; v++ {
			stepRow(next[v*n:(v+1)*n], cur[v*n:(v+1)*n], prev[v*n:(v+1)*n], nil, false, ch.last)
		}
		wg.Wait()
		prev, cur, next = cur, next, prev
	}
	delta, x := deltas[0], xs[0]+xs[1]
	if half > 0 {
		for a, v := range deltas[1] {
			delta[a] += v
		}
	}
	var sum int64
	for _, v := range delta {
		sum += int64(v)
	}
	walshHadamard(delta)
	best := 0
	for a, v := range delta {
		if v > delta[best] {
			best = a
		}
	}
	return uint64(best), x + int((sum-int64(delta[best]))/2)
}

// walshHadamard transforms v (length a power of two) in place: first all
// stages inside cache-sized blocks, then the wide stages, each on two
// goroutines when v is long.
func walshHadamard(v []int32) {
	n := len(v)
	b := min(n, 1<<12)
	split(n, n/b, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			butterflies(v[k*b:(k+1)*b], 1, b)
		}
	})
	for h := b; h < n; h *= 2 {
		if blocks := n / (2 * h); blocks >= 2 {
			split(n, blocks, func(lo, hi int) {
				butterflies(v[lo*2*h:hi*2*h], h, 2*h)
			})
		} else {
			a, c := v[:h], v[h:]
			split(n, h, func(lo, hi int) { butterfly(a[lo:hi], c[lo:hi]) })
		}
	}
}

// butterflies applies the stages h0, 2·h0, ... below h1 to v.
func butterflies(v []int32, h0, h1 int) {
	for h := h0; h < h1; h *= 2 {
		for i := 0; i < len(v); i += 2 * h {
			butterfly(v[i:i+h], v[i+h:i+2*h])
		}
	}
}

func butterfly(a, c []int32) {
	c = c[:len(a)]
	for j, x := range a {
		y := c[j]
		a[j], c[j] = x+y, x-y
	}
}

// split runs f over [0, count), in two halves on two goroutines when the
// work (size) is big enough to pay for them.
func split(size, count int, f func(lo, hi int)) {
	if size < 1<<16 || count < 2 {
		f(0, count)
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f(0, count/2)
	}()
	f(count/2, count)
	wg.Wait()
}

// maxDescentPasses and maxDescentWords bound the greedy descent over the
// null basis on boards whose nullity is too large for exactTop: at most
// maxDescentPasses·d candidates are chased, and at most maxDescentWords
// row words in all (about a second or two of chasing).
const (
	maxDescentPasses = 3
	maxDescentWords  = 1 << 31
)

// descendTop improves top by adding single null top rows while that lowers
// the press count: it walks the basis cyclically and stops at a local
// minimum (d candidates in a row without a gain) or when the budget
// above runs out. Two candidates are chased at once. The
// result never has more presses than top; count is top's press count.
func descendTop(ch *chaser, top []uint64, count int, nullTops [][]uint64) ([]uint64, int) {
	return descendTopPasses(ch, top, count, nullTops, maxDescentPasses)
}

func descendTopPasses(ch *chaser, top []uint64, count int, nullTops [][]uint64, passes int) ([]uint64, int) {
	d := len(nullTops)
	x := append([]uint64(nil), top...)
	cand := [2][]uint64{make([]uint64, len(x)), make([]uint64, len(x))}
	var counts [2]int
	idle := 0 // candidates tried against the current x without a gain
	limit := min(passes*d, max(2, maxDescentWords/(ch.rows*ch.stride)))
	for tried, j := 0, 0; tried < limit && idle < d; {
		m := min(2, d-j)
		var wg sync.WaitGroup
		for c := 0; c < m; c++ {
			for w := range x {
				cand[c][w] = x[w] ^ nullTops[j+c][w]
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, counts[c] = ch.run(cand[c], nil)
			}()
		}
		wg.Wait()
		tried += m
		j = (j + m) % d
		b := 0
		if m == 2 && counts[1] < counts[0] {
			b = 1
		}
		if counts[b] < count {
			copy(x, cand[b])
			count = counts[b]
			idle = 0
		} else {
			idle += m
		}
	}
	return x, count
}

// selectTop returns top + Σ_{bit j of code} nullTops[j].
func selectTop(top []uint64, nullTops [][]uint64, code uint64) []uint64 {
	x := append([]uint64(nil), top...)
	for code != 0 {
		j := bits.TrailingZeros64(code)
		code &= code - 1
		for w := range x {
			x[w] ^= nullTops[j][w]
		}
	}
	return x
}
