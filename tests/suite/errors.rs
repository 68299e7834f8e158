//! Every way of declaring a model wrongly gives a `ModelError` with an
//! exact, lowercase message; unusable unit lines give a `UnitError`.
//! No solution, a node limit or a cancellation is never an error.

use backtracker::StopReason;
use backtracker::constraints::{AtMostOnePerLine, Predicate, Values};
use backtracker::units::{ResultLine, UnitLine};
use backtracker::{
    Assignment, Checker, DynChecker, ModelBuilder, ModelError, ModelInfo, UnitError,
};
use backtracker_puzzles::{MAX_QUEENS, Rule, nqueens, nqueens_with};

fn any(_: &Values<'_, i32>) -> bool {
    true
}

/// The message, checked to be one lowercase line without a final period.
fn message(error: &dyn std::error::Error) -> String {
    let text = error.to_string();
    assert!(!text.contains('\n'), "one line: {text}");
    assert!(!text.ends_with('.'), "no final period: {text}");
    let first = text.chars().next().expect("not empty");
    assert!(!first.is_uppercase(), "lowercase: {text}");
    text
}

#[test]
fn empty_domain() {
    let mut b = ModelBuilder::<i32>::new();
    b.variable("x", []);
    let err = b.build((Predicate::new("p", [0], any),)).err().unwrap();
    assert_eq!(err, ModelError::EmptyDomain { name: "x".into() });
    assert_eq!(message(&err), "variable `x` has an empty domain");
}

#[test]
fn duplicate_variable() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    b.variable("y", 0..2);
    b.variable("x", 0..3);
    let err = b.build((Predicate::new("p", [0], any),)).err().unwrap();
    assert_eq!(err, ModelError::DuplicateVariable { name: "x".into() });
    assert_eq!(message(&err), "duplicate variable name `x`");
}

#[test]
fn unknown_variable_in_a_scope() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    b.variable("y", 0..2);
    let err = b
        .build((Predicate::new("sum", [0, 5], |v: &Values<'_, i32>| {
            v[0] + v[1] == 1
        }),))
        .err()
        .unwrap();
    assert_eq!(
        err,
        ModelError::UnknownVariable {
            checker: "sum".into(),
            var: 5,
            count: 2
        }
    );
    assert_eq!(
        message(&err),
        "checker `sum` names variable 5, but the model has 2 variables"
    );
    // The same through a line checker's scope and through boxed checkers.
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2usize);
    let err = b
        .build(vec![
            Box::new(AtMostOnePerLine::new("lines", |_, v: &usize| *v).on([0, 1]))
                as DynChecker<usize>,
        ])
        .err()
        .unwrap();
    assert_eq!(
        message(&err),
        "checker `lines` names variable 1, but the model has 1 variables"
    );
}

#[test]
fn unknown_variable_name() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    assert_eq!(b.index_of("x"), Ok(0));
    let err = b.index_of("z").unwrap_err();
    assert_eq!(err, ModelError::UnknownVariableName { name: "z".into() });
    assert_eq!(message(&err), "no variable named `z`");
}

#[test]
fn duplicate_checker_name() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    b.variable("y", 0..2);
    let err = b
        .build((
            Predicate::new("rule", [0], any),
            Predicate::new("other", [1], any),
            Predicate::new("rule", [1], any),
        ))
        .err()
        .unwrap();
    assert_eq!(
        err,
        ModelError::DuplicateChecker {
            name: "rule".into()
        }
    );
    assert_eq!(message(&err), "duplicate checker name `rule`");
    // The N-Queens rules listed twice.
    let err = nqueens_with(4, &[Rule::Columns, Rule::Diagonals, Rule::Columns])
        .err()
        .unwrap();
    assert_eq!(message(&err), "duplicate checker name `columns`");
}

