//! Tests of the FlatZinc solver on its own: each builtin against brute
//! force, bad input, the output format, and MiniZinc calling it.

// Brute force reads best as one function with an arm per builtin, some
// arms alike; the FlatZinc text is built by the shortest means.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::format_push_string,
    clippy::match_same_arms,
    clippy::too_many_lines,
    reason = "test code: see the comment above"
)]

mod bad_input;
mod builtins;
mod fuzz_corpus;
mod minizinc;
mod output;
mod support;
