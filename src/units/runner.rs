//! The long count of any model: split into units, counted on threads,
//! each finished unit appended to a checkpoint it resumes from, with
//! progress and the time left, cancellation and a node budget.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::auto::auto_split;
use super::checkpoint::{Checkpoint, CheckpointError};
use super::{ResultLine, UnitLine, merge};
use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;
use crate::outcome::{Outcome, Stats, StopReason};
use crate::search::{Search, Unit, resolve_threads};

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

/// How often the runner looks at the caller's cancellation flag.
const CANCEL_POLL: Duration = Duration::from_millis(10);

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

/// How far a count is, given to the [`Runner`]'s
/// [progress callback](Runner::on_progress) once before the first unit is
/// counted and again as each unit finishes.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RunProgress {
    /// Units finished, those read from the checkpoint included.
    pub units_done: usize,
    /// Units of the run.
    pub units_total: usize,
    /// Nodes searched by this run's finished units.
    pub nodes: u64,
    /// Time since this run started counting.
    pub elapsed: Duration,
    /// The estimated share of the whole run's work done, from 0 to 1: each
    /// finished unit adds its estimated nodes.
    pub share_done: f64,
    /// The estimated time left (see [`left_at`](Self::left_at)).
    pub left: Duration,
    /// The time the run was predicted to take before it started.
    prior: f64,
    /// The share of the work done when this run started.
    share_before: f64,
}

impl RunProgress {
    /// The time left `elapsed` into the run, with the work done so far: the
    /// prediction made before the run (each unit's estimated nodes times
    /// the time per node measured on a sample) blended with the measured
    /// rate in proportion to the work done, the prediction alone at the
    /// start and the measured rate alone at the end. A progress bar that
    /// redraws between two units calls this with its own clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use backtracker::{units::Runner};
    /// use backtracker_puzzles::nqueens;
    /// use std::sync::Mutex;
    ///
    /// let mut model = nqueens(9)?;
    /// let last = Mutex::new(None);
    /// Runner::new("nqueens-9")
    ///     .threads(1)
    ///     .on_progress(|p| *last.lock().unwrap() = Some(p.clone()))
    ///     .run(&mut model)?;
    /// let last = last.into_inner().unwrap().expect("progress was reported");
    /// assert_eq!(last.units_done, last.units_total);
    /// assert_eq!(last.left_at(last.elapsed + Duration::from_secs(1)), Duration::ZERO);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn left_at(&self, elapsed: Duration) -> Duration {
        let left = 1.0 - self.share_before;
        let share = if left > 0.0 {
            ((self.share_done - self.share_before) / left).clamp(0.0, 1.0)
        } else {
            1.0
        };
        Duration::from_secs_f64(time_left(self.prior, elapsed.as_secs_f64(), share))
    }
}

/// Seconds left of a run predicted to take `prior` seconds, `elapsed`
/// seconds into it, with `share` of its work done: the prediction and the
/// measured rate (elapsed over the share done) blended by the share done.
fn time_left(prior: f64, elapsed: f64, share: f64) -> f64 {
    let measured = if share > 0.0 { elapsed / share } else { prior };
    let whole = prior * (1.0 - share) + measured * share;
    let left = whole - elapsed;
    if left.is_finite() {
        left.clamp(0.0, 1e12)
    } else {
        0.0
    }
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
}

/// What a run counted: the exact total when every unit was counted, and
/// how far it got otherwise.
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
    /// The split depth.
    pub depth: usize,
    /// Units of the run.
    pub units: usize,
    /// Units finished, those read from the checkpoint included.
    pub done: usize,
    /// Units read from the checkpoint.
    pub resumed: usize,
}

type ProgressFn<'a> = Box<dyn Fn(&RunProgress) + Send + Sync + 'a>;

/// The long count of any model: splits it into work units (at a depth, or
/// at the depth its estimates recommend), counts them on threads, appends
/// each finished unit's result to a checkpoint file as it finishes, and
/// resumes from that file, skipping the units it holds. A run killed at any
/// moment (`SIGKILL`, a power cut) leaves a file it resumes from; a
/// damaged or foreign file is refused and left byte for byte unchanged
/// ([`Checkpoint`]). The total is the exact [`merge`] of every unit's
/// result. Progress, with the time left, goes to a callback; a
/// cancellation flag and a node budget stop the count, keeping the units
/// finished.
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
    name: String,
    split: Split,
    symmetry: bool,
    threads: usize,
    max_units: usize,
    checkpoint: Option<PathBuf>,
    cancel: Option<Arc<AtomicBool>>,
    node_limit: u64,
    lookahead: usize,
    tally: bool,
    progress: Option<ProgressFn<'a>>,
}

