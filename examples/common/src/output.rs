//! Standard output and standard error for every example.
//!
//! Standard output goes through one buffered writer, a line (or a block of
//! whole lines) at a time: a line is written whole or not at all, also when
//! Ctrl-C stops the program. A closed pipe (`| head`) ends the program
//! quietly with exit code 0; any other failed write (a full disk) is an
//! error, exit code 2. Standard error is written with [`note`] and the
//! [`say!`] macro, which never panic: a message that cannot be written is
//! dropped.

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Why standard output took no more.
#[derive(Debug)]
pub enum WriteError {
    /// The reader went away (`| head`): stop quietly, exit code 0.
    Closed,
    /// Any other failure (a full disk): exit code 2 with this message.
    Failed(String),
}

impl WriteError {
    /// The failure of a write to standard output: a closed pipe, or
    /// another error.
    #[must_use]
    pub fn from_io(error: &io::Error) -> WriteError {
        if error.kind() == io::ErrorKind::BrokenPipe {
            WriteError::Closed
        } else {
            WriteError::Failed(format!("cannot write to standard output: {error}"))
        }
    }

    /// The exit code: 0 for a closed pipe, 2 otherwise; the message (if
    /// any) is written to standard error first.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            WriteError::Closed => 0,
            WriteError::Failed(message) => {
                error(message);
                2
            }
        }
    }
}

/// Buffered output is flushed when it has waited this long, so a slow
/// search shows what it found.
const FLUSH_AFTER: Duration = Duration::from_millis(200);

struct Stdout {
    writer: BufWriter<io::Stdout>,
    since: Option<Instant>,
    /// The first failure; later writes fail the same way at once.
    failed: Option<io::ErrorKind>,
}

static STDOUT: Mutex<Option<Stdout>> = Mutex::new(None);

/// The exit code [`exit_now`] is waiting to exit with (0: none). The lock
/// is not fair: a program writing block after block could take it again
/// and again before the waiting handler, and write its whole trace after
/// Ctrl-C; so the writer, seeing this set, exits in the handler's stead.
static EXITING: AtomicI32 = AtomicI32::new(0);

fn lock() -> MutexGuard<'static, Option<Stdout>> {
    STDOUT.lock().unwrap_or_else(PoisonError::into_inner)
}

fn with_stdout<T>(f: impl FnOnce(&mut Stdout) -> T) -> T {
    let mut guard = lock();
    let code = EXITING.load(Ordering::SeqCst);
    if code != 0 {
        flush_and_exit(&mut guard, code);
    }
    let out = guard.get_or_insert_with(|| Stdout {
        writer: BufWriter::new(io::stdout()),
        since: None,
        failed: None,
    });
    f(out)
}

fn result(out: &mut Stdout, written: io::Result<()>) -> Result<(), WriteError> {
    if let Some(kind) = out.failed {
        return Err(WriteError::from_io(&io::Error::from(kind)));
    }
    written.map_err(|e| {
        out.failed = Some(e.kind());
        WriteError::from_io(&e)
    })
}

/// Writes `text`, which should end a line (it may hold several), to
/// standard output.
///
/// # Errors
///
/// A [`WriteError`] when standard output cannot be written (a closed pipe included).
pub fn write(text: &str) -> Result<(), WriteError> {
    with_stdout(|out| {
        if out.failed.is_some() {
            return result(out, Ok(()));
        }
        let mut written = out.writer.write_all(text.as_bytes());
        let now = Instant::now();
        match out.since {
            None => out.since = Some(now),
            Some(since) if now.duration_since(since) >= FLUSH_AFTER => {
                written = written.and_then(|()| out.writer.flush());
                out.since = None;
            }
            Some(_) => {}
        }
        result(out, written)
    })
}

/// The most a block of [`blocks`] holds (unless one line is longer).
pub const BLOCK: usize = 1 << 16;

