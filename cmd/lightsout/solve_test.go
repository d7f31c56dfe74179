package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"lightsout/labels"
	"lightsout/solver"
)

// hostileFiles writes the odd and hostile inputs of issue 4 into dir and
// returns them with the cause their one-line error must give.
func hostileFiles(t *testing.T, dir string) []struct{ name, path, cause string } {
	t.Helper()
	good, _ := renderPhoto(t, dir, "source", 3, "keypad")
	jpg, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(7))
	noise := make([]byte, 5000)
	rng.Read(noise)
	blank := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			blank.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), 90, 255})
		}
	}
	files := []struct{ name, path, cause string }{
		{"empty file", write(t, dir, "empty.jpg", nil), "not a readable image (empty file)"},
		{"text named .jpg", write(t, dir, "notes.jpg", []byte("shopping list: eggs, milk\n")), "not a readable image (a text file)"},
		{"truncated JPEG", write(t, dir, "cut.jpg", jpg[:len(jpg)/2]), "not a readable image (truncated JPEG)"},
		{"random bytes after a PNG signature", write(t, dir, "noise.png", append([]byte("\x89PNG\r\n\x1a\n"), noise...)), "not a readable image"},
		{"1×1 image", write(t, dir, "dot.png", pngBytes(t, image.NewRGBA(image.Rect(0, 0, 1, 1)))), "no board found (the image is only 1×1 pixels)"},
		{"PNG declaring 30000×30000 pixels", write(t, dir, "bomb.png", pngHeaderOnly(30000, 30000)), "image too large (30000×30000 pixels, limit 50 MP)"},
		{"folder named like a photo", mkdir(t, dir, "album.jpg"), "not a readable image (it is a folder)"},
		{"missing path", filepath.Join(dir, "missing.jpg"), "no such file or directory"},
		{"photo with no board", write(t, dir, "wall.png", pngBytes(t, blank)), "no board found"},
	}
	return files
}

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mkdir(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func pngBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngHeaderOnly returns a valid PNG header that declares w×h pixels and
// then ends: a decompression bomb's first bytes.
func pngHeaderOnly(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.WriteString("IHDR")
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
	return b.Bytes()
}

func TestSolveHostileFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.png")
	for _, f := range hostileFiles(t, dir) {
		t.Run(f.name, func(t *testing.T) {
			code, stdout, stderr := runCmd("solve", f.path, "-o", out)
			if code != exitFail {
				t.Errorf("exit %d, want %d", code, exitFail)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			prefix := "lightsout: " + f.path + ": "
			if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, prefix) || !strings.Contains(stderr, f.cause) {
				t.Errorf("stderr %q, want one line %q...%q", stderr, prefix, f.cause)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an output was written for a failed photo")
			}
			code, stdout, _ = runCmd("solve", f.path, "-o", out, "--json")
			var got map[string]any
			if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != exitFail {
				t.Fatalf("--json: exit %d, stdout %q: %v", code, stdout, err)
			}
			if len(got) != 2 || got["file"] != f.path || !strings.Contains(got["error"].(string), f.cause) {
				t.Errorf("--json: %v, want only file and error", got)
			}
		})
	}
}

// TestSolvePNGKinds checks that grayscale, 16-bit and RGBA PNGs of a
// board are read and solved like the 8-bit RGB original.
func TestSolvePNGKinds(t *testing.T) {
	dir := t.TempDir()
	src, e := renderPhoto(t, dir, "src", 3, "pixelart")
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	gray := image.NewGray(b)
	gray16 := image.NewGray16(b)
	rgba64 := image.NewRGBA64(b)
	nrgba := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.At(x, y)
			gray.Set(x, y, c)
			gray16.Set(x, y, c)
			rgba64.Set(x, y, c)
			r, g, bl, _ := c.RGBA()
			nrgba.SetNRGBA(x, y, color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255})
		}
	}
	tests := []struct {
		name string
		img  image.Image
	}{{"gray", gray}, {"gray 16-bit", gray16}, {"rgb 16-bit", rgba64}, {"rgba", nrgba}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := write(t, dir, strings.ReplaceAll(tc.name, " ", "-")+".png", pngBytes(t, tc.img))
			out := filepath.Join(dir, "out-"+filepath.Base(in))
			code, stdout, stderr := runCmd("solve", in, "-o", out, "--json")
			rep := checkReport(t, code, stdout, stderr, e)
			checkOutputImage(t, in, rep.Output, ".png")
		})
	}
}

