//! Counting on several threads: the work units of a split handed out by
//! the scheduler to threads that each own a clone of the model, each unit
//! counted by a search of its own, the results added up.

use std::time::Instant;

use crate::checkers::Checkers;
use crate::model::Model;
use crate::observe::{NoObserver, TallyOnly};
use crate::outcome::Outcome;

use super::engine::{Config, Engine};
use super::schedule::{Parts, Workers, resolve_threads};
use super::{Search, Unit};

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'_, V, C> {
    /// Counts the given units on `threads` threads (0: one per core),
    /// calling `done(i, outcome)` as unit `i` finishes (from the worker
    /// thread); see [`units`](Self::units) and [`threads`](Self::threads).
    pub(crate) fn count_units(
        self,
        units: &[Unit],
        threads: usize,
        done: impl Fn(usize, &Outcome<u128>) + Sync,
    ) -> Outcome<u128> {
        let threads = resolve_threads(threads);
        count_units(self.model, &self.config, units, threads, done)
    }
}

/// Counts `units` of `model` under `config` on `threads` threads; see
/// [`Search::units`].
pub(crate) fn count_units<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync>(
    model: &mut Model<V, C>,
    config: &Config<V>,
    units: &[Unit],
    threads: usize,
    done: impl Fn(usize, &Outcome<u128>) + Sync,
) -> Outcome<u128> {
    if let Err(poisoned) = model.usable() {
        return Outcome::refused(poisoned);
    }
    let started = Instant::now();
    let parts = Parts::new(config);
    let tally = parts.config.tally;
    let names = parts.names(model);
    let count_one = |mine: &mut Model<V, C>, i: usize| {
        let unit = &units[i];
        // The nodes above this unit that the one before it shares are
        // counted there.
        let shared_prefix = (i > 0).then(|| {
            let previous = &units[i - 1].prefix;
            previous
                .iter()
                .zip(&unit.prefix)
                .take_while(|(a, b)| a == b)
                .count()
        });
        let mut engine = Engine::new(mine, &parts.part_config());
        let one = std::slice::from_ref(unit);
        if tally {
            engine.walk_reporting(one, shared_prefix, &mut TallyOnly, &mut |_, _, _| {});
        } else {
            engine.walk_reporting(one, shared_prefix, &mut NoObserver, &mut |_, _, _| {});
        }
        let count = engine.count();
        let outcome = engine.outcome(count);
        if outcome.stop.is_complete() {
            done(i, &outcome);
        }
        outcome
    };
    let workers = if threads == 1 {
        Workers::Here(model)
    } else {
        Workers::Threads(&*model, threads)
    };
    let outcomes = parts.run(workers, units.len(), count_one);
    let mut total = parts.sum(outcomes, names);
    total.stats.elapsed = started.elapsed();
    total
}
