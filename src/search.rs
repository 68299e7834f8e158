//! The engine: depth-first search on an explicit stack, and the ways to
//! run it (count, first, all solutions lazily, a callback).

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::assignment::{Assignment, Choice, Table, UNASSIGNED};
use crate::candidates::{Candidates, iter_bits};
use crate::checker::Checkers;
use crate::model::{Model, Options, VariableOrder};
use crate::observe::{Control, Event, NoObserver, Observer, TallyOnly};
use crate::units::Unit;

/// Why a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StopReason {
    /// The whole tree was searched.
    Completed,
    /// A callback or an observer asked to stop (also: [`Search::first`] found its solution).
    Stopped,
    /// The node limit was reached before the tree was searched.
    NodeLimit,
    /// The cancellation flag was set.
    Cancelled,
    /// Cross-check mode found a checker whose answers disagree.
    Disagreement(Box<Disagreement>),
}

impl StopReason {
    /// Whether the whole tree was searched, so counts are exact.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        matches!(self, StopReason::Completed)
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::Completed => f.write_str("completed"),
            StopReason::Stopped => f.write_str("stopped"),
            StopReason::NodeLimit => f.write_str("node limit reached"),
            StopReason::Cancelled => f.write_str("cancelled"),
            StopReason::Disagreement(d) => write!(f, "{d}"),
        }
    }
}

/// A checker whose `promising`, `filter` and `check` disagree, found by
/// [cross-check mode](Search::cross_check).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The checker's name.
    pub checker: String,
    /// The assignment the candidate was judged against, as `name = value` pairs.
    pub assignment: String,
    /// The candidate step, as `name = value`.
    pub candidate: String,
    /// What `check` said of the extended assignment.
    pub check: bool,
    /// What `promising` said of the candidate.
    pub promising: bool,
    /// Whether `filter` kept the candidate.
    pub filter: bool,
    /// Whether `filter_word` kept the candidate (domains of at most 64 values).
    pub filter_word: Option<bool>,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let yes = |b: bool| if b { "yes" } else { "no" };
        write!(
            f,
            "checker `{}` disagrees on {} after {}: check says {}, promising says {}, filter says {}",
            self.checker,
            self.candidate,
            self.assignment,
            yes(self.check),
            yes(self.promising),
            yes(self.filter)
        )?;
        if let Some(word) = self.filter_word {
            write!(f, ", filter_word says {}", yes(word))?;
        }
        Ok(())
    }
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes: steps that passed every checker and were assigned.
    pub nodes: u64,
    /// Solutions reached (with symmetry reduction, the solutions actually
    /// visited, not the count they stand for).
    pub solutions: u128,
    /// The most variables assigned at once.
    pub max_depth: usize,
    /// Candidates rejected, per checker in model order, when counted (with
    /// an observer, or [`Search::tally_rejections`]).
    pub rejections: Option<Vec<(String, u64)>>,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Adds another search's figures to these.
    pub fn absorb(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.solutions += other.solutions;
        self.max_depth = self.max_depth.max(other.max_depth);
        match (&mut self.rejections, &other.rejections) {
            (Some(mine), Some(theirs)) => {
                for (a, b) in mine.iter_mut().zip(theirs) {
                    a.1 += b.1;
                }
            }
            (None, Some(theirs)) => self.rejections = Some(theirs.clone()),
            _ => {}
        }
        self.elapsed = self.elapsed.max(other.elapsed);
    }

    /// The figures as text without the time, one per line (`nodes: 15`), so
    /// it can go into snapshots.
    #[must_use]
    pub fn deterministic_text(&self) -> String {
        let mut out = format!(
            "nodes: {}\nsolutions: {}\nmax depth: {}\n",
            self.nodes, self.solutions, self.max_depth
        );
        if let Some(rejections) = &self.rejections {
            for (name, count) in rejections {
                out.push_str(&format!("rejected by {name}: {count}\n"));
            }
        }
        out
    }
}

/// The result of a search: a value, the statistics and why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The count, solution or nothing, depending on the call.
    pub value: T,
    /// What the search did.
    pub stats: Stats,
    /// Why it ended. Unless [`StopReason::Completed`], a count is a lower bound.
    pub stop: StopReason,
}

/// What the threads of a parallel count share: the node budget and a halt flag.
pub(crate) struct Shared {
    pub(crate) used: AtomicU64,
    pub(crate) limit: u64,
    pub(crate) halt: AtomicBool,
}

impl Shared {
    /// Why a parallel count that did not complete stopped.
    pub(crate) fn reason<V>(&self, config: &Config<V>) -> StopReason {
        if self.used.load(Ordering::Relaxed) >= self.limit {
            StopReason::NodeLimit
        } else if config
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            StopReason::Cancelled
        } else {
            StopReason::Stopped
        }
    }
}

pub(crate) struct Config<V> {
    pub(crate) shared: Option<Arc<Shared>>,
    pub(crate) node_limit: u64,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
    pub(crate) describe: Option<fn(&V) -> String>,
    pub(crate) symmetry: bool,
    pub(crate) tally: bool,
}

impl<V> Clone for Config<V> {
    fn clone(&self) -> Self {
        Config {
            shared: self.shared.clone(),
            node_limit: self.node_limit,
            cancel: self.cancel.clone(),
            describe: self.describe,
            symmetry: self.symmetry,
            tally: self.tally,
        }
    }
}

impl<V> Default for Config<V> {
    fn default() -> Self {
        Config {
            shared: None,
            node_limit: u64::MAX,
            cancel: None,
            describe: None,
            symmetry: true,
            tally: false,
        }
    }
}

/// A search of a model, configured by chaining, run by one of
/// [`count`](Self::count), [`first`](Self::first),
/// [`solutions`](Self::solutions) or [`for_each`](Self::for_each).
///
/// ```
/// use backtracker::puzzles::nqueens;
///
/// let mut model = nqueens(8).unwrap();
/// assert_eq!(model.search().count().value, 92);
/// let first = model.search().first().value.unwrap();
/// assert_eq!(first, vec![0, 4, 7, 5, 2, 6, 1, 3]);
/// let limited = model.search().node_limit(100).count();
/// assert!(!limited.stop.is_complete());
/// ```
#[must_use = "a search does nothing until it is run"]
pub struct Search<'m, V, C, O = NoObserver> {
    pub(crate) model: &'m mut Model<V, C>,
    pub(crate) observer: O,
    pub(crate) config: Config<V>,
}

