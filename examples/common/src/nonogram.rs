//! Nonogram clues in the common `.non` text form: `width W` and `height
//! H` lines, then a `rows` section of H clue lines and a `columns` section
//! of W, each clue the lengths of the runs of filled cells along the line,
//! comma-separated, `0` for an empty line. Blank lines are skipped, and so
//! are the other keyword lines of the form outside the sections (`title`,
//! `by`, `catalogue`, `goal`, ...).

/// The widest and tallest picture accepted.
pub const MAX_SIDE: usize = 200;

/// The clues of a nonogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clues {
    /// Per row, top to bottom, its runs left to right.
    pub rows: Vec<Vec<usize>>,
    /// Per column, left to right, its runs top to bottom.
    pub columns: Vec<Vec<usize>>,
}

impl Clues {
    /// Reads clues.
    ///
    /// ```
    /// use common::nonogram::Clues;
    ///
    /// let clues = Clues::parse("width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n1\n")?;
    /// assert_eq!(clues.rows, [vec![2], vec![]]);
    /// assert_eq!(clues.columns, [vec![1], vec![1]]);
    /// assert!(Clues::parse("").is_err());
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What is wrong, in one line naming the line: a missing or bad width
    /// or height, a section with too few or too many clues, a clue that is
    /// not comma-separated numbers or does not fit its line.
    pub fn parse(text: &str) -> Result<Clues, String> {
        let (mut width, mut height) = (None, None);
        let mut rows = None;
        let mut columns = None;
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, line)| (k + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty());
        if text.trim().is_empty() {
            return Err("the file holds no clues (it is empty)".to_owned());
        }
        while let Some((at, line)) = lines.next() {
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or_default();
            match key {
                "width" | "height" => {
                    let side = words
                        .next()
                        .and_then(|w| w.parse::<usize>().ok())
                        .filter(|&n| (1..=MAX_SIDE).contains(&n))
                        .ok_or_else(|| {
                            format!("line {at}: `{key}` takes a whole number from 1 to {MAX_SIDE}")
                        })?;
                    if key == "width" {
                        width = Some(side);
                    } else {
                        height = Some(side);
                    }
                }
                "rows" | "columns" => {
                    let (count, across) = if key == "rows" {
                        (height, width)
                    } else {
                        (width, height)
                    };
                    let (Some(count), Some(across)) = (count, across) else {
                        return Err(format!(
                            "line {at}: `{key}` before the width and the height"
                        ));
                    };
                    let mut clues = Vec::with_capacity(count);
                    for k in 0..count {
                        let (at, line) = lines.next().ok_or_else(|| {
                            format!("the file ends after {k} of the {count} clues of `{key}`")
                        })?;
                        clues.push(clue(at, line, across)?);
                    }
                    if key == "rows" {
                        rows = Some(clues);
                    } else {
                        columns = Some(clues);
                    }
                }
                _ if key.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                    return Err(format!(
                        "line {at}: a clue outside the `rows` and `columns` sections"
                    ));
                }
                // Another keyword of the form: a title, an author, a goal.
                _ => {}
            }
        }
        let rows = rows.ok_or("the file has no `rows` section")?;
        let columns = columns.ok_or("the file has no `columns` section")?;
        Ok(Clues { rows, columns })
    }

    /// The clues of a picture (rows of `true` for filled cells).
    ///
    /// ```
    /// use common::nonogram::Clues;
    ///
    /// let clues = Clues::of(&[vec![true, true], vec![false, true]]);
    /// assert_eq!(clues.rows, [vec![2], vec![1]]);
    /// assert_eq!(clues.columns, [vec![1], vec![2]]);
    /// ```
    #[must_use]
    pub fn of(picture: &[Vec<bool>]) -> Clues {
        let runs = |line: &mut dyn Iterator<Item = bool>| {
            let mut runs = Vec::new();
            let mut run = 0;
            for filled in line {
                if filled {
                    run += 1;
                } else if run > 0 {
                    runs.push(run);
                    run = 0;
                }
            }
            if run > 0 {
                runs.push(run);
            }
            runs
        };
        let width = picture.first().map_or(0, Vec::len);
        Clues {
            rows: picture
                .iter()
                .map(|row| runs(&mut row.iter().copied()))
                .collect(),
            columns: (0..width)
                .map(|c| runs(&mut picture.iter().map(|row| row[c])))
                .collect(),
        }
    }

    /// The clues in the `.non` form that [`parse`](Self::parse) reads.
    ///
    /// ```
    /// use common::nonogram::Clues;
    ///
    /// let clues = Clues::of(&[vec![true, false], vec![true, true]]);
    /// assert_eq!(Clues::parse(&clues.to_non())?, clues);
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn to_non(&self) -> String {
        let line = |clue: &Vec<usize>| {
            if clue.is_empty() {
                "0".to_owned()
            } else {
                clue.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        let mut out = format!(
            "width {}\nheight {}\n\nrows\n",
            self.columns.len(),
            self.rows.len()
        );
        for clue in &self.rows {
            out.push_str(&line(clue));
            out.push('\n');
        }
        out.push_str("\ncolumns\n");
        for clue in &self.columns {
            out.push_str(&line(clue));
            out.push('\n');
        }
        out
    }
}

/// One clue line of a line of `across` cells.
fn clue(at: usize, line: &str, across: usize) -> Result<Vec<usize>, String> {
    let mut runs = Vec::new();
    for word in line.split(',') {
        let word = word.trim();
        let run = word
            .parse::<usize>()
            .map_err(|_| format!("line {at}: `{word}` is not a run length"))?;
        if run > 0 {
            runs.push(run);
        }
    }
    let least = runs.iter().sum::<usize>() + runs.len().saturating_sub(1);
    if least > across {
        return Err(format!(
            "line {at}: the runs need {least} cells, and the line has {across}"
        ));
    }
    Ok(runs)
}
