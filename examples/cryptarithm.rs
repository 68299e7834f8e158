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

#[path = "common/cli.rs"]
mod cli;

use std::process::ExitCode;

use backtracker::constraints::AtMostOnePerLine;
use backtracker::{Assignment, Checker, Choice, ModelBuilder};
use clap::Parser;
use cli::{Failure, SearchOptions};

/// Solves an addition cryptarithm: every letter stands for a different
/// digit, and the first letter of a word is never 0.
#[derive(Parser, Debug)]
#[command(
    name = "cryptarithm",
    after_help = "Example: cryptarithm \"SEND + MORE = MONEY\" prints 9567 + 1085 = 10652.\n\
                  Prints `no solution` when there is none."
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

/// A parsed puzzle: the addends and the sum, as words of uppercase letters.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Puzzle {
    addends: Vec<Vec<u8>>,
    sum: Vec<u8>,
}

impl Puzzle {
    /// Parses `WORD + WORD + ... = WORD` (any spacing, letters of either case).
    fn parse(text: &str) -> Result<Puzzle, String> {
        let bad = |why: &str| format!("invalid expression {text:?}: {why}");
        let mut sides = text.split('=');
        let (Some(left), Some(right), None) = (sides.next(), sides.next(), sides.next()) else {
            return Err(bad("expected exactly one `=`"));
        };
        let word = |raw: &str, place: &str| -> Result<Vec<u8>, String> {
            let raw = raw.trim();
            if raw.is_empty() {
                return Err(bad(&format!("missing word {place}")));
            }
            if let Some(c) = raw
                .chars()
                .find(|c| !c.is_ascii_alphabetic() && !c.is_whitespace())
            {
                return Err(bad(&format!(
                    "{c:?} is not a letter, `+` or `=` (words are letters A to Z)"
                )));
            }
            if raw.contains(char::is_whitespace) {
                return Err(bad(&format!("{raw:?} is two words: join words with `+`")));
            }
            Ok(raw.bytes().map(|b| b.to_ascii_uppercase()).collect())
        };
        let addends = left
            .split('+')
            .enumerate()
            .map(|(i, raw)| word(raw, &format!("in addend {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let sum = word(right, "after `=`")?;
        let puzzle = Puzzle { addends, sum };
        let letters = puzzle.letters().len();
        if letters > 10 {
            return Err(bad(&format!(
                "{letters} distinct letters, but there are only 10 digits"
            )));
        }
        Ok(puzzle)
    }

    fn words(&self) -> impl Iterator<Item = &Vec<u8>> {
        self.addends.iter().chain(std::iter::once(&self.sum))
    }

    /// Number of columns: the length of the longest word.
    fn width(&self) -> usize {
        self.words().map(Vec::len).max().unwrap_or(0)
    }

    /// The letter of `word` in column `col` (0 = units), if it is that long.
    fn at(word: &[u8], col: usize) -> Option<u8> {
        word.len().checked_sub(col + 1).map(|i| word[i])
    }

    /// The distinct letters, from the rightmost column leftwards; in a
    /// column, the addends' letters in order, then the sum's.
    fn letters(&self) -> Vec<u8> {
        let mut letters = Vec::new();
        for col in 0..self.width() {
            for word in self.words() {
                if let Some(c) = Puzzle::at(word, col)
                    && !letters.contains(&c)
                {
                    letters.push(c);
                }
            }
        }
        letters
    }

    /// The puzzle with each letter replaced by its digit.
    fn render(&self, letters: &[u8], digits: &[u8]) -> String {
        let number = |word: &Vec<u8>| -> String {
            word.iter()
                .map(|c| {
                    let var = letters
                        .iter()
                        .position(|l| l == c)
                        .expect("a letter of the puzzle");
                    char::from(b'0' + digits[var])
                })
                .collect()
        };
        let left: Vec<String> = self.addends.iter().map(number).collect();
        format!("{} = {}", left.join(" + "), number(&self.sum))
    }
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
    cli::exit(run(&cli))
}
