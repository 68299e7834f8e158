//! A checkpoint file: a header line naming the format, the question and
//! the run, then the result line of each finished part of the run (a
//! unit's count, a unit's best, a constellation's count), appended and
//! synced as parts finish, so that a run killed at any moment resumes
//! where it stopped.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::record::{Part, Record};
use super::{MAX_LINE, ResultLine, UnitLine, shorten};
use crate::error::UnitError;

/// The format version of the checkpoint files this version writes: the
/// first word of their header line.
pub(crate) const CHECKPOINT_FORMAT: &str = "backtracker-checkpoint/1";

/// The header line (without its newline) of the checkpoint of the run
/// whose units are `lines`: the format version, then the run as the unit
/// lines carry it (model, split depth, symmetry and the number of units).
///
/// ```
/// use backtracker::{units::{checkpoint_header, UnitLine}};
/// use backtracker_puzzles::nqueens;
///
/// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6)?.split(1, false));
/// assert_eq!(
///     checkpoint_header(&lines),
///     "backtracker-checkpoint/1 model=nqueens-6 depth=1 symmetry=off units=6"
/// );
/// assert_eq!(checkpoint_header(&[]), "backtracker-checkpoint/1 units=0");
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[must_use]
pub fn checkpoint_header(lines: &[UnitLine]) -> String {
    header("", lines)
}

/// The header line of the checkpoint of the run whose parts are `parts`,
/// asking `question` (empty for a count by units, which keeps the header
/// of the first version).
fn header<P: Part>(question: &str, parts: &[P]) -> String {
    let run = parts.first().map_or("units=0".to_owned(), Part::run);
    if question.is_empty() {
        format!("{CHECKPOINT_FORMAT} {run}")
    } else {
        format!("{CHECKPOINT_FORMAT} {question} {run}")
    }
}

/// Why `result` cannot be a line of the checkpoint of the run whose parts
/// are `lines`, where parts `done` are in already: the one judgement of a
/// result, made by [`Checkpoint::open`] on every line it reads and by
/// [`Checkpoint::append`] on every result before it writes it.
fn judge<R: Record>(lines: &[R::Part], done: &[bool], result: &R) -> Result<(), Judged> {
    let part = result.part();
    let Some(expected) = lines.first() else {
        return Err(Judged::OtherRun {
            found: part.run(),
            expected: "a run with no units".to_owned(),
        });
    };
    if part.run() != expected.run() {
        return Err(Judged::OtherRun {
            found: part.run(),
            expected: expected.run(),
        });
    }
    let index = part.index();
    if lines.get(index) != Some(part) {
        return Err(Judged::Bad(format!(
            "unit {index} is not this run's unit {index}"
        )));
    }
    if done.get(index).copied().unwrap_or(false) {
        return Err(Judged::Bad(format!("unit {index} appears twice")));
    }
    Ok(())
}

/// What [`judge`] found wrong.
enum Judged {
    OtherRun { found: String, expected: String },
    Bad(String),
}

