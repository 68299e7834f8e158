//! Global cardinality: how many variables of a scope take each of some
//! values, between bounds.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::scope::positions;

/// A global cardinality constraint: for each value listed with bounds `(value, at
/// least, at most)`, the number of variables of the scope that take it
/// lies within the bounds. Values not listed are not limited. Values are
/// compared with `==`.
///
/// It narrows by counting, for each value listed, the variables left that
/// value alone (fixed) and those that still have it (possible): more than
/// `at most` fixed, or fewer than `at least` possible, is a conflict; with
/// `at most` fixed, the others lose the value; with only `at least`
/// possible, each of them takes it. This runs until nothing changes (it
/// is not the flow-based filtering that reaches arc consistency).
///
/// ```
/// use backtracker::{constraints::GlobalCardinality, ModelBuilder};
///
/// // Four variables over 0..3: exactly two 0s and at most one 1.
/// let mut b = ModelBuilder::new();
/// let vars: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..3)).collect();
/// let rule = GlobalCardinality::new("counts", vars, [(0, 2, 2), (1, 0, 1)]);
/// let mut model = b.build((rule,))?;
/// // C(4, 2) places for the 0s, then the other two: 22, 21 or 12.
/// assert_eq!(model.search().count().value, 6 * 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GlobalCardinality<V> {
    name: String,
    vars: Vec<usize>,
    bounds: Vec<(V, usize, usize)>,
    /// Per listed value, per scope position, the domain index of the
    /// value (`u32::MAX`: not in the domain).
    index: Vec<Vec<u32>>,
}

/// No such value in the domain.
const ABSENT: u32 = u32::MAX;

impl<V> GlobalCardinality<V> {
    /// A checker called `name`: for each `(value, at_least, at_most)` of
    /// `bounds`, between `at_least` and `at_most` variables of `vars`
    /// take `value`.
    ///
    /// ```
    /// use backtracker::{constraints::GlobalCardinality, ModelBuilder};
    ///
    /// // Three coins, at least two heads: 4 ways.
    /// let mut b = ModelBuilder::new();
    /// let coins: Vec<usize> = (0..3).map(|i| b.variable(format!("c{i}"), ['h', 't'])).collect();
    /// let rule = GlobalCardinality::new("heads", coins, [('h', 2, 3)]);
    /// assert_eq!(b.build((rule,))?.search().count().value, 4);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        vars: impl IntoIterator<Item = usize>,
        bounds: impl IntoIterator<Item = (V, usize, usize)>,
    ) -> Self {
        GlobalCardinality {
            name: name.into(),
            vars: vars.into_iter().collect(),
            bounds: bounds.into_iter().collect(),
            index: Vec::new(),
        }
    }

    /// One pass over the listed values; returns whether it changed a set.
    fn pass<W>(&self, d: &mut Domains<'_, W>) -> Result<bool, Conflict> {
        let mut changed = false;
        for (c, &(_, low, high)) in self.bounds.iter().enumerate() {
            let index = &self.index[c];
            let (mut fixed, mut possible) = (0, 0);
            for (p, &var) in self.vars.iter().enumerate() {
                let k = index[p];
                if k != ABSENT && d.contains(var, k as usize) {
                    possible += 1;
                    if d.len(var) == 1 {
                        fixed += 1;
                    }
                }
            }
            if fixed > high || possible < low {
                return Err(Conflict::new());
            }
            if fixed == high && possible > fixed {
                for (p, &var) in self.vars.iter().enumerate() {
                    let k = index[p];
                    if k != ABSENT && d.len(var) > 1 {
                        changed |= d.remove(var, k as usize)?;
                    }
                }
            } else if possible == low && possible > fixed {
                for (p, &var) in self.vars.iter().enumerate() {
                    let k = index[p] as usize;
                    if index[p] != ABSENT && d.len(var) > 1 && d.contains(var, k) {
                        changed |= d.retain(var, |i| i == k)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

impl<V: PartialEq> Checker<V> for GlobalCardinality<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether each listed value is taken by at most its upper bound of
    /// the assigned variables, and could be by its lower bound with the
    /// unassigned ones whose domains hold it.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        self.bounds.iter().enumerate().all(|(c, &(_, low, high))| {
            let (mut taken, mut free) = (0, 0);
            for (p, &var) in self.vars.iter().enumerate() {
                match a.index(var) {
                    Some(k) => taken += usize::from(k == self.index[c][p] as usize),
                    None => free += usize::from(self.index[c][p] != ABSENT),
                }
            }
            taken <= high && taken + free >= low
        })
    }

    fn narrows(&self) -> bool {
        true
    }

    // A value taken `at most` times leaves the others' sets, and one
    // possible only `at least` times is taken: every candidate left passes
    // `check`.
    fn filters(&self) -> bool {
        false
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        while self.pass(d)? {}
        Ok(())
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.vars)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        positions(&self.name, &self.vars, model)?;
        for (c, (value, low, high)) in self.bounds.iter().enumerate() {
            if low > high {
                return Err(ModelError::InvalidChecker {
                    checker: self.name.clone(),
                    reason: format!("value number {c} has bounds {low} above {high}"),
                });
            }
            if self.bounds[..c].iter().any(|b| b.0 == *value) {
                return Err(ModelError::InvalidChecker {
                    checker: self.name.clone(),
                    reason: format!("value number {c} is listed twice"),
                });
            }
        }
        self.index = self
            .bounds
            .iter()
            .map(|(value, _, _)| {
                self.vars
                    .iter()
                    .map(|&var| {
                        model
                            .domain(var)
                            .iter()
                            .position(|v| v == value)
                            .map_or(ABSENT, crate::index::small)
                    })
                    .collect()
            })
            .collect();
        Ok(())
    }
}
