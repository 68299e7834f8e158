//! What wakes a narrowing checker and in which order the engine runs them:
//! a checker woken only when a bound moves ([`Wake::Bounds`]) gives the
//! same trees as one woken on every change, with fewer calls, and agrees
//! with brute force under cross-check; so does one that narrows from the
//! sets alone and sleeps when a variable is implied; the cheaper cost
//! classes run first.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use backtracker::{
    Assignment, Checker, Conflict, CostClass, Domains, ModelBuilder, VariableOrder, Wake,
};
use proptest::prelude::*;

use crate::support::every_assignment;

/// `x0 < x1 < ... < x(n-1)`, narrowed by bounds alone: each variable's
/// values rise above the lowest value of the one before and stay below
/// the highest of the one after. Counts its calls of `narrow`.
struct Rising {
    n: usize,
    wake: Wake,
    /// What it answers to `narrows_from_sets` (true: it reads only sets).
    sets_only: bool,
    calls: Arc<AtomicUsize>,
}

impl Checker<u8> for Rising {
    fn name(&self) -> &'static str {
        "rising"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        (1..self.n).all(|i| match (a.get(i - 1), a.get(i)) {
            (Some(x), Some(y)) => x < y,
            _ => true,
        })
    }
    fn narrows(&self) -> bool {
        true
    }
    fn wakes_on(&self, _: usize) -> Wake {
        self.wake
    }
    fn narrows_from_sets(&self) -> bool {
        self.sets_only
    }
    fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let value =
            |d: &Domains<'_, u8>, var: usize, index: Option<usize>| index.map(|i| d.domain(var)[i]);
        if var + 1 < self.n
            && let Some(low) = value(d, var, d.min(var))
        {
            let domain = d.domain(var + 1).to_vec();
            d.retain(var + 1, |i| domain[i] > low)?;
        }
        if var > 0
            && let Some(high) = value(d, var, d.max(var))
        {
            let domain = d.domain(var - 1).to_vec();
            d.retain(var - 1, |i| domain[i] < high)?;
        }
        Ok(())
    }
}

/// The count, nodes, implied assignments and calls of `narrow` of a
/// rising chain over `domains` woken by `wake`, with cross-check when
/// `crossed`.
fn rising(
    domains: &[Vec<u8>],
    wake: Wake,
    order: VariableOrder,
    crossed: bool,
) -> (u128, u64, u64, usize) {
    rising_from(domains, wake, false, order, crossed)
}

/// [`rising`], narrowing from the sets alone when `sets_only`.
fn rising_from(
    domains: &[Vec<u8>],
    wake: Wake,
    sets_only: bool,
    order: VariableOrder,
    crossed: bool,
) -> (u128, u64, u64, usize) {
    let calls = Arc::new(AtomicUsize::new(0));
    let mut b = ModelBuilder::new();
    for (i, d) in domains.iter().enumerate() {
        b.variable(format!("x{i}"), d.iter().copied());
    }
    b.order(order);
    let checker = Rising {
        n: domains.len(),
        wake,
        sets_only,
        calls: Arc::clone(&calls),
    };
    let mut model = b.build((checker,)).expect("a valid model");
    let outcome = model.search().cross_check(crossed).count();
    assert_eq!(outcome.stop, backtracker::StopReason::Completed);
    (
        outcome.value,
        outcome.stats.nodes,
        outcome.stats.implied,
        calls.load(Ordering::Relaxed),
    )
}

/// Two to six variables, each with a sorted domain of 1 to 6 values from
/// 0..10 (holes allowed).
fn domains() -> impl Strategy<Value = Vec<Vec<u8>>> {
    proptest::collection::vec(
        proptest::sample::subsequence((0u8..10).collect::<Vec<_>>(), 1..=6),
        2..=6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn a_checker_woken_on_bounds_searches_the_same_tree_with_fewer_calls(d in domains()) {
        let expected = every_assignment(&d)
            .iter()
            .filter(|a| a.windows(2).all(|w| w[0] < w[1]))
            .count() as u128;
        for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
            let change = rising(&d, Wake::Change, order, false);
            let bounds = rising(&d, Wake::Bounds, order, false);
            prop_assert_eq!(change.0, expected);
            prop_assert_eq!(
                (bounds.0, bounds.1, bounds.2),
                (change.0, change.1, change.2),
                "count, nodes and implied assignments, {:?}",
                order
            );
            prop_assert!(bounds.3 <= change.3, "{} calls against {}", bounds.3, change.3);
            // Cross-check mode audits every removal and every sleeping
            // checker's answers.
            prop_assert_eq!(rising(&d, Wake::Bounds, order, true).0, expected);
        }
    }

    #[test]
    fn a_checker_that_narrows_from_the_sets_searches_the_same_tree_with_fewer_calls(
        d in domains()
    ) {
        let expected = every_assignment(&d)
            .iter()
            .filter(|a| a.windows(2).all(|w| w[0] < w[1]))
            .count() as u128;
        for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
            for wake in [Wake::Change, Wake::Bounds] {
                let again = rising_from(&d, wake, false, order, false);
                let sets = rising_from(&d, wake, true, order, false);
                prop_assert_eq!(again.0, expected);
                prop_assert_eq!(
                    (sets.0, sets.1, sets.2),
                    (again.0, again.1, again.2),
                    "count, nodes and implied assignments, {:?}, {:?}",
                    order,
                    wake
                );
                prop_assert!(sets.3 <= again.3, "{} calls against {}", sets.3, again.3);
                prop_assert_eq!(rising_from(&d, wake, true, order, true).0, expected);
            }
        }
    }
}

