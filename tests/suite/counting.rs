//! `GlobalCardinality` and `Count` against brute force: random scopes with
//! holes, random bounds and count variables (the count among the counted
//! variables too), satisfiable or not, counted and enumerated in every
//! variable order, with and without forward checking, in cross-check
//! mode; magic sequences against OEIS; the models they refuse.

use backtracker::constraints::{Count, GlobalCardinality};
use backtracker::{Checker, DynChecker, ModelBuilder, ModelError, VariableOrder};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// A random cardinality model over variables `0..n`: bounds per listed
/// value, and counts (value, count variable), the scope all variables but
/// the count variables outside it.
#[derive(Clone, Debug)]
struct RandomCounts {
    domains: Vec<Vec<i32>>,
    /// The counted variables.
    scope: Vec<usize>,
    bounds: Vec<(i32, usize, usize)>,
    counts: Vec<(i32, usize)>,
}

impl RandomCounts {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let mut checkers: Vec<DynChecker<i32>> = Vec::new();
        if !self.bounds.is_empty() {
            checkers.push(Box::new(GlobalCardinality::new(
                "gcc",
                self.scope.clone(),
                self.bounds.clone(),
            )));
        }
        for (k, &(value, var)) in self.counts.iter().enumerate() {
            checkers.push(Box::new(Count::new(
                format!("count {k}"),
                self.scope.clone(),
                value,
                var,
            )));
        }
        b.build(checkers).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<i32>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|x| {
                let times = |value: i32| self.scope.iter().filter(|&&v| x[v] == value).count();
                self.bounds
                    .iter()
                    .all(|&(value, lo, hi)| (lo..=hi).contains(&times(value)))
                    && self
                        .counts
                        .iter()
                        .all(|&(value, var)| times(value) as i32 == x[var])
            })
            .collect()
    }
}

/// Two to five variables, domains of 1 to 4 values from -1..4 (shuffled);
/// the scope all of them or all but the last; 0 to 2 distinct listed values
/// with bounds within 0..=3; 0 to 2 counts of a value into any variable.
fn random_counts() -> impl Strategy<Value = RandomCounts> {
    (2usize..=5, any::<bool>()).prop_flat_map(|(n, all)| {
        let domain =
            proptest::sample::subsequence((-1i32..4).collect::<Vec<_>>(), 1..=4).prop_shuffle();
        let scope: Vec<usize> = if all {
            (0..n).collect()
        } else {
            (0..n - 1).collect()
        };
        let bound = (0usize..=3, 0usize..=3).prop_map(|(a, b)| (a.min(b), a.max(b)));
        (
            proptest::collection::vec(domain, n),
            proptest::sample::subsequence((-1i32..4).collect::<Vec<_>>(), 0..=2),
            proptest::collection::vec(bound, 2),
            proptest::collection::vec((-1i32..4, 0..n), 0..=2),
        )
            .prop_map(move |(domains, values, bounds, counts)| RandomCounts {
                domains,
                scope: scope.clone(),
                bounds: values
                    .iter()
                    .zip(bounds)
                    .map(|(&v, (lo, hi))| (v, lo, hi))
                    .collect(),
                counts,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn counts_agree_with_brute_force(m in random_counts()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn count_random_models_are_both_satisfiable_and_not() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..200 {
        let m = random_counts().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}

#[test]
fn magic_sequences_are_counted_by_count_constraints() {
    // Magic sequences of length n (x_i = how many i's): none for n = 1, 2,
    // 3 and 6, two for 4, one for 5 and each n >= 7 (CSPLib prob019).
    for (n, expected) in [
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 1),
        (6, 0),
        (7, 1),
        (8, 1),
    ] {
        let mut b = ModelBuilder::new();
        let x: Vec<usize> = (0..n)
            .map(|i| b.variable(format!("x{i}"), 0..n as i64))
            .collect();
        let counts: Vec<DynChecker<i64>> = (0..n)
            .map(|i| Count::new(format!("count {i}"), x.clone(), i as i64, x[i]).boxed())
            .collect();
        let mut model = b.build(counts).unwrap();
        assert_eq!(
            model.search().cross_check(true).count().value,
            expected,
            "n = {n}"
        );
    }
}

#[test]
fn cardinality_refuses_crossed_bounds_and_a_value_twice() {
    let build = |bounds: Vec<(i32, usize, usize)>| {
        let mut b = ModelBuilder::new();
        let vars = [b.variable("x", 0..2), b.variable("y", 0..2)];
        b.build((GlobalCardinality::new("gcc", vars, bounds),))
            .err()
    };
    assert!(build(vec![(0, 1, 1)]).is_none());
    assert!(matches!(
        build(vec![(0, 2, 1)]),
        Some(ModelError::InvalidChecker { .. })
    ));
    let err = build(vec![(0, 0, 1), (0, 1, 2)]).unwrap();
    assert!(err.to_string().contains("twice"), "{err}");
}