impl std::fmt::Debug for Runner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("name", &self.name)
            .field("split", &self.split)
            .field("threads", &self.threads)
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
            progress: None,
        }
    }

    /// Where to split (default: depth 3).
    #[must_use]
    pub fn split(mut self, split: Split) -> Self {
        self.split = split;
        self
    }

    /// Whether to use the model's declared mirror symmetry (default: yes,
    /// when declared), as [`Search::symmetry`].
    #[must_use]
    pub fn symmetry(mut self, on: bool) -> Self {
        self.symmetry = on;
        self
    }

    /// Threads to count on (0, the default: one per core; at most
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

    /// Keeps the finished units in the checkpoint file at `path`, and
    /// skips those it holds (see [`Checkpoint::open`]).
    #[must_use]
    pub fn checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.checkpoint = Some(path.into());
        self
    }

    /// Stops the count soon after `flag` becomes true (another thread or a
    /// Ctrl-C handler may set it), with [`StopReason::Cancelled`]; the
    /// units finished are kept. The estimates made for
    /// [`Split::Auto`] and for the progress stop too.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Stops the count after about `nodes` nodes (a parallel count may
    /// overshoot by what the other threads search before they notice),
    /// with [`StopReason::NodeLimit`]; the units finished are kept, so a
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

    /// Reports progress to `callback`: once before the first unit is
    /// counted, and as each unit finishes (from the thread that counted
    /// it, one report at a time). Before the count, the runner estimates
    /// each unit's nodes and the time per node (random probes and a short
    /// sample search, some milliseconds), which the time left is made of;
    /// without a callback nothing is estimated.
    #[must_use]
    pub fn on_progress(mut self, callback: impl Fn(&RunProgress) + Send + Sync + 'a) -> Self {
        self.progress = Some(Box::new(callback));
        self
    }

    /// Splits `model` and opens the checkpoint, reading the units it
    /// holds: a plan to [run](Plan::run).
    ///
    /// # Errors
    ///
    /// [`RunError::Name`] for a name with a space or a control character,
    /// empty or longer than 256 bytes; [`RunError::Split`] for a split of
    /// more than [`max_units`](Self::max_units) units or a poisoned model;
    /// [`RunError::Checkpoint`] for a checkpoint that cannot be used (left
    /// unchanged).
    pub fn plan<'m, V, C: Checkers<V>>(
        self,
        model: &'m mut Model<V, C>,
    ) -> Result<Plan<'m, 'a, V, C>, RunError> {
        check_name(&self.name)?;
        let symmetry = self.symmetry && model.has_mirror_symmetry();
        let (depth, units, largest_share) = match self.split {
            Split::Depth(depth) => {
                let units = model
                    .split_at_most(depth, symmetry, self.max_units)
                    .map_err(RunError::Split)?;
                (depth, units, None)
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
                (split.depth, split.units, Some(split.largest_share))
            }
        };
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
            lines,
            checkpoint,
        })
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
    lines: Vec<UnitLine>,
    checkpoint: Option<Checkpoint>,
}

impl<V, C> std::fmt::Debug for Plan<'_, '_, V, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("runner", &self.runner)
            .field("depth", &self.depth)
            .field("units", &self.lines.len())
            .finish_non_exhaustive()
    }
}

