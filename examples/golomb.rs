//! Optimal Golomb rulers: N marks on a ruler, all distances between two
//! marks different, and the ruler as short as it can be (OEIS A003022).
//!
//! ```text
//! cargo run --release --example golomb -- 5
//! length 11 (optimal)
//! 0 1 4 9 11
//! ```
//!
//! The model has one variable per mark, the first at 0, and one checker of
//! its own, `differences`: the marks increase, no distance repeats, and the
//! first gap is shorter than the last (a ruler and its mirror image are
//! one answer). Its narrowing keeps marks `i < j` at least
//! `(j - i)(j - i + 1) / 2` apart: the `j - i` gaps between them are
//! different whole numbers. The length is the last mark, an
//! [`Objective`] that the search minimises by branch and bound: each
//! ruler found makes every later one shorter, and the narrowing carries
//! that bound back to the earlier marks.
#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "marks, lengths and differences stay below MAX_MARKS squared, far inside every integer type"
)]
#![expect(
    clippy::many_single_char_names,
    reason = "marks and their differences in the usual letters of a ruler"
)]

use common::cli;
use common::long_count::parse_depth;
use common::optimum::{self, Answer, OptimumOptions, Task};
use common::output::{self, say};

use std::process::ExitCode;
use std::time::Instant;

use backtracker::constraints::Objective;
use backtracker::units::{Runner, Split};
use backtracker::{
    Assignment, Best, Checker, Checkers, Choice, Conflict, Domains, Goal, Model, ModelBuilder,
    Outcome, Sense,
};
use clap::Parser;
use cli::Failure;

/// The most marks accepted (rulers of 14 marks take days).
const MAX_MARKS: u64 = 16;

/// Split depth of a `--checkpoint` run unless `--depth` says otherwise:
/// the second mark's place, some `N²/2` units (each finished unit's line
/// is synced to disk, some milliseconds, so many small units would cost
/// more than their search; 10 marks: 64 units, 1.2 s against 0.95 s
/// without a checkpoint, where depth 3 gave 2,492 units and 10 s).
const DEFAULT_DEPTH: usize = 2;

/// Finds the shortest Golomb ruler with N marks.
#[derive(Parser, Debug)]
#[command(
    name = "golomb",
    after_help = "Example: golomb 5 prints `length 11 (optimal)` and the marks `0 1 4 9 11`.\n\
                  Each shorter ruler found is reported on standard error as it is found;\n\
                  with --node-limit the answer is the best so far, marked `not proven`.\n\
                  With --checkpoint FILE, each finished work unit's best is kept in FILE, and\n\
                  the same command run again resumes there: stopped at any moment, by Ctrl-C, a\n\
                  kill or --node-limit, it finds the optimum of an uninterrupted run.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The number of marks, 1 to 16
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_MARKS))]
    marks: u64,

    #[command(flatten)]
    optimum: OptimumOptions,

    /// Search the work units of a split in turn, keeping each finished
    /// unit's best ruler in FILE, and resume from FILE: units it holds are
    /// not searched again, and the search starts from the best ruler there
    #[arg(long, value_name = "FILE", conflicts_with_all = ["split", "unit", "merge", "cross_check"])]
    checkpoint: Option<String>,

    /// Split depth of a --checkpoint run: a number of marks, or `auto`
    /// (default 2)
    #[arg(long, value_name = "DEPTH", requires = "checkpoint", value_parser = parse_depth)]
    depth: Option<Split>,
}

/// The least distance between marks `i` and `j` `k = j - i` places apart:
/// `k` different gaps of at least 1, 2, ..., `k`.
fn least_span(k: usize) -> i64 {
    let k = k as i64;
    k * (k + 1) / 2
}

/// The marks increase, their distances differ, and the first gap is
/// shorter than the last.
#[derive(Clone, Debug)]
struct Differences {
    n: usize,
    /// Per mark, its position, or `None`.
    at: Vec<Option<i64>>,
    /// The marks assigned, in the order they were.
    assigned: Vec<usize>,
    /// Per distance, how many pairs of marks assigned have it.
    used: Vec<u32>,
}

