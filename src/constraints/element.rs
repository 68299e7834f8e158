//! Element: an index variable selects one entry of an array, of variables
//! or of constants, and a result variable equals it.

use std::collections::HashMap;
use std::hash::Hash;

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::nodes::targets;
use super::scope::positions;
use super::scratch::Scratch;

/// One entry of the array: a variable, or a constant's value number.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Var(usize),
    Value(u32),
}

/// "Element": `result == array[index]`, where `index` is a variable whose
/// value `v` selects entry `usize::try_from(v)` of `array` (from 0), and
/// the entries are variables ([`new`](Element::new)) or constants
/// ([`constants`](Element::constants)). An index value that selects no
/// entry is never taken. Values are compared with `==`.
///
/// It narrows to generalised arc consistency when the index, the result
/// and the entries are different variables: an index value stays while
/// its entry can still equal the result, a result value while some entry
/// the index can still select can take it, and once the index is fixed
/// its entry keeps the values the result can take. (A variable used twice
/// is narrowed soundly, if less.) The engine calls it once per batch of
/// changes.
///
/// ```
/// use backtracker::{constraints::Element, ModelBuilder};
///
/// // price = [3, 5, 8][item], and the price is at most 5.
/// let mut b = ModelBuilder::new();
/// let item = b.variable("item", 0..3);
/// let price = b.variable("price", 0..=5);
/// let mut model = b.build((Element::constants("price list", item, [3, 5, 8], price),))?;
/// let found: Vec<Vec<i32>> = model.search().solutions().collect();
/// assert_eq!(found, [[0, 3], [1, 5]]);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Element<V> {
    name: String,
    index: usize,
    result: usize,
    /// The array as given: variables, or constants.
    vars: Vec<usize>,
    values: Vec<V>,
    /// The index, the result, then every variable entry (the scope).
    scope: Vec<usize>,
    /// Per index domain index, the entry it selects (`NONE`: none).
    select: Vec<u32>,
    /// The entries, once numbered.
    entries: Vec<Entry>,
    /// Per model variable of the scope, per domain index, its value number.
    ids: HashMap<usize, Vec<u32>>,
    /// Number of distinct values.
    count: usize,
    scratch: Scratch<Vec<bool>>,
}

