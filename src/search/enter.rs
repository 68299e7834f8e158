//! Entering a frame on the general path: the variable to take (the
//! variable order) and its candidates (the kept set, filtered by every
//! checker, checked in cross-check mode, ordered by the value order).

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::{Candidates, iter_bits};
use crate::checkers::sealed::Set;
use crate::domains::Kept;
use crate::observe::{NoObserver, Observer};

use super::frames::Frames;
use super::log::NO_CHECKER;
use super::plan::Plan;
use super::smallest::{Keys, Smallest, rank};
use super::state::State;

/// Fills frame `d` with the candidates of `var` on the general path: its
/// kept set, filtered by every checker (counting rejections, and recording
/// who rejected what for events), checked in cross-check mode, cut by the
/// interchangeable-values rule when one solution per class is searched,
/// and ordered by the value-order hook. Returns the set when it is one word.
pub(crate) fn fill<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>, const ONE: bool>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    var: usize,
) -> u64 {
    let assignment = Assignment::new(st.plan.table, &st.live.slots);
    let picked = st.picked.take();
    let dst = frames.store().words_mut(d);
    if ONE {
        dst[0] = st.live.kept.sets.words[var];
    } else {
        dst.copy_from_slice(st.live.kept.of(var));
    }
    if O::TALLY || O::EVENTS {
        st.counts.tallied = true;
        let mut before: u64 = dst.iter().map(|x| u64::from(x.count_ones())).sum();
        if O::EVENTS {
            let size = st.plan.table.domains[var].len();
            if st.log.stride < size || st.log.marks.len() < (st.plan.n + 1) * st.log.stride {
                st.log.stride = st.log.stride.max(size);
                st.log.marks = vec![NO_CHECKER; (st.plan.n + 1) * st.log.stride];
                st.log.cursor = vec![0; st.plan.n + 1];
            }
            st.log.cursor[d] = 0;
        }
        // With events: who rejected each index, from the words before each
        // checker's filter.
        let mut marking = O::EVENTS.then(|| {
            let marks = &mut st.log.marks[d * st.log.stride..(d + 1) * st.log.stride];
            marks.fill(NO_CHECKER);
            st.log.before.clear();
            st.log.before.extend_from_slice(dst);
            (marks, &mut st.log.before)
        });
        let rejections = &mut st.counts.rejections;
        checkers.filter_each(
            &assignment,
            var,
            &mut Candidates::new(dst),
            st.plan.watch,
            &mut |k, c| {
                if let Some((marks, prev)) = &mut marking {
                    for (wi, (p, now)) in prev.iter_mut().zip(c.words()).enumerate() {
                        for bit in iter_bits(&[*p & !now]) {
                            marks[wi * 64 + bit] = crate::index::small(k);
                        }
                        *p = *now;
                    }
                }
                let after = c.len() as u64;
                rejections[k] += before - after;
                before = after;
            },
        );
    } else if ONE {
        dst[0] = match picked {
            // Smallest-domain-first filtered this very set to pick it.
            Some((picked, word)) if picked == var => word,
            _ => checkers.filter_all_word(&assignment, var, dst[0], st.plan.watch),
        };
    } else {
        checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.plan.watch);
    }
    if st.audit.describe.is_some() {
        super::cross_check::frame(checkers, &st.plan, &st.live, &mut st.audit, var);
    }
    if st.plan.canonical
        && let Some(values) = &st.plan.options.interchangeable
        && values.has(var)
    {
        // Interchangeable values: one class, one branch.
        values.allowed(&st.live.slots, &mut st.allowed);
        for (word, &mask) in frames.store().words_mut(d).iter_mut().zip(&st.allowed) {
            *word &= mask;
        }
    }
    if let Some(probe) = &mut st.probe {
        probe.pick(frames.store().words_mut(d));
    }
    if let Some(order) = &st.plan.options.value_order {
        let mut list: Vec<usize> = iter_bits(frames.store().words(d)).collect();
        order(
            &Assignment::new(st.plan.table, &st.live.slots),
            var,
            &mut list,
        );
        if st.ordered.len() <= st.plan.n {
            st.ordered.resize_with(st.plan.n + 1, Vec::new);
        }
        st.ordered[d] = list.iter().rev().map(|&i| crate::index::small(i)).collect();
    }
    if ONE { frames.store().cand[d] } else { 0 }
}

