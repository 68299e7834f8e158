//! The `sudoku` example as a command: answers checked by an independent
//! judge and a published solution, and every kind of bad input.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const NAME: &str = "sudoku";
const HARDEST: &str = include_str!("data/sudoku/hardest.txt");
const TOP95: &str = include_str!("data/sudoku/top95.txt");

/// The first puzzle of top95.txt and its solution as printed in Peter
/// Norvig's essay "Solving Every Sudoku Puzzle".
const NORVIG_PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const NORVIG_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

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

/// An independent judge of a 9 x 9 solution line: every row, column and
/// box holds 1 to 9 once, and the givens of the puzzle are kept.
fn assert_solves(puzzle: &str, solution: &str) {
    let p: Vec<char> = puzzle.chars().collect();
    let s: Vec<u32> = solution
        .chars()
        .map(|c| c.to_digit(10).expect("a digit"))
        .collect();
    assert_eq!((p.len(), s.len()), (81, 81), "{solution}");
    for i in 0..81 {
        if let Some(d) = p[i].to_digit(10).filter(|&d| d != 0) {
            assert_eq!(s[i], d, "given at cell {i} changed");
        }
    }
    for unit in 0..9 {
        let cells = [
            (0..9).map(|k| unit * 9 + k).collect::<Vec<_>>(),
            (0..9).map(|k| k * 9 + unit).collect(),
            (0..9)
                .map(|k| ((unit / 3) * 3 + k / 3) * 9 + (unit % 3) * 3 + k % 3)
                .collect(),
        ];
        for unit_cells in cells {
            let mut digits: Vec<u32> = unit_cells.iter().map(|&i| s[i]).collect();
            digits.sort_unstable();
            assert_eq!(digits, (1..=9).collect::<Vec<u32>>(), "{solution}");
        }
    }
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

#[test]
fn solves_every_hardest_puzzle_from_a_file_in_input_order() {
    let input = file(HARDEST);
    let output = run(&[input.path().to_str().unwrap()], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let puzzles: Vec<&str> = HARDEST.lines().collect();
    let solutions: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solutions) {
        assert_solves(p, s);
    }
    assert_eq!(stderr(&output), "");
}

#[test]
fn solves_every_top95_puzzle_from_standard_input() {
    let output = run(&[], TOP95);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let solutions: Vec<&str> = text.lines().collect();
    assert_eq!(solutions.len(), 95);
    for (p, s) in TOP95.lines().zip(&solutions) {
        assert_solves(p, s);
    }
    assert_eq!(solutions[0], NORVIG_SOLUTION);
}

#[test]
fn dash_reads_standard_input_and_blank_lines_are_skipped() {
    let input = format!(
        "\n{}\n\n{NORVIG_PUZZLE}\r\n",
        NORVIG_PUZZLE.replace('.', "0")
    );
    let output = run(&["-"], &input);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        format!("{NORVIG_SOLUTION}\n{NORVIG_SOLUTION}\n")
    );
}

#[test]
fn the_reference_checkers_alone_and_the_fixed_order_give_the_same_answers() {
    let input: String = HARDEST.lines().take(4).map(|l| format!("{l}\n")).collect();
    let default = run(&[], &input);
    let lines = run(&["--rules", "lines"], &input);
    assert!(default.status.success() && lines.status.success());
    assert_eq!(stdout(&default), stdout(&lines));
    // An easy puzzle (the first example of Norvig's essay) in row order.
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let declared = run(&["--order", "declared", "--rules", "lines"], easy);
    assert_eq!(
        stdout(&declared),
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n"
    );
}

#[test]
fn count_with_limit_two_checks_uniqueness() {
    let empty = ".".repeat(81);
    let input = format!("{NORVIG_PUZZLE}\n{empty}\n");
    let output = run(&["--count", "--limit", "2"], &input);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1\n2\n");
    // Take one given away from a full grid: still one solution.
    let mut one_blank = NORVIG_SOLUTION.to_owned();
    one_blank.replace_range(40..41, ".");
    // Blank four cells at the corners of a rectangle within one band or
    // stack, holding a b / b a: each cell can only take a or b, so the
    // original and the swapped grid are the two solutions.
    let s: Vec<u8> = NORVIG_SOLUTION.bytes().collect();
    let mut two = None;
    'found: for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let same_box_rows = r1 / 3 == r2 / 3;
                    let same_box_cols = c1 / 3 == c2 / 3;
                    let (a, b) = (s[r1 * 9 + c1], s[r1 * 9 + c2]);
                    if (same_box_rows || same_box_cols)
                        && s[r2 * 9 + c1] == b
                        && s[r2 * 9 + c2] == a
                    {
                        let mut g = s.clone();
                        for i in [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2] {
                            g[i] = b'.';
                        }
                        two = Some(String::from_utf8(g).unwrap());
                        break 'found;
                    }
                }
            }
        }
    }
    let two = two.expect("a swappable rectangle");
    let output = run(&["--count"], &format!("{one_blank}\n{two}\n"));
    assert_eq!(stdout(&output), "1\n2\n");
}

