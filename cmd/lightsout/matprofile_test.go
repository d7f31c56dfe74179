//go:build matprofile

package main

import (
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the run when the commands leave gocv Mats open.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := gocv.MatProfile.Count(); n != 0 {
		fmt.Fprintf(os.Stderr, "cmd/lightsout: %d Mats left open\n", n)
		code = 1
	}
	os.Exit(code)
}

// openMats is the number of gocv Mats not yet closed.
func openMats() int { return gocv.MatProfile.Count() }
