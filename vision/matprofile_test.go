//go:build matprofile

package vision

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the package's tests when any Mat is left open after them.
// Run with: go test -tags matprofile ./vision/
func TestMain(m *testing.M) {
	before := gocv.MatProfile.Count()
	code := m.Run()
	if n := gocv.MatProfile.Count() - before; n != 0 {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		fmt.Fprintf(os.Stderr, "%d Mats left open:\n%s", n, b.String())
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
