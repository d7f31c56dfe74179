//go:build matprofile

package synth

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the run when a test leaves gocv Mats open.
func TestMain(m *testing.M) {
	before := gocv.MatProfile.Count()
	code := m.Run()
	if n := gocv.MatProfile.Count() - before; n != 0 && code == 0 {
		var b strings.Builder
		gocv.MatProfile.WriteTo(&b, 1)
		fmt.Fprintf(os.Stderr, "synth: %d Mats left open\n%s", n, b.String())
		code = 1
	}
	os.Exit(code)
}
