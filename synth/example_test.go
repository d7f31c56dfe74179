package synth_test

import (
	"fmt"

	"lightsout/synth"
)

// Render a 3×4 pixel-art screenshot and print its label.
func ExampleRender() {
	img, e, err := synth.Render(42, &synth.Options{Style: synth.StylePixelArt, Rows: 3, Cols: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer img.Close()
	fmt.Println(e.Style, e.Rows, "×", e.Cols)
	for _, row := range e.Lights {
		fmt.Println(row)
	}
	fmt.Println(len(e.Corners), "corners")
	// Output:
	// pixelart 3 × 4
	// 1000
	// 1110
	// 0100
	// 4 corners
}
