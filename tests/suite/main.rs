//! The test suite, in one binary: the library through its public API, the
//! example programs run as commands, and the snapshots of traces. Known
//! answers come from independent sources (OEIS, published counts, brute
//! force in `support`), never from the code under test.

// Brute-force oracles and known answers move small numbers between integer
// and floating-point types, where no value comes near a limit (and a wrong
// one would fail the assertion it feeds); tests read best as one function
// a scenario, however long, with its helpers beside their use and boards
// in `r`, `c`, `h`, `w`, taking what reads shortest (a `Vec` by value);
// expected text is built by the shortest means; and
// some figures compared must be exact.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::float_cmp,
    clippy::format_collect,
    clippy::format_push_string,
    clippy::items_after_statements,
    clippy::many_single_char_names,
    clippy::needless_pass_by_value,
    clippy::too_many_lines,
    reason = "test code: see the comment above"
)]

mod support;

// The library.
mod arithmetic;
mod checkpoint_resume;
mod circuit;
mod coloring_cliques;
mod counting;
mod element;
mod empty_domains;
mod engine;
mod errors;
mod estimate;
mod events;
mod exact_cover;
mod false_symmetry;
mod global_constraints;
mod hooks;
mod html_trace;
mod implied;
mod interchangeable;
mod knights_tour;
mod learning;
mod linear_sum;
mod narrowing;
mod optimize;
mod options;
mod oracle;
mod orbits;
mod ordering;
mod packing;
mod pairing;
mod parallel_units;
mod poisoned;
mod puzzles_grids;
mod regular;
mod restarts;
mod runner;
mod same_checkers;
mod scheduling;
mod symmetry;
mod table;
mod traces;
mod unit_prefixes;

// The example programs, run as commands.
mod cli_checkpoint_resume;
mod cli_coloring;
mod cli_cryptarithm;
mod cli_estimate;
mod cli_flags;
mod cli_hardening;
mod cli_jobshop;
mod cli_knights_tour;
mod cli_magic_sequence;
mod cli_magic_square;
mod cli_map_coloring;
mod cli_nonogram;
mod cli_nqueens;
mod cli_nqueens_units;
mod cli_optimum;
mod cli_polyomino;
mod cli_subset_sum;
mod cli_sudoku;

// The committed fuzz corpora, given to the examples.
mod fuzz_corpus;

// The source's shape.
mod module_graph;
