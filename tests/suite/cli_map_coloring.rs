//! The `map_coloring` example as a command: the textbook map of Australia,
//! checked against the map written in the tests (`common`) and a
//! brute-force count.

use crate::support::{
    MAP_BORDERS, MAP_REGIONS, assert_bad_input, brute_force_colorings, map_edges, run,
};

const NAME: &str = "map_coloring";

/// Colourings of the map with 3 colours, by trying all 3^7 assignments.
fn brute_force_count() -> u128 {
    brute_force_colorings(MAP_REGIONS.len(), &map_edges(), 3)
}

#[test]
fn prints_a_proper_colouring_of_every_region() {
    let output = run(NAME, &[]);
    assert_eq!(output.code, Some(0), "{output:?}");
    let text = &output.stdout;
    let lines: Vec<(&str, &str)> = text
        .lines()
        .map(|l| l.split_once(' ').expect("REGION COLOUR"))
        .collect();
    let regions: Vec<&str> = lines.iter().map(|(r, _)| *r).collect();
    assert_eq!(regions, MAP_REGIONS);
    let color = |name: &str| lines.iter().find(|(r, _)| *r == name).unwrap().1;
    for (a, b) in MAP_BORDERS {
        assert_ne!(color(a), color(b), "{a} and {b} share a border");
    }
    for (_, c) in &lines {
        assert!(["red", "green", "blue"].contains(c), "{c}");
    }
    // Declared order, colours in order: the textbook's first answer.
    assert_eq!(
        text,
        "WA red\nNT green\nSA blue\nQ red\nNSW green\nV red\nT red\n"
    );
}

#[test]
fn count_matches_brute_force() {
    let expected = brute_force_count();
    assert_eq!(expected, 18);
    let output = run(NAME, &["--count"]);
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, format!("{expected}\n"));
}

#[test]
fn trace_shows_the_whole_search_tree() {
    let output = run(NAME, &["--trace"]);
    assert_eq!(output.code, Some(0), "{output:?}");
    let text = &output.stdout;
    assert!(text.contains(&format!("solution {}", brute_force_count())));
    assert!(!text.contains(&format!("solution {}", brute_force_count() + 1)));
    insta::assert_snapshot!("australia_trace", text);
}

#[test]
fn help_is_printed_on_standard_output() {
    crate::support::assert_help(NAME, &["--count", "--trace"]);
}

#[test]
fn bad_arguments_are_one_line_errors() {
    assert_bad_input(
        NAME,
        &["--count", "--trace"],
        "error: the argument '--count' cannot be used with '--trace'",
    );
    assert_bad_input(
        NAME,
        &["--colors", "4"],
        "error: unexpected argument '--colors'",
    );
    assert_bad_input(
        NAME,
        &["australia.txt"],
        "error: unexpected argument 'australia.txt'",
    );
}
