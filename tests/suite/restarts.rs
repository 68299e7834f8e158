//! The restart helper: its budgets against the definitions of the
//! sequences, its tie rules and seeds, its stops and its cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use backtracker::{
    Assignment, Attempt, Checker, Choice, ModelBuilder, ModelError, Outcome, RestartStop, Restarts,
    Rng, Schedule, StopReason, TieRule,
};
use backtracker_puzzles::nqueens;

/// Luby's sequence by its construction in Luby, Sinclair and Zuckerman,
/// "Optimal speedup of Las Vegas algorithms" (1993): `S(1) = 1` and
/// `S(k + 1) = S(k), S(k), 2^k`. Its first terms are OEIS A182105.
fn luby_by_doubling(terms: usize) -> Vec<u64> {
    let mut s = vec![1u64];
    let mut k = 1;
    while s.len() < terms {
        let copy = s.clone();
        s.extend(copy);
        s.push(1 << k);
        k += 1;
    }
    s.truncate(terms);
    s
}

/// A count that never reports a first solution, so every attempt runs to
/// its budget: the nodes it visited are the budget it was given.
fn count_as_attempt(attempt: &Attempt) -> Result<Outcome<Option<()>>, ModelError> {
    let outcome = attempt.apply(nqueens(12)?.search()).count();
    Ok(Outcome {
        value: None,
        stats: outcome.stats,
        stop: outcome.stop,
    })
}

/// The nodes and stops of each attempt of `restarts` on [`count_as_attempt`].
fn attempt_nodes(restarts: &Restarts) -> Vec<u64> {
    let mut nodes = Vec::new();
    let run = restarts
        .run(|attempt| {
            let outcome = count_as_attempt(attempt)?;
            assert_eq!(outcome.stop, StopReason::NodeLimit);
            nodes.push(outcome.stats.nodes);
            Ok::<_, ModelError>(outcome)
        })
        .expect("the model builds");
    assert_eq!(run.stop, RestartStop::OutOfAttempts);
    assert_eq!(run.attempts as usize, nodes.len());
    assert_eq!(run.stats.nodes, nodes.iter().sum::<u64>());
    nodes
}

#[test]
fn luby_budgets_follow_the_sequence() {
    // The first terms as printed by Luby et al. (and OEIS A182105).
    let printed = [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1];
    assert_eq!(luby_by_doubling(printed.len()), printed);
    let unit = Schedule::luby(1);
    assert_eq!(
        unit.budgets().take(4095).collect::<Vec<_>>(),
        luby_by_doubling(4095)
    );
    let seven = Schedule::luby(7);
    let expected: Vec<u64> = luby_by_doubling(300).iter().map(|t| 7 * t).collect();
    assert_eq!(seven.budgets().take(300).collect::<Vec<_>>(), expected);
    // Term 2^k - 1 is 2^(k-1): far out, without overflow.
    assert_eq!(unit.budget((1 << 40) - 2), 1 << 39);
    assert_eq!(Schedule::luby(u64::MAX).budget(2), u64::MAX);
}

#[test]
fn geometric_budgets_follow_the_sequence() {
    // ceil(100 * 1.5^k), worked by hand: 100, 150, 225, 337.5, 506.25,
    // 759.375, 1139.0625, 1708.59375.
    let budgets: Vec<u64> = Schedule::geometric(100, 1.5)
        .expect("a ratio above 1")
        .budgets()
        .take(8)
        .collect();
    assert_eq!(budgets, [100, 150, 225, 338, 507, 760, 1140, 1709]);
    // Doubling from 3: 3 * 2^k while it fits in 64 bits, then the most.
    let doubling = Schedule::geometric(3, 2.0).expect("a ratio above 1");
    for k in 0..63 {
        assert_eq!(doubling.budget(k), 3 << k, "attempt {k}");
    }
    assert_eq!(doubling.budget(63), u64::MAX);
    assert_eq!(doubling.budget(u64::MAX), u64::MAX);
    // Ratio 1 is constant.
    let flat = Schedule::geometric(40, 1.0).expect("ratio 1");
    assert!(flat.budgets().take(50).all(|b| b == 40));
    for bad in [0.999, -2.0, f64::NAN, f64::INFINITY] {
        assert!(Schedule::geometric(10, bad).is_err(), "{bad}");
    }
    // No budget is 0 nodes.
    assert_eq!(Schedule::constant(0).budget(5), 1);
    assert_eq!(Schedule::luby(0).budget(6), 4);
}

