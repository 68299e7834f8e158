//! The `coloring` example as a command: chromatic numbers and colouring
//! counts of small graphs written here in DIMACS format, checked by
//! formulas and brute force, and every kind of bad input.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const NAME: &str = "coloring";

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

/// A temporary file holding `text`.
fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(text.as_bytes()).expect("written");
    f
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

/// Proper colourings with `k` colours, by trying every assignment.
fn brute_force_colorings(n: usize, edges: &[(usize, usize)], k: usize) -> u128 {
    let mut colors = vec![0usize; n];
    let mut count = 0;
    loop {
        if edges.iter().all(|&(u, v)| colors[u - 1] != colors[v - 1]) {
            count += 1;
        }
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            colors[i] += 1;
            if colors[i] < k {
                break;
            }
            colors[i] = 0;
            i += 1;
        }
    }
}

fn cycle(n: usize) -> Vec<(usize, usize)> {
    (1..=n).map(|v| (v, v % n + 1)).collect()
}

fn complete(n: usize) -> Vec<(usize, usize)> {
    (1..=n)
        .flat_map(|u| (u + 1..=n).map(move |v| (u, v)))
        .collect()
}

/// The Petersen graph: outer 5-cycle 1-5, spokes to 6-10, inner pentagram.
fn petersen() -> Vec<(usize, usize)> {
    let mut edges = cycle(5);
    edges.extend((1..=5).map(|v| (v, v + 5)));
    edges.extend((0..5).map(|i| (6 + i, 6 + (i + 2) % 5)));
    edges
}

fn dimacs(n: usize, edges: &[(usize, usize)]) -> String {
    let mut text = format!("c a graph\np edge {n} {}\n", edges.len());
    for (u, v) in edges {
        text.push_str(&format!("e {u} {v}\n"));
    }
    text
}

/// Reads `vertex colour` lines and checks they colour every vertex
/// properly with colours below `k`.
fn assert_proper(text: &str, n: usize, edges: &[(usize, usize)], k: usize) {
    let mut colors = vec![None; n];
    for line in text.lines() {
        let fields: Vec<usize> = line
            .split(' ')
            .map(|f| f.parse().expect("numbers"))
            .collect();
        assert_eq!(fields.len(), 2, "{line}");
        assert!(fields[1] < k, "{line}");
        assert_eq!(
            colors[fields[0] - 1].replace(fields[1]),
            None,
            "vertex twice: {line}"
        );
    }
    let colors: Vec<usize> = colors
        .into_iter()
        .map(|c| c.expect("every vertex"))
        .collect();
    assert!(
        edges.iter().all(|&(u, v)| colors[u - 1] != colors[v - 1]),
        "{text}"
    );
}

#[test]
fn chromatic_numbers_of_small_graphs() {
    for (n, edges, expected) in [
        (5, cycle(5), "3"),
        (4, complete(4), "4"),
        (10, petersen(), "3"),
        (8, cycle(8), "2"),
        (1, vec![], "1"),
    ] {
        let output = run(&["--chromatic"], &dimacs(n, &edges));
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stdout(&output), format!("{expected}\n"), "{edges:?}");
    }
}

#[test]
fn colours_from_a_file_or_says_there_is_none() {
    let graph = file(&dimacs(10, &petersen()));
    let path = graph.path().to_str().unwrap();
    let three = run(&["--colors", "3", path], "");
    assert!(three.status.success());
    assert_eq!(three.stdout.iter().filter(|&&b| b == b'\n').count(), 10);
    assert_proper(&stdout(&three), 10, &petersen(), 3);
    let two = run(&["--colors", "2", path], "");
    assert!(two.status.success());
    assert_eq!(stdout(&two), "no 2-colouring\n");
    let k4 = run(&["--colors", "3", "-"], &dimacs(4, &complete(4)));
    assert_eq!(stdout(&k4), "no 3-colouring\n");
    let k4 = run(&["--colors", "4"], &dimacs(4, &complete(4)));
    assert_proper(&stdout(&k4), 4, &complete(4), 4);
}

#[test]
fn counts_match_the_cycle_formula_and_brute_force() {
    for n in [3usize, 4, 5, 6, 7] {
        for k in [2usize, 3, 4] {
            // (K - 1)^n + (-1)^n (K - 1)
            let sign: i128 = if n % 2 == 0 { 1 } else { -1 };
            let expected = (k as i128 - 1).pow(n as u32) + sign * (k as i128 - 1);
            let output = run(
                &["--count", "--colors", &k.to_string()],
                &dimacs(n, &cycle(n)),
            );
            assert_eq!(
                stdout(&output),
                format!("{expected}\n"),
                "C{n}, {k} colours"
            );
        }
    }
    let petersen_count = brute_force_colorings(10, &petersen(), 3);
    let output = run(&["--count", "--colors", "3"], &dimacs(10, &petersen()));
    assert_eq!(stdout(&output), format!("{petersen_count}\n"));
}

#[test]
fn help_is_printed_on_standard_output() {
    let output = run(&["--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Usage: coloring"), "{text}");
    for option in ["--colors", "--chromatic", "--count"] {
        assert!(text.contains(option), "{option} in {text}");
    }
}

#[test]
fn malformed_files_are_errors_naming_the_line() {
    let cases = [
        (
            "p edge 3 1\ne 1 4\n",
            "error: line 2: vertex 4 does not exist (vertices are 1 to 3)",
        ),
        (
            "c ok\np edge 3 1\ne 2 2\n",
            "error: line 3: edge from vertex 2 to itself",
        ),
        ("e 1 2\n", "error: line 1: edge before the problem line"),
        ("p edge 3 1\nx\n", "error: line 2: unknown line type `x`"),
        (
            "p edge 3 1\ne 1 b\n",
            "error: line 2: vertex `b` is not a number",
        ),
        (
            "p edge 3\n",
            "error: line 1: expected `p edge VERTICES EDGES`",
        ),
        (
            "p edge 3 1\np edge 3 1\n",
            "error: line 2: a second problem line",
        ),
        ("c nothing here\n", "error: no problem line `p edge V E`"),
    ];
    for (text, message) in cases {
        assert_rejected(&run(&["--colors", "3"], text), message);
        assert_rejected(&run(&["--chromatic"], text), message);
    }
    let graph = file("p edge 2 1\ne 1 3\n");
    assert_rejected(
        &run(
            &["--count", "--colors", "2", graph.path().to_str().unwrap()],
            "",
        ),
        "line 2: ",
    );
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.col");
    assert_rejected(
        &run(&["--chromatic", missing.to_str().unwrap()], ""),
        "error: cannot read ",
    );
    assert_rejected(
        &run(&[], ""),
        "error: the following required arguments were not provided: <--colors <K>|--chromatic>",
    );
    assert_rejected(
        &run(&["--colors", "0"], ""),
        "error: invalid value '0' for '--colors <K>'",
    );
    assert_rejected(
        &run(&["--colors", "65"], ""),
        "error: invalid value '65' for '--colors <K>'",
    );
    assert_rejected(&run(&["--colors", "many"], ""), "--colors");
    assert_rejected(
        &run(&["--count"], ""),
        "error: the following required arguments were not provided",
    );
    assert_rejected(
        &run(&["--chromatic", "--colors", "3"], ""),
        "cannot be used with",
    );
    assert_rejected(&run(&["--chromatic", "--count"], ""), "cannot be used with");
    assert_rejected(
        &run(&["--chromatic", "--nope"], ""),
        "error: unexpected argument '--nope'",
    );
}
