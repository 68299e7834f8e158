//! Branch and bound as a long run: the units of a split searched through
//! the scheduler, sharing the best cost so far, each finished unit's best
//! appended to a checkpoint ([`BestLine`]s under a header naming the sense
//! and the starting bound), and a run resumed from it starting from the
//! best solution it holds.
//!
//! Why a resumed run finds the optimum: a finished unit's line holds the
//! best it found strictly better than the cost it started from, and that
//! cost was a solution's (found in some unit) or the run's bound. Every
//! solution a line does not hold was found in a unit not finished, which
//! the resumed run searches again from the best solution the lines hold;
//! so the best of the lines and of the resumed search is the optimum.

use std::sync::{Arc, Mutex, PoisonError};

use super::UnitLine;
use super::best::BestLine;
use super::checkpoint::{Checkpoint, CheckpointError};
use super::drive::{drive, todo};
use super::progress::{ProgressFn, Tracker};
use super::runner::{RunError, Runner, estimating, unit_weights};
use crate::checkers::Checkers;
use crate::goal::{Goal, Sense};
use crate::model::Model;
use crate::outcome::{Outcome, Stats, StopReason};
use crate::search::{Best, Optimum, Search, Unit, resolve_threads};

/// The callback a plan tells each better solution to.
type BetterFn<'a, V> = Box<dyn Fn(&Best<V>) + Send + Sync + 'a>;

/// The question a checkpoint of branch and bound names in its header: the
/// sense and the bound the run started from.
fn question(sense: Sense, bound: Option<i64>) -> String {
    let sense = match sense {
        Sense::Minimize => "minimize",
        Sense::Maximize => "maximize",
    };
    let bound = bound.map_or("none".to_owned(), |b| b.to_string());
    format!("question={sense} bound={bound}")
}

/// What a branch and bound run found: the best solution of every unit
/// finished (this run's and those read from the checkpoint), and whether
/// it is proven optimal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BestReport<V> {
    /// The best solution found, if any (of equal costs, one found by this
    /// run, else the lowest unit's in the checkpoint).
    pub best: Option<Best<V>>,
    /// Whether every unit was searched: then `best` is optimal or, when
    /// `None`, nothing beats the [bound](Runner::bound) (or the model has
    /// no solution).
    pub proven: bool,
    /// Why the search ended: [`StopReason::Completed`], or the node limit,
    /// the cancellation or another stop.
    pub stop: StopReason,
    /// What this run's search did (the units read from the checkpoint not
    /// included).
    pub stats: Stats,
    /// The split depth.
    pub depth: usize,
    /// Units of the run.
    pub units: usize,
    /// Units finished, those read from the checkpoint included.
    pub done: usize,
    /// Units read from the checkpoint.
    pub resumed: usize,
}

impl<'a> Runner<'a> {
    /// Branch and bound looks only for solutions strictly better than
    /// `cost` (default: any solution), as [`Search::bound`]. The bound is
    /// part of the checkpoint's header: a checkpoint made from another
    /// bound is refused.
    #[must_use]
    pub fn bound(mut self, cost: i64) -> Self {
        self.bound = Some(cost);
        self
    }

