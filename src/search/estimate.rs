//! Knowing before running: Knuth's estimate of the size of a search tree
//! from random root-to-leaf probes ("Estimating the efficiency of backtrack
//! programs", Math. Comp. 1975), and of the time a search will take.
//!
//! A probe walks from the root, at each node choosing one child uniformly
//! at random. The product of the numbers of candidates met on the way is an
//! unbiased estimate of the number of nodes at each depth it reaches, so
//! the sum of those products estimates the tree's nodes, and the product at
//! a solution estimates the solutions. The mean over many probes converges;
//! their spread gives the standard error.

use std::time::{Duration, Instant};

use crate::assignment::UNASSIGNED;
use crate::checkers::Checkers;
use crate::observe::NoObserver;
use crate::outcome::{Outcome, Stats, StopReason};
use crate::rng::Rng;

use super::engine::{Engine, Reached};
use super::probe::Probe;
use super::run::Exit;
use super::{Search, Unit, split};

/// Nodes the timing sample of [`Search::estimate`] may search.
const SAMPLE_NODES: u64 = 1 << 19;

/// How often the timing sample runs (when it does not search the whole
/// tree and takes less than [`SAMPLE_REPEAT_BELOW`]); the fastest run gives
/// the time per node.
const SAMPLE_RUNS: u32 = 4;

/// A timing sample that takes longer is not run again.
const SAMPLE_REPEAT_BELOW: Duration = Duration::from_millis(20);

/// The 97.5% quantile of Student's t distribution with `df` degrees of
/// freedom (published tables to 30; beyond, `1.96 + 2.4 / df`, within 0.002
/// of the true value), so that a 95% interval of few samples is as wide as
/// their spread allows.
fn t_quantile(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        #[expect(clippy::cast_precision_loss, reason = "a quantile, in floating point")]
        _ => 1.96 + 2.4 / df as f64,
    }
}

/// Bounds that hold whatever the checkers: the nodes of the whole tree of
/// every partial assignment (the largest domains first, which makes it
/// largest) and its leaves, the assignments of every variable.
fn cartesian<V, C: Checkers<V>>(model: &crate::Model<V, C>) -> (f64, f64) {
    #[expect(clippy::cast_precision_loss, reason = "a bound, in floating point")]
    let mut sizes: Vec<f64> = (0..model.len())
        .map(|v| model.domain(v).len() as f64)
        .collect();
    sizes.sort_by(|a, b| b.total_cmp(a));
    let mut nodes = 0.0;
    let mut leaves = 1.0;
    for size in sizes {
        leaves *= size;
        nodes += leaves;
    }
    (nodes, leaves)
}

/// An estimated figure: its value, standard error and 95% interval.
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let estimate = nqueens(10)?.search().symmetry(false).estimate(2_000, 7).value;
/// let nodes = estimate.nodes;
/// assert!(nodes.low <= nodes.value && nodes.value <= nodes.high);
/// assert!(nodes.std_error >= 0.0);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// Its standard error (0 when it is exact).
    pub std_error: f64,
    /// The lower end of the 95% interval (never below 0).
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Interval {
    /// A figure known exactly: no standard error, and an interval of one
    /// point.
    ///
    /// ```
    /// use backtracker::Interval;
    ///
    /// let ninety_two = Interval::exact(92.0);
    /// assert_eq!((ninety_two.low, ninety_two.value, ninety_two.high), (92.0, 92.0, 92.0));
    /// assert_eq!(ninety_two.std_error, 0.0);
    /// ```
    #[must_use]
    pub fn exact(value: f64) -> Interval {
        Interval {
            value,
            std_error: 0.0,
            low: value,
            high: value,
        }
    }

    /// The mean of `samples` scaled by `scale`, plus `offset`, with its
    /// 95% interval: Student's t quantile for `samples.len() - 1` degrees
    /// of freedom times the standard error each side, so that a few probes
    /// give a wide interval. When every sample agrees, their spread says
    /// nothing (a branch no probe took may be as large as the tree can
    /// be), so the interval runs from what the probes saw with the unseen
    /// share of the tree empty to what they saw with it full: an unseen
    /// share of `1 - 0.05^(1/k)` of the probes' paths for `k` samples (the
    /// largest share that `k` probes all miss one time in twenty), full
    /// meaning `ceiling`, a bound on the figure that does not come from
    /// the probes.
    fn of(samples: &[f64], scale: f64, offset: f64, ceiling: f64) -> Interval {
        #[expect(clippy::cast_precision_loss, reason = "an estimate, in floating point")]
        let k = samples.len() as f64;
        if samples.is_empty() {
            return Interval::exact(offset);
        }
        let mean = samples.iter().sum::<f64>() / k;
        let variance = if samples.len() > 1 {
            samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1.0)
        } else {
            0.0
        };
        let value = offset + scale * mean;
        if variance == 0.0 {
            let unseen = 1.0 - 0.05f64.powf(1.0 / k);
            let low = offset + (1.0 - unseen) * (value - offset);
            let high = value + unseen * (ceiling - value).max(0.0);
            return Interval {
                value,
                std_error: (high - low) / (2.0 * 1.96),
                low,
                high,
            };
        }
        let std_error = scale * (variance / k).sqrt();
        let half = t_quantile(samples.len() - 1) * std_error;
        Interval {
            value,
            std_error,
            low: (value - half).max(offset),
            high: value + half,
        }
    }

    fn scaled(self, factor: f64) -> Interval {
        Interval {
            value: self.value * factor,
            std_error: self.std_error * factor,
            low: self.low * factor,
            high: self.high * factor,
        }
    }
}

