package solver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxStates is the largest number of states a light may have. States are
// typed as one character each, 0-9 then a-z, so 36 is the limit.
const MaxStates = 36

// MaxEnumerate bounds the exact search for the fewest presses: when a
// puzzle has more solutions than this, Puzzle.Solve returns the best one a
// local search finds and says Minimal=false.
const MaxEnumerate = 1 << 24

// Limits of Puzzle.Solve, which eliminates the whole matrix: two-state
// puzzles are bit-packed (a 5000-vertex graph takes about 0.1 s, a
// 128×128 torus about 2 s), other numbers of states use a byte per entry
// and a slower elimination (2500 lights take about 3 s with K = 3).
const (
	MaxPuzzleLights     = 16384
	MaxPuzzleLightsModK = 2500
)

// ErrPuzzleTooBig is returned by Puzzle.Solve for puzzles beyond the
// limits above. Plain grids of any size are solved by Solve instead.
var ErrPuzzleTooBig = errors.New("puzzle too big for the general solver")

// Touch is one effect of a press: it advances light Light by By (mod the
// number of states).
type Touch struct {
	Light, By int
}

// Puzzle is the general toggle-matrix model of Lights Out: Lights lights,
// each in one of States states (0..States-1), and a list of presses, each
// advancing some lights. Pressing is commutative, and pressing a button
// States times changes nothing, so a solution is a vector x of press counts
// in 0..States-1 with A·x ≡ target - state (mod States), where column j of
// A holds what press j does: A[i][j] = the By of press j's Touch on light i.
//
// Grid boards of every shape (GridPuzzle) and graphs (Graph.Puzzle) build
// a Puzzle; so may callers, for any other game.
type Puzzle struct {
	Lights  int
	States  int       // at least 2; 2 is the classic on/off game
	Presses [][]Touch // Presses[j] lists what press j changes
}

// check panics when p is malformed: that is a caller bug, not bad data.
func (p *Puzzle) check() {
	if p.States < 2 || p.States > MaxStates {
		panic(fmt.Sprintf("solver: Puzzle.States = %d, want 2..%d", p.States, MaxStates))
	}
	if p.Lights < 0 {
		panic(fmt.Sprintf("solver: Puzzle.Lights = %d", p.Lights))
	}
	for j, ts := range p.Presses {
		for _, t := range ts {
			if t.Light < 0 || t.Light >= p.Lights {
				panic(fmt.Sprintf("solver: press %d touches light %d of %d", j, t.Light, p.Lights))
			}
		}
	}
}

func (p *Puzzle) checkVec(name string, v []int, n int) {
	if len(v) != n {
		panic(fmt.Sprintf("solver: %s has %d entries, want %d", name, len(v), n))
	}
	for i, x := range v {
		if x < 0 || x >= p.States {
			panic(fmt.Sprintf("solver: %s[%d] = %d, want 0..%d", name, i, x, p.States-1))
		}
	}
}

// Apply returns the lights after pressing button j presses[j] times,
// starting from state. It panics on vectors of the wrong length or values
// outside 0..States-1.
func (p *Puzzle) Apply(state, presses []int) []int {
	p.check()
	p.checkVec("state", state, p.Lights)
	p.checkVec("presses", presses, len(p.Presses))
	out := append([]int(nil), state...)
	for j, times := range presses {
		if times == 0 {
			continue
		}
		for _, t := range p.Presses[j] {
			out[t.Light] = (out[t.Light] + times*t.By) % p.States
		}
	}
	for i := range out {
		out[i] = ((out[i] % p.States) + p.States) % p.States
	}
	return out
}

// Transpose returns the puzzle whose matrix is Aᵀ: press i of the result
// changes light j by what press j of p does to light i. It needs as many
// presses as lights. Solving with it is wrong whenever A is not symmetric;
// it exists so that tests can show that.
func (p *Puzzle) Transpose() *Puzzle {
	p.check()
	if len(p.Presses) != p.Lights {
		panic(fmt.Sprintf("solver: Transpose of a puzzle with %d presses and %d lights", len(p.Presses), p.Lights))
	}
	t := &Puzzle{Lights: p.Lights, States: p.States, Presses: make([][]Touch, p.Lights)}
	for j, ts := range p.Presses {
		for _, x := range ts {
			t.Presses[x.Light] = append(t.Presses[x.Light], Touch{Light: j, By: x.By})
		}
	}
	return t
}

// Factor is a prime power P^E.
type Factor struct{ P, E int }

// PuzzleSolution is what Puzzle.Solve finds.
type PuzzleSolution struct {
	Solvable bool
	// Nullity is the dimension of the null space of A over GF(States)
	// when States is prime, so that a solvable puzzle has States^Nullity
	// solutions; it is -1 when States is composite (the solutions then
	// form a coset of a group that need not be a vector space: see Count).
	Nullity int
	// Count factors the number of solutions of a solvable puzzle, which is
	// the same for every solvable state: the product of P^E.
	Count []Factor
	// Presses[j] is how many times to press button j (0..States-1); nil
	// when not solvable. PressCount is their sum.
	Presses    []int
	PressCount int
	// Minimal is true when no solution has fewer presses (counted with
	// multiplicity); it is proven by enumerating every solution, which is
	// done when there are at most MaxEnumerate.
	Minimal bool
	// NullBasis is a basis of the null space of A over GF(States) when
	// States is prime (len = Nullity); every solution is Presses plus a
	// combination of it. Nil when States is composite.
	NullBasis [][]int
	// Failed explains an unsolvable puzzle (prime States, as many presses
	// as lights): each entry is a weighting y of the lights that no press
	// changes (y·A ≡ 0) but that the wanted change b = target - state
	// fails (y·b ≢ 0 mod States). For two states y is a set of lights that
	// every press changes an even number of, while an odd number must
	// change. Nil when solvable.
	Failed [][]int
}

