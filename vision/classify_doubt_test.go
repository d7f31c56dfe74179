package vision

import "testing"

// TestLitLikeUnlitBrighterLight checks that a light brighter than the
// others, its chroma only loosely its group's, does not stop the caps'
// colour among the lit cells from being doubted (glare over an unlit cap
// beside blue lights, some brighter than the rest).
func TestLitLikeUnlitBrighterLight(t *testing.T) {
	cell := func(a, b float64) cellStats {
		return cellStats{kc: [2]float64{a, b}, kr: [2]float64{a, b}, kcOK: true, krOK: true}
	}
	caps, blue := cell(0.12, 0.2), cell(0.06, 0.03)
	bright := cell(0.035, -0.01) // within chromaNear of blue, not chromaTight
	const rows, cols = 5, 5
	st := board(rows, cols, pattern, caps, blue)
	var lit []bool
	var conf []float64
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			lit = append(lit, pattern(r, c))
			conf = append(conf, 1)
		}
	}
	st[0][0] = bright // lit in pattern
	odd := -1
	for i, on := range lit {
		if !on {
			odd = i
			break
		}
	}
	lit[odd] = true
	why := map[string]int{}
	litLikeUnlit(st, lit, conf, why)
	for i := range conf {
		if doubted := conf[i] < UncertainBelow; doubted != (i == odd) {
			t.Errorf("cell %d doubted %v, want %v (why %v)", i, doubted, i == odd, why)
		}
	}
}

// TestPartUnlit checks that one lit-read cell whose footprint shows the
// unlit caps' chroma part of the way is doubted (a cursor over part of
// an unlit cap), whether the lights show their chroma or clip, and that
// three such cells (lights of several colours) are not.
func TestPartUnlit(t *testing.T) {
	caps := cellStats{kr: [2]float64{0.12, 0.05}, krOK: true}
	clipped := cellStats{}
	shown := cellStats{kr: [2]float64{0.01, 0.02}, krOK: true}
	half := cellStats{kr: [2]float64{0.065, 0.03}, krOK: true}
	for _, tc := range []struct {
		name  string
		light cellStats
		n     int // lit cells made half
		want  bool
	}{
		{"clipped lights, one half cell", clipped, 1, true},
		{"lights showing chroma, one half cell", shown, 1, true},
		{"no half cell", shown, 0, false},
		{"three half cells", shown, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols = 5, 5
			st := board(rows, cols, pattern, caps, tc.light)
			var lit []bool
			var conf []float64
			var halves []int
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					on := pattern(r, c)
					if on && len(halves) < tc.n {
						st[r][c] = half
						halves = append(halves, r*cols+c)
					}
					lit = append(lit, on)
					conf = append(conf, 1)
				}
			}
			why := map[string]int{}
			partUnlit(st, lit, conf, why)
			for _, i := range halves {
				if doubted := conf[i] < UncertainBelow; doubted != tc.want {
					t.Errorf("cell %d doubted %v, want %v (why %v)", i, doubted, tc.want, why)
				}
			}
			if got := why["partunlit"]; !tc.want && got != 0 {
				t.Errorf("%d cells doubted, want none", got)
			}
		})
	}
}
