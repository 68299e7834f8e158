//! Searching a model: the [`Search`] builder and every way to run it.
//!
//! The engine itself is in `engine.rs` (the walk over work units and the
//! enumeration's state), `run.rs` (the node loop) and `node.rs` (the
//! protocol of one node, which the loop, a unit's prefix and a probe
//! share); `state.rs` holds the search's data, `step.rs` takes and undoes
//! steps, `enter.rs` fills frames, `report.rs` tells observers,
//! `propagate.rs` narrows and looks ahead, `cross_check.rs` checks
//! checkers, `split.rs` makes work units and `parallel.rs` counts on
//! several threads. `docs/architecture.md` maps them all.

mod audit;
mod branch;
mod budget;
mod classes;
mod counts;
mod cross_check;
mod engine;
mod enter;
mod estimate;
mod frames;
mod learn;
mod live;
mod log;
mod node;
mod nogoods;
mod optimize;
mod optimize_units;
mod optimum;
mod orbits;
mod parallel;
mod pin;
mod place;
mod plan;
mod probe;
mod progress;
mod propagate;
mod report;
mod run;
mod schedule;
mod smallest;
mod split;
mod split_width;
mod state;
mod step;
mod strategy;
mod unit;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::assignment::Assignment;
use crate::checkers::Checkers;
use crate::model::Model;
use crate::observe::{NoObserver, Observer, TallyOnly};
use crate::outcome::{Outcome, Stats, StopReason};
use crate::schedule::Schedule;
use crate::trace::Trace;

pub use classes::Classes;
pub use estimate::{Estimate, Interval};
pub use optimize::Improvements;
pub use optimum::{Best, Optimum};
pub(crate) use orbits::{Constellation, fingerprint as orbits_fingerprint};
pub use place::{Here, OnThreads, Units};
pub use progress::Progress;
use progress::{ProgressFn, part_done};
pub use schedule::MAX_THREADS;
pub(crate) use schedule::resolve_threads;
pub use strategy::{BranchView, Branching, SelectVariable};
pub use unit::Unit;
pub(crate) use unit::misfit;

use engine::{Config, Engine};
pub(crate) use plan::ALL;

impl<V, C: Checkers<V>> Model<V, C> {
    /// Starts configuring a search of this model.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// assert_eq!(model.search().count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn search(&mut self) -> Search<'_, V, C> {
        Search {
            model: self,
            observer: NoObserver,
            config: Config::default(),
            place: Here,
            progress: None,
        }
    }
}

/// A search of a model, configured by chaining, run by asking it one
/// question: [`count`](Self::count), [`first`](Self::first),
/// [`solutions`](Self::solutions), [`for_each`](Self::for_each),
/// [`trace`](Self::trace), [`minimize`](Self::minimize) or
/// [`maximize`](Self::maximize) (with [`improvements`](Self::improvements)),
/// [`count_classes`](Self::count_classes) or
/// [`canonical_solutions`](Self::canonical_solutions), and
/// [`estimate`](Self::estimate).
///
/// Where it runs is a setting, not a method of its own: here by default
/// ([`Here`]), over a list of work units after [`units`](Self::units)
/// ([`Units`]), or on several threads after [`threads`](Self::threads)
/// ([`OnThreads`]); counting and branch and bound run in every place,
/// estimates here and over units. How far it has got goes to
/// [`on_progress`](Self::on_progress).
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8).unwrap();
/// assert_eq!(model.search().count().value, 92);
/// let first = model.search().first().value.unwrap();
/// assert_eq!(first, vec![0, 4, 7, 5, 2, 6, 1, 3]);
/// let limited = model.search().node_limit(100).count();
/// assert!(!limited.stop.is_complete());
/// ```
#[must_use = "a search does nothing until it is run"]
pub struct Search<'m, V, C, O = NoObserver, W = Here> {
    pub(crate) model: &'m mut Model<V, C>,
    pub(crate) observer: O,
    pub(crate) config: Config<V>,
    /// Where the search runs: [`Here`], or [`OnThreads`].
    pub(crate) place: W,
    /// Told of each part finished and each better solution found.
    pub(crate) progress: Option<ProgressFn<'m, V>>,
}

