//! What the optimisation examples share: the options of a branch and bound
//! search (threads, a starting bound, work units), its progress on
//! standard error (each improvement as it is found), and the line that
//! says whether the answer is proven.

use std::fs::File;
use std::io;
use std::time::Instant;

use backtracker::units::{BestLine, UnitLine, merge_best, read_best};
use backtracker::{Best, Checkers, Goal, Model, Outcome, Progress, Search, Sense, StopReason};
use clap::Args;

use crate::cli::{self, Failure, SearchOptions};
use crate::lines::shorten;
use crate::output::say;

/// The most units `--split` writes.
pub const MAX_UNITS: usize = 1_000_000;

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

    /// Search on K threads that share the best cost so far (0: one per
    /// core); the optimal cost is the same, and of several optimal answers
    /// any may be printed
    #[arg(long, value_name = "K", default_value_t = 1, conflicts_with_all = ["split", "unit", "merge"])]
    pub threads: usize,

    /// Look only for answers strictly better than COST, a cost reached
    /// before (by an earlier run, or another machine's unit); when none is
    /// better, an answer of cost COST is searched for, and called optimal
    /// only if found. COST outside the objective's least and greatest cost
    /// is refused
    #[arg(long, value_name = "COST", allow_negative_numbers = true, conflicts_with_all = ["split", "merge"])]
    pub bound: Option<i64>,

    /// Print the work units of the tree split at DEPTH variables, one a
    /// line, for `--unit` on other machines, and exit
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unit", "merge"])]
    pub split: Option<usize>,

    /// Search one work unit (a line of `--split`) and print its best as a
    /// result line, for `--merge`
    #[arg(long, value_name = "LINE", conflicts_with = "merge")]
    pub unit: Option<String>,

    /// Merge the result lines of every unit of a split (`-`: standard
    /// input) and print the best answer
    #[arg(long, value_name = "FILE")]
    pub merge: Option<String>,

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

/// What [`optimise`] gives: the best answer and its proof (`optimal`, or
/// why it is not proven), or the text to print instead (`--split` and
/// `--unit` lines).
#[derive(Debug)]
pub enum Answer<V> {
    /// The best solution, and `optimal` or `not proven: ...`.
    Best(Best<V>, String),
    /// Unit or result lines, each ending in a newline.
    Lines(String),
}

/// Runs branch and bound on `model` (called `name` in unit lines: the
/// example and its input, such as `golomb-10`) towards `task.sense` of
/// `goal`, as `options` say: on threads, from a bound, split into units,
/// one unit, or merging units' results. Unless quiet, writes a line on
/// standard error for each better solution as it is found (its cost, the
/// nodes so far and the time). Then the statistics when asked for. A node
/// limit is no failure: the best so far is `not proven: node limit
/// reached`.
///
/// # Errors
///
/// A disagreement in cross-check mode, a cancelled search, a unit that did
/// not finish, a bad unit line or result file, a bound outside the
/// objective's least and greatest cost, or no solution at all (`no ruler
/// found (optimal)` when there is none, else why not). From a bound that
/// nothing beats, a second search looks for an answer of the bound's cost:
/// found, it is the optimal answer; otherwise `no ruler has a length at
/// most 3: the bound was never reached`.
pub fn optimise<V, C>(
    model: &mut Model<V, C>,
    name: &str,
    goal: &Goal,
    task: Task,
    options: &OptimumOptions,
) -> Result<Answer<V>, Failure>
where
    V: Copy + TryInto<i64> + PartialEq + std::fmt::Debug + Send + Sync,
    C: Checkers<V> + Clone + Send + Sync,
{
    refuse_unused(options)?;
    if let Some(bound) = options.bound {
        check_bound(model, goal, task, bound)?;
    }
    if let Some(depth) = options.split {
        return split(model, name, depth);
    }
    if let Some(text) = &options.unit {
        return one_unit(model, name, goal, task, options, text);
    }
    if let Some(path) = &options.merge {
        return merge(model, name, goal, task, path);
    }
    let search = configured(model, options);
    let start = Instant::now();
    let progress = |best: &Best<V>, nodes: Option<u64>| {
        if !options.quiet {
            let nodes = nodes.map_or(String::new(), |n| format!(" after {n} nodes,"));
            say!(
                "found {} {}{nodes} {:.3?}",
                task.cost,
                best.cost,
                start.elapsed()
            );
        }
    };
    let mut outcome = if options.threads == 1 {
        let mut improvements = search.improvements(goal, task.sense);
        while let Some(best) = improvements.next() {
            progress(&best, Some(improvements.stats().nodes));
        }
        improvements.finish()
    } else {
        let search = search
            .on_progress(|p| {
                if let Progress::Better(best) = p {
                    progress(best, None);
                }
            })
            .threads(options.threads);
        match task.sense {
            Sense::Minimize => search.minimize(goal),
            Sense::Maximize => search.maximize(goal),
        }
    };
    cli::finished(&outcome, &options.search)?;
    let proof = proof(&outcome);
    match outcome.value.best.take() {
        Some(best) => Ok(Answer::Best(best, proof)),
        None => match options.bound {
            // Nothing better than the bound: the bound is optimal only
            // if some answer reaches it, which this run looks for.
            Some(bound) if outcome.stop.is_complete() => reach(model, goal, task, options, bound),
            bound => Err(none_found(task, bound, &proof)),
        },
    }
}

