//! The example command lines on hostile output and input: a full disk, a
//! closed pipe, endless or binary input, huge numbers and long arguments.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::support::{Run, assert_rejected, example_binary, example_command, run, run_with_input};

/// Runs `sh -c script` with `$0` the example `name`'s binary and the
/// arguments after it.
fn shell(name: &str, script: &str, args: &[&str]) -> Run {
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(example_binary(name))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    Run::new(name, args, output)
}

/// Every example, with arguments that give an answer on standard output.
const ANSWERING: [(&str, &[&str]); 11] = [
    ("coloring", &["--chromatic", "--quiet"]),
    ("cryptarithm", &["SEND + MORE = MONEY"]),
    ("knights_tour", &["5"]),
    ("map_coloring", &[]),
    ("subset_sum", &["9", "3", "34", "4", "12", "5", "2"]),
    ("sudoku", &[]),
    ("nqueens", &["8"]),
    ("polyomino", &[]),
    ("golomb", &["5", "--quiet"]),
    ("queens_domination", &["5", "--quiet"]),
    ("knapsack", &["-", "--quiet"]),
];

/// The standard input each example reads, for [`ANSWERING`].
fn input_of(name: &str) -> &'static str {
    match name {
        "coloring" => "p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n",
        "sudoku" => crate::support::NORVIG_PUZZLE,
        "polyomino" => "####################\n####################\n####################\n",
        "knapsack" => "8\n3 4\n4 5\n5 7\n",
        _ => "",
    }
}

#[test]
fn a_full_disk_is_an_error_for_answers_and_help() {
    for (name, args) in ANSWERING {
        let input = crate::support::temp_file(input_of(name));
        let script = "exec \"$0\" \"$@\" >/dev/full <\"$STDIN_FILE\"";
        let output = Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg(example_binary(name))
            .args(args)
            .env("STDIN_FILE", input.path())
            .output()
            .expect("sh runs");
        let r = Run::new(name, args, output);
        assert_rejected(&r, "cannot write to standard output");
        let r = shell(name, "exec \"$0\" --help >/dev/full", &[]);
        assert_rejected(&r, "cannot write to standard output");
    }
}

#[test]
fn a_closed_pipe_ends_help_and_answers_quietly() {
    for (name, _) in ANSWERING {
        let r = shell(name, "\"$0\" --help | true; echo \"status $?\"", &[]);
        assert!(!r.stderr.contains("panicked"), "{r:?}");
        assert_eq!(r.stdout, "status 0\n", "{r:?}");
    }
}

#[test]
fn a_full_standard_error_never_panics() {
    let r = shell("nqueens", "exec \"$0\" 99 2>/dev/full", &[]);
    assert_eq!(r.code, Some(2), "{r:?}");
    let r = shell("sudoku", "echo bad | \"$0\" 2>/dev/full", &[]);
    assert_eq!(r.code, Some(2), "{r:?}");
}

