//! Implied assignments: a variable that a step's narrowing leaves with one
//! value joins the assignment within that step, without a node of its own.
//! Against the brute-force oracle's random narrowing models: the same
//! figures in every mode, observers told of each one, the hooks paired last
//! in first out whatever stops the search; and a trace that shows them.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use backtracker::observe::from_fn;
use backtracker::trace::Trace;
use backtracker::{
    Assignment, Checker, Choice, Control, DynChecker, Event, Model, Observer, Unit, VariableOrder,
};
use itertools::Itertools;
use proptest::prelude::*;

use crate::exact_cover::knuths_example;
use crate::narrowing::{Derived, narrowing_model};
use crate::oracle::{Desc, config, desc, mirror_desc};

/// What an observer saw of a search.
#[derive(Default)]
struct Seen {
    assigns: u64,
    implied: u64,
    unassigns: u64,
    /// Every `Unassign` came at the depth of the variables still assigned,
    /// and every `Assign` and `Implied` at a depth below the variables
    /// assigned once the step is taken (their assignment shows the step
    /// with all it implied).
    depths_agree: bool,
}

impl Observer<i32> for Seen {
    fn observe(&mut self, event: &Event<'_, i32>) -> Control {
        match event {
            Event::Assign {
                depth, assignment, ..
            }
            | Event::Implied {
                depth, assignment, ..
            } => {
                self.depths_agree &= *depth < assignment.assigned_count();
            }
            Event::Unassign {
                depth, assignment, ..
            } => {
                self.depths_agree &= *depth == assignment.assigned_count();
            }
            _ => {}
        }
        match event {
            Event::Assign { .. } => self.assigns += 1,
            Event::Implied { .. } => self.implied += 1,
            Event::Unassign { .. } => self.unassigns += 1,
            _ => {}
        }
        Control::Continue
    }
}

/// A checker that accepts everything and keeps the hooks' calls on a
/// stack: each `on_unassign` must undo the last `on_assign` still open.
#[derive(Clone, Default)]
struct Lifo {
    open: Arc<Mutex<Vec<(usize, usize)>>>,
    broken: Arc<Mutex<Option<String>>>,
}

impl Checker<i32> for Lifo {
    fn name(&self) -> &'static str {
        "lifo"
    }
    fn check(&self, _: &Assignment<'_, i32>) -> bool {
        true
    }
    fn on_assign(&mut self, c: Choice<'_, i32>) {
        self.open.lock().unwrap().push((c.var, c.index));
    }
    fn on_unassign(&mut self, c: Choice<'_, i32>) {
        let last = self.open.lock().unwrap().pop();
        if last != Some((c.var, c.index)) {
            *self.broken.lock().unwrap() = Some(format!(
                "undid {:?} while {last:?} was the last assigned",
                (c.var, c.index)
            ));
        }
    }
}

/// The narrowing model of `desc` (every checker narrowing, the whole scope
/// at once when `whole`), with a [`Lifo`] checker beside them.
fn with_lifo(
    desc: &Desc,
    order: VariableOrder,
    whole: bool,
    lifo: &Lifo,
) -> Model<i32, Vec<DynChecker<i32>>> {
    let mut checkers: Vec<DynChecker<i32>> = desc
        .checkers()
        .into_iter()
        .map(|inner| {
            Box::new(Derived {
                inner,
                unsound: false,
                whole,
            }) as DynChecker<i32>
        })
        .collect();
    checkers.push(Box::new(lifo.clone()));
    desc.builder(order).build(checkers).unwrap()
}

const ORDERS: [VariableOrder; 2] = [VariableOrder::Declared, VariableOrder::SmallestDomainFirst];

