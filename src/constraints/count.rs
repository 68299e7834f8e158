//! Count: how many variables of a scope take a value, as a variable.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;
use super::scope::positions;

/// No such value in the domain.
const ABSENT: u32 = u32::MAX;

/// A count (`among` of one value): the number of variables of `vars` that
/// take `value` equals the value of the variable `count` (read as an
/// `i64` through `TryInto<i64>`; values are compared with `==`). For
/// constant bounds on a count, use
/// [`GlobalCardinality`](super::GlobalCardinality).
///
/// It narrows by counting the variables left `value` alone (fixed) and
/// those that still have it (possible): `count` keeps the values between
/// the two; when its highest equals the fixed, the others lose `value`;
/// when its lowest equals the possible, each of them takes it.
///
/// ```
/// use backtracker::{constraints::Count, ModelBuilder};
///
/// // Three dice showing 6 exactly `sixes` times, with sixes = 2:
/// // 3 places for the other die, 5 values for it.
/// let mut b = ModelBuilder::new();
/// let dice: Vec<usize> = (0..3).map(|i| b.variable(format!("d{i}"), 1..=6)).collect();
/// let sixes = b.variable("sixes", [2]);
/// let mut model = b.build((Count::new("sixes", dice, 6, sixes),))?;
/// assert_eq!(model.search().count().value, 15);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Count<V> {
    name: String,
    vars: Vec<usize>,
    value: V,
    counter: usize,
    /// The counted variables, then `count`.
    scope: Vec<usize>,
    /// Per counted variable, the domain index of `value`, or `ABSENT`.
    index: Vec<u32>,
    counts: Ints,
}

impl<V> Count<V> {
    /// A checker called `name`: `count` is the number of `vars` equal to
    /// `value`. `count` may be one of `vars`.
    ///
    /// ```
    /// use backtracker::{constraints::Count, Checker, DynChecker, ModelBuilder};
    ///
    /// // Magic sequences of length 4: x_i is the number of i's in the
    /// // sequence, [1, 2, 1, 0] and [2, 0, 2, 0].
    /// let mut b = ModelBuilder::new();
    /// let x: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
    /// let counts: Vec<DynChecker<i64>> = (0..4)
    ///     .map(|i| Count::new(format!("count {i}"), x.clone(), i, x[i as usize]).boxed())
    ///     .collect();
    /// let mut model = b.build(counts)?;
    /// let found: Vec<Vec<i64>> = model.search().solutions().collect();
    /// assert_eq!(found, [[1, 2, 1, 0], [2, 0, 2, 0]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        vars: impl IntoIterator<Item = usize>,
        value: V,
        count: usize,
    ) -> Self {
        Count {
            name: name.into(),
            vars: vars.into_iter().collect(),
            value,
            counter: count,
            scope: Vec::new(),
            index: Vec::new(),
            counts: Ints::default(),
        }
    }
}

impl<V: PartialEq + Copy + TryInto<i64>> Checker<V> for Count<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the count can still lie between the assigned variables
    /// equal to the value and those plus the unassigned that could be.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let (mut taken, mut free) = (0i64, 0i64);
        for (p, &var) in self.vars.iter().enumerate() {
            match a.index(var) {
                Some(k) => taken += i64::from(k == self.index[p] as usize),
                None => free += i64::from(self.index[p] != ABSENT),
            }
        }
        match a.index(self.counter) {
            Some(k) => (taken..=taken + free).contains(&self.counts.values[k]),
            None => self
                .counts
                .values
                .iter()
                .any(|c| (taken..=taken + free).contains(c)),
        }
    }

    fn narrows(&self) -> bool {
        true
    }

    // The count keeps the values between the fixed and the possible, and
    // a bound reached fixes or removes the value: every candidate left
    // passes `check`, unless the count is also counted.
    fn filters(&self) -> bool {
        self.scope.len() == self.vars.len()
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        loop {
            let (mut fixed, mut possible) = (0i64, 0i64);
            for (p, &var) in self.vars.iter().enumerate() {
                let k = self.index[p];
                if k != ABSENT && d.contains(var, k as usize) {
                    possible += 1;
                    fixed += i64::from(d.len(var) == 1);
                }
            }
            let counts = &self.counts.values;
            d.retain(self.counter, |k| (fixed..=possible).contains(&counts[k]))?;
            let (low, high) = self
                .counts
                .bounds(self.counter, d)
                .ok_or_else(Conflict::new)?;
            let mut changed = false;
            if high == fixed && possible > fixed {
                for (p, &var) in self.vars.iter().enumerate() {
                    if self.index[p] != ABSENT && d.len(var) > 1 {
                        changed |= d.remove(var, self.index[p] as usize)?;
                    }
                }
            } else if low == possible && possible > fixed {
                for (p, &var) in self.vars.iter().enumerate() {
                    let k = self.index[p] as usize;
                    if self.index[p] != ABSENT && d.len(var) > 1 && d.contains(var, k) {
                        changed |= d.retain(var, |i| i == k)?;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        positions(&self.name, &self.vars, model)?;
        self.scope.clone_from(&self.vars);
        if !self.vars.contains(&self.counter) {
            self.scope.push(self.counter);
        }
        positions(&self.name, &self.scope, model)?;
        self.index = self
            .vars
            .iter()
            .map(|&var| {
                model
                    .domain(var)
                    .iter()
                    .position(|v| *v == self.value)
                    .map_or(ABSENT, crate::index::small)
            })
            .collect();
        self.counts = Ints::of(&self.name, self.counter, model)?;
        Ok(())
    }
}
