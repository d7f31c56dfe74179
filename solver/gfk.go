package solver

import "sort"

// Solving A·x ≡ b over Z/K for K > 2.
//
// For each prime power q = p^e dividing K, A is diagonalised modulo q:
// row and column operations that are invertible over Z/q bring A to
// U·A·V = diag(p^v₀, p^v₁, …). Over Z/p^e every entry is a unit times a
// power of p, so the entry of least p-adic valuation divides every other
// entry of the remaining block and clears its row and column exactly (no
// gcd steps needed). With c = U·b, the system becomes p^vₖ·yₖ ≡ cₖ, solvable
// iff p^vₖ divides cₖ, with p^vₖ choices for yₖ; x = V·y. The solutions modulo
// each q are then glued together by the Chinese remainder theorem. For a
// prime K every vₖ is 0 and this is plain Gauss-Jordan elimination over
// GF(K): the free columns give a basis of the null space. Prime factors
// take that shorter road (gfkPrime); prime powers take gfkSmith.

// gfkGen is one generator of the solution group: adding Vec (mod K) to a
// solution gives another, and Order additions give the same one back.
type gfkGen struct {
	Vec   []int
	Order int
}

func (p *Puzzle) solveModK(b []int) *PuzzleSolution {
	k := p.States
	m := len(p.Presses)
	factors := gfkFactor(k)
	prime := len(factors) == 1 && factors[0].E == 1
	x0 := make([]int, m)
	var gens []gfkGen
	solvable := true
	exps := map[int]int{}
	for _, f := range factors {
		q := gfkPow(f.P, f.E)
		a := p.columnsMod(q)
		bq := make([]int, len(b))
		for i, v := range b {
			bq[i] = v % q
		}
		var ok bool
		var xq []int
		var gq []gfkGen
		if f.E == 1 {
			ok, xq, gq = gfkPrime(a, m, bq, f.P)
		} else {
			ok, xq, gq = gfkSmith(a, m, bq, f.P, f.E)
		}
		solvable = solvable && ok
		// lift ≡ 1 (mod q) and ≡ 0 (mod K/q).
		c := k / q
		lift := c * gfkInverse(c%q, q) % k
		for j, v := range xq {
			x0[j] = (x0[j] + v*lift) % k
		}
		for _, g := range gq {
			vec := make([]int, m)
			for j, v := range g.Vec {
				vec[j] = v * lift % k
			}
			gens = append(gens, gfkGen{Vec: vec, Order: g.Order})
			for o := g.Order; o > 1; o /= f.P {
				exps[f.P]++
			}
		}
	}
	sol := &PuzzleSolution{Nullity: -1}
	for _, f := range factors {
		if e := exps[f.P]; e > 0 {
			sol.Count = append(sol.Count, Factor{P: f.P, E: e})
		}
	}
	if prime {
		sol.Nullity = len(gens)
		for _, g := range gens {
			sol.NullBasis = append(sol.NullBasis, g.Vec)
		}
	}
	if !solvable {
		return sol
	}
	sol.Solvable = true
	sol.Presses, sol.Minimal = gfkFewest(x0, gens, k)
	for _, v := range sol.Presses {
		sol.PressCount += v
	}
	return sol
}

