//! Where a search runs, as a setting of the search rather than a method
//! of its own: [`Here`] (this thread, the default) or [`OnThreads`] (set
//! by [`Search::threads`]), and the [`Progress`](crate::Progress) a search reports as it
//! goes. The questions asked on threads (a count, branch and bound) are
//! here; each hands its parts to the scheduler (`schedule.rs`).

use crate::checkers::Checkers;
use crate::goal::{Goal, Sense};
use crate::observe::{NoObserver, Observer};
use crate::outcome::Outcome;

use super::estimate::Interval;
use super::optimum::Optimum;
use super::progress::part_done;
use super::schedule::resolve_threads;
use super::{Search, Unit, parallel};

/// Where a [`Search`] runs by default: on the calling thread, on the
/// model itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Here;

/// Where a [`Search`] runs after [`Search::units`]: on the calling
/// thread, over the given work units only, one after the other.
#[derive(Clone, Debug)]
pub struct Units {
    pub(crate) units: Vec<Unit>,
}

/// Where a [`Search`] runs after [`Search::threads`]: on several threads,
/// each on a clone of the model, taking the parts of the search in turn
/// (the given work units, or a split of the tree into many more units
/// than threads).
#[derive(Clone, Debug)]
pub struct OnThreads {
    threads: usize,
    pub(crate) units: Option<Vec<Unit>>,
}

impl OnThreads {
    /// The number of threads (at least one).
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// The work units given, if any.
    pub(crate) fn units(&self) -> Option<&[Unit]> {
        self.units.as_deref()
    }
}

impl<'m, V, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// Searches only the given work units (from [`Model::split`](crate::Model::split),
    /// or read from text with [`UnitLine`](crate::units::UnitLine)), one
    /// after the other on this thread: a search over units answers
    /// [`count`](Search::count) (the solutions that extend their prefixes,
    /// each times its weight), branch and bound
    /// ([`minimize`](Search::minimize), [`maximize`](Search::maximize): the
    /// best of the units, each unit's search starting from the best cost of
    /// those before it) and [`estimate`](Search::estimate) (the nodes below
    /// each unit). [`threads`](Search::threads) runs them on threads.
    ///
    /// For the units of one split, in order, a count's total and
    /// statistics are those of one search of the whole tree, and an
    /// observer sees every node once: the walk keeps the prefix two units
    /// share assigned between them (the first unit counts the nodes of its
    /// prefix too). A unit whose prefix a checker rejects counts 0; a
    /// prefix longer than the model, or naming an index outside a domain,
    /// is not part of the tree and counts 0 too (check text input with
    /// [`UnitLine::check_against`](crate::units::UnitLine::check_against)).
    /// A [poisoned](crate::Model::is_poisoned) model is refused with
    /// [`StopReason::Unusable`](crate::StopReason::Unusable), even for no
    /// units.
    ///
    /// ```
    /// use backtracker::Unit;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let units = model.split(2, true);
    /// let by_units = model.search().units(&units).count();
    /// assert_eq!(by_units.value, 92);
    /// assert_eq!(by_units.stats.nodes, model.search().count().stats.nodes);
    /// // One unit: the first queen in column 0, the second in column 2.
    /// let one = Unit { prefix: vec![0, 2], weight: 1 };
    /// assert_eq!(model.search().units(&[one]).count().value, 0);
    /// let outside = Unit { prefix: vec![99], weight: 1 };
    /// assert_eq!(model.search().units(&[outside]).count().value, 0);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn units(self, units: &[Unit]) -> Search<'m, V, C, O, Units> {
        Search {
            model: self.model,
            observer: self.observer,
            config: self.config,
            place: Units {
                units: units.to_vec(),
            },
            progress: self.progress,
        }
    }
}

