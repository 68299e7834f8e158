//! The output of the FlatZinc specification.

use backtracker_fzn::Options;

use crate::support::{run, solve_text};

const TWO: &str = "var 1..3: x :: output_var;\nvar bool: b :: output_var;\n\
array [1..2] of var int: a :: output_array([1..2]) = [x, 7];\n\
constraint int_le(2, x);\nconstraint bool_eq(b, true);\nsolve satisfy;\n";

#[test]
fn every_solution_then_the_end_marker() {
    let all = Options {
        all: true,
        ..Default::default()
    };
    assert_eq!(
        solve_text(TWO, &all),
        "x = 2;\nb = true;\na = array1d(1..2, [2, 7]);\n----------\n\
         x = 3;\nb = true;\na = array1d(1..2, [3, 7]);\n----------\n==========\n"
    );
}

#[test]
fn one_solution_has_no_end_marker() {
    assert_eq!(
        solve_text(TWO, &Options::default()),
        "x = 2;\nb = true;\na = array1d(1..2, [2, 7]);\n----------\n"
    );
}

#[test]
fn an_unsatisfiable_model_says_so() {
    let text = "var 1..3: x :: output_var;\nconstraint int_lt(x, 1);\nsolve satisfy;\n";
    assert_eq!(
        solve_text(text, &Options::default()),
        "=====UNSATISFIABLE=====\n"
    );
    let text = "var 1..3: x :: output_var;\nvar 1..3: y;\nconstraint int_lt(x, y);\nconstraint int_lt(y, x);\nsolve satisfy;\n";
    assert_eq!(
        solve_text(text, &Options::default()),
        "=====UNSATISFIABLE=====\n"
    );
}

#[test]
fn two_dimensional_arrays_print_their_index_sets() {
    let text = "var 0..1: p;\nvar 0..1: q;\n\
                array [1..4] of var int: g :: output_array([1..2, 0..1]) = [p, q, 1, 0];\n\
                constraint int_lt(p, q);\nsolve satisfy;\n";
    assert_eq!(
        solve_text(text, &Options::default()),
        "g = array2d(1..2, 0..1, [0, 1, 1, 0]);\n----------\n"
    );
}

#[test]
fn minimize_prints_the_best_then_the_end_marker() {
    let text = "var 1..5: x :: output_var;\nvar 1..5: y :: output_var;\n\
                constraint int_lin_le([-1, -1], [x, y], -6);\nsolve minimize x;\n";
    assert_eq!(
        solve_text(text, &Options::default()),
        "x = 1;\ny = 5;\n----------\n==========\n"
    );
}

#[test]
fn maximize_with_intermediate_prints_each_improvement() {
    let text = "var 1..3: x :: output_var;\nsolve maximize x;\n";
    let out = solve_text(
        text,
        &Options {
            intermediate: true,
            ..Default::default()
        },
    );
    assert!(out.ends_with("x = 3;\n----------\n==========\n"), "{out}");
    let costs: Vec<&str> = out.lines().filter(|l| l.starts_with("x = ")).collect();
    assert!(!costs.is_empty());
}

