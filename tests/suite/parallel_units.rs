//! Work units and parallel counting: split + solve + merge equals the
//! direct count, the units cover the tree exactly once, unit and result
//! lines survive text, merging refuses what does not add up, and parallel
//! counts are exact for any number of threads, with node limits and
//! cancellation still holding.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::support::{known, mirrored, queens_lines, queens_variables, queens_walk};
use backtracker::units::{
    Checkpoint, CheckpointError, ResultLine, Unit, UnitLine, checkpoint_header, merge,
    merge_checked,
};
use backtracker::{Assignment, Checker, Choice, Progress, Stats, StopReason, UnitError};
use backtracker_puzzles::{Rule, nqueens, nqueens_with};

fn name(n: usize) -> String {
    format!("nqueens-{n}")
}

/// `split_at_most` gives `split`'s units when they are few enough, and
/// refuses the split, naming its limit, as soon as they are not.
#[test]
fn split_at_most_refuses_a_split_over_its_limit() {
    for n in [1, 5, 8, 9] {
        let mut model = nqueens(n).unwrap();
        for depth in 0..=4 {
            for symmetry in [false, true] {
                let units = model.split(depth, symmetry);
                let count = units.len();
                assert_eq!(
                    model.split_at_most(depth, symmetry, count).as_ref(),
                    Ok(&units)
                );
                if count > 0 {
                    assert_eq!(
                        model.split_at_most(depth, symmetry, count - 1),
                        Err(UnitError::TooManyUnits { limit: count - 1 })
                    );
                }
            }
        }
    }
    // 32 rows of 32 columns: a split at every row would hold more units
    // than there are atoms; refused after about the limit's worth.
    let mut model = nqueens(32).unwrap();
    let error = model.split_at_most(32, false, 1000).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the split gives more than 1000 units: split at a smaller depth"
    );
}

/// Accepts everything, counting the questions it is asked.
struct Counted(Arc<AtomicU64>);

impl Checker<u8> for Counted {
    fn name(&self) -> &'static str {
        "counted"
    }
    fn check(&self, _: &Assignment<'_, u8>) -> bool {
        self.0.fetch_add(1, Ordering::Relaxed);
        true
    }
    fn promising(&self, _: &Assignment<'_, u8>, _: Choice<'_, u8>) -> bool {
        self.0.fetch_add(1, Ordering::Relaxed);
        true
    }
}

