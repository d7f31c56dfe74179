package solver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrStates is wrapped by the error for a bad number of states.
var ErrStates = errors.New("bad number of states")

// ParseStates reads the number of states of a light, a whole number from 2
// to MaxStates. Errors wrap ErrStates.
func ParseStates(s string) (int, error) {
	k, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("%w: %q is not a whole number", ErrStates, s)
	}
	if k < 2 || k > MaxStates {
		return 0, fmt.Errorf("%w: %d, want 2 to %d (a light needs at least two states, and states are typed 0-9 then a-z)", ErrStates, k, MaxStates)
	}
	return k, nil
}

// StateDigit returns the character for light state v: 0-9 then a-z.
func StateDigit(v int) byte {
	if v < 10 {
		return byte('0' + v)
	}
	return byte('a' + v - 10)
}

func stateValue(ch rune) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	}
	return -1
}

// ParseLevels reads a grid of lights with the given number of states,
// typed like ParseBoard's boards (rows joined by "/" or newlines) with one
// character per light: its state 0..states-1 as 0-9 then a-z (either case);
// with two states '#' and '.' also mean 1 and 0. It returns the states in
// row-major order. Errors are *ParseError values naming the row and column.
// It panics if states is not 2..MaxStates.
func ParseLevels(s string, states int) (lights []int, rows, cols int, err error) {
	if states < 2 || states > MaxStates {
		panic(fmt.Sprintf("solver: ParseLevels with %d states", states))
	}
	s = strings.TrimRight(s, "\r\n")
	if s == "" {
		return nil, 0, 0, &ParseError{Msg: fmt.Sprintf("empty board: type rows of light states 0 to %c joined by /", StateDigit(states-1))}
	}
	lines := strings.Split(strings.ReplaceAll(s, "\n", "/"), "/")
	cols = -1
	for i, row := range lines {
		row = strings.TrimSuffix(row, "\r")
		n := utf8.RuneCountInString(row)
		if n == 0 {
			return nil, 0, 0, &ParseError{Row: i + 1, Msg: "empty row"}
		}
		col := 0
		for _, ch := range row {
			col++
			v := stateValue(ch)
			if states == 2 && ch == '#' {
				v = 1
			} else if states == 2 && ch == '.' {
				v = 0
			}
			if v < 0 || v >= states {
				return nil, 0, 0, &ParseError{Row: i + 1, Col: col,
					Msg: fmt.Sprintf("unexpected character %q (a light's state is 0 to %c with %d states)", ch, StateDigit(states-1), states)}
			}
			lights = append(lights, v)
		}
		switch {
		case cols < 0:
			cols = n
		case n != cols:
			return nil, 0, 0, &ParseError{Row: i + 1, Col: min(n, cols) + 1,
				Msg: fmt.Sprintf("row has %d cells, row 1 has %d", n, cols)}
		}
	}
	return lights, len(lines), cols, nil
}
