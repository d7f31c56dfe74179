package solver

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// vecOf packs board b row-major into a vector of Rows·Cols bits.
func vecOf(b *Board) []uint64 {
	v := make([]uint64, VecWords(b.Rows*b.Cols))
	for _, rc := range b.Cells() {
		i := rc[0]*b.Cols + rc[1]
		v[i/64] |= 1 << (i % 64)
	}
	return v
}

// boardOf unpacks a row-major vector into a rows×cols board.
func boardOf(rows, cols int, v []uint64) *Board {
	b := NewBoard(rows, cols)
	for i := 0; i < rows*cols; i++ {
		if v[i/64]>>(i%64)&1 == 1 {
			b.Set(i/cols, i%cols, true)
		}
	}
	return b
}

// rank returns the rank of the vectors (all of the same length).
func rank(vs [][]uint64, n int) int {
	if len(vs) == 0 {
		return 0
	}
	m := NewMatrix(len(vs), n)
	for i, v := range vs {
		copy(m.Row(i), v)
	}
	_, null, _ := SolveDense(m.Transpose(), make([]uint64, VecWords(n)))
	return len(vs) - len(null)
}

// TestChaseMatchesDense compares light chasing with plain elimination of
// the whole (RC)×(RC) toggle matrix on random boards of every shape up to
// 30×30: same solvability, same nullity, valid solutions and null vectors,
// and the same minimum press count.
func TestChaseMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	maxSide, perShape := 30, 2
	if testing.Short() {
		maxSide, perShape = 12, 1
	}
	for rows := 1; rows <= maxSide; rows++ {
		for cols := 1; cols <= maxSide; cols++ {
			a := ToggleMatrix(rows, cols)
			for k := 0; k < perShape; k++ {
				tb := randomBoard(rng, rows, cols)
				if k == 0 {
					// Half of the boards solvable, whatever the nullity.
					tb = Press(NewBoard(rows, cols), tb)
				}
				x0, null, ok := solveGrid(tb)
				xd, nd, okd := SolveDense(a, vecOf(tb))
				if ok != okd || len(null) != len(nd) {
					t.Fatalf("%d×%d %v: chase ok=%v nullity %d, dense ok=%v nullity %d",
						rows, cols, tb, ok, len(null), okd, len(nd))
				}
				nv := make([][]uint64, len(null))
				for i, n := range null {
					if n.Count() == 0 || Press(NewBoard(rows, cols), n).Count() != 0 {
						t.Fatalf("%d×%d: null vector %v is zero or changes the board", rows, cols, n)
					}
					nv[i] = vecOf(n)
				}
				if r := rank(nv, rows*cols); r != len(null) {
					t.Fatalf("%d×%d: null basis of %d vectors has rank %d", rows, cols, len(null), r)
				}
				if !ok {
					continue
				}
				if !Press(tb, x0).Equal(NewBoard(rows, cols)) {
					t.Fatalf("%d×%d: chase solution %v does not solve %v", rows, cols, x0, tb)
				}
				if len(null) > MaxExactNullity {
					continue
				}
				dnull := make([]*Board, len(nd))
				for i, v := range nd {
					dnull[i] = boardOf(rows, cols, v)
				}
				want, _ := minimize(boardOf(rows, cols, xd), dnull)
				s, err := Solve(tb, GoalOff)
				if err != nil || s.PressCount != want.Count() || !s.Minimal {
					t.Fatalf("%d×%d: Solve gives %d presses (err %v, minimal %v), dense coset minimum %d",
						rows, cols, s.PressCount, err, s.Minimal, want.Count())
				}
			}
		}
	}
}

// TestNullity checks the nullity of the n×n board against OEIS A159257.
func TestNullity(t *testing.T) {
	want := []int{0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0,
		0, 0, 14, 4, 0, 0, 0, 0, 10, 20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0}
	for i, w := range want {
		n := i + 1
		_, null, _ := solveGrid(NewBoard(n, n))
		if len(null) != w {
			t.Errorf("%d×%d: nullity %d, want %d", n, n, len(null), w)
		}
		if s, err := Solve(NewBoard(n, n), GoalOff); err != nil || s.Nullity != w {
			t.Errorf("%d×%d: Solve nullity %d (err %v), want %d", n, n, s.Nullity, err, w)
		}
	}
}

