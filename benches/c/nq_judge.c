/*
 * N-Queens counted the classic way, as judge solutions do: recursion over
 * the rows, and for each column three arrays of flags (used columns, used
 * diagonals, used anti-diagonals) asked one value at a time. It is the
 * algorithm of `nqueens --plain` written by hand, for comparing the
 * convenient path with a program that pays nothing for being generic
 * (docs/performance-log.md, "The convenient path against the classic solution").
 *
 * Build: cc -O2 -march=native -o nq_judge benches/c/nq_judge.c
 * Usage: nq_judge N   (1 <= N <= 32; prints the number of solutions)
 */
#include <stdio.h>
#include <stdlib.h>

static int n;
static unsigned long long count;
static char column[32], diagonal[63], anti_diagonal[63];

static void place(int row)
{
    if (row == n) {
        count++;
        return;
    }
    for (int col = 0; col < n; col++) {
        int d = row + col, a = col - row + n - 1;
        if (!column[col] && !diagonal[d] && !anti_diagonal[a]) {
            column[col] = diagonal[d] = anti_diagonal[a] = 1;
            place(row + 1);
            column[col] = diagonal[d] = anti_diagonal[a] = 0;
        }
    }
}

int main(int argc, char **argv)
{
    char *end;
    long value = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end != '\0' || value < 1 || value > 32) {
        fprintf(stderr, "usage: nq_judge N (1 <= N <= 32)\n");
        return 2;
    }
    n = (int)value;
    place(0);
    printf("%llu\n", count);
    return 0;
}
