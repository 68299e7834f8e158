//! A model whose checker panicked is poisoned, and every public entry point
//! that searches, splits, estimates or merges refuses it: an outcome with
//! `StopReason::Unusable`, or `UnitError::Unusable`, or (for `split`, which
//! returns no error) a panic. None of them answers 0 as if it had counted.

use std::panic::{AssertUnwindSafe, catch_unwind};

use backtracker::constraints::{AtMostOnePerLine, SmallLines};
use backtracker::units::{
    ResultLine, RunError, Runner, Split, UnitLine, auto_split, merge_checked,
};
use backtracker::{Assignment, Checker, Choice, Model, ModelBuilder, StopReason, Unit, UnitError};

/// Accepts everything, and panics in `on_assign` on its first call while
/// armed.
#[derive(Clone)]
struct PanicsWhenArmed {
    armed: bool,
}

impl Checker<usize> for PanicsWhenArmed {
    fn name(&self) -> &'static str {
        "panics"
    }
    fn check(&self, _: &Assignment<'_, usize>) -> bool {
        true
    }
    fn on_assign(&mut self, _: Choice<'_, usize>) {
        assert!(!self.armed, "a checker's own bug");
    }
}

type Lines = SmallLines<fn(usize, usize) -> usize>;
type Poisoned = Model<usize, (Lines, PanicsWhenArmed)>;

/// The line of value index `i`: its own, so that values differ.
fn own_line(_: usize, i: usize) -> usize {
    i
}

/// Four variables over 0..4, all different: 4! = 24 solutions, and mirror
/// symmetry, so that symmetric splits and counts are exercised too.
fn build(armed: bool) -> Poisoned {
    let mut b = ModelBuilder::new();
    for i in 0..4 {
        b.variable(format!("x{i}"), 0..4usize);
    }
    b.mirror_symmetry();
    b.build((
        AtMostOnePerLine::small("all different", own_line as fn(usize, usize) -> usize),
        PanicsWhenArmed { armed },
    ))
    .unwrap()
}

/// A model poisoned by a panic caught around a count.
fn poisoned() -> Poisoned {
    let mut model = build(true);
    let caught = catch_unwind(AssertUnwindSafe(|| model.search().count().value));
    assert!(caught.is_err(), "the checker panicked");
    assert!(model.is_poisoned());
    model
}

#[test]
fn every_entry_point_refuses_a_poisoned_model() {
    // Unpoisoned, the same model counts 4! = 24 every way.
    let mut fresh = build(false);
    assert_eq!(fresh.search().count().value, 24);
    assert_eq!(fresh.search().threads(2).count().value, 24);
    let units = fresh.split(2, true);
    let lines = UnitLine::number("perms-4", 2, true, units.clone());
    let results: Vec<ResultLine> = lines
        .iter()
        .map(|unit| ResultLine {
            unit: unit.clone(),
            count: fresh
                .search()
                .units(std::slice::from_ref(&unit.unit))
                .count()
                .value,
        })
        .collect();
    assert_eq!(merge_checked(&results, "perms-4", &mut fresh), Ok(24));

    let unusable = StopReason::Unusable;
    let mut model = poisoned();
    let some = &units[..];
    let none: &[Unit] = &[];

    // Searches and counts: an outcome that says so.
    let o = model.search().count();
    assert_eq!((o.value, o.stop), (0, unusable.clone()), "count");
    let o = model.search().symmetry(false).count();
    assert_eq!(
        (o.value, o.stop),
        (0, unusable.clone()),
        "count, no symmetry"
    );
    let o = model.search().cross_check(true).count();
    assert_eq!(
        (o.value, o.stop),
        (0, unusable.clone()),
        "cross-checked count"
    );
    let o = model.search().first();
    assert_eq!((o.value, o.stop), (None, unusable.clone()), "first");
    let o = model
        .search()
        .for_each(|_| std::ops::ControlFlow::Continue(()));
    assert_eq!(o.stop, unusable.clone(), "for_each");
    let mut solutions = model.search().solutions();
    assert_eq!(solutions.next(), None, "solutions");
    assert_eq!(solutions.stop_reason(), Some(&unusable), "solutions");
    drop(solutions);
    assert!(
        model
            .search()
            .trace()
            .ends_with(&format!("stop: {unusable}\n"))
    );
    for threads in [1, 2] {
        let o = model.search().threads(threads).count();
        assert_eq!(
            (o.value, o.stop),
            (0, unusable.clone()),
            "a count on threads"
        );
        for units in [some, none] {
            let o = model.search().units(units).threads(threads).count();
            assert_eq!((o.value, o.stop), (0, unusable.clone()), "units on threads");
        }
    }
    for units in [some, none] {
        let o = model.search().units(units).count();
        assert_eq!((o.value, o.stop), (0, unusable.clone()), "units in turn");
    }
    for unit in [&Unit::whole(), &units[0]] {
        let o = model.search().units(std::slice::from_ref(unit)).count();
        assert_eq!((o.value, o.stop), (0, unusable.clone()), "one unit");
    }

    // Estimates: an outcome that says so, with nothing estimated.
    let o = model.search().estimate(100, 1);
    assert_eq!((o.value.probes, o.stop), (0, unusable.clone()), "estimate");
    assert_eq!(o.value.exact, None, "estimate");
    for units in [some, none] {
        let o = model.search().units(units).estimate(10, 1);
        assert_eq!(
            (o.value, o.stop),
            (vec![], unusable.clone()),
            "an estimate of units"
        );
    }

    // Splits and merges: an error, or a panic where no error can be
    // returned.
    for depth in [0, 2] {
        assert_eq!(
            model.split_at_most(depth, true, 1000),
            Err(UnitError::Unusable),
            "split_at_most"
        );
        let split = catch_unwind(AssertUnwindSafe(|| model.split(depth, false)));
        let message = split.expect_err("split panics");
        assert_eq!(
            message.downcast_ref::<String>().map(String::as_str),
            Some("the model is unusable: a checker panicked during an earlier search"),
            "split"
        );
    }
    let error = merge_checked(&results, "perms-4", &mut model).unwrap_err();
    assert_eq!(error, UnitError::Unusable, "merge_checked");
    assert_eq!(
        auto_split(&mut model, 2, true, 0, 1000),
        Err(UnitError::Unusable),
        "auto_split"
    );
    for split in [Split::Depth(2), Split::Auto] {
        let refused = |r: Result<backtracker::units::RunReport, RunError>| {
            matches!(r, Err(RunError::Split(UnitError::Unusable)))
        };
        assert!(
            refused(Runner::new("perms-4").split(split).run(&mut model)),
            "Runner::run"
        );
        assert!(
            refused(
                Runner::new("perms-4")
                    .split(split)
                    .plan(&mut model)
                    .and_then(backtracker::units::Plan::run_in_turn)
            ),
            "Plan::run_in_turn"
        );
    }
    assert_eq!(
        error.to_string(),
        "the model is unusable: a checker panicked during an earlier search"
    );
    // Still poisoned, and still refusing: nothing above cleared the mark.
    assert!(model.is_poisoned());
    assert_eq!(model.search().count().stop, unusable);
}
