package solver

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// bruteTable presses every vector x in [0,K)^presses and records, for
// each reachable change A·x, the fewest presses and the number of x.
type bruteEntry struct{ fewest, count int }

func bruteTable(t *testing.T, p *Puzzle) map[string]bruteEntry {
	t.Helper()
	m := len(p.Presses)
	total := 1
	for range m {
		total *= p.States
		if total > 1<<17 {
			t.Fatalf("brute force over %d^%d press vectors is too big", p.States, m)
		}
	}
	table := map[string]bruteEntry{}
	x := make([]int, m)
	zero := make([]int, p.Lights)
	for range total {
		res := p.Apply(zero, x)
		key := fmt.Sprint(res)
		w := 0
		for _, v := range x {
			w += v
		}
		e, ok := table[key]
		if !ok || w < e.fewest {
			e.fewest = w
		}
		e.count++
		table[key] = e
		for i := range x { // next x, odometer
			x[i]++
			if x[i] < p.States {
				break
			}
			x[i] = 0
		}
	}
	return table
}

// checkAgainstBrute solves random states and targets of p and compares
// solvability, fewest presses and the number of solutions with brute force.
func checkAgainstBrute(t *testing.T, p *Puzzle, rng *rand.Rand, trials int) {
	t.Helper()
	table := bruteTable(t, p)
	for trial := 0; trial < trials; trial++ {
		state := make([]int, p.Lights)
		target := make([]int, p.Lights)
		for i := range state {
			state[i] = rng.Intn(p.States)
			if trial%2 == 1 {
				target[i] = rng.Intn(p.States)
			}
		}
		diff := make([]int, p.Lights)
		for i := range diff {
			diff[i] = ((target[i]-state[i])%p.States + p.States) % p.States
		}
		want, reachable := table[fmt.Sprint(diff)]
		sol, err := p.Solve(state, target)
		if reachable != sol.Solvable {
			t.Fatalf("state %v target %v: Solvable = %v, brute force says %v", state, target, sol.Solvable, reachable)
		}
		if !reachable {
			if !errors.Is(err, ErrUnsolvable) {
				t.Fatalf("state %v: unsolvable but err = %v", state, err)
			}
			checkFailed(t, p, sol, diff)
			continue
		}
		if err != nil {
			t.Fatalf("state %v: %v", state, err)
		}
		if got := p.Apply(state, sol.Presses); fmt.Sprint(got) != fmt.Sprint(target) {
			t.Fatalf("state %v: presses %v give %v, want %v", state, sol.Presses, got, target)
		}
		sum := 0
		for _, v := range sol.Presses {
			sum += v
		}
		if sum != sol.PressCount {
			t.Fatalf("PressCount = %d, presses sum to %d", sol.PressCount, sum)
		}
		if !sol.Minimal || sol.PressCount != want.fewest {
			t.Fatalf("state %v target %v: %d presses (minimal=%v), brute force finds %d", state, target, sol.PressCount, sol.Minimal, want.fewest)
		}
		if n, ok := sol.Solutions(); !ok || n != int64(want.count) {
			t.Fatalf("state %v: %d solutions (ok=%v), brute force counts %d", state, n, ok, want.count)
		}
	}
	// The null basis (prime States) must be made of quiet patterns, and
	// States^Nullity must count the solutions of A·x = 0.
	zero := make([]int, p.Lights)
	sol, err := p.Solve(zero, zero)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := sol.Solutions(); n != int64(table[fmt.Sprint(zero)].count) {
		t.Fatalf("%d solutions of A·x=0, brute force counts %d", n, table[fmt.Sprint(zero)].count)
	}
	for _, v := range sol.NullBasis {
		if got := p.Apply(zero, v); fmt.Sprint(got) != fmt.Sprint(zero) {
			t.Fatalf("null vector %v is not quiet: %v", v, got)
		}
	}
}

