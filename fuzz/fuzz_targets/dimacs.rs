//! `Graph::parse_dimacs`: no panic, and a graph read, written again in
//! DIMACS form, reads the same.

#![no_main]

use std::fmt::Write;

use backtracker_puzzles::coloring::{Graph, MAX_VERTICES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = Graph::parse_dimacs(text) else {
        return;
    };
    let n = graph.vertices();
    assert!(n <= MAX_VERTICES);
    let mut written = format!("p edge {n} {}\n", graph.edges().len());
    for &(u, v) in graph.edges() {
        assert!(1 <= u && u < v && v <= n, "edge ({u}, {v}) of {n} vertices");
        writeln!(written, "e {u} {v}").unwrap();
    }
    let again = Graph::parse_dimacs(&written).expect("a graph written reads again");
    assert_eq!(again.vertices(), n);
    assert_eq!(again.edges(), graph.edges());
    let degrees: usize = (1..=n.min(4096)).map(|v| graph.degree(v)).sum();
    assert!(degrees <= 2 * graph.edges().len());
});
