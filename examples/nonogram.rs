//! Nonograms: fill cells of a grid so that the runs of filled cells along
//! each row and each column have the lengths of its clue.
//!
//! ```text
//! cargo run --release --example nonogram -- examples/data/heart.non
//! .#.#.
//! #####
//! #####
//! .###.
//! ..#..
//! ```
//!
//! The file is in the common `.non` form: `width` and `height` lines, then
//! a `rows` and a `columns` section, one line of comma-separated run
//! lengths per line of the picture (`0` for an empty line). The model has
//! a variable per cell and a [`Regular`] constraint per row and per column,
//! the automaton of its clue ([`Automaton::nonogram`]), which narrows each
//! line to the cells that every placement of its runs agrees on.

use std::process::ExitCode;

use backtracker::constraints::{Automaton, Regular};
use backtracker::{Checker, DynChecker, ModelBuilder, VariableOrder};
use clap::Parser;
use common::cli::{self, Failure};
use common::estimate;
use common::nonogram::Clues;
use common::output;

/// Solves a nonogram.
#[derive(Parser, Debug)]
#[command(
    name = "nonogram",
    after_help = "Example: nonogram examples/data/heart.non prints the picture, a line of `#`\n\
                  (filled) and `.` (empty) per row; --count prints the number of pictures (1 for\n\
                  a proper puzzle).\n\
                  FILE: `width W`, `height H`, then `rows` and `columns` sections of comma-separated\n\
                  run lengths, a line each, `0` for an empty line; `-` reads standard input."
)]
struct Cli {
    /// The clues file (`-`: standard input)
    #[arg(value_name = "FILE")]
    file: String,

    /// Print the number of pictures instead of the first
    #[arg(long)]
    count: bool,

    /// Check every narrowing against the checkers' own `check` (slow)
    #[arg(long)]
    cross_check: bool,

    /// Instead of solving, estimate the count: print the estimated nodes,
    /// pictures and CPU seconds of --count, one line each (`nodes VALUE
    /// LOW HIGH`, LOW and HIGH the 95% interval), from random probes of
    /// the search tree
    #[arg(long, conflicts_with_all = ["count", "cross_check"])]
    estimate: bool,

    #[command(flatten)]
    probes: estimate::ProbeOptions,
}

/// The instance's text (a byte-order mark skipped), within the readers'
/// limits.
fn read(file: &str) -> Result<String, Failure> {
    common::lines::read_text(file).map_err(Failure::input)
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let text = read(&cli.file)?;
    let clues = Clues::parse(&text).map_err(Failure::input)?;
    let (height, width) = (clues.rows.len(), clues.columns.len());
    let mut b = ModelBuilder::new();
    let cells: Vec<Vec<usize>> = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| b.variable(format!("r{r}c{c}"), [false, true]))
                .collect()
        })
        .collect();
    b.order(VariableOrder::SmallestDomainFirst);
    let mut checkers: Vec<DynChecker<bool>> = Vec::new();
    for (r, clue) in clues.rows.iter().enumerate() {
        let line = cells[r].clone();
        let automaton = Automaton::nonogram(clue, false, true);
        checkers.push(Regular::new(format!("row {r}"), line, automaton).boxed());
    }
    for (c, clue) in clues.columns.iter().enumerate() {
        let line: Vec<usize> = cells.iter().map(|row| row[c]).collect();
        let automaton = Automaton::nonogram(clue, false, true);
        checkers.push(Regular::new(format!("column {c}"), line, automaton).boxed());
    }
    let mut model = b.build(checkers).map_err(Failure::input)?;
    if cli.estimate {
        let outcome = model
            .search()
            .estimate(cli.probes.probes(), cli.probes.seed());
        return Ok(estimate::lines(&outcome.value));
    }
    let search = model.search().cross_check(cli.cross_check);
    if cli.count {
        let outcome = search.count();
        cli::checked(&outcome)?;
        return Ok(format!("{}\n", outcome.value));
    }
    let outcome = search.first();
    cli::checked(&outcome)?;
    let values = outcome
        .value
        .ok_or_else(|| Failure::NotFound("no picture fits the clues".to_owned()))?;
    let mut out = String::with_capacity(height * (width + 1));
    for row in values.chunks(width) {
        out.extend(row.iter().map(|&filled| if filled { '#' } else { '.' }));
        out.push('\n');
    }
    Ok(out)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
