//! What a search counts as it goes: its budget of nodes, its solutions,
//! its depth, its rejections and its implied assignments.

use std::time::Instant;

use crate::checkers::sealed::Set;
use crate::outcome::Stats;

use super::budget::Budget;

/// The counters of one search, which its statistics are read from.
pub(crate) struct Counts {
    pub(crate) budget: Budget,
    /// Solutions visited.
    pub(crate) solutions: u128,
    /// Solutions counted, weighted.
    pub(crate) count: u128,
    /// The weight of a solution in the current unit.
    pub(crate) weight: u128,
    /// The deepest depth reached.
    pub(crate) max_depth: usize,
    /// Per checker, the candidates it rejected (when tallied).
    pub(crate) rejections: Vec<u64>,
    /// Whether rejections were counted.
    pub(crate) tallied: bool,
    /// Implied assignments made by the steps taken.
    pub(crate) implied_total: u64,
    pub(crate) started: Instant,
}

impl Counts {
    /// Nothing counted yet, for `checkers` checkers.
    pub(crate) fn new(checkers: usize, budget: Budget) -> Counts {
        Counts {
            budget,
            solutions: 0,
            count: 0,
            weight: 1,
            max_depth: 0,
            rejections: vec![0; checkers],
            tallied: false,
            implied_total: 0,
            started: Instant::now(),
        }
    }

    /// The statistics so far.
    pub(crate) fn stats<V, C: Set<V>>(&self, checkers: &C) -> Stats {
        Stats {
            nodes: self.budget.used(),
            implied: self.implied_total,
            solutions: self.solutions,
            max_depth: self.max_depth,
            rejections: self.tallied.then(|| {
                (0..checkers.len())
                    .map(|k| (checkers.name(k).to_owned(), self.rejections[k]))
                    .collect()
            }),
            elapsed: self.started.elapsed(),
        }
    }
}
