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
//! The model has one variable per move (move 1, move 2, ...) whose values
//! are the squares, numbered row by row from 0, and three checkers:
//!
//! - `visited once`: an [`AtMostOnePerLine`] whose line is the square;
//! - `knight moves`: consecutive moves are a knight's move apart (and, for
//!   a closed tour, the last move is one away from the first). Its `filter`
//!   keeps a variable's candidates with one AND per word against the
//!   precomputed bitset of the squares a knight reaches from the previous
//!   square;
//! - `no dead ends`: every unvisited square can still be reached and left.
//!   It narrows: after each move it counts each unvisited square's ways
//!   in and out once, and keeps of the next move's candidates the squares
//!   that leave none short (a square with one way left is entered next).
//!
//! Boards of more than 64 squares have domains of more than 64 values, so
//! the engine keeps candidate sets of several words.
//!
//! To find one tour, the squares are tried in the order of Warnsdorff's
//! rule (through [`ModelBuilder::value_order`]): the square with the
//! fewest onward moves to unvisited squares first. Ties are broken by a
//! fixed rule and then by square number, so every run prints the same
//! tour; [`find`] explains why it tries several tie rules in turn. Known
//! theorems (see [`theorems_allow`]) answer `no tour` at once where a
//! search would take for ever. Counting visits every tour, so it keeps
//! plain square order.

use common::cli;
use common::output;
mod rules;

use std::cmp::Reverse;
use std::io::IsTerminal;
use std::process::ExitCode;

use backtracker::constraints::AtMostOnePerLine;
use backtracker::trace::{DEFAULT_EVENT_LIMIT, HtmlView, Mark, Trace};
use backtracker::{Assignment, Checkers, Model, ModelBuilder, ModelError, Outcome};
use clap::{Parser, ValueEnum};
use cli::{Failure, SearchOptions};
use rules::{KnightMoves, NoDeadEnds};

/// A square of the board, numbered row by row from 0. Every move's domain
/// is all the squares in order, so a value's domain index is its square,
/// and the checkers work with indices.
type Square = u16;

/// The largest board, in squares. Each of its moves has every square in
/// its domain, so a model takes memory in the square of this.
const MAX_SQUARES: usize = 4096;

const _: () = assert!(MAX_SQUARES <= Square::MAX as usize);
// Every board has a trace page.
const _: () = assert!(MAX_SQUARES <= backtracker::trace::MAX_GRID_CELLS);

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

/// A board: its size and, per square, the squares a knight reaches from it.
#[derive(Clone, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    /// Per square, the knight's squares in increasing order.
    neighbours: Vec<Vec<usize>>,
}

impl Board {
    fn new(rows: usize, cols: usize) -> Board {
        const JUMPS: [(isize, isize); 8] = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        let neighbours = (0..rows * cols)
            .map(|sq| {
                let (r, c) = ((sq / cols) as isize, (sq % cols) as isize);
                let mut to: Vec<usize> = JUMPS
                    .iter()
                    .map(|(dr, dc)| (r + dr, c + dc))
                    .filter(|&(r, c)| {
                        r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols
                    })
                    .map(|(r, c)| r as usize * cols + c as usize)
                    .collect();
                to.sort_unstable();
                to
            })
            .collect();
        Board {
            rows,
            cols,
            neighbours,
        }
    }

    fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// On a board with 4 rows (or else 4 columns): per square, whether it is
    /// on one of the two outer rows (columns).
    fn outer_squares(&self) -> Option<Vec<bool>> {
        let outer = |line: usize| line == 0 || line == 3;
        if self.rows == 4 {
            Some(
                (0..self.squares())
                    .map(|sq| outer(sq / self.cols))
                    .collect(),
            )
        } else if self.cols == 4 {
            Some(
                (0..self.squares())
                    .map(|sq| outer(sq % self.cols))
                    .collect(),
            )
        } else {
            None
        }
    }

    /// The squared distance of `sq` from the centre of the board, in half squares.
    fn distance_from_centre(&self, sq: usize) -> usize {
        let dr = (2 * (sq / self.cols)).abs_diff(self.rows - 1);
        let dc = (2 * (sq % self.cols)).abs_diff(self.cols - 1);
        dr * dr + dc * dc
    }
}

/// How Warnsdorff's rule breaks ties between squares with as few onward
/// moves: each attempt of [`find`] uses one. Remaining ties go to the lower
/// square number, so every run is the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ties {
    /// The square farther from the centre of the board first (Roth's rule:
    /// it keeps the knight near the edges, which are hardest to come back to).
    Outward,
    /// The lower square number first.
    Lowest,
    /// The higher square number first.
    Highest,
    /// The square nearer the centre first.
    Inward,
}

