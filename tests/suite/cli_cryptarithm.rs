//! Runs the `cryptarithm` example as a process. Every solution it prints is
//! checked by arithmetic here, and the full lists against a brute force
//! over all assignments of digits to letters, written here.

use std::collections::BTreeMap;

use crate::support::{assert_bad_input, run, run_ok};

const NAME: &str = "cryptarithm";

/// Runs the example and expects success; returns its lines.
fn solve(args: &[&str]) -> Vec<String> {
    run_ok(NAME, args).lines().map(str::to_owned).collect()
}

/// The words of `A + B = C` (addends, then the sum), in upper case.
fn words(puzzle: &str) -> (Vec<String>, String) {
    let (left, right) = puzzle.split_once('=').expect("one `=`");
    let addends = left
        .split('+')
        .map(|w| w.trim().to_ascii_uppercase())
        .collect();
    (addends, right.trim().to_ascii_uppercase())
}

/// Checks a printed solution of `puzzle` by arithmetic: same shape, the
/// numbers add up, no leading zero, and the letters map one to one to the
/// digits.
fn assert_solves(printed: &str, puzzle: &str) {
    let (addends, sum) = words(puzzle);
    let (left, right) = printed.split_once(" = ").expect("`... = sum`");
    let numbers: Vec<&str> = left.split(" + ").collect();
    assert_eq!(numbers.len(), addends.len(), "{printed} for {puzzle}");
    let mut letter_digit = BTreeMap::new();
    let mut digit_letter = BTreeMap::new();
    for (word, number) in addends
        .iter()
        .chain([&sum])
        .zip(numbers.iter().chain([&right]))
    {
        assert_eq!(word.len(), number.len(), "{printed} for {puzzle}");
        assert!(!number.starts_with('0'), "leading zero in {printed}");
        for (l, d) in word.chars().zip(number.chars()) {
            assert!(d.is_ascii_digit(), "{printed}");
            assert_eq!(
                *letter_digit.entry(l).or_insert(d),
                d,
                "{l} has two digits in {printed}"
            );
            assert_eq!(
                *digit_letter.entry(d).or_insert(l),
                l,
                "{d} has two letters in {printed}"
            );
        }
    }
    let total: u128 = numbers
        .iter()
        .map(|n| n.parse::<u128>().expect("a number"))
        .sum();
    assert_eq!(
        total,
        right.parse::<u128>().expect("a number"),
        "{printed} does not add up"
    );
}

/// Every solution of `puzzle`, printed as the example prints them, by
/// trying every assignment of distinct digits to the letters. The sum is
/// checked as one linear equation: each letter weighs the sum of its place
/// values, positive in the addends and negative in the sum.
fn brute_force(puzzle: &str) -> Vec<String> {
    let (addends, sum) = words(puzzle);
    let mut letters: Vec<char> = Vec::new();
    for w in addends.iter().chain([&sum]) {
        for c in w.chars() {
            if !letters.contains(&c) {
                letters.push(c);
            }
        }
    }
    let mut weight = vec![0i128; letters.len()];
    let mut leading = vec![false; letters.len()];
    for (w, sign) in addends.iter().map(|w| (w, 1)).chain([(&sum, -1)]) {
        let mut place = sign;
        for c in w.chars().rev() {
            weight[letters.iter().position(|&l| l == c).expect("a letter")] += place;
            place *= 10;
        }
        leading[letters
            .iter()
            .position(|&l| w.starts_with(l))
            .expect("a letter")] = true;
    }
    let mut found = Vec::new();
    let mut digits = vec![0u8; letters.len()];
    fn assign(
        k: usize,
        used: u16,
        balance: i128,
        weight: &[i128],
        leading: &[bool],
        digits: &mut Vec<u8>,
        found: &mut Vec<Vec<u8>>,
    ) {
        if k == weight.len() {
            if balance == 0 {
                found.push(digits.clone());
            }
            return;
        }
        for d in 0..10u8 {
            if used >> d & 1 == 1 || (d == 0 && leading[k]) {
                continue;
            }
            digits[k] = d;
            assign(
                k + 1,
                used | 1 << d,
                balance + weight[k] * i128::from(d),
                weight,
                leading,
                digits,
                found,
            );
        }
    }
    let mut solutions = Vec::new();
    assign(0, 0, 0, &weight, &leading, &mut digits, &mut solutions);
    for digits in solutions {
        let number = |w: &String| -> String {
            w.chars()
                .map(|c| {
                    char::from(
                        b'0' + digits[letters.iter().position(|&l| l == c).expect("a letter")],
                    )
                })
                .collect()
        };
        let left: Vec<String> = addends.iter().map(number).collect();
        found.push(format!("{} = {}", left.join(" + "), number(&sum)));
    }
    found.sort();
    found
}

/// Checks `--all` against the brute force (as sets: the search order is
/// the example's own), every printed line by arithmetic, and that the
/// first solution is one of them.
fn check_against_brute_force(puzzle: &str) {
    let expected = brute_force(puzzle);
    let mut all = solve(&[puzzle, "--all"]);
    let first = solve(&[puzzle]);
    if expected.is_empty() {
        assert_eq!(all, vec!["no solution"], "{puzzle}");
        assert_eq!(first, vec!["no solution"], "{puzzle}");
        return;
    }
    for line in &all {
        assert_solves(line, puzzle);
    }
    assert_eq!(first.len(), 1, "{puzzle}");
    assert_eq!(
        first[0], all[0],
        "{puzzle}: the first solution is the first of --all"
    );
    all.sort();
    assert_eq!(all, expected, "{puzzle}");
}

