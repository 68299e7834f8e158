#!/usr/bin/env bash
# Side-by-side comparison of four examples with the same models written
# for Gecode (C++, branch and bound or depth-first search) and for OR-Tools
# CP-SAT (Python), all on one thread, as markdown tables.
#
# The problems, each answer checked on every run (a wrong answer stops the
# script with exit code 1):
#   golomb       golomb 10: length 55, and the marks form a Golomb ruler
#   queens       queens_domination 8: 5 queens, and the board is dominated
#   sudoku       sudoku on the 95 puzzles of tests/data/sudoku/top95.txt, in
#                one process: every puzzle solved, each solution a valid
#                grid that keeps the givens, and every program's solutions
#                the same; ours with its default rules (places),
#                --rules lines, --rules all-different and --model
#                exact-cover; Gecode with `distinct` at IPL_VAL (its
#                default) and at IPL_DOM
#   coloring     coloring --chromatic on tests/data/coloring/queen6_6.col,
#                queen7_7.col and queen8_8.col: 7, 7 and 9 colours; Gecode
#                by branch and bound, and also searching as ours does
#                (K colours, K + 1, ...: --search ascend)
# The peer models and what differs from ours: benches/peers/README.md.
#
# Each round runs every command once, ours and the peers' one after the
# other, problem by problem; --runs rounds. It reports, per command, the
# median and the range (min-max) of the wall time and of the CPU time
# (user + system) of the whole process, and the ratios ours/Gecode and
# ours/CP-SAT as medians of the per-round ratios (above 1: ours is
# slower). CP-SAT's times include starting Python and importing OR-Tools;
# a row measures that start alone.
#
# Usage: scripts/compare-peers.sh [--runs K] [--only LIST] [--bin-dir DIR]
#   --runs K       rounds (default 5, at least 1)
#   --only LIST    a comma-separated subset of golomb,queens,sudoku,coloring
#   --bin-dir DIR  our already built example binaries (default:
#                  target/release/examples; build them first with
#                  `cargo build --release --examples`: this script builds
#                  only the Gecode models)
#   -h, --help     this text
#
# Environment:
#   CXX              the C++ compiler for the Gecode models (default: g++)
#   GECODE_CXXFLAGS  their flags (default: -O2 -march=native; add -I and -L
#                    for a Gecode installed elsewhere)
#   PYTHON           the Python with OR-Tools (default: python3)
#   CC               the C compiler for the timing helper (default: cc)
#
# Needs Gecode (Debian: apt-get install libgecode-dev) and OR-Tools
# (pip install ortools); exits with code 2 and a one-line message when one
# is missing. The Gecode models and a small timing helper
# (benches/peers/runstat.c: the figures of /usr/bin/time at microsecond
# resolution) are built into target/peers/.

set -euo pipefail

