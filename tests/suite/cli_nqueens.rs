//! The `nqueens` example as a process: every command and every bad input,
//! counts against OEIS A000170 and A002562 (work units, checkpoints and interruption
//! are in `cli_nqueens_units`).
//!
//! Known answers are typed in from independent sources (OEIS A000170,
//! `n^n` and `n!`) or computed here by brute force.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::support::{assert_bad_input, assert_rejected, example_command, run, run_with_input};
use backtracker_puzzles::MAX_QUEENS;

use crate::support::A000170;

// ---------------------------------------------------------------- helpers

pub(super) const NAME: &str = "nqueens";

/// A successful run: exit 0; returns its standard output.
pub(super) fn ok(args: &[&str]) -> String {
    crate::support::run_ok(NAME, args)
}

/// The count printed for `args`, checking that it is the only output.
pub(super) fn count(args: &[&str]) -> u128 {
    let r = run(NAME, args);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    let line = r
        .stdout
        .strip_suffix('\n')
        .expect("one line ending in a newline");
    assert!(!line.contains('\n'), "more than one line: {r:?}");
    line.parse().expect("a number")
}

/// Whether queens at `cols[r]` in each row `r` leave out the attacks in `rules`.
fn satisfies(cols: &[usize], columns: bool, diagonals: bool, anti: bool) -> bool {
    for a in 0..cols.len() {
        for b in a + 1..cols.len() {
            let (ca, cb) = (cols[a] as i64, cols[b] as i64);
            let (ra, rb) = (a as i64, b as i64);
            if (columns && ca == cb)
                || (diagonals && ra + ca == rb + cb)
                || (anti && ca - ra == cb - rb)
            {
                return false;
            }
        }
    }
    true
}

/// Every placement of one queen per row, in lexicographic order.
fn placements(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let total = n.pow(n as u32);
    (0..total).map(move |mut k| {
        let mut cols = vec![0; n];
        for slot in cols.iter_mut().rev() {
            *slot = k % n;
            k /= n;
        }
        cols
    })
}

fn brute_force_solutions(n: usize) -> Vec<Vec<usize>> {
    placements(n)
        .filter(|c| satisfies(c, true, true, true))
        .collect()
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

// ----------------------------------------------------------------- counts

#[test]
fn eight_prints_92_and_nothing_else() {
    let r = run(NAME, &["8"]);
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "92\n");
    assert_eq!(r.stderr, "");
}

#[test]
fn n_from_standard_input() {
    let r = run_with_input(NAME, &[], "8\n");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "92\n", "")
    );
    let r = run_with_input(NAME, &[], "  10  \n");
    assert_eq!(r.stdout, "724\n");
    let r = run_with_input(NAME, &["--first", "--format", "list"], "8");
    assert_eq!(r.stdout, "0 4 7 5 2 6 1 3\n");
}

#[test]
fn counts_match_oeis_a000170_for_0_to_12() {
    for (n, &expected) in A000170.iter().enumerate().take(13) {
        assert_eq!(count(&[&n.to_string()]), expected, "N = {n}");
    }
}

#[test]
fn every_thread_count_gives_the_same_count() {
    for n in [1usize, 5, 8, 11, 12] {
        for threads in ["0", "1", "2", "7"] {
            let got = count(&[&n.to_string(), "--threads", threads]);
            assert_eq!(got, A000170[n], "N = {n}, --threads {threads}");
        }
    }
}

#[test]
fn no_symmetry_gives_the_same_count() {
    for n in [0usize, 1, 4, 7, 9, 12] {
        for threads in ["1", "2"] {
            let got = count(&[&n.to_string(), "--no-symmetry", "--threads", threads]);
            assert_eq!(
                got, A000170[n],
                "N = {n}, --no-symmetry --threads {threads}"
            );
        }
    }
}

#[test]
fn constraints_progression_for_eight() {
    assert_eq!(count(&["8", "--constraints", "none"]), 16_777_216); // 8^8
    assert_eq!(count(&["8", "--constraints", "columns"]), 40_320); // 8!
    assert_eq!(
        count(&["8", "--constraints", "columns,diagonals,anti-diagonals"]),
        92
    );
    assert_eq!(
        count(&["8", "--constraints", "anti-diagonals,columns,diagonals"]),
        92
    );
}

