package main

import (
	"fmt"
	"io"
)

// batchCommand is a placeholder until the batch subcommand lands.
func batchCommand() command {
	return command{
		summary: "(not built yet)",
		run: func(e *env, args []string) int {
			fmt.Fprintln(e.stderr, "lightsout: batch: not built yet")
			return exitFail
		},
		help: func(w io.Writer) { fmt.Fprintln(w, "lightsout batch: not built yet") },
	}
}
