//! The objective of an optimisation as a checker: the bound that the best
//! solution so far sets, narrowed like any linear sum.

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::goal::{Goal, Sense};

use super::{LinearSum, Relation};

/// The cost `a1*x1 + a2*x2 + ...` that [`Search::minimize`](crate::Search::minimize)
/// and [`Search::maximize`](crate::Search::maximize) optimise, as a checker
/// of the model: while they run, it keeps the cost of every solution still
/// to come strictly better than the best found so far, and narrows the
/// candidates by that bound as [`LinearSum`] narrows by its constant. Each
/// solution found tightens it, so the rest of the search shrinks.
///
/// Terms are `(coefficient, variable)` pairs as for [`LinearSum`], with the
/// same arithmetic checked when the model is built; an objective variable
/// that other checkers constrain is [`Objective::variable`]. Its
/// [`Goal`] ([`goal`](Self::goal)) is what the search is given. Between
/// searches the bound is off and the objective accepts every assignment,
/// so the model counts and enumerates as without it.
///
/// How it prunes, for a minimisation with best cost `b` so far (a
/// maximisation mirrors it):
///
/// - its scope is every variable: after every step, [`narrow`](Checker::narrow)
///   removes each value of a term that would take the least cost over the
///   candidates left to `b` or beyond, and rejects the step when that
///   least cost is `b` or more; a bound tightened at a solution therefore
///   cuts the very next step;
/// - [`promising`](Checker::promising) and [`filter`](Checker::filter)
///   judge the least cost over the whole domains, one comparison per
///   candidate, so a frame entered after an improvement loses the values
///   that can no longer improve.
///
/// ```
/// use backtracker::constraints::{AllDifferent, Objective};
/// use backtracker::ModelBuilder;
///
/// // Three different digits; the least 100a + 10b + c with a > 0 is 102.
/// let mut b = ModelBuilder::new();
/// let a = b.variable("a", 1..=9i64);
/// let x = b.variable("b", 0..=9i64);
/// let c = b.variable("c", 0..=9i64);
/// let number = Objective::new("number", [(100, a), (10, x), (1, c)]);
/// let goal = number.goal();
/// let mut model = b.build((AllDifferent::new("different", [a, x, c]), number))?;
/// let outcome = model.search().minimize(&goal);
/// let best = outcome.value.best.expect("a solution");
/// assert_eq!((best.values, best.cost), (vec![1, 0, 2], 102));
/// assert!(outcome.value.proven);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Objective {
    sum: LinearSum,
    goal: Goal,
    /// The least and greatest cost over the whole domains.
    lowest: i64,
    highest: i64,
}

impl Objective {
    /// An objective called `name`: the sum of `coefficient * value` over
    /// `terms`.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// // The most of 3x - y with x, y in 0..4: x = 3, y = 0.
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..4i32), b.variable("y", 0..4i32));
    /// let profit = Objective::new("profit", [(3, x), (-1, y)]);
    /// let goal = profit.goal();
    /// let best = b.build((profit,))?.search().maximize(&goal).value.best.unwrap();
    /// assert_eq!((best.values, best.cost), (vec![3, 0], 9));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(name: impl Into<String>, terms: impl IntoIterator<Item = (i64, usize)>) -> Self {
        let name = name.into();
        let terms: Vec<(i64, usize)> = terms.into_iter().collect();
        Objective {
            sum: LinearSum::at_most(name.clone(), terms.iter().copied(), 0),
            goal: Goal::new(name, terms),
            lowest: 0,
            highest: 0,
        }
    }

    /// An objective called `name` that is the value of one variable, which
    /// other checkers tie to the rest of the model.
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Objective};
    /// use backtracker::ModelBuilder;
    ///
    /// // The least total of two dice showing more than 7: 8.
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 1..=6i64), b.variable("y", 1..=6i64));
    /// let total = b.variable("total", 0..=12i64);
    /// let sum = LinearSum::equal("sum", [(1, x), (1, y), (-1, total)], 0);
    /// let over = LinearSum::at_least("over 7", [(1, total)], 8);
    /// let objective = Objective::variable("least total", total);
    /// let goal = objective.goal();
    /// let mut model = b.build((sum, over, objective))?;
    /// assert_eq!(model.search().minimize(&goal).value.best.unwrap().cost, 8);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn variable(name: impl Into<String>, var: usize) -> Self {
        Objective::new(name, [(1, var)])
    }

    /// The goal to hand to [`Search::minimize`](crate::Search::minimize) or
    /// [`Search::maximize`](crate::Search::maximize): it shares the bound
    /// with this checker (and its clones).
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal.clone()
    }

    /// The relation and constant every cost must meet now, or `None` when
    /// nothing is to be enforced (no optimisation under way, or a bound
    /// every cost meets). The constant is clamped to the range `prepare`
    /// checked, so no sum overflows.
    #[inline]
    fn rule(&self) -> Option<(Relation, i64)> {
        match self.goal.limit()? {
            (Sense::Minimize, limit) if limit < self.highest => {
                Some((Relation::AtMost, limit.max(self.lowest - 1)))
            }
            (Sense::Maximize, limit) if limit > self.lowest => {
                Some((Relation::AtLeast, limit.min(self.highest + 1)))
            }
            _ => None,
        }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for Objective {
    fn name(&self) -> &str {
        self.goal.name()
    }

    /// Whether some values of the unassigned variables (over their whole
    /// domains) give a cost better than the best so far.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        self.rule().is_none_or(|(relation, constant)| {
            self.sum.reachable_in(assignment, relation, constant)
        })
    }

    /// The bounds test of `check`, from the incremental sums.
    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        self.rule().is_none_or(|(relation, constant)| {
            self.sum
                .promising_in(choice.var, choice.index, relation, constant)
        })
    }

    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if let Some((relation, constant)) = self.rule() {
            candidates.retain(|index| self.sum.promising_in(var, index, relation, constant));
        }
    }

    fn narrows(&self) -> bool {
        true
    }

    // It reads every term and runs to its own fixpoint.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let Some((relation, constant)) = self.rule() else {
            return Ok(());
        };
        let narrowed = self.sum.narrow_in(d, relation, constant);
        if narrowed.is_err() {
            // What the cut's event reports: the least (or greatest) cost
            // the candidates left allow.
            if let Some((low, high)) = self.sum.span(d) {
                self.goal.record_cut(match relation {
                    Relation::AtLeast => high,
                    _ => low,
                });
            }
        }
        narrowed
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        Checker::<V>::on_assign(&mut self.sum, choice);
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        Checker::<V>::on_unassign(&mut self.sum, choice);
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        Checker::<V>::prepare(&mut self.sum, model)?;
        (self.lowest, self.highest) = self.sum.extent();
        // Every constant `rule` gives lies from one below the lowest cost
        // to one above the highest: checking the widest of them rules out
        // an overflow for all.
        let widest = self
            .lowest
            .checked_sub(1)
            .and_then(i64::checked_abs)
            .zip(self.highest.checked_add(1).and_then(i64::checked_abs))
            .map(|(a, b)| a.max(b));
        let Some(widest) = widest else {
            return Err(ModelError::InvalidChecker {
                checker: self.goal.name().to_owned(),
                reason: "its costs could overflow 64-bit integers".to_owned(),
            });
        };
        self.sum.set_constant(widest);
        Checker::<V>::prepare(&mut self.sum, model)
    }
}
