package vision

import "testing"

// TestPlainOneGroupColourRing checks that an all-off board is not plain
// when the cells' footprints around their centres hold ringChroma more
// absolute chroma than the centres (lit rings around dark caps, 99713),
// whether the cells are dim and darker than a light case or grey caps
// as bright as a grey one; a footprint a little less coloured stays
// plain.
func TestPlainOneGroupColourRing(t *testing.T) {
	lightCase := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	dimCap := cellStats{v: 4.5, s: 0.05, spread: 0.02, rim: 4.4, ring: 4.5, peak: 4.55, peakS: 0.05}
	greyCap := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 4.95, ring: 5.0, peak: 5.05, peakS: 0.05}
	for _, tc := range []struct {
		name string
		cell cellStats
		more float64 // absolute chroma of the footprint beyond the centre's
		sure bool
	}{
		{"dim caps, grey footprint", dimCap, 0, true},
		{"dim caps, footprint 0.11 more coloured", dimCap, 0.11, false},
		{"dim caps, footprint 0.09 more coloured", dimCap, 0.09, true},
		{"grey caps as bright as the case, footprint 0.11 more coloured", greyCap, 0.11, false},
		{"grey caps as bright as the case, footprint 0.09 more coloured", greyCap, 0.09, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := tc.cell
			cell.kc, cell.kcOK = [2]float64{0.02, 0.01}, true
			cell.kr, cell.krOK = [2]float64{0.02 + tc.more, 0.01}, true
			checkPlain(t, withRing(board(5, 5, pattern, cell, cell), lightCase), false, tc.sure)
		})
	}
}

// TestPlainOneGroupHalo checks that an all-off board is not plain when
// its cells' median halo reaches plainHalo: a bright ring around each
// dark cap, grey as the cast left it (109737); a fainter ring, or one
// cell ringed among plain caps, stays plain.
func TestPlainOneGroupHalo(t *testing.T) {
	lightCase := cellStats{v: 5.0, s: 0.05, spread: 0.02, rim: 5.0, ring: 5.0, peak: 5.05, peakS: 0.05}
	dimCap := cellStats{v: 4.5, s: 0.05, spread: 0.02, rim: 4.4, ring: 4.5, peak: 4.55, peakS: 0.05}
	centre := func(r, c int) bool { return r == 2 && c == 2 }
	for _, tc := range []struct {
		name      string
		halo, odd float64 // the halo of every cell but the centre, and the centre's
		sure      bool
	}{
		{"no rings", 0, 0, true},
		{"rings 0.6 above centre and gaps", 0.6, 0.6, false},
		{"rings 0.4", 0.4, 0.4, true},
		{"one cell ringed", 0, 1.0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell, odd := dimCap, dimCap
			cell.halo, odd.halo = tc.halo, tc.odd
			checkPlain(t, withRing(board(5, 5, centre, cell, odd), lightCase), false, tc.sure)
		})
	}
}

