//! Counting by orbits of constellations under a declared group: the totals
//! of OEIS and of brute force, on every number of threads, with limits,
//! cancellation and cross-check mode.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use backtracker::{Assignment, Checker, ModelBuilder, Progress, StopReason, Symmetry};
use backtracker_puzzles::nqueens;
use proptest::prelude::*;

/// OEIS A000170, N = 1 to 14.
const QUEENS: [u128; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596,
];

#[test]
fn nqueens_counts_by_orbits_as_oeis_does() {
    for (n, &expected) in (1..).zip(&QUEENS) {
        let mut model = nqueens(n).unwrap();
        let orbits = model.search().orbits(true).count();
        assert_eq!(orbits.stop, StopReason::Completed, "n = {n}");
        assert_eq!(orbits.value, expected, "n = {n}");
        let parallel = model.search().threads(2).orbits(true).count();
        assert_eq!(parallel.value, expected, "n = {n}");
        assert_eq!(parallel.stats.nodes, orbits.stats.nodes, "n = {n}");
        if n >= 8 {
            // Fewer nodes than the mirror alone.
            let mirror = model.search().count();
            assert!(orbits.stats.nodes < mirror.stats.nodes, "n = {n}");
        }
    }
}

#[test]
fn each_constellation_is_reported_once() {
    let mut model = nqueens(10).unwrap();
    let seen = Mutex::new(Vec::new());
    let sum = Mutex::new(0);
    let outcome = model
        .search()
        .orbits(true)
        .on_progress(|p| {
            if let Progress::Part { index, of, outcome } = p {
                seen.lock().unwrap().push((index, of));
                *sum.lock().unwrap() += outcome.value;
            }
        })
        .count();
    assert_eq!(outcome.value, 724);
    assert_eq!(sum.into_inner().unwrap(), 724);
    let seen = seen.into_inner().unwrap();
    let of = seen[0].1;
    assert_eq!(seen, (0..of).map(|i| (i, of)).collect::<Vec<_>>());
}

#[test]
fn limits_cancellation_and_the_plain_switches_hold() {
    let mut model = nqueens(12).unwrap();
    let limited = model.search().node_limit(1_000).orbits(true).count();
    assert_eq!(limited.stop, StopReason::NodeLimit);
    assert!(limited.value < 14_200);
    let limited = model
        .search()
        .node_limit(1_000)
        .threads(2)
        .orbits(true)
        .count();
    assert_eq!(limited.stop, StopReason::NodeLimit);
    let cancel = Arc::new(AtomicBool::new(true));
    let cancelled = model.search().cancel_flag(cancel).orbits(true).count();
    assert_eq!(cancelled.stop, StopReason::Cancelled);
    // Without the group, and in cross-check mode, the whole tree.
    let whole = model.search().symmetry(false).count();
    let plain = model.search().symmetry(false).orbits(true).count();
    assert_eq!(
        (plain.value, plain.stats.nodes),
        (14_200, whole.stats.nodes)
    );
    let mut small = nqueens(8).unwrap();
    let checked = small.search().cross_check(true).orbits(true).count();
    assert_eq!(checked.stop, StopReason::Completed);
    assert_eq!(checked.value, 92);
    // And the model is as new.
    assert_eq!(model.search().orbits(true).count().value, 14_200);
}

#[test]
fn pentomino_tilings_count_by_orbits_as_published() {
    use backtracker_puzzles::polyomino::{Shape, Tiling, pentominoes};
    // 8 tilings of the 3 x 20 box (2 fundamental, Haselgrove 1960).
    let mut tiling = Tiling::new(&Shape::rectangle(3, 20), &pentominoes(), true).unwrap();
    let outcome = tiling.problem_mut().search().orbits(true).count();
    assert_eq!((outcome.stop, outcome.value), (StopReason::Completed, 8));
}

#[test]
fn magic_squares_of_side_3_count_by_orbits() {
    use backtracker::DynChecker;
    use backtracker::constraints::{AllDifferent, LinearSum};
    // The one magic square of side 3, in its 8 images.
    let mut b = ModelBuilder::new();
    let cells: Vec<usize> = (0..9)
        .map(|c| b.variable(format!("c{c}"), 1..=9i64))
        .collect();
    for g in Symmetry::square_cells(3) {
        b.symmetry(g);
    }
    let mut checkers: Vec<DynChecker<i64>> = vec![Box::new(AllDifferent::new("distinct", cells))];
    let lines: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    for (k, line) in lines.iter().enumerate() {
        checkers.push(Box::new(LinearSum::equal(
            format!("line {k}"),
            line.iter().map(|&v| (1, v)),
            15,
        )));
    }
    let mut model = b.build(checkers).unwrap();
    let outcome = model.search().orbits(true).count();
    assert_eq!((outcome.stop, outcome.value), (StopReason::Completed, 8));
}

