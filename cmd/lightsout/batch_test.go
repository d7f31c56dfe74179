package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"lightsout/vision"
)

// treeHashes returns the SHA-256 of every file under dir, by path.
func treeHashes(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	h := map[string][32]byte{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			h[p] = sha256.Sum256(data)
		}
		return nil
	})
	return h
}

// jsonLines decodes one JSON object per line.
func jsonLines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

func TestBatch(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	renderPhoto(t, in, "a", 3, "keypad")
	renderPhoto(t, in, "sub/b", 11, "pixelart")
	renderPhoto(t, in, "sub/deeper/c", 7, "handheld")
	renderPhoto(t, in, ".hidden/d", 4, "keypad")
	renderPhoto(t, in, "sub/.e", 4, "keypad")
	write(t, in, "readme.txt", []byte("not a photo"))
	hostile := filepath.Join(dir, "hostile")
	if err := os.MkdirAll(hostile, 0o755); err != nil {
		t.Fatal(err)
	}
	hostileFiles(t, hostile)
	os.Remove(filepath.Join(hostile, "source.jpg")) // a good photo; keep only the bad ones
	before := treeHashes(t, dir)
	t.Chdir(dir)

	code, stdout, stderr := runCmd("batch", "in", "hostile", "--json", "--jobs", "2")
	if code != exitFail {
		t.Errorf("exit %d, want %d: some inputs are bad", code, exitFail)
	}
	lines := jsonLines(t, stdout)
	var files []string
	for _, l := range lines {
		files = append(files, l["file"].(string))
	}
	// Input order: each INPUT in turn, folders walked in lexical order.
	// The folder named album.jpg is walked (it holds nothing), the
	// missing path is not there to be found, hidden files are skipped.
	want := []string{"in/a.jpg", "in/sub/b.png", "in/sub/deeper/c.jpg",
		"hostile/bomb.png", "hostile/cut.jpg", "hostile/dot.png", "hostile/empty.jpg",
		"hostile/noise.png", "hostile/notes.jpg", "hostile/wall.png"}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Fatalf("files in order:\n got %v\nwant %v", files, want)
	}
	for _, l := range lines {
		f := l["file"].(string)
		if strings.HasPrefix(f, "hostile/") {
			if len(l) != 2 || l["error"] == nil {
				t.Errorf("%s: %v, want only file and error", f, l)
			}
			if !strings.Contains(stderr, "lightsout: "+f+": ") {
				t.Errorf("%s: no error line on stderr", f)
			}
			continue
		}
		if l["output"] != filepath.Join("solved", f) {
			t.Errorf("%s: output %v, want %s (the input tree mirrored)", f, l["output"], filepath.Join("solved", f))
		}
		if _, err := os.Stat(filepath.Join("solved", f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if !strings.Contains(stderr, "10 photos: ") || !strings.Contains(stderr, "2 no board, 5 unreadable") {
		t.Errorf("summary on stderr: %q", stderr)
	}

	after := treeHashes(t, dir)
	for p, h := range before {
		if after[p] != h {
			t.Errorf("input %s was modified", p)
		}
	}

	// A second run keeps every existing output and reports the skips.
	marker := filepath.Join("solved", "in", "a.jpg")
	write(t, ".", marker, []byte("earlier output"))
	code, stdout, stderr = runCmd("batch", "in", "--jobs", "1")
	if code != exitOK || !strings.Contains(stdout, "3 skipped") {
		t.Errorf("second run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(marker); string(data) != "earlier output" {
		t.Error("an existing output was replaced without --force")
	}
	code, stdout, _ = runCmd("batch", "in", "--force")
	if data, _ := os.ReadFile(marker); code == exitUsage || string(data) == "earlier output" {
		t.Errorf("--force: exit %d, output not replaced (stdout %q)", code, stdout)
	}
}

// TestBatchNameClash gives two photos that map to one output name: the
// second gets a suffix and neither output is lost.
func TestBatchNameClash(t *testing.T) {
	dir := t.TempDir()
	a, _ := renderPhoto(t, dir, "one/board", 3, "keypad")
	b, _ := renderPhoto(t, dir, "two/board", 11, "keypad")
	out := filepath.Join(dir, "out")
	// Absolute inputs keep only their base name, so both map to out/board.jpg.
	code, stdout, stderr := runCmd("batch", a, b, "--out", out, "--json")
	lines := jsonLines(t, stdout)
	if len(lines) != 2 {
		t.Fatalf("exit %d, %d lines, stderr %q", code, len(lines), stderr)
	}
	got := []any{lines[0]["output"], lines[1]["output"]}
	want := []any{filepath.Join(out, "board.jpg"), filepath.Join(out, "board-2.jpg")}
	if got[0] != want[0] || got[1] != want[1] {
		t.Errorf("outputs %v, want %v", got, want)
	}
}

// TestBatchNeverWritesOverInputs points --out so that the mirrored
// output of each photo would be the photo itself.
func TestBatchNeverWritesOverInputs(t *testing.T) {
	dir := t.TempDir()
	in, _ := renderPhoto(t, dir, "photos/board", 3, "keypad")
	orig, _ := os.ReadFile(in)
	t.Chdir(dir)
	code, _, stderr := runCmd("batch", "photos", "--out", ".", "--force")
	if code != exitFail || !strings.Contains(stderr, "would replace an input") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if now, _ := os.ReadFile(in); !bytes.Equal(now, orig) {
		t.Fatal("the input was overwritten")
	}
}

func TestBatchUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"no input", []string{"batch"}, exitUsage},
		{"zero jobs", []string{"batch", "x", "--jobs", "0"}, exitUsage},
		{"bad goal", []string{"batch", "x", "--goal", "up"}, exitUsage},
		{"help", []string{"batch", "-h"}, exitOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if code, _, stderr := runCmd(tc.args...); code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
			}
		})
	}
}

