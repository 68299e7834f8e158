//! What every example's command line does with bad arguments: one line on
//! standard error, exit code 2; `--help` and `--version` as usual. Also the
//! options, failures and exit codes the search examples share.

// Each example uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;

use backtracker::{Assignment, Checkers, Observer, Outcome, Search, StopReason};
use clap::{Args, Parser};

/// Parses the arguments, or exits: 0 after `--help` / `--version`, 2 after
/// printing the first line of any other error.
pub fn parse<C: Parser>() -> C {
    match C::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            print!("{e}");
            std::process::exit(0);
        }
        Err(e) => {
            eprintln!("{}", first_line(&e.to_string()));
            std::process::exit(2);
        }
    }
}

/// The first line of a clap error, with the argument it names when that
/// comes on the next line.
pub fn first_line(error: &str) -> String {
    let mut lines = error.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines
        .next()
        .unwrap_or("error: invalid arguments")
        .to_owned();
    match lines.next() {
        Some(next) if first.ends_with(':') => format!("{first} {next}"),
        _ => first,
    }
}

/// The options of the examples that run one search.
#[derive(Args, Debug)]
pub struct SearchOptions {
    /// Print the number of nodes searched and the time to standard error
    #[arg(long)]
    pub stats: bool,

    /// Check the checkers' answers against each other at every node (slow;
    /// exit code 1 if they disagree)
    #[arg(long)]
    pub cross_check: bool,
}

/// Why a run failed: bad input (exit code 2) or checkers that disagree
/// in cross-check mode (exit code 1).
pub enum Failure {
    Input(String),
    Checkers(String),
}

/// The search's own failures (cross-check disagreements, cancelling) as a
/// [`Failure`]; a search that completed, stopped or ran out of nodes is fine.
pub fn checked<T>(outcome: &Outcome<T>) -> Result<(), Failure> {
    match &outcome.stop {
        StopReason::Disagreement(d) => Err(Failure::Checkers(d.to_string())),
        StopReason::Cancelled => Err(Failure::Checkers("the search was cancelled".to_owned())),
        _ => Ok(()),
    }
}

/// Prints the nodes and the time to standard error when `options` ask for
/// it, then [`checked`].
pub fn finished<T>(outcome: &Outcome<T>, options: &SearchOptions) -> Result<(), Failure> {
    if options.stats {
        eprintln!(
            "nodes: {}, time: {:.3?}",
            outcome.stats.nodes, outcome.stats.elapsed
        );
    }
    checked(outcome)
}

/// Runs `search` and returns the solutions it finds, one line each (as
/// `line` writes them): every one with `all`, else the first; the line
/// `none` when there is none. Then [`finished`].
pub fn solution_lines<V, C: Checkers<V>, O: Observer<V>>(
    search: Search<'_, V, C, O>,
    all: bool,
    options: &SearchOptions,
    none: &str,
    mut line: impl FnMut(&Assignment<'_, V>) -> String,
) -> Result<String, Failure> {
    let mut out = String::new();
    let outcome = search.for_each(|assignment| {
        out.push_str(&line(assignment));
        out.push('\n');
        if all {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    finished(&outcome, options)?;
    if out.is_empty() {
        out.push_str(none);
        out.push('\n');
    }
    Ok(out)
}

/// Prints what a run gave, or its failure as one `error:` line, and returns
/// the exit code: 0, 2 for bad input, 1 for disagreeing checkers.
pub fn exit(result: Result<String, Failure>) -> ExitCode {
    match result {
        Ok(text) => {
            // A closed standard output (for example `| head`) is not an error.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Checkers(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
