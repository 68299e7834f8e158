//! Narrowing, look-ahead and forward checking against the brute-force
//! oracle: random small models whose checkers narrow (each narrowing
//! derived from the checker's own `check`, so sound by construction), and
//! deliberately unsound ones that cross-check mode must catch; the hooks and
//! the kept candidate sets as new after every kind of stop; N-Queens counts
//! the same with and without look-ahead.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use backtracker::observe::from_fn;
use backtracker::{
    Assignment, Candidates, Checker, Choice, Conflict, Control, Domains, DynChecker, Event,
    ModelError, ModelInfo, StopReason, VariableOrder,
};
use backtracker_puzzles::nqueens;
use proptest::prelude::*;

use crate::oracle::{Desc, config, desc};
use crate::support::A000170;

/// A checker of the oracle's catalogue that also narrows: after any change
/// of a variable of its scope, it removes from every unassigned variable of
/// its scope each value that its own `check` rejects on the assignment
/// extended by it. With `unsound`, it also removes the lowest candidate of
/// the first unassigned variable with two or more (a bug to catch).
#[derive(Clone)]
pub(crate) struct Derived<C> {
    pub(crate) inner: C,
    pub(crate) unsound: bool,
    /// Whether it says it narrows its whole scope at once (it does: it
    /// reads every variable of its scope, and a second call right after
    /// removes nothing).
    pub(crate) whole: bool,
}

impl<C: Checker<i32>> Checker<i32> for Derived<C> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn check(&self, a: &Assignment<'_, i32>) -> bool {
        self.inner.check(a)
    }
    fn promising(&self, a: &Assignment<'_, i32>, c: Choice<'_, i32>) -> bool {
        self.inner.promising(a, c)
    }
    fn filter(&self, a: &Assignment<'_, i32>, var: usize, c: &mut Candidates<'_>) {
        self.inner.filter(a, var, c);
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrows_whole_scope(&self) -> bool {
        self.whole
    }
    fn narrow(&self, _: usize, d: &mut Domains<'_, i32>) -> Result<(), Conflict> {
        let vars: Vec<usize> = match self.inner.scope() {
            Some(scope) => scope.to_vec(),
            None => (0..d.variables()).collect(),
        };
        let mut bug_done = !self.unsound;
        for u in vars {
            if d.assignment().is_assigned(u) {
                continue;
            }
            let keep: Vec<bool> = {
                let a = d.assignment();
                let domain = d.domain(u);
                (0..domain.len())
                    .map(|i| {
                        self.inner.check(&a.with(Choice {
                            var: u,
                            index: i,
                            value: &domain[i],
                        }))
                    })
                    .collect()
            };
            d.retain(u, |i| keep[i])?;
            if !bug_done && d.len(u) >= 2 {
                bug_done = true;
                let low = d.min(u).expect("two candidates");
                d.remove(u, low)?;
            }
        }
        Ok(())
    }
    fn on_assign(&mut self, c: Choice<'_, i32>) {
        self.inner.on_assign(c);
    }
    fn on_unassign(&mut self, c: Choice<'_, i32>) {
        self.inner.on_unassign(c);
    }
    fn scope(&self) -> Option<&[usize]> {
        self.inner.scope()
    }
    fn prepare(&mut self, model: &ModelInfo<'_, i32>) -> Result<(), ModelError> {
        self.inner.prepare(model)
    }
}

/// The model of `desc` with every checker narrowing, the whole scope at
/// once when `whole`.
pub(crate) fn narrowing_model(
    desc: &Desc,
    order: VariableOrder,
    unsound: bool,
    whole: bool,
) -> backtracker::Model<i32, Vec<DynChecker<i32>>> {
    let checkers: Vec<DynChecker<i32>> = desc
        .checkers()
        .into_iter()
        .map(|inner| {
            Box::new(Derived {
                inner,
                unsound,
                whole,
            }) as DynChecker<i32>
        })
        .collect();
    desc.builder(order).build(checkers).unwrap()
}

