#!/usr/bin/env python3
"""The chromatic number of a graph in DIMACS `.col` format, in OR-Tools
CP-SAT, for comparison with `coloring --chromatic` (examples/coloring.rs,
`puzzles::coloring::chromatic_number`).

Prints the number of colours on a line, as the example does, and the
solver's statistics on standard error.

The model, as close to the example's as CP-SAT allows:
- a variable per vertex, colours 0..U-1, U the colours of a greedy
  colouring (vertices by decreasing degree, each the smallest colour its
  neighbours leave free): the example's upper bound;
- a maximum clique's vertices get colours 0, 1, ..., in increasing vertex
  order, and its size is the lower bound on the colours;
- neighbours differ (one `!=` per edge);
- an `AddAllDifferent` per clique of a cover of the edges by largest
  cliques (each edge not yet covered, in file order, grown into a largest
  clique of its ends' common neighbours), for the cliques of at least three
  vertices and at most two fewer than the maximum clique. The cliques are
  found by the example's own steps (smallest-last order, Tomita and Seki's
  colouring bound, the same tie-breaks), so they are the same cliques;
- the largest colour (the number of colours less one) minimised.

Where it differs: the example tries K = clique size, clique size + 1, ...
colours in turn, each a search for a first colouring, and stops at the
first K that has one; CP-SAT minimises in one search, its own way (clause
learning, presolve, linear relaxation, its own branching and restarts) on
one worker. The colours above the clique's are interchangeable; the
example breaks that symmetry in its search, this model leaves it to
CP-SAT's presolve, which looks for symmetries itself. `--fixed-search`
branches as the example does: the vertex with the fewest colours left,
smallest colour first (CP-SAT's own tie-break: the first vertex).

Run: python3 coloring.py FILE [--fixed-search]
"""

import argparse
import heapq
import sys

from ortools.sat.python import cp_model


class Graph:
    """A simple undirected graph, vertices 0..n-1."""

    def __init__(self, n):
        self.n = n
        self.edges = []  # each once, smaller end first, in file order
        self.adjacent = [set() for _ in range(n)]
        self.neighbours = [[] for _ in range(n)]

    def add_edge(self, u, v):
        if v not in self.adjacent[u]:
            self.adjacent[u].add(v)
            self.adjacent[v].add(u)
            self.neighbours[u].append(v)
            self.neighbours[v].append(u)
            self.edges.append((min(u, v), max(u, v)))

    def degree(self, v):
        return len(self.neighbours[v])


def read_dimacs(path):
    graph = None
    with open(path, encoding="ascii") as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0] == "c":
                continue
            if words[0] == "p" and len(words) >= 4:
                graph = Graph(int(words[2]))
            elif words[0] == "e" and graph is not None and len(words) >= 3:
                u, v = int(words[1]) - 1, int(words[2]) - 1
                if not (0 <= u < graph.n and 0 <= v < graph.n) or u == v:
                    sys.exit(f"coloring: line {number}: bad edge")
                graph.add_edge(u, v)
            else:
                sys.exit(f"coloring: line {number}: not a DIMACS line")
    if graph is None:
        sys.exit("coloring: no problem line")
    return graph


# Cliques as the example finds them (puzzles/src/coloring/clique.rs, the
# same steps in the same order): branch and bound with a greedy colouring
# bound (Tomita and Seki's MCQ), sets of vertices as integer bitsets.


def _color_classes(adjacent, candidates):
    order, bounds = [], []
    uncolored = candidates
    color = 0
    while uncolored:
        color += 1
        free = uncolored
        while free:
            v = (free & -free).bit_length() - 1
            free &= free - 1
            free &= ~adjacent[v]
            uncolored &= ~(1 << v)
            order.append(v)
            bounds.append(color)
    return order, bounds


def clique_within(graph, vertices, floor):
    """A largest clique among `vertices` if it has more than `floor`."""
    if len(vertices) <= floor:
        return None
    adjacent = [0] * len(vertices)
    for i, a in enumerate(vertices):
        for j in range(i + 1, len(vertices)):
            if vertices[j] in graph.adjacent[a]:
                adjacent[i] |= 1 << j
                adjacent[j] |= 1 << i
    state = {"floor": floor, "best": None}
    clique = []

    def expand(candidates):
        order, bounds = _color_classes(adjacent, candidates)
        left = candidates
        for i in range(len(order) - 1, -1, -1):
            if len(clique) + bounds[i] <= state["floor"]:
                return
            v = order[i]
            clique.append(v)
            nxt = left & adjacent[v]
            if not nxt:
                if len(clique) > state["floor"]:
                    state["floor"] = len(clique)
                    state["best"] = list(clique)
            else:
                expand(nxt)
            clique.pop()
            left &= ~(1 << v)

    expand((1 << len(vertices)) - 1)
    if state["best"] is None:
        return None
    return [vertices[i] for i in state["best"]]