// TestRectangles checks the nullity of m×n boards against the dense
// elimination and a known closed case: the 1×n board is singular exactly
// when n ≡ 2 (mod 3).
func TestRectangles(t *testing.T) {
	for n := 1; n <= 40; n++ {
		_, null, _ := solveGrid(NewBoard(1, n))
		want := 0
		if n%3 == 2 {
			want = 1
		}
		if len(null) != want {
			t.Errorf("1×%d: nullity %d, want %d", n, len(null), want)
		}
		_, nullT, _ := solveGrid(NewBoard(n, 1))
		if len(nullT) != want {
			t.Errorf("%d×1: nullity %d, want %d", n, len(nullT), want)
		}
	}
	for _, tt := range []struct{ rows, cols, nullity int }{
		{2, 3, 2}, {3, 2, 2}, {2, 2, 0}, {4, 5, 0}, {5, 4, 0}, {4, 4, 4}, {5, 5, 2}, {3, 5, 3}, {6, 6, 0},
	} {
		_, null, _ := solveGrid(NewBoard(tt.rows, tt.cols))
		_, nd, _ := SolveDense(ToggleMatrix(tt.rows, tt.cols), make([]uint64, VecWords(tt.rows*tt.cols)))
		if len(null) != tt.nullity || len(nd) != tt.nullity {
			t.Errorf("%d×%d: nullity chase %d, dense %d, want %d", tt.rows, tt.cols, len(null), len(nd), tt.nullity)
		}
	}
}

// TestDistribution5x5 solves all 2^23 solvable 5×5 boards (goal off) and
// counts how many need exactly k presses (the known distribution, summing
// to 2^23). It takes seconds, so -short skips it.
func TestDistribution5x5(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 2^23 boards")
	}
	want := []int{1, 25, 300, 2300, 12650, 53130, 176176, 467104, 982335,
		1596279, 1935294, 1684446, 1004934, 383670, 82614, 7350}
	// The toggle patterns of 23 independent presses span every solvable
	// board; walking their span in Gray-code order visits each once.
	a := ToggleMatrix(5, 5)
	_, null, _ := SolveDense(a, make([]uint64, 1))
	var pivots []*Board // presses outside the free columns of the null basis
	free := map[int]bool{}
	for _, n := range null {
		free[63-bits.LeadingZeros64(n[0])] = true // the free column is the highest bit set
	}
	for i := 0; i < 25; i++ {
		if !free[i] {
			p := NewBoard(5, 5)
			p.Set(i/5, i%5, true)
			pivots = append(pivots, Press(NewBoard(5, 5), p))
		}
	}
	if len(pivots) != 23 {
		t.Fatalf("%d independent presses, want 23", len(pivots))
	}
	got := make([]int, 26)
	b := NewBoard(5, 5)
	for i := uint64(0); i < 1<<23; i++ {
		if i > 0 {
			xorWords(b.bits, pivots[bits.TrailingZeros64(i)].bits)
		}
		s, err := Solve(b, GoalOff)
		if err != nil || !s.Minimal {
			t.Fatalf("%v: %v (minimal %v)", b, err, s.Minimal)
		}
		got[s.PressCount]++
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%d presses: %d boards, want %d", k, got[k], w)
		}
	}
	for k := len(want); k < len(got); k++ {
		if got[k] != 0 {
			t.Errorf("%d presses: %d boards, want none", k, got[k])
		}
	}
}

// TestMinimize checks the Gray-code walk against plain enumeration of the
// coset and the greedy descent against its starting point.
func TestMinimize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, shape := range [][2]int{{3, 3}, {5, 5}, {9, 14}, {16, 16}, {40, 70}} {
		for range 20 {
			x0 := randomBoard(rng, shape[0], shape[1])
			d := 1 + rng.IntN(8)
			basis := make([]*Board, d)
			for i := range basis {
				basis[i] = randomBoard(rng, shape[0], shape[1])
			}
			best := x0.Count()
			for code := uint64(1); code < 1<<d; code++ {
				best = min(best, combine(x0, basis, code).Count())
			}
			got, exact := minimize(x0, basis)
			if !exact || got.Count() != best {
				t.Fatalf("%v shape: walk found %d (exact %v), enumeration %d", shape, got.Count(), exact, best)
			}
			if !inCoset(got, x0, basis) {
				t.Fatalf("%v shape: walk result is not in the coset", shape)
			}
			if g := whtMin(x0, basis); g.Count() != best || !inCoset(g, x0, basis) {
				t.Fatalf("%v shape: transform found %d, enumeration %d", shape, g.Count(), best)
			}
			if g := descend(x0, basis); g.Count() > x0.Count() || g.Count() < best || !inCoset(g, x0, basis) {
				t.Fatalf("%v shape: descent gives %d from %d (minimum %d)", shape, g.Count(), x0.Count(), best)
			}
		}
	}
}

// inCoset reports whether x - x0 is in the span of basis.
func inCoset(x, x0 *Board, basis []*Board) bool {
	for code := uint64(0); code < 1<<len(basis); code++ {
		if combine(x0, basis, code).Equal(x) {
			return true
		}
	}
	return false
}

