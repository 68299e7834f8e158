//! Restarts: one hard search run as a series of short attempts.
//!
//! A depth-first search that takes a bad turn near the root can spend for
//! ever below it, where the same search with its ties broken another way
//! finds a solution at once. [`Restarts`] runs a model in attempts, each
//! stopped after a budget of nodes from a [`Schedule`] (constant, Luby or
//! geometric), each with a tie rule that rotates or is drawn at random from
//! a seed, until one attempt finds a solution, one searches its whole tree
//! (so there is none), the attempts run out, or a cancellation flag is set.
//!
//! The helper does not build models: the caller's closure does, once per
//! [`Attempt`], with the attempt's [`rule`](Attempt::rule) and
//! [`seed`](Attempt::seed) (for example in a
//! [`ModelBuilder::value_order`](crate::ModelBuilder::value_order)), and
//! runs it through [`Attempt::apply`], which sets the attempt's node budget
//! and the cancellation flag:
//!
//! ```
//! use backtracker::constraints::AtMostOnePerLine;
//! use backtracker_puzzles::nqueens_rows;
//! use backtracker::{Attempt, ModelError, Outcome, Restarts, RestartStop, Rng, Schedule, TieRule};
//!
//! // 20 queens, each row's columns tried in an order drawn from the
//! // attempt's seed.
//! fn queens(attempt: &Attempt) -> Result<Outcome<Option<Vec<usize>>>, ModelError> {
//!     let mut b = nqueens_rows(20)?;
//!     let seed = attempt.seed();
//!     b.value_order(move |_, row, columns| Rng::new(seed ^ row as u64).shuffle(columns));
//!     let mut model = b.build((
//!         AtMostOnePerLine::small("columns", |_, c| c),
//!         AtMostOnePerLine::small("diagonals", |r, c| r + c),
//!         AtMostOnePerLine::small("anti-diagonals", |r, c| c + 19 - r),
//!     ))?;
//!     Ok(attempt.apply(model.search()).first())
//! }
//!
//! // Attempts of 100, 100, 200, 100, 100, 200, 400, ... nodes.
//! let restarts = Restarts::new(Schedule::luby(100)).seed(7).tie_rules(1, TieRule::Random);
//! let found = restarts.run(queens)?;
//! assert_eq!(found.stop, RestartStop::Found);
//! let placement = found.value.expect("a placement");
//! assert_eq!(placement.len(), 20);
//! // The same seed makes the same attempts.
//! let again = restarts.run(queens)?;
//! assert_eq!((again.value, again.attempts), (Some(placement), found.attempts));
//! # Ok::<(), ModelError>(())
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use crate::checkers::Checkers;
use crate::observe::Observer;
use crate::outcome::{Outcome, Stats, StopReason};
pub use crate::rng::Rng;
use crate::search::Search;

/// A schedule that cannot be used.
///
/// ```
/// use backtracker::{RestartError, Schedule};
///
/// assert!(matches!(Schedule::geometric(100, 0.5), Err(RestartError::Ratio { .. })));
/// assert!(Schedule::geometric(100, f64::NAN).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum RestartError {
    /// The ratio of a geometric schedule is not a finite number of at least 1.
    #[error("the ratio of a geometric schedule must be a finite number of at least 1, not {ratio}")]
    Ratio {
        /// The ratio given.
        ratio: f64,
    },
}

/// The node budget of each attempt, in order.
///
/// Every budget is at least one node (a budget given as 0 is taken as 1),
/// and budgets that would not fit in a `u64` are `u64::MAX`.
///
/// ```
/// use backtracker::Schedule;
///
/// let budgets = |s: Schedule| s.budgets().take(8).collect::<Vec<u64>>();
/// assert_eq!(budgets(Schedule::constant(50)), [50; 8]);
/// assert_eq!(budgets(Schedule::luby(10)), [10, 10, 20, 10, 10, 20, 40, 10]);
/// assert_eq!(budgets(Schedule::geometric(100, 1.5)?), [100, 150, 225, 338, 507, 760, 1140, 1709]);
/// # Ok::<(), backtracker::RestartError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule(Kind);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Constant(u64),
    Luby(u64),
    Geometric(u64, f64),
}

