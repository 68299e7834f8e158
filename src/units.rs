//! Work units: the search tree split into independent sub-problems, for
//! threads on one machine and for many machines.
//!
//! A [`Unit`] is a prefix of value choices for the first variables (in
//! declaration order) with a weight: the count of a unit is the number of
//! solutions extending its prefix, times its weight. [`Model::split`] cuts
//! the tree at a depth into units that cover it exactly once, in a
//! deterministic order; with declared mirror symmetry it keeps only the
//! lower half of the tree and gives those units weight 2, as
//! [`Search::count`] does.
//!
//! [`UnitLine`] and [`ResultLine`] are the text form, for schedulers: one
//! line per unit, versioned, naming the model it belongs to. [`merge`]
//! adds results and refuses missing, duplicated or foreign units.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};

use rayon::prelude::*;

use crate::checker::Checkers;
use crate::error::UnitError;
use crate::model::Model;
use crate::observe::Observer;
use crate::search::{Engine, Outcome, Search, Shared, Stats, StopReason};

/// A sub-problem: the solutions whose first variables take the domain
/// indices of `prefix`, counted `weight` times.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Domain indices of variables `0..prefix.len()`.
    pub prefix: Vec<u32>,
    /// How many solutions each solution of the unit stands for (1, or 2 under mirror symmetry).
    pub weight: u8,
}

impl Unit {
    /// The whole tree.
    #[must_use]
    pub fn whole() -> Unit {
        Unit {
            prefix: Vec::new(),
            weight: 1,
        }
    }
}

/// The units that cover the tree once under mirror symmetry: the first
/// variable on the lower half of its domain (weight 2); for an odd domain
/// its middle value, with the next variable on its lower half (weight 2),
/// and so on; all variables on their middle values (weight 1). Prefixes a
/// checker rejects are left out, and so is the rest of the chain of middle
/// values once one of them is rejected.
pub(crate) fn mirror_roots<V, C: Checkers<V>>(model: &mut Model<V, C>) -> Vec<Unit> {
    let sizes: Vec<u32> = model.table.domains.iter().map(|d| d.len() as u32).collect();
    let mut roots = Vec::new();
    let mut middles: Vec<u32> = Vec::new();
    for size in sizes {
        let Some(next) = Engine::new(model, &Default::default(), &middles).next_candidates() else {
            return roots;
        };
        for low in next.iter().map(|&i| i as u32).filter(|&i| i < size / 2) {
            let mut prefix = middles.clone();
            prefix.push(low);
            roots.push(Unit { prefix, weight: 2 });
        }
        if size.is_multiple_of(2) || !next.contains(&((size / 2) as usize)) {
            return roots;
        }
        middles.push(size / 2);
    }
    roots.push(Unit {
        prefix: middles,
        weight: 1,
    });
    roots
}

impl<V, C: Checkers<V>> Model<V, C> {
    /// Splits the tree into units whose prefixes reach `depth` variables
    /// (or fewer, where the tree ends first), in search order. Prefixes
    /// that a checker rejects are left out. A prefix that leaves the next
    /// variable no candidate (a dead end above `depth`) stays a unit of its
    /// own, which counts 0: together the units hold every node of the tree,
    /// so a count by units reports the figures of one search of it. With
    /// `symmetry` and a model that declares mirror symmetry, only the lower
    /// half is split and units carry weight 2.
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// let mut model = nqueens(6).unwrap();
    /// let units = model.split(2, false);
    /// let total: u128 = units
    ///     .iter()
    ///     .map(|u| model.search().count_unit(u).value)
    ///     .sum();
    /// assert_eq!(total, 4);
    /// ```
    pub fn split(&mut self, depth: usize, symmetry: bool) -> Vec<Unit> {
        let mut units = self.roots(symmetry);
        let target = depth.min(self.len());
        for level in 1..=target {
            units = self.deepen(units, level);
        }
        units
    }

