package vision

import "math"

// A planar map fitted by least squares: homography or affine, row-major
// 3×3 like Reading.H. Kept in pure Go because the lattice search refits
// many small point sets and cgo calls would cost more than the maths.

// applyH maps (u, v) through the homography h.
func applyH(h *[9]float64, u, v float64) (float64, float64) {
	w := h[6]*u + h[7]*v + h[8]
	return (h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w
}

// inImage reports whether (x, y) lies in the w × h image.
func inImage(x, y float64, w, h int) bool {
	return x >= 0 && y >= 0 && x < float64(w) && y < float64(h)
}

// similarity that moves points to their centroid and scales their mean
// distance from it to √2, for conditioning.
func normaliser(p [][2]float64) (s, tx, ty float64) {
	var mx, my float64
	for _, q := range p {
		mx += q[0]
		my += q[1]
	}
	n := float64(len(p))
	mx, my = mx/n, my/n
	var d float64
	for _, q := range p {
		d += math.Hypot(q[0]-mx, q[1]-my)
	}
	d /= n
	if d == 0 {
		d = 1
	}
	s = math.Sqrt2 / d
	return s, -s * mx, -s * my
}

// fitHomography fits h (src -> dst) to at least four point pairs by
// linear least squares on normalised coordinates. ok is false when the
// points are degenerate (collinear, coincident) or the result folds.
func fitHomography(src, dst [][2]float64) (h [9]float64, ok bool) {
	if len(src) < 4 || len(src) != len(dst) {
		return h, false
	}
	ss, stx, sty := normaliser(src)
	ds, dtx, dty := normaliser(dst)
	var ata [8][8]float64
	var atb [8]float64
	addRow := func(r [8]float64, b float64) {
		for i := 0; i < 8; i++ {
			if r[i] == 0 {
				continue
			}
			for j := 0; j < 8; j++ {
				ata[i][j] += r[i] * r[j]
			}
			atb[i] += r[i] * b
		}
	}
	for k := range src {
		u, v := ss*src[k][0]+stx, ss*src[k][1]+sty
		x, y := ds*dst[k][0]+dtx, ds*dst[k][1]+dty
		addRow([8]float64{u, v, 1, 0, 0, 0, -u * x, -v * x}, x)
		addRow([8]float64{0, 0, 0, u, v, 1, -u * y, -v * y}, y)
	}
	sol, ok := solve8(ata, atb)
	if !ok {
		return h, false
	}
	n := [9]float64{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	// h = Td^-1 · n · Ts
	ts := [9]float64{ss, 0, stx, 0, ss, sty, 0, 0, 1}
	tdInv := [9]float64{1 / ds, 0, -dtx / ds, 0, 1 / ds, -dty / ds, 0, 0, 1}
	h = mul3(tdInv, mul3(n, ts))
	if h[8] == 0 {
		return h, false
	}
	for i := range h {
		h[i] /= h[8]
	}
	// Every source point must stay on the same side of the horizon.
	for _, p := range src {
		if h[6]*p[0]+h[7]*p[1]+h[8] <= 0.05 {
			return h, false
		}
	}
	return h, true
}

// fitAffine fits an affine map (src -> dst) to at least three
// non-collinear point pairs, returned as a 3×3 homography.
func fitAffine(src, dst [][2]float64) (h [9]float64, ok bool) {
	if len(src) < 3 || len(src) != len(dst) {
		return h, false
	}
	var m [3][3]float64
	var bx, by [3]float64
	for k := range src {
		r := [3]float64{src[k][0], src[k][1], 1}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] += r[i] * r[j]
			}
			bx[i] += r[i] * dst[k][0]
			by[i] += r[i] * dst[k][1]
		}
	}
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	scale := m[0][0]*m[1][1] + 1
	if math.Abs(det) < 1e-9*scale*scale {
		return h, false
	}
	solve3 := func(b [3]float64) [3]float64 {
		var x [3]float64
		for c := 0; c < 3; c++ {
			mc := m
			for r := 0; r < 3; r++ {
				mc[r][c] = b[r]
			}
			x[c] = (mc[0][0]*(mc[1][1]*mc[2][2]-mc[1][2]*mc[2][1]) - mc[0][1]*(mc[1][0]*mc[2][2]-mc[1][2]*mc[2][0]) + mc[0][2]*(mc[1][0]*mc[2][1]-mc[1][1]*mc[2][0])) / det
		}
		return x
	}
	px, py := solve3(bx), solve3(by)
	return [9]float64{px[0], px[1], px[2], py[0], py[1], py[2], 0, 0, 1}, true
}

// fitRobust fits the map from src to dst that a lattice's points
// follow: over the largest subset one homography explains
// (ransacInliers, from ransacMin pairs), an affine map, or the
// homography where it fits clearly better; it extrapolates to the
// grid's corners with its two extra degrees of freedom.
func fitRobust(src, dst [][2]float64) ([9]float64, bool) {
	if len(src) >= ransacMin {
		src, dst = ransacInliers(src, dst)
	}
	m, ok := fitAffine(src, dst)
	if !ok {
		return m, false
	}
	if len(src) >= 8 {
		if p, ok := fitHomography(src, dst); ok && rmsResidual(&p, src, dst) < 0.8*rmsResidual(&m, src, dst) {
			m = p
		}
	}
	return m, true
}

// mul3 multiplies two row-major 3×3 matrices: a·b.
func mul3(a, b [9]float64) (c [9]float64) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[3*i+j] = a[3*i]*b[j] + a[3*i+1]*b[3+j] + a[3*i+2]*b[6+j]
		}
	}
	return c
}

// solve8 solves a·x = b by Gaussian elimination with partial pivoting.
func solve8(a [8][8]float64, b [8]float64) (x [8]float64, ok bool) {
	var maxDiag float64
	for i := 0; i < 8; i++ {
		maxDiag = math.Max(maxDiag, math.Abs(a[i][i]))
	}
	if maxDiag == 0 {
		return x, false
	}
	for c := 0; c < 8; c++ {
		p := c
		for r := c + 1; r < 8; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-10*maxDiag {
			return x, false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < 8; r++ {
			f := a[r][c] / a[c][c]
			if f == 0 {
				continue
			}
			for k := c; k < 8; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	for r := 7; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < 8; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}
