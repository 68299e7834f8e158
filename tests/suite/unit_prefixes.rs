//! Units whose prefixes are not part of the tree: longer than the model,
//! naming an index outside a domain, or a value a checker refuses. Every
//! entry point that takes units counts them as a search over that one unit does, 0, and
//! the counts of well-formed units come from a brute-force walk of the
//! N-Queens tree, not from the engine.

use std::sync::Mutex;

use proptest::prelude::*;

use crate::support::{known, queens_ok, queens_walk_below};
use backtracker::units::{Unit, UnitLine};
use backtracker::{Interval, Progress, StopReason};
use backtracker_puzzles::nqueens;

/// The weighted count of N-Queens solutions extending `unit`, by brute
/// force: 0 when its prefix is not a consistent placement of at most `n`
/// queens on an `n` x `n` board.
fn brute_force(n: usize, unit: &Unit) -> u128 {
    let prefix: Vec<usize> = unit.prefix.iter().map(|&i| i as usize).collect();
    if prefix.len() > n || prefix.iter().any(|&c| c >= n) || !queens_ok(&prefix) {
        return 0;
    }
    queens_walk_below(n, &prefix).solutions.len() as u128 * u128::from(unit.weight)
}

/// The nodes below `unit` in the N-Queens tree, by brute force; `None`
/// when the prefix is not part of the tree.
fn nodes_below(n: usize, unit: &Unit) -> Option<u64> {
    let prefix: Vec<usize> = unit.prefix.iter().map(|&i| i as usize).collect();
    if prefix.len() > n || prefix.iter().any(|&c| c >= n) || !queens_ok(&prefix) {
        return None;
    }
    Some(queens_walk_below(n, &prefix).nodes)
}

/// Each unit entry point's count of `unit` alone, and of `unit` between
/// two copies of a split of the whole tree (whose count is known).
fn check_every_entry_point(n: usize, unit: &Unit) -> Result<(), TestCaseError> {
    let mut model = nqueens(n).unwrap();
    let expected = brute_force(n, unit);
    let alone = std::slice::from_ref(unit);

    let one = model.search().units(std::slice::from_ref(unit)).count();
    prop_assert_eq!((one.value, one.stop), (expected, StopReason::Completed));

    let in_turn = model.search().units(alone).count();
    prop_assert_eq!(
        (in_turn.value, in_turn.stop),
        (expected, StopReason::Completed)
    );
    for threads in [1, 2] {
        let parallel = model.search().units(alone).threads(threads).count();
        prop_assert_eq!(
            (parallel.value, parallel.stop),
            (expected, StopReason::Completed)
        );
    }

    // Between real units, in turn and in parallel, each unit reported with
    // its own count.
    let split = model.split(1, false);
    let mut mixed = split.clone();
    mixed.push(unit.clone());
    mixed.extend(split.iter().cloned());
    let at = split.len();
    let whole = 2 * known(n) + expected;
    let reported = Mutex::new(None);
    let report = |p: Progress<'_, usize>| {
        if let Progress::Part { index, outcome, .. } = p
            && index == at
        {
            *reported.lock().unwrap() = Some(outcome.value);
        }
    };
    let in_turn = model.search().on_progress(report).units(&mixed).count();
    prop_assert_eq!(
        (in_turn.value, in_turn.stop),
        (whole, StopReason::Completed)
    );
    prop_assert_eq!(reported.lock().unwrap().take(), Some(expected));
    let parallel = model
        .search()
        .on_progress(report)
        .units(&mixed)
        .threads(2)
        .count();
    prop_assert_eq!(
        (parallel.value, parallel.stop),
        (whole, StopReason::Completed)
    );
    prop_assert_eq!(reported.into_inner().unwrap(), Some(expected));

    // The estimate of the nodes below: exactly 0 outside the tree and
    // where nothing is below, positive where something is.
    let estimates = model.search().units(alone).estimate(20, 7);
    prop_assert_eq!(estimates.stop, StopReason::Completed);
    prop_assert_eq!(estimates.value.len(), 1);
    let estimate = estimates.value[0];
    match nodes_below(n, unit) {
        None | Some(0) => prop_assert_eq!(estimate, Interval::default()),
        Some(_) => prop_assert!(estimate.value > 0.0, "{estimate:?}"),
    }

    // A unit line refused against the model counts 0.
    let line = UnitLine {
        model: format!("nqueens-{n}"),
        depth: unit.prefix.len(),
        symmetry: false,
        index: 0,
        total: 1,
        unit: unit.clone(),
    };
    if line.check_against(&line.model, &model).is_err() {
        prop_assert_eq!(expected, 0);
    }
    Ok(())
}

#[test]
fn a_prefix_longer_than_the_model_counts_zero_in_every_unit_entry_point() {
    let unit = Unit {
        prefix: vec![1, 3, 0, 2, 1],
        weight: 1,
    };
    check_every_entry_point(4, &unit).unwrap();
}

#[test]
fn a_prefix_outside_a_domain_or_refused_counts_zero_in_every_unit_entry_point() {
    for prefix in [
        vec![4],
        vec![1, 3, 9],
        vec![0, 0],
        vec![0, 1],
        vec![u32::MAX],
    ] {
        check_every_entry_point(4, &Unit { prefix, weight: 2 }).unwrap();
    }
    // Well-formed prefixes too: a whole solution, and the empty prefix.
    check_every_entry_point(
        4,
        &Unit {
            prefix: vec![1, 3, 0, 2],
            weight: 1,
        },
    )
    .unwrap();
    check_every_entry_point(0, &Unit::whole()).unwrap();
    check_every_entry_point(
        0,
        &Unit {
            prefix: vec![0],
            weight: 1,
        },
    )
    .unwrap();
}

/// A unit of `n` queens: a prefix of up to `n + 2` values, each up to
/// `n + 1`, so that long prefixes, indices outside the board and
/// placements that attack are all common.
fn any_unit() -> impl Strategy<Value = (usize, Unit)> {
    (0usize..=6).prop_flat_map(|n| {
        let bound = u32::try_from(n).unwrap() + 2;
        (
            Just(n),
            proptest::collection::vec(0..bound, 0..=n + 2),
            1u8..=2,
        )
            .prop_map(|(n, prefix, weight)| (n, Unit { prefix, weight }))
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Over random prefixes, every unit entry point agrees with
    /// a search over that one unit and with brute force.
    #[test]
    fn every_unit_entry_point_agrees_on_any_prefix((n, unit) in any_unit()) {
        check_every_entry_point(n, &unit)?;
    }
}
