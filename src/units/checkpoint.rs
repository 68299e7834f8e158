//! A checkpoint file: the result line of each finished unit of a run,
//! appended and synced as units finish, so that a run killed at any moment
//! resumes where it stopped.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{MAX_LINE, ResultLine, UnitLine};
use crate::error::UnitError;

/// Why a checkpoint cannot be used. Except for [`CheckpointError::Io`]
/// while appending, the file is left as it was, byte for byte.
///
/// ```
/// use backtracker::{puzzles::nqueens, units::{Checkpoint, CheckpointError, UnitLine}};
///
/// let dir = std::env::temp_dir().join(format!("checkpoint-error-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("run.ckpt");
/// std::fs::write(&path, "not a result line\n")?;
/// let lines = UnitLine::number("nqueens-6", 1, false, nqueens(6)?.split(1, false));
/// let error = Checkpoint::open(&path, &lines).unwrap_err();
/// assert!(matches!(error, CheckpointError::Damaged { .. }));
/// assert_eq!(std::fs::read_to_string(&path)?, "not a result line\n"); // left unchanged
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
    /// The file holds results of another run (another model, depth or split).
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
/// use backtracker::puzzles::nqueens;
/// use backtracker::units::{Checkpoint, ResultLine, UnitLine};
///
/// let dir = std::env::temp_dir().join(format!("checkpoint-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("run.ckpt");
/// let mut model = nqueens(6)?;
/// let lines = UnitLine::number("nqueens-6", 1, false, model.split(1, false));
/// {
///     let mut checkpoint = Checkpoint::open(&path, &lines)?;
///     let count = model.search().symmetry(false).count_unit(&lines[0].unit).value;
///     checkpoint.append(&ResultLine { unit: lines[0].clone(), count })?;
/// }
/// // A later run resumes: unit 0 is done.
/// let checkpoint = Checkpoint::open(&path, &lines)?;
/// assert_eq!(checkpoint.results().len(), 1);
/// assert!(checkpoint.is_done(0) && !checkpoint.is_done(1));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: File,
    results: Vec<ResultLine>,
    done: Vec<bool>,
    recovered: Option<String>,
}

impl Checkpoint {
    /// Opens the checkpoint of the run whose units are `lines` at `path`,
    /// creating it when absent, and locks it. Every line must be a result
    /// of one of these units, each unit at most once. A last line cut
    /// short (a write interrupted by a kill or a full disk) is dropped from
    /// the file, and [`recovered`](Self::recovered) says so; any other
    /// damage refuses the file and leaves it unchanged.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`]: the file cannot be read or locked, is not a
    /// regular file, is in use by another run, is damaged, or belongs to
    /// another run.
    pub fn open(path: impl AsRef<Path>, lines: &[UnitLine]) -> Result<Checkpoint, CheckpointError> {
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
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let text = std::str::from_utf8(&bytes[..complete])
            .map_err(|_| damaged("it is not text".to_owned()))?;
        let mut results = Vec::new();
        let mut done = vec![false; lines.len()];
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let result: ResultLine = line
                .parse()
                .map_err(|e: UnitError| damaged(format!("line {number}: {e}")))?;
            let Some(expected) = lines.first() else {
                return Err(CheckpointError::OtherRun {
                    path: shown,
                    found: result.unit.run(),
                    expected: "a run with no units".to_owned(),
                });
            };
            if result.unit.run() != expected.run() {
                return Err(CheckpointError::OtherRun {
                    path: shown,
                    found: result.unit.run(),
                    expected: expected.run(),
                });
            }
            let index = result.unit.index;
            if lines.get(index) != Some(&result.unit) {
                return Err(damaged(format!(
                    "line {number}: unit {index} is not this run's unit {index}"
                )));
            }
            if std::mem::replace(&mut done[index], true) {
                return Err(damaged(format!(
                    "line {number}: unit {index} appears twice"
                )));
            }
            results.push(result);
        }
        let mut recovered = None;
        if complete < bytes.len() {
            // The last line was cut short: drop it, and only it.
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
            results,
            done,
            recovered,
        })
    }

    /// The results read from the file (and those appended since).
    #[must_use]
    pub fn results(&self) -> &[ResultLine] {
        &self.results
    }

    /// Whether unit `index` of the run has its result in the checkpoint.
    #[must_use]
    pub fn is_done(&self, index: usize) -> bool {
        self.done.get(index).copied().unwrap_or(false)
    }

    /// A message for standard error when opening dropped a last line cut
    /// short.
    ///
    /// ```
    /// use backtracker::{puzzles::nqueens, units::{Checkpoint, UnitLine}};
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
    /// synced to disk before it returns.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Io`] when the write or the sync fails.
    pub fn append(&mut self, result: &ResultLine) -> Result<(), CheckpointError> {
        let io = |e: io::Error| CheckpointError::Io {
            path: self.path.display().to_string(),
            message: e.to_string(),
        };
        self.file
            .write_all(format!("{result}\n").as_bytes())
            .map_err(io)?;
        self.file.sync_data().map_err(io)?;
        if let Some(slot) = self.done.get_mut(result.unit.index) {
            *slot = true;
        }
        self.results.push(result.clone());
        Ok(())
    }
}

/// Reads result lines (blank lines skipped), each at most
/// [`MAX_LINE`] bytes.
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
        if text.trim().is_empty() {
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