/// What [`Search::estimate`] found: the tree's nodes, the count its search
/// would give, and the time it would take, each with a 95% interval.
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// // 6 queens is small enough for the timing sample to search it all.
/// let estimate = nqueens(6)?.search().symmetry(false).estimate(200, 7).value;
/// assert_eq!(estimate.probes, 200);
/// assert_eq!(estimate.exact.map(|(_, count)| count), Some(4));
/// assert!(estimate.nodes.low <= estimate.nodes.value && estimate.nodes.value <= estimate.nodes.high);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Probes walked.
    pub probes: u64,
    /// Nodes of the search (what [`Stats::nodes`] of the count would say).
    pub nodes: Interval,
    /// The count (weighted by symmetry, as [`Search::count`] returns it).
    /// When no probe met a solution (and the sample did not search the
    /// whole tree), its interval runs from 0 to the upper end of the
    /// nodes' interval, since every solution is a node: rare solutions are
    /// not taken for none.
    pub solutions: Interval,
    /// CPU seconds the count would take on one thread: the nodes times the
    /// time per node measured on a sample.
    pub seconds: Interval,
    /// The time per node measured on the sample.
    pub node_time: Duration,
    /// When the timing sample searched the whole tree: its exact nodes and
    /// count (the time is then the sample's own).
    pub exact: Option<(u64, u128)>,
}

