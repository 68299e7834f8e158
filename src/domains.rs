//! The candidates every variable has left, as narrowing checkers see and
//! change them, and the trail that restores them on the way back.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use std::fmt;

use crate::assignment::{Assignment, Table};
use crate::candidates::iter_bits;
use crate::wake::{ON_BOUNDS, ON_CHANGE};

/// Why a step cannot stand: narrowing left a variable without candidates,
/// or a checker found the assignment hopeless in
/// [`narrow`](crate::Checker::narrow).
///
/// Returned by the changing methods of [`Domains`] when a variable's set
/// becomes empty (a wipe-out); a checker may also make one with
/// [`Conflict::new`] and return it. The engine then rejects the step and
/// attributes it to the checker.
///
/// ```
/// use backtracker::Conflict;
///
/// let conflict = Conflict::new();
/// assert_eq!(conflict.var(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conflict {
    var: Option<usize>,
}

impl Conflict {
    /// A conflict that names no variable: the assignment cannot be
    /// completed, as far as the checker can tell.
    ///
    /// ```
    /// use backtracker::Conflict;
    ///
    /// assert_eq!(Conflict::new(), Conflict::default());
    /// ```
    #[must_use]
    pub fn new() -> Conflict {
        Conflict { var: None }
    }

    /// The variable left without candidates, if that is the cause.
    ///
    /// ```
    /// use backtracker::Conflict;
    ///
    /// // A conflict a checker makes itself names no variable.
    /// assert_eq!(Conflict::new().var(), None);
    /// ```
    #[must_use]
    pub fn var(&self) -> Option<usize> {
        self.var
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.var {
            Some(var) => write!(f, "variable {var} has no candidate left"),
            None => f.write_str("no solution left"),
        }
    }
}

/// No narrowing checker (a step, look-ahead or the root changed the set).
pub(crate) const NOBODY: u32 = u32::MAX;

/// The kept candidate sets of every variable (`n * w` words), the trail of
/// their old contents, and the queue of variables whose set changed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept {
    pub(crate) words: Vec<u64>,
    pub(crate) w: usize,
    /// Per variable, the number of candidates in its set.
    pub(crate) size: Vec<u32>,
    /// Per trail entry, the variable and its old size; its old words are
    /// in `old`.
    trail: Vec<(u32, u32)>,
    old: Vec<u64>,
    /// Per variable, the level at which its words were last saved.
    stamp: Vec<u64>,
    /// The current level: a new number for every step, so that a variable
    /// is saved once per step however often it changes.
    level: u64,
    /// Variables whose set changed and whose narrowing checkers have not
    /// run since, first in first out.
    queue: Vec<u32>,
    head: usize,
    queued: Vec<bool>,
    /// Per variable, the checker whose narrowing changed its set last
    /// (`NOBODY`: a step, look-ahead or the root).
    changer: Vec<u32>,
    /// The checker narrowing now (`NOBODY` outside narrowing).
    pub(crate) running: u32,
    /// Set by the default [`Checker::narrow`](crate::Checker::narrow), so
    /// that building a model can tell a checker that overrides it.
    pub(crate) default_narrow: bool,
    /// Per variable, whether its lowest or highest candidate moved since
    /// its narrowing checkers last ran (kept only for a variable some
    /// checker wakes on bounds).
    moved: Vec<bool>,
    /// The narrowing that waits for the per-variable queue to run dry: a
    /// line per rank (see `Watch::rank`), each first in first out, of a
    /// checker and a variable that changed; the first rank that may hold
    /// any; and per checker that narrows its whole scope, whether it
    /// waits (it waits once, with one of its variables).
    waiting: Vec<Line>,
    first_rank: usize,
    waits: Vec<bool>,
    /// In cross-check mode, each removal `(var, index)` since the log was cleared.
    pub(crate) log: Option<Vec<(u32, u32)>>,
    /// Per variable, which of its changes queue it beside its being left
    /// one value (`ON_CHANGE`: every change; `ON_BOUNDS`: a bound that
    /// moves).
    wake_on: Vec<u8>,
    /// When smallest-domain-first keeps a tree of the sizes: the variables
    /// whose size (or assignment) changed since it last looked, once each.
    tracking: bool,
    pub(crate) touched: Vec<u32>,
    is_touched: Vec<bool>,
}