// Solutions returns the number of solutions as an exact integer when it
// is below 2^53 (so that it is exact in JSON), with ok=false otherwise.
func (s *PuzzleSolution) Solutions() (n int64, ok bool) {
	n = 1
	for _, f := range s.Count {
		for range f.E {
			if n > (1<<53-1)/int64(f.P) {
				return 0, false
			}
			n *= int64(f.P)
		}
	}
	return n, true
}

// SolutionsString returns the number of solutions in decimal when
// Solutions is exact, else as a product of powers like "2^40" or
// "2^30*3^20".
func (s *PuzzleSolution) SolutionsString() string {
	if n, ok := s.Solutions(); ok {
		return strconv.FormatInt(n, 10)
	}
	parts := make([]string, 0, len(s.Count))
	for _, f := range s.Count {
		parts = append(parts, fmt.Sprintf("%d^%d", f.P, f.E))
	}
	return strings.Join(parts, "*")
}

// Solve finds the presses that take the lights from state to target, both
// vectors of Lights values in 0..States-1: the solution with the fewest
// presses (counted with multiplicity), the nullity and the number of
// solutions. States 2 uses bit-packed Gauss-Jordan elimination (SolveM4RI),
// about Lights·Presses·rank/512 word operations; other prime States use elimination mod States;
// composite States are solved exactly over Z/States by diagonalising A
// modulo each prime power of States and combining by the Chinese remainder
// theorem. Those paths hold the matrix as one byte per entry and take
// O(Lights·Presses·rank) steps: fine for puzzles, not for 10^4 lights.
//
// When no presses reach target the returned solution has Solvable=false
// and the error wraps ErrUnsolvable. Solve panics on vectors of the wrong
// length or out-of-range values (caller bugs).
func (p *Puzzle) Solve(state, target []int) (*PuzzleSolution, error) {
	p.check()
	p.checkVec("state", state, p.Lights)
	p.checkVec("target", target, p.Lights)
	size := max(p.Lights, len(p.Presses))
	if p.States == 2 && size > MaxPuzzleLights || p.States > 2 && size > MaxPuzzleLightsModK {
		limit := MaxPuzzleLights
		if p.States > 2 {
			limit = MaxPuzzleLightsModK
		}
		return nil, fmt.Errorf("%w: %s; at most %d with %d states", ErrPuzzleTooBig, p.describe(), limit, p.States)
	}
	b := make([]int, p.Lights)
	for i := range b {
		b[i] = ((target[i]-state[i])%p.States + p.States) % p.States
	}
	var sol *PuzzleSolution
	if p.States == 2 {
		sol = p.solveGF2(b)
	} else {
		sol = p.solveModK(b)
	}
	if !sol.Solvable {
		sol.Failed = p.failedChecks(b)
		return sol, fmt.Errorf("%w: no combination of presses reaches the target (%s)", ErrUnsolvable, p.describe())
	}
	return sol, nil
}

// failedChecks returns the vectors of a basis of the left null space of A
// (the null space of Aᵀ) whose check y·b fails. It needs a prime number of
// states and a square A; otherwise it returns nil.
func (p *Puzzle) failedChecks(b []int) [][]int {
	if len(p.Presses) != p.Lights || len(gfkFactor(p.States)) != 1 || gfkFactor(p.States)[0].E != 1 {
		return nil
	}
	t := p.Transpose()
	zero := make([]int, p.Lights)
	var ts *PuzzleSolution
	if p.States == 2 {
		ts = t.solveGF2(zero)
	} else {
		ts = t.solveModK(zero)
	}
	var failed [][]int
	for _, y := range ts.NullBasis {
		s := 0
		for i, v := range y {
			s += v * b[i]
		}
		if s%p.States != 0 {
			failed = append(failed, y)
		}
	}
	return failed
}

func (p *Puzzle) describe() string {
	return fmt.Sprintf("%d lights, %d presses, %d states", p.Lights, len(p.Presses), p.States)
}

// columnsMod returns A mod k as one byte per entry, row i = light i.
func (p *Puzzle) columnsMod(k int) [][]uint8 {
	a := make([][]uint8, p.Lights)
	flat := make([]uint8, p.Lights*len(p.Presses))
	for i := range a {
		a[i] = flat[i*len(p.Presses) : (i+1)*len(p.Presses)]
	}
	for j, ts := range p.Presses {
		for _, t := range ts {
			v := (int(a[t.Light][j]) + t.By%k + k) % k
			a[t.Light][j] = uint8(v)
		}
	}
	return a
}
