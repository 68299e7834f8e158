//! Traces: the state-space tree as deterministic text, Graphviz DOT, or a
//! web page that replays the search ([`Trace::html`]).
//!
//! The format is specified in `docs/traces.md`. In short, one event a line,
//! two spaces of indentation per depth:
//!
//! ```text
//! row 0 = 0
//!   row 1 = 0  rejected by columns
//!   row 1 = 2
//!   row 1 = 2  undone
//! ```
//!
//! then `solution K` lines where solutions are found, a
//! `... truncated after K events` line if the cap was reached, and a
//! statistics footer after a `--` line. No times, addresses or hash-map
//! order: the same model gives the same text on every machine.

use std::fmt::{self, Write as _};

use crate::assignment::Choice;
use crate::goal::Sense;
use crate::observe::{Control, Event, Observer};
use crate::outcome::{Stats, StopReason};

mod html;

pub use html::{HtmlView, MAX_GRID_CELLS, Mark};

/// How many events a [`Trace`] records unless told otherwise.
pub const DEFAULT_EVENT_LIMIT: usize = 10_000;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Assign,
    /// Rejected by the checker with this index in model order.
    Reject(usize),
    /// Rejected because narrowing or look-ahead emptied a variable's
    /// candidates: the checker that emptied it (if any) and why, in words
    /// (`row 6 has no candidate left`).
    Wipeout(Option<usize>, String),
    /// A value of a variable still to come, removed by the checker's
    /// narrowing.
    Removed(usize),
    /// An implied assignment, by the checker whose narrowing left the one
    /// value (if one did).
    Implied(Option<usize>),
    /// The assigned step's subtree, pruned by this declared symmetry
    /// (recorded one level below the step, as its child).
    Pruned(String),
    /// Cut by the bound of a branch and bound search, in words
    /// (`cost 6 >= best 5`).
    Bound(String),
    Unassign,
    /// Solution `number`, and its cost when branch and bound found it.
    Solution(u128, Option<i64>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Record {
    kind: Kind,
    depth: usize,
    /// The step's variable (0 for solutions).
    var: usize,
    /// The index of the step's value in the variable's domain (0 for solutions).
    index: usize,
    /// The step's value as `Display` writes it (empty for solutions).
    value: String,
}

/// An observer that records the search as a bounded list of events and
/// renders it as text ([`Trace::text`]), DOT ([`Trace::dot`]) or a web
/// page ([`Trace::html`]).
///
/// When the cap is reached the trace stops the search (so tracing a huge
/// tree costs no more than the cap) and says so in its last line.
///
/// ```
/// use backtracker::{trace::Trace};
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(4).unwrap();
/// let mut trace = Trace::new().solution_limit(1);
/// let outcome = model.search().symmetry(false).observer(&mut trace).count();
/// let text = trace.text(&outcome.stats, &outcome.stop);
/// assert!(text.starts_with("row 0 = 0\n  row 1 = 0  rejected by columns\n"));
/// assert!(text.contains("solution 1"));
/// ```
#[derive(Clone, Debug)]
pub struct Trace {
    records: Vec<Record>,
    /// The model's variable names, taken from the first event.
    names: Vec<String>,
    /// Checker names by index in model order, as rejections name them
    /// (empty for a checker that rejected nothing).
    checkers: Vec<String>,
    limit: usize,
    solution_limit: Option<u128>,
    truncated: bool,
}

impl Default for Trace {
    fn default() -> Self {
        Trace::new()
    }
}

impl Trace {
    /// A trace that records up to [`DEFAULT_EVENT_LIMIT`] events.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new();
    /// assert!(trace.is_empty());
    /// nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// assert!(trace.events_text().contains("solution 2"));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Trace {
            records: Vec::new(),
            names: Vec::new(),
            checkers: Vec::new(),
            limit: DEFAULT_EVENT_LIMIT,
            solution_limit: None,
            truncated: false,
        }
    }

    /// Records at most `events` events, then stops the search.
    ///
    /// ```
    /// use backtracker::{trace::Trace, StopReason};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new().event_limit(3);
    /// let outcome = nqueens(4).unwrap().search().observer(&mut trace).count();
    /// assert_eq!(trace.len(), 3);
    /// assert_ne!(outcome.stop, StopReason::Completed);
    /// ```
    #[must_use]
    pub fn event_limit(mut self, events: usize) -> Self {
        self.limit = events;
        self
    }

    /// Stops the search after `solutions` solutions.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new().solution_limit(1);
    /// nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// let text = trace.events_text();
    /// assert!(text.contains("solution 1") && !text.contains("solution 2"));
    /// ```
    #[must_use]
    pub fn solution_limit(mut self, solutions: u128) -> Self {
        self.solution_limit = Some(solutions);
        self
    }

    /// Number of events recorded.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new();
    /// nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// assert_eq!(trace.len(), trace.events_text().lines().count());
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether nothing was recorded.
    ///
    /// ```
    /// use backtracker::trace::Trace;
    ///
    /// assert!(Trace::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Whether the cap was reached.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut short = Trace::new().event_limit(5);
    /// nqueens(4).unwrap().search().observer(&mut short).count();
    /// assert!(short.is_truncated());
    /// let mut whole = Trace::new();
    /// nqueens(4).unwrap().search().observer(&mut whole).count();
    /// assert!(!whole.is_truncated());
    /// ```
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The events as text, one a line, without the footer.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new().event_limit(2);
    /// nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// // Row 1 cannot share row 0's column.
    /// assert!(trace.events_text().starts_with("row 0 = 0\n  row 1 = 0  rejected by columns\n"));
    /// ```
    #[must_use]
    pub fn events_text(&self) -> String {
        let mut out = String::new();
        for r in &self.records {
            let _ = writeln!(out, "{}{}", "  ".repeat(r.depth), self.line(r));
        }
        if self.truncated {
            let _ = writeln!(out, "{}", self.truncation_line());
        }
        out
    }

    /// The whole trace: events, then `--` and the statistics footer (no time).
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new();
    /// let outcome = nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// let text = trace.text(&outcome.stats, &outcome.stop);
    /// assert!(text.contains("\n--\n"));
    /// assert_eq!(text.matches("solution ").count(), 2); // the two 4-queens solutions
    /// ```
    #[must_use]
    pub fn text(&self, stats: &Stats, stop: &StopReason) -> String {
        format!(
            "{}--\n{}stop: {}\n",
            self.events_text(),
            stats.deterministic_text(),
            stop
        )
    }

    /// The tree as a Graphviz DOT digraph: one node per tried step,
    /// rejected steps dashed and grey with the rejecting checker's name,
    /// solutions filled. Deterministic like the text.
    ///
    /// ```
    /// use backtracker::{trace::Trace};
    /// use backtracker_puzzles::nqueens;
    ///
    /// let mut trace = Trace::new();
    /// nqueens(4).unwrap().search().symmetry(false).observer(&mut trace).count();
    /// let dot = trace.dot();
    /// assert!(dot.starts_with("digraph"));
    /// assert!(dot.trim_end().ends_with('}'));
    /// ```
    #[must_use]
    pub fn dot(&self) -> String {
        let mut out = String::from(
            "digraph search {\n  node [shape=box, fontname=\"monospace\"];\n  root [label=\"start\", shape=circle];\n",
        );
        // The node of the step assigned at each depth, to hang children on.
        let mut path: Vec<String> = vec!["root".to_owned()];
        for (i, r) in self.records.iter().enumerate() {
            let id = format!("n{i}");
            let parent = path
                .get(r.depth)
                .cloned()
                .unwrap_or_else(|| "root".to_owned());
            match &r.kind {
                Kind::Assign | Kind::Implied(_) => {
                    // An implied assignment: dotted, its reason below.
                    let (label, style) = match r.kind {
                        Kind::Implied(_) => (
                            format!("{}\\n{}", escape(&self.step(r)), escape(&self.rejection(r))),
                            ", style=dotted",
                        ),
                        _ => (escape(&self.step(r)), ""),
                    };
                    let _ = writeln!(out, "  {id} [label=\"{label}\"{style}];");
                    let edge = if style.is_empty() {
                        ""
                    } else {
                        " [style=dotted]"
                    };
                    let _ = writeln!(out, "  {parent} -> {id}{edge};");
                    path.truncate(r.depth + 1);
                    path.push(id);
                }
                Kind::Reject(_) | Kind::Wipeout(..) | Kind::Pruned(_) | Kind::Bound(_) => {
                    let _ = writeln!(
                        out,
                        "  {id} [label=\"{}\\n{}\", style=dashed, color=gray50, fontcolor=gray40];",
                        escape(&self.step(r)),
                        escape(&self.rejection(r))
                    );
                    let _ = writeln!(out, "  {parent} -> {id} [style=dashed, color=gray50];");
                }
                Kind::Unassign | Kind::Removed(_) => {}
                Kind::Solution(..) => {
                    let _ = writeln!(
                        out,
                        "  {id} [label=\"{}\", shape=doublecircle, style=filled, fillcolor=palegreen];",
                        self.line(r)
                    );
                    let _ = writeln!(out, "  {parent} -> {id} [penwidth=2];");
                }
            }
        }
        if self.truncated {
            let _ = writeln!(
                out,
                "  truncated [label=\"{}\", shape=plaintext];",
                self.truncation_line()
            );
        }
        out.push_str("}\n");
        out
    }

    /// `NAME = VALUE`: a record's step (empty for a solution).
    fn step(&self, r: &Record) -> String {
        match r.kind {
            Kind::Solution(..) => String::new(),
            _ => format!("{} = {}", self.name(r.var), r.value),
        }
    }

    /// Why a rejected step was refused, in words: `rejected by CHECKER`
    /// (empty for other records). A new cause of rejection is a new
    /// [`Kind`] and one more arm here: the text, DOT and HTML renderings
    /// all take their label from this.
    fn rejection(&self, r: &Record) -> String {
        match &r.kind {
            Kind::Reject(checker) => format!("rejected by {}", self.checker(*checker)),
            Kind::Wipeout(Some(checker), why) => {
                format!("rejected by {}: {why}", self.checker(*checker))
            }
            Kind::Wipeout(None, why) => format!("rejected: {why}"),
            Kind::Removed(checker) => format!("removed by {}", self.checker(*checker)),
            Kind::Implied(Some(checker)) => format!("implied by {}", self.checker(*checker)),
            Kind::Implied(None) => "implied".to_owned(),
            Kind::Pruned(symmetry) => format!("pruned by symmetry: {symmetry}"),
            Kind::Bound(why) => format!("pruned by bound: {why}"),
            _ => String::new(),
        }
    }

    /// A record's event line without its indentation.
    fn line(&self, r: &Record) -> String {
        match &r.kind {
            Kind::Assign => self.step(r),
            Kind::Reject(_)
            | Kind::Wipeout(..)
            | Kind::Removed(_)
            | Kind::Implied(_)
            | Kind::Pruned(_)
            | Kind::Bound(_) => {
                format!("{}  {}", self.step(r), self.rejection(r))
            }
            Kind::Unassign => format!("{}  undone", self.step(r)),
            Kind::Solution(k, None) => format!("solution {k}"),
            Kind::Solution(k, Some(cost)) => format!("solution {k}  cost {cost}"),
        }
    }

    /// Remembers the name of checker `k`, as events name it.
    fn note_checker(&mut self, k: usize, name: &str) {
        if self.checkers.len() <= k {
            self.checkers.resize(k + 1, String::new());
        }
        if self.checkers[k] != name {
            name.clone_into(&mut self.checkers[k]);
        }
    }

    fn truncation_line(&self) -> String {
        format!("... truncated after {} events", self.records.len())
    }

    fn name(&self, var: usize) -> &str {
        self.names.get(var).map_or("?", String::as_str)
    }

    fn checker(&self, checker: usize) -> &str {
        self.checkers.get(checker).map_or("?", String::as_str)
    }

    fn push(&mut self, record: Record) -> Control {
        if self.records.len() >= self.limit {
            self.truncated = true;
            return Control::Stop;
        }
        self.records.push(record);
        Control::Continue
    }
}

