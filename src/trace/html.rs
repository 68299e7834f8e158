//! The trace as one self-contained web page that replays the search: the
//! state-space tree beside the board, step by step. See [`Trace::html`].
//!
//! The page is a fixed skeleton, an inline style sheet (`page.css`), the
//! trace's data as an inline JSON script element, and an inline script
//! (`page.js`) that lays the tree out and replays the events. Nothing is
//! fetched, and the same trace gives the same bytes.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use super::{Kind, Trace};
use crate::error::ModelError;
use crate::outcome::{Stats, StopReason};

const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// What a step draws on a grid board: `label` in the cell at `row`, `col`
/// (both from 0).
///
/// ```
/// use backtracker::trace::Mark;
///
/// let queen = Mark::new(2, 0, "Q");
/// assert_eq!((queen.row, queen.col, queen.label.as_str()), (2, 0, "Q"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The cell's row, from 0 at the top.
    pub row: usize,
    /// The cell's column, from 0 at the left.
    pub col: usize,
    /// What the cell shows while the step is assigned.
    pub label: String,
}

impl Mark {
    /// `label` in the cell at `row`, `col`.
    #[must_use]
    pub fn new(row: usize, col: usize, label: impl Into<String>) -> Mark {
        Mark {
            row,
            col,
            label: label.into(),
        }
    }
}

/// The function of a grid view: variable, value index, value text to a mark.
/// The most cells a grid view ([`HtmlView::grid`]) draws: a board of 64 x
/// 64, the largest board of the examples.
pub const MAX_GRID_CELLS: usize = 4096;

type MarkFn<'a> = dyn Fn(usize, usize, &str) -> Option<Mark> + 'a;

/// How the page of [`Trace::html`] draws the assignment at each step: as
/// a grid of cells, or as `name = value` rows.
///
/// A grid view asks, once for each step `var = value` in the trace, which
/// cell that step marks and with what label ([`HtmlView::grid`]); marks
/// outside the grid, and steps given `None`, are not drawn. A cell that two
/// assigned steps mark shows the later one. Without box separators, a grid
/// is shaded like a chessboard.
///
/// ```
/// use backtracker::trace::{HtmlView, Mark};
///
/// // N-Queens: variable `row r` takes the column `c` of its queen.
/// let queens = HtmlView::grid(8, 8, |row, col, _| Some(Mark::new(row, col, "Q")))?.title("8-queens");
/// // Sudoku: variable `r * 9 + c` holds the digit of its cell.
/// let sudoku = HtmlView::grid(9, 9, |cell, _, digit| Some(Mark::new(cell / 9, cell % 9, digit)))?
///     .boxes(3, 3);
/// // Anything else: one `name = value` row per variable.
/// let rows = HtmlView::rows().title("map colouring");
/// # let _ = (queens, sudoku, rows);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub struct HtmlView<'a> {
    title: String,
    grid: Option<Grid<'a>>,
}

struct Grid<'a> {
    rows: usize,
    cols: usize,
    boxes: Option<(usize, usize)>,
    mark: Box<MarkFn<'a>>,
}

impl fmt::Debug for HtmlView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("HtmlView");
        s.field("title", &self.title);
        match &self.grid {
            Some(g) => s
                .field("rows", &g.rows)
                .field("cols", &g.cols)
                .field("boxes", &g.boxes),
            None => s.field("grid", &"none"),
        };
        s.finish_non_exhaustive()
    }
}

impl<'a> HtmlView<'a> {
    /// No grid: the page lists every variable as a `name = value` row.
    #[must_use]
    pub fn rows() -> Self {
        HtmlView {
            title: "Search tree".to_owned(),
            grid: None,
        }
    }

