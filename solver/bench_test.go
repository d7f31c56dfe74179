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
