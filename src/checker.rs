//! The checker trait: one rule of a model.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::cost_class::CostClass;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

/// A constraint of a model, as the engine sees it.
///
/// Only [`name`](Self::name) and [`check`](Self::check) are required: `check`
/// is the constraint's meaning, judged from scratch on a partial assignment.
/// The other methods make it fast or strong and all have correct defaults:
///
/// - [`promising`](Self::promising) judges one candidate step `var = value`
///   on top of the current assignment; the default is `check` on the
///   extended assignment. It takes `&self`: it must not change anything, so
///   a rejected candidate needs no undo.
/// - [`filter`](Self::filter) judges a whole candidate set at once; the
///   default asks `promising` value by value. A checker that keeps a bitset
///   of what is used can answer for a whole word with a shift and a mask.
/// - [`on_assign`](Self::on_assign) / [`on_unassign`](Self::on_unassign)
///   keep incremental state (used columns, sums so far). The engine calls
///   `on_assign` only after every checker found the step promising, and
///   matches each call with exactly one `on_unassign`, last in first out.
///   That order holds for each checker on its own; calls to different
///   checkers may interleave, so a checker's state must be its own.
/// - [`narrow`](Self::narrow) (with [`narrows`](Self::narrows) answering
///   `true`) removes values from the candidates of variables still to come,
///   so that a dead end shows at once instead of many levels later.
///
/// The engine may skip every method but `check` for variables outside the
/// checker's [`scope`](Self::scope).
///
/// `Checker` has a sealed supertrait, implemented for every checker: it is
/// how the engine calls checkers, and it cannot be implemented or called
/// from outside the crate.
///
/// # Example
///
/// A checker that keeps the sum of the assigned values below a bound,
/// incrementally:
///
/// ```
/// use backtracker::{Assignment, Checker, Choice, ModelBuilder};
///
/// struct SumAtMost { bound: u32, sum: u32 }
///
/// impl Checker<u32> for SumAtMost {
///     fn name(&self) -> &str { "sum" }
///     fn check(&self, a: &Assignment<'_, u32>) -> bool {
///         a.iter().map(|(_, v)| v).sum::<u32>() <= self.bound
///     }
///     fn promising(&self, _: &Assignment<'_, u32>, c: Choice<'_, u32>) -> bool {
///         self.sum + c.value <= self.bound
///     }
///     fn on_assign(&mut self, c: Choice<'_, u32>) { self.sum += c.value; }
///     fn on_unassign(&mut self, c: Choice<'_, u32>) { self.sum -= c.value; }
/// }
///
/// let mut b = ModelBuilder::new();
/// for i in 0..3 {
///     b.variable(format!("x{i}"), 0..3u32);
/// }
/// let mut model = b.build((SumAtMost { bound: 2, sum: 0 },)).unwrap();
/// assert_eq!(model.search().count().value, 10);
/// ```
pub trait Checker<V>: sealed::Step<V> {
    /// A stable name: it appears in traces, statistics and errors.
    fn name(&self) -> &str;

