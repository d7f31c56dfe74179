package solver

import (
	"fmt"
	"testing"
)

// BenchmarkChase is one counting chase, the unit of work of descendTop.
func BenchmarkChase(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ch := newChaser(n, n)
			ch.flip = true
			top := make([]uint64, ch.stride)
			for i := 0; i < b.N; i++ {
				ch.run(top, nil)
			}
		})
	}
}

// BenchmarkSolveLarge solves the all-off n×n board with goal on, in
// memory (the file round trip is timed by cmd/lightsout-bench). 999 has
// nullity 32 (greedy descent) and 2012 nullity 20 (exact minimum over
// 2^20 solutions); the others are nonsingular.
func BenchmarkSolveLarge(b *testing.B) {
	for _, n := range []int{999, 1000, 2000, 2012, 4000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			bd := NewBoard(n, n)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Solve(bd, GoalOn); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
