//! Polyomino tilings as exact cover: place every piece of a set exactly
//! once so that the pieces cover a board.
//!
//! A [`Shape`] is a set of grid cells (a board, or a piece's cells);
//! [`Piece`] names one; [`pentominoes`] and [`tetrominoes`] are the
//! standard sets. [`Tiling::new`] builds the exact-cover problem of a board
//! and a set of pieces, with every rotation and (optionally) reflection of
//! every piece: one primary item per piece (`piece F`) and per board cell
//! (`r1c1`, rows and columns from 1), one option per placement of a piece.
//! Tilings that differ by a rotation or reflection of the whole board are
//! different tilings; the problem declares the board's symmetries (those
//! that map the board and every placement onto themselves), so that
//! [`Search::count_classes`](backtracker::Search::count_classes) counts them up
//! to symmetry too.
//!
//! ```
//! use backtracker_puzzles::polyomino::{pentominoes, Shape, Tiling};
//!
//! // The 12 pentominoes tile a 3 x 20 rectangle in 2 ways up to symmetry,
//! // so in 8 ways in all.
//! let board = Shape::rectangle(3, 20);
//! let mut tiling = Tiling::new(&board, &pentominoes(), true)?;
//! assert_eq!(tiling.problem_mut().search().count().value, 8);
//! let classes = tiling.problem_mut().search().count_classes().value;
//! // The box's 4 symmetries: 2 classes of 4.
//! assert_eq!((classes.solutions, classes.classes, classes.group), (8, 2, 4));
//! # Ok::<(), backtracker_puzzles::polyomino::TilingError>(())
//! ```

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use thiserror::Error;

use backtracker::ModelError;
use backtracker::exact_cover::{ExactCover, ExactCoverBuilder};

/// The most items over all options a [`Tiling`] may have (each placement
/// is its piece and its cells): beyond it, [`Tiling::new`] refuses the
/// board and pieces instead of using gigabytes of memory.
pub const MAX_PLACEMENT_ITEMS: usize = 1 << 24;

/// A set of cells of the grid, as `(row, column)` pairs from 0: a board to
/// tile, or the cells of a piece.
///
/// ```
/// use backtracker_puzzles::polyomino::Shape;
///
/// let l = Shape::parse("#.\n#.\n##")?;
/// assert_eq!(l.len(), 4);
/// assert_eq!(l.cells(), [(0, 0), (1, 0), (2, 0), (2, 1)]);
/// assert_eq!(l.to_string(), "#.\n#.\n##\n");
/// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Sorted, without repeats.
    cells: Vec<(usize, usize)>,
}

/// Why a text grid is not a [`Shape`]: a character other than `#` (a cell)
/// and `.` (a hole). Lines and columns count from 1.
///
/// ```
/// use backtracker_puzzles::polyomino::Shape;
///
/// let error = Shape::parse("#.\n.o").unwrap_err();
/// assert_eq!((error.line, error.column, error.found), (2, 2, 'o'));
/// assert!(error.to_string().starts_with("line 2, column 2: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "line {line}, column {column}: unexpected character {found:?} (use `#` for a cell and `.` for a hole)"
)]
pub struct ShapeError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// The character.
    pub found: char,
}

impl Shape {
    /// The shape of the given cells (in any order; repeats count once).
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// let domino = Shape::from_cells([(0, 1), (0, 0), (0, 1)]);
    /// assert_eq!(domino.cells(), [(0, 0), (0, 1)]);
    /// ```
    #[must_use]
    pub fn from_cells(cells: impl IntoIterator<Item = (usize, usize)>) -> Shape {
        let set: BTreeSet<(usize, usize)> = cells.into_iter().collect();
        Shape {
            cells: set.into_iter().collect(),
        }
    }

