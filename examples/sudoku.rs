//! Solves sudoku puzzles given one a line.
//!
//! ```text
//! cargo run --release --example sudoku -- puzzles.txt
//! cargo run --release --example sudoku -- --count --limit 2 puzzles.txt
//! cargo run --release --example sudoku -- --model exact-cover puzzles.txt
//! echo ................ | cargo run --release --example sudoku -- --count   # 288
//! echo ................ | cargo run --release --example sudoku -- --count --checkpoint run.ckpt
//! echo ................ | cargo run --release --example sudoku -- --estimate
//! cargo run --release --example sudoku -- --rules all-different puzzles.txt
//! echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \
//!     | cargo run --release --example sudoku -- --pretty
//! echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \
//!     | cargo run --release --example sudoku -- --trace --trace-format html > tree.html
//! ```
//!
//! Each line holds one puzzle of 81 characters, row by row: digits `1`-`9`
//! for givens, `.` or `0` for blanks (blank lines are skipped); a line of
//! 16 characters is a 4 x 4 sudoku with 2 x 2 boxes and digits `1`-`4`.
//! The whole input is read and checked before anything is solved, so a bad
//! line gives one error naming it, exit code 2 and no output.
//!
//! `--estimate` prints, for each puzzle in input order, an estimate of its
//! count and of the count's search from random probes of the search tree:
//! three lines, `nodes`, `solutions` and `seconds`, each `VALUE LOW HIGH`
//! (the 95% interval); `--probes K` and `--seed S` set the probes and their
//! seed, the same for every puzzle.

use common::cli;
use common::estimate;
use common::lines;
use common::long_count;
use common::output;

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use backtracker::trace::{DEFAULT_EVENT_LIMIT, HtmlView, Mark, Trace};
use backtracker::units::{Runner, Split};
use backtracker::{Checkers, Model, Search};
use backtracker::{Stats, StopReason, VariableOrder};
use backtracker_puzzles::sudoku::{Grid, sudoku_all_different, sudoku_with, sudoku_with_places};
use backtracker_puzzles::sudoku_cover::SudokuCover;
use clap::{Parser, ValueEnum};

/// Solve sudoku puzzles, one a line: 81 characters row by row, digits 1-9
/// for givens and `.` or `0` for blanks (16 characters and digits 1-4 for a
/// 4 x 4 sudoku). Prints each solution as a line of the same form, in input
/// order, or `no solution`.
#[derive(Parser, Debug)]
#[command(name = "sudoku", after_help = AFTER_HELP)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a command line's flags, each its own switch"
)]
struct Cli {
    /// File of puzzles, one a line (standard input when absent or `-`)
    file: Option<String>,

    /// Print the number of solutions of each puzzle instead of a solution
    #[arg(long)]
    count: bool,

    /// Instead of counting, estimate each puzzle's count before running it:
    /// print the estimated nodes, solutions and CPU seconds of its count,
    /// three lines a puzzle in input order (`nodes VALUE LOW HIGH`, LOW and
    /// HIGH the 95% interval), from random probes of the search tree
    #[arg(long, conflicts_with_all = ["count", "limit", "pretty", "stats", "node_limit", "trace"])]
    estimate: bool,

    #[command(flatten)]
    probes: estimate::ProbeOptions,

    /// With --count: stop counting a puzzle at this many solutions (2 checks uniqueness)
    #[arg(long, requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,

    /// Print each solution as a grid with box separators, grids separated by a blank line
    #[arg(long, conflicts_with = "count")]
    pretty: bool,

    /// Print the nodes and time of each puzzle, and the totals, to standard error
    #[arg(long)]
    stats: bool,

    /// Which cell to fill next (reference model; default: smallest)
    #[arg(long, value_enum)]
    order: Option<Order>,

