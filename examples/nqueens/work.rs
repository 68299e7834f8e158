//! Work units: `--split`, `--unit`, `--merge`, and counting unit by unit
//! with a progress bar and a checkpoint file.

use std::fs::File;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use backtracker::units::{
    DEFAULT_MAX_UNITS, ResultLine, Runner, Split, UnitLine, auto_split, merge_checked, read_results,
};
use backtracker::{Checkers, Model, Outcome};
use backtracker_puzzles::{MAX_QUEENS, nqueens};

use crate::input::shorten;
use crate::progress::{self, BOXED_PROGRESS_FROM, PROGRESS_FROM};
use crate::{Failure, Out, print_stats, report_interrupted};

/// Split depth of unit-by-unit counts unless `--depth` says otherwise.
pub const DEFAULT_DEPTH: usize = 3;

/// The most units a split may give unless `--max-units` says otherwise
/// (`--split`, `--checkpoint --depth`): about 200 MB of memory and 110 MB
/// of unit lines (N = 20 split at 6 rows with no symmetry, 5.9 million
/// units, took 1.2 GB and wrote 650 MB).
pub const MAX_UNITS: usize = DEFAULT_MAX_UNITS;

/// The model name that unit lines carry.
pub fn model_name(n: usize) -> String {
    format!("nqueens-{n}")
}

/// The board size of a model name, if it is an N-Queens model this command can build.
fn board_of(name: &str) -> Option<usize> {
    let digits = name.strip_prefix("nqueens-")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n <= MAX_QUEENS)
}

fn foreign_text(found: &str) -> String {
    format!(
        "unit belongs to model `{}`, not an n-queens board (`nqueens-<N>`, N up to {MAX_QUEENS})",
        shorten(found)
    )
}

/// Whether a plain count should go unit by unit to show a progress bar.
pub fn wants_progress(n: usize) -> bool {
    progress::wanted(n, PROGRESS_FROM)
}