/// Look-aheads to try: none, one, two, every variable.
const LOOKAHEADS: [usize; 4] = [0, 1, 2, usize::MAX];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sound_narrowing_keeps_every_solution_in_order(desc in desc()) {
        let expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
        let mut sorted = expected.clone();
        sorted.sort();
        for (k, whole) in LOOKAHEADS.into_iter().flat_map(|k| [(k, false), (k, true)]) {
            let mut model = narrowing_model(&desc, VariableOrder::Declared, false, whole);
            let found: Vec<Vec<i32>> = model.search().lookahead(k).solutions().collect();
            prop_assert_eq!(&found, &expected, "look-ahead {}, whole scope {}", k, whole);
            let counted = model.search().lookahead(k).count();
            prop_assert_eq!(counted.value, expected.len() as u128);
            let crossed = model.search().lookahead(k).cross_check(true).count();
            prop_assert_eq!(&crossed.stop, &StopReason::Completed, "look-ahead {}", k);
            prop_assert_eq!(crossed.value, expected.len() as u128);
            let mut dynamic =
                narrowing_model(&desc, VariableOrder::SmallestDomainFirst, false, whole);
            let mut found: Vec<Vec<i32>> = dynamic.search().lookahead(k).solutions().collect();
            found.sort();
            prop_assert_eq!(&found, &sorted, "smallest domain first, look-ahead {}", k);
            let crossed = dynamic.search().lookahead(k).cross_check(true).count();
            prop_assert_eq!(&crossed.stop, &StopReason::Completed);
        }
    }

    #[test]
    fn look_ahead_alone_keeps_every_solution_in_order(desc in desc()) {
        let expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
        for k in LOOKAHEADS {
            let mut model = desc.builder(VariableOrder::Declared).build(desc.checkers()).unwrap();
            let found: Vec<Vec<i32>> = model.search().lookahead(k).solutions().collect();
            prop_assert_eq!(&found, &expected, "look-ahead {}", k);
            let crossed = model.search().lookahead(k).cross_check(true).count();
            prop_assert_eq!(&crossed.stop, &StopReason::Completed);
        }
    }

    #[test]
    fn cross_check_catches_narrowing_that_loses_solutions(desc in desc()) {
        let expected = desc.oracle().len() as u128;
        let mut model = narrowing_model(&desc, VariableOrder::Declared, true, false);
        let lossy = model.search().count();
        let crossed = model.search().cross_check(true).count();
        if lossy.value != expected {
            // The bug lost a solution: cross-check must name it.
            let StopReason::Disagreement(d) = &crossed.stop else {
                return Err(TestCaseError::fail(format!("not caught: {:?}", crossed.stop)));
            };
            prop_assert!(d.removed, "{}", d);
            prop_assert!(d.to_string().contains("narrowed away"), "{}", d);
        }
    }

    #[test]
    fn every_stop_leaves_the_model_as_new(desc in desc(), limit in 0u64..20, events in 1usize..30) {
        let expected = desc.oracle().len() as u128;
        for (k, whole) in LOOKAHEADS.into_iter().flat_map(|k| [(k, false), (k, true)]) {
            let mut model = narrowing_model(&desc, VariableOrder::Declared, false, whole);
            let fresh = model.search().lookahead(k).count();
            let _ = model.search().lookahead(k).node_limit(limit).count();
            let _ = model.search().lookahead(k).first();
            let _ = model.search().lookahead(k).solutions().take(1).count();
            let _ = model.search().lookahead(k).for_each(|_| ControlFlow::Break(()));
            let mut seen = 0;
            let _ = model
                .search()
                .lookahead(k)
                .observer(from_fn(|_: &Event<'_, i32>| {
                    seen += 1;
                    if seen >= events { Control::Stop } else { Control::Continue }
                }))
                .count();
            let cancelled = model
                .search()
                .lookahead(k)
                .cancel_flag(Arc::new(AtomicBool::new(true)))
                .count();
            prop_assert_eq!(cancelled.stats.nodes, 0);
            let again = model.search().lookahead(k).count();
            prop_assert_eq!(again.value, expected);
            prop_assert_eq!(again.stats.nodes, fresh.stats.nodes);
        }
    }
}

