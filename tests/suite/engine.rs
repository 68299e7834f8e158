//! The engine through the public API: N-Queens counts and tree sizes
//! against independent figures, a chain of 100,000 variables searched
//! without recursion, cross-check mode catching wrong checkers, and
//! declared symmetry agreeing with the unreduced search.

use std::ops::ControlFlow;

use crate::support::{known, mirrored, queens_lines, queens_ok, queens_variables, queens_walk};
use backtracker::constraints::{AtMostOnePerLine, Predicate, Values};
use backtracker::observe::from_fn;
use backtracker::{
    Assignment, Candidates, Checker, Choice, Control, Disagreement, DynChecker, Event,
    ModelBuilder, StopReason, VariableOrder,
};
use backtracker_puzzles::{Rule, nqueens, nqueens_with};

#[test]
fn nqueens_counts_match_oeis_a000170() {
    for n in 0..=12 {
        let mut model = nqueens(n).unwrap();
        let plain = model.search().symmetry(false).count();
        assert_eq!(plain.value, known(n), "n = {n} without symmetry");
        assert_eq!(plain.stop, StopReason::Completed, "n = {n}");
        assert_eq!(plain.stats.solutions, known(n), "n = {n}");
        let reduced = model.search().count();
        assert_eq!(reduced.value, known(n), "n = {n} with symmetry");
        assert_eq!(reduced.stop, StopReason::Completed, "n = {n}");
    }
}

#[test]
fn empty_board_has_one_solution_the_empty_placement() {
    let mut model = nqueens(0).unwrap();
    assert!(model.is_empty());
    assert_eq!(model.search().first().value, Some(vec![]));
    let all: Vec<Vec<usize>> = model.search().solutions().collect();
    assert_eq!(all, vec![Vec::<usize>::new()]);
    let outcome = model.search().symmetry(false).count();
    assert_eq!(outcome.value, 1);
    assert_eq!(outcome.stats.nodes, 0);
}

