//! Reference models shared by the docs, the tests and the examples.
//!
//! Each is an ordinary [`Model`](crate::Model), built with the public API
//! only, and searched like any other:
//!
//! ```
//! use backtracker::puzzles::nqueens;
//!
//! // 10 ways to place five queens (OEIS A000170).
//! assert_eq!(nqueens(5)?.search().count().value, 10);
//! # Ok::<(), backtracker::ModelError>(())
//! ```

pub mod coloring;
pub mod knights_tour;
mod latin;
mod nqueens;
mod pairing;
pub mod polyomino;
pub mod sudoku;
pub mod sudoku_cover;

pub use latin::{MAX_LATIN, latin_square};
pub use nqueens::{MAX_QUEENS, Rule, nqueens, nqueens_rows, nqueens_with};
pub use pairing::{MAX_PAIRS, PairPlaces, pairing_by_places, pairing_by_sums};