impl<'m, V, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// Reports every step to `observer` (which may steer the search).
    ///
    /// ```
    /// use backtracker::{observe::from_fn, Control, Event};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6)?;
    /// let mut solutions = 0;
    /// let outcome = model
    ///     .search()
    ///     .observer(from_fn(|e: &Event<'_, usize>| {
    ///         if matches!(e, Event::Solution { .. }) {
    ///             solutions += 1;
    ///         }
    ///         Control::Continue
    ///     }))
    ///     .count();
    /// // With mirror symmetry, half the solutions are visited; each counts twice.
    /// assert_eq!((outcome.value, solutions), (4, 2));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn observer<O2: Observer<V>>(self, observer: O2) -> Search<'m, V, C, O2> {
        Search {
            model: self.model,
            observer,
            config: self.config,
            place: Here,
            progress: self.progress,
        }
    }
}

/// The settings, for a search here or on threads.
impl<'m, V, C: Checkers<V>, O: Observer<V>, W> Search<'m, V, C, O, W> {
    /// Stops after `nodes` nodes with [`StopReason::NodeLimit`] (a limit
    /// of 0 visits no node).
    ///
    /// ```
    /// use backtracker::StopReason;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let outcome = nqueens(10)?.search().node_limit(0).count();
    /// assert_eq!((outcome.stats.nodes, outcome.stop), (0, StopReason::NodeLimit));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.config.node_limit = nodes;
        self
    }

    /// Stops with [`StopReason::Cancelled`] soon after `flag` becomes true
    /// (another thread may set it; it is read every few thousand nodes).
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use backtracker::StopReason;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let flag = Arc::new(AtomicBool::new(true));
    /// let outcome = nqueens(12)?.search().cancel_flag(flag).count();
    /// assert_eq!(outcome.stop, StopReason::Cancelled);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.config.cancel = Some(flag);
        self
    }

    /// Whether counting uses the model's declared mirror symmetry
    /// (default: yes, when declared). Enumeration never does, and neither
    /// does [`count`](Self::count) (here or on threads) in
    /// [cross-check mode](Self::cross_check), which searches the whole
    /// tree to verify the declaration.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let half = model.search().count();
    /// let whole = model.search().symmetry(false).count();
    /// assert_eq!(half.value, whole.value);
    /// assert!(half.stats.nodes < whole.stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn symmetry(mut self, on: bool) -> Self {
        self.config.symmetry = on;
        self
    }

    /// Whether [`count`](Self::count), here or on threads, searches half
    /// the tree: the
    /// model declares mirror symmetry, it is used, and cross-check mode
    /// (which verifies the declaration on the whole tree) is off.
    fn symmetric(&self) -> bool {
        self.config.symmetry && self.model.options.mirror && self.config.describe.is_none()
    }

    /// Counts rejections per checker in the statistics even without an
    /// observer (a little slower).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6)?;
    /// assert_eq!(model.search().count().stats.rejections, None);
    /// let tallied = model.search().symmetry(false).tally_rejections(true).count().stats;
    /// let rejections = tallied.rejections.expect("tallied");
    /// let names: Vec<&str> = rejections.iter().map(|(name, _)| name.as_str()).collect();
    /// assert_eq!(names, ["columns", "diagonals", "anti-diagonals"]);
    /// assert!(rejections.iter().all(|&(_, n)| n > 0));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn tally_rejections(mut self, on: bool) -> Self {
        self.config.tally = on;
        self
    }

    /// Look-ahead: after each step, rejects it when one of the next `k`
    /// unassigned variables (in declaration order) has no candidate left
    /// that every checker's filter accepts. `0` (the default) looks at none;
    /// [`forward_checking`](Self::forward_checking) looks at all of them.
    /// The solutions are the same; the tree is smaller, and each node costs
    /// more.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// let plain = model.search().count();
    /// let ahead = model.search().lookahead(3).count();
    /// assert_eq!(plain.value, ahead.value);
    /// assert!(ahead.stats.nodes < plain.stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn lookahead(mut self, k: usize) -> Self {
        self.config.lookahead = k;
        self
    }

    /// Forward checking: after each step, every unassigned variable that
    /// shares a checker with the one assigned is filtered by the checkers,
    /// its narrowed candidates are kept (and restored on the way back), and
    /// the step is rejected when one of them has none left.
    /// [`VariableOrder::SmallestDomainFirst`](crate::VariableOrder) then
    /// reads the kept sets instead of filtering every variable at every
    /// node.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// assert_eq!(model.search().forward_checking().count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn forward_checking(mut self) -> Self {
        self.config.lookahead = ALL;
        self
    }

    /// Branch and bound from a known cost: [`minimize`](Self::minimize),
    /// [`maximize`](Self::maximize) and their unit and parallel forms look
    /// only for solutions strictly better than `cost` (a cost reached
    /// before, by another run or on another machine), and cut everything
    /// else from the first node. When none is better, the result has no
    /// best and, proven, says that `cost` was optimal. Counting and
    /// enumeration ignore it.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..3).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// // 9 is the greatest sum, so nothing beats it: proven, no best.
    /// let none = model.search().bound(9).maximize(&goal).value;
    /// assert!(none.proven && none.best.is_none());
    /// let better = model.search().bound(7).maximize(&goal).value;
    /// assert_eq!(better.best.map(|b| b.cost), Some(9));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn bound(mut self, cost: i64) -> Self {
        self.config.bound = Some(cost);
        self
    }

    /// With an observer: also reports every value that narrowing or forward
    /// checking removes from a variable still to come, as
    /// [`Event::Removed`](crate::Event::Removed) after the step's `Assign`
    /// (traces show them as `row 2 = 3  removed by diagonals`). Off by
    /// default: there can be many.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let text = nqueens(4)?.search().forward_checking().removal_events(true).trace();
    /// assert!(text.contains("row 1 = 0  removed by columns"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn removal_events(mut self, on: bool) -> Self {
        self.config.removal_events = on;
        self
    }

    /// Cross-check mode: at every node, compares each checker's `filter`,
    /// `promising` and `check` on every candidate, checks every value a
    /// narrowing checker removes, and stops with
    /// [`StopReason::Disagreement`] at the first disagreement. Slow; meant
    /// for testing a new checker.
    ///
    /// When the model declares [mirror
    /// symmetry](crate::ModelBuilder::mirror_symmetry), the mirror image of
    /// every solution found must be accepted by every checker too (a
    /// [`Disagreement`](crate::Disagreement) with `mirror` set otherwise),
    /// and [`count`](Self::count), here or on threads, searches the whole
    /// tree instead of half of it, so that every solution
    /// is found and checked. Units of a symmetric
    /// [split](crate::Model::split) still cover half the tree: their
    /// solutions are checked, but a solution only in the other half is not
    /// seen.
    ///
    /// ```
    /// use backtracker::StopReason;
    /// use backtracker_puzzles::nqueens;
    ///
    /// // The reference checkers agree with themselves on every candidate.
    /// let outcome = nqueens(6)?.search().cross_check(true).count();
    /// assert_eq!((outcome.value, outcome.stop), (4, StopReason::Completed));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn cross_check(mut self, on: bool) -> Self
    where
        V: fmt::Debug,
    {
        self.config.describe = if on { Some(|v| format!("{v:?}")) } else { None };
        self
    }

    /// Counts by orbits of constellations under the model's declared
    /// symmetry group ([`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry)),
    /// the way the record N-Queens counters count: the frame is the orbit
    /// of the first variable's candidates under the group (for N-Queens,
    /// the first and last rows and columns), and each orbit of the
    /// solutions' literals on the frame is searched once as a part of its
    /// own, its count weighted by the orbit's size. The total is that of
    /// the plain count; the statistics add those of the parts' searches.
    /// Only [`count`](Self::count) uses it (here or
    /// [on threads](Self::threads)), and only while
    /// [`symmetry`](Self::symmetry) is on; without a group, or in
    /// [cross-check mode](Self::cross_check) (which checks the group on
    /// every solution of the whole tree), the count is plain. The count
    /// rests on the declaration, which is not checked here: a false one
    /// gives a wrong count with [`StopReason::Completed`](crate::StopReason::Completed).
    /// Check a declaration with [`count_classes`](Self::count_classes)
    /// (which checks the orbit of every class it counts and of the plain
    /// search's first solution) or, on every solution, with cross-check
    /// mode.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// let orbits = model.search().orbits(true).count();
    /// let mirror = model.search().count();
    /// assert_eq!(orbits.value, 724); // OEIS A000170
    /// assert_eq!(mirror.value, 724);
    /// assert!(orbits.stats.nodes < mirror.stats.nodes);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn orbits(mut self, on: bool) -> Self {
        self.config.orbits = on;
        self
    }

    /// How the search picks the variable of each frame (default
    /// [`Branching::Model`]: the model's own
    /// [order](crate::ModelBuilder::order)). Every question takes it, with
    /// the same counts, solutions and optima as the plain search: only the
    /// order of the search changes. A unit's prefix
    /// ([`units`](Self::units)) is still assigned in declared order; the
    /// search below it follows the setting.
    ///
    /// ```
    /// use backtracker::{Branching, constraints::LinearSum, ModelBuilder};
    ///
    /// // x0 + x1 + ... + x5 = 10, each in 0..=3.
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..6).map(|i| b.variable(format!("x{i}"), 0..=3i64)).collect();
    /// let mut model = b.build((LinearSum::equal("sum", xs.iter().map(|&x| (1, x)), 10),))?;
    /// let plain = model.search().count().value;
    /// let weighted = model.search().branching(Branching::DomWdeg).count().value;
    /// assert_eq!(plain, weighted);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn branching(mut self, branching: Branching) -> Self {
        self.config.branching = branching;
        self
    }

    /// Last conflict (Lecoutre, Sais, Tabary and Vidal, 2009; default off):
    /// after a step fails (a filter empties the next variable's
    /// candidates, or narrowing wipes one out), the variable of that step
    /// is entered first again, before the variable order, as long as it is
    /// unassigned and its steps fail. It changes only the order: counts,
    /// solutions and optima stay those of the plain search. Each such pick
    /// is reported as [`Event::LastConflict`](crate::Event::LastConflict).
    ///
    /// ```
    /// use backtracker::Branching;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let search = model.search().symmetry(false).branching(Branching::DomWdeg);
    /// assert_eq!(search.last_conflict(true).count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn last_conflict(mut self, on: bool) -> Self {
        self.config.last_conflict = on;
        self
    }

    /// Restarts (default none): the search starts again from the root each
    /// time its failures (filters that empty a variable's candidates,
    /// narrowing that wipes one out) spend the next budget of `schedule`,
    /// keeping what it learned: the checkers' weights of
    /// [`Branching::DomWdeg`] or [`Branching::ConflictHistory`], and a
    /// nogood for each value a frame of the abandoned branch had refuted
    /// (Lecoutre, Sais, Tabary and Vidal, 2007), so that no subtree is
    /// searched twice and the search stays complete. Restarts serve
    /// [`first`](Self::first) and branch and bound
    /// ([`minimize`](Self::minimize), [`maximize`](Self::maximize)) here;
    /// a count, an enumeration, and the searches over units or on threads
    /// run without them (their answers are those of the plain search). A
    /// restart is reported as [`Event::Restart`](crate::Event::Restart).
    ///
    /// ```
    /// use backtracker::{Branching, Schedule};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(30)?;
    /// let found = model
    ///     .search()
    ///     .branching(Branching::DomWdeg)
    ///     .restarts(Schedule::luby(10))
    ///     .first();
    /// let queens = found.value.expect("30 queens can be placed");
    /// assert_eq!(queens.len(), 30);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn restarts(mut self, schedule: Schedule) -> Self {
        self.config.restarts = Some(schedule);
        self
    }

    /// Solution saving for branch and bound (default off): after each
    /// improvement, every frame tries the best solution's value of its
    /// variable first, then the rest in their order. Only the order
    /// changes: the optimum is that of the plain search.
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Objective};
    /// use backtracker::ModelBuilder;
    ///
    /// // The fewest coins of 1, 5 and 10 that make 27.
    /// let mut b = ModelBuilder::new();
    /// let ones = b.variable("ones", 0..=27i64);
    /// let fives = b.variable("fives", 0..=5i64);
    /// let tens = b.variable("tens", 0..=2i64);
    /// let make = LinearSum::equal("make 27", [(1, ones), (5, fives), (10, tens)], 27);
    /// let coins = Objective::new("coins", [(1, ones), (1, fives), (1, tens)]);
    /// let goal = coins.goal();
    /// let mut model = b.build((make, coins))?;
    /// let best = model.search().solution_saving(true).minimize(&goal).value.best.unwrap();
    /// assert_eq!(best.cost, 5);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn solution_saving(mut self, on: bool) -> Self {
        self.config.saving = on;
        self
    }

    /// Tells `callback` how the search advances: as each part of a count
    /// finishes ([`Progress::Part`]: a work unit, a half of a symmetric
    /// tree, an orbit's constellation), and as branch and bound finds each
    /// solution better than every one before ([`Progress::Better`]). On
    /// [threads](Self::threads) it is called from the thread that did the
    /// work, one call at a time per thread.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use backtracker::Progress;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(10)?;
    /// let parts = AtomicUsize::new(0);
    /// let outcome = model
    ///     .search()
    ///     .orbits(true)
    ///     .on_progress(|p| {
    ///         if let Progress::Part { .. } = p {
    ///             parts.fetch_add(1, Ordering::Relaxed);
    ///         }
    ///     })
    ///     .count();
    /// assert_eq!(outcome.value, 724);
    /// assert!(parts.load(Ordering::Relaxed) > 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn on_progress(mut self, callback: impl Fn(Progress<'_, V>) + Sync + 'm) -> Self {
        self.progress = Some(Box::new(callback));
        self
    }
}