/// The tour model: move `k` (from 0) is on a square, move 0 on `start`.
/// With `ties`, squares are tried in the order of Warnsdorff's rule.
fn model(
    board: &Board,
    start: usize,
    closed: bool,
    ties: Option<Ties>,
) -> Result<Model<Square, impl Checkers<Square> + Clone + Send + Sync>, ModelError> {
    let n = board.squares();
    let squares = Square::try_from(n).expect("at most MAX_SQUARES squares");
    let mut b = ModelBuilder::new();
    for k in 0..n {
        b.variable(format!("move {}", k + 1), 0..squares);
    }
    b.pin(0, &Square::try_from(start).expect("a square of the board"));
    if let Some(outer) = board.outer_squares().filter(|_| !closed) {
        // On a board of 4 ranks, an open tour from an outer square visits
        // outer and inner squares by turns, except once in the middle (see
        // `theorems_allow`): move p (from 1) is outer when p is odd in the
        // first half and when p is even in the second.
        let half = n / 2;
        for k in 0..n {
            let p = k + 1;
            let want = if p <= half { p % 2 == 1 } else { p % 2 == 0 };
            b.restrict(k, |&sq| outer[usize::from(sq)] == want);
        }
    }
    if let Some(ties) = ties {
        let neighbours = board.neighbours.clone();
        // Per square, its rank among squares with as few onward moves (lower first).
        let rank: Vec<Reverse<usize>> = (0..n)
            .map(|sq| match ties {
                Ties::Outward => Reverse(board.distance_from_centre(sq)),
                Ties::Lowest => Reverse(0),
                Ties::Highest => Reverse(sq),
                Ties::Inward => Reverse(usize::MAX - board.distance_from_centre(sq)),
            })
            .collect();
        b.value_order(
            move |assignment: &Assignment<'_, Square>, _, squares: &mut Vec<usize>| {
                let mut visited = vec![false; neighbours.len()];
                for var in 0..assignment.len() {
                    if let Some(sq) = assignment.index(var) {
                        visited[sq] = true;
                    }
                }
                let onward = |sq: usize| neighbours[sq].iter().filter(|&&t| !visited[t]).count();
                // Candidates come in square order and the sort is stable: the
                // last ties stay in square order.
                squares.sort_by_cached_key(|&sq| (onward(sq), rank[sq]));
            },
        );
    }
    let visited = AtMostOnePerLine::new("visited once", |_, &sq: &Square| usize::from(sq));
    b.build((
        visited,
        KnightMoves::new(board, closed),
        NoDeadEnds::new(board, closed),
    ))
}