proptest! {
    #![proptest_config(config())]

    /// Counting, observing, enumerating and counting unit by unit at every
    /// depth give the same figures, and an observer sees one `Assign` per
    /// node, one `Implied` per implied assignment and an `Unassign` for
    /// each of them, each at the depth of the variables assigned before it.
    #[test]
    fn implied_assignments_are_the_same_in_every_mode(desc in desc()) {
        let expected = desc.oracle().len() as u128;
        for (order, whole) in ORDERS.into_iter().flat_map(|o| [(o, false), (o, true)]) {
            let mut model = narrowing_model(&desc, order, false, whole);
            let plain = model.search().count();
            prop_assert_eq!(plain.value, expected);
            let mut seen = Seen { depths_agree: true, ..Seen::default() };
            let observed = model.search().observer(&mut seen).count();
            prop_assert_eq!(observed.value, expected);
            prop_assert_eq!(
                (observed.stats.nodes, observed.stats.implied),
                (plain.stats.nodes, plain.stats.implied)
            );
            prop_assert_eq!((seen.assigns, seen.implied), (plain.stats.nodes, plain.stats.implied));
            prop_assert_eq!(seen.unassigns, seen.assigns + seen.implied);
            prop_assert!(seen.depths_agree);
            let tallied = model.search().tally_rejections(true).count();
            prop_assert_eq!(tallied.stats.implied, plain.stats.implied);
            prop_assert_eq!(model.search().solutions().count() as u128, expected);
            if order == VariableOrder::Declared {
                for depth in 0..=desc.domains.len() {
                    let units = model.split(depth, false);
                    let by_units = model.search().units(&units).count();
                    prop_assert_eq!(by_units.value, expected, "depth {}", depth);
                    prop_assert_eq!(
                        (by_units.stats.nodes, by_units.stats.implied),
                        (plain.stats.nodes, plain.stats.implied),
                        "depth {}, units {:?}, plain {:?}", depth, units, plain
                    );
                    let one_by_one: u128 = units
                        .iter()
                        .map(|unit| model.search().units(std::slice::from_ref(unit)).count().value)
                        .sum();
                    prop_assert_eq!(one_by_one, expected, "depth {}", depth);
                }
            }
        }
    }

    /// Every prefix of domain indices, in the tree or not (a value its
    /// variable has lost, or one that an earlier value of the prefix
    /// implied otherwise), counts the brute-force solutions that extend
    /// it: alone, and all of them in turn, the walk keeping what two
    /// prefixes share.
    #[test]
    fn any_prefix_counts_the_solutions_that_extend_it(desc in desc()) {
        let oracle = desc.oracle();
        let mut model = narrowing_model(&desc, VariableOrder::Declared, false, false);
        for depth in 1..=desc.domains.len().min(3) {
            let units: Vec<Unit> = desc.domains[..depth]
                .iter()
                .map(|d| 0..d.len() as u32)
                .multi_cartesian_product()
                .map(|prefix| Unit { prefix, weight: 1 })
                .collect();
            let mut total = 0;
            for unit in &units {
                let expected = oracle
                    .iter()
                    .filter(|s| s.iter().zip(&unit.prefix).all(|(&a, &b)| a == b as usize))
                    .count() as u128;
                let alone = model.search().units(std::slice::from_ref(unit)).count().value;
                prop_assert_eq!(alone, expected, "prefix {:?}", unit.prefix);
                total += expected;
            }
            let walked = model.search().units(&units).count();
            prop_assert_eq!(walked.value, total, "depth {}", depth);
            prop_assert_eq!(total, oracle.len() as u128);
        }
    }

    /// Under a true mirror symmetry, narrowing checkers derived from
    /// symmetric ones: the count with the symmetry, by units at every depth
    /// and on two threads is the brute-force count, also where a step of a
    /// mirror root implies the rest of the assignment.
    #[test]
    fn symmetry_counts_the_same_with_implied_assignments(desc in mirror_desc()) {
        let expected = desc.oracle().len() as u128;
        let checkers: Vec<DynChecker<i32>> = desc
            .checkers()
            .into_iter()
            .map(|inner| Box::new(Derived { inner, unsound: false, whole: false }) as DynChecker<i32>)
            .collect();
        let mut model = desc.builder_mirrored().build(checkers).unwrap();
        prop_assert_eq!(model.search().count().value, expected);
        prop_assert_eq!(model.search().symmetry(false).count().value, expected);
        for depth in 0..=desc.domains.len() {
            let units = model.split(depth, true);
            let by_units = model.search().units(&units).count();
            prop_assert_eq!(by_units.value, expected, "depth {}", depth);
        }
    }

    /// Whatever stops the search (a node limit, the first solution, a
    /// dropped iterator, a callback, an observer, a cancellation), every
    /// hook is paired last in first out, implied assignments included, and
    /// the model counts as new afterwards.
    #[test]
    fn every_stop_undoes_implied_assignments_last_in_first_out(
        desc in desc(),
        limit in 0u64..20,
        events in 1usize..30,
    ) {
        let expected = desc.oracle().len() as u128;
        for (order, whole) in ORDERS.into_iter().flat_map(|o| [(o, false), (o, true)]) {
            let lifo = Lifo::default();
            let mut model = with_lifo(&desc, order, whole, &lifo);
            let fresh = model.search().count();
            let _ = model.search().node_limit(limit).count();
            let _ = model.search().first();
            let _ = model.search().solutions().take(1).count();
            let _ = model.search().for_each(|_| ControlFlow::Break(()));
            let _ = model.search().observer(from_fn(stop_at(events))).count();
            let _ = model.search().cancel_flag(Arc::new(AtomicBool::new(true))).count();
            // The same stops within work units, whose prefixes the walk
            // keeps assigned from one unit to the next: an observer that
            // stops, and one that prunes every other step.
            let units = model.split(2, false);
            let _ = model
                .search()
                .observer(from_fn(stop_at(events)))
                .units(&units).count();
            let mut steps = 0;
            let _ = model
                .search()
                .observer(from_fn(|e: &Event<'_, i32>| {
                    if matches!(e, Event::Assign { .. }) {
                        steps += 1;
                        if steps % 2 == 0 {
                            return Control::Prune;
                        }
                    }
                    Control::Continue
                }))
                .units(&units).count();
            prop_assert_eq!(lifo.broken.lock().unwrap().clone(), None);
            prop_assert!(lifo.open.lock().unwrap().is_empty());
            let again = model.search().count();
            prop_assert_eq!(again.value, expected);
            prop_assert_eq!((again.stats.nodes, again.stats.implied), (fresh.stats.nodes, fresh.stats.implied));
        }
    }
}

