package solver

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// boardFromBits returns the rows×cols board whose cell i (row-major) is
// bit i of v.
func boardFromBits(rows, cols int, v uint64) *Board {
	b := NewBoard(rows, cols)
	for i := 0; i < rows*cols; i++ {
		if v>>i&1 == 1 {
			b.Set(i/cols, i%cols, true)
		}
	}
	return b
}

func randomBoard(rng *rand.Rand, rows, cols int) *Board {
	b := NewBoard(rows, cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if rng.IntN(2) == 1 {
				b.Set(r, c, true)
			}
		}
	}
	return b
}

func isGoal(b *Board, goal Goal) bool {
	if goal == GoalOff {
		return b.Count() == 0
	}
	return b.Count() == b.Rows*b.Cols
}

// bruteForce returns, for every board of the shape (indexed by its bits,
// cell i being bit i in row-major order), the fewest presses that turn it
// all off, or -1 if none, by trying all 2^(rows·cols) press sets (in
// Gray-code order, one press changing per step).
func bruteForce(rows, cols int) []int8 {
	n := rows * cols
	best := make([]int8, 1<<n)
	for i := range best {
		best[i] = -1
	}
	// effect[i] = the toggles of pressing cell i, as bits.
	effect := make([]uint64, n)
	for i := 0; i < n; i++ {
		r, c := i/cols, i%cols
		e := uint64(1) << i
		if r > 0 {
			e |= 1 << (i - cols)
		}
		if r+1 < rows {
			e |= 1 << (i + cols)
		}
		if c > 0 {
			e |= 1 << (i - 1)
		}
		if c+1 < cols {
			e |= 1 << (i + 1)
		}
		effect[i] = e
	}
	best[0] = 0
	var b uint64
	for i := uint64(1); i < 1<<n; i++ {
		b ^= effect[bits.TrailingZeros64(i)]
		k := int8(bits.OnesCount64(i ^ i>>1))
		if best[b] < 0 || k < best[b] {
			best[b] = k
		}
	}
	return best
}

// checkSolution checks s against the brute-force minimum want (-1:
// unsolvable) for board b and goal.
func checkSolution(t *testing.T, b *Board, goal Goal, s *Solution, err error, want8 int8) {
	want := int(want8)
	t.Helper()
	if want < 0 {
		if !errors.Is(err, ErrUnsolvable) || s.Solvable || s.Presses != nil {
			t.Fatalf("%v goal %v: got solvable=%v err=%v, want unsolvable", b, goal, s.Solvable, err)
		}
		if len(s.Failed) == 0 {
			t.Fatalf("%v goal %v: unsolvable but no failed check", b, goal)
		}
		return
	}
	if err != nil || !s.Solvable {
		t.Fatalf("%v goal %v: got err %v, want a %d-press solution", b, goal, err, want)
	}
	if !isGoal(Press(b, s.Presses), goal) {
		t.Fatalf("%v goal %v: presses %v leave %v", b, goal, s.Presses, Press(b, s.Presses))
	}
	if s.PressCount != s.Presses.Count() || s.PressCount != want || !s.Minimal {
		t.Fatalf("%v goal %v: %d presses (count %d, minimal %v), brute force needs %d",
			b, goal, s.Presses.Count(), s.PressCount, s.Minimal, want)
	}
}

func TestSolveExhaustive(t *testing.T) {
	for rows := 1; rows <= 4; rows++ {
		for cols := 1; cols <= 4 && rows*cols <= 12; cols++ {
			best := bruteForce(rows, cols)
			for _, goal := range []Goal{GoalOff, GoalOn} {
				for v := range uint64(1) << (rows * cols) {
					b := boardFromBits(rows, cols, v)
					want := best[v]
					if goal == GoalOn {
						want = best[v^(1<<(rows*cols)-1)]
					}
					s, err := Solve(b, goal)
					checkSolution(t, b, goal, s, err, want)
				}
			}
		}
	}
}

func TestSolveRandomSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200
	if testing.Short() {
		n = 20
	}
	for rows := 1; rows <= 5; rows++ {
		for cols := 1; cols <= 5; cols++ {
			best := bruteForce(rows, cols)
			for range n {
				b := randomBoard(rng, rows, cols)
				var v uint64
				for _, rc := range b.Cells() {
					v |= 1 << (rc[0]*cols + rc[1])
				}
				for _, goal := range []Goal{GoalOff, GoalOn} {
					want := best[v]
					if goal == GoalOn {
						want = best[v^(1<<(rows*cols)-1)]
					}
					s, err := Solve(b, goal)
					checkSolution(t, b, goal, s, err, want)
				}
			}
		}
	}
}

func TestKnownBoards(t *testing.T) {
	tests := []struct {
		name, board string
		goal        Goal
		presses     string // "" when unsolvable
		nullity     int
	}{
		{"issue 3x3", "101/001/100", GoalOff, "010/010/100", 0},
		{"5x5 all lit", "11111/11111/11111/11111/11111", GoalOff, "", 2},
		{"5x5 all lit goal on", "11111/11111/11111/11111/11111", GoalOn, "00000/00000/00000/00000/00000", 2},
		{"1x1", "1", GoalOff, "1", 0},
		{"2x3 singular", "000/000", GoalOff, "000/000", 2},
		{"4x4 single light unsolvable", "1000/0000/0000/0000", GoalOff, "", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseBoard(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Solve(b, tt.goal)
			if s.Nullity != tt.nullity {
				t.Errorf("nullity %d, want %d", s.Nullity, tt.nullity)
			}
			if tt.name == "5x5 all lit" {
				if err != nil || s.PressCount != 15 || !s.Minimal {
					t.Fatalf("got %v presses=%d minimal=%v, want 15 minimal", err, s.PressCount, s.Minimal)
				}
				return
			}
			if tt.presses == "" {
				if !errors.Is(err, ErrUnsolvable) {
					t.Fatalf("err %v, want ErrUnsolvable", err)
				}
				if !strings.Contains(err.Error(), "must be even in number") {
					t.Errorf("error %q does not explain the parity check", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Presses.String(); got != tt.presses {
				t.Errorf("presses %s, want %s", got, tt.presses)
			}
		})
	}
}