    /// A full rectangle of `rows x cols` cells.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// assert_eq!(Shape::rectangle(6, 10).len(), 60);
    /// ```
    #[must_use]
    pub fn rectangle(rows: usize, cols: usize) -> Shape {
        Shape::from_cells((0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))))
    }

    /// Reads a text grid: `#` is a cell, `.` a hole, line `i` (from 0) is
    /// row `i`. Trailing white space on a line is ignored, and so are
    /// blank lines before the first and after the last line that has a
    /// character (lines still count from the start of `text`).
    ///
    /// # Errors
    ///
    /// The first character that is neither `#` nor `.`, with its line and
    /// column.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// // Dana Scott's board: 8 x 8 without the 2 x 2 centre.
    /// let scott = Shape::parse(
    ///     "########\n########\n########\n###..###\n###..###\n########\n########\n########\n",
    /// )?;
    /// assert_eq!(scott.len(), 60);
    /// let error = Shape::parse("##\n#x").unwrap_err();
    /// assert_eq!((error.line, error.column, error.found), (2, 2, 'x'));
    /// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Shape, ShapeError> {
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(0);
        let mut cells = Vec::new();
        for (i, line) in lines.iter().enumerate().skip(first) {
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    '#' => cells.push((i - first, j)),
                    '.' => {}
                    found => {
                        return Err(ShapeError {
                            line: i + 1,
                            column: j + 1,
                            found,
                        });
                    }
                }
            }
        }
        Ok(Shape::from_cells(cells))
    }

    /// The cells, sorted by row, then column.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// let s = Shape::parse(".#\n##")?;
    /// assert_eq!(s.cells(), [(0, 1), (1, 0), (1, 1)]);
    /// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// Number of cells.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// assert_eq!(Shape::rectangle(2, 3).len(), 6);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cell.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// assert!(Shape::parse("..\n..")?.is_empty());
    /// assert!(!Shape::rectangle(1, 1).is_empty());
    /// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The shape moved so that its top row and left column are 0.
    #[must_use]
    fn normalized(&self) -> Shape {
        let top = self.cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = self.cells.iter().map(|c| c.1).min().unwrap_or(0);
        Shape::from_cells(self.cells.iter().map(|&(r, c)| (r - top, c - left)))
    }

    /// Its distinct orientations, normalized: the four rotations, and with
    /// `reflections` their mirror images too (up to 8), in a fixed order
    /// starting with the shape itself.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::Shape;
    ///
    /// let l = Shape::parse("#.\n#.\n##")?;
    /// assert_eq!(l.orientations(true).len(), 8);
    /// assert_eq!(l.orientations(false).len(), 4);
    /// assert_eq!(Shape::rectangle(2, 2).orientations(true).len(), 1);
    /// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn orientations(&self, reflections: bool) -> Vec<Shape> {
        let mut seen = Vec::new();
        let mut shape = self.normalized();
        for flip in 0..if reflections { 2 } else { 1 } {
            if flip == 1 {
                let width = shape.cells.iter().map(|c| c.1).max().unwrap_or(0);
                shape = Shape::from_cells(shape.cells.iter().map(|&(r, c)| (r, width - c)));
            }
            for _ in 0..4 {
                if !seen.contains(&shape) {
                    seen.push(shape.clone());
                }
                // A quarter turn: (r, c) to (c, height - r).
                let height = shape.cells.iter().map(|c| c.0).max().unwrap_or(0);
                shape = Shape::from_cells(shape.cells.iter().map(|&(r, c)| (c, height - r)));
            }
        }
        seen
    }
}

