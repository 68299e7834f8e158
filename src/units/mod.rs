//! Work units as text, for schedulers and for runs that outlast one
//! process: one line per unit, versioned, naming the model it belongs to.
//!
//! A [`Unit`] (from [`Model::split`](crate::Model::split)) is a prefix of
//! value choices for the first variables with a weight.
//! [`UnitLine`] and [`ResultLine`] are its text form; [`merge`] adds
//! results and refuses missing, duplicated or foreign units.

use std::fmt;
use std::str::FromStr;

use crate::checkers::Checkers;
use crate::error::UnitError;
use crate::model::Model;

pub use crate::search::Unit;

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
