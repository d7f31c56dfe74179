package vision

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestOccluded draws rectified screen boards (flat cells on black gaps,
// one ring of would-be cells around them) and checks how occluded reads
// a doubted cell: under a white hand with a black outline, pointing at
// its centre, by the colour shown around the hand; a lone white light
// centred in its cell as it was read.
func TestOccluded(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	green := color.RGBA{40, 220, 60, 255}
	blue := color.RGBA{20, 30, 110, 255}
	cream := color.RGBA{255, 248, 230, 255}
	maroon := color.RGBA{90, 50, 60, 255}
	white := color.RGBA{255, 255, 255, 255}
	hand, greyHand := handIn(px, white), handIn(px, color.RGBA{150, 140, 130, 255})
	// disc draws a white light filling cell (r, c) about its centre.
	disc := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Circle(img, image.Pt(x0+px/2, y0+px/2), px*2/5, white, -1)
	}
	checker := func(r, c int) bool { return (r+c)%2 == 0 } // (1, 2) unlit
	none := func(r, c int) bool { return false }
	all := func(r, c int) bool { return true }
	tests := []struct {
		name    string
		lit     func(r, c int) bool // the cells drawn lit
		on, off color.RGBA
		cover   func(img *gocv.Mat, r, c int) // drawn over cell (1, 2)
		read    bool                          // the reading of cell (1, 2)
		sure    bool                          // whether that reading is sure (else in doubt)
		want    bool                          // its reading after occluded
		doubt   bool                          // whether it is in doubt then
	}{
		{"hand over an unlit cell among green lights", checker, green, blue, hand, true, false, false, true},
		{"hand over an unlit cell beside white lights", checker, cream, maroon, hand, true, false, false, true},
		{"hand over an unlit cell of an all-off board", none, green, blue, hand, true, false, false, true},
		{"hand over a lit cell of an all-on board", all, green, blue, hand, false, false, true, true},
		{"lone white light", none, green, blue, disc, true, false, true, true},
		// A cursor in a photo is seldom white; a sure cell under it is
		// doubted, its reading kept.
		{"grey hand over an unlit cell read lit, sure", checker, green, blue, greyHand, true, true, true, true},
		// A white cover over a sure cell is read past as over a
		// doubted one, the cell left in doubt.
		{"hand over an unlit cell read lit, sure", checker, green, blue, hand, true, true, false, true},
		// Read as what shows around the cursor: left sure.
		{"grey hand over an unlit cell read unlit, sure", checker, green, blue, greyHand, false, true, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, func(r, c int) (color.RGBA, bool) {
				if tc.lit(r, c) {
					return tc.on, true
				}
				return tc.off, false
			})
			defer img.Close()
			tc.cover(&img, 1, 2)
			v.lit[1][2], v.conf[1][2] = tc.read, 0.3
			if tc.sure {
				v.conf[1][2] = 1
			}
			occludedOn(t, img, px, v)
			if v.lit[1][2] != tc.want {
				t.Errorf("cell (1, 2) read %v, want %v (why %v)", v.lit[1][2], tc.want, v.why)
			}
			if doubt := v.conf[1][2] < UncertainBelow; doubt != tc.doubt {
				t.Errorf("cell (1, 2) in doubt %v (confidence %.2f), want %v", doubt, v.conf[1][2], tc.doubt)
			}
			for r := range v.conf {
				for c, x := range v.conf[r] {
					if (r != 1 || c != 2) && x != 1 {
						t.Errorf("uncovered cell (%d, %d) lost confidence: %.2f", r, c, x)
					}
				}
			}
		})
	}
}

// TestOccludedManyColours checks occluded on a board whose lights are
// of many colours, so the lit group has no template: a sure cell read
// lit under a white hand, showing the unlit caps around it, is put in
// doubt; with no hand, no cell is.
func TestOccludedManyColours(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	blue := color.RGBA{20, 30, 110, 255}
	hues := []color.RGBA{{220, 40, 40, 255}, {40, 200, 60, 255}, {240, 200, 30, 255}, {60, 200, 230, 255}}
	hand := handIn(px, color.RGBA{255, 255, 255, 255})
	for _, covered := range []bool{true, false} {
		t.Run(fmt.Sprintf("hand %v", covered), func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, func(r, c int) (color.RGBA, bool) {
				if (r+c)%2 == 0 {
					return hues[(r*cols+c)%len(hues)], true
				}
				return blue, false
			})
			defer img.Close()
			if covered {
				hand(&img, 1, 2)
				v.lit[1][2] = true
			}
			occludedOn(t, img, px, v)
			if covered && (!v.lit[1][2] || v.conf[1][2] >= UncertainBelow) {
				t.Errorf("cell (1, 2) under the hand: lit %v confidence %.2f, want lit in doubt (why %v)", v.lit[1][2], v.conf[1][2], v.why)
			}
			for r := range v.conf {
				for c, x := range v.conf[r] {
					if (!covered || r != 1 || c != 2) && x != 1 {
						t.Errorf("uncovered cell (%d, %d) lost confidence: %.2f", r, c, x)
					}
				}
			}
		})
	}
}

