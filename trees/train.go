package trees

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
)

// Params of training; the zero value of a field means its default.
type Params struct {
	Rounds  int     // boosting rounds, one tree each (default 200)
	Depth   int     // most splits from the root to a leaf (default 6)
	Rate    float64 // learning rate that scales each leaf (default 0.1)
	Lambda  float64 // L2 penalty on leaf values (default 1)
	Bins    int     // quantile bins per feature (default 32, from 2 to 256)
	MinRows int     // fewest rows a node must hold to split (default 40)
}

// minHess is the least hessian sum each side of a split must have.
const minHess = 5

// withDefaults returns p with its zero fields set to their defaults, or an
// error if a field is out of range.
func (p Params) withDefaults() (Params, error) {
	switch {
	case p.Rounds < 0:
		return p, fmt.Errorf("trees: Rounds %d < 0", p.Rounds)
	case p.Depth < 0:
		return p, fmt.Errorf("trees: Depth %d < 0", p.Depth)
	case p.Rate < 0 || math.IsNaN(p.Rate) || math.IsInf(p.Rate, 0):
		return p, fmt.Errorf("trees: Rate %g is not finite and positive", p.Rate)
	case p.Lambda < 0 || math.IsNaN(p.Lambda) || math.IsInf(p.Lambda, 0):
		return p, fmt.Errorf("trees: Lambda %g is not finite and positive", p.Lambda)
	case p.Bins < 0 || p.Bins == 1 || p.Bins > 256:
		return p, fmt.Errorf("trees: Bins %d is not from 2 to 256", p.Bins)
	case p.MinRows < 0:
		return p, fmt.Errorf("trees: MinRows %d < 0", p.MinRows)
	}
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&p.Rounds, 200)
	def(&p.Depth, 6)
	def(&p.Bins, 32)
	def(&p.MinRows, 40)
	if p.Rate == 0 {
		p.Rate = 0.1
	}
	if p.Lambda == 0 {
		p.Lambda = 1
	}
	return p, nil
}

// Train fits a model to rows x with labels y. It returns an error if x is
// empty or ragged, if its rows have more than MaxFeatures values, if a
// value is NaN or infinite, if len(y) != len(x), or
// if a field of p is out of range.
//
// Training is deterministic: the same input gives the same model. It uses up
// to 2 goroutines.
func Train(x [][]float64, y []bool, p Params) (*Model, error) {
	p, err := p.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := check(x, y); err != nil {
		return nil, err
	}
	t := newTrainer(x, y, p)
	m := &Model{features: t.nf}
	for range p.Rounds {
		t.newRound()
		m.roots = append(m.roots, int32(len(m.nodes)))
		t.nodes = t.nodes[:0]
		var root []bin
		if t.splits(len(t.rows), p.Depth) {
			root = t.takeHist()
			t.fill(root, t.rows)
		}
		t.grow(0, len(t.rows), p.Depth, root)
		off := int32(len(m.nodes))
		for _, n := range t.nodes {
			if n.feature >= 0 {
				n.left += off
				n.right += off
			}
			m.nodes = append(m.nodes, n)
		}
	}
	return m, nil
}

func check(x [][]float64, y []bool) error {
	if len(x) == 0 {
		return errors.New("trees: no rows")
	}
	if len(x) > math.MaxInt32 {
		return fmt.Errorf("trees: %d rows, more than %d", len(x), math.MaxInt32)
	}
	if len(y) != len(x) {
		return fmt.Errorf("trees: %d labels for %d rows", len(y), len(x))
	}
	nf := len(x[0])
	if nf > MaxFeatures {
		return fmt.Errorf("trees: %d features, more than %d", nf, MaxFeatures)
	}
	if nf == 0 {
		return errors.New("trees: rows have no features")
	}
	for i, r := range x {
		if len(r) != nf {
			return fmt.Errorf("trees: row %d has %d features, row 0 has %d", i, len(r), nf)
		}
		for j, v := range r {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("trees: row %d feature %d is %g", i, j, v)
			}
		}
	}
	return nil
}