/// `--all` with 30 zeros has 2^30 subsets: the first line comes at once,
/// and closing the pipe stops the search (memory capped, so collecting
/// them all would fail).
#[test]
fn subset_sum_all_streams_and_stops_when_the_pipe_closes() {
    let mut args = vec!["--all", "0"];
    args.extend(["0"; 30]);
    let r = shell(
        "subset_sum",
        "ulimit -v 400000; \"$0\" \"$@\" | head -n 1; echo \"status $?\"",
        &args,
    );
    assert!(r.stdout.ends_with(" = 0\nstatus 0\n"), "{r:?}");
    assert_eq!(r.stdout.lines().count(), 2, "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    let mut child = example_command("subset_sum", &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.ends_with(" = 0\n"), "{first:?}");
    let output = child.wait_with_output().expect("ends");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn endless_and_binary_input_is_refused_in_bounded_memory() {
    for (name, args) in [
        ("sudoku", &[][..]),
        ("coloring", &["--chromatic"][..]),
        ("nqueens", &[][..]),
    ] {
        let r = shell(
            name,
            "ulimit -v 400000; exec \"$0\" \"$@\" </dev/zero",
            args,
        );
        assert_rejected(&r, "longer than");
    }
    let r = shell("sudoku", "yes '' | \"$0\"", &[]);
    assert_rejected(&r, "the most input read");
    let not_utf8 = crate::support::temp_file("");
    std::fs::write(not_utf8.path(), b"c fine\n\xff\xfe\n").unwrap();
    let r = run(
        "coloring",
        &["--chromatic", not_utf8.path().to_str().unwrap()],
    );
    assert_rejected(&r, "line 2: not UTF-8 text");
}

#[test]
fn thread_and_trace_limits_are_bounded() {
    let r = run("nqueens", &["10", "--threads", "100000"]);
    assert_rejected(&r, "at most 1024 threads");
    let r = run("polyomino", &["--threads", "100000"]);
    assert_rejected(&r, "--threads");
    let r = run(
        "knights_tour",
        &["5", "--trace", "--trace-limit", "99999999999"],
    );
    assert_rejected(&r, "--trace-limit");
}

#[test]
fn errors_quote_a_short_piece_of_long_input() {
    let long = format!("SEND + MORE = {}", "X".repeat(100_000));
    let r = run("cryptarithm", &[&long]);
    assert_rejected(&r, "longer than 4096 bytes");
    assert!(r.stderr.len() < 200, "{r:?}");
    let long = format!("SEND + MORE = MONE{}", "3".repeat(3000));
    let r = run("cryptarithm", &[&long]);
    assert_rejected(&r, "'3'");
    assert!(r.stderr.len() < 200, "{r:?}");
    let r = run("nqueens", &["8", "--threads", &"9".repeat(10_000)]);
    assert_rejected(&r, "--threads");
    assert!(r.stderr.len() < 300, "{r:?}");
}

#[test]
fn an_interrupted_all_keeps_whole_lines_and_exits_130() {
    let mut args = vec!["--all", "0"];
    args.extend(["0"; 30]);
    let mut child = example_command("subset_sum", &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut reader = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("a line");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut reader, &mut rest).expect("the rest");
    let output = child.wait_with_output().expect("ends");
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let rest = String::from_utf8(rest).expect("UTF-8");
    assert!(rest.is_empty() || rest.ends_with('\n'), "a cut line");
    assert!(rest.lines().all(|l| l.ends_with("= 0")), "a cut line");
    for name in ["sudoku", "coloring", "nqueens", "polyomino", "subset_sum"] {
        let r = run(name, &["--help"]);
        assert!(r.stdout.contains("130"), "{name}: {r:?}");
    }
}

/// The options of `--help` that take a value, as `--name`.
fn value_options(help: &str) -> Vec<String> {
    help_options(help)
        .into_iter()
        .filter_map(|(name, takes_value)| takes_value.then_some(name))
        .collect()
}

/// Every argument of every example, given 5,000 digits: the error quotes
/// at most 60 characters of it (`common::lines::ECHO`), clap's messages
/// included, on one short line.
#[test]
fn every_argument_quotes_at_most_60_characters_of_its_value() {
    let long = format!("{},1x", "9".repeat(5000));
    let too_much = "9".repeat(64);
    let mut checked = 0;
    for (name, base) in ANSWERING {
        let help = run(name, &["--help"]).stdout;
        let options = value_options(&help);
        checked += options.len();
        let mut runs: Vec<Vec<&str>> = options
            .iter()
            .map(|option| {
                let mut args = base.to_vec();
                args.extend([option.as_str(), long.as_str()]);
                args
            })
            .collect();
        // The value as the first positional argument, where there is one.
        runs.push(vec![long.as_str()]);
        for args in runs {
            let output = Command::new("timeout")
                .arg("60")
                .arg(example_binary(name))
                .args(&args)
                .stdin(Stdio::null())
                .output()
                .expect("timeout runs");
            let shown: Vec<&str> = args
                .iter()
                .map(|a| if a.len() > 20 { "<5000 digits>" } else { a })
                .collect();
            assert_ne!(output.status.code(), Some(124), "{name} {shown:?} hangs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                !stderr.contains(&too_much) && stderr.len() < 400 && stderr.lines().count() <= 1,
                "{name} {shown:?}: {stderr}"
            );
        }
    }
    // Every option of `--help` that takes a value (nqueens alone has 15).
    assert!(checked > 30, "{checked} options found");
}

/// The options of `--help`, by long name, with whether each takes a value.
fn help_options(help: &str) -> Vec<(String, bool)> {
    help.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = match line.split_once(", ") {
                Some((short, long)) if short.len() == 2 && short.starts_with('-') => long,
                _ => line,
            };
            let name = line.split(' ').next()?;
            let word = name.strip_prefix("--")?;
            let is_name =
                !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
            (is_name && word != "help" && word != "version")
                .then(|| (name.to_owned(), line[name.len()..].starts_with(" <")))
        })
        .collect()
}

