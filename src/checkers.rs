//! Sets of checkers a model is built from: tuples of checkers (every call
//! monomorphised and inlined) and lists of boxed checkers.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::{Checker, DynChecker};
use crate::cost_class::CostClass;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

/// The checkers of a model, in model order: a tuple of up to twelve
/// checkers, or a `Vec<DynChecker<V>>` of any number (also
/// `Vec<Box<dyn Checker<V>>>`, for checkers that are not `Send`), or `()`
/// for none.
///
/// A tuple is the fast path: every call is monomorphised, so the checkers'
/// methods are inlined into the engine's loop. A vector of boxed checkers is
/// the convenient one: any number of checkers of any types, each asked only
/// about the variables of its [scope](Checker::scope). Model order matters:
/// a rejected value is attributed to the first checker, in this order, that
/// rejects it.
///
/// This trait is sealed: it says which types a model can be built from, and
/// it has no methods to call or implement outside the crate.
///
/// A `Vec` of one checker type is not a set: the compiler says so in one
/// line, with the way out, box each with [`Checker::boxed`] (or make the
/// list a tuple):
///
/// ```compile_fail
/// use backtracker::{constraints::AllDifferent, ModelBuilder};
///
/// let mut b = ModelBuilder::new();
/// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4u8)).collect();
/// // error: `Vec<AllDifferent>` is not a set of checkers: build from a
/// // tuple `(a, b)`, or box each checker into a `Vec<DynChecker<u8>>`
/// // with `Checker::boxed`
/// let model = b.build(vec![AllDifferent::new("all", xs)]);
/// ```
///
/// ```
/// use backtracker::constraints::AtMostOnePerLine;
/// use backtracker::{Checkers, DynChecker, Model, ModelBuilder};
///
/// fn count<C: Checkers<u8>>(model: &mut Model<u8, C>) -> u128 {
///     model.search().count().value
/// }
///
/// let builder = || {
///     let mut b = ModelBuilder::new();
///     for i in 0..3 {
///         b.variable(format!("x{i}"), 0..3u8);
///     }
///     b
/// };
/// let different = || AtMostOnePerLine::new("different", |_, &v: &u8| usize::from(v));
/// let mut tuple = builder().build((different(),))?;
/// let boxed: Vec<DynChecker<u8>> = vec![Box::new(different())];
/// let mut list = builder().build(boxed)?;
/// assert_eq!(count(&mut tuple), 6);
/// assert_eq!(count(&mut list), 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a set of checkers: build from a tuple `(a, b)`, or box each checker into a `Vec<DynChecker<{V}>>` with `Checker::boxed`",
    label = "not a tuple of checkers, a `Vec<DynChecker<{V}>>` or `()`"
)]
pub trait Checkers<V>: sealed::Set<V> {}

impl<V, T: sealed::Set<V>> Checkers<V> for T {}

pub(crate) use sealed::Watch;

/// A list of checkers of one type, any number of them: the set of
/// checkers of a model whose checkers are not known until run time but
/// share a type (an enum over the kinds a front-end posts, say). Unlike a
/// `Vec` of boxes it needs no allocation per checker and no virtual call,
/// and it is `Clone`, `Send` and `Sync` when the checker type is, as the
/// searches on [threads](crate::Search::threads) need.
/// It is a `Vec` otherwise: it dereferences to one, and is built from one.
///
/// ```
/// use backtracker::constraints::AllDifferent;
/// use backtracker::{ModelBuilder, Same};
///
/// let mut b = ModelBuilder::new();
/// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4u8)).collect();
/// let pairs = xs.chunks(2).enumerate();
/// let pairs = pairs.map(|(k, p)| AllDifferent::new(format!("pair {k}"), p.to_vec()));
/// let mut model = b.build(Same::from(pairs.collect::<Vec<_>>()))?;
/// // Each pair different: (4 * 3) squared.
/// assert_eq!(model.search().threads(2).count().value, 144);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Same<C>(pub Vec<C>);

