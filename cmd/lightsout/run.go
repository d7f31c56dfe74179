package main

import (
	"fmt"
	"io"
	"sort"
)

// Exit codes, as SPEC.md fixes them.
const (
	exitOK    = 0
	exitFail  = 1 // the work failed for at least one input
	exitUsage = 2 // bad usage: unknown flag, malformed STATE
)

// env is what a subcommand may touch of the outside world, so that tests
// can call subcommands directly.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand of lightsout.
type command struct {
	summary string
	// run does the work and returns the exit code. args excludes the
	// command's own name.
	run func(e *env, args []string) int
	// help prints the full help text (usage, flags, an example).
	help func(w io.Writer)
}

func commands() map[string]command {
	return map[string]command{
		"grid":   gridCommand(),
		"solve":  solveCommand(),
		"batch":  batchCommand(),
		"verify": verifyCommand(),
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	cmds := commands()
	if len(args) == 0 {
		usage(stderr, cmds)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) == 1 || name != "help" {
			usage(stdout, cmds)
			return exitOK
		}
		c, ok := cmds[args[1]]
		if !ok {
			fmt.Fprintf(stderr, "lightsout: help: unknown command %q\n", args[1])
			usage(stderr, cmds)
			return exitUsage
		}
		c.help(stdout)
		return exitOK
	}
	c, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "lightsout: unknown command %q\n", name)
		usage(stderr, cmds)
		return exitUsage
	}
	return c.run(e, args[1:])
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: lightsout COMMAND [ARGS...]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'lightsout help COMMAND' or 'lightsout COMMAND --help' for a command's flags and an example.")
}
