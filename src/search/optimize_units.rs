//! Branch and bound over work units: the best of one unit's subtree
//! ([`Search::optimize_unit`], for a run spread over machines), and the
//! units of a split searched on several threads that share the best cost
//! so far ([`Search::threads`], then `minimize` or `maximize`).
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
use super::optimize::{Best, Improvements, Optimum};
use super::place::{Here, OnThreads, Progress};
use super::schedule::{Parts, Workers};
use super::{Search, Unit, misfit};

impl<V, C, O> Search<'_, V, C, O>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
    O: Observer<V>,
{
    /// Branch and bound in one work unit: the best solution towards
    /// `sense` of `goal` among those that extend `unit`'s prefix (its
    /// weight is not used: split without symmetry). With the units of a
    /// split searched one by one, and [`bound`](Self::bound) set to the
    /// best cost known so far, the best of their results is the optimum
    /// (of equal costs, take the lowest unit). A prefix that is not part
    /// of the tree has no solution: proven, no best.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder, Sense};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..3i64)).collect();
    /// let cost = Objective::new("cost", [(1, xs[0]), (-2, xs[1]), (1, xs[2]), (-1, xs[3])]);
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let units = model.split(1, false);
    /// let best = units
    ///     .iter()
    ///     .filter_map(|u| model.search().optimize_unit(&goal, Sense::Minimize, u).value.best)
    ///     .min_by_key(|b| b.cost);
    /// assert_eq!(best.map(|b| b.cost), Some(-6));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn optimize_unit(mut self, goal: &Goal, sense: Sense, unit: &Unit) -> Outcome<Optimum<V>> {
        let Some(masks) = unit_masks(self.model, &self.config, unit) else {
            return nothing(StopReason::Completed);
        };
        self.config.restrict = Some(masks.into());
        match sense {
            Sense::Minimize => self.minimize(goal),
            Sense::Maximize => self.maximize(goal),
        }
    }
}

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
            ..
        } = self;
        // Cross-check mode compares a checker's answers at one node, and
        // another thread's solution would move the bound between them.
        if threads == 1 || config.describe.is_some() {
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

        let units = model.split_for_threads(threads, false);
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
