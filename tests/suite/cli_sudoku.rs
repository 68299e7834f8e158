//! The `sudoku` example as a command: answers checked by an independent
//! judge and a published solution, and every kind of bad input.

use std::io::Write;

use crate::support::{
    HARDEST, NORVIG_PUZZLE, NORVIG_SOLUTION, TOP95, assert_bad_input, assert_rejected, run,
    run_with_input, temp_file,
};

const NAME: &str = "sudoku";

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

#[test]
fn solves_every_hardest_puzzle_from_a_file_in_input_order() {
    let input = temp_file(HARDEST);
    let output = run(NAME, &[input.path().to_str().unwrap()]);
    assert_eq!(output.code, Some(0), "{output:?}");
    let puzzles: Vec<&str> = HARDEST.lines().collect();
    let solutions: Vec<String> = output.stdout.lines().map(str::to_owned).collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solutions) {
        assert_solves(p, s);
    }
    assert_eq!(output.stderr, "");
}

#[test]
fn solves_every_top95_puzzle_from_standard_input() {
    let output = run_with_input(NAME, &[], TOP95);
    assert_eq!(output.code, Some(0), "{output:?}");
    let text = output.stdout;
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
    let output = run_with_input(NAME, &["-"], &input);
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(
        output.stdout,
        format!("{NORVIG_SOLUTION}\n{NORVIG_SOLUTION}\n")
    );
}

#[test]
fn the_reference_checkers_alone_and_the_fixed_order_give_the_same_answers() {
    let input: String = HARDEST.lines().take(4).map(|l| format!("{l}\n")).collect();
    let default = run_with_input(NAME, &[], &input);
    let lines = run_with_input(NAME, &["--rules", "lines"], &input);
    assert_eq!((default.code, lines.code), (Some(0), Some(0)), "{lines:?}");
    assert_eq!(default.stdout, lines.stdout);
    // An easy puzzle (the first example of Norvig's essay) in row order.
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let declared = run_with_input(NAME, &["--order", "declared", "--rules", "lines"], easy);
    assert_eq!(
        declared.stdout,
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n"
    );
}

#[test]
fn count_with_limit_two_checks_uniqueness() {
    let empty = ".".repeat(81);
    let input = format!("{NORVIG_PUZZLE}\n{empty}\n");
    let output = run_with_input(NAME, &["--count", "--limit", "2"], &input);
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, "1\n2\n");
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
    let output = run_with_input(NAME, &["--count"], &format!("{one_blank}\n{two}\n"));
    assert_eq!(output.stdout, "1\n2\n");
}

#[test]
fn a_puzzle_without_a_solution_says_so_and_the_run_goes_on() {
    // r1c9 can only be 9, but column 9 already has one.
    let impossible = format!("12345678.{}{}", "........9", ".".repeat(63));
    let input = format!("{NORVIG_PUZZLE}\n{impossible}\n{NORVIG_PUZZLE}\n");
    let output = run_with_input(NAME, &[], &input);
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(
        output.stdout,
        format!("{NORVIG_SOLUTION}\nno solution\n{NORVIG_SOLUTION}\n")
    );
    let counted = run_with_input(NAME, &["--count"], &input);
    assert_eq!(counted.stdout, "1\n0\n1\n");
}

#[test]
fn pretty_prints_grids_with_box_separators() {
    let output = run_with_input(
        NAME,
        &["--pretty"],
        &format!("{NORVIG_PUZZLE}\n{NORVIG_PUZZLE}\n"),
    );
    assert_eq!(output.code, Some(0), "{output:?}");
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
    assert_eq!(output.stdout, format!("{grid}\n{grid}"));
}