#[test]
fn each_attempt_runs_to_its_budget() {
    let luby = Restarts::new(Schedule::luby(5)).max_attempts(15);
    let expected: Vec<u64> = luby_by_doubling(15).iter().map(|t| 5 * t).collect();
    assert_eq!(attempt_nodes(&luby), expected);
    let geometric = Restarts::new(Schedule::geometric(10, 2.0).expect("ratio 2")).max_attempts(8);
    assert_eq!(
        attempt_nodes(&geometric),
        [10, 20, 40, 80, 160, 320, 640, 1280]
    );
}

#[test]
fn rules_rotate_or_are_drawn_from_the_seed() {
    let seen = |restarts: &Restarts| {
        let mut rules = Vec::new();
        restarts
            .run(|attempt| {
                rules.push((attempt.index(), attempt.rule(), attempt.seed()));
                count_as_attempt(attempt)
            })
            .expect("the model builds");
        rules
    };
    let base = Restarts::new(Schedule::constant(3)).max_attempts(10);
    let rotating = seen(&base.clone().tie_rules(4, TieRule::Rotate));
    let indices: Vec<u64> = rotating.iter().map(|r| r.0).collect();
    assert_eq!(indices, (0..10).collect::<Vec<_>>());
    let rules: Vec<usize> = rotating.iter().map(|r| r.1).collect();
    assert_eq!(rules, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);

    let random = base.clone().tie_rules(3, TieRule::Random).seed(99);
    let first = seen(&random);
    assert!(first.iter().all(|r| r.1 < 3));
    assert_eq!(seen(&random), first, "the same seed, the same attempts");
    let other = seen(&random.clone().seed(100));
    // SplitMix64's output is a bijection of its state, so two seeds never
    // give the same first number.
    assert_ne!(other[0].2, first[0].2);
    // Ten draws among three rules are not all alike with this seed.
    assert!(first.iter().any(|r| r.1 != first[0].1));
}

#[test]
fn the_generator_is_splitmix64() {
    // The reference outputs of SplitMix64 (Steele, Lea and Flood, 2014)
    // from seed 1234567, as printed with its C reference implementation.
    let mut rng = Rng::new(1_234_567);
    let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
    assert_eq!(
        first,
        [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ]
    );
    let mut rng = Rng::new(5);
    assert_eq!(rng.below(0), 0);
    assert!((0..1000).all(|_| rng.below(7) < 7));
    let mut items: Vec<u32> = (0..50).collect();
    rng.shuffle(&mut items);
    assert_ne!(items, (0..50).collect::<Vec<_>>());
    items.sort_unstable();
    assert_eq!(items, (0..50).collect::<Vec<_>>());
}

#[test]
fn a_run_ends_with_a_solution_or_a_proof() {
    // 8 queens: a first solution within the first attempt of 1000 nodes.
    let run = Restarts::new(Schedule::constant(1000))
        .run(|attempt| Ok::<_, ModelError>(attempt.apply(nqueens(8)?.search()).first()))
        .expect("the model builds");
    assert_eq!(
        (run.value, run.attempts, run.stop),
        (Some(vec![0, 4, 7, 5, 2, 6, 1, 3]), 1, RestartStop::Found)
    );
    // 3 queens: none (OEIS A000170), proved by the first attempt whose
    // budget covers the whole tree.
    let run = Restarts::new(Schedule::geometric(1, 2.0).expect("ratio 2"))
        .run(|attempt| Ok::<_, ModelError>(attempt.apply(nqueens(3)?.search()).first()))
        .expect("the model builds");
    assert!(run.restarts() >= 1);
    assert_eq!((run.value, run.stop), (None, RestartStop::Exhausted));
}

