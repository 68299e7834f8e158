//! `Regular` against brute force: random automata (missing transitions,
//! unreachable and dead states) over random sequences with holes in their
//! domains, counted and enumerated in every variable order, with and
//! without forward checking, in cross-check mode; the automaton of a
//! nonogram clue against the runs of every word; the models it refuses.

use backtracker::constraints::{Automaton, Regular};
use backtracker::{DynChecker, ModelBuilder, ModelError, VariableOrder};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::support::{agrees_with_and_without_forward_checking, builder_over, every_assignment};

type Boxed = backtracker::Model<u8, Vec<DynChecker<u8>>>;

/// A random automaton over the symbols 0..3 and a sequence of variables.
#[derive(Clone, Debug)]
struct RandomRegular {
    domains: Vec<Vec<u8>>,
    states: usize,
    accepting: Vec<usize>,
    transitions: Vec<(usize, u8, usize)>,
}

impl RandomRegular {
    fn automaton(&self) -> Automaton<u8> {
        Automaton::new(
            self.states,
            0,
            self.accepting.clone(),
            self.transitions.clone(),
        )
    }

    fn build(&self, order: VariableOrder) -> Boxed {
        let mut b = builder_over(&self.domains);
        b.order(order);
        let line = Regular::new("line", 0..self.domains.len(), self.automaton());
        b.build(vec![Box::new(line) as DynChecker<u8>])
            .expect("a valid model")
    }

    /// The words accepted, by running the transitions by hand.
    fn brute_force(&self) -> Vec<Vec<u8>> {
        every_assignment(&self.domains)
            .into_iter()
            .filter(|word| {
                let mut state = Some(0);
                for &symbol in word {
                    state = state.and_then(|s| {
                        self.transitions
                            .iter()
                            .find(|t| t.0 == s && t.1 == symbol)
                            .map(|t| t.2)
                    });
                }
                state.is_some_and(|s| self.accepting.contains(&s))
            })
            .collect()
    }
}

/// One to five variables with 1 to 3 values of 0..4 (3 has no transition);
/// 1 to 4 states, some accepting, and at most one transition per state and
/// symbol.
fn random_regular() -> impl Strategy<Value = RandomRegular> {
    (1usize..=5, 1usize..=4).prop_flat_map(|(n, states)| {
        let domain = proptest::sample::subsequence(vec![0u8, 1, 2, 3], 1..=3).prop_shuffle();
        let slot = proptest::option::weighted(0.7, 0..states);
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(slot, states * 3),
            proptest::sample::subsequence((0..states).collect::<Vec<_>>(), 0..=states),
        )
            .prop_map(move |(domains, slots, accepting)| {
                let transitions = slots
                    .iter()
                    .enumerate()
                    .filter_map(|(k, to)| to.map(|to| (k / 3, (k % 3) as u8, to)))
                    .collect();
                RandomRegular {
                    domains,
                    states,
                    accepting,
                    transitions,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn regular_agrees_with_brute_force(m in random_regular()) {
        let expected = m.brute_force();
        agrees_with_and_without_forward_checking(|order| m.build(order), &expected)?;
    }

    #[test]
    fn a_nonogram_automaton_accepts_the_words_of_its_clue(
        clue in proptest::collection::vec(0usize..=3, 0..=3),
        len in 0usize..=8,
    ) {
        let automaton = Automaton::nonogram(&clue, false, true);
        let blocks: Vec<usize> = clue.iter().copied().filter(|&b| b > 0).collect();
        for bits in 0u32..(1 << len) {
            let word: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            // The runs of filled cells, by hand.
            let runs: Vec<usize> = word
                .split(|&filled| !filled)
                .map(<[bool]>::len)
                .filter(|&run| run > 0)
                .collect();
            prop_assert_eq!(automaton.accepts(&word), runs == blocks, "{:?} {:?}", clue, word);
        }
    }
}

#[test]
fn regular_random_models_are_both_satisfiable_and_not() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut some, mut none) = (0, 0);
    for _ in 0..200 {
        let m = random_regular().new_tree(&mut runner).unwrap().current();
        if m.brute_force().is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(some > 20 && none > 20, "{some} satisfiable, {none} not");
}

#[test]
fn a_nonogram_line_of_ten_with_clue_3_2_has_its_binomial_count_15() {
    // Blocks of 3 and 2 with one empty cell between them take 6 of the 10
    // cells: the 4 other empty cells go into 3 gaps, C(4 + 2, 2) = 15 ways.
    let mut b = ModelBuilder::new();
    let cells: Vec<usize> = (0..10)
        .map(|i| b.variable(format!("c{i}"), [false, true]))
        .collect();
    let line = Regular::new("line", cells, Automaton::nonogram(&[3, 2], false, true));
    let mut model = b.build((line,)).unwrap();
    let outcome = model.search().cross_check(true).count();
    assert_eq!(outcome.value, 15);
}

#[test]
fn regular_refuses_bad_automata_and_a_repeated_variable() {
    let build = |automaton: Automaton<u8>, twice: bool| {
        let mut b = ModelBuilder::new();
        let x = b.variable("x", 0..2u8);
        let y = b.variable("y", 0..2u8);
        let vars = if twice { vec![x, x] } else { vec![x, y] };
        b.build((Regular::new("line", vars, automaton),)).err()
    };
    let fine = Automaton::new(1, 0, [0], [(0, 0, 0), (0, 1, 0)]);
    assert!(build(fine.clone(), false).is_none());
    let err = build(fine, true).unwrap();
    assert!(err.to_string().contains("twice"), "{err}");
    let beyond = Automaton::new(1, 0, [0], [(0, 0, 1)]);
    assert!(matches!(
        build(beyond, false),
        Some(ModelError::InvalidChecker { .. })
    ));
    let start = Automaton::new(1, 2, [0], [(0, 0, 0)]);
    assert!(matches!(
        build(start, false),
        Some(ModelError::InvalidChecker { .. })
    ));
    let nondeterministic = Automaton::new(2, 0, [0], [(0, 0, 0), (0, 0, 1)]);
    let err = build(nondeterministic, false).unwrap();
    assert!(err.to_string().contains("two transitions"), "{err}");
}