/// A split far over its limit is refused before it is walked: 40 free
/// bits split at every bit would hold 2^40 units, and the walk towards the
/// limit of 100,000 asked the checker about every candidate of every unit
/// on the way (`queens_domination 16 --split 100` ran for minutes).
#[test]
fn a_split_far_over_its_limit_is_refused_before_it_is_walked() {
    let asked = Arc::new(AtomicU64::new(0));
    let mut b = backtracker::ModelBuilder::new();
    for i in 0..40 {
        b.variable(format!("x{i}"), [0u8, 1]);
    }
    let mut model = b.build((Counted(Arc::clone(&asked)),)).unwrap();
    assert_eq!(
        model.split_at_most(40, false, 100_000),
        Err(UnitError::TooManyUnits { limit: 100_000 })
    );
    let questions = asked.load(Ordering::Relaxed);
    assert!(questions < 100_000, "{questions} questions");
    // Within the limit, the split is walked and exact.
    assert_eq!(
        model.split_at_most(10, false, 1024).map(|u| u.len()),
        Ok(1024)
    );
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn split_solve_merge_equals_the_direct_count() {
    for n in 4..=13 {
        let mut model = nqueens(n).unwrap();
        let direct = model.search().count().value;
        assert_eq!(direct, known(n), "n = {n}");
        for depth in 1..=4 {
            for symmetry in [false, true] {
                let what = format!("n = {n}, depth {depth}, symmetry {symmetry}");
                let units = model.split(depth, symmetry);
                assert!(!units.is_empty(), "{what}");
                for unit in &units {
                    // Short of the depth only where the tree ends: a dead
                    // end, whose next row has no square left.
                    let cols: Vec<usize> = unit.prefix.iter().map(|&c| c as usize).collect();
                    let dead_end =
                        (0..n).all(|col| !crate::support::queen_fits(&cols, cols.len(), col));
                    assert!(
                        unit.prefix.len() >= depth.min(n) || dead_end,
                        "{what}: {unit:?}"
                    );
                    // Under symmetry, only the unit with every row on its
                    // middle column is its own mirror image.
                    let own_mirror = n % 2 == 1
                        && unit.prefix.len() == n
                        && unit.prefix.iter().all(|&c| c as usize == n / 2);
                    let weight = if symmetry && !own_mirror { 2 } else { 1 };
                    assert_eq!(unit.weight, weight, "{what}: {unit:?}");
                }
                // Through text, as a scheduler would run them.
                let lines = UnitLine::number(&name(n), depth, symmetry, units.clone());
                let mut results = Vec::new();
                for line in &lines {
                    let parsed: UnitLine = line.to_string().parse().unwrap();
                    assert_eq!(&parsed, line, "{what}");
                    parsed.check_against(&name(n), &model).unwrap();
                    let outcome = model
                        .search()
                        .units(std::slice::from_ref(&parsed.unit))
                        .count();
                    assert_eq!(outcome.stop, StopReason::Completed, "{what}");
                    let result = ResultLine {
                        unit: parsed,
                        count: outcome.value,
                    };
                    results.push(result.to_string().parse::<ResultLine>().unwrap());
                }
                assert_eq!(merge(&results, Some(&name(n))), Ok(known(n)), "{what}");
                let summed: u128 = units
                    .iter()
                    .map(|u| model.search().units(std::slice::from_ref(u)).count().value)
                    .sum();
                assert_eq!(summed, known(n), "{what}");
            }
        }
    }
}

#[test]
fn units_come_in_search_order_and_never_overlap() {
    for n in 1..=8 {
        let mut model = nqueens(n).unwrap();
        for depth in 0..=n + 1 {
            let units = model.split(depth, false);
            let prefixes: Vec<&Vec<u32>> = units.iter().map(|u| &u.prefix).collect();
            assert!(
                prefixes.windows(2).all(|w| w[0] < w[1]),
                "n = {n}, depth {depth}"
            );
            for (i, a) in prefixes.iter().enumerate() {
                for b in &prefixes[i + 1..] {
                    let shared = a.len().min(b.len());
                    assert_ne!(a[..shared], b[..shared], "n = {n}: {a:?} and {b:?} overlap");
                }
            }
            // Every unit is a consistent placement, so it may have solutions.
            for p in prefixes {
                let cols: Vec<usize> = p.iter().map(|&c| c as usize).collect();
                assert!(crate::support::queens_ok(&cols), "n = {n}: {cols:?}");
            }
        }
    }
}

#[test]
fn symmetric_units_are_consistent_placements() {
    // As without symmetry: a prefix that a checker rejects is left out.
    for n in 1..=8 {
        let mut model = nqueens(n).unwrap();
        for depth in 0..=n + 1 {
            for unit in model.split(depth, true) {
                let cols: Vec<usize> = unit.prefix.iter().map(|&c| c as usize).collect();
                assert!(
                    crate::support::queens_ok(&cols),
                    "n = {n}, depth {depth}: {unit:?}"
                );
            }
        }
    }
}

/// N-Queens with the first rows pinned to `prefix`.
fn pinned_queens(n: usize, prefix: &[u32]) -> Vec<Vec<usize>> {
    let mut b = queens_variables(n);
    for (r, &c) in prefix.iter().enumerate() {
        b.pin(r, &(c as usize));
    }
    let mut model = b.build(queens_lines(n)).unwrap();
    model.search().solutions().collect()
}

#[test]
fn units_cover_the_tree_exactly_once() {
    for n in 1..=8 {
        let all = queens_walk(n).solutions;
        let mut model = nqueens(n).unwrap();
        for depth in 0..=5 {
            for symmetry in [false, true] {
                let what = format!("n = {n}, depth {depth}, symmetry {symmetry}");
                let mut covered = Vec::new();
                for unit in model.split(depth, symmetry) {
                    let below = pinned_queens(n, &unit.prefix);
                    let counted = model
                        .search()
                        .units(std::slice::from_ref(&unit))
                        .count()
                        .value;
                    assert_eq!(
                        counted,
                        below.len() as u128 * u128::from(unit.weight),
                        "{what}: {unit:?}"
                    );
                    for s in below {
                        if unit.weight == 2 {
                            covered.push(mirrored(&s, n));
                        }
                        covered.push(s);
                    }
                }
                covered.sort();
                // Sorted with duplicates kept: equal means each solution exactly once.
                assert_eq!(covered, all, "{what}");
            }
        }
    }
}

#[test]
fn unit_and_result_lines_round_trip() {
    let mut model = nqueens(7).unwrap();
    for depth in 0..=3 {
        for symmetry in [false, true] {
            let lines = UnitLine::number(&name(7), depth, symmetry, model.split(depth, symmetry));
            let total = lines.len();
            for (i, line) in lines.iter().enumerate() {
                assert_eq!((line.index, line.total), (i, total));
                let text = line.to_string();
                assert!(text.starts_with("backtracker-unit/2 "), "{text}");
                assert!(!text.contains('\n'));
                assert_eq!(text.parse::<UnitLine>().unwrap(), *line);
                let result = ResultLine {
                    unit: line.clone(),
                    count: u128::MAX - i as u128,
                };
                let text = result.to_string();
                let (body, check) = text.rsplit_once(" check=").expect("a checksum");
                assert_eq!(body, format!("{line} count={}", u128::MAX - i as u128));
                assert_eq!(check.len(), 16);
                assert_eq!(text.parse::<ResultLine>().unwrap(), result);
            }
        }
    }
    let whole = UnitLine {
        model: "m".into(),
        depth: 0,
        symmetry: false,
        index: 0,
        total: 1,
        unit: Unit::whole(),
    };
    assert_eq!(
        whole.to_string(),
        "backtracker-unit/2 model=m depth=0 symmetry=off unit=0/1 prefix=- weight=1"
    );
    assert_eq!(whole.to_string().parse::<UnitLine>().unwrap(), whole);
    // Extra spaces between fields are fine.
    let spaced = "backtracker-unit/1  model=m depth=0   symmetry=off unit=0/1 prefix=- weight=1 ";
    assert_eq!(spaced.parse::<UnitLine>().unwrap(), whole);
}

/// The results of nqueens-`n` split at `depth`, counted.
fn results(n: usize, depth: usize, symmetry: bool) -> Vec<ResultLine> {
    let mut model = nqueens(n).unwrap();
    let units = model.split(depth, symmetry);
    UnitLine::number(&name(n), depth, symmetry, units)
        .into_iter()
        .map(|unit| {
            let count = model
                .search()
                .units(std::slice::from_ref(&unit.unit))
                .count()
                .value;
            ResultLine { unit, count }
        })
        .collect()
}

#[test]
fn merge_adds_results_in_any_order() {
    let mut all = results(8, 2, true);
    assert_eq!(merge(&all, Some("nqueens-8")), Ok(92));
    all.reverse();
    assert_eq!(merge(&all, None), Ok(92));
}

#[test]
fn merge_refuses_a_missing_unit() {
    let mut all = results(8, 2, true);
    let total = all.len();
    let gone = all.remove(3);
    assert_eq!(gone.unit.index, 3);
    let err = merge(&all, Some("nqueens-8")).unwrap_err();
    assert_eq!(err, UnitError::Missing { units: "3".into() });
    assert_eq!(err.to_string(), "missing units: 3");
    all.retain(|r| r.unit.index != 0 && r.unit.index != total - 1);
    assert_eq!(
        merge(&all, None).unwrap_err().to_string(),
        format!("missing units: 0, 3, {}", total - 1)
    );
    // Long lists are cut.
    let few: Vec<ResultLine> = results(8, 3, false).into_iter().take(1).collect();
    let total = few[0].unit.total;
    assert!(total > 25);
    let listed = (1..=20)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(
        merge(&few, None).unwrap_err().to_string(),
        format!("missing units: {listed} and {} more", total - 21)
    );
}

#[test]
fn merge_refuses_a_duplicated_unit() {
    let mut all = results(8, 2, true);
    all.push(all[2].clone());
    let err = merge(&all, Some("nqueens-8")).unwrap_err();
    assert_eq!(err, UnitError::Duplicated { units: "2".into() });
    assert_eq!(err.to_string(), "duplicated units: 2");
    // A duplicate with a different count is still a duplicate.
    let mut twice = results(8, 2, true);
    let mut again = twice[5].clone();
    again.count += 1;
    twice.push(again);
    twice.push(twice[0].clone());
    assert_eq!(
        merge(&twice, None).unwrap_err().to_string(),
        "duplicated units: 0, 5"
    );
}

#[test]
fn merge_refuses_a_foreign_unit() {
    let mut all = results(8, 2, true);
    let mut foreign = results(9, 2, true);
    // Pretend it is unit 3 of the same split, but of another model.
    let mut stranger = foreign.remove(0);
    stranger.unit.index = 3;
    stranger.unit.total = all.len();
    all[3] = stranger;
    let err = merge(&all, Some("nqueens-8")).unwrap_err();
    assert_eq!(
        err,
        UnitError::ForeignModel {
            expected: "nqueens-8".into(),
            found: "nqueens-9".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "unit belongs to model `nqueens-9`, not `nqueens-8`"
    );
    // Without the expected name, it is still not of this run.
    let total = all.len();
    assert_eq!(
        merge(&all, None).unwrap_err().to_string(),
        format!(
            "results belong to different runs: `model=nqueens-8 depth=2 symmetry=on units={total}` and `model=nqueens-9 depth=2 symmetry=on units={total}`"
        )
    );
    // Every result of another model.
    let nines = results(9, 2, true);
    assert_eq!(
        merge(&nines, Some("nqueens-8")).unwrap_err().to_string(),
        "unit belongs to model `nqueens-9`, not `nqueens-8`"
    );
}

#[test]
fn merge_refuses_results_of_mixed_runs() {
    let two = results(8, 2, true);
    let three = results(8, 3, true);
    let mut mixed = two.clone();
    mixed.push(three[0].clone());
    let err = merge(&mixed, Some("nqueens-8")).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "results belong to different runs: `model=nqueens-8 depth=2 symmetry=on units={}` and `model=nqueens-8 depth=3 symmetry=on units={}`",
            two.len(),
            three.len()
        )
    );
    assert!(matches!(err, UnitError::MixedRuns { .. }));
    // Symmetry on and off do not mix either, even at the same depth.
    let off = results(8, 2, false);
    let mut mixed = off.clone();
    mixed[1] = two[1].clone();
    assert!(matches!(
        merge(&mixed, None),
        Err(UnitError::MixedRuns { .. })
    ));
}