impl Differences {
    fn new(n: usize, longest: i64) -> Self {
        Differences {
            n,
            at: vec![None; n],
            assigned: Vec::new(),
            used: vec![0; usize::try_from(longest).unwrap_or(0) + 1],
        }
    }

    /// Whether the first gap is shorter than the last, when both are known.
    fn breaks_mirror(&self, at: impl Fn(usize) -> Option<i64>) -> bool {
        let n = self.n;
        if n < 3 {
            return true;
        }
        match (at(0), at(1), at(n - 2), at(n - 1)) {
            (Some(a), Some(b), Some(c), Some(d)) => b - a < d - c,
            _ => true,
        }
    }
}

impl Checker<i64> for Differences {
    fn name(&self) -> &'static str {
        "differences"
    }

    fn check(&self, a: &Assignment<'_, i64>) -> bool {
        let marks: Vec<(usize, i64)> = a.iter().map(|(var, &v)| (var, v)).collect();
        let mut seen = std::collections::HashSet::new();
        for (x, &(i, u)) in marks.iter().enumerate() {
            for &(j, v) in &marks[x + 1..] {
                if (i < j) != (u < v) || u == v || !seen.insert((u - v).abs()) {
                    return false;
                }
            }
        }
        self.breaks_mirror(|var| a.get(var).copied())
    }

    /// The distances to the marks assigned: in order, none used before,
    /// none twice.
    fn promising(&self, _: &Assignment<'_, i64>, c: Choice<'_, i64>) -> bool {
        let (k, v) = (c.var, *c.value);
        let mut new = [0i64; MAX_MARKS as usize];
        for (len, &j) in self.assigned.iter().enumerate() {
            let Some(w) = self.at[j] else { continue };
            if (j < k) != (w < v) || w == v {
                return false;
            }
            let d = (v - w).abs();
            if self.used[d as usize] > 0 || new[..len].contains(&d) {
                return false;
            }
            new[len] = d;
        }
        self.breaks_mirror(|var| if var == k { Some(v) } else { self.at[var] })
    }

    fn narrows(&self) -> bool {
        true
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    /// Marks `i < j` at least [`least_span`]`(j - i)` apart: the least
    /// position of each mark from the marks before it, the greatest from
    /// the marks after it.
    fn narrow(&self, _: usize, d: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let n = self.n;
        let value = |d: &Domains<'_, i64>, var: usize, index: Option<usize>| {
            index.map(|i| d.domain(var)[i]).ok_or_else(Conflict::new)
        };
        for i in 1..n {
            let mut low = i64::MIN;
            for j in 0..i {
                low = low.max(value(d, j, d.min(j))? + least_span(i - j));
            }
            if value(d, i, d.min(i))? < low {
                d.retain(i, |x| x as i64 >= low)?;
            }
        }
        for i in (0..n - 1).rev() {
            let mut high = i64::MAX;
            for j in i + 1..n {
                high = high.min(value(d, j, d.max(j))? - least_span(j - i));
            }
            if value(d, i, d.max(i))? > high {
                d.retain(i, |x| x as i64 <= high)?;
            }
        }
        Ok(())
    }

    fn on_assign(&mut self, c: Choice<'_, i64>) {
        let v = *c.value;
        for &j in &self.assigned {
            if let Some(w) = self.at[j] {
                self.used[(v - w).unsigned_abs() as usize] += 1;
            }
        }
        self.at[c.var] = Some(v);
        self.assigned.push(c.var);
    }

    fn on_unassign(&mut self, c: Choice<'_, i64>) {
        self.assigned.pop();
        self.at[c.var] = None;
        let v = *c.value;
        for &j in &self.assigned {
            if let Some(w) = self.at[j] {
                self.used[(v - w).unsigned_abs() as usize] -= 1;
            }
        }
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let n = usize::try_from(cli.marks).map_err(Failure::input)?;
    // A ruler of n marks at most n² long exists (greedy rulers are
    // shorter up to 16 marks), so the search finds one.
    let longest = (n * n) as i64;
    let mut b = ModelBuilder::new();
    let marks: Vec<usize> = (0..n)
        .map(|i| {
            let top = if i == 0 { 0 } else { longest };
            b.variable(format!("m{i}"), 0..=top)
        })
        .collect();
    let length = Objective::variable("length", marks[n - 1]);
    let goal = length.goal();
    let mut model = b
        .build((Differences::new(n, longest), length))
        .map_err(Failure::input)?;
    if let Some(path) = &cli.checkpoint {
        let (best, proof) = checkpointed(cli, &mut model, &goal, path)?;
        return Ok(ruler(&best, &proof));
    }
    let task = Task {
        sense: Sense::Minimize,
        cost: "length",
        answer: "ruler",
    };
    let (best, proof) = match optimum::optimise(
        &mut model,
        &format!("golomb-{n}"),
        &goal,
        task,
        &cli.optimum,
    )? {
        Answer::Best(best, proof) => (best, proof),
        Answer::Lines(lines) => return Ok(lines),
    };
    Ok(ruler(&best, &proof))
}

