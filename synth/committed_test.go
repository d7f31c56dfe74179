package synth

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
)

var update = flag.Bool("update", false, "rewrite ../testdata/photos from the renderer")

// The committed set, as its README says it is made.
const (
	committedDir   = "../testdata/photos"
	committedFirst = 1
	committedCount = 40
	committedPix   = 1_000_000
)

// TestCommittedSet checks that ../testdata/photos is whole: 40 photos
// named by their seeds, each decoding to an image within the pixel cap
// with its grid corners inside it and valid labels. The set is frozen
// (see its README); -update rewrites it from the current renderer.
func TestCommittedSet(t *testing.T) {
	if *update {
		old, _ := filepath.Glob(filepath.Join(committedDir, "[0-9]*.*"))
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteSet(committedDir, committedFirst, committedCount, &Options{MaxPixels: committedPix}); err != nil {
			t.Fatal(err)
		}
	}
	es, err := labels.Read(committedDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != committedCount {
		t.Fatalf("%d labels, want %d", len(es), committedCount)
	}
	styles := map[string]bool{}
	for i, e := range es {
		seed := int64(committedFirst + i)
		styles[e.Style] = true
		t.Run(e.File, func(t *testing.T) {
			want := fmt.Sprintf("%05d", seed)
			if e.File != want+".jpg" && e.File != want+".png" {
				t.Fatalf("entry %d is %q, want %s.jpg or .png", i, e.File, want)
			}
			if isScreenshot(e.Style) != strings.HasSuffix(e.File, ".png") {
				t.Errorf("%s style %s: screenshots are PNG, photos JPEG", e.File, e.Style)
			}
			img := gocv.IMRead(filepath.Join(committedDir, e.File), gocv.IMReadColor)
			defer img.Close()
			if img.Empty() {
				t.Fatalf("%s does not decode", e.File)
			}
			checkEntry(t, seed, img, e, committedPix)
			if !strings.Contains(e.Notes, fmt.Sprintf("%dx%d px", img.Cols(), img.Rows())) {
				t.Errorf("%s is %dx%d, its notes say %q", e.File, img.Cols(), img.Rows(), e.Notes)
			}
		})
	}
	if len(styles) < len(Styles()) {
		t.Errorf("the set has %d styles, the renderer %d", len(styles), len(Styles()))
	}
	readme, err := os.ReadFile(filepath.Join(committedDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := fmt.Sprintf("-n %d --seed %d --max-pixels %d", committedCount, committedFirst, committedPix)
	if !strings.Contains(string(readme), cmd) {
		t.Errorf("README.md does not record the command (%s)", cmd)
	}
}