/// Why a checkpoint cannot be used. Except for [`CheckpointError::Io`]
/// while appending, the file is left as it was, byte for byte.
///
/// ```
/// use backtracker::{units::{Checkpoint, CheckpointError, UnitLine}};
/// use backtracker_puzzles::nqueens;
///
/// let dir = std::env::temp_dir().join(format!("checkpoint-error-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("run.ckpt");
/// std::fs::write(&path, "notes, with no final newline")?;
/// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6)?.split(1, false));
/// let error = Checkpoint::open(&path, &lines).unwrap_err();
/// assert!(matches!(error, CheckpointError::Foreign { .. }));
/// assert_eq!(std::fs::read_to_string(&path)?, "notes, with no final newline"); // left unchanged
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// Reading, writing or locking the file failed.
    #[error("checkpoint `{path}`: {message}")]
    Io {
        /// The file.
        path: String,
        /// What failed, in lowercase.
        message: String,
    },
    /// Another run holds the checkpoint.
    #[error("checkpoint `{path}` is in use by another run; it was left unchanged")]
    InUse {
        /// The file.
        path: String,
    },
    /// The file is not a checkpoint this run can trust.
    #[error("checkpoint `{path}` is damaged ({reason}); it was left unchanged")]
    Damaged {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The file does not start with a checkpoint header (notes, a binary,
    /// a file of unit or result lines): it is not a checkpoint, whatever
    /// else it holds.
    #[error(
        "checkpoint `{path}` is not a checkpoint: it does not start with a `{CHECKPOINT_FORMAT}` header; it was left unchanged"
    )]
    Foreign {
        /// The file.
        path: String,
    },
    /// [`Checkpoint::append`] refused a result that [`Checkpoint::open`]
    /// would refuse to read back (a unit of another run, a unit already
    /// in the file): nothing was written.
    #[error("checkpoint `{path}`: result refused ({reason}); nothing was written")]
    Refused {
        /// The file.
        path: String,
        /// Why the result does not belong in it.
        reason: String,
    },
    /// The file holds results of another run: another question (a count,
    /// a count by orbits, a least or greatest cost, from another bound),
    /// model, depth or split.
    #[error(
        "checkpoint `{path}` belongs to another run ({found}), not this one ({expected}); it was left unchanged"
    )]
    OtherRun {
        /// The file.
        path: String,
        /// The run its results belong to.
        found: String,
        /// This run.
        expected: String,
    },
}

/// An open checkpoint of one run: its finished units' results, read and
/// checked when it was opened, and the file, locked against other runs, to
/// append the next ones to.
///
/// ```
/// use backtracker_puzzles::nqueens;
/// use backtracker::units::{Checkpoint, ResultLine, UnitLine};
///
/// let dir = std::env::temp_dir().join(format!("checkpoint-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("run.ckpt");
/// let mut model = nqueens(6)?;
/// let lines = UnitLine::number("nqueens-6", 1, false, model.split(1, false));
/// {
///     let mut checkpoint = Checkpoint::open(&path, &lines)?;
///     let count = model.search().symmetry(false).units(&[lines[0].unit.clone()]).count().value;
///     checkpoint.append(&ResultLine { unit: lines[0].clone(), count })?;
/// }
/// // A later run resumes: unit 0 is done.
/// let checkpoint = Checkpoint::open(&path, &lines)?;
/// assert_eq!(checkpoint.results().len(), 1);
/// assert!(checkpoint.is_done(0) && !checkpoint.is_done(1));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A checkpoint of another question holds other lines
/// ([`open_run`](Self::open_run)): a [`BestLine`](super::BestLine) per
/// unit of branch and bound, a [`PartResult`](super::PartResult) per
/// constellation of a count by orbits.
#[derive(Debug)]
pub struct Checkpoint<R: Record = ResultLine> {
    path: PathBuf,
    file: File,
    /// The run's parts.
    lines: Vec<R::Part>,
    results: Vec<R>,
    done: Vec<bool>,
    recovered: Option<String>,
}

impl Checkpoint {
    /// Opens the checkpoint of the count whose units are `lines` at
    /// `path`: [`open_run`](Self::open_run) with no question, so the
    /// header is [`checkpoint_header`]`(lines)`.
    ///
    /// # Errors
    ///
    /// As [`open_run`](Self::open_run).
    pub fn open(path: impl AsRef<Path>, lines: &[UnitLine]) -> Result<Checkpoint, CheckpointError> {
        Checkpoint::open_run(path, "", lines)
    }
}

