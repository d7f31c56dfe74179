package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"lightsout/boardfile"
	"lightsout/solver"
)

// TestRunOne times one small solve the way each child run does and checks
// the presses it writes.
func TestRunOne(t *testing.T) {
	for _, ext := range []string{".txt", ".png"} {
		dir := t.TempDir()
		in, out := filepath.Join(dir, "b"+ext), filepath.Join(dir, "p"+ext)
		if err := boardfile.WriteFile(in, solver.NewBoard(100, 100)); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := runOne(100, in, out, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		var r result
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		p, err := boardfile.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if r.N != 100 || r.Total <= 0 || r.PressCount != p.Count() || solver.Press(solver.NewBoard(100, 100), p).Count() != 100*100 {
			t.Fatalf("%s: %+v does not match the presses written", ext, r)
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-sizes", "x"}, {"-format", "gif"}, {"-nope"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
