package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// workSide is the long side, in pixels, of the downscaled copy that the
// grid is searched on; images with a long side under workMinSide are
// enlarged instead.
const (
	workSide    = 1000
	workMinSide = 500
)

// maxLattices is how many hypotheses findLattices returns at most. A
// small board beside a keyboard or a number pad is often the fourth or
// fifth: on the tuning sets, six instead of four read seven more boards
// at the right size and lost none. Beside tiles and keyboards a 2×2 or
// 3×3 board may come after six grids of clutter: over eleven tuning sets
// (3,198 photos) twelve instead of six read nine more boards exactly and
// lost one (an app of flat cells parted by lines, read 3×5 of 6×5).
const maxLattices = 12

// The best lattice's size is not sure when it rests on fewer than
// minSureNodes blobs, or a rival scores at least rivalShare of its score.
const (
	minSureNodes = 6
	rivalShare   = 0.7
	weakScore    = 0.5 // per cell
	// Small boards need more: a line missed or added is a large share
	// of them, and a few blobs of a pattern make one easily. On tuning
	// sets a and b the wrong small grids that only this doubted scored
	// 0.59 a cell (a keyboard's keys); right ones up to 0.75.
	smallCells     = 16
	smallWeakScore = 0.65 // per cell, for boards of at most smallCells cells
	// clearScore is the score a cell from which the best lattice needs
	// no equalised look (localLook).
	clearScore = 1.0
)

// findLattices finds the board's grid in img (8-bit BGR, grey or BGRA)
// and returns hypotheses best first, at most maxLattices of them, or an
// error wrapping ErrNoBoard. rows, cols > 0 fix the size (up to
// maxCells each); 0 means infer it (2..maxCells each). It panics when
// only one of rows and cols is given or either is negative.
//
// How: blobs from several segmentations of a copy with a long side of
// workSide pixels (blob.go); lattices grown from seed blobs along their
// neighbours' displacement vectors, fitted with a homography, trimmed,
// and scored (lattice.go); the case around the buttons widens sparse
// lattices (lattice_case.go); when the best is weak, a second search on
// the copy's levels spread over the whole range (stretch.go) adds its
// lattices, when it is weak still a third with chroma, and when the
// best is small or rests on few blobs (weakFind) a fourth on regions
// parted by wide dark lines, and when it is at most 4 cells on the cells
// of a grid of straight edges too (gridlines.go). Each lattice's h is in
// full-resolution pixels of img; its sizeSure is false when the extent rests on weak
// evidence, a close rival exists, or the case cue widened it (see
// lattice.sizeSure). When the first look finds nothing, or a best
// lattice of at most 4 cells or on few blobs (weakFind), a second look
// at zoomSide pixels may replace it. Blobs are
// found on workers goroutines (0: the default, see collectBlobs).
func findLattices(img gocv.Mat, rows, cols, workers int, dbg *debugger) ([]lattice, error) {
	return findLatticesAt(img, workSide, rows, cols, workers, dbg)
}

// findLatticesAt is findLattices with a first look at a long side of
// side pixels (workSide when 0); from zoomSide up it takes no second.
func findLatticesAt(img gocv.Mat, side, rows, cols, workers int, dbg *debugger) ([]lattice, error) {
	if side == 0 {
		side = workSide
	}
	if img.Empty() {
		return nil, fmt.Errorf("empty image: %w", ErrNoBoard)
	}
	if rows < 0 || cols < 0 || (rows == 0) != (cols == 0) {
		panic(fmt.Sprintf("vision: findLattices: bad size %d×%d", rows, cols))
	}
	out, err := findAt(img, side, rows, cols, workers, dbg)
	if long := max(img.Rows(), img.Cols()); side < zoomSide && long >= zoomMinSide && weakFind(out) {
		// A small board, or cells merged at the working scale: look
		// again at twice the resolution and keep what scores better,
		// its size in doubt.
		out2, err2 := findAt(img, zoomSide, rows, cols, workers, nil)
		if err2 == nil && (err != nil || out2[0].score > out[0].score) {
			// The two scales disagree: do not vouch for the size.
			out, err = out2, nil
			out[0].doubt(doubtZoom)
		}
	}
	return out, err
}

