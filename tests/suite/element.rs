//! `Element` and `Inverse` against brute force: random models (holes,
//! index values that select nothing, entries that are variables or
//! constants, a variable used twice) counted and enumerated in every
//! variable order, with and without forward checking, and in cross-check
//! mode; a position model and a successor model channelled into each other
//! count the permutations (n!) and, with `Circuit`, the cyclic ones ((n - 1)!).

use backtracker::constraints::{AllDifferent, Circuit, Element, Inverse};
use backtracker::{DynChecker, ModelBuilder, ModelError, StopReason, VariableOrder};
use proptest::prelude::*;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<u8, Vec<DynChecker<u8>>>;

/// What an array entry is: variable number, or constant.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Var(usize),
    Value(u8),
}

/// A random element model: the index is variable 0, the result variable
/// 1, the entries variables 1 and up, or constants.
#[derive(Clone, Debug)]
struct RandomElement {
    domains: Vec<Vec<u8>>,
    entries: Vec<Entry>,
}

impl RandomElement {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let element: DynChecker<u8> = if let Some(Entry::Value(_)) = self.entries.first() {
            let values = self.entries.iter().map(|e| match e {
                Entry::Value(v) => *v,
                Entry::Var(_) => unreachable!("constants only"),
            });
            Box::new(Element::constants("element", 0, values, 1))
        } else {
            let vars = self.entries.iter().map(|e| match e {
                Entry::Var(v) => *v,
                Entry::Value(_) => unreachable!("variables only"),
            });
            Box::new(Element::new("element", 0, vars, 1))
        };
        b.build(vec![element]).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<u8>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|x| {
                self.entries
                    .get(usize::from(x[0]))
                    .is_some_and(|&e| match e {
                        Entry::Var(v) => x[v] == x[1],
                        Entry::Value(c) => c == x[1],
                    })
            })
            .collect()
    }
}

/// An index, a result and up to 3 more variables, domains of 1 to 4 values
/// from 0..6; 1 to 4 entries, all variables (the result among them, one
/// maybe twice) or all constants.
fn random_element() -> impl Strategy<Value = RandomElement> {
    (3usize..=5, any::<bool>()).prop_flat_map(|(n, constants)| {
        let domain = proptest::sample::subsequence((0u8..6).collect::<Vec<_>>(), 1..=4);
        let entry = if constants {
            (0u8..6).prop_map(Entry::Value).boxed()
        } else {
            (1..n).prop_map(Entry::Var).boxed()
        };
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(entry, 1..=4),
        )
            .prop_map(|(domains, entries)| RandomElement { domains, entries })
    })
}

/// A random inverse model: `x` is variables `0..n`, `y` variables `n..2n`.
#[derive(Clone, Debug)]
struct RandomInverse {
    domains: Vec<Vec<u8>>,
}

impl RandomInverse {
    fn n(&self) -> usize {
        self.domains.len() / 2
    }

    fn build(&self, order: VariableOrder) -> Boxed {
        let n = self.n();
        let mut b = builder_over(&self.domains);
        b.order(order);
        let inverse: DynChecker<u8> = Box::new(Inverse::new("inverse", 0..n, n..2 * n));
        b.build(vec![inverse]).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<u8>> {
        let n = self.n();
        every_assignment(&self.domains)
            .into_iter()
            .filter(|v| {
                let (x, y) = v.split_at(n);
                (0..n).all(|i| {
                    let (xi, yi) = (usize::from(x[i]), usize::from(y[i]));
                    xi < n && usize::from(y[xi]) == i && yi < n && usize::from(x[yi]) == i
                })
            })
            .collect()
    }
}

/// Two arrays of 1 to 3 variables, domains of 1 to 4 values from 0..=3.
fn random_inverse() -> impl Strategy<Value = RandomInverse> {
    (1usize..=3).prop_flat_map(|n| {
        let domain = proptest::sample::subsequence((0u8..=3).collect::<Vec<_>>(), 1..=4);
        proptest::collection::vec(domain, 2 * n).prop_map(|domains| RandomInverse { domains })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn element_finds_the_brute_force_solutions(r in random_element()) {
        agrees_with_and_without_forward_checking(|order| r.build(order), &r.brute_force())?;
    }

    #[test]
    fn inverse_finds_the_brute_force_solutions(r in random_inverse()) {
        agrees_with_and_without_forward_checking(|order| r.build(order), &r.brute_force())?;
    }
}

/// A position model (`at[k]`: the node in place `k`) channelled into a
/// successor-free order model (`place[u]`: the place of node `u`).
fn channelled(n: usize, with_circuit: bool) -> (u128, StopReason) {
    let mut b = ModelBuilder::new();
    let at: Vec<usize> = (0..n)
        .map(|k| b.variable(format!("at {k}"), 0..n as u8))
        .collect();
    let place: Vec<usize> = (0..n)
        .map(|u| b.variable(format!("place {u}"), 0..n as u8))
        .collect();
    let inverse = Inverse::new("channel", at.clone(), place.clone());
    let outcome = if with_circuit {
        // Here `at[u]` read as the successor of node u: one cycle.
        b.build((inverse, Circuit::new("cycle", at)))
            .expect("a model")
            .search()
            .cross_check(true)
            .count()
    } else {
        b.build((inverse, AllDifferent::new("different", place)))
            .expect("a model")
            .search()
            .cross_check(true)
            .count()
    };
    (outcome.value, outcome.stop)
}

#[test]
fn channelled_models_count_permutations() {
    let mut factorial = 1u128;
    for n in 1..=5 {
        let cyclic = factorial; // (n - 1)!
        factorial *= n as u128;
        assert_eq!(
            channelled(n, false),
            (factorial, StopReason::Completed),
            "n = {n}"
        );
        assert_eq!(
            channelled(n, true),
            (cyclic, StopReason::Completed),
            "n = {n}"
        );
    }
}

#[test]
fn an_index_variable_selects_a_variable_entry() {
    // y = [a, b, c][i]: with y fixed to 5, i can select only an entry that
    // can be 5, and a fixed i fixes its entry.
    let mut b = ModelBuilder::new();
    let i = b.variable("i", 0..4u8);
    let a = b.variable("a", [1, 5]);
    let c = b.variable("b", [2, 3]);
    let d = b.variable("c", [5]);
    let y = b.variable("y", [5]);
    let mut model = b
        .build((Element::new("pick", i, [a, c, d], y),))
        .expect("a model");
    // i = 0: a = 5, b free (2); i = 2: a, b free (4). i = 1, 3: none.
    let outcome = model.search().count();
    assert_eq!(outcome.value, 6);
}

#[test]
fn arrays_of_different_lengths_are_refused() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..2u8);
    let y = b.variable("y", 0..2u8);
    let z = b.variable("z", 0..2u8);
    let err = b
        .build((Inverse::new("uneven", [x], [y, z]),))
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "uneven"));
    assert!(err.to_string().contains("1 and 2"), "{err}");
}
