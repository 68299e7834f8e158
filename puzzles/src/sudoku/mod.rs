//! Sudoku: fill a grid of `b x b` boxes (9 x 9 for `b = 3`) so that every
//! row, column and box holds each digit once.
//!
//! [`Grid`] reads the common one-line format (81 characters, digits `1`-`9`
//! for givens, `.` or `0` for blanks) and [`sudoku`] builds the reference
//! model of a grid.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use backtracker::Checkers;
use backtracker::DynChecker;
use backtracker::board::Board;
use backtracker::constraints::{AllDifferent, AtMostOnePerLine};
use backtracker::{Model, ModelBuilder, VariableOrder};

mod places;

pub use places::Places;

/// The largest box side [`Grid`] supports: digits are written `1`-`9`.
pub const MAX_BOX: usize = 3;

/// A kind of unit: the digits of a unit are all different.
///
/// ```
/// use backtracker_puzzles::sudoku::{Grid, GridError, UnitKind};
///
/// // Two 1s in the first row of a 4 x 4 grid.
/// let error = Grid::parse_boxed("11..............", 2).unwrap_err();
/// assert!(matches!(error, GridError::Contradiction { unit: UnitKind::Row, number: 1, .. }));
/// assert_eq!(UnitKind::Box.to_string(), "box");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row, numbered from 1 top to bottom.
    Row,
    /// A column, numbered from 1 left to right.
    Column,
    /// A box, numbered from 1 left to right, then top to bottom.
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// Why a text line or a list of cells is not a sudoku grid. Columns,
/// rows and boxes are counted from 1.
///
/// ```
/// use backtracker_puzzles::sudoku::{Grid, GridError};
///
/// assert_eq!(Grid::parse("123"), Err(GridError::Length { found: 3, expected: 81 }));
/// assert_eq!(Grid::empty(4), Err(GridError::BoxSize(4)));
/// let error = Grid::parse_boxed("1...1...........", 2).unwrap_err();
/// assert_eq!(error.to_string(), "contradictory givens: two 1s in column 1 (r1c1 and r2c1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GridError {
    /// The line does not have one character per cell.
    #[error("wrong length: {found} characters, expected {expected}")]
    Length {
        /// Characters found.
        found: usize,
        /// Cells of the grid.
        expected: usize,
    },
    /// A character that is neither a digit of the grid nor a blank.
    #[error("bad character {found:?} at column {column}")]
    Character {
        /// Position of the character in the line, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// A cell value outside `0..=size` (0 is a blank).
    #[error("bad value {value} in cell {cell}")]
    Value {
        /// The cell, from 1, row by row.
        cell: usize,
        /// The value.
        value: u8,
    },
    /// A box side that is not supported.
    #[error("box side {0} is not supported (1 to {MAX_BOX})")]
    BoxSize(usize),
    /// Two equal givens in one unit: the puzzle has no solution.
    #[error("contradictory givens: two {digit}s in {unit} {number} (r{}c{} and r{}c{})", .first.0, .first.1, .second.0, .second.1)]
    Contradiction {
        /// The repeated digit.
        digit: u8,
        /// The kind of unit.
        unit: UnitKind,
        /// Its number, from 1.
        number: usize,
        /// The first cell holding it (row, column), from 1.
        first: (usize, usize),
        /// The second cell holding it (row, column), from 1.
        second: (usize, usize),
    },
}

