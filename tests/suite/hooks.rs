//! The do/undo contract, proved with recording checkers: every `on_assign`
//! is matched by exactly one `on_unassign`, strictly last in first out;
//! `on_assign` comes only after every checker said yes; and this holds
//! however a search ends (completed, first solution, node limit,
//! cancellation, an observer's stop, a callback's break, a lazy iterator
//! dropped half-way), after which the model searches again as new.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use crate::support::queens_walk;
use backtracker::constraints::AtMostOnePerLine;
use backtracker::observe::from_fn;
use backtracker::trace::Trace;
use backtracker::{
    Assignment, Checker, Checkers, Choice, Control, Event, Model, ModelBuilder, ModelError,
    ModelInfo, Outcome, StopReason, VariableOrder,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hook {
    Assign,
    Unassign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    who: &'static str,
    hook: Hook,
    var: usize,
    index: usize,
}

/// What every recorder of a model writes to.
#[derive(Clone, Default)]
struct Shared {
    log: Rc<RefCell<Vec<Entry>>>,
    /// Hook calls that broke the contract, described.
    violations: Rc<RefCell<Vec<String>>>,
    /// How the model holds its checkers, for messages.
    kind: &'static str,
}

/// The two recorders' own rules: each forbids a few (row, column) pairs.
const VETO_FIRST: &[(usize, usize)] = &[(0, 1)];
const VETO_LAST: &[(usize, usize)] = &[(5, 1), (2, 7)];

fn vetoed(var: usize, col: usize) -> bool {
    VETO_FIRST.contains(&(var, col)) || VETO_LAST.contains(&(var, col))
}

/// Makes the search block at its `at`-th `on_assign` until another thread
/// has set the cancellation flag.
struct Trigger {
    at: u64,
    flag: Arc<AtomicBool>,
    ask: mpsc::Sender<()>,
}

/// Whether a queen in row `var`, column `col` may join the queens `placed`
/// (by row) under a model's rules.
type Rules = fn(&[Option<usize>], usize, usize) -> bool;

/// N-Queens with both recorders' vetoes.
fn queens_rules(placed: &[Option<usize>], var: usize, col: usize) -> bool {
    !vetoed(var, col)
        && placed.iter().enumerate().all(|(row, p)| match *p {
            Some(p) => p != col && row + p != var + col && p + var != col + row,
            None => true,
        })
}

/// N-Queens alone.
fn plain_queens_rules(placed: &[Option<usize>], var: usize, col: usize) -> bool {
    placed.iter().enumerate().all(|(row, p)| match *p {
        Some(p) => p != col && row + p != var + col && p + var != col + row,
        None => true,
    })
}

/// No two queens in a column, nothing else.
fn columns_rule(placed: &[Option<usize>], _: usize, col: usize) -> bool {
    !placed.contains(&Some(col))
}

/// A checker that forbids its veto pairs and records its hook calls. In
/// `on_assign` it checks, from its own copy of the assignment, that the
/// step is consistent with every rule of the model: the engine must have
/// asked every checker first.
struct Recorder {
    who: &'static str,
    veto: &'static [(usize, usize)],
    rules: Rules,
    shared: Shared,
    mine: Vec<Option<usize>>,
    assigns: u64,
    trigger: Option<Trigger>,
}

impl Recorder {
    fn new(
        who: &'static str,
        veto: &'static [(usize, usize)],
        rules: Rules,
        shared: &Shared,
    ) -> Self {
        Recorder {
            who,
            veto,
            rules,
            shared: shared.clone(),
            mine: Vec::new(),
            assigns: 0,
            trigger: None,
        }
    }

    fn violation(&self, text: String) {
        self.shared.violations.borrow_mut().push(text);
    }
}

impl Checker<usize> for Recorder {
    fn name(&self) -> &str {
        self.who
    }

    fn check(&self, a: &Assignment<'_, usize>) -> bool {
        a.iter().all(|(var, &col)| !self.veto.contains(&(var, col)))
    }

    fn on_assign(&mut self, c: Choice<'_, usize>) {
        if self.mine[c.var].is_some() {
            self.violation(format!("{}: row {} assigned twice", self.who, c.var));
        }
        if !(self.rules)(&self.mine, c.var, *c.value) {
            self.violation(format!(
                "{}: on_assign of row {} = {} that a checker rejects, with {:?}",
                self.who, c.var, c.value, self.mine
            ));
        }
        self.mine[c.var] = Some(*c.value);
        self.shared.log.borrow_mut().push(Entry {
            who: self.who,
            hook: Hook::Assign,
            var: c.var,
            index: c.index,
        });
        self.assigns += 1;
        if let Some(t) = &self.trigger
            && self.assigns == t.at
        {
            t.ask.send(()).expect("the helper thread listens");
            while !t.flag.load(Ordering::SeqCst) {
                std::thread::yield_now();
            }
        }
    }

    fn on_unassign(&mut self, c: Choice<'_, usize>) {
        if self.mine[c.var] != Some(*c.value) {
            self.violation(format!(
                "{}: on_unassign of row {} = {} but it holds {:?}",
                self.who, c.var, c.value, self.mine[c.var]
            ));
        }
        self.mine[c.var] = None;
        self.shared.log.borrow_mut().push(Entry {
            who: self.who,
            hook: Hook::Unassign,
            var: c.var,
            index: c.index,
        });
    }

    fn prepare(&mut self, model: &ModelInfo<'_, usize>) -> Result<(), ModelError> {
        self.mine = vec![None; model.len()];
        Ok(())
    }
}

fn queens_builder(n: usize, order: VariableOrder, reversed_values: bool) -> ModelBuilder<usize> {
    let mut b = ModelBuilder::new();
    for r in 0..n {
        b.variable(format!("row {r}"), 0..n);
    }
    b.order(order);
    if reversed_values {
        b.value_order(|_, _, c| c.reverse());
    }
    b
}

type Queens = (
    Recorder,
    AtMostOnePerLine<fn(usize, &usize) -> usize>,
    AtMostOnePerLine<fn(usize, &usize) -> usize>,
    AtMostOnePerLine<Box<dyn Fn(usize, &usize) -> usize>>,
    Recorder,
);

/// The same checkers, boxed.
type BoxedQueens = Vec<Box<dyn Checker<usize>>>;

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the signature of a line function"
)]
fn column(_: usize, c: &usize) -> usize {
    *c
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the signature of a line function"
)]
fn diagonal(r: usize, c: &usize) -> usize {
    r + c
}

