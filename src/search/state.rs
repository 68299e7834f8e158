//! What the search loop works on besides its frames and the checkers: the
//! data of one search, and the questions it answers about itself. The
//! verbs are in `step` (taking and undoing a step), `enter` (entering a
//! frame) and `report` (telling an observer).
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use std::time::Instant;

use crate::assignment::{Assignment, Choice, Table, UNASSIGNED};
use crate::checkers::Watch;
use crate::checkers::sealed::Set;
use crate::domains::{Kept, NOBODY};
use crate::model::Options;
use crate::outcome::{Disagreement, FalseSymmetry, Stats, StopReason};

use super::budget::Budget;
use super::smallest::Smallest;

/// Marks a domain index no checker rejected.
pub(crate) const NO_CHECKER: u32 = u32::MAX;

/// Look-ahead over every unassigned variable (full forward checking).
pub(crate) const ALL: usize = usize::MAX;

/// The trail mark of a frame that holds an implied assignment: its step's
/// frame below it restores the kept sets for both.
pub(crate) const IMPLIED: u32 = u32::MAX;

/// The search's state outside the frames and the checkers.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent modes of one search, read on the hot path"
)]
pub(crate) struct State<'t, V> {
    pub(crate) table: &'t Table<V>,
    pub(crate) options: &'t Options<V>,
    pub(crate) watch: &'t Watch,
    pub(crate) n: usize,
    pub(crate) w: usize,
    /// Frames below `base` hold a fixed prefix (a work unit's).
    pub(crate) base: usize,
    /// The current frame.
    pub(crate) depth: usize,
    /// Declared order: frame `d` holds variable `d`.
    pub(crate) declared: bool,
    /// Per variable, its index or `UNASSIGNED` (the general path keeps it).
    pub(crate) slots: Vec<u32>,
    /// The variables' kept candidate sets, and their trail.
    pub(crate) kept: Kept,
    /// Look-ahead: the number of variables after each step whose candidates
    /// must not run out (`ALL`: every unassigned one, kept narrowed).
    pub(crate) lookahead: usize,
    /// Some checker narrows, or look-ahead keeps narrowed sets: the general
    /// path saves candidate sets on the trail.
    pub(crate) propagating: bool,
    /// The assignments a step's narrowing implied so far, in order, as
    /// `(var, index, checker)` (the checker whose narrowing left the one
    /// value, or `NOBODY`), until the step moves them onto frames.
    pub(crate) implied: Vec<(u32, u32, u32)>,
    /// Per frame of an implied assignment, its checker (as in `implied`).
    pub(crate) implied_by: Vec<u32>,
    /// Narrowing: the variables left with one value, unassigned, as they
    /// came off the queue (with the checker that changed them last), to
    /// be implied at the fixpoint.
    pub(crate) singles: Vec<(u32, u32)>,
    /// Frames above the step frames that hold implied assignments now.
    pub(crate) implied_live: usize,
    /// Implied assignments made by the steps taken.
    pub(crate) implied_total: u64,
    /// Every variable's kept set is exactly its promising values (forward
    /// checking, or narrowing that leaves nothing to filter): their sizes
    /// are what smallest-domain-first compares.
    pub(crate) exact_sizes: bool,
    /// With exact sizes and smallest-domain-first: the tree that picks the
    /// next variable (built at the first pick).
    pub(crate) smallest: Option<Smallest>,
    pub(crate) budget: Budget,
    /// Solutions visited.
    pub(crate) solutions: u128,
    /// Solutions counted, weighted.
    pub(crate) count: u128,
    /// The weight of a solution in the current unit.
    pub(crate) weight: u128,
    pub(crate) max_depth: usize,
    pub(crate) rejections: Vec<u64>,
    /// Whether rejections were counted.
    pub(crate) tallied: bool,
    /// Events: per frame, the checker that rejected each domain index
    /// (`stride` entries a frame), and the next index not yet reported.
    pub(crate) marks: Vec<u32>,
    pub(crate) stride: usize,
    pub(crate) cursor: Vec<u32>,
    /// Events: the candidate words before the current checker filtered,
    /// kept between nodes so that filtering allocates nothing.
    pub(crate) before: Vec<u64>,
    /// The variable smallest-domain-first last picked by filtering one-word
    /// sets, with its filtered set, for [`fill`] to use instead of
    /// filtering it again.
    pub(crate) picked: Option<(usize, u64)>,
    /// With a value-order hook: per frame, the untried candidates, last first.
    pub(crate) ordered: Vec<Vec<u32>>,
    /// When removal events are asked for: the values narrowing removed
    /// since the last step was reported, as `(var, index, checker)`.
    pub(crate) removals: Option<Vec<(u32, u32, u32)>>,
    /// Cross-check mode: how to show a value.
    pub(crate) describe: Option<fn(&V) -> String>,
    /// What cross-check mode found.
    pub(crate) disagreement: Option<Disagreement>,
    /// Whether steps dominated under the declared group are pruned and
    /// the interchangeable values the rule excludes left out, and working
    /// space for an image and for the rule's mask.
    pub(crate) canonical: bool,
    pub(crate) image: Vec<u32>,
    pub(crate) allowed: Vec<u64>,
    /// In cross-check mode, a declared symmetry generator found false.
    pub(crate) false_symmetry: Option<Box<FalseSymmetry>>,
    pub(crate) started: Instant,
}

