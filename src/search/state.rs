//! What the search loop works on besides its frames and the checkers, and
//! the steps it is made of: taking a step, undoing it, entering a frame,
//! reporting events.

use std::time::Instant;

use crate::assignment::{Assignment, Choice, Table, UNASSIGNED};
use crate::candidates::{Candidates, iter_bits};
use crate::checkers::Watch;
use crate::checkers::sealed::Set;
use crate::domains::{Kept, NOBODY};
use crate::model::Options;
use crate::observe::{Control, Event, Observer};
use crate::outcome::{Disagreement, Stats};

use super::budget::Budget;
use super::frames::Frames;
use super::smallest::{Keys, Smallest};

/// Marks a domain index no checker rejected.
const NO_CHECKER: u32 = u32::MAX;

/// Look-ahead over every unassigned variable (full forward checking).
pub(crate) const ALL: usize = usize::MAX;

/// The trail mark of a frame that holds an implied assignment: its step's
/// frame below it restores the kept sets for both.
pub(crate) const IMPLIED: u32 = u32::MAX;

/// The search's state outside the frames and the checkers.
pub(crate) struct State<'t, V> {
    pub(crate) table: &'t Table<V>,
    pub(crate) options: &'t Options<V>,
    pub(crate) watch: &'t Watch,
    pub(crate) n: usize,
    pub(crate) w: usize,
    /// Frames below `base` hold a fixed prefix (a work unit's).
    pub(crate) base: usize,
    /// The current frame.
    pub(crate) depth: usize,
    /// Declared order: frame `d` holds variable `d`.
    pub(crate) declared: bool,
    /// Per variable, its index or `UNASSIGNED` (the general path keeps it).
    pub(crate) slots: Vec<u32>,
    /// The variables' kept candidate sets, and their trail.
    pub(crate) kept: Kept,
    /// Look-ahead: the number of variables after each step whose candidates
    /// must not run out (`ALL`: every unassigned one, kept narrowed).
    pub(crate) lookahead: usize,
    /// Some checker narrows, or look-ahead keeps narrowed sets: the general
    /// path saves candidate sets on the trail.
    pub(crate) propagating: bool,
    /// The assignments a step's narrowing implied so far, in order, as
    /// `(var, index, checker)` (the checker whose narrowing left the one
    /// value, or `NOBODY`), until the step moves them onto frames.
    pub(crate) implied: Vec<(u32, u32, u32)>,
    /// Per frame of an implied assignment, its checker (as in `implied`).
    pub(crate) implied_by: Vec<u32>,
    /// Narrowing: the variables left with one value, unassigned, as they
    /// came off the queue (with the checker that changed them last), to
    /// be implied at the fixpoint.
    pub(crate) singles: Vec<(u32, u32)>,
    /// Frames above the step frames that hold implied assignments now.
    pub(crate) implied_live: usize,
    /// Implied assignments made by the steps taken.
    pub(crate) implied_total: u64,
    /// Every variable's kept set is exactly its promising values (forward
    /// checking, or narrowing that leaves nothing to filter): their sizes
    /// are what smallest-domain-first compares.
    pub(crate) exact_sizes: bool,
    /// With exact sizes and smallest-domain-first: the tree that picks the
    /// next variable (built at the first pick).
    pub(crate) smallest: Option<Smallest>,
    pub(crate) budget: Budget,
    /// Solutions visited.
    pub(crate) solutions: u128,
    /// Solutions counted, weighted.
    pub(crate) count: u128,
    /// The weight of a solution in the current unit.
    pub(crate) weight: u128,
    pub(crate) max_depth: usize,
    pub(crate) rejections: Vec<u64>,
    /// Whether rejections were counted.
    pub(crate) tallied: bool,
    /// Events: per frame, the checker that rejected each domain index
    /// (`stride` entries a frame), and the next index not yet reported.
    marks: Vec<u32>,
    stride: usize,
    cursor: Vec<u32>,
    /// Events: the candidate words before the current checker filtered,
    /// kept between nodes so that filtering allocates nothing.
    before: Vec<u64>,
    /// The variable smallest-domain-first last picked by filtering one-word
    /// sets, with its filtered set, for [`fill`] to use instead of
    /// filtering it again.
    picked: Option<(usize, u64)>,
    /// With a value-order hook: per frame, the untried candidates, last first.
    pub(crate) ordered: Vec<Vec<u32>>,
    /// When removal events are asked for: the values narrowing removed
    /// since the last step was reported, as `(var, index, checker)`.
    pub(crate) removals: Option<Vec<(u32, u32, u32)>>,
    /// Cross-check mode: how to show a value.
    pub(crate) describe: Option<fn(&V) -> String>,
    /// What cross-check mode found.
    pub(crate) disagreement: Option<Disagreement>,
    pub(crate) started: Instant,
}