// zoomSide is the long side of the second, finer look that findLattices
// takes when the first finds nothing or only a weak lattice (weakFind);
// images with a long side under zoomMinSide do not get it.
const (
	zoomSide    = 2 * workSide
	zoomMinSide = 3 * workSide / 2
)

// fineSide is the long side of the first look on a screenshot (a
// lossless image) at least fineMinSide long, which is searched at its own
// size when under fineSide: flat cells parted by lines a pixel wide,
// averaged down to workSide, run together. Over 1,700 tuning photos
// (298 of them app screenshots and screens) finding so from 2000 pixels
// read 5 more boards right and 1 fewer (108466, pixel art scaled up six
// times, then read a column too wide); from 1500, one more of the 75
// screenshots 1500 to 2000 pixels long (106510, a 9×9 some 150 pixels
// across on 1920×1080, read 8×8) and none fewer.
const (
	fineSide    = zoomSide
	fineMinSide = zoomMinSide
)

// weakFind reports whether a first look found nothing, or a best lattice
// of at most 4 cells, or one resting on fewer than minSureNodes blobs:
// what a board too small for the working scale, or one whose cells
// merged there, leaves (96302: a 7×7 board some 50 pixels across at
// that scale gave a 3×2 lattice of five blobs, and a 2×2 of clutter
// went first). Weak larger lattices on more blobs do not qualify; the
// second look costs several times the first (on the tuning sets
// 96000..96799 the first look is weak so on 39 photos of 800, against 29
// on at most 4 cells alone). Lattices of the equalised look alone do
// not count.
func weakFind(ls []lattice) bool {
	for _, l := range ls {
		if l.doubts&doubtLocal == 0 {
			return l.rows*l.cols <= 4 || l.doubts&doubtFewNodes != 0
		}
	}
	return true
}

// findAt is findLattices on a copy of img with a long side of side
// pixels (or enlarged to workMinSide).
func findAt(img gocv.Mat, side, rows, cols, workers int, dbg *debugger) ([]lattice, error) {
	work := gocv.NewMat()
	defer work.Close()
	// Scale first, from the input itself, so that a 12 MP photo is never
	// copied whole.
	scale := 1.0 // full-resolution pixels per work pixel
	switch long := max(img.Rows(), img.Cols()); {
	case long > side:
		scale = float64(long) / float64(side)
		gocv.Resize(img, &work, image.Point{}, 1/scale, 1/scale, gocv.InterpolationArea)
	case long < workMinSide:
		// Small screenshots: enlarge by a whole factor so that cells
		// of a few pixels still make blobs the segmentations can see.
		k := (workMinSide + long - 1) / long
		scale = 1 / float64(k)
		gocv.Resize(img, &work, image.Point{}, float64(k), float64(k), gocv.InterpolationLinear)
	default:
		img.CopyTo(&work)
	}
	switch work.Channels() {
	case 3:
	case 1:
		gocv.CvtColor(work, &work, gocv.ColorGrayToBGR)
	case 4:
		gocv.CvtColor(work, &work, gocv.ColorBGRAToBGR)
	default:
		return nil, fmt.Errorf("%d channels: %w", img.Channels(), ErrNoBoard)
	}
	if work.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("pixel type %v, want 8-bit: %w", img.Type(), ErrNoBoard)
	}

	// The chroma and lines looks below run the plain look's
	// segmentations of work again, and their own: the cache keeps the
	// plain look's.
	var cache segCache
	out, nb, err := latticesOn(work, work, nil, lookPlain, &cache, rows, cols, scale, workers, dbg)
	if err != nil {
		return nil, err
	}
	// A photo that uses part of the range (a dim room, flat light, a
	// low-contrast panel) may hide its buttons under the segmentations'
	// thresholds in levels, leaving a weak lattice of the few that stand
	// out, or none: look again at a copy spread over the whole range,
	// and let its lattices compete with the first look's.
	switch {
	case weakBest(out):
		more, err := spreadLook(work, rows, cols, scale, workers, dbg)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	case !clearBest(out):
		// Not weak, but not clear either: lights alone, at twice the
		// pitch of the board whose unlit buttons hardly differ from
		// their panel, often score so.
		more, err := localLook(work, rows, cols, scale, workers, dbg)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	// lookAgain adds the lattices of another look at work.
	lookAgain := func(look blobLook) error {
		more, _, err := latticesOn(work, work, nil, look, &cache, rows, cols, scale, workers, dbg)
		out = append(out, more...)
		return err
	}
	bestFirst := func() { sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score }) }
	if weakBest(out) {
		// Faint caps that differ from their panel in colour more than
		// in brightness make no blobs: look again with chroma too.
		if err := lookAgain(lookChroma); err != nil {
			return nil, err
		}
	}
	bestFirst()
	if weakFind(out) || weakBest(out) {
		// Flat cells edge to edge, parted by blurred lines, make no
		// blobs but the lit ones (merged where they touch): look again
		// at regions parted by lines a few pixels wide; and when the
		// best is at most 4 cells, at the cells of a grid of straight
		// edges too (grids of lines in clutter cost more than they
		// give a larger lattice). A best lattice still weak for its
		// cells after the chroma look is often clutter beside a screen
		// (boardgen 109272: 11×11 of fabric beside a 5×10 board on a
		// monitor); about one photo in five of boardgen's takes this
		// look so.
		look := lookLines
		if len(out) == 0 || out[0].rows*out[0].cols <= 4 {
			look = lookGridLines
		}
		if err := lookAgain(look); err != nil {
			return nil, err
		}
	}
	bestFirst()
	out = dropPieces(distinct(out))
	bestFirst()
	otherFirst(out)
	for i := range out {
		out[i].doubt(sizeDoubts(&out[i]))
	}
	if r := rival(out); r > 0 && out[r].score >= rivalShare*out[0].score {
		// A close rival: the best may be the wrong grid.
		out[0].doubt(doubtRival)
	}
	if len(out) > maxLattices {
		out = out[:maxLattices]
	}
	if dbg.enabled() {
		drawLattices(work, out, scale, dbg)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%d candidate blobs, no regular grid of them: %w", nb, ErrNoBoard)
	}
	return out, nil
}

