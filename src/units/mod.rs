//! Work units as text, for schedulers and for runs that outlast one
//! process: one line per unit, versioned, naming the model it belongs to.
//!
//! A [`Unit`] (from [`Model::split`](crate::Model::split)) is a prefix of
//! value choices for the first variables with a weight.
//! [`UnitLine`] and [`ResultLine`] are its text form (a result line's count
//! is protected by a checksum); [`merge`] adds results and refuses missing,
//! duplicated or foreign units, [`merge_checked`] also checks them against
//! the split, and [`Checkpoint`] keeps a run's results in a file it can
//! resume from.
//!
//! [`Runner`] puts them together into the long run of any model: split
//! at a depth or at the depth [`auto_split`] chooses from estimates,
//! searched on threads, each finished unit appended to a checkpoint that a
//! later run resumes from, with progress and the time left, cancellation
//! and a node budget. It counts, counts by orbits (the parts are then the
//! constellations of [`Search::orbits`](crate::Search::orbits), as
//! [`PartLine`]s and [`PartResult`]s), and runs branch and bound
//! ([`Runner::minimize`], [`Runner::maximize`], with [`BestLine`]s in the
//! checkpoint); one [`Checkpoint`] type keeps the results of each, a
//! [`Record`] a line.

use std::fmt;
use std::str::FromStr;

mod auto;
mod best;
mod best_run;
mod checkpoint;
mod drive;
mod orbit_lines;
mod progress;
mod record;
mod runner;

pub use auto::{AutoSplit, auto_split};
pub use best::{BestLine, MergedBest, merge_best, read_best};
pub use best_run::{BestPlan, BestReport};
pub use checkpoint::{Checkpoint, CheckpointError, checkpoint_header, read_results};
pub use orbit_lines::{PartLine, PartResult};
pub use progress::RunProgress;
pub use record::{Part, Record};
pub use runner::{DEFAULT_MAX_UNITS, Plan, RunError, RunReport, Runner, Split};

use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;

pub use crate::search::Unit;

/// Format version of the unit and result lines this version writes.
/// Unit lines of version 1 are read too; result lines must be of this
/// version, which protects each count with a checksum.
pub(crate) const UNIT_FORMAT: &str = "backtracker-unit/2";

/// The previous format version: unit lines without estimates, result lines
/// without checksums.
const UNIT_FORMAT_1: &str = "backtracker-unit/1";