impl fmt::Display for Shape {
    /// The text grid of the shape's bounding box: `#` a cell, `.` a hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = Grid::of(self);
        for r in 0..grid.rows {
            let row: String = (0..grid.cols)
                .map(|c| if grid.at(r, c).is_some() { '#' } else { '.' })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A shape's cells laid out on its bounding box, to look them up.
struct Grid {
    top: usize,
    left: usize,
    rows: usize,
    cols: usize,
    /// Per position, the cell's index in the shape, row by row.
    index: Vec<Option<u32>>,
}

impl Grid {
    fn of(shape: &Shape) -> Grid {
        let top = shape.cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = shape.cells.iter().map(|c| c.1).min().unwrap_or(0);
        let rows = shape.cells.iter().map(|c| c.0 - top + 1).max().unwrap_or(0);
        let cols = shape
            .cells
            .iter()
            .map(|c| c.1 - left + 1)
            .max()
            .unwrap_or(0);
        let mut index = vec![None; rows * cols];
        for (i, &(r, c)) in shape.cells.iter().enumerate() {
            index[(r - top) * cols + (c - left)] = Some(crate::small(i));
        }
        Grid {
            top,
            left,
            rows,
            cols,
            index,
        }
    }

    /// The cell at `(r, c)` of the bounding box, if it is one.
    fn at(&self, r: usize, c: usize) -> Option<usize> {
        if r < self.rows && c < self.cols {
            self.index[r * self.cols + c].map(|i| i as usize)
        } else {
            None
        }
    }
}

/// A named piece. Its letter, the first character of its name, shows where
/// it lies in [`Tiling::render`].
///
/// ```
/// use backtracker_puzzles::polyomino::{Piece, Shape};
///
/// let domino = Piece::new("D", Shape::rectangle(1, 2));
/// assert_eq!((domino.name(), domino.letter(), domino.shape().len()), ("D", 'D', 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    name: String,
    shape: Shape,
}

impl Piece {
    /// A piece called `name` with the cells of `shape`.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{Piece, Shape};
    ///
    /// let tromino = Piece::new("I3", Shape::rectangle(1, 3));
    /// assert_eq!((tromino.name(), tromino.shape().len()), ("I3", 3));
    /// ```
    #[must_use]
    pub fn new(name: impl Into<String>, shape: Shape) -> Piece {
        Piece {
            name: name.into(),
            shape,
        }
    }

    /// Its name.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::pentominoes;
    ///
    /// let names: Vec<String> = pentominoes().iter().map(|p| p.name().to_string()).collect();
    /// assert_eq!(names.len(), 12);
    /// assert!(names.iter().any(|n| n == "X"));
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The first character of its name (`?` for an empty name).
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{Piece, Shape};
    ///
    /// assert_eq!(Piece::new("Domino", Shape::rectangle(1, 2)).letter(), 'D');
    /// assert_eq!(Piece::new("", Shape::rectangle(1, 2)).letter(), '?');
    /// ```
    #[must_use]
    pub fn letter(&self) -> char {
        self.name.chars().next().unwrap_or('?')
    }

    /// Its cells.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::pentominoes;
    ///
    /// // Every pentomino has five cells.
    /// assert!(pentominoes().iter().all(|p| p.shape().len() == 5));
    /// ```
    #[must_use]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
}

/// Pieces from `(name, grid)` pairs of the standard sets.
fn set(pieces: &[(&str, &str)]) -> Vec<Piece> {
    pieces
        .iter()
        .map(|&(name, grid)| {
            Piece::new(
                name,
                Shape::parse(grid).expect("the standard sets are well formed"),
            )
        })
        .collect()
}

/// The 12 pentominoes, with Conway's letters: F I L N P T U V W X Y Z
/// (60 cells).
///
/// ```
/// use backtracker_puzzles::polyomino::pentominoes;
///
/// let set = pentominoes();
/// assert_eq!(set.len(), 12);
/// assert!(set.iter().all(|p| p.shape().len() == 5));
/// // 63 orientations in all, with reflections.
/// let orientations: usize = set.iter().map(|p| p.shape().orientations(true).len()).sum();
/// assert_eq!(orientations, 63);
/// ```
#[must_use]
pub fn pentominoes() -> Vec<Piece> {
    set(&[
        ("F", ".##\n##.\n.#."),
        ("I", "#####"),
        ("L", "####\n#..."),
        ("N", "##..\n.###"),
        ("P", "##\n##\n#."),
        ("T", "###\n.#.\n.#."),
        ("U", "#.#\n###"),
        ("V", "#..\n#..\n###"),
        ("W", "#..\n##.\n.##"),
        ("X", ".#.\n###\n.#."),
        ("Y", ".#..\n####"),
        ("Z", "##.\n.#.\n.##"),
    ])
}

/// The 5 free tetrominoes: I O T S L (20 cells).
///
/// ```
/// use backtracker_puzzles::polyomino::{tetrominoes, Shape, Tiling};
///
/// // The T tetromino covers three cells of one colour of a chessboard
/// // pattern and one of the other; the other four cover two and two. So
/// // no rectangle of 20 cells can be tiled.
/// let mut tiling = Tiling::new(&Shape::rectangle(4, 5), &tetrominoes(), true)?;
/// assert_eq!(tiling.problem_mut().search().count().value, 0);
/// # Ok::<(), backtracker_puzzles::polyomino::TilingError>(())
/// ```
#[must_use]
pub fn tetrominoes() -> Vec<Piece> {
    set(&[
        ("I", "####"),
        ("O", "##\n##"),
        ("T", "###\n.#."),
        ("S", ".##\n##."),
        ("L", "###\n#.."),
    ])
}

/// Why a board and a set of pieces make no tiling problem.
///
/// ```
/// use backtracker_puzzles::polyomino::{Piece, Shape, Tiling, TilingError};
///
/// let pieces = [Piece::new("D", Shape::rectangle(1, 2)), Piece::new("D", Shape::rectangle(2, 1))];
/// let error = Tiling::new(&Shape::rectangle(2, 2), &pieces, true).unwrap_err();
/// assert_eq!(error, TilingError::DuplicatePiece { name: "D".into() });
/// assert_eq!(error.to_string(), "two pieces are called `D`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TilingError {
    /// The pieces' cells do not add up to the board's.
    #[error("the board has {board} cells but the pieces have {pieces}")]
    Area {
        /// Cells of the board.
        board: usize,
        /// Cells of all the pieces together.
        pieces: usize,
    },
    /// A piece without cells.
    #[error("piece `{name}` has no cells")]
    EmptyPiece {
        /// Its name.
        name: String,
    },
    /// Two pieces share a name.
    #[error("two pieces are called `{name}`")]
    DuplicatePiece {
        /// The name.
        name: String,
    },
    /// The placements would hold more than [`MAX_PLACEMENT_ITEMS`] items.
    #[error(
        "the board and pieces have too many placements (more than {limit} cells and pieces over all placements)"
    )]
    TooLarge {
        /// The limit, [`MAX_PLACEMENT_ITEMS`].
        limit: usize,
    },
    /// The exact-cover problem could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// The image of `(row, column)` in a box of `rows x cols`, as
