//! Magic sequences (`CSPLib` 019): `x_0 .. x_{n-1}` where `x_i` is how many
//! times `i` occurs in the sequence, one `Count` per value and the two sums
//! every magic sequence meets (`sum x_i = n`, `sum i * x_i = n`).
//!
//! ```text
//! cargo run --release --example magic_sequence -- 50 --stats
//! cargo run --release --example magic_sequence -- 50 --branching dom-wdeg --last-conflict --stats
//! ```
//!
//! In the declared order the search fixes the small counts first and
//! learns nothing from its failures; dom/wdeg with last conflict goes to
//! the variables whose checkers fail (docs/guide.md, "When the order
//! matters").
#![expect(
    clippy::cast_possible_wrap,
    reason = "n is at most MAX_N, far inside i64"
)]

use common::cli;

use std::fmt::Write as _;
use std::process::ExitCode;

use backtracker::constraints::{Count, LinearSum, Predicate, Values};
use backtracker::{Branching, Checker, DynChecker, ModelBuilder, Schedule};
use clap::{Parser, ValueEnum};

/// The longest sequence the example builds.
const MAX_N: usize = 1000;

/// Find a magic sequence of length N: `x_i` is the number of `i`s in the
/// sequence. Prints the sequence, one line.
#[derive(Parser, Debug)]
#[command(name = "magic_sequence")]
struct Cli {
    /// The length of the sequence (4 to 1000)
    #[arg(value_parser = clap::value_parser!(u16).range(4..=MAX_N as i64))]
    n: u16,

    /// How each count is written: the `Count` global, or a rule of one's
    /// own asked on every partial assignment
    #[arg(long, value_enum, default_value_t = Counts::Global)]
    counts: Counts,

    /// Which variable each frame enters
    #[arg(long, value_enum, default_value_t = Order::Declared)]
    branching: Order,

    /// After a failure, enter the variable that failed first again
    #[arg(long)]
    last_conflict: bool,

    /// Restart on a Luby schedule of failures with this unit, keeping the
    /// weights and recording nogoods
    #[arg(long, value_name = "UNIT")]
    restarts: Option<u64>,

    /// Print the nodes searched after the sequence
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Counts {
    Global,
    Predicate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Order {
    Declared,
    Smallest,
    DomWdeg,
    Chs,
}

/// Whether `x_i` (the `i`-th of the sequence `w`), if assigned, lies
/// between the `i`s assigned and those plus the variables still free.
fn count_can_hold(w: &Values<'_, i64>, i: usize) -> bool {
    let (mut found, mut free) = (0, 0);
    for x in w.iter() {
        match x {
            Some(&v) if v == i as i64 => found += 1,
            Some(_) => {}
            None => free += 1,
        }
    }
    w.get(i).is_none_or(|&x| found <= x && x <= found + free)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    let n = usize::from(cli.n);
    let mut b = ModelBuilder::new();
    let x: Vec<usize> = (0..n)
        .map(|i| b.variable(format!("x{i}"), 0..n as i64))
        .collect();
    let mut checkers: Vec<DynChecker<i64>> = (0..n)
        .map(|i| match cli.counts {
            Counts::Global => Count::new(format!("count {i}"), x.clone(), i as i64, x[i]).boxed(),
            Counts::Predicate => Predicate::partial(
                format!("count {i}"),
                x.clone(),
                move |w: &Values<'_, i64>| count_can_hold(w, i),
            )
            .boxed(),
        })
        .collect();
    checkers.push(LinearSum::equal("sum", x.iter().map(|&v| (1, v)), n as i64).boxed());
    checkers.push(
        LinearSum::equal(
            "weighted sum",
            x.iter().enumerate().map(|(i, &v)| (i as i64, v)),
            n as i64,
        )
        .boxed(),
    );
    let mut model = match b.build(checkers) {
        Ok(model) => model,
        Err(e) => return cli::exit(Err(cli::Failure::input(e))),
    };
    let branching = match cli.branching {
        Order::Declared => Branching::Declared,
        Order::Smallest => Branching::SmallestDomainFirst,
        Order::DomWdeg => Branching::DomWdeg,
        Order::Chs => Branching::ConflictHistory,
    };
    let mut search = model
        .search()
        .branching(branching)
        .last_conflict(cli.last_conflict);
    if let Some(unit) = cli.restarts {
        search = search.restarts(Schedule::luby(unit.max(1)));
    }
    let outcome = search.first();
    let mut text = match &outcome.value {
        Some(seq) => {
            let words: Vec<String> = seq.iter().map(ToString::to_string).collect();
            format!("{}\n", words.join(" "))
        }
        None => "no magic sequence\n".to_owned(),
    };
    if cli.stats {
        let _ = writeln!(text, "nodes: {}", outcome.stats.nodes);
    }
    cli::exit(Ok(text))
}
