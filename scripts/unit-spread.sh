#!/usr/bin/env bash
# Measures how even a split of the N-Queens count is: splits N at DEPTH
# (or `auto` for W workers), counts every unit alone, and prints the units'
# node counts as measured (not estimated): how many units, the median, the
# largest, and the largest over the median.
#
#   bash scripts/unit-spread.sh N DEPTH|auto [W]
#
# Uses the release build of the nqueens example (built when NQUEENS is not
# set); units are counted one at a time on one thread.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: bash scripts/unit-spread.sh N DEPTH|auto [W]" >&2
    exit 2
fi
n=$1 depth=$2 workers=${3:-2}

cd "$(dirname "$0")/.."
# shellcheck source=scripts/nqueens-binary.sh
source scripts/nqueens-binary.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ "$depth" == auto ]]; then
    "$NQUEENS" "$n" --split auto --workers "$workers" > "$work/units.txt" 2>/dev/null
else
    "$NQUEENS" "$n" --split "$depth" > "$work/units.txt"
fi
while IFS= read -r line; do
    "$NQUEENS" --unit "$line" --stats 2>&1 >/dev/null | sed -n 's/^nodes: //p'
done < "$work/units.txt" | sort -n > "$work/nodes.txt"

units=$(wc -l < "$work/nodes.txt")
median=$(awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }' "$work/nodes.txt")
largest=$(tail -n 1 "$work/nodes.txt")
actual_depth=$(sed -n '1s/.* depth=\([0-9]*\) .*/\1/p' "$work/units.txt")
awk -v n="$n" -v d="$depth" -v a="$actual_depth" -v u="$units" -v m="$median" -v l="$largest" \
    'BEGIN { printf "N=%s split=%s depth=%s units=%s median=%s largest=%s largest/median=%.1f\n", n, d, a, u, m, l, (m > 0 ? l / m : 0) }'
