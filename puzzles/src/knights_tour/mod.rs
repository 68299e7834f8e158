//! Knight's tours: a knight visits every square of a board once (and, in
//! a closed tour, ends a knight's move from where it began).
//!
//! [`model`] has one variable per move (`move 1`, `move 2`, ...) whose
//! values are the squares, numbered row by row from 0, the first pinned to
//! the start square, and three checkers:
//!
//! - `visited once`: an [`AtMostOnePerLine`] whose line is the square;
//! - `knight moves` ([`KnightMoves`]): consecutive moves are a knight's
//!   move apart (and, for a closed tour, the last move is one away from the
//!   first);
//! - `no dead ends` ([`NoDeadEnds`]): every unvisited square can still be
//!   reached and left. It narrows: after each move it keeps of the next
//!   move's candidates the squares that leave no square short of ways.
//!
//! [`successor_model`] states closed tours the other way round: per
//! square the square after it, all of them one cycle (a
//! [`Circuit`](backtracker::constraints::Circuit)); it counts them in fewer
//! nodes and less time.
//!
//! Boards of more than 64 squares have domains of more than 64 values, so
//! the engine keeps candidate sets of several words.
//!
//! To find one tour, squares can be tried in the order of Warnsdorff's
//! rule: the square with the fewest onward moves first, ties broken by a
//! [`Ties`] rule. [`TourFinder`] runs such searches as a portfolio of short
//! attempts with the [`Restarts`] helper. [`impossible`] answers from known
//! theorems (colours, Schwenk's, boards of 4 rows) where a search would
//! take for ever.
//!
//! ```
//! use backtracker_puzzles::knights_tour::{model, Chessboard, TourFinder};
//! use backtracker::RestartStop;
//!
//! // OEIS A165134: 304 open tours of the 5 x 5 board start at a corner.
//! let board = Chessboard::new(5, 5)?;
//! assert_eq!(model(&board, 0, false, None)?.search().count().value, 304);
//!
//! let found = TourFinder::new(&board, 0)?.find()?;
//! assert_eq!(found.stop, RestartStop::Found);
//! let tour = found.value.unwrap();
//! assert_eq!(tour[0], 0);
//! assert!(tour.windows(2).all(|w| board.neighbours(w[0]).contains(&w[1])));
//! # Ok::<(), backtracker::ModelError>(())
//! ```

use std::cmp::Reverse;

use backtracker::Assignment;
use backtracker::Checkers;
use backtracker::ModelError;
use backtracker::Stats;
use backtracker::constraints::AtMostOnePerLine;
use backtracker::{Attempt, Restarted, Restarts, Rng, Schedule, TieRule};
use backtracker::{Model, ModelBuilder};

mod rules;
mod successors;
mod theorems;

pub use rules::{KnightMoves, NoDeadEnds};
pub use successors::successor_model;
pub use theorems::{Theorem, impossible};

/// A square's value in the model: its number, row by row from 0. Every
/// move's domain is all the squares in order, so a value's domain index is
/// its square.
pub type Square = u16;

/// The largest board, in squares. Each of its moves has every square in
/// its domain, so a model takes memory in the square of this.
pub const MAX_SQUARES: usize = 4096;

const _: () = assert!(MAX_SQUARES <= Square::MAX as usize);
// Every board has a trace page.
const _: () = assert!(MAX_SQUARES <= backtracker::trace::MAX_GRID_CELLS);

/// A board: its size and, per square, the squares a knight reaches from it.
///
/// ```
/// use backtracker_puzzles::knights_tour::Chessboard;
///
/// let board = Chessboard::new(3, 4)?;
/// assert_eq!((board.rows(), board.cols(), board.squares()), (3, 4, 12));
/// assert_eq!(board.square(1, 2), Some(6));
/// assert_eq!(board.square(3, 0), None);
/// assert_eq!(board.neighbours(0), [6, 9]);
/// assert!(Chessboard::new(65, 64).is_err());
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chessboard {
    rows: usize,
    cols: usize,
    /// Per square, the knight's squares in increasing order.
    neighbours: Vec<Vec<usize>>,
}

