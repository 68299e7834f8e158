//! `BinPacking`: items of given sizes go into bins whose loads are
//! variables.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::numbers::Ints;
use super::scope::positions;

/// Bin packing: each item, given as `(bin variable, size)`, goes into the
/// bin its variable names (bins numbered from 0, values read as `i64`
/// through `TryInto<i64>`), and the load variable of each bin equals the
/// total size of its items. A bin value with no load variable is never
/// taken. Sizes must not be negative.
///
/// It narrows per bin by the sizes packed (items fixed to it) and the sizes
/// that may still come (items that can still go there): the load keeps the
/// values between the two; an item leaves a bin it would overfill; an item
/// without which a bin cannot reach its least load goes there; and each
/// load lies within the total size less the most (and the least) the other
/// bins can hold.
///
/// ```
/// use backtracker::{constraints::BinPacking, ModelBuilder};
///
/// // Items of 3, 2 and 2 into two bins of load at most 4: the 3 alone,
/// // the two 2s together, in either bin.
/// let mut b = ModelBuilder::new();
/// let items: Vec<(usize, i64)> =
///     [3, 2, 2].iter().enumerate().map(|(i, &s)| (b.variable(format!("item{i}"), 0..2), s)).collect();
/// let loads = vec![b.variable("load0", 0..=4), b.variable("load1", 0..=4)];
/// let mut model = b.build((BinPacking::new("bins", items, loads),))?;
/// assert_eq!(model.search().count().value, 2);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BinPacking {
    name: String,
    items: Vec<usize>,
    sizes: Vec<i64>,
    loads: Vec<usize>,
    /// The items, then the loads.
    scope: Vec<usize>,
    /// Per item, per domain index, the bin (`usize::MAX`: no bin).
    bins: Vec<Vec<usize>>,
    load_ints: Vec<Ints>,
    total: i64,
}

