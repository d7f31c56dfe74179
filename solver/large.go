package solver

import (
	"fmt"
	"math/bits"
)

// The fast path for big boards. Light chasing writes every press in terms
// of the top-row presses x (C unknowns): row i presses P_i(T)·x + c_i, with
// T the C×C tridiagonal 1-1-1 matrix, P_0 = 1, P_1 = t,
// P_{i+1} = t·P_i + P_{i-1}, and c_i the presses of a chase with x = 0.
// The board is solved when row R needs no presses: P_R(T)·x = c_R.
//
// Instead of building and eliminating that C×C system, solveTop works in
// the polynomial ring GF(2)[t]/(χ), χ the characteristic polynomial of T.
// The unit vector e_0 is cyclic for T (T is tridiagonal with nonzero
// off-diagonals), so v ↦ the g with g(T)·e_0 = v is a ring isomorphism
// from GF(2)^C; the Krylov vectors k_i = T^i·e_0 form a triangular basis
// (k_i has bit i set and nothing above), so coordinates cost one
// back-substitution. The system becomes m·f ≡ g (mod χ) with m = P_R mod χ:
// with d = gcd(m, χ) and s·m ≡ d, it is solvable iff d | g, f = s·(g/d)
// solves it, the nullity is deg d and t^j·(χ/d), j < deg d, span the null
// space. Every step is O(C²/64) word operations, O(C²) bits of memory; the
// chases are O(R·C/64). That is the whole solve: no O(C³) elimination.

// topSystem is the solved top-row system of a board.
type topSystem struct {
	solvable bool
	nullity  int
	top      []uint64   // top-row presses that solve the board, if solvable
	nullTops [][]uint64 // top rows of a basis of the null space
}

// krylov holds k_i = T^i·e_0 for i < C, row i of bits.
type krylov struct {
	cols, stride int
	bits         []uint64
	chi          poly // characteristic polynomial of T, degree C
}

func newKrylov(cols int) *krylov {
	ch := newChaser(1, cols)
	n := ch.stride
	k := &krylov{cols: cols, stride: n, bits: make([]uint64, (cols+1)*n)}
	k.bits[0] = 1
	zero := make([]uint64, n)
	for i := 0; i < cols; i++ {
		stepRow(k.bits[(i+1)*n:(i+2)*n], k.bits[i*n:(i+1)*n], zero, nil, false, ch.last)
	}
	kc := append([]uint64(nil), k.bits[cols*n:]...)
	k.bits = k.bits[:cols*n]
	k.chi = k.coords(kc).grow(cols)
	k.chi[cols/64] |= 1 << (cols % 64)
	return k
}

// coords returns the polynomial g, deg g < C, with g(T)·e_0 = v.
func (k *krylov) coords(v []uint64) poly {
	v = append([]uint64(nil), v...)
	g := newPoly(k.cols)
	for i := k.cols - 1; i >= 0; i-- {
		if v[i/64]>>(i%64)&1 == 0 {
			continue
		}
		g[i/64] |= 1 << (i % 64)
		row := k.bits[i*k.stride : i*k.stride+i/64+1]
		for w, x := range row {
			v[w] ^= x
		}
	}
	return g
}

// vector returns f(T)·e_0 for deg f < C.
func (k *krylov) vector(f poly) []uint64 {
	v := make([]uint64, k.stride)
	for i := 0; i < k.cols; i++ {
		if !f.bit(i) {
			continue
		}
		row := k.bits[i*k.stride : i*k.stride+i/64+1]
		for w, x := range row {
			v[w] ^= x
		}
	}
	return v
}

// chasePoly returns P_rows(t) mod chi.
func chasePoly(rows int, chi poly) poly {
	c := chi.deg()
	prev, cur := newPoly(c), newPoly(c) // P_{-1} = 0, P_0 = 1
	cur[0] = 1
	reduce := func(p poly) {
		if p.bit(c) {
			for w := range chi {
				p[w] ^= chi[w]
			}
		}
	}
	next := newPoly(c)
	for i := 0; i < rows; i++ {
		// next = t·cur + prev
		var carry uint64
		for w := range cur {
			next[w] = cur[w]<<1 | carry ^ prev[w]
			carry = cur[w] >> 63
		}
		reduce(next)
		prev, cur, next = cur, next, prev
	}
	return cur
}

// solveTop solves the top-row system of the board that ch chases.
func solveTop(ch *chaser) topSystem {
	// The chase through the board (O(R·C/64)) runs beside the Krylov
	// basis and P_R mod χ (O(C²/64 + R·C/64)): one on each core.
	var residual []uint64
	done := make(chan struct{})
	go func() {
		defer close(done)
		residual, _ = ch.run(nil, nil)
	}()
	k := newKrylov(ch.cols)
	m := chasePoly(ch.rows, k.chi)
	<-done
	g := k.coords(residual)

	d, s := gcdInverse(m, k.chi)
	sys := topSystem{nullity: d.deg()}
	q, r := divmod(g, d)
	if sys.solvable = r.deg() < 0; sys.solvable {
		sys.top = k.vector(mulmod(s, q, k.chi))
	}
	h, _ := divmod(k.chi, d)
	for j := 0; j < sys.nullity; j++ {
		f := newPoly(h.deg() + j)
		f.addShifted(h, j)
		sys.nullTops = append(sys.nullTops, k.vector(f))
	}
	return sys
}

