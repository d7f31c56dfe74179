package solver

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// randomMatrix sets each entry of a rows×cols matrix when a draw of
// uniform (math/rand's or math/rand/v2's Float64) falls below density.
func randomMatrix(uniform func() float64, rows, cols int, density float64) *Matrix {
	m := NewMatrix(rows, cols)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			if uniform() < density {
				m.Set(i, j, true)
			}
		}
	}
	return m
}

// TestSolveM4RIAgainstDense: reduced row echelon form is unique, so
// SolveM4RI must return exactly what SolveDense returns.
func TestSolveM4RIAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	shapes := [][2]int{{0, 0}, {1, 1}, {3, 9}, {9, 3}, {8, 8}, {17, 17}, {33, 31}, {64, 64}, {65, 63}, {100, 130}, {130, 100}, {300, 300}, {257, 511}, {700, 600}, {2048, 2100}}
	for _, sh := range shapes {
		for _, density := range []float64{0.02, 0.5} {
			t.Run(fmt.Sprintf("%dx%d/%.2f", sh[0], sh[1], density), func(t *testing.T) {
				a := randomMatrix(rng.Float64, sh[0], sh[1], density)
				if sh[0] > 4 { // force dependent rows
					copy(a.Row(sh[0]-1), a.Row(0))
					xorWords(a.Row(sh[0]-1), a.Row(1))
				}
				b := make([]uint64, VecWords(sh[0]))
				for i := range b {
					b[i] = rng.Uint64()
				}
				if r := sh[0] % 64; r != 0 {
					b[len(b)-1] &= 1<<r - 1
				}
				for _, rhs := range [][]uint64{b, make([]uint64, len(b))} {
					x1, n1, ok1 := SolveDense(a, rhs)
					x2, n2, ok2 := SolveM4RI(a, rhs)
					if ok1 != ok2 || !slices.Equal(x1, x2) || !slices.EqualFunc(n1, n2, slices.Equal) {
						t.Fatalf("M4RI: ok %v, %d null vectors; dense: ok %v, %d null vectors (or x differs)", ok2, len(n2), ok1, len(n1))
					}
				}
			})
		}
	}
}

// TestSolveM4RIToggle solves the full toggle matrix of square boards,
// sparse and singular, both ways.
func TestSolveM4RIToggle(t *testing.T) {
	for _, n := range []int{4, 5, 9, 16, 19, 23} {
		a := ToggleMatrix(n, n)
		b := make([]uint64, VecWords(n*n))
		for i := 0; i < n*n; i += 3 {
			b[i/64] |= 1 << (i % 64)
		}
		x1, n1, ok1 := SolveDense(a, b)
		x2, n2, ok2 := SolveM4RI(a, b)
		if ok1 != ok2 || !slices.Equal(x1, x2) || !slices.EqualFunc(n1, n2, slices.Equal) {
			t.Fatalf("%d×%d: M4RI ok %v nullity %d, dense ok %v nullity %d (or x differs)", n, n, ok2, len(n2), ok1, len(n1))
		}
	}
}

// TestTopMatrix checks the circulant construction of the top-row system
// against the polynomial solver: same nullity, and the polynomial top row
// satisfies the matrix system.
func TestTopMatrix(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	sizes := [][2]int{{1, 1}, {4, 4}, {5, 5}, {7, 3}, {3, 7}, {30, 30}, {100, 64}, {257, 200}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{999, 999}, [2]int{1001, 1001}, [2]int{1200, 1000})
	}
	for _, sz := range sizes {
		rows, cols := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", rows, cols), func(t *testing.T) {
			b := Press(NewBoard(rows, cols), largeRandomBoard(rng, rows, cols))
			ch := newChaser(rows, cols)
			ch.row = b.Row
			sys := solveTop(&ch)
			m := topMatrix(rows, cols)
			rhs, _ := ch.run(nil, nil)
			if rows <= 300 { // the core's chase of C symbolic unknowns builds the same matrix
				if cm, cv := topRowSystem(b); !slices.Equal(cm.bits, m.bits) || !slices.Equal(cv, rhs) {
					t.Fatal("topRowSystem and topMatrix differ")
				}
			}
			x, null, ok := SolveM4RI(m, rhs)
			if !ok || !sys.solvable || len(null) != sys.nullity {
				t.Fatalf("matrix: ok %v nullity %d; polynomials: ok %v nullity %d", ok, len(null), sys.solvable, sys.nullity)
			}
			if res, _ := ch.run(x, nil); !allZero(res) {
				t.Fatal("the matrix solution does not solve the board")
			}
			if got := mulVec(m, sys.top); !slices.Equal(got, rhs) {
				t.Fatal("the polynomial top row does not satisfy the matrix system")
			}
		})
	}
}

func mulVec(m *Matrix, v []uint64) []uint64 {
	out := make([]uint64, VecWords(m.Rows))
	for i := 0; i < m.Rows; i++ {
		p := 0
		for k, w := range m.Row(i) {
			p ^= bitsOnes(w & v[k])
		}
		out[i/64] |= uint64(p&1) << (i % 64)
	}
	return out
}

func bitsOnes(w uint64) int {
	n := 0
	for ; w != 0; w &= w - 1 {
		n++
	}
	return n
}

// BenchmarkSolveM4RI compares the Four Russians elimination with plain
// Gauss-Jordan on random square systems.
func BenchmarkSolveM4RI(b *testing.B) {
	for _, n := range []int{512, 1024, 2048, 4096} {
		rng := rand.New(rand.NewSource(8))
		a := randomMatrix(rng.Float64, n, n, 0.5)
		rhs := make([]uint64, VecWords(n))
		b.Run(fmt.Sprintf("m4ri/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				SolveM4RI(a, rhs)
			}
		})
		b.Run(fmt.Sprintf("dense/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				SolveDense(a, rhs)
			}
		})
	}
}

// BenchmarkTopSystem solves the top-row system of the all-off n×n board
// (goal on) two ways: solveTop's polynomials, and SolveM4RI on the matrix
// (built outside the timer).
func BenchmarkTopSystem(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000} {
		ch := newChaser(n, n)
		ch.flip = true
		b.Run(fmt.Sprintf("poly/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				solveTop(&ch)
			}
		})
		m := topMatrix(n, n)
		rhs, _ := ch.run(nil, nil)
		b.Run(fmt.Sprintf("m4ri/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				SolveM4RI(m, rhs)
			}
		})
	}
}
