//! Formulas of several clause builtins against brute force: random
//! FlatZinc files of up to seven constraints (`bool_clause`,
//! `array_bool_or` and `array_bool_and`, plain, reified and implied) over
//! seven Booleans, so that the search goes back and forth through
//! propagation that shares variables, literals repeated and negated within
//! one constraint, and constants. The solver counts the solutions with its
//! narrowing cross-checked; this file counts them by trying all 128
//! assignments.

use proptest::prelude::*;

use crate::support::{count, run};

/// The Booleans of a formula.
const VARS: usize = 7;

/// A Boolean argument: a variable or a constant.
#[derive(Clone, Copy, Debug)]
enum Bool {
    Var(usize),
    Const(bool),
}

/// One constraint of a formula.
#[derive(Clone, Debug)]
enum Constraint {
    /// `bool_clause(pos, neg)`, with the Boolean of `_reif` or `_imp`.
    Clause(Vec<Bool>, Vec<Bool>, Mode),
    /// `array_bool_or(xs)`, `array_bool_or(xs, r)`, `array_bool_or_imp`.
    Or(Vec<Bool>, Mode),
    /// The same for `array_bool_and`.
    And(Vec<Bool>, Mode),
}

/// How a constraint states its relation.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Plain,
    Reif(Bool),
    Imp(Bool),
}

fn boolean() -> impl Strategy<Value = Bool> {
    prop_oneof![
        8 => (0..VARS).prop_map(Bool::Var),
        1 => any::<bool>().prop_map(Bool::Const),
    ]
}

fn booleans() -> impl Strategy<Value = Vec<Bool>> {
    prop::collection::vec(boolean(), 0..=5)
}

fn mode() -> impl Strategy<Value = Mode> {
    prop_oneof![
        Just(Mode::Plain),
        boolean().prop_map(Mode::Reif),
        boolean().prop_map(Mode::Imp),
    ]
}

fn constraint() -> impl Strategy<Value = Constraint> {
    prop_oneof![
        3 => (booleans(), booleans(), mode()).prop_map(|(p, n, m)| Constraint::Clause(p, n, m)),
        2 => (booleans(), mode()).prop_map(|(xs, m)| Constraint::Or(xs, m)),
        2 => (booleans(), mode()).prop_map(|(xs, m)| Constraint::And(xs, m)),
    ]
}

fn formula() -> impl Strategy<Value = Vec<Constraint>> {
    prop::collection::vec(constraint(), 1..=7)
}

fn text(formula: &[Constraint]) -> String {
    let one = |b: &Bool| match b {
        Bool::Var(v) => format!("b{v}"),
        Bool::Const(c) => c.to_string(),
    };
    let many = |bs: &[Bool]| {
        let items: Vec<String> = bs.iter().map(one).collect();
        format!("[{}]", items.join(","))
    };
    let mut s = String::new();
    for v in 0..VARS {
        s.push_str(&format!("var bool: b{v};\n"));
    }
    for c in formula {
        let (name, args, mode) = match c {
            Constraint::Clause(p, n, m) => ("bool_clause", format!("{},{}", many(p), many(n)), m),
            Constraint::Or(xs, m) => ("array_bool_or", many(xs), m),
            Constraint::And(xs, m) => ("array_bool_and", many(xs), m),
        };
        // `array_bool_or(xs, r)` is the reified form; `bool_clause` has
        // only the suffixed one.
        let line = match (mode, c) {
            (Mode::Plain, _) => format!("{name}({args})"),
            (Mode::Reif(r), Constraint::Clause(..)) => format!("{name}_reif({args},{})", one(r)),
            (Mode::Reif(r), _) => format!("{name}({args},{})", one(r)),
            (Mode::Imp(r), _) => format!("{name}_imp({args},{})", one(r)),
        };
        s.push_str(&format!("constraint {line};\n"));
    }
    s.push_str("solve satisfy;\n");
    s
}

/// The number of assignments of the Booleans that satisfy every
/// constraint, by the meaning of each.
fn brute_force(formula: &[Constraint]) -> u128 {
    let mut total = 0;
    for bits in 0u32..1 << VARS {
        let value = |b: &Bool| match *b {
            Bool::Var(v) => bits >> v & 1 == 1,
            Bool::Const(c) => c,
        };
        let holds = formula.iter().all(|c| {
            let (relation, mode) = match c {
                Constraint::Clause(p, n, m) => {
                    (p.iter().any(value) || n.iter().any(|b| !value(b)), m)
                }
                Constraint::Or(xs, m) => (xs.iter().any(value), m),
                Constraint::And(xs, m) => (xs.iter().all(value), m),
            };
            match mode {
                Mode::Plain => relation,
                Mode::Reif(r) => value(r) == relation,
                Mode::Imp(r) => !value(r) || relation,
            }
        });
        total += u128::from(holds);
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, ..ProptestConfig::default() })]

    #[test]
    fn clause_formulas_count_as_brute_force(formula in formula()) {
        let text = text(&formula);
        prop_assert_eq!(count(&text), brute_force(&formula), "{}", text);
    }
}

#[test]
fn a_chain_of_implications_counts_as_brute_force() {
    // b0 -> b1 -> ... -> b6, as clauses: the 8 assignments that are true
    // from some point on.
    let mut formula: Vec<Constraint> = (0..VARS - 1)
        .map(|v| Constraint::Clause(vec![Bool::Var(v + 1)], vec![Bool::Var(v)], Mode::Plain))
        .collect();
    assert_eq!(count(&text(&formula)), 8);
    // And b0 forced: one.
    formula.push(Constraint::Or(vec![Bool::Var(0)], Mode::Plain));
    assert_eq!(count(&text(&formula)), 1);
    assert_eq!(brute_force(&formula), 1);
}

#[test]
fn unit_propagation_refutes_a_chain_at_the_root() {
    // b0, b0 -> b1 -> ... -> b6 as clauses of both kinds, and not b6:
    // unit propagation alone finds the contradiction, before any branch.
    let mut formula: Vec<Constraint> = (0..VARS - 1)
        .map(|v| {
            if v % 2 == 0 {
                Constraint::Clause(vec![Bool::Var(v + 1)], vec![Bool::Var(v)], Mode::Plain)
            } else {
                Constraint::Or(vec![Bool::Var(v + 1)], Mode::Imp(Bool::Var(v)))
            }
        })
        .collect();
    formula.push(Constraint::Or(vec![Bool::Var(0)], Mode::Plain));
    formula.push(Constraint::Clause(
        vec![],
        vec![Bool::Var(VARS - 1)],
        Mode::Plain,
    ));
    assert_eq!(brute_force(&formula), 0);
    let out = run(&["-a", "-s"], &text(&formula));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("=====UNSATISFIABLE====="), "{stdout}");
    let nodes: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("%%%mzn-stat: nodes="))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no node count in {stdout}"));
    assert_eq!(nodes, 0, "{stdout}");
}