/// The tour as rows of move numbers (from 1), right-aligned in columns.
fn render(board: &Board, tour: &[usize]) -> String {
    let mut number = vec![0; board.squares()];
    for (k, &sq) in tour.iter().enumerate() {
        number[sq] = k + 1;
    }
    let width = board.squares().to_string().len();
    let mut out = String::new();
    for row in number.chunks(board.cols) {
        let cells: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Whether known theorems leave room for a tour from `start` (when they do
/// not, a search would have to try every path, which on a large board
/// takes for ever):
///
/// - A knight changes colour at every move, so moves 1, 3, 5, ... are on
///   the start square's colour and the others on the other colour: the
///   start's colour must have `ceil(n / 2)` squares; a closed tour needs
///   `n` even to come back to the start's colour.
/// - Schwenk (1991): an `m x n` board (`m <= n`) has a closed tour unless
///   `m` and `n` are both odd, `m` is 1, 2 or 4, or `m = 3` and `n` is 4, 6
///   or 8.
/// - On a `4 x c` board (or `c x 4`), the squares of the two outer rows
///   only reach squares of the two inner rows, and there are `2c` of each
///   (`c` of each colour), so no two outer squares are consecutive in a
///   tour. A tour that starts on an inner square must then alternate inner
///   and outer squares, and as the colours alternate too, all its inner
///   squares would have one colour: so no tour starts on an inner square.
///   One that starts on an outer square alternates too, except for one
///   step between two inner squares; by the same colour count that step is
///   from move `2c` to move `2c + 1`, half way, which [`model`] uses to
///   restrict every move to outer or inner squares.
fn theorems_allow(board: &Board, start: usize, closed: bool) -> bool {
    let n = board.squares();
    let colour = |sq: usize| (sq / board.cols + sq % board.cols) % 2;
    let same = (0..n).filter(|&sq| colour(sq) == colour(start)).count();
    if same != n.div_ceil(2) {
        return false;
    }
    let (m, w) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if closed
        && ((m % 2 == 1 && w % 2 == 1)
            || matches!(m, 1 | 2 | 4)
            || (m == 3 && matches!(w, 4 | 6 | 8)))
    {
        return false;
    }
    let inner = |line: usize, lines: usize| lines == 4 && (line == 1 || line == 2);
    !(inner(start / board.cols, board.rows) || inner(start % board.cols, board.cols))
}

/// Counts the tours, on every core, with a progress bar when stderr is a terminal.
fn count<C: Checkers<Square> + Clone + Send + Sync>(model: &mut Model<Square, C>) -> Outcome<u128> {
    if !std::io::stderr().is_terminal() {
        return model.search().count_parallel(0);
    }
    let units = model.split(4, false);
    let bar = indicatif::ProgressBar::new(units.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "counting {bar:40} {pos}/{len} parts, {elapsed} elapsed",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let outcome = model.search().count_units(&units, 0, |_, _| bar.inc(1));
    bar.finish_and_clear();
    outcome
}

/// One of the eight symmetries of a rectangular board: flip the rows,
/// flip the columns, then swap rows and columns. It maps tours to tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Symmetry {
    flip_rows: bool,
    flip_cols: bool,
    transpose: bool,
}

impl Symmetry {
    /// All eight, the identity first.
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(|k| Symmetry {
            transpose: k & 1 == 1,
            flip_rows: k & 2 == 2,
            flip_cols: k & 4 == 4,
        })
    }

    /// The image of `board`.
    fn board(self, board: &Board) -> Board {
        if self.transpose {
            Board::new(board.cols, board.rows)
        } else {
            Board::new(board.rows, board.cols)
        }
    }

    /// The image of square `sq` of `board`.
    fn square(self, board: &Board, sq: usize) -> usize {
        let (mut r, mut c) = (sq / board.cols, sq % board.cols);
        if self.flip_rows {
            r = board.rows - 1 - r;
        }
        if self.flip_cols {
            c = board.cols - 1 - c;
        }
        if self.transpose {
            c * board.rows + r
        } else {
            r * board.cols + c
        }
    }
}

/// One short search for a tour: on the image of the board under
/// `symmetry`, from the image of `from`, with `ties`, within `limit` nodes.
#[derive(Clone, Copy, Debug)]
struct Attempt {
    symmetry: Symmetry,
    from: usize,
    ties: Ties,
    limit: u64,
}

/// Finds a tour from `start` (`None`: there is none).
///
/// Warnsdorff's rule finds most tours with little or no backtracking, but
/// on some boards one way of breaking its ties leads it into a long dead
/// end that another avoids. So the search is made in short attempts, each
/// stopped after a budget of nodes: with each tie-breaking rule, on each
/// mirror image of the board (the square numbers, and so the ties, fall
/// differently there) and, for a closed tour (which can be turned to
/// start anywhere), from other start squares too. If none succeeds, a last
/// attempt searches without a budget. An attempt that searches its whole
/// tree proves there is no tour.
fn find(board: &Board, start: usize, cli: &Cli) -> Result<Option<Vec<usize>>, Failure> {
    let n = board.squares();
    let budget = 20 * n as u64 + 1000;
    let all_ties = [Ties::Outward, Ties::Lowest, Ties::Highest, Ties::Inward];
    let mut attempts: Vec<Attempt> = all_ties
        .iter()
        .flat_map(|&ties| {
            Symmetry::all().map(move |symmetry| Attempt {
                symmetry,
                from: start,
                ties,
                limit: budget,
            })
        })
        .collect();
    let identity = Symmetry::all().next().expect("the identity");
    if cli.closed {
        for from in (0..n).filter(|&sq| sq != start).take(8) {
            for ties in all_ties {
                attempts.push(Attempt {
                    symmetry: identity,
                    from,
                    ties,
                    limit: budget,
                });
            }
        }
    }
    attempts.push(Attempt {
        symmetry: identity,
        from: start,
        ties: Ties::Outward,
        limit: u64::MAX,
    });
    let spinner = std::io::stderr()
        .is_terminal()
        .then(indicatif::ProgressBar::new_spinner);
    let (mut nodes, mut elapsed) = (0, std::time::Duration::ZERO);
    let mut found = None;
    for (k, attempt) in attempts.iter().enumerate() {
        if let Some(spinner) = &spinner {
            spinner.set_message(format!(
                "attempt {} of {}, {nodes} nodes so far",
                k + 1,
                attempts.len()
            ));
            if attempt.limit == u64::MAX {
                spinner.enable_steady_tick(std::time::Duration::from_millis(200));
            }
        }
        let image = attempt.symmetry.board(board);
        let from = attempt.symmetry.square(board, attempt.from);
        let mut model = model(&image, from, cli.closed, Some(attempt.ties))
            .map_err(|e| Failure::Input(e.to_string()))?;
        let outcome = model
            .search()
            .cross_check(cli.search.cross_check)
            .node_limit(attempt.limit)
            .first();
        cli::checked(&outcome)?;
        nodes += outcome.stats.nodes;
        elapsed += outcome.stats.elapsed;
        if let Some(tour) = outcome.value {
            // Back from the image to the board.
            let mut original = vec![0; n];
            for sq in 0..n {
                original[attempt.symmetry.square(board, sq)] = sq;
            }
            let mut tour: Vec<usize> = tour.iter().map(|&sq| original[usize::from(sq)]).collect();
            // A closed tour found from another square, turned to begin at the start.
            let at = tour
                .iter()
                .position(|&sq| sq == start)
                .expect("a tour visits every square");
            tour.rotate_left(at);
            found = Some(Some(tour));
        } else if outcome.stop.is_complete() {
            found = Some(None);
        }
        if found.is_some() {
            if cli.search.stats {
                output::say!("nodes: {nodes}, time: {elapsed:.3?}, attempts: {}", k + 1);
            }
            break;
        }
    }
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    Ok(found.flatten())
}

/// The trace of one search for a tour, up to the first, in the format
/// `cli` asks for. The board shows each move's number on its square.
fn trace<C: Checkers<Square>>(model: &mut Model<Square, C>, board: &Board, cli: &Cli) -> String {
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
            let cols = board.cols;
            let view = HtmlView::grid(board.rows, cols, |k, square, _| {
                Some(Mark::new(square / cols, square % cols, (k + 1).to_string()))
            })
            .expect("a board of at most MAX_SQUARES = MAX_GRID_CELLS squares")
            .title(format!("Knight's tour, {} x {cols}", board.rows));
            trace.html(&outcome.stats, &outcome.stop, &view)
        }
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let rows = cli.rows as usize;
    let cols = cli.cols.unwrap_or(cli.rows) as usize;
    if rows.saturating_mul(cols) > MAX_SQUARES {
        return Err(Failure::Input(format!(
            "a {rows} x {cols} board has {} squares; at most {MAX_SQUARES} are supported",
            rows as u64 * cols as u64
        )));
    }
    let (r, c) = cli.start.unwrap_or((1, 1));
    let (r, c) = (r as usize, c as usize);
    if r > rows || c > cols {
        return Err(Failure::Input(format!(
            "invalid value '{r},{c}' for '--start <R,C>': outside the {rows} x {cols} board"
        )));
    }
    let board = Board::new(rows, cols);
    let start = (r - 1) * cols + (c - 1);
    if cli.trace {
        let mut model = model(&board, start, cli.closed, Some(Ties::Outward))
            .map_err(|e| Failure::Input(e.to_string()))?;
        return Ok(trace(&mut model, &board, cli));
    }
    if !theorems_allow(&board, start, cli.closed) {
        return Ok(if cli.count { "0\n" } else { "no tour\n" }.to_owned());
    }
    if cli.count {
        let mut model =
            model(&board, start, cli.closed, None).map_err(|e| Failure::Input(e.to_string()))?;
        let outcome = if cli.search.cross_check {
            model.search().cross_check(true).count()
        } else {
            count(&mut model)
        };
        cli::finished(&outcome, &cli.search)?;
        return Ok(format!("{}\n", outcome.value));
    }
    Ok(match find(&board, start, cli)? {
        Some(tour) => render(&board, &tour),
        None => "no tour\n".to_owned(),
    })
}

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[("trace_limit", &["trace"]), ("trace_format", &["trace"])];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    cli::exit(run(&cli).and_then(|text| {
        write_in_blocks(&text)?;
        Ok(String::new())
    }))
}

/// Writes `text` a block of whole lines (64 KiB at most, or one longer
/// line) at a time: Ctrl-C's handler waits for the write under way, so a
/// trace of hundreds of megabytes written in one piece would be written
/// whole before the program exits with code 130; written in blocks, it is
/// cut at the first block's end after Ctrl-C.
fn write_in_blocks(text: &str) -> Result<(), output::WriteError> {
    const BLOCK: usize = 1 << 16;
    let mut rest = text;
    while !rest.is_empty() {
        // A cut after a newline is a cut between characters.
        let cut = if rest.len() <= BLOCK {
            rest.len()
        } else {
            rest.as_bytes()[..BLOCK]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1)
        };
        output::write(&rest[..cut])?;
        rest = &rest[cut..];
    }
    Ok(())
}
