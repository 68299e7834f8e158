//! Work units: `--split`, `--unit`, `--merge`, and counting unit by unit
//! with a progress bar and a checkpoint file.

use std::fs::{File, OpenOptions};
use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use backtracker::puzzles::{MAX_QUEENS, nqueens};
use backtracker::units::{ResultLine, UnitLine, merge};
use backtracker::{Checkers, Model, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::input::shorten;
use crate::{Fail, Out, print_stats, report_interrupted};

/// Split depth of unit-by-unit counts unless `--depth` says otherwise.
pub const DEFAULT_DEPTH: usize = 3;

/// Boards from this size up show a progress bar (when standard error is a terminal).
const PROGRESS_FROM: usize = 16;

/// The same for models of boxed checkers (`--plain`, `--constraints`),
/// which count on one thread and several times slower.
const BOXED_PROGRESS_FROM: usize = 14;

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
    progress_from(n, PROGRESS_FROM)
}

/// Whether a board of size `n` is at least `from` and standard error is a
/// terminal to draw a progress bar on.
fn progress_from(n: usize, from: usize) -> bool {
    n >= from && io::stderr().is_terminal()
}

/// `--split DEPTH`: the units, one line each.
pub fn write_units(n: usize, depth: usize, symmetry: bool, out: &mut Out) -> Result<(), Fail> {
    let mut model = nqueens(n).map_err(Fail::bad)?;
    let units = model.split(depth, symmetry);
    for line in UnitLine::number(&model_name(n), depth, symmetry, units) {
        writeln!(out, "{line}").map_err(|e| Fail::output(&e))?;
    }
    Ok(())
}

/// `--unit LINE`: counts one unit and prints its result line.
pub fn count_one_unit(
    text: &str,
    stats: bool,
    cancel: &Arc<AtomicBool>,
    out: &mut Out,
) -> Result<(), Fail> {
    let line: UnitLine = text
        .trim()
        .parse()
        .map_err(|e| Fail::bad(format!("--unit: {e}")))?;
    let n = board_of(&line.model)
        .ok_or_else(|| Fail::bad(format!("--unit: {}", foreign_text(&line.model))))?;
    let mut model = nqueens(n).map_err(Fail::bad)?;
    line.check_against(&model_name(n), &model)
        .map_err(|e| Fail::bad(format!("--unit: {e}")))?;
    let outcome = model
        .search()
        .tally_rejections(stats)
        .cancel_flag(Arc::clone(cancel))
        .count_unit(&line.unit);
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        report_interrupted(&outcome.stats, &outcome.stop, Some(1), Some((0, 1)));
        return Err(Fail::interrupted());
    }
    if stats {
        print_stats(&outcome.stats, &outcome.stop, Some(1));
    }
    let result = ResultLine {
        unit: line,
        count: outcome.value,
    };
    writeln!(out, "{result}").map_err(|e| Fail::output(&e))
}

/// `--merge FILE`: checks the result lines against the split they claim
/// to come from and prints the total.
pub fn merge_file(path: &str, out: &mut Out) -> Result<(), Fail> {
    let text = if path == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Fail::bad(format!("cannot read results from standard input: {e}")))?;
        text
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| Fail::bad(format!("cannot read `{path}`: {e}")))?
    };
    let shown = if path == "-" { "standard input" } else { path };
    let mut results = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let result: ResultLine = line
            .trim()
            .parse()
            .map_err(|e| Fail::bad(format!("{shown} line {}: {e}", i + 1)))?;
        results.push((i + 1, result));
    }
    let Some((_, first)) = results.first() else {
        return Err(Fail::bad(format!("{shown} holds no result lines")));
    };
    let name = first.unit.model.clone();
    let n =
        board_of(&name).ok_or_else(|| Fail::bad(format!("{shown}: {}", foreign_text(&name))))?;
    let (depth, symmetry) = (first.unit.depth, first.unit.symmetry);
    let lines: Vec<ResultLine> = results.iter().map(|(_, r)| r.clone()).collect();
    let total = merge(&lines, Some(&name)).map_err(|e| Fail::bad(format!("{shown}: {e}")))?;
    // Every unit is now present once; check each is the unit the split gives.
    let mut model = nqueens(n).map_err(Fail::bad)?;
    let expected = model.split(depth, symmetry);
    if expected.len() != first.unit.total {
        return Err(Fail::bad(format!(
            "{shown}: the results claim {} units, but splitting {name} at depth {depth} gives {}",
            first.unit.total,
            expected.len()
        )));
    }
    for (number, result) in &results {
        if expected[result.unit.index] != result.unit.unit {
            return Err(Fail::bad(format!(
                "{shown} line {number}: unit {} is not the unit the split gives for {name} at depth {depth}",
                result.unit.index
            )));
        }
    }
    writeln!(out, "{total}").map_err(|e| Fail::output(&e))
}