impl Chessboard {
    /// A board of `rows` x `cols` squares.
    ///
    /// # Errors
    ///
    /// [`ModelError::Unsupported`] for a board without squares or with more
    /// than [`MAX_SQUARES`].
    pub fn new(rows: usize, cols: usize) -> Result<Chessboard, ModelError> {
        const JUMPS: [(isize, isize); 8] = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        if rows == 0 || cols == 0 {
            return Err(ModelError::Unsupported {
                reason: format!("a {rows} x {cols} board has no squares"),
            });
        }
        if rows.saturating_mul(cols) > MAX_SQUARES {
            return Err(ModelError::Unsupported {
                reason: format!(
                    "a {rows} x {cols} board has {} squares; at most {MAX_SQUARES} are supported",
                    rows as u128 * cols as u128
                ),
            });
        }
        // At most MAX_SQUARES, so every coordinate fits in an isize.
        #[expect(
            clippy::cast_possible_wrap,
            reason = "coordinates of at most MAX_SQUARES squares"
        )]
        let at = |sq: usize| ((sq / cols) as isize, (sq % cols) as isize);
        let neighbours = (0..rows * cols)
            .map(|sq| {
                let (r, c) = at(sq);
                let mut to: Vec<usize> = JUMPS
                    .iter()
                    .filter_map(|(dr, dc)| {
                        let r = usize::try_from(r + dr).ok().filter(|&r| r < rows)?;
                        let c = usize::try_from(c + dc).ok().filter(|&c| c < cols)?;
                        Some(r * cols + c)
                    })
                    .collect();
                to.sort_unstable();
                to
            })
            .collect();
        Ok(Chessboard {
            rows,
            cols,
            neighbours,
        })
    }

    /// Its rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Its columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Its squares.
    #[must_use]
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// The number of the square in row `row` and column `col` (from 0),
    /// if it is on the board.
    #[must_use]
    pub fn square(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols).then(|| row * self.cols + col)
    }

    /// The squares a knight reaches from `sq`, in increasing order (none
    /// for a square off the board).
    #[must_use]
    pub fn neighbours(&self, sq: usize) -> &[usize] {
        self.neighbours.get(sq).map_or(&[], Vec::as_slice)
    }

    /// `tour` (the squares in order) as rows of move numbers from 1,
    /// right-aligned in columns; a square the tour misses shows 0.
    ///
    /// ```
    /// use backtracker_puzzles::knights_tour::Chessboard;
    ///
    /// let board = Chessboard::new(1, 1)?;
    /// assert_eq!(board.render(&[0]), "1\n");
    /// let board = Chessboard::new(3, 4)?;
    /// let tour = [0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11];
    /// assert_eq!(board.render(&tour), " 1  4  7 10\n 8 11  2  5\n 3  6  9 12\n");
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn render(&self, tour: &[usize]) -> String {
        let mut number = vec![0; self.squares()];
        for (k, &sq) in tour.iter().enumerate() {
            if let Some(cell) = number.get_mut(sq) {
                *cell = k + 1;
            }
        }
        let width = self.squares().to_string().len();
        let mut out = String::new();
        for row in number.chunks(self.cols) {
            let cells: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// On a board with 4 rows (or else 4 columns): per square, whether it is
    /// on one of the two outer rows (columns).
    fn outer_squares(&self) -> Option<Vec<bool>> {
        let outer = |line: usize| line == 0 || line == 3;
        if self.rows == 4 {
            Some(
                (0..self.squares())
                    .map(|sq| outer(sq / self.cols))
                    .collect(),
            )
        } else if self.cols == 4 {
            Some(
                (0..self.squares())
                    .map(|sq| outer(sq % self.cols))
                    .collect(),
            )
        } else {
            None
        }
    }

    /// The squared distance of `sq` from the centre of the board, in half squares.
    fn distance_from_centre(&self, sq: usize) -> usize {
        let dr = (2 * (sq / self.cols)).abs_diff(self.rows - 1);
        let dc = (2 * (sq % self.cols)).abs_diff(self.cols - 1);
        dr * dr + dc * dc
    }
}

/// How Warnsdorff's rule breaks ties between squares with as few onward
/// moves. Remaining ties go to the lower square number, so every search is
/// the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// The square farther from the centre of the board first (Roth's rule:
    /// it keeps the knight near the edges, which are hardest to come back to).
    Outward,
    /// The lower square number first.
    Lowest,
    /// The higher square number first.
    Highest,
    /// The square nearer the centre first.
    Inward,
    /// An order of the squares drawn from the seed (with [`Rng`]).
    Shuffled(u64),
}

