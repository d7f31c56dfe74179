package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"lightsout/vision"
)

func batchCommand() command {
	return command{
		summary: "solve every photo in files and folders",
		run:     runBatch,
		help:    batchHelp,
	}
}

func batchHelp(w io.Writer) {
	fmt.Fprint(w, `usage: lightsout batch INPUT... [--out DIR] [--jobs N] [--json] [--force]
                       [--size RxC] [--goal off|on] [--steps]

Solves the board in every photo among the INPUTs: files, and folders
searched recursively for .jpg, .jpeg, .png, .gif, .bmp, .tif, .tiff and
.webp files (hidden files and folders are skipped). Annotated photos go to
DIR, mirroring the inputs: folder photos/ gives DIR/photos/..., a file
a/b.jpg gives DIR/a/b.jpg (an absolute or ../ path keeps only its last
element). Inputs are only read, never modified.

Outputs never overwrite each other: when two inputs map to one name, the
later gets a -2, -3... suffix. A photo whose output already exists (from
an earlier run) is skipped and its output kept, unless --force is given.

One line per photo goes to standard output, in input order (with --json,
one JSON object per line, SPEC.md "JSON result"; failures are
{"file", "error"}), then a summary: solved, unsolvable, no board,
unreadable, other failures, skipped. A progress bar is shown on standard
error when it is a terminal. A bad photo never stops the others.

Flags:
      --out DIR      folder for the annotated photos (default ./solved).
                       lightsout batch photos/ --out /tmp/solved
  -j, --jobs N       photos solved at once, one core each (default: the
                     number of CPUs).
                       lightsout batch photos/ --jobs 2
      --json         one JSON object per photo instead of text; the
                     summary then goes to standard error.
                       lightsout batch photos/ --json > results.jsonl
      --force        replace outputs that already exist.
      --size RxC     every board has R rows and C columns (2 to 12 each).
      --goal off|on  the state every light must end in (default off).
      --steps        number the presses in light-chasing order.
  -h, --help         print this help.

Example:
  $ lightsout batch photos/ more/board.jpg --out solved --jobs 2

Exit status: 0 when every photo was solved (or skipped), 1 when any could
not be read, held no board or was unsolvable, 2 bad usage.
`)
}

func batchUsage(e *env, msg string) int {
	fmt.Fprintf(e.stderr, "lightsout: batch: %s\n", msg)
	fmt.Fprintln(e.stderr, "usage: lightsout batch INPUT... [--out DIR] [--jobs N] [--json]")
	fmt.Fprintln(e.stderr, "Run 'lightsout batch --help' for the flags and an example.")
	return exitUsage
}

// imageExts are the extensions batch picks up in folders.
var imageExts = map[string]bool{
	".jpg": true, ".jpeg": true, ".png": true, ".gif": true,
	".bmp": true, ".tif": true, ".tiff": true, ".webp": true,
}

// batchJob is one input file and what to do with it.
type batchJob struct {
	in, out string
	skip    bool  // the output exists and --force was not given
	err     error // found while planning: the job fails with it unread
	errKind outcome
}

