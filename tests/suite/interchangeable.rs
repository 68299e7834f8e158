//! Interchangeable values: the builder's checks, colourings and Latin
//! squares counted up to a renaming of the values against brute force,
//! the chromatic polynomial and OEIS, under every variable order and in
//! cross-check mode, and false declarations caught.

use std::collections::HashSet;

use backtracker::constraints::Predicate;
use backtracker::{ModelBuilder, StopReason, Symmetry, VariableOrder};
use backtracker_puzzles::coloring::{Graph, coloring, coloring_with};
use backtracker_puzzles::latin_square;
use proptest::prelude::*;

use crate::support::{
    assert_invalid_symmetry, complete, cycle, every_assignment, is_proper, petersen, two_variables,
};

/// Every proper `k`-colouring of the graph (vertices from 1), by trying
/// every assignment.
fn brute_colorings(n: usize, edges: &[(usize, usize)], k: usize) -> Vec<Vec<usize>> {
    let palette: Vec<usize> = (0..k).collect();
    every_assignment(&vec![palette; n])
        .into_iter()
        .filter(|colors| is_proper(edges, colors))
        .collect()
}

/// The classes of `colorings` under the permutations of the colours: the
/// distinct colourings once each colour is renamed by its first vertex.
fn classes(colorings: &[Vec<usize>]) -> usize {
    let renamed: HashSet<Vec<usize>> = colorings
        .iter()
        .map(|colors| {
            let mut names: Vec<usize> = Vec::new();
            colors
                .iter()
                .map(|c| {
                    if let Some(p) = names.iter().position(|x| x == c) {
                        p
                    } else {
                        names.push(*c);
                        names.len() - 1
                    }
                })
                .collect()
        })
        .collect();
    renamed.len()
}

/// Counts the colourings and their classes of a graph with `k` colours
/// under both variable orders, pruned and in cross-check mode, and
/// compares them with brute force.
fn assert_colorings(n: usize, edges: &[(usize, usize)], k: usize) {
    let graph = Graph::from_edges(n, edges.iter().copied()).unwrap();
    let all = brute_colorings(n, edges, k);
    let expected = (all.len() as u128, classes(&all) as u128);
    let palette: Vec<usize> = (0..k).collect();
    for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
        let mut model = coloring_with(&graph, &palette, order).unwrap();
        for cross_check in [false, true] {
            let outcome = model.search().cross_check(cross_check).count_classes();
            assert_eq!(outcome.stop, StopReason::Completed, "{edges:?} k = {k}");
            let found = (outcome.value.solutions, outcome.value.classes);
            assert_eq!(
                found, expected,
                "{edges:?}, k = {k}, {order:?}, {cross_check}"
            );
        }
        let representatives: Vec<Vec<usize>> = model.search().canonical_solutions().collect();
        assert_eq!(
            representatives.len() as u128,
            expected.1,
            "{edges:?} k = {k}"
        );
        assert_eq!(
            classes(&representatives) as u128,
            expected.1,
            "one per class"
        );
    }
}

#[test]
fn colourings_of_small_graphs_count_as_brute_force_classes() {
    for k in 1..=4 {
        for (n, edges) in [
            (3, cycle(3)),
            (4, cycle(4)),
            (5, cycle(5)),
            (4, complete(4)),
            (4, vec![(1, 2), (2, 3), (3, 4)]),
            (5, vec![(1, 2), (3, 4)]),
            (3, vec![]),
        ] {
            assert_colorings(n, &edges, k);
        }
    }
}

#[test]
fn cycles_have_their_chromatic_polynomial() {
    // P(C_n, k) = (k - 1)^n + (-1)^n (k - 1); a proper colouring of a
    // cycle with k >= 3 colours uses at least 2 of them.
    for n in 3..=9u32 {
        for k in 2..=5i64 {
            let expected = (k - 1).pow(n) + if n % 2 == 0 { k - 1 } else { 1 - k };
            let graph = Graph::from_edges(n as usize, cycle(n as usize)).unwrap();
            let classes = coloring(&graph, k as usize)
                .unwrap()
                .search()
                .count_classes()
                .value;
            assert_eq!(classes.solutions, expected as u128, "C_{n}, k = {k}");
        }
    }
}

#[test]
fn the_petersen_graph_has_120_three_colourings_in_20_classes() {
    let graph = Graph::from_edges(10, petersen()).unwrap();
    let outcome = coloring(&graph, 3).unwrap().search().count_classes();
    assert_eq!(
        (
            outcome.value.solutions,
            outcome.value.classes,
            outcome.value.group
        ),
        (120, 20, 6)
    );
    // Each class searched once: fewer nodes than the plain search.
    let plain = coloring(&graph, 3)
        .unwrap()
        .search()
        .symmetry(false)
        .count();
    assert_eq!(plain.value, 120);
    assert!(outcome.stats.nodes < plain.stats.nodes);
}

/// OEIS A002860: the Latin squares of order 1 to 5.
const LATIN: [u128; 5] = [1, 2, 12, 576, 161_280];

fn assert_latin(n: usize) {
    let factorial: u128 = (1..=n as u128).product();
    let mut model = latin_square(n).unwrap();
    for cross_check in [false, true] {
        if cross_check && n > 4 {
            continue;
        }
        let outcome = model.search().cross_check(cross_check).count_classes();
        assert_eq!(outcome.stop, StopReason::Completed, "n = {n}");
        assert_eq!(
            (outcome.value.solutions, outcome.value.classes),
            (LATIN[n - 1], LATIN[n - 1] / factorial),
            "n = {n}, cross-check {cross_check}"
        );
    }
}

