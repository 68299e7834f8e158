//! All-different narrowed to bounds consistency: Puget's Hall intervals,
//! over the order of the value numbers.

use crate::domains::{Conflict, Domains};

use super::AllDifferent;

impl AllDifferent {
    /// The value rule, then Hall intervals: when the variables whose
    /// bounds lie within an interval of value numbers are as many as its
    /// values, a bound of any other variable that lies in it moves past
    /// it; more of them than values is a conflict. Runs until nothing
    /// changes.
    pub(super) fn narrow_bounds<V>(&self, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let n = self.scope.len();
        let mut low = vec![0u32; n];
        let mut high = vec![0u32; n];
        let mut order: Vec<usize> = (0..n).collect();
        let mut ends: Vec<u32> = Vec::with_capacity(n);
        loop {
            let mut changed = false;
            for &var in &self.scope {
                changed |= self.value_rule(var, d)?;
            }
            for (p, &var) in self.scope.iter().enumerate() {
                let ids = self.ids(p);
                let (lo, hi) = d
                    .iter(var)
                    .map(|i| ids[i])
                    .fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
                low[p] = lo;
                high[p] = hi;
            }
            order.sort_unstable_by_key(|&p| high[p]);
            ends.clear();
            ends.extend_from_slice(&low);
            ends.sort_unstable();
            ends.dedup();
            for &a in &ends {
                // The variables with a low end of at least `a`, by high
                // end: after the last of those with high end `b`, `count`
                // of them lie within [a, b].
                let mut count = 0u32;
                for (at, &p) in order.iter().enumerate() {
                    count += u32::from(low[p] >= a);
                    let b = high[p];
                    if b < a || order.get(at + 1).is_some_and(|&q| high[q] == b) {
                        continue;
                    }
                    let values = b - a + 1;
                    if count > values {
                        return Err(Conflict::new());
                    }
                    // One variable fixed to `a`: the value rule has done it.
                    if count == values && values > 1 {
                        changed |= self.outside(d, (a, b), &low, &high)?;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Moves the bounds of the variables not within the Hall interval
    /// `[a, b]` (bounds `low` and `high` as they were) out of it. Returns
    /// whether anything was removed.
    fn outside<V>(
        &self,
        d: &mut Domains<'_, V>,
        (a, b): (u32, u32),
        low: &[u32],
        high: &[u32],
    ) -> Result<bool, Conflict> {
        let mut removed = false;
        for (q, &var) in self.scope.iter().enumerate() {
            let (lo, hi) = (low[q], high[q]);
            if lo >= a && hi <= b {
                continue;
            }
            let ids = self.ids(q);
            if (a..=b).contains(&lo) {
                removed |= d.retain(var, |i| ids[i] > b)?;
            }
            if (a..=b).contains(&hi) {
                removed |= d.retain(var, |i| ids[i] < a)?;
            }
        }
        Ok(removed)
    }
}