/// N-Queens between two recorders, with the recorders' vetoes.
fn recorded_queens(
    n: usize,
    order: VariableOrder,
    reversed_values: bool,
) -> (Model<usize, Queens>, Shared) {
    recorded_queens_with(n, order, reversed_values, None)
}

fn recorded_queens_with(
    n: usize,
    order: VariableOrder,
    reversed_values: bool,
    trigger: Option<Trigger>,
) -> (Model<usize, Queens>, Shared) {
    let shared = Shared::default();
    let model = queens_builder(n, order, reversed_values)
        .build(queens_checkers(n, &shared, trigger))
        .unwrap();
    (model, shared)
}

/// The recorders and the three N-Queens rules, in model order.
fn queens_checkers(n: usize, shared: &Shared, trigger: Option<Trigger>) -> Queens {
    let mut first = Recorder::new("first", VETO_FIRST, queens_rules, shared);
    first.trigger = trigger;
    (
        first,
        AtMostOnePerLine::new("columns", column as fn(usize, &usize) -> usize),
        AtMostOnePerLine::new("diagonals", diagonal as fn(usize, &usize) -> usize),
        AtMostOnePerLine::new(
            "anti-diagonals",
            Box::new(move |r: usize, c: &usize| c + n - 1 - r)
                as Box<dyn Fn(usize, &usize) -> usize>,
        ),
        Recorder::new("last", VETO_LAST, queens_rules, shared),
    )
}

