//! The engine: one search of a model, as a walk over work units (prefixes
//! of the first variables' values) with the node loop below each, or as an
//! enumeration that pauses at every solution.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::assignment::UNASSIGNED;
use crate::checkers::sealed::Set;
use crate::model::Model;
use crate::observe::{Control, Observer};
use crate::outcome::{Outcome, Stats, StopReason};
use crate::slot::Slot;

use super::Unit;
use super::budget::{Budget, Shared};
use super::frames::{SliceFrames, Store, Values, value_table};
use super::node::{self, Tally};
use super::pin::{Next, Pins};
use super::plan::ALL;
use super::propagate::{self, Narrowing};
use super::run::{Exit, run, run_in_arrays};
use super::state::State;
use super::{enter, report, step};

/// How a search is configured (the `Search` builder's settings).
#[expect(
    clippy::struct_excessive_bools,
    reason = "the builder's independent switches, each read where the engine starts"
)]
pub(crate) struct Config<V> {
    pub(crate) node_limit: u64,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
    pub(crate) shared: Option<Arc<Shared>>,
    pub(crate) describe: Option<fn(&V) -> String>,
    pub(crate) symmetry: bool,
    pub(crate) tally: bool,
    pub(crate) lookahead: usize,
    pub(crate) removal_events: bool,
    /// Search one solution per class: prune the steps that lead only to
    /// solutions a symmetry of the declared group maps to smaller ones,
    /// and leave out the interchangeable values the rule excludes.
    pub(crate) canonical: bool,
    /// Candidates at the root narrower than the model's: per variable, the
    /// set it may take, in the table's words (a constellation of
    /// [`orbits`](super::orbits)).
    pub(crate) restrict: Option<Arc<[u64]>>,
    /// Branch and bound wants only costs strictly better than this.
    pub(crate) bound: Option<i64>,
    /// Count by orbits of constellations under the declared group.
    pub(crate) orbits: bool,
}

impl<V> Config<V> {
    /// Whether the cancellation flag is set.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl<V> Clone for Config<V> {
    fn clone(&self) -> Self {
        Config {
            node_limit: self.node_limit,
            cancel: self.cancel.clone(),
            shared: self.shared.clone(),
            describe: self.describe,
            symmetry: self.symmetry,
            tally: self.tally,
            lookahead: self.lookahead,
            removal_events: self.removal_events,
            canonical: self.canonical,
            restrict: self.restrict.clone(),
            bound: self.bound,
            orbits: self.orbits,
        }
    }
}

impl<V> Default for Config<V> {
    fn default() -> Self {
        Config {
            node_limit: u64::MAX,
            cancel: None,
            shared: None,
            describe: None,
            symmetry: true,
            tally: false,
            lookahead: 0,
            removal_events: false,
            canonical: false,
            restrict: None,
            bound: None,
            orbits: false,
        }
    }
}

/// Where an enumeration stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    /// Nothing searched yet.
    Ready,
    /// The loop is under way at frame `st.depth`.
    Searching,
    /// A solution is assigned at frame `st.depth`; it is undone when the
    /// search resumes.
    AtSolution,
    /// The complete assignment of a model without variables was reported.
    AtLeaf,
    /// Over, every step undone.
    Finished,
}

/// How far a unit's prefix reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reached {
    /// Assigned, with variables left to search below it.
    Open,
    /// Assigned and complete: its solution is counted.
    Closed,
    /// Not part of the tree (or pruned by an observer): nothing below.
    Out,
}

/// One search of a model.
pub(crate) struct Engine<'m, V, C: Set<V>> {
    /// The model's slot for its checkers.
    checkers: &'m mut Slot<C>,
    pub(crate) st: State<'m, V>,
    pub(super) store: Store,
    /// Per variable, its candidates at the root: the model's, or those of
    /// [`Config::restrict`].
    initial: Vec<u64>,
    /// The fixed-array frames' value table (up to 64 variables).
    values: Option<Box<Values<'m, V>>>,
    progress: Progress,
    pub(crate) stop: Option<StopReason>,
    /// The walk's assigned prefix: frames `0..path` hold unit values and
    /// the assignments they implied.
    pub(super) path: usize,
    /// Frames `0..entered` are filled.
    entered: usize,
    /// The walk's prefix, its path and what it owns (see [`Pins`]); the
    /// loop holds it while it assigns a prefix.
    pins: Pins,
    /// Whether the loop last ran lean (its frames, not the slots, then hold
    /// the assignment of a solution it returns).
    lean_run: bool,
    /// The model's mark that a checker panicked.
    poisoned: &'m mut bool,
}

