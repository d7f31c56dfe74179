package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"lightsout/labels"
	"lightsout/vision"
)

func verifyCommand() command {
	return command{
		summary: "read every labelled photo in DIR and report accuracy",
		run:     runVerify,
		help:    verifyHelp,
	}
}

func verifyHelp(w io.Writer) {
	fmt.Fprint(w, `usage: lightsout verify DIR [--json]

Reads every photo listed in DIR/labels.json (entries marked "ambiguous"
are skipped), inferring each board's size, and compares the reading with
the label. One line per photo:

  001.jpg: ok
  002.jpg: ok (doubt flagged: 1 uncertain cell)
  003.jpg: wrong size 5x5, read 4x5 (doubt flagged)
  004.jpg: 3 cells wrong: B2 C4 E1 (SILENT: no doubt flagged)
  005.jpg: error: no board found: ...

then the totals: boards read exactly, cells right (a board read at the
wrong size counts all its cells wrong), photos with doubt flagged, silent
failures (read wrong with no doubt flagged), errors, and the median time
per photo (decoding and reading), with a line per style when the labels
name styles. A progress bar is shown on standard error when it is a
terminal.

Flags:
  --json   print one JSON object (one line) instead of text:
             photos: one object per photo, in labels order:
               file, style     from the label
               result          "ok", "wrong_size", "wrong_cells" or "error"
               rows, cols      the labelled size
               read_rows, read_cols  the size read
               wrong           [row, col] of the cells read wrong
               uncertain       [row, col] of the cells flagged uncertain
               confidence      the lowest per-cell confidence
               doubt           whether doubt was flagged
               silent          read wrong with no doubt flagged
               error           the error, for result "error"
               seconds         time to decode and read the photo
             totals: photos, exact, cells, cells_right, doubt,
               doubt_on_exact, silent, errors, median_seconds
             by_style: the same totals for each style
  -h, --help  show this help

Exit status: 0 when every board is read exactly, 1 when any board is
misread or any photo fails, 2 for bad usage.

Example:
  lightsout verify testdata/photos
  lightsout verify testdata/photos --json | jq .totals
`)
}

// verifyPhoto is one photo's line of the report (JSON "photos").
type verifyPhoto struct {
	File       string   `json:"file"`
	Style      string   `json:"style,omitempty"`
	Result     string   `json:"result"`
	Rows       int      `json:"rows"`
	Cols       int      `json:"cols"`
	ReadRows   int      `json:"read_rows,omitempty"`
	ReadCols   int      `json:"read_cols,omitempty"`
	Wrong      [][2]int `json:"wrong,omitempty"`
	Uncertain  [][2]int `json:"uncertain,omitempty"`
	Confidence float64  `json:"confidence"`
	Doubt      bool     `json:"doubt"`
	Silent     bool     `json:"silent"`
	Error      string   `json:"error,omitempty"`
	Seconds    float64  `json:"seconds"`
}

// verifyTotals sums a set of photos (JSON "totals" and "by_style").
type verifyTotals struct {
	Photos        int     `json:"photos"`
	Exact         int     `json:"exact"`
	Cells         int     `json:"cells"`
	CellsRight    int     `json:"cells_right"`
	Doubt         int     `json:"doubt"`
	DoubtOnExact  int     `json:"doubt_on_exact"`
	Silent        int     `json:"silent"`
	Errors        int     `json:"errors"`
	MedianSeconds float64 `json:"median_seconds"`
}

type verifyReport struct {
	Photos  []verifyPhoto           `json:"photos"`
	Totals  verifyTotals            `json:"totals"`
	ByStyle map[string]verifyTotals `json:"by_style,omitempty"`
}

func runVerify(e *env, args []string) int {
	fs := pflag.NewFlagSet("verify", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	help := fs.BoolP("help", "h", false, "show help")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(e.stderr, "lightsout: verify: %v\n\n", err)
		verifyHelp(e.stderr)
		return exitUsage
	}
	if *help {
		verifyHelp(e.stdout)
		return exitOK
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.stderr, "lightsout: verify: want one folder, have %d arguments\n\n", fs.NArg())
		verifyHelp(e.stderr)
		return exitUsage
	}
	dir := fs.Arg(0)
	es, err := labels.Read(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			err = fmt.Errorf("no %s in the folder", labels.FileName)
		}
		fmt.Fprintf(e.stderr, "lightsout: %s: %v\n", dir, err)
		return exitFail
	}
	rep := verifyReport{Photos: []verifyPhoto{}}
	bar := newBar(e.stderr, len(es), "reading")
	for _, en := range es {
		if en.Ambiguous {
			bar.add()
			continue
		}
		p := verifyOne(dir, en)
		rep.Photos = append(rep.Photos, p)
		if !*asJSON {
			bar.clear()
			fmt.Fprintln(e.stdout, p.line())
		}
		bar.add()
	}
	bar.finish()
	rep.Totals = total(rep.Photos)
	styles := map[string][]verifyPhoto{}
	for _, p := range rep.Photos {
		if p.Style != "" {
			styles[p.Style] = append(styles[p.Style], p)
		}
	}
	if len(styles) > 0 {
		rep.ByStyle = map[string]verifyTotals{}
		for s, ps := range styles {
			rep.ByStyle[s] = total(ps)
		}
	}
	if *asJSON {
		if err := json.NewEncoder(e.stdout).Encode(rep); err != nil {
			fmt.Fprintf(e.stderr, "lightsout: verify: %v\n", err)
			return exitFail
		}
	} else {
		printTotals(e.stdout, rep)
	}
	if rep.Totals.Exact < rep.Totals.Photos {
		return exitFail
	}
	return exitOK
}

