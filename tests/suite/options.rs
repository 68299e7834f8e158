//! Every combination of options against brute force: random small models
//! of the oracle's catalogue with random pins and restrictions, and
//! declared mirror symmetry (on models whose checkers are invariant), built
//! with each variable order, value order and with or without narrowing, and
//! searched with symmetry on and off, each look-ahead, cross-check on and
//! off, with and without a node limit, by every way of running a search:
//! `count`, `first`, `solutions`, `for_each`, units one by one, in turn and
//! on one or two threads, and a count on threads. Each answer equals the
//! brute-force answer, or the combination is refused with an error (a
//! declared symmetry the candidates do not have), or the run says it
//! stopped at its node limit and reports no more than the truth.
//!
//! `BACKTRACKER_OPTION_CASES` sets the number of random models (default
//! 32); each is built in 12 ways (variable order, value order, narrowing)
//! and searched with 32 sets of options, each run 10 ways.

use std::cmp::Reverse;
use std::ops::ControlFlow;

use backtracker::{
    Checkers, Model, ModelBuilder, ModelError, Search, StopReason, Unit, VariableOrder,
};
use itertools::Itertools;
use proptest::prelude::*;
use proptest::test_runner::TestCaseResult;

use crate::narrowing::Derived;
use crate::oracle::{Desc, Shared, desc, extends, mirror_desc};

/// How the model orders each variable's values.
#[derive(Clone, Copy, Debug)]
enum Values {
    /// Domain order (no hook).
    Domain,
    /// Largest index first.
    Reversed,
    /// By a rank that depends on the variable, the index and the sum of
    /// the values of the variables before it (a different order at every
    /// node).
    Ranked(i32),
}

impl Values {
    /// The sort key of domain index `index` of `var` when the values
    /// assigned so far sum to `sum`.
    fn rank(self, var: usize, index: usize, sum: i32) -> (i32, Reverse<usize>, usize) {
        match self {
            Values::Domain => (0, Reverse(0), index),
            Values::Reversed => (0, Reverse(index), 0),
            Values::Ranked(seed) => {
                let var = i32::try_from(var).unwrap();
                let i = i32::try_from(index).unwrap();
                (
                    (var * 7 + i * 13 + sum * 5 + seed).rem_euclid(11),
                    Reverse(0),
                    index,
                )
            }
        }
    }
}

/// A random model with its pins and restrictions, and the options that
/// are drawn per case.
#[derive(Clone, Debug)]
struct Case {
    desc: Desc,
    /// Per variable, the domain index it is pinned to.
    pins: Vec<Option<usize>>,
    /// Per variable, a restriction by domain index.
    masks: Vec<Option<Vec<bool>>>,
    /// Whether the model declares mirror symmetry.
    mirror: bool,
    /// The node limit of the limited runs.
    limit: u64,
    /// The depth of the split into units.
    depth: usize,
    /// The seed of the ranked value order.
    seed: i32,
}

impl Case {
    /// Whether domain index `i` of `var` is a candidate after the
    /// catalogue's own restriction, the pins and the restrictions.
    fn candidate(&self, var: usize, i: usize) -> bool {
        self.desc.keep[var][i]
            && self.pins[var].is_none_or(|p| p == i)
            && self.masks[var].as_ref().is_none_or(|m| m[i])
    }

    /// Whether every variable's candidates are their own mirror image.
    fn symmetric(&self) -> bool {
        self.desc.domains.iter().enumerate().all(|(var, domain)| {
            let d = domain.len();
            (0..d).all(|i| self.candidate(var, i) == self.candidate(var, d - 1 - i))
        })
    }

    /// The solutions by brute force, as domain indices, in lexicographic order.
    fn oracle(&self) -> Vec<Vec<usize>> {
        self.desc
            .oracle()
            .into_iter()
            .filter(|s| s.iter().enumerate().all(|(var, &i)| self.candidate(var, i)))
            .collect()
    }

