//go:build matprofile

package overlay

import (
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the run when a test leaves gocv Mats open.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := gocv.MatProfile.Count(); n != 0 {
		fmt.Fprintf(os.Stderr, "overlay: %d Mats left open\n", n)
		code = 1
	}
	os.Exit(code)
}