#[test]
fn pin_outside_the_domain() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..5);
    b.pin(x, &7);
    let err = b.build((Predicate::new("p", [x], any),)).err().unwrap();
    assert_eq!(
        err,
        ModelError::ValueNotInDomain {
            name: "x".into(),
            value: "7".into()
        }
    );
    assert_eq!(message(&err), "variable `x` has no value 7 in its domain");
    let mut b = ModelBuilder::new();
    let w = b.variable("word", ["a", "b"]);
    b.pin(w, &"c");
    let err = b.build(()).err().unwrap();
    assert_eq!(
        message(&err),
        "variable `word` has no value \"c\" in its domain"
    );
}

#[test]
fn nqueens_too_large() {
    assert!(nqueens(MAX_QUEENS).is_ok());
    let err = nqueens(MAX_QUEENS + 1).err().unwrap();
    assert_eq!(
        message(&err),
        format!(
            "n-queens supports boards up to {MAX_QUEENS}, not {}",
            MAX_QUEENS + 1
        )
    );
    assert_eq!(
        message(&nqueens(1000).err().unwrap()),
        format!("n-queens supports boards up to {MAX_QUEENS}, not 1000")
    );
    assert_eq!(
        message(&nqueens_with(MAX_QUEENS + 1, &Rule::ALL).err().unwrap()),
        format!(
            "n-queens supports boards up to {MAX_QUEENS}, not {}",
            MAX_QUEENS + 1
        )
    );
    // Every board with a known count is supported.
    const { assert!(MAX_QUEENS >= 27) };
}

#[test]
fn a_checker_refusing_the_model() {
    struct NeedsThree;
    impl Checker<i32> for NeedsThree {
        fn name(&self) -> &'static str {
            "needs three"
        }
        fn check(&self, _: &Assignment<'_, i32>) -> bool {
            true
        }
        fn prepare(&mut self, model: &ModelInfo<'_, i32>) -> Result<(), ModelError> {
            if model.len() == 3 {
                Ok(())
            } else {
                Err(ModelError::InvalidChecker {
                    checker: "needs three".into(),
                    reason: format!("the model has {} variables", model.len()),
                })
            }
        }
    }
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    let err = b.build((NeedsThree,)).err().unwrap();
    assert_eq!(
        message(&err),
        "checker `needs three` cannot be used here: the model has 1 variables"
    );
}

#[test]
fn the_first_declaration_error_is_reported() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..0);
    b.variable("x", 0..2);
    let y = b.variable("y", 0..2);
    b.pin(y, &9);
    let err = b.build((Predicate::new("p", [0], any),)).err().unwrap();
    assert_eq!(message(&err), "variable `x` has an empty domain");
    // Declaration errors come before checker errors.
    let mut b = ModelBuilder::new();
    b.variable("x", 0..2);
    b.variable("x", 0..2);
    let err = b
        .build((Predicate::new("p", [9], any), Predicate::new("p", [0], any)))
        .err()
        .unwrap();
    assert_eq!(message(&err), "duplicate variable name `x`");
}

#[test]
fn errors_are_std_errors_that_compare_and_clone() {
    let err = ModelError::EmptyDomain { name: "x".into() };
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err.clone());
    assert_eq!(boxed.to_string(), err.to_string());
    assert!(format!("{err:?}").contains("EmptyDomain"));
}

