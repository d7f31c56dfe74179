package vision

import (
	"runtime"
	"testing"
)

func TestSetThreads(t *testing.T) {
	defer SetThreads(0)
	tests := []struct {
		name string
		n    int
		want int
	}{
		{"one", 1, 1},
		{"two", 2, 2},
		{"default", 0, runtime.NumCPU()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			SetThreads(tt.n)
			if got := Threads(); got != tt.want {
				t.Errorf("after SetThreads(%d), Threads() = %d, want %d", tt.n, got, tt.want)
			}
		})
	}
}
