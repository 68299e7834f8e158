//! Values that name positions: the successor of a node, the index of an
//! array.

use crate::assignment::ModelInfo;

use super::scope::NONE;

/// Per variable of `vars`, per domain index, the position its value names
/// (`usize::try_from` of the value), or [`NONE`] when the value names no
/// position below `count`.
pub(crate) fn targets<V: Clone + TryInto<usize>>(
    vars: &[usize],
    count: usize,
    model: &ModelInfo<'_, V>,
) -> Vec<Vec<u32>> {
    vars.iter()
        .map(|&var| {
            model
                .domain(var)
                .iter()
                .map(|value| match value.clone().try_into() {
                    Ok(at) if at < count => crate::index::small(at),
                    _ => NONE,
                })
                .collect()
        })
        .collect()
}