// checkFailed checks the explanation of an unsolvable puzzle: for a prime
// number of states at least one check, each untouched by every press and
// failed by the wanted change diff.
func checkFailed(t *testing.T, p *Puzzle, sol *PuzzleSolution, diff []int) {
	t.Helper()
	if len(gfkFactor(p.States)) != 1 || gfkFactor(p.States)[0].E != 1 || len(p.Presses) != p.Lights {
		if sol.Failed != nil {
			t.Fatalf("checks %v given where none are promised", sol.Failed)
		}
		return
	}
	if len(sol.Failed) == 0 {
		t.Fatalf("unsolvable with %d states but no failed check", p.States)
	}
	for _, y := range sol.Failed {
		for j, ts := range p.Presses {
			s := 0
			for _, x := range ts {
				s += y[x.Light] * x.By
			}
			if s%p.States != 0 {
				t.Fatalf("check %v is changed by press %d", y, j)
			}
		}
		s := 0
		for i, v := range y {
			s += v * diff[i]
		}
		if s%p.States == 0 {
			t.Fatalf("check %v does not fail for %v", y, diff)
		}
	}
}

func TestPuzzleTooBig(t *testing.T) {
	tests := []struct {
		name   string
		p      *Puzzle
		states int
	}{
		{"two states", &Puzzle{Lights: MaxPuzzleLights + 1, States: 2, Presses: make([][]Touch, 1)}, 2},
		{"three states", &Puzzle{Lights: MaxPuzzleLightsModK + 1, States: 3, Presses: make([][]Touch, 1)}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			zero := make([]int, tc.p.Lights)
			if _, err := tc.p.Solve(zero, zero); !errors.Is(err, ErrPuzzleTooBig) {
				t.Fatalf("err = %v, want ErrPuzzleTooBig", err)
			}
		})
	}
}

func mustPattern(t testing.TB, s string) *Stencil {
	t.Helper()
	st, err := ParsePattern(s)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// randomShape returns a random connected shape inside the 3×3 box of a
// cell, as in Tatham's random mode; the cell itself may or may not toggle.
func randomShape(rng *rand.Rand) *Stencil {
	for {
		var cells [][2]int
		in := map[[2]int]bool{{0, 0}: true}
		frontier := [][2]int{{0, 0}}
		for len(frontier) > 0 {
			c := frontier[0]
			frontier = frontier[1:]
			cells = append(cells, c)
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				n := [2]int{c[0] + d[0], c[1] + d[1]}
				if n[0] < -1 || n[0] > 1 || n[1] < -1 || n[1] > 1 || in[n] || rng.Intn(2) == 0 {
					continue
				}
				in[n] = true
				frontier = append(frontier, n)
			}
		}
		var b strings.Builder
		for r := -1; r <= 1; r++ {
			if r > -1 {
				b.WriteByte('|')
			}
			for c := -1; c <= 1; c++ {
				switch {
				case r == 0 && c == 0 && rng.Intn(4) == 0 && len(cells) > 1:
					b.WriteByte('o')
				case r == 0 && c == 0:
					b.WriteByte('@')
				case in[[2]int{r, c}]:
					b.WriteByte('#')
				default:
					b.WriteByte('.')
				}
			}
		}
		if st, err := ParseStencil(b.String()); err == nil {
			return st
		}
	}
}

func TestGridVariantsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	type shape struct{ rows, cols int }
	shapes := []shape{{1, 1}, {1, 4}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 3}}
	if testing.Short() {
		shapes = []shape{{1, 1}, {2, 3}, {3, 3}}
	}
	for _, pat := range []string{"plus", "x", "plus-x", "knight", "#.o|.##|...", ".#.|#o#|.#."} {
		for _, wrap := range []bool{false, true} {
			for _, sh := range shapes {
				name := fmt.Sprintf("%s/wrap=%v/%dx%d", pat, wrap, sh.rows, sh.cols)
				t.Run(name, func(t *testing.T) {
					p := GridPuzzle(sh.rows, sh.cols, &GridOptions{Wrap: wrap, Pattern: mustPattern(t, pat)})
					checkAgainstBrute(t, p, rng, 20)
				})
			}
		}
	}
	t.Run("random-shapes", func(t *testing.T) {
		for trial := 0; trial < 20; trial++ {
			sh := shapes[rng.Intn(len(shapes))]
			cells := make([]*Stencil, sh.rows*sh.cols)
			for i := range cells {
				cells[i] = randomShape(rng)
			}
			p := GridPuzzle(sh.rows, sh.cols, &GridOptions{Shapes: cells, Wrap: trial%2 == 1})
			checkAgainstBrute(t, p, rng, 10)
		}
	})
}

func TestStatesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	tests := []struct {
		states, rows, cols int
		pattern            string
		wrap               bool
	}{
		{3, 3, 3, "plus", false},
		{3, 2, 4, "plus", true},
		{3, 3, 3, "x", false},
		{5, 2, 3, "plus", false},
		{5, 2, 3, "plus", true},
		{7, 1, 5, "plus", false},
		{4, 2, 3, "plus", false}, // composite: Z/4 is not a field
		{4, 2, 4, "plus", true},
		{4, 3, 2, "x", false},
		{6, 2, 3, "plus", false},
		{6, 1, 6, "plus", true},
		{8, 1, 5, "plus", false},
		{9, 1, 5, "plus", true},
		{12, 2, 2, "plus", false},
		{2, 3, 4, "plus", true},
	}
	for _, tc := range tests {
		name := fmt.Sprintf("K=%d/%s/wrap=%v/%dx%d", tc.states, tc.pattern, tc.wrap, tc.rows, tc.cols)
		t.Run(name, func(t *testing.T) {
			p := GridPuzzle(tc.rows, tc.cols, &GridOptions{States: tc.states, Wrap: tc.wrap, Pattern: mustPattern(t, tc.pattern)})
			checkAgainstBrute(t, p, rng, 40)
		})
	}
	t.Run("random-shapes-K=3", func(t *testing.T) {
		for trial := 0; trial < 10; trial++ {
			cells := make([]*Stencil, 6)
			for i := range cells {
				cells[i] = randomShape(rng)
			}
			p := GridPuzzle(2, 3, &GridOptions{Shapes: cells, States: 3})
			checkAgainstBrute(t, p, rng, 20)
		}
	})
}

func TestGraphsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for trial := 0; trial < 30; trial++ {
		n := 1 + rng.Intn(10)
		states := 2
		switch {
		case trial%3 == 1 && n <= 8:
			states = 3
		case trial%3 == 2 && n <= 6:
			states = 6
		}
		var b strings.Builder
		for u := 0; u < n; u++ {
			fmt.Fprintf(&b, "v%d\n", u)
			for v := u + 1; v < n; v++ {
				if rng.Intn(3) == 0 {
					fmt.Fprintf(&b, "v%d v%d\n", u, v)
				}
			}
		}
		g, err := ParseGraph(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("n=%d/K=%d/%d", n, states, trial), func(t *testing.T) {
			checkAgainstBrute(t, g.Puzzle(states), rng, 20)
		})
	}
}

// Puzzles need not be square: more lights than presses, or more presses
// than lights, and presses that advance a light by more than one.
func TestNonSquareAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for trial := 0; trial < 40; trial++ {
		k := []int{2, 3, 4, 6}[trial%4]
		lights, presses := 1+rng.Intn(7), 1+rng.Intn(6)
		for presses > 1 && pow(k, presses) > 1<<15 {
			presses--
		}
		p := &Puzzle{Lights: lights, States: k, Presses: make([][]Touch, presses)}
		for j := range p.Presses {
			for i := 0; i < lights; i++ {
				if rng.Intn(2) == 0 {
					p.Presses[j] = append(p.Presses[j], Touch{Light: i, By: 1 + rng.Intn(k-1)})
				}
			}
		}
		t.Run(fmt.Sprintf("K=%d/%dx%d", k, lights, presses), func(t *testing.T) {
			checkAgainstBrute(t, p, rng, 20)
		})
	}
}

