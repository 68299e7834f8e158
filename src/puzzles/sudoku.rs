//! Sudoku: fill a grid of `b x b` boxes (9 x 9 for `b = 3`) so that every
//! row, column and box holds each digit once.
//!
//! [`Grid`] reads the common one-line format (81 characters, digits `1`-`9`
//! for givens, `.` or `0` for blanks) and [`sudoku`] builds the reference
//! model of a grid.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use thiserror::Error;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::board::Board;
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::checkers::Checkers;
use crate::constraints::AtMostOnePerLine;
use crate::error::ModelError;
use crate::model::{Model, ModelBuilder, VariableOrder};

/// The largest box side [`Grid`] supports: digits are written `1`-`9`.
pub const MAX_BOX: usize = 3;

/// A kind of unit: the digits of a unit are all different.
///
/// ```
/// use backtracker::puzzles::sudoku::{Grid, GridError, UnitKind};
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
/// use backtracker::puzzles::sudoku::{Grid, GridError};
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
/// use backtracker::puzzles::sudoku::Grid;
///
/// let grid = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// assert_eq!(grid.givens(), 17);
/// assert_eq!(grid.get(0, 6), Some(8));
/// assert_eq!(grid.get(0, 1), None);
/// assert!(Grid::parse("12").is_err());
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::empty(2)?;
    /// assert_eq!((grid.size(), grid.givens()), (4, 0));
    /// assert_eq!(grid.to_string(), ".".repeat(16));
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
    /// use backtracker::puzzles::sudoku::{Grid, GridError};
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
    /// use backtracker::puzzles::sudoku::{Grid, GridError};
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
    /// use backtracker::puzzles::sudoku::{Grid, GridError};
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
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::empty(3)?.box_size(), 3);
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The number of rows (and of columns, and of digits).
    ///
    /// ```
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::empty(3)?.size(), 9);
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("....3...........", 2)?;
    /// assert_eq!(grid.get(1, 0), Some(3));
    /// assert_eq!(grid.get(0, 0), None);
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("1.3.............", 2)?;
    /// assert_eq!(grid.cells()[..4], [1, 0, 3, 0]);
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number of givens (filled cells).
    ///
    /// ```
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// assert_eq!(Grid::parse_boxed("1.3.....2.......", 2)?.givens(), 3);
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    ///
    /// ```
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// assert!(Grid::parse_boxed("1234341221434321", 2)?.is_full());
    /// assert!(!Grid::parse_boxed("123.341221434321", 2)?.is_full());
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first unit (rows, then columns, then boxes) that holds a digit
    /// twice, as a [`GridError::Contradiction`].
    ///
    /// ```
    /// use backtracker::puzzles::sudoku::{Grid, GridError, UnitKind};
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
    /// use backtracker::puzzles::sudoku::Grid;
    ///
    /// let grid = Grid::parse_boxed("1234341221434321", 2)?;
    /// assert_eq!(grid.pretty(), "12|34\n34|12\n--+--\n21|43\n43|21\n");
    /// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
/// use backtracker::puzzles::sudoku::{sudoku, Grid};
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
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
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
/// use backtracker::puzzles::sudoku::{sudoku_with, Grid};
/// use backtracker::VariableOrder;
///
/// // Row by row, an empty 4 x 4 grid still has its 288 completions.
/// let mut model = sudoku_with(&Grid::empty(2)?, VariableOrder::Declared);
/// assert_eq!(model.name(4), "r2c1");
/// assert_eq!(model.search().count().value, 288);
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
/// ```
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
/// use backtracker::puzzles::sudoku::{sudoku_with_places, Grid};
/// use backtracker::VariableOrder;
///
/// let grid = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let mut model = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst);
/// assert_eq!(model.checker_names(), ["rows", "columns", "boxes", "places"]);
/// assert!(model.search().first().value.is_some());
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
/// ```
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
/// use backtracker::puzzles::sudoku::{solve, Grid};
///
/// let puzzle = Grid::parse_boxed("1.......2...3...", 2)?;
/// let solved = solve(&puzzle).expect("solvable");
/// assert!(solved.is_full());
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
/// ```
#[must_use]
pub fn solve(grid: &Grid) -> Option<Grid> {
    let values = sudoku(grid).search().first().value?;
    Some(Grid {
        box_size: grid.box_size(),
        cells: values,
    })
}