    /// The builder of the model with these pins and restrictions.
    fn builder(&self, order: VariableOrder, values: Values) -> ModelBuilder<i32> {
        let mut b = self.desc.builder(order);
        for (var, pin) in self.pins.iter().enumerate() {
            if let Some(p) = *pin {
                b.pin(var, &self.desc.domains[var][p]);
            }
        }
        for (var, mask) in self.masks.iter().enumerate() {
            if let Some(mask) = mask.clone() {
                let domain = self.desc.domains[var].clone();
                b.restrict(var, move |v| {
                    mask[domain.iter().position(|x| x == v).unwrap()]
                });
            }
        }
        if !matches!(values, Values::Domain) {
            b.value_order(move |a, var, candidates| {
                // The variables before `var`: in declared order those are
                // the ones the plain search has assigned, while narrowing
                // may have implied later ones already.
                let sum: i32 = a.iter().filter(|&(v, _)| v < var).map(|(_, v)| *v).sum();
                candidates.sort_by_key(|&i| values.rank(var, i, sum));
            });
        }
        if self.mirror {
            b.mirror_symmetry();
        }
        b
    }
}

/// Something to do with a model of any (clonable, shareable) checker type.
trait Runner {
    fn run<C: Checkers<i32> + Clone + Send + Sync>(
        self,
        model: Result<Model<i32, C>, ModelError>,
    ) -> Result<(), TestCaseError>;
}

/// Builds the case's model as a tuple of its checkers (narrowing ones when
/// asked) and hands it, or the builder's error, to `runner`.
fn with_model(
    case: &Case,
    order: VariableOrder,
    values: Values,
    narrowing: bool,
    runner: impl Runner,
) -> Result<(), TestCaseError> {
    let b = case.builder(order, values);
    let checkers: Vec<Shared> = case
        .desc
        .shared_checkers()
        .into_iter()
        .map(|inner| {
            if narrowing {
                Box::new(Derived {
                    inner,
                    unsound: false,
                    whole: true,
                }) as Shared
            } else {
                inner
            }
        })
        .collect();
    let mut c = checkers.into_iter();
    let mut next = || c.next().unwrap();
    match case.desc.n_checkers() {
        0 => runner.run(b.build(())),
        1 => runner.run(b.build((next(),))),
        2 => runner.run(b.build((next(), next()))),
        3 => runner.run(b.build((next(), next(), next()))),
        4 => runner.run(b.build((next(), next(), next(), next()))),
        5 => runner.run(b.build((next(), next(), next(), next(), next()))),
        k => Err(TestCaseError::fail(format!("{k} checkers"))),
    }
}

/// The options of one search.
#[derive(Clone, Copy, Debug)]
struct Options {
    symmetry: bool,
    /// Look-ahead depth; `usize::MAX` is forward checking.
    lookahead: usize,
    cross_check: bool,
    limit: Option<u64>,
}

impl Options {
    fn all(limit: u64) -> impl Iterator<Item = Options> {
        itertools::iproduct!(
            [false, true],
            [0, 1, 2, usize::MAX],
            [false, true],
            [None, Some(limit)]
        )
        .map(|(symmetry, lookahead, cross_check, limit)| Options {
            symmetry,
            lookahead,
            cross_check,
            limit,
        })
    }

    fn apply<C: Checkers<i32>>(self, model: &mut Model<i32, C>) -> Search<'_, i32, C> {
        let mut search = model
            .search()
            .symmetry(self.symmetry)
            .cross_check(self.cross_check);
        search = if self.lookahead == usize::MAX {
            search.forward_checking()
        } else {
            search.lookahead(self.lookahead)
        };
        if let Some(limit) = self.limit {
            search = search.node_limit(limit);
        }
        search
    }
}

/// What every run is compared with.
struct Expected<'a> {
    case: &'a Case,
    /// The solutions as domain indices, lexicographic.
    indices: Vec<Vec<usize>>,
    /// The solutions' values in search order when it is known (declared
    /// variable order), else sorted.
    values: Vec<Vec<i32>>,
    /// Whether `values` is in search order.
    in_order: bool,
}

