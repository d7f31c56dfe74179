package synth

import (
	"image/color"
	"math"
	"math/rand/v2"
)

// rng wraps the per-render random source; every random choice of a render
// comes from it, so a seed fixes the whole photo.
type rng struct{ *rand.Rand }

func newRNG(seed int64, stream uint64) *rng {
	return &rng{rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15^stream))}
}

// uni returns a uniform number in [a, b).
func (r *rng) uni(a, b float64) float64 { return a + (b-a)*r.Float64() }

// between returns a uniform integer in [a, b].
func (r *rng) between(a, b int) int { return a + r.IntN(b-a+1) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.Float64() < p }

// logUni returns a log-uniform number in [a, b).
func (r *rng) logUni(a, b float64) float64 {
	return math.Exp(r.uni(math.Log(a), math.Log(b)))
}

// sym returns a number in [-m, m], concentrated near 0 when pow > 1.
func (r *rng) sym(m, pow float64) float64 {
	v := math.Pow(r.Float64(), pow) * m
	if r.chance(0.5) {
		return -v
	}
	return v
}

// jitter returns c with each channel moved by up to ±d.
func (r *rng) jitter(c color.RGBA, d int) color.RGBA {
	f := func(v uint8) uint8 { return clampU8(int(v) + r.between(-d, d)) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

func pick[T any](r *rng, xs []T) T { return xs[r.IntN(len(xs))] }

func clampU8(v int) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}

func clampF(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// mix returns a·(1-t) + b·t per channel.
func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return clampU8(int(math.Round(float64(x)*(1-t) + float64(y)*t))) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// scale returns c with each channel multiplied by k.
func scale(c color.RGBA, k float64) color.RGBA {
	f := func(x uint8) uint8 { return clampU8(int(math.Round(float64(x) * k))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// litNames returns the names of the colours lights glow in.
func litNames() []string {
	return []string{"red", "orange", "yellow", "white", "green", "cyan", "blue"}
}

func litColour(name string) color.RGBA {
	switch name {
	case "red":
		return rgb(255, 40, 40)
	case "orange":
		return rgb(255, 140, 20)
	case "yellow":
		return rgb(255, 225, 40)
	case "white":
		return rgb(255, 250, 235)
	case "green":
		return rgb(40, 255, 90)
	case "cyan":
		return rgb(40, 235, 255)
	case "blue":
		return rgb(50, 110, 255)
	}
	panic("synth: unknown lit colour " + name)
}

func luma(c color.RGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}
