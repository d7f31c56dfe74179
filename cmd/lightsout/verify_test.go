package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// verifyPhotosDir holds the real labelled photos, outside the repository.
const verifyPhotosDir = "../../../shared/photos"

func runVerifyCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(""), &o, &e)
	return code, o.String(), e.String()
}

func TestVerifyUsage(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"help flag", []string{"verify", "--help"}, exitOK, "--json", ""},
		{"help command", []string{"help", "verify"}, exitOK, "Example:", ""},
		{"no folder", []string{"verify"}, exitUsage, "", "want one folder"},
		{"two folders", []string{"verify", "a", "b"}, exitUsage, "", "want one folder"},
		{"unknown flag", []string{"verify", "--nope", "x"}, exitUsage, "", "unknown flag: --nope"},
		{"missing labels", []string{"verify", "testdata-that-does-not-exist"}, exitFail, "", "no labels.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runVerifyCmd(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errs)
			}
			if !strings.Contains(out, tt.inStdout) {
				t.Errorf("stdout %q lacks %q", out, tt.inStdout)
			}
			if !strings.Contains(errs, tt.inStderr) {
				t.Errorf("stderr %q lacks %q", errs, tt.inStderr)
			}
		})
	}
}

func TestCellName(t *testing.T) {
	tests := []struct {
		rc   [2]int
		want string
	}{
		{[2]int{0, 0}, "A1"}, {[2]int{1, 1}, "B2"}, {[2]int{4, 2}, "C5"},
		{[2]int{9, 25}, "Z10"}, {[2]int{0, 26}, "AA1"}, {[2]int{2, 27}, "AB3"},
	}
	for _, tt := range tests {
		if got := cellName(tt.rc); got != tt.want {
			t.Errorf("cellName(%v) = %q, want %q", tt.rc, got, tt.want)
		}
	}
}

// writeVerifyLabels writes a labels.json into dir.
func writeVerifyLabels(t *testing.T, dir, doc string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "labels.json"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyErrorsAndSkips: a file that is not an image is an error line
// naming the file, ambiguous entries are skipped, and the exit is 1.
func TestVerifyErrorsAndSkips(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.jpg"), []byte("hello, not a jpeg"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeVerifyLabels(t, dir, `[{"file": "bad.jpg", "rows": 2, "cols": 2, "lights": ["01", "10"]},
		{"file": "skip.jpg", "ambiguous": true}]`)
	code, out, errs := runVerifyCmd("verify", dir)
	if code != exitFail {
		t.Errorf("exit %d, want %d; stderr %q", code, exitFail, errs)
	}
	if !strings.Contains(out, "bad.jpg: error:") || strings.Contains(out, "skip.jpg") {
		t.Errorf("report:\n%s", out)
	}
	if !strings.Contains(out, "errors:               1") {
		t.Errorf("totals do not count the error:\n%s", out)
	}
	code, out, _ = runVerifyCmd("verify", "--json", dir)
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output is not one JSON object: %v\n%s", err, out)
	}
	if code != exitFail || len(rep.Photos) != 1 || rep.Photos[0].Result != "error" || rep.Totals.Errors != 1 {
		t.Errorf("exit %d, report %+v", code, rep)
	}
}

// TestVerifySharedPhotos runs verify over the real photos: all read
// exactly. Then, with one light of the label flipped, the report names
// that cell and the exit is 1.
func TestVerifySharedPhotos(t *testing.T) {
	_, err := os.Stat(filepath.Join(verifyPhotosDir, "labels.json"))
	if os.IsNotExist(err) {
		t.Skipf("%s not present", verifyPhotosDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runVerifyCmd("verify", verifyPhotosDir)
	if code != exitOK || !strings.Contains(out, "boards read exactly:  3 of 3") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}

	// The Tiger photo's label with B1 flipped (lit in the photo).
	dir := t.TempDir()
	img, err := os.ReadFile(filepath.Join(verifyPhotosDir, "tiger_lightsout_5x5_a.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.jpg"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	writeVerifyLabels(t, dir, `[{"file": "t.jpg", "rows": 5, "cols": 5,
		"lights": ["00010", "11011", "11011", "11011", "01010"]}]`)
	code, out, _ = runVerifyCmd("verify", dir)
	if code != exitFail || !strings.Contains(out, "t.jpg: 1 cells wrong: B1") {
		t.Errorf("exit %d\n%s", code, out)
	}
	writeVerifyLabels(t, dir, `[{"file": "t.jpg", "rows": 4, "cols": 5,
		"lights": ["01010", "11011", "11011", "11011"]}]`)
	code, out, _ = runVerifyCmd("verify", dir)
	if code != exitFail || !strings.Contains(out, "t.jpg: wrong size 4x5, read 5x5") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
