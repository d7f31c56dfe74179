package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lightsout/boardfile"
	"lightsout/solver"
)

// writeBoard writes b to dir/name and returns the path.
func writeBoard(t *testing.T, dir, name string, b *solver.Board) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := boardfile.WriteFile(p, b); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGridFileSolveAndCheck(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name       string
		rows, cols int
		ext        string
		goal       string
	}{
		{"small text", 5, 5, ".txt", "off"},
		{"small png goal on", 6, 9, ".png", "on"},
		{"big text", 300, 301, ".txt", "on"},
		{"big png", 257, 256, ".png", "off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			presses := solver.NewBoard(tc.rows, tc.cols)
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					presses.Set(r, c, rng.IntN(2) == 0)
				}
			}
			goal, _ := solver.ParseGoal(tc.goal)
			start := solver.NewBoard(tc.rows, tc.cols)
			if goal == solver.GoalOn {
				for r := 0; r < tc.rows; r++ {
					for c := 0; c < tc.cols; c++ {
						start.Set(r, c, true)
					}
				}
			}
			board := writeBoard(t, dir, tc.name+"-board"+tc.ext, solver.Press(start, presses))
			out := filepath.Join(dir, tc.name+"-presses"+tc.ext)
			code, stdout, stderr := runGridCmd("", "grid", "-i", board, "-o", out, "--goal", tc.goal, "--json")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var r map[string]any
			if err := json.Unmarshal([]byte(stdout), &r); err != nil {
				t.Fatal(err)
			}
			big := tc.rows > maxListedSide || tc.cols > maxListedSide
			if _, has := r["presses"]; has == big || r["presses_omitted"] == true != big || r["output"] != out {
				t.Fatalf("big=%v but JSON is %s", big, stdout)
			}
			if code, stdout, _ := runGridCmd("", "grid", "-i", board, "--check", out, "--goal", tc.goal); code != exitOK {
				t.Fatalf("--check of the written presses: exit %d: %s", code, stdout)
			}
			// One press more no longer solves it.
			p, err := boardfile.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			p.Flip(tc.rows/2, tc.cols/2)
			wrong := writeBoard(t, dir, tc.name+"-wrong"+tc.ext, p)
			code, stdout, _ = runGridCmd("", "grid", "-i", board, "--check", wrong, "--goal", tc.goal)
			if code != exitFail || !strings.Contains(stdout, "does not solve") {
				t.Fatalf("--check of wrong presses: exit %d: %s", code, stdout)
			}
		})
	}
}

func TestGridFileErrors(t *testing.T) {
	dir := t.TempDir()
	ragged := filepath.Join(dir, "ragged.txt")
	os.WriteFile(ragged, []byte("101\n01\n"), 0o644)
	badpng := filepath.Join(dir, "bad.png")
	os.WriteFile(badpng, []byte("\x89PNG\r\n\x1a\nxx"), 0o644)
	good := writeBoard(t, dir, "good.txt", solver.NewBoard(2, 3))
	other := writeBoard(t, dir, "other.txt", solver.NewBoard(3, 3))
	unsolvable := filepath.Join(dir, "unsolvable.txt")
	os.WriteFile(unsolvable, []byte("100\n000\n"), 0o644) // 2×3 is singular
	tests := []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"ragged", []string{"-i", ragged}, exitUsage, ragged + ": line 2, column 3"},
		{"missing", []string{"-i", filepath.Join(dir, "nope.txt")}, exitFail, "nope.txt"},
		{"bad png", []string{"-i", badpng}, exitFail, badpng + ": not a readable PNG"},
		{"no -i", []string{"-o", "x.txt", "101"}, exitUsage, "need a board file"},
		{"state and -i", []string{"-i", good, "101"}, exitUsage, "replaces STATE"},
		{"shape mismatch", []string{"-i", good, "--check", other}, exitUsage, "3×3 presses for the 2×3 board"},
		{"unsolvable", []string{"-i", unsolvable, "-o", filepath.Join(dir, "never.txt")}, exitFail, "unsolvable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runGridCmd("", append([]string{"grid"}, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "never.txt")); err == nil {
		t.Error("an unsolvable board wrote a presses file")
	}
}

func TestGridFileStdin(t *testing.T) {
	code, stdout, stderr := runGridCmd("#.#\n..#\n#..\n", "grid", "-i", "-", "--json")
	if code != exitOK || !strings.Contains(stdout, `"presses":[[0,1],[1,1],[2,0]]`) {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	code, _, stderr = runGridCmd("10\n1\n", "grid", "-i", "-")
	if code != exitUsage || !strings.Contains(stderr, "standard input: line 2, column 2") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestGridFileText(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "b.txt")
	os.WriteFile(board, []byte("#.#\n..#\n#..\n"), 0o644)
	code, stdout, stderr := runGridCmd("", "grid", "-i", board)
	_, want, _ := runGridCmd("", "grid", "101/001/100")
	if code != exitOK || stdout != want {
		t.Fatalf("exit %d (%s); a small board file should print like STATE:\n%s\nwant\n%s", code, stderr, stdout, want)
	}
}

// TestGridFileGolden checks the summary and the JSON of a board too big
// to draw (300×300, all off, goal on: nonsingular, 45 000-odd presses).
func TestGridFileGolden(t *testing.T) {
	board := filepath.Join("testdata", "gridfile", "off300x300.png")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"file-summary", []string{"grid", "-i", board, "--goal", "on"}},
		{"file-json", []string{"grid", "-i", board, "--goal", "on", "--json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runGridCmd("", tc.args...)
			checkGolden(t, tc.name, fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", code, stdout, stderr))
		})
	}
}