#[test]
fn nqueens_tree_sizes_match_a_brute_force_walk() {
    for n in 1..=10 {
        let walk = queens_walk(n);
        let mut model = nqueens(n).unwrap();
        let outcome = model.search().symmetry(false).count();
        assert_eq!(outcome.stats.nodes, walk.nodes, "nodes, n = {n}");
        assert_eq!(
            outcome.stats.max_depth, walk.max_depth,
            "max depth, n = {n}"
        );
        // Enumeration visits every node one by one: the same tree.
        let mut seen = 0u64;
        let enumerated = model.search().for_each(|_| {
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(seen as usize, walk.solutions.len(), "n = {n}");
        assert_eq!(
            enumerated.stats.nodes, walk.nodes,
            "enumeration nodes, n = {n}"
        );
        assert_eq!(enumerated.stats.max_depth, walk.max_depth, "n = {n}");
        // Counting rejections or reporting events does not change the tree.
        let tallied = model
            .search()
            .symmetry(false)
            .tally_rejections(true)
            .count();
        assert_eq!(tallied.stats.nodes, walk.nodes, "tallied nodes, n = {n}");
        let mut events = 0u64;
        let observed = model
            .search()
            .symmetry(false)
            .observer(from_fn(|e: &Event<'_, usize>| {
                if matches!(e, Event::Assign { .. }) {
                    events += 1;
                }
                Control::Continue
            }))
            .count();
        assert_eq!(observed.stats.nodes, walk.nodes, "observed nodes, n = {n}");
        assert_eq!(events, walk.nodes, "assign events, n = {n}");
    }
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn nqueens_12_tree_has_856188_nodes_as_the_c_counter_says() {
    // Figure of the independent C counter; the brute-force walk agrees.
    assert_eq!(queens_walk(12).nodes, 856_188);
    let mut model = nqueens(12).unwrap();
    let outcome = model.search().symmetry(false).count();
    assert_eq!(outcome.stats.nodes, 856_188);
    assert_eq!(outcome.value, 14_200);
}

#[test]
fn rejections_per_checker_match_a_brute_force_walk() {
    for n in 1..=8 {
        let walk = queens_walk(n);
        let mut model = nqueens(n).unwrap();
        let outcome = model
            .search()
            .symmetry(false)
            .tally_rejections(true)
            .count();
        let expected: Vec<(String, u64)> = Rule::ALL
            .iter()
            .zip(walk.rejected)
            .map(|(rule, count)| (rule.name().to_owned(), count))
            .collect();
        assert_eq!(outcome.stats.rejections, Some(expected), "n = {n}");
    }
    let mut model = nqueens(8).unwrap();
    assert_eq!(
        model.search().count().stats.rejections,
        None,
        "not asked for"
    );
}

#[test]
fn solutions_come_in_lexicographic_order_and_solve_the_puzzle() {
    for n in 1..=8 {
        let walk = queens_walk(n);
        let mut model = nqueens(n).unwrap();
        let all: Vec<Vec<usize>> = model.search().solutions().collect();
        assert_eq!(all, walk.solutions, "n = {n}");
        assert!(all.iter().all(|s| queens_ok(s)));
        assert!(
            all.windows(2).all(|w| w[0] < w[1]),
            "strictly increasing, n = {n}"
        );
        let first = model.search().first();
        assert_eq!(first.value, walk.solutions.first().cloned(), "n = {n}");
        assert_eq!(
            first.stop == StopReason::Stopped,
            !walk.solutions.is_empty()
        );
    }
}

#[test]
fn the_row_rule_holds_by_construction() {
    // With no rule at all, every row still holds exactly one queen: the
    // n^n placements of one queen per row, and nothing else.
    let mut model = nqueens_with(3, &[]).unwrap();
    let all: Vec<Vec<usize>> = model.search().solutions().collect();
    assert_eq!(all.len(), 27);
    assert!(all.iter().all(|s| s.len() == 3 && s.iter().all(|&c| c < 3)));
    assert_eq!(model.len(), 3);
    assert_eq!(
        (0..3).map(|r| model.name(r).to_owned()).collect::<Vec<_>>(),
        ["row 0", "row 1", "row 2"]
    );
}

#[test]
fn the_lesson_progression_at_8() {
    let mut none = nqueens_with(8, &[]).unwrap();
    assert_eq!(none.search().count().value, 16_777_216);
    let mut columns = nqueens_with(8, &[Rule::Columns]).unwrap();
    assert_eq!(columns.search().count().value, 40_320);
    let mut all = nqueens_with(8, &Rule::ALL).unwrap();
    assert_eq!(all.search().count().value, 92);
    assert_eq!(all.search().symmetry(false).count().value, 92);
}

#[test]
fn a_model_with_no_solution_is_not_an_error() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..3u8);
    b.restrict(x, |_| false);
    let mut model = b
        .build((Predicate::new("any", [x], |_: &Values<'_, u8>| true),))
        .unwrap();
    let outcome = model.search().count();
    assert_eq!(outcome.value, 0);
    assert_eq!(outcome.stop, StopReason::Completed);
    assert_eq!(model.search().first().value, None);
    for n in [2, 3] {
        let mut q = nqueens(n).unwrap();
        assert_eq!(q.search().first().value, None);
        assert_eq!(q.search().solutions().count(), 0);
    }
}

// ---- a chain of 100,000 variables -------------------------------------

const CHAIN: usize = 100_000;

/// The rule of every link of the chain.
type Link = fn(&Values<'_, u8>) -> bool;

fn differ(v: &Values<'_, u8>) -> bool {
    v[0] != v[1]
}

/// Neighbours differ, judged in O(1) from the neighbours' values.
struct Alternate;

impl Checker<u8> for Alternate {
    fn name(&self) -> &'static str {
        "alternate"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        (1..a.len()).all(|i| match (a.get(i - 1), a.get(i)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        })
    }
    fn promising(&self, a: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
        let left = c.var.checked_sub(1).and_then(|v| a.get(v));
        let right = (c.var + 1 < a.len()).then(|| a.get(c.var + 1)).flatten();
        left != Some(c.value) && right != Some(c.value)
    }
}

/// x0..x(CHAIN-1) in {0, 1}, the last one pinned to 0 so that x0 = 0 fails
/// only at the very end: the search goes 100,000 levels down, all the way
/// back up, and down again.
fn chain_builder() -> ModelBuilder<u8> {
    let mut b = ModelBuilder::new();
    for i in 0..CHAIN {
        b.variable(format!("x{i}"), [0u8, 1]);
    }
    b.pin(CHAIN - 1, &0);
    b
}

fn alternating_from_one() -> Vec<u8> {
    (0..CHAIN).map(|i| u8::from(i % 2 == 0)).collect()
}

#[test]
fn chain_of_100000_predicates_searched_without_stack_overflow() {
    // A thread with the default stack size, as any user's thread.
    std::thread::spawn(|| {
        let checkers: Vec<DynChecker<u8>> = (0..CHAIN - 1)
            .map(|i| {
                Box::new(Predicate::new(
                    format!("differ {i}"),
                    [i, i + 1],
                    differ as Link,
                )) as DynChecker<u8>
            })
            .collect();
        let mut model = chain_builder().build(checkers).unwrap();
        let first = model.search().first();
        assert_eq!(first.value, Some(alternating_from_one()));
        assert_eq!(first.stop, StopReason::Stopped);
        // Down to x(CHAIN-2) with x0 = 0, back up, then down again.
        assert_eq!(first.stats.nodes, 2 * CHAIN as u64 - 1);
        assert_eq!(first.stats.max_depth, CHAIN);
        let count = model.search().count();
        assert_eq!(count.value, 1);
        assert_eq!(count.stop, StopReason::Completed);
    })
    .join()
    .expect("the search thread finished");
}

#[test]
fn chain_of_100000_with_a_custom_checker_searched_without_stack_overflow() {
    std::thread::spawn(|| {
        let mut model = chain_builder().build((Alternate,)).unwrap();
        assert_eq!(model.search().first().value, Some(alternating_from_one()));
        let mut solutions = model.search().solutions();
        assert_eq!(solutions.next(), Some(alternating_from_one()));
        assert_eq!(solutions.next(), None);
        drop(solutions);
        // Stopping deep down unwinds 100,000 frames without recursion.
        let limited = model.search().node_limit(CHAIN as u64 + 10).count();
        assert_eq!(limited.stop, StopReason::NodeLimit);
        assert_eq!(limited.value, 0);
        let mut boxed = chain_builder()
            .build(vec![Box::new(Alternate) as DynChecker<u8>])
            .unwrap();
        assert_eq!(boxed.search().count().value, 1);
    })
    .join()
    .expect("the search thread finished");
}

// ---- cross-check mode ----------------------------------------------------

fn three_small() -> ModelBuilder<u8> {
    let mut b = ModelBuilder::new();
    for i in 0..3 {
        b.variable(format!("x{i}"), 0..3u8);
    }
    b
}

fn all_different(a: &Assignment<'_, u8>) -> bool {
    let values: Vec<u8> = a.iter().map(|(_, v)| *v).collect();
    (0..values.len()).all(|i| !values[..i].contains(&values[i]))
}

/// All different, but `promising` says yes to everything.
struct LyingPromising;

impl Checker<u8> for LyingPromising {
    fn name(&self) -> &'static str {
        "liar"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        all_different(a)
    }
    fn promising(&self, _: &Assignment<'_, u8>, _: Choice<'_, u8>) -> bool {
        true
    }
}

/// All different with a right `promising`, but a bulk `filter` that keeps
/// every candidate.
struct LyingFilter;

impl Checker<u8> for LyingFilter {
    fn name(&self) -> &'static str {
        "bulk liar"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        all_different(a)
    }
    fn promising(&self, a: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
        a.iter().all(|(_, v)| v != c.value)
    }
    fn filter(&self, _: &Assignment<'_, u8>, _: usize, _: &mut Candidates<'_>) {}
}

/// All different with a right `promising`, but a `filter` that keeps every
/// candidate of its one word (the engine's one-word path calls `filter`
/// with a one-word set).
struct LyingWord;

impl Checker<u8> for LyingWord {
    fn name(&self) -> &'static str {
        "word liar"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        all_different(a)
    }
    fn promising(&self, a: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
        a.iter().all(|(_, v)| v != c.value)
    }
    fn filter(&self, _: &Assignment<'_, u8>, _: usize, candidates: &mut Candidates<'_>) {
        assert_eq!(candidates.words().len(), 1, "domains of 3 values: one word");
    }
}