/// Why a step was rejected after its assignment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wipeout {
    /// The checker that emptied a set (`None`: the set had no candidate
    /// to begin with).
    pub(crate) checker: Option<usize>,
    pub(crate) var: Option<usize>,
}

impl<'t, V> State<'t, V> {
    pub(crate) fn new(
        table: &'t Table<V>,
        options: &'t Options<V>,
        watch: &'t Watch,
        checkers: usize,
        budget: Budget,
    ) -> Self {
        let n = table.len();
        State {
            table,
            options,
            watch,
            n,
            w: table.words,
            base: 0,
            depth: 0,
            declared: options.order == crate::model::VariableOrder::Declared,
            slots: vec![UNASSIGNED; n],
            kept: Kept::new(&table.initial, n, table.words, &watch.wake_on_change),
            lookahead: 0,
            propagating: false,
            implied: Vec::new(),
            implied_by: vec![NOBODY; n + 1],
            singles: Vec::new(),
            implied_live: 0,
            implied_total: 0,
            exact_sizes: false,
            smallest: None,
            budget,
            solutions: 0,
            count: 0,
            weight: 1,
            max_depth: 0,
            rejections: vec![0; checkers],
            tallied: false,
            marks: Vec::new(),
            stride: 0,
            cursor: Vec::new(),
            before: Vec::new(),
            picked: None,
            ordered: Vec::new(),
            removals: None,
            describe: None,
            disagreement: None,
            started: Instant::now(),
        }
    }

    /// The current assignment, from the slots.
    #[inline]
    pub(crate) fn assignment(&self) -> Assignment<'_, V> {
        Assignment::new(self.table, &self.slots)
    }

    /// The statistics so far.
    pub(crate) fn stats<C: Set<V>>(&self, checkers: &C) -> Stats {
        Stats {
            nodes: self.budget.used(),
            implied: self.implied_total,
            solutions: self.solutions,
            max_depth: self.max_depth,
            rejections: self.tallied.then(|| {
                (0..checkers.len())
                    .map(|k| (checkers.name(k).to_owned(), self.rejections[k]))
                    .collect()
            }),
            elapsed: self.started.elapsed(),
        }
    }

    /// A choice of `var`.
    #[inline(always)]
    pub(crate) fn choice(&self, var: usize, index: usize) -> Choice<'t, V> {
        Choice {
            var,
            index,
            value: &self.table.domains[var][index],
        }
    }
}

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
    st.slots[choice.var] = choice.index as u32;
    st.kept.touch(choice.var);
    checkers.assign_all(choice, st.watch);
    if !st.propagating {
        return Ok(0);
    }
    let mark = st.kept.open();
    frames.store().mark[d] = mark;
    st.kept.fix(choice.var, choice.index);
    if let Err(cause) = super::propagate::run(checkers, st, choice.var) {
        st.kept.clear_queue();
        let implied = std::mem::take(&mut st.implied);
        for &(var, index, _) in implied.iter().rev() {
            let var = var as usize;
            checkers.unassign_all(st.choice(var, index as usize), st.watch);
            st.slots[var] = UNASSIGNED;
            st.kept.touch(var);
        }
        st.implied = implied;
        st.implied.clear();
        checkers.unassign_all(choice, st.watch);
        st.kept.restore(mark);
        st.slots[choice.var] = UNASSIGNED;
        st.kept.touch(choice.var);
        return Err(cause);
    }
    let m = st.implied.len();
    if m > 0 {
        push_implied(frames, st, d);
    }
    Ok(m)
}

