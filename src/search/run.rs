//! The node loop: the one place where the search takes steps, goes down
//! and comes back.
//!
//! One loop serves every kind of search. Its constant parameters select,
//! at compile time, what it must do at each node:
//!
//! - `ONE`: candidate sets are one machine word, kept in a register for the
//!   current frame;
//! - `COUNT`: counting to the end (no stop at solutions), which allows the
//!   last-variable shortcut: the candidates of the last variable are its
//!   solutions, counted with a popcount instead of visited;
//! - `LEAN`: the plain case (one-word sets, declared order, no observer
//!   events or tallies, no value order, no narrowing, no cross-check): the
//!   frames are fixed arrays, and boxed checkers get their undo, step and
//!   filter in one call;
//! - `LOOK`: on the lean path, look-ahead is on (the general path decides
//!   it at run time);
//! - `PIN`: on the general path, a unit's prefix is being assigned under
//!   its pins (see [`pin`](super::pin)): each frame offers the prefix's
//!   value, the steps of a prefix another walk owns are not nodes, and the
//!   loop stops at the first frame with nothing left or below the prefix.
//!   Its own instance ([`run`] picks it), so that the free search pays
//!   nothing for it.
//!
//! Everything else (variable orders, narrowing, observers) is decided at
//! run time, on the general path (`LEAN = false`).
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::{Assignment, Choice};
use crate::checkers::sealed::Set;
use crate::observe::{Control, Observer};
use crate::outcome::StopReason;

use crate::observe::NoObserver;
use crate::slot::Slot;

use super::frames::{ArrayFrames, Frames, Store, Values};
use super::node::{self, Taken, Tally};
use super::state::State;
use super::{branch, enter, pin, report, step};

/// Why the loop returned.
#[derive(Debug)]
pub(crate) enum Exit {
    /// Frame `base` is exhausted: the subtree is searched.
    Done,
    /// A solution is assigned at frame `depth` (enumeration only).
    Solution,
    /// The budget's stretch is spent before frame `depth`'s next step.
    Budget,
    /// The search must stop (frame `depth`'s step is not assigned).
    Stop(StopReason),
    /// Under a unit's pins, the prefix is assigned, its last step at frame
    /// `depth`: the free search below it is the walk's to start.
    Prefix,
    /// The restarts' budget of failures is spent: frames below `depth`
    /// hold steps that stand, frame `depth` has no step standing, and every
    /// candidate a frame no longer holds was refuted (for frames above
    /// `depth`, but their step).
    Restart,
}

/// The step `index` of the variable of frame `d`.
#[inline(always)]
fn choice_at<'t, V: 't, F: Frames<'t, V>>(frames: &F, d: usize, index: usize) -> Choice<'t, V> {
    let var = frames.var(d);
    Choice {
        var,
        index,
        value: frames.value(var, index),
    }
}

/// The next untried candidate of frame `d` (the current one-word set is in
/// `c`), lowest index first, or in the value-order hook's order; under
/// pins, the pinned value.
#[inline(always)]
fn take<'t, V, F: Frames<'t, V>, const ONE: bool, const LEAN: bool>(
    c: &mut u64,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    pinned: bool,
) -> Option<usize> {
    if !LEAN && pinned {
        return take_pinned::<V, F, ONE>(*c, frames, st, d);
    }
    if !LEAN && st.plan.ordered {
        return st.ordered[d].pop().map(|i| i as usize);
    }
    if ONE {
        if *c == 0 {
            return None;
        }
        let index = c.trailing_zeros() as usize;
        *c &= *c - 1;
        return Some(index);
    }
    for (wi, word) in frames.store().words_mut(d).iter_mut().enumerate() {
        if *word != 0 {
            let bit = word.trailing_zeros() as usize;
            *word &= *word - 1;
            return Some(wi * 64 + bit);
        }
    }
    None
}

/// The loop's take under pins: the pinned value of frame `d`'s variable,
/// if its candidates (`c`, when one word) hold it and it was not taken.
#[inline(never)]
fn take_pinned<'t, V, F: Frames<'t, V>, const ONE: bool>(
    c: u64,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) -> Option<usize> {
    let pins = st.pins.as_mut()?;
    let j = frames.var(d);
    let words = frames.store().words(d);
    pins.take(j, |index| {
        if ONE {
            index < 64 && c & (1 << index) != 0
        } else {
            crate::candidates::has_bit(words, index)
        }
    })
}

