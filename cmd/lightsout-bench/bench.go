package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"lightsout/boardfile"
	"lightsout/solver"
)

// result is what one child run reports on its standard output.
type result struct {
	N                         int
	Read, Solve, Write, Total float64 // seconds
	Nullity, PressCount       int
	Minimal                   bool
	HeapPeakMiB               float64 // runtime.MemStats.HeapSys after the run
	MaxRSSMiB                 float64 `json:"-"` // filled in by the parent
	CPU                       float64 `json:"-"` // user+system seconds of the child, filled in by the parent
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lightsout-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("sizes", "1000,2000,4000", "comma-separated board sides n (n×n boards)")
	runs := fs.Int("runs", 3, "runs per size; the table shows medians")
	format := fs.String("format", "txt", "board and presses file format: txt or png")
	dir := fs.String("dir", "", "directory for the board files (default: a temporary one, removed after)")
	one := fs.Int("one", 0, "internal: solve the n×n board file -in once and report as JSON")
	in := fs.String("in", "", "internal: board file for -one")
	out := fs.String("out", "", "internal: presses file for -one")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *one > 0 {
		return runOne(*one, *in, *out, stdout, stderr)
	}
	if *format != "txt" && *format != "png" {
		fmt.Fprintf(stderr, "lightsout-bench: -format %q: want txt or png\n", *format)
		return 2
	}
	var ns []int
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintf(stderr, "lightsout-bench: -sizes: bad size %q\n", f)
			return 2
		}
		ns = append(ns, n)
	}
	d := *dir
	if d == "" {
		var err error
		if d, err = os.MkdirTemp("", "lightsout-bench"); err != nil {
			fmt.Fprintf(stderr, "lightsout-bench: %v\n", err)
			return 1
		}
		defer os.RemoveAll(d)
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "lightsout-bench: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "all-off n×n board, goal on, %s files, median of %d runs, GOMAXPROCS %d\n", *format, *runs, runtime.GOMAXPROCS(0))
	fmt.Fprintf(stdout, "%6s %8s %8s %8s %8s %8s %8s %8s %9s\n", "n", "total_s", "read_s", "solve_s", "write_s", "cpu_s", "rss_MiB", "nullity", "presses")
	for _, n := range ns {
		board := filepath.Join(d, fmt.Sprintf("board%d.%s", n, *format))
		presses := filepath.Join(d, fmt.Sprintf("presses%d.%s", n, *format))
		if err := boardfile.WriteFile(board, solver.NewBoard(n, n)); err != nil {
			fmt.Fprintf(stderr, "lightsout-bench: %v\n", err)
			return 1
		}
		var rs []result
		for i := 0; i < *runs; i++ {
			r, err := child(self, n, board, presses)
			if err != nil {
				fmt.Fprintf(stderr, "lightsout-bench: n=%d: %v\n", n, err)
				return 1
			}
			rs = append(rs, r)
		}
		med := func(f func(result) float64) float64 {
			v := make([]float64, len(rs))
			for i, r := range rs {
				v[i] = f(r)
			}
			slices.Sort(v)
			return v[len(v)/2]
		}
		fmt.Fprintf(stdout, "%6d %8.3f %8.3f %8.3f %8.3f %8.3f %8.0f %8d %9d\n", n,
			med(func(r result) float64 { return r.Total }), med(func(r result) float64 { return r.Read }),
			med(func(r result) float64 { return r.Solve }), med(func(r result) float64 { return r.Write }),
			med(func(r result) float64 { return r.CPU }),
			med(func(r result) float64 { return r.MaxRSSMiB }), rs[0].Nullity, rs[0].PressCount)
		os.Remove(board)
		os.Remove(presses)
	}
	return 0
}

// child runs one timed solve in a fresh process.
func child(self string, n int, board, presses string) (result, error) {
	cmd := exec.Command(self, "-one", strconv.Itoa(n), "-in", board, "-out", presses)
	cmd.Stderr = os.Stderr
	outb, err := cmd.Output()
	if err != nil {
		return result{}, err
	}
	var r result
	if err := json.Unmarshal(outb, &r); err != nil {
		return result{}, fmt.Errorf("child output %q: %w", outb, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.MaxRSSMiB = float64(ru.Maxrss) / 1024 // Linux reports KiB
		r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	}
	return r, nil
}

// runOne reads the board, solves it for goal on, writes the presses, and
// prints the timings as JSON.
func runOne(n int, in, out string, stdout, stderr io.Writer) int {
	t0 := time.Now()
	b, err := boardfile.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "lightsout-bench: %v\n", err)
		return 1
	}
	t1 := time.Now()
	s, err := solver.Solve(b, solver.GoalOn)
	if err != nil {
		fmt.Fprintf(stderr, "lightsout-bench: %s: %v\n", in, err)
		return 1
	}
	t2 := time.Now()
	if err := boardfile.WriteFile(out, s.Presses); err != nil {
		fmt.Fprintf(stderr, "lightsout-bench: %v\n", err)
		return 1
	}
	t3 := time.Now()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r := result{N: n, Read: t1.Sub(t0).Seconds(), Solve: t2.Sub(t1).Seconds(), Write: t3.Sub(t2).Seconds(),
		Total: t3.Sub(t0).Seconds(), Nullity: s.Nullity, PressCount: s.PressCount, Minimal: s.Minimal,
		HeapPeakMiB: float64(ms.HeapSys) / (1 << 20)}
	if err := json.NewEncoder(stdout).Encode(r); err != nil {
		return 1
	}
	return 0
}
