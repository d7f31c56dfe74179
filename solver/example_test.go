package solver_test

import (
	"fmt"
	"strings"

	"lightsout/solver"
)

func ExampleSolve() {
	b, err := solver.ParseBoard("101/001/100")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := solver.Solve(b, solver.GoalOff)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range s.Presses.Strings() {
		fmt.Println(row)
	}
	var names []string
	for _, rc := range s.Presses.Cells() {
		names = append(names, solver.CellName(rc[0], rc[1]))
	}
	fmt.Println(strings.Join(names, " "))
	fmt.Println(s.PressCount, "presses, minimal:", s.Minimal, "solutions:", 1<<s.Nullity)
	// Output:
	// 010
	// 010
	// 100
	// B1 B2 A3
	// 3 presses, minimal: true solutions: 1
}

func ExampleSolve_unsolvable() {
	b, _ := solver.ParseBoard("1000/0000/0000/0000")
	_, err := solver.Solve(b, solver.GoalOff)
	fmt.Println(err)
	// Output:
	// board is unsolvable: the lit lights among A1, A2, B2, A3, C3, B4, C4, D4 must be even in number, but 1 is lit
}

func ExampleCorrect() {
	// A 5×5 reading with one light wrong; the reader doubted A1 most.
	b, _ := solver.ParseBoard("10000/00000/00000/00000/00000")
	cost := make([][]float64, 5)
	for r := range cost {
		cost[r] = []float64{3, 3, 3, 3, 3}
	}
	cost[0][0] = 0.2
	flips, err := solver.Correct(b, solver.GoalOff, cost, 2)
	fmt.Println(flips, err)
	// Output:
	// [[0 0]] <nil>
}

func ExampleSteps() {
	b, _ := solver.ParseBoard("101/001/100")
	steps, err := solver.Steps(b, solver.GoalOff, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, st := range steps {
		fmt.Printf("%d. %s: %s\n", i+1, st.Phase, st.Desc)
	}
	// Output:
	// 1. chase: row 2: press A2, C2, under the lit lights A1, C1
	// 2. chase: row 3: press A3, under the lit lights A2
	// 3. fix top row: the bottom row is left with lit A3, B3, C3: press B1 in the top row
	// 4. chase again: row 2: press A2, B2, C2, under the lit lights A1, B1, C1
}