/// Enters frame `d` with variable `var` and fills its candidates (see
/// [`fill`]); under a unit's pins (`var` then the prefix's next variable),
/// with the observer's events and tallies only where the walk owns the
/// frame, and with none (nothing of it to report) where a walk sharing the
/// prefix does.
pub(crate) fn enter<'t, V, C: Set<V>, F: Frames<'t, V>, O: Observer<V>, const ONE: bool>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
    var: usize,
) -> u64 {
    frames.set_var(d, var);
    let owned = st.pins.as_mut().is_none_or(|pins| {
        pins.enter(d);
        pins.owns_frame(var)
    });
    if owned {
        return fill::<V, C, F, O, ONE>(checkers, frames, st, d, var);
    }
    let word = fill::<V, C, F, NoObserver, ONE>(checkers, frames, st, d, var);
    if let Some(cursor) = st.log.cursor.get_mut(d) {
        *cursor = u32::MAX;
    }
    word
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
    if st.plan.exact_sizes {
        // Every kept set is exact: the tree knows the smallest.
        return pick_exact(st);
    }
    if st.plan.w == 1 {
        let (var, word) = pick_one_word(checkers, st).unwrap_or((0, None));
        st.picked = word.map(|word| (var, word));
        return var;
    }
    // (rank, degree, var)
    let mut best: Option<(u64, u32, usize)> = None;
    let assignment = Assignment::new(st.plan.table, &st.live.slots);
    let branch = st.plan.options.branch.as_deref();
    for var in 0..st.plan.n {
        if st.live.slots[var] != UNASSIGNED {
            continue;
        }
        let size = if st.plan.exact(var) {
            st.live.kept.sets.size[var]
        } else {
            let dst = frames.store().words_mut(d);
            dst.copy_from_slice(st.live.kept.of(var));
            checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.plan.watch);
            dst.iter().map(|x| x.count_ones()).sum::<u32>()
        };
        if size == 0 {
            return var;
        }
        let degree = st.plan.options.degrees[var];
        let rank = rank(branch, var, size);
        if beats(rank, degree, best.map(|(s, g, _)| (s, g))) {
            best = Some((rank, degree, var));
        }
    }
    best.map_or(0, |(_, _, var)| var)
}

/// Whether a set of [`rank`] `rank` whose variable has `degree` goes
/// before the best so far (`(rank, degree)`): fewer candidates, then a
/// higher degree; the lower index wins ties, as variables come in order.
#[inline]
fn beats(rank: u64, degree: u32, best: Option<(u64, u32)>) -> bool {
    best.is_none_or(|(s, g)| rank < s || (rank == s && degree > g))
}

/// [`pick`] when every set is one word, filtered in a register: the picked
/// variable, with its filtered set unless its kept set was exact already
/// (then [`fill`] reads the kept set as usual).
fn pick_one_word<V, C: Set<V>>(checkers: &C, st: &State<'_, V>) -> Option<(usize, Option<u64>)> {
    let assignment = Assignment::new(st.plan.table, &st.live.slots);
    // (rank, degree, var, set)
    let mut best: Option<(u64, u32, usize, Option<u64>)> = None;
    let branch = st.plan.options.branch.as_deref();
    let skips = st.plan.watch.skips_filters;
    // Sliced to the same length, so that indexing them needs no checks.
    let n = st.plan.n;
    let (slots, words, degrees) = (
        &st.live.slots[..n],
        &st.live.kept.sets.words[..n],
        &st.plan.options.degrees[..n],
    );
    for var in 0..n {
        if slots[var] != UNASSIGNED {
            continue;
        }
        let (kept, degree) = (words[var], degrees[var]);
        let (size, word) = if skips && st.plan.exact(var) {
            (st.live.kept.sets.size[var], None)
        } else {
            let word = checkers.filter_all_word(&assignment, var, kept, st.plan.watch);
            (word.count_ones(), Some(word))
        };
        if size == 0 {
            return Some((var, word));
        }
        let rank = rank(branch, var, size);
        if beats(rank, degree, best.map(|(s, g, _, _)| (s, g))) {
            best = Some((rank, degree, var, word));
        }
    }
    best.map(|(_, _, var, word)| (var, word))
}

/// Smallest-domain-first over exact kept sets, from the tree: the
/// smallest set, then the highest degree, then the lowest index (an empty
/// set first of all, the lowest index among empty ones), as a scan would
/// find it.
fn pick_exact<V>(st: &mut State<'_, V>) -> usize {
    if let Some(tree) = &mut st.live.smallest {
        tree.update_all(
            &st.live.kept.touched.list,
            &keys(&st.plan, &st.live.kept, &st.live.slots),
        );
    } else {
        st.live.smallest = Some(Smallest::new(
            st.plan.n,
            &keys(&st.plan, &st.live.kept, &st.live.slots),
        ));
        st.live.kept.track();
    }
    st.live.kept.untouch_all();
    let best = st.live.smallest.as_ref().and_then(Smallest::best);
    // Every test run (a debug build) checks the tree against a scan, on
    // models small enough for a scan at every pick to cost little.
    if cfg!(debug_assertions) && st.plan.n <= 128 {
        let scanned =
            super::smallest::scan(&keys(&st.plan, &st.live.kept, &st.live.slots), st.plan.n);
        assert_eq!(best, scanned, "the tree parts from a scan");
    }
    best.unwrap_or(0)
}

/// What smallest-domain-first compares: the kept sets' sizes, the
/// variables' degrees and classes, and the assignment.
fn keys<'a, V>(plan: &'a Plan<'_, V>, kept: &'a Kept, slots: &'a [u32]) -> Keys<'a> {
    Keys {
        size: &kept.sets.size,
        degrees: &plan.options.degrees,
        branch: plan.options.branch.as_deref(),
        slots,
    }
}