/// The same five checkers as [`recorded_queens`], boxed in a
/// `Vec<DynChecker>`: the convenient path, whose fast loop hands each checker
/// an undo and the next assignment in one call.
fn recorded_list(
    n: usize,
    order: VariableOrder,
    reversed_values: bool,
) -> (Model<usize, BoxedQueens>, Shared) {
    let shared = Shared {
        kind: "boxed list: ",
        ..Shared::default()
    };
    let (first, columns, diagonals, anti_diagonals, last) = queens_checkers(n, &shared, None);
    let checkers: Vec<Box<dyn Checker<usize>>> = vec![
        Box::new(first),
        Box::new(columns),
        Box::new(diagonals),
        Box::new(anti_diagonals),
        Box::new(last),
    ];
    let model = queens_builder(n, order, reversed_values)
        .build(checkers)
        .unwrap();
    (model, shared)
}

/// Runs `body` on the recorded N-Queens model built both ways: checkers in
/// a tuple, and boxed in a list.
macro_rules! each_kind {
    (($($args:expr),*), |$model:ident, $shared:ident| $body:block) => {{
        {
            let (mut $model, $shared) = recorded_queens($($args),*);
            $body
        }
        {
            let (mut $model, $shared) = recorded_list($($args),*);
            $body
        }
    }};
}

/// The solutions of N-Queens with the vetoes, by brute force, in
/// lexicographic order.
fn expected_solutions(n: usize) -> Vec<Vec<usize>> {
    queens_walk(n)
        .solutions
        .into_iter()
        .filter(|s| s.iter().enumerate().all(|(r, &c)| !vetoed(r, c)))
        .collect()
}

/// Checks the log recorded since the last call and clears it: for each
/// recorder, strictly LIFO and every assign undone; no violation. Returns
/// the number of `on_assign` calls of the first recorder.
fn assert_balanced(shared: &Shared, what: &str) -> u64 {
    let what = &format!("{}{what}", shared.kind);
    let log = std::mem::take(&mut *shared.log.borrow_mut());
    let violations = std::mem::take(&mut *shared.violations.borrow_mut());
    assert!(violations.is_empty(), "{what}: {violations:?}");
    let mut assigns = 0;
    for who in ["first", "last"] {
        let mut stack: Vec<Entry> = Vec::new();
        for (i, entry) in log.iter().enumerate().filter(|(_, e)| e.who == who) {
            match entry.hook {
                Hook::Assign => {
                    if who == "first" {
                        assigns += 1;
                    }
                    stack.push(*entry);
                }
                Hook::Unassign => {
                    let open = stack
                        .pop()
                        .unwrap_or_else(|| panic!("{what}: entry {i} undoes nothing: {entry:?}"));
                    assert_eq!(
                        (open.var, open.index),
                        (entry.var, entry.index),
                        "{what}: entry {i} is not {who}'s last open assign"
                    );
                }
            }
        }
        assert!(
            stack.is_empty(),
            "{what}: {} assigns of {who} never undone: {stack:?}",
            stack.len()
        );
    }
    // Both recorders see every step, the first one first.
    let firsts = log.iter().filter(|e| e.who == "first").count();
    assert_eq!(
        firsts * 2,
        log.len(),
        "{what}: both recorders see every step"
    );
    assigns
}

/// The model answers as a fresh one would.
fn assert_as_new<C: Checkers<usize>>(model: &mut Model<usize, C>, n: usize, what: &str) {
    let expected = expected_solutions(n);
    let count = model.search().count();
    assert_eq!(
        count.value,
        expected.len() as u128,
        "{what}: count afterwards"
    );
    assert_eq!(count.stop, StopReason::Completed, "{what}");
    let mut all: Vec<Vec<usize>> = model.search().solutions().collect();
    all.sort();
    assert_eq!(all, expected, "{what}: solutions afterwards");
}

