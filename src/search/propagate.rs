//! Narrowing and look-ahead after a step: the narrowing checkers run until
//! nothing changes, then look-ahead filters the variables still to come.

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::Candidates;
use crate::checkers::sealed::{BOUNDS_ONLY, CHECKER, FIXED_ONLY, SETS_ONLY, Set};
use crate::domains::{Domains, NOBODY};

use super::state::{ALL, State, Wipeout, exact};

/// After the step that assigned `var` (its set already fixed and queued):
/// narrowing, then look-ahead, then narrowing again, until nothing changes.
/// A variable left with one value is assigned on the way (see [`imply`]).
pub(crate) fn run<V, C: Set<V>>(
    checkers: &mut C,
    st: &mut State<'_, V>,
    var: usize,
) -> Result<(), Wipeout> {
    narrow(checkers, st, true)?;
    if st.lookahead > 0 {
        look_ahead(checkers, st, Some(var))?;
        narrow(checkers, st, true)?;
    }
    Ok(())
}

/// Before the first step: every variable is queued for the narrowing
/// checkers, and full look-ahead filters every set once.
pub(crate) fn root<V, C: Set<V>>(checkers: &mut C, st: &mut State<'_, V>) -> Result<(), Wipeout> {
    if !st.propagating {
        return Ok(());
    }
    let result = narrow_root(checkers, st);
    if result.is_err() {
        st.kept.clear_queue();
    }
    result
}

/// The work of [`root`].
fn narrow_root<V, C: Set<V>>(checkers: &mut C, st: &mut State<'_, V>) -> Result<(), Wipeout> {
    st.kept.open();
    if st.watch.any_narrowing() {
        for var in 0..st.n {
            st.kept.queue_var(var);
        }
        narrow(checkers, st, false)?;
    }
    if st.lookahead == ALL {
        look_ahead(checkers, st, None)?;
        narrow(checkers, st, false)?;
    }
    // What the root removed belongs to no step.
    if let Some(list) = &mut st.removals {
        list.clear();
    }
    Ok(())
}

/// Runs the narrowing checkers of each queued variable, first in first out,
/// until the queue is empty; a checker that narrows its whole scope at
/// once waits until then, once however many of its variables changed, and
/// is not woken by its own changes.
///
/// With `implying`, at each fixpoint the first variable (in the order they
/// changed) left with one value and unassigned is assigned it ([`imply`]),
/// its narrowing runs, and narrowing goes on to the next fixpoint. Only at
/// a fixpoint does every checker's narrowing stand behind a set.
fn narrow<V, C: Set<V>>(
    checkers: &mut C,
    st: &mut State<'_, V>,
    implying: bool,
) -> Result<(), Wipeout> {
    let result = narrow_implying(checkers, st, implying);
    st.singles.clear();
    result
}

/// The work of [`narrow`].
fn narrow_implying<V, C: Set<V>>(
    checkers: &mut C,
    st: &mut State<'_, V>,
    implying: bool,
) -> Result<(), Wipeout> {
    let mut next_single = 0;
    loop {
        if let Some((var, changer, moved)) = st.kept.next_queued() {
            if implying && st.kept.size[var] == 1 && st.slots[var] == UNASSIGNED {
                st.singles.push((crate::index::small(var), changer));
            }
            wake(&*checkers, st, var, changer, moved, 0)?;
        } else if let Some((k, var)) = st.kept.next_waiting() {
            narrow_one(&*checkers, st, k, var)?;
        } else if let Some(&(var, changer)) = st.singles.get(next_single) {
            next_single += 1;
            let var = var as usize;
            if st.kept.size[var] == 1 && st.slots[var] == UNASSIGNED {
                imply(checkers, st, var, changer)?;
                // Its narrowing again, now that it is assigned, but for
                // the checkers that read only the sets, which it left as
                // they were.
                wake(&*checkers, st, var, NOBODY, true, SETS_ONLY)?;
            }
        } else {
            break;
        }
    }
    st.kept.queue_done();
    Ok(())
}

