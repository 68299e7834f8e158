//! Reading FlatZinc text into statements, each with its line.
//!
//! The statements are parsed by the `flatzinc` crate (the parser of the
//! Pumpkin solver's front-end), one statement at a time: this module cuts
//! the text at each `;` outside strings and comments, and so knows the line
//! and column of every statement, which the crate's whole-file readers do
//! not give (`flatzinc-serde`'s `.fzn` reader links the whole file at once
//! and reports neither the line of a constraint nor the place of a syntax
//! error). A constraint this solver does not support is then named with
//! its line, and a syntax error gets the line and column where the parser
//! stopped.

use flatzinc::Stmt;
use winnow::ModalResult;
use winnow::Parser;
use winnow::combinator::alt;
use winnow::error::ContextError;

use crate::error::FznError;

/// A statement and where it starts.
#[derive(Clone, Debug)]
pub(crate) struct Located {
    /// The line of its first character, from 1.
    pub(crate) line: usize,
    pub(crate) stmt: Stmt,
}

/// The line and column, from 1, of byte `offset` of `text`.
fn place(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(before.chars().count(), |nl| {
        before[nl + 1..].chars().count()
    }) + 1;
    (line, column)
}

/// One statement, with its `;`.
fn statement(input: &mut &str) -> ModalResult<Stmt, ContextError> {
    alt((
        flatzinc::variables::declarations::var_decl_item.map(Stmt::Variable),
        flatzinc::parameters::declarations::par_decl_item.map(Stmt::Parameter),
        flatzinc::constraints::constraint_item.map(Stmt::Constraint),
        flatzinc::solve_items::solve_item.map(Stmt::SolveItem),
        flatzinc::predicates::declarations::predicate_item.map(Stmt::Predicate),
    ))
    .parse_next(input)
}

/// The byte ranges of the statements of `text`: each from its first
/// character that is neither space nor comment to its `;`.
fn cut(text: &str) -> Result<Vec<(usize, usize)>, FznError> {
    let mut pieces = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_string = false;
    let mut in_comment = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '%' => in_comment = true,
            '"' => {
                start.get_or_insert(i);
                in_string = true;
            }
            ';' => {
                pieces.push((start.unwrap_or(i), i + 1));
                start = None;
            }
            c if c.is_whitespace() => {}
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if let Some(start) = start {
        let (line, column) = place(text, start);
        return Err(FznError::at(line, column, "statement not ended with `;`"));
    }
    Ok(pieces)
}

/// The statements of `text`, in order, each with its line.
pub(crate) fn statements(text: &str) -> Result<Vec<Located>, FznError> {
    let mut out = Vec::new();
    for (start, end) in cut(text)? {
        let piece = &text[start..end];
        let (line, _) = place(text, start);
        match statement.parse(piece) {
            Ok(stmt) => out.push(Located { line, stmt }),
            Err(error) => {
                let (line, column) = place(text, start + error.offset());
                let word = piece
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next();
                let what = match word {
                    Some("constraint") => "constraint",
                    Some("solve") => "solve item",
                    Some("predicate") => "predicate declaration",
                    Some("var" | "array") => "declaration",
                    _ => "statement",
                };
                return Err(FznError::at(
                    line,
                    column,
                    format!("syntax error in this {what}"),
                ));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_from_one() {
        assert_eq!(place("ab\ncd", 0), (1, 1));
        assert_eq!(place("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn a_semicolon_in_a_comment_or_string_does_not_end_a_statement() {
        let text = "% a; comment\nvar 1..2: x :: output_var; % ;\nsolve satisfy;\n";
        let got = statements(text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[1].line, 3);
    }

    #[test]
    fn a_syntax_error_has_its_line() {
        let error = statements("var 1..2: x;\nconstraint int_le(x,,);\n").unwrap_err();
        assert_eq!(error.line, 2);
    }
}
