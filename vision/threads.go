package vision

// #cgo !windows pkg-config: opencv4
// #cgo CXXFLAGS: --std=c++11
// #include "threads.h"
import "C"

// SetThreads sets how many threads OpenCV may use inside one operation
// (decoding, resizing, warping), for the whole process; n ≤ 0 restores
// OpenCV's default of one per CPU. A program that reads several photos
// at once, one per goroutine, sets 1: its own workers then use the
// cores, and OpenCV's pool does not compete with them.
func SetThreads(n int) {
	if n <= 0 {
		n = -1
	}
	C.lightsout_set_num_threads(C.int(n))
}

// Threads reports how many threads OpenCV may use inside one operation.
func Threads() int { return int(C.lightsout_get_num_threads()) }
