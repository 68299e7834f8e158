//! `Circuit` against brute force: random successor models (holes, values
//! naming no node, variables outside the scope) counted and enumerated in
//! every variable order, with and without forward checking, and in
//! cross-check mode; Hamiltonian cycles of complete graphs ((n - 1)!) and
//! closed knight's tours (OEIS A070030, A001230) by successor variables.

use backtracker::constraints::Circuit;
use backtracker::{DynChecker, ModelBuilder, ModelError, StopReason, VariableOrder};
use backtracker_puzzles::knights_tour::Chessboard;
use proptest::prelude::*;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

/// A random model: per variable its domain, and the scope of the circuit
/// (node `i` is the variable `scope[i]`).
#[derive(Clone, Debug)]
struct Random {
    domains: Vec<Vec<u8>>,
    scope: Vec<usize>,
}

type Boxed = backtracker::Model<u8, Vec<DynChecker<u8>>>;

impl Random {
    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let circuit: DynChecker<u8> = Box::new(Circuit::new("circuit", self.scope.clone()));
        b.build(vec![circuit]).expect("a valid model")
    }

    /// Whether the successors of `values` form one cycle through every node.
    fn is_circuit(&self, values: &[u8]) -> bool {
        let n = self.scope.len();
        let next = |u: usize| usize::from(values[self.scope[u]]);
        if (0..n).any(|u| next(u) >= n) {
            return false;
        }
        let mut seen = vec![false; n];
        let mut at = 0;
        for _ in 0..n {
            if seen[at] {
                return false;
            }
            seen[at] = true;
            at = next(at);
        }
        at == 0
    }

    fn brute_force(&self) -> Vec<Vec<u8>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|values| self.is_circuit(values))
            .collect()
    }
}

/// Up to 6 variables with domains of 1 to 5 values from 0..=5, and a
/// circuit over 1 to all of them, in any order.
fn random() -> impl Strategy<Value = Random> {
    (1usize..=6).prop_flat_map(|n| {
        let domain = proptest::sample::subsequence((0u8..=5).collect::<Vec<_>>(), 1..=5);
        let scope = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n).prop_shuffle();
        (proptest::collection::vec(domain, n), scope)
            .prop_map(|(domains, scope)| Random { domains, scope })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn circuit_finds_the_brute_force_solutions(r in random()) {
        agrees_with_and_without_forward_checking(|order| r.build(order), &r.brute_force())?;
    }
}

/// A circuit over `n` variables, each of which may name any node.
fn complete(n: usize) -> backtracker::Model<u8, (Circuit,)> {
    let mut b = ModelBuilder::new();
    let next: Vec<usize> = (0..n)
        .map(|i| b.variable(format!("x{i}"), 0..n as u8))
        .collect();
    b.build((Circuit::new("tour", next),)).expect("a model")
}

#[test]
fn complete_graphs_have_factorial_many_cycles() {
    // A directed Hamiltonian cycle of K_n is an order of the n - 1 nodes
    // after node 0: (n - 1)!.
    let mut factorial = 1u128;
    for n in 1..=7 {
        if n > 1 {
            factorial *= (n - 1) as u128;
        }
        let mut model = complete(n);
        assert_eq!(model.search().count().value, factorial, "K_{n}");
        let checked = model.search().cross_check(true).count();
        assert_eq!(
            (checked.value, checked.stop),
            (factorial, StopReason::Completed),
            "K_{n}, cross-checked"
        );
    }
}

/// The successor model of closed knight's tours on `rows` x `cols`: the
/// successor of square `s` is a square a knight's move from it.
fn closed_tours(rows: usize, cols: usize) -> backtracker::Model<u16, (Circuit,)> {
    let board = Chessboard::new(rows, cols).expect("a board");
    let mut b = ModelBuilder::new();
    let next: Vec<usize> = (0..board.squares())
        .map(|s| {
            let to = board.neighbours(s).iter().map(|&t| t as u16);
            b.variable(format!("after {s}"), to.collect::<Vec<_>>())
        })
        .collect();
    b.build((Circuit::new("tour", next),)).expect("a model")
}

#[test]
fn closed_knights_tours_of_three_by_ten_match_oeis() {
    // OEIS A070030: 16 closed tours of 3 X 10, each in two directions.
    let mut model = closed_tours(3, 10);
    assert_eq!(model.search().count().value, 32);
    let checked = model.search().cross_check(true).count();
    assert_eq!((checked.value, checked.stop), (32, StopReason::Completed));
    // No closed tour of 3 X 4 or 4 X 4 (Schwenk).
    assert_eq!(closed_tours(3, 4).search().count().value, 0);
    assert_eq!(closed_tours(4, 4).search().count().value, 0);
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn closed_knights_tours_of_six_by_six_match_oeis() {
    // OEIS A001230: 9862 closed tours of 6 X 6, each in two directions.
    assert_eq!(closed_tours(6, 6).search().count().value, 2 * 9862);
}

#[test]
fn a_scope_naming_a_variable_twice_is_refused() {
    let mut b = ModelBuilder::new();
    let x = b.variable("x", 0..2u8);
    let y = b.variable("y", 0..2u8);
    let err = b
        .build((Circuit::new("twice", [x, y, x]),))
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err, ModelError::InvalidChecker { ref checker, .. } if checker == "twice"));
}