#[test]
fn merge_refuses_nothing_and_out_of_range_units() {
    assert_eq!(merge(&[], None), Err(UnitError::Empty));
    assert_eq!(UnitError::Empty.to_string(), "no results to merge");
    let mut all = results(6, 1, false);
    let total = all.len();
    all[0].unit.index = total;
    assert!(matches!(
        merge(&all, None),
        Err(UnitError::Malformed { .. })
    ));
}

#[test]
fn parallel_counts_are_exact_for_1_2_and_7_threads() {
    for n in 0..=12 {
        let mut model = nqueens(n).unwrap();
        for symmetry in [false, true] {
            let sequential = model.search().symmetry(symmetry).count();
            assert_eq!(sequential.value, known(n));
            for threads in [1, 2, 7] {
                let what = format!("n = {n}, symmetry {symmetry}, {threads} threads");
                let parallel = model.search().symmetry(symmetry).threads(threads).count();
                assert_eq!(parallel.value, sequential.value, "{what}");
                assert_eq!(parallel.stop, StopReason::Completed, "{what}");
                if !symmetry {
                    assert_eq!(parallel.stats.solutions, known(n), "{what}");
                }
            }
        }
    }
    // All cores.
    let mut model = nqueens(10).unwrap();
    assert_eq!(model.search().threads(0).count().value, 724);
}