impl Expected<'_> {
    fn total(&self) -> u128 {
        self.indices.len() as u128
    }

    /// Checks a count: exact when completed, else stopped by the node
    /// limit (only when there is one) and no more than the truth.
    fn count(&self, what: &str, o: &Options, value: u128, stop: &StopReason) -> TestCaseResult {
        if stop.is_complete() {
            prop_assert_eq!(value, self.total(), "{} {:?}", what, o);
        } else {
            prop_assert!(o.limit.is_some(), "{} {:?} stopped: {}", what, o, stop);
            prop_assert_eq!(stop, &StopReason::NodeLimit, "{} {:?}", what, o);
            prop_assert!(value <= self.total(), "{} {:?}: {}", what, o, value);
        }
        Ok(())
    }

    /// Checks solutions enumerated: all of them in order when completed,
    /// else (node limit) a beginning of them, or any distinct ones when the
    /// order is not known.
    fn listed(
        &self,
        what: &str,
        o: &Options,
        found: &[Vec<i32>],
        stop: &StopReason,
    ) -> TestCaseResult {
        let mut sorted = found.to_vec();
        if !self.in_order {
            sorted.sort();
        }
        if stop.is_complete() {
            prop_assert_eq!(&sorted, &self.values, "{} {:?}", what, o);
            return Ok(());
        }
        prop_assert!(o.limit.is_some(), "{} {:?} stopped: {}", what, o, stop);
        prop_assert_eq!(stop, &StopReason::NodeLimit, "{} {:?}", what, o);
        if self.in_order {
            prop_assert_eq!(found, &self.values[..found.len()], "{} {:?}", what, o);
        } else {
            prop_assert!(found.iter().all_unique(), "{} {:?}", what, o);
            prop_assert!(
                found.iter().all(|s| self.values.contains(s)),
                "{} {:?}",
                what,
                o
            );
        }
        Ok(())
    }
}

/// Runs every search of every option combination on a built model.
struct Every<'a> {
    expected: &'a Expected<'a>,
}

impl Runner for Every<'_> {
    fn run<C: Checkers<i32> + Clone + Send + Sync>(
        self,
        model: Result<Model<i32, C>, ModelError>,
    ) -> TestCaseResult {
        let e = self.expected;
        let case = e.case;
        if case.mirror && !case.symmetric() {
            let refused = matches!(model, Err(ModelError::NotSymmetric { .. }));
            prop_assert!(refused, "an asymmetric declaration was accepted");
            return Ok(());
        }
        let mut model = model.map_err(|err| TestCaseError::fail(err.to_string()))?;
        for o in Options::all(case.limit) {
            let count = o.apply(&mut model).count();
            e.count("count", &o, count.value, &count.stop)?;

            let first = o.apply(&mut model).first();
            match (&first.value, &first.stop) {
                (Some(s), StopReason::Stopped) => {
                    if e.in_order {
                        prop_assert_eq!(Some(s), e.values.first(), "first {:?}", o);
                    } else {
                        prop_assert!(e.values.contains(s), "first {:?}", o);
                    }
                }
                (None, StopReason::Completed) => prop_assert_eq!(e.total(), 0, "first {:?}", o),
                (None, StopReason::NodeLimit) => prop_assert!(o.limit.is_some()),
                (value, stop) => {
                    prop_assert!(false, "first {:?}: {:?}, {}", o, value, stop);
                }
            }

            let mut iter = o.apply(&mut model).solutions();
            let found: Vec<Vec<i32>> = iter.by_ref().collect();
            let stop = iter.stop_reason().cloned();
            drop(iter);
            let stop = stop.ok_or_else(|| TestCaseError::fail("no stop reason"))?;
            e.listed("solutions", &o, &found, &stop)?;

            let mut each = Vec::new();
            let done = o.apply(&mut model).for_each(|a| {
                each.push(a.values().unwrap());
                ControlFlow::Continue(())
            });
            e.listed("for_each", &o, &each, &done.stop)?;

            self.units(&mut model, &o)?;
        }
        // Searched that often, the model is still as new.
        prop_assert_eq!(model.search().count().value, e.total());
        Ok(())
    }
}

