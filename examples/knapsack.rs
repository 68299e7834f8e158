//! The 0/1 knapsack: which items to pack, each whole or not at all, for
//! the greatest value within the capacity.
//!
//! ```text
//! cargo run --release --example knapsack -- items.txt
//! value 11 (optimal)
//! weight 8 of 8
//! items 1 3
//! ```
//!
//! The instance is a text file (`-` reads standard input): the first line
//! is the capacity, each further line an item's weight and value, whole
//! numbers of 0 or more separated by spaces; blank lines and text after a
//! `#` are ignored. Items are numbered from 1 in the order of the file.
//!
//! ```text
//! # capacity, then weight and value per item
//! 8
//! 3 4
//! 4 5
//! 5 7
//! ```
//!
//! The model has one yes/no variable per item ("is it packed?"), packed
//! tried first and the items by value per unit of weight, best first, so
//! that the first packing is the greedy one. A [`LinearSum`] keeps the
//! weight within the capacity; the value is an [`Objective`] that the
//! search maximises by branch and bound, each packing found making the
//! ones after it worth more.

use common::cli;
use common::knapsack::Instance;
use common::optimum::{self, Answer, OptimumOptions, Task};
use common::output;

use std::process::ExitCode;

use backtracker::constraints::{LinearSum, Objective};
use backtracker::{ModelBuilder, Sense};
use clap::Parser;
use cli::Failure;

/// Packs the items of FILE for the greatest value within its capacity.
#[derive(Parser, Debug)]
#[command(
    name = "knapsack",
    after_help = "FILE: the capacity on the first line, then `WEIGHT VALUE` per item, one a line\n\
                  (whole numbers up to 2^40; `#` starts a comment; `-` reads standard input).\n\
                  Example: a file with the lines 8, `3 4`, `4 5`, `5 7` prints `value 11 (optimal)`,\n\
                  `weight 8 of 8` and `items 1 3`.\n\
                  Each better packing is reported on standard error as it is found;\n\
                  with --node-limit the answer is the best so far, marked `not proven`.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The instance file (`-` for standard input)
    #[arg(value_name = "FILE")]
    file: String,

    #[command(flatten)]
    optimum: OptimumOptions,
}

/// The instance's text (a byte-order mark skipped), within the readers'
/// limits.
fn read(file: &str) -> Result<String, Failure> {
    common::lines::read_text(file).map_err(Failure::input)
}

fn run(cli: &Cli) -> Result<String, Failure> {
    if cli.file == "-" && cli.optimum.merge.as_deref() == Some("-") {
        return Err(Failure::input(
            "standard input cannot hold both the instance and the result lines of --merge",
        ));
    }
    let text = read(&cli.file)?;
    let instance = Instance::parse(&text).map_err(Failure::input)?;
    // Unit lines name the instance by its text.
    let name = format!("knapsack-{}", common::long_count::fingerprint(&text));
    let items = &instance.items;
    // Best value per unit of weight first (a weightless item first of all).
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let ((wa, va), (wb, vb)) = (items[a], items[b]);
        (i128::from(vb) * i128::from(wa)).cmp(&(i128::from(va) * i128::from(wb)))
    });
    let mut b = ModelBuilder::new();
    let packed: Vec<usize> = order
        .iter()
        .map(|&i| b.variable(format!("item {}", i + 1), [1i64, 0]))
        .collect();
    let terms = |pick: fn((i64, i64)) -> i64| -> Vec<(i64, usize)> {
        order
            .iter()
            .zip(&packed)
            .map(|(&i, &var)| (pick(items[i]), var))
            .collect()
    };
    let value = Objective::new("value", terms(|(_, v)| v));
    let goal = value.goal();
    let checkers = (
        LinearSum::at_most("capacity", terms(|(w, _)| w), instance.capacity),
        value,
    );
    let mut model = b.build(checkers).map_err(Failure::input)?;
    let task = Task {
        sense: Sense::Maximize,
        cost: "value",
        answer: "packing",
    };
    let (best, proof) = match optimum::optimise(&mut model, &name, &goal, task, &cli.optimum)? {
        Answer::Best(best, proof) => (best, proof),
        Answer::Lines(lines) => return Ok(lines),
    };
    let mut chosen: Vec<usize> = order
        .iter()
        .zip(&best.values)
        .filter(|&(_, &take)| take == 1)
        .map(|(&i, _)| i)
        .collect();
    chosen.sort_unstable();
    let weight: i64 = chosen.iter().map(|&i| items[i].0).sum();
    let list: Vec<String> = chosen.iter().map(|i| (i + 1).to_string()).collect();
    Ok(format!(
        "value {} ({})\nweight {weight} of {}\nitems{}{}\n",
        best.cost,
        proof,
        instance.capacity,
        if list.is_empty() { "" } else { " " },
        list.join(" ")
    ))
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