// TestOccludedShaded checks that occluded turns no cell of a board read
// across a shadow: the shaded cells match neither group's template (a
// shaded light's glow beside dark case looks like a white cover), so a
// doubted cell that shows the other group around something white keeps
// its reading there, in doubt, and is turned on an evenly lit board.
func TestOccludedShaded(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	green := color.RGBA{40, 220, 60, 255}
	blue := color.RGBA{20, 30, 110, 255}
	hand := handIn(px, color.RGBA{255, 255, 255, 255})
	for _, tc := range []struct {
		why  string // the check that read the board across a shadow, "" none
		want bool   // cell (1, 2) after occluded, read lit before
	}{
		{"", false},
		{"shadowedge", true},
		{"shadow", true},
	} {
		t.Run(tc.why, func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, func(r, c int) (color.RGBA, bool) {
				if (r+c)%2 == 0 {
					return green, true
				}
				return blue, false
			})
			defer img.Close()
			hand(&img, 1, 2)
			v.lit[1][2], v.conf[1][2] = true, 0.3
			if tc.why != "" {
				v.why[tc.why] = rows * cols
			}
			occludedOn(t, img, px, v)
			if v.lit[1][2] != tc.want || v.conf[1][2] >= UncertainBelow {
				t.Errorf("cell (1, 2) read %v at %.2f, want %v in doubt (why %v)", v.lit[1][2], v.conf[1][2], tc.want, v.why)
			}
		})
	}
}

// TestOccludedSecondLook checks that occluded keeps a doubted light of
// a group of two looks: most lights green, two cream ones apart (rows
// of lights in two colours), each with a blue mark in its corner (a
// tile's number) in the unlit cells' colour. The cream light looks
// like a white cover over an unlit cell, but the other cream light
// looks just like it, and a cursor lies over one cell.
func TestOccludedSecondLook(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	green := color.RGBA{40, 220, 60, 255}
	blue := color.RGBA{20, 30, 110, 255}
	cream := color.RGBA{255, 248, 230, 255}
	for _, tc := range []struct {
		name  string
		twins bool // whether (0, 0) is cream like (2, 2)
		want  bool // cell (2, 2) after occluded, read lit in doubt
	}{
		{"two cream lights", true, true},
		{"one cream light", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, func(r, c int) (color.RGBA, bool) {
				switch {
				case (r+c)%2 != 0:
					return blue, false
				case r == 2 && c == 2, r == 0 && c == 0 && tc.twins:
					return cream, true
				}
				return green, true
			})
			defer img.Close()
			for _, rc := range [][2]int{{0, 0}, {2, 2}} {
				if rc[0] == 0 && !tc.twins {
					continue
				}
				x0, y0 := (rc[1]+rectMargin)*px, (rc[0]+rectMargin)*px
				gocv.Rectangle(&img, image.Rect(x0+px-14, y0+4, x0+px-4, y0+14), blue, -1)
			}
			v.conf[2][2] = 0.3
			occludedOn(t, img, px, v)
			if v.lit[2][2] != tc.want {
				t.Errorf("cell (2, 2) read %v, want %v (why %v)", v.lit[2][2], tc.want, v.why)
			}
		})
	}
}

// occludedOn runs occluded on the cells of the rectified board img as
// verdict v reads them.
func occludedOn(t *testing.T, img gocv.Mat, px int, v *verdict) {
	t.Helper()
	cells, err := cellLab(img, len(v.lit), len(v.lit[0]), px)
	if err != nil {
		t.Fatal(err)
	}
	occluded(cells, px, v, nil)
}