/// Says no to x0 = 2 in `check` only.
struct RootLiar;

impl Checker<u8> for RootLiar {
    fn name(&self) -> &'static str {
        "root liar"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        a.get(0) != Some(&2)
    }
    fn promising(&self, _: &Assignment<'_, u8>, _: Choice<'_, u8>) -> bool {
        true
    }
}

fn disagreement(stop: &StopReason) -> &Disagreement {
    match stop {
        StopReason::Disagreement(d) => d,
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

#[test]
fn cross_check_catches_a_lying_promising() {
    let mut model = three_small().build((LyingPromising,)).unwrap();
    // Without cross-check the lie goes unnoticed: 27 "solutions".
    assert_eq!(model.search().count().value, 27);
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "liar");
    assert_eq!(d.assignment, "x0 = 0");
    assert_eq!(d.candidate, "x1 = 0");
    assert_eq!(
        (d.check, d.promising, d.filter),
        (false, Some(true), Some(true))
    );
    assert!(!d.removed);
    assert_eq!(
        outcome.stop.to_string(),
        "checker `liar` disagrees on x1 = 0 after x0 = 0: check says no, promising says yes, filter says yes"
    );
    assert!(!outcome.stop.is_complete());
    // The model is unharmed and searches again.
    assert_eq!(model.search().count().value, 27);
}

#[test]
fn cross_check_names_the_wrong_checker_among_right_ones() {
    let right = AtMostOnePerLine::new("different", |_, v: &u8| usize::from(*v));
    let mut model = three_small().build((right, LyingPromising)).unwrap();
    assert_eq!(model.search().count().value, 6);
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "liar");
    assert_eq!(d.assignment, "x0 = 0");
    assert_eq!(d.candidate, "x1 = 0");
    let mut fresh = three_small()
        .build((
            AtMostOnePerLine::new("different", |_, v: &u8| usize::from(*v)),
            LyingPromising,
        ))
        .unwrap();
    let first = fresh.search().cross_check(true).first();
    assert_eq!(first.value, None);
    assert_eq!(disagreement(&first.stop).checker, "liar");
}

