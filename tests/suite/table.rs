//! Table constraints against brute force: random tables over one to four
//! variables counted and enumerated in declared and smallest-first order,
//! with forward checking and look-ahead, in cross-check mode and in
//! parallel; the narrowing is generalised arc consistency (every value
//! left has a support, every supported value is left); N-Queens as binary
//! tables; the models they refuse.

use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};

use backtracker::constraints::Table;
use backtracker::{
    Assignment, Candidates, Checker, DynChecker, ModelBuilder, ModelError, VariableOrder,
};
use proptest::prelude::*;

use crate::support::{
    agrees_with_brute_force, builder_over, every_assignment, known, queens_variables,
};

/// A random model: per variable its domain (small values, holes allowed),
/// and tables, each a scope and its tuples (values may lie outside the
/// domains, tuples may repeat).
#[derive(Clone, Debug)]
struct Random {
    domains: Vec<Vec<u8>>,
    tables: Vec<(Vec<usize>, Vec<Vec<u8>>)>,
}

type Boxed = backtracker::Model<u8, Vec<DynChecker<u8>>>;

impl Random {
    fn builder(&self) -> ModelBuilder<u8> {
        builder_over(&self.domains)
    }

    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = self.builder();
        b.order(order);
        let checkers = self
            .tables
            .iter()
            .enumerate()
            .map(|(k, (scope, tuples))| {
                Box::new(Table::new(format!("t{k}"), scope.clone(), tuples.clone()))
                    as DynChecker<u8>
            })
            .collect();
        b.build(checkers).expect("a valid model")
    }

    /// Every solution, by trying every assignment (in declared order,
    /// lexicographic by domain index).
    fn brute_force(&self) -> Vec<Vec<u8>> {
        let allowed: Vec<HashSet<&Vec<u8>>> = self
            .tables
            .iter()
            .map(|(_, t)| t.iter().collect())
            .collect();
        every_assignment(&self.domains)
            .into_iter()
            .filter(|values| {
                self.tables.iter().zip(&allowed).all(|((scope, _), set)| {
                    let tuple: Vec<u8> = scope.iter().map(|&v| values[v]).collect();
                    set.contains(&tuple)
                })
            })
            .collect()
    }
}

/// One to four variables with domains of 1 to 4 distinct values from 0..5;
/// `tables` tables, each on a shuffled subsequence of the variables, with
/// up to 14 tuples of values from 0..5.
fn random_with(
    tables: std::ops::RangeInclusive<usize>,
    whole: bool,
) -> impl Strategy<Value = Random> {
    (1usize..=4).prop_flat_map(move |n| {
        let domain = proptest::sample::subsequence((0u8..5).collect::<Vec<_>>(), 1..=4);
        let scope = if whole {
            Just((0..n).collect::<Vec<_>>()).prop_shuffle().boxed()
        } else {
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n)
                .prop_shuffle()
                .boxed()
        };
        let table = scope.prop_flat_map(|scope| {
            let k = scope.len();
            let tuple = proptest::collection::vec(0u8..5, k);
            (Just(scope), proptest::collection::vec(tuple, 0..=14))
        });
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(table, tables.clone()),
        )
            .prop_map(|(domains, tables)| Random { domains, tables })
    })
}

fn random() -> impl Strategy<Value = Random> {
    random_with(1..=3, false)
}

/// How a search is run: plain, a window of look-ahead, forward checking.
#[derive(Clone, Copy, Debug)]
enum Ahead {
    Plain,
    Window,
    Forward,
}

fn search(model: &mut Boxed, ahead: Ahead) -> backtracker::Search<'_, u8, Vec<DynChecker<u8>>> {
    let s = model.search();
    match ahead {
        Ahead::Plain => s,
        Ahead::Window => s.lookahead(2),
        Ahead::Forward => s.forward_checking(),
    }
}

