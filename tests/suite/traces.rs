//! Traces of the state-space tree: insta snapshots of N-Queens traces,
//! boards, statistics and DOT; bounded traces; checker names and order
//! showing in the text; bulk filtering and value-by-value `promising`
//! giving the same tree; observers composing and pruning.

use std::io::Write as _;
use std::process::{Command, Stdio};

use crate::support::{queens_ok, queens_walk, queens_walk_below, tool_present};
use backtracker::board::queens;
use backtracker::constraints::{AtMostOnePerLine, Predicate, Values};
use backtracker::observe::from_fn;
use backtracker::trace::Trace;
use backtracker::{
    Assignment, Checker, Checkers, Choice, Control, DynChecker, Event, Model, ModelBuilder,
    NoObserver, Observer, StopReason,
};
use backtracker_puzzles::{Rule, nqueens, nqueens_with};
use itertools::Itertools;

/// Lines of the events part of a trace (before the `--` footer).
fn event_lines(text: &str) -> Vec<&str> {
    text.lines().take_while(|l| *l != "--").collect()
}

/// Counts of (assign, reject, undone, solution) lines.
fn line_kinds(text: &str) -> (u64, u64, u64, u64) {
    let mut kinds = (0, 0, 0, 0);
    for line in event_lines(text) {
        let line = line.trim_start();
        if line.starts_with("solution ") {
            kinds.3 += 1;
        } else if line.contains("  rejected by ") {
            kinds.1 += 1;
        } else if line.ends_with("  undone") {
            kinds.2 += 1;
        } else if !line.starts_with("...") {
            kinds.0 += 1;
        }
    }
    kinds
}

#[test]
fn nqueens_4_full_trace() {
    let text = nqueens(4).unwrap().search().trace();
    // Independent facts first: the tree of a plain recursive walk.
    let walk = queens_walk(4);
    let (assigns, rejects, undone, solutions) = line_kinds(&text);
    assert_eq!(assigns, walk.nodes);
    assert_eq!(undone, walk.nodes, "every step is undone");
    assert_eq!(rejects, walk.rejected.iter().sum::<u64>());
    assert_eq!(solutions, 2);
    assert!(text.starts_with(
        "row 0 = 0\n  row 1 = 0  rejected by columns\n  row 1 = 1  rejected by anti-diagonals\n"
    ));
    assert!(
        text.contains("        solution 1\n"),
        "solutions at depth 4"
    );
    assert!(text.ends_with("stop: completed\n"));
    insta::assert_snapshot!("nqueens_4_full_trace", text);
}

#[test]
fn nqueens_4_trace_up_to_the_first_solution() {
    let text = nqueens(4)
        .unwrap()
        .search()
        .trace_with(Trace::new().solution_limit(1));
    let (_, _, _, solutions) = line_kinds(&text);
    assert_eq!(solutions, 1);
    // The first solution is 1 3 0 2: its steps are on the path to it.
    let path: Vec<&str> = event_lines(&text)
        .into_iter()
        .filter(|l| !l.contains("rejected") && !l.contains("undone"))
        .collect();
    let tail = &path[path.len() - 5..];
    assert_eq!(
        tail,
        [
            "row 0 = 1",
            "  row 1 = 3",
            "    row 2 = 0",
            "      row 3 = 2",
            "        solution 1"
        ]
    );
    assert!(text.ends_with("stop: stopped\n"));
    insta::assert_snapshot!("nqueens_4_trace_to_first_solution", text);
}

#[test]
fn nqueens_8_first_solution_board() {
    let first = nqueens(8).unwrap().search().first().value.unwrap();
    // The lexicographically first of the 92 (a plain walk agrees).
    assert_eq!(first, queens_walk(8).solutions[0]);
    assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
    assert!(queens_ok(&first));
    let board = queens(&first);
    assert_eq!(board.lines().count(), 8);
    assert!(
        board
            .lines()
            .all(|l| l.len() == 8 && l.matches('Q').count() == 1)
    );
    assert!(board.starts_with("Q.......\n....Q...\n"));
    insta::assert_snapshot!("nqueens_8_first_solution_board", board);
}

