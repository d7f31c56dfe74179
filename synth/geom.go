package synth

import (
	"errors"
	"math"

	"gocv.io/x/gocv"
)

// hom is a 3×3 homography, row-major, mapping (x, y, 1) to (x', y', w').
type hom [9]float64

func identity() hom { return hom{1, 0, 0, 0, 1, 0, 0, 0, 1} }

// affine returns the map (x, y) → (ox + sx·x, oy + sy·y).
func affine(ox, oy, sx, sy float64) hom { return hom{sx, 0, ox, 0, sy, oy, 0, 0, 1} }

// apply maps the point (x, y).
func (h hom) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

// then returns the map that applies h first and g second.
func (h hom) then(g hom) hom {
	var r hom
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			var s float64
			for k := 0; k < 3; k++ {
				s += g[3*i+k] * h[3*k+j]
			}
			r[3*i+j] = s
		}
	}
	return r
}

// mat returns h as a 3×3 CV_64F Mat; the caller closes it.
func (h hom) mat() gocv.Mat {
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	for i := 0; i < 9; i++ {
		m.SetDoubleAt(i/3, i%3, h[i])
	}
	return m
}

var errDegenerate = errors.New("degenerate quadrilateral")

// fitHom returns the homography that maps each src[i] to dst[i].
func fitHom(src, dst [4][2]float64) (hom, error) {
	// Solve the 8×8 system for h0..h7 with h8 = 1.
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y := src[i][0], src[i][1]
		u, v := dst[i][0], dst[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for col := 0; col < 8; col++ {
		p := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return hom{}, errDegenerate
		}
		a[col], a[p] = a[p], a[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var h hom
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	h[8] = 1
	return h, nil
}