#[test]
fn stats_go_to_standard_error_only() {
    let plain = run_with_input(NAME, &[], NORVIG_PUZZLE);
    let with_stats = run_with_input(NAME, &["--stats"], NORVIG_PUZZLE);
    assert_eq!(plain.stdout, with_stats.stdout);
    let err = with_stats.stderr;
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
    let output = run_with_input(
        NAME,
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
    assert_eq!(output.code, Some(0), "{output:?}");
    assert_eq!(output.stdout, "node limit\n");
    assert!(output.stderr.contains("1000 nodes"));
    assert!(output.stderr.contains("node limit reached"));
}

/// The exact-cover model gives the default model's answers on top95, each
/// judged independently, and finds each puzzle's solution unique.
#[test]
fn the_exact_cover_model_gives_the_same_answers() {
    let default = run_with_input(NAME, &[], TOP95);
    let cover = run_with_input(NAME, &["--model", "exact-cover"], TOP95);
    assert_eq!((default.code, cover.code), (Some(0), Some(0)), "{cover:?}");
    assert_eq!(cover.stdout, default.stdout);
    for (p, s) in TOP95.lines().zip(cover.stdout.lines()) {
        assert_solves(p, s);
    }
    let counts = run_with_input(NAME, &["--model", "exact-cover", "--count"], TOP95);
    assert_eq!(counts.stdout, "1\n".repeat(95), "{counts:?}");
    // An empty grid has many solutions: the count stops at the limit.
    let empty = ".".repeat(81);
    let capped = run_with_input(
        NAME,
        &["--model", "exact-cover", "--count", "--limit", "2"],
        &empty,
    );
    assert_eq!(capped.stdout, "2\n", "{capped:?}");
    // Contradictory givens are refused before any model is built.
    let twice = format!("11{}", &NORVIG_PUZZLE[2..]);
    assert_rejected(
        &run_with_input(NAME, &["--model", "exact-cover"], &twice),
        "contradictory givens",
    );
}

/// One all-different per row, column and box: every top95 and hardest
/// puzzle solved, each answer judged independently, the first one equal to
/// the published solution, and each solution unique.
#[test]
fn the_all_different_rules_solve_every_puzzle() {
    let rules = ["--rules", "all-different"];
    for puzzles in [TOP95, HARDEST] {
        let output = run_with_input(NAME, &rules, puzzles);
        assert_eq!(output.code, Some(0), "{output:?}");
        let solutions: Vec<&str> = output.stdout.lines().collect();
        assert_eq!(solutions.len(), puzzles.lines().count());
        for (p, s) in puzzles.lines().zip(&solutions) {
            assert_solves(p, s);
        }
    }
    let first = run_with_input(NAME, &rules, NORVIG_PUZZLE);
    assert_eq!(first.stdout, format!("{NORVIG_SOLUTION}\n"));
    let counts = run_with_input(NAME, &["--rules", "all-different", "--count"], HARDEST);
    assert_eq!(
        counts.stdout,
        "1\n".repeat(HARDEST.lines().count()),
        "{counts:?}"
    );
    let declared = run_with_input(
        NAME,
        &["--rules", "all-different", "--order", "declared"],
        NORVIG_PUZZLE,
    );
    assert_eq!(declared.stdout, format!("{NORVIG_SOLUTION}\n"));
}

#[test]
fn the_reference_models_options_do_not_apply_to_exact_cover() {
    for option in [["--order", "declared"], ["--rules", "lines"]] {
        let mut args = vec!["--model", "exact-cover"];
        args.extend(option);
        assert_rejected(
            &run_with_input(NAME, &args, NORVIG_PUZZLE),
            "--model exact-cover",
        );
    }
}

#[test]
fn help_is_printed_on_standard_output() {
    crate::support::assert_help(
        NAME,
        &[
            "--count",
            "--limit",
            "--pretty",
            "--stats",
            "--order",
            "--rules",
            "--model",
            "--node-limit",
        ],
    );
}

#[test]
fn a_line_of_the_wrong_length_is_named_and_nothing_is_printed() {
    let input = format!("{NORVIG_PUZZLE}\n{}\n", &NORVIG_PUZZLE[1..]);
    assert_rejected(
        &run_with_input(NAME, &[], &input),
        "error: line 2: wrong length: 80 characters, expected 81",
    );
}

#[test]
fn a_bad_character_is_named_with_its_line_and_column() {
    let bad = format!("{}x{}", &NORVIG_PUZZLE[..9], &NORVIG_PUZZLE[10..]);
    let input = format!("{NORVIG_PUZZLE}\n\n{bad}\n{NORVIG_PUZZLE}\n");
    assert_rejected(
        &run_with_input(NAME, &[], &input),
        "error: line 3: bad character 'x' at column 10",
    );
}

#[test]
fn contradictory_givens_are_an_error_naming_the_line() {
    let twice = format!("4.......4{}", ".".repeat(72));
    let input = format!("{NORVIG_PUZZLE}\n{twice}\n");
    assert_rejected(
        &run_with_input(NAME, &[], &input),
        "error: line 2: contradictory givens: two 4s in row 1 (r1c1 and r1c9)",
    );
    assert_rejected(
        &run_with_input(NAME, &["--count"], &input),
        "line 2: contradictory givens",
    );
}

#[test]
fn a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    assert_bad_input(NAME, &[missing.to_str().unwrap()], "error: cannot read ");
}

#[test]
fn input_that_is_not_text_is_an_error() {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(&[0xff, 0xfe, b'\n']).unwrap();
    assert_bad_input(NAME, &[f.path().to_str().unwrap()], "not UTF-8 text");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    assert_bad_input(
        NAME,
        &["--limit", "2"],
        "error: the following required arguments",
    );
    assert_bad_input(
        NAME,
        &["--count", "--limit", "0"],
        "error: invalid value '0' for '--limit",
    );
    assert_bad_input(NAME, &["--count", "--limit", "two"], "--limit");
    assert_bad_input(
        NAME,
        &["--order", "random"],
        "error: invalid value 'random' for '--order",
    );
    assert_bad_input(NAME, &["--pretty", "--count"], "cannot be used with");
    assert_bad_input(
        NAME,
        &["--frobnicate"],
        "error: unexpected argument '--frobnicate'",
    );
    assert_bad_input(NAME, &["a", "b"], "error: unexpected argument 'b'");
}

/// A file with no puzzle (empty, or blank lines only) is refused in one
/// line, with and without `--count`: it printed nothing and exited 0.
#[test]
fn an_input_without_a_puzzle_is_refused_in_one_line() {
    for text in ["", "\n\n", " \r\n"] {
        let file = temp_file(text);
        let path = file.path().to_str().unwrap();
        for args in [&[path][..], &["--count", path], &["--pretty", path]] {
            assert_bad_input(NAME, args, "holds no puzzle");
        }
        assert_rejected(
            &run_with_input(NAME, &["--count"], text),
            "standard input holds no puzzle",
        );
    }
}
