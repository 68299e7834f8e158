//! Counting on several threads: work units handed out to a thread pool,
//! each counted by a search of its own, the results added up.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use rayon::prelude::*;

use crate::checkers::Checkers;
use crate::model::Model;
use crate::observe::{NoObserver, TallyOnly};
use crate::outcome::{Outcome, Stats, StopReason};

use super::budget::Shared;
use super::engine::Engine;
use super::{Search, Unit};

/// The most threads a parallel count starts, whatever it is asked for.
pub const MAX_THREADS: usize = 1024;

/// The threads a parallel count uses when asked for `threads`: one per
/// core for 0, and never more than [`MAX_THREADS`].
///
/// ```
/// use backtracker::{resolve_threads, MAX_THREADS};
///
/// assert_eq!(resolve_threads(3), 3);
/// assert!(resolve_threads(0) >= 1);
/// assert_eq!(resolve_threads(usize::MAX), MAX_THREADS);
/// ```
#[must_use]
pub fn resolve_threads(threads: usize) -> usize {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        threads
    };
    threads.min(MAX_THREADS)
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'_, V, C> {
    /// Counts on `threads` threads (0: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS)): the tree is split into many more
    /// units than threads, in a deterministic order, and the units' counts
    /// are added, so the total is exact and the same for every thread count,
    /// and so are the statistics. Node limits and cancellation hold across
    /// threads (a node limit may be overshot by what the other threads
    /// search before they notice). A parallel count takes no observer.
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// let mut model = nqueens(10).unwrap();
    /// assert_eq!(model.search().count_parallel(2).value, 724);
    /// ```
    #[must_use]
    pub fn count_parallel(self, threads: usize) -> Outcome<u128> {
        if let Err(poisoned) = self.model.usable() {
            return Outcome::refused(poisoned);
        }
        let threads = resolve_threads(threads);
        let symmetry = self.symmetric();
        let units = self.model.split_for_threads(threads, symmetry);
        self.count_units(&units, threads, |_, _| {})
    }

    /// Counts the given units on `threads` threads (0: one per core),
    /// calling `done(i, outcome)` as unit `i` finishes (from the worker
    /// thread; outcomes are weighted). Units are started in order. For the
    /// units of one split, the total and the statistics are those of one
    /// search of the whole tree: a unit counts the nodes above it that it
    /// shares with no earlier unit. A unit whose prefix is not part of the
    /// tree counts 0, as in [`count_unit`](Self::count_unit). A
    /// [poisoned](crate::Model::is_poisoned) model is refused with
    /// [`StopReason::Unusable`], even for no units.
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let units = model.split(2, true);
    /// let outcome = model.search().count_units(&units, 2, |_, _| {});
    /// assert_eq!(outcome.value, 92);
    /// assert_eq!(outcome.stats.nodes, model.search().count().stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn count_units(
        self,
        units: &[Unit],
        threads: usize,
        done: impl Fn(usize, &Outcome<u128>) + Sync,
    ) -> Outcome<u128> {
        if let Err(poisoned) = self.model.usable() {
            return Outcome::refused(poisoned);
        }
        let threads = resolve_threads(threads);
        let started = Instant::now();
        let shared = Arc::new(Shared::new(self.config.node_limit));
        let mut config = self.config.clone();
        config.shared = Some(Arc::clone(&shared));
        let model: &Model<V, C> = self.model;
        let run = || {
            units
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .map_init(
                    || model.clone(),
                    |mine, (i, unit)| {
                        let cancelled = config.cancelled();
                        if cancelled || shared.halted() {
                            return None;
                        }
                        let mut unit_config = config.clone();
                        // This unit may use what the others left of the budget.
                        let used = shared.used.load(Ordering::Relaxed);
                        unit_config.node_limit = shared.limit.saturating_sub(used);
                        let shared_prefix = (i > 0).then(|| {
                            let previous = &units[i - 1].prefix;
                            previous
                                .iter()
                                .zip(&unit.prefix)
                                .take_while(|(a, b)| a == b)
                                .count()
                        });
                        let mut engine = Engine::new(mine, &unit_config);
                        let one = std::slice::from_ref(unit);
                        if config.tally {
                            engine.walk_reporting(
                                one,
                                shared_prefix,
                                &mut TallyOnly,
                                &mut |_, _, _| {},
                            );
                        } else {
                            engine.walk_reporting(
                                one,
                                shared_prefix,
                                &mut NoObserver,
                                &mut |_, _, _| {},
                            );
                        }
                        let count = engine.count();
                        let outcome = engine.outcome(count);
                        if outcome.stop.is_complete() {
                            done(i, &outcome);
                        }
                        Some(outcome)
                    },
                )
                .collect::<Vec<_>>()
        };
        let outcomes = on_threads(threads, run);
        let names = config.tally.then(|| model.checker_names());
        let cancelled = config.cancelled();
        let mut total = sum(outcomes, names, &shared, cancelled);
        total.stats.elapsed = started.elapsed();
        total
    }
}

/// Runs `run` in a pool of `threads` threads (on the caller's pool if
/// one cannot be built).
pub(super) fn on_threads<T: Send>(threads: usize, run: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}

/// The units' outcomes summed (`None`: a unit skipped after a stop), with
/// the rejections per checker when `names` are given.
pub(super) fn sum(
    outcomes: Vec<Option<Outcome<u128>>>,
    names: Option<Vec<&str>>,
    shared: &Shared,
    cancelled: bool,
) -> Outcome<u128> {
    let mut total = Outcome {
        value: 0,
        stats: Stats::default(),
        stop: StopReason::Completed,
    };
    if let Some(names) = names {
        total.stats.rejections = Some(names.into_iter().map(|name| (name.to_owned(), 0)).collect());
    }
    let mut skipped = false;
    for outcome in outcomes {
        let Some(outcome) = outcome else {
            skipped = true;
            continue;
        };
        total.value += outcome.value;
        total.stats.absorb(&outcome.stats);
        if total.stop.is_complete() && !outcome.stop.is_complete() {
            total.stop = outcome.stop;
        }
    }
    if skipped && total.stop.is_complete() {
        total.stop = if shared.used.load(Ordering::Relaxed) >= shared.limit {
            StopReason::NodeLimit
        } else if cancelled {
            StopReason::Cancelled
        } else {
            StopReason::Stopped
        };
    }
    total
}