impl<'m, V, C: Checkers<V>> Search<'m, V, C> {
    pub(crate) fn new(model: &'m mut Model<V, C>) -> Self {
        Search {
            model,
            observer: NoObserver,
            config: Config::default(),
        }
    }
}

impl<'m, V, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// Reports every step to `observer` (which may steer the search).
    pub fn observer<O2: Observer<V>>(self, observer: O2) -> Search<'m, V, C, O2> {
        Search {
            model: self.model,
            observer,
            config: self.config,
        }
    }

    /// Stops after `nodes` nodes with [`StopReason::NodeLimit`].
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.config.node_limit = nodes;
        self
    }

    /// Stops with [`StopReason::Cancelled`] soon after `flag` becomes true
    /// (another thread may set it; it is read every few thousand nodes).
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.config.cancel = Some(flag);
        self
    }

    /// Whether [`count`](Self::count) uses the model's declared mirror
    /// symmetry (default: yes, when declared). Enumeration never does.
    pub fn symmetry(mut self, on: bool) -> Self {
        self.config.symmetry = on;
        self
    }

    /// Counts rejections per checker in the statistics even without an
    /// observer (a little slower).
    pub fn tally_rejections(mut self, on: bool) -> Self {
        self.config.tally = on;
        self
    }

    /// Cross-check mode: at every node, compares each checker's `filter`,
    /// `promising` and `check` on every candidate, and stops with
    /// [`StopReason::Disagreement`] at the first disagreement. Slow; meant
    /// for testing a new checker.
    pub fn cross_check(mut self, on: bool) -> Self
    where
        V: fmt::Debug,
    {
        self.config.describe = if on { Some(|v| format!("{v:?}")) } else { None };
        self
    }

    fn tallying(&self) -> bool {
        self.config.tally && !O::TALLY
    }

    /// Counts the solutions (weighted by symmetry when it is used).
    pub fn count(self) -> Outcome<u128> {
        let units = if self.config.symmetry && self.model.options.mirror {
            crate::units::mirror_roots(self.model)
        } else {
            vec![Unit::whole()]
        };
        self.count_units_in_turn(&units, |_, _| {})
    }

    /// Counts the given units one after the other on this thread, calling
    /// `done(i, outcome)` as unit `i` finishes (outcomes are weighted), and
    /// adds them up as [`count_units`](Self::count_units) does: the total
    /// and the statistics are those of one search of the whole tree,
    /// whatever the split. The node limit holds across the units; the count
    /// stops at the first unit that does not complete. Unlike
    /// `count_units`, it needs no `Clone` or `Sync` checkers, so boxed
    /// checkers can count unit by unit too (for a progress bar, say).
    ///
    /// ```
    /// use backtracker::puzzles::{nqueens_with, Rule};
    ///
    /// let mut model = nqueens_with(8, &Rule::ALL).unwrap();
    /// let units = model.split(2, true);
    /// let mut finished = 0;
    /// let outcome = model.search().count_units_in_turn(&units, |_, _| finished += 1);
    /// assert_eq!(outcome.value, 92);
    /// assert_eq!(finished, units.len());
    /// ```
    pub fn count_units_in_turn(
        mut self,
        units: &[Unit],
        mut done: impl FnMut(usize, &Outcome<u128>),
    ) -> Outcome<u128> {
        let started = Instant::now();
        let mut outcomes = Vec::with_capacity(units.len());
        let mut used = 0u64;
        for (i, unit) in units.iter().enumerate() {
            let budget = self.config.node_limit.saturating_sub(used);
            let mut outcome = self.count_prefix(&unit.prefix, budget);
            outcome.value *= u128::from(unit.weight);
            used += outcome.stats.nodes;
            let complete = outcome.stop.is_complete();
            if complete {
                done(i, &outcome);
            }
            outcomes.push(Some(outcome));
            if !complete {
                break;
            }
        }
        let tally = self.tallying();
        let mut total = crate::units::combine(self.model, tally, units, outcomes);
        total.stats.elapsed = started.elapsed();
        total
    }

    /// Counts the solutions that extend `prefix` (domain indices of the
    /// first variables), unweighted.
    pub(crate) fn count_prefix(&mut self, prefix: &[u32], node_limit: u64) -> Outcome<u128> {
        let tally = self.tallying();
        let mut engine = Engine::new(self.model, &self.config, prefix);
        engine.node_limit = node_limit;
        if tally {
            engine.run_count(&mut TallyOnly);
        } else {
            engine.run_count(&mut self.observer);
        }
        let found = engine.solutions;
        engine.finish_outcome(found)
    }

    /// Calls `f` with every solution, in search order, until it answers
    /// [`ControlFlow::Break`].
    pub fn for_each(self, mut f: impl FnMut(&Assignment<'_, V>) -> ControlFlow<()>) -> Outcome<()> {
        let tally = self.tallying();
        let mut observer = self.observer;
        let mut engine = Engine::new(self.model, &self.config, &[]);
        loop {
            let found = if tally {
                engine.run_next(&mut TallyOnly)
            } else {
                engine.run_next(&mut observer)
            };
            if !found {
                break;
            }
            if f(&engine.assignment()).is_break() {
                engine.stop(StopReason::Stopped);
                break;
            }
        }
        engine.finish_outcome(())
    }

    /// The first solution in search order, if there is one.
    pub fn first(self) -> Outcome<Option<Vec<V>>>
    where
        V: Clone,
    {
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
    pub fn solutions(self) -> Solutions<'m, V, C, O>
    where
        V: Clone,
    {
        let Search {
            model,
            observer,
            config,
        } = self;
        Solutions {
            engine: Engine::new(model, &config, &[]),
            observer,
        }
    }
}

/// A lazy iterator over the solutions of a model; see [`Search::solutions`].
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Solutions<'m, V, C: Checkers<V>, O> {
    engine: Engine<'m, V, C>,
    observer: O,
}