// checkReport decodes a solve --json result of a photo labelled e and
// checks it as a sceptic: the fields SPEC lists, a reading that is right
// or flags doubt, and presses that solve the board they claim to solve.
func checkReport(t *testing.T, code int, stdout, stderr string, e labels.Entry) Report {
	t.Helper()
	if code != exitOK && code != exitFail {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("stdout %q: %v (stderr %q)", stdout, err, stderr)
	}
	for _, k := range []string{"file", "rows", "cols", "lights", "corners", "confidence", "uncertain", "corrected", "goal", "solvable", "presses", "press_count", "minimal", "solutions", "output"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, stdout)
		}
	}
	if _, ok := raw["nullity"]; ok {
		t.Errorf("photo JSON has grid's nullity field: %s", stdout)
	}
	var rep Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	exact := rep.Rows == e.Rows && rep.Cols == e.Cols && strings.Join(rep.Lights, "/") == strings.Join(e.Lights, "/")
	if !exact && len(rep.Uncertain) == 0 {
		t.Errorf("read %d×%d %v, labelled %d×%d %v, and no doubt flagged", rep.Rows, rep.Cols, rep.Lights, e.Rows, e.Cols, e.Lights)
	}
	board, err := solver.ParseBoard(strings.Join(rep.Lights, "/"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range rep.Corrected {
		board.Flip(rc[0], rc[1])
		if !slices.Contains(rep.Uncertain, rc) {
			t.Errorf("corrected cell %v is not listed as uncertain", rc)
		}
	}
	goal, _ := solver.ParseGoal(rep.Goal)
	if rep.Solvable != (code == exitOK) {
		t.Errorf("solvable %v but exit %d", rep.Solvable, code)
	}
	if rep.Solvable {
		p := solver.NewBoard(rep.Rows, rep.Cols)
		for _, rc := range rep.Presses {
			p.Set(rc[0], rc[1], true)
		}
		after := solver.Press(board, p)
		if want := map[solver.Goal]int{solver.GoalOff: 0, solver.GoalOn: rep.Rows * rep.Cols}[goal]; after.Count() != want || rep.PressCount != len(rep.Presses) {
			t.Errorf("presses %v leave %d lights on, want %d", rep.Presses, after.Count(), want)
		}
	}
	return rep
}

// checkOutputImage checks that out exists, decodes with the input's size
// and is in the format its extension says.
func checkOutputImage(t *testing.T, in, out, ext string) {
	t.Helper()
	if filepath.Ext(out) != ext {
		t.Errorf("output %s, want a %s file", out, ext)
	}
	a := gocv.IMRead(in, gocv.IMReadColor)
	defer a.Close()
	b := gocv.IMRead(out, gocv.IMReadColor)
	defer b.Close()
	if b.Empty() {
		t.Fatalf("output %s does not decode", out)
	}
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() {
		t.Errorf("output %d×%d, input %d×%d", b.Cols(), b.Rows(), a.Cols(), a.Rows())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	isJPEG := bytes.HasPrefix(data, []byte{0xff, 0xd8})
	if wantJPEG := ext == ".jpg" || ext == ".jpeg"; isJPEG != wantJPEG {
		t.Errorf("output %s: JPEG %v, want %v", out, isJPEG, wantJPEG)
	}
}

func TestSolvePhotoJSON(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		seed  int64
		style string
	}{{3, "keypad"}, {11, "handheld"}, {7, "pixelart"}, {12, "app"}}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, tc := range cases {
		t.Run(tc.style, func(t *testing.T) {
			in, e := renderPhoto(t, dir, tc.style, tc.seed, tc.style)
			out := filepath.Join(dir, tc.style+".solved"+filepath.Ext(in))
			code, stdout, stderr := runCmd("solve", in, "-o", out, "--json")
			rep := checkReport(t, code, stdout, stderr, e)
			if rep.File != in || rep.Output != out {
				t.Errorf("file %q output %q, want %q and %q", rep.File, rep.Output, in, out)
			}
			checkOutputImage(t, in, out, filepath.Ext(in))
		})
	}
}

// TestSolveOutputRules checks where solve writes: the default name in the
// current folder, never over an existing default without --force, -o
// replacing its file, and never over the input.
func TestSolveOutputRules(t *testing.T) {
	dir := t.TempDir()
	in, _ := renderPhoto(t, dir, "photos/board", 3, "keypad")
	orig, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)

	code, stdout, stderr := runCmd("solve", in)
	if code != exitOK || !strings.Contains(stdout, "wrote board.solved.jpg") {
		t.Fatalf("first run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	checkOutputImage(t, in, "board.solved.jpg", ".jpg")

	write(t, dir, "board.solved.jpg", []byte("keep me"))
	code, _, stderr = runCmd("solve", in)
	if kept, _ := os.ReadFile("board.solved.jpg"); code != exitFail || string(kept) != "keep me" || !strings.Contains(stderr, "board.solved.jpg exists") {
		t.Errorf("existing default output: exit %d, stderr %q, file replaced: %v", code, stderr, string(kept) != "keep me")
	}
	if code, _, stderr = runCmd("solve", in, "--force"); code != exitOK {
		t.Errorf("--force: exit %d, stderr %q", code, stderr)
	}
	// The reader's verdict itself is checked elsewhere; here, that the
	// kept file was replaced by an annotated photo.
	if again, _ := os.ReadFile("board.solved.jpg"); string(again) == "keep me" || len(again) == 0 {
		t.Errorf("--force did not replace the file")
	}
	checkOutputImage(t, in, "board.solved.jpg", ".jpg")

	write(t, dir, "mine.png", []byte("old"))
	if code, _, stderr = runCmd("solve", in, "-o", "mine.png"); code != exitOK {
		t.Errorf("-o over an existing file: exit %d, stderr %q", code, stderr)
	}
	checkOutputImage(t, in, "mine.png", ".png")

	for _, o := range []string{in, filepath.Join(dir, ".", "photos", "..", "photos", "board.jpg")} {
		code, _, stderr = runCmd("solve", in, "-o", o, "--force")
		if code != exitFail || !strings.Contains(stderr, "would replace the photo itself") {
			t.Errorf("-o %s: exit %d, stderr %q", o, code, stderr)
		}
	}
	if now, _ := os.ReadFile(in); !bytes.Equal(now, orig) {
		t.Fatal("the input photo was modified")
	}

	code, _, stderr = runCmd("solve", in, "-o", "x.gif")
	if code != exitUsage {
		t.Errorf("-o x.gif: exit %d, want %d (stderr %q)", code, exitUsage, stderr)
	}
}

func TestSolveUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"no photo", []string{"solve"}, exitUsage},
		{"two photos", []string{"solve", "a.jpg", "b.jpg"}, exitUsage},
		{"bad goal", []string{"solve", "a.jpg", "--goal", "dim"}, exitUsage},
		{"bad size", []string{"solve", "a.jpg", "--size", "five"}, exitUsage},
		{"size the reader cannot find", []string{"solve", "a.jpg", "--size", "1x5"}, exitUsage},
		{"size over the reader's", []string{"solve", "a.jpg", "--size", "13x13"}, exitUsage},
		{"bad state", []string{"solve", "a.jpg", "--state", "12/01"}, exitUsage},
		{"state and size disagree", []string{"solve", "a.jpg", "--state", "10/01", "--size", "3x3"}, exitUsage},
		{"unknown flag", []string{"solve", "a.jpg", "--colour"}, exitUsage},
		{"help", []string{"solve", "--help"}, exitOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if code, _, stderr := runCmd(tc.args...); code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
			}
		})
	}
}

