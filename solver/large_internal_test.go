package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand"
	"strings"
	"testing"
)

// denseNullity eliminates the full (R·C)×(R·C) press matrix, with the
// board as the last column: the slow reference for small boards.
func denseNullity(b *Board, on bool) (nullity int, solvable bool) {
	n := b.Rows * b.Cols
	m := NewMatrix(n, n+1)
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			i := r*b.Cols + c
			for _, d := range [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < b.Rows && cc >= 0 && cc < b.Cols {
					m.Set(i, rr*b.Cols+cc, true)
				}
			}
			if b.Get(r, c) != on {
				m.Set(i, n, true)
			}
		}
	}
	rank := 0
	solvable = true
	for col := 0; col <= n; col++ {
		p := -1
		for i := rank; i < n; i++ {
			if m.Get(i, col) {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		if col == n {
			solvable = false
			break
		}
		pr, rr := m.Row(p), m.Row(rank)
		for w := range pr {
			pr[w], rr[w] = rr[w], pr[w]
		}
		for i := 0; i < n; i++ {
			if i != rank && m.Get(i, col) {
				ri := m.Row(i)
				for w := range ri {
					ri[w] ^= rr[w]
				}
			}
		}
		rank++
	}
	return n - rank, solvable
}

func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, sz := range [][2]int{{1, 1}, {3, 70}, {64, 64}, {65, 129}, {200, 3}} {
		b := NewBoard(sz[0], sz[1])
		for i := 0; i < sz[0]*sz[1]/2; i++ {
			b.Set(rng.Intn(sz[0]), rng.Intn(sz[1]), true)
		}
		tb := transposeBoard(b)
		for r := 0; r < b.Rows; r++ {
			for c := 0; c < b.Cols; c++ {
				if b.Get(r, c) != tb.Get(c, r) {
					t.Fatalf("%v: (%d,%d) differs", sz, r, c)
				}
			}
		}
		if !transposeBoard(tb).Equal(b) {
			t.Fatalf("%v: transpose twice differs", sz)
		}
	}
}

func TestSolveTopAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for rows := 1; rows <= 9; rows++ {
		for cols := 1; cols <= 9; cols++ {
			for trial := 0; trial < 4; trial++ {
				b := NewBoard(rows, cols)
				for r := 0; r < rows; r++ {
					for c := 0; c < cols; c++ {
						b.Set(r, c, rng.Intn(2) == 1)
					}
				}
				on := trial%2 == 1
				wantN, wantS := denseNullity(b, on)
				ch := newChaser(rows, cols)
				ch.row = b.Row
				ch.flip = on
				sys := solveTop(&ch)
				if sys.nullity != wantN || sys.solvable != wantS {
					t.Fatalf("%d×%d %s on=%v: nullity %d solvable %v, dense says %d %v", rows, cols, b, on, sys.nullity, sys.solvable, wantN, wantS)
				}
				if sys.solvable {
					if res, _ := ch.run(sys.top, nil); !allZero(res) {
						t.Fatalf("%d×%d: top row does not solve", rows, cols)
					}
				}
				z := newChaser(rows, cols)
				for j, nt := range sys.nullTops {
					if res, cnt := z.run(nt, nil); !allZero(res) || cnt == 0 {
						t.Fatalf("%d×%d: null vector %d is not in the null space", rows, cols, j)
					}
				}
			}
		}
	}
}

func allZero(v []uint64) bool {
	for _, w := range v {
		if w != 0 {
			return false
		}
	}
	return true
}

func TestSolveTopSquareNullities(t *testing.T) {
	// OEIS A159257: nullity of the n×n board, n = 1..40.
	want := []int{0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10, 20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0}
	for i, w := range want {
		n := i + 1
		ch := newChaser(n, n)
		if got := solveTop(&ch).nullity; got != w {
			t.Errorf("%d×%d: nullity %d, want %d", n, n, got, w)
		}
	}
}

func largeRandomBoard(rng *rand.Rand, rows, cols int) *Board {
	b := NewBoard(rows, cols)
	for r := 0; r < rows; r++ {
		row := b.Row(r)
		for w := range row {
			row[w] = rng.Uint64()
		}
		row[len(row)-1] &= lastMask(cols)
	}
	return b
}

// goalBoard returns the board that is all off or all on.
func goalBoard(rows, cols int, goal Goal) *Board {
	return target(NewBoard(rows, cols), goal)
}

// solvedBy reports whether presses take b to goal.
func solvedBy(b, presses *Board, goal Goal) bool {
	after := Press(b, presses)
	want := 0
	if goal == GoalOn {
		want = b.Rows * b.Cols
	}
	return after.Count() == want
}