def smallest_last(graph):
    degree = [graph.degree(v) for v in range(graph.n)]
    heap = [(degree[v], v) for v in range(graph.n)]
    heapq.heapify(heap)
    taken = [False] * graph.n
    order = []
    while heap:
        d, v = heapq.heappop(heap)
        if taken[v] or d != degree[v]:
            continue
        taken[v] = True
        order.append(v)
        for u in graph.neighbours[v]:
            if not taken[u]:
                degree[u] -= 1
                heapq.heappush(heap, (degree[u], u))
    return order


def max_clique(graph):
    order = smallest_last(graph)
    position = [0] * graph.n
    for i, v in enumerate(order):
        position[v] = i
    best = order[:1]
    for v in order:
        later = [u for u in graph.neighbours[v] if position[u] > position[v]]
        found = clique_within(graph, later, len(best) - 1)
        if found is not None:
            best = [v] + found
    return sorted(best)


def clique_cover(graph):
    covered = set()
    cliques = []
    for u, v in graph.edges:
        if (u, v) in covered:
            continue
        few, other = (u, v) if graph.degree(u) <= graph.degree(v) else (v, u)
        common = [w for w in graph.neighbours[few] if w != other and w in graph.adjacent[other]]
        clique = sorted([u, v] + (clique_within(graph, common, 0) or []))
        for i, a in enumerate(clique):
            for b in clique[i + 1 :]:
                covered.add((a, b))
        cliques.append(clique)
    return cliques


def greedy_coloring(graph):
    order = sorted(range(graph.n), key=lambda v: -graph.degree(v))
    colors = [None] * graph.n
    for v in order:
        taken = {colors[u] for u in graph.neighbours[v]}
        colors[v] = next(c for c in range(len(taken) + 1) if c not in taken)
    return colors


def main():
    parser = argparse.ArgumentParser(description="Chromatic number of a DIMACS graph (CP-SAT, one worker).")
    parser.add_argument("file", help="the graph in DIMACS .col format")
    parser.add_argument("--fixed-search", action="store_true", help="branch on the vertex with the fewest colours left, smallest colour first")
    args = parser.parse_args()
    graph = read_dimacs(args.file)
    if graph.n == 0:
        print(0)
        return 0
    clique = max_clique(graph)
    cliques = [k for k in clique_cover(graph) if len(k) >= 3 and len(k) + 2 >= len(clique)]
    greedy = greedy_coloring(graph)
    upper = max(greedy) + 1

    model = cp_model.CpModel()
    x = [model.NewIntVar(0, upper - 1, f"v{v + 1}") for v in range(graph.n)]
    for c, v in enumerate(clique):
        model.Add(x[v] == c)
    for u, v in graph.edges:
        model.Add(x[u] != x[v])
    for k in cliques:
        model.AddAllDifferent([x[v] for v in k])
    top = model.NewIntVar(len(clique) - 1, upper - 1, "top")
    model.AddMaxEquality(top, x)
    model.Minimize(top)

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if args.fixed_search:
        model.AddDecisionStrategy(x, cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MIN_VALUE)
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
    status = solver.Solve(model)
    if status != cp_model.OPTIMAL:
        print(f"coloring: no proven optimum ({solver.StatusName(status)})", file=sys.stderr)
        return 1
    colors = [solver.Value(v) for v in x]
    if any(colors[u] == colors[v] for u, v in graph.edges):
        print("coloring: the colouring found is not proper", file=sys.stderr)
        return 1
    print(solver.Value(top) + 1)
    print(
        f"branches: {solver.NumBranches()}, conflicts: {solver.NumConflicts()}, "
        f"solver wall time: {solver.WallTime():.3f} s, greedy bound: {upper}, "
        f"maximum clique: {len(clique)}, clique constraints: {len(cliques)}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
