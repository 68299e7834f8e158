//! What events need remembered between a frame's entry and its report:
//! which checker rejected each candidate, and how far the report got.

/// Marks a domain index no checker rejected.
pub(crate) const NO_CHECKER: u32 = u32::MAX;

/// The event log of one search (empty when nobody observes).
#[derive(Default)]
pub(crate) struct Log {
    /// Per frame, the checker that rejected each domain index (`stride`
    /// entries a frame).
    pub(crate) marks: Vec<u32>,
    pub(crate) stride: usize,
    /// Per frame, the next index not yet reported.
    pub(crate) cursor: Vec<u32>,
    /// The candidate words before the current checker filtered, kept
    /// between nodes so that filtering allocates nothing.
    pub(crate) before: Vec<u64>,
}