// spreadLook returns the lattices of work's levels spread over the whole
// range (stretchLevels), measured on work itself; none when work spans
// enough of the range already. With dbg, the blobs it found are drawn
// over the spread copy.
func spreadLook(work gocv.Mat, rows, cols int, scale float64, workers int, dbg *debugger) ([]lattice, error) {
	spread := gocv.NewMat()
	defer spread.Close()
	m, ok := stretchLevels(work, &spread)
	if !ok {
		return localLook(work, rows, cols, scale, workers, dbg)
	}
	out, _, err := latticesOn(spread, work, &m, lookPlain, nil, rows, cols, scale, workers, dbg)
	if err != nil || !weakBest(out) {
		return out, err
	}
	more, err := localLook(work, rows, cols, scale, workers, dbg)
	return append(out, more...), err
}

// localLook returns the lattices of work with its lightness equalised
// tile by tile (CLAHE on L of Lab): a dark panel in a bright photo, its
// unlit lights a few levels from it, spans the range already, so
// stretchLevels leaves it as it is.
func localLook(work gocv.Mat, rows, cols int, scale float64, workers int, dbg *debugger) ([]lattice, error) {
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(work, &lab, gocv.ColorBGRToLab)
	ch := gocv.Split(lab)
	for i := range ch {
		defer ch[i].Close()
	}
	c := gocv.NewCLAHEWithParams(claheClip, image.Pt(claheTiles, claheTiles))
	defer c.Close()
	eq := gocv.NewMat()
	defer eq.Close()
	c.Apply(ch[0], &eq)
	eq.CopyTo(&ch[0])
	gocv.Merge(ch, &lab)
	local := gocv.NewMat()
	defer local.Close()
	gocv.CvtColor(lab, &local, gocv.ColorLabToBGR)
	out, _, err := latticesOn(local, work, nil, lookPlain, nil, rows, cols, scale, workers, dbg)
	for i := range out {
		// Equalising lifts noise and texture as well as faint
		// buttons: a grid seen only so is not sure of its size.
		out[i].doubt(doubtLocal)
	}
	return out, err
}

// CLAHE's settings for localLook.
const (
	claheClip  = 4
	claheTiles = 8
)

// otherFirst moves the best of ls (sorted best first) found by a look
// other than the equalised one to the front, when it is not weak: a
// score that rests on lifted contrast does not put a lattice before it.
// The rest keep their order.
func otherFirst(ls []lattice) {
	for k, l := range ls {
		if l.doubts&doubtLocal == 0 {
			if k > 0 && sizeDoubts(&l)&doubtWeak == 0 {
				copy(ls[1:k+1], ls[:k])
				ls[0] = l
			}
			return
		}
	}
}

