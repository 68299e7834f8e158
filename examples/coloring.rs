//! Colours a graph given in DIMACS `.col` format.
//!
//! ```text
//! cargo run --release --example coloring -- --colors 3 myciel3.col
//! cargo run --release --example coloring -- --chromatic myciel3.col
//! cargo run --release --example coloring -- --count --colors 3 < petersen.col
//! cargo run --release --example coloring -- --count --classes --colors 3 < petersen.col
//! cargo run --release --example coloring -- --estimate --colors 4 big.col
//! cargo run --release --example coloring -- --count --colors 4 --checkpoint run.ckpt big.col
//! ```
//!
//! `--estimate` prints, instead of counting, an estimate of the count and
//! of its search from random probes of the search tree: three lines,
//! `nodes`, `solutions` and `seconds`, each `VALUE LOW HIGH` (the 95%
//! interval); `--probes K` and `--seed S` set the probes and their seed.
//!
//! The format: `c` lines are comments, one `p edge V E` line gives the
//! number of vertices, and each `e U V` line is an edge (vertices from 1).

use common::cli;
use common::estimate;
use common::lines;
use common::long_count;
use common::output;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use backtracker::StopReason;
use backtracker::units::{Runner, Split};
use backtracker_puzzles::coloring::{ChromaticSearch, Graph, MAX_COLORS, coloring};
use clap::{ArgGroup, Parser};

/// Colour a graph read in DIMACS `.col` format (`c` comments, `p edge V E`,
/// `e U V` lines) so that the ends of every edge differ. Colours are
/// numbered from 0.
#[derive(Parser, Debug)]
#[command(name = "coloring", after_help = AFTER_HELP)]
#[command(group(ArgGroup::new("task").required(true).args(["colors", "chromatic"])))]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a command line's flags, each its own switch"
)]
struct Cli {
    /// The graph in DIMACS `.col` format (standard input when absent or `-`)
    file: Option<String>,

    /// Print a proper colouring with K colours, one `VERTEX COLOUR` line per
    /// vertex, or `no K-colouring`
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=MAX_COLORS as u64))]
    colors: Option<u64>,

    /// With --colors K: print the number of proper K-colourings instead
    #[arg(long, requires = "colors")]
    count: bool,

    /// With --count: also print the number of colourings up to a renaming
    /// of the colours, on a second line (each class is searched once)
    #[arg(long, requires = "count")]
    classes: bool,

    /// Print the chromatic number (the fewest colours of a proper
    /// colouring), by branch and bound; each better colouring found is
    /// reported on standard error
    #[arg(long, conflicts_with_all = ["colors", "count"])]
    chromatic: bool,

    /// With --chromatic: stop after this many nodes and print the fewest
    /// colours found so far, marked `not proven`
    #[arg(long, value_name = "NODES", requires = "chromatic")]
    node_limit: Option<u64>,

    /// With --chromatic: print nothing on standard error as better
    /// colourings are found
    #[arg(long, requires = "chromatic")]
    quiet: bool,

    /// With --colors K: instead of counting the K-colourings, estimate the
    /// count before running it: print the estimated nodes, colourings and
    /// CPU seconds of the count, one line each (`nodes VALUE LOW HIGH`, LOW
    /// and HIGH the 95% interval), from random probes of the search tree
    #[arg(long, requires = "colors", conflicts_with_all = ["chromatic", "count", "classes", "stats"])]
    estimate: bool,

    #[command(flatten)]
    probes: estimate::ProbeOptions,
    /// Print the search nodes and time to standard error
    #[arg(long)]
    stats: bool,

    /// With --count: count unit by unit (on one thread), appending each
    /// finished unit's result line to FILE, and skip the units FILE already
    /// holds (resume after Ctrl-C or a kill); not with --classes. FILE is
    /// first written once the units are planned, so a Ctrl-C before then
    /// loses only the planning
    #[arg(
        long,
        value_name = "FILE",
        requires = "count",
        conflicts_with = "classes"
    )]
    checkpoint: Option<String>,

    /// Split depth of a --checkpoint run: the vertices coloured before the
    /// units split, or `auto` (the default) for the depth the estimates
    /// recommend
    #[arg(long, value_name = "DEPTH", value_parser = long_count::parse_depth)]
    depth: Option<Split>,
}

