//! The `nqueens` example's work units as processes: split, count and merge
//! against the direct count, refused units and results, checkpoints killed
//! and resumed, damaged checkpoints, and interruption.

use std::path::Path;
use std::process::Child;
use std::thread::sleep;
use std::time::Duration;

use super::cli_nqueens::{NAME, count, ok};
use crate::support::{
    A000170, Run, assert_bad_input, assert_rejected, run, run_with_input, send_signal,
    wait_for_lines,
};
use backtracker_puzzles::MAX_QUEENS;

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temp path")
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

/// `--split auto` picks a depth whose units, counted and merged, give the
/// count of OEIS A000170, with at least 10 units per worker.
#[test]
fn split_auto_units_merge_to_the_direct_count() {
    for (n, workers) in [(8usize, 1usize), (10, 2), (11, 3)] {
        let units = ok(&[
            &n.to_string(),
            "--split",
            "auto",
            "--workers",
            &workers.to_string(),
        ]);
        assert!(units.lines().count() >= 10 * workers, "N = {n}: {units}");
        let r = merge(&run_units(&units));
        assert_eq!(r.code, Some(0), "N = {n}: {r:?}");
        assert_eq!(r.stdout.trim(), A000170[n].to_string(), "N = {n}");
    }
}

/// Every N, 0 included, gives units that merge to the count of OEIS
/// A000170, with `--split auto` and with a depth deeper than the board.
#[test]
fn every_n_gives_units_that_merge_to_the_count() {
    for (n, known) in A000170.iter().enumerate().take(7) {
        let board = n.to_string();
        for split in [vec!["--split", "auto"], vec!["--split", "8"]] {
            let mut args = vec![board.as_str()];
            args.extend(&split);
            let units = ok(&args);
            assert!(units.lines().count() >= 1, "N = {n} {split:?}: no unit");
            let r = merge(&run_units(&units));
            assert_eq!(r.code, Some(0), "N = {n} {split:?}: {r:?}");
            assert_eq!(r.stdout.trim(), known.to_string(), "N = {n} {split:?}");
        }
    }
}

/// A split of more than a million units (or `--max-units`) is refused
/// once it reaches that many, before it takes more memory (N = 30 split at
/// every row would need terabytes), with nothing written; so is a
/// checkpoint run at such a depth, which leaves no file behind. `--split
/// auto` for more workers than its units can serve still writes the split
/// it found best.
#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn splits_beyond_their_limit_are_refused() {
    for args in [
        &["30", "--split", "30"][..],
        &["30", "--split", "30", "--no-symmetry"],
    ] {
        assert_bad_input(NAME, args, "more than 1000000 units");
    }
    let dir = temp_dir();
    let path = dir.path().join("checkpoint.txt");
    assert_bad_input(
        NAME,
        &["30", "--checkpoint", path_str(&path), "--depth", "20"],
        "more than 1000000 units",
    );
    assert!(!path.exists(), "a refused checkpoint run left a file");
    // 8 rows split at 2 with no symmetry: 2 * 6 + 6 * 5 = 42 units (a
    // corner queen leaves row 1 six squares, the others five).
    assert_eq!(
        ok(&["8", "--split", "2", "--no-symmetry"]).lines().count(),
        42
    );
    let at_most = |k: &str| {
        run(
            NAME,
            &["8", "--split", "2", "--no-symmetry", "--max-units", k],
        )
    };
    assert_eq!(at_most("42").stdout.lines().count(), 42);
    assert_rejected(&at_most("41"), "more than 41 units");
    assert_bad_input(
        NAME,
        &["8", "--split", "2", "--max-units", "0"],
        "--max-units",
    );
    let units = ok(&["9", "--split", "auto", "--workers", "1000000"]);
    let r = merge(&run_units(&units));
    assert_eq!(r.stdout.trim(), A000170[9].to_string(), "{r:?}");
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
    crate::support::spawn(NAME, args)
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
    // The header and three results.
    wait_for_lines(&mut child, &ckpt, 4);
    send_signal(&child, "-KILL");
    let killed = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(killed.code, None, "killed by a signal");
    assert_eq!(killed.stdout, "");
    let before = std::fs::read_to_string(&ckpt).expect("checkpoint");
    let total_units = ok(&["15", "--split", "2"]).lines().count();
    assert_eq!(
        before.lines().next(),
        Some(
            format!(
                "backtracker-checkpoint/1 model=nqueens-15 depth=2 symmetry=on units={total_units}"
            )
            .as_str()
        )
    );
    let finished = before.lines().count() - 1;
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
    assert_eq!(
        resumed.stderr,
        format!("resuming from `{ckpt_arg}`: {finished} of {total_units} units already counted\n")
    );
    // The finished units were kept as they were and not counted again.
    let after = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert!(after.starts_with(&before));
    assert_eq!(after.lines().count(), 1 + total_units);
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
        1 + ok(&["10", "--split", "3"]).lines().count()
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
    // The header and two results.
    let first_two: String = good.lines().take(3).map(|l| format!("{l}\n")).collect();
    let second = good.lines().nth(2).expect("two results");

    let cases: Vec<(&str, Vec<u8>, Vec<&str>, &str)> = vec![
        (
            "garbage",
            b"hello world\n".to_vec(),
            vec!["9", "--depth", "2"],
            "not a checkpoint",
        ),
        (
            "garbage after the header",
            format!("{}\nhello world\n", good.lines().next().expect("a header")).into_bytes(),
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
            "not a checkpoint",
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
    let first_two: String = good.lines().take(3).map(|l| format!("{l}\n")).collect();
    let first: String = good.lines().take(2).map(|l| format!("{l}\n")).collect();
    // A write interrupted half-way: the header and the first result whole,
    // the second cut.
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
        1 + 28,
        "the header, then every unit once, the cut one again"
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
    // Once a unit is written after the header, the handler is in place.
    wait_for_lines(&mut child, &ckpt, 2);
    send_signal(&child, "-INT");
    let r = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(r.code, Some(130), "{r:?}");
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("units counted"), "{r:?}");
    let text = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert!(text.ends_with('\n'));
    let mut lines = text.lines();
    let units = ok(&["16", "--split", "2"]).lines().count();
    assert_eq!(
        lines.next(),
        Some(
            format!("backtracker-checkpoint/1 model=nqueens-16 depth=2 symmetry=on units={units}")
                .as_str()
        )
    );
    for line in lines {
        assert!(
            line.starts_with("backtracker-unit/2 model=nqueens-16 depth=2 symmetry=on "),
            "{line}"
        );
        assert!(line.contains(" count="), "{line}");
    }
}

