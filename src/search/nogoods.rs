//! Nogoods from restarts (Lecoutre, Sais, Tabary and Vidal, 2007): when a
//! search restarts, every value a frame of the abandoned branch refuted
//! (its subtree searched to the end) becomes a nogood: the steps above
//! that frame and that value never hold together again. So the search
//! after a restart never repeats a subtree it searched, and stays
//! complete.

/// The nogoods of one search: each a list of (variable, value index)
/// literals that never all hold in a solution still wanted.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nogoods {
    /// The literals, nogood after nogood.
    lits: Vec<(u32, u32)>,
    /// Where each nogood starts in `lits` (and one past the last).
    starts: Vec<usize>,
    /// Per variable, the nogoods that hold a literal of it, and where.
    by_var: Vec<Vec<(u32, u32)>>,
}

impl Nogoods {
    /// No nogood, over `n` variables.
    pub(crate) fn new(n: usize) -> Nogoods {
        Nogoods {
            lits: Vec::new(),
            starts: vec![0],
            by_var: vec![Vec::new(); n],
        }
    }

    /// How many there are.
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The literals of nogood `id`, the refuted one last.
    pub(crate) fn get(&self, id: usize) -> &[(u32, u32)] {
        &self.lits[self.starts[id]..self.starts[id + 1]]
    }

    /// Adds the nogood `path` (the steps above) and `last`.
    pub(crate) fn add(&mut self, path: &[(u32, u32)], last: (u32, u32)) {
        let id = crate::index::small(self.len());
        for (i, &(var, _)) in path.iter().chain([&last]).enumerate() {
            self.by_var[var as usize].push((id, crate::index::small(i)));
        }
        self.lits.extend_from_slice(path);
        self.lits.push(last);
        self.starts.push(self.lits.len());
    }

    /// Removes from `words` (the candidates of unassigned `var`) every
    /// value whose nogood's other literals all hold in `slots`; returns
    /// how many it removed.
    pub(crate) fn prune(&self, var: usize, slots: &[u32], words: &mut [u64]) -> u32 {
        let mut removed = 0;
        for &(id, at) in &self.by_var[var] {
            let (start, end) = (self.starts[id as usize], self.starts[id as usize + 1]);
            let lits = &self.lits[start..end];
            let holds = lits
                .iter()
                .enumerate()
                .all(|(i, &(v, x))| i == at as usize || slots[v as usize] == x);
            if holds {
                let index = lits[at as usize].1 as usize;
                let bit = 1u64 << (index % 64);
                if let Some(word) = words.get_mut(index / 64)
                    && *word & bit != 0
                {
                    *word &= !bit;
                    removed += 1;
                }
            }
        }
        removed
    }

    /// Whether some nogood's literals all hold in `slots` (for tests).
    #[cfg(test)]
    pub(crate) fn violated(&self, slots: &[u32]) -> bool {
        (0..self.len()).any(|id| {
            self.lits[self.starts[id]..self.starts[id + 1]]
                .iter()
                .all(|&(v, x)| slots[v as usize] == x)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assignment::UNASSIGNED;

    #[test]
    fn a_nogood_prunes_its_last_free_literal_only_when_the_rest_holds() {
        let mut nogoods = Nogoods::new(3);
        // Not (x0 = 1 and x1 = 2).
        nogoods.add(&[(0, 1)], (1, 2));
        let mut words = [0b111u64];
        let slots = [1, UNASSIGNED, UNASSIGNED];
        assert_eq!(nogoods.prune(1, &slots, &mut words), 1);
        assert_eq!(words, [0b011]);
        let mut words = [0b111u64];
        let slots = [0, UNASSIGNED, UNASSIGNED];
        assert_eq!(nogoods.prune(1, &slots, &mut words), 0);
        // And the other way round: x1 = 2 assigned first prunes x0 = 1.
        let mut words = [0b111u64];
        let slots = [UNASSIGNED, 2, UNASSIGNED];
        assert_eq!(nogoods.prune(0, &slots, &mut words), 1);
        assert_eq!(words, [0b101]);
        assert!(nogoods.violated(&[1, 2, 0]));
        assert!(!nogoods.violated(&[1, 1, 0]));
    }
}