#[test]
fn cross_check_names_an_unsound_removal() {
    // Two variables that must differ; the bug removes a lowest value
    // wherever two are left, from the root on, and loses both solutions.
    let mut b = backtracker::ModelBuilder::new();
    b.variable("x0", 0..2);
    b.variable("x1", 0..2);
    let differ = backtracker::constraints::Predicate::new("differ", [0, 1], |v| v[0] != v[1]);
    let checkers: Vec<DynChecker<i32>> = vec![Box::new(Derived {
        inner: Box::new(differ),
        unsound: true,
        whole: false,
    })];
    let mut model = b.build(checkers).unwrap();
    assert_eq!(
        model.search().count().value,
        0,
        "the bug loses (0, 1) and (1, 0)"
    );
    let outcome = model.search().cross_check(true).count();
    let StopReason::Disagreement(d) = outcome.stop else {
        panic!("not caught: {:?}", outcome.stop);
    };
    assert_eq!(d.checker, "differ");
    assert_eq!(d.candidate, "x0 = 0");
    assert_eq!(d.assignment, "(empty)");
    assert!(d.removed && d.check);
    assert_eq!(
        d.to_string(),
        "checker `differ` narrowed away x0 = 0 after (empty), but check accepts it and the checker's scope can still be completed"
    );
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn nqueens_counts_the_same_with_any_look_ahead() {
    for (n, &expected) in A000170.iter().enumerate().take(15) {
        let mut model = nqueens(n).unwrap();
        let plain = model.search().count();
        assert_eq!(plain.value, expected, "N = {n}");
        for k in [1, 2, 3, 5] {
            let ahead = model.search().lookahead(k).count();
            assert_eq!(ahead.value, expected, "N = {n}, look-ahead {k}");
            assert!(
                ahead.stats.nodes <= plain.stats.nodes,
                "N = {n}, look-ahead {k}"
            );
        }
        if n <= 10 {
            let checked = model.search().forward_checking().count();
            assert_eq!(checked.value, expected, "N = {n}, forward checking");
            let unreduced = model.search().symmetry(false).lookahead(2).count();
            assert_eq!(unreduced.value, expected);
        }
    }
}

#[test]
fn nqueens_look_ahead_trace() {
    let text = nqueens(4).unwrap().search().lookahead(2).trace();
    insta::assert_snapshot!("nqueens_4_lookahead_2", text);
}

#[test]
fn narrowing_checker_trace() {
    // x0 < x1 < x2 over 0..3, the order narrowing the later variables.
    struct Rising;
    impl Checker<u8> for Rising {
        fn name(&self) -> &'static str {
            "rising"
        }
        fn check(&self, a: &Assignment<'_, u8>) -> bool {
            let v: Vec<u8> = a.iter().map(|(_, &x)| x).collect();
            (0..a.len()).all(|i| {
                (i + 1..a.len()).all(|j| match (a.get(i), a.get(j)) {
                    (Some(x), Some(y)) => x < y,
                    _ => true,
                })
            }) && v.len() <= 3
        }
        fn narrows(&self) -> bool {
            true
        }
        fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
            if let Some(&x) = d.assignment().get(var) {
                for later in var + 1..d.variables() {
                    d.retain(later, |i| i > usize::from(x))?;
                }
            }
            Ok(())
        }
    }
    let mut b = backtracker::ModelBuilder::new();
    for i in 0..3 {
        b.variable(format!("x{i}"), 0..4u8);
    }
    let mut model = b.build((Rising,)).unwrap();
    assert_eq!(model.search().count().value, 4);
    let text = model.search().removal_events(true).trace();
    insta::assert_snapshot!("rising_with_removals", text);
    let plain = model.search().trace();
    assert!(
        plain.contains("rejected by rising: x2 has no candidate left"),
        "{plain}"
    );
}

