//! Sudoku benchmarks over the hard public puzzle lists in `tests/data/sudoku/`
//! (Peter Norvig's "top 95" and "hardest" lists; see the README there).
//!
//! - `sudoku_top95`: all 95 puzzles in one go, smallest-domain-first, with
//!   the `places` checker (what the `sudoku` example does by default) and
//!   with the three reference checkers alone.
//! - `sudoku_hardest`: each of the 12 "hardest" puzzles, smallest-domain-first
//!   (with and without `places`), and in the fixed row-by-row order under a
//!   node limit, so the effect of the ordering is visible.
//!
//! ```text
//! cargo bench -p backtracker-benches --bench sudoku
//! ```

use std::hint::black_box;
use std::time::Duration;

use backtracker::{Checkers, Model, VariableOrder};
use backtracker_puzzles::sudoku::{Grid, sudoku_with, sudoku_with_places};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

const TOP95: &str = include_str!("../tests/data/sudoku/top95.txt");
const HARDEST: &str = include_str!("../tests/data/sudoku/hardest.txt");

/// The node limit of fixed-order runs: most hard puzzles need far more.
const FIXED_ORDER_LIMIT: u64 = 100_000;

fn grids(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Grid::parse(l).expect("a valid puzzle"))
        .collect()
}

/// Solves with a fresh model, as the example does for each line.
fn first<C: Checkers<u8>>(mut model: Model<u8, C>, node_limit: u64) -> u64 {
    let outcome = model.search().node_limit(node_limit).first();
    black_box(outcome.value);
    outcome.stats.nodes
}

fn top95(c: &mut Criterion) {
    let puzzles = grids(TOP95);
    let mut group = c.benchmark_group("sudoku_top95");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("places", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|g| {
                    first(
                        sudoku_with_places(g, VariableOrder::SmallestDomainFirst),
                        u64::MAX,
                    )
                })
                .sum::<u64>()
        });
    });
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("lines", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|g| first(sudoku_with(g, VariableOrder::SmallestDomainFirst), u64::MAX))
                .sum::<u64>()
        });
    });
    group.finish();
}

fn hardest(c: &mut Criterion) {
    let puzzles = grids(HARDEST);
    let mut group = c.benchmark_group("sudoku_hardest");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for (i, grid) in puzzles.iter().enumerate() {
        let number = i + 1;
        group.bench_with_input(BenchmarkId::new("places", number), grid, |b, g| {
            b.iter(|| {
                first(
                    sudoku_with_places(g, VariableOrder::SmallestDomainFirst),
                    u64::MAX,
                )
            });
        });
        group.bench_with_input(BenchmarkId::new("lines", number), grid, |b, g| {
            b.iter(|| first(sudoku_with(g, VariableOrder::SmallestDomainFirst), u64::MAX));
        });
        group.bench_with_input(BenchmarkId::new("declared_100k", number), grid, |b, g| {
            b.iter(|| first(sudoku_with(g, VariableOrder::Declared), FIXED_ORDER_LIMIT));
        });
    }
    group.finish();
}

criterion_group!(benches, top95, hardest);
criterion_main!(benches);
