//! `polyomino`: count and show the tilings of a board by a set of pieces,
//! each used once, as an exact-cover problem on backtracker's engine.
//!
//! ```text
//! printf '####################\n####################\n####################\n' \
//!     | cargo run --release --example polyomino          # 8
//! cargo run --release --example polyomino -- board.txt --first
//! cargo run --release --example polyomino -- board.txt --estimate     # before a long count
//! cargo run --release --example polyomino -- board.txt --classes      # and up to symmetry
//! cargo run --release --example polyomino -- --help
//! ```

use common::cli;
use common::estimate;
mod input;
use common::lines;
use common::long_count;
use common::output;

use std::fmt::Write as _;
use std::process::ExitCode;

use backtracker::trace::{DEFAULT_EVENT_LIMIT, Trace};
use backtracker::units::{Runner, Split};
use backtracker::{MAX_THREADS, Stats, StopReason};
use backtracker_puzzles::polyomino::Tiling;
use clap::Parser;
use cli::Failure;

const AFTER_HELP: &str = "\
The board is a text grid: `#` a cell to fill, `.` a hole (trailing spaces
and blank lines around it are ignored). Every piece of the set is placed
exactly once, turned and (unless --no-reflections) flipped over.

Counts: every tiling counts, so tilings that differ only by a rotation or
reflection of the whole board are different tilings. The 12 pentominoes
tile 6x10 in 9356 ways (2339 up to symmetry), 5x12 in 4040 (1010),
4x15 in 1472 (368), 3x20 in 8 (2); the 8x8 board without its 2x2 centre
in 520 (65).

A piece file holds shapes in the same grid form, separated by blank lines.
Draw a piece with its letter instead of `#` to name it by that letter, or
give it a first line `NAME:`. --first and --all show each piece by the
first character of its name, so two pieces may not share one.

Exit status: 0 on success, 1 when --first finds no tiling, 2 on bad input
or when standard output cannot be written (a closed pipe ends quietly with
0). Interrupted (Ctrl-C), the program exits with code 130 at once: standard
output keeps the whole lines written before (with --all, whole tilings),
never part of one; --checkpoint keeps every finished unit in its file, and
the same command resumes from it.

Examples:
  polyomino board.txt                     the number of tilings
  polyomino board.txt --first             the first tiling, one letter a piece
  polyomino --pieces tetrominoes b.txt    with the 5 tetrominoes
  polyomino --pieces my-set.txt b.txt     with pieces of your own
  polyomino b.txt --all | head -n 20      tilings one after the other
  polyomino b.txt --stats --threads 2     count on two threads, statistics on stderr
  polyomino b.txt --classes               tilings, and their classes under the board's symmetries
  polyomino b.txt --estimate              nodes, tilings and seconds, estimated
  polyomino b.txt --checkpoint run.ckpt   a count that resumes where it stopped";

/// Count or show the tilings of a board by a set of polyominoes, each
/// piece used exactly once, as an exact-cover problem.
#[derive(Parser, Debug)]
#[command(name = "polyomino", version, after_help = AFTER_HELP)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a command line's flags, each its own switch"
)]
struct Cli {
    /// The board file (standard input when absent or `-`)
    #[arg(value_name = "BOARD")]
    board: Option<String>,

    /// The pieces: `pentominoes` (default), `tetrominoes`, or a piece file
    #[arg(long, value_name = "SET|FILE", default_value = "pentominoes")]
    pieces: String,

    /// Turn pieces but do not flip them over (one-sided pieces)
    #[arg(long)]
    no_reflections: bool,

    /// Print the first tiling: the board with each cell replaced by its piece's letter
    #[arg(long, group = "mode")]
    first: bool,

    /// Print every tiling, separated by blank lines
    #[arg(long, group = "mode")]
    all: bool,

    /// Print the search tree as text (with --first: up to the first tiling)
    #[arg(long, conflicts_with = "all")]
    trace: bool,

    /// Record at most K events of the trace (default 10000, at most 10000000)
    #[arg(long, value_name = "K", requires = "trace", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    trace_limit: Option<u64>,

    /// Print nodes, tilings and time on standard error
    #[arg(long)]
    stats: bool,

    /// Threads for counting (default 1; 0: one per core; at most 1024)
    #[arg(long, value_name = "K", conflicts_with_all = ["first", "all", "trace"], value_parser = clap::value_parser!(u64).range(0..=MAX_THREADS as u64))]
    threads: Option<u64>,

    /// Estimate the count before running it: print the estimated nodes,
    /// tilings and CPU seconds of the count on one thread, one line each
    /// (`nodes VALUE LOW HIGH`, LOW and HIGH the 95% interval), from random
    /// probes of the search tree. Random paths seldom end in a tiling, so
    /// the tilings line often reads low (even 0) where the nodes and
    /// seconds lines are good
    #[arg(long, group = "mode", conflicts_with_all = ["trace", "stats", "threads"])]
    estimate: bool,

    #[command(flatten)]
    probes: estimate::ProbeOptions,

    /// Print the number of tilings and, on a second line, the number up to
    /// the symmetries of the board (those that map it and every placement
    /// onto themselves: 9356 and 2339 for the 6 x 10 box), searching each
    /// class once on one thread
    #[arg(long, group = "mode", conflicts_with_all = ["trace", "threads", "checkpoint"])]
    classes: bool,

