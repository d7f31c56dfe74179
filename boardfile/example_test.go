package boardfile_test

import (
	"fmt"
	"os"
	"strings"

	"lightsout/boardfile"
	"lightsout/solver"
)

// Read a board typed with # and ., solve it, and write the presses as
// text rows.
func ExampleRead() {
	b, err := boardfile.Read(strings.NewReader("#.#\n..#\n#..\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := solver.Solve(b, solver.GoalOff)
	if err != nil {
		fmt.Println(err)
		return
	}
	boardfile.WriteText(os.Stdout, s.Presses)
	// Output:
	// 010
	// 010
	// 100
}

// A malformed row is reported with its line and column.
func ExampleParseError() {
	_, err := boardfile.Read(strings.NewReader("101\n1x1\n"))
	fmt.Println(err)
	// Output:
	// line 2, column 2: unexpected 'x': cells are 1 or # (lit), 0 or . (unlit)
}