#[test]
fn send_more_money() {
    // Dudeney's puzzle (Strand Magazine, 1924): the one answer is
    // 9567 + 1085 = 10652.
    assert_eq!(solve(&["SEND + MORE = MONEY"]), vec!["9567 + 1085 = 10652"]);
    assert_eq!(
        solve(&["SEND + MORE = MONEY", "--all"]),
        vec!["9567 + 1085 = 10652"]
    );
    assert_eq!(
        brute_force("SEND + MORE = MONEY"),
        vec!["9567 + 1085 = 10652"]
    );
}

#[test]
fn spelling_and_spacing_do_not_matter() {
    let expected = vec!["9567 + 1085 = 10652"];
    assert_eq!(solve(&["send+more=money"]), expected);
    assert_eq!(solve(&["  Send +More=   MONEY "]), expected);
    assert_eq!(solve(&["SEND", "+", "MORE", "=", "MONEY"]), expected);
    assert_eq!(solve(&["SEND", "+ MORE", "= MONEY"]), expected);
}

#[test]
fn puzzles_with_several_solutions_match_brute_force() {
    for puzzle in [
        "TWO + TWO = FOUR",
        "ODD + ODD = EVEN",
        "TO + GO = OUT",
        "A + B = C",
        "AB + BA = CC",
        "ONE + ONE = TWO",
        "FORTY + TEN + TEN = SIXTY",
        "CROSS + ROADS = DANGER",
        "DONALD + GERALD = ROBERT",
        "I + BB = ILL",
        "A + A + A + A + A + A + A + A + A + A + A = BA",
        "X = X",
    ] {
        check_against_brute_force(puzzle);
    }
}

/// Nine addends of an 18-letter word: the terms' magnitudes add up beyond
/// 64-bit integers, but the addends' total and the result's each fit, as
/// every sum the search forms does.
#[test]
fn nine_addends_of_eighteen_letters() {
    let addend = format!("A{}", "B".repeat(17));
    let puzzle = format!("{} = C{}", vec![addend; 9].join(" + "), "B".repeat(17));
    assert!(!brute_force(&puzzle).is_empty());
    check_against_brute_force(&puzzle);
}

#[test]
fn many_addends_and_ten_letters() {
    let puzzle = "SO + MANY + MORE + MEN + SEEM + TO + SAY + THAT + THEY + MAY + SOON + TRY + TO + STAY \
                  + AT + HOME + SO + AS + TO + SEE + OR + HEAR + THE + SAME + ONE + MAN + TRY + TO + MEET \
                  + THE + TEAM + ON + THE + MOON + AS + HE + HAS + AT + THE + OTHER + TEN = TESTS";
    check_against_brute_force(puzzle);
    assert_eq!(solve(&[puzzle, "--all"]).len(), 1);
}

#[test]
fn puzzles_without_a_solution() {
    for puzzle in [
        "A + A = A",
        "AB + AB = AB",
        "ABCDEFGHIJ + ABCDEFGHIJ = ABCDEFGHIJ",
        "ABC + DEF = GH",
        "AB = BA",
    ] {
        assert!(brute_force(puzzle).is_empty(), "{puzzle}");
        assert_eq!(solve(&[puzzle]), vec!["no solution"], "{puzzle}");
        assert_eq!(solve(&[puzzle, "--all"]), vec!["no solution"], "{puzzle}");
    }
}

#[test]
fn cross_check_mode_agrees_and_stats_go_to_stderr() {
    let out = run(
        NAME,
        &["TWO + TWO = FOUR", "--all", "--cross-check", "--stats"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 7);
    assert!(out.stderr.starts_with("nodes: "), "{}", out.stderr);
    let out = run(NAME, &["SEND + MORE = MONEY", "--all", "--cross-check"]);
    assert_eq!(out.stdout, "9567 + 1085 = 10652\n", "{}", out.stderr);
}

#[test]
fn help_is_printed_on_stdout() {
    crate::support::assert_help(NAME, &["<EXPRESSION>", "--all", "--stats", "--cross-check"]);
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_bad_input(NAME, &[], "<EXPRESSION>");
    assert_bad_input(NAME, &["ABCDE + FGHIJ = KA"], "11 distinct letters");
    assert_bad_input(NAME, &["SEND + MORE"], "`=`");
    assert_bad_input(NAME, &["SEND + MORE = MONEY = CASH"], "`=`");
    assert_bad_input(NAME, &["SEND + = MONEY"], "addend 2");
    assert_bad_input(NAME, &["+ MORE = MONEY"], "addend 1");
    assert_bad_input(NAME, &["SEND + MORE ="], "after `=`");
    assert_bad_input(NAME, &["= MONEY"], "addend 1");
    assert_bad_input(NAME, &["SEND - MORE = MONEY"], "'-'");
    assert_bad_input(NAME, &["S3ND + MORE = MONEY"], "'3'");
    assert_bad_input(NAME, &["SEND MORE = MONEY"], "`SEND MORE` is two words");
    assert_bad_input(NAME, &["SÉND + MORE = MONEY"], "'É'");
    assert_bad_input(NAME, &["SEND\t+ MORE\n= MON3Y\n"], "'3'");
    assert_bad_input(NAME, &[""], "`=`");
    assert_bad_input(NAME, &["SEND + MORE = MONEY", "--bogus"], "--bogus");
    // 10^18 (the place value of a 19th letter) times a digit leaves 64 bits.
    assert_bad_input(NAME, &["AAAAAAAAAAAAAAAAAAA + B = C"], "19 letters");
    assert_eq!(solve(&["AAAAAAAAAAAAAAAAAA + B = C"]), vec!["no solution"]);
}
