//! Telling an observer what the search did: rejections, wipe-outs,
//! removals and the assignments a step implied.

use crate::assignment::{Assignment, Choice};
use crate::checkers::sealed::Set;
use crate::observe::{Control, Event, Observer};
use crate::queue::NOBODY;

use super::frames::Frames;
use super::log::NO_CHECKER;
use super::propagate::Wipeout;
use super::state::State;

/// Reports what the step of frame `d` did beyond its assignment: the
/// values its narrowing removed, then the assignments it implied (frames
/// `d + 1..=top`). Only `Stop` counts here.
pub(crate) fn report_after_step<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>>(
    checkers: &C,
    frames: &F,
    st: &mut State<'t, V>,
    observer: &mut O,
    (d, top): (usize, usize),
) -> Control {
    if report_removals(checkers, st, observer, d) == Control::Stop {
        return Control::Stop;
    }
    for f in d + 1..=top {
        let var = frames.var(f);
        let checker = Some(st.live.implied_by[f] as usize).filter(|&k| k != NOBODY as usize);
        let answer = observer.observe(&Event::Implied {
            depth: f,
            choice: st.choice(var, frames.index(f)),
            checker,
            checker_name: checker.map(|k| checkers.name(k)),
            assignment: st.assignment(),
        });
        if answer == Control::Stop {
            return Control::Stop;
        }
    }
    // `Prune` means something only after an `Assign`.
    Control::Continue
}

/// Reports the rejected domain indices of frame `d` (variable `var`) from
/// the cursor up to `upto`.
pub(crate) fn report<V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &mut State<'_, V>,
    observer: &mut O,
    d: usize,
    var: usize,
    upto: usize,
) -> Control {
    if st.log.cursor.len() <= d {
        return Control::Continue;
    }
    let from = st.log.cursor[d] as usize;
    let mut answer = Control::Continue;
    for index in from..upto.min(st.log.stride) {
        let k = st.log.marks[d * st.log.stride + index];
        if k == NO_CHECKER {
            continue;
        }
        answer = answer.max(observer.observe(&Event::Reject {
            depth: d,
            choice: st.choice(var, index),
            checker: k as usize,
            checker_name: checkers.name(k as usize),
            assignment: Assignment::new(st.plan.table, &st.live.slots),
        }));
        if answer == Control::Stop {
            break;
        }
    }
    st.log.cursor[d] = st.log.cursor[d].max(u32::try_from(upto).unwrap_or(u32::MAX));
    answer
}

/// Records a wipe-out: the tally and the event.
pub(crate) fn wipeout<'t, V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &mut State<'t, V>,
    observer: &mut O,
    d: usize,
    choice: Choice<'t, V>,
    cause: Wipeout,
) -> Control {
    if O::TALLY || O::EVENTS {
        st.counts.tallied = true;
        if let Some(k) = cause.checker {
            st.counts.rejections[k] += 1;
        }
    }
    if !O::EVENTS {
        return Control::Continue;
    }
    observer.observe(&Event::Wipeout {
        depth: d,
        choice,
        checker: cause.checker,
        checker_name: cause.checker.map(|k| checkers.name(k)),
        var: cause.var,
        assignment: Assignment::new(st.plan.table, &st.live.slots),
    })
}

/// Reports that the declared symmetry `by` (an element of the group)
/// prunes the step of frame `d`, just assigned.
#[cold]
pub(crate) fn pruned<V, O: Observer<V>>(
    st: &State<'_, V>,
    observer: &mut O,
    d: usize,
    choice: Choice<'_, V>,
    by: usize,
) -> Control {
    let symmetry = st
        .plan
        .options
        .group
        .as_ref()
        .map_or("", |group| group.names[by].as_str());
    observer.observe(&Event::Pruned {
        depth: d,
        choice,
        symmetry,
        assignment: Assignment::new(st.plan.table, &st.live.slots),
    })
}

/// Reports an assignment, a solution or an unassignment.
pub(crate) fn emit<V, O: Observer<V>>(observer: &mut O, event: &Event<'_, V>) -> Control {
    if O::EVENTS {
        observer.observe(event)
    } else {
        Control::Continue
    }
}

/// Reports the removals narrowing made for the step just assigned at depth
/// `d` (and forgets them).
#[inline]
pub(crate) fn report_removals<V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &mut State<'_, V>,
    observer: &mut O,
    d: usize,
) -> Control {
    match st.live.removals.as_mut() {
        Some(list) if !list.is_empty() => {
            let found = std::mem::take(list);
            report_each_removal(checkers, st, observer, d, found)
        }
        _ => Control::Continue,
    }
}

/// [`report_removals`] of the removals `found`, out of line.
#[inline(never)]
fn report_each_removal<V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &State<'_, V>,
    observer: &mut O,
    d: usize,
    found: Vec<(u32, u32, u32)>,
) -> Control {
    let mut answer = Control::Continue;
    for (var, index, k) in found {
        answer = answer.max(observer.observe(&Event::Removed {
            depth: d + 1,
            choice: st.choice(var as usize, index as usize),
            checker: k as usize,
            checker_name: checkers.name(k as usize),
            assignment: Assignment::new(st.plan.table, &st.live.slots),
        }));
        if answer == Control::Stop {
            break;
        }
    }
    answer
}