    fn roots(&mut self, symmetry: bool) -> Vec<Unit> {
        if symmetry && self.options.mirror {
            mirror_roots(self)
        } else {
            vec![Unit::whole()]
        }
    }

    /// Extends every unit shorter than `level` by one variable.
    fn deepen(&mut self, units: Vec<Unit>, level: usize) -> Vec<Unit> {
        let mut out = Vec::with_capacity(units.len());
        for unit in units {
            if unit.prefix.len() >= level {
                out.push(unit);
                continue;
            }
            let Some(next) = Engine::new(self, &Default::default(), &unit.prefix).next_candidates()
            else {
                continue;
            };
            if next.is_empty() {
                // A dead end: no value left for the next variable. It stays
                // a unit (counting 0), so that the units together hold every
                // node of the tree and a count by units reports its figures.
                out.push(unit);
                continue;
            }
            for index in next {
                let mut prefix = unit.prefix.clone();
                prefix.push(index as u32);
                out.push(Unit {
                    prefix,
                    weight: unit.weight,
                });
            }
        }
        out
    }

    /// Splits for `threads` threads: the smallest depth giving at least 32
    /// units per thread (or the whole depth of the model).
    pub(crate) fn split_for_threads(&mut self, threads: usize, symmetry: bool) -> Vec<Unit> {
        let want = 32 * threads.max(1);
        let mut units = self.roots(symmetry);
        let mut level = 0;
        while units.len() < want && level < self.len() {
            level += 1;
            units = self.deepen(units, level);
        }
        units
    }
}

impl<V, C: Checkers<V>, O: Observer<V>> Search<'_, V, C, O> {
    /// Counts one unit: the solutions extending its prefix times its weight.
    /// A prefix that a checker rejects counts 0.
    ///
    /// # Panics
    ///
    /// If the prefix is longer than the model or names an index outside a
    /// domain (check text input with [`UnitLine::check_against`]).
    pub fn count_unit(mut self, unit: &Unit) -> Outcome<u128> {
        let limit = self.config.node_limit;
        let mut outcome = self.count_prefix(&unit.prefix, limit);
        outcome.value *= u128::from(unit.weight);
        outcome
    }
}

impl<'m, V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'m, V, C> {
    /// Counts on `threads` threads (0: one per core): the tree is split into
    /// many more units than threads, in a deterministic order, and the
    /// units' counts are added, so the total is exact and the same for every
    /// thread count. Node limits and cancellation hold across threads (a
    /// node limit may be overshot by what the other threads search before
    /// they notice).
    ///
    /// ```
    /// use backtracker::puzzles::nqueens;
    ///
    /// let mut model = nqueens(10).unwrap();
    /// assert_eq!(model.search().count_parallel(2).value, 724);
    /// ```
    pub fn count_parallel(self, threads: usize) -> Outcome<u128> {
        let threads = resolve_threads(threads);
        let symmetry = self.config.symmetry;
        let units = self.model.split_for_threads(threads, symmetry);
        self.count_units(&units, threads, |_, _| {})
    }

