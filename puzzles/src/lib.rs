//! The reference puzzles of [`backtracker`]: N-Queens (the flagship),
//! sudoku, graph colouring, knight's tours, polyominoes, Latin squares and
//! pairings, shared by its docs, tests, examples and benchmarks.
//!
//! Each is an ordinary [`Model`](backtracker::Model), built with the public API
//! only, and searched like any other:
//!
//! ```
//! use backtracker_puzzles::nqueens;
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

/// `i` as a 32-bit index (a square, a cell or a piece of a board, each far
/// below `u32::MAX`); debug builds check it.
#[expect(
    clippy::cast_possible_truncation,
    reason = "board indices are bounded by the puzzles' own size limits, checked in debug builds"
)]
pub(crate) fn small(i: usize) -> u32 {
    debug_assert!(
        u32::try_from(i).is_ok(),
        "index {i} does not fit in 32 bits"
    );
    i as u32
}
