//! MiniZinc calls the solver through the configuration `--install`
//! writes, with the solver library: the natively posted globals count as
//! published.
//!
//! These tests need `minizinc` on the path. Under `CI=true` they fail
//! without it; elsewhere they say so and pass.

use std::path::Path;
use std::process::Command;

use crate::support::have_minizinc;

/// Installs the solver into a temporary directory and runs `minizinc
/// --solver DIR/backtracker.msc ARGS MODEL` on `model`.
fn minizinc(args: &[&str], model: &str) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let install = Command::new(env!("CARGO_BIN_EXE_fzn-backtracker"))
        .arg("--install")
        .arg(dir.path())
        .output()
        .expect("fzn-backtracker runs");
    assert!(
        install.status.success(),
        "{}",
        String::from_utf8_lossy(&install.stderr)
    );
    let msc = dir.path().join("backtracker.msc");
    let file = dir.path().join("model.mzn");
    std::fs::write(&file, model).expect("the model is written");
    let out = Command::new("minizinc")
        .arg("--solver")
        .arg(&msc)
        .args(args)
        .arg(Path::new(&file))
        .output()
        .expect("minizinc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn solutions(out: &str) -> usize {
    out.lines().filter(|l| *l == "----------").count()
}

#[test]
fn queens_count_as_published() {
    if !have_minizinc() {
        return;
    }
    // OEIS A000170: 4 solutions on 6 x 6.
    let model = "include \"globals.mzn\";\nint: n = 6;\narray[1..n] of var 1..n: q;\n\
                 constraint all_different(q);\n\
                 constraint all_different([q[i] + i | i in 1..n]);\n\
                 constraint all_different([q[i] - i | i in 1..n]);\nsolve satisfy;\n";
    let out = minizinc(&["-a"], model);
    assert_eq!(solutions(&out), 4, "{out}");
    assert!(out.ends_with("==========\n"), "{out}");
}

#[test]
fn circuits_with_any_first_index_count_as_published() {
    if !have_minizinc() {
        return;
    }
    // Hamiltonian cycles of the complete directed graph on 5 nodes: 4! = 24.
    for first in [0, 1, 3] {
        let model = format!(
            "include \"globals.mzn\";\narray[{first}..{}] of var {first}..{}: x;\nconstraint circuit(x);\nsolve satisfy;\n",
            first + 4,
            first + 4
        );
        assert_eq!(
            solutions(&minizinc(&["-a"], &model)),
            24,
            "first index {first}"
        );
    }
}

#[test]
fn inverse_and_table_count_as_brute_force() {
    if !have_minizinc() {
        return;
    }
    // Inverse permutations of 4: 4! = 24.
    let model = "include \"globals.mzn\";\narray[1..4] of var 1..4: f;\narray[0..3] of var 0..3: g;\n\
                 constraint inverse(f, [g[i] + 1 | i in 0..3]);\nsolve satisfy;\n";
    assert_eq!(solutions(&minizinc(&["-a"], model)), 24);
    // x + y even, both in 1..3, by a table: (1,1) (1,3) (2,2) (3,1) (3,3).
    let model = "include \"globals.mzn\";\nvar 1..3: x; var 1..3: y;\n\
                 constraint table([x, y], [| 1, 1 | 1, 3 | 2, 2 | 3, 1 | 3, 3 |]);\nsolve satisfy;\n";
    assert_eq!(solutions(&minizinc(&["-a"], model)), 5);
}

#[test]
fn optimisation_and_unsatisfiability_reach_minizinc() {
    if !have_minizinc() {
        return;
    }
    // The best of a 0/1 knapsack, by enumeration: items (3,4) (4,5) (5,6)
    // (8,10) (9,11) (2,2), capacity 15: 4 + 5 + 10 = 19.
    let model = "array[1..6] of int: w = [3,4,5,8,9,2];\narray[1..6] of int: v = [4,5,6,10,11,2];\n\
                 array[1..6] of var bool: x;\n\
                 constraint sum(i in 1..6)(w[i] * x[i]) <= 15;\n\
                 var int: value = sum(i in 1..6)(v[i] * x[i]);\nsolve maximize value;\n\
                 output [\"\\(value)\\n\"];\n";
    let out = minizinc(&[], model);
    assert_eq!(out, "19\n----------\n==========\n");
    let model = "var 1..3: x;\nconstraint x > 3;\nsolve satisfy;\n";
    assert_eq!(minizinc(&[], model), "=====UNSATISFIABLE=====\n");
}

#[test]
fn set_variables_go_through_nosets() {
    if !have_minizinc() {
        return;
    }
    // Subsets of 1..4 with 2 elements: 6.
    let model = "var set of 1..4: s;\nconstraint card(s) = 2;\nsolve satisfy;\n";
    assert_eq!(solutions(&minizinc(&["-a"], model)), 6);
}
