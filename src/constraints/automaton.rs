//! A deterministic finite automaton over the values of a model, the
//! language of a [`Regular`](super::Regular) constraint.

/// A deterministic finite automaton: states `0..states`, a start state,
/// accepting states, and transitions `(from, symbol, to)`, at most one per
/// state and symbol (a missing transition rejects the word). A sequence of
/// values is accepted when the transitions from the start state read all
/// of it and end in an accepting state.
///
/// ```
/// use backtracker::constraints::Automaton;
///
/// // Words over {0, 1} with no two 1s in a row: state 1 just read a 1.
/// let no_11 = Automaton::new(2, 0, [0, 1], [(0, 0, 0), (0, 1, 1), (1, 0, 0)]);
/// assert!(no_11.accepts(&[1, 0, 1, 0]));
/// assert!(!no_11.accepts(&[0, 1, 1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton<V> {
    pub(crate) states: usize,
    pub(crate) start: usize,
    pub(crate) accepting: Vec<usize>,
    pub(crate) transitions: Vec<(usize, V, usize)>,
}

impl<V: PartialEq> Automaton<V> {
    /// An automaton of `states` states. States out of range and two
    /// transitions on one symbol from one state are refused when a model
    /// using it is built.
    ///
    /// ```
    /// use backtracker::constraints::Automaton;
    ///
    /// // An even number of 'b's.
    /// let even = Automaton::new(2, 0, [0], [(0, 'a', 0), (0, 'b', 1), (1, 'a', 1), (1, 'b', 0)]);
    /// assert!(even.accepts(&['a', 'b', 'b']));
    /// assert!(!even.accepts(&['b']));
    /// ```
    pub fn new(
        states: usize,
        start: usize,
        accepting: impl IntoIterator<Item = usize>,
        transitions: impl IntoIterator<Item = (usize, V, usize)>,
    ) -> Self {
        Automaton {
            states,
            start,
            accepting: accepting.into_iter().collect(),
            transitions: transitions.into_iter().collect(),
        }
    }

    /// The automaton of a nonogram clue: the words of `empty` and `filled`
    /// cells whose runs of `filled` have the lengths of `clue`, in order,
    /// separated by at least one `empty`, with any number of `empty` before
    /// and after. An empty clue (or a clue of zeros) accepts only empty
    /// cells. It has one state per filled cell of the clue and one per
    /// block, plus one.
    ///
    /// ```
    /// use backtracker::constraints::Automaton;
    ///
    /// let clue = Automaton::nonogram(&[2, 1], false, true);
    /// let word = |s: &str| s.chars().map(|c| c == '#').collect::<Vec<bool>>();
    /// assert!(clue.accepts(&word("##.#")));
    /// assert!(clue.accepts(&word(".##..#.")));
    /// assert!(!clue.accepts(&word("###.#")));
    /// assert!(!clue.accepts(&word("##.#.#")));
    /// assert!(!clue.accepts(&word("###")));
    /// ```
    #[expect(
        clippy::needless_pass_by_value,
        reason = "symbols are given by value, as in the transitions of `new`"
    )]
    pub fn nonogram(clue: &[usize], empty: V, filled: V) -> Self
    where
        V: Clone,
    {
        let blocks: Vec<usize> = clue.iter().copied().filter(|&len| len > 0).collect();
        let mut transitions = Vec::new();
        // The state waiting for the next block (looping on empty cells).
        let mut waiting = 0;
        let mut states = 1;
        let mut accepting = vec![0];
        for (b, &len) in blocks.iter().enumerate() {
            transitions.push((waiting, empty.clone(), waiting));
            let mut at = waiting;
            for _ in 0..len {
                transitions.push((at, filled.clone(), states));
                at = states;
                states += 1;
            }
            // After the block, one empty cell at least.
            transitions.push((at, empty.clone(), states));
            waiting = states;
            states += 1;
            if b + 1 == blocks.len() {
                accepting = vec![at, waiting];
            }
        }
        transitions.push((waiting, empty, waiting));
        transitions.dedup();
        Automaton {
            states,
            start: 0,
            accepting,
            transitions,
        }
    }

    /// Whether the automaton accepts `word`.
    ///
    /// ```
    /// use backtracker::constraints::Automaton;
    ///
    /// let ab = Automaton::new(3, 0, [2], [(0, 'a', 1), (1, 'b', 2)]);
    /// assert!(ab.accepts(&['a', 'b']));
    /// assert!(!ab.accepts(&['a']));
    /// ```
    #[must_use]
    pub fn accepts(&self, word: &[V]) -> bool {
        let mut state = self.start;
        for symbol in word {
            match self
                .transitions
                .iter()
                .find(|(from, s, _)| *from == state && s == symbol)
            {
                Some(&(_, _, to)) => state = to,
                None => return false,
            }
        }
        self.accepting.contains(&state)
    }
}
