//! The long run of any model: split into units (or, counting by orbits,
//! into constellations), searched through the scheduler on threads, each
//! finished part appended to a checkpoint it resumes from, with progress
//! and the time left, cancellation and a node budget. This file holds the
//! runner's settings and the count; `best_run.rs` holds branch and bound.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::auto::auto_split;
use super::checkpoint::{Checkpoint, CheckpointError};
use super::drive::{drive, todo};
use super::orbit_lines::{PartLine, PartResult};
use super::progress::{ProgressFn, RunProgress, Tracker};
use super::{ResultLine, UnitLine, merge};
use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;
use crate::outcome::{Outcome, Stats, StopReason};
use crate::search::{Constellation, Progress, Search, Unit, orbits_fingerprint, resolve_threads};

/// The most units a [`Runner`] splits into unless
/// [`max_units`](Runner::max_units) says otherwise: about 200 MB of memory
/// for the units and their lines.
pub const DEFAULT_MAX_UNITS: usize = 1_000_000;

/// Probes for the progress estimate of all units together (at least two
/// a unit).
const PROGRESS_PROBES: u64 = 8_192;

/// The seed of the progress estimate, so that the same run predicts the
/// same time.
const SEED: u64 = 1;

/// Where a [`Runner`] splits the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// At this many variables (see [`Model::split_at_most`]).
    Depth(usize),
    /// At the depth the estimates recommend for the run's workers (see
    /// [`auto_split`]). The depth depends on the workers, so a checkpoint
    /// made with one number of workers belongs to another run than one
    /// made with another.
    Auto,
}

/// Why a [`Runner`] could not count.
///
/// ```
/// use backtracker::{units::{RunError, Runner}};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8)?;
/// let error = Runner::new("two words").run(&mut model).unwrap_err();
/// assert!(matches!(error, RunError::Name { .. }));
/// assert_eq!(error.to_string(), "`two words` cannot name a run: it holds a space or a control character");
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RunError {
    /// The run's name cannot be written in a unit line.
    #[error("`{name}` cannot name a run: {reason}")]
    Name {
        /// The name, cut to a readable length.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The model cannot be split as asked: too many units, or a
    /// [poisoned](crate::Model::is_poisoned) model.
    #[error("{0}")]
    Split(UnitError),
    /// The checkpoint cannot be opened (it is foreign, damaged, of another
    /// run, in use, or unreadable; it was left unchanged) or a result
    /// cannot be appended to it (the count stopped; the results appended
    /// before are kept).
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The results do not add up to a total (beyond `u128`).
    #[error("the results do not add up: {0}")]
    Merge(UnitError),
    /// A best solution read from the checkpoint is not a solution of the
    /// model with the cost it claims: the checkpoint belongs to another
    /// model of the same name. It was left unchanged.
    #[error(
        "checkpoint `{path}`: unit {unit}'s solution is not a solution of this model of cost {cost}; it was left unchanged"
    )]
    NotASolution {
        /// The file.
        path: String,
        /// The unit whose line holds the solution.
        unit: usize,
        /// The cost its line claims.
        cost: i64,
    },
}

/// What a run counted: the exact total when every part (unit, or
/// constellation of a count by orbits) was counted, and how far it got
/// otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RunReport {
    /// The exact total, every unit's result merged: `None` unless the run
    /// completed.
    pub total: Option<u128>,
    /// Why the count ended: [`StopReason::Completed`], or the node limit,
    /// the cancellation or another stop.
    pub stop: StopReason,
    /// What this run's search did (the units read from the checkpoint not
    /// included).
    pub stats: Stats,
    /// The split depth (0 for a count by orbits).
    pub depth: usize,
    /// Parts of the run: units, or constellations of a count by orbits.
    pub units: usize,
    /// Parts finished, those read from the checkpoint included.
    pub done: usize,
    /// Parts read from the checkpoint.
    pub resumed: usize,
    /// Whether the run counted by orbits (see [`Runner::orbits`]).
    pub orbits: bool,
}

