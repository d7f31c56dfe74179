package vision

import (
	"os"
	"path/filepath"
	"testing"

	"lightsout/labels"
)

// TestReadSharedPhotos reads the real photos end to end (grid finder and
// classifier); all three must read exactly.
func TestReadSharedPhotos(t *testing.T) {
	es, err := labels.Read(sharedPhotos)
	if os.IsNotExist(err) {
		t.Skipf("%s not present", sharedPhotos)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		t.Run(e.File, func(t *testing.T) {
			img, err := Load(filepath.Join(sharedPhotos, e.File), 0)
			if err != nil {
				t.Fatal(err)
			}
			defer img.Close()
			var o Options
			if *debugDir != "" {
				o.Debug = filepath.Join(*debugDir, "read", e.File)
			}
			r, err := Read(img, &o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != e.Rows || r.Cols != e.Cols {
				t.Fatalf("read %d×%d, want %d×%d", r.Rows, r.Cols, e.Rows, e.Cols)
			}
			if bad := wrongCells(e.Lights, r.Lit); len(bad) > 0 {
				t.Errorf("cells wrong: %v (uncertain %v)\ngot  %v\nwant %v", bad, r.Uncertain(), litStrings(r.Lit), e.Lights)
			}
			t.Logf("min confidence %.2f, uncertain %v", r.MinConfidence(), r.Uncertain())
		})
	}
}
