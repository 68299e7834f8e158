//! The checker trait, and sets of checkers the engine searches with.

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::error::ModelError;

/// A constraint of a model, as the engine sees it.
///
/// Only [`name`](Self::name) and [`check`](Self::check) are required: `check`
/// is the constraint's meaning, judged from scratch on a partial assignment.
/// The other methods make it fast and all have correct defaults:
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
///
/// The engine may skip every method but `check` for variables outside the
/// checker's [`scope`](Self::scope).
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
pub trait Checker<V> {
    /// A stable name: it appears in traces, statistics and errors.
    fn name(&self) -> &str;

    /// Whether the partial `assignment` can still be part of a solution as
    /// far as this checker can tell, judged from scratch. Unassigned
    /// variables must be treated as free.
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
    /// and about no other value. Override it to filter whole words at once.
    // Always inlined, into `filter_word` above all: a checker that only
    // answers `promising` then gets one loop over the word's bits with its
    // own `promising` inlined, behind a single call per variable (a virtual
    // call when the checker is boxed). Asking about every domain value of a
    // word instead, in a loop of fixed length that ANDs the answers with the
    // word, was measured slower, for words with most values left and even
    // for full ones: the extra questions and the dense-or-sparse test cost
    // more than the loop exits they save.
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

    /// [`filter`](Self::filter) for a domain of at most 64 values, whose
    /// candidate set is the one word `candidates`: returns the kept ones.
    /// The engine calls this on its one-word fast path; override it when
    /// `filter` can be written for one word without a loop. Defaults to
    /// `filter` on that word, so a checker that overrides only `filter` is
    /// asked through it here too.
    #[inline(always)]
    fn filter_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
        let mut words = [candidates];
        self.filter(assignment, var, &mut Candidates::new(&mut words));
        words[0]
    }

    /// One step of the engine's one-word fast path, in one call: undoes
    /// `undo` (the previous value of `choice.var`), assigns `choice`, and
    /// returns [`filter_word`](Self::filter_word) of variable `next`.
    ///
    /// Not meant to be overridden, except to forward it (as `Box` does):
    /// the default makes the three calls, and a boxed checker then costs one
    /// virtual call per node instead of three.
    #[doc(hidden)]
    #[inline]
    fn advance_word(
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
    #[inline]
    fn filter_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
        (**self).filter_word(assignment, var, candidates)
    }
    #[inline]
    fn advance_word(
        &mut self,
        undo: Option<&Choice<'_, V>>,
        choice: &Choice<'_, V>,
        assignment: &Assignment<'_, V>,
        next: usize,
        candidates: u64,
    ) -> u64 {
        (**self).advance_word(undo, choice, assignment, next, candidates)
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

/// The checkers of a model, in model order, as one unit the engine is
/// generic over.
///
/// Implemented for tuples of up to eight checkers (the static path: every
/// call is monomorphised and inlined) and for [`CheckerList`] (any number of
/// checkers of one type, typically boxed). Model order matters: a rejected
/// value is attributed to the first checker, in this order, that rejects it.
pub trait Checkers<V> {
    /// Number of checkers.
    fn len(&self) -> usize;

    /// Whether there are no checkers.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Name of checker `k`.
    fn name(&self, k: usize) -> &str;

    /// Scope of checker `k` (`None`: every variable).
    fn scope(&self, k: usize) -> Option<&[usize]>;

    /// Prepares every checker for the model.
    ///
    /// # Errors
    ///
    /// The first checker's error.
    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError>;

    /// Filters `candidates` of `var` through every checker, in model order.
    fn filter_all(
        &self,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
    );

    /// [`filter_all`](Self::filter_all) for a one-word candidate set.
    fn filter_all_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64;

    /// Like [`filter_all`](Self::filter_all), calling `after(k, candidates)`
    /// once checker `k` has filtered.
    fn filter_each(
        &self,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
        after: &mut dyn FnMut(usize, &Candidates<'_>),
    );

    /// Filters `candidates` through checker `k` alone.
    fn filter_one(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
    );

    /// Checker `k`'s [`filter_word`](Checker::filter_word).
    fn filter_one_word(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: u64,
    ) -> u64;

    /// Checker `k`'s [`promising`](Checker::promising).
    fn promising_one(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        choice: Choice<'_, V>,
    ) -> bool;

    /// Checker `k`'s [`check`](Checker::check).
    fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool;

    /// Tells every checker, in model order, that `choice` was assigned.
    fn assign_all(&mut self, choice: Choice<'_, V>);

    /// Tells every checker, in reverse model order, that `choice` was unassigned.
    fn unassign_all(&mut self, choice: Choice<'_, V>);

    /// Whether the one-word fast path should hold back the undo of a
    /// variable's value until its next value is assigned, and hand both to
    /// [`advance_all_word`](Self::advance_all_word). Worth it when each
    /// checker call is a virtual call; a tuple's calls are inlined and gain
    /// nothing from it.
    #[doc(hidden)]
    const DEFER_UNDO: bool = false;

    /// Every checker's [`Checker::advance_word`], in model order: undoes
    /// `undo`, assigns `choice` and filters `candidates` of `next`.
    #[doc(hidden)]
    #[inline(always)]
    fn advance_all_word(
        &mut self,
        undo: Option<&Choice<'_, V>>,
        choice: &Choice<'_, V>,
        assignment: &Assignment<'_, V>,
        next: usize,
        candidates: u64,
    ) -> u64 {
        advance_in_groups(self, undo, choice, assignment, next, candidates)
    }
}

/// [`Checkers::advance_all_word`] as three separate passes over the
/// checkers: every undo, then every assignment, then every filter.
#[inline(always)]
fn advance_in_groups<V, C: Checkers<V> + ?Sized>(
    checkers: &mut C,
    undo: Option<&Choice<'_, V>>,
    choice: &Choice<'_, V>,
    assignment: &Assignment<'_, V>,
    next: usize,
    candidates: u64,
) -> u64 {
    if let Some(&undo) = undo {
        checkers.unassign_all(undo);
    }
    checkers.assign_all(*choice);
    checkers.filter_all_word(assignment, next, candidates)
}

macro_rules! tuple_checkers {
    ($len:expr; $($t:ident $i:tt),+; rev $($r:tt),+) => {
        impl<V, $($t: Checker<V>),+> Checkers<V> for ($($t,)+) {
            fn len(&self) -> usize {
                $len
            }
            fn name(&self, k: usize) -> &str {
                match k {
                    $($i => self.$i.name(),)+
                    _ => panic!("no checker {k}"),
                }
            }
            fn scope(&self, k: usize) -> Option<&[usize]> {
                match k {
                    $($i => self.$i.scope(),)+
                    _ => panic!("no checker {k}"),
                }
            }
            fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
                $(self.$i.prepare(model)?;)+
                Ok(())
            }
            #[inline(always)]
            fn filter_all(&self, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
                $(self.$i.filter(assignment, var, candidates);)+
            }
            #[inline(always)]
            fn filter_all_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
                let mut word = candidates;
                $(word = self.$i.filter_word(assignment, var, word);)+
                word
            }
            #[inline(always)]
            fn filter_each(
                &self,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
                after: &mut dyn FnMut(usize, &Candidates<'_>),
            ) {
                $(
                    self.$i.filter(assignment, var, candidates);
                    after($i, candidates);
                )+
            }
            fn filter_one(
                &self,
                k: usize,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
            ) {
                match k {
                    $($i => self.$i.filter(assignment, var, candidates),)+
                    _ => panic!("no checker {k}"),
                }
            }
            fn filter_one_word(&self, k: usize, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
                match k {
                    $($i => self.$i.filter_word(assignment, var, candidates),)+
                    _ => panic!("no checker {k}"),
                }
            }
            fn promising_one(&self, k: usize, assignment: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
                match k {
                    $($i => self.$i.promising(assignment, choice),)+
                    _ => panic!("no checker {k}"),
                }
            }
            fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool {
                match k {
                    $($i => self.$i.check(assignment),)+
                    _ => panic!("no checker {k}"),
                }
            }
            #[inline(always)]
            fn assign_all(&mut self, choice: Choice<'_, V>) {
                $(self.$i.on_assign(choice);)+
            }
            #[inline(always)]
            fn unassign_all(&mut self, choice: Choice<'_, V>) {
                $(self.$r.on_unassign(choice);)+
            }
        }
    };
}

tuple_checkers!(1; A 0; rev 0);
tuple_checkers!(2; A 0, B 1; rev 1, 0);
tuple_checkers!(3; A 0, B 1, C 2; rev 2, 1, 0);
tuple_checkers!(4; A 0, B 1, C 2, D 3; rev 3, 2, 1, 0);
tuple_checkers!(5; A 0, B 1, C 2, D 3, E 4; rev 4, 3, 2, 1, 0);
tuple_checkers!(6; A 0, B 1, C 2, D 3, E 4, F 5; rev 5, 4, 3, 2, 1, 0);
tuple_checkers!(7; A 0, B 1, C 2, D 3, E 4, F 5, G 6; rev 6, 5, 4, 3, 2, 1, 0);
tuple_checkers!(8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7; rev 7, 6, 5, 4, 3, 2, 1, 0);

/// A boxed checker, for models whose checkers are of different types.
pub type DynChecker<V> = Box<dyn Checker<V> + Send>;

/// Any number of checkers of one type (typically [`DynChecker`]), in model
/// order. The engine only asks the checkers whose scope holds the variable
/// at hand, so a model of many small constraints stays fast.
pub struct CheckerList<T> {
    items: Vec<T>,
    /// Whether every checker watches every variable (no checker has a
    /// scope): the engine then walks `items` itself, with no watch list.
    global: bool,
    /// Per variable: the checkers whose scope holds it, in model order.
    watch: Vec<Vec<u32>>,
}

impl<T> CheckerList<T> {
    /// A list of checkers, in model order.
    #[must_use]
    pub fn new(items: Vec<T>) -> Self {
        CheckerList {
            items,
            global: false,
            watch: Vec::new(),
        }
    }

    /// Appends a checker.
    pub fn push(&mut self, checker: T) {
        self.items.push(checker);
    }

    /// The checkers, in model order.
    #[must_use]
    pub fn items(&self) -> &[T] {
        &self.items
    }

    #[inline]
    fn watching(&self, var: usize) -> &[u32] {
        &self.watch[var]
    }

    /// Calls `f` on each checker that watches `var`, in model order: on
    /// every item directly when no checker has a scope, else through the
    /// watch list. (Each branch gets its own loop, so the hot loops hold no
    /// test of which walk they are on.)
    #[inline(always)]
    fn each_watching(&self, var: usize, mut f: impl FnMut(&T)) {
        if self.global {
            self.items.iter().for_each(f);
        } else {
            for &k in self.watching(var) {
                f(&self.items[k as usize]);
            }
        }
    }

    /// [`each_watching`](Self::each_watching) with mutable checkers, in
    /// model order or (`reverse`) the opposite.
    #[inline(always)]
    fn each_watching_mut(&mut self, var: usize, reverse: bool, mut f: impl FnMut(&mut T)) {
        if self.global {
            if reverse {
                self.items.iter_mut().rev().for_each(f);
            } else {
                self.items.iter_mut().for_each(f);
            }
            return;
        }
        let (items, watch) = (&mut self.items, &self.watch[var]);
        if reverse {
            for &k in watch.iter().rev() {
                f(&mut items[k as usize]);
            }
        } else {
            for &k in watch {
                f(&mut items[k as usize]);
            }
        }
    }
}

impl<T> Default for CheckerList<T> {
    fn default() -> Self {
        CheckerList::new(Vec::new())
    }
}

impl<V, T: Checker<V>> Checkers<V> for CheckerList<T> {
    const DEFER_UNDO: bool = true;
    fn len(&self) -> usize {
        self.items.len()
    }
    fn name(&self, k: usize) -> &str {
        self.items[k].name()
    }
    fn scope(&self, k: usize) -> Option<&[usize]> {
        self.items[k].scope()
    }
    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let mut watch = vec![Vec::new(); model.len()];
        let mut global = true;
        for (k, item) in self.items.iter_mut().enumerate() {
            item.prepare(model)?;
            let k = u32::try_from(k).expect("fewer than 2^32 checkers");
            match item.scope() {
                None => watch.iter_mut().for_each(|w| w.push(k)),
                Some(vars) => {
                    global = false;
                    for &v in vars {
                        if watch[v].last() != Some(&k) {
                            watch[v].push(k);
                        }
                    }
                }
            }
        }
        for w in &mut watch {
            w.sort_unstable();
            w.dedup();
        }
        self.global = global;
        self.watch = watch;
        Ok(())
    }
    #[inline]
    fn filter_all(
        &self,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
    ) {
        self.each_watching(var, |item| item.filter(assignment, var, candidates));
    }
    #[inline(always)]
    fn filter_all_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
        let mut word = candidates;
        self.each_watching(var, |item| word = item.filter_word(assignment, var, word));
        word
    }
    fn filter_each(
        &self,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
        after: &mut dyn FnMut(usize, &Candidates<'_>),
    ) {
        for &k in self.watching(var) {
            self.items[k as usize].filter(assignment, var, candidates);
            after(k as usize, candidates);
        }
    }
    fn filter_one(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: &mut Candidates<'_>,
    ) {
        self.items[k].filter(assignment, var, candidates);
    }
    fn filter_one_word(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        var: usize,
        candidates: u64,
    ) -> u64 {
        self.items[k].filter_word(assignment, var, candidates)
    }
    fn promising_one(
        &self,
        k: usize,
        assignment: &Assignment<'_, V>,
        choice: Choice<'_, V>,
    ) -> bool {
        self.items[k].promising(assignment, choice)
    }
    fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool {
        self.items[k].check(assignment)
    }
    #[inline(always)]
    fn assign_all(&mut self, choice: Choice<'_, V>) {
        self.each_watching_mut(choice.var, false, |item| item.on_assign(choice));
    }
    #[inline(always)]
    fn unassign_all(&mut self, choice: Choice<'_, V>) {
        self.each_watching_mut(choice.var, true, |item| item.on_unassign(choice));
    }
    #[inline(always)]
    fn advance_all_word(
        &mut self,
        undo: Option<&Choice<'_, V>>,
        choice: &Choice<'_, V>,
        assignment: &Assignment<'_, V>,
        next: usize,
        candidates: u64,
    ) -> u64 {
        if !self.global {
            return advance_in_groups(self, undo, choice, assignment, next, candidates);
        }
        // One call per checker: checker 0 gets the undo and the new value
        // before checker 1 gets the undo.
        let mut word = candidates;
        for item in &mut self.items {
            word = item.advance_word(undo, choice, assignment, next, word);
        }
        word
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelBuilder;
    use std::ops::ControlFlow;
    use std::sync::{Arc, Mutex};

    /// (`true` for `on_assign`, variable, checker name) in call order.
    type Log = Arc<Mutex<Vec<(bool, usize, &'static str)>>>;

    /// Accepts everything and logs its hook calls.
    struct Logger {
        name: &'static str,
        scope: Option<Vec<usize>>,
        log: Log,
    }

    impl Checker<u8> for Logger {
        fn name(&self) -> &str {
            self.name
        }
        fn check(&self, _: &Assignment<'_, u8>) -> bool {
            true
        }
        fn on_assign(&mut self, c: Choice<'_, u8>) {
            self.log.lock().unwrap().push((true, c.var, self.name));
        }
        fn on_unassign(&mut self, c: Choice<'_, u8>) {
            self.log.lock().unwrap().push((false, c.var, self.name));
        }
        fn scope(&self) -> Option<&[usize]> {
            self.scope.as_deref()
        }
    }

    /// Runs a full enumeration of three two-valued variables with the
    /// checkers `(name, scope)` and checks each checker's hook calls: only
    /// for the variables it watches, paired last in first out, every step
    /// of those variables (2 + 4 + 8 steps of x0, x1, x2) assigned once and
    /// undone once, and the same sequence of calls as every other checker
    /// watching the same variables.
    fn hooks_follow_watch_lists(specs: &[(&'static str, Option<Vec<usize>>)]) {
        let log = Log::default();
        let mut b = ModelBuilder::new();
        for v in 0..3 {
            b.variable(format!("x{v}"), 0..2u8);
        }
        let checkers = specs
            .iter()
            .map(|(name, scope)| {
                Box::new(Logger {
                    name,
                    scope: scope.clone(),
                    log: log.clone(),
                }) as DynChecker<u8>
            })
            .collect();
        let mut model = b.build_dyn(checkers).unwrap();
        let mut solutions = 0;
        model.search().for_each(|_| {
            solutions += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(solutions, 8);
        let log = log.lock().unwrap();
        let steps = [2, 4, 8];
        let watches = |scope: &Option<Vec<usize>>, var: usize| {
            scope.as_ref().is_none_or(|s| s.contains(&var))
        };
        let calls = |name: &str| -> Vec<(bool, usize)> {
            log.iter()
                .filter(|&&(_, _, who)| who == name)
                .map(|&(assign, var, _)| (assign, var))
                .collect()
        };
        for (name, scope) in specs {
            let mine = calls(name);
            let mut open = Vec::new();
            let mut assigns = [0; 3];
            for &(assign, var) in &mine {
                assert!(watches(scope, var), "{name} called for unwatched x{var}");
                if assign {
                    assert!(!open.contains(&var), "{name}: x{var} assigned twice");
                    open.push(var);
                    assigns[var] += 1;
                } else {
                    assert_eq!(open.pop(), Some(var), "{name}: undo of x{var} out of order");
                }
            }
            assert!(open.is_empty(), "{name}: {open:?} never undone");
            for var in 0..3 {
                let expected = if watches(scope, var) { steps[var] } else { 0 };
                assert_eq!(assigns[var], expected, "{name}: steps of x{var}");
            }
            for (other, other_scope) in specs {
                let shared = |calls: Vec<(bool, usize)>| -> Vec<(bool, usize)> {
                    calls
                        .into_iter()
                        .filter(|&(_, v)| watches(scope, v) && watches(other_scope, v))
                        .collect()
                };
                assert_eq!(
                    shared(mine.clone()),
                    shared(calls(other)),
                    "{name} and {other} see their shared variables alike"
                );
            }
        }
    }

    /// Accepts everything in `check` (and so in the default `promising`),
    /// but its `filter` keeps only the first value.
    struct FirstOnly;

    impl Checker<u8> for FirstOnly {
        fn name(&self) -> &str {
            "first only"
        }
        fn check(&self, _: &Assignment<'_, u8>) -> bool {
            true
        }
        fn filter(&self, _: &Assignment<'_, u8>, _: usize, candidates: &mut Candidates<'_>) {
            for word in candidates.words_mut() {
                *word &= 1;
            }
        }
    }

    #[test]
    fn the_word_path_asks_a_filter_only_checker_its_filter() {
        let builder = || {
            let mut b = ModelBuilder::new();
            for v in 0..3 {
                b.variable(format!("x{v}"), 0..6u8);
            }
            b
        };
        // Through `promising` every one of the 6^3 assignments would count.
        let mut fast = builder().build((FirstOnly,)).unwrap();
        assert_eq!(fast.search().count().value, 1);
        let mut boxed = builder()
            .build_dyn(vec![Box::new(FirstOnly) as DynChecker<u8>])
            .unwrap();
        assert_eq!(boxed.search().count().value, 1);
    }

    /// Rejects domain index 3 of every variable.
    struct NotThree;

    impl Checker<u8> for NotThree {
        fn name(&self) -> &str {
            "not three"
        }
        fn check(&self, a: &Assignment<'_, u8>) -> bool {
            (0..a.len()).all(|v| a.index(v) != Some(3))
        }
    }

    /// Accepts everything and logs every `(var, index)` its `promising` is
    /// asked about (its `filter` is the default).
    struct Asked(Arc<Mutex<Vec<(usize, usize)>>>);

    impl Checker<u8> for Asked {
        fn name(&self) -> &str {
            "asked"
        }
        fn check(&self, _: &Assignment<'_, u8>) -> bool {
            true
        }
        fn promising(&self, _: &Assignment<'_, u8>, c: Choice<'_, u8>) -> bool {
            self.0.lock().unwrap().push((c.var, c.index));
            true
        }
    }

    #[test]
    fn the_default_filter_asks_only_the_candidates_in_order() {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let mut b = ModelBuilder::new();
        for v in 0..3 {
            b.variable(format!("x{v}"), 0..6u8);
        }
        b.restrict(1, |v| v % 2 == 0);
        b.pin(2, &5);
        let mut model = b.build((NotThree, Asked(asked.clone()))).unwrap();
        // x0 in {0, 1, 2, 4, 5}, x1 in {0, 2, 4}, x2 = 5.
        assert_eq!(model.search().count().value, 15);
        let asked = asked.lock().unwrap();
        // x0 is filtered once, at the root; x1 once per value of x0; x2
        // once per pair of values of x0 and x1.
        let of = |var: usize| -> Vec<usize> {
            asked.iter().filter(|a| a.0 == var).map(|a| a.1).collect()
        };
        assert_eq!(of(0), [0, 1, 2, 4, 5]);
        assert_eq!(of(1), [0, 2, 4].repeat(5));
        assert_eq!(of(2), [5; 15]);
    }

    #[test]
    fn a_list_without_scopes_calls_every_checker_alike() {
        hooks_follow_watch_lists(&[("a", None), ("b", None), ("c", None)]);
    }

    #[test]
    fn a_list_with_scopes_calls_only_the_watching_checkers() {
        hooks_follow_watch_lists(&[
            ("a", None),
            ("b", Some(vec![1])),
            ("c", None),
            ("d", Some(vec![2, 0])),
        ]);
    }
}
