//! All-different by a line function.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use itertools::Itertools;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::{BitRow, Candidates};
use crate::checker::Checker;
use crate::error::ModelError;

/// How a variable's values map to lines, found in `prepare`. Line numbers
/// here are in stored orientation (see `AtMostOnePerLine::flip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// The variable is outside the scope.
    Skip,
    /// Value index `i` is on stored line `start + i`: one window of `used`.
    Up(usize),
    /// Value index `i` is on stored line `start - i`: one window of the
    /// mirrored set, where stored line `l` is bit `top - 1 - l`.
    Down(usize),
    /// No pattern: look the lines up in `table` from this offset.
    Table(usize),
}

/// A set of lines: one word when every line is below 64, else a row of words.
#[derive(Clone, Debug, Default)]
struct Lines {
    word: u64,
    row: BitRow,
}

impl Lines {
    #[inline(always)]
    fn get(&self, tiny: bool, line: usize) -> bool {
        if tiny {
            self.word >> line & 1 == 1
        } else {
            self.row.get(line)
        }
    }

    #[inline(always)]
    fn window(&self, tiny: bool, start: usize) -> u64 {
        if tiny {
            self.word >> start
        } else {
            self.row.window(start)
        }
    }

    #[inline(always)]
    fn set(&mut self, tiny: bool, line: usize, on: bool) {
        if tiny {
            let bit = 1u64 << line;
            if on {
                self.word |= bit;
            } else {
                self.word &= !bit;
            }
        } else if on {
            self.row.set(line);
        } else {
            self.row.clear(line);
        }
    }
}

/// "At most one per line": every assigned variable puts its value on a
/// line, and no two may share one.
///
/// The line function maps a variable and a value to a line number (a small
/// `usize`). N-Queens is three of these (columns `c`, diagonals `r + c`,
/// anti-diagonals `r + n - 1 - c`); a sudoku is three more (row, column and
/// box of a digit).
///
/// Incremental: `on_assign` marks the line used and `on_unassign` frees it,
/// so `promising` is one bit test. When the lines of a variable's values
/// are consecutive (ascending or descending), `filter` removes the used
/// ones 64 values at a time with one shift and mask.
///
/// ```
/// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
///
/// // Three variables, values 0..3, all different: 3! = 6 solutions.
/// let mut b = ModelBuilder::new();
/// for i in 0..3 {
///     b.variable(format!("x{i}"), 0..3usize);
/// }
/// let all_different = AtMostOnePerLine::new("all different", |_var, &value: &usize| value);
/// let mut model = b.build((all_different,)).unwrap();
/// assert_eq!(model.search().count().value, 6);
/// ```
///
/// For the common case of lines below 64 with each variable's values on
/// consecutive lines, [`AtMostOnePerLine::small`] gives a faster checker.
#[derive(Clone, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about the layout, each read on the hot path"
)]
pub struct AtMostOnePerLine<F> {
    name: String,
    line: F,
    scope: Option<Vec<usize>>,
    layout: Vec<Layout>,
    table: Vec<usize>,
    used: Lines,
    mirrored: Lines,
    /// One more than the highest line.
    top: usize,
    /// Lines are stored as `top - 1 - line`, so that descending layouts
    /// (all of them, when there is no ascending one) read `used` directly.
    flip: bool,
    /// Some layouts are ascending and some descending: keep `mirrored` too.
    keep_mirror: bool,
    /// Every line is below 64 and every domain at most 64 values.
    tiny: bool,
    /// The common case, served first: tiny, every variable in scope,
    /// every layout ascending; `starts[var]` is the first line of `var`.
    simple: bool,
    starts: Vec<usize>,
}

impl<F> AtMostOnePerLine<F> {
    /// A checker called `name` over every variable, with `line(var, value)`.
    ///
    /// ```
    /// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
    ///
    /// // Three variables, all different: the line of a value is the value.
    /// let mut b = ModelBuilder::new();
    /// (0..3).for_each(|i| _ = b.variable(format!("x{i}"), 0..3usize));
    /// let different = AtMostOnePerLine::new("different", |_, &v: &usize| v);
    /// assert_eq!(b.build((different,)).unwrap().search().count().value, 6); // 3!
    /// ```
    pub fn new<V>(name: impl Into<String>, line: F) -> Self
    where
        F: Fn(usize, &V) -> usize,
    {
        AtMostOnePerLine {
            name: name.into(),
            line,
            scope: None,
            layout: Vec::new(),
            table: Vec::new(),
            used: Lines::default(),
            mirrored: Lines::default(),
            top: 0,
            flip: false,
            keep_mirror: false,
            tiny: false,
            simple: false,
            starts: Vec::new(),
        }
    }