#[test]
fn every_constraint_subset_matches_brute_force() {
    let subsets: [(&str, bool, bool, bool); 8] = [
        ("none", false, false, false),
        ("columns", true, false, false),
        ("diagonals", false, true, false),
        ("anti-diagonals", false, false, true),
        ("columns,diagonals", true, true, false),
        ("columns,anti-diagonals", true, false, true),
        ("diagonals,anti-diagonals", false, true, true),
        ("columns,diagonals,anti-diagonals", true, true, true),
    ];
    for n in [4usize, 5] {
        for (names, columns, diagonals, anti) in subsets {
            let expected = placements(n)
                .filter(|c| satisfies(c, columns, diagonals, anti))
                .count() as u128;
            for extra in [None, Some("--no-symmetry")] {
                let n_text = n.to_string();
                let mut args = vec![n_text.as_str(), "--constraints", names];
                args.extend(extra);
                assert_eq!(count(&args), expected, "nqueens {args:?}");
            }
        }
    }
}

// ------------------------------------------------------- showing solutions

#[test]
fn first_solution_as_a_board() {
    let board = ok(&["8", "--first"]);
    insta::assert_snapshot!("n8_first_board", board);
    // The board is the lexicographically first solution, found by brute force.
    let first = &brute_force_solutions(8)[0];
    let expected: String = first
        .iter()
        .map(|&c| {
            let mut row: String = (0..8).map(|col| if col == c { 'Q' } else { '.' }).collect();
            row.push('\n');
            row
        })
        .collect();
    assert_eq!(board, expected);
}

#[test]
fn first_solution_as_a_list() {
    let r = run(NAME, &["8", "--first", "--format", "list"]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "0 4 7 5 2 6 1 3\n", "")
    );
}

#[test]
fn first_without_a_solution_exits_1() {
    for n in ["2", "3"] {
        let r = run(NAME, &[n, "--first"]);
        assert_eq!(r.code, Some(1), "{r:?}");
        assert_eq!(r.stdout, "");
        assert_eq!(r.stderr, format!("error: no solution for N = {n}\n"));
    }
}

#[test]
fn all_solutions_as_lists_match_brute_force() {
    for n in [1usize, 4, 5, 6] {
        let text = ok(&[&n.to_string(), "--all", "--format", "list"]);
        let expected: Vec<String> = brute_force_solutions(n)
            .iter()
            .map(|c| c.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(lines(&text), expected, "N = {n}");
    }
}

#[test]
fn all_solutions_as_boards() {
    let text = ok(&["4", "--all"]);
    assert_eq!(text, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n");
    let r = run(NAME, &["3", "--all"]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""));
}

// ---------------------------------------------------------- stats and trace

/// Standard error of `--stats` without the time line (the only figure that varies).
fn stats_without_time(args: &[&str]) -> (String, String) {
    let r = run(NAME, args);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stderr.lines().filter(|l| l.starts_with("time: ")).count(),
        1,
        "{r:?}"
    );
    let stats: String = r
        .stderr
        .lines()
        .filter(|l| !l.starts_with("time: "))
        .map(|l| format!("{l}\n"))
        .collect();
    (r.stdout, stats)
}

/// The figures of the plain row-by-row search tree, walked here: nodes
/// (placements that break no rule), solutions, and for each rule the
/// candidates it is the first to refuse. With `half`, row 0 only takes the
/// left half of the board (even `n`), as the mirror symmetry does.
fn tree_figures(n: usize, rules: [bool; 3], half: bool) -> String {
    fn walk(n: usize, rules: [bool; 3], cols: &mut Vec<usize>, figures: &mut (u64, u64, [u64; 3])) {
        if cols.len() == n {
            figures.1 += 1;
            return;
        }
        let row = cols.len();
        for c in 0..n {
            let clash = |rule: usize| {
                rules[rule]
                    && cols.iter().enumerate().any(|(r, &q)| match rule {
                        0 => q == c,
                        1 => r + q == row + c,
                        _ => q + row == c + r,
                    })
            };
            if let Some(rule) = (0..3).find(|&rule| clash(rule)) {
                figures.2[rule] += 1;
                continue;
            }
            figures.0 += 1;
            cols.push(c);
            walk(n, rules, cols, figures);
            cols.pop();
        }
    }
    let mut figures = (0, 0, [0; 3]);
    let first_row = if half { n / 2 } else { n };
    for c in 0..first_row {
        figures.0 += 1;
        walk(n, rules, &mut vec![c], &mut figures);
    }
    let mut text = format!(
        "nodes: {}\nsolutions: {}\nmax depth: {n}\n",
        figures.0, figures.1
    );
    for (i, name) in ["columns", "diagonals", "anti-diagonals"]
        .iter()
        .enumerate()
    {
        if rules[i] {
            text.push_str(&format!("rejected by {name}: {}\n", figures.2[i]));
        }
    }
    text
}