impl Kept {
    pub(crate) fn new(initial: &[u64], n: usize, w: usize, wake_on: &[u8]) -> Kept {
        let size: Vec<u32> = (0..n)
            .map(|var| count(&initial[var * w..(var + 1) * w]))
            .collect();
        Kept {
            words: initial.to_vec(),
            size,
            w,
            stamp: vec![0; n],
            level: 0,
            queued: vec![false; n],
            changer: vec![NOBODY; n],
            running: NOBODY,
            default_narrow: false,
            moved: vec![false; n],
            wake_on: wake_on.to_vec(),
            ..Kept::default()
        }
    }

    /// The set of `var`.
    #[inline]
    pub(crate) fn of(&self, var: usize) -> &[u64] {
        &self.words[var * self.w..(var + 1) * self.w]
    }

    /// Starts a new level: changes from now on are undone together.
    /// Returns the trail length to restore to.
    #[inline]
    pub(crate) fn open(&mut self) -> u32 {
        self.level += 1;
        crate::index::small(self.trail.len())
    }

    /// Undoes every change since the trail had `mark` entries, last first.
    #[inline]
    pub(crate) fn restore(&mut self, mark: u32) {
        let mark = mark as usize;
        let w = self.w;
        while self.trail.len() > mark {
            let (var, size) = self.trail.pop().unwrap_or_default();
            let var = var as usize;
            self.size[var] = size;
            self.touch(var);
            if w == 1 {
                self.words[var] = self.old.pop().unwrap_or_default();
            } else {
                let from = self.old.len() - w;
                self.words[var * w..(var + 1) * w].copy_from_slice(&self.old[from..]);
                self.old.truncate(from);
            }
            // Saved again if it changes at a later level.
            self.stamp[var] = 0;
        }
    }

    /// Saves the words of `var` unless saved at this level already.
    #[inline]
    fn save(&mut self, var: usize) {
        if self.stamp[var] != self.level {
            self.stamp[var] = self.level;
            self.trail.push((crate::index::small(var), self.size[var]));
            let w = self.w;
            if w == 1 {
                self.old.push(self.words[var]);
            } else {
                self.old
                    .extend_from_slice(&self.words[var * w..(var + 1) * w]);
            }
        }
    }

    /// [`save`](Self::save), not inlined, for [`remove`](Self::remove).
    #[inline(never)]
    fn save_slow(&mut self, var: usize) {
        self.save(var);
    }

    /// Removes domain index `index` from the set of `var`: the one-bit case
    /// of [`update`](Self::update), without looking at the rest of the set
    /// unless its word empties. Returns whether it was there; a conflict if
    /// the set became empty.
    #[inline(always)]
    pub(crate) fn remove(&mut self, var: usize, index: usize) -> Result<bool, Conflict> {
        let at = var * self.w + index / 64;
        let bit = 1u64 << (index % 64);
        let Some(&word) = self.words.get(at).filter(|&&word| word & bit != 0) else {
            return Ok(false);
        };
        if let Some(log) = &mut self.log {
            log.push((crate::index::small(var), crate::index::small(index)));
        }
        self.clear_bit(var, index, at, word & !bit)?;
        Ok(true)
    }

