//! `LinearSum` against brute force: random small models (negative values,
//! zero and negative coefficients, repeated variables, every relation)
//! counted and enumerated in every variable order, with and without
//! forward checking and look-ahead, in cross-check mode and in parallel;
//! the candidates its narrowing leaves, against the definition of bounds
//! consistency (of domain consistency for an equality of two variables);
//! the models it refuses because a sum could overflow.

use std::sync::{Arc, Mutex};

use backtracker::constraints::{LinearSum, Relation};
use backtracker::{
    Assignment, Checker, Conflict, Domains, DynChecker, ModelBuilder, ModelError, VariableOrder,
};
use proptest::prelude::*;

use crate::support::{
    agrees_with_brute_force, builder_over, every_assignment, relation, small_domain,
};

/// One random constraint: its terms, relation and constant.
#[derive(Clone, Debug)]
struct Sum {
    terms: Vec<(i64, usize)>,
    relation: Relation,
    constant: i64,
}

impl Sum {
    fn checker(&self, name: String) -> LinearSum {
        LinearSum::new(
            name,
            self.terms.iter().copied(),
            self.relation,
            self.constant,
        )
    }

    /// The constraint, evaluated directly.
    fn holds(&self, values: &[i32]) -> bool {
        let sum: i64 = self
            .terms
            .iter()
            .map(|&(c, v)| c * i64::from(values[v]))
            .sum();
        match self.relation {
            Relation::Equal => sum == self.constant,
            Relation::AtMost => sum <= self.constant,
            Relation::AtLeast => sum >= self.constant,
        }
    }
}

/// A random model: per variable its domain, and its linear constraints.
#[derive(Clone, Debug)]
struct Random {
    domains: Vec<Vec<i32>>,
    sums: Vec<Sum>,
}

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// How a search propagates.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Plain,
    ForwardChecking,
    Lookahead,
}

const MODES: [Mode; 3] = [Mode::Plain, Mode::ForwardChecking, Mode::Lookahead];

fn search(model: &mut Boxed, mode: Mode) -> backtracker::Search<'_, i32, Vec<DynChecker<i32>>> {
    let s = model.search();
    match mode {
        Mode::Plain => s,
        Mode::ForwardChecking => s.forward_checking(),
        Mode::Lookahead => s.lookahead(2),
    }
}

impl Random {
    fn builder(&self) -> ModelBuilder<i32> {
        builder_over(&self.domains)
    }

    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = self.builder();
        b.order(order);
        let checkers = self
            .sums
            .iter()
            .enumerate()
            .map(|(k, s)| Box::new(s.checker(format!("c{k}"))) as DynChecker<i32>)
            .collect();
        b.build(checkers).expect("a valid model")
    }

    /// Every solution, in declared order (lexicographic by domain index).
    fn brute_force(&self) -> Vec<Vec<i32>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|values| self.sums.iter().all(|s| s.holds(values)))
            .collect()
    }
}

/// 2 to 5 variables with domains of 1 to 4 distinct values from -3..=3
/// (in a shuffled order), and 1 or 2 sums of 1 to 6 terms with
/// coefficients from -3..=3 over any variables (repeats allowed).
fn random() -> impl Strategy<Value = Random> {
    (2usize..=5).prop_flat_map(|n| {
        let domain = small_domain();
        let sum = (
            proptest::collection::vec((-3i64..=3, 0..n), 1..=6),
            relation(),
            -6i64..=6,
        )
            .prop_map(|(terms, relation, constant)| Sum {
                terms,
                relation,
                constant,
            });
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(sum, 1..=2),
        )
            .prop_map(|(domains, sums)| Random { domains, sums })
    })
}

/// A narrowing checker that changes nothing and records, each time it is
/// called before the first step, every variable's candidate values: the
/// last record is what the root's narrowing left.
#[derive(Clone, Default)]
struct Spy {
    root: Arc<Mutex<Option<Vec<Vec<i32>>>>>,
}

impl Checker<i32> for Spy {
    fn name(&self) -> &'static str {
        "spy"
    }
    fn check(&self, _: &Assignment<'_, i32>) -> bool {
        true
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrow(&self, _: usize, d: &mut Domains<'_, i32>) -> Result<(), Conflict> {
        if d.assignment().assigned_count() == 0 {
            let sets = (0..d.variables())
                .map(|var| d.iter(var).map(|i| d.domain(var)[i]).collect())
                .collect();
            *self.root.lock().unwrap() = Some(sets);
        }
        Ok(())
    }
}

