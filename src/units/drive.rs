//! What every long run does around its search, whatever the question: the
//! parts the checkpoint does not hold handed to the search, each finished
//! part's result appended to the checkpoint as it finishes, its progress
//! reported, and the caller's cancellation watched.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::checkpoint::{Checkpoint, CheckpointError};
use super::progress::{ProgressFn, Tracker};
use super::record::Record;
use crate::outcome::Outcome;

/// How often a run looks at the caller's cancellation flag.
const CANCEL_POLL: Duration = Duration::from_millis(10);

/// What a run found: the search's outcome (`None` when the checkpoint held
/// every part), and every part's result, those read from the checkpoint
/// first.
pub(super) struct Driven<R, X> {
    pub(super) outcome: Option<Outcome<X>>,
    pub(super) results: Vec<R>,
    pub(super) resumed: usize,
}

impl<R, X> Driven<R, X> {
    /// Whether every one of the run's `parts` has its result, and the
    /// search (if any was needed) completed.
    pub(super) fn complete(&self, parts: usize) -> bool {
        self.results.len() >= parts && self.outcome.as_ref().is_none_or(|o| o.stop.is_complete())
    }
}

/// The parts of a run with `total` parts that `checkpoint` does not hold,
/// in order.
pub(super) fn todo<R: Record>(checkpoint: Option<&Checkpoint<R>>, total: usize) -> Vec<usize> {
    (0..total)
        .filter(|&i| checkpoint.is_none_or(|c| !c.is_done(i)))
        .collect()
}

/// Runs the parts `todo` with `search`, which is given the flag that halts
/// it (set by the caller's `cancel`, or when a result cannot be appended)
/// and the function to call as the `k`-th part of `todo` finishes, with
/// its result and its nodes. Each result is appended to `checkpoint`
/// before the next report; `progress` is told before the first part and
/// after each.
///
/// # Errors
///
/// The [`CheckpointError`] of a result that cannot be appended (the search
/// stops; the results appended before are kept).
pub(super) fn drive<R: Record + Send, X>(
    checkpoint: Option<Checkpoint<R>>,
    todo: &[usize],
    cancel: Option<&Arc<AtomicBool>>,
    progress: Option<&(Tracker, ProgressFn<'_>)>,
    search: impl FnOnce(&Arc<AtomicBool>, &(dyn Fn(usize, R, u64) + Sync)) -> Outcome<X>,
) -> Result<Driven<R, X>, CheckpointError> {
    let earlier: Vec<R> = checkpoint
        .as_ref()
        .map(|c| c.results().to_vec())
        .unwrap_or_default();
    let resumed = earlier.len();
    let checkpoint = checkpoint.map(Mutex::new);
    let fresh = Mutex::new(Vec::with_capacity(todo.len()));
    let failed: Mutex<Option<CheckpointError>> = Mutex::new(None);
    let halt = Arc::new(AtomicBool::new(false));
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::SeqCst));
    if cancelled() {
        halt.store(true, Ordering::SeqCst);
    }
    let on_done = |k: usize, result: R, nodes: u64| {
        if cancelled() {
            halt.store(true, Ordering::SeqCst);
        }
        if let Some(checkpoint) = &checkpoint {
            let appended = checkpoint
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .append(&result);
            if let Err(e) = appended {
                failed
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
                halt.store(true, Ordering::SeqCst);
                return;
            }
        }
        fresh
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(result);
        if let Some((tracker, callback)) = progress {
            tracker.finish(todo[k], nodes, callback);
        }
    };
    let outcome = if todo.is_empty() {
        None
    } else {
        let finished = AtomicBool::new(false);
        Some(std::thread::scope(|scope| {
            let watcher = cancel.map(|flag| {
                let (flag, halt, finished) = (Arc::clone(flag), Arc::clone(&halt), &finished);
                scope.spawn(move || {
                    while !finished.load(Ordering::SeqCst) {
                        if flag.load(Ordering::SeqCst) {
                            halt.store(true, Ordering::SeqCst);
                            return;
                        }
                        std::thread::park_timeout(CANCEL_POLL);
                    }
                })
            });
            if let Some((tracker, callback)) = progress {
                tracker.report(callback);
            }
            let outcome = search(&halt, &on_done);
            finished.store(true, Ordering::SeqCst);
            if let Some(watcher) = watcher {
                watcher.thread().unpark();
            }
            outcome
        }))
    };
    if let Some(e) = failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(e);
    }
    let mut results = earlier;
    results.extend(fresh.into_inner().unwrap_or_else(PoisonError::into_inner));
    Ok(Driven {
        outcome,
        results,
        resumed,
    })
}
