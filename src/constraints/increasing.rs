//! `Increasing`: the values of a sequence of variables never go down.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;
use super::scope::positions;

/// The values of `vars` never go down ([`new`](Self::new)), or always go
/// up ([`strict`](Self::strict)). Values are read as `i64` through
/// `TryInto<i64>`.
///
/// It narrows to bounds consistency: one pass forward raises each lowest
/// value to its predecessor's (plus one, strictly), one pass back lowers
/// each highest to its successor's.
///
/// ```
/// use backtracker::{constraints::Increasing, ModelBuilder};
///
/// // Three marks in 0..5, rising strictly: C(5, 3) = 10 ways.
/// let mut b = ModelBuilder::new();
/// let marks: Vec<usize> = (0..3).map(|i| b.variable(format!("m{i}"), 0..5)).collect();
/// let mut model = b.build((Increasing::strict("rising", marks),))?;
/// assert_eq!(model.search().count().value, 10);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Increasing {
    name: String,
    vars: Vec<usize>,
    step: i64,
    ints: Vec<Ints>,
}

impl Increasing {
    /// `vars` never go down.
    ///
    /// ```
    /// use backtracker::{constraints::Increasing, ModelBuilder};
    ///
    /// // Two dice, the second no lower: 21 of the 36 throws.
    /// let mut b = ModelBuilder::new();
    /// let dice = [b.variable("a", 1..=6), b.variable("b", 1..=6)];
    /// let mut model = b.build((Increasing::new("sorted", dice),))?;
    /// assert_eq!(model.search().count().value, 21);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(name: impl Into<String>, vars: impl IntoIterator<Item = usize>) -> Self {
        Increasing {
            name: name.into(),
            vars: vars.into_iter().collect(),
            step: 0,
            ints: Vec::new(),
        }
    }

    /// `vars` always go up.
    ///
    /// ```
    /// use backtracker::{constraints::Increasing, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let dice = [b.variable("a", 1..=6), b.variable("b", 1..=6)];
    /// let mut model = b.build((Increasing::strict("rising", dice),))?;
    /// assert_eq!(model.search().count().value, 15);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn strict(name: impl Into<String>, vars: impl IntoIterator<Item = usize>) -> Self {
        Increasing {
            step: 1,
            ..Increasing::new(name, vars)
        }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for Increasing {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned values rise along the sequence (at least one
    /// per position between two assigned ones, strictly).
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let mut last: Option<(usize, i64)> = None;
        for (p, &var) in self.vars.iter().enumerate() {
            if let Some(k) = a.index(var) {
                let v = self.ints[p].values[k];
                if let Some((q, w)) = last
                    && v - w < self.step * i64::try_from(p - q).unwrap_or(i64::MAX)
                {
                    return false;
                }
                last = Some((p, v));
            }
        }
        true
    }

    fn narrows(&self) -> bool {
        true
    }

    // Bounds consistency: every candidate left has a predecessor below it
    // and a successor above it among the candidates.
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
        let n = self.vars.len();
        loop {
            let mut changed = false;
            let mut low = i64::MIN;
            for p in 0..n {
                let values = &self.ints[p].values;
                changed |= d.retain(self.vars[p], |k| values[k] >= low)?;
                let (lo, _) = self.ints[p]
                    .bounds(self.vars[p], d)
                    .ok_or_else(Conflict::new)?;
                low = lo + self.step;
            }
            let mut high = i64::MAX;
            for p in (0..n).rev() {
                let values = &self.ints[p].values;
                changed |= d.retain(self.vars[p], |k| values[k] <= high)?;
                let (_, hi) = self.ints[p]
                    .bounds(self.vars[p], d)
                    .ok_or_else(Conflict::new)?;
                high = hi - self.step;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.vars)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        positions(&self.name, &self.vars, model)?;
        self.ints = self
            .vars
            .iter()
            .map(|&var| Ints::of(&self.name, var, model))
            .collect::<Result<_, _>>()?;
        let n = i64::try_from(self.vars.len()).unwrap_or(i64::MAX);
        let fits = self.ints.iter().all(|ints| {
            let (lo, hi) = ints.extent();
            lo.checked_sub(n).is_some() && hi.checked_add(n).is_some()
        });
        if !fits {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: "a value is too close to the limits of 64-bit integers".to_owned(),
            });
        }
        Ok(())
    }
}
