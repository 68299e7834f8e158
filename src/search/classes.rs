//! Counting solutions up to the model's declared symmetry group.

use std::fmt;

use crate::assignment::Assignment;
use crate::checkers::Checkers;
use crate::observe::NoObserver;
use crate::outcome::{FalseSymmetry, Outcome, StopReason};

use super::Search;
use super::engine::Engine;

/// The solutions of a model and their classes under its declared symmetry
/// group (see [`Search::count_classes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Classes {
    /// Every solution.
    pub solutions: u128,
    /// The classes (orbits): solutions that a symmetry of the group maps
    /// one to the other are one class.
    pub classes: u128,
    /// The number of symmetries in the group, the identity included.
    pub group: usize,
}

impl<V: fmt::Debug, C: Checkers<V>> Search<'_, V, C> {
    /// Counts the solutions and their classes under the symmetry group the
    /// model declares ([`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry);
    /// with none, every solution is a class of its own). A class is counted
    /// at its canonical solution, the least of its images in the order of
    /// domain indices, variable by variable.
    ///
    /// Every solution is searched, and each generator is checked on it:
    /// when its image is not a solution, the search stops with
    /// [`StopReason::FalseSymmetry`], which names the generator and the
    /// solution. The node limit and the cancellation flag apply.
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// // The reference model declares the board's 8 symmetries.
    /// let outcome = nqueens(8)?.search().count_classes();
    /// // 92 solutions, 12 of them fundamental (OEIS A000170, A002562).
    /// assert_eq!((outcome.value.solutions, outcome.value.classes), (92, 12));
    /// assert_eq!(outcome.value.group, 8);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn count_classes(self) -> Outcome<Classes> {
        let Search { model, config, .. } = self;
        let options = std::sync::Arc::clone(&model.options);
        let group = options.group.as_ref();
        let n = model.len();
        let mut classes = Classes {
            group: group.map_or(1, crate::symmetry::Group::order),
            ..Classes::default()
        };
        let mut engine = Engine::new(model, &config);
        let mut indices = vec![0u32; n];
        let mut image = vec![0u32; n];
        while engine.next_solution(&mut NoObserver) {
            engine.with_assignment(|a| {
                for (var, slot) in indices.iter_mut().enumerate() {
                    *slot = a.index(var).map_or(u32::MAX, crate::index::small);
                }
            });
            classes.solutions += 1;
            let Some(group) = group else {
                classes.classes += 1;
                continue;
            };
            for (name, perm) in &group.generators {
                let reason = match group.apply(perm, &indices, &mut image) {
                    Err(var) => Some(format!("assigns `{}` twice", engine.name(var))),
                    Ok(()) => engine
                        .rejecting(&image)
                        .map(|k| format!("is rejected by `{k}`")),
                };
                if let Some(reason) = reason {
                    let solution = engine.with_assignment(|a| describe(a));
                    let stop = StopReason::FalseSymmetry(Box::new(FalseSymmetry {
                        symmetry: name.clone(),
                        solution,
                        reason,
                    }));
                    engine.finish(stop);
                    return engine.outcome(classes);
                }
            }
            let canonical = group.elements.iter().all(|perm| {
                // The generators hold, so every image is an assignment.
                group.apply(perm, &indices, &mut image).is_ok() && image >= indices
            });
            classes.classes += u128::from(canonical);
        }
        engine.outcome(classes)
    }
}

/// A solution as `name = value` pairs.
fn describe<V: fmt::Debug>(a: &Assignment<'_, V>) -> String {
    let pairs: Vec<String> = a
        .iter()
        .map(|(var, value)| format!("{} = {value:?}", a.name(var)))
        .collect();
    format!("{{{}}}", pairs.join(", "))
}