/// Runs the narrowing of each checker watching `var`, whose set changed
/// (last by checker `changer`; its bounds `moved` or not), that this change
/// wakes: a cheap checker at once; one that narrows its whole scope joins
/// the waiting line, unless it made the change; a costlier one joins it
/// with `var`. Checkers whose entries have a flag of `skip` sleep.
#[inline]
fn wake<V, C: Set<V>>(
    checkers: &C,
    st: &mut State<'_, V>,
    var: usize,
    changer: u32,
    moved: bool,
    skip: u32,
) -> Result<(), Wipeout> {
    let watch = st.watch;
    let fixed = st.kept.size[var] == 1;
    for &entry in &watch.narrowing[var] {
        if (entry & FIXED_ONLY != 0 && !fixed)
            || (entry & BOUNDS_ONLY != 0 && !fixed && !moved)
            || entry & skip != 0
        {
            continue;
        }
        let k = (entry & CHECKER) as usize;
        if watch.waits[k] {
            let whole = watch.whole_scope[k];
            if !whole || crate::index::small(k) != changer {
                let rank = watch.rank[k] as usize;
                st.kept.wait(k, var, rank, whole, watch.waits.len());
            }
            continue;
        }
        narrow_one(checkers, st, k, var)?;
    }
    Ok(())
}

/// Assigns `var` its one value left (by checker `changer`'s narrowing),
/// within the step that left it so: its
/// value must pass every checker's filter (and, in cross-check mode, agree
/// with every checker's own answers), then the checkers' `on_assign` run
/// and the assignment joins the step's implied ones. A value no filter
/// keeps is a wipe-out of `var`.
#[inline(never)]
fn imply<V, C: Set<V>>(
    checkers: &mut C,
    st: &mut State<'_, V>,
    var: usize,
    changer: u32,
) -> Result<(), Wipeout> {
    if st.describe.is_some() {
        super::cross_check::frame(&*checkers, st, var);
        if st.disagreement.is_some() {
            return Err(Wipeout {
                checker: None,
                var: Some(var),
            });
        }
    }
    if !exact(st, var) {
        let mut set = st.kept.of(var).to_vec();
        let assignment = Assignment::new(st.table, &st.slots);
        checkers.filter_all(&assignment, var, &mut Candidates::new(&mut set), st.watch);
        if set.iter().all(|&w| w == 0) {
            return Err(Wipeout {
                checker: emptied_by(&*checkers, st, var),
                var: Some(var),
            });
        }
    }
    let index = crate::candidates::iter_bits(st.kept.of(var))
        .next()
        .unwrap_or_default();
    st.slots[var] = crate::index::small(index);
    st.kept.touch(var);
    checkers.assign_all(st.choice(var, index), st.watch);
    st.implied.push((
        crate::index::small(var),
        crate::index::small(index),
        changer,
    ));
    Ok(())
}

/// Runs checker `k`'s narrowing for a change of `var`, recording its
/// removals and, in cross-check mode, auditing them.
fn narrow_one<V, C: Set<V>>(
    checkers: &C,
    st: &mut State<'_, V>,
    k: usize,
    var: usize,
) -> Result<(), Wipeout> {
    let audit = st.describe.is_some().then(|| st.kept.words.clone());
    if audit.is_some() || st.removals.is_some() {
        st.kept.log = Some(Vec::new());
    }
    st.kept.running = crate::index::small(k);
    let result = checkers.narrow_one(
        k,
        var,
        &mut Domains {
            table: st.table,
            slots: &st.slots,
            kept: &mut st.kept,
        },
    );
    st.kept.running = NOBODY;
    let removed = st.kept.log.take().unwrap_or_default();
    if let Some(list) = &mut st.removals {
        list.extend(removed.iter().map(|&(v, i)| (v, i, crate::index::small(k))));
    }
    if let Some(before) = audit {
        super::cross_check::removals(checkers, st, k, &before, &removed);
        if st.disagreement.is_some() {
            // Stop here: the search ends with the disagreement.
            return Err(Wipeout {
                checker: Some(k),
                var: None,
            });
        }
    }
    result.map_err(|conflict| Wipeout {
        checker: Some(k),
        var: conflict.var(),
    })
}