impl<V: Clone, C: Checkers<V>, O: Observer<V>> Iterator for Solutions<'_, V, C, O> {
    type Item = Vec<V>;

    fn next(&mut self) -> Option<Vec<V>> {
        if self.engine.run_next(&mut self.observer) {
            self.engine.assignment().values()
        } else {
            None
        }
    }
}

impl<V, C: Checkers<V>, O> Solutions<'_, V, C, O> {
    /// The statistics so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// Why the search ended, once it has.
    #[must_use]
    pub fn stop_reason(&self) -> Option<&StopReason> {
        self.engine.stop.as_ref()
    }
}

/// The search state: an explicit stack of frames, one per assigned variable.
///
/// Frame `d` holds the variable chosen at depth `d` (`var_at`), its
/// untried candidates (`cand`, `w` words) and, while it is assigned, the
/// chosen index (`idx_at`). Frames below `base` hold a fixed prefix.
pub(crate) struct Engine<'m, V, C: Checkers<V>> {
    table: &'m Table<V>,
    options: &'m Options<V>,
    checkers: &'m mut C,
    node_limit: u64,
    cancel: Option<Arc<AtomicBool>>,
    shared: Option<Arc<Shared>>,
    /// Nodes already added to `shared.used`.
    flushed: u64,
    describe: Option<fn(&V) -> String>,
    n: usize,
    w: usize,
    fixed_order: bool,
    /// Declared order, no value-order hook, no cross-check: the fast path applies.
    plain: bool,
    slots: Vec<u32>,
    var_at: Vec<u32>,
    idx_at: Vec<u32>,
    cand: Vec<u64>,
    scratch: Vec<u64>,
    /// Events only: per frame, the checker that rejected each domain index.
    rejected_by: Vec<u32>,
    stride: usize,
    /// Events only: per frame, the next domain index whose rejection is unreported.
    cursor: Vec<u32>,
    /// The fast path's value table, for at most 64 variables.
    values: Option<Box<Values<'m, V>>>,
    /// With a value-order hook: per frame, the untried candidates, last first.
    ordered: Vec<Vec<u32>>,
    depth: usize,
    base: usize,
    /// Number of assigned variables.
    assigned: usize,
    /// Frame `depth` is assigned (a solution was returned and not yet undone).
    pending: bool,
    /// The whole prefix is a complete assignment, not yet reported.
    leaf: bool,
    /// That complete prefix was reported as a solution.
    leaf_shown: bool,
    /// Frame `base` was filled.
    entered: bool,
    finished: bool,
    /// Nodes the search may still visit before it next polls.
    chunk: u64,
    nodes: u64,
    solutions: u128,
    max_depth: usize,
    rejections: Vec<u64>,
    tallied: bool,
    stop: Option<StopReason>,
    started: Instant,
}

const NO_CHECKER: u32 = u32::MAX;
/// Nodes between two polls of the cancellation flag (and, in the fast
/// loop, checks of the node limit): some tens of microseconds of work, so a
/// cancellation is seen at once, and too rare to cost anything measurable.
const POLL_EVERY: u64 = 1 << 12;

/// The engine's current assignment through [`view`], borrowing only the
/// fields it reads, so that the frames can be borrowed mutably beside it.
macro_rules! current_view {
    ($engine:expr) => {
        view(
            $engine.table,
            $engine.fixed_order,
            &$engine.slots,
            &$engine.idx_at,
            $engine.assigned,
        )
    };
}

impl<'m, V, C: Checkers<V>> Engine<'m, V, C> {
    pub(crate) fn new(model: &'m mut Model<V, C>, config: &Config<V>, prefix: &[u32]) -> Self {
        let Model {
            table,
            checkers,
            options,
        } = model;
        let table: &Table<V> = table;
        let options: &Options<V> = options;
        let n = table.len();
        let w = table.words;
        let k = checkers.len();
        let mut engine = Engine {
            table,
            options,
            checkers,
            node_limit: config.node_limit,
            cancel: config.cancel.clone(),
            shared: config.shared.clone(),
            flushed: 0,
            describe: config.describe,
            n,
            w,
            fixed_order: options.order == VariableOrder::Declared,
            plain: options.order == VariableOrder::Declared
                && options.value_order.is_none()
                && config.describe.is_none(),
            slots: vec![UNASSIGNED; n],
            var_at: vec![0; n + 1],
            idx_at: vec![0; n + 1],
            cand: vec![0; (n + 1) * w],
            scratch: vec![0; w],
            rejected_by: Vec::new(),
            stride: 0,
            cursor: Vec::new(),
            ordered: Vec::new(),
            values: None,
            depth: 0,
            base: 0,
            assigned: 0,
            pending: false,
            leaf: false,
            leaf_shown: false,
            entered: false,
            finished: false,
            chunk: POLL_EVERY,
            nodes: 0,
            solutions: 0,
            max_depth: 0,
            rejections: vec![0; k],
            tallied: false,
            stop: None,
            started: Instant::now(),
        };
        if engine.fixed_order {
            for (d, v) in engine.var_at.iter_mut().enumerate() {
                *v = d as u32;
            }
        }
        engine.begin(prefix);
        engine
    }

    /// Assigns the prefix (fixed variables 0, 1, ...), checking each step.
    fn begin(&mut self, prefix: &[u32]) {
        assert!(prefix.len() <= self.n, "prefix longer than the model");
        for (d, &index) in prefix.iter().enumerate() {
            self.fill_plain(d, d);
            let words = &self.cand[d * self.w..(d + 1) * self.w];
            if !Candidates::new(&mut words.to_vec()).contains(index as usize) {
                self.depth = d;
                self.stop(StopReason::Completed);
                return;
            }
            self.var_at[d] = d as u32;
            self.assign(d, d, index as usize);
        }
        self.base = prefix.len();
        self.depth = self.base;
        // The unit's own node; the nodes above it are counted by whoever
        // combines units (see `units::combine`).
        self.nodes = u64::from(!prefix.is_empty());
        self.max_depth = prefix.len();
        if self.base == self.n {
            // A complete assignment with no step left to judge (a model
            // without variables, or a complete unit): the checkers' `check`
            // decides whether it is a solution.
            let assignment = self.assignment();
            if (0..self.checkers.len()).all(|k| self.checkers.check_one(k, &assignment)) {
                self.leaf = true;
            } else {
                self.stop(StopReason::Completed);
            }
        }
    }