func runBatch(e *env, args []string) int {
	fs := pflag.NewFlagSet("batch", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var pf photoFlags
	fs.BoolVar(&pf.asJSON, "json", false, "print JSON lines")
	fs.StringVar(&pf.size, "size", "", "board size RxC")
	fs.StringVar(&pf.goal, "goal", "off", "off or on")
	fs.BoolVar(&pf.steps, "steps", false, "number the presses")
	fs.BoolVar(&pf.force, "force", false, "replace existing outputs")
	fs.BoolP("help", "h", false, "print help")
	outDir := fs.String("out", "solved", "folder for annotated photos")
	jobs := fs.IntP("jobs", "j", runtime.NumCPU(), "photos solved at once")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			batchHelp(e.stdout)
			return exitOK
		}
		return batchUsage(e, err.Error())
	}
	if help, _ := fs.GetBool("help"); help {
		batchHelp(e.stdout)
		return exitOK
	}
	if fs.NArg() == 0 {
		return batchUsage(e, "want at least one INPUT")
	}
	if *jobs < 1 {
		return batchUsage(e, fmt.Sprintf("--jobs %d: want at least 1", *jobs))
	}
	if *outDir == "" {
		return batchUsage(e, "--out: want a folder")
	}
	o, err := pf.options()
	if err != nil {
		return batchUsage(e, err.Error())
	}
	o.Serial = true // one core per job: see SetThreads below
	if st, err := os.Stat(*outDir); err == nil && !st.IsDir() {
		fmt.Fprintf(e.stderr, "lightsout: batch: --out %s is a file, not a folder\n", *outDir)
		return exitFail
	}

	plan := planBatch(fs.Args(), *outDir, pf.force)
	results := make([]*photoResult, len(plan))
	done := make(chan int)
	work := make(chan int)
	// Photos are the unit of parallel work: each job runs on one thread,
	// so that N jobs use N cores and OpenCV's own pool (which would
	// spread every job's decodes and resizes over all cores) does not
	// compete with them. Restored for callers in this process (tests).
	vision.SetThreads(1)
	defer vision.SetThreads(0)
	// The Go heap holds a few MB beside hundreds of MB of OpenCV images,
	// but every photo allocates several MB of scratch: collected at the
	// default pace, the garbage costs 4% of the CPU. A target of five
	// times the live heap (about 20 MB) costs nothing that matters.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	var wg sync.WaitGroup
	for w := 0; w < min(*jobs, max(1, len(plan))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i] = runJob(&plan[i], pf.force, o)
				done <- i
			}
		}()
	}
	go func() {
		for i := range plan {
			work <- i
		}
		close(work)
		wg.Wait()
		close(done)
	}()

	bar := newBar(e.stderr, len(plan), "solving")
	ready := make([]bool, len(plan))
	next := 0
	var tally [outSkipped + 1]int
	for i := range done {
		ready[i] = true
		bar.add()
		for next < len(plan) && ready[next] {
			r := results[next]
			tally[r.Outcome]++
			bar.clear()
			printBatchLine(e, r, pf.asJSON)
			results[next] = nil // let the result go
			next++
		}
	}
	bar.finish()

	summary := e.stdout
	if pf.asJSON {
		summary = e.stderr
	}
	fmt.Fprintf(summary, "%d %s: %d solved, %d unsolvable, %d no board, %d unreadable, %d other failures, %d skipped (output exists)\n",
		len(plan), plural(len(plan), "photo", "photos"), tally[outSolved], tally[outUnsolvable], tally[outNoBoard],
		tally[outUnreadable], tally[outFailed], tally[outSkipped])
	if tally[outSkipped] > 0 {
		fmt.Fprintln(summary, "skipped photos kept their existing output; --force replaces it")
	}
	if len(plan) == 0 {
		fmt.Fprintln(e.stderr, "lightsout: batch: no image files found")
		return exitFail
	}
	for k, n := range tally {
		if n > 0 && outcome(k) != outSolved && outcome(k) != outSkipped {
			return exitFail
		}
	}
	return exitOK
}

// runJob solves one planned job.
func runJob(j *batchJob, force bool, o *photoOptions) *photoResult {
	switch {
	case j.err != nil:
		return &photoResult{Report: Report{File: j.in}, Outcome: j.errKind, Err: j.err}
	case j.skip:
		return &photoResult{Report: Report{File: j.in, Output: j.out}, Outcome: outSkipped}
	}
	return solvePhoto(j.in, j.out, force, o)
}

// printBatchLine prints one photo's result: a JSON line, or a text line
// on standard output with failures also on standard error.
func printBatchLine(e *env, r *photoResult, asJSON bool) {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		switch r.Outcome {
		case outSolved, outUnsolvable:
			enc.Encode(r.Report)
		case outSkipped:
			enc.Encode(skippedReport{File: r.Report.File, Output: r.Report.Output, Skipped: "output exists"})
		default:
			enc.Encode(errorReport{File: r.Report.File, Error: causeOf(r.Err)})
		}
	} else {
		rep := &r.Report
		switch r.Outcome {
		case outSolved:
			extra := ""
			if r.SizeUnsure {
				extra = ", " + unsureWhat(r)
			}
			if len(rep.Corrected) > 0 {
				extra += ", assumed misread " + cellNames(rep.Corrected)
			}
			fmt.Fprintf(e.stdout, "%s: %d×%d, %d %s%s -> %s\n", rep.File, rep.Rows, rep.Cols, rep.PressCount, plural(rep.PressCount, "press", "presses"), extra, rep.Output)
		case outUnsolvable:
			extra := ""
			if r.SizeUnsure {
				extra = ", " + unsureWhat(r)
			}
			fmt.Fprintf(e.stdout, "%s: %d×%d, unsolvable%s -> %s\n", rep.File, rep.Rows, rep.Cols, extra, rep.Output)
		case outSkipped:
			fmt.Fprintf(e.stdout, "%s: skipped, %s exists\n", rep.File, rep.Output)
		default:
			fmt.Fprintf(e.stdout, "%s: error: %s\n", rep.File, causeOf(r.Err))
		}
	}
	switch r.Outcome {
	case outSolved, outSkipped:
	case outUnsolvable:
		// The solver's full explanation is long; solve prints it.
		why := "every light read clearly"
		if len(r.Doubtful) > 0 {
			why = "most doubtful: " + cellNames(r.Doubtful)
		}
		fmt.Fprintf(e.stderr, "lightsout: %s: board is unsolvable (%s)\n", r.Report.File, why)
	default:
		fmt.Fprintf(e.stderr, "lightsout: %s: %s\n", r.Report.File, causeOf(r.Err))
	}
}

