//! `Minimum` and `Maximum`: a variable equals the least or the greatest
//! value of some variables.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;
use super::scope::positions;

/// The least of the values of `vars` equals the value of `result`.
/// Values are read as `i64` through `TryInto<i64>`; `result` may not be
/// one of `vars`.
///
/// It narrows by bounds and support: `result` keeps the values that some
/// variable can still take, between the least lowest and the least
/// highest of the variables; every variable loses the values below the
/// lowest of `result`; and when only one variable can still reach the
/// highest of `result`, it loses the values above it.
///
/// ```
/// use backtracker::{constraints::Minimum, ModelBuilder};
///
/// // The least of two dice is 5: (5, 5), (5, 6), (6, 5).
/// let mut b = ModelBuilder::new();
/// let dice = [b.variable("a", 1..=6), b.variable("b", 1..=6)];
/// let low = b.variable("low", [5]);
/// let mut model = b.build((Minimum::new("least", dice, low),))?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Minimum {
    inner: Extremum,
}

/// The greatest of the values of `vars` equals the value of `result`: the
/// mirror of [`Minimum`], narrowed the same way.
///
/// ```
/// use backtracker::{constraints::Maximum, ModelBuilder};
///
/// // The greatest of two dice is 2: (1, 2), (2, 1), (2, 2).
/// let mut b = ModelBuilder::new();
/// let dice = [b.variable("a", 1..=6), b.variable("b", 1..=6)];
/// let high = b.variable("high", [2]);
/// let mut model = b.build((Maximum::new("greatest", dice, high),))?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Maximum {
    inner: Extremum,
}

impl Minimum {
    /// A checker called `name`: `result` is the least value of `vars`.
    ///
    /// ```
    /// use backtracker::{constraints::Minimum, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs = [b.variable("x", [3, 7]), b.variable("y", [4, 9])];
    /// let m = b.variable("m", 0..10);
    /// let mut model = b.build((Minimum::new("min", xs, m),))?;
    /// let found: Vec<Vec<i32>> = model.search().solutions().collect();
    /// assert_eq!(found, [[3, 4, 3], [3, 9, 3], [7, 4, 4], [7, 9, 7]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        vars: impl IntoIterator<Item = usize>,
        result: usize,
    ) -> Self {
        Minimum {
            inner: Extremum::new(name.into(), vars.into_iter().collect(), result, false),
        }
    }
}

impl Maximum {
    /// A checker called `name`: `result` is the greatest value of `vars`.
    ///
    /// ```
    /// use backtracker::{constraints::Maximum, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs = [b.variable("x", [3, 7]), b.variable("y", [4, 9])];
    /// let m = b.variable("m", 0..10);
    /// let mut model = b.build((Maximum::new("max", xs, m),))?;
    /// let found: Vec<Vec<i32>> = model.search().solutions().collect();
    /// assert_eq!(found, [[3, 4, 4], [3, 9, 9], [7, 4, 7], [7, 9, 9]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        vars: impl IntoIterator<Item = usize>,
        result: usize,
    ) -> Self {
        Maximum {
            inner: Extremum::new(name.into(), vars.into_iter().collect(), result, true),
        }
    }
}

/// A minimum, over negated values for a maximum.
#[derive(Clone, Debug)]
struct Extremum {
    name: String,
    vars: Vec<usize>,
    result: usize,
    negate: bool,
    /// The variables, then the result.
    scope: Vec<usize>,
    /// Per scope position, its values (negated for a maximum).
    ints: Vec<Ints>,
}

impl Extremum {
    fn new(name: String, vars: Vec<usize>, result: usize, negate: bool) -> Self {
        Extremum {
            name,
            vars,
            result,
            negate,
            scope: Vec::new(),
            ints: Vec::new(),
        }
    }

    /// The result's values.
    fn out(&self) -> &Ints {
        &self.ints[self.vars.len()]
    }

