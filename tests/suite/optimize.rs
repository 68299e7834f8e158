//! Branch and bound against brute force: random small models (linear
//! constraints and a linear cost with negative values and coefficients,
//! repeated variables) minimised and maximised in both variable orders,
//! with and without forward checking and look-ahead, in cross-check mode,
//! on threads, unit by unit and from a bound; the anytime stream, limits,
//! cancellation, and the model left as new.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use backtracker::constraints::{LinearSum, Objective, Relation};
use backtracker::{
    Checkers, DynChecker, Goal, ModelBuilder, Optimum, Outcome, Search, Sense, StopReason,
    VariableOrder,
};
use proptest::prelude::*;

use crate::support::{bag, builder_over, every_assignment, relation, small_domain};

/// A linear constraint: its terms, relation and constant.
type Sum = (Vec<(i64, usize)>, Relation, i64);

/// A random model: per variable its domain, its constraints, and the cost.
#[derive(Clone, Debug)]
struct Random {
    domains: Vec<Vec<i32>>,
    sums: Vec<Sum>,
    cost: Vec<(i64, usize)>,
}

type Boxed = backtracker::Model<i32, Vec<DynChecker<i32>>>;

/// The same model with concrete checkers, which threads can clone: the
/// constraints, padded with sums that always hold, and the objective.
type Concrete = backtracker::Model<i32, (LinearSum, LinearSum, Objective)>;

fn value(terms: &[(i64, usize)], values: &[i32]) -> i64 {
    terms.iter().map(|&(c, v)| c * i64::from(values[v])).sum()
}

impl Random {
    /// Constraint `k`, if there is one.
    fn sum(&self, k: usize) -> Option<LinearSum> {
        let (terms, relation, constant) = self.sums.get(k)?;
        Some(LinearSum::new(
            format!("c{k}"),
            terms.iter().copied(),
            *relation,
            *constant,
        ))
    }

    fn build(&self, order: VariableOrder) -> (Boxed, Goal) {
        let mut b: ModelBuilder<i32> = builder_over(&self.domains);
        b.order(order);
        let mut checkers: Vec<DynChecker<i32>> = (0..self.sums.len())
            .filter_map(|k| self.sum(k))
            .map(backtracker::Checker::boxed)
            .collect();
        let objective = Objective::new("cost", self.cost.iter().copied());
        let goal = objective.goal();
        checkers.push(Box::new(objective));
        (b.build(checkers).expect("a valid model"), goal)
    }

    /// The model with concrete checkers.
    fn build_concrete(&self, order: VariableOrder) -> (Concrete, Goal) {
        let mut b: ModelBuilder<i32> = builder_over(&self.domains);
        b.order(order);
        let sum = |k: usize| {
            self.sum(k)
                .unwrap_or_else(|| LinearSum::new(format!("c{k}"), [(0, 0)], Relation::Equal, 0))
        };
        let objective = Objective::new("cost", self.cost.iter().copied());
        let goal = objective.goal();
        (
            b.build((sum(0), sum(1), objective)).expect("a valid model"),
            goal,
        )
    }

    /// Every solution, in declared order (lexicographic by domain index).
    fn solutions(&self) -> Vec<Vec<i32>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|values| {
                self.sums.iter().all(|(terms, relation, constant)| {
                    relation.holds(value(terms, values), *constant)
                })
            })
            .collect()
    }

    /// The first solution in declared order with the best cost, if any.
    fn optimum(&self, sense: Sense) -> Option<(Vec<i32>, i64)> {
        let mut best: Option<(Vec<i32>, i64)> = None;
        for s in self.solutions() {
            let c = value(&self.cost, &s);
            if best.as_ref().is_none_or(|(_, b)| sense.better(c, *b)) {
                best = Some((s, c));
            }
        }
        best
    }
}

/// 2 to 5 variables with domains of 1 to 4 distinct values from -3..=3
/// (shuffled), 0 to 2 constraints of 1 to 5 terms, and a cost of 1 to 5
/// terms with coefficients from -3..=3 (repeats allowed).
fn random() -> impl Strategy<Value = Random> {
    (2usize..=5).prop_flat_map(|n| {
        let domain = small_domain();
        let terms = proptest::collection::vec((-3i64..=3, 0..n), 1..=5);
        let sum = (terms.clone(), relation(), -6i64..=6);
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(sum, 0..=2),
            terms,
        )
            .prop_map(|(domains, sums, cost)| Random {
                domains,
                sums,
                cost,
            })
    })
}

/// How a search propagates.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Plain,
    ForwardChecking,
    Lookahead,
    CrossCheck,
}

