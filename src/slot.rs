//! Where a model keeps its checkers: a slot that the lean search loop may
//! empty for the length of a loop, moving the checkers onto its own stack.
//!
//! The reason is measured (docs/performance-log.md, "The checkers on the
//! loop's own stack"): behind a reference, the optimiser writes the
//! checkers' state back to memory at every assignment and undo (six stores
//! a node for the N-Queens rules); on the loop's own stack, where nothing
//! else can reach them, it keeps that state in registers. The flagship
//! counted 0.93x to 0.97x the CPU time with the move.

/// A model's checkers: always in the slot, but while [`lend`](Slot::lend)'s
/// guard holds them.
#[derive(Clone, Debug)]
pub(crate) struct Slot<C>(Option<C>);

/// The checkers out of their [`Slot`], on the stack of the function that
/// holds this guard; dropping it (also when a checker panics) puts them
/// back.
pub(crate) struct Lent<'a, C> {
    slot: &'a mut Option<C>,
    checkers: Option<C>,
}

impl<C> Slot<C> {
    /// A slot holding `checkers`.
    pub(crate) fn new(checkers: C) -> Slot<C> {
        Slot(Some(checkers))
    }

    /// The checkers, which are in the slot whenever it can be borrowed:
    /// the guard that took them out borrows the slot until it puts them
    /// back.
    #[inline]
    pub(crate) fn get(&self) -> &C {
        self.0
            .as_ref()
            .expect("the checkers are in their slot outside the lean loop")
    }

    /// [`get`](Self::get), to change.
    #[inline]
    pub(crate) fn get_mut(&mut self) -> &mut C {
        self.0
            .as_mut()
            .expect("the checkers are in their slot outside the lean loop")
    }

    /// Moves the checkers out, onto the caller's stack, until the guard is
    /// dropped.
    #[inline]
    pub(crate) fn lend(&mut self) -> Lent<'_, C> {
        let checkers = self.0.take();
        Lent {
            slot: &mut self.0,
            checkers,
        }
    }
}

impl<C> Lent<'_, C> {
    /// The checkers the guard holds.
    #[inline]
    pub(crate) fn get_mut(&mut self) -> &mut C {
        self.checkers
            .as_mut()
            .expect("a lent slot holds the checkers")
    }
}

impl<C> Drop for Lent<'_, C> {
    #[inline]
    fn drop(&mut self) {
        *self.slot = self.checkers.take();
    }
}