#[test]
fn latin_squares_count_as_oeis_does_up_to_the_symbols() {
    for n in 1..=4 {
        assert_latin(n);
    }
}

#[test]
#[ignore = "long in a debug build: 1344 classes of order 5 (the extended run)"]
fn latin_squares_of_order_5_count_as_oeis_does() {
    assert_latin(5);
}

#[test]
fn a_value_order_gives_the_same_classes() {
    let graph = Graph::from_edges(5, cycle(5)).unwrap();
    let mut b = ModelBuilder::new();
    for v in 1..=5 {
        b.variable(graph.name(v), 0..4usize);
    }
    b.interchangeable_values(0..5, 0..4)
        .value_order(|_, _, list: &mut Vec<usize>| list.reverse());
    let edges: Vec<backtracker::DynChecker<usize>> = cycle(5)
        .into_iter()
        .map(|(u, v)| {
            Box::new(Predicate::new(format!("{u}-{v}"), [u - 1, v - 1], |x| {
                x[0] != x[1]
            })) as backtracker::DynChecker<usize>
        })
        .collect();
    let mut model = b.build(edges).unwrap();
    let classes = model.search().count_classes().value;
    // P(C_5, 4) = 3^5 - 3.
    assert_eq!(classes.solutions, 240);
    let all = brute_colorings(5, &cycle(5), 4);
    assert_eq!(classes.classes, self::classes(&all) as u128);
}

#[test]
fn declarations_the_rule_cannot_honour_are_refused() {
    let builder = two_variables;
    let refused = |b, mentions| assert_invalid_symmetry(b, "interchangeable values", mentions);
    // A pin keeps one of the values and not the others.
    let mut b = builder();
    b.interchangeable_values(0..2, 0..3).pin(0, &1);
    refused(b, "`x` has 1 of the 3 values");
    // Pinned outside the values: allowed, and the rest stay interchangeable.
    let mut b = builder();
    b.interchangeable_values(0..2, 1..3).pin(0, &0);
    let classes = b.build(()).unwrap().search().count_classes().value;
    assert_eq!((classes.solutions, classes.classes), (3, 2));
    let mut b = builder();
    b.interchangeable_values([0, 2], 0..3);
    refused(b, "variable 2 does not exist");
    let mut b = builder();
    b.interchangeable_values(0..2, 0..4);
    refused(b, "value 3 is outside the domain of `x`");
    let mut b = builder();
    b.interchangeable_values(0..2, 0..3)
        .interchangeable_values(0..1, 0..3);
    refused(b, "declared twice");
    let mut b = builder();
    b.interchangeable_values(0..2, 0..3)
        .symmetry(Symmetry::variables("swap", |v| 1 - v));
    refused(b, "beside the generator `swap`");
}

#[test]
fn a_false_declaration_is_caught_with_the_generator_and_the_solution() {
    // x < y over 0..3: renaming the values breaks it.
    let mut b = two_variables();
    b.interchangeable_values(0..2, 0..3);
    let mut model = b
        .build((Predicate::new("less", [0, 1], |v| v[0] < v[1]),))
        .unwrap();
    for cross_check in [false, true] {
        let outcome = model.search().cross_check(cross_check).count_classes();
        match outcome.stop {
            StopReason::FalseSymmetry(found) => {
                assert!(
                    found.symmetry.starts_with("interchangeable values"),
                    "{found:?}"
                );
                assert_eq!(found.solution, "{x = 0, y = 1}");
                assert_eq!(found.reason, "is rejected by `less`");
            }
            other => panic!("expected a false symmetry, got {other:?}"),
        }
    }
    // Cross-check mode checks the declaration on the solutions of a count.
    let outcome = model.search().cross_check(true).count();
    assert!(
        matches!(outcome.stop, StopReason::FalseSymmetry(_)),
        "{:?}",
        outcome.stop
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random graphs of up to 6 vertices with up to 4 colours: the totals
    /// and classes of `count_classes` are brute force's, whatever the
    /// variable order, look-ahead and mode.
    #[test]
    fn random_graphs_count_as_brute_force_classes(
        n in 1usize..=6,
        picks in proptest::collection::vec(any::<bool>(), 15),
        k in 1usize..=4,
        smallest in any::<bool>(),
        forward in any::<bool>(),
    ) {
        let pairs = (1..=n).flat_map(|u| (u + 1..=n).map(move |v| (u, v)));
        let edges: Vec<(usize, usize)> = pairs.zip(&picks).filter(|(_, p)| **p).map(|(e, _)| e).collect();
        let all = brute_colorings(n, &edges, k);
        let graph = Graph::from_edges(n, edges.iter().copied()).unwrap();
        let order = if smallest { VariableOrder::SmallestDomainFirst } else { VariableOrder::Declared };
        let palette: Vec<usize> = (0..k).collect();
        let mut model = coloring_with(&graph, &palette, order).unwrap();
        for cross_check in [false, true] {
            let search = model.search().cross_check(cross_check);
            let search = if forward { search.forward_checking() } else { search };
            let outcome = search.count_classes();
            prop_assert_eq!(&outcome.stop, &StopReason::Completed);
            prop_assert_eq!(outcome.value.solutions, all.len() as u128);
            prop_assert_eq!(outcome.value.classes, classes(&all) as u128);
        }
    }
}
