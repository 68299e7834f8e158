//! Reference models shared by the docs, the tests and the examples.

mod nqueens;

pub use nqueens::{MAX_QUEENS, Rule, nqueens, nqueens_with};
