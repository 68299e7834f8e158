//! `--estimate`, `--probes K` and `--seed S`: what every example that
//! counts prints before counting. The estimate is Knuth's, from random
//! probes of the search tree (`Search::estimate`); it is written as three
//! lines, `nodes VALUE LOW HIGH`, `solutions VALUE LOW HIGH` and
//! `seconds VALUE LOW HIGH`, LOW and HIGH the ends of the 95% interval.
//!
//! The example declares its own `--estimate` flag (what it conflicts with
//! differs from example to example) and flattens [`ProbeOptions`] beside it.

use backtracker::{Estimate, Interval};
use clap::Args;

/// Probes unless `--probes` says otherwise.
pub const DEFAULT_PROBES: u64 = 10_000;

/// Seed unless `--seed` says otherwise.
pub const DEFAULT_SEED: u64 = 1;

/// The most probes `--probes` takes.
pub const MAX_PROBES: u64 = 100_000_000;

/// `--probes` and `--seed`, which need `--estimate` (an argument of that
/// name in the example's own options).
#[derive(Args, Debug, Clone, Copy)]
pub struct ProbeOptions {
    /// Probes for --estimate (default 10000, at least 2: one probe has no
    /// spread to give an interval from).
    #[arg(long, value_name = "K", requires = "estimate", value_parser = clap::value_parser!(u64).range(2..=MAX_PROBES))]
    pub probes: Option<u64>,

    /// Seed of --estimate's random probes (default 1): the same seed gives
    /// the same estimate.
    #[arg(long, value_name = "S", requires = "estimate")]
    pub seed: Option<u64>,
}

impl ProbeOptions {
    /// The probes to walk.
    #[must_use]
    pub fn probes(&self) -> u64 {
        self.probes.unwrap_or(DEFAULT_PROBES)
    }

    /// The seed of the probes' generator.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(DEFAULT_SEED)
    }
}

/// The three lines of an estimate, each ending in a newline. When the
/// timing sample searched the whole tree, the nodes and solutions it
/// counted are printed, exact: VALUE, LOW and HIGH are one number.
#[must_use]
pub fn lines(estimate: &Estimate) -> String {
    #[expect(clippy::cast_precision_loss, reason = "printed as a figure")]
    let (nodes, solutions) = match estimate.exact {
        Some((nodes, count)) => (Interval::exact(nodes as f64), Interval::exact(count as f64)),
        None => (estimate.nodes, estimate.solutions),
    };
    format!(
        "{}{}{}",
        line("nodes", nodes, true),
        line("solutions", solutions, true),
        line("seconds", estimate.seconds, false)
    )
}

/// `NAME VALUE LOW HIGH` and a newline.
fn line(name: &str, interval: Interval, whole: bool) -> String {
    format!(
        "{name} {} {} {}\n",
        number(interval.value, whole),
        number(interval.low, whole),
        number(interval.high, whole)
    )
}

/// A number as plain decimal (a whole number when `whole`), or as `1.23e9`
/// beyond what plain decimal shows well.
#[must_use]
pub fn number(x: f64, whole: bool) -> String {
    if x != 0.0 && !(1e-3..1e15).contains(&x.abs()) {
        format!("{x:.3e}")
    } else if whole {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}