impl<'m, V, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// Counts the solutions (weighted by symmetry when it is used).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let outcome = nqueens(8)?.search().count();
    /// assert_eq!(outcome.value, 92);
    /// assert!(outcome.stop.is_complete());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn count(self) -> Outcome<u128> {
        // An observer sees one tree: the orbits' parts are searched without it.
        if !O::EVENTS
            && !O::TALLY
            && let Some(found) = self.orbit_parts()
        {
            return self.count_orbits_in_turn(&found);
        }
        let units = if self.symmetric() {
            split::mirror_roots(self.model)
        } else {
            vec![Unit::whole()]
        };
        self.units(&units).count()
    }

    /// Counts the given units one after the other on this thread, calling
    /// `done(i, outcome)` as unit `i` finishes (its weighted count and what
    /// its part of the search did); see [`units`](Self::units), which is
    /// this with the progress callback.
    pub(crate) fn count_units_in_turn(
        self,
        units: &[Unit],
        done: impl FnMut(usize, &Outcome<u128>),
    ) -> Outcome<u128> {
        self.walk(units, None, done)
    }

    /// Runs the walk over `units` with the observer, or with a tally when
    /// asked for one without an observer that counts.
    fn walk(
        self,
        units: &[Unit],
        shared: Option<usize>,
        mut done: impl FnMut(usize, &Outcome<u128>),
    ) -> Outcome<u128> {
        let Search {
            model,
            mut observer,
            config,
            progress,
            ..
        } = self;
        let tally = config.tally && !O::TALLY;
        let mut engine = Engine::new(model, &config);
        let mut last = Stats::default();
        let of = units.len();
        let mut on_done = |engine_stats: Stats, i: usize, count: u128| {
            let mut part = engine_stats.clone();
            part.nodes -= last.nodes;
            part.solutions -= last.solutions;
            last = engine_stats;
            let outcome = Outcome {
                value: count,
                stats: part,
                stop: StopReason::Completed,
            };
            part_done(progress.as_ref(), i, of, &outcome);
            done(i, &outcome);
        };
        if tally {
            engine.walk_reporting(units, shared, &mut TallyOnly, &mut on_done);
        } else {
            engine.walk_reporting(units, shared, &mut observer, &mut on_done);
        }
        let count = engine.count();
        engine.outcome(count)
    }

    /// Calls `f` with every solution, in search order, until it answers
    /// [`ControlFlow::Break`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6)?;
    /// let mut seen = Vec::new();
    /// model.search().for_each(|a| {
    ///     seen.push(a.values().unwrap());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(seen.len(), 4);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn for_each(self, mut f: impl FnMut(&Assignment<'_, V>) -> ControlFlow<()>) -> Outcome<()> {
        let Search {
            model,
            mut observer,
            config,
            ..
        } = self;
        let tally = config.tally && !O::TALLY;
        let mut engine = Engine::new(model, &config);
        loop {
            let found = if tally {
                engine.next_solution(&mut TallyOnly)
            } else {
                engine.next_solution(&mut observer)
            };
            if !found {
                break;
            }
            if engine.with_assignment(&mut f).is_break() {
                engine.finish(StopReason::Stopped);
                break;
            }
        }
        engine.outcome(())
    }

    /// The first solution in search order, if there is one.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert_eq!(nqueens(4)?.search().first().value, Some(vec![1, 3, 0, 2]));
    /// assert_eq!(nqueens(3)?.search().first().value, None);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn first(mut self) -> Outcome<Option<Vec<V>>>
    where
        V: Clone,
    {
        // The first solution may restart (`Search::restarts`).
        self.config.may_restart = true;
        let mut first = None;
        let outcome = self.for_each(|a| {
            first = a.values();
            ControlFlow::Break(())
        });
        Outcome {
            value: first,
            stats: outcome.stats,
            stop: outcome.stop,
        }
    }

    /// A lazy iterator over all solutions, in search order. Dropping it
    /// half-way undoes every step it made.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// let three: Vec<Vec<usize>> = model.search().solutions().take(3).collect();
    /// assert_eq!(three[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn solutions(self) -> Solutions<'m, V, C, O>
    where
        V: Clone,
    {
        let Search {
            model,
            observer,
            config,
            ..
        } = self;
        Solutions {
            engine: Engine::new(model, &config),
            observer,
            check: None,
        }
    }
}

