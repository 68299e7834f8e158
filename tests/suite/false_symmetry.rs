//! A declared symmetry is never silently wrong: every question that uses
//! the group (`count_classes`, `canonical_solutions`, `count_orbits`)
//! either finds a false declaration and stops with
//! `StopReason::FalseSymmetry`, or gives the right answer.

use backtracker::{Checkers, Model, StopReason, Symmetry};
use proptest::prelude::*;

use crate::support::{known, queens_lines, queens_ok, queens_variables, queens_walk};

/// 6 queens with the board's symmetries plus a generator that is none:
/// swap columns 0 and 1 of row 2 only.
fn six_queens_with_a_false_generator() -> Model<usize, impl Checkers<usize>> {
    let mut b = queens_variables(6);
    for s in Symmetry::square_rows(6) {
        b.symmetry(s);
    }
    b.symmetry(Symmetry::literals(
        "swap columns 0 and 1 of row 2",
        |row, col| {
            if row == 2 && col < 2 {
                (row, 1 - col)
            } else {
                (row, col)
            }
        },
    ));
    b.build(queens_lines(6)).unwrap()
}

#[test]
fn a_false_generator_that_prunes_every_solution_is_found_by_count_classes() {
    let mut model = six_queens_with_a_false_generator();
    assert_eq!(model.search().symmetry(false).count().value, known(6));
    let outcome = model.search().count_classes();
    assert!(
        matches!(outcome.stop, StopReason::FalseSymmetry(_)),
        "{:?} with {:?}",
        outcome.stop,
        outcome.value
    );
}

#[test]
fn a_false_generator_that_prunes_every_solution_is_found_by_canonical_solutions() {
    let mut model = six_queens_with_a_false_generator();
    let mut solutions = model.search().canonical_solutions();
    let found = solutions.by_ref().count();
    let stop = solutions.stop_reason().cloned();
    assert!(
        matches!(stop, Some(StopReason::FalseSymmetry(_))),
        "{stop:?} after {found} representatives"
    );
}

/// The image of the board `cols` (one column per row) under the literal
/// map `map`, or `None` when two queens land in one row.
fn image(cols: &[usize], map: &dyn Fn(usize, usize) -> (usize, usize)) -> Option<Vec<usize>> {
    let mut out = vec![usize::MAX; cols.len()];
    for (r, &c) in cols.iter().enumerate() {
        let (r2, c2) = map(r, c);
        if out[r2] != usize::MAX {
            return None;
        }
        out[r2] = c2;
    }
    Some(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// N-Queens (N = 5 or 6) with the board's symmetries and one random
    /// extra generator: a permutation of the rows and one of the columns,
    /// and a swap of two columns in one row only. Brute force says whether
    /// the group holds. No question that uses the group completes with a
    /// plain `Completed` unless the group holds and its count is right.
    #[test]
    fn no_question_completes_on_a_false_group(
        n in 5usize..=6,
        rows in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
        cols in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
        swap in (0usize..6, 0usize..6, 0usize..6),
        swapping in any::<bool>(),
    ) {
        let rows: Vec<usize> = rows.into_iter().filter(|&r| r < n).collect();
        let cols: Vec<usize> = cols.into_iter().filter(|&c| c < n).collect();
        let (row, a, b) = (swap.0 % n, swap.1 % n, swap.2 % n);
        let map = move |r: usize, c: usize| {
            if swapping {
                let c = if r == row && c == a { b } else if r == row && c == b { a } else { c };
                (r, c)
            } else {
                (rows[r], cols[c])
            }
        };
        let solutions = queens_walk(n).solutions;
        let holds = solutions
            .iter()
            .all(|s| image(s, &map).is_some_and(|i| queens_ok(&i)));
        let mut builder = queens_variables(n);
        for s in Symmetry::square_rows(n) {
            builder.symmetry(s);
        }
        builder.symmetry(Symmetry::literals("extra", map));
        let Ok(mut model) = builder.build(queens_lines(n)) else {
            // Not one-to-one on the literals: refused by the builder.
            return Ok(());
        };
        let classes = model.search().count_classes();
        if classes.stop == StopReason::Completed {
            prop_assert!(holds, "count_classes completed on a false group: {:?}", classes.value);
            prop_assert_eq!(classes.value.solutions, known(n));
        } else {
            prop_assert!(matches!(classes.stop, StopReason::FalseSymmetry(_)), "{:?}", classes.stop);
        }
        let mut canonical = model.search().canonical_solutions();
        let found = canonical.by_ref().count();
        let stop = canonical.stop_reason().cloned();
        if stop == Some(StopReason::Completed) {
            prop_assert!(holds, "canonical_solutions completed on a false group with {} boards", found);
        } else {
            prop_assert!(matches!(stop, Some(StopReason::FalseSymmetry(_))), "{:?}", stop);
        }
    }
}
