//! Traces: the state-space tree as deterministic text or Graphviz DOT.
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

use crate::observe::{Control, Event, Observer};
use crate::outcome::{Stats, StopReason};

/// How many events a [`Trace`] records unless told otherwise.
pub const DEFAULT_EVENT_LIMIT: usize = 10_000;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Assign,
    Reject(String),
    /// Rejected by a checker's narrowing or by look-ahead: the checker, and
    /// why (`row 6 has no candidate left`).
    Wipeout(Option<String>, String),
    /// A value of a variable still to come removed by narrowing: the checker.
    Removed(String),
    Unassign,
    Solution(u128),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Record {
    kind: Kind,
    depth: usize,
    /// `name = value` (empty for solutions).
    step: String,
}

/// An observer that records the search as a bounded list of events and
/// renders it as text ([`Trace::text`]) or DOT ([`Trace::dot`]).
///
/// When the cap is reached the trace stops the search (so tracing a huge
/// tree costs no more than the cap) and says so in its last line.
///
/// ```
/// use backtracker::{puzzles::nqueens, trace::Trace};
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
    #[must_use]
    pub fn new() -> Self {
        Trace {
            records: Vec::new(),
            limit: DEFAULT_EVENT_LIMIT,
            solution_limit: None,
            truncated: false,
        }
    }

    /// Records at most `events` events, then stops the search.
    #[must_use]
    pub fn event_limit(mut self, events: usize) -> Self {
        self.limit = events;
        self
    }

    /// Stops the search after `solutions` solutions.
    #[must_use]
    pub fn solution_limit(mut self, solutions: u128) -> Self {
        self.solution_limit = Some(solutions);
        self
    }

    /// Number of events recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Whether the cap was reached.
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The events as text, one a line, without the footer.
    #[must_use]
    pub fn events_text(&self) -> String {
        let mut out = String::new();
        for r in &self.records {
            let indent = "  ".repeat(r.depth);
            let _ = match &r.kind {
                Kind::Assign => writeln!(out, "{indent}{}", r.step),
                Kind::Reject(checker) => writeln!(out, "{indent}{}  rejected by {checker}", r.step),
                Kind::Wipeout(Some(checker), why) => {
                    writeln!(out, "{indent}{}  rejected by {checker}: {why}", r.step)
                }
                Kind::Wipeout(None, why) => writeln!(out, "{indent}{}  rejected: {why}", r.step),
                Kind::Removed(checker) => writeln!(out, "{indent}{}  removed by {checker}", r.step),
                Kind::Unassign => writeln!(out, "{indent}{}  undone", r.step),
                Kind::Solution(k) => writeln!(out, "{indent}solution {k}"),
            };
        }
        if self.truncated {
            let _ = writeln!(out, "... truncated after {} events", self.records.len());
        }
        out
    }

    /// The whole trace: events, then `--` and the statistics footer (no time).
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
                Kind::Assign => {
                    let _ = writeln!(out, "  {id} [label=\"{}\"];", escape(&r.step));
                    let _ = writeln!(out, "  {parent} -> {id};");
                    path.truncate(r.depth + 1);
                    path.push(id);
                }
                Kind::Reject(checker) => {
                    let _ = writeln!(
                        out,
                        "  {id} [label=\"{}\\nrejected by {}\", style=dashed, color=gray50, fontcolor=gray40];",
                        escape(&r.step),
                        escape(checker)
                    );
                    let _ = writeln!(out, "  {parent} -> {id} [style=dashed, color=gray50];");
                }
                Kind::Wipeout(checker, why) => {
                    let by = checker
                        .as_ref()
                        .map_or_else(|| "rejected".to_owned(), |c| format!("rejected by {c}"));
                    let _ = writeln!(
                        out,
                        "  {id} [label=\"{}\\n{}\\n{}\", style=dashed, color=gray50, fontcolor=gray40];",
                        escape(&r.step),
                        escape(&by),
                        escape(why)
                    );
                    let _ = writeln!(out, "  {parent} -> {id} [style=dashed, color=gray50];");
                }
                Kind::Unassign | Kind::Removed(_) => {}
                Kind::Solution(k) => {
                    let _ = writeln!(
                        out,
                        "  {id} [label=\"solution {k}\", shape=doublecircle, style=filled, fillcolor=palegreen];"
                    );
                    let _ = writeln!(out, "  {parent} -> {id} [penwidth=2];");
                }
            }
        }
        if self.truncated {
            let _ = writeln!(
                out,
                "  truncated [label=\"... truncated after {} events\", shape=plaintext];",
                self.records.len()
            );
        }
        out.push_str("}\n");
        out
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

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

impl<V: fmt::Display> Observer<V> for Trace {
    fn observe(&mut self, event: &Event<'_, V>) -> Control {
        let step = |var: usize, value: &V| format!("{} = {}", event.assignment().name(var), value);
        match event {
            Event::Assign { depth, choice, .. } => self.push(Record {
                kind: Kind::Assign,
                depth: *depth,
                step: step(choice.var, choice.value),
            }),
            Event::Reject {
                depth,
                choice,
                checker_name,
                ..
            } => self.push(Record {
                kind: Kind::Reject((*checker_name).to_owned()),
                depth: *depth,
                step: step(choice.var, choice.value),
            }),
            Event::Wipeout {
                depth,
                choice,
                checker_name,
                var,
                assignment,
                ..
            } => {
                let why = match var {
                    Some(var) => format!("{} has no candidate left", assignment.name(*var)),
                    None => "no solution left".to_owned(),
                };
                self.push(Record {
                    kind: Kind::Wipeout(checker_name.map(str::to_owned), why),
                    depth: *depth,
                    step: step(choice.var, choice.value),
                })
            }
            Event::Removed {
                depth,
                choice,
                checker_name,
                ..
            } => self.push(Record {
                kind: Kind::Removed((*checker_name).to_owned()),
                depth: *depth,
                step: step(choice.var, choice.value),
            }),
            Event::Unassign { depth, choice, .. } => self.push(Record {
                kind: Kind::Unassign,
                depth: *depth,
                step: step(choice.var, choice.value),
            }),
            Event::Solution { depth, number, .. } => {
                let answer = self.push(Record {
                    kind: Kind::Solution(*number),
                    depth: *depth,
                    step: String::new(),
                });
                if self.solution_limit.is_some_and(|l| *number >= l) {
                    Control::Stop
                } else {
                    answer
                }
            }
        }
    }
}
