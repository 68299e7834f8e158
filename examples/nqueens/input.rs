//! Reading the board size, the `--constraints` list, and the board size
//! of a model named in a unit line.

use std::io::IsTerminal;

use backtracker_puzzles::{MAX_QUEENS, Rule};

use crate::Failure;
use crate::lines::{Limits, Lines};

/// How much of standard input is read for N.
const N_LIMITS: Limits = Limits {
    line: 1024,
    total: 4096,
};

/// Parses a board size given as text; `source` says where it came from.
pub fn parse_n(text: &str, source: &str) -> Result<usize, Failure> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::input(format!(
            "invalid N `{}` ({source}): expected a whole number from 0 to {MAX_QUEENS}",
            shorten(text)
        )));
    }
    match text.parse::<usize>() {
        Ok(n) if n <= MAX_QUEENS => Ok(n),
        _ => Err(Failure::input(format!(
            "N = {} ({source}) is beyond the largest supported board, {MAX_QUEENS}",
            shorten(text)
        ))),
    }
}

/// The board size from the argument or, without one, from standard input.
pub fn board_size(arg: Option<&str>) -> Result<usize, Failure> {
    if let Some(text) = arg {
        return parse_n(text, "argument N");
    }
    if std::io::stdin().is_terminal() {
        return Err(Failure::input(
            "missing N: give the board size as an argument or on standard input",
        ));
    }
    let text = Lines::open(None, N_LIMITS)
        .and_then(Lines::read_all)
        .map_err(|e| Failure::input(format!("cannot read N: {e}")))?;
    let mut words = text.split_whitespace();
    match (words.next(), words.next()) {
        (None, _) => Err(Failure::input(
            "missing N: standard input is empty (give the board size as an argument or on standard input)",
        )),
        (Some(word), None) => parse_n(word, "standard input"),
        (Some(_), Some(_)) => Err(Failure::input(format!(
            "standard input should hold one number N, found `{}`",
            shorten(text.trim())
        ))),
    }
}

pub use crate::lines::shorten;

/// Which rules to enforce besides one queen per row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Columns, diagonals and anti-diagonals: the reference model.
    All,
    /// A proper subset, in model order (possibly empty).
    Subset(Vec<Rule>),
}

impl Rules {
    /// Whether reflecting every queen left to right maps solutions to
    /// solutions: it swaps diagonals and anti-diagonals, so a subset with
    /// only one of them is not mirror-symmetric.
    pub fn mirror_invariant(&self) -> bool {
        match self {
            Rules::All => true,
            Rules::Subset(rules) => {
                rules.contains(&Rule::Diagonals) == rules.contains(&Rule::AntiDiagonals)
            }
        }
    }
}

const CONSTRAINTS_HELP: &str =
    "expected `none` or a comma-separated subset of columns,diagonals,anti-diagonals";

/// Parses `--constraints`.
pub fn parse_rules(text: &str) -> Result<Rules, Failure> {
    if text == "none" {
        return Ok(Rules::Subset(Vec::new()));
    }
    let mut chosen = Vec::new();
    for name in text.split(',') {
        if name == "none" {
            return Err(Failure::input(format!(
                "--constraints `none` cannot be combined with other names ({CONSTRAINTS_HELP})"
            )));
        }
        let rule = Rule::from_name(name).ok_or_else(|| {
            let shown = if name.is_empty() {
                "an empty name".to_owned()
            } else {
                format!("`{}`", shorten(name))
            };
            Failure::input(format!(
                "unknown constraint {shown} in --constraints ({CONSTRAINTS_HELP})"
            ))
        })?;
        if chosen.contains(&rule) {
            return Err(Failure::input(format!(
                "constraint `{name}` is given twice in --constraints"
            )));
        }
        chosen.push(rule);
    }
    if chosen.len() == Rule::ALL.len() {
        return Ok(Rules::All);
    }
    Ok(Rules::Subset(
        Rule::ALL
            .into_iter()
            .filter(|r| chosen.contains(r))
            .collect(),
    ))
}

/// The model name that unit lines carry.
pub fn model_name(n: usize) -> String {
    format!("nqueens-{n}")
}

/// The board size of a model name, if it is an N-Queens model this
/// command can build.
fn board_of(name: &str) -> Option<usize> {
    let digits = name.strip_prefix("nqueens-")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n <= MAX_QUEENS)
}

/// The board size of the model a unit or result line names; `what`
/// prefixes the error (`--unit`, a file's name).
pub fn board_named(name: &str, what: &str) -> Result<usize, Failure> {
    board_of(name).ok_or_else(|| {
        Failure::input(format!(
            "{what}: unit belongs to model `{}`, not an n-queens board (`nqueens-<N>`, N up to {MAX_QUEENS})",
            shorten(name)
        ))
    })
}
