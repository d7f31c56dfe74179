package trees

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// data returns n seeded random rows of nf features in [-1, 1) labelled by rule.
func data(seed uint64, n, nf int, rule func([]float64) bool) ([][]float64, []bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := make([][]float64, n)
	y := make([]bool, n)
	for i := range x {
		x[i] = make([]float64, nf)
		for j := range x[i] {
			x[i][j] = 2*rng.Float64() - 1
		}
		y[i] = rule(x[i])
	}
	return x, y
}

func TestTrainLearns(t *testing.T) {
	tests := []struct {
		name  string
		rule  func([]float64) bool
		depth int
		want  float64 // least accuracy on held-out rows
	}{
		{"threshold", func(x []float64) bool { return x[2] > 0.3 }, 1, 0.98},
		{"sum", func(x []float64) bool { return x[0]+x[1] > 0 }, 3, 0.93},
		// At depth 2 no split of the root gains much on XOR, so greedy
		// trees learn it only as boosting makes the scores uneven.
		{"xor", func(x []float64) bool { return (x[0] > 0) != (x[3] > 0) }, 2, 0.9},
		{"xor deep", func(x []float64) bool { return (x[0] > 0) != (x[3] > 0) }, 6, 0.97},
	}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, y := data(uint64(k), 3000, 6, tt.rule)
			m, err := Train(x[:2000], y[:2000], Params{Rounds: 100, Depth: tt.depth})
			if err != nil {
				t.Fatal(err)
			}
			right := 0
			for i := 2000; i < len(x); i++ {
				p := m.Prob(x[i])
				if !(p > 0 && p < 1) {
					t.Fatalf("Prob(row %d) = %v, not in (0,1)", i, p)
				}
				if (p > 0.5) == y[i] {
					right++
				}
			}
			if acc := float64(right) / 1000; acc < tt.want {
				t.Errorf("held-out accuracy %.3f, want at least %.3f", acc, tt.want)
			}
		})
	}
}

func TestTrainRejects(t *testing.T) {
	good := [][]float64{{1, 2}, {3, 4}}
	tests := []struct {
		name string
		x    [][]float64
		y    []bool
		p    Params
		want string
	}{
		{"no rows", nil, nil, Params{}, "no rows"},
		{"no features", [][]float64{{}, {}}, []bool{true, false}, Params{}, "no features"},
		{"ragged", [][]float64{{1, 2}, {3}}, []bool{true, false}, Params{}, "row 1 has 1 features"},
		{"labels", good, []bool{true}, Params{}, "1 labels for 2 rows"},
		{"NaN", [][]float64{{1, 2}, {math.NaN(), 4}}, []bool{true, false}, Params{}, "row 1 feature 0 is NaN"},
		{"Inf", [][]float64{{1, math.Inf(-1)}, {3, 4}}, []bool{true, false}, Params{}, "row 0 feature 1 is -Inf"},
		{"too wide", [][]float64{make([]float64, MaxFeatures+1)}, []bool{true}, Params{}, "65537 features, more than 65536"},
		{"rounds", good, []bool{true, false}, Params{Rounds: -1}, "Rounds"},
		{"depth", good, []bool{true, false}, Params{Depth: -1}, "Depth"},
		{"rate", good, []bool{true, false}, Params{Rate: -0.1}, "Rate"},
		{"rate NaN", good, []bool{true, false}, Params{Rate: math.NaN()}, "Rate"},
		{"lambda", good, []bool{true, false}, Params{Lambda: math.Inf(1)}, "Lambda"},
		{"one bin", good, []bool{true, false}, Params{Bins: 1}, "Bins"},
		{"bins", good, []bool{true, false}, Params{Bins: 257}, "Bins"},
		{"min rows", good, []bool{true, false}, Params{MinRows: -3}, "MinRows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Train(tt.x, tt.y, tt.p)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Train = %v, %v; want error with %q", m, err, tt.want)
			}
		})
	}
}

// TestTrainBinLimits trains with the fewest and most bins.
func TestTrainBinLimits(t *testing.T) {
	x, y := data(7, 2000, 3, func(x []float64) bool { return x[1] > 0 })
	for _, bins := range []int{2, 256} {
		m, err := Train(x, y, Params{Rounds: 5, Bins: bins})
		if err != nil {
			t.Fatal(err)
		}
		if p := m.Prob([]float64{0, 0.9, 0}); p < 0.5 {
			t.Errorf("bins %d: Prob = %v, want above 0.5", bins, p)
		}
		if p := m.Prob([]float64{0, -0.9, 0}); p > 0.5 {
			t.Errorf("bins %d: Prob = %v, want below 0.5", bins, p)
		}
	}
}

// TestMinRows checks that a node with fewer than MinRows rows does not split.
func TestMinRows(t *testing.T) {
	x, y := data(9, 100, 2, func(x []float64) bool { return x[0] > 0 })
	for _, tt := range []struct {
		minRows int
		split   bool
	}{{100, true}, {101, false}} {
		m, err := Train(x, y, Params{Rounds: 3, MinRows: tt.minRows})
		if err != nil {
			t.Fatal(err)
		}
		if split := strings.Contains(text(t, m), "split"); split != tt.split {
			t.Errorf("MinRows %d: split %v, want %v", tt.minRows, split, tt.split)
		}
	}
}

