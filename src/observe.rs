//! Search events and the observers that watch them.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use crate::assignment::{Assignment, Choice};
use crate::goal::Sense;

/// What an observer asks the engine to do after an event.
///
/// ```
/// use backtracker::{observe::from_fn, Control, Event, StopReason};
/// use backtracker_puzzles::nqueens;
///
/// // Stop at the first solution of 6-queens.
/// let mut model = nqueens(6).unwrap();
/// let outcome = model
///     .search()
///     .observer(from_fn(|e: &Event<'_, usize>| match e {
///         Event::Solution { .. } => Control::Stop,
///         _ => Control::Continue,
///     }))
///     .count();
/// assert_eq!(outcome.stop, StopReason::Stopped);
/// assert!(outcome.value < 4); // a lower bound of the 4 solutions
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Go on searching.
    Continue,
    /// After an [`Event::Assign`]: skip the subtree below this step (it is
    /// undone at once). After other events, the same as `Continue`.
    Prune,
    /// End the search now (every step is undone; the stop reason is
    /// [`StopReason::Stopped`](crate::StopReason::Stopped)).
    Stop,
}

impl Control {
    /// The stronger of two answers: `Stop` over `Prune` over `Continue`.
    ///
    /// ```
    /// use backtracker::Control;
    ///
    /// assert_eq!(Control::Continue.max(Control::Prune), Control::Prune);
    /// assert_eq!(Control::Stop.max(Control::Prune), Control::Stop);
    /// assert_eq!(Control::Continue.max(Control::Continue), Control::Continue);
    /// ```
    #[must_use]
    pub fn max(self, other: Control) -> Control {
        match (self, other) {
            (Control::Stop, _) | (_, Control::Stop) => Control::Stop,
            (Control::Prune, _) | (_, Control::Prune) => Control::Prune,
            _ => Control::Continue,
        }
    }
}