impl<'m, V, C: Set<V>> Engine<'m, V, C> {
    pub(crate) fn new(model: &'m mut Model<V, C>, config: &Config<V>) -> Self {
        let Model {
            table,
            checkers,
            watch,
            options,
            poisoned,
        } = model;
        let table = &**table;
        let budget = Budget::new(
            config.node_limit,
            config.cancel.clone(),
            config.shared.clone(),
        );
        let initial = match &config.restrict {
            Some(masks) => table
                .initial
                .iter()
                .zip(masks.iter())
                .map(|(a, b)| a & b)
                .collect(),
            _ => table.initial.clone(),
        };
        let mut st = State::new(
            table,
            &initial,
            options,
            watch,
            checkers.get().len(),
            budget,
        );
        st.audit.describe = config.describe;
        st.plan.lookahead = config.lookahead;
        st.plan.propagating = watch.any_narrowing() || config.lookahead > 0;
        st.plan.exact_sizes = st.plan.propagating
            && (config.lookahead == ALL
                || (watch.skips_filters && watch.filtering.iter().all(Vec::is_empty)));
        if config.removal_events {
            st.live.removals = Some(Vec::new());
        }
        st.plan.canonical =
            config.canonical && (options.group.is_some() || options.interchangeable.is_some());
        let n = table.len();
        Engine {
            checkers,
            st,
            store: Store::new(n, table.words),
            initial,
            values: None,
            progress: Progress::Ready,
            stop: None,
            path: 0,
            entered: 0,
            pins: Pins::new(n),
            lean_run: false,
            poisoned,
        }
    }

    /// Whether the model is poisoned; if so, the search is over before it
    /// starts.
    pub(super) fn unusable(&mut self) -> bool {
        match crate::model::gate(*self.poisoned) {
            Ok(()) => false,
            Err(poisoned) => {
                self.progress = Progress::Finished;
                self.stop = Some(poisoned.into());
                true
            }
        }
    }

    /// Whether the lean loop serves observer `O`.
    fn lean<O: Observer<V>>(&self) -> bool {
        !O::EVENTS
            && !O::TALLY
            && self.st.probe.is_none()
            && self.st.pins.is_none()
            && self.st.plan.w == 1
            && self.st.plan.declared
            && !self.st.plan.watch.any_narrowing()
            && self.st.plan.lookahead != ALL
            && self.st.audit.describe.is_none()
            && self.st.plan.options.value_order.is_none()
            && !self.st.plan.canonical
    }

    /// Runs the loop from frame `st.depth` until it is done, finds a
    /// solution (unless counting) or must stop, refilling the budget.
    pub(super) fn run_loop<O: Observer<V>, const COUNT: bool>(&mut self, observer: &mut O) -> Exit {
        let lean = self.lean::<O>();
        self.lean_run = lean;
        let n = self.st.plan.n;
        if lean && n <= 64 && self.values.is_none() {
            self.values = Some(value_table(self.st.plan.table));
        }
        loop {
            let look = self.st.plan.lookahead > 0;
            let exit = if lean {
                match (self.values.as_deref(), look) {
                    (Some(values), false) => run_in_arrays::<V, C, COUNT, false>(
                        self.checkers,
                        &mut self.store,
                        values,
                        &self.initial,
                        &mut self.st,
                    ),
                    (Some(values), true) => run_in_arrays::<V, C, COUNT, true>(
                        self.checkers,
                        &mut self.store,
                        values,
                        &self.initial,
                        &mut self.st,
                    ),
                    (None, false) => {
                        let (checkers, mut frames, st) = self.parts();
                        run::<V, C, O, _, true, COUNT, true, false>(
                            checkers,
                            &mut frames,
                            st,
                            observer,
                        )
                    }
                    (None, true) => {
                        let (checkers, mut frames, st) = self.parts();
                        run::<V, C, O, _, true, COUNT, true, true>(
                            checkers,
                            &mut frames,
                            st,
                            observer,
                        )
                    }
                }
            } else {
                let (checkers, mut frames, st) = self.parts();
                if st.plan.w == 1 {
                    run::<V, C, O, _, true, COUNT, false, false>(
                        checkers,
                        &mut frames,
                        st,
                        observer,
                    )
                } else {
                    run::<V, C, O, _, false, COUNT, false, false>(
                        checkers,
                        &mut frames,
                        st,
                        observer,
                    )
                }
            };
            match exit {
                Exit::Budget => {
                    if let Err(reason) = self.st.counts.budget.refill() {
                        return Exit::Stop(reason);
                    }
                }
                other => return other,
            }
        }
    }