/// The long run of any model: splits it into work units (at a depth, or
/// at the depth its estimates recommend), searches them through the
/// scheduler on threads, appends each finished unit's result to a
/// checkpoint file as it finishes, and resumes from that file, skipping
/// the units it holds. A run killed at any moment (`SIGKILL`, a power cut)
/// leaves a file it resumes from; a damaged or foreign file, or one of
/// another question, is refused and left byte for byte unchanged
/// ([`Checkpoint`]). Progress, with the time left, goes to a callback; a
/// cancellation flag and a node budget stop the run, keeping the units
/// finished.
///
/// It answers three questions, each with checkpoints and resume:
/// - the count ([`run`](Self::run)), the exact [`merge`] of every unit's
///   result;
/// - the count by orbits ([`orbits`](Self::orbits)), the sum of each
///   constellation's count weighted by its orbit (see
///   [`Search::orbits`](crate::Search::orbits)), the constellations being
///   the parts instead of units;
/// - branch and bound ([`minimize`](Self::minimize),
///   [`maximize`](Self::maximize), [`plan_best`](Self::plan_best)): the
///   units share the best cost so far, and the checkpoint keeps each
///   finished unit's best (a [`BestLine`](super::BestLine)) under a header
///   that names the sense and the starting [`bound`](Self::bound).
///
/// [`plan`](Self::plan) splits and opens the checkpoint (so that a caller
/// can say what it resumes before counting); [`Plan::run`] counts on
/// threads, [`Plan::run_in_turn`] on this thread for a model whose checkers
/// cannot be shared ([`DynChecker`](crate::DynChecker)s); [`run`](Self::run)
/// does both steps.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use backtracker::{units::{Runner, Split}};
/// use backtracker_puzzles::nqueens;
///
/// let dir = std::env::temp_dir().join(format!("runner-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("queens-10.ckpt");
/// let mut model = nqueens(10)?;
/// let reports = AtomicUsize::new(0);
/// let report = Runner::new("nqueens-10")
///     .split(Split::Depth(2))
///     .threads(2)
///     .checkpoint(&path)
///     .on_progress(|_| {
///         reports.fetch_add(1, Ordering::Relaxed);
///     })
///     .run(&mut model)?;
/// // 724 solutions (OEIS A000170), one progress report before and one per unit.
/// assert_eq!(report.total, Some(724));
/// assert_eq!(reports.load(Ordering::Relaxed), 1 + report.units);
/// // Run again, it finds every unit in the checkpoint and counts none.
/// let again = Runner::new("nqueens-10").split(Split::Depth(2)).checkpoint(&path).run(&mut model)?;
/// assert_eq!((again.total, again.resumed, again.stats.nodes), (Some(724), report.units, 0));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Runner<'a> {
    pub(super) name: String,
    split: Split,
    symmetry: bool,
    pub(super) threads: usize,
    max_units: usize,
    pub(super) checkpoint: Option<PathBuf>,
    pub(super) cancel: Option<Arc<AtomicBool>>,
    pub(super) node_limit: u64,
    pub(super) lookahead: usize,
    tally: bool,
    orbits: bool,
    pub(super) bound: Option<i64>,
    pub(super) progress: Option<ProgressFn<'a>>,
}

impl std::fmt::Debug for Runner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("name", &self.name)
            .field("split", &self.split)
            .field("threads", &self.threads)
            .field("orbits", &self.orbits)
            .field("checkpoint", &self.checkpoint)
            .finish_non_exhaustive()
    }
}

