//! The `coloring` example as a command: chromatic numbers and colouring
//! counts of small graphs written here in DIMACS format, checked by
//! formulas and brute force, and every kind of bad input.

use crate::support::{
    assert_bad_input, assert_rejected, brute_force_colorings, complete, cycle, dimacs, is_proper,
    petersen, run, run_with_input, temp_file,
};

const NAME: &str = "coloring";

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
    assert!(is_proper(edges, &colors), "{text}");
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
        let output = run_with_input(NAME, &["--chromatic"], &dimacs(n, &edges));
        assert_eq!(output.code, Some(0), "{output:?}");
        assert_eq!(output.stdout, format!("{expected}\n"), "{edges:?}");
    }
}

#[test]
fn chromatic_with_a_node_limit_is_not_proven() {
    let queen = include_str!("../data/coloring/queen8_8.col");
    let output = run_with_input(
        NAME,
        &["--chromatic", "--node-limit", "50", "--quiet"],
        queen,
    );
    assert_eq!(output.code, Some(0), "{output:?}");
    let (colors, proof) = output.stdout.trim().split_once(' ').expect("a proof");
    // At least the chromatic number, 9 (published for queen8_8).
    assert!(colors.parse::<usize>().unwrap() >= 9, "{output:?}");
    assert_eq!(proof, "(not proven: node limit reached)");
    assert_bad_input(NAME, &["--colors", "3", "--node-limit", "5"], "--chromatic");
}

#[test]
fn stats_go_to_standard_error() {
    let output = run_with_input(NAME, &["--chromatic", "--stats"], &dimacs(10, &petersen()));
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, "3\n");
    // Each better colouring as it is found, then the statistics.
    let lines: Vec<&str> = output.stderr.lines().collect();
    assert!(
        lines[0].starts_with("found ") && lines[0].contains(" colours greedily"),
        "{output:?}"
    );
    assert!(
        lines[lines.len() - 2].starts_with("found 3 colours"),
        "{output:?}"
    );
    assert!(lines[lines.len() - 1].starts_with("nodes: "), "{output:?}");
    let quiet = run_with_input(
        NAME,
        &["--chromatic", "--stats", "--quiet"],
        &dimacs(10, &petersen()),
    );
    assert_eq!(quiet.stdout, "3\n");
    assert!(quiet.stderr.starts_with("nodes: "), "{quiet:?}");
    let count = run_with_input(
        NAME,
        &["--colors", "3", "--count", "--stats"],
        &dimacs(5, &cycle(5)),
    );
    assert_eq!(count.stdout, "30\n");
    assert!(count.stderr.contains(" ms"), "{count:?}");
}

#[test]
fn colours_from_a_file_or_says_there_is_none() {
    let graph = temp_file(&dimacs(10, &petersen()));
    let path = graph.path().to_str().unwrap();
    let three = run(NAME, &["--colors", "3", path]);
    assert_eq!(three.code, Some(0), "{three:?}");
    assert_eq!(three.stdout.matches('\n').count(), 10);
    assert_proper(&three.stdout, 10, &petersen(), 3);
    let two = run(NAME, &["--colors", "2", path]);
    assert_eq!(two.code, Some(0), "{two:?}");
    assert_eq!(two.stdout, "no 2-colouring\n");
    let k4 = run_with_input(NAME, &["--colors", "3", "-"], &dimacs(4, &complete(4)));
    assert_eq!(k4.stdout, "no 3-colouring\n");
    let k4 = run_with_input(NAME, &["--colors", "4"], &dimacs(4, &complete(4)));
    assert_proper(&k4.stdout, 4, &complete(4), 4);
}

#[test]
fn counts_match_the_cycle_formula_and_brute_force() {
    for n in [3usize, 4, 5, 6, 7] {
        for k in [2usize, 3, 4] {
            // (K - 1)^n + (-1)^n (K - 1)
            let sign: i128 = if n % 2 == 0 { 1 } else { -1 };
            let expected = (k as i128 - 1).pow(n as u32) + sign * (k as i128 - 1);
            let output = run_with_input(
                NAME,
                &["--count", "--colors", &k.to_string()],
                &dimacs(n, &cycle(n)),
            );
            assert_eq!(output.stdout, format!("{expected}\n"), "C{n}, {k} colours");
        }
    }
    let petersen_count = brute_force_colorings(10, &petersen(), 3);
    let output = run_with_input(
        NAME,
        &["--count", "--colors", "3"],
        &dimacs(10, &petersen()),
    );
    assert_eq!(output.stdout, format!("{petersen_count}\n"));
}