/// Moves the step's implied assignments onto frames `d + 1..`, each with
/// no candidate left to try and nothing to report.
#[inline(never)]
fn push_implied<'t, V, F: Frames<'t, V>>(frames: &mut F, st: &mut State<'t, V>, d: usize) {
    let m = st.implied.len();
    if st.options.value_order.is_some() && st.ordered.len() <= d + m {
        st.ordered.resize_with(st.n + 1, Vec::new);
    }
    for (i, &(var, index, checker)) in st.implied.iter().enumerate() {
        let f = d + 1 + i;
        st.implied_by[f] = checker;
        frames.set_var(f, var as usize);
        frames.set_index(f, index as usize);
        let store = frames.store();
        store.mark[f] = IMPLIED;
        store.words_mut(f).fill(0);
        if let Some(cursor) = st.cursor.get_mut(f) {
            *cursor = u32::MAX;
        }
        if let Some(list) = st.ordered.get_mut(f) {
            list.clear();
        }
    }
    st.implied_live += m;
    st.implied_total += m as u64;
    st.implied.clear();
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
    checkers.unassign_all(choice, st.watch);
    if st.propagating {
        let mark = frames.store().mark[d];
        if mark == IMPLIED {
            st.implied_live -= 1;
        } else {
            st.kept.restore(mark);
        }
    }
    st.slots[choice.var] = UNASSIGNED;
    st.kept.touch(choice.var);
}

/// Undoes the steps of frames `top` down to `d` (a step and the
/// assignments it implied), reporting each when `events`.
pub(crate) fn undo_group<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>>(
    checkers: &mut C,
    frames: &mut F,
    st: &mut State<'t, V>,
    observer: &mut O,
    (d, top): (usize, usize),
    events: bool,
) -> Control {
    let mut answer = Control::Continue;
    for f in (d..=top).rev() {
        let choice = st.choice(frames.var(f), frames.index(f));
        undo(checkers, frames, st, f);
        if events && answer != Control::Stop {
            answer = observer.observe(&Event::Unassign {
                depth: f,
                choice,
                assignment: st.assignment(),
            });
        }
    }
    answer
}

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
        let checker = Some(st.implied_by[f] as usize).filter(|&k| k != NOBODY as usize);
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

/// The variable the declared order enters at frame `d`: variable `d`,
/// unless an implied assignment took a variable out of turn, then the
/// lowest one unassigned.
#[inline]
pub(crate) fn declared_next<V>(st: &State<'_, V>, d: usize) -> usize {
    if st.implied_live == 0 {
        return d;
    }
    st.slots.iter().position(|&s| s == UNASSIGNED).unwrap_or(d)
}

