//! The "places" rule: every digit keeps a place in every unit.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use std::sync::{Arc, OnceLock};

use backtracker::Candidates;
use backtracker::Checker;
use backtracker::ModelError;
use backtracker::{Assignment, Choice, ModelInfo};

use super::MAX_BOX;

/// "Every digit keeps a place in every unit": for each row, column and box
/// and each digit not yet in it, some unassigned cell of the unit must
/// still be able to take the digit (no equal digit in that cell's row,
/// column or box). Domain index `i` is digit `i + 1`; variable
/// `row * size + col` is a cell, as in [`sudoku`](super::sudoku).
///
/// The rows, columns and boxes checkers only look at a cell's own units;
/// this one looks from the digits' side: it keeps, per unit and digit, the
/// set of positions where the digit can still go. A cell that is the last
/// place of some digit in one of its units can only take that digit (a
/// "hidden single"), and a digit that would block every place it has left
/// in another unit is refused. Undo restores a saved copy of the sets
/// (about a kilobyte a step).
///
/// ```
/// use backtracker_puzzles::sudoku::{sudoku_with_places, Grid};
/// use backtracker::VariableOrder;
///
/// let mut model = sudoku_with_places(&Grid::empty(2)?, VariableOrder::SmallestDomainFirst);
/// assert_eq!(model.search().count().value, 288);
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Places {
    /// The grid's fixed tables, shared by every copy.
    layout: Arc<Layout>,
    /// Per digit and unit (`digit * units + unit`): the positions where
    /// the digit can still go, or [`PLACED`] when the unit holds it.
    open: Vec<u16>,
    /// Per unit and position (`unit * size + position`): the digits whose
    /// last place in the unit it is.
    only: Vec<u16>,
    /// Saved `open` and `only`, one copy per assigned cell, for undo.
    saved: Vec<u16>,
}

/// What [`Places`] knows of a grid's shape.
#[derive(Debug)]
struct Layout {
    /// Side of a box.
    b: usize,
    /// Rows, columns and digits.
    size: usize,
    /// Per cell: its row, column and box unit numbers (rows `0..size`,
    /// columns `size..2 * size`, boxes `2 * size..3 * size`).
    units: Vec<[u16; 3]>,
    /// Per cell: its position within each of its three units.
    positions: Vec<[u16; 3]>,
    /// Per cell: the other units holding one of its peers, with the
    /// positions of those peers in them.
    others: Vec<Vec<(u16, u16)>>,
    /// Per cell and unit (`cell * units + unit`): the positions of the unit
    /// that are neither the cell nor its peers, with [`PLACED`] set; all
    /// bits for the cell's own units.
    outside: Vec<u16>,
}

impl Layout {
    /// The layout of a grid of `b x b` boxes, computed once per size.
    fn of(b: usize) -> Arc<Layout> {
        static LAYOUTS: OnceLock<Vec<Arc<Layout>>> = OnceLock::new();
        let all = LAYOUTS.get_or_init(|| (1..=MAX_BOX).map(|b| Arc::new(Layout::new(b))).collect());
        Arc::clone(&all[b - 1])
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "units and positions are below 3 x 9: boxes are at most MAX_BOX = 3 wide"
    )]
    fn new(b: usize) -> Layout {
        let size = b * b;
        let n = size * size;
        let unit_count = 3 * size;
        let unit_of = |r: usize, c: usize| [r, size + c, 2 * size + (r / b) * b + c / b];
        let position_of = |r: usize, c: usize| [c, r, (r % b) * b + c % b];
        let mut units = Vec::with_capacity(n);
        let mut positions = Vec::with_capacity(n);
        for r in 0..size {
            for c in 0..size {
                units.push(unit_of(r, c).map(|u| u as u16));
                positions.push(position_of(r, c).map(|p| p as u16));
            }
        }
        let mut others = Vec::with_capacity(n);
        let mut outside = vec![u16::MAX; n * unit_count];
        for x in 0..n {
            let (r, c) = (x / size, x % size);
            let own = unit_of(r, c);
            let peer = |y: usize| {
                let (yr, yc) = (y / size, y % size);
                y != x && (yr == r || yc == c || unit_of(yr, yc)[2] == own[2])
            };
            let mut list: Vec<(u16, u16)> = Vec::new();
            for y in (0..n).filter(|&y| peer(y)) {
                let (yr, yc) = (y / size, y % size);
                for (k, u) in unit_of(yr, yc).into_iter().enumerate() {
                    if own.contains(&u) {
                        continue;
                    }
                    let bit = 1u16 << position_of(yr, yc)[k];
                    match list.iter_mut().find(|(v, _)| usize::from(*v) == u) {
                        Some((_, mask)) => *mask |= bit,
                        None => list.push((u as u16, bit)),
                    }
                }
            }
            list.sort_unstable();
            for &(u, peers) in &list {
                outside[x * unit_count + usize::from(u)] = !peers;
            }
            others.push(list);
        }
        Layout {
            b,
            size,
            units,
            positions,
            others,
            outside,
        }
    }
}