/// Whether `var = value` leaves the relation reachable with the other
/// variables of the sum anywhere between their least and greatest
/// contributions over `sets`; for an equality of two variables whose
/// contributions over their domains are distinct, whether the other's set
/// holds the value that completes it (domain consistency).
fn supported(sum: &Sum, domains: &[Vec<i32>], sets: &[Vec<i32>], var: usize, value: i32) -> bool {
    let mut coef = vec![0i64; sets.len()];
    for &(c, v) in &sum.terms {
        coef[v] += c;
    }
    let scope: Vec<usize> = (0..sets.len())
        .filter(|&v| sum.terms.iter().any(|&(_, t)| t == v))
        .collect();
    let distinct = |v: usize| {
        let mut terms: Vec<i64> = domains[v].iter().map(|&x| coef[v] * i64::from(x)).collect();
        terms.sort_unstable();
        terms.windows(2).all(|w| w[0] != w[1])
    };
    if sum.relation == Relation::Equal && scope.len() == 2 && scope.iter().all(|&v| distinct(v)) {
        let other = scope[usize::from(scope[0] == var)];
        return sets[other]
            .iter()
            .any(|&x| coef[var] * i64::from(value) + coef[other] * i64::from(x) == sum.constant);
    }
    let (mut low, mut high) = (coef[var] * i64::from(value), coef[var] * i64::from(value));
    for (other, set) in sets.iter().enumerate() {
        if other == var || !sum.terms.iter().any(|&(_, v)| v == other) {
            continue;
        }
        let terms = set.iter().map(|&x| coef[other] * i64::from(x));
        low += terms.clone().min().unwrap();
        high += terms.max().unwrap();
    }
    match sum.relation {
        Relation::Equal => low <= sum.constant && sum.constant <= high,
        Relation::AtMost => low <= sum.constant,
        Relation::AtLeast => high >= sum.constant,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn linear_sums_find_the_brute_force_solutions(r in random()) {
        let expected = r.brute_force();
        for mode in MODES {
            agrees_with_brute_force(
                |order| r.build(order),
                |m| search(m, mode),
                &expected,
                &format!("{mode:?}"),
            )?;
        }
        // In parallel (a tuple of checkers, which clones), the first sum alone.
        let one = Random { domains: r.domains.clone(), sums: r.sums[..1].to_vec() };
        let mut model = one.builder().build((one.sums[0].checker("c0".to_owned()),)).unwrap();
        let parallel = model.search().threads(2).count();
        prop_assert_eq!(parallel.value, one.brute_force().len() as u128);
    }

    /// After the root's narrowing, every candidate left is supported by
    /// the others' bounds, and every value removed is not (the largest
    /// bounds-consistent sets; for an equality of two variables, the
    /// largest domain-consistent ones); a wipe-out only when there is no
    /// solution.
    #[test]
    fn narrowing_is_bounds_consistent(r in random()) {
        root_narrowing_is_consistent(&r)?;
    }

    /// The same for equalities of two variables, which keep holes.
    #[test]
    fn narrowing_of_two_variables_is_domain_consistent(r in two_variables()) {
        root_narrowing_is_consistent(&r)?;
    }
}

/// Random equalities `a*x + b*y = c` with `a` and `b` not 0, over 2 or 3
/// variables with domains as in [`random`].
fn two_variables() -> impl Strategy<Value = Random> {
    (2usize..=3).prop_flat_map(|n| {
        let coefficient = prop_oneof![-3i64..=-1, 1i64..=3];
        let sum =
            (coefficient.clone(), coefficient, -6i64..=6).prop_map(move |(a, b, constant)| Sum {
                terms: vec![(a, 0), (b, n - 1)],
                relation: Relation::Equal,
                constant,
            });
        (proptest::collection::vec(small_domain(), n), sum).prop_map(|(domains, sum)| Random {
            domains,
            sums: vec![sum],
        })
    })
}

/// The test of [`narrowing_is_bounds_consistent`], on the first sum of `r`.
fn root_narrowing_is_consistent(r: &Random) -> Result<(), TestCaseError> {
    let sum = &r.sums[0];
    let spy = Spy::default();
    let mut model = r
        .builder()
        .build((sum.checker("sum".to_owned()), spy.clone()))
        .unwrap();
    let outcome = model.search().count();
    let one = Random {
        domains: r.domains.clone(),
        sums: vec![sum.clone()],
    };
    prop_assert_eq!(outcome.value, one.brute_force().len() as u128);
    if outcome.stats.nodes == 0 {
        // The root's narrowing failed: there must be no solution.
        prop_assert_eq!(outcome.value, 0);
        return Ok(());
    }
    let sets = spy.root.lock().unwrap().clone().unwrap();
    for (var, domain) in r.domains.iter().enumerate() {
        if !sum.terms.iter().any(|&(_, v)| v == var) {
            prop_assert_eq!(&sets[var], domain, "x{} is not in the sum", var);
            continue;
        }
        for &value in domain {
            let kept = sets[var].contains(&value);
            prop_assert_eq!(
                kept,
                supported(sum, &r.domains, &sets, var, value),
                "x{} = {} in {:?}",
                var,
                value,
                sets
            );
        }
    }
    Ok(())
}

/// x + y + z = 6 with x, y in {1, 2} leaves z in 2..=4; 5 and 6 go, and
/// so does 0 (x + y is at most 4).
#[test]
fn the_root_narrows_to_the_bounds() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", [1, 2]);
    let y = b.variable("y", [1, 2]);
    let z = b.variable("z", [0, 2, 3, 4, 5, 6]);
    let spy = Spy::default();
    let sum = LinearSum::equal("sum", [(1, x), (1, y), (1, z)], 6);
    let mut model = b.build((sum, spy.clone())).unwrap();
    assert_eq!(model.search().count().value, 4);
    let sets = spy.root.lock().unwrap().clone().unwrap();
    assert_eq!(sets, [vec![1, 2], vec![1, 2], vec![2, 3, 4]]);
}

