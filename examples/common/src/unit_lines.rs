//! Work units on the command line, for any model: `--split` writes a
//! split's unit lines, `--unit` counts one of them into a result line, and
//! `--merge` adds result lines checked against the split they claim; a
//! count by the library's runner ends in [`finish`].

use std::fs::File;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use backtracker::units::{
    ResultLine, RunReport, UnitLine, auto_split, merge_checked, read_results,
};
use backtracker::{Checkers, Model};

use crate::cli::Failure;
use crate::count_stats::{print_stats, report_interrupted};
use crate::lines::shorten;
use crate::output::say;

/// `--split DEPTH`: the units of `model` (called `name` in the lines) split
/// at `depth`, one line each; a split of more than `max_units` units is
/// refused. `cancel` (Ctrl-C) stops it between two lines.
///
/// # Errors
///
/// [`Failure::Input`] for a split refused, [`Failure::Interrupted`],
/// or a write that failed.
pub fn write_units<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    name: &str,
    depth: usize,
    symmetry: bool,
    max_units: usize,
    cancel: &AtomicBool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let units = model
        .split_at_most(depth, symmetry, max_units)
        .map_err(Failure::input)?;
    for line in UnitLine::number(name, depth, symmetry, units) {
        if cancel.load(Ordering::SeqCst) {
            return Err(Failure::Interrupted);
        }
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    Ok(())
}

/// `--split auto --workers W`: the units of the split the library's
/// estimates recommend for `workers` (`units::auto_split`: the smallest
/// depth that gives at least ten units per worker and no unit estimated at
/// more than twice its share), written as [`write_units`] writes them, and
/// the depth chosen said on standard error.
///
/// # Errors
///
/// [`Failure::Input`] for a split refused, or a write that failed.
pub fn write_units_auto<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    name: &str,
    workers: usize,
    symmetry: bool,
    lookahead: usize,
    max_units: usize,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let split =
        auto_split(model, workers, symmetry, lookahead, max_units).map_err(Failure::input)?;
    let count = split.units.len();
    for line in UnitLine::number(name, split.depth, symmetry, split.units) {
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    say!(
        "split at depth {}: {count} units for {workers} workers; the largest is estimated at {:.1}% of the total",
        split.depth,
        split.largest_share * 100.0
    );
    Ok(())
}

/// Parses a `--unit` line.
///
/// # Errors
///
/// [`Failure::Input`] naming `--unit` and what is wrong.
pub fn parse_unit(text: &str) -> Result<UnitLine, Failure> {
    text.trim()
        .parse()
        .map_err(|e| Failure::input(format!("--unit: {e}")))
}

/// `--unit LINE`: counts the unit `line` of `model` (called `name`), with
/// the statistics when `stats`, and prints its result line.
///
/// # Errors
///
/// [`Failure::Input`] for a unit of another model or outside its domains,
/// [`Failure::Interrupted`] when Ctrl-C (`cancel`) stopped it (nothing is
/// printed), or a write that failed.
pub fn count_unit<V, C: Checkers<V>>(
    line: UnitLine,
    name: &str,
    model: &mut Model<V, C>,
    stats: bool,
    lookahead: usize,
    cancel: &Arc<AtomicBool>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    line.check_against(name, model)
        .map_err(|e| Failure::input(format!("--unit: {e}")))?;
    let outcome = model
        .search()
        .lookahead(lookahead)
        .tally_rejections(stats)
        .cancel_flag(Arc::clone(cancel))
        .units(std::slice::from_ref(&line.unit))
        .count();
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        report_interrupted(&outcome.stats, &outcome.stop, Some(1), Some((0, 1)));
        return Err(Failure::Interrupted);
    }
    if stats {
        print_stats(&outcome.stats, &outcome.stop, Some(1));
    }
    let result = ResultLine {
        unit: line,
        count: outcome.value,
    };
    writeln!(out, "{result}").map_err(|e| Failure::output(&e))
}

/// The result lines of `--merge FILE` (`-`: standard input), and how to
/// name where they came from.
///
/// # Errors
///
/// [`Failure::Input`] for a file that cannot be read, a line that is not
/// a result line, or no result line at all.
pub fn read_merge(path: &str) -> Result<(Vec<ResultLine>, String), Failure> {
    let shown = if path == "-" {
        "standard input".to_owned()
    } else {
        shorten(path)
    };
    let results = if path == "-" {
        read_results(io::stdin().lock())
    } else {
        let file = File::open(path)
            .map_err(|e| Failure::input(format!("cannot read `{}`: {e}", shorten(path))))?;
        read_results(file)
    }
    .map_err(|e| Failure::input(format!("{shown} {e}")))?;
    if results.is_empty() {
        return Err(Failure::input(format!("{shown} holds no result lines")));
    }
    Ok((results, shown))
}

/// `--merge`: checks `results` (read from `shown`) against the split of
/// `model`, called `name`, they claim to come from, and prints the total.
///
/// # Errors
///
/// [`Failure::Input`] for missing, duplicated or foreign units, or a write
/// that failed.
pub fn merge<V, C: Checkers<V>>(
    results: &[ResultLine],
    shown: &str,
    name: &str,
    model: &mut Model<V, C>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let total =
        merge_checked(results, name, model).map_err(|e| Failure::input(format!("{shown}: {e}")))?;
    writeln!(out, "{total}").map_err(|e| Failure::output(&e))
}

/// The total of a count run by the library's runner on `threads`, with
/// its statistics when `stats`; an interrupted or stopped run reports how
/// far it got instead.
///
/// # Errors
///
/// [`Failure::Interrupted`] when Ctrl-C (`cancel`) or a limit stopped it.
pub fn finish(
    report: &RunReport,
    stats: bool,
    threads: usize,
    cancel: &AtomicBool,
) -> Result<u128, Failure> {
    match report.total {
        Some(total) if !cancel.load(Ordering::SeqCst) => {
            if stats {
                print_stats(&report.stats, &report.stop, Some(threads));
            }
            Ok(total)
        }
        _ => {
            report_interrupted(
                &report.stats,
                &report.stop,
                Some(threads),
                Some((report.done, report.units)),
            );
            Err(Failure::Interrupted)
        }
    }
}