/// Refuses the options of a search beside `--split` and `--merge`, which
/// search nothing (clap refuses the other pairs that do not go together).
fn refuse_unused(options: &OptimumOptions) -> Result<(), Failure> {
    let mode = match (options.split, &options.merge) {
        (Some(_), _) => "--split",
        (None, Some(_)) => "--merge",
        (None, None) => return Ok(()),
    };
    let searching = [
        (options.node_limit.is_some(), "--node-limit"),
        (options.search.stats, "--stats"),
        (options.search.cross_check, "--cross-check"),
    ];
    match searching.iter().find(|(given, _)| *given) {
        Some((_, option)) => Err(Failure::input(format!(
            "{option} does not go with {mode}, which searches nothing"
        ))),
        None => Ok(()),
    }
}

/// The objective's least and greatest cost over the variables' domains.
fn cost_range<V: Copy + TryInto<i64>, C: Checkers<V>>(
    model: &Model<V, C>,
    goal: &Goal,
) -> (i64, i64) {
    let (mut lowest, mut highest) = (0i64, 0i64);
    for &(a, var) in goal.terms() {
        let costs = model
            .domain(var)
            .iter()
            .filter_map(|&v| v.try_into().ok())
            .map(|v: i64| a.saturating_mul(v));
        let (low, high) = costs.fold((i64::MAX, i64::MIN), |(l, h), c| (l.min(c), h.max(c)));
        lowest = lowest.saturating_add(low);
        highest = highest.saturating_add(high);
    }
    (lowest, highest)
}

/// Refuses a bound no answer can reach: below the objective's least cost
/// or above its greatest.
fn check_bound<V: Copy + TryInto<i64>, C: Checkers<V>>(
    model: &Model<V, C>,
    goal: &Goal,
    task: Task,
    bound: i64,
) -> Result<(), Failure> {
    let (lowest, highest) = cost_range(model, goal);
    if (lowest..=highest).contains(&bound) {
        return Ok(());
    }
    Err(Failure::input(format!(
        "--bound {bound}: no {} has that {}: it is at least {lowest} and at most {highest}",
        task.answer, task.cost
    )))
}

/// After a complete search found nothing better than `bound`: an answer
/// of cost `bound` itself, found by a search that admits it, is optimal;
/// when none exists, the bound was never reached.
fn reach<V, C>(
    model: &mut Model<V, C>,
    goal: &Goal,
    task: Task,
    options: &OptimumOptions,
    bound: i64,
) -> Result<Answer<V>, Failure>
where
    V: Copy + TryInto<i64> + PartialEq + std::fmt::Debug + Send + Sync,
    C: Checkers<V> + Clone + Send,
{
    let admitting = match task.sense {
        Sense::Minimize => bound.checked_add(1),
        Sense::Maximize => bound.checked_sub(1),
    };
    let search = configured(model, options);
    let search = match admitting {
        Some(admitting) => search.bound(admitting),
        None => search,
    };
    let mut improvements = search.improvements(goal, task.sense);
    let first = improvements.next();
    let outcome = improvements.finish();
    cli::finished(&outcome, &options.search)?;
    let most = match task.sense {
        Sense::Minimize => "at most",
        Sense::Maximize => "at least",
    };
    match first {
        Some(best) => Ok(Answer::Best(best, "optimal".to_owned())),
        None if outcome.stop == StopReason::Stopped || outcome.stop.is_complete() => {
            Err(Failure::NotFound(format!(
                "no {} has a {} {most} {bound}: the bound was never reached",
                task.answer, task.cost
            )))
        }
        None => Err(Failure::NotFound(format!(
            "no {} better than {bound}, and none of {} {bound} found ({})",
            task.answer,
            task.cost,
            proof(&outcome)
        ))),
    }
}

/// A search of `model` with the node limit, cross-check mode and bound of
/// `options`.
fn configured<'m, V: std::fmt::Debug, C: Checkers<V>>(
    model: &'m mut Model<V, C>,
    options: &OptimumOptions,
) -> Search<'m, V, C> {
    let search = model
        .search()
        .cross_check(options.search.cross_check)
        .node_limit(options.node_limit.unwrap_or(u64::MAX));
    match options.bound {
        Some(bound) => search.bound(bound),
        None => search,
    }
}

/// `optimal`, or why not.
fn proof<T>(outcome: &Outcome<T>) -> String {
    match &outcome.stop {
        StopReason::Completed => "optimal".to_owned(),
        stop => format!("not proven: {stop}"),
    }
}