func pow(k, e int) int {
	r := 1
	for range e {
		r *= k
	}
	return r
}

// The two-state path (bit-packed SolveDense) and the mod-K path run with
// K=2 must agree on larger puzzles than brute force can reach.
func TestGF2PathsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for trial := 0; trial < 30; trial++ {
		rows, cols := 1+rng.Intn(9), 1+rng.Intn(9)
		cells := make([]*Stencil, rows*cols)
		for i := range cells {
			cells[i] = randomShape(rng)
		}
		p := GridPuzzle(rows, cols, &GridOptions{Shapes: cells, Wrap: rng.Intn(2) == 0})
		b := make([]int, p.Lights)
		for i := range b {
			b[i] = rng.Intn(2)
		}
		s1 := p.solveGF2(b)
		s2 := p.solveModK(b)
		if s1.Solvable != s2.Solvable || s1.Nullity != s2.Nullity {
			t.Fatalf("%dx%d: GF2 path solvable=%v nullity=%d, mod-K path solvable=%v nullity=%d",
				rows, cols, s1.Solvable, s1.Nullity, s2.Solvable, s2.Nullity)
		}
		if s1.Solvable && s1.Minimal && s2.Minimal && s1.PressCount != s2.PressCount {
			t.Fatalf("%dx%d: fewest presses %d vs %d", rows, cols, s1.PressCount, s2.PressCount)
		}
	}
}

// For a prime number of states the plain elimination (gfkPrime) and the
// diagonalisation (gfkSmith) must agree on solvability and nullity.
func TestPrimeEliminationsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for trial := 0; trial < 60; trial++ {
		k := []int{2, 3, 5, 7}[trial%4]
		rows, cols := 1+rng.Intn(7), 1+rng.Intn(7)
		cells := make([]*Stencil, rows*cols)
		for i := range cells {
			cells[i] = randomShape(rng)
		}
		p := GridPuzzle(rows, cols, &GridOptions{Shapes: cells, States: k, Wrap: rng.Intn(2) == 0})
		b := make([]int, p.Lights)
		for i := range b {
			b[i] = rng.Intn(k)
		}
		ok1, x1, g1 := gfkPrime(p.columnsMod(k), len(p.Presses), b, k)
		ok2, _, g2 := gfkSmith(p.columnsMod(k), len(p.Presses), b, k, 1)
		if ok1 != ok2 || len(g1) != len(g2) {
			t.Fatalf("K=%d %dx%d: gfkPrime ok=%v nullity=%d, gfkSmith ok=%v nullity=%d", k, rows, cols, ok1, len(g1), ok2, len(g2))
		}
		if ok1 {
			zero := make([]int, p.Lights)
			if fmt.Sprint(p.Apply(zero, x1)) != fmt.Sprint(b) {
				t.Fatalf("gfkPrime's x does not give b")
			}
		}
	}
}

// Torus nullities for n×n, n = 1..12, from OEIS A165738 ("Rank deficiency
// (= dimension of the null space) of the n X n Lights Out puzzle on a
// torus").
func TestTorusNullityA165738(t *testing.T) {
	want := []int{0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16}
	for i, w := range want {
		n := i + 1
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := GridPuzzle(n, n, &GridOptions{Wrap: true})
			zero := make([]int, n*n)
			sol, err := p.Solve(zero, zero)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Nullity != w {
				t.Errorf("nullity of the %d×%d torus = %d, A165738 says %d", n, n, sol.Nullity, w)
			}
		})
	}
}

