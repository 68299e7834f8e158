//! What a search is asked to do, fixed before its first step: the model's
//! values, options and watch lists, and the modes the engine chose.

use crate::assignment::{Choice, Table};
use crate::checkers::Watch;
use crate::model::Options;

use std::sync::Arc;

use super::strategy::{Pick, SelectVariable};

/// Look-ahead over every unassigned variable (full forward checking).
pub(crate) const ALL: usize = usize::MAX;

/// The immutable plan of one search: read by every part of the loop,
/// changed by none.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent modes of one search, read on the hot path"
)]
pub(crate) struct Plan<'t, V> {
    pub(crate) table: &'t Table<V>,
    pub(crate) options: &'t Options<V>,
    pub(crate) watch: &'t Watch,
    /// The variables.
    pub(crate) n: usize,
    /// The words of the largest candidate set.
    pub(crate) w: usize,
    /// Declared order: frame `d` holds variable `d`.
    pub(crate) declared: bool,
    /// The arm of the branching seam (see [`branch`](super::branch)), and
    /// the user's strategy when it is theirs.
    pub(crate) pick: Pick,
    pub(crate) custom: Option<Arc<dyn SelectVariable>>,
    /// Frames try their candidates from a list (a value-order hook, or
    /// solution saving) rather than lowest index first.
    pub(crate) ordered: bool,
    /// Look-ahead: the number of variables after each step whose candidates
    /// must not run out (`ALL`: every unassigned one, kept narrowed).
    pub(crate) lookahead: usize,
    /// Some checker narrows, or look-ahead keeps narrowed sets: the general
    /// path saves candidate sets on the trail.
    pub(crate) propagating: bool,
    /// Every variable's kept set is exactly its promising values (forward
    /// checking, or narrowing that leaves nothing to filter): their sizes
    /// are what smallest-domain-first compares.
    pub(crate) exact_sizes: bool,
    /// Whether steps dominated under the declared group are pruned and
    /// the interchangeable values the rule excludes left out.
    pub(crate) canonical: bool,
}

impl<'t, V> Plan<'t, V> {
    /// A choice of `var`.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
    )]
    pub(crate) fn choice(&self, var: usize, index: usize) -> Choice<'t, V> {
        Choice {
            var,
            index,
            value: &self.table.domains[var][index],
        }
    }

    /// Whether the kept set of `var` is exactly its candidates: narrowing
    /// that leaves nothing for a filter keeps it so.
    #[inline]
    pub(crate) fn exact(&self, var: usize) -> bool {
        self.watch.skips_filters && self.watch.filtering[var].is_empty()
    }
}
