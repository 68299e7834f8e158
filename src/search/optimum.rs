//! What branch and bound finds: the best solution and its cost
//! ([`Best`]), and whether it is proven optimal ([`Optimum`]).

#[cfg(doc)]
use super::Search;

/// A solution and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best<V> {
    /// A value per variable, in declaration order.
    pub values: Vec<V>,
    /// The objective's value on it.
    pub cost: i64,
}

/// What [`Search::minimize`] and [`Search::maximize`] find: the best
/// solution, and whether it is proven optimal.
///
/// ```
/// use backtracker::{constraints::Objective, ModelBuilder, StopReason};
///
/// let mut b = ModelBuilder::new();
/// let xs: Vec<usize> = (0..12).map(|i| b.variable(format!("x{i}"), 0..3i64)).collect();
/// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
/// let goal = cost.goal();
/// let mut model = b.build((cost,))?;
/// let whole = model.search().maximize(&goal);
/// assert_eq!(whole.value.best.as_ref().map(|b| b.cost), Some(24));
/// assert!(whole.value.proven);
/// // Stopped early: the best so far, not proven.
/// let part = model.search().node_limit(5).maximize(&goal);
/// assert_eq!(part.stop, StopReason::NodeLimit);
/// assert!(!part.value.proven);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum<V> {
    /// The best solution found, if any.
    pub best: Option<Best<V>>,
    /// Whether the whole tree was searched: then `best` is optimal, or,
    /// when `None`, the model has no solution (or none better than the
    /// bound it started from).
    pub proven: bool,
    /// How many improving solutions the search found, the best included.
    pub improvements: u64,
}
