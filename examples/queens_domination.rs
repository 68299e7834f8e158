//! The fewest queens that dominate an N x N board: every square holds a
//! queen or is attacked by one (OEIS A075458).
//!
//! ```text
//! cargo run --release --example queens_domination -- 5
//! queens 3 (optimal)
//! Q . . . .
//! . . . . .
//! . . . Q .
//! . Q . . .
//! . . . . .
//! ```
//!
//! The model has one yes/no variable per square ("is there a queen?") and
//! one checker of its own, `dominated`: no square may be left with every
//! square that could cover it (its row, column and diagonals, itself
//! included) empty. Its narrowing places a queen on the last square that
//! can still cover a square. The number of queens is an [`Objective`],
//! minimised by branch and bound: once a board with `k` queens is found,
//! the objective's narrowing leaves every square empty as soon as `k - 1`
//! queens stand, and `dominated` then finds the square left uncovered.

use common::cli;
use common::optimum::{self, Answer, OptimumOptions, Task};
use common::output;

use std::process::ExitCode;

use backtracker::constraints::Objective;
use backtracker::{Assignment, Checker, Choice, Conflict, Domains, ModelBuilder, Sense, Wake};
use clap::Parser;
use cli::Failure;

/// The largest board accepted.
const MAX_SIDE: u64 = 20;

/// Domain index of "no queen" (tried first) and of "a queen".
const EMPTY: usize = 0;
const QUEEN: usize = 1;

/// Finds the fewest queens that dominate an N x N board.
#[derive(Parser, Debug)]
#[command(
    name = "queens_domination",
    after_help = "Example: queens_domination 8 prints `queens 5 (optimal)` and a board.\n\
                  Each smaller set found is reported on standard error as it is found;\n\
                  with --node-limit the answer is the best so far, marked `not proven`.\n\
                  Interrupted (Ctrl-C), the program exits with code 130 at once: standard output\n\
                  keeps the whole lines written before, never part of a line."
)]
struct Cli {
    /// The side of the board, 1 to 20
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_SIDE))]
    side: u64,

    #[command(flatten)]
    optimum: OptimumOptions,
}

/// Every square needs a queen on a square that covers it.
#[derive(Clone, Debug)]
struct Dominated {
    /// Per square, the squares that cover it: its lines, itself included.
    covers: Vec<Vec<usize>>,
    /// Per square, the queens placed on squares that cover it.
    queens: Vec<u32>,
    /// Per square, the squares covering it not yet left empty.
    open: Vec<u32>,
}

impl Dominated {
    #[expect(
        clippy::many_single_char_names,
        reason = "two squares' rows and columns, in the board's usual letters"
    )]
    fn new(n: usize) -> Self {
        let covers: Vec<Vec<usize>> = (0..n * n)
            .map(|s| {
                let (r, c) = (s / n, s % n);
                (0..n * n)
                    .filter(|&t| {
                        let (u, v) = (t / n, t % n);
                        u == r || v == c || u + c == r + v || u + v == r + c
                    })
                    .collect()
            })
            .collect();
        let open = covers
            .iter()
            .map(|c| u32::try_from(c.len()).expect("a board of at most MAX_SIDE squares a side"))
            .collect();
        Dominated {
            queens: vec![0; n * n],
            open,
            covers,
        }
    }
}

impl Dominated {
    /// Counts the step `c` in (`on`) or out of the squares it covers: a
    /// queen in `queens`, an empty square out of `open`.
    fn tally(&mut self, c: Choice<'_, i64>, on: bool) {
        let (counts, rises) = if *c.value == 0 {
            (&mut self.open, !on)
        } else {
            (&mut self.queens, on)
        };
        for &s in &self.covers[c.var] {
            if rises {
                counts[s] += 1;
            } else {
                counts[s] -= 1;
            }
        }
    }
}

impl Checker<i64> for Dominated {
    fn name(&self) -> &'static str {
        "dominated"
    }

    /// Every square has a covering square that is not left empty.
    fn check(&self, a: &Assignment<'_, i64>) -> bool {
        self.covers
            .iter()
            .all(|covers| covers.iter().any(|&t| a.get(t) != Some(&0)))
    }

    /// Leaving a square empty is refused when it is the last that can
    /// cover a square no queen covers.
    fn promising(&self, _: &Assignment<'_, i64>, c: Choice<'_, i64>) -> bool {
        *c.value != 0
            || self.covers[c.var]
                .iter()
                .all(|&s| self.queens[s] > 0 || self.open[s] > 1)
    }

    fn narrows(&self) -> bool {
        true
    }

    // Only a square that loses its queen can leave a square it covers
    // with one coverer or none.
    fn wakes_on(&self, _: usize) -> Wake {
        Wake::Fixed
    }

    /// When `var` is left empty: a square it covers that only one square
    /// can still cover gets a queen there; one that none can, ends the
    /// branch.
    fn narrow(&self, var: usize, d: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        if d.contains(var, QUEEN) {
            return Ok(());
        }
        for &s in &self.covers[var] {
            let mut last = None;
            let mut count = 0;
            for &t in &self.covers[s] {
                if d.contains(t, QUEEN) {
                    if !d.contains(t, EMPTY) {
                        // A queen stands there, or must.
                        count = 2;
                        break;
                    }
                    count += 1;
                    last = Some(t);
                    if count > 1 {
                        break;
                    }
                }
            }
            match (count, last) {
                (0, _) => return Err(Conflict::new()),
                (1, Some(t)) => {
                    d.remove(t, EMPTY)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn on_assign(&mut self, c: Choice<'_, i64>) {
        self.tally(c, true);
    }

    fn on_unassign(&mut self, c: Choice<'_, i64>) {
        self.tally(c, false);
    }
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let n = usize::try_from(cli.side).map_err(Failure::input)?;
    let mut b = ModelBuilder::new();
    let squares: Vec<usize> = (0..n * n)
        .map(|s| b.variable(format!("r{}c{}", s / n, s % n), [0i64, 1]))
        .collect();
    let queens = Objective::new("queens", squares.iter().map(|&s| (1, s)));
    let goal = queens.goal();
    let mut model = b
        .build((Dominated::new(n), queens))
        .map_err(Failure::input)?;
    let task = Task {
        sense: Sense::Minimize,
        cost: "queens",
        answer: "board",
    };
    let (best, proof) = match optimum::optimise(
        &mut model,
        &format!("queens_domination-{n}"),
        &goal,
        task,
        &cli.optimum,
    )? {
        Answer::Best(best, proof) => (best, proof),
        Answer::Lines(lines) => return Ok(lines),
    };
    let mut text = format!("queens {} ({})\n", best.cost, proof);
    for row in best.values.chunks(n) {
        let cells: Vec<&str> = row
            .iter()
            .map(|&q| if q == 1 { "Q" } else { "." })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    Ok(text)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse();
    output::exit_on_interrupt();
    cli::exit(run(&cli))
}
