//! Branch and bound over work units: the best of the given units, one
//! after the other ([`Search::units`], for a run spread over machines),
//! and the units of a split searched on several threads that share the
//! best cost so far ([`Search::threads`], then `minimize` or `maximize`).
//!
//! A unit is searched as the whole model with its prefix's variables
//! restricted to their values ([`Config::restrict`]), so it runs the same
//! loop, trail and objective as [`Search::minimize`]. The threads share
//! the [`Goal`]'s bound (an atomic), so a solution one thread finds cuts
//! the others' trees at once.

use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use crate::checkers::Checkers;
use crate::goal::{Goal, Sense};
use crate::model::Model;
use crate::observe::{NoObserver, Observer};
use crate::outcome::{Outcome, Stats, StopReason};

use super::engine::{Config, Engine};
use super::optimize::Improvements;
use super::optimum::{Best, Optimum};
use super::place::{Here, OnThreads, Units};
use super::progress::Progress;
use super::schedule::{Parts, Workers};
use super::{Search, Unit, misfit};

impl<V, C> Search<'_, V, C, NoObserver, OnThreads>
where
    V: Copy + TryInto<i64> + Send + Sync,
    C: Checkers<V> + Clone + Send + Sync,
{
    /// Branch and bound towards `sense` of `goal` on the search's threads
    /// (see [`OnThreads`]'s `minimize`), each better solution reported to
    /// the progress callback from the thread that found it.
    pub(crate) fn optimize_parallel(self, goal: &Goal, sense: Sense) -> Outcome<Optimum<V>> {
        if let Err(poisoned) = self.model.usable() {
            return nothing(poisoned.into());
        }
        let threads = self.place.threads();
        let Search {
            model,
            config,
            progress,
            place,
            ..
        } = self;
        // Cross-check mode compares a checker's answers at one node, and
        // another thread's solution would move the bound between them.
        if threads == 1 || config.describe.is_some() {
            if let Some(units) = place.units {
                return Search {
                    model,
                    observer: NoObserver,
                    config,
                    place: Units { units },
                    progress,
                }
                .optimize_in_turn(goal, sense);
            }
            let here = Search {
                model,
                observer: NoObserver,
                config,
                place: Here,
                progress,
            };
            return match sense {
                Sense::Minimize => here.minimize(goal),
                Sense::Maximize => here.maximize(goal),
            };
        }
        let on_better = |best: &Best<V>| {
            if let Some(progress) = &progress {
                progress(Progress::Better(best));
            }
        };
        let started = Instant::now();
        let units = place
            .units
            .unwrap_or_else(|| model.split_for_threads(threads, false));
        let parts = Parts::new(&config);
        goal.start(sense, config.bound);
        let reported: Mutex<Option<i64>> = Mutex::new(None);
        let report = |best: &Best<V>| {
            let mut reported = reported.lock().unwrap_or_else(PoisonError::into_inner);
            if reported.is_none_or(|cost| sense.better(best.cost, cost)) {
                *reported = Some(best.cost);
                on_better(best);
            }
        };
        let results = parts.run(
            Workers::Threads(&*model, threads),
            units.len(),
            |mine, i| in_unit(mine, &parts.part_config(), goal, sense, &units[i], &report),
        );
        goal.stop();
        best_of(&parts, results, sense, started)
    }
}

impl<V, C, O> Search<'_, V, C, O, Units>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
    O: Observer<V>,
{
    /// Branch and bound towards `sense` of `goal` over the units one after
    /// the other, each starting from the best cost of those before it.
    pub(crate) fn optimize_in_turn(self, goal: &Goal, sense: Sense) -> Outcome<Optimum<V>> {
        if let Err(poisoned) = self.model.usable() {
            return nothing(poisoned.into());
        }
        let started = Instant::now();
        let Search {
            model,
            mut observer,
            config,
            place,
            progress,
        } = self;
        let parts = Parts::new(&config);
        let mut bound = config.bound;
        let results = parts.in_turn(model, place.units.len(), |model, i| {
            let mut config = parts.part_config();
            config.bound = bound;
            let Some(masks) = unit_masks(model, &config, &place.units[i]) else {
                return nothing(StopReason::Completed);
            };
            config.restrict = Some(masks.into());
            config.canonical |= goal.is_invariant();
            goal.start(sense, config.bound);
            let engine = Engine::new(model, &config);
            let mut improvements = Improvements::new(engine, &mut observer, goal, sense, true);
            for best in improvements.by_ref() {
                if let Some(progress) = &progress {
                    progress(Progress::Better(&best));
                }
            }
            let outcome = improvements.finish();
            if let Some(best) = &outcome.value.best {
                bound = Some(best.cost);
            }
            outcome
        });
        best_of(&parts, results, sense, started)
    }
}

/// The best of the parts' outcomes (`None`: a part never started), with
/// the statistics of them all and why the whole stopped: proven when
/// every part completed.
fn best_of<V>(
    parts: &Parts<V>,
    results: Vec<Option<Outcome<Optimum<V>>>>,
    sense: Sense,
    started: Instant,
) -> Outcome<Optimum<V>> {
    let mut best: Option<Best<V>> = None;
    let mut found = 0;
    let counts = results
        .into_iter()
        .map(|outcome| {
            outcome.map(|outcome| {
                found += outcome.value.improvements;
                // In unit order, replaced only by a better cost: of
                // equal costs the lowest unit's stays.
                if let Some(b) = outcome.value.best
                    && best.as_ref().is_none_or(|x| sense.better(b.cost, x.cost))
                {
                    best = Some(b);
                }
                Outcome {
                    value: 0,
                    stats: outcome.stats,
                    stop: outcome.stop,
                }
            })
        })
        .collect();
    let mut total = parts.sum(counts, None);
    total.stats.elapsed = started.elapsed();
    Outcome {
        value: Optimum {
            best,
            proven: total.stop.is_complete(),
            improvements: found,
        },
        stats: total.stats,
        stop: total.stop,
    }
}