// TestPlainOneGroupAccent checks that dim coloured cells darker than a
// light screen are not plainly off when, in a hue the screen lacks,
// they sink 2·minVGap or more below their own gaps: a light theme's
// cells lit in its accent colour (110987), nor when they are as
// saturated as accentS however little they sink (103627: red lights on
// a pale screen; u33_0133: magenta discs on a tablet, 0.497) and sink
// below their gaps at all. Cells less sunk and
// less saturated, saturated cells above their gaps (caps on a darker
// case: TestPlainOneGroupLightScreen), cells of the screen's hue, or
// greyer than plainGreyS at their centre stay plain (their peaks are
// coloured, so that only their being darker than the screen makes them
// plain).
func TestPlainOneGroupAccent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rise   float64    // log V of the cells above their gaps
		s      float64    // the cells' saturation
		screen [2]float64 // the screen's chroma (ca, cb)
		sure   bool
	}{
		{"blue cells sunk 0.25 on a grey screen", -0.25, 0.35, [2]float64{0, 0}, false},
		{"sunk 0.15", -0.15, 0.35, [2]float64{0, 0}, true},
		{"on a bluish screen", -0.25, 0.35, [2]float64{-0.03, -0.07}, true},
		{"saturation 0.22", -0.25, 0.22, [2]float64{0, 0}, true},
		{"saturation 0.65, sunk 0.1", -0.1, 0.65, [2]float64{0, 0}, false},
		{"saturation 0.49, sunk 0.15", -0.15, 0.49, [2]float64{0, 0}, false},
		{"saturation 0.42, sunk 0.15", -0.15, 0.42, [2]float64{0, 0}, true},
		{"saturation 0.65, sunk 0.1, on a bluish screen", -0.1, 0.65, [2]float64{-0.03, -0.07}, true},
		{"saturation 0.65, above the gaps", 0.08, 0.65, [2]float64{0, 0}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blue := cellStats{v: 4.5, s: tc.s, spread: 0.02, rim: 4.5 - tc.rise, ring: 4.5, peak: 4.55, peakS: 0.35, ca: -0.1, cb: -0.33}
			screen := cellStats{v: 5.2, s: 0.05, spread: 0.01, rim: 5.2, ring: 5.2, peak: 5.2, peakS: 0.05, ca: tc.screen[0], cb: tc.screen[1]}
			checkPlain(t, withRing(board(5, 5, pattern, blue, blue), screen), false, tc.sure)
		})
	}
}

// TestPlainOneGroupRingOutshines checks that dim caps darker than a
// light panel are not plainly off when their footprints peak minVGap or
// more above the panel's: white rings lit around dark centres (boardgen
// 115435, all on, was read off with no doubt). Caps whose footprints
// peak no higher than the panel stay plain.
func TestPlainOneGroupRingOutshines(t *testing.T) {
	panel := cellStats{v: 5.34, s: 0.16, spread: 0.03, rim: 5.34, ring: 5.34, peak: 5.38, peakS: 0.2}
	for _, tc := range []struct {
		name string
		peak float64 // log V of the brightest part of each cell's footprint
		sure bool
	}{
		{"clipped rings", 5.55, false},
		{"peaks as bright as the panel", 5.42, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cap := cellStats{v: 4.64, s: 0.1, spread: 0.05, rim: 5.35, ring: 5.35, peak: tc.peak, peakS: 0.08}
			checkPlain(t, withRing(board(7, 7, pattern, cap, cap), panel), false, tc.sure)
		})
	}
}

// TestOwnColour checks one-group boards read off below the level that
// reads a board lit: cells coloured in a hue of their own, middling
// bright and not sunk below their gaps, are lit, every cell in doubt (a
// light theme's blue cells lit on a grey screen, 99302), and so are
// paler cells from paleColourS up that are minSGap more saturated than
// the screen (pale lights in daylight, 115932); cells just dimmer than
// ownColourV, greyer than paleColourS, pale but hardly more coloured
// than the screen, of the screen's hue, or sunk 2·minVGap below their
// gaps (tinted caps on a white case in daylight) stay off: plainly so,
// but for the sunk ones, which plainOneGroup leaves in doubt
// (TestPlainOneGroupAccent).
func TestOwnColour(t *testing.T) {
	for _, tc := range []struct {
		name    string
		v, s    float64    // the cells' log V and saturation
		rise    float64    // log V of the cells above their gaps
		screen  [2]float64 // the screen's chroma (ca, cb)
		screenS float64    // the screen's saturation
		lit     bool
		doubt   bool
	}{
		{"blue cells on a grey screen", 4.75, 0.35, -0.05, [2]float64{0, 0}, 0.05, true, true},
		{"just dimmer", 4.65, 0.35, -0.05, [2]float64{0, 0}, 0.05, false, false},
		{"pale, more coloured than the screen", 4.75, 0.25, -0.05, [2]float64{0, 0}, 0.05, true, true},
		{"pale, hardly more coloured than the screen", 4.75, 0.25, -0.05, [2]float64{0, 0}, 0.12, false, false},
		{"greyer", 4.75, 0.19, -0.05, [2]float64{0, 0}, 0.02, false, false},
		{"of the screen's hue", 4.75, 0.35, -0.05, [2]float64{-0.05, -0.21}, 0.05, false, false},
		{"sunk below their gaps", 4.75, 0.35, -0.25, [2]float64{0, 0}, 0.05, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blue := cellStats{v: tc.v, s: tc.s, spread: 0.02, rim: tc.v - tc.rise, ring: tc.v, peak: tc.v + 0.03, peakS: tc.s, ca: -0.1, cb: -0.33}
			screen := cellStats{v: 5.0, s: tc.screenS, spread: 0.01, rim: 5.0, ring: 5.0, peak: 5.0, peakS: tc.screenS, ca: tc.screen[0], cb: tc.screen[1]}
			v := decideBoard(withRing(board(4, 5, pattern, blue, blue), screen))
			if !v.oneGroup {
				t.Fatalf("not read as one group (why %v)", v.why)
			}
			if got := v.why["shine"] > 0; got != tc.lit {
				t.Errorf("read as lights in their own colour %v, want %v (why %v)", got, tc.lit, v.why)
			}
			checkCells(t, v, func(int, int) bool { return tc.lit }, tc.doubt)
			checkDoubt(t, v, tc.doubt)
		})
	}
}