const MODES: [Mode; 4] = [
    Mode::Plain,
    Mode::ForwardChecking,
    Mode::Lookahead,
    Mode::CrossCheck,
];

fn optimise(
    model: &mut Boxed,
    goal: &Goal,
    mode: Mode,
    sense: Sense,
) -> backtracker::Outcome<backtracker::Optimum<i32>> {
    let s = model.search();
    let s = match mode {
        Mode::Plain => s,
        Mode::ForwardChecking => s.forward_checking(),
        Mode::Lookahead => s.lookahead(2),
        Mode::CrossCheck => s.cross_check(true),
    };
    match sense {
        Sense::Minimize => s.minimize(goal),
        Sense::Maximize => s.maximize(goal),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The optimum is the brute force's, proven; in declared order it is
    /// the first optimal solution in search order. Afterwards the model
    /// counts every solution again.
    #[test]
    fn branch_and_bound_finds_the_brute_force_optimum(r in random()) {
        let total = r.solutions().len() as u128;
        for sense in [Sense::Minimize, Sense::Maximize] {
            let expected = r.optimum(sense);
            for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
                let (mut model, goal) = r.build(order);
                for mode in MODES {
                    let how = format!("{sense:?} {order:?} {mode:?}");
                    let outcome = optimise(&mut model, &goal, mode, sense);
                    prop_assert_eq!(&outcome.stop, &StopReason::Completed, "{}", how);
                    prop_assert!(outcome.value.proven, "{}", how);
                    let found = outcome.value.best.map(|b| (b.values, b.cost));
                    match (&found, &expected) {
                        (Some((values, cost)), Some((first, best))) => {
                            prop_assert_eq!(cost, best, "{}", how);
                            prop_assert_eq!(value(&r.cost, values), *cost, "{}", how);
                            prop_assert!(r.solutions().contains(values), "{}", how);
                            if matches!(order, VariableOrder::Declared) {
                                prop_assert_eq!(values, first, "{}", how);
                            }
                        }
                        (None, None) => {}
                        _ => prop_assert!(false, "{}: found {:?}, expected {:?}", how, found, expected),
                    }
                    prop_assert_eq!(goal.limit(), None, "{}", how);
                    prop_assert_eq!(model.search().count().value, total, "{}", how);
                }
            }
        }
    }

    /// Each improvement is strictly better than the one before and is a
    /// solution of the cost it names; the last is the optimum.
    #[test]
    fn improvements_improve_strictly(r in random()) {
        let (mut model, goal) = r.build(VariableOrder::Declared);
        let costs: Vec<i64> = model
            .search()
            .improvements(&goal, Sense::Minimize)
            .map(|b| {
                assert_eq!(value(&r.cost, &b.values), b.cost);
                b.cost
            })
            .collect();
        prop_assert!(costs.windows(2).all(|w| w[1] < w[0]));
        prop_assert_eq!(costs.last().copied(), r.optimum(Sense::Minimize).map(|(_, c)| c));
    }
}

/// A search of `model` in `mode` (forward checking is plain here).
fn configured(
    model: &mut Concrete,
    mode: Mode,
) -> backtracker::Search<'_, i32, (LinearSum, LinearSum, Objective)> {
    let s = model.search();
    match mode {
        Mode::Lookahead => s.lookahead(2),
        Mode::CrossCheck => s.cross_check(true),
        Mode::Plain | Mode::ForwardChecking => s,
    }
}

