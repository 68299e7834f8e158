//! A brute-force oracle: for random small models (up to 6 variables,
//! domains of up to 4 values, a mix of library checkers, closures and
//! custom incremental checkers), the engine's solutions are exactly the
//! filtered Cartesian product of the domains, in the same order
//! (lexicographic by domain index, variables in declared order).

use std::ops::ControlFlow;

use backtracker::constraints::{AtMostOnePerLine, Predicate, Values};
use backtracker::units::Unit;
use backtracker::{
    Assignment, Candidates, Checker, Checkers, Choice, DynChecker, Model, ModelBuilder, StopReason,
    VariableOrder,
};
use itertools::Itertools;
use proptest::prelude::*;
use proptest::sample::subsequence;

/// Values are drawn from `0..VALUES` (non-negative, so partial sums only grow).
const VALUES: i32 = 8;

/// How the lines of a variable's values are laid out, by domain index.
#[derive(Clone, Debug)]
enum Layout {
    /// Index `i` on line `start + i`.
    Up(usize),
    /// Index `i` on line `start - i`.
    Down(usize),
    /// Any lines (collisions within a domain allowed).
    Any(Vec<usize>),
}

/// A rule on the values of a scope, all assigned.
#[derive(Clone, Copy, Debug)]
enum Rule {
    FirstDiffersFromLast,
    FirstBelowLast,
    SumIsNot(i32),
    SumModIsNot(i32, i32),
}

impl Rule {
    fn holds(self, v: &[i32]) -> bool {
        let first = v[0];
        let last = v[v.len() - 1];
        let sum: i32 = v.iter().sum();
        match self {
            Rule::FirstDiffersFromLast => first != last,
            Rule::FirstBelowLast => first < last,
            Rule::SumIsNot(k) => sum != k,
            Rule::SumModIsNot(m, r) => sum % m != r,
        }
    }
}

/// One checker of a random model.
#[derive(Clone, Debug)]
enum Spec {
    /// `AtMostOnePerLine` with per-variable layouts and an optional scope.
    Lines {
        layouts: Vec<Layout>,
        scope: Option<Vec<usize>>,
    },
    /// `Predicate::new` with a rule on the scope's values (reflected by
    /// `flip[var] - value` when `flip` is given).
    Rule {
        scope: Vec<usize>,
        rule: Rule,
        flip: Option<Vec<i32>>,
    },
    /// `Predicate::partial`: the assigned values of the scope sum to at most `bound`.
    PartialSum {
        scope: Vec<usize>,
        bound: i32,
        flip: Option<Vec<i32>>,
    },
    /// `Predicate::partial`: the assigned values of the scope are all different.
    PartialDistinct {
        scope: Vec<usize>,
        flip: Option<Vec<i32>>,
    },
    /// Custom, incremental, with a bulk filter: at most `k` variables take
    /// a value of their set (`sets[var]`, a bit mask of values).
    AtMostK { sets: Vec<u16>, k: usize },
    /// Custom, from scratch only: neighbouring variables differ.
    Neighbours { flip: Option<Vec<i32>> },
}

/// A random model: domains (values per variable), which domain indices are
/// initial candidates, and checkers.
#[derive(Clone, Debug)]
pub(crate) struct Desc {
    pub(crate) domains: Vec<Vec<i32>>,
    pub(crate) keep: Vec<Vec<bool>>,
    specs: Vec<Spec>,
}

impl Desc {
    pub(crate) fn n(&self) -> usize {
        self.domains.len()
    }

    pub(crate) fn n_checkers(&self) -> usize {
        self.specs.len()
    }

    /// The line of each value of each variable, as a table by value.
    fn lines_table(&self, layouts: &[Layout]) -> Vec<Vec<usize>> {
        self.domains
            .iter()
            .zip(layouts)
            .map(|(domain, layout)| {
                let mut by_value = vec![0; VALUES as usize];
                for (i, &v) in domain.iter().enumerate() {
                    by_value[v as usize] = match layout {
                        Layout::Up(start) => start + i,
                        Layout::Down(start) => start - i,
                        Layout::Any(lines) => lines[i],
                    };
                }
                by_value
            })
            .collect()
    }