/// No two literals of `pairs` together.
#[derive(Clone)]
struct Forbidden {
    pairs: Vec<[(usize, usize); 2]>,
}

impl Checker<usize> for Forbidden {
    fn name(&self) -> &'static str {
        "forbidden pairs"
    }

    fn check(&self, a: &Assignment<'_, usize>) -> bool {
        self.pairs
            .iter()
            .all(|&[(v, i), (w, j)]| !(a.index(v) == Some(i) && a.index(w) == Some(j)))
    }
}

/// The images of `pairs` under `generators`, until nothing new appears.
fn closed(
    mut pairs: Vec<[(usize, usize); 2]>,
    generators: &[Symmetry],
) -> Vec<[(usize, usize); 2]> {
    let mut k = 0;
    while k < pairs.len() {
        for g in generators {
            let [a, b] = pairs[k];
            let mut image = [g.image(a.0, a.1), g.image(b.0, b.1)];
            image.sort_unstable();
            if !pairs.contains(&image) {
                pairs.push(image);
            }
        }
        k += 1;
    }
    pairs
}

/// Every assignment of `n` variables of `d` values that `accept` takes.
fn brute(n: usize, d: usize, accept: &dyn Fn(&[usize]) -> bool) -> u128 {
    let mut a = vec![0; n];
    let mut count = 0;
    loop {
        if accept(&a) {
            count += 1;
        }
        let Some(k) = (0..n).rev().find(|&k| a[k] + 1 < d) else {
            return count;
        };
        a[k] += 1;
        a[k + 1..].fill(0);
    }
}

/// The group of a random model: of the board's cells (`cells`), or of its
/// rows with a value per row (`rows`), on boards of side `n`.
fn group(n: usize, rows: bool) -> Vec<Symmetry> {
    if rows {
        Symmetry::square_rows(n).to_vec()
    } else {
        Symmetry::square_cells(n).to_vec()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random models whose rule the board's symmetries keep (forbidden
    /// pairs of literals, closed under the group), the count by orbits is
    /// brute force's, on one thread and two.
    #[test]
    fn counts_by_orbits_are_brute_forces(
        n in 2usize..=3,
        rows in any::<bool>(),
        seeds in proptest::collection::vec((0usize..9, 0usize..3, 0usize..9, 0usize..3), 0..6),
    ) {
        let vars = if rows { n } else { n * n };
        let d = if rows { n } else { 3 };
        let generators = group(n, rows);
        let pairs: Vec<[(usize, usize); 2]> = seeds
            .iter()
            .map(|&(v, i, w, j)| {
                let mut pair = [(v % vars, i % d), (w % vars, j % d)];
                pair.sort_unstable();
                pair
            })
            .filter(|[a, b]| a.0 != b.0)
            .collect();
        // One value per row is a board only with one per column too.
        let columns = (0..vars)
            .flat_map(|v| (v + 1..vars).flat_map(move |w| (0..d).map(move |i| [(v, i), (w, i)])))
            .filter(|_| rows);
        let pairs: Vec<_> = pairs.into_iter().chain(columns).collect();
        let pairs = closed(pairs, &generators);
        let rule = Forbidden { pairs: pairs.clone() };
        let accept = |a: &[usize]| {
            pairs.iter().all(|&[(v, i), (w, j)]| !(a[v] == i && a[w] == j))
        };
        let expected = brute(vars, d, &accept);
        let mut b = ModelBuilder::new();
        for v in 0..vars {
            b.variable(format!("x{v}"), 0..d);
        }
        for g in generators {
            b.symmetry(g);
        }
        let mut model = b.build((rule,)).unwrap();
        let orbits = model.search().orbits(true).count();
        prop_assert_eq!(orbits.stop, StopReason::Completed);
        prop_assert_eq!(orbits.value, expected);
        let parallel = model.search().threads(2).orbits(true).count();
        prop_assert_eq!(parallel.value, expected);
    }
}
