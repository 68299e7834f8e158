//! Each builtin against brute force: random tiny FlatZinc files with three
//! integer and three Boolean variables and one constraint, whose solutions
//! the solver counts and this file counts by trying every assignment,
//! with its own reading of the FlatZinc specification.

use proptest::prelude::*;

use crate::support::count;

/// The kind of an argument.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// An integer: a variable or a constant.
    I,
    /// A Boolean: a variable or a constant.
    B,
    /// An array of integers (variables and constants).
    IA,
    /// An array of Booleans.
    BA,
    /// An array of integer constants.
    CA,
    /// A set of integers.
    S,
    /// An integer constant.
    C,
}

use Kind::{B, BA, C, CA, I, IA, S};

/// The builtins under test, with their arguments.
const BUILTINS: &[(&str, &[Kind])] = &[
    ("int_eq", &[I, I]),
    ("int_ne", &[I, I]),
    ("int_le", &[I, I]),
    ("int_lt", &[I, I]),
    ("int_eq_reif", &[I, I, B]),
    ("int_ne_reif", &[I, I, B]),
    ("int_le_reif", &[I, I, B]),
    ("int_lt_reif", &[I, I, B]),
    ("int_eq_imp", &[I, I, B]),
    ("int_ne_imp", &[I, I, B]),
    ("int_le_imp", &[I, I, B]),
    ("int_lt_imp", &[I, I, B]),
    ("int_lin_eq", &[CA, IA, C]),
    ("int_lin_le", &[CA, IA, C]),
    ("int_lin_ne", &[CA, IA, C]),
    ("int_lin_eq_reif", &[CA, IA, C, B]),
    ("int_lin_le_reif", &[CA, IA, C, B]),
    ("int_lin_ne_reif", &[CA, IA, C, B]),
    ("int_lin_eq_imp", &[CA, IA, C, B]),
    ("int_lin_le_imp", &[CA, IA, C, B]),
    ("int_lin_ne_imp", &[CA, IA, C, B]),
    ("int_plus", &[I, I, I]),
    ("int_times", &[I, I, I]),
    ("int_div", &[I, I, I]),
    ("int_mod", &[I, I, I]),
    ("int_min", &[I, I, I]),
    ("int_max", &[I, I, I]),
    ("int_pow", &[I, I, I]),
    ("int_abs", &[I, I]),
    ("bool_eq", &[B, B]),
    ("bool_le", &[B, B]),
    ("bool_lt", &[B, B]),
    ("bool_not", &[B, B]),
    ("bool_eq_reif", &[B, B, B]),
    ("bool_le_reif", &[B, B, B]),
    ("bool_lt_reif", &[B, B, B]),
    ("bool_and", &[B, B, B]),
    ("bool_or", &[B, B, B]),
    ("bool_xor", &[B, B, B]),
    ("bool_xor", &[B, B]),
    ("bool_and_imp", &[B, B, B]),
    ("bool_or_imp", &[B, B, B]),
    ("bool_clause", &[BA, BA]),
    ("bool_clause_reif", &[BA, BA, B]),
    ("bool_clause_imp", &[BA, BA, B]),
    ("array_bool_and", &[BA, B]),
    ("array_bool_or", &[BA, B]),
    ("array_bool_xor", &[BA]),
    ("array_bool_and_imp", &[BA, B]),
    ("array_bool_or_imp", &[BA, B]),
    ("bool2int", &[B, I]),
    ("bool_lin_eq", &[CA, BA, I]),
    ("bool_lin_le", &[CA, BA, C]),
    ("set_in", &[I, S]),
    ("set_in_reif", &[I, S, B]),
    ("set_in_imp", &[I, S, B]),
    ("array_int_maximum", &[I, IA]),
    ("array_int_minimum", &[I, IA]),
    ("array_int_element", &[I, CA, I]),
    ("array_var_int_element", &[I, IA, I]),
    ("array_bool_element", &[I, BA, B]),
    ("array_var_bool_element", &[I, BA, B]),
    ("all_different_int", &[IA]),
    ("fzn_all_different_int", &[IA]),
];

/// The names of the builtins under test, once each.
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = BUILTINS.iter().map(|(name, _)| *name).collect();
    names.dedup();
    names
}

/// A scalar argument: a variable of the pool, or a constant.
#[derive(Clone, Debug)]
enum Scalar {
    Var(usize),
    Const(i64),
}

/// A generated argument.
#[derive(Clone, Debug)]
enum Arg {
    One(Scalar),
    Many(Vec<Scalar>),
    Set(Vec<i64>),
}

/// A generated instance: the integer domains, the builtin and its
/// arguments. Integer variables are 0..3, Booleans 3..6.
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<(i64, i64)>,
    builtin: usize,
    args: Vec<Arg>,
}

