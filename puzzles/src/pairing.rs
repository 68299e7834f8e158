//! Langford and Skolem pairings: the numbers 1 to n twice each in a row
//! of 2n places, the second copy of k standing `k + gap` places after the
//! first (`gap` 1: Langford's problem, k other numbers between the copies
//! of k; `gap` 0: Skolem sequences). Two models of the same puzzle:
//!
//! - [`pairing_by_sums`], the obvious one: a variable per copy (its
//!   place), one [`AllDifferent`] over all of them and one [`LinearSum`]
//!   per number (`second - first = k + gap`);
//! - [`pairing_by_places`], with a checker written for it: a variable per
//!   number (its first place), and a checker that keeps the places taken
//!   and refuses a number whose two places are not both free.
//!
//! Both count every pairing and its reverse apart:
//!
//! ```
//! use backtracker_puzzles::{pairing_by_places, pairing_by_sums};
//!
//! // L(2, 7): 26 Langford pairings up to reversal (OEIS A014552).
//! assert_eq!(pairing_by_sums(7, 1)?.search().count().value, 52);
//! assert_eq!(pairing_by_places(7, 1)?.search().count().value, 52);
//! # Ok::<(), backtracker::ModelError>(())
//! ```

use backtracker::ModelError;
use backtracker::constraints::{AllDifferent, LinearSum};
use backtracker::{Assignment, Choice};
use backtracker::{Checker, DynChecker};
use backtracker::{Model, ModelBuilder};

/// The largest `n` the models take: 2n places in one machine word.
pub const MAX_PAIRS: usize = 32;

/// Refuses an `n` or a `gap` the models do not take.
fn refuse(n: usize, gap: usize) -> Result<(), ModelError> {
    if n > MAX_PAIRS || gap > 2 * MAX_PAIRS {
        return Err(ModelError::Unsupported {
            reason: format!(
                "pairings of up to {MAX_PAIRS} numbers, with a gap of up to {}",
                2 * MAX_PAIRS
            ),
        });
    }
    Ok(())
}

/// The pairings of 1 to `n` with `gap` by sums: variables `2(k - 1)` and
/// `2(k - 1) + 1` are the places (from 0) of the first and the second
/// copy of `k`, all different, `second - first = k + gap`.
///
/// # Errors
///
/// [`ModelError::Unsupported`] when `n` exceeds [`MAX_PAIRS`].
pub fn pairing_by_sums(
    n: usize,
    gap: usize,
) -> Result<Model<usize, Vec<DynChecker<usize>>>, ModelError> {
    refuse(n, gap)?;
    let mut b = ModelBuilder::new();
    let mut checkers: Vec<DynChecker<usize>> = Vec::with_capacity(n + 1);
    let mut places = Vec::with_capacity(2 * n);
    for k in 1..=n {
        let first = b.variable(format!("first {k}"), 0..2 * n);
        let second = b.variable(format!("second {k}"), 0..2 * n);
        places.extend([first, second]);
        let apart = i64::try_from(k + gap).unwrap_or(i64::MAX);
        checkers.push(
            LinearSum::equal(format!("apart {k}"), [(1, second), (-1, first)], apart).boxed(),
        );
    }
    checkers.push(AllDifferent::new("places", places).boxed());
    b.build(checkers)
}

/// The pairings of 1 to `n` with `gap` by places: variable `k - 1` is the
/// place (from 0) of the first copy of `k`, its second `k + gap` places
/// on; [`PairPlaces`] keeps them apart.
///
/// # Errors
///
/// [`ModelError::Unsupported`] when `n` exceeds [`MAX_PAIRS`].
pub fn pairing_by_places(n: usize, gap: usize) -> Result<Model<usize, (PairPlaces,)>, ModelError> {
    refuse(n, gap)?;
    let mut b = ModelBuilder::new();
    for k in 1..=n {
        // The second copy must fit: first + k + gap < 2n (a number that
        // fits nowhere keeps place 0, which the checker refuses).
        let end = (2 * n).saturating_sub(k + gap).max(1);
        b.variable(format!("first {k}"), 0..end);
    }
    b.build((PairPlaces {
        gap,
        row: 2 * n,
        taken: 0,
    },))
}

/// The checker of [`pairing_by_places`]: the places the numbers assigned
/// so far take, as a bit set, and a number whose two places are not both
/// free refused.
#[derive(Clone, Debug)]
pub struct PairPlaces {
    gap: usize,
    /// The number of places.
    row: usize,
    taken: u64,
}

impl PairPlaces {
    /// The two places of number `var + 1` put first at `first`, if its
    /// second copy is within the row.
    fn bits(&self, var: usize, first: usize) -> Option<u64> {
        let second = first + var + 1 + self.gap;
        (second < self.row).then(|| 1 << first | 1 << second)
    }
}

impl Checker<usize> for PairPlaces {
    fn name(&self) -> &'static str {
        "places"
    }

    fn check(&self, assignment: &Assignment<'_, usize>) -> bool {
        let mut taken = 0u64;
        for var in 0..assignment.len() {
            if let Some(&first) = assignment.get(var) {
                match self.bits(var, first) {
                    Some(bits) if taken & bits == 0 => taken |= bits,
                    _ => return false,
                }
            }
        }
        true
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, usize>, choice: Choice<'_, usize>) -> bool {
        self.bits(choice.var, *choice.value)
            .is_some_and(|bits| self.taken & bits == 0)
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, usize>) {
        self.taken |= self.bits(choice.var, *choice.value).unwrap_or(0);
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, usize>) {
        self.taken &= !self.bits(choice.var, *choice.value).unwrap_or(0);
    }
}