    /// Whether the partial `assignment` can still be part of a solution as
    /// far as this checker can tell, judged from scratch. Unassigned
    /// variables must be treated as free. On an assignment that covers the
    /// checker's whole scope, it must be the constraint itself.
    fn check(&self, assignment: &Assignment<'_, V>) -> bool;

    /// Whether `choice` is promising on top of `assignment`, which this
    /// checker already accepted. Defaults to `check` on the extended
    /// assignment; override it with an O(1) test on incremental state.
    #[inline]
    fn promising(&self, assignment: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        self.check(&assignment.with(choice))
    }

    /// Removes from `candidates` (domain indices of `var`) every value that
    /// is not promising. Defaults to asking [`promising`](Self::promising)
    /// value by value: about each candidate once, in increasing index order,
    /// and about no other value. Override it to filter whole words at once
    /// ([`Candidates::words_mut`]); when every domain has at most 64 values,
    /// `candidates` is one word.
    // Always inlined: a checker that only answers `promising` then gets one
    // loop over the word's bits with its own `promising` inlined, behind a
    // single call per variable (a virtual call when the checker is boxed).
    #[inline(always)]
    fn filter(&self, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        let domain = assignment.domain(var);
        candidates.retain(|index| {
            self.promising(
                assignment,
                Choice {
                    var,
                    index,
                    value: &domain[index],
                },
            )
        });
    }

    /// Whether this checker narrows: when `true`, the engine calls
    /// [`narrow`](Self::narrow) and keeps the candidate sets it narrows.
    /// Defaults to `false`, and a model with no narrowing checker pays
    /// nothing for narrowing. A checker that overrides `narrow` and leaves
    /// this `false` would never be asked to narrow:
    /// [`build`](crate::ModelBuilder::build) refuses it with
    /// [`ModelError::NarrowNeverCalled`](crate::ModelError::NarrowNeverCalled),
    /// unless its `narrow` calls
    /// [`Domains::narrowing_off`](crate::Domains::narrowing_off) (narrowing
    /// as a setting, off).
    fn narrows(&self) -> bool {
        false
    }

    /// Whether [`filter`](Self::filter) can remove anything that
    /// [`narrow`](Self::narrow) left. Answer `false` only for a narrowing
    /// checker whose `narrow` keeps the candidates of every variable of its
    /// scope exactly the values its `check` accepts (an exact-cover checker,
    /// say): the engine then never calls its `filter`, and
    /// smallest-domain-first reads the narrowed sets' sizes directly.
    /// Defaults to `true`; ignored for a checker that does not narrow.
    /// Cross-check mode still compares every candidate with `check`.
    fn filters(&self) -> bool {
        true
    }

    /// Whether [`narrow`](Self::narrow) reads every variable of the scope,
    /// whichever `var` it is given, and runs to its own fixpoint (a second
    /// call right after it would remove nothing). The engine then calls it
    /// once for a batch of changes instead of once per changed variable:
    /// after the narrowing checkers that answer `false` have run out of
    /// work (those with the shortest scope first, so that a costly one
    /// runs on what cheaper ones left), with `var` one of the variables
    /// that changed, and not again for the changes it made itself. For
    /// costly narrowing (a matching, a pass over a table) this saves most
    /// of the calls. Defaults to `false`; ignored for a checker that does
    /// not narrow.
    fn narrows_whole_scope(&self) -> bool {
        false
    }

    /// Which changes of `var`, a variable of the scope, wake
    /// [`narrow`](Self::narrow): every change ([`Wake::Change`], the
    /// default), or only when `var` is left one value ([`Wake::Fixed`]).
    /// Asked once per variable when the model is built; ignored for a
    /// checker that does not narrow.
    fn wakes_on(&self, var: usize) -> Wake {
        let _ = var;
        Wake::Change
    }

    /// Whether [`narrow`](Self::narrow) reads nothing but the candidate
    /// sets of its [`Domains`] (which values are left, how many, the
    /// lowest and highest): not [`Domains::assignment`], and not what its
    /// hooks ([`on_assign`](Self::on_assign),
    /// [`on_unassign`](Self::on_unassign)) keep. A variable that narrowing
    /// leaves one value is assigned within the step (an implied
    /// assignment), which changes no set; the engine then runs the
    /// narrowing of the checkers watching it again, now that it is
    /// assigned, except for those that answer `true`: with the sets
    /// unchanged, their narrowing has nothing new to read. Defaults to
    /// `false`; ignored for a checker that does not narrow. Answer `true`
    /// only when it holds: a narrowing that reads the assignment or its
    /// hooks' state may then miss removals it would have made, which its
    /// [`filter`](Self::filter) still catches when
    /// [`filters`](Self::filters) is `true`, and which otherwise can let a
    /// wrong value through (cross-check mode audits every implied value
    /// against every checker's `check`).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use backtracker::{Assignment, Checker, Conflict, Domains, ModelBuilder};
    ///
    /// /// x0 < x1, narrowed from the sets; counts its calls.
    /// struct Below<'a>(bool, &'a AtomicUsize);
    /// impl Checker<u8> for Below<'_> {
    ///     fn name(&self) -> &str { "below" }
    ///     fn check(&self, a: &Assignment<'_, u8>) -> bool {
    ///         match (a.get(0), a.get(1)) { (Some(x), Some(y)) => x < y, _ => true }
    ///     }
    ///     fn narrows(&self) -> bool { true }
    ///     fn narrows_from_sets(&self) -> bool { self.0 }
    ///     fn narrow(&self, _: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
    ///         self.1.fetch_add(1, Ordering::Relaxed);
    ///         let low = d.domain(0)[d.min(0).ok_or_else(Conflict::new)?];
    ///         let high = d.domain(1)[d.max(1).ok_or_else(Conflict::new)?];
    ///         let (zero, one) = (d.domain(0), d.domain(1));
    ///         d.retain(1, |i| one[i] > low)?;
    ///         d.retain(0, |i| zero[i] < high)?;
    ///         Ok(())
    ///     }
    /// }
    /// let run = |sets_only| -> Result<(u128, u64, usize), backtracker::ModelError> {
    ///     let calls = AtomicUsize::new(0);
    ///     let mut b = ModelBuilder::new();
    ///     b.variable("x0", [1, 2u8]);
    ///     b.variable("x1", [2, 3u8]);
    ///     let outcome = b.build((Below(sets_only, &calls),))?.search().count();
    ///     Ok((outcome.value, outcome.stats.implied, calls.into_inner()))
    /// };
    /// let (again, sets) = (run(false)?, run(true)?);
    /// // x0 = 2 leaves x1 only 3, implied: the same count and implied
    /// // assignments, one call fewer.
    /// assert_eq!((sets.0, sets.1), (again.0, again.1));
    /// assert_eq!(sets.0, 3);
    /// assert!(sets.2 < again.2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    fn narrows_from_sets(&self) -> bool {
        false
    }

