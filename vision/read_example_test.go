package vision_test

import (
	"fmt"

	"lightsout/vision"
)

// A reading lists the cells it is unsure of; a caller shows them to the
// user or asks for another photo.
func ExampleReading_Uncertain() {
	r := &vision.Reading{
		Rows: 2, Cols: 3,
		Lit: [][]bool{{true, false, false}, {false, true, true}},
		Confidence: [][]float64{
			{0.98, 0.91, 0.30},
			{0.99, 0.45, 1.00},
		},
	}
	fmt.Println("uncertain:", r.Uncertain())
	fmt.Printf("confidence: %.2f\n", r.MinConfidence())
	fmt.Println("doubt flagged:", r.Doubtful())
	// Output:
	// uncertain: [[0 2] [1 1]]
	// confidence: 0.30
	// doubt flagged: true
}
