//! Tests of the FlatZinc solver on its own: each builtin against brute
//! force, bad input, the output format, and MiniZinc calling it.

mod bad_input;
mod builtins;
mod minizinc;
mod output;
mod support;