    /// [`remove`](Self::remove) of each `(variable, index)` pair in turn
    /// (an exact-cover option from its items), stopping at the first
    /// conflict; without an event log, the log is not asked about again
    /// (a 4 x 15 pentomino count 0.88x the CPU).
    #[inline]
    pub(crate) fn remove_pairs(&mut self, pairs: &[(u32, u32)]) -> Result<(), Conflict> {
        if self.log.is_some() {
            for &(var, index) in pairs {
                self.remove(var as usize, index as usize)?;
            }
            return Ok(());
        }
        for &(var, index) in pairs {
            let (var, index) = (var as usize, index as usize);
            let at = var * self.w + index / 64;
            let bit = 1u64 << (index % 64);
            let word = self.words[at];
            if word & bit != 0 {
                self.clear_bit(var, index, at, word & !bit)?;
            }
        }
        Ok(())
    }

    /// Sets word `at` of the set of `var` to `word`, its old value without
    /// index `index`: saves the set first if it is the first change of the
    /// step, then counts the removal and queues the variable for the
    /// checkers it wakes; a conflict if the set became empty.
    #[inline(always)]
    fn clear_bit(
        &mut self,
        var: usize,
        index: usize,
        at: usize,
        word: u64,
    ) -> Result<(), Conflict> {
        if self.stamp[var] != self.level {
            // Once per variable and step: out of the way of the removals.
            // Touched with it: the touched list is read and emptied only
            // between steps, so a variable saved at this level is on it.
            self.save_slow(var);
            self.touch(var);
        }
        self.words[at] = word;
        let size = self.size[var] - 1;
        self.size[var] = size;
        match self.wake_on[var] {
            // Only a variable left one value wakes a checker (exact cover).
            0 => {
                if size <= 1 {
                    self.enqueue(var);
                }
            }
            _ => self.queue_removal(var, index),
        }
        if size == 0 {
            return Err(Conflict { var: Some(var) });
        }
        Ok(())
    }

