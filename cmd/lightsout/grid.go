package main

import (
	"fmt"
	"io"
)

// gridCommand is a placeholder until the grid subcommand lands.
func gridCommand() command {
	return command{
		summary: "(not built yet)",
		run: func(e *env, args []string) int {
			fmt.Fprintln(e.stderr, "lightsout: grid: not built yet")
			return exitFail
		},
		help: func(w io.Writer) { fmt.Fprintln(w, "lightsout grid: not built yet") },
	}
}
