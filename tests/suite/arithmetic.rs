//! `Minimum`, `Maximum` and `AbsDiff` against brute force: random domains
//! with holes (negative values too), satisfiable or not, counted and
//! enumerated in every variable order, with and without forward checking,
//! in cross-check mode; all-interval series against a count of every
//! permutation.

use backtracker::constraints::{AbsDiff, AllDifferent, Maximum, Minimum};
use backtracker::{Checker, DynChecker, ModelBuilder, VariableOrder};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// Which rule a random model states over its variables.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// The last variable is the least of the others.
    Min,
    /// The last variable is the greatest of the others.
    Max,
    /// `|x0 - x1| = x2`.
    Abs,
    /// `x0 - x1 = x2`.
    Diff,
}

#[derive(Clone, Debug)]
struct RandomArithmetic {
    domains: Vec<Vec<i32>>,
    rule: Rule,
}

impl RandomArithmetic {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let n = self.domains.len();
        let checker: DynChecker<i32> = match self.rule {
            Rule::Min => Minimum::new("min", 0..n - 1, n - 1).boxed(),
            Rule::Max => Maximum::new("max", 0..n - 1, n - 1).boxed(),
            Rule::Abs => AbsDiff::new("abs", 0, 1, 2).boxed(),
            Rule::Diff => AbsDiff::difference("diff", 0, 1, 2).boxed(),
        };
        b.build(vec![checker]).expect("a valid model")
    }

    fn brute_force(&self) -> Vec<Vec<i32>> {
        let n = self.domains.len();
        every_assignment(&self.domains)
            .into_iter()
            .filter(|x| match self.rule {
                Rule::Min => x[..n - 1].iter().min() == Some(&x[n - 1]),
                Rule::Max => x[..n - 1].iter().max() == Some(&x[n - 1]),
                Rule::Abs => (x[0] - x[1]).abs() == x[2],
                Rule::Diff => x[0] - x[1] == x[2],
            })
            .collect()
    }
}

/// Three variables for `AbsDiff`, two to five for the extrema; domains of
/// 1 to 4 values from -3..=4, shuffled.
fn random_arithmetic() -> impl Strategy<Value = RandomArithmetic> {
    prop_oneof![
        Just(Rule::Min),
        Just(Rule::Max),
        Just(Rule::Abs),
        Just(Rule::Diff)
    ]
    .prop_flat_map(|rule| {
        let sizes = match rule {
            Rule::Min | Rule::Max => 2usize..=5,
            Rule::Abs | Rule::Diff => 3usize..=3,
        };
        let domain =
            proptest::sample::subsequence((-3i32..=4).collect::<Vec<_>>(), 1..=4).prop_shuffle();
        proptest::collection::vec(domain, sizes)
            .prop_map(move |domains| RandomArithmetic { domains, rule })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn extrema_and_differences_agree_with_brute_force(m in random_arithmetic()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }
}

#[test]
fn arithmetic_random_models_are_both_satisfiable_and_not() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..300 {
        let m = random_arithmetic().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}

#[test]
fn all_interval_series_are_counted_with_abs_diff() {
    // All-interval series: permutations of 0..n whose successive distances
    // are all different, counted here by trying every permutation.
    fn brute(n: usize) -> u128 {
        fn go(n: usize, seq: &mut Vec<usize>, count: &mut u128) {
            if seq.len() == n {
                let mut gaps: Vec<usize> = seq.windows(2).map(|w| w[0].abs_diff(w[1])).collect();
                gaps.sort_unstable();
                gaps.dedup();
                *count += u128::from(gaps.len() + 1 == n);
                return;
            }
            for v in 0..n {
                if !seq.contains(&v) {
                    seq.push(v);
                    go(n, seq, count);
                    seq.pop();
                }
            }
        }
        let mut count = 0;
        go(n, &mut Vec::new(), &mut count);
        count
    }
    for n in 2..=7 {
        let mut b = ModelBuilder::new();
        let notes: Vec<usize> = (0..n)
            .map(|i| b.variable(format!("n{i}"), 0..n as i64))
            .collect();
        let gaps: Vec<usize> = (1..n)
            .map(|i| b.variable(format!("g{i}"), 1..n as i64))
            .collect();
        let mut checkers = AbsDiff::each(
            "gap",
            (0..n - 1).map(|i| (notes[i], notes[i + 1], gaps[i])),
            true,
        );
        checkers.push(AllDifferent::new("notes", notes).boxed());
        checkers.push(AllDifferent::new("gaps", gaps).boxed());
        let mut model = b.build(checkers).unwrap();
        assert_eq!(
            model.search().cross_check(true).count().value,
            brute(n),
            "n = {n}"
        );
    }
}
