//! N-Queens written the plain way, as the classic judge solution keeps its
//! state: one array of flags per rule (used columns, used diagonals, used
//! anti-diagonals), set when a queen takes a line and cleared when she
//! leaves it. Each rule is a boxed checker that answers `promising` for one
//! value at a time and never filters a whole candidate set: the crate's
//! convenient path. `nqueens --plain` runs it; the reference model
//! (`backtracker_puzzles::nqueens`) does the same job with one-word masks
//! and bulk filters.

use backtracker::{Assignment, Checker, Choice, DynChecker, Model, ModelError};
use backtracker_puzzles::{MAX_QUEENS, Rule, nqueens_rows};

/// One rule of N-Queens: at most one queen on each of its lines.
pub struct UsedLines {
    rule: Rule,
    n: usize,
    /// Per line, whether a queen is on it: a fixed array, as the classic
    /// solution sizes it for the largest board.
    used: [bool; 2 * MAX_QUEENS],
}

impl UsedLines {
    /// The rule `rule` on an `n` x `n` board (`n` at most
    /// [`MAX_QUEENS`]), with every line free.
    #[must_use]
    pub fn new(rule: Rule, n: usize) -> Self {
        UsedLines {
            rule,
            n,
            used: [false; 2 * MAX_QUEENS],
        }
    }

    /// The line of the square (`row`, `col`): its column, its diagonal
    /// (`row + col`) or its anti-diagonal (`col - row`, shifted to start
    /// at 0).
    fn line(&self, row: usize, col: usize) -> usize {
        match self.rule {
            Rule::Columns => col,
            Rule::Diagonals => row + col,
            Rule::AntiDiagonals => col + self.n - 1 - row,
        }
    }
}

impl Checker<usize> for UsedLines {
    fn name(&self) -> &str {
        self.rule.name()
    }

    /// From scratch: no two queens of `assignment` share a line.
    fn check(&self, assignment: &Assignment<'_, usize>) -> bool {
        let mut taken = vec![false; 2 * self.n];
        assignment
            .iter()
            .all(|(row, &col)| !std::mem::replace(&mut taken[self.line(row, col)], true))
    }

    /// From the flags: the queen's line is free.
    fn promising(&self, _: &Assignment<'_, usize>, choice: Choice<'_, usize>) -> bool {
        !self.used[self.line(choice.var, *choice.value)]
    }

    fn on_assign(&mut self, choice: Choice<'_, usize>) {
        let line = self.line(choice.var, *choice.value);
        self.used[line] = true;
    }

    fn on_unassign(&mut self, choice: Choice<'_, usize>) {
        let line = self.line(choice.var, *choice.value);
        self.used[line] = false;
    }
}

/// N-Queens with one variable per row (the queen's column) and the three
/// rules as boxed [`UsedLines`] checkers. It declares mirror symmetry, as
/// the reference model does.
///
/// # Errors
///
/// The [`ModelError`] of a board larger than [`MAX_QUEENS`].
pub fn model(n: usize) -> Result<Model<usize, Vec<DynChecker<usize>>>, ModelError> {
    let mut b = nqueens_rows(n)?;
    b.mirror_symmetry();
    let rules = Rule::ALL.map(|rule| Box::new(UsedLines::new(rule, n)) as DynChecker<usize>);
    b.build(rules.into())
}

#[cfg(test)]
mod tests {
    use backtracker_puzzles::MAX_QUEENS;

    #[test]
    fn plain_boards_beyond_the_line_arrays_are_refused() {
        assert!(super::model(MAX_QUEENS).is_ok());
        let error = super::model(MAX_QUEENS + 1).unwrap_err();
        assert!(error.to_string().contains("up to 32"), "{error}");
    }
}
