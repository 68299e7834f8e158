#!/usr/bin/env python3
"""Sudoku puzzles, one a line, in OR-Tools CP-SAT, for comparison with the
`sudoku` example (examples/sudoku.rs).

Reads every puzzle first (81 characters, digits 1-9 for givens and `.` or
`0` for blanks; blank lines skipped), then solves them one after the other
in the same process and prints each solution as a line of 81 digits, in
input order, or `no solution`, as the example does. Totals of the solver's
statistics go to standard error.

The model: a variable per cell with domain 1..9, the givens fixed, one
`AddAllDifferent` per row, column and box (27), one worker.

Where it differs: CP-SAT builds and presolves a model per puzzle and
searches its own way (clause learning, its own branching);
`--fixed-search` makes it branch as the example does instead: the cell
with the fewest candidates first, smallest digit first. The model is built
in Python, which the process's time includes.

Run: python3 sudoku.py FILE [--fixed-search]
"""

import argparse
import sys

from ortools.sat.python import cp_model


def read_puzzles(path):
    puzzles = []
    with open(path, encoding="ascii") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            if len(line) != 81 or any(ch not in ".0123456789" for ch in line):
                sys.exit(f"sudoku: line {number} is not a 9 x 9 puzzle")
            puzzles.append(line)
    return puzzles


def units():
    for k in range(9):
        yield [9 * k + c for c in range(9)]
        yield [9 * r + k for r in range(9)]
    for br in range(0, 9, 3):
        for bc in range(0, 9, 3):
            yield [9 * (br + r) + bc + c for r in range(3) for c in range(3)]


def main():
    parser = argparse.ArgumentParser(description="Solve sudoku puzzles, one a line (CP-SAT, one worker).")
    parser.add_argument("file", help="file of puzzles, one a line")
    parser.add_argument("--fixed-search", action="store_true", help="branch on the cell with the fewest candidates, smallest digit first")
    args = parser.parse_args()
    puzzles = read_puzzles(args.file)
    all_units = list(units())

    branches = conflicts = 0
    out = []
    for puzzle in puzzles:
        model = cp_model.CpModel()
        cells = []
        for i, ch in enumerate(puzzle):
            if ch in "123456789":
                cells.append(model.NewIntVar(int(ch), int(ch), f"c{i}"))
            else:
                cells.append(model.NewIntVar(1, 9, f"c{i}"))
        for unit in all_units:
            model.AddAllDifferent([cells[i] for i in unit])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if args.fixed_search:
            model.AddDecisionStrategy(cells, cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MIN_VALUE)
            solver.parameters.search_branching = cp_model.FIXED_SEARCH
        status = solver.Solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            out.append("".join(str(solver.Value(x)) for x in cells))
        else:
            out.append("no solution")
        branches += solver.NumBranches()
        conflicts += solver.NumConflicts()
    sys.stdout.write("".join(line + "\n" for line in out))
    print(f"total: {len(puzzles)} puzzles, branches: {branches}, conflicts: {conflicts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