const N: usize = 6;

#[test]
fn full_runs_pair_every_hook() {
    for (order, reversed) in [
        (VariableOrder::Declared, false),
        (VariableOrder::Declared, true),
        (VariableOrder::SmallestDomainFirst, false),
    ] {
        let what = format!("{order:?}, reversed values {reversed}");
        each_kind!((N, order, reversed), |model, shared| {
            let expected = expected_solutions(N);
            let count = model.search().symmetry(false).count();
            assert_eq!(count.value, expected.len() as u128, "{what}");
            assert_balanced(&shared, &format!("{what}: count"));
            let all: Vec<Vec<usize>> = model.search().solutions().collect();
            assert_eq!(all.len(), expected.len(), "{what}");
            assert_balanced(&shared, &format!("{what}: solutions"));
            let mut seen = 0;
            let done = model.search().for_each(|_| {
                seen += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(seen, expected.len(), "{what}");
            let assigns = assert_balanced(&shared, &format!("{what}: for_each"));
            assert_eq!(assigns, done.stats.nodes, "{what}: one on_assign per node");
            let tallied = model.search().tally_rejections(true).count();
            assert_eq!(tallied.value, expected.len() as u128);
            assert_balanced(&shared, &format!("{what}: tallied count"));
            let traced = model.search().trace();
            assert!(traced.ends_with("stop: completed\n"));
            assert_balanced(&shared, &format!("{what}: trace"));
            assert_as_new(&mut model, N, &what);
            assert_balanced(&shared, &format!("{what}: afterwards"));
        });
    }
}

#[test]
fn first_solution_pairs_every_hook() {
    each_kind!((N, VariableOrder::Declared, false), |model, shared| {
        let first = model.search().first();
        assert_eq!(first.value, expected_solutions(N).first().cloned());
        assert_eq!(first.stop, StopReason::Stopped);
        let assigns = assert_balanced(&shared, "first");
        assert_eq!(assigns, first.stats.nodes);
        assert_as_new(&mut model, N, "first");
        assert_balanced(&shared, "afterwards");
    });
}

#[test]
fn node_limits_pair_every_hook() {
    for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
        each_kind!((N, order, false), |model, shared| {
            let full = model
                .search()
                .for_each(|_| ControlFlow::Continue(()))
                .stats
                .nodes;
            assert_balanced(&shared, "full");
            for limit in [0, 1, 2, 3, 5, 17, 40, 100, full - 1]
                .into_iter()
                .filter(|&l| l < full)
            {
                let what = format!("{order:?}, node limit {limit}");
                let count = model.search().symmetry(false).node_limit(limit).count();
                assert_eq!(count.stop, StopReason::NodeLimit, "{what}");
                assert!(count.stats.nodes <= limit, "{what}");
                assert_balanced(&shared, &format!("{what}: count"));
                let first = model.search().node_limit(limit).first();
                assert_balanced(&shared, &format!("{what}: first"));
                assert!(first.stats.nodes <= limit, "{what}");
                let mut it = model.search().node_limit(limit).solutions();
                let got: Vec<Vec<usize>> = it.by_ref().collect();
                assert_eq!(it.stop_reason(), Some(&StopReason::NodeLimit), "{what}");
                drop(it);
                let expected = expected_solutions(N);
                if order == VariableOrder::Declared {
                    assert_eq!(
                        got,
                        expected[..got.len()],
                        "{what}: a prefix of all solutions"
                    );
                }
                let assigns = assert_balanced(&shared, &format!("{what}: solutions"));
                assert_eq!(assigns, limit, "{what}: the limit counts nodes");
                let traced = model.search().node_limit(limit).trace();
                assert!(
                    traced.ends_with("stop: node limit reached\n"),
                    "{what}: {traced}"
                );
                assert_balanced(&shared, &format!("{what}: trace"));
            }
            assert_as_new(&mut model, N, &format!("{order:?}: node limits"));
            assert_balanced(&shared, "afterwards");
        });
    }
}

#[test]
fn a_cancellation_flag_set_before_starting_stops_a_count() {
    let n = 10;
    each_kind!((n, VariableOrder::Declared, false), |model, shared| {
        let full = model.search().symmetry(false).count();
        assert_balanced(&shared, "full");
        let flag = Arc::new(AtomicBool::new(true));
        for symmetry in [false, true] {
            let cancelled = model
                .search()
                .symmetry(symmetry)
                .cancel_flag(Arc::clone(&flag))
                .count();
            assert_eq!(cancelled.stop, StopReason::Cancelled, "symmetry {symmetry}");
            assert!(cancelled.stats.nodes < full.stats.nodes);
            assert!(cancelled.value < full.value);
            assert_balanced(&shared, "cancelled count");
        }
        assert_as_new(&mut model, n, "cancelled");
        assert_balanced(&shared, "afterwards");
    });
}

#[test]
fn a_cancellation_flag_set_before_starting_stops_an_enumeration() {
    let n = 10;
    each_kind!((n, VariableOrder::Declared, false), |model, shared| {
        let full = model.search().for_each(|_| ControlFlow::Continue(()));
        assert_balanced(&shared, "full");
        let flag = Arc::new(AtomicBool::new(true));
        let each = model
            .search()
            .cancel_flag(Arc::clone(&flag))
            .for_each(|_| ControlFlow::Continue(()));
        assert_eq!(each.stop, StopReason::Cancelled);
        assert!(each.stats.nodes < full.stats.nodes);
        assert_balanced(&shared, "cancelled for_each");
        let mut it = model.search().cancel_flag(Arc::clone(&flag)).solutions();
        let got = it.by_ref().count();
        assert_eq!(it.stop_reason(), Some(&StopReason::Cancelled));
        assert!(got < expected_solutions(n).len());
        drop(it);
        assert_balanced(&shared, "cancelled solutions");
        assert_as_new(&mut model, n, "cancelled");
        assert_balanced(&shared, "afterwards");
    });
}

/// Runs N-Queens 10 until its 100th step, has another thread set the
/// cancellation flag there, and checks the search stops and undoes everything.
fn cancel_from_another_thread(enumerate: bool) {
    let n = 10;
    let flag = Arc::new(AtomicBool::new(false));
    let (ask, asked) = mpsc::channel::<()>();
    let setter = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            asked.recv().expect("the search asks once");
            flag.store(true, Ordering::SeqCst);
        })
    };
    let trigger = Trigger {
        at: 100,
        flag: Arc::clone(&flag),
        ask,
    };
    let (mut model, shared) =
        recorded_queens_with(n, VariableOrder::Declared, false, Some(trigger));
    let outcome = if enumerate {
        model
            .search()
            .cancel_flag(Arc::clone(&flag))
            .for_each(|_| ControlFlow::Continue(()))
    } else {
        model
            .search()
            .symmetry(false)
            .cancel_flag(Arc::clone(&flag))
            .count()
            .map_unit()
    };
    setter.join().expect("the setter thread finished");
    assert_eq!(outcome.stop, StopReason::Cancelled);
    let assigns = assert_balanced(&shared, "cancelled from another thread");
    assert!(assigns >= 100, "the flag was set at the 100th step");
    let full = model.search().for_each(|_| ControlFlow::Continue(()));
    assert!(outcome.stats.nodes < full.stats.nodes);
    assert_balanced(&shared, "full");
    assert_as_new(&mut model, n, "cancelled from another thread");
    assert_balanced(&shared, "afterwards");
}

