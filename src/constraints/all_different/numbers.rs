//! The numbers an all-different gives the values of its scope's domains.

use std::collections::HashMap;
use std::hash::Hash;

/// The value numbers, in order of first appearance: a list searched in
/// turn while it is short (a sudoku's nine digits), a hash map beyond.
pub(super) struct Numbers<'v, V> {
    list: Vec<&'v V>,
    map: HashMap<&'v V, u32>,
}

impl<V> Default for Numbers<'_, V> {
    fn default() -> Self {
        Numbers {
            list: Vec::new(),
            map: HashMap::new(),
        }
    }
}

impl<'v, V: Eq + Hash> Numbers<'v, V> {
    /// Beyond this many values, a hash map finds a number faster.
    const LIST: usize = 32;

    /// The number of `value`, a new one if it is new.
    pub(super) fn of(&mut self, value: &'v V) -> u32 {
        let next = crate::index::small(self.len());
        if self.map.is_empty() {
            if let Some(at) = self.list.iter().position(|&v| v == value) {
                return crate::index::small(at);
            }
            if self.list.len() < Self::LIST {
                self.list.push(value);
                return next;
            }
            self.map = self.list.drain(..).zip(0..).collect();
        }
        *self.map.entry(value).or_insert(next)
    }

    pub(super) fn len(&self) -> usize {
        self.list.len() + self.map.len()
    }
}