/// `--split DEPTH`: the units, one line each.
/// Ctrl-C (`cancel`) stops it between two lines.
pub fn write_units(
    n: usize,
    depth: usize,
    symmetry: bool,
    max_units: usize,
    cancel: &AtomicBool,
    out: &mut Out,
) -> Result<(), Failure> {
    let mut model = nqueens(n).map_err(Failure::input)?;
    let units = model
        .split_at_most(depth, symmetry, max_units)
        .map_err(Failure::input)?;
    for line in UnitLine::number(&model_name(n), depth, symmetry, units) {
        if cancel.load(Ordering::SeqCst) {
            return Err(Failure::Interrupted);
        }
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    Ok(())
}

/// `--split auto --workers W`: the units of the split the library's
/// estimates recommend (`units::auto_split`: the smallest depth that gives
/// at least ten units per worker and no unit estimated at more than twice
/// its share), written as `--split DEPTH` writes them.
pub fn write_units_auto(
    n: usize,
    workers: usize,
    symmetry: bool,
    lookahead: usize,
    out: &mut Out,
) -> Result<(), Failure> {
    let mut model = nqueens(n).map_err(Failure::input)?;
    let split =
        auto_split(&mut model, workers, symmetry, lookahead, MAX_UNITS).map_err(Failure::input)?;
    let count = split.units.len();
    for line in UnitLine::number(&model_name(n), split.depth, symmetry, split.units) {
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    crate::output::say!(
        "split at depth {}: {count} units for {workers} workers; the largest is estimated at {:.1}% of the total",
        split.depth,
        split.largest_share * 100.0
    );
    Ok(())
}

/// `--unit LINE`: counts one unit and prints its result line.
pub fn count_one_unit(
    text: &str,
    stats: bool,
    lookahead: usize,
    cancel: &Arc<AtomicBool>,
    out: &mut Out,
) -> Result<(), Failure> {
    let line: UnitLine = text
        .trim()
        .parse()
        .map_err(|e| Failure::input(format!("--unit: {e}")))?;
    let n = board_of(&line.model)
        .ok_or_else(|| Failure::input(format!("--unit: {}", foreign_text(&line.model))))?;
    let mut model = nqueens(n).map_err(Failure::input)?;
    line.check_against(&model_name(n), &model)
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

/// `--merge FILE`: checks the result lines against the split they claim
/// to come from and prints the total.
pub fn merge_file(path: &str, out: &mut Out) -> Result<(), Failure> {
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
    let Some(first) = results.first() else {
        return Err(Failure::input(format!("{shown} holds no result lines")));
    };
    let name = first.unit.model.clone();
    let n = board_of(&name)
        .ok_or_else(|| Failure::input(format!("{shown}: {}", foreign_text(&name))))?;
    let mut model = nqueens(n).map_err(Failure::input)?;
    let total = merge_checked(&results, &name, &mut model)
        .map_err(|e| Failure::input(format!("{shown}: {e}")))?;
    writeln!(out, "{total}").map_err(|e| Failure::output(&e))
}

/// A count run unit by unit.
pub struct Plan<'a> {
    /// Board size.
    pub n: usize,
    /// Split depth.
    pub depth: usize,
    /// The most units the split may give.
    pub max_units: usize,
    /// Whether to use mirror symmetry.
    pub symmetry: bool,
    /// Threads.
    pub threads: usize,
    /// Whether to print statistics.
    pub stats: bool,
    /// Rows to look ahead.
    pub lookahead: usize,
    /// The checkpoint file, if any.
    pub checkpoint: Option<&'a str>,
}

/// The runner of `plan`'s count.
fn runner(plan: &Plan<'_>, cancel: &Arc<AtomicBool>) -> Runner<'static> {
    let mut runner = Runner::new(model_name(plan.n))
        .split(Split::Depth(plan.depth))
        .max_units(plan.max_units)
        .symmetry(plan.symmetry)
        .threads(plan.threads)
        .lookahead(plan.lookahead)
        .tally_rejections(plan.stats)
        .cancel_flag(Arc::clone(cancel));
    if let Some(path) = plan.checkpoint {
        runner = runner.checkpoint(path);
    }
    runner
}

/// Counts the units of `plan` with the library's runner (skipping those
/// already in the checkpoint, and appending the others to it as they
/// finish), with a progress bar when standard error is a terminal.
/// Returns the exact total.
pub fn count_by_units<C: Checkers<usize> + Clone + Send + Sync>(
    model: &mut Model<usize, C>,
    plan: &Plan<'_>,
    cancel: &Arc<AtomicBool>,
) -> Result<u128, Failure> {
    let report = common::long_count::run(runner(plan, cancel), model, plan.checkpoint)?;
    match report.total {
        Some(total) if !cancel.load(Ordering::SeqCst) => {
            if plan.stats {
                print_stats(&report.stats, &report.stop, Some(plan.threads));
            }
            Ok(total)
        }
        _ => {
            report_interrupted(
                &report.stats,
                &report.stop,
                Some(plan.threads),
                Some((report.done, report.units)),
            );
            Err(Failure::Interrupted)
        }
    }
}

/// Counts a model of boxed checkers, which counts on one thread. From
/// [`BOXED_PROGRESS_FROM`] up, when standard error is a terminal, it counts
/// unit by unit under a progress bar; the total and the statistics are the
/// same.
pub fn count_one_thread<C: Checkers<usize>>(
    model: &mut Model<usize, C>,
    symmetry: bool,
    stats: bool,
    lookahead: usize,
    cancel: &Arc<AtomicBool>,
) -> Result<Outcome<u128>, Failure> {
    if !progress::wanted(model.len(), BOXED_PROGRESS_FROM) {
        return Ok(model
            .search()
            .lookahead(lookahead)
            .symmetry(symmetry)
            .tally_rejections(stats)
            .cancel_flag(Arc::clone(cancel))
            .count());
    }
    let plan = Plan {
        n: model.len(),
        depth: DEFAULT_DEPTH,
        max_units: MAX_UNITS,
        symmetry,
        threads: 1,
        stats,
        lookahead,
        checkpoint: None,
    };
    let report = common::long_count::run_in_turn(runner(&plan, cancel), model, None)?;
    Ok(Outcome {
        value: report.total.unwrap_or(0),
        stats: report.stats,
        stop: report.stop,
    })
}