// TestMatchesPrototype checks that Train gives the same model as the
// prototype it was rewritten from (experiments/learn on branch learn), which
// builds every histogram afresh and predicts with pointer trees.
func TestMatchesPrototype(t *testing.T) {
	rounds, nf := 30, 10
	if testing.Short() {
		rounds = 10
	}
	rule := func(x []float64) bool { return x[0]*x[1] > 0.1*x[2] || x[5] > 0.8 }
	x, y := data(3, 6000, nf, rule)
	// Repeated and coarse values, so that bins are empty and gains tie.
	for _, r := range x {
		r[7] = math.Round(r[7] * 3)
		r[8] = r[0]
	}
	proto := prototype(x[:5000], y[:5000], rounds, 6)
	// Histograms filled on one goroutine, then on two for every node.
	defer func(w int) { parallelWork = w }(parallelWork)
	for _, work := range []int{parallelWork, 1} {
		parallelWork = work
		m, err := Train(x[:5000], y[:5000], Params{Rounds: rounds})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range x {
			if got, want := m.Prob(r), proto(r); got != want {
				t.Fatalf("parallel from %d row-features: row %d: Prob = %v, prototype %v", work, i, got, want)
			}
		}
	}
}

// prototype is the training of experiments/learn/main.go with its bin count
// 32, rate 0.1 and λ 1, returning its prediction.
func prototype(x [][]float64, ys []bool, rounds, depth int) func([]float64) float64 {
	const nb = 32
	type pnode struct {
		leaf bool
		f    int
		thr  float64
		l, r *pnode
		val  float64
	}
	pred := func(n *pnode, x []float64) float64 {
		for !n.leaf {
			if x[n.f] <= n.thr {
				n = n.l
			} else {
				n = n.r
			}
		}
		return n.val
	}
	nf := len(x[0])
	edges := make([][]float64, nf)
	for j := 0; j < nf; j++ {
		v := make([]float64, len(x))
		for i := range x {
			v[i] = x[i][j]
		}
		sort.Float64s(v)
		for k := 1; k < nb; k++ {
			edges[j] = append(edges[j], v[k*len(v)/nb])
		}
	}
	bin := make([][]uint8, len(x))
	for i := range x {
		bin[i] = make([]uint8, nf)
		for j := 0; j < nf; j++ {
			bin[i][j] = uint8(sort.SearchFloat64s(edges[j], x[i][j]))
		}
	}
	F := make([]float64, len(x))
	var trees []*pnode
	lr, lambda := 0.1, 1.0
	var build func(idx []int, g, h []float64, d int) *pnode
	build = func(idx []int, g, h []float64, d int) *pnode {
		var G, H float64
		for _, i := range idx {
			G += g[i]
			H += h[i]
		}
		leaf := &pnode{leaf: true, val: -G / (H + lambda)}
		if d == 0 || len(idx) < 40 {
			return leaf
		}
		best, bf, bb := 0.0, -1, 0
		for j := 0; j < nf; j++ {
			var gs, hs [nb]float64
			for _, i := range idx {
				b := bin[i][j]
				gs[b] += g[i]
				hs[b] += h[i]
			}
			var gl, hl float64
			for b := 0; b < nb-1; b++ {
				gl += gs[b]
				hl += hs[b]
				gr, hr := G-gl, H-hl
				if hl < 5 || hr < 5 {
					continue
				}
				gain := gl*gl/(hl+lambda) + gr*gr/(hr+lambda) - G*G/(H+lambda)
				if gain > best {
					best, bf, bb = gain, j, b
				}
			}
		}
		if bf < 0 {
			return leaf
		}
		var li, ri []int
		for _, i := range idx {
			if int(bin[i][bf]) <= bb {
				li = append(li, i)
			} else {
				ri = append(ri, i)
			}
		}
		return &pnode{f: bf, thr: edges[bf][bb], l: build(li, g, h, d-1), r: build(ri, g, h, d-1)}
	}
	g := make([]float64, len(x))
	h := make([]float64, len(x))
	all := make([]int, len(x))
	for i := range all {
		all[i] = i
	}
	for range rounds {
		for i := range x {
			p := 1 / (1 + math.Exp(-F[i]))
			y := 0.0
			if ys[i] {
				y = 1
			}
			g[i] = p - y
			h[i] = p * (1 - p)
		}
		t := build(all, g, h, depth)
		trees = append(trees, t)
		for i := range x {
			F[i] += lr * pred(t, x[i])
		}
	}
	return func(x []float64) float64 {
		s := 0.0
		for _, t := range trees {
			s += lr * pred(t, x)
		}
		return 1 / (1 + math.Exp(-s))
	}
}

func TestProbPanics(t *testing.T) {
	x, y := data(1, 100, 3, func(x []float64) bool { return x[0] > 0 })
	m, err := Train(x, y, Params{Rounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 2, 4} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Prob of %d features did not panic", n)
				}
			}()
			m.Prob(make([]float64, n))
		}()
	}
}

func TestProbAllocs(t *testing.T) {
	x, y := data(2, 1000, 5, func(x []float64) bool { return x[0] > x[1] })
	m, err := Train(x, y, Params{Rounds: 10})
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { m.Prob(x[0]) }); n != 0 {
		t.Errorf("Prob allocates %v times", n)
	}
}

func BenchmarkTrain(b *testing.B) {
	x, y := data(4, 20000, 80, func(x []float64) bool { return x[0]+x[1]*x[2] > x[3] })
	b.ResetTimer()
	for b.Loop() {
		if _, err := Train(x, y, Params{Rounds: 20}); err != nil {
			b.Fatal(err)
		}
	}
}