/// Filters the sets of the variables look-ahead covers after the step that
/// assigned `var` (`None`: before the first step, every variable): the
/// next `lookahead` variables in declaration order, or with forward
/// checking every unassigned variable sharing a checker with `var`, whose
/// narrowed sets are then kept.
fn look_ahead<V, C: Set<V>>(
    checkers: &C,
    st: &mut State<'_, V>,
    var: Option<usize>,
) -> Result<(), Wipeout> {
    let targets: Vec<usize> = match (var, st.lookahead) {
        (None, _) => (0..st.n).collect(),
        (Some(var), ALL) => match st.watch.neighbours(var) {
            Some(list) => list.iter().map(|&v| v as usize).collect(),
            None => (0..st.n).collect(),
        },
        (Some(var), k) => (var + 1..st.n).take(k).collect(),
    };
    let mut scratch = vec![0u64; st.w];
    for target in targets {
        if st.slots[target] != UNASSIGNED {
            continue;
        }
        scratch.copy_from_slice(st.kept.of(target));
        let assignment = Assignment::new(st.table, &st.slots);
        checkers.filter_all(
            &assignment,
            target,
            &mut Candidates::new(&mut scratch),
            st.watch,
        );
        if scratch.iter().all(|&x| x == 0) {
            return Err(Wipeout {
                checker: emptied_by(checkers, st, target),
                var: Some(target),
            });
        }
        if st.lookahead == ALL {
            // Forward checking keeps the narrowed set (a subset of the kept
            // one); a window of look-ahead only checks it, so that each
            // frame still reports what its checkers reject.
            if st.removals.is_some() {
                record_filtered(checkers, st, target);
            }
            let filtered = &scratch;
            let _ = st.kept.update(target, |wi, _| filtered[wi]);
        }
    }
    Ok(())
}

/// The first checker, in model order, after whose filter `var` has no
/// candidate left (`None` when it had none to begin with).
fn emptied_by<V, C: Set<V>>(checkers: &C, st: &State<'_, V>, var: usize) -> Option<usize> {
    let mut set = st.kept.of(var).to_vec();
    let assignment = Assignment::new(st.table, &st.slots);
    let mut culprit = None;
    checkers.filter_each(
        &assignment,
        var,
        &mut Candidates::new(&mut set),
        st.watch,
        &mut |k, c| {
            if culprit.is_none() && c.is_empty() {
                culprit = Some(k);
            }
        },
    );
    culprit.filter(|_| st.kept.of(var).iter().any(|&w| w != 0))
}

/// Records which checker's filter removes which candidate of `var` from its
/// kept set, for removal events.
fn record_filtered<V, C: Set<V>>(checkers: &C, st: &mut State<'_, V>, var: usize) {
    let mut set = st.kept.of(var).to_vec();
    let mut before = set.clone();
    let assignment = Assignment::new(st.table, &st.slots);
    let mut found = Vec::new();
    checkers.filter_each(
        &assignment,
        var,
        &mut Candidates::new(&mut set),
        st.watch,
        &mut |k, c| {
            for (wi, (b, now)) in before.iter_mut().zip(c.words()).enumerate() {
                let mut gone = *b & !now;
                while gone != 0 {
                    let bit = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    found.push((
                        crate::index::small(var),
                        crate::index::small(wi * 64 + bit),
                        crate::index::small(k),
                    ));
                }
                *b = *now;
            }
        },
    );
    if let Some(list) = &mut st.removals {
        list.extend(found);
    }
}
