package vision

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"lightsout/labels"
)

// update rewrites testdata/readings.golden from the current reader.
var update = flag.Bool("update", false, "rewrite the golden outcomes in testdata/readings.golden")

const (
	photosDir    = "../testdata/photos"
	readingsFile = "testdata/readings.golden"
)

// outcome is how one labelled photo was read.
type outcome struct {
	// Result is "ok", "wrong" (size or cells) or "error".
	Result string `json:"result"`
	// Doubt reports that the reading flagged doubt.
	Doubt bool `json:"doubt"`
	// Photo is the start of the photo's SHA-256: an outcome recorded
	// for other bytes (the set was regenerated) does not apply.
	Photo string `json:"photo"`
}

// readLabelled reads one labelled photo end to end and compares it with
// its label.
func readLabelled(t *testing.T, dir string, e labels.Entry) outcome {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, e.File))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	photo := hex.EncodeToString(sum[:8])
	img, err := Decode(data, 0)
	if err != nil {
		t.Fatalf("%s: %v", e.File, err)
	}
	defer img.Close()
	r, err := Read(img, nil)
	if errors.Is(err, ErrNoBoard) {
		return outcome{Result: "error", Photo: photo}
	}
	if err != nil {
		t.Fatalf("%s: %v", e.File, err)
	}
	o := outcome{Result: "ok", Doubt: r.Doubtful(), Photo: photo}
	if !readExactly(r, e) {
		o.Result = "wrong"
	}
	return o
}

// TestReadTestdataPhotos reads the committed labelled photos against
// their golden labels. No photo may be read wrong without doubt; a photo
// recorded as read exactly in testdata/readings.golden must stay so.
// With -short only every fifth photo is read. -update records the
// current outcomes.
func TestReadTestdataPhotos(t *testing.T) {
	es, err := labels.Read(photosDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s not present", photosDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	golden := map[string]outcome{}
	if data, err := os.ReadFile(readingsFile); err == nil {
		if err := json.Unmarshal(data, &golden); err != nil {
			t.Fatalf("%s: %v", readingsFile, err)
		}
	} else if !*update {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	got := map[string]outcome{}
	exact := 0
	for i, e := range es {
		if e.Ambiguous || (testing.Short() && i%5 != 0) {
			continue
		}
		o := readLabelled(t, photosDir, e)
		got[e.File] = o
		if o.Result == "ok" {
			exact++
		}
		if o.Result == "wrong" && !o.Doubt {
			t.Errorf("%s (%s): read wrong with no doubt flagged", e.File, e.Style)
		}
		if g, ok := golden[e.File]; ok && g.Photo == o.Photo && g.Result == "ok" && o.Result != "ok" && !*update {
			t.Errorf("%s (%s): was read exactly, now %s", e.File, e.Style, o.Result)
		}
	}
	t.Logf("%d of %d read exactly", exact, len(got))
	if *update && !testing.Short() {
		data, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(readingsFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(readingsFile, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