/// `map(rows, cols, row, column)`.
type BoxMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries of a square's bounding box that may map a board to
/// itself, each with its name.
const BOX_SYMMETRIES: [(&str, BoxMap); 7] = [
    ("rotation 90", |h, _, r, c| (c, h - 1 - r)),
    ("rotation 180", |h, w, r, c| (h - 1 - r, w - 1 - c)),
    ("rotation 270", |_, w, r, c| (w - 1 - c, r)),
    ("reflection left to right", |_, w, r, c| (r, w - 1 - c)),
    ("reflection top to bottom", |h, _, r, c| (h - 1 - r, c)),
    ("reflection in the diagonal", |_, _, r, c| (c, r)),
    ("reflection in the anti-diagonal", |h, w, r, c| {
        (w - 1 - c, h - 1 - r)
    }),
];

/// Declares each symmetry of the board's bounding box that maps the board
/// onto itself and every placement onto a placement of the same piece
/// (so not a reflection when the pieces may not be flipped and one is not
/// its own mirror image). Pieces stay; cells and placements move.
fn declare_symmetries(
    builder: &mut ExactCoverBuilder,
    grid: &Grid,
    board: &Shape,
    pieces: usize,
    placements: &HashMap<Vec<usize>, usize>,
) {
    let (h, w) = (grid.rows, grid.cols);
    let cells: Vec<(usize, usize)> = board
        .cells
        .iter()
        .map(|&(r, c)| (r - grid.top, c - grid.left))
        .collect();
    for (name, map) in BOX_SYMMETRIES {
        // A cell item's image, if the board holds it.
        let images: Option<Vec<usize>> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = map(h, w, r, c);
                grid.at(r, c).map(|i| pieces + i)
            })
            .collect();
        let Some(images) = images else { continue };
        let item = |i: usize| if i < pieces { i } else { images[i - pieces] };
        let mut options = vec![0; placements.len()];
        let whole = placements.iter().all(|(items, &o)| {
            let mut image: Vec<usize> = items.iter().map(|&i| item(i)).collect();
            image.sort_unstable();
            placements.get(&image).is_some_and(|&to| {
                options[o] = to;
                true
            })
        });
        if whole {
            let items: Vec<usize> = (0..pieces + cells.len()).map(item).collect();
            builder.symmetry(name, move |i| items[i], move |o| options[o]);
        }
    }
}

