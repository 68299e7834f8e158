//! No empty domain reaches a checker: a variable left with no candidate
//! (by a restriction, a pin or a unit prefix) fails the search before any
//! checker's `filter`, `narrow` or `promising` sees it, at every strength.

use backtracker::constraints::{
    AllDifferent, AtMostOnePerLine, Circuit, Element, Inverse, LinearSum, Objective, Predicate,
    Relation, Strength, Table,
};
use backtracker::{Checker, DynChecker, ModelBuilder, StopReason, Unit, VariableOrder};
use proptest::prelude::*;

/// Every strength of the library's checkers.
const STRENGTHS: [Strength; 3] = [Strength::Value, Strength::Bounds, Strength::Domain];

#[test]
fn all_different_over_a_restricted_away_variable_counts_zero_at_every_strength() {
    for strength in STRENGTHS {
        let mut b = ModelBuilder::new();
        let x: Vec<usize> = (0..3).map(|i| b.variable(format!("x{i}"), 0..4)).collect();
        b.restrict(x[1], |_| false);
        let mut model = b
            .build((AllDifferent::new("distinct", x.iter().copied()).strength(strength),))
            .expect("a valid model");
        let outcome = model.search().count();
        assert_eq!(outcome.value, 0, "{strength:?}");
        assert_eq!(outcome.stop, StopReason::Completed, "{strength:?}");
        assert_eq!(model.search().solutions().count(), 0, "{strength:?}");
    }
}

/// The library's checkers, each over a scope that holds variable 0..4 of a
/// model of four variables with values 0..4.
const CHECKERS: [&str; 13] = [
    "all-different value",
    "all-different bounds",
    "all-different domain",
    "circuit",
    "element",
    "inverse",
    "lines",
    "small lines",
    "linear sum",
    "objective",
    "predicate",
    "table",
    "predicate pair",
];

/// The checker `CHECKERS[kind]`, boxed.
fn checker(kind: usize) -> DynChecker<usize> {
    let all = [0, 1, 2, 3];
    match CHECKERS[kind] {
        "all-different value" => AllDifferent::new("c", all)
            .strength(Strength::Value)
            .boxed(),
        "all-different bounds" => AllDifferent::new("c", all)
            .strength(Strength::Bounds)
            .boxed(),
        "all-different domain" => AllDifferent::new("c", all)
            .strength(Strength::Domain)
            .boxed(),
        "circuit" => Circuit::new("c", all).boxed(),
        "element" => Element::new("c", 0, [1, 2], 3).boxed(),
        "inverse" => Inverse::new("c", [0, 1], [2, 3]).boxed(),
        "lines" => AtMostOnePerLine::new("c", |_, v: &usize| *v).boxed(),
        "small lines" => AtMostOnePerLine::small("c", |_, i| i).boxed(),
        "linear sum" => LinearSum::new("c", all.map(|v| (1, v)), Relation::AtMost, 6).boxed(),
        "objective" => Objective::new("c", all.map(|v| (1, v))).boxed(),
        "predicate" => Predicate::new("c", all, |v| v[0] <= v[3]).boxed(),
        "table" => Table::new(
            "c",
            all.to_vec(),
            [vec![0, 1, 2, 3], vec![1, 0, 3, 2], vec![3, 3, 3, 3]],
        )
        .boxed(),
        _ => Predicate::new("c", [0, 3], |v| v[0] != v[1]).boxed(),
    }
}

/// How the variable is left with no candidate.
#[derive(Clone, Copy, Debug)]
enum Emptied {
    /// Every value restricted away.
    Restricted,
    /// Pinned to a value a restriction removed.
    PinnedAway,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every checker, at every strength, with every look-ahead and variable
    /// order, in plain and cross-check mode: a variable of its scope with
    /// no candidate gives no solution, a completed search, and no panic,
    /// whether counted, enumerated, optimised or split into units.
    #[test]
    fn an_empty_variable_in_any_scope_gives_no_solution(
        kind in 0..CHECKERS.len(),
        empty in 0usize..4,
        how in prop_oneof![Just(Emptied::Restricted), Just(Emptied::PinnedAway)],
        lookahead in prop_oneof![Just(0usize), Just(1), Just(usize::MAX)],
        smallest in any::<bool>(),
        cross in any::<bool>(),
    ) {
        let mut b = ModelBuilder::new();
        for i in 0..4 {
            b.variable(format!("x{i}"), 0..4usize);
        }
        match how {
            Emptied::Restricted => _ = b.restrict(empty, |_| false),
            Emptied::PinnedAway => _ = b.restrict(empty, |&v| v != 2).pin(empty, &2),
        }
        if smallest {
            b.order(VariableOrder::SmallestDomainFirst);
        }
        let objective = Objective::new("sum", [(1, 0), (1, 1), (1, 2), (1, 3)]);
        let goal = objective.goal();
        let mut model = b.build(vec![checker(kind), objective.boxed()]).expect("a valid model");
        fn search(
            model: &mut backtracker::Model<usize, Vec<DynChecker<usize>>>,
            lookahead: usize,
            cross: bool,
        ) -> backtracker::Search<'_, usize, Vec<DynChecker<usize>>> {
            model.search().lookahead(lookahead).cross_check(cross)
        }
        let count = search(&mut model, lookahead, cross).count();
        prop_assert_eq!((count.value, count.stop), (0, StopReason::Completed));
        prop_assert_eq!(search(&mut model, lookahead, cross).solutions().count(), 0);
        let first = search(&mut model, lookahead, cross).first();
        prop_assert_eq!((first.value, first.stop), (None, StopReason::Completed));
        let best = search(&mut model, lookahead, cross).minimize(&goal);
        prop_assert!(best.value.best.is_none());
        prop_assert_eq!(best.stop, StopReason::Completed);
        // A unit whose prefix pins variable 0 to each of its values.
        for value in 0..4 {
            let unit = Unit { prefix: vec![value], weight: 1 };
            let count = search(&mut model, lookahead, cross)
                .units(std::slice::from_ref(&unit))
                .count();
            prop_assert_eq!((count.value, count.stop), (0, StopReason::Completed));
        }
    }
}