impl<R: Record> Checkpoint<R> {
    /// Opens the checkpoint of the run that asks `question` (words without
    /// a line break, such as `question=orbits`; empty for a count by
    /// units) of the parts `lines` at `path`, and locks it; a file that is
    /// absent or empty becomes a new checkpoint, its header (the format,
    /// the question, the run of the parts) written and synced. The
    /// first line must be this run's header: a file that does not start
    /// with a checkpoint header is foreign, whatever its last line, and is
    /// refused; one of another question or run is refused with
    /// [`OtherRun`](CheckpointError::OtherRun). Every later line must be a
    /// result of one of these parts, each part at most once. A last line cut short (a write interrupted
    /// by a kill or a full disk) is dropped from the file, and a header cut
    /// short while the file was created is written again;
    /// [`recovered`](Self::recovered) says so. Any other damage refuses
    /// the file and leaves it unchanged, byte for byte.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`]: the file cannot be read or locked, is not a
    /// regular file, is in use by another run, is not a checkpoint
    /// ([`Foreign`](CheckpointError::Foreign)), is damaged, or belongs to
    /// another run.
    #[expect(
        clippy::too_many_lines,
        reason = "one pass over the file, each refusal beside the check that finds it"
    )]
    ///
    /// ```
    /// use backtracker::units::{Checkpoint, CheckpointError, PartLine, PartResult};
    ///
    /// let dir = std::env::temp_dir().join(format!("checkpoint-run-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let path = dir.join("orbits.ckpt");
    /// let parts = PartLine::number("m", 0xfeed, 2);
    /// let mut checkpoint = Checkpoint::<PartResult>::open_run(&path, "question=orbits", &parts)?;
    /// checkpoint.append(&PartResult { part: parts[1].clone(), count: 8 })?;
    /// drop(checkpoint);
    /// let text = std::fs::read_to_string(&path)?;
    /// assert!(text.starts_with("backtracker-checkpoint/1 question=orbits model=m orbits=000000000000feed parts=2\n"));
    /// // The same file asked another question is refused, and left as it is.
    /// let other = Checkpoint::<PartResult>::open_run(&path, "question=other", &parts);
    /// assert!(matches!(other, Err(CheckpointError::OtherRun { .. })));
    /// assert_eq!(std::fs::read_to_string(&path)?, text);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_run(
        path: impl AsRef<Path>,
        question: &str,
        lines: &[R::Part],
    ) -> Result<Checkpoint<R>, CheckpointError> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let io = |e: io::Error| CheckpointError::Io {
            path: shown.clone(),
            message: e.to_string(),
        };
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(CheckpointError::Io {
                path: shown,
                message: "not a regular file".to_owned(),
            });
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::InUse { path: shown });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        // A checkpoint of this run holds at most one line per unit.
        let limit = (lines.len() as u64 + 1).saturating_mul(MAX_LINE as u64 + 1);
        let mut bytes = Vec::new();
        (&mut file)
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        let damaged = |reason: String| CheckpointError::Damaged {
            path: shown.clone(),
            reason,
        };
        if bytes.len() as u64 > limit {
            return Err(damaged(format!(
                "it is larger than a checkpoint of {} units can be",
                lines.len()
            )));
        }
        let header = header(question, lines);
        let mut recovered = None;
        let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
            // No complete line: a new checkpoint, or one whose header was
            // cut short while it was created; anything else is foreign.
            if !header.as_bytes().starts_with(&bytes) {
                return Err(CheckpointError::Foreign { path: shown });
            }
            if !bytes.is_empty() {
                file.set_len(0).map_err(io)?;
                recovered = Some(format!(
                    "checkpoint `{shown}`: completed a header cut short ({} bytes)",
                    bytes.len()
                ));
            }
            file.write_all(format!("{header}\n").as_bytes())
                .map_err(io)?;
            file.sync_all().map_err(io)?;
            return Ok(Checkpoint {
                path: path.to_owned(),
                file,
                lines: lines.to_vec(),
                results: Vec::new(),
                done: vec![false; lines.len()],
                recovered,
            });
        };
        let first = &bytes[..end];
        if first != header.as_bytes() {
            let Some(rest) = first.strip_prefix(b"backtracker-checkpoint/") else {
                return Err(CheckpointError::Foreign { path: shown });
            };
            let text = String::from_utf8_lossy(rest);
            let (version, run) = text.split_once(' ').unwrap_or((&text, ""));
            if format!("backtracker-checkpoint/{version}") != CHECKPOINT_FORMAT {
                return Err(damaged(format!(
                    "its format `backtracker-checkpoint/{}` is not `{CHECKPOINT_FORMAT}`",
                    shorten(version)
                )));
            }
            return Err(CheckpointError::OtherRun {
                path: shown,
                found: shorten(run),
                expected: header[CHECKPOINT_FORMAT.len() + 1..].to_owned(),
            });
        }
        let body = end + 1;
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let text = std::str::from_utf8(&bytes[body..complete])
            .map_err(|_| damaged("it is not text".to_owned()))?;
        let mut results = Vec::new();
        let mut done = vec![false; lines.len()];
        for (i, line) in text.lines().enumerate() {
            let number = i + 2;
            let result: R = line
                .parse()
                .map_err(|e: UnitError| damaged(format!("line {number}: {e}")))?;
            match judge(lines, &done, &result) {
                Ok(()) => {}
                Err(Judged::OtherRun { found, expected }) => {
                    return Err(CheckpointError::OtherRun {
                        path: shown,
                        found,
                        expected,
                    });
                }
                Err(Judged::Bad(reason)) => {
                    return Err(damaged(format!("line {number}: {reason}")));
                }
            }
            done[result.part().index()] = true;
            results.push(result);
        }
        if complete < bytes.len() {
            // The last line was cut short: drop it, and only it, when it is
            // the start of a result line of this run (a write interrupted
            // half-way); anything else there (zeros a crash left, other
            // bytes) is damage.
            let tail = &bytes[complete..];
            let start = lines.first().map(Part::line_start);
            let ours = start.is_some_and(|start| {
                let start = start.as_bytes();
                if tail.len() <= start.len() {
                    start.starts_with(tail)
                } else {
                    tail.starts_with(start) && tail.iter().all(|&b| (b' '..=b'~').contains(&b))
                }
            });
            if !ours {
                return Err(damaged(format!(
                    "its last {} bytes, with no final newline, are not the start of one of this run's result lines",
                    tail.len()
                )));
            }
            file.set_len(complete as u64).map_err(io)?;
            file.sync_all().map_err(io)?;
            recovered = Some(format!(
                "checkpoint `{shown}`: dropped a last line cut short ({} bytes); its unit will be counted again",
                bytes.len() - complete
            ));
        }
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(Checkpoint {
            path: path.to_owned(),
            file,
            lines: lines.to_vec(),
            results,
            done,
            recovered,
        })
    }

    /// The results read from the file (and those appended since).
    #[must_use]
    pub fn results(&self) -> &[R] {
        &self.results
    }

    /// Whether unit `index` of the run has its result in the checkpoint.
    #[must_use]
    pub fn is_done(&self, index: usize) -> bool {
        self.done.get(index).copied().unwrap_or(false)
    }

    /// A message for standard error when opening dropped a last line cut
    /// short, or wrote again a header cut short.
    ///
    /// ```
    /// use backtracker::{units::{Checkpoint, UnitLine}};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let dir = std::env::temp_dir().join(format!("checkpoint-recovered-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6)?.split(1, false));
    /// // A new checkpoint had nothing to recover.
    /// let checkpoint = Checkpoint::open(dir.join("run.ckpt"), &lines)?;
    /// assert_eq!((checkpoint.recovered(), checkpoint.results().len()), (None, 0));
    /// # drop(checkpoint);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn recovered(&self) -> Option<&str> {
        self.recovered.as_deref()
    }

    /// Appends a finished unit's result, in one write of the whole line,
    /// synced to disk before it returns. A result that [`open`](Self::open)
    /// would refuse to read back (a unit of another run, a unit already in
    /// the checkpoint, a line that does not read back as written) is
    /// refused, and nothing is written: the checkpoint stays resumable.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Refused`] for such a result;
    /// [`CheckpointError::Io`] when the write or the sync fails.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    /// use backtracker::units::{Checkpoint, CheckpointError, ResultLine, UnitLine};
    ///
    /// let dir = std::env::temp_dir().join(format!("checkpoint-append-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6)?.split(1, false));
    /// let mut checkpoint = Checkpoint::open(dir.join("run.ckpt"), &lines)?;
    /// let result = ResultLine { unit: lines[1].clone(), count: 1 };
    /// checkpoint.append(&result)?;
    /// // The same unit again would make the file one that no run can open.
    /// assert!(matches!(checkpoint.append(&result), Err(CheckpointError::Refused { .. })));
    /// # drop(checkpoint);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append(&mut self, result: &R) -> Result<(), CheckpointError> {
        let shown = self.path.display().to_string();
        let refused = |reason: String| CheckpointError::Refused {
            path: shown.clone(),
            reason,
        };
        match judge(&self.lines, &self.done, result) {
            Ok(()) => {}
            Err(Judged::OtherRun { found, expected }) => {
                return Err(refused(format!(
                    "it belongs to another run ({found}), not this one ({expected})"
                )));
            }
            Err(Judged::Bad(reason)) => return Err(refused(reason)),
        }
        let text = result.to_string();
        if text.len() > MAX_LINE || text.parse::<R>().as_ref() != Ok(result) {
            return Err(refused("its line does not read back as written".to_owned()));
        }
        let io = |e: io::Error| CheckpointError::Io {
            path: shown.clone(),
            message: e.to_string(),
        };
        self.file
            .write_all(format!("{text}\n").as_bytes())
            .map_err(io)?;
        self.file.sync_data().map_err(io)?;
        self.done[result.part().index()] = true;
        self.results.push(result.clone());
        Ok(())
    }
}