/// "Every digit keeps a place in every unit": for each row, column and box
/// and each digit not yet in it, some unassigned cell of the unit must
/// still be able to take the digit (no equal digit in that cell's row,
/// column or box). Domain index `i` is digit `i + 1`; variable
/// `row * size + col` is a cell, as in [`sudoku`].
///
/// The rows, columns and boxes checkers only look at a cell's own units;
/// this one looks from the digits' side: it keeps, per unit and digit, the
/// set of positions where the digit can still go. A cell that is the last
/// place of some digit in one of its units can only take that digit (a
/// "hidden single"), and a digit that would block every place it has left
/// in another unit is refused. Undo restores a saved copy of the sets
/// (about a kilobyte a step).
///
/// ```
/// use backtracker::puzzles::sudoku::{sudoku_with_places, Grid};
/// use backtracker::VariableOrder;
///
/// let mut model = sudoku_with_places(&Grid::empty(2)?, VariableOrder::SmallestDomainFirst);
/// assert_eq!(model.search().count().value, 288);
/// # Ok::<(), backtracker::puzzles::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Places {
    /// The grid's fixed tables, shared by every copy.
    layout: Arc<Layout>,
    /// Per digit and unit (`digit * units + unit`): the positions where
    /// the digit can still go, or [`PLACED`] when the unit holds it.
    open: Vec<u16>,
    /// Per unit and position (`unit * size + position`): the digits whose
    /// last place in the unit it is.
    only: Vec<u16>,
    /// Saved `open` and `only`, one copy per assigned cell, for undo.
    saved: Vec<u16>,
}

/// What [`Places`] knows of a grid's shape.
#[derive(Debug)]
struct Layout {
    /// Side of a box.
    b: usize,
    /// Rows, columns and digits.
    size: usize,
    /// Per cell: its row, column and box unit numbers (rows `0..size`,
    /// columns `size..2 * size`, boxes `2 * size..3 * size`).
    units: Vec<[u16; 3]>,
    /// Per cell: its position within each of its three units.
    positions: Vec<[u16; 3]>,
    /// Per cell: the other units holding one of its peers, with the
    /// positions of those peers in them.
    others: Vec<Vec<(u16, u16)>>,
    /// Per cell and unit (`cell * units + unit`): the positions of the unit
    /// that are neither the cell nor its peers, with [`PLACED`] set; all
    /// bits for the cell's own units.
    outside: Vec<u16>,
}

impl Layout {
    /// The layout of a grid of `b x b` boxes, computed once per size.
    fn of(b: usize) -> Arc<Layout> {
        static LAYOUTS: OnceLock<Vec<Arc<Layout>>> = OnceLock::new();
        let all = LAYOUTS.get_or_init(|| (1..=MAX_BOX).map(|b| Arc::new(Layout::new(b))).collect());
        Arc::clone(&all[b - 1])
    }