// rival returns the index of the lattice that rivals ls[0] (sorted
// best first), 0 when there is none: the next one, or when ls[0] was
// found by a look other than the equalised one, the next such: a score
// resting on lifted contrast rivals none of theirs.
func rival(ls []lattice) int {
	for k := 1; k < len(ls); k++ {
		if ls[0].doubts&doubtLocal != 0 || ls[k].doubts&doubtLocal == 0 {
			return k
		}
	}
	return 0
}

// clearBest reports whether the best-scoring of ls (bestOther) scores
// at least clearScore a cell.
func clearBest(ls []lattice) bool {
	best := bestOther(ls)
	return best >= 0 && ls[best].score >= clearScore*float64(ls[best].rows*ls[best].cols)
}

// weakBest reports whether the best-scoring of ls (bestOther) scores
// weakly for its cells (see sizeDoubts), or there is none.
func weakBest(ls []lattice) bool {
	best := bestOther(ls)
	return best < 0 || sizeDoubts(&ls[best])&doubtWeak != 0
}

// bestOther returns the index of the best-scoring of ls that a look
// other than the equalised one found, -1 when none did: scores of the
// equalised look alone rest on lifted contrast.
func bestOther(ls []lattice) int {
	best := -1
	for i := range ls {
		if ls[i].doubts&doubtLocal != 0 {
			continue
		}
		if best < 0 || ls[i].score > ls[best].score {
			best = i
		}
	}
	return best
}

// latticesOn returns the lattices that the blobs of seg (8-bit BGR, the
// copy findAt searches, scale full-resolution pixels per pixel) make,
// unsorted, and the number of blobs. Blobs are found on seg and
// everything else is measured on work, the same copy before the level
// map m (nil when seg is work, or when no map undoes seg's levels: then
// the blobs' colours are measured on work again): scores and colours
// then compare with those of the first look. cache (nil for none) keeps
// the segmentations every look of seg shares (collectBlobs).
func latticesOn(seg, work gocv.Mat, m *levelMap, look blobLook, cache *segCache, rows, cols int, scale float64, workers int, dbg *debugger) ([]lattice, int, error) {
	bs, err := collectBlobs(seg, workers, look, cache)
	if err != nil {
		return nil, 0, fmt.Errorf("finding blobs: %w", err)
	}
	data, err := work.DataPtrUint8()
	if err != nil {
		return nil, 0, fmt.Errorf("work image: %w", err)
	}
	other := seg.Ptr() != work.Ptr()
	switch {
	case m != nil:
		for i := range bs {
			b := &bs[i]
			b.inner, b.ring = m.undo(b.inner), m.undo(b.ring)
			b.contrast /= m.gain
		}
	case other:
		for i := range bs {
			appearance(data, work.Cols(), work.Rows(), &bs[i])
		}
	}
	if dbg.enabled() {
		// Over the copy the blobs were found on: a spread or equalised
		// look shows what it saw.
		name := "blobs"
		switch {
		case m != nil:
			name = "blobs-spread"
		case other:
			name = "blobs-local"
		}
		drawBlobs(seg, bs, name, dbg)
	}
	f := newFinder(bs, data, work.Cols(), work.Rows())
	hs := f.search()
	// Buttons and the gaps between them: the other lattice of the pair.
	hs = append(hs, f.cosets(hs)...)
	// Boards whose cells merged into one blob: split it by its pitch.
	hs = append(hs, f.splitBlobs(hs)...)
	// Lit lights alone, far apart on one lattice (a dim room).
	hs = append(hs, f.sparse(hs)...)
	var out []lattice
	for _, h := range hs {
		if l, ok := f.toLattice(h, rows, cols, scale); ok {
			out = append(out, l)
		}
	}
	return out, len(bs), nil
}

