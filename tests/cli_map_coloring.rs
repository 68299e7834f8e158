//! The `map_coloring` example as a command: the textbook map of Australia,
//! checked against the map written here and a brute-force count.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const NAME: &str = "map_coloring";

/// Builds the example (once) next to this test's own target directory
/// and returns its path.
fn binary() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| common::example_binary(NAME))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the example ends")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// A bad input: exit code 2, one line on stderr, nothing on stdout.
fn assert_rejected(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert_eq!(stdout(output), "", "no output for a bad input");
    let err = stderr(output);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(message), "{err:?} should contain {message:?}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The textbook map, written here independently of the library.
const BORDERS: [(&str, &str); 9] = [
    ("SA", "WA"),
    ("SA", "NT"),
    ("SA", "Q"),
    ("SA", "NSW"),
    ("SA", "V"),
    ("WA", "NT"),
    ("NT", "Q"),
    ("Q", "NSW"),
    ("NSW", "V"),
];
const REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];

/// Colourings of the map with 3 colours, by trying all 3^7 assignments.
fn brute_force_count() -> u64 {
    let at = |name: &str| REGIONS.iter().position(|r| *r == name).unwrap();
    (0..3u32.pow(7))
        .filter(|code| {
            let color = |region: usize| code / 3u32.pow(region as u32) % 3;
            BORDERS.iter().all(|&(a, b)| color(at(a)) != color(at(b)))
        })
        .count() as u64
}

#[test]
fn prints_a_proper_colouring_of_every_region() {
    let output = run(&[], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<(&str, &str)> = text
        .lines()
        .map(|l| l.split_once(' ').expect("REGION COLOUR"))
        .collect();
    let regions: Vec<&str> = lines.iter().map(|(r, _)| *r).collect();
    assert_eq!(regions, REGIONS);
    let color = |name: &str| lines.iter().find(|(r, _)| *r == name).unwrap().1;
    for (a, b) in BORDERS {
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
    let output = run(&["--count"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output), format!("{expected}\n"));
}

#[test]
fn trace_shows_the_whole_search_tree() {
    let output = run(&["--trace"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains(&format!("solution {}", brute_force_count())));
    assert!(!text.contains(&format!("solution {}", brute_force_count() + 1)));
    insta::assert_snapshot!("australia_trace", text);
}

#[test]
fn help_is_printed_on_standard_output() {
    let output = run(&["--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Usage: map_coloring"), "{text}");
    assert!(
        text.contains("--count") && text.contains("--trace"),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_one_line_errors() {
    assert_rejected(
        &run(&["--count", "--trace"], ""),
        "error: the argument '--count' cannot be used with '--trace'",
    );
    assert_rejected(
        &run(&["--colors", "4"], ""),
        "error: unexpected argument '--colors'",
    );
    assert_rejected(
        &run(&["australia.txt"], ""),
        "error: unexpected argument 'australia.txt'",
    );
}
