//! A table constraint: the allowed tuples, listed, narrowed by simple
//! tabular reduction.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::scope::{NONE, positions};

/// A table constraint (an "extensional" constraint): the variables of the
/// scope, in order, take one of the listed tuples of values.
///
/// Any relation on a few variables can be written this way, however
/// irregular: the pairs of queens that do not attack each other, the words
/// of a crossword's dictionary, the moves a rule allows. Values are
/// compared with `==`; a tuple holding a value that its variable's domain
/// lacks can never be taken and is dropped.
///
/// It narrows to generalised arc consistency by simple tabular reduction
/// (STR): the tuples that agree with the assigned variables are kept
/// incrementally (a sparse set of tuple numbers with a stack of its sizes,
/// undone in [`on_unassign`](Checker::on_unassign)); each narrowing pass
/// keeps of those the tuples whose every value is still a candidate, and
/// removes from every variable of the scope the values no such tuple
/// supports. A narrowing pass costs a walk over the live tuples, so a table
/// suits scopes of a few variables with up to some thousands of tuples.
///
/// The model refuses an empty scope, a scope that names a variable twice,
/// and a tuple whose length is not the scope's.
///
/// ```
/// use backtracker::{constraints::Table, ModelBuilder};
///
/// // (x, y) is one of three pairs; z equals x.
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 0..4u8);
/// let y = b.variable("y", 0..4u8);
/// let z = b.variable("z", 0..4u8);
/// let pairs = Table::new("pairs", vec![x, y], [vec![0, 1], vec![1, 3], vec![3, 2]]);
/// let equal = Table::new("equal", vec![x, z], (0..4u8).map(|v| vec![v, v]));
/// let mut model = b.build((pairs, equal))?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Debug)]
pub struct Table<V> {
    name: String,
    scope: Vec<usize>,
    /// The tuples as given.
    given: Arc<[Vec<V>]>,
    /// Per model variable, its position in the scope (`NONE` outside).
    pos: Vec<u32>,
    /// The allowed tuples as domain indices, `arity` numbers each.
    rows: Arc<[u32]>,
    /// A sparse set of tuple numbers: the first `live` agree with every
    /// assigned variable of the scope.
    order: Vec<u32>,
    live: usize,
    /// The values of `live` before each assignment in scope, last on top.
    stack: Vec<usize>,
    /// Per scope position, the number of words of its candidate sets.
    words: Vec<usize>,
    /// Buffers of a narrowing pass.
    scratch: Mutex<Vec<Vec<u64>>>,
}

impl<V: Clone> Clone for Table<V> {
    fn clone(&self) -> Self {
        Table {
            name: self.name.clone(),
            scope: self.scope.clone(),
            given: Arc::clone(&self.given),
            pos: self.pos.clone(),
            rows: Arc::clone(&self.rows),
            order: self.order.clone(),
            live: self.live,
            stack: self.stack.clone(),
            words: self.words.clone(),
            scratch: Mutex::new(Vec::new()),
        }
    }
}

impl<V> Table<V> {
    /// A checker called `name`: the variables of `scope`, in order, take
    /// one of `tuples` (each as many values as the scope has variables;
    /// repeated tuples count once).
    ///
    /// ```
    /// use backtracker::{constraints::Table, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", ["a", "b"]);
    /// let y = b.variable("y", ["a", "b"]);
    /// let differ = Table::new("differ", vec![x, y], [vec!["a", "b"], vec!["b", "a"]]);
    /// assert_eq!(b.build((differ,))?.search().count().value, 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        scope: Vec<usize>,
        tuples: impl IntoIterator<Item = Vec<V>>,
    ) -> Self {
        Table {
            name: name.into(),
            scope,
            given: tuples.into_iter().collect(),
            pos: Vec::new(),
            rows: Arc::from(Vec::new()),
            order: Vec::new(),
            live: 0,
            stack: Vec::new(),
            words: Vec::new(),
            scratch: Mutex::new(Vec::new()),
        }
    }

    /// The number of tuples that can still be taken: those whose values
    /// are all in their variables' domains and agree with the assigned
    /// variables (after [`prepare`](Checker::prepare); before, zero).
    ///
    /// ```
    /// use backtracker::{constraints::Table, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..3u8);
    /// // 7 is not in the domain: that tuple is dropped.
    /// let table = Table::new("t", vec![x], [vec![0], vec![2], vec![7]]);
    /// let model = b.build((table,))?;
    /// assert_eq!(model.checkers().0.live(), 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn live(&self) -> usize {
        self.live
    }

    /// The domain indices of tuple number `t`.
    #[inline]
    fn row(&self, t: u32) -> &[u32] {
        let k = self.scope.len();
        &self.rows[t as usize * k..(t as usize + 1) * k]
    }

    /// Whether some live tuple has domain index `index` at position `p`.
    fn supported(&self, p: usize, index: usize) -> bool {
        self.order[..self.live]
            .iter()
            .any(|&t| self.row(t)[p] as usize == index)
    }

    /// One narrowing pass into `support` (one bitset per scope position).
    fn narrow_with<W>(
        &self,
        support: &mut Vec<Vec<u64>>,
        d: &mut Domains<'_, W>,
    ) -> Result<(), Conflict> {
        let k = self.scope.len();
        support.resize_with(k, Vec::new);
        for (p, s) in support.iter_mut().enumerate() {
            s.clear();
            s.resize(self.words[p], 0);
        }
        let mut any = false;
        for &t in &self.order[..self.live] {
            let row = self.row(t);
            if row
                .iter()
                .zip(&self.scope)
                .all(|(&i, &var)| d.contains(var, i as usize))
            {
                any = true;
                for (p, &i) in row.iter().enumerate() {
                    support[p][i as usize / 64] |= 1 << (i % 64);
                }
            }
        }
        if !any {
            return Err(Conflict::new());
        }
        for (p, &var) in self.scope.iter().enumerate() {
            d.intersect(var, &support[p])?;
        }
        Ok(())
    }
}

