//! All-different: the checker, its value rule, and which narrowing its
//! strength runs.

mod bits;
mod bounds;
mod matching;
mod numbers;

use std::hash::Hash;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::checker::Checker;
use crate::cost_class::CostClass;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

use super::Strength;
use super::scope::{NONE, positions};
use super::scratch::Scratch as Buffers;
use numbers::Numbers;

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
/// That is the default [`Strength::Domain`]; [`strength`](Self::strength)
/// picks a weaker, cheaper narrowing: [`Strength::Bounds`] (Hall
/// intervals) or [`Strength::Value`] (a fixed variable's value leaves the
/// others, and nothing more). When the scope, its values and every domain
/// have at most 64 entries, the narrowing works on one machine word per
/// set.
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
    /// when the variable does not have it): position `p`'s row is
    /// `index_of[p * values..]`. Not built when the domains are aligned.
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
    /// How strongly it narrows.
    strength: Strength,
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
    sizes: Vec<u32>,
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
            strength: Strength::Domain,
            scratch: Buffers::default(),
        }
    }

    /// The same checker narrowing with `strength` ([`Strength::Domain`]
    /// unless set).
    #[must_use]
    pub fn strength(mut self, strength: Strength) -> Self {
        self.strength = strength;
        self
    }

    /// The value rule for `var`: when it has one candidate left, its value
    /// leaves the other variables of the scope. Returns whether anything
    /// was removed.
    fn value_rule<V>(&self, var: usize, d: &mut Domains<'_, V>) -> Result<bool, Conflict> {
        if d.len(var) != 1 {
            return Ok(false);
        }
        let p = self.pos[var] as usize;
        let index = d.min(var).unwrap_or(0);
        let v = self.ids(p)[index];
        let mut removed = false;
        for (q, &other) in self.scope.iter().enumerate() {
            if q == p {
                continue;
            }
            removed |= if self.aligned {
                // The value's index is its number.
                d.remove(other, v as usize)?
            } else if self.repeats {
                let ids = self.ids(q);
                d.retain(other, |i| ids[i] != v)?
            } else {
                let i = self.index_of[q * self.values + v as usize];
                i != NONE && d.remove(other, i as usize)?
            };
        }
        Ok(removed)
    }

    /// The value number of each domain index of scope position `p`.
    #[inline]
    fn ids(&self, p: usize) -> &[u32] {
        let (start, end) = self.id_range[p];
        &self.ids[start as usize..end as usize]
    }

    /// Whether narrowing is Régin's filter on lists, the one narrowing
    /// that reads where its hooks saw each value assigned.
    #[inline]
    fn matches_on_lists(&self) -> bool {
        !self.small && self.strength == Strength::Domain
    }

    /// Records where the value of `var` (in scope) stands, for the one
    /// narrowing that reads it: Régin's filter on lists.
    #[inline]
    fn mark(&mut self, var: usize, spread: Spread) {
        if !self.matches_on_lists() {
            return;
        }
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
}

