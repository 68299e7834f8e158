//! How wide a split would be, from a few random descents, so that a split
//! far beyond its cap is refused before it is walked.

use crate::checkers::Checkers;
use crate::model::Model;
use crate::rng::Rng;

use super::engine::{Config, Engine};
use super::unit::Unit;

/// The candidates of the variable after `prefix` (in declaration order),
/// or `None` when a checker rejects the prefix.
pub(super) fn next_candidates<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    prefix: &[u32],
) -> Option<Vec<usize>> {
    Engine::new(model, &Config::default()).candidates_after(prefix)
}

/// The random descents made before a capped split is walked.
const DESCENTS: usize = 32;

/// How many times its cap the estimate of a split must exceed for the
/// split to be refused without walking it.
pub(crate) const MARGIN: f64 = 1000.0;

/// The seed of the descents, so that the same model always gets the same
/// answer.
const SEED: u64 = 1;

/// Whether a split at `depth` below `roots` would, by Knuth's estimate,
/// hold more than [`MARGIN`] times `cap` units. Each random descent
/// multiplies the candidates it meets until it reaches `depth` (or a dead
/// end, itself a unit); a descent whose step a checker rejects counts 0.
/// The median over the descents is taken, which a rare wide branch does
/// not inflate: it lies below the true width more often than above, so
/// the refusal errs towards walking.
pub(crate) fn far_too_wide<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    roots: &[Unit],
    depth: usize,
    cap: usize,
) -> bool {
    if roots.is_empty() {
        return false;
    }
    #[expect(clippy::cast_precision_loss, reason = "an estimate")]
    let over = MARGIN * cap as f64;
    let mut rng = Rng::new(SEED);
    let mut widths: Vec<f64> = (0..DESCENTS)
        .map(|_| {
            #[expect(clippy::cast_precision_loss, reason = "an estimate")]
            let mut width = roots.len() as f64;
            let mut prefix = roots[rng.below(roots.len())].prefix.clone();
            // Past `over`, no later step makes the width smaller (each
            // leaves at least one candidate, or the descent ends).
            while prefix.len() < depth && width <= over {
                let Some(next) = next_candidates(model, &prefix) else {
                    return 0.0;
                };
                if next.is_empty() {
                    break;
                }
                #[expect(clippy::cast_precision_loss, reason = "an estimate")]
                let branching = next.len() as f64;
                width *= branching;
                prefix.push(crate::index::small(next[rng.below(next.len())]));
            }
            width
        })
        .collect();
    widths.sort_by(f64::total_cmp);
    widths[DESCENTS / 2] > over
}
