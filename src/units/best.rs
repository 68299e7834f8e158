//! Branch and bound spread over work units: the best of one unit as a line
//! of text ([`BestLine`]), and the best of a run's lines ([`merge_best`]).

use std::fmt;
use std::io::Read;
use std::str::FromStr;

use crate::error::UnitError;
use crate::goal::Sense;

use super::{UNIT_KEYS, UnitLine, checksum, fields, malformed, parse_unit, shorten, version};

/// The outcome of branch and bound in one work unit
/// ([`Search::units`](crate::Search::units), then `minimize` or
/// `maximize`): the unit's
/// line, the sense, the bound it started from, and the best solution it
/// found strictly better than that bound, as the domain index of each
/// variable (or none), with a checksum over the line. Only a unit
/// searched to the end has a result line: `best=none` says that nothing
/// in it beats the bound.
///
/// ```
/// use backtracker::units::{BestLine, Unit, UnitLine};
/// use backtracker::Sense;
///
/// let unit = UnitLine::number("golomb-4", 1, false, vec![Unit { prefix: vec![0], weight: 1 }]);
/// let line = BestLine {
///     unit: unit[0].clone(),
///     sense: Sense::Minimize,
///     bound: Some(7),
///     best: Some((6, vec![0, 1, 4, 6])),
/// };
/// let text = line.to_string();
/// assert!(text.contains(" sense=min bound=7 best=6 solution=0.1.4.6 check="));
/// assert_eq!(text.parse::<BestLine>().unwrap(), line);
/// assert!(text.replace("best=6", "best=5").parse::<BestLine>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestLine {
    /// The unit.
    pub unit: UnitLine,
    /// Least or greatest.
    pub sense: Sense,
    /// The cost the unit had to beat, if any.
    pub bound: Option<i64>,
    /// The best cost found in the unit, and its solution as domain
    /// indices in declaration order.
    pub best: Option<(i64, Vec<u32>)>,
}

fn sense_word(sense: Sense) -> &'static str {
    match sense {
        Sense::Minimize => "min",
        Sense::Maximize => "max",
    }
}

impl fmt::Display for BestLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bound = self.bound.map_or("none".to_owned(), |b| b.to_string());
        let (best, solution) = match &self.best {
            Some((cost, solution)) if !solution.is_empty() => {
                (cost.to_string(), itertools::join(solution, "."))
            }
            Some((cost, _)) => (cost.to_string(), "-".to_owned()),
            None => ("none".to_owned(), "-".to_owned()),
        };
        let body = format!(
            "{} sense={} bound={bound} best={best} solution={solution}",
            self.unit,
            sense_word(self.sense)
        );
        write!(f, "{body} check={:016x}", checksum(&body))
    }
}

/// An integer that may be negative, or `none`.
fn optional_cost(what: &str, text: &str) -> Result<Option<i64>, UnitError> {
    if text == "none" {
        return Ok(None);
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed(format!(
            "{what} `{}` is not a number or `none`",
            shorten(text)
        )));
    }
    text.parse()
        .map(Some)
        .map_err(|_| malformed(format!("{what} `{}` is too large", shorten(text))))
}

impl FromStr for BestLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        if version(line)? == 1 {
            return Err(malformed("a best line must be of the current format"));
        }
        let mut keys = UNIT_KEYS.to_vec();
        keys.extend(["sense", "bound", "best", "solution", "check"]);
        let (values, _) = fields(line, &keys, &[])?;
        let unit = parse_unit(&values)?;
        let sense = match values[6] {
            "min" => Sense::Minimize,
            "max" => Sense::Maximize,
            other => {
                return Err(malformed(format!(
                    "sense `{}` is not min or max",
                    shorten(other)
                )));
            }
        };
        let bound = optional_cost("bound", values[7])?;
        let best = match optional_cost("best", values[8])? {
            None if values[9] == "-" => None,
            None => return Err(malformed("a solution without a best cost")),
            Some(cost) => {
                let solution = if values[9] == "-" {
                    Vec::new()
                } else {
                    values[9]
                        .split('.')
                        .map(|p| super::number("solution value", p))
                        .collect::<Result<_, _>>()?
                };
                Some((cost, solution))
            }
        };
        let trimmed = line.trim();
        let body = trimmed
            .rsplit_once(" check=")
            .map_or(trimmed, |(body, _)| body);
        if values[10] != format!("{:016x}", checksum(body)) {
            return Err(UnitError::Checksum {
                reason: "the checksum does not match the line: its best or unit was changed"
                    .to_owned(),
            });
        }
        let result = BestLine {
            unit,
            sense,
            bound,
            best,
        };
        if result.to_string() != trimmed {
            return Err(UnitError::Checksum {
                reason: "the line is not in the form it was written in".to_owned(),
            });
        }
        Ok(result)
    }
}