/// One step of the search, in the order the engine takes them.
///
/// `depth` is the number of variables assigned before the step, so the
/// children of a node at depth `d` are at depth `d + 1`.
///
/// ```
/// use backtracker::{observe::from_fn, Control, Event};
/// use backtracker_puzzles::nqueens;
///
/// // 6-queens has 4 solutions, each reported once.
/// let mut solutions = Vec::new();
/// let mut model = nqueens(6).unwrap();
/// let observer = from_fn(|e: &Event<'_, usize>| {
///     if let Event::Solution { number, .. } = e {
///         solutions.push(*number);
///     }
///     Control::Continue
/// });
/// assert_eq!(model.search().symmetry(false).observer(observer).count().value, 4);
/// assert_eq!(solutions, [1, 2, 3, 4]);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a, V> {
    /// `choice` passed every checker and joined the assignment.
    Assign {
        /// Variables assigned before this step.
        depth: usize,
        /// The step.
        choice: Choice<'a, V>,
        /// The assignment, including the step and the assignments it
        /// implied (reported next, as [`Event::Implied`]).
        assignment: Assignment<'a, V>,
    },
    /// `choice` was tried and the checker `checker_name` (the first in model
    /// order to say no) rejected it.
    Reject {
        /// Variables assigned before this step.
        depth: usize,
        /// The rejected step.
        choice: Choice<'a, V>,
        /// Index of the rejecting checker in model order.
        checker: usize,
        /// Name of the rejecting checker.
        checker_name: &'a str,
        /// The assignment the step was judged against.
        assignment: Assignment<'a, V>,
    },
    /// `choice` passed every checker's filter and was assigned, but
    /// narrowing or look-ahead then left variable `var` without a candidate
    /// (or the checker found no solution left, when `var` is `None`): the
    /// step is rejected, attributed to `checker`, and undone at once. It is
    /// not a node.
    Wipeout {
        /// Variables assigned before this step.
        depth: usize,
        /// The rejected step.
        choice: Choice<'a, V>,
        /// Index of the checker whose narrowing emptied the set, in model
        /// order (`None` when the variable had no candidate to begin with).
        checker: Option<usize>,
        /// Its name.
        checker_name: Option<&'a str>,
        /// The variable left without candidates, if one was.
        var: Option<usize>,
        /// The assignment the step was judged against (without it).
        assignment: Assignment<'a, V>,
    },
    /// Narrowing or forward checking removed `choice` (a value of a
    /// variable still to come) from its candidates, after the step just
    /// assigned. Reported only when asked for
    /// ([`Search::removal_events`](crate::Search::removal_events)), after
    /// that step's `Assign`.
    Removed {
        /// Variables assigned (the step's depth plus one).
        depth: usize,
        /// The variable and the value removed.
        choice: Choice<'a, V>,
        /// Index of the checker that removed it, in model order.
        checker: usize,
        /// Its name.
        checker_name: &'a str,
        /// The assignment, including the step.
        assignment: Assignment<'a, V>,
    },
    /// `choice` joined the assignment without a step of its own: the step
    /// just assigned (reported before it, at depth `depth - 1` or below)
    /// left its variable a single candidate, which passed every checker's
    /// filter. It is not a node; it is undone with that step, and reported
    /// as an `Unassign` then, before it.
    Implied {
        /// Variables assigned before it.
        depth: usize,
        /// The variable and its one value.
        choice: Choice<'a, V>,
        /// Index of the checker whose narrowing left the one value, in
        /// model order (`None`: the step itself, or forward checking).
        checker: Option<usize>,
        /// Its name.
        checker_name: Option<&'a str>,
        /// The assignment after the step that implied it: including it,
        /// and the other assignments of the step.
        assignment: Assignment<'a, V>,
    },
    /// `choice` was assigned (reported as [`Event::Assign`] just before,
    /// with its removals and implied assignments), but the declared
    /// symmetry `symmetry` maps the assignment to a smaller one whatever
    /// its completion, so every solution below belongs to a class counted
    /// elsewhere: the step is a node, and its subtree is pruned. Reported
    /// only by [`Search::count_classes`](crate::Search::count_classes),
    /// which searches each class once.
    Pruned {
        /// Variables assigned before this step.
        depth: usize,
        /// The pruned step.
        choice: Choice<'a, V>,
        /// The symmetry, as a product of the declared generators' names
        /// applied in turn (`rotation 90 then reflection`).
        symmetry: &'a str,
        /// The assignment, including the step.
        assignment: Assignment<'a, V>,
    },
    /// `choice` was cut by the bound of a branch and bound search
    /// ([`Search::minimize`](crate::Search::minimize),
    /// [`Search::maximize`](crate::Search::maximize)): every solution
    /// below it costs `cost` or worse, and the best found so far costs
    /// `best`, so it cannot improve. Reported instead of the `Reject` or
    /// `Wipeout` of the objective checker; like them, it is not a node.
    Bound {
        /// Variables assigned before this step.
        depth: usize,
        /// The step cut.
        choice: Choice<'a, V>,
        /// Whether the search minimises or maximises.
        sense: Sense,
        /// The best cost any solution below the step can have.
        cost: i64,
        /// The cost of the best solution so far.
        best: i64,
        /// The assignment the step was judged against (without it).
        assignment: Assignment<'a, V>,
    },
    /// `choice` left the assignment (the search goes back).
    Unassign {
        /// Variables assigned before the step that is undone.
        depth: usize,
        /// The step undone.
        choice: Choice<'a, V>,
        /// The assignment without the step.
        assignment: Assignment<'a, V>,
    },
    /// Every variable is assigned: solution number `number` (from 1).
    Solution {
        /// Variables assigned (all of them).
        depth: usize,
        /// The solution's number, from 1.
        number: u128,
        /// The complete assignment.
        assignment: Assignment<'a, V>,
    },
    /// Branch and bound ([`Search::minimize`](crate::Search::minimize),
    /// [`Search::maximize`](crate::Search::maximize)): solution `number`,
    /// reported just before, costs `cost`, better than every solution
    /// before it; it is now the best so far, and the bound demands better
    /// from the rest of the search.
    Improved {
        /// Variables assigned (all of them).
        depth: usize,
        /// The solution's number, from 1.
        number: u128,
        /// Whether the search minimises or maximises.
        sense: Sense,
        /// The solution's cost.
        cost: i64,
        /// The complete assignment.
        assignment: Assignment<'a, V>,
    },
}