impl<V: fmt::Display, C: Checkers<V>> Search<'_, V, C> {
    /// Searches the whole tree (no symmetry reduction) with a [`Trace`] of
    /// up to [`DEFAULT_EVENT_LIMIT`](crate::trace::DEFAULT_EVENT_LIMIT)
    /// events, and returns its text with the statistics footer: one string
    /// for a snapshot test.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let text = nqueens(4).unwrap().search().trace();
    /// assert!(text.contains("solution 2"));
    /// assert!(text.ends_with("stop: completed\n"));
    /// ```
    #[must_use]
    pub fn trace(self) -> String {
        self.trace_with(Trace::new())
    }

    /// Like [`trace`](Self::trace) with a configured [`Trace`] (a smaller
    /// cap, a solution limit).
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let text = nqueens(8)?.search().trace_with(Trace::new().event_limit(5));
    /// assert!(text.contains("truncated after 5 events"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn trace_with(self, mut trace: Trace) -> String {
        let outcome = self.symmetry(false).observer(&mut trace).count();
        trace.text(&outcome.stats, &outcome.stop)
    }
}

/// A lazy iterator over the solutions of a model; see [`Search::solutions`].
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(6)?;
/// let all: Vec<Vec<usize>> = model.search().solutions().collect();
/// assert_eq!(all.len(), 4);
/// assert!(all.contains(&vec![1, 3, 5, 0, 2, 4]));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Solutions<'m, V, C: Checkers<V>, O> {
    engine: Engine<'m, V, C>,
    observer: O,
    /// A check of each solution before it is given (the declared
    /// symmetry, for canonical solutions): the reason to stop instead.
    check: Option<SolutionCheck<'m, V, C>>,
}

