//! Reference models shared by the docs, the tests and the examples.

pub mod coloring;
mod nqueens;
pub mod polyomino;
pub mod sudoku;
pub mod sudoku_cover;

pub use nqueens::{MAX_QUEENS, Rule, nqueens, nqueens_rows, nqueens_with};