    pub(crate) fn assignment(&self) -> Assignment<'_, V> {
        current_view!(self)
    }

    pub(crate) fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            solutions: self.solutions,
            max_depth: self.max_depth,
            rejections: self.tallied.then(|| {
                (0..self.checkers.len())
                    .map(|k| (self.checkers.name(k).to_owned(), self.rejections[k]))
                    .collect()
            }),
            elapsed: self.started.elapsed(),
        }
    }

    pub(crate) fn finish_outcome<T>(mut self, value: T) -> Outcome<T> {
        if !self.finished {
            self.stop(StopReason::Completed);
        }
        if let Some(shared) = &self.shared {
            shared
                .used
                .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
        }
        Outcome {
            value,
            stats: self.stats(),
            stop: self.stop.clone().unwrap_or(StopReason::Completed),
        }
    }

    /// Ends the search: undoes every assigned frame, last first.
    pub(crate) fn stop(&mut self, reason: StopReason) {
        if self.finished {
            return;
        }
        self.unwind();
        self.finished = true;
        self.stop = Some(reason);
    }

    fn unwind(&mut self) {
        if self.pending {
            self.pending = false;
            self.undo(self.depth);
        }
        while self.depth > 0 {
            self.depth -= 1;
            self.undo(self.depth);
        }
    }

    #[inline(always)]
    fn assign(&mut self, d: usize, var: usize, index: usize) {
        self.idx_at[d] = index as u32;
        self.assigned += 1;
        if !self.fixed_order {
            self.slots[var] = index as u32;
        }
        let value = &self.table.domains[var][index];
        self.checkers.assign_all(Choice { var, index, value });
    }

    #[inline(always)]
    fn undo(&mut self, d: usize) {
        let var = self.var_at[d] as usize;
        let index = self.idx_at[d] as usize;
        self.assigned -= 1;
        if !self.fixed_order {
            self.slots[var] = UNASSIGNED;
        }
        let value = &self.table.domains[var][index];
        self.checkers.unassign_all(Choice { var, index, value });
    }

    fn emit<'s, O: Observer<V>>(
        &'s self,
        observer: &mut O,
        make: impl FnOnce(Assignment<'s, V>) -> Event<'s, V>,
    ) -> Control {
        observer.observe(&make(self.assignment()))
    }

    fn choice(&self, var: usize, index: usize) -> Choice<'m, V> {
        Choice {
            var,
            index,
            value: &self.table.domains[var][index],
        }
    }

    /// Fills frame `d` with the candidates of `var`, filtered by every
    /// checker, without tallies or events.
    #[inline(always)]
    fn fill_plain(&mut self, d: usize, var: usize) {
        let w = self.w;
        let assignment = current_view!(self);
        let dst = &mut self.cand[d * w..(d + 1) * w];
        dst.copy_from_slice(self.table.initial(var));
        self.checkers
            .filter_all(&assignment, var, &mut Candidates::new(dst));
    }

    /// One-word fast path of [`fill_plain`](Self::fill_plain).
    #[inline(always)]
    fn fill_one(&mut self, d: usize, var: usize) {
        let assignment = current_view!(self);
        self.cand[d] = self
            .checkers
            .filter_all_word(&assignment, var, self.table.initial[var]);
    }

    /// Fills frame `d` with the candidates of `var`, counting rejections per
    /// checker and, with events, recording which checker rejected what.
    fn fill_tracked(&mut self, d: usize, var: usize, events: bool) {
        let w = self.w;
        self.tallied = true;
        let assignment = current_view!(self);
        let dst = &mut self.cand[d * w..(d + 1) * w];
        dst.copy_from_slice(self.table.initial(var));
        let mut before: u64 = dst.iter().map(|x| u64::from(x.count_ones())).sum();
        let rejections = &mut self.rejections;
        if events {
            let size = self.table.domains[var].len();
            if self.stride < size || self.rejected_by.len() < (self.n + 1) * self.stride {
                self.stride = self.stride.max(size);
                self.rejected_by = vec![NO_CHECKER; (self.n + 1) * self.stride];
                self.cursor = vec![0; self.n + 1];
            }
            let marks = &mut self.rejected_by[d * self.stride..(d + 1) * self.stride];
            marks.fill(NO_CHECKER);
            let prev = &mut self.scratch;
            prev.copy_from_slice(dst);
            self.checkers
                .filter_each(&assignment, var, &mut Candidates::new(dst), &mut |k, c| {
                    for (wi, (p, now)) in prev.iter_mut().zip(c.words()).enumerate() {
                        for bit in iter_bits(&[*p & !now]) {
                            marks[wi * 64 + bit] = k as u32;
                        }
                        *p = *now;
                    }
                    let after = c.len() as u64;
                    rejections[k] += before - after;
                    before = after;
                });
            self.cursor[d] = 0;
        } else {
            self.checkers
                .filter_each(&assignment, var, &mut Candidates::new(dst), &mut |k, c| {
                    let after = c.len() as u64;
                    rejections[k] += before - after;
                    before = after;
                });
        }
    }

    /// Picks the variable for frame `d` and fills the frame.
    #[inline(always)]
    fn enter<O: Observer<V>, const ONE: bool>(&mut self, d: usize, observer: &mut O) -> bool {
        if ONE && self.plain && !O::EVENTS && !O::TALLY {
            self.var_at[d] = d as u32;
            self.fill_one(d, d);
            return true;
        }
        let (var, picked) = if self.fixed_order {
            (d, None)
        } else {
            self.pick_smallest::<ONE>(d)
        };
        self.var_at[d] = var as u32;
        if O::EVENTS || O::TALLY {
            self.fill_tracked(d, var, O::EVENTS);
        } else if let Some(word) = picked {
            self.cand[d] = word;
        } else if ONE {
            self.fill_one(d, var);
        } else {
            self.fill_plain(d, var);
        }
        if self.describe.is_some()
            && let Some(disagreement) = self.cross_check(var)
        {
            self.stop(StopReason::Disagreement(Box::new(disagreement)));
            return false;
        }
        if let Some(order) = &self.options.value_order {
            let mut list: Vec<usize> =
                iter_bits(&self.cand[d * self.w..(d + 1) * self.w]).collect();
            order(&self.assignment(), var, &mut list);
            if self.ordered.len() <= self.n {
                self.ordered.resize_with(self.n + 1, Vec::new);
            }
            self.ordered[d] = list.iter().rev().map(|&i| i as u32).collect();
            if O::EVENTS {
                // With a custom value order, rejections are reported up front.
                let size = self.table.domains[var].len();
                if self.report_rejections(d, var, size, observer) == Control::Stop {
                    self.stop(StopReason::Stopped);
                    return false;
                }
            }
        }
        true
    }

    /// Smallest-domain-first: the unassigned variable with the fewest
    /// candidates (ties: higher degree, then lower index).
    fn pick_smallest<const ONE: bool>(&mut self, d: usize) -> (usize, Option<u64>) {
        // (size, degree, var, the one-word candidates)
        let mut best: Option<(usize, u32, usize, u64)> = None;
        for var in 0..self.n {
            if self.slots[var] != UNASSIGNED {
                continue;
            }
            let (size, word) = if ONE {
                let assignment = Assignment::new(self.table, &self.slots);
                let word = self
                    .checkers
                    .filter_all_word(&assignment, var, self.table.initial[var]);
                (word.count_ones() as usize, word)
            } else {
                self.fill_plain(d, var);
                let size = self.cand[d * self.w..(d + 1) * self.w]
                    .iter()
                    .map(|x| x.count_ones() as usize)
                    .sum::<usize>();
                (size, 0)
            };
            if size == 0 {
                return (var, ONE.then_some(0));
            }
            let degree = self.options.degrees[var];
            let better = match best {
                None => true,
                Some((s, g, _, _)) => size < s || (size == s && degree > g),
            };
            if better {
                best = Some((size, degree, var, word));
            }
        }
        best.map_or((0, None), |(_, _, var, word)| (var, ONE.then_some(word)))
    }

    /// Reports the rejected domain indices of frame `d` below `upto`.
    fn report_rejections<O: Observer<V>>(
        &mut self,
        d: usize,
        var: usize,
        upto: usize,
        observer: &mut O,
    ) -> Control {
        let from = self.cursor[d] as usize;
        let mut answer = Control::Continue;
        for index in from..upto {
            let k = self.rejected_by[d * self.stride + index];
            if k == NO_CHECKER {
                continue;
            }
            let choice = self.choice(var, index);
            let name = self.checkers.name(k as usize);
            answer = answer.max(observer.observe(&Event::Reject {
                depth: d,
                choice,
                checker: k as usize,
                checker_name: name,
                assignment: self.assignment(),
            }));
            if answer == Control::Stop {
                break;
            }
        }
        self.cursor[d] = upto as u32;
        answer
    }

    /// Takes the next candidate of frame `d`.
    #[inline(always)]
    fn pop<const ONE: bool>(&mut self, d: usize) -> Option<usize> {
        if !self.plain && self.options.value_order.is_some() {
            return self.ordered[d].pop().map(|i| i as usize);
        }
        if ONE {
            let c = self.cand[d];
            if c == 0 {
                return None;
            }
            self.cand[d] = c & (c - 1);
            return Some(c.trailing_zeros() as usize);
        }
        let w = self.w;
        for (wi, word) in self.cand[d * w..(d + 1) * w].iter_mut().enumerate() {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(wi * 64 + bit);
            }
        }
        None
    }

    /// Compares every checker's `filter`, `promising` and `check` on every
    /// candidate of `var`.
    fn cross_check(&mut self, var: usize) -> Option<Disagreement> {
        let describe = self.describe?;
        let assignment = self.assignment();
        for k in 0..self.checkers.len() {
            let mut filtered = self.table.initial(var).to_vec();
            self.checkers
                .filter_one(k, &assignment, var, &mut Candidates::new(&mut filtered));
            let word = (self.w == 1).then(|| {
                self.checkers
                    .filter_one_word(k, &assignment, var, self.table.initial[var])
            });
            let filtered = Candidates::new(&mut filtered);
            for index in iter_bits(self.table.initial(var)) {
                let choice = self.choice(var, index);
                let promising = self.checkers.promising_one(k, &assignment, choice);
                let check = self.checkers.check_one(k, &assignment.with(choice));
                let filter = filtered.contains(index);
                let filter_word = word.map(|w| w >> index & 1 == 1);
                if promising != check || filter != check || filter_word.is_some_and(|f| f != check)
                {
                    let text = assignment
                        .iter()
                        .map(|(v, x)| format!("{} = {}", assignment.name(v), describe(x)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Some(Disagreement {
                        checker: self.checkers.name(k).to_owned(),
                        assignment: if text.is_empty() {
                            "(empty)".to_owned()
                        } else {
                            text
                        },
                        candidate: format!("{} = {}", assignment.name(var), describe(choice.value)),
                        check,
                        promising,
                        filter,
                        filter_word,
                    });
                }
            }
        }
        None
    }

    /// Runs until the next solution (left assigned, returns true) or the end.
    pub(crate) fn run_next<O: Observer<V>>(&mut self, observer: &mut O) -> bool {
        if self.w == 1 {
            self.run::<O, true, false>(observer)
        } else {
            self.run::<O, false, false>(observer)
        }
    }

    /// Runs to the end, counting solutions.
    pub(crate) fn run_count<O: Observer<V>>(&mut self, observer: &mut O) {
        if self.w == 1 {
            self.run::<O, true, true>(observer);
        } else {
            self.run::<O, false, true>(observer);
        }
    }

    /// The search loop. `ONE`: candidate sets are one word. `COUNT`: do not
    /// stop at solutions (and, without events, count the last variable's
    /// candidates instead of visiting them).
    #[inline(never)]
    fn run<O: Observer<V>, const ONE: bool, const COUNT: bool>(
        &mut self,
        observer: &mut O,
    ) -> bool {
        if self.finished {
            return false;
        }
        if self.leaf_shown {
            self.stop(StopReason::Completed);
            return false;
        }
        if self.leaf {
            // The prefix was a complete assignment: it is the one solution.
            self.leaf = false;
            self.solutions += 1;
            self.max_depth = self.max_depth.max(self.n);
            let number = self.solutions;
            let depth = self.n;
            if O::EVENTS
                && self.emit(observer, |assignment| Event::Solution {
                    depth,
                    number,
                    assignment,
                }) == Control::Stop
            {
                self.stop(StopReason::Stopped);
                return false;
            }
            if COUNT {
                self.stop(StopReason::Completed);
                return false;
            }
            // Report it now; the next call ends the search.
            self.leaf_shown = true;
            return true;
        }
        if self.pending {
            self.pending = false;
            let d = self.depth;
            self.undo(d);
            if O::EVENTS && self.emit_unassign(d, observer) == Control::Stop {
                self.stop(StopReason::Stopped);
                return false;
            }
        } else if !self.entered {
            self.entered = true;
            if let Some(reason) = self.poll() {
                self.stop(reason);
                return false;
            }
            if !self.enter::<O, ONE>(self.base, observer) {
                return false;
            }
        }
        if ONE && self.plain && !O::EVENTS && !O::TALLY {
            return self.run_fast::<COUNT>();
        }
        let n = self.n;
        loop {
            let d = self.depth;
            let Some(index) = self.pop::<ONE>(d) else {
                // Frame d is exhausted.
                if O::EVENTS && self.options.value_order.is_none() {
                    let var = self.var_at[d] as usize;
                    let size = self.table.domains[var].len();
                    if self.report_rejections(d, var, size, observer) == Control::Stop {
                        self.stop(StopReason::Stopped);
                        return false;
                    }
                }
                if d == self.base {
                    self.stop(StopReason::Completed);
                    return false;
                }
                self.depth = d - 1;
                self.undo(d - 1);
                if O::EVENTS && self.emit_unassign(d - 1, observer) == Control::Stop {
                    self.stop(StopReason::Stopped);
                    return false;
                }
                continue;
            };
            let var = self.var_at[d] as usize;
            if O::EVENTS && self.options.value_order.is_none() {
                if self.report_rejections(d, var, index, observer) == Control::Stop {
                    self.stop(StopReason::Stopped);
                    return false;
                }
                self.cursor[d] = index as u32 + 1;
            }
            if self.nodes >= self.node_limit {
                self.stop(StopReason::NodeLimit);
                return false;
            }
            if self.chunk == 0 {
                self.chunk = POLL_EVERY;
                if let Some(reason) = self.poll() {
                    self.stop(reason);
                    return false;
                }
            }
            self.chunk -= 1;
            self.nodes += 1;
            self.assign(d, var, index);
            if d + 1 > self.max_depth {
                self.max_depth = d + 1;
            }
            if O::EVENTS {
                let choice = self.choice(var, index);
                match self.emit(observer, |assignment| Event::Assign {
                    depth: d,
                    choice,
                    assignment,
                }) {
                    Control::Continue => {}
                    Control::Prune => {
                        self.undo(d);
                        if self.emit_unassign(d, observer) == Control::Stop {
                            self.stop(StopReason::Stopped);
                            return false;
                        }
                        continue;
                    }
                    Control::Stop => {
                        // Frame d is assigned: let the unwinding undo it.
                        self.pending = true;
                        self.stop(StopReason::Stopped);
                        return false;
                    }
                }
            }
            let next = d + 1;
            if next == n {
                self.solutions += 1;
                if O::EVENTS {
                    let number = self.solutions;
                    if self.emit(observer, |assignment| Event::Solution {
                        depth: n,
                        number,
                        assignment,
                    }) == Control::Stop
                    {
                        self.pending = true;
                        self.stop(StopReason::Stopped);
                        return false;
                    }
                }
                if !COUNT {
                    self.pending = true;
                    return true;
                }
                self.undo(d);
                if O::EVENTS && self.emit_unassign(d, observer) == Control::Stop {
                    self.stop(StopReason::Stopped);
                    return false;
                }
                continue;
            }
            // Frame `d` stays assigned below frame `next`, also if entering stops.
            self.depth = next;
            if !self.enter::<O, ONE>(next, observer) {
                return false;
            }
            if COUNT && !O::EVENTS && next + 1 == n {
                // The last variable: its candidates are its solutions.
                let found: u64 = if ONE {
                    u64::from(self.cand[next].count_ones())
                } else {
                    self.cand[next * self.w..(next + 1) * self.w]
                        .iter()
                        .map(|x| u64::from(x.count_ones()))
                        .sum()
                };
                if self.nodes.saturating_add(found) <= self.node_limit {
                    self.nodes += found;
                    self.solutions += u128::from(found);
                    if found > 0 {
                        self.max_depth = n;
                    }
                    self.depth = d;
                    self.undo(d);
                    continue;
                }
            }
        }
    }

    /// The fast path of [`run`](Self::run): one-word candidate sets,
    /// declared order, no events, no tallies.
    fn run_fast<const COUNT: bool>(&mut self) -> bool {
        loop {
            let budget = (self.node_limit - self.nodes).min(self.chunk);
            let mut fast = Fast {
                n: self.n,
                base: self.base,
                depth: self.depth,
                budget,
                solutions: 0,
                max_depth: self.max_depth,
            };
            if self.values.is_none() && self.n <= 64 {
                self.values = Some(value_table(self.table));
            }
            let exit = fast_loop::<V, C, COUNT>(
                self.checkers,
                self.table,
                self.values.as_deref(),
                &mut self.cand,
                &mut self.idx_at,
                &mut fast,
            );
            self.depth = fast.depth;
            self.assigned = fast.depth + usize::from(matches!(exit, Exit::Solution));
            let used = budget - fast.budget;
            self.nodes += used;
            self.chunk -= used;
            self.solutions += u128::from(fast.solutions);
            self.max_depth = fast.max_depth;
            match exit {
                Exit::Solution => {
                    self.pending = true;
                    return true;
                }
                Exit::Done => {
                    self.stop(StopReason::Completed);
                    return false;
                }
                Exit::Budget => {
                    if self.nodes >= self.node_limit {
                        self.stop(StopReason::NodeLimit);
                        return false;
                    }
                    self.chunk = POLL_EVERY;
                    if let Some(reason) = self.poll() {
                        self.stop(reason);
                        return false;
                    }
                }
            }
        }
    }

    /// Reads the cancellation flag and, in a parallel count, shares the
    /// node count; says why to stop, if the search must.
    #[cold]
    fn poll(&mut self) -> Option<StopReason> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            if let Some(shared) = &self.shared {
                shared.halt.store(true, Ordering::Relaxed);
            }
            return Some(StopReason::Cancelled);
        }
        let shared = self.shared.as_ref()?;
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        let used = shared.used.fetch_add(delta, Ordering::Relaxed) + delta;
        if used >= shared.limit {
            shared.halt.store(true, Ordering::Relaxed);
            return Some(StopReason::NodeLimit);
        }
        shared
            .halt
            .load(Ordering::Relaxed)
            .then_some(StopReason::Cancelled)
    }

    /// Per checker, the candidates it is the first to reject when the next
    /// variable in declaration order after the prefix is filtered, as a
    /// search that tallies rejections counts them at this node; `None` when
    /// a checker rejected the prefix.
    pub(crate) fn rejections_at_next(mut self) -> Option<Vec<u64>> {
        if self.finished {
            return None;
        }
        if self.base < self.n {
            self.fill_tracked(self.base, self.base, false);
        }
        Some(self.rejections.clone())
    }

    /// The candidates of the next variable in declaration order after the
    /// prefix, or `None` when a checker rejected the prefix.
    pub(crate) fn next_candidates(mut self) -> Option<Vec<usize>> {
        if self.finished {
            return None;
        }
        if self.base == self.n {
            return Some(Vec::new());
        }
        self.fill_plain(self.base, self.base);
        Some(iter_bits(&self.cand[self.base * self.w..(self.base + 1) * self.w]).collect())
    }

    fn emit_unassign<O: Observer<V>>(&self, d: usize, observer: &mut O) -> Control {
        let choice = self.choice(self.var_at[d] as usize, self.idx_at[d] as usize);
        self.emit(observer, |assignment| Event::Unassign {
            depth: d,
            choice,
            assignment,
        })
    }
}

