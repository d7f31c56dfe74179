package solver

import "math/bits"

// chaser runs light chasing on a board whose rows are `stride` words of
// `cols` bits. It keeps three row buffers, so chasing costs O(R·C/64)
// word operations and O(C) memory besides what emit keeps.
type chaser struct {
	rows, cols, stride int
	last               uint64 // mask of the valid bits in a row's last word
	// row returns the words of board row i (the lights that must change
	// are row ^ flip), or nil for an all-zero row.
	row  func(i int) []uint64
	flip bool // xor every row with all ones: goal on
}

func newChaser(rows, cols int) chaser {
	stride := (cols + 63) / 64
	last := ^uint64(0)
	if cols%64 != 0 {
		last = 1<<(cols%64) - 1
	}
	return chaser{rows: rows, cols: cols, stride: stride, last: last}
}

// run chases with top-row presses top (nil: none) and returns the presses
// that would be needed in row R, which is zero exactly when the presses
// solve the board. emit, if not nil, gets each press row 0..R-1 in order;
// the slice is reused after emit returns. count is the number of presses.
func (ch *chaser) run(top []uint64, emit func(i int, presses []uint64)) (residual []uint64, count int) {
	n := ch.stride
	prev := make([]uint64, n)
	cur := make([]uint64, n)
	next := make([]uint64, n)
	if top != nil {
		copy(cur, top)
	}
	for i := 0; i < ch.rows; i++ {
		if emit != nil {
			emit(i, cur)
		}
		var b []uint64
		if ch.row != nil {
			b = ch.row(i)
		}
		count += stepRow(next, cur, prev, b, ch.flip, ch.last)
		prev, cur, next = cur, next, prev
	}
	return cur, count
}

// stepRow sets next = T·cur ^ prev ^ b (^ all ones when flip), where T
// presses each bit and its two neighbours in the row; b may be nil. It
// returns the number of bits set in cur. It is the inner loop of every
// chase, written so the compiler drops the bounds checks.
func stepRow(next, cur, prev, b []uint64, flip bool, last uint64) (count int) {
	n := len(cur)
	next, prev = next[:n], prev[:n]
	var inv uint64
	if flip {
		inv = ^uint64(0)
	}
	var carry uint64 // bit 63 of cur[w-1]
	body := cur[:n-1]
	above, nx, pv := cur[1:n], next[:len(body)], prev[:len(body)]
	above = above[:len(body)]
	if b == nil {
		for w, c := range body {
			nx[w] = c ^ (c<<1 | carry) ^ (c>>1 | above[w]<<63) ^ pv[w] ^ inv
			carry = c >> 63
			count += bits.OnesCount64(c)
		}
	} else {
		bb := b[:len(body)]
		for w, c := range body {
			nx[w] = c ^ (c<<1 | carry) ^ (c>>1 | above[w]<<63) ^ pv[w] ^ inv ^ bb[w]
			carry = c >> 63
			count += bits.OnesCount64(c)
		}
	}
	c := cur[n-1]
	v := c ^ (c<<1 | carry) ^ c>>1 ^ prev[n-1] ^ inv
	if b != nil {
		v ^= b[n-1]
	}
	next[n-1] = v & last
	return count + bits.OnesCount64(c)
}