    /// The checkers, the frames and the state, borrowed apart.
    pub(super) fn parts(&mut self) -> (&mut C, SliceFrames<'_, 'm, V>, &mut State<'m, V>) {
        let table = self.st.plan.table;
        (
            self.checkers.get_mut(),
            SliceFrames {
                store: &mut self.store,
                initial: &self.initial,
                domains: &table.domains,
            },
            &mut self.st,
        )
    }

    /// Fills frame `d` with variable `var` (`None`: the one the variable
    /// order picks) and its candidates. In cross-check mode a disagreement
    /// found there is left in `st.audit.disagreement`.
    pub(super) fn enter<O: Observer<V>>(&mut self, d: usize, var: Option<usize>) {
        let (checkers, mut frames, st) = self.parts();
        let var = match var {
            Some(var) => var,
            None if st.plan.declared => step::declared_next(st, d),
            None => enter::pick(&*checkers, &mut frames, st, d),
        };
        if st.plan.w == 1 {
            enter::enter::<V, C, _, O, true>(&*checkers, &mut frames, st, d, var);
        } else {
            enter::enter::<V, C, _, O, false>(&*checkers, &mut frames, st, d, var);
        }
        self.entered = d + 1;
    }

    /// Undoes the step of frame `d`, reporting it when `events`.
    pub(super) fn undo_frame<O: Observer<V>>(
        &mut self,
        d: usize,
        observer: &mut O,
        events: bool,
    ) -> Control {
        let (checkers, mut frames, st) = self.parts();
        step::undo_reported(checkers, &mut frames, st, observer, d, events && O::EVENTS)
    }

    /// Undoes the frames of the walk's prefix (and those a probe took
    /// below it), last first, without events.
    pub(super) fn unwind_path(&mut self) {
        let mut none = crate::observe::NoObserver;
        while self.path > 0 {
            self.path -= 1;
            let _ = self.undo_frame(self.path, &mut none, false);
        }
        self.entered = 0;
        self.pins.path.clear();
    }

    /// Ends the search: undoes every assigned frame, last first.
    pub(crate) fn finish(&mut self, reason: StopReason) {
        if self.progress == Progress::Finished {
            return;
        }
        let top = match self.progress {
            Progress::AtSolution => self.st.depth + 1,
            Progress::Searching => self.st.depth.max(self.path),
            _ => self.path,
        };
        let mut none = crate::observe::NoObserver;
        for d in (0..top).rev() {
            let _ = self.undo_frame(d, &mut none, false);
        }
        self.path = 0;
        self.entered = 0;
        self.pins.path.clear();
        self.st.counts.budget.flush();
        self.progress = Progress::Finished;
        self.stop = Some(reason);
    }

    /// The outcome so far, with `value`.
    pub(crate) fn outcome<T>(&self, value: T) -> Outcome<T> {
        Outcome {
            value,
            stats: self.stats(),
            stop: self.stop.clone().unwrap_or(StopReason::Completed),
        }
    }

    pub(crate) fn stats(&self) -> Stats {
        self.st.stats(self.checkers.get())
    }

    /// The weighted count so far.
    pub(crate) fn count(&self) -> u128 {
        self.st.counts.count
    }

    /// The disagreement cross-check mode found when a frame was entered, as
    /// the stop reason.
    pub(super) fn disagreed(&mut self) -> Result<(), StopReason> {
        match self.st.take_found() {
            Some(found) => Err(found),
            None => Ok(()),
        }
    }

    /// Runs the narrowing of the root: `Ok(false)` when it finds no
    /// solution, the disagreement cross-check mode found there as an error.
    pub(super) fn root(&mut self) -> Result<bool, StopReason> {
        let reached = propagate::root(
            self.checkers.get_mut(),
            &mut Narrowing {
                plan: &self.st.plan,
                live: &mut self.st.live,
                audit: &mut self.st.audit,
            },
        )
        .is_ok();
        self.disagreed()?;
        Ok(reached)
    }