// A bin sums the gradients and hessians of the rows that fall in it.
type bin struct {
	g, h float64
	n    int // rows, so a bin emptied by subtraction is exactly zero
}

// A trainer holds the state of one call to Train.
type trainer struct {
	p      Params
	nf, nb int
	edges  [][]float64 // per feature, the upper edges of its bins but the last
	bins   []uint8     // row-major: the bin of row i, feature j is bins[i*nf+j]
	y      []bool
	score  []float64 // each row's sum of leaves so far
	g, h   []float64 // each row's gradient and hessian this round
	rows   []int32   // row indices; each node holds a range, in increasing order
	tmp    []int32   // scratch for partitioning rows
	free   [][]bin   // spare histograms of nf*nb bins
	nodes  []node    // the tree being grown, indices relative to its root
}

func newTrainer(x [][]float64, y []bool, p Params) *trainer {
	n, nf, nb := len(x), len(x[0]), p.Bins
	t := &trainer{
		p: p, nf: nf, nb: nb,
		edges: make([][]float64, nf),
		bins:  make([]uint8, n*nf),
		y:     y,
		score: make([]float64, n),
		g:     make([]float64, n),
		h:     make([]float64, n),
		rows:  make([]int32, n),
		tmp:   make([]int32, n),
	}
	// Sort the columns for their edges, half the features in each goroutine.
	inHalves(nf, func(f0, f1 int) { t.setEdges(x, f0, f1) })
	for i, r := range x {
		for j, v := range r {
			t.bins[i*nf+j] = uint8(sort.SearchFloat64s(t.edges[j], v))
		}
	}
	return t
}

// setEdges sets the bin edges of features f0 to f1-1 from the quantiles of x.
func (t *trainer) setEdges(x [][]float64, f0, f1 int) {
	n := len(x)
	col := make([]float64, n)
	for j := f0; j < f1; j++ {
		for i, r := range x {
			col[i] = r[j]
		}
		slices.Sort(col)
		e := make([]float64, t.nb-1)
		for k := range e {
			e[k] = col[(k+1)*n/t.nb]
		}
		t.edges[j] = e
	}
}

// newRound sets g and h from the current scores and puts the rows in order.
func (t *trainer) newRound() {
	for i := range t.rows {
		t.rows[i] = int32(i)
	}
	for i, s := range t.score {
		p := sigmoid(s)
		y := 0.0
		if t.y[i] {
			y = 1
		}
		t.g[i] = p - y
		t.h[i] = p * (1 - p)
	}
}

func (t *trainer) takeHist() []bin {
	if k := len(t.free); k > 0 {
		h := t.free[k-1]
		t.free = t.free[:k-1]
		return h
	}
	return make([]bin, t.nf*t.nb)
}

func (t *trainer) putHist(h []bin) { t.free = append(t.free, h) }

// splits reports whether a node of n rows with depth levels below it may split.
func (t *trainer) splits(n, depth int) bool { return depth > 0 && n >= t.p.MinRows }

// grow makes a node of rows[lo:hi] and its subtree, and returns its index in
// t.nodes. hist holds the node's histograms if it may split and is nil
// otherwise; grow takes ownership of it. Leaves add their output to the
// scores of their rows.
func (t *trainer) grow(lo, hi, depth int, hist []bin) int32 {
	rows := t.rows[lo:hi]
	var sg, sh float64
	for _, i := range rows {
		sg += t.g[i]
		sh += t.h[i]
	}
	id := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{})
	f, b := -1, 0
	if hist != nil {
		f, b = t.best(hist, sg, sh)
	}
	if f < 0 {
		if hist != nil {
			t.putHist(hist)
		}
		v := t.p.Rate * (-sg / (sh + t.p.Lambda))
		t.nodes[id] = node{value: v, feature: -1}
		for _, i := range rows {
			t.score[i] += v
		}
		return id
	}
	mid := lo + t.partition(rows, f, b)
	nl, nr := mid-lo, hi-mid
	lsplit, rsplit := t.splits(nl, depth-1), t.splits(nr, depth-1)
	var lh, rh []bin
	if !lsplit && !rsplit {
		t.putHist(hist)
	} else {
		// The larger child splits whenever the smaller one does (splits
		// asks only for rows and depth). Build the smaller child's
		// histograms; the larger's are the parent's less those.
		small := t.takeHist()
		if nl <= nr {
			t.fill(small, t.rows[lo:mid])
			lh, rh = small, hist
		} else {
			t.fill(small, t.rows[mid:hi])
			lh, rh = hist, small
		}
		subtract(hist, small)
		if !lsplit {
			t.putHist(lh)
			lh = nil
		}
		if !rsplit {
			t.putHist(rh)
			rh = nil
		}
	}
	l := t.grow(lo, mid, depth-1, lh)
	r := t.grow(mid, hi, depth-1, rh)
	t.nodes[id] = node{value: t.edges[f][b], feature: int32(f), left: l, right: r}
	return id
}