/// `x0 < x1 < x2` over {0, 1}, {1, 2}, {2, 3}: the step x0 = 1 leaves x1
/// only 2, then x2 only 3, both implied. A checker that reads only the
/// sets is not called again as each is assigned; one that may read more
/// is, once per implied assignment.
#[test]
fn an_implied_assignment_does_not_wake_a_checker_that_reads_only_sets() {
    let d = [vec![0, 1], vec![1, 2], vec![2, 3]];
    let again = rising_from(&d, Wake::Change, false, VariableOrder::Declared, false);
    let sets = rising_from(&d, Wake::Change, true, VariableOrder::Declared, false);
    // 0 1 2, 0 1 3, 0 2 3, 1 2 3: x0 = 1 implies the rest.
    assert_eq!(again.0, 4);
    assert_eq!((sets.0, sets.1, sets.2), (again.0, again.1, again.2));
    assert!(again.2 > 0, "some assignment is implied");
    assert!(sets.3 < again.3, "{} calls against {}", sets.3, again.3);
}

/// `x0 != 1`, narrowed at once: a removal from the middle of x0's set.
struct NotOne;

impl Checker<u8> for NotOne {
    fn name(&self) -> &'static str {
        "not one"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        a.get(0) != Some(&1)
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrow(&self, _: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
        d.remove(0, 1)?;
        Ok(())
    }
    fn scope(&self) -> Option<&[usize]> {
        Some(&[0])
    }
}

#[test]
fn a_removal_inside_the_bounds_wakes_no_bounds_checker() {
    // x0 in 0..=3 loses 1 at the root, inside its bounds: the chain woken
    // on every change runs again for it, the one woken on bounds does not.
    let run = |wake| {
        let calls = Arc::new(AtomicUsize::new(0));
        let mut b = ModelBuilder::new();
        b.variable("x0", 0..=3u8);
        b.variable("x1", 2..=5u8);
        let chain = Rising {
            n: 2,
            wake,
            sets_only: false,
            calls: Arc::clone(&calls),
        };
        let outcome = b.build((chain, NotOne)).unwrap().search().count();
        (
            outcome.value,
            outcome.stats.nodes,
            calls.load(Ordering::Relaxed),
        )
    };
    let (change, bounds) = (run(Wake::Change), run(Wake::Bounds));
    // x0 = 0: x1 in 2..=5 (4); x0 = 2: 3..=5 (3); x0 = 3: 4..=5 (2).
    assert_eq!(change.0, 9);
    assert_eq!((bounds.0, bounds.1), (change.0, change.1));
    assert!(
        bounds.2 < change.2,
        "{} calls against {}",
        bounds.2,
        change.2
    );
}

/// A narrowing checker of `x`, `y` and `z` that removes nothing and logs
/// each call of `narrow` under its name.
struct Logger {
    name: &'static str,
    class: CostClass,
    whole: bool,
    log: Arc<Mutex<Vec<&'static str>>>,
}

impl Checker<u8> for Logger {
    fn name(&self) -> &'static str {
        self.name
    }
    fn check(&self, _: &Assignment<'_, u8>) -> bool {
        true
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrows_whole_scope(&self) -> bool {
        self.whole
    }
    fn cost_class(&self) -> CostClass {
        self.class
    }
    fn narrow(&self, _: usize, _: &mut Domains<'_, u8>) -> Result<(), Conflict> {
        self.log.lock().unwrap().push(self.name);
        Ok(())
    }
    fn scope(&self) -> Option<&[usize]> {
        Some(&[0, 1, 2])
    }
}

#[test]
fn cheaper_classes_narrow_first() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let logger = |name, class, whole| Logger {
        name,
        class,
        whole,
        log: Arc::clone(&log),
    };
    let mut b = ModelBuilder::new();
    for name in ["x", "y", "z"] {
        b.variable(name, 0..2u8);
    }
    // In model order the costliest first: the classes decide, not the order.
    let mut model = b
        .build((
            logger("matching", CostClass::Expensive, true),
            logger("per variable, costly", CostClass::Expensive, false),
            logger("sum", CostClass::Linear, true),
            logger("value", CostClass::Cheap, false),
        ))
        .unwrap();
    // The root queues the three variables: the cheap checker runs at once
    // for each; then the line, by class and then scope length alike, first
    // come first: the sum, then the two costly ones in model order (the
    // per-variable one once for each variable).
    let outcome = model.search().node_limit(0).count();
    assert_eq!(outcome.stats.nodes, 0);
    let seen = log.lock().unwrap().clone();
    assert_eq!(
        seen,
        [
            "value",
            "value",
            "value",
            "sum",
            "matching",
            "per variable, costly",
            "per variable, costly",
            "per variable, costly",
        ]
    );
}
