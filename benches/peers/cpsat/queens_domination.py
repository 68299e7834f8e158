#!/usr/bin/env python3
"""The fewest queens that dominate an N x N board, in OR-Tools CP-SAT, for
comparison with the `queens_domination` example
(examples/queens_domination.rs).

Prints what the example prints:

    queens 5 (optimal)
    Q . . . . . . .
    ...

and the solver's statistics on standard error.

The model is the example's: a 0/1 variable per square, row by row; for
every square, a clause "some square that covers it (its row, column and
diagonals, itself included) holds a queen"; the number of queens
minimised.

Where it differs: CP-SAT searches its own way (clause learning, presolve,
linear relaxation, its own branching and restarts) on one worker;
`--fixed-search` makes it branch as the example does instead: squares in
row order, "no queen" first.

Run: python3 queens_domination.py N [--fixed-search]
"""

import argparse
import sys

from ortools.sat.python import cp_model


def main():
    parser = argparse.ArgumentParser(description="Fewest queens dominating an N x N board (CP-SAT, one worker).")
    parser.add_argument("side", type=int, metavar="N", help="the side of the board, 1 to 20")
    parser.add_argument("--fixed-search", action="store_true", help="branch on the squares in row order, no queen first")
    args = parser.parse_args()
    n = args.side
    if not 1 <= n <= 20:
        parser.error("N must be 1 to 20")

    model = cp_model.CpModel()
    q = [model.NewBoolVar(f"r{s // n}c{s % n}") for s in range(n * n)]
    for s in range(n * n):
        r, c = divmod(s, n)
        covers = [
            q[t]
            for t in range(n * n)
            if t // n == r or t % n == c or t // n + c == r + t % n or t // n + t % n == r + c
        ]
        model.AddBoolOr(covers)
    model.Minimize(sum(q))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if args.fixed_search:
        model.AddDecisionStrategy(q, cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
    status = solver.Solve(model)
    if status != cp_model.OPTIMAL:
        print(f"queens_domination: no proven board ({solver.StatusName(status)})", file=sys.stderr)
        return 1
    print(f"queens {round(solver.ObjectiveValue())} (optimal)")
    for r in range(n):
        print(" ".join("Q" if solver.Value(q[r * n + c]) else "." for c in range(n)))
    print(
        f"branches: {solver.NumBranches()}, conflicts: {solver.NumConflicts()}, "
        f"solver wall time: {solver.WallTime():.3f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