impl<'a, V> Event<'a, V> {
    /// The event's depth (variables assigned before its step).
    ///
    /// ```
    /// use backtracker::{observe::from_fn, Control, Event};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut deepest = 0;
    /// let mut model = nqueens(4).unwrap();
    /// let observer = from_fn(|e: &Event<'_, usize>| {
    ///     deepest = deepest.max(e.depth());
    ///     Control::Continue
    /// });
    /// model.search().observer(observer).count();
    /// assert_eq!(deepest, 4); // a solution event has all 4 rows assigned
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        match self {
            Event::Assign { depth, .. }
            | Event::Reject { depth, .. }
            | Event::Wipeout { depth, .. }
            | Event::Removed { depth, .. }
            | Event::Implied { depth, .. }
            | Event::Pruned { depth, .. }
            | Event::Bound { depth, .. }
            | Event::Unassign { depth, .. }
            | Event::Solution { depth, .. }
            | Event::Improved { depth, .. } => *depth,
        }
    }

    /// The assignment the event refers to.
    ///
    /// ```
    /// use backtracker::{observe::from_fn, Control, Event};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(4).unwrap();
    /// let mut found = Vec::new();
    /// let observer = from_fn(|e: &Event<'_, usize>| {
    ///     if matches!(e, Event::Solution { .. }) {
    ///         found.push(e.assignment().values().unwrap());
    ///     }
    ///     Control::Continue
    /// });
    /// model.search().symmetry(false).observer(observer).count();
    /// assert_eq!(found, [[1, 3, 0, 2], [2, 0, 3, 1]]); // the two 4-queens solutions
    /// ```
    #[must_use]
    pub fn assignment(&self) -> &Assignment<'a, V> {
        match self {
            Event::Assign { assignment, .. }
            | Event::Reject { assignment, .. }
            | Event::Wipeout { assignment, .. }
            | Event::Removed { assignment, .. }
            | Event::Implied { assignment, .. }
            | Event::Pruned { assignment, .. }
            | Event::Bound { assignment, .. }
            | Event::Unassign { assignment, .. }
            | Event::Solution { assignment, .. }
            | Event::Improved { assignment, .. } => assignment,
        }
    }
}

/// Watches the search and steers it.
///
/// Observers compose: a tuple of observers is an observer that shows each
/// event to every member and follows the strongest answer (see
/// [`Control::max`]), and so is `&mut O`. Any
/// `FnMut(&Event<'_, V>) -> Control` closure is an observer too, through
/// [`from_fn`].
///
/// With no observer ([`NoObserver`], the default) the engine compiles the
/// event calls away entirely.
///
/// ```
/// use backtracker::{Control, Event, Observer};
/// use backtracker_puzzles::nqueens;
///
/// /// Prunes every branch that puts the first queen in a corner.
/// struct NoCorner;
///
/// impl Observer<usize> for NoCorner {
///     fn observe(&mut self, event: &Event<'_, usize>) -> Control {
///         match event {
///             Event::Assign { depth: 0, choice, .. } if *choice.value == 0 || *choice.value == 5 => {
///                 Control::Prune
///             }
///             _ => Control::Continue,
///         }
///     }
/// }
///
/// // No 6-queens solution has a queen in a corner of the first row.
/// let mut model = nqueens(6).unwrap();
/// assert_eq!(model.search().symmetry(false).observer(NoCorner).count().value, 4);
/// ```
pub trait Observer<V> {
    /// Whether the engine must report events. Only [`NoObserver`] says no.
    const EVENTS: bool = true;

    /// Whether the engine must count rejections per checker.
    const TALLY: bool = true;