    /// Splits `model` without symmetry (a mirror image need not have the
    /// same cost) and opens the checkpoint of branch and bound towards
    /// `sense`, reading the units it holds: a plan to
    /// [run](BestPlan::run) with a goal. A goal
    /// [declared invariant](Goal::declare_invariant) searches one
    /// solution of each class within each unit, as
    /// [`Search::minimize`] does.
    ///
    /// # Errors
    ///
    /// As [`plan`](Self::plan); a checkpoint of a count, of the other
    /// sense or from another bound is [`CheckpointError::OtherRun`].
    ///
    /// ```
    /// use backtracker::{constraints::Objective, units::{Runner, Split}, ModelBuilder, Sense};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..3i64)).collect();
    /// let cost = Objective::new("cost", [(1, xs[0]), (-2, xs[1]), (1, xs[2]), (-1, xs[3])]);
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let plan = Runner::new("weights").split(Split::Depth(1)).plan_best(&mut model, Sense::Minimize)?;
    /// assert_eq!((plan.units(), plan.resumed()), (3, 0));
    /// let report = plan.run_in_turn(&goal)?;
    /// assert_eq!(report.best.map(|b| b.cost), Some(-6)); // 0 - 2·2 + 0 - 2
    /// assert!(report.proven);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plan_best<'m, V, C: Checkers<V>>(
        self,
        model: &'m mut Model<V, C>,
        sense: Sense,
    ) -> Result<BestPlan<'m, 'a, V, C>, RunError> {
        let (depth, units, _) = self.units(model, false)?;
        let lines = UnitLine::number(&self.name, depth, false, units);
        let checkpoint = match &self.checkpoint {
            Some(path) => {
                let checkpoint =
                    Checkpoint::<BestLine>::open_run(path, &question(sense, self.bound), &lines)?;
                if let Some(other) = checkpoint.results().iter().find(|r| r.sense != sense) {
                    return Err(RunError::Checkpoint(CheckpointError::Damaged {
                        path: path.display().to_string(),
                        reason: format!(
                            "unit {} holds a result of the other sense",
                            other.unit.index
                        ),
                    }));
                }
                Some(checkpoint)
            }
            None => None,
        };
        Ok(BestPlan {
            model,
            runner: self,
            sense,
            depth,
            lines,
            checkpoint,
            on_better: None,
        })
    }

    /// [`plan_best`](Self::plan_best) towards the least cost of `goal`,
    /// then [`BestPlan::run`]: with a checkpoint, a run stopped at any
    /// moment and resumed finds the optimal cost an uninterrupted run
    /// finds.
    ///
    /// # Errors
    ///
    /// As [`plan_best`](Self::plan_best) and [`BestPlan::run`].
    ///
    /// ```
    /// use backtracker::{constraints::Objective, units::{Runner, Split}, ModelBuilder};
    ///
    /// // The fewest coins of 1, 2 and 5 that make 13: 5 + 5 + 2 + 1.
    /// use backtracker::constraints::LinearSum;
    /// let mut b = ModelBuilder::new();
    /// let coins = [1, 2, 5].map(|c| b.variable(format!("{c}s"), 0..=13i64));
    /// let make = LinearSum::equal("13", [(1, coins[0]), (2, coins[1]), (5, coins[2])], 13);
    /// let count = Objective::new("coins", coins.map(|c| (1, c)));
    /// let goal = count.goal();
    /// let mut model = b.build((make, count))?;
    /// let dir = std::env::temp_dir().join(format!("runner-best-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let path = dir.join("coins.ckpt");
    /// let runner = || Runner::new("coins-13").split(Split::Depth(2)).threads(2).checkpoint(&path);
    /// // Stopped early by a node budget, then resumed from the checkpoint.
    /// let stopped = runner().node_limit(2).minimize(&mut model, &goal)?;
    /// assert!(!stopped.proven);
    /// let resumed = runner().minimize(&mut model, &goal)?;
    /// assert_eq!(resumed.best.map(|b| b.cost), Some(4));
    /// assert!(resumed.proven && resumed.resumed == stopped.done);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize<V, C>(
        self,
        model: &mut Model<V, C>,
        goal: &Goal,
    ) -> Result<BestReport<V>, RunError>
    where
        V: Copy + TryInto<i64> + PartialEq + Send + Sync,
        C: Checkers<V> + Clone + Send + Sync,
    {
        self.plan_best(model, Sense::Minimize)?.run(goal)
    }

    /// [`plan_best`](Self::plan_best) towards the greatest cost of
    /// `goal`, then [`BestPlan::run`].
    ///
    /// # Errors
    ///
    /// As [`plan_best`](Self::plan_best) and [`BestPlan::run`].
    ///
    /// ```
    /// use backtracker::{constraints::Objective, units::Runner, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..5).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().enumerate().map(|(i, &x)| (i as i64 - 2, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let report = Runner::new("weights").threads(2).maximize(&mut model, &goal)?;
    /// assert_eq!(report.best.map(|b| b.cost), Some(9)); // 3 times (1 + 2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn maximize<V, C>(
        self,
        model: &mut Model<V, C>,
        goal: &Goal,
    ) -> Result<BestReport<V>, RunError>
    where
        V: Copy + TryInto<i64> + PartialEq + Send + Sync,
        C: Checkers<V> + Clone + Send + Sync,
    {
        self.plan_best(model, Sense::Maximize)?.run(goal)
    }
}

