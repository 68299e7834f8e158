//! Cross-check mode: every checker's fast answers compared with its own
//! `check`, at every frame and after every narrowing.

use crate::assignment::{Assignment, UNASSIGNED};
use crate::candidates::{Candidates, iter_bits};
use crate::checkers::sealed::Set;
use crate::outcome::{Disagreement, FalseSymmetry};
use crate::symmetry::Group;

use super::audit::Audit;
use super::live::Live;
use super::plan::Plan;

/// The most calls of `check` that the audit of a removal makes before it
/// gives up on that removal (it then reports nothing).
const SUPPORT_LIMIT: u64 = 100_000;

/// The assignment as `name = value` pairs, or `(empty)`.
fn describe_assignment<V>(audit: &Audit<V>, assignment: &Assignment<'_, V>) -> String {
    let describe = audit.describe.unwrap_or(|_| String::new());
    let text = assignment
        .iter()
        .map(|(v, x)| format!("{} = {}", assignment.name(v), describe(x)))
        .collect::<Vec<_>>()
        .join(", ");
    if text.is_empty() {
        "(empty)".to_owned()
    } else {
        text
    }
}

fn step_text<V>(plan: &Plan<'_, V>, audit: &Audit<V>, var: usize, index: usize) -> String {
    let describe = audit.describe.unwrap_or(|_| String::new());
    format!(
        "{} = {}",
        plan.table.names[var],
        describe(&plan.table.domains[var][index])
    )
}

/// Compares every checker's `filter`, `promising` and `check` on every
/// candidate of `var` (its kept set); records the first disagreement.
pub(crate) fn frame<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    live: &Live,
    audit: &mut Audit<V>,
    var: usize,
) {
    if audit.disagreement.is_some() {
        return;
    }
    let assignment = Assignment::new(plan.table, &live.slots);
    let kept = live.kept.of(var).to_vec();
    for k in 0..checkers.len() {
        let mut filtered = kept.clone();
        checkers.filter_one(k, &assignment, var, &mut Candidates::new(&mut filtered));
        let filtered = Candidates::new(&mut filtered);
        for index in iter_bits(&kept) {
            let choice = plan.choice(var, index);
            let promising = checkers.promising_one(k, &assignment, choice);
            let check = checkers.check_one(k, &assignment.with(choice));
            let filter = filtered.contains(index);
            if promising != check || filter != check {
                audit.disagreement = Some(Disagreement {
                    checker: checkers.name(k).to_owned(),
                    assignment: describe_assignment(audit, &assignment),
                    candidate: step_text(plan, audit, var, index),
                    check,
                    promising: Some(promising),
                    filter: Some(filter),
                    removed: false,
                    mirror: false,
                });
                return;
            }
        }
    }
    let symmetric = plan.options.mirror
        || plan.options.group.is_some()
        || plan.options.interchangeable.is_some();
    if symmetric && live.slots.iter().filter(|&&s| s == UNASSIGNED).count() == 1 {
        // The last variable: its candidates every checker accepts complete
        // solutions, whose images the declared symmetries say are
        // solutions too.
        let solutions: Vec<usize> = iter_bits(&kept)
            .filter(|&index| {
                let choice = plan.choice(var, index);
                (0..checkers.len()).all(|k| checkers.check_one(k, &assignment.with(choice)))
            })
            .collect();
        for index in solutions {
            let mut slots = live.slots.clone();
            slots[var] = crate::index::small(index);
            images(checkers, plan, audit, &slots);
            if audit.disagreement.is_some() || audit.false_symmetry.is_some() {
                return;
            }
        }
    }
}

/// Verifies the declared symmetries on the solution `slots`: its mirror
/// image (a [`Disagreement`] when a checker rejects it) and its image under
/// each generator of the declared group (a [`FalseSymmetry`]).
pub(crate) fn images<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    audit: &mut Audit<V>,
    slots: &[u32],
) {
    if plan.options.mirror {
        mirror(checkers, plan, audit, slots);
    }
    let options = plan.options;
    let groups = options
        .group
        .iter()
        .chain(options.interchangeable.iter().map(|v| &v.generators));
    for group in groups {
        generators(checkers, plan, audit, slots, group);
    }
}

/// Verifies each generator of `group` on the solution `slots`, recording a
/// [`FalseSymmetry`] for the first whose image is not a solution.
fn generators<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    audit: &mut Audit<V>,
    slots: &[u32],
    group: &Group,
) {
    if audit.false_symmetry.is_some() {
        return;
    }
    let mut image = vec![0; slots.len()];
    for (name, perm) in &group.generators {
        let reason = if let Err(var) = group.apply(perm, slots, &mut image) {
            Some(format!("assigns `{}` twice", plan.table.names[var]))
        } else {
            let assignment = Assignment::new(plan.table, &image);
            (0..checkers.len())
                .find(|&k| !checkers.check_one(k, &assignment))
                .map(|k| format!("is rejected by `{}`", checkers.name(k)))
        };
        if let Some(reason) = reason {
            let solution = describe_assignment(audit, &Assignment::new(plan.table, slots));
            audit.false_symmetry = Some(Box::new(FalseSymmetry {
                symmetry: name.clone(),
                solution: format!("{{{solution}}}"),
                reason,
            }));
            return;
        }
    }
}

