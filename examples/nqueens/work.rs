//! Work units: `--split`, `--unit`, `--merge`, and counting unit by unit
//! with a progress bar and a checkpoint file.

use std::fs::File;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use backtracker::puzzles::{MAX_QUEENS, nqueens};
use backtracker::units::{Checkpoint, ResultLine, UnitLine, merge, merge_checked, read_results};
use backtracker::{Checkers, Model, Outcome, Unit};

use crate::input::shorten;
use crate::progress::{self, BOXED_PROGRESS_FROM, PROGRESS_FROM, Progress, Run};
use crate::{Failure, Out, print_stats, report_interrupted};

/// Split depth of unit-by-unit counts unless `--depth` says otherwise.
pub const DEFAULT_DEPTH: usize = 3;

/// The most units a split may give unless `--max-units` says otherwise
/// (`--split`, `--checkpoint --depth`): about 200 MB of memory and 110 MB
/// of unit lines (N = 20 split at 6 rows with no symmetry, 5.9 million
/// units, took 1.2 GB and wrote 650 MB).
pub const MAX_UNITS: usize = 1_000_000;

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

/// Units per worker `--split auto` asks for at least.
const UNITS_PER_WORKER: usize = 10;

/// `--split auto --workers W`: the smallest depth that gives at least ten
/// units per worker and no unit estimated at more than twice its share of
/// a perfectly even split into `10 W` units (`total / (5 W)`); the units
/// are then written as `--split DEPTH` writes them. Estimates come from
/// random probes below each unit (fixed seed, so the choice is
/// repeatable). When no depth up to the tree's full depth meets the rule,
/// the depth whose largest unit is the smallest share is taken.
pub fn write_units_auto(
    n: usize,
    workers: usize,
    symmetry: bool,
    lookahead: usize,
    out: &mut Out,
) -> Result<(), Failure> {
    let mut model = nqueens(n).map_err(Failure::input)?;
    let want = UNITS_PER_WORKER.saturating_mul(workers.max(1));
    #[expect(clippy::cast_precision_loss, reason = "a share, in floating point")]
    let bound = 1.0 / (5.0 * workers.max(1) as f64);
    // (largest share, depth, units)
    let mut best: Option<(f64, usize, Vec<backtracker::Unit>)> = None;
    // The deepest split not weighed, in case none is.
    let mut last: Option<(usize, Vec<backtracker::Unit>)> = None;
    // From depth 1, or 0 for a board without rows, so that every board
    // has a split: N = 0 has one unit, which counts its one solution.
    for depth in usize::from(n > 0)..=n {
        let Ok(units) = model.split_at_most(depth, symmetry, MAX_UNITS) else {
            // Deeper splits only hold more units.
            break;
        };
        let count = units.len();
        let enough = count >= want;
        let deepest = depth == n || count > 200_000;
        if !enough && !deepest {
            last = Some((depth, units));
            continue;
        }
        let share = largest_share(&mut model, &units, symmetry, lookahead);
        if best.as_ref().is_none_or(|(s, _, _)| share < *s) {
            best = Some((share, depth, units));
        }
        if deepest || (enough && share <= bound) {
            break;
        }
    }
    if best.is_none()
        && let Some((depth, units)) = last
    {
        best = Some((
            largest_share(&mut model, &units, symmetry, lookahead),
            depth,
            units,
        ));
    }
    let Some((share, depth, units)) = best else {
        return Ok(());
    };
    let count = units.len();
    for line in UnitLine::number(&model_name(n), depth, symmetry, units) {
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    crate::output::say!(
        "split at depth {depth}: {count} units for {workers} workers; the largest is estimated at {:.1}% of the total",
        share * 100.0
    );
    Ok(())
}

/// The largest unit's estimated share of the total (0 for an empty tree),
/// from random probes below each unit (fixed seed).
fn largest_share<C: Checkers<usize>>(
    model: &mut Model<usize, C>,
    units: &[Unit],
    symmetry: bool,
    lookahead: usize,
) -> f64 {
    let probes = (400_000 / units.len().max(1)).clamp(16, 2_000) as u64;
    let sizes = model
        .search()
        .symmetry(symmetry)
        .lookahead(lookahead)
        .estimate_units(units, probes, 1)
        .value;
    let total: f64 = sizes.iter().map(|s| s.value).sum();
    let largest = sizes.iter().map(|s| s.value).fold(0.0, f64::max);
    if total > 0.0 { largest / total } else { 0.0 }
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
        .count_unit(&line.unit);
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

/// Counts the units of `plan` (skipping those already in the checkpoint,
/// and appending the others to it as they finish), with a progress bar
/// when standard error is a terminal. Returns the exact total.
pub fn count_by_units<C: Checkers<usize> + Clone + Send + Sync>(
    model: &mut Model<usize, C>,
    plan: &Plan<'_>,
    cancel: &Arc<AtomicBool>,
) -> Result<u128, Failure> {
    let name = model_name(plan.n);
    let units = model
        .split_at_most(plan.depth, plan.symmetry, plan.max_units)
        .map_err(Failure::input)?;
    let lines = UnitLine::number(&name, plan.depth, plan.symmetry, units);
    let checkpoint = match plan.checkpoint {
        Some(path) => {
            let checkpoint = Checkpoint::open(path, &lines).map_err(Failure::input)?;
            if let Some(message) = checkpoint.recovered() {
                crate::output::say!("{message}");
            }
            if !checkpoint.results().is_empty() {
                crate::output::say!(
                    "resuming from `{path}`: {} of {} units already counted",
                    checkpoint.results().len(),
                    lines.len()
                );
            }
            Some(Mutex::new(checkpoint))
        }
        None => None,
    };
    if lines.is_empty() {
        return Ok(0);
    }
    let earlier: Vec<ResultLine> = checkpoint
        .as_ref()
        .map(|c| {
            c.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .results()
                .to_vec()
        })
        .unwrap_or_default();
    let finished: Vec<bool> = {
        let mut seen = vec![false; lines.len()];
        for r in &earlier {
            seen[r.unit.index] = true;
        }
        seen
    };
    let todo: Vec<&UnitLine> = lines.iter().filter(|l| !finished[l.index]).collect();
    let todo_units: Vec<_> = todo.iter().map(|l| l.unit.clone()).collect();

    let all_units: Vec<Unit> = lines.iter().map(|l| l.unit.clone()).collect();
    let run = Run {
        symmetry: plan.symmetry,
        lookahead: plan.lookahead,
        threads: plan.threads,
    };
    let bar = Progress::start(model, &all_units, &finished, &run);
    let fresh = Mutex::new(Vec::with_capacity(todo.len()));
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let done = AtomicUsize::new(earlier.len());
    let on_done = |i: usize, outcome: &Outcome<u128>| {
        let result = ResultLine {
            unit: todo[i].clone(),
            count: outcome.value,
        };
        if let Some(checkpoint) = &checkpoint {
            let mut checkpoint = checkpoint.lock().unwrap_or_else(PoisonError::into_inner);
            if let Err(e) = checkpoint.append(&result) {
                let mut slot = write_error.lock().unwrap_or_else(PoisonError::into_inner);
                slot.get_or_insert_with(|| e.to_string());
                cancel.store(true, Ordering::SeqCst);
                return;
            }
        }
        fresh
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(result);
        done.fetch_add(1, Ordering::Relaxed);
        if let Some(bar) = &bar {
            bar.finish_unit(todo[i].index);
        }
    };
    let outcome = model
        .search()
        .lookahead(plan.lookahead)
        .symmetry(plan.symmetry)
        .tally_rejections(plan.stats)
        .cancel_flag(Arc::clone(cancel))
        .count_units(&todo_units, plan.threads, on_done);
    if let Some(bar) = &bar {
        bar.finish();
    }
    if let Some(message) = write_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(Failure::input(message));
    }
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        report_interrupted(
            &outcome.stats,
            &outcome.stop,
            Some(plan.threads),
            Some((done.load(Ordering::SeqCst), lines.len())),
        );
        return Err(Failure::Interrupted);
    }
    let mut all = earlier;
    all.extend(fresh.into_inner().unwrap_or_else(PoisonError::into_inner));
    let total =
        merge(&all, Some(&name)).map_err(|e| Failure::input(format!("internal error: {e}")))?;
    if plan.stats {
        print_stats(&outcome.stats, &outcome.stop, Some(plan.threads));
    }
    Ok(total)
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
) -> Outcome<u128> {
    let units = progress::wanted(model.len(), BOXED_PROGRESS_FROM)
        .then(|| model.split(DEFAULT_DEPTH, symmetry));
    let run = Run {
        symmetry,
        lookahead,
        threads: 1,
    };
    let bar = units
        .as_ref()
        .and_then(|units| Progress::start(model, units, &vec![false; units.len()], &run));
    let search = model
        .search()
        .lookahead(lookahead)
        .symmetry(symmetry)
        .tally_rejections(stats)
        .cancel_flag(Arc::clone(cancel));
    if let Some(units) = units
        && let Some(bar) = bar
    {
        let outcome = search.count_units_in_turn(&units, |i, _| bar.finish_unit(i));
        bar.finish();
        return outcome;
    }
    search.count()
}