/// A sudoku grid of `b x b` boxes: `b^2` rows and columns, digits
/// `1..=b^2`, some cells blank. Puzzles and solutions are both grids.
///
/// ```
/// use backtracker_puzzles::sudoku::Grid;
///
/// let grid = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// assert_eq!(grid.givens(), 17);
/// assert_eq!(grid.get(0, 6), Some(8));
/// assert_eq!(grid.get(0, 1), None);
/// assert!(Grid::parse("12").is_err());
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    box_size: usize,
    /// Row by row; 0 is a blank.
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of `box_size x box_size` boxes.
    ///
    /// # Errors
    ///
    /// [`GridError::BoxSize`] unless `1 <= box_size <= MAX_BOX`.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::empty(2)?;
    /// assert_eq!((grid.size(), grid.givens()), (4, 0));
    /// assert_eq!(grid.to_string(), ".".repeat(16));
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    pub fn empty(box_size: usize) -> Result<Grid, GridError> {
        check_box(box_size)?;
        Ok(Grid {
            box_size,
            cells: vec![0; box_size.pow(4)],
        })
    }

    /// A grid from its cells, row by row, 0 for a blank. Repeated givens are
    /// allowed here (see [`conflict`](Self::conflict)).
    ///
    /// # Errors
    ///
    /// A bad box side, the wrong number of cells, or a value above the side.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::{Grid, GridError};
    ///
    /// let grid = Grid::new(2, vec![1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
    /// assert_eq!((grid.get(0, 0), grid.get(0, 1), grid.get(0, 3)), (Some(1), None, Some(2)));
    /// assert_eq!(Grid::new(2, vec![5; 16]), Err(GridError::Value { cell: 1, value: 5 }));
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn new(box_size: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        check_box(box_size)?;
        let size = box_size * box_size;
        if cells.len() != size * size {
            return Err(GridError::Length {
                found: cells.len(),
                expected: size * size,
            });
        }
        if let Some(cell) = cells.iter().position(|&v| usize::from(v) > size) {
            return Err(GridError::Value {
                cell: cell + 1,
                value: cells[cell],
            });
        }
        Ok(Grid { box_size, cells })
    }

    /// Reads a 9 x 9 grid from one line of 81 characters: digits `1`-`9`
    /// for givens, `.` or `0` for blanks. Surrounding white space is
    /// ignored. Contradictory givens are an error.
    ///
    /// # Errors
    ///
    /// The first problem found: the length, a bad character, or
    /// contradictory givens.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::{Grid, GridError};
    ///
    /// let blank = Grid::parse(&"0".repeat(81))?;
    /// assert_eq!((blank.size(), blank.givens()), (9, 0));
    /// let bad = format!("x{}", ".".repeat(80));
    /// assert_eq!(Grid::parse(&bad), Err(GridError::Character { column: 1, found: 'x' }));
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn parse(line: &str) -> Result<Grid, GridError> {
        Grid::parse_boxed(line, 3)
    }

    /// [`parse`](Self::parse) for boxes of `box_size x box_size`
    /// (`box_size^4` characters, digits `1..=box_size^2`).
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse), and [`GridError::BoxSize`].
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::{Grid, GridError};
    ///
    /// let grid = Grid::parse_boxed("12..34..........", 2)?;
    /// assert_eq!((grid.size(), grid.givens(), grid.get(1, 0)), (4, 4, Some(3)));
    /// // Digits stop at 4 in a 4 x 4 grid.
    /// assert!(matches!(Grid::parse_boxed("5...............", 2), Err(GridError::Character { .. })));
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn parse_boxed(line: &str, box_size: usize) -> Result<Grid, GridError> {
        check_box(box_size)?;
        let size = box_size * box_size;
        let line = line.trim();
        let found = line.chars().count();
        if found != size * size {
            return Err(GridError::Length {
                found,
                expected: size * size,
            });
        }
        let mut cells = Vec::with_capacity(found);
        for (i, ch) in line.chars().enumerate() {
            let value = match ch {
                '.' | '0' => 0,
                '1'..='9' if (ch as usize - '0' as usize) <= size => ch as u8 - b'0',
                _ => {
                    return Err(GridError::Character {
                        column: i + 1,
                        found: ch,
                    });
                }
            };
            cells.push(value);
        }
        let grid = Grid { box_size, cells };
        match grid.conflict() {
            Some(error) => Err(error),
            None => Ok(grid),
        }
    }

    /// The side of a box (3 for a 9 x 9 grid).
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::empty(3)?.box_size(), 3);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The number of rows (and of columns, and of digits).
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::empty(3)?.size(), 9);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The digit at `row`, `col` (from 0), or `None` for a blank.
    ///
    /// # Panics
    ///
    /// Outside the grid.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("....3...........", 2)?;
    /// assert_eq!(grid.get(1, 0), Some(3));
    /// assert_eq!(grid.get(0, 0), None);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        let size = self.size();
        assert!(row < size && col < size, "cell outside the grid");
        match self.cells[row * size + col] {
            0 => None,
            d => Some(d),
        }
    }

    /// The cells row by row, 0 for a blank.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("1.3.............", 2)?;
    /// assert_eq!(grid.cells()[..4], [1, 0, 3, 0]);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number of givens (filled cells).
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::parse_boxed("1.3.....2.......", 2)?.givens(), 3);
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// assert!(Grid::parse_boxed("1234341221434321", 2)?.is_full());
    /// assert!(!Grid::parse_boxed("123.341221434321", 2)?.is_full());
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first unit (rows, then columns, then boxes) that holds a digit
    /// twice, as a [`GridError::Contradiction`].
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::{Grid, GridError, UnitKind};
    ///
    /// // `new` accepts repeated givens; here two 2s share the top-left box.
    /// let grid = Grid::new(2, vec![2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
    /// let Some(GridError::Contradiction { unit, number, .. }) = grid.conflict() else {
    ///     panic!("a contradiction");
    /// };
    /// assert_eq!((unit, number), (UnitKind::Box, 1));
    /// assert_eq!(Grid::empty(2)?.conflict(), None);
    /// # Ok::<(), GridError>(())
    /// ```
    #[must_use]
    pub fn conflict(&self) -> Option<GridError> {
        let size = self.size();
        for kind in [UnitKind::Row, UnitKind::Column, UnitKind::Box] {
            for unit in 0..size {
                let mut seen: Vec<Option<(usize, usize)>> = vec![None; size + 1];
                for k in 0..size {
                    let (r, c) = self.unit_cell(kind, unit, k);
                    let digit = self.cells[r * size + c];
                    if digit == 0 {
                        continue;
                    }
                    if let Some(first) = seen[usize::from(digit)] {
                        return Some(GridError::Contradiction {
                            digit,
                            unit: kind,
                            number: unit + 1,
                            first: (first.0 + 1, first.1 + 1),
                            second: (r + 1, c + 1),
                        });
                    }
                    seen[usize::from(digit)] = Some((r, c));
                }
            }
        }
        None
    }

    /// Cell `k` of unit `unit` of `kind`, as (row, column) from 0.
    fn unit_cell(&self, kind: UnitKind, unit: usize, k: usize) -> (usize, usize) {
        let b = self.box_size;
        match kind {
            UnitKind::Row => (unit, k),
            UnitKind::Column => (k, unit),
            UnitKind::Box => ((unit / b) * b + k / b, (unit % b) * b + k % b),
        }
    }

    /// The grid drawn with box separators, blanks as `.`.
    ///
    /// ```
    /// use backtracker_puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("1234341221434321", 2)?;
    /// assert_eq!(grid.pretty(), "12|34\n34|12\n--+--\n21|43\n43|21\n");
    /// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn pretty(&self) -> String {
        let size = self.size();
        Board::new(size, size)
            .boxes(self.box_size, self.box_size)
            .render(|r, c| digit_char(self.cells[r * size + c]))
    }
}