/// The cost of `best` if it is a solution of `r` with that cost.
fn checked_cost(r: &Random, best: Option<&backtracker::Best<i32>>) -> Option<i64> {
    let best = best?;
    assert!(r.solutions().contains(&best.values), "{best:?}");
    assert_eq!(value(&r.cost, &best.values), best.cost);
    Some(best.cost)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// On two and three threads, unit by unit at depths 1 and 2, and from
    /// a bound, the optimal cost is the brute force's, proven, with and
    /// without look-ahead and in cross-check mode.
    #[test]
    fn threads_units_and_bounds_find_the_brute_force_optimum(r in random()) {
        let total = r.solutions().len() as u128;
        for sense in [Sense::Minimize, Sense::Maximize] {
            let expected = r.optimum(sense).map(|(_, c)| c);
            for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
                let (mut model, goal) = r.build_concrete(order);
                for mode in [Mode::Plain, Mode::Lookahead, Mode::CrossCheck] {
                    for threads in [2, 3] {
                        let how = format!("{sense:?} {order:?} {mode:?} {threads} threads");
                        let outcome = on_threads(configured(&mut model, mode), &goal, sense, threads);
                        prop_assert_eq!(&outcome.stop, &StopReason::Completed, "{}", how);
                        prop_assert!(outcome.value.proven, "{}", how);
                        prop_assert_eq!(checked_cost(&r, outcome.value.best.as_ref()), expected, "{}", how);
                        prop_assert_eq!(goal.limit(), None, "{}", how);
                    }
                    for depth in [1, 2] {
                        let how = format!("{sense:?} {order:?} {mode:?} units at depth {depth}");
                        let units = model.split(depth, false);
                        let mut best: Option<i64> = None;
                        for unit in &units {
                            let one = configured(&mut model, mode).units(std::slice::from_ref(unit));
                            let outcome = match sense {
                                Sense::Minimize => one.minimize(&goal),
                                Sense::Maximize => one.maximize(&goal),
                            };
                            prop_assert!(outcome.value.proven, "{}", how);
                            if let Some(c) = checked_cost(&r, outcome.value.best.as_ref())
                                && best.is_none_or(|b| sense.better(c, b))
                            {
                                best = Some(c);
                            }
                        }
                        prop_assert_eq!(best, expected, "{}", how);
                    }
                    if let Some(optimum) = expected {
                        // From the optimum nothing is better; from one
                        // worse, the optimum is found.
                        let how = format!("{sense:?} {order:?} {mode:?} from a bound");
                        let none = on_threads(configured(&mut model, mode).bound(optimum), &goal, sense, 2);
                        prop_assert!(none.value.proven && none.value.best.is_none(), "{}", how);
                        let worse = match sense {
                            Sense::Minimize => optimum + 1,
                            Sense::Maximize => optimum - 1,
                        };
                        let found = on_threads(configured(&mut model, mode).bound(worse), &goal, sense, 1);
                        prop_assert_eq!(checked_cost(&r, found.value.best.as_ref()), expected, "{}", how);
                    }
                }
                prop_assert_eq!(model.search().count().value, total);
            }
        }
    }
}

#[test]
fn a_node_limit_holds_across_threads() {
    let mut b = ModelBuilder::new();
    let xs: Vec<usize> = (0..12)
        .map(|i| b.variable(format!("x{i}"), 0..3i64))
        .collect();
    let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    let goal = cost.goal();
    let mut model = b.build((cost,)).unwrap();
    let outcome = model.search().node_limit(50).threads(2).maximize(&goal);
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert!(!outcome.value.proven);
    let flag = Arc::new(AtomicBool::new(true));
    let outcome = model.search().cancel_flag(flag).threads(2).minimize(&goal);
    assert_eq!(outcome.stop, StopReason::Cancelled);
    assert!(!outcome.value.proven);
    assert_eq!(goal.limit(), None);
    let whole = model.search().threads(2).maximize(&goal);
    assert!(whole.value.proven);
    assert_eq!(whole.value.best.unwrap().values, vec![2; 12]);
}

/// Twelve variables over 0..3; maximise their sum (24): 3^12 leaves, so a
/// small node limit stops long before the proof.
fn twelve() -> (backtracker::Model<i64, (Objective,)>, Goal) {
    let mut b = ModelBuilder::new();
    let xs: Vec<usize> = (0..12)
        .map(|i| b.variable(format!("x{i}"), 0..3i64))
        .collect();
    let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
    let goal = cost.goal();
    (b.build((cost,)).unwrap(), goal)
}

#[test]
fn a_node_limit_returns_the_best_so_far_unproven() {
    let (mut model, goal) = twelve();
    let outcome = model.search().node_limit(3).minimize(&goal);
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert!(!outcome.value.proven);
    assert!(outcome.value.best.is_none());
    let outcome = model.search().node_limit(20).maximize(&goal);
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert!(!outcome.value.proven);
    let best = outcome.value.best.expect("a solution within 20 nodes");
    assert_eq!(best.values.iter().sum::<i64>(), best.cost);
    // Without a limit: proven, all twos.
    let outcome = model.search().maximize(&goal);
    assert!(outcome.value.proven);
    assert_eq!(outcome.value.best.unwrap().values, vec![2; 12]);
}

#[test]
fn a_cancellation_returns_unproven() {
    let (mut model, goal) = twelve();
    let flag = Arc::new(AtomicBool::new(true));
    let outcome = model.search().cancel_flag(flag).maximize(&goal);
    assert_eq!(outcome.stop, StopReason::Cancelled);
    assert!(!outcome.value.proven);
}

