//! Runs the `knights_tour` example as a process. Every tour it prints is
//! checked here by an independent validity check; counts are checked
//! against published figures and against a brute force written here.

use crate::support::{assert_bad_input, run};

const NAME: &str = "knights_tour";

/// Runs the example and expects success; returns its standard output.
fn ok(args: &[&str]) -> String {
    crate::support::run_ok(NAME, args)
}

fn is_knight_move(a: (usize, usize), b: (usize, usize)) -> bool {
    let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// Checks a printed tour on its own: a `rows x cols` grid of right-aligned
/// columns holding each of `1..=rows*cols` once, 1 on `start` (0-based),
/// consecutive numbers a knight's move apart and, for a closed tour, the
/// last number a knight's move from the first.
fn assert_valid_tour(text: &str, rows: usize, cols: usize, start: (usize, usize), closed: bool) {
    let n = rows * cols;
    let width = n.to_string().len();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows, "{rows} rows expected:\n{text}");
    let mut at = vec![None; n + 1];
    for (r, line) in lines.iter().enumerate() {
        assert_eq!(
            line.len(),
            cols * width + cols - 1,
            "row {} is not aligned:\n{text}",
            r + 1
        );
        for c in 0..cols {
            let cell = &line[c * (width + 1)..c * (width + 1) + width];
            if c > 0 {
                assert_eq!(
                    &line[c * (width + 1) - 1..c * (width + 1)],
                    " ",
                    "separator:\n{text}"
                );
            }
            let k: usize = cell
                .trim_start()
                .parse()
                .unwrap_or_else(|_| panic!("cell {cell:?}:\n{text}"));
            assert!(
                (1..=n).contains(&k),
                "move number {k} out of range:\n{text}"
            );
            assert!(at[k].is_none(), "move {k} appears twice:\n{text}");
            at[k] = Some((r, c));
        }
    }
    let at: Vec<(usize, usize)> = at[1..]
        .iter()
        .map(|p| p.expect("every move number once"))
        .collect();
    assert_eq!(at[0], start, "move 1 is not on the start square:\n{text}");
    for k in 1..n {
        assert!(
            is_knight_move(at[k - 1], at[k]),
            "moves {} and {} are not a knight's move apart:\n{text}",
            k,
            k + 1
        );
    }
    if closed {
        assert!(
            is_knight_move(at[n - 1], at[0]),
            "the tour does not close:\n{text}"
        );
    }
}

/// Counts the tours of a `rows x cols` board from `start` (0-based) by
/// plain depth-first search over knight moves.
fn brute_force_count(rows: usize, cols: usize, start: (usize, usize), closed: bool) -> u64 {
    fn walk(
        rows: usize,
        cols: usize,
        at: (usize, usize),
        start: (usize, usize),
        closed: bool,
        seen: &mut Vec<bool>,
        left: usize,
    ) -> u64 {
        if left == 0 {
            return u64::from(!closed || is_knight_move(at, start));
        }
        let mut total = 0;
        for r in at.0.saturating_sub(2)..(at.0 + 3).min(rows) {
            for c in at.1.saturating_sub(2)..(at.1 + 3).min(cols) {
                if is_knight_move(at, (r, c)) && !seen[r * cols + c] {
                    seen[r * cols + c] = true;
                    total += walk(rows, cols, (r, c), start, closed, seen, left - 1);
                    seen[r * cols + c] = false;
                }
            }
        }
        total
    }
    let mut seen = vec![false; rows * cols];
    seen[start.0 * cols + start.1] = true;
    walk(rows, cols, start, start, closed, &mut seen, rows * cols - 1)
}

fn count(args: &[&str]) -> u64 {
    let mut all = args.to_vec();
    all.push("--count");
    ok(&all).trim().parse().expect("a count")
}

#[test]
fn an_open_tour_of_the_chessboard_from_the_corner() {
    let tour = ok(&["8"]);
    assert_valid_tour(&tour, 8, 8, (0, 0), false);
    insta::assert_snapshot!("tour_8x8_from_corner", tour);
}

