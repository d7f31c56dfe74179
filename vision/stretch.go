package vision

import (
	"gocv.io/x/gocv"
)

// The segmentations' thresholds are in 8-bit levels (an adaptive
// threshold's offset, Canny's gradients, blobMinContrast): a photo that
// uses only part of the range (a dim room, a flat light, a low-contrast
// panel) leaves its buttons under them, and the finder sees no blobs
// where a person sees every button. stretchLevels spreads such a photo's
// levels over the whole range first, as a camera's auto-levels would.

// Limits of stretchLevels.
const (
	// stretchLow and stretchHigh are the shares of channel values left
	// below black and above white: a few glare spots or deep shadows do
	// not hold the range open.
	stretchLow  = 0.02
	stretchHigh = 0.01
	// stretchMinGain is the least gain worth applying: photos that
	// already span nearly the whole range are left as they are.
	stretchMinGain = 1.25
	// stretchMaxGain caps the gain: beyond it sensor noise and JPEG
	// blocks become blobs of their own. A room at a tenth of daylight
	// leaves a photo about 30 levels wide (a/60082: 2..27), which 8
	// spreads over the range.
	stretchMaxGain = 8
)

// levelMap is a linear map of 8-bit levels, v -> gain*v + offset
// (clipped to 0..255).
type levelMap struct{ gain, offset float64 }

// undo maps the colour c, measured after m, back to the levels before
// it (exact but for clipping).
func (m levelMap) undo(c [3]float64) [3]float64 {
	for i := range c {
		c[i] = (c[i] - m.offset) / m.gain
	}
	return c
}

// stretchLevels writes to dst the levels of src (8-bit, three channels)
// mapped linearly so that all but the stretchLow darkest and
// stretchHigh lightest channel values span 0..255, the same map for
// every channel (hues are kept), with a gain of at most stretchMaxGain.
// It returns the map, or false, leaving dst alone, when the photo
// already spans enough of the range.
func stretchLevels(src gocv.Mat, dst *gocv.Mat) (levelMap, bool) {
	data, err := src.DataPtrUint8()
	if err != nil || len(data) == 0 {
		return levelMap{}, false
	}
	lo, hi := levelRange(data)
	if hi <= lo {
		return levelMap{}, false
	}
	gain := min(255/float64(hi-lo), stretchMaxGain)
	if gain < stretchMinGain {
		return levelMap{}, false
	}
	// Centre the stretched range on the old one's middle when the gain
	// is capped, so that neither end is clipped more than the other.
	offset := 127.5 - gain*float64(lo+hi)/2
	if gain*float64(hi-lo) >= 255 {
		offset = -gain * float64(lo)
	}
	src.ConvertToWithParams(dst, gocv.MatTypeCV8UC3, float32(gain), float32(offset))
	return levelMap{gain, offset}, true
}

// levelRange returns the channel values below which stretchLow, and
// above which stretchHigh, of data's values lie, from a sample of at
// most about 2^18 values.
func levelRange(data []uint8) (lo, hi int) {
	var hist [256]int
	step := max(1, len(data)/(1<<18))
	// A step that is a multiple of three would sample one channel only.
	if step%3 == 0 {
		step++
	}
	n := 0
	for i := 0; i < len(data); i += step {
		hist[data[i]]++
		n++
	}
	low, high := int(stretchLow*float64(n)), int(stretchHigh*float64(n))
	acc := 0
	for lo = 0; lo < 255; lo++ {
		acc += hist[lo]
		if acc > low {
			break
		}
	}
	acc = 0
	for hi = 255; hi > 0; hi-- {
		acc += hist[hi]
		if acc > high {
			break
		}
	}
	return lo, hi
}
