//! # backtracker
//!
//! Constraint-satisfaction problems solved by backtracking: declare
//! **variables** with finite ordered **domains**, plug in **checkers**
//! (constraints), and the crate owns the depth-first search — counting,
//! enumerating lazily, stopping early, explaining every step.
//!
//! ## Where to start
//!
//! - [`ModelBuilder`] declares variables; [`ModelBuilder::build`] adds the
//!   checkers and gives a [`Model`].
//! - [`Model::search`] configures a [`Search`]: [`count`](Search::count),
//!   [`first`](Search::first), [`solutions`](Search::solutions) (lazy),
//!   [`for_each`](Search::for_each) (with early stop),
//!   [`count_parallel`](Search::count_parallel), and [`trace`](Search::trace).
//! - [`Checker`] is the constraint trait: a name and a from-scratch `check`
//!   are required; `promising`, a bulk `filter` and the `on_assign` /
//!   `on_unassign` undo hooks make it fast. [`constraints`] has reusable
//!   ones; [`puzzles::nqueens`] is the reference model.
//! - [`observe`] and [`trace`] show the state-space tree; [`units`] splits
//!   it for threads and for many machines.
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
//!
//! The engine's contract (what `promising` may assume, when the hooks run)
//! is written down in `docs/architecture.md`.

pub mod board;
pub mod constraints;
pub mod observe;
pub mod puzzles;
pub mod trace;
pub mod units;

mod assignment;
mod candidates;
mod checker;
mod error;
mod model;
mod search;

pub use assignment::{Assignment, Choice, ModelInfo};
pub use candidates::Candidates;
pub use checker::{Checker, CheckerList, Checkers, DynChecker};
pub use error::{ModelError, UnitError};
pub use model::{Model, ModelBuilder, ValueOrder, VariableOrder};
pub use observe::{Control, Event, NoObserver, Observer};
pub use search::{Disagreement, Outcome, Search, Solutions, Stats, StopReason};

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
