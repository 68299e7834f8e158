//! Exact cover: random small problems against a brute-force oracle (every
//! set of options), with every way of running a search; Knuth's example;
//! the builder's errors; sets of more than one word.

use std::collections::BTreeSet;

use backtracker::exact_cover::{ExactCover, ExactCoverBuilder};
use backtracker::{ModelError, StopReason};
use proptest::prelude::*;

use crate::support::brute_force_covers;

/// A random problem: `primary` primary items `p0, p1, ...`, then
/// secondary items `s0, s1, ...`; options as lists of item numbers.
#[derive(Clone, Debug)]
struct Problem {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

impl Problem {
    fn name(&self, item: usize) -> String {
        if item < self.primary {
            format!("p{item}")
        } else {
            format!("s{}", item - self.primary)
        }
    }

    /// Built from names, as a user would (in the options' own order).
    fn build(&self) -> ExactCover {
        let mut b = ExactCoverBuilder::new();
        for item in 0..self.primary + self.secondary {
            if item < self.primary {
                b.primary(self.name(item));
            } else {
                b.secondary(self.name(item));
            }
        }
        for option in &self.options {
            b.option(option.iter().map(|&i| self.name(i)));
        }
        b.build().expect("a well-formed problem")
    }

    fn covers(&self) -> BTreeSet<Vec<usize>> {
        brute_force_covers(self.primary + self.secondary, self.primary, &self.options)
    }
}

/// Up to 5 primary and 3 secondary items, up to 10 options, each with a
/// primary item and without repeats.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=5, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = (0..primary, proptest::collection::btree_set(0..items, 0..=3)).prop_map(
            |(first, rest)| {
                let mut set = rest;
                set.insert(first);
                // Shuffled order: the builder must not care.
                let mut list: Vec<usize> = set.into_iter().collect();
                list.reverse();
                list
            },
        );
        proptest::collection::vec(option, 1..=10).prop_map(move |options| Problem {
            primary,
            secondary,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn covers_are_the_brute_force_covers(p in problem()) {
        let expected = p.covers();
        let mut cover = p.build();
        let found: Vec<Vec<usize>> = cover.covers().collect();
        let set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        prop_assert_eq!(set.len(), found.len(), "a cover found twice");
        prop_assert_eq!(&set, &expected);
        // Each solution names, for every primary item, an option of the
        // cover that holds it.
        for solution in cover.search().solutions() {
            for (var, &o) in solution.iter().enumerate() {
                prop_assert!(p.options[o].contains(&var));
            }
        }
    }

    #[test]
    fn every_way_of_counting_agrees(p in problem()) {
        let expected = p.covers().len() as u128;
        let mut cover = p.build();
        let whole = cover.search().count();
        prop_assert_eq!(whole.value, expected);
        prop_assert_eq!(cover.search().solutions().count() as u128, expected);
        let parallel = cover.search().threads(2).count();
        prop_assert_eq!(parallel.value, expected);
        for depth in 1..=2 {
            let units = cover.model_mut().split(depth, false);
            let by_units = cover.search().units(&units).count();
            // (Not the node count of the whole search: units fix the first
            // items in declaration order, the search picks the smallest.)
            prop_assert_eq!(by_units.value, expected, "split at {}", depth);
        }
    }

    #[test]
    fn cross_check_finds_no_disagreement(p in problem()) {
        let expected = p.covers().len() as u128;
        let mut cover = p.build();
        let outcome = cover.search().cross_check(true).count();
        prop_assert_eq!(&outcome.stop, &StopReason::Completed);
        prop_assert_eq!(outcome.value, expected);
        // The first solution, with cross-check too.
        let first = cover.search().cross_check(true).first();
        prop_assert_eq!(&first.stop, &if expected > 0 { StopReason::Stopped } else { StopReason::Completed });
    }
}

/// Knuth's example from TAOCP 7.2.2.1 (also in his paper "Dancing links"):
/// items a to g, options `c e`, `a d g`, `b c f`, `a d f`, `b g`, `d e g`;
/// the one cover is `a d f`, `b g`, `c e`.
pub(crate) fn knuths_example() -> ExactCover {
    let mut b = ExactCoverBuilder::new();
    b.primary_items(["a", "b", "c", "d", "e", "f", "g"]);
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
        b.option(option.split(' '));
    }
    b.build().unwrap()
}

