package solver

// transposeBoard returns the transpose of b, 64×64 bit blocks at a time.
func transposeBoard(b *Board) *Board {
	t := NewBoard(b.Cols, b.Rows)
	var blk [64]uint64
	for i0 := 0; i0 < b.Rows; i0 += 64 {
		for w := 0; w < b.stride; w++ {
			for k := range blk {
				blk[k] = 0
				if i0+k < b.Rows {
					blk[k] = b.bits[(i0+k)*b.stride+w]
				}
			}
			transpose64(&blk)
			for j := 0; j < 64 && w*64+j < b.Cols; j++ {
				t.bits[(w*64+j)*t.stride+i0/64] = blk[j]
			}
		}
	}
	return t
}

// transpose64 transposes a 64×64 bit matrix in place: afterwards bit k of
// a[j] is what bit j of a[k] was.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000FFFFFFFF)
	for j := 32; j != 0; j, m = j>>1, m^(m<<(j>>1)) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k+j] ^= t
			a[k] ^= t << j
		}
	}
}
