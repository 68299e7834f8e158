//! The values of a variable read as 64-bit integers, for the checkers that
//! compute with them (scheduling, counting, ordering), with the lowest and
//! highest candidate value read off a candidate set.

use crate::assignment::ModelInfo;
use crate::domains::Domains;
use crate::error::ModelError;

/// Per domain index, the value of one variable as an `i64`, and whether
/// the values rise with the index (then a set's lowest and highest values
/// are at its ends).
#[derive(Clone, Debug, Default)]
pub(crate) struct Ints {
    pub(crate) values: Vec<i64>,
    rising: bool,
}

impl Ints {
    /// The values of `var`, or an error naming `checker` when one does not
    /// fit an `i64`.
    pub(crate) fn of<V: Copy + TryInto<i64>>(
        checker: &str,
        var: usize,
        model: &ModelInfo<'_, V>,
    ) -> Result<Ints, ModelError> {
        let values = model
            .domain(var)
            .iter()
            .map(|&v| v.try_into())
            .collect::<Result<Vec<i64>, _>>()
            .map_err(|_| ModelError::InvalidChecker {
                checker: checker.to_owned(),
                reason: format!(
                    "a value of variable `{}` does not fit a 64-bit integer",
                    model.name(var)
                ),
            })?;
        let rising = values.is_sorted();
        Ok(Ints { values, rising })
    }

    /// The values negated (the order of the values reversed).
    pub(crate) fn negated(&self) -> Ints {
        let values: Vec<i64> = self.values.iter().map(|v| -v).collect();
        let rising = values.is_sorted();
        Ints { values, rising }
    }

    /// The lowest and highest candidate values of `var` in `d`, or `None`
    /// when it has no candidate.
    #[inline]
    pub(crate) fn bounds<V>(&self, var: usize, d: &Domains<'_, V>) -> Option<(i64, i64)> {
        if self.rising {
            Some((self.values[d.min(var)?], self.values[d.max(var)?]))
        } else {
            d.iter(var).fold(None, |acc, i| {
                let v = self.values[i];
                Some(acc.map_or((v, v), |(lo, hi): (i64, i64)| (lo.min(v), hi.max(v))))
            })
        }
    }

    /// The lowest and highest values of the whole domain.
    pub(crate) fn extent(&self) -> (i64, i64) {
        let lo = self.values.iter().copied().min().unwrap_or(0);
        let hi = self.values.iter().copied().max().unwrap_or(0);
        (lo, hi)
    }
}