#[test]
fn stats_for_the_constraints_progression() {
    let progression = [
        ("none", [false, false, false], "16777216\n"),
        ("columns", [true, false, false], "40320\n"),
        (
            "columns,diagonals,anti-diagonals",
            [true, true, true],
            "92\n",
        ),
    ];
    for (names, rules, answer) in progression {
        for (symmetry, extra) in [(true, None), (false, Some("--no-symmetry"))] {
            let mut args = vec!["8", "--constraints", names, "--stats", "--threads", "1"];
            args.extend(extra);
            let (out, stats) = stats_without_time(&args);
            assert_eq!(out, answer, "{args:?}");
            let expected = format!(
                "{}stop: completed\nthreads: 1\n",
                tree_figures(8, rules, symmetry)
            );
            if symmetry && rules == [true; 3] {
                // The reference model counts by orbits under the board's 8
                // symmetries: fewer nodes than the mirror's half tree.
                let nodes = |text: &str| -> u64 {
                    text.lines()
                        .next()
                        .unwrap()
                        .strip_prefix("nodes: ")
                        .unwrap()
                        .parse()
                        .unwrap()
                };
                assert!(nodes(&stats) < nodes(&expected), "{stats}");
                continue;
            }
            assert_eq!(stats, expected, "{args:?}");
        }
    }
    let stats = |names: &str| {
        stats_without_time(&["8", "--constraints", names, "--stats", "--threads", "1"]).1
    };
    insta::assert_snapshot!("n8_stats_constraints_none", stats("none"));
    insta::assert_snapshot!("n8_stats_constraints_columns", stats("columns"));
    insta::assert_snapshot!(
        "n8_stats_constraints_all",
        stats("columns,diagonals,anti-diagonals")
    );
}

/// `--plain` (boxed checkers with used-line arrays, asked value by value)
/// counts like OEIS and searches the very tree of the reference model: the
/// same figures, traces and solutions.
#[test]
fn plain_checkers_search_the_same_tree() {
    for (n, &expected) in A000170.iter().enumerate().take(12) {
        let n = n.to_string();
        assert_eq!(count(&[&n, "--plain"]), expected, "N = {n}");
        assert_eq!(
            count(&[&n, "--plain", "--no-symmetry"]),
            expected,
            "N = {n}"
        );
    }
    for (symmetry, extra) in [(true, None), (false, Some("--no-symmetry"))] {
        let mut args = vec!["8", "--plain", "--stats"];
        args.extend(extra);
        let (out, stats) = stats_without_time(&args);
        assert_eq!(out, "92\n", "{args:?}");
        let expected = format!(
            "{}stop: completed\nthreads: 1\n",
            tree_figures(8, [true; 3], symmetry)
        );
        assert_eq!(stats, expected, "{args:?}");
    }
    for args in [
        &["5", "--trace"][..],
        &["6", "--trace", "--first"],
        &["6", "--all", "--format", "list"],
        &["8", "--first"],
    ] {
        let plain: Vec<&str> = args.iter().copied().chain(["--plain"]).collect();
        assert_eq!(ok(&plain), ok(args), "{args:?}");
    }
}

#[test]
fn stats_with_threads_keep_the_count() {
    let (out, stats) = stats_without_time(&["10", "--stats", "--threads", "2"]);
    assert_eq!(out, "724\n");
    assert!(
        stats.contains("nodes: ") && stats.contains("threads: 2"),
        "{stats}"
    );
    let (out, stats) = stats_without_time(&["6", "--first", "--format", "list", "--stats"]);
    assert_eq!(out, "1 3 5 0 2 4\n");
    assert!(stats.contains("solutions: 1\n"), "{stats}");
}

#[test]
fn trace_of_four_queens() {
    let r = run(NAME, &["4", "--trace"]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    assert_eq!(r.stdout.matches("solution ").count(), 2);
    insta::assert_snapshot!("n4_trace", r.stdout);
}

#[test]
fn trace_of_four_queens_to_the_first_solution() {
    let text = ok(&["4", "--trace", "--first"]);
    assert!(
        text.contains("solution 1") && !text.contains("solution 2"),
        "{text}"
    );
    insta::assert_snapshot!("n4_trace_first", text);
}

#[test]
fn trace_limit_truncates() {
    let text = ok(&["8", "--trace", "--trace-limit", "5"]);
    let events: Vec<&str> = text.lines().take_while(|l| *l != "--").collect();
    assert_eq!(events.len(), 6, "{text}");
    assert_eq!(events[5], "... truncated after 5 events");
    // Without a limit the default cap of 10000 events applies.
    let text = ok(&["12", "--trace"]);
    assert!(text.contains("... truncated after 10000 events"));
}

#[test]
fn trace_as_dot() {
    let dot = ok(&["4", "--trace", "--trace-format", "dot"]);
    assert!(dot.starts_with("digraph"), "{dot}");
    assert_eq!(dot.matches("solution ").count(), 2);
    insta::assert_snapshot!("n4_trace_dot", dot);
    let explicit_text = ok(&["4", "--trace", "--trace-format", "text"]);
    assert_eq!(explicit_text, ok(&["4", "--trace"]));
    // Graphviz, when installed, must accept it.
    if let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        child
            .stdin
            .take()
            .expect("dot stdin")
            .write_all(dot.as_bytes())
            .expect("write to dot");
        let out = child.wait_with_output().expect("run dot");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
    }
}