// largeMinCells is the board size from which Solve takes the fast path.
const largeMinCells = 64*64 + 1

// maxNullBasisBits bounds the memory solveLarge spends on
// Solution.NullBasis: past d·R·C bits it leaves NullBasis nil.
const maxNullBasisBits = 1 << 29

// maxCheckCells bounds d·R·C for filling Solution.Failed, whose checks list
// their cells as [row, col] pairs (16 bytes each).
const maxCheckCells = 1 << 22

// solveLarge is Solve for big boards (see the comment at the top of this
// file). It differs from the small-board path only where memory or time
// would not scale: NullBasis is nil when the basis would take more than
// maxNullBasisBits, Failed is nil past maxCheckCells (the error still
// counts the failing checks when the basis exists), and Minimal is
// proven only for nullity at most MaxExactNullity (exactTop); beyond that
// a greedy descent (descendTop) never returns more presses than the first
// solution.
func solveLarge(b *Board, goal Goal) (*Solution, error) {
	if goal != GoalOff && goal != GoalOn {
		panic(fmt.Sprintf("solver: unknown goal %d", int(goal)))
	}
	tb, transposed := b, false
	if b.Rows < b.Cols {
		tb, transposed = transposeBoard(b), true
	}
	ch := newChaser(tb.Rows, tb.Cols)
	ch.row = tb.Row
	ch.flip = goal == GoalOn
	sys := solveTop(&ch)
	orient := func(x *Board) *Board {
		if transposed {
			return transposeBoard(x)
		}
		return x
	}
	s := &Solution{Solvable: sys.solvable, Nullity: sys.nullity}
	if sys.nullity*b.Rows*b.Cols <= maxNullBasisBits {
		zero := newChaser(tb.Rows, tb.Cols)
		for _, nt := range sys.nullTops {
			s.NullBasis = append(s.NullBasis, orient(chaseBoard(&zero, nt)))
		}
	}
	if !sys.solvable {
		if s.NullBasis == nil {
			return s, fmt.Errorf("%w: %d of the %d parity checks fail (%d×%d board; too large to list their cells)",
				ErrUnsolvable, failingChecks(&ch, sys.nullTops), sys.nullity, b.Rows, b.Cols)
		}
		t := target(b, goal)
		failing := 0
		for _, n := range s.NullBasis {
			k := andCount(n, t)
			if k%2 == 0 {
				continue
			}
			failing++
			if sys.nullity*b.Rows*b.Cols <= maxCheckCells {
				s.Failed = append(s.Failed, newCheck(n, k, goal))
			}
		}
		if s.Failed == nil {
			return s, fmt.Errorf("%w: %d of the %d parity checks fail (%d×%d board; too large to list their cells)",
				ErrUnsolvable, failing, sys.nullity, b.Rows, b.Cols)
		}
		return s, fmt.Errorf("%w: %s", ErrUnsolvable, explain(s.Failed))
	}
	top := sys.top
	switch {
	case sys.nullity == 0:
		s.Minimal = true
	case sys.nullity <= MaxExactNullity && b.Rows*b.Cols < 1<<31:
		code, _ := exactTop(&ch, top, sys.nullTops)
		top = selectTop(top, sys.nullTops, code)
		s.Minimal = true
	default:
		_, count := ch.run(top, nil)
		top, _ = descendTop(&ch, top, count, sys.nullTops)
	}
	s.Presses = orient(chaseBoard(&ch, top))
	s.PressCount = s.Presses.Count()
	return s, nil
}

// failingChecks counts the null vectors n (given by their top rows) with
// an odd number of cells to toggle among n's cells, chasing each one
// beside the board instead of storing it.
func failingChecks(ch *chaser, nullTops [][]uint64) int {
	zero := newChaser(ch.rows, ch.cols)
	failing := 0
	for _, nt := range nullTops {
		odd := 0
		zero.run(nt, func(i int, p []uint64) {
			row := ch.row(i)
			for w, x := range p {
				t := row[w]
				if ch.flip {
					t = ^t
				}
				odd ^= bits.OnesCount64(x & t)
			}
		})
		failing += odd & 1
	}
	return failing
}

// chaseBoard returns the presses of chasing ch from top. It panics if
// they leave the board unsolved: top must come from solveTop.
func chaseBoard(ch *chaser, top []uint64) *Board {
	x := NewBoard(ch.rows, ch.cols)
	res, _ := ch.run(top, func(i int, p []uint64) { copy(x.Row(i), p) })
	for _, w := range res {
		if w != 0 {
			panic("solver: chased top row leaves the board unsolved")
		}
	}
	return x
}
