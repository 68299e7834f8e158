//! Bad FlatZinc: one line on standard error with its place, exit code 2,
//! nothing on standard output.

use crate::support::assert_refused;

#[test]
fn a_syntax_error_gives_its_line_and_column() {
    assert_refused(
        "var 1..3: x;\nconstraint int_le(x, ,3);\nsolve satisfy;\n",
        "line 2, column",
    );
}

#[test]
fn a_missing_semicolon_is_placed() {
    assert_refused(
        "var 1..3: x;\nsolve satisfy\n",
        "line 2, column 1: statement not ended",
    );
}

#[test]
fn an_unsupported_builtin_is_named_with_its_line() {
    assert_refused(
        "var 1..3: x;\nvar 1..3: y;\nconstraint frobnicate(x, y);\nsolve satisfy;\n",
        "line 3: unsupported constraint `frobnicate`",
    );
}

#[test]
fn floats_are_refused_naming_the_construct() {
    assert_refused(
        "var 0.0..1.0: f;\nsolve satisfy;\n",
        "line 1: floats are not supported (variable `f`)",
    );
    assert_refused(
        "var 1..3: x;\nconstraint float_lin_le([1.0], [x], 2.0);\nsolve satisfy;\n",
        "line 2: floats are not supported",
    );
}

#[test]
fn an_unbounded_variable_without_derivable_bounds_is_refused() {
    assert_refused(
        "var int: x :: output_var;\nsolve satisfy;\n",
        "line 1: variable `x` has no bounds",
    );
}

#[test]
fn an_unknown_name_is_refused_with_its_line() {
    assert_refused(
        "var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n",
        "line 2: unknown name `y`",
    );
}

#[test]
fn a_file_without_solve_item_is_refused() {
    assert_refused("var 1..3: x;\n", "no solve item");
}

#[test]
fn a_domain_too_large_is_refused() {
    assert_refused(
        "var 1..100000000: x;\nsolve satisfy;\n",
        "more than 1048576",
    );
}

#[test]
fn a_bad_flag_is_one_line_and_exit_2() {
    let out = crate::support::run(&["--no-such-flag"], "solve satisfy;\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}