impl Schedule {
    /// The same budget of `nodes` for every attempt.
    #[must_use]
    pub fn constant(nodes: u64) -> Schedule {
        Schedule(Kind::Constant(nodes.max(1)))
    }

    /// Luby's schedule (Luby, Sinclair and Zuckerman, 1993): attempt `k`
    /// (from 0) gets `unit` times term `k + 1` of the sequence
    /// `1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...`, in which term `i`
    /// is `2^(j-1)` when `i = 2^j - 1`, and otherwise term
    /// `i - 2^(j-1) + 1` for the `j` with `2^(j-1) <= i < 2^j - 1`. Within a
    /// constant factor, no schedule does better on every search.
    #[must_use]
    pub fn luby(unit: u64) -> Schedule {
        Schedule(Kind::Luby(unit.max(1)))
    }

    /// A geometric schedule: attempt `k` (from 0) gets
    /// `ceil(first * ratio^k)` nodes.
    ///
    /// # Errors
    ///
    /// [`RestartError::Ratio`] unless `ratio` is finite and at least 1.
    pub fn geometric(first: u64, ratio: f64) -> Result<Schedule, RestartError> {
        if ratio.is_finite() && ratio >= 1.0 {
            Ok(Schedule(Kind::Geometric(first.max(1), ratio)))
        } else {
            Err(RestartError::Ratio { ratio })
        }
    }

    /// The budget of attempt `k`, counted from 0.
    ///
    /// ```
    /// use backtracker::Schedule;
    ///
    /// assert_eq!(Schedule::luby(1).budget(14), 8);
    /// assert_eq!(Schedule::geometric(1, 2.0)?.budget(100), u64::MAX);
    /// # Ok::<(), backtracker::RestartError>(())
    /// ```
    #[must_use]
    pub fn budget(&self, k: u64) -> u64 {
        match self.0 {
            Kind::Constant(nodes) => nodes,
            Kind::Luby(unit) => unit.saturating_mul(luby(u128::from(k) + 1)),
            Kind::Geometric(first, ratio) => {
                let exponent = i32::try_from(k).unwrap_or(i32::MAX);
                // `as` saturates: an infinite product is `u64::MAX`.
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    clippy::cast_precision_loss,
                    reason = "a budget beyond u64 is u64::MAX"
                )]
                let nodes = (first as f64 * ratio.powi(exponent)).ceil() as u64;
                nodes.max(1)
            }
        }
    }

    /// The budgets of attempts 0, 1, 2, ..., without end.
    pub fn budgets(&self) -> impl Iterator<Item = u64> + '_ {
        (0..).map(|k| self.budget(k))
    }
}

/// Term `i` (from 1) of Luby's sequence.
fn luby(mut i: u128) -> u64 {
    loop {
        // The `j` with 2^(j-1) <= i < 2^j.
        let j = 128 - i.leading_zeros();
        if i == (1u128 << j) - 1 {
            return u64::try_from(1u128 << (j - 1)).unwrap_or(u64::MAX);
        }
        i -= (1u128 << (j - 1)) - 1;
    }
}

/// How each attempt's [`rule`](Attempt::rule) is chosen among the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TieRule {
    /// Attempt `k` has rule `k % rules`: every rule in turn.
    #[default]
    Rotate,
    /// Each attempt has a rule drawn at random, from the seed.
    Random,
}

/// How to run a model in attempts: the budgets, the tie rules, the seed,
/// how many attempts, and the cancellation flag. Built by value, each
/// setting a method that returns the changed configuration.
///
/// ```
/// use backtracker::{Restarts, Schedule, TieRule};
///
/// let restarts = Restarts::new(Schedule::constant(1000))
///     .tie_rules(4, TieRule::Rotate)
///     .max_attempts(8)
///     .then_unlimited(true);
/// assert_eq!(restarts.schedule(), Schedule::constant(1000));
/// ```
#[derive(Clone, Debug)]
pub struct Restarts {
    schedule: Schedule,
    rules: usize,
    tie: TieRule,
    seed: u64,
    max_attempts: Option<u64>,
    then_unlimited: bool,
    cancel: Option<Arc<AtomicBool>>,
}

