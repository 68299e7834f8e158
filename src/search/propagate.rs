//! Narrowing and look-ahead after a step: the narrowing checkers run until
//! nothing changes, then look-ahead filters the variables still to come.

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::Candidates;
use crate::checkers::sealed::{BOUNDS_ONLY, CHECKER, FIXED_ONLY, SETS_ONLY, Set};
use crate::domains::Domains;
use crate::queue::NOBODY;

use super::audit::Audit;
use super::live::Live;
use super::plan::{ALL, Plan};

/// What narrowing works on: it reads the plan, changes the live sets, and
/// in cross-check mode hands what it does to the audit.
pub(crate) struct Narrowing<'a, 't, V> {
    pub(crate) plan: &'a Plan<'t, V>,
    pub(crate) live: &'a mut Live,
    pub(crate) audit: &'a mut Audit<V>,
}

/// Why a step was rejected after its assignment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wipeout {
    /// The checker that emptied a set (`None`: the set had no candidate
    /// to begin with).
    pub(crate) checker: Option<usize>,
    pub(crate) var: Option<usize>,
}

/// After the step that assigned `var` (its set already fixed and queued):
/// narrowing, then look-ahead, then narrowing again, until nothing changes.
/// A variable left with one value is assigned on the way (see [`imply`]).
pub(crate) fn run<V, C: Set<V>>(
    checkers: &mut C,
    nw: &mut Narrowing<'_, '_, V>,
    var: usize,
) -> Result<(), Wipeout> {
    narrow(checkers, nw, true)?;
    if nw.plan.lookahead > 0 {
        look_ahead(checkers, nw, Some(var))?;
        narrow(checkers, nw, true)?;
    }
    Ok(())
}

/// Before the first step: a variable with no candidate (every value
/// restricted away) fails the root before any checker sees its empty set;
/// then every variable is queued for the narrowing checkers, and full
/// look-ahead filters every set once.
pub(crate) fn root<V, C: Set<V>>(
    checkers: &mut C,
    nw: &mut Narrowing<'_, '_, V>,
) -> Result<(), Wipeout> {
    if let Some(var) = nw.live.kept.sets.size.iter().position(|&size| size == 0) {
        return Err(Wipeout {
            checker: None,
            var: Some(var),
        });
    }
    if !nw.plan.propagating {
        return Ok(());
    }
    let result = narrow_root(checkers, nw);
    if result.is_err() {
        nw.live.kept.queue.clear();
    }
    result
}