#[test]
fn dropping_the_stream_half_way_leaves_the_model_as_new() {
    let (mut model, goal) = twelve();
    let first = model.search().improvements(&goal, Sense::Maximize).next();
    assert!(first.is_some());
    assert_eq!(goal.limit(), None);
    assert_eq!(model.search().count().value, 3u128.pow(12));
}

#[test]
fn the_bound_cuts_the_tree() {
    // The proof visits far fewer nodes than the 3^12 leaves.
    let (mut model, goal) = twelve();
    let outcome = model.search().minimize(&goal);
    assert_eq!(outcome.value.best.unwrap().cost, 0);
    assert!(outcome.stats.nodes <= 12 * 3, "{}", outcome.stats.nodes);
}

#[test]
fn a_step_cut_by_the_bound_shows_in_the_trace() {
    use backtracker::trace::Trace;
    let (mut model, goal) = bag();
    let mut trace = Trace::new();
    let outcome = model.search().observer(&mut trace).maximize(&goal);
    let best = outcome.value.best.unwrap();
    assert_eq!((best.values, best.cost), (vec![1, 0, 1], 11));
    let text = trace.text(&outcome.stats, &outcome.stop);
    assert!(text.contains("pruned by bound: cost "), "{text}");
    insta::assert_snapshot!(text);
}

/// No digit is 0; with `Some(goal)`, also reports through `Goal::cut`,
/// in its narrowing, that each digit still free costs at least 1: a
/// lower bound the objective (which counts a free digit as 0 at least)
/// does not know. Its `check` leaves the bound to the objective's.
struct LeastPositive(Option<Goal>);

impl LeastPositive {
    #[expect(clippy::unused_self, reason = "read as the checker's own bound")]
    fn bound(&self, a: &backtracker::Assignment<'_, i64>) -> i64 {
        (0..a.len()).map(|v| a.get(v).copied().unwrap_or(1)).sum()
    }
}

impl backtracker::Checker<i64> for LeastPositive {
    fn name(&self) -> &'static str {
        "positive"
    }
    fn check(&self, a: &backtracker::Assignment<'_, i64>) -> bool {
        a.iter().all(|(_, &x)| x > 0)
    }
    fn narrows(&self) -> bool {
        true
    }
    fn narrow(
        &self,
        _: usize,
        d: &mut backtracker::Domains<'_, i64>,
    ) -> Result<(), backtracker::Conflict> {
        if self
            .0
            .as_ref()
            .is_some_and(|g| g.cut(self.bound(&d.assignment())))
        {
            Err(backtracker::Conflict::new())
        } else {
            Ok(())
        }
    }
}

#[test]
fn a_checker_bound_cuts_subtrees() {
    // Seven digits 0..=3, largest first, none 0, minimise their sum: 7 (all
    // ones). The objective alone counts a free digit as 0 at least.
    let build = |with_bound: bool| {
        let mut b = ModelBuilder::new();
        let xs: Vec<usize> = (0..7)
            .map(|i| b.variable(format!("x{i}"), [3i64, 2, 1, 0]))
            .collect();
        let cost = Objective::new("cost", xs.iter().map(|&x| (1, x)));
        let goal = cost.goal();
        let positive = LeastPositive(with_bound.then(|| goal.clone()));
        let checkers: Vec<DynChecker<i64>> = vec![Box::new(cost), Box::new(positive)];
        (b.build(checkers).unwrap(), goal)
    };
    let (mut plain, goal) = build(false);
    let without = plain.search().minimize(&goal);
    let (mut bounded, goal) = build(true);
    let with = bounded.search().minimize(&goal);
    let crossed = bounded.search().cross_check(true).minimize(&goal);
    for outcome in [&without, &with, &crossed] {
        assert_eq!(outcome.stop, StopReason::Completed);
        assert_eq!(outcome.value.best.as_ref().unwrap().values, vec![1; 7]);
    }
    assert!(with.stats.nodes < without.stats.nodes);
    let mut trace = backtracker::trace::Trace::new();
    let outcome = bounded.search().observer(&mut trace).minimize(&goal);
    let text = trace.text(&outcome.stats, &outcome.stop);
    assert!(text.contains("pruned by bound: cost "), "{text}");
}

/// Branch and bound towards `sense` on `threads` threads.
fn on_threads<V: Copy + TryInto<i64> + Send + Sync, C: Checkers<V> + Clone + Send + Sync>(
    search: Search<'_, V, C>,
    goal: &Goal,
    sense: Sense,
    threads: usize,
) -> Outcome<Optimum<V>> {
    let search = search.threads(threads);
    match sense {
        Sense::Minimize => search.minimize(goal),
        Sense::Maximize => search.maximize(goal),
    }
}