impl<'a> Runner<'a> {
    /// A run of the model called `name` (written in every unit and result
    /// line, so a checkpoint of another model is refused): split at depth
    /// 3, with the model's mirror symmetry when it declares one, on one
    /// thread per core, with no checkpoint, no limit and no progress.
    #[must_use]
    pub fn new(name: impl Into<String>) -> Runner<'a> {
        Runner {
            name: name.into(),
            split: Split::Depth(3),
            symmetry: true,
            threads: 0,
            max_units: DEFAULT_MAX_UNITS,
            checkpoint: None,
            cancel: None,
            node_limit: u64::MAX,
            lookahead: 0,
            tally: false,
            orbits: false,
            bound: None,
            progress: None,
        }
    }

    /// Where to split (default: depth 3). A count by
    /// [orbits](Self::orbits) takes its parts from the group instead.
    #[must_use]
    pub fn split(mut self, split: Split) -> Self {
        self.split = split;
        self
    }

    /// Whether to use the model's declared mirror symmetry (default: yes,
    /// when declared), as [`Search::symmetry`]. Branch and bound splits
    /// without it.
    #[must_use]
    pub fn symmetry(mut self, on: bool) -> Self {
        self.symmetry = on;
        self
    }

    /// Counts by orbits under the model's declared group (default: no),
    /// as [`Search::orbits`]: the parts of the run are the constellations
    /// of the count, each counted once and weighted by its orbit, and the
    /// checkpoint keeps each one's weighted count (a
    /// [`PartResult`](super::PartResult)) under a header that says
    /// `question=orbits` and holds the fingerprint of the constellations,
    /// so that a checkpoint of another group or model is refused. The
    /// split and its depth are not used. A model without a group, or a
    /// run without [symmetry](Self::symmetry), counts by units as without
    /// this setting. Branch and bound ignores it.
    ///
    /// ```
    /// use backtracker::units::Runner;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// let report = Runner::new("nqueens-10").orbits(true).threads(2).run(&mut model)?;
    /// assert_eq!(report.total, Some(724)); // OEIS A000170
    /// assert!(report.orbits && report.units > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn orbits(mut self, on: bool) -> Self {
        self.orbits = on;
        self
    }

    /// Threads to search on (0, the default: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS)); also the workers
    /// [`Split::Auto`] plans for. [`Plan::run_in_turn`] counts on one.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The most units the split may give (default [`DEFAULT_MAX_UNITS`]):
    /// a larger split is refused with [`RunError::Split`] before it takes
    /// more memory, and before the checkpoint is opened.
    #[must_use]
    pub fn max_units(mut self, max_units: usize) -> Self {
        self.max_units = max_units;
        self
    }

    /// Keeps the finished parts in the checkpoint file at `path`, and
    /// skips those it holds (see [`Checkpoint::open_run`]).
    #[must_use]
    pub fn checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.checkpoint = Some(path.into());
        self
    }

    /// Stops the run soon after `flag` becomes true (another thread or a
    /// Ctrl-C handler may set it), with [`StopReason::Cancelled`]; the
    /// parts finished are kept. The estimates made for
    /// [`Split::Auto`] and for the progress stop too.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Stops the run after about `nodes` nodes (a parallel run may
    /// overshoot by what the other threads search before they notice),
    /// with [`StopReason::NodeLimit`]; the parts finished are kept, so a
    /// later run with a checkpoint goes on from there.
    #[must_use]
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = nodes;
        self
    }

    /// Look-ahead, as [`Search::lookahead`] (default 0).
    #[must_use]
    pub fn lookahead(mut self, k: usize) -> Self {
        self.lookahead = k;
        self
    }

    /// Counts rejections per checker in the report's statistics, as
    /// [`Search::tally_rejections`].
    #[must_use]
    pub fn tally_rejections(mut self, on: bool) -> Self {
        self.tally = on;
        self
    }

    /// Reports progress to `callback`: once before the first part is
    /// searched, and as each part finishes (from the thread that searched
    /// it, one report at a time). Before the run, the runner estimates
    /// each unit's nodes and the time per node (random probes and a short
    /// sample search, some milliseconds), which the time left is made of;
    /// without a callback nothing is estimated.
    #[must_use]
    pub fn on_progress(mut self, callback: impl Fn(&RunProgress) + Send + Sync + 'a) -> Self {
        self.progress = Some(Box::new(callback));
        self
    }

    /// Splits `model` (for a count by [orbits](Self::orbits), finds its
    /// constellations) and opens the checkpoint, reading the parts it
    /// holds: a plan to [run](Plan::run).
    ///
    /// # Errors
    ///
    /// [`RunError::Name`] for a name with a space or a control character,
    /// empty or longer than 256 bytes; [`RunError::Split`] for a split of
    /// more than [`max_units`](Self::max_units) units or a poisoned model;
    /// [`RunError::Checkpoint`] for a checkpoint that cannot be used (left
    /// unchanged), of another run or another question among them.
    pub fn plan<'m, V, C: Checkers<V>>(
        self,
        model: &'m mut Model<V, C>,
    ) -> Result<Plan<'m, 'a, V, C>, RunError> {
        check_name(&self.name)?;
        let symmetry = self.symmetry && model.has_mirror_symmetry();
        if self.orbits && self.symmetry {
            model.usable().map_err(|e| RunError::Split(e.into()))?;
            let found = model.search().orbits(true).orbit_parts();
            if let Some(found) = found {
                let parts = PartLine::number(&self.name, orbits_fingerprint(&found), found.len());
                let checkpoint = match &self.checkpoint {
                    Some(path) => Some(Checkpoint::open_run(path, ORBITS_QUESTION, &parts)?),
                    None => None,
                };
                return Ok(Plan {
                    model,
                    runner: self,
                    symmetry,
                    depth: 0,
                    largest_share: None,
                    work: Work::Orbits {
                        found,
                        parts,
                        checkpoint,
                    },
                });
            }
        }
        let (depth, units, largest_share) = self.units(model, symmetry)?;
        let lines = UnitLine::number(&self.name, depth, symmetry, units);
        let checkpoint = match &self.checkpoint {
            Some(path) => Some(Checkpoint::open(path, &lines)?),
            None => None,
        };
        Ok(Plan {
            model,
            runner: self,
            symmetry,
            depth,
            largest_share,
            work: Work::Units { lines, checkpoint },
        })
    }

    /// The split's depth, its units and, with [`Split::Auto`], the largest
    /// unit's estimated share.
    pub(super) fn units<V, C: Checkers<V>>(
        &self,
        model: &mut Model<V, C>,
        symmetry: bool,
    ) -> Result<(usize, Vec<Unit>, Option<f64>), RunError> {
        check_name(&self.name)?;
        match self.split {
            Split::Depth(depth) => {
                let units = model
                    .split_at_most(depth, symmetry, self.max_units)
                    .map_err(RunError::Split)?;
                Ok((depth, units, None))
            }
            Split::Auto => {
                let split = auto_split(
                    model,
                    resolve_threads(self.threads),
                    symmetry,
                    self.lookahead,
                    self.max_units,
                )
                .map_err(RunError::Split)?;
                Ok((split.depth, split.units, Some(split.largest_share)))
            }
        }
    }

    /// [`plan`](Self::plan), then [`Plan::run`].
    ///
    /// # Errors
    ///
    /// As [`plan`](Self::plan) and [`Plan::run`].
    pub fn run<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync>(
        self,
        model: &mut Model<V, C>,
    ) -> Result<RunReport, RunError> {
        self.plan(model)?.run()
    }
}

