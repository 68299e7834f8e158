//! `nqueens`: count, show, trace and split the N-Queens search, built on
//! backtracker's public API.
//!
//! ```text
//! cargo run --release --example nqueens -- 8          # 92
//! echo 8 | cargo run --release --example nqueens      # 92
//! cargo run --release --example nqueens -- 8 --first  # the first solution as a board
//! cargo run --release --example nqueens -- --help
//! ```

use common::cli;
use common::count_stats::{print_stats, report_interrupted};
use common::estimate;
mod input;
use common::lines;
use common::long_count;
use common::output;
use common::plain;
use common::progress::{self, BOXED_PROGRESS_FROM, PROGRESS_FROM};
use common::unit_lines;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use backtracker::board::queens;
use backtracker::trace::{DEFAULT_EVENT_LIMIT, HtmlView, Mark, Trace};
use backtracker::units::{DEFAULT_MAX_UNITS, Runner};
use backtracker::{Checkers, MAX_THREADS, Model, Outcome, Progress, StopReason};
use backtracker_puzzles::{MAX_QUEENS, nqueens, nqueens_with};
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use cli::Failure;

use input::Rules;

const AFTER_HELP: &str = "\
Exit status: 0 on success, 1 when --first finds no solution, 2 on bad input
or when standard output cannot be written (a closed pipe ends quietly with
0), 130 when interrupted (Ctrl-C). An interrupted count, --first, --trace,
--estimate, --unit or --merge writes nothing to standard output; an
interrupted --all or --split keeps the solutions or units written before,
each whole (a whole line, with --format board a whole board), never part of
one; --checkpoint keeps every finished unit in its file.

Examples:
  nqueens 8                               count: 92
  echo 8 | nqueens                        N from standard input
  nqueens 8 --first                       the first solution as a board
  nqueens 6 --all --format list           every solution, one per line
  nqueens 8 --constraints columns --stats 40320, with statistics on stderr
  nqueens 8 --plain                       92, with used-line arrays of bools
  nqueens 4 --trace                       the whole search tree as text
  nqueens 4 --trace --trace-format dot | dot -Tsvg > tree.svg
  nqueens 6 --trace --trace-format html > tree.html   replay it in a browser
  nqueens 18 --split 4 > units.txt        work units, one per line
  nqueens --unit \"$(head -n 1 units.txt)\" one unit's result line
  nqueens --merge results.txt             the total of all result lines
  nqueens 19 --checkpoint run.ckpt        resumable count
  nqueens 19 --checkpoint run.ckpt --orbits   resumable count by orbits";

/// Count and show the solutions of N-Queens: N queens on an N x N board,
/// no two in the same row, column or diagonal.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version, after_help = AFTER_HELP)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a command line's flags, each its own switch"
)]
struct Cli {
    /// Board size; read from standard input when absent.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    n: Option<String>,

    /// Print the first solution instead of the count.
    #[arg(long, groups = ["mode", "listing"])]
    first: bool,

    /// Print every solution instead of the count.
    #[arg(long, groups = ["mode", "listing"])]
    all: bool,