/// The work of [`root`].
fn narrow_root<V, C: Set<V>>(
    checkers: &mut C,
    nw: &mut Narrowing<'_, '_, V>,
) -> Result<(), Wipeout> {
    nw.live.kept.open();
    if nw.plan.watch.any_narrowing() {
        for var in 0..nw.plan.n {
            nw.live.kept.queue.queue_var(var);
        }
        narrow(checkers, nw, false)?;
    }
    if nw.plan.lookahead == ALL {
        look_ahead(checkers, nw, None)?;
        narrow(checkers, nw, false)?;
    }
    // What the root removed belongs to no step.
    if let Some(list) = &mut nw.live.removals {
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
    nw: &mut Narrowing<'_, '_, V>,
    implying: bool,
) -> Result<(), Wipeout> {
    let result = narrow_implying(checkers, nw, implying);
    nw.live.singles.clear();
    result
}

/// The work of [`narrow`].
fn narrow_implying<V, C: Set<V>>(
    checkers: &mut C,
    nw: &mut Narrowing<'_, '_, V>,
    implying: bool,
) -> Result<(), Wipeout> {
    let mut next_single = 0;
    loop {
        if let Some((var, changer, moved)) = nw.live.kept.queue.next_queued() {
            if implying && nw.live.kept.sets.size[var] == 1 && nw.live.slots[var] == UNASSIGNED {
                nw.live.singles.push((crate::index::small(var), changer));
            }
            wake(&*checkers, nw, var, changer, moved, 0)?;
        } else if let Some((k, var)) = nw.live.kept.queue.next_waiting() {
            narrow_one(&*checkers, nw, k, var)?;
        } else if let Some(&(var, changer)) = nw.live.singles.get(next_single) {
            next_single += 1;
            let var = var as usize;
            if nw.live.kept.sets.size[var] == 1 && nw.live.slots[var] == UNASSIGNED {
                imply(checkers, nw, var, changer)?;
                // Its narrowing again, now that it is assigned, but for
                // the checkers that read only the sets, which it left as
                // they were.
                wake(&*checkers, nw, var, NOBODY, true, SETS_ONLY)?;
            }
        } else {
            break;
        }
    }
    nw.live.kept.queue.done();
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
    nw: &mut Narrowing<'_, '_, V>,
    var: usize,
    changer: u32,
    moved: bool,
    skip: u32,
) -> Result<(), Wipeout> {
    let watch = nw.plan.watch;
    let fixed = nw.live.kept.sets.size[var] == 1;
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
                nw.live
                    .kept
                    .queue
                    .wait(k, var, rank, whole, watch.waits.len());
            }
            continue;
        }
        narrow_one(checkers, nw, k, var)?;
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
    nw: &mut Narrowing<'_, '_, V>,
    var: usize,
    changer: u32,
) -> Result<(), Wipeout> {
    if nw.audit.describe.is_some() {
        super::cross_check::frame(&*checkers, nw.plan, nw.live, nw.audit, var);
        if nw.audit.disagreement.is_some() {
            return Err(Wipeout {
                checker: None,
                var: Some(var),
            });
        }
    }
    if !nw.plan.exact(var) {
        let mut set = nw.live.kept.of(var).to_vec();
        let assignment = Assignment::new(nw.plan.table, &nw.live.slots);
        checkers.filter_all(
            &assignment,
            var,
            &mut Candidates::new(&mut set),
            nw.plan.watch,
        );
        if set.iter().all(|&w| w == 0) {
            return Err(Wipeout {
                checker: emptied_by(&*checkers, nw, var),
                var: Some(var),
            });
        }
    }
    let index = crate::candidates::iter_bits(nw.live.kept.of(var))
        .next()
        .unwrap_or_default();
    nw.live.slots[var] = crate::index::small(index);
    nw.live.kept.touch(var);
    checkers.assign_all(nw.plan.choice(var, index), nw.plan.watch);
    nw.live.implied.push((
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
    nw: &mut Narrowing<'_, '_, V>,
    k: usize,
    var: usize,
) -> Result<(), Wipeout> {
    let audit = nw
        .audit
        .describe
        .is_some()
        .then(|| nw.live.kept.sets.words.clone());
    if audit.is_some() || nw.live.removals.is_some() {
        nw.live.kept.log = Some(Vec::new());
    }
    nw.live.kept.queue.running = crate::index::small(k);
    let result = checkers.narrow_one(
        k,
        var,
        &mut Domains {
            table: nw.plan.table,
            slots: &nw.live.slots,
            kept: &mut nw.live.kept,
        },
    );
    nw.live.kept.queue.running = NOBODY;
    let removed = nw.live.kept.log.take().unwrap_or_default();
    if let Some(list) = &mut nw.live.removals {
        list.extend(removed.iter().map(|&(v, i)| (v, i, crate::index::small(k))));
    }
    if let Some(before) = audit {
        super::cross_check::removals(checkers, nw.plan, nw.live, nw.audit, k, &before, &removed);
        if nw.audit.disagreement.is_some() {
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
    nw: &mut Narrowing<'_, '_, V>,
    var: Option<usize>,
) -> Result<(), Wipeout> {
    let targets: Vec<usize> = match (var, nw.plan.lookahead) {
        (None, _) => (0..nw.plan.n).collect(),
        (Some(var), ALL) => match nw.plan.watch.neighbours(var) {
            Some(list) => list.iter().map(|&v| v as usize).collect(),
            None => (0..nw.plan.n).collect(),
        },
        (Some(var), k) => (var + 1..nw.plan.n).take(k).collect(),
    };
    let mut scratch = vec![0u64; nw.plan.w];
    for target in targets {
        if nw.live.slots[target] != UNASSIGNED {
            continue;
        }
        scratch.copy_from_slice(nw.live.kept.of(target));
        let assignment = Assignment::new(nw.plan.table, &nw.live.slots);
        checkers.filter_all(
            &assignment,
            target,
            &mut Candidates::new(&mut scratch),
            nw.plan.watch,
        );
        if scratch.iter().all(|&x| x == 0) {
            return Err(Wipeout {
                checker: emptied_by(checkers, nw, target),
                var: Some(target),
            });
        }
        if nw.plan.lookahead == ALL {
            // Forward checking keeps the narrowed set (a subset of the kept
            // one); a window of look-ahead only checks it, so that each
            // frame still reports what its checkers reject.
            if nw.live.removals.is_some() {
                record_filtered(checkers, nw, target);
            }
            let filtered = &scratch;
            let _ = nw.live.kept.update(target, |wi, _| filtered[wi]);
        }
    }
    Ok(())
}

/// The first checker, in model order, after whose filter `var` has no
/// candidate left (`None` when it had none to begin with).
fn emptied_by<V, C: Set<V>>(checkers: &C, nw: &Narrowing<'_, '_, V>, var: usize) -> Option<usize> {
    let mut set = nw.live.kept.of(var).to_vec();
    let assignment = Assignment::new(nw.plan.table, &nw.live.slots);
    let mut culprit = None;
    checkers.filter_each(
        &assignment,
        var,
        &mut Candidates::new(&mut set),
        nw.plan.watch,
        &mut |k, c| {
            if culprit.is_none() && c.is_empty() {
                culprit = Some(k);
            }
        },
    );
    culprit.filter(|_| nw.live.kept.of(var).iter().any(|&w| w != 0))
}

/// Records which checker's filter removes which candidate of `var` from its
/// kept set, for removal events.
fn record_filtered<V, C: Set<V>>(checkers: &C, nw: &mut Narrowing<'_, '_, V>, var: usize) {
    let mut set = nw.live.kept.of(var).to_vec();
    let mut before = set.clone();
    let assignment = Assignment::new(nw.plan.table, &nw.live.slots);
    let mut found = Vec::new();
    checkers.filter_each(
        &assignment,
        var,
        &mut Candidates::new(&mut set),
        nw.plan.watch,
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
    if let Some(list) = &mut nw.live.removals {
        list.extend(found);
    }
}