impl<C> From<Vec<C>> for Same<C> {
    fn from(list: Vec<C>) -> Self {
        Same(list)
    }
}

impl<C> std::ops::Deref for Same<C> {
    type Target = Vec<C>;
    fn deref(&self) -> &Vec<C> {
        &self.0
    }
}

impl<C> std::ops::DerefMut for Same<C> {
    fn deref_mut(&mut self) -> &mut Vec<C> {
        &mut self.0
    }
}

pub(crate) mod sealed {
    use super::{
        Assignment, Candidates, Choice, Conflict, CostClass, Domains, ModelError, ModelInfo, Wake,
    };

    /// Marks an entry of `Watch::narrowing` whose checker wakes only when
    /// the variable is left one value.
    pub(crate) const FIXED_ONLY: u32 = 1 << 31;
    /// Marks an entry of `Watch::narrowing` whose checker wakes only when
    /// the variable's lowest or highest candidate changes.
    pub(crate) const BOUNDS_ONLY: u32 = 1 << 30;
    /// Marks an entry of `Watch::narrowing` whose checker narrows from the
    /// kept sets alone (`Checker::narrows_from_sets`): not run again when
    /// the variable, already left one value, is implied.
    pub(crate) const SETS_ONLY: u32 = 1 << 29;
    /// The checker's number in an entry of `Watch::narrowing`.
    pub(crate) const CHECKER: u32 = SETS_ONLY - 1;
    use crate::wake::{ON_BOUNDS, ON_CHANGE};

    /// Which checkers watch which variable, from their scopes.
    #[derive(Clone, Debug, Default)]
    pub struct Watch {
        /// No checker has a scope: every checker watches every variable.
        pub(crate) global: bool,
        /// Per variable, the checkers whose scope holds it, in model order.
        pub(crate) lists: Vec<Vec<u32>>,
        /// Per variable, the narrowing checkers whose scope holds it (each
        /// with `FIXED_ONLY` set when it wakes only on a fixed value,
        /// `BOUNDS_ONLY` when only on a bound that moved, and `SETS_ONLY`
        /// when it narrows from the kept sets alone).
        pub(crate) narrowing: Vec<Vec<u32>>,
        /// Per checker, whether it narrows its whole scope at once.
        pub(crate) whole_scope: Vec<bool>,
        /// Per checker, whether its narrowing waits in the line (it
        /// narrows its whole scope, or its cost class is above `Cheap`)
        /// rather than running as soon as it is woken.
        pub(crate) waits: Vec<bool>,
        /// Per checker, its place in the waiting line's order: the rank of
        /// its cost class and then of the length of its scope (every
        /// variable for a checker without one), cheapest and shortest 0.
        pub(crate) rank: Vec<u32>,
        /// Whether some narrowing checker says its `filter` removes nothing
        /// its `narrow` left: then `filtering` lists who filters.
        pub(crate) skips_filters: bool,
        /// Per variable, which of its changes wake some narrowing checker
        /// beside its being left one value (`ON_CHANGE`, `ON_BOUNDS`).
        pub(crate) wake_on: Vec<u8>,
        /// Per variable, the checkers watching it whose `filter` is called.
        pub(crate) filtering: Vec<Vec<u32>>,
        /// Some checker has no scope (it watches every variable).
        unscoped: bool,
        /// Per variable, the variables sharing a checker scope with it
        /// (itself excluded), in increasing order; `None` when a checker
        /// without a scope watches it. Only forward checking reads them:
        /// worked out from `lists` the first time it does.
        neighbours: std::sync::OnceLock<Vec<Option<Vec<u32>>>>,
    }