#[test]
fn knuths_example_has_its_one_cover() {
    let mut problem = knuths_example();
    assert_eq!(problem.covers().collect::<Vec<_>>(), [[0, 3, 4]]);
    let outcome = problem.search().cross_check(true).count();
    assert_eq!((outcome.value, outcome.stop), (1, StopReason::Completed));
    // The trace names items and options, and ends with its statistics.
    let trace = problem.search().trace();
    assert!(trace.contains("solution 1"), "{trace}");
}

/// Primary items, options by name, and the error they give.
type Mistake<'a> = (&'a [&'a str], &'a [&'a [&'a str]], ModelError);

#[test]
fn the_builder_reports_the_first_mistake() {
    let cases: [Mistake<'_>; 4] = [
        (
            &["a", "a"],
            &[&["a"]],
            ModelError::DuplicateItem { name: "a".into() },
        ),
        (
            &["a", "b"],
            &[&["a"], &["b", "c"]],
            ModelError::UnknownItem {
                option: 1,
                name: "c".into(),
            },
        ),
        (
            &["a", "b"],
            &[&["a", "b", "a"]],
            ModelError::RepeatedItem {
                option: 0,
                name: "a".into(),
            },
        ),
        (&["a"], &[&[]], ModelError::NoPrimaryItem { option: 0 }),
    ];
    for (items, options, error) in cases {
        let mut b = ExactCoverBuilder::new();
        b.primary_items(items.iter().copied());
        for option in options {
            b.option(option.iter().copied());
        }
        assert_eq!(b.build().unwrap_err(), error);
    }
    let mut b = ExactCoverBuilder::new();
    b.primary("a");
    b.option_of_items([0, 7]);
    assert!(matches!(
        b.build().unwrap_err(),
        ModelError::UnknownItem { option: 0, .. }
    ));
}

#[test]
fn a_primary_item_without_options_leaves_no_cover() {
    let mut b = ExactCoverBuilder::new();
    b.primary_items(["a", "lonely"]);
    b.option(["a"]);
    let mut problem = b.build().unwrap();
    assert_eq!(problem.search().count().value, 0);
    assert_eq!(problem.search().first().value, None);
    assert_eq!(problem.search().cross_check(true).count().value, 0);
}

#[test]
fn no_primary_item_has_the_empty_cover() {
    let mut b = ExactCoverBuilder::new();
    b.secondary("s");
    let mut problem = b.build().unwrap();
    assert_eq!(problem.covers().collect::<Vec<_>>(), [Vec::<usize>::new()]);
}

/// Item `hub` is in 70 options (two words of candidates): `{hub, c_i}`
/// for each of 70 cells, and each cell also alone: a cover pairs the hub
/// with one cell, so there are 70.
#[test]
fn candidate_sets_of_several_words() {
    let cells = 70;
    let mut b = ExactCoverBuilder::new();
    b.primary("hub");
    for i in 0..cells {
        b.primary(format!("c{i}"));
    }
    for i in 0..cells {
        b.option(["hub".to_owned(), format!("c{i}")]);
        b.option([format!("c{i}")]);
    }
    let mut problem = b.build().unwrap();
    assert_eq!(problem.model().domain(0).len(), cells);
    assert_eq!(problem.search().count().value, cells as u128);
    assert_eq!(problem.search().threads(2).count().value, cells as u128);
    let checked = problem.search().cross_check(true).count();
    assert_eq!(checked.stop, StopReason::Completed);
    assert_eq!(checked.value, cells as u128);
}

/// A secondary item shared by many options: at most one of them.
#[test]
fn secondary_items_allow_at_most_one_option() {
    let n = 6;
    let mut b = ExactCoverBuilder::new();
    for i in 0..n {
        b.primary(format!("p{i}"));
    }
    b.secondary("s");
    for i in 0..n {
        b.option([format!("p{i}")]);
        b.option([format!("p{i}"), "s".to_owned()]);
    }
    let mut problem = b.build().unwrap();
    // No option with s, or one of n.
    assert_eq!(problem.search().count().value, 1 + n as u128);
    let checked = problem.search().cross_check(true).count();
    assert_eq!(
        (checked.value, checked.stop),
        (1 + n as u128, StopReason::Completed)
    );
}