#[test]
fn unit_line_errors() {
    let cases: [(&str, &str); 9] = [
        ("", "malformed unit line: empty line"),
        (
            "hello",
            "malformed unit line: expected `backtracker-unit/2` first",
        ),
        (
            "backtracker-unit/9 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=1",
            "unsupported unit format version `backtracker-unit/9`",
        ),
        (
            "backtracker-unit/1 model=m depth=1",
            "malformed unit line: missing `symmetry=`",
        ),
        (
            "backtracker-unit/1 model=m depth=x symmetry=on unit=0/1 prefix=- weight=1",
            "malformed unit line: depth `x` is not a number",
        ),
        (
            "backtracker-unit/1 model=m depth=1 symmetry=maybe unit=0/1 prefix=- weight=1",
            "malformed unit line: symmetry `maybe` is not on or off",
        ),
        (
            "backtracker-unit/1 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=3",
            "malformed unit line: weight 3 is not 1 or 2",
        ),
        (
            "backtracker-unit/1 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=1 extra",
            "malformed unit line: unexpected `extra`",
        ),
        (
            "backtracker-unit/1 model=m depth=1 symmetry=on unit=0/1 weight=1 prefix=-",
            "malformed unit line: expected `prefix=` but found `weight=1`",
        ),
    ];
    for (line, expected) in cases {
        let err = line.parse::<UnitLine>().unwrap_err();
        assert_eq!(message(&err), expected, "line {line:?}");
    }
    let err = "backtracker-unit/2 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=1"
        .parse::<ResultLine>()
        .unwrap_err();
    assert_eq!(message(&err), "malformed unit line: missing `count=`");
    let err = "backtracker-unit/2 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=1 count=-4 check=0000000000000000"
        .parse::<ResultLine>()
        .unwrap_err();
    assert_eq!(
        message(&err),
        "malformed unit line: count `-4` is not a number"
    );
    // A result line of the first format has no checksum to trust.
    let err = "backtracker-unit/1 model=m depth=1 symmetry=on unit=0/1 prefix=- weight=1 count=4"
        .parse::<ResultLine>()
        .unwrap_err();
    assert!(message(&err).contains("has no checksum"), "{err}");
    // A unit number at or past the total is refused when read.
    let err = "backtracker-unit/2 model=m depth=1 symmetry=on unit=1/1 prefix=- weight=1"
        .parse::<UnitLine>()
        .unwrap_err();
    assert_eq!(
        message(&err),
        "malformed unit line: unit 1/1: the number must be below the total"
    );
}

#[test]
fn a_unit_checked_against_the_wrong_model() {
    let model = nqueens(8).unwrap();
    let line: UnitLine =
        "backtracker-unit/1 model=nqueens-9 depth=2 symmetry=on unit=3/20 prefix=1.3 weight=2"
            .parse()
            .unwrap();
    let err = line.check_against("nqueens-8", &model).unwrap_err();
    assert_eq!(
        err,
        UnitError::ForeignModel {
            expected: "nqueens-8".into(),
            found: "nqueens-9".into()
        }
    );
    assert_eq!(
        message(&err),
        "unit belongs to model `nqueens-9`, not `nqueens-8`"
    );
    let line: UnitLine =
        "backtracker-unit/1 model=nqueens-8 depth=2 symmetry=on unit=3/20 prefix=1.8 weight=2"
            .parse()
            .unwrap();
    assert_eq!(
        message(&line.check_against("nqueens-8", &model).unwrap_err()),
        "unit prefix does not fit the model: index 8 is outside the domain of `row 1`"
    );
    let line: UnitLine = "backtracker-unit/1 model=nqueens-8 depth=9 symmetry=on unit=3/20 prefix=0.0.0.0.0.0.0.0.0 weight=2"
        .parse()
        .unwrap();
    assert_eq!(
        message(&line.check_against("nqueens-8", &model).unwrap_err()),
        "unit prefix does not fit the model: 9 values for 8 variables"
    );
    let mut line: UnitLine =
        "backtracker-unit/1 model=nqueens-8 depth=2 symmetry=on unit=3/20 prefix=1.3 weight=2"
            .parse()
            .unwrap();
    // Made in code, not read: a unit number past the total.
    line.index = 20;
    assert_eq!(
        message(&line.check_against("nqueens-8", &model).unwrap_err()),
        "unit prefix does not fit the model: unit 20 of 20"
    );
    let good: UnitLine =
        "backtracker-unit/1 model=nqueens-8 depth=2 symmetry=on unit=3/20 prefix=1.3 weight=2"
            .parse()
            .unwrap();
    assert_eq!(good.check_against("nqueens-8", &model), Ok(()));
}

/// Accepts everything, and panics in `on_assign` once it has been called
/// `after` times.
struct PanicsAfter {
    calls: usize,
    after: usize,
}

