//! The `nqueens` example as a process: every command, every bad input,
//! counts against OEIS A000170, work units, checkpoints and interruption.
//!
//! Known answers are typed in from independent sources (OEIS A000170,
//! `n^n` and `n!`) or computed here by brute force.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

use crate::support::{Run, assert_bad_input, assert_rejected, run, run_with_input};
use backtracker::puzzles::MAX_QUEENS;

use crate::support::A000170;

// ---------------------------------------------------------------- helpers

const NAME: &str = "nqueens";

/// A successful run: exit 0; returns its standard output.
fn ok(args: &[&str]) -> String {
    crate::support::run_ok(NAME, args)
}

/// The count printed for `args`, checking that it is the only output.
fn count(args: &[&str]) -> u128 {
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

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temp path")
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
}

// ------------------------------------------------------------ work units

/// Runs every unit of `units` alone and returns the result lines.
fn run_units(units: &str) -> String {
    let mut results = String::new();
    for line in units.lines() {
        let r = run(NAME, &["--unit", line]);
        assert_eq!(r.code, Some(0), "{r:?}");
        assert_eq!(r.stderr, "");
        assert_eq!(r.stdout.lines().count(), 1);
        let result = r.stdout.trim_end();
        let (count, check) = result
            .strip_prefix(line)
            .and_then(|rest| rest.strip_prefix(" count="))
            .and_then(|rest| rest.split_once(" check="))
            .unwrap_or_else(|| panic!("{result:?} is not {line:?} plus a count and a checksum"));
        count.parse::<u128>().expect("count is a number");
        assert_eq!(check.len(), 16, "a checksum of 16 hex digits");
        assert!(check.bytes().all(|b| b.is_ascii_hexdigit()));
        results.push_str(&r.stdout);
    }
    results
}

/// `results` with each line's checksum made anew, as if written so.
fn resign(results: &str) -> String {
    results
        .lines()
        .map(|line| {
            let (unit, rest) = line.split_once(" count=").expect("a result line");
            let count = rest.split_once(" check=").expect("a checksum").0;
            let result = backtracker::units::ResultLine {
                unit: unit.parse().expect("a unit line"),
                count: count.parse().expect("a count"),
            };
            format!("{result}\n")
        })
        .collect()
}

/// Merges `results` from a file and returns the run.
fn merge(results: &str) -> Run {
    let dir = temp_dir();
    let path = dir.path().join("results.txt");
    std::fs::write(&path, results).expect("write results");
    run(NAME, &["--merge", path_str(&path)])
}

#[test]
fn split_unit_merge_equals_the_direct_count() {
    for (n, depth) in [
        (4usize, 1),
        (5, 2),
        (6, 3),
        (7, 1),
        (8, 2),
        (9, 3),
        (10, 2),
        (11, 1),
    ] {
        for symmetry in [true, false] {
            let n_text = n.to_string();
            let depth_text = depth.to_string();
            let mut args = vec![n_text.as_str(), "--split", depth_text.as_str()];
            if !symmetry {
                args.push("--no-symmetry");
            }
            let units = ok(&args);
            let first = units.lines().next().expect("some units");
            assert!(first.starts_with(&format!(
                "backtracker-unit/2 model=nqueens-{n} depth={depth} symmetry={} unit=0/",
                if symmetry { "on" } else { "off" }
            )));
            let results = run_units(&units);
            // Shuffle the order: merging must not care.
            let mut shuffled: Vec<&str> = results.lines().collect();
            shuffled.reverse();
            let r = merge(&(shuffled.join("\n") + "\n"));
            assert_eq!(r.code, Some(0), "N = {n}, depth {depth}: {r:?}");
            assert_eq!(
                r.stdout,
                format!("{}\n", A000170[n]),
                "N = {n}, depth {depth}, symmetry {symmetry}"
            );
        }
    }
}

#[test]
fn merge_reads_standard_input() {
    let results = run_units(&ok(&["6", "--split", "2"]));
    let r = run_with_input(NAME, &["--merge", "-"], &results);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "4\n"));
}