/// What the units of a branch and bound run found together
/// ([`merge_best`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergedBest {
    /// Least or greatest.
    pub sense: Sense,
    /// The best solution found: its cost, its domain indices and its
    /// unit (of equal costs, the lowest unit's).
    pub best: Option<(i64, Vec<u32>, usize)>,
    /// The best bound the units started from: a cost reached before the
    /// run, which no unit had to beat again.
    pub bound: Option<i64>,
}

impl MergedBest {
    /// The optimal cost: the best found, or the bound when nothing found
    /// beats it (the bound is a cost reached before the run); `None` when
    /// the model has no solution.
    ///
    /// ```
    /// use backtracker::{units::MergedBest, Sense};
    ///
    /// let found = MergedBest { sense: Sense::Minimize, best: Some((55, vec![], 3)), bound: Some(60) };
    /// assert_eq!(found.optimum(), Some(55));
    /// let stands = MergedBest { sense: Sense::Minimize, best: None, bound: Some(55) };
    /// assert_eq!(stands.optimum(), Some(55));
    /// ```
    #[must_use]
    pub fn optimum(&self) -> Option<i64> {
        match (&self.best, self.bound) {
            (Some((cost, _, _)), Some(bound)) if self.sense.better(bound, *cost) => Some(bound),
            (Some((cost, _, _)), _) => Some(*cost),
            (None, bound) => bound,
        }
    }
}

/// The best of a branch and bound run's result lines: checks that they
/// are every unit of one run, once each (of `model`, when given), all
/// towards the same sense, and takes the best solution.
///
/// # Errors
///
/// As [`merge`](super::merge), and [`UnitError::MixedRuns`] for lines of
/// both senses.
///
/// ```
/// use backtracker::units::{merge_best, BestLine, Unit, UnitLine};
/// use backtracker::Sense;
///
/// let units = UnitLine::number("m", 1, false, vec![Unit::whole(), Unit::whole()]);
/// let lines = [Some((9, vec![1])), Some((7, vec![2]))].into_iter().zip(units).map(|(best, unit)| {
///     BestLine { unit, sense: Sense::Minimize, bound: None, best }
/// });
/// let merged = merge_best(&lines.collect::<Vec<_>>(), Some("m")).unwrap();
/// assert_eq!(merged.best, Some((7, vec![2], 1)));
/// ```
pub fn merge_best(results: &[BestLine], model: Option<&str>) -> Result<MergedBest, UnitError> {
    let units: Vec<&UnitLine> = results.iter().map(|r| &r.unit).collect();
    super::whole_run(&units, model)?;
    let sense = results[0].sense;
    if let Some(other) = results.iter().find(|r| r.sense != sense) {
        return Err(UnitError::MixedRuns {
            first: format!("{} sense={}", results[0].unit.run(), sense_word(sense)),
            other: format!("{} sense={}", other.unit.run(), sense_word(other.sense)),
        });
    }
    let mut ordered: Vec<&BestLine> = results.iter().collect();
    ordered.sort_by_key(|r| r.unit.index);
    let mut best: Option<(i64, Vec<u32>, usize)> = None;
    let mut bound: Option<i64> = None;
    for r in ordered {
        if let Some((cost, solution)) = &r.best
            && best
                .as_ref()
                .is_none_or(|(b, _, _)| sense.better(*cost, *b))
        {
            best = Some((*cost, solution.clone(), r.unit.index));
        }
        if let Some(b) = r.bound
            && bound.is_none_or(|x| sense.better(b, x))
        {
            bound = Some(b);
        }
    }
    Ok(MergedBest { sense, best, bound })
}

/// Reads [`BestLine`]s (blank lines skipped), each at most
/// 64 KiB.
///
/// # Errors
///
/// [`UnitError::AtLine`] naming the first line that is too long, not text,
/// or not a valid best line; reading errors as a message.
///
/// ```
/// use backtracker::units::read_best;
///
/// let error = read_best("not a best line\n".as_bytes()).unwrap_err();
/// assert!(error.to_string().starts_with("line 1: "));
/// ```
pub fn read_best(reader: impl Read) -> Result<Vec<BestLine>, UnitError> {
    super::checkpoint::read_lines(reader)
}