/// Why a step was rejected after its assignment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wipeout {
    /// The checker that emptied a set (`None`: the set had no candidate
    /// to begin with).
    pub(crate) checker: Option<usize>,
    pub(crate) var: Option<usize>,
}

impl<'t, V> State<'t, V> {
    pub(crate) fn new(
        table: &'t Table<V>,
        initial: &[u64],
        options: &'t Options<V>,
        watch: &'t Watch,
        checkers: usize,
        budget: Budget,
    ) -> Self {
        let n = table.len();
        State {
            table,
            options,
            watch,
            n,
            w: table.words,
            base: 0,
            depth: 0,
            declared: options.order == crate::model::VariableOrder::Declared,
            slots: vec![UNASSIGNED; n],
            kept: Kept::new(initial, n, table.words, &watch.wake_on),
            lookahead: 0,
            propagating: false,
            implied: Vec::new(),
            implied_by: vec![NOBODY; n + 1],
            singles: Vec::new(),
            implied_live: 0,
            implied_total: 0,
            exact_sizes: false,
            smallest: None,
            budget,
            solutions: 0,
            count: 0,
            weight: 1,
            max_depth: 0,
            rejections: vec![0; checkers],
            tallied: false,
            marks: Vec::new(),
            stride: 0,
            cursor: Vec::new(),
            before: Vec::new(),
            picked: None,
            ordered: Vec::new(),
            removals: None,
            describe: None,
            disagreement: None,
            false_symmetry: None,
            canonical: false,
            image: vec![UNASSIGNED; n],
            allowed: vec![0; table.words],
            started: Instant::now(),
        }
    }

    /// What cross-check mode found, as the reason to stop, if anything
    /// (and forgets it).
    pub(crate) fn take_found(&mut self) -> Option<StopReason> {
        if let Some(d) = self.disagreement.take() {
            return Some(StopReason::Disagreement(Box::new(d)));
        }
        self.false_symmetry.take().map(StopReason::FalseSymmetry)
    }

    /// The current assignment, from the slots.
    #[inline]
    pub(crate) fn assignment(&self) -> Assignment<'_, V> {
        Assignment::new(self.table, &self.slots)
    }

    /// The statistics so far.
    pub(crate) fn stats<C: Set<V>>(&self, checkers: &C) -> Stats {
        Stats {
            nodes: self.budget.used(),
            implied: self.implied_total,
            solutions: self.solutions,
            max_depth: self.max_depth,
            rejections: self.tallied.then(|| {
                (0..checkers.len())
                    .map(|k| (checkers.name(k).to_owned(), self.rejections[k]))
                    .collect()
            }),
            elapsed: self.started.elapsed(),
        }
    }

    /// A choice of `var`.
    #[inline(always)]
    pub(crate) fn choice(&self, var: usize, index: usize) -> Choice<'t, V> {
        Choice {
            var,
            index,
            value: &self.table.domains[var][index],
        }
    }
}

/// Whether the kept set of `var` is exactly its candidates: narrowing that
/// leaves nothing for a filter keeps it so.
#[inline]
pub(crate) fn exact<V>(st: &State<'_, V>, var: usize) -> bool {
    st.watch.skips_filters && st.watch.filtering[var].is_empty()
}