#[test]
fn trace_of_a_constraint_subset_names_only_its_checkers() {
    let text = ok(&["3", "--trace", "--constraints", "columns"]);
    assert!(text.contains("rejected by columns"), "{text}");
    assert!(!text.contains("diagonals"), "{text}");
    assert!(text.contains("solution 6"), "{text}"); // 3! permutations
}

#[test]
fn help_and_version() {
    crate::support::assert_help(
        NAME,
        &[
            "--first",
            "--all",
            "--format",
            "--constraints",
            "--plain",
            "--stats",
            "--trace",
            "--trace-limit",
            "--trace-format",
            "--threads",
            "--no-symmetry",
            "--split",
            "--unit",
            "--merge",
            "--checkpoint",
        ],
    );
    let r = run(NAME, &["--version"]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.starts_with("nqueens "));
}

// -------------------------------------------------------------- bad input

#[test]
fn bad_n_is_refused() {
    assert_bad_input(NAME, &["abc"], "`abc`");
    assert_bad_input(NAME, &["-3"], "`-3`");
    assert_bad_input(NAME, &["1e3"], "`1e3`");
    assert_bad_input(NAME, &["8.0"], "`8.0`");
    assert_bad_input(NAME, &["+4"], "`+4`");
    assert_bad_input(NAME, &[""], "``");
    let too_big = (MAX_QUEENS + 1).to_string();
    assert_bad_input(NAME, &[&too_big], &too_big);
    assert_bad_input(
        NAME,
        &["99999999999999999999999"],
        "99999999999999999999999",
    );
    assert_bad_input(NAME, &["8", "9"], "9");
    assert_rejected(&run_with_input(NAME, &[], "abc\n"), "`abc`");
    assert_rejected(&run_with_input(NAME, &[], "-3"), "`-3`");
    assert_rejected(&run_with_input(NAME, &[], "1e3\n"), "`1e3`");
    assert_rejected(
        &run_with_input(NAME, &[], &format!("{too_big}\n")),
        &too_big,
    );
    assert_rejected(&run_with_input(NAME, &[], "8 9\n"), "8 9");
    assert_rejected(&run_with_input(NAME, &[], ""), "standard input is empty");
    assert_rejected(
        &run_with_input(NAME, &[], "\n \n"),
        "standard input is empty",
    );
    assert_bad_input(NAME, &[], "standard input is empty");
}

