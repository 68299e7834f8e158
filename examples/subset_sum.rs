//! Subset sum: which of the given numbers add up to the target?
//!
//! ```text
//! cargo run --release --example subset_sum -- 9 3 34 4 12 5 2
//! 3 + 4 + 2 = 9
//! ```
//!
//! The model has one yes/no variable per number ("is it in the subset?"),
//! yes tried first, and one checker, `bounds`, which shows what a bounding
//! checker looks like. It keeps two running totals with its
//! `on_assign`/`on_unassign` hooks: the sum of the numbers taken so far, and
//! the total of the numbers not decided yet. A partial choice is rejected
//! as soon as the sum exceeds the target, or the sum plus everything still
//! undecided falls short of it, so whole subtrees are cut at once. With
//! `--narrow` the same bound also narrows what comes next: after each step,
//! a number too large to take is left out, one the target cannot do
//! without is taken, and a number that can be neither ends the branch
//! there and then.

use common::cli;
use common::output;

use std::process::ExitCode;

use backtracker::{Assignment, Candidates, Checker, Choice, Conflict, Domains, ModelBuilder};
use clap::Parser;
use cli::{Failure, SearchOptions};

/// Finds a subset of the numbers that adds up to the target.
#[derive(Parser, Debug)]
#[command(
    name = "subset_sum",
    allow_negative_numbers = true,
    after_help = "Example: subset_sum 9 3 34 4 12 5 2 prints 3 + 4 + 2 = 9.\n\
                  Subsets are of positions: equal numbers at two positions make two subsets.\n\
                  Prints `no subset` when there is none.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The sum to reach
    #[arg(value_name = "TARGET")]
    target: u64,

    /// The numbers to choose from (whole numbers, 0 or more)
    #[arg(value_name = "NUMBER", required = true)]
    numbers: Vec<u64>,

    /// Print every subset that adds up to the target, one a line
    #[arg(long, conflicts_with = "count")]
    all: bool,

    /// Print the number of such subsets
    #[arg(long)]
    count: bool,

    /// Also narrow the numbers still to decide after each step (a number
    /// too large to take is left out, one the target cannot do without is
    /// taken): fewer nodes, each dearer
    #[arg(long)]
    narrow: bool,

    #[command(flatten)]
    search: SearchOptions,
}

/// Domain index of "take the number" (the value `true`, tried first).
const TAKE: usize = 0;
/// Domain index of "leave it out" (the value `false`).
const LEAVE: usize = 1;

/// Keeps the subset's sum within reach of the target: the numbers taken
/// so far must not exceed it, and together with the undecided numbers they
/// must still reach it.
#[derive(Clone, Debug)]
struct Bounds {
    numbers: Vec<u128>,
    target: u128,
    /// The sum of the numbers taken so far.
    taken: u128,
    /// The total of the numbers not decided yet.
    undecided: u128,
    /// The numbers' positions, largest number first.
    largest_first: Vec<usize>,
    /// Whether to narrow.
    narrow: bool,
}

impl Bounds {
    fn new(numbers: &[u64], target: u64, narrow: bool) -> Bounds {
        let numbers: Vec<u128> = numbers.iter().map(|&x| u128::from(x)).collect();
        let undecided = numbers.iter().sum();
        let mut largest_first: Vec<usize> = (0..numbers.len()).collect();
        largest_first.sort_by_key(|&var| std::cmp::Reverse(numbers[var]));
        Bounds {
            numbers,
            target: u128::from(target),
            taken: 0,
            undecided,
            largest_first,
            narrow,
        }
    }

    /// Whether a partial choice with these totals can still reach the target.
    #[inline]
    fn within(&self, taken: u128, undecided: u128) -> bool {
        taken <= self.target && taken + undecided >= self.target
    }

    /// Whether deciding number `var` (`take` or not) keeps the totals within bounds.
    #[inline]
    fn allows(&self, var: usize, take: bool) -> bool {
        let x = self.numbers[var];
        let taken = if take { self.taken + x } else { self.taken };
        self.within(taken, self.undecided - x)
    }
}