/// Statistics of the whole N = 8 tree (no symmetry reduction) with some rules.
fn stats_8(rules: &[Rule]) -> backtracker::Stats {
    let mut model = nqueens_with(8, rules).unwrap();
    let outcome = model
        .search()
        .symmetry(false)
        .tally_rejections(true)
        .count();
    assert_eq!(outcome.stop, StopReason::Completed);
    outcome.stats
}

#[test]
fn nqueens_8_stats_without_rules() {
    let stats = stats_8(&[]);
    assert_eq!(stats.solutions, 16_777_216, "8^8");
    assert_eq!(stats.nodes, (1..=8).map(|k| 8u64.pow(k)).sum::<u64>());
    assert_eq!(stats.max_depth, 8);
    assert_eq!(stats.rejections, Some(vec![]));
    insta::assert_snapshot!("nqueens_8_stats_none", stats.deterministic_text());
}

#[test]
fn nqueens_8_stats_with_columns() {
    let stats = stats_8(&[Rule::Columns]);
    assert_eq!(stats.solutions, 40_320, "8!");
    // 8 + 8*7 + 8*7*6 + ...: the partial permutations.
    let partial: u64 = (1..=8u64).map(|k| (8 - k + 1..=8).product::<u64>()).sum();
    assert_eq!(stats.nodes, partial);
    // The 8!/(8-d)! nodes at depth d (the root at 0) each try 8 values
    // and find d of them in a used column.
    let rejected: u64 = (0..8u64)
        .map(|d| (8 - d + 1..=8).product::<u64>() * d)
        .sum();
    assert_eq!(
        stats.rejections,
        Some(vec![("columns".to_owned(), rejected)])
    );
    insta::assert_snapshot!("nqueens_8_stats_columns", stats.deterministic_text());
}

#[test]
fn nqueens_8_stats_with_all_rules() {
    let stats = stats_8(&Rule::ALL);
    let walk = queens_walk(8);
    assert_eq!(stats.solutions, 92);
    assert_eq!(stats.nodes, walk.nodes);
    assert_eq!(stats.nodes, 2056);
    let expected: Vec<(String, u64)> = Rule::ALL
        .iter()
        .zip(walk.rejected)
        .map(|(r, k)| (r.name().to_owned(), k))
        .collect();
    assert_eq!(stats.rejections, Some(expected));
    insta::assert_snapshot!("nqueens_8_stats_all", stats.deterministic_text());
}

fn nqueens_4_dot() -> String {
    let mut model = nqueens(4).unwrap();
    let mut trace = Trace::new();
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    assert_eq!(outcome.value, 2);
    trace.dot()
}

#[test]
fn nqueens_4_dot_trace() {
    let dot = nqueens_4_dot();
    let walk = queens_walk(4);
    assert!(dot.starts_with("digraph search {\n"));
    assert!(dot.ends_with("}\n"));
    // One node per tried step (kept or rejected) and per solution, plus the root.
    let nodes = dot.lines().filter(|l| l.contains("[label=")).count() as u64;
    assert_eq!(
        nodes,
        1 + walk.nodes + walk.rejected.iter().sum::<u64>() + 2
    );
    let edges = dot.lines().filter(|l| l.contains(" -> ")).count() as u64;
    assert_eq!(edges, nodes - 1, "a tree");
    assert_eq!(
        dot.matches("rejected by").count() as u64,
        walk.rejected.iter().sum::<u64>()
    );
    assert_eq!(dot.matches("doublecircle").count(), 2);
    insta::assert_snapshot!("nqueens_4_dot", dot);
}

#[test]
fn the_dot_trace_renders_with_graphviz() {
    let available = Command::new("dot")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !tool_present(
        available,
        "Graphviz `dot`",
        ".ci/run installs the package graphviz",
    ) {
        return;
    }
    let mut truncated = Trace::new().event_limit(40);
    let mut six = nqueens(6).unwrap();
    let _ = six
        .search()
        .symmetry(false)
        .observer(&mut truncated)
        .count();
    for dot in [nqueens_4_dot(), truncated.dot()] {
        let mut child = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dot starts");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(dot.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "dot failed: {stderr}");
        assert!(stderr.trim().is_empty(), "dot warned: {stderr}");
        let svg = String::from_utf8(out.stdout).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"));
        assert!(svg.contains("rejected by"));
    }
}

