//! Runs the `subset_sum` example as a process and checks its answers
//! against a brute force over all subsets, written here.

use crate::support::{assert_bad_input, run};

const NAME: &str = "subset_sum";

/// Runs `subset_sum TARGET NUMBERS... EXTRA...` and expects success.
fn solve(target: u64, numbers: &[u64], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec![target.to_string()];
    args.extend(numbers.iter().map(u64::to_string));
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    crate::support::run_ok(NAME, &args)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The subsets (as take/leave per position) that add up to `target`, by
/// brute force, in the order "take before leave" from the first number on.
fn brute_force(target: u64, numbers: &[u64]) -> Vec<Vec<bool>> {
    let n = numbers.len();
    assert!(n < 24, "brute force is for small lists");
    let mut found = Vec::new();
    // Mask bit (n - 1 - i) set = number i is left out: counting the masks
    // up visits "take" before "leave", position 0 first.
    for mask in 0u32..(1 << n) {
        let take: Vec<bool> = (0..n).map(|i| mask >> (n - 1 - i) & 1 == 0).collect();
        let sum: u128 = numbers
            .iter()
            .zip(&take)
            .filter(|(_, t)| **t)
            .map(|(&x, _)| u128::from(x))
            .sum();
        if sum == u128::from(target) {
            found.push(take);
        }
    }
    found
}

/// How the example should print a subset: the taken numbers joined by ` + `.
fn line(target: u64, numbers: &[u64], take: &[bool]) -> String {
    let terms: Vec<String> = numbers
        .iter()
        .zip(take)
        .filter(|(_, t)| **t)
        .map(|(x, _)| x.to_string())
        .collect();
    if terms.is_empty() {
        format!("(empty) = {target}")
    } else {
        format!("{} = {target}", terms.join(" + "))
    }
}

/// Checks a printed line by arithmetic: its terms come from `numbers`
/// (each at most as often as it occurs there) and add up to the target.
fn assert_adds_up(printed: &str, target: u64, numbers: &[u64]) {
    let (left, right) = printed.split_once(" = ").expect("`terms = target`");
    assert_eq!(right, target.to_string(), "{printed}");
    let mut pool = numbers.to_vec();
    let mut sum = 0u128;
    if left != "(empty)" {
        for term in left.split(" + ") {
            let x: u64 = term.parse().expect("a number");
            let at = pool
                .iter()
                .position(|&p| p == x)
                .expect("a number of the list");
            pool.swap_remove(at);
            sum += u128::from(x);
        }
    }
    assert_eq!(sum, u128::from(target), "{printed}");
}

/// Checks first, `--all` and `--count` against the brute force.
fn check_against_brute_force(target: u64, numbers: &[u64]) {
    let expected: Vec<String> = brute_force(target, numbers)
        .iter()
        .map(|take| line(target, numbers, take))
        .collect();
    let all = solve(target, numbers, &["--all"]);
    if expected.is_empty() {
        assert_eq!(
            all,
            vec!["no subset"],
            "target {target}, numbers {numbers:?}"
        );
    } else {
        assert_eq!(all, expected, "target {target}, numbers {numbers:?}");
    }
    for printed in all.iter().filter(|l| *l != "no subset") {
        assert_adds_up(printed, target, numbers);
    }
    let first = solve(target, numbers, &[]);
    assert_eq!(
        first,
        vec![all[0].clone()],
        "first of target {target}, numbers {numbers:?}"
    );
    let count = solve(target, numbers, &["--count"]);
    assert_eq!(
        count,
        vec![expected.len().to_string()],
        "count of target {target}, numbers {numbers:?}"
    );
}

#[test]
fn the_example_of_the_issue() {
    // 3 + 4 + 2 and 4 + 5 are the two subsets of {3, 34, 4, 12, 5, 2}
    // adding up to 9; taking numbers first finds 3 + 4 + 2 first.
    let numbers = [3, 34, 4, 12, 5, 2];
    assert_eq!(solve(9, &numbers, &[]), vec!["3 + 4 + 2 = 9"]);
    assert_eq!(
        solve(9, &numbers, &["--all"]),
        vec!["3 + 4 + 2 = 9", "4 + 5 = 9"]
    );
    assert_eq!(solve(9, &numbers, &["--count"]), vec!["2"]);
    check_against_brute_force(9, &numbers);
    // 30 = 3 + 34 - 7 cannot be made: no subset.
    assert_eq!(solve(30, &numbers, &[]), vec!["no subset"]);
    check_against_brute_force(30, &numbers);
}

#[test]
fn every_target_of_a_small_list_matches_brute_force() {
    let numbers = [3, 34, 4, 12, 5, 2];
    let total: u64 = numbers.iter().sum();
    for target in 0..=total + 1 {
        check_against_brute_force(target, &numbers);
    }
}

#[test]
fn pseudo_random_lists_match_brute_force() {
    // A fixed linear congruential generator: the lists are the same on every run.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    for round in 0..12 {
        let n = 4 + (round % 9) as usize;
        let numbers: Vec<u64> = (0..n).map(|_| next(30)).collect();
        let total: u64 = numbers.iter().sum();
        let target = next(total + 2);
        check_against_brute_force(target, &numbers);
        check_against_brute_force(total / 2, &numbers);
    }
}

