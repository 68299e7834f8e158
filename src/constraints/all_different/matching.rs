//! All-different on lists, for any scope: the value rule and Régin's
//! filter (a maximum matching, then the strongly connected components of
//! its alternating graph).

use crate::domains::{Conflict, Domains};

use super::super::scope::NONE;
use super::{AllDifferent, Scratch, Spread, hall_set_possible};

impl AllDifferent {
    /// The values of the fixed variables (one candidate left) leave the
    /// others, until no variable is newly fixed; then, when a Hall set is
    /// possible, Régin's filter.
    pub(super) fn narrow_with<V>(
        &self,
        s: &mut Scratch,
        d: &mut Domains<'_, V>,
    ) -> Result<(), Conflict> {
        let n = self.scope.len();
        s.fixed.clear();
        s.fixed.resize(n, false);
        s.taken.clear();
        s.taken.resize(self.values, false);
        loop {
            s.fresh.clear();
            for (p, &var) in self.scope.iter().enumerate() {
                if s.fixed[p] || d.len(var) != 1 {
                    continue;
                }
                let index = d.min(var).unwrap_or(0);
                let v = self.ids(p)[index] as usize;
                if s.taken[v] {
                    // Two fixed variables share a value: this one loses it.
                    d.remove(var, index)?;
                }
                s.taken[v] = true;
                s.fixed[p] = true;
                match s.spread.get(p) {
                    // Assigned, and its value left the others then.
                    Some(Spread::Done) => continue,
                    Some(Spread::Assigned) => s.spread[p] = Spread::Done,
                    _ => {}
                }
                s.fresh.push(crate::index::small(v));
            }
            if s.fresh.is_empty() {
                break;
            }
            for (q, &other) in self.scope.iter().enumerate() {
                if s.fixed[q] {
                    continue;
                }
                if self.repeats {
                    let (ids, taken) = (self.ids(q), &s.taken);
                    d.retain(other, |i| !taken[ids[i] as usize])?;
                } else {
                    for &v in &s.fresh {
                        let i = if self.aligned {
                            v
                        } else {
                            self.index_of[q * self.values + v as usize]
                        };
                        if i != NONE {
                            d.remove(other, i as usize)?;
                        }
                    }
                }
            }
        }
        s.sizes.clear();
        s.sizes.extend(
            self.scope
                .iter()
                .map(|&x| crate::index::small(d.len(x)))
                .filter(|&len| len > 1),
        );
        // (With a value twice in a domain, sizes overcount: always match.)
        let possible = self.repeats || hall_set_possible(&mut s.sizes);
        if !possible {
            return Ok(());
        }
        self.regin(s, d)
    }