#[test]
fn a_cancellation_flag_set_from_another_thread_stops_a_count() {
    cancel_from_another_thread(false);
}

#[test]
fn a_cancellation_flag_set_from_another_thread_stops_an_enumeration() {
    cancel_from_another_thread(true);
}

/// Forgets an outcome's value.
trait MapUnit {
    fn map_unit(self) -> Outcome<()>;
}

impl<T> MapUnit for Outcome<T> {
    fn map_unit(self) -> Outcome<()> {
        Outcome {
            value: (),
            stats: self.stats,
            stop: self.stop,
        }
    }
}

#[test]
fn an_observer_stop_pairs_every_hook() {
    let (mut model, shared) = recorded_queens(N, VariableOrder::Declared, false);
    let events = {
        let mut events = 0usize;
        let _ = model
            .search()
            .symmetry(false)
            .observer(from_fn(|_: &Event<'_, usize>| {
                events += 1;
                Control::Continue
            }))
            .count();
        events
    };
    assert_balanced(&shared, "full");
    for stop_at in 1..=events {
        let mut seen = 0;
        let mut kind = String::new();
        let outcome = model
            .search()
            .symmetry(false)
            .observer(from_fn(|e: &Event<'_, usize>| {
                seen += 1;
                if seen == stop_at {
                    kind = format!("{e:?}")
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_owned();
                    Control::Stop
                } else {
                    Control::Continue
                }
            }))
            .count();
        assert_eq!(outcome.stop, StopReason::Stopped, "stop at event {stop_at}");
        assert_balanced(&shared, &format!("stop at event {stop_at} ({kind})"));
    }
    assert_as_new(&mut model, N, "observer stops");
    assert_balanced(&shared, "afterwards");
}