fn check_box(box_size: usize) -> Result<(), GridError> {
    if (1..=MAX_BOX).contains(&box_size) {
        Ok(())
    } else {
        Err(GridError::BoxSize(box_size))
    }
}

fn digit_char(value: u8) -> char {
    if value == 0 {
        '.'
    } else {
        char::from(b'0' + value)
    }
}

impl fmt::Display for Grid {
    /// The one-line format: one character a cell, `.` for blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &v in &self.cells {
            fmt::Write::write_char(f, digit_char(v))?;
        }
        Ok(())
    }
}

impl FromStr for Grid {
    type Err = GridError;

    /// As [`Grid::parse`] (9 x 9).
    fn from_str(s: &str) -> Result<Grid, GridError> {
        Grid::parse(s)
    }
}

/// The rows, columns and boxes checkers of a grid of `b x b` boxes: digit
/// `d` of a cell in unit `u` is on line `u * size + (d - 1)`.
macro_rules! lines {
    ($b:expr) => {{
        let b: usize = $b;
        let size = b * b;
        (
            AtMostOnePerLine::new("rows", move |var: usize, &d: &u8| {
                (var / size) * size + usize::from(d - 1)
            }),
            AtMostOnePerLine::new("columns", move |var: usize, &d: &u8| {
                (var % size) * size + usize::from(d - 1)
            }),
            AtMostOnePerLine::new("boxes", move |var: usize, &d: &u8| {
                let (r, c) = (var / size, var % size);
                ((r / b) * b + c / b) * size + usize::from(d - 1)
            }),
        )
    }};
}

