//! Running the solver, as a library and as a command.

use std::io::Write as _;
use std::process::{Command, Output};

/// What the solver prints for `text` with `options`.
pub fn solve_text(text: &str, options: &backtracker_fzn::Options) -> String {
    let program = backtracker_fzn::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut out = Vec::new();
    backtracker_fzn::solve(&program, options, &mut out).unwrap_or_else(|e| panic!("{e}\n{text}"));
    String::from_utf8(out).expect("the output is UTF-8")
}

/// The number of solutions of `text`, counted by the solver.
pub fn count(text: &str) -> u128 {
    let options = backtracker_fzn::Options {
        count: true,
        cross_check: true,
        ..Default::default()
    };
    let out = solve_text(text, &options);
    out.trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a count: {out}"))
}

/// Runs `fzn-backtracker ARGS` on `text` written to a file.
pub fn run(args: &[&str], text: &str) -> Output {
    let mut file = tempfile::NamedTempFile::with_suffix(".fzn").expect("a temporary file");
    file.write_all(text.as_bytes())
        .expect("the file is written");
    Command::new(env!("CARGO_BIN_EXE_fzn-backtracker"))
        .args(args)
        .arg(file.path())
        .output()
        .expect("fzn-backtracker runs")
}

/// Asserts that `text` is refused with one line on standard error that
/// contains `wanted`, exit code 2, and nothing on standard output.
pub fn assert_refused(text: &str, wanted: &str) {
    let out = run(&[], text);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(wanted), "{stderr} lacks {wanted}");
}

/// Whether `minizinc` runs; under `CI=true` its absence fails the test.
pub fn have_minizinc() -> bool {
    have_tool("minizinc", &["--version"], "apt-get install minizinc")
}

/// Whether `tool ARGS` runs; under `CI=true` its absence fails the test,
/// with `hint` on installing it.
pub fn have_tool(tool: &str, args: &[&str], hint: &str) -> bool {
    let found = Command::new(tool).args(args).output().is_ok();
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{tool} is not installed ({hint})"
        );
        eprintln!("{tool} is not installed: this test checks nothing here");
    }
    found
}