/// A split model with the checkpoint of its branch and bound open, ready
/// to search: made by [`Runner::plan_best`].
///
/// ```
/// use backtracker::{constraints::Objective, units::Runner, ModelBuilder, Sense};
///
/// let mut b = ModelBuilder::new();
/// let xs: Vec<usize> = (0..3).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
/// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
/// let goal = cost.goal();
/// let mut model = b.build((cost,))?;
/// let found = std::sync::Mutex::new(Vec::new());
/// let report = Runner::new("sum")
///     .bound(5)
///     .plan_best(&mut model, Sense::Maximize)?
///     .on_better(|best| found.lock().unwrap().push(best.cost))
///     .run_in_turn(&goal)?;
/// assert_eq!(report.best.map(|b| b.cost), Some(9));
/// assert!(found.into_inner().unwrap().iter().all(|&cost| cost > 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BestPlan<'m, 'a, V, C> {
    model: &'m mut Model<V, C>,
    runner: Runner<'a>,
    sense: Sense,
    depth: usize,
    lines: Vec<UnitLine>,
    checkpoint: Option<Checkpoint<BestLine>>,
    on_better: Option<BetterFn<'a, V>>,
}

impl<V, C> std::fmt::Debug for BestPlan<'_, '_, V, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BestPlan")
            .field("runner", &self.runner)
            .field("sense", &self.sense)
            .field("depth", &self.depth)
            .field("units", &self.lines.len())
            .finish_non_exhaustive()
    }
}