#[test]
fn n_on_standard_input_may_have_blanks_around_it() {
    let r = run_with_input(NAME, &[], " 0\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "1\n"), "{r:?}");
    let r = run_with_input(NAME, &[], "\t8 \n\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "92\n"), "{r:?}");
}

#[test]
fn largest_supported_board_is_accepted() {
    // A split at depth 1 answers at once, so it shows the largest N is taken.
    let largest = MAX_QUEENS.to_string();
    let units = ok(&[&largest, "--split", "1"]);
    assert!(units.lines().count() > 0);
    assert!(units.contains(&format!("model=nqueens-{MAX_QUEENS} ")));
}

#[test]
fn bad_flags_are_refused() {
    assert_bad_input(NAME, &["8", "--constraints", "rows"], "`rows`");
    assert_bad_input(NAME, &["8", "--constraints", "columns,columns"], "columns");
    assert_bad_input(NAME, &["8", "--constraints", "columns,"], "empty name");
    assert_bad_input(NAME, &["8", "--constraints", "none,columns"], "none");
    assert_bad_input(NAME, &["8", "--constraints", ""], "--constraints");
    assert_bad_input(
        NAME,
        &["8", "--plain", "--constraints", "columns"],
        "--plain",
    );
    assert_bad_input(NAME, &["8", "--plain", "--split", "2"], "--plain");
    assert_bad_input(NAME, &["8", "--plain", "--threads", "2"], "one thread");
    assert_bad_input(
        NAME,
        &["8", "--constraints", "columns", "--threads", "0"],
        "one thread",
    );
    assert_bad_input(NAME, &["8", "--frist"], "--frist");
    assert_bad_input(NAME, &["8", "-x"], "-x");
    assert_bad_input(NAME, &["8", "--format", "grid", "--first"], "grid");
    assert_bad_input(NAME, &["8", "--format", "list"], "--first");
    assert_bad_input(NAME, &["8", "--first", "--all"], "--all");
    assert_bad_input(NAME, &["8", "--threads", "many"], "many");
    assert_bad_input(NAME, &["8", "--threads", "-1"], "-1");
    assert_bad_input(NAME, &["8", "--threads", "2", "--first"], "--threads");
    assert_bad_input(NAME, &["8", "--trace-limit", "5"], "--trace");
    assert_bad_input(NAME, &["8", "--trace", "--trace-limit", "0"], "0");
    assert_bad_input(NAME, &["8", "--trace", "--trace-format", "svg"], "svg");
    assert_bad_input(NAME, &["8", "--split", "x"], "x");
    assert_bad_input(
        NAME,
        &["8", "--split", "2", "--constraints", "columns"],
        "--constraints",
    );
    assert_bad_input(NAME, &["8", "--depth", "2"], "--checkpoint");
    // --workers chooses the depth of --split auto, which a depth overrides.
    assert_bad_input(NAME, &["8", "--split", "2", "--workers", "4"], "--workers");
}

/// Ctrl-C while a long trace is recorded, rendered or written: exit code
/// 130, and standard output holds whole lines at most, never the whole
/// trace with its footer (the trace of 10 million events is about 600 MB).
#[test]
fn an_interrupted_trace_is_not_written_whole_and_exits_130() {
    for format in ["text", "html"] {
        let child = example_command(
            NAME,
            &[
                "20",
                "--trace",
                "--trace-limit",
                "10000000",
                "--trace-format",
                format,
            ],
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nqueens starts");
        // Long enough for the Ctrl-C handler to be installed, far too short
        // for the trace to be recorded and written.
        std::thread::sleep(std::time::Duration::from_secs(1));
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let output = child.wait_with_output().expect("nqueens ends");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(130),
            "{format}: {:?}",
            output.status
        );
        assert!(
            stdout.is_empty() || stdout.ends_with('\n'),
            "{format}: a cut line"
        );
        assert!(
            !stdout.contains("\nstop: ") && !stdout.contains("</html>"),
            "{format}: written whole"
        );
    }
    // Ctrl-C once the trace is being written: the first bytes read say the
    // writing has begun, and the pipe, full, holds the writer back until
    // the signal is sent, so the rest is cut at a block, not written whole.
    for format in ["text", "html"] {
        let mut child = example_command(
            NAME,
            &[
                "16",
                "--trace",
                "--trace-limit",
                "2000000",
                "--trace-format",
                format,
            ],
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("nqueens starts");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut first = [0u8; 4096];
        let mut got = 0;
        while got < first.len() {
            let n = stdout.read(&mut first[got..]).expect("the trace is read");
            assert!(n > 0, "{format}: the trace ended after {got} bytes");
            got += n;
        }
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let mut rest = Vec::new();
        stdout.read_to_end(&mut rest).expect("the rest is read");
        let status = child.wait().expect("nqueens ends");
        assert_eq!(status.code(), Some(130), "{format}: {status:?}");
        let written = [&first[..], &rest].concat();
        let text = String::from_utf8_lossy(&written);
        assert!(text.ends_with('\n'), "{format}: a cut line");
        // The text ends in its footer, the page in `</html>` (the page
        // shows the footer's lines near its top).
        let end = if format == "text" {
            "\nstop: "
        } else {
            "</html>"
        };
        assert!(
            !text.contains(end),
            "{format}: written whole after Ctrl-C ({} bytes)",
            written.len()
        );
    }
}

/// OEIS A002562: the fundamental solutions of n queens (up to the board's
/// 8 symmetries), n = 1, 2, ...
const A002562: [u128; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

#[test]
fn classes_print_the_count_and_the_fundamental_solutions_as_oeis_does() {
    for n in 1..=12 {
        let text = ok(&[&n.to_string(), "--classes"]);
        assert_eq!(
            text,
            format!("{}\n{}\n", A000170[n], A002562[n - 1]),
            "n = {n}"
        );
    }
    assert_eq!(ok(&["0", "--classes"]), "1\n1\n");
    let r = run(NAME, &["8", "--classes", "--threads", "2"]);
    assert_rejected(&r, "--threads");
}