/// Records the step of frame `d` (variable `var`) that stands, its implied
/// assignments on frames up to `top`.
#[inline(always)]
fn stood<V>(st: &mut State<'_, V>, d: usize, var: usize, top: usize) {
    if let Some(pins) = &mut st.pins {
        pins.stood(var, d, top);
    }
}

/// Puts back a candidate [`take`] (or, `pinned`, [`take_pinned`]) gave.
#[inline(always)]
fn untake<'t, V, F: Frames<'t, V>, const ONE: bool, const LEAN: bool>(
    c: &mut u64,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    index: usize,
    pinned: bool,
) {
    if pinned {
        if let Some(pins) = &mut st.pins {
            pins.untake();
        }
    } else if !LEAN && st.plan.ordered {
        st.ordered[d].push(crate::index::small(index));
    } else if ONE {
        *c |= 1 << index;
    } else {
        frames.store().words_mut(d)[index / 64] |= 1 << (index % 64);
    }
}

/// Whether look-ahead lets the step at frame `d` stand on the lean path:
/// the next variable's candidates `word` and those of the `k - 1` after it
/// (filtered, not kept) are not empty.
#[inline(always)]
fn lean_look_ahead<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &C,
    frames: &F,
    st: &State<'t, V>,
    d: usize,
    word: u64,
) -> bool {
    if word == 0 {
        return false;
    }
    let last = (d + st.plan.lookahead).min(st.plan.n - 1);
    let assignment = Assignment::prefix(st.plan.table, frames.indices(), d + 1);
    (d + 2..=last).all(|var| {
        checkers.filter_all_word(&assignment, var, frames.initial(var), st.plan.watch) != 0
    })
}

/// The index a frame holds until it takes a step (counting on the lean
/// path only).
const UNSTEPPED: usize = u32::MAX as usize;

/// The deepest depth the steps of frames `first..n` reached since they were
/// all set [`UNSTEPPED`]: one past the deepest frame that took a step (or
/// 0). Each step at frame `d` reaches depth `d + 1`, and a frame takes a
/// step before any frame below it does, so this is the deepest depth
/// reached, but for solutions (depth `n`), which the caller adds. The
/// frames that never took a step get index 0 back.
fn deepest_stepped<'t, V, F: Frames<'t, V>>(frames: &mut F, first: usize, n: usize) -> usize {
    let mut deepest = 0;
    for dd in (first..n).rev() {
        if frames.index(dd) != UNSTEPPED {
            deepest = dd + 1;
            break;
        }
        frames.set_index(dd, 0);
    }
    deepest
}

/// [`run`] on the lean path over fixed-array frames, which live on this
/// function's own stack for the loop, as do the checkers (see [`Slot`]).
#[inline(never)]
pub(crate) fn run_in_arrays<'t, V, C: Set<V>, const COUNT: bool, const LOOK: bool>(
    slot: &mut Slot<C>,
    store: &mut Store,
    values: &Values<'t, V>,
    initial: &[u64],
    st: &mut State<'t, V>,
) -> Exit {
    let n = st.plan.n;
    let mut frames = ArrayFrames::load(store, values, initial, n);
    let mut local = slot.lend();
    let exit = body::<V, C, NoObserver, _, true, COUNT, true, LOOK, false>(
        local.get_mut(),
        &mut frames,
        st,
        &mut NoObserver,
    );
    drop(local);
    frames.unload(n);
    exit
}

/// Searches from frame `st.depth` (whose candidates are filled) until the
/// subtree below frame `st.base` is done, a solution is found (unless
/// counting), the budget's stretch is spent, or the search must stop.
#[inline(never)]
pub(crate) fn run<
    't,
    V,
    C,
    O,
    F,
    const ONE: bool,
    const COUNT: bool,
    const LEAN: bool,
    const LOOK: bool,
>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
) -> Exit
where
    V: 't,
    C: Set<V>,
    O: Observer<V>,
    F: Frames<'t, V>,
{
    if !LEAN && COUNT && st.pins.is_some() {
        return run_pinned::<V, C, O, F, ONE>(checkers, frames, st, observer);
    }
    body::<V, C, O, F, ONE, COUNT, LEAN, LOOK, false>(checkers, frames, st, observer)
}

