//! Counting solutions up to the model's declared symmetry (a group of
//! generators, or interchangeable values), and one solution per class.

use std::fmt;

use crate::assignment::Assignment;
use crate::checkers::Checkers;
use crate::interchangeable::Interchangeable;
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
    /// The number of symmetries in the group, the identity included: for
    /// `k` interchangeable values, `k!` (saturated at `usize::MAX`, for
    /// `k` above 20 on a 64-bit machine).
    pub group: usize,
}

impl<V: fmt::Debug, C: Checkers<V>, O: Observer<V>> Search<'_, V, C, O> {
    /// Counts the solutions and their classes under the symmetry the
    /// model declares: the group of its generators
    /// ([`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry)), or
    /// the permutations of its interchangeable values
    /// ([`ModelBuilder::interchangeable_values`](crate::ModelBuilder::interchangeable_values));
    /// with neither, every solution is a class of its own.
    ///
    /// Each class is searched once. Under a group, a class is counted at
    /// its canonical solution, the least of its images in the order of
    /// domain indices, variable by variable: a step whose assignment some
    /// symmetry maps to a smaller one, already in the part the step
    /// decides, is pruned, and each canonical solution counts the size of
    /// its orbit. Under interchangeable values, a variable of the set takes
    /// only the values already held and the smallest free one, and each
    /// solution found counts `k! / (k - u)!` for the `u` of its `k` values
    /// it holds.
    /// The declaration is checked where the count rests on it: the whole
    /// orbit of each canonical solution (every generator on every member),
    /// and, once the search completes, the whole orbit of the plain
    /// search's first solution (so that a false generator that prunes
    /// every solution is caught). When an image is not a solution, the
    /// search stops with [`StopReason::FalseSymmetry`], which names the
    /// generator and the solution. Beyond those checks the count rests on
    /// the declaration: a false one can still hide a class whose least
    /// member is not a solution. In [cross-check mode](Self::cross_check) nothing is pruned:
    /// every solution is searched, and every generator checked on each, so
    /// that a false declaration is caught wherever it fails. The node limit
    /// and the cancellation flag apply.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
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
            ..
        } = self;
        let options = std::sync::Arc::clone(&model.options);
        let declared = Declared::of(&options);
        let mut classes = Classes {
            group: declared.as_ref().map_or(1, Declared::order),
            ..Classes::default()
        };
        let Some(declared) = declared else {
            let mut engine = Engine::new(model, &config);
            while engine.next_solution(&mut observer) {
                classes.solutions += 1;
                classes.classes += 1;
            }
            return engine.outcome(classes);
        };
        // In cross-check mode, every solution, each judged canonical or
        // not; otherwise only the canonical ones, each counting its orbit.
        let pruned = config.describe.is_none();
        let mut config = config;
        config.canonical = pruned;
        let mut engine = Engine::new(model, &config);
        let n = engine.st.plan.n;
        let mut indices = vec![0u32; n];
        let mut image = vec![0u32; n];
        while engine.next_solution(&mut observer) {
            engine.with_assignment(|a| {
                for (var, slot) in indices.iter_mut().enumerate() {
                    *slot = a.index(var).map_or(u32::MAX, crate::index::small);
                }
            });
            let generators = declared.generators();
            // Pruned: the whole orbit of the representative, which it
            // counts; otherwise every solution is searched, each checked.
            let found = if pruned {
                false_in_orbit(&engine, generators, &indices)
            } else {
                false_generator(&mut engine, generators, &indices, &mut image)
            };
            if let Some(stop) = found {
                engine.finish(stop);
                return engine.outcome(classes);
            }
            if pruned {
                classes.classes += 1;
                classes.solutions = classes
                    .solutions
                    .saturating_add(declared.orbit(&indices, &mut image));
            } else {
                classes.solutions += 1;
                classes.classes += u128::from(declared.canonical(&indices, &mut image));
            }
        }
        let mut outcome = engine.outcome(classes);
        drop(engine);
        if pruned && outcome.stop.is_complete() {
            // A class whose least member is not a solution is pruned
            // whole: the plain search's first solution shows it.
            if let Some(stop) = first_solution_checked(model, &config, declared.generators()) {
                outcome.stop = stop;
            }
        }
        outcome
    }
}