#[test]
fn classes_count_the_colourings_up_to_a_renaming_of_the_colours() {
    // The Petersen graph: 120 3-colourings, 20 up to the 3! renamings
    // (each uses all 3 colours); C5 with 3 colours: 30, 5 classes.
    for (n, edges, k, expected) in [
        (10, petersen(), "3", "120\n20\n"),
        (5, cycle(5), "3", "30\n5\n"),
        (4, complete(4), "3", "0\n0\n"),
    ] {
        let output = run_with_input(
            NAME,
            &["--count", "--classes", "--colors", k],
            &dimacs(n, &edges),
        );
        assert_eq!(output.code, Some(0), "{output:?}");
        assert_eq!(output.stdout, expected, "{edges:?}");
    }
    // Brute force's total, and a renaming of the colours by their first
    // vertices (colourings that one renaming gives are one class).
    let edges = [(1, 2), (2, 3), (3, 4), (4, 1), (1, 5)];
    let total = brute_force_colorings(5, &edges, 4);
    let output = run_with_input(
        NAME,
        &["--count", "--classes", "--colors", "4"],
        &dimacs(5, &edges),
    );
    // C4 with 4 colours: 84 colourings (3^4 + 3); vertex 5 then has 3.
    assert_eq!(total, 84 * 3);
    let lines: Vec<&str> = output.stdout.lines().collect();
    assert_eq!(lines[0], total.to_string());
    // Classes: C4 uses 2 colours (1 class: abab), 3 colours (abac, abcb:
    // 2 classes), 4 colours (abcd: 1 class); vertex 5 takes one of the
    // used colours but vertex 1's or a new one: 1 + 2 * 2 + ... counted by
    // hand: abab -> 5 in {b, new}: 2; abac, abcb -> {b, c, new} minus a:
    // 3 each; abcd -> {b, c, d}: 3. 2 + 3 + 3 + 3 = 11.
    assert_eq!(lines[1], "11");
    assert_rejected(
        &run_with_input(NAME, &["--classes", "--colors", "3"], &dimacs(5, &cycle(5))),
        "--count",
    );
}

#[test]
fn help_is_printed_on_standard_output() {
    crate::support::assert_help(
        NAME,
        &[
            "--colors",
            "--chromatic",
            "--count",
            "--classes",
            "--node-limit",
            "--quiet",
        ],
    );
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
        assert_rejected(&run_with_input(NAME, &["--colors", "3"], text), message);
        assert_rejected(&run_with_input(NAME, &["--chromatic"], text), message);
    }
    let graph = temp_file("p edge 2 1\ne 1 3\n");
    assert_bad_input(
        NAME,
        &["--count", "--colors", "2", graph.path().to_str().unwrap()],
        "line 2: ",
    );
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.col");
    assert_bad_input(
        NAME,
        &["--chromatic", missing.to_str().unwrap()],
        "error: cannot read ",
    );
    assert_bad_input(
        NAME,
        &[],
        "error: the following required arguments were not provided: <--colors <K>|--chromatic>",
    );
    assert_bad_input(
        NAME,
        &["--colors", "0"],
        "error: invalid value '0' for '--colors <K>'",
    );
    assert_bad_input(
        NAME,
        &["--colors", "65"],
        "error: invalid value '65' for '--colors <K>'",
    );
    assert_bad_input(NAME, &["--colors", "many"], "--colors");
    assert_bad_input(
        NAME,
        &["--count"],
        "error: the following required arguments were not provided",
    );
    assert_bad_input(
        NAME,
        &["--chromatic", "--colors", "3"],
        "cannot be used with",
    );
    assert_bad_input(NAME, &["--chromatic", "--count"], "cannot be used with");
    assert_bad_input(
        NAME,
        &["--chromatic", "--nope"],
        "error: unexpected argument '--nope'",
    );
}

#[test]
fn many_vertices_and_repeated_edges_are_read_in_linear_time() {
    // 131,072 isolated vertices need one colour; reading them and finding
    // it used to take half a minute (a scan per vertex).
    let output = run_with_input(NAME, &["--chromatic"], "p edge 131072 0\n");
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, "1\n");
    // A star of 100,000 edges, each given twice: two colours (a tree).
    // De-duplicating edges used to compare each with every earlier one.
    let leaves = 100_000;
    let mut text = format!("p edge {} {}\n", leaves + 1, 2 * leaves);
    for v in 2..=leaves + 1 {
        text.push_str(&format!("e 1 {v}\ne {v} 1\n"));
    }
    let output = run_with_input(NAME, &["--chromatic"], &text);
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, "2\n");
}

#[test]
fn many_isolated_vertices_are_coloured_without_a_scan_per_node() {
    // Smallest-domain-first used to filter every vertex at every node:
    // 131,072 isolated vertices with one colour took minutes.
    let output = run_with_input(NAME, &["--colors", "1"], "p edge 131072 0\n");
    assert_eq!(output.code, Some(0), "{output:?}");
    let lines: Vec<&str> = output.stdout.lines().collect();
    assert_eq!(lines.len(), 131_072);
    assert_eq!(lines[0], "1 0");
    assert_eq!(lines[131_071], "131072 0");
}