/// Fills frame `d` with the candidates of `var` on the general path: its
/// kept set, filtered by every checker (counting rejections, and recording
/// who rejected what for events), checked in cross-check mode, and ordered
/// by the value-order hook. Returns the set when it is one word.
pub(crate) fn fill<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>, const ONE: bool>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    var: usize,
) -> u64 {
    let assignment = Assignment::new(st.table, &st.slots);
    let picked = st.picked.take();
    let dst = frames.store().words_mut(d);
    if ONE {
        dst[0] = st.kept.words[var];
    } else {
        dst.copy_from_slice(st.kept.of(var));
    }
    if O::TALLY || O::EVENTS {
        st.tallied = true;
        let mut before: u64 = dst.iter().map(|x| u64::from(x.count_ones())).sum();
        let rejections = &mut st.rejections;
        if O::EVENTS {
            let size = st.table.domains[var].len();
            if st.stride < size || st.marks.len() < (st.n + 1) * st.stride {
                st.stride = st.stride.max(size);
                st.marks = vec![NO_CHECKER; (st.n + 1) * st.stride];
                st.cursor = vec![0; st.n + 1];
            }
            let marks = &mut st.marks[d * st.stride..(d + 1) * st.stride];
            marks.fill(NO_CHECKER);
            let prev = &mut st.before;
            prev.clear();
            prev.extend_from_slice(dst);
            checkers.filter_each(
                &assignment,
                var,
                &mut Candidates::new(dst),
                st.watch,
                &mut |k, c| {
                    for (wi, (p, now)) in prev.iter_mut().zip(c.words()).enumerate() {
                        for bit in iter_bits(&[*p & !now]) {
                            marks[wi * 64 + bit] = k as u32;
                        }
                        *p = *now;
                    }
                    let after = c.len() as u64;
                    rejections[k] += before - after;
                    before = after;
                },
            );
            st.cursor[d] = 0;
        } else {
            checkers.filter_each(
                &assignment,
                var,
                &mut Candidates::new(dst),
                st.watch,
                &mut |k, c| {
                    let after = c.len() as u64;
                    rejections[k] += before - after;
                    before = after;
                },
            );
        }
    } else if ONE {
        dst[0] = match picked {
            // Smallest-domain-first filtered this very set to pick it.
            Some((picked, word)) if picked == var => word,
            _ => checkers.filter_all_word(&assignment, var, dst[0], st.watch),
        };
    } else {
        checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.watch);
    }
    if st.describe.is_some() {
        super::cross_check::frame(checkers, st, var);
    }
    if let Some(order) = &st.options.value_order {
        let mut list: Vec<usize> = iter_bits(frames.store().words(d)).collect();
        order(&Assignment::new(st.table, &st.slots), var, &mut list);
        if st.ordered.len() <= st.n {
            st.ordered.resize_with(st.n + 1, Vec::new);
        }
        st.ordered[d] = list.iter().rev().map(|&i| i as u32).collect();
    }
    if ONE { frames.store().cand[d] } else { 0 }
}

/// Smallest-domain-first: the unassigned variable with the fewest
/// candidates (ties: higher degree, then lower index), picked for frame
/// `d`, whose words it uses as scratch. A variable with no candidate is
/// picked at once.
pub(crate) fn pick<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) -> usize {
    st.picked = None;
    if st.exact_sizes {
        // Every kept set is exact: the tree knows the smallest.
        return pick_exact(st);
    }
    if st.w == 1 {
        let (var, word) = pick_one_word(checkers, st).unwrap_or((0, None));
        st.picked = word.map(|word| (var, word));
        return var;
    }
    // (size, degree, var)
    let mut best: Option<(u32, u32, usize)> = None;
    let assignment = Assignment::new(st.table, &st.slots);
    for var in 0..st.n {
        if st.slots[var] != UNASSIGNED {
            continue;
        }
        let size = if exact(st, var) {
            st.kept.size[var]
        } else {
            let dst = frames.store().words_mut(d);
            dst.copy_from_slice(st.kept.of(var));
            checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.watch);
            dst.iter().map(|x| x.count_ones()).sum::<u32>()
        };
        if size == 0 {
            return var;
        }
        let degree = st.options.degrees[var];
        if beats(size, degree, best.map(|(s, g, _)| (s, g))) {
            best = Some((size, degree, var));
        }
    }
    best.map_or(0, |(_, _, var)| var)
}

/// Whether the kept set of `var` is exactly its candidates: narrowing that
/// leaves nothing for a filter keeps it so.
#[inline]
pub(crate) fn exact<V>(st: &State<'_, V>, var: usize) -> bool {
    st.watch.skips_filters && st.watch.filtering[var].is_empty()
}

/// Whether a set of `size` candidates whose variable has `degree` goes
/// before the best so far (`(size, degree)`): fewer candidates, then a
/// higher degree; the lower index wins ties, as variables come in order.
#[inline]
fn beats(size: u32, degree: u32, best: Option<(u32, u32)>) -> bool {
    best.is_none_or(|(s, g)| size < s || (size == s && degree > g))
}