    /// The name of variable `var`.
    pub(super) fn name(&self, var: usize) -> &str {
        &self.st.plan.table.names[var]
    }

    /// The first checker (by name) whose `check` rejects the complete
    /// assignment `indices` (a domain index per variable), if any.
    pub(super) fn rejecting(&self, indices: &[u32]) -> Option<&str> {
        let assignment = crate::assignment::Assignment::new(self.st.plan.table, indices);
        let checkers = self.checkers.get();
        (0..checkers.len())
            .find(|&k| !checkers.check_one(k, &assignment))
            .map(|k| checkers.name(k))
    }

    /// The whole assignment of a model without variables, or of a complete
    /// prefix with no step to judge: whether every checker accepts it.
    pub(super) fn complete_is_solution(&self) -> bool {
        let assignment = self.st.assignment();
        let checkers = self.checkers.get();
        (0..checkers.len()).all(|k| checkers.check_one(k, &assignment))
    }

    /// Counts the solutions below each unit in turn (weighted), keeping the
    /// prefix the next unit shares assigned. Prefix nodes and the frames
    /// they lead to count only where this walk owns them: all of them
    /// when `shared` is `None`; otherwise the first unit shares its first
    /// `shared` values with units counted elsewhere, whose nodes (and the
    /// frames above and at the point they part) are theirs. `done(stats, i,
    /// count)` is called as unit `i` completes. Stops at the first stop reason.
    pub(crate) fn walk_reporting<O: Observer<V>>(
        &mut self,
        units: &[Unit],
        shared: Option<usize>,
        observer: &mut O,
        done: &mut impl FnMut(Stats, usize, u128),
    ) {
        let n = self.st.plan.n;
        if self.unusable() {
            return;
        }
        if !O::EVENTS {
            self.st.live.removals = None;
        }
        match self.root() {
            Ok(true) => {}
            Ok(false) => return self.finish(StopReason::Completed),
            Err(reason) => return self.finish(reason),
        }
        // The first prefix node this walk counts, for the current unit.
        let mut own_from = shared.unwrap_or(0);
        let mut own_root = shared.is_none();
        for (i, unit) in units.iter().enumerate() {
            let before = self.st.counts.count;
            if super::unit::misfit(self.st.plan.table, &unit.prefix).is_some() {
                // Not part of the tree: it counts 0, and the walk stays
                // where it is for the next unit.
                done(self.stats(), i, 0);
                continue;
            }
            let prefix = &unit.prefix[..];
            let common = self
                .pins
                .path
                .iter()
                .zip(prefix)
                .take_while(|((a, _), b)| a == *b)
                .count();
            if i > 0 {
                own_from = common;
                own_root = false;
            }
            // Back up to the shared part.
            self.pins.path.truncate(common);
            let keep = self.pins.path.last().map_or(0, |&(_, frames)| frames);
            if self.back_up(keep, own_from, observer) == Control::Stop {
                return self.finish(StopReason::Stopped);
            }
            self.st.counts.weight = u128::from(unit.weight);
            match self.descend(prefix, own_from, own_root, observer) {
                Ok(Reached::Open) => {}
                Ok(Reached::Closed | Reached::Out) => {
                    done(self.stats(), i, self.st.counts.count - before);
                    continue;
                }
                Err(reason) => return self.finish(reason),
            }
            // Below the prefix: the loop.
            let len = prefix.len();
            let f = self.path;
            if f < n {
                if self.pins.owns_frame(len) {
                    self.enter::<O>(f, None);
                } else {
                    self.enter::<crate::observe::NoObserver>(f, None);
                }
                if let Err(reason) = self.disagreed() {
                    return self.finish(reason);
                }
                self.st.base = f;
                self.st.depth = f;
                self.progress = Progress::Searching;
                let exit = self.run_loop::<O, true>(observer);
                match exit {
                    Exit::Done => {
                        self.progress = Progress::Ready;
                        self.entered = f;
                    }
                    Exit::Stop(reason) => return self.finish(reason),
                    Exit::Solution | Exit::Budget | Exit::Prefix => {
                        unreachable!("counting runs to the end, unpinned")
                    }
                }
            }
            done(self.stats(), i, self.st.counts.count - before);
        }
        if self.back_up(0, own_from, observer) == Control::Stop
            || self.entered > 0 && self.report_rest(0, observer) == Control::Stop
        {
            return self.finish(StopReason::Stopped);
        }
        self.finish(StopReason::Completed);
    }

