package trees

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// header is the first line of a model file: the format's name and version.
const header = "lightsout-trees 1"

// maxLine is the longest line Read accepts, in bytes.
const maxLine = 1 << 24

// A FormatError reports a malformed model file.
type FormatError struct {
	Line int    // 1-based line number
	Msg  string // what is wrong
}

func (e *FormatError) Error() string { return fmt.Sprintf("trees: line %d: %s", e.Line, e.Msg) }

// WriteTo writes m in the text format described in the package doc.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriter(cw)
	fmt.Fprintf(bw, "%s\nfeatures %d\ntrees %d\n", header, m.features, len(m.roots))
	var b []byte
	for k, r := range m.roots {
		end := int32(len(m.nodes))
		if k+1 < len(m.roots) {
			end = m.roots[k+1]
		}
		b = b[:0]
		for i, n := range m.nodes[r:end] {
			if i > 0 {
				b = append(b, ' ')
			}
			if n.feature < 0 {
				b = append(b, "leaf "...)
				b = strconv.AppendFloat(b, n.value, 'g', -1, 64)
				continue
			}
			b = append(b, "split "...)
			b = strconv.AppendInt(b, int64(n.feature), 10)
			b = append(b, ' ')
			b = strconv.AppendFloat(b, n.value, 'g', -1, 64)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(n.left-r), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(n.right-r), 10)
		}
		b = append(b, '\n')
		bw.Write(b)
	}
	err := bw.Flush()
	return cw.n, err
}

// A countWriter counts the bytes written to w.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Read reads a model in the text format described in the package doc.
// A malformed file gives a *FormatError.
func Read(r io.Reader) (*Model, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxLine)
	line := 0
	bad := func(format string, a ...any) error {
		return &FormatError{line, fmt.Sprintf(format, a...)}
	}
	// next returns the next line, or io.EOF at the end of r.
	next := func() (string, error) {
		line++
		if sc.Scan() {
			return sc.Text(), nil
		}
		err := sc.Err()
		switch {
		case err == nil:
			return "", io.EOF
		case errors.Is(err, bufio.ErrTooLong):
			return "", bad("longer than %d bytes", maxLine)
		}
		return "", fmt.Errorf("trees: line %d: %w", line, err)
	}
	// need returns the next line, which must be there.
	need := func() (string, error) {
		s, err := next()
		if err == io.EOF {
			return "", bad("unexpected end of file")
		}
		return s, err
	}

	s, err := need()
	if err != nil {
		return nil, err
	}
	if s != header {
		if name, _, _ := strings.Cut(s, " "); name == "lightsout-trees" {
			return nil, bad("unsupported version %s, want %q", quote(s), header)
		}
		return nil, bad("not a trees model: %s", quote(s))
	}
	m := &Model{}
	var ntrees int
	for _, c := range []struct {
		name string
		v    *int
	}{{"features", &m.features}, {"trees", &ntrees}} {
		if s, err = need(); err != nil {
			return nil, err
		}
		name, v, _ := strings.Cut(s, " ")
		if name != c.name {
			return nil, bad("got %s, want %q and a count", quote(s), c.name)
		}
		n, err := strconv.Atoi(v)
		if err != nil || strconv.Itoa(n) != v || n < 0 {
			return nil, bad("bad %s count %s", c.name, quote(v))
		}
		*c.v = n
	}
	if m.features == 0 {
		return nil, bad("features count is 0")
	}
	if m.features > MaxFeatures {
		return nil, bad("features count %d is over %d", m.features, MaxFeatures)
	}
	for range ntrees {
		if s, err = need(); err != nil {
			return nil, err
		}
		if err := m.parseTree(s); err != nil {
			return nil, bad("%v", err)
		}
	}
	switch _, err := next(); err {
	case nil:
		return nil, bad("data after the last tree")
	case io.EOF:
		return m, nil
	default:
		return nil, err
	}
}

// parseTree appends the tree of line s to m.
func (m *Model) parseTree(s string) error {
	f := strings.Split(s, " ")
	root := int32(len(m.nodes))
	m.roots = append(m.roots, root)
	// Parse the nodes, with child indices relative to root.
	for k := 0; k < len(f); {
		i := int32(len(m.nodes)) - root
		switch f[k] {
		case "leaf":
			if k+2 > len(f) {
				return fmt.Errorf("node %d: leaf has no value", i)
			}
			v, err := parseFinite(f[k+1])
			if err != nil {
				return fmt.Errorf("node %d: leaf value: %v", i, err)
			}
			m.nodes = append(m.nodes, node{value: v, feature: -1})
			k += 2
		case "split":
			if k+5 > len(f) {
				return fmt.Errorf("node %d: split needs 4 fields, has %d", i, len(f)-k-1)
			}
			feat, err := strconv.ParseInt(f[k+1], 10, 32)
			if err != nil || feat < 0 || feat >= int64(m.features) {
				return fmt.Errorf("node %d: feature %s not from 0 to %d", i, quote(f[k+1]), m.features-1)
			}
			thr, err := parseFinite(f[k+2])
			if err != nil {
				return fmt.Errorf("node %d: threshold: %v", i, err)
			}
			var child [2]int32
			for c := range child {
				v, err := strconv.ParseInt(f[k+3+c], 10, 32)
				if err != nil || v <= int64(i) {
					return fmt.Errorf("node %d: child %s not a node after it", i, quote(f[k+3+c]))
				}
				child[c] = int32(v)
			}
			m.nodes = append(m.nodes, node{value: thr, feature: int32(feat), left: child[0], right: child[1]})
			k += 5
		default:
			return fmt.Errorf("node %d: got %s, want leaf or split", i, quote(f[k]))
		}
	}
	// Check that the children make one tree, and make their indices absolute.
	nodes := m.nodes[root:]
	parents := make([]int, len(nodes))
	for i := range nodes {
		n := &nodes[i]
		if n.feature < 0 {
			continue
		}
		for _, c := range []*int32{&n.left, &n.right} {
			if int(*c) >= len(nodes) {
				return fmt.Errorf("node %d: child %d out of range, tree has %d nodes", i, *c, len(nodes))
			}
			if parents[*c]++; parents[*c] > 1 {
				return fmt.Errorf("node %d: child %d already has a parent", i, *c)
			}
			*c += root
		}
	}
	for i := 1; i < len(nodes); i++ {
		if parents[i] == 0 {
			return fmt.Errorf("node %d has no parent", i)
		}
	}
	return nil
}

// parseFinite parses a finite float64.
func parseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %s", quote(s))
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("non-finite number %s", quote(s))
	}
	return v, nil
}

// quote quotes s for an error message, cut short if it is long.
func quote(s string) string {
	const most = 40
	if len(s) > most {
		return strconv.Quote(s[:most]) + "..."
	}
	return strconv.Quote(s)
}
