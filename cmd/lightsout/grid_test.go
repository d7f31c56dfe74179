package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lightsout/solver"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runGridCmd runs lightsout with args and stdin, returning the exit code
// and what it printed.
func runGridCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// checkGolden compares got with testdata/grid/NAME.golden, or rewrites
// the file under -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "grid", name+".golden")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update after checking it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// TestGridGolden checks the complete output of typical runs; stdout and
// stderr go to one golden file each run, with the exit code.
func TestGridGolden(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"3x3", "", []string{"grid", "101/001/100"}, exitOK},
		{"3x3-steps", "", []string{"grid", "101/001/100", "--steps"}, exitOK},
		{"3x3-json", "", []string{"grid", "--json", "101/001/100"}, exitOK},
		{"5x5-all-lit", "", []string{"grid", "11111/11111/11111/11111/11111"}, exitOK},
		{"5x5-all-lit-json", "", []string{"grid", "11111/11111/11111/11111/11111", "--json"}, exitOK},
		{"goal-on", "", []string{"grid", "#.#/..#/#..", "--goal", "on", "--steps"}, exitOK},
		{"already-solved", "", []string{"grid", "000/000", "--steps"}, exitOK},
		{"stdin", "101\r\n001\r\n100\r\n", []string{"grid", "-"}, exitOK},
		{"wide", "", []string{"grid", strings.Repeat("1", 30) + "/" + strings.Repeat("0", 30)}, exitOK},
		{"unsolvable", "", []string{"grid", "1000/0000/0000/0000"}, exitFail},
		{"unsolvable-json", "", []string{"grid", "1000/0000/0000/0000", "--json"}, exitFail},
		{"unsolvable-goal-on", "", []string{"grid", "0111/1111/1111/1111", "--goal=on"}, exitFail},
		{"bad-char", "", []string{"grid", "101/0x1"}, exitUsage},
		{"ragged", "", []string{"grid", "101/01/111"}, exitUsage},
		{"empty", "", []string{"grid", ""}, exitUsage},
		{"empty-stdin", "\n", []string{"grid", "-"}, exitUsage},
		{"no-state", "", []string{"grid"}, exitUsage},
		{"two-states", "", []string{"grid", "1", "0"}, exitUsage},
		{"bad-goal", "", []string{"grid", "1", "--goal", "up"}, exitUsage},
		{"unknown-flag", "", []string{"grid", "1", "--bogus"}, exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runGridCmd(tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			checkGolden(t, tt.name, "$ lightsout "+strings.Join(tt.args, " ")+"\n"+
				"--- stdout\n"+stdout+"--- stderr\n"+stderr)
		})
	}
}

func TestGridHelp(t *testing.T) {
	for _, args := range [][]string{{"grid", "--help"}, {"grid", "-h"}, {"help", "grid"}, {"grid", "101", "--help"}} {
		code, stdout, stderr := runGridCmd("", args...)
		if code != exitOK || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
		for _, want := range []string{"usage: lightsout grid STATE", "--goal", "--json", "--steps", "Example", "lightsout grid 101/001/100"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v: help lacks %q", args, want)
			}
		}
	}
}

// TestGridMalformedMessage checks that a malformed STATE is named by row
// and column, with exit 2.
func TestGridMalformedMessage(t *testing.T) {
	code, stdout, stderr := runGridCmd("", "grid", "101/0x1/111")
	if code != exitUsage || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	if want := "lightsout: grid: row 2, column 2: "; !strings.HasPrefix(stderr, want) {
		t.Fatalf("stderr %q, want it to start %q", stderr, want)
	}
}

// TestGridJSONSolves decodes --json output for random boards and checks
// the fields against the solver: the presses solve the board, the count
// matches, and the SPEC fields are all there.
func TestGridJSONSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 60 {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		b := solver.NewBoard(rows, cols)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				b.Set(r, c, rng.IntN(2) == 1)
			}
		}
		goal := solver.Goal(rng.IntN(2))
		code, stdout, stderr := runGridCmd("", "grid", b.String(), "--json", "--goal", goal.String())
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
			t.Fatalf("%v: %v in %q", b, err, stdout)
		}
		for _, f := range []string{"rows", "cols", "lights", "goal", "solvable", "presses", "press_count", "minimal", "solutions", "nullity"} {
			if _, ok := raw[f]; !ok {
				t.Fatalf("%v: no %q in %s", b, f, stdout)
			}
		}
		var r Report
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		if r.Rows != rows || r.Cols != cols || strings.Join(r.Lights, "/") != b.String() || r.Goal != goal.String() {
			t.Fatalf("%v: report %+v", b, r)
		}
		if !r.Solvable {
			if code != exitFail || !strings.Contains(stderr, "must be even in number") {
				t.Fatalf("%v: unsolvable with exit %d, stderr %q", b, code, stderr)
			}
			continue
		}
		if code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", b, code, stderr)
		}
		p := solver.NewBoard(rows, cols)
		for _, rc := range r.Presses {
			p.Set(rc[0], rc[1], true)
		}
		after := solver.Press(b, p)
		if goal == solver.GoalOff && after.Count() != 0 || goal == solver.GoalOn && after.Count() != rows*cols {
			t.Fatalf("%v goal %v: presses %v leave %v", b, goal, r.Presses, after)
		}
		if r.PressCount != len(r.Presses) || r.Solutions != (Solutions{Solvable: true, Nullity: *r.Nullity}) {
			t.Fatalf("%v: report %+v", b, r)
		}
	}
}

func TestSolutionsJSON(t *testing.T) {
	tests := []struct {
		s    Solutions
		want string
	}{
		{Solutions{}, "0"},
		{Solutions{Nullity: 7}, "0"},
		{Solutions{Solvable: true}, "1"},
		{Solutions{Solvable: true, Nullity: 2}, "4"},
		{Solutions{Solvable: true, Nullity: 53}, "9007199254740992"},
		{Solutions{Solvable: true, Nullity: 54}, `"2^54"`},
		{Solutions{Solvable: true, Nullity: 400}, `"2^400"`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.s)
		if err != nil || string(got) != tt.want {
			t.Errorf("%+v: %s, %v; want %s", tt.s, got, err, tt.want)
		}
		var back Solutions
		if err := json.Unmarshal(got, &back); err != nil {
			t.Errorf("%s: %v", got, err)
		}
		if tt.s.Solvable && back != tt.s || !tt.s.Solvable && back.Solvable {
			t.Errorf("%s reads back as %+v", got, back)
		}
	}
	for _, bad := range []string{`3`, `"2^x"`, `"4"`, `-1`, `"2^-1"`} {
		var s Solutions
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