#[test]
fn a_truncated_trace_says_so() {
    let text = nqueens(6)
        .unwrap()
        .search()
        .trace_with(Trace::new().event_limit(12));
    let events = event_lines(&text);
    assert_eq!(events.len(), 13);
    assert_eq!(events[12], "... truncated after 12 events");
    assert!(text.ends_with("stop: stopped\n"));
    insta::assert_snapshot!("nqueens_6_truncated_after_12_events", text);
    // The default cap keeps a huge search bounded.
    let mut big = Trace::new();
    let mut twelve = nqueens(12).unwrap();
    let outcome = twelve.search().symmetry(false).observer(&mut big).count();
    assert_eq!(outcome.stop, StopReason::Stopped);
    assert!(big.is_truncated());
    assert_eq!(big.len(), backtracker::trace::DEFAULT_EVENT_LIMIT);
    assert!(big.events_text().ends_with(&format!(
        "... truncated after {} events\n",
        backtracker::trace::DEFAULT_EVENT_LIMIT
    )));
}

/// 4-queens with the three rules under the given names, in the given order.
fn queens_4_named(names: [&str; 3], order: [usize; 3]) -> String {
    let mut b = ModelBuilder::new();
    for r in 0..4 {
        b.variable(format!("row {r}"), 0..4usize);
    }
    let mut rules: Vec<DynChecker<usize>> = vec![
        Box::new(AtMostOnePerLine::new(names[0], |_, &c: &usize| c)),
        Box::new(AtMostOnePerLine::new(names[1], |r, &c: &usize| r + c)),
        Box::new(AtMostOnePerLine::new(names[2], |r, &c: &usize| c + 3 - r)),
    ];
    let mut ordered: Vec<DynChecker<usize>> = Vec::new();
    for k in order {
        ordered.push(std::mem::replace(
            &mut rules[k],
            Box::new(AtMostOnePerLine::new("unused", |_, _: &usize| 0)),
        ));
    }
    b.build(ordered).unwrap().search().trace()
}

#[test]
fn a_checker_name_shows_in_the_trace() {
    let original = nqueens(4).unwrap().search().trace();
    let same = queens_4_named(["columns", "diagonals", "anti-diagonals"], [0, 1, 2]);
    assert_eq!(same, original);
    let renamed = queens_4_named(["cols", "diagonals", "anti-diagonals"], [0, 1, 2]);
    assert_ne!(renamed, original);
    assert_eq!(
        renamed,
        original.replace("rejected by columns", "rejected by cols")
    );
    assert!(renamed.contains("  row 1 = 0  rejected by cols\n"));
}

#[test]
fn checker_order_shows_in_the_trace() {
    let original = nqueens(4).unwrap().search().trace();
    let reordered = queens_4_named(["columns", "diagonals", "anti-diagonals"], [2, 1, 0]);
    assert_ne!(reordered, original);
    // After rows 0 = 0 and 1 = 2, row 2 = 2 shares a column with row 1 and
    // an anti-diagonal with row 0: the first checker in model order gets it.
    let before = "row 0 = 0\n  row 1 = 0  rejected by columns\n  row 1 = 1  rejected by anti-diagonals\n  row 1 = 2\n    row 2 = 0  rejected by columns\n    row 2 = 1  rejected by diagonals\n";
    assert!(
        original.contains(&format!("{before}    row 2 = 2  rejected by columns\n")),
        "{original}"
    );
    assert!(
        reordered.contains(&format!(
            "{before}    row 2 = 2  rejected by anti-diagonals\n"
        )),
        "{reordered}"
    );
    // Apart from who rejected what, the tree is the same.
    let strip = |text: &str| {
        event_lines(text)
            .iter()
            .map(|l| l.split("  rejected by").next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&reordered), strip(&original));
}

/// A checker that hides another one's bulk filter: the engine asks it value
/// by value through `promising`.
struct OneByOne<C>(C);

