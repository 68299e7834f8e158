//! Choosing the split depth from estimates: the smallest depth that gives
//! every worker enough units, none of them much larger than its share.

use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;
use crate::search::Unit;

/// Units per worker [`auto_split`] asks for at least.
pub(crate) const UNITS_PER_WORKER: usize = 10;

/// Past this many units, [`auto_split`] weighs the split it has and goes no
/// deeper: each level deeper multiplies the units, and the estimates'
/// time with them.
const DEEPEST_UNITS: usize = 200_000;

/// The seed of the estimates, so that the same model and workers always
/// get the same split.
const SEED: u64 = 1;

/// A split chosen by [`auto_split`]: its depth, its units and the largest
/// unit's estimated share of the whole tree.
#[derive(Clone, Debug, PartialEq)]
pub struct AutoSplit {
    /// The depth chosen.
    pub depth: usize,
    /// The units of the split at that depth, in search order.
    pub units: Vec<Unit>,
    /// The largest unit's estimated share of the tree's nodes, from 0 to 1
    /// (1 for a single unit, 0 for several that the probes found empty).
    pub largest_share: f64,
}

/// Splits `model` for `workers` workers at the depth its estimates
/// recommend: the smallest depth that gives at least
/// ten units per worker and no unit estimated at more
/// than twice its share of a perfectly even split into that many units
/// (`1 / (5 W)` of the tree for `W` workers). When no depth meets the rule
/// before the split holds more than 200,000 units or reaches the model's
/// last variable, the depth whose largest unit is the smallest share is
/// taken. The estimates come from random probes below each unit (a fixed
/// seed, so the choice is repeatable), made with the given `symmetry` and
/// `lookahead`, which the count should use too. A model with no variables
/// has one split, at depth 0, whose one unit is the whole tree.
///
/// # Errors
///
/// [`UnitError::TooManyUnits`] when even depth 1 splits into more than
/// `max_units` units; [`UnitError::Unusable`] for a
/// [poisoned](crate::Model::is_poisoned) model.
///
/// ```
/// use backtracker::{units::auto_split};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(10)?;
/// let split = auto_split(&mut model, 2, true, 0, 1_000_000)?;
/// assert!(split.units.len() >= 20);
/// // The units count the whole tree: 724 solutions (OEIS A000170).
/// let counted: u128 = split.units.iter().map(|u| model.search().units(&[u.clone()]).count().value).sum();
/// assert_eq!(counted, 724);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn auto_split<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    workers: usize,
    symmetry: bool,
    lookahead: usize,
    max_units: usize,
) -> Result<AutoSplit, UnitError> {
    model.usable()?;
    let workers = workers.max(1);
    let want = UNITS_PER_WORKER.saturating_mul(workers);
    #[expect(clippy::cast_precision_loss, reason = "a share, in floating point")]
    let bound = 1.0 / (5.0 * workers as f64);
    let levels = model.len();
    let mut best: Option<AutoSplit> = None;
    // The deepest split not weighed, in case none is.
    let mut last: Option<(usize, Vec<Unit>)> = None;
    // From depth 1, or 0 for a model without variables, so that every
    // model has a split.
    for depth in usize::from(levels > 0)..=levels {
        let units = match model.split_at_most(depth, symmetry, max_units) {
            Ok(units) => units,
            // Deeper splits only hold more units.
            Err(UnitError::TooManyUnits { .. }) if best.is_some() || last.is_some() => break,
            Err(e) => return Err(e),
        };
        let count = units.len();
        let enough = count >= want;
        let deepest = depth == levels || count > DEEPEST_UNITS;
        if !enough && !deepest {
            last = Some((depth, units));
            continue;
        }
        let largest_share = largest_share(model, &units, symmetry, lookahead);
        if best
            .as_ref()
            .is_none_or(|b| largest_share < b.largest_share)
        {
            best = Some(AutoSplit {
                depth,
                units,
                largest_share,
            });
        }
        if deepest || (enough && largest_share <= bound) {
            break;
        }
    }
    if let Some(best) = best {
        return Ok(best);
    }
    let (depth, units) = last.unwrap_or_else(|| (0, vec![Unit::whole()]));
    let largest_share = largest_share(model, &units, symmetry, lookahead);
    Ok(AutoSplit {
        depth,
        units,
        largest_share,
    })
}

/// The largest unit's estimated share of the total (0 for an empty tree),
/// from random probes below each unit; a single unit is the whole (even
/// of a tree with no node below the root, whose total is 0).
fn largest_share<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    units: &[Unit],
    symmetry: bool,
    lookahead: usize,
) -> f64 {
    if units.len() == 1 {
        return 1.0;
    }
    let probes = (400_000 / units.len().max(1)).clamp(16, 2_000) as u64;
    let sizes = model
        .search()
        .symmetry(symmetry)
        .lookahead(lookahead)
        .units(units)
        .estimate(probes, SEED)
        .value;
    let total: f64 = sizes.iter().map(|s| s.value).sum();
    let largest = sizes.iter().map(|s| s.value).fold(0.0, f64::max);
    if total > 0.0 { largest / total } else { 0.0 }
}
