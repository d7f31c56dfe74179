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
		SizeSure: true,
	}
	fmt.Println("uncertain:", r.Uncertain())
	fmt.Printf("confidence: %.2f\n", r.MinConfidence())
	fmt.Println("doubt flagged:", r.Doubtful())
	// Output:
	// uncertain: [[0 2] [1 1]]
	// confidence: 0.30
	// doubt flagged: true
}

// When the reader is not sure of the number of rows and columns, the
// outer rows and columns are uncertain too: one of them may not exist,
// or a line beyond them may be missing.
func ExampleReading_Uncertain_sizeUnsure() {
	r := &vision.Reading{
		Rows: 3, Cols: 3,
		Lit: [][]bool{{true, false, false}, {false, true, false}, {false, false, false}},
		Confidence: [][]float64{
			{0.98, 0.91, 0.97},
			{0.99, 0.95, 1.00},
			{0.96, 0.92, 0.99},
		},
	}
	fmt.Println("uncertain:", r.Uncertain())
	fmt.Println("low confidence:", r.LowConfidence())
	fmt.Printf("confidence: %.2f\n", r.MinConfidence())
	// Output:
	// uncertain: [[0 0] [0 1] [0 2] [1 0] [1 2] [2 0] [2 1] [2 2]]
	// low confidence: []
	// confidence: 0.45
}