/// Per example: arguments it needs, its standard input, a value for each
/// option (empty for a flag), and the options that mean nothing without
/// one of some others.
struct OptionTable {
    name: &'static str,
    base: &'static [&'static str],
    values: &'static [(&'static str, &'static str)],
    needs: &'static [(&'static str, &'static [&'static str])],
}

const OPTION_TABLES: [OptionTable; 6] = [
    OptionTable {
        name: "nqueens",
        base: &["8"],
        values: &[
            ("--first", ""),
            ("--all", ""),
            ("--format", "list"),
            ("--constraints", "columns"),
            ("--plain", ""),
            ("--stats", ""),
            ("--trace", ""),
            ("--trace-limit", "5"),
            ("--trace-format", "dot"),
            ("--threads", "2"),
            ("--lookahead", "2"),
            ("--no-symmetry", ""),
            ("--estimate", ""),
            ("--probes", "50"),
            ("--seed", "3"),
            ("--split", "2"),
            ("--workers", "4"),
            ("--unit", "x"),
            ("--merge", "no-such-file"),
            ("--checkpoint", "CHECKPOINT"),
            ("--depth", "3"),
            ("--max-units", "1000"),
            ("--classes", ""),
            ("--orbits", ""),
        ],
        needs: &[
            ("--format", &["--first", "--all"]),
            ("--orbits", &["--checkpoint"]),
            ("--trace-limit", &["--trace"]),
            ("--trace-format", &["--trace"]),
            ("--workers", &["--split"]),
            ("--depth", &["--checkpoint"]),
            ("--max-units", &["--split", "--checkpoint"]),
            ("--probes", &["--estimate"]),
            ("--seed", &["--estimate"]),
        ],
    },
    OptionTable {
        name: "sudoku",
        base: &[],
        values: &[
            ("--count", ""),
            ("--estimate", ""),
            ("--probes", "50"),
            ("--seed", "3"),
            ("--limit", "5"),
            ("--pretty", ""),
            ("--stats", ""),
            ("--order", "declared"),
            ("--rules", "lines"),
            ("--model", "cover"),
            ("--node-limit", "100"),
            ("--trace", ""),
            ("--trace-limit", "5"),
            ("--trace-format", "dot"),
            ("--checkpoint", "CHECKPOINT"),
            ("--depth", "2"),
        ],
        needs: &[
            ("--limit", &["--count"]),
            ("--checkpoint", &["--count"]),
            ("--depth", &["--checkpoint"]),
            ("--trace-limit", &["--trace"]),
            ("--trace-format", &["--trace"]),
            ("--probes", &["--estimate"]),
            ("--seed", &["--estimate"]),
        ],
    },
    OptionTable {
        name: "polyomino",
        base: &[],
        values: &[
            ("--pieces", "pentominoes"),
            ("--no-reflections", ""),
            ("--first", ""),
            ("--all", ""),
            ("--trace", ""),
            ("--trace-limit", "5"),
            ("--stats", ""),
            ("--threads", "2"),
            ("--estimate", ""),
            ("--probes", "50"),
            ("--seed", "3"),
            ("--classes", ""),
            ("--checkpoint", "CHECKPOINT"),
            ("--depth", "1"),
        ],
        needs: &[
            ("--depth", &["--checkpoint"]),
            ("--trace-limit", &["--trace"]),
            ("--probes", &["--estimate"]),
            ("--seed", &["--estimate"]),
        ],
    },
    OptionTable {
        name: "coloring",
        base: &[],
        values: &[
            ("--colors", "3"),
            ("--count", ""),
            ("--chromatic", ""),
            ("--estimate", ""),
            ("--probes", "50"),
            ("--seed", "3"),
            ("--stats", ""),
            ("--classes", ""),
            ("--checkpoint", "CHECKPOINT"),
            ("--depth", "2"),
            ("--node-limit", "100"),
            ("--quiet", ""),
        ],
        needs: &[
            ("--count", &["--colors"]),
            ("--classes", &["--count"]),
            ("--estimate", &["--colors"]),
            ("--checkpoint", &["--count"]),
            ("--depth", &["--checkpoint"]),
            ("--probes", &["--estimate"]),
            ("--seed", &["--estimate"]),
            ("--node-limit", &["--chromatic"]),
            ("--quiet", &["--chromatic"]),
        ],
    },
    OptionTable {
        name: "knights_tour",
        base: &["5"],
        values: &[
            ("--cols", "6"),
            ("--start", "1,1"),
            ("--closed", ""),
            ("--count", ""),
            ("--trace", ""),
            ("--trace-limit", "5"),
            ("--trace-format", "dot"),
            ("--stats", ""),
            ("--cross-check", ""),
        ],
        needs: &[
            ("--trace-limit", &["--trace"]),
            ("--trace-format", &["--trace"]),
        ],
    },
    OptionTable {
        name: "map_coloring",
        base: &[],
        values: &[("--count", ""), ("--trace", ""), ("--trace-format", "dot")],
        needs: &[("--trace-format", &["--trace"])],
    },
];