impl<'m, V, C: Checkers<V>, O: Observer<V>> Search<'m, V, C, O> {
    /// One solution of each class under the model's declared symmetry (a
    /// group of [`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry)
    /// generators, or
    /// [`interchangeable_values`](crate::ModelBuilder::interchangeable_values)),
    /// as a lazy iterator like [`solutions`](Self::solutions); with no
    /// declared symmetry, every solution. The search is the one
    /// [`count_classes`](Self::count_classes) makes: each class is
    /// searched once, at one member. Under a declared group that member is
    /// the class's least solution (domain indices compared variable by
    /// variable); under interchangeable values, the one in which each
    /// variable, in the order the search assigned them, took a value
    /// already held or the smallest free one. So, when the declaration
    /// holds, the first representative exists exactly when a solution
    /// does. The declaration is checked as
    /// [`count_classes`](Self::count_classes) checks it: before the first
    /// representative, the plain search's first solution has its whole
    /// orbit checked, and so has each representative before it is given;
    /// a false one ends the iterator, with
    /// [`StopReason::FalseSymmetry`] as its
    /// [`stop_reason`](super::Solutions::stop_reason). Beyond those checks
    /// the representatives rest on the declaration. The plain search's
    /// first solution is not counted in the iterator's statistics. An observer sees the
    /// nodes of that tree; the values the interchangeable-values rule
    /// leaves out are never candidates, so it sees no rejection of them.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// // One board for each of the 12 fundamental solutions of 8 queens
    /// // (OEIS A002562).
    /// let mut model = nqueens(8)?;
    /// let boards: Vec<Vec<usize>> = model.search().canonical_solutions().collect();
    /// assert_eq!(boards.len(), 12);
    /// assert_eq!(boards[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    /// let first = model.search().canonical_solutions().next();
    /// assert_eq!(first.as_ref(), boards.first());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn canonical_solutions(mut self) -> super::Solutions<'m, V, C, O>
    where
        V: Clone + fmt::Debug,
    {
        let options = std::sync::Arc::clone(&self.model.options);
        let declared = Declared::of(&options);
        let before = declared.as_ref().and_then(|declared| {
            first_solution_checked(self.model, &self.config, declared.generators())
        });
        self.config.canonical = true;
        let mut solutions = self.solutions();
        if declared.is_some() {
            solutions.check = Some(representative_checked::<V, C>);
        }
        if let Some(stop) = before {
            solutions.engine.finish(stop);
        }
        solutions
    }
}

/// The check of [`canonical_solutions`](Search::canonical_solutions) on
/// each representative it finds (the engine's current solution): the
/// whole orbit under the declared symmetry.
pub(super) fn representative_checked<V: fmt::Debug, C: Checkers<V>>(
    engine: &mut Engine<'_, V, C>,
) -> Option<StopReason> {
    let options = engine.st.plan.options;
    let declared = Declared::of(options)?;
    let n = engine.st.plan.n;
    let mut indices = vec![0u32; n];
    engine.with_assignment(|a| {
        for (var, slot) in indices.iter_mut().enumerate() {
            *slot = a.index(var).map_or(u32::MAX, crate::index::small);
        }
    });
    false_in_orbit(engine, declared.generators(), &indices)
}

/// The plain search's first solution (no symmetry pruning, under the
/// node limit and the cancellation flag of `config`), its whole orbit
/// under `group` checked: the reason to stop when an image is not a
/// solution, or when the search could not finish.
fn first_solution_checked<V: fmt::Debug, C: Checkers<V>>(
    model: &mut crate::Model<V, C>,
    config: &super::engine::Config<V>,
    group: &Group,
) -> Option<StopReason> {
    let mut plain = config.clone();
    plain.canonical = false;
    plain.describe = None;
    let mut engine = Engine::new(model, &plain);
    if !engine.next_solution(&mut crate::observe::NoObserver) {
        return engine.stop.clone().filter(|stop| !stop.is_complete());
    }
    let n = engine.st.plan.n;
    let mut indices = vec![0u32; n];
    engine.with_assignment(|a| {
        for (var, slot) in indices.iter_mut().enumerate() {
            *slot = a.index(var).map_or(u32::MAX, crate::index::small);
        }
    });
    false_in_orbit(&engine, group, &indices)
}