// best returns the feature and bin of the best split of a node with
// histograms hist and sums sg and sh, or feature -1 if no split gains.
func (t *trainer) best(hist []bin, sg, sh float64) (feature, bin int) {
	lambda := t.p.Lambda
	parent := sg * sg / (sh + lambda)
	best, feature := 0.0, -1
	for j := range t.nf {
		hj := hist[j*t.nb : (j+1)*t.nb]
		var gl, hl float64
		for b := range t.nb - 1 {
			gl += hj[b].g
			hl += hj[b].h
			gr, hr := sg-gl, sh-hl
			if hl < minHess || hr < minHess {
				continue
			}
			gain := gl*gl/(hl+lambda) + gr*gr/(hr+lambda) - parent
			if gain > best {
				best, feature, bin = gain, j, b
			}
		}
	}
	return feature, bin
}

// partition reorders rows stably so that those with a bin of feature f at
// most b come first, and returns how many they are.
func (t *trainer) partition(rows []int32, f, b int) int {
	nl, nr := 0, 0
	for _, i := range rows {
		if int(t.bins[int(i)*t.nf+f]) <= b {
			rows[nl] = i
			nl++
		} else {
			t.tmp[nr] = i
			nr++
		}
	}
	copy(rows[nl:], t.tmp[:nr])
	return nl
}

// parallelWork is the fewest row-features for which fill uses 2
// goroutines (a variable for the test of that path).
var parallelWork = 1 << 16

// fill sets hist to the histograms of rows.
func (t *trainer) fill(hist []bin, rows []int32) {
	if len(rows)*t.nf < parallelWork || t.nf < 2 {
		t.fillFeatures(hist, rows, 0, t.nf)
		return
	}
	inHalves(t.nf, func(f0, f1 int) { t.fillFeatures(hist, rows, f0, f1) })
}

// inHalves calls f on [0, n/2) and on [n/2, n), on two goroutines, and
// returns when both are done.
func inHalves(n int, f func(lo, hi int)) {
	half := n / 2
	var wg sync.WaitGroup
	wg.Go(func() { f(half, n) })
	f(0, half)
	wg.Wait()
}

// fillFeatures sets the histograms of features f0 to f1-1 from rows.
func (t *trainer) fillFeatures(hist []bin, rows []int32, f0, f1 int) {
	nb := t.nb
	hs := hist[f0*nb : f1*nb]
	clear(hs)
	for _, i := range rows {
		g, h := t.g[i], t.h[i]
		at := int(i) * t.nf
		for k, b := range t.bins[at+f0 : at+f1] {
			e := &hs[k*nb+int(b)]
			e.g += g
			e.h += h
			e.n++
		}
	}
}

// subtract sets each bin of a to a less b, and makes a bin with no rows left
// exactly zero.
func subtract(a, b []bin) {
	for k := range a {
		n := a[k].n - b[k].n
		if n == 0 {
			a[k] = bin{}
		} else {
			a[k] = bin{a[k].g - b[k].g, a[k].h - b[k].h, n}
		}
	}
}