// sizeDoubts returns the reasons not to vouch for l's size that its
// size and score give: weak lattices (few, faint or small blobs for
// their cells) and sizes beyond the classic boards are where patterns
// that are not boards win.
func sizeDoubts(l *lattice) sizeDoubt {
	var d sizeDoubt
	cells := float64(l.rows * l.cols)
	if l.score < weakScore*cells || cells <= smallCells && l.score < smallWeakScore*cells {
		d |= doubtWeak
	}
	if max(l.rows, l.cols) > 10 {
		d |= doubtLarge
	}
	return d
}

// toLattice orients a hypothesis as the board appears in the photo
// (columns run rightwards, rows downwards), cuts or extends it to a fixed
// size when one is given, and fits the board-to-image homography in
// full-resolution pixels.
func (f *finder) toLattice(h *hyp, rows, cols int, scale float64) (lattice, bool) {
	ci, cj := float64(h.i0+h.i1)/2, float64(h.j0+h.j1)/2
	x, y := applyH(&h.h, ci, cj)
	xi, yi := applyH(&h.h, ci+1, cj)
	xj, yj := applyH(&h.h, ci, cj+1)
	di, dj := vec{xi - x, yi - y}, vec{xj - x, yj - y}
	// The column axis is the lattice direction closer to the image's x.
	uAxisI := math.Abs(di.x)/di.len() > math.Abs(dj.x)/dj.len()
	var du, dv vec
	if uAxisI {
		du, dv = di, dj
	} else {
		du, dv = dj, di
	}
	su, sv := 1, 1
	if du.x < 0 {
		su = -1
	}
	if dv.y < 0 {
		sv = -1
	}
	uv := func(n [2]int) (int, int) {
		if uAxisI {
			return su * n[0], sv * n[1]
		}
		return su * n[1], sv * n[0]
	}
	umin, vmin := math.MaxInt, math.MaxInt
	umax, vmax := math.MinInt, math.MinInt
	for _, n := range [][2]int{{h.i0, h.j0}, {h.i1, h.j1}} {
		u, v := uv(n)
		umin, umax = min(umin, u), max(umax, u)
		vmin, vmax = min(vmin, v), max(vmax, v)
	}
	nc, nr := umax-umin+1, vmax-vmin+1
	var doubts sizeDoubt
	if !f.extentSure(h, uv, umin, umax, vmin, vmax) {
		doubts |= doubtSparseEdge
	}
	if len(h.node) < minSureNodes {
		doubts |= doubtFewNodes
	}
	if h.cont > 0 {
		doubts |= doubtContinues
	}
	if h.caseGrown {
		doubts |= doubtCaseGrown
	}
	if h.sparse {
		doubts |= doubtSparse
	}
	if f.beyond(h) > 0 {
		doubts |= doubtBeyond
	}
	if f.foreignEdge(h) {
		doubts |= doubtForeignEdge
	}
	if rows > 0 {
		exact := nr == rows && nc == cols
		if nr > rows || nc > cols {
			// More cells than the given size: keep the window with the
			// most blobs.
			umin, vmin = bestWindow(h, uv, umin, umax, vmin, vmax, cols, rows)
		} else if !exact {
			// Fewer: place the window where the cells without blobs
			// look most like buttons.
			umin, vmin = f.placeWindow(h, uAxisI, su, sv, umin, umax, vmin, vmax, cols, rows)
		}
		nc, nr = cols, rows
		// The size is the caller's; the placement is sure only when
		// the blobs fill it.
		doubts = 0
		if !exact {
			doubts = doubtGivenSize
		}
		if exact {
			h.score *= 1.5
		}
	}
	if nr < 2 || nc < 2 || nr > maxCells || nc > maxCells {
		return lattice{}, false
	}
	var src, dst [][2]float64
	for _, n := range h.sortedNodes() {
		k := h.node[n]
		u, v := uv(n)
		u, v = u-umin, v-vmin
		if u < 0 || v < 0 || u >= nc || v >= nr {
			continue
		}
		src = append(src, [2]float64{float64(u) + 0.5, float64(v) + 0.5})
		b := &f.bs[k]
		dst = append(dst, [2]float64{(b.x+0.5)*scale - 0.5, (b.y+0.5)*scale - 0.5})
	}
	m, ok := fitRobust(src, dst)
	if !ok {
		return lattice{}, false
	}
	l := lattice{rows: nr, cols: nc, h: m, score: h.score, sizeSure: true, sparse: h.sparse}
	l.doubt(doubts)
	if rows > 0 && !l.inside(float64(f.w)*scale, float64(f.h)*scale) {
		// A window of the given size that runs off the photo is not
		// the board, which lies whole in it.
		l.score *= offPhotoWeight
	}
	return l, true
}