impl backtracker::Checker<usize> for PanicsAfter {
    fn name(&self) -> &'static str {
        "panics"
    }
    fn check(&self, _: &backtracker::Assignment<'_, usize>) -> bool {
        true
    }
    fn on_assign(&mut self, _: backtracker::Choice<'_, usize>) {
        self.calls += 1;
        assert!(self.calls != self.after, "a checker's own bug");
    }
}

#[test]
fn a_checker_that_panicked_leaves_the_model_unusable_not_wrong() {
    let build = |after: usize| {
        let mut b = ModelBuilder::new();
        for i in 0..6 {
            b.variable(format!("x{i}"), 0..6usize);
        }
        let all_different =
            backtracker::constraints::AtMostOnePerLine::small("all different", |_, i| i);
        b.build((all_different, PanicsAfter { calls: 0, after }))
            .unwrap()
    };
    // 6! = 720 permutations when nothing goes wrong.
    assert_eq!(build(0).search().count().value, 720);
    for after in [1, 5, 200] {
        let mut model = build(after);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            model.search().count().value
        }));
        assert!(caught.is_err(), "the checker panicked after {after} calls");
        assert!(model.is_poisoned());
        // The checkers are still the model's, as the panic left them.
        assert_eq!(model.checkers().1.calls, after);
        // Every later search says so instead of counting on broken state.
        let again = model.search().count();
        assert_eq!((again.value, again.stop.clone()), (0, StopReason::Unusable));
        assert_eq!(
            again.stop.to_string(),
            "the model is unusable: a checker panicked during an earlier search"
        );
        let first = model.search().first();
        assert_eq!((first.value, first.stop), (None, StopReason::Unusable));
        assert_eq!(model.search().solutions().count(), 0);
    }
}

#[test]
fn restrict_and_pin_of_a_missing_variable_are_errors() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..3u8);
    b.restrict(5, |_| true);
    let err = b.build(()).expect_err("an error, not a panic");
    assert_eq!(
        message(&err),
        "restrict names variable 5, but the model has 1 variables"
    );
    let mut b = ModelBuilder::new();
    b.variable("x", 0..3u8);
    b.pin(5, &1);
    let err = b.build(()).expect_err("an error, not a panic");
    assert!(message(&err).starts_with("pin names variable 5"), "{err}");
}

#[test]
fn mirror_symmetry_with_asymmetric_pins_is_refused() {
    // Reduced Latin squares of order 6: first row and column pinned to
    // 1..=6. Declaring mirror symmetry on them used to count 18816, twice
    // the true 9408; the declaration is now refused.
    let n = 6;
    let mut b = ModelBuilder::new();
    for row in 0..n {
        for col in 0..n {
            b.variable(format!("r{row}c{col}"), 1..=n);
        }
    }
    for i in 0..n {
        b.pin(i, &(i + 1));
        b.pin(i * n, &(i + 1));
    }
    b.mirror_symmetry();
    let rows = backtracker::constraints::AtMostOnePerLine::new("rows", move |var, &s: &usize| {
        var / n * n + s - 1
    });
    let err = b.build((rows,)).expect_err("refused");
    assert!(matches!(err, ModelError::NotSymmetric { .. }), "{err}");
    assert_eq!(
        message(&err),
        "mirror symmetry declared, but the candidates of `r0c0` are not symmetric (check its pins and restrictions)"
    );
}

#[test]
fn a_node_limit_of_zero_visits_no_node() {
    let mut model = backtracker_puzzles::nqueens(10).unwrap();
    let outcome = model.search().node_limit(0).count();
    assert_eq!(
        (outcome.value, outcome.stats.nodes, outcome.stop),
        (0, 0, StopReason::NodeLimit)
    );
    let outcome = model
        .search()
        .node_limit(0)
        .units(std::slice::from_ref(&backtracker::Unit::whole()))
        .count();
    assert_eq!(
        (outcome.stats.nodes, outcome.stop),
        (0, StopReason::NodeLimit)
    );
    let outcome = model.search().node_limit(0).threads(2).count();
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert_eq!(model.search().count().value, 724);
}