/// `text` (whole lines) cut into blocks of whole lines, each at most
/// [`BLOCK`] bytes or one longer line. Ctrl-C's handler waits for the
/// write under way, so a trace of hundreds of megabytes written in one
/// piece would be written whole before the program exits with code 130;
/// written a block at a time, it is cut at the first block's end.
pub fn blocks(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        // A cut after a newline is a cut between characters.
        let cut = if rest.len() <= BLOCK {
            rest.len()
        } else {
            rest.as_bytes()[..BLOCK]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1)
        };
        let (block, after) = rest.split_at(cut);
        rest = after;
        Some(block)
    })
}

/// Writes `text` (whole lines, such as a trace) to standard output a
/// [block](blocks) at a time, so that Ctrl-C cuts it at a block's end.
///
/// # Errors
///
/// As [`write()`].
pub fn write_in_blocks(text: &str) -> Result<(), WriteError> {
    blocks(text).try_for_each(write)
}

/// Writes `text` and a newline.
///
/// # Errors
///
/// As [`write()`].
pub fn line(text: &str) -> Result<(), WriteError> {
    let mut whole = String::with_capacity(text.len() + 1);
    whole.push_str(text);
    whole.push('\n');
    write(&whole)
}

/// Writes out what is buffered.
///
/// # Errors
///
/// As [`write()`].
pub fn flush() -> Result<(), WriteError> {
    with_stdout(|out| {
        if out.failed.is_some() {
            return result(out, Ok(()));
        }
        let flushed = out.writer.flush();
        out.since = None;
        result(out, flushed)
    })
}

/// Writes one line to standard error; a line that cannot be written is
/// dropped (a full or closed standard error never stops the program).
pub fn note(text: &str) {
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.write_all(b"\n");
}

/// Writes `text` as it is (several lines, say) to standard error, never
/// failing.
pub fn note_raw(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `error: MESSAGE` on standard error, one line, quoting at most
/// [`ECHO`](crate::lines::ECHO) characters of any input the message quotes
/// ([`shorten_quoted`](crate::lines::shorten_quoted)): every example's
/// errors end here.
pub fn error(message: &str) {
    note(&format!("error: {}", crate::lines::shorten_quoted(message)));
}

/// `eprintln!` that never panics: formats one line for [`note`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::note(&format!($($arg)*))
    };
}
pub use crate::say;

/// Flushes the whole lines written so far and exits with `code`: what
/// Ctrl-C does. Waits for a line being written to be written whole.
pub fn exit_now(code: i32) -> ! {
    EXITING.store(code, Ordering::SeqCst);
    flush_and_exit(&mut lock(), code)
}

/// Flushes what `guard` holds, unless writing failed, and exits with `code`.
fn flush_and_exit(guard: &mut Option<Stdout>, code: i32) -> ! {
    if let Some(out) = guard.as_mut()
        && out.failed.is_none()
    {
        let _ = out.writer.flush();
    }
    std::process::exit(code)
}

/// What `--help` says about Ctrl-C in the examples that install
/// [`exit_on_interrupt`].
pub const INTERRUPT_HELP: &str = "Interrupted (Ctrl-C), the program exits with code 130 at once: standard output keeps the whole lines written before, never part of a line.";

/// Makes Ctrl-C end the program with exit code 130, keeping the whole
/// lines written so far (see [`exit_now`]).
pub fn exit_on_interrupt() {
    let _ = ctrlc::set_handler(|| exit_now(130));
}

#[cfg(test)]
mod tests {
    use super::{BLOCK, blocks};

    #[test]
    fn blocks_hold_whole_lines_and_give_back_the_text() {
        let line = "x".repeat(99) + "\n";
        let text = line.repeat(2000);
        let cut: Vec<&str> = blocks(&text).collect();
        assert!(cut.len() > 1);
        assert!(cut.iter().all(|b| b.len() <= BLOCK && b.ends_with('\n')));
        assert_eq!(cut.concat(), text);
        // A line longer than a block is one block.
        let long = "y".repeat(BLOCK + 10) + "\n";
        assert_eq!(blocks(&long).collect::<Vec<_>>(), [long.as_str()]);
        assert_eq!(blocks("").count(), 0);
    }
}