/// An option that means nothing without another is refused without it,
/// whatever else is given: clap waives a requirement whose option conflicts
/// with one given (`nqueens 8 --estimate --trace-limit 5` took
/// `--trace-limit` and ignored it). Every option of each example's `--help`
/// is in its table, so a new option needs a line there.
#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn an_option_without_what_it_needs_is_refused_whatever_else_is_given() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let checkpoint = dir.path().join("checkpoint.txt");
    let checkpoint = checkpoint.to_str().expect("a UTF-8 path");
    for table in OPTION_TABLES {
        let name = table.name;
        let help = run(name, &["--help"]).stdout;
        let mut listed: Vec<&str> = table.values.iter().map(|&(option, _)| option).collect();
        let mut in_help: Vec<String> = help_options(&help).into_iter().map(|(o, _)| o).collect();
        listed.sort_unstable();
        in_help.sort_unstable();
        assert_eq!(
            listed, in_help,
            "{name}: the table and --help list other options"
        );
        let args_of = |option: &str| -> Vec<String> {
            let value = table
                .values
                .iter()
                .find(|&&(o, _)| o == option)
                .map(|&(_, v)| v.replace("CHECKPOINT", checkpoint))
                .expect("a listed option");
            std::iter::once(option.to_owned())
                .chain((!value.is_empty()).then_some(value))
                .collect()
        };
        for &(dependent, wanted) in table.needs {
            for &(other, _) in table.values {
                if other == dependent || wanted.contains(&other) {
                    continue;
                }
                let mut args: Vec<String> = table.base.iter().map(|&a| a.to_owned()).collect();
                args.extend(args_of(other));
                args.extend(args_of(dependent));
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let r = run_with_input(name, &args, input_of(name));
                assert_eq!(r.code, Some(2), "{name} {args:?} is not refused: {r:?}");
                assert_eq!(r.stdout, "", "{name} {args:?}");
                assert_eq!(r.stderr.lines().count(), 1, "{name} {args:?}: {r:?}");
            }
        }
    }
}

