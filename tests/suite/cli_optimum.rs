//! Runs the branch and bound examples (`golomb`, `queens_domination`,
//! `knapsack`) as processes and checks their answers against independent
//! ones: OEIS A003022 and A075458, and, for the knapsack, a brute force
//! over every packing and a dynamic programme over the capacity, both
//! written here, on small random instances.

use crate::support::{
    assert_bad_input, assert_help, assert_rejected, run, run_ok, run_with_input, temp_file,
};

/// OEIS A003022: the length of an optimal Golomb ruler with n marks, for
/// n = 1, 2, ... (<https://oeis.org/A003022>).
const A003022: [i64; 10] = [0, 1, 3, 6, 11, 17, 25, 34, 44, 55];

/// OEIS A075458: the fewest queens that dominate an n x n board, for
/// n = 1, 2, ... (<https://oeis.org/A075458>).
const A075458: [usize; 9] = [1, 1, 1, 2, 3, 3, 4, 5, 5];

/// The first line (`length L (optimal)`) and the marks of `golomb n`.
fn golomb(n: usize, extra: &[&str]) -> (String, Vec<i64>) {
    let mut args = vec![n.to_string()];
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_ok("golomb", &args);
    let mut lines = out.lines();
    let head = lines.next().expect("a first line").to_owned();
    let marks = lines
        .next()
        .expect("the marks")
        .split(' ')
        .map(|m| m.parse().expect("a mark"))
        .collect();
    (head, marks)
}

/// Whether `marks` (from 0, increasing) is a Golomb ruler: every distance
/// between two marks differs.
fn is_golomb(marks: &[i64]) -> bool {
    let mut seen = std::collections::HashSet::new();
    marks.first() == Some(&0)
        && marks.windows(2).all(|w| w[0] < w[1])
        && (0..marks.len()).all(|i| (i + 1..marks.len()).all(|j| seen.insert(marks[j] - marks[i])))
}

#[test]
fn golomb_finds_the_optimal_rulers_of_oeis_a003022() {
    for n in 1..=8 {
        let (head, marks) = golomb(n, &["--quiet"]);
        let length = A003022[n - 1];
        assert_eq!(head, format!("length {length} (optimal)"), "n = {n}");
        assert_eq!(marks.len(), n);
        assert!(is_golomb(&marks), "{marks:?}");
        assert_eq!(marks.last(), Some(&length));
    }
}

#[test]
#[ignore = "a few seconds in a debug build: the extended run"]
fn golomb_finds_the_optimal_rulers_of_9_and_10_marks() {
    for n in 9..=10 {
        let (head, marks) = golomb(n, &["--quiet"]);
        assert_eq!(head, format!("length {} (optimal)", A003022[n - 1]));
        assert!(is_golomb(&marks), "{marks:?}");
    }
}

