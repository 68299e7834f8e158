//! Latin squares: an `n x n` grid of `n` symbols, each symbol once in every
//! row and every column.

use backtracker::DynChecker;
use backtracker::ModelError;
use backtracker::constraints::AllDifferent;
use backtracker::{Model, ModelBuilder};

/// The most rows a [`latin_square`] may have: its symbols fit in one word.
pub const MAX_LATIN: usize = 64;

/// The Latin squares of order `n`: one variable per cell, named `r{row}c{column}`
/// and numbered row by row (`row * n + column`), with the symbols `0..n`; an
/// [`AllDifferent`] per row (`row {r}`) and per column (`column {c}`). The
/// symbols are interchangeable on every cell
/// ([`ModelBuilder::interchangeable_values`]), so
/// [`count_classes`](backtracker::Search::count_classes) counts the squares up to
/// a renaming of the symbols, each class searched once.
///
/// # Errors
///
/// [`ModelError::Unsupported`] for more than [`MAX_LATIN`] rows.
///
/// ```
/// use backtracker_puzzles::latin_square;
///
/// // 12 Latin squares of order 3 (OEIS A002860), 2 up to the 3! renamings.
/// let classes = latin_square(3)?.search().count_classes().value;
/// assert_eq!((classes.solutions, classes.classes, classes.group), (12, 2, 6));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn latin_square(n: usize) -> Result<Model<usize, Vec<DynChecker<usize>>>, ModelError> {
    if n > MAX_LATIN {
        return Err(ModelError::Unsupported {
            reason: format!("Latin squares of up to {MAX_LATIN} rows, not {n}"),
        });
    }
    let mut b = ModelBuilder::new();
    for r in 0..n {
        for c in 0..n {
            b.variable(format!("r{r}c{c}"), 0..n);
        }
    }
    b.interchangeable_values(0..n * n, 0..n);
    let mut checkers: Vec<DynChecker<usize>> = Vec::new();
    for r in 0..n {
        checkers.push(Box::new(AllDifferent::new(
            format!("row {r}"),
            (0..n).map(|c| r * n + c),
        )));
    }
    for c in 0..n {
        checkers.push(Box::new(AllDifferent::new(
            format!("column {c}"),
            (0..n).map(|r| r * n + c),
        )));
    }
    b.build(checkers)
}
