//! Knight's tours: a knight visits every square of a board once.
//!
//! ```text
//! cargo run --release --example knights_tour -- 5
//!  1 20  9 14  3
//! 10 15  2 19 24
//! 21  8 25  4 13
//! 16 11  6 23 18
//!  7 22 17 12  5
//! cargo run --release --example knights_tour -- 5 --trace --trace-format html > tree.html
//! ```
//!
//! The model, its checkers, the theorems that answer `no tour` at once and
//! the portfolio of short searches that finds a tour are in the library,
//! in `backtracker_puzzles::knights_tour`; this file holds the command
//! line. Finding a tour tries the squares in the order of Warnsdorff's
//! rule, so every run prints the same tour; counting visits every tour, so
//! it keeps plain square order, and counts closed tours by the successor
//! model (`successor_model`: per square the next one, all one cycle).

use common::cli;
use common::output;

use std::io::IsTerminal;
use std::process::ExitCode;

use backtracker::trace::{DEFAULT_EVENT_LIMIT, HtmlView, Mark, Trace};
use backtracker::{Checkers, Model, Outcome, Progress, RestartStop, StopReason};
use backtracker_puzzles::knights_tour::{
    Chessboard, Square, Ties, TourFinder, impossible, model, successor_model,
};
use clap::{Parser, ValueEnum};
use cli::{Failure, SearchOptions};

/// Finds a knight's tour of an N x C board (or counts the tours), and
/// prints it as a grid of move numbers.
#[derive(Parser, Debug)]
#[command(
    name = "knights_tour",
    after_help = "Squares are numbered from 1: row 1 is the top row, column 1 the left column.\n\
                  Prints `no tour` when there is none from the start square.\n\
                  Boards of up to 4096 squares; the search shows its progress when stderr is a terminal.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// Rows of the board (and columns, unless --cols is given)
    #[arg(value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    rows: u32,

    /// Columns of the board (default: N)
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    cols: Option<u32>,

    /// The start square as ROW,COL, counted from 1 (default: 1,1, the top left corner)
    #[arg(long, value_name = "R,C", value_parser = parse_square)]
    start: Option<(u32, u32)>,

    /// Find a closed tour: the last square is a knight's move from the first
    #[arg(long)]
    closed: bool,

    /// Count the tours from the start square instead (small boards only: the
    /// number grows very fast)
    #[arg(long)]
    count: bool,

    /// Print the search tree instead, up to the first tour: one search from
    /// the start square with Warnsdorff's rule, ties to the outer square
    #[arg(long, conflicts_with = "count")]
    trace: bool,

    /// Record at most K events of the trace (default 10000, at most 10000000)
    #[arg(long, value_name = "K", requires = "trace", value_parser = clap::value_parser!(u64).range(1..=cli::MAX_TRACE_EVENTS))]
    trace_limit: Option<u64>,

    /// The trace as `text`, as a Graphviz `dot` digraph, or as an `html`
    /// page that replays the search beside the board
    #[arg(long, value_enum, value_name = "FORMAT", requires = "trace")]
    trace_format: Option<TraceFormat>,

    #[command(flatten)]
    search: SearchOptions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TraceFormat {
    Text,
    Dot,
    Html,
}

fn parse_square(text: &str) -> Result<(u32, u32), String> {
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| "expected ROW,COL, for example 1,1".to_owned())?;
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|&x| x >= 1)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a row or column number (from 1)",
                    common::lines::shorten(s)
                )
            })
    };
    Ok((number(r)?, number(c)?))
}

