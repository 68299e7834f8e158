//! Every input of the committed fuzz corpora (`fuzz/corpus/TARGET/`), given
//! to the example that reads that kind of input: the example answers (exit
//! code 0 or 1), refuses the input (2), or, still busy after a while, stops
//! on Ctrl-C (130); never a panic, a signal or another code.

#![cfg(unix)]

use std::ffi::OsString;
use std::io::{ErrorKind, Write};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::example_binary;

/// How long an example may work on one input before it gets a Ctrl-C.
/// A run that ends sooner or later passes alike: this only bounds the
/// test's time.
const PATIENCE: Duration = Duration::from_secs(4);

/// The exit codes an example may end with.
const ALLOWED: [i32; 4] = [0, 1, 2, 130];

/// The inputs of the corpus of fuzz target `target`, by file name.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = std::fs::read(&path).expect("a corpus file");
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                bytes,
            )
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the corpus of {target} is empty");
    files
}

/// Sends SIGINT, as Ctrl-C does, to process `pid`.
fn interrupt(pid: u32) {
    let _ = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status();
}

/// Runs the example `name` with `args` and `input` on standard input and
/// returns its exit code (`None`: ended by a signal), interrupting it
/// after [`PATIENCE`] (and again every [`PATIENCE`] after that).
fn exit_code(name: &str, args: &[OsString], input: &[u8]) -> Option<i32> {
    let mut child = Command::new(example_binary(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} does not start: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || match stdin.write_all(&input) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => panic!("writing the input: {e}"),
        _ => {}
    });
    let mut deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the example") {
            break status;
        }
        if Instant::now() >= deadline {
            interrupt(child.id());
            deadline = Instant::now() + PATIENCE;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().expect("the input writer");
    status.code()
}

/// A temporary file holding `bytes`.
fn file_of(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(bytes).expect("written");
    file
}

fn path_arg(file: &tempfile::NamedTempFile) -> OsString {
    file.path().as_os_str().to_owned()
}

/// The bytes as one command-line argument, unless they hold a NUL byte
/// (which no argument can).
fn argument(bytes: &[u8]) -> Option<OsString> {
    (!bytes.contains(&0)).then(|| OsString::from_vec(bytes.to_vec()))
}

/// Runs `each` on every input of `target`'s corpus, on two threads, and
/// fails naming every input whose run ended otherwise than allowed.
fn check_corpus(target: &str, each: impl Fn(&[u8]) -> Vec<(String, Option<i32>)> + Sync) {
    let files = corpus(target);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let (left, right) = files.split_at(files.len() / 2);
        let each = &each;
        let half = |part: &'static str, files: &[(String, Vec<u8>)]| {
            let mut failures = Vec::new();
            for (file, bytes) in files {
                for (run, code) in each(bytes) {
                    if !code.is_some_and(|c| ALLOWED.contains(&c)) {
                        failures.push(format!(
                            "{target}/{file}: {run} ended with {code:?} ({part})"
                        ));
                    }
                }
            }
            failures
        };
        let first = scope.spawn(move || half("first half", left));
        let mut failures = half("second half", right);
        failures.extend(first.join().expect("a checking thread"));
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

#[test]
fn unit_lines_of_the_corpus_end_the_nqueens_example_cleanly() {
    check_corpus("units_line", |bytes| {
        let Some(line) = argument(bytes) else {
            return Vec::new();
        };
        let mut args = os(&["--unit"]);
        args.push(line);
        vec![(
            "nqueens --unit".to_owned(),
            exit_code("nqueens", &args, b""),
        )]
    });
}

#[test]
fn result_files_of_the_corpus_end_the_nqueens_merge_cleanly() {
    check_corpus("units_results", |bytes| {
        let file = file_of(bytes);
        let mut args = os(&["--merge"]);
        args.push(path_arg(&file));
        vec![
            (
                "nqueens --merge FILE".to_owned(),
                exit_code("nqueens", &args, b""),
            ),
            (
                "nqueens --merge -".to_owned(),
                exit_code("nqueens", &os(&["--merge", "-"]), bytes),
            ),
        ]
    });
}

#[test]
fn checkpoints_of_the_corpus_end_an_nqueens_count_cleanly() {
    check_corpus("checkpoint", |bytes| {
        let file = file_of(bytes);
        let mut args = os(&["6", "--depth", "1", "--checkpoint"]);
        args.push(path_arg(&file));
        vec![(
            "nqueens 6 --checkpoint FILE".to_owned(),
            exit_code("nqueens", &args, b""),
        )]
    });
}

#[test]
fn grids_of_the_corpus_end_the_sudoku_example_cleanly() {
    check_corpus("sudoku_grid", |bytes| {
        vec![
            ("sudoku".to_owned(), exit_code("sudoku", &[], bytes)),
            (
                "sudoku --count".to_owned(),
                exit_code("sudoku", &os(&["--count", "--limit", "2"]), bytes),
            ),
        ]
    });
}