// TestSolveState checks that --state replaces the lights read, reports
// the changed cells as corrected and uncertain, and solves the new board.
func TestSolveState(t *testing.T) {
	dir := t.TempDir()
	in, e := renderPhoto(t, dir, "board", 3, "keypad")
	state, err := solver.ParseBoard(strings.Join(e.Lights, "/"))
	if err != nil {
		t.Fatal(err)
	}
	state.Flip(0, 0)
	out := filepath.Join(dir, "out.jpg")
	code, stdout, stderr := runCmd("solve", in, "-o", out, "--json", "--state", state.String())
	var rep Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("exit %d, stdout %q, stderr %q: %v", code, stdout, stderr, err)
	}
	if strings.Join(rep.Lights, "/") != strings.Join(e.Lights, "/") {
		t.Skipf("the reader misread this photo (%v); --state is checked against a correct reading", rep.Lights)
	}
	if !slices.Equal(rep.Corrected, [][2]int{{0, 0}}) || !slices.Contains(rep.Uncertain, [2]int{0, 0}) {
		t.Errorf("corrected %v, uncertain %v; want A1 in both", rep.Corrected, rep.Uncertain)
	}
	sol, _ := solver.Solve(state, solver.GoalOff)
	if rep.Solvable != sol.Solvable || rep.PressCount != sol.PressCount {
		t.Errorf("solvable %v with %d presses, want %v with %d (the --state board)", rep.Solvable, rep.PressCount, sol.Solvable, sol.PressCount)
	}
	// --state fixes the size the reader looks for: there is no 2×1 board.
	code, _, stderr = runCmd("solve", in, "-o", out, "--state", "1/0")
	if code != exitFail || strings.Count(stderr, "\n") != 1 {
		t.Errorf("--state of the wrong size: exit %d, stderr %q", code, stderr)
	}
}

