//! How a search advances: the [`Progress`] told to the callback of
//! [`Search::on_progress`] as each part finishes and each better solution
//! is found.

use crate::outcome::Outcome;

#[cfg(doc)]
use super::Search;
use super::optimum::Best;

/// How a search advances, told to the callback of
/// [`Search::on_progress`].
#[derive(Debug)]
#[non_exhaustive]
pub enum Progress<'a, V> {
    /// Part `index` of `of` finished: a work unit of a split, a half of a
    /// symmetric tree, or an orbit's constellation. `outcome` is the
    /// part's own: its (weighted) count and what its search did.
    Part {
        /// The part's number, from 0.
        index: usize,
        /// How many parts the search has.
        of: usize,
        /// What the part counted and searched.
        outcome: &'a Outcome<u128>,
    },
    /// Branch and bound found a solution better than every one reported
    /// before it.
    Better(&'a Best<V>),
}

/// The progress callback a search holds.
pub(crate) type ProgressFn<'m, V> = Box<dyn Fn(Progress<'_, V>) + Sync + 'm>;

/// Reports part `index` of `of` finished to the progress callback, if any.
pub(crate) fn part_done<V>(
    progress: Option<&ProgressFn<'_, V>>,
    index: usize,
    of: usize,
    outcome: &Outcome<u128>,
) {
    if let Some(progress) = progress {
        progress(Progress::Part { index, of, outcome });
    }
}
