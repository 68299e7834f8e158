//! Exact cover, in Knuth's formulation (*The Art of Computer Programming*,
//! section 7.2.2.1), searched by the library's engine.
//!
//! A problem has **items** and **options**. Each option is a set of items.
//! Items are **primary**, to be covered exactly once, or **secondary**, to
//! be covered at most once. A **cover** is a set of options in which every
//! primary item appears exactly once and every secondary item at most once.
//! Tilings, sudoku, N-Queens and many other puzzles are exact-cover
//! problems: the cells, rows or pieces are the items, the ways to place
//! something are the options.
//!
//! [`ExactCoverBuilder`] declares items by name and options as lists of
//! item names; [`ExactCoverBuilder::build`] gives an [`ExactCover`]. Its
//! model has one variable per primary item, whose values are the options
//! that cover it, and one narrowing checker, [`CoverChecker`]; the search
//! takes the primary item with the fewest options left
//! ([smallest domain first](crate::VariableOrder::SmallestDomainFirst)) and
//! tries each option that covers it, as Knuth's Algorithm X does. It runs on
//! the same engine as every model: counts, first solutions, lazy
//! enumeration, traces, node limits, work units, parallel counts and
//! checkpoints all work unchanged.
//!
//! ```
//! use backtracker::exact_cover::ExactCoverBuilder;
//!
//! // Three primary items a, b, c and a secondary one, x: {a, x} and
//! // {c, x} may not both be taken.
//! let mut b = ExactCoverBuilder::new();
//! b.primary_items(["a", "b", "c"]);
//! b.secondary("x");
//! b.option(["a", "b"]); // 0
//! b.option(["b", "c"]); // 1
//! b.option(["a", "x"]); // 2
//! b.option(["c", "x"]); // 3
//! b.option(["c"]); // 4
//! let mut problem = b.build()?;
//! let covers: Vec<Vec<usize>> = problem.covers().collect();
//! assert_eq!(covers, [vec![0, 3], vec![0, 4], vec![1, 2]]);
//! assert_eq!(problem.search().count().value, 3);
//! # Ok::<(), backtracker::ModelError>(())
//! ```

mod builder;
mod checker;
mod layout;
mod problem;
mod symmetry;

pub use builder::ExactCoverBuilder;
pub use checker::CoverChecker;
pub use problem::{CoverModel, ExactCover};