func TestSolveSteps(t *testing.T) {
	dir := t.TempDir()
	in, _ := renderPhoto(t, dir, "board", 11, "pixelart")
	code, stdout, stderr := runCmd("solve", in, "-o", filepath.Join(dir, "out.png"), "--steps")
	if code == exitOK && !strings.Contains(stdout, "steps (light chasing):") {
		t.Errorf("--steps printed no steps: %q", stdout)
	}
	if code != exitOK && code != exitFail {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestSolveEXIFOrientation stores a photo's pixels turned a quarter to
// the left with the EXIF tag "turn right to view" (6), as phones do: solve
// must read it upright and write an upright copy of the viewed size.
func TestSolveEXIFOrientation(t *testing.T) {
	dir := t.TempDir()
	src, e := renderPhoto(t, dir, "upright", 3, "keypad")
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	turned := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			// A quarter turn left: (x, y) goes to (y, W-1-x).
			turned.Set(y-b.Min.Y, b.Max.X-1-x, img.At(x, y))
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, turned, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	in := write(t, dir, "tagged.jpg", withEXIFOrientation(buf.Bytes(), 6))
	out := filepath.Join(dir, "tagged.solved.jpg")
	code, stdout, stderr := runCmd("solve", in, "-o", out, "--json")
	checkReport(t, code, stdout, stderr, e)
	checkOutputImage(t, src, out, ".jpg") // the upright size
}

// withEXIFOrientation inserts an EXIF APP1 segment holding only the
// orientation tag after a JPEG's SOI marker.
func withEXIFOrientation(jpg []byte, o uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, binary.BigEndian, []uint32{8})
	binary.Write(&tiff, binary.BigEndian, []uint16{1, 0x0112, 3})
	binary.Write(&tiff, binary.BigEndian, []uint32{1})
	binary.Write(&tiff, binary.BigEndian, []uint16{o, 0})
	binary.Write(&tiff, binary.BigEndian, []uint32{0})
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xff, 0xe1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	out := append(append(append([]byte{}, jpg[:2]...), seg...), payload...)
	return append(out, jpg[2:]...)
}

// TestWritePhotoTextDoubt checks how solve's summary reports doubt: a
// line for an unsure size, and the cells doubted on their own, not every
// outer cell that an unsure size puts in the JSON's uncertain list.
func TestWritePhotoTextDoubt(t *testing.T) {
	b, err := solver.ParseBoard("110/100/000")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solver.Solve(b, solver.GoalOff)
	if err != nil {
		t.Fatal(err)
	}
	conf := 0.45
	outer := [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}
	tests := []struct {
		name       string
		sizeUnsure bool
		sizeGiven  bool
		doubted    [][2]int
		want       []string
		notWant    []string
	}{
		{"size unsure, no cell doubted", true, false, nil,
			[]string{"size uncertain: check that the board has 3 rows and 3 columns; if not, re-run with --size RxC"},
			[]string{"\nuncertain: "}},
		{"size unsure, one cell doubted", true, false, [][2]int{{1, 1}},
			[]string{"size uncertain", "uncertain: B2\n"}, nil},
		{"size sure", false, false, [][2]int{{0, 1}},
			[]string{"uncertain: B1\n"}, []string{"size uncertain"}},
		{"size given, placement unsure", true, true, nil,
			[]string{"grid placement uncertain: check that the grid drawn on the photo covers the board's 3 rows and 3 columns"},
			[]string{"size uncertain", "--size"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &photoResult{
				Report:     Report{File: "p.jpg", Rows: 3, Cols: 3, Confidence: &conf, Uncertain: mergeCells(outer, tt.doubted)},
				Outcome:    outSolved,
				Read:       b,
				Board:      b,
				Sol:        sol,
				SizeUnsure: tt.sizeUnsure,
				SizeGiven:  tt.sizeGiven,
				Doubted:    tt.doubted,
			}
			var out bytes.Buffer
			writePhotoText(&out, res, solver.GoalOff)
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("summary lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out.String(), w) {
					t.Errorf("summary has %q:\n%s", w, out.String())
				}
			}
		})
	}
}
