//! What a count says on standard error: its statistics, one figure a line,
//! and what an interrupted count did.

use std::fmt::Write as _;

use backtracker::{Stats, StopReason};

use crate::output;

/// The statistics on standard error, one figure a line, with the stop and
/// the threads (when given) and the time.
pub fn print_stats(stats: &Stats, stop: &StopReason, threads: Option<usize>) {
    let mut text = stats.deterministic_text();
    let _ = writeln!(text, "stop: {stop}");
    if let Some(threads) = threads {
        let _ = writeln!(text, "threads: {threads}");
    }
    let _ = writeln!(text, "time: {:.3?}", stats.elapsed);
    output::note_raw(&text);
}

/// What an interrupted count did, on standard error: that it printed no
/// count, how many of its `units` (done, total) were counted, and its
/// partial statistics.
pub fn report_interrupted(
    stats: &Stats,
    stop: &StopReason,
    threads: Option<usize>,
    units: Option<(usize, usize)>,
) {
    let mut head = String::from("interrupted: no count printed");
    if let Some((done, total)) = units {
        let _ = write!(head, "; {done} of {total} units counted");
    }
    output::say!("{head}; partial statistics:");
    print_stats(stats, stop, threads);
}
