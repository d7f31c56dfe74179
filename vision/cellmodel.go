package vision

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"sort"
	"sync"

	"lightsout/trees"
)

// The cell model is a second opinion on the cells the rules doubt:
// boosted trees over each cell's measures, put in terms of its own board
// (cellFeatures), trained on rendered boards through their label corners
// (TestTrainCellModel says how). It overrules the rules only where they
// doubt a cell and it is nearly sure (modelSure); such a cell stays in
// doubt. Through the label corners it reads 750 of 800 boards of the
// renders 99000..99799 right where the rules alone read 731, 282 of 300
// of 102000..102299 against 276, all 40 of testdata/photos against 39,
// and 171 of 180 of other styles and of the real photos' variants
// against 170.

//go:embed cells.trees
var cellModelText []byte

// cellModel is the embedded model, parsed once.
var cellModel = sync.OnceValue(func() *trees.Model {
	m, err := trees.Read(bytes.NewReader(cellModelText))
	if err != nil {
		panic(fmt.Sprintf("vision: the embedded cell model: %v", err))
	}
	return m
})

// modelSure is how near 0 or 1 the model's probability must be for it
// to overrule a doubted cell. At 0.8 it read 9 more of those 1100
// renders right but lost 2 of testdata/photos; it is kept high because
// the model knows only our renderer's styles.
const modelSure = 0.98

// cellMeasures are the measures of one cell the model reads.
func cellMeasures(x cellStats) []float64 {
	return []float64{x.v, x.s, x.spread, x.rim, x.ring, x.peak, x.peakS, x.ca, x.cb,
		x.kc[0], x.kc[1], x.kr[0], x.kr[1], x.halo, x.v - x.rim, x.peak - x.v}
}

// cellFeatures returns, for every cell of the grid of ext (measure's grid
// with its ring) row-major, the model's features: each measure as it is,
// less the board's median, over the board's spread (10th to 90th
// percentile), that spread, less the median of the ring of would-be
// cells around the grid, and less the median of its eight neighbours.
// Lights differ from board to board by a factor of ten; the relative
// features carry over.
func cellFeatures(ext [][]cellStats) [][]float64 {
	rows, cols := len(ext)-2, len(ext[0])-2
	meas := make([][][]float64, len(ext))
	var in, out [][]float64
	for r, row := range ext {
		meas[r] = make([][]float64, len(row))
		for c, st := range row {
			meas[r][c] = cellMeasures(st)
			if r == 0 || c == 0 || r == rows+1 || c == cols+1 {
				out = append(out, meas[r][c])
			}
		}
	}
	for r := 1; r <= rows; r++ {
		in = append(in, meas[r][1:cols+1]...)
	}
	k := len(in[0])
	// Not sortedQuantile: the model was trained on these values, taken
	// at the lower rank without interpolating.
	quantile := func(xs [][]float64, j int, q float64) float64 {
		v := make([]float64, len(xs))
		for i := range xs {
			v[i] = xs[i][j]
		}
		sort.Float64s(v)
		return v[int(q*float64(len(v)-1))]
	}
	med, lo, hi, ringMed := make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
	for j := range k {
		med[j] = quantile(in, j, 0.5)
		lo[j] = quantile(in, j, 0.1)
		hi[j] = quantile(in, j, 0.9)
		ringMed[j] = quantile(out, j, 0.5)
	}
	feats := make([][]float64, len(in))
	for i, x := range in {
		r, c := i/cols+1, i%cols+1
		around := make([][]float64, 0, 8)
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if dr != 0 || dc != 0 {
					around = append(around, meas[r+dr][c+dc])
				}
			}
		}
		f := make([]float64, 0, 6*k)
		for j := range k {
			f = append(f, x[j], x[j]-med[j], (x[j]-lo[j])/(hi[j]-lo[j]+1e-3), hi[j]-lo[j], x[j]-ringMed[j], x[j]-quantile(around, j, 0.5))
		}
		for j, v := range f {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				f[j] = 0
			}
		}
		feats[i] = f
	}
	return feats
}

// leans reports whether, for every cell of ps, the model's p that the
// cell is lit lies on lit's side of one half; a sure cell (NaN) that the
// model was not asked about stops it.
func leans(ps []float64, lit bool) bool {
	for _, p := range ps {
		if math.IsNaN(p) || (p > 0.5) != lit {
			return false
		}
	}
	return true
}

// secondOpinion lets the cell model overrule the verdict on the cells
// the rules doubt, where it is nearly sure; they stay in doubt. ext is
// the board as first measured. A board split on its spots is left as it
// is: the model's features miss them; so is a reading turned round for a
// light screen (lightScreen), whose lit cells are the darker ones, and
// one of dark marks on a pale panel (ink), which may be the lights.
func secondOpinion(v *verdict, ext [][]cellStats) {
	if v.spot || v.lightScreen || v.ink {
		return
	}
	cols := len(ext[0]) - 2
	var feats [][]float64
	n := 0
	one, was := v.oneGroup, v.lit[0][0]
	var kept []float64 // the model's p of each cell left as read, NaN if sure
	var last [2]int    // the last cell turned
	for r, row := range v.conf {
		for c, conf := range row {
			if conf >= UncertainBelow || v.covered[r*cols+c] {
				kept = append(kept, math.NaN())
				continue
			}
			if feats == nil {
				feats = cellFeatures(ext)
			}
			p := cellModel().Prob(feats[r*cols+c])
			if lit := v.lit[r][c]; (lit && p < 1-modelSure) || (!lit && p > modelSure) {
				v.lit[r][c] = !lit
				n++
				last = [2]int{r, c}
			} else {
				kept = append(kept, p)
			}
		}
	}
	if one && n == 1 && len(v.lit)*cols >= smallBoard {
		// One odd cell of a one-group board (glare, a cursor) fools
		// the model more often than a lone light fools the rules. (On
		// a board of a few cells the rules call no group of one.)
		v.lit[last[0]][last[1]] = was
		n = 0
	}
	if one && n > len(kept) && leans(kept, !was) {
		// A board read as one group whose cells the model mostly
		// turns, and leans to turn on each of the rest: a board of one
		// state read the wrong way round. All of it turns.
		for _, row := range v.lit {
			for c := range row {
				if row[c] == was {
					row[c] = !was
					n++
				}
			}
		}
	}
	if n > 0 {
		v.why["model"] = n
		// A board read as one group that the model splits holds both
		// groups now: what reads v.lit[0][0] as the whole board's
		// reading, or skips a one-group board, must not.
		v.oneGroup = false
	}
}
