//! `--estimate` in the examples that count (nqueens, coloring, polyomino,
//! sudoku): three lines a count, `nodes`, `solutions` and `seconds`, each
//! `VALUE LOW HIGH`; the same seed gives the same nodes and solutions; with
//! enough probes the 95% interval holds the true count, known here from an
//! independent source (OEIS, a published count, brute force in `support`).
//! The seeds are fixed, so each run probes the same paths.

use crate::support::{
    A000170, assert_bad_input, brute_force_colorings, brute_force_tilings, dimacs, petersen, run,
    run_with_input,
};

/// One line of an estimate: the value and the ends of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Figure {
    value: f64,
    low: f64,
    high: f64,
}

impl Figure {
    /// Whether the interval holds `x`.
    fn holds(self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// The three figures of one estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Estimated {
    nodes: Figure,
    solutions: Figure,
    seconds: Figure,
}

/// Parses `--estimate` output: blocks of exactly three lines named
/// `nodes`, `solutions`, `seconds`, each with three numbers (plain decimal
/// or `1.23e9`) in order LOW <= VALUE <= HIGH, none negative.
fn parse(stdout: &str) -> Vec<Estimated> {
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        !lines.is_empty() && lines.len().is_multiple_of(3),
        "not blocks of three lines: {stdout:?}"
    );
    let figure = |line: &str, name: &str| {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 4, "{line:?}");
        assert_eq!(fields[0], name, "{line:?}");
        let number = |text: &str| -> f64 {
            let x: f64 = text.parse().unwrap_or_else(|_| panic!("{line:?}"));
            assert!(x.is_finite() && x >= 0.0, "{line:?}");
            x
        };
        let f = Figure {
            value: number(fields[1]),
            low: number(fields[2]),
            high: number(fields[3]),
        };
        assert!(f.low <= f.value && f.value <= f.high, "{line:?}");
        f
    };
    lines
        .chunks(3)
        .map(|block| Estimated {
            nodes: figure(block[0], "nodes"),
            solutions: figure(block[1], "solutions"),
            seconds: figure(block[2], "seconds"),
        })
        .collect()
}

/// Runs `name` with `args` and `input`, checks it succeeds quietly, and
/// parses its estimates.
fn estimated(name: &str, args: &[&str], input: &str) -> Vec<Estimated> {
    let r = run_with_input(name, args, input);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    parse(&r.stdout)
}

/// The same seed twice gives the same nodes and solutions (the seconds
/// are a measured time, so they may differ).
fn assert_repeatable(name: &str, args: &[&str], input: &str) {
    let first = estimated(name, args, input);
    let again = estimated(name, args, input);
    let figures = |e: &[Estimated]| -> Vec<(Figure, Figure)> {
        e.iter().map(|e| (e.nodes, e.solutions)).collect()
    };
    assert_eq!(figures(&first), figures(&again), "{name} {args:?}");
}

// ---------------------------------------------------------------- nqueens

#[test]
fn nqueens_estimate_holds_the_oeis_count() {
    let [e] = estimated("nqueens", &["10", "--estimate", "--probes", "4000"], "")[..] else {
        panic!("one estimate");
    };
    assert!(e.solutions.holds(A000170[10] as f64), "{e:?}");
    assert!(e.nodes.value > 0.0 && e.seconds.value > 0.0, "{e:?}");
}

#[test]
fn nqueens_estimate_is_repeatable_and_the_seed_matters() {
    // 14 queens: a tree of 27 million nodes, which the timing sample does
    // not search whole, so the figures are the probes' (9 queens would be
    // printed exact, whatever the seed).
    let args = ["14", "--estimate", "--probes", "300", "--seed", "5"];
    assert_repeatable("nqueens", &args, "");
    let other = estimated(
        "nqueens",
        &["14", "--estimate", "--probes", "300", "--seed", "6"],
        "",
    );
    assert_ne!(estimated("nqueens", &args, "")[0].nodes, other[0].nodes);
}

