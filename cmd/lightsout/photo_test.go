package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lightsout/labels"
	"lightsout/solver"
	"lightsout/synth"
)

// runCmd runs lightsout with args and returns the exit code and outputs.
func runCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// writePhoto renders a small labelled photo of the given style into dir
// and returns its path and label.
func renderPhoto(t testing.TB, dir, name string, seed int64, style string) (string, labels.Entry) {
	t.Helper()
	data, ext, e, err := synth.Encode(seed, &synth.Options{Style: style, MaxPixels: 640 * 480})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name+ext)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, e
}

// uniformConf returns rows×cols confidences all equal to v.
func uniformConf(rows, cols int, v float64) [][]float64 {
	c := make([][]float64, rows)
	for r := range c {
		c[r] = make([]float64, cols)
		for k := range c[r] {
			c[r][k] = v
		}
	}
	return c
}

func unsolvableWith(t *testing.T, b *solver.Board, goal solver.Goal) *solver.Solution {
	t.Helper()
	s, err := solver.Solve(b, goal)
	if !errors.Is(err, solver.ErrUnsolvable) {
		t.Fatalf("board %s should be unsolvable, got %v", b, err)
	}
	return s
}

func TestCorrection(t *testing.T) {
	// 5×5 has nullity 2: a single lit corner is unsolvable, and flipping
	// it back (or a cell of the same parity class) fixes it.
	corner, err := solver.ParseBoard("10000/00000/00000/00000/00000")
	if err != nil {
		t.Fatal(err)
	}
	sol := unsolvableWith(t, corner, solver.GoalOff)
	tests := []struct {
		name string
		conf func() [][]float64
		want [][2]int
	}{
		{"one doubtful cell fixes it", func() [][]float64 {
			c := uniformConf(5, 5, 1)
			c[0][0] = 0.1
			return c
		}, [][2]int{{0, 0}}},
		{"every cell sure: the board may really be unsolvable", func() [][]float64 {
			return uniformConf(5, 5, 1)
		}, nil},
		{"the cheapest fix is a sure cell", func() [][]float64 {
			return uniformConf(5, 5, 0.7)
		}, nil},
		{"two doubtful cells tie", func() [][]float64 {
			c := uniformConf(5, 5, 1)
			c[0][0], c[0][4] = 0.1, 0.1 // the corners share a parity class
			return c
		}, nil},
		{"a doubtful cell not clearly likelier than another", func() [][]float64 {
			c := uniformConf(5, 5, 1)
			c[0][0], c[0][4] = 0.05, 0.45
			return c
		}, nil},
		{"a doubtful cell against sure cells", func() [][]float64 {
			c := uniformConf(5, 5, 0.95)
			c[0][0] = 0.3
			return c
		}, [][2]int{{0, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := correction(corner, solver.GoalOff, tc.conf(), sol.Nullity)
			if !slices.Equal(got, tc.want) {
				t.Errorf("correction = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCorrectionTwoFlips builds a 5×5 board whose cheapest fix flips two
// doubtful cells: accepted when both are coin tosses, refused when
// together they make the fixed reading much less likely than the reading
// as is.
func TestCorrectionTwoFlips(t *testing.T) {
	empty := solver.NewBoard(5, 5)
	s, err := solver.Solve(empty, solver.GoalOff)
	if err != nil || len(s.NullBasis) != 2 {
		t.Fatalf("5×5 should have nullity 2: %v", err)
	}
	n1, n2 := s.NullBasis[0], s.NullBasis[1]
	// a is seen by the first parity check only, b by the second only.
	var a, b [2]int
	foundA, foundB := false, false
	for r := 0; r < 5; r++ {
		for c := 0; c < 5; c++ {
			switch {
			case n1.Get(r, c) && !n2.Get(r, c) && !foundA:
				a, foundA = [2]int{r, c}, true
			case !n1.Get(r, c) && n2.Get(r, c) && !foundB:
				b, foundB = [2]int{r, c}, true
			}
		}
	}
	if !foundA || !foundB {
		t.Fatal("no cells seen by one parity check only")
	}
	board := solver.NewBoard(5, 5)
	board.Set(a[0], a[1], true)
	board.Set(b[0], b[1], true)
	sol := unsolvableWith(t, board, solver.GoalOff)
	want := [][2]int{a, b}
	sortCells(want)
	for _, tc := range []struct {
		name string
		conf float64
		want [][2]int
	}{
		{"two near coin tosses", 0.15, want},
		{"two doubtful cells, together too unlikely", 0.45, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := uniformConf(5, 5, 1)
			conf[a[0]][a[1]], conf[b[0]][b[1]] = tc.conf, tc.conf
			if got := correction(board, solver.GoalOff, conf, sol.Nullity); !slices.Equal(got, tc.want) {
				t.Errorf("correction = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCorrectionFindsTheMisread flips one cell of random solvable boards,
// marks it doubtful among sure cells, and checks that the correction
// finds exactly that cell and that the corrected board is solvable.
func TestCorrectionFindsTheMisread(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	n := 200
	if testing.Short() {
		n = 30
	}
	for found := 0; found < n; {
		rows, cols := 2+rng.Intn(9), 2+rng.Intn(9)
		goal := solver.Goal(rng.Intn(2))
		presses := solver.NewBoard(rows, cols)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				presses.Set(r, c, rng.Intn(2) == 1)
			}
		}
		truth := solver.Press(solver.NewBoard(rows, cols), presses)
		if goal == solver.GoalOn {
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					truth.Flip(r, c)
				}
			}
		}
		mr, mc := rng.Intn(rows), rng.Intn(cols)
		read := truth.Clone()
		read.Flip(mr, mc)
		sol, err := solver.Solve(read, goal)
		if err == nil {
			continue // this flip keeps the board solvable: nothing to find
		}
		found++
		conf := uniformConf(rows, cols, 0)
		for r := range conf {
			for c := range conf[r] {
				conf[r][c] = 0.85 + 0.15*rng.Float64()
			}
		}
		conf[mr][mc] = 0.3 * rng.Float64()
		got := correction(read, goal, conf, sol.Nullity)
		if !slices.Equal(got, [][2]int{{mr, mc}}) {
			t.Fatalf("%d×%d board %s, goal %v, misread (%d, %d): correction = %v", rows, cols, read, goal, mr, mc, got)
		}
	}
}

func TestFlipCost(t *testing.T) {
	prev := -1.0
	for _, c := range []float64{-1, 0, 0.1, 0.5, 0.9, 0.999, 1, 2} {
		got := flipCost(c)
		if got < 0 || got > maxFlipCost || got < prev {
			t.Errorf("flipCost(%v) = %v: want in [0, %v] and not below flipCost of a lower confidence (%v)", c, got, maxFlipCost, prev)
		}
		prev = got
	}
	if flipCost(0) != 0 {
		t.Errorf("flipCost(0) = %v, want 0 (a coin toss)", flipCost(0))
	}
}

func TestOutputExt(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.jpg", ".jpg"}, {"a.JPEG", ".JPEG"}, {"b.png", ".png"}, {"c.gif", ".png"},
		{"d.webp", ".webp"}, {"e.tiff", ".tiff"}, {"f", ".png"}, {"g.txt", ".png"},
	}
	for _, tc := range tests {
		if got := outputExt(tc.in); got != tc.want {
			t.Errorf("outputExt(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if _, _, ok := encodeParams(outputExt(tc.in)); !ok {
			t.Errorf("outputExt(%q) = %q, which cannot be written", tc.in, outputExt(tc.in))
		}
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in         string
		rows, cols int
		ok         bool
	}{
		{"5x5", 5, 5, true}, {"4X7", 4, 7, true}, {"3×2", 3, 2, true},
		{"5", 0, 0, false}, {"0x5", 0, 0, false}, {"x", 0, 0, false}, {"5x5x5", 0, 0, false}, {"-1x3", 0, 0, false},
	}
	for _, tc := range tests {
		r, c, err := parseSize(tc.in)
		if (err == nil) != tc.ok || r != tc.rows || c != tc.cols {
			t.Errorf("parseSize(%q) = %d, %d, %v", tc.in, r, c, err)
		}
	}
}

// FuzzParseSize checks that --size accepts exactly "RxC" with R and C in
// 1..64, and reads back what it accepts.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"5x5", "4X7", "3×2", "64x64", "0x1", "x", "", "5x5x5", "+5x5", "05x5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, c, err := parseSize(s)
		if err != nil {
			return
		}
		if r < 1 || r > 64 || c < 1 || c > 64 {
			t.Fatalf("parseSize(%q) = %d, %d", s, r, c)
		}
		r2, c2, err := parseSize(fmt.Sprintf("%dx%d", r, c))
		if err != nil || r2 != r || c2 != c {
			t.Fatalf("parseSize(%q) = %d, %d, which does not read back: %d, %d, %v", s, r, c, r2, c2, err)
		}
	})
}
