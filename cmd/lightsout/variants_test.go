package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cubeFile = "../../solver/testdata/cube.edges"

func runGridVariant(stdin string, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(append([]string{"grid"}, args...), strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

func TestGridVariantExitCodes(t *testing.T) {
	dir := t.TempDir()
	badGraph := filepath.Join(dir, "bad.edges")
	if err := os.WriteFile(badGraph, []byte("a b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badShapes := filepath.Join(dir, "bad.shapes")
	if err := os.WriteFile(badShapes, []byte("0 0 @@\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"wrap solvable", []string{"111/100/100", "--wrap"}, exitOK, ""},
		{"wrap unsolvable", []string{"000/010/000", "--wrap"}, exitFail, "unsolvable"},
		{"x pattern", []string{"1100/1000/0000", "--pattern", "x"}, exitOK, ""},
		{"stencil", []string{"110/000/000", "--pattern", "#@#|.#."}, exitOK, ""},
		{"bad pattern name", []string{"10/01", "--pattern", "star"}, exitUsage, "--pattern: bad press pattern: \"star\" is neither"},
		{"bad stencil", []string{"10/01", "--pattern", "#@x"}, exitUsage, "column 3: unexpected character 'x'"},
		{"states 3", []string{"120/000/021", "--states", "3"}, exitOK, ""},
		{"states 1", []string{"10", "--states", "1"}, exitUsage, "--states: bad number of states"},
		{"states word", []string{"10", "--states", "three"}, exitUsage, "not a whole number"},
		{"state digit too big", []string{"13", "--states", "3"}, exitUsage, "row 1, column 2: unexpected character '3'"},
		{"goal on with K=3", []string{"12", "--states", "3", "--goal", "on"}, exitUsage, "--goal on is ambiguous"},
		{"goal and target", []string{"10", "--goal", "on", "--target", "01"}, exitUsage, "either --goal or --target"},
		{"target shape", []string{"10/01", "--target", "1"}, exitUsage, "--target is 1×1 but the board is 2×2"},
		{"target ok", []string{"00/00", "--target", "11/11"}, exitOK, ""},
		{"steps refused", []string{"10/01", "--wrap", "--steps"}, exitUsage, "--steps"},
		{"graph", []string{"--graph", cubeFile, "U1,U2,U4,L1,B3"}, exitOK, ""},
		{"graph unknown vertex", []string{"--graph", cubeFile, "Q9"}, exitUsage, "\"Q9\" is not a vertex"},
		{"graph with wrap", []string{"--graph", cubeFile, "U1", "--wrap"}, exitUsage, "--wrap shapes grid presses"},
		{"graph missing", []string{"--graph", filepath.Join(dir, "none.edges"), "a"}, exitFail, "no such file"},
		{"graph malformed", []string{"--graph", badGraph, "a"}, exitUsage, "bad.edges: bad graph: line 1"},
		{"shapes malformed", []string{"10/01", "--pattern-file", badShapes}, exitUsage, "bad.shapes: line 1"},
		{"too big for K=3", []string{strings.Repeat("0", 60) + strings.Repeat("/"+strings.Repeat("0", 60), 59), "--states", "3"}, exitFail, "3600 cells, at most 2500"},
		{"far too long", []string{strings.Repeat("0", 40000), "--wrap"}, exitFail, "STATE has 40000 characters"},
		{"shapes missing", []string{"10/01", "--pattern-file", filepath.Join(dir, "none")}, exitFail, "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runGridVariant("", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.stderr)
			}
		})
	}
}

func TestGridVariantText(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"lights out 2000", "", []string{"120/000/021", "--states", "3"}, `board (3×3, 3 states, goal off; states 0-2):
   A B C
1  1 2 0
2  0 0 0
3  0 2 1

presses (times pressed):
   A B C
1  2 2 .
2  1 . 1
3  . 2 2

10 presses: A1×2 B1×2 A2 C2 B3×2 C3×2
minimal: yes (the only solution)
`},
		{"torus from stdin", "111\n100\n100\n", []string{"-", "--wrap"}, `board (3×3, wrap, goal off; # lit, . unlit):
   A B C
1  # # #
2  # . .
3  # . .

presses (X):
   A B C
1  X . .
2  . . .
3  . . .

1 press: A1
minimal: yes, the fewest among 16 solutions (nullity 4)
`},
		{"graph from stdin", "U1\nU2 U4\nL1,B3\n", []string{"--graph", cubeFile, "-"}, `graph ../../solver/testdata/cube.edges (54 vertices, 108 edges, goal off)
lights: U1 U2 U4 L1 B3

1 press: U1
minimal: yes, the fewest among 64 solutions (nullity 6)
`},
		{"graph", "", []string{"--graph", cubeFile, "U1 U2 U4 L1 B3"}, `graph ../../solver/testdata/cube.edges (54 vertices, 108 edges, goal off)
lights: U1 U2 U4 L1 B3

1 press: U1
minimal: yes, the fewest among 64 solutions (nullity 6)
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runGridVariant(tc.stdin, tc.args...)
			if code != exitOK || out != tc.want {
				t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, out, tc.want)
			}
		})
	}
}

func TestGridVariantJSON(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want map[string]any // fields that must be there with these values
		none []string       // fields that must be absent
	}{
		{"wrap", []string{"111/100/100", "--wrap", "--json"},
			map[string]any{"rows": 3.0, "cols": 3.0, "wrap": true, "goal": "off", "solvable": true, "press_count": 1.0, "solutions": 16.0, "nullity": 4.0, "minimal": true},
			[]string{"states", "pattern", "target", "graph"}},
		{"wrap unsolvable", []string{"000/010/000", "--wrap", "--json"},
			map[string]any{"solvable": false, "presses": []any{}, "solutions": 0.0, "nullity": 4.0},
			[]string{"states", "pattern", "target", "graph"}},
		{"mod 3 presses with times", []string{"11022/10002/00000/02200/21120", "--states", "3", "--json"},
			map[string]any{"states": 3.0, "press_count": 5.0, "presses": []any{[]any{0.0, 0.0, 2.0}, []any{0.0, 4.0, 1.0}, []any{4.0, 1.0, 1.0}, []any{4.0, 2.0, 1.0}}, "solutions": 27.0, "nullity": 3.0},
			[]string{"wrap", "pattern"}},
		{"pattern and target", []string{"00/00", "--pattern", "plus-x", "--target", "11/11", "--json"},
			map[string]any{"pattern": "plus-x", "goal": "target", "target": []any{"11", "11"}, "presses": []any{[]any{0.0, 0.0}}},
			[]string{"states", "wrap"}},
		{"stencil pattern", []string{"11/00", "--pattern", "@#", "--json"},
			map[string]any{"pattern": "@#", "presses": []any{[]any{0.0, 0.0}}},
			nil},
		{"composite K has no nullity", []string{"1100", "--states", "4", "--json"},
			map[string]any{"states": 4.0, "solvable": true},
			[]string{"nullity"}},
		{"graph", []string{"--graph", cubeFile, "U1,U2,U4,L1,B3", "--json"},
			map[string]any{"graph": cubeFile, "vertices": 54.0, "edges": 108.0, "lights": []any{"U1", "U2", "U4", "L1", "B3"}, "presses": []any{"U1"}, "nullity": 6.0, "solutions": 64.0},
			[]string{"rows", "cols", "states"}},
		{"graph K=3", []string{"--graph", cubeFile, "U5=2", "--states", "3", "--json"},
			map[string]any{"states": 3.0, "lights": []any{[]any{"U5", 2.0}}},
			[]string{"rows"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runGridVariant("", tc.args...)
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("exit %d, stderr %q, not JSON: %v\n%s", code, stderr, err, out)
			}
			for k, v := range tc.want {
				gj, _ := json.Marshal(got[k])
				wj, _ := json.Marshal(v)
				if string(gj) != string(wj) {
					t.Errorf("%s = %s, want %s", k, gj, wj)
				}
			}
			for _, k := range tc.none {
				if _, ok := got[k]; ok {
					t.Errorf("%s present (%v), want it left out", k, got[k])
				}
			}
			for _, k := range []string{"lights", "goal", "solvable", "presses", "press_count", "minimal", "solutions"} {
				if _, ok := got[k]; !ok {
					t.Errorf("SPEC field %s missing", k)
				}
			}
		})
	}
}

// Without variant flags grid stays the classic solver, output unchanged.
func TestGridWithoutVariantFlags(t *testing.T) {
	code, out, _ := runGridVariant("", "101/001/100", "--json")
	if code != exitOK || strings.Contains(out, "states") || strings.Contains(out, "wrap") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestGridVariantExplainsUnsolvable(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"torus", []string{"000/010/000", "--wrap"}, "unsolvable: 3 check(s) fail. No press changes these sums of lights, but reaching the goal would:\n  1. lights A1 B1 C1 A2 B2 C2: every press changes an even number of them, but an odd number must change\n"},
		{"mod 5 torus", []string{"100/000/000", "--wrap", "--states", "5"}, "  1. A1 + B1 + C1 + A2 + B2 + C2 + A3 + B3 + C3: every press leaves this sum unchanged (mod 5), but it must change by 4\n"},
		{"target", []string{"00", "--pattern", "@#|#.", "--target", "10", "--states", "2", "--wrap"}, "reaching the target would"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runGridVariant("", tc.args...)
			if code != exitFail || !strings.Contains(out, tc.want) || !strings.Contains(stderr, "unsolvable") {
				t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant it to contain:\n%s", code, stderr, out, tc.want)
			}
		})
	}
}