#[test]
fn golomb_checks_itself_and_reports_improvements() {
    let (head, marks) = golomb(5, &["--cross-check", "--quiet"]);
    assert_eq!(head, "length 11 (optimal)");
    assert!(is_golomb(&marks));
    // Each better ruler on standard error, the last the optimum.
    let r = run("golomb", &["6"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let found: Vec<i64> = r
        .stderr
        .lines()
        .map(|l| {
            l.strip_prefix("found length ")
                .and_then(|rest| rest.split(' ').next())
                .and_then(|x| x.parse().ok())
                .expect("a line per improvement")
        })
        .collect();
    assert!(found.windows(2).all(|w| w[1] < w[0]), "{found:?}");
    assert_eq!(found.last(), Some(&17));
}

#[test]
fn golomb_with_a_node_limit_is_not_proven() {
    let (head, marks) = golomb(9, &["--quiet", "--node-limit", "50"]);
    assert!(head.ends_with("(not proven: node limit reached)"), "{head}");
    assert!(is_golomb(&marks), "{marks:?}");
    let length: i64 = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(length >= A003022[8]);
}

/// Parses the board of `queens_domination` (after its first line).
fn board(out: &str) -> Vec<Vec<bool>> {
    out.lines()
        .skip(1)
        .map(|l| l.split(' ').map(|c| c == "Q").collect())
        .collect()
}

/// Whether every square holds a queen or is attacked by one.
fn dominates(b: &[Vec<bool>]) -> bool {
    let n = b.len();
    let queens: Vec<(usize, usize)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| b[r][c])
        .collect();
    (0..n).all(|r| {
        (0..n).all(|c| {
            queens
                .iter()
                .any(|&(u, v)| u == r || v == c || u + c == r + v || u + v == r + c)
        })
    })
}

#[test]
fn queens_domination_finds_oeis_a075458() {
    for n in 1..=7 {
        let out = run_ok("queens_domination", &[&n.to_string(), "--quiet"]);
        let k = A075458[n - 1];
        assert!(out.starts_with(&format!("queens {k} (optimal)\n")), "{out}");
        let b = board(&out);
        assert_eq!(b.len(), n);
        assert!(b.iter().all(|row| row.len() == n));
        assert_eq!(b.iter().flatten().filter(|&&q| q).count(), k);
        assert!(dominates(&b), "{out}");
    }
}

#[test]
#[ignore = "seconds in a debug build: the extended run"]
fn queens_domination_finds_oeis_a075458_for_8_and_9() {
    for n in 8..=9 {
        let out = run_ok("queens_domination", &[&n.to_string(), "--quiet"]);
        let k = A075458[n - 1];
        assert!(out.starts_with(&format!("queens {k} (optimal)\n")), "{out}");
        assert!(dominates(&board(&out)), "{out}");
    }
}

#[test]
fn queens_domination_checks_itself() {
    let out = run_ok("queens_domination", &["4", "--cross-check", "--quiet"]);
    assert!(out.starts_with("queens 2 (optimal)\n"), "{out}");
}

/// A small random instance from a seed (a linear congruential generator):
/// 1 to 12 items of weight 0 to 20 and value 0 to 30, capacity 0 to 60.
fn instance(seed: u64) -> (i64, Vec<(i64, i64)>) {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut next = |m: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % m) as i64
    };
    let n = 1 + next(12) as usize;
    let capacity = next(61);
    let items = (0..n).map(|_| (next(21), next(31))).collect();
    (capacity, items)
}

/// The best value by brute force over every packing.
fn brute_force(capacity: i64, items: &[(i64, i64)]) -> i64 {
    (0u32..1 << items.len())
        .filter_map(|mask| {
            let packed = items.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1);
            let (w, v) = packed.fold((0, 0), |(w, v), (_, &(a, b))| (w + a, v + b));
            (w <= capacity).then_some(v)
        })
        .max()
        .unwrap_or(0)
}

/// The best value by dynamic programming over the capacity.
fn dynamic(capacity: i64, items: &[(i64, i64)]) -> i64 {
    let mut best = vec![0i64; capacity as usize + 1];
    for &(w, v) in items {
        for c in (w as usize..=capacity as usize).rev() {
            best[c] = best[c].max(best[c - w as usize] + v);
        }
    }
    best[capacity as usize]
}

#[test]
fn knapsack_agrees_with_brute_force_and_dynamic_programming() {
    for seed in 0..40 {
        let (capacity, items) = instance(seed);
        let expected = brute_force(capacity, &items);
        assert_eq!(dynamic(capacity, &items), expected, "the two oracles agree");
        let text: String = std::iter::once(format!("# seed {seed}\n{capacity}\n"))
            .chain(items.iter().map(|(w, v)| format!("{w} {v}\n")))
            .collect();
        let file = temp_file(&text);
        let out = run_ok("knapsack", &[file.path().to_str().unwrap(), "--quiet"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], format!("value {expected} (optimal)"), "{text}");
        // The packing printed has that value and fits.
        let chosen: Vec<usize> = lines[2]
            .strip_prefix("items")
            .unwrap()
            .split_whitespace()
            .map(|i| i.parse::<usize>().unwrap() - 1)
            .collect();
        let weight: i64 = chosen.iter().map(|&i| items[i].0).sum();
        let value: i64 = chosen.iter().map(|&i| items[i].1).sum();
        assert_eq!(value, expected, "{text}");
        assert!(weight <= capacity, "{text}");
        assert_eq!(lines[1], format!("weight {weight} of {capacity}"));
    }
}

