package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"lightsout/solver"
)

// Report is the JSON result for one board (SPEC.md, "JSON result"), its
// fields in SPEC order. grid fills the solver fields and Nullity; the photo
// commands add the photo fields where the comment marks them.
type Report struct {
	File   string   `json:"file,omitempty"`
	Rows   int      `json:"rows"`
	Cols   int      `json:"cols"`
	Lights []string `json:"lights"`
	// Photo fields, set by solve and batch only (omitted by grid):
	// corners clockwise from top-left in input pixels, the lowest cell
	// confidence, and the uncertain and corrected cells (empty lists, not
	// omitted, when a photo has none).
	Corners    [][2]float64 `json:"corners,omitzero"`
	Confidence *float64     `json:"confidence,omitempty"`
	Uncertain  [][2]int     `json:"uncertain,omitzero"`
	Corrected  [][2]int     `json:"corrected,omitzero"`

	Goal       string    `json:"goal"`
	Solvable   bool      `json:"solvable"`
	Presses    [][2]int  `json:"presses"` // [row, col], row-major; [] when none
	PressCount int       `json:"press_count"`
	Minimal    bool      `json:"minimal"`
	Solutions  Solutions `json:"solutions"`
	// Nullity is printed by grid only.
	Nullity *int   `json:"nullity,omitempty"`
	Output  string `json:"output,omitempty"`
}

// newReport fills the solver fields of a Report for board b solved (or
// found unsolvable) for goal.
func newReport(b *solver.Board, goal solver.Goal, s *solver.Solution) Report {
	r := Report{
		Rows:      b.Rows,
		Cols:      b.Cols,
		Lights:    b.Strings(),
		Goal:      goal.String(),
		Solvable:  s.Solvable,
		Presses:   [][2]int{},
		Minimal:   s.Minimal,
		Solutions: Solutions{Solvable: s.Solvable, Nullity: s.Nullity},
	}
	if s.Presses != nil {
		if cells := s.Presses.Cells(); cells != nil {
			r.Presses = cells
		}
		r.PressCount = s.PressCount
	}
	return r
}

// maxExactSolutions is the largest nullity whose 2^d a JSON number (an
// IEEE double) holds exactly.
const maxExactSolutions = 53

// Solutions is the number of solutions of a board: 2^Nullity when it is
// solvable, else 0. It marshals as a JSON number when that is exact
// (Nullity <= 53) and as the string "2^d" beyond, as SPEC.md says.
type Solutions struct {
	Solvable bool
	Nullity  int
}

// MarshalJSON implements json.Marshaler.
func (s Solutions) MarshalJSON() ([]byte, error) {
	switch {
	case !s.Solvable:
		return []byte("0"), nil
	case s.Nullity <= maxExactSolutions:
		return strconv.AppendUint(nil, uint64(1)<<s.Nullity, 10), nil
	}
	return json.Marshal("2^" + strconv.Itoa(s.Nullity))
}

// UnmarshalJSON implements json.Unmarshaler: it reads 0, a power of two,
// or "2^d".
func (s *Solutions) UnmarshalJSON(data []byte) error {
	var str string
	if err := json.Unmarshal(data, &str); err == nil {
		d, err := strconv.Atoi(strings.TrimPrefix(str, "2^"))
		if !strings.HasPrefix(str, "2^") || err != nil || d < 0 {
			return fmt.Errorf("solutions %q: want a number or \"2^d\"", str)
		}
		*s = Solutions{Solvable: true, Nullity: d}
		return nil
	}
	n, err := strconv.ParseUint(string(data), 10, 64)
	if err != nil || n&(n-1) != 0 {
		return fmt.Errorf("solutions %s: want 0, a power of two or \"2^d\"", data)
	}
	if n == 0 {
		*s = Solutions{}
		return nil
	}
	d := 0
	for n > 1 {
		n >>= 1
		d++
	}
	*s = Solutions{Solvable: true, Nullity: d}
	return nil
}

// String returns the count as a person reads it: "4", or "2^60".
func (s Solutions) String() string {
	b, _ := s.MarshalJSON()
	return strings.Trim(string(b), `"`)
}
