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
//! bound. The search runs twice: first 2,000 nodes in the order the
//! dispatching schedule starts the operations (good schedules soon), then
//! smallest domain first below the best found (a proof sooner).

use std::fmt::Write;
use std::process::ExitCode;

use backtracker::constraints::{LinearSum, NoOverlap, Objective};
use std::time::Instant;

use backtracker::{
    Best, Checker, DynChecker, Goal, Model, ModelBuilder, Sense, StopReason, VariableOrder,
};
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

/// The instance's text (a byte-order mark skipped), within the readers'
/// limits.
fn read(file: &str) -> Result<String, Failure> {
    common::lines::read_text(file).map_err(Failure::input)
}

/// The nodes of the first phase, in the dispatching order, before the
/// second (smallest domain first, below the best of the first).
const FIRST_PHASE: u64 = 2_000;

/// The model of a job shop.
type Shop = Model<i64, Vec<DynChecker<i64>>>;

/// The model of `shop` within makespan `upper`: its variables (per job,
/// its starts), the makespan's goal, and the model, searched in the order
/// the dispatching schedule `greedy` starts the operations, or smallest
/// domain first.
fn model(
    shop: &JobShop,
    greedy: &[Vec<i64>],
    upper: i64,
    smallest_first: bool,
) -> Result<(Vec<Vec<usize>>, Goal, Shop), Failure> {
    let mut b = ModelBuilder::new();
    // Per job and operation, its start: no earlier than the work before it
    // in its job, no later than leaves room for the work after it,
    // declared in the order the dispatching schedule starts them.
    let mut order: Vec<(i64, usize, usize)> = greedy
        .iter()
        .enumerate()
        .flat_map(|(j, times)| times.iter().enumerate().map(move |(k, &t)| (t, j, k)))
        .collect();
    order.sort_unstable();
    let mut starts: Vec<Vec<usize>> = shop.jobs.iter().map(|_| Vec::new()).collect();
    for &(_, j, k) in &order {
        let ops = &shop.jobs[j];
        let before: i64 = ops[..k].iter().map(|op| op.1).sum();
        let after: i64 = ops[k..].iter().map(|op| op.1).sum();
        starts[j].push(b.variable(format!("j{j}o{k}"), before..=upper - after));
    }
    let makespan = b.variable("makespan", shop.lower_bound()..=upper);
    if smallest_first {
        b.order(VariableOrder::SmallestDomainFirst);
    }
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
    let model = b.build(checkers).map_err(Failure::input)?;
    Ok((starts, goal, model))
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let text = read(&cli.file)?;
    let shop = JobShop::parse(&text).map_err(Failure::input)?;
    let (greedy, upper) = shop.greedy();
    let lower = shop.lower_bound();
    let limit = cli.node_limit.unwrap_or(u64::MAX);
    let clock = Instant::now();
    let mut best: Option<Best<i64>> = None;
    let mut starts = Vec::new();
    let mut ended = StopReason::Completed;
    let mut nodes = 0;
    // First in the dispatching order (which finds good schedules soon),
    // then smallest domain first below its best (which proves sooner).
    for smallest_first in [false, true] {
        let (vars, goal, mut model) = model(&shop, &greedy, upper, smallest_first)?;
        starts = vars;
        let budget = if smallest_first {
            limit.saturating_sub(nodes)
        } else {
            limit.min(FIRST_PHASE)
        };
        let mut search = model
            .search()
            .cross_check(cli.cross_check)
            .node_limit(budget);
        if let Some(found) = &best {
            search = search.bound(found.cost);
        }
        let mut improvements = search.improvements(&goal, Sense::Minimize);
        while let Some(found) = improvements.next() {
            if !cli.quiet {
                say!(
                    "found makespan {} after {} nodes, {:.3?}",
                    found.cost,
                    nodes + improvements.stats().nodes,
                    clock.elapsed()
                );
            }
        }
        let mut outcome = improvements.finish();
        cli::checked(&outcome)?;
        nodes += outcome.stats.nodes;
        if let Some(found) = outcome.value.best.take() {
            best = Some(found);
        }
        ended = outcome.stop;
        let out_of_nodes = nodes >= limit;
        if ended == StopReason::Completed || out_of_nodes {
            break;
        }
    }
    let proof = match &ended {
        StopReason::Completed => "optimal".to_owned(),
        reason => format!("not proven: {reason}, lower bound {lower}"),
    };
    let best = best.ok_or_else(|| Failure::NotFound(format!("no schedule found ({proof})")))?;
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
