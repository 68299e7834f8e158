//! The model corpus (`tests/models/`): every model and data file the
//! `MANIFEST` lists goes through `minizinc --solver backtracker` (the
//! configuration `--install` writes, in a temporary directory), and its
//! answer (the number of solutions with `-a`, the proven optimum, or
//! unsatisfiability) is the one the `MANIFEST` gives from an independent
//! source (OEIS, published values, brute force, Gecode). The same answers
//! are asked of Gecode (`fzn-gecode`, which MiniZinc's packages bring), so
//! that every expected answer is confirmed by a second solver.
//!
//! The `MANIFEST` has one instance a line: `model, data, kind, expected,
//! tier, source`, with `-` for no data file; `kind` is `count`, `optimum`
//! or `unsat`; `tier` is `quick` (run by `cargo test`) or `extended` (run
//! with `--ignored`). These tests need `minizinc` (and `fzn-gecode`) on the
//! path; under `CI=true` they fail without them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::support::{have_minizinc, have_tool};

/// The most a single MiniZinc run may take, in milliseconds, before it is
/// stopped (and its answer then counts as wrong): quick and extended
/// instances (the tests run the unoptimised solver).
const TIME_LIMIT_MS: [&str; 2] = ["120000", "900000"];

/// What an instance is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The number of solutions, with `-a`.
    Count,
    /// The proven optimum of an optimisation model.
    Optimum,
    /// No solution.
    Unsat,
}

/// A complete answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Count(u64),
    Optimum(i64),
    Unsat,
}

/// One line of the `MANIFEST`.
#[derive(Clone, Debug)]
struct Instance {
    model: String,
    data: Option<String>,
    kind: Kind,
    expected: Answer,
    extended: bool,
    line: usize,
}

impl Instance {
    fn label(&self) -> String {
        format!(
            "{} {} (MANIFEST line {})",
            self.model,
            self.data.as_deref().unwrap_or("-"),
            self.line
        )
    }
}

/// The directory of the corpus.
fn models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models")
}

/// The instances of the `MANIFEST`, checked for form.
fn manifest() -> Vec<Instance> {
    let text = std::fs::read_to_string(models().join("MANIFEST")).expect("tests/models/MANIFEST");
    let mut instances = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(6, ',').map(str::trim).collect();
        let [model, data, kind, expected, tier, source] = fields[..] else {
            panic!("MANIFEST line {line_no}: six fields wanted: {line}");
        };
        assert!(!source.is_empty(), "MANIFEST line {line_no}: no source");
        let (kind, expected) = match kind {
            "count" => (Kind::Count, Answer::Count(expected.parse().expect(line))),
            "optimum" => (
                Kind::Optimum,
                Answer::Optimum(expected.parse().expect(line)),
            ),
            "unsat" => (Kind::Unsat, Answer::Unsat),
            other => panic!("MANIFEST line {line_no}: unknown kind {other}"),
        };
        let extended = match tier {
            "quick" => false,
            "extended" => true,
            other => panic!("MANIFEST line {line_no}: unknown tier {other}"),
        };
        let data = (data != "-").then(|| data.to_owned());
        for file in std::iter::once(model).chain(data.as_deref()) {
            assert!(
                models().join(file).is_file(),
                "MANIFEST line {line_no}: no file {file}"
            );
        }
        instances.push(Instance {
            model: model.to_owned(),
            data,
            kind,
            expected,
            extended,
            line: line_no,
        });
    }
    instances
}

/// The answer MiniZinc printed, or why there is none.
fn answer(kind: Kind, stdout: &str) -> Result<Answer, String> {
    if stdout.lines().any(|l| l == "=====UNSATISFIABLE=====") {
        return Ok(Answer::Unsat);
    }
    if !stdout.lines().any(|l| l == "==========") {
        return Err("the search did not complete".to_owned());
    }
    match kind {
        Kind::Count | Kind::Unsat => {
            let n = stdout.lines().filter(|l| *l == "----------").count();
            Ok(Answer::Count(n as u64))
        }
        Kind::Optimum => stdout
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("_objective = "))
            .and_then(|v| v.trim_end_matches(';').parse().ok())
            .map(Answer::Optimum)
            .ok_or_else(|| "no objective printed".to_owned()),
    }
}

/// Runs `minizinc --solver MSC EXTRA --output-objective [-a] MODEL [DATA]`
/// on `instance`; the answer, or what went wrong.
fn solve(msc: &Path, extra: &[&str], instance: &Instance) -> Result<Answer, String> {
    let mut command = Command::new("minizinc");
    command
        .current_dir(models())
        .arg("--solver")
        .arg(msc)
        .args(extra)
        .args(["--output-objective", "--time-limit"])
        .arg(TIME_LIMIT_MS[usize::from(instance.extended)]);
    if instance.kind == Kind::Count {
        command.arg("-a");
    }
    command.arg(&instance.model);
    if let Some(data) = &instance.data {
        command.arg(data);
    }
    let out = command.output().map_err(|e| format!("minizinc: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "exit {:?}: {}",
            out.status.code(),
            last_lines(&stderr)
        ));
    }
    answer(instance.kind, &stdout)
}