// TestBeyondExactNullity checks a board whose nullity exceeds
// MaxExactNullity: the result still solves it, with Minimal false.
func TestBeyondExactNullity(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	b := Press(NewBoard(39, 39), randomBoard(rng, 39, 39))
	s, err := Solve(b, GoalOff)
	if err != nil {
		t.Fatal(err)
	}
	if s.Nullity != 32 || s.Minimal || len(s.NullBasis) != 32 {
		t.Fatalf("nullity %d, minimal %v, basis %d; want 32, false, 32", s.Nullity, s.Minimal, len(s.NullBasis))
	}
	if Press(b, s.Presses).Count() != 0 || s.PressCount != s.Presses.Count() {
		t.Fatalf("presses do not solve the board")
	}
}

// TestSparseChecks checks that sparseChecks returns a basis of the same
// space with the least total weight, found by trying every basis of small
// null spaces.
func TestSparseChecks(t *testing.T) {
	for _, sh := range [][2]int{{4, 4}, {5, 5}, {2, 3}, {9, 9}, {3, 5}} {
		_, null, _ := solveGrid(NewBoard(sh[0], sh[1]))
		got := sparseChecks(null)
		if len(got) != len(null) {
			t.Fatalf("%v: %d checks for nullity %d", sh, len(got), len(null))
		}
		total := 0
		vs := make([][]uint64, len(got))
		for i, g := range got {
			if i > 0 && g.Count() < got[i-1].Count() {
				t.Errorf("%v: checks not sorted by weight", sh)
			}
			if !inCoset(g, NewBoard(sh[0], sh[1]), null) {
				t.Fatalf("%v: check %v is not a null vector", sh, g)
			}
			total += g.Count()
			vs[i] = vecOf(g)
		}
		if r := rank(vs, sh[0]*sh[1]); r != len(null) {
			t.Fatalf("%v: checks have rank %d, want %d", sh, r, len(null))
		}
		// The least total weight: the sum over i of the i-th smallest
		// weight among vectors independent of the lighter ones is what the
		// greedy gives; compare with the chase basis as an upper bound and
		// with the d lightest non-zero vectors as a lower bound.
		var ws []int
		for code := uint64(1); code < 1<<len(null); code++ {
			ws = append(ws, combine(NewBoard(sh[0], sh[1]), null, code).Count())
		}
		slices.Sort(ws)
		lower, upper := 0, 0
		for i := range null {
			lower += ws[i]
			upper += null[i].Count()
		}
		if total < lower || total > upper {
			t.Errorf("%v: total weight %d outside [%d, %d]", sh, total, lower, upper)
		}
		t.Logf("%v: check weights total %d (chase basis %d)", sh, total, upper)
	}
}

// TestChaseMultiWord compares the chase with dense elimination on shapes
// whose rows or symbolic vectors span several words (the top row is the
// short side, so these cover the transposition and the multi-word chase).
func TestChaseMultiWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	fixed := 0
	for _, sh := range [][2]int{{3, 150}, {150, 3}, {2, 200}, {65, 5}, {1, 299}, {299, 1}, {4, 64}, {64, 4}, {6, 63}, {4, 149}, {71, 5}, {3, 131}} {
		rows, cols := sh[0], sh[1]
		a := ToggleMatrix(rows, cols)
		for k := range 3 {
			tb := randomBoard(rng, rows, cols)
			if k > 0 {
				tb = Press(NewBoard(rows, cols), tb)
			}
			x0, null, ok := solveGrid(tb)
			_, nd, okd := SolveDense(a, vecOf(tb))
			if ok != okd || len(null) != len(nd) {
				t.Fatalf("%d×%d: chase ok=%v nullity %d, dense ok=%v nullity %d", rows, cols, ok, len(null), okd, len(nd))
			}
			for _, n := range null {
				if n.Count() == 0 || Press(NewBoard(rows, cols), n).Count() != 0 {
					t.Fatalf("%d×%d: bad null vector", rows, cols)
				}
			}
			if ok && Press(tb, x0).Count() != 0 {
				t.Fatalf("%d×%d: the chase solution does not solve the board", rows, cols)
			}
			if !ok {
				// Correct must find a fix with the cells' doubt all equal.
				cost := make([][]float64, rows)
				for r := range cost {
					cost[r] = make([]float64, cols)
					for c := range cost[r] {
						cost[r][c] = 1
					}
				}
				flips, err := Correct(tb, GoalOff, cost, len(null))
				if err != nil {
					t.Fatalf("%d×%d: Correct: %v", rows, cols, err)
				}
				f := tb.Clone()
				for _, rc := range flips {
					f.Flip(rc[0], rc[1])
				}
				if _, _, okf := SolveDense(a, vecOf(f)); !okf {
					t.Fatalf("%d×%d: Correct's flips %v leave the board unsolvable", rows, cols, flips)
				}
				fixed++
			}
		}
	}
	if fixed < 5 {
		t.Fatalf("only %d unsolvable boards were corrected", fixed)
	}
}
