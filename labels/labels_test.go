package labels

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in, err string
	}{
		{"ok", `[{"file":"a.jpg","rows":2,"cols":3,"lights":["010","111"],"corners":[[0,0],[1,0],[1,1],[0,1]],"style":"x"}]`, ""},
		{"extra keys ignored", `[{"file":"a.jpg","rows":1,"cols":1,"lights":["1"],"source":"s","license":"l"}]`, ""},
		{"ambiguous needs no lights", `[{"file":"a.jpg","ambiguous":true}]`, ""},
		{"not a list", `{"file":"a.jpg"}`, "not a JSON list"},
		{"no file", `[{"rows":1,"cols":1,"lights":["1"]}]`, "missing \"file\""},
		{"escapes folder", `[{"file":"../a.jpg","rows":1,"cols":1,"lights":["1"]}]`, "inside the folder"},
		{"rows mismatch", `[{"file":"a.jpg","rows":2,"cols":1,"lights":["1"]}]`, "2 rows declared"},
		{"ragged", `[{"file":"a.jpg","rows":2,"cols":2,"lights":["10","1"]}]`, "row 2 has 1 cells"},
		{"bad char", `[{"file":"a.jpg","rows":1,"cols":2,"lights":["1x"]}]`, "col 2"},
		{"three corners", `[{"file":"a.jpg","rows":1,"cols":1,"lights":["1"],"corners":[[0,0],[1,0],[1,1]]}]`, "3 points"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("Parse: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("Parse error = %v, want one containing %q", err, tc.err)
			}
		})
	}
}

func TestRealPhotoLabels(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "photos")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/photos not present")
	}
	es, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 3 {
		t.Fatalf("read %d entries, want 3", len(es))
	}
}

func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	want := []Entry{{File: "a.png", Rows: 1, Cols: 2, Lights: []string{"01"}, Corners: [][2]float64{{1, 2}, {3, 2}, {3, 4}, {1, 4}}}}
	if err := Write(dir, want); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].File != "a.png" || got[0].Lights[0] != "01" || got[0].Corners[2] != [2]float64{3, 4} {
		t.Fatalf("round trip = %+v", got)
	}
}

func TestReadRefuses(t *testing.T) {
	pipe := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(pipe, FileName), 0o644); err != nil {
		t.Fatal(err)
	}
	big := t.TempDir()
	f, err := os.Create(filepath.Join(big, FileName))
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size is checked before a byte is read.
	if err := f.Truncate(MaxFileBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct{ name, dir, want string }{
		{"missing", t.TempDir(), "no such file or directory"},
		{"named pipe", pipe, "labels.json: not a regular file"},
		{"too large", big, "labels.json: larger than the 64 MiB limit (67108865 bytes)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(tc.dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`[{"file":"a.jpg","rows":2,"cols":3,"lights":["010","111"]}]`))
	f.Add([]byte(`[{"file":"a.jpg","ambiguous":true}]`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Parse(data)
		if err != nil {
			return
		}
		for _, e := range es {
			if e.Ambiguous {
				continue
			}
			if len(e.Lights) != e.Rows || e.Rows < 1 {
				t.Fatalf("accepted bad entry %+v", e)
			}
			for _, s := range e.Lights {
				if len(s) != e.Cols {
					t.Fatalf("accepted ragged entry %+v", e)
				}
			}
		}
	})
}