/// The bit of [`Places::open`] that marks a digit already in the unit.
const PLACED: u16 = 1 << 15;

/// Whether `open` (an entry of [`Places::open`]) is one place left.
#[inline(always)]
fn single(open: u16) -> bool {
    open & PLACED == 0 && open.is_power_of_two()
}

impl Places {
    /// The checker for a grid of `b x b` boxes (`1 <= b <= MAX_BOX`).
    ///
    /// # Panics
    ///
    /// For a box side outside `1..=MAX_BOX`.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    /// use backtracker_puzzles::sudoku::Places;
    ///
    /// // On its own it is a whole 4 x 4 sudoku: a full grid where every digit
    /// // has a place in every unit has each digit once per unit.
    /// let mut b = ModelBuilder::new();
    /// for cell in 0..16 {
    ///     b.variable(format!("cell {cell}"), 1..=4u8);
    /// }
    /// let mut model = b.build((Places::new(2),)).unwrap();
    /// assert_eq!(model.search().count().value, 288);
    /// ```
    #[must_use]
    pub fn new(b: usize) -> Self {
        assert!((1..=MAX_BOX).contains(&b), "box side 1 to {MAX_BOX}");
        let mut places = Places {
            layout: Layout::of(b),
            open: Vec::new(),
            only: Vec::new(),
            saved: Vec::new(),
        };
        places.reset();
        places
    }

    /// The state of the empty assignment.
    fn reset(&mut self) {
        let s = self.layout.size;
        self.open = vec![(1u16 << s) - 1; 3 * s * s];
        self.only = vec![0; 3 * s * s];
        if s == 1 {
            // One cell: it is the only place of the one digit in each unit.
            self.only.fill(1);
        }
        self.saved.clear();
    }

    /// Whether digit index `e` at cell `x` leaves `e` a place in every
    /// unit that does not hold `x`.
    #[inline(always)]
    fn leaves_room(&self, x: usize, e: usize) -> bool {
        let u = 3 * self.layout.size;
        let open = &self.open[e * u..(e + 1) * u];
        let outside = &self.layout.outside[x * u..(x + 1) * u];
        open.iter().zip(outside).all(|(&o, &m)| o & m != 0)
    }

    /// The digits (as a mask of domain indices) that cell `x` must take
    /// because it is their last place in one of its units.
    #[inline(always)]
    fn forced(&self, x: usize) -> u64 {
        let s = self.layout.size;
        let [u0, u1, u2] = self.layout.units[x].map(usize::from);
        let [p0, p1, p2] = self.layout.positions[x].map(usize::from);
        u64::from(self.only[u0 * s + p0] | self.only[u1 * s + p1] | self.only[u2 * s + p2])
    }