impl<V> Element<V> {
    /// A checker called `name`: `result == array[index]`, the entries of
    /// `array` variables.
    ///
    /// ```
    /// use backtracker::{constraints::Element, ModelBuilder};
    ///
    /// // y = [a, b][i] with a in {1, 2}, b in {3}, y in {2, 3}.
    /// let mut b = ModelBuilder::new();
    /// let i = b.variable("i", 0..2u8);
    /// let a = b.variable("a", [1, 2]);
    /// let c = b.variable("b", [3]);
    /// let y = b.variable("y", [2, 3]);
    /// let mut model = b.build((Element::new("pick", i, [a, c], y),))?;
    /// // i = 0: a = y = 2; i = 1: y = 3, a free (two values).
    /// assert_eq!(model.search().count().value, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        index: usize,
        array: impl IntoIterator<Item = usize>,
        result: usize,
    ) -> Self {
        let vars: Vec<usize> = array.into_iter().collect();
        let mut scope = vec![index, result];
        scope.extend(&vars);
        scope.sort_unstable();
        scope.dedup();
        Element::with(name.into(), index, result, vars, Vec::new(), scope)
    }

    /// A checker called `name`: `result == values[index]`.
    pub fn constants(
        name: impl Into<String>,
        index: usize,
        values: impl IntoIterator<Item = V>,
        result: usize,
    ) -> Self {
        let mut scope = vec![index, result];
        scope.dedup();
        let values = values.into_iter().collect();
        Element::with(name.into(), index, result, Vec::new(), values, scope)
    }

    fn with(
        name: String,
        index: usize,
        result: usize,
        vars: Vec<usize>,
        values: Vec<V>,
        scope: Vec<usize>,
    ) -> Self {
        Element {
            name,
            index,
            result,
            vars,
            values,
            scope,
            select: Vec::new(),
            entries: Vec::new(),
            ids: HashMap::new(),
            count: 0,
            scratch: Scratch::default(),
        }
    }

    /// The value number of `var`'s domain index `i`.
    #[inline]
    fn id(&self, var: usize, i: usize) -> u32 {
        self.ids[&var][i]
    }

    /// Whether `entry` can take value number `v` within the candidates.
    fn can_take<W>(&self, entry: Entry, v: u32, d: &Domains<'_, W>) -> bool {
        match entry {
            Entry::Value(c) => c == v,
            Entry::Var(var) => d.iter(var).any(|i| self.id(var, i) == v),
        }
    }

    /// One narrowing pass; whether it removed anything.
    fn pass<W>(&self, has: &mut Vec<bool>, d: &mut Domains<'_, W>) -> Result<bool, Conflict> {
        let mut changed = false;
        // The result's values, as a set of value numbers.
        has.clear();
        has.resize(self.count, false);
        for i in d.iter(self.result) {
            has[self.id(self.result, i) as usize] = true;
        }
        // An index value stays while its entry can equal the result.
        let select = &self.select;
        let mut keep = vec![false; select.len()];
        for i in d.iter(self.index) {
            keep[i] = match select[i] {
                super::scope::NONE => false,
                e => match self.entries[e as usize] {
                    Entry::Value(c) => has[c as usize],
                    Entry::Var(var) => d.iter(var).any(|j| has[self.id(var, j) as usize]),
                },
            };
        }
        changed |= d.retain(self.index, |i| keep[i])?;
        // A result value stays while a selectable entry can take it.
        let entries: Vec<Entry> = d
            .iter(self.index)
            .map(|i| self.entries[select[i] as usize])
            .collect();
        let result = self.result;
        let ids = &self.ids[&result];
        let mut supported = vec![false; self.count];
        for i in d.iter(result) {
            let v = ids[i];
            supported[v as usize] = entries.iter().any(|&e| self.can_take(e, v, d));
        }
        changed |= d.retain(result, |i| supported[ids[i] as usize])?;
        // A fixed index: its entry equals the result.
        if let [Entry::Var(var)] = entries[..] {
            has.clear();
            has.resize(self.count, false);
            for i in d.iter(result) {
                has[ids[i] as usize] = true;
            }
            let own = &self.ids[&var];
            changed |= d.retain(var, |i| has[own[i] as usize])?;
        }
        Ok(changed)
    }
}

impl<V: Clone + Eq + Hash + TryInto<usize>> Checker<V> for Element<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the index selects an entry, and the entry and the result,
    /// once both are known, are equal.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let Some(i) = assignment.index(self.index) else {
            return true;
        };
        let e = self.select[i];
        if e == super::scope::NONE {
            return false;
        }
        let Some(r) = assignment.index(self.result) else {
            return true;
        };
        let r = self.id(self.result, r);
        match self.entries[e as usize] {
            Entry::Value(c) => c == r,
            Entry::Var(var) => assignment.index(var).is_none_or(|j| self.id(var, j) == r),
        }
    }

    fn narrows(&self) -> bool {
        true
    }

    // It reads the whole scope, and runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    // It keeps nothing in hooks: its narrowing reads the sets alone.
    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        self.scratch.with(|has| {
            while self.pass(has, d)? {}
            Ok(())
        })
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        // The scope sorted and without repeats: positions only validates it.
        positions(&self.name, &self.scope, model)?;
        let mut numbers: HashMap<V, u32> = HashMap::new();
        let mut number = |value: &V| {
            let next = crate::index::small(numbers.len());
            *numbers.entry(value.clone()).or_insert(next)
        };
        self.ids = self
            .scope
            .iter()
            .map(|&var| (var, model.domain(var).iter().map(&mut number).collect()))
            .collect();
        self.entries = if self.vars.is_empty() {
            self.values
                .iter()
                .map(|value| Entry::Value(number(value)))
                .collect()
        } else {
            self.vars.iter().map(|&var| Entry::Var(var)).collect()
        };
        self.count = numbers.len();
        self.select = targets(&[self.index], self.entries.len(), model)
            .pop()
            .unwrap_or_default();
        self.scratch.reset();
        Ok(())
    }
}