impl<'a, V, C: Checkers<V>> Plan<'_, 'a, V, C> {
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

    /// What opening the checkpoint repaired (a last line cut short, a
    /// header cut short), as a message for standard error.
    #[must_use]
    pub fn recovered(&self) -> Option<&str> {
        self.checkpoint.as_ref().and_then(Checkpoint::recovered)
    }

    /// With [`Split::Auto`], the largest unit's estimated share of the tree.
    #[must_use]
    pub fn largest_share(&self) -> Option<f64> {
        self.largest_share
    }

    /// Counts the units the checkpoint does not hold on this thread, in
    /// order, for any model (boxed checkers that cannot be shared between
    /// threads included).
    ///
    /// # Errors
    ///
    /// As [`run`](Self::run).
    pub fn run_in_turn(self) -> Result<RunReport, RunError> {
        self.execute(1, |search, units, done| {
            search.count_units_in_turn(units, done)
        })
    }

    /// A search for the estimates of the progress: the count's options,
    /// and the caller's cancellation.
    fn estimating(&mut self) -> Search<'_, V, C> {
        let search = self
            .model
            .search()
            .symmetry(self.symmetry)
            .lookahead(self.runner.lookahead);
        match &self.runner.cancel {
            Some(flag) => search.cancel_flag(Arc::clone(flag)),
            None => search,
        }
    }

    /// The search every unit is counted with.
    fn search(&mut self, halt: &Arc<AtomicBool>) -> Search<'_, V, C> {
        let runner = &self.runner;
        self.model
            .search()
            .symmetry(self.symmetry)
            .lookahead(runner.lookahead)
            .tally_rejections(runner.tally)
            .node_limit(runner.node_limit)
            .cancel_flag(Arc::clone(halt))
    }

    /// Counts the units still to do with `count` (`parallel` of them at
    /// once), appending each result to the checkpoint as it finishes.
    #[expect(
        clippy::too_many_lines,
        reason = "the count, its progress and the checkpoint's appends share the run's state"
    )]
    fn execute(
        mut self,
        parallel: usize,
        count: impl FnOnce(
            Search<'_, V, C>,
            &[Unit],
            &(dyn Fn(usize, &Outcome<u128>) + Sync),
        ) -> Outcome<u128>,
    ) -> Result<RunReport, RunError> {
        let total_units = self.lines.len();
        let earlier: Vec<ResultLine> = self
            .checkpoint
            .as_ref()
            .map(|c| c.results().to_vec())
            .unwrap_or_default();
        let resumed = earlier.len();
        let todo: Vec<usize> = (0..total_units)
            .filter(|&i| self.checkpoint.as_ref().is_none_or(|c| !c.is_done(i)))
            .collect();
        let units: Vec<Unit> = todo.iter().map(|&i| self.lines[i].unit.clone()).collect();
        let progress = self.progress(&todo, parallel);
        let checkpoint = self.checkpoint.take().map(Mutex::new);
        let fresh = Mutex::new(Vec::with_capacity(todo.len()));
        let failed: Mutex<Option<CheckpointError>> = Mutex::new(None);
        let halt = Arc::new(AtomicBool::new(false));
        let lines = std::mem::take(&mut self.lines);
        let cancel = self.runner.cancel.clone();
        let cancelled = || cancel.as_ref().is_some_and(|c| c.load(Ordering::SeqCst));
        if cancelled() {
            halt.store(true, Ordering::SeqCst);
        }
        let on_done = |i: usize, outcome: &Outcome<u128>| {
            if cancelled() {
                halt.store(true, Ordering::SeqCst);
            }
            let result = ResultLine {
                unit: lines[todo[i]].clone(),
                count: outcome.value,
            };
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
            if let Some((tracker, callback)) = &progress {
                tracker.finish(todo[i], outcome.stats.nodes, callback);
            }
        };
        let outcome = if units.is_empty() {
            // Nothing left to count: the checkpoint holds every unit.
            Outcome {
                value: 0,
                stats: Stats::default(),
                stop: StopReason::Completed,
            }
        } else {
            let finished = AtomicBool::new(false);
            std::thread::scope(|scope| {
                let watcher = cancel.clone().map(|flag| {
                    let (halt, finished) = (Arc::clone(&halt), &finished);
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
                if let Some((tracker, callback)) = &progress {
                    tracker.report(callback);
                }
                let outcome = count(self.search(&halt), &units, &on_done);
                finished.store(true, Ordering::SeqCst);
                if let Some(watcher) = watcher {
                    watcher.thread().unpark();
                }
                outcome
            })
        };
        if let Some(e) = failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
            return Err(RunError::Checkpoint(e));
        }
        let mut all = earlier;
        all.extend(fresh.into_inner().unwrap_or_else(PoisonError::into_inner));
        let done = all.len();
        let total = if !outcome.stop.is_complete() || done < total_units {
            None
        } else if total_units == 0 {
            Some(0)
        } else {
            Some(merge(&all, Some(&self.runner.name)).map_err(RunError::Merge)?)
        };
        Ok(RunReport {
            total,
            stop: outcome.stop,
            stats: outcome.stats,
            depth: self.depth,
            units: total_units,
            done,
            resumed,
        })
    }

    /// The progress tracker and its callback, when a callback is set and
    /// units are left: the units' estimated nodes and the time per node.
    fn progress(&mut self, todo: &[usize], parallel: usize) -> Option<(Tracker, ProgressFn<'a>)> {
        if todo.is_empty() {
            return None;
        }
        let callback = self.runner.progress.take()?;
        let all: Vec<Unit> = self.lines.iter().map(|l| l.unit.clone()).collect();
        let node_time = self.estimating().estimate(0, SEED).value.node_time;
        let per_unit = (PROGRESS_PROBES / all.len().max(1) as u64).max(2);
        let sizes = self.estimating().units(&all).estimate(per_unit, SEED).value;
        // Each unit weighs its estimated nodes, and at least one.
        let mut weights: Vec<f64> = sizes.iter().map(|s| s.value.max(0.0) + 1.0).collect();
        weights.resize(all.len(), 1.0);
        let whole: f64 = weights.iter().sum();
        let left: f64 = todo.iter().map(|&i| weights[i]).sum();
        let threads = resolve_threads(parallel).clamp(1, todo.len().max(1));
        #[expect(clippy::cast_precision_loss, reason = "a time to show")]
        let prior = node_time.as_secs_f64() * left / threads as f64;
        let done = all.len() - todo.len();
        Some((
            Tracker {
                weights,
                whole,
                prior,
                share_before: (whole - left) / whole,
                started: Instant::now(),
                state: Mutex::new(Counted {
                    units: done,
                    work: whole - left,
                }),
                nodes: AtomicU64::new(0),
                units_total: all.len(),
            },
            callback,
        ))
    }
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Plan<'_, '_, V, C> {
    /// Counts the units the checkpoint does not hold on the runner's
    /// threads, appending each finished unit's result to the checkpoint
    /// as it finishes, and merges every result into the exact total. A
    /// cancellation or the node limit stops the count (the report says
    /// why, with no total), keeping the units finished.
    ///
    /// # Errors
    ///
    /// [`RunError::Checkpoint`] when a result cannot be appended (the count
    /// stops; the results appended before are kept);
    /// [`RunError::Merge`] for a total beyond `u128`.
    pub fn run(self) -> Result<RunReport, RunError> {
        let threads = resolve_threads(self.runner.threads);
        self.execute(threads, move |search, units, done| {
            search.count_units(units, threads, done)
        })
    }
}

/// What a run has counted so far, for its progress reports.
struct Tracker {
    /// Each unit's estimated nodes (at least 1), by index.
    weights: Vec<f64>,
    whole: f64,
    prior: f64,
    share_before: f64,
    started: Instant,
    state: Mutex<Counted>,
    nodes: AtomicU64,
    units_total: usize,
}

/// Units and estimated work finished.
struct Counted {
    units: usize,
    work: f64,
}

impl Tracker {
    /// Marks unit `index`, which searched `nodes` nodes, as finished and
    /// reports.
    fn finish(&self, index: usize, nodes: u64, callback: &ProgressFn<'_>) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.units += 1;
        state.work += self.weights.get(index).copied().unwrap_or(1.0);
        self.call(&state, callback);
    }

    /// Reports the progress so far.
    fn report(&self, callback: &ProgressFn<'_>) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        self.call(&state, callback);
    }

    /// Calls `callback` while the state is locked, so that reports come
    /// one at a time and in order.
    fn call(&self, state: &Counted, callback: &ProgressFn<'_>) {
        let elapsed = self.started.elapsed();
        let mut progress = RunProgress {
            units_done: state.units,
            units_total: self.units_total,
            nodes: self.nodes.load(Ordering::Relaxed),
            elapsed,
            share_done: (state.work / self.whole).clamp(0.0, 1.0),
            left: Duration::ZERO,
            prior: self.prior,
            share_before: self.share_before,
        };
        progress.left = progress.left_at(elapsed);
        callback(&progress);
    }
}

#[cfg(test)]
mod tests {
    use super::time_left;

    #[test]
    fn before_any_unit_the_prediction_counts_down() {
        assert!((time_left(100.0, 30.0, 0.0) - 70.0).abs() < 1e-9);
        assert!(time_left(10.0, 30.0, 0.0).abs() < 1e-9);
    }

    #[test]
    fn as_units_finish_the_measured_rate_takes_over() {
        // Half done in 10 s of a run predicted at 100 s: the blend says 60 s
        // in all, so 50 s left; the measured rate alone would say 10 s.
        let left = time_left(100.0, 10.0, 0.5);
        assert!((left - 50.0).abs() < 1e-9, "{left}");
        // Nearly done: the measured rate decides.
        let left = time_left(100.0, 10.0, 0.999);
        assert!(left < 0.2, "{left}");
        assert!(time_left(100.0, 10.0, 1.0).abs() < 1e-9);
    }
}