impl<C: Checker<usize>> Checker<usize> for OneByOne<C> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn check(&self, a: &Assignment<'_, usize>) -> bool {
        self.0.check(a)
    }
    fn promising(&self, a: &Assignment<'_, usize>, c: Choice<'_, usize>) -> bool {
        self.0.promising(a, c)
    }
    fn on_assign(&mut self, c: Choice<'_, usize>) {
        self.0.on_assign(c);
    }
    fn on_unassign(&mut self, c: Choice<'_, usize>) {
        self.0.on_unassign(c);
    }
    fn scope(&self) -> Option<&[usize]> {
        self.0.scope()
    }
    fn prepare(
        &mut self,
        model: &backtracker::ModelInfo<'_, usize>,
    ) -> Result<(), backtracker::ModelError> {
        self.0.prepare(model)
    }
}

fn rows(n: usize) -> ModelBuilder<usize> {
    let mut b = ModelBuilder::new();
    for r in 0..n {
        b.variable(format!("row {r}"), 0..n);
    }
    b
}

fn lines_unique(v: &Values<'_, usize>, line: impl Fn(usize, usize) -> usize) -> bool {
    (0..v.len())
        .filter_map(|i| v.get(i).map(|&c| line(i, c)))
        .all_unique()
}

/// The three rules as closures over partial assignments, same names.
fn queens_by_predicates(n: usize) -> Model<usize, impl Checkers<usize>> {
    let all: Vec<usize> = (0..n).collect();
    rows(n)
        .build((
            Predicate::partial("columns", all.clone(), |v: &Values<'_, usize>| {
                lines_unique(v, |_, c| c)
            }),
            Predicate::partial("diagonals", all.clone(), |v: &Values<'_, usize>| {
                lines_unique(v, |r, c| r + c)
            }),
            Predicate::partial("anti-diagonals", all, move |v: &Values<'_, usize>| {
                lines_unique(v, |r, c| c + n - 1 - r)
            }),
        ))
        .unwrap()
}

/// The library's line checkers, asked one value at a time.
fn queens_one_by_one(n: usize) -> Model<usize, impl Checkers<usize>> {
    rows(n)
        .build((
            OneByOne(AtMostOnePerLine::new("columns", |_, &c: &usize| c)),
            OneByOne(AtMostOnePerLine::new("diagonals", |r, &c: &usize| r + c)),
            OneByOne(AtMostOnePerLine::new(
                "anti-diagonals",
                move |r, &c: &usize| c + n - 1 - r,
            )),
        ))
        .unwrap()
}

#[test]
fn bulk_filtering_and_value_by_value_promising_give_the_same_trace() {
    for n in 1..=6 {
        let bulk = nqueens(n).unwrap().search().trace();
        let boxed = nqueens_with(n, &Rule::ALL).unwrap().search().trace();
        let predicates = queens_by_predicates(n).search().trace();
        let one_by_one = queens_one_by_one(n).search().trace();
        assert_eq!(boxed, bulk, "n = {n}: boxed");
        assert_eq!(predicates, bulk, "n = {n}: predicates");
        assert_eq!(one_by_one, bulk, "n = {n}: one by one");
        // And cross-check mode finds every variant consistent.
        assert_eq!(
            nqueens(n).unwrap().search().cross_check(true).count().stop,
            StopReason::Completed
        );
        assert_eq!(
            queens_by_predicates(n)
                .search()
                .cross_check(true)
                .count()
                .stop,
            StopReason::Completed
        );
        assert_eq!(
            queens_one_by_one(n).search().cross_check(true).count().stop,
            StopReason::Completed
        );
    }
}

#[test]
fn a_user_model_in_one_line() {
    // Three digits 1..=3, all different, the first below the last.
    let mut b = ModelBuilder::new();
    let d: Vec<usize> = (0..3)
        .map(|i| b.variable(format!("d{i}"), 1..=3u8))
        .collect();
    let mut model = b
        .build((
            AtMostOnePerLine::new("different", |_, &v: &u8| usize::from(v)),
            Predicate::new("rising ends", [d[0], d[2]], |v: &Values<'_, u8>| {
                v[0] < v[1]
            }),
        ))
        .unwrap();
    let text = model.search().trace();
    assert!(text.contains("solution 3\n"));
    insta::assert_snapshot!("digits_all_different_rising_ends", text);
}

