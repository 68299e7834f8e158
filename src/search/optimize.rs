//! Branch and bound: [`Search::minimize`], [`Search::maximize`] and the
//! anytime stream of improving solutions, [`Improvements`].
//!
//! The search is the enumeration of `engine.rs`, paused at each solution.
//! A solution better than the best so far tightens the [`Goal`]'s bound,
//! which the model's [`Objective`](crate::constraints::Objective) checker
//! reads: from the next step on, its narrowing and filters cut whatever
//! cannot improve, like any other checker's, on the same trail.

use std::fmt;

use crate::checkers::Checkers;
use crate::goal::{Goal, Sense};
use crate::observe::{Control, Event, Observer};
use crate::outcome::{Outcome, Stats, StopReason};

use super::Search;
use super::engine::Engine;
use super::optimum::{Best, Optimum};
use super::progress::Progress;

impl<'m, V, C, O> Search<'m, V, C, O>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
    O: Observer<V>,
{
    /// Finds a solution of least cost by branch and bound: each solution
    /// found makes `goal` demand a strictly smaller cost from the rest of
    /// the search. `goal` must come from an
    /// [`Objective`](crate::constraints::Objective) checker of this model.
    /// With a node limit or a cancellation the result is the best so far,
    /// not proven ([`Optimum::proven`] and the stop reason say so). Of
    /// equal costs, the first in search order is kept.
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Objective};
    /// use backtracker::ModelBuilder;
    ///
    /// // The fewest coins of 1, 5 and 10 that make 27: 10 + 10 + 5 + 1 + 1.
    /// let mut b = ModelBuilder::new();
    /// let ones = b.variable("ones", 0..=27i64);
    /// let fives = b.variable("fives", 0..=5i64);
    /// let tens = b.variable("tens", 0..=2i64);
    /// let make = LinearSum::equal("make 27", [(1, ones), (5, fives), (10, tens)], 27);
    /// let coins = Objective::new("coins", [(1, ones), (1, fives), (1, tens)]);
    /// let goal = coins.goal();
    /// let mut model = b.build((make, coins))?;
    /// let outcome = model.search().minimize(&goal);
    /// let best = outcome.value.best.unwrap();
    /// assert_eq!((best.values, best.cost), (vec![2, 1, 2], 5));
    /// assert!(outcome.value.proven);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn minimize(self, goal: &Goal) -> Outcome<Optimum<V>> {
        self.optimize(goal, Sense::Minimize)
    }

    /// Finds a solution of greatest cost by branch and bound; see
    /// [`minimize`](Self::minimize).
    ///
    /// ```
    /// use backtracker::constraints::{LinearSum, Objective};
    /// use backtracker::ModelBuilder;
    ///
    /// // Items of weight 3, 4 and 5, worth 4, 5 and 7, in a bag of 8: the
    /// // first and the last, worth 11.
    /// let mut b = ModelBuilder::new();
    /// let take: Vec<usize> = (0..3).map(|i| b.variable(format!("item {i}"), 0..=1i64)).collect();
    /// let bag = LinearSum::at_most("bag", [(3, take[0]), (4, take[1]), (5, take[2])], 8);
    /// let worth = Objective::new("worth", [(4, take[0]), (5, take[1]), (7, take[2])]);
    /// let goal = worth.goal();
    /// let best = b.build((bag, worth))?.search().maximize(&goal).value.best.unwrap();
    /// assert_eq!((best.values, best.cost), (vec![1, 0, 1], 11));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn maximize(self, goal: &Goal) -> Outcome<Optimum<V>> {
        self.optimize(goal, Sense::Maximize)
    }

    /// Runs the improvements to the end (or a stop), each reported to the
    /// progress callback, and takes the best.
    fn optimize(mut self, goal: &Goal, sense: Sense) -> Outcome<Optimum<V>> {
        let progress = self.progress.take();
        let mut improvements = self.improvements(goal, sense);
        for best in improvements.by_ref() {
            if let Some(progress) = &progress {
                progress(Progress::Better(&best));
            }
        }
        improvements.finish()
    }

    /// The improving solutions, lazily, in the order branch and bound
    /// finds them (each strictly better than the one before, the last the
    /// best): an anytime search that can stop whenever the best so far is
    /// good enough. [`Improvements::finish`] then says how it ended.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder, Sense};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..4).map(|i| b.variable(format!("x{i}"), 0..4i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().map(|&x| (-1, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let costs: Vec<i64> = model.search().improvements(&goal, Sense::Minimize).map(|b| b.cost).collect();
    /// assert!(costs.windows(2).all(|w| w[1] < w[0]));
    /// assert_eq!(costs.last(), Some(&-12));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn improvements(self, goal: &Goal, sense: Sense) -> Improvements<'m, V, C, O> {
        let Search {
            model,
            observer,
            mut config,
            ..
        } = self;
        config.canonical |= goal.is_invariant();
        goal.start(sense, config.bound);
        Improvements::new(Engine::new(model, &config), observer, goal, sense, true)
    }
}

/// The improving solutions of a branch and bound search; see
/// [`Search::improvements`]. Dropping it (or [`finish`](Self::finish)ing
/// it) half-way undoes every step and turns the goal's bound off.
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Improvements<'m, V, C: Checkers<V>, O> {
    engine: Engine<'m, V, C>,
    observer: Bounded<O>,
    goal: Goal,
    sense: Sense,
    best: Option<Best<V>>,
    found: u64,
    /// Whether this search started the goal's bound, and so turns it off
    /// when it ends (a unit of a parallel search shares a bound it did not
    /// start).
    owner: bool,
}