/// A cut by the bound, in words: `cost 6 >= best 5` when minimising.
fn bound(sense: Sense, cost: i64, best: i64) -> Kind {
    let relation = match sense {
        Sense::Minimize => ">=",
        Sense::Maximize => "<=",
    };
    Kind::Bound(format!("cost {cost} {relation} best {best}"))
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

impl<V: fmt::Display> Observer<V> for Trace {
    fn observe(&mut self, event: &Event<'_, V>) -> Control {
        let assignment = event.assignment();
        if self.names.len() != assignment.len() {
            self.names = (0..assignment.len())
                .map(|var| assignment.name(var).to_owned())
                .collect();
        }
        let record = |kind: Kind, depth: usize, choice: &Choice<'_, V>| Record {
            kind,
            depth,
            var: choice.var,
            index: choice.index,
            value: choice.value.to_string(),
        };
        match event {
            Event::Assign { depth, choice, .. } => self.push(record(Kind::Assign, *depth, choice)),
            Event::Reject {
                depth,
                choice,
                checker,
                checker_name,
                ..
            } => {
                self.note_checker(*checker, checker_name);
                self.push(record(Kind::Reject(*checker), *depth, choice))
            }
            Event::Wipeout {
                depth,
                choice,
                checker,
                checker_name,
                var,
                assignment,
            } => {
                if let (Some(k), Some(name)) = (checker, checker_name) {
                    self.note_checker(*k, name);
                }
                let why = match var {
                    Some(var) => format!("{} has no candidate left", assignment.name(*var)),
                    None => "no solution left".to_owned(),
                };
                self.push(record(Kind::Wipeout(*checker, why), *depth, choice))
            }
            Event::Removed {
                depth,
                choice,
                checker,
                checker_name,
                ..
            } => {
                self.note_checker(*checker, checker_name);
                self.push(record(Kind::Removed(*checker), *depth, choice))
            }
            Event::Implied {
                depth,
                choice,
                checker,
                checker_name,
                ..
            } => {
                if let (Some(k), Some(name)) = (checker, checker_name) {
                    self.note_checker(*k, name);
                }
                self.push(record(Kind::Implied(*checker), *depth, choice))
            }
            Event::Pruned {
                depth,
                choice,
                symmetry,
                ..
            } => self.push(record(
                Kind::Pruned((*symmetry).to_owned()),
                depth + 1,
                choice,
            )),
            Event::Bound {
                depth,
                choice,
                sense,
                cost,
                best,
                ..
            } => self.push(record(bound(*sense, *cost, *best), *depth, choice)),
            Event::Unassign { depth, choice, .. } => {
                self.push(record(Kind::Unassign, *depth, choice))
            }
            Event::Solution { depth, number, .. } => self.solution(*depth, *number),
            Event::Improved { number, cost, .. } => {
                self.cost_of(*number, *cost);
                Control::Continue
            }
        }
    }
}

impl Trace {
    /// Records solution `number`, and stops at the solution limit.
    fn solution(&mut self, depth: usize, number: u128) -> Control {
        let answer = self.push(Record {
            kind: Kind::Solution(number, None),
            depth,
            var: 0,
            index: 0,
            value: String::new(),
        });
        if self.solution_limit.is_some_and(|l| number >= l) {
            Control::Stop
        } else {
            answer
        }
    }

    /// Gives solution `number`, the last record, its cost.
    fn cost_of(&mut self, number: u128, cost: i64) {
        if let Some(Record {
            kind: Kind::Solution(k, at),
            ..
        }) = self.records.last_mut()
            && *k == number
        {
            *at = Some(cost);
        }
    }
}
