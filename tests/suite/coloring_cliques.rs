//! Colouring with cliques: the greedy clique cover covers every edge with
//! true cliques, and the chromatic numbers (now searched with an
//! all-different per clique) match published values: the DIMACS queen
//! graphs (`queen5_5`: 5, `queen6_6`: 7, `queen7_7`: 7), the Petersen graph (3),
//! odd cycles (3) and complete graphs (n).

use std::collections::HashSet;

use backtracker::puzzles::coloring::{Graph, chromatic_number};

use crate::support::{complete, cycle, is_proper, petersen};

/// The queen graph of an `n x n` board: cells numbered from 1 row by row,
/// an edge when two cells share a row, a column or a diagonal.
fn queen_graph(n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                edges.push((a + 1, b + 1));
            }
        }
    }
    edges
}

fn graph(n: usize, edges: &[(usize, usize)]) -> Graph {
    Graph::from_edges(n, edges.iter().copied()).unwrap()
}

fn assert_chromatic(n: usize, edges: &[(usize, usize)], expected: usize, what: &str) {
    let found = chromatic_number(&graph(n, edges)).unwrap();
    assert_eq!(found.colors, expected, "{what}");
    assert!(is_proper(edges, &found.coloring), "{what}");
    assert!(found.coloring.iter().all(|&c| c < expected), "{what}");
}

#[test]
fn the_clique_cover_covers_every_edge_with_cliques() {
    for (n, edges) in [
        (25, queen_graph(5)),
        (36, queen_graph(6)),
        (10, petersen()),
        (7, cycle(7)),
        (6, complete(6)),
    ] {
        let set: HashSet<(usize, usize)> =
            edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        let adjacent = |a: usize, b: usize| set.contains(&(a.min(b), a.max(b)));
        let cover = graph(n, &edges).clique_cover();
        let mut covered = HashSet::new();
        for clique in &cover {
            assert!(clique.len() >= 2, "{clique:?}");
            for (i, &a) in clique.iter().enumerate() {
                for &b in &clique[i + 1..] {
                    assert!(adjacent(a, b), "{clique:?} is not a clique");
                    covered.insert((a.min(b), a.max(b)));
                }
            }
        }
        assert_eq!(covered, set);
    }
    // A complete graph is one clique; a triangle-free graph needs its edges.
    assert_eq!(
        graph(6, &complete(6)).clique_cover(),
        [vec![1, 2, 3, 4, 5, 6]]
    );
    assert_eq!(graph(10, &petersen()).clique_cover().len(), 15);
}

#[test]
fn queen_graphs_have_their_published_chromatic_numbers() {
    assert_chromatic(25, &queen_graph(5), 5, "queen5_5");
    assert_chromatic(36, &queen_graph(6), 7, "queen6_6");
    assert_chromatic(49, &queen_graph(7), 7, "queen7_7");
}

#[test]
fn small_graphs_have_their_known_chromatic_numbers() {
    assert_chromatic(10, &petersen(), 3, "Petersen");
    for n in [3, 5, 7, 9, 11] {
        assert_chromatic(n, &cycle(n), 3, "odd cycle");
    }
    for n in 1..=8 {
        assert_chromatic(n, &complete(n), n, "complete graph");
    }
}

#[test]
fn narrowing_neighbours_count_what_brute_force_counts_in_every_order() {
    use backtracker::puzzles::coloring::NeighboursDiffer;
    use backtracker::{ModelBuilder, StopReason, VariableOrder};

    for (n, edges, k) in [
        (10, petersen(), 3),
        (5, cycle(5), 3),
        (7, cycle(7), 2),
        (5, complete(5), 5),
        (6, queen_graph(2).into_iter().chain([(5, 6)]).collect(), 4),
    ] {
        let expected = crate::support::brute_force_colorings(n, &edges, k);
        let g = graph(n, &edges);
        for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
            for cross in [false, true] {
                let mut b = ModelBuilder::new();
                (1..=n).for_each(|v| _ = b.variable(g.name(v), 0..k));
                b.order(order);
                let mut model = b.build((NeighboursDiffer::new(&g).narrowing(),)).unwrap();
                let outcome = model.search().cross_check(cross).count();
                assert_eq!(outcome.stop, StopReason::Completed, "{edges:?}");
                assert_eq!(outcome.value, expected, "{edges:?} with {k} colours");
            }
        }
    }
}
