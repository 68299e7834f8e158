//! What goes wrong with a FlatZinc file: one message with its place.

use std::fmt;

/// A FlatZinc file that cannot be solved as written: malformed, or using
/// something this solver does not support. Shown as one line, `line L,
/// column C: message` (or `line L: message` when the column is unknown).
///
/// ```
/// let error = backtracker_fzn::read("var 1..3: x;\nsolve satisfy").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 1: statement not ended with `;`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FznError {
    /// The line, from 1 (0 when the error has no place in the file).
    pub line: usize,
    /// The column, from 1 (0 when unknown).
    pub column: usize,
    /// What is wrong, in lowercase.
    pub message: String,
}

impl FznError {
    /// An error at `line` and `column`.
    pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> FznError {
        FznError {
            line,
            column,
            message: message.into(),
        }
    }

    /// An error on `line`, column unknown.
    pub(crate) fn line(line: usize, message: impl Into<String>) -> FznError {
        FznError::at(line, 0, message)
    }
}

impl fmt::Display for FznError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => f.write_str(&self.message),
            (line, 0) => write!(f, "line {line}: {}", self.message),
            (line, column) => write!(f, "line {line}, column {column}: {}", self.message),
        }
    }
}