/// The reference sudoku model of `grid`, with smallest-domain-first
/// ordering (see [`sudoku_with`]).
///
/// ```
/// use backtracker_puzzles::sudoku::{sudoku, Grid};
///
/// let grid = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let mut model = sudoku(&grid);
/// assert_eq!(model.checker_names(), ["rows", "columns", "boxes"]);
/// let solution = model.search().first().value.expect("a solution");
/// let solved = Grid::new(3, solution)?;
/// assert_eq!(solved.to_string()[..9], *"417369825");
/// // An empty 4 x 4 grid has 288 completions.
/// assert_eq!(sudoku(&Grid::empty(2)?).search().count().value, 288);
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
#[must_use]
pub fn sudoku(grid: &Grid) -> Model<u8, impl Checkers<u8> + Clone + Send + Sync + use<>> {
    sudoku_with(grid, VariableOrder::SmallestDomainFirst)
}

/// The reference sudoku model of `grid` with the given variable order.
///
/// One variable per cell, named `r<row>c<col>` with rows and columns from
/// 1 (`r1c1` to `r9c9`), in row order, with the digits `1..=size` (as `u8`)
/// for its domain; a given is a pin. Three [`AtMostOnePerLine`] checkers,
/// `rows`, `columns` and `boxes`, put digit `d` of a cell in unit `u` on
/// line `u * size + (d - 1)`, so the lines of a cell's digits are
/// consecutive and each checker filters a whole candidate word at once.
///
/// With [`VariableOrder::Declared`] the cells are filled row by row, which
/// is slow on hard puzzles; smallest-domain-first fills the most
/// constrained cell next (a cell with one candidate left is forced).
///
/// ```
/// use backtracker_puzzles::sudoku::{sudoku_with, Grid};
/// use backtracker::VariableOrder;
///
/// // Row by row, an empty 4 x 4 grid still has its 288 completions.
/// let mut model = sudoku_with(&Grid::empty(2)?, VariableOrder::Declared);
/// assert_eq!(model.name(4), "r2c1");
/// assert_eq!(model.search().count().value, 288);
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
///
/// # Panics
///
/// Never: a grid makes a valid model of its size.
#[must_use]
pub fn sudoku_with(
    grid: &Grid,
    order: VariableOrder,
) -> Model<u8, impl Checkers<u8> + Clone + Send + Sync + use<>> {
    let (rows, columns, boxes) = lines!(grid.box_size());
    variables(grid, order)
        .build((rows, columns, boxes))
        .expect("a valid grid gives a valid model")
}