    /// Whether the complete assignment `values` satisfies `spec`: the
    /// oracle's own reading of each checker's meaning.
    fn satisfies(&self, spec: &Spec, values: &[i32]) -> bool {
        let flipped = |flip: &Option<Vec<i32>>, var: usize| match flip {
            Some(f) => f[var] - values[var],
            None => values[var],
        };
        match spec {
            Spec::Lines { layouts, scope } => {
                let table = self.lines_table(layouts);
                (0..self.n())
                    .filter(|v| scope.as_ref().is_none_or(|s| s.contains(v)))
                    .map(|v| table[v][values[v] as usize])
                    .all_unique()
            }
            Spec::Rule { scope, rule, flip } => {
                let v: Vec<i32> = scope.iter().map(|&var| flipped(flip, var)).collect();
                rule.holds(&v)
            }
            Spec::PartialSum { scope, bound, flip } => {
                scope.iter().map(|&var| flipped(flip, var)).sum::<i32>() <= *bound
            }
            Spec::PartialDistinct { scope, flip } => {
                scope.iter().map(|&var| flipped(flip, var)).all_unique()
            }
            Spec::AtMostK { sets, k } => {
                (0..self.n())
                    .filter(|&var| sets[var] >> values[var] & 1 == 1)
                    .count()
                    <= *k
            }
            Spec::Neighbours { flip } => {
                (1..self.n()).all(|v| flipped(flip, v - 1) != flipped(flip, v))
            }
        }
    }

    /// The solutions by brute force: the Cartesian product of the domain
    /// indices, in lexicographic order, filtered.
    pub(crate) fn oracle(&self) -> Vec<Vec<usize>> {
        self.domains
            .iter()
            .map(|d| 0..d.len())
            .multi_cartesian_product()
            .filter(|indices| {
                indices
                    .iter()
                    .enumerate()
                    .all(|(var, &i)| self.keep[var][i])
            })
            .filter(|indices| {
                let values = self.values(indices);
                self.specs.iter().all(|s| self.satisfies(s, &values))
            })
            .collect()
    }

    pub(crate) fn values(&self, indices: &[usize]) -> Vec<i32> {
        indices
            .iter()
            .enumerate()
            .map(|(var, &i)| self.domains[var][i])
            .collect()
    }

    pub(crate) fn builder(&self, order: VariableOrder) -> ModelBuilder<i32> {
        let mut b = ModelBuilder::new();
        for (var, domain) in self.domains.iter().enumerate() {
            b.variable(format!("x{var}"), domain.iter().copied());
        }
        for (var, keep) in self.keep.iter().enumerate() {
            let domain = self.domains[var].clone();
            let keep = keep.clone();
            b.restrict(var, move |v| {
                keep[domain.iter().position(|x| x == v).unwrap()]
            });
        }
        b.order(order);
        b
    }

    fn checker(&self, k: usize, spec: &Spec) -> DynChecker<i32> {
        self.shared_checker(k, spec).into_dyn()
    }