    /// Which checkers (reference model; default: places): `places` adds
    /// "every digit keeps a place in every unit" to the rows, columns and
    /// boxes checkers of `lines`; `all-different` has one all-different
    /// constraint per row, column and box, narrowed by matching
    #[arg(long, value_enum)]
    rules: Option<Rules>,

    /// The model: `reference` (a variable per cell, checkers per rule) or
    /// `exact-cover` (items: cell filled, row-digit, column-digit,
    /// box-digit; options: a digit in a cell)
    #[arg(long, value_enum, default_value_t = ModelKind::Reference)]
    model: ModelKind,

    /// Give up on a puzzle after this many nodes (it then prints `node limit`)
    #[arg(long, value_name = "NODES")]
    node_limit: Option<u64>,

    /// Print the search tree of the puzzle (the input must hold one) up to
    /// its first solution, instead of the solution
    #[arg(long, conflicts_with_all = ["count", "pretty"])]
    trace: bool,

    /// Record at most K events of the trace (default 10000, at most 10000000)
    #[arg(long, value_name = "K", requires = "trace", value_parser = clap::value_parser!(u64).range(1..=cli::MAX_TRACE_EVENTS))]
    trace_limit: Option<u64>,

    /// The trace as `text`, as a Graphviz `dot` digraph, or as an `html`
    /// page that replays the search beside the grid
    #[arg(long, value_enum, value_name = "FORMAT", requires = "trace")]
    trace_format: Option<TraceFormat>,