impl BinPacking {
    /// A checker called `name`: each of `items` (a bin variable and a
    /// size) in its bin, and `loads[j]` the total size in bin `j`.
    ///
    /// ```
    /// use backtracker::{constraints::BinPacking, ModelBuilder};
    ///
    /// // Two items of 1 into two bins with loads 1 and 1: 2 ways.
    /// let mut b = ModelBuilder::new();
    /// let items = [(b.variable("a", 0..2), 1), (b.variable("b", 0..2), 1)];
    /// let loads = [b.variable("l0", [1]), b.variable("l1", [1])];
    /// let mut model = b.build((BinPacking::new("bins", items, loads),))?;
    /// assert_eq!(model.search().count().value, 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        items: impl IntoIterator<Item = (usize, i64)>,
        loads: impl IntoIterator<Item = usize>,
    ) -> Self {
        let (items, sizes) = items.into_iter().unzip();
        BinPacking {
            name: name.into(),
            items,
            sizes,
            loads: loads.into_iter().collect(),
            scope: Vec::new(),
            bins: Vec::new(),
            load_ints: Vec::new(),
            total: 0,
        }
    }

    /// Per bin, the size packed and the size that may still come, over
    /// the candidates in `d`.
    fn sums<V>(&self, d: &Domains<'_, V>, packed: &mut [i64], may: &mut [i64]) {
        packed.fill(0);
        may.fill(0);
        for (i, &var) in self.items.iter().enumerate() {
            let fixed = d.len(var) == 1;
            for k in d.iter(var) {
                let bin = self.bins[i][k];
                if bin < self.loads.len() {
                    if fixed {
                        packed[bin] += self.sizes[i];
                    } else {
                        may[bin] += self.sizes[i];
                    }
                }
            }
        }
    }

    fn pass<V>(
        &self,
        d: &mut Domains<'_, V>,
        packed: &mut [i64],
        may: &mut [i64],
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        let m = self.loads.len();
        self.sums(d, packed, may);
        // The loads' bounds, from the bins and from the total.
        let mut lows = Vec::with_capacity(m);
        let mut highs = Vec::with_capacity(m);
        for j in 0..m {
            let (lo, hi) = self.load_ints[j]
                .bounds(self.loads[j], d)
                .ok_or_else(Conflict::new)?;
            lows.push(lo);
            highs.push(hi);
        }
        let (sum_low, sum_high): (i64, i64) = (lows.iter().sum(), highs.iter().sum());
        if sum_low > self.total || sum_high < self.total {
            return Err(Conflict::new());
        }
        for j in 0..m {
            let low = packed[j].max(self.total - (sum_high - highs[j]));
            let high = (packed[j] + may[j]).min(self.total - (sum_low - lows[j]));
            let values = &self.load_ints[j].values;
            changed |= d.retain(self.loads[j], |k| (low..=high).contains(&values[k]))?;
        }
        for j in 0..m {
            let (lo, hi) = self.load_ints[j]
                .bounds(self.loads[j], d)
                .ok_or_else(Conflict::new)?;
            lows[j] = lo;
            highs[j] = hi;
        }
        for (i, &var) in self.items.iter().enumerate() {
            let bins = &self.bins[i];
            let size = self.sizes[i];
            if d.len(var) == 1 {
                changed |= d.retain(var, |k| bins[k] < m)?;
                continue;
            }
            // Leaves the bins it would overfill, and the values of no bin.
            changed |= d.retain(var, |k| {
                bins[k] < m && packed[bins[k]] + size <= highs[bins[k]]
            })?;
            // Goes into a bin that cannot reach its least load without it.
            let needed = d
                .iter(var)
                .find(|&k| packed[bins[k]] + may[bins[k]] - size < lows[bins[k]]);
            if let Some(k) = needed {
                changed |= d.retain(var, |x| x == k)?;
            }
        }
        Ok(changed)
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for BinPacking {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned items take assigned bins, and each bin's load
    /// (assigned, or some value of its domain) lies between the sizes
    /// assigned to it and those plus the unassigned items that could go
    /// there.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let m = self.loads.len();
        let mut packed = vec![0i64; m];
        let mut may = vec![0i64; m];
        for (i, &var) in self.items.iter().enumerate() {
            match a.index(var) {
                Some(k) if self.bins[i][k] >= m => return false,
                Some(k) => packed[self.bins[i][k]] += self.sizes[i],
                None => {
                    let mut seen = vec![false; m];
                    for &bin in &self.bins[i] {
                        if bin < m && !std::mem::replace(&mut seen[bin], true) {
                            may[bin] += self.sizes[i];
                        }
                    }
                }
            }
        }
        (0..m).all(|j| {
            let ok = |load: &i64| (packed[j]..=packed[j] + may[j]).contains(load);
            match a.index(self.loads[j]) {
                Some(k) => ok(&self.load_ints[j].values[k]),
                None => self.load_ints[j].values.iter().any(ok),
            }
        })
    }

    fn narrows(&self) -> bool {
        true
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let m = self.loads.len();
        let (mut packed, mut may) = (vec![0i64; m], vec![0i64; m]);
        while self.pass(d, &mut packed, &mut may)? {}
        Ok(())
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let invalid = |reason: &str| ModelError::InvalidChecker {
            checker: self.name.clone(),
            reason: reason.to_owned(),
        };
        if self.sizes.iter().any(|&s| s < 0) {
            return Err(invalid("a size is negative"));
        }
        self.total = self
            .sizes
            .iter()
            .try_fold(0i64, |t, &s| t.checked_add(s))
            .filter(|t| t.checked_mul(4).is_some())
            .ok_or_else(|| invalid("the total size could overflow 64-bit integers"))?;
        self.scope = self.items.iter().chain(&self.loads).copied().collect();
        positions(&self.name, &self.scope, model)?;
        self.bins = self
            .items
            .iter()
            .map(|&var| {
                Ints::of(&self.name, var, model).map(|ints| {
                    ints.values
                        .iter()
                        .map(|&v| usize::try_from(v).unwrap_or(usize::MAX))
                        .collect()
                })
            })
            .collect::<Result<_, _>>()?;
        self.load_ints = self
            .loads
            .iter()
            .map(|&var| Ints::of(&self.name, var, model))
            .collect::<Result<_, _>>()?;
        let fits = self.load_ints.iter().all(|ints| {
            let (lo, hi) = ints.extent();
            lo.checked_mul(i64::try_from(self.loads.len() + 1).unwrap_or(i64::MAX))
                .is_some()
                && hi
                    .checked_mul(i64::try_from(self.loads.len() + 1).unwrap_or(i64::MAX))
                    .is_some()
        });
        if !fits {
            return Err(invalid("the loads could overflow 64-bit integers"));
        }
        Ok(())
    }
}
