//! The budgets of a search's restarts, in order: constant, Luby's
//! sequence or geometric. [`Restarts`](crate::Restarts) spends them as
//! node budgets of attempts, [`Search::restarts`](crate::Search::restarts)
//! as budgets of failures within one search.

use thiserror::Error;

/// A schedule that cannot be used.
///
/// ```
/// use backtracker::{RestartError, Schedule};
///
/// assert!(matches!(Schedule::geometric(100, 0.5), Err(RestartError::Ratio { .. })));
/// assert!(Schedule::geometric(100, f64::NAN).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum RestartError {
    /// The ratio of a geometric schedule is not a finite number of at least 1.
    #[error("the ratio of a geometric schedule must be a finite number of at least 1, not {ratio}")]
    Ratio {
        /// The ratio given.
        ratio: f64,
    },
}

/// The node budget of each attempt, in order.
///
/// Every budget is at least one node (a budget given as 0 is taken as 1),
/// and budgets that would not fit in a `u64` are `u64::MAX`.
///
/// ```
/// use backtracker::Schedule;
///
/// let budgets = |s: Schedule| s.budgets().take(8).collect::<Vec<u64>>();
/// assert_eq!(budgets(Schedule::constant(50)), [50; 8]);
/// assert_eq!(budgets(Schedule::luby(10)), [10, 10, 20, 10, 10, 20, 40, 10]);
/// assert_eq!(budgets(Schedule::geometric(100, 1.5)?), [100, 150, 225, 338, 507, 760, 1140, 1709]);
/// # Ok::<(), backtracker::RestartError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule(Kind);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Constant(u64),
    Luby(u64),
    Geometric(u64, f64),
}

impl Schedule {
    /// The same budget of `nodes` for every attempt.
    #[must_use]
    pub fn constant(nodes: u64) -> Schedule {
        Schedule(Kind::Constant(nodes.max(1)))
    }

    /// Luby's schedule (Luby, Sinclair and Zuckerman, 1993): attempt `k`
    /// (from 0) gets `unit` times term `k + 1` of the sequence
    /// `1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...`, in which term `i`
    /// is `2^(j-1)` when `i = 2^j - 1`, and otherwise term
    /// `i - 2^(j-1) + 1` for the `j` with `2^(j-1) <= i < 2^j - 1`. Within a
    /// constant factor, no schedule does better on every search.
    #[must_use]
    pub fn luby(unit: u64) -> Schedule {
        Schedule(Kind::Luby(unit.max(1)))
    }

    /// A geometric schedule: attempt `k` (from 0) gets
    /// `ceil(first * ratio^k)` nodes.
    ///
    /// # Errors
    ///
    /// [`RestartError::Ratio`] unless `ratio` is finite and at least 1.
    pub fn geometric(first: u64, ratio: f64) -> Result<Schedule, RestartError> {
        if ratio.is_finite() && ratio >= 1.0 {
            Ok(Schedule(Kind::Geometric(first.max(1), ratio)))
        } else {
            Err(RestartError::Ratio { ratio })
        }
    }

    /// The budget of attempt `k`, counted from 0.
    ///
    /// ```
    /// use backtracker::Schedule;
    ///
    /// assert_eq!(Schedule::luby(1).budget(14), 8);
    /// assert_eq!(Schedule::geometric(1, 2.0)?.budget(100), u64::MAX);
    /// # Ok::<(), backtracker::RestartError>(())
    /// ```
    #[must_use]
    pub fn budget(&self, k: u64) -> u64 {
        match self.0 {
            Kind::Constant(nodes) => nodes,
            Kind::Luby(unit) => unit.saturating_mul(luby(u128::from(k) + 1)),
            Kind::Geometric(first, ratio) => {
                let exponent = i32::try_from(k).unwrap_or(i32::MAX);
                // `as` saturates: an infinite product is `u64::MAX`.
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    clippy::cast_precision_loss,
                    reason = "a budget beyond u64 is u64::MAX"
                )]
                let nodes = (first as f64 * ratio.powi(exponent)).ceil() as u64;
                nodes.max(1)
            }
        }
    }

    /// The budgets of attempts 0, 1, 2, ..., without end.
    pub fn budgets(&self) -> impl Iterator<Item = u64> + '_ {
        (0..).map(|k| self.budget(k))
    }
}

/// Term `i` (from 1) of Luby's sequence.
fn luby(mut i: u128) -> u64 {
    loop {
        // The `j` with 2^(j-1) <= i < 2^j.
        let j = 128 - i.leading_zeros();
        if i == (1u128 << j) - 1 {
            return u64::try_from(1u128 << (j - 1)).unwrap_or(u64::MAX);
        }
        i -= (1u128 << (j - 1)) - 1;
    }
}
