//! Cross-check mode's data: how to show a value, and what the audit of the
//! checkers' fast answers against their own `check` found.

use crate::outcome::{Disagreement, FalseSymmetry, StopReason};

/// The cross-check of one search (`describe` is `None` when it is off).
pub(crate) struct Audit<V> {
    /// How to show a value.
    pub(crate) describe: Option<fn(&V) -> String>,
    /// A checker's answer that its `check` contradicts.
    pub(crate) disagreement: Option<Disagreement>,
    /// A declared symmetry generator found false.
    pub(crate) false_symmetry: Option<Box<FalseSymmetry>>,
}

impl<V> Audit<V> {
    /// What the audit found, as the reason to stop, if anything (and
    /// forgets it).
    pub(crate) fn take_found(&mut self) -> Option<StopReason> {
        if let Some(d) = self.disagreement.take() {
            return Some(StopReason::Disagreement(Box::new(d)));
        }
        self.false_symmetry.take().map(StopReason::FalseSymmetry)
    }
}
