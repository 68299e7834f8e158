//! Where each variable stands in a checker's scope.

use crate::assignment::ModelInfo;
use crate::error::ModelError;

/// The position of a variable that is not in the scope.
pub(crate) const NONE: u32 = u32::MAX;

/// Per variable of the model, its position in `scope` ([`NONE`] when it is
/// not there). A scope that names a variable the model lacks, or one
/// variable twice, is refused with an error naming `checker`.
pub(crate) fn positions<V>(
    checker: &str,
    scope: &[usize],
    model: &ModelInfo<'_, V>,
) -> Result<Vec<u32>, ModelError> {
    let mut pos = vec![NONE; model.len()];
    for (p, &var) in scope.iter().enumerate() {
        if var >= model.len() {
            return Err(ModelError::UnknownVariable {
                checker: checker.to_owned(),
                var,
                count: model.len(),
            });
        }
        if pos[var] != NONE {
            return Err(ModelError::InvalidChecker {
                checker: checker.to_owned(),
                reason: format!("its scope names variable `{}` twice", model.name(var)),
            });
        }
        pos[var] = crate::index::small(p);
    }
    Ok(pos)
}
