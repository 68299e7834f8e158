//! Reference models shared by the docs, the tests and the examples.

pub mod coloring;
mod nqueens;
pub mod sudoku;

pub use nqueens::{MAX_QUEENS, Rule, nqueens, nqueens_rows, nqueens_with};