// gfkSmith solves a·x ≡ b (mod p^e) for the n×m matrix a (modified in
// place). It returns whether the system is consistent, one solution x, and
// generators of the solutions of a·x ≡ 0 whose combinations (each taken
// 0..Order-1 times) give every solution exactly once.
func gfkSmith(a [][]uint8, m int, b []int, p, e int) (ok bool, x []int, gens []gfkGen) {
	q := gfkPow(p, e)
	n := len(a)
	c := append([]int(nil), b...)
	// vt[j] is column j of V, so that column operations are row operations.
	vt := make([][]int, m)
	for j := range vt {
		vt[j] = make([]int, m)
		vt[j][j] = 1
	}
	var vals []int // p-adic valuation of each pivot
	r := 0
	for r < n && r < m {
		bi, bj, bv := -1, -1, e
	search:
		for i := r; i < n; i++ {
			row := a[i]
			for j := r; j < m; j++ {
				if row[j] == 0 {
					continue
				}
				if v := gfkValuation(int(row[j]), p); v < bv {
					bi, bj, bv = i, j, v
					if v == 0 {
						break search
					}
				}
			}
		}
		if bi < 0 {
			break
		}
		a[r], a[bi] = a[bi], a[r]
		c[r], c[bi] = c[bi], c[r]
		if bj != r {
			for i := 0; i < n; i++ {
				a[i][r], a[i][bj] = a[i][bj], a[i][r]
			}
			vt[r], vt[bj] = vt[bj], vt[r]
		}
		pv := gfkPow(p, bv)
		u := int(a[r][r]) / pv
		uinv := gfkInverse(u%q, q)
		prow := a[r]
		for j := r; j < m; j++ {
			prow[j] = uint8(int(prow[j]) * uinv % q)
		}
		c[r] = c[r] * uinv % q
		for i := r + 1; i < n; i++ {
			row := a[i]
			if row[r] == 0 {
				continue
			}
			f := int(row[r]) / pv
			for j := r; j < m; j++ {
				if prow[j] != 0 {
					row[j] = uint8(((int(row[j])-f*int(prow[j]))%q + q) % q)
				}
			}
			c[i] = ((c[i]-f*c[r])%q + q) % q
		}
		for j := r + 1; j < m; j++ {
			if prow[j] == 0 {
				continue
			}
			f := int(prow[j]) / pv
			prow[j] = 0
			vj, vr := vt[j], vt[r]
			for i := range vj {
				vj[i] = ((vj[i]-f*vr[i])%q + q) % q
			}
		}
		vals = append(vals, bv)
		r++
	}
	ok = true
	for i := r; i < n; i++ {
		if c[i] != 0 {
			ok = false
		}
	}
	y := make([]int, m)
	for k := 0; k < r; k++ {
		pv := gfkPow(p, vals[k])
		if c[k]%pv != 0 {
			ok = false
		} else {
			y[k] = c[k] / pv
		}
		if vals[k] > 0 {
			gens = append(gens, gfkGen{Vec: gfkScale(vt[k], gfkPow(p, e-vals[k]), q), Order: pv})
		}
	}
	for j := r; j < m; j++ {
		gens = append(gens, gfkGen{Vec: gfkScale(vt[j], 1, q), Order: q})
	}
	x = make([]int, m)
	for k, yk := range y {
		if yk == 0 {
			continue
		}
		for i, v := range vt[k] {
			x[i] = (x[i] + yk*v) % q
		}
	}
	return ok, x, gens
}

// gfkPrime solves a·x ≡ b (mod p) for prime p by Gauss-Jordan
// elimination on the n×m matrix a (modified in place), with lookup tables
// instead of divisions. It returns what gfkSmith returns; the generators
// are a basis of the null space, one per free column, each of order p.
func gfkPrime(a [][]uint8, m int, b []int, p int) (ok bool, x []int, gens []gfkGen) {
	n := len(a)
	// mul[f*p+v] = f·v mod p; add[u*p+v] = u+v mod p; inv[v] = 1/v.
	mul := make([]uint8, p*p)
	add := make([]uint8, p*p)
	inv := make([]uint8, p)
	for u := 0; u < p; u++ {
		for v := 0; v < p; v++ {
			mul[u*p+v] = uint8(u * v % p)
			add[u*p+v] = uint8((u + v) % p)
			if u*v%p == 1 {
				inv[u] = uint8(v)
			}
		}
	}
	c := make([]uint8, n)
	for i, v := range b {
		c[i] = uint8(v % p)
	}
	var pivots []int
	r := 0
	for j := 0; j < m && r < n; j++ {
		piv := -1
		for i := r; i < n; i++ {
			if a[i][j] != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		a[r], a[piv] = a[piv], a[r]
		c[r], c[piv] = c[piv], c[r]
		prow := a[r][j:]
		if s := int(inv[prow[0]]); s != 1 {
			for k, v := range prow {
				prow[k] = mul[s*p+int(v)]
			}
			c[r] = mul[s*p+int(c[r])]
		}
		for i := 0; i < n; i++ {
			if i == r || a[i][j] == 0 {
				continue
			}
			neg := p - int(a[i][j]) // add neg·(pivot row)
			row := a[i][j:]
			mrow := mul[neg*p : neg*p+p]
			for k, v := range prow {
				if v != 0 {
					row[k] = add[int(row[k])*p+int(mrow[v])]
				}
			}
			c[i] = add[int(c[i])*p+int(mrow[c[r]])]
		}
		pivots = append(pivots, j)
		r++
	}
	ok = true
	for i := r; i < n; i++ {
		if c[i] != 0 {
			ok = false
		}
	}
	x = make([]int, m)
	isPivot := make([]bool, m)
	for i, j := range pivots {
		x[j] = int(c[i])
		isPivot[j] = true
	}
	for f := 0; f < m; f++ {
		if isPivot[f] {
			continue
		}
		vec := make([]int, m)
		vec[f] = 1
		for i, j := range pivots {
			vec[j] = (p - int(a[i][f])) % p
		}
		gens = append(gens, gfkGen{Vec: vec, Order: p})
	}
	return ok, x, gens
}

func gfkScale(v []int, s, q int) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = x * s % q
	}
	return out
}

