package vision

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomCell draws the statistics of one cell within the ranges that
// measure produces (log V of 8-bit levels, saturation 0..1, chroma in
// saturation's units), jittered around base when base is not nil.
func randomCell(rng *rand.Rand, base *cellStats) cellStats {
	logV := func() float64 { return math.Log(float64(rng.IntN(256)) + 4) }
	if base != nil {
		j := func(x float64) float64 { return x + rng.NormFloat64()*0.03 }
		st := *base
		st.v, st.rim, st.ring, st.peak = j(st.v), j(st.rim), j(st.ring), j(st.peak)
		st.s, st.peakS = math.Max(0, j(st.s)), math.Max(0, j(st.peakS))
		return st
	}
	st := cellStats{v: logV(), s: rng.Float64(), spread: rng.Float64() * 0.5, rim: logV(), ring: logV(),
		peakS: rng.Float64(), ca: rng.Float64() - 0.5, cb: rng.Float64() - 0.5, halo: rng.Float64() - 0.3}
	st.peak = math.Max(st.v, logV())
	st.kc, st.kcOK = [2]float64{st.ca / 2, st.cb / 2}, rng.IntN(4) > 0
	st.kr, st.krOK = st.kc, st.kcOK
	return st
}

// TestDecideBoardRandom reads thousands of random boards (two kinds of
// cell in a random pattern, every cell jittered, some boards of one
// kind, a random ring), a tenth of them re-read across a shadow's edge
// where classify would, and checks that every reading has the board's
// shape and a confidence in 0..1 for every cell: the rules must hold up
// on any statistics a photo can give, not only those they were tuned
// on.
func TestDecideBoardRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 3000 {
		rows, cols := 2+rng.IntN(9), 2+rng.IntN(9)
		a, b := randomCell(rng, nil), randomCell(rng, nil)
		p := rng.Float64()
		ext := make([][]cellStats, rows+2)
		for r := range ext {
			ext[r] = make([]cellStats, cols+2)
			for c := range ext[r] {
				switch {
				case r == 0 || c == 0 || r == rows+1 || c == cols+1:
					ext[r][c] = randomCell(rng, nil)
				case rng.Float64() < p:
					ext[r][c] = randomCell(rng, &b)
				default:
					ext[r][c] = randomCell(rng, &a)
				}
			}
		}
		v := decideBoard(ext)
		if n%10 == 0 && rows*cols >= smallBoard && v.why["shadow"] == 0 {
			v, _ = shadowReread(v, ext) // as classify does (a tenth: it is slow)
		}
		if len(v.lit) != rows || len(v.conf) != rows {
			t.Fatalf("board %d (%d×%d): reading has %d rows", n, rows, cols, len(v.lit))
		}
		for r := range v.lit {
			if len(v.lit[r]) != cols || len(v.conf[r]) != cols {
				t.Fatalf("board %d (%d×%d): row %d has %d cells", n, rows, cols, r, len(v.lit[r]))
			}
			for c, x := range v.conf[r] {
				if !(x >= 0 && x <= 1) {
					t.Fatalf("board %d (%d×%d): cell (%d, %d) confidence %v (why %v)", n, rows, cols, r, c, x, v.why)
				}
			}
		}
	}
}