/// The failure when no solution was found: none at all, or none better
/// than the bound (which is optimal only if it was reached, which this
/// run did not see).
fn none_found(task: Task, bound: Option<i64>, proof: &str) -> Failure {
    match bound {
        Some(bound) if proof == "optimal" => Failure::NotFound(format!(
            "no {} better than {bound}; none of {} {bound} was found here either, so {bound} is not proven reachable",
            task.answer, task.cost
        )),
        Some(bound) => Failure::NotFound(format!(
            "no {} better than {bound} found ({proof})",
            task.answer
        )),
        None => Failure::NotFound(format!("no {} found ({proof})", task.answer)),
    }
}

/// `--split DEPTH`: the unit lines.
fn split<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    name: &str,
    depth: usize,
) -> Result<Answer<V>, Failure> {
    if depth > model.len() {
        return Err(Failure::input(format!(
            "--split {depth}: the model has {} variables",
            model.len()
        )));
    }
    let units = model
        .split_at_most(depth, false, MAX_UNITS)
        .map_err(|e| Failure::input(format!("--split {depth}: {e}")))?;
    let mut text = String::new();
    for line in UnitLine::number(name, depth, false, units) {
        text.push_str(&line.to_string());
        text.push('\n');
    }
    Ok(Answer::Lines(text))
}

/// `--unit LINE`: the best of one unit, as a result line.
fn one_unit<V, C>(
    model: &mut Model<V, C>,
    name: &str,
    goal: &Goal,
    task: Task,
    options: &OptimumOptions,
    text: &str,
) -> Result<Answer<V>, Failure>
where
    V: Copy + TryInto<i64> + PartialEq + std::fmt::Debug,
    C: Checkers<V>,
{
    let line: UnitLine = text
        .trim()
        .parse()
        .map_err(|e| Failure::input(format!("--unit: {e}")))?;
    line.check_against(name, model)
        .map_err(|e| Failure::input(format!("--unit: {e}")))?;
    if line.symmetry {
        return Err(Failure::input(
            "--unit: a unit of a split with symmetry; branch and bound splits without",
        ));
    }
    let search = configured(model, options).units(std::slice::from_ref(&line.unit));
    let outcome = match task.sense {
        Sense::Minimize => search.minimize(goal),
        Sense::Maximize => search.maximize(goal),
    };
    cli::finished(&outcome, &options.search)?;
    if !outcome.stop.is_complete() {
        return Err(Failure::NotFound(format!(
            "unit {} not finished ({}): no result line written",
            line.index,
            proof(&outcome)
        )));
    }
    let best = match outcome.value.best {
        Some(best) => Some((best.cost, indices(model, &best.values)?)),
        None => None,
    };
    let result = BestLine {
        unit: line,
        sense: task.sense,
        bound: options.bound,
        best,
    };
    Ok(Answer::Lines(format!("{result}\n")))
}

/// A solution's values as domain indices.
fn indices<V: PartialEq, C: Checkers<V>>(
    model: &Model<V, C>,
    values: &[V],
) -> Result<Vec<u32>, Failure> {
    values
        .iter()
        .enumerate()
        .map(|(var, value)| {
            model
                .domain(var)
                .iter()
                .position(|v| v == value)
                .and_then(|i| u32::try_from(i).ok())
                .ok_or_else(|| Failure::input("a solution's value is outside its domain"))
        })
        .collect()
}

/// `--merge FILE`: the best of a run's result lines, checked against the
/// model.
fn merge<V, C>(
    model: &mut Model<V, C>,
    name: &str,
    goal: &Goal,
    task: Task,
    path: &str,
) -> Result<Answer<V>, Failure>
where
    V: Copy + TryInto<i64>,
    C: Checkers<V>,
{
    let shown = if path == "-" {
        "standard input".to_owned()
    } else {
        shorten(path)
    };
    let results = if path == "-" {
        read_best(io::stdin().lock())
    } else {
        let file =
            File::open(path).map_err(|e| Failure::input(format!("cannot read `{shown}`: {e}")))?;
        read_best(file)
    }
    .map_err(|e| Failure::input(format!("{shown} {e}")))?;
    if results.is_empty() {
        return Err(Failure::input(format!("{shown} holds no result lines")));
    }
    if let Some(other) = results.iter().find(|r| r.bound != results[0].bound) {
        let bound = |b: Option<i64>| b.map_or("none".to_owned(), |b| b.to_string());
        return Err(Failure::input(format!(
            "{shown}: units searched from different bounds ({} and {}): merge the units of one run",
            bound(results[0].bound),
            bound(other.bound)
        )));
    }
    let merged =
        merge_best(&results, Some(name)).map_err(|e| Failure::input(format!("{shown}: {e}")))?;
    if merged.sense != task.sense {
        return Err(Failure::input(format!(
            "{shown}: result lines of the other sense"
        )));
    }
    let bound = merged.bound;
    match merged.best {
        Some((cost, solution, unit)) if merged.optimum() == Some(cost) => {
            let values = model
                .solution_of(&solution)
                .filter(|values| goal.cost(values) == Some(cost))
                .ok_or_else(|| {
                    Failure::input(format!(
                        "{shown}: unit {unit}'s solution is not a solution of {name} of cost {cost}"
                    ))
                })?;
            Ok(Answer::Best(Best { values, cost }, "optimal".to_owned()))
        }
        _ => Err(none_found(task, bound, "optimal")),
    }
}