/// A check of a solution an enumeration found: the reason to stop
/// instead of giving it.
type SolutionCheck<'m, V, C> = fn(&mut Engine<'m, V, C>) -> Option<StopReason>;

impl<V: Clone, C: Checkers<V>, O: Observer<V>> Iterator for Solutions<'_, V, C, O> {
    type Item = Vec<V>;

    fn next(&mut self) -> Option<Vec<V>> {
        if self.engine.next_solution(&mut self.observer) {
            if let Some(stop) = self.check.and_then(|check| check(&mut self.engine)) {
                self.engine.finish(stop);
                return None;
            }
            self.engine.values()
        } else {
            None
        }
    }
}

impl<V, C: Checkers<V>, O> Solutions<'_, V, C, O> {
    /// The statistics so far.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6)?;
    /// let mut solutions = model.search().solutions();
    /// solutions.next();
    /// assert_eq!(solutions.stats().solutions, 1);
    /// assert!(solutions.stats().nodes >= 6);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// Why the search ended, once it has.
    ///
    /// ```
    /// use backtracker::StopReason;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6)?;
    /// let mut solutions = model.search().solutions();
    /// assert_eq!(solutions.by_ref().count(), 4);
    /// assert_eq!(solutions.stop_reason(), Some(&StopReason::Completed));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn stop_reason(&self) -> Option<&StopReason> {
        self.engine.stop.as_ref()
    }
}

impl<V, C: Checkers<V>, O> fmt::Debug for Solutions<'_, V, C, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("stats", &self.engine.stats())
            .finish_non_exhaustive()
    }
}