    /// Counts the given units on `threads` threads (0: one per core),
    /// calling `done(i, outcome)` as unit `i` finishes (from the worker
    /// thread; outcomes are weighted). Units are started in order.
    pub fn count_units(
        self,
        units: &[Unit],
        threads: usize,
        done: impl Fn(usize, &Outcome<u128>) + Sync,
    ) -> Outcome<u128> {
        let threads = resolve_threads(threads);
        let started = std::time::Instant::now();
        let shared = Arc::new(Shared {
            used: AtomicU64::new(0),
            limit: self.config.node_limit,
            halt: AtomicBool::new(false),
        });
        let mut config = self.config.clone();
        config.shared = Some(Arc::clone(&shared));
        let model: &Model<V, C> = self.model;
        let tally = config.tally;
        let run = || {
            units
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .map_init(
                    || model.clone(),
                    |mine, (i, unit)| {
                        let cancelled = config
                            .cancel
                            .as_ref()
                            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
                        if cancelled || shared.halt.load(std::sync::atomic::Ordering::Relaxed) {
                            return None;
                        }
                        let mut search = mine.search().tally_rejections(tally);
                        search.config = config.clone();
                        // This unit may use what the finished ones left of the budget.
                        let used = shared.used.load(std::sync::atomic::Ordering::Relaxed);
                        search.config.node_limit = shared.limit.saturating_sub(used);
                        let outcome = search.count_unit(unit);
                        if outcome.stop.is_complete() {
                            done(i, &outcome);
                        }
                        Some(outcome)
                    },
                )
                .collect::<Vec<_>>()
        };
        let outcomes = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        };
        let skipped = outcomes.iter().any(Option::is_none);
        let mut total = combine(self.model, tally, units, outcomes);
        if skipped || !total.stop.is_complete() {
            total.stop = shared.reason(&config);
        }
        total.stats.elapsed = started.elapsed();
        total
    }
}

/// Adds the outcomes of units (in unit order, `None` for a unit that was
/// not searched): counts, statistics, and the nodes above the units (each
/// distinct proper prefix of a unit that was searched is one node). With
/// `tally`, also the rejections at those nodes and at the root, judged on
/// `model`, so that a count by units reports what one search of the whole
/// tree reports, whatever the split.
pub(crate) fn combine<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    tally: bool,
    units: &[Unit],
    outcomes: Vec<Option<Outcome<u128>>>,
) -> Outcome<u128> {
    let mut above = std::collections::BTreeSet::new();
    let mut total = Outcome {
        value: 0,
        stats: Stats::default(),
        stop: StopReason::Completed,
    };
    for (unit, outcome) in units.iter().zip(outcomes) {
        let Some(outcome) = outcome else { continue };
        if outcome.stats.nodes > 0 {
            for len in 0..unit.prefix.len() {
                above.insert(&unit.prefix[..len]);
            }
        }
        total.value += outcome.value;
        total.stats.absorb(&outcome.stats);
        if total.stop.is_complete() {
            total.stop = outcome.stop;
        }
    }
    // The root (the empty prefix) is not a node.
    total.stats.nodes += above.iter().filter(|p| !p.is_empty()).count() as u64;
    if tally {
        // Units that are complete assignments filter nothing and tally
        // nothing: the names come from the model.
        let mut rejections = total.stats.rejections.take().unwrap_or_else(|| {
            (0..model.checkers.len())
                .map(|k| (model.checkers.name(k).to_owned(), 0))
                .collect()
        });
        for prefix in above {
            let at = Engine::new(model, &Default::default(), prefix).rejections_at_next();
            for (entry, r) in rejections.iter_mut().zip(at.into_iter().flatten()) {
                entry.1 += r;
            }
        }
        total.stats.rejections = Some(rejections);
    }
    total
}

fn resolve_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        threads
    }
}

/// Format version of unit and result lines.
pub const UNIT_FORMAT: &str = "backtracker-unit/1";

/// A unit as a line of text, with what identifies its run: the model's
/// name, the split depth, whether symmetry was used, and its number among
/// the run's units.
///
/// ```
/// use backtracker::units::{Unit, UnitLine};
///
/// let line = UnitLine {
///     model: "nqueens-8".into(),
///     depth: 2,
///     symmetry: true,
///     index: 3,
///     total: 20,
///     unit: Unit { prefix: vec![1, 3], weight: 2 },
/// };
/// let text = line.to_string();
/// assert_eq!(
///     text,
///     "backtracker-unit/1 model=nqueens-8 depth=2 symmetry=on unit=3/20 prefix=1.3 weight=2"
/// );
/// assert_eq!(text.parse::<UnitLine>().unwrap(), line);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitLine {
    /// The model's name (no spaces), for example `nqueens-18`.
    pub model: String,
    /// The split depth.
    pub depth: usize,
    /// Whether the split used mirror symmetry.
    pub symmetry: bool,
    /// The unit's number, from 0.
    pub index: usize,
    /// How many units the run has.
    pub total: usize,
    /// The unit.
    pub unit: Unit,
}