const AFTER_HELP: &str = "\
Input: lines of at most 65536 bytes, at most 67108864 bytes in all; at most
1048576 vertices.

Exit status: 0 on success, 2 on bad input or when standard output cannot be
written (a closed pipe ends quietly with 0). Interrupted (Ctrl-C), the
program exits with code 130 at once: standard output keeps the whole lines
written before, never part of a line.";

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[
    ("count", &["colors"]),
    ("classes", &["count"]),
    ("estimate", &["colors"]),
    ("checkpoint", &["count"]),
    ("depth", &["checkpoint"]),
    ("probes", &["estimate"]),
    ("seed", &["estimate"]),
    ("node_limit", &["chromatic"]),
    ("quiet", &["chromatic"]),
];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    cli::exit(run(&cli).map_err(cli::Failure::Input))
}

/// The whole output, or the error message.
fn run(cli: &Cli) -> Result<String, String> {
    let text = lines::Lines::open(cli.file.as_deref(), lines::DEFAULT_LIMITS)?.read_all()?;
    let graph = Graph::parse_dimacs(&text).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let stats = |nodes: u64| {
        if cli.stats {
            output::say!(
                "nodes: {nodes}, time: {:.3} ms",
                started.elapsed().as_secs_f64() * 1e3
            );
        }
    };
    if cli.chromatic {
        let search = ChromaticSearch::new(&graph).node_limit(cli.node_limit.unwrap_or(u64::MAX));
        let mut first = true;
        let outcome = search
            .run(|found| {
                if !cli.quiet {
                    let how = if first {
                        "greedily".to_owned()
                    } else {
                        format!("after {} nodes", found.nodes)
                    };
                    output::say!(
                        "found {} colours {how}, {:.3?}",
                        found.colors,
                        started.elapsed()
                    );
                }
                first = false;
            })
            .map_err(|e| e.to_string())?;
        stats(outcome.stats.nodes);
        return Ok(match outcome.stop {
            StopReason::Completed => format!("{}\n", outcome.value.colors),
            stop => format!("{} (not proven: {stop})\n", outcome.value.colors),
        });
    }
    let k = usize::try_from(cli.colors.expect("clap requires --colors or --chromatic"))
        .expect("at most 64");
    let mut model = coloring(&graph, k).map_err(|e| e.to_string())?;
    if cli.estimate {
        let outcome = model
            .search()
            .estimate(cli.probes.probes(), cli.probes.seed());
        return Ok(estimate::lines(&outcome.value));
    }
    if cli.classes {
        let outcome = model.search().count_classes();
        stats(outcome.stats.nodes);
        return Ok(format!(
            "{}\n{}\n",
            outcome.value.solutions, outcome.value.classes
        ));
    }
    if let Some(path) = &cli.checkpoint {
        // The name holds the graph and K: a checkpoint of another
        // colouring belongs to another run.
        let name = format!(
            "coloring-{k}-{}",
            long_count::fingerprint(&format!("{} {:?}", graph.vertices(), graph.edges()))
        );
        let runner = Runner::new(name)
            .split(cli.depth.unwrap_or(Split::Auto))
            .threads(1)
            .checkpoint(path);
        let report = long_count::run(runner, &mut model, Some(path)).map_err(|e| e.to_string())?;
        stats(report.stats.nodes);
        let total = report
            .total
            .ok_or_else(|| format!("the count stopped: {}", report.stop))?;
        return Ok(format!("{total}\n"));
    }
    if cli.count {
        let outcome = model.search().count();
        stats(outcome.stats.nodes);
        return Ok(format!("{}\n", outcome.value));
    }
    let outcome = model.search().first();
    stats(outcome.stats.nodes);
    Ok(match outcome.value {
        Some(colors) => colors
            .iter()
            .enumerate()
            .fold(String::new(), |mut text, (i, c)| {
                let _ = writeln!(text, "{} {c}", i + 1);
                text
            }),
        None => format!("no {k}-colouring\n"),
    })
}