    /// The checker of `spec`, clonable and shareable between threads.
    fn shared_checker(&self, k: usize, spec: &Spec) -> Shared {
        let name = format!("c{k}");
        match spec.clone() {
            Spec::Lines { layouts, scope } => {
                let table = self.lines_table(&layouts);
                let checker =
                    AtMostOnePerLine::new(name, move |var, v: &i32| table[var][*v as usize]);
                match scope {
                    Some(scope) => Box::new(checker.on(scope)),
                    None => Box::new(checker),
                }
            }
            Spec::Rule { scope, rule, flip } => Box::new(Predicate::new(
                name,
                scope.clone(),
                move |v: &Values<'_, i32>| {
                    let values: Vec<i32> = (0..v.len())
                        .map(|i| match &flip {
                            Some(f) => f[scope[i]] - v[i],
                            None => v[i],
                        })
                        .collect();
                    rule.holds(&values)
                },
            )),
            Spec::PartialSum { scope, bound, flip } => Box::new(Predicate::partial(
                name,
                scope.clone(),
                move |v: &Values<'_, i32>| {
                    let sum: i32 = (0..v.len())
                        .filter_map(|i| {
                            v.get(i).map(|x| match &flip {
                                Some(f) => f[scope[i]] - x,
                                None => *x,
                            })
                        })
                        .sum();
                    sum <= bound
                },
            )),
            Spec::PartialDistinct { scope, flip } => Box::new(Predicate::partial(
                name,
                scope.clone(),
                move |v: &Values<'_, i32>| {
                    (0..v.len())
                        .filter_map(|i| {
                            v.get(i)
                                .map(|x| flip.as_ref().map_or(*x, |f| f[scope[i]] - x))
                        })
                        .all_unique()
                },
            )),
            Spec::AtMostK { sets, k } => Box::new(AtMostK {
                name,
                sets,
                k,
                count: 0,
            }),
            Spec::Neighbours { flip } => Box::new(Neighbours { name, flip }),
        }
    }

    /// The checkers, clonable and shareable between threads (for a tuple
    /// of them, which parallel counts take).
    pub(crate) fn shared_checkers(&self) -> Vec<Shared> {
        self.specs
            .iter()
            .enumerate()
            .map(|(k, s)| self.shared_checker(k, s))
            .collect()
    }

    pub(crate) fn checkers(&self) -> Vec<DynChecker<i32>> {
        self.specs
            .iter()
            .enumerate()
            .map(|(k, s)| self.checker(k, s))
            .collect()
    }

    fn dyn_model(&self, order: VariableOrder) -> Model<i32, Vec<DynChecker<i32>>> {
        self.builder(order).build(self.checkers()).unwrap()
    }
}

/// A checker that can be cloned and shared between threads, boxed.
pub(crate) type Shared = Box<dyn SharedChecker>;

/// A checker that can be cloned behind a box and shared between threads.
pub(crate) trait SharedChecker: Checker<i32> + Send + Sync {
    fn clone_box(&self) -> Shared;
    fn into_dyn(self: Box<Self>) -> DynChecker<i32>;
}

impl<T: Checker<i32> + Clone + Send + Sync + 'static> SharedChecker for T {
    fn clone_box(&self) -> Shared {
        Box::new(self.clone())
    }
    fn into_dyn(self: Box<Self>) -> DynChecker<i32> {
        self
    }
}

impl Clone for Shared {
    fn clone(&self) -> Self {
        (**self).clone_box()
    }
}

/// At most `k` variables take a value of their set: incremental count,
/// O(1) `promising`, and a bulk `filter` that removes the whole set once
/// the count is reached.
#[derive(Clone)]
struct AtMostK {
    name: String,
    sets: Vec<u16>,
    k: usize,
    count: usize,
}

impl AtMostK {
    fn hit(&self, var: usize, value: i32) -> bool {
        self.sets[var] >> value & 1 == 1
    }
}

impl Checker<i32> for AtMostK {
    fn name(&self) -> &str {
        &self.name
    }
    fn check(&self, a: &Assignment<'_, i32>) -> bool {
        a.iter().filter(|&(var, v)| self.hit(var, *v)).count() <= self.k
    }
    fn promising(&self, _: &Assignment<'_, i32>, c: Choice<'_, i32>) -> bool {
        !self.hit(c.var, *c.value) || self.count < self.k
    }
    fn filter(&self, a: &Assignment<'_, i32>, var: usize, candidates: &mut Candidates<'_>) {
        if self.count >= self.k {
            let domain = a.domain(var);
            candidates.retain(|i| !self.hit(var, domain[i]));
        }
    }
    fn on_assign(&mut self, c: Choice<'_, i32>) {
        if self.hit(c.var, *c.value) {
            self.count += 1;
        }
    }
    fn on_unassign(&mut self, c: Choice<'_, i32>) {
        if self.hit(c.var, *c.value) {
            self.count -= 1;
        }
    }
}

/// Neighbouring variables differ, judged from scratch only (every other
/// method is the trait's default).
#[derive(Clone)]
struct Neighbours {
    name: String,
    /// Compare `flip[var] - value` instead of the values, when given.
    flip: Option<Vec<i32>>,
}

