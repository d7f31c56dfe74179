// Package trees trains and applies gradient-boosted regression trees for
// binary classification with logistic loss.
//
// Train takes rows of numeric features and a boolean label per row and
// returns a Model; Model.Prob gives the probability that a new row is true.
// The algorithm is plain second-order boosting over histogram-binned
// features:
//
//   - Each feature is cut into Params.Bins quantile bins of the training
//     rows; a split sends a row left when its value is at most a bin's upper
//     edge.
//   - Each round fits one tree to the gradient g = p−y and hessian
//     h = p(1−p) of the logistic loss at the current scores (which start at 0).
//   - A node with at least Params.MinRows rows, above the depth limit, splits
//     where the gain gl²/(hl+λ) + gr²/(hr+λ) − G²/(H+λ) is largest and
//     positive, with a hessian sum of at least 5 on each side; ties go to
//     the lower feature, then the lower bin.
//   - A leaf outputs −G/(H+λ) times the learning rate.
//
// Prob adds up one leaf per tree and returns 1/(1+exp(−sum)).
//
// The package is pure Go on purpose: gocv (v0.31.0) does not wrap OpenCV's
// ml module, so OpenCV's boosted trees are out of reach from Go without
// new cgo.
//
// # File format
//
// Model.WriteTo writes, and Read reads, a plain text format with one line per
// tree, so that models diff well:
//
//	lightsout-trees 1
//	features 80
//	trees 200
//	split 12 0.4375 1 4 split 3 -1.5 2 3 leaf -0.0125 leaf 0.031 leaf 0.09
//	...
//
// The first line names the format and its version; then come the number of
// features a row must have and the number of tree lines that follow. A tree
// line lists its nodes, the root first. A node is either
//
//	split FEATURE THRESHOLD LEFT RIGHT
//
// which sends a row to node LEFT when row[FEATURE] <= THRESHOLD and to node
// RIGHT otherwise, or
//
//	leaf VALUE
//
// which adds VALUE (already scaled by the learning rate) to the row's score.
// LEFT and RIGHT count nodes from 0 at the start of the line; each is after
// its parent, and every node but the root is the child of exactly one split.
// Numbers are written by strconv with format 'g' and precision −1, so a
// round trip is exact. Fields are separated by single spaces, and every line
// ends with a newline (Read also takes "\r\n" and a missing last newline).
//
// Read is strict: it rejects an unknown first line, a count that does not
// match, more than MaxFeatures features, a feature or child index out of range, a child not after its
// parent, a non-finite number, and anything after the last tree. A
// malformed file gives a *FormatError with the line number.
package trees