/// `x < y < z` over `0..3`, narrowed to bounds until nothing changes;
/// counts its calls to `narrow`.
struct Chain {
    calls: Arc<AtomicUsize>,
    whole: bool,
}

impl Checker<i32> for Chain {
    fn name(&self) -> &'static str {
        "chain"
    }
    fn check(&self, a: &Assignment<'_, i32>) -> bool {
        [(0, 1), (1, 2)]
            .iter()
            .all(|&(u, v)| match (a.get(u), a.get(v)) {
                (Some(x), Some(y)) => x < y,
                _ => true,
            })
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrows_whole_scope(&self) -> bool {
        self.whole
    }
    fn narrow(&self, _: usize, d: &mut Domains<'_, i32>) -> Result<(), Conflict> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        loop {
            let mut changed = false;
            for (u, v) in [(0, 1), (1, 2)] {
                let low = d.min(u).ok_or_else(Conflict::new)?;
                let high = d.max(v).ok_or_else(Conflict::new)?;
                changed |= d.retain(v, |i| i > low)?;
                changed |= d.retain(u, |i| i < high)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
    fn scope(&self) -> Option<&[usize]> {
        Some(&[0, 1, 2])
    }
}

#[test]
fn whole_scope_narrowing_runs_once_per_batch_and_not_for_its_own_changes() {
    let calls_for = |whole: bool| {
        let calls = Arc::new(AtomicUsize::new(0));
        let mut b = backtracker::ModelBuilder::new();
        for name in ["x", "y", "z"] {
            b.variable(name, 0..3);
        }
        let chain = Chain {
            calls: Arc::clone(&calls),
            whole,
        };
        let outcome = b.build((chain,)).unwrap().search().count();
        assert_eq!(outcome.value, 1, "only 0 < 1 < 2");
        assert_eq!(outcome.stats.nodes, 3);
        calls.load(Ordering::Relaxed)
    };
    // Once at the root for the three variables queued there (its own
    // removals wake it no more), then once after each of the three steps.
    assert_eq!(calls_for(true), 4);
    // Called per changed variable, its own changes included: more often.
    assert!(calls_for(false) > 4, "{}", calls_for(false));
}

/// Keeps `var` below 2 (its domain is 0..4, so a value is its index) when asked to narrow, but forgets to say that it
/// narrows (`narrows` keeps its default, `false`), or says it with `said`.
struct Forgetful {
    said: bool,
}

impl Checker<u8> for Forgetful {
    fn name(&self) -> &'static str {
        "forgetful"
    }
    fn scope(&self) -> Option<&[usize]> {
        Some(&[0])
    }
    fn check(&self, assignment: &Assignment<'_, u8>) -> bool {
        assignment.get(0).is_none_or(|&v| v < 2)
    }
    fn narrows(&self) -> bool {
        self.said
    }
    fn narrow(&self, var: usize, domains: &mut Domains<'_, u8>) -> Result<(), Conflict> {
        domains.retain(var, |index| index < 2).map(|_| ())
    }
}

#[test]
fn a_checker_whose_narrow_would_never_be_called_is_refused() {
    let build = |said| {
        let mut b = backtracker::ModelBuilder::new();
        b.variable("x", [0, 1, 2, 3u8]);
        b.build((Forgetful { said },))
    };
    match build(false) {
        Err(ModelError::NarrowNeverCalled { checker }) => assert_eq!(checker, "forgetful"),
        other => panic!("expected NarrowNeverCalled, got {:?}", other.map(|_| ())),
    }
    // Saying it narrows makes the same checker work: two values survive.
    let mut model = build(true).unwrap();
    assert_eq!(model.search().count().value, 2);
    // A boxed checker is judged the same.
    let mut b = backtracker::ModelBuilder::new();
    b.variable("x", [0, 1, 2, 3u8]);
    let boxed: Vec<DynChecker<u8>> = vec![Box::new(Forgetful { said: false })];
    assert!(matches!(
        b.build(boxed),
        Err(ModelError::NarrowNeverCalled { .. })
    ));
}