/// The figures of a count that every way of counting must agree on:
/// nodes, solutions, deepest depth and rejections per checker.
type Figures = (u64, u128, usize, Option<Vec<(String, u64)>>);

fn figures(stats: &Stats) -> Figures {
    (
        stats.nodes,
        stats.solutions,
        stats.max_depth,
        stats.rejections.clone(),
    )
}

/// Counts by units report the statistics of one search of the whole tree,
/// whatever the split, the thread count and the kind of checkers: without
/// symmetry those of a brute-force walk, with it those of the one-thread
/// count.
#[test]
fn counts_by_units_report_the_statistics_of_the_whole_tree() {
    for n in 4..=9 {
        let walk = queens_walk(n);
        let walked = (
            walk.nodes,
            walk.solutions.len() as u128,
            walk.max_depth,
            Some(
                ["columns", "diagonals", "anti-diagonals"]
                    .into_iter()
                    .map(str::to_owned)
                    .zip(walk.rejected)
                    .collect(),
            ),
        );
        for symmetry in [false, true] {
            let mut model = nqueens(n).unwrap();
            let mut boxed = nqueens_with(n, &Rule::ALL).unwrap();
            let one = model
                .search()
                .symmetry(symmetry)
                .tally_rejections(true)
                .count();
            let expected = figures(&one.stats);
            if !symmetry {
                assert_eq!(expected, walked, "n = {n}: the one-thread count");
            }
            for threads in [1, 2, 7] {
                let what = format!("n = {n}, symmetry {symmetry}, {threads} threads");
                let parallel = model
                    .search()
                    .symmetry(symmetry)
                    .tally_rejections(true)
                    .threads(threads)
                    .count();
                assert_eq!(figures(&parallel.stats), expected, "{what}");
            }
            for depth in [0, 1, 2, 3, n] {
                let what = format!("n = {n}, symmetry {symmetry}, split at {depth}");
                let units = model.split(depth, symmetry);
                let in_turn = model.search().tally_rejections(true).units(&units).count();
                assert_eq!(in_turn.value, known(n), "{what}");
                assert_eq!(figures(&in_turn.stats), expected, "{what}");
                let threaded = model
                    .search()
                    .tally_rejections(true)
                    .units(&units)
                    .threads(2)
                    .count();
                assert_eq!(figures(&threaded.stats), expected, "{what}");
                let boxed_units = boxed.split(depth, symmetry);
                let boxed_in_turn = boxed
                    .search()
                    .tally_rejections(true)
                    .units(&boxed_units)
                    .count();
                assert_eq!(figures(&boxed_in_turn.stats), expected, "{what}, boxed");
            }
        }
    }
}

