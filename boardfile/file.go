package boardfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"lightsout/solver"
)

// Read reads a board from r, as PNG when r starts with the PNG signature
// and as text otherwise.
func Read(r io.Reader) (*solver.Board, error) { return read(r, 0) }

// read is Read with the input's size in bytes when known (else 0), which
// lets the text reader allocate the board once.
func read(r io.Reader, size int64) (*solver.Board, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	sig, err := br.Peek(len(pngSignature))
	if err == nil && string(sig) == pngSignature {
		return readPNG(br)
	}
	return readText(br, size)
}

// ReadFile reads the board in the named file (see Read). Errors start with
// the file name.
func ReadFile(name string) (*solver.Board, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err // *PathError names the file
	}
	defer f.Close()
	var size int64
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	b, err := read(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// IsPNGName reports whether name ends in ".png" (any case).
func IsPNGName(name string) bool { return strings.EqualFold(filepath.Ext(name), ".png") }

// WriteFile writes b to the named file as PNG when the name ends in ".png"
// and as text otherwise. Errors start with the file name.
func WriteFile(name string, b *solver.Board) (err error) {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	if IsPNGName(name) {
		err = WritePNG(f, b)
	} else {
		err = WriteText(f, b)
	}
	if err != nil {
		var pe *os.PathError
		if !errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", name, err)
		}
	}
	return err
}