    impl Watch {
        pub(crate) fn new<V, C: Set<V>>(n: usize, checkers: &C) -> Watch {
            let mut lists = vec![Vec::new(); n];
            let mut narrowing = vec![Vec::new(); n];
            let mut filtering = vec![Vec::new(); n];
            let mut skips_filters = false;
            let mut wake_on = vec![0u8; n];
            let mut unscoped = false;
            let mut global = true;
            let whole_scope: Vec<bool> = (0..checkers.len())
                .map(|k| checkers.narrows(k) && checkers.narrows_whole_scope(k))
                .collect();
            let class: Vec<CostClass> = (0..checkers.len())
                .map(|k| checkers.cost_class(k))
                .collect();
            let waits = (0..checkers.len())
                .map(|k| whole_scope[k] || class[k] > CostClass::Cheap)
                .collect();
            let keys: Vec<(CostClass, usize)> = (0..checkers.len())
                .map(|k| (class[k], checkers.scope(k).map_or(n, <[usize]>::len)))
                .collect();
            let mut distinct = keys.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let rank = keys
                .iter()
                .map(|key| crate::index::small(distinct.partition_point(|d| d < key)))
                .collect();
            for k in 0..checkers.len() {
                let kk = crate::index::small(k);
                let narrows = checkers.narrows(k);
                let filters = !narrows || checkers.filters(k);
                skips_filters |= !filters;
                let all: Vec<usize>;
                let vars = match checkers.scope(k) {
                    None => {
                        unscoped = true;
                        all = (0..n).collect();
                        &all[..]
                    }
                    Some(vars) => {
                        global = false;
                        vars
                    }
                };
                let sets_only = if narrows && checkers.narrows_from_sets(k) {
                    SETS_ONLY
                } else {
                    0
                };
                for &v in vars {
                    lists[v].push(kk);
                    if narrows {
                        match checkers.wakes_on(k, v) {
                            Wake::Fixed => narrowing[v].push(kk | FIXED_ONLY | sets_only),
                            Wake::Bounds => {
                                narrowing[v].push(kk | BOUNDS_ONLY | sets_only);
                                wake_on[v] |= ON_BOUNDS;
                            }
                            Wake::Change => {
                                narrowing[v].push(kk | sets_only);
                                wake_on[v] |= ON_CHANGE;
                            }
                        }
                    }
                    if filters {
                        filtering[v].push(kk);
                    }
                }
            }
            for list in lists.iter_mut().chain(&mut narrowing).chain(&mut filtering) {
                list.dedup();
            }
            Watch {
                global: global && !skips_filters,
                lists,
                narrowing,
                whole_scope,
                waits,
                rank,
                skips_filters,
                wake_on,
                filtering,
                unscoped,
                neighbours: std::sync::OnceLock::new(),
            }
        }

        /// The variables sharing a checker scope with `var` (itself
        /// excluded), in increasing order; `None` when a checker without a
        /// scope watches it.
        pub(crate) fn neighbours(&self, var: usize) -> Option<&[u32]> {
            self.neighbours.get_or_init(|| self.work_out_neighbours())[var].as_deref()
        }

        /// Every variable's [`neighbours`](Self::neighbours), from the
        /// checkers watching each variable.
        fn work_out_neighbours(&self) -> Vec<Option<Vec<u32>>> {
            let n = self.lists.len();
            if self.unscoped {
                return vec![None; n];
            }
            let mut members: Vec<Vec<u32>> = Vec::new();
            for (v, list) in self.lists.iter().enumerate() {
                for &k in list {
                    let k = k as usize;
                    if members.len() <= k {
                        members.resize_with(k + 1, Vec::new);
                    }
                    members[k].push(crate::index::small(v));
                }
            }
            (0..n)
                .map(|v| {
                    let mut list: Vec<u32> = self.lists[v]
                        .iter()
                        .flat_map(|&k| members[k as usize].iter().copied())
                        .filter(|&u| u as usize != v)
                        .collect();
                    list.sort_unstable();
                    list.dedup();
                    Some(list)
                })
                .collect()
        }