/// The estimate is of the model asked for: without constraints, N queens
/// on N rows stand in N^N ways; with columns only, N! ways; the plain model
/// counts the same as the reference one (OEIS A000170).
#[test]
fn nqueens_estimate_follows_the_constraints_and_plain() {
    let cases: [(&[&str], f64); 4] = [
        (&["9", "--constraints", "none"], 9f64.powi(9)),
        (&["8", "--constraints", "columns"], 40_320.0),
        (
            &["8", "--constraints", "columns", "--no-symmetry"],
            40_320.0,
        ),
        (&["8", "--plain"], A000170[8] as f64),
    ];
    for (args, truth) in cases {
        let mut args = args.to_vec();
        args.extend(["--estimate", "--probes", "2000"]);
        let [e] = estimated("nqueens", &args, "")[..] else {
            panic!("one estimate for {args:?}");
        };
        assert!(e.solutions.holds(truth), "{args:?}: {e:?}, truth {truth}");
    }
}

#[test]
fn nqueens_estimate_refuses_other_modes() {
    for flag in ["--first", "--all", "--trace", "--stats"] {
        assert_bad_input("nqueens", &["8", "--estimate", flag], "--estimate");
    }
    assert_bad_input(
        "nqueens",
        &["8", "--estimate", "--threads", "2"],
        "--estimate",
    );
    assert_bad_input(
        "nqueens",
        &["8", "--estimate", "--checkpoint", "c.txt"],
        "--estimate",
    );
    assert_bad_input("nqueens", &["8", "--probes", "10"], "--estimate");
    assert_bad_input("nqueens", &["8", "--estimate", "--probes", "0"], "--probes");
}

// ---------------------------------------------------------------- coloring

#[test]
fn coloring_estimate_holds_the_brute_force_count() {
    let graph = dimacs(10, &petersen());
    let true_count = brute_force_colorings(10, &petersen(), 4);
    let args = ["--colors", "4", "--estimate", "--probes", "20000"];
    let [e] = estimated("coloring", &args, &graph)[..] else {
        panic!("one estimate");
    };
    assert!(e.solutions.holds(true_count as f64), "{e:?} {true_count}");
    // --count with --estimate would be ignored: it is refused.
    assert_bad_input("coloring", &[&args[..], &["--count"]].concat(), "--count");
}

#[test]
fn coloring_estimate_is_repeatable() {
    let graph = dimacs(10, &petersen());
    assert_repeatable(
        "coloring",
        &[
            "--colors",
            "3",
            "--estimate",
            "--probes",
            "500",
            "--seed",
            "9",
        ],
        &graph,
    );
}

#[test]
fn coloring_estimate_needs_colors_and_refuses_chromatic() {
    assert_bad_input("coloring", &["--estimate"], "--colors");
    assert_bad_input("coloring", &["--chromatic", "--estimate"], "--estimate");
    assert_bad_input("coloring", &["--colors", "3", "--seed", "1"], "--estimate");
    let r = run(
        "coloring",
        &["--colors", "3", "--estimate", "--probes", "x"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
}

// ---------------------------------------------------------------- polyomino

/// The five free tetrominoes, drawn here independently of the library.
const TETROMINOES: [&str; 5] = ["####", "##\n##", "###\n.#.", ".##\n##.", "###\n#.."];

/// A 20-cell board the tetrominoes tile (a 4 x 5 rectangle with a corner
/// moved, so that the T's odd colour balance fits).
const TETROMINO_BOARD: &str = ".####\n#####\n#####\n#####\n.#...\n";

#[test]
fn polyomino_estimate_holds_the_brute_force_count() {
    let true_count = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, true);
    let args = ["--pieces", "tetrominoes", "--estimate", "--probes", "20000"];
    let [e] = estimated("polyomino", &args, TETROMINO_BOARD)[..] else {
        panic!("one estimate");
    };
    assert!(e.solutions.holds(true_count as f64), "{e:?} {true_count}");
}

#[test]
fn polyomino_estimate_is_repeatable() {
    let args = [
        "--pieces",
        "tetrominoes",
        "--estimate",
        "--probes",
        "500",
        "--seed",
        "3",
    ];
    assert_repeatable("polyomino", &args, TETROMINO_BOARD);
}

#[test]
fn polyomino_estimate_refuses_other_modes() {
    for flag in ["--first", "--all", "--trace", "--stats"] {
        assert_bad_input("polyomino", &["--estimate", flag], "--estimate");
    }
    assert_bad_input("polyomino", &["--estimate", "--threads", "2"], "--estimate");
    assert_bad_input("polyomino", &["--probes", "5"], "--estimate");
}

// ---------------------------------------------------------------- sudoku

/// An empty 4 x 4 sudoku: 288 solutions (a published count; the 4 x 4
/// grids are 4! choices of the first row times 12 completions).
const EMPTY_4X4: &str = "................\n";

#[test]
fn sudoku_estimate_of_an_empty_4x4_grid_holds_288() {
    let [e] = estimated("sudoku", &["--estimate"], EMPTY_4X4)[..] else {
        panic!("one estimate");
    };
    assert!(e.solutions.holds(288.0), "{e:?}");
    // The count itself agrees.
    let r = run_with_input("sudoku", &["--count"], EMPTY_4X4);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "288\n"), "{r:?}");
}

