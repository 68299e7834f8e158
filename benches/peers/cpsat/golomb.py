#!/usr/bin/env python3
"""Optimal Golomb ruler with N marks, in OR-Tools CP-SAT, for comparison
with the `golomb` example (examples/golomb.rs).

Prints what the example prints:

    length 55 (optimal)
    0 1 6 10 23 26 34 41 53 55

and the solver's statistics on standard error.

The model follows the example's: one variable per mark in 0..N*N, the
first at 0, the marks increasing, all distances between two marks
different, marks i < j at least (j - i)(j - i + 1) / 2 apart, the first gap
shorter than the last (mirror symmetry), the last mark minimised.

Where it differs: CP-SAT needs a variable per distance (m[j] - m[i]) for
`AddAllDifferent`; the example has none. CP-SAT searches its own way (lazy
clause generation, presolve, linear relaxation, its own branching and
restarts) on one worker; `--fixed-search` makes it branch as the example
does instead: marks in order, smallest value first.

Run: python3 golomb.py N [--fixed-search]
"""

import argparse
import sys

from ortools.sat.python import cp_model


def least_span(k):
    """The least distance between marks k places apart: k different gaps."""
    return k * (k + 1) // 2


def main():
    parser = argparse.ArgumentParser(description="Shortest Golomb ruler with N marks (CP-SAT, one worker).")
    parser.add_argument("marks", type=int, metavar="N", help="the number of marks, 1 to 16")
    parser.add_argument("--fixed-search", action="store_true", help="branch on the marks in order, smallest value first")
    args = parser.parse_args()
    n = args.marks
    if not 1 <= n <= 16:
        parser.error("N must be 1 to 16")

    model = cp_model.CpModel()
    top = n * n
    m = [model.NewIntVar(0, 0 if i == 0 else top, f"m{i}") for i in range(n)]
    for i in range(n - 1):
        model.Add(m[i] < m[i + 1])
    d = {}
    for i in range(n):
        for j in range(i + 1, n):
            d[i, j] = model.NewIntVar(least_span(j - i), top, f"d{i}_{j}")
            model.Add(d[i, j] == m[j] - m[i])
    model.AddAllDifferent(list(d.values()))
    if n >= 3:
        model.Add(d[0, 1] < d[n - 2, n - 1])
    model.Minimize(m[n - 1])

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if args.fixed_search:
        model.AddDecisionStrategy(m, cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
    status = solver.Solve(model)
    if status != cp_model.OPTIMAL:
        print(f"golomb: no proven ruler ({solver.StatusName(status)})", file=sys.stderr)
        return 1
    print(f"length {solver.Value(m[n - 1])} (optimal)")
    print(" ".join(str(solver.Value(x)) for x in m))
    print(
        f"branches: {solver.NumBranches()}, conflicts: {solver.NumConflicts()}, "
        f"solver wall time: {solver.WallTime():.3f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