#[test]
fn the_last_attempt_may_run_without_a_budget() {
    let mut budgets = Vec::new();
    let run = Restarts::new(Schedule::constant(1))
        .tie_rules(2, TieRule::Rotate)
        .max_attempts(3)
        .then_unlimited(true)
        .run(|attempt| {
            budgets.push((attempt.budget(), attempt.rule()));
            Ok::<_, ModelError>(attempt.apply(nqueens(10)?.search()).first())
        })
        .expect("the model builds");
    assert_eq!(
        budgets,
        [(Some(1), 0), (Some(1), 1), (Some(1), 0), (None, 1)]
    );
    assert_eq!((run.attempts, run.restarts()), (4, 3));
    assert_eq!(run.stop, RestartStop::Found);
    assert_eq!(run.value.map(|q| q.len()), Some(10));
}

#[test]
fn cancellation_stops_the_run() {
    // Set before the run: no attempt at all.
    let flag = Arc::new(AtomicBool::new(true));
    let mut calls = 0;
    let run = Restarts::new(Schedule::luby(10))
        .cancel_flag(Arc::clone(&flag))
        .run(|attempt| {
            calls += 1;
            count_as_attempt(attempt)
        })
        .expect("the model builds");
    assert_eq!(
        (calls, run.attempts, run.stop),
        (0, 0, RestartStop::Cancelled)
    );

    // Set by the third attempt before it searches, which then searches
    // without its budget: the search itself sees the flag (through
    // `Attempt::apply`), or it would count all of 12 queens and complete.
    // Without the flag, the attempts would go on for ever.
    let flag = Arc::new(AtomicBool::new(false));
    let mut stops = Vec::new();
    let run = Restarts::new(Schedule::constant(100))
        .cancel_flag(Arc::clone(&flag))
        .run(|attempt| {
            let mut model = nqueens(12)?;
            let search = attempt.apply(model.search());
            let outcome = if attempt.index() == 2 {
                flag.store(true, Ordering::Relaxed);
                search.node_limit(u64::MAX).count()
            } else {
                search.count()
            };
            stops.push(outcome.stop.clone());
            Ok::<_, ModelError>(Outcome {
                value: None::<()>,
                stats: outcome.stats,
                stop: outcome.stop,
            })
        })
        .expect("the model builds");
    assert_eq!(run.attempts, 3);
    assert_eq!(run.stop, RestartStop::Cancelled);
    assert_eq!(
        stops,
        [
            StopReason::NodeLimit,
            StopReason::NodeLimit,
            StopReason::Cancelled
        ]
    );
}

/// A checker whose `promising` forgets its rule, so cross-check mode
/// finds a disagreement.
struct Sloppy;

impl Checker<u8> for Sloppy {
    fn name(&self) -> &'static str {
        "sloppy"
    }
    fn check(&self, a: &Assignment<'_, u8>) -> bool {
        a.get(0).is_none() || a.get(0) != a.get(1)
    }
    fn promising(&self, _: &Assignment<'_, u8>, _: Choice<'_, u8>) -> bool {
        true
    }
}

#[test]
fn another_stop_of_an_attempt_ends_the_run() {
    let run = Restarts::new(Schedule::luby(1))
        .run(|attempt| {
            let mut b = ModelBuilder::new();
            b.variable("x0", 0..2u8);
            b.variable("x1", 0..2u8);
            let mut model = b.build((Sloppy,))?;
            Ok::<_, ModelError>(attempt.apply(model.search().cross_check(true)).first())
        })
        .expect("the model builds");
    assert_eq!(run.attempts, 1);
    assert!(
        matches!(run.stop, RestartStop::Search(StopReason::Disagreement(_))),
        "{:?}",
        run.stop
    );
}

#[test]
fn an_error_of_an_attempt_is_returned() {
    let mut calls = 0;
    let error = Restarts::new(Schedule::luby(1))
        .run(|attempt| {
            calls += 1;
            if attempt.index() == 1 {
                return Err(ModelError::Unsupported {
                    reason: "no".to_owned(),
                });
            }
            count_as_attempt(attempt)
        })
        .expect_err("the second attempt fails");
    assert_eq!(calls, 2);
    assert_eq!(error.to_string(), "no");
}

