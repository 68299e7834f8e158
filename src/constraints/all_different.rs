//! All-different with Régin's matching filter.

use std::collections::HashMap;
use std::hash::Hash;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::scope::{NONE, positions};
use super::scratch::Scratch as Buffers;

/// "All different": no two variables of the scope take equal values
/// (compared with `==`, whatever their positions in their domains).
///
/// It narrows to generalised arc consistency with Régin's filter: a
/// maximum matching of the scope's variables to values, then the strongly
/// connected components of the matching's alternating graph, remove every
/// value that no solution of the constraint (within the candidates left)
/// gives its variable. This is Hall-set reasoning in full: when `k`
/// variables have only `k` values between them, those values leave every
/// other variable.
///
/// Why matching rather than bounds consistency: bounds reasoning only
/// narrows the ends of an interval, while the domains here are sets with
/// holes (colours, letters, the digits a sudoku cell has left), where a
/// Hall set is rarely an interval. The matching costs more per call, so it
/// is skipped when no Hall set can exist: when, for every k, fewer than k
/// unfixed variables have k candidates or fewer.
///
/// The cheap part is incremental: a value taken by an assigned variable is
/// refused at once by [`promising`](Checker::promising) and removed from
/// the other variables once, after the step is assigned. The engine calls
/// the narrowing once per batch of changes
/// ([`narrows_whole_scope`](Checker::narrows_whole_scope)). When nearly every branch
/// succeeds anyway (a loose constraint), [`AtMostOnePerLine`](super::AtMostOnePerLine)
/// does that part alone for less.
///
/// The model refuses a scope that names a variable twice.
///
/// ```
/// use backtracker::{constraints::AllDifferent, ModelBuilder};
///
/// // x and y are 1 or 2, so z, which may be 1, 2 or 3, must be 3.
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", [1, 2]);
/// let y = b.variable("y", [1, 2]);
/// let z = b.variable("z", [1, 2, 3]);
/// let mut model = b.build((AllDifferent::new("different", [x, y, z]),))?;
/// let outcome = model.search().count();
/// assert_eq!(outcome.value, 2);
/// // The matching fixed z before the search chose anything, and each
/// // value of x leaves y one value, which the step implies: the nodes are
/// // x and z twice, all on the way to a solution.
/// assert_eq!((outcome.stats.nodes, outcome.stats.implied), (4, 2));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDifferent {
    name: String,
    scope: Vec<usize>,
    /// Per model variable, its position in the scope (`NONE` outside).
    pos: Vec<u32>,
    /// Per scope position, the value number of each domain index.
    ids: Vec<u32>,
    /// Per scope position, where its value numbers lie in `ids` (positions
    /// with the same domain as the one before share them).
    id_range: Vec<(u32, u32)>,
    /// Per scope position, the domain index of each value number (`NONE`
    /// when the variable does not have it).
    /// Position `p`'s row is `index_of[p * values..]`; built for the
    /// general path only.
    index_of: Vec<u32>,
    /// Number of distinct values.
    values: usize,
    /// Some domain holds a value twice (at two indices).
    repeats: bool,
    /// Per value number, how many assigned scope variables hold it.
    used: Vec<u32>,
    /// Whether the scope, its values and every domain fit one machine word
    /// (and no domain repeats a value): then the narrowing works on bit
    /// sets ([`narrow_small`](Self::narrow_small)).
    small: bool,
    /// Whether every variable's domain index is its value number (the
    /// same domain everywhere, or a prefix of it): then a candidate word
    /// is its value set as it stands.
    aligned: bool,
    /// Buffers of the matching, and the last matching as a warm start.
    scratch: Buffers<Scratch>,
}