/// An equality of two variables carries holes across: `x - y = 1` with
/// `y` even leaves `x` odd at the root (bounds would keep 2, 4, 6 and 8),
/// and `y` loses 8, which no `x` completes.
#[test]
fn an_equality_of_two_variables_keeps_holes() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..9);
    let y = b.variable("y", [0, 2, 4, 6, 8]);
    let spy = Spy::default();
    let diff = LinearSum::equal("diff", [(1, x), (-1, y)], 1);
    let mut model = b.build((diff, spy.clone())).unwrap();
    let outcome = model.search().tally_rejections(true).count();
    assert_eq!(outcome.value, 4);
    let sets = spy.root.lock().unwrap().clone().unwrap();
    assert_eq!(sets, [vec![1, 3, 5, 7], vec![0, 2, 4, 6]]);
    // Every candidate left has its partner: no step is refused.
    let rejections = outcome.stats.rejections.unwrap();
    assert!(rejections.iter().all(|(_, r)| *r == 0), "{rejections:?}");
}

/// A repeated value gives a value two partners; such an equality is
/// narrowed by bounds, and counts right: `x = y` with `x` over 1, 1, 2.
#[test]
fn an_equality_over_a_repeated_value_counts_right() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", [1, 1, 2]);
    let y = b.variable("y", [1, 2, 3]);
    let mut model = b
        .build((LinearSum::equal("same", [(1, x), (-1, y)], 0),))
        .unwrap();
    assert_eq!(model.search().count().value, 3);
    assert_eq!(model.search().cross_check(true).count().value, 3);
}

/// Every value type that converts into `i64` works, unsigned included.
#[test]
fn unsigned_and_wide_values_are_read_as_i64() {
    fn count<V: Copy + TryInto<i64> + Send + 'static>(values: Vec<V>) -> u128 {
        let mut b = ModelBuilder::new();
        let x = b.variable("x", values.iter().copied());
        let y = b.variable("y", values.iter().copied());
        // x - y = 1.
        let mut model = b
            .build((LinearSum::equal("diff", [(1, x), (-1, y)], 1),))
            .unwrap();
        model.search().count().value
    }
    assert_eq!(count::<u8>((0..5).collect()), 4);
    assert_eq!(count::<u32>((0..5).collect()), 4);
    assert_eq!(count::<usize>((0..5).collect()), 4);
    assert_eq!(count::<u64>((0..5).collect()), 4);
    assert_eq!(count::<i64>((-2..3).collect()), 4);
}