/// The rules of the random models of [`restarts_agree_with_brute_force`],
/// each over two values.
const RULES: [fn(u8, u8) -> bool; 4] = [
    |a, b| a != b,
    |a, b| a < b,
    |a, b| a + b == 2,
    |a, b| a != b + 1,
];

/// A model of `n` variables over `0..k` and the rules `pairs` (the two
/// variables, taken modulo `n`, and the rule's index), built afresh.
fn random_model(
    n: usize,
    k: u8,
    pairs: &[(usize, usize, usize)],
) -> Result<backtracker::Model<u8, Vec<backtracker::DynChecker<u8>>>, ModelError> {
    let mut b = ModelBuilder::new();
    for i in 0..n {
        b.variable(format!("x{i}"), 0..k);
    }
    let checkers: Vec<backtracker::DynChecker<u8>> = pairs
        .iter()
        .filter(|&&(a, c, _)| a % n != c % n)
        .enumerate()
        .map(|(i, &(a, c, rule))| {
            let holds = RULES[rule % RULES.len()];
            Box::new(backtracker::constraints::Predicate::new(
                format!("rule {i}"),
                [a % n, c % n],
                move |v: &backtracker::constraints::Values<'_, u8>| holds(v[0], v[1]),
            )) as backtracker::DynChecker<u8>
        })
        .collect();
    b.build(checkers)
}

/// Whether `values` keeps every rule of `pairs`.
fn keeps(values: &[u8], pairs: &[(usize, usize, usize)]) -> bool {
    let n = values.len();
    pairs
        .iter()
        .filter(|&&(a, c, _)| a % n != c % n)
        .all(|&(a, c, rule)| RULES[rule % RULES.len()](values[a % n], values[c % n]))
}

/// Whether some assignment of `0..k` to `n` variables keeps `pairs`, by
/// trying every one.
fn brute_force_has_a_solution(n: usize, k: u8, pairs: &[(usize, usize, usize)]) -> bool {
    let total = u32::from(k).pow(u32::try_from(n).unwrap());
    (0..total).any(|mut code| {
        let values: Vec<u8> = (0..n)
            .map(|_| {
                let v = u8::try_from(code % u32::from(k)).unwrap();
                code /= u32::from(k);
                v
            })
            .collect();
        keeps(&values, pairs)
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// Restarts on random small models, with every schedule kind, tie
    /// rules in turn or at random and any seed: a solution is found
    /// exactly when brute force finds one, and keeps every rule; none is
    /// reported only when the tree was searched whole.
    #[test]
    fn restarts_agree_with_brute_force(
        n in 1usize..=5,
        k in 1u8..=3,
        pairs in proptest::collection::vec((0usize..5, 0usize..5, 0usize..4), 0..8),
        rules in 1usize..=3,
        random in proptest::prelude::any::<bool>(),
        seed in proptest::prelude::any::<u64>(),
        luby in proptest::prelude::any::<bool>(),
    ) {
        let schedule = if luby {
            Schedule::luby(1)
        } else {
            Schedule::geometric(1, 2.0).expect("ratio 2")
        };
        let tie = if random { TieRule::Random } else { TieRule::Rotate };
        let run = Restarts::new(schedule)
            .tie_rules(rules, tie)
            .seed(seed)
            .max_attempts(2_000)
            .run(|attempt| Ok::<_, ModelError>(attempt.apply(random_model(n, k, &pairs)?.search()).first()))
            .expect("the model builds");
        let exists = brute_force_has_a_solution(n, k, &pairs);
        match run.stop {
            RestartStop::Found => {
                let values = run.value.expect("the solution found");
                proptest::prop_assert!(exists);
                proptest::prop_assert_eq!(values.len(), n);
                proptest::prop_assert!(keeps(&values, &pairs), "{:?}", values);
            }
            RestartStop::Exhausted => {
                proptest::prop_assert!(!exists);
                proptest::prop_assert_eq!(run.value, None);
            }
            other => proptest::prop_assert!(false, "{:?}", other),
        }
    }
}