impl Ties {
    /// The fixed rules, in the order [`TourFinder`] tries them.
    pub const FIXED: [Ties; 4] = [Ties::Outward, Ties::Lowest, Ties::Highest, Ties::Inward];
}

/// The tour model on `board`: move `k` (from 0) is on a square, move 0 on
/// `start`, and for a `closed` tour the last move is a knight's move from
/// the first. With `ties`, squares are tried in the order of Warnsdorff's
/// rule; without, in square order (for counting, which visits every tour).
///
/// On a board of 4 rows (or columns), an open tour from an outer square
/// visits outer and inner squares by turns, except once half way (see
/// [`Theorem::FourRanks`]: by the same colour count, the one step between
/// two inner squares is from move `2c` to move `2c + 1`), so every move is
/// restricted to outer or inner squares.
///
/// # Errors
///
/// [`ModelError::Unsupported`] when `start` is not a square of `board`.
///
/// ```
/// use backtracker_puzzles::knights_tour::{model, Chessboard, Ties};
///
/// // OEIS A070030: 16 closed tours of 3 x 10, each run in two directions.
/// let board = Chessboard::new(3, 10)?;
/// assert_eq!(model(&board, 0, true, None)?.search().count().value, 32);
/// let tour = model(&board, 0, true, Some(Ties::Outward))?.search().first().value;
/// assert_eq!(tour.map(|t| t.len()), Some(30));
/// assert!(model(&board, 30, false, None).is_err());
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn model(
    board: &Chessboard,
    start: usize,
    closed: bool,
    ties: Option<Ties>,
) -> Result<Model<Square, impl Checkers<Square> + Clone + Send + Sync>, ModelError> {
    let n = board.squares();
    let (Ok(squares), Ok(first)) = (Square::try_from(n), Square::try_from(start)) else {
        return Err(off_board(board, start));
    };
    if start >= n {
        return Err(off_board(board, start));
    }
    let mut b = ModelBuilder::new();
    for k in 0..n {
        b.variable(format!("move {}", k + 1), 0..squares);
    }
    b.pin(0, &first);
    if let Some(outer) = board.outer_squares().filter(|_| !closed) {
        // Move p (from 1) is outer when p is odd in the first half and
        // when p is even in the second.
        let half = n / 2;
        for k in 0..n {
            let p = k + 1;
            let want = if p <= half { p % 2 == 1 } else { p % 2 == 0 };
            b.restrict(k, |&sq| outer[usize::from(sq)] == want);
        }
    }
    if let Some(ties) = ties {
        let neighbours = board.neighbours.clone();
        // Per square, its rank among squares with as few onward moves (lower first).
        let rank: Vec<Reverse<usize>> = match ties {
            Ties::Shuffled(seed) => {
                let mut order: Vec<usize> = (0..n).collect();
                Rng::new(seed).shuffle(&mut order);
                let mut rank = vec![Reverse(0); n];
                for (place, &sq) in order.iter().enumerate() {
                    rank[sq] = Reverse(n - place);
                }
                rank
            }
            fixed => (0..n)
                .map(|sq| match fixed {
                    Ties::Outward => Reverse(board.distance_from_centre(sq)),
                    Ties::Highest => Reverse(sq),
                    Ties::Inward => Reverse(usize::MAX - board.distance_from_centre(sq)),
                    Ties::Lowest | Ties::Shuffled(_) => Reverse(0),
                })
                .collect(),
        };
        b.value_order(
            move |assignment: &Assignment<'_, Square>, _, squares: &mut Vec<usize>| {
                let mut visited = vec![false; neighbours.len()];
                for var in 0..assignment.len() {
                    if let Some(sq) = assignment.index(var) {
                        visited[sq] = true;
                    }
                }
                let onward = |sq: usize| neighbours[sq].iter().filter(|&&t| !visited[t]).count();
                // Candidates come in square order and the sort is stable: the
                // last ties stay in square order.
                squares.sort_by_cached_key(|&sq| (onward(sq), rank[sq]));
            },
        );
    }
    let visited = AtMostOnePerLine::new("visited once", |_, &sq: &Square| usize::from(sq));
    b.build((
        visited,
        KnightMoves::new(board, closed),
        NoDeadEnds::new(board, closed),
    ))
}