impl Checker<i32> for Neighbours {
    fn name(&self) -> &str {
        &self.name
    }
    fn check(&self, a: &Assignment<'_, i32>) -> bool {
        let read = |var: usize| {
            a.get(var)
                .map(|x| self.flip.as_ref().map_or(*x, |f| f[var] - x))
        };
        (1..a.len()).all(|i| match (read(i - 1), read(i)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        })
    }
}

/// Builds the model as a tuple of the same boxed checkers (the tuple path
/// asks every checker, the list only those whose scope holds the variable).
fn with_tuple<R>(desc: &Desc, order: VariableOrder, run: impl TupleRun<R>) -> R {
    let b = desc.builder(order);
    let mut c = desc.checkers().into_iter();
    let mut next = || c.next().unwrap();
    match desc.specs.len() {
        1 => run.run(b.build((next(),)).unwrap()),
        2 => run.run(b.build((next(), next())).unwrap()),
        3 => run.run(b.build((next(), next(), next())).unwrap()),
        4 => run.run(b.build((next(), next(), next(), next())).unwrap()),
        5 => run.run(b.build((next(), next(), next(), next(), next())).unwrap()),
        _ => run.run(b.build(desc.checkers()).unwrap()),
    }
}

/// Something to do with a model of any checker type.
trait TupleRun<R> {
    fn run<C: Checkers<i32>>(self, model: Model<i32, C>) -> R;
}

/// What a declared-order model answers, for comparison.
#[derive(Debug, PartialEq, Eq)]
struct Answers {
    solutions: Vec<Vec<i32>>,
    each: Vec<Vec<i32>>,
    count: u128,
    first: Option<Vec<i32>>,
    cross_checked: u128,
    trace: String,
}

struct Collect;

impl TupleRun<Answers> for Collect {
    fn run<C: Checkers<i32>>(self, mut model: Model<i32, C>) -> Answers {
        answers(&mut model)
    }
}

fn answers<C: Checkers<i32>>(model: &mut Model<i32, C>) -> Answers {
    let solutions: Vec<Vec<i32>> = model.search().solutions().collect();
    let mut each = Vec::new();
    let done = model.search().for_each(|a| {
        each.push(a.values().unwrap());
        ControlFlow::Continue(())
    });
    assert_eq!(done.stop, StopReason::Completed);
    let count = model.search().count();
    assert_eq!(count.stop, StopReason::Completed);
    let cross = model.search().cross_check(true).count();
    assert_eq!(cross.stop, StopReason::Completed, "the checkers are right");
    Answers {
        solutions,
        each,
        count: count.value,
        first: model.search().first().value,
        cross_checked: cross.value,
        trace: model.search().trace(),
    }
}

fn scope(n: usize, lo: usize, hi: usize) -> impl Strategy<Value = Vec<usize>> {
    subsequence((0..n).collect::<Vec<_>>(), lo.min(n)..=hi.min(n)).prop_shuffle()
}

fn layout(size: usize) -> impl Strategy<Value = Layout> {
    prop_oneof![
        (0usize..100).prop_map(Layout::Up),
        (3usize..100).prop_map(Layout::Down),
        proptest::collection::vec(0usize..12, size).prop_map(Layout::Any),
        proptest::collection::vec(0usize..200, size).prop_map(Layout::Any),
    ]
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::FirstDiffersFromLast),
        Just(Rule::FirstBelowLast),
        (0i32..20).prop_map(Rule::SumIsNot),
        (2i32..5, 0i32..4).prop_map(|(m, r)| Rule::SumModIsNot(m, r)),
    ]
}

