//! Tests of the FlatZinc solver on its own: each builtin and each native
//! global against brute force, bad input, the output format, MiniZinc
//! calling it, and the model corpus of `tests/models/` against its
//! manifest and Gecode.

// Brute force reads best as one function with an arm per builtin, some
// arms alike; the FlatZinc text is built by the shortest means; the
// arguments of a global are named as in MiniZinc's library.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::match_same_arms,
    clippy::too_many_lines,
    reason = "test code: see the comment above"
)]

mod bad_input;
mod builtins;
mod corpus;
mod fuzz_corpus;
mod globals;
mod minizinc;
mod output;
mod support;