/// The last few lines of `text`, for a failure message.
fn last_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(3)..].join(" | ")
}

/// Calls `work` on every item, on as many threads as there are cores, and
/// returns the failures (in the order of the items).
fn on_threads<T: Sync>(items: &[T], work: impl Fn(&T) -> Option<String> + Sync) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if let Some(failure) = work(item) {
                        failures
                            .lock()
                            .expect("no thread panicked")
                            .push((i, failure));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("no thread panicked");
    failures.sort();
    failures.into_iter().map(|(_, f)| f).collect()
}

/// Installs backtracker into a temporary directory: the directory (kept
/// alive by the caller) and the configuration.
fn install_backtracker() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = Command::new(env!("CARGO_BIN_EXE_fzn-backtracker"))
        .arg("--install")
        .arg(dir.path())
        .output()
        .expect("fzn-backtracker runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let msc = dir.path().join("backtracker.msc");
    (dir, msc)
}

/// A configuration for Gecode with its presolving library (the package's
/// default `gecode` library does not compile every model of MiniZinc 2.6's
/// `globals.mzn`).
fn install_gecode() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let msc = dir.path().join("gecode-presolver.msc");
    let text = r#"{
  "id": "org.backtracker.check.gecode",
  "name": "Gecode (presolver library)",
  "version": "6",
  "mznlib": "-Ggecode_presolver",
  "executable": "fzn-gecode",
  "stdFlags": ["-a", "-f", "-n", "-p", "-r", "-s", "-t"],
  "supportsFzn": true,
  "needsSolns2Out": true
}
"#;
    std::fs::write(&msc, text).expect("the configuration is written");
    (dir, msc)
}

/// Whether `fzn-gecode` runs; under `CI=true` its absence fails the test.
fn have_gecode() -> bool {
    have_tool(
        "fzn-gecode",
        &["-help"],
        "it comes with apt-get install minizinc",
    )
}

/// Checks the instances of one tier on backtracker.
fn check_backtracker(extended: bool) {
    if !have_minizinc() {
        return;
    }
    let instances: Vec<Instance> = manifest()
        .into_iter()
        .filter(|i| i.extended == extended)
        .collect();
    let (_dir, msc) = install_backtracker();
    let failures = on_threads(&instances, |instance| match solve(&msc, &[], instance) {
        Ok(got) if got == instance.expected => None,
        Ok(got) => Some(format!(
            "{}: {got:?}, expected {:?}",
            instance.label(),
            instance.expected
        )),
        Err(e) => Some(format!("{}: {e}", instance.label())),
    });
    assert!(
        failures.is_empty(),
        "{} of {} instances answered wrongly:\n{}",
        failures.len(),
        instances.len(),
        failures.join("\n")
    );
}

/// Models Gecode 6.2 cannot run: its FlatZinc front end lacks `int_pow`
/// (the answer's source is brute force).
const GECODE_CANNOT: &[&str] = &["boolean_mix.mzn"];

/// Models Gecode runs with MiniZinc's standard decompositions: its own
/// `cumulative` with variable durations lets a task of duration 0 use the
/// resource at its start (6,846 solutions instead of the 7,185 of
/// MiniZinc's definition, "never more than the bound at any one time",
/// which the standard decomposition and brute force both give).
const GECODE_STD: &[&str] = &["cumulative_var.mzn"];

/// Checks the instances of one tier on Gecode, with MiniZinc's standard
/// decompositions where the presolving library lacks a constraint.
fn check_gecode(extended: bool) {
    if !have_minizinc() || !have_gecode() {
        return;
    }
    let instances: Vec<Instance> = manifest()
        .into_iter()
        .filter(|i| i.extended == extended)
        .collect();
    let (_dir, msc) = install_gecode();
    let instances: Vec<Instance> = instances
        .into_iter()
        .filter(|i| !GECODE_CANNOT.contains(&i.model.as_str()))
        .collect();
    let failures = on_threads(&instances, |instance| {
        let mut result = if GECODE_STD.contains(&instance.model.as_str()) {
            solve(&msc, &["-G", "std"], instance)
        } else {
            solve(&msc, &[], instance)
        };
        if matches!(&result, Err(e) if e.contains("Constraint fzn_") && e.contains("not found")) {
            result = solve(&msc, &["-G", "std"], instance);
        }
        match result {
            Ok(got) if got == instance.expected => None,
            Ok(got) => Some(format!(
                "{}: Gecode says {got:?}, the MANIFEST {:?}",
                instance.label(),
                instance.expected
            )),
            Err(e) => Some(format!("{}: Gecode: {e}", instance.label())),
        }
    });
    assert!(
        failures.is_empty(),
        "{} of {} instances disagree with Gecode:\n{}",
        failures.len(),
        instances.len(),
        failures.join("\n")
    );
}

#[test]
fn every_quick_instance_of_the_corpus_answers_as_the_manifest() {
    check_backtracker(false);
}