impl Checker<bool> for Bounds {
    fn name(&self) -> &'static str {
        "bounds"
    }

    /// From scratch: add up the taken numbers and the undecided ones.
    fn check(&self, assignment: &Assignment<'_, bool>) -> bool {
        let (mut taken, mut undecided) = (0, 0);
        for (var, &x) in self.numbers.iter().enumerate() {
            match assignment.get(var) {
                Some(true) => taken += x,
                Some(false) => {}
                None => undecided += x,
            }
        }
        self.within(taken, undecided)
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, bool>, choice: Choice<'_, bool>) -> bool {
        self.allows(choice.var, *choice.value)
    }

    /// Both values at once: the domain is `[true, false]`, one word.
    #[inline]
    fn filter(&self, _: &Assignment<'_, bool>, var: usize, candidates: &mut Candidates<'_>) {
        let take = u64::from(self.allows(var, true)) << TAKE;
        let leave = u64::from(self.allows(var, false)) << LEAVE;
        candidates.words_mut()[0] &= take | leave;
    }

    fn narrows(&self) -> bool {
        self.narrow
    }

    /// `narrow` reads the totals, whichever number changed, and a second
    /// call removes nothing: once per step is enough.
    fn narrows_whole_scope(&self) -> bool {
        true
    }

    /// After each step, every number not decided yet keeps only the
    /// choices the totals still allow: a number too large to take must be
    /// left out, one the target cannot do without must be taken, and a
    /// number that can be neither ends the branch at once.
    fn narrow(&self, _: usize, domains: &mut Domains<'_, bool>) -> Result<(), Conflict> {
        if !self.narrow {
            // Narrowing is a setting: without `--narrow`, `narrows` is
            // false and this is never asked during a search.
            domains.narrowing_off();
            return Ok(());
        }
        // Only a number larger than what is still missing (it cannot be
        // taken) or than what the others could add beyond it (it cannot be
        // left out) is narrowed: the largest first, until they get small.
        let missing = self.target - self.taken;
        let spare = self.undecided.saturating_sub(missing);
        for &var in &self.largest_first {
            if self.numbers[var] <= missing.min(spare) {
                break;
            }
            if !domains.assignment().is_assigned(var) {
                let (take, leave) = (self.allows(var, true), self.allows(var, false));
                domains.retain(var, |i| if i == TAKE { take } else { leave })?;
            }
        }
        Ok(())
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, bool>) {
        let x = self.numbers[choice.var];
        self.undecided -= x;
        if *choice.value {
            self.taken += x;
        }
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, bool>) {
        let x = self.numbers[choice.var];
        self.undecided += x;
        if *choice.value {
            self.taken -= x;
        }
    }
}

/// The chosen numbers as `a + b + c = target`.
fn render(numbers: &[u64], target: u64, chosen: impl Iterator<Item = bool>) -> String {
    let terms: Vec<String> = numbers
        .iter()
        .zip(chosen)
        .filter(|(_, take)| *take)
        .map(|(x, _)| x.to_string())
        .collect();
    if terms.is_empty() {
        format!("(empty) = {target}")
    } else {
        format!("{} = {target}", terms.join(" + "))
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let mut b = ModelBuilder::new();
    for i in 0..cli.numbers.len() {
        b.variable(format!("x{}", i + 1), [true, false]);
    }
    let mut model = b
        .build((Bounds::new(&cli.numbers, cli.target, cli.narrow),))
        .map_err(|e| Failure::Input(e.to_string()))?;
    let search = model.search().cross_check(cli.search.cross_check);
    if cli.count {
        let outcome = search.count();
        cli::finished(&outcome, &cli.search)?;
        return Ok(format!("{}\n", outcome.value));
    }
    cli::solution_lines(search, cli.all, &cli.search, "no subset", |assignment| {
        let chosen = (0..cli.numbers.len()).map(|var| assignment.get(var) == Some(&true));
        render(&cli.numbers, cli.target, chosen)
    })
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
