//! Checkers written as closures.

use std::ops::Index;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::error::ModelError;

/// The values of a [`Predicate`]'s variables, in scope order.
///
/// ```
/// use backtracker::{constraints::{Predicate, Values}, ModelBuilder};
///
/// // At most one zero among three digits, judged as soon as two are known.
/// let mut b = ModelBuilder::new();
/// let vars: Vec<usize> = (0..3).map(|i| b.variable(format!("d{i}"), 0..3)).collect();
/// let rule = |v: &Values<'_, i32>| v.iter().filter(|x| *x == Some(&0)).count() <= 1;
/// let mut model = b.build((Predicate::partial("one zero", vars, rule),)).unwrap();
/// // 2^3 triples without a zero, 3 * 2^2 with exactly one.
/// assert_eq!(model.search().count().value, 8 + 12);
/// ```
#[derive(Debug)]
pub struct Values<'a, V> {
    assignment: &'a Assignment<'a, V>,
    scope: &'a [usize],
}

impl<'a, V> Values<'a, V> {
    /// Number of variables in the scope.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let differ = Predicate::new("differ", [x, y], |v| v.len() == 2 && v[0] != v[1]);
    /// assert_eq!(b.build((differ,)).unwrap().search().count().value, 3 * 2);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.scope.len()
    }

    /// Whether the scope is empty.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..3);
    /// let one = Predicate::new("one variable", [x], |v| !v.is_empty() && v[0] > 0);
    /// assert_eq!(b.build((one,)).unwrap().search().count().value, 2);
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scope.is_empty()
    }

    /// The value of the `i`-th variable of the scope, if assigned.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let less = Predicate::partial("less", [x, y], |v| match (v.get(0), v.get(1)) {
    ///     (Some(a), Some(b)) => a < b,
    ///     _ => true, // not decided yet
    /// });
    /// assert_eq!(b.build((less,)).unwrap().search().count().value, 3); // 0<1, 0<2, 1<2
    /// ```
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&'a V> {
        self.assignment.get(self.scope[i])
    }

    /// The values in scope order (`None` where unassigned).
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// // Three digits 0..=3 summing to at most 5, pruned as soon as the known
    /// // ones exceed it; checked against brute force.
    /// let mut b = ModelBuilder::new();
    /// let vars: Vec<usize> = (0..3).map(|i| b.variable(format!("d{i}"), 0..4)).collect();
    /// let sum = Predicate::partial("sum", vars, |v| v.iter().flatten().sum::<i32>() <= 5);
    /// let brute = (0..64).filter(|n| n % 4 + n / 4 % 4 + n / 16 <= 5).count();
    /// assert_eq!(b.build((sum,)).unwrap().search().count().value, brute as u128);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a V>> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Whether every variable of the scope is assigned.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..3), b.variable("y", 0..3));
    /// let differ = Predicate::partial("differ", [x, y], |v| !v.all_assigned() || v[0] != v[1]);
    /// assert_eq!(b.build((differ,)).unwrap().search().count().value, 6);
    /// ```
    #[must_use]
    pub fn all_assigned(&self) -> bool {
        self.scope.iter().all(|&v| self.assignment.is_assigned(v))
    }
}

impl<V> Index<usize> for Values<'_, V> {
    type Output = V;

    /// The value of the `i`-th variable of the scope.
    ///
    /// # Panics
    ///
    /// If it is unassigned (never the case in a [`Predicate::new`] closure).
    fn index(&self, i: usize) -> &V {
        self.get(i).expect("variable of the scope is unassigned")
    }
}

