//! Runs the `magic_square` example as a process. Counts come from OEIS
//! A006052 (magic squares counted up to rotations and reflections: 1, 0, 1,
//! 880 for sides 1 to 4), times the 8 symmetries for sides of 3 or more,
//! and from a brute force over the permutations of 1 to 9 written here.
//! Side 4 (7040) takes too long in a debug build; it is measured in
//! docs/performance.md.

use crate::support::{assert_bad_input, assert_help, run, run_ok};

const NAME: &str = "magic_square";

/// The 3x3 magic squares, by trying every permutation of 1 to 9.
fn brute_force_3() -> Vec<[u32; 9]> {
    fn permute(k: usize, cells: &mut [u32; 9], out: &mut Vec<[u32; 9]>) {
        if k == 9 {
            let lines = [
                [0, 1, 2],
                [3, 4, 5],
                [6, 7, 8],
                [0, 3, 6],
                [1, 4, 7],
                [2, 5, 8],
                [0, 4, 8],
                [2, 4, 6],
            ];
            if lines
                .iter()
                .all(|l| l.iter().map(|&i| cells[i]).sum::<u32>() == 15)
            {
                out.push(*cells);
            }
            return;
        }
        for i in k..9 {
            cells.swap(k, i);
            permute(k + 1, cells, out);
            cells.swap(k, i);
        }
    }
    let mut cells = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut out = Vec::new();
    permute(0, &mut cells, &mut out);
    out
}

#[test]
fn counts_match_oeis_and_brute_force() {
    let squares = brute_force_3();
    // A006052(3) = 1, in 8 orientations.
    assert_eq!(squares.len(), 8);
    assert_eq!(run_ok(NAME, &["3"]), "8\n");
    assert_eq!(run_ok(NAME, &["3", "--declared"]), "8\n");
    assert_eq!(run_ok(NAME, &["1"]), "1\n");
    assert_eq!(run_ok(NAME, &["2"]), "0\n");
}

#[test]
fn classes_match_oeis() {
    // A006052: 1, 0, 1 for sides 1 to 3; cross-check mode searches every
    // square and checks the 8 symmetries on each.
    for (side, classes) in [("1", "1\n"), ("2", "0\n"), ("3", "1\n")] {
        assert_eq!(run_ok(NAME, &[side, "--classes"]), classes, "side {side}");
        assert_eq!(
            run_ok(NAME, &[side, "--classes", "--cross-check"]),
            classes,
            "side {side}"
        );
    }
}

#[test]
#[ignore = "long in a debug build (the extended run)"]
fn classes_of_side_4_match_oeis() {
    // A006052(4) = 880.
    assert_eq!(run_ok(NAME, &["4", "--classes"]), "880\n");
}

#[test]
fn the_first_square_is_magic() {
    let squares = brute_force_3();
    let printed = run_ok(NAME, &["3", "--first"]);
    let cells: Vec<u32> = printed
        .split_whitespace()
        .map(|x| x.parse().expect("a number"))
        .collect();
    assert_eq!(printed.lines().count(), 3, "{printed}");
    assert!(squares.iter().any(|s| s[..] == cells[..]), "{printed}");
    assert_eq!(run_ok(NAME, &["2", "--first"]), "no magic square\n");
}

#[test]
fn cross_check_mode_agrees_and_stats_go_to_stderr() {
    let r = run(NAME, &["3", "--cross-check", "--stats"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "8\n");
    assert!(r.stderr.starts_with("nodes: "), "{r:?}");
}

#[test]
fn help_is_printed_on_stdout() {
    assert_help(
        NAME,
        &["<N>", "--first", "--declared", "--stats", "--cross-check"],
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_bad_input(NAME, &[], "<N>");
    assert_bad_input(NAME, &["0"], "0");
    assert_bad_input(NAME, &["13"], "13");
    assert_bad_input(NAME, &["three"], "three");
    assert_bad_input(NAME, &["3", "--bogus"], "--bogus");
}
