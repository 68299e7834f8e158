//! How the two sides of a linear constraint compare.

use std::fmt;

/// How a [`LinearSum`](super::LinearSum)'s sum compares with its constant.
///
/// Displayed as `=`, `<=` and `>=`.
///
/// ```
/// use backtracker::constraints::Relation;
///
/// assert_eq!(Relation::AtMost.to_string(), "<=");
/// assert!(Relation::AtLeast.holds(7, 5));
/// assert!(!Relation::Equal.holds(7, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The sum equals the constant.
    Equal,
    /// The sum is at most the constant.
    AtMost,
    /// The sum is at least the constant.
    AtLeast,
}

impl Relation {
    /// Whether `sum` stands in this relation to `constant`.
    ///
    /// ```
    /// use backtracker::constraints::Relation;
    ///
    /// assert!(Relation::Equal.holds(3, 3));
    /// assert!(Relation::AtMost.holds(2, 3));
    /// assert!(!Relation::AtLeast.holds(2, 3));
    /// ```
    #[must_use]
    pub fn holds(self, sum: i64, constant: i64) -> bool {
        match self {
            Relation::Equal => sum == constant,
            Relation::AtMost => sum <= constant,
            Relation::AtLeast => sum >= constant,
        }
    }

    /// Whether some sum between `low` and `high` (inclusive) stands in this
    /// relation to `constant`.
    ///
    /// ```
    /// use backtracker::constraints::Relation;
    ///
    /// assert!(Relation::Equal.reachable(1, 9, 5));
    /// assert!(!Relation::AtMost.reachable(6, 9, 5));
    /// ```
    #[must_use]
    pub fn reachable(self, low: i64, high: i64, constant: i64) -> bool {
        match self {
            Relation::Equal => low <= constant && constant <= high,
            Relation::AtMost => low <= constant,
            Relation::AtLeast => high >= constant,
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Equal => "=",
            Relation::AtMost => "<=",
            Relation::AtLeast => ">=",
        })
    }
}