/// A rule on a few variables, written as a closure.
///
/// - [`Predicate::new`]: the closure sees the scope's values once all of
///   them are assigned (`v[0]`, `v[1]`, ...), and is not asked before.
/// - [`Predicate::partial`]: the closure is asked on every partial
///   assignment of the scope, with [`Values::get`] giving `None` for the
///   unassigned ones, so it can prune early (bounds on a sum, say).
///
/// ```
/// use backtracker::{constraints::Predicate, ModelBuilder};
///
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 1..=9);
/// let y = b.variable("y", 1..=9);
/// // x * y = 12 and x < y: (2, 6) and (3, 4).
/// let product = Predicate::new("product", [x, y], |v| v[0] * v[1] == 12);
/// let order = Predicate::new("order", [x, y], |v| v[0] < v[1]);
/// let mut model = b.build((product, order)).unwrap();
/// assert_eq!(model.search().count().value, 2);
/// ```
///
/// In a list of boxed checkers, box it with [`Checker::boxed`]: the list's
/// value type then reaches the closure. (`Box::new(Predicate::new(..))`
/// leaves the closure's argument type unknown, error E0282, unless it is
/// named: `|v: &Values<'_, u8>|` or `Predicate::new::<u8>`.)
///
/// ```
/// use backtracker::constraints::{Predicate, Values};
/// use backtracker::{Checker, DynChecker, ModelBuilder};
///
/// let mut b = ModelBuilder::new();
/// let xs: Vec<usize> = (0..3).map(|i| b.variable(format!("x{i}"), 0..3u8)).collect();
/// let mut checkers: Vec<DynChecker<u8>> = Vec::new();
/// for (k, pair) in xs.windows(2).enumerate() {
///     let rising = Predicate::new(format!("rising {k}"), [pair[0], pair[1]], |v| v[0] < v[1]);
///     checkers.push(rising.boxed());
/// }
/// checkers.push(Box::new(Predicate::new::<u8>("not 1", [xs[1]], |v| v[0] != 1)));
/// checkers.push(Box::new(Predicate::new("any", [xs[2]], |v: &Values<'_, u8>| v[0] < 9)));
/// let mut model = b.build(checkers)?;
/// // Only 0 < 1 < 2, which the middle rule forbids.
/// assert_eq!(model.search().count().value, 0);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Predicate<F> {
    name: String,
    scope: Vec<usize>,
    rule: F,
    partial: bool,
}

impl<F> Predicate<F> {
    /// A rule over `scope`, asked once all of it is assigned.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..4), b.variable("y", 0..4));
    /// let sum = Predicate::new("sum", [x, y], |v| v[0] + v[1] == 3);
    /// assert_eq!(b.build((sum,)).unwrap().search().count().value, 4); // 0+3, 1+2, 2+1, 3+0
    /// ```
    pub fn new<V>(name: impl Into<String>, scope: impl IntoIterator<Item = usize>, rule: F) -> Self
    where
        F: Fn(&Values<'_, V>) -> bool,
    {
        Predicate {
            name: name.into(),
            scope: scope.into_iter().collect(),
            rule,
            partial: false,
        }
    }

    /// A rule over `scope`, asked on every partial assignment of it.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// // x < y < z over 0..5: asked early, the rule cuts the tree, not the answer.
    /// let builder = || {
    ///     let mut b = ModelBuilder::new();
    ///     (0..3).for_each(|i| _ = b.variable(format!("v{i}"), 0..5));
    ///     b
    /// };
    /// let increasing = |w: &backtracker::constraints::Values<'_, i32>| {
    ///     let known: Vec<i32> = w.iter().map_while(|x| x.copied()).collect();
    ///     known.windows(2).all(|p| p[0] < p[1])
    /// };
    /// let mut late = builder().build((Predicate::new("inc", 0..3, increasing),)).unwrap();
    /// let mut early = builder().build((Predicate::partial("inc", 0..3, increasing),)).unwrap();
    /// let (late, early) = (late.search().count(), early.search().count());
    /// assert_eq!((late.value, early.value), (10, 10)); // 5 choose 3
    /// assert!(early.stats.nodes < late.stats.nodes);
    /// ```
    pub fn partial<V>(
        name: impl Into<String>,
        scope: impl IntoIterator<Item = usize>,
        rule: F,
    ) -> Self
    where
        F: Fn(&Values<'_, V>) -> bool,
    {
        Predicate {
            partial: true,
            ..Predicate::new(name, scope, rule)
        }
    }
}

impl<V, F: Fn(&Values<'_, V>) -> bool> Checker<V> for Predicate<F> {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let values = Values {
            assignment,
            scope: &self.scope,
        };
        if !self.partial && !values.all_assigned() {
            return true;
        }
        (self.rule)(&values)
    }

    #[inline]
    fn promising(&self, assignment: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        !self.scope.contains(&choice.var) || self.check(&assignment.with(choice))
    }

    #[inline]
    fn filter(&self, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if !self.scope.contains(&var) {
            return;
        }
        if !self.partial
            && self
                .scope
                .iter()
                .any(|&v| v != var && !assignment.is_assigned(v))
        {
            return;
        }
        let domain = assignment.domain(var);
        candidates.retain(|index| {
            self.check(&assignment.with(Choice {
                var,
                index,
                value: &domain[index],
            }))
        });
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, _: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        Ok(())
    }
}