/// Counters of [`fast_loop`], copied in and out.
struct Fast {
    n: usize,
    base: usize,
    depth: usize,
    /// Nodes it may still visit; what is left on return.
    budget: u64,
    /// Solutions it found.
    solutions: u64,
    max_depth: usize,
}

/// Why [`fast_loop`] returned.
enum Exit {
    /// A solution is assigned at frame `depth` (enumeration only).
    Solution,
    /// Frame `base` is exhausted.
    Done,
    /// The node budget ran out before frame `depth` was assigned: time to
    /// check the node limit and the cancellation flag.
    Budget,
}

/// The frames of [`fast_loop`]: candidates and chosen indices per depth,
/// and each variable's initial candidates.
trait Frames<'t, V> {
    fn value(&self, d: usize, index: usize) -> &'t V;
    fn cand(&self, d: usize) -> u64;
    fn set_cand(&mut self, d: usize, word: u64);
    fn index(&self, d: usize) -> usize;
    fn set_index(&mut self, d: usize, index: usize);
    fn initial(&self, var: usize) -> u64;
    fn indices(&self) -> &[u32];
}

/// Frames in the engine's buffers, for any number of variables.
struct SliceFrames<'a, 't, V> {
    cand: &'a mut [u64],
    idx: &'a mut [u32],
    initial: &'a [u64],
    domains: &'t [Vec<V>],
}

