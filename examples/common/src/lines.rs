//! Reading input a bounded line at a time: at most [`Limits::line`] bytes
//! a line and [`Limits::total`] bytes in all, UTF-8 checked line by line,
//! so `/dev/zero`, `/dev/urandom` or an endless stream are refused with one
//! line naming the problem, in bounded memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};

/// How much input is read at most.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest line, in bytes (not counting its end of line).
    pub line: usize,
    /// The most input in all, in bytes.
    pub total: u64,
}

/// The limits of the examples' puzzle and graph files.
pub const DEFAULT_LIMITS: Limits = Limits {
    line: 1 << 16,
    total: 1 << 26,
};

/// The UTF-8 byte-order mark, which some editors write at the start of a
/// text file; the readers skip it.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Input read line by line within [`Limits`].
pub struct Lines {
    reader: Box<dyn BufRead>,
    /// `standard input` or the file's name, for messages.
    name: String,
    limits: Limits,
    /// Lines read so far.
    number: usize,
    /// Bytes read so far.
    read: u64,
    done: bool,
}

impl Lines {
    /// The file at `path`, or standard input for `None` or `-`.
    ///
    /// # Errors
    ///
    /// A file that cannot be opened, as a message naming it.
    pub fn open(path: Option<&str>, limits: Limits) -> Result<Lines, String> {
        let (reader, name): (Box<dyn BufRead>, String) = match path {
            Some(path) if path != "-" => {
                let file =
                    File::open(path).map_err(|e| format!("cannot read {}: {e}", shorten(path)))?;
                (Box::new(BufReader::new(file)), shorten(path))
            }
            _ => (
                Box::new(BufReader::new(io::stdin())),
                "standard input".to_owned(),
            ),
        };
        Ok(Lines {
            reader,
            name,
            limits,
            number: 0,
            read: 0,
            done: false,
        })
    }

    /// Whether the input is standard input and a terminal (nothing piped in).
    #[must_use]
    pub fn stdin_is_terminal(path: Option<&str>) -> bool {
        matches!(path, None | Some("-")) && io::stdin().is_terminal()
    }

    /// The input's name: `standard input` or the file's (shortened).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next line (its number from 1 and its text without the end of
    /// line), `None` at the end.
    ///
    /// # Errors
    ///
    /// A line longer than the limit, more input than the limit, a line
    /// that is not UTF-8 text, or a failed read, as a message naming the
    /// input and the line.
    pub fn next_line(&mut self) -> Option<Result<(usize, String), String>> {
        if self.done {
            return None;
        }
        let mut bytes = Vec::new();
        let most = self.limits.line as u64 + 2;
        let read = (&mut self.reader).take(most).read_until(b'\n', &mut bytes);
        let number = self.number + 1;
        let failed = |s: &mut Lines, message: String| {
            s.done = true;
            Some(Err(message))
        };
        match read {
            Err(e) => return failed(self, format!("cannot read {}: {e}", self.name)),
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(n) => self.read += n as u64,
        }
        if self.read > self.limits.total {
            let message = format!(
                "{} is longer than {} bytes, the most input read",
                self.name, self.limits.total
            );
            return failed(self, message);
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        // A byte-order mark is no part of the text.
        if number == 1 && bytes.starts_with(BYTE_ORDER_MARK) {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        if bytes.len() > self.limits.line {
            let message = format!(
                "{}, line {number}: longer than {} bytes, the longest line read",
                self.name, self.limits.line
            );
            return failed(self, message);
        }
        self.number = number;
        match String::from_utf8(bytes) {
            Ok(text) => Some(Ok((number, text))),
            Err(_) => failed(
                self,
                format!("{}, line {number}: not UTF-8 text", self.name),
            ),
        }
    }

    /// The whole input as text, each line ended by a newline.
    ///
    /// # Errors
    ///
    /// As [`next_line`](Self::next_line).
    pub fn read_all(mut self) -> Result<String, String> {
        let mut text = String::new();
        while let Some(line) = self.next_line() {
            text.push_str(&line?.1);
            text.push('\n');
        }
        Ok(text)
    }
}

/// The whole text of the file at `path` (standard input for `-`), read
/// as [`Lines`] reads it within [`DEFAULT_LIMITS`]: a byte-order mark
/// skipped, each line ended by a newline.
///
/// # Errors
///
/// As [`Lines::open`] and [`Lines::next_line`].
pub fn read_text(path: &str) -> Result<String, String> {
    Lines::open(Some(path), DEFAULT_LIMITS)?.read_all()
}

/// The longest piece of input quoted in a message, in characters.
pub const ECHO: usize = 60;

/// Keeps an echoed input short and on one line: at most [`ECHO`]
/// characters (cut on a character boundary, then `...`), control
/// characters as spaces.
#[must_use]
pub fn shorten(text: &str) -> String {
    let mut short: String = text
        .chars()
        .take(ECHO)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().nth(ECHO).is_some() {
        short.push_str("...");
    }
    short
}

/// `text` with every part between single quotes (as clap quotes a value),
/// double quotes (as `{:?}` does) or backticks (as the examples quote an
/// input) cut by [`shorten`],
/// and what is left cut too if it is still long: a line that quotes its
/// input quotes at most [`ECHO`] characters of it.
#[must_use]
pub fn shorten_quoted(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(['\'', '"', '`']) {
        let quote = rest.as_bytes()[open] as char;
        out.push_str(&shorten_unquoted(&rest[..=open]));
        rest = &rest[open + 1..];
        let Some(close) = rest.find(quote) else {
            out.push_str(&shorten(rest));
            return out;
        };
        out.push_str(&shorten(&rest[..close]));
        out.push(quote);
        rest = &rest[close + 1..];
    }
    out.push_str(&shorten_unquoted(rest));
    out
}

/// A stretch of a message between quotes: kept whole unless it holds a
/// word longer than [`ECHO`] characters (an input echoed without quotes),
/// which is cut by [`shorten`].
fn shorten_unquoted(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            if word.chars().nth(ECHO).is_some() {
                shorten(word)
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
