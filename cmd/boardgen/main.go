// Command boardgen renders labelled photos of Lights Out boards for
// testing the reader: seeded and reproducible, in the labels.json format
// of SPEC.md.
//
// Usage:
//
//	boardgen -o DIR -n N --seed S [--style NAME] [--size RxC] [--max-pixels P] [--solvable] [--uneven]
//
// It writes DIR/NNNNN.jpg (photos) or DIR/NNNNN.png (screenshots) for
// seeds S..S+N-1, and DIR/labels.json. For example, the committed set:
//
//	boardgen -o testdata/photos -n 40 --seed 1 --max-pixels 1000000
//
// Seeds 100000..100199 are the held-out set (see package synth).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"lightsout/synth"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("boardgen", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.StringP("out", "o", "", "folder to write the photos and labels.json into (required)")
	n := fs.IntP("count", "n", 10, "number of photos")
	seed := fs.Int64("seed", 1, "seed of the first photo; photo i uses seed+i")
	style := fs.String("style", "", "render only this style: "+strings.Join(synth.Styles(), ", "))
	size := fs.String("size", "", "board size RxC, e.g. 5x5 (default: random 2..10 each)")
	maxPix := fs.Int("max-pixels", 0, "largest image area in pixels (default 12000000)")
	solvable := fs.Bool("solvable", false, "draw only boards that can be solved (default: any pattern)")
	uneven := fs.Bool("uneven", false, "also draw panels spaced differently across and down")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: boardgen -o DIR -n N --seed S [--style NAME] [--size RxC] [--max-pixels P] [--solvable] [--uneven]\n\n%s\nexample:\n  boardgen -o /tmp/photos -n 200 --seed 100000\n", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "boardgen: %v\n", err)
		usage(stderr)
		return 2
	}
	if *dir == "" || fs.NArg() > 0 || *n < 0 {
		fmt.Fprintln(stderr, "boardgen: need -o DIR, a count ≥ 0 and no arguments")
		usage(stderr)
		return 2
	}
	opts := synth.Options{Style: *style, MaxPixels: *maxPix, Solvable: *solvable, Uneven: *uneven}
	if *size != "" {
		if _, err := fmt.Sscanf(strings.ToLower(*size), "%dx%d", &opts.Rows, &opts.Cols); err != nil {
			fmt.Fprintf(stderr, "boardgen: --size %q: want RxC, e.g. 5x5\n", *size)
			return 2
		}
	}
	if err := synth.WriteSet(*dir, *seed, *n, &opts); err != nil {
		fmt.Fprintf(stderr, "boardgen: %v\n", err)
		if errors.Is(err, synth.ErrOptions) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d photos and %s to %s\n", *n, "labels.json", *dir)
	return 0
}