    /// How costly one call of [`narrow`](Self::narrow) is
    /// ([`CostClass`]): after a step, the engine runs the cheaper classes'
    /// narrowing until nothing changes before it runs a costlier one.
    /// Defaults to [`CostClass::Linear`] for a checker that
    /// [narrows its whole scope](Self::narrows_whole_scope) and
    /// [`CostClass::Cheap`] for one that does not; ignored for a checker
    /// that does not narrow.
    fn cost_class(&self) -> CostClass {
        if self.narrows_whole_scope() {
            CostClass::Linear
        } else {
            CostClass::Cheap
        }
    }

    /// Narrows the candidates of other variables, after `var` (a variable
    /// of the scope) was assigned or lost candidates. Called only when
    /// [`narrows`](Self::narrows) is `true`, after every `on_assign` of the
    /// step, and again whenever a watched variable's set changes (its own
    /// changes included, unless it
    /// [narrows its whole scope](Self::narrows_whole_scope)), until nothing
    /// changes. Every value it removes must be one that no solution
    /// of this checker's constraint, within the candidates left, can take:
    /// [cross-check mode](crate::Search::cross_check) verifies that.
    ///
    /// It takes `&self`: narrowing changes only the candidate sets, which
    /// the engine restores when the search goes back.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] when the step cannot be part of a solution: the one
    /// a [`Domains`] method returns when it empties a set, or
    /// [`Conflict::new`]. The engine rejects the step.
    fn narrow(&self, var: usize, domains: &mut Domains<'_, V>) -> Result<(), Conflict> {
        let _ = var;
        // Tells `ModelBuilder::build` that this checker keeps the default.
        domains.narrowing_off();
        Ok(())
    }

    /// Called when `choice` joins the assignment (after every checker said yes).
    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let _ = choice;
    }

    /// Called when `choice` leaves the assignment, in reverse order of
    /// [`on_assign`](Self::on_assign).
    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        let _ = choice;
    }

    /// The variables this checker constrains, or `None` for all of them.
    /// The model refuses a scope naming a variable it does not have.
    fn scope(&self) -> Option<&[usize]> {
        None
    }

    /// This checker in a box, for a list of checkers of different types
    /// (a [`DynChecker`]), without a cast at each element.
    ///
    /// ```
    /// use backtracker::constraints::{AllDifferent, Predicate};
    /// use backtracker::{Checker, DynChecker, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4u8)).collect();
    /// let mut checkers: Vec<DynChecker<u8>> = xs
    ///     .chunks(2)
    ///     .enumerate()
    ///     .map(|(k, pair)| AllDifferent::new(format!("pair {k}"), pair.to_vec()).boxed())
    ///     .collect();
    /// checkers.push(Predicate::new("rising", [xs[0], xs[2]], |v| v[0] < v[1]).boxed());
    /// let mut model = b.build(checkers)?;
    /// // x0 below x2: 6 ways; then x1 and x3 each 3.
    /// assert_eq!(model.search().count().value, 54);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    fn boxed(self) -> DynChecker<V>
    where
        Self: Sized + Send + 'static,
    {
        Box::new(self)
    }

    /// Called once when the model is built, with its variables: validate
    /// them and precompute what the fast paths need. Incremental state must
    /// be empty afterwards.
    ///
    /// # Errors
    ///
    /// A [`ModelError`] (usually [`ModelError::InvalidChecker`]) when the
    /// model does not suit the checker.
    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let _ = model;
        Ok(())
    }
}

