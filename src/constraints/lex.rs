//! `LexLess` / `LexLessEq`: one sequence of variables comes before another
//! in lexicographic order, for symmetry breaking.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;

/// The sequence `xs` comes before `ys` in lexicographic order: strictly
/// ([`less`](Self::less)) or not ([`less_eq`](Self::less_eq)). Values are
/// read as `i64` through `TryInto<i64>`; the two sequences have the same
/// length, and a variable may appear in both (rows of a matrix that share
/// nothing do not, but columns of a symmetric one may).
///
/// It narrows at the first position where the two may still differ: there
/// `x` loses the values above the highest of `y`, and `y` those below the
/// lowest of `x`; positions where both are fixed to one value are passed,
/// and a strict order with every position fixed equal is a conflict.
///
/// ```
/// use backtracker::{constraints::LexLess, ModelBuilder};
///
/// // Two rows of two bits, the first strictly before the second: of the
/// // 16 pairs, 4 are equal and half of the other 12 are in order.
/// let mut b = ModelBuilder::new();
/// let bits: Vec<usize> = (0..4).map(|i| b.variable(format!("b{i}"), 0..2)).collect();
/// let mut model = b.build((LexLess::less("rows", [bits[0], bits[1]], [bits[2], bits[3]]),))?;
/// assert_eq!(model.search().count().value, 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LexLess {
    name: String,
    xs: Vec<usize>,
    ys: Vec<usize>,
    strict: bool,
    scope: Vec<usize>,
    x_ints: Vec<Ints>,
    y_ints: Vec<Ints>,
}

impl LexLess {
    /// `xs` strictly before `ys`.
    ///
    /// ```
    /// use backtracker::{constraints::LexLess, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let mut model = b.build((LexLess::less("x before y", [x], [y]),))?;
    /// assert_eq!(model.search().count().value, 3); // 01, 02, 12
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn less(
        name: impl Into<String>,
        xs: impl IntoIterator<Item = usize>,
        ys: impl IntoIterator<Item = usize>,
    ) -> Self {
        LexLess {
            name: name.into(),
            xs: xs.into_iter().collect(),
            ys: ys.into_iter().collect(),
            strict: true,
            scope: Vec::new(),
            x_ints: Vec::new(),
            y_ints: Vec::new(),
        }
    }

    /// `xs` before or equal to `ys`.
    ///
    /// ```
    /// use backtracker::{constraints::LexLess, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let mut model = b.build((LexLess::less_eq("x up to y", [x], [y]),))?;
    /// assert_eq!(model.search().count().value, 6);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn less_eq(
        name: impl Into<String>,
        xs: impl IntoIterator<Item = usize>,
        ys: impl IntoIterator<Item = usize>,
    ) -> Self {
        LexLess {
            strict: false,
            ..LexLess::less(name, xs, ys)
        }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for LexLess {
    fn name(&self) -> &str {
        &self.name
    }

    /// Along the positions while both are assigned and equal: `true` at
    /// the first assigned pair in order or at an unassigned one whose
    /// domains allow `x <= y`, `false` at a pair out of order; at the end,
    /// whether equal sequences are allowed.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        for p in 0..self.xs.len() {
            let (xi, yi) = (&self.x_ints[p], &self.y_ints[p]);
            match (assignment.index(self.xs[p]), assignment.index(self.ys[p])) {
                (Some(i), Some(j)) => {
                    let (left, right) = (xi.values[i], yi.values[j]);
                    if left != right {
                        return left < right;
                    }
                }
                (i, j) => {
                    let low = i.map_or_else(|| xi.extent().0, |i| xi.values[i]);
                    let high = j.map_or_else(|| yi.extent().1, |j| yi.values[j]);
                    return low <= high;
                }
            }
        }
        !self.strict
    }

    fn narrows(&self) -> bool {
        true
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        for p in 0..self.xs.len() {
            let (x, y) = (self.xs[p], self.ys[p]);
            let (xi, yi) = (&self.x_ints[p], &self.y_ints[p]);
            let (_, y_high) = yi.bounds(y, d).ok_or_else(Conflict::new)?;
            d.retain(x, |i| xi.values[i] <= y_high)?;
            let (x_low, x_high) = xi.bounds(x, d).ok_or_else(Conflict::new)?;
            d.retain(y, |j| yi.values[j] >= x_low)?;
            let (y_low, y_high) = yi.bounds(y, d).ok_or_else(Conflict::new)?;
            if x_high < y_low {
                return Ok(());
            }
            let fixed_equal = x == y || (x_low == x_high && y_low == y_high && x_low == y_low);
            if !fixed_equal {
                return Ok(());
            }
        }
        if self.strict {
            Err(Conflict::new())
        } else {
            Ok(())
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        if self.xs.len() != self.ys.len() {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: format!(
                    "its sequences have different lengths ({} and {})",
                    self.xs.len(),
                    self.ys.len()
                ),
            });
        }
        self.scope.clear();
        for &var in self.xs.iter().chain(&self.ys) {
            if var >= model.len() {
                return Err(ModelError::UnknownVariable {
                    checker: self.name.clone(),
                    var,
                    count: model.len(),
                });
            }
            if !self.scope.contains(&var) {
                self.scope.push(var);
            }
        }
        let ints = |vars: &[usize]| {
            vars.iter()
                .map(|&var| Ints::of(&self.name, var, model))
                .collect::<Result<Vec<_>, _>>()
        };
        self.x_ints = ints(&self.xs)?;
        self.y_ints = ints(&self.ys)?;
        Ok(())
    }
}