/// Counts the tours, on every core, with a progress bar when stderr is a terminal.
fn count<C: Checkers<Square> + Clone + Send + Sync>(model: &mut Model<Square, C>) -> Outcome<u128> {
    if !std::io::stderr().is_terminal() {
        return model.search().threads(0).count();
    }
    let units = model.split(4, false);
    let bar = indicatif::ProgressBar::new(units.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "counting {bar:40} {pos}/{len} parts, {elapsed} elapsed",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let outcome = model
        .search()
        .on_progress(|p| {
            if let Progress::Part { .. } = p {
                bar.inc(1);
            }
        })
        .units(&units)
        .threads(0)
        .count();
    bar.finish_and_clear();
    outcome
}

/// Counts the solutions of `model`, cross-checked when asked.
fn tally<C: Checkers<Square> + Clone + Send + Sync>(
    model: &mut Model<Square, C>,
    cli: &Cli,
) -> Outcome<u128> {
    if cli.search.cross_check {
        model.search().cross_check(true).count()
    } else {
        count(model)
    }
}

/// Finds a tour from `start` (`None`: there is none), with a spinner when
/// stderr is a terminal.
fn find(board: &Chessboard, start: usize, cli: &Cli) -> Result<Option<Vec<usize>>, Failure> {
    let finder = TourFinder::new(board, start)
        .map_err(|e| Failure::Input(e.to_string()))?
        .closed(cli.closed)
        .cross_check(cli.search.cross_check);
    let attempts = finder.variants() + 1;
    let spinner = std::io::stderr()
        .is_terminal()
        .then(indicatif::ProgressBar::new_spinner);
    let found = finder
        .find_with(|attempt, so_far| {
            if let Some(spinner) = &spinner {
                spinner.set_message(format!(
                    "attempt {} of {attempts}, {} nodes so far",
                    attempt.index() + 1,
                    so_far.nodes
                ));
                if attempt.budget().is_none() {
                    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
                }
            }
        })
        .map_err(|e| Failure::Input(e.to_string()))?;
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    match &found.stop {
        RestartStop::Search(StopReason::Disagreement(d)) => {
            return Err(Failure::Checkers(d.to_string()));
        }
        RestartStop::Cancelled | RestartStop::Search(StopReason::Cancelled) => {
            return Err(Failure::Checkers("the search was cancelled".to_owned()));
        }
        RestartStop::Found | RestartStop::Exhausted if cli.search.stats => {
            output::say!(
                "nodes: {}, time: {:.3?}, attempts: {}",
                found.stats.nodes,
                found.stats.elapsed,
                found.attempts
            );
        }
        _ => {}
    }
    Ok(found.value)
}

/// The trace of one search for a tour, up to the first, in the format
/// `cli` asks for. The board shows each move's number on its square.
fn trace<C: Checkers<Square>>(
    model: &mut Model<Square, C>,
    board: &Chessboard,
    cli: &Cli,
) -> String {
    let limit = cli.trace_limit.map_or(DEFAULT_EVENT_LIMIT, |k| {
        usize::try_from(k).unwrap_or(usize::MAX)
    });
    let mut trace = Trace::new().event_limit(limit).solution_limit(1);
    let outcome = model
        .search()
        .cross_check(cli.search.cross_check)
        .symmetry(false)
        .observer(&mut trace)
        .count();
    if cli.search.stats {
        output::say!(
            "nodes: {}, time: {:.3?}, stop: {}",
            outcome.stats.nodes,
            outcome.stats.elapsed,
            outcome.stop
        );
    }
    match cli.trace_format.unwrap_or(TraceFormat::Text) {
        TraceFormat::Text => trace.text(&outcome.stats, &outcome.stop),
        TraceFormat::Dot => trace.dot(),
        TraceFormat::Html => {
            let cols = board.cols();
            let view = HtmlView::grid(board.rows(), cols, |k, square, _| {
                Some(Mark::new(square / cols, square % cols, (k + 1).to_string()))
            })
            .expect("a board of at most MAX_SQUARES <= MAX_GRID_CELLS squares")
            .title(format!("Knight's tour, {} x {cols}", board.rows()));
            trace.html(&outcome.stats, &outcome.stop, &view)
        }
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let rows = cli.rows as usize;
    let cols = cli.cols.unwrap_or(cli.rows) as usize;
    let input = |e: backtracker::ModelError| Failure::Input(e.to_string());
    let board = Chessboard::new(rows, cols).map_err(input)?;
    let (r, c) = cli.start.unwrap_or((1, 1));
    let (r, c) = (r as usize, c as usize);
    if r > rows || c > cols {
        return Err(Failure::Input(format!(
            "invalid value '{r},{c}' for '--start <R,C>': outside the {rows} x {cols} board"
        )));
    }
    let start = (r - 1) * cols + (c - 1);
    if cli.trace {
        let mut model = model(&board, start, cli.closed, Some(Ties::Outward)).map_err(input)?;
        return Ok(trace(&mut model, &board, cli));
    }
    if impossible(&board, start, cli.closed).is_some() {
        return Ok(if cli.count { "0\n" } else { "no tour\n" }.to_owned());
    }
    if cli.count {
        // A closed tour passes every square, so it is counted once per
        // direction from any start: by the successor model, which counts
        // the closed tours of 6 x 6 in 0.8 times the CPU time of the tour
        // model (docs/performance.md).
        let outcome = if cli.closed {
            tally(&mut successor_model(&board).map_err(input)?, cli)
        } else {
            tally(&mut model(&board, start, false, None).map_err(input)?, cli)
        };
        cli::finished(&outcome, &cli.search)?;
        return Ok(format!("{}\n", outcome.value));
    }
    Ok(match find(&board, start, cli)? {
        Some(tour) => board.render(&tour),
        None => "no tour\n".to_owned(),
    })
}

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[("trace_limit", &["trace"]), ("trace_format", &["trace"])];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    cli::exit(run(&cli).and_then(|text| {
        output::write_in_blocks(&text)?;
        Ok(String::new())
    }))
}