    /// Restricts the checker to the variables in `vars`.
    ///
    /// ```
    /// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
    ///
    /// // Only x0 and x1 must differ; x2 is free.
    /// let mut b = ModelBuilder::new();
    /// (0..3).for_each(|i| _ = b.variable(format!("x{i}"), 0..3usize));
    /// let pair = AtMostOnePerLine::new("pair", |_, &v: &usize| v).on([0, 1]);
    /// assert_eq!(b.build((pair,)).unwrap().search().count().value, 3 * 2 * 3);
    /// ```
    #[must_use]
    pub fn on(mut self, vars: impl IntoIterator<Item = usize>) -> Self {
        let mut vars: Vec<usize> = vars.into_iter().collect();
        vars.sort_unstable();
        vars.dedup();
        self.scope = Some(vars);
        self
    }
}

impl<F> AtMostOnePerLine<F> {
    #[inline(always)]
    fn stored(&self, line: usize) -> usize {
        if self.flip { self.top - 1 - line } else { line }
    }

    #[inline(always)]
    fn mark(&mut self, line: usize, on: bool) {
        let line = self.stored(line);
        self.used.set(self.tiny, line, on);
        if self.keep_mirror {
            self.mirrored.set(self.tiny, self.top - 1 - line, on);
        }
    }

    #[inline(always)]
    fn in_scope(&self, var: usize) -> bool {
        self.layout[var] != Layout::Skip
    }
}

impl<V, F: Fn(usize, &V) -> usize> Checker<V> for AtMostOnePerLine<F> {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        assignment
            .iter()
            .filter(|&(var, _)| {
                self.scope
                    .as_ref()
                    .is_none_or(|s| s.binary_search(&var).is_ok())
            })
            .map(|(var, value)| (self.line)(var, value))
            .all_unique()
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        !self.in_scope(choice.var)
            || !self.used.get(
                self.tiny,
                self.stored((self.line)(choice.var, choice.value)),
            )
    }

    #[inline(always)]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if self.simple {
            // Tiny lines, every layout ascending: one word, one shift.
            if let Some(word) = candidates.words_mut().first_mut() {
                *word &= !(self.used.word >> self.starts[var]);
            }
            return;
        }
        match self.layout[var] {
            Layout::Skip => {}
            Layout::Up(start) => {
                for (wi, word) in candidates.words_mut().iter_mut().enumerate() {
                    *word &= !self.used.window(self.tiny, start + 64 * wi);
                }
            }
            Layout::Down(start) => {
                let from = self.top - 1 - start;
                for (wi, word) in candidates.words_mut().iter_mut().enumerate() {
                    *word &= !self.mirrored.window(self.tiny, from + 64 * wi);
                }
            }
            Layout::Table(offset) => {
                candidates.retain(|i| !self.used.get(self.tiny, self.table[offset + i]));
            }
        }
    }

    #[inline(always)]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        if self.simple {
            self.used.word |= 1 << (self.line)(choice.var, choice.value);
            return;
        }
        if self.scope.is_some() && !self.in_scope(choice.var) {
            return;
        }
        let line = (self.line)(choice.var, choice.value);
        self.mark(line, true);
    }

    #[inline(always)]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        if self.simple {
            self.used.word &= !(1 << (self.line)(choice.var, choice.value));
            return;
        }
        if self.scope.is_some() && !self.in_scope(choice.var) {
            return;
        }
        let line = (self.line)(choice.var, choice.value);
        self.mark(line, false);
    }

    fn scope(&self) -> Option<&[usize]> {
        self.scope.as_deref()
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let mut lines_of = vec![None; model.len()];
        let mut top = 0;
        let mut widest = 0;
        for (var, slot) in lines_of.iter_mut().enumerate() {
            if self
                .scope
                .as_ref()
                .is_some_and(|s| s.binary_search(&var).is_err())
            {
                continue;
            }
            let lines: Vec<usize> = model
                .domain(var)
                .iter()
                .map(|v| (self.line)(var, v))
                .collect();
            top = top.max(lines.iter().max().map_or(0, |m| m + 1));
            widest = widest.max(lines.len());
            *slot = Some(lines);
        }
        let ascending = |lines: &[usize]| lines.iter().enumerate().all(|(i, &l)| l == lines[0] + i);
        let descending =
            |lines: &[usize]| lines.iter().enumerate().all(|(i, &l)| l + i == lines[0]);
        let patterned: Vec<&Vec<usize>> =
            lines_of.iter().flatten().filter(|l| l.len() > 1).collect();
        // Store lines upside down when every patterned layout is descending.
        self.flip = !patterned.is_empty() && patterned.iter().all(|l| descending(l));
        self.top = top;
        self.table.clear();
        self.keep_mirror = false;
        let flip = self.flip;
        self.layout = lines_of
            .into_iter()
            .map(|lines| {
                let Some(mut lines) = lines else {
                    return Layout::Skip;
                };
                if flip {
                    for l in &mut lines {
                        *l = top - 1 - *l;
                    }
                }
                if ascending(&lines) {
                    Layout::Up(lines[0])
                } else if descending(&lines) {
                    self.keep_mirror = true;
                    Layout::Down(lines[0])
                } else {
                    let offset = self.table.len();
                    self.table.extend(lines);
                    Layout::Table(offset)
                }
            })
            .collect();
        self.tiny = top <= 64 && widest <= 64;
        self.starts = self
            .layout
            .iter()
            .map(|l| if let Layout::Up(start) = l { *start } else { 0 })
            .collect();
        self.simple =
            self.tiny && !self.flip && self.layout.iter().all(|l| matches!(l, Layout::Up(_)));
        let rows = if self.tiny { 0 } else { top };
        // Windows read up to one domain width (in whole words) past a line.
        let reach = widest.div_ceil(64) * 64 + 64;
        self.used = Lines {
            word: 0,
            row: BitRow::new(rows, reach),
        };
        self.mirrored = Lines {
            word: 0,
            row: BitRow::new(if self.keep_mirror { rows } else { 0 }, reach),
        };
        Ok(())
    }
}

