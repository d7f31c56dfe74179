package main

import (
	"fmt"
	"io"
)

// solveCommand is a placeholder until the solve subcommand lands.
func solveCommand() command {
	return command{
		summary: "(not built yet)",
		run: func(e *env, args []string) int {
			fmt.Fprintln(e.stderr, "lightsout: solve: not built yet")
			return exitFail
		},
		help: func(w io.Writer) { fmt.Fprintln(w, "lightsout solve: not built yet") },
	}
}