impl<V, C: Checkers<V>, O: Observer<V>> Search<'_, V, C, O, Units> {
    /// Counts the solutions that extend the units' prefixes, each times
    /// its weight, one unit after the other; see [`Search::units`]. Each
    /// unit is reported to the [progress](Search::on_progress) callback
    /// as it finishes; the count stops at the first unit that does not
    /// complete.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use backtracker::Progress;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let units = model.split(2, true);
    /// let finished = Mutex::new(0);
    /// let outcome = model
    ///     .search()
    ///     .on_progress(|p| {
    ///         if let Progress::Part { .. } = p {
    ///             *finished.lock().unwrap() += 1;
    ///         }
    ///     })
    ///     .units(&units)
    ///     .count();
    /// assert_eq!(outcome.value, 92);
    /// assert_eq!(finished.into_inner().unwrap(), units.len());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn count(self) -> Outcome<u128> {
        let Search {
            model,
            observer,
            config,
            place,
            progress,
        } = self;
        Search {
            model,
            observer,
            config,
            place: Here,
            progress,
        }
        .count_units_in_turn(&place.units, |_, _| {})
    }

    /// Estimates the nodes below each unit (its subtree, the unit's own
    /// prefix not included) from `probes` random paths each: what a
    /// scheduler needs to balance work. The generator is seeded with
    /// `seed`. A unit whose prefix is not part of the tree has nothing
    /// below it: exactly 0. Probes count against the node limit; the list
    /// is cut short when the search must stop, and the outcome says why
    /// (for a [poisoned](crate::Model::is_poisoned) model,
    /// [`StopReason::Unusable`](crate::StopReason::Unusable) with an empty
    /// list).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// let units = model.split(1, false);
    /// let sizes = model.search().units(&units).estimate(500, 3);
    /// assert!(sizes.stop.is_complete());
    /// assert_eq!(sizes.value.len(), units.len());
    /// // By symmetry the first and last columns of row 0 lead to trees of one size.
    /// let (first, last) = (sizes.value[0], sizes.value[units.len() - 1]);
    /// assert!((first.value - last.value).abs() < 0.25 * first.value);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn estimate(self, probes: u64, seed: u64) -> Outcome<Vec<Interval>> {
        Search {
            model: self.model,
            observer: NoObserver,
            config: self.config,
            place: Here,
            progress: None,
        }
        .estimate_units(&self.place.units, probes, seed)
    }

    /// The best solution towards the least cost of `goal` among those that
    /// extend the units' prefixes (their weights are not used: split
    /// without symmetry), one unit after the other, each starting from the
    /// best cost of those before it (and from [`bound`](Search::bound));
    /// see [`Search::minimize`]. With the units of a split searched one
    /// unit per run (on other machines), [`bound`](Search::bound) set to
    /// the best cost known so far, the best of their results is the
    /// optimum (of equal costs, take the lowest unit). A prefix that is not
    /// part of the tree has no solution: proven, no best.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..3i64)).collect();
    /// let cost = Objective::new("cost", [(1, xs[0]), (-2, xs[1]), (1, xs[2]), (-1, xs[3])]);
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let units = model.split(1, false);
    /// // One unit at a time, as separate runs would.
    /// let best = units
    ///     .iter()
    ///     .filter_map(|u| model.search().units(&[u.clone()]).minimize(&goal).value.best)
    ///     .min_by_key(|b| b.cost);
    /// assert_eq!(best.map(|b| b.cost), Some(-6));
    /// // All of them in one search.
    /// let all = model.search().units(&units).minimize(&goal).value;
    /// assert_eq!((all.best.map(|b| b.cost), all.proven), (Some(-6), true));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn minimize(self, goal: &Goal) -> Outcome<Optimum<V>>
    where
        V: Copy + TryInto<i64>,
    {
        self.optimize_in_turn(goal, Sense::Minimize)
    }

    /// The best solution towards the greatest cost of `goal` among those
    /// that extend the units' prefixes; see [`minimize`](Self::minimize).
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..3i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let units = model.split(2, false);
    /// let best = model.search().units(&units[..3]).maximize(&goal).value.best.unwrap();
    /// // The first three units hold x0 = 0 and x1 = 0, 1 or 2.
    /// assert_eq!((best.values, best.cost), (vec![0, 2, 2, 2], 6));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn maximize(self, goal: &Goal) -> Outcome<Optimum<V>>
    where
        V: Copy + TryInto<i64>,
    {
        self.optimize_in_turn(goal, Sense::Maximize)
    }
}

impl<'m, V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'m, V, C, NoObserver, Units> {
    /// Searches the units on `threads` threads; see
    /// [`Search::threads`].
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let units = model.split(2, true);
    /// let outcome = model.search().units(&units).threads(2).count();
    /// assert_eq!(outcome.value, 92);
    /// assert_eq!(outcome.stats.nodes, model.search().count().stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn threads(self, threads: usize) -> Search<'m, V, C, NoObserver, OnThreads> {
        Search {
            model: self.model,
            observer: NoObserver,
            config: self.config,
            place: OnThreads {
                threads: resolve_threads(threads),
                units: Some(self.place.units),
            },
            progress: self.progress,
        }
    }
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'_, V, C, NoObserver, OnThreads> {
    /// Searches only the given work units on the threads; see
    /// [`Search::units`].
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let units = model.split(1, true);
    /// assert_eq!(model.search().threads(2).units(&units).count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn units(mut self, units: &[Unit]) -> Self {
        self.place.units = Some(units.to_vec());
        self
    }
}