    /// A board of `rows` by `cols` cells; `mark(var, index, value)` says
    /// where the step "variable `var` takes the value with domain index
    /// `index`, written `value`" puts its label.
    ///
    /// # Errors
    ///
    /// [`ModelError::Unsupported`] for a board of more than
    /// [`MAX_GRID_CELLS`] cells, which a browser would take minutes to draw
    /// at every step.
    ///
    /// ```
    /// use backtracker::trace::{HtmlView, MAX_GRID_CELLS, Mark};
    ///
    /// let queens = |row, col, _: &str| Some(Mark::new(row, col, "Q"));
    /// assert!(HtmlView::grid(64, 64, queens).is_ok());
    /// assert_eq!(MAX_GRID_CELLS, 64 * 64);
    /// let error = HtmlView::grid(1, 100_000, queens).unwrap_err();
    /// assert!(error.to_string().contains("1 x 100000"), "{error}");
    /// assert!(HtmlView::grid(usize::MAX, 2, queens).is_err());
    /// ```
    pub fn grid(
        rows: usize,
        cols: usize,
        mark: impl Fn(usize, usize, &str) -> Option<Mark> + 'a,
    ) -> Result<Self, ModelError> {
        if rows
            .checked_mul(cols)
            .is_none_or(|cells| cells > MAX_GRID_CELLS)
        {
            return Err(ModelError::Unsupported {
                reason: format!(
                    "a grid of {rows} x {cols} cells is larger than a trace page draws (at most {MAX_GRID_CELLS} cells)"
                ),
            });
        }
        Ok(HtmlView {
            title: "Search tree".to_owned(),
            grid: Some(Grid {
                rows,
                cols,
                boxes: None,
                mark: Box::new(mark),
            }),
        })
    }

    /// Draws thick lines between boxes of `box_rows` by `box_cols` cells
    /// (for sudoku); no effect on a [`rows`](Self::rows) view.
    #[must_use]
    pub fn boxes(mut self, box_rows: usize, box_cols: usize) -> Self {
        if let Some(grid) = &mut self.grid {
            grid.boxes = Some((box_rows.max(1), box_cols.max(1)));
        }
        self
    }

    /// The page's title and heading (default `Search tree`).
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }
}

impl Trace {
    /// The trace as one self-contained HTML page that replays the search:
    /// the state-space tree, laid out top-down, beside the board of `view`
    /// at the current step, with controls (step, play at a chosen speed,
    /// jump to the next solution or rejection), the current event in
    /// words, and the statistics footer of [`Trace::text`].
    ///
    /// The page has its style and script inline and fetches nothing; the
    /// same trace gives the same bytes. It holds the events this trace
    /// recorded (at most its [event limit](Trace::event_limit)) and says so
    /// when the trace was truncated. `page.html#step=K` opens it at the
    /// `K`-th event, counted from 1 as the lines of the text are; `docs/traces.md`
    /// describes the page.
    ///
    /// ```
    /// use backtracker::{trace::{HtmlView, Mark, Trace}};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut model = nqueens(4).unwrap();
    /// let mut trace = Trace::new();
    /// let outcome = model.search().symmetry(false).observer(&mut trace).count();
    /// let view = HtmlView::grid(4, 4, |row, col, _| Some(Mark::new(row, col, "Q")))
    ///     .expect("16 cells")
    ///     .title("4-queens");
    /// let page = trace.html(&outcome.stats, &outcome.stop, &view);
    /// assert!(page.starts_with("<!DOCTYPE html>\n"));
    /// assert!(page.contains("<title>4-queens: the search, step by step</title>"));
    /// assert!(page.contains("rejected by diagonals: 9"));
    /// assert_eq!(page, trace.html(&outcome.stats, &outcome.stop, &view));
    /// ```
    #[must_use]
    pub fn html(&self, stats: &Stats, stop: &StopReason, view: &HtmlView<'_>) -> String {
        let data = self.page_data(view);
        let title = escape_html(&view.title);
        let footer = escape_html(&format!("{}stop: {stop}\n", stats.deterministic_text()));
        let events = self.records.len();
        let mut out = String::with_capacity(CSS.len() + JS.len() + data.len() + 4096);
        out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        let _ = writeln!(out, "<title>{title}: the search, step by step</title>");
        let _ = write!(out, "<style>\n{CSS}</style>\n</head>\n<body>\n<header>\n");
        let _ = writeln!(out, "<h1>{title}</h1>");
        if self.truncated {
            let _ = writeln!(
                out,
                "<p id=\"truncated\" class=\"warning\">Truncated: the trace holds only the \
                 first {events} events (its event limit), and the search stopped there.</p>"
            );
        }
        let _ = write!(out, "{}", controls(events));
        out.push_str("</header>\n<main id=\"app\" data-step=\"0\">\n");
        out.push_str(
            "<section id=\"tree-panel\" aria-label=\"State-space tree\" tabindex=\"-1\">\
             <svg id=\"tree\" xmlns=\"http://www.w3.org/2000/svg\"></svg></section>\n",
        );
        out.push_str("<aside id=\"side\">\n<div id=\"board\" aria-label=\"Board\"></div>\n");
        if self
            .records
            .iter()
            .any(|r| matches!(r.kind, Kind::Solution(_, Some(_))))
        {
            // Branch and bound: the best solution so far, as the replay goes.
            out.push_str("<p id=\"best\" aria-live=\"polite\">best so far: none</p>\n");
        }
        let _ = write!(
            out,
            "<h2>Statistics</h2>\n<pre id=\"footer\">{footer}</pre>\n</aside>\n</main>\n"
        );
        out.push_str(
            "<noscript><p class=\"warning\">This page replays the search with JavaScript, \
             which is turned off.</p></noscript>\n",
        );
        let _ = write!(
            out,
            "<script type=\"application/json\" id=\"trace-data\">\n{data}</script>\n<script>\n{JS}</script>\n</body>\n</html>\n"
        );
        out
    }

