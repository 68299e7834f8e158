//! Counting solutions up to the model's declared symmetry group.

use std::fmt;

use crate::assignment::Assignment;
use crate::checkers::Checkers;
use crate::observe::Observer;
use crate::outcome::{FalseSymmetry, Outcome, StopReason};
use crate::symmetry::Group;

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

impl<'m, V: fmt::Debug, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// Counts the solutions and their classes under the symmetry group the
    /// model declares ([`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry);
    /// with none, every solution is a class of its own). A class is counted
    /// at its canonical solution, the least of its images in the order of
    /// domain indices, variable by variable.
    ///
    /// Each class is searched once: a step whose assignment some symmetry
    /// maps to a smaller one, already in the part the step decides, is
    /// pruned, and each canonical solution counts the size of its orbit.
    /// Each generator is checked on each canonical solution: when its image
    /// is not a solution, the search stops with
    /// [`StopReason::FalseSymmetry`], which names the generator and the
    /// solution. In [cross-check mode](Self::cross_check) nothing is pruned:
    /// every solution is searched, and every generator checked on each, so
    /// that a false declaration is caught wherever it fails. The node limit
    /// and the cancellation flag apply.
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
        let Search {
            model,
            config,
            mut observer,
        } = self;
        let options = std::sync::Arc::clone(&model.options);
        let group = options.group.as_ref();
        let n = model.len();
        let mut classes = Classes {
            group: group.map_or(1, crate::symmetry::Group::order),
            ..Classes::default()
        };
        if let Some(group) = group
            && config.describe.is_none()
        {
            let mut config = config;
            config.canonical = true;
            return pruned(Engine::new(model, &config), &mut observer, group, classes);
        }
        let mut engine = Engine::new(model, &config);
        let mut indices = vec![0u32; n];
        let mut image = vec![0u32; n];
        while engine.next_solution(&mut observer) {
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
            if let Some(stop) = false_generator(&mut engine, group, &indices, &mut image) {
                engine.finish(stop);
                return engine.outcome(classes);
            }
            let canonical = group.elements.iter().all(|perm| {
                // The generators hold, so every image is an assignment.
                group.apply(perm, &indices, &mut image).is_ok() && image >= indices
            });
            classes.classes += u128::from(canonical);
        }
        engine.outcome(classes)
    }

    /// The canonical solutions, one for each class under the declared
    /// group, lazily: each is the least of its images, in the order of
    /// [`count_classes`](Self::count_classes), and each class is searched
    /// once, as there. With no group declared, every solution. In
    /// [cross-check mode](Self::cross_check) the declared generators and
    /// the mirror are checked on each solution reached, as in every
    /// search; one that fails stops the iterator, and
    /// [`Solutions::stop`](super::Solutions::stop) says which.
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// // One board for each of the 12 fundamental solutions of 8 queens.
    /// let mut model = nqueens(8)?;
    /// let boards: Vec<Vec<usize>> = model.search().canonical_solutions().collect();
    /// assert_eq!(boards.len(), 12);
    /// assert_eq!(boards[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    /// let first = model.search().canonical_solutions().next();
    /// assert_eq!(first.as_ref(), boards.first());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn canonical_solutions(self) -> super::Solutions<'m, V, C, O>
    where
        V: Clone,
    {
        let Search {
            model,
            mut config,
            observer,
        } = self;
        config.canonical = true;
        super::Solutions {
            engine: Engine::new(model, &config),
            observer,
        }
    }
}

/// The first generator of `group` that maps the solution `indices` (the
/// engine's current assignment) to an assignment that is not a solution,
/// as the reason to stop.
fn false_generator<V: fmt::Debug, C: Checkers<V>>(
    engine: &mut Engine<'_, V, C>,
    group: &Group,
    indices: &[u32],
    image: &mut [u32],
) -> Option<StopReason> {
    for (name, perm) in &group.generators {
        let reason = match group.apply(perm, indices, image) {
            Err(var) => Some(format!("assigns `{}` twice", engine.name(var))),
            Ok(()) => engine
                .rejecting(image)
                .map(|k| format!("is rejected by `{k}`")),
        };
        if let Some(reason) = reason {
            let solution = engine.with_assignment(|a| describe(a));
            return Some(StopReason::FalseSymmetry(Box::new(FalseSymmetry {
                symmetry: name.clone(),
                solution,
                reason,
            })));
        }
    }
    None
}

/// [`Search::count_classes`] searching each class once: the engine prunes
/// the steps that lead only to solutions that are not canonical, and each
/// canonical solution counts its orbit.
fn pruned<V: fmt::Debug, C: Checkers<V>, O: Observer<V>>(
    mut engine: Engine<'_, V, C>,
    observer: &mut O,
    group: &Group,
    mut classes: Classes,
) -> Outcome<Classes> {
    let n = group.variables();
    let mut indices = vec![0u32; n];
    let mut image = vec![0u32; n];
    while engine.next_solution(observer) {
        engine.with_assignment(|a| {
            for (var, slot) in indices.iter_mut().enumerate() {
                *slot = a.index(var).map_or(u32::MAX, crate::index::small);
            }
        });
        if let Some(stop) = false_generator(&mut engine, group, &indices, &mut image) {
            engine.finish(stop);
            return engine.outcome(classes);
        }
        // A canonical solution: its orbit has |G| / |stabiliser| solutions.
        let fixed = 1 + group.fixing(&indices, &mut image);
        classes.classes += 1;
        classes.solutions += (group.order() / fixed) as u128;
    }
    engine.outcome(classes)
}

/// A solution as `name = value` pairs.
fn describe<V: fmt::Debug>(a: &Assignment<'_, V>) -> String {
    let pairs: Vec<String> = a
        .iter()
        .map(|(var, value)| format!("{} = {value:?}", a.name(var)))
        .collect();
    format!("{{{}}}", pairs.join(", "))
}