/// The answer's lines: the length and the proof, then the marks.
fn ruler(best: &Best<i64>, proof: &str) -> String {
    let marks: Vec<String> = best.values.iter().map(i64::to_string).collect();
    format!("length {} ({proof})\n{}\n", best.cost, marks.join(" "))
}

/// `--checkpoint FILE`: branch and bound over the units of a split by the
/// library's runner, each finished unit's best kept in FILE, resumed from
/// it; the best ruler and `optimal` or why it is not proven.
fn checkpointed<C: Checkers<i64> + Clone + Send + Sync>(
    cli: &Cli,
    model: &mut Model<i64, C>,
    goal: &Goal,
    path: &str,
) -> Result<(Best<i64>, String), Failure> {
    let options = &cli.optimum;
    let mut runner = Runner::new(format!("golomb-{}", cli.marks))
        .split(cli.depth.unwrap_or(Split::Depth(DEFAULT_DEPTH)))
        .threads(options.threads)
        .node_limit(options.node_limit.unwrap_or(u64::MAX))
        .checkpoint(path);
    if let Some(bound) = options.bound {
        runner = runner.bound(bound);
    }
    let plan = runner
        .plan_best(model, Sense::Minimize)
        .map_err(Failure::input)?;
    if let Some(message) = plan.recovered() {
        say!("{message}");
    }
    if plan.resumed() > 0 {
        let best = plan.resumed_best().map_or(String::new(), |cost| {
            format!("; the best so far has length {cost}")
        });
        say!(
            "resuming from `{path}`: {} of {} units already searched{best}",
            plan.resumed(),
            plan.units()
        );
    }
    let start = Instant::now();
    let quiet = options.quiet;
    let report = plan
        .on_better(move |best| {
            if !quiet {
                say!("found length {} {:.3?}", best.cost, start.elapsed());
            }
        })
        .run(goal)
        .map_err(Failure::input)?;
    let outcome = Outcome {
        value: (),
        stats: report.stats.clone(),
        stop: report.stop.clone(),
    };
    cli::finished(&outcome, &options.search)?;
    let proof = if report.proven {
        "optimal".to_owned()
    } else {
        format!("not proven: {}", report.stop)
    };
    match report.best {
        Some(best) => Ok((best, proof)),
        None => Err(Failure::NotFound(match options.bound {
            Some(bound) if report.proven => {
                format!("no ruler better than {bound} (optimal: {bound} is)")
            }
            Some(bound) => format!("no ruler better than {bound} found ({proof})"),
            None => format!("no ruler found ({proof})"),
        })),
    }
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
