//! What every example's command line does with bad arguments: one line on
//! standard error, exit code 2; `--help` and `--version` as usual. Also the
//! options, failures and exit codes the search examples share. Output goes
//! through [`output`].

use std::ops::ControlFlow;
use std::process::ExitCode;

use backtracker::{Assignment, Checkers, Observer, Outcome, Search, StopReason};
use clap::{Args, Parser};

use crate::output::{self, WriteError, say};

/// The most events `--trace-limit` records. A trace holds every event in
/// memory, and the examples hold its text or page too: measured on 10
/// million events of `nqueens 20` (`docs/reliability.md`), an event takes
/// 247 to 252 bytes as text, 156 to 161 as a page and 271 as DOT, so such
/// a trace takes 1.6 to 2.7 GB.
pub const MAX_TRACE_EVENTS: u64 = 10_000_000;

/// Parses the arguments, or exits: 0 after `--help` / `--version` (2 when
/// they cannot be written), 2 after printing the first line of any other
/// error.
#[must_use]
pub fn parse<C: Parser>() -> C {
    or_exit(C::try_parse())
}

/// Options that mean nothing without one of some others: `(option,
/// &[what it needs])`, by their ids (the field names).
///
/// Clap's `requires` says the same, but clap waives a requirement whose
/// option conflicts with one given: `nqueens 8 --estimate --trace-limit 5`
/// would take `--trace-limit` and ignore it, since `--trace` conflicts
/// with `--estimate`. [`parse_needing`] refuses it instead.
pub type Needs = &'static [(&'static str, &'static [&'static str])];

/// [`parse`], also refusing an option given without what it needs
/// ([`Needs`]).
#[must_use]
pub fn parse_needing<C: Parser>(needs: Needs) -> C {
    or_exit(C::from_arg_matches(&matches_needing(&C::command(), needs)))
}

/// The matches of `command` (built by hand) on the arguments, or the exit
/// [`parse_needing`] makes: for a clap error, or for an option given
/// without what it needs.
#[must_use]
pub fn matches_needing(command: &clap::Command, needs: Needs) -> clap::ArgMatches {
    let matches = or_exit(command.clone().try_get_matches());
    if let Err(message) = refuse_unneeded(command, &matches, needs) {
        output::error(&message);
        std::process::exit(2);
    }
    matches
}

/// The error for the first option of `needs` given on the command line
/// without any of the options it needs.
///
/// # Errors
///
/// A one-line message naming the option and what it needs.
fn refuse_unneeded(
    command: &clap::Command,
    matches: &clap::ArgMatches,
    needs: Needs,
) -> Result<(), String> {
    use clap::parser::ValueSource;
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let long = |id: &str| {
        command
            .get_arguments()
            .find(|arg| arg.get_id() == id)
            .and_then(clap::Arg::get_long)
            .map_or_else(|| id.to_owned(), |name| format!("--{name}"))
    };
    for &(option, wanted) in needs {
        if given(option) && !wanted.iter().any(|&w| given(w)) {
            let wanted: Vec<String> = wanted.iter().map(|&w| long(w)).collect();
            return Err(format!(
                "{} means nothing without {}",
                long(option),
                wanted.join(" or ")
            ));
        }
    }
    Ok(())
}

/// The parsed arguments, or the exit [`parse`] makes for `parsed`'s error
/// (for a command line built by hand).
pub fn or_exit<C>(parsed: Result<C, clap::Error>) -> C {
    match parsed {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let written = output::write(&e.to_string()).and_then(|()| output::flush());
            std::process::exit(written.map_or_else(|e| i32::from(e.exit_code()), |()| 0));
        }
        Err(e) => {
            output::note(&first_line(&e.to_string()));
            std::process::exit(2);
        }
    }
}

/// The first line of a clap error; when it ends in a colon, the indented
/// lines that complete it (the arguments it names) are joined on.
pub fn first_line(error: &str) -> String {
    let mut lines = error.lines();
    let mut line = lines
        .next()
        .unwrap_or("error: invalid arguments")
        .to_owned();
    if line.ends_with(':') {
        let rest: Vec<&str> = lines
            .take_while(|l| l.starts_with(' '))
            .map(str::trim)
            .collect();
        line = format!("{line} {}", rest.join(", "));
    }
    crate::lines::shorten_quoted(line.trim_end_matches([':', ' ']))
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

/// Why a run failed, the one failure type of every example: bad input
/// (exit code 2), no solution where one was asked for or checkers that
/// disagree in cross-check mode (exit code 1), an interruption (exit code
/// 130), or standard output that took no more (exit code 0 for a closed
/// pipe, else 2).
#[derive(Debug)]
pub enum Failure {
    /// Bad input, named in the message: exit code 2.
    Input(String),
    /// Checkers that disagree in cross-check mode: exit code 1.
    Checkers(String),
    /// No solution where one was asked for (`--first`), named in the
    /// message: exit code 1.
    NotFound(String),
    /// Interrupted by Ctrl-C: exit code 130, with nothing more to say
    /// (what was done is already on standard error).
    Interrupted,
    /// Standard output took no more.
    Output(WriteError),
}

impl std::fmt::Display for Failure {
    /// The message written on standard error.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Input(message) | Failure::Checkers(message) | Failure::NotFound(message) => {
                f.write_str(message)
            }
            Failure::Interrupted => f.write_str("interrupted"),
            Failure::Output(WriteError::Failed(message)) => f.write_str(message),
            Failure::Output(WriteError::Closed) => f.write_str("standard output was closed"),
        }
    }
}

