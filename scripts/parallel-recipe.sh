#!/usr/bin/env bash
# The GNU parallel recipe of docs/distributed.md, on this machine:
# split the N-Queens search into work units, count every unit in its own
# process with GNU parallel, merge the results, and print the total.
#
#   scripts/parallel-recipe.sh N DEPTH      e.g. scripts/parallel-recipe.sh 12 3  -> 14200
#
# The nqueens example is built in release mode first, unless NQUEENS names
# a binary to use. JOBS sets parallel's job count (default: one per core).
set -euo pipefail

if [ "$#" -ne 2 ]; then
    echo "usage: $0 N DEPTH" >&2
    exit 2
fi
n=$1
depth=$2

if ! command -v parallel >/dev/null 2>&1; then
    echo "error: GNU parallel is not installed (Debian/Ubuntu: apt-get install parallel)" >&2
    exit 2
fi

cd "$(dirname "$0")/.."
# shellcheck source=scripts/nqueens-binary.sh
source scripts/nqueens-binary.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Split: one unit a line.
"$NQUEENS" "$n" --split "$depth" > "$work/units.txt"
echo "$(wc -l < "$work/units.txt") units" >&2

# 2. Count every unit; parallel quotes {} so each line stays one argument.
parallel --will-cite --halt now,fail=1 --jobs "${JOBS:-100%}" \
    "$NQUEENS" --unit {} :::: "$work/units.txt" > "$work/results.txt"

# 3. Merge: refuses missing, duplicated or foreign units.
"$NQUEENS" --merge "$work/results.txt"