fn off_board(board: &Chessboard, start: usize) -> ModelError {
    ModelError::Unsupported {
        reason: format!(
            "square {start} is not on the {} x {} board",
            board.rows, board.cols
        ),
    }
}

/// One of the eight symmetries of a rectangular board: flip the rows,
/// flip the columns, then swap rows and columns. It maps tours to tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Symmetry {
    flip_rows: bool,
    flip_cols: bool,
    transpose: bool,
}

impl Symmetry {
    const IDENTITY: Symmetry = Symmetry {
        flip_rows: false,
        flip_cols: false,
        transpose: false,
    };

    /// All eight, the identity first.
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(|k| Symmetry {
            transpose: k & 1 == 1,
            flip_rows: k & 2 == 2,
            flip_cols: k & 4 == 4,
        })
    }

    /// The image of `board`.
    fn board(self, board: &Chessboard) -> Result<Chessboard, ModelError> {
        if self.transpose {
            Chessboard::new(board.cols, board.rows)
        } else {
            Ok(board.clone())
        }
    }

    /// The image of square `sq` of `board`.
    fn square(self, board: &Chessboard, sq: usize) -> usize {
        let (mut r, mut c) = (sq / board.cols, sq % board.cols);
        if self.flip_rows {
            r = board.rows - 1 - r;
        }
        if self.flip_cols {
            c = board.cols - 1 - c;
        }
        if self.transpose {
            c * board.rows + r
        } else {
            r * board.cols + c
        }
    }
}

/// One way to search for a tour: on the image of the board under
/// `symmetry`, from the image of `from`, with `ties`.
#[derive(Clone, Copy, Debug)]
struct Variant {
    symmetry: Symmetry,
    from: usize,
    ties: Ties,
}

