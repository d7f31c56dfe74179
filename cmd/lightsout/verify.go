package main

import (
	"fmt"
	"io"
)

// verifyCommand is a placeholder until the verify subcommand lands.
func verifyCommand() command {
	return command{
		summary: "(not built yet)",
		run: func(e *env, args []string) int {
			fmt.Fprintln(e.stderr, "lightsout: verify: not built yet")
			return exitFail
		},
		help: func(w io.Writer) { fmt.Fprintln(w, "lightsout verify: not built yet") },
	}
}
