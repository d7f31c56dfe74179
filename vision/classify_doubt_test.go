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
