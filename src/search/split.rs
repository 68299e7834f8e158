//! Work units: the search tree cut at a depth into independent
//! sub-problems, for threads on one machine and for many machines.

use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;

use super::split_width::next_candidates;
use super::unit::Unit;

/// Whether `unit`, whose last step is rejected, is the first unit below
/// its parent among those `out` holds (units come in search order): it
/// then keeps its parent's node in the split.
fn rejected_alone(out: &[Unit], unit: &Unit) -> bool {
    let Some((_, parent)) = unit.prefix.split_last() else {
        return false;
    };
    out.last()
        .is_none_or(|last| !last.prefix.starts_with(parent) || last.prefix.len() <= parent.len())
}

/// The units that cover the tree once under mirror symmetry: the first
/// variable on the lower half of its domain (weight 2); for an odd domain
/// its middle value, with the next variable on its lower half (weight 2),
/// and so on; all variables on their middle values (weight 1). Prefixes a
/// checker rejects are left out, and so is the rest of the chain of middle
/// values once one of them is rejected.
pub(crate) fn mirror_roots<V, C: Checkers<V>>(model: &mut Model<V, C>) -> Vec<Unit> {
    let sizes: Vec<u32> = model
        .table
        .domains
        .iter()
        .map(|d| crate::index::small(d.len()))
        .collect();
    let mut roots = Vec::new();
    let mut middles: Vec<u32> = Vec::new();
    for size in sizes {
        let Some(next) = next_candidates(model, &middles) else {
            return roots;
        };
        for low in next
            .iter()
            .map(|&i| crate::index::small(i))
            .filter(|&i| i < size / 2)
        {
            let mut prefix = middles.clone();
            prefix.push(low);
            roots.push(Unit { prefix, weight: 2 });
        }
        if size.is_multiple_of(2) || !next.contains(&((size / 2) as usize)) {
            return roots;
        }
        middles.push(size / 2);
    }
    roots.push(Unit {
        prefix: middles,
        weight: 1,
    });
    roots
}

impl<V, C: Checkers<V>> Model<V, C> {
    /// Splits the tree into units whose prefixes reach `depth` variables
    /// (or fewer, where the tree ends first), in search order. Prefixes
    /// that a checker rejects are left out, unless the first below its
    /// parent is rejected (its step wiped out by narrowing): that one stays
    /// a unit, which counts 0, so that its parent's node stays in the split.
    /// A prefix that leaves the next variable no candidate (a dead end above
    /// `depth`) stays a unit of its own, which counts 0 too: together the
    /// units hold every node of the tree, so a count by units reports the
    /// figures of one search of it. With
    /// `symmetry` and a model that declares mirror symmetry, only the lower
    /// half is split and units carry weight 2.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6).unwrap();
    /// let units = model.split(2, false);
    /// let total: u128 = units
    ///     .iter()
    ///     .map(|u| model.search().units(&[u.clone()]).count().value)
    ///     .sum();
    /// assert_eq!(total, 4);
    /// ```
    ///
    /// The number of units grows about geometrically with `depth` and
    /// nothing bounds it here: for a depth chosen from outside (a command
    /// line, a file), use [`split_at_most`](Self::split_at_most).
    ///
    /// # Panics
    ///
    /// When the model is [poisoned](Self::is_poisoned): its checkers cannot
    /// be trusted to say which prefixes are part of the tree.
    /// [`split_at_most`](Self::split_at_most) returns
    /// [`UnitError::Unusable`] instead.
    pub fn split(&mut self, depth: usize, symmetry: bool) -> Vec<Unit> {
        if let Err(poisoned) = self.usable() {
            panic!("{}", UnitError::from(poisoned));
        }
        self.split_capped(depth, symmetry, usize::MAX)
    }