// verifyOne decodes and reads one labelled photo and compares.
func verifyOne(dir string, en labels.Entry) verifyPhoto {
	p := verifyPhoto{File: en.File, Style: en.Style, Rows: en.Rows, Cols: en.Cols}
	start := time.Now()
	r, err := readPhoto(filepath.Join(dir, en.File))
	p.Seconds = time.Since(start).Seconds()
	if err != nil {
		p.Result, p.Error = "error", err.Error()
		return p
	}
	p.ReadRows, p.ReadCols = r.Rows, r.Cols
	p.Uncertain = r.Uncertain()
	p.Confidence = r.MinConfidence()
	p.Doubt = r.Doubtful()
	switch {
	case r.Rows != en.Rows || r.Cols != en.Cols:
		p.Result = "wrong_size"
	default:
		for i, row := range en.Lights {
			for j := range row {
				if (row[j] == '1') != r.Lit[i][j] {
					p.Wrong = append(p.Wrong, [2]int{i, j})
				}
			}
		}
		p.Result = "ok"
		if len(p.Wrong) > 0 {
			p.Result = "wrong_cells"
		}
	}
	p.Silent = p.Result != "ok" && !p.Doubt
	return p
}

// readPhoto reads one photo file the way solve does.
func readPhoto(path string) (*vision.Reading, error) {
	ph, err := vision.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer ph.Close()
	return ph.Read(nil)
}

// line is the photo's line of the text report.
func (p *verifyPhoto) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: ", p.File)
	switch p.Result {
	case "error":
		fmt.Fprintf(&b, "error: %s", p.Error)
		return b.String()
	case "ok":
		b.WriteString("ok")
	case "wrong_size":
		fmt.Fprintf(&b, "wrong size %dx%d, read %dx%d", p.Rows, p.Cols, p.ReadRows, p.ReadCols)
	case "wrong_cells":
		names := make([]string, len(p.Wrong))
		for i, rc := range p.Wrong {
			names[i] = cellName(rc)
		}
		fmt.Fprintf(&b, "%d cells wrong: %s", len(p.Wrong), strings.Join(names, " "))
	}
	switch {
	case p.Silent:
		b.WriteString(" (SILENT: no doubt flagged)")
	case p.Doubt && p.Result == "ok":
		fmt.Fprintf(&b, " (doubt flagged: %d uncertain)", len(p.Uncertain))
	case p.Doubt:
		b.WriteString(" (doubt flagged)")
	}
	return b.String()
}

// cellName names a cell as humans read it: column letter, row number.
func cellName(rc [2]int) string {
	col := ""
	for c := rc[1]; ; c = c/26 - 1 {
		col = string(rune('A'+c%26)) + col
		if c < 26 {
			break
		}
	}
	return fmt.Sprintf("%s%d", col, rc[0]+1)
}

func total(ps []verifyPhoto) verifyTotals {
	var t verifyTotals
	var secs []float64
	for _, p := range ps {
		t.Photos++
		t.Cells += p.Rows * p.Cols
		secs = append(secs, p.Seconds)
		switch p.Result {
		case "error":
			t.Errors++
			continue
		case "ok":
			t.Exact++
			t.CellsRight += p.Rows * p.Cols
			if p.Doubt {
				t.DoubtOnExact++
			}
		case "wrong_cells":
			t.CellsRight += p.Rows*p.Cols - len(p.Wrong)
		}
		if p.Doubt {
			t.Doubt++
		}
		if p.Silent {
			t.Silent++
		}
	}
	sort.Float64s(secs)
	if n := len(secs); n > 0 {
		t.MedianSeconds = (secs[(n-1)/2] + secs[n/2]) / 2
	}
	return t
}

func printTotals(w io.Writer, rep verifyReport) {
	t := rep.Totals
	fmt.Fprintln(w)
	fmt.Fprintf(w, "boards read exactly:  %d of %d (%s)\n", t.Exact, t.Photos, pct(t.Exact, t.Photos))
	fmt.Fprintf(w, "cells right:          %d of %d (%s)\n", t.CellsRight, t.Cells, pct(t.CellsRight, t.Cells))
	fmt.Fprintf(w, "doubt flagged:        %d photos (%d of them read exactly)\n", t.Doubt, t.DoubtOnExact)
	fmt.Fprintf(w, "silent failures:      %d\n", t.Silent)
	fmt.Fprintf(w, "errors:               %d\n", t.Errors)
	fmt.Fprintf(w, "median time:          %.0f ms per photo\n", 1000*t.MedianSeconds)
	if len(rep.ByStyle) == 0 {
		return
	}
	names := make([]string, 0, len(rep.ByStyle))
	for s := range rep.ByStyle {
		names = append(names, s)
	}
	sort.Strings(names)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-16s %7s %7s %7s %7s %7s\n", "style", "photos", "exact", "doubt", "silent", "errors")
	for _, s := range names {
		st := rep.ByStyle[s]
		fmt.Fprintf(w, "%-16s %7d %7d %7d %7d %7d\n", s, st.Photos, st.Exact, st.Doubt, st.Silent, st.Errors)
	}
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