impl<V, C: Checkers<V>> Search<'_, V, C> {
    /// Estimates, before running it, what [`count`](Self::count) would do:
    /// its nodes, its count and its time, from `probes` random root-to-leaf
    /// paths through the same engine (the same checkers, narrowing,
    /// look-ahead, variable order and symmetry), the generator seeded with
    /// `seed` so the answer is repeatable. The time per node is measured on
    /// a short sample search first (at most 524,288 nodes, run up to 4 times while it takes under 20 ms, the fastest run kept); when that sample
    /// searches the whole tree, [`Estimate::exact`] holds the exact figures
    /// beside the probes' estimate. Probes count against the node limit and
    /// stop on cancellation (the outcome then says why).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(14)?;
    /// let estimate = model.search().estimate(5_000, 1).value;
    /// // The count of 14 queens is 365,596 (OEIS A000170).
    /// let solutions = estimate.solutions;
    /// assert!(solutions.low < 365_596.0 && 365_596.0 < solutions.high);
    /// assert!(estimate.seconds.value > 0.0);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn estimate(self, probes: u64, seed: u64) -> Outcome<Estimate> {
        let started = Instant::now();
        let Search { model, config, .. } = self;
        // The time per node, on a sample of the real search.
        let mut sample_config = config.clone();
        sample_config.node_limit = config.node_limit.min(SAMPLE_NODES);
        let units = if config.symmetry && model.options.mirror {
            split::mirror_roots(model)
        } else {
            vec![Unit::whole()]
        };
        let mut run_sample = || {
            let mut engine = Engine::new(model, &sample_config);
            engine.walk_reporting(&units, None, &mut NoObserver, &mut |_, _, _| {});
            let count = engine.count();
            engine.outcome(count)
        };
        let sample = run_sample();
        // The same sample again, the fastest time kept: on a busy machine a
        // run that lost the processor for a while says nothing of the work.
        // Only while it is quick: a slow engine (a debug build, heavy
        // checkers) has a long enough sample already.
        let mut elapsed = sample.stats.elapsed;
        if sample.stop == StopReason::NodeLimit && elapsed < SAMPLE_REPEAT_BELOW {
            for _ in 1..SAMPLE_RUNS {
                let again = run_sample();
                if again.stop != StopReason::NodeLimit {
                    break;
                }
                elapsed = elapsed.min(again.stats.elapsed);
            }
        }
        let node_time = if sample.stats.nodes > 0 {
            elapsed / u32::try_from(sample.stats.nodes).unwrap_or(u32::MAX)
        } else {
            Duration::ZERO
        };
        let exact = sample
            .stop
            .is_complete()
            .then_some((sample.stats.nodes, sample.value));
        if exact.is_none() && sample.stop != StopReason::NodeLimit
            || config.node_limit <= sample.stats.nodes
        {
            // A stop, or the node limit itself, ended the sample: nothing
            // is left to probe with.
            let estimate = Estimate {
                probes: 0,
                nodes: Interval::default(),
                solutions: Interval::default(),
                seconds: Interval::default(),
                node_time,
                exact,
            };
            return Outcome {
                value: estimate,
                stats: sample.stats,
                stop: sample.stop,
            };
        }
        let (most_nodes, most_solutions) = cartesian(model);
        let mut probe_config = config.clone();
        probe_config.node_limit = config.node_limit - sample.stats.nodes;
        let mut engine = Engine::new(model, &probe_config);
        let (node_samples, solution_samples, prefix_nodes, stop) =
            engine.probes(&units, probes, seed);
        let done = node_samples.len() as u64;
        #[expect(clippy::cast_precision_loss, reason = "an estimate, in floating point")]
        let scale = units.len() as f64;
        let mut nodes = Interval::of(&node_samples, scale, prefix_nodes, most_nodes);
        if sample.stop == StopReason::NodeLimit {
            // The sample searched this many nodes and did not finish.
            #[expect(clippy::cast_precision_loss, reason = "an estimate, in floating point")]
            let searched = sample.stats.nodes as f64;
            nodes.low = nodes.low.max(searched);
            nodes.high = nodes.high.max(searched);
        }
        let mut solutions = Interval::of(&solution_samples, scale, 0.0, most_solutions);
        if exact.is_none()
            && !solution_samples.is_empty()
            && solution_samples.iter().all(|&s| s == 0.0)
        {
            // No probe met a solution: that says the solutions are rare,
            // not that there are none. A solution is a node, so the nodes'
            // upper end bounds them.
            solutions.high = nodes.high;
            solutions.std_error = nodes.high / 1.96;
        }
        let seconds = match exact {
            Some(_) => Interval::exact(sample.stats.elapsed.as_secs_f64()),
            None => nodes.scaled(node_time.as_secs_f64()),
        };
        let mut stats: Stats = engine.stats();
        stats.nodes += sample.stats.nodes;
        stats.elapsed = started.elapsed();
        Outcome {
            value: Estimate {
                probes: done,
                nodes,
                solutions,
                seconds,
                node_time,
                exact,
            },
            stats,
            stop,
        }
    }
}

impl<V, C: Checkers<V>> Search<'_, V, C> {
    /// Estimates the nodes below each of `units` from `probes` random
    /// paths each; see the estimate of a search over [`units`](Self::units).
    #[must_use]
    pub(crate) fn estimate_units(
        self,
        units: &[Unit],
        probes: u64,
        seed: u64,
    ) -> Outcome<Vec<Interval>> {
        let started = Instant::now();
        let Search { model, config, .. } = self;
        let (most_nodes, _) = cartesian(model);
        let mut engine = Engine::new(model, &config);
        if engine.unusable() {
            return engine.outcome(Vec::new());
        }
        let mut random = Rng::new(seed);
        let mut out = Vec::with_capacity(units.len());
        match engine.root() {
            Ok(true) => {
                'units: for unit in units {
                    let mut samples = Vec::new();
                    for _ in 0..probes {
                        match engine.probe(unit, &mut random) {
                            Ok((nodes, _)) => samples.push(nodes),
                            Err(reason) => {
                                engine.stop = Some(reason);
                                break 'units;
                            }
                        }
                    }
                    // No probe found a node below: nothing there, as the
                    // probes can tell (and exactly 0 below a unit outside
                    // the tree).
                    out.push(if samples.iter().all(|&s| s == 0.0) {
                        Interval::default()
                    } else {
                        Interval::of(&samples, 1.0, 0.0, most_nodes)
                    });
                }
            }
            // The root has no candidate: no unit has anything below it.
            Ok(false) => out = vec![Interval::default(); units.len()],
            Err(reason) => engine.stop = Some(reason),
        }
        let mut outcome = engine.outcome(out);
        outcome.stats.elapsed = started.elapsed();
        outcome
    }
}

