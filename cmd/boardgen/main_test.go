package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lightsout/labels"
)

func TestRunUsage(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"help", []string{"--help"}, 0, "usage: boardgen", ""},
		{"no folder", []string{"-n", "1"}, 2, "", "need -o DIR"},
		{"unknown flag", []string{"-o", dir, "--frobnicate"}, 2, "", "unknown flag"},
		{"extra argument", []string{"-o", dir, "stray"}, 2, "", "no arguments"},
		{"negative count", []string{"-o", dir, "-n", "-3"}, 2, "", "count"},
		{"bad size", []string{"-o", dir, "--size", "five"}, 2, "", "want RxC"},
		{"size out of range", []string{"-o", dir, "--size", "1x12"}, 2, "", "outside 2..10"},
		{"unknown style", []string{"-o", dir, "--style", "hologram"}, 2, "", "unknown style"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tt.args, &out, &errOut)
			if code != tt.code || !strings.Contains(out.String(), tt.inStdout) || !strings.Contains(errOut.String(), tt.inStderr) {
				t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d with %q / %q", tt.args, code, out.String(), errOut.String(), tt.code, tt.inStdout, tt.inStderr)
			}
		})
	}
}

func TestRunWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	var out, errOut bytes.Buffer
	code := run([]string{"-o", dir, "-n", "3", "--seed", "7", "--size", "4x5", "--max-pixels", "300000", "--solvable"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	es, err := labels.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 3 {
		t.Fatalf("%d labels, want 3", len(es))
	}
	for _, e := range es {
		if e.Rows != 4 || e.Cols != 5 {
			t.Errorf("%s is %dx%d, want 4x5", e.File, e.Rows, e.Cols)
		}
		if _, err := os.Stat(filepath.Join(dir, e.File)); err != nil {
			t.Error(err)
		}
	}
}
