//! `Regular`: a sequence of variables spells a word of a finite automaton,
//! narrowed on the layered graph of its runs.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;

use super::Automaton;
use super::scope::positions;
use super::scratch::Scratch;

/// No transition.
const NONE: u32 = u32::MAX;

/// A regular constraint: the values of a sequence of variables, in order, form a word
/// that an [`Automaton`] accepts (nonogram lines, shift rules, patterns).
/// Values are compared with `==`; a variable may appear once.
///
/// It narrows to generalised arc consistency (Pesant's filtering on the
/// layered graph): one pass forward marks the states each prefix of the
/// candidates can reach, one pass back the states from which the rest can
/// still reach an accepting state, and a candidate stays exactly when one
/// of its transitions joins a state reachable before it to a state that
/// can still finish. A pass costs the sequence's length times the states
/// times the candidates; the engine calls it once per batch of changes.
/// [`check`](Checker::check) runs the forward pass alone over the values
/// assigned and the whole domains of the others.
///
/// ```
/// use backtracker::constraints::{Automaton, Regular};
/// use backtracker::ModelBuilder;
///
/// // A line of 5 cells with the nonogram clue "2 1": ##.#., ##..#, .##.#.
/// let mut b = ModelBuilder::new();
/// let cells: Vec<usize> = (0..5).map(|i| b.variable(format!("c{i}"), [false, true])).collect();
/// let line = Regular::new("line", cells, Automaton::nonogram(&[2, 1], false, true));
/// let mut model = b.build((line,))?;
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Regular<V> {
    name: String,
    vars: Vec<usize>,
    automaton: Automaton<V>,
    /// Per position, per state, per domain index: the next state, or `NONE`.
    next: Vec<Vec<u32>>,
    /// Per position, the size of its variable's domain.
    width: Vec<usize>,
    accepting: Vec<bool>,
    scratch: Scratch<Layers>,
}

/// Working memory: per layer (position `0..=n`), per state, whether it is
/// reachable from the start (`forward`) and can still reach an accepting
/// state (`backward`); per domain index, whether it is supported.
#[derive(Debug, Default)]
struct Layers {
    forward: Vec<bool>,
    backward: Vec<bool>,
    supported: Vec<bool>,
}

