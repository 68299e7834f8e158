//! What the search loop works on besides its frames and the checkers: the
//! data of one search, split by concern (the plan, the live sets, the
//! counters, the event log, the audit), and the questions it answers
//! about itself. The verbs are in `step` (taking and undoing a step),
//! `enter` (entering a frame), `report` (telling an observer),
//! `propagate` (narrowing, on the plan and the live sets) and
//! `cross_check` (the audit).

use crate::assignment::{Assignment, Choice, Table, UNASSIGNED};
use crate::checkers::Watch;
use crate::checkers::sealed::Set;
use crate::model::Options;
use crate::outcome::{Stats, StopReason};

use super::audit::Audit;
use super::budget::Budget;
use super::counts::Counts;
use super::learn::Learn;
use super::live::Live;
use super::log::Log;
use super::pin::Pins;
use super::plan::Plan;
use super::probe::Probe;
use super::strategy::Pick;

/// The search's state outside the frames and the checkers.
pub(crate) struct State<'t, V> {
    /// What the search is asked to do (fixed).
    pub(crate) plan: Plan<'t, V>,
    /// The assignment and the kept sets.
    pub(crate) live: Live,
    /// Nodes, solutions, depth, rejections.
    pub(crate) counts: Counts,
    /// For events: rejections not yet reported.
    pub(crate) log: Log,
    /// Cross-check mode.
    pub(crate) audit: Audit<V>,
    /// Frames below `base` hold a fixed prefix (a work unit's).
    pub(crate) base: usize,
    /// The current frame.
    pub(crate) depth: usize,
    /// The variable smallest-domain-first last picked by filtering one-word
    /// sets, with its filtered set, for `enter::fill` to use instead of
    /// filtering it again.
    pub(crate) picked: Option<(usize, u64)>,
    /// With a value-order hook: per frame, the untried candidates, last first.
    pub(crate) ordered: Vec<Vec<u32>>,
    /// Working space for a symmetry's image of the assignment, and for the
    /// interchangeable values' mask.
    pub(crate) image: Vec<u32>,
    pub(crate) allowed: Vec<u64>,
    /// A probe under way: each frame entered keeps one random candidate.
    pub(crate) probe: Option<Probe>,
    /// A unit's prefix under way: the loop takes its values (see [`Pins`]).
    pub(crate) pins: Option<Pins>,
    /// What the search learns from its failures, when a setting asks for
    /// it (weighted degrees, last conflict, restarts, solution saving).
    pub(crate) learn: Option<Box<Learn>>,
}

impl<'t, V> State<'t, V> {
    pub(crate) fn new(
        table: &'t Table<V>,
        initial: &[u64],
        options: &'t Options<V>,
        watch: &'t Watch,
        checkers: usize,
        budget: Budget,
    ) -> Self {
        let n = table.len();
        State {
            plan: Plan {
                table,
                options,
                watch,
                n,
                w: table.words,
                declared: options.order == crate::model::VariableOrder::Declared,
                pick: if options.order == crate::model::VariableOrder::Declared {
                    Pick::Declared
                } else {
                    Pick::Smallest
                },
                custom: None,
                ordered: options.value_order.is_some(),
                lookahead: 0,
                propagating: false,
                exact_sizes: false,
                canonical: false,
            },
            live: Live::new(initial, n, table.words, &watch.wake_on),
            counts: Counts::new(checkers, budget),
            log: Log::default(),
            audit: Audit {
                describe: None,
                disagreement: None,
                false_symmetry: None,
            },
            base: 0,
            depth: 0,
            picked: None,
            ordered: Vec::new(),
            image: vec![UNASSIGNED; n],
            allowed: vec![0; table.words],
            probe: None,
            pins: None,
            learn: None,
        }
    }

    /// What cross-check mode found, as the reason to stop, if anything
    /// (and forgets it).
    pub(crate) fn take_found(&mut self) -> Option<StopReason> {
        self.audit.take_found()
    }

    /// The current assignment, from the slots.
    #[inline]
    pub(crate) fn assignment(&self) -> Assignment<'_, V> {
        self.live.assignment(self.plan.table)
    }

    /// The statistics so far.
    pub(crate) fn stats<C: Set<V>>(&self, checkers: &C) -> Stats {
        self.counts.stats(checkers)
    }

    /// A choice of `var`.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
    )]
    pub(crate) fn choice(&self, var: usize, index: usize) -> Choice<'t, V> {
        self.plan.choice(var, index)
    }
}