/// The best of `unit` on `model`, whose goal's bound is already started
/// (and shared), reporting each improvement to `report`.
fn in_unit<V, C>(
    model: &mut Model<V, C>,
    config: &Config<V>,
    goal: &Goal,
    sense: Sense,
    unit: &Unit,
    report: &impl Fn(&Best<V>),
) -> Outcome<Optimum<V>>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
{
    let Some(masks) = unit_masks(model, config, unit) else {
        return nothing(StopReason::Completed);
    };
    let mut config = config.clone();
    config.restrict = Some(masks.into());
    config.canonical |= goal.is_invariant();
    let engine = Engine::new(model, &config);
    let mut improvements = Improvements::new(engine, NoObserver, goal, sense, false);
    for best in improvements.by_ref() {
        report(&best);
    }
    improvements.finish()
}

/// The root candidates of `unit`'s subtree: those of `config` (or the
/// model's), with each variable of the prefix held to its value; `None`
/// when the prefix does not fit the model.
fn unit_masks<V, C>(model: &Model<V, C>, config: &Config<V>, unit: &Unit) -> Option<Vec<u64>> {
    if misfit(&model.table, &unit.prefix).is_some() {
        return None;
    }
    let words = model.table.words;
    let mut masks = match &config.restrict {
        Some(masks) => masks.to_vec(),
        None => model.table.initial.clone(),
    };
    for (var, &index) in unit.prefix.iter().enumerate() {
        let index = index as usize;
        let set = &mut masks[var * words..(var + 1) * words];
        let kept = set[index / 64] & (1 << (index % 64));
        set.fill(0);
        set[index / 64] = kept;
    }
    Some(masks)
}

/// No solution searched: nothing found, proven only when `stop` says the
/// search completed.
fn nothing<V>(stop: StopReason) -> Outcome<Optimum<V>> {
    Outcome {
        value: Optimum {
            best: None,
            proven: stop.is_complete(),
            improvements: 0,
        },
        stats: Stats::default(),
        stop,
    }
}

/// What a run over units is told as unit `i` of the list finishes: the
/// bound it started from (the best cost when it started, or the search's
/// bound) and its outcome.
pub(crate) type UnitDone<'f, V> = dyn Fn(usize, Option<i64>, &Outcome<Optimum<V>>) + Sync + 'f;

impl<V, C> Search<'_, V, C>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
{
    /// Branch and bound towards `sense` of `goal` over `units`, one after
    /// the other on this thread, from the search's bound, each unit
    /// starting from the best cost so far: each better solution told to
    /// `on_better`, each unit that completes to `done`.
    pub(crate) fn best_of_units_in_turn(
        self,
        goal: &Goal,
        sense: Sense,
        units: &[Unit],
        on_better: &(dyn Fn(&Best<V>) + Sync),
        done: &UnitDone<'_, V>,
    ) -> Outcome<Optimum<V>> {
        if let Err(poisoned) = self.model.usable() {
            return nothing(poisoned.into());
        }
        let started = Instant::now();
        let parts = Parts::new(&self.config);
        goal.start(sense, self.config.bound);
        let results = parts.in_turn(self.model, units.len(), |model, i| {
            unit_part(model, &parts, goal, sense, units, i, on_better, done)
        });
        goal.stop();
        best_of(&parts, results, sense, started)
    }
}

impl<V, C> Search<'_, V, C>
where
    V: Copy + TryInto<i64> + Send + Sync,
    C: Checkers<V> + Clone + Send + Sync,
{
    /// [`best_of_units_in_turn`](Self::best_of_units_in_turn) on `threads`
    /// threads (at least one) that share the best cost so far.
    pub(crate) fn best_of_units_on(
        self,
        threads: usize,
        goal: &Goal,
        sense: Sense,
        units: &[Unit],
        on_better: &(dyn Fn(&Best<V>) + Sync),
        done: &UnitDone<'_, V>,
    ) -> Outcome<Optimum<V>> {
        if threads <= 1 {
            return self.best_of_units_in_turn(goal, sense, units, on_better, done);
        }
        if let Err(poisoned) = self.model.usable() {
            return nothing(poisoned.into());
        }
        let started = Instant::now();
        let parts = Parts::new(&self.config);
        goal.start(sense, self.config.bound);
        let results = parts.run(
            Workers::Threads(&*self.model, threads),
            units.len(),
            |mine, i| unit_part(mine, &parts, goal, sense, units, i, on_better, done),
        );
        goal.stop();
        best_of(&parts, results, sense, started)
    }
}

/// Unit `i` of `units` as a part of `parts`, from the goal's shared bound:
/// [`in_unit`], and `done` told when it completes.
#[expect(
    clippy::too_many_arguments,
    reason = "a part of the scheduler with the goal, the units and both callbacks"
)]
fn unit_part<V, C>(
    model: &mut Model<V, C>,
    parts: &Parts<V>,
    goal: &Goal,
    sense: Sense,
    units: &[Unit],
    i: usize,
    on_better: &(dyn Fn(&Best<V>) + Sync),
    done: &UnitDone<'_, V>,
) -> Outcome<Optimum<V>>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
{
    let bound = goal.best();
    let outcome = in_unit(
        model,
        &parts.part_config(),
        goal,
        sense,
        &units[i],
        &on_better,
    );
    if outcome.stop.is_complete() {
        done(i, bound, &outcome);
    }
    outcome
}
