//! What a checkpoint holds, whatever the question: the result line of one
//! part of a run ([`Record`]), and the part it is the result of
//! ([`Part`]): a work unit of a split, or a constellation of a count by
//! orbits.

use std::fmt;
use std::str::FromStr;

use crate::error::UnitError;

use super::best::BestLine;
use super::orbit_lines::{PartLine, PartResult};
use super::{ResultLine, UNIT_FORMAT, UnitLine, on_off};

/// One part of a run, as the lines of its results carry it: its number,
/// the run it belongs to, and the text every result line of the run
/// starts with. A [`Checkpoint`](super::Checkpoint) holds at most one
/// result per part of its run, and refuses the results of another run.
///
/// ```
/// use backtracker::units::{Part, Unit, UnitLine};
///
/// let units = UnitLine::number("m", 1, false, vec![Unit::whole(), Unit::whole()]);
/// assert_eq!(units[1].index(), 1);
/// assert_eq!(Part::run(&units[1]), "model=m depth=1 symmetry=off units=2");
/// assert!(units[1].to_string().starts_with(&units[0].line_start()));
/// ```
pub trait Part: Clone + PartialEq + fmt::Debug + Send {
    /// The part's number among its run's parts, from 0.
    fn index(&self) -> usize;
    /// The run the part belongs to, as text; the same for every part of
    /// one run, and different for parts of different runs.
    fn run(&self) -> String;
    /// The text every result line of the part's run starts with, up to
    /// the part's number: what a line cut short by a kill must begin with
    /// to be dropped as such rather than refused as damage.
    fn line_start(&self) -> String;
}

/// A result line a [`Checkpoint`](super::Checkpoint) holds: the result of
/// one [`Part`] of a run, as text that reads back as written.
///
/// ```
/// use backtracker::units::{Record, ResultLine, Unit, UnitLine};
///
/// let unit = UnitLine::number("m", 0, false, vec![Unit::whole()]).remove(0);
/// let result = ResultLine { unit: unit.clone(), count: 3 };
/// assert_eq!(result.part(), &unit);
/// assert_eq!(result.to_string().parse::<ResultLine>().unwrap(), result);
/// ```
pub trait Record:
    Clone + PartialEq + fmt::Debug + fmt::Display + FromStr<Err = UnitError> + Send
{
    /// What a result is of.
    type Part: Part;
    /// The part this is the result of.
    fn part(&self) -> &Self::Part;
}

impl Part for UnitLine {
    fn index(&self) -> usize {
        self.index
    }

    fn run(&self) -> String {
        UnitLine::run(self)
    }

    fn line_start(&self) -> String {
        format!(
            "{UNIT_FORMAT} model={} depth={} symmetry={} unit=",
            self.model,
            self.depth,
            on_off(self.symmetry)
        )
    }
}

impl Record for ResultLine {
    type Part = UnitLine;

    fn part(&self) -> &UnitLine {
        &self.unit
    }
}

impl Record for BestLine {
    type Part = UnitLine;

    fn part(&self) -> &UnitLine {
        &self.unit
    }
}

impl Record for PartResult {
    type Part = PartLine;

    fn part(&self) -> &PartLine {
        &self.part
    }
}