#[test]
fn a_model_searches_again_after_a_disagreement() {
    let right = AtMostOnePerLine::new("different", |_, v: &u8| usize::from(*v));
    let mut model = three_small().build((right, LyingPromising)).unwrap();
    let stopped = model.search().cross_check(true).count();
    assert_eq!(disagreement(&stopped.stop).checker, "liar");
    // The stop undid every step, so "different" is as new.
    assert_eq!(model.search().count().value, 6);
    let again = model.search().cross_check(true).count();
    assert_eq!(disagreement(&again.stop).checker, "liar");
}

#[test]
fn cross_check_reports_an_empty_assignment_at_the_root() {
    let mut model = three_small().build((RootLiar,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "root liar");
    assert_eq!(d.assignment, "(empty)");
    assert_eq!(d.candidate, "x0 = 2");
    assert!(!d.check && d.promising == Some(true));
    assert_eq!(outcome.stats.nodes, 0);
}

#[test]
fn cross_check_catches_a_lying_bulk_filter() {
    let mut model = three_small().build((LyingFilter,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "bulk liar");
    assert_eq!(d.assignment, "x0 = 0");
    assert_eq!(d.candidate, "x1 = 0");
    assert_eq!(
        (d.check, d.promising, d.filter),
        (false, Some(false), Some(true))
    );
    // Also on the boxed path.
    let mut boxed = three_small()
        .build(vec![Box::new(LyingFilter) as DynChecker<u8>])
        .unwrap();
    let outcome = boxed.search().cross_check(true).count();
    assert_eq!(disagreement(&outcome.stop).checker, "bulk liar");
}

#[test]
fn cross_check_catches_a_lying_one_word_filter() {
    let mut model = three_small().build((LyingWord,)).unwrap();
    // Without cross-check the engine trusts the filter.
    assert_eq!(model.search().count().value, 27);
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "word liar");
    assert_eq!(d.assignment, "x0 = 0");
    assert_eq!(d.candidate, "x1 = 0");
    assert_eq!(
        (d.check, d.promising, d.filter),
        (false, Some(false), Some(true))
    );
}

/// All different with a right `check` and `promising`, but a one-word
/// `filter` that also drops the highest candidate.
struct DroppingWord;

impl Checker<u8> for DroppingWord {
    fn name(&self) -> &'static str {
        "dropping word"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        all_different(a)
    }
    fn promising(&self, a: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
        a.iter().all(|(_, v)| v != c.value)
    }
    fn filter(&self, a: &Assignment<'_, u8>, _: usize, candidates: &mut Candidates<'_>) {
        let used = a.iter().fold(0u64, |m, (_, v)| m | 1 << v);
        let word = &mut candidates.words_mut()[0];
        let kept = *word & !used;
        *word = if kept == 0 {
            0
        } else {
            kept & !(1 << kept.ilog2())
        };
    }
}