/// Ctrl-C once a long trace is being written cuts it at a block of whole
/// lines and exits 130: the first bytes read say the writing has begun, and
/// the full pipe holds the writer back until the signal is sent.
/// `polyomino` and `knights_tour` wrote their 230 MB whole after Ctrl-C
/// (their handler waited for the one write of the whole text), then exited
/// 130.
#[test]
fn a_trace_interrupted_while_written_is_cut_and_exits_130() {
    use std::io::Read;
    let boards = "##########\n".repeat(6);
    let cases: [(&str, &[&str], &str); 3] = [
        (
            "nqueens",
            &["16", "--trace", "--trace-limit", "2000000"],
            "",
        ),
        (
            "polyomino",
            &["--trace", "--trace-limit", "2000000"],
            &boards,
        ),
        (
            "knights_tour",
            &["7", "--closed", "--trace", "--trace-limit", "2000000"],
            "",
        ),
    ];
    for (name, args, input) in cases {
        let mut child = example_command(name, args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the example starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        std::io::Write::write_all(&mut stdin, input.as_bytes()).expect("the input");
        drop(stdin);
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut first = [0u8; 4096];
        let mut got = 0;
        while got < first.len() {
            let n = stdout.read(&mut first[got..]).expect("the trace is read");
            assert!(n > 0, "{name}: the trace ended after {got} bytes");
            got += n;
        }
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let mut rest = Vec::new();
        stdout.read_to_end(&mut rest).expect("the rest is read");
        let status = child.wait().expect("the example ends");
        assert_eq!(status.code(), Some(130), "{name}: {status:?}");
        let text = String::from_utf8_lossy(&[&first[..], &rest].concat()).into_owned();
        assert!(text.ends_with('\n'), "{name}: a cut line");
        assert!(
            !text.contains("\nstop: "),
            "{name}: written whole after Ctrl-C ({} bytes)",
            text.len()
        );
    }
}

/// A UTF-8 byte-order mark before the text, as some editors write it, is
/// skipped by every example that reads a file: the answer is the one
/// without it (a knapsack file with one said "line 1: `8` is not a whole
/// number").
#[test]
fn a_byte_order_mark_is_skipped_by_every_reader() {
    const MARK: &str = "\u{feff}";
    let cases: [(&str, &[&str], &str); 7] = [
        ("knapsack", &["-", "--quiet"], input_of("knapsack")),
        ("jobshop", &["-", "--quiet"], "2 2\n0 3 1 2\n1 2 0 4\n"),
        (
            "nonogram",
            &["-"],
            "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n",
        ),
        ("polyomino", &[], input_of("polyomino")),
        ("sudoku", &[], input_of("sudoku")),
        (
            "coloring",
            &["--chromatic", "--quiet"],
            input_of("coloring"),
        ),
        ("nqueens", &[], "6\n"),
    ];
    for (name, args, text) in cases {
        let plain = run_with_input(name, args, text);
        assert_eq!(plain.code, Some(0), "{plain:?}");
        assert!(!plain.stdout.is_empty(), "{plain:?}");
        let marked = run_with_input(name, args, &format!("{MARK}{text}"));
        assert_eq!(marked.code, Some(0), "{marked:?}");
        assert_eq!(marked.stdout, plain.stdout, "{marked:?}");
    }
    // The pieces of a polyomino puzzle are read the same way.
    let counts = ["", MARK].map(|mark| {
        let pieces = crate::support::temp_file(&format!("{mark}A.\nAA\n\nD\nD\n"));
        let path = pieces.path().to_str().unwrap();
        let r = run_with_input("polyomino", &["--pieces", path], "###\n.##\n");
        assert_eq!(r.code, Some(0), "{r:?}");
        r.stdout
    });
    assert_eq!(counts[0], counts[1]);
}

/// A checkpointed count writes its file once the units are planned (7 s
/// for one sudoku): every example that takes `--checkpoint` says in its
/// help that a Ctrl-C before then loses only the planning (none said).
#[test]
fn checkpoint_help_says_what_a_ctrl_c_while_planning_loses() {
    for name in ["sudoku", "coloring", "nqueens", "polyomino"] {
        let r = run(name, &["--help"]);
        assert_eq!(r.code, Some(0), "{r:?}");
        let help = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains(
                "FILE is first written once the units are planned, so a Ctrl-C before then loses only the planning"
            ),
            "{name}: {help}"
        );
    }
}

/// Every file an example reads, given empty, is refused in one line with
/// exit code 2: no answer is made up for no input (`sudoku` printed
/// nothing and exited 0, `knapsack` with no item said `value 0
/// (optimal)`).
#[test]
fn every_example_refuses_an_empty_input_file_in_one_line() {
    let empty = crate::support::temp_file("");
    let empty = empty.path().to_str().unwrap();
    let cases: [&[&str]; 13] = [
        &["sudoku", empty],
        &["sudoku", "--count", empty],
        &["coloring", "--chromatic", empty],
        &["coloring", "--colors", "3", "--count", empty],
        &["polyomino", empty],
        &["polyomino", "--pieces", empty, "-"],
        &["knapsack", empty],
        &["jobshop", empty],
        &["nonogram", empty],
        &["nqueens", "--merge", empty],
        &["golomb", "5", "--merge", empty],
        &["queens_domination", "4", "--merge", empty],
        &["knapsack", "-", "--merge", empty],
    ];
    for case in cases {
        let (name, args) = (case[0], &case[1..]);
        let input = if name == "polyomino" {
            "####\n"
        } else {
            "8\n3 4\n"
        };
        let r = run_with_input(name, args, input);
        assert_rejected(&r, "");
    }
    // N on standard input, and an empty standard input.
    assert_rejected(&run_with_input("nqueens", &[], ""), "empty");
}
