//! Each natively posted global against brute force: random tiny FlatZinc
//! files with four integer variables and one `backtracker_*` constraint
//! (what the solver library writes for `disjunctive`, `cumulative`,
//! `regular`, `global_cardinality`, `count`, `lex_less`, `increasing` and
//! `bin_packing_load`), whose solutions the solver counts and this file
//! counts by trying every assignment, with its own reading of each
//! constraint. Arguments mix variables, constants and repeated variables.

use proptest::prelude::*;

use crate::support::count;

/// The number of integer variables.
const VARS: usize = 4;

/// A term: a variable or a constant.
#[derive(Clone, Copy, Debug)]
enum T {
    Var(usize),
    Const(i64),
}

/// A generated constraint.
#[derive(Clone, Debug)]
enum Global {
    NoOverlap(Vec<T>, Vec<i64>),
    Cumulative(Vec<T>, Vec<i64>, Vec<i64>, i64),
    /// Variables, states, symbols, transitions (row by row), start,
    /// accepting states.
    Regular(Vec<T>, i64, i64, Vec<i64>, i64, Vec<i64>),
    /// Variables, values, lower and upper bounds.
    Cardinality(Vec<T>, Vec<i64>, Vec<i64>, Vec<i64>),
    CountEq(Vec<T>, i64, T),
    Lex(Vec<T>, Vec<T>, bool),
    Increasing(Vec<T>),
    /// Loads, bins, sizes, the first bin.
    BinPacking(Vec<T>, Vec<T>, Vec<i64>, i64),
}

/// An instance: the domains of the variables and the constraint.
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<(i64, i64)>,
    global: Global,
}

fn term() -> impl Strategy<Value = T> {
    prop_oneof![4 => (0..VARS).prop_map(T::Var), 1 => (-1..=3i64).prop_map(T::Const)]
}

fn terms(len: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<T>> {
    prop::collection::vec(term(), len)
}

fn consts(len: usize, values: std::ops::RangeInclusive<i64>) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(values, len)
}

fn global() -> impl Strategy<Value = Global> {
    prop_oneof![
        terms(0..=4).prop_flat_map(|s| {
            let n = s.len();
            (Just(s), consts(n, 0..=3)).prop_map(|(s, d)| Global::NoOverlap(s, d))
        }),
        terms(0..=4).prop_flat_map(|s| {
            let n = s.len();
            (Just(s), consts(n, 0..=3), consts(n, 0..=3), -1..=4i64)
                .prop_map(|(s, d, r, b)| Global::Cumulative(s, d, r, b))
        }),
        (terms(0..=4), 1..=3i64, 1..=3i64).prop_flat_map(|(x, q, s)| {
            let cells = usize::try_from(q * s).unwrap_or(0);
            (
                Just(x),
                Just(q),
                Just(s),
                consts(cells, 0..=q),
                1..=q,
                prop::collection::btree_set(1..=q, 0..=3),
            )
                .prop_map(|(x, q, s, d, q0, f)| {
                    Global::Regular(x, q, s, d, q0, f.into_iter().collect())
                })
        }),
        (terms(0..=4), 0..=3usize).prop_flat_map(|(x, k)| {
            (
                Just(x),
                consts(k, -1..=3),
                consts(k, -1..=3),
                consts(k, -1..=4),
            )
                .prop_map(|(x, v, l, u)| Global::Cardinality(x, v, l, u))
        }),
        (terms(0..=4), -1..=3i64, term()).prop_map(|(x, y, c)| Global::CountEq(x, y, c)),
        (0..=3usize, any::<bool>()).prop_flat_map(|(n, strict)| {
            (terms(n..=n), terms(n..=n), Just(strict))
                .prop_map(|(x, y, strict)| Global::Lex(x, y, strict))
        }),
        terms(0..=4).prop_map(Global::Increasing),
        (terms(1..=3), terms(0..=3)).prop_flat_map(|(load, bin)| {
            let n = bin.len();
            (Just(load), Just(bin), consts(n, 0..=3), -1..=1i64)
                .prop_map(|(l, b, w, f)| Global::BinPacking(l, b, w, f))
        }),
    ]
}

fn instance() -> impl Strategy<Value = Instance> {
    let domain = (-1..=1i64, 0..=3i64).prop_map(|(lo, w)| (lo, lo + w));
    (prop::collection::vec(domain, VARS), global())
        .prop_map(|(domains, global)| Instance { domains, global })
}

fn show(t: &T) -> String {
    match t {
        T::Var(v) => format!("x{v}"),
        T::Const(c) => c.to_string(),
    }
}

fn list<X>(xs: &[X], f: impl Fn(&X) -> String) -> String {
    format!("[{}]", xs.iter().map(f).collect::<Vec<_>>().join(", "))
}

fn ts(xs: &[T]) -> String {
    list(xs, show)
}

fn cs(xs: &[i64]) -> String {
    list(xs, ToString::to_string)
}