/// The nodes and implied assignments of a search in declared order whose
/// narrowing keeps, for every variable, exactly the values that some
/// solution extending the assignment gives it (generalised arc consistency
/// of one table over every variable), worked out from the solutions alone:
/// the tree has no dead end; a step is a node on the lowest unassigned
/// variable, and it implies every unassigned variable that the solutions
/// below it agree on and those above it did not (a variable with one value
/// from the start is a node of its own when its turn comes).
fn gac_tree(solutions: &[Vec<u8>], n: usize) -> (u64, u64) {
    fn agree(solutions: &[&Vec<u8>], var: usize) -> bool {
        solutions.iter().all(|s| s[var] == solutions[0][var])
    }
    fn walk(solutions: &[&Vec<u8>], assigned: &mut [bool], figures: &mut (u64, u64)) {
        let Some(var) = assigned.iter().position(|&a| !a) else {
            return;
        };
        let values: BTreeSet<u8> = solutions.iter().map(|s| s[var]).collect();
        for value in values {
            let below: Vec<&Vec<u8>> = solutions
                .iter()
                .copied()
                .filter(|s| s[var] == value)
                .collect();
            figures.0 += 1;
            assigned[var] = true;
            let forced: Vec<usize> = (0..assigned.len())
                .filter(|&u| !assigned[u] && agree(&below, u) && !agree(solutions, u))
                .collect();
            figures.1 += forced.len() as u64;
            for &u in &forced {
                assigned[u] = true;
            }
            walk(&below, assigned, figures);
            for &u in &forced {
                assigned[u] = false;
            }
            assigned[var] = false;
        }
    }
    let all: Vec<&Vec<u8>> = solutions.iter().collect();
    let mut figures = (0, 0);
    walk(&all, &mut vec![false; n], &mut figures);
    figures
}

/// A checker that accepts everything and records, per variable, the
/// candidates its filter sees before the first step (forward checking
/// filters every variable there, after the root's narrowing).
#[derive(Clone, Default)]
struct Probe {
    seen: Arc<Mutex<Vec<Option<Vec<usize>>>>>,
}

impl Checker<u8> for Probe {
    fn name(&self) -> &'static str {
        "probe"
    }
    fn check(&self, _: &Assignment<'_, u8>) -> bool {
        true
    }
    fn filter(&self, a: &Assignment<'_, u8>, var: usize, c: &mut Candidates<'_>) {
        if a.assigned_count() == 0 {
            let mut seen = self.seen.lock().unwrap();
            if seen.len() <= var {
                seen.resize(var + 1, None);
            }
            seen[var].get_or_insert_with(|| c.iter().collect());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn table_finds_the_brute_force_solutions(r in random()) {
        let expected = r.brute_force();
        for ahead in [Ahead::Plain, Ahead::Window, Ahead::Forward] {
            agrees_with_brute_force(
                |order| r.build(order),
                |m| search(m, ahead),
                &expected,
                &format!("{ahead:?}"),
            )?;
        }
        // In parallel (a tuple of checkers, which clones), the first table alone.
        let one = Random { domains: r.domains.clone(), tables: r.tables[..1].to_vec() };
        let (scope, tuples) = one.tables[0].clone();
        let mut model = one.builder().build((Table::new("t0", scope, tuples),)).unwrap();
        let parallel = model.search().threads(2).count();
        prop_assert_eq!(parallel.value, one.brute_force().len() as u128);
        let mut dynamic = one.builder();
        dynamic.order(VariableOrder::SmallestDomainFirst);
        let (scope, tuples) = one.tables[0].clone();
        let mut model = dynamic.build((Table::new("t0", scope, tuples),)).unwrap();
        let parallel = model.search().forward_checking().threads(2).count();
        prop_assert_eq!(parallel.value, one.brute_force().len() as u128);
    }

    /// One table over every variable: the root's narrowing leaves each
    /// variable exactly the values some solution gives it, and the search
    /// in declared order meets no dead end: its nodes and implied assignments
/// are those of the tree the solutions alone describe.
    #[test]
    fn narrowing_is_generalised_arc_consistency(r in random_with(1..=1, true)) {
        let solutions = r.brute_force();
        let (scope, tuples) = r.tables[0].clone();
        let probe = Probe::default();
        let mut model = r
            .builder()
            .build((probe.clone(), Table::new("t", scope.clone(), tuples.clone())))
            .unwrap();
        let outcome = model.search().forward_checking().count();
        prop_assert_eq!(outcome.value, solutions.len() as u128);
        if !solutions.is_empty() {
            let seen = probe.seen.lock().unwrap().clone();
            for (var, domain) in r.domains.iter().enumerate() {
                let supported: BTreeSet<usize> = solutions
                    .iter()
                    .map(|s| domain.iter().position(|&v| v == s[var]).unwrap())
                    .collect();
                let left: BTreeSet<usize> =
                    seen.get(var).cloned().flatten().unwrap_or_default().into_iter().collect();
                prop_assert_eq!(left, supported, "variable {}", var);
            }
        }
        let mut plain = r.builder().build((Table::new("t", scope, tuples),)).unwrap();
        let outcome = plain.search().count();
        let (nodes, implied) = gac_tree(&solutions, r.domains.len());
        prop_assert_eq!((outcome.stats.nodes, outcome.stats.implied), (nodes, implied));
    }
}

/// A hand case: x < y < z on 0..3 as a table of one tuple.
#[test]
fn a_table_of_one_tuple_fixes_its_variables_at_the_root() {
    let mut b = ModelBuilder::new();
    let vars: Vec<usize> = (0..3)
        .map(|i| b.variable(format!("x{i}"), 0..3u8))
        .collect();
    let increasing = (0..3u8)
        .flat_map(|a| (0..3u8).flat_map(move |b| (0..3u8).map(move |c| vec![a, b, c])))
        .filter(|t| t[0] < t[1] && t[1] < t[2]);
    let mut model = b
        .build((Table::new("increasing", vars, increasing),))
        .unwrap();
    let outcome = model.search().count();
    assert_eq!((outcome.value, outcome.stats.nodes), (1, 3));
}

/// N-Queens with one binary table per pair of rows (the column pairs that
/// do not attack each other) counts OEIS A000170.
#[test]
fn nqueens_as_binary_tables_counts_a000170() {
    for n in 4..=8usize {
        let mut checkers: Vec<DynChecker<usize>> = Vec::new();
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                let gap = r2 - r1;
                let pairs = (0..n).flat_map(|a| (0..n).map(move |b| vec![a, b]));
                let safe = pairs.filter(|p| p[0] != p[1] && p[0].abs_diff(p[1]) != gap);
                checkers.push(Box::new(Table::new(
                    format!("{r1}-{r2}"),
                    vec![r1, r2],
                    safe,
                )));
            }
        }
        let mut model = queens_variables(n).build(checkers).unwrap();
        assert_eq!(model.search().count().value, known(n), "n = {n}");
        assert_eq!(
            model.search().forward_checking().count().value,
            known(n),
            "n = {n}, forward checking"
        );
    }
}