/// The reference model of [`sudoku_with`] plus the [`Places`] checker
/// (`places`): every digit must keep a place in every unit. With
/// smallest-domain-first ordering, a digit with one place left in a unit
/// (a "hidden single") is placed next, and a step that leaves a digit no
/// place is refused at once, so hard puzzles need far fewer nodes.
///
/// ```
/// use backtracker_puzzles::sudoku::{sudoku_with_places, Grid};
/// use backtracker::VariableOrder;
///
/// let grid = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let mut model = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst);
/// assert_eq!(model.checker_names(), ["rows", "columns", "boxes", "places"]);
/// assert!(model.search().first().value.is_some());
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
///
/// # Panics
///
/// Never: a grid makes a valid model of its size.
#[must_use]
pub fn sudoku_with_places(
    grid: &Grid,
    order: VariableOrder,
) -> Model<u8, impl Checkers<u8> + Clone + Send + Sync + use<>> {
    let (rows, columns, boxes) = lines!(grid.box_size());
    variables(grid, order)
        .build((rows, columns, boxes, Places::new(grid.box_size())))
        .expect("a valid grid gives a valid model")
}

/// The variables of a grid, one per cell in row order, givens pinned.
fn variables(grid: &Grid, order: VariableOrder) -> ModelBuilder<u8> {
    let size = grid.size();
    let digits = u8::try_from(size).expect("at most 9 digits");
    let mut builder = ModelBuilder::new();
    for r in 0..size {
        for c in 0..size {
            let var = builder.variable(format!("r{}c{}", r + 1, c + 1), 1..=digits);
            if let Some(d) = grid.get(r, c) {
                builder.pin(var, &d);
            }
        }
    }
    builder.order(order);
    builder
}

/// Solves `grid` with the reference model: the first solution in search
/// order (the only one, for a proper puzzle), or `None`.
///
/// ```
/// use backtracker_puzzles::sudoku::{solve, Grid};
///
/// let puzzle = Grid::parse_boxed("1.......2...3...", 2)?;
/// let solved = solve(&puzzle).expect("solvable");
/// assert!(solved.is_full());
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
#[must_use]
pub fn solve(grid: &Grid) -> Option<Grid> {
    let values = sudoku(grid).search().first().value?;
    Some(Grid {
        box_size: grid.box_size(),
        cells: values,
    })
}

/// The sudoku model of `grid` with one [`AllDifferent`] per row, column
/// and box (27 for a 9 x 9 grid), named `row 1`, `column 1`, `box 1` and
/// so on, on the variables of [`sudoku_with`].
///
/// Each all-different narrows its unit to generalised arc consistency
/// (Régin's matching): a naked pair or triple, and a digit with one place
/// left in the unit (a hidden single), are found before the next step.
/// It costs more a node than the line checkers of [`sudoku_with`].
///
/// ```
/// use backtracker_puzzles::sudoku::{sudoku_all_different, Grid};
/// use backtracker::VariableOrder;
///
/// let mut model = sudoku_all_different(&Grid::empty(2)?, VariableOrder::SmallestDomainFirst);
/// assert_eq!(model.checker_names()[..3], ["row 1", "row 2", "row 3"]);
/// assert_eq!(model.checker_names().len(), 12);
/// assert_eq!(model.search().count().value, 288);
/// # Ok::<(), backtracker_puzzles::sudoku::GridError>(())
/// ```
///
/// # Panics
///
/// Never: a grid makes a valid model of its size.
#[must_use]
pub fn sudoku_all_different(grid: &Grid, order: VariableOrder) -> Model<u8, Vec<DynChecker<u8>>> {
    let size = grid.size();
    let b = grid.box_size();
    let mut units: Vec<DynChecker<u8>> = Vec::with_capacity(3 * size);
    for r in 0..size {
        let cells = (0..size).map(|c| r * size + c);
        units.push(Box::new(AllDifferent::new(format!("row {}", r + 1), cells)));
    }
    for c in 0..size {
        let cells = (0..size).map(|r| r * size + c);
        units.push(Box::new(AllDifferent::new(
            format!("column {}", c + 1),
            cells,
        )));
    }
    for k in 0..size {
        let (top, left) = ((k / b) * b, (k % b) * b);
        let cells = (0..size).map(|i| (top + i / b) * size + left + i % b);
        units.push(Box::new(AllDifferent::new(format!("box {}", k + 1), cells)));
    }
    variables(grid, order)
        .build(units)
        .expect("a valid grid gives a valid model")
}
