//! Inverse: two arrays of variables that are each other's inverse
//! permutation, to channel one model of a problem into another.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::nodes::targets;
use super::scope::{NONE, positions};

/// "Inverse": `x[i] == j` exactly when `y[j] == i`, for two arrays of `n`
/// variables, whose values `v` name positions `usize::try_from(v)` from 0.
/// Both arrays are then permutations of `0..n`, each the inverse of the
/// other: the position model of a tour (`y[k]` is the square of move `k`)
/// and its successor or order model (`x[s]` is the move on square `s`),
/// say, so that each of their checkers judges the model it suits.
///
/// It narrows both ways to a fixpoint: `j` stays a candidate of `x[i]`
/// while `i` is one of `y[j]`, and the other way round, and a variable
/// left one value `j` leaves its partner `y[j]` one value too. The engine
/// calls it once per batch of changes.
///
/// The model refuses a scope that names a variable twice, and arrays of
/// different lengths.
///
/// ```
/// use backtracker::{constraints::Inverse, ModelBuilder};
///
/// // Three objects in three places: place[o] and object[p] are inverse.
/// let mut b = ModelBuilder::new();
/// let place: Vec<usize> = (0..3).map(|o| b.variable(format!("place {o}"), 0..3u8)).collect();
/// let object: Vec<usize> = (0..3).map(|p| b.variable(format!("object {p}"), 0..3u8)).collect();
/// b.pin(place[0], &2);
/// let mut model = b.build((Inverse::new("channel", place, object.clone()),))?;
/// // Two permutations put object 0 in place 2.
/// let found: Vec<Vec<u8>> = model.search().solutions().collect();
/// assert_eq!(found, [[2, 0, 1, 1, 2, 0], [2, 1, 0, 2, 1, 0]]);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Inverse {
    name: String,
    /// The two arrays, one after the other.
    scope: Vec<usize>,
    n: usize,
    /// Per scope position, per domain index, the position its value names
    /// in the other array (`NONE`: none).
    target: Vec<Vec<u32>>,
}

impl Inverse {
    /// A checker called `name`: `x[i] == j` exactly when `y[j] == i`.
    pub fn new(
        name: impl Into<String>,
        x: impl IntoIterator<Item = usize>,
        y: impl IntoIterator<Item = usize>,
    ) -> Self {
        let mut scope: Vec<usize> = x.into_iter().collect();
        let n = scope.len();
        scope.extend(y);
        Inverse {
            name: name.into(),
            scope,
            n,
            target: Vec::new(),
        }
    }

    /// The scope position of the partner of position `p` that its value
    /// `t` names.
    #[inline]
    fn partner(&self, p: usize, t: usize) -> usize {
        if p < self.n { self.n + t } else { t }
    }

    /// The position in its own array of scope position `p`.
    #[inline]
    fn own(&self, p: usize) -> usize {
        if p < self.n { p } else { p - self.n }
    }

    /// Whether scope position `q` has a candidate naming position `t`.
    fn names<V>(&self, q: usize, t: usize, d: &Domains<'_, V>) -> bool {
        let target = &self.target[q];
        d.iter(self.scope[q]).any(|i| target[i] as usize == t)
    }

    /// One pass over both arrays; whether it removed anything.
    fn pass<V>(&self, d: &mut Domains<'_, V>) -> Result<bool, Conflict> {
        let mut changed = false;
        for p in 0..self.scope.len() {
            let var = self.scope[p];
            let own = self.own(p);
            let mut keep = Vec::new();
            for i in d.iter(var) {
                let t = self.target[p][i];
                keep.push(t != NONE && self.names(self.partner(p, t as usize), own, d));
            }
            let mut at = 0;
            changed |= d.retain(var, |_| {
                at += 1;
                keep[at - 1]
            })?;
            if d.len(var) == 1 {
                let t = self.target[p][d.min(var).unwrap_or(0)] as usize;
                let q = self.partner(p, t);
                let target = &self.target[q];
                changed |= d.retain(self.scope[q], |i| target[i] as usize == own)?;
            }
        }
        Ok(changed)
    }
}

impl<V: Clone + TryInto<usize>> Checker<V> for Inverse {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether every assigned variable names a position, its partner, when
    /// assigned, names it back, and no two assigned variables of an array
    /// name one position.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let mut named = vec![false; self.scope.len()];
        self.scope.iter().enumerate().all(|(p, &var)| {
            let Some(i) = assignment.index(var) else {
                return true;
            };
            let t = self.target[p][i];
            if t == NONE {
                return false;
            }
            let q = self.partner(p, t as usize);
            !std::mem::replace(&mut named[q], true)
                && assignment
                    .index(self.scope[q])
                    .is_none_or(|j| self.target[q][j] as usize == self.own(p))
        })
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
        while self.pass(d)? {}
        Ok(())
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        positions(&self.name, &self.scope, model)?;
        if self.scope.len() != 2 * self.n {
            return Err(ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: format!(
                    "its arrays have {} and {} variables; they must have as many",
                    self.n,
                    self.scope.len() - self.n
                ),
            });
        }
        self.target = targets(&self.scope, self.n, model);
        Ok(())
    }
}