    /// Backs the walk up to its first `keep` frames: reports the rest of
    /// each frame entered above the path, and undoes each step (reporting
    /// those the walk owns: from prefix position `own_from` on).
    fn back_up<O: Observer<V>>(
        &mut self,
        keep: usize,
        own_from: usize,
        observer: &mut O,
    ) -> Control {
        while self.path > keep {
            if self.entered > self.path {
                if self.report_rest(self.path, observer) == Control::Stop {
                    return Control::Stop;
                }
                self.entered = self.path;
            }
            self.path -= 1;
            let owned = self.pins.frame_pos[self.path] >= own_from;
            if self.undo_frame(self.path, observer, owned) == Control::Stop {
                return Control::Stop;
            }
        }
        Control::Continue
    }

    /// Reports the rejections of frame `d` not yet reported.
    fn report_rest<O: Observer<V>>(&mut self, d: usize, observer: &mut O) -> Control {
        if !O::EVENTS {
            return Control::Continue;
        }
        let var = self.store.var_at[d] as usize;
        report::report(
            self.checkers.get(),
            &mut self.st,
            observer,
            d,
            var,
            usize::MAX,
        )
    }

    /// Assigns the rest of `prefix` (its positions after those on the walk's
    /// path) from frame `self.path` on: the loop takes its values under
    /// the pins (see [`Pins`]), with the nodes, events and budget the walk
    /// owns (steps from position `own_from` on, and the root frame when
    /// `own_root`). A prefix that completes a solution is counted there.
    pub(super) fn descend<O: Observer<V>>(
        &mut self,
        prefix: &[u32],
        own_from: usize,
        own_root: bool,
        observer: &mut O,
    ) -> Result<Reached, StopReason> {
        let n = self.st.plan.n;
        let f = self.path;
        self.pins.start(prefix, own_from, own_root);
        match self.pins.next(&self.st.live.slots, f) {
            Next::Out => return Ok(Reached::Out),
            Next::Complete if f < n => return Ok(Reached::Open),
            // Complete, with no step of its own to judge it.
            Next::Complete => return self.complete(observer),
            Next::Pin(j) => {
                self.st.pins = Some(std::mem::take(&mut self.pins));
                if self.entered <= f {
                    self.enter::<O>(f, Some(j));
                } else if let Some(pins) = &mut self.st.pins {
                    pins.enter(f);
                }
            }
        }
        self.st.base = f;
        self.st.depth = f;
        let exit = self.disagreed().map(|()| {
            self.progress = Progress::Searching;
            self.run_loop::<O, true>(observer)
        });
        self.pins = self.st.pins.take().unwrap_or_default();
        self.progress = Progress::Ready;
        self.entered = self.entered.max(self.pins.entered);
        self.path = self.st.depth;
        match exit? {
            Exit::Prefix => {
                self.path += 1;
                Ok(Reached::Open)
            }
            Exit::Done if self.pins.closed => Ok(Reached::Closed),
            Exit::Done => Ok(Reached::Out),
            Exit::Stop(reason) => Err(reason),
            Exit::Solution | Exit::Budget => unreachable!("a prefix is counted, and refilled"),
        }
    }

    /// A prefix held whole before any step of its own: a solution when
    /// it is the model's empty assignment that every checker accepts, or
    /// any complete assignment.
    fn complete<O: Observer<V>>(&mut self, observer: &mut O) -> Result<Reached, StopReason> {
        if self.st.plan.n == 0 && !self.complete_is_solution() {
            return Ok(Reached::Out);
        }
        self.leaf(observer)?;
        Ok(Reached::Closed)
    }

    /// Counts and reports the solution that the assignment is with no step
    /// of its own to judge it (see [`node::solution`]).
    fn leaf<O: Observer<V>>(&mut self, observer: &mut O) -> Result<(), StopReason> {
        let mut tally = Tally::load(&self.st);
        let control = node::solution(self.checkers.get(), observer, &mut self.st, &mut tally);
        tally.settle(&mut self.st);
        match control? {
            Control::Stop => Err(StopReason::Stopped),
            _ => Ok(()),
        }
    }