impl UnitLine {
    /// Numbers `units` of a split as lines.
    #[must_use]
    pub fn number(model: &str, depth: usize, symmetry: bool, units: Vec<Unit>) -> Vec<UnitLine> {
        let total = units.len();
        units
            .into_iter()
            .enumerate()
            .map(|(index, unit)| UnitLine {
                model: model.to_owned(),
                depth,
                symmetry,
                index,
                total,
                unit,
            })
            .collect()
    }

    /// The run this unit belongs to, as text (`model depth symmetry total`).
    #[must_use]
    pub fn run(&self) -> String {
        format!(
            "model={} depth={} symmetry={} units={}",
            self.model,
            self.depth,
            on_off(self.symmetry),
            self.total
        )
    }

    /// Checks that the unit belongs to `model` called `name` and that its
    /// prefix fits the model's domains.
    ///
    /// # Errors
    ///
    /// [`UnitError::ForeignModel`] or [`UnitError::BadPrefix`].
    pub fn check_against<V, C: Checkers<V>>(
        &self,
        name: &str,
        model: &Model<V, C>,
    ) -> Result<(), UnitError> {
        if self.model != name {
            return Err(UnitError::ForeignModel {
                expected: name.to_owned(),
                found: self.model.clone(),
            });
        }
        if self.unit.prefix.len() > model.len() {
            return Err(UnitError::BadPrefix {
                reason: format!(
                    "{} values for {} variables",
                    self.unit.prefix.len(),
                    model.len()
                ),
            });
        }
        for (var, &index) in self.unit.prefix.iter().enumerate() {
            if index as usize >= model.domain(var).len() {
                return Err(UnitError::BadPrefix {
                    reason: format!(
                        "index {index} is outside the domain of `{}`",
                        model.name(var)
                    ),
                });
            }
        }
        if self.index >= self.total {
            return Err(UnitError::BadPrefix {
                reason: format!("unit {} of {}", self.index, self.total),
            });
        }
        Ok(())
    }
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

impl fmt::Display for UnitLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = if self.unit.prefix.is_empty() {
            "-".to_owned()
        } else {
            itertools::join(&self.unit.prefix, ".")
        };
        write!(
            f,
            "{UNIT_FORMAT} model={} depth={} symmetry={} unit={}/{} prefix={} weight={}",
            self.model,
            self.depth,
            on_off(self.symmetry),
            self.index,
            self.total,
            prefix,
            self.unit.weight
        )
    }
}

fn malformed(reason: impl Into<String>) -> UnitError {
    UnitError::Malformed {
        reason: reason.into(),
    }
}

/// Splits `key=value` fields after the version word, in the given order.
fn fields<'a>(line: &'a str, keys: &[&str]) -> Result<Vec<&'a str>, UnitError> {
    let mut words = line.split_whitespace();
    let version = words.next().ok_or_else(|| malformed("empty line"))?;
    if version != UNIT_FORMAT {
        return if version.starts_with("backtracker-unit/") {
            Err(UnitError::Version {
                version: version.to_owned(),
            })
        } else {
            Err(malformed(format!("expected `{UNIT_FORMAT}` first")))
        };
    }
    let mut values = Vec::with_capacity(keys.len());
    for key in keys {
        let word = words
            .next()
            .ok_or_else(|| malformed(format!("missing `{key}=`")))?;
        let value = word
            .strip_prefix(key)
            .and_then(|w| w.strip_prefix('='))
            .ok_or_else(|| malformed(format!("expected `{key}=` but found `{word}`")))?;
        values.push(value);
    }
    if let Some(extra) = words.next() {
        return Err(malformed(format!("unexpected `{extra}`")));
    }
    Ok(values)
}

