//! What the optimisation examples share: the options of a branch and bound
//! search, its progress on standard error (each improvement as it is
//! found), and the line that says whether the answer is proven.

use std::time::Instant;

use backtracker::{Best, Checkers, Goal, Observer, Search, Sense, StopReason};
use clap::Args;

use crate::cli::{self, Failure, SearchOptions};
use crate::output::say;

/// The options of the examples that search for the best solution.
#[derive(Args, Debug)]
pub struct OptimumOptions {
    /// Stop after this many nodes and print the best solution found so far
    /// (not proven optimal)
    #[arg(long, value_name = "NODES")]
    pub node_limit: Option<u64>,

    /// Print nothing on standard error as better solutions are found
    #[arg(long)]
    pub quiet: bool,

    /// `--stats` and `--cross-check`.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// What an example optimises: the sense, the name of the cost on the
/// progress lines (`length`), and of an answer in the error when none is
/// found (`ruler`).
#[derive(Clone, Copy, Debug)]
pub struct Task {
    /// Least or greatest.
    pub sense: Sense,
    /// The cost's name.
    pub cost: &'static str,
    /// An answer's name.
    pub answer: &'static str,
}

/// Runs branch and bound on `search` towards `task.sense` of `goal`, with
/// the node limit and cross-check mode of `options`. Unless quiet, writes
/// a line on standard error for each better solution as it is found (its
/// cost, the nodes so far and the time). Then the statistics when asked
/// for. Gives the best solution and `optimal`, or why it is not proven
/// (`not proven: node limit reached`): a node limit is no failure.
///
/// # Errors
///
/// A disagreement in cross-check mode, a cancelled search, or no solution
/// at all (`no ruler found (optimal)` when there is none, else why not).
pub fn optimise<V, C, O>(
    search: Search<'_, V, C, O>,
    goal: &Goal,
    task: Task,
    options: &OptimumOptions,
) -> Result<(Best<V>, String), Failure>
where
    V: Copy + TryInto<i64> + std::fmt::Debug,
    C: Checkers<V>,
    O: Observer<V>,
{
    let search = search
        .cross_check(options.search.cross_check)
        .node_limit(options.node_limit.unwrap_or(u64::MAX));
    let start = Instant::now();
    let mut improvements = search.improvements(goal, task.sense);
    while let Some(best) = improvements.next() {
        if !options.quiet {
            say!(
                "found {} {} after {} nodes, {:.3?}",
                task.cost,
                best.cost,
                improvements.stats().nodes,
                start.elapsed()
            );
        }
    }
    let mut outcome = improvements.finish();
    cli::finished(&outcome, &options.search)?;
    let proof = match &outcome.stop {
        StopReason::Completed => "optimal".to_owned(),
        stop => format!("not proven: {stop}"),
    };
    match outcome.value.best.take() {
        Some(best) => Ok((best, proof)),
        None => Err(Failure::NotFound(format!(
            "no {} found ({proof})",
            task.answer
        ))),
    }
}
