//! Job-shop scheduling: jobs of operations, each on one machine for a
//! fixed time, in the job's order; a machine runs one operation at a time;
//! the makespan (when the last operation ends) as short as it can be.
//!
//! ```text
//! cargo run --release --example jobshop -- examples/data/ft06.txt
//! makespan 55 (optimal)
//! job 0: 5 6 16 30 42 49
//! ...
//! ```
//!
//! The file is in the OR-Library and Taillard form: a line with the
//! numbers of jobs and machines, then one line per job of `machine
//! duration` pairs in order, machines numbered from 0. The model has a
//! start variable per operation, within the makespan of a dispatching
//! schedule; a [`NoOverlap`] per machine; a [`LinearSum`] per pair of
//! successive operations of a job; and the makespan as a variable at least
//! each job's end, an [`Objective`] the search minimises by branch and
//! bound.

use std::fmt::Write;
use std::process::ExitCode;

use backtracker::constraints::{LinearSum, NoOverlap, Objective};
use std::time::Instant;

use backtracker::{Checker, DynChecker, ModelBuilder, Sense, StopReason, VariableOrder};
use clap::Parser;
use common::cli::{self, Failure};
use common::jobshop::JobShop;
use common::output::{self, say};

/// Finds a schedule of least makespan for a job shop.
#[derive(Parser, Debug)]
#[command(
    name = "jobshop",
    after_help = "Example: jobshop examples/data/ft06.txt prints `makespan 55 (optimal)` and then,\n\
                  per job, the start times of its operations in order.\n\
                  FILE: a line `JOBS MACHINES`, then per job its `MACHINE DURATION` pairs in order\n\
                  (machines from 0), as in OR-Library and Taillard's instances; `-` reads standard input.\n\
                  Each shorter schedule found is reported on standard error as it is found;\n\
                  with --node-limit the answer is the best so far, `not proven`, with a lower bound."
)]
struct Cli {
    /// The instance file (`-`: standard input)
    #[arg(value_name = "FILE")]
    file: String,

    /// Stop after this many nodes and print the best schedule found so
    /// far (not proven optimal) with a lower bound
    #[arg(long, value_name = "NODES")]
    node_limit: Option<u64>,

    /// Print nothing on standard error as better schedules are found
    #[arg(long)]
    quiet: bool,

    /// Check every narrowing against the checkers' own `check` (slow)
    #[arg(long)]
    cross_check: bool,
}

fn read(file: &str) -> Result<String, Failure> {
    if file == "-" {
        std::io::read_to_string(std::io::stdin())
            .map_err(|e| Failure::input(format!("cannot read standard input: {e}")))
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| Failure::input(format!("cannot read `{file}`: {e}")))
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let text = read(&cli.file)?;
    let shop = JobShop::parse(&text).map_err(Failure::input)?;
    let (_, upper) = shop.greedy();
    let lower = shop.lower_bound();
    let mut b = ModelBuilder::new();
    // Per job and operation, its start: no earlier than the work before it
    // in its job, no later than leaves room for the work after it.
    let mut starts: Vec<Vec<usize>> = shop.jobs.iter().map(|_| Vec::new()).collect();
    let depth = shop.jobs.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..depth {
        for (j, ops) in shop.jobs.iter().enumerate() {
            if k < ops.len() {
                let before: i64 = ops[..k].iter().map(|op| op.1).sum();
                let after: i64 = ops[k..].iter().map(|op| op.1).sum();
                starts[j].push(b.variable(format!("j{j}o{k}"), before..=upper - after));
            }
        }
    }
    let makespan = b.variable("makespan", lower..=upper);
    b.order(VariableOrder::SmallestDomainFirst);
    let mut checkers: Vec<DynChecker<i64>> = Vec::new();
    for m in 0..shop.machines {
        let tasks: Vec<(usize, i64)> = shop
            .jobs
            .iter()
            .zip(&starts)
            .flat_map(|(ops, vars)| {
                ops.iter()
                    .zip(vars)
                    .filter(|(op, _)| op.0 == m)
                    .map(|(op, &var)| (var, op.1))
            })
            .collect();
        if tasks.len() > 1 {
            checkers.push(NoOverlap::new(format!("machine {m}"), tasks).boxed());
        }
    }
    for (j, (ops, vars)) in shop.jobs.iter().zip(&starts).enumerate() {
        for k in 1..ops.len() {
            // start(k - 1) + duration(k - 1) <= start(k)
            let rule = LinearSum::at_most(
                format!("job {j} step {k}"),
                [(1, vars[k - 1]), (-1, vars[k])],
                -ops[k - 1].1,
            );
            checkers.push(rule.boxed());
        }
        if let (Some(&last), Some(op)) = (vars.last(), ops.last()) {
            let end =
                LinearSum::at_most(format!("job {j} end"), [(1, last), (-1, makespan)], -op.1);
            checkers.push(end.boxed());
        }
    }
    let objective = Objective::variable("makespan", makespan);
    let goal = objective.goal();
    checkers.push(objective.boxed());
    let mut model = b.build(checkers).map_err(Failure::input)?;
    let start = Instant::now();
    let mut improvements = model
        .search()
        .cross_check(cli.cross_check)
        .node_limit(cli.node_limit.unwrap_or(u64::MAX))
        .improvements(&goal, Sense::Minimize);
    while let Some(best) = improvements.next() {
        if !cli.quiet {
            let nodes = improvements.stats().nodes;
            say!(
                "found makespan {} after {nodes} nodes, {:.3?}",
                best.cost,
                start.elapsed()
            );
        }
    }
    let mut outcome = improvements.finish();
    cli::checked(&outcome)?;
    let proof = match &outcome.stop {
        StopReason::Completed => "optimal".to_owned(),
        reason => format!("not proven: {reason}, lower bound {lower}"),
    };
    let best = outcome
        .value
        .best
        .take()
        .ok_or_else(|| Failure::NotFound(format!("no schedule found ({proof})")))?;
    let mut out = format!("makespan {} ({proof})\n", best.cost);
    for (j, vars) in starts.iter().enumerate() {
        let times: Vec<String> = vars.iter().map(|&v| best.values[v].to_string()).collect();
        writeln!(out, "job {j}: {}", times.join(" ")).map_err(Failure::input)?;
    }
    Ok(out)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
