#!/usr/bin/env bash
# A benchmark (not a test) of fzn-backtracker against fzn-gecode on the
# MiniZinc corpus of fzn/tests/models: each instance is compiled once per
# solver with that solver's own library (backtracker's mznlib, Gecode's
# presolver library, MiniZinc's standard decompositions where Gecode's
# lacks a constraint), then each solver runs the FlatZinc on one thread
# with the model's own search annotation (and again with -f, free search),
# ROUNDS times, alternating. Every run's answer (solution count with -a,
# proven optimum, unsatisfiability) is checked against the MANIFEST; the
# CPU time (user + system) of each run is measured with GNU time
# (/usr/bin/time), and the table gives the medians, their ratio, the geometric
# mean of the ratios and the worst model.
#
# Usage: scripts/bench-minizinc.sh [-r ROUNDS] [-t TIMEOUT_S] [-a] [INSTANCE...]
#   -r ROUNDS   rounds per solver and instance (default 5)
#   -t SECONDS  the most one run may take (default 30); a run stopped by it
#               counts as a wrong answer
#   -a          every instance of the MANIFEST instead of the benchmark list
#   INSTANCE    model.mzn:data.dzn (data `-` for none) instead of the list
#
# Needs minizinc and fzn-gecode (apt-get install minizinc) and cargo.
# Exit code 1 when an answer was wrong.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
models=$root/fzn/tests/models

rounds=5
limit=30
all=false
while getopts "r:t:ah" opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    t) limit=$OPTARG ;;
    a) all=true ;;
    h)
        sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))

for tool in minizinc fzn-gecode cargo /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "bench-minizinc: $tool is not installed" >&2
        exit 2
    }
done

# The benchmark list: the corpus's instances that take one of the solvers
# at least 0.04 s (the others measure process start-up and the clock's
# 10 ms resolution), none over 12 s.
bench=(
    queens.mzn:queens-10.dzn
    queens.mzn:queens-12.dzn
    chromatic.mzn:queen6_6.dzn
    golomb.mzn:golomb-8.dzn
    golomb.mzn:golomb-9.dzn
    golomb.mzn:golomb-10.dzn
    knights_path.mzn:knights_path-3x7.dzn
    queens_domination.mzn:queens_domination-6.dzn
    queens_domination.mzn:queens_domination-7.dzn
    costas.mzn:costas-8.dzn
    costas.mzn:costas-9.dzn
    steiner_triples.mzn:steiner_triples-7.dzn
    langford.mzn:langford-11.dzn
    all_interval.mzn:all_interval-10.dzn
    all_interval.mzn:all_interval-12.dzn
    domino_tiling.mzn:domino_tiling-6x6.dzn
    kakuro.mzn:kakuro-medium.dzn
    latin_reduced.mzn:latin-6.dzn
    magic_square.mzn:magic_square-4.dzn
    involutions.mzn:involutions-10.dzn
    pigeonhole.mzn:pigeonhole-7.dzn
)

# The MANIFEST's line for model and data: kind and expected answer.
lookup() {
    awk -F', *' -v m="$1" -v d="$2" '!/^#/ && $1 == m && $2 == d { print $3, $4; exit }' "$models/MANIFEST"
}

