//! Two pairing puzzles, each by its obvious model (a variable per copy,
//! one `AllDifferent`, a `LinearSum` per number) against a model with a
//! checker written for it (a variable per number, the places taken as a
//! bit set): Langford pairings L(2, 8) and Skolem sequences of order 8,
//! every solution counted.
//!
//! ```text
//! cargo bench -p backtracker-benches --bench pairing
//! ```

use std::hint::black_box;
use std::time::Duration;

use backtracker_puzzles::{pairing_by_places, pairing_by_sums};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("pairing");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (puzzle, gap) in [("langford_8", 1), ("skolem_8", 0)] {
        group.bench_with_input(BenchmarkId::new(puzzle, "sums"), &gap, |b, &gap| {
            b.iter(|| {
                black_box(
                    pairing_by_sums(8, gap)
                        .expect("a model")
                        .search()
                        .count()
                        .value,
                )
            });
        });
        group.bench_with_input(BenchmarkId::new(puzzle, "places"), &gap, |b, &gap| {
            b.iter(|| {
                black_box(
                    pairing_by_places(8, gap)
                        .expect("a model")
                        .search()
                        .count()
                        .value,
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
