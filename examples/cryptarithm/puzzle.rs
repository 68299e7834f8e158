//! Reading a cryptarithm: `WORD + WORD + ... = WORD`, bounded (at most
//! [`MAX_EXPRESSION`] bytes) and with errors that quote at most a short
//! piece of the text. Shared by the example and its fuzz target.

use crate::lines::shorten;

/// The longest expression read, in bytes.
pub const MAX_EXPRESSION: usize = 4096;

/// A parsed puzzle: the addends and the sum, as words of uppercase letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub addends: Vec<Vec<u8>>,
    pub sum: Vec<u8>,
}

impl Puzzle {
    /// Parses `WORD + WORD + ... = WORD` (any spacing, letters of either case).
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        if text.len() > MAX_EXPRESSION {
            return Err(format!(
                "invalid expression `{}`: longer than {MAX_EXPRESSION} bytes",
                shorten(text)
            ));
        }
        let bad = |why: &str| format!("invalid expression `{}`: {why}", shorten(text));
        let mut sides = text.split('=');
        let (Some(left), Some(right), None) = (sides.next(), sides.next(), sides.next()) else {
            return Err(bad("expected exactly one `=`"));
        };
        let word = |raw: &str, place: &str| -> Result<Vec<u8>, String> {
            let raw = raw.trim();
            if raw.is_empty() {
                return Err(bad(&format!("missing word {place}")));
            }
            if let Some(c) = raw
                .chars()
                .find(|c| !c.is_ascii_alphabetic() && !c.is_whitespace())
            {
                return Err(bad(&format!(
                    "{c:?} is not a letter, `+` or `=` (words are letters A to Z)"
                )));
            }
            if raw.contains(char::is_whitespace) {
                return Err(bad(&format!(
                    "`{}` is two words: join words with `+`",
                    shorten(raw)
                )));
            }
            Ok(raw.bytes().map(|b| b.to_ascii_uppercase()).collect())
        };
        let addends = left
            .split('+')
            .enumerate()
            .map(|(i, raw)| word(raw, &format!("in addend {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let sum = word(right, "after `=`")?;
        let puzzle = Puzzle { addends, sum };
        let letters = puzzle.letters().len();
        if letters > 10 {
            return Err(bad(&format!(
                "{letters} distinct letters, but there are only 10 digits"
            )));
        }
        Ok(puzzle)
    }

    pub fn words(&self) -> impl Iterator<Item = &Vec<u8>> {
        self.addends.iter().chain(std::iter::once(&self.sum))
    }

    /// Number of columns: the length of the longest word.
    pub fn width(&self) -> usize {
        self.words().map(Vec::len).max().unwrap_or(0)
    }

    /// The letter of `word` in column `col` (0 = units), if it is that long.
    pub fn at(word: &[u8], col: usize) -> Option<u8> {
        word.len().checked_sub(col + 1).map(|i| word[i])
    }

    /// The distinct letters, from the rightmost column leftwards; in a
    /// column, the addends' letters in order, then the sum's.
    pub fn letters(&self) -> Vec<u8> {
        let mut letters = Vec::new();
        for col in 0..self.width() {
            for word in self.words() {
                if let Some(c) = Puzzle::at(word, col)
                    && !letters.contains(&c)
                {
                    letters.push(c);
                }
            }
        }
        letters
    }

    /// The puzzle with each letter replaced by its digit.
    pub fn render(&self, letters: &[u8], digits: &[u8]) -> String {
        let number = |word: &Vec<u8>| -> String {
            word.iter()
                .map(|c| {
                    let var = letters
                        .iter()
                        .position(|l| l == c)
                        .expect("a letter of the puzzle");
                    char::from(b'0' + digits[var])
                })
                .collect()
        };
        let left: Vec<String> = self.addends.iter().map(number).collect();
        format!("{} = {}", left.join(" + "), number(&self.sum))
    }
}
