//! What the optimisation examples share: the options of a branch and bound
//! search, its progress on standard error (each improvement as it is
//! found), and the line that says whether the answer is proven.

use std::time::Instant;

use backtracker::{Checkers, Goal, Observer, Optimum, Outcome, Search, Sense, StopReason};
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

/// Runs branch and bound on `search` towards `sense` of `goal`, with the
/// node limit and cross-check mode of `options`. Unless quiet, writes a
/// line on standard error for each better solution as it is found (its
/// cost as `what` names it, the nodes so far and the time). Then the
/// statistics when asked for, and the failures of [`cli::checked`]; a
/// node limit is no failure: the answer is the best so far.
///
/// # Errors
///
/// A disagreement in cross-check mode, or a cancelled search.
pub fn optimise<V, C, O>(
    search: Search<'_, V, C, O>,
    goal: &Goal,
    sense: Sense,
    options: &OptimumOptions,
    what: &str,
) -> Result<Outcome<Optimum<V>>, Failure>
where
    V: Copy + TryInto<i64> + std::fmt::Debug,
    C: Checkers<V>,
    O: Observer<V>,
{
    let search = search
        .cross_check(options.search.cross_check)
        .node_limit(options.node_limit.unwrap_or(u64::MAX));
    let start = Instant::now();
    let mut improvements = search.improvements(goal, sense);
    while let Some(best) = improvements.next() {
        if !options.quiet {
            say!(
                "found {what} {} after {} nodes, {:.3?}",
                best.cost,
                improvements.stats().nodes,
                start.elapsed()
            );
        }
    }
    let outcome = improvements.finish();
    cli::finished(&outcome, &options.search)?;
    Ok(outcome)
}

/// `optimal`, or why the answer is not proven: `not proven: node limit
/// reached`.
pub fn proof(outcome: &Outcome<Optimum<impl Sized>>) -> String {
    match &outcome.stop {
        StopReason::Completed => "optimal".to_owned(),
        stop => format!("not proven: {stop}"),
    }
}