/// [`run`] under a unit's pins (see [`pin`]): its own instance of the
/// loop, so that the free search pays nothing for them.
#[inline(never)]
#[cold]
fn run_pinned<'t, V, C, O, F, const ONE: bool>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
) -> Exit
where
    V: 't,
    C: Set<V>,
    O: Observer<V>,
    F: Frames<'t, V>,
{
    body::<V, C, O, F, ONE, true, false, false, true>(checkers, frames, st, observer)
}

/// The loop itself, for [`run`] and [`run_in_arrays`].
#[inline(always)]
#[expect(
    clippy::too_many_lines,
    reason = "the node loop in one function, so that its counters and the current frame's candidates stay in registers"
)]
fn body<
    't,
    V,
    C,
    O,
    F,
    const ONE: bool,
    const COUNT: bool,
    const LEAN: bool,
    const LOOK: bool,
    const PIN: bool,
>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
) -> Exit
where
    V: 't,
    C: Set<V>,
    O: Observer<V>,
    F: Frames<'t, V>,
{
    let n = st.plan.n;
    let base = st.base;
    let watch = st.plan.watch;
    let table = st.plan.table;
    let events = !LEAN && O::EVENTS;
    let ordered = !LEAN && st.plan.ordered;
    // Restarts are due only after a failure, on the general path.
    let restarting =
        !LEAN && !COUNT && !PIN && st.learn.as_ref().is_some_and(|l| l.restarts.is_some());
    // With deferred undos (boxed checkers on the lean path), whether frame
    // `d`'s value is still assigned: its undo waits for the frame's next
    // value, so that undo, assignment and the next variable's filter reach
    // each checker in one (virtual) call. Each checker still sees its own
    // hooks last in first out; only calls to different checkers interleave.
    let defer = LEAN && C::DEFER_UNDO;
    let mut held = false;
    let mut d = st.depth;
    // The current frame's candidates stay in a register; the frames hold
    // those of the frames below.
    let mut c = if ONE { frames.word(d) } else { 0 };
    let mut t = Tally::load(st);
    // Under a unit's pins (see [`pin`]), each frame offers one value, and
    // the loop stops at the first frame with nothing left.
    let pinned = !LEAN && PIN;
    // Counting on the lean path, the deepest depth reached is read off the
    // frames after the loop (see [`deepest_stepped`]) rather than kept at
    // every node: one register less in the hottest loop.
    let scan = LEAN && COUNT && !LOOK;
    let first = st.depth;
    if scan {
        (first..n).for_each(|dd| frames.set_index(dd, UNSTEPPED));
    }
    let exit = loop {
        let Some(index) = take::<V, F, ONE, LEAN>(&mut c, frames, st, d, pinned) else {
            // Frame d is exhausted.
            if pinned {
                // The walk reports the rest of it, and undoes the steps.
                break Exit::Done;
            }
            if defer && held {
                held = false;
                checkers.unassign_all(choice_at(frames, d, frames.index(d)), watch);
            }
            if events
                && !ordered
                && report::report(&*checkers, st, observer, d, frames.var(d), usize::MAX)
                    == Control::Stop
            {
                break Exit::Stop(StopReason::Stopped);
            }
            if d == base {
                break Exit::Done;
            }
            d -= 1;
            if defer {
                held = true;
            } else if LEAN {
                checkers.unassign_all(choice_at(frames, d, frames.index(d)), watch);
            } else if step::undo_reported(checkers, frames, st, observer, d, events)
                == Control::Stop
            {
                break Exit::Stop(StopReason::Stopped);
            }
            if ONE {
                c = frames.word(d);
            }
            // The step just undone was refuted: a restart may come here.
            if restarting && st.learn.as_ref().is_some_and(|l| l.restart_due()) {
                break Exit::Restart;
            }
            continue;
        };
        // Under pins, the steps of a prefix another walk owns are not nodes.
        let owned = !pinned || st.pins.as_ref().is_some_and(|p| p.owns_step(frames.var(d)));
        if events
            && (!ordered || pinned)
            && report::report(&*checkers, st, observer, d, frames.var(d), index) == Control::Stop
        {
            untake::<V, F, ONE, LEAN>(&mut c, frames, st, d, index, pinned);
            break Exit::Stop(StopReason::Stopped);
        }
        if t.left == 0 && owned {
            untake::<V, F, ONE, LEAN>(&mut c, frames, st, d, index, pinned);
            if defer && held {
                checkers.unassign_all(choice_at(frames, d, frames.index(d)), watch);
            }
            break Exit::Budget;
        }
        let next = d + 1;
        if LEAN {
            // The lean path: assign, filter the next variable, look ahead.
            // Without look-ahead every step is a node.
            if !LOOK {
                t.left -= 1;
            }
            let undo = (defer && held).then(|| choice_at(frames, d, frames.index(d)));
            frames.set_index(d, index);
            let choice = choice_at(frames, d, index);
            if next == n {
                if let Some(undo) = undo {
                    checkers.unassign_all(undo, watch);
                }
                checkers.assign_all(choice, watch);
                if LOOK {
                    t.left -= 1;
                }
                t.found += 1;
                if !scan {
                    t.max_depth = n;
                }
                if !COUNT {
                    break Exit::Solution;
                }
                if defer {
                    held = true;
                } else {
                    checkers.unassign_all(choice, watch);
                }
                continue;
            }
            let word = if defer {
                held = true;
                checkers.advance(
                    undo.as_ref(),
                    &choice,
                    &Assignment::prefix(table, frames.indices(), next),
                    next,
                    frames.initial(next),
                    watch,
                )
            } else {
                checkers.assign_all(choice, watch);
                checkers.filter_all_word(
                    &Assignment::prefix(table, frames.indices(), next),
                    next,
                    frames.initial(next),
                    watch,
                )
            };
            if LOOK && !lean_look_ahead(&*checkers, frames, st, d, word) {
                // Rejected, not a node: go down into an empty frame, so
                // that the way back undoes the step as for any other.
                frames.set_word(d, c);
                d = next;
                held = false;
                c = 0;
                continue;
            }
            if LOOK {
                t.left -= 1;
            }
            if COUNT && next + 1 == n && t.last(u64::from(word.count_ones()), next, !scan) {
                if !defer {
                    checkers.unassign_all(choice, watch);
                }
                continue;
            }
            frames.set_word(d, c);
            d = next;
            held = false;
            if !scan {
                t.max_depth = t.max_depth.max(d);
            }
            c = word;
            continue;
        }
        // The general path. A step's implied assignments take frames
        // `d + 1..=top`, and are undone with it.
        let choice = choice_at(frames, d, index);
        let taken = node::take(checkers, frames, st, observer, &mut t, d, choice, owned);
        if pinned && let Taken::Stands(top) | Taken::Stays(top, _) = taken {
            stood(st, d, choice.var, top);
        }
        let top = match taken {
            Taken::Stands(top) => top,
            Taken::Rejected => {
                if restarting && st.learn.as_ref().is_some_and(|l| l.restart_due()) {
                    break Exit::Restart;
                }
                continue;
            }
            Taken::Stays(top, control) => {
                d = stay::<V, F, ONE>(frames, st, d, top, &mut c);
                if control == Control::Stop {
                    break Exit::Stop(StopReason::Stopped);
                }
                continue;
            }
            Taken::Stop(reason) => break Exit::Stop(reason),
        };
        match below::<V, C, O, F, ONE, COUNT, PIN>(checkers, frames, st, observer, &mut t, top) {
            Below::Enter(word) => {
                if ONE {
                    frames.set_word(d, c);
                    c = word;
                }
                d = top + 1;
            }
            paused @ (Below::Solution | Below::Prefix) => {
                // Paused at the solution (or below a unit's prefix): the
                // top frame is the one to undo when the search resumes.
                if ONE && top > d {
                    frames.set_word(d, c);
                    c = 0;
                }
                d = top;
                break match paused {
                    Below::Prefix => Exit::Prefix,
                    _ => Exit::Solution,
                };
            }
            Below::Counted => d = stay::<V, F, ONE>(frames, st, d, top, &mut c),
            Below::Stop(reason) => {
                d = stay::<V, F, ONE>(frames, st, d, top, &mut c);
                break Exit::Stop(reason);
            }
        }
    };
    if ONE {
        frames.set_word(d, c);
    }
    if scan {
        t.max_depth = t.max_depth.max(deepest_stepped(frames, first, n));
        if t.found > 0 {
            t.max_depth = n;
        }
    }
    st.depth = d;
    t.settle(st);
    exit
}

