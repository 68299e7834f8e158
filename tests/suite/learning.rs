//! The settings of a search that learns (`Search::branching`,
//! `last_conflict`, `restarts`, `solution_saving`) against brute force:
//! random small models of the oracle's catalogue, with and without
//! narrowing, counted (alone, by forward checking, in cross-check mode,
//! over the units of a split, on two threads), enumerated, asked for a
//! first solution and for a minimum, each answer equal to the brute-force
//! one; and the classes of declared mirror symmetry, as the plain search
//! counts them.

use std::sync::Arc;

use backtracker::constraints::Objective;
use backtracker::{
    BranchView, Branching, Checkers, DynChecker, Event, Model, ModelError, Schedule,
    SelectVariable, StopReason, Unit, VariableOrder,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseResult;

use crate::narrowing::Derived;
use crate::oracle::{Desc, Shared, config, desc, extends, mirror_desc};

/// A strategy of the test's own: the most candidates first, the last
/// variable on ties (as unlike the built-in orders as it gets).
struct Widest;

impl SelectVariable for Widest {
    fn select(&self, view: &BranchView<'_>) -> usize {
        view.unassigned()
            .max_by_key(|&var| view.size(var))
            .expect("the search asks only while a variable is unassigned")
    }
}

/// Every branching, by name for messages.
fn branchings() -> Vec<Branching> {
    vec![
        Branching::Model,
        Branching::Declared,
        Branching::SmallestDomainFirst,
        Branching::DomWdeg,
        Branching::ConflictHistory,
        Branching::Custom(Arc::new(Widest)),
    ]
}

/// One combination of the learning settings.
#[derive(Clone, Debug)]
struct Setting {
    branching: Branching,
    last_conflict: bool,
    restarts: Option<Schedule>,
    saving: bool,
}

impl Setting {
    fn all() -> Vec<Setting> {
        let mut all = Vec::new();
        for branching in branchings() {
            for last_conflict in [false, true] {
                for restarts in [None, Some(Schedule::luby(1)), Some(Schedule::constant(2))] {
                    for saving in [false, true] {
                        all.push(Setting {
                            branching: branching.clone(),
                            last_conflict,
                            restarts,
                            saving,
                        });
                    }
                }
            }
        }
        all
    }

    fn apply<'m, C: Checkers<i32>>(
        &self,
        model: &'m mut Model<i32, C>,
    ) -> backtracker::Search<'m, i32, C> {
        let mut search = model
            .search()
            .branching(self.branching.clone())
            .last_conflict(self.last_conflict)
            .solution_saving(self.saving);
        if let Some(schedule) = self.restarts {
            search = search.restarts(schedule);
        }
        search
    }
}

/// The model of `desc` as a tuple of shareable checkers (narrowing ones
/// when asked), every question asked of it.
fn with_model(desc: &Desc, narrowing: bool) -> TestCaseResult {
    let b = desc.builder(VariableOrder::Declared);
    let checkers: Vec<Shared> = desc
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
    match desc.n_checkers() {
        0 => every(desc, b.build(())),
        1 => every(desc, b.build((next(),))),
        2 => every(desc, b.build((next(), next()))),
        3 => every(desc, b.build((next(), next(), next()))),
        4 => every(desc, b.build((next(), next(), next(), next()))),
        5 => every(desc, b.build((next(), next(), next(), next(), next()))),
        k => Err(TestCaseError::fail(format!("{k} checkers"))),
    }
}

/// Every question under every setting, against brute force.
fn every<C: Checkers<i32> + Clone + Send + Sync>(
    desc: &Desc,
    model: Result<Model<i32, C>, ModelError>,
) -> TestCaseResult {
    let mut model = model.map_err(|err| TestCaseError::fail(err.to_string()))?;
    let indices = desc.oracle();
    let total = indices.len() as u128;
    let mut sorted: Vec<Vec<i32>> = indices.iter().map(|ix| desc.values(ix)).collect();
    sorted.sort();
    for s in Setting::all() {
        let count = s.apply(&mut model).count();
        prop_assert_eq!(
            (count.value, &count.stop),
            (total, &StopReason::Completed),
            "count {:?}",
            s
        );
        let fc = s.apply(&mut model).forward_checking().count();
        prop_assert_eq!(fc.value, total, "forward checking {:?}", s);
        let crossed = s.apply(&mut model).cross_check(true).count();
        prop_assert_eq!(
            (crossed.value, &crossed.stop),
            (total, &StopReason::Completed),
            "cross-check {:?}",
            s
        );
        let mut found: Vec<Vec<i32>> = s.apply(&mut model).solutions().collect();
        found.sort();
        prop_assert_eq!(&found, &sorted, "solutions {:?}", s);
        for look in [0, 2] {
            let first = s.apply(&mut model).lookahead(look).first();
            if let Some(solution) = &first.value {
                prop_assert!(sorted.contains(solution), "first {:?}", s);
                prop_assert_eq!(&first.stop, &StopReason::Stopped);
            } else {
                prop_assert_eq!(total, 0, "first found none {:?}", s);
                prop_assert_eq!(&first.stop, &StopReason::Completed);
            }
        }
        let crossed_first = s.apply(&mut model).cross_check(true).first();
        prop_assert_eq!(
            crossed_first.value.is_some(),
            total > 0,
            "cross-checked first {:?}",
            s
        );
        let units: Vec<Unit> = model.split(desc.n().min(2), false);
        for unit in &units {
            let counted = s
                .apply(&mut model)
                .units(std::slice::from_ref(unit))
                .count();
            let below = indices.iter().filter(|ix| extends(ix, unit)).count() as u128;
            prop_assert_eq!(counted.value, below, "unit {:?} {:?}", unit, s);
        }
        let threads = s.apply(&mut model).threads(2).count();
        prop_assert_eq!(threads.value, total, "threads {:?}", s);
        let by_units = s.apply(&mut model).units(&units).threads(2).count();
        prop_assert_eq!(by_units.value, total, "units on threads {:?}", s);
    }
    // Searched that often, the model is still as new.
    prop_assert_eq!(model.search().count().value, total);
    Ok(())
}