/// The exact-cover problem of tiling a board with a set of pieces, each
/// used exactly once.
///
/// Items: one per piece (`piece F`), in the order of the set, then one per
/// board cell (`r1c1`: row 1, column 1 of the board's bounding box), row by
/// row; all primary. Options: one per placement (piece, orientation,
/// position), in that order. A solution gives each item the placement that
/// covers it; [`render`](Self::render) draws it.
///
/// ```
/// use backtracker_puzzles::polyomino::{Piece, Shape, Tiling};
///
/// // Two L trominoes tile a 2 x 3 rectangle in 2 ways (with reflections),
/// // and either piece can take either place: 4 tilings of pieces A and B.
/// let l = Shape::parse("#.\n##")?;
/// let pieces = [Piece::new("A", l.clone()), Piece::new("B", l)];
/// let mut tiling = Tiling::new(&Shape::rectangle(2, 3), &pieces, true).unwrap();
/// assert_eq!(tiling.problem_mut().search().count().value, 4);
/// let first = tiling.problem_mut().search().first().value.unwrap();
/// assert_eq!(tiling.render(&first), "ABB\nAAB\n");
/// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tiling {
    problem: ExactCover,
    board: Shape,
    /// Per piece, its letter.
    letters: Vec<char>,
    /// Per option, its piece.
    piece_of: Vec<u32>,
}

