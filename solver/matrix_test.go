package solver

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func randomGF2Vec(rng *rand.Rand, n int) []uint64 {
	v := make([]uint64, VecWords(n))
	for i := 0; i < n; i++ {
		if rng.IntN(2) == 1 {
			v[i/64] |= 1 << (i % 64)
		}
	}
	return v
}

// TestSolveDenseBruteForce checks SolveDense on random matrices of any
// shape (not only symmetric toggle matrices) against trying every x.
func TestSolveDenseBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 400 {
		rows, cols := 1+rng.IntN(10), 1+rng.IntN(10)
		a := randomMatrix(rng.Float64, rows, cols, []float64{0.1, 0.3, 0.5, 0.8}[rng.IntN(4)])
		b := randomGF2Vec(rng, rows)
		if rng.IntN(2) == 0 {
			b = a.MulVec(randomGF2Vec(rng, cols)) // surely solvable
		}
		// Brute force: count the solutions.
		sols := 0
		for x := uint64(0); x < 1<<cols; x++ {
			if slices.Equal(a.MulVec([]uint64{x}), b) {
				sols++
			}
		}
		x, null, ok := SolveDense(a, b)
		if ok != (sols > 0) {
			t.Fatalf("%d×%d: ok=%v, brute force finds %d solutions", rows, cols, ok, sols)
		}
		for _, v := range null {
			if !isZero(a.MulVec(v)) || isZero(v) {
				t.Fatalf("%d×%d: null vector %x is zero or not in the null space", rows, cols, v)
			}
		}
		if r := rank(null, cols); r != len(null) {
			t.Fatalf("%d×%d: null basis of %d has rank %d", rows, cols, len(null), r)
		}
		if ok {
			if !slices.Equal(a.MulVec(x), b) {
				t.Fatalf("%d×%d: x does not solve the system", rows, cols)
			}
			if sols != 1<<len(null) {
				t.Fatalf("%d×%d: %d solutions, null basis of %d", rows, cols, sols, len(null))
			}
		} else if x != nil {
			t.Fatalf("%d×%d: inconsistent, but x = %x", rows, cols, x)
		}
	}
}

// TestSolveDenseWide checks multi-word rows and columns: consistent
// systems are solved, and rank + nullity = columns.
func TestSolveDenseWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for range 30 {
		rows, cols := 1+rng.IntN(200), 1+rng.IntN(200)
		a := randomMatrix(rng.Float64, rows, cols, 0.05+rng.Float64()*0.5)
		want := randomGF2Vec(rng, cols)
		b := a.MulVec(want)
		x, null, ok := SolveDense(a, b)
		if !ok || !slices.Equal(a.MulVec(x), b) {
			t.Fatalf("%d×%d: consistent system not solved (ok %v)", rows, cols, ok)
		}
		for _, v := range null {
			if !isZero(a.MulVec(v)) {
				t.Fatalf("%d×%d: null vector not in the null space", rows, cols)
			}
		}
		// rank(A) = rank(Aᵀ): the two null spaces agree on it.
		_, nullT, _ := SolveDense(a.Transpose(), make([]uint64, VecWords(cols)))
		if cols-len(null) != rows-len(nullT) {
			t.Fatalf("%d×%d: rank %d from A, %d from Aᵀ", rows, cols, cols-len(null), rows-len(nullT))
		}
	}
}

func TestMatrixBasics(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	a := randomMatrix(rng.Float64, 70, 130, 0.3)
	tr := a.Transpose()
	if tr.Rows != 130 || tr.Cols != 70 {
		t.Fatalf("transpose is %d×%d", tr.Rows, tr.Cols)
	}
	for i := 0; i < a.Rows; i++ {
		for j := 0; j < a.Cols; j++ {
			if a.Get(i, j) != tr.Get(j, i) {
				t.Fatalf("transpose differs at (%d, %d)", i, j)
			}
		}
	}
	if !slices.Equal(tr.Transpose().bits, a.bits) {
		t.Fatal("transposing twice changes the matrix")
	}
	// MulVec against the definition.
	x := randomGF2Vec(rng, 130)
	y := a.MulVec(x)
	for i := 0; i < a.Rows; i++ {
		p := 0
		for j := 0; j < a.Cols; j++ {
			if a.Get(i, j) && x[j/64]>>(j%64)&1 == 1 {
				p++
			}
		}
		if got := int(y[i/64] >> (i % 64) & 1); got != p%2 {
			t.Fatalf("row %d: MulVec gives %d, want %d", i, got, p%2)
		}
	}
	// ToggleMatrix is symmetric and each column is the press's effect.
	tm := ToggleMatrix(4, 6)
	if !slices.Equal(tm.Transpose().bits, tm.bits) {
		t.Fatal("toggle matrix is not symmetric")
	}
	for i := 0; i < 24; i++ {
		p := NewBoard(4, 6)
		p.Set(i/6, i%6, true)
		e := vecOf(Press(NewBoard(4, 6), p))
		col := make([]uint64, 1)
		for j := 0; j < 24; j++ {
			if tm.Get(j, i) {
				col[0] |= 1 << j
			}
		}
		if col[0] != e[0] || bits.OnesCount64(col[0]) < 2 {
			t.Fatalf("column %d is %b, press effect %b", i, col[0], e[0])
		}
	}
}

// TestSolveGoalSymmetry checks that goal on is goal off for the
// complemented board.
func TestSolveGoalSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for range 200 {
		rows, cols := 1+rng.IntN(12), 1+rng.IntN(12)
		b := randomBoard(rng, rows, cols)
		on, errOn := Solve(b, GoalOn)
		off, errOff := Solve(target(b, GoalOn), GoalOff)
		if (errOn == nil) != (errOff == nil) || on.Nullity != off.Nullity || on.PressCount != off.PressCount {
			t.Fatalf("%v: goal on %d presses (%v), complement goal off %d (%v)", b, on.PressCount, errOn, off.PressCount, errOff)
		}
	}
}