// offPhotoWeight is the factor on the score of a window of a given size
// that runs off the photo.
const offPhotoWeight = 0.1

// inside reports whether l's outer corners lie in a w×h image, or within
// a quarter of a cell of it (the board's edge can touch the frame).
func (l *lattice) inside(w, h float64) bool {
	right, bottom := float64(l.cols)-0.25, float64(l.rows)-0.25
	for _, q := range [][2]float64{{0.25, 0.25}, {right, 0.25}, {right, bottom}, {0.25, bottom}} {
		p := l.project(q[0], q[1])
		if p.X < 0 || p.Y < 0 || p.X > w || p.Y > h {
			return false
		}
	}
	return true
}

// rmsResidual is the root mean square distance between m(src) and dst.
func rmsResidual(m *[9]float64, src, dst [][2]float64) float64 {
	var s float64
	for i := range src {
		x, y := applyH(m, src[i][0], src[i][1])
		s += (x-dst[i][0])*(x-dst[i][0]) + (y-dst[i][1])*(y-dst[i][1])
	}
	return math.Sqrt(s / float64(len(src)))
}

// extentSure reports whether each outer line of the extent holds blobs
// at a good share of its cells, so that no dark row or column of the
// board is likely to lie beyond it unseen.
func (f *finder) extentSure(h *hyp, uv func([2]int) (int, int), umin, umax, vmin, vmax int) bool {
	var top, bottom, left, right int
	for n := range h.node {
		u, v := uv(n)
		if v == vmin {
			top++
		}
		if v == vmax {
			bottom++
		}
		if u == umin {
			left++
		}
		if u == umax {
			right++
		}
	}
	nc, nr := umax-umin+1, vmax-vmin+1
	return 2*top >= nc && 2*bottom >= nc && 2*left >= nr && 2*right >= nr
}

// beyondShare is the share of a line's points next to the extent that
// must hold a blob of the lattice's size for the line to count as one
// the lattice may have missed.
const beyondShare = 0.4

// beyond counts the sides of the extent whose next line of lattice
// points holds blobs of the lattice's size at beyondShare of its points
// inside the image, whatever their colour: a row of buttons the trim
// judged foreign (all lit in another colour), or a board going on past
// what was grown. Such an extent may be a line short.
func (f *finder) beyond(h *hyp) int {
	count := 0
	for _, line := range h.outsideLines() {
		hit, n := 0, 0
		for _, p := range line {
			i, j := p[0], p[1]
			x, y := applyH(&h.h, i, j)
			if x < 0 || y < 0 || x >= float64(f.w) || y >= float64(f.h) {
				continue
			}
			n++
			pi, pj := localPitch(&h.h, i, j)
			if f.nearest(x, y, matchTol*math.Min(pi, pj), h.size, nil) >= 0 {
				hit++
			}
		}
		if n > 0 && float64(hit) >= beyondShare*float64(n) {
			count++
		}
	}
	return count
}

// foreignEdge reports whether an outer line of h, or the line inside
// it, holds blobs that mostly look like none of the blobs further in:
// two lines of a pattern beside the board (floor tiles, keys) vouch for
// each other in the trim, which compares a line with all the rest.
func (f *finder) foreignEdge(h *hyp) bool {
	sides := [4][3]int{{0, h.i0, 1}, {0, h.i1, -1}, {1, h.j0, 1}, {1, h.j1, -1}}
	for _, sd := range sides {
		span := h.i1 - h.i0
		if sd[0] == 1 {
			span = h.j1 - h.j0
		}
		if span < 3 {
			continue
		}
		var outer, second, core []int
		for n, k := range h.node {
			switch n[sd[0]] {
			case sd[1]:
				outer = append(outer, k)
			case sd[1] + sd[2]:
				second = append(second, k)
			default:
				core = append(core, k)
			}
		}
		if len(core) == 0 {
			continue
		}
		if f.unlike(outer, core) || f.unlike(second, core) {
			return true
		}
	}
	return false
}