impl<'m, V, C: Checkers<V>, O> Improvements<'m, V, C, O> {
    /// The improvements of `engine`'s search towards `sense` of `goal`,
    /// whose bound is already started.
    pub(super) fn new(
        engine: Engine<'m, V, C>,
        observer: O,
        goal: &Goal,
        sense: Sense,
        owner: bool,
    ) -> Self {
        Improvements {
            engine,
            observer: Bounded {
                inner: observer,
                goal: goal.clone(),
            },
            goal: goal.clone(),
            sense,
            best: None,
            found: 0,
            owner,
        }
    }

    /// Turns the goal's bound off, if this search started it.
    fn release(&self) {
        if self.owner {
            self.goal.stop();
        }
    }
}

impl<V, C, O> Iterator for Improvements<'_, V, C, O>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
    O: Observer<V>,
{
    type Item = Best<V>;

    fn next(&mut self) -> Option<Best<V>> {
        loop {
            if !self.engine.next_solution(&mut self.observer) {
                self.release();
                return None;
            }
            let goal = &self.goal;
            let Some(cost) = self.engine.with_assignment(|a| goal.cost_in(a)) else {
                continue;
            };
            // Every checker accepted it, the objective with the bound in
            // force: it improves. Kept as a guard all the same.
            if self
                .best
                .as_ref()
                .is_some_and(|best| !self.sense.better(cost, best.cost))
            {
                continue;
            }
            self.goal.improve(cost);
            let values = self.engine.values()?;
            self.found += 1;
            let best = Best { values, cost };
            self.best = Some(best.clone());
            return Some(best);
        }
    }
}

impl<V: Clone, C: Checkers<V>, O> Improvements<'_, V, C, O> {
    /// Stops the search where it stands (if it has not ended) and returns
    /// the best solution found, whether it is proven optimal, and the
    /// statistics.
    ///
    /// ```
    /// use backtracker::{constraints::Objective, ModelBuilder, Sense, StopReason};
    ///
    /// let mut b = ModelBuilder::new();
    /// let xs: Vec<usize> = (0..6).map(|i| b.variable(format!("x{i}"), 0..5i64)).collect();
    /// let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    /// let goal = cost.goal();
    /// let mut model = b.build((cost,))?;
    /// let mut stream = model.search().improvements(&goal, Sense::Maximize);
    /// let first = stream.next().unwrap();
    /// let outcome = stream.finish(); // good enough
    /// assert_eq!(outcome.value.best, Some(first));
    /// assert_eq!(outcome.stop, StopReason::Stopped);
    /// assert!(!outcome.value.proven);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn finish(mut self) -> Outcome<Optimum<V>> {
        self.engine.finish(StopReason::Stopped);
        self.release();
        let outcome = self.engine.outcome(());
        Outcome {
            value: Optimum {
                best: self.best.take(),
                proven: outcome.stop.is_complete(),
                improvements: self.found,
            },
            stats: outcome.stats,
            stop: outcome.stop,
        }
    }

    /// The best solution so far.
    #[must_use]
    pub fn best(&self) -> Option<&Best<V>> {
        self.best.as_ref()
    }

    /// The statistics so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }
}

impl<V, C: Checkers<V>, O> Drop for Improvements<'_, V, C, O> {
    fn drop(&mut self) {
        self.release();
    }
}

impl<V, C: Checkers<V>, O> fmt::Debug for Improvements<'_, V, C, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Improvements")
            .field("goal", &self.goal.name())
            .field("improvements", &self.found)
            .field("stats", &self.engine.stats())
            .finish_non_exhaustive()
    }
}

/// The observer of a branch and bound search: the user's, shown an
/// [`Event::Bound`] instead of the rejection when the objective cuts a
/// step, and an [`Event::Improved`] after each solution.
struct Bounded<O> {
    inner: O,
    goal: Goal,
}

impl<V: Copy + TryInto<i64>, O: Observer<V>> Observer<V> for Bounded<O> {
    const EVENTS: bool = O::EVENTS;
    const TALLY: bool = O::TALLY;

    fn observe(&mut self, event: &Event<'_, V>) -> Control {
        if let Event::Solution {
            depth,
            number,
            assignment,
        } = event
        {
            // Every solution the objective lets through improves.
            let control = self.inner.observe(event);
            let (Some((sense, _)), Some(cost)) = (self.goal.limit(), self.goal.cost_in(assignment))
            else {
                return control;
            };
            let improved = self.inner.observe(&Event::Improved {
                depth: *depth,
                number: *number,
                sense,
                cost,
                assignment: *assignment,
            });
            return control.max(improved);
        }
        let (depth, choice, assignment, recorded) = match event {
            Event::Reject {
                depth,
                choice,
                checker_name,
                assignment,
                ..
            } if *checker_name == self.goal.name() => (*depth, *choice, assignment, None),
            // The objective's narrowing, or another checker's through
            // `Goal::cut`, recorded the bound that cut the step.
            Event::Wipeout {
                depth,
                choice,
                assignment,
                ..
            } => match self.goal.take_cut() {
                Some(cut) => (*depth, *choice, assignment, Some(cut)),
                None => return self.inner.observe(event),
            },
            _ => return self.inner.observe(event),
        };
        let Some((sense, _)) = self.goal.limit() else {
            return self.inner.observe(event);
        };
        let cost = recorded.or_else(|| self.goal.reach_in(&assignment.with(choice), sense));
        match (cost, self.goal.best()) {
            (Some(cost), Some(best)) if !sense.better(cost, best) => {
                self.inner.observe(&Event::Bound {
                    depth,
                    choice,
                    sense,
                    cost,
                    best,
                    assignment: *assignment,
                })
            }
            _ => self.inner.observe(event),
        }
    }
}