/// When the timing sample searched the whole tree, the figures printed are
/// its exact ones, however few the probes: 288 grids of 4 x 4 (OEIS
/// A107739), 92 boards of 8 queens (OEIS A000170).
#[test]
fn an_exact_count_from_the_sample_is_printed_as_exact() {
    let [e] = estimated("sudoku", &["--estimate", "--probes", "5"], EMPTY_4X4)[..] else {
        panic!("one estimate");
    };
    assert_eq!(
        (e.solutions.value, e.solutions.low, e.solutions.high),
        (288.0, 288.0, 288.0),
        "{e:?}"
    );
    let [e] = estimated("nqueens", &["8", "--estimate", "--probes", "10"], "")[..] else {
        panic!("one estimate");
    };
    let truth = A000170[8] as f64;
    assert_eq!(
        (e.solutions.value, e.solutions.low, e.solutions.high),
        (truth, truth, truth),
        "{e:?}"
    );
    assert_eq!(e.nodes.low, e.nodes.high, "{e:?}");
    // One probe has no spread to make an interval from.
    assert_bad_input("nqueens", &["8", "--estimate", "--probes", "1"], "--probes");
}

#[test]
fn sudoku_estimates_every_puzzle_in_input_order() {
    // A grid one cell short of solved has one solution: the estimate of a
    // tree that is a single path is exact.
    let solved = "1234341221434321";
    let one_blank = format!(".{}", &solved[1..]);
    let input = format!("{one_blank}\n\n{EMPTY_4X4}");
    for model in ["reference", "exact-cover"] {
        let estimates = estimated("sudoku", &["--estimate", "--model", model], &input);
        assert_eq!(estimates.len(), 2, "{model}");
        assert_eq!(estimates[0].solutions.value, 1.0, "{model}");
        assert!(estimates[1].solutions.value > 100.0, "{model}");
    }
    assert_repeatable(
        "sudoku",
        &["--estimate", "--probes", "200", "--seed", "4"],
        &input,
    );
}

#[test]
fn sudoku_estimate_refuses_other_modes() {
    for args in [
        &["--estimate", "--pretty"][..],
        &["--estimate", "--trace"],
        &["--estimate", "--stats"],
        &["--estimate", "--count", "--limit", "2"],
        &["--estimate", "--node-limit", "10"],
        &["--seed", "2"],
    ] {
        assert_bad_input("sudoku", args, "--");
    }
}

#[test]
fn every_counting_example_documents_estimate_in_its_help() {
    for name in ["nqueens", "coloring", "polyomino", "sudoku", "nonogram"] {
        crate::support::assert_help(name, &["--estimate", "--probes", "--seed", "95%"]);
    }
}

/// `nonogram --estimate` holds the count: rows and columns of one filled
/// cell each are the permutation matrices, 8! = 40,320 pictures of an
/// 8 x 8 grid.
#[test]
fn nonogram_estimate_holds_the_count_of_permutation_matrices() {
    let ones = "1\n".repeat(8);
    let clues = format!("width 8\nheight 8\nrows\n{ones}columns\n{ones}");
    let args = ["-", "--estimate", "--probes", "2000"];
    let [e] = estimated("nonogram", &args, &clues)[..] else {
        panic!("one estimate");
    };
    assert!(e.solutions.holds(40_320.0), "{e:?}");
    let count = crate::support::run_with_input("nonogram", &["-", "--count"], &clues);
    assert_eq!(count.stdout, "40320\n", "{count:?}");
    assert_repeatable("nonogram", &args, &clues);
    // What an estimate cannot use is refused.
    for other in ["--count", "--cross-check"] {
        let r = crate::support::run_with_input("nonogram", &[&args[..], &[other]].concat(), &clues);
        crate::support::assert_rejected(&r, other);
    }
}
