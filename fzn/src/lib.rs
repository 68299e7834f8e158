//! A FlatZinc solver on backtracker, for MiniZinc.
//!
//! [`read`] reads the FlatZinc text that the MiniZinc compiler writes into
//! a [`Program`]; [`solve`] translates it into a model of the engine (the
//! library's constraints for linear sums, all-different, element, table,
//! circuit and inverse; a checker per builtin for the rest) and prints its
//! solutions as the FlatZinc specification asks. The binary
//! `fzn-backtracker` is the command line over these two, with the standard
//! flags; `docs/minizinc.md` tells how MiniZinc calls it.
//!
//! ```
//! let text = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
//!             constraint int_lt(x, y);\nsolve maximize x;\n";
//! let program = backtracker_fzn::read(text)?;
//! let mut out = Vec::new();
//! backtracker_fzn::solve(&program, &backtracker_fzn::Options::default(), &mut out)?;
//! assert_eq!(String::from_utf8(out).unwrap(), "x = 2;\ny = 3;\n----------\n==========\n");
//! # Ok::<(), backtracker_fzn::FznError>(())
//! ```

mod builtin;
mod error;
mod install;
mod native;
mod program;
mod read;
mod solve;
mod translate;

pub use error::FznError;
pub use install::{install, msc_text};
pub use native::Native;
pub use program::{
    Arg, Array, Constraint, Method, Output, Program, Ranges, Strategy, Value, Var, read,
};
pub use solve::{Ended, Options, TraceFormat, solve};
pub use translate::{NativeCheckers, Settings, Translated, translate};