#[test]
fn units_in_turn_report_each_finished_unit_and_stop_when_cancelled() {
    let mut model = nqueens_with(8, &Rule::ALL).unwrap();
    let units = model.split(2, true);
    let seen = Mutex::new(Vec::new());
    let outcome = model
        .search()
        .on_progress(|p| {
            if let Progress::Part { index, outcome, .. } = p {
                seen.lock().unwrap().push((index, outcome.value));
            }
        })
        .units(&units)
        .count();
    let seen = seen.into_inner().unwrap();
    assert_eq!(outcome.value, 92);
    assert_eq!(seen.len(), units.len());
    assert!(seen.iter().enumerate().all(|(k, &(i, _))| k == i));
    assert_eq!(seen.iter().map(|&(_, v)| v).sum::<u128>(), 92);

    let cancel = Arc::new(AtomicBool::new(true));
    let calls = AtomicU64::new(0);
    let outcome = model
        .search()
        .cancel_flag(cancel)
        .on_progress(|_| {
            calls.fetch_add(1, Ordering::Relaxed);
        })
        .units(&units)
        .count();
    assert_eq!(outcome.stop, StopReason::Cancelled);
    assert_eq!(calls.load(Ordering::Relaxed), 0);
    assert!(outcome.value < 92);

    // A node limit holds across the units.
    let outcome = model.search().node_limit(100).units(&units).count();
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert!(
        outcome.stats.nodes <= 100 + units.len() as u64,
        "{:?}",
        outcome.stats
    );
}

#[test]
fn units_on_threads_report_each_unit_once() {
    let mut model = nqueens(9).unwrap();
    let units = model.split(2, true);
    let seen = Mutex::new(vec![0u128; units.len()]);
    let calls = AtomicU64::new(0);
    let outcome = model
        .search()
        .on_progress(|p| {
            if let Progress::Part { index, outcome, .. } = p {
                calls.fetch_add(1, Ordering::Relaxed);
                seen.lock().unwrap()[index] += outcome.value;
            }
        })
        .units(&units)
        .threads(2)
        .count();
    assert_eq!(outcome.value, 352);
    assert_eq!(calls.load(Ordering::Relaxed), units.len() as u64);
    let seen = seen.into_inner().unwrap();
    for (i, unit) in units.iter().enumerate() {
        assert_eq!(
            seen[i],
            model
                .search()
                .units(std::slice::from_ref(unit))
                .count()
                .value,
            "unit {i}"
        );
    }
    assert_eq!(seen.iter().sum::<u128>(), 352);
}

#[test]
fn node_limits_stop_a_parallel_count_within_a_poll_interval_per_thread() {
    let mut model = nqueens(13).unwrap();
    let full = model.search().symmetry(false).count();
    for threads in [1, 2, 7] {
        for limit in [0u64, 1, 1000, 100_000] {
            let what = format!("{threads} threads, node limit {limit}");
            let outcome = model
                .search()
                .symmetry(false)
                .node_limit(limit)
                .threads(threads)
                .count();
            assert_eq!(outcome.stop, StopReason::NodeLimit, "{what}");
            assert!(outcome.value < full.value, "{what}");
            assert!(
                outcome.stats.nodes >= limit,
                "{what}: {}",
                outcome.stats.nodes
            );
            assert!(
                outcome.stats.nodes < full.stats.nodes,
                "{what}: {}",
                outcome.stats.nodes
            );
            // Each thread may overshoot by what it searches before it looks
            // at the shared budget again: 4096 nodes, counted here
            // generously as 16 times that.
            let slack = 4096 * 16 * threads as u64;
            assert!(
                outcome.stats.nodes <= limit + slack,
                "{what}: {} nodes",
                outcome.stats.nodes
            );
        }
    }
}

#[test]
fn a_cancellation_flag_set_before_starting_holds_in_parallel() {
    let mut model = nqueens(13).unwrap();
    let full = model.search().count();
    for threads in [1, 2, 7] {
        let flag = Arc::new(AtomicBool::new(true));
        let outcome = model.search().cancel_flag(flag).threads(threads).count();
        assert_eq!(outcome.stop, StopReason::Cancelled, "{threads} threads");
        assert!(outcome.value < full.value);
        assert!(outcome.stats.nodes < full.stats.nodes);
    }
}

