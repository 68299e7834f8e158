//! The textbook map colouring: the seven regions of Australia with three
//! colours, neighbours different.
//!
//! ```text
//! cargo run --example map_coloring              # the first colouring
//! cargo run --example map_coloring -- --count   # 18
//! cargo run --example map_coloring -- --trace   # the whole search tree
//! cargo run --example map_coloring -- --trace --trace-format html > tree.html
//! ```

use common::cli;
use common::output;

use std::fmt::Write as _;
use std::process::ExitCode;

use backtracker::trace::{HtmlView, Trace};
use backtracker_puzzles::coloring::{AUSTRALIA_REGIONS, australia};
use clap::{Parser, ValueEnum};

/// Colour the map of Australia (WA, NT, SA, Q, NSW, V, T) with red, green
/// and blue so that neighbouring regions differ. Prints the first
/// colouring, one `REGION COLOUR` line per region.
#[derive(Parser, Debug)]
#[command(name = "map_coloring", after_help = output::INTERRUPT_HELP)]
struct Cli {
    /// Print the number of colourings instead
    #[arg(long, conflicts_with = "trace")]
    count: bool,

    /// Print the whole search tree, one step a line, with statistics
    #[arg(long)]
    trace: bool,

    /// The trace as `text`, as a Graphviz `dot` digraph, or as an `html`
    /// page that replays the search
    #[arg(long, value_enum, value_name = "FORMAT", requires = "trace")]
    trace_format: Option<TraceFormat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TraceFormat {
    Text,
    Dot,
    Html,
}

/// The options that mean nothing without another (see `cli::Needs`).
const NEEDS: cli::Needs = &[("trace_format", &["trace"])];

fn main() -> ExitCode {
    let cli: Cli = cli::parse_needing(NEEDS);
    output::exit_on_interrupt();
    let mut model = australia();
    let text = if cli.count {
        format!("{}\n", model.search().count().value)
    } else if cli.trace {
        let mut trace = Trace::new();
        let outcome = model.search().symmetry(false).observer(&mut trace).count();
        match cli.trace_format.unwrap_or(TraceFormat::Text) {
            TraceFormat::Text => trace.text(&outcome.stats, &outcome.stop),
            TraceFormat::Dot => trace.dot(),
            TraceFormat::Html => {
                let view = HtmlView::rows().title("The map of Australia in three colours");
                trace.html(&outcome.stats, &outcome.stop, &view)
            }
        }
    } else {
        let colors = model
            .search()
            .first()
            .value
            .expect("Australia is 3-colourable");
        AUSTRALIA_REGIONS
            .iter()
            .zip(colors)
            .fold(String::new(), |mut out, (region, color)| {
                let _ = writeln!(out, "{region} {color}");
                out
            })
    };
    cli::exit(Ok(text))
}
