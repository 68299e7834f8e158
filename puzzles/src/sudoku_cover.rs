//! Sudoku as exact cover: the same puzzles as [`sudoku`](super::sudoku),
//! stated as items and options.
//!
//! Items, all primary, in this order: every cell is filled (`r1c1`), every
//! row holds every digit (`r1:5`), every column (`c1:5`), every box
//! (`b1:5`); rows, columns, boxes and digits from 1. Options: a digit in a
//! cell, covering the cell, and the digit in its row, column and box. A
//! given leaves its cell only the given digit's option (the other digits'
//! options of that cell are removed).
//!
//! ```
//! use backtracker_puzzles::sudoku::Grid;
//! use backtracker_puzzles::sudoku_cover::SudokuCover;
//!
//! let grid = Grid::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )?;
//! let mut cover = SudokuCover::new(&grid);
//! let solution = cover.problem_mut().search().first().value.expect("a solution");
//! assert_eq!(
//!     cover.grid(&solution).to_string(),
//!     "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
//! );
//! // An empty 4 x 4 grid has 288 completions.
//! assert_eq!(SudokuCover::new(&Grid::empty(2)?).problem_mut().search().count().value, 288);
//! # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
//! ```

use backtracker::exact_cover::{ExactCover, ExactCoverBuilder};

use super::sudoku::Grid;

/// The exact-cover problem of a sudoku grid (see the [module](self)).
///
/// ```
/// use backtracker_puzzles::{sudoku::Grid, sudoku_cover::SudokuCover};
///
/// let grid = Grid::parse_boxed("1.......2...3...", 2)?;
/// let mut cover = SudokuCover::new(&grid);
/// let solution = cover.problem_mut().search().first().value.expect("a solution");
/// assert!(cover.grid(&solution).is_full());
/// assert_eq!(cover.grid(&solution).get(0, 0), Some(1));
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SudokuCover {
    problem: ExactCover,
    box_size: usize,
    /// Per option: its cell (row by row, from 0) and digit.
    placements: Vec<(u16, u8)>,
}

impl SudokuCover {
    /// The problem of `grid`. Its first `size * size` variables are the
    /// cells, row by row.
    ///
    /// ```
    /// use backtracker_puzzles::{sudoku::Grid, sudoku_cover::SudokuCover};
    ///
    /// // 4 x 4: 16 cells plus 16 (unit, digit) items for each of rows, columns, boxes.
    /// let empty = SudokuCover::new(&Grid::empty(2)?);
    /// assert_eq!(empty.problem().item_count(), 16 + 3 * 16);
    /// assert_eq!(empty.problem().option_count(), 16 * 4);
    /// // A given leaves its cell one option instead of four.
    /// let one = SudokuCover::new(&Grid::parse_boxed("1...............", 2)?);
    /// assert_eq!(one.problem().option_count(), 16 * 4 - 3);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// Never: a grid's items and options make a valid exact-cover problem.
    #[must_use]
    pub fn new(grid: &Grid) -> SudokuCover {
        let b = grid.box_size();
        let size = grid.size();
        let mut builder = ExactCoverBuilder::new();
        for r in 1..=size {
            for c in 1..=size {
                builder.primary(format!("r{r}c{c}"));
            }
        }
        for kind in ['r', 'c', 'b'] {
            for unit in 1..=size {
                for digit in 1..=size {
                    builder.primary(format!("{kind}{unit}:{digit}"));
                }
            }
        }
        let cells = size * size;
        let mut placements = Vec::new();
        for r in 0..size {
            for c in 0..size {
                let given = grid.get(r, c);
                for digit in 1..=size {
                    let d = u8::try_from(digit).expect("at most 9 digits");
                    if given.is_some_and(|g| g != d) {
                        continue;
                    }
                    let unit_item =
                        |k: usize, unit: usize| cells + k * cells + unit * size + digit - 1;
                    let cell = r * size + c;
                    builder.option_of_items([
                        cell,
                        unit_item(0, r),
                        unit_item(1, c),
                        unit_item(2, (r / b) * b + c / b),
                    ]);
                    placements.push((u16::try_from(cell).expect("at most 81 cells"), d));
                }
            }
        }
        SudokuCover {
            problem: builder
                .build()
                .expect("the items and options of a grid are well formed"),
            box_size: b,
            placements,
        }
    }

    /// The exact-cover problem.
    ///
    /// ```
    /// use backtracker_puzzles::{sudoku::Grid, sudoku_cover::SudokuCover};
    ///
    /// let cover = SudokuCover::new(&Grid::empty(2)?);
    /// assert_eq!(cover.problem().item_name(0), "r1c1");
    /// assert_eq!(cover.problem().item("b4:4"), Some(16 + 3 * 16 - 1));
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn problem(&self) -> &ExactCover {
        &self.problem
    }

    /// The exact-cover problem, to search it.
    ///
    /// ```
    /// use backtracker_puzzles::{sudoku::Grid, sudoku_cover::SudokuCover};
    ///
    /// let mut cover = SudokuCover::new(&Grid::empty(2)?);
    /// assert_eq!(cover.problem_mut().search().count().value, 288);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    pub fn problem_mut(&mut self) -> &mut ExactCover {
        &mut self.problem
    }

    /// The filled grid of a solution.
    ///
    /// # Panics
    ///
    /// If `solution` is not a solution of this problem.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    /// use backtracker_puzzles::sudoku_cover::SudokuCover;
    ///
    /// let mut cover = SudokuCover::new(&Grid::parse_boxed("1.......2...3...", 2)?);
    /// let solution = cover.problem_mut().search().first().value.unwrap();
    /// assert!(cover.grid(&solution).is_full());
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn grid(&self, solution: &[usize]) -> Grid {
        let size = self.box_size * self.box_size;
        let mut cells = vec![0u8; size * size];
        for &o in &solution[..size * size] {
            let (cell, digit) = self.placements[o];
            cells[usize::from(cell)] = digit;
        }
        Grid::new(self.box_size, cells).expect("a solution fills the grid with its digits")
    }
}
