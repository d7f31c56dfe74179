package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSolve solves random solvable boards (goal off), including the
// minimisation. Run with -benchmem.
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{5, 20, 100, 500} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			// A random press set's effect is a random solvable board.
			board := Press(NewBoard(n, n), randomBoard(rng, n, n))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(board, GoalOff); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSolveGrid times this file's light chasing (symbolic top row,
// dense elimination of the C×C system, chase, minimum) whatever the size,
// without Solve's dispatch of big boards to the fast path in large.go.
func BenchmarkSolveGrid(b *testing.B) {
	for _, n := range []int{5, 20, 100, 500} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			t := Press(NewBoard(n, n), randomBoard(rng, n, n))
			b.ReportAllocs()
			for b.Loop() {
				x0, null, ok := solveGrid(t)
				if !ok {
					b.Fatal("unsolvable")
				}
				minimize(x0, null)
			}
		})
	}
}

// BenchmarkSolveDense times the reference: elimination of the whole
// (RC)×(RC) toggle matrix.
func BenchmarkSolveDense(b *testing.B) {
	for _, n := range []int{5, 20} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			a := ToggleMatrix(n, n)
			v := make([]uint64, VecWords(n*n))
			b.ReportAllocs()
			for b.Loop() {
				SolveDense(a, v)
			}
		})
	}
}

// BenchmarkCorrect times the cheapest fix of a random unsolvable board,
// every cell doubtful (the worst case: no +Inf cell prunes the search),
// with at most 3 flips as the photo path asks.
func BenchmarkCorrect(b *testing.B) {
	for _, n := range []int{5, 19} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 9))
			var board *Board
			for {
				board = randomBoard(rng, n, n)
				if s, _ := Solve(board, GoalOff); !s.Solvable {
					break
				}
			}
			cost := make([][]float64, n)
			for r := range cost {
				cost[r] = make([]float64, n)
				for c := range cost[r] {
					cost[r][c] = rng.Float64()
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				Correct(board, GoalOff, cost, 3)
			}
		})
	}
}