#[test]
fn open_tours_of_many_boards_are_valid() {
    // (rows, cols, start counted from 1)
    let boards = [
        (1, 1, (1, 1)),
        (3, 4, (1, 1)),
        (3, 7, (1, 1)),
        (4, 5, (1, 1)),
        (4, 12, (4, 12)),
        (5, 5, (3, 3)),
        (5, 5, (1, 1)),
        (6, 6, (2, 4)),
        (7, 7, (1, 1)),
        (8, 8, (4, 5)),
        (8, 8, (8, 8)),
        (9, 9, (1, 1)),
        (10, 10, (1, 1)),
        (5, 14, (1, 1)),
        (12, 12, (6, 7)),
        (16, 16, (1, 1)),
        (20, 20, (1, 1)),
        (17, 30, (9, 15)),
        (40, 40, (1, 1)),
    ];
    for (rows, cols, (r, c)) in boards {
        let (rs, cs, start) = (rows.to_string(), cols.to_string(), format!("{r},{c}"));
        let tour = ok(&[&rs, "--cols", &cs, "--start", &start]);
        assert_valid_tour(&tour, rows, cols, (r - 1, c - 1), false);
    }
}

#[test]
fn closed_tours_of_many_boards_are_valid() {
    let boards = [
        (3, 10, (1, 1)),
        (3, 12, (2, 5)),
        (5, 6, (1, 1)),
        (6, 6, (1, 1)),
        (6, 6, (3, 4)),
        (8, 8, (1, 1)),
        (8, 8, (5, 2)),
        (7, 10, (7, 10)),
        (10, 10, (1, 1)),
        (12, 9, (1, 1)),
        (16, 16, (8, 8)),
        (30, 30, (1, 1)),
    ];
    for (rows, cols, (r, c)) in boards {
        let (rs, cs, start) = (rows.to_string(), cols.to_string(), format!("{r},{c}"));
        let tour = ok(&[&rs, "--cols", &cs, "--start", &start, "--closed"]);
        assert_valid_tour(&tour, rows, cols, (r - 1, c - 1), true);
    }
}

