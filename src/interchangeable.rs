//! Interchangeable values: domain indices that every permutation may
//! exchange on a set of variables (the colours of a colouring, the symbols
//! of a Latin square), and the rule that searches each class of solutions
//! once.
//!
//! The rule: a variable of the set may take a value outside the
//! interchangeable ones, one that a variable of the set already holds, or
//! the smallest that none holds. Under any variable order, each class of
//! solutions (solutions that a permutation of the values maps one to the
//! other) then has exactly one member in the search tree, and a solution
//! that holds `u` of the `k` values stands for `k! / (k - u)!` solutions.

use crate::assignment::UNASSIGNED;
use crate::error::ModelError;
use crate::symmetry::{Group, Symmetry};

/// The name a refused declaration goes by in errors.
pub(crate) const NAME: &str = "interchangeable values";

/// A checked declaration of interchangeable values.
#[derive(Clone, Debug)]
pub(crate) struct Interchangeable {
    /// The variables, increasing.
    variables: Vec<usize>,
    /// Per variable of the model, whether it is one of them.
    member: Vec<bool>,
    /// The interchangeable domain indices, increasing.
    values: Vec<usize>,
    /// The same as a bitset of the model's words.
    set: Vec<u64>,
    /// Two generators of the permutations of the values (the first two
    /// swapped, and all of them in a cycle), to check solutions with.
    pub(crate) generators: Group,
}

impl Interchangeable {
    /// The declaration `values` (domain indices) interchangeable on
    /// `variables`, for a model with these domain sizes and candidates
    /// (`kept(var, index)`: after pins and restrictions), whose names are
    /// `names` and whose candidate sets are `words` words.
    ///
    /// Refused when a variable or a value is outside the model, or when a
    /// variable's candidates hold some of the values but not all.
    pub(crate) fn new(
        (variables, values): (&[usize], &[usize]),
        names: &[String],
        sizes: &[usize],
        words: usize,
        kept: impl Fn(usize, usize) -> bool,
    ) -> Result<Interchangeable, ModelError> {
        let refuse = |reason: String| ModelError::InvalidSymmetry {
            name: NAME.to_owned(),
            reason,
        };
        let mut variables = variables.to_vec();
        variables.sort_unstable();
        variables.dedup();
        let mut values = values.to_vec();
        values.sort_unstable();
        values.dedup();
        let n = sizes.len();
        if let Some(&var) = variables.iter().find(|&&var| var >= n) {
            return Err(refuse(format!(
                "variable {var} does not exist (the model has {n})"
            )));
        }
        let mut member = vec![false; n];
        for &var in &variables {
            member[var] = true;
            if let Some(&index) = values.iter().find(|&&i| i >= sizes[var]) {
                return Err(refuse(format!(
                    "value {index} is outside the domain of `{}` ({} values)",
                    names[var], sizes[var]
                )));
            }
            let held = values.iter().filter(|&&i| kept(var, i)).count();
            if held != 0 && held != values.len() {
                return Err(refuse(format!(
                    "`{}` has {held} of the {} values as candidates (after pins and restrictions), not all or none",
                    names[var],
                    values.len()
                )));
            }
        }
        let mut set = vec![0u64; words];
        for &i in &values {
            set[i / 64] |= 1 << (i % 64);
        }
        let mut symmetries = Vec::new();
        if values.len() >= 2 {
            let (a, b) = (values[0], values[1]);
            let member = member.clone();
            symmetries.push(Symmetry::literals(
                format!("{NAME}: swap of {a} and {b}"),
                move |var, i| {
                    let swapped = if i == a {
                        b
                    } else if i == b {
                        a
                    } else {
                        i
                    };
                    (var, if member[var] { swapped } else { i })
                },
            ));
        }
        if values.len() >= 3 {
            let (member, cycle) = (member.clone(), values.clone());
            symmetries.push(Symmetry::literals(
                format!("{NAME}: cycle of all {}", values.len()),
                move |var, i| match cycle.iter().position(|&c| c == i) {
                    Some(p) if member[var] => (var, cycle[(p + 1) % cycle.len()]),
                    _ => (var, i),
                },
            ));
        }
        let generators = Group::generated(&symmetries, sizes, kept)?;
        Ok(Interchangeable {
            variables,
            member,
            values,
            set,
            generators,
        })
    }

    /// Whether variable `var` is one of the set.
    #[inline]
    pub(crate) fn has(&self, var: usize) -> bool {
        self.member[var]
    }

    /// The values a variable of the set may take after the assignment
    /// `slots` (`UNASSIGNED`: unassigned), as a mask over the domain
    /// indices in `mask`: every value but the interchangeable ones that no
    /// variable of the set holds, except the smallest of those.
    pub(crate) fn allowed(&self, slots: &[u32], mask: &mut [u64]) {
        mask.fill(0);
        for &var in &self.variables {
            let index = slots[var];
            if index != UNASSIGNED {
                let i = index as usize;
                mask[i / 64] |= 1 << (i % 64);
            }
        }
        let mut fresh = true;
        for (m, &set) in mask.iter_mut().zip(&self.set) {
            let unused = set & !*m;
            if fresh && unused != 0 {
                *m |= unused & unused.wrapping_neg();
                fresh = false;
            }
            *m |= !set;
        }
    }

    /// The number of interchangeable values the variables of the set hold
    /// in the complete assignment `slots`.
    fn used(&self, slots: &[u32]) -> usize {
        let mut seen = vec![false; self.values.len()];
        for &var in &self.variables {
            if let Some(p) = self.rank(slots[var]) {
                seen[p] = true;
            }
        }
        seen.iter().filter(|&&s| s).count()
    }

    /// The position of domain index `index` among the values, if it is one.
    fn rank(&self, index: u32) -> Option<usize> {
        self.values.iter().position(|&v| v == index as usize)
    }

    /// The number of solutions the complete assignment `slots` stands for:
    /// `k! / (k - u)!` for `k` values of which it holds `u` (saturated at
    /// `u128::MAX`, which no count reaches).
    pub(crate) fn orbit(&self, slots: &[u32]) -> u128 {
        let k = self.values.len();
        let u = self.used(slots);
        (k - u + 1..=k).fold(1u128, |acc, f| acc.saturating_mul(f as u128))
    }

    /// Whether the complete assignment `slots` is the one member of its
    /// class that lists the values in the order they first appear, the
    /// variables of the set taken by increasing index: the first value to
    /// appear is the smallest, the next new one the second, and so on.
    pub(crate) fn in_first_appearance_order(&self, slots: &[u32]) -> bool {
        let mut next = 0;
        for &var in &self.variables {
            if let Some(p) = self.rank(slots[var]) {
                if p > next {
                    return false;
                }
                if p == next {
                    next += 1;
                }
            }
        }
        true
    }

    /// The number of permutations of the values, `k!` (saturated at
    /// `usize::MAX`).
    pub(crate) fn order(&self) -> usize {
        (1..=self.values.len()).fold(1usize, usize::saturating_mul)
    }
}
