//! Circuit: successor variables that form one Hamiltonian cycle.

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::nodes::targets;
use super::scope::{NONE, positions};
use super::scratch::Scratch as Buffers;

/// "Circuit": the variables of the scope are the successors of `n` nodes,
/// numbered from 0 in scope order, and following them from any node
/// visits every node once before it comes back (one Hamiltonian cycle).
///
/// A variable's value `v` names node `usize::try_from(v)`; a value that
/// names no node (negative, or `n` and above) is never taken. One node
/// must be its own successor; two or more never are.
///
/// It narrows by the standard subtour elimination: the fixed successors
/// (variables with one candidate left) form chains, and the last node of
/// a chain that does not hold every node may not go back to the chain's
/// first. Beside it, a node that a fixed successor names leaves the
/// others' candidates, a node that no variable can name any more fails
/// the step, and a node that only one variable can still name is that
/// variable's value. The engine calls it once per batch of changes, and
/// [`promising`](Checker::promising) judges a step in constant time from
/// the chains of the assigned successors, kept incrementally.
///
/// The model refuses a scope that names a variable twice.
///
/// ```
/// use backtracker::{constraints::Circuit, ModelBuilder};
///
/// // Four nodes: the successor of node i is x_i. A Hamiltonian cycle
/// // through four nodes in a given direction: 3! = 6 of them.
/// let mut b = ModelBuilder::new();
/// let next: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4u8)).collect();
/// let mut model = b.build((Circuit::new("tour", next),))?;
/// assert_eq!(model.search().count().value, 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Circuit {
    name: String,
    scope: Vec<usize>,
    /// Per model variable, its position in the scope (`NONE` outside).
    pos: Vec<u32>,
    /// Per scope position, per domain index, the node its value names
    /// (`NONE`: none).
    target: Vec<Vec<u32>>,
    /// The chains of the assigned successors. Per node whose successor is
    /// not assigned (a chain's last node), the chain's first node.
    first_of: Vec<u32>,
    /// Per node that no assigned successor names (a chain's first node),
    /// the chain's last node and its number of nodes.
    last_of: Vec<u32>,
    size: Vec<u32>,
    /// Per node, whether an assigned successor names it.
    taken: Vec<bool>,
    /// Buffers of a narrowing pass.
    scratch: Buffers<Scratch>,
}

/// The working memory of a narrowing pass, per node.
#[derive(Debug, Default)]
struct Scratch {
    /// The fixed successor (`NONE`: not fixed).
    next: Vec<u32>,
    /// Whether a fixed successor names it.
    named: Vec<bool>,
    /// Whether a chain walk passed it.
    seen: Vec<bool>,
    /// How many unfixed variables can still name it, and the last of them.
    ways: Vec<u32>,
    way: Vec<u32>,
}

impl Circuit {
    /// A checker called `name`: the variable at position `i` of `scope` is
    /// the successor of node `i`, and the successors form one cycle
    /// through every node.
    pub fn new(name: impl Into<String>, scope: impl IntoIterator<Item = usize>) -> Self {
        Circuit {
            name: name.into(),
            scope: scope.into_iter().collect(),
            pos: Vec::new(),
            target: Vec::new(),
            first_of: Vec::new(),
            last_of: Vec::new(),
            size: Vec::new(),
            taken: Vec::new(),
            scratch: Buffers::default(),
        }
    }

    /// The node that `var`'s domain index `index` names, with `var`'s own
    /// node, if `var` is in scope and the value names one.
    #[inline]
    fn arc(&self, var: usize, index: usize) -> Option<(usize, usize)> {
        let p = *self.pos.get(var)?;
        if p == NONE {
            return None;
        }
        let t = self.target[p as usize][index];
        (t != NONE).then_some((p as usize, t as usize))
    }

