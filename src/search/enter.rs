//! Entering a frame on the general path: the variable to take (the
//! variable order) and its candidates (the kept set, filtered by every
//! checker, checked in cross-check mode, ordered by the value order).

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::{Candidates, iter_bits};
use crate::checkers::sealed::Set;
use crate::model::Branch;
use crate::observe::Observer;

use super::frames::Frames;
use super::smallest::{Keys, Smallest};
use super::state::{NO_CHECKER, State, exact};

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
        if O::EVENTS {
            let size = st.table.domains[var].len();
            if st.stride < size || st.marks.len() < (st.n + 1) * st.stride {
                st.stride = st.stride.max(size);
                st.marks = vec![NO_CHECKER; (st.n + 1) * st.stride];
                st.cursor = vec![0; st.n + 1];
            }
            st.cursor[d] = 0;
        }
        // With events: who rejected each index, from the words before each
        // checker's filter.
        let mut marking = O::EVENTS.then(|| {
            let marks = &mut st.marks[d * st.stride..(d + 1) * st.stride];
            marks.fill(NO_CHECKER);
            st.before.clear();
            st.before.extend_from_slice(dst);
            (marks, &mut st.before)
        });
        let rejections = &mut st.rejections;
        checkers.filter_each(
            &assignment,
            var,
            &mut Candidates::new(dst),
            st.watch,
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
            _ => checkers.filter_all_word(&assignment, var, dst[0], st.watch),
        };
    } else {
        checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.watch);
    }
    if st.describe.is_some() {
        super::cross_check::frame(checkers, st, var);
    }
    if st.canonical
        && let Some(values) = &st.options.interchangeable
        && values.has(var)
    {
        // Interchangeable values: one class, one branch.
        values.allowed(&st.slots, &mut st.allowed);
        for (word, &mask) in frames.store().words_mut(d).iter_mut().zip(&st.allowed) {
            *word &= mask;
        }
    }
    if let Some(order) = &st.options.value_order {
        let mut list: Vec<usize> = iter_bits(frames.store().words(d)).collect();
        order(&Assignment::new(st.table, &st.slots), var, &mut list);
        if st.ordered.len() <= st.n {
            st.ordered.resize_with(st.n + 1, Vec::new);
        }
        st.ordered[d] = list.iter().rev().map(|&i| crate::index::small(i)).collect();
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
    // (rank, degree, var)
    let mut best: Option<(u64, u32, usize)> = None;
    let assignment = Assignment::new(st.table, &st.slots);
    let branch = st.options.branch.as_deref();
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

/// What smallest-domain-first compares of `var`'s set of `size`
/// candidates: its class (`branch`, [`ModelBuilder::branch_first`](crate::ModelBuilder::branch_first)
/// and [`branch_last`](crate::ModelBuilder::branch_last)), then the size;
/// an empty set first of all.
#[inline]
pub(super) fn rank(branch: Option<&[Branch]>, var: usize, size: u32) -> u64 {
    let class = match branch {
        Some(branch) if size > 0 => branch[var] as u64,
        _ => Branch::First as u64,
    };
    class << 32 | u64::from(size)
}

/// [`pick`] when every set is one word, filtered in a register: the picked
/// variable, with its filtered set unless its kept set was exact already
/// (then [`fill`] reads the kept set as usual).
fn pick_one_word<V, C: Set<V>>(checkers: &C, st: &State<'_, V>) -> Option<(usize, Option<u64>)> {
    let assignment = Assignment::new(st.table, &st.slots);
    // (rank, degree, var, set)
    let mut best: Option<(u64, u32, usize, Option<u64>)> = None;
    let branch = st.options.branch.as_deref();
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
    let keys = Keys {
        size: &st.kept.size,
        degrees: &st.options.degrees,
        branch: st.options.branch.as_deref(),
        slots: &st.slots,
    };
    if let Some(tree) = &mut st.smallest {
        for &var in &st.kept.touched {
            tree.update(var as usize, &keys);
        }
    } else {
        st.smallest = Some(Smallest::new(st.n, &keys));
        st.kept.track();
    }
    st.kept.untouch_all();
    st.smallest.as_ref().and_then(Smallest::best).unwrap_or(0)
}