#[test]
#[ignore = "extended run: the corpus's larger instances, several minutes unoptimised on two cores"]
fn every_extended_instance_of_the_corpus_answers_as_the_manifest() {
    check_backtracker(true);
}

#[test]
fn gecode_confirms_every_quick_answer_of_the_manifest() {
    check_gecode(false);
}

#[test]
#[ignore = "extended run: Gecode on the corpus's larger instances"]
fn gecode_confirms_every_extended_answer_of_the_manifest() {
    check_gecode(true);
}

#[test]
fn the_manifest_is_well_formed_and_large_enough() {
    let instances = manifest();
    let models: BTreeSet<&str> = instances.iter().map(|i| i.model.as_str()).collect();
    assert!(models.len() >= 60, "{} models", models.len());
    for kind in [Kind::Count, Kind::Optimum, Kind::Unsat] {
        assert!(instances.iter().any(|i| i.kind == kind), "no {kind:?}");
    }
    // Every model file is listed.
    for entry in std::fs::read_dir(self::models()).expect("tests/models") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".mzn") {
            assert!(models.contains(&*name), "{name} is not in the MANIFEST");
        }
    }
}

/// The constraints of the FlatZinc MiniZinc writes for `instance` with
/// backtracker's library.
fn constraints_of(msc: &Path, instance: &Instance) -> Result<BTreeSet<String>, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let fzn = dir.path().join("model.fzn");
    let mut command = Command::new("minizinc");
    command
        .current_dir(models())
        .arg("-c")
        // The output specification would be written beside the model.
        .arg("--no-output-ozn")
        .arg("--solver")
        .arg(msc)
        .arg("-o")
        .arg(&fzn)
        .arg(&instance.model);
    if let Some(data) = &instance.data {
        command.arg(data);
    }
    let out = command.output().map_err(|e| format!("minizinc: {e}"))?;
    if !out.status.success() {
        return Err(last_lines(&String::from_utf8_lossy(&out.stderr)));
    }
    let text = std::fs::read_to_string(&fzn).map_err(|e| e.to_string())?;
    Ok(text
        .lines()
        .filter_map(|l| l.strip_prefix("constraint "))
        .filter_map(|l| l.split('(').next())
        .map(str::to_owned)
        .collect())
}

#[test]
fn the_corpus_posts_every_native_global_and_every_builtin() {
    if !have_minizinc() {
        return;
    }
    let (_dir, msc) = install_backtracker();
    // One instance per model.
    let mut seen = BTreeSet::new();
    let instances: Vec<Instance> = manifest()
        .into_iter()
        .filter(|i| seen.insert(i.model.clone()))
        .collect();
    let used = Mutex::new(BTreeSet::new());
    let failures = on_threads(&instances, |instance| {
        match constraints_of(&msc, instance) {
            Ok(names) => {
                used.lock().expect("no thread panicked").extend(names);
                None
            }
            Err(e) => Some(format!("{}: {e}", instance.label())),
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let used = used.into_inner().expect("no thread panicked");
    let missing: Vec<&str> = crate::builtins::names()
        .into_iter()
        .chain(NATIVE.iter().copied())
        .filter(|name| !NOT_WRITTEN.contains(name) && !used.contains(*name))
        .collect();
    assert!(
        missing.is_empty(),
        "no model of the corpus posts {missing:?}"
    );
}

/// The builtins the solver reads that MiniZinc 2.6 does not write with
/// the solver's library: comparisons of two integers and `int_plus` become
/// linear constraints, Boolean orders and equalities become clauses or
/// aliases, half-reified (`_imp`) forms are not used, Boolean sums are
/// `bool2int` and linear sums, a set membership of one variable shapes
/// its domain, and all-different is written in its `fzn_` form. The
/// property tests of `builtins.rs` give each of them to the solver
/// directly.
const NOT_WRITTEN: &[&str] = &[
    "int_ne",
    "int_le",
    "int_lt",
    "int_lt_reif",
    "int_eq_imp",
    "int_ne_imp",
    "int_le_imp",
    "int_lt_imp",
    "int_lin_eq_imp",
    "int_lin_le_imp",
    "int_lin_ne_imp",
    "int_plus",
    "bool_eq",
    "bool_le",
    "bool_lt",
    "bool_le_reif",
    "bool_and_imp",
    "bool_or_imp",
    "bool_clause_imp",
    "array_bool_and_imp",
    "array_bool_or_imp",
    "bool_lin_eq",
    "bool_lin_le",
    "set_in",
    "set_in_imp",
    "all_different_int",
];

/// The constraints the solver library leaves to the solver, as they
/// appear in FlatZinc.
const NATIVE: &[&str] = &[
    "fzn_all_different_int",
    "backtracker_circuit",
    "backtracker_inverse",
    "backtracker_table_int",
    "backtracker_no_overlap",
    "backtracker_cumulative",
    "backtracker_regular",
    "backtracker_global_cardinality",
    "backtracker_count_eq",
    "backtracker_lex_less",
    "backtracker_lex_lesseq",
    "backtracker_increasing",
    "backtracker_bin_packing_load",
    "array_int_maximum",
    "array_int_minimum",
    "bool_clause_reif",
];