#[test]
fn a_puzzle_without_a_solution_says_so_and_the_run_goes_on() {
    // r1c9 can only be 9, but column 9 already has one.
    let impossible = format!("12345678.{}{}", "........9", ".".repeat(63));
    let input = format!("{NORVIG_PUZZLE}\n{impossible}\n{NORVIG_PUZZLE}\n");
    let output = run(&[], &input);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        format!("{NORVIG_SOLUTION}\nno solution\n{NORVIG_SOLUTION}\n")
    );
    let counted = run(&["--count"], &input);
    assert_eq!(stdout(&counted), "1\n0\n1\n");
}

#[test]
fn pretty_prints_grids_with_box_separators() {
    let output = run(
        &["--pretty"],
        &format!("{NORVIG_PUZZLE}\n{NORVIG_PUZZLE}\n"),
    );
    assert!(output.status.success());
    let rows: Vec<String> = NORVIG_SOLUTION
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let grid = format!(
        "{}\n{}\n{}\n---+---+---\n{}\n{}\n{}\n---+---+---\n{}\n{}\n{}\n",
        rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], rows[8]
    );
    assert_eq!(stdout(&output), format!("{grid}\n{grid}"));
}

#[test]
fn stats_go_to_standard_error_only() {
    let plain = run(&[], NORVIG_PUZZLE);
    let with_stats = run(&["--stats"], NORVIG_PUZZLE);
    assert_eq!(stdout(&plain), stdout(&with_stats));
    let err = stderr(&with_stats);
    assert!(err.starts_with("puzzle 1 (line 1): "), "{err}");
    assert!(err.contains(" nodes, "), "{err}");
    assert!(
        err.lines()
            .last()
            .unwrap()
            .starts_with("total: 1 puzzles, "),
        "{err}"
    );
}

#[test]
fn a_node_limit_gives_up_on_a_puzzle() {
    let output = run(
        &[
            "--order",
            "declared",
            "--rules",
            "lines",
            "--node-limit",
            "1000",
            "--stats",
        ],
        NORVIG_PUZZLE,
    );
    assert!(output.status.success());
    assert_eq!(stdout(&output), "node limit\n");
    assert!(stderr(&output).contains("1000 nodes"));
    assert!(stderr(&output).contains("node limit reached"));
}

#[test]
fn help_is_printed_on_standard_output() {
    let output = run(&["--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Usage: sudoku"), "{text}");
    for option in [
        "--count",
        "--limit",
        "--pretty",
        "--stats",
        "--order",
        "--rules",
        "--node-limit",
    ] {
        assert!(text.contains(option), "{option} in {text}");
    }
}

#[test]
fn a_line_of_the_wrong_length_is_named_and_nothing_is_printed() {
    let input = format!("{NORVIG_PUZZLE}\n{}\n", &NORVIG_PUZZLE[1..]);
    assert_rejected(
        &run(&[], &input),
        "error: line 2: wrong length: 80 characters, expected 81",
    );
}

#[test]
fn a_bad_character_is_named_with_its_line_and_column() {
    let bad = format!("{}x{}", &NORVIG_PUZZLE[..9], &NORVIG_PUZZLE[10..]);
    let input = format!("{NORVIG_PUZZLE}\n\n{bad}\n{NORVIG_PUZZLE}\n");
    assert_rejected(
        &run(&[], &input),
        "error: line 3: bad character 'x' at column 10",
    );
}

#[test]
fn contradictory_givens_are_an_error_naming_the_line() {
    let twice = format!("4.......4{}", ".".repeat(72));
    let input = format!("{NORVIG_PUZZLE}\n{twice}\n");
    assert_rejected(
        &run(&[], &input),
        "error: line 2: contradictory givens: two 4s in row 1 (r1c1 and r1c9)",
    );
    assert_rejected(&run(&["--count"], &input), "line 2: contradictory givens");
}

#[test]
fn a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    assert_rejected(
        &run(&[missing.to_str().unwrap()], ""),
        "error: cannot read ",
    );
}

#[test]
fn input_that_is_not_text_is_an_error() {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(&[0xff, 0xfe, b'\n']).unwrap();
    assert_rejected(&run(&[f.path().to_str().unwrap()], ""), "not UTF-8 text");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    assert_rejected(
        &run(&["--limit", "2"], ""),
        "error: the following required arguments",
    );
    assert_rejected(
        &run(&["--count", "--limit", "0"], ""),
        "error: invalid value '0' for '--limit",
    );
    assert_rejected(&run(&["--count", "--limit", "two"], ""), "--limit");
    assert_rejected(
        &run(&["--order", "random"], ""),
        "error: invalid value 'random' for '--order",
    );
    assert_rejected(&run(&["--pretty", "--count"], ""), "cannot be used with");
    assert_rejected(
        &run(&["--frobnicate"], ""),
        "error: unexpected argument '--frobnicate'",
    );
    assert_rejected(&run(&["a", "b"], ""), "error: unexpected argument 'b'");
}