#[test]
fn counts_on_the_five_by_five_board_match_oeis() {
    // OEIS A165134 (directed Hamiltonian paths in the n X n knight graph),
    // example by Gheorghe Coserea: on the 5 X 5 board, 304 tours start at a
    // corner, 56 at (1, 3), (2, 2) and the other squares of that colour next
    // to the edge, 64 at the centre and none at a square of the other colour
    // (304 * 4 + 56 * 8 + 64 = 1728 in all).
    assert_eq!(count(&["5"]), 304);
    assert_eq!(count(&["5", "--start", "5,5"]), 304);
    assert_eq!(count(&["5", "--start", "1,3"]), 56);
    assert_eq!(count(&["5", "--start", "2,2"]), 56);
    assert_eq!(count(&["5", "--start", "3,3"]), 64);
    assert_eq!(count(&["5", "--start", "1,2"]), 0);
    assert_eq!(brute_force_count(5, 5, (0, 0), false), 304);
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn counts_match_brute_force_on_small_boards() {
    for (rows, cols) in [(3, 4), (4, 5), (5, 4), (4, 6), (3, 7)] {
        for r in 0..rows {
            for c in 0..cols {
                let (rs, cs, start) = (
                    rows.to_string(),
                    cols.to_string(),
                    format!("{},{}", r + 1, c + 1),
                );
                assert_eq!(
                    count(&[&rs, "--cols", &cs, "--start", &start]),
                    brute_force_count(rows, cols, (r, c), false),
                    "{rows} x {cols} from {start}"
                );
            }
        }
    }
}

#[test]
fn closed_counts_match_oeis_and_brute_force() {
    // OEIS A070030: 16 closed tours of the 3 X 10 board, 176 of the 3 X 12.
    // A closed tour passes every square; from a given start it can be run
    // in two directions.
    assert_eq!(count(&["3", "--cols", "10", "--closed"]), 32);
    assert_eq!(
        count(&["3", "--cols", "10", "--closed", "--start", "2,5"]),
        32
    );
    assert_eq!(brute_force_count(3, 10, (0, 0), true), 32);
    assert_eq!(count(&["3", "--cols", "12", "--closed"]), 352);
    // No closed tours on these (Schwenk's theorem), by brute force too.
    for (rows, cols) in [(3, 4), (3, 6), (4, 5), (4, 6), (5, 5), (3, 8)] {
        let (rs, cs) = (rows.to_string(), cols.to_string());
        assert_eq!(
            count(&[&rs, "--cols", &cs, "--closed"]),
            0,
            "{rows} x {cols}"
        );
        assert_eq!(
            brute_force_count(rows, cols, (0, 0), true),
            0,
            "{rows} x {cols}"
        );
    }
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn boards_without_a_tour_say_so() {
    // No open tour at all on 3 X 3 and 4 X 4 (brute force from every square).
    for n in [2usize, 3, 4] {
        let arg = n.to_string();
        for r in 0..n {
            for c in 0..n {
                assert_eq!(brute_force_count(n, n, (r, c), false), 0);
                let start = format!("{},{}", r + 1, c + 1);
                assert_eq!(ok(&[&arg, "--start", &start]), "no tour\n");
            }
        }
    }
    // A square of the minority colour of an odd board (A165134 gives 0).
    assert_eq!(ok(&["5", "--start", "1,2"]), "no tour\n");
    assert_eq!(ok(&["45", "--start", "1,2"]), "no tour\n");
    // An inner square of a board of 4 rows (brute force on a small one).
    assert_eq!(brute_force_count(4, 7, (1, 2), false), 0);
    assert_eq!(ok(&["4", "--cols", "7", "--start", "2,3"]), "no tour\n");
    assert_eq!(ok(&["4", "--cols", "40", "--start", "3,20"]), "no tour\n");
    // Closed tours need an even number of squares, and none exist on 4 X n.
    assert_eq!(ok(&["5", "--closed"]), "no tour\n");
    assert_eq!(ok(&["1", "--closed"]), "no tour\n");
    assert_eq!(ok(&["4", "--cols", "30", "--closed"]), "no tour\n");
}

#[test]
fn cross_check_mode_agrees() {
    assert_eq!(ok(&["5", "--count", "--cross-check"]), "304\n");
    assert_eq!(
        ok(&["3", "--cols", "10", "--closed", "--count", "--cross-check"]),
        "32\n"
    );
    let tour = ok(&["6", "--closed", "--cross-check"]);
    assert_valid_tour(&tour, 6, 6, (0, 0), true);
    let tour = ok(&["9", "--cross-check"]);
    assert_valid_tour(&tour, 9, 9, (0, 0), false);
    let tour = ok(&["4", "--cols", "6", "--cross-check"]);
    assert_valid_tour(&tour, 4, 6, (0, 0), false);
}

#[test]
fn stats_go_to_stderr() {
    let out = run(NAME, &["8", "--stats"]);
    assert_eq!(out.code, Some(0));
    assert_eq!(out.stdout, ok(&["8"]));
    assert!(out.stderr.starts_with("nodes: "), "{}", out.stderr);
}

#[test]
fn help_is_printed_on_stdout() {
    crate::support::assert_help(
        NAME,
        &[
            "<N>",
            "--cols",
            "--start",
            "--closed",
            "--count",
            "--stats",
            "--cross-check",
        ],
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_bad_input(NAME, &[], "<N>");
    assert_bad_input(NAME, &["0"], "'0'");
    assert_bad_input(NAME, &["-3"], "-3");
    assert_bad_input(NAME, &["eight"], "'eight'");
    assert_bad_input(NAME, &["8", "--cols", "0"], "--cols");
    assert_bad_input(NAME, &["8", "--cols", "x"], "--cols");
    assert_bad_input(NAME, &["8", "--start", "9,1"], "--start");
    assert_bad_input(NAME, &["8", "--start", "1,9"], "--start");
    assert_bad_input(NAME, &["8", "--start", "0,1"], "--start");
    assert_bad_input(NAME, &["8", "--start", "1"], "--start");
    assert_bad_input(NAME, &["8", "--start", "a,b"], "--start");
    assert_bad_input(NAME, &["8", "--start", "1,2,3"], "--start");
    assert_bad_input(NAME, &["65", "--cols", "64"], "4160 squares");
    assert_bad_input(NAME, &["4294967295"], "squares");
    assert_bad_input(NAME, &["8", "--bogus"], "--bogus");
    assert_bad_input(NAME, &["8", "9"], "'9'");
}