usage() {
    sed -n '2,/^$/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

die() {
    echo "compare-peers: $*" >&2
    exit 2
}

wrong() {
    echo "compare-peers: WRONG ANSWER: $*" >&2
    exit 1
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEERS="$ROOT/benches/peers"
OUT="$ROOT/target/peers"
BIN_DIR="$ROOT/target/release/examples"
RUNS=5
ONLY="golomb,queens,sudoku,coloring"
ARGS=("$@")

while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) RUNS="${2:-}"; shift 2 || die "--runs needs a value" ;;
        --only) ONLY="${2:-}"; shift 2 || die "--only needs a value" ;;
        --bin-dir) BIN_DIR="${2:-}"; shift 2 || die "--bin-dir needs a value" ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown argument \`$1\` (see --help)" ;;
    esac
done

[[ "$RUNS" =~ ^[0-9]+$ ]] && ((RUNS >= 1)) || die "--runs must be a whole number, at least 1, not \`$RUNS\`"
declare -A WANT=()
IFS=',' read -r -a only_list <<<"$ONLY"
for p in "${only_list[@]}"; do
    case "$p" in
        golomb | queens | sudoku | coloring) WANT[$p]=1 ;;
        *) die "--only takes golomb, queens, sudoku and coloring, not \`$p\`" ;;
    esac
done
((${#WANT[@]})) || die "--only lists no problem"
[[ -d "$BIN_DIR" ]] || die "no directory $BIN_DIR (build our examples: cargo build --release --examples)"
BIN_DIR="$(cd "$BIN_DIR" && pwd)"
wants() { [[ -n "${WANT[$1]:-}" ]]; }

# The peers and our binaries.
CXX="${CXX:-g++}"
PYTHON="${PYTHON:-python3}"
GECODE_CXXFLAGS="${GECODE_CXXFLAGS:--O2 -march=native}"
GECODE_LIBS=(-lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport)
command -v "$CXX" >/dev/null 2>&1 || die "no C++ compiler \`$CXX\` (set CXX)"
# shellcheck disable=SC2086 # GECODE_CXXFLAGS holds several words
printf '#include <gecode/int.hh>\n' | "$CXX" $GECODE_CXXFLAGS -x c++ -E - >/dev/null 2>&1 ||
    die "Gecode is not installed: no <gecode/int.hh> (Debian: apt-get install libgecode-dev; or set GECODE_CXXFLAGS)"
command -v "$PYTHON" >/dev/null 2>&1 || die "no Python \`$PYTHON\` (set PYTHON)"
"$PYTHON" -c 'import ortools.sat.python.cp_model' >/dev/null 2>&1 ||
    die "OR-Tools is not installed for $PYTHON (pip install ortools; or set PYTHON)"
declare -A OURS_BIN=([golomb]=golomb [queens]=queens_domination [sudoku]=sudoku [coloring]=coloring)
for p in "${!WANT[@]}"; do
    [[ -x "$BIN_DIR/${OURS_BIN[$p]}" ]] ||
        die "no example binary $BIN_DIR/${OURS_BIN[$p]} (cargo build --release --example ${OURS_BIN[$p]}, or --bin-dir)"
done

# Every input is a file of this repository; nothing is read from outside it.
SUDOKU_FILE="$ROOT/tests/data/sudoku/top95.txt"
if wants sudoku; then
    [[ -f "$SUDOKU_FILE" ]] || die "no tests/data/sudoku/top95.txt in the repository"
fi
# The graphs and their chromatic numbers.
declare -A CHROMATIC=([queen6_6]=7 [queen7_7]=7 [queen8_8]=9)
GRAPHS=()
if wants coloring; then
    for g in queen6_6 queen7_7 queen8_8; do
        [[ -f "$ROOT/tests/data/coloring/$g.col" ]] || die "no tests/data/coloring/$g.col in the repository"
        GRAPHS+=("$g")
    done
fi

progress() {
    if [[ -t 2 ]]; then
        printf '\r\033[K%s' "$*" >&2
    fi
}

# Build.
mkdir -p "$OUT"
"${CC:-cc}" -O2 -o "$OUT/runstat" "$PEERS/runstat.c" || die "could not build benches/peers/runstat.c"
declare -A GECODE_SRC=([golomb]=golomb [queens]=queens_domination [sudoku]=sudoku [coloring]=coloring)
for p in "${!WANT[@]}"; do
    m="${GECODE_SRC[$p]}"
    progress "building target/peers/$m"
    # shellcheck disable=SC2086 # GECODE_CXXFLAGS holds several words
    "$CXX" $GECODE_CXXFLAGS -std=c++17 -o "$OUT/$m" "$PEERS/gecode/$m.cpp" "${GECODE_LIBS[@]}" ||
        die "could not build benches/peers/gecode/$m.cpp"
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# command_of KEY: sets CMD to the command of KEY.
command_of() {
    case "$1" in
        ours_golomb) CMD=("$BIN_DIR/golomb" 10 --stats) ;;
        gecode_golomb) CMD=("$OUT/golomb" 10) ;;
        cpsat_golomb) CMD=("$PYTHON" "$PEERS/cpsat/golomb.py" 10) ;;
        ours_queens) CMD=("$BIN_DIR/queens_domination" 8 --stats) ;;
        gecode_queens) CMD=("$OUT/queens_domination" 8) ;;
        cpsat_queens) CMD=("$PYTHON" "$PEERS/cpsat/queens_domination.py" 8) ;;
        ours_sudoku_places) CMD=("$BIN_DIR/sudoku" --stats "$SUDOKU_FILE") ;;
        ours_sudoku_lines) CMD=("$BIN_DIR/sudoku" --stats --rules lines "$SUDOKU_FILE") ;;
        ours_sudoku_alldiff) CMD=("$BIN_DIR/sudoku" --stats --rules all-different "$SUDOKU_FILE") ;;
        ours_sudoku_cover) CMD=("$BIN_DIR/sudoku" --stats --model exact-cover "$SUDOKU_FILE") ;;
        gecode_sudoku_val) CMD=("$OUT/sudoku" --ipl val "$SUDOKU_FILE") ;;
        gecode_sudoku_dom) CMD=("$OUT/sudoku" --ipl dom "$SUDOKU_FILE") ;;
        cpsat_sudoku) CMD=("$PYTHON" "$PEERS/cpsat/sudoku.py" "$SUDOKU_FILE") ;;
        ours_col_*) CMD=("$BIN_DIR/coloring" --chromatic --stats "$ROOT/tests/data/coloring/${1#ours_col_}.col") ;;
        gecode_col_*) CMD=("$OUT/coloring" "$ROOT/tests/data/coloring/${1#gecode_col_}.col") ;;
        gecodeasc_col_*) CMD=("$OUT/coloring" --search ascend "$ROOT/tests/data/coloring/${1#gecodeasc_col_}.col") ;;
        cpsat_col_*) CMD=("$PYTHON" "$PEERS/cpsat/coloring.py" "$ROOT/tests/data/coloring/${1#cpsat_col_}.col") ;;
        cpsat_import) CMD=("$PYTHON" -c 'from ortools.sat.python import cp_model') ;;
        *) die "internal: no command for $1" ;;
    esac
}

# shown CMD...: the command as text, paths from the repository's root
# (our binaries by their names), Python as python3.
shown() {
    local arg words=()
    for arg in "$@"; do
        if [[ "$arg" == "$PYTHON" && ${#words[@]} -eq 0 ]]; then
            arg=python3
        fi
        arg="${arg/#"$OUT"\//target/peers/}"
        arg="${arg/#"$BIN_DIR"\//}"
        arg="${arg/#"$ROOT"\//}"
        [[ "$arg" == *" "* ]] && arg="'$arg'"
        words+=("$arg")
    done
    echo "${words[*]}"
}

# check_golomb FILE NAME: length 55 (optimal), then 10 marks from 0 to 55
# whose differences all differ.
check_golomb() {
    [[ "$(sed -n 1p "$1")" == "length 55 (optimal)" ]] || wrong "$2 printed \`$(head -c 200 "$1")\`, not length 55 (optimal)"
    sed -n 2p "$1" | awk '
        { if (NF != 10 || $1 != 0 || $10 != 55) exit 1
          for (i = 1; i <= NF; i++) for (j = i + 1; j <= NF; j++) {
              d = $j - $i; if (d <= 0 || (d in seen)) exit 1; seen[d] = 1 } }
        END { if (NR != 1) exit 1 }' || wrong "$2: the marks \`$(sed -n 2p "$1")\` are not a Golomb ruler of 10 marks and length 55"
}

# check_queens FILE NAME: queens 5 (optimal), then an 8 x 8 board with 5
# queens that dominate it.
check_queens() {
    [[ "$(sed -n 1p "$1")" == "queens 5 (optimal)" ]] || wrong "$2 printed \`$(head -c 200 "$1")\`, not queens 5 (optimal)"
    sed -n '2,$p' "$1" | awk '
        { if (NF != 8) exit 1; for (c = 1; c <= 8; c++) if ($c == "Q") { qr[++q] = NR; qc[q] = c } }
        END {
            if (NR != 8 || q != 5) exit 1
            for (r = 1; r <= 8; r++) for (c = 1; c <= 8; c++) {
                ok = 0
                for (k = 1; k <= q; k++)
                    if (qr[k] == r || qc[k] == c || qr[k] - qc[k] == r - c || qr[k] + qc[k] == r + c) ok = 1
                if (!ok) exit 1
            }
        }' || wrong "$2: the board is not 8 x 8 with 5 queens dominating it"
}

# check_sudoku FILE NAME: one solution per puzzle, each a valid grid that
# keeps the puzzle's givens; then the same as the first program's.
check_sudoku() {
    awk -v puzzles="$SUDOKU_FILE" '
        BEGIN { while ((getline p < puzzles) > 0) { gsub(/[ \r]/, "", p); if (p != "") given[++n] = p } }
        {
            k = NR; s = $0
            if (k > n || length(s) != 81 || s !~ /^[1-9]+$/) { print "puzzle " k ": not a solution: " s; bad = 1; exit }
            for (i = 1; i <= 81; i++) {
                g = substr(given[k], i, 1)
                if (g ~ /[1-9]/ && g != substr(s, i, 1)) { print "puzzle " k ": a given changed"; bad = 1; exit }
            }
            for (u = 0; u < 9; u++) {
                delete row; delete col; delete box
                for (v = 0; v < 9; v++) {
                    row[substr(s, 9 * u + v + 1, 1)] = 1
                    col[substr(s, 9 * v + u + 1, 1)] = 1
                    box[substr(s, 9 * (3 * int(u / 3) + int(v / 3)) + 3 * (u % 3) + v % 3 + 1, 1)] = 1
                }
                if (length(row) != 9 || length(col) != 9 || length(box) != 9) { print "puzzle " k ": a unit repeats a digit"; bad = 1; exit }
            }
        }
        END { if (!bad && NR != n) { print NR " solutions for " n " puzzles"; bad = 1 } exit bad }
    ' "$1" >"$TMP/why" || wrong "$2: $(cat "$TMP/why")"
    if [[ -f "$TMP/sudoku_reference" ]]; then
        cmp -s "$1" "$TMP/sudoku_reference" || wrong "$2: its solutions differ from $(cat "$TMP/sudoku_reference_name")'s"
    else
        cp "$1" "$TMP/sudoku_reference"
        echo "$2" >"$TMP/sudoku_reference_name"
    fi
}

# check KEY: the answer of the last run of KEY.
check() {
    local key="$1" out="$TMP/$1.stdout" name
    command_of "$key"
    name="\`$(shown "${CMD[@]}")\`"
    case "$key" in
        *_golomb) check_golomb "$out" "$name" ;;
        *_queens) check_queens "$out" "$name" ;;
        *_sudoku*) check_sudoku "$out" "$name" ;;
        *_col_*)
            local graph="${key#*_col_}" got
            got="$(tr -d '[:space:]' <"$out")"
            [[ "$got" == "${CHROMATIC[$graph]}" ]] ||
                wrong "$name printed \`$(head -c 200 "$out")\`, not ${CHROMATIC[$graph]}"
            ;;
        cpsat_import) ;;
        *) die "internal: no check for $key" ;;
    esac
}

# measure KEY: runs KEY's command once, checks its exit status and answer,
# appends "wall cpu maxrss" to $TMP/KEY.times.
measure() {
    local key="$1"
    command_of "$key"
    if ! "$OUT/runstat" "$TMP/report" "${CMD[@]}" >"$TMP/$key.stdout" 2>"$TMP/$key.stderr"; then
        echo "compare-peers: \`$(shown "${CMD[@]}")\` failed:" >&2
        tail -n 5 "$TMP/$key.stderr" >&2
        exit 1
    fi
    check "$key"
    cat "$TMP/report" >>"$TMP/$key.times"
}

# The rows of the tables: label, then the keys of ours, Gecode, CP-SAT.
ROWS=()
ROUND=()
if wants golomb; then
    ROWS+=("Golomb ruler, 10 marks|ours_golomb|gecode_golomb|cpsat_golomb")
    ROUND+=(ours_golomb gecode_golomb cpsat_golomb)
fi
if wants queens; then
    ROWS+=("Queens domination, 8 x 8|ours_queens|gecode_queens|cpsat_queens")
    ROUND+=(ours_queens gecode_queens cpsat_queens)
fi
if wants sudoku; then
    ROWS+=("Sudoku top95: ours default (places) / Gecode IPL_VAL|ours_sudoku_places|gecode_sudoku_val|cpsat_sudoku")
    ROWS+=("Sudoku top95: ours \`--rules lines\` / Gecode IPL_VAL|ours_sudoku_lines|gecode_sudoku_val|cpsat_sudoku")
    ROWS+=("Sudoku top95: ours \`--rules all-different\` / Gecode IPL_DOM|ours_sudoku_alldiff|gecode_sudoku_dom|cpsat_sudoku")
    ROWS+=("Sudoku top95: ours \`--model exact-cover\` / Gecode IPL_DOM|ours_sudoku_cover|gecode_sudoku_dom|cpsat_sudoku")
    ROUND+=(ours_sudoku_places gecode_sudoku_val cpsat_sudoku ours_sudoku_lines ours_sudoku_alldiff gecode_sudoku_dom ours_sudoku_cover)
fi
for g in "${GRAPHS[@]}"; do
    ROWS+=("Chromatic number, $g|ours_col_$g|gecode_col_$g|cpsat_col_$g")
    ROUND+=("ours_col_$g" "gecode_col_$g" "cpsat_col_$g" "gecodeasc_col_$g")
done
# Gecode searching as ours does: K colours, K + 1, ... (LDSB for the
# interchangeable colours) rather than branch and bound.
for g in "${GRAPHS[@]}"; do
    ROWS+=("Chromatic number, $g: Gecode \`--search ascend\`, as ours searches|ours_col_$g|gecodeasc_col_$g|-")
done
ROWS+=("CP-SAT start alone: Python importing OR-Tools|-|-|cpsat_import")
ROUND+=(cpsat_import)

read -r LOAD_BEFORE _ </proc/loadavg
STARTED="$(date -u '+%Y-%m-%d %H:%M UTC')"
for ((r = 1; r <= RUNS; r++)); do
    for key in "${ROUND[@]}"; do
        progress "round $r/$RUNS: $key"
        measure "$key"
    done
done
progress ""
[[ -t 2 ]] && echo >&2
read -r LOAD_AFTER _ </proc/loadavg

# column FILE N: column N of FILE.
column_of() { cut -d' ' -f"$2" "$1"; }

# stats FILE COLUMN: "median min max".
stats() {
    column_of "$1" "$2" | sort -g | awk '
        { v[NR] = $1 }
        END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[1], v[NR] }'
}

secs() {
    awk -v s="$1" 'BEGIN { if (s < 0.1) printf "%.4f", s; else if (s < 10) printf "%.3f", s; else printf "%.2f", s }'
}

# cell KEY COLUMN: "median (min–max)" in seconds.
cell() {
    [[ "$1" == "-" ]] && { echo "-"; return; }
    local m lo hi
    read -r m lo hi < <(stats "$TMP/$1.times" "$2")
    echo "$(secs "$m") ($(secs "$lo")–$(secs "$hi"))"
}

# ratio A B COLUMN: the median of the per-round ratios A/B.
ratio() {
    [[ "$1" == "-" || "$2" == "-" ]] && { echo "-"; return; }
    paste -d' ' <(column_of "$TMP/$1.times" "$3") <(column_of "$TMP/$2.times" "$3") |
        awk '{ printf "%.6f\n", ($2 > 0 ? $1 / $2 : 0) }' >"$TMP/ratios"
    stats "$TMP/ratios" 1 | awk '{ printf "%.2f", $1 }'
}

table() {
    local column="$1"
    echo "| problem | ours (s) | Gecode (s) | CP-SAT (s) | ours/Gecode | ours/CP-SAT |"
    echo "|---|---|---|---|---|---|"
    local row label a b c
    for row in "${ROWS[@]}"; do
        IFS='|' read -r label a b c <<<"$row"
        echo "| $label | $(cell "$a" "$column") | $(cell "$b" "$column") | $(cell "$c" "$column") | $(ratio "$a" "$b" "$column") | $(ratio "$a" "$c" "$column") |"
    done
}

# The search statistics a program printed on its last run.
search_line() {
    { grep -E '^(nodes|total|branches)' "$TMP/$1.stderr" || true; } | tail -n 1 | sed 's/|/\\|/g'
}

cpu_model="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
# shellcheck disable=SC2086 # GECODE_CXXFLAGS holds several words
gecode_version="$(printf '#include <gecode/support/config.hpp>\nGECODE_VERSION\n' |
    "$CXX" $GECODE_CXXFLAGS -x c++ -E - 2>/dev/null | tail -n 1 | tr -d '"')"
ortools_version="$("$PYTHON" -c 'import ortools; print(ortools.__version__)' 2>/dev/null || echo unknown)"
python_version="$("$PYTHON" -c 'import platform; print(platform.python_version())' 2>/dev/null || echo unknown)"
commit="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
built=()
for p in golomb queens sudoku coloring; do
    if wants "$p"; then built+=("\`${OURS_BIN[$p]}\` $(date -u -r "$BIN_DIR/${OURS_BIN[$p]}" '+%Y-%m-%d %H:%M:%S')"); fi
done

echo "Produced by \`scripts/compare-peers.sh${ARGS[*]:+ ${ARGS[*]}}\` on $STARTED: ${cpu_model:-unknown CPU}, $(nproc) cores, load average (1 min) $LOAD_BEFORE before and $LOAD_AFTER after. Ours: the example binaries in \`${BIN_DIR/#"$ROOT"\//}\` (checkout $commit; built $(IFS=','; echo "${built[*]}" | sed 's/,/, /g') UTC). Gecode $gecode_version, built with \`$CXX $GECODE_CXXFLAGS\`, one thread. OR-Tools CP-SAT $ortools_version on Python $python_version, one worker. $RUNS rounds, each running every command once, ours and the peers' one after the other; times are of whole processes, the median and (min–max) over the rounds; ratios are the medians of the per-round ratios (above 1: ours slower). Every run's answer was checked."
echo
echo "CPU time (user + system):"
echo
table 2
echo
echo "Wall time:"
echo
table 1
echo
echo "Commands (from the repository's root; \`coloring\`, \`golomb\`, \`queens_domination\` and \`sudoku\` alone are ours), the search statistics each printed on its last run, and its peak memory:"
echo
echo "| command | search statistics (last run) | peak memory |"
echo "|---|---|---|"
declare -A listed=()
for key in "${ROUND[@]}"; do
    [[ -n "${listed[$key]:-}" ]] && continue
    listed[$key]=1
    command_of "$key"
    peak="$(column_of "$TMP/$key.times" 3 | sort -g | tail -n 1)"
    echo "| \`$(shown "${CMD[@]}")\` | $(search_line "$key") | $(awk -v k="$peak" 'BEGIN { printf "%.1f MiB", k / 1024 }') |"
done