    /// How --first and --all print a solution: `board` (rows of `Q` and
    /// `.`) or `list` (the queen's column in each row).
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        requires = "listing",
        conflicts_with = "trace"
    )]
    format: Option<Format>,

    /// The rules besides one queen per row: `none` or a comma-separated
    /// subset of columns,diagonals,anti-diagonals (default: all three).
    #[arg(long, value_name = "LIST", conflicts_with_all = ["split", "unit", "merge", "checkpoint"])]
    constraints: Option<String>,

    /// Use three boxed checkers written the plain way, each with an array
    /// of used lines and a `promising` asked value by value (one thread),
    /// instead of the reference model's one-word masks and bulk filters.
    #[arg(long, conflicts_with_all = ["constraints", "split", "unit", "merge", "checkpoint"])]
    plain: bool,

    /// Print nodes, rejections per checker and time on standard error.
    #[arg(long, conflicts_with_all = ["split", "merge"])]
    stats: bool,

    /// Print the search tree (with --first: up to the first solution).
    #[arg(long, conflicts_with_all = ["all", "split", "unit", "merge", "checkpoint"])]
    trace: bool,

    /// Record at most K events of the trace (default 10000, at most 10000000).
    #[arg(long, value_name = "K", requires = "trace", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    trace_limit: Option<u64>,

    /// The trace as `text`, as a Graphviz `dot` digraph, or as an `html`
    /// page that replays the search beside the board.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "trace")]
    trace_format: Option<TraceFormat>,

    /// Threads for counting (default: one per core, as 0 means; at most
    /// 1024); only 1 with --plain or --constraints, whose boxed checkers
    /// count on one.
    #[arg(long, value_name = "K", conflicts_with_all = ["first", "all", "trace", "split", "unit", "merge"], value_parser = parse_threads)]
    threads: Option<usize>,

    /// Look ahead K rows: reject a placement that leaves one of the next K
    /// rows without a free square (0, the default: no look-ahead, the
    /// fastest measured). The answers are the same; the tree is smaller,
    /// but each node costs more. Refused with --split DEPTH (it writes the
    /// same units whatever K) and with --merge (which counts nothing).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=64))]
    lookahead: Option<u64>,

    /// Count the whole tree. By default a count goes by orbits under the
    /// board's 8 symmetries (each part of the tree searched once, weighted
    /// by its orbit); --checkpoint, --split, --plain and --constraints
    /// count half of the tree and double it (the mirror).
    #[arg(long, conflicts_with_all = ["unit", "merge"])]
    no_symmetry: bool,

    /// Print the number of solutions and, on a second line, the number up
    /// to the board's 8 symmetries (the fundamental solutions: 92 and 12
    /// for N = 8), searching each class once on one thread, a step whose
    /// placement a symmetry maps to a smaller one pruned.
    #[arg(long, group = "mode", conflicts_with_all = ["first", "all", "trace", "threads", "checkpoint", "constraints", "plain", "no_symmetry"])]
    classes: bool,

    /// Estimate the count before running it: print the estimated nodes,
    /// solutions and CPU seconds on one thread, one line each
    /// (`nodes VALUE LOW HIGH`, LOW and HIGH the 95% interval), from random
    /// probes of the search tree of the model asked for (`--constraints`,
    /// `--plain`, `--no-symmetry`, `--lookahead`)
    #[arg(long, group = "mode", conflicts_with_all = ["first", "all", "trace", "stats", "threads", "checkpoint"])]
    estimate: bool,

    #[command(flatten)]
    probes: estimate::ProbeOptions,

    /// Write the search's work units, split at DEPTH rows, one per line
    /// (a split of more than --max-units units is refused); `auto` picks
    /// the depth from estimates for --workers.
    #[arg(long, value_name = "DEPTH", group = "mode", value_parser = parse_split)]
    split: Option<Split>,

    /// Workers --split auto plans for (default: the cores of this machine).
    #[arg(long, value_name = "W", requires = "split", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    workers: Option<u64>,

    /// Count one work unit (a line written by --split) and print its result line.
    #[arg(long, value_name = "LINE", group = "mode", conflicts_with = "n")]
    unit: Option<String>,

    /// Add up result lines (from --unit; `-` for standard input) and print
    /// the total, refusing missing, duplicated or foreign units.
    #[arg(long, value_name = "FILE", group = "mode", conflicts_with = "n")]
    merge: Option<String>,

    /// Count unit by unit, appending each finished unit's result line to
    /// FILE, and skip the units FILE already holds (resume); FILE is first
    /// written once the units are planned, so a Ctrl-C before then loses
    /// only the planning.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["first", "all", "split", "unit", "merge"])]
    checkpoint: Option<String>,

    /// Split depth of a --checkpoint run (default 3).
    #[arg(long, value_name = "DEPTH", requires = "checkpoint")]
    depth: Option<usize>,

    /// Count a --checkpoint run by orbits under the board's 8 symmetries,
    /// as a count without --checkpoint does: each part of the tree (a
    /// constellation) is counted once, weighted by its orbit, and its
    /// count appended to FILE, which a later run with --orbits resumes
    /// from (a checkpoint of units is another run's, and refused).
    #[arg(long, requires = "checkpoint", conflicts_with_all = ["depth", "max_units", "no_symmetry"])]
    orbits: bool,

    /// The most units --split DEPTH and --checkpoint may split into
    /// (default 1,000,000, about 200 MB of memory; up to 100,000,000).
    /// Refused without --split or --checkpoint, and with --split auto
    /// (which picks its own depth).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_units: Option<u64>,
}

/// How `--split` cuts the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    /// At this many rows.
    Depth(usize),
    /// At the depth estimates recommend.
    Auto,
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(k) if k <= MAX_THREADS => Ok(k),
        Ok(_) => Err(format!("at most {MAX_THREADS} threads")),
        Err(_) => Err(format!(
            "`{}` is not a number of threads (0 to {MAX_THREADS})",
            input::shorten(text)
        )),
    }
}