impl<'a, V, C> BestPlan<'_, 'a, V, C>
where
    V: Copy + TryInto<i64> + PartialEq + Sync,
    C: Checkers<V>,
{
    /// The split depth.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// How many units the run has.
    #[must_use]
    pub fn units(&self) -> usize {
        self.lines.len()
    }

    /// How many units the checkpoint already holds.
    #[must_use]
    pub fn resumed(&self) -> usize {
        self.checkpoint.as_ref().map_or(0, |c| c.results().len())
    }

    /// What opening the checkpoint repaired, as a message for standard
    /// error.
    #[must_use]
    pub fn recovered(&self) -> Option<&str> {
        self.checkpoint.as_ref().and_then(Checkpoint::recovered)
    }

    /// The best cost the checkpoint holds, which the run starts from.
    #[must_use]
    pub fn resumed_best(&self) -> Option<i64> {
        let sense = self.sense;
        self.checkpoint
            .as_ref()?
            .results()
            .iter()
            .filter_map(|r| r.best.as_ref().map(|(cost, _)| *cost))
            .reduce(|a, b| if sense.better(b, a) { b } else { a })
    }

    /// Tells `callback` each solution better than every one before it in
    /// this run (from the thread that found it, one call at a time).
    #[must_use]
    pub fn on_better(mut self, callback: impl Fn(&Best<V>) + Send + Sync + 'a) -> Self {
        self.on_better = Some(Box::new(callback));
        self
    }

    /// Searches the units the checkpoint does not hold on this thread, in
    /// order, for any model (boxed checkers included).
    ///
    /// # Errors
    ///
    /// As [`run`](Self::run).
    pub fn run_in_turn(self, goal: &Goal) -> Result<BestReport<V>, RunError> {
        self.execute(1, goal, |search, goal, sense, units, on_better, done| {
            search.best_of_units_in_turn(goal, sense, units, on_better, done)
        })
    }

    /// The best solutions of the checkpoint's lines, as values, each
    /// checked to be a solution of the model of the cost its line claims;
    /// the best of them, of equal costs the lowest unit's.
    fn resumed_solution(&self, goal: &Goal) -> Result<Option<Best<V>>, RunError> {
        let Some(checkpoint) = &self.checkpoint else {
            return Ok(None);
        };
        let mut best: Option<Best<V>> = None;
        let mut lines: Vec<&BestLine> = checkpoint.results().iter().collect();
        lines.sort_by_key(|r| r.unit.index);
        for line in lines {
            let Some((cost, solution)) = &line.best else {
                continue;
            };
            let values = self
                .model
                .solution_of(solution)
                .filter(|values| goal.cost(values) == Some(*cost))
                .ok_or_else(|| RunError::NotASolution {
                    path: self
                        .runner
                        .checkpoint
                        .as_ref()
                        .map_or(String::new(), |p| p.display().to_string()),
                    unit: line.unit.index,
                    cost: *cost,
                })?;
            if best
                .as_ref()
                .is_none_or(|b| self.sense.better(*cost, b.cost))
            {
                best = Some(Best {
                    values,
                    cost: *cost,
                });
            }
        }
        Ok(best)
    }

    /// Searches the units still to do with `search` (`parallel` of them at
    /// once), from the best of the checkpoint, appending each finished
    /// unit's best to the checkpoint.
    fn execute(
        self,
        parallel: usize,
        goal: &Goal,
        search: impl FnOnce(
            Search<'_, V, C>,
            &Goal,
            Sense,
            &[Unit],
            &(dyn Fn(&Best<V>) + Sync),
            &(dyn Fn(usize, Option<i64>, &Outcome<Optimum<V>>) + Sync),
        ) -> Outcome<Optimum<V>>,
    ) -> Result<BestReport<V>, RunError> {
        let earlier = self.resumed_solution(goal)?;
        let BestPlan {
            model,
            mut runner,
            sense,
            depth,
            lines,
            checkpoint,
            on_better,
        } = self;
        let total_units = lines.len();
        let todo = todo(checkpoint.as_ref(), total_units);
        let progress = progress(model, &mut runner, &lines, &todo, parallel);
        let units: Vec<Unit> = todo.iter().map(|&i| lines[i].unit.clone()).collect();
        // From the best the checkpoint holds, or the run's bound.
        let start = match (&earlier, runner.bound) {
            (Some(best), Some(bound)) if sense.better(bound, best.cost) => Some(bound),
            (Some(best), _) => Some(best.cost),
            (None, bound) => bound,
        };
        let reported: Mutex<Option<i64>> = Mutex::new(start);
        let better = |best: &Best<V>| {
            let mut reported = reported.lock().unwrap_or_else(PoisonError::into_inner);
            if reported.is_none_or(|cost| sense.better(best.cost, cost)) {
                *reported = Some(best.cost);
                if let Some(callback) = &on_better {
                    callback(best);
                }
            }
        };
        // The domains, to write solutions as indices while the model searches.
        let domains: Vec<Vec<V>> = (0..model.len())
            .map(|var| model.domain(var).to_vec())
            .collect();
        let driven = drive(
            checkpoint,
            &todo,
            runner.cancel.as_ref(),
            progress.as_ref(),
            |halt, record| {
                let mut searching = model
                    .search()
                    .lookahead(runner.lookahead)
                    .node_limit(runner.node_limit)
                    .cancel_flag(Arc::clone(halt));
                if let Some(start) = start {
                    searching = searching.bound(start);
                }
                let done = |k: usize, bound: Option<i64>, outcome: &Outcome<Optimum<V>>| {
                    let best = match &outcome.value.best {
                        Some(best) => match solution_indices(&domains, best) {
                            Some(indices) => Some((best.cost, indices)),
                            // Not written: the unit is searched again on resume.
                            None => return,
                        },
                        None => None,
                    };
                    let line = BestLine {
                        unit: lines[todo[k]].clone(),
                        sense,
                        bound,
                        best,
                    };
                    record(k, line, outcome.stats.nodes);
                };
                search(searching, goal, sense, &units, &better, &done)
            },
        )?;
        let done = driven.results.len();
        let proven = driven.complete(total_units);
        let outcome = driven.outcome.unwrap_or(Outcome {
            value: Optimum {
                best: None,
                proven: true,
                improvements: 0,
            },
            stats: Stats::default(),
            stop: StopReason::Completed,
        });
        let found = outcome.value.best;
        let best = match (found, earlier) {
            (Some(new), Some(old)) => Some(if sense.better(old.cost, new.cost) {
                old
            } else {
                new
            }),
            (new, old) => new.or(old),
        };
        Ok(BestReport {
            best,
            proven,
            stop: outcome.stop,
            stats: outcome.stats,
            depth,
            units: total_units,
            done,
            resumed: driven.resumed,
        })
    }
}

