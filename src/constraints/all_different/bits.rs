//! All-different on bit sets, for a scope whose variables, values and
//! domains fit a machine word: the value rule and Régin's filter with a
//! word per set.

use crate::domains::{Conflict, Domains};

use super::super::scope::NONE;
use super::{AllDifferent, Scratch, hall_set_possible};

impl AllDifferent {
    /// The value numbers of the candidates `word` of scope position `p`.
    #[inline]
    pub(super) fn value_set(&self, p: usize, word: u64) -> u64 {
        if self.aligned {
            return word;
        }
        let ids = self.ids(p);
        crate::candidates::iter_bits(&[word]).fold(0, |set, i| set | 1 << ids[i])
    }

    /// The candidate word of scope position `p` for the value set `set`,
    /// within `word`, its candidates now.
    #[inline]
    pub(super) fn index_set(&self, p: usize, word: u64, set: u64) -> u64 {
        if self.aligned {
            return set;
        }
        let ids = self.ids(p);
        crate::candidates::iter_bits(&[word])
            .filter(|&i| set >> ids[i] & 1 == 1)
            .fold(0, |kept, i| kept | 1 << i)
    }

    /// The narrowing of the strength, on bit sets, for a scope, values and
    /// domains that fit a word: Régin's filter as in
    /// [`narrow_with`](Self::narrow_with), or the Hall intervals of
    /// [`narrow_bounds`](Self::narrow_bounds) when `bounds`; the same
    /// removals, each variable's written back at once.
    pub(super) fn narrow_small<V, const W: usize>(
        &self,
        s: &mut Scratch,
        d: &mut Domains<'_, V>,
        bounds: bool,
    ) -> Result<(), Conflict> {
        let n = self.scope.len();
        let mut words = [0u64; W];
        let mut cand = [0u64; W];
        for (p, &var) in self.scope.iter().enumerate() {
            words[p] = d.words(var)[0];
            cand[p] = self.value_set(p, words[p]);
        }
        let before = cand;
        let result = if bounds {
            hall_intervals(&mut cand[..n]);
            Ok(())
        } else {
            hall_sets::<W>(s, &mut cand[..n])
        };
        for p in 0..n {
            if cand[p] != before[p] {
                let keep = self.index_set(p, words[p], cand[p]);
                d.intersect(self.scope[p], &[keep])?;
            }
        }
        result
    }
}

/// The value rule on bit sets: the fixed variables' values leave the
/// others until none is newly fixed. Returns the fixed positions, or
/// `None` when a set is left empty (written back by the caller, which
/// names it).
fn value_rule(cand: &mut [u64]) -> Option<u64> {
    let mut fixed = 0u64;
    let mut taken = 0u64;
    loop {
        let mut fresh = 0u64;
        for (p, set) in cand.iter_mut().enumerate() {
            if fixed >> p & 1 == 1 || set.count_ones() != 1 {
                continue;
            }
            if taken & *set != 0 {
                // Two fixed variables share a value.
                *set = 0;
                return None;
            }
            fixed |= 1 << p;
            taken |= *set;
            fresh |= *set;
        }
        if fresh == 0 {
            return Some(fixed);
        }
        for (p, set) in cand.iter_mut().enumerate() {
            if fixed >> p & 1 == 0 {
                *set &= !fresh;
                if *set == 0 {
                    return None;
                }
            }
        }
    }
}

/// The value rule, then, when a Hall set is possible, Régin's filter.
/// `cand` holds each scope position's value set, narrowed in place.
fn hall_sets<const W: usize>(s: &mut Scratch, cand: &mut [u64]) -> Result<(), Conflict> {
    let Some(fixed) = value_rule(cand) else {
        return Ok(());
    };
    let mut sizes = [0u32; W];
    let mut unfixed = 0;
    for (p, set) in cand.iter().enumerate() {
        if fixed >> p & 1 == 0 {
            sizes[unfixed] = set.count_ones();
            unfixed += 1;
        }
    }
    if !hall_set_possible(&mut sizes[..unfixed]) {
        return Ok(());
    }
    small_regin::<W>(s, cand, fixed)
}

