//! The one scheduler: a search that runs in parts (the work units of a
//! split, the constellations of a count by orbits, the units of a branch
//! and bound) hands them out here, in order, to workers that each own a
//! model, under one node budget and one cancellation; the parts' outcomes
//! come back by their index and are added up by the question that asked.
//!
//! What a part computes (a count, a best solution) is the caller's
//! closure; where it runs (this thread, or several) is the scheduler's.
//! Every question that runs in parts, on one thread or on many, goes
//! through [`Parts::run`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::checkers::Checkers;
use crate::model::Model;
use crate::outcome::{Outcome, Stats, StopReason};

use super::budget::Shared;
use super::engine::Config;

/// The most threads a search starts, whatever it is asked for.
pub const MAX_THREADS: usize = 1024;

/// The threads a parallel search uses when asked for `threads`: one per
/// core for 0, and never more than [`MAX_THREADS`].
pub(crate) fn resolve_threads(threads: usize) -> usize {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        threads
    };
    threads.min(MAX_THREADS)
}

/// Where the parts run.
pub(crate) enum Workers<'w, M> {
    /// One after the other on this thread, on this model.
    Here(&'w mut M),
    /// On this many threads (at least two), each on a clone of this model.
    Threads(&'w M, usize),
}

/// The run of a search in parts: the budget its parts share and the
/// configuration each part starts from.
pub(crate) struct Parts<V> {
    /// The node budget and the halt flag all parts share.
    pub(crate) shared: Arc<Shared>,
    /// The search's configuration, with the shared budget in it.
    pub(crate) config: Config<V>,
}

impl<V> Parts<V> {
    /// Parts of a search configured by `config`, sharing its node limit.
    pub(crate) fn new(config: &Config<V>) -> Parts<V> {
        let shared = Arc::new(Shared::new(config.node_limit));
        let mut config = config.clone();
        config.shared = Some(Arc::clone(&shared));
        Parts { shared, config }
    }

    /// The configuration of the next part: the search's, with the node
    /// limit cut to what the parts before it left of the budget.
    pub(crate) fn part_config(&self) -> Config<V> {
        let mut config = self.config.clone();
        let used = self.shared.used.load(Ordering::Relaxed);
        config.node_limit = self.shared.limit.saturating_sub(used);
        config
    }

    /// Whether no further part may start: cancelled, the budget spent, or
    /// a part stopped.
    fn halted(&self) -> bool {
        self.config.cancelled() || self.shared.halted()
    }

    /// Runs parts `0..count` on `workers`, in order of their index (each
    /// thread takes the next one not yet taken), calling `part` with the
    /// worker's model and the index. A part that does not complete halts
    /// the others, and parts not started by then are `None`.
    pub(crate) fn run<M, X>(
        &self,
        workers: Workers<'_, M>,
        count: usize,
        part: impl Fn(&mut M, usize) -> Outcome<X> + Sync,
    ) -> Vec<Option<Outcome<X>>>
    where
        M: Clone + Send,
        X: Send,
    {
        match workers {
            Workers::Here(model) => self.in_turn(model, count, part),
            Workers::Threads(model, threads) => {
                let next = AtomicUsize::new(0);
                let results: Mutex<Vec<Option<Outcome<X>>>> =
                    Mutex::new((0..count).map(|_| None).collect());
                let clones: Vec<M> = (0..threads.min(count)).map(|_| model.clone()).collect();
                std::thread::scope(|scope| {
                    for mut mine in clones {
                        let (next, results, part) = (&next, &results, &part);
                        scope.spawn(move || {
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                if i >= count || self.halted() {
                                    break;
                                }
                                let outcome = self.finished(part(&mut mine, i));
                                results.lock().unwrap_or_else(PoisonError::into_inner)[i] =
                                    Some(outcome);
                            }
                        });
                    }
                });
                results.into_inner().unwrap_or_else(PoisonError::into_inner)
            }
        }
    }

    /// Runs parts `0..count` one after the other on `model`; see
    /// [`run`](Self::run). For a model that cannot be sent to another
    /// thread.
    pub(crate) fn in_turn<M, X>(
        &self,
        model: &mut M,
        count: usize,
        mut part: impl FnMut(&mut M, usize) -> Outcome<X>,
    ) -> Vec<Option<Outcome<X>>> {
        let mut outcomes = Vec::with_capacity(count);
        for i in 0..count {
            outcomes.push(if self.halted() {
                None
            } else {
                Some(self.finished(part(model, i)))
            });
        }
        outcomes
    }

    /// A part's outcome, halting the others when it did not complete.
    fn finished<X>(&self, outcome: Outcome<X>) -> Outcome<X> {
        if !outcome.stop.is_complete() {
            self.shared
                .halt
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
        outcome
    }

    /// The names of `model`'s checkers when the search tallies rejections:
    /// what [`sum`](Self::sum) starts the tally from.
    pub(crate) fn names<C: Checkers<V>>(&self, model: &Model<V, C>) -> Option<Vec<String>> {
        self.config.tally.then(|| {
            model
                .checker_names()
                .into_iter()
                .map(str::to_owned)
                .collect()
        })
    }

    /// The parts' outcomes summed into one (`None`: a part never started,
    /// after a stop), with the statistics of them all and the first stop
    /// that is not a completion; `names` start the rejections per checker
    /// when they are tallied (see [`names`](Self::names)).
    pub(crate) fn sum(
        &self,
        outcomes: Vec<Option<Outcome<u128>>>,
        names: Option<Vec<String>>,
    ) -> Outcome<u128> {
        let mut total = Outcome {
            value: 0,
            stats: Stats::default(),
            stop: StopReason::Completed,
        };
        if let Some(names) = names {
            total.stats.rejections = Some(names.into_iter().map(|name| (name, 0)).collect());
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
            total.stop = if self.shared.used.load(Ordering::Relaxed) >= self.shared.limit {
                StopReason::NodeLimit
            } else if self.config.cancelled() {
                StopReason::Cancelled
            } else {
                StopReason::Stopped
            };
        }
        total
    }
}