/// A count run unit by unit.
pub struct Plan<'a> {
    /// Board size.
    pub n: usize,
    /// Split depth.
    pub depth: usize,
    /// Whether to use mirror symmetry.
    pub symmetry: bool,
    /// Threads.
    pub threads: usize,
    /// Whether to print statistics.
    pub stats: bool,
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
) -> Result<u128, Fail> {
    let name = model_name(plan.n);
    let units = model.split(plan.depth, plan.symmetry);
    let lines = UnitLine::number(&name, plan.depth, plan.symmetry, units);
    let (earlier, file) = match plan.checkpoint {
        Some(path) => {
            let earlier = read_checkpoint(path, &lines)?;
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| Fail::bad(format!("cannot open checkpoint `{path}`: {e}")))?;
            if !earlier.is_empty() {
                eprintln!(
                    "resuming from `{path}`: {} of {} units already counted",
                    earlier.len(),
                    lines.len()
                );
            }
            (earlier, Some(Mutex::new(file)))
        }
        None => (Vec::new(), None),
    };
    if lines.is_empty() {
        return Ok(0);
    }
    let finished: Vec<bool> = {
        let mut seen = vec![false; lines.len()];
        for r in &earlier {
            seen[r.unit.index] = true;
        }
        seen
    };
    let todo: Vec<&UnitLine> = lines.iter().filter(|l| !finished[l.index]).collect();
    let todo_units: Vec<_> = todo.iter().map(|l| l.unit.clone()).collect();

    let bar = progress_bar(lines.len(), earlier.len());
    let fresh = Mutex::new(Vec::with_capacity(todo.len()));
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let done = AtomicUsize::new(earlier.len());
    let on_done = |i: usize, outcome: &Outcome<u128>| {
        let result = ResultLine {
            unit: todo[i].clone(),
            count: outcome.value,
        };
        if let (Some(file), Some(path)) = (&file, plan.checkpoint) {
            let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
            if let Err(e) = append(&mut file, &result) {
                let mut slot = write_error.lock().unwrap_or_else(PoisonError::into_inner);
                slot.get_or_insert_with(|| format!("cannot write to checkpoint `{path}`: {e}"));
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
            bar.inc(1);
        }
    };
    let outcome = model
        .search()
        .symmetry(plan.symmetry)
        .tally_rejections(plan.stats)
        .cancel_flag(Arc::clone(cancel))
        .count_units(&todo_units, plan.threads, on_done);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(message) = write_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(Fail::bad(message));
    }
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        report_interrupted(
            &outcome.stats,
            &outcome.stop,
            Some(plan.threads),
            Some((done.load(Ordering::SeqCst), lines.len())),
        );
        return Err(Fail::interrupted());
    }
    let mut all = earlier;
    all.extend(fresh.into_inner().unwrap_or_else(PoisonError::into_inner));
    let total = merge(&all, Some(&name)).map_err(|e| Fail::bad(format!("internal error: {e}")))?;
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
    cancel: &Arc<AtomicBool>,
) -> Outcome<u128> {
    let units = progress_from(model.len(), BOXED_PROGRESS_FROM)
        .then(|| model.split(DEFAULT_DEPTH, symmetry));
    let search = model
        .search()
        .symmetry(symmetry)
        .tally_rejections(stats)
        .cancel_flag(Arc::clone(cancel));
    if let Some(units) = units
        && let Some(bar) = progress_bar(units.len(), 0)
    {
        let outcome = search.count_units_in_turn(&units, |_, _| bar.inc(1));
        bar.finish_and_clear();
        return outcome;
    }
    search.count()
}

/// Appends one result line and makes sure it is on disk before the next.
fn append(file: &mut File, result: &ResultLine) -> io::Result<()> {
    // One write of the whole line, so a kill leaves whole lines behind.
    file.write_all(format!("{result}\n").as_bytes())?;
    file.flush()?;
    file.sync_all()
}

/// The results a checkpoint holds, checked against this run's units. An
/// absent or empty file holds none. Any problem is an error and the file is
/// not touched.
fn read_checkpoint(path: &str, lines: &[UnitLine]) -> Result<Vec<ResultLine>, Fail> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Fail::bad(format!("cannot read checkpoint `{path}`: {e}"))),
    };
    let damaged = |what: String| {
        Fail::bad(format!(
            "checkpoint `{path}` is damaged ({what}); it was left unchanged"
        ))
    };
    let text = String::from_utf8(bytes).map_err(|_| damaged("it is not text".to_owned()))?;
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if !text.ends_with('\n') {
        return Err(damaged("its last line is cut short".to_owned()));
    }
    let mut results: Vec<ResultLine> = Vec::new();
    let mut seen = vec![false; lines.len()];
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let result: ResultLine = line
            .parse()
            .map_err(|e| damaged(format!("line {number}: {e}")))?;
        let Some(expected) = lines.first() else {
            return Err(other_run(path, &result.unit.run(), "a board with no units"));
        };
        if result.unit.run() != expected.run() {
            return Err(other_run(path, &result.unit.run(), &expected.run()));
        }
        let index = result.unit.index;
        if lines.get(index) != Some(&result.unit) {
            return Err(damaged(format!(
                "line {number}: unit {index} is not this run's unit {index}"
            )));
        }
        if std::mem::replace(&mut seen[index], true) {
            return Err(damaged(format!(
                "line {number}: unit {index} appears twice"
            )));
        }
        results.push(result);
    }
    Ok(results)
}

fn other_run(path: &str, found: &str, expected: &str) -> Fail {
    Fail::bad(format!(
        "checkpoint `{path}` belongs to another run ({found}), not this one ({expected}); it was left unchanged"
    ))
}

/// A bar on standard error when it is a terminal: units done and total,
/// rate and time left.
fn progress_bar(total: usize, done: usize) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {pos}/{len} units  {per_sec}  ETA {eta}",
    )
    .ok()?
    .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_position(done as u64);
    bar.enable_steady_tick(Duration::from_millis(250));
    Some(bar)
}
