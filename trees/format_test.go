package trees

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

func text(t testing.TB, m *Model) string {
	var b strings.Builder
	n, err := m.WriteTo(&b)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(b.Len()) {
		t.Fatalf("WriteTo = %d, wrote %d bytes", n, b.Len())
	}
	return b.String()
}

func TestRoundTrip(t *testing.T) {
	x, y := data(5, 3000, 8, func(x []float64) bool { return x[0]*x[1] > x[2]-0.2 })
	m, err := Train(x, y, Params{Rounds: 40})
	if err != nil {
		t.Fatal(err)
	}
	s := text(t, m)
	m2, err := Read(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	if s2 := text(t, m2); s2 != s {
		t.Errorf("second WriteTo differs:\n%s\nfirst:\n%s", s2, s)
	}
	if m2.Features() != m.Features() {
		t.Errorf("Features = %d, want %d", m2.Features(), m.Features())
	}
	rng := rand.New(rand.NewPCG(6, 1))
	r := make([]float64, 8)
	for range 2000 {
		for j := range r {
			r[j] = 2*rng.Float64() - 1
		}
		if p, p2 := m.Prob(r), m2.Prob(r); p != p2 {
			t.Fatalf("Prob(%v) = %v, after a round trip %v", r, p, p2)
		}
	}
}

func ExampleModel_WriteTo() {
	var x [][]float64
	var y []bool
	for i := range 60 {
		x = append(x, []float64{float64(i), 7})
		y = append(y, i > 30)
	}
	m, err := Train(x, y, Params{Rounds: 2, Depth: 1, Bins: 4})
	if err != nil {
		panic(err)
	}
	m.WriteTo(os.Stdout)
	// Output:
	// lightsout-trees 1
	// features 2
	// trees 2
	// split 0 30 1 2 leaf -0.17714285714285716 leaf 0.17575757575757578
	// split 0 30 1 2 leaf -0.16261800278190847 leaf 0.16144187543366872
}

// valid is a small well-formed model file.
const valid = `lightsout-trees 1
features 3
trees 2
split 2 0.5 1 2 leaf -0.25 split 0 -1e-3 3 4 leaf 0.125 leaf 1
leaf 0.5
`

func TestRead(t *testing.T) {
	m, err := Read(strings.NewReader(valid))
	if err != nil {
		t.Fatal(err)
	}
	if s := text(t, m); s != strings.Replace(valid, "-1e-3", "-0.001", 1) {
		t.Errorf("WriteTo after Read:\n%s", s)
	}
	crlf, err := Read(strings.NewReader(strings.TrimSuffix(strings.ReplaceAll(valid, "\n", "\r\n"), "\r\n")))
	if err != nil {
		t.Fatalf("Read with CRLF and no last newline: %v", err)
	}
	if s, s2 := text(t, m), text(t, crlf); s2 != s {
		t.Errorf("WriteTo after Read with CRLF:\n%s\nwant:\n%s", s2, s)
	}
	tests := []struct {
		x    []float64
		want float64 // sum of leaves
	}{
		{[]float64{9, 9, 0.5}, -0.25 + 0.5},
		{[]float64{-0.001, 9, 0.6}, 0.125 + 0.5},
		{[]float64{0, 9, 0.6}, 1 + 0.5},
	}
	for _, tt := range tests {
		if got, want := m.Prob(tt.x), 1/(1+math.Exp(-tt.want)); got != want {
			t.Errorf("Prob(%v) = %v, want %v", tt.x, got, want)
		}
	}
}

func TestReadRejects(t *testing.T) {
	head := "lightsout-trees 1\nfeatures 3\n"
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "line 1: unexpected end of file"},
		{"other file", "P3\n", `line 1: not a trees model: "P3"`},
		{"long line", strings.Repeat("x", 99) + "\n", `line 1: not a trees model: "` + strings.Repeat("x", 40) + `"...`},
		{"version", "lightsout-trees 2\n", "line 1: unsupported version"},
		{"no features", "lightsout-trees 1\ntrees 1\n", `line 2: got "trees 1", want "features"`},
		{"zero features", "lightsout-trees 1\nfeatures 0\ntrees 0\n", "line 3: features count is 0"},
		{"too many features", "lightsout-trees 1\nfeatures 99999999999\ntrees 0\n", "line 3: features count 99999999999 is over 65536"},
		{"negative count", head + "trees -1\n", `line 3: bad trees count "-1"`},
		{"padded count", head + "trees 01\n", `line 3: bad trees count "01"`},
		{"too few trees", head + "trees 2\nleaf 1\n", "line 5: unexpected end of file"},
		{"too many trees", head + "trees 1\nleaf 1\nleaf 2\n", "line 5: data after the last tree"},
		{"trailing blank", head + "trees 1\nleaf 1\n\n", "line 5: data after the last tree"},
		{"empty tree", head + "trees 1\n\n", `line 4: node 0: got "", want leaf or split`},
		{"double space", head + "trees 1\nleaf  1\n", `line 4: node 0: leaf value: bad number ""`},
		{"unknown node", head + "trees 1\nnode 1\n", `line 4: node 0: got "node"`},
		{"leaf no value", head + "trees 1\nleaf\n", "line 4: node 0: leaf has no value"},
		{"NaN leaf", head + "trees 1\nleaf NaN\n", `line 4: node 0: leaf value: non-finite number "NaN"`},
		{"Inf leaf", head + "trees 1\nleaf 1e999\n", `line 4: node 0: leaf value: bad number "1e999"`},
		{"short split", head + "trees 1\nsplit 0 1 1\n", "line 4: node 0: split needs 4 fields, has 3"},
		{"feature range", head + "trees 1\nsplit 3 0 1 2 leaf 1 leaf 2\n", `line 4: node 0: feature "3" not from 0 to 2`},
		{"negative feature", head + "trees 1\nsplit -1 0 1 2 leaf 1 leaf 2\n", `feature "-1"`},
		{"Inf threshold", head + "trees 1\nsplit 0 -Inf 1 2 leaf 1 leaf 2\n", "line 4: node 0: threshold: non-finite"},
		{"child range", head + "trees 1\nsplit 0 0 1 3 leaf 1 leaf 2\n", "line 4: node 0: child 3 out of range, tree has 3 nodes"},
		{"child self", head + "trees 1\nsplit 0 0 0 1 leaf 1\n", `line 4: node 0: child "0" not a node after it`},
		{"child before", head + "trees 1\nleaf 1 split 0 0 0 2 leaf 2\n", `line 4: node 1: child "0" not a node after it`},
		{"shared child", head + "trees 1\nsplit 0 0 1 1 leaf 1\n", "line 4: node 0: child 1 already has a parent"},
		{"orphan", head + "trees 1\nleaf 1 leaf 2\n", "line 4: node 1 has no parent"},
		{"trailing field", head + "trees 1\nleaf 1 2\n", `line 4: node 1: got "2", want leaf or split`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Read = %v, %v; want error with %q", m, err, tt.want)
			}
			if fe := new(FormatError); !errors.As(err, &fe) {
				t.Errorf("error %v is not a *FormatError", err)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(valid))
	f.Add([]byte("lightsout-trees 1\nfeatures 1\ntrees 0\n"))
	f.Add([]byte("lightsout-trees 1\nfeatures 2\ntrees 1\nsplit 1 0x1p-3 1 2 leaf +2 leaf -0\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := Read(bytes.NewReader(in))
		if err != nil {
			return
		}
		s := text(t, m)
		m2, err := Read(strings.NewReader(s))
		if err != nil {
			t.Fatalf("Read of WriteTo's output: %v\n%s", err, s)
		}
		if s2 := text(t, m2); s2 != s {
			t.Fatalf("WriteTo after a second Read differs:\n%s\nfirst:\n%s", s2, s)
		}
		m.Prob(make([]float64, m.Features())) // at most MaxFeatures
	})
}

// benchModel returns a model of nt full trees of depth 6 over nf features,
// with random splits and leaves.
func benchModel(nt, nf int) *Model {
	rng := rand.New(rand.NewPCG(8, 1))
	m := &Model{features: nf}
	var grow func(depth int) int32
	grow = func(depth int) int32 {
		id := int32(len(m.nodes))
		m.nodes = append(m.nodes, node{value: rng.NormFloat64() / 10, feature: -1})
		if depth > 0 {
			f, thr := int32(rng.IntN(nf)), 2*rng.Float64()-1
			l := grow(depth - 1)
			r := grow(depth - 1)
			m.nodes[id] = node{value: thr, feature: f, left: l, right: r}
		}
		return id
	}
	for range nt {
		m.roots = append(m.roots, grow(6))
	}
	return m
}

func BenchmarkProb(b *testing.B) {
	m := benchModel(200, 80)
	rng := rand.New(rand.NewPCG(9, 1))
	rows := make([][]float64, 256)
	for i := range rows {
		rows[i] = make([]float64, 80)
		for j := range rows[i] {
			rows[i][j] = 2*rng.Float64() - 1
		}
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		m.Prob(rows[i%len(rows)])
		i++
	}
}