// TestGlowsInDark checks one-group boards read off below the level that
// reads a board lit: pale cells darkGlow or more above the case around
// them are lights in a dim room, every cell in doubt (the rendered
// membrane 108066: pink slots 3.3 above a case nearly black); grey caps
// 1.9 above a black panel (the fresh 111317) stay off.
func TestGlowsInDark(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cell  cellStats
		caseV float64
		lit   bool
	}{
		{"pale lights in a dim room", cellStats{v: 5.06, s: 0.26, rim: 2.64, peak: 5.11, peakS: 0.28}, 1.79, true},
		{"just darkGlow above", cellStats{v: 4.9, s: 0.1, rim: 3.3, peak: 4.95, peakS: 0.1}, 2.38, true},
		{"grey caps in bloom on a black panel", cellStats{v: 4.99, s: 0.25, rim: 3.07, peak: 4.99, peakS: 0.23}, 3.07, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := tc.cell
			cell.spread, cell.ring = 0.05, cell.v
			dark := cellStats{v: tc.caseV, s: 0.05, spread: 0.01, rim: tc.caseV, ring: tc.caseV, peak: tc.caseV + 0.05, peakS: 0.05}
			v := decideBoard(withRing(board(3, 4, pattern, cell, cell), dark))
			if got := v.why["shine"] > 0; got != tc.lit {
				t.Fatalf("read as lights in the dark %v, want %v (why %v)", got, tc.lit, v.why)
			}
			checkCells(t, v, func(int, int) bool { return tc.lit }, tc.lit)
		})
	}
}

// TestRingsLit checks one-group boards read off on their centres: cells
// ringed in light brighter than the panel, around caps no more coloured
// than the rings, are lit, every cell in doubt (the rendered escape
// 109737: yellow ring LEDs on a green panel); unlit neon outlines on a
// dark case (u30_0047), coloured domes in pale bezels (rt230 00139),
// faint bezels (108241), or rings no brighter than the panel stay off.
func TestRingsLit(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cell      cellStats
		panelPeak float64
		lit       bool
	}{
		{"lit rings around dark caps", cellStats{v: 4.51, s: 0.21, peak: 5.43, peakS: 0.12, halo: 1.0}, 4.28, true},
		{"unlit neon outlines", cellStats{v: 2.71, s: 0.11, peak: 4.11, peakS: 0.57, halo: 1.26}, 3.04, false},
		{"coloured domes in pale bezels", cellStats{v: 4.34, s: 0.62, peak: 5.15, peakS: 0.01, halo: 0.58}, 4.47, false},
		{"faint bezels", cellStats{v: 4.83, s: 0.01, peak: 5.09, peakS: 0.05, halo: 0.19}, 4.87, false},
		{"rings no brighter than the panel", cellStats{v: 4.51, s: 0.21, peak: 5.43, peakS: 0.12, halo: 1.0}, 5.4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := tc.cell
			cell.spread, cell.rim, cell.ring = 0.05, cell.v-0.2, cell.v
			panel := cellStats{v: tc.panelPeak - 0.02, s: 0.45, spread: 0.01, rim: tc.panelPeak - 0.02, ring: tc.panelPeak - 0.02, peak: tc.panelPeak, peakS: 0.44, ca: -0.3, cb: 0.2}
			v := decideBoard(withRing(board(6, 6, pattern, cell, cell), panel))
			if got := v.why["ringslit"] > 0; got != tc.lit {
				t.Fatalf("read as lit rings %v, want %v (why %v)", got, tc.lit, v.why)
			}
			checkCells(t, v, func(int, int) bool { return tc.lit }, tc.lit)
		})
	}
}

