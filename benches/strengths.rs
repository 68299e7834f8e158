//! The strengths of `AllDifferent` against each other, on the models of
//! the examples that use it: the 95 hard sudokus of `top95.txt` (one
//! `AllDifferent` per row, column and box, smallest domain first, each
//! puzzle's first solution) and the magic squares of side 4 (one
//! `AllDifferent` over the cells and a `LinearSum` per line, counted as
//! the `magic_square` example counts them, by its declared symmetry).
//!
//! ```text
//! cargo bench -p backtracker-benches --bench strengths
//! ```

use std::hint::black_box;
use std::time::Duration;

use backtracker::constraints::{AllDifferent, LinearSum, Strength};
use backtracker::{Checker, DynChecker, Model, ModelBuilder, Symmetry, VariableOrder};
use backtracker_puzzles::sudoku::Grid;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

const TOP95: &str = include_str!("../tests/data/sudoku/top95.txt");

const STRENGTHS: [(&str, Strength); 3] = [
    ("value", Strength::Value),
    ("bounds", Strength::Bounds),
    ("domain", Strength::Domain),
];

/// A sudoku of side 9 with one `AllDifferent` of `strength` per unit.
fn sudoku(grid: &Grid, strength: Strength) -> Model<u8, Vec<DynChecker<u8>>> {
    let mut b = ModelBuilder::new();
    for r in 0..9 {
        for c in 0..9 {
            let var = b.variable(format!("r{}c{}", r + 1, c + 1), 1..=9u8);
            if let Some(d) = grid.get(r, c) {
                b.pin(var, &d);
            }
        }
    }
    b.order(VariableOrder::SmallestDomainFirst);
    let units = (0..9).flat_map(|k| {
        let (top, left) = ((k / 3) * 3, (k % 3) * 3);
        [
            (0..9).map(|c| k * 9 + c).collect::<Vec<_>>(),
            (0..9).map(|r| r * 9 + k).collect(),
            (0..9).map(|i| (top + i / 3) * 9 + left + i % 3).collect(),
        ]
    });
    let checkers = units
        .enumerate()
        .map(|(i, cells)| {
            AllDifferent::new(format!("unit {i}"), cells)
                .strength(strength)
                .boxed()
        })
        .collect();
    b.build(checkers).expect("a valid sudoku")
}

/// The magic squares of side 4 with an `AllDifferent` of `strength`.
fn magic_square(strength: Strength) -> Model<i64, Vec<DynChecker<i64>>> {
    let n = 4;
    let mut b = ModelBuilder::new();
    let cells: Vec<usize> = (0..n * n)
        .map(|i| b.variable(format!("r{}c{}", i / n, i % n), 1..=16i64))
        .collect();
    b.order(VariableOrder::SmallestDomainFirst);
    for generator in Symmetry::square_cells(n) {
        b.symmetry(generator);
    }
    let mut lines: Vec<Vec<usize>> = (0..n)
        .flat_map(|k| {
            [
                (0..n).map(|c| cells[k * n + c]).collect(),
                (0..n).map(|r| cells[r * n + k]).collect(),
            ]
        })
        .collect();
    lines.push((0..n).map(|i| cells[i * n + i]).collect());
    lines.push((0..n).map(|i| cells[i * n + n - 1 - i]).collect());
    let mut checkers = vec![
        AllDifferent::new("numbers", cells)
            .strength(strength)
            .boxed(),
    ];
    for (k, line) in lines.into_iter().enumerate() {
        checkers.push(
            LinearSum::equal(format!("line {k}"), line.into_iter().map(|v| (1, v)), 34).boxed(),
        );
    }
    b.build(checkers).expect("a valid magic square")
}

fn strengths(c: &mut Criterion) {
    let puzzles: Vec<Grid> = TOP95
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Grid::parse(l).expect("a valid puzzle"))
        .collect();
    let mut group = c.benchmark_group("all_different_strength");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for (name, strength) in STRENGTHS {
        group.bench_with_input(
            BenchmarkId::new("sudoku_top95", name),
            &strength,
            |b, &s| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|g| sudoku(g, s).search().first().stats.nodes)
                        .sum::<u64>()
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("magic_square_4", name),
            &strength,
            |b, &s| {
                b.iter(|| black_box(magic_square(s).search().count().value));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, strengths);
criterion_main!(benches);