/// Renders events in the trace's text format, from the outside.
fn render(event: &Event<'_, usize>) -> String {
    let indent = "  ".repeat(event.depth());
    let step = |c: &Choice<'_, usize>| format!("{} = {}", event.assignment().name(c.var), c.value);
    match event {
        Event::Assign { choice, .. } => format!("{indent}{}", step(choice)),
        Event::Reject {
            choice,
            checker_name,
            ..
        } => format!("{indent}{}  rejected by {checker_name}", step(choice)),
        Event::Unassign { choice, .. } => format!("{indent}{}  undone", step(choice)),
        Event::Solution { number, .. } => format!("{indent}solution {number}"),
        _ => panic!("an event this test does not know"),
    }
}

#[test]
fn observers_compose() {
    let mut model = nqueens(5).unwrap();
    let alone = model.search().trace();
    let mut trace = Trace::new();
    let mut second = Trace::new();
    let mut seen = String::new();
    let closure = from_fn(|e: &Event<'_, usize>| {
        seen.push_str(&render(e));
        seen.push('\n');
        Control::Continue
    });
    let outcome = model
        .search()
        .symmetry(false)
        .observer((&mut trace, closure, &mut second))
        .count();
    assert_eq!(outcome.value, 10);
    assert_eq!(trace.text(&outcome.stats, &outcome.stop), alone);
    assert_eq!(second.events_text(), trace.events_text());
    assert_eq!(seen, trace.events_text());
}

#[test]
fn an_observer_stop_wins_over_continue() {
    let mut model = nqueens(6).unwrap();
    let mut trace = Trace::new();
    let mut assigns = 0;
    let stopper = from_fn(|e: &Event<'_, usize>| {
        if matches!(e, Event::Assign { .. }) {
            assigns += 1;
            if assigns == 3 {
                return Control::Stop;
            }
        }
        Control::Continue
    });
    let outcome = model
        .search()
        .symmetry(false)
        .observer((&mut trace, stopper))
        .count();
    assert_eq!(outcome.stop, StopReason::Stopped);
    assert_eq!(
        line_kinds(&trace.events_text()).0,
        3,
        "the trace saw the third step, then nothing"
    );
    assert_eq!(outcome.value, 0);
}

#[test]
fn prune_skips_a_subtree() {
    let n = 6;
    let mut model = nqueens(n).unwrap();
    let mut trace = Trace::new();
    let pruner = from_fn(|e: &Event<'_, usize>| match e {
        Event::Assign {
            depth: 0, choice, ..
        } if choice.index == 1 => Control::Prune,
        _ => Control::Continue,
    });
    let outcome = model
        .search()
        .symmetry(false)
        .observer((&mut trace, pruner))
        .count();
    let walk = queens_walk(n);
    let expected = walk.solutions.iter().filter(|s| s[0] != 1).count() as u128;
    assert_eq!(outcome.value, expected);
    assert_eq!(outcome.stop, StopReason::Completed);
    let skipped = queens_walk_below(n, &[1]).nodes;
    assert_eq!(outcome.stats.nodes, walk.nodes - skipped);
    let text = trace.events_text();
    assert!(
        text.contains("row 0 = 1\nrow 0 = 1  undone\nrow 0 = 2\n"),
        "{text}"
    );
    // Pruning deeper: nothing below depth 2.
    let outcome = model
        .search()
        .symmetry(false)
        .observer(from_fn(|e: &Event<'_, usize>| match e {
            Event::Assign { depth: 1, .. } => Control::Prune,
            Event::Assign { depth, .. } => {
                assert!(*depth < 1, "below a pruned step");
                Control::Continue
            }
            _ => Control::Continue,
        }))
        .count();
    assert_eq!(outcome.value, 0);
    assert_eq!(outcome.stats.max_depth, 2);
}

