//! The candidates every variable has left, as narrowing checkers see and
//! change them, and the trail that restores them on the way back.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use std::fmt;

use crate::assignment::{Assignment, Table};
use crate::candidates::iter_bits;
use crate::queue::Queue;
use crate::trail::Trail;
use crate::wake::ON_BOUNDS;

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

/// What the search keeps of the candidate sets: the sets and their
/// [`Trail`], the propagation [`Queue`] of what their changes wake, the
/// variables touched since smallest-domain-first last looked, and in
/// cross-check mode the log of removals. Each change of a set goes through
/// here, which tells the trail and the queue.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept {
    pub(crate) sets: Trail,
    pub(crate) queue: Queue,
    pub(crate) touched: Touched,
    /// In cross-check mode, each removal `(var, index)` since the log was cleared.
    pub(crate) log: Option<Vec<(u32, u32)>>,
    /// Set by [`Domains::narrowing_off`] (the default
    /// [`Checker::narrow`](crate::Checker::narrow) calls it), so that
    /// building a model can tell a checker that overrides it.
    pub(crate) default_narrow: bool,
}

/// The variables whose size or assignment changed since
/// smallest-domain-first last looked, once each (kept only when it keeps
/// a tree of the sizes).
#[derive(Clone, Debug, Default)]
pub(crate) struct Touched {
    tracking: bool,
    pub(crate) list: Vec<u32>,
    on_list: Vec<bool>,
}

impl Touched {
    /// Notes that the size or the assignment of `var` changed, when
    /// tracking.
    #[inline]
    pub(crate) fn touch(&mut self, var: usize) {
        if self.tracking && !self.on_list[var] {
            self.on_list[var] = true;
            self.list.push(crate::index::small(var));
        }
    }
}

impl Kept {
    pub(crate) fn new(initial: &[u64], n: usize, w: usize, wake_on: &[u8]) -> Kept {
        Kept {
            sets: Trail::new(initial, n, w),
            queue: Queue::new(n, wake_on),
            ..Kept::default()
        }
    }

    /// The set of `var`.
    #[inline]
    pub(crate) fn of(&self, var: usize) -> &[u64] {
        self.sets.of(var)
    }

    /// Starts a new level: changes from now on are undone together.
    /// Returns the trail length to restore to.
    #[inline]
    pub(crate) fn open(&mut self) -> u32 {
        self.sets.open()
    }

    /// Undoes every change since the trail had `mark` entries, last first.
    #[inline]
    pub(crate) fn restore(&mut self, mark: u32) {
        let touched = &mut self.touched;
        self.sets.restore(mark, |var| touched.touch(var));
    }

