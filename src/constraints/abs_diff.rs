//! `AbsDiff`: `|x - y| = z` (or `x - y = z`) over three variables, narrowed
//! to domain consistency.

use std::collections::HashMap;

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::{Checker, DynChecker};
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;
use super::scope::positions;
use super::scratch::Scratch;

/// `|x - y| = z` ([`new`](Self::new)) or `x - y = z`
/// ([`difference`](Self::difference)), over three different variables
/// whose values are read as `i64` through `TryInto<i64>`: the building
/// block of all-interval series, Costas arrays and Golomb rulers, without a
/// table or a predicate. [`each`](Self::each) states it for a list of
/// triples at once.
///
/// It narrows to domain consistency: one pass over the pairs of
/// candidates of `x` and `y` keeps exactly the values of the three that
/// lie on a solution of the constraint (the candidates of `x` times those
/// of `y` per call).
///
/// ```
/// use backtracker::{constraints::AbsDiff, ModelBuilder};
///
/// // |x - y| = 2 over 0..4: (0, 2), (1, 3), (2, 0), (3, 1).
/// let mut b = ModelBuilder::new();
/// let (x, y) = (b.variable("x", 0..4), b.variable("y", 0..4));
/// let z = b.variable("z", [2]);
/// let mut model = b.build((AbsDiff::new("gap", x, y, z),))?;
/// assert_eq!(model.search().count().value, 4);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AbsDiff {
    name: String,
    vars: [usize; 3],
    absolute: bool,
    ints: Vec<Ints>,
    /// The domain index of each value of `z`.
    z_index: HashMap<i64, usize>,
    scratch: Scratch<[Vec<bool>; 3]>,
}

impl AbsDiff {
    /// A checker called `name`: `|x - y| = z`.
    ///
    /// ```
    /// use backtracker::{constraints::AbsDiff, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y, z) = (b.variable("x", 0..3), b.variable("y", 0..3), b.variable("z", 0..3));
    /// let mut model = b.build((AbsDiff::new("distance", x, y, z),))?;
    /// // One solution per (x, y).
    /// assert_eq!(model.search().count().value, 9);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(name: impl Into<String>, x: usize, y: usize, z: usize) -> Self {
        AbsDiff {
            name: name.into(),
            vars: [x, y, z],
            absolute: true,
            ints: Vec::new(),
            z_index: HashMap::new(),
            scratch: Scratch::default(),
        }
    }

    /// A checker called `name`: `x - y = z`.
    ///
    /// ```
    /// use backtracker::{constraints::AbsDiff, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y, z) = (b.variable("x", 0..3), b.variable("y", 0..3), b.variable("z", 0..3));
    /// let mut model = b.build((AbsDiff::difference("ahead", x, y, z),))?;
    /// // x >= y: 6 pairs.
    /// assert_eq!(model.search().count().value, 6);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn difference(name: impl Into<String>, x: usize, y: usize, z: usize) -> Self {
        AbsDiff {
            absolute: false,
            ..AbsDiff::new(name, x, y, z)
        }
    }

    /// `|x - y| = z` for each triple `(x, y, z)` of `triples` (with
    /// `absolute`; else `x - y = z`), as boxed checkers named `name 0`,
    /// `name 1`, ...
    ///
    /// ```
    /// use backtracker::constraints::{AbsDiff, AllDifferent};
    /// use backtracker::{Checker, ModelBuilder};
    ///
    /// // All-interval series of 4 notes: a permutation of 0..4 whose 3
    /// // successive distances are different: 0312, 1203, 2130 and 3021.
    /// let mut b = ModelBuilder::new();
    /// let notes: Vec<usize> = (0..4).map(|i| b.variable(format!("n{i}"), 0..4i64)).collect();
    /// let gaps: Vec<usize> = (0..3).map(|i| b.variable(format!("g{i}"), 1..4i64)).collect();
    /// let mut checkers = AbsDiff::each("gap", (0..3).map(|i| (notes[i], notes[i + 1], gaps[i])), true);
    /// checkers.push(AllDifferent::new("notes", notes).boxed());
    /// checkers.push(AllDifferent::new("gaps", gaps).boxed());
    /// assert_eq!(b.build(checkers)?.search().count().value, 4);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn each<V: Copy + TryInto<i64> + 'static>(
        name: &str,
        triples: impl IntoIterator<Item = (usize, usize, usize)>,
        absolute: bool,
    ) -> Vec<DynChecker<V>> {
        triples
            .into_iter()
            .enumerate()
            .map(|(k, (x, y, z))| {
                let name = format!("{name} {k}");
                let checker = if absolute {
                    AbsDiff::new(name, x, y, z)
                } else {
                    AbsDiff::difference(name, x, y, z)
                };
                checker.boxed()
            })
            .collect()
    }

    #[inline]
    fn of(&self, a: i64, b: i64) -> i64 {
        if self.absolute { (a - b).abs() } else { a - b }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for AbsDiff {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether some values of the unassigned among the three (over their
    /// whole domains) complete the assigned ones.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let range = |p: usize| match a.index(self.vars[p]) {
            Some(k) => k..k + 1,
            None => 0..self.ints[p].values.len(),
        };
        let z = a.index(self.vars[2]);
        range(0).any(|i| {
            range(1).any(|j| {
                let c = self.of(self.ints[0].values[i], self.ints[1].values[j]);
                self.z_index
                    .get(&c)
                    .is_some_and(|&k| z.is_none_or(|zk| zk == k))
            })
        })
    }

    fn narrows(&self) -> bool {
        true
    }

    // Domain consistency over the candidates: every candidate left passes
    // `check`, which reads whole domains.
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
        self.scratch.with(|marks| {
            for (p, mark) in marks.iter_mut().enumerate() {
                mark.clear();
                mark.resize(self.ints[p].values.len(), false);
            }
            let [first, second, result] = self.vars;
            for i in d.iter(first) {
                for j in d.iter(second) {
                    let c = self.of(self.ints[0].values[i], self.ints[1].values[j]);
                    if let Some(&k) = self.z_index.get(&c)
                        && d.contains(result, k)
                    {
                        marks[0][i] = true;
                        marks[1][j] = true;
                        marks[2][k] = true;
                    }
                }
            }
            for (p, mark) in marks.iter().enumerate() {
                d.retain(self.vars[p], |i| mark[i])?;
            }
            Ok(())
        })
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
        let (xl, xh) = self.ints[0].extent();
        let (yl, yh) = self.ints[1].extent();
        let fits = [xl, xh, yl, yh]
            .iter()
            .all(|v| v.checked_abs().is_some_and(|v| v < i64::MAX / 2));
        if !fits {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: "a value of x or y could overflow the difference".to_owned(),
            });
        }
        self.z_index.clear();
        for (k, &v) in self.ints[2].values.iter().enumerate().rev() {
            self.z_index.insert(v, k);
        }
        self.scratch.reset();
        Ok(())
    }
}
