//! Colouring with cliques: the greedy clique cover covers every edge with
//! true cliques, and the chromatic numbers (now searched with an
//! all-different per clique) match published values: the DIMACS queen
//! graphs (`queen5_5`: 5, `queen6_6`: 7, `queen7_7`: 7, `queen8_8`: 9), the
//! Petersen graph (3), odd cycles (3) and complete graphs (n); the maximum
//! clique is brute force's, and the DIMACS files of the queen graphs hold
//! them.

use std::collections::HashSet;

use backtracker::StopReason;
use backtracker_puzzles::coloring::{ChromaticSearch, Graph, chromatic_number};

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
fn queen8_8_has_its_published_chromatic_number() {
    assert_chromatic(64, &queen_graph(8), 9, "queen8_8");
}

#[test]
fn the_chromatic_search_reports_each_better_colouring_and_stops_on_limits() {
    let edges = queen_graph(8);
    let queen = graph(64, &edges);
    let mut seen = Vec::new();
    let whole = ChromaticSearch::new(&queen)
        .run(|found| {
            assert!(is_proper(&edges, &found.coloring));
            assert!(found.coloring.iter().all(|&c| c < found.colors));
            seen.push(found.colors);
        })
        .unwrap();
    assert_eq!(
        (whole.value.colors, &whole.stop),
        (9, &StopReason::Completed)
    );
    assert!(seen.windows(2).all(|w| w[1] < w[0]), "{seen:?}");
    assert_eq!(seen.last(), Some(&9));
    // A node limit: the best so far, proper, not proven.
    let part = ChromaticSearch::new(&queen)
        .node_limit(100)
        .run(|_| {})
        .unwrap();
    assert_eq!(part.stop, StopReason::NodeLimit);
    assert!(part.value.colors >= 9 && is_proper(&edges, &part.value.coloring));
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = ChromaticSearch::new(&queen)
        .cancel_flag(flag)
        .run(|_| {})
        .unwrap();
    assert_eq!(cancelled.stop, StopReason::Cancelled);
}

/// The DIMACS files of `tests/data/coloring/`, with their board sides.
const QUEEN_FILES: [(usize, &str); 4] = [
    (5, include_str!("../data/coloring/queen5_5.col")),
    (6, include_str!("../data/coloring/queen6_6.col")),
    (7, include_str!("../data/coloring/queen7_7.col")),
    (8, include_str!("../data/coloring/queen8_8.col")),
];

#[test]
fn the_queen_graph_files_hold_the_queen_graphs() {
    // Edges of the n x n queen graph: n (n - 1) (5n - 1) / 3, so 728 for
    // queen8_8, as the DIMACS benchmark tables list (each edge once).
    for (n, text) in QUEEN_FILES {
        let file = Graph::parse_dimacs(text).unwrap();
        assert_eq!(file.vertices(), n * n);
        assert_eq!(
            file.edges().len(),
            n * (n - 1) * (5 * n - 1) / 3,
            "queen{n}_{n}"
        );
        let mut from_file = file.edges().to_vec();
        from_file.sort_unstable();
        assert_eq!(from_file, queen_graph(n), "queen{n}_{n}");
    }
    assert_eq!(
        Graph::parse_dimacs(QUEEN_FILES[3].1).unwrap().edges().len(),
        728
    );
}

/// The size of a largest clique, by trying every set of vertices.
fn brute_clique_number(n: usize, edges: &[(usize, usize)]) -> usize {
    let set: HashSet<(usize, usize)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    (0u32..1 << n)
        .filter(|&mask| {
            let vs: Vec<usize> = (0..n)
                .filter(|&v| mask >> v & 1 == 1)
                .map(|v| v + 1)
                .collect();
            vs.iter()
                .enumerate()
                .all(|(i, &a)| vs[i + 1..].iter().all(|&b| set.contains(&(a, b))))
        })
        .map(u32::count_ones)
        .max()
        .unwrap_or(0) as usize
}

fn assert_max_clique(n: usize, edges: &[(usize, usize)]) {
    let set: HashSet<(usize, usize)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    let clique = graph(n, edges).max_clique();
    for (i, &a) in clique.iter().enumerate() {
        for &b in &clique[i + 1..] {
            assert!(
                set.contains(&(a, b)),
                "{clique:?} is not a clique of {edges:?}"
            );
        }
    }
    assert_eq!(clique.len(), brute_clique_number(n, edges), "{edges:?}");
}

#[test]
fn the_maximum_clique_is_as_large_as_brute_force_finds() {
    for (n, edges) in [
        (10, petersen()),
        (7, cycle(7)),
        (6, complete(6)),
        (9, queen_graph(3)),
        (16, queen_graph(4)),
        (1, vec![]),
        (4, vec![]),
    ] {
        assert_max_clique(n, &edges);
    }
    // Random graphs of 12 vertices, from a fixed seed.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..40 {
        let mut edges = Vec::new();
        for a in 1..=12 {
            for b in a + 1..=12 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if !seed.is_multiple_of(3) {
                    edges.push((a, b));
                }
            }
        }
        assert_max_clique(12, &edges);
    }
}

#[test]
fn on_the_queen_graph_the_maximum_clique_is_a_line_of_the_board() {
    // A greedy clique from the most adjacent cell finds the 2 x 2 centre.
    let queen8 = graph(64, &queen_graph(8));
    assert!(queen8.greedy_clique().len() < 8);
    let clique = queen8.max_clique();
    assert_eq!(clique.len(), 8);
    let cells: Vec<(usize, usize)> = clique.iter().map(|&v| ((v - 1) / 8, (v - 1) % 8)).collect();
    let same = |f: fn(&(usize, usize)) -> i64| cells.iter().all(|c| f(c) == f(&cells[0]));
    assert!(
        same(|c| c.0 as i64)
            || same(|c| c.1 as i64)
            || same(|c| c.0 as i64 - c.1 as i64)
            || same(|c| (c.0 + c.1) as i64),
        "{cells:?}"
    );
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
    use backtracker::{ModelBuilder, StopReason, VariableOrder};
    use backtracker_puzzles::coloring::NeighboursDiffer;

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