#[test]
fn dead_ends_are_units_that_count_0() {
    // Two queens never fit on a 3 x 3 board: each first queen, and each
    // second one that fits, is a dead end before row 3, and a unit of its
    // own, so that the units hold every node of the tree.
    let units = ok(&["3", "--split", "3", "--no-symmetry"]);
    let prefixes: Vec<&str> = units
        .lines()
        .map(|l| {
            l.split(' ')
                .find_map(|w| w.strip_prefix("prefix="))
                .expect("a prefix")
        })
        .collect();
    assert_eq!(prefixes, ["0.2", "1", "2.0"], "{units}");
    let results = run_units(&units);
    assert!(
        results.lines().all(|l| l.contains(" count=0 check=")),
        "{results}"
    );
    let r = run_with_input(NAME, &["--merge", "-"], &results);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "0\n"));
}

#[test]
fn merge_refuses_missing_duplicated_and_foreign_units() {
    let results = run_units(&ok(&["8", "--split", "2"]));
    let all: Vec<&str> = results.lines().collect();
    assert!(all.len() > 3);
    let join = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();

    // Missing: drop unit 2 (the third line).
    let mut missing = all.clone();
    missing.remove(2);
    assert_rejected(&merge(&join(&missing)), "missing units: 2");

    // Duplicated: unit 1 twice.
    let mut duplicated = all.clone();
    duplicated.push(all[1]);
    assert_rejected(&merge(&join(&duplicated)), "duplicated units: 1");

    // Foreign: a unit of another board.
    let other = run_units(&ok(&["7", "--split", "2"]));
    let mut foreign = all.clone();
    foreign.push(other.lines().next().expect("a unit of N = 7"));
    assert_rejected(&merge(&join(&foreign)), "nqueens-7");

    // Mixed runs: the same board split another way.
    let deeper = run_units(&ok(&["8", "--split", "3"]));
    let mut mixed = all.clone();
    mixed.push(deeper.lines().next().expect("a unit at depth 3"));
    assert_rejected(&merge(&join(&mixed)), "different runs");

    // An edited line no longer matches its checksum, and is refused.
    let edited = results.replacen("count=", "count=1", 1);
    assert_rejected(&merge(&edited), "checksum");
    let edited = results.replacen("prefix=0.", "prefix=1.", 1);
    assert_rejected(&merge(&edited), "checksum");

    // Lines with valid checksums that still do not belong: another model
    // altogether, and a prefix that is not the split's.
    let renamed = resign(&results.replace("model=nqueens-8 ", "model=sudoku-9 "));
    assert_rejected(&merge(&renamed), "sudoku-9");
    let tampered = resign(&results.replacen("prefix=0.", "prefix=1.", 1));
    assert_rejected(&merge(&tampered), "not the unit the split gives");

    // A damaged line, named by its number.
    let damaged = results.replacen("count=", "count=x", 1);
    assert_rejected(&merge(&damaged), "line 1");

    // Nothing to merge, and no such file.
    assert_rejected(&merge("\n"), "no result lines");
    assert_bad_input(
        NAME,
        &["--merge", "no-such-results.txt"],
        "no-such-results.txt",
    );
}

#[test]
fn unit_refuses_bad_lines() {
    let units = ok(&["6", "--split", "1"]);
    let line = units.lines().next().expect("a unit");
    assert_bad_input(NAME, &["--unit", "hello"], "malformed unit line");
    assert_bad_input(
        NAME,
        &[
            "--unit",
            &line.replace("backtracker-unit/2", "backtracker-unit/9"),
        ],
        "backtracker-unit/9",
    );
    assert_bad_input(
        NAME,
        &["--unit", &line.replace("nqueens-6", "sudoku-6")],
        "sudoku-6",
    );
    let too_big = format!("nqueens-{}", MAX_QUEENS + 1);
    assert_bad_input(
        NAME,
        &["--unit", &line.replace("nqueens-6", &too_big)],
        &too_big,
    );
    assert_bad_input(
        NAME,
        &["--unit", &line.replace("prefix=0", "prefix=6")],
        "outside the domain",
    );
    assert_bad_input(NAME, &["--unit", &format!("{line} count=3")], "count=3");
    assert_bad_input(NAME, &["6", "--unit", line], "--unit");
}

// ------------------------------------------------- checkpoint and signals

