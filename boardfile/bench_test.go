package boardfile

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"testing"

	"lightsout/solver"
)

// BenchmarkFormats reads and writes a random 2000×2000 board in memory;
// SetBytes is the cell count, so MB/s reads as millions of cells a second.
func BenchmarkFormats(b *testing.B) {
	const n = 2000
	board := randomBoard(rand.New(rand.NewSource(1)), n, n)
	for _, f := range []struct {
		name  string
		write func(io.Writer, *solver.Board) error
	}{{"text", WriteText}, {"png", WritePNG}} {
		var buf bytes.Buffer
		if err := f.write(&buf, board); err != nil {
			b.Fatal(err)
		}
		data := buf.Bytes()
		b.Run(fmt.Sprintf("write/%s", f.name), func(b *testing.B) {
			b.SetBytes(n * n)
			for i := 0; i < b.N; i++ {
				if err := f.write(io.Discard, board); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("read/%s", f.name), func(b *testing.B) {
			b.SetBytes(n * n)
			for i := 0; i < b.N; i++ {
				if _, err := Read(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
