//! Reusable checkers.
//!
//! - [`AbsDiff`]: `|x - y| = z` or `x - y = z`, narrowed to domain
//!   consistency, with [`AbsDiff::each`] for a list of triples
//!   (all-interval series, Costas arrays).
//! - [`AllDifferent`]: no two variables of a scope take equal values,
//!   narrowed to generalised arc consistency by Régin's matching filter,
//!   or at a weaker [`Strength`] (bounds, or values alone).
//! - [`BinPacking`]: items of given sizes into bins whose loads are
//!   variables.
//! - [`Circuit`]: successor variables form one Hamiltonian cycle (closed
//!   tours, travelling salesmen), narrowed by subtour elimination.
//! - [`Count`]: how many variables take a value, equal to a count
//!   variable; [`GlobalCardinality`]: how many take each of some values,
//!   within bounds (magic sequences, social golfers, rosters).
//! - [`Cumulative`]: tasks with start variables, durations and demands
//!   share a resource of fixed capacity, narrowed by time-tabling.
//! - [`Element`]: an index variable selects an entry of an array of
//!   variables or constants, which a result variable equals.
//! - [`Increasing`]: a sequence never goes down (or always goes up);
//!   [`LexLess`]: one sequence comes before another in lexicographic
//!   order, strictly or not (symmetry breaking).
//! - [`Inverse`]: two arrays of variables are inverse permutations, to
//!   channel a position model into a successor or order model.
//! - [`AtMostOnePerLine`]: all-different by a line function (N-Queens
//!   columns and diagonals, sudoku rows, columns and boxes, a tour's visited
//!   squares). Incremental, with whole-word filtering where the lines of a
//!   variable's values are consecutive.
//! - [`LinearSum`]: `a1*x1 + a2*x2 + ...` equal to, at most or at least a
//!   constant ([`Relation`]), with checked 64-bit arithmetic, incremental
//!   bounds and bounds-consistent narrowing, domain-consistent for an
//!   equality of two variables (magic squares, cryptarithms, pairings,
//!   budgets).
//! - [`Minimum`] / [`Maximum`]: a variable equals the least or the
//!   greatest value of some variables.
//! - [`NoOverlap`]: tasks with start variables and fixed durations run
//!   one at a time on one machine (job shops), narrowed by detectable
//!   precedences, an overload check and time-tabling.
//! - [`Objective`]: the cost that [`Search::minimize`](crate::Search::minimize)
//!   and [`Search::maximize`](crate::Search::maximize) optimise, a linear
//!   sum whose bound the best solution so far sets.
//! - [`Predicate`]: any rule on a few variables, written as a closure.
//! - [`Regular`]: a sequence of variables spells a word of an
//!   [`Automaton`] (nonogram lines, shift rules), narrowed to generalised
//!   arc consistency on the layered graph; [`Automaton::nonogram`] builds
//!   the automaton of a nonogram clue.
//! - [`Table`]: the allowed tuples of a few variables, listed, narrowed to
//!   generalised arc consistency by simple tabular reduction.
//!
//! They combine in one model like any checkers, as a tuple (or a list of
//! boxes when their types differ at run time):
//!
//! ```
//! use backtracker::constraints::{AllDifferent, LinearSum};
//! use backtracker::ModelBuilder;
//!
//! // Three different digits from 1 to 9 adding up to 7: only 1, 2 and 4,
//! // in any of their 3! = 6 orders.
//! let mut b = ModelBuilder::new();
//! let digits: Vec<usize> = (0..3).map(|i| b.variable(format!("d{i}"), 1..=9)).collect();
//! let mut model = b.build((
//!     AllDifferent::new("different", digits.iter().copied()),
//!     LinearSum::equal("seven", digits.iter().map(|&d| (1, d)), 7),
//! ))?;
//! assert_eq!(model.search().count().value, 6);
//! # Ok::<(), backtracker::ModelError>(())
//! ```

mod abs_diff;
mod all_different;
mod automaton;
mod bin_packing;
mod cardinality;
mod circuit;
mod count;
mod cumulative;
mod element;
mod extremum;
mod increasing;
mod inverse;
mod lex;
mod line;
mod linear_sum;
mod no_overlap;
mod nodes;
mod numbers;
mod objective;
mod pair_support;
mod predicate;
mod regular;
mod relation;
mod scope;
mod scratch;
mod strength;
mod table;

pub use abs_diff::AbsDiff;
pub use all_different::AllDifferent;
pub use automaton::Automaton;
pub use bin_packing::BinPacking;
pub use cardinality::GlobalCardinality;
pub use circuit::Circuit;
pub use count::Count;
pub use cumulative::Cumulative;
pub use element::Element;
pub use extremum::{Maximum, Minimum};
pub use increasing::Increasing;
pub use inverse::Inverse;
pub use lex::LexLess;
pub use line::{AtMostOnePerLine, SmallLines};
pub use linear_sum::LinearSum;
pub use no_overlap::NoOverlap;
pub use objective::Objective;
pub use predicate::{Predicate, Values};
pub use regular::Regular;
pub use relation::Relation;
pub use strength::Strength;
pub use table::Table;