impl Every<'_> {
    /// Units of a split counted one by one, in turn, on one and two
    /// threads, and the parallel count.
    fn units<C: Checkers<i32> + Clone + Send + Sync>(
        &self,
        model: &mut Model<i32, C>,
        o: &Options,
    ) -> TestCaseResult {
        let e = self.expected;
        let units: Vec<Unit> = model.split(e.case.depth, o.symmetry);
        let mut total = 0;
        let mut complete = true;
        for unit in &units {
            let counted = o.apply(model).units(std::slice::from_ref(unit)).count();
            if counted.stop.is_complete() {
                // A unit of weight 2 stands for its solutions and their mirror images.
                let below = e.indices.iter().filter(|s| extends(s, unit)).count() as u128;
                prop_assert_eq!(
                    counted.value,
                    below * u128::from(unit.weight),
                    "{:?} {:?}",
                    unit,
                    o
                );
            } else {
                complete = false;
                prop_assert!(o.limit.is_some(), "{:?} {:?}: {}", unit, o, counted.stop);
                prop_assert_eq!(&counted.stop, &StopReason::NodeLimit);
            }
            total += counted.value;
        }
        let stop = if complete {
            StopReason::Completed
        } else {
            StopReason::NodeLimit
        };
        e.count("each unit alone", o, total, &stop)?;
        let in_turn = o.apply(model).units(&units).count();
        e.count("units in turn", o, in_turn.value, &in_turn.stop)?;
        for threads in [1, 2] {
            let by_units = o.apply(model).units(&units).threads(threads).count();
            e.count("units on threads", o, by_units.value, &by_units.stop)?;
            let parallel = o.apply(model).threads(threads).count();
            e.count("a count on threads", o, parallel.value, &parallel.stop)?;
        }
        Ok(())
    }
}

/// Runs every combination of options on `case`.
fn every_combination(case: &Case) -> TestCaseResult {
    let indices = case.oracle();
    for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
        for values in [Values::Domain, Values::Reversed, Values::Ranked(case.seed)] {
            let in_order = order == VariableOrder::Declared;
            let mut solutions = indices.clone();
            if in_order {
                // Depth first, each variable's values by their rank.
                solutions.sort_by_cached_key(|s| {
                    let mut sum = 0;
                    s.iter()
                        .enumerate()
                        .map(|(var, &i)| {
                            let rank = values.rank(var, i, sum);
                            sum += case.desc.domains[var][i];
                            rank
                        })
                        .collect::<Vec<_>>()
                });
            }
            let mut listed: Vec<Vec<i32>> = solutions.iter().map(|s| case.desc.values(s)).collect();
            if !in_order {
                listed.sort();
            }
            let expected = Expected {
                case,
                indices: indices.clone(),
                values: listed,
                in_order,
            };
            for narrowing in [false, true] {
                let every = Every {
                    expected: &expected,
                };
                with_model(case, order, values, narrowing, every)?;
            }
        }
    }
    Ok(())
}

