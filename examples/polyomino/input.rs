//! Reading the board and the piece files, bounded: at most
//! [`MAX_BYTES`] a file, [`MAX_LINE`] a line, [`MAX_CELLS`] cells.

use std::io::{IsTerminal, Read};

use backtracker_puzzles::polyomino::{Piece, Shape, pentominoes, tetrominoes};

use crate::lines::{BYTE_ORDER_MARK, shorten};

/// A refused input, as its message.
type Refused = String;

/// The largest board or piece file read, in bytes.
pub const MAX_BYTES: u64 = 1 << 20;
/// The longest line, in characters.
pub const MAX_LINE: usize = 1024;
/// The most cells of a board (and so of all pieces together).
pub const MAX_CELLS: usize = 4096;
/// The longest piece name.
pub const MAX_NAME: usize = 32;

/// The message of a refused input.
fn bad(message: impl Into<String>) -> Refused {
    message.into()
}

/// The text of `path` (`-`: standard input), at most [`MAX_BYTES`] bytes of
/// UTF-8; `what` names it in errors.
fn read_text(path: Option<&str>, what: &str) -> Result<String, Refused> {
    let mut bytes = Vec::new();
    let shown = match path {
        Some(path) if path != "-" => {
            let file = std::fs::File::open(path)
                .map_err(|e| bad(format!("cannot read {what} {}: {e}", shorten(path))))?;
            file.take(MAX_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| bad(format!("cannot read {what} {}: {e}", shorten(path))))?;
            shorten(path)
        }
        _ => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                return Err(bad(format!(
                    "missing {what}: give a file, or the {what} on standard input"
                )));
            }
            stdin
                .lock()
                .take(MAX_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| bad(format!("cannot read {what} from standard input: {e}")))?;
            "standard input".to_owned()
        }
    };
    if bytes.starts_with(BYTE_ORDER_MARK) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    if bytes.len() as u64 > MAX_BYTES {
        return Err(bad(format!(
            "{what} ({shown}) is larger than {MAX_BYTES} bytes"
        )));
    }
    if let Some(i) = bytes
        .split(|&b| b == b'\n')
        .position(|line| std::str::from_utf8(line).is_err())
    {
        return Err(bad(format!(
            "{what} ({shown}), line {}: not UTF-8 text",
            i + 1
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| bad(format!("{what}: not UTF-8 text")))?;
    if let Some((i, _)) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.chars().count() > MAX_LINE)
    {
        return Err(bad(format!(
            "{what}, line {}: longer than {MAX_LINE} characters",
            i + 1
        )));
    }
    Ok(text)
}

/// The board from `path` (a file, or standard input for `-` or none).
pub fn board(path: Option<&str>) -> Result<Shape, Refused> {
    let text = read_text(path, "board")?;
    parse_board(&text)
}

/// A board from its text.
pub fn parse_board(text: &str) -> Result<Shape, Refused> {
    if text.trim().is_empty() {
        return Err(bad("the board is empty (expected a grid of `#` and `.`)"));
    }
    let board = Shape::parse(text).map_err(|e| bad(format!("board, {e}")))?;
    if board.is_empty() {
        return Err(bad("the board has no cell (`#`)"));
    }
    if board.len() > MAX_CELLS {
        return Err(bad(format!(
            "the board has {} cells, more than the {MAX_CELLS} supported",
            board.len()
        )));
    }
    Ok(board)
}

/// The piece set `pieces`: `pentominoes`, `tetrominoes`, or a file.
pub fn pieces(pieces: &str) -> Result<Vec<Piece>, Refused> {
    match pieces {
        "pentominoes" => Ok(pentominoes()),
        "tetrominoes" => Ok(tetrominoes()),
        path if std::path::Path::new(path).is_file() => {
            parse_pieces(&read_text(Some(path), "piece file")?)
        }
        other => Err(bad(format!(
            "unknown piece set `{}`: give pentominoes, tetrominoes or a piece file",
            shorten(other)
        ))),
    }
}

/// Pieces from their text: shapes separated by blank lines, each drawn
/// with `#` or its letter for cells and `.` for holes, named by that
/// letter or by a first line `NAME:`.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, Refused> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut pieces: Vec<(Piece, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].is_empty() {
            i += 1;
            continue;
        }
        let start = i;
        let mut name = None;
        if let Some(label) = lines[i].strip_suffix(':') {
            let label = label.trim();
            if label.is_empty() || label.chars().count() > MAX_NAME {
                return Err(bad(format!(
                    "piece file, line {}: a name line is `NAME:`, with 1 to {MAX_NAME} characters",
                    i + 1
                )));
            }
            name = Some(label.to_owned());
            i += 1;
        }
        let mut cells = Vec::new();
        let mut letter: Option<char> = None;
        let first_row = i;
        while i < lines.len() && !lines[i].is_empty() {
            for (c, ch) in lines[i].chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => cells.push((i - first_row, c)),
                    ch if ch.is_alphanumeric() => {
                        match letter {
                            Some(l) if l != ch => {
                                return Err(bad(format!(
                                    "piece file, line {}, column {}: `{ch}` in a piece drawn with `{l}` (one letter a piece; separate pieces with a blank line)",
                                    i + 1,
                                    c + 1
                                )));
                            }
                            _ => letter = Some(ch),
                        }
                        cells.push((i - first_row, c));
                    }
                    ch => {
                        return Err(bad(format!(
                            "piece file, line {}, column {}: unexpected character {ch:?} (use `#` or the piece's letter for a cell and `.` for a hole)",
                            i + 1,
                            c + 1
                        )));
                    }
                }
            }
            i += 1;
        }
        let name = match (name, letter) {
            (Some(name), _) => name,
            (None, Some(letter)) => letter.to_string(),
            (None, None) => {
                return Err(bad(format!(
                    "piece file, line {}: the piece has no name (draw it with its letter, or give a `NAME:` line first)",
                    start + 1
                )));
            }
        };
        if cells.is_empty() {
            return Err(bad(format!(
                "piece file, line {}: piece `{name}` has no cell",
                start + 1
            )));
        }
        let piece = Piece::new(name, Shape::from_cells(cells));
        if let Some((other, line)) = pieces.iter().find(|(p, _)| p.letter() == piece.letter()) {
            return Err(bad(format!(
                "piece file, line {}: piece `{}` would be drawn with the letter {} of piece `{}` (line {line})",
                start + 1,
                piece.name(),
                piece.letter(),
                other.name()
            )));
        }
        pieces.push((piece, start + 1));
    }
    if pieces.is_empty() {
        return Err(bad("the piece file has no piece"));
    }
    Ok(pieces.into_iter().map(|(p, _)| p).collect())
}