    fn new(b: usize) -> Layout {
        let size = b * b;
        let n = size * size;
        let unit_count = 3 * size;
        let unit_of = |r: usize, c: usize| [r, size + c, 2 * size + (r / b) * b + c / b];
        let position_of = |r: usize, c: usize| [c, r, (r % b) * b + c % b];
        let mut units = Vec::with_capacity(n);
        let mut positions = Vec::with_capacity(n);
        for r in 0..size {
            for c in 0..size {
                units.push(unit_of(r, c).map(|u| u as u16));
                positions.push(position_of(r, c).map(|p| p as u16));
            }
        }
        let mut others = Vec::with_capacity(n);
        let mut outside = vec![u16::MAX; n * unit_count];
        for x in 0..n {
            let (r, c) = (x / size, x % size);
            let own = unit_of(r, c);
            let peer = |y: usize| {
                let (yr, yc) = (y / size, y % size);
                y != x && (yr == r || yc == c || unit_of(yr, yc)[2] == own[2])
            };
            let mut list: Vec<(u16, u16)> = Vec::new();
            for y in (0..n).filter(|&y| peer(y)) {
                let (yr, yc) = (y / size, y % size);
                for (k, u) in unit_of(yr, yc).into_iter().enumerate() {
                    if own.contains(&u) {
                        continue;
                    }
                    let bit = 1u16 << position_of(yr, yc)[k];
                    match list.iter_mut().find(|(v, _)| usize::from(*v) == u) {
                        Some((_, mask)) => *mask |= bit,
                        None => list.push((u as u16, bit)),
                    }
                }
            }
            list.sort_unstable();
            for &(u, peers) in &list {
                outside[x * unit_count + usize::from(u)] = !peers;
            }
            others.push(list);
        }
        Layout {
            b,
            size,
            units,
            positions,
            others,
            outside,
        }
    }
}

/// The bit of [`Places::open`] that marks a digit already in the unit.
const PLACED: u16 = 1 << 15;

/// Whether `open` (an entry of [`Places::open`]) is one place left.
#[inline(always)]
fn single(open: u16) -> bool {
    open & PLACED == 0 && open.is_power_of_two()
}

impl Places {
    /// The checker for a grid of `b x b` boxes (`1 <= b <= MAX_BOX`).
    ///
    /// # Panics
    ///
    /// For a box side outside `1..=MAX_BOX`.
    ///
    /// ```
    /// use backtracker::{puzzles::sudoku::Places, ModelBuilder};
    ///
    /// // On its own it is a whole 4 x 4 sudoku: a full grid where every digit
    /// // has a place in every unit has each digit once per unit.
    /// let mut b = ModelBuilder::new();
    /// for cell in 0..16 {
    ///     b.variable(format!("cell {cell}"), 1..=4u8);
    /// }
    /// let mut model = b.build((Places::new(2),)).unwrap();
    /// assert_eq!(model.search().count().value, 288);
    /// ```
    #[must_use]
    pub fn new(b: usize) -> Self {
        assert!((1..=MAX_BOX).contains(&b), "box side 1 to {MAX_BOX}");
        let mut places = Places {
            layout: Layout::of(b),
            open: Vec::new(),
            only: Vec::new(),
            saved: Vec::new(),
        };
        places.reset();
        places
    }

    /// The state of the empty assignment.
    fn reset(&mut self) {
        let s = self.layout.size;
        self.open = vec![(1u16 << s) - 1; 3 * s * s];
        self.only = vec![0; 3 * s * s];
        if s == 1 {
            // One cell: it is the only place of the one digit in each unit.
            self.only.fill(1);
        }
        self.saved.clear();
    }

    /// Whether digit index `e` at cell `x` leaves `e` a place in every
    /// unit that does not hold `x`.
    #[inline(always)]
    fn leaves_room(&self, x: usize, e: usize) -> bool {
        let u = 3 * self.layout.size;
        let open = &self.open[e * u..(e + 1) * u];
        let outside = &self.layout.outside[x * u..(x + 1) * u];
        open.iter()
            .zip(outside)
            .fold(true, |all, (&o, &m)| all & (o & m != 0))
    }

    /// The digits (as a mask of domain indices) that cell `x` must take
    /// because it is their last place in one of its units.
    #[inline(always)]
    fn forced(&self, x: usize) -> u64 {
        let s = self.layout.size;
        let [u0, u1, u2] = self.layout.units[x].map(usize::from);
        let [p0, p1, p2] = self.layout.positions[x].map(usize::from);
        u64::from(self.only[u0 * s + p0] | self.only[u1 * s + p1] | self.only[u2 * s + p2])
    }

