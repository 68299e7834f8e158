//! The rules of a tour as checkers: consecutive moves a knight's move
//! apart, and no unvisited square left without a way in and out.

use backtracker::{Assignment, Candidates, Checker, Choice};

use super::{Board, Square};

/// Consecutive moves are a knight's move apart; in a closed tour the last
/// move is also a knight's move from the first.
#[derive(Clone, Debug)]
pub(super) struct KnightMoves {
    /// Number of moves (= squares).
    n: usize,
    closed: bool,
    /// Words per square bitset.
    words: usize,
    /// `n * words` words: per square, the set of squares a knight reaches.
    reach: Vec<u64>,
}

impl KnightMoves {
    pub(super) fn new(board: &Board, closed: bool) -> KnightMoves {
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
    fn name(&self) -> &str {
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
/// rest of the tour.
///
/// With moves `0..=k` assigned and the knight on square `s`, the rest of
/// the tour runs from `s` through every unvisited square (and, when
/// closed, back to the start square `t`). So every unvisited square needs
/// two tour neighbours among the unvisited squares, `s` and (closed) `t`,
/// except that an open tour may end on one square that has just one. The
/// checker keeps, per square, how many of its knight squares are unvisited,
/// and how many unvisited squares fall short, so judging a step only looks
/// at the squares around the old and the new position.
///
/// The rule is about a tour laid move after move: it judges assignments
/// whose assigned moves are `0..=k`, and lets any other through. Its
/// incremental state assumes the moves are assigned in that order, which
/// the model's declared variable order guarantees.
#[derive(Clone, Debug)]
pub(super) struct NoDeadEnds {
    n: usize,
    closed: bool,
    neighbours: Vec<Vec<usize>>,
    visited: Vec<bool>,
    /// Per square, how many of its knight squares are unvisited.
    free: Vec<u32>,
    /// The squares of the assigned moves, in order.
    path: Vec<usize>,
    /// Unvisited squares.
    left: usize,
    /// Unvisited squares with no possible tour neighbour.
    zero: usize,
    /// Unvisited squares with fewer than two possible tour neighbours.
    low: usize,
}

impl NoDeadEnds {
    pub(super) fn new(board: &Board, closed: bool) -> NoDeadEnds {
        let free = board.neighbours.iter().map(|to| to.len() as u32).collect();
        NoDeadEnds {
            n: board.squares(),
            closed,
            neighbours: board.neighbours.clone(),
            visited: vec![false; board.squares()],
            free,
            path: Vec::new(),
            left: board.squares(),
            zero: 0,
            low: 0,
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].binary_search(&b).is_ok()
    }

    /// Possible tour neighbours of unvisited square `u` with `free` unvisited
    /// knight squares, the knight on `at` and the tour starting at `start`.
    fn options(&self, u: usize, free: u32, at: usize, start: usize) -> u32 {
        free + u32::from(self.adjacent(u, at)) + u32::from(self.closed && self.adjacent(u, start))
    }

    /// Whether the counts allow a tour, with `left` squares unvisited and
    /// `home` unvisited knight squares around the start.
    fn allows(&self, left: usize, zero: usize, low: usize, home: u32) -> bool {
        if left == 0 {
            return true;
        }
        if self.closed {
            low == 0 && home > 0
        } else {
            zero == 0 && low <= 1
        }
    }

    /// The rule judged from scratch for the tour `path` (moves 0, 1, ...).
    fn judge(&self, path: &[usize]) -> bool {
        let (Some(&start), Some(&at)) = (path.first(), path.last()) else {
            return true;
        };
        let mut visited = vec![false; self.n];
        for &sq in path {
            visited[sq] = true;
        }
        let free = |u: usize| self.neighbours[u].iter().filter(|&&v| !visited[v]).count() as u32;
        let (mut left, mut zero, mut low) = (0, 0, 0);
        for u in (0..self.n).filter(|&u| !visited[u]) {
            let free = free(u);
            let options = self.options(u, free, at, start);
            left += 1;
            zero += usize::from(options == 0);
            low += usize::from(options < 2);
        }
        self.allows(left, zero, low, free(start))
    }

    /// The squares whose counts a step from `at` to `to` changes.
    fn around(&self, at: usize, to: usize) -> Vec<usize> {
        let mut squares: Vec<usize> = self.neighbours[at]
            .iter()
            .chain(&self.neighbours[to])
            .copied()
            .chain([to])
            .collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    }

    /// Adds (`add`) or removes the contribution of unvisited square `u` to
    /// the counts, the knight being on `at`.
    fn tally(&mut self, u: usize, at: usize, add: bool) {
        let options = self.options(u, self.free[u], at, self.path[0]);
        let (zero, low) = (usize::from(options == 0), usize::from(options < 2));
        if add {
            self.zero += zero;
            self.low += low;
        } else {
            self.zero -= zero;
            self.low -= low;
        }
    }

    /// Marks `sq` visited (or not) and updates its knight squares' free counts.
    fn visit(&mut self, sq: usize, on: bool) {
        self.visited[sq] = on;
        if on {
            self.left -= 1;
        } else {
            self.left += 1;
        }
        for i in 0..self.neighbours[sq].len() {
            let v = self.neighbours[sq][i];
            if on {
                self.free[v] -= 1;
            } else {
                self.free[v] += 1;
            }
        }
    }

    /// Recounts `zero` and `low` from scratch.
    fn recount(&mut self) {
        let (mut zero, mut low) = (0, 0);
        if let (Some(&start), Some(&at)) = (self.path.first(), self.path.last()) {
            for u in (0..self.n).filter(|&u| !self.visited[u]) {
                let options = self.options(u, self.free[u], at, start);
                zero += usize::from(options == 0);
                low += usize::from(options < 2);
            }
        }
        self.zero = zero;
        self.low = low;
    }
}

impl Checker<Square> for NoDeadEnds {
    fn name(&self) -> &str {
        "no dead ends"
    }

    fn check(&self, assignment: &Assignment<'_, Square>) -> bool {
        let path: Vec<usize> = (0..self.n).map_while(|var| assignment.index(var)).collect();
        if (path.len()..self.n).any(|var| assignment.is_assigned(var)) {
            return true;
        }
        self.judge(&path)
    }

    fn promising(&self, assignment: &Assignment<'_, Square>, choice: Choice<'_, Square>) -> bool {
        let to = choice.index;
        let (Some(&at), true) = (self.path.last(), choice.var == self.path.len()) else {
            return self.check(&assignment.with(choice));
        };
        let start = self.path[0];
        let (mut zero, mut low) = (self.zero, self.low);
        let newly = !self.visited[to];
        for u in self.around(at, to) {
            if self.visited[u] {
                continue;
            }
            let before = self.options(u, self.free[u], at, start);
            zero -= usize::from(before == 0);
            low -= usize::from(before < 2);
            if u == to {
                continue;
            }
            let free = self.free[u] - u32::from(newly && self.adjacent(u, to));
            let after = self.options(u, free, to, start);
            zero += usize::from(after == 0);
            low += usize::from(after < 2);
        }
        let left = self.left - usize::from(newly);
        let home = self.free[start] - u32::from(newly && self.adjacent(start, to));
        self.allows(left, zero, low, home)
    }

    fn on_assign(&mut self, choice: Choice<'_, Square>) {
        let to = choice.index;
        match self.path.last() {
            None => {
                self.visit(to, true);
                self.path.push(to);
                self.recount();
            }
            Some(&at) => {
                let around = self.around(at, to);
                for &u in &around {
                    if !self.visited[u] {
                        self.tally(u, at, false);
                    }
                }
                self.visit(to, true);
                self.path.push(to);
                for &u in &around {
                    if !self.visited[u] {
                        self.tally(u, to, true);
                    }
                }
            }
        }
    }

    fn on_unassign(&mut self, choice: Choice<'_, Square>) {
        let to = choice.index;
        if self.path.len() == 1 {
            self.path.pop();
            self.visit(to, false);
            self.recount();
            return;
        }
        let at = self.path[self.path.len() - 2];
        let around = self.around(at, to);
        for &u in &around {
            if !self.visited[u] {
                self.tally(u, to, false);
            }
        }
        self.path.pop();
        self.visit(to, false);
        for &u in &around {
            if !self.visited[u] {
                self.tally(u, at, true);
            }
        }
    }
}
