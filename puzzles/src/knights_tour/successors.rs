//! Closed tours as successors: per square, the square the knight goes to
//! next, all of them one cycle ([`Circuit`]).

use backtracker::Checkers;
use backtracker::ModelError;
use backtracker::constraints::Circuit;
use backtracker::{Model, ModelBuilder, VariableOrder};

use super::{Chessboard, Square};

/// The successor model of the closed tours of `board`: one variable per
/// square (`after 1`, `after 2`, ..., numbered from 1 as the moves of
/// [`model`](super::model) are) whose domain is every square and whose
/// candidates are the squares a knight's move away, and one [`Circuit`]
/// over them, named `one cycle`. The variables are chosen smallest domain
/// first.
///
/// A closed tour passes every square, so each of its two directions is one
/// solution, as it is one tour from any start square of
/// [`model`](super::model): the two models count the same. Counting the
/// closed tours of 6 x 6 (OEIS A001230: 9862, in two directions) takes
/// this model 52,638 nodes and the position model with its dead-end rule
/// 326,153, in about 0.8 times the CPU time (`docs/performance.md`).
///
/// # Errors
///
/// [`ModelError::Unsupported`] for a board with more squares than a
/// [`Square`] numbers; [`Chessboard::new`] makes none.
///
/// ```
/// use backtracker_puzzles::knights_tour::{successor_model, Chessboard};
///
/// // OEIS A070030: 16 closed tours of 3 x 10, each in two directions.
/// let board = Chessboard::new(3, 10)?;
/// assert_eq!(successor_model(&board)?.search().count().value, 32);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn successor_model(
    board: &Chessboard,
) -> Result<Model<Square, impl Checkers<Square> + Clone + Send + Sync>, ModelError> {
    let n = board.squares();
    let Ok(squares) = Square::try_from(n) else {
        return Err(ModelError::Unsupported {
            reason: format!("{n} squares are more than a square's number holds"),
        });
    };
    let mut b = ModelBuilder::new();
    let next: Vec<usize> = (0..n)
        .map(|sq| {
            let var = b.variable(format!("after {}", sq + 1), 0..squares);
            let to = board.neighbours(sq);
            b.restrict(var, |&t| to.contains(&usize::from(t)));
            var
        })
        .collect();
    b.order(VariableOrder::SmallestDomainFirst);
    b.build((Circuit::new("one cycle", next),))
}