impl<'t, V> Frames<'t, V> for SliceFrames<'_, 't, V> {
    #[inline(always)]
    fn value(&self, d: usize, index: usize) -> &'t V {
        &self.domains[d][index]
    }
    #[inline(always)]
    fn cand(&self, d: usize) -> u64 {
        self.cand[d]
    }
    #[inline(always)]
    fn set_cand(&mut self, d: usize, word: u64) {
        self.cand[d] = word;
    }
    #[inline(always)]
    fn index(&self, d: usize) -> usize {
        self.idx[d] as usize
    }
    #[inline(always)]
    fn set_index(&mut self, d: usize, index: usize) {
        self.idx[d] = index as u32;
    }
    #[inline(always)]
    fn initial(&self, var: usize) -> u64 {
        self.initial[var]
    }
    #[inline(always)]
    fn indices(&self) -> &[u32] {
        self.idx
    }
}

/// Frames in fixed arrays, for at most 64 variables: indexing by `d % 64`
/// needs no bounds check.
struct ArrayFrames<'a, 't, V> {
    cand: [u64; 64],
    idx: [u32; 64],
    initial: [u64; 64],
    values: &'a Values<'t, V>,
}

/// Per variable (up to 64), references to its values, padded to 64, so
/// that reaching a value needs no bounds check, and a checker that does not
/// read it costs nothing.
type Values<'t, V> = [[&'t V; 64]; 64];

