//! A work unit: a sub-problem given by a prefix of the first variables'
//! values, and the one check of a prefix's shape.

use crate::assignment::Table;

/// A sub-problem: the solutions whose first variables (in declaration
/// order) take the domain indices of `prefix`, counted `weight` times.
///
/// ```
/// use backtracker::Unit;
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(6)?;
/// let unit = Unit { prefix: vec![1], weight: 1 }; // row 0 = 1
/// assert_eq!(model.search().units(&[unit.clone()]).count().value, 1);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Domain indices of variables `0..prefix.len()`.
    pub prefix: Vec<u32>,
    /// How many solutions each solution of the unit stands for (1, or 2 under mirror symmetry).
    pub weight: u8,
}

impl Unit {
    /// The whole tree.
    ///
    /// ```
    /// use backtracker::Unit;
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert_eq!(nqueens(8)?.search().symmetry(false).units(&[Unit::whole()]).count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn whole() -> Unit {
        Unit {
            prefix: Vec::new(),
            weight: 1,
        }
    }
}

/// Why `prefix` cannot be a prefix of the tree of `table`'s variables:
/// more values than variables, or an index outside its variable's domain;
/// `None` when its shape fits. The one check of a unit's shape, made by
/// every entry point that takes units: a unit that fails it is not part of
/// the tree and counts 0 (and estimates 0), and a unit line that fails it
/// is refused by [`UnitLine::check_against`](crate::units::UnitLine::check_against).
/// A prefix that fits may still name a value a checker refuses; the search
/// finds that out and counts it 0 too.
pub(crate) fn misfit<V>(table: &Table<V>, prefix: &[u32]) -> Option<String> {
    if prefix.len() > table.len() {
        return Some(format!(
            "{} values for {} variables",
            prefix.len(),
            table.len()
        ));
    }
    prefix
        .iter()
        .zip(&table.domains)
        .zip(&table.names)
        .find(|&((&index, domain), _)| index as usize >= domain.len())
        .map(|((index, _), name)| format!("index {index} is outside the domain of `{name}`"))
}