impl<V, C> BestPlan<'_, '_, V, C>
where
    V: Copy + TryInto<i64> + PartialEq + Send + Sync,
    C: Checkers<V> + Clone + Send + Sync,
{
    /// Searches the units the checkpoint does not hold on the runner's
    /// threads, which share the best cost so far, starting from the best
    /// solution the checkpoint holds (or the runner's
    /// [bound](Runner::bound)); appends each finished unit's best to the
    /// checkpoint as it finishes; and returns the best of them all. A
    /// cancellation or the node limit stops the search (the report is not
    /// proven), keeping the units finished.
    ///
    /// # Errors
    ///
    /// [`RunError::Checkpoint`] when a result cannot be appended (the
    /// search stops; the results appended before are kept);
    /// [`RunError::NotASolution`] when a solution the checkpoint holds is
    /// not one of this model with its cost.
    pub fn run(self, goal: &Goal) -> Result<BestReport<V>, RunError> {
        let threads = resolve_threads(self.runner.threads);
        self.execute(
            threads,
            goal,
            move |search, goal, sense, units, on_better, done| {
                search.best_of_units_on(threads, goal, sense, units, on_better, done)
            },
        )
    }
}

/// The progress tracker of a branch and bound run, when a callback is set
/// and units are left: each unit's estimated nodes (of the whole tree
/// below it: the bound cuts it, so the time left is an upper estimate).
fn progress<'a, V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    runner: &mut Runner<'a>,
    lines: &[UnitLine],
    todo: &[usize],
    parallel: usize,
) -> Option<(Tracker, ProgressFn<'a>)> {
    if todo.is_empty() {
        return None;
    }
    let callback = runner.progress.take()?;
    let all: Vec<Unit> = lines.iter().map(|l| l.unit.clone()).collect();
    let weights = unit_weights(estimating(model, runner, false), &all);
    let node_time = estimating(model, runner, false)
        .estimate(0, 1)
        .value
        .node_time;
    Some((
        Tracker::new(
            weights,
            todo,
            node_time.as_secs_f64(),
            resolve_threads(parallel),
        ),
        callback,
    ))
}

/// A solution's values as indices in `domains`, if each is in its domain.
fn solution_indices<V: PartialEq>(domains: &[Vec<V>], best: &Best<V>) -> Option<Vec<u32>> {
    best.values
        .iter()
        .enumerate()
        .map(|(var, value)| {
            domains
                .get(var)?
                .iter()
                .position(|v| v == value)
                .and_then(|i| u32::try_from(i).ok())
        })
        .collect()
}