/// The value table of [`ArrayFrames`].
fn value_table<V>(table: &Table<V>) -> Box<Values<'_, V>> {
    let pad = &table.domains[0][0];
    let mut values = Box::new([[pad; 64]; 64]);
    for (row, domain) in values.iter_mut().zip(&table.domains) {
        for (slot, value) in row.iter_mut().zip(domain) {
            *slot = value;
        }
    }
    values
}

impl<'t, V> Frames<'t, V> for ArrayFrames<'_, 't, V> {
    #[inline(always)]
    fn value(&self, d: usize, index: usize) -> &'t V {
        self.values[d % 64][index % 64]
    }
    #[inline(always)]
    fn cand(&self, d: usize) -> u64 {
        self.cand[d % 64]
    }
    #[inline(always)]
    fn set_cand(&mut self, d: usize, word: u64) {
        self.cand[d % 64] = word;
    }
    #[inline(always)]
    fn index(&self, d: usize) -> usize {
        self.idx[d % 64] as usize
    }
    #[inline(always)]
    fn set_index(&mut self, d: usize, index: usize) {
        self.idx[d % 64] = index as u32;
    }
    #[inline(always)]
    fn initial(&self, var: usize) -> u64 {
        self.initial[var % 64]
    }
    #[inline(always)]
    fn indices(&self) -> &[u32] {
        &self.idx
    }
}