/// The least sum of the values of a solution, by brute force.
fn least_sum(desc: &Desc) -> Option<i64> {
    desc.oracle()
        .iter()
        .map(|ix| desc.values(ix).iter().map(|&v| i64::from(v)).sum())
        .min()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_learning_setting_counts_and_finds_as_brute_force(desc in desc(), narrowing in any::<bool>()) {
        with_model(&desc, narrowing)?;
    }

    #[test]
    fn every_learning_setting_minimises_as_brute_force(desc in desc(), narrowing in any::<bool>()) {
        let expected = least_sum(&desc);
        for s in Setting::all() {
            let mut checkers: Vec<DynChecker<i32>> = if narrowing {
                desc.checkers()
                    .into_iter()
                    .map(|inner| Box::new(Derived { inner, unsound: false, whole: true }) as DynChecker<i32>)
                    .collect()
            } else {
                desc.checkers()
            };
            let objective = Objective::new("sum", (0..desc.n()).map(|var| (1, var)));
            let goal = objective.goal();
            checkers.push(Box::new(objective));
            let mut model = desc.builder(VariableOrder::Declared).build(checkers).unwrap();
            let best = s.apply(&mut model).minimize(&goal);
            prop_assert!(best.value.proven, "not proven {:?}", s);
            prop_assert_eq!(best.value.best.as_ref().map(|b| b.cost), expected, "{:?}", s);
            if let Some(b) = &best.value.best {
                let sum: i64 = b.values.iter().map(|&v| i64::from(v)).sum();
                prop_assert_eq!(sum, b.cost);
            }
            let crossed = s.apply(&mut model).cross_check(true).minimize(&goal);
            prop_assert_eq!(&crossed.stop, &StopReason::Completed, "{:?}", s);
            prop_assert_eq!(crossed.value.best.map(|b| b.cost), expected, "cross-check {:?}", s);
        }
    }

    #[test]
    fn every_learning_setting_counts_the_classes_of_the_plain_search(desc in mirror_desc()) {
        let mut model = desc.builder_mirrored().build(desc.checkers()).unwrap();
        let plain = model.search().count_classes();
        prop_assert_eq!(plain.value.solutions, desc.oracle().len() as u128);
        for s in Setting::all() {
            let classes = s.apply(&mut model).count_classes();
            prop_assert_eq!(&classes.value, &plain.value, "{:?}", s);
            let count = s.apply(&mut model).count();
            prop_assert_eq!(count.value, plain.value.solutions, "mirror {:?}", s);
        }
    }
}

/// Placements of `n` queens, one per row, whose first rows are `prefix`,
/// by brute force over the permutations of the columns.
fn queens_below(n: usize, prefix: &[usize]) -> usize {
    use itertools::Itertools;
    (0..n)
        .permutations(n)
        .filter(|cols| cols.starts_with(prefix) && crate::support::queens_ok(cols))
        .count()
}

/// A first solution with restarts after every failure: the search must
/// still prove there is none when the pins leave none (8 queens with rows
/// 0 to 2 in columns 0, 2 and 4: none by brute force), and find one when
/// they leave some (columns 0 and 4: some by brute force), each restart
/// reported with its nogoods.
#[test]
fn restarts_keep_the_search_complete() {
    let n = 8;
    for prefix in [&[0usize, 2, 4][..], &[0, 4][..]] {
        let mut b = crate::support::queens_variables(n);
        for (row, col) in prefix.iter().enumerate() {
            b.pin(row, col);
        }
        let mut model = b.build(crate::support::queens_lines(n)).unwrap();
        let expected = queens_below(n, prefix);
        let mut restarts = 0;
        let mut nogoods = 0;
        let observer = backtracker::observe::from_fn(|e: &Event<'_, usize>| {
            if let Event::Restart { total_nogoods, .. } = e {
                restarts += 1;
                nogoods = *total_nogoods;
            }
            backtracker::Control::Continue
        });
        let found = model
            .search()
            .branching(Branching::DomWdeg)
            .last_conflict(true)
            .restarts(Schedule::constant(1))
            .observer(observer)
            .first();
        assert_eq!(found.value.is_some(), expected > 0, "{prefix:?}");
        if let Some(cols) = &found.value {
            assert!(cols.starts_with(prefix) && crate::support::queens_ok(cols));
        }
        assert!(restarts > 0, "the search never restarted");
        assert!(
            nogoods >= restarts,
            "{nogoods} nogoods in {restarts} restarts"
        );
    }
}