if [[ $# -gt 0 ]]; then
    bench=("$@")
elif $all; then
    mapfile -t bench < <(awk -F', *' '!/^#/ && NF >= 5 { print $1 ":" $2 }' "$models/MANIFEST")
fi

echo "building fzn-backtracker (release)" >&2
cargo build --release -q -p backtracker-fzn
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/target/release/fzn-backtracker" --install "$work/bt" >/dev/null
cat >"$work/gecode.msc" <<'EOF'
{
  "id": "org.backtracker.bench.gecode",
  "name": "Gecode (presolver library)",
  "version": "6",
  "mznlib": "-Ggecode_presolver",
  "executable": "fzn-gecode",
  "stdFlags": ["-a", "-f", "-n", "-p", "-r", "-s", "-t"],
  "supportsFzn": true,
  "needsSolns2Out": true
}
EOF

# compile SOLVER MODEL DATA OUT: the FlatZinc of the instance, with the
# objective variable marked for output; prints the objective's name. For
# Gecode, when its library declares a constraint that fzn-gecode then does
# not know, MiniZinc's standard decompositions instead.
compile() {
    local msc=$1 model=$2 data=$3 out=$4 err
    local args=(-c --no-output-ozn --solver "$msc" "$models/$model")
    [[ $data != - ]] && args+=("$models/$data")
    err=$(timeout 120 minizinc "${args[@]}" -o "$out" 2>&1 >/dev/null) || true
    if [[ $msc == *gecode* && ( ! -s $out || $err == *"not found"* ||
        $(timeout 5 fzn-gecode -n 1 "$out" 2>&1 >/dev/null) == *"not found"* ) ]]; then
        timeout 120 minizinc -G std "${args[@]}" -o "$out" >/dev/null 2>&1 || return 1
    fi
    [[ -s $out ]] || return 1
    local objective
    objective=$(sed -n 's/^solve.*\(minimize\|maximize\) *\([A-Za-z_][A-Za-z0-9_]*\) *;.*/\2/p' "$out")
    if [[ -n $objective ]]; then
        sed -i "s/^\(var [^:]*: $objective\)\([ :;]\)/\1 :: output_var\2/" "$out"
    fi
    echo "$objective"
}

# answer KIND OBJECTIVE OUTPUT: the answer a solver printed, or `?`.
answer() {
    local kind=$1 objective=$2 out=$3
    if grep -q '^=====UNSATISFIABLE=====$' "$out"; then
        echo -
    elif ! grep -q '^==========$' "$out"; then
        echo '?'
    elif [[ $kind == count ]]; then
        grep -c '^----------$' "$out"
    else
        sed -n "s/^$objective = \(-\{0,1\}[0-9]*\);$/\1/p" "$out" | tail -1
    fi
}

# cpu COMMAND...: runs it (stdout to $work/out) and prints its CPU seconds
# (user + system, of the solver and its children).
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/time" timeout "$limit" "$@" >"$work/out" 2>/dev/null || true
    awk 'END { printf "%.3f\n", $1 + $2 }' "$work/time"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

wrong=0
for mode in annotation free; do
    flags=()
    [[ $mode == free ]] && flags=(-f)
    printf '\n### search: %s (%s rounds, medians of CPU seconds)\n\n' \
        "$([[ $mode == free ]] && echo "free (-f)" || echo "the model's annotation")" "$rounds"
    echo "| model | data | answer | backtracker s | Gecode s | ratio |"
    echo "|---|---|---|---:|---:|---:|"
    ratios=()
    for item in "${bench[@]}"; do
        model=${item%%:*}
        data=${item#*:}
        read -r kind expected < <(lookup "$model" "$data") || true
        if [[ -z ${kind:-} ]]; then
            echo "bench-minizinc: $model $data is not in the MANIFEST" >&2
            exit 2
        fi
        all_flag=()
        [[ $kind == count ]] && all_flag=(-a)
        obj_bt=$(compile "$work/bt/backtracker.msc" "$model" "$data" "$work/bt.fzn") || {
            echo "| $model | $data | compile error (backtracker) | | | |"
            wrong=1
            continue
        }
        obj_gc=$(compile "$work/gecode.msc" "$model" "$data" "$work/gc.fzn") || {
            echo "| $model | $data | compile error (Gecode) | | | |"
            wrong=1
            continue
        }
        bt_times=()
        gc_times=()
        note=""
        for ((r = 0; r < rounds; r++)); do
            bt_times+=("$(cpu "$root/target/release/fzn-backtracker" "${flags[@]}" "${all_flag[@]}" "$work/bt.fzn")")
            got=$(answer "$kind" "$obj_bt" "$work/out")
            [[ $got == "$expected" ]] || note="backtracker answered $got"
            gc_times+=("$(cpu fzn-gecode "${flags[@]}" "${all_flag[@]}" "$work/gc.fzn")")
            got=$(answer "$kind" "$obj_gc" "$work/out")
            [[ $got == "$expected" ]] || note="${note:+$note; }Gecode answered $got"
        done
        bt=$(printf '%s\n' "${bt_times[@]}" | median)
        gc=$(printf '%s\n' "${gc_times[@]}" | median)
        # Times below the clock's resolution count as 5 ms.
        ratio=$(awk -v a="$bt" -v b="$gc" 'BEGIN { if (a < 0.005) a = 0.005; if (b < 0.005) b = 0.005; printf "%.2f", a / b }')
        ratios+=("$ratio $model $data")
        if [[ -n $note ]]; then
            wrong=1
            echo "| $model | $data | WRONG: $note (expected $expected) | $bt | $gc | $ratio |"
        else
            echo "| $model | $data | $kind $expected | $bt | $gc | ${ratio}x |"
        fi
    done
    printf '%s\n' "${ratios[@]}" | awk '{ s += log($1); n++; if ($1 > w) { w = $1; wm = $2 " " $3 } }
        END { printf "\ngeometric mean of the ratios: %.2fx over %d instances; worst: %s at %.2fx\n", exp(s / n), n, wm, w }'
done
exit "$wrong"
