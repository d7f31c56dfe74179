package vision

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestMedian checks median against sorting and sortedQuantile, value
// for value, on random slices of every length up to 200: values drawn
// from a few levels (many ties), continuous ones, and ones with a NaN.
func TestMedian(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range []struct {
		name string
		draw func() float64
	}{
		{"ties", func() float64 { return float64(rng.IntN(4)) }},
		{"continuous", func() float64 { return rng.NormFloat64() }},
	} {
		name, draw := d.name, d.draw
		for n := 1; n <= 200; n++ {
			for rep := 0; rep < 5; rep++ {
				xs := make([]float64, n)
				for i := range xs {
					xs[i] = draw()
				}
				sorted := slices.Clone(xs)
				sort.Float64s(sorted)
				want := sortedQuantile(sorted, 0.5)
				if got := median(xs); got != want {
					t.Fatalf("%s, %d values: median %v, sorting gives %v", name, n, got, want)
				}
			}
		}
	}
	xs := []float64{3, math.NaN(), 1, 2}
	sorted := slices.Clone(xs)
	sort.Float64s(sorted)
	if got, want := median(xs), sortedQuantile(sorted, 0.5); got != want {
		t.Errorf("with a NaN: median %v, sorting gives %v", got, want)
	}
	if got := median(nil); got != 0 {
		t.Errorf("no values: median %v, want 0", got)
	}
}

// BenchmarkMedians takes the per-dimension median of 49 descriptors of
// 64 dimensions, as the templates of a 7×7 grid's extent window do: by
// selection (medians) and, beside it, by sorting each dimension.
func BenchmarkMedians(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	ds := make([][]float64, 49)
	for i := range ds {
		ds[i] = make([]float64, 64)
		for k := range ds[i] {
			ds[i][k] = rng.Float64()
		}
	}
	m := make([]float64, 64)
	b.Run("select", func(b *testing.B) {
		for b.Loop() {
			medians(ds, m)
		}
	})
	b.Run("sort", func(b *testing.B) {
		col := make([]float64, len(ds))
		for b.Loop() {
			for k := range m {
				for n, d := range ds {
					col[n] = d[k]
				}
				sort.Float64s(col)
				m[k] = sortedQuantile(col, 0.5)
			}
		}
	})
}