/// The longest line the parsers accept, in bytes.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// The most values a unit's prefix may have.
pub(crate) const MAX_PREFIX: usize = 4096;

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
///     "backtracker-unit/2 model=nqueens-8 depth=2 symmetry=on unit=3/20 prefix=1.3 weight=2"
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
    ///
    /// ```
    /// use backtracker::{units::UnitLine};
    /// use backtracker_puzzles::nqueens;
    ///
    /// // Depth 1 without symmetry: one unit per column of the first queen.
    /// let units = nqueens(6).unwrap().split(1, false);
    /// let lines = UnitLine::number("nqueens-6", 1, false, units);
    /// assert_eq!(lines.len(), 6);
    /// assert_eq!((lines[5].index, lines[5].total), (5, 6));
    /// ```
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
    ///
    /// ```
    /// use backtracker::{units::UnitLine};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6).unwrap().split(1, false));
    /// assert_eq!(lines[0].run(), "model=nqueens-6 depth=1 symmetry=off units=6");
    /// assert!(lines.iter().all(|l| l.run() == lines[0].run()));
    /// ```
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
    ///
    /// ```
    /// use backtracker::{units::UnitLine, UnitError};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(6).unwrap();
    /// let lines = UnitLine::number("nqueens-6", 1, false, model.split(1, false));
    /// assert!(lines[0].check_against("nqueens-6", &model).is_ok());
    /// assert!(matches!(
    ///     lines[0].check_against("nqueens-7", &model),
    ///     Err(UnitError::ForeignModel { .. })
    /// ));
    /// ```
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
        if let Some(reason) = crate::search::misfit(&model.table, &self.unit.prefix) {
            return Err(UnitError::BadPrefix { reason });
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

/// The version a line starts with: 1 or 2.
fn version(line: &str) -> Result<u8, UnitError> {
    let word = line
        .split_whitespace()
        .next()
        .ok_or_else(|| malformed("empty line"))?;
    match word {
        UNIT_FORMAT => Ok(2),
        UNIT_FORMAT_1 => Ok(1),
        _ if word.starts_with("backtracker-unit/") => Err(UnitError::Version {
            version: shorten(word),
        }),
        _ => Err(malformed(format!("expected `{UNIT_FORMAT}` first"))),
    }
}

/// Splits `key=value` fields after the version word, in the given order;
/// the keys in `optional` may follow, each at most once, in that order.
fn fields<'a>(
    line: &'a str,
    keys: &[&str],
    optional: &[&str],
) -> Result<(Vec<&'a str>, Vec<Option<&'a str>>), UnitError> {
    if line.len() > MAX_LINE {
        return Err(malformed(format!(
            "a line of {} bytes, longer than the limit of {MAX_LINE}",
            line.len()
        )));
    }
    let mut words = line.split_whitespace();
    words.next();
    let mut values = Vec::with_capacity(keys.len());
    for key in keys {
        let word = words
            .next()
            .ok_or_else(|| malformed(format!("missing `{key}=`")))?;
        let value = word
            .strip_prefix(key)
            .and_then(|w| w.strip_prefix('='))
            .ok_or_else(|| malformed(format!("expected `{key}=` but found `{}`", shorten(word))))?;
        values.push(value);
    }
    let mut extra = vec![None; optional.len()];
    let mut next_key = 0;
    for word in words {
        let found = optional[next_key..]
            .iter()
            .position(|key| word.strip_prefix(key).is_some_and(|w| w.starts_with('=')));
        let Some(at) = found else {
            return Err(malformed(format!("unexpected `{}`", shorten(word))));
        };
        let k = next_key + at;
        extra[k] = Some(&word[optional[k].len() + 1..]);
        next_key = k + 1;
    }
    Ok((values, extra))
}

/// Text from a line, cut to a readable length for an error message.
fn shorten(text: &str) -> String {
    const SHOWN: usize = 40;
    if text.chars().count() > SHOWN {
        format!("{}...", text.chars().take(SHOWN).collect::<String>())
    } else {
        text.to_owned()
    }
}

fn number<T: FromStr>(what: &str, text: &str) -> Result<T, UnitError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.is_empty() {
        return Err(malformed(format!(
            "{what} `{}` is not a number",
            shorten(text)
        )));
    }
    text.parse()
        .map_err(|_| malformed(format!("{what} `{}` is too large", shorten(text))))
}

const UNIT_KEYS: [&str; 6] = ["model", "depth", "symmetry", "unit", "prefix", "weight"];

fn parse_unit(values: &[&str]) -> Result<UnitLine, UnitError> {
    let model = values[0].to_owned();
    if model.is_empty() {
        return Err(malformed("empty model name"));
    }
    if model.len() > 256 {
        return Err(malformed(format!(
            "model name `{}` is too long",
            shorten(&model)
        )));
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
    let prefix: Vec<u32> = if values[4] == "-" {
        Vec::new()
    } else {
        if values[4].split('.').count() > MAX_PREFIX {
            return Err(malformed(format!(
                "a prefix of more than {MAX_PREFIX} values"
            )));
        }
        values[4]
            .split('.')
            .map(|p| number("prefix value", p))
            .collect::<Result<_, _>>()?
    };
    let weight = number("weight", values[5])?;
    if weight != 1 && weight != 2 {
        return Err(malformed(format!("weight {weight} is not 1 or 2")));
    }
    let index: usize = number("unit number", index)?;
    let total: usize = number("unit total", total)?;
    if index >= total {
        return Err(malformed(format!(
            "unit {index}/{total}: the number must be below the total"
        )));
    }
    Ok(UnitLine {
        model,
        depth,
        symmetry,
        index,
        total,
        unit: Unit { prefix, weight },
    })
}

impl FromStr for UnitLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        version(line)?;
        let (values, _) = fields(line, &UNIT_KEYS, &[])?;
        parse_unit(&values)
    }
}