/// Lets a search run until `at` nodes were assigned (over all threads),
/// then holds the thread that got there until the cancellation flag is set.
#[derive(Clone)]
struct Tripwire {
    assigned: Arc<AtomicU64>,
    at: u64,
    reached: Arc<AtomicBool>,
    cancel: Arc<AtomicBool>,
}

impl Checker<usize> for Tripwire {
    fn name(&self) -> &'static str {
        "tripwire"
    }
    fn check(&self, _: &Assignment<'_, usize>) -> bool {
        true
    }
    fn on_assign(&mut self, _: Choice<'_, usize>) {
        if self.assigned.fetch_add(1, Ordering::SeqCst) + 1 == self.at {
            self.reached.store(true, Ordering::SeqCst);
            while !self.cancel.load(Ordering::SeqCst) {
                std::thread::yield_now();
            }
        }
    }
}

#[test]
fn a_cancellation_flag_set_from_another_thread_holds_in_parallel() {
    let n = 13;
    for threads in [1, 2, 7] {
        let cancel = Arc::new(AtomicBool::new(false));
        let reached = Arc::new(AtomicBool::new(false));
        let tripwire = Tripwire {
            assigned: Arc::new(AtomicU64::new(0)),
            at: 10_000,
            reached: Arc::clone(&reached),
            cancel: Arc::clone(&cancel),
        };
        let mut b = queens_variables(n);
        b.mirror_symmetry();
        let (columns, diagonals, anti_diagonals) = queens_lines(n);
        let mut model = b
            .build((columns, diagonals, anti_diagonals, tripwire))
            .unwrap();
        let setter = {
            let cancel = Arc::clone(&cancel);
            std::thread::spawn(move || {
                while !reached.load(Ordering::SeqCst) {
                    std::thread::yield_now();
                }
                cancel.store(true, Ordering::SeqCst);
            })
        };
        let outcome = model
            .search()
            .cancel_flag(Arc::clone(&cancel))
            .threads(threads)
            .count();
        setter.join().unwrap();
        assert_eq!(outcome.stop, StopReason::Cancelled, "{threads} threads");
        assert!(outcome.value < known(n), "{threads} threads");
        assert!(outcome.stats.nodes >= 10_000, "{threads} threads");
    }
}

/// Result lines of every unit of nqueens-`n` split at `depth`, counted.
fn counted(n: usize, depth: usize) -> (Vec<UnitLine>, Vec<ResultLine>) {
    let mut model = nqueens(n).unwrap();
    let lines = UnitLine::number(&name(n), depth, true, model.split(depth, true));
    let results = lines
        .iter()
        .map(|line| ResultLine {
            unit: line.clone(),
            count: model
                .search()
                .units(std::slice::from_ref(&line.unit))
                .count()
                .value,
        })
        .collect();
    (lines, results)
}

#[test]
fn a_checkpoint_resumes_and_is_locked_against_a_second_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.ckpt");
    let (lines, results) = counted(8, 2);
    let mut first = Checkpoint::open(&path, &lines).unwrap();
    assert!(first.results().is_empty() && first.recovered().is_none());
    first.append(&results[0]).unwrap();
    first.append(&results[3]).unwrap();
    // While the first run holds it, a second is refused and changes nothing.
    let before = std::fs::read(&path).unwrap();
    let err = Checkpoint::open(&path, &lines).unwrap_err();
    assert!(matches!(err, CheckpointError::InUse { .. }), "{err}");
    assert!(err.to_string().contains("in use by another run"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(first);
    let resumed = Checkpoint::open(&path, &lines).unwrap();
    assert_eq!(resumed.results(), &[results[0].clone(), results[3].clone()]);
    assert!(resumed.is_done(0) && resumed.is_done(3) && !resumed.is_done(1));
}

#[test]
fn a_checkpoint_drops_only_a_last_line_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, results) = counted(8, 2);
    let header = checkpoint_header(&lines);
    let kept = format!("{header}\n{}\n", results[0]);
    let whole = format!("{kept}{}\n", results[1]);
    // Cut at every length inside the second result line: the header and
    // the first line stay.
    for cut in kept.len()..whole.len() - 1 {
        let path = dir.path().join(format!("cut-{cut}.ckpt"));
        std::fs::write(&path, &whole.as_bytes()[..cut]).unwrap();
        let checkpoint = Checkpoint::open(&path, &lines).unwrap();
        assert_eq!(checkpoint.results(), &[results[0].clone()], "cut at {cut}");
        let partial = cut > kept.len();
        assert_eq!(checkpoint.recovered().is_some(), partial, "cut at {cut}");
        drop(checkpoint);
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(after, kept, "cut at {cut}");
    }
    // A header cut short while the file was created is written again.
    for cut in 1..=header.len() {
        let path = dir.path().join(format!("header-{cut}.ckpt"));
        std::fs::write(&path, &header.as_bytes()[..cut]).unwrap();
        let checkpoint = Checkpoint::open(&path, &lines).unwrap();
        assert!(checkpoint.results().is_empty(), "cut at {cut}");
        assert!(checkpoint.recovered().is_some(), "cut at {cut}");
        drop(checkpoint);
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(after, format!("{header}\n"), "cut at {cut}");
    }
}