/// The working memory of one matching.
#[derive(Debug, Default)]
struct Scratch {
    /// Per scope position, its matched value (`NONE` if none). Kept
    /// between calls only as a hint: each call first drops the pairs the
    /// candidates no longer allow.
    mate: Vec<u32>,
    /// Per value, its matched scope position.
    owner: Vec<u32>,
    /// Per value, the search round that last visited it.
    seen: Vec<u32>,
    round: u32,
    /// Per scope position, its candidate value numbers.
    cands: Vec<Vec<u32>>,
    /// The value graph: for value `v`, the values matched to the variables
    /// that also have `v` (CSR: `start[v]..start[v + 1]` in `next`).
    start: Vec<u32>,
    next: Vec<u32>,
    /// Where each value's next edge goes while `next` is filled.
    fill: Vec<u32>,
    /// Values whose successors still need a visit.
    todo: Vec<u32>,
    /// Tarjan's state, per value.
    order: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// Per value, whether a free value reaches it.
    free_reach: Vec<bool>,
    /// Per scope position, whether its variable is fixed; per value,
    /// whether a fixed variable holds it; the values newly fixed.
    fixed: Vec<bool>,
    taken: Vec<bool>,
    fresh: Vec<u32>,
    /// The set sizes of the unfixed variables.
    sizes: Vec<usize>,
    /// Per scope position, whether it is assigned and its value has left
    /// the others (which lasts until it is unassigned).
    spread: Vec<Spread>,
}

/// Where an assigned variable's value stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Spread {
    #[default]
    Unassigned,
    /// Assigned; its value may still be a candidate of the others.
    Assigned,
    /// Assigned, and its value left the others.
    Done,
}

impl AllDifferent {
    /// A checker called `name`: the variables of `scope` take pairwise
    /// different values.
    pub fn new(name: impl Into<String>, scope: impl IntoIterator<Item = usize>) -> Self {
        AllDifferent {
            name: name.into(),
            scope: scope.into_iter().collect(),
            pos: Vec::new(),
            ids: Vec::new(),
            id_range: Vec::new(),
            index_of: Vec::new(),
            values: 0,
            repeats: false,
            used: Vec::new(),
            small: false,
            aligned: false,
            scratch: Buffers::default(),
        }
    }

    /// The value number of each domain index of scope position `p`.
    #[inline]
    fn ids(&self, p: usize) -> &[u32] {
        let (start, end) = self.id_range[p];
        &self.ids[start as usize..end as usize]
    }

    /// The value numbers of the candidates `word` of scope position `p`.
    #[inline]
    fn value_set(&self, p: usize, word: u64) -> u64 {
        if self.aligned {
            return word;
        }
        let ids = self.ids(p);
        crate::candidates::iter_bits(&[word]).fold(0, |set, i| set | 1 << ids[i])
    }

    /// The candidate word of scope position `p` for the value set `set`,
    /// within `word`, its candidates now.
    #[inline]
    fn index_set(&self, p: usize, word: u64, set: u64) -> u64 {
        if self.aligned {
            return set;
        }
        let ids = self.ids(p);
        crate::candidates::iter_bits(&[word])
            .filter(|&i| set >> ids[i] & 1 == 1)
            .fold(0, |kept, i| kept | 1 << i)
    }

    /// [`narrow_with`](Self::narrow_with) on bit sets, for a scope, values
    /// and domains that fit a word: the same removals, each variable's
    /// written back at once.
    fn narrow_small<V, const W: usize>(
        &self,
        s: &mut Scratch,
        d: &mut Domains<'_, V>,
    ) -> Result<(), Conflict> {
        let n = self.scope.len();
        let mut words = [0u64; W];
        let mut cand = [0u64; W];
        for (p, &var) in self.scope.iter().enumerate() {
            words[p] = d.words(var)[0];
            cand[p] = self.value_set(p, words[p]);
        }
        let before = cand;
        let result = Self::small_fixpoint::<W>(s, &mut cand[..n]);
        for p in 0..n {
            if cand[p] != before[p] {
                let keep = self.index_set(p, words[p], cand[p]);
                d.intersect(self.scope[p], &[keep])?;
            }
        }
        result
    }