/// Whether Régin's filter can do anything, from the set sizes of the
/// unfixed variables (sorted here). It removes a value only for a Hall
/// set: k unfixed variables with k values between them, and another
/// variable that has one of those values; and it finds a conflict only
/// when some k variables have fewer than k. Either needs, with the sizes
/// in increasing order, a k-th size of at most k (fewer than k when k is
/// all of them).
fn hall_set_possible(sizes: &mut [u32]) -> bool {
    sizes.sort_unstable();
    let unfixed = sizes.len();
    sizes.iter().enumerate().any(|(i, &len)| {
        let k = i + 1;
        (len as usize) < k || (len as usize == k && k < unfixed)
    })
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

    // But for the value rule, it reads the whole scope: the engine calls it
    // once for a batch of changes, and it runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        self.strength != Strength::Value
    }

    // The value rule acts only on a variable left one value.
    fn wakes_on(&self, _: usize) -> Wake {
        if self.strength == Strength::Value {
            Wake::Fixed
        } else {
            Wake::Change
        }
    }

    // Every strength narrows from the sets alone, but the matching on
    // lists.
    fn narrows_from_sets(&self) -> bool {
        !self.matches_on_lists()
    }

    fn cost_class(&self) -> CostClass {
        match self.strength {
            Strength::Value => CostClass::Cheap,
            Strength::Bounds => CostClass::Linear,
            _ => CostClass::Expensive,
        }
    }

    fn narrow(&self, var: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        if self.strength == Strength::Value {
            return self.value_rule(var, d).map(|_| ());
        }
        let bounds = self.strength == Strength::Bounds;
        // Without the warm start (never expected), correct anyway.
        if self.small {
            // Arrays on the stack as long as the scope and the values.
            return if self.scope.len().max(self.values) <= 16 {
                self.scratch
                    .with(|s| self.narrow_small::<V, 16>(s, d, bounds))
            } else {
                self.scratch
                    .with(|s| self.narrow_small::<V, 64>(s, d, bounds))
            };
        }
        if bounds {
            return self.narrow_bounds(d);
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
        #[cfg(test)]
        let repeats = repeats || tests::ON_LISTS.get();
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
        if !self.aligned {
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

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::{AllDifferent, Strength};
    use crate::rng::Rng;
    use crate::{ModelBuilder, VariableOrder};

    thread_local! {
        /// Whether the checkers this thread prepares narrow on lists even
        /// where bit sets would do.
        pub(super) static ON_LISTS: Cell<bool> = const { Cell::new(false) };
    }

    /// The count, nodes and implied assignments of one random model.
    fn run(
        domains: &[Vec<u8>],
        scopes: &[Vec<usize>],
        strength: Strength,
        order: VariableOrder,
        on_lists: bool,
    ) -> (u128, u64, u64) {
        let mut b = ModelBuilder::new();
        for (i, d) in domains.iter().enumerate() {
            b.variable(format!("x{i}"), d.iter().copied());
        }
        b.order(order);
        let checkers: Vec<crate::DynChecker<u8>> = scopes
            .iter()
            .enumerate()
            .map(|(k, scope)| {
                let c =
                    AllDifferent::new(format!("d{k}"), scope.iter().copied()).strength(strength);
                Box::new(c) as crate::DynChecker<u8>
            })
            .collect();
        ON_LISTS.set(on_lists);
        let built = b.build(checkers);
        ON_LISTS.set(false);
        let mut model = built.expect("a valid model");
        // The first nodes of the tree: enough to differ, if they do.
        let outcome = model.search().node_limit(2_000).count();
        (outcome.value, outcome.stats.nodes, outcome.stats.implied)
    }

    /// The narrowing on bit sets removes what the narrowing on lists
    /// does, at every node: the same trees, for every strength, over
    /// aligned domains (one range for all) and others.
    #[test]
    fn bit_sets_and_lists_narrow_alike() {
        let mut random = Rng::new(7);
        for case in 0..400 {
            let n = 2 + random.below(8);
            let domains: Vec<Vec<u8>> = (0..n)
                .map(|_| {
                    let (a, b) = (random.below(n + 1), random.below(n + 1));
                    let (low, high) = (a.min(b), a.max(b));
                    match case % 3 {
                        // Aligned: one range from 0 for all.
                        0 => (0..=high).map(|v| u8::try_from(v).unwrap_or(0)).collect(),
                        // Intervals, where bounds reasoning bites.
                        1 => (low..=high).map(|v| u8::try_from(v).unwrap_or(0)).collect(),
                        _ => (0..9u8).filter(|_| random.below(2) == 0).collect(),
                    }
                })
                .map(|d: Vec<u8>| if d.is_empty() { vec![0] } else { d })
                .collect();
            let scopes: Vec<Vec<usize>> = (0..=random.below(2))
                .map(|_| {
                    let mut scope: Vec<usize> = (0..n).collect();
                    random.shuffle(&mut scope);
                    scope.truncate(2 + random.below(n - 1));
                    scope
                })
                .collect();
            for strength in [Strength::Bounds, Strength::Domain] {
                for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
                    let bits = run(&domains, &scopes, strength, order, false);
                    let lists = run(&domains, &scopes, strength, order, true);
                    assert_eq!(bits, lists, "{domains:?} {scopes:?} {strength:?} {order:?}");
                }
            }
        }
    }
}