// rectBoard draws a rectified screen board of rows×cols flat cells of
// px pixels on black gaps, with one ring of would-be cells around it,
// each cell of the colour and reading look gives it, and returns it
// with a verdict that reads every cell so, sure.
func rectBoard(rows, cols, px int, look func(r, c int) (color.RGBA, bool)) (gocv.Mat, *verdict) {
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), (rows+2)*px, (cols+2)*px, gocv.MatTypeCV8UC3)
	v := &verdict{why: map[string]int{}}
	for r := 0; r < rows; r++ {
		v.lit = append(v.lit, make([]bool, cols))
		v.conf = append(v.conf, make([]float64, cols))
		for c := 0; c < cols; c++ {
			fill, lit := look(r, c)
			x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
			gocv.Rectangle(&img, image.Rect(x0+2, y0+2, x0+px-2, y0+px-2), fill, -1)
			v.lit[r][c] = lit
			v.conf[r][c] = 1
		}
	}
	return img, v
}

// handIn returns a cover that draws a cursor's hand of colour fill,
// outlined in black, pointing at the centre of cell (r, c) of a board
// of px-pixel cells: the finger down from the centre, the palm below
// it.
func handIn(px int, fill color.RGBA) func(img *gocv.Mat, r, c int) {
	black := color.RGBA{0, 0, 0, 255}
	return func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		finger := image.Rect(x0+px/2-3, y0+px/2, x0+px/2+3, y0+px/2+12)
		palm := image.Rect(x0+px/2-6, y0+px/2+8, x0+px/2+12, y0+px+6)
		for _, rc := range []image.Rectangle{finger, palm} {
			gocv.Rectangle(img, rc.Inset(-1), black, -1)
		}
		for _, rc := range []image.Rectangle{finger, palm} {
			gocv.Rectangle(img, rc.Inset(1), fill, -1)
		}
	}
}

// TestUncover draws rectified screen boards and checks how uncover
// reads doubted cells: under a drawn cursor, by what shows around it,
// on boards occluded cannot read (lights of many colours, one lone
// cell read lit); a lone white light, a white spot with no outline and
// many cells of one look as they were read. A pale cursor with no
// outline (a photo of a screen) is read past only on a board whose two
// groups each look alike pixel by pixel.
func TestUncover(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	white := color.RGBA{255, 255, 255, 255}
	blue := color.RGBA{20, 30, 110, 255}
	hues := []color.RGBA{{220, 40, 40, 255}, {40, 200, 60, 255}, {240, 200, 30, 255}, {60, 200, 230, 255}}
	many := func(r, c int) (color.RGBA, bool) { // lights of four colours; (1, 2) unlit
		if (r+c)%2 == 0 {
			return hues[(r*cols+c)%len(hues)], true
		}
		return blue, false
	}
	off := func(r, c int) (color.RGBA, bool) { return blue, false }
	two := func(r, c int) (color.RGBA, bool) { // yellow lights, blue unlit cells
		if (r+c)%2 == 0 {
			return hues[2], true
		}
		return blue, false
	}
	cream := func(r, c int) (color.RGBA, bool) { return color.RGBA{200, 190, 170, 255}, true }
	hand := handIn(px, white)
	// A cursor in a photo of a screen: pale, tinted, no outline.
	pale := color.RGBA{150, 185, 200, 255}
	photoHand := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Rectangle(img, image.Rect(x0+px/2-3, y0+px/2, x0+px/2+3, y0+px/2+12), pale, -1)
		gocv.Rectangle(img, image.Rect(x0+px/2-6, y0+px/2+8, x0+px/2+12, y0+px+6), pale, -1)
	}
	disc := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Circle(img, image.Pt(x0+px/2, y0+px/2), px*2/5, white, -1)
	}
	spot := func(img *gocv.Mat, r, c int) { // white, off centre, no outline
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Circle(img, image.Pt(x0+px/2+4, y0+px/2+4), px/3, white, -1)
	}
	// A glove that hides all of a small cell but a sliver along its
	// bottom, under a tenth of it (pixel art under a cursor drawn large).
	glove := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		rc := image.Rect(x0, y0-6, x0+px, y0+px-6)
		gocv.Rectangle(img, rc, color.RGBA{0, 0, 0, 255}, -1)
		gocv.Rectangle(img, rc.Inset(1), white, -1)
	}
	tests := []struct {
		name  string
		look  func(r, c int) (color.RGBA, bool)
		cover func(img *gocv.Mat, r, c int) // drawn over the cells at
		at    [][2]int
		read  bool // the reading of the cells at, in doubt
		want  bool // their reading after uncover
		why   int  // cells counted as uncovered
	}{
		{"hand over an unlit cell among lights of many colours", many, hand, [][2]int{{1, 2}}, true, false, 1},
		{"hand over an unlit cell of an all-off board", off, hand, [][2]int{{1, 2}}, true, false, 1},
		{"lone white light", off, disc, [][2]int{{1, 2}}, true, true, 0},
		{"white spot with no outline", off, spot, [][2]int{{1, 2}}, true, true, 0},
		{"hands over three cells", off, hand, [][2]int{{0, 0}, {1, 2}, {3, 1}}, true, true, 0},
		{"two cells of one look", off, hand, [][2]int{{1, 2}, {3, 0}}, true, true, 0},
		{"hand over a lit cell of an all-on board, read unlit", cream, hand, [][2]int{{1, 2}}, false, true, 1},
		{"glove over an unlit cell but a sliver", many, glove, [][2]int{{1, 2}}, true, false, 1},
		{"photographed hand over an unlit cell of a two-colour board", two, photoHand, [][2]int{{1, 2}}, true, false, 1},
		{"photographed hand over a lit cell of a two-colour board", two, photoHand, [][2]int{{1, 1}}, false, true, 1},
		{"photographed hand over an unlit cell among lights of many colours", many, photoHand, [][2]int{{1, 2}}, true, true, 0},
		{"photographed hand over an unlit cell of an all-off board", off, photoHand, [][2]int{{1, 2}}, true, true, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, tc.look)
			defer img.Close()
			for _, rc := range tc.at {
				tc.cover(&img, rc[0], rc[1])
				v.lit[rc[0]][rc[1]], v.conf[rc[0]][rc[1]] = tc.read, crossCap
			}
			cells, err := cellLab(img, rows, cols, px)
			if err != nil {
				t.Fatal(err)
			}
			before := fmt.Sprint(v.lit)
			uncover(cells, px, v, nil)
			for _, rc := range tc.at {
				if got := v.lit[rc[0]][rc[1]]; got != tc.want {
					t.Errorf("cell %v read %v, want %v (why %v)", rc, got, tc.want, v.why)
				}
				if v.conf[rc[0]][rc[1]] != crossCap {
					t.Errorf("cell %v confidence %.2f, want it kept at %.2f", rc, v.conf[rc[0]][rc[1]], crossCap)
				}
			}
			if v.why["uncovered"] != tc.why {
				t.Errorf("uncovered %d cells, want %d (before %s, after %v)", v.why["uncovered"], tc.why, before, v.lit)
			}
		})
	}
}

