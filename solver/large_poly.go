package solver

import "math/bits"

// poly is a polynomial over GF(2): bit i of the slice (bit i%64 of word
// i/64) is the coefficient of t^i. Trailing zero words are allowed; deg
// ignores them.
type poly []uint64

// newPoly returns a zero polynomial with room for degree n.
func newPoly(n int) poly { return make(poly, n/64+1) }

// deg returns the degree of p, or -1 for the zero polynomial.
func (p poly) deg() int {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] != 0 {
			return i*64 + 63 - bits.LeadingZeros64(p[i])
		}
	}
	return -1
}

func (p poly) bit(i int) bool { return i/64 < len(p) && p[i/64]>>(i%64)&1 == 1 }

func (p poly) clone() poly { return append(poly(nil), p...) }

// grow returns p with room for degree n, keeping its coefficients.
func (p poly) grow(n int) poly {
	if w := n/64 + 1; w > len(p) {
		p = append(p, make(poly, w-len(p))...)
	}
	return p
}

// addShifted sets p ^= q·t^s. p must have room for deg(q)+s.
func (p poly) addShifted(q poly, s int) {
	dq := q.deg()
	if dq < 0 {
		return
	}
	ws, bs := s/64, uint(s%64)
	n := dq/64 + 1
	if bs == 0 {
		for i := 0; i < n; i++ {
			p[i+ws] ^= q[i]
		}
		return
	}
	var carry uint64
	for i := 0; i < n; i++ {
		p[i+ws] ^= q[i]<<bs | carry
		carry = q[i] >> (64 - bs)
	}
	if carry != 0 {
		p[n+ws] ^= carry
	}
}

// divmod returns a / b and a mod b. It panics if b is zero.
func divmod(a, b poly) (quo, rem poly) {
	db := b.deg()
	if db < 0 {
		panic("solver: polynomial division by zero")
	}
	rem = a.clone()
	da := rem.deg()
	if da < db {
		return newPoly(0), rem
	}
	quo = newPoly(da - db)
	for d := da; d >= db; d-- {
		if rem.bit(d) {
			quo[(d-db)/64] |= 1 << ((d - db) % 64)
			rem.addShifted(b, d-db)
		}
	}
	return quo, rem
}

// mulmod returns a·b mod m.
func mulmod(a, b, m poly) poly {
	da, db := a.deg(), b.deg()
	if da < 0 || db < 0 {
		return newPoly(0)
	}
	prod := newPoly(da + db + 1)
	for i := 0; i <= da; i++ {
		if a.bit(i) {
			prod.addShifted(b, i)
		}
	}
	_, r := divmod(prod, m)
	return r
}

// gcdInverse returns d = gcd(a, m) and s with s·a ≡ d (mod m), deg s < deg m.
// a must already be reduced mod m; m must be nonzero.
func gcdInverse(a, m poly) (d, s poly) {
	n := m.deg()
	// Invariants: r0 ≡ s0·a and r1 ≡ s1·a (mod m).
	r0, s0 := m.clone().grow(n), newPoly(n)
	r1, s1 := a.clone().grow(n), newPoly(n)
	s1[0] = 1
	for {
		d1 := r1.deg()
		if d1 < 0 {
			break
		}
		d0 := r0.deg()
		if d0 < d1 {
			r0, r1, s0, s1 = r1, r0, s1, s0
			continue
		}
		sh := d0 - d1
		s0 = s0.grow(s1.deg() + sh + 1)
		r0.addShifted(r1, sh)
		s0.addShifted(s1, sh)
	}
	_, s0 = divmod(s0, m)
	return r0, s0
}