/// Leaves the step of frame `d` standing, its implied assignments on
/// frames up to `top`, with nothing below it to search (counted, pruned,
/// or the search stops): frame `d` keeps its untried candidates (`c`), and
/// the loop goes on at frame `top + 1`, emptied, whose way back undoes the
/// step and its implied assignments as for any other step, or, when the
/// search stops, the end of the search does. Returns `top + 1`.
#[inline(always)]
fn stay<'t, V, F: Frames<'t, V>, const ONE: bool>(
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    top: usize,
    c: &mut u64,
) -> usize {
    let next = top + 1;
    if ONE {
        frames.set_word(d, *c);
        *c = 0;
    } else {
        frames.store().words_mut(next).fill(0);
    }
    // Nothing of it to report, nothing of it to try, nothing it refuted.
    if let Some(learn) = &mut st.learn {
        learn.entry_mut(next, st.plan.w).fill(0);
    }
    if let Some(cursor) = st.log.cursor.get_mut(next) {
        *cursor = u32::MAX;
    }
    if let Some(list) = st.ordered.get_mut(next) {
        list.clear();
    }
    next
}

/// What comes after a step that stands on the general path.
enum Below {
    /// The next frame is entered, with these one-word candidates.
    Enter(u64),
    /// The assignment is a solution, and the search pauses at it.
    Solution,
    /// Everything below the step is counted (or, under pins, the prefix
    /// is not part of the tree).
    Counted,
    /// Under pins, the prefix is assigned.
    Prefix,
    /// The search must stop.
    Stop(StopReason),
}