    /// One narrowing of the candidates, repeated until no successor is
    /// newly fixed.
    fn narrow_with<V>(&self, s: &mut Scratch, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let n = self.scope.len();
        if n == 0 {
            return Ok(());
        }
        let whole = crate::index::small(n);
        loop {
            // The fixed successors, each naming a node no other names.
            s.next.clear();
            s.next.resize(n, NONE);
            s.named.clear();
            s.named.resize(n, false);
            let mut fixed = 0;
            for (p, &var) in self.scope.iter().enumerate() {
                if d.len(var) != 1 {
                    continue;
                }
                let t = self.target[p][d.min(var).unwrap_or(0)];
                if t == NONE || std::mem::replace(&mut s.named[t as usize], true) {
                    return Err(Conflict::new());
                }
                s.next[p] = t;
                fixed += 1;
            }
            // The others keep the nodes that are still free.
            for (p, &var) in self.scope.iter().enumerate() {
                if s.next[p] == NONE {
                    let (target, named) = (&self.target[p], &s.named);
                    d.retain(var, |i| {
                        let t = target[i];
                        t != NONE && !named[t as usize]
                    })?;
                }
            }
            // The chains of fixed successors: from each first node to its
            // last, which may not go back to the first unless the chain
            // holds every node.
            s.seen.clear();
            s.seen.resize(n, false);
            for first in 0..n {
                if s.named[first] {
                    continue;
                }
                let (mut last, mut size) = (first, 1u32);
                s.seen[first] = true;
                while s.next[last] != NONE {
                    last = s.next[last] as usize;
                    s.seen[last] = true;
                    size += 1;
                }
                if size < whole {
                    let target = &self.target[last];
                    d.retain(self.scope[last], |i| target[i] as usize != first)?;
                }
            }
            // A node passed by no chain lies on a cycle of fixed
            // successors: only one through every node stands.
            if let Some(start) = (0..n).find(|&u| !s.seen[u]) {
                let (mut at, mut size) = (s.next[start] as usize, 1);
                while at != start {
                    at = s.next[at] as usize;
                    size += 1;
                }
                if size < n {
                    return Err(Conflict::new());
                }
            }
            // Every free node needs a predecessor: none fails the step,
            // one is fixed.
            s.ways.clear();
            s.ways.resize(n, 0);
            s.way.clear();
            s.way.resize(n, NONE);
            for (p, &var) in self.scope.iter().enumerate() {
                if s.next[p] != NONE {
                    continue;
                }
                for i in d.iter(var) {
                    let t = self.target[p][i] as usize;
                    s.ways[t] += 1;
                    s.way[t] = crate::index::small(p);
                }
            }
            for t in 0..n {
                if s.named[t] {
                    continue;
                }
                match s.ways[t] {
                    0 => return Err(Conflict::new()),
                    1 => {
                        let p = s.way[t] as usize;
                        let target = &self.target[p];
                        d.retain(self.scope[p], |i| target[i] as usize == t)?;
                    }
                    _ => {}
                }
            }
            let now = self.scope.iter().filter(|&&var| d.len(var) == 1).count();
            if now == fixed {
                return Ok(());
            }
        }
    }
}

impl<V: Clone + TryInto<usize>> Checker<V> for Circuit {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned successors name nodes, no node twice, and
    /// close no cycle that misses a node.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let n = self.scope.len();
        let mut next = vec![NONE; n];
        let mut named = vec![false; n];
        for (p, &var) in self.scope.iter().enumerate() {
            if let Some(index) = assignment.index(var) {
                let t = self.target[p][index];
                if t == NONE || std::mem::replace(&mut named[t as usize], true) {
                    return false;
                }
                next[p] = t;
            }
        }
        // Every node is on a path from a node no successor names, or on a
        // cycle; a cycle must hold every node.
        let mut seen = vec![false; n];
        for first in (0..n).filter(|&u| !named[u]) {
            let mut at = first;
            seen[at] = true;
            while next[at] != NONE {
                at = next[at] as usize;
                seen[at] = true;
            }
        }
        (0..n).filter(|&u| !seen[u]).all(|start| {
            let (mut at, mut size) = (next[start] as usize, 1);
            while at != start {
                at = next[at] as usize;
                size += 1;
            }
            size == n
        })
    }

    /// Whether the node is free, and the step closes no cycle short of
    /// every node.
    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        if self.pos.get(choice.var).is_none_or(|&p| p == NONE) {
            return true;
        }
        let Some((p, t)) = self.arc(choice.var, choice.index) else {
            return false;
        };
        !self.taken[t]
            && (self.first_of[p] as usize != t || self.size[t] as usize == self.scope.len())
    }

    fn narrows(&self) -> bool {
        true
    }

    // Every call leaves each unfixed successor the free nodes only, and
    // the last node of every chain short of all nodes without the chain's
    // first: every candidate left is one `check` accepts.
    fn filters(&self) -> bool {
        false
    }

    // It reads the whole scope, and runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        self.scratch.with(|s| self.narrow_with(s, d))
    }

    /// Joins the chain that ends at the variable's node to the chain that
    /// starts at the node it names.
    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let Some((p, t)) = self.arc(choice.var, choice.index) else {
            return;
        };
        self.taken[t] = true;
        let first = self.first_of[p] as usize;
        if first != t {
            let last = self.last_of[t] as usize;
            self.first_of[last] = crate::index::small(first);
            self.last_of[first] = crate::index::small(last);
            self.size[first] += self.size[t];
        }
    }

    /// Splits the chains again. Last in, first out: the first and last
    /// nodes the step read are still where it left them.
    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        let Some((p, t)) = self.arc(choice.var, choice.index) else {
            return;
        };
        self.taken[t] = false;
        let first = self.first_of[p] as usize;
        if first != t {
            let last = self.last_of[t] as usize;
            self.first_of[last] = crate::index::small(t);
            self.last_of[first] = crate::index::small(p);
            self.size[first] -= self.size[t];
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let n = self.scope.len();
        self.pos = positions(&self.name, &self.scope, model)?;
        self.target = targets(&self.scope, n, model);
        self.first_of = (0..n).map(crate::index::small).collect();
        self.last_of = self.first_of.clone();
        self.size = vec![1; n];
        self.taken = vec![false; n];
        self.scratch.reset();
        Ok(())
    }
}