fn spec(sizes: Vec<usize>) -> impl Strategy<Value = Spec> {
    let n = sizes.len();
    let layouts: Vec<_> = sizes.iter().map(|&d| layout(d)).collect();
    prop_oneof![
        (layouts, proptest::option::of(scope(n, 0, 6)))
            .prop_map(|(layouts, scope)| Spec::Lines { layouts, scope }),
        (scope(n, 1, 3), rule()).prop_map(|(scope, rule)| Spec::Rule {
            scope,
            rule,
            flip: None
        }),
        (scope(n, 1, 4), 0i32..20).prop_map(|(scope, bound)| Spec::PartialSum {
            scope,
            bound,
            flip: None
        }),
        scope(n, 2, 4).prop_map(|scope| Spec::PartialDistinct { scope, flip: None }),
        (proptest::collection::vec(0u16..256, n), 0usize..4)
            .prop_map(|(sets, k)| Spec::AtMostK { sets, k }),
        Just(Spec::Neighbours { flip: None }),
    ]
}

pub(crate) fn desc() -> impl Strategy<Value = Desc> {
    proptest::collection::vec(
        subsequence((0..VALUES).collect::<Vec<_>>(), 1..=4).prop_shuffle(),
        1..=6,
    )
    .prop_flat_map(|domains| {
        let sizes: Vec<usize> = domains.iter().map(Vec::len).collect();
        let keep: Vec<_> = sizes
            .iter()
            .map(|&d| proptest::collection::vec(proptest::bool::weighted(0.85), d))
            .collect();
        (
            Just(domains),
            keep,
            proptest::collection::vec(spec(sizes), 0..=5),
        )
    })
    .prop_map(|(domains, keep, specs)| Desc {
        domains,
        keep,
        specs,
    })
}

pub(crate) fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 192,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn solutions_are_the_filtered_cartesian_product_in_order(desc in desc()) {
        let expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
        let mut boxed = desc.dyn_model(VariableOrder::Declared);
        let listed = answers(&mut boxed);
        prop_assert_eq!(&listed.solutions, &expected);
        prop_assert_eq!(&listed.each, &expected);
        prop_assert_eq!(listed.count, expected.len() as u128);
        prop_assert_eq!(listed.cross_checked, expected.len() as u128);
        prop_assert_eq!(&listed.first, &expected.first().cloned());
        // The tuple of the same checkers answers the same, trace included.
        let tupled = with_tuple(&desc, VariableOrder::Declared, Collect);
        prop_assert_eq!(&tupled, &listed);
    }

    #[test]
    fn smallest_domain_first_finds_the_same_set(desc in desc()) {
        let mut expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
        expected.sort();
        let mut model = desc.dyn_model(VariableOrder::SmallestDomainFirst);
        let mut found: Vec<Vec<i32>> = model.search().solutions().collect();
        found.sort();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(model.search().count().value, expected.len() as u128);
        let cross = model.search().cross_check(true).count();
        prop_assert_eq!(cross.stop, StopReason::Completed);
        prop_assert_eq!(cross.value, expected.len() as u128);
        struct Sorted;
        impl TupleRun<Vec<Vec<i32>>> for Sorted {
            fn run<C: Checkers<i32>>(self, mut model: Model<i32, C>) -> Vec<Vec<i32>> {
                model.search().solutions().sorted().collect()
            }
        }
        prop_assert_eq!(with_tuple(&desc, VariableOrder::SmallestDomainFirst, Sorted), expected);
    }

    #[test]
    fn branch_classes_find_the_same_set(desc in desc(), picks in (0usize..64, 0usize..64)) {
        let mut expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
        expected.sort();
        let n = desc.n();
        let (first, last) = (picks.0 % n, picks.1 % n);
        let mut b = desc.builder(VariableOrder::SmallestDomainFirst);
        b.branch_last(last).branch_first(first);
        let mut model = b.build(desc.checkers()).unwrap();
        let found: Vec<Vec<i32>> = model.search().solutions().sorted().collect();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(model.search().forward_checking().count().value, expected.len() as u128);
        let cross = model.search().cross_check(true).count();
        prop_assert_eq!((cross.value, cross.stop), (expected.len() as u128, StopReason::Completed));
        // The first node is the variable branched on first, unless some
        // variable has no promising candidate at the root (that one comes
        // first of all, and there is no solution).
        let trace = model.search().trace();
        prop_assert!(
            trace.starts_with(&format!("x{first} = ")) || expected.is_empty(),
            "first x{} in {}", first, trace
        );
    }

    #[test]
    fn first_violation_agrees_with_the_oracle(desc in desc()) {
        let model = desc.dyn_model(VariableOrder::Declared);
        let solutions = desc.oracle();
        for indices in desc.domains.iter().map(|d| 0..d.len()).multi_cartesian_product() {
            let assignment: Vec<Option<usize>> = indices.iter().map(|&i| Some(i)).collect();
            let values = desc.values(&indices);
            let broken = desc.specs.iter().position(|s| !desc.satisfies(s, &values));
            prop_assert_eq!(
                model.first_violation(&assignment).map(str::to_owned),
                broken.map(|k| format!("c{k}"))
            );
            let kept = indices.iter().enumerate().all(|(var, &i)| desc.keep[var][i]);
            prop_assert_eq!(kept && broken.is_none(), solutions.contains(&indices));
        }
    }

    #[test]
    fn declared_mirror_symmetry_counts_exactly(desc in mirror_desc()) {
        let solutions = desc.oracle();
        let expected = solutions.len() as u128;
        let mut model = desc.builder_mirrored().build(desc.checkers()).unwrap();
        prop_assert!(model.has_mirror_symmetry());
        prop_assert_eq!(model.search().count().value, expected);
        prop_assert_eq!(model.search().symmetry(false).count().value, expected);
        let enumerated: Vec<Vec<i32>> = model.search().solutions().collect();
        let in_order: Vec<Vec<i32>> = solutions.iter().map(|ix| desc.values(ix)).collect();
        prop_assert_eq!(enumerated, in_order, "enumeration is not reduced");
        for depth in 0..=desc.n() + 1 {
            for symmetry in [false, true] {
                let units = model.split(depth, symmetry);
                let mut total = 0;
                for unit in &units {
                    let counted = model.search().units(std::slice::from_ref(unit)).count().value;
                    let below = solutions.iter().filter(|s| extends(s, unit)).count() as u128;
                    // A unit of weight 2 stands for its solutions and their mirror images.
                    prop_assert_eq!(counted, below * u128::from(unit.weight), "unit {:?}", unit);
                    total += counted;
                }
                prop_assert_eq!(total, expected, "depth {} symmetry {}", depth, symmetry);
            }
        }
    }
}

