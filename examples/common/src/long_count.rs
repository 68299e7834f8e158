//! The long count of the examples: the library's `units::Runner` with a
//! checkpoint file, a progress bar on standard error, and what resuming
//! found said there.

use backtracker::units::{Plan, RunError, RunReport, Runner, Split};
use backtracker::{Checkers, Model};

use crate::cli::Failure;
use crate::output::say;
use crate::progress::Bar;

/// Parses `--depth`: a number of variables, or `auto`.
///
/// # Errors
///
/// A message naming the text, for clap.
pub fn parse_depth(text: &str) -> Result<Split, String> {
    if text == "auto" {
        return Ok(Split::Auto);
    }
    text.parse::<usize>().map(Split::Depth).map_err(|_| {
        format!(
            "`{}` is not a depth (a whole number) or `auto`",
            crate::lines::shorten(text)
        )
    })
}

/// A short fingerprint of `text` (64-bit FNV-1a, in hex): a checkpoint's
/// model name holds it, so that a checkpoint of another board, graph or
/// grid belongs to another run and is refused.
#[must_use]
pub fn fingerprint(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Counts `model` with `runner` on its threads, under a progress bar when
/// standard error is a terminal, after saying there what opening the
/// checkpoint (`checkpoint`, the path given on the command line, already
/// set in the runner) repaired and how many units it holds.
///
/// # Errors
///
/// [`Failure::Input`] with the runner's one-line message: a split too
/// large, a checkpoint refused (left unchanged) or that cannot be
/// appended to.
#[expect(
    clippy::redundant_closure_for_method_calls,
    reason = "the method's path is not general enough over the plan's lifetimes"
)]
pub fn run<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync>(
    runner: Runner<'_>,
    model: &mut Model<V, C>,
    checkpoint: Option<&str>,
) -> Result<RunReport, Failure> {
    count(runner, model, checkpoint, |plan| plan.run())
}

/// [`run`] on this thread, for boxed checkers.
///
/// # Errors
///
/// As [`run`].
#[expect(
    clippy::redundant_closure_for_method_calls,
    reason = "the method's path is not general enough over the plan's lifetimes"
)]
pub fn run_in_turn<V, C: Checkers<V>>(
    runner: Runner<'_>,
    model: &mut Model<V, C>,
    checkpoint: Option<&str>,
) -> Result<RunReport, Failure> {
    count(runner, model, checkpoint, |plan| plan.run_in_turn())
}

/// Plans `runner`'s count of `model` (with `checkpoint`, the path given on
/// the command line, already set in the runner), says on standard error
/// what opening the checkpoint repaired and how many units it holds, and
/// counts with `counting`, under a progress bar when standard error is a
/// terminal.
///
/// # Errors
///
/// [`Failure::Input`] with the runner's one-line message: a split too
/// large, a checkpoint refused (left unchanged) or that cannot be
/// appended to.
fn count<'m, V, C: Checkers<V>>(
    runner: Runner<'_>,
    model: &'m mut Model<V, C>,
    checkpoint: Option<&str>,
    counting: impl FnOnce(Plan<'m, '_, V, C>) -> Result<RunReport, RunError>,
) -> Result<RunReport, Failure> {
    let bar = Bar::start();
    let runner = match &bar {
        Some(bar) => runner.on_progress(|p| bar.update(p)),
        None => runner,
    };
    let plan = runner.plan(model).map_err(Failure::input)?;
    if let Some(message) = plan.recovered() {
        say!("{message}");
    }
    if let Some(path) = checkpoint
        && plan.resumed() > 0
    {
        let parts = if plan.orbits() {
            "parts (constellations)"
        } else {
            "units"
        };
        say!(
            "resuming from `{path}`: {} of {} {parts} already counted",
            plan.resumed(),
            plan.units()
        );
    }
    let report = counting(plan);
    if let Some(bar) = &bar {
        bar.finish();
    }
    report.map_err(Failure::input)
}

#[cfg(test)]
mod tests {
    use super::{Split, fingerprint, parse_depth};

    #[test]
    fn depths_are_numbers_or_auto() {
        assert_eq!(parse_depth("3"), Ok(Split::Depth(3)));
        assert_eq!(parse_depth("auto"), Ok(Split::Auto));
        assert!(parse_depth("-1").unwrap_err().contains("`-1`"));
    }

    #[test]
    fn fingerprints_tell_texts_apart() {
        // FNV-1a of the empty text is its offset basis.
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_ne!(fingerprint("board a"), fingerprint("board b"));
        assert_eq!(fingerprint("x").len(), 16);
    }
}
