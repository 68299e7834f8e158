//! The parts of a count by orbits as text: [`PartLine`] names a
//! constellation of a run by its number and the fingerprint of the run's
//! constellations, [`PartResult`] adds its orbit-weighted count, protected
//! by a checksum, as a checkpoint holds it.

use std::fmt;
use std::str::FromStr;

use crate::error::UnitError;

use super::record::Part;
use super::{checksum, fields, malformed, number, shorten};

/// Format version of the part lines this version writes.
pub(crate) const PART_FORMAT: &str = "backtracker-part/1";

const PART_KEYS: [&str; 3] = ["model", "orbits", "part"];

/// A part of a count by orbits (see
/// [`Search::orbits`](crate::Search::orbits)): the model's name, the
/// fingerprint of the run's constellations (so that a part of another
/// model, group or domain is another run's), and its number among them.
///
/// ```
/// use backtracker::units::PartLine;
///
/// let parts = PartLine::number("nqueens-8", 0x1234, 5);
/// let text = parts[2].to_string();
/// assert_eq!(text, "backtracker-part/1 model=nqueens-8 orbits=0000000000001234 part=2/5");
/// assert_eq!(text.parse::<PartLine>().unwrap(), parts[2]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartLine {
    /// The model's name (no spaces).
    pub model: String,
    /// The fingerprint of the run's constellations.
    pub orbits: u64,
    /// The part's number, from 0.
    pub index: usize,
    /// How many parts the run has.
    pub total: usize,
}

impl PartLine {
    /// The `total` parts of the run of `model` whose constellations have
    /// the fingerprint `orbits`, numbered.
    ///
    /// ```
    /// use backtracker::units::PartLine;
    ///
    /// let parts = PartLine::number("m", 7, 3);
    /// assert_eq!((parts[2].index, parts[2].total), (2, 3));
    /// ```
    #[must_use]
    pub fn number(model: &str, orbits: u64, total: usize) -> Vec<PartLine> {
        (0..total)
            .map(|index| PartLine {
                model: model.to_owned(),
                orbits,
                index,
                total,
            })
            .collect()
    }
}

impl Part for PartLine {
    fn index(&self) -> usize {
        self.index
    }

    fn run(&self) -> String {
        format!(
            "model={} orbits={:016x} parts={}",
            self.model, self.orbits, self.total
        )
    }

    fn line_start(&self) -> String {
        format!(
            "{PART_FORMAT} model={} orbits={:016x} part=",
            self.model, self.orbits
        )
    }
}

impl fmt::Display for PartLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{PART_FORMAT} model={} orbits={:016x} part={}/{}",
            self.model, self.orbits, self.index, self.total
        )
    }
}

fn parse_part(line: &str, values: &[&str]) -> Result<PartLine, UnitError> {
    let word = line.split_whitespace().next().unwrap_or("");
    if word != PART_FORMAT {
        return Err(if word.starts_with("backtracker-part/") {
            UnitError::Version {
                version: shorten(word),
            }
        } else {
            malformed(format!("expected `{PART_FORMAT}` first"))
        });
    }
    let model = values[0].to_owned();
    if model.is_empty() || model.len() > 256 {
        return Err(malformed(format!(
            "model name `{}` is empty or too long",
            shorten(&model)
        )));
    }
    if values[1].len() != 16 || !values[1].bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(malformed(format!(
            "orbits `{}` is not 16 hex digits",
            shorten(values[1])
        )));
    }
    let orbits = u64::from_str_radix(values[1], 16)
        .map_err(|_| malformed(format!("orbits `{}`", shorten(values[1]))))?;
    let (index, total) = values[2]
        .split_once('/')
        .ok_or_else(|| malformed(format!("part `{}` is not i/total", shorten(values[2]))))?;
    let index: usize = number("part number", index)?;
    let total: usize = number("part total", total)?;
    if index >= total {
        return Err(malformed(format!(
            "part {index}/{total}: the number must be below the total"
        )));
    }
    Ok(PartLine {
        model,
        orbits,
        index,
        total,
    })
}

impl FromStr for PartLine {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        let (values, _) = fields(line, &PART_KEYS, &[])?;
        parse_part(line, &values)
    }
}

/// A part of a count by orbits with its count, weighted by its orbit, and
/// a checksum over both: `... count=<n> check=<16 hex digits>`.
///
/// ```
/// use backtracker::units::{PartLine, PartResult};
///
/// let part = PartLine::number("nqueens-8", 0x1234, 5).remove(1);
/// let text = PartResult { part, count: 16 }.to_string();
/// assert!(text.contains(" part=1/5 count=16 check="));
/// assert_eq!(text.parse::<PartResult>().unwrap().count, 16);
/// assert!(text.replace("count=16", "count=8").parse::<PartResult>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartResult {
    /// The part.
    pub part: PartLine,
    /// Its count, times the size of its orbit.
    pub count: u128,
}

impl fmt::Display for PartResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body = format!("{} count={}", self.part, self.count);
        write!(f, "{body} check={:016x}", checksum(&body))
    }
}

impl FromStr for PartResult {
    type Err = UnitError;

    fn from_str(line: &str) -> Result<Self, UnitError> {
        let mut keys = PART_KEYS.to_vec();
        keys.extend(["count", "check"]);
        let (values, _) = fields(line, &keys, &[])?;
        let result = PartResult {
            part: parse_part(line, &values)?,
            count: number("count", values[3])?,
        };
        let trimmed = line.trim();
        let body = trimmed
            .rsplit_once(" check=")
            .map_or(trimmed, |(body, _)| body);
        if values[4] != format!("{:016x}", checksum(body)) || result.to_string() != trimmed {
            return Err(UnitError::Checksum {
                reason: "the checksum does not match the line: its count or part was changed"
                    .to_owned(),
            });
        }
        Ok(result)
    }
}