#[test]
fn a_checkpoint_append_refuses_what_open_would_refuse() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.ckpt");
    let (lines, results) = counted(8, 2);
    let (other_lines, other_results) = counted(9, 2);
    let mut checkpoint = Checkpoint::open(&path, &lines).unwrap();
    checkpoint.append(&results[1]).unwrap();
    let written = std::fs::read(&path).unwrap();
    // The same result twice, another run's unit, and a unit changed in
    // code: each refused, and nothing written.
    let mut changed = results[2].clone();
    changed.unit.unit.prefix = vec![7, 7];
    for (what, bad) in [
        ("twice", &results[1]),
        ("another run", &other_results[0]),
        ("changed unit", &changed),
    ] {
        let err = checkpoint.append(bad).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Refused { .. }),
            "{what}: {err}"
        );
        assert!(
            err.to_string().ends_with("nothing was written"),
            "{what}: {err}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), written, "{what}");
    }
    assert_eq!(checkpoint.results(), &[results[1].clone()]);
    checkpoint.append(&results[0]).unwrap();
    drop(checkpoint);
    // Still resumable, with exactly what was accepted.
    let resumed = Checkpoint::open(&path, &lines).unwrap();
    assert_eq!(resumed.results(), &[results[1].clone(), results[0].clone()]);
    drop(resumed);
    // A checkpoint of a run without units takes no result at all.
    let empty = dir.path().join("empty.ckpt");
    let mut none = Checkpoint::open(&empty, &[]).unwrap();
    assert!(matches!(
        none.append(&other_results[0]),
        Err(CheckpointError::Refused { .. })
    ));
    drop(none);
    assert!(Checkpoint::open(&empty, &[]).is_ok());
    assert!(matches!(
        Checkpoint::open(&empty, &other_lines),
        Err(CheckpointError::OtherRun { .. })
    ));
}

#[test]
fn a_file_without_a_checkpoint_header_is_foreign_and_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, results) = counted(8, 2);
    let header = checkpoint_header(&lines);
    let headerless = format!("{}\n{}\n", results[0], results[1]);
    let binary: Vec<u8> = (0..30_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("notes", b"remember to check the diagonals".to_vec()),
        ("notes with a newline", b"remember\n".to_vec()),
        ("binary", binary),
        ("minified json", br#"{"n":8,"units":[1,2,3]}"#.to_vec()),
        ("cr-only text", b"one\rtwo\rthree\r".to_vec()),
        (
            "result lines without a header",
            headerless.clone().into_bytes(),
        ),
        (
            "result lines without a header, zeros appended",
            [headerless.as_bytes(), &[0u8; 64]].concat(),
        ),
        (
            "a unit line cut short",
            b"backtracker-unit/2 model=nqu".to_vec(),
        ),
    ];
    for (what, bytes) in cases {
        let path = dir.path().join("foreign.ckpt");
        std::fs::write(&path, &bytes).unwrap();
        let err = Checkpoint::open(&path, &lines).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Foreign { .. }),
            "{what}: {err}"
        );
        assert!(!err.to_string().contains('\n'), "{what}: one line");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{what}: left unchanged"
        );
    }
    // With the header, what follows it is judged as before: zeros after
    // the last line are damage, not a line cut short.
    let zeros = [format!("{header}\n{}\n", results[0]).as_bytes(), &[0u8; 64]].concat();
    let other_version = format!("backtracker-checkpoint/9 {}\n", lines[0].run()).into_bytes();
    for (what, bytes) in [
        ("zeros appended", zeros),
        ("another version", other_version),
    ] {
        let path = dir.path().join("damaged.ckpt");
        std::fs::write(&path, &bytes).unwrap();
        let err = Checkpoint::open(&path, &lines).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Damaged { .. }),
            "{what}: {err}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{what}: left unchanged"
        );
    }
    // Another run's header, even with no result after it.
    let (other, _) = counted(8, 3);
    let path = dir.path().join("other.ckpt");
    let bytes = format!("{}\n", checkpoint_header(&other)).into_bytes();
    std::fs::write(&path, &bytes).unwrap();
    let err = Checkpoint::open(&path, &lines).unwrap_err();
    assert!(matches!(err, CheckpointError::OtherRun { .. }), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    // A new or empty file becomes a checkpoint with its header.
    let path = dir.path().join("new.ckpt");
    std::fs::write(&path, b"").unwrap();
    drop(Checkpoint::open(&path, &lines).unwrap());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{header}\n")
    );
}