#[test]
fn a_longer_list_counts_like_brute_force() {
    let numbers: Vec<u64> = (1..=16).collect();
    // 1..=16 adds up to 136: half of it is the most crowded target.
    let expected = brute_force(68, &numbers).len();
    assert_eq!(
        solve(68, &numbers, &["--count"]),
        vec![expected.to_string()]
    );
    assert_eq!(solve(68, &numbers, &["--all"]).len(), expected);
}

#[test]
fn equal_numbers_and_zeros_are_separate_positions() {
    // {5, 5, 5} makes 10 three ways (positions 1+2, 1+3, 2+3).
    assert_eq!(solve(10, &[5, 5, 5], &["--count"]), vec!["3"]);
    assert_eq!(solve(10, &[5, 5, 5], &["--all"]), vec!["5 + 5 = 10"; 3]);
    // Target 0 with two zeros: both, either one, or none.
    assert_eq!(
        solve(0, &[0, 0], &["--all"]),
        vec!["0 + 0 = 0", "0 = 0", "0 = 0", "(empty) = 0"]
    );
    check_against_brute_force(0, &[0, 0, 7]);
    check_against_brute_force(7, &[0, 7, 0, 7]);
}

#[test]
fn sums_beyond_64_bits_do_not_overflow() {
    let max = u64::MAX;
    assert_eq!(solve(max, &[max, max, 0], &["--count"]), vec!["4"]);
    assert_eq!(
        solve(max, &[max - 1, 1, max], &[]),
        vec![format!("{} + 1 = {max}", max - 1)]
    );
    assert_eq!(solve(max - 1, &[max, max], &[]), vec!["no subset"]);
}

#[test]
fn cross_check_mode_agrees_and_stats_go_to_stderr() {
    let out = run(
        NAME,
        &[
            "12",
            "3",
            "34",
            "4",
            "12",
            "5",
            "2",
            "--all",
            "--cross-check",
            "--stats",
        ],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "3 + 4 + 5 = 12\n12 = 12\n");
    assert!(out.stderr.starts_with("nodes: "), "{}", out.stderr);
}

#[test]
fn help_is_printed_on_stdout() {
    crate::support::assert_help(
        NAME,
        &[
            "<TARGET>",
            "<NUMBER>",
            "--all",
            "--count",
            "--stats",
            "--cross-check",
        ],
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_bad_input(NAME, &[], "<TARGET>");
    assert_bad_input(NAME, &["9"], "<NUMBER>");
    assert_bad_input(NAME, &["9", "3", "-4"], "'-4'");
    assert_bad_input(NAME, &["-9", "3"], "'-9'");
    assert_bad_input(NAME, &["nine", "3"], "'nine'");
    assert_bad_input(NAME, &["9", "3", "4.5"], "'4.5'");
    assert_bad_input(
        NAME,
        &["9", "3", "99999999999999999999"],
        "'99999999999999999999'",
    );
    assert_bad_input(NAME, &["9", "3", "--all", "--count"], "--count");
    assert_bad_input(NAME, &["9", "3", "--bogus"], "--bogus");
}