    /// [`split`](Self::split), refused as soon as it would give more than
    /// `max_units` units: the split then costs at most about that many
    /// units' memory and time. Before walking, a few random descents
    /// estimate the split's width (Knuth's estimator, the median of 32
    /// descents with a fixed seed): a split estimated at more than a
    /// thousand times `max_units` is refused at once, without the walk
    /// that would only stop at the cap.
    ///
    /// # Errors
    ///
    /// [`UnitError::TooManyUnits`] when the split at `depth` holds more than
    /// `max_units` units; [`UnitError::Unusable`] when the model is
    /// [poisoned](Self::is_poisoned).
    ///
    /// ```
    /// use backtracker::UnitError;
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(8)?;
    /// // Row 0 has 8 columns, and each leaves row 1 five or six.
    /// assert_eq!(model.split_at_most(1, false, 8).unwrap().len(), 8);
    /// assert_eq!(
    ///     model.split_at_most(2, false, 8),
    ///     Err(UnitError::TooManyUnits { limit: 8 })
    /// );
    /// assert_eq!(model.split_at_most(2, false, 100).unwrap(), model.split(2, false));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn split_at_most(
        &mut self,
        depth: usize,
        symmetry: bool,
        max_units: usize,
    ) -> Result<Vec<Unit>, UnitError> {
        self.usable()?;
        let depth = depth.min(self.len());
        let roots = self.roots(symmetry);
        if roots.len() <= max_units
            && super::split_width::far_too_wide(self, &roots, depth, max_units)
        {
            return Err(UnitError::TooManyUnits { limit: max_units });
        }
        let units = self.split_capped(depth, symmetry, max_units);
        if units.len() > max_units {
            return Err(UnitError::TooManyUnits { limit: max_units });
        }
        Ok(units)
    }

    /// [`split`](Self::split), stopped as soon as it holds more than `cap`
    /// units (it then returns a part of the split, more than `cap` units).
    fn split_capped(&mut self, depth: usize, symmetry: bool, cap: usize) -> Vec<Unit> {
        let mut units = self.roots(symmetry);
        for level in 1..=depth.min(self.len()) {
            if units.len() > cap {
                break;
            }
            units = self.deepen(units, level, cap);
        }
        units
    }

    /// [`split`](Self::split), abandoned (`None`) as soon as it holds more
    /// than twice `limit` units (plus a few): the split of a claim that may
    /// be false costs at most that much.
    pub(crate) fn split_within(
        &mut self,
        depth: usize,
        symmetry: bool,
        limit: usize,
    ) -> Option<Vec<Unit>> {
        let cap = limit.saturating_mul(2).saturating_add(16);
        self.split_at_most(depth, symmetry, cap).ok()
    }

    fn roots(&mut self, symmetry: bool) -> Vec<Unit> {
        if symmetry && self.options.mirror {
            mirror_roots(self)
        } else {
            vec![Unit::whole()]
        }
    }

    /// Extends every unit shorter than `level` by one variable, stopping
    /// as soon as there are more than `cap` units (a part of the level is
    /// then returned).
    fn deepen(&mut self, units: Vec<Unit>, level: usize, cap: usize) -> Vec<Unit> {
        let mut out = Vec::with_capacity(units.len());
        for unit in units {
            if out.len() > cap {
                break;
            }
            if unit.prefix.len() >= level {
                out.push(unit);
                continue;
            }
            let Some(next) = next_candidates(self, &unit.prefix) else {
                // Its last step is rejected (narrowing left a variable no
                // value): it stays a unit (counting 0) when it is the only
                // one below its parent, so that the parent's node is not
                // lost; a sibling holds it otherwise.
                if rejected_alone(&out, &unit) {
                    out.push(unit);
                }
                continue;
            };
            if next.is_empty() {
                // A dead end: no value left for the next variable. It stays
                // a unit (counting 0), so that the units together hold every
                // node of the tree and a count by units reports its figures.
                out.push(unit);
                continue;
            }
            for index in next {
                let mut prefix = unit.prefix.clone();
                prefix.push(crate::index::small(index));
                out.push(Unit {
                    prefix,
                    weight: unit.weight,
                });
            }
        }
        out
    }

    /// Splits for `threads` threads: the smallest depth giving at least 32
    /// units per thread (or the whole depth of the model), stopping early
    /// when four levels in a row add no unit (a tree too narrow to split,
    /// such as a long chain, is then counted in few units).
    pub(crate) fn split_for_threads(&mut self, threads: usize, symmetry: bool) -> Vec<Unit> {
        let want = 32 * threads.max(1);
        let mut units = self.roots(symmetry);
        let mut level = 0;
        let mut flat = 0;
        while units.len() < want && level < self.len() && flat < 4 {
            level += 1;
            let before = units.len();
            units = self.deepen(units, level, usize::MAX);
            flat = if units.len() > before { 0 } else { flat + 1 };
        }
        units
    }
}