/// The symmetry a model declares, for counting its classes.
enum Declared<'o> {
    /// A group of generators, every element listed.
    Group(&'o Group),
    /// Interchangeable values.
    Values(&'o Interchangeable),
}

impl<'o> Declared<'o> {
    fn of<V>(options: &'o crate::model::Options<V>) -> Option<Declared<'o>> {
        match (&options.group, &options.interchangeable) {
            (Some(group), _) => Some(Declared::Group(group)),
            (None, Some(values)) => Some(Declared::Values(values)),
            (None, None) => None,
        }
    }

    /// The number of symmetries, the identity included.
    fn order(&self) -> usize {
        match self {
            Declared::Group(group) => group.order(),
            Declared::Values(values) => values.order(),
        }
    }

    /// The generators to check each solution with.
    fn generators(&self) -> &'o Group {
        match self {
            Declared::Group(group) => group,
            Declared::Values(values) => &values.generators,
        }
    }

    /// The size of the orbit of the solution `indices`, the canonical
    /// member of its class in the pruned search.
    fn orbit(&self, indices: &[u32], image: &mut [u32]) -> u128 {
        match self {
            // |G| / |stabiliser|.
            Declared::Group(group) => (group.order() / (1 + group.fixing(indices, image))) as u128,
            Declared::Values(values) => values.orbit(indices),
        }
    }

    /// Whether the solution `indices` is the one member of its class that
    /// counts it, when every solution is searched.
    fn canonical(&self, indices: &[u32], image: &mut [u32]) -> bool {
        match self {
            Declared::Group(group) => group.elements.iter().all(|perm| {
                // The generators hold, so every image is an assignment.
                group.apply(perm, indices, image).is_ok() && *image >= *indices
            }),
            Declared::Values(values) => values.in_first_appearance_order(indices),
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

/// The orbit of the solution `start` under the generators of `group`,
/// walked generator by generator (up to [`MAX_GROUP`](crate::MAX_GROUP)
/// assignments): the first generator that maps a member to an assignment
/// that is not a solution, as the reason to stop. When none does, every
/// member of the orbit is a solution.
fn false_in_orbit<V: fmt::Debug, C: Checkers<V>>(
    engine: &Engine<'_, V, C>,
    group: &Group,
    start: &[u32],
) -> Option<StopReason> {
    let mut seen = std::collections::HashSet::from([start.to_vec()]);
    let mut queue = vec![start.to_vec()];
    let mut image = vec![0u32; start.len()];
    while let Some(member) = queue.pop() {
        for (name, perm) in &group.generators {
            let reason = match group.apply(perm, &member, &mut image) {
                Err(var) => Some(format!("assigns `{}` twice", engine.name(var))),
                Ok(()) => engine
                    .rejecting(&image)
                    .map(|k| format!("is rejected by `{k}`")),
            };
            if let Some(reason) = reason {
                return Some(StopReason::FalseSymmetry(Box::new(FalseSymmetry {
                    symmetry: name.clone(),
                    solution: describe_indices(engine.st.plan.table, &member),
                    reason,
                })));
            }
            if seen.len() < crate::MAX_GROUP && seen.insert(image.clone()) {
                queue.push(image.clone());
            }
        }
    }
    None
}

/// The complete assignment `indices` (domain indices) as `name = value`
/// pairs.
fn describe_indices<V: fmt::Debug>(table: &crate::assignment::Table<V>, indices: &[u32]) -> String {
    let pairs: Vec<String> = indices
        .iter()
        .enumerate()
        .map(|(var, &i)| {
            format!(
                "{} = {:?}",
                table.names[var], table.domains[var][i as usize]
            )
        })
        .collect();
    format!("{{{}}}", pairs.join(", "))
}

/// A solution as `name = value` pairs.
fn describe<V: fmt::Debug>(a: &Assignment<'_, V>) -> String {
    let pairs: Vec<String> = a
        .iter()
        .map(|(var, value)| format!("{} = {value:?}", a.name(var)))
        .collect();
    format!("{{{}}}", pairs.join(", "))
}
