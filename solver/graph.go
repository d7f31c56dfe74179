package solver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// ErrGraph is wrapped by every error about a malformed graph or a
// malformed list of vertex states.
var ErrGraph = errors.New("bad graph")

// MaxGraphVertices bounds the vertices of a graph that ParseGraph accepts,
// so that a hostile file cannot ask for a matrix beyond memory.
const MaxGraphVertices = 50000

// MaxGraphEdges bounds the distinct edges of a graph ParseGraph accepts.
const MaxGraphEdges = 2000000

// Graph is an undirected graph whose vertices have names. Pressing a vertex
// toggles it and its neighbours (Chao Xu's "Lights out game on a grid" poses
// the puzzle as A·x = b for A = adjacency + identity).
type Graph struct {
	// Names lists the vertices in the order they first appear.
	Names []string
	// Adj[v] lists v's neighbours, sorted, without v itself.
	Adj   [][]int
	index map[string]int
}

// Vertex returns the index of the vertex called name.
func (g *Graph) Vertex(name string) (int, bool) {
	v, ok := g.index[name]
	return v, ok
}

// Edges returns the number of edges.
func (g *Graph) Edges() int {
	n := 0
	for _, a := range g.Adj {
		n += len(a)
	}
	return n / 2
}

// ParseGraph reads an edge list: one edge "U V" per line, vertices named
// by any tokens without blanks or '#'; a line with a single name adds an
// isolated vertex; '#' starts a comment that runs to the end of the line;
// blank lines are ignored. Repeated edges count once and self-loops add
// nothing (a press toggles its own vertex anyway). Errors wrap ErrGraph and
// name the line.
func ParseGraph(r io.Reader) (*Graph, error) {
	g := &Graph{index: map[string]int{}}
	type edge struct{ u, v int }
	seen := map[edge]bool{}
	vertex := func(name string) (int, error) {
		if v, ok := g.index[name]; ok {
			return v, nil
		}
		if len(g.Names) >= MaxGraphVertices {
			return 0, fmt.Errorf("more than %d vertices", MaxGraphVertices)
		}
		g.index[name] = len(g.Names)
		g.Names = append(g.Names, name)
		g.Adj = append(g.Adj, nil)
		return len(g.Names) - 1, nil
	}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		switch len(f) {
		case 0:
			continue
		case 1, 2:
		default:
			return nil, fmt.Errorf("%w: line %d: want \"U V\" (one edge), got %d names", ErrGraph, line, len(f))
		}
		u, err := vertex(f[0])
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrGraph, line, err)
		}
		if len(f) == 1 {
			continue
		}
		v, err := vertex(f[1])
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrGraph, line, err)
		}
		if u == v {
			continue
		}
		if u > v {
			u, v = v, u
		}
		if seen[edge{u, v}] {
			continue
		}
		if len(seen) >= MaxGraphEdges {
			return nil, fmt.Errorf("%w: line %d: more than %d edges", ErrGraph, line, MaxGraphEdges)
		}
		seen[edge{u, v}] = true
		g.Adj[u] = append(g.Adj[u], v)
		g.Adj[v] = append(g.Adj[v], u)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %w", ErrGraph, line+1, err)
	}
	if len(g.Names) == 0 {
		return nil, fmt.Errorf("%w: no vertices (want one edge \"U V\" per line)", ErrGraph)
	}
	for _, a := range g.Adj {
		sort.Ints(a)
	}
	return g, nil
}

// Puzzle returns the puzzle of g with the given number of states (0 means
// 2): light and press v are vertex v, and press v advances v and each of
// its neighbours by one.
func (g *Graph) Puzzle(states int) *Puzzle {
	if states == 0 {
		states = 2
	}
	p := &Puzzle{Lights: len(g.Names), States: states, Presses: make([][]Touch, len(g.Names))}
	for v, a := range g.Adj {
		ts := make([]Touch, 0, len(a)+1)
		ts = append(ts, Touch{Light: v, By: 1})
		for _, u := range a {
			ts = append(ts, Touch{Light: u, By: 1})
		}
		p.Presses[v] = ts
	}
	return p
}

// ParseVertexStates reads the lights of a graph puzzle: names separated by
// commas or blanks, each "NAME" (state 1) or "NAME=S" (state S, 0..states-1);
// vertices not named are 0, so an empty string means every light is 0.
// Unknown or repeated names and bad states are errors wrapping ErrGraph.
// It panics if states is not 2..MaxStates.
func ParseVertexStates(g *Graph, s string, states int) ([]int, error) {
	if states < 2 || states > MaxStates {
		panic(fmt.Sprintf("solver: ParseVertexStates with %d states", states))
	}
	out := make([]int, len(g.Names))
	named := make([]bool, len(g.Names))
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	}) {
		name, val := tok, 1
		if i := strings.LastIndexByte(tok, '='); i >= 0 {
			name = tok[:i]
			n, err := strconv.Atoi(tok[i+1:])
			if err != nil || n < 0 || n >= states {
				return nil, fmt.Errorf("%w: %q: the state after = must be a whole number from 0 to %d", ErrGraph, tok, states-1)
			}
			val = n
		}
		v, ok := g.index[name]
		if !ok {
			return nil, fmt.Errorf("%w: %q is not a vertex of the graph", ErrGraph, name)
		}
		if named[v] {
			return nil, fmt.Errorf("%w: vertex %q is named twice", ErrGraph, name)
		}
		named[v] = true
		out[v] = val
	}
	return out, nil
}
