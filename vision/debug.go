package vision

import (
	"fmt"
	"os"
	"path/filepath"

	"gocv.io/x/gocv"
)

// debugger writes intermediate images to a folder. A nil *debugger writes
// nothing, so the pipeline calls it unconditionally.
type debugger struct {
	dir string
	n   int
}

func newDebugger(dir string) (*debugger, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("debug folder: %w", err)
	}
	return &debugger{dir: dir}, nil
}

// enabled reports whether images will be written; callers skip drawing
// work when it is false.
func (d *debugger) enabled() bool { return d != nil }

// write saves img as NN-name.png, numbered in the order of the pipeline.
func (d *debugger) write(name string, img gocv.Mat) {
	if d == nil || img.Empty() {
		return
	}
	d.n++
	gocv.IMWrite(filepath.Join(d.dir, fmt.Sprintf("%02d-%s.png", d.n, name)), img)
}

// writeText saves text as NN-name.txt, numbered as write numbers images.
// A debug folder is best effort: an error writing it is not the
// reading's.
func (d *debugger) writeText(name, text string) {
	if d == nil {
		return
	}
	d.n++
	_ = os.WriteFile(filepath.Join(d.dir, fmt.Sprintf("%02d-%s.txt", d.n, name)), []byte(text), 0o644)
}
