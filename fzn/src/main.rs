//! `fzn-backtracker`: a FlatZinc solver on backtracker, for MiniZinc.
//!
//! ```text
//! fzn-backtracker --install                 # registers it with MiniZinc
//! minizinc --solver backtracker -a model.mzn
//! fzn-backtracker -a model.fzn              # a FlatZinc file directly
//! ```

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use backtracker_fzn::{Ended, Options, TraceFormat};
use clap::{Parser, ValueEnum};

/// The drawing of `--trace`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// Indented text, one event a line.
    Text,
    /// A Graphviz digraph.
    Dot,
    /// A web page that replays the search.
    Html,
}

/// Solves a FlatZinc model on backtracker and prints its solutions as the
/// FlatZinc specification asks (MiniZinc reads them back).
#[derive(Debug, Parser)]
#[command(
    name = "fzn-backtracker",
    version,
    after_help = "Examples:\n  fzn-backtracker --install                     # then: minizinc --solver backtracker model.mzn\n  fzn-backtracker -a model.fzn                  # every solution\n  fzn-backtracker --count model.fzn             # the number of solutions\n  fzn-backtracker --trace --trace-format dot model.fzn | dot -Tsvg > tree.svg"
)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one field per command-line switch"
)]
struct Cli {
    /// The FlatZinc file.
    #[arg(required_unless_present = "install")]
    file: Option<PathBuf>,
    /// Every solution of a satisfaction model; every improvement of an
    /// optimisation model.
    #[arg(short = 'a', long = "all-solutions")]
    all: bool,
    /// At most N solutions.
    #[arg(short = 'n', long = "num-solutions", value_name = "N")]
    solutions: Option<u64>,
    /// Print every improvement of an optimisation model.
    #[arg(short = 'i', long = "intermediate")]
    intermediate: bool,
    /// Free search: ignore the search annotation (smallest domain first).
    #[arg(short = 'f', long = "free-search")]
    free: bool,
    /// Print statistics (`%%%mzn-stat:` lines).
    #[arg(short = 's', long = "statistics")]
    stats: bool,
    /// Stop after MS milliseconds.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    time_limit: Option<u64>,
    /// Threads for counting and branch and bound (1: one thread).
    #[arg(short = 'p', long = "parallel", value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Random seed (accepted; the search is deterministic).
    #[arg(short = 'r', long = "random-seed", value_name = "SEED")]
    seed: Option<i64>,
    /// Print the number of solutions only.
    #[arg(long, conflicts_with = "trace")]
    count: bool,
    /// Print the search tree (the variables under their FlatZinc names)
    /// instead of the solutions.
    #[arg(long)]
    trace: bool,
    /// The format of `--trace`.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "trace")]
    trace_format: Option<Format>,
    /// Check every checker's answers against its definition (slow).
    #[arg(long)]
    cross_check: bool,
    /// The most values one variable may have.
    #[arg(long, value_name = "N")]
    max_domain: Option<u64>,
    /// Write the solver configuration for MiniZinc into DIR (default
    /// ~/.minizinc/solvers), with the solver library beside it.
    #[arg(long, value_name = "DIR", num_args = 0..=1, default_missing_value = "")]
    install: Option<String>,
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn install(dir: &str) -> ExitCode {
    let dir = if dir.is_empty() {
        let Some(home) = std::env::var_os("HOME") else {
            return fail("HOME is not set: give the directory, --install DIR");
        };
        PathBuf::from(home).join(".minizinc").join("solvers")
    } else {
        PathBuf::from(dir)
    };
    let exe = match std::env::current_exe().and_then(std::fs::canonicalize) {
        Ok(exe) => exe,
        Err(e) => return fail(&format!("cannot find this program's path: {e}")),
    };
    match backtracker_fzn::install(&dir, &exe) {
        Ok(msc) => {
            println!("{}", msc.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("cannot write into {}: {e}", dir.display())),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &cli.install {
        return install(dir);
    }
    let Some(path) = &cli.file else {
        return fail("no FlatZinc file given");
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return fail(&format!("cannot read {}: {e}", path.display())),
    };
    let program = match backtracker_fzn::read(&text) {
        Ok(p) => p,
        Err(e) => return fail(&format!("{}: {e}", path.display())),
    };
    let options = Options {
        all: cli.all,
        solutions: cli.solutions,
        intermediate: cli.intermediate,
        free: cli.free,
        stats: cli.stats,
        time_limit: cli.time_limit,
        threads: cli.threads,
        count: cli.count,
        trace: cli.trace.then_some(match cli.trace_format {
            None | Some(Format::Text) => TraceFormat::Text,
            Some(Format::Dot) => TraceFormat::Dot,
            Some(Format::Html) => TraceFormat::Html,
        }),
        cross_check: cli.cross_check,
        max_domain: cli.max_domain,
    };
    let _ = cli.seed;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = backtracker_fzn::solve(&program, &options, &mut out);
    let _ = out.flush();
    match result {
        Ok(Ended::Answered) => ExitCode::SUCCESS,
        Ok(Ended::Disagreement(d)) => {
            eprintln!("error: cross-check: {d}");
            ExitCode::from(1)
        }
        Err(e) => fail(&format!("{}: {e}", path.display())),
    }
}
