//! The branching seam: which variable the search enters next. The loop
//! and the walk ask [`next_var`] at every frame they enter; declared order
//! and smallest-domain-first, the weighted degrees (dom/wdeg and conflict
//! history) and a strategy of the user's own
//! ([`SelectVariable`](super::strategy::SelectVariable)) are its arms, and
//! last conflict goes before each of them when it is on.

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::Candidates;
use crate::checkers::sealed::Set;

use super::frames::Frames;
use super::state::State;
use super::strategy::{BranchView, Pick};
use super::{enter, step};

/// The variable the search enters at frame `d`: the one seam through
/// which the loop and the walk pick (declared order, smallest-domain-first,
/// weighted degree, a strategy of the user's own), with last conflict
/// before any of them when it is on.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "on the search's hot path: the declared arm must cost what the test it replaces did"
)]
pub(crate) fn next_var<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) -> usize {
    if st.plan.declared {
        return step::declared_next(st, d);
    }
    other(checkers, frames, st, d)
}

/// [`next_var`] for every order but the plain declared one.
#[inline(never)]
fn other<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) -> usize {
    if let Some(var) = st.learn.as_ref().and_then(|l| l.conflict)
        && st.live.slots[var] == UNASSIGNED
    {
        st.picked = None;
        if let Some(learn) = &mut st.learn {
            learn.lc_picks += 1;
            learn.lc_pending = Some(var);
        }
        return var;
    }
    match st.plan.pick {
        Pick::Declared => {
            st.picked = None;
            first_unassigned(&st.live.slots).unwrap_or(d)
        }
        Pick::Smallest => enter::pick(checkers, frames, st, d),
        Pick::Weighted | Pick::Custom => weighted(checkers, frames, st, d),
    }
}

/// The lowest unassigned variable.
fn first_unassigned(slots: &[u32]) -> Option<usize> {
    slots.iter().position(|&s| s == UNASSIGNED)
}

/// The weighted arms (dom/wdeg, conflict history) and a strategy of the
/// user's own: every unassigned variable's size and weighted degree, then
/// the pick.
fn weighted<'t, V, C: Set<V>, F: Frames<'t, V>>(
    checkers: &C,
    frames: &mut F,
    st: &mut State<'t, V>,
    d: usize,
) -> usize {
    st.picked = None;
    let n = st.plan.n;
    let Some(learn) = st.learn.as_mut() else {
        return first_unassigned(&st.live.slots).unwrap_or(d);
    };
    let mut sizes = std::mem::take(&mut learn.sizes);
    sizes.clear();
    sizes.resize(n, 0);
    let assignment = Assignment::new(st.plan.table, &st.live.slots);
    let mut open = 0usize;
    for (var, size) in sizes.iter_mut().enumerate() {
        if st.live.slots[var] != UNASSIGNED {
            continue;
        }
        open += 1;
        *size = if st.plan.exact(var) {
            st.live.kept.sets.size[var]
        } else if st.plan.w == 1 {
            checkers
                .filter_all_word(
                    &assignment,
                    var,
                    st.live.kept.sets.words[var],
                    st.plan.watch,
                )
                .count_ones()
        } else {
            let dst = frames.store().words_mut(d);
            dst.copy_from_slice(st.live.kept.of(var));
            checkers.filter_all(&assignment, var, &mut Candidates::new(dst), st.plan.watch);
            dst.iter().map(|x| x.count_ones()).sum::<u32>()
        };
    }
    let Some(learn) = st.learn.as_mut() else {
        unreachable!("checked above")
    };
    let weighted = learn.weighted_degrees(&st.live.slots, open);
    let var = if let Some(custom) = &st.plan.custom {
        let view = BranchView::new(&st.live.slots, &sizes, &st.plan.options.degrees, weighted);
        let var = custom.select(&view);
        assert!(
            var < n && st.live.slots[var] == UNASSIGNED,
            "SelectVariable::select returned variable {var}, which is not an unassigned variable of the model"
        );
        var
    } else {
        let delta = learn.delta();
        best_weighted(st, &sizes, delta)
    };
    if let Some(learn) = st.learn.as_mut() {
        learn.sizes = sizes;
    }
    var
}

/// The unassigned variable with the fewest candidates per unit of weighted
/// degree, within the classes of `branch_first` and `branch_last`; an empty
/// set first of all; ties to the lower index.
fn best_weighted<V>(st: &State<'_, V>, sizes: &[u32], delta: f64) -> usize {
    let Some(learn) = st.learn.as_ref() else {
        return 0;
    };
    let branch = st.plan.options.branch.as_deref();
    let mut best: Option<(u64, f64, usize)> = None;
    for (var, &size) in sizes.iter().enumerate() {
        if st.live.slots[var] != UNASSIGNED {
            continue;
        }
        if size == 0 {
            return var;
        }
        let class = super::smallest::rank(branch, var, size) >> 32;
        let score = f64::from(size) / (learn.weighted[var] + delta);
        let better = best.is_none_or(|(c, s, _)| class < c || (class == c && score < s));
        if better {
            best = Some((class, score, var));
        }
    }
    best.map_or(0, |(_, _, var)| var)
}