#[test]
fn a_stop_at_each_kind_of_event_pairs_every_hook() {
    type Pick = fn(&Event<'_, usize>) -> bool;
    let picks: [(&str, Pick); 4] = [
        ("assign", |e| matches!(e, Event::Assign { .. })),
        ("reject", |e| matches!(e, Event::Reject { .. })),
        ("unassign", |e| matches!(e, Event::Unassign { .. })),
        ("solution", |e| matches!(e, Event::Solution { .. })),
    ];
    for (name, pick) in picks {
        let (mut model, shared) = recorded_queens(N, VariableOrder::Declared, false);
        for nth in [1, 2, 7] {
            let mut seen = 0;
            let outcome = model
                .search()
                .observer(from_fn(|e: &Event<'_, usize>| {
                    if pick(e) {
                        seen += 1;
                        if seen == nth {
                            return Control::Stop;
                        }
                    }
                    Control::Continue
                }))
                .count();
            if seen >= nth {
                assert_eq!(outcome.stop, StopReason::Stopped, "{name} {nth}");
            }
            assert_balanced(&shared, &format!("stop at {name} event {nth}"));
        }
        assert_as_new(&mut model, N, name);
        assert_balanced(&shared, "afterwards");
    }
}

#[test]
fn trace_limits_pair_every_hook() {
    let (mut model, shared) = recorded_queens(N, VariableOrder::Declared, false);
    let first = model.search().trace_with(Trace::new().solution_limit(1));
    assert!(first.contains("solution 1"));
    assert_balanced(&shared, "solution limit");
    for events in [1, 2, 3, 10, 33] {
        let text = model.search().trace_with(Trace::new().event_limit(events));
        assert!(
            text.contains(&format!("... truncated after {events} events")),
            "{text}"
        );
        assert_balanced(&shared, &format!("event limit {events}"));
    }
    assert_as_new(&mut model, N, "trace limits");
    assert_balanced(&shared, "afterwards");
}