    fn check<V>(&self, a: &Assignment<'_, V>) -> bool {
        // Whether the minimum can be `r`: every variable can be at least
        // `r`, and one can be `r`.
        let can_be = |r: i64| {
            let mut hit = false;
            for (p, &var) in self.vars.iter().enumerate() {
                let values = &self.ints[p].values;
                match a.index(var) {
                    Some(k) if values[k] < r => return false,
                    Some(k) => hit |= values[k] == r,
                    None => {
                        if !values.iter().any(|&v| v >= r) {
                            return false;
                        }
                        hit |= values.contains(&r);
                    }
                }
            }
            hit
        };
        match a.index(self.result) {
            Some(k) => can_be(self.out().values[k]),
            None => self.out().values.iter().any(|&r| can_be(r)),
        }
    }

    fn narrow<V>(&self, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            let (mut least_low, mut least_high) = (i64::MAX, i64::MAX);
            for (p, &var) in self.vars.iter().enumerate() {
                let (lo, hi) = self.ints[p].bounds(var, d).ok_or_else(Conflict::new)?;
                least_low = least_low.min(lo);
                least_high = least_high.min(hi);
            }
            let out = &self.out().values;
            let (vars, ints) = (&self.vars, &self.ints);
            let dv = &*d;
            let keep: Vec<bool> = (0..out.len())
                .map(|k| {
                    let r = out[k];
                    (least_low..=least_high).contains(&r)
                        && vars
                            .iter()
                            .enumerate()
                            .any(|(p, &var)| dv.iter(var).any(|i| ints[p].values[i] == r))
                })
                .collect();
            changed |= d.retain(self.result, |k| keep[k])?;
            let (r_low, r_high) = self
                .out()
                .bounds(self.result, d)
                .ok_or_else(Conflict::new)?;
            let mut reach = None;
            let mut reachers = 0;
            for (p, &var) in self.vars.iter().enumerate() {
                let values = &self.ints[p].values;
                changed |= d.retain(var, |i| values[i] >= r_low)?;
                let (lo, _) = self.ints[p].bounds(var, d).ok_or_else(Conflict::new)?;
                if lo <= r_high {
                    reachers += 1;
                    reach = Some(p);
                }
            }
            match (reachers, reach) {
                (0, _) => return Err(Conflict::new()),
                (1, Some(p)) => {
                    let values = &self.ints[p].values;
                    changed |= d.retain(self.vars[p], |i| values[i] <= r_high)?;
                }
                _ => {}
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn prepare<V: Copy + TryInto<i64>>(
        &mut self,
        model: &ModelInfo<'_, V>,
    ) -> Result<(), ModelError> {
        if self.vars.is_empty() {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: "it needs at least one variable".to_owned(),
            });
        }
        self.scope.clone_from(&self.vars);
        self.scope.push(self.result);
        positions(&self.name, &self.scope, model)?;
        self.ints = self
            .scope
            .iter()
            .map(|&var| {
                let ints = Ints::of(&self.name, var, model)?;
                Ok(if self.negate { ints.negated() } else { ints })
            })
            .collect::<Result<_, ModelError>>()?;
        if self.ints.iter().any(|ints| ints.values.contains(&i64::MIN)) {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: "a value is the least 64-bit integer".to_owned(),
            });
        }
        Ok(())
    }
}

macro_rules! extremum_checker {
    ($t:ty) => {
        impl<V: Copy + TryInto<i64>> Checker<V> for $t {
            fn name(&self) -> &str {
                &self.inner.name
            }

            /// Whether the result (assigned, or some value of its domain)
            /// can still be the extremum: every variable can lie on its
            /// side of it, and one can equal it.
            fn check(&self, a: &Assignment<'_, V>) -> bool {
                self.inner.check(a)
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
                self.inner.narrow(d)
            }

            fn scope(&self) -> Option<&[usize]> {
                Some(&self.inner.scope)
            }

            fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
                self.inner.prepare(model)
            }
        }
    };
}

extremum_checker!(Minimum);
extremum_checker!(Maximum);