/// A boxed checker is a checker: it can go into a tuple like any other.
impl<V, T: Checker<V> + ?Sized> Checker<V> for Box<T> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        (**self).check(assignment)
    }
    #[inline]
    fn promising(&self, assignment: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        (**self).promising(assignment, choice)
    }
    #[inline]
    fn filter(&self, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        (**self).filter(assignment, var, candidates);
    }
    fn narrows(&self) -> bool {
        (**self).narrows()
    }
    fn filters(&self) -> bool {
        (**self).filters()
    }
    fn narrows_whole_scope(&self) -> bool {
        (**self).narrows_whole_scope()
    }
    fn wakes_on(&self, var: usize) -> Wake {
        (**self).wakes_on(var)
    }
    fn narrows_from_sets(&self) -> bool {
        (**self).narrows_from_sets()
    }
    fn cost_class(&self) -> CostClass {
        (**self).cost_class()
    }
    fn narrow(&self, var: usize, domains: &mut Domains<'_, V>) -> Result<(), Conflict> {
        (**self).narrow(var, domains)
    }
    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        (**self).on_assign(choice);
    }
    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        (**self).on_unassign(choice);
    }
    fn scope(&self) -> Option<&[usize]> {
        (**self).scope()
    }
    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        (**self).prepare(model)
    }
}

/// A boxed checker, for models whose checkers are of different types:
/// build such a model from a `Vec<DynChecker<V>>`.
///
/// ```
/// use backtracker::constraints::{AtMostOnePerLine, Predicate};
/// use backtracker::{DynChecker, ModelBuilder};
///
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 0..3u8);
/// let y = b.variable("y", 0..3u8);
/// let checkers: Vec<DynChecker<u8>> = vec![
///     Box::new(AtMostOnePerLine::new("different", |_, &v: &u8| usize::from(v))),
///     Box::new(Predicate::new("x below y", [x, y], |v| v[0] < v[1])),
/// ];
/// let mut model = b.build(checkers)?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub type DynChecker<V> = Box<dyn Checker<V> + Send>;

pub(crate) mod sealed {
    use super::{Assignment, Candidates, Checker, Choice};

    /// How the engine calls a checker on its hot path. Implemented for
    /// every checker, so that a boxed checker's calls below are one virtual
    /// call each, with the checker's own methods inlined behind it.
    pub trait Step<V> {
        /// [`Checker::filter`] of a one-word candidate set.
        fn filter_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64;

        /// Undoes `undo` (the previous value of `choice.var`), assigns
        /// `choice`, and returns the filtered one-word candidates of `next`.
        fn advance(
            &mut self,
            undo: Option<&Choice<'_, V>>,
            choice: &Choice<'_, V>,
            assignment: &Assignment<'_, V>,
            next: usize,
            candidates: u64,
        ) -> u64;
    }

    impl<V, T: Checker<V>> Step<V> for T {
        #[inline(always)]
        fn filter_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
            let mut words = [candidates];
            self.filter(assignment, var, &mut Candidates::new(&mut words));
            words[0]
        }

        #[inline]
        fn advance(
            &mut self,
            undo: Option<&Choice<'_, V>>,
            choice: &Choice<'_, V>,
            assignment: &Assignment<'_, V>,
            next: usize,
            candidates: u64,
        ) -> u64 {
            if let Some(&undo) = undo {
                self.on_unassign(undo);
            }
            self.on_assign(*choice);
            self.filter_word(assignment, next, candidates)
        }
    }
}
