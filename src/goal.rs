//! The goal of an optimisation: what to minimise or maximise, and the best
//! value found so far, shared between the search and the checker that
//! turns it into a bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, Ordering};

use crate::assignment::Assignment;

/// Whether a search looks for the least or the greatest cost.
///
/// ```
/// use backtracker::Sense;
///
/// assert!(Sense::Minimize.better(3, 5));
/// assert!(Sense::Maximize.better(5, 3));
/// assert!(!Sense::Minimize.better(5, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sense {
    /// The least cost is best.
    Minimize,
    /// The greatest cost is best.
    Maximize,
}

impl Sense {
    /// Whether `cost` is strictly better than `best`.
    #[must_use]
    pub fn better(self, cost: i64, best: i64) -> bool {
        match self {
            Sense::Minimize => cost < best,
            Sense::Maximize => cost > best,
        }
    }
}

/// No optimisation under way: the objective accepts everything.
const OFF: u8 = 0;
/// Minimising: every cost must be at most the limit.
const MIN: u8 = 1;
/// Maximising: every cost must be at least the limit.
const MAX: u8 = 2;

/// The objective of an optimisation: `a1*x1 + a2*x2 + ...` over some
/// variables of a model, and, while [`Search::minimize`](crate::Search::minimize)
/// or [`Search::maximize`](crate::Search::maximize) runs, the bound that
/// the best solution so far sets on every solution still to come.
///
/// A goal comes from an [`Objective`](crate::constraints::Objective)
/// checker ([`Objective::goal`](crate::constraints::Objective::goal)),
/// which goes into the model and narrows the search by the bound. Clones
/// share the bound, as do clones of the model. Between searches the bound
/// is off, and the objective accepts every assignment.
///
/// ```
/// use backtracker::{constraints::Objective, ModelBuilder};
///
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 0..4i64);
/// let y = b.variable("y", 0..4i64);
/// let cost = Objective::new("cost", [(2, x), (-1, y)]);
/// let goal = cost.goal();
/// assert_eq!(goal.name(), "cost");
/// let mut model = b.build((cost,))?;
/// let best = model.search().minimize(&goal).value.best.unwrap();
/// assert_eq!((best.values, best.cost), (vec![0, 3], -3));
/// assert_eq!(goal.limit(), None); // off again
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Goal {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    name: String,
    terms: Vec<(i64, usize)>,
    /// `OFF`, `MIN` or `MAX`.
    sense: AtomicU8,
    /// Minimising, the greatest cost still wanted; maximising, the least.
    limit: AtomicI64,
    /// The cost bound of the last step the objective's narrowing cut
    /// (`NO_CUT` once read).
    cut: AtomicI64,
    /// Whether the cost is declared the same on every image of a solution
    /// under the model's symmetries and interchangeable values.
    invariant: AtomicBool,
}

/// No cut recorded.
const NO_CUT: i64 = i64::MIN;

impl Goal {
    /// A goal called `name` over `terms` (`(coefficient, variable)`), off.
    pub(crate) fn new(name: String, terms: Vec<(i64, usize)>) -> Self {
        Goal {
            shared: Arc::new(Shared {
                name,
                terms,
                sense: AtomicU8::new(OFF),
                limit: AtomicI64::new(0),
                cut: AtomicI64::new(NO_CUT),
                invariant: AtomicBool::new(false),
            }),
        }
    }

