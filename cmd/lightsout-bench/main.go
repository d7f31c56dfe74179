// Lightsout-bench times lightsout on big all-off boards with goal on,
// including reading the board file and writing the presses file, and
// reports the peak memory of each run.
//
// Usage:
//
//	lightsout-bench [-sizes 1000,2000,4000] [-runs 3] [-format txt|png] [-dir DIR]
//
// Each run is a fresh child process (the same binary with -one), so the
// peak resident memory it reports (getrusage's ru_maxrss) is that run's
// alone. The table gives the median of the runs: total wall seconds, the
// read, solve and write parts, and the CPU seconds of the whole child
// (user+system, all threads, including process start), which a busy
// machine inflates less than wall time.
//
// For example, the table of the issue (about a minute on 2 cores):
//
//	$ go run ./cmd/lightsout-bench -sizes 1000,2000,4000,8000,10000,16000 -runs 3
package main

import (
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
