//! All-different by a line function.

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
/// # The small form
///
/// [`AtMostOnePerLine::small`] makes a checker for the common case that the
/// model must fit (it refuses others when the model is built): every
/// variable in scope, every line below 64, each variable's values on
/// consecutive ascending lines starting at `a + b * var`. Its state is one
/// machine word and its methods have no branches, so the engine keeps it in
/// a register. N-Queens uses it for all three rules.
#[derive(Clone, Debug)]
pub struct AtMostOnePerLine<F, const SMALL: bool = false> {
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
    /// The small form: variable `var`'s first line is `offset + slope * var`.
    offset: isize,
    slope: isize,
}

impl<F> AtMostOnePerLine<F, true> {
    /// A checker in [the small form](AtMostOnePerLine#the-small-form).
    ///
    /// ```
    /// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// for row in 0..5 {
    ///     b.variable(format!("row {row}"), 0..5usize);
    /// }
    /// let columns = AtMostOnePerLine::small("columns", |_, &c: &usize| c);
    /// let diagonals = AtMostOnePerLine::small("diagonals", |r, &c: &usize| r + c);
    /// let mut model = b.build((columns, diagonals)).unwrap();
    /// // Permutations of 0..5 whose r + c are all different.
    /// assert_eq!(model.search().count().value, 23);
    ///
    /// // Lines that are not consecutive do not fit the small form.
    /// let mut b = ModelBuilder::new();
    /// b.variable("x", 0..3usize);
    /// let error = b.build((AtMostOnePerLine::small("odd", |_, &v: &usize| 2 * v),)).unwrap_err();
    /// assert!(error.to_string().contains("small form"));
    /// ```
    pub fn small<V>(name: impl Into<String>, line: F) -> Self
    where
        F: Fn(usize, &V) -> usize,
    {
        AtMostOnePerLine::<F, false>::new(name, line).into_small()
    }
}

impl<F> AtMostOnePerLine<F, false> {
    fn into_small(self) -> AtMostOnePerLine<F, true> {
        AtMostOnePerLine {
            name: self.name,
            line: self.line,
            scope: self.scope,
            layout: self.layout,
            table: self.table,
            used: self.used,
            mirrored: self.mirrored,
            top: self.top,
            flip: self.flip,
            keep_mirror: self.keep_mirror,
            tiny: self.tiny,
            simple: self.simple,
            starts: self.starts,
            offset: self.offset,
            slope: self.slope,
        }
    }

    /// A checker called `name` over every variable, with `line(var, value)`.
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
            offset: 0,
            slope: 0,
        }
    }

    /// Restricts the checker to the variables in `vars`.
    #[must_use]
    pub fn on(mut self, vars: impl IntoIterator<Item = usize>) -> Self {
        let mut vars: Vec<usize> = vars.into_iter().collect();
        vars.sort_unstable();
        vars.dedup();
        self.scope = Some(vars);
        self
    }
}

impl<F, const SMALL: bool> AtMostOnePerLine<F, SMALL> {
    /// The small form's first line of `var`.
    #[inline(always)]
    fn small_start(&self, var: usize) -> usize {
        self.offset.wrapping_add(self.slope.wrapping_mul(var as isize)) as usize
    }

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

impl<V, F: Fn(usize, &V) -> usize, const SMALL: bool> Checker<V> for AtMostOnePerLine<F, SMALL> {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        assignment
            .iter()
            .filter(|&(var, _)| self.scope.as_ref().is_none_or(|s| s.binary_search(&var).is_ok()))
            .map(|(var, value)| (self.line)(var, value))
            .all_unique()
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        if SMALL {
            return self.used.word >> (self.line)(choice.var, choice.value) & 1 == 0;
        }
        !self.in_scope(choice.var)
            || !self
                .used
                .get(self.tiny, self.stored((self.line)(choice.var, choice.value)))
    }

    #[inline]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if SMALL {
            candidates.words_mut()[0] &= !(self.used.word >> self.small_start(var));
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
    fn filter_word(&self, assignment: &Assignment<'_, V>, var: usize, candidates: u64) -> u64 {
        if SMALL {
            return candidates & !(self.used.word >> self.small_start(var));
        }
        if self.simple {
            return candidates & !(self.used.word >> self.starts[var]);
        }
        match self.layout[var] {
            Layout::Skip => candidates,
            Layout::Up(start) => candidates & !self.used.window(self.tiny, start),
            Layout::Down(start) => candidates & !self.mirrored.window(self.tiny, self.top - 1 - start),
            Layout::Table(_) => {
                let mut words = [candidates];
                Checker::<V>::filter(self, assignment, var, &mut Candidates::new(&mut words));
                words[0]
            }
        }
    }

    #[inline(always)]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        if SMALL || self.simple {
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
        if SMALL || self.simple {
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
            if self.scope.as_ref().is_some_and(|s| s.binary_search(&var).is_err()) {
                continue;
            }
            let lines: Vec<usize> = model.domain(var).iter().map(|v| (self.line)(var, v)).collect();
            top = top.max(lines.iter().max().map_or(0, |m| m + 1));
            widest = widest.max(lines.len());
            *slot = Some(lines);
        }
        let ascending = |lines: &[usize]| lines.iter().enumerate().all(|(i, &l)| l == lines[0] + i);
        let descending = |lines: &[usize]| lines.iter().enumerate().all(|(i, &l)| l + i == lines[0]);
        let patterned: Vec<&Vec<usize>> = lines_of.iter().flatten().filter(|l| l.len() > 1).collect();
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
                    lines.iter_mut().for_each(|l| *l = top - 1 - *l);
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
        self.simple = self.tiny
            && !self.flip
            && self.layout.iter().all(|l| matches!(l, Layout::Up(_)));
        if SMALL {
            let refuse = |reason: &str| ModelError::InvalidChecker {
                checker: self.name.clone(),
                reason: format!("the small form needs {reason}"),
            };
            if self.scope.is_some() {
                return Err(refuse("every variable in scope"));
            }
            if !self.simple {
                return Err(refuse(
                    "each variable's values on consecutive ascending lines below 64",
                ));
            }
            let start = |var: usize| self.starts[var] as isize;
            self.offset = self.starts.first().map_or(0, |_| start(0));
            self.slope = if self.starts.len() > 1 { start(1) - start(0) } else { 0 };
            if (0..self.starts.len()).any(|var| self.small_start(var) != self.starts[var]) {
                return Err(refuse("first lines of the form a + b * variable"));
            }
        }
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