impl<V: Eq + Hash + Clone> Checker<V> for Table<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether some allowed tuple agrees with every assigned variable of
    /// the scope.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let at: Vec<Option<usize>> = self.scope.iter().map(|&v| assignment.index(v)).collect();
        let k = self.scope.len();
        if k == 0 {
            return true;
        }
        self.rows.chunks_exact(k).any(|row| {
            row.iter()
                .zip(&at)
                .all(|(&i, a)| a.is_none_or(|a| a == i as usize))
        })
    }

    /// Whether some tuple that agrees with the assigned variables has the value.
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        match self.pos.get(choice.var) {
            Some(&p) if p != NONE => self.supported(p as usize, choice.index),
            _ => true,
        }
    }

    /// The values of `var` that some live tuple has, in one pass.
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        let p = match self.pos.get(var) {
            Some(&p) if p != NONE => p as usize,
            _ => return,
        };
        let words = candidates.words_mut();
        let mut keep = vec![0u64; words.len()];
        for &t in &self.order[..self.live] {
            let i = self.row(t)[p];
            if let Some(word) = keep.get_mut(i as usize / 64) {
                *word |= 1 << (i % 64);
            }
        }
        for (word, keep) in words.iter_mut().zip(keep) {
            *word &= keep;
        }
    }

    fn narrows(&self) -> bool {
        true
    }

    // It reads the whole scope and runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        match self.scratch.try_lock() {
            Ok(mut support) => self.narrow_with(&mut support, d),
            // Never expected (each search has its own checker).
            Err(_) => self.narrow_with(&mut Vec::new(), d),
        }
    }

    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let p = match self.pos.get(choice.var) {
            Some(&p) if p != NONE => p as usize,
            _ => return,
        };
        self.stack.push(self.live);
        let k = self.scope.len();
        let index = crate::index::small(choice.index);
        let mut i = 0;
        while i < self.live {
            let t = self.order[i] as usize;
            if self.rows[t * k + p] == index {
                i += 1;
            } else {
                self.live -= 1;
                self.order.swap(i, self.live);
            }
        }
    }

    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        if self.pos.get(choice.var).is_some_and(|&p| p != NONE) {
            self.live = self.stack.pop().unwrap_or(self.order.len());
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: self.name.clone(),
            reason,
        };
        if self.scope.is_empty() {
            return Err(invalid("its scope is empty".into()));
        }
        let k = self.scope.len();
        self.pos = positions(&self.name, &self.scope, model)?;
        if let Some((t, tuple)) = self.given.iter().enumerate().find(|(_, t)| t.len() != k) {
            return Err(invalid(format!(
                "tuple {t} has {} values for a scope of {k} variables",
                tuple.len()
            )));
        }
        // Per position, the domain indices of each value (several when a
        // domain repeats a value).
        let indices: Vec<HashMap<&V, Vec<u32>>> = self
            .scope
            .iter()
            .map(|&var| {
                let mut map: HashMap<&V, Vec<u32>> = HashMap::new();
                for (i, value) in model.domain(var).iter().enumerate() {
                    map.entry(value).or_default().push(crate::index::small(i));
                }
                map
            })
            .collect();
        let mut seen: HashSet<Vec<u32>> = HashSet::new();
        let mut rows: Vec<u32> = Vec::new();
        'tuples: for tuple in self.given.iter() {
            let mut choices: Vec<&[u32]> = Vec::with_capacity(k);
            for (p, value) in tuple.iter().enumerate() {
                match indices[p].get(value) {
                    Some(list) => choices.push(list),
                    None => continue 'tuples,
                }
            }
            // Every combination of the indices (one, unless a domain
            // repeats a value), as an odometer.
            let mut at = vec![0usize; k];
            loop {
                let row: Vec<u32> = (0..k).map(|p| choices[p][at[p]]).collect();
                if seen.insert(row.clone()) {
                    rows.extend_from_slice(&row);
                }
                let mut p = k;
                loop {
                    if p == 0 {
                        continue 'tuples;
                    }
                    p -= 1;
                    at[p] += 1;
                    if at[p] < choices[p].len() {
                        break;
                    }
                    at[p] = 0;
                }
            }
        }
        let count = rows.len() / k;
        self.rows = Arc::from(rows);
        self.order = (0..crate::index::small(count)).collect();
        self.live = count;
        self.stack.clear();
        self.words = self
            .scope
            .iter()
            .map(|&var| model.domain(var).len().div_ceil(64).max(1))
            .collect();
        *self
            .scratch
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Vec::new();
        Ok(())
    }
}
