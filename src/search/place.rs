//! Where a search runs, as a setting of the search rather than a method
//! of its own: [`Here`] (this thread, the default) or [`OnThreads`] (set
//! by [`Search::threads`]), and the [`Progress`] a search reports as it
//! goes. The questions asked on threads (a count, branch and bound) are
//! here; each hands its parts to the scheduler (`schedule.rs`).

use crate::checkers::Checkers;
use crate::goal::{Goal, Sense};
use crate::observe::NoObserver;
use crate::outcome::Outcome;

use super::optimize::{Best, Optimum};
use super::schedule::resolve_threads;
use super::{Search, Unit, parallel};

/// Where a [`Search`] runs by default: on the calling thread, on the
/// model itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Here;

/// Where a [`Search`] runs after [`Search::threads`]: on several threads,
/// each on a clone of the model, taking the parts of the search in turn.
#[derive(Clone, Copy, Debug)]
pub struct OnThreads {
    threads: usize,
}

impl OnThreads {
    /// The number of threads (at least one).
    pub(crate) fn threads(self) -> usize {
        self.threads
    }
}

/// How a search advances, told to the callback of
/// [`Search::on_progress`].
#[derive(Debug)]
#[non_exhaustive]
pub enum Progress<'a, V> {
    /// Part `index` of `of` finished: a work unit of a split, a half of a
    /// symmetric tree, or an orbit's constellation. `outcome` is the
    /// part's own: its (weighted) count and what its search did.
    Part {
        /// The part's number, from 0.
        index: usize,
        /// How many parts the search has.
        of: usize,
        /// What the part counted and searched.
        outcome: &'a Outcome<u128>,
    },
    /// Branch and bound found a solution better than every one reported
    /// before it.
    Better(&'a Best<V>),
}

/// The progress callback a search holds.
pub(crate) type ProgressFn<'m, V> = Box<dyn Fn(Progress<'_, V>) + Sync + 'm>;

/// Reports part `index` of `of` finished to the progress callback, if any.
pub(crate) fn part_done<V>(
    progress: Option<&ProgressFn<'_, V>>,
    index: usize,
    of: usize,
    outcome: &Outcome<u128>,
) {
    if let Some(progress) = progress {
        progress(Progress::Part { index, of, outcome });
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
    /// use backtracker::puzzles::nqueens;
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
    /// use backtracker::puzzles::nqueens;
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
        if let Some(found) = self.orbit_parts() {
            return self.count_orbits_on_threads(&found);
        }
        let threads = self.place.threads();
        let symmetry = self.symmetric();
        let units: Vec<Unit> = self.model.split_for_threads(threads, symmetry);
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
    /// [`Progress::Better`], from the thread that found it. In
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
    /// assert_eq!(outcome.value.best.map(|b| b.cost), Some(18));
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