    #[inline(always)]
    fn keep(&self, x: usize, candidates: u64) -> u64 {
        let forced = self.forced(x);
        let mut rest = match forced.count_ones() {
            0 => candidates,
            1 => candidates & forced,
            _ => 0,
        };
        let mut kept = rest;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.leaves_room(x, e) {
                kept &= !(1 << e);
            }
        }
        kept
    }

    /// Recomputes which digits have their last place where, in unit `u`.
    #[inline(always)]
    fn refresh_unit(&mut self, u: usize) {
        let s = self.layout.size;
        let units = 3 * s;
        let only = &mut self.only[u * s..(u + 1) * s];
        only.fill(0);
        for d in 0..s {
            let o = self.open[d * units + u];
            if single(o) {
                only[o.trailing_zeros() as usize] |= 1 << d;
            }
        }
    }
}

impl<V> Checker<V> for Places {
    fn name(&self) -> &'static str {
        "places"
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let s = self.layout.size;
        let n = s * s;
        let mut placed = vec![false; 3 * s * s];
        for x in 0..n {
            if let Some(d) = assignment.index(x) {
                for u in self.layout.units[x] {
                    placed[usize::from(u) * s + d] = true;
                }
            }
        }
        let free = |y: usize, d: usize| {
            assignment.index(y).is_none()
                && self.layout.units[y]
                    .iter()
                    .all(|&u| !placed[usize::from(u) * s + d])
        };
        let mut room = vec![false; 3 * s * s];
        for y in 0..n {
            for d in 0..s {
                if free(y, d) {
                    for u in self.layout.units[y] {
                        room[usize::from(u) * s + d] = true;
                    }
                }
            }
        }
        placed.iter().zip(&room).all(|(&p, &r)| p || r)
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        let forced = self.forced(choice.var);
        (forced == 0 || forced == 1 << choice.index) && self.leaves_room(choice.var, choice.index)
    }

    // Always inlined: smallest-domain-first then keeps the one-word set in
    // a register instead of passing it through memory to a call.
    #[inline(always)]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        let words = candidates.words_mut();
        words[0] = self.keep(var, words[0]);
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let s = self.layout.size;
        let units = 3 * s;
        let (x, e) = (choice.var, choice.index);
        self.saved.extend_from_slice(&self.open);
        self.saved.extend_from_slice(&self.only);
        // The cell is no place for any digit now, and its units hold `e`.
        for k in 0..3 {
            let u = usize::from(self.layout.units[x][k]);
            let gone = !(1u16 << self.layout.positions[x][k]);
            for d in 0..s {
                self.open[d * units + u] &= gone;
            }
            self.open[e * units + u] |= PLACED;
        }
        // `e` cannot go next to the cell.
        for i in 0..self.layout.others[x].len() {
            let (u, peers) = self.layout.others[x][i];
            let u = usize::from(u);
            let slot = &mut self.open[e * units + u];
            let old = *slot;
            *slot &= !peers;
            let new = *slot;
            if old != new {
                if single(old) {
                    self.only[u * s + old.trailing_zeros() as usize] &= !(1 << e);
                }
                if single(new) {
                    self.only[u * s + new.trailing_zeros() as usize] |= 1 << e;
                }
            }
        }
        for k in 0..3 {
            self.refresh_unit(usize::from(self.layout.units[x][k]));
        }
    }

    #[inline]
    fn on_unassign(&mut self, _: Choice<'_, V>) {
        let (open, only) = (self.open.len(), self.only.len());
        let from = self.saved.len() - open - only;
        self.open.copy_from_slice(&self.saved[from..from + open]);
        self.only.copy_from_slice(&self.saved[from + open..]);
        self.saved.truncate(from);
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let s = self.layout.size;
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: "places".into(),
            reason,
        };
        if model.len() != s * s {
            return Err(invalid(format!(
                "a grid of {} x {} boxes has {} cells, the model {} variables",
                self.layout.b,
                self.layout.b,
                s * s,
                model.len()
            )));
        }
        if let Some(x) = (0..s * s).find(|&x| model.domain(x).len() != s) {
            return Err(invalid(format!(
                "cell `{}` has {} digits, expected {s}",
                model.name(x),
                model.domain(x).len()
            )));
        }
        self.reset();
        self.saved
            .reserve(s * s * (self.open.len() + self.only.len()));
        Ok(())
    }
}
