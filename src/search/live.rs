//! What each step changes and its undo restores: the assignment, the kept
//! candidate sets with their trail, and the assignments steps implied.

use crate::assignment::{Assignment, Table, UNASSIGNED};
use crate::domains::Kept;
use crate::queue::NOBODY;

use super::smallest::Smallest;

/// The trail mark of a frame that holds an implied assignment: its step's
/// frame below it restores the kept sets for both.
pub(crate) const IMPLIED: u32 = u32::MAX;

/// The assignment and the kept sets of one search, as the steps taken so
/// far left them.
pub(crate) struct Live {
    /// Per variable, its index or `UNASSIGNED` (the general path keeps it).
    pub(crate) slots: Vec<u32>,
    /// The variables' kept candidate sets, and their trail.
    pub(crate) kept: Kept,
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
    pub(crate) implied_frames: usize,
    /// When removal events are asked for: the values narrowing removed
    /// since the last step was reported, as `(var, index, checker)`.
    pub(crate) removals: Option<Vec<(u32, u32, u32)>>,
    /// With exact sizes and smallest-domain-first: the tree that picks the
    /// next variable from the kept sizes (built at the first pick).
    pub(crate) smallest: Option<Smallest>,
}

impl Live {
    /// Nothing assigned: the kept sets are `initial`, `n` variables of `w`
    /// words, woken as `wake_on` says.
    pub(crate) fn new(initial: &[u64], n: usize, w: usize, wake_on: &[u8]) -> Live {
        Live {
            slots: vec![UNASSIGNED; n],
            kept: Kept::new(initial, n, w, wake_on),
            implied: Vec::new(),
            implied_by: vec![NOBODY; n + 1],
            singles: Vec::new(),
            implied_frames: 0,
            removals: None,
            smallest: None,
        }
    }

    /// The current assignment, of values in `table`.
    #[inline]
    pub(crate) fn assignment<'a, V>(&'a self, table: &'a Table<V>) -> Assignment<'a, V> {
        Assignment::new(table, &self.slots)
    }
}
