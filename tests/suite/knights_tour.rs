//! The knight's tour in the library: the model's counts against OEIS and a
//! brute force written here, every tour checked by a checker written here,
//! the theorems against the brute force, and the tour finder's restarts.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use backtracker::{RestartStop, Restarts, Schedule, StopReason, TieRule};
use backtracker_puzzles::knights_tour::{
    Chessboard, Theorem, TourFinder, impossible, model, successor_model,
};

fn is_knight_move(cols: usize, a: usize, b: usize) -> bool {
    let (dr, dc) = ((a / cols).abs_diff(b / cols), (a % cols).abs_diff(b % cols));
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// Checks a tour on its own: every square of the board once, `start`
/// first, consecutive squares a knight's move apart and, when closed, the
/// last a knight's move from the first.
fn assert_tour(rows: usize, cols: usize, tour: &[usize], start: usize, closed: bool) {
    let n = rows * cols;
    assert_eq!(tour.len(), n, "{tour:?}");
    let mut seen = vec![false; n];
    for &sq in tour {
        assert!(
            sq < n && !seen[sq],
            "square {sq} twice or off the board: {tour:?}"
        );
        seen[sq] = true;
    }
    assert_eq!(tour[0], start, "{tour:?}");
    for w in tour.windows(2) {
        assert!(
            is_knight_move(cols, w[0], w[1]),
            "{} to {} is no knight's move: {tour:?}",
            w[0],
            w[1]
        );
    }
    if closed {
        assert!(
            is_knight_move(cols, tour[n - 1], tour[0]),
            "not closed: {tour:?}"
        );
    }
}

/// The tours of a `rows x cols` board from `start`, by plain depth-first
/// search over knight moves.
fn brute_force(rows: usize, cols: usize, start: usize, closed: bool) -> u128 {
    fn walk(
        cols: usize,
        at: usize,
        start: usize,
        closed: bool,
        seen: &mut [bool],
        left: usize,
    ) -> u128 {
        if left == 0 {
            return u128::from(!closed || is_knight_move(cols, at, start));
        }
        let mut total = 0;
        for next in 0..seen.len() {
            if !seen[next] && is_knight_move(cols, at, next) {
                seen[next] = true;
                total += walk(cols, next, start, closed, seen, left - 1);
                seen[next] = false;
            }
        }
        total
    }
    let mut seen = vec![false; rows * cols];
    seen[start] = true;
    walk(cols, start, start, closed, &mut seen, rows * cols - 1)
}

fn count(rows: usize, cols: usize, start: usize, closed: bool) -> u128 {
    let board = Chessboard::new(rows, cols).expect("a board");
    let outcome = model(&board, start, closed, None)
        .expect("a model")
        .search()
        .count();
    assert_eq!(outcome.stop, StopReason::Completed);
    outcome.value
}

#[test]
fn open_counts_match_oeis_and_brute_force() {
    // OEIS A165134 (directed Hamiltonian paths in the n X n knight graph):
    // 1728 on 5 X 5, of which 304 start at each corner.
    assert_eq!(count(5, 5, 0, false), 304);
    let all: u128 = (0..25).map(|sq| count(5, 5, sq, false)).sum();
    assert_eq!(all, 1728);
    // Every start square of 3 X 4 and 4 X 5 (16 and 164 tours in all).
    for (rows, cols, total) in [(3, 4, 16), (4, 5, 164), (5, 4, 164)] {
        let mut sum = 0;
        for start in 0..rows * cols {
            let expected = brute_force(rows, cols, start, false);
            assert_eq!(
                count(rows, cols, start, false),
                expected,
                "{rows} x {cols} from {start}"
            );
            sum += expected;
        }
        assert_eq!(sum, total, "{rows} x {cols}");
    }
}

#[test]
fn closed_counts_match_oeis() {
    // OEIS A070030: 16 closed tours of 3 X 10; from one square, each runs
    // in two directions.
    assert_eq!(count(3, 10, 0, true), 32);
    assert_eq!(brute_force(3, 10, 0, true), 32);
    assert_eq!(count(3, 10, 14, true), 32);
}

/// The closed tours of the successor model, cross-checked when `checked`.
fn successor_count(rows: usize, cols: usize, checked: bool) -> u128 {
    let board = Chessboard::new(rows, cols).expect("a board");
    let mut model = successor_model(&board).expect("a model");
    let outcome = model.search().cross_check(checked).count();
    assert_eq!(outcome.stop, StopReason::Completed);
    outcome.value
}

#[test]
fn the_successor_model_counts_the_closed_tours() {
    // Against the brute force on small boards, every one with a square
    // or two, one without a knight's move, and boards with no closed tour.
    for (rows, cols) in [
        (1, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 4),
        (3, 6),
        (4, 5),
        (3, 8),
    ] {
        assert_eq!(
            successor_count(rows, cols, rows * cols <= 16),
            brute_force(rows, cols, 0, true),
            "{rows} x {cols}"
        );
    }
    // OEIS A070030: 16 closed tours of 3 X 10, 176 of 3 X 12.
    assert_eq!(successor_count(3, 10, true), 32);
    assert_eq!(successor_count(3, 12, false), 2 * 176);
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn closed_tours_of_six_by_six_match_oeis() {
    // OEIS A001230: 9862 closed tours of 6 X 6; each passes the corner
    // once and runs in two directions.
    assert_eq!(count(6, 6, 0, true), 2 * 9862);
    assert_eq!(successor_count(6, 6, false), 2 * 9862);
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn closed_tours_of_six_by_six_count_the_same_in_cross_check_mode() {
    // Every removal of `Circuit` (36 variables) audited on the whole tree.
    assert_eq!(successor_count(6, 6, true), 2 * 9862);
}

#[test]
fn every_tour_the_model_enumerates_is_a_knights_path() {
    let board = Chessboard::new(5, 5).expect("a board");
    let mut open = model(&board, 0, false, None).expect("a model");
    let mut tours: Vec<Vec<usize>> = open
        .search()
        .solutions()
        .map(|tour| tour.iter().map(|&sq| usize::from(sq)).collect())
        .collect();
    for tour in &tours {
        assert_tour(5, 5, tour, 0, false);
    }
    tours.sort();
    tours.dedup();
    assert_eq!(tours.len(), 304);
    // The closed tours of 3 X 10 too.
    let board = Chessboard::new(3, 10).expect("a board");
    let mut closed_model = model(&board, 0, true, None).expect("a model");
    let closed: Vec<Vec<u16>> = closed_model.search().solutions().collect();
    assert_eq!(closed.len(), 32);
    for tour in closed {
        let tour: Vec<usize> = tour.iter().map(|&sq| usize::from(sq)).collect();
        assert_tour(3, 10, &tour, 0, true);
    }
}

#[test]
fn the_finder_finds_valid_tours() {
    // (rows, cols, start row and column, closed)
    let boards = [
        (1, 1, (0, 0), false),
        (3, 4, (0, 0), false),
        (4, 5, (0, 0), false),
        (5, 5, (2, 2), false),
        (4, 12, (3, 11), false),
        (6, 6, (1, 3), false),
        (8, 8, (7, 7), false),
        (9, 9, (0, 0), false),
        (12, 12, (5, 6), false),
        (3, 10, (0, 0), true),
        (5, 6, (0, 0), true),
        (6, 6, (2, 3), true),
        (8, 8, (4, 1), true),
        (12, 9, (0, 0), true),
    ];
    for (rows, cols, (r, c), closed) in boards {
        let board = Chessboard::new(rows, cols).expect("a board");
        let start = board.square(r, c).expect("on the board");
        let found = TourFinder::new(&board, start)
            .expect("a start")
            .closed(closed)
            .find()
            .expect("models build");
        assert_eq!(found.stop, RestartStop::Found, "{rows} x {cols}");
        assert!(found.attempts >= 1);
        assert_tour(rows, cols, &found.value.expect("a tour"), start, closed);
    }
}

#[test]
fn the_finder_with_luby_budgets_and_shuffled_ties() {
    for (rows, cols, closed) in [(8, 8, false), (10, 10, true), (7, 9, false)] {
        let board = Chessboard::new(rows, cols).expect("a board");
        let finder = TourFinder::new(&board, 0).expect("a start").closed(closed);
        let restarts = Restarts::new(Schedule::luby(64))
            .tie_rules(finder.variants(), TieRule::Random)
            .seed(2024);
        let finder = finder.restarts(restarts).shuffle_ties(true);
        let first = finder.find().expect("models build");
        assert_eq!(first.stop, RestartStop::Found, "{rows} x {cols}");
        let tour = first.value.clone().expect("a tour");
        assert_tour(rows, cols, &tour, 0, closed);
        let again = finder.find().expect("models build");
        assert_eq!(
            (again.value, again.attempts, again.stats.nodes),
            (Some(tour), first.attempts, first.stats.nodes),
            "the same seed, the same run"
        );
    }
}

#[test]
fn the_finder_stops_when_cancelled() {
    let board = Chessboard::new(8, 8).expect("a board");
    let flag = Arc::new(AtomicBool::new(true));
    let finder = TourFinder::new(&board, 0).expect("a start");
    let restarts = finder.default_restarts().cancel_flag(flag);
    let run = finder.restarts(restarts).find().expect("models build");
    assert_eq!(
        (run.value, run.attempts, run.stop),
        (None, 0, RestartStop::Cancelled)
    );
}

/// Checks that wherever a theorem refuses a tour on one of `boards`, the
/// brute force finds none, and the finder makes no attempt; returns how
/// often each theorem refused.
fn theorems_are_sound_on(boards: &[(usize, usize)]) -> [usize; 3] {
    let mut refused = [0; 3];
    for &(rows, cols) in boards {
        let board = Chessboard::new(rows, cols).expect("a board");
        for start in 0..rows * cols {
            for closed in [false, true] {
                if let Some(theorem) = impossible(&board, start, closed) {
                    assert_eq!(
                        brute_force(rows, cols, start, closed),
                        0,
                        "{theorem:?} on {rows} x {cols} from {start}, closed: {closed}"
                    );
                    let k = match theorem {
                        Theorem::Colours => 0,
                        Theorem::Schwenk => 1,
                        _ => 2,
                    };
                    refused[k] += 1;
                    let found = TourFinder::new(&board, start)
                        .expect("a start")
                        .closed(closed)
                        .find()
                        .expect("models build");
                    assert_eq!((found.attempts, found.stop), (0, RestartStop::Exhausted));
                }
            }
        }
    }
    refused
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn the_theorems_are_sound_on_larger_boards() {
    let refused = theorems_are_sound_on(&[(4, 6), (5, 5), (3, 7)]);
    assert!(refused.iter().all(|&k| k > 0), "{refused:?}");
}

#[test]
fn the_theorems_refuse_only_boards_without_tours() {
    // Soundness: wherever a theorem refuses, the brute force finds none.
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for rows in 1..=4 {
        for cols in 1..=5 {
            boards.push((rows, cols));
        }
    }
    let refused = theorems_are_sound_on(&boards);
    assert!(refused.iter().all(|&k| k > 0), "{refused:?}");
    // Schwenk's theorem is an equivalence: where it leaves room, there is a
    // closed tour (by brute force on 3 X 10, by A001230 on 6 X 6).
    assert_eq!(
        impossible(&Chessboard::new(3, 10).expect("a board"), 0, true),
        None
    );
    assert_eq!(
        impossible(&Chessboard::new(6, 6).expect("a board"), 0, true),
        None
    );
    for (rows, cols) in [
        (3, 4),
        (3, 6),
        (3, 8),
        (4, 5),
        (4, 6),
        (5, 5),
        (1, 1),
        (2, 8),
    ] {
        let board = Chessboard::new(rows, cols).expect("a board");
        assert_eq!(
            impossible(&board, 0, true),
            Some(Theorem::Schwenk),
            "{rows} x {cols}"
        );
    }
}

#[test]
fn bad_boards_and_squares_are_errors() {
    assert!(Chessboard::new(0, 3).is_err());
    assert!(Chessboard::new(3, 0).is_err());
    let error = Chessboard::new(65, 64).expect_err("too large");
    assert_eq!(
        error.to_string(),
        "a 65 x 64 board has 4160 squares; at most 4096 are supported"
    );
    assert!(Chessboard::new(usize::MAX, usize::MAX).is_err());
    assert!(Chessboard::new(64, 64).is_ok());
    let board = Chessboard::new(3, 3).expect("a board");
    assert!(model(&board, 9, false, None).is_err());
    assert!(TourFinder::new(&board, 9).is_err());
    assert_eq!(board.neighbours(9), [] as [usize; 0]);
    assert_eq!(impossible(&board, 9, false), Some(Theorem::Colours));
}

#[test]
fn cross_check_mode_agrees_with_the_checkers() {
    let board = Chessboard::new(5, 5).expect("a board");
    let outcome = model(&board, 0, false, None)
        .expect("a model")
        .search()
        .cross_check(true)
        .count();
    assert_eq!((outcome.value, outcome.stop), (304, StopReason::Completed));
    let board = Chessboard::new(6, 6).expect("a board");
    let found = TourFinder::new(&board, 0)
        .expect("a start")
        .closed(true)
        .cross_check(true)
        .find()
        .expect("models build");
    assert_eq!(found.stop, RestartStop::Found);
    assert_tour(6, 6, &found.value.expect("a tour"), 0, true);
}