#[test]
fn values_outside_the_domains_are_never_supported() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", ["red", "green"]);
    let y = b.variable("y", ["green", "blue"]);
    let tuples = [
        ["red", "blue"],
        ["green", "green"],
        ["blue", "red"],
        ["red", "red"],
    ];
    let table = Table::new("pairs", vec![x, y], tuples.map(|t| t.to_vec()));
    let mut model = b.build((table,)).unwrap();
    let found: Vec<Vec<&str>> = model.search().solutions().collect();
    assert_eq!(found, [vec!["red", "blue"], vec!["green", "green"]]);
}

fn refusal(table: Table<u8>) -> ModelError {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..3u8);
    b.variable("y", 0..3u8);
    b.build((table,)).map(|_| ()).unwrap_err()
}

#[test]
fn an_empty_scope_is_refused() {
    let err = refusal(Table::new("none", vec![], [vec![]]));
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "none"));
    assert!(err.to_string().contains("empty"), "{err}");
}

#[test]
fn a_scope_naming_a_variable_twice_is_refused() {
    let err = refusal(Table::new("twice", vec![0, 1, 0], [vec![0, 1, 0]]));
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "twice"));
    assert!(err.to_string().contains("`x` twice"), "{err}");
}

#[test]
fn a_tuple_of_the_wrong_length_is_refused() {
    let err = refusal(Table::new("short", vec![0, 1], [vec![0, 1], vec![2]]));
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "short"));
    assert!(err.to_string().contains("tuple 1 has 1 values"), "{err}");
}

#[test]
fn an_unknown_variable_is_refused() {
    let err = refusal(Table::new("far", vec![0, 5], [vec![0, 1]]));
    assert!(
        matches!(err, ModelError::UnknownVariable { var: 5, .. }),
        "{err}"
    );
}