/// The search loop for one-word candidate sets in declared order, with no
/// events: variable `d` at frame `d`, candidates popped lowest first. Up to
/// 64 variables, the frames are copied into fixed arrays for the loop. The
/// buffers come as separate arguments so the optimiser knows they do not
/// overlap and can keep the checkers' state in registers.
#[inline(never)]
fn fast_loop<'t, V, C: Checkers<V>, const COUNT: bool>(
    checkers: &mut C,
    table: &'t Table<V>,
    values: Option<&Values<'t, V>>,
    cand: &mut [u64],
    idx_at: &mut [u32],
    fast: &mut Fast,
) -> Exit {
    let n = fast.n;
    if let Some(values) = values {
        let mut frames = ArrayFrames {
            cand: [0; 64],
            idx: [0; 64],
            initial: [0; 64],
            values,
        };
        frames.cand[..n].copy_from_slice(&cand[..n]);
        frames.idx[..n].copy_from_slice(&idx_at[..n]);
        frames.initial[..n].copy_from_slice(&table.initial[..n]);
        let exit = fast_body::<V, C, _, COUNT>(checkers, table, &mut frames, fast);
        cand[..n].copy_from_slice(&frames.cand[..n]);
        idx_at[..n].copy_from_slice(&frames.idx[..n]);
        exit
    } else {
        let mut frames = SliceFrames {
            cand,
            idx: idx_at,
            initial: &table.initial,
            domains: &table.domains,
        };
        fast_body::<V, C, _, COUNT>(checkers, table, &mut frames, fast)
    }
}

/// The step of frame `d` (variable `d`) to the value with domain index
/// `index`.
#[inline(always)]
fn frame_step<'t, V: 't, F: Frames<'t, V>>(frames: &F, d: usize, index: usize) -> Choice<'t, V> {
    Choice {
        var: d,
        index,
        value: frames.value(d, index),
    }
}

#[inline(always)]
fn fast_undo<'t, V: 't, C: Checkers<V>, F: Frames<'t, V>>(checkers: &mut C, frames: &F, d: usize) {
    checkers.unassign_all(frame_step(frames, d, frames.index(d)));
}

#[inline(always)]
fn fast_body<'t, V: 't, C: Checkers<V>, F: Frames<'t, V>, const COUNT: bool>(
    checkers: &mut C,
    table: &'t Table<V>,
    frames: &mut F,
    fast: &mut Fast,
) -> Exit {
    let n = fast.n;
    let base = fast.base;
    let mut d = fast.depth;
    let mut budget = fast.budget;
    let mut solutions = fast.solutions;
    let mut max_depth = fast.max_depth;
    // The current frame's candidates stay in a register; the frames hold
    // those of the frames below.
    let mut c = frames.cand(d);
    // With deferred undos (boxed checkers), whether frame `d`'s value is
    // still assigned: its undo waits for the frame's next value, so that
    // undo, assignment and the next variable's filter reach each checker in
    // one (virtual) call. Each checker still sees its own hooks last in
    // first out; only calls to different checkers interleave.
    let defer = C::DEFER_UNDO;
    let mut held = false;
    let exit = loop {
        if c == 0 {
            if defer && held {
                fast_undo(checkers, frames, d);
            }
            if d == base {
                break Exit::Done;
            }
            d -= 1;
            if defer {
                held = true;
            } else {
                fast_undo(checkers, frames, d);
            }
            c = frames.cand(d);
            continue;
        }
        if budget == 0 {
            if defer && held {
                fast_undo(checkers, frames, d);
            }
            break Exit::Budget;
        }
        let index = c.trailing_zeros() as usize;
        c &= c - 1;
        budget -= 1;
        let undo = (defer && held).then(|| frame_step(frames, d, frames.index(d)));
        frames.set_index(d, index);
        let choice = frame_step(frames, d, index);
        if !defer {
            checkers.assign_all(choice);
        }
        let next = d + 1;
        if next == n {
            if defer {
                if let Some(undo) = undo {
                    checkers.unassign_all(undo);
                }
                checkers.assign_all(choice);
            }
            max_depth = n;
            solutions += 1;
            if !COUNT {
                break Exit::Solution;
            }
            if defer {
                held = true;
            } else {
                fast_undo(checkers, frames, d);
            }
            continue;
        }
        let word = if defer {
            held = true;
            checkers.advance_all_word(
                undo.as_ref(),
                &choice,
                &Assignment::prefix(table, frames.indices(), next),
                next,
                frames.initial(next),
            )
        } else {
            checkers.filter_all_word(
                &Assignment::prefix(table, frames.indices(), next),
                next,
                frames.initial(next),
            )
        };
        if COUNT && next + 1 == n {
            // The last variable: its candidates are its solutions.
            let found = u64::from(word.count_ones());
            if found <= budget {
                budget -= found;
                solutions += found;
                max_depth = max_depth.max(next + usize::from(found > 0));
                if !defer {
                    fast_undo(checkers, frames, d);
                }
                continue;
            }
        }
        frames.set_cand(d, c);
        d = next;
        held = false;
        max_depth = max_depth.max(d);
        c = word;
    };
    frames.set_cand(d, c);
    fast.depth = d;
    fast.budget = budget;
    fast.solutions = solutions;
    fast.max_depth = max_depth;
    exit
}

/// The current assignment: in declared order, variables `0..assigned` by
/// their frames; otherwise the slots.
#[inline(always)]
fn view<'a, V>(
    table: &'a Table<V>,
    fixed_order: bool,
    slots: &'a [u32],
    idx_at: &'a [u32],
    assigned: usize,
) -> Assignment<'a, V> {
    if fixed_order {
        Assignment::prefix(table, idx_at, assigned)
    } else {
        Assignment::new(table, slots)
    }
}

impl<V, C: Checkers<V>> Drop for Engine<'_, V, C> {
    fn drop(&mut self) {
        self.unwind();
    }
}
