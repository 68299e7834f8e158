//! Theorems that rule out a tour at once, where a search would have to
//! try every path (which on a large board takes for ever).

use std::fmt;

use super::Chessboard;

/// A theorem that rules out every tour of a board from a start square.
///
/// ```
/// use backtracker_puzzles::knights_tour::{impossible, Chessboard, Theorem};
///
/// let board = Chessboard::new(5, 5)?;
/// assert_eq!(impossible(&board, 1, false), Some(Theorem::Colours));
/// assert_eq!(impossible(&board, 0, true), Some(Theorem::Schwenk));
/// assert_eq!(impossible(&board, 0, false), None);
/// let four = Chessboard::new(4, 7)?;
/// assert_eq!(impossible(&four, four.square(1, 2).unwrap(), false), Some(Theorem::FourRanks));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Theorem {
    /// A knight changes colour at every move, so moves 1, 3, 5, ... are on
    /// the start square's colour and the others on the other colour: the
    /// start's colour must have `ceil(n / 2)` of the `n` squares.
    Colours,
    /// Schwenk (1991): an `m x n` board (`m <= n`) has a closed tour unless
    /// `m` and `n` are both odd, `m` is 1, 2 or 4, or `m = 3` and `n` is
    /// 4, 6 or 8.
    Schwenk,
    /// On a board of 4 rows (or 4 columns), no tour starts on one of the
    /// two inner rows (columns). The squares of the two outer rows only
    /// reach squares of the two inner rows, and there are `2c` of each (`c`
    /// of each colour), so no two outer squares are consecutive in a tour.
    /// A tour that starts on an inner square must then alternate inner and
    /// outer squares, and as the colours alternate too, all its inner
    /// squares would have one colour.
    FourRanks,
}

impl fmt::Display for Theorem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Theorem::Colours => "the start square's colour does not have half the squares",
            Theorem::Schwenk => "the board has no closed tour (Schwenk's theorem)",
            Theorem::FourRanks => "no tour starts on an inner row of a board of 4 rows",
        })
    }
}

/// The theorem that rules out every tour of `board` from square `start`
/// (closed when `closed`), if one does; `None` leaves room for a tour
/// (whether there is one, a search tells). A `start` off the board is
/// ruled out by [`Theorem::Colours`].
///
/// ```
/// use backtracker_puzzles::knights_tour::{impossible, Chessboard, Theorem};
///
/// // Schwenk: 3 x 8 has no closed tour, 3 x 10 has.
/// assert_eq!(impossible(&Chessboard::new(3, 8)?, 0, true), Some(Theorem::Schwenk));
/// assert_eq!(impossible(&Chessboard::new(3, 10)?, 0, true), None);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[must_use]
pub fn impossible(board: &Chessboard, start: usize, closed: bool) -> Option<Theorem> {
    let n = board.squares();
    if start >= n {
        return Some(Theorem::Colours);
    }
    let cols = board.cols();
    let colour = |sq: usize| (sq / cols + sq % cols) % 2;
    let same = (0..n).filter(|&sq| colour(sq) == colour(start)).count();
    if same != n.div_ceil(2) {
        return Some(Theorem::Colours);
    }
    let (m, w) = (board.rows().min(cols), board.rows().max(cols));
    if closed
        && ((m % 2 == 1 && w % 2 == 1)
            || matches!(m, 1 | 2 | 4)
            || (m == 3 && matches!(w, 4 | 6 | 8)))
    {
        return Some(Theorem::Schwenk);
    }
    let inner = |line: usize, lines: usize| lines == 4 && (line == 1 || line == 2);
    if inner(start / cols, board.rows()) || inner(start % cols, cols) {
        return Some(Theorem::FourRanks);
    }
    None
}