/// Finds one tour, in short attempts with [`Restarts`].
///
/// Warnsdorff's rule finds most tours with little or no backtracking, but
/// on some boards one way of breaking its ties leads it into a long dead
/// end that another avoids. So the search is made in attempts, each
/// stopped after a budget of nodes, each with one variant of the search
/// (its [`Attempt::rule`]): every [`Ties::FIXED`] rule on every mirror
/// image of the board (the square numbers, and so the ties, fall
/// differently there) and, for a closed tour (which can be turned to
/// start anywhere), from up to 8 other start squares with each rule. The
/// default [`Restarts`] gives each variant once a budget of `20n + 1000`
/// nodes on `n` squares, and then makes a last attempt without a budget,
/// so the run always ends with an answer. An attempt that searches its
/// whole tree proves there is no tour.
///
/// ```
/// use backtracker_puzzles::knights_tour::{Chessboard, TourFinder};
/// use backtracker::{RestartStop, Restarts, Schedule, TieRule};
///
/// let board = Chessboard::new(8, 8)?;
/// let finder = TourFinder::new(&board, board.square(4, 1).unwrap())?.closed(true);
/// let found = finder.find()?;
/// assert_eq!(found.stop, RestartStop::Found);
/// let tour = found.value.unwrap();
/// assert_eq!(tour[0], 33);
/// assert!(board.neighbours(tour[63]).contains(&tour[0]));
///
/// // Luby's budgets, random variants, and the ties shuffled from a seed.
/// let restarts = Restarts::new(Schedule::luby(500))
///     .tie_rules(finder.variants(), TieRule::Random)
///     .seed(3);
/// let shuffled = finder.restarts(restarts).shuffle_ties(true);
/// let first = shuffled.find()?;
/// assert_eq!(first.stop, RestartStop::Found);
/// // The same seed, the same attempts and the same tour.
/// let again = shuffled.find()?;
/// assert_eq!((again.value, again.attempts), (first.value, first.attempts));
/// assert_eq!(again.stats.nodes, first.stats.nodes);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TourFinder<'b> {
    board: &'b Chessboard,
    start: usize,
    closed: bool,
    cross_check: bool,
    shuffle_ties: bool,
    restarts: Option<Restarts>,
}

impl<'b> TourFinder<'b> {
    /// A search for an open tour of `board` from square `start`, with the
    /// default restarts.
    ///
    /// # Errors
    ///
    /// [`ModelError::Unsupported`] when `start` is not a square of `board`.
    pub fn new(board: &'b Chessboard, start: usize) -> Result<TourFinder<'b>, ModelError> {
        if start >= board.squares() {
            return Err(off_board(board, start));
        }
        Ok(TourFinder {
            board,
            start,
            closed: false,
            cross_check: false,
            shuffle_ties: false,
            restarts: None,
        })
    }

    /// Whether the tour is closed (default: open).
    #[must_use]
    pub fn closed(mut self, on: bool) -> TourFinder<'b> {
        self.closed = on;
        self
    }