    /// The candidates of the variable after `prefix` (in declaration
    /// order), or `None` when the prefix is not part of the tree.
    pub(crate) fn candidates_after(mut self, prefix: &[u32]) -> Option<Vec<usize>> {
        if self.unusable() || self.root() != Ok(true) {
            return None;
        }
        let mut none = crate::observe::NoObserver;
        let reached = self.descend(prefix, usize::MAX, false, &mut none);
        let var = prefix.len();
        match reached {
            // Complete: nothing after it, unless the prefix's steps
            // implied the rest of the assignment.
            Ok(Reached::Closed) if var == self.st.plan.n => return Some(Vec::new()),
            Ok(Reached::Open | Reached::Closed) => {}
            _ => return None,
        }
        let held = self.st.live.slots[var];
        if held != UNASSIGNED {
            // A step of the prefix implied it.
            return Some(vec![held as usize]);
        }
        let f = self.path;
        self.enter::<crate::observe::NoObserver>(f, Some(var));
        Some(crate::candidates::iter_bits(self.store.words(f)).collect())
    }

    /// Runs until the next solution (left assigned; returns true) or the
    /// end of the search.
    pub(crate) fn next_solution<O: Observer<V>>(&mut self, observer: &mut O) -> bool {
        match self.progress {
            Progress::Finished => return false,
            Progress::AtLeaf => {
                self.finish(StopReason::Completed);
                return false;
            }
            Progress::Ready => {
                if self.unusable() {
                    return false;
                }
                if !O::EVENTS {
                    self.st.live.removals = None;
                }
                match self.root() {
                    Ok(true) => {}
                    Ok(false) => {
                        self.finish(StopReason::Completed);
                        return false;
                    }
                    Err(reason) => {
                        self.finish(reason);
                        return false;
                    }
                }
                if self.st.plan.n == 0 {
                    if !self.complete_is_solution() {
                        self.finish(StopReason::Completed);
                        return false;
                    }
                    if let Err(reason) = self.leaf(observer) {
                        self.finish(reason);
                        return false;
                    }
                    self.progress = Progress::AtLeaf;
                    return true;
                }
                self.enter::<O>(0, None);
                if let Err(reason) = self.disagreed() {
                    self.finish(reason);
                    return false;
                }
                self.progress = Progress::Searching;
            }
            Progress::AtSolution => {
                let d = self.st.depth;
                self.progress = Progress::Searching;
                if self.undo_frame(d, observer, O::EVENTS) == Control::Stop {
                    self.finish(StopReason::Stopped);
                    return false;
                }
            }
            Progress::Searching => {}
        }
        match self.run_loop::<O, false>(observer) {
            Exit::Solution => {
                self.progress = Progress::AtSolution;
                true
            }
            Exit::Done => {
                self.finish(StopReason::Completed);
                false
            }
            Exit::Stop(reason) => {
                self.finish(reason);
                false
            }
            Exit::Budget | Exit::Prefix => unreachable!("refilled in run_loop, unpinned"),
        }
    }

    /// The current assignment (a solution, after `next_solution` said so).
    pub(crate) fn values(&self) -> Option<Vec<V>>
    where
        V: Clone,
    {
        if self.progress == Progress::AtSolution && self.lean_run {
            // The lean loop keeps no slots: read the frames.
            return Some(
                (0..self.st.plan.n)
                    .map(|d| self.st.plan.table.domains[d][self.store.idx_at[d] as usize].clone())
                    .collect(),
            );
        }
        self.st.assignment().values()
    }

    /// The current assignment's view, for `for_each` callbacks.
    pub(crate) fn with_assignment<R>(
        &mut self,
        f: impl FnOnce(&crate::Assignment<'_, V>) -> R,
    ) -> R {
        if self.progress == Progress::AtSolution && self.lean_run {
            let view = crate::assignment::Assignment::prefix(
                self.st.plan.table,
                &self.store.idx_at,
                self.st.plan.n,
            );
            return f(&view);
        }
        f(&self.st.assignment())
    }
}

impl<V, C: Set<V>> Drop for Engine<'_, V, C> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // A checker (or an observer) panicked: undoing now would call the
            // checkers again in the middle of a panic. Their states may be
            // inconsistent, so the model refuses every later search.
            *self.poisoned = true;
            return;
        }
        self.finish(StopReason::Stopped);
    }
}
