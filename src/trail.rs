//! The trail: every variable's candidate set (`n * w` words) and its size,
//! with the old contents of each set saved once per level, so that going
//! back restores them.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

/// The candidate sets of every variable and the trail of their old
/// contents. It knows nothing of propagation: what a change wakes is the
/// queue's business ([`Kept`](crate::domains::Kept) holds both).
#[derive(Clone, Debug, Default)]
pub(crate) struct Trail {
    /// The sets, `w` words per variable (bit `i` of word `k`: domain index
    /// `64 * k + i`).
    pub(crate) words: Vec<u64>,
    pub(crate) w: usize,
    /// Per variable, the number of candidates in its set.
    pub(crate) size: Vec<u32>,
    /// Per trail entry, the variable and its old size; its old words are
    /// in `old`.
    entries: Vec<(u32, u32)>,
    old: Vec<u64>,
    /// Per variable, the level at which its words were last saved.
    stamp: Vec<u64>,
    /// The current level: a new number for every step, so that a variable
    /// is saved once per step however often it changes.
    level: u64,
}

impl Trail {
    /// The sets of `n` variables of `w` words each, from `initial`.
    pub(crate) fn new(initial: &[u64], n: usize, w: usize) -> Trail {
        let size: Vec<u32> = (0..n)
            .map(|var| count(&initial[var * w..(var + 1) * w]))
            .collect();
        Trail {
            words: initial.to_vec(),
            w,
            size,
            stamp: vec![0; n],
            ..Trail::default()
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
        crate::index::small(self.entries.len())
    }

    /// Undoes every change since the trail had `mark` entries, last first,
    /// telling `restored` of each variable it restores.
    #[inline]
    pub(crate) fn restore(&mut self, mark: u32, mut restored: impl FnMut(usize)) {
        let mark = mark as usize;
        let w = self.w;
        while self.entries.len() > mark {
            let (var, size) = self.entries.pop().unwrap_or_default();
            let var = var as usize;
            self.size[var] = size;
            restored(var);
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

    /// Whether the set of `var` is saved at this level already.
    #[inline(always)]
    pub(crate) fn saved(&self, var: usize) -> bool {
        self.stamp[var] == self.level
    }

    /// Saves the words of `var` unless saved at this level already.
    #[inline]
    pub(crate) fn save(&mut self, var: usize) {
        if self.stamp[var] != self.level {
            self.stamp[var] = self.level;
            self.entries
                .push((crate::index::small(var), self.size[var]));
            let w = self.w;
            if w == 1 {
                self.old.push(self.words[var]);
            } else {
                self.old
                    .extend_from_slice(&self.words[var * w..(var + 1) * w]);
            }
        }
    }

    /// [`save`](Self::save), not inlined, for a removal's rare first
    /// change of a set in a step.
    #[inline(never)]
    pub(crate) fn save_slow(&mut self, var: usize) {
        self.save(var);
    }

    /// Sets `var` to the one value `index`, saving its old set.
    #[inline]
    pub(crate) fn fix(&mut self, var: usize, index: usize) {
        self.save(var);
        self.size[var] = 1;
        let w = self.w;
        if w == 1 {
            self.words[var] = 1 << index;
        } else {
            let set = &mut self.words[var * w..(var + 1) * w];
            set.fill(0);
            set[index / 64] = 1 << (index % 64);
        }
    }
}

/// The number of candidates in a set.
pub(crate) fn count(words: &[u64]) -> u32 {
    words.iter().map(|w| w.count_ones()).sum()
}