#[test]
fn a_checkpoint_with_a_changed_count_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, results) = counted(8, 2);
    let good = format!(
        "{}\n{}\n{}\n",
        checkpoint_header(&lines),
        results[0],
        results[1]
    );
    let mut flips = 0;
    // Every single-bit flip of the file is refused, or read as the same results.
    for byte in 0..good.len() {
        for bit in 0..8 {
            let mut bytes = good.clone().into_bytes();
            bytes[byte] ^= 1 << bit;
            let path = dir.path().join("flipped.ckpt");
            std::fs::write(&path, &bytes).unwrap();
            if let Ok(checkpoint) = Checkpoint::open(&path, &lines) {
                let counts: Vec<u128> = checkpoint.results().iter().map(|r| r.count).collect();
                let expected: Vec<u128> = results[..checkpoint.results().len()]
                    .iter()
                    .map(|r| r.count)
                    .collect();
                assert_eq!(counts, expected, "byte {byte} bit {bit}");
            } else {
                flips += 1;
                assert_eq!(std::fs::read(&path).unwrap(), bytes, "left unchanged");
            }
        }
    }
    assert!(flips > 0);
}

#[test]
fn merging_refuses_what_it_cannot_hold_without_allocating_it() {
    // A total of a trillion units: refused as missing units, at once.
    let line =
        "backtracker-unit/2 model=m depth=1 symmetry=off unit=0/1000000000000 prefix=0 weight=1";
    let result = ResultLine {
        unit: line.parse().unwrap(),
        count: 1,
    };
    let err = merge(std::slice::from_ref(&result), Some("m")).unwrap_err();
    assert!(matches!(err, UnitError::Missing { .. }), "{err}");
    assert!(err.to_string().ends_with("and 999999999979 more"), "{err}");
    // Counts whose sum does not fit in 128 bits.
    let lines = UnitLine::number("m", 1, false, vec![Unit::whole(), Unit::whole()]);
    let huge: Vec<ResultLine> = lines
        .into_iter()
        .map(|unit| ResultLine {
            unit,
            count: u128::MAX,
        })
        .collect();
    assert_eq!(merge(&huge, Some("m")), Err(UnitError::Overflow));
    // A claimed split of the whole 32-queens tree is abandoned at once.
    let whole =
        "backtracker-unit/2 model=nqueens-32 depth=32 symmetry=off unit=0/1 prefix=- weight=1";
    let claim = ResultLine {
        unit: whole.parse().unwrap(),
        count: 5,
    };
    let mut model = nqueens(32).unwrap();
    let err = merge_checked(&[claim], "nqueens-32", &mut model).unwrap_err();
    assert!(
        err.to_string().contains("gives more than the 1 units"),
        "{err}"
    );
}

/// Neighbouring variables differ (a chain: two solutions over {0, 1}).
#[derive(Clone)]
struct Alternate;

impl Checker<u8> for Alternate {
    fn name(&self) -> &'static str {
        "alternate"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        (1..a.len()).all(|v| match (a.get(v - 1), a.get(v)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        })
    }
    fn promising(&self, a: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
        let before = c.var.checked_sub(1).and_then(|v| a.get(v));
        let after = a.get(c.var + 1);
        before != Some(c.value) && after != Some(c.value)
    }
}

#[test]
fn a_long_chain_counts_in_parallel_without_splitting_it_forever() {
    // A tree that never branches past the root: the split must give up
    // deepening instead of walking all 16,000 levels for more units.
    let mut b = backtracker::ModelBuilder::new();
    for i in 0..16_000 {
        b.variable(format!("x{i}"), 0..2u8);
    }
    let mut model = b.build((Alternate,)).unwrap();
    let plain = model.search().count();
    assert_eq!(plain.value, 2);
    let parallel = model.search().threads(2).count();
    assert_eq!(parallel.value, 2);
    assert_eq!(parallel.stats.nodes, plain.stats.nodes);
}
