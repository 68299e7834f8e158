//! Domain consistency for a sum of two terms held equal to a constant
//! (`a*x + b*y = c`, as in `second = first + k`): each value of one
//! variable has at most one partner value of the other, so a value stays
//! a candidate exactly when its partner does. Bounds narrowing keeps
//! values inside holes of the partner's set; this keeps none.

use crate::candidates::has_bit;
use crate::domains::{Conflict, Domains};

/// Marks a value without a partner.
const NONE: u32 = u32::MAX;

/// The words of a set that fit on the stack (up to 256 values).
const SHORT: usize = 4;

/// Per side of the sum, per domain index, the partner's domain index.
#[derive(Clone, Debug, Default)]
pub(super) struct PairSupport {
    partner: [Vec<u32>; 2],
}

impl PairSupport {
    /// The partners for contributions `rows[p][i]` (coefficient times
    /// value) summing to `constant`, or `None` when a row repeats a
    /// contribution (a value would have several partners).
    pub(super) fn new(rows: [&[i64]; 2], constant: i64) -> Option<PairSupport> {
        let mut partner = [Vec::new(), Vec::new()];
        for p in 0..2 {
            let other = rows[1 - p];
            let mut by_contribution: Vec<(i64, u32)> = other
                .iter()
                .enumerate()
                .map(|(j, &c)| (c, crate::index::small(j)))
                .collect();
            by_contribution.sort_unstable();
            if by_contribution.windows(2).any(|w| w[0].0 == w[1].0) {
                return None;
            }
            partner[p] = rows[p]
                .iter()
                .map(|&c| {
                    constant
                        .checked_sub(c)
                        .and_then(|want| {
                            by_contribution
                                .binary_search_by_key(&want, |&(c, _)| c)
                                .ok()
                        })
                        .map_or(NONE, |at| by_contribution[at].1)
                })
                .collect();
        }
        Some(PairSupport { partner })
    }

    /// Keeps, of variables `vars`, the candidates whose partner is a
    /// candidate. One pass each way is a fixpoint: partners pair values
    /// one to one.
    pub(super) fn narrow<V>(
        &self,
        vars: [usize; 2],
        d: &mut Domains<'_, V>,
    ) -> Result<(), Conflict> {
        for p in 0..2 {
            let other = d.words(vars[1 - p]);
            let partner = &self.partner[p];
            if other.len() <= SHORT {
                let mut kept = [0u64; SHORT];
                kept[..other.len()].copy_from_slice(other);
                keep_partnered(d, vars[p], partner, &kept)?;
            } else {
                let kept = other.to_vec();
                keep_partnered(d, vars[p], partner, &kept)?;
            }
        }
        Ok(())
    }
}

/// Keeps the candidates of `var` whose partner is set in `other`.
fn keep_partnered<V>(
    d: &mut Domains<'_, V>,
    var: usize,
    partner: &[u32],
    other: &[u64],
) -> Result<bool, Conflict> {
    d.retain(var, |i| {
        let j = partner[i];
        j != NONE && has_bit(other, j as usize)
    })
}
