//! Checkers written as closures.

use std::ops::Index;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::error::ModelError;

/// The values of a [`Predicate`]'s variables, in scope order.
#[derive(Debug)]
pub struct Values<'a, V> {
    assignment: &'a Assignment<'a, V>,
    scope: &'a [usize],
}

impl<'a, V> Values<'a, V> {
    /// Number of variables in the scope.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scope.len()
    }

    /// Whether the scope is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scope.is_empty()
    }

    /// The value of the `i`-th variable of the scope, if assigned.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&'a V> {
        self.assignment.get(self.scope[i])
    }

    /// The values in scope order (`None` where unassigned).
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a V>> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Whether every variable of the scope is assigned.
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
#[derive(Clone, Debug)]
pub struct Predicate<F> {
    name: String,
    scope: Vec<usize>,
    rule: F,
    partial: bool,
}

impl<F> Predicate<F> {
    /// A rule over `scope`, asked once all of it is assigned.
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