/// Knuth's example (TAOCP 7.2.2.1, `exact_cover::knuths_example`): one
/// cover. Its search tries the two
/// options of item a: `a d g` leaves e no option, and `a d f` leaves every
/// other item one option, all six implied in that step, which is the one
/// node. The trace shows them under the step, and the statistics count
/// them apart from the nodes.
#[test]
fn an_exact_cover_trace_shows_implied_assignments() {
    let mut problem = knuths_example();
    let outcome = problem.search().cross_check(true).count();
    assert_eq!(outcome.value, 1);
    let text = problem.search().trace();
    insta::assert_snapshot!("exact_cover_implied", text);
    // In DOT, each implied assignment is a dotted box with its reason,
    // hung under the node before it; the node itself is a plain box.
    let mut trace = Trace::new();
    problem.search().observer(&mut trace).count();
    let dot = trace.dot();
    assert_eq!(
        dot.matches("implied by cover\", style=dotted];").count(),
        6,
        "{dot}"
    );
    assert_eq!(dot.matches(" [style=dotted];").count(), 6, "{dot}");
    assert!(dot.contains("[label=\"a = 3\"];"), "{dot}");
}

/// An observer that stops the search at its `events`-th event.
fn stop_at(events: usize) -> impl FnMut(&Event<'_, i32>) -> Control {
    let mut seen = 0;
    move |_| {
        seen += 1;
        if seen >= events {
            Control::Stop
        } else {
            Control::Continue
        }
    }
}
