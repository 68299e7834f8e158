//! `NoOverlap` and `Cumulative` against brute force: random tasks (durations 0 to 3, start
//! domains with holes, satisfiable or not) counted and enumerated in every
//! variable order, with and without forward checking, in cross-check mode;
//! a permutation count of tasks that fill a window exactly; the models it
//! refuses.

use backtracker::constraints::{Cumulative, NoOverlap};
use backtracker::{DynChecker, ModelBuilder, ModelError, VariableOrder};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// Random tasks on one machine: per task, its start domain and duration;
/// the tasks of `second` (if any) on another machine sharing the starts.
#[derive(Clone, Debug)]
struct RandomMachine {
    domains: Vec<Vec<i32>>,
    durations: Vec<i64>,
    second: Vec<usize>,
}

impl RandomMachine {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let tasks = self.durations.iter().copied().enumerate();
        let mut checkers: Vec<DynChecker<i32>> = vec![Box::new(NoOverlap::new("machine", tasks))];
        if !self.second.is_empty() {
            let tasks = self.second.iter().map(|&t| (t, self.durations[t] + 1));
            checkers.push(Box::new(NoOverlap::new("second", tasks)));
        }
        b.build(checkers).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<i32>> {
        let apart = |tasks: &[(usize, i64)], s: &[i32]| {
            tasks.iter().enumerate().all(|(k, &(i, di))| {
                tasks[k + 1..].iter().all(|&(j, dj)| {
                    let (a, b) = (i64::from(s[i]), i64::from(s[j]));
                    di == 0 || dj == 0 || a + di <= b || b + dj <= a
                })
            })
        };
        let first: Vec<(usize, i64)> = self.durations.iter().copied().enumerate().collect();
        let second: Vec<(usize, i64)> = self
            .second
            .iter()
            .map(|&t| (t, self.durations[t] + 1))
            .collect();
        every_assignment(&self.domains)
            .into_iter()
            .filter(|s| apart(&first, s) && apart(&second, s))
            .collect()
    }
}

/// One to five tasks, durations 0 to 3, start domains of 1 to 5 values
/// from -1..8 in a shuffled order; sometimes a second machine over some of
/// them with each duration one longer.
fn random_machine() -> impl Strategy<Value = RandomMachine> {
    (1usize..=5).prop_flat_map(|n| {
        let domain =
            proptest::sample::subsequence((-1i32..8).collect::<Vec<_>>(), 1..=5).prop_shuffle();
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(0i64..=3, n),
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 0..=n),
        )
            .prop_map(|(domains, durations, second)| RandomMachine {
                domains,
                durations,
                second,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_overlap_agrees_with_brute_force(m in random_machine()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn no_overlap_random_models_are_both_satisfiable_and_not() {
    // The strategy above must produce both kinds, or it tests half of the
    // checker: count them over a fixed sample.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..200 {
        let m = random_machine().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}

#[test]
fn tasks_that_fill_a_window_come_in_every_order() {
    // Five tasks of durations 1..=5 filling 0..15 exactly: 5! orders.
    let mut b = ModelBuilder::new();
    let tasks: Vec<(usize, i64)> = (1..=5)
        .map(|d| (b.variable(format!("t{d}"), 0..=(15 - d)), d))
        .collect();
    let mut model = b.build((NoOverlap::new("machine", tasks),)).unwrap();
    let outcome = model.search().cross_check(true).count();
    assert_eq!(outcome.value, 120);
    // With one unit less room, nothing fits, and the overload check sees
    // it before the first step.
    let mut b = ModelBuilder::new();
    let tasks: Vec<(usize, i64)> = (1..=5)
        .map(|d| (b.variable(format!("t{d}"), 0..=(14 - d)), d))
        .collect();
    let mut model = b.build((NoOverlap::new("machine", tasks),)).unwrap();
    let outcome = model.search().count();
    assert_eq!((outcome.value, outcome.stats.nodes), (0, 0));
}

#[test]
fn no_overlap_refuses_a_negative_duration_and_a_repeated_start() {
    let builder = || {
        let mut b = ModelBuilder::new();
        let x = b.variable("x", 0..3);
        let y = b.variable("y", 0..3);
        (b, x, y)
    };
    let (b, x, y) = builder();
    let err = b
        .build((NoOverlap::new("machine", [(x, 1), (y, -1)]),))
        .err()
        .unwrap();
    assert!(matches!(err, ModelError::InvalidChecker { .. }), "{err}");
    let (b, x, _) = builder();
    let err = b
        .build((NoOverlap::new("machine", [(x, 1), (x, 2)]),))
        .err()
        .unwrap();
    assert!(err.to_string().contains("twice"), "{err}");
}

/// Random tasks on a cumulative resource: per task its start domain,
/// duration and demand, and the capacity.
#[derive(Clone, Debug)]
struct RandomResource {
    domains: Vec<Vec<i32>>,
    tasks: Vec<(i64, i64)>,
    capacity: i64,
}

impl RandomResource {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let tasks = self.tasks.iter().enumerate().map(|(i, &(d, c))| (i, d, c));
        let resource: DynChecker<i32> = Box::new(Cumulative::new("crew", tasks, self.capacity));
        b.build(vec![resource]).expect("a valid model")
    }

    /// The assignments whose use, instant by instant, fits the capacity.
    fn brute_force(&self) -> Vec<Vec<i32>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|s| {
                (-2i64..12).all(|t| {
                    let used: i64 = self
                        .tasks
                        .iter()
                        .zip(s)
                        .filter(|&(&(d, _), &start)| {
                            (i64::from(start)..i64::from(start) + d).contains(&t)
                        })
                        .map(|(&(_, c), _)| c)
                        .sum();
                    used <= self.capacity
                })
            })
            .collect()
    }
}

/// One to five tasks, durations 0 to 3, demands 0 to 3, capacity 0 to 4,
/// start domains of 1 to 4 values from -1..6.
fn random_resource() -> impl Strategy<Value = RandomResource> {
    (1usize..=5).prop_flat_map(|n| {
        let domain =
            proptest::sample::subsequence((-1i32..6).collect::<Vec<_>>(), 1..=4).prop_shuffle();
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec((0i64..=3, 0i64..=3), n),
            0i64..=4,
        )
            .prop_map(|(domains, tasks, capacity)| RandomResource {
                domains,
                tasks,
                capacity,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cumulative_agrees_with_brute_force(m in random_resource()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn cumulative_random_models_are_both_satisfiable_and_not() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..200 {
        let m = random_resource().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}

#[test]
fn cumulative_of_capacity_one_is_no_overlap() {
    // The five tasks filling 0..15 above, as a resource of capacity 1.
    let mut b = ModelBuilder::new();
    let tasks: Vec<(usize, i64, i64)> = (1..=5)
        .map(|d| (b.variable(format!("t{d}"), 0..=(15 - d)), d, 1))
        .collect();
    let mut model = b.build((Cumulative::new("machine", tasks, 1),)).unwrap();
    assert_eq!(model.search().cross_check(true).count().value, 120);
}