/// The question a checkpoint of a count by orbits names in its header.
const ORBITS_QUESTION: &str = "question=orbits";

/// Whether `name` can be written in a unit line, as one word.
fn check_name(name: &str) -> Result<(), RunError> {
    let reason = if name.is_empty() {
        "it is empty"
    } else if name.len() > 256 {
        "it is longer than 256 bytes"
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        "it holds a space or a control character"
    } else {
        return Ok(());
    };
    Err(RunError::Name {
        name: super::shorten(name),
        reason: reason.to_owned(),
    })
}

/// The parts of a count, and the checkpoint of their results.
enum Work {
    /// The units of a split.
    Units {
        lines: Vec<UnitLine>,
        checkpoint: Option<Checkpoint>,
    },
    /// The constellations of a count by orbits.
    Orbits {
        found: Vec<Constellation>,
        parts: Vec<PartLine>,
        checkpoint: Option<Checkpoint<PartResult>>,
    },
}

impl Work {
    fn parts(&self) -> usize {
        match self {
            Work::Units { lines, .. } => lines.len(),
            Work::Orbits { parts, .. } => parts.len(),
        }
    }

    fn resumed(&self) -> usize {
        match self {
            Work::Units { checkpoint, .. } => checkpoint.as_ref().map_or(0, |c| c.results().len()),
            Work::Orbits { checkpoint, .. } => checkpoint.as_ref().map_or(0, |c| c.results().len()),
        }
    }