/// Goes on below a step that stands, its implied assignments on frames up
/// to `top`: counts the solution it completes, or enters the next frame
/// (and counts the last variable's candidates at once when it may).
#[inline(always)]
fn below<'t, V, C, O, F, const ONE: bool, const COUNT: bool, const PIN: bool>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
    t: &mut Tally,
    top: usize,
) -> Below
where
    V: 't,
    C: Set<V>,
    O: Observer<V>,
    F: Frames<'t, V>,
{
    let next = top + 1;
    // Under pins: the prefix's next variable, once the values implied so
    // far agree with it.
    let pinned = match &mut st.pins {
        Some(pins) if PIN => match pins.next(&st.live.slots, next) {
            pin::Next::Pin(j) => Some(j),
            pin::Next::Complete if next < st.plan.n => return Below::Prefix,
            pin::Next::Complete => None,
            pin::Next::Out => return Below::Counted,
        },
        _ => None,
    };
    if next == st.plan.n {
        if PIN && let Some(pins) = &mut st.pins {
            pins.closed = true;
        }
        return match node::solution(&*checkers, observer, st, t) {
            Err(found) => Below::Stop(found),
            Ok(Control::Stop) => Below::Stop(StopReason::Stopped),
            Ok(_) if COUNT => Below::Counted,
            Ok(_) => Below::Solution,
        };
    }
    let var = if let Some(j) = pinned {
        j
    } else {
        branch::next_var(&*checkers, frames, st, next)
    };
    if O::EVENTS
        && let Some(var) = st.learn.as_mut().and_then(|l| l.lc_pending.take())
        && report::emit(
            observer,
            &crate::observe::Event::LastConflict {
                depth: next,
                var,
                assignment: st.assignment(),
            },
        ) == Control::Stop
    {
        return Below::Stop(StopReason::Stopped);
    }
    let word = if PIN {
        enter::enter::<V, C, F, O, ONE>(&*checkers, frames, st, next, var)
    } else {
        frames.set_var(next, var);
        enter::fill::<V, C, F, O, ONE>(&*checkers, frames, st, next, var)
    };
    if let Some(found) = st.take_found() {
        return Below::Stop(found);
    }
    // With a value order, rejections are reported up front.
    if O::EVENTS
        && st.plan.ordered
        && !PIN
        && report::report(&*checkers, st, observer, next, var, usize::MAX) == Control::Stop
    {
        return Below::Stop(StopReason::Stopped);
    }
    if COUNT && !O::EVENTS && !st.plan.propagating && next + 1 == st.plan.n && !PIN {
        let solutions = frames
            .store()
            .words(next)
            .iter()
            .map(|x| u64::from(x.count_ones()));
        if t.last(solutions.sum(), next, true) {
            return Below::Counted;
        }
    }
    Below::Enter(word)
}
