//! Global constraints against brute force: random small models with
//! `AllDifferent` counted and enumerated in every variable order, with and
//! without forward checking, and in cross-check mode; hand cases of
//! complete narrowing (Hall sets); the models they refuse.

use backtracker::constraints::{AllDifferent, Strength};
use backtracker::{Checker, DynChecker, ModelBuilder, ModelError, StopReason, VariableOrder};
use itertools::Itertools;
use proptest::prelude::*;

use crate::support::{agrees_with_brute_force, builder_over, every_assignment};

/// A random model: per variable its domain (values from a small range,
/// holes allowed), and scopes of all-different constraints.
#[derive(Clone, Debug)]
struct Random {
    domains: Vec<Vec<u8>>,
    scopes: Vec<Vec<usize>>,
}

/// Every strength of `AllDifferent`.
const STRENGTHS: [Strength; 3] = [Strength::Value, Strength::Bounds, Strength::Domain];

impl Random {
    fn build_with(&self, order: VariableOrder, strength: Strength) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let checkers = self
            .scopes
            .iter()
            .enumerate()
            .map(|(k, s)| {
                AllDifferent::new(format!("c{k}"), s.iter().copied())
                    .strength(strength)
                    .boxed()
            })
            .collect();
        b.build(checkers).expect("a valid model")
    }

    /// Every solution, by trying every assignment (in declared order,
    /// lexicographic by domain index).
    fn brute_force(&self) -> Vec<Vec<u8>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|values| {
                self.scopes.iter().all(|s| {
                    s.iter()
                        .enumerate()
                        .all(|(i, &a)| s[i + 1..].iter().all(|&b| values[a] != values[b]))
                })
            })
            .collect()
    }
}

/// Up to 6 variables with domains of 1 to 4 distinct values from 0..6,
/// and 1 to 3 scopes of 2 to 5 distinct variables.
fn random() -> impl Strategy<Value = Random> {
    (2usize..=6).prop_flat_map(|n| {
        let domain = proptest::sample::subsequence((0u8..6).collect::<Vec<_>>(), 1..=4);
        let scope =
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 2..=n.min(5)).prop_shuffle();
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(scope, 1..=3),
        )
            .prop_map(|(domains, scopes)| Random { domains, scopes })
    })
}

/// Two or three variables with domains of 1 to 30 values from 0..100, so
/// that a scope's values sometimes fit a machine word (`AllDifferent`
/// narrows on bit sets then) and sometimes do not (on lists).
fn wide() -> impl Strategy<Value = Random> {
    (2usize..=3).prop_flat_map(|n| {
        let domain = proptest::sample::subsequence((0u8..100).collect::<Vec<_>>(), 1..=30);
        let scope = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 2..=n).prop_shuffle();
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(scope, 1..=2),
        )
            .prop_map(|(domains, scopes)| Random { domains, scopes })
    })
}

type Boxed = backtracker::Model<u8, Vec<DynChecker<u8>>>;

/// A search of `model`, with forward checking when `fc`.
fn search(model: &mut Boxed, fc: bool) -> backtracker::Search<'_, u8, Vec<DynChecker<u8>>> {
    let s = model.search();
    if fc { s.forward_checking() } else { s }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn all_different_finds_the_brute_force_solutions(r in random()) {
        let expected = r.brute_force();
        for (fc, strength) in [false, true].into_iter().cartesian_product(STRENGTHS) {
            agrees_with_brute_force(
                |order| r.build_with(order, strength),
                |m| search(m, fc),
                &expected,
                &format!("forward checking {fc}, {strength:?}"),
            )?;
        }
        // In parallel (a tuple of checkers, which clones), the first scope alone.
        let one = Random { domains: r.domains.clone(), scopes: r.scopes[..1].to_vec() };
        let mut b = ModelBuilder::new();
        for (i, d) in one.domains.iter().enumerate() {
            b.variable(format!("x{i}"), d.iter().copied());
        }
        let mut model = b.build((AllDifferent::new("c0", one.scopes[0].iter().copied()),)).unwrap();
        let parallel = model.search().threads(2).count();
        prop_assert_eq!(parallel.value, one.brute_force().len() as u128);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn all_different_over_many_values_finds_the_brute_force_solutions(r in wide()) {
        let expected = r.brute_force();
        for strength in STRENGTHS {
            agrees_with_brute_force(
                |order| r.build_with(order, strength),
                |m| search(m, false),
                &expected,
                &format!("wide, {strength:?}"),
            )?;
        }
    }
}

/// The candidates left after the root's narrowing: the first solution of
/// a search that only looks, per variable, at which values some solution
/// uses, must equal what the brute force says when narrowing is complete.
/// Here, measured by nodes: with generalised arc consistency and one
/// constraint, every node of the tree lies on a solution's path.
#[test]
fn a_hall_set_is_removed_from_the_other_variables() {
    // a, b in {1, 2}: a Hall set of two; c in {1, 2, 3}, d in {2, 3, 4}:
    // c must be 3, then d must be 4; a and b swap: two solutions.
    let mut b = ModelBuilder::new();
    let vars = [
        b.variable("c", [1, 2, 3]),
        b.variable("d", [2, 3, 4]),
        b.variable("a", [1, 2]),
        b.variable("b", [1, 2]),
    ];
    let mut model = b.build((AllDifferent::new("different", vars),)).unwrap();
    let outcome = model.search().count();
    assert_eq!(outcome.value, 2);
    // c = 3 and d = 4 are forced before the first step: the tree is the
    // two paths c, d, a, b with no dead end. Each value of a leaves b one
    // value, which that step implies: no node of its own.
    assert_eq!(outcome.stats.nodes, 1 + 1 + 2);
    assert_eq!(outcome.stats.implied, 2);
    let checked = model.search().cross_check(true).count();
    assert_eq!((checked.value, checked.stop), (2, StopReason::Completed));
}

/// Pigeonhole: four variables, three values. The matching fails at the
/// root: no node at all.
#[test]
fn too_few_values_fail_at_the_root() {
    let mut b = ModelBuilder::new();
    let vars: Vec<usize> = (0..4)
        .map(|i| b.variable(format!("x{i}"), ['r', 'g', 'b']))
        .collect();
    let mut model = b.build((AllDifferent::new("pigeons", vars),)).unwrap();
    let outcome = model.search().count();
    assert_eq!((outcome.value, outcome.stats.nodes), (0, 0));
}

/// Values are compared with `==`, not by their positions in the domains.
#[test]
fn values_are_compared_not_indices() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", ["red", "green"]);
    let y = b.variable("y", ["green", "blue"]);
    let mut model = b.build((AllDifferent::new("different", [x, y]),)).unwrap();
    // (red, green), (red, blue), (green, blue): not (green, green).
    assert_eq!(model.search().count().value, 3);
}

#[test]
fn a_scope_naming_a_variable_twice_is_refused() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..3u8);
    let y = b.variable("y", 0..3u8);
    let err = b
        .build((AllDifferent::new("twice", [x, y, x]),))
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "twice"));
    assert!(err.to_string().contains("`x` twice"), "{err}");
}
