//! The node budget: the node limit, the cancellation flag and, in a
//! parallel count, the budget the threads share, as one countdown.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::outcome::StopReason;

/// Nodes between two polls of the cancellation flag (and of the shared
/// budget of a parallel count): some tens of microseconds of work, so a
/// cancellation is seen at once, and too rare to cost anything measurable.
pub(crate) const POLL_EVERY: u64 = 1 << 12;

/// What the threads of a parallel count share: the nodes used so far and a
/// halt flag.
#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) used: AtomicU64,
    pub(crate) limit: u64,
    pub(crate) halt: AtomicBool,
}

impl Shared {
    pub(crate) fn new(limit: u64) -> Shared {
        Shared {
            used: AtomicU64::new(0),
            limit,
            halt: AtomicBool::new(false),
        }
    }

    /// Whether the threads must stop: the budget is spent or one of them
    /// stopped.
    pub(crate) fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed) || self.used.load(Ordering::Relaxed) >= self.limit
    }
}

/// A search's node budget, counted down one node at a time by the loop.
///
/// The loop only decrements [`left`](Self::left) and returns when it is
/// zero; [`refill`](Self::refill) then decides whether the search goes on
/// (and grants the next stretch) or stops, and why.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// Nodes the search may visit before it must call `refill`.
    pub(crate) left: u64,
    /// Nodes granted so far: `granted - left` nodes were used.
    granted: u64,
    limit: u64,
    cancel: Option<Arc<AtomicBool>>,
    shared: Option<Arc<Shared>>,
    /// Nodes already added to `shared.used`.
    flushed: u64,
}

impl Budget {
    pub(crate) fn new(
        limit: u64,
        cancel: Option<Arc<AtomicBool>>,
        shared: Option<Arc<Shared>>,
    ) -> Budget {
        Budget {
            left: 0,
            granted: 0,
            limit,
            cancel,
            shared,
            flushed: 0,
        }
    }

    /// Nodes used so far.
    #[inline]
    pub(crate) fn used(&self) -> u64 {
        self.granted - self.left
    }

    /// Called when `left` is zero: stops the search at the node limit, on
    /// cancellation or when another thread halted; otherwise grants the
    /// next stretch (never beyond the limit).
    ///
    /// # Errors
    ///
    /// The stop reason.
    #[cold]
    pub(crate) fn refill(&mut self) -> Result<(), StopReason> {
        let used = self.used();
        self.flush();
        if used >= self.limit {
            self.halt_others();
            return Err(StopReason::NodeLimit);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.halt_others();
            return Err(StopReason::Cancelled);
        }
        if let Some(shared) = &self.shared
            && shared.halted()
        {
            shared.halt.store(true, Ordering::Relaxed);
            return Err(if shared.used.load(Ordering::Relaxed) >= shared.limit {
                StopReason::NodeLimit
            } else {
                StopReason::Cancelled
            });
        }
        let grant = POLL_EVERY.min(self.limit - used);
        self.left = grant;
        self.granted = used + grant;
        Ok(())
    }

    /// Adds the nodes used since the last flush to the shared count.
    pub(crate) fn flush(&mut self) {
        if let Some(shared) = &self.shared {
            let used = self.granted - self.left;
            shared
                .used
                .fetch_add(used - self.flushed, Ordering::Relaxed);
            self.flushed = used;
        }
    }

    fn halt_others(&self) {
        if let Some(shared) = &self.shared {
            shared.halt.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_limit_grants_nothing() {
        let mut budget = Budget::new(0, None, None);
        assert_eq!(budget.refill(), Err(StopReason::NodeLimit));
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn the_limit_is_never_overshot() {
        let mut budget = Budget::new(POLL_EVERY + 5, None, None);
        let mut taken = 0;
        loop {
            if budget.left == 0 && budget.refill().is_err() {
                break;
            }
            budget.left -= 1;
            taken += 1;
        }
        assert_eq!(taken, POLL_EVERY + 5);
        assert_eq!(budget.used(), POLL_EVERY + 5);
    }

    #[test]
    fn cancellation_is_seen_at_the_next_refill() {
        let flag = Arc::new(AtomicBool::new(true));
        let mut budget = Budget::new(u64::MAX, Some(flag), None);
        assert_eq!(budget.refill(), Err(StopReason::Cancelled));
    }
}