impl Tiling {
    /// The tiling problem of `board` with `pieces`, each in every rotation
    /// and, with `reflections`, every mirror image (without them, pieces are
    /// one-sided: placed only as drawn, turned but not flipped).
    ///
    /// # Errors
    ///
    /// [`TilingError::Area`] when the pieces' cells do not add up to the
    /// board's, [`TilingError::EmptyPiece`], [`TilingError::DuplicatePiece`],
    /// [`TilingError::TooLarge`].
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{pentominoes, Shape, Tiling, TilingError};
    ///
    /// let error = Tiling::new(&Shape::rectangle(6, 9), &pentominoes(), true).unwrap_err();
    /// assert_eq!(error, TilingError::Area { board: 54, pieces: 60 });
    /// ```
    pub fn new(board: &Shape, pieces: &[Piece], reflections: bool) -> Result<Tiling, TilingError> {
        if let Some(piece) = pieces.iter().find(|p| p.shape.is_empty()) {
            return Err(TilingError::EmptyPiece {
                name: piece.name.clone(),
            });
        }
        let area: usize = pieces.iter().map(|p| p.shape.len()).sum();
        if area != board.len() {
            return Err(TilingError::Area {
                board: board.len(),
                pieces: area,
            });
        }
        let mut names = BTreeSet::new();
        if let Some(piece) = pieces.iter().find(|p| !names.insert(p.name.as_str())) {
            return Err(TilingError::DuplicatePiece {
                name: piece.name.clone(),
            });
        }
        let grid = Grid::of(board);
        let mut b = ExactCoverBuilder::new();
        for piece in pieces {
            b.primary(format!("piece {}", piece.name));
        }
        for &(r, c) in &board.cells {
            b.primary(format!("r{}c{}", r - grid.top + 1, c - grid.left + 1));
        }
        let mut piece_of = Vec::new();
        // Per placement (its piece and cells as item numbers, sorted), its
        // option number.
        let mut placements: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut items_used = 0usize;
        let mut option = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            for shape in piece.shape.orientations(reflections) {
                // Each placement once: its first cell on each board cell.
                let (r0, c0) = shape.cells[0];
                for &(br, bc) in &board.cells {
                    let (ar, ac) = (br - grid.top, bc - grid.left);
                    if ac < c0 {
                        continue;
                    }
                    option.clear();
                    option.push(k);
                    let fits = shape.cells.iter().all(|&(r, c)| {
                        let cell = grid.at(ar + r - r0, ac + c - c0);
                        if let Some(i) = cell {
                            option.push(pieces.len() + i);
                        }
                        cell.is_some()
                    });
                    if !fits {
                        continue;
                    }
                    items_used += option.len();
                    if items_used > MAX_PLACEMENT_ITEMS {
                        return Err(TilingError::TooLarge {
                            limit: MAX_PLACEMENT_ITEMS,
                        });
                    }
                    b.option_of_items(option.iter().copied());
                    placements.insert(option.clone(), placements.len());
                    piece_of.push(crate::small(k));
                }
            }
        }
        declare_symmetries(&mut b, &grid, board, pieces.len(), &placements);
        Ok(Tiling {
            problem: b.build()?,
            board: board.clone(),
            letters: pieces.iter().map(Piece::letter).collect(),
            piece_of,
        })
    }

    /// The exact-cover problem.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{Piece, Shape, Tiling};
    ///
    /// // Two dominoes A and B on a 2 x 2 board: items are the 2 pieces and 4
    /// // cells; each domino lies flat or upright, in 2 places each.
    /// let pieces = [Piece::new("A", Shape::rectangle(1, 2)), Piece::new("B", Shape::rectangle(1, 2))];
    /// let tiling = Tiling::new(&Shape::rectangle(2, 2), &pieces, true)?;
    /// assert_eq!(tiling.problem().item_count(), 2 + 4);
    /// assert_eq!(tiling.problem().option_count(), 2 * 4);
    /// assert_eq!(tiling.problem().item_name(0), "piece A");
    /// # Ok::<(), backtracker_puzzles::polyomino::TilingError>(())
    /// ```
    #[must_use]
    pub fn problem(&self) -> &ExactCover {
        &self.problem
    }

    /// The exact-cover problem, to search it.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{Piece, Shape, Tiling};
    ///
    /// // Both flat or both upright, and A on either side: 4 tilings.
    /// let pieces = [Piece::new("A", Shape::rectangle(1, 2)), Piece::new("B", Shape::rectangle(1, 2))];
    /// let mut tiling = Tiling::new(&Shape::rectangle(2, 2), &pieces, true)?;
    /// assert_eq!(tiling.problem_mut().search().count().value, 4);
    /// # Ok::<(), backtracker_puzzles::polyomino::TilingError>(())
    /// ```
    pub fn problem_mut(&mut self) -> &mut ExactCover {
        &mut self.problem
    }

    /// The board.
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{pentominoes, Shape, Tiling};
    ///
    /// let tiling = Tiling::new(&Shape::rectangle(5, 12), &pentominoes(), true)?;
    /// assert_eq!(tiling.board(), &Shape::rectangle(5, 12));
    /// # Ok::<(), backtracker_puzzles::polyomino::TilingError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Shape {
        &self.board
    }

    /// Number of placements (the options).
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{pentominoes, Shape, Tiling};
    ///
    /// let tiling = Tiling::new(&Shape::rectangle(6, 10), &pentominoes(), true).unwrap();
    /// assert_eq!(tiling.placements(), 2056);
    /// ```
    #[must_use]
    pub fn placements(&self) -> usize {
        self.piece_of.len()
    }

    /// A solution drawn as the board's bounding box, each cell replaced by
    /// the letter of the piece on it, holes as `.`, one row a line.
    ///
    /// # Panics
    ///
    /// If `solution` is not a solution of this problem (one option per
    /// piece and cell).
    ///
    /// ```
    /// use backtracker_puzzles::polyomino::{Piece, Shape, Tiling};
    ///
    /// // An L tromino on an L board: one placement, and the hole drawn as `.`.
    /// let board = Shape::parse("##\n#.")?;
    /// let mut tiling = Tiling::new(&board, &[Piece::new("L", Shape::parse("#.\n##")?)], false).unwrap();
    /// let solution = tiling.problem_mut().search().first().value.unwrap();
    /// assert_eq!(tiling.render(&solution), "LL\nL.\n");
    /// # Ok::<(), backtracker_puzzles::polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn render(&self, solution: &[usize]) -> String {
        let grid = Grid::of(&self.board);
        let pieces = self.letters.len();
        let mut text = String::with_capacity(grid.rows * (grid.cols + 1));
        for r in 0..grid.rows {
            for c in 0..grid.cols {
                text.push(match grid.at(r, c) {
                    Some(i) => self.letters[self.piece_of[solution[pieces + i]] as usize],
                    None => '.',
                });
            }
            text.push('\n');
        }
        text
    }
}