/// The value rule and Hall intervals (see
/// [`narrow_bounds`](AllDifferent::narrow_bounds)) on bit sets, until
/// nothing changes: an interval `[a, b]` of value numbers that holds the
/// bounds of as many variables as it has values is left by the bounds of
/// the others. A set left empty is written back by the caller, which
/// names it.
fn hall_intervals(cand: &mut [u64]) {
    loop {
        if value_rule(cand).is_none() {
            return;
        }
        let mut changed = false;
        let mut lows = cand
            .iter()
            .fold(0u64, |lows, &set| lows | 1 << set.trailing_zeros());
        while lows != 0 {
            let a = lows.trailing_zeros();
            lows &= lows - 1;
            // The sets from `a` on, each within `[a, b]` for the `b` of
            // its highest value.
            let from = cand.iter().filter(|&&set| set.trailing_zeros() >= a);
            let mut highs = from.fold(0u64, |highs, &set| highs | 1 << set.ilog2());
            while highs != 0 {
                let b = highs.trailing_zeros();
                highs &= highs - 1;
                let within = |set: u64| set.trailing_zeros() >= a && set.ilog2() <= b;
                let count = crate::index::small(cand.iter().filter(|&&set| within(set)).count());
                let values = b - a + 1;
                if count > values {
                    // More variables than values: a conflict, which an
                    // emptied set names.
                    if let Some(set) = cand.iter_mut().find(|set| within(**set)) {
                        *set = 0;
                    }
                    return;
                }
                if count < values || values == 1 {
                    continue;
                }
                for set in cand.iter_mut() {
                    if *set == 0 || within(*set) {
                        continue;
                    }
                    let (lo, hi) = (set.trailing_zeros(), set.ilog2());
                    let mut kept = *set;
                    if (a..=b).contains(&lo) {
                        kept &= !(u64::MAX >> (63 - b));
                    }
                    if (a..=b).contains(&hi) {
                        kept &= !(u64::MAX << a);
                    }
                    if kept != *set {
                        *set = kept;
                        changed = true;
                        if kept == 0 {
                            return;
                        }
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// Régin's filter on bit sets: `cand` holds each scope position's value
/// set, `fixed` the positions whose value already left the others. A
/// maximum matching of the others (warm-started from the last one), then
/// each unfixed variable keeps its matched value, the values an
/// alternating path from a free value reaches, and the values on an
/// alternating cycle through its matched one. No matching: a conflict.
fn small_regin<const W: usize>(
    s: &mut Scratch,
    cand: &mut [u64],
    fixed: u64,
) -> Result<(), Conflict> {
    let n = cand.len();
    s.mate.resize(n, NONE);
    let mut mate = [NONE; W];
    let mut owner = [NONE; W];
    for p in 0..n {
        let hint = s.mate[p];
        if fixed >> p & 1 == 0
            && hint != NONE
            && cand[p] >> hint & 1 == 1
            && owner[hint as usize] == NONE
        {
            mate[p] = hint;
            owner[hint as usize] = crate::index::small(p);
        }
    }
    for p in 0..n {
        if fixed >> p & 1 == 0 && mate[p] == NONE {
            let mut seen = 0u64;
            if !augment_small(cand, &mut mate, &mut owner, &mut seen, p) {
                return Err(Conflict::new());
            }
        }
    }
    s.mate[..n].copy_from_slice(&mate[..n]);
    // The value graph: value v -> the matched value of each unfixed
    // variable that has v as another candidate (`succ`), and back (`pred`).
    let mut succ = [0u64; W];
    let mut pred = [0u64; W];
    let mut values = 0u64;
    let mut matched = 0u64;
    for p in 0..n {
        if fixed >> p & 1 == 1 {
            continue;
        }
        let m = mate[p];
        matched |= 1 << m;
        values |= cand[p];
        let others = cand[p] & !(1 << m);
        pred[m as usize] |= others;
        let mut each = others;
        while each != 0 {
            let v = each.trailing_zeros() as usize;
            each &= each - 1;
            succ[v] |= 1 << m;
        }
    }
    // Reached from a free value.
    let free = values & !matched;
    let reach = reached(free, &succ, values);
    // The strongly connected components, each the values both reached
    // from one of them and reaching it (often one component for all).
    let mut comp = [0u64; W];
    let mut left = values;
    while left != 0 {
        let v = 1u64 << left.trailing_zeros();
        let c = reached(v, &succ, left) & reached(v, &pred, left);
        left &= !c;
        let mut each = c;
        while each != 0 {
            comp[each.trailing_zeros() as usize] = c;
            each &= each - 1;
        }
    }
    for p in 0..n {
        if fixed >> p & 1 == 0 {
            let m = mate[p] as usize;
            // The edge to v is the arc v -> m: on a cycle when they share
            // a component.
            cand[p] &= 1 << m | reach | comp[m];
        }
    }
    Ok(())
}

/// The values that `from` reaches in the graph `adj` (a successor set per
/// value) without leaving `within`, `from` included.
#[inline]
fn reached<const W: usize>(from: u64, adj: &[u64; W], within: u64) -> u64 {
    let mut reach = from;
    let mut frontier = from;
    while frontier != 0 {
        let mut next = 0u64;
        while frontier != 0 {
            next |= adj[frontier.trailing_zeros() as usize];
            frontier &= frontier - 1;
        }
        frontier = next & within & !reach;
        reach |= frontier;
    }
    reach
}

/// Kuhn's augmenting path from scope position `p` on bit sets.
fn augment_small<const W: usize>(
    cand: &[u64],
    mate: &mut [u32; W],
    owner: &mut [u32; W],
    seen: &mut u64,
    p: usize,
) -> bool {
    let mut options = cand[p];
    while options != 0 {
        let v = options.trailing_zeros() as usize;
        options &= options - 1;
        if *seen >> v & 1 == 1 {
            continue;
        }
        *seen |= 1 << v;
        let q = owner[v];
        if q == NONE || augment_small(cand, mate, owner, seen, q as usize) {
            mate[p] = crate::index::small(v);
            owner[v] = crate::index::small(p);
            return true;
        }
    }
    false
}
