//! The propagation queue: the variables whose candidate set changed and
//! whose narrowing checkers have not run since, and the waiting line of
//! the narrowings that run once it is dry.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::wake::{ON_BOUNDS, ON_CHANGE};

/// No checker: a change made by a step, by look-ahead or at the root.
pub(crate) const NOBODY: u32 = u32::MAX;

/// What a change of a set wakes, and in which order. It knows nothing of
/// the sets: the trail keeps them ([`Kept`](crate::domains::Kept) holds
/// both).
#[derive(Clone, Debug, Default)]
pub(crate) struct Queue {
    /// Variables whose set changed and whose narrowing checkers have not
    /// run since, first in first out.
    vars: Vec<u32>,
    head: usize,
    queued: Vec<bool>,
    /// Per variable, the checker whose narrowing changed its set last
    /// (`NOBODY`: a step, look-ahead or the root).
    changer: Vec<u32>,
    /// The checker narrowing now (`NOBODY` outside narrowing).
    pub(crate) running: u32,
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
    /// Per variable, which of its changes queue it beside its being left
    /// one value (`ON_CHANGE`: every change; `ON_BOUNDS`: a bound that
    /// moves).
    wake_on: Vec<u8>,
}

impl Queue {
    /// An empty queue for `n` variables that wake their checkers as
    /// `wake_on` says.
    pub(crate) fn new(n: usize, wake_on: &[u8]) -> Queue {
        Queue {
            queued: vec![false; n],
            changer: vec![NOBODY; n],
            running: NOBODY,
            moved: vec![false; n],
            wake_on: wake_on.to_vec(),
            ..Queue::default()
        }
    }

    /// Which changes of `var` wake a checker beside its being left one
    /// value (`ON_CHANGE`, `ON_BOUNDS`, or 0).
    #[inline(always)]
    pub(crate) fn wakes(&self, var: usize) -> u8 {
        self.wake_on[var]
    }

    /// Queues `var` after a removal left it `size` candidates, if that
    /// wakes anything: always when a narrowing checker wakes on its every
    /// change or its bounds `moved`, else once it is left one value (or
    /// none).
    #[inline(always)]
    pub(crate) fn queue_if_woken(&mut self, var: usize, size: u32, moved: bool) {
        if moved {
            self.moved[var] = true;
        }
        if size <= 1 || self.wake_on[var] & ON_CHANGE != 0 || moved {
            self.enqueue(var);
        }
    }

    /// [`queue_if_woken`](Self::queue_if_woken) after the removal of
    /// `index` from `var`, whose set is now `set`, some of whose checkers
    /// wake on more than its being left one value. Out of line: inlined,
    /// it made the removal loop of exact cover, which never comes here,
    /// spill registers (1.04x the instructions of a pentomino count).
    #[inline(never)]
    pub(crate) fn queue_removal(&mut self, var: usize, index: usize, set: &[u64], size: u32) {
        let moved = self.wake_on[var] & ON_BOUNDS != 0 && was_end(set, index);
        self.queue_if_woken(var, size, moved);
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
    pub(crate) fn enqueue(&mut self, var: usize) {
        self.changer[var] = self.running;
        if !self.queued[var] {
            self.queued[var] = true;
            self.vars.push(crate::index::small(var));
        }
    }

    /// The next variable of the queue, the checker that changed its set
    /// last (`NOBODY`: not a narrowing checker), and whether its bounds
    /// moved since its checkers last ran (always false for a variable no
    /// checker wakes on bounds).
    #[inline]
    pub(crate) fn next_queued(&mut self) -> Option<(usize, u32, bool)> {
        let var = *self.vars.get(self.head)? as usize;
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
    pub(crate) fn clear(&mut self) {
        for &var in &self.vars[self.head..] {
            self.queued[var as usize] = false;
            self.moved[var as usize] = false;
        }
        self.vars.clear();
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
    pub(crate) fn done(&mut self) -> bool {
        if self.head == self.vars.len() {
            self.vars.clear();
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

/// Whether removing `index` from a set (just done, leaving `set`) moved
/// one of its bounds: no candidate is left below it, or none above it.
#[inline]
fn was_end(set: &[u64], index: usize) -> bool {
    let (wi, bit) = (index / 64, index % 64);
    let below = set[wi] & ((1u64 << bit) - 1) != 0 || set[..wi].iter().any(|&x| x != 0);
    let above = (bit < 63 && set[wi] >> bit >> 1 != 0) || set[wi + 1..].iter().any(|&x| x != 0);
    !below || !above
}
