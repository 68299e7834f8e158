//! Text boards for grid puzzles: one row a line, one character a cell.

/// A rectangular board drawn as text, optionally with box separators (for sudoku).
///
/// ```
/// use backtracker::board::Board;
///
/// let text = Board::new(2, 3).render(|r, c| if r == c { 'Q' } else { '.' });
/// assert_eq!(text, "Q..\n.Q.\n");
/// let grid = ["1234", "3412", "2143", "4321"];
/// let boxed = Board::new(4, 4).boxes(2, 2).render(|r, c| grid[r].as_bytes()[c] as char);
/// assert_eq!(boxed, "12|34\n34|12\n--+--\n21|43\n43|21\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    boxes: Option<(usize, usize)>,
}

impl Board {
    /// A board of `rows` by `cols` cells.
    ///
    /// ```
    /// use backtracker::board::Board;
    ///
    /// assert_eq!(Board::new(2, 2).render(|_, _| '.'), "..\n..\n");
    /// ```
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Self {
        Board {
            rows,
            cols,
            boxes: None,
        }
    }

    /// Draws `|` and `-` between boxes of `box_rows` by `box_cols` cells.
    ///
    /// ```
    /// use backtracker::board::Board;
    ///
    /// let text = Board::new(2, 4).boxes(1, 2).render(|_, _| '#');
    /// assert_eq!(text, "##|##\n--+--\n##|##\n");
    /// ```
    #[must_use]
    pub fn boxes(mut self, box_rows: usize, box_cols: usize) -> Self {
        self.boxes = Some((box_rows.max(1), box_cols.max(1)));
        self
    }

    /// The board with `cell(row, col)` in each cell, each row ending in a newline.
    ///
    /// ```
    /// use backtracker::{board::Board};
    /// use backtracker_puzzles::nqueens;
    ///
    /// // The first 4-queens solution in search order, worked by hand: 1, 3, 0, 2.
    /// let queens = nqueens(4).unwrap().search().symmetry(false).first().value.unwrap();
    /// let text = Board::new(4, 4).render(|r, c| if queens[r] == c { 'Q' } else { '.' });
    /// assert_eq!(text, ".Q..\n...Q\nQ...\n..Q.\n");
    /// ```
    pub fn render(&self, cell: impl Fn(usize, usize) -> char) -> String {
        let mut out = String::with_capacity((self.rows + 1) * (self.cols * 2 + 2));
        for r in 0..self.rows {
            if let Some((br, bc)) = self.boxes
                && r > 0
                && r % br == 0
            {
                for c in 0..self.cols {
                    if c > 0 && c % bc == 0 {
                        out.push('+');
                    }
                    out.push('-');
                }
                out.push('\n');
            }
            for c in 0..self.cols {
                if let Some((_, bc)) = self.boxes
                    && c > 0
                    && c % bc == 0
                {
                    out.push('|');
                }
                out.push(cell(r, c));
            }
            out.push('\n');
        }
        out
    }
}

/// An N-Queens board: `columns[r]` is the column of the queen in row `r`;
/// `Q` for a queen, `.` for an empty square.
///
/// ```
/// assert_eq!(backtracker::board::queens(&[1, 3, 0, 2]), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
#[must_use]
pub fn queens(columns: &[usize]) -> String {
    let n = columns.len();
    Board::new(n, n).render(|r, c| if columns[r] == c { 'Q' } else { '.' })
}