    fn recovered(&self) -> Option<&str> {
        match self {
            Work::Units { checkpoint, .. } => checkpoint.as_ref().and_then(Checkpoint::recovered),
            Work::Orbits { checkpoint, .. } => checkpoint.as_ref().and_then(Checkpoint::recovered),
        }
    }
}

/// A split model with its checkpoint open, ready to count: made by
/// [`Runner::plan`].
///
/// ```
/// use backtracker::{units::{Runner, Split}};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(12)?;
/// let plan = Runner::new("nqueens-12").split(Split::Auto).threads(2).plan(&mut model)?;
/// // At least ten units for each of the two workers.
/// assert!(plan.units() >= 20 && plan.largest_share().is_some());
/// assert_eq!(plan.resumed(), 0);
/// assert_eq!(plan.run_in_turn()?.total, Some(14_200)); // OEIS A000170
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Plan<'m, 'a, V, C> {
    model: &'m mut Model<V, C>,
    runner: Runner<'a>,
    symmetry: bool,
    depth: usize,
    largest_share: Option<f64>,
    work: Work,
}

impl<V, C> std::fmt::Debug for Plan<'_, '_, V, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("runner", &self.runner)
            .field("depth", &self.depth)
            .field("units", &self.work.parts())
            .finish_non_exhaustive()
    }
}