    /// Count unit by unit, appending each finished unit's result line to
    /// FILE, and skip the units FILE already holds (resume after Ctrl-C or
    /// a kill); FILE is first written once the units are planned, so a
    /// Ctrl-C before then loses only the planning
    #[arg(long, value_name = "FILE", conflicts_with_all = ["first", "all", "trace", "estimate"])]
    checkpoint: Option<String>,

    /// Split depth of a --checkpoint run (default 1): the items decided
    /// before the units split (the pieces first, then the cells), or `auto` for the depth the estimates
    /// recommend for --threads (resume it with the same --threads)
    #[arg(long, value_name = "DEPTH", value_parser = long_count::parse_depth)]
    depth: Option<Split>,
}

/// Split depth of a --checkpoint run unless --depth says otherwise.
const DEFAULT_DEPTH: usize = 1;

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[
    ("depth", &["checkpoint"]),
    ("trace_limit", &["trace"]),
    ("probes", &["estimate"]),
    ("seed", &["estimate"]),
];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    // What was written before a failure is kept (whole lines).
    cli::exit(run(&cli).map(|()| String::new()))
}

#[expect(
    clippy::too_many_lines,
    reason = "one branch per mode of the command line, in the order --help lists them"
)]
fn run(cli: &Cli) -> Result<(), Failure> {
    let pieces = input::pieces(&cli.pieces).map_err(Failure::input)?;
    let board = input::board(cli.board.as_deref()).map_err(Failure::input)?;
    let mut tiling = Tiling::new(&board, &pieces, !cli.no_reflections).map_err(Failure::input)?;
    if cli.estimate {
        let outcome = tiling
            .problem_mut()
            .search()
            .estimate(cli.probes.probes(), cli.probes.seed());
        return Ok(output::write(&estimate::lines(&outcome.value))?);
    }
    if cli.classes {
        let outcome = tiling.problem_mut().search().count_classes();
        if cli.stats {
            print_stats(&outcome.stats, &outcome.stop);
        }
        if outcome.stop != StopReason::Completed {
            return Err(Failure::input(format!(
                "the count stopped: {}",
                outcome.stop
            )));
        }
        let classes = outcome.value;
        return Ok(output::write(&format!(
            "{}\n{}\n",
            classes.solutions, classes.classes
        ))?);
    }
    if cli.trace {
        let limit = cli.trace_limit.map_or(DEFAULT_EVENT_LIMIT, |k| {
            usize::try_from(k).unwrap_or(usize::MAX)
        });
        let mut trace = Trace::new().event_limit(limit);
        if cli.first {
            trace = trace.solution_limit(1);
        }
        let outcome = tiling.problem_mut().search().observer(&mut trace).count();
        if cli.stats {
            print_stats(&outcome.stats, &outcome.stop);
        }
        let text = trace.text(&outcome.stats, &outcome.stop);
        return Ok(output::write_in_blocks(&text)?);
    }
    if cli.first {
        let outcome = tiling.problem_mut().search().first();
        if cli.stats {
            print_stats(&outcome.stats, &outcome.stop);
        }
        return match outcome.value {
            Some(solution) => Ok(output::write(&tiling.render(&solution))?),
            None => Err(Failure::NotFound("no tiling".to_owned())),
        };
    }
    if cli.all {
        // The search borrows the problem; a copy (shared tables) draws.
        let drawn = tiling.clone();
        let mut solutions = tiling.problem_mut().search().solutions();
        for (i, solution) in (&mut solutions).enumerate() {
            let mut text = if i > 0 {
                "\n".to_owned()
            } else {
                String::new()
            };
            text.push_str(&drawn.render(&solution));
            output::write(&text)?;
        }
        if cli.stats {
            let stop = solutions
                .stop_reason()
                .cloned()
                .unwrap_or(StopReason::Completed);
            print_stats(&solutions.stats(), &stop);
        }
        return Ok(());
    }
    let threads = cli::threads(
        cli.threads
            .map_or(1, |k| usize::try_from(k).unwrap_or(MAX_THREADS)),
    );
    if let Some(path) = &cli.checkpoint {
        // The model's name holds the board, the pieces and the rule, so
        // that a checkpoint of another tiling belongs to another run.
        let name = format!(
            "polyomino-{}",
            long_count::fingerprint(&format!(
                "{board:?} {pieces:?} reflections={}",
                !cli.no_reflections
            ))
        );
        let runner = Runner::new(name)
            .split(cli.depth.unwrap_or(Split::Depth(DEFAULT_DEPTH)))
            .threads(threads)
            .checkpoint(path);
        let report = long_count::run(runner, tiling.problem_mut().model_mut(), Some(path))?;
        if cli.stats {
            print_stats(&report.stats, &report.stop);
            output::say!("threads: {threads}");
        }
        let total = report
            .total
            .ok_or_else(|| Failure::input(format!("the count stopped: {}", report.stop)))?;
        return Ok(output::line(&total.to_string())?);
    }
    let search = tiling.problem_mut().search();
    let outcome = if threads == 1 {
        search.count()
    } else {
        search.threads(threads).count()
    };
    if cli.stats {
        print_stats(&outcome.stats, &outcome.stop);
        output::say!("threads: {threads}");
    }
    Ok(output::line(&outcome.value.to_string())?)
}

/// The statistics on standard error, one figure a line.
fn print_stats(stats: &Stats, stop: &StopReason) {
    let mut text = stats.deterministic_text();
    let _ = write!(text, "stop: {stop}\ntime: {:.3?}\n", stats.elapsed);
    output::note_raw(&text);
}