pub(crate) fn extends(solution: &[usize], unit: &Unit) -> bool {
    unit.prefix
        .iter()
        .zip(solution)
        .all(|(&p, &s)| p as usize == s)
}

impl Desc {
    pub(crate) fn builder_mirrored(&self) -> ModelBuilder<i32> {
        let mut b = self.builder(VariableOrder::Declared);
        b.mirror_symmetry();
        b
    }
}

/// A random model invariant under reflecting every variable's values:
/// domains `0..d` (value = index), symmetric initial candidates, and each
/// checker together with its reflection.
pub(crate) fn mirror_desc() -> impl Strategy<Value = Desc> {
    proptest::collection::vec(1usize..=4, 1..=6)
        .prop_flat_map(|sizes| {
            let keep: Vec<_> = sizes
                .iter()
                .map(|&d| proptest::collection::vec(proptest::bool::weighted(0.9), d))
                .collect();
            (
                Just(sizes.clone()),
                keep,
                proptest::collection::vec(spec(sizes), 0..=2),
            )
        })
        .prop_map(|(sizes, keep, specs)| {
            let domains: Vec<Vec<i32>> = sizes.iter().map(|&d| (0..d as i32).collect()).collect();
            let keep = keep
                .iter()
                .map(|k| (0..k.len()).map(|i| k[i] && k[k.len() - 1 - i]).collect())
                .collect();
            let top: Vec<i32> = sizes.iter().map(|&d| d as i32 - 1).collect();
            let mut all = Vec::new();
            for spec in specs {
                let reflected = reflect(&spec, &sizes, &top);
                all.push(spec);
                all.push(reflected);
            }
            Desc {
                domains,
                keep,
                specs: all,
            }
        })
}

