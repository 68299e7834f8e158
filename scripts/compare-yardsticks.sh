#!/usr/bin/env bash
# Paired whole-process comparison of the `nqueens` example with the C
# yardsticks (nq_mirror.c, nq_bitboard.c), as a markdown table.
#
# For each N it runs, in one round, one after the other:
#   A  nqueens N --threads 1                  B  nq_mirror N
#   C  nqueens N --threads 1 --no-symmetry    D  nq_bitboard N
#   E  nqueens N                              (all cores)
#   F  nqueens N --plain --no-symmetry        (N <= 14 only)
#   G  nq_judge N                             (N <= 14 only)
# and repeats the round --runs times. Ratios are medians of the per-round
# ratios: CPU time A/B, C/D, F/D and F/G, wall time E/A. Every run's count
# must agree. F is the convenient path: boxed checkers asked value by
# value; G (benches/c/nq_judge.c, in this repository) is the same
# algorithm written by hand in C, the classic judge solution.
# Peak memory is the largest maximum resident set size seen for a command.
#
# Usage: scripts/compare-yardsticks.sh [--from N] [--to N] [--runs R] [--long] [--write [FILE]]
#   --from N, --to N  the range of N for the paired timings (default 12 to 16)
#   --runs R          rounds per N (default 5, at least 1)
#   --long            also measure the peak memory of `nqueens N` for every N
#                     above --to up to 20, one full count each (N = 20 takes
#                     hours)
#   --write [FILE]    replace the text between the lines
#                     `<!-- compare-yardsticks:begin -->` and
#                     `<!-- compare-yardsticks:end -->` in FILE (default
#                     docs/performance.md) instead of printing the table
#
# Environment:
#   BENCH_DIR     the directory of the C sources (default: benches/c in
#                 this repository)
#   NQUEENS_BIN   an already built nqueens binary to measure (default: build
#                 the release example)
#   CC            the C compiler (default: cc); the yardsticks get -O2
#   YARDSTICK_CFLAGS
#                 more flags for the yardsticks (default: none, as the
#                 targets define them); -march=native builds them for
#                 this processor, as .cargo/config.toml builds the crate
#
# Each timing comes from a small C helper built with the yardsticks: it
# runs the command and reads the kernel's resource usage for it (wall time,
# user + system CPU time in microseconds, maximum resident set size), the
# same figures `/usr/bin/time -v` prints, at a finer resolution.

set -euo pipefail