#[test]
fn knapsack_reads_standard_input_and_checks_itself() {
    let r = run_with_input(
        "knapsack",
        &["-", "--cross-check", "--quiet"],
        "8\n3 4\n4 5\n5 7\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "value 11 (optimal)\nweight 8 of 8\nitems 1 3\n");
}

#[test]
fn the_optimisation_examples_refuse_bad_input_in_one_line() {
    assert_bad_input("golomb", &["0"], "0");
    assert_bad_input("golomb", &["17"], "17");
    assert_bad_input("queens_domination", &["21"], "21");
    assert_bad_input("queens_domination", &["x"], "x");
    let bad = temp_file("8\n3 4 5\n");
    assert_bad_input("knapsack", &[bad.path().to_str().unwrap()], "line 2");
    let bad = temp_file("8\n3 -4\n");
    assert_bad_input("knapsack", &[bad.path().to_str().unwrap()], "-4");
    assert_bad_input("knapsack", &["no/such/file"], "cannot read");
    for name in ["golomb", "queens_domination", "knapsack"] {
        assert_help(
            name,
            &[
                "--node-limit",
                "--quiet",
                "--stats",
                "--cross-check",
                "--threads",
                "--bound",
                "--split",
                "--unit",
                "--merge",
            ],
        );
    }
}

#[test]
fn golomb_on_two_threads_finds_the_rulers_of_oeis_a003022() {
    for n in 1..=8 {
        let (head, marks) = golomb(n, &["--quiet", "--threads", "2"]);
        let length = A003022[n - 1];
        assert_eq!(head, format!("length {length} (optimal)"), "n = {n}");
        assert!(is_golomb(&marks) && marks.len() == n, "{marks:?}");
        assert_eq!(marks.last(), Some(&length));
    }
    let (head, _) = golomb(6, &["--quiet", "--threads", "2", "--cross-check"]);
    assert_eq!(head, "length 17 (optimal)");
}

#[test]
fn queens_domination_on_two_threads_finds_oeis_a075458() {
    for n in 1..=6 {
        let out = run_ok(
            "queens_domination",
            &[&n.to_string(), "--quiet", "--threads", "2"],
        );
        assert!(
            out.starts_with(&format!("queens {} (optimal)\n", A075458[n - 1])),
            "{out}"
        );
        assert!(dominates(&board(&out)), "{out}");
    }
}

#[test]
fn golomb_from_a_bound_finds_better_or_proves_it_optimal() {
    // From the optimum: nothing better, and a ruler of that length found
    // in this run, which proves it.
    let (head, marks) = golomb(7, &["--quiet", "--bound", "25"]);
    assert_eq!(head, "length 25 (optimal)");
    assert!(is_golomb(&marks) && marks.last() == Some(&25), "{marks:?}");
    // From one more: the optimum.
    let (head, marks) = golomb(7, &["--quiet", "--bound", "26", "--threads", "2"]);
    assert_eq!(head, "length 25 (optimal)");
    assert!(is_golomb(&marks));
}

/// Runs every unit of `golomb n --split depth` (with `extra` options), and
/// merges their result lines.
fn golomb_by_units(n: usize, depth: usize, extra: &[&str]) -> crate::support::Run {
    let n = n.to_string();
    let units = run_ok("golomb", &[&n, "--split", &depth.to_string()]);
    let mut results = String::new();
    for line in units.lines() {
        let mut args = vec![n.as_str(), "--quiet", "--unit", line];
        args.extend(extra);
        results.push_str(&run_ok("golomb", &args));
    }
    assert_eq!(results.lines().count(), units.lines().count());
    let file = temp_file(&results);
    run("golomb", &[&n, "--merge", file.path().to_str().unwrap()])
}

#[test]
fn golomb_by_work_units_finds_oeis_a003022() {
    for (n, depth) in [(4, 1), (5, 2), (6, 2)] {
        let r = golomb_by_units(n, depth, &[]);
        assert_eq!(r.code, Some(0), "{r:?}");
        let mut lines = r.stdout.lines();
        assert_eq!(
            lines.next(),
            Some(format!("length {} (optimal)", A003022[n - 1]).as_str())
        );
        let marks: Vec<i64> = lines
            .next()
            .unwrap()
            .split(' ')
            .map(|m| m.parse().unwrap())
            .collect();
        assert!(is_golomb(&marks));
    }
    // Each unit from a bound: the best of the units that beat it.
    let r = golomb_by_units(6, 2, &["--bound", "20"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("length 17 (optimal)\n"), "{r:?}");
    // From the optimum: no unit beats it, and none reached it, so the
    // merge does not call it optimal.
    let r = golomb_by_units(6, 2, &["--bound", "17"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stderr.contains("no ruler better than 17;"), "{r:?}");
    assert!(!r.stderr.contains("optimal"), "{r:?}");
}

/// `golomb 5` (optimum 11, OEIS A003022): a bound outside the lengths a
/// ruler can have (0 to 25 for its last mark) is refused; one no ruler
/// reaches is never called optimal, in one run or merged from units.
#[test]
fn a_bound_no_answer_reaches_is_refused_or_never_called_optimal() {
    for bound in ["-1", "26", "-9223372036854775808"] {
        let r = run("golomb", &["5", "--quiet", "--bound", bound]);
        assert_rejected(&r, &format!("--bound {bound}"));
    }
    for bound in ["3", "10"] {
        let r = run("golomb", &["5", "--quiet", "--bound", bound]);
        assert_eq!(r.code, Some(1), "{r:?}");
        assert!(!r.stderr.contains("optimal"), "{r:?}");
        assert!(r.stdout.is_empty(), "{r:?}");
        assert_eq!(
            r.stderr.trim(),
            format!("error: no ruler has a length at most {bound}: the bound was never reached")
        );
        let r = golomb_by_units(5, 2, &["--bound", bound]);
        assert_eq!(r.code, Some(1), "{r:?}");
        assert!(!r.stderr.contains("optimal"), "{r:?}");
    }
    // Units searched from different bounds are not one run.
    let units = run_ok("golomb", &["5", "--split", "2"]);
    assert!(units.lines().count() > 1, "{units}");
    let mut results = String::new();
    for (i, line) in units.lines().enumerate() {
        let bound = if i == 0 { "20" } else { "3" };
        results.push_str(&run_ok(
            "golomb",
            &["5", "--quiet", "--unit", line, "--bound", bound],
        ));
    }
    let file = temp_file(&results);
    let r = run("golomb", &["5", "--merge", file.path().to_str().unwrap()]);
    assert_rejected(&r, "different bounds");
}

#[test]
fn work_units_of_branch_and_bound_refuse_bad_lines() {
    let units = run_ok("golomb", &["5", "--split", "2"]);
    let first = units.lines().next().unwrap();
    // A unit of another model, and a result line changed by hand.
    assert_bad_input("golomb", &["6", "--unit", first], "golomb-5");
    let result = run_ok("golomb", &["5", "--quiet", "--unit", first]);
    let edited = temp_file(&result.replace("best=", "best=1"));
    assert_bad_input(
        "golomb",
        &["5", "--merge", edited.path().to_str().unwrap()],
        "checksum",
    );
    // Units missing from the merge.
    let one = temp_file(&result);
    assert_bad_input(
        "golomb",
        &["5", "--merge", one.path().to_str().unwrap()],
        "missing",
    );
    assert_bad_input("golomb", &["5", "--split", "9"], "--split 9");
    assert_bad_input(
        "golomb",
        &["5", "--split", "1", "--threads", "2"],
        "--threads",
    );
    assert_bad_input("golomb", &["5", "--unit", "nonsense"], "--unit");
    assert_bad_input("knapsack", &["-", "--merge", "-"], "standard input");
}

/// A knapsack file with a capacity and no item is refused, whatever the
/// options: each of them printed `value 0 (optimal)` and exited 0, the
/// option unused.
#[test]
fn a_knapsack_without_items_is_refused_with_every_option() {
    let file = temp_file("8\n");
    let path = file.path().to_str().unwrap();
    let empty = temp_file("");
    let empty = empty.path().to_str().unwrap();
    for extra in [
        &[][..],
        &["--split", "1"],
        &["--unit", "garbage"],
        &["--merge", empty],
        &["--bound", "5"],
        &["--threads", "3"],
        &["--node-limit", "1"],
    ] {
        let mut args = vec![path];
        args.extend_from_slice(extra);
        assert_bad_input("knapsack", &args, "no item");
    }
}

/// `--split` and `--merge` search nothing: an option of a search beside
/// them is refused rather than ignored (each printed the units or the
/// merged answer, exit 0).
#[test]
fn split_and_merge_refuse_the_options_of_a_search() {
    let units = run_ok("golomb", &["4", "--split", "1"]);
    let mut results = String::new();
    for line in units.lines() {
        results.push_str(&run_ok("golomb", &["4", "--quiet", "--unit", line]));
    }
    let file = temp_file(&results);
    let path = file.path().to_str().unwrap();
    assert_eq!(
        run_ok("golomb", &["4", "--merge", path]).lines().next(),
        Some("length 6 (optimal)")
    );
    for option in [&["--node-limit", "5"][..], &["--stats"], &["--cross-check"]] {
        for (mode, value) in [("--split", "1"), ("--merge", path)] {
            let mut args = vec!["4", mode, value];
            args.extend_from_slice(option);
            let r = run("golomb", &args);
            assert_rejected(&r, &format!("{} does not go with {mode}", option[0]));
        }
    }
}

/// `queens_domination 16 --split 100` (2^100 prefixes) is refused at once
/// from an estimate of the split's width: it walked towards a million
/// units for minutes, printing nothing.
#[test]
fn a_split_far_over_the_unit_limit_is_refused_at_once() {
    assert_bad_input(
        "queens_domination",
        &["16", "--split", "100"],
        "--split 100: the split gives more than 1000000 units",
    );
}

/// Every option of the optimisation examples, on degenerate inputs (one
/// mark, a 1 x 1 board, an item that does not fit, a weightless item),
/// is honoured or refused with exit code 2 and one line. The answers are
/// known by hand: a ruler of 1 mark has length 0 and one of 2 marks
/// length 1; one queen dominates a 1 x 1 board; nothing fits a capacity
/// of 5 for an item of weight 9; a weightless item of value 4 is packed.
#[test]
fn every_option_on_degenerate_inputs_is_honoured_or_refused() {
    let cases: [(&str, &[&str], &str, &str, i64); 5] = [
        ("golomb", &["1"], "", "length 0 (optimal)", 0),
        ("golomb", &["2"], "", "length 1 (optimal)", 1),
        ("queens_domination", &["1"], "", "queens 1 (optimal)", 1),
        ("knapsack", &["-"], "5\n9 3\n", "value 0 (optimal)", 0),
        ("knapsack", &["-"], "0\n0 4\n", "value 4 (optimal)", 4),
    ];
    let empty = temp_file("");
    let empty = empty.path().to_str().unwrap();
    for (name, base, input, answer, optimum) in cases {
        let with = |extra: &[&str]| {
            let mut args = base.to_vec();
            args.push("--quiet");
            args.extend_from_slice(extra);
            run_with_input(name, &args, input)
        };
        let honoured = |r: &crate::support::Run| {
            assert_eq!(r.code, Some(0), "{r:?}");
            assert_eq!(r.stdout.lines().next(), Some(answer), "{r:?}");
        };
        honoured(&with(&[]));
        honoured(&with(&["--cross-check"]));
        honoured(&with(&["--threads", "2"]));
        let stats = with(&["--stats"]);
        honoured(&stats);
        assert!(stats.stderr.starts_with("nodes: "), "{stats:?}");
        // A node limit gives the optimum or says that it is not proven.
        let limited = with(&["--node-limit", "1"]);
        let first = limited.stdout.lines().next().unwrap_or("");
        assert!(
            (limited.code == Some(0) && first == answer)
                || (limited.stdout.contains("not proven") || limited.stderr.contains("not proven")),
            "{limited:?}"
        );
        // The optimum as a bound is reached, and so called optimal; a
        // bound beyond what the objective can reach is refused.
        let reached = optimum.to_string();
        honoured(&with(&["--bound", &reached]));
        let beyond = (if name == "knapsack" {
            optimum + 1_000
        } else {
            -1
        })
        .to_string();
        assert_rejected(&with(&["--bound", &beyond]), "--bound");
        // Split, searched unit by unit and merged: the same answer.
        let units = with(&["--split", "1"]);
        assert_eq!(units.code, Some(0), "{units:?}");
        assert!(
            units
                .stdout
                .lines()
                .all(|l| l.starts_with("backtracker-unit/")),
            "{units:?}"
        );
        let mut results = String::new();
        for line in units.stdout.lines() {
            let r = with(&["--unit", line]);
            assert_eq!(r.code, Some(0), "{r:?}");
            results.push_str(&r.stdout);
        }
        let merged = temp_file(&results);
        honoured(&with(&["--merge", merged.path().to_str().unwrap()]));
        // What cannot be used is refused.
        assert_rejected(&with(&["--unit", "garbage"]), "");
        assert_rejected(&with(&["--merge", empty]), "");
        assert_rejected(&with(&["--split", "1", "--stats"]), "--stats");
        assert_rejected(&with(&["--split", "1", "--threads", "2"]), "");
        assert_rejected(&with(&["--split", "1000"]), "--split 1000");
    }
}

/// Interrupted (SIGINT, as Ctrl-C sends, or SIGTERM) after a first answer,
/// an optimisation example never calls anything optimal: standard output
/// holds no answer line, and the best found so far is on standard error,
/// each better one as it was found (golomb 13 and 16 x 16 queens take
/// far longer than the moment before the signal to prove: 106 marks,
/// OEIS A003022, and 9 queens, OEIS A075458).
#[test]
fn an_interrupted_optimisation_never_says_optimal() {
    use std::io::{BufRead, BufReader, Read};
    for (name, n, cost) in [
        ("golomb", "11", "length"),
        ("queens_domination", "12", "queens"),
    ] {
        for signal in ["-INT", "-TERM"] {
            let mut child = crate::support::spawn(name, &[n]);
            let mut stderr = BufReader::new(child.stderr.take().expect("piped stderr"));
            let mut first = String::new();
            stderr.read_line(&mut first).expect("a line");
            assert!(first.starts_with(&format!("found {cost} ")), "{first:?}");
            crate::support::send_signal(&child, signal);
            let mut rest = String::new();
            stderr.read_to_string(&mut rest).expect("standard error");
            let output = child.wait_with_output().expect("the example ends");
            let stdout = String::from_utf8(output.stdout).unwrap();
            assert!(!stdout.contains("optimal"), "{name} {signal}: {stdout:?}");
            assert!(!rest.contains("optimal"), "{name} {signal}: {rest:?}");
            assert!(
                matches!(output.status.code(), Some(130) | None),
                "{name} {signal}: {:?}",
                output.status
            );
            // Every line on standard error is a better answer as found.
            for line in first.lines().chain(rest.lines()) {
                assert!(line.starts_with(&format!("found {cost} ")), "{line:?}");
            }
        }
    }
}