    /// Replaces each word of the set of `var` by `keep(word index, word)`
    /// (which may only clear bits). Returns whether anything changed; a
    /// conflict if the set became empty. The set is saved on the trail,
    /// and the variable queued, only when it changes.
    #[inline]
    pub(crate) fn update(
        &mut self,
        var: usize,
        mut keep: impl FnMut(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        let w = self.w;
        let before = (self.wake_on[var] & ON_BOUNDS != 0).then(|| ends(self.of(var)));
        let mut changed = false;
        let mut left = 0u64;
        for wi in 0..w {
            let old = self.words[var * w + wi];
            let new = keep(wi, old) & old;
            if new != old {
                if !changed {
                    changed = true;
                    self.save(var);
                }
                self.words[var * w + wi] = new;
                self.size[var] -= (old & !new).count_ones();
                if let Some(log) = &mut self.log {
                    for bit in iter_bits(&[old & !new]) {
                        log.push((crate::index::small(var), crate::index::small(wi * 64 + bit)));
                    }
                }
            }
            left |= new;
        }
        if !changed {
            return Ok(false);
        }
        self.touch(var);
        let moved = before.is_some_and(|before| before != ends(self.of(var)));
        self.queue_if_woken(var, moved);
        if left == 0 {
            return Err(Conflict { var: Some(var) });
        }
        Ok(true)
    }

    /// Sets `var` to the one value `index` (its step), saving the old set,
    /// and queues it.
    #[inline]
    pub(crate) fn fix(&mut self, var: usize, index: usize) {
        self.save(var);
        self.size[var] = 1;
        self.touch(var);
        let w = self.w;
        if w == 1 {
            self.words[var] = 1 << index;
        } else {
            let set = &mut self.words[var * w..(var + 1) * w];
            set.fill(0);
            set[index / 64] = 1 << (index % 64);
        }
        self.queue_var(var);
    }

    /// Notes that the size or the assignment of `var` changed, when
    /// tracking.
    #[inline]
    pub(crate) fn touch(&mut self, var: usize) {
        if self.tracking && !self.is_touched[var] {
            self.is_touched[var] = true;
            self.touched.push(crate::index::small(var));
        }
    }

    /// Starts noting which variables [`touch`](Self::touch) is told of.
    pub(crate) fn track(&mut self) {
        self.tracking = true;
        self.is_touched = vec![false; self.size.len()];
    }

    /// Forgets the touched variables, once looked at.
    #[inline]
    pub(crate) fn untouch_all(&mut self) {
        for &var in &self.touched {
            self.is_touched[var as usize] = false;
        }
        self.touched.clear();
    }

    /// Queues `var` after a removal, if that wakes anything: always when a
    /// narrowing checker wakes on its every change, else once it is left
    /// one value (or none).
    #[inline(always)]
    fn queue_if_woken(&mut self, var: usize, moved: bool) {
        if moved {
            self.moved[var] = true;
        }
        if self.size[var] <= 1 || self.wake_on[var] & ON_CHANGE != 0 || moved {
            self.enqueue(var);
        }
    }

    /// [`queue_if_woken`](Self::queue_if_woken) after the removal of
    /// `index` from `var`, some of whose checkers wake on more than its
    /// being left one value. Out of line: inlined, it made the removal
    /// loop of exact cover, which never comes here, spill registers
    /// (1.04x the instructions of a pentomino count).
    #[inline(never)]
    fn queue_removal(&mut self, var: usize, index: usize) {
        let moved = self.wake_on[var] & ON_BOUNDS != 0 && self.was_end(var, index);
        self.queue_if_woken(var, moved);
    }

    /// Whether removing `index` from `var` (just done) moved one of its
    /// bounds: no candidate is left below it, or none above it.
    #[inline]
    fn was_end(&self, var: usize, index: usize) -> bool {
        let set = self.of(var);
        let (wi, bit) = (index / 64, index % 64);
        let below = set[wi] & ((1u64 << bit) - 1) != 0 || set[..wi].iter().any(|&x| x != 0);
        let above = (bit < 63 && set[wi] >> bit >> 1 != 0) || set[wi + 1..].iter().any(|&x| x != 0);
        !below || !above
    }

    /// Queues `var` for its narrowing checkers, unless it is queued, as a
    /// change that wakes every checker watching it (a step, or the root).
    #[inline]
    pub(crate) fn queue_var(&mut self, var: usize) {
        if self.wake_on[var] & ON_BOUNDS != 0 {
            self.moved[var] = true;
        }
        self.enqueue(var);
    }

    /// Queues `var`, unless it is queued, noting who changed it.
    #[inline]
    fn enqueue(&mut self, var: usize) {
        self.changer[var] = self.running;
        if !self.queued[var] {
            self.queued[var] = true;
            self.queue.push(crate::index::small(var));
        }
    }

    /// The next variable of the queue, the checker that changed its set
    /// last (`NOBODY`: not a narrowing checker), and whether its bounds
    /// moved since its checkers last ran (always false for a variable no
    /// checker wakes on bounds).
    #[inline]
    pub(crate) fn next_queued(&mut self) -> Option<(usize, u32, bool)> {
        let var = *self.queue.get(self.head)? as usize;
        self.head += 1;
        self.queued[var] = false;
        let moved = std::mem::take(&mut self.moved[var]);
        Some((var, self.changer[var], moved))
    }

    /// Puts checker `k` in the waiting line of `rank` after `var` changed:
    /// once, with the first such variable, for a checker that narrows its
    /// `whole` scope (`checkers` in all); else once per variable.
    #[inline]
    pub(crate) fn wait(&mut self, k: usize, var: usize, rank: usize, whole: bool, checkers: usize) {
        if whole {
            if self.waits.len() < checkers {
                self.waits.resize(checkers, false);
            }
            if std::mem::replace(&mut self.waits[k], true) {
                return;
            }
        }
        if self.waiting.len() <= rank {
            self.waiting.resize_with(rank + 1, Line::default);
        }
        let entry = (crate::index::small(k), crate::index::small(var));
        let line = &mut self.waiting[rank];
        if !whole && line.entries[line.head..].contains(&entry) {
            return;
        }
        line.entries.push(entry);
        self.first_rank = self.first_rank.min(rank);
    }

    /// The next narrowing of the waiting line, a checker and its variable:
    /// the first of the lowest rank (the cheaper narrowing first, so that
    /// the costlier one runs on its result, less often).
    #[inline]
    pub(crate) fn next_waiting(&mut self) -> Option<(usize, usize)> {
        while let Some(line) = self.waiting.get_mut(self.first_rank) {
            if let Some(&(k, var)) = line.entries.get(line.head) {
                line.head += 1;
                if line.head == line.entries.len() {
                    line.entries.clear();
                    line.head = 0;
                }
                if let Some(w) = self.waits.get_mut(k as usize) {
                    *w = false;
                }
                return Some((k as usize, var as usize));
            }
            self.first_rank += 1;
        }
        None
    }

    /// Empties the queue and the waiting line (after a conflict).
    pub(crate) fn clear_queue(&mut self) {
        for &var in &self.queue[self.head..] {
            self.queued[var as usize] = false;
            self.moved[var as usize] = false;
        }
        self.queue.clear();
        self.head = 0;
        for line in &mut self.waiting {
            line.entries.clear();
            line.head = 0;
        }
        self.waits.fill(false);
        self.first_rank = 0;
        self.running = NOBODY;
    }

    /// Whether the queue is drained; resets it then.
    #[inline]
    pub(crate) fn queue_done(&mut self) -> bool {
        if self.head == self.queue.len() {
            self.queue.clear();
            self.head = 0;
            true
        } else {
            false
        }
    }
}

/// One rank of the waiting line: its entries from `head` on are waiting.
#[derive(Clone, Debug, Default)]
struct Line {
    entries: Vec<(u32, u32)>,
    head: usize,
}

/// The lowest and the highest candidate of a set (`None` when empty).
fn ends(words: &[u64]) -> Option<(usize, usize)> {
    let low = words.iter().position(|&x| x != 0)?;
    let high = words.iter().rposition(|&x| x != 0)?;
    Some((
        low * 64 + words[low].trailing_zeros() as usize,
        high * 64 + 63 - words[high].leading_zeros() as usize,
    ))
}

fn count(words: &[u64]) -> u32 {
    words.iter().map(|w| w.count_ones()).sum()
}

/// The candidates every variable has left, as a narrowing checker sees and
/// narrows them in [`Checker::narrow`](crate::Checker::narrow).
///
/// An unassigned variable's set holds its values not yet ruled out; an
/// assigned variable's set is its value alone. Values are named by their
/// index in the variable's domain. The changing methods remove values
/// only from the variable named, return whether anything changed, and
/// return a [`Conflict`] when the set becomes empty, so a checker can end
/// with `?`. The engine keeps every change on a trail and undoes it when
/// the search goes back, so a checker never restores anything itself.
///
/// ```
/// use backtracker::{Assignment, Checker, Choice, Conflict, Domains, ModelBuilder};
///
/// /// x0 < x1, narrowing x1 to the values above x0's smallest candidate.
/// struct Less;
/// impl Checker<u8> for Less {
///     fn name(&self) -> &str { "less" }
///     fn check(&self, a: &Assignment<'_, u8>) -> bool {
///         match (a.get(0), a.get(1)) { (Some(x), Some(y)) => x < y, _ => true }
///     }
///     fn narrows(&self) -> bool { true }
///     fn narrow(&self, _: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
///         let low = d.min(0).unwrap_or(0);
///         d.retain(1, |i| i > low)?;
///         Ok(())
///     }
/// }
/// let mut b = ModelBuilder::new();
/// b.variable("x0", 0..4u8);
/// b.variable("x1", 0..4u8);
/// let mut model = b.build((Less,))?;
/// assert_eq!(model.search().count().value, 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub struct Domains<'a, V> {
    pub(crate) table: &'a Table<V>,
    pub(crate) slots: &'a [u32],
    pub(crate) kept: &'a mut Kept,
}