    /// The fixed variables' values leave the others until none is newly
    /// fixed; then, when a Hall set is possible, Régin's filter on bit sets.
    /// `cand` holds each scope position's value set, narrowed in place; a
    /// set left empty is written back by the caller, which names it.
    fn small_fixpoint<const W: usize>(s: &mut Scratch, cand: &mut [u64]) -> Result<(), Conflict> {
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
                    return Ok(());
                }
                fixed |= 1 << p;
                taken |= *set;
                fresh |= *set;
            }
            if fresh == 0 {
                break;
            }
            for (p, set) in cand.iter_mut().enumerate() {
                if fixed >> p & 1 == 0 {
                    *set &= !fresh;
                    if *set == 0 {
                        return Ok(());
                    }
                }
            }
        }
        // As in `narrow_with`: only a Hall set can remove a value.
        let mut sizes = [0u32; W];
        let mut unfixed = 0;
        for (p, set) in cand.iter().enumerate() {
            if fixed >> p & 1 == 0 {
                sizes[unfixed] = set.count_ones();
                unfixed += 1;
            }
        }
        let sizes = &mut sizes[..unfixed];
        sizes.sort_unstable();
        let possible = sizes.iter().enumerate().any(|(i, &len)| {
            let k = i + 1;
            (len as usize) < k || (len as usize == k && k < unfixed)
        });
        if !possible {
            return Ok(());
        }
        small_regin::<W>(s, cand, fixed)
    }

    /// Records where the value of `var` (in scope) stands.
    #[inline]
    fn mark(&mut self, var: usize, spread: Spread) {
        let n = self.scope.len();
        let s = self.scratch.get_mut();
        if s.spread.len() < n {
            s.spread.resize(n, Spread::Unassigned);
        }
        s.spread[self.pos[var] as usize] = spread;
    }

    /// The value number of `var`'s domain index `index`, if `var` is in scope.
    #[inline]
    fn id(&self, var: usize, index: usize) -> Option<usize> {
        let p = *self.pos.get(var)?;
        (p != NONE).then(|| self.ids(p as usize)[index] as usize)
    }

    /// The values of the fixed variables (one candidate left) leave the
    /// others, until no variable is newly fixed; then, when a Hall set is
    /// possible, Régin's filter.
    fn narrow_with<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
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
                        let i = self.index_of[q * self.values + v as usize];
                        if i != NONE {
                            d.remove(other, i as usize)?;
                        }
                    }
                }
            }
        }
        // The matching removes a value only for a Hall set: k unfixed
        // variables with k values between them, and another variable that
        // has one of those values; and it finds a conflict only when some k
        // variables have fewer than k. Either needs, with the unfixed
        // variables' set sizes in increasing order, a k-th size of at most
        // k (fewer than k when k is all of them).
        s.sizes.clear();
        s.sizes
            .extend(self.scope.iter().map(|&x| d.len(x)).filter(|&len| len > 1));
        s.sizes.sort_unstable();
        let unfixed = s.sizes.len();
        // (With a value twice in a domain, sizes overcount: always match.)
        let possible = self.repeats
            || s.sizes.iter().enumerate().any(|(i, &len)| {
                let k = i + 1;
                len < k || (len == k && k < unfixed)
            });
        if !possible {
            return Ok(());
        }
        self.regin(s, d)
    }

    /// Narrows to generalised arc consistency by Régin's filter.
    fn regin<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
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
    fn prune<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
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

/// The value numbers, in order of first appearance: a list searched in
/// turn while it is short (a sudoku's nine digits), a hash map beyond.
struct Numbers<'v, V> {
    list: Vec<&'v V>,
    map: HashMap<&'v V, u32>,
}

impl<V> Default for Numbers<'_, V> {
    fn default() -> Self {
        Numbers {
            list: Vec::new(),
            map: HashMap::new(),
        }
    }
}

impl<'v, V: Eq + Hash> Numbers<'v, V> {
    /// Beyond this many values, a hash map finds a number faster.
    const LIST: usize = 32;