// gfkFewest returns the solution x0 + Σ tᵢ·genᵢ (mod k) with the smallest
// sum of entries. With at most MaxEnumerate solutions it tries them all
// (an odometer over the tᵢ, updating the sum on each generator's support)
// and the result is minimal; otherwise it improves x0 greedily with single
// generator multiples and reports minimal=false.
func gfkFewest(x0 []int, gens []gfkGen, k int) ([]int, bool) {
	cur := append([]int(nil), x0...)
	w := 0
	for _, v := range cur {
		w += v
	}
	total := 1
	for _, g := range gens {
		if total > MaxEnumerate/g.Order {
			total = MaxEnumerate + 1
			break
		}
		total *= g.Order
	}
	type entry struct{ j, d int }
	// The first generator changes at every step of the odometer, the
	// last almost never: put the sparsest first.
	gens = append([]gfkGen(nil), gens...)
	sort.SliceStable(gens, func(a, b int) bool { return gfkSupport(gens[a].Vec) < gfkSupport(gens[b].Vec) })
	supp := make([][]entry, len(gens))
	for i, g := range gens {
		for j, v := range g.Vec {
			if v != 0 {
				supp[i] = append(supp[i], entry{j, v})
			}
		}
	}
	add := func(i int) {
		for _, s := range supp[i] {
			old := cur[s.j]
			nv := old + s.d
			if nv >= k {
				nv -= k
			}
			cur[s.j] = nv
			w += nv - old
		}
	}
	if total <= MaxEnumerate {
		best := append([]int(nil), cur...)
		bestW := w
		digits := make([]int, len(gens))
		for {
			i := 0
			for ; i < len(gens); i++ {
				add(i)
				digits[i]++
				if digits[i] < gens[i].Order {
					break
				}
				digits[i] = 0
			}
			if i == len(gens) {
				return best, true
			}
			if w < bestW {
				bestW = w
				copy(best, cur)
			}
		}
	}
	for improved := true; improved; {
		improved = false
		for i, g := range gens {
			bw, bt := w, 0
			for t := 1; t < g.Order; t++ {
				add(i)
				if w < bw {
					bw, bt = w, t
				}
			}
			add(i) // Order additions: back where we started
			for range bt {
				add(i)
			}
			if bt > 0 {
				improved = true
			}
		}
	}
	return cur, false
}

func gfkSupport(v []int) int {
	n := 0
	for _, x := range v {
		if x != 0 {
			n++
		}
	}
	return n
}

// gfkFactor returns the prime factorisation of k ≥ 2, primes ascending.
func gfkFactor(k int) []Factor {
	var out []Factor
	for p := 2; p*p <= k; p++ {
		if k%p == 0 {
			f := Factor{P: p}
			for k%p == 0 {
				k /= p
				f.E++
			}
			out = append(out, f)
		}
	}
	if k > 1 {
		out = append(out, Factor{P: k, E: 1})
	}
	return out
}

func gfkPow(p, e int) int {
	r := 1
	for range e {
		r *= p
	}
	return r
}

// gfkValuation returns the largest v with p^v dividing x > 0.
func gfkValuation(x, p int) int {
	v := 0
	for x%p == 0 {
		x /= p
		v++
	}
	return v
}

// gfkInverse returns the inverse of a modulo q; a must be coprime to q.
func gfkInverse(a, q int) int {
	if q == 1 {
		return 0
	}
	t, nt, r, nr := 0, 1, q, ((a%q)+q)%q
	for nr != 0 {
		quo := r / nr
		t, nt = nt, t-quo*nt
		r, nr = nr, r-quo*nr
	}
	if r != 1 {
		panic("solver: gfkInverse of a non-unit")
	}
	return (t%q + q) % q
}