/// A unit's line followed by its weighted count and a checksum over both:
/// `... count=<n> check=<16 hex digits>`. A count edited by hand or a bit
/// flipped on disk no longer matches the checksum, and the line is refused.
///
/// ```
/// use backtracker::units::{ResultLine, Unit, UnitLine};
///
/// let unit = UnitLine {
///     model: "nqueens-6".into(),
///     depth: 1,
///     symmetry: false,
///     index: 1,
///     total: 6,
///     unit: Unit { prefix: vec![1], weight: 1 },
/// };
/// let text = ResultLine { unit, count: 1 }.to_string();
/// assert!(text.contains(" count=1 check="));
/// assert_eq!(text.parse::<ResultLine>().unwrap().count, 1);
/// let edited = text.replace("count=1", "count=2");
/// assert!(edited.parse::<ResultLine>().unwrap_err().to_string().contains("checksum"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The unit.
    pub unit: UnitLine,
    /// Its count, weight included.
    pub count: u128,
}

/// The checksum of a result line's text up to its count: 64-bit FNV-1a, a
/// guard against edits and damage, not against forgery.
fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl fmt::Display for ResultLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body = format!("{} count={}", self.unit, self.count);
        write!(f, "{body} check={:016x}", checksum(&body))
    }
}

impl FromStr for ResultLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        if version(line)? == 1 {
            return Err(UnitError::Checksum {
                reason: format!(
                    "a result line of format `{UNIT_FORMAT_1}` has no checksum: count its unit again"
                ),
            });
        }
        let mut keys = UNIT_KEYS.to_vec();
        keys.extend(["count", "check"]);
        let (values, _) = fields(line, &keys, &[])?;
        let result = ResultLine {
            unit: parse_unit(&values)?,
            count: number("count", values[6])?,
        };
        let trimmed = line.trim();
        let body = trimmed
            .rsplit_once(" check=")
            .map_or(trimmed, |(body, _)| body);
        if values[7] != format!("{:016x}", checksum(body)) {
            return Err(UnitError::Checksum {
                reason: "the checksum does not match the line: its count or unit was changed"
                    .to_owned(),
            });
        }
        // The line must be exactly as written, so that the checksum covers
        // what is read.
        if result.to_string() != trimmed {
            return Err(UnitError::Checksum {
                reason: "the line is not in the form it was written in".to_owned(),
            });
        }
        Ok(result)
    }
}

/// Adds the counts of a run's results, refusing results of different runs
/// (or of another model than `model`, when given), duplicated units,
/// missing units and a total beyond `u128`. Memory is proportional to the
/// results given, whatever total they claim.
///
/// # Errors
///
/// [`UnitError::Empty`], [`UnitError::ForeignModel`],
/// [`UnitError::MixedRuns`], [`UnitError::Duplicated`],
/// [`UnitError::Missing`], naming the units, or [`UnitError::Overflow`].
///
/// ```
/// use backtracker::units::{merge, ResultLine, Unit, UnitLine};
///
/// let lines = UnitLine::number("m", 1, false, vec![Unit::whole(), Unit::whole()]);
/// let results: Vec<ResultLine> =
///     lines.into_iter().map(|unit| ResultLine { unit, count: 5 }).collect();
/// assert_eq!(merge(&results, Some("m")), Ok(10));
/// assert!(merge(&results[..1], Some("m")).is_err()); // unit 1 is missing
/// ```
pub fn merge(results: &[ResultLine], model: Option<&str>) -> Result<u128, UnitError> {
    let units: Vec<&UnitLine> = results.iter().map(|r| &r.unit).collect();
    whole_run(&units, model)?;
    results
        .iter()
        .try_fold(0u128, |sum, r| sum.checked_add(r.count))
        .ok_or(UnitError::Overflow)
}

