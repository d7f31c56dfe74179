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
	sv, dv := points2f(src), points2f(dst)
	defer sv.Close()
	defer dv.Close()
	m := gocv.GetPerspectiveTransform2f(sv, dv)
	defer m.Close()
	var h hom
	for i := range h {
		h[i] = m.GetDoubleAt(i/3, i%3)
	}
	// OpenCV answers a degenerate quadrilateral with a singular map.
	det := h[0]*(h[4]*h[8]-h[5]*h[7]) - h[1]*(h[3]*h[8]-h[5]*h[6]) + h[2]*(h[3]*h[7]-h[4]*h[6])
	if math.IsNaN(det) || math.Abs(det) < 1e-12 {
		return hom{}, errDegenerate
	}
	return h, nil
}

// points2f converts four points for OpenCV; the caller closes it.
func points2f(p [4][2]float64) gocv.Point2fVector {
	pts := make([]gocv.Point2f, 4)
	for i, q := range p {
		pts[i] = gocv.Point2f{X: float32(q[0]), Y: float32(q[1])}
	}
	return gocv.NewPoint2fVectorFromPoints(pts)
}