    /// Whether each attempt runs in [cross-check mode](backtracker::Search::cross_check)
    /// (default: no). A disagreement ends the run with
    /// [`RestartStop::Search`](backtracker::RestartStop::Search).
    #[must_use]
    pub fn cross_check(mut self, on: bool) -> TourFinder<'b> {
        self.cross_check = on;
        self
    }

    /// Whether each attempt breaks Warnsdorff's ties with
    /// [`Ties::Shuffled`] from the [attempt's seed](Attempt::seed) instead
    /// of its variant's fixed rule (default: no).
    #[must_use]
    pub fn shuffle_ties(mut self, on: bool) -> TourFinder<'b> {
        self.shuffle_ties = on;
        self
    }

    /// The attempts to make instead of the default ones. An attempt's
    /// [`rule`](Attempt::rule) picks its variant (modulo
    /// [`variants`](Self::variants)).
    #[must_use]
    pub fn restarts(mut self, restarts: Restarts) -> TourFinder<'b> {
        self.restarts = Some(restarts);
        self
    }

    /// How many variants of the search there are: 32 for an open tour,
    /// and up to 32 more for a closed one.
    #[must_use]
    pub fn variants(&self) -> usize {
        self.all_variants().len()
    }

    /// The default restarts: each variant once with a budget of `20n +
    /// 1000` nodes, in turn, then one attempt without a budget.
    #[must_use]
    pub fn default_restarts(&self) -> Restarts {
        let n = self.board.squares() as u64;
        let variants = self.variants();
        Restarts::new(Schedule::constant(20 * n + 1000))
            .tie_rules(variants, TieRule::Rotate)
            .max_attempts(variants as u64)
            .then_unlimited(true)
    }

    fn all_variants(&self) -> Vec<Variant> {
        let mut variants: Vec<Variant> = Ties::FIXED
            .iter()
            .flat_map(|&ties| {
                Symmetry::all().map(move |symmetry| Variant {
                    symmetry,
                    from: self.start,
                    ties,
                })
            })
            .collect();
        if self.closed {
            let others = (0..self.board.squares()).filter(|&sq| sq != self.start);
            for from in others.take(8) {
                for ties in Ties::FIXED {
                    variants.push(Variant {
                        symmetry: Symmetry::IDENTITY,
                        from,
                        ties,
                    });
                }
            }
        }
        variants
    }

    /// Runs the attempts and returns the tour found (the squares in order,
    /// from the start square), the attempts made and why the run ended.
    /// When a [theorem](impossible) rules out every tour, no attempt is
    /// made: the run ends at once with
    /// [`RestartStop::Exhausted`](backtracker::RestartStop::Exhausted).
    ///
    /// # Errors
    ///
    /// [`ModelError`] when a model cannot be built (which does not happen
    /// on a board that [`Chessboard::new`] accepted).
    pub fn find(&self) -> Result<Restarted<Vec<usize>>, ModelError> {
        self.find_with(|_, _| {})
    }

    /// As [`find`](Self::find), calling `before` before each attempt with
    /// the attempt and the statistics of the attempts so far (to show the
    /// progress).
    ///
    /// # Errors
    ///
    /// As [`find`](Self::find).
    ///
    /// ```
    /// use backtracker_puzzles::knights_tour::{Chessboard, TourFinder};
    ///
    /// let board = Chessboard::new(6, 6)?;
    /// let mut seen = Vec::new();
    /// let found = TourFinder::new(&board, 0)?.find_with(|attempt, so_far| {
    ///     seen.push((attempt.index(), so_far.nodes));
    /// })?;
    /// assert_eq!(seen.len() as u64, found.attempts);
    /// assert_eq!(seen[0], (0, 0));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn find_with(
        &self,
        mut before: impl FnMut(&Attempt, &Stats),
    ) -> Result<Restarted<Vec<usize>>, ModelError> {
        if impossible(self.board, self.start, self.closed).is_some() {
            return Ok(Restarted {
                value: None,
                attempts: 0,
                stats: Stats::default(),
                stop: backtracker::RestartStop::Exhausted,
            });
        }
        let variants = self.all_variants();
        let restarts = self
            .restarts
            .clone()
            .unwrap_or_else(|| self.default_restarts());
        let board = self.board;
        let n = board.squares();
        let mut so_far = Stats::default();
        restarts.run(|attempt| {
            before(attempt, &so_far);
            let variant = variants[attempt.rule() % variants.len()];
            let ties = if self.shuffle_ties {
                Ties::Shuffled(attempt.seed())
            } else {
                variant.ties
            };
            let image = variant.symmetry.board(board)?;
            let from = variant.symmetry.square(board, variant.from);
            let mut model = model(&image, from, self.closed, Some(ties))?;
            let outcome = attempt
                .apply(model.search().cross_check(self.cross_check))
                .first();
            so_far.absorb(&outcome.stats);
            let value = outcome.value.as_ref().map(|tour| {
                // Back from the image to the board.
                let mut original = vec![0; n];
                for sq in 0..n {
                    original[variant.symmetry.square(board, sq)] = sq;
                }
                let mut tour: Vec<usize> =
                    tour.iter().map(|&sq| original[usize::from(sq)]).collect();
                // A closed tour found from another square, turned to begin at the start.
                let at = tour.iter().position(|&sq| sq == self.start).unwrap_or(0);
                tour.rotate_left(at);
                tour
            });
            Ok(backtracker::Outcome {
                value,
                stats: outcome.stats,
                stop: outcome.stop,
            })
        })
    }
}