impl<'m, V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'m, V, C> {
    /// Runs the search on `threads` threads (0: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS)), each on a clone of the model.
    /// It applies to [`count`](Search::count) (also by
    /// [orbits](Search::orbits)) and to branch and bound
    /// ([`minimize`](Search::minimize), [`maximize`](Search::maximize)),
    /// the questions a search on threads can answer. The tree is split into
    /// many more parts than threads, handed out in order; the answer is
    /// the same for every number of threads, and so are a count's
    /// statistics. Node limits and cancellation hold across threads (a node
    /// limit may be overshot by what the other threads search before they
    /// notice). A search on threads takes no observer, and its checkers
    /// must be `Clone + Send + Sync` (a model of boxed
    /// [`DynChecker`](crate::DynChecker)s runs here).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// assert_eq!(model.search().threads(2).count().value, 724);
    /// assert_eq!(model.search().threads(2).orbits(true).count().value, 724);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn threads(self, threads: usize) -> Search<'m, V, C, NoObserver, OnThreads> {
        Search {
            model: self.model,
            observer: NoObserver,
            config: self.config,
            place: OnThreads {
                threads: resolve_threads(threads),
                units: None,
            },
            progress: self.progress,
        }
    }
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'_, V, C, NoObserver, OnThreads> {
    /// Counts the solutions on the search's threads; see
    /// [`Search::count`] and [`Search::threads`]. A part reports to the
    /// [progress](Search::on_progress) callback from the thread that
    /// counted it.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(9)?;
    /// let outcome = model.search().threads(2).count();
    /// assert_eq!(outcome.value, 352); // OEIS A000170
    /// assert_eq!(outcome.stats.nodes, model.search().count().stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn count(self) -> Outcome<u128> {
        if let Err(poisoned) = self.model.usable() {
            return Outcome::refused(poisoned);
        }
        if self.place.units().is_none()
            && let Some(found) = self.orbit_parts()
        {
            return self.count_orbits_on_threads(&found);
        }
        let threads = self.place.threads();
        let units: Vec<Unit> = if let Some(units) = self.place.units() {
            units.to_vec()
        } else {
            let symmetry = self.symmetric();
            self.model.split_for_threads(threads, symmetry)
        };
        let progress = self.progress.as_ref();
        let of = units.len();
        parallel::count_units(self.model, &self.config, &units, threads, |i, outcome| {
            part_done(progress, i, of, outcome);
        })
    }

    /// Branch and bound towards the least cost of `goal` on the search's
    /// threads; see [`Search::minimize`] and [`Search::threads`].
    ///
    /// The tree is split into many more units than threads, and the
    /// threads take them in order. They share the best cost so far: a
    /// solution found on one thread cuts the others' subtrees from their
    /// next step. The optimal cost is the sequential search's. Which of
    /// several optimal solutions is returned is not fixed: of equal costs
    /// the lowest unit's is kept, but a thread may cut another's solution
    /// of the same cost before it is found, so the choice can change from
    /// run to run; one thread is the sequential search, and returns the
    /// first optimal solution in search order. The node limit (shared) and
    /// cancellation hold across threads; the result is then the best so
    /// far, not proven. Each better solution goes to the
    /// [progress](Search::on_progress) callback as
    /// [`Progress::Better`](crate::Progress::Better), from the thread that found it. In
    /// [cross-check mode](Search::cross_check) the search runs on one
    /// thread, so that the bound holds still while a node's answers are
    /// compared.
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Objective};
    /// use backtracker::{ModelBuilder, Progress};
    ///
    /// // The fewest coins of 1, 2 and 5 that make 13: 5 + 5 + 2 + 1.
    /// let mut b = ModelBuilder::new();
    /// let coins = [1, 2, 5].map(|c| b.variable(format!("{c}s"), 0..=13i64));
    /// let make = LinearSum::equal("13", [(1, coins[0]), (2, coins[1]), (5, coins[2])], 13);
    /// let count = Objective::new("coins", coins.map(|c| (1, c)));
    /// let goal = count.goal();
    /// let mut model = b.build((make, count))?;
    /// let seen = std::sync::Mutex::new(Vec::new());
    /// let outcome = model
    ///     .search()
    ///     .on_progress(|p| {
    ///         if let Progress::Better(best) = p {
    ///             seen.lock().unwrap().push(best.cost);
    ///         }
    ///     })
    ///     .threads(2)
    ///     .minimize(&goal);
    /// assert_eq!(outcome.value.best.map(|b| b.cost), Some(4));
    /// assert!(outcome.value.proven);
    /// let seen = seen.into_inner().unwrap();
    /// assert!(seen.windows(2).all(|w| w[1] < w[0]) && seen.last() == Some(&4));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn minimize(self, goal: &Goal) -> Outcome<Optimum<V>>
    where
        V: Copy + TryInto<i64>,
    {
        self.optimize_parallel(goal, Sense::Minimize)
    }

    /// Branch and bound towards the greatest cost of `goal` on the
    /// search's threads; see [`minimize`](Self::minimize).
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..6).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().enumerate().map(|(i, &x)| (i as i64 - 3, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let outcome = model.search().threads(2).maximize(&goal);
    /// assert_eq!(outcome.value.best.map(|b| b.cost), Some(9)); // 3 times (1 + 2)
    /// assert!(outcome.value.proven);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn maximize(self, goal: &Goal) -> Outcome<Optimum<V>>
    where
        V: Copy + TryInto<i64>,
    {
        self.optimize_parallel(goal, Sense::Maximize)
    }
}