        /// Whether any checker narrows.
        pub(crate) fn any_narrowing(&self) -> bool {
            self.narrowing.iter().any(|l| !l.is_empty())
        }
    }

    /// What the engine asks of a set of checkers.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a set of checkers: build from a tuple `(a, b)`, or box each checker into a `Vec<DynChecker<{V}>>` with `Checker::boxed`",
        label = "not a tuple of checkers, a `Vec<DynChecker<{V}>>` or `()`"
    )]
    pub trait Set<V> {
        /// Whether the lean loop holds back the undo of a variable's value
        /// until its next value is assigned, and hands both to
        /// [`advance`](Self::advance): for boxed checkers one virtual call
        /// instead of three. Tuples do not: held back, N-Queens ran 5% fewer
        /// instructions per node but took 1% to 3% more time (a flag to test
        /// when a frame runs out), measured in paired runs.
        const DEFER_UNDO: bool = false;

        /// Number of checkers.
        fn len(&self) -> usize;
        /// Name of checker `k`.
        fn name(&self, k: usize) -> &str;
        /// Scope of checker `k`.
        fn scope(&self, k: usize) -> Option<&[usize]>;
        /// Whether checker `k` narrows.
        fn narrows(&self, k: usize) -> bool;
        /// Whether checker `k`'s filter is called (see `Checker::filters`).
        fn filters(&self, k: usize) -> bool;
        /// Whether checker `k` narrows its whole scope at once (see
        /// `Checker::narrows_whole_scope`).
        fn narrows_whole_scope(&self, k: usize) -> bool;
        /// What wakes checker `k`'s narrowing for `var` (see
        /// `Checker::wakes_on`).
        fn wakes_on(&self, k: usize, var: usize) -> Wake;
        /// Whether checker `k` narrows from the kept sets alone (see
        /// `Checker::narrows_from_sets`).
        fn narrows_from_sets(&self, k: usize) -> bool;
        /// Checker `k`'s cost class (see `Checker::cost_class`).
        fn cost_class(&self, k: usize) -> CostClass;
        /// Prepares every checker for the model, in model order.
        fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError>;

        /// Filters `candidates` of `var` through every checker watching it.
        fn filter_all(
            &self,
            assignment: &Assignment<'_, V>,
            var: usize,
            candidates: &mut Candidates<'_>,
            watch: &Watch,
        );
        /// [`filter_all`](Self::filter_all) of a one-word set.
        fn filter_all_word(
            &self,
            assignment: &Assignment<'_, V>,
            var: usize,
            candidates: u64,
            watch: &Watch,
        ) -> u64;
        /// Like `filter_all`, calling `after(k, candidates)` once checker
        /// `k` has filtered.
        fn filter_each(
            &self,
            assignment: &Assignment<'_, V>,
            var: usize,
            candidates: &mut Candidates<'_>,
            watch: &Watch,
            after: &mut dyn FnMut(usize, &Candidates<'_>),
        );
        /// Checker `k`'s `filter`.
        fn filter_one(
            &self,
            k: usize,
            assignment: &Assignment<'_, V>,
            var: usize,
            candidates: &mut Candidates<'_>,
        );
        /// Checker `k`'s `promising`.
        fn promising_one(
            &self,
            k: usize,
            assignment: &Assignment<'_, V>,
            choice: Choice<'_, V>,
        ) -> bool;
        /// Checker `k`'s `check`.
        fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool;
        /// Checker `k`'s `narrow`.
        fn narrow_one(
            &self,
            k: usize,
            var: usize,
            domains: &mut Domains<'_, V>,
        ) -> Result<(), Conflict>;
        /// Tells the checkers watching `choice.var`, in model order, that it
        /// was assigned.
        fn assign_all(&mut self, choice: Choice<'_, V>, watch: &Watch);
        /// The same for an unassignment, in reverse model order.
        fn unassign_all(&mut self, choice: Choice<'_, V>, watch: &Watch);
        /// Undoes `undo`, assigns `choice` and filters the one-word
        /// candidates of `next`, for every checker.
        #[inline(always)]
        fn advance(
            &mut self,
            undo: Option<&Choice<'_, V>>,
            choice: &Choice<'_, V>,
            assignment: &Assignment<'_, V>,
            next: usize,
            candidates: u64,
            watch: &Watch,
        ) -> u64 {
            if let Some(&undo) = undo {
                self.unassign_all(undo, watch);
            }
            self.assign_all(*choice, watch);
            self.filter_all_word(assignment, next, candidates, watch)
        }
    }
}

use sealed::Set;

macro_rules! tuple_checkers {
    ($len:expr; $($t:ident $i:tt),+; rev $($r:tt),+) => {
        impl<V, $($t: Checker<V>),+> Set<V> for ($($t,)+) {
            fn len(&self) -> usize {
                $len
            }
            fn name(&self, k: usize) -> &str {
                match k {
                    $($i => self.$i.name(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn scope(&self, k: usize) -> Option<&[usize]> {
                match k {
                    $($i => self.$i.scope(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn narrows(&self, k: usize) -> bool {
                match k {
                    $($i => self.$i.narrows(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn filters(&self, k: usize) -> bool {
                match k {
                    $($i => self.$i.filters(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn narrows_whole_scope(&self, k: usize) -> bool {
                match k {
                    $($i => self.$i.narrows_whole_scope(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn wakes_on(&self, k: usize, var: usize) -> Wake {
                match k {
                    $($i => self.$i.wakes_on(var),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn narrows_from_sets(&self, k: usize) -> bool {
                match k {
                    $($i => self.$i.narrows_from_sets(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn cost_class(&self, k: usize) -> CostClass {
                match k {
                    $($i => self.$i.cost_class(),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
                $(self.$i.prepare(model)?;)+
                Ok(())
            }
            #[inline(always)]
            fn filter_all(&self, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>, _: &Watch) {
                $(if !self.$i.narrows() || self.$i.filters() {
                    self.$i.filter(assignment, var, candidates);
                })+
            }
            #[inline(always)]
            fn filter_all_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64, _: &Watch) -> u64 {
                let mut word = candidates;
                $(if !self.$i.narrows() || self.$i.filters() {
                    word = self.$i.filter_word(assignment, var, word);
                })+
                word
            }
            fn filter_each(
                &self,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
                _: &Watch,
                after: &mut dyn FnMut(usize, &Candidates<'_>),
            ) {
                $(
                    if !self.$i.narrows() || self.$i.filters() {
                        self.$i.filter(assignment, var, candidates);
                    }
                    after($i, candidates);
                )+
            }
            fn filter_one(&self, k: usize, assignment: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
                match k {
                    $($i => self.$i.filter(assignment, var, candidates),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn promising_one(&self, k: usize, assignment: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
                match k {
                    $($i => self.$i.promising(assignment, choice),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool {
                match k {
                    $($i => self.$i.check(assignment),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            fn narrow_one(&self, k: usize, var: usize, domains: &mut Domains<'_, V>) -> Result<(), Conflict> {
                match k {
                    $($i => self.$i.narrow(var, domains),)+
                    _ => unreachable!("no checker {k}"),
                }
            }
            #[inline(always)]
            fn assign_all(&mut self, choice: Choice<'_, V>, _: &Watch) {
                $(self.$i.on_assign(choice);)+
            }
            #[inline(always)]
            fn unassign_all(&mut self, choice: Choice<'_, V>, _: &Watch) {
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
tuple_checkers!(9; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8; rev 8, 7, 6, 5, 4, 3, 2, 1, 0);
tuple_checkers!(10; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9; rev 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
tuple_checkers!(11; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10; rev 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
tuple_checkers!(12; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11; rev 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

/// Calls `f` on each checker of `items` that watches `var`, in model order
/// (or the reverse): on every item when no checker has a scope, else
/// through the watch list. Each branch has its own loop, so the hot loops
/// hold no test of which walk they are on.
#[inline(always)]
fn each_watching<T>(
    items: &mut [T],
    watch: &Watch,
    var: usize,
    reverse: bool,
    mut f: impl FnMut(&mut T),
) {
    if watch.global {
        if reverse {
            items.iter_mut().rev().for_each(f);
        } else {
            items.iter_mut().for_each(f);
        }
        return;
    }
    let list = &watch.lists[var];
    if reverse {
        for &k in list.iter().rev() {
            f(&mut items[k as usize]);
        }
    } else {
        for &k in list {
            f(&mut items[k as usize]);
        }
    }
}

/// Calls `f` on each checker of `items` whose filter applies to `var`,
/// in model order.
#[inline(always)]
fn each_filtering<T>(items: &[T], watch: &Watch, var: usize, mut f: impl FnMut(usize, &T)) {
    if watch.global {
        items.iter().enumerate().for_each(|(k, item)| f(k, item));
    } else {
        let list = if watch.skips_filters {
            &watch.filtering[var]
        } else {
            &watch.lists[var]
        };
        for &k in list {
            f(k as usize, &items[k as usize]);
        }
    }
}

/// `Set` for a list of checkers: `$list` indexes and iterates like a
/// `Vec`, and `$item => $step` reaches the checker behind a list item
/// (through its box, or the item itself).
macro_rules! list_checkers {
    ([$($generics:tt)*] $list:ty, $item:ident => $step:expr) => {
        impl<$($generics)*> Set<V> for $list {
            const DEFER_UNDO: bool = true;

            fn len(&self) -> usize {
                self.as_slice().len()
            }
            fn name(&self, k: usize) -> &str {
                self[k].name()
            }
            fn scope(&self, k: usize) -> Option<&[usize]> {
                self[k].scope()
            }
            fn narrows(&self, k: usize) -> bool {
                self[k].narrows()
            }
            fn filters(&self, k: usize) -> bool {
                self[k].filters()
            }
            fn narrows_whole_scope(&self, k: usize) -> bool {
                self[k].narrows_whole_scope()
            }
            fn wakes_on(&self, k: usize, var: usize) -> Wake {
                self[k].wakes_on(var)
            }
            fn narrows_from_sets(&self, k: usize) -> bool {
                self[k].narrows_from_sets()
            }
            fn cost_class(&self, k: usize) -> CostClass {
                self[k].cost_class()
            }
            fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
                self.iter_mut().try_for_each(|c| c.prepare(model))
            }
            #[inline]
            fn filter_all(
                &self,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
                watch: &Watch,
            ) {
                each_filtering(self, watch, var, |_, item| {
                    item.filter(assignment, var, candidates);
                });
            }
            #[inline(always)]
            fn filter_all_word(
                &self,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: u64,
                watch: &Watch,
            ) -> u64 {
                let mut word = candidates;
                each_filtering(self, watch, var, |_, $item| {
                    word = $step.filter_word(assignment, var, word);
                });
                word
            }
            fn filter_each(
                &self,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
                watch: &Watch,
                after: &mut dyn FnMut(usize, &Candidates<'_>),
            ) {
                each_filtering(self, watch, var, |k, item| {
                    item.filter(assignment, var, candidates);
                    after(k, candidates);
                });
            }
            fn filter_one(
                &self,
                k: usize,
                assignment: &Assignment<'_, V>,
                var: usize,
                candidates: &mut Candidates<'_>,
            ) {
                self[k].filter(assignment, var, candidates);
            }
            fn promising_one(
                &self,
                k: usize,
                assignment: &Assignment<'_, V>,
                choice: Choice<'_, V>,
            ) -> bool {
                self[k].promising(assignment, choice)
            }
            fn check_one(&self, k: usize, assignment: &Assignment<'_, V>) -> bool {
                self[k].check(assignment)
            }
            fn narrow_one(
                &self,
                k: usize,
                var: usize,
                domains: &mut Domains<'_, V>,
            ) -> Result<(), Conflict> {
                self[k].narrow(var, domains)
            }
            #[inline(always)]
            fn assign_all(&mut self, choice: Choice<'_, V>, watch: &Watch) {
                each_watching(self, watch, choice.var, false, |item| {
                    item.on_assign(choice)
                });
            }
            #[inline(always)]
            fn unassign_all(&mut self, choice: Choice<'_, V>, watch: &Watch) {
                each_watching(self, watch, choice.var, true, |item| {
                    item.on_unassign(choice);
                });
            }
            #[inline(always)]
            fn advance(
                &mut self,
                undo: Option<&Choice<'_, V>>,
                choice: &Choice<'_, V>,
                assignment: &Assignment<'_, V>,
                next: usize,
                candidates: u64,
                watch: &Watch,
            ) -> u64 {
                if !watch.global {
                    if let Some(&undo) = undo {
                        self.unassign_all(undo, watch);
                    }
                    self.assign_all(*choice, watch);
                    return self.filter_all_word(assignment, next, candidates, watch);
                }
                // One virtual call per checker: checker 0 gets the undo and the new
                // value before checker 1 gets the undo.
                let mut word = candidates;
                for $item in self.iter_mut() {
                    word = $step.advance(undo, choice, assignment, next, word);
                }
                word
            }
        }
    };
}

list_checkers!([V] Vec<DynChecker<V>>, item => (**item));
list_checkers!([V] Vec<Box<dyn Checker<V>>>, item => (**item));
list_checkers!([V, C: Checker<V>] Same<C>, item => item);

/// No checkers at all: every assignment is a solution.
impl<V> Set<V> for () {
    fn len(&self) -> usize {
        0
    }
    fn name(&self, k: usize) -> &str {
        unreachable!("no checker {k}")
    }
    fn scope(&self, k: usize) -> Option<&[usize]> {
        unreachable!("no checker {k}")
    }
    fn narrows(&self, _: usize) -> bool {
        false
    }
    fn filters(&self, _: usize) -> bool {
        true
    }
    fn narrows_whole_scope(&self, _: usize) -> bool {
        false
    }
    fn wakes_on(&self, _: usize, _: usize) -> Wake {
        Wake::Change
    }
    fn narrows_from_sets(&self, _: usize) -> bool {
        false
    }
    fn cost_class(&self, _: usize) -> CostClass {
        CostClass::Cheap
    }
    fn prepare(&mut self, _: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        Ok(())
    }
    fn filter_all(&self, _: &Assignment<'_, V>, _: usize, _: &mut Candidates<'_>, _: &Watch) {}
    fn filter_all_word(&self, _: &Assignment<'_, V>, _: usize, c: u64, _: &Watch) -> u64 {
        c
    }
    fn filter_each(
        &self,
        _: &Assignment<'_, V>,
        _: usize,
        _: &mut Candidates<'_>,
        _: &Watch,
        _: &mut dyn FnMut(usize, &Candidates<'_>),
    ) {
    }
    fn filter_one(&self, k: usize, _: &Assignment<'_, V>, _: usize, _: &mut Candidates<'_>) {
        unreachable!("no checker {k}")
    }
    fn promising_one(&self, k: usize, _: &Assignment<'_, V>, _: Choice<'_, V>) -> bool {
        unreachable!("no checker {k}")
    }
    fn check_one(&self, k: usize, _: &Assignment<'_, V>) -> bool {
        unreachable!("no checker {k}")
    }
    fn narrow_one(&self, k: usize, _: usize, _: &mut Domains<'_, V>) -> Result<(), Conflict> {
        unreachable!("no checker {k}")
    }
    fn assign_all(&mut self, _: Choice<'_, V>, _: &Watch) {}
    fn unassign_all(&mut self, _: Choice<'_, V>, _: &Watch) {}
}