#[test]
fn the_count_mode_prints_a_number_only() {
    let out = run(
        &["--count"],
        "var 1..4: x;\nvar 1..4: y;\nconstraint int_ne(x, y);\nsolve satisfy;\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "12\n");
}

#[test]
fn statistics_follow_the_specification() {
    let out = run(
        &["-a", "-s"],
        "var 1..4: x :: output_var;\nsolve satisfy;\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for key in ["nodes", "failures", "solveTime", "peakDepth", "nSolutions"] {
        assert!(text.contains(&format!("%%%mzn-stat: {key}=")), "{text}");
    }
    assert!(text.contains("%%%mzn-stat: nSolutions=4\n"), "{text}");
    assert!(text.trim_end().ends_with("%%%mzn-stat-end"), "{text}");
}

#[test]
fn n_solutions_stops_after_n() {
    let out = run(&["-n", "2"], "var 1..4: x :: output_var;\nsolve satisfy;\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "x = 1;\n----------\nx = 2;\n----------\n"
    );
}

#[test]
fn a_time_limit_stops_a_long_search_with_unknown() {
    // 12 variables of 12 values, all different, and a sum no
    // permutation meets: the search must visit every permutation.
    let mut text = String::new();
    for i in 0..12 {
        text.push_str(&format!("var 1..12: x{i};\n"));
    }
    let xs: Vec<String> = (0..12).map(|i| format!("x{i}")).collect();
    text.push_str(&format!(
        "constraint int_lin_ne([{}], [{}], 78);\n",
        ["1"; 12].join(","),
        xs.join(",")
    ));
    for i in 0..12 {
        for j in i + 1..12 {
            text.push_str(&format!("constraint int_ne(x{i}, x{j});\n"));
        }
    }
    text.push_str("solve satisfy;\n");
    let out = run(&["-t", "300"], &text);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "=====UNKNOWN=====\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_trace_names_the_variables_of_the_file() {
    let out = run(
        &["--trace"],
        "var 1..2: x;\nvar 1..2: y;\nconstraint int_lt(x, y);\nsolve :: int_search([x, y], input_order, indomain_min, complete) satisfy;\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("x = 1\n"), "{text}");
    assert!(text.contains("  y = 2"), "{text}");
    let dot = run(
        &["--trace", "--trace-format", "dot"],
        "var 1..2: x;\nsolve satisfy;\n",
    );
    assert!(String::from_utf8_lossy(&dot.stdout).starts_with("digraph"));
}

#[test]
fn indomain_max_takes_the_largest_value_first() {
    let text = "var 1..3: x :: output_var;\nsolve :: int_search([x], input_order, indomain_max, complete) satisfy;\n";
    assert_eq!(
        solve_text(text, &Options::default()),
        "x = 3;\n----------\n"
    );
}

#[test]
fn a_table_naming_a_variable_twice_keeps_the_tuples_that_agree() {
    // (x, y, x) in {(1,2,1), (1,3,2), (2,2,2)}: (1,2) and (2,2).
    let text = "var 1..3: x;\nvar 1..3: y;\n\
                constraint backtracker_table_int([x, y, x], [1, 2, 1, 1, 3, 2, 2, 2, 2]);\nsolve satisfy;\n";
    assert_eq!(crate::support::count(text), 2);
}

#[test]
fn counting_on_threads_gives_the_same_count() {
    // Four different values of 1..5: 5 * 4 * 3 * 2 = 120.
    let text = "array [1..4] of var 1..5: x;\nconstraint all_different_int(x);\nsolve satisfy;\n";
    let text = text.replace(
        "array [1..4] of var 1..5: x;",
        "var 1..5: a;\nvar 1..5: b;\nvar 1..5: c;\nvar 1..5: d;\narray [1..4] of var int: x = [a, b, c, d];",
    );
    for threads in ["1", "2"] {
        let out = run(&["--count", "-p", threads], &text);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "120\n",
            "{threads} threads"
        );
    }
}

#[test]
fn branch_and_bound_on_threads_finds_the_same_optimum() {
    let text = "var 1..9: x :: output_var;\nvar 1..9: y :: output_var;\n\
                constraint int_lin_le([1, 1], [x, y], 10);\nconstraint int_ne(x, y);\n\
                array [1..2] of int: c = [3, 2];\nvar 0..100: v :: output_var;\n\
                constraint int_lin_eq([3, 2, -1], [x, y, v], 0);\nsolve maximize v;\n";
    for threads in ["1", "2"] {
        let out = run(&["-p", threads], text);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "x = 9;\ny = 1;\nv = 29;\n----------\n==========\n",
            "{threads} threads"
        );
    }
}

#[test]
fn install_writes_into_the_home_solver_directory_by_default() {
    let home = tempfile::tempdir().expect("a temporary directory");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fzn-backtracker"))
        .arg("--install")
        .env("HOME", home.path())
        .output()
        .expect("fzn-backtracker runs");
    assert!(out.status.success());
    let msc = home.path().join(".minizinc/solvers/backtracker.msc");
    let text = std::fs::read_to_string(&msc).expect("the configuration is written");
    assert!(text.contains("\"id\": \"org.backtracker.backtracker\""));
    assert!(
        home.path()
            .join(".minizinc/solvers/backtracker-mznlib/fzn_circuit.mzn")
            .is_file()
    );
}
