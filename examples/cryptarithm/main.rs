//! Solves addition cryptarithms such as `SEND + MORE = MONEY`.
//!
//! ```text
//! cargo run --release --example cryptarithm -- "SEND + MORE = MONEY"
//! 9567 + 1085 = 10652
//! ```
//!
//! The model has one variable per letter (digits 0 to 9) and two checkers:
//!
//! - `different digits`: an [`AtMostOnePerLine`] whose line is the digit,
//!   so no two letters share one;
//! - `columns`: the addition, column by column from the right. It keeps the
//!   carry into the first column that is not fully assigned, so judging a
//!   new letter only looks at the columns that letter completes.
//!
//! Letters are declared from the rightmost column leftwards (in a column,
//! the addends' letters before the sum's), so each column is complete, and
//! checked, as early as possible. The first letter of every word is never 0.

#[path = "../common/cli.rs"]
mod cli;
#[path = "../common/lines.rs"]
mod lines;
#[path = "../common/output.rs"]
mod output;
mod puzzle;

use std::process::ExitCode;

use backtracker::constraints::AtMostOnePerLine;
use backtracker::{Assignment, Checker, Choice, ModelBuilder};
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

/// One column of the addition: how many times each letter occurs among
/// the addends there, and the sum's letter (none where the sum is shorter).
#[derive(Clone, Debug)]
struct Column {
    addends: Vec<(usize, u32)>,
    sum: Option<usize>,
}

/// The addition, checked column by column from the right.
///
/// A partial assignment is promising when every column from the right up
/// to the first one with an unassigned letter adds up, with its carry; once
/// every column is assigned, the last carry must be 0.
#[derive(Clone, Debug)]
struct Columns {
    columns: Vec<Column>,
    /// Per variable, its digit while it is assigned.
    digits: Vec<Option<u8>>,
    /// Per assigned variable (in assignment order), plus one at the start:
    /// the first column not yet complete and the carry into it.
    checked: Vec<(usize, u32)>,
}

impl Columns {
    fn new(puzzle: &Puzzle, letters: &[u8]) -> Columns {
        let var = |c: u8| {
            letters
                .iter()
                .position(|&l| l == c)
                .expect("a letter of the puzzle")
        };
        let columns = (0..puzzle.width())
            .map(|col| {
                let mut addends: Vec<(usize, u32)> = Vec::new();
                for word in &puzzle.addends {
                    if let Some(c) = Puzzle::at(word, col) {
                        match addends.iter_mut().find(|(v, _)| *v == var(c)) {
                            Some((_, times)) => *times += 1,
                            None => addends.push((var(c), 1)),
                        }
                    }
                }
                Column {
                    addends,
                    sum: Puzzle::at(&puzzle.sum, col).map(var),
                }
            })
            .collect();
        Columns {
            columns,
            digits: vec![None; letters.len()],
            checked: vec![(0, 0)],
        }
    }

    /// Adds up the columns from `col` with carry `carry` while they are
    /// complete (`digit` gives a variable's digit, if assigned). Returns the
    /// first incomplete column and the carry into it, or `None` when a
    /// column does not add up or the last carry is not 0.
    #[inline]
    fn walk(
        &self,
        mut col: usize,
        mut carry: u32,
        digit: impl Fn(usize) -> Option<u8>,
    ) -> Option<(usize, u32)> {
        while let Some(column) = self.columns.get(col) {
            let mut total = carry;
            for &(var, times) in &column.addends {
                match digit(var) {
                    Some(d) => total += u32::from(d) * times,
                    None => return Some((col, carry)),
                }
            }
            let want = match column.sum {
                Some(var) => match digit(var) {
                    Some(d) => u32::from(d),
                    None => return Some((col, carry)),
                },
                None => 0,
            };
            if total % 10 != want {
                return None;
            }
            carry = total / 10;
            col += 1;
        }
        (carry == 0).then_some((col, 0))
    }
}

impl Checker<u8> for Columns {
    fn name(&self) -> &str {
        "columns"
    }

    fn check(&self, assignment: &Assignment<'_, u8>) -> bool {
        self.walk(0, 0, |var| assignment.get(var).copied())
            .is_some()
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, u8>, choice: Choice<'_, u8>) -> bool {
        let (col, carry) = *self.checked.last().expect("the starting entry");
        let digit = |var| {
            if var == choice.var {
                Some(*choice.value)
            } else {
                self.digits[var]
            }
        };
        self.walk(col, carry, digit).is_some()
    }

    fn on_assign(&mut self, choice: Choice<'_, u8>) {
        self.digits[choice.var] = Some(*choice.value);
        let top = *self.checked.last().expect("the starting entry");
        // The engine assigns only promising steps, so the walk succeeds.
        let next = self
            .walk(top.0, top.1, |var| self.digits[var])
            .unwrap_or(top);
        self.checked.push(next);
    }

    fn on_unassign(&mut self, choice: Choice<'_, u8>) {
        self.digits[choice.var] = None;
        self.checked.pop();
    }
}

/// Builds the model: one variable per letter (named by the letter), digits
/// 0 to 9, no leading zeros. Variables are in the order of `letters`.
fn model(
    puzzle: &Puzzle,
    letters: &[u8],
) -> Result<backtracker::Model<u8, impl backtracker::Checkers<u8>>, backtracker::ModelError> {
    let mut b = ModelBuilder::new();
    for &c in letters {
        let var = b.variable(char::from(c).to_string(), 0..=9u8);
        if puzzle.words().any(|w| w[0] == c) {
            b.restrict(var, |&d| d != 0);
        }
    }
    let different = AtMostOnePerLine::new("different digits", |_, &d: &u8| usize::from(d));
    b.build((different, Columns::new(puzzle, letters)))
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let puzzle = Puzzle::parse(&cli.expression.join(" ")).map_err(Failure::Input)?;
    let letters = puzzle.letters();
    let mut model = model(&puzzle, &letters).map_err(|e| Failure::Input(e.to_string()))?;
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