#[test]
fn cross_check_catches_a_one_word_filter_that_drops_a_good_value() {
    let mut model = three_small().build((DroppingWord,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "dropping word");
    assert_eq!(d.assignment, "(empty)");
    assert_eq!(d.candidate, "x0 = 2");
    assert_eq!(
        (d.check, d.promising, d.filter),
        (true, Some(true), Some(false))
    );
}

#[test]
fn cross_check_catches_a_lying_filter_on_large_domains() {
    // 100 values: candidate sets of two words.
    struct Skips70;
    impl Checker<u32> for Skips70 {
        fn name(&self) -> &'static str {
            "not 70"
        }
        fn check(&self, a: &Assignment<'_, u32>) -> bool {
            a.iter().all(|(_, v)| *v != 70)
        }
        fn filter(&self, _: &Assignment<'_, u32>, _: usize, c: &mut Candidates<'_>) {
            c.remove(71); // the wrong one
        }
    }
    let mut b = ModelBuilder::new();
    b.variable("a", 0..100u32);
    b.variable("b", 0..100u32);
    let mut model = b.build((Skips70,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    let d = disagreement(&outcome.stop);
    assert_eq!(d.checker, "not 70");
    assert_eq!(d.assignment, "(empty)");
    assert_eq!(d.candidate, "a = 70");
    assert_eq!(
        (d.check, d.promising, d.filter),
        (false, Some(false), Some(true))
    );
}

#[test]
fn cross_check_accepts_the_library_checkers() {
    for n in 1..=7 {
        let mut model = nqueens(n).unwrap();
        let outcome = model.search().cross_check(true).count();
        assert_eq!(outcome.stop, StopReason::Completed, "n = {n}");
        assert_eq!(outcome.value, known(n), "n = {n}");
        let mut boxed = nqueens_with(n, &Rule::ALL).unwrap();
        let all: Vec<Vec<usize>> = boxed.search().cross_check(true).solutions().collect();
        assert_eq!(all.len() as u128, known(n), "n = {n}");
    }
    let mut b = ModelBuilder::new();
    let v: Vec<usize> = (0..4)
        .map(|i| b.variable(format!("v{i}"), 0..4i32))
        .collect();
    let mut model = b
        .build((
            AtMostOnePerLine::new("odd lines", |var, x: &i32| var * 7 + (*x as usize) * 3 % 5)
                .on([v[0], v[2]]),
            Predicate::partial("sum", v.clone(), |x: &Values<'_, i32>| {
                x.iter().flatten().sum::<i32>() <= 7
            }),
            Predicate::new("ends", [v[0], v[3]], |x: &Values<'_, i32>| x[0] != x[1]),
        ))
        .unwrap();
    let plain = model.search().count().value;
    let checked = model.search().cross_check(true).count();
    assert_eq!(checked.stop, StopReason::Completed);
    assert_eq!(checked.value, plain);
}

// ---- declared symmetry ---------------------------------------------------

#[test]
fn symmetric_and_unreduced_counts_agree_up_to_13() {
    // 14 has a test of its own, the slowest of these.
    for n in 1..=13 {
        let mut model = nqueens(n).unwrap();
        assert!(model.has_mirror_symmetry());
        let reduced = model.search().count();
        let full = model.search().symmetry(false).count();
        assert_eq!(reduced.value, full.value, "n = {n}");
        assert_eq!(full.value, known(n), "n = {n}");
        if n >= 4 {
            assert!(
                reduced.stats.nodes < full.stats.nodes,
                "n = {n}: symmetry saves work"
            );
        }
    }
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn symmetric_and_unreduced_counts_agree_at_14() {
    // About five seconds in a debug build.
    let mut model = nqueens(14).unwrap();
    let reduced = model.search().count();
    let full = model.search().symmetry(false).count();
    assert_eq!(reduced.value, known(14));
    assert_eq!(full.value, known(14));
}

#[test]
fn enumeration_is_not_reduced_by_symmetry() {
    for n in 1..=8 {
        let mut model = nqueens(n).unwrap();
        let all: Vec<Vec<usize>> = model.search().symmetry(true).solutions().collect();
        assert_eq!(all.len() as u128, known(n), "n = {n}");
        let mut reflected: Vec<Vec<usize>> = all.iter().map(|s| mirrored(s, n)).collect();
        reflected.sort();
        assert_eq!(
            reflected, all,
            "the solutions are closed under reflection, n = {n}"
        );
    }
}

#[test]
fn declared_symmetry_on_a_model_with_odd_domains() {
    // Five variables on -1..=1 (reflection: x -> -x), neighbours differ and
    // the sum is 0: both rules are invariant under reflecting every value.
    let build = |mirror: bool| {
        let mut b = ModelBuilder::new();
        let vars: Vec<usize> = (0..5)
            .map(|i| b.variable(format!("x{i}"), -1..=1i32))
            .collect();
        if mirror {
            b.mirror_symmetry();
        }
        let mut checkers: Vec<DynChecker<i32>> = vars
            .windows(2)
            .map(|w| {
                Box::new(Predicate::new(
                    format!("differ {}", w[0]),
                    [w[0], w[1]],
                    |v: &Values<'_, i32>| v[0] != v[1],
                )) as DynChecker<i32>
            })
            .collect();
        checkers.push(Box::new(Predicate::new(
            "sum",
            vars,
            |v: &Values<'_, i32>| v.iter().flatten().sum::<i32>() == 0,
        )));
        b.build(checkers).unwrap()
    };
    let expected = itertools::iproduct!(-1..=1, -1..=1, -1..=1, -1..=1, -1..=1)
        .filter(|&(a, b, c, d, e)| a != b && b != c && c != d && d != e && a + b + c + d + e == 0)
        .count() as u128;
    let mut plain = build(false);
    let mut mirrored = build(true);
    assert_eq!(plain.search().count().value, expected);
    assert_eq!(mirrored.search().count().value, expected);
    assert_eq!(mirrored.search().symmetry(false).count().value, expected);
    assert_eq!(mirrored.search().solutions().count() as u128, expected);
}

#[test]
fn smallest_domain_first_finds_the_same_solutions() {
    for n in 1..=8 {
        let mut b = queens_variables(n);
        b.order(VariableOrder::SmallestDomainFirst);
        let mut model = b.build(queens_lines(n)).unwrap();
        assert_eq!(model.variable_order(), VariableOrder::SmallestDomainFirst);
        let mut all: Vec<Vec<usize>> = model.search().solutions().collect();
        all.sort();
        assert_eq!(all, queens_walk(n).solutions, "n = {n}");
        assert_eq!(model.search().count().value, known(n), "n = {n}");
    }
}

#[test]
fn value_order_hook_reorders_enumeration() {
    let mut b = queens_variables(6);
    b.value_order(|_, _, candidates| candidates.reverse());
    let mut model = b.build(queens_lines(6)).unwrap();
    let all: Vec<Vec<usize>> = model.search().solutions().collect();
    let mut expected = queens_walk(6).solutions;
    expected.reverse();
    assert_eq!(all, expected);
    assert_eq!(model.search().count().value, 4);
}

#[test]
fn first_violation_names_the_first_rejecting_checker() {
    let model = nqueens(4).unwrap();
    assert_eq!(
        model.first_violation(&[Some(1), Some(3), Some(0), Some(2)]),
        None
    );
    assert_eq!(
        model.first_violation(&[Some(1), Some(1), None, None]),
        Some("columns")
    );
    assert_eq!(
        model.first_violation(&[Some(0), None, Some(2), None]),
        Some("anti-diagonals")
    );
    assert_eq!(
        model.first_violation(&[None, Some(2), Some(1), None]),
        Some("diagonals")
    );
    assert_eq!(model.first_violation(&[None; 4]), None);
}

/// A model without variables has the empty assignment as its one solution,
/// unless a checker's `check` rejects it.
#[test]
fn an_empty_model_honours_its_checkers() {
    struct Never;
    impl backtracker::Checker<bool> for Never {
        fn name(&self) -> &'static str {
            "never"
        }
        fn check(&self, _: &backtracker::Assignment<'_, bool>) -> bool {
            false
        }
    }
    let mut model = backtracker::ModelBuilder::<bool>::new()
        .build((Never,))
        .unwrap();
    assert_eq!(model.first_violation(&[]), Some("never"));
    assert_eq!(model.search().count().value, 0);
    assert_eq!(model.search().first().value, None);
    assert_eq!(model.search().solutions().count(), 0);
}