// TestOccludedBigHand checks occluded on a board whose lights are of
// many colours under a white cover that hides all of an unlit cell but
// its top left corner, so that the cover is about centred as a lone
// light's would be and little of the cell's own look shows: it shows
// to one side of the cover, so the doubted cell read lit is read
// unlit. A white light filling its cell shows nothing aside and is
// kept.
func TestOccludedBigHand(t *testing.T) {
	const rows, cols, px = 4, 4, 30
	blue := color.RGBA{20, 30, 110, 255}
	white := color.RGBA{255, 255, 255, 255}
	black := color.RGBA{0, 0, 0, 255}
	hues := []color.RGBA{{220, 40, 40, 255}, {40, 200, 60, 255}, {240, 200, 30, 255}, {60, 200, 230, 255}}
	bigHand := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		right := image.Rect(x0+10, y0+2, x0+px-1, y0+px-1)
		below := image.Rect(x0+2, y0+10, x0+10, y0+px-1)
		for _, rc := range []image.Rectangle{right, below} {
			gocv.Rectangle(img, rc, black, -1)
		}
		for _, rc := range []image.Rectangle{right, below} {
			gocv.Rectangle(img, rc.Inset(1), white, -1)
		}
		gocv.Rectangle(img, image.Rect(x0+10, y0+10, x0+12, y0+12), white, -1)
	}
	whiteLight := func(img *gocv.Mat, r, c int) {
		x0, y0 := (c+rectMargin)*px, (r+rectMargin)*px
		gocv.Rectangle(img, image.Rect(x0+2, y0+2, x0+px-2, y0+px-2), white, -1)
	}
	for _, tc := range []struct {
		name  string
		cover func(img *gocv.Mat, r, c int)
		want  bool
	}{{"big hand over an unlit cell", bigHand, false}, {"white light", whiteLight, true}} {
		t.Run(tc.name, func(t *testing.T) {
			img, v := rectBoard(rows, cols, px, func(r, c int) (color.RGBA, bool) {
				if (r+c)%2 == 0 {
					return hues[(r*cols+c)%len(hues)], true
				}
				return blue, false
			})
			defer img.Close()
			tc.cover(&img, 1, 2)
			v.lit[1][2], v.conf[1][2] = true, 0.3
			occludedOn(t, img, px, v)
			if v.lit[1][2] != tc.want {
				t.Errorf("cell (1, 2) read %v, want %v (why %v)", v.lit[1][2], tc.want, v.why)
			}
		})
	}
}