// TestDecideDarkGaps checks that a lit group less than clearVGap
// brighter than the unlit one, whose rims are gapDarker darker than the
// unlit group's, puts every cell in doubt (beige caps in warm daylight
// beside dim blue lights, 97401): a light spills onto its gaps. Rims a
// little less dark, or lights clearly brighter, leave the reading sure.
func TestDecideDarkGaps(t *testing.T) {
	beige := cellStats{v: 5.0, s: 0.2, spread: 0.02, rim: 4.6, ring: 4.9, peak: 5.05, peakS: 0.2}
	for _, tc := range []struct {
		name  string
		v     float64 // the lights' log V
		rim   float64 // log V of the lights' rims below the caps'
		doubt bool
	}{
		{"dim lights, rims 0.02 darker", 5.15, 0.02, true},
		{"dim lights, rims 0.005 darker", 5.15, 0.005, false},
		{"lights clearly brighter, rims 0.02 darker", 5.32, 0.02, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blue := cellStats{v: tc.v, s: 0.55, spread: 0.02, rim: beige.rim - tc.rim, ring: 5.0, peak: tc.v + 0.05, peakS: 0.55}
			v := decide(board(6, 6, pattern, beige, blue))
			if got := v.why["darkgaps"] > 0; got != tc.doubt {
				t.Errorf("darkgaps %v, want %v (why %v)", got, tc.doubt, v.why)
			}
			checkCells(t, v, pattern, tc.doubt)
			checkDoubt(t, v, tc.doubt)
		})
	}
}

// TestDecideClippedOverrules checks when the brightness split overrules
// the colour split that made the darker group lit: white cells clipped
// beside tinted ones are lights clipped to white beside tinted caps in
// daylight; white cells just below the clip are white caps in daylight,
// brighter than cyan lights (118654), and the colour split stands.
func TestDecideClippedOverrules(t *testing.T) {
	tinted := cellStats{v: 5.2, s: 0.5, spread: 0.02, rim: 4.6, ring: 5.1, peak: 5.25, peakS: 0.5}
	for _, tc := range []struct {
		name     string
		v        float64 // the white cells' log V
		whiteLit bool
		doubt    bool
	}{
		{"white cells clipped", 5.55, true, false},
		{"white cells below the clip", 5.45, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			white := cellStats{v: tc.v, s: 0.02, spread: 0.02, rim: 5.1, ring: tc.v - 0.1, peak: tc.v, peakS: 0.02}
			v := decide(board(6, 6, pattern, tinted, white))
			checkCells(t, v, func(r, c int) bool { return pattern(r, c) == tc.whiteLit }, tc.doubt)
			checkDoubt(t, v, tc.doubt)
		})
	}
}