/// The same checker on reflected values (value `v` of a domain of size `d`
/// read as `d - 1 - v`).
fn reflect(spec: &Spec, sizes: &[usize], top: &[i32]) -> Spec {
    match spec.clone() {
        Spec::Lines { layouts, scope } => Spec::Lines {
            layouts: layouts
                .iter()
                .zip(sizes)
                .map(|(layout, &d)| {
                    let line = |i: usize| match layout {
                        Layout::Up(start) => start + i,
                        Layout::Down(start) => start - i,
                        Layout::Any(lines) => lines[i],
                    };
                    Layout::Any((0..d).map(|i| line(d - 1 - i)).collect())
                })
                .collect(),
            scope,
        },
        Spec::Rule { scope, rule, .. } => Spec::Rule {
            scope,
            rule,
            flip: Some(top.to_vec()),
        },
        Spec::PartialSum { scope, bound, .. } => Spec::PartialSum {
            scope,
            bound,
            flip: Some(top.to_vec()),
        },
        Spec::AtMostK { sets, k } => Spec::AtMostK {
            sets: sets
                .iter()
                .zip(sizes)
                .map(|(&set, &d)| {
                    (0..d)
                        .filter(|&v| set >> (d - 1 - v) & 1 == 1)
                        .fold(0, |m, v| m | 1 << v)
                })
                .collect(),
            k,
        },
        Spec::PartialDistinct { scope, .. } => Spec::PartialDistinct {
            scope,
            flip: Some(top.to_vec()),
        },
        Spec::Neighbours { .. } => Spec::Neighbours {
            flip: Some(top.to_vec()),
        },
    }
}