    /// Declares that the cost is the same on every image of a solution
    /// under the model's declared [`Symmetry`](crate::Symmetry) and
    /// interchangeable values (as the number of colours of a colouring is
    /// under a renaming of the colours). Branch and bound towards this goal
    /// then searches one solution of each class, the canonical one, which
    /// can be many times fewer nodes; the optimum is the same. Like a
    /// symmetry, the declaration is trusted: a cost that differs between
    /// images can make the search miss the optimum.
    ///
    /// ```
    /// use backtracker::{constraints::{AllDifferent, Objective}, ModelBuilder};
    ///
    /// // Three variables, all different, over three interchangeable
    /// // values: every solution uses each value once, so the sum is 3
    /// // whichever way the values are renamed.
    /// let mut b = ModelBuilder::new();
    /// for name in ["a", "b", "c"] {
    ///     b.variable(name, 0..3i64);
    /// }
    /// b.interchangeable_values(0..3, 0..3);
    /// let cost = Objective::new("sum", [(1, 0), (1, 1), (1, 2)]);
    /// let goal = cost.goal();
    /// goal.declare_invariant();
    /// assert!(goal.is_invariant());
    /// let mut model = b.build((AllDifferent::new("differ", 0..3), cost))?;
    /// assert_eq!(model.search().minimize(&goal).value.best.unwrap().cost, 3);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn declare_invariant(&self) {
        self.shared.invariant.store(true, Ordering::Relaxed);
    }

    /// Whether [`declare_invariant`](Self::declare_invariant) was called.
    #[must_use]
    pub fn is_invariant(&self) -> bool {
        self.shared.invariant.load(Ordering::Relaxed)
    }

    /// The name of its objective checker.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.shared.name
    }

    /// Its terms, `(coefficient, variable)`, as given.
    #[must_use]
    pub fn terms(&self) -> &[(i64, usize)] {
        &self.shared.terms
    }

    /// The cost of a solution (a value per variable, in order), or `None`
    /// when it is too short for the terms or the arithmetic does not fit
    /// an `i64` (which a built model's objective rules out).
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..4u8);
    /// let y = b.variable("y", 0..4u8);
    /// let goal = Objective::new("cost", [(3, x), (1, y)]).goal();
    /// assert_eq!(goal.cost(&[2u8, 1]), Some(7));
    /// assert_eq!(goal.cost(&[2u8]), None);
    /// ```
    #[must_use]
    pub fn cost<V: Copy + TryInto<i64>>(&self, values: &[V]) -> Option<i64> {
        self.sum(|var| values.get(var).copied())
    }

    /// The cost of an assignment that assigns every variable of the terms.
    pub(crate) fn cost_in<V: Copy + TryInto<i64>>(
        &self,
        assignment: &Assignment<'_, V>,
    ) -> Option<i64> {
        self.sum(|var| assignment.get(var).copied())
    }

    /// The sum of the terms with the values `value` gives.
    fn sum<V: TryInto<i64>>(&self, value: impl Fn(usize) -> Option<V>) -> Option<i64> {
        self.shared
            .terms
            .iter()
            .try_fold(0i64, |sum, &(coef, var)| {
                let value: i64 = value(var)?.try_into().ok()?;
                sum.checked_add(coef.checked_mul(value)?)
            })
    }

    /// While a search optimises, its sense and the limit every cost must
    /// meet (at most it when minimising, at least it when maximising);
    /// `None` between searches.
    #[must_use]
    pub fn limit(&self) -> Option<(Sense, i64)> {
        let limit = self.shared.limit.load(Ordering::Relaxed);
        match self.shared.sense.load(Ordering::Relaxed) {
            MIN => Some((Sense::Minimize, limit)),
            MAX => Some((Sense::Maximize, limit)),
            _ => None,
        }
    }

    /// The best cost so far, read off the limit (`None` before the first
    /// solution or between searches).
    #[must_use]
    pub fn best(&self) -> Option<i64> {
        match self.limit()? {
            (Sense::Minimize, limit) => limit.checked_add(1),
            (Sense::Maximize, limit) => limit.checked_sub(1),
        }
    }

    /// Starts an optimisation: costs must be better than `bound`, if given.
    pub(crate) fn start(&self, sense: Sense, bound: Option<i64>) {
        let (code, limit) = match sense {
            Sense::Minimize => (MIN, bound.map_or(i64::MAX, |b| b.saturating_sub(1))),
            Sense::Maximize => (MAX, bound.map_or(i64::MIN, |b| b.saturating_add(1))),
        };
        self.shared.limit.store(limit, Ordering::Relaxed);
        self.shared.cut.store(NO_CUT, Ordering::Relaxed);
        self.shared.sense.store(code, Ordering::Relaxed);
    }

    /// Records a solution of cost `cost`: from now on, only better ones.
    pub(crate) fn improve(&self, cost: i64) {
        match self.shared.sense.load(Ordering::Relaxed) {
            MIN => {
                self.shared
                    .limit
                    .fetch_min(cost.saturating_sub(1), Ordering::Relaxed);
            }
            MAX => {
                self.shared
                    .limit
                    .fetch_max(cost.saturating_add(1), Ordering::Relaxed);
            }
            _ => {}
        }
    }

    /// The hook for a checker that knows a bound on the cost below the
    /// current node (a clique bound for the colours of a graph, say):
    /// reports that every solution below costs at least `bound` when
    /// minimising (at most, when maximising), and answers whether that
    /// cuts the node, because it cannot improve on the best so far. A
    /// checker that holds a clone of the goal calls it in its
    /// [`narrow`](crate::Checker::narrow) and returns a
    /// [`Conflict`](crate::Conflict) when it answers `true`. Its `check`
    /// need not know the bound: when the bound is true, every completion
    /// costs too much, which the objective's own `check` rejects (a
    /// checker that also rejects by the bound in `check` or `filter` cuts
    /// sooner, but its traces then say `rejected by` it). An observer
    /// sees the step as
    /// [`Event::Bound`](crate::Event::Bound) with that bound. Between
    /// searches it cuts nothing.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, Assignment, Checker, Conflict, Domains, Goal};
    /// use backtracker::ModelBuilder;
    ///
    /// // The cost is the sum of six digits 0..=2, none 0: every digit left
    /// // costs at least 1 more, a bound the objective alone does not know.
    /// struct AtLeastOneEach(Goal);
    /// impl AtLeastOneEach {
    ///     fn bound(&self, a: &Assignment<'_, i64>) -> i64 {
    ///         (0..a.len()).map(|v| a.get(v).copied().unwrap_or(1)).sum()
    ///     }
    /// }
    /// impl Checker<i64> for AtLeastOneEach {
    ///     fn name(&self) -> &str { "one each" }
    ///     fn check(&self, a: &Assignment<'_, i64>) -> bool {
    ///         a.iter().all(|(_, &x)| x >= 1)
    ///     }
    ///     fn narrows(&self) -> bool { true }
    ///     fn narrow(&self, _: usize, d: &mut Domains<'_, i64>) -> Result<(), Conflict> {
    ///         if self.0.cut(self.bound(&d.assignment())) { Err(Conflict::new()) } else { Ok(()) }
    ///     }
    /// }
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..6).map(|i| b.variable(format!("x{i}"), 0..=2i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((AtLeastOneEach(goal.clone()), cost))?;
    /// let outcome = model.search().cross_check(true).minimize(&goal);
    /// assert_eq!(outcome.value.best.unwrap().cost, 6);
    /// assert!(outcome.value.proven);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn cut(&self, bound: i64) -> bool {
        let cut = self.cuts(bound);
        if cut {
            self.record_cut(bound);
        }
        cut
    }

    /// Whether a node whose solutions all cost at least `bound` (at most,
    /// when maximising) cannot improve on the best so far: [`cut`](Self::cut)
    /// without reporting it.
    #[must_use]
    pub fn cuts(&self, bound: i64) -> bool {
        match self.limit() {
            Some((Sense::Minimize, limit)) => bound > limit,
            Some((Sense::Maximize, limit)) => bound < limit,
            None => false,
        }
    }

    /// Notes the bound on the cost that made a checker's narrowing reject
    /// a step, for the event that reports it.
    pub(crate) fn record_cut(&self, cost: i64) {
        self.shared.cut.store(cost, Ordering::Relaxed);
    }

    /// The bound the objective's narrowing last recorded, once.
    pub(crate) fn take_cut(&self) -> Option<i64> {
        Some(self.shared.cut.swap(NO_CUT, Ordering::Relaxed)).filter(|&c| c != NO_CUT)
    }

    /// The best cost `assignment` (some variables assigned) can still
    /// reach with the others free over their whole domains: the least
    /// when minimising, the greatest when maximising.
    pub(crate) fn reach_in<V: Copy + TryInto<i64>>(
        &self,
        assignment: &Assignment<'_, V>,
        sense: Sense,
    ) -> Option<i64> {
        // A variable's terms count together, as the objective counts them.
        let mut merged: Vec<(i64, usize)> = Vec::new();
        for &(coef, var) in &self.shared.terms {
            match merged.iter_mut().find(|(_, v)| *v == var) {
                Some((c, _)) => *c = c.checked_add(coef)?,
                None => merged.push((coef, var)),
            }
        }
        merged.iter().try_fold(0i64, |sum, &(coef, var)| {
            let term = |value: &V| -> Option<i64> { coef.checked_mul((*value).try_into().ok()?) };
            let best = if let Some(value) = assignment.get(var) {
                term(value)?
            } else {
                let terms = assignment.domain(var).iter().filter_map(term);
                match sense {
                    Sense::Minimize => terms.min()?,
                    Sense::Maximize => terms.max()?,
                }
            };
            sum.checked_add(best)
        })
    }

    /// Ends the optimisation: the objective accepts everything again.
    pub(crate) fn stop(&self) {
        self.shared.sense.store(OFF, Ordering::Relaxed);
    }
}