fn spawn(args: &[&str]) -> Child {
    crate::support::example_command(NAME, args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nqueens")
}

fn line_count(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Waits until `path` holds at least `lines` lines, while `child` runs.
fn wait_for_lines(child: &mut Child, path: &Path, lines: usize) {
    while line_count(path) < lines {
        assert!(
            child.try_wait().expect("poll child").is_none(),
            "the count ended before writing {lines} checkpoint lines"
        );
        sleep(Duration::from_millis(20));
    }
}

fn send_signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
}

#[test]
fn checkpointed_count_killed_mid_way_resumes() {
    let dir = temp_dir();
    let ckpt = dir.path().join("run.ckpt");
    let ckpt_arg = path_str(&ckpt);
    let args = [
        "15",
        "--threads",
        "1",
        "--checkpoint",
        ckpt_arg,
        "--depth",
        "2",
    ];
    let mut child = spawn(&args);
    wait_for_lines(&mut child, &ckpt, 3);
    send_signal(&child, "-KILL");
    let killed = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(killed.code, None, "killed by a signal");
    assert_eq!(killed.stdout, "");
    let before = std::fs::read_to_string(&ckpt).expect("checkpoint");
    let finished = before.lines().count();
    assert!(finished >= 3);

    // Resume, on two threads this time: the units are the same.
    let resumed = run(
        NAME,
        &[
            "15",
            "--threads",
            "2",
            "--checkpoint",
            ckpt_arg,
            "--depth",
            "2",
        ],
    );
    assert_eq!(resumed.code, Some(0), "{resumed:?}");
    assert_eq!(resumed.stdout, "2279184\n");
    let total_units = ok(&["15", "--split", "2"]).lines().count();
    assert_eq!(
        resumed.stderr,
        format!("resuming from `{ckpt_arg}`: {finished} of {total_units} units already counted\n")
    );
    // The finished units were kept as they were and not counted again.
    let after = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert!(after.starts_with(&before));
    assert_eq!(after.lines().count(), total_units);
    let r = merge(&after);
    assert_eq!(r.stdout, "2279184\n", "{r:?}");

    // A finished checkpoint answers at once, and stays as it is.
    let again = run(NAME, &["15", "--checkpoint", ckpt_arg, "--depth", "2"]);
    assert_eq!(again.stdout, "2279184\n");
    assert_eq!(std::fs::read_to_string(&ckpt).expect("checkpoint"), after);
}

#[test]
fn checkpoint_of_a_fresh_run_holds_every_unit() {
    let dir = temp_dir();
    let ckpt = dir.path().join("fresh.ckpt");
    let r = run(NAME, &["10", "--checkpoint", path_str(&ckpt)]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "724\n", "")
    );
    let text = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert_eq!(
        text.lines().count(),
        ok(&["10", "--split", "3"]).lines().count()
    );
    assert_eq!(merge(&text).stdout, "724\n");
    for threads in ["1", "2", "7"] {
        let ckpt = dir.path().join(format!("fresh-{threads}.ckpt"));
        let got = count(&[
            "11",
            "--threads",
            threads,
            "--checkpoint",
            path_str(&ckpt),
            "--depth",
            "2",
        ]);
        assert_eq!(got, A000170[11]);
        let ckpt = dir.path().join(format!("fresh-nosym-{threads}.ckpt"));
        let got = count(&[
            "9",
            "--no-symmetry",
            "--threads",
            threads,
            "--checkpoint",
            path_str(&ckpt),
        ]);
        assert_eq!(got, A000170[9]);
    }
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused_and_left_unchanged() {
    let dir = temp_dir();
    let good_path = dir.path().join("good.ckpt");
    assert_eq!(
        count(&["9", "--checkpoint", path_str(&good_path), "--depth", "2"]),
        352
    );
    let good = std::fs::read_to_string(&good_path).expect("checkpoint");
    let first_two: String = good.lines().take(2).map(|l| format!("{l}\n")).collect();
    let second = good.lines().nth(1).expect("two lines");

    let cases: Vec<(&str, Vec<u8>, Vec<&str>, &str)> = vec![
        (
            "garbage",
            b"hello world\n".to_vec(),
            vec!["9", "--depth", "2"],
            "damaged",
        ),
        (
            "edited count",
            first_two.replacen("count=", "count=1", 1).into_bytes(),
            vec!["9", "--depth", "2"],
            "checksum",
        ),
        (
            "bad count",
            first_two.replacen("count=", "count=-", 1).into_bytes(),
            vec!["9", "--depth", "2"],
            "damaged",
        ),
        (
            "duplicate",
            format!("{first_two}{second}\n").into_bytes(),
            vec!["9", "--depth", "2"],
            "appears twice",
        ),
        (
            "tampered prefix",
            first_two.replacen("prefix=0.", "prefix=1.", 1).into_bytes(),
            vec!["9", "--depth", "2"],
            "damaged",
        ),
        (
            "binary",
            vec![0xff, 0xfe, 0x00, b'\n'],
            vec!["9", "--depth", "2"],
            "damaged",
        ),
        (
            "other board",
            first_two.clone().into_bytes(),
            vec!["10", "--depth", "2"],
            "another run",
        ),
        (
            "other depth",
            first_two.clone().into_bytes(),
            vec!["9", "--depth", "3"],
            "another run",
        ),
        (
            "other symmetry",
            first_two.clone().into_bytes(),
            vec!["9", "--depth", "2", "--no-symmetry"],
            "another run",
        ),
    ];
    for (what, bytes, args, mention) in cases {
        let path = dir.path().join(format!("{}.ckpt", what.replace(' ', "-")));
        std::fs::write(&path, &bytes).expect("write checkpoint");
        let mut full = args.clone();
        full.extend(["--checkpoint", path_str(&path)]);
        let r = run(NAME, &full);
        assert_rejected(&r, mention);
        assert!(r.stderr.contains("left unchanged"), "{what}: {r:?}");
        let after = std::fs::read(&path).expect("read checkpoint");
        assert_eq!(after, bytes, "{what}: the checkpoint was changed");
    }
}

#[test]
fn a_last_line_cut_short_is_dropped_and_said_so() {
    let dir = temp_dir();
    let good_path = dir.path().join("good.ckpt");
    assert_eq!(
        count(&["9", "--checkpoint", path_str(&good_path), "--depth", "2"]),
        352
    );
    let good = std::fs::read_to_string(&good_path).expect("checkpoint");
    let first_two: String = good.lines().take(2).map(|l| format!("{l}\n")).collect();
    let first: String = good.lines().take(1).map(|l| format!("{l}\n")).collect();
    // A write interrupted half-way: the first line whole, the second cut.
    let cut = &first_two.as_bytes()[..first_two.len() - 5];
    let path = dir.path().join("cut.ckpt");
    std::fs::write(&path, cut).expect("write checkpoint");
    let r = run(
        NAME,
        &["9", "--depth", "2", "--checkpoint", path_str(&path)],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "352\n");
    assert!(r.stderr.contains("dropped a last line cut short"), "{r:?}");
    assert!(r.stderr.contains("1 of 28 units already counted"), "{r:?}");
    let after = std::fs::read_to_string(&path).expect("read checkpoint");
    assert!(after.starts_with(&first), "the whole first line is kept");
    assert_eq!(
        after.lines().count(),
        28,
        "every unit once, the cut one again"
    );
    assert!(after.ends_with('\n'));
}

#[test]
fn ctrl_c_stops_a_count_with_exit_130_and_no_output() {
    let args = ["16", "--threads", "2"];
    let mut child = spawn(&args);
    // Give the process time to install its handler; the count itself takes far longer.
    for _ in 0..10 {
        sleep(Duration::from_millis(100));
        assert!(
            child.try_wait().expect("poll").is_none(),
            "the count ended too soon"
        );
    }
    send_signal(&child, "-INT");
    let r = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(r.code, Some(130), "{r:?}");
    assert_eq!(r.stdout, "");
    assert!(r.stderr.starts_with("interrupted"), "{r:?}");
    assert!(
        r.stderr.contains("nodes: ") && r.stderr.contains("stop: cancelled"),
        "{r:?}"
    );
}

#[test]
fn ctrl_c_stops_a_checkpointed_count_keeping_finished_units() {
    let dir = temp_dir();
    let ckpt = dir.path().join("int.ckpt");
    let args = [
        "16",
        "--threads",
        "1",
        "--checkpoint",
        path_str(&ckpt),
        "--depth",
        "2",
    ];
    let mut child = spawn(&args);
    // Once a unit is written, the handler is in place.
    wait_for_lines(&mut child, &ckpt, 1);
    send_signal(&child, "-INT");
    let r = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(r.code, Some(130), "{r:?}");
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("units counted"), "{r:?}");
    let text = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert!(text.ends_with('\n'));
    for line in text.lines() {
        assert!(
            line.starts_with("backtracker-unit/2 model=nqueens-16 depth=2 symmetry=on "),
            "{line}"
        );
        assert!(line.contains(" count="), "{line}");
    }
}
