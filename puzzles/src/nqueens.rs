//! N-Queens: place N queens on an N x N board, no two attacking.

use backtracker::Checkers;
use backtracker::DynChecker;
use backtracker::ModelError;
use backtracker::Symmetry;
use backtracker::constraints::AtMostOnePerLine;
use backtracker::{Model, ModelBuilder};

/// The largest board the reference model accepts: its diagonals (2N - 1 of
/// them) fit in one machine word. Beyond it no count is within reach anyway
/// (the largest known count is for N = 27).
pub const MAX_QUEENS: usize = 32;

/// One of the rules of N-Queens besides "one queen per row", which holds
/// by construction (one variable per row).
///
/// ```
/// use backtracker_puzzles::{nqueens_with, Rule};
///
/// let mut both = nqueens_with(4, &Rule::ALL)?;
/// assert_eq!(both.search().count().value, 2);
/// let mut rooks = nqueens_with(4, &[Rule::Columns])?;
/// assert_eq!(rooks.search().count().value, 24); // 4!
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// No two queens in a column.
    Columns,
    /// No two queens on a diagonal (row + column constant).
    Diagonals,
    /// No two queens on an anti-diagonal (column - row constant).
    AntiDiagonals,
}

impl Rule {
    /// All three rules, in model order.
    pub const ALL: [Rule; 3] = [Rule::Columns, Rule::Diagonals, Rule::AntiDiagonals];

    /// The checker's name: `columns`, `diagonals` or `anti-diagonals`.
    ///
    /// ```
    /// use backtracker_puzzles::{nqueens, Rule};
    ///
    /// let names: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
    /// assert_eq!(names, nqueens(4)?.checker_names());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Columns => "columns",
            Rule::Diagonals => "diagonals",
            Rule::AntiDiagonals => "anti-diagonals",
        }
    }

    /// The rule called `name`, if any.
    ///
    /// ```
    /// use backtracker_puzzles::Rule;
    ///
    /// assert_eq!(Rule::from_name("anti-diagonals"), Some(Rule::AntiDiagonals));
    /// assert_eq!(Rule::from_name("rows"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    fn checker(self, n: usize) -> DynChecker<usize> {
        match self {
            Rule::Columns => Box::new(AtMostOnePerLine::new(self.name(), column)),
            Rule::Diagonals => Box::new(AtMostOnePerLine::new(self.name(), diagonal)),
            Rule::AntiDiagonals => Box::new(AtMostOnePerLine::new(self.name(), anti_diagonal(n))),
        }
    }
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "a line function, called with a reference to the value"
)]
fn column(_row: usize, &col: &usize) -> usize {
    col
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "a line function, called with a reference to the value"
)]
fn diagonal(row: usize, &col: &usize) -> usize {
    row + col
}

fn anti_diagonal(n: usize) -> impl Fn(usize, &usize) -> usize + Clone + Send {
    move |row, &col| col + (n - 1) - row
}

/// The variables of N-Queens on an `n` x `n` board, for a model with rules
/// of its own: `row 0`, `row 1`, ..., each holding the column of the queen
/// in its row (`0..n`), so there is one queen per row by construction.
/// No symmetry is declared: whether reflecting the board keeps solutions
/// depends on the rules, so declare it with
/// [`ModelBuilder::mirror_symmetry`] when they have it.
///
/// # Errors
///
/// [`ModelError::Unsupported`] for `n` above [`MAX_QUEENS`].
///
/// ```
/// use backtracker::constraints::AtMostOnePerLine;
/// use backtracker_puzzles::nqueens_rows;
///
/// // Rooks: one per row and column, no diagonal rule; 4! placements.
/// let mut b = nqueens_rows(4)?;
/// b.mirror_symmetry();
/// let mut rooks = b.build((AtMostOnePerLine::small("columns", |_, c| c),))?;
/// assert_eq!(rooks.search().count().value, 24);
/// assert!(nqueens_rows(33).is_err());
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn nqueens_rows(n: usize) -> Result<ModelBuilder<usize>, ModelError> {
    if n > MAX_QUEENS {
        return Err(ModelError::Unsupported {
            reason: format!("n-queens supports boards up to {MAX_QUEENS}, not {n}"),
        });
    }
    let mut b = ModelBuilder::new();
    for row in 0..n {
        b.variable(format!("row {row}"), 0..n);
    }
    Ok(b)
}

/// The N-Queens reference model: variable `row r` holds the column of the
/// queen in row `r` (so there is one queen per row by construction), and
/// three [`AtMostOnePerLine`] checkers, `columns` (line `c`),
/// `diagonals` (line `r + c`) and `anti-diagonals` (line `c + n - 1 - r`),
/// keep the used-column and used-diagonal sets
/// incrementally, so each filters a row's candidates with a shift and a
/// mask. They are [`AtMostOnePerLine::small`] checkers (line functions
/// on the column's index), one machine word of state each. It declares mirror symmetry (reflecting every queen left to right
/// gives another solution), and the 8 symmetries of the board
/// ([`Symmetry::square_rows`]), by which
/// [`Search::count_classes`](backtracker::Search::count_classes) counts the
/// fundamental solutions.
///
/// The checkers are a tuple, so searches are monomorphised and inlined.
///
/// # Errors
///
/// [`ModelError::Unsupported`] for `n` above [`MAX_QUEENS`].
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8)?;
/// assert_eq!(model.search().count().value, 92);
/// assert_eq!(model.checker_names(), ["columns", "diagonals", "anti-diagonals"]);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn nqueens(
    n: usize,
) -> Result<Model<usize, impl Checkers<usize> + Clone + Send + Sync>, ModelError> {
    let mut b = nqueens_rows(n)?;
    b.mirror_symmetry();
    for generator in Symmetry::square_rows(n) {
        b.symmetry(generator);
    }
    b.build((
        AtMostOnePerLine::small(Rule::Columns.name(), |_, col| col),
        AtMostOnePerLine::small(Rule::Diagonals.name(), |row, col| row + col),
        AtMostOnePerLine::small(Rule::AntiDiagonals.name(), move |row, col| {
            col + (n - 1) - row
        }),
    ))
}

/// N-Queens with only some of the rules, as boxed checkers (the
/// convenient path). It declares mirror symmetry when the rules have it:
/// with both diagonal rules or neither. With no rules, every placement of one queen per row
/// is a solution (`n^n`); with [`Rule::Columns`] alone, every permutation
/// (`n!`).
///
/// # Errors
///
/// As [`nqueens`].
///
/// ```
/// use backtracker_puzzles::{nqueens_with, Rule};
///
/// let mut rows_only = nqueens_with(5, &[])?;
/// assert_eq!(rows_only.search().count().value, 3125);
/// let mut permutations = nqueens_with(5, &[Rule::Columns])?;
/// assert_eq!(permutations.search().count().value, 120);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn nqueens_with(
    n: usize,
    rules: &[Rule],
) -> Result<Model<usize, Vec<DynChecker<usize>>>, ModelError> {
    // Reflecting the board left to right swaps diagonals and anti-diagonals,
    // so the rules are symmetric when they have both or neither.
    let mirror = rules.contains(&Rule::Diagonals) == rules.contains(&Rule::AntiDiagonals);
    let mut b = nqueens_rows(n)?;
    if mirror {
        b.mirror_symmetry();
    }
    b.build(rules.iter().map(|r| r.checker(n)).collect::<Vec<_>>())
}
