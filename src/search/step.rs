//! Taking a step and undoing it on the general path: the checkers' hooks,
//! narrowing, the assignments a step implies, and the variable the
//! declared order takes next.

use crate::assignment::{Choice, UNASSIGNED};
use crate::checkers::sealed::Set;
use crate::observe::{Control, Event, Observer};

use super::frames::Frames;
use super::live::IMPLIED;
use super::propagate::{Narrowing, Wipeout};
use super::state::State;

/// Takes the step `var = index` at frame `d` on the general path: the
/// checkers' `on_assign`, then narrowing and look-ahead. Each variable that
/// narrowing leaves with one value is assigned in the same step (its
/// hooks run, and its narrowing), on a frame of its own above `d` with no
/// other candidate: returns how many there are. On a wipe-out the step is
/// undone again, implied assignments and all, and the cause returned.
#[inline]
pub(crate) fn step<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    choice: Choice<'t, V>,
) -> Result<usize, Wipeout> {
    frames.set_index(d, choice.index);
    st.live.slots[choice.var] = crate::index::small(choice.index);
    st.live.kept.touch(choice.var);
    checkers.assign_all(choice, st.plan.watch);
    if !st.plan.propagating {
        return Ok(0);
    }
    let mark = st.live.kept.open();
    frames.store().mark[d] = mark;
    st.live.kept.fix(choice.var, choice.index);
    if let Err(cause) = super::propagate::run(
        checkers,
        &mut Narrowing {
            plan: &st.plan,
            live: &mut st.live,
            audit: &mut st.audit,
        },
        choice.var,
    ) {
        st.live.kept.queue.clear();
        while let Some((var, index, _)) = st.live.implied.pop() {
            unassign(checkers, st, st.choice(var as usize, index as usize));
        }
        unassign(checkers, st, choice);
        st.live.kept.restore(mark);
        // What narrowing removed belongs to no step that stands.
        if let Some(list) = &mut st.live.removals {
            list.clear();
        }
        return Err(cause);
    }
    let m = st.live.implied.len();
    if m > 0 {
        push_implied(frames, st, d);
    }
    Ok(m)
}

/// Moves the step's implied assignments onto frames `d + 1..`, each with
/// no candidate left to try and nothing to report.
#[inline(never)]
fn push_implied<'t, V, F: Frames<'t, V>>(frames: &mut F, st: &mut State<'t, V>, d: usize) {
    let m = st.live.implied.len();
    if st.plan.options.value_order.is_some() && st.ordered.len() <= d + m {
        st.ordered.resize_with(st.plan.n + 1, Vec::new);
    }
    for (i, &(var, index, checker)) in st.live.implied.iter().enumerate() {
        let f = d + 1 + i;
        st.live.implied_by[f] = checker;
        frames.set_var(f, var as usize);
        frames.set_index(f, index as usize);
        let store = frames.store();
        store.mark[f] = IMPLIED;
        store.words_mut(f).fill(0);
        if let Some(cursor) = st.log.cursor.get_mut(f) {
            *cursor = u32::MAX;
        }
        if let Some(list) = st.ordered.get_mut(f) {
            list.clear();
        }
    }
    st.live.implied_frames += m;
    st.counts.implied_total += m as u64;
    st.live.implied.clear();
}

/// Undoes the step of frame `d` on the general path (an implied
/// assignment's frame: only its assignment, the step below restores the
/// kept sets).
#[inline]
pub(crate) fn undo<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) {
    let choice = st.choice(frames.var(d), frames.index(d));
    unassign(checkers, st, choice);
    if st.plan.propagating {
        let mark = frames.store().mark[d];
        if mark == IMPLIED {
            st.live.implied_frames -= 1;
        } else {
            st.live.kept.restore(mark);
        }
    }
}

/// Takes `choice` out of the assignment: the checkers' `on_unassign`, and
/// its variable's slot.
#[inline]
fn unassign<'t, V, C: Set<V>>(checkers: &mut C, st: &mut State<'t, V>, choice: Choice<'t, V>) {
    checkers.unassign_all(choice, st.plan.watch);
    st.live.slots[choice.var] = UNASSIGNED;
    st.live.kept.touch(choice.var);
}

/// Undoes the step of frame `d` ([`undo`]), and reports it when `events`.
pub(crate) fn undo_reported<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
    d: usize,
    events: bool,
) -> Control {
    let choice = st.choice(frames.var(d), frames.index(d));
    undo(checkers, frames, st, d);
    if !events {
        return Control::Continue;
    }
    observer.observe(&Event::Unassign {
        depth: d,
        choice,
        assignment: st.assignment(),
    })
}

/// The variable the declared order enters at frame `d`: variable `d`,
/// unless an implied assignment took a variable out of turn, then the
/// lowest one unassigned.
#[inline]
pub(crate) fn declared_next<V>(st: &State<'_, V>, d: usize) -> usize {
    if st.live.implied_frames == 0 {
        return d;
    }
    st.live
        .slots
        .iter()
        .position(|&s| s == UNASSIGNED)
        .unwrap_or(d)
}
