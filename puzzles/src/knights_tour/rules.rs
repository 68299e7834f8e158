//! The rules of a tour as checkers: consecutive moves a knight's move
//! apart, and no unvisited square left without a way in and out.

use backtracker::Candidates;
use backtracker::Checker;
use backtracker::{Assignment, Choice};
use backtracker::{Conflict, Domains};

use super::{Chessboard, MAX_SQUARES, Square};

/// Consecutive moves are a knight's move apart; in a closed tour the last
/// move is also a knight's move from the first. Named `knight moves`.
///
/// Its `filter` keeps a move's candidates with one AND per word against the
/// precomputed bitset of the squares a knight reaches from the move before
/// (and after) it. It judges a model whose variable `k` is move `k` and
/// whose values are the squares, as [`model`](super::model) builds it.
///
/// ```
/// use backtracker::ModelBuilder;
/// use backtracker::constraints::AtMostOnePerLine;
/// use backtracker_puzzles::knights_tour::{Chessboard, KnightMoves};
///
/// // Knight's paths through all of a 3 x 4 board, without the dead-end rule.
/// let board = Chessboard::new(3, 4)?;
/// let mut b = ModelBuilder::new();
/// for k in 0..12 {
///     b.variable(format!("move {}", k + 1), 0..12u16);
/// }
/// let visited = AtMostOnePerLine::new("visited once", |_, &sq: &u16| usize::from(sq));
/// let mut model = b.build((visited, KnightMoves::new(&board, false)))?;
/// // 16 directed open tours, by brute force over knight paths.
/// assert_eq!(model.search().count().value, 16);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct KnightMoves {
    /// Number of moves (= squares).
    n: usize,
    closed: bool,
    /// Words per square bitset.
    words: usize,
    /// `n * words` words: per square, the set of squares a knight reaches.
    reach: Vec<u64>,
}

impl KnightMoves {
    /// The rule on `board`, for an open or a `closed` tour.
    #[must_use]
    pub fn new(board: &Chessboard, closed: bool) -> KnightMoves {
        let n = board.squares();
        let words = n.div_ceil(64).max(1);
        let mut reach = vec![0u64; n * words];
        for (sq, to) in board.neighbours.iter().enumerate() {
            for &t in to {
                reach[sq * words + t / 64] |= 1 << (t % 64);
            }
        }
        KnightMoves {
            n,
            closed,
            words,
            reach,
        }
    }

    fn reach(&self, sq: usize) -> &[u64] {
        &self.reach[sq * self.words..(sq + 1) * self.words]
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.reach(a)[b / 64] >> (b % 64) & 1 == 1
    }

    /// The moves before and after `var` that it must be a knight's move
    /// from (`None` where there is none).
    fn around(&self, var: usize) -> [Option<usize>; 2] {
        let before = match var {
            0 if self.closed => Some(self.n - 1),
            0 => None,
            _ => Some(var - 1),
        };
        let after = match var + 1 {
            next if next < self.n => Some(next),
            _ if self.closed => Some(0),
            _ => None,
        };
        [before, after]
    }
}

impl Checker<Square> for KnightMoves {
    fn name(&self) -> &'static str {
        "knight moves"
    }

    fn check(&self, assignment: &Assignment<'_, Square>) -> bool {
        (0..self.n).all(|var| {
            let [_, after] = self.around(var);
            match (
                assignment.index(var),
                after.and_then(|a| assignment.index(a)),
            ) {
                (Some(a), Some(b)) => self.adjacent(a, b),
                _ => true,
            }
        })
    }

    #[inline]
    fn promising(&self, assignment: &Assignment<'_, Square>, choice: Choice<'_, Square>) -> bool {
        let extended = assignment.with(choice);
        self.around(choice.var).into_iter().flatten().all(|other| {
            extended
                .index(other)
                .is_none_or(|sq| self.adjacent(sq, choice.index))
        })
    }

    #[inline]
    fn filter(
        &self,
        assignment: &Assignment<'_, Square>,
        var: usize,
        candidates: &mut Candidates<'_>,
    ) {
        for other in self.around(var).into_iter().flatten() {
            if other == var {
                // A one-square closed tour: no square is a knight's move from itself.
                candidates.words_mut().fill(0);
            } else if let Some(sq) = assignment.index(other) {
                for (word, mask) in candidates.words_mut().iter_mut().zip(self.reach(sq)) {
                    *word &= mask;
                }
            }
        }
    }
}

/// No dead ends: the squares not yet visited can still be strung onto the
/// rest of the tour, as a narrowing of the next move.
///
/// The rest of the tour runs from the knight's square through every
/// unvisited square (and, when closed, back to the start square), so each
/// unvisited square needs two ways in or out: unvisited knight squares,
/// the knight's square and (closed) the start, except that an open tour
/// may end on one square with one way. After the next move, to square `s`,
/// an unvisited square other than `s` has for ways its unvisited knight
/// squares of now (`s` among them if it is one: it is then the knight's
/// square) and the start: the same whatever `s` is. So the rule needs no
/// state: after each move it counts every unvisited square's ways once
/// and keeps, of the next move's candidates, the squares that leave none
/// short. A square with one way left must be entered next, and in a closed
/// tour the last unvisited knight square of the start must be kept for the
/// end.
///
/// Named `no dead ends`. It narrows, and needs the moves assigned in order
/// (the model's declared order), as [`model`](super::model) builds it.
///
/// ```
/// use backtracker_puzzles::knights_tour::{Chessboard, NoDeadEnds};
/// use backtracker::Checker;
///
/// let rule = NoDeadEnds::new(&Chessboard::new(5, 5)?, false);
/// assert_eq!(rule.name(), "no dead ends");
/// assert!(rule.narrows());
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct NoDeadEnds {
    n: usize,
    closed: bool,
    neighbours: Vec<Vec<usize>>,
}

