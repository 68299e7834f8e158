//! N-Queens counts three ways, so one run shows the ratios:
//!
//! - `static`: the reference model [`nqueens`], whose three checkers are a
//!   tuple (monomorphised and inlined), with symmetry reduction off;
//! - `boxed`: the same rules as boxed checkers, [`nqueens_with`], symmetry
//!   off;
//! - `boxed-value-by-value`: the convenient path: three boxed checkers
//!   written the plain way (a used-line array of bools, an O(1)
//!   `promising`, no bulk filter), so the engine asks value by value; they
//!   are those of `nqueens --plain`, in `examples/common/src/plain.rs`;
//! - `bitboard`: a hand-written bitboard counter in this file, the usual
//!   column and diagonal masks, recursive, no symmetry;
//! - `bitboard-stack`: the same on an explicit stack with a last-row
//!   popcount, the shape the engine must have (it never recurses), to show
//!   what the explicit stack alone costs.
//!
//! Groups `nqueens-8`, `nqueens-10` and `nqueens-12` hold all four;
//! `nqueens-14` holds all but `static` (the convenient path's budget is 6x
//! the bitboard there). Run with `cargo bench -p backtracker-benches --bench nqueens`.

use std::hint::black_box;
use std::time::Duration;

use backtracker_puzzles::{Rule, nqueens, nqueens_with};
use criterion::{Criterion, criterion_group, criterion_main};

use common::plain;

/// Counts the N-Queens solutions with one queen per row and three masks
/// (used columns, used diagonals going left, going right), taking the free
/// squares lowest bit first.
fn bitboard(n: usize) -> u64 {
    fn place(all: u64, columns: u64, left: u64, right: u64) -> u64 {
        if columns == all {
            return 1;
        }
        let mut free = all & !(columns | left | right);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += place(all, columns | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        count
    }
    assert!(n < 64, "the bitboard counter handles boards below 64");
    place((1u64 << n) - 1, 0, 0, 0)
}

/// The same count on an explicit stack, as the engine must search (no
/// recursion), with the engine's last-row popcount: what the explicit stack
/// itself costs, measured beside the recursive counter.
fn bitboard_stack(n: usize) -> u64 {
    assert!(
        (2..64).contains(&n),
        "the stack counter handles boards from 2 to 63"
    );
    let all = (1u64 << n) - 1;
    let (mut free, mut columns, mut left, mut right) =
        ([0u64; 64], [0u64; 64], [0u64; 64], [0u64; 64]);
    free[0] = all;
    let mut depth = 0;
    let mut count = 0;
    loop {
        let candidates = free[depth % 64];
        if candidates == 0 {
            if depth == 0 {
                return count;
            }
            depth -= 1;
            continue;
        }
        let bit = candidates & candidates.wrapping_neg();
        free[depth % 64] = candidates ^ bit;
        let c = columns[depth % 64] | bit;
        let l = (left[depth % 64] | bit) << 1;
        let r = (right[depth % 64] | bit) >> 1;
        let next = all & !(c | l | r);
        if depth + 2 == n {
            count += u64::from(next.count_ones());
            continue;
        }
        depth += 1;
        (columns[depth % 64], left[depth % 64], right[depth % 64]) = (c, l, r);
        free[depth % 64] = next;
    }
}

fn group(c: &mut Criterion, n: usize, with_static: bool) {
    let mut fast = nqueens(n).expect("a supported board");
    let mut boxed = nqueens_with(n, &Rule::ALL).expect("a supported board");
    // The three ways must do the same work: check their counts once.
    let expected = u128::from(bitboard(n));
    assert_eq!(u128::from(bitboard_stack(n)), expected);
    assert_eq!(fast.search().symmetry(false).count().value, expected);
    assert_eq!(boxed.search().symmetry(false).count().value, expected);
    let mut plain = plain::model(n).expect("a supported board");
    assert_eq!(plain.search().symmetry(false).count().value, expected);

    let mut g = c.benchmark_group(format!("nqueens-{n}"));
    if n >= 14 {
        g.sample_size(10).measurement_time(Duration::from_secs(20));
    }
    if with_static {
        g.bench_function("static", |b| {
            b.iter(|| fast.search().symmetry(false).count().value);
        });
    }
    g.bench_function("boxed", |b| {
        b.iter(|| boxed.search().symmetry(false).count().value);
    });
    g.bench_function("boxed-value-by-value", |b| {
        b.iter(|| plain.search().symmetry(false).count().value);
    });
    g.bench_function("bitboard", |b| b.iter(|| bitboard(black_box(n))));
    g.bench_function("bitboard-stack", |b| {
        b.iter(|| bitboard_stack(black_box(n)));
    });
    g.finish();
}

fn counts(c: &mut Criterion) {
    for n in [8, 10, 12] {
        group(c, n, true);
    }
    group(c, 14, false);
}

criterion_group!(benches, counts);
criterion_main!(benches);