fn scalar(boolean: bool) -> impl Strategy<Value = Scalar> {
    let (vars, consts) = if boolean {
        (3..6usize, 0..=1i64)
    } else {
        (0..3usize, -3..=3i64)
    };
    prop_oneof![3 => vars.prop_map(Scalar::Var), 1 => consts.prop_map(Scalar::Const)]
}

fn arg(kind: Kind) -> BoxedStrategy<Arg> {
    match kind {
        I => scalar(false).prop_map(Arg::One).boxed(),
        B => scalar(true).prop_map(Arg::One).boxed(),
        C => (-4..=4i64).prop_map(|c| Arg::One(Scalar::Const(c))).boxed(),
        IA => prop::collection::vec(scalar(false), 0..=3)
            .prop_map(Arg::Many)
            .boxed(),
        BA => prop::collection::vec(scalar(true), 0..=3)
            .prop_map(Arg::Many)
            .boxed(),
        CA => prop::collection::vec((-3..=3i64).prop_map(Scalar::Const), 0..=3)
            .prop_map(Arg::Many)
            .boxed(),
        S => prop::collection::btree_set(-3..=3i64, 0..=4)
            .prop_map(|s| Arg::Set(s.into_iter().collect()))
            .boxed(),
    }
}

/// Instances whose integer domains have up to `width + 1` values.
fn instance(width: i64) -> impl Strategy<Value = Instance> {
    let domains = prop::collection::vec((-3..=2i64, 0..=width).prop_map(|(lo, w)| (lo, lo + w)), 3);
    (domains, 0..BUILTINS.len()).prop_flat_map(|(domains, builtin)| {
        let kinds = BUILTINS[builtin].1;
        let args: Vec<BoxedStrategy<Arg>> = kinds.iter().map(|&k| arg(k)).collect();
        (Just(domains), Just(builtin), args).prop_map(|(domains, builtin, args)| Instance {
            domains,
            builtin,
            args,
        })
    })
}