// unlike reports whether most blobs of line look like fewer than two
// blobs of core, or than a tenth of them: one stray blob inside the
// lattice must not vouch for a line.
func (f *finder) unlike(line, core []int) bool {
	need := max(2, len(core)/10)
	far := 0
	for _, k := range line {
		alike := 0
		for _, o := range core {
			if colourDist(&f.bs[k], &f.bs[o]) <= foreignColour {
				alike++
			}
		}
		if alike < need {
			far++
		}
	}
	return 2*far > len(line)
}

// placeWindow returns the top-left (u, v) of the cols×rows window,
// containing the extent umin..umax × vmin..vmax, whose cells without a
// blob most often look like buttons (contrast with their surroundings
// of at least half the blobs' typical contrast); among those, the one
// whose cells without a blob most often look like the extent's own
// (the board's panel: in a dim room only the lit lights show, and the
// window must stay on the panel around them); ties go to the most
// centred window.
func (f *finder) placeWindow(h *hyp, uAxisI bool, su, sv, umin, umax, vmin, vmax, cols, rows int) (int, int) {
	minCon := f.minContrast(h)
	ij := func(u, v int) (int, int) {
		if uAxisI {
			return su * u, sv * v
		}
		return sv * v, su * u
	}
	type look struct {
		con         float64 // contrast with its surroundings
		in          bool    // lies in the image
		inner, ring [3]float64
	}
	looks := map[[2]int]look{}
	cell := func(u, v int) (look, bool) {
		i, j := ij(u, v)
		if _, ok := h.node[[2]int{i, j}]; ok {
			return look{}, false
		}
		if r, ok := looks[[2]int{u, v}]; ok {
			return r, true
		}
		x, y := applyH(&h.h, float64(i), float64(j))
		b := blob{x: x, y: y, area: h.size * h.size}
		var r look
		if inImage(x, y, f.w, f.h) {
			appearance(f.bgr, f.w, f.h, &b)
			r = look{con: b.contrast, in: true, inner: b.inner, ring: b.ring}
		}
		looks[[2]int{u, v}] = r
		return r, true
	}
	// The panel: the median colour of the extent's cells without a blob,
	// and of the surroundings of all its cells (the gaps).
	var panel, gaps [3]float64
	var ch, rg [3][]float64
	for u := umin; u <= umax; u++ {
		for v := vmin; v <= vmax; v++ {
			if r, ok := cell(u, v); ok && r.in {
				for k := range ch {
					ch[k] = append(ch[k], r.inner[k])
				}
			}
			i, j := ij(u, v)
			if k, ok := h.node[[2]int{i, j}]; ok {
				for c := range rg {
					rg[c] = append(rg[c], f.bs[k].ring[c])
				}
			}
		}
	}
	hasPanel, hasGaps := len(ch[0]) > 0, len(rg[0]) > 0
	if hasPanel {
		panel = medianColour(ch)
	}
	if hasGaps {
		gaps = medianColour(rg)
	}
	near := func(a, b [3]float64) bool { return rms3(a, b) < minCon }
	// A button sits on the board: its surroundings look like the gaps
	// between the blobs (a cell across the board's edge contrasts too).
	button := func(r look) bool { return r.in && r.con >= minCon && (!hasGaps || near(r.ring, gaps)) }
	onPanel := func(r look) bool { return hasPanel && r.in && near(r.inner, panel) }
	cu, cv := umin-(cols-(umax-umin+1))/2, vmin-(rows-(vmax-vmin+1))/2
	bu, bv, best, bestPanel, bestOff := cu, cv, -1, -1, 0
	for u0 := umax - cols + 1; u0 <= umin; u0++ {
		for v0 := vmax - rows + 1; v0 <= vmin; v0++ {
			n, p := 0, 0
			for u := u0; u < u0+cols; u++ {
				for v := v0; v < v0+rows; v++ {
					r, ok := cell(u, v)
					if !ok {
						continue
					}
					if button(r) {
						n++
					}
					if onPanel(r) {
						p++
					}
				}
			}
			off := iabs(u0-cu) + iabs(v0-cv)
			if n > best || n == best && (p > bestPanel || p == bestPanel && off < bestOff) {
				bu, bv, best, bestPanel, bestOff = u0, v0, n, p, off
			}
		}
	}
	return bu, bv
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bestWindow returns the top-left (u, v) of the cols×rows window holding
// the most nodes.
func bestWindow(h *hyp, uv func([2]int) (int, int), umin, umax, vmin, vmax, cols, rows int) (int, int) {
	bu, bv, best := umin, vmin, -1
	for u0 := min(umin, umax-cols+1); u0 <= max(umin, umax-cols+1); u0++ {
		for v0 := min(vmin, vmax-rows+1); v0 <= max(vmin, vmax-rows+1); v0++ {
			c := 0
			for n := range h.node {
				u, v := uv(n)
				if u >= u0 && u < u0+cols && v >= v0 && v < v0+rows {
					c++
				}
			}
			if c > best {
				bu, bv, best = u0, v0, c
			}
		}
	}
	return bu, bv
}

// drawBlobs writes the candidate blobs over work, the copy they were
// found on, as the debug image name.
func drawBlobs(work gocv.Mat, bs []blob, name string, dbg *debugger) {
	img := work.Clone()
	defer img.Close()
	for _, b := range bs {
		c := color.RGBA{0, 255, 0, 0}
		switch b.src {
		case segAdaptDark, segOtsuVDark, segOtsuSDark, segAdaptCDark:
			c = color.RGBA{255, 0, 255, 0}
		}
		r := max(2, int(b.size()/2))
		gocv.Circle(&img, image.Pt(int(b.x), int(b.y)), r, c, 1)
	}
	dbg.write(name, img)
}

// drawLattices writes the hypotheses over the work image: the best in
// green with its cell coordinates, the others in grey.
func drawLattices(work gocv.Mat, ls []lattice, scale float64, dbg *debugger) {
	img := work.Clone()
	defer img.Close()
	for i := len(ls) - 1; i >= 0; i-- {
		l := &ls[i]
		c := color.RGBA{150, 150, 150, 0}
		if i == 0 {
			c = color.RGBA{0, 255, 0, 0}
		}
		pt := func(u, v float64) image.Point {
			p := l.project(u, v)
			return image.Pt(int((p.X+0.5)/scale-0.5), int((p.Y+0.5)/scale-0.5))
		}
		for r := 0; r <= l.rows; r++ {
			gocv.Line(&img, pt(0, float64(r)), pt(float64(l.cols), float64(r)), c, 1)
		}
		for k := 0; k <= l.cols; k++ {
			gocv.Line(&img, pt(float64(k), 0), pt(float64(k), float64(l.rows)), c, 1)
		}
		if i == 0 {
			for r := 0; r < l.rows; r++ {
				for k := 0; k < l.cols; k++ {
					p := pt(float64(k)+0.3, float64(r)+0.6)
					gocv.PutText(&img, fmt.Sprintf("%d,%d", r, k), p, gocv.FontHersheyPlain, 0.7, c, 1)
				}
			}
			gocv.PutText(&img, fmt.Sprintf("%dx%d score %.1f sure %v", l.rows, l.cols, l.score, l.sizeSure),
				image.Pt(5, 15), gocv.FontHersheyPlain, 1, c, 1)
		}
	}
	dbg.write("lattice", img)
}

// distinct drops lattices that repeat a better one: the same size with
// every corner within a third of a pitch (the same blobs found by two
// segmentations, or numbered along the other axis). A better one found
// by the equalised look gives way to a repeat from another look, score
// and all: equalising lifts blobs' contrast.
func distinct(ls []lattice) []lattice {
	var out []lattice
	for _, l := range ls {
		dup := false
		for k := range out {
			o := &out[k]
			if l.rows == o.rows && l.cols == o.cols && sameCorners(&l, o) {
				dup = true
				if o.doubts&doubtLocal != 0 && l.doubts&doubtLocal == 0 {
					// Another look found it too: keep that one, whose
					// score its own blobs earned.
					*o = l
				}
				break
			}
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

func sameCorners(a, b *lattice) bool {
	ca, cb := a.corners(), b.corners()
	pitch := math.Hypot(ca[1].X-ca[0].X, ca[1].Y-ca[0].Y) / float64(a.cols)
	pitch = math.Min(pitch, math.Hypot(ca[3].X-ca[0].X, ca[3].Y-ca[0].Y)/float64(a.rows))
	for i := range ca {
		if math.Hypot(ca[i].X-cb[i].X, ca[i].Y-cb[i].Y) > pitch/3 {
			return false
		}
	}
	return true
}