/// The parts a count has left to do: units, or constellations.
enum Todo<'x> {
    Units(&'x [Unit]),
    Orbits(&'x [Constellation]),
}

impl<'a, V, C: Checkers<V>> Plan<'_, 'a, V, C> {
    /// The split depth (0 for a count by orbits).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// How many parts the run has: units, or constellations of a count by
    /// orbits.
    #[must_use]
    pub fn units(&self) -> usize {
        self.work.parts()
    }

    /// How many parts the checkpoint already holds.
    #[must_use]
    pub fn resumed(&self) -> usize {
        self.work.resumed()
    }

    /// Whether the run counts by orbits.
    #[must_use]
    pub fn orbits(&self) -> bool {
        matches!(self.work, Work::Orbits { .. })
    }

    /// What opening the checkpoint repaired (a last line cut short, a
    /// header cut short), as a message for standard error.
    #[must_use]
    pub fn recovered(&self) -> Option<&str> {
        self.work.recovered()
    }

    /// With [`Split::Auto`], the largest unit's estimated share of the tree.
    #[must_use]
    pub fn largest_share(&self) -> Option<f64> {
        self.largest_share
    }

    /// Counts the parts the checkpoint does not hold on this thread, in
    /// order, for any model (boxed checkers that cannot be shared between
    /// threads included).
    ///
    /// # Errors
    ///
    /// As [`run`](Self::run).
    pub fn run_in_turn(self) -> Result<RunReport, RunError> {
        self.execute(1, |search, todo, done| match todo {
            Todo::Orbits(some) => search
                .on_progress(move |p| {
                    if let Progress::Part { index, outcome, .. } = p {
                        done(index, outcome);
                    }
                })
                .count_orbits_in_turn(some),
            Todo::Units(units) => search.count_units_in_turn(units, |i, outcome| done(i, outcome)),
        })
    }

    /// A search for the estimates of the progress: the count's options,
    /// and the caller's cancellation.
    fn estimating(&mut self) -> Search<'_, V, C> {
        estimating(self.model, &self.runner, self.symmetry)
    }

    /// Counts the parts still to do with `count` (`parallel` of them at
    /// once), appending each result to the checkpoint as it finishes.
    fn execute(
        mut self,
        parallel: usize,
        count: impl FnOnce(
            Search<'_, V, C>,
            Todo<'_>,
            &(dyn Fn(usize, &Outcome<u128>) + Sync),
        ) -> Outcome<u128>,
    ) -> Result<RunReport, RunError> {
        let total_parts = self.work.parts();
        let orbits = self.orbits();
        let progress = self.progress(parallel);
        let Plan {
            model,
            runner,
            symmetry,
            depth,
            work,
            ..
        } = self;
        let cancel = runner.cancel.as_ref();
        let (outcome, total, done, resumed) = match work {
            Work::Units { lines, checkpoint } => {
                let todo = todo(checkpoint.as_ref(), lines.len());
                let units: Vec<Unit> = todo.iter().map(|&i| lines[i].unit.clone()).collect();
                let driven = drive(
                    checkpoint,
                    &todo,
                    cancel,
                    progress.as_ref(),
                    |halt, record| {
                        count(
                            counting(model, &runner, symmetry, orbits, halt),
                            Todo::Units(&units),
                            &|k, outcome| {
                                let result = ResultLine {
                                    unit: lines[todo[k]].clone(),
                                    count: outcome.value,
                                };
                                record(k, result, outcome.stats.nodes);
                            },
                        )
                    },
                )?;
                let done = driven.results.len();
                let total = if !driven.complete(total_parts) {
                    None
                } else if total_parts == 0 {
                    Some(0)
                } else {
                    Some(merge(&driven.results, Some(&runner.name)).map_err(RunError::Merge)?)
                };
                (driven.outcome, total, done, driven.resumed)
            }
            Work::Orbits {
                found,
                parts,
                checkpoint,
            } => {
                let todo = todo(checkpoint.as_ref(), parts.len());
                let some: Vec<Constellation> = todo.iter().map(|&i| found[i].clone()).collect();
                let driven = drive(
                    checkpoint,
                    &todo,
                    cancel,
                    progress.as_ref(),
                    |halt, record| {
                        count(
                            counting(model, &runner, symmetry, orbits, halt),
                            Todo::Orbits(&some),
                            &|k, outcome| {
                                let result = PartResult {
                                    part: parts[todo[k]].clone(),
                                    count: outcome.value,
                                };
                                record(k, result, outcome.stats.nodes);
                            },
                        )
                    },
                )?;
                let done = driven.results.len();
                let total = if driven.complete(total_parts) {
                    let sum = driven
                        .results
                        .iter()
                        .try_fold(0u128, |sum, r| sum.checked_add(r.count))
                        .ok_or(RunError::Merge(UnitError::Overflow))?;
                    Some(sum)
                } else {
                    None
                };
                (driven.outcome, total, done, driven.resumed)
            }
        };
        let outcome = outcome.unwrap_or(Outcome {
            value: 0,
            stats: Stats::default(),
            stop: StopReason::Completed,
        });
        Ok(RunReport {
            total,
            stop: outcome.stop,
            stats: outcome.stats,
            depth,
            units: total_parts,
            done,
            resumed,
            orbits,
        })
    }

    /// The progress tracker and its callback, when a callback is set and
    /// parts are left: the parts' estimated nodes and the time per node.
    fn progress(&mut self, parallel: usize) -> Option<(Tracker, ProgressFn<'a>)> {
        let todo = match &self.work {
            Work::Units { lines, checkpoint } => todo(checkpoint.as_ref(), lines.len()),
            Work::Orbits {
                parts, checkpoint, ..
            } => todo(checkpoint.as_ref(), parts.len()),
        };
        if todo.is_empty() {
            return None;
        }
        let callback = self.runner.progress.take()?;
        let threads = resolve_threads(parallel);
        let weights = match &self.work {
            Work::Units { lines, .. } => {
                let all: Vec<Unit> = lines.iter().map(|l| l.unit.clone()).collect();
                unit_weights(self.estimating(), &all)
            }
            Work::Orbits { parts, .. } => {
                // The constellations share the tree about evenly: the
                // whole tree over the group's order, over the parts.
                let parts = parts.len();
                let order = self
                    .model
                    .options
                    .group
                    .as_ref()
                    .map_or(1, crate::symmetry::Group::order)
                    .max(1);
                let whole = self
                    .estimating()
                    .symmetry(false)
                    .estimate(PROGRESS_PROBES, SEED);
                #[expect(clippy::cast_precision_loss, reason = "an estimate")]
                let each = whole.value.nodes.value.max(0.0) / order as f64 / parts as f64;
                vec![each.max(1.0); parts]
            }
        };
        let node_time = self.estimating().estimate(0, SEED).value.node_time;
        Some((
            Tracker::new(weights, &todo, node_time.as_secs_f64(), threads),
            callback,
        ))
    }
}