impl Instance {
    /// The instance as FlatZinc text.
    fn text(&self) -> String {
        let kinds = BUILTINS[self.builtin].1;
        let mut s = String::new();
        for (i, (lo, hi)) in self.domains.iter().enumerate() {
            s.push_str(&format!("var {lo}..{hi}: x{i};\n"));
        }
        for i in 0..3 {
            s.push_str(&format!("var bool: b{i};\n"));
        }
        let scalar = |x: &Scalar, boolean: bool| match (x, boolean) {
            (Scalar::Var(v), _) if *v < 3 => format!("x{v}"),
            (Scalar::Var(v), _) => format!("b{}", v - 3),
            (Scalar::Const(c), true) => (*c != 0).to_string(),
            (Scalar::Const(c), false) => c.to_string(),
        };
        let args: Vec<String> = self
            .args
            .iter()
            .zip(kinds)
            .map(|(a, &k)| {
                let boolean = matches!(k, B | BA);
                match a {
                    Arg::One(x) => scalar(x, boolean),
                    Arg::Many(xs) => format!(
                        "[{}]",
                        xs.iter()
                            .map(|x| scalar(x, boolean))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    Arg::Set(xs) => format!(
                        "{{{}}}",
                        xs.iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }
            })
            .collect();
        s.push_str(&format!(
            "constraint {}({});\n",
            BUILTINS[self.builtin].0,
            args.join(", ")
        ));
        s.push_str("solve satisfy;\n");
        s
    }

    /// Whether the constraint holds with `values` (integers then Booleans).
    fn holds(&self, values: &[i64]) -> bool {
        let get = |x: &Scalar| match x {
            Scalar::Var(v) => values[*v],
            Scalar::Const(c) => *c,
        };
        let one = |i: usize| match &self.args[i] {
            Arg::One(x) => get(x),
            _ => unreachable!("a scalar argument"),
        };
        let many = |i: usize| -> Vec<i64> {
            match &self.args[i] {
                Arg::Many(xs) => xs.iter().map(get).collect(),
                _ => unreachable!("an array argument"),
            }
        };
        let truth = |x: i64| x != 0;
        let lin = || -> i64 { many(0).iter().zip(many(1)).map(|(c, x)| c * x).sum() };
        let name = BUILTINS[self.builtin].0;
        let last = || truth(one(self.args.len() - 1));
        let (base, mode) = if let Some(b) = name.strip_suffix("_reif") {
            (b, "reif")
        } else if let Some(b) = name.strip_suffix("_imp") {
            (b, "imp")
        } else {
            (name, "")
        };
        let relation = match base {
            "int_eq" | "bool_eq" => one(0) == one(1),
            "int_ne" => one(0) != one(1),
            "int_le" | "bool_le" => one(0) <= one(1),
            "int_lt" | "bool_lt" => one(0) < one(1),
            "bool_not" => one(0) != one(1),
            "int_lin_eq" => lin() == one(2),
            "int_lin_le" => lin() <= one(2),
            "int_lin_ne" => lin() != one(2),
            "bool_lin_eq" => lin() == one(2),
            "bool_lin_le" => lin() <= one(2),
            "int_plus" => one(0) + one(1) == one(2),
            "int_times" => one(0) * one(1) == one(2),
            // Division rounds towards zero; no value when dividing by 0.
            "int_div" => one(1) != 0 && one(0) / one(1) == one(2),
            // The remainder takes the sign of the dividend.
            "int_mod" => one(1) != 0 && one(0) % one(1) == one(2),
            "int_min" => one(0).min(one(1)) == one(2),
            "int_max" => one(0).max(one(1)) == one(2),
            // No value for a negative exponent.
            "int_pow" => {
                one(1) >= 0
                    && i128::from(one(0)).pow(u32::try_from(one(1)).unwrap()) == i128::from(one(2))
            }
            "int_abs" => one(0).abs() == one(1),
            "bool_and" => {
                let f = truth(one(0)) && truth(one(1));
                if self.args.len() == 3 {
                    return if mode == "imp" {
                        !last() || f
                    } else {
                        last() == f
                    };
                }
                f
            }
            "bool_or" => {
                let f = truth(one(0)) || truth(one(1));
                if self.args.len() == 3 {
                    return if mode == "imp" {
                        !last() || f
                    } else {
                        last() == f
                    };
                }
                f
            }
            "bool_xor" => {
                let f = truth(one(0)) != truth(one(1));
                if self.args.len() == 3 {
                    return last() == f;
                }
                f
            }
            "bool_clause" => {
                many(0).iter().any(|&x| truth(x)) || many(1).iter().any(|&x| !truth(x))
            }
            "array_bool_and" => {
                let f = many(0).iter().all(|&x| truth(x));
                return if mode == "imp" {
                    !last() || f
                } else {
                    last() == f
                };
            }
            "array_bool_or" => {
                let f = many(0).iter().any(|&x| truth(x));
                return if mode == "imp" {
                    !last() || f
                } else {
                    last() == f
                };
            }
            "array_bool_xor" => many(0).iter().filter(|&&x| truth(x)).count() % 2 == 1,
            "bool2int" => one(0) == one(1),
            "set_in" => match &self.args[1] {
                Arg::Set(s) => s.contains(&one(0)),
                _ => unreachable!("a set"),
            },
            "array_int_maximum" => many(1).iter().max() == Some(&one(0)),
            "array_int_minimum" => many(1).iter().min() == Some(&one(0)),
            "array_int_element"
            | "array_var_int_element"
            | "array_bool_element"
            | "array_var_bool_element" => {
                let xs = many(1);
                let i = one(0);
                i >= 1 && i <= xs.len() as i64 && xs[(i - 1) as usize] == one(2)
            }
            "all_different_int" | "fzn_all_different_int" => {
                let xs = many(0);
                (0..xs.len()).all(|i| (i + 1..xs.len()).all(|j| xs[i] != xs[j]))
            }
            other => panic!("no brute force for {other}"),
        };
        match mode {
            "reif" => last() == relation,
            "imp" => !last() || relation,
            _ => relation,
        }
    }

    /// The number of assignments of the six variables that satisfy it.
    fn brute_force(&self) -> u128 {
        let mut total = 0;
        let (a, b, c) = (self.domains[0], self.domains[1], self.domains[2]);
        for x0 in a.0..=a.1 {
            for x1 in b.0..=b.1 {
                for x2 in c.0..=c.1 {
                    for bits in 0..8 {
                        let values = [x0, x1, x2, bits & 1, (bits >> 1) & 1, (bits >> 2) & 1];
                        if self.holds(&values) {
                            total += 1;
                        }
                    }
                }
            }
        }
        total
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Few enough tuples that narrowing enumerates them.
    #[test]
    fn every_builtin_counts_as_brute_force(instance in instance(3)) {
        let text = instance.text();
        prop_assert_eq!(count(&text), instance.brute_force(), "{}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Wide domains: three variables of up to 21 values, more tuples than
    /// narrowing enumerates, so that it checks forward instead.
    #[test]
    fn every_builtin_counts_as_brute_force_on_wide_domains(instance in instance(20)) {
        let text = instance.text();
        prop_assert_eq!(count(&text), instance.brute_force(), "{}", text);
    }
}

#[test]
fn every_builtin_is_generated() {
    // The list above names each builtin the solver is documented to read.
    for (name, kinds) in BUILTINS {
        assert!(!kinds.is_empty() || name.is_empty());
    }
    assert!(BUILTINS.len() >= 60);
}