    /// The page's data: a JSON object, one event a line.
    fn page_data(&self, view: &HtmlView<'_>) -> String {
        let mut out = String::with_capacity(64 + self.records.len() * 16);
        out.push_str("{\"vars\":[");
        for (i, name) in self.names.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_str(&mut out, name);
        }
        out.push_str("],\n");
        match &view.grid {
            Some(g) => {
                let (br, bc) = g.boxes.unwrap_or((0, 0));
                let _ = writeln!(out, "\"grid\":[{},{},{br},{bc}],", g.rows, g.cols);
            }
            None => out.push_str("\"grid\":null,\n"),
        }
        // Distinct steps and rejection reasons, numbered as first seen.
        let mut step_ids: HashMap<(usize, usize), usize> = HashMap::new();
        let mut steps = String::new();
        let mut reason_ids: HashMap<String, usize> = HashMap::new();
        let mut reasons = String::new();
        let mut events = String::new();
        for r in &self.records {
            let mut step = || {
                let next = step_ids.len();
                *step_ids.entry((r.var, r.index)).or_insert_with(|| {
                    let (cell, label) = match &view.grid {
                        Some(g) => match (g.mark)(r.var, r.index, &r.value) {
                            Some(m) if m.row < g.rows && m.col < g.cols => {
                                (Some(m.row * g.cols + m.col), m.label)
                            }
                            _ => (None, String::new()),
                        },
                        None => (Some(r.var), r.value.clone()),
                    };
                    let _ = write!(steps, "{}[{},", if next > 0 { ",\n" } else { "" }, r.var);
                    json_str(&mut steps, &r.value);
                    let _ = write!(
                        steps,
                        ",{},",
                        cell.map_or(-1, |c| i64::try_from(c).unwrap_or(-1))
                    );
                    json_str(&mut steps, &label);
                    steps.push(']');
                    next
                })
            };
            let _ = match &r.kind {
                Kind::Assign | Kind::Implied(_) => writeln!(events, "[0,{},{}],", r.depth, step()),
                Kind::Reject(_)
                | Kind::Wipeout(..)
                | Kind::Removed(_)
                | Kind::Pruned(_)
                | Kind::Bound(_) => {
                    let checker = match &r.kind {
                        Kind::Reject(k) | Kind::Wipeout(Some(k), _) | Kind::Removed(k) => Some(*k),
                        _ => None,
                    };
                    let step = step();
                    let text = self.rejection(r);
                    let next = reason_ids.len();
                    let reason = *reason_ids.entry(text.clone()).or_insert_with(|| {
                        let index = checker.map_or(-1, |k| i64::try_from(k).unwrap_or(-1));
                        let _ = write!(reasons, "{}[{index},", if next > 0 { ",\n" } else { "" });
                        json_str(&mut reasons, checker.map_or("", |k| self.checker(k)));
                        reasons.push(',');
                        json_str(&mut reasons, &text);
                        reasons.push(']');
                        next
                    });
                    writeln!(events, "[1,{},{step},{reason}],", r.depth)
                }
                Kind::Unassign => writeln!(events, "[2,{},{}],", r.depth, step()),
                Kind::Solution(k, None) => writeln!(events, "[3,{},{k}],", r.depth),
                Kind::Solution(k, Some(cost)) => {
                    writeln!(events, "[3,{},{k},{cost}],", r.depth)
                }
            };
        }
        // No comma after the last event.
        if events.ends_with(",\n") {
            events.truncate(events.len() - 2);
            events.push('\n');
        }
        let _ = write!(
            out,
            "\"steps\":[\n{steps}],\n\"reasons\":[\n{reasons}],\n\"events\":[\n{events}]}}\n"
        );
        out
    }
}