    /// With --count and one puzzle: count unit by unit, appending each
    /// finished unit's result line to FILE, and skip the units FILE already
    /// holds (resume after Ctrl-C or a kill); FILE is first written once
    /// the units are planned, so a Ctrl-C before then loses only the
    /// planning
    #[arg(
        long,
        value_name = "FILE",
        requires = "count",
        conflicts_with = "limit"
    )]
    checkpoint: Option<String>,

    /// Split depth of a --checkpoint run: the cells (in row order) filled
    /// before the units split, or `auto` (the default) for the depth the
    /// estimates recommend
    #[arg(long, value_name = "DEPTH", value_parser = long_count::parse_depth)]
    depth: Option<Split>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TraceFormat {
    Text,
    Dot,
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Order {
    /// The cell with the fewest candidates left (smallest domain first)
    Smallest,
    /// Row by row, as declared
    Declared,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ModelKind {
    /// One variable per cell and a checker per rule, as --rules and --order say
    Reference,
    /// Exact cover, searched on the item with the fewest options left
    ExactCover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Rules {
    /// Rows, columns and boxes (the reference model)
    Lines,
    /// Rows, columns and boxes, and every digit keeps a place in every unit
    Places,
    /// One all-different constraint per row, column and box (27), each
    /// narrowed to generalised arc consistency
    AllDifferent,
}

/// What one puzzle gave.
enum Answer {
    Solution(Grid),
    Count(u64),
    NoSolution,
    NodeLimit,
}

const AFTER_HELP: &str = "\
Input: lines of at most 65536 bytes, at most 67108864 bytes in all. A line
of 16 characters is a 4 x 4 sudoku (2 x 2 boxes, digits 1-4).

--estimate: three lines a puzzle, in input order, each puzzle estimated
with the same --probes and --seed. An empty 4 x 4 grid has 288 solutions:
  echo ................ | sudoku --estimate --probes 2000

Exit status: 0 on success, 2 on bad input or when standard output cannot be
written (a closed pipe ends quietly with 0). Interrupted (Ctrl-C), the
program exits with code 130 at once: standard output keeps the answers
written before, each a whole line (with --pretty, a whole grid), never part
of one.";

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[
    ("limit", &["count"]),
    ("checkpoint", &["count"]),
    ("depth", &["checkpoint"]),
    ("trace_limit", &["trace"]),
    ("trace_format", &["trace"]),
    ("probes", &["estimate"]),
    ("seed", &["estimate"]),
];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    cli::exit(run(&cli).map(|()| String::new()))
}

#[expect(
    clippy::too_many_lines,
    reason = "one branch per mode of the command line, in the order --help lists them"
)]
fn run(cli: &Cli) -> Result<(), cli::Failure> {
    let input = cli::Failure::Input;
    let mut lines =
        lines::Lines::open(cli.file.as_deref(), lines::DEFAULT_LIMITS).map_err(input)?;
    // Check every line before solving anything.
    let mut puzzles = Vec::new();
    while let Some(line) = lines.next_line() {
        let (number, line) = line.map_err(input)?;
        if line.trim().is_empty() {
            continue;
        }
        let grid = parse(&line).map_err(|e| input(format!("line {number}: {e}")))?;
        puzzles.push((number, grid));
    }
    if puzzles.is_empty() {
        return Err(input(format!(
            "{} holds no puzzle (81 characters a line)",
            lines.name()
        )));
    }
    if cli.model == ModelKind::ExactCover && (cli.order.is_some() || cli.rules.is_some()) {
        return Err(input(
            "--order and --rules choose within the reference model, not with --model exact-cover"
                .to_owned(),
        ));
    }
    let order = match cli.order.unwrap_or(Order::Smallest) {
        Order::Smallest => VariableOrder::SmallestDomainFirst,
        Order::Declared => VariableOrder::Declared,
    };
    if cli.trace {
        let [(_, grid)] = puzzles.as_slice() else {
            return Err(input(format!(
                "--trace shows one puzzle, and the input holds {}",
                puzzles.len()
            )));
        };
        let text = match (cli.model, cli.rules.unwrap_or(Rules::Places)) {
            (ModelKind::ExactCover, _) => {
                return Err(input(
                    "--trace shows the reference model, not --model exact-cover".to_owned(),
                ));
            }
            (_, Rules::Lines) => trace(&mut sudoku_with(grid, order), grid, cli),
            (_, Rules::Places) => trace(&mut sudoku_with_places(grid, order), grid, cli),
            (_, Rules::AllDifferent) => trace(&mut sudoku_all_different(grid, order), grid, cli),
        };
        return Ok(output::write(&text)?);
    }
    if cli.estimate {
        for (_, grid) in &puzzles {
            let estimated = match (cli.model, cli.rules.unwrap_or(Rules::Places)) {
                (ModelKind::ExactCover, _) => SudokuCover::new(grid)
                    .problem_mut()
                    .search()
                    .estimate(cli.probes.probes(), cli.probes.seed()),
                (_, Rules::Lines) => sudoku_with(grid, order)
                    .search()
                    .estimate(cli.probes.probes(), cli.probes.seed()),
                (_, Rules::Places) => sudoku_with_places(grid, order)
                    .search()
                    .estimate(cli.probes.probes(), cli.probes.seed()),
                (_, Rules::AllDifferent) => sudoku_all_different(grid, order)
                    .search()
                    .estimate(cli.probes.probes(), cli.probes.seed()),
            };
            output::write(&estimate::lines(&estimated.value))?;
        }
        return Ok(());
    }
    if let Some(path) = &cli.checkpoint {
        let [(line, grid)] = puzzles.as_slice() else {
            return Err(input(format!(
                "--checkpoint counts one puzzle, and the input holds {}",
                puzzles.len()
            )));
        };
        return count_checkpointed(cli, path, *line, grid, order);
    }
    let started = Instant::now();
    let mut total_nodes = 0u64;
    let mut search_time = Duration::ZERO;
    for (k, (line, grid)) in puzzles.iter().enumerate() {
        let (answer, stats, stop) = match (cli.model, cli.rules.unwrap_or(Rules::Places)) {
            (ModelKind::ExactCover, _) => solve_cover(&mut SudokuCover::new(grid), cli),
            (_, Rules::Lines) => solve(&mut sudoku_with(grid, order), grid, cli).map_err(input)?,
            (_, Rules::Places) => {
                solve(&mut sudoku_with_places(grid, order), grid, cli).map_err(input)?
            }
            (_, Rules::AllDifferent) => {
                solve(&mut sudoku_all_different(grid, order), grid, cli).map_err(input)?
            }
        };
        let answer = if stop == StopReason::NodeLimit {
            Answer::NodeLimit
        } else {
            answer
        };
        total_nodes += stats.nodes;
        search_time += stats.elapsed;
        let mut text = String::new();
        match answer {
            Answer::Solution(solved) if cli.pretty => {
                if k > 0 {
                    text.push('\n');
                }
                text.push_str(&solved.pretty());
            }
            Answer::Solution(solved) => {
                let _ = writeln!(text, "{solved}");
            }
            Answer::Count(n) => {
                let _ = writeln!(text, "{n}");
            }
            Answer::NoSolution => {
                if cli.pretty && k > 0 {
                    text.push('\n');
                }
                text.push_str("no solution\n");
            }
            Answer::NodeLimit => {
                if cli.pretty && k > 0 {
                    text.push('\n');
                }
                text.push_str("node limit\n");
            }
        }
        output::write(&text)?;
        if cli.stats {
            output::say!(
                "puzzle {} (line {line}): {} nodes, {:.3} ms{}",
                k + 1,
                stats.nodes,
                stats.elapsed.as_secs_f64() * 1e3,
                if stop == StopReason::NodeLimit {
                    ", node limit reached"
                } else {
                    ""
                }
            );
        }
    }
    if cli.stats {
        output::say!(
            "total: {} puzzles, {total_nodes} nodes, {:.3} ms searching, {:.3} ms in all",
            puzzles.len(),
            search_time.as_secs_f64() * 1e3,
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    Ok(())
}

/// `--count --checkpoint FILE`: counts the one puzzle `grid` (on input
/// line `line`) unit by unit on one thread with the library's runner,
/// resuming from FILE.
fn count_checkpointed(
    cli: &Cli,
    path: &str,
    line: usize,
    grid: &Grid,
    order: VariableOrder,
) -> Result<(), cli::Failure> {
    let rules = cli.rules.unwrap_or(Rules::Places);
    // The name holds the grid and the model: a checkpoint of another
    // puzzle or model belongs to another run.
    let name = format!(
        "sudoku-{}",
        long_count::fingerprint(&format!("{grid} {:?} {rules:?} {order:?}", cli.model))
    );
    let runner = Runner::new(name)
        .split(cli.depth.unwrap_or(Split::Auto))
        .threads(1)
        .node_limit(cli.node_limit.unwrap_or(u64::MAX))
        .checkpoint(path);
    let checkpoint = Some(path);
    let report = match (cli.model, rules) {
        (ModelKind::ExactCover, _) => long_count::run_in_turn(
            runner,
            SudokuCover::new(grid).problem_mut().model_mut(),
            checkpoint,
        ),
        (_, Rules::Lines) => {
            long_count::run_in_turn(runner, &mut sudoku_with(grid, order), checkpoint)
        }
        (_, Rules::Places) => {
            long_count::run_in_turn(runner, &mut sudoku_with_places(grid, order), checkpoint)
        }
        (_, Rules::AllDifferent) => {
            long_count::run_in_turn(runner, &mut sudoku_all_different(grid, order), checkpoint)
        }
    }?;
    let text = match report.total {
        Some(count) => format!("{count}\n"),
        None if report.stop == StopReason::NodeLimit => "node limit\n".to_owned(),
        None => {
            return Err(cli::Failure::input(format!(
                "the count stopped: {}",
                report.stop
            )));
        }
    };
    output::write(&text)?;
    if cli.stats {
        output::say!(
            "puzzle 1 (line {line}): {} nodes, {:.3} ms{}",
            report.stats.nodes,
            report.stats.elapsed.as_secs_f64() * 1e3,
            if report.stop == StopReason::NodeLimit {
                ", node limit reached"
            } else {
                ""
            }
        );
    }
    Ok(())
}

/// The trace of the search for the first solution of `grid`, in the
/// format `cli` asks for.
fn trace<C: Checkers<u8>>(model: &mut Model<u8, C>, grid: &Grid, cli: &Cli) -> String {
    let limit = cli.trace_limit.map_or(DEFAULT_EVENT_LIMIT, |k| {
        usize::try_from(k).unwrap_or(usize::MAX)
    });
    let mut trace = Trace::new().event_limit(limit).solution_limit(1);
    let outcome = model
        .search()
        .node_limit(cli.node_limit.unwrap_or(u64::MAX))
        .symmetry(false)
        .observer(&mut trace)
        .count();
    if cli.stats {
        output::say!(
            "nodes: {}, time: {:.3} ms, stop: {}",
            outcome.stats.nodes,
            outcome.stats.elapsed.as_secs_f64() * 1e3,
            outcome.stop
        );
    }
    match cli.trace_format.unwrap_or(TraceFormat::Text) {
        TraceFormat::Text => trace.text(&outcome.stats, &outcome.stop),
        TraceFormat::Dot => trace.dot(),
        TraceFormat::Html => {
            let size = grid.size();
            let b = grid.box_size();
            let view = HtmlView::grid(size, size, |cell, _, digit| {
                Some(Mark::new(cell / size, cell % size, digit))
            })
            .expect("a grid of at most MAX_BOX^4 = 81 cells")
            .boxes(b, b)
            .title(format!("Sudoku {grid}"));
            trace.html(&outcome.stats, &outcome.stop, &view)
        }
    }
}

/// A puzzle line: 16 characters make a 4 x 4 sudoku, anything else is
/// read as 9 x 9.
fn parse(line: &str) -> Result<Grid, backtracker_puzzles::sudoku::GridError> {
    if line.trim().chars().count() == 16 {
        Grid::parse_boxed(line, 2)
    } else {
        Grid::parse(line)
    }
}

/// Counts the solutions `search` finds, up to `--limit`.
fn count_up_to<V, C: Checkers<V>>(
    search: Search<'_, V, C>,
    cli: &Cli,
) -> (Answer, Stats, StopReason) {
    let cap = cli.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let outcome = search.for_each(|_| {
        found += 1;
        if found >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (Answer::Count(found), outcome.stats, outcome.stop)
}

/// Solves or counts one puzzle with its exact-cover model.
fn solve_cover(cover: &mut SudokuCover, cli: &Cli) -> (Answer, Stats, StopReason) {
    let limit = cli.node_limit.unwrap_or(u64::MAX);
    if cli.count {
        count_up_to(cover.problem_mut().search().node_limit(limit), cli)
    } else {
        let outcome = cover.problem_mut().search().node_limit(limit).first();
        let answer = match &outcome.value {
            Some(solution) => Answer::Solution(cover.grid(solution)),
            None => Answer::NoSolution,
        };
        (answer, outcome.stats, outcome.stop)
    }
}

/// Solves or counts one puzzle, `grid` (whose model is `model`).
fn solve<C: Checkers<u8>>(
    model: &mut Model<u8, C>,
    grid: &Grid,
    cli: &Cli,
) -> Result<(Answer, Stats, StopReason), String> {
    let limit = cli.node_limit.unwrap_or(u64::MAX);
    Ok(if cli.count {
        count_up_to(model.search().node_limit(limit), cli)
    } else {
        let outcome = model.search().node_limit(limit).first();
        let answer = match outcome.value {
            Some(values) => {
                Answer::Solution(Grid::new(grid.box_size(), values).map_err(|e| e.to_string())?)
            }
            None => Answer::NoSolution,
        };
        (answer, outcome.stats, outcome.stop)
    })
}