impl<'a, V> Domains<'a, V> {
    /// The current assignment.
    #[must_use]
    pub fn assignment(&self) -> Assignment<'_, V> {
        Assignment::new(self.table, self.slots)
    }

    /// Number of variables.
    #[must_use]
    pub fn variables(&self) -> usize {
        self.table.len()
    }

    /// The ordered domain of `var` (all its values, candidates or not).
    ///
    /// The slice outlives this borrow of `self`, so a checker reads values
    /// inside [`retain`](Self::retain) without copying the domain:
    ///
    /// ```
    /// use backtracker::{Assignment, Checker, Conflict, Domains, ModelBuilder};
    ///
    /// /// Only even values.
    /// struct Even;
    /// impl Checker<u8> for Even {
    ///     fn name(&self) -> &str { "even" }
    ///     fn check(&self, a: &Assignment<'_, u8>) -> bool { a.iter().all(|(_, v)| v % 2 == 0) }
    ///     fn narrows(&self) -> bool { true }
    ///     fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
    ///         let values = d.domain(var);
    ///         d.retain(var, |i| values[i] % 2 == 0)?;
    ///         Ok(())
    ///     }
    /// }
    /// let mut b = ModelBuilder::new();
    /// b.variable("x", 0..5u8);
    /// let mut model = b.build((Even,))?;
    /// assert_eq!(model.search().count().value, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn domain(&self, var: usize) -> &'a [V] {
        &self.table.domains[var]
    }

    /// The domain index of `value` in the domain of `var` (the first, if
    /// the domain holds it twice), candidate or not: what
    /// [`contains`](Self::contains), [`remove`](Self::remove) and the other
    /// methods take. A linear search of the domain; a checker that asks
    /// often keeps a table from [`prepare`](crate::Checker::prepare).
    ///
    /// ```
    /// use backtracker::{Assignment, Checker, Conflict, Domains, ModelBuilder};
    ///
    /// /// Nobody takes the value 7.
    /// struct NoSeven;
    /// impl Checker<i32> for NoSeven {
    ///     fn name(&self) -> &str { "no seven" }
    ///     fn check(&self, a: &Assignment<'_, i32>) -> bool { a.iter().all(|(_, &v)| v != 7) }
    ///     fn narrows(&self) -> bool { true }
    ///     fn narrow(&self, var: usize, d: &mut Domains<'_, i32>) -> Result<(), Conflict> {
    ///         if let Some(i) = d.index_of(var, &7) {
    ///             d.remove(var, i)?;
    ///         }
    ///         Ok(())
    ///     }
    /// }
    /// let mut b = ModelBuilder::new();
    /// b.variable("x", [5, 7, 9]);
    /// b.variable("y", [7, 8]);
    /// let mut model = b.build((NoSeven,))?;
    /// assert_eq!(model.search().solutions().collect::<Vec<_>>(), [[5, 8], [9, 8]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn index_of(&self, var: usize, value: &V) -> Option<usize>
    where
        V: PartialEq,
    {
        self.domain(var).iter().position(|v| v == value)
    }

    /// The candidate set of `var` as words (bit `i` of word `w` is domain
    /// index `64 * w + i`).
    #[must_use]
    pub fn words(&self, var: usize) -> &[u64] {
        self.kept.of(var)
    }

    /// Says that this call of [`Checker::narrow`](crate::Checker::narrow)
    /// narrows nothing because the checker's narrowing is switched off.
    /// The default `narrow` calls it; a checker whose narrowing is a
    /// setting calls it from its own `narrow` when the setting is off, so
    /// that [`build`](crate::ModelBuilder::build) does not refuse it with
    /// [`ModelError::NarrowNeverCalled`](crate::ModelError::NarrowNeverCalled)
    /// for overriding `narrow` while `narrows` answers `false`.
    ///
    /// ```
    /// use backtracker::{Checker, Conflict, Domains, ModelBuilder};
    ///
    /// /// Keeps variable 0 apart from variable 1, narrowing when asked to.
    /// struct Apart {
    ///     narrowing: bool,
    /// }
    ///
    /// impl Checker<u8> for Apart {
    ///     fn name(&self) -> &'static str {
    ///         "apart"
    ///     }
    ///     fn check(&self, a: &backtracker::Assignment<'_, u8>) -> bool {
    ///         a.index(0).is_none() || a.index(0) != a.index(1)
    ///     }
    ///     fn narrows(&self) -> bool {
    ///         self.narrowing
    ///     }
    ///     fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
    ///         if !self.narrowing {
    ///             d.narrowing_off();
    ///             return Ok(());
    ///         }
    ///         if let (1, Some(i)) = (d.len(var), d.min(var)) {
    ///             d.remove(1 - var, i)?;
    ///         }
    ///         Ok(())
    ///     }
    /// }
    ///
    /// for narrowing in [false, true] {
    ///     let mut b = ModelBuilder::new();
    ///     b.variable("x", 0..3);
    ///     b.variable("y", 0..3);
    ///     assert_eq!(b.build((Apart { narrowing },)).unwrap().search().count().value, 6);
    /// }
    /// ```
    pub fn narrowing_off(&mut self) {
        self.kept.default_narrow = true;
    }

    /// Number of candidates of `var`.
    #[must_use]
    pub fn len(&self, var: usize) -> usize {
        self.kept.size[var] as usize
    }

    /// Whether domain index `index` is a candidate of `var`.
    #[must_use]
    pub fn contains(&self, var: usize, index: usize) -> bool {
        crate::candidates::has_bit(self.kept.of(var), index)
    }

    /// The candidates of `var`, lowest index first.
    pub fn iter(&self, var: usize) -> impl Iterator<Item = usize> + '_ {
        iter_bits(self.kept.of(var))
    }

    /// The lowest candidate index of `var`.
    #[must_use]
    pub fn min(&self, var: usize) -> Option<usize> {
        self.iter(var).next()
    }

    /// The highest candidate index of `var`.
    #[must_use]
    pub fn max(&self, var: usize) -> Option<usize> {
        let words = self.kept.of(var);
        words
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(wi, w)| wi * 64 + 63 - w.leading_zeros() as usize)
    }

    /// Removes domain index `index` from the candidates of `var`. Returns
    /// whether it was a candidate.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming `var` when it has no candidate left.
    #[inline]
    pub fn remove(&mut self, var: usize, index: usize) -> Result<bool, Conflict> {
        if index / 64 >= self.kept.w {
            return Ok(false);
        }
        self.kept.remove(var, index)
    }

    /// Keeps only the candidates of `var` for which `keep` answers `true`
    /// (asked in increasing index order). Returns whether any was removed.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming `var` when it has no candidate left.
    pub fn retain(
        &mut self,
        var: usize,
        mut keep: impl FnMut(usize) -> bool,
    ) -> Result<bool, Conflict> {
        self.kept.update(var, |wi, word| {
            let mut kept = word;
            let mut rest = word;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !keep(wi * 64 + bit) {
                    kept &= !(1u64 << bit);
                }
            }
            kept
        })
    }

    /// Keeps only the candidates of `var` whose bits are set in `mask`
    /// (words as in [`words`](Self::words); missing words count as zero).
    /// Returns whether any was removed.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming `var` when it has no candidate left.
    pub fn intersect(&mut self, var: usize, mask: &[u64]) -> Result<bool, Conflict> {
        self.kept
            .update(var, |wi, word| word & mask.get(wi).copied().unwrap_or(0))
    }
}

impl<V> fmt::Debug for Domains<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries((0..self.table.len()).map(|v| {
                (
                    &self.table.names[v],
                    iter_bits(self.kept.of(v)).collect::<Vec<_>>(),
                )
            }))
            .finish()
    }
}
