//! The working memory a narrowing checker keeps between calls of
//! `narrow` (which takes `&self`), so that it allocates once.

use std::sync::{Mutex, PoisonError};

/// Buffers behind a lock that is never contended (each search has its
/// own checker). A clone starts empty: buffers are not state.
#[derive(Debug, Default)]
pub(crate) struct Scratch<T>(Mutex<T>);

impl<T: Default> Clone for Scratch<T> {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl<T: Default> Scratch<T> {
    /// Runs `f` on the buffers (on fresh ones if the lock is held, which is
    /// never expected: the answer is the same without them).
    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        match self.0.try_lock() {
            Ok(mut s) => f(&mut s),
            Err(_) => f(&mut T::default()),
        }
    }

    /// The buffers, without the lock (`&mut self` rules out anyone else).
    #[inline]
    pub(crate) fn get_mut(&mut self) -> &mut T {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner)
    }

    /// Empties the buffers.
    pub(crate) fn reset(&mut self) {
        *self.get_mut() = T::default();
    }
}