impl AtMostOnePerLine<()> {
    /// A fast "at most one per line" for lines below 64, where
    /// `line(var, index)` takes a value's *domain index* and each
    /// variable's values lie on consecutive ascending lines
    /// (`line(var, i) == line(var, 0) + i`); the model refuses it otherwise.
    /// Its state is one machine word and its methods have no branches, so the
    /// engine keeps it in a register. N-Queens uses it for all three rules.
    ///
    /// ```
    /// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// for row in 0..5 {
    ///     b.variable(format!("row {row}"), 0..5usize);
    /// }
    /// let columns = AtMostOnePerLine::small("columns", |_, c| c);
    /// let diagonals = AtMostOnePerLine::small("diagonals", |r, c| r + c);
    /// let mut model = b.build((columns, diagonals)).unwrap();
    /// // Permutations of 0..5 whose r + c are all different.
    /// assert_eq!(model.search().count().value, 23);
    ///
    /// // Lines that are not consecutive do not fit.
    /// let mut b = ModelBuilder::new();
    /// b.variable("x", 0..3usize);
    /// let error = b.build((AtMostOnePerLine::small("odd", |_, i| 2 * i),)).unwrap_err();
    /// assert!(error.to_string().contains("consecutive"));
    /// ```
    pub fn small<L: Fn(usize, usize) -> usize>(name: impl Into<String>, line: L) -> SmallLines<L> {
        SmallLines {
            name: name.into(),
            line,
            used: 0,
        }
    }
}

/// "At most one per line" on one machine word; see [`AtMostOnePerLine::small`].
///
/// ```
/// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
///
/// // 5 rooks on a 5 x 5 board: one per row (a variable each) and per column.
/// let mut b = ModelBuilder::new();
/// (0..5).for_each(|r| _ = b.variable(format!("row {r}"), 0..5usize));
/// let columns = AtMostOnePerLine::small("columns", |_, index| index);
/// assert_eq!(b.build((columns,)).unwrap().search().count().value, 120); // 5!
/// ```
#[derive(Clone, Debug)]
pub struct SmallLines<L> {
    name: String,
    line: L,
    used: u64,
}

impl<V, L: Fn(usize, usize) -> usize> Checker<V> for SmallLines<L> {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        (0..assignment.len())
            .filter_map(|var| assignment.index(var).map(|i| (self.line)(var, i)))
            .all_unique()
    }

    #[inline(always)]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        self.used >> (self.line)(choice.var, choice.index) & 1 == 0
    }

    #[inline(always)]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if let Some(word) = candidates.words_mut().first_mut() {
            *word &= !(self.used >> (self.line)(var, 0));
        }
    }

    // The engine assigns only candidates this checker's filter kept, whose
    // line is free, so setting its bit and clearing it again are each a
    // toggle. As toggles, an assignment undone at once cancels out, and the
    // optimiser drops both where the engine counts the last variable's
    // candidates without keeping the step.
    #[inline(always)]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        self.used ^= 1 << (self.line)(choice.var, choice.index);
    }

    #[inline(always)]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        self.used ^= 1 << (self.line)(choice.var, choice.index);
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        self.used = 0;
        for var in 0..model.len() {
            let size = model.domain(var).len();
            let first = (self.line)(var, 0);
            let fits = size <= 64
                && (0..size).all(|i| (self.line)(var, i) == first + i)
                && first + size <= 64;
            if !fits {
                return Err(ModelError::InvalidChecker {
                    checker: self.name.clone(),
                    reason: format!(
                        "variable `{}` needs its values on consecutive lines below 64",
                        model.name(var)
                    ),
                });
            }
        }
        Ok(())
    }
}