impl Restarts {
    /// Attempts with the budgets of `schedule`, one tie rule, seed 0, no
    /// limit on their number and no cancellation flag.
    #[must_use]
    pub fn new(schedule: Schedule) -> Restarts {
        Restarts {
            schedule,
            rules: 1,
            tie: TieRule::Rotate,
            seed: 0,
            max_attempts: None,
            then_unlimited: false,
            cancel: None,
        }
    }

    /// The schedule of budgets.
    #[must_use]
    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// Each attempt has one of `rules` tie rules (at least 1), chosen by
    /// `how`; the attempt's closure reads it as [`Attempt::rule`].
    #[must_use]
    pub fn tie_rules(mut self, rules: usize, how: TieRule) -> Restarts {
        self.rules = rules.max(1);
        self.tie = how;
        self
    }

    /// The seed the attempts' seeds and random rules are drawn from
    /// (default 0).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Restarts {
        self.seed = seed;
        self
    }

    /// Stops after `attempts` attempts with budgets (default: no limit).
    #[must_use]
    pub fn max_attempts(mut self, attempts: u64) -> Restarts {
        self.max_attempts = Some(attempts);
        self
    }

    /// After [`max_attempts`](Self::max_attempts) attempts with budgets,
    /// one more without a budget, which ends with an answer (default: no).
    /// Its rule follows the others: with [`TieRule::Rotate`], rule
    /// `attempts % rules`.
    #[must_use]
    pub fn then_unlimited(mut self, on: bool) -> Restarts {
        self.then_unlimited = on;
        self
    }

    /// Stops with [`RestartStop::Cancelled`] soon after `flag` becomes true:
    /// before the next attempt, or within one (through [`Attempt::apply`]).
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Restarts {
        self.cancel = Some(flag);
        self
    }

    /// Runs attempts until one ends the run: `attempt` builds the model
    /// for each and searches it for a first solution through
    /// [`Attempt::apply`]. An attempt that finds one ends the run with
    /// [`RestartStop::Found`]; one that searches its whole tree with
    /// [`RestartStop::Exhausted`] (every attempt is taken to search the same
    /// solutions, in another order); one stopped by its budget starts the
    /// next. Without [`max_attempts`](Self::max_attempts), the run goes on
    /// until one of those or a cancellation.
    ///
    /// # Errors
    ///
    /// The first error `attempt` returns, at once.
    ///
    /// ```
    /// use backtracker::{Restarts, RestartStop, Schedule};
    /// use backtracker_puzzles::nqueens;
    ///
    /// // 3 queens have no placement: the first attempt that searches the
    /// // whole tree proves it.
    /// let run = Restarts::new(Schedule::luby(1))
    ///     .run(|attempt| Ok::<_, backtracker::ModelError>(attempt.apply(nqueens(3)?.search()).first()))?;
    /// assert_eq!((&run.value, &run.stop), (&None, &RestartStop::Exhausted));
    /// assert!(run.attempts > 1);
    /// assert_eq!(run.restarts(), run.attempts - 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn run<T, E>(
        &self,
        mut attempt: impl FnMut(&Attempt) -> Result<Outcome<Option<T>>, E>,
    ) -> Result<Restarted<T>, E> {
        let cancel = self
            .cancel
            .clone()
            .unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
        let mut rng = Rng::new(self.seed);
        let mut run = Restarted {
            value: None,
            attempts: 0,
            stats: Stats::default(),
            stop: RestartStop::OutOfAttempts,
        };
        let mut elapsed = std::time::Duration::ZERO;
        for index in 0.. {
            if cancel.load(Ordering::Relaxed) {
                run.stop = RestartStop::Cancelled;
                break;
            }
            let budget = match self.max_attempts {
                Some(max) if index > max || (index == max && !self.then_unlimited) => break,
                Some(max) if index == max => None,
                _ => Some(self.schedule.budget(index)),
            };
            let seed = rng.next_u64();
            let draw = rng.below(self.rules);
            let rule = match self.tie {
                TieRule::Rotate => usize::try_from(index % self.rules as u64).unwrap_or(0),
                TieRule::Random => draw,
            };
            let this = Attempt {
                index,
                budget,
                rule,
                seed,
                cancel: Arc::clone(&cancel),
            };
            let outcome = attempt(&this)?;
            run.attempts += 1;
            run.stats.absorb(&outcome.stats);
            elapsed += outcome.stats.elapsed;
            run.stats.elapsed = elapsed;
            if outcome.value.is_some() {
                run.value = outcome.value;
                run.stop = RestartStop::Found;
                break;
            }
            match outcome.stop {
                StopReason::NodeLimit => {}
                StopReason::Completed => {
                    run.stop = RestartStop::Exhausted;
                    break;
                }
                StopReason::Cancelled => {
                    run.stop = RestartStop::Cancelled;
                    break;
                }
                other => {
                    run.stop = RestartStop::Search(other);
                    break;
                }
            }
        }
        Ok(run)
    }
}

