package trees

import (
	"fmt"
	"math"
)

// A Model is a trained ensemble of trees. It is safe for concurrent use.
type Model struct {
	features int
	nodes    []node  // the nodes of all trees, each tree's root before its other nodes
	roots    []int32 // index in nodes of each tree's root
}

// A node is a split when feature >= 0 and a leaf when feature < 0.
type node struct {
	value       float64 // split threshold, or leaf output scaled by the rate
	feature     int32
	left, right int32 // indices in Model.nodes, after this node's own
}

// MaxFeatures is the most features a model may read: Train refuses
// wider rows and Read a file that claims more.
const MaxFeatures = 1 << 16

// Features returns the number of features a row must have.
func (m *Model) Features() int { return m.features }

// Prob returns the probability that row x is true. The result is
// 1/(1+exp(−s)) for the sum s of the trees' leaves, so it rounds to exactly
// 1 when s is above about 36.7 and to 0 below about −709.4.
//
// Prob does not allocate. It panics if len(x) != m.Features().
func (m *Model) Prob(x []float64) float64 {
	if len(x) != m.features {
		panic(fmt.Sprintf("trees: Prob of %d features, model has %d", len(x), m.features))
	}
	s := 0.0
	for _, r := range m.roots {
		n := &m.nodes[r]
		for n.feature >= 0 {
			if x[n.feature] <= n.value {
				n = &m.nodes[n.left]
			} else {
				n = &m.nodes[n.right]
			}
		}
		s += n.value
	}
	return sigmoid(s)
}

// sigmoid is the probability 1/(1+exp(−s)) of a score s.
func sigmoid(s float64) float64 { return 1 / (1 + math.Exp(-s)) }