impl<V, C: Checkers<V>> Engine<'_, V, C> {
    /// Walks up to `probes` random paths, each below a unit chosen
    /// uniformly. Returns, per probe, the estimated nodes and the estimated
    /// weighted solutions of the chosen unit's subtree (without its prefix),
    /// the exact number of prefix nodes of the units, and why the probing
    /// stopped.
    fn probes(
        &mut self,
        units: &[Unit],
        probes: u64,
        seed: u64,
    ) -> (Vec<f64>, Vec<f64>, f64, StopReason) {
        let mut nodes = Vec::new();
        let mut solutions = Vec::new();
        let mut random = Rng::new(seed);
        match self.root() {
            Ok(true) => {}
            Ok(false) => return (nodes, solutions, 0.0, StopReason::Completed),
            Err(reason) => return (nodes, solutions, 0.0, reason),
        }
        let mut prefixes = std::collections::BTreeSet::new();
        for unit in units {
            for len in 1..=unit.prefix.len() {
                prefixes.insert(&unit.prefix[..len]);
            }
        }
        let steps = prefixes
            .into_iter()
            .filter(|prefix| self.takes_a_step(prefix))
            .count();
        #[expect(clippy::cast_precision_loss, reason = "an estimate, in floating point")]
        let prefix_nodes = steps as f64;
        for _ in 0..probes {
            let unit = &units[random.below(units.len())];
            match self.probe(unit, &mut random) {
                Ok((n, s)) => {
                    nodes.push(n);
                    solutions.push(s);
                }
                Err(reason) => return (nodes, solutions, prefix_nodes, reason),
            }
        }
        (nodes, solutions, prefix_nodes, StopReason::Completed)
    }

    /// Whether the last value of `prefix` is a step of its own, a node,
    /// and not an assignment that an earlier step of the prefix implied.
    fn takes_a_step(&mut self, prefix: &[u32]) -> bool {
        let Some((_, above)) = prefix.split_last() else {
            return false;
        };
        if !self.st.plan.propagating {
            return true;
        }
        let reached = self.descend(above, usize::MAX, false, &mut NoObserver);
        let implied = matches!(reached, Ok(Reached::Open | Reached::Closed))
            && self.st.live.slots[prefix.len() - 1] != UNASSIGNED;
        self.unwind_path();
        !implied
    }

    /// One probe below `unit`: the estimated nodes and weighted solutions
    /// of its subtree. Every step it takes is undone before it returns.
    fn probe(&mut self, unit: &Unit, random: &mut Rng) -> Result<(f64, f64), StopReason> {
        let result = self.probe_path(unit, random);
        self.unwind_path();
        result
    }

    /// The walk of [`probe`](Self::probe): the unit's prefix as the search
    /// takes it, then the loop itself under the probe's policy (each frame
    /// keeps one random candidate), which walks one path and stops at the
    /// solution it may end in. A probe's steps count against the budget,
    /// not in the statistics of a search.
    fn probe_path(&mut self, unit: &Unit, random: &mut Rng) -> Result<(f64, f64), StopReason> {
        let weight = f64::from(unit.weight);
        if super::unit::misfit(self.st.plan.table, &unit.prefix).is_some() {
            // Not part of the tree: nothing below it.
            return Ok((0.0, 0.0));
        }
        match self.descend(&unit.prefix, usize::MAX, false, &mut NoObserver)? {
            Reached::Open => {}
            Reached::Closed => return Ok((0.0, weight)),
            Reached::Out => return Ok((0.0, 0.0)),
        }
        let counts = &self.st.counts;
        let kept = (counts.solutions, counts.count, counts.max_depth);
        self.st.probe = Some(Probe::new(random.clone()));
        let exit = self.probe_loop();
        let probe = self.st.probe.take().expect("the probe is under way");
        *random = probe.random;
        let counts = &mut self.st.counts;
        (counts.solutions, counts.count, counts.max_depth) = kept;
        match exit? {
            Exit::Solution => {
                // The loop stopped at the solution: its frames are the
                // walk's to undo.
                self.path = self.st.depth + 1;
                Ok((probe.nodes, probe.product * weight))
            }
            _ => Ok((probe.nodes, 0.0)),
        }
    }

    /// The loop, from the frame below the prefix, under the probe's policy.
    fn probe_loop(&mut self) -> Result<Exit, StopReason> {
        let d = self.path;
        self.enter::<NoObserver>(d, None);
        self.disagreed()?;
        self.st.base = d;
        self.st.depth = d;
        match self.run_loop::<NoObserver, false>(&mut NoObserver) {
            Exit::Stop(reason) => {
                // The frames below the one that stopped are assigned.
                self.path = self.st.depth;
                Err(reason)
            }
            exit => Ok(exit),
        }
    }
}