impl<V> Regular<V> {
    /// A checker called `name`: the values of `vars`, in order, form a word
    /// of `automaton`.
    ///
    /// ```
    /// use backtracker::constraints::{Automaton, Regular};
    /// use backtracker::ModelBuilder;
    ///
    /// // Three shifts of 'd'ay, 'n'ight or 'o'ff, never a day right after
    /// // a night: of the 27 rosters, the 3 of the form `nd.` and the 3 of
    /// // the form `.nd` are forbidden.
    /// let rule = Automaton::new(
    ///     2, 0, [0, 1],
    ///     [(0, 'd', 0), (0, 'o', 0), (0, 'n', 1), (1, 'n', 1), (1, 'o', 0)],
    /// );
    /// let mut b = ModelBuilder::new();
    /// let days: Vec<usize> = (0..3).map(|i| b.variable(format!("day{i}"), ['d', 'n', 'o'])).collect();
    /// let mut model = b.build((Regular::new("rest", days, rule),))?;
    /// assert_eq!(model.search().count().value, 21);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        vars: impl IntoIterator<Item = usize>,
        automaton: Automaton<V>,
    ) -> Self {
        Regular {
            name: name.into(),
            vars: vars.into_iter().collect(),
            automaton,
            next: Vec::new(),
            width: Vec::new(),
            accepting: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Fills `forward` layer by layer, position `p` reading the domain
    /// indices `allowed(p)` gives; returns whether an accepting state is
    /// reachable at the end.
    fn forward<I: Iterator<Item = usize>>(
        &self,
        forward: &mut Vec<bool>,
        mut allowed: impl FnMut(usize) -> I,
    ) -> bool {
        let q = self.automaton.states;
        let n = self.vars.len();
        forward.clear();
        forward.resize((n + 1) * q, false);
        forward[self.automaton.start] = true;
        for p in 0..n {
            let (here, there) = forward.split_at_mut((p + 1) * q);
            let here = &here[p * q..];
            let next = &self.next[p];
            let width = self.width[p];
            for k in allowed(p) {
                for (state, _) in here.iter().enumerate().filter(|(_, on)| **on) {
                    let to = next[state * width + k];
                    if to != NONE {
                        there[to as usize] = true;
                    }
                }
            }
        }
        forward[n * q..]
            .iter()
            .zip(&self.accepting)
            .any(|(on, acc)| *on && *acc)
    }

    /// Pesant's filtering of the candidates in `d`.
    fn filter_layers<W>(&self, d: &mut Domains<'_, W>, s: &mut Layers) -> Result<(), Conflict> {
        let q = self.automaton.states;
        let n = self.vars.len();
        if !self.forward(&mut s.forward, |p| d.iter(self.vars[p])) {
            return Err(Conflict::new());
        }
        s.backward.clear();
        s.backward.resize((n + 1) * q, false);
        for state in 0..q {
            s.backward[n * q + state] = self.accepting[state] && s.forward[n * q + state];
        }
        for p in (0..n).rev() {
            let var = self.vars[p];
            let width = self.width[p];
            let next = &self.next[p];
            s.supported.clear();
            s.supported.resize(width, false);
            for k in d.iter(var) {
                for state in 0..q {
                    if !s.forward[p * q + state] {
                        continue;
                    }
                    let to = next[state * width + k];
                    if to != NONE && s.backward[(p + 1) * q + to as usize] {
                        s.backward[p * q + state] = true;
                        s.supported[k] = true;
                    }
                }
            }
            let supported = &s.supported;
            d.retain(var, |k| supported[k])?;
        }
        Ok(())
    }
}

impl<V: PartialEq> Checker<V> for Regular<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether some word of the automaton has the assigned values at their
    /// positions, the others free over their whole domains.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let mut forward = Vec::new();
        self.forward(&mut forward, |p| {
            let var = self.vars[p];
            match a.index(var) {
                Some(k) => k..k + 1,
                None => 0..self.width[p],
            }
        })
    }

    fn narrows(&self) -> bool {
        true
    }

    // Every candidate left lies on an accepted word of candidates.
    fn filters(&self) -> bool {
        false
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        self.scratch.with(|s| self.filter_layers(d, s))
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.vars)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: self.name.clone(),
            reason,
        };
        positions(&self.name, &self.vars, model)?;
        let a = &self.automaton;
        let q = a.states;
        if a.start >= q || a.accepting.iter().any(|&s| s >= q) {
            return Err(invalid(format!(
                "its automaton names a state beyond its {q} states"
            )));
        }
        if let Some(t) = a.transitions.iter().find(|t| t.0 >= q || t.2 >= q) {
            return Err(invalid(format!(
                "its automaton has a transition from state {} to state {} beyond its {q} states",
                t.0, t.2
            )));
        }
        self.accepting = vec![false; q];
        for &s in &a.accepting {
            self.accepting[s] = true;
        }
        self.next.clear();
        self.width.clear();
        for &var in &self.vars {
            let domain = model.domain(var);
            let width = domain.len();
            let mut next = vec![NONE; q * width];
            for (from, symbol, to) in &a.transitions {
                for (k, value) in domain.iter().enumerate() {
                    if value == symbol {
                        let slot = &mut next[from * width + k];
                        if *slot != NONE && *slot as usize != *to {
                            return Err(invalid(format!(
                                "its automaton has two transitions from state {from} on one symbol"
                            )));
                        }
                        *slot = crate::index::small(*to);
                    }
                }
            }
            self.next.push(next);
            self.width.push(width);
        }
        self.scratch.reset();
        Ok(())
    }
}
