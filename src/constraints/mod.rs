//! Reusable checkers.
//!
//! - [`AtMostOnePerLine`]: all-different by a line function (N-Queens
//!   columns and diagonals, sudoku rows, columns and boxes, a tour's visited
//!   squares). Incremental, with whole-word filtering where the lines of a
//!   variable's values are consecutive.
//! - [`Predicate`]: any rule on a few variables, written as a closure.

mod line;
mod predicate;

pub use line::{AtMostOnePerLine, SmallLines};
pub use predicate::{Predicate, Values};
