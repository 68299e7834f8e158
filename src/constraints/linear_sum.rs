//! A linear sum of variables compared with a constant, narrowed to bounds
//! consistency (an equality of two variables to domain consistency).

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::Relation;
use super::pair_support::PairSupport;

/// Marks a variable outside the scope.
const NONE: u32 = u32::MAX;

/// A linear constraint: `a1*x1 + a2*x2 + ... (=, <= or >=) c`, with integer
/// coefficients `ai`, variables `xi` and a constant `c`.
///
/// Terms are `(coefficient, variable)` pairs. A variable may appear in
/// several terms (its coefficients add up); a coefficient may be 0 or
/// negative. Values are read as `i64` through `TryInto<i64>`, so models
/// over `u8`, `u32`, `i32`, `usize` or `i64` all work.
///
/// All arithmetic is checked once, when the model is built: the model
/// refuses the constraint (with a [`ModelError::InvalidChecker`] naming
/// it) when it has no terms, when a value does not fit an `i64`, or when
/// `|c|` plus, per variable, its largest `|coefficient * value|` does not
/// fit an `i64`. Past that check no sum can overflow, so an overflow is a
/// refused model, never a wrong answer.
///
/// How it prunes:
///
/// - [`promising`](Checker::promising) keeps the sum of the assigned terms
///   and the least and greatest sums the unassigned terms can add (over
///   their whole domains), updated in `on_assign`/`on_unassign`, and
///   rejects a value when no sum within those bounds satisfies the
///   relation: one comparison per candidate.
/// - [`narrow`](Checker::narrow) makes the candidates bounds consistent:
///   with the least and greatest sums over the candidates left, it removes
///   each value that would push the sum out of reach whatever the others
///   take, and repeats until nothing changes.
/// - An equality of two variables (`x - y = 3`, `2x + y = 9`) is narrowed
///   to domain consistency instead: a value stays a candidate exactly
///   when the one value of the other variable that completes the sum
///   does, so holes carry across (`x` loses 7 when `y` loses 4). This
///   holds when each variable's values are distinct, as in any domain of
///   numbers; with a repeated value it narrows by bounds.
///
/// ```
/// use backtracker::{constraints::LinearSum, ModelBuilder};
///
/// // x + 2y = 7 with x, y in 0..=5: (1, 3), (3, 2), (5, 1).
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 0..=5);
/// let y = b.variable("y", 0..=5);
/// let mut model = b.build((LinearSum::equal("sum", [(1, x), (2, y)], 7),))?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LinearSum {
    name: String,
    /// The terms as given.
    terms: Vec<(i64, usize)>,
    relation: Relation,
    constant: i64,
    /// The distinct variables of the terms, in first-appearance order.
    scope: Vec<usize>,
    /// Per model variable, its position in `scope`, or `NONE`.
    pos: Vec<u32>,
    /// Per scope position, per domain index: coefficient times value.
    contrib: Vec<Vec<i64>>,
    /// Per scope position, whether its `contrib` rises (`Rises`) or falls
    /// with the domain index, so that a set's bounds are at its ends.
    order: Vec<Order>,
    /// Per scope position, the least and the greatest of its `contrib`.
    low: Vec<i64>,
    high: Vec<i64>,
    /// The sum of the assigned terms.
    sum: i64,
    /// The least and greatest sums the unassigned terms can add.
    free_low: i64,
    free_high: i64,
    /// For an equality of two variables, each value's partner.
    pair: Option<PairSupport>,
}

/// How a term's contribution follows the domain index.
#[derive(Clone, Copy, Debug)]
enum Order {
    Rises,
    Falls,
    Neither,
}

