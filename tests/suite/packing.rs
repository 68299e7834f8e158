//! `BinPacking` against brute force: random items (sizes 0 to 3, bin
//! domains with values of no bin), random load domains, satisfiable or
//! not, counted and enumerated in every variable order, with and without
//! forward checking, in cross-check mode.

use backtracker::constraints::BinPacking;
use backtracker::{Checker, DynChecker, VariableOrder};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// Items are variables `0..sizes.len()`, loads the variables after them.
#[derive(Clone, Debug)]
struct RandomPacking {
    domains: Vec<Vec<i32>>,
    sizes: Vec<i64>,
}

impl RandomPacking {
    fn bins(&self) -> usize {
        self.domains.len() - self.sizes.len()
    }

    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let n = self.sizes.len();
        let items = self.sizes.iter().copied().enumerate();
        let packing = BinPacking::new("bins", items, n..n + self.bins()).boxed();
        b.build(vec![packing]).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<i32>> {
        let n = self.sizes.len();
        let m = self.bins();
        every_assignment(&self.domains)
            .into_iter()
            .filter(|x| {
                x[..n].iter().all(|&bin| (0..m as i32).contains(&bin))
                    && (0..m).all(|j| {
                        let load: i64 = (0..n)
                            .filter(|&i| x[i] == j as i32)
                            .map(|i| self.sizes[i])
                            .sum();
                        i64::from(x[n + j]) == load
                    })
            })
            .collect()
    }
}

/// One to four items with bin domains of 1 to 3 values from -1..3, one to
/// three bins with load domains of 1 to 4 values from 0..6.
fn random_packing() -> impl Strategy<Value = RandomPacking> {
    (1usize..=4, 1usize..=3).prop_flat_map(|(n, m)| {
        let bin =
            proptest::sample::subsequence((-1i32..3).collect::<Vec<_>>(), 1..=3).prop_shuffle();
        let load =
            proptest::sample::subsequence((0i32..6).collect::<Vec<_>>(), 1..=4).prop_shuffle();
        (
            proptest::collection::vec(bin, n),
            proptest::collection::vec(load, m),
            proptest::collection::vec(0i64..=3, n),
        )
            .prop_map(|(mut domains, loads, sizes)| {
                domains.extend(loads);
                RandomPacking { domains, sizes }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn bin_packing_agrees_with_brute_force(m in random_packing()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn packing_random_models_are_both_satisfiable_and_not() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..300 {
        let m = random_packing().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}
