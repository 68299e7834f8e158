#!/usr/bin/env bash
# Compares `nqueens N --estimate` with the count it predicts: for each N,
# the estimated nodes, solutions and seconds (with their 95% intervals),
# the time the estimate itself took, the true nodes (from
# `nqueens N --threads 1 --stats`) and the CPU seconds of the count the
# estimate predicts, `nqueens N --threads 1` (symmetry on, as both run by
# default; `--stats` tallies rejections on a slower path, so it is not the
# run that is timed).
#
#   bash scripts/estimate-table.sh [N ...]      (default: 12 13 14 15 16)
#
# Uses the release build of the nqueens example (built when NQUEENS is not
# set). Prints one Markdown table row per N.
set -euo pipefail

cd "$(dirname "$0")/.."
# shellcheck source=scripts/nqueens-binary.sh
source scripts/nqueens-binary.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| N | nodes, estimated (95% interval) | nodes, true | solutions, estimated (95% interval) | solutions, true | seconds, estimated | seconds, measured | estimate took (s) |"
echo "|---|---|---|---|---|---|---|---|"
ns=("$@")
if [[ ${#ns[@]} -eq 0 ]]; then
    ns=(12 13 14 15 16)
fi
for n in "${ns[@]}"; do
    /usr/bin/time -f %U -o "$work/etime" "$NQUEENS" "$n" --estimate >"$work/est"
    /usr/bin/time -f %U -o "$work/time" "$NQUEENS" "$n" --threads 1 >"$work/count"
    "$NQUEENS" "$n" --threads 1 --stats >/dev/null 2>"$work/stats"
    read -r _ nv nl nh < <(grep '^nodes' "$work/est")
    read -r _ sv sl sh < <(grep '^solutions' "$work/est")
    read -r _ tv _ _ < <(grep '^seconds' "$work/est")
    nodes=$(grep -m1 -o 'nodes: *[0-9]*' "$work/stats" | grep -o '[0-9]*$')
    echo "| $n | $nv ($nl-$nh) | $nodes | $sv ($sl-$sh) | $(cat "$work/count") | $tv | $(cat "$work/time") | $(cat "$work/etime") |"
done
