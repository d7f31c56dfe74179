package vision

import (
	"image"
	"image/color"
	"reflect"

	"flag"
	"fmt"
	"gocv.io/x/gocv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lightsout/labels"
)

var (
	guardDir = flag.String("guard.dir", "", "folder with labels.json whose readings TestGuardDir re-reads with the grid moved")
	guardOut = flag.String("guard.out", "", "file for TestGuardDir's table (default: the test log)")
)

// guardMoves are the grid moves TestGuardDir tries, by name: each a list
// of transforms in board units applied before h.
func guardMoves(rows, cols int) (names []string, moves [][][9]float64) {
	for _, s := range []float64{0.1, 0.15, 0.2, 0.25} {
		names = append(names, fmt.Sprintf("shift%.2f", s))
		moves = append(moves, [][9]float64{
			{1, 0, s, 0, 1, 0, 0, 0, 1}, {1, 0, -s, 0, 1, 0, 0, 0, 1},
			{1, 0, 0, 0, 1, s, 0, 0, 1}, {1, 0, 0, 0, 1, -s, 0, 0, 1}})
	}
	d := 0.15 / 1.4142
	names = append(names, "diag0.15")
	moves = append(moves, [][9]float64{
		{1, 0, d, 0, 1, d, 0, 0, 1}, {1, 0, -d, 0, 1, d, 0, 0, 1},
		{1, 0, d, 0, 1, -d, 0, 0, 1}, {1, 0, -d, 0, 1, -d, 0, 0, 1}})
	cu, cv := float64(cols)/2, float64(rows)/2
	var sc [][9]float64
	for _, k := range []float64{0.95, 1.05} {
		sc = append(sc, [9]float64{k, 0, cu * (1 - k), 0, k, cv * (1 - k), 0, 0, 1})
	}
	names = append(names, "scale5")
	moves = append(moves, sc)
	return names, moves
}

// TestGuardDir reads each photo of -guard.dir as verify does and, for
// each grid move of guardMoves, counts the cells whose reading changes
// when the board is classified again through the moved grid. It only
// measures: one row a photo, its outcome, whether Read doubted it, and
// the counts.
func TestGuardDir(t *testing.T) {
	if *guardDir == "" {
		t.Skip("no -guard.dir")
	}
	es, err := labels.Read(*guardDir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range es {
		p, err := Open(filepath.Join(*guardDir, e.File), nil)
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		r, err := p.Read(nil)
		img, _ := p.Image()
		if err != nil {
			fmt.Fprintf(&b, "%s\terror\n", e.File)
			p.Close()
			continue
		}
		outcome := "exact"
		if r.Rows != e.Rows || r.Cols != e.Cols {
			outcome = "size"
		} else if bad := wrongCells(e.Lights, r.Lit); len(bad) > 0 {
			outcome = fmt.Sprintf("cells%d", len(bad))
		}
		fmt.Fprintf(&b, "%s\t%s\t%v", e.File, outcome, r.Doubtful())
		names, moves := guardMoves(r.Rows, r.Cols)
		for i := range names {
			flips := map[int]bool{}
			for _, m := range moves[i] {
				v, err := classify(img, mul3(r.H, m), r.Rows, r.Cols, nil)
				if err != nil {
					continue
				}
				for rr := range v.lit {
					for c := range v.lit[rr] {
						if v.lit[rr][c] != r.Lit[rr][c] {
							flips[rr*r.Cols+c] = true
						}
					}
				}
			}
			fmt.Fprintf(&b, "\t%s=%d", names[i], len(flips))
		}
		b.WriteByte('\n')
		p.Close()
	}
	if *guardOut != "" {
		if err := os.WriteFile(*guardOut, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Log(b.String())
}

// drawnBoard draws a 5×5 board of square buttons at 60 px a cell,
// lit by pattern, on a dark case; split names a cell drawn lit left of
// 0.05 cell past its centre and unlit right of it, as a shadow's edge or
// a cursor leaves it, or is negative for none. It returns the image and the homography
// from cell units to its pixels.
func drawnBoard(split int) (gocv.Mat, [9]float64) {
	const n, pitch, margin, button = 5, 60, 40, 44
	side := 2*margin + n*pitch
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(35, 35, 35, 0), side, side, gocv.MatTypeCV8UC3)
	lit, unlit := color.RGBA{255, 210, 40, 0}, color.RGBA{75, 75, 75, 0}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x0, y0 := margin+c*pitch+(pitch-button)/2, margin+r*pitch+(pitch-button)/2
			box := image.Rect(x0, y0, x0+button, y0+button)
			col := unlit
			if pattern(r, c) {
				col = lit
			}
			gocv.Rectangle(&img, box, col, -1)
			if r*n+c == split {
				edge := x0 + button/2 + pitch/20
				gocv.Rectangle(&img, image.Rect(x0, y0, edge, y0+button), lit, -1)
				gocv.Rectangle(&img, image.Rect(edge, y0, x0+button, y0+button), unlit, -1)
			}
		}
	}
	return img, [9]float64{pitch, 0, margin, 0, pitch, margin, 0, 0, 1}
}

func TestShiftGuard(t *testing.T) {
	tests := []struct {
		name  string
		split int
		want  []int // cells the guard puts in doubt, row-major indexes
	}{
		{"clean board", -1, nil},
		{"half-lit cell", 12, []int{12}},
		{"half-lit unlit cell", 13, []int{13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, h := drawnBoard(tt.split)
			defer img.Close()
			v, err := classify(img, h, 5, 5, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The guard is the last check; test it alone, as if no
			// other check had doubted a cell.
			for _, row := range v.conf {
				for c := range row {
					row[c] = 1
				}
			}
			n := shiftGuard(img, h, v)
			var got []int
			for r := range v.conf {
				for c, x := range v.conf[r] {
					if x < UncertainBelow {
						got = append(got, r*5+c)
					}
				}
			}
			if n < len(tt.want) || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("guard doubted %d cells, newly uncertain %v, want %v", n, got, tt.want)
			}
		})
	}
}
