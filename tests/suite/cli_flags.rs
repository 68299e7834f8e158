//! Every option of a counting example beside each of `--estimate`,
//! `--split`, `--checkpoint` and `--threads`: honoured, so that the answer
//! or the estimate follows it, or refused with exit code 2 and one line.
//! Nothing is taken and silently ignored.
//!
//! The tables list, for every mode an example has, every option of its
//! `--help`, so a new option needs a line in each. Known answers come from
//! published counts or the brute force of `support`.

use crate::support::{
    A000170, NORVIG_PUZZLE, brute_force_colorings, brute_force_tilings, cycle, dimacs, run,
    run_with_input,
};

/// What an option does beside a mode.
#[derive(Clone, Debug)]
enum Then {
    /// Refused: exit code 2, one line on standard error, nothing on
    /// standard output.
    Refused,
    /// Exit code 0, and the output holds this line, which the mode's run
    /// alone does not: a known answer that follows the option.
    Answer(String),
    /// Exit code 0, and the output (standard output and error, times left
    /// out) is not that of the mode's run alone.
    Differs,
    /// Exit code 0, the output is that of the mode's run alone, and the
    /// checkpoint file's header holds this text.
    Writes(&'static str),
    /// Exit code 0 and the output of the mode's run alone, for the reason
    /// given: the option is taken, and cannot change this answer.
    Same(&'static str),
}

use Then::{Answer, Differs, Refused, Same, Writes};

/// One example in one mode: the arguments of the mode's run (`CHECKPOINT`
/// stands for a fresh file), its standard input, and what each other
/// option does beside it (`CHECKPOINT` again for the path of a second
/// file).
struct Table {
    name: &'static str,
    mode: &'static str,
    base: Vec<&'static str>,
    input: String,
    /// A line of the mode's output alone, known independently.
    answer: Option<String>,
    rows: Vec<(Vec<&'static str>, Then)>,
}

/// The modes this test covers.
const MODES: [&str; 4] = ["--estimate", "--split", "--checkpoint", "--threads"];

/// The five free tetrominoes, and a 20-cell board they tile (as in
/// `cli_estimate`).
const TETROMINOES: [&str; 5] = ["####", "##\n##", "###\n.#.", ".##\n##.", "###\n#.."];
const TETROMINO_BOARD: &str = ".####\n#####\n#####\n#####\n.#...\n";

/// Options refused beside a mode, as rows.
fn refused(options: &[&'static [&'static str]]) -> Vec<(Vec<&'static str>, Then)> {
    options.iter().map(|o| (o.to_vec(), Refused)).collect()
}

fn tables() -> Vec<Table> {
    let eight = A000170[8].to_string();
    // 8 rooks: 8! placements.
    let rooks = "solutions 40320 40320 40320".to_owned();
    let tilings = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, true);
    let one_sided = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, false);
    assert_ne!(tilings, one_sided);
    let square = dimacs(4, &cycle(4));
    let c4 = brute_force_colorings(4, &cycle(4), 3);
    // A path of 30 vertices has 3 * 2^29 proper 3-colourings: more nodes
    // than the timing sample searches, so the probes make the estimate.
    let path: Vec<(usize, usize)> = (1..30).map(|v| (v, v + 1)).collect();
    let empty_9x9 = format!("{}\n", ".".repeat(81));
    let mut tables = vec![
        Table {
            name: "nqueens",
            mode: "--estimate",
            base: vec!["8", "--estimate"],
            input: String::new(),
            answer: Some(format!("solutions {eight} {eight} {eight}")),
            rows: [
                (vec!["--constraints", "columns"], Answer(rooks.clone())),
                (
                    vec!["--plain"],
                    Same("the plain model is the reference model's tree, checked the plain way"),
                ),
                (vec!["--lookahead", "2"], Differs),
                (vec!["--no-symmetry"], Differs),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--first"],
                &["--all"],
                &["--format", "list"],
                &["--stats"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--threads", "2"],
                &["--split", "2"],
                &["--workers", "4"],
                &["--unit", "x"],
                &["--merge", "no-such-file"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
                &["--orbits"],
                &["--max-units", "1000"],
            ]))
            .collect(),
        },
        // 13 queens: more nodes than the timing sample searches, so the
        // probes make the estimate.
        Table {
            name: "nqueens",
            mode: "--estimate",
            base: vec!["13", "--estimate"],
            input: String::new(),
            answer: None,
            rows: vec![
                (vec!["--probes", "50"], Differs),
                (vec!["--seed", "3"], Differs),
            ],
        },
        Table {
            name: "nqueens",
            mode: "--classes",
            base: vec!["8", "--classes"],
            input: String::new(),
            // 92 solutions in 12 classes (OEIS A000170, A002562).
            answer: Some("12".to_owned()),
            rows: [
                (
                    vec!["--lookahead", "2"],
                    Same("look-ahead cuts only subtrees without a solution"),
                ),
                (vec!["--stats"], Differs),
            ]
            .into_iter()
            .chain(refused(&[
                &["--first"],
                &["--all"],
                &["--format", "list"],
                &["--constraints", "columns"],
                &["--plain"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--threads", "2"],
                &["--no-symmetry"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--split", "3"],
                &["--workers", "2"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
                &["--max-units", "10"],
                &["--unit", "nqueens-8 3 0 1 2 1"],
                &["--merge", "-"],
            ]))
            .collect(),
        },
        Table {
            name: "nqueens",
            mode: "--split",
            base: vec!["8", "--split", "3"],
            input: String::new(),
            answer: None,
            rows: [
                (vec!["--no-symmetry"], Differs),
                // 8 queens split at depth 3 give more than 3 units.
                (vec!["--max-units", "3"], Refused),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--first"],
                &["--all"],
                &["--format", "list"],
                &["--constraints", "columns"],
                &["--plain"],
                &["--stats"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--threads", "2"],
                &["--lookahead", "2"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--workers", "4"],
                &["--unit", "x"],
                &["--merge", "no-such-file"],
                &["--checkpoint", "CHECKPOINT"],
                &["--orbits"],
                &["--depth", "2"],
            ]))
            .collect(),
        },
        Table {
            name: "nqueens",
            mode: "--split",
            base: vec!["8", "--split", "auto"],
            input: String::new(),
            answer: None,
            rows: [
                // The estimates of the units' sizes follow the look-ahead.
                (vec!["--lookahead", "2"], Differs),
                (vec!["--workers", "7"], Differs),
                (vec!["--no-symmetry"], Differs),
            ]
            .into_iter()
            .chain(refused(&[&["--max-units", "1000"]]))
            .collect(),
        },
        Table {
            name: "nqueens",
            mode: "--checkpoint",
            base: vec!["8", "--checkpoint", "CHECKPOINT"],
            input: String::new(),
            answer: Some(eight.clone()),
            rows: [
                (vec!["--stats"], Differs),
                (vec!["--orbits"], Writes("question=orbits ")),
                (vec!["--depth", "1"], Writes("depth=1 ")),
                // 8 queens split at depth 3 give more than 3 units.
                (vec!["--max-units", "3"], Refused),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--first"],
                &["--all"],
                &["--format", "list"],
                &["--constraints", "columns"],
                &["--plain"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--split", "2"],
                &["--workers", "4"],
                &["--unit", "x"],
                &["--merge", "no-such-file"],
                &["--checkpoint", "CHECKPOINT"],
            ]))
            .collect(),
        },
        Table {
            name: "nqueens",
            mode: "--checkpoint",
            base: vec!["8", "--checkpoint", "CHECKPOINT", "--stats"],
            input: String::new(),
            answer: Some(eight.clone()),
            rows: vec![
                (vec!["--threads", "3"], Answer("threads: 3".to_owned())),
                (vec!["--lookahead", "2"], Differs),
                (vec!["--no-symmetry"], Differs),
            ],
        },
        Table {
            name: "nqueens",
            mode: "--threads",
            base: vec!["8", "--threads", "2"],
            input: String::new(),
            answer: Some(eight.clone()),
            rows: [
                (vec!["--stats"], Differs),
                (vec!["--checkpoint", "CHECKPOINT"], Writes("units=")),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--first"],
                &["--all"],
                &["--format", "list"],
                // Boxed checkers count on one thread.
                &["--constraints", "columns"],
                &["--plain"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--threads", "1"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--split", "2"],
                &["--workers", "4"],
                &["--unit", "x"],
                &["--merge", "no-such-file"],
                &["--depth", "2"],
                &["--orbits"],
                &["--max-units", "1000"],
            ]))
            .collect(),
        },
        Table {
            name: "nqueens",
            mode: "--threads",
            base: vec!["8", "--threads", "2", "--stats"],
            input: String::new(),
            answer: Some(eight.clone()),
            rows: vec![
                (vec!["--lookahead", "2"], Differs),
                (vec!["--no-symmetry"], Differs),
            ],
        },
        Table {
            name: "polyomino",
            mode: "--estimate",
            base: vec!["--pieces", "tetrominoes", "--estimate"],
            input: TETROMINO_BOARD.to_owned(),
            answer: Some(format!("solutions {tilings} {tilings} {tilings}")),
            rows: [
                (
                    vec!["--no-reflections"],
                    Answer(format!("solutions {one_sided} {one_sided} {one_sided}")),
                ),
                (
                    vec!["--probes", "50"],
                    Same(
                        "the timing sample searched the whole tree: its exact figures are printed",
                    ),
                ),
                (
                    vec!["--seed", "3"],
                    Same(
                        "the timing sample searched the whole tree: its exact figures are printed",
                    ),
                ),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--pieces", "pentominoes"],
                &["--first"],
                &["--all"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--stats"],
                &["--threads", "2"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
            ]))
            .collect(),
        },
        Table {
            name: "polyomino",
            mode: "--classes",
            base: vec!["--pieces", "tetrominoes", "--classes"],
            input: TETROMINO_BOARD.to_owned(),
            // The board has no symmetry: every tiling is a class.
            answer: Some(tilings.to_string()),
            rows: [
                (vec!["--no-reflections"], Answer(one_sided.to_string())),
                (vec!["--stats"], Differs),
            ]
            .into_iter()
            .chain(refused(&[
                &["--pieces", "pentominoes"],
                &["--first"],
                &["--all"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--threads", "2"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
            ]))
            .collect(),
        },
        Table {
            name: "polyomino",
            mode: "--threads",
            base: vec!["--pieces", "tetrominoes", "--threads", "2"],
            input: TETROMINO_BOARD.to_owned(),
            answer: Some(tilings.to_string()),
            rows: [
                (vec!["--no-reflections"], Answer(one_sided.to_string())),
                (vec!["--stats"], Differs),
                (vec!["--checkpoint", "CHECKPOINT"], Writes("units=")),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--pieces", "pentominoes"],
                &["--first"],
                &["--all"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--threads", "1"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--depth", "2"],
            ]))
            .collect(),
        },
        Table {
            name: "polyomino",
            mode: "--checkpoint",
            base: vec!["--pieces", "tetrominoes", "--checkpoint", "CHECKPOINT"],
            input: TETROMINO_BOARD.to_owned(),
            answer: Some(tilings.to_string()),
            rows: [
                (vec!["--no-reflections"], Answer(one_sided.to_string())),
                (vec!["--stats"], Differs),
                (
                    vec!["--threads", "2"],
                    Same("the units and their counts are the same on any number of threads"),
                ),
                (vec!["--depth", "2"], Writes("depth=2 ")),
            ]
            .into_iter()
            .chain(refused(&[
                &["--classes"],
                &["--pieces", "pentominoes"],
                &["--first"],
                &["--all"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--checkpoint", "CHECKPOINT"],
            ]))
            .collect(),
        },
        Table {
            name: "sudoku",
            mode: "--estimate",
            base: vec!["--estimate"],
            input: format!("{NORVIG_PUZZLE}\n"),
            answer: Some("solutions 1 1 1".to_owned()),
            rows: [
                (vec!["--order", "declared"], Differs),
                (vec!["--rules", "lines"], Differs),
                (vec!["--model", "exact-cover"], Differs),
            ]
            .into_iter()
            .chain(refused(&[
                &["--count"],
                &["--limit", "5"],
                &["--pretty"],
                &["--stats"],
                &["--node-limit", "100"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
            ]))
            .collect(),
        },
        Table {
            name: "sudoku",
            mode: "--checkpoint",
            base: vec!["--count", "--checkpoint", "CHECKPOINT"],
            // The empty 4 x 4 grid: 288 solutions (published).
            input: format!("{}\n", ".".repeat(16)),
            answer: Some("288".to_owned()),
            rows: [
                (
                    vec!["--order", "declared"],
                    Same("a grid has as many solutions whatever the order"),
                ),
                (
                    vec!["--rules", "lines"],
                    Same("every set of rules has the same solutions"),
                ),
                (
                    vec!["--model", "exact-cover"],
                    Same("both models have the same solutions"),
                ),
                (vec!["--stats"], Differs),
                (vec!["--node-limit", "10"], Answer("node limit".to_owned())),
                (vec!["--depth", "1"], Writes("depth=1 ")),
            ]
            .into_iter()
            .chain(refused(&[
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--limit", "5"],
                &["--pretty"],
                &["--trace"],
                &["--trace-limit", "5"],
                &["--trace-format", "dot"],
                &["--checkpoint", "CHECKPOINT"],
            ]))
            .collect(),
        },
        // The empty 9 x 9 grid: more nodes than the timing sample searches.
        Table {
            name: "sudoku",
            mode: "--estimate",
            base: vec!["--estimate", "--model", "exact-cover"],
            input: empty_9x9,
            answer: None,
            rows: vec![
                (vec!["--probes", "50"], Differs),
                (vec!["--seed", "3"], Differs),
            ],
        },
        Table {
            name: "coloring",
            mode: "--estimate",
            base: vec!["--colors", "3", "--estimate"],
            input: square.clone(),
            answer: Some(format!("solutions {c4} {c4} {c4}")),
            rows: refused(&[
                &["--count"],
                &["--classes"],
                &["--chromatic"],
                &["--stats"],
                &["--checkpoint", "CHECKPOINT"],
                &["--depth", "2"],
                &["--node-limit", "100"],
                &["--quiet"],
            ]),
        },
        Table {
            name: "coloring",
            mode: "--checkpoint",
            base: vec!["--colors", "3", "--count", "--checkpoint", "CHECKPOINT"],
            input: square.clone(),
            answer: Some(c4.to_string()),
            rows: [
                (vec!["--stats"], Differs),
                (vec!["--depth", "1"], Writes("depth=1 ")),
            ]
            .into_iter()
            .chain(refused(&[
                &["--chromatic"],
                &["--node-limit", "100"],
                &["--quiet"],
                &["--estimate"],
                &["--probes", "50"],
                &["--seed", "3"],
                &["--checkpoint", "CHECKPOINT"],
                &["--classes"],
            ]))
            .collect(),
        },
        Table {
            name: "coloring",
            mode: "--estimate",
            base: vec!["--colors", "3", "--estimate"],
            input: dimacs(30, &path),
            answer: None,
            rows: vec![
                (vec!["--probes", "50"], Differs),
                (vec!["--seed", "3"], Differs),
            ],
        },
    ];
    tables.sort_by_key(|t| (t.name, t.mode));
    tables
}

/// The output of a run with what varies from run to run (times) left out.
fn steady(stdout: &str, stderr: &str) -> String {
    stdout
        .lines()
        .chain(stderr.lines())
        .filter(|line| !line.starts_with("seconds ") && !line.starts_with("time: "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The long options of `--help`.
fn options_of(name: &str) -> Vec<String> {
    let help = run(name, &["--help"]).stdout;
    let mut options: Vec<String> = help
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = match line.split_once(", ") {
                Some((short, long)) if short.len() == 2 && short.starts_with('-') => long,
                _ => line,
            };
            let word = line.split(' ').next()?.strip_prefix("--")?;
            let is_name =
                !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
            (is_name && word != "help" && word != "version").then(|| format!("--{word}"))
        })
        .collect();
    options.sort_unstable();
    options.dedup();
    options
}

/// Every option of every counting example, beside each mode it has, is
/// honoured or refused. `nqueens 8 --estimate --max-units 1000`, `nqueens 8
/// --threads 2 --max-units 1000`, `nqueens 8 --split auto --max-units 3`,
/// `nqueens 8 --split 3 --lookahead 2`, `sudoku --estimate --count`,
/// `coloring --colors 3 --estimate --count` and `... --estimate --stats`
/// were all taken and ignored.
#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn every_option_beside_a_mode_is_honoured_or_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tables = tables();
    let mut runs = 0;
    for (index, table) in tables.iter().enumerate() {
        let name = table.name;
        let fresh = |tag: String| {
            let path = dir.path().join(format!("{index}-{tag}.txt"));
            path.to_str().expect("a UTF-8 path").to_owned()
        };
        let with = |args: &[&'static str], file: &str| -> Vec<String> {
            args.iter()
                .map(|&a| {
                    if a == "CHECKPOINT" {
                        file.to_owned()
                    } else {
                        a.to_owned()
                    }
                })
                .collect()
        };
        let base_args = with(&table.base, &fresh("base".to_owned()));
        let base_args: Vec<&str> = base_args.iter().map(String::as_str).collect();
        let base = run_with_input(name, &base_args, &table.input);
        assert_eq!(base.code, Some(0), "{base:?}");
        let alone = steady(&base.stdout, &base.stderr);
        if let Some(line) = &table.answer {
            assert!(alone.lines().any(|l| l == line), "{base:?} lacks {line:?}");
        }
        for (option, then) in &table.rows {
            runs += 1;
            // A checkpoint of the mode's, or else of the option's.
            let (first, second) = (fresh(format!("{runs}-a")), fresh(format!("{runs}-b")));
            let mut args = with(&table.base, &first);
            args.extend(with(option, &second));
            let file = if table.base.contains(&"CHECKPOINT") {
                first
            } else {
                second
            };
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let r = run_with_input(name, &args, &table.input);
            let shown = steady(&r.stdout, &r.stderr);
            match then {
                Refused => {
                    assert_eq!(r.code, Some(2), "{name} {args:?} is not refused: {r:?}");
                    assert_eq!(r.stdout, "", "{name} {args:?}");
                    assert_eq!(r.stderr.lines().count(), 1, "{name} {args:?}: {r:?}");
                    assert!(!r.stderr.contains("panicked"), "{r:?}");
                }
                Answer(line) => {
                    assert_eq!(r.code, Some(0), "{r:?}");
                    assert!(
                        shown.lines().any(|l| l == line) && !alone.lines().any(|l| l == line),
                        "{name} {args:?}: {line:?} is not what follows the option: {shown:?} \
                         (alone: {alone:?})"
                    );
                }
                Differs => {
                    assert_eq!(r.code, Some(0), "{r:?}");
                    assert_ne!(shown, alone, "{name} {args:?} ignores {option:?}");
                }
                Writes(text) => {
                    assert_eq!(r.code, Some(0), "{r:?}");
                    assert_eq!(shown, alone, "{name} {args:?}");
                    let written = std::fs::read_to_string(&file).expect("the checkpoint");
                    let header = written.lines().next().unwrap_or("");
                    assert!(header.contains(text), "{name} {args:?}: {header:?}");
                }
                Same(reason) => {
                    assert_eq!(r.code, Some(0), "{r:?}");
                    assert_eq!(shown, alone, "{name} {args:?}: {reason}");
                }
            }
        }
    }
    // Every option of each example's --help has a line beside each of its
    // modes; an example without a mode has none of them.
    for name in [
        "nqueens",
        "polyomino",
        "sudoku",
        "coloring",
        "map_coloring",
        "knights_tour",
        "magic_square",
        "cryptarithm",
        "subset_sum",
    ] {
        let options = options_of(name);
        for mode in MODES {
            let of_mode: Vec<&Table> = tables
                .iter()
                .filter(|t| t.name == name && t.mode == mode)
                .collect();
            if !options.iter().any(|o| o == mode) {
                assert!(of_mode.is_empty(), "{name} has no {mode}");
                continue;
            }
            assert!(!of_mode.is_empty(), "{name} {mode}: no table");
            let mut listed: Vec<String> = of_mode
                .iter()
                .flat_map(|t| {
                    t.rows
                        .iter()
                        .map(|(option, _)| option[0])
                        .chain(t.base.iter().copied().filter(|a| a.starts_with("--")))
                })
                .map(str::to_owned)
                .collect();
            listed.sort_unstable();
            listed.dedup();
            assert_eq!(
                listed, options,
                "{name} {mode}: the tables and --help differ"
            );
        }
    }
    assert!(runs > 100, "{runs} runs");
}
