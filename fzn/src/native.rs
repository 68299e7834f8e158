//! The checkers of a FlatZinc model, as one enum: the library's constraints
//! and the builtins. A model of concrete checkers (not boxes) is cloned
//! and shared by the threads of a parallel search (`-p`), and each call is
//! a match instead of a virtual call.

use backtracker::constraints::{
    AllDifferent, BinPacking, Circuit, Count, Cumulative, Element, GlobalCardinality, Increasing,
    Inverse, LexLess, LinearSum, Maximum, Minimum, NoOverlap, Objective, Regular, Table,
};
use backtracker::{
    Assignment, Candidates, Checker, Choice, Conflict, CostClass, Domains, ModelError, ModelInfo,
    Wake,
};

use crate::builtin::Builtin;

/// One checker of a FlatZinc model (opaque).
#[derive(Clone, Debug)]
#[expect(private_interfaces, reason = "the kinds are the solver's own")]
#[expect(
    clippy::large_enum_variant,
    reason = "a model holds few all-different checkers; a box would cost an indirection on every call"
)]
pub enum Native {
    /// All different.
    AllDifferent(AllDifferent),
    /// One Hamiltonian cycle.
    Circuit(Circuit),
    /// An entry of an array, chosen by an index.
    Element(Element<i64>),
    /// Inverse permutations.
    Inverse(Inverse),
    /// A linear sum.
    Linear(LinearSum),
    /// The objective of branch and bound.
    Objective(Objective),
    /// Allowed tuples.
    Table(Table<i64>),
    /// Tasks on one machine (`disjunctive`).
    NoOverlap(NoOverlap),
    /// Tasks sharing a resource.
    Cumulative(Cumulative),
    /// A word of an automaton.
    Regular(Regular<i64>),
    /// How often values occur, between bounds.
    GlobalCardinality(GlobalCardinality<i64>),
    /// How often one value occurs, as a variable.
    Count(Count<i64>),
    /// The least of some variables.
    Minimum(Minimum),
    /// The greatest of some variables.
    Maximum(Maximum),
    /// Lexicographic order.
    LexLess(LexLess),
    /// A sequence that never goes down.
    Increasing(Increasing),
    /// Items in bins with loads.
    BinPacking(BinPacking),
    /// Any other builtin.
    Builtin(Builtin),
}

/// Calls `$call` on the checker inside `$self`, whatever its kind.
macro_rules! each {
    ($self:expr, $c:ident => $call:expr) => {
        match $self {
            Native::AllDifferent($c) => $call,
            Native::Circuit($c) => $call,
            Native::Element($c) => $call,
            Native::Inverse($c) => $call,
            Native::Linear($c) => $call,
            Native::Objective($c) => $call,
            Native::Table($c) => $call,
            Native::NoOverlap($c) => $call,
            Native::Cumulative($c) => $call,
            Native::Regular($c) => $call,
            Native::GlobalCardinality($c) => $call,
            Native::Count($c) => $call,
            Native::Minimum($c) => $call,
            Native::Maximum($c) => $call,
            Native::LexLess($c) => $call,
            Native::Increasing($c) => $call,
            Native::BinPacking($c) => $call,
            Native::Builtin($c) => $call,
        }
    };
}

impl Checker<i64> for Native {
    fn name(&self) -> &str {
        each!(self, c => Checker::<i64>::name(c))
    }
    fn check(&self, assignment: &Assignment<'_, i64>) -> bool {
        each!(self, c => c.check(assignment))
    }
    #[inline]
    fn promising(&self, assignment: &Assignment<'_, i64>, choice: Choice<'_, i64>) -> bool {
        each!(self, c => c.promising(assignment, choice))
    }
    #[inline]
    fn filter(
        &self,
        assignment: &Assignment<'_, i64>,
        var: usize,
        candidates: &mut Candidates<'_>,
    ) {
        each!(self, c => c.filter(assignment, var, candidates));
    }
    fn narrows(&self) -> bool {
        each!(self, c => Checker::<i64>::narrows(c))
    }
    fn filters(&self) -> bool {
        each!(self, c => Checker::<i64>::filters(c))
    }
    fn narrows_whole_scope(&self) -> bool {
        each!(self, c => Checker::<i64>::narrows_whole_scope(c))
    }
    fn wakes_on(&self, var: usize) -> Wake {
        each!(self, c => Checker::<i64>::wakes_on(c, var))
    }
    fn narrows_from_sets(&self) -> bool {
        each!(self, c => Checker::<i64>::narrows_from_sets(c))
    }
    fn cost_class(&self) -> CostClass {
        each!(self, c => Checker::<i64>::cost_class(c))
    }
    fn narrow(&self, var: usize, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        each!(self, c => c.narrow(var, domains))
    }
    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, i64>) {
        each!(self, c => c.on_assign(choice));
    }
    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, i64>) {
        each!(self, c => c.on_unassign(choice));
    }
    fn scope(&self) -> Option<&[usize]> {
        each!(self, c => Checker::<i64>::scope(c))
    }
    fn prepare(&mut self, model: &ModelInfo<'_, i64>) -> Result<(), ModelError> {
        each!(self, c => c.prepare(model))
    }
}