    /// The number of `value`, a new one if it is new.
    fn of(&mut self, value: &'v V) -> u32 {
        let next = crate::index::small(self.len());
        if self.map.is_empty() {
            if let Some(at) = self.list.iter().position(|&v| v == value) {
                return crate::index::small(at);
            }
            if self.list.len() < Self::LIST {
                self.list.push(value);
                return next;
            }
            self.map = self.list.drain(..).zip(0..).collect();
        }
        *self.map.entry(value).or_insert(next)
    }

    fn len(&self) -> usize {
        self.list.len() + self.map.len()
    }
}

impl<V: Eq + Hash> Checker<V> for AllDifferent {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned variables of the scope hold pairwise different values.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let mut seen = vec![false; self.values];
        for &var in &self.scope {
            if let Some(index) = assignment.index(var) {
                let v = self.ids(self.pos[var] as usize)[index] as usize;
                if std::mem::replace(&mut seen[v], true) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether no other assigned variable of the scope holds the value.
    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        self.id(choice.var, choice.index)
            .is_none_or(|v| self.used[v] == 0)
    }

    fn narrows(&self) -> bool {
        true
    }

    // Every call removes the values of the variables fixed so far from
    // the others, so every candidate left is one `check` accepts.
    fn filters(&self) -> bool {
        false
    }

    // It reads the whole scope: the engine calls it once for a batch of
    // changes, and it runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        // Without the warm start (never expected), correct anyway.
        if self.small {
            // Arrays on the stack as long as the scope and the values.
            return if self.scope.len().max(self.values) <= 16 {
                self.scratch.with(|s| self.narrow_small::<V, 16>(s, d))
            } else {
                self.scratch.with(|s| self.narrow_small::<V, 64>(s, d))
            };
        }
        self.scratch.with(|s| self.narrow_with(s, d))
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        if let Some(v) = self.id(choice.var, choice.index) {
            self.used[v] += 1;
            self.mark(choice.var, Spread::Assigned);
        }
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        if let Some(v) = self.id(choice.var, choice.index) {
            self.used[v] -= 1;
            self.mark(choice.var, Spread::Unassigned);
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        self.pos = positions(&self.name, &self.scope, model)?;
        let mut numbers = Numbers::default();
        self.ids.clear();
        self.id_range.clear();
        for (p, &var) in self.scope.iter().enumerate() {
            let domain = model.domain(var);
            // The same domain as the variable before it (a grid's cells):
            // the same numbers.
            if p > 0 && model.domain(self.scope[p - 1]) == domain {
                self.id_range.push(self.id_range[p - 1]);
                continue;
            }
            let start = crate::index::small(self.ids.len());
            self.ids.extend(domain.iter().map(|v| numbers.of(v)));
            self.id_range
                .push((start, crate::index::small(self.ids.len())));
        }
        self.values = numbers.len();
        let n = self.scope.len();
        let mut seen = vec![u32::MAX; self.values];
        let repeats = (0..n).any(|p| {
            let mark = crate::index::small(p);
            self.ids(p)
                .iter()
                .any(|&v| std::mem::replace(&mut seen[v as usize], mark) == mark)
        });
        self.repeats = repeats;
        self.small = !repeats
            && self.values <= 64
            && n <= 64
            && self.scope.iter().all(|&var| model.domain(var).len() <= 64);
        self.aligned = (0..n).all(|p| {
            self.ids(p)
                .iter()
                .enumerate()
                .all(|(i, &v)| v as usize == i)
        });
        self.index_of.clear();
        if !self.small {
            self.index_of.resize(n * self.values, NONE);
            for (p, &(start, end)) in self.id_range.iter().enumerate() {
                for (i, &v) in self.ids[start as usize..end as usize].iter().enumerate() {
                    let at = p * self.values + v as usize;
                    if self.index_of[at] == NONE {
                        self.index_of[at] = crate::index::small(i);
                    }
                }
            }
        }
        self.used = vec![0; self.values];
        self.scratch.reset();
        Ok(())
    }
}