/// The nav bar of the page, for a trace of `events` events.
fn controls(events: usize) -> String {
    format!(
        "<nav id=\"controls\" aria-label=\"Replay\">\n\
<button id=\"first\" title=\"First step (Home)\">|&#9664;</button>\n\
<button id=\"back\" title=\"Step back (left arrow)\">&#9664;</button>\n\
<button id=\"play\" title=\"Play or pause (space)\">&#9654; Play</button>\n\
<button id=\"forward\" title=\"Step forward (right arrow)\">&#9654;</button>\n\
<button id=\"last\" title=\"Last step (End)\">&#9654;|</button>\n\
<span class=\"group\"><button id=\"prev-solution\" title=\"Previous solution\">&#9664;</button>\
<span>solution</span><button id=\"next-solution\" title=\"Next solution\">&#9654;</button></span>\n\
<span class=\"group\"><button id=\"prev-reject\" title=\"Previous rejection\">&#9664;</button>\
<span>rejection</span><button id=\"next-reject\" title=\"Next rejection\">&#9654;</button></span>\n\
<label class=\"group\">speed <input id=\"speed\" type=\"range\" min=\"0\" max=\"40\" value=\"16\"> \
<output id=\"rate\" for=\"speed\">16 steps/s</output></label>\n\
<span class=\"group\"><button id=\"zoom-out\" title=\"Zoom out\">&#8722;</button>\
<span>zoom</span><button id=\"zoom-in\" title=\"Zoom in\">+</button></span>\n\
</nav>\n\
<div id=\"position\"><span id=\"counter\">step 0 of {events}</span> \
<input id=\"scrub\" type=\"range\" min=\"0\" max=\"{events}\" value=\"0\" aria-label=\"Step\"></div>\n\
<p id=\"event\" data-step=\"0\" data-kind=\"start\" aria-live=\"polite\">start: nothing assigned</p>\n"
    )
}

/// `text` as a JSON string that is also safe inside a `<script>` element:
/// `<`, `>` and `&` are escaped, so `</script>` and `<!--` cannot occur.
fn json_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\n' => out.push_str("\\n"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `text` with the HTML specials replaced by character references.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape_html, json_str};

    #[test]
    fn json_strings_cannot_close_the_script_element() {
        let mut out = String::new();
        json_str(&mut out, "a\"b\\c</script><!--&\n\u{1}\u{2028}");
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\u003c/script\\u003e\\u003c!--\\u0026\\n\\u0001\\u2028\""
        );
        assert!(!out.contains('<'));
    }

    #[test]
    fn html_specials_are_escaped() {
        assert_eq!(
            escape_html("<b>\"Tom\" & 'Jerry'</b>"),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
    }
}