// TestDecideClippedColour checks one-group boards whose centres are
// clipped: green lights beside white caps in daylight, all clipped at
// the centre, are read by the saturation at their peaks when it is
// clippedSatGap apart (108261: 0.19 against 0.11), every cell in doubt.
// Centres below the clip, a smaller difference, or a saturated group of
// several hues (lights of many colours, all on: 106228) stay one group.
func TestDecideClippedColour(t *testing.T) {
	green := [2]float64{-0.16, 0.06}
	for _, tc := range []struct {
		name    string
		clipped bool
		peakS   float64 // the unlit caps' peak saturation; the lights' is 0.19 (0.07 beside 0.04)
		hues    bool    // the lights take turns in two hues
		split   bool
	}{
		{"clipped, 0.19 against 0.11", true, 0.11, false, true},
		{"below the clip", false, 0.11, false, false},
		{"clipped, 0.19 against 0.15", true, 0.15, false, false},
		{"clipped, lights of two hues", true, 0.11, true, false},
		{"clipped, near-white: 0.07 against 0.04", true, 0.04, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cap := cellStats{v: 5.56, s: 0.12, spread: 0.005, rim: 5.56, ring: 5.55, peak: 5.56, peakS: tc.peakS,
				kc: [2]float64{-0.08, 0.03}, kcOK: !tc.clipped, kr: [2]float64{-0.09, 0.04}}
			light := cellStats{v: 5.56, s: 0.16, spread: 0.005, rim: 5.56, ring: 5.55, peak: 5.56, peakS: 0.19,
				kc: green, kcOK: !tc.clipped, kr: green}
			if tc.peakS < 0.1 {
				light.peakS = 0.07
			}
			st := board(6, 6, pattern, cap, light)
			if tc.hues {
				for r := range st {
					for c := range st[r] {
						if pattern(r, c) && (r+c)%2 == 0 {
							st[r][c].kr = [2]float64{0.05, -0.3} // blue
						}
					}
				}
			}
			v := decide(st)
			if got := v.why["clippedcolour"] > 0; got != tc.split {
				t.Fatalf("clippedcolour %v, want %v (why %v)", got, tc.split, v.why)
			}
			if tc.split {
				checkCells(t, v, pattern, true)
			}
			checkDoubt(t, v, true)
		})
	}
}

// TestAsRing checks one-group boards read all on by their level: cells
// as bright, as saturated and of the hue of the screen around the grid
// are its empty cells, all off in doubt (render-unseen u32_0062: faint
// blue cells on a blue tablet, 0.01 brighter and 0.05 more saturated,
// read all on); cells that outshine it, are clearly more coloured, of
// another hue, or clipped stay on.
func TestAsRing(t *testing.T) {
	for _, tc := range []struct {
		name       string
		v, s, peak float64 // the cells' log V, saturation and peak
		ca, cb     float64 // the cells' chroma
		screenV    float64 // the screen's log V
		off        bool
	}{
		{"faint cells on a tablet", 5.44, 0.43, 5.45, -0.1, -0.3, 5.43, true},
		{"outshining the screen", 5.44, 0.43, 5.45, -0.1, -0.3, 5.44 - minVGap, false},
		{"more coloured", 5.44, 0.38 + minSGap/2, 5.45, -0.1, -0.3, 5.43, false},
		{"of another hue", 5.44, 0.43, 5.45, 0.3, 0, 5.43, false},
		{"clipped", 5.44, 0.43, clippedV, -0.1, -0.3, 5.43, false},
		// Render-unseen u37_0116: all off on a clipped lilac tablet,
		// read all on with no doubt.
		{"clipped on a clipped screen", 5.50, 0.36, 5.54, -0.1, -0.3, 5.51, true},
		// Render-unseen u38_0080: all off, greyer and darker than
		// its tablet's screen, read all on by its level.
		{"darker than the screen", 5.26, 0.33, 5.40, -0.1, -0.3, 5.40, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := cellStats{v: tc.v, s: tc.s, spread: 0.02, rim: tc.screenV, ring: tc.v, peak: tc.peak, peakS: tc.s, ca: tc.ca, cb: tc.cb}
			screen := cellStats{v: tc.screenV, s: 0.38, spread: 0.02, rim: tc.screenV, ring: tc.screenV, peak: tc.screenV + 0.02, peakS: 0.38, ca: -0.1, cb: -0.3}
			v := decideBoard(withRing(board(5, 5, pattern, cell, cell), screen))
			if !v.oneGroup {
				t.Fatalf("not read as one group (why %v)", v.why)
			}
			if got := v.why["asring"] > 0; got != tc.off {
				t.Fatalf("read as the screen around it %v, want %v (why %v)", got, tc.off, v.why)
			}
			checkCells(t, v, func(int, int) bool { return !tc.off }, true)
		})
	}
}