/// What the squares visited so far leave for the next move.
struct Outlook {
    closed: bool,
    /// The visited squares, as a bitset.
    visited: [u64; MAX_SQUARES / 64],
    /// Unvisited squares.
    left: usize,
    /// The first `weak` unvisited squares with fewer than two ways, with
    /// their ways; at most three: three are too many for any next move.
    short: [(usize, u32); 3],
    weak: usize,
    /// The start square's unvisited knight squares, counted up to two.
    home: u32,
    /// The start square's knight squares, as a bitset.
    near_start: [u64; MAX_SQUARES / 64],
}

impl Outlook {
    /// Whether the next move may go to `s`.
    fn allows(&self, s: usize) -> bool {
        let fresh = !bit(&self.visited, s);
        if self.left == usize::from(fresh) {
            return true;
        }
        let mut others = self.short[..self.weak].iter().filter(|&&(u, _)| u != s);
        if self.closed {
            others.next().is_none() && self.home > u32::from(fresh && bit(&self.near_start, s))
        } else {
            let (mut dead, mut low) = (0, 0);
            for &(_, ways) in others {
                dead += usize::from(ways == 0);
                low += 1;
            }
            dead == 0 && low <= 1
        }
    }
}

/// Whether square `sq` is in the bitset `set`.
fn bit(set: &[u64], sq: usize) -> bool {
    set[sq / 64] >> (sq % 64) & 1 == 1
}

impl NoDeadEnds {
    /// The rule on `board`, for an open or a `closed` tour.
    #[must_use]
    pub fn new(board: &Chessboard, closed: bool) -> NoDeadEnds {
        NoDeadEnds {
            n: board.squares(),
            closed,
            neighbours: board.neighbours.clone(),
        }
    }

    /// The outlook after visiting the squares `path` of a tour from `start`.
    fn outlook(&self, path: impl IntoIterator<Item = usize>, start: usize) -> Outlook {
        let (mut visited, mut near_start) = ([0u64; MAX_SQUARES / 64], [0u64; MAX_SQUARES / 64]);
        for sq in path {
            visited[sq / 64] |= 1 << (sq % 64);
        }
        for &sq in &self.neighbours[start] {
            near_start[sq / 64] |= 1 << (sq % 64);
        }
        let unvisited = |u: &usize| !bit(&visited, *u);
        let free = |u: usize| {
            self.neighbours[u]
                .iter()
                .filter(|v| unvisited(v))
                .take(2)
                .count()
        };
        let (mut short, mut weak) = ([(0, 0); 3], 0);
        for u in (0..self.n).filter(unvisited) {
            let ways = crate::small(free(u)) + u32::from(self.closed && bit(&near_start, u));
            if ways < 2 {
                short[weak] = (u, ways);
                weak += 1;
                if weak == short.len() {
                    break;
                }
            }
        }
        let words = &visited[..self.n.div_ceil(64)];
        let seen: u32 = words.iter().map(|w| w.count_ones()).sum();
        Outlook {
            closed: self.closed,
            visited,
            left: self.n - seen as usize,
            short,
            weak,
            home: crate::small(free(start)),
            near_start,
        }
    }

    /// The number of moves assigned, if they are the first ones.
    fn moves(&self, assignment: &Assignment<'_, Square>) -> Option<usize> {
        let moves = (0..self.n)
            .take_while(|&var| assignment.is_assigned(var))
            .count();
        (moves..self.n)
            .all(|var| !assignment.is_assigned(var))
            .then_some(moves)
    }
}

impl Checker<Square> for NoDeadEnds {
    fn name(&self) -> &'static str {
        "no dead ends"
    }

    /// The rule judges a tour laid move after move: the last of the first
    /// moves, given the ones before; it lets anything else through.
    fn check(&self, assignment: &Assignment<'_, Square>) -> bool {
        let Some(last) = self.moves(assignment).and_then(|k| k.checked_sub(1)) else {
            return true;
        };
        let (Some(start), Some(at)) = (assignment.index(0), assignment.index(last)) else {
            return true;
        };
        let path = (0..last).filter_map(|var| assignment.index(var));
        self.outlook(path, start).allows(at)
    }

    // `narrow` keeps the next move's candidates exactly as `check` would.
    fn promising(&self, _: &Assignment<'_, Square>, _: Choice<'_, Square>) -> bool {
        true
    }

    fn filter(&self, _: &Assignment<'_, Square>, _: usize, _: &mut Candidates<'_>) {}

    fn narrows(&self) -> bool {
        true
    }

    fn filters(&self) -> bool {
        false
    }

    /// Narrows the next move when `var` is the last move assigned (or,
    /// before the first move, the first). The moves are assigned in order,
    /// as the model declares them, so `var` is the last one when the move
    /// after it is not assigned.
    fn narrow(&self, var: usize, domains: &mut Domains<'_, Square>) -> Result<(), Conflict> {
        let assignment = domains.assignment();
        let next = var + 1;
        match assignment.index(0) {
            None if var == 0 => {
                domains.retain(0, |s| self.outlook([], s).allows(s))?;
            }
            Some(start)
                if assignment.is_assigned(var)
                    && next < self.n
                    && !assignment.is_assigned(next) =>
            {
                let outlook = self.outlook((0..next).filter_map(|v| assignment.index(v)), start);
                if outlook.weak > 0 || (self.closed && outlook.home < 2) {
                    domains.retain(next, |s| outlook.allows(s))?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}