// The plain grid (no wrap, plus) must agree with the light-chasing solver
// of Solve on nullity and fewest presses.
func TestPlainGridMatchesSolve(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	for trial := 0; trial < 40; trial++ {
		rows, cols := 1+rng.Intn(7), 1+rng.Intn(7)
		b := NewBoard(rows, cols)
		state := make([]int, rows*cols)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if rng.Intn(2) == 0 {
					b.Set(r, c, true)
					state[r*cols+c] = 1
				}
			}
		}
		want, werr := Solve(b, GoalOff)
		got, gerr := GridPuzzle(rows, cols, nil).Solve(state, make([]int, rows*cols))
		if (werr == nil) != (gerr == nil) || got.Nullity != want.Nullity {
			t.Fatalf("%v: Solve err=%v nullity=%d; Puzzle.Solve err=%v nullity=%d", b, werr, want.Nullity, gerr, got.Nullity)
		}
		if werr == nil && want.Minimal && got.PressCount != want.PressCount {
			t.Fatalf("%v: Solve needs %d presses, Puzzle.Solve %d", b, want.PressCount, got.PressCount)
		}
	}
}

// With per-cell shapes A is not symmetric, and solving with Aᵀ (the
// classic mistake of reading press j's shape as row j) gives presses that
// do not reach the target.
func TestAsymmetricShapesNeedA(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	wrongs := 0
	for trial := 0; trial < 40; trial++ {
		rows, cols := 3+rng.Intn(3), 3+rng.Intn(3)
		cells := make([]*Stencil, rows*cols)
		for i := range cells {
			cells[i] = randomShape(rng)
		}
		p := GridPuzzle(rows, cols, &GridOptions{Shapes: cells})
		pt := p.Transpose()
		state := make([]int, p.Lights)
		for i := range state {
			state[i] = rng.Intn(2)
		}
		target := make([]int, p.Lights)
		sol, err := p.Solve(state, target)
		if err == nil {
			if got := p.Apply(state, sol.Presses); fmt.Sprint(got) != fmt.Sprint(target) {
				t.Fatalf("A's solution does not reach the target")
			}
		}
		solT, errT := pt.Solve(state, target)
		if errT != nil {
			continue
		}
		if got := p.Apply(state, solT.Presses); fmt.Sprint(got) != fmt.Sprint(target) {
			wrongs++
		}
	}
	if wrongs < 10 {
		t.Fatalf("solving with Aᵀ went wrong on only %d of 40 asymmetric boards; the test does not tell the orientations apart", wrongs)
	}
	t.Logf("Aᵀ gave wrong presses on %d of 40 boards", wrongs)
}

