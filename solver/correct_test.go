package solver

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// solvableDense reports whether b is solvable for goal by eliminating the
// whole toggle matrix: independent of the chase that Correct uses.
func solvableDense(a *Matrix, b *Board, goal Goal) bool {
	_, _, ok := SolveDense(a, vecOf(target(b, goal)))
	return ok
}

// TestCorrectBruteForce compares Correct with trying every set of at most
// maxFlips finite-cost cells on random boards up to 4×4.
func TestCorrectBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	fixed := 0 // boards that needed and got a fix
	shapes := [][2]int{{1, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {4, 3}, {5, 2}}
	n := 60
	if testing.Short() {
		n = 15
	}
	for _, sh := range shapes {
		rows, cols := sh[0], sh[1]
		cells := rows * cols
		a := ToggleMatrix(rows, cols)
		for range n {
			b := randomBoard(rng, rows, cols)
			goal := Goal(rng.IntN(2))
			cost := make([][]float64, rows)
			for r := range cost {
				cost[r] = make([]float64, cols)
				for c := range cost[r] {
					switch rng.IntN(5) {
					case 0:
						cost[r][c] = math.Inf(1)
					case 1:
						cost[r][c] = float64(rng.IntN(3)) // ties and zeros
					default:
						cost[r][c] = rng.Float64() * 5
					}
				}
			}
			maxFlips := 1 + rng.IntN(3)

			best, found := math.Inf(1), false
			for set := uint64(0); set < 1<<cells; set++ {
				if bits.OnesCount64(set) > maxFlips {
					continue
				}
				f, sum := b.Clone(), 0.0
				for s := set; s != 0; s &= s - 1 {
					i := bits.TrailingZeros64(s)
					f.Flip(i/cols, i%cols)
					sum += cost[i/cols][i%cols]
				}
				if !math.IsInf(sum, 1) && sum < best && solvableDense(a, f, goal) {
					best, found = sum, true
				}
			}

			got, err := Correct(b, goal, cost, maxFlips)
			if solvableDense(a, b, goal) {
				if got != nil || err != nil {
					t.Fatalf("%v goal %v: solvable, but Correct gives %v, %v", b, goal, got, err)
				}
				continue
			}
			if !found {
				if !errors.Is(err, ErrUnsolvable) || got != nil {
					t.Fatalf("%v goal %v max %d: no fix exists, Correct gives %v, %v", b, goal, maxFlips, got, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%v goal %v max %d: %v, brute force costs %v", b, goal, maxFlips, err, best)
			}
			f, sum := b.Clone(), 0.0
			for _, rc := range got {
				f.Flip(rc[0], rc[1])
				sum += cost[rc[0]][rc[1]]
			}
			if len(got) > maxFlips || !solvableDense(a, f, goal) || math.Abs(sum-best) > 1e-9 {
				t.Fatalf("%v goal %v max %d: Correct flips %v (cost %v, solvable %v), brute force costs %v",
					b, goal, maxFlips, got, sum, solvableDense(a, f, goal), best)
			}
			fixed++
		}
	}
	if fixed < 20 {
		t.Fatalf("only %d boards needed a fix: the test checks too little", fixed)
	}
	t.Logf("%d boards fixed", fixed)
}

// TestCorrectMisread reads a solvable 5×5 board with one light wrong and
// checks that Correct puts back the doubted cell.
func TestCorrectMisread(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for range 50 {
		truth := Press(NewBoard(5, 5), randomBoard(rng, 5, 5))
		r, c := rng.IntN(5), rng.IntN(5)
		read := truth.Clone()
		read.Flip(r, c)
		if s, _ := Solve(read, GoalOff); s.Solvable {
			continue // this flip lies in the range: nothing to detect
		}
		cost := make([][]float64, 5)
		for i := range cost {
			cost[i] = []float64{5, 5, 5, 5, 5}
		}
		cost[r][c] = 0.5 // the reader doubted this one
		got, err := Correct(read, GoalOff, cost, 2)
		if err != nil || len(got) != 1 || got[0] != [2]int{r, c} {
			t.Fatalf("misread at %v: Correct gives %v, %v", [2]int{r, c}, got, err)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d misreads were detectable", checked)
	}
}

func TestCorrectPanics(t *testing.T) {
	b := NewBoard(2, 2)
	for name, cost := range map[string][][]float64{
		"short":    {{1, 1}},
		"ragged":   {{1, 1}, {1}},
		"NaN":      {{1, math.NaN()}, {1, 1}},
		"negative": {{1, -1}, {1, 1}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			Correct(b, GoalOff, cost, 1)
		})
	}
}
