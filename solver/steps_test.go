package solver

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestStepsEndSolved replays the steps of random solvable boards and checks
// that they end at the goal and follow the method's shape.
func TestStepsEndSolved(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for rows := 1; rows <= 9; rows++ {
		for cols := 1; cols <= 9; cols++ {
			for range 6 {
				b := randomBoard(rng, rows, cols)
				goal := Goal(rng.IntN(2))
				s, err := Solve(b, goal)
				if err != nil {
					if _, serr := Steps(b, goal, nil); !errors.Is(serr, ErrUnsolvable) {
						t.Fatalf("%v: Steps on an unsolvable board: %v", b, serr)
					}
					continue
				}
				steps, err := Steps(b, goal, s.Presses)
				if err != nil {
					t.Fatalf("%v goal %v: %v", b, goal, err)
				}
				state := b.Clone()
				total := NewBoard(rows, cols) // every press, a cell pressed twice cancelling
				phase := "chase"
				for _, st := range steps {
					p := NewBoard(rows, cols)
					for _, rc := range st.Cells {
						p.Set(rc[0], rc[1], true)
						total.Flip(rc[0], rc[1])
						if st.Phase == "fix top row" && rc[0] != 0 || st.Phase != "fix top row" && rc[0] == 0 {
							t.Fatalf("%v: step %+v presses %v", b, st, rc)
						}
					}
					if st.Phase != phase && !(phase == "chase" && st.Phase == "fix top row") &&
						!(phase == "fix top row" && st.Phase == "chase again") {
						t.Fatalf("%v: phase %q after %q", b, st.Phase, phase)
					}
					phase = st.Phase
					if st.Desc == "" {
						t.Fatalf("%v: step without a description", b)
					}
					state = Press(state, p)
				}
				if !isGoal(state, goal) {
					t.Fatalf("%v goal %v: the steps end at %v", b, goal, state)
				}
				// The method stops when the first chase already solves the
				// board, which may be by another of the 2^d solutions.
				if phase != "chase" && !total.Equal(s.Presses) {
					t.Fatalf("%v goal %v: the steps add up to %v, not the solution %v", b, goal, total, s.Presses)
				}
			}
		}
	}
}

func TestStepsWrongPresses(t *testing.T) {
	b, _ := ParseBoard("101/001/100")
	wrong, _ := ParseBoard("100/000/000")
	if _, err := Steps(b, GoalOff, wrong); !errors.Is(err, ErrUnsolvable) {
		t.Fatalf("err %v, want ErrUnsolvable", err)
	}
}

func TestStepsExample(t *testing.T) {
	b, _ := ParseBoard("101/001/100")
	steps, err := Steps(b, GoalOff, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"chase: row 2: press A2, C2, under the lit lights A1, C1",
		"chase: row 3: press A3, under the lit lights A2",
		"fix top row: the bottom row is left with lit A3, B3, C3: press B1 in the top row",
		"chase again: row 2: press A2, B2, C2, under the lit lights A1, B1, C1",
	}
	if len(steps) != len(want) {
		t.Fatalf("%d steps, want %d: %+v", len(steps), len(want), steps)
	}
	for i, st := range steps {
		if got := st.Phase + ": " + st.Desc; got != want[i] {
			t.Errorf("step %d: %q, want %q", i+1, got, want[i])
		}
	}
}

func TestCellName(t *testing.T) {
	tests := []struct {
		r, c int
		want string
	}{
		{0, 0, "A1"}, {4, 1, "B5"}, {0, 25, "Z1"}, {9, 26, "AA10"}, {0, 27, "AB1"},
		{0, 51, "AZ1"}, {0, 52, "BA1"}, {0, 701, "ZZ1"}, {0, 702, "AAA1"}, {2999, 4999, "GJH3000"},
	}
	for _, tt := range tests {
		if got := CellName(tt.r, tt.c); got != tt.want {
			t.Errorf("CellName(%d, %d) = %q, want %q", tt.r, tt.c, got, tt.want)
		}
	}
	// Names are distinct for thousands of columns.
	seen := map[string]bool{}
	for c := 0; c < 20000; c++ {
		n := CellName(0, c)
		if seen[n] {
			t.Fatalf("column %d: duplicate name %s", c, n)
		}
		seen[n] = true
	}
}