func TestBatchTextAndOrder(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i, seed := range []int64{3, 11, 7, 12, 9, 6} {
		p, _ := renderPhoto(t, dir, string(rune('a'+i)), seed, "pixelart")
		inputs = append(inputs, p)
	}
	missing := filepath.Join(dir, "nope.png")
	args := append([]string{"batch", "--out", filepath.Join(dir, "out"), "--jobs", "3"}, inputs[:3]...)
	args = append(args, missing)
	args = append(args, inputs[3:]...)
	_, stdout, stderr := runCmd(args...)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 7 photos and a summary:\n%s\nstderr %q", len(lines), stdout, stderr)
	}
	order := append(append(append([]string{}, inputs[:3]...), missing), inputs[3:]...)
	for i, p := range order {
		if !strings.HasPrefix(lines[i], p+": ") {
			t.Errorf("line %d %q, want it about %s", i, lines[i], p)
		}
	}
	if !strings.HasPrefix(lines[7], "7 photos: ") || !strings.Contains(lines[7], "1 unreadable") {
		t.Errorf("summary %q", lines[7])
	}
	if strings.ContainsAny(stderr, "\r\x1b") {
		t.Errorf("stderr is not a terminal but got progress output: %q", stderr)
	}
	if strings.Count(stderr, missing) != 1 {
		t.Errorf("stderr %q, want one error line for %s", stderr, missing)
	}
}

// TestBatchRestoresThreads checks that batch, which runs OpenCV on one
// thread per job and collects Go garbage less often, gives the process
// its default thread pool and GC pace back.
func TestBatchRestoresThreads(t *testing.T) {
	want := vision.Threads()
	gc := debug.SetGCPercent(100)
	defer debug.SetGCPercent(gc)
	dir := t.TempDir()
	runCmd("batch", filepath.Join(dir, "missing.jpg"), "--out", filepath.Join(dir, "out"))
	if got := vision.Threads(); got != want {
		t.Errorf("OpenCV threads after batch = %d, want %d", got, want)
	}
	if got := debug.SetGCPercent(gc); got != 100 {
		t.Errorf("GC percent after batch = %d, want 100", got)
	}
}
