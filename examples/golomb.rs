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
use common::optimum::{self, Answer, OptimumOptions, Task};
use common::output;

use std::process::ExitCode;

use backtracker::constraints::Objective;
use backtracker::{Assignment, Checker, Choice, Conflict, Domains, ModelBuilder, Sense};
use clap::Parser;
use cli::Failure;

/// The most marks accepted (rulers of 14 marks take days).
const MAX_MARKS: u64 = 16;

/// Finds the shortest Golomb ruler with N marks.
#[derive(Parser, Debug)]
#[command(
    name = "golomb",
    after_help = "Example: golomb 5 prints `length 11 (optimal)` and the marks `0 1 4 9 11`.\n\
                  Each shorter ruler found is reported on standard error as it is found;\n\
                  with --node-limit the answer is the best so far, marked `not proven`.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The number of marks, 1 to 16
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_MARKS))]
    marks: u64,

    #[command(flatten)]
    optimum: OptimumOptions,
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
    let marks: Vec<String> = best.values.iter().map(i64::to_string).collect();
    Ok(format!(
        "length {} ({})\n{}\n",
        best.cost,
        proof,
        marks.join(" ")
    ))
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