func TestSolveLargeAgainstCore(t *testing.T) {
	maxSide := 64
	if testing.Short() {
		maxSide = 20
	}
	rng := rand.New(rand.NewSource(3))
	for rows := 1; rows <= maxSide; rows++ {
		for cols := 1; cols <= maxSide; cols++ {
			goal := Goal(rng.Intn(2))
			b := largeRandomBoard(rng, rows, cols)
			if rng.Intn(2) == 0 { // solvable by construction
				b = Press(goalBoard(rows, cols, goal), b)
			}
			want, werr := Solve(b, goal)
			if rows*cols >= largeMinCells {
				t.Fatalf("%d×%d: Solve would dispatch to solveLarge", rows, cols)
			}
			got, gerr := solveLarge(b, goal)
			if got.Solvable != want.Solvable || got.Nullity != want.Nullity || (gerr == nil) != (werr == nil) {
				t.Fatalf("%d×%d %s: solvable %v nullity %d err %v; core: %v %d %v",
					rows, cols, goal, got.Solvable, got.Nullity, gerr, want.Solvable, want.Nullity, werr)
			}
			if gerr != nil {
				if !errors.Is(gerr, ErrUnsolvable) || len(got.Failed) == 0 {
					t.Fatalf("%d×%d: unsolvable without ErrUnsolvable or failed checks: %v", rows, cols, gerr)
				}
				continue
			}
			if !solvedBy(b, got.Presses, goal) {
				t.Fatalf("%d×%d %s: presses do not solve the board", rows, cols, goal)
			}
			if got.PressCount != got.Presses.Count() || len(got.NullBasis) != got.Nullity {
				t.Fatalf("%d×%d: PressCount %d, presses %d, %d basis vectors", rows, cols, got.PressCount, got.Presses.Count(), len(got.NullBasis))
			}
			if got.Minimal != (got.Nullity <= MaxExactNullity) {
				t.Fatalf("%d×%d nullity %d: Minimal %v", rows, cols, got.Nullity, got.Minimal)
			}
			if got.Minimal && want.Minimal && got.PressCount != want.PressCount {
				t.Fatalf("%d×%d %s: %d presses, core proves %d", rows, cols, goal, got.PressCount, want.PressCount)
			}
		}
	}
}

func TestSolveLargeBig(t *testing.T) {
	if testing.Short() {
		t.Skip("big boards")
	}
	rng := rand.New(rand.NewSource(4))
	for _, sz := range [][2]int{{1000, 1000}, {999, 1001}, {1001, 999}, {3, 5000}, {5000, 1}} {
		for _, goal := range []Goal{GoalOff, GoalOn} {
			name := fmt.Sprintf("%dx%d/%s", sz[0], sz[1], goal)
			t.Run(name, func(t *testing.T) {
				p := largeRandomBoard(rng, sz[0], sz[1])
				b := Press(goalBoard(sz[0], sz[1], goal), p)
				s, err := solveLarge(b, goal)
				if err != nil {
					t.Fatal(err)
				}
				if !solvedBy(b, s.Presses, goal) {
					t.Fatal("presses do not solve the board")
				}
				if s.PressCount > p.Count() && s.Minimal {
					t.Fatalf("%d presses proven minimal, but %d solve it", s.PressCount, p.Count())
				}
			})
		}
	}
}

func TestSolveLargeSingular(t *testing.T) {
	sizes := []int{4, 5, 9, 16, 17, 999, 1001}
	if testing.Short() {
		sizes = sizes[:5]
	}
	for _, n := range sizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			lit := goalBoard(n, n, GoalOn)
			_, null, ok := solveGrid(lit) // the core's chase with dense elimination
			if !ok {
				t.Fatal("core: all-lit board unsolvable")
			}
			for _, goal := range []Goal{GoalOff, GoalOn} {
				s, err := solveLarge(lit, goal)
				if err != nil {
					t.Fatal(err)
				}
				if s.Nullity != len(null) || s.Nullity == 0 {
					t.Fatalf("goal %s: nullity %d, core says %d", goal, s.Nullity, len(null))
				}
				if !solvedBy(lit, s.Presses, goal) {
					t.Fatalf("goal %s: presses do not solve the board", goal)
				}
				for i, nb := range s.NullBasis {
					if Press(NewBoard(n, n), nb).Count() != 0 || nb.Count() == 0 {
						t.Fatalf("null basis vector %d changes the board", i)
					}
				}
			}
		})
	}
}