/// A case: a model of the catalogue (with invariant checkers or not), pins
/// and restrictions (kept symmetric in most cases with invariant checkers,
/// so that a declared symmetry usually holds), the declaration, a node
/// limit, a split depth and a seed.
fn case() -> impl Strategy<Value = Case> {
    prop_oneof![
        desc().prop_map(|d| (d, false)),
        mirror_desc().prop_map(|d| (d, true)),
    ]
    .prop_flat_map(|(desc, invariant)| {
        let sizes: Vec<usize> = desc.domains.iter().map(Vec::len).collect();
        let n = sizes.len();
        let pins: Vec<_> = sizes
            .iter()
            .map(|&d| proptest::option::weighted(0.2, 0..d))
            .collect();
        let masks: Vec<_> = sizes
            .iter()
            .map(|&d| {
                proptest::option::weighted(
                    0.25,
                    proptest::collection::vec(proptest::bool::weighted(0.7), d),
                )
            })
            .collect();
        (
            Just(desc),
            Just(invariant),
            pins,
            masks,
            proptest::bool::weighted(if invariant { 0.7 } else { 0.0 }),
            proptest::bool::weighted(0.7),
            0u64..40,
            0..=n + 1,
            0i32..1000,
        )
    })
    .prop_map(
        |(desc, invariant, mut pins, mut masks, symmetric, mirror, limit, depth, seed)| {
            if invariant && symmetric {
                // Pins only to middle values, restrictions mirrored.
                for (var, pin) in pins.iter_mut().enumerate() {
                    let d = desc.domains[var].len();
                    *pin = pin.filter(|_| d % 2 == 1).map(|_| d / 2);
                }
                for mask in masks.iter_mut().flatten() {
                    let d = mask.len();
                    *mask = (0..d).map(|i| mask[i] && mask[d - 1 - i]).collect();
                }
            }
            Case {
                desc,
                pins,
                masks,
                mirror: invariant && mirror,
                limit,
                depth,
                seed,
            }
        },
    )
}

/// The number of cases: `BACKTRACKER_OPTION_CASES`, or 32.
fn cases() -> u32 {
    std::env::var("BACKTRACKER_OPTION_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    #[ignore = "extended run: `cargo test --tests -- --ignored`"]
    fn every_option_combination_is_exact_or_refused(case in case()) {
        every_combination(&case)?;
    }
}

/// A declared mirror symmetry that the checkers do not have: `x0 < x1` on
/// `0..2` has the one solution (0, 1), whose mirror image (1, 0) is not a
/// solution. Counting with symmetry visits the lower half, finds (0, 1) and
/// would count it twice. The builder cannot see this (the candidates are
/// symmetric); cross-check mode verifies the declaration on the solutions it
/// finds and refuses the count, naming the checker that rejects the image.
#[test]
fn cross_check_refuses_a_false_mirror_symmetry() {
    let mut b = ModelBuilder::new();
    b.variable("x0", 0..2);
    b.variable("x1", 0..2);
    b.mirror_symmetry();
    let less = backtracker::constraints::Predicate::new("less", [0, 1], |v| v[0] < v[1]);
    let mut model = b.build((less,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    let StopReason::Disagreement(d) = &outcome.stop else {
        panic!("counted {} with stop {}", outcome.value, outcome.stop);
    };
    assert!(d.mirror, "{d}");
    assert_eq!(d.checker, "less");
    assert_eq!(d.candidate, "x0 = 1, x1 = 0");
    assert!(
        d.to_string().contains("mirror symmetry does not hold"),
        "{d}"
    );
    // The same with one variable: the prefix of a unit completes the
    // assignment, so the solution is found without a step to filter.
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    b.mirror_symmetry();
    let zero = backtracker::constraints::Predicate::new("zero", [0], |v| v[0] == 0);
    let mut model = b.build((zero,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    assert!(
        matches!(&outcome.stop, StopReason::Disagreement(d) if d.mirror),
        "counted {} with stop {}",
        outcome.value,
        outcome.stop
    );
    // A true symmetry passes: x0 != x1 counts 2, completed.
    let mut b = ModelBuilder::new();
    b.variable("x0", 0..2);
    b.variable("x1", 0..2);
    b.mirror_symmetry();
    let differ = backtracker::constraints::Predicate::new("differ", [0, 1], |v| v[0] != v[1]);
    let outcome = b
        .build((differ,))
        .unwrap()
        .search()
        .cross_check(true)
        .count();
    assert_eq!((outcome.value, &outcome.stop), (2, &StopReason::Completed));
}