#[test]
fn the_absent_observer_sees_nothing_and_changes_nothing() {
    const { assert!(!<NoObserver as Observer<usize>>::EVENTS) };
    const { assert!(!<NoObserver as Observer<usize>>::TALLY) };
    for n in 4..=9 {
        let mut model = nqueens(n).unwrap();
        let absent = model.search().symmetry(false).observer(NoObserver).count();
        let empty = model
            .search()
            .symmetry(false)
            .observer(from_fn(|_: &Event<'_, usize>| Control::Continue))
            .count();
        assert_eq!(absent.value, empty.value, "n = {n}");
        assert_eq!(absent.stats.nodes, empty.stats.nodes, "n = {n}");
        assert_eq!(absent.stats.max_depth, empty.stats.max_depth, "n = {n}");
        assert_eq!(absent.stats.rejections, None);
        assert!(empty.stats.rejections.is_some());
    }
}

#[test]
fn traces_are_deterministic() {
    let a = nqueens(5).unwrap().search().trace();
    let b = nqueens(5).unwrap().search().trace();
    assert_eq!(a, b);
    let mut model = nqueens(5).unwrap();
    let c = model.search().trace();
    let d = model.search().trace();
    assert_eq!(c, d);
    assert_eq!(a, c);
    // Symmetry never reduces a trace.
    let e = model.search().symmetry(true).trace();
    assert_eq!(e, a);
    assert!(!a.contains("elapsed") && !a.contains("µs") && !a.contains("ms\n"));
}

/// The image of queens `(row, column)` under a symmetry named as the
/// engine names the products of N-Queens' two generators (`rotation 90
/// then reflection`): rotation 90 takes `(r, c)` to `(c, n - 1 - r)`,
/// reflection to `(r, n - 1 - c)`.
fn board_image(name: &str, n: usize, queens: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut image = queens.to_vec();
    for generator in name.split(" then ") {
        for q in &mut image {
            *q = match generator {
                "rotation 90" => (q.1, n - 1 - q.0),
                "reflection" => (q.0, n - 1 - q.1),
                other => panic!("unknown generator {other}"),
            };
        }
    }
    image
}

#[test]
fn a_step_pruned_by_symmetry_shows_the_symmetry_that_prunes_it() {
    let n = 5;
    let mut trace = Trace::new().event_limit(100_000);
    let outcome = nqueens(n)
        .unwrap()
        .search()
        .observer(&mut trace)
        .count_classes();
    assert_eq!(outcome.stop, StopReason::Completed);
    // 10 solutions in 2 classes (OEIS A000170, A002562).
    assert_eq!((outcome.value.solutions, outcome.value.classes), (10, 2));
    let text = trace.text(&outcome.stats, &outcome.stop);
    // Replay the text: the path of assigned rows, and at each pruned step
    // the named symmetry must map the path to a smaller one where both are
    // known (the first row where they differ is placed in both).
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut pruned = 0;
    let mut solutions = 0;
    for line in event_lines(&text) {
        let depth = (line.len() - line.trim_start().len()) / 2;
        let line = line.trim_start();
        if line.starts_with("solution ") {
            solutions += 1;
            continue;
        }
        let (step, why) = line.split_once("  ").unwrap_or((line, ""));
        let (var, col) = step.split_once(" = ").unwrap();
        let row: usize = var.strip_prefix("row ").unwrap().parse().unwrap();
        let col: usize = col.parse().unwrap();
        if why.is_empty() {
            path.truncate(depth);
            path.push((row, col));
        } else if let Some(name) = why.strip_prefix("pruned by symmetry: ") {
            pruned += 1;
            assert_eq!(depth, path.len(), "a pruned step is a child of its node");
            assert_eq!(path.last(), Some(&(row, col)));
            let mut rows = vec![None; n];
            for &(r, c) in &path {
                rows[r] = Some(c);
            }
            let mut image = vec![None; n];
            for (r, c) in board_image(name, n, &path) {
                image[r] = Some(c);
            }
            let first = (0..n).find(|&r| rows[r] != image[r]).unwrap();
            match (rows[first], image[first]) {
                (Some(a), Some(b)) => assert!(b < a, "{line}: {b} is not below {a}"),
                other => panic!("{line}: row {first} is {other:?}"),
            }
        } else if why == "undone" {
            path.truncate(depth);
        }
    }
    assert!(pruned > 0, "5-queens prunes some steps by symmetry");
    // Each class is found once, at its canonical solution.
    assert_eq!(solutions, 2);
    let dot = trace.dot();
    assert_eq!(dot.matches("pruned by symmetry: ").count(), pruned);
    let page = trace.html(
        &outcome.stats,
        &outcome.stop,
        &backtracker::trace::HtmlView::rows(),
    );
    assert!(page.contains("pruned by symmetry: reflection"));
    insta::assert_snapshot!("nqueens_5_classes_trace", text);
}