// skippedReport is the JSON line of a photo skipped because its output
// exists.
type skippedReport struct {
	File    string `json:"file"`
	Output  string `json:"output"`
	Skipped string `json:"skipped"`
}

// planBatch expands the inputs into jobs, in order, and gives each its
// output path under outDir. Inputs that cannot be found become failed
// jobs so that they are reported in their place.
func planBatch(inputs []string, outDir string, force bool) []batchJob {
	var jobs []batchJob
	outInfo, _ := os.Stat(outDir)
	for _, in := range inputs {
		prefix := filepath.Clean(in)
		if !filepath.IsLocal(prefix) {
			prefix = filepath.Base(prefix)
		}
		st, err := os.Stat(in)
		switch {
		case err != nil:
			jobs = append(jobs, batchJob{in: in, err: fileCause(err), errKind: outUnreadable})
		case st.IsDir():
			filepath.WalkDir(in, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					jobs = append(jobs, batchJob{in: path, err: fileCause(err), errKind: outUnreadable})
					return nil
				}
				if path != in && strings.HasPrefix(d.Name(), ".") {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if d.IsDir() {
					// Do not read back the outputs of an earlier run.
					if outInfo != nil {
						if di, err := d.Info(); err == nil && os.SameFile(di, outInfo) {
							return filepath.SkipDir
						}
					}
					return nil
				}
				if !imageExts[strings.ToLower(filepath.Ext(path))] {
					return nil
				}
				rel, err := filepath.Rel(in, path)
				if err != nil {
					rel = filepath.Base(path)
				}
				jobs = append(jobs, batchJob{in: path, out: filepath.Join(outDir, prefix, rel)})
				return nil
			})
		default:
			jobs = append(jobs, batchJob{in: in, out: filepath.Join(outDir, prefix)})
		}
	}
	inputSet := map[string]bool{}
	for _, j := range jobs {
		if abs, err := filepath.Abs(j.in); err == nil {
			inputSet[abs] = true
		}
	}
	taken := map[string]bool{}
	for i := range jobs {
		j := &jobs[i]
		if j.err != nil {
			continue
		}
		j.out = uniqueName(strings.TrimSuffix(j.out, filepath.Ext(j.out)), outputExt(j.out), taken)
		if abs, err := filepath.Abs(j.out); err == nil && inputSet[abs] || sameFile(j.in, j.out) {
			j.err, j.errKind = fmt.Errorf("output %s would replace an input; choose another --out", j.out), outFailed
			continue
		}
		if _, err := os.Lstat(j.out); err == nil && !force {
			j.skip = true
		}
	}
	return jobs
}

// uniqueName returns stem+ext, or stem-2+ext, stem-3+ext... the first
// not already taken by this run, and marks it taken.
func uniqueName(stem, ext string, taken map[string]bool) string {
	name := stem + ext
	for n := 2; ; n++ {
		key := strings.ToLower(name) // case-insensitive file systems
		if !taken[key] {
			taken[key] = true
			return name
		}
		name = fmt.Sprintf("%s-%d%s", stem, n, ext)
	}
}

// fileCause turns an os error into the cause, without the path.
func fileCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// bar is a progress bar on a terminal, and does nothing otherwise.
type bar struct{ p *progressbar.ProgressBar }

func newBar(w io.Writer, n int, what string) bar {
	f, ok := w.(*os.File)
	if !ok || n == 0 || !term.IsTerminal(int(f.Fd())) {
		return bar{}
	}
	return bar{progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100_000_000),
	)}
}

func (b bar) add() {
	if b.p != nil {
		b.p.Add(1)
	}
}

// clear removes the bar before a line is printed; it is redrawn on the
// next add.
func (b bar) clear() {
	if b.p != nil {
		b.p.Clear()
	}
}

func (b bar) finish() {
	if b.p != nil {
		b.p.Finish()
	}
}

// unsureWhat names what an unsure size leaves in doubt: the size, or,
// when --size gave it, where the grid lies.
func unsureWhat(r *photoResult) string {
	if r.SizeGiven {
		return "grid placement uncertain"
	}
	return "size uncertain"
}
