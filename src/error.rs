//! Errors. No solution, a node limit or a cancellation is never an error:
//! those are [`StopReason`](crate::StopReason)s.

use thiserror::Error;

/// A model that cannot be searched as declared.
///
/// ```
/// use backtracker::{ModelBuilder, ModelError};
///
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 1..=3);
/// b.pin(x, &7);
/// let error = b.build(()).unwrap_err();
/// assert!(matches!(error, ModelError::ValueNotInDomain { ref name, .. } if name == "x"));
/// assert_eq!(error.to_string(), "variable `x` has no value 7 in its domain");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A declared [symmetry](crate::Symmetry) is not a one-to-one map of
    /// the model's candidates onto its candidates (after pins and
    /// restrictions), or the generators make too large a group.
    #[error("symmetry `{name}` is refused: {reason}")]
    InvalidSymmetry {
        /// The generator's name (the names of all, for too large a group).
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A variable was declared with no values.
    #[error("variable `{name}` has an empty domain")]
    EmptyDomain {
        /// The variable's name.
        name: String,
    },
    /// Two variables share a name.
    #[error("duplicate variable name `{name}`")]
    DuplicateVariable {
        /// The name used twice.
        name: String,
    },
    /// A variable name that the model does not have.
    #[error("no variable named `{name}`")]
    UnknownVariableName {
        /// The name looked up.
        name: String,
    },
    /// A checker's scope names a variable index the model does not have.
    #[error("checker `{checker}` names variable {var}, but the model has {count} variables")]
    UnknownVariable {
        /// The checker's name.
        checker: String,
        /// The index it named.
        var: usize,
        /// How many variables the model has.
        count: usize,
    },
    /// Two checkers share a name, so traces and statistics could not tell them apart.
    #[error("duplicate checker name `{name}`")]
    DuplicateChecker {
        /// The name used twice.
        name: String,
    },
    /// A checker overrides [`Checker::narrow`](crate::Checker::narrow) but
    /// answers `false` to [`Checker::narrows`](crate::Checker::narrows), so
    /// the engine would never call its narrowing: answer `true` there.
    #[error(
        "checker `{checker}` overrides `narrow` but its `narrows` is false, so `narrow` would never be called: make `narrows` return true"
    )]
    NarrowNeverCalled {
        /// The checker's name.
        checker: String,
    },
    /// A checker refused the model in [`Checker::prepare`](crate::Checker::prepare).
    #[error("checker `{checker}` cannot be used here: {reason}")]
    InvalidChecker {
        /// The checker's name.
        checker: String,
        /// What is wrong, in lowercase.
        reason: String,
    },
    /// A value to pin a variable to is not in its domain.
    #[error("variable `{name}` has no value {value} in its domain")]
    ValueNotInDomain {
        /// The variable's name.
        name: String,
        /// The value, as text.
        value: String,
    },
    /// A size or setting the model does not support.
    #[error("{reason}")]
    Unsupported {
        /// What is not supported, in lowercase.
        reason: String,
    },
    /// Mirror symmetry was declared, but a variable's candidates (after pins
    /// and restrictions) are not their own mirror image, so reflecting a
    /// solution could leave them.
    #[error(
        "mirror symmetry declared, but the candidates of `{name}` are not symmetric (check its pins and restrictions)"
    )]
    NotSymmetric {
        /// The variable's name.
        name: String,
    },
    /// A domain is larger than the engine supports (2^32 - 1 values).
    #[error("variable `{name}` has {size} values, more than the supported {max}")]
    DomainTooLarge {
        /// The variable's name.
        name: String,
        /// Its domain size.
        size: usize,
        /// The largest supported size.
        max: usize,
    },
    /// An exact-cover option names an item that was not declared.
    #[error("option {option} names `{name}`, which is not a declared item")]
    UnknownItem {
        /// The option's number, from 0 in the order the options were given.
        option: usize,
        /// The name it used.
        name: String,
    },
    /// Two exact-cover items share a name.
    #[error("duplicate item name `{name}`")]
    DuplicateItem {
        /// The name declared twice.
        name: String,
    },
    /// An exact-cover option names the same item twice.
    #[error("option {option} names item `{name}` twice")]
    RepeatedItem {
        /// The option's number.
        option: usize,
        /// The item named twice.
        name: String,
    },
    /// An exact-cover option covers no primary item: the search, which
    /// branches on primary items, could never choose it.
    #[error("option {option} covers no primary item")]
    NoPrimaryItem {
        /// The option's number.
        option: usize,
    },
}

/// A work unit or result line that cannot be used.
///
/// ```
/// use backtracker::{units::UnitLine, UnitError};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(6)?;
/// let lines = UnitLine::number("nqueens-6", 1, false, model.split(1, false));
/// let error = lines[0].check_against("nqueens-7", &model).unwrap_err();
/// assert!(matches!(error, UnitError::ForeignModel { .. }));
/// assert_eq!(error.to_string(), "unit belongs to model `nqueens-6`, not `nqueens-7`");
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum UnitError {
    /// The line is not in the unit format.
    #[error("malformed unit line: {reason}")]
    Malformed {
        /// What is wrong.
        reason: String,
    },
    /// The line was written by a newer, unknown format version.
    #[error("unsupported unit format version `{version}`")]
    Version {
        /// The version found.
        version: String,
    },
    /// The unit belongs to another model.
    #[error("unit belongs to model `{found}`, not `{expected}`")]
    ForeignModel {
        /// The model this run is for.
        expected: String,
        /// The model named in the unit.
        found: String,
    },
    /// The unit's prefix is not a valid prefix of this model.
    #[error("unit prefix does not fit the model: {reason}")]
    BadPrefix {
        /// What is wrong.
        reason: String,
    },
    /// Merging found units missing from the results.
    #[error("missing units: {units}")]
    Missing {
        /// The missing unit numbers, as a list.
        units: String,
    },
    /// Merging found a unit twice.
    #[error("duplicated units: {units}")]
    Duplicated {
        /// The duplicated unit numbers, as a list.
        units: String,
    },
    /// Merging found results of different runs (model, depth or symmetry differ).
    #[error("results belong to different runs: `{first}` and `{other}`")]
    MixedRuns {
        /// The run of the first result.
        first: String,
        /// The run of the first result that differs.
        other: String,
    },
    /// Merging got no result at all.
    #[error("no results to merge")]
    Empty,
    /// A result line's checksum does not match it (an edited count, a
    /// damaged file), or the line has none.
    #[error("result line refused: {reason}")]
    Checksum {
        /// What is wrong.
        reason: String,
    },
    /// A line of a file or input was refused: its number, from 1, and why.
    #[error("line {line}: {message}")]
    AtLine {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The counts add up to more than `u128` holds.
    #[error("the counts add up to more than 2^128 - 1")]
    Overflow,
    /// A split would give more units than its limit
    /// ([`Model::split_at_most`](crate::Model::split_at_most)).
    #[error("the split gives more than {limit} units: split at a smaller depth")]
    TooManyUnits {
        /// The most units the split was allowed.
        limit: usize,
    },
    /// The model cannot be split or checked against: a checker panicked
    /// during an earlier search (see
    /// [`Model::is_poisoned`](crate::Model::is_poisoned)).
    #[error("the model is unusable: a checker panicked during an earlier search")]
    Unusable,
}
