//! How much a global constraint's narrowing removes, and so what it costs.

/// How strongly [`AllDifferent`](super::AllDifferent) narrows: what it
/// removes after each step, against what each call costs.
///
/// Every strength gives the same solutions; a stronger one removes more,
/// so the tree has fewer nodes, and each node costs more. Which pays
/// depends on the model (the guide's chapter 10, "When a global pays",
/// has the measurements): `Domain`, the default, was the fastest over the
/// examples.
///
/// ```
/// use backtracker::constraints::{AllDifferent, Strength};
/// use backtracker::ModelBuilder;
///
/// // d and e over 1..=5, then a, b and c over 1..=3: a, b and c fill 1..=3,
/// // so d and e must take 4 and 5. The matching (Domain) and the intervals
/// // (Bounds) see it before any step; the value rule (Value) tries d = 1,
/// // 2 and 3 first.
/// let run = |strength| -> Result<(u128, u64), backtracker::ModelError> {
///     let mut b = ModelBuilder::new();
///     let mut vars = vec![b.variable("d", 1..=5), b.variable("e", 1..=5)];
///     vars.extend(["a", "b", "c"].map(|name| b.variable(name, 1..=3)));
///     let rule = AllDifferent::new("different", vars).strength(strength);
///     let outcome = b.build((rule,))?.search().count();
///     Ok((outcome.value, outcome.stats.nodes))
/// };
/// let (value, bounds, domain) = (run(Strength::Value)?, run(Strength::Bounds)?, run(Strength::Domain)?);
/// assert_eq!((value.0, bounds.0, domain.0), (12, 12, 12));
/// assert_eq!(bounds.1, domain.1);
/// assert!(domain.1 < value.1);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strength {
    /// A fixed variable's value leaves the others: a few removals a call,
    /// woken only when a variable is left one value
    /// ([`CostClass::Cheap`](crate::CostClass::Cheap)).
    Value,
    /// Bounds consistency (Puget's Hall intervals): when `k` variables
    /// lie within an interval of `k` values, the others' bounds leave it.
    /// The order is that of the values' first appearance in the scope's
    /// domains: for domains declared in increasing order, the values'
    /// own. A pass over the scope a call
    /// ([`CostClass::Linear`](crate::CostClass::Linear)).
    Bounds,
    /// Generalised arc consistency (Régin's matching): every value left
    /// belongs to some solution of the constraint. A matching a call, when
    /// a Hall set is possible at all
    /// ([`CostClass::Expensive`](crate::CostClass::Expensive)).
    #[default]
    Domain,
}
