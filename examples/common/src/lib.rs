//! What the example programs of backtracker share, so that each example
//! keeps only its command line and its calls into the library.

pub mod cli;
pub mod count_stats;
pub mod estimate;
pub mod jobshop;
pub mod knapsack;
pub mod lines;
pub mod long_count;
pub mod nonogram;
pub mod optimum;
pub mod output;
pub mod plain;
pub mod progress;
pub mod unit_lines;
