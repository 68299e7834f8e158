//! `LexLess` and `Increasing` against brute force: random sequences (a
//! variable in both sequences sometimes), domains with holes, strict or
//! not, counted and enumerated in every variable order, with and without
//! forward checking, in cross-check mode.

use backtracker::constraints::{Increasing, LexLess};
use backtracker::{Checker, DynChecker, VariableOrder};
use proptest::prelude::*;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

#[derive(Clone, Debug)]
struct RandomOrder {
    domains: Vec<Vec<i32>>,
    /// For a lexicographic order, the two sequences; for `Increasing`,
    /// `ys` is empty and `xs` the sequence.
    xs: Vec<usize>,
    ys: Vec<usize>,
    strict: bool,
}

impl RandomOrder {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let (xs, ys) = (self.xs.clone(), self.ys.clone());
        let checker: DynChecker<i32> = match (self.ys.is_empty(), self.strict) {
            (true, true) => Increasing::strict("up", xs).boxed(),
            (true, false) => Increasing::new("up", xs).boxed(),
            (false, true) => LexLess::less("lex", xs, ys).boxed(),
            (false, false) => LexLess::less_eq("lex", xs, ys).boxed(),
        };
        b.build(vec![checker]).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<i32>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|v| {
                let xs: Vec<i32> = self.xs.iter().map(|&i| v[i]).collect();
                if self.ys.is_empty() {
                    xs.windows(2).all(|w| {
                        if self.strict {
                            w[0] < w[1]
                        } else {
                            w[0] <= w[1]
                        }
                    })
                } else {
                    let ys: Vec<i32> = self.ys.iter().map(|&i| v[i]).collect();
                    if self.strict { xs < ys } else { xs <= ys }
                }
            })
            .collect()
    }
}

/// Two to five variables with 1 to 4 values from -2..=3; either a
/// sequence of distinct variables, or two sequences of one to three of
/// them (a variable may be in both).
fn random_order() -> impl Strategy<Value = RandomOrder> {
    (2usize..=5, any::<bool>(), any::<bool>()).prop_flat_map(|(n, lex, strict)| {
        let domain =
            proptest::sample::subsequence((-2i32..=3).collect::<Vec<_>>(), 1..=4).prop_shuffle();
        let seqs = if lex {
            (1usize..=3)
                .prop_flat_map(move |len| {
                    (
                        proptest::collection::vec(0..n, len),
                        proptest::collection::vec(0..n, len),
                    )
                })
                .boxed()
        } else {
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n)
                .prop_shuffle()
                .prop_map(|xs| (xs, Vec::new()))
                .boxed()
        };
        (proptest::collection::vec(domain, n), seqs).prop_map(move |(domains, (xs, ys))| {
            RandomOrder {
                domains,
                xs,
                ys,
                strict,
            }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn orders_agree_with_brute_force(m in random_order()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn order_random_models_are_both_satisfiable_and_not() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..300 {
        let m = random_order().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}