usage() {
    sed -n '2,/^$/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

die() {
    echo "compare-yardsticks: $*" >&2
    exit 2
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="${BENCH_DIR:-$ROOT/benches/c}"
FROM=12
TO=16
RUNS=5
LONG=0
WRITE=""

while [[ $# -gt 0 ]]; do
    case "$1" in
        --from) FROM="${2:-}"; shift 2 || die "--from needs a value" ;;
        --to) TO="${2:-}"; shift 2 || die "--to needs a value" ;;
        --runs) RUNS="${2:-}"; shift 2 || die "--runs needs a value" ;;
        --long) LONG=1; shift ;;
        --write)
            if [[ $# -ge 2 && "$2" != --* ]]; then
                WRITE="$2"
                shift 2
            else
                WRITE="$ROOT/docs/performance.md"
                shift
            fi
            ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown argument \`$1\` (see --help)" ;;
    esac
done

for v in FROM TO RUNS; do
    [[ "${!v}" =~ ^[0-9]+$ ]] || die "--${v,,} must be a whole number, not \`${!v}\`"
done
((FROM >= 1 && TO <= 20 && FROM <= TO)) || die "need 1 <= --from <= --to <= 20"
((RUNS >= 1)) || die "--runs must be at least 1"
[[ -d "$BENCH_DIR" ]] || die "no yardstick sources in $BENCH_DIR (set BENCH_DIR)"
for f in nq_mirror.c nq_bitboard.c nq_judge.c; do
    [[ -f "$BENCH_DIR/$f" ]] || die "missing $BENCH_DIR/$f"
done
if [[ -n "$WRITE" ]]; then
    [[ -f "$WRITE" ]] || die "no file $WRITE to write into"
    grep -q '^<!-- compare-yardsticks:begin -->$' "$WRITE" && grep -q '^<!-- compare-yardsticks:end -->$' "$WRITE" ||
        die "$WRITE lacks the lines <!-- compare-yardsticks:begin --> and <!-- compare-yardsticks:end -->"
fi

progress() {
    if [[ -t 2 ]]; then
        printf '\r\033[K%s' "$*" >&2
    fi
}

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

CC="${CC:-cc}"
for y in nq_mirror nq_bitboard; do
    # shellcheck disable=SC2086 # it holds several words
    "$CC" -O2 ${YARDSTICK_CFLAGS:-} -o "$TMP/$y" "$BENCH_DIR/$y.c"
done
# The convenient path is timed up to this N, where its target applies,
# beside the classic solution.
PLAIN_TO=14
if ((FROM <= PLAIN_TO)); then
    # shellcheck disable=SC2086 # it holds several words
    "$CC" -O2 ${YARDSTICK_CFLAGS:-} -o "$TMP/nq_judge" "$BENCH_DIR/nq_judge.c"
fi

cat >"$TMP/runstat.c" <<'EOF'
/* runstat REPORT COMMAND...: runs COMMAND and writes "wall cpu maxrss_kib"
   to REPORT; exits with the command's status. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: runstat REPORT COMMAND...\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    fprintf(f, "%.6f %.6f %ld\n", wall, cpu, ru.ru_maxrss);
    fclose(f);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}
EOF
"$CC" -O2 -o "$TMP/runstat" "$TMP/runstat.c"

if [[ -n "${NQUEENS_BIN:-}" ]]; then
    NQ="$NQUEENS_BIN"
    [[ -x "$NQ" ]] || die "NQUEENS_BIN=$NQ is not an executable"
else
    (cd "$ROOT" && cargo build --quiet --release --example nqueens) || die "could not build the nqueens example"
    TARGET_DIR="$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    NQ="$TARGET_DIR/release/examples/nqueens"
    [[ -x "$NQ" ]] || die "no nqueens binary at $NQ"
fi

CORES="$(nproc)"

# measure KEY COMMAND...: runs the command, checks its exit status, and
# appends "wall cpu rss count" to $TMP/KEY.
measure() {
    local key="$1"
    shift
    if ! "$TMP/runstat" "$TMP/report" "$@" >"$TMP/stdout" 2>"$TMP/stderr"; then
        echo "compare-yardsticks: \`$*\` failed:" >&2
        cat "$TMP/stderr" >&2
        exit 1
    fi
    local count
    count="$(tr -d '[:space:]' <"$TMP/stdout")"
    echo "$(cat "$TMP/report") $count" >>"$TMP/$key"
}

# median FILE COLUMN: the median of a column of numbers.
median() {
    cut -d' ' -f"$2" "$1" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# maxcol FILE COLUMN
maxcol() {
    cut -d' ' -f"$2" "$1" | sort -g | tail -n 1
}

# paired_ratio FILE_A FILE_B COLUMN: the median of the per-round ratios A/B.
paired_ratio() {
    paste -d' ' <(cut -d' ' -f"$3" "$1") <(cut -d' ' -f"$3" "$2") |
        awk '{ printf "%.6f\n", ($2 > 0 ? $1 / $2 : 0) }' >"$TMP/ratios"
    median "$TMP/ratios" 1
}

mib() {
    awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'
}

secs() {
    awk -v s="$1" 'BEGIN { if (s < 1) printf "%.4f", s; else printf "%.3f", s }'
}

rows=()
for ((n = FROM; n <= TO; n++)); do
    rm -f "$TMP"/[ABCDEFG]
    for ((r = 1; r <= RUNS; r++)); do
        progress "N=$n round $r/$RUNS"
        measure A "$NQ" "$n" --threads 1
        measure B "$TMP/nq_mirror" "$n"
        measure C "$NQ" "$n" --threads 1 --no-symmetry
        measure D "$TMP/nq_bitboard" "$n"
        measure E "$NQ" "$n"
        if ((n <= PLAIN_TO)); then
            measure F "$NQ" "$n" --plain --no-symmetry
            measure G "$TMP/nq_judge" "$n"
        fi
    done
    counts="$(cut -d' ' -f4 "$TMP"/[ABCDEFG] | sort -u)"
    if [[ "$(wc -l <<<"$counts")" -ne 1 ]]; then
        die "N=$n: the programs disagree on the count: $(tr '\n' ' ' <<<"$counts")"
    fi
    rows+=("| $n | \`nqueens $n --threads 1\` | \`nq_mirror $n\` | CPU | $(secs "$(median "$TMP/A" 2)") | $(secs "$(median "$TMP/B" 2)") | $(paired_ratio "$TMP/A" "$TMP/B" 2 | xargs printf '%.2fx') | 0.4x | 1 | $(mib "$(maxcol "$TMP/A" 3)") | $counts |")
    rows+=("| $n | \`nqueens $n --threads 1 --no-symmetry\` | \`nq_bitboard $n\` | CPU | $(secs "$(median "$TMP/C" 2)") | $(secs "$(median "$TMP/D" 2)") | $(paired_ratio "$TMP/C" "$TMP/D" 2 | xargs printf '%.2fx') | 1.25x | 1 | $(mib "$(maxcol "$TMP/C" 3)") | $counts |")
    if ((n <= PLAIN_TO)); then
        target="-"
        ((n == PLAIN_TO)) && target="6x"
        rows+=("| $n | \`nqueens $n --plain --no-symmetry\` | \`nq_bitboard $n\` | CPU | $(secs "$(median "$TMP/F" 2)") | $(secs "$(median "$TMP/D" 2)") | $(paired_ratio "$TMP/F" "$TMP/D" 2 | xargs printf '%.2fx') | $target | 1 | $(mib "$(maxcol "$TMP/F" 3)") | $counts |")
        rows+=("| $n | \`nqueens $n --plain --no-symmetry\` | \`nq_judge $n\` | CPU | $(secs "$(median "$TMP/F" 2)") | $(secs "$(median "$TMP/G" 2)") | $(paired_ratio "$TMP/F" "$TMP/G" 2 | xargs printf '%.2fx') | - | 1 | $(mib "$(maxcol "$TMP/F" 3)") | $counts |")
    fi
    rows+=("| $n | \`nqueens $n\` | \`nqueens $n --threads 1\` | wall | $(secs "$(median "$TMP/E" 1)") | $(secs "$(median "$TMP/A" 1)") | $(paired_ratio "$TMP/E" "$TMP/A" 1 | xargs printf '%.2fx') | 0.6x | $CORES | $(mib "$(maxcol "$TMP/E" 3)") | $counts |")
done

memory_rows=()
if ((LONG)); then
    for ((n = TO + 1; n <= 20; n++)); do
        progress "N=$n peak memory (one full count)"
        rm -f "$TMP/M"
        measure M "$NQ" "$n"
        read -r wall cpu rss count <"$TMP/M"
        memory_rows+=("| $n | \`nqueens $n\` | $count | $(secs "$wall") | $(secs "$cpu") | $CORES | $(mib "$rss") |")
    done
fi
progress ""
[[ -t 2 ]] && echo >&2

# The command as run, for the record (without a --write file's path).
command="scripts/compare-yardsticks.sh --from $FROM --to $TO --runs $RUNS"
[[ -n "${YARDSTICK_CFLAGS:-}" ]] && command="YARDSTICK_CFLAGS='$YARDSTICK_CFLAGS' $command"
((LONG)) && command+=" --long"
[[ -n "$WRITE" ]] && command+=" --write"

cpu_model="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
{
    echo "Produced by \`$command\` on $(date -u +%Y-%m-%d), ${cpu_model:-unknown CPU}, $CORES cores, yardsticks built with \`$CC -O2${YARDSTICK_CFLAGS:+ $YARDSTICK_CFLAGS}\`: $RUNS paired rounds per N; times are medians, ratios the medians of the per-round ratios (target: at most)."
    echo
    echo "| N | ours | yardstick | time | ours (s) | yardstick (s) | ratio | target | threads | peak memory (ours) | count |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    if ((${#memory_rows[@]})); then
        echo
        echo "| N | command | count | wall (s) | CPU (s) | threads | peak memory |"
        echo "|---|---|---|---|---|---|---|"
        printf '%s\n' "${memory_rows[@]}"
    fi
} >"$TMP/table"

if [[ -n "$WRITE" ]]; then
    awk -v table="$TMP/table" '
        /^<!-- compare-yardsticks:end -->$/ { skip = 0 }
        !skip { print }
        /^<!-- compare-yardsticks:begin -->$/ {
            while ((getline line < table) > 0) print line
            skip = 1
        }
    ' "$WRITE" >"$TMP/written"
    cat "$TMP/written" >"$WRITE"
    echo "compare-yardsticks: wrote the table into $WRITE" >&2
else
    cat "$TMP/table"
fi