    /// Sees one event and answers what to do next.
    ///
    /// ```
    /// use backtracker::{Control, Event, Observer};
    /// use backtracker_puzzles::nqueens;
    ///
    /// struct Rejections(u64);
    /// impl<V> Observer<V> for Rejections {
    ///     fn observe(&mut self, event: &Event<'_, V>) -> Control {
    ///         if matches!(event, Event::Reject { .. }) {
    ///             self.0 += 1;
    ///         }
    ///         Control::Continue
    ///     }
    /// }
    ///
    /// let mut seen = Rejections(0);
    /// let outcome = nqueens(6).unwrap().search().observer(&mut seen).count();
    /// assert_eq!(outcome.value, 4);
    /// assert!(seen.0 > 0);
    /// ```
    fn observe(&mut self, event: &Event<'_, V>) -> Control;
}

/// The absent observer: no events, nothing to pay for.
///
/// ```
/// use backtracker::NoObserver;
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8).unwrap();
/// assert_eq!(model.search().observer(NoObserver).count().value, 92);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<V> Observer<V> for NoObserver {
    const EVENTS: bool = false;
    const TALLY: bool = false;

    #[inline(always)]
    fn observe(&mut self, _: &Event<'_, V>) -> Control {
        Control::Continue
    }
}

/// No events, but rejections per checker are counted for the statistics.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TallyOnly;

impl<V> Observer<V> for TallyOnly {
    const EVENTS: bool = false;
    const TALLY: bool = true;

    #[inline(always)]
    fn observe(&mut self, _: &Event<'_, V>) -> Control {
        Control::Continue
    }
}

impl<V, O: Observer<V> + ?Sized> Observer<V> for &mut O {
    const EVENTS: bool = O::EVENTS;
    const TALLY: bool = O::TALLY;

    #[inline]
    fn observe(&mut self, event: &Event<'_, V>) -> Control {
        (**self).observe(event)
    }
}

macro_rules! tuple_observers {
    ($($t:ident $i:tt),+) => {
        impl<V, $($t: Observer<V>),+> Observer<V> for ($($t,)+) {
            const EVENTS: bool = false $(|| $t::EVENTS)+;
            const TALLY: bool = false $(|| $t::TALLY)+;

            #[inline]
            fn observe(&mut self, event: &Event<'_, V>) -> Control {
                let mut answer = Control::Continue;
                $(answer = answer.max(self.$i.observe(event));)+
                answer
            }
        }
    };
}

tuple_observers!(A 0);
tuple_observers!(A 0, B 1);
tuple_observers!(A 0, B 1, C 2);
tuple_observers!(A 0, B 1, C 2, D 3);

/// An observer made from a closure.
///
/// ```
/// use backtracker::{observe::from_fn, Control, Event};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(6).unwrap();
/// let mut assigns = 0;
/// let outcome = model
///     .search()
///     .symmetry(false)
///     .observer(from_fn(|e: &Event<'_, usize>| {
///         if matches!(e, Event::Assign { .. }) {
///             assigns += 1;
///         }
///         Control::Continue
///     }))
///     .count();
/// assert_eq!(outcome.value, 4);
/// assert_eq!(assigns, outcome.stats.nodes);
/// ```
pub fn from_fn<V, F: FnMut(&Event<'_, V>) -> Control>(f: F) -> FnObserver<F> {
    FnObserver(f)
}

/// See [`from_fn`].
///
/// ```
/// use backtracker::{observe::from_fn, Control, Event};
/// use backtracker_puzzles::nqueens;
///
/// let mut unassigns = 0u64;
/// let mut model = nqueens(5).unwrap();
/// let observer = from_fn(|e: &Event<'_, usize>| {
///     unassigns += u64::from(matches!(e, Event::Unassign { .. }));
///     Control::Continue
/// });
/// let outcome = model.search().symmetry(false).observer(observer).count();
/// assert_eq!(outcome.value, 10);
/// assert_eq!(unassigns, outcome.stats.nodes); // every step is undone
/// ```
#[derive(Clone, Debug)]
pub struct FnObserver<F>(F);

impl<V, F: FnMut(&Event<'_, V>) -> Control> Observer<V> for FnObserver<F> {
    fn observe(&mut self, event: &Event<'_, V>) -> Control {
        (self.0)(event)
    }
}