// A small hand-made asymmetric case: on a 1×2 board where the left cell
// toggles both and the right cell toggles only itself, lighting just the
// right light is fixed by pressing the right cell; Aᵀ would press the left.
func TestAsymmetricByHand(t *testing.T) {
	left := mustPattern(t, "@#")
	right := mustPattern(t, "@")
	p := GridPuzzle(1, 2, &GridOptions{Shapes: []*Stencil{left, right}})
	sol, err := p.Solve([]int{0, 1}, []int{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(sol.Presses) != "[0 1]" {
		t.Fatalf("presses %v, want [0 1]", sol.Presses)
	}
	solT, err := p.Transpose().Solve([]int{0, 1}, []int{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(solT.Presses) == "[0 1]" {
		t.Fatalf("Aᵀ gives the same answer; the case is not asymmetric")
	}
}

// The mod-3 boards of MathWorks Cody problem 44767 ("Lights Out 13 - 5x5,
// three stages, x moves"): a press adds 1 (mod 3) to a light and its four
// neighbours and the goal is all zero. The boards are its test suite's,
// read as 5×5 row by row; each comes with the suite's reference moves
// (column-major cell numbers, 1-based, repeats = pressed twice), which
// must clear the board too: that checks the reading of the board.
func TestCody44767(t *testing.T) {
	tests := []struct {
		name  string
		board string
		moves []int
	}{
		{"test1", "11022/10002/00000/02200/21120", []int{1, 1, 10, 15, 21}},
		{"test2", "22022/00200/22222/00200/22022", []int{6, 8, 10, 12, 14, 16, 18, 20}},
		{"test3", "11020/10222/20010/11222/01220", []int{1, 1, 4, 5, 10, 17, 19}},
		{"test4", "21012/12221/02120/12221/21012", []int{1, 5, 7, 9, 13, 13, 17, 19, 21, 25}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			state, rows, cols, err := ParseLevels(tc.board, 3)
			if err != nil || rows != 5 || cols != 5 {
				t.Fatalf("ParseLevels: %v (%d×%d)", err, rows, cols)
			}
			p := GridPuzzle(5, 5, &GridOptions{States: 3})
			ref := make([]int, 25)
			for _, mv := range tc.moves {
				r, c := (mv-1)%5, (mv-1)/5
				ref[r*5+c] = (ref[r*5+c] + 1) % 3
			}
			zero := make([]int, 25)
			if got := p.Apply(state, ref); fmt.Sprint(got) != fmt.Sprint(zero) {
				t.Fatalf("the reference moves do not clear the board as read: %v", got)
			}
			sol, err := p.Solve(state, zero)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Apply(state, sol.Presses); fmt.Sprint(got) != fmt.Sprint(zero) {
				t.Fatalf("presses %v leave %v", sol.Presses, got)
			}
			if !sol.Minimal || sol.PressCount > len(tc.moves) {
				t.Fatalf("%d presses (minimal=%v); the reference needs %d", sol.PressCount, sol.Minimal, len(tc.moves))
			}
			t.Logf("%d presses (reference %d), nullity %d", sol.PressCount, len(tc.moves), sol.Nullity)
		})
	}
}

func TestSolutionsString(t *testing.T) {
	tests := []struct {
		count []Factor
		want  string
	}{
		{nil, "1"},
		{[]Factor{{2, 4}}, "16"},
		{[]Factor{{3, 5}}, "243"},
		{[]Factor{{2, 53}}, "2^53"},
		{[]Factor{{2, 52}}, "4503599627370496"},
		{[]Factor{{2, 30}, {3, 20}}, "2^30*3^20"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			s := &PuzzleSolution{Count: tc.count}
			if got := s.SolutionsString(); got != tc.want {
				t.Errorf("SolutionsString() = %q, want %q", got, tc.want)
			}
		})
	}
}

// With more solutions than MaxEnumerate the answer is a best effort:
// still a solution, flagged not minimal.
func TestLargeNullityNotMinimal(t *testing.T) {
	// 30 isolated vertices with 2 states: press count 0..30, nullity 0; add a
	// twin of each (same closed neighbourhood) for nullity 30.
	var b strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "a%d b%d\n", i, i)
	}
	g, err := ParseGraph(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Puzzle(2)
	state := make([]int, p.Lights)
	for i := range state {
		state[i] = 1
	}
	sol, err := p.Solve(state, make([]int, p.Lights))
	if err != nil {
		t.Fatal(err)
	}
	if sol.Nullity != 30 || sol.Minimal {
		t.Fatalf("nullity %d minimal %v, want 30 and false", sol.Nullity, sol.Minimal)
	}
	if got := p.Apply(state, sol.Presses); fmt.Sprint(got) != fmt.Sprint(make([]int, p.Lights)) {
		t.Fatalf("presses do not clear the lights")
	}
	if sol.PressCount != 30 { // one press per edge is optimal and the greedy search finds it
		t.Fatalf("%d presses, want 30", sol.PressCount)
	}
	if sol.SolutionsString() != "1073741824" {
		t.Fatalf("solutions %s", sol.SolutionsString())
	}
}

func ExamplePuzzle_Solve() {
	// Lights Out 2000: three states, a press advances a light and its
	// neighbours by one. Solve the 3×3 board below to all zero.
	state, rows, cols, _ := ParseLevels("120/000/021", 3)
	p := GridPuzzle(rows, cols, &GridOptions{States: 3})
	sol, _ := p.Solve(state, make([]int, rows*cols))
	for r := 0; r < rows; r++ {
		line := ""
		for c := 0; c < cols; c++ {
			line += string(StateDigit(sol.Presses[r*cols+c]))
		}
		fmt.Println(line)
	}
	fmt.Println("presses:", sol.PressCount, "minimal:", sol.Minimal, "solutions:", sol.SolutionsString())
	// Output:
	// 220
	// 101
	// 022
	// presses: 10 minimal: true solutions: 1
}
