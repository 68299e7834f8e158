//! How costly a checker's narrowing is, which orders the narrowing the
//! engine runs after a step.

/// How much one call of a checker's [`narrow`](crate::Checker::narrow)
/// costs, as the checker declares it in
/// [`Checker::cost_class`](crate::Checker::cost_class).
///
/// After a step the engine runs the narrowing of the cheaper classes until
/// nothing changes before it runs one of a costlier class, so that a
/// costly narrowing (a matching, a pass over a table) runs on what the
/// cheap ones left, and less often. Within a class, a checker with a
/// shorter scope runs first, then the one woken first.
///
/// A [`Cheap`](CostClass::Cheap) checker that narrows one variable at a
/// time runs as soon as a variable it watches changes; every other
/// narrowing waits its turn in a line. The default is `Cheap` for a checker
/// that narrows one variable at a time and `Linear` for one that
/// [narrows its whole scope](crate::Checker::narrows_whole_scope), which is
/// how the engine ordered them before the classes existed.
///
/// ```
/// use backtracker::constraints::{AllDifferent, Strength};
/// use backtracker::{Checker, CostClass};
///
/// // The matching is the costly class; the value rule the cheap one.
/// let domain = AllDifferent::new("d", [0, 1, 2]);
/// let value = AllDifferent::new("v", [0, 1, 2]).strength(Strength::Value);
/// assert_eq!(Checker::<u8>::cost_class(&domain), CostClass::Expensive);
/// assert_eq!(Checker::<u8>::cost_class(&value), CostClass::Cheap);
/// assert!(CostClass::Cheap < CostClass::Linear && CostClass::Linear < CostClass::Expensive);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum CostClass {
    /// A few operations a call, whatever the scope (remove one value from
    /// a few variables): runs at once when woken, if it narrows one
    /// variable at a time.
    Cheap,
    /// A pass over the scope (a sum's bounds, the bounds of an
    /// all-different).
    Linear,
    /// More than a pass over the scope (a matching, a walk over a table
    /// or a graph).
    Expensive,
}