/// The search every part of `runner`'s count of `model` is counted with,
/// halted by `halt`.
fn counting<'m, V, C: Checkers<V>>(
    model: &'m mut Model<V, C>,
    runner: &Runner<'_>,
    symmetry: bool,
    orbits: bool,
    halt: &Arc<AtomicBool>,
) -> Search<'m, V, C> {
    model
        .search()
        .symmetry(symmetry)
        .orbits(orbits)
        .lookahead(runner.lookahead)
        .tally_rejections(runner.tally)
        .node_limit(runner.node_limit)
        .cancel_flag(Arc::clone(halt))
}

/// A search for the estimates of the progress of `runner`'s run on
/// `model`: its options, and the caller's cancellation.
pub(super) fn estimating<'m, V, C: Checkers<V>>(
    model: &'m mut Model<V, C>,
    runner: &Runner<'_>,
    symmetry: bool,
) -> Search<'m, V, C> {
    let search = model
        .search()
        .symmetry(symmetry)
        .lookahead(runner.lookahead);
    match &runner.cancel {
        Some(flag) => search.cancel_flag(Arc::clone(flag)),
        None => search,
    }
}

/// Each of `units`' estimated nodes (at least 1), from random probes.
pub(super) fn unit_weights<V, C: Checkers<V>>(
    search: Search<'_, V, C>,
    units: &[Unit],
) -> Vec<f64> {
    let per_unit = (PROGRESS_PROBES / units.len().max(1) as u64).max(2);
    let sizes = search.units(units).estimate(per_unit, SEED).value;
    let mut weights: Vec<f64> = sizes.iter().map(|s| s.value.max(0.0) + 1.0).collect();
    weights.resize(units.len(), 1.0);
    weights
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Plan<'_, '_, V, C> {
    /// Counts the parts the checkpoint does not hold on the runner's
    /// threads, appending each finished part's result to the checkpoint
    /// as it finishes, and merges every result into the exact total. A
    /// cancellation or the node limit stops the count (the report says
    /// why, with no total), keeping the parts finished.
    ///
    /// # Errors
    ///
    /// [`RunError::Checkpoint`] when a result cannot be appended (the count
    /// stops; the results appended before are kept);
    /// [`RunError::Merge`] for a total beyond `u128`.
    pub fn run(self) -> Result<RunReport, RunError> {
        let threads = resolve_threads(self.runner.threads);
        self.execute(threads, move |search, todo, done| match todo {
            Todo::Orbits(some) => search
                .on_progress(move |p| {
                    if let Progress::Part { index, outcome, .. } = p {
                        done(index, outcome);
                    }
                })
                .threads(threads)
                .count_orbits_on_threads(some),
            Todo::Units(units) => search.count_units(units, threads, done),
        })
    }
}