    /// Removes domain index `index` from the set of `var`: the one-bit case
    /// of [`update`](Self::update), without looking at the rest of the set
    /// unless its word empties. Returns whether it was there; a conflict if
    /// the set became empty.
    #[inline(always)]
    pub(crate) fn remove(&mut self, var: usize, index: usize) -> Result<bool, Conflict> {
        let at = var * self.sets.w + index / 64;
        let bit = 1u64 << (index % 64);
        let Some(&word) = self.sets.words.get(at).filter(|&&word| word & bit != 0) else {
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
    /// conflict; an index beyond the sets' width is no candidate. Without
    /// an event log, the log is not asked about again (a 4 x 15 pentomino
    /// count 0.88x the CPU).
    #[inline]
    pub(crate) fn remove_pairs(&mut self, pairs: &[(u32, u32)]) -> Result<(), Conflict> {
        let w = self.sets.w;
        if self.log.is_some() {
            for &(var, index) in pairs {
                if (index as usize) / 64 < w {
                    self.remove(var as usize, index as usize)?;
                }
            }
            return Ok(());
        }
        for &(var, index) in pairs {
            let (var, index) = (var as usize, index as usize);
            if index / 64 >= w {
                continue;
            }
            let at = var * w + index / 64;
            let bit = 1u64 << (index % 64);
            let word = self.sets.words[at];
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
        if !self.sets.saved(var) {
            // Once per variable and step: out of the way of the removals.
            // Touched with it: the touched list is read and emptied only
            // between steps, so a variable saved at this level is on it.
            self.sets.save_slow(var);
            self.touched.touch(var);
        }
        self.sets.words[at] = word;
        let size = self.sets.size[var] - 1;
        self.sets.size[var] = size;
        match self.queue.wakes(var) {
            // Only a variable left one value wakes a checker (exact cover).
            0 => {
                if size <= 1 {
                    self.queue.enqueue(var);
                }
            }
            _ => self
                .queue
                .queue_removal(var, index, self.sets.of(var), size),
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
        let w = self.sets.w;
        let before = (self.queue.wakes(var) & ON_BOUNDS != 0).then(|| ends(self.of(var)));
        let mut changed = false;
        let mut left = 0u64;
        for wi in 0..w {
            let old = self.sets.words[var * w + wi];
            let new = keep(wi, old) & old;
            if new != old {
                if !changed {
                    changed = true;
                    self.sets.save(var);
                }
                self.sets.words[var * w + wi] = new;
                self.sets.size[var] -= (old & !new).count_ones();
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
        self.touched.touch(var);
        let moved = before.is_some_and(|before| before != ends(self.of(var)));
        self.queue.queue_if_woken(var, self.sets.size[var], moved);
        if left == 0 {
            return Err(Conflict { var: Some(var) });
        }
        Ok(true)
    }

    /// Sets `var` to the one value `index` (its step), saving the old set,
    /// and queues it.
    #[inline]
    pub(crate) fn fix(&mut self, var: usize, index: usize) {
        self.sets.fix(var, index);
        self.touched.touch(var);
        self.queue.queue_var(var);
    }

    /// Notes that the size or the assignment of `var` changed, when
    /// tracking.
    #[inline]
    pub(crate) fn touch(&mut self, var: usize) {
        self.touched.touch(var);
    }

    /// Starts noting which variables [`touch`](Self::touch) is told of.
    pub(crate) fn track(&mut self) {
        self.touched.tracking = true;
        self.touched.on_list = vec![false; self.sets.size.len()];
    }

    /// Forgets the touched variables, once looked at.
    #[inline]
    pub(crate) fn untouch_all(&mut self) {
        let touched = &mut self.touched;
        for &var in &touched.list {
            touched.on_list[var as usize] = false;
        }
        touched.list.clear();
    }
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
        self.kept.sets.size[var] as usize
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
        if index / 64 >= self.kept.sets.w {
            return Ok(false);
        }
        self.kept.remove(var, index)
    }

    /// [`remove`](Self::remove) of each `(variable, index)` pair of a
    /// list, in turn, stopping at the first conflict: the fast path of a
    /// checker that removes many fixed pairs per step (an exact-cover
    /// option's items, which its layout lists once). An index beyond the
    /// variable's domain is no candidate and is skipped.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming the first variable left with no candidate.
    ///
    /// # Panics
    ///
    /// When a variable is not one of the model's.
    ///
    /// ```
    /// use backtracker::{Checker, Conflict, Domains, ModelBuilder};
    ///
    /// /// Taking value 0 for variable 0 takes index 0 from variables 1 and 2.
    /// struct Claims;
    ///
    /// impl Checker<u8> for Claims {
    ///     fn name(&self) -> &'static str {
    ///         "claims"
    ///     }
    ///     fn check(&self, a: &backtracker::Assignment<'_, u8>) -> bool {
    ///         a.index(0) != Some(0) || (a.index(1) != Some(0) && a.index(2) != Some(0))
    ///     }
    ///     fn narrows(&self) -> bool {
    ///         true
    ///     }
    ///     fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
    ///         if var == 0 && d.len(0) == 1 && d.min(0) == Some(0) {
    ///             d.remove_each(&[(1, 0), (2, 0)])?;
    ///         }
    ///         Ok(())
    ///     }
    /// }
    ///
    /// let mut b = ModelBuilder::new();
    /// for name in ["x", "y", "z"] {
    ///     b.variable(name, 0..2);
    /// }
    /// // Of the 8 assignments, x = 0 leaves y = z = 1 only: 4 + 1.
    /// assert_eq!(b.build((Claims,)).unwrap().search().count().value, 5);
    /// ```
    #[inline]
    pub fn remove_each(&mut self, pairs: &[(u32, u32)]) -> Result<(), Conflict> {
        self.kept.remove_pairs(pairs)
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