impl Instance {
    /// The instance as FlatZinc text.
    fn text(&self) -> String {
        let mut s = String::new();
        for (i, (lo, hi)) in self.domains.iter().enumerate() {
            s.push_str(&format!("var {lo}..{hi}: x{i};\n"));
        }
        let constraint = match &self.global {
            Global::NoOverlap(st, d) => format!("backtracker_no_overlap({}, {})", ts(st), cs(d)),
            Global::Cumulative(st, d, r, b) => format!(
                "backtracker_cumulative({}, {}, {}, {b})",
                ts(st),
                cs(d),
                cs(r)
            ),
            Global::Regular(x, q, sy, d, q0, f) => format!(
                "backtracker_regular({}, {q}, {sy}, {}, {q0}, {})",
                ts(x),
                cs(d),
                cs(f)
            ),
            Global::Cardinality(x, v, l, u) => format!(
                "backtracker_global_cardinality({}, {}, {}, {})",
                ts(x),
                cs(v),
                cs(l),
                cs(u)
            ),
            Global::CountEq(x, y, c) => {
                format!("backtracker_count_eq({}, {y}, {})", ts(x), show(c))
            }
            Global::Lex(x, y, strict) => format!(
                "backtracker_lex_{}({}, {})",
                if *strict { "less" } else { "lesseq" },
                ts(x),
                ts(y)
            ),
            Global::Increasing(x) => format!("backtracker_increasing({})", ts(x)),
            Global::BinPacking(l, b, w, f) => format!(
                "backtracker_bin_packing_load({}, {}, {}, {f})",
                ts(l),
                ts(b),
                cs(w)
            ),
        };
        s.push_str(&format!("constraint {constraint};\nsolve satisfy;\n"));
        s
    }

    /// Whether the constraint holds with `values`.
    fn holds(&self, values: &[i64]) -> bool {
        let get = |t: &T| match t {
            T::Var(v) => values[*v],
            T::Const(c) => *c,
        };
        let all = |xs: &[T]| -> Vec<i64> { xs.iter().map(get).collect() };
        match &self.global {
            Global::NoOverlap(st, d) => {
                let st = all(st);
                (0..st.len()).all(|i| {
                    (i + 1..st.len()).all(|j| {
                        d[i] == 0 || d[j] == 0 || st[i] + d[i] <= st[j] || st[j] + d[j] <= st[i]
                    })
                })
            }
            Global::Cumulative(st, d, r, b) => {
                let st = all(st);
                if st.is_empty() {
                    return true;
                }
                // The use at every instant any task may cover.
                *b >= 0
                    && (-10..20).all(|t| {
                        let used: i64 = (0..st.len())
                            .filter(|&i| st[i] <= t && t < st[i] + d[i])
                            .map(|i| r[i])
                            .sum();
                        used <= *b
                    })
            }
            Global::Regular(x, _, sy, d, q0, f) => {
                let mut state = *q0;
                for v in all(x) {
                    if !(1..=*sy).contains(&v) {
                        return false;
                    }
                    let cell = usize::try_from((state - 1) * sy + v - 1).expect("a cell");
                    state = d[cell];
                    if state == 0 {
                        return false;
                    }
                }
                f.contains(&state)
            }
            Global::Cardinality(x, v, l, u) => {
                let x = all(x);
                v.iter().zip(l).zip(u).all(|((v, l), u)| {
                    let n = x.iter().filter(|&&y| y == *v).count() as i64;
                    *l <= n && n <= *u
                })
            }
            Global::CountEq(x, y, c) => {
                all(x).iter().filter(|&&v| v == *y).count() as i64 == get(c)
            }
            Global::Lex(x, y, strict) => {
                let (x, y) = (all(x), all(y));
                if *strict { x < y } else { x <= y }
            }
            Global::Increasing(x) => all(x).windows(2).all(|w| w[0] <= w[1]),
            Global::BinPacking(l, b, w, f) => {
                let (l, b) = (all(l), all(b));
                let m = l.len() as i64;
                b.iter().all(|&bin| (*f..f + m).contains(&bin))
                    && l.iter().enumerate().all(|(j, &load)| {
                        let total: i64 = (0..b.len())
                            .filter(|&i| b[i] == f + j as i64)
                            .map(|i| w[i])
                            .sum();
                        total == load
                    })
            }
        }
    }

    /// The number of solutions, by trying every assignment.
    fn brute_force(&self) -> u128 {
        let mut values: Vec<i64> = self.domains.iter().map(|d| d.0).collect();
        let mut total = 0;
        loop {
            if self.holds(&values) {
                total += 1;
            }
            let mut i = 0;
            loop {
                if i == VARS {
                    return total;
                }
                if values[i] < self.domains[i].1 {
                    values[i] += 1;
                    break;
                }
                values[i] = self.domains[i].0;
                i += 1;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6000, ..ProptestConfig::default() })]

    #[test]
    fn every_native_global_counts_as_brute_force(instance in instance()) {
        let text = instance.text();
        prop_assert_eq!(count(&text), instance.brute_force(), "{}", text);
    }
}