fn parse_split(text: &str) -> Result<Split, String> {
    if text == "auto" {
        return Ok(Split::Auto);
    }
    text.parse::<usize>().map(Split::Depth).map_err(|_| {
        format!(
            "`{}` is not a depth (a whole number) or `auto`",
            input::shorten(text)
        )
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Board,
    List,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TraceFormat {
    Text,
    Dot,
    Html,
}

/// Standard output, buffered; the caller flushes.
pub type Out = BufWriter<io::StdoutLock<'static>>;

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[
    ("format", &["first", "all"]),
    ("trace_limit", &["trace"]),
    ("trace_format", &["trace"]),
    ("workers", &["split"]),
    ("depth", &["checkpoint"]),
    ("orbits", &["checkpoint"]),
    ("max_units", &["split", "checkpoint"]),
    ("probes", &["estimate"]),
    ("seed", &["estimate"]),
];

fn main() -> ExitCode {
    let command = Cli::command().mut_arg("n", |arg| {
        arg.help(format!(
            "Board size, 0 to {MAX_QUEENS}; read from standard input when absent"
        ))
    });
    let cli = cli::or_exit(Cli::from_arg_matches(&cli::matches_needing(
        &command, NEEDS,
    )));
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(&cli, &mut out).and_then(|()| out.flush().map_err(|e| Failure::output(&e)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => ExitCode::from(failure.exit_code()),
    }
}

/// A flag that Ctrl-C sets; a second Ctrl-C exits at once.
fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    flag
}

/// Writes `text` (whole lines) a [block](output::blocks) of whole lines at
/// a time, and stops at a block's end with exit code 130 once Ctrl-C has
/// set `cancel`: a trace of hundreds of megabytes interrupted before it is
/// written writes nothing, and one interrupted while it is written keeps
/// whole lines.
fn write_unless_interrupted(out: &mut Out, text: &str, cancel: &AtomicBool) -> Result<(), Failure> {
    for block in output::blocks(text) {
        if cancel.load(Ordering::SeqCst) {
            return Err(Failure::Interrupted);
        }
        out.write_all(block.as_bytes())
            .map_err(|e| Failure::output(&e))?;
    }
    Ok(())
}

/// `--classes`: the solutions and the classes under the board's 8
/// symmetries, on one thread; Ctrl-C stops it (exit 130).
fn count_classes(cli: &Cli, n: usize, out: &mut Out) -> Result<(), Failure> {
    let cancel = interrupt_flag();
    let mut model = nqueens(n).map_err(Failure::input)?;
    let started = Instant::now();
    let outcome = model
        .search()
        .lookahead(cli.lookahead())
        .cancel_flag(Arc::clone(&cancel))
        .count_classes();
    if cli.stats {
        eprintln!(
            "nodes: {}\ntime: {:.3} s",
            outcome.stats.nodes,
            started.elapsed().as_secs_f64()
        );
    }
    match outcome.stop {
        StopReason::Completed => {}
        StopReason::Cancelled => return Err(Failure::Interrupted),
        other => return Err(Failure::input(format!("the count stopped: {other}"))),
    }
    writeln!(
        out,
        "{}\n{}",
        outcome.value.solutions, outcome.value.classes
    )
    .map_err(|e| Failure::output(&e))
}

/// Rows looked ahead unless `--lookahead` says otherwise: the fastest K
/// measured (`docs/performance.md`).
pub const DEFAULT_LOOKAHEAD: usize = 0;

impl Cli {
    /// The look-ahead to search with.
    fn lookahead(&self) -> usize {
        self.lookahead.map_or(DEFAULT_LOOKAHEAD, |k| {
            usize::try_from(k).unwrap_or(usize::MAX)
        })
    }

    /// The most units a split may give.
    fn max_units(&self) -> usize {
        self.max_units
            .map_or(MAX_UNITS, |k| usize::try_from(k).unwrap_or(usize::MAX))
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "one branch per mode of the command line, in the order --help lists them"
)]
fn run(cli: &Cli, out: &mut Out) -> Result<(), Failure> {
    if let Some(path) = &cli.merge {
        if cli.lookahead.is_some() {
            return Err(Failure::input(
                "--lookahead is for counting; --merge adds up counts made before",
            ));
        }
        let (results, shown) = unit_lines::read_merge(path)?;
        let name = results[0].unit.model.clone();
        let mut model = nqueens(input::board_named(&name, &shown)?).map_err(Failure::input)?;
        return unit_lines::merge(&results, &shown, &name, &mut model, out);
    }
    if let Some(text) = &cli.unit {
        let cancel = interrupt_flag();
        let line = unit_lines::parse_unit(text)?;
        let n = input::board_named(&line.model, "--unit")?;
        let mut model = nqueens(n).map_err(Failure::input)?;
        let name = input::model_name(n);
        let (stats, lookahead) = (cli.stats, cli.lookahead());
        return unit_lines::count_unit(line, &name, &mut model, stats, lookahead, &cancel, out);
    }
    let rules = match &cli.constraints {
        Some(text) => input::parse_rules(text)?,
        None => Rules::All,
    };
    // A subset of the rules may lose the mirror symmetry of the board.
    let symmetry = !cli.no_symmetry && rules.mirror_invariant();
    let n = input::board_size(cli.n.as_deref())?;
    match cli.split {
        Some(Split::Depth(depth)) => {
            if cli.workers.is_some() {
                return Err(Failure::input(
                    "--workers chooses the depth of --split auto; a --split DEPTH has its depth",
                ));
            }
            if cli.lookahead.is_some() {
                return Err(Failure::input(
                    "--lookahead is for counting a unit (--unit); --split DEPTH writes the same units whatever it",
                ));
            }
            let cancel = interrupt_flag();
            let mut model = nqueens(n).map_err(Failure::input)?;
            let name = input::model_name(n);
            let max_units = cli.max_units();
            return unit_lines::write_units(
                &mut model, &name, depth, symmetry, max_units, &cancel, out,
            );
        }
        Some(Split::Auto) => {
            if cli.max_units.is_some() {
                return Err(Failure::input(
                    "--max-units bounds --split DEPTH and --checkpoint; --split auto picks its own depth",
                ));
            }
            let workers = cli.workers.map_or_else(
                || cli::threads(0),
                |w| usize::try_from(w).unwrap_or(usize::MAX),
            );
            let mut model = nqueens(n).map_err(Failure::input)?;
            let name = input::model_name(n);
            let lookahead = cli.lookahead();
            return unit_lines::write_units_auto(
                &mut model, &name, workers, symmetry, lookahead, MAX_UNITS, out,
            );
        }
        None => {}
    }
    if cli.classes {
        return count_classes(cli, n, out);
    }
    if cli.estimate {
        let cancel = interrupt_flag();
        if cli.plain {
            let mut model = plain::model(n).map_err(Failure::input)?;
            return estimate_count(cli, &mut model, symmetry, &cancel, out);
        }
        return match rules {
            Rules::All => {
                let mut model = nqueens(n).map_err(Failure::input)?;
                estimate_count(cli, &mut model, symmetry, &cancel, out)
            }
            Rules::Subset(list) => {
                let mut model = nqueens_with(n, &list).map_err(Failure::input)?;
                estimate_count(cli, &mut model, symmetry, &cancel, out)
            }
        };
    }
    if (cli.plain || cli.constraints.is_some()) && cli.threads.is_some_and(|k| k != 1) {
        let option = if cli.plain {
            "--plain"
        } else {
            "--constraints"
        };
        return Err(Failure::input(format!(
            "{option} counts on one thread (its checkers are boxed): drop --threads or give --threads 1"
        )));
    }
    let cancel = interrupt_flag();
    if cli.plain {
        let mut model = plain::model(n).map_err(Failure::input)?;
        return run_boxed(cli, &mut model, symmetry, &cancel, out);
    }
    match rules {
        Rules::All => {
            let mut model = nqueens(n).map_err(Failure::input)?;
            if cli.first || cli.all || cli.trace {
                return show(cli, &mut model, &cancel, out);
            }
            let threads = cli::threads(cli.threads.unwrap_or(0));
            if let Some(path) = cli.checkpoint.as_deref() {
                // By units of the split, or by orbits: the library's runner,
                // resumable from the checkpoint.
                let runner = runner(cli, n, symmetry, threads, &cancel)
                    .orbits(cli.orbits)
                    .checkpoint(path);
                let report = long_count::run(runner, &mut model, Some(path))?;
                let total = unit_lines::finish(&report, cli.stats, threads, &cancel)?;
                return writeln!(out, "{total}").map_err(|e| Failure::output(&e));
            }
            let search = model
                .search()
                .lookahead(cli.lookahead())
                .symmetry(symmetry)
                .tally_rejections(cli.stats)
                .cancel_flag(Arc::clone(&cancel));
            // By orbits under the board's 8 symmetries, with the parts of
            // the tree done on a bar for the long counts.
            let bar = progress::wanted(n, PROGRESS_FROM)
                .then(progress::Parts::start)
                .flatten();
            let outcome = search
                .orbits(true)
                .on_progress(|p| {
                    if let (Some(bar), Progress::Part { of, .. }) = (&bar, p) {
                        bar.done(of);
                    }
                })
                .threads(threads)
                .count();
            if let Some(bar) = &bar {
                bar.finish();
            }
            finish_count(&outcome, cli.stats, Some(threads), &cancel, out)
        }
        Rules::Subset(list) => {
            let mut model = nqueens_with(n, &list).map_err(Failure::input)?;
            run_boxed(cli, &mut model, symmetry, &cancel, out)
        }
    }
}

/// Shows or counts (on one thread) a model of boxed checkers.
fn run_boxed<C: Checkers<usize>>(
    cli: &Cli,
    model: &mut Model<usize, C>,
    symmetry: bool,
    cancel: &Arc<AtomicBool>,
    out: &mut Out,
) -> Result<(), Failure> {
    if cli.first || cli.all || cli.trace {
        return show(cli, model, cancel, out);
    }
    let outcome = count_one_thread(cli, model, symmetry, cancel)?;
    finish_count(&outcome, cli.stats, Some(1), cancel, out)
}

/// Split depth of unit-by-unit counts unless `--depth` says otherwise.
const DEFAULT_DEPTH: usize = 3;

/// The most units a split may give unless `--max-units` says otherwise
/// (`--split`, `--checkpoint --depth`): about 200 MB of memory and 110 MB
/// of unit lines (N = 20 split at 6 rows with no symmetry, 5.9 million
/// units, took 1.2 GB and wrote 650 MB).
const MAX_UNITS: usize = DEFAULT_MAX_UNITS;

/// The library's runner for a count of the board of size `n` unit by
/// unit, as the command line asks: split at `--depth`, on `threads`,
/// stopped by Ctrl-C (`cancel`).
fn runner(
    cli: &Cli,
    n: usize,
    symmetry: bool,
    threads: usize,
    cancel: &Arc<AtomicBool>,
) -> Runner<'static> {
    Runner::new(input::model_name(n))
        .split(backtracker::units::Split::Depth(
            cli.depth.unwrap_or(DEFAULT_DEPTH),
        ))
        .max_units(cli.max_units())
        .symmetry(symmetry)
        .threads(threads)
        .lookahead(cli.lookahead())
        .tally_rejections(cli.stats)
        .cancel_flag(Arc::clone(cancel))
}

/// Counts a model of boxed checkers, which counts on one thread. From
/// [`BOXED_PROGRESS_FROM`] up, when standard error is a terminal, it counts
/// unit by unit under a progress bar; the total and the statistics are the
/// same.
fn count_one_thread<C: Checkers<usize>>(
    cli: &Cli,
    model: &mut Model<usize, C>,
    symmetry: bool,
    cancel: &Arc<AtomicBool>,
) -> Result<Outcome<u128>, Failure> {
    if !progress::wanted(model.len(), BOXED_PROGRESS_FROM) {
        return Ok(model
            .search()
            .lookahead(cli.lookahead())
            .symmetry(symmetry)
            .tally_rejections(cli.stats)
            .cancel_flag(Arc::clone(cancel))
            .count());
    }
    let runner = runner(cli, model.len(), symmetry, 1, cancel)
        .split(backtracker::units::Split::Depth(DEFAULT_DEPTH))
        .max_units(MAX_UNITS);
    let report = long_count::run_in_turn(runner, model, None)?;
    Ok(Outcome {
        value: report.total.unwrap_or(0),
        stats: report.stats,
        stop: report.stop,
    })
}

/// Prints a finished count, or the partial statistics of an interrupted one.
fn finish_count(
    outcome: &Outcome<u128>,
    stats: bool,
    threads: Option<usize>,
    cancel: &AtomicBool,
    out: &mut Out,
) -> Result<(), Failure> {
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        report_interrupted(&outcome.stats, &outcome.stop, threads, None);
        return Err(Failure::Interrupted);
    }
    if stats {
        print_stats(&outcome.stats, &outcome.stop, threads);
    }
    writeln!(out, "{}", outcome.value).map_err(|e| Failure::output(&e))
}

/// `--estimate`: the estimated nodes, solutions and seconds of the count
/// `model` would make, with or without the mirror symmetry.
fn estimate_count<C: Checkers<usize>>(
    cli: &Cli,
    model: &mut Model<usize, C>,
    symmetry: bool,
    cancel: &Arc<AtomicBool>,
    out: &mut Out,
) -> Result<(), Failure> {
    let outcome = model
        .search()
        .symmetry(symmetry)
        .lookahead(cli.lookahead())
        .cancel_flag(Arc::clone(cancel))
        .estimate(cli.probes.probes(), cli.probes.seed());
    if cancel.load(Ordering::SeqCst) || !outcome.stop.is_complete() {
        return Err(Failure::Interrupted);
    }
    let text = estimate::lines(&outcome.value);
    out.write_all(text.as_bytes())
        .map_err(|e| Failure::output(&e))
}

/// `--first`, `--all` and `--trace`, for any set of rules.
fn show<C: Checkers<usize>>(
    cli: &Cli,
    model: &mut Model<usize, C>,
    cancel: &Arc<AtomicBool>,
    out: &mut Out,
) -> Result<(), Failure> {
    let write_err = |e: io::Error| Failure::output(&e);
    let format = cli.format.unwrap_or(Format::Board);
    let render = |cols: &[usize]| match format {
        Format::Board => queens(cols),
        Format::List => format!("{}\n", join_columns(cols)),
    };
    if cli.trace {
        let limit = cli.trace_limit.map_or(DEFAULT_EVENT_LIMIT, |k| {
            usize::try_from(k).unwrap_or(usize::MAX)
        });
        let mut trace = Trace::new().event_limit(limit);
        if cli.first {
            trace = trace.solution_limit(1);
        }
        let outcome = model
            .search()
            .lookahead(cli.lookahead())
            .symmetry(false)
            .cancel_flag(Arc::clone(cancel))
            .observer(&mut trace)
            .count();
        if cancel.load(Ordering::SeqCst) {
            report_interrupted(&outcome.stats, &outcome.stop, None, None);
            return Err(Failure::Interrupted);
        }
        let text = match cli.trace_format.unwrap_or(TraceFormat::Text) {
            TraceFormat::Text => trace.text(&outcome.stats, &outcome.stop),
            TraceFormat::Dot => trace.dot(),
            TraceFormat::Html => {
                let n = model.len();
                let view = HtmlView::grid(n, n, |row, col, _| Some(Mark::new(row, col, "Q")))
                    .map_err(Failure::input)?
                    .title(format!("{n}-queens"));
                trace.html(&outcome.stats, &outcome.stop, &view)
            }
        };
        if cli.stats {
            print_stats(&outcome.stats, &outcome.stop, None);
        }
        return write_unless_interrupted(out, &text, cancel);
    }
    if cli.first {
        let outcome = model
            .search()
            .lookahead(cli.lookahead())
            .tally_rejections(cli.stats)
            .cancel_flag(Arc::clone(cancel))
            .first();
        if cancel.load(Ordering::SeqCst) {
            report_interrupted(&outcome.stats, &outcome.stop, None, None);
            return Err(Failure::Interrupted);
        }
        if cli.stats {
            print_stats(&outcome.stats, &outcome.stop, None);
        }
        return match outcome.value {
            Some(cols) => out.write_all(render(&cols).as_bytes()).map_err(write_err),
            None => Err(Failure::NotFound(format!(
                "no solution for N = {}",
                model.len()
            ))),
        };
    }
    let mut solutions = model
        .search()
        .lookahead(cli.lookahead())
        .tally_rejections(cli.stats)
        .cancel_flag(Arc::clone(cancel))
        .solutions();
    for (i, cols) in (&mut solutions).enumerate() {
        if format == Format::Board && i > 0 {
            out.write_all(b"\n").map_err(write_err)?;
        }
        out.write_all(render(&cols).as_bytes()).map_err(write_err)?;
    }
    let stats = solutions.stats();
    let stop = solutions
        .stop_reason()
        .cloned()
        .unwrap_or(StopReason::Completed);
    if cancel.load(Ordering::SeqCst) {
        let _ = out.flush();
        report_interrupted(&stats, &stop, None, None);
        return Err(Failure::Interrupted);
    }
    if cli.stats {
        print_stats(&stats, &stop, None);
    }
    Ok(())
}

/// Columns separated by single spaces.
fn join_columns(cols: &[usize]) -> String {
    cols.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