    #[inline(always)]
    fn keep(&self, x: usize, candidates: u64) -> u64 {
        let forced = self.forced(x);
        let mut rest = match forced.count_ones() {
            0 => candidates,
            1 => candidates & forced,
            _ => 0,
        };
        let mut kept = rest;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.leaves_room(x, e) {
                kept &= !(1 << e);
            }
        }
        kept
    }

    /// Recomputes which digits have their last place where, in unit `u`.
    #[inline(always)]
    fn refresh_unit(&mut self, u: usize) {
        let s = self.layout.size;
        let units = 3 * s;
        let only = &mut self.only[u * s..(u + 1) * s];
        only.fill(0);
        for d in 0..s {
            let o = self.open[d * units + u];
            if single(o) {
                only[o.trailing_zeros() as usize] |= 1 << d;
            }
        }
    }
}

impl<V> Checker<V> for Places {
    fn name(&self) -> &str {
        "places"
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        let s = self.layout.size;
        let n = s * s;
        let mut placed = vec![false; 3 * s * s];
        for x in 0..n {
            if let Some(d) = assignment.index(x) {
                for u in self.layout.units[x] {
                    placed[usize::from(u) * s + d] = true;
                }
            }
        }
        let free = |y: usize, d: usize| {
            assignment.index(y).is_none()
                && self.layout.units[y]
                    .iter()
                    .all(|&u| !placed[usize::from(u) * s + d])
        };
        let mut room = vec![false; 3 * s * s];
        for y in 0..n {
            for d in 0..s {
                if free(y, d) {
                    for u in self.layout.units[y] {
                        room[usize::from(u) * s + d] = true;
                    }
                }
            }
        }
        placed.iter().zip(&room).all(|(&p, &r)| p || r)
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        let forced = self.forced(choice.var);
        (forced == 0 || forced == 1 << choice.index) && self.leaves_room(choice.var, choice.index)
    }

    #[inline]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        let words = candidates.words_mut();
        words[0] = self.keep(var, words[0]);
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let s = self.layout.size;
        let units = 3 * s;
        let (x, e) = (choice.var, choice.index);
        self.saved.extend_from_slice(&self.open);
        self.saved.extend_from_slice(&self.only);
        // The cell is no place for any digit now, and its units hold `e`.
        for k in 0..3 {
            let u = usize::from(self.layout.units[x][k]);
            let gone = !(1u16 << self.layout.positions[x][k]);
            for d in 0..s {
                self.open[d * units + u] &= gone;
            }
            self.open[e * units + u] |= PLACED;
        }
        // `e` cannot go next to the cell.
        for i in 0..self.layout.others[x].len() {
            let (u, peers) = self.layout.others[x][i];
            let u = usize::from(u);
            let slot = &mut self.open[e * units + u];
            let old = *slot;
            *slot &= !peers;
            let new = *slot;
            if old != new {
                if single(old) {
                    self.only[u * s + old.trailing_zeros() as usize] &= !(1 << e);
                }
                if single(new) {
                    self.only[u * s + new.trailing_zeros() as usize] |= 1 << e;
                }
            }
        }
        for k in 0..3 {
            self.refresh_unit(usize::from(self.layout.units[x][k]));
        }
    }

    #[inline]
    fn on_unassign(&mut self, _: Choice<'_, V>) {
        let (open, only) = (self.open.len(), self.only.len());
        let from = self.saved.len() - open - only;
        self.open.copy_from_slice(&self.saved[from..from + open]);
        self.only.copy_from_slice(&self.saved[from + open..]);
        self.saved.truncate(from);
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let s = self.layout.size;
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: "places".into(),
            reason,
        };
        if model.len() != s * s {
            return Err(invalid(format!(
                "a grid of {} x {} boxes has {} cells, the model {} variables",
                self.layout.b,
                self.layout.b,
                s * s,
                model.len()
            )));
        }
        if let Some(x) = (0..s * s).find(|&x| model.domain(x).len() != s) {
            return Err(invalid(format!(
                "cell `{}` has {} digits, expected {s}",
                model.name(x),
                model.domain(x).len()
            )));
        }
        self.reset();
        self.saved
            .reserve(s * s * (self.open.len() + self.only.len()));
        Ok(())
    }
}