#[test]
fn a_pruning_observer_pairs_every_hook() {
    let (mut model, shared) = recorded_queens(N, VariableOrder::Declared, false);
    let outcome = model
        .search()
        .observer(from_fn(|e: &Event<'_, usize>| match e {
            Event::Assign { depth: 1, .. } => Control::Prune,
            _ => Control::Continue,
        }))
        .count();
    assert_eq!(outcome.value, 0);
    assert_eq!(outcome.stop, StopReason::Completed);
    assert_balanced(&shared, "prune");
    assert_as_new(&mut model, N, "prune");
    assert_balanced(&shared, "afterwards");
}

#[test]
fn breaking_out_of_for_each_pairs_every_hook() {
    each_kind!((N, VariableOrder::Declared, false), |model, shared| {
        let expected = expected_solutions(N);
        for after in 1..=expected.len() {
            let mut got = Vec::new();
            let outcome = model.search().for_each(|a| {
                got.push(a.values().unwrap());
                if got.len() == after {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(outcome.stop, StopReason::Stopped, "break after {after}");
            assert_eq!(got, expected[..after], "break after {after}");
            assert_balanced(&shared, &format!("break after {after}"));
        }
        assert_as_new(&mut model, N, "for_each breaks");
        assert_balanced(&shared, "afterwards");
    });
}

#[test]
fn dropping_the_lazy_iterator_half_way_pairs_every_hook() {
    for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
        each_kind!((N, order, false), |model, shared| {
            let expected = expected_solutions(N);
            // Never started.
            drop(model.search().solutions());
            assert_balanced(&shared, "never started");
            for take in 1..=expected.len() {
                let mut it = model.search().solutions();
                for _ in 0..take {
                    assert!(it.next().is_some());
                }
                assert_eq!(it.stop_reason(), None, "still running");
                drop(it);
                assert_balanced(&shared, &format!("{order:?}: dropped after {take}"));
            }
            // Exhausted, then asked again.
            let mut it = model.search().solutions();
            assert_eq!(it.by_ref().count(), expected.len());
            assert_eq!(it.next(), None);
            assert_eq!(it.stop_reason(), Some(&StopReason::Completed));
            drop(it);
            assert_balanced(&shared, "exhausted");
            assert_as_new(&mut model, N, "dropped iterators");
            assert_balanced(&shared, "afterwards");
        });
    }
}

#[test]
fn units_pair_every_hook() {
    each_kind!((N, VariableOrder::Declared, false), |model, shared| {
        let units = model.split(2, false);
        assert_balanced(&shared, "split");
        let mut total = 0;
        for unit in &units {
            total += model
                .search()
                .units(std::slice::from_ref(unit))
                .count()
                .value;
            assert_balanced(&shared, &format!("unit {:?}", unit.prefix));
        }
        assert_eq!(total, expected_solutions(N).len() as u128);
        // A prefix the checkers reject counts nothing and leaves nothing behind.
        let rejected = backtracker::units::Unit {
            prefix: vec![0, 1],
            weight: 1,
        };
        assert_eq!(
            model
                .search()
                .units(std::slice::from_ref(&rejected))
                .count()
                .value,
            0
        );
        assert_balanced(&shared, "rejected prefix");
        let full = backtracker::units::Unit {
            prefix: vec![2, 5, 1, 4, 0, 3],
            weight: 1,
        };
        assert_eq!(
            model
                .search()
                .units(std::slice::from_ref(&full))
                .count()
                .value,
            1
        );
        assert_balanced(&shared, "complete prefix");
        assert_as_new(&mut model, N, "units");
        assert_balanced(&shared, "afterwards");
    });
}

/// Diagonals whose `promising` says yes to everything (a wrong checker).
struct LyingDiagonals;

impl Checker<usize> for LyingDiagonals {
    fn name(&self) -> &'static str {
        "lying diagonals"
    }
    fn check(&self, a: &Assignment<'_, usize>) -> bool {
        let placed: Vec<(usize, usize)> = a.iter().map(|(r, &c)| (r, c)).collect();
        placed
            .iter()
            .enumerate()
            .all(|(i, &(r, c))| placed[..i].iter().all(|&(r2, c2)| r + c != r2 + c2))
    }
    fn promising(&self, _: &Assignment<'_, usize>, _: Choice<'_, usize>) -> bool {
        true
    }
}

#[test]
fn a_disagreement_pairs_every_hook() {
    let shared = Shared::default();
    let mut model = queens_builder(N, VariableOrder::Declared, false)
        .build((
            Recorder::new("first", &[], columns_rule, &shared),
            AtMostOnePerLine::new("columns", column as fn(usize, &usize) -> usize),
            LyingDiagonals,
            Recorder::new("last", &[], columns_rule, &shared),
        ))
        .unwrap();
    let outcome = model.search().cross_check(true).count();
    assert!(
        matches!(outcome.stop, StopReason::Disagreement(_)),
        "{:?}",
        outcome.stop
    );
    assert_balanced(&shared, "disagreement");
    // Without cross-check the lie lets attacking queens through: columns
    // only, so n! placements, and the columns checker must be as new.
    assert_eq!(model.search().count().value, 720);
}

#[test]
fn large_domains_pair_every_hook() {
    // 70 values per variable: candidate sets of two words.
    let shared = Shared::default();
    let mut b = ModelBuilder::new();
    for r in 0..3 {
        b.variable(format!("row {r}"), 0..70usize);
    }
    let mut model = b
        .build((
            Recorder::new("first", &[], columns_rule, &shared),
            AtMostOnePerLine::new("columns", column as fn(usize, &usize) -> usize),
            Recorder::new("last", &[], columns_rule, &shared),
        ))
        .unwrap();
    let expected = 70u128 * 69 * 68;
    assert_eq!(model.search().count().value, expected);
    assert_balanced(&shared, "count");
    for limit in [0, 1, 2, 3, 71, 500] {
        let limited = model.search().node_limit(limit).count();
        assert_eq!(limited.stop, StopReason::NodeLimit);
        assert_balanced(&shared, &format!("node limit {limit}"));
        let mut it = model.search().solutions();
        it.next();
        drop(it);
        assert_balanced(&shared, "dropped iterator");
    }
    assert_eq!(model.search().count().value, expected);
    assert_balanced(&shared, "afterwards");
}

#[test]
fn symmetric_counts_pair_every_hook() {
    // Counting with declared symmetry starts each unit from a prefix.
    for n in 1..=7 {
        let shared = Shared::default();
        let mut b = queens_builder(n, VariableOrder::Declared, false);
        b.mirror_symmetry();
        let mut model = b
            .build((
                Recorder::new("first", &[], plain_queens_rules, &shared),
                AtMostOnePerLine::new("columns", column as fn(usize, &usize) -> usize),
                AtMostOnePerLine::new("diagonals", diagonal as fn(usize, &usize) -> usize),
                AtMostOnePerLine::new("anti-diagonals", move |r: usize, c: &usize| c + n - 1 - r),
                Recorder::new("last", &[], plain_queens_rules, &shared),
            ))
            .unwrap();
        let expected = queens_walk(n).solutions.len() as u128;
        assert_eq!(model.search().count().value, expected, "n = {n}");
        assert_balanced(&shared, &format!("n = {n}: symmetric count"));
        for limit in [1, 5, 20] {
            let _ = model.search().node_limit(limit).count();
            assert_balanced(
                &shared,
                &format!("n = {n}: symmetric count, node limit {limit}"),
            );
        }
        for depth in 0..=3 {
            for unit in model.split(depth, true) {
                let _ = model.search().units(std::slice::from_ref(&unit)).count();
                assert_balanced(&shared, &format!("n = {n}: unit {unit:?}"));
            }
        }
        assert_eq!(
            model.search().symmetry(false).count().value,
            expected,
            "n = {n}"
        );
        assert_balanced(&shared, "afterwards");
    }
}
