//! The search stack: one frame per depth, holding the variable chosen
//! there, its untried candidates and the index it holds while assigned.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::Table;

/// The frames in growable buffers, owned by the engine: `n + 1` frames of
/// `w` candidate words each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Store {
    pub(crate) var_at: Vec<u32>,
    pub(crate) idx_at: Vec<u32>,
    pub(crate) cand: Vec<u64>,
    /// Per frame, the trail length before its step (narrowing only).
    pub(crate) mark: Vec<u32>,
    pub(crate) w: usize,
}

impl Store {
    pub(crate) fn new(n: usize, w: usize) -> Store {
        Store {
            var_at: (0..=crate::index::small(n)).collect(),
            idx_at: vec![0; n + 1],
            cand: vec![0; (n + 1) * w],
            mark: vec![0; n + 1],
            w,
        }
    }

    /// The candidate words of frame `d`.
    #[inline]
    pub(crate) fn words(&self, d: usize) -> &[u64] {
        &self.cand[d * self.w..(d + 1) * self.w]
    }

    /// The candidate words of frame `d`, to change.
    #[inline]
    pub(crate) fn words_mut(&mut self, d: usize) -> &mut [u64] {
        &mut self.cand[d * self.w..(d + 1) * self.w]
    }
}

/// What the loop needs of its frames. One-word sets are read and written
/// as words; larger ones through [`Store`].
pub(crate) trait Frames<'t, V> {
    /// The value with domain index `index` of variable `var`.
    fn value(&self, var: usize, index: usize) -> &'t V;
    /// The variable of frame `d`.
    fn var(&self, d: usize) -> usize;
    /// Sets the variable of frame `d`.
    fn set_var(&mut self, d: usize, var: usize);
    /// The index frame `d` holds.
    fn index(&self, d: usize) -> usize;
    /// Sets the index frame `d` holds.
    fn set_index(&mut self, d: usize, index: usize);
    /// The one-word candidates of frame `d`.
    fn word(&self, d: usize) -> u64;
    /// Sets the one-word candidates of frame `d`.
    fn set_word(&mut self, d: usize, word: u64);
    /// The one-word initial candidates of `var`.
    fn initial(&self, var: usize) -> u64;
    /// The indices of the frames, for a prefix view of the assignment.
    fn indices(&self) -> &[u32];
    /// The frame store, for sets of several words and trail marks.
    fn store(&mut self) -> &mut Store;
}

/// Frames in the engine's buffers, for any model.
pub(crate) struct SliceFrames<'a, 't, V> {
    pub(crate) store: &'a mut Store,
    pub(crate) initial: &'a [u64],
    pub(crate) domains: &'t [Vec<V>],
}

impl<'t, V> Frames<'t, V> for SliceFrames<'_, 't, V> {
    #[inline(always)]
    fn value(&self, var: usize, index: usize) -> &'t V {
        &self.domains[var][index]
    }
    #[inline(always)]
    fn var(&self, d: usize) -> usize {
        self.store.var_at[d] as usize
    }
    #[inline(always)]
    fn set_var(&mut self, d: usize, var: usize) {
        self.store.var_at[d] = crate::index::small(var);
    }
    #[inline(always)]
    fn index(&self, d: usize) -> usize {
        self.store.idx_at[d] as usize
    }
    #[inline(always)]
    fn set_index(&mut self, d: usize, index: usize) {
        self.store.idx_at[d] = crate::index::small(index);
    }
    #[inline(always)]
    fn word(&self, d: usize) -> u64 {
        self.store.cand[d]
    }
    #[inline(always)]
    fn set_word(&mut self, d: usize, word: u64) {
        self.store.cand[d] = word;
    }
    #[inline(always)]
    fn initial(&self, var: usize) -> u64 {
        self.initial[var]
    }
    #[inline(always)]
    fn indices(&self) -> &[u32] {
        &self.store.idx_at
    }
    #[inline(always)]
    fn store(&mut self) -> &mut Store {
        self.store
    }
}

/// Per variable (up to 64), references to its values, padded to 64, so
/// that reaching a value needs no bounds check, and a checker that does not
/// read it costs nothing.
pub(crate) type Values<'t, V> = [[&'t V; 64]; 64];

/// The value table of [`ArrayFrames`] (only for models of 1 to 64
/// variables whose domains have at most 64 values).
#[expect(
    clippy::large_stack_arrays,
    reason = "built once per search, boxed at once (32 KiB)"
)]
pub(crate) fn value_table<V>(table: &Table<V>) -> Box<Values<'_, V>> {
    let pad = &table.domains[0][0];
    let mut values = Box::new([[pad; 64]; 64]);
    for (row, domain) in values.iter_mut().zip(&table.domains) {
        for (slot, value) in row.iter_mut().zip(domain) {
            *slot = value;
        }
    }
    values
}

/// Frames in fixed arrays, for the one-word loop in declared order with at
/// most 64 variables: indexing by `d % 64` needs no bounds check, and the
/// arrays live on the loop's own stack, beside nothing the checkers could
/// reach, so the optimiser keeps the checkers' state in registers. Frame
/// `d` holds variable `d`.
pub(crate) struct ArrayFrames<'a, 't, V> {
    pub(crate) cand: [u64; 64],
    pub(crate) idx: [u32; 64],
    pub(crate) initial: [u64; 64],
    pub(crate) values: &'a Values<'t, V>,
    pub(crate) store: &'a mut Store,
}

impl<'a, 't, V> ArrayFrames<'a, 't, V> {
    /// Copies frames `0..=n` of `store` in.
    pub(crate) fn load(
        store: &'a mut Store,
        values: &'a Values<'t, V>,
        initial: &[u64],
        n: usize,
    ) -> Self {
        let mut frames = ArrayFrames {
            cand: [0; 64],
            idx: [0; 64],
            initial: [0; 64],
            values,
            store,
        };
        let top = (n + 1).min(64);
        frames.cand[..top].copy_from_slice(&frames.store.cand[..top]);
        frames.idx[..top].copy_from_slice(&frames.store.idx_at[..top]);
        frames.initial[..n].copy_from_slice(&initial[..n]);
        frames
    }

    /// Copies frames `0..=n` back out.
    pub(crate) fn unload(self, n: usize) {
        let top = (n + 1).min(64);
        self.store.cand[..top].copy_from_slice(&self.cand[..top]);
        self.store.idx_at[..top].copy_from_slice(&self.idx[..top]);
    }
}

impl<'t, V> Frames<'t, V> for ArrayFrames<'_, 't, V> {
    #[inline(always)]
    fn value(&self, var: usize, index: usize) -> &'t V {
        self.values[var % 64][index % 64]
    }
    #[inline(always)]
    fn var(&self, d: usize) -> usize {
        d
    }
    #[inline(always)]
    fn set_var(&mut self, _: usize, _: usize) {}
    #[inline(always)]
    fn index(&self, d: usize) -> usize {
        self.idx[d % 64] as usize
    }
    #[inline(always)]
    fn set_index(&mut self, d: usize, index: usize) {
        self.idx[d % 64] = crate::index::small(index);
    }
    #[inline(always)]
    fn word(&self, d: usize) -> u64 {
        self.cand[d % 64]
    }
    #[inline(always)]
    fn set_word(&mut self, d: usize, word: u64) {
        self.cand[d % 64] = word;
    }
    #[inline(always)]
    fn initial(&self, var: usize) -> u64 {
        self.initial[var % 64]
    }
    #[inline(always)]
    fn indices(&self) -> &[u32] {
        &self.idx
    }
    #[inline(always)]
    fn store(&mut self) -> &mut Store {
        self.store
    }
}