/// Checks that `units` are every unit of one run, once each (of `model`,
/// when given).
fn whole_run(units: &[&UnitLine], model: Option<&str>) -> Result<(), UnitError> {
    let first = units.first().ok_or(UnitError::Empty)?;
    if let Some(name) = model
        && let Some(u) = units.iter().find(|u| u.model != name)
    {
        return Err(UnitError::ForeignModel {
            expected: name.to_owned(),
            found: shorten(&u.model),
        });
    }
    let run = first.run();
    if let Some(other) = units.iter().find(|u| u.run() != run) {
        return Err(UnitError::MixedRuns {
            first: run,
            other: other.run(),
        });
    }
    let total = first.total;
    if let Some(u) = units.iter().find(|u| u.index >= total) {
        return Err(malformed(format!("unit {}/{total}", u.index)));
    }
    let mut indices: Vec<usize> = units.iter().map(|u| u.index).collect();
    indices.sort_unstable();
    let duplicated: Vec<usize> = indices
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    if !duplicated.is_empty() {
        let mut duplicated = duplicated;
        duplicated.dedup();
        return Err(UnitError::Duplicated {
            units: listing(duplicated.len(), duplicated.into_iter()),
        });
    }
    if indices.len() < total {
        let present = &indices;
        let mut at = 0;
        let missing = (0..total).filter(move |&i| {
            while at < present.len() && present[at] < i {
                at += 1;
            }
            at >= present.len() || present[at] != i
        });
        return Err(UnitError::Missing {
            units: listing(total - indices.len(), missing),
        });
    }
    Ok(())
}

/// Up to 20 unit numbers, then how many more.
fn listing(count: usize, ids: impl Iterator<Item = usize>) -> String {
    let shown = itertools::join(ids.take(20), ", ");
    if count > 20 {
        format!("{shown} and {} more", count - 20)
    } else {
        shown
    }
}

/// [`merge`], and each result's unit checked against the split of `model`
/// the results claim to come from: the same number of units, and unit `i`
/// the split's unit `i`. The split is abandoned as soon as it gives more
/// units than the results hold, so a claim of a huge split costs nothing.
///
/// # Errors
///
/// As [`merge`], [`UnitError::BadPrefix`] for a unit the split does
/// not give, and [`UnitError::Unusable`] when `model` is
/// [poisoned](crate::Model::is_poisoned).
///
/// ```
/// use backtracker_puzzles::nqueens;
/// use backtracker::units::{merge_checked, ResultLine, UnitLine};
///
/// let mut model = nqueens(6)?;
/// let units = model.split(1, false);
/// let results: Vec<ResultLine> = UnitLine::number("nqueens-6", 1, false, units)
///     .into_iter()
///     .map(|unit| {
///         let count = model.search().symmetry(false).units(&[unit.unit.clone()]).count().value;
///         ResultLine { unit, count }
///     })
///     .collect();
/// assert_eq!(merge_checked(&results, "nqueens-6", &mut model), Ok(4));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn merge_checked<V, C: Checkers<V>>(
    results: &[ResultLine],
    name: &str,
    model: &mut Model<V, C>,
) -> Result<u128, UnitError> {
    model.usable()?;
    let total = merge(results, Some(name))?;
    let first = &results[0].unit;
    let Some(expected) = model.split_within(first.depth, first.symmetry, results.len()) else {
        return Err(UnitError::BadPrefix {
            reason: format!(
                "splitting {name} at depth {} gives more than the {} units the results claim",
                first.depth, first.total
            ),
        });
    };
    if expected.len() != first.total {
        return Err(UnitError::BadPrefix {
            reason: format!(
                "the results claim {} units, but splitting {name} at depth {} gives {}",
                first.total,
                first.depth,
                expected.len()
            ),
        });
    }
    if let Some(r) = results
        .iter()
        .find(|r| expected[r.unit.index] != r.unit.unit)
    {
        return Err(UnitError::BadPrefix {
            reason: format!(
                "unit {} is not the unit the split gives for {name} at depth {}",
                r.unit.index, first.depth
            ),
        });
    }
    Ok(total)
}