/// One attempt of a [`Restarts`] run, as its closure sees it.
#[derive(Clone, Debug)]
pub struct Attempt {
    index: u64,
    budget: Option<u64>,
    rule: usize,
    seed: u64,
    cancel: Arc<AtomicBool>,
}

impl Attempt {
    /// The attempt's number, from 0.
    #[must_use]
    pub fn index(&self) -> u64 {
        self.index
    }

    /// Its node budget (`None`: the last attempt of
    /// [`then_unlimited`](Restarts::then_unlimited), without one).
    #[must_use]
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// Its tie rule, in `0..rules` (see [`Restarts::tie_rules`]).
    #[must_use]
    pub fn rule(&self) -> usize {
        self.rule
    }

    /// Its own seed, drawn from the run's: for a model that breaks ties at
    /// random (with an [`Rng`]).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// `search` with the attempt's node budget and the run's cancellation
    /// flag; the closure runs it, usually with [`Search::first`].
    ///
    /// ```
    /// use backtracker::{Outcome, Restarts, RestartStop, Schedule};
    /// use backtracker_puzzles::nqueens;
    ///
    /// // Counting never "finds" a first solution: each attempt ends at its budget.
    /// let mut nodes = Vec::new();
    /// let run = Restarts::new(Schedule::luby(2)).max_attempts(4).run(|attempt| {
    ///     let outcome = attempt.apply(nqueens(12)?.search()).count();
    ///     nodes.push(outcome.stats.nodes);
    ///     Ok::<_, backtracker::ModelError>(Outcome { value: None::<()>, stats: outcome.stats, stop: outcome.stop })
    /// })?;
    /// assert_eq!(nodes, [2, 2, 4, 2]);
    /// assert_eq!((run.attempts, run.stop), (4, RestartStop::OutOfAttempts));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn apply<'m, V, C: Checkers<V>, O: Observer<V>>(
        &self,
        search: Search<'m, V, C, O>,
    ) -> Search<'m, V, C, O> {
        let search = search.cancel_flag(Arc::clone(&self.cancel));
        match self.budget {
            Some(nodes) => search.node_limit(nodes),
            None => search,
        }
    }
}

/// Why a [`Restarts`] run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RestartStop {
    /// An attempt found a solution.
    Found,
    /// An attempt searched its whole tree without a solution: there is none.
    Exhausted,
    /// Every attempt allowed ran out of its budget.
    OutOfAttempts,
    /// The cancellation flag was set.
    Cancelled,
    /// An attempt stopped for another reason (a cross-check disagreement,
    /// an unusable model, an observer that stopped it), which ends the run.
    Search(StopReason),
}

impl fmt::Display for RestartStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestartStop::Found => f.write_str("found"),
            RestartStop::Exhausted => f.write_str("no solution"),
            RestartStop::OutOfAttempts => f.write_str("out of attempts"),
            RestartStop::Cancelled => f.write_str("cancelled"),
            RestartStop::Search(stop) => write!(f, "{stop}"),
        }
    }
}

/// What a [`Restarts`] run found, how many attempts it made, their
/// statistics added up, and why it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restarted<T> {
    /// The solution, if an attempt found one.
    pub value: Option<T>,
    /// The attempts that ran, the first included.
    pub attempts: u64,
    /// The attempts' statistics, added up (the time too).
    pub stats: Stats,
    /// Why the run ended.
    pub stop: RestartStop,
}

impl<T> Restarted<T> {
    /// The restarts: the attempts after the first.
    #[must_use]
    pub fn restarts(&self) -> u64 {
        self.attempts.saturating_sub(1)
    }
}