/// [`pick`] when every set is one word, filtered in a register: the picked
/// variable, with its filtered set unless its kept set was exact already
/// (then [`fill`] reads the kept set as usual).
fn pick_one_word<V, C: Set<V>>(checkers: &C, st: &State<'_, V>) -> Option<(usize, Option<u64>)> {
    let assignment = Assignment::new(st.table, &st.slots);
    // (size, degree, var, set)
    let mut best: Option<(u32, u32, usize, Option<u64>)> = None;
    let skips = st.watch.skips_filters;
    // Sliced to the same length, so that indexing them needs no checks.
    let n = st.n;
    let (slots, words, degrees) = (
        &st.slots[..n],
        &st.kept.words[..n],
        &st.options.degrees[..n],
    );
    for var in 0..n {
        if slots[var] != UNASSIGNED {
            continue;
        }
        let (kept, degree) = (words[var], degrees[var]);
        let (size, word) = if skips && exact(st, var) {
            (st.kept.size[var], None)
        } else {
            let word = checkers.filter_all_word(&assignment, var, kept, st.watch);
            (word.count_ones(), Some(word))
        };
        if size == 0 {
            return Some((var, word));
        }
        if beats(size, degree, best.map(|(s, g, _, _)| (s, g))) {
            best = Some((size, degree, var, word));
        }
    }
    best.map(|(_, _, var, word)| (var, word))
}

/// Smallest-domain-first over exact kept sets, from the tree: the
/// smallest set, then the highest degree, then the lowest index (an empty
/// set first of all, the lowest index among empty ones), as a scan would
/// find it.
fn pick_exact<V>(st: &mut State<'_, V>) -> usize {
    let keys = Keys {
        size: &st.kept.size,
        degrees: &st.options.degrees,
        slots: &st.slots,
    };
    match &mut st.smallest {
        Some(tree) => {
            for &var in &st.kept.touched {
                tree.update(var as usize, &keys);
            }
        }
        None => {
            st.smallest = Some(Smallest::new(st.n, &keys));
            st.kept.track();
        }
    }
    st.kept.untouch_all();
    st.smallest.as_ref().and_then(Smallest::best).unwrap_or(0)
}

/// Reports the rejected domain indices of frame `d` (variable `var`) from
/// the cursor up to `upto`.
pub(crate) fn report<'t, V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &mut State<'t, V>,
    observer: &mut O,
    d: usize,
    var: usize,
    upto: usize,
) -> Control {
    if st.cursor.len() <= d {
        return Control::Continue;
    }
    let from = st.cursor[d] as usize;
    let mut answer = Control::Continue;
    for index in from..upto.min(st.stride) {
        let k = st.marks[d * st.stride + index];
        if k == NO_CHECKER {
            continue;
        }
        answer = answer.max(observer.observe(&Event::Reject {
            depth: d,
            choice: st.choice(var, index),
            checker: k as usize,
            checker_name: checkers.name(k as usize),
            assignment: Assignment::new(st.table, &st.slots),
        }));
        if answer == Control::Stop {
            break;
        }
    }
    st.cursor[d] = st.cursor[d].max(upto as u32);
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
        st.tallied = true;
        if let Some(k) = cause.checker {
            st.rejections[k] += 1;
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
        assignment: Assignment::new(st.table, &st.slots),
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
pub(crate) fn report_removals<'t, V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &mut State<'t, V>,
    observer: &mut O,
    d: usize,
) -> Control {
    match st.removals.as_mut() {
        Some(list) if !list.is_empty() => {
            let found = std::mem::take(list);
            report_each_removal(checkers, st, observer, d, found)
        }
        _ => Control::Continue,
    }
}

/// [`report_removals`] of the removals `found`, out of line.
#[inline(never)]
fn report_each_removal<'t, V, C: Set<V>, O: Observer<V>>(
    checkers: &C,
    st: &State<'t, V>,
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
            assignment: Assignment::new(st.table, &st.slots),
        }));
        if answer == Control::Stop {
            break;
        }
    }
    answer
}