#[test]
fn graphs_of_the_corpus_end_the_coloring_example_cleanly() {
    check_corpus("dimacs", |bytes| {
        let file = file_of(bytes);
        let path = path_arg(&file);
        let mut colors = os(&["--colors", "3"]);
        colors.push(path.clone());
        let mut chromatic = os(&["--chromatic"]);
        chromatic.push(path);
        vec![
            (
                "coloring --colors 3 FILE".to_owned(),
                exit_code("coloring", &colors, b""),
            ),
            (
                "coloring --chromatic FILE".to_owned(),
                exit_code("coloring", &chromatic, b""),
            ),
        ]
    });
}

#[test]
fn expressions_of_the_corpus_end_the_cryptarithm_example_cleanly() {
    check_corpus("cryptarithm", |bytes| {
        let Some(expression) = argument(bytes) else {
            return Vec::new();
        };
        let args = [OsString::from("--"), expression];
        vec![(
            "cryptarithm -- EXPRESSION".to_owned(),
            exit_code("cryptarithm", &args, b""),
        )]
    });
}

#[test]
fn boards_and_pieces_of_the_corpus_end_the_polyomino_example_cleanly() {
    check_corpus("polyomino", |bytes| {
        let file = file_of(bytes);
        let mut pieces = os(&["--first", "--pieces"]);
        pieces.push(path_arg(&file));
        vec![
            (
                "polyomino < BOARD".to_owned(),
                exit_code("polyomino", &[], bytes),
            ),
            (
                "polyomino --first --pieces FILE < 2x5 board".to_owned(),
                exit_code("polyomino", &pieces, b"#####\n#####\n"),
            ),
        ]
    });
}

/// The corpora this file checks are those of every fuzz target.
#[test]
fn every_fuzz_target_has_a_committed_corpus() {
    let targets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/fuzz_targets");
    let mut names: Vec<String> = std::fs::read_dir(&targets)
        .expect("fuzz/fuzz_targets")
        .map(|e| {
            let path: PathBuf = e.expect("an entry").path();
            path.file_stem().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    names.sort();
    // The FlatZinc reader's corpus is given to `fzn-backtracker` by the
    // solver's own tests (`fzn/tests/solver/fuzz_corpus.rs`).
    names.retain(|name| name != "fzn_reader");
    assert_eq!(
        names,
        [
            "best_results",
            "checkpoint",
            "cryptarithm",
            "dimacs",
            "jobshop",
            "knapsack",
            "nonogram",
            "polyomino",
            "sudoku_grid",
            "units_line",
            "units_results"
        ]
    );
    for name in &names {
        assert!(!corpus(name).is_empty());
    }
}

#[test]
fn instances_of_the_corpus_end_the_jobshop_example_cleanly() {
    check_corpus("jobshop", |bytes| {
        let file = file_of(bytes);
        let mut args = os(&["--quiet"]);
        args.push(path_arg(&file));
        vec![(
            "jobshop --quiet FILE".to_owned(),
            exit_code("jobshop", &args, b""),
        )]
    });
}

#[test]
fn clues_of_the_corpus_end_the_nonogram_example_cleanly() {
    check_corpus("nonogram", |bytes| {
        let file = file_of(bytes);
        let path = path_arg(&file);
        let mut count = os(&["--count"]);
        count.push(path.clone());
        vec![
            (
                "nonogram FILE".to_owned(),
                exit_code("nonogram", &[path], b""),
            ),
            (
                "nonogram --count FILE".to_owned(),
                exit_code("nonogram", &count, b""),
            ),
        ]
    });
}

#[test]
fn instances_of_the_corpus_end_the_knapsack_example_cleanly() {
    check_corpus("knapsack", |bytes| {
        let file = file_of(bytes);
        let mut args = os(&["--quiet"]);
        args.push(path_arg(&file));
        vec![(
            "knapsack --quiet FILE".to_owned(),
            exit_code("knapsack", &args, b""),
        )]
    });
}

#[test]
fn best_lines_of_the_corpus_end_the_optimisation_merges_cleanly() {
    check_corpus("best_results", |bytes| {
        let file = file_of(bytes);
        let merge = |first: &[&str]| {
            let mut args = os(first);
            args.push(path_arg(&file));
            args
        };
        vec![
            (
                "golomb 4 --merge FILE".to_owned(),
                exit_code("golomb", &merge(&["4", "--merge"]), b""),
            ),
            (
                "golomb 5 --merge FILE".to_owned(),
                exit_code("golomb", &merge(&["5", "--merge"]), b""),
            ),
            (
                "knapsack - --merge FILE".to_owned(),
                exit_code("knapsack", &merge(&["-", "--merge"]), b"8\n3 4\n4 5\n5 7\n"),
            ),
        ]
    });
}
