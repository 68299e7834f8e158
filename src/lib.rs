//! # backtracker
//!
//! Constraint-satisfaction problems solved by backtracking: declare
//! **variables** with finite ordered **domains**, plug in **checkers**
//! (constraints), and the crate owns the depth-first search — counting,
//! enumerating lazily, stopping early, explaining every step.
//!
//! ## The concepts you need to model a puzzle
//!
//! 1. [`ModelBuilder`]: declares the variables and their domains (and
//!    pins, restrictions, the variable order, a declared symmetry).
//! 2. [`Checker`]: one rule. Required: a name and a from-scratch `check`;
//!    optional: `promising`, a bulk `filter`, `narrow` for the variables
//!    still to come, and the `on_assign` / `on_unassign` undo hooks.
//!    [`constraints`] has ready ones.
//! 3. [`Assignment`] and [`Choice`]: what a checker judges, a partial
//!    assignment and one candidate step `var = value`.
//! 4. [`Candidates`] and [`Domains`]: the values a variable has left, as
//!    `filter` and `narrow` see them.
//! 5. [`Model`]: the variables and their checkers (a tuple for speed, a
//!    `Vec<DynChecker<V>>` for convenience).
//! 6. [`Search`]: how to run it, from [`Model::search`]: `count`, `first`,
//!    `solutions`, `for_each`, `trace`, with limits, look-ahead, threads.
//! 7. [`Outcome`]: what a run returns: a value, [`Stats`] and a
//!    [`StopReason`].
//! 8. [`ModelError`]: why a model cannot be built as declared.
//!
//! Beyond those: [`exact_cover`] states a problem as items and options
//! (Knuth's exact cover) and searches it on the same engine,
//! [`observe`] and [`trace`] show the state-space tree,
//! [`units`] splits a long count for threads and machines, [`Restarts`]
//! runs a hard search as short attempts with budgets, and [`board`]
//! draws grids. The reference models (N-Queens, the flagship; sudoku,
//! colouring, knight's tours, polyominoes) are the crate
//! `backtracker-puzzles` beside this one. The engine's contract (what `promising` may assume, when
//! the hooks run) is in `docs/architecture.md`.
//!
//! ```
//! use backtracker::{constraints::{AtMostOnePerLine, Predicate}, ModelBuilder};
//!
//! // Colour a triangle plus a pendant vertex with 3 colours.
//! let mut b = ModelBuilder::new();
//! let v: Vec<usize> = (0..4).map(|i| b.variable(format!("v{i}"), ["red", "green", "blue"])).collect();
//! let triangle = AtMostOnePerLine::new("triangle", |_, c: &&str| match *c {
//!     "red" => 0,
//!     "green" => 1,
//!     _ => 2,
//! })
//! .on([v[0], v[1], v[2]]);
//! let pendant = Predicate::new("pendant", [v[2], v[3]], |x| x[0] != x[1]);
//! let mut model = b.build((triangle, pendant)).unwrap();
//! assert_eq!(model.search().count().value, 12); // 3! * 2
//! ```

pub mod board;
pub mod constraints;
pub mod exact_cover;
pub mod observe;
pub mod trace;
pub mod units;

mod assignment;
mod candidates;
mod checker;
mod checkers;
mod cost_class;
mod domains;
mod error;
mod goal;
mod index;
mod interchangeable;
mod model;
mod outcome;
mod queue;
mod restart;
mod rng;
mod search;
mod slot;
mod symmetry;
mod trail;
mod wake;

pub use assignment::{Assignment, Choice, ModelInfo};
pub use candidates::Candidates;
pub use checker::{Checker, DynChecker};
pub use checkers::{Checkers, Same};
pub use cost_class::CostClass;
pub use domains::{Conflict, Domains};
pub use error::{ModelError, UnitError};
pub use goal::{Goal, Sense};
pub use model::{Model, ModelBuilder, ValueOrder, VariableOrder};
pub use observe::{Control, Event, NoObserver, Observer};
pub use outcome::{Disagreement, FalseSymmetry, Outcome, Stats, StopReason};
pub use restart::{
    Attempt, RestartError, RestartStop, Restarted, Restarts, Rng, Schedule, TieRule,
};
pub use search::{
    Best, Classes, Estimate, Here, Improvements, Interval, MAX_THREADS, OnThreads, Optimum,
    Progress, Search, Solutions, Unit, Units,
};
pub use symmetry::{MAX_GROUP, Symmetry};
pub use wake::Wake;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
struct GuideDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/traces.md")]
struct TracesDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/architecture.md")]
struct ArchitectureDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/distributed.md")]
struct DistributedDoctests;
