//! The cost of observing a search: N-Queens 12 counted with no observer
//! (the default, which the engine compiles away) and with an observer that
//! does nothing but answer [`Control::Continue`]. The difference is what
//! reporting events costs; the absent observer must cost nothing over the
//! plain count. Run with `cargo bench -p backtracker-benches --bench observer`.

use backtracker::{Control, Event, Observer};
use backtracker_puzzles::nqueens;
use criterion::{Criterion, criterion_group, criterion_main};

/// An observer that watches every event and never steers.
struct Empty;

impl Observer<usize> for Empty {
    fn observe(&mut self, _: &Event<'_, usize>) -> Control {
        Control::Continue
    }
}

fn observers(c: &mut Criterion) {
    const N: usize = 12;
    let mut model = nqueens(N).expect("a supported board");
    assert_eq!(model.search().count().value, 14_200);
    assert_eq!(model.search().observer(Empty).count().value, 14_200);

    let mut g = c.benchmark_group(format!("observer-nqueens-{N}"));
    g.bench_function("none", |b| b.iter(|| model.search().count().value));
    g.bench_function("empty", |b| {
        b.iter(|| model.search().observer(Empty).count().value);
    });
    g.finish();
}

criterion_group!(benches, observers);
criterion_main!(benches);
