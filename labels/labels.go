// Package labels reads and writes labels.json, the list of labelled photos
// that `lightsout verify` checks the reader against (SPEC.md, "labels.json").
package labels

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// FileName is the name of the labels file inside a photo folder.
const FileName = "labels.json"

// Entry labels one photo. Keys other than these are allowed in the file
// and ignored on reading; Extra carries the generator's notes on writing.
type Entry struct {
	File    string       `json:"file"`
	Rows    int          `json:"rows"`
	Cols    int          `json:"cols"`
	Lights  []string     `json:"lights"`
	Corners [][2]float64 `json:"corners,omitempty"`
	// Ambiguous entries are skipped by verify.
	Ambiguous bool `json:"ambiguous,omitempty"`
	// Style and Notes describe how a rendered photo was made.
	Style string `json:"style,omitempty"`
	Notes string `json:"notes,omitempty"`
}

// Parse decodes and checks a labels.json document.
func Parse(data []byte) ([]Entry, error) {
	var es []Entry
	if err := json.Unmarshal(data, &es); err != nil {
		return nil, fmt.Errorf("not a JSON list of labels: %w", err)
	}
	for i, e := range es {
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("entry %d (%q): %w", i, e.File, err)
		}
	}
	return es, nil
}

func (e *Entry) check() error {
	if e.File == "" {
		return fmt.Errorf("missing \"file\"")
	}
	if filepath.IsAbs(e.File) || !filepath.IsLocal(e.File) {
		return fmt.Errorf("\"file\" must be a path inside the folder")
	}
	if e.Ambiguous {
		return nil
	}
	if e.Rows < 1 || e.Cols < 1 {
		return fmt.Errorf("rows and cols must be at least 1, have %d×%d", e.Rows, e.Cols)
	}
	if len(e.Lights) != e.Rows {
		return fmt.Errorf("%d rows declared, %d strings in \"lights\"", e.Rows, len(e.Lights))
	}
	for r, s := range e.Lights {
		if len(s) != e.Cols {
			return fmt.Errorf("lights row %d has %d cells, want %d", r+1, len(s), e.Cols)
		}
		for c := 0; c < len(s); c++ {
			if s[c] != '0' && s[c] != '1' {
				return fmt.Errorf("lights row %d col %d: %q is not 0 or 1", r+1, c+1, s[c])
			}
		}
	}
	if e.Corners != nil && len(e.Corners) != 4 {
		return fmt.Errorf("\"corners\" has %d points, want 4", len(e.Corners))
	}
	return nil
}

// MaxFileBytes bounds the size of a labels.json that Read accepts: 64
// MiB holds the labels of over 100,000 photos.
const MaxFileBytes = 64 << 20

// Read reads dir/labels.json. It refuses, without reading it, a file
// that is not a regular file (a named pipe would block) or is larger
// than MaxFileBytes.
func Read(dir string) ([]Entry, error) {
	p := filepath.Join(dir, FileName)
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", p)
	}
	if st.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than the %d MiB limit (%d bytes)", p, MaxFileBytes>>20, st.Size())
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	es, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return es, nil
}

// Write writes es to dir/labels.json, indented, replacing any file there.
func Write(dir string, es []Entry) error {
	data, err := json.MarshalIndent(es, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, FileName), append(data, '\n'), 0o644)
}