#[test]
fn a_model_without_variables_has_one_empty_solution() {
    let mut model = ModelBuilder::<i32>::new()
        .build(Vec::<backtracker::DynChecker<i32>>::new())
        .unwrap();
    assert_eq!(model.search().count().value, 1);
    assert_eq!(model.search().first().value, Some(vec![]));
    assert_eq!(
        model.search().solutions().collect::<Vec<_>>(),
        vec![Vec::<i32>::new()]
    );
    let mut nothing = 0;
    let _ = model.search().for_each(|a| {
        assert!(a.is_complete());
        nothing += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(nothing, 1);
}

#[test]
fn a_model_without_checkers_is_the_whole_product() {
    let desc = Desc {
        domains: vec![vec![3, 1], vec![0, 2, 1], vec![5]],
        keep: vec![vec![true, true], vec![true, false, true], vec![true]],
        specs: Vec::new(),
    };
    let expected: Vec<Vec<i32>> = desc.oracle().iter().map(|ix| desc.values(ix)).collect();
    assert_eq!(
        expected,
        vec![vec![3, 0, 5], vec![3, 1, 5], vec![1, 0, 5], vec![1, 1, 5]]
    );
    let mut model = desc.dyn_model(VariableOrder::Declared);
    assert_eq!(model.search().solutions().collect::<Vec<_>>(), expected);
}

/// What an observer saw: `Assign` events, and the solution numbers in the
/// order they came.
#[derive(Default)]
struct Seen {
    assigns: u64,
    numbers: Vec<u128>,
}

impl backtracker::Observer<i32> for Seen {
    fn observe(&mut self, event: &backtracker::Event<'_, i32>) -> backtracker::Control {
        match event {
            backtracker::Event::Assign { .. } => self.assigns += 1,
            backtracker::Event::Solution { number, .. } => self.numbers.push(*number),
            _ => {}
        }
        backtracker::Control::Continue
    }
}

/// Checks that `seen` saw every node of `stats` once and numbered the
/// solutions 1, 2, 3, ...
fn saw_every_node(seen: &Seen, stats: &backtracker::Stats) -> Result<(), TestCaseError> {
    prop_assert_eq!(seen.assigns, stats.nodes);
    let expected: Vec<u128> = (1..=stats.solutions).collect();
    prop_assert_eq!(&seen.numbers, &expected);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// The loop's lean instantiation (no observer: fixed-array frames, the
    /// last variable counted with a popcount) and its general one (an
    /// observer or a tally) visit the same tree: the same nodes, solutions
    /// and deepest depth, with and without look-ahead, and enumerate the
    /// same solutions.
    #[test]
    fn the_lean_and_general_paths_search_the_same_tree(desc in desc()) {
        for lookahead in [0, 1, 2, usize::MAX] {
            let mut model = desc.dyn_model(VariableOrder::Declared);
            let lean = model.search().lookahead(lookahead).count();
            let mut seen = Seen::default();
            let general = model.search().lookahead(lookahead).observer(&mut seen).count();
            let tallied = model.search().lookahead(lookahead).tally_rejections(true).count();
            for other in [&general, &tallied] {
                prop_assert_eq!(other.value, lean.value);
                prop_assert_eq!(other.stats.nodes, lean.stats.nodes, "lookahead {}", lookahead);
                prop_assert_eq!(other.stats.solutions, lean.stats.solutions);
                prop_assert_eq!(other.stats.max_depth, lean.stats.max_depth);
            }
            let quiet: Vec<Vec<i32>> = model.search().lookahead(lookahead).solutions().collect();
            let observed: Vec<Vec<i32>> = model
                .search()
                .lookahead(lookahead)
                .observer(Seen::default())
                .solutions()
                .collect();
            prop_assert_eq!(&quiet, &observed);
            prop_assert_eq!(quiet.len() as u128, lean.value);
            // The same for the tuple of the same checkers.
            struct Nodes(usize);
            impl TupleRun<(u64, u64)> for Nodes {
                fn run<C: Checkers<i32>>(self, mut model: Model<i32, C>) -> (u64, u64) {
                    let lean = model.search().lookahead(self.0).count().stats.nodes;
                    let general = model
                        .search()
                        .lookahead(self.0)
                        .observer(Seen::default())
                        .count()
                        .stats
                        .nodes;
                    (lean, general)
                }
            }
            let (lean_tuple, general_tuple) = with_tuple(&desc, VariableOrder::Declared, Nodes(lookahead));
            prop_assert_eq!(lean_tuple, lean.stats.nodes);
            prop_assert_eq!(general_tuple, lean.stats.nodes);
            // Stopped part way by a node limit, they still agree, the
            // deepest depth reached included.
            for limit in [1, lean.stats.nodes / 3, lean.stats.nodes / 2 + 1] {
                let lean = model.search().lookahead(lookahead).node_limit(limit).count();
                let general = model
                    .search()
                    .lookahead(lookahead)
                    .node_limit(limit)
                    .observer(Seen::default())
                    .count();
                prop_assert_eq!(general.value, lean.value, "limit {}", limit);
                prop_assert_eq!(general.stats.nodes, lean.stats.nodes, "limit {}", limit);
                prop_assert_eq!(general.stats.max_depth, lean.stats.max_depth, "limit {}", limit);
            }
        }
    }

    /// Every way of counting shows an observer every node it counts, once,
    /// and numbers the solutions 1, 2, 3, ... across the whole search:
    /// plain, with symmetry, and unit by unit at every depth.
    #[test]
    fn observers_see_every_node_in_every_mode(desc in mirror_desc()) {
        let mut model = desc.builder_mirrored().build(desc.checkers()).unwrap();
        for symmetry in [false, true] {
            let mut seen = Seen::default();
            let outcome = model.search().symmetry(symmetry).observer(&mut seen).count();
            saw_every_node(&seen, &outcome.stats)?;
            let plain = model.search().symmetry(symmetry).count();
            prop_assert_eq!(&outcome.stats.nodes, &plain.stats.nodes);
            for depth in 0..=desc.n() {
                let units = model.split(depth, symmetry);
                let mut seen = Seen::default();
                let by_units = model.search().observer(&mut seen).units(&units).count();
                saw_every_node(&seen, &by_units.stats)?;
                prop_assert_eq!(by_units.value, plain.value);
                prop_assert_eq!(by_units.stats.nodes, plain.stats.nodes, "depth {}", depth);
                prop_assert_eq!(by_units.stats.solutions, plain.stats.solutions);
            }
        }
        let mut seen = Seen::default();
        let enumerated = model.search().observer(&mut seen).for_each(|_| ControlFlow::Continue(()));
        saw_every_node(&seen, &enumerated.stats)?;
    }
}
