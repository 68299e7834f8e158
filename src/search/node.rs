//! The protocol of one node on the general path: take the step, count it
//! and report it (a step that stands is left for the way back to undo);
//! and the counting of solutions, for the loop and for an assignment
//! complete before any step (a model without variables).
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::Choice;
use crate::checkers::sealed::Set;
use crate::observe::{Control, Event, Observer};
use crate::outcome::StopReason;

use super::frames::Frames;
use super::state::State;
use super::{report, step};

/// What a search keeps in registers while it runs: the nodes left in the
/// budget's stretch, the solutions found (unweighted) and the deepest
/// depth reached. [`settle`](Self::settle) hands them to the state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tally {
    pub(crate) left: u64,
    pub(crate) found: u64,
    pub(crate) max_depth: usize,
}

impl Tally {
    /// The tally of a search that goes on from `st`.
    #[inline(always)]
    pub(crate) fn load<V>(st: &State<'_, V>) -> Tally {
        Tally {
            left: st.counts.budget.left,
            found: 0,
            max_depth: st.counts.max_depth,
        }
    }

    /// Hands the tally to the state: the budget, the solutions (weighted
    /// into the count) and the depth.
    #[inline(always)]
    pub(crate) fn settle<V>(self, st: &mut State<'_, V>) {
        st.counts.budget.left = self.left;
        st.counts.solutions += u128::from(self.found);
        st.counts.count += u128::from(self.found) * st.counts.weight;
        st.counts.max_depth = self.max_depth;
    }

    /// Counts the `solutions` that the last variable's candidates at
    /// depth `depth` are, at once, when the stretch has room for them as
    /// nodes: whether it did.
    #[inline(always)]
    pub(crate) fn last(&mut self, solutions: u64, depth: usize, deepest: bool) -> bool {
        if solutions > self.left {
            return false;
        }
        self.left -= solutions;
        self.found += solutions;
        if deepest {
            self.max_depth = self.max_depth.max(depth + usize::from(solutions > 0));
        }
        true
    }
}

/// What became of a step (see [`take`]).
#[derive(Debug)]
pub(crate) enum Taken {
    /// The step stands, with its implied assignments on frames up to this
    /// one.
    Stands(usize),
    /// The step wiped a domain out: it is undone, and it is not a node.
    Rejected,
    /// The node stands, with its implied assignments on frames up to this
    /// one, but the search goes no further below it: pruned (by the
    /// observer or a symmetry), or stopped by the observer. The step is
    /// left for the way back, or the end of the search, to undo.
    Stays(usize, Control),
    /// The search must stop; the step is undone (it never stood).
    Stop(StopReason),
}

/// Takes the step `choice` at frame `d`, as a node when `counted`: spends
/// it from the budget, records its depth and reports it (its assignment,
/// its removals, its implied assignments); a wipe-out is reported too.
/// Uncounted, the step is only taken (a prefix value another walk owns).
/// A step that stands is never undone here (see [`Taken::Stays`]).
/// The caller has made sure that the budget has a node left.
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "the loop's parts, borrowed apart"
)]
pub(crate) fn take<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
    tally: &mut Tally,
    d: usize,
    choice: Choice<'t, V>,
    counted: bool,
) -> Taken {
    let top = match step::step(checkers, frames, st, d, choice) {
        Ok(implied) => d + implied,
        Err(cause) => {
            if let Some(learn) = &mut st.learn {
                learn.fail(cause.checker, Some(choice.var));
            }
            if let Some(found) = st.take_found() {
                return Taken::Stop(found);
            }
            if counted
                && report::wipeout(&*checkers, st, observer, d, choice, cause) == Control::Stop
            {
                return Taken::Stop(StopReason::Stopped);
            }
            return Taken::Rejected;
        }
    };
    if let Some(learn) = &mut st.learn {
        learn.stood(choice.var);
    }
    if !counted {
        return Taken::Stands(top);
    }
    tally.left -= 1;
    tally.max_depth = tally.max_depth.max(top + 1);
    if let Some(probe) = &mut st.probe {
        probe.node();
    }
    // Some symmetry gives every solution below a smaller image: its class
    // is counted at that one.
    let by = if st.plan.canonical {
        dominated(st)
    } else {
        None
    };
    let stands = if by.is_some() {
        Taken::Stays(top, Control::Prune)
    } else {
        Taken::Stands(top)
    };
    if !O::EVENTS {
        return stands;
    }
    let mut control = match observer.observe(&Event::Assign {
        depth: d,
        choice,
        assignment: st.assignment(),
    }) {
        Control::Continue => report::report_after_step(&*checkers, frames, st, observer, (d, top)),
        control => control,
    };
    if let (Control::Continue, Some(by)) = (control, by) {
        control = report::pruned(st, observer, d, choice, by);
    }
    match control {
        Control::Continue => stands,
        control => Taken::Stays(top, control),
    }
}

/// The symmetry of the declared group (an element's index) that maps the
/// assignment to a smaller one whatever its completion, if one does.
#[cold]
fn dominated<V>(st: &mut State<'_, V>) -> Option<usize> {
    st.plan
        .options
        .group
        .as_ref()?
        .dominates(&st.live.slots, &mut st.image)
}

/// Counts the solution the assignment now is, and reports it; in
/// cross-check mode, first checks that the declared symmetries map it to
/// solutions (what it finds is the error).
#[inline(always)]
pub(crate) fn solution<V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    observer: &mut O,
    st: &mut State<'_, V>,
    tally: &mut Tally,
) -> Result<Control, StopReason> {
    if st.audit.describe.is_some() {
        let slots = st.live.slots.clone();
        super::cross_check::images(checkers, &st.plan, &mut st.audit, &slots);
        if let Some(found) = st.take_found() {
            return Err(found);
        }
    }
    tally.found += 1;
    tally.max_depth = st.plan.n;
    if let Some(learn) = &mut st.learn
        && learn.saving
    {
        learn.saved = Some(st.live.slots.clone());
    }
    Ok(report::emit(
        observer,
        &Event::Solution {
            depth: st.plan.n,
            number: st.counts.solutions + u128::from(tally.found),
            assignment: st.assignment(),
        },
    ))
}
