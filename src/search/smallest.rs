//! Smallest-domain-first without a scan, when every kept set is exactly
//! the candidates of its variable: a tournament tree over the variables,
//! whose root is the one to enter next. Only the matches on the ways of
//! the variables whose set size or assignment changed since the last pick
//! are played again, each once: O(log n) for one variable, at most the
//! n - 1 matches of the tree however many changed.

use crate::assignment::UNASSIGNED;
use crate::model::Branch;

/// No variable (an empty subtree, or every variable in it assigned).
const NONE: u32 = u32::MAX;

/// The tournament tree: node `i` (from 1) holds the best variable of its
/// subtree, leaves at `leaves..2 * leaves`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Smallest {
    leaves: usize,
    tree: Vec<u32>,
    /// Working space of [`update_all`](Self::update_all): the matches to
    /// play again, and whether each is queued.
    queue: Vec<u32>,
    dirty: Vec<bool>,
}

/// What the tree compares: a variable's set size, its degree, its class
/// and whether it is assigned.
pub(crate) struct Keys<'a> {
    pub(crate) size: &'a [u32],
    pub(crate) degrees: &'a [u32],
    /// Per variable, its class, if any is not usual.
    pub(crate) branch: Option<&'a [Branch]>,
    pub(crate) slots: &'a [u32],
}

impl Keys<'_> {
    /// The better of `a` and `b` to enter next: the smaller set, then the
    /// higher degree, then the lower index; an empty set first of all,
    /// the lower index first among empty ones; never an assigned one.
    #[inline]
    fn better(&self, a: u32, b: u32) -> u32 {
        let open = |v: u32| v != NONE && self.slots[v as usize] == UNASSIGNED;
        match (open(a), open(b)) {
            (false, false) => NONE,
            (true, false) => a,
            (false, true) => b,
            (true, true) => {
                let key = |v: u32| {
                    let size = self.size[v as usize];
                    let degree = if size == 0 {
                        0
                    } else {
                        self.degrees[v as usize]
                    };
                    let rank = rank(self.branch, v as usize, size);
                    (rank, std::cmp::Reverse(degree), v)
                };
                if key(b) < key(a) { b } else { a }
            }
        }
    }
}

/// What smallest-domain-first compares of `var`'s set of `size`
/// candidates: its class (`branch`, [`ModelBuilder::branch_first`](crate::ModelBuilder::branch_first)
/// and [`branch_last`](crate::ModelBuilder::branch_last)), then the size;
/// an empty set first of all.
#[inline]
pub(super) fn rank(branch: Option<&[Branch]>, var: usize, size: u32) -> u64 {
    let class = match branch {
        Some(branch) if size > 0 => branch[var] as u64,
        _ => Branch::First as u64,
    };
    class << 32 | u64::from(size)
}

impl Smallest {
    /// The tree over `n` variables, built from `keys`.
    pub(crate) fn new(n: usize, keys: &Keys<'_>) -> Smallest {
        // Two leaves at least, so that the root is a match.
        let leaves = n.next_power_of_two().max(2);
        let mut tree = vec![NONE; 2 * leaves];
        for (var, node) in tree[leaves..leaves + n].iter_mut().enumerate() {
            *node = crate::index::small(var);
        }
        let mut smallest = Smallest {
            leaves,
            tree,
            queue: Vec::new(),
            dirty: Vec::new(),
        };
        smallest.replay_all(keys);
        smallest
    }

    /// Brings the tree up to date after the variables `touched` changed:
    /// each match on their ways to the root is played again once, the
    /// lower ones first.
    #[inline]
    pub(crate) fn update_all(&mut self, touched: &[u32], keys: &Keys<'_>) {
        if self.dirty.len() < self.leaves {
            self.dirty = vec![false; self.leaves];
        }
        self.queue.clear();
        for &var in touched {
            let i = self.leaves.midpoint(var as usize);
            if !self.dirty[i] {
                self.dirty[i] = true;
                self.queue.push(crate::index::small(i));
            }
        }
        // Level by level: a match is queued only after all of those below
        // it that changed.
        let mut head = 0;
        while let Some(&i) = self.queue.get(head) {
            head += 1;
            let i = i as usize;
            self.dirty[i] = false;
            self.tree[i] = keys.better(self.tree[2 * i], self.tree[2 * i + 1]);
            let up = i / 2;
            if up >= 1 && !self.dirty[up] {
                self.dirty[up] = true;
                self.queue.push(crate::index::small(up));
            }
        }
    }

    /// Plays every match again, from the leaves up.
    fn replay_all(&mut self, keys: &Keys<'_>) {
        for i in (1..self.leaves).rev() {
            self.tree[i] = keys.better(self.tree[2 * i], self.tree[2 * i + 1]);
        }
    }

    /// The variable to enter next, if any is unassigned.
    #[inline]
    pub(crate) fn best(&self) -> Option<usize> {
        let root = self.tree[1];
        (root != NONE).then_some(root as usize)
    }
}

/// The variable that a scan of the `n` variables picks by the tree's rule:
/// what [`Smallest::best`] must answer once the tree is up to date (a
/// variable whose change was not noted would make them part).
pub(crate) fn scan(keys: &Keys<'_>, n: usize) -> Option<usize> {
    let best = (0..crate::index::small(n)).fold(NONE, |a, b| keys.better(a, b));
    (best != NONE).then_some(best as usize)
}