/// Whether `line` is a checkpoint header (of any run) of this format.
fn is_header(line: &str) -> bool {
    line.trim_end()
        .strip_prefix(CHECKPOINT_FORMAT)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// Reads result lines (blank lines skipped), each at most
/// 64 KiB. A first line that is a checkpoint
/// [header](checkpoint_header) is skipped too, so that a checkpoint file
/// reads as its results.
///
/// # Errors
///
/// [`UnitError::AtLine`] naming the first line that is too long, not text,
/// or not a valid result line; reading errors as a message.
///
/// ```
/// use backtracker::units::read_results;
///
/// let error = read_results("not a result\n".as_bytes()).unwrap_err();
/// assert!(error.to_string().starts_with("line 1: "));
/// assert!(read_results("\n".as_bytes()).unwrap().is_empty());
/// ```
pub fn read_results(reader: impl Read) -> Result<Vec<ResultLine>, UnitError> {
    read_lines(reader)
}

/// Reads lines of type `T` as [`read_results`] reads result lines.
pub(crate) fn read_lines<T: std::str::FromStr<Err = UnitError>>(
    reader: impl Read,
) -> Result<Vec<T>, UnitError> {
    let mut reader = BufReader::new(reader);
    let mut results = Vec::new();
    let mut buf = Vec::new();
    for number in 1.. {
        buf.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| UnitError::AtLine {
                line: number,
                message: format!("cannot read: {e}"),
            })?;
        if read == 0 {
            break;
        }
        let at = |message: String| UnitError::AtLine {
            line: number,
            message,
        };
        if buf.len() > MAX_LINE {
            return Err(at(format!("longer than {MAX_LINE} bytes")));
        }
        let text = std::str::from_utf8(&buf).map_err(|_| at("not text".to_owned()))?;
        if text.trim().is_empty() || number == 1 && is_header(text) {
            continue;
        }
        results.push(
            text.trim()
                .parse()
                .map_err(|e: UnitError| at(e.to_string()))?,
        );
    }
    Ok(results)
}