/// Verifies a declared mirror symmetry on the solution `slots`: every
/// checker's `check` must accept its mirror image. Records a disagreement naming the first checker
/// that rejects it.
fn mirror<V, C: Set<V>>(checkers: &C, plan: &Plan<'_, V>, audit: &mut Audit<V>, slots: &[u32]) {
    if audit.disagreement.is_some() {
        return;
    }
    let image: Vec<u32> = slots
        .iter()
        .enumerate()
        .map(|(var, &index)| crate::index::small(plan.table.domains[var].len() - 1) - index)
        .collect();
    let mirrored = Assignment::new(plan.table, &image);
    let Some(k) = (0..checkers.len()).find(|&k| !checkers.check_one(k, &mirrored)) else {
        return;
    };
    let solution = Assignment::new(plan.table, slots);
    audit.disagreement = Some(Disagreement {
        checker: checkers.name(k).to_owned(),
        assignment: describe_assignment(audit, &solution),
        candidate: describe_assignment(audit, &mirrored),
        check: false,
        promising: None,
        filter: None,
        removed: false,
        mirror: true,
    });
}

/// Audits the values checker `k`'s `narrow` removed (`removed`, as
/// `(var, index)`), given the kept sets before the call (`before`): a
/// removal is sound when `check` rejects the assignment extended by it, or
/// when no completion of the checker's scope within `before` that takes it
/// satisfies `check`. Records the first unsound removal.
pub(crate) fn removals<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    live: &Live,
    audit: &mut Audit<V>,
    k: usize,
    before: &[u64],
    removed: &[(u32, u32)],
) {
    if audit.disagreement.is_some() {
        return;
    }
    for &(var, index) in removed {
        let (var, index) = (var as usize, index as usize);
        if supported(checkers, plan, &live.slots, k, before, var, index) {
            let assignment = Assignment::new(plan.table, &live.slots);
            audit.disagreement = Some(Disagreement {
                checker: checkers.name(k).to_owned(),
                assignment: describe_assignment(audit, &assignment),
                candidate: step_text(plan, audit, var, index),
                check: true,
                promising: None,
                filter: None,
                removed: true,
                mirror: false,
            });
            return;
        }
    }
}

/// Whether some completion of checker `k`'s scope, within the sets
/// `before`, with `var = index`, satisfies its `check` (so removing the
/// value was wrong). The completions are searched depth first, the
/// variables with the fewest candidates first, and a partial one that
/// `check` refuses is not extended (`check` answers for a partial
/// assignment whether it can still be part of a solution). Gives up
/// (answers `false`) past [`SUPPORT_LIMIT`] calls of `check`.
fn supported<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    slots: &[u32],
    k: usize,
    before: &[u64],
    var: usize,
    index: usize,
) -> bool {
    let mut slots = slots.to_vec();
    if slots[var] == UNASSIGNED {
        slots[var] = crate::index::small(index);
    } else if slots[var] as usize != index {
        return false;
    }
    if !checkers.check_one(k, &Assignment::new(plan.table, &slots)) {
        return false;
    }
    let scope: Vec<usize> = match checkers.scope(k) {
        Some(s) => s.to_vec(),
        None => (0..plan.n).collect(),
    };
    let w = plan.w;
    let mut free: Vec<(usize, Vec<usize>)> = scope
        .into_iter()
        .filter(|&v| slots[v] == UNASSIGNED)
        .map(|v| (v, iter_bits(&before[v * w..(v + 1) * w]).collect()))
        .collect();
    if free.iter().any(|(_, options)| options.is_empty()) {
        return false;
    }
    free.sort_by_key(|(_, options)| options.len());
    let mut calls = 0u64;
    complete(checkers, plan, k, &mut slots, &free, &mut calls) == Some(true)
}

/// Whether the variables of `free` (each with its candidates) can be
/// given values that complete `slots` to an assignment checker `k`'s
/// `check` accepts; `None` once `calls` passes [`SUPPORT_LIMIT`].
fn complete<V, C: Set<V>>(
    checkers: &C,
    plan: &Plan<'_, V>,
    k: usize,
    slots: &mut [u32],
    free: &[(usize, Vec<usize>)],
    calls: &mut u64,
) -> Option<bool> {
    let Some(((var, options), rest)) = free.split_first() else {
        return Some(true);
    };
    for &index in options {
        *calls += 1;
        if *calls > SUPPORT_LIMIT {
            slots[*var] = UNASSIGNED;
            return None;
        }
        slots[*var] = crate::index::small(index);
        if checkers.check_one(k, &Assignment::new(plan.table, slots)) {
            match complete(checkers, plan, k, slots, rest, calls) {
                Some(false) => {}
                found => {
                    slots[*var] = UNASSIGNED;
                    return found;
                }
            }
        }
    }
    slots[*var] = UNASSIGNED;
    Some(false)
}