// TestDescendTop checks the greedy step on a board whose nullity is above
// MaxExactNullity: never worse than the start, still a solution.
func TestDescendTop(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, n := range []int{39, 30, 32} { // nullity 32, 20, 20 (only 39 is past the exact limit)
		b := Press(NewBoard(n, n), largeRandomBoard(rng, n, n))
		ch := newChaser(n, n)
		ch.row = b.Row
		sys := solveTop(&ch)
		_, count := ch.run(sys.top, nil)
		top, got := descendTop(&ch, sys.top, count, sys.nullTops)
		res, c2 := ch.run(top, nil)
		if !allZero(res) || c2 != got || got > count {
			t.Fatalf("%d×%d: descent from %d presses gave %d (rechased %d), solves %v", n, n, count, got, c2, allZero(res))
		}
		if len(sys.nullTops) <= MaxExactNullity {
			code, exact := exactTop(&ch, sys.top, sys.nullTops)
			if exact > got {
				t.Fatalf("%d×%d: exact minimum %d above greedy %d", n, n, exact, got)
			}
			if _, c3 := ch.run(selectTop(sys.top, sys.nullTops, code), nil); c3 != exact {
				t.Fatalf("%d×%d: exactTop says %d presses, chase counts %d", n, n, exact, c3)
			}
		}
	}
}

func TestWalshHadamard(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, d := range []int{0, 1, 3, 12, 13, 17} {
		v := make([]int32, 1<<d)
		for i := range v {
			v[i] = int32(rng.Intn(21) - 10)
		}
		got := append([]int32(nil), v...)
		walshHadamard(got)
		for _, a := range []int{0, 1, len(v) / 3, len(v) - 1} {
			if a >= len(v) {
				continue
			}
			var want int32
			for x, vx := range v {
				if bits.OnesCount(uint(a&x))%2 == 0 {
					want += vx
				} else {
					want -= vx
				}
			}
			if got[a] != want {
				t.Fatalf("d=%d: W[%d] = %d, want %d", d, a, got[a], want)
			}
		}
	}
}

// TestExactTopAgainstGrayWalk checks the Walsh–Hadamard minimum on boards
// past the dispatch size against the core's walk over all 2^d solutions.
func TestExactTopAgainstGrayWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	found := 0
	for n := 65; n < 400 && found < 4; n++ {
		ch := newChaser(n, n+1)
		d := solveTop(&ch).nullity
		if d < 4 || d > 14 {
			continue
		}
		found++
		t.Logf("%d×%d: nullity %d", n, n+1, d)
		for _, goal := range []Goal{GoalOff, GoalOn} {
			b := Press(goalBoard(n, n+1, goal), largeRandomBoard(rng, n, n+1))
			s, err := solveLarge(b, goal)
			if err != nil {
				t.Fatal(err)
			}
			best, exact := minimize(s.Presses, s.NullBasis)
			if !exact || !s.Minimal || best.Count() != s.PressCount {
				t.Fatalf("%d×%d nullity %d: %d presses (minimal %v), the walk over all solutions finds %d",
					n, n+1, d, s.PressCount, s.Minimal, best.Count())
			}
		}
	}
	if found == 0 {
		t.Fatal("no board with a nullity in range")
	}
}

func TestSolveLargeUnsolvable(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, sz := range [][2]int{{89, 90}, {999, 999}} { // nullity 6 and 32: most random boards are unsolvable
		r, c := sz[0], sz[1]
		var b *Board
		for {
			b = largeRandomBoard(rng, r, c)
			if _, err := solveLarge(b, GoalOff); err != nil {
				break
			}
		}
		s, err := solveLarge(b, GoalOff)
		if !errors.Is(err, ErrUnsolvable) || s.Solvable || s.Presses != nil {
			t.Fatalf("%d×%d: err %v, solvable %v", r, c, err, s.Solvable)
		}
		if r*c*s.Nullity <= maxCheckCells && len(s.Failed) == 0 {
			t.Fatalf("%d×%d: no failed checks listed", r, c)
		}
		if !strings.Contains(err.Error(), "parity check") && !strings.Contains(err.Error(), "must be even") {
			t.Fatalf("%d×%d: error %q does not explain", r, c, err)
		}
		t.Logf("%d×%d nullity %d: %.200s", r, c, s.Nullity, err)
	}
}

// TestFailingChecks compares the streaming count of failing parity checks
// with the count over stored null boards.
func TestFailingChecks(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for _, goal := range []Goal{GoalOff, GoalOn} {
		b := largeRandomBoard(rng, 999, 999) // nullity 32
		s, err := solveLarge(b, goal)
		if !errors.Is(err, ErrUnsolvable) {
			t.Fatalf("goal %s: %v", goal, err)
		}
		want := 0
		tb := target(b, goal)
		for _, n := range s.NullBasis {
			want += andCount(n, tb) % 2
		}
		ch := newChaser(999, 999)
		ch.row, ch.flip = b.Row, goal == GoalOn
		if got := failingChecks(&ch, solveTop(&ch).nullTops); got != want || want == 0 {
			t.Fatalf("goal %s: %d failing checks streamed, %d from the boards", goal, got, want)
		}
	}
}