impl Failure {
    /// Bad input: exit code 2 with `message`.
    pub fn input(message: impl std::fmt::Display) -> Failure {
        Failure::Input(message.to_string())
    }

    /// A failed write to a writer of standard output of the example's own.
    #[must_use]
    pub fn output(error: &std::io::Error) -> Failure {
        Failure::Output(WriteError::from_io(error))
    }

    /// The exit code, after the message (if any) is written to standard
    /// error.
    #[must_use]
    pub fn exit_code(self) -> u8 {
        match self {
            Failure::Output(e) => e.exit_code(),
            Failure::Input(message) => {
                output::error(&message);
                2
            }
            Failure::Checkers(message) | Failure::NotFound(message) => {
                output::error(&message);
                1
            }
            Failure::Interrupted => 130,
        }
    }
}

impl From<WriteError> for Failure {
    fn from(error: WriteError) -> Failure {
        Failure::Output(error)
    }
}

/// The search's own failures (cross-check disagreements, cancelling) as a
/// [`Failure`]; a search that completed, stopped or ran out of nodes is fine.
///
/// # Errors
///
/// A [`Failure`] when the search stopped on a cross-check disagreement or was cancelled.
pub fn checked<T>(outcome: &Outcome<T>) -> Result<(), Failure> {
    match &outcome.stop {
        StopReason::Disagreement(d) => Err(Failure::Checkers(d.to_string())),
        StopReason::Cancelled => Err(Failure::Checkers("the search was cancelled".to_owned())),
        _ => Ok(()),
    }
}

/// Prints the nodes and the time to standard error when `options` ask for
/// it, then [`checked`].
///
/// # Errors
///
/// As [`checked`].
pub fn finished<T>(outcome: &Outcome<T>, options: &SearchOptions) -> Result<(), Failure> {
    if options.stats {
        let implied = match outcome.stats.implied {
            0 => String::new(),
            k => format!(", implied: {k}"),
        };
        say!(
            "nodes: {}{implied}, time: {:.3?}",
            outcome.stats.nodes,
            outcome.stats.elapsed
        );
    }
    checked(outcome)
}

/// Runs `search` and writes the solutions it finds, one line each (as
/// `line` writes them) as they are found: every one with `all`, else the
/// first; the line `none` when there is none. Then [`finished`]. A write
/// that fails stops the search.
///
/// # Errors
///
/// A [`Failure`] when the search's outcome is not fine (see [`checked`]) or the lines cannot be written.
pub fn solution_lines<V, C: Checkers<V>, O: Observer<V>>(
    search: Search<'_, V, C, O>,
    all: bool,
    options: &SearchOptions,
    none: &str,
    mut line: impl FnMut(&Assignment<'_, V>) -> String,
) -> Result<String, Failure> {
    let mut found = false;
    let mut failed = None;
    let outcome = search.for_each(|assignment| {
        found = true;
        if let Err(e) = output::line(&line(assignment)) {
            failed = Some(e);
            return ControlFlow::Break(());
        }
        if all {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    if let Some(e) = failed {
        return Err(Failure::Output(e));
    }
    finished(&outcome, options)?;
    if !found {
        output::line(none)?;
    }
    Ok(String::new())
}

/// Writes what a run gave (text not written yet), or its failure as one
/// `error:` line, and returns the exit code: 0, 2 for bad input or a
/// failed write, 1 for no solution or disagreeing checkers, 130 when
/// interrupted; a closed standard output is a quiet 0.
#[must_use]
pub fn exit(result: Result<String, Failure>) -> ExitCode {
    let result = result.and_then(|text| Ok(output::write(&text)?));
    // What was written before a failure is kept (whole lines).
    let flushed = output::flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Ok(()), Err(e)) => ExitCode::from(e.exit_code()),
        (Err(failure), _) => ExitCode::from(failure.exit_code()),
    }
}

/// The threads a `--threads K` option means: `K`, or one per core for 0,
/// and never more than [`MAX_THREADS`](backtracker::MAX_THREADS) (as
/// `Search::threads` counts them).
#[must_use]
pub fn threads(k: usize) -> usize {
    let k = if k == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        k
    };
    k.min(backtracker::MAX_THREADS)
}

#[cfg(test)]
mod tests {
    use super::first_line;

    #[test]
    fn a_clap_error_is_one_line_naming_every_argument_it_lists() {
        let missing = "error: the following required arguments were not provided:\n  \
                       <BOARD>\n  <PIECES>\n\nUsage: tool <BOARD> <PIECES>\n\n\
                       For more information, try '--help'.\n";
        assert_eq!(
            first_line(missing),
            "error: the following required arguments were not provided: <BOARD>, <PIECES>"
        );
        let unknown = "error: unexpected argument '--bogus' found\n\n  \
                       tip: to pass '--bogus' as a value, use '-- --bogus'\n";
        assert_eq!(
            first_line(unknown),
            "error: unexpected argument '--bogus' found"
        );
        assert_eq!(first_line(""), "error: invalid arguments");
    }
}