#[test]
fn files_that_are_not_checkpoints_are_refused_whatever_their_last_line() {
    let dir = temp_dir();
    let good_path = dir.path().join("good.ckpt");
    assert_eq!(
        count(&["8", "--checkpoint", path_str(&good_path)]),
        A000170[8]
    );
    let good = std::fs::read(&good_path).expect("checkpoint");
    let results: Vec<u8> = good
        .splitn(2, |&b| b == b'\n')
        .nth(1)
        .expect("results")
        .to_vec();
    let binary: Vec<u8> = (0..30_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "notes",
            b"things to try:\n- nqueens 8\n- nqueens 9".to_vec(),
            "not a checkpoint",
        ),
        ("binary", binary, "not a checkpoint"),
        (
            "minified json",
            br#"{"board":8,"depth":3}"#.to_vec(),
            "not a checkpoint",
        ),
        (
            "cr-only text",
            b"line one\rline two\r".to_vec(),
            "not a checkpoint",
        ),
        (
            "results without a header",
            results.clone(),
            "not a checkpoint",
        ),
        (
            "results without a header, zeros appended",
            [results.as_slice(), &[0u8; 4096]].concat(),
            "not a checkpoint",
        ),
        (
            "a checkpoint with zeros appended",
            [good.as_slice(), &[0u8; 4096]].concat(),
            "damaged",
        ),
    ];
    for (what, bytes, mention) in cases {
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, &bytes).expect("write the file");
        let r = run(NAME, &["8", "--checkpoint", path_str(&path)]);
        assert_rejected(&r, mention);
        assert_eq!(r.stderr.lines().count(), 1, "{what}: one line: {r:?}");
        assert!(r.stderr.contains("left unchanged"), "{what}: {r:?}");
        assert_eq!(
            std::fs::read(&path).expect("read"),
            bytes,
            "{what}: changed"
        );
    }
}

/// A split into a single unit describes it as the whole tree, even for
/// N = 0, whose tree has no node below the root (it said 0.0%).
#[test]
fn a_single_unit_is_the_whole_of_the_total() {
    for n in ["0", "1"] {
        let r = run(NAME, &[n, "--split", "auto", "--workers", "1"]);
        assert_eq!(r.code, Some(0), "{r:?}");
        assert_eq!(r.stdout.lines().count(), 1, "{r:?}");
        assert!(
            r.stderr
                .contains("1 units for 1 workers; the largest is estimated at 100.0% of the total"),
            "{r:?}"
        );
    }
}