    /// Narrows to generalised arc consistency by Régin's filter.
    pub(super) fn regin<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let n = self.scope.len();
        let m = self.values;
        s.mate.resize(n, NONE);
        s.owner.clear();
        s.owner.resize(m, NONE);
        s.seen.resize(m, 0);
        s.cands.resize_with(n, Vec::new);
        for (p, &var) in self.scope.iter().enumerate() {
            let ids = self.ids(p);
            let cands = &mut s.cands[p];
            cands.clear();
            if s.fixed[p] {
                // Its value left the others: it is matched apart.
                s.mate[p] = NONE;
                continue;
            }
            cands.extend(d.iter(var).map(|i| ids[i]));
            // The hint stands only if the value is still a candidate and
            // not claimed by an earlier variable.
            let mate = s.mate[p];
            if mate != NONE && (!cands.contains(&mate) || s.owner[mate as usize] != NONE) {
                s.mate[p] = NONE;
            }
            if s.mate[p] != NONE {
                s.owner[s.mate[p] as usize] = crate::index::small(p);
            }
        }
        for p in 0..n {
            if s.mate[p] == NONE && !s.fixed[p] {
                s.round = s.round.wrapping_add(1);
                if s.round == 0 {
                    s.seen.fill(0);
                    s.round = 1;
                }
                if !augment(s, p) {
                    return Err(Conflict::new());
                }
            }
        }
        self.prune(s, d)
    }

    /// Given a perfect matching of the scope's unfixed variables (the fixed
    /// ones are matched apart), removes the edges that lie on
    /// no alternating cycle and on no alternating path from a free value.
    pub(super) fn prune<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let m = self.values;
        // Value graph: v -> mate(x) for each variable x that has v.
        s.start.clear();
        s.start.resize(m + 1, 0);
        for (p, cands) in s.cands.iter().enumerate() {
            for &v in cands {
                if v != s.mate[p] {
                    s.start[v as usize + 1] += 1;
                }
            }
        }
        for v in 0..m {
            s.start[v + 1] += s.start[v];
        }
        s.next.clear();
        s.next.resize(s.start[m] as usize, 0);
        s.fill.clear();
        s.fill.extend_from_slice(&s.start[..m]);
        for (p, cands) in s.cands.iter().enumerate() {
            for &v in cands {
                if v != s.mate[p] {
                    s.next[s.fill[v as usize] as usize] = s.mate[p];
                    s.fill[v as usize] += 1;
                }
            }
        }
        // Values reachable from a free value (one some variable has).
        s.free_reach.clear();
        s.free_reach.resize(m, false);
        s.todo.clear();
        for cands in &s.cands {
            for &v in cands {
                if s.owner[v as usize] == NONE && !s.free_reach[v as usize] {
                    s.free_reach[v as usize] = true;
                    s.todo.push(v);
                }
            }
        }
        while let Some(v) = s.todo.pop() {
            for e in s.start[v as usize]..s.start[v as usize + 1] {
                let w = s.next[e as usize];
                if !s.free_reach[w as usize] {
                    s.free_reach[w as usize] = true;
                    s.todo.push(w);
                }
            }
        }
        tarjan(s, m);
        for (p, &var) in self.scope.iter().enumerate() {
            let mate = s.mate[p];
            let (comp, reach) = (&s.comp, &s.free_reach);
            let ids = self.ids(p);
            if s.cands[p]
                .iter()
                .all(|&v| v == mate || reach[v as usize] || comp[v as usize] == comp[mate as usize])
            {
                continue;
            }
            d.retain(var, |i| {
                let v = ids[i];
                v == mate || reach[v as usize] || comp[v as usize] == comp[mate as usize]
            })?;
        }
        Ok(())
    }
}

/// Kuhn's augmenting path from scope position `p`, depth first.
fn augment(s: &mut Scratch, p: usize) -> bool {
    for k in 0..s.cands[p].len() {
        let v = s.cands[p][k] as usize;
        if s.seen[v] == s.round {
            continue;
        }
        s.seen[v] = s.round;
        let q = s.owner[v];
        if q == NONE || augment(s, q as usize) {
            s.mate[p] = crate::index::small(v);
            s.owner[v] = crate::index::small(p);
            return true;
        }
    }
    false
}

/// Tarjan's strongly connected components of the value graph, without
/// recursion: `comp[v]` numbers the component of value `v`.
fn tarjan(s: &mut Scratch, m: usize) {
    s.order.clear();
    s.order.resize(m, NONE);
    s.low.clear();
    s.low.resize(m, 0);
    s.comp.clear();
    s.comp.resize(m, NONE);
    s.on_stack.clear();
    s.on_stack.resize(m, false);
    s.stack.clear();
    let mut counter = 0u32;
    let mut comps = 0u32;
    for root in 0..m {
        if s.order[root] != NONE {
            continue;
        }
        s.calls.push((crate::index::small(root), s.start[root]));
        s.order[root] = counter;
        s.low[root] = counter;
        counter += 1;
        s.stack.push(crate::index::small(root));
        s.on_stack[root] = true;
        while let Some(&mut (v, ref mut e)) = s.calls.last_mut() {
            let v = v as usize;
            if *e < s.start[v + 1] {
                let w = s.next[*e as usize] as usize;
                *e += 1;
                if s.order[w] == NONE {
                    s.order[w] = counter;
                    s.low[w] = counter;
                    counter += 1;
                    s.stack.push(crate::index::small(w));
                    s.on_stack[w] = true;
                    s.calls.push((crate::index::small(w), s.start[w]));
                } else if s.on_stack[w] {
                    s.low[v] = s.low[v].min(s.order[w]);
                }
                continue;
            }
            s.calls.pop();
            if let Some(&(parent, _)) = s.calls.last() {
                let parent = parent as usize;
                s.low[parent] = s.low[parent].min(s.low[v]);
            }
            if s.low[v] == s.order[v] {
                while let Some(w) = s.stack.pop() {
                    s.on_stack[w as usize] = false;
                    s.comp[w as usize] = comps;
                    if w as usize == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
}
