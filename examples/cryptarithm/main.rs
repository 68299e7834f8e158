//! Solves addition cryptarithms such as `SEND + MORE = MONEY`.
//!
//! ```text
//! cargo run --release --example cryptarithm -- "SEND + MORE = MONEY"
//! 9567 + 1085 = 10652
//! ```
//!
//! The model has one variable per letter (digits 0 to 9) and two library
//! checkers:
//!
//! - `different digits`: an [`AllDifferent`] over the letters;
//! - `sum`: the whole addition as one [`LinearSum`] equation, each letter
//!   weighted by its place values (plus in the addends, minus in the sum),
//!   equal to 0. Its bounds narrow the letters not yet chosen after every
//!   step.
//!
//! The letter with the fewest candidates left goes next. The first letter
//! of every word is never 0. Words of more than 18 letters are refused:
//! their place values would not fit 64-bit arithmetic.

use common::cli;
use common::lines;
use common::output;
mod puzzle;

use std::process::ExitCode;

use backtracker::constraints::{AllDifferent, LinearSum};
use backtracker::{ModelBuilder, VariableOrder};
use clap::Parser;
use cli::{Failure, SearchOptions};
use puzzle::Puzzle;

/// Solves an addition cryptarithm: every letter stands for a different
/// digit, and the first letter of a word is never 0.
#[derive(Parser, Debug)]
#[command(
    name = "cryptarithm",
    after_help = "Example: cryptarithm \"SEND + MORE = MONEY\" prints 9567 + 1085 = 10652.\n\
                  Prints `no solution` when there is none.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The puzzle: words of letters joined by `+`, then `=` and the sum
    /// (one quoted argument, or several words)
    #[arg(required = true, value_name = "EXPRESSION")]
    expression: Vec<String>,

    /// Print every solution, one a line (default: the first one)
    #[arg(long)]
    all: bool,

    #[command(flatten)]
    search: SearchOptions,
}

/// The longest word accepted: the place value of its first letter,
/// 10^17, times a digit still fits a 64-bit sum.
const MAX_WORD: usize = 18;

/// The addition as one linear equation: per letter, the sum of its place
/// values in the addends minus those in the sum (`SEND + MORE = MONEY`
/// gives `1000 S + 91 E - 90 N + D - 9000 M - 900 O + R - Y = 0`).
fn weights(puzzle: &Puzzle, letters: &[u8]) -> Result<Vec<i64>, String> {
    let mut weight = vec![0i64; letters.len()];
    let too_large = || "the place values of the letters add up beyond 64-bit integers".to_owned();
    for (word, sign) in puzzle
        .addends
        .iter()
        .map(|w| (w, 1i64))
        .chain([(&puzzle.sum, -1i64)])
    {
        if word.len() > MAX_WORD {
            return Err(format!(
                "the word `{}` has {} letters, but at most {MAX_WORD} fit 64-bit arithmetic",
                lines::shorten(&String::from_utf8_lossy(word)),
                word.len()
            ));
        }
        let mut place = sign;
        for &c in word.iter().rev() {
            let var = letters
                .iter()
                .position(|&l| l == c)
                .expect("a letter of the puzzle");
            weight[var] = weight[var].checked_add(place).ok_or_else(too_large)?;
            place = place.saturating_mul(10);
        }
    }
    Ok(weight)
}

/// Builds the model: one variable per letter (named by the letter), digits
/// 0 to 9, no leading zeros, smallest domain first. Variables are in the
/// order of `letters`.
fn model(
    puzzle: &Puzzle,
    letters: &[u8],
) -> Result<backtracker::Model<u8, impl backtracker::Checkers<u8>>, String> {
    let weight = weights(puzzle, letters)?;
    let mut b = ModelBuilder::new();
    for &c in letters {
        let var = b.variable(char::from(c).to_string(), 0..=9u8);
        if puzzle.words().any(|w| w[0] == c) {
            b.restrict(var, |&d| d != 0);
        }
    }
    b.order(VariableOrder::SmallestDomainFirst);
    let different = AllDifferent::new("different digits", 0..letters.len());
    let sum = LinearSum::equal("sum", weight.into_iter().zip(0..letters.len()), 0);
    b.build((different, sum)).map_err(|e| e.to_string())
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let puzzle = Puzzle::parse(&cli.expression.join(" ")).map_err(Failure::Input)?;
    let letters = puzzle.letters();
    let mut model = model(&puzzle, &letters).map_err(Failure::Input)?;
    let search = model.search().cross_check(cli.search.cross_check);
    cli::solution_lines(search, cli.all, &cli.search, "no solution", |assignment| {
        let digits: Vec<u8> = (0..letters.len())
            .map(|var| assignment.get(var).copied().unwrap_or(0))
            .collect();
        puzzle.render(&letters, &digits)
    })
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