fn number<T: FromStr>(what: &str, text: &str) -> Result<T, UnitError> {
    text.parse()
        .map_err(|_| malformed(format!("{what} `{text}` is not a number")))
}

const UNIT_KEYS: [&str; 6] = ["model", "depth", "symmetry", "unit", "prefix", "weight"];

fn parse_unit(values: &[&str]) -> Result<UnitLine, UnitError> {
    let model = values[0].to_owned();
    if model.is_empty() {
        return Err(malformed("empty model name"));
    }
    let depth = number("depth", values[1])?;
    let symmetry = match values[2] {
        "on" => true,
        "off" => false,
        other => return Err(malformed(format!("symmetry `{other}` is not on or off"))),
    };
    let (index, total) = values[3]
        .split_once('/')
        .ok_or_else(|| malformed(format!("unit `{}` is not i/total", values[3])))?;
    let prefix = if values[4] == "-" {
        Vec::new()
    } else {
        values[4]
            .split('.')
            .map(|p| number("prefix value", p))
            .collect::<Result<_, _>>()?
    };
    let weight = number("weight", values[5])?;
    if weight != 1 && weight != 2 {
        return Err(malformed(format!("weight {weight} is not 1 or 2")));
    }
    Ok(UnitLine {
        model,
        depth,
        symmetry,
        index: number("unit number", index)?,
        total: number("unit total", total)?,
        unit: Unit { prefix, weight },
    })
}

impl FromStr for UnitLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        parse_unit(&fields(line, &UNIT_KEYS)?)
    }
}

/// A unit's line followed by its weighted count: `... count=<n>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The unit.
    pub unit: UnitLine,
    /// Its count, weight included.
    pub count: u128,
}

impl fmt::Display for ResultLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} count={}", self.unit, self.count)
    }
}

impl FromStr for ResultLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        let mut keys = UNIT_KEYS.to_vec();
        keys.push("count");
        let values = fields(line, &keys)?;
        Ok(ResultLine {
            unit: parse_unit(&values)?,
            count: number("count", values[6])?,
        })
    }
}

/// Adds the counts of a run's results, refusing results of different runs
/// (or of another model than `model`, when given), duplicated units and
/// missing units.
///
/// # Errors
///
/// [`UnitError::Empty`], [`UnitError::ForeignModel`],
/// [`UnitError::MixedRuns`], [`UnitError::Duplicated`] or
/// [`UnitError::Missing`], naming the units.
pub fn merge(results: &[ResultLine], model: Option<&str>) -> Result<u128, UnitError> {
    let first = results.first().ok_or(UnitError::Empty)?;
    if let Some(name) = model
        && let Some(r) = results.iter().find(|r| r.unit.model != name)
    {
        return Err(UnitError::ForeignModel {
            expected: name.to_owned(),
            found: r.unit.model.clone(),
        });
    }
    let run = first.unit.run();
    if let Some(other) = results.iter().find(|r| r.unit.run() != run) {
        return Err(UnitError::MixedRuns {
            first: run,
            other: other.unit.run(),
        });
    }
    let total = first.unit.total;
    let mut seen = vec![0u32; total];
    for r in results {
        if r.unit.index >= total {
            return Err(malformed(format!("unit {}/{total}", r.unit.index)));
        }
        seen[r.unit.index] += 1;
    }
    let list = |pred: &dyn Fn(u32) -> bool| {
        let ids: Vec<usize> = (0..total).filter(|&i| pred(seen[i])).collect();
        let shown = itertools::join(ids.iter().take(20), ", ");
        if ids.len() > 20 {
            format!("{shown} and {} more", ids.len() - 20)
        } else {
            shown
        }
    };
    if seen.iter().any(|&s| s > 1) {
        return Err(UnitError::Duplicated {
            units: list(&|s| s > 1),
        });
    }
    if seen.contains(&0) {
        return Err(UnitError::Missing {
            units: list(&|s| s == 0),
        });
    }
    Ok(results.iter().map(|r| r.count).sum())
}
