//! Reusable checkers.
//!
//! - [`AllDifferent`]: no two variables of a scope take equal values,
//!   narrowed to generalised arc consistency by Régin's matching filter.
//! - [`AtMostOnePerLine`]: all-different by a line function (N-Queens
//!   columns and diagonals, sudoku rows, columns and boxes, a tour's visited
//!   squares). Incremental, with whole-word filtering where the lines of a
//!   variable's values are consecutive.
//! - [`LinearSum`]: `a1*x1 + a2*x2 + ...` equal to, at most or at least a
//!   constant ([`Relation`]), with checked 64-bit arithmetic, incremental
//!   bounds and bounds-consistent narrowing (magic squares, cryptarithms,
//!   budgets).
//! - [`Predicate`]: any rule on a few variables, written as a closure.
//! - [`Table`]: the allowed tuples of a few variables, listed, narrowed to
//!   generalised arc consistency by simple tabular reduction.

mod all_different;
mod line;
mod linear_sum;
mod predicate;
mod relation;
mod scope;
mod table;

pub use all_different::AllDifferent;
pub use line::{AtMostOnePerLine, SmallLines};
pub use linear_sum::LinearSum;
pub use predicate::{Predicate, Values};
pub use relation::Relation;
pub use table::Table;