/// The largest sums that fit are searched exactly: `|c|` plus the largest
/// term of each variable is `i64::MAX`.
#[test]
fn sums_up_to_i64_max_are_exact() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", [0, i64::MAX - 1]);
    let mut model = b.build((LinearSum::at_least("big", [(1, x)], 1),)).unwrap();
    assert_eq!(model.search().first().value, Some(vec![i64::MAX - 1]));
    let mut b = ModelBuilder::new();
    let x = b.variable("x", [0, 1]);
    let y = b.variable("y", [0, 2 - i64::MAX]);
    let mut model = b
        .build((LinearSum::at_most("low", [(1, x), (1, y)], -1),))
        .unwrap();
    assert_eq!(model.search().count().value, 2);
    assert_eq!(model.search().cross_check(true).count().value, 2);
}

/// Builds a one-constraint model with two variables over `values`, and
/// returns its error message (the constraint must be refused).
fn refusal<V: Copy + TryInto<i64> + Send + 'static>(
    values: Vec<V>,
    terms: &[(i64, usize)],
    constant: i64,
) -> String {
    let mut b = ModelBuilder::new();
    b.variable("x", values.iter().copied());
    b.variable("y", values.iter().copied());
    let err = b
        .build((LinearSum::equal("total", terms.iter().copied(), constant),))
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "total"),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.contains("`total`"), "{text}");
    text
}

#[test]
fn sums_that_could_overflow_are_refused() {
    // A term alone.
    let text = refusal(vec![0i64, i64::MAX], &[(2, 0)], 0);
    assert!(text.contains("overflow"), "{text}");
    // Two terms that fit alone but not together.
    let text = refusal(vec![0i64, i64::MAX / 2 + 1], &[(1, 0), (1, 1)], 0);
    assert!(text.contains("overflow"), "{text}");
    // The constant with a term.
    let text = refusal(vec![0i64, 1], &[(1, 0)], i64::MAX);
    assert!(text.contains("overflow"), "{text}");
    let text = refusal(vec![0i64, 1], &[(1, 0)], i64::MIN);
    assert!(text.contains("overflow"), "{text}");
    // A negative extreme.
    let text = refusal(vec![i64::MIN, 0], &[(1, 0)], 0);
    assert!(text.contains("overflow"), "{text}");
}

/// `10^18 x - 10^18 y = 0` over the digits: the terms' magnitudes add up to
/// 1.8e19, beyond 64-bit integers, but every sum lies between -9e18 and
/// 9e18, so the constraint is taken, and its solutions are `x = y`.
#[test]
fn sums_whose_positive_and_negative_totals_fit_are_taken() {
    const E18: i64 = 1_000_000_000_000_000_000;
    let mut b = ModelBuilder::new();
    b.variable("x", 0i64..=9);
    b.variable("y", 0i64..=9);
    let mut model = b
        .build((LinearSum::equal("total", [(E18, 0), (-E18, 1)], 0),))
        .expect("every sum fits");
    let solutions: Vec<Vec<i64>> = model.search().solutions().collect();
    let expected: Vec<Vec<i64>> = (0..=9).map(|v| vec![v, v]).collect();
    assert_eq!(solutions, expected);
}

#[test]
fn repeated_coefficients_that_overflow_are_refused() {
    let text = refusal(vec![0i64, 1], &[(i64::MAX, 0), (1, 0)], 0);
    assert!(text.contains("coefficients of variable `x`"), "{text}");
}

#[test]
fn values_beyond_i64_are_refused() {
    let text = refusal(vec![0u64, u64::MAX], &[(1, 0)], 0);
    assert!(
        text.contains("variable `x`") && text.contains("64-bit"),
        "{text}"
    );
}

#[test]
fn a_sum_without_terms_is_refused() {
    let text = refusal(vec![0i64, 1], &[], 0);
    assert!(text.contains("at least one term"), "{text}");
}

/// Repeated variables add up: 2x - x + x = 2x.
#[test]
fn repeated_variables_add_their_coefficients() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..10);
    let mut model = b
        .build((LinearSum::equal("twice", [(2, x), (-1, x), (1, x)], 8),))
        .unwrap();
    assert_eq!(model.search().first().value, Some(vec![4]));
    assert_eq!(model.search().count().value, 1);
}