impl LinearSum {
    /// A checker called `name`: the sum of `coefficient * value` over
    /// `terms` stands in `relation` to `constant`.
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Relation};
    /// use backtracker::ModelBuilder;
    ///
    /// // 3x - y >= 4 with x, y in 0..3: (2, 0), (2, 1), (2, 2).
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let rule = LinearSum::new("rule", [(3, x), (-1, y)], Relation::AtLeast, 4);
    /// assert_eq!(b.build((rule,))?.search().count().value, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        terms: impl IntoIterator<Item = (i64, usize)>,
        relation: Relation,
        constant: i64,
    ) -> Self {
        LinearSum {
            name: name.into(),
            terms: terms.into_iter().collect(),
            relation,
            constant,
            scope: Vec::new(),
            pos: Vec::new(),
            contrib: Vec::new(),
            order: Vec::new(),
            low: Vec::new(),
            high: Vec::new(),
            sum: 0,
            free_low: 0,
            free_high: 0,
            pair: None,
        }
    }

    /// The sum of the terms equals `constant`.
    ///
    /// ```
    /// use backtracker::{constraints::LinearSum, ModelBuilder};
    ///
    /// // Two dice showing 7 in all: 6 ways.
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 1..=6), b.variable("y", 1..=6));
    /// let seven = LinearSum::equal("seven", [(1, x), (1, y)], 7);
    /// assert_eq!(b.build((seven,))?.search().count().value, 6);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn equal(
        name: impl Into<String>,
        terms: impl IntoIterator<Item = (i64, usize)>,
        constant: i64,
    ) -> Self {
        LinearSum::new(name, terms, Relation::Equal, constant)
    }

    /// The sum of the terms is at most `constant`.
    ///
    /// ```
    /// use backtracker::{constraints::LinearSum, ModelBuilder};
    ///
    /// // Two dice showing at most 3 in all: (1, 1), (1, 2), (2, 1).
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 1..=6u8), b.variable("y", 1..=6u8));
    /// let low = LinearSum::at_most("low", [(1, x), (1, y)], 3);
    /// assert_eq!(b.build((low,))?.search().count().value, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn at_most(
        name: impl Into<String>,
        terms: impl IntoIterator<Item = (i64, usize)>,
        constant: i64,
    ) -> Self {
        LinearSum::new(name, terms, Relation::AtMost, constant)
    }

    /// The sum of the terms is at least `constant`.
    ///
    /// ```
    /// use backtracker::{constraints::LinearSum, ModelBuilder};
    ///
    /// // Two dice showing at least 11 in all: (5, 6), (6, 5), (6, 6).
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 1..=6usize), b.variable("y", 1..=6usize));
    /// let high = LinearSum::at_least("high", [(1, x), (1, y)], 11);
    /// assert_eq!(b.build((high,))?.search().count().value, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn at_least(
        name: impl Into<String>,
        terms: impl IntoIterator<Item = (i64, usize)>,
        constant: i64,
    ) -> Self {
        LinearSum::new(name, terms, Relation::AtLeast, constant)
    }

    /// The scope position of `var`, if it is in the scope.
    #[inline]
    fn position(&self, var: usize) -> Option<usize> {
        let p = *self.pos.get(var)?;
        (p != NONE).then_some(p as usize)
    }

    /// The least and greatest contribution of scope position `p` over its
    /// candidates in `d`.
    #[inline]
    fn bounds<V>(&self, p: usize, d: &Domains<'_, V>) -> (i64, i64) {
        let contrib = &self.contrib[p];
        let var = self.scope[p];
        let ends = || Some((contrib[d.min(var)?], contrib[d.max(var)?]));
        match self.order[p] {
            Order::Rises => ends().unwrap_or((i64::MAX, i64::MIN)),
            Order::Falls => ends().map_or((i64::MAX, i64::MIN), |(a, b)| (b, a)),
            Order::Neither => d.iter(var).fold((i64::MAX, i64::MIN), |(lo, hi), i| {
                (lo.min(contrib[i]), hi.max(contrib[i]))
            }),
        }
    }

    /// Bounds narrowing over the scope for the sum in `relation` to
    /// `constant`, until nothing changes, with `bounds` (one entry per
    /// scope position) as working memory.
    fn narrow_bounds<V>(
        &self,
        d: &mut Domains<'_, V>,
        bounds: &mut [(i64, i64)],
        relation: Relation,
        constant: i64,
    ) -> Result<(), Conflict> {
        let (mut total_low, mut total_high) = (0i64, 0i64);
        for (p, slot) in bounds.iter_mut().enumerate() {
            let (lo, hi) = self.bounds(p, d);
            // An empty set (lo > hi) cannot be completed.
            if lo > hi {
                return Err(Conflict::new());
            }
            *slot = (lo, hi);
            total_low += lo;
            total_high += hi;
        }
        loop {
            if !relation.reachable(total_low, total_high, constant) {
                return Err(Conflict::new());
            }
            let mut changed = false;
            for (p, slot) in bounds.iter_mut().enumerate() {
                let (lo, hi) = *slot;
                // What this term may add, given the others' bounds.
                let most = match relation {
                    Relation::AtLeast => i64::MAX,
                    _ => constant - (total_low - lo),
                };
                let least = match relation {
                    Relation::AtMost => i64::MIN,
                    _ => constant - (total_high - hi),
                };
                if least <= lo && hi <= most {
                    continue;
                }
                let contrib = &self.contrib[p];
                if d.retain(self.scope[p], |i| (least..=most).contains(&contrib[i]))? {
                    changed = true;
                    // The totals move with this term's new bounds.
                    let (new_lo, new_hi) = self.bounds(p, d);
                    total_low = total_low - lo + new_lo;
                    total_high = total_high - hi + new_hi;
                    *slot = (new_lo, new_hi);
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// `check` for the sum in `relation` to `constant`: whether some
    /// values of the unassigned variables of the scope (over their whole
    /// domains) could satisfy it, judged by bounds.
    pub(super) fn reachable_in<V>(
        &self,
        assignment: &Assignment<'_, V>,
        relation: Relation,
        constant: i64,
    ) -> bool {
        let (mut lo, mut hi) = (0i64, 0i64);
        for (p, &var) in self.scope.iter().enumerate() {
            if let Some(i) = assignment.index(var) {
                lo += self.contrib[p][i];
                hi += self.contrib[p][i];
            } else {
                lo += self.low[p];
                hi += self.high[p];
            }
        }
        relation.reachable(lo, hi, constant)
    }

    /// `promising` for the sum in `relation` to `constant`, from the
    /// incremental sums: a step on a variable outside the scope leaves
    /// the sum where the assigned terms have it.
    #[inline]
    pub(super) fn promising_in(
        &self,
        var: usize,
        index: usize,
        relation: Relation,
        constant: i64,
    ) -> bool {
        let Some(p) = self.position(var) else {
            return relation.reachable(
                self.sum + self.free_low,
                self.sum + self.free_high,
                constant,
            );
        };
        let at = self.sum + self.contrib[p][index];
        relation.reachable(
            at + (self.free_low - self.low[p]),
            at + (self.free_high - self.high[p]),
            constant,
        )
    }

    /// Narrows the scope's candidates for the sum in `relation` to
    /// `constant`, to bounds consistency.
    pub(super) fn narrow_in<V>(
        &self,
        d: &mut Domains<'_, V>,
        relation: Relation,
        constant: i64,
    ) -> Result<(), Conflict> {
        // Working memory on the stack for the usual short sums.
        const SHORT: usize = 32;
        let n = self.scope.len();
        if n <= SHORT {
            self.narrow_bounds(d, &mut [(0, 0); SHORT][..n], relation, constant)
        } else {
            self.narrow_bounds(d, &mut vec![(0, 0); n], relation, constant)
        }
    }

    /// The least and greatest sums over the candidates left in `d`, or
    /// `None` when a variable of the scope has none.
    pub(super) fn span<V>(&self, d: &Domains<'_, V>) -> Option<(i64, i64)> {
        let (mut low, mut high) = (0i64, 0i64);
        for p in 0..self.scope.len() {
            let (lo, hi) = self.bounds(p, d);
            if lo > hi {
                return None;
            }
            low += lo;
            high += hi;
        }
        Some((low, high))
    }

    /// The least and greatest sums of all the terms over their whole
    /// domains (after `prepare`).
    pub(super) fn extent(&self) -> (i64, i64) {
        (self.low.iter().sum(), self.high.iter().sum())
    }

    /// Sets the constant (before `prepare`, which checks it).
    pub(super) fn set_constant(&mut self, constant: i64) {
        self.constant = constant;
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for LinearSum {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether some values of the unassigned variables of the scope (over
    /// their whole domains) could still satisfy the relation, judged by
    /// bounds; on a complete scope, whether the relation holds.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        self.reachable_in(assignment, self.relation, self.constant)
    }

    /// The bounds test of `check`, from the incremental sums.
    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        self.position(choice.var).is_none()
            || self.promising_in(choice.var, choice.index, self.relation, self.constant)
    }

    fn narrows(&self) -> bool {
        true
    }

    // Narrowing runs to a fixpoint whenever a scope variable's set
    // changes, and its bounds over the candidates are at least as tight as
    // `promising`'s over the domains: every candidate left passes `check`.
    fn filters(&self) -> bool {
        false
    }

    // It reads the whole scope and runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    // Its narrowing reads the bounds of the sets (or, for two variables,
    // the sets), never the sums its hooks keep.
    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, var: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        if self.position(var).is_none() {
            return Ok(());
        }
        match &self.pair {
            Some(pair) => pair.narrow([self.scope[0], self.scope[1]], d),
            None => self.narrow_in(d, self.relation, self.constant),
        }
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        if let Some(p) = self.position(choice.var) {
            self.sum += self.contrib[p][choice.index];
            self.free_low -= self.low[p];
            self.free_high -= self.high[p];
        }
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        if let Some(p) = self.position(choice.var) {
            self.sum -= self.contrib[p][choice.index];
            self.free_low += self.low[p];
            self.free_high += self.high[p];
        }
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let name = self.name.clone();
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: name.clone(),
            reason,
        };
        if self.terms.is_empty() {
            return Err(invalid("a linear sum needs at least one term".to_owned()));
        }
        self.scope.clear();
        self.pos = vec![NONE; model.len()];
        let mut coefs: Vec<i64> = Vec::new();
        for &(coef, var) in &self.terms {
            if var >= model.len() {
                return Err(ModelError::UnknownVariable {
                    checker: self.name.clone(),
                    var,
                    count: model.len(),
                });
            }
            if self.pos[var] == NONE {
                self.pos[var] = crate::index::small(self.scope.len());
                self.scope.push(var);
                coefs.push(coef);
            } else {
                let p = self.pos[var] as usize;
                coefs[p] = coefs[p].checked_add(coef).ok_or_else(|| {
                    invalid(format!(
                        "the coefficients of variable `{}` add up beyond 64-bit integers",
                        model.name(var)
                    ))
                })?;
            }
        }
        let overflow = || {
            invalid(
                "its sums could overflow 64-bit integers (the constant plus the total \
                 of the terms' largest positive values, and minus the total of their \
                 most negative values, must fit)"
                    .to_owned(),
            )
        };
        // Every sum the checker forms lies between the total of the terms'
        // negative lows and the total of their positive highs, moved by the
        // constant: those two totals bound it, not the sum of magnitudes
        // (an addition's addends and its result cancel out).
        let mut positive = 0i64;
        let mut negative = 0i64;
        self.contrib.clear();
        self.order.clear();
        self.low.clear();
        self.high.clear();
        for (p, &var) in self.scope.iter().enumerate() {
            let mut row = Vec::with_capacity(model.domain(var).len());
            for &value in model.domain(var) {
                let value: i64 = value.try_into().map_err(|_| {
                    invalid(format!(
                        "a value of variable `{}` does not fit a 64-bit integer",
                        model.name(var)
                    ))
                })?;
                row.push(coefs[p].checked_mul(value).ok_or_else(overflow)?);
            }
            let low = row.iter().copied().min().unwrap_or(0);
            let high = row.iter().copied().max().unwrap_or(0);
            positive = positive.checked_add(high.max(0)).ok_or_else(overflow)?;
            negative = negative.checked_add(low.min(0)).ok_or_else(overflow)?;
            self.order.push(if row.is_sorted() {
                Order::Rises
            } else if row.iter().rev().is_sorted() {
                Order::Falls
            } else {
                Order::Neither
            });
            self.low.push(low);
            self.high.push(high);
            self.contrib.push(row);
        }
        let reach = positive.max(negative.checked_neg().ok_or_else(overflow)?);
        self.constant
            .checked_abs()
            .and_then(|c| c.checked_add(reach))
            .ok_or_else(overflow)?;
        self.pair = match (self.relation, self.contrib.as_slice()) {
            (Relation::Equal, [x, y]) => PairSupport::new([x, y], self.constant),
            _ => None,
        };
        self.sum = 0;
        self.free_low = self.low.iter().sum();
        self.free_high = self.high.iter().sum();
        Ok(())
    }
}
