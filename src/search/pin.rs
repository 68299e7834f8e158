//! A unit's prefix as a policy of the search loop: each frame the loop
//! enters is pinned to the prefix's next unassigned variable, and keeps
//! one candidate, the prefix's value, if the variable still has it. The
//! loop takes, counts, reports and undoes those steps as any other; it
//! stops at the first frame with nothing left, or when the prefix is
//! assigned, and hands back to the walk that chose the prefix.

use crate::assignment::UNASSIGNED;

/// What the prefix asks for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The step of this variable (its position in the prefix).
    Pin(usize),
    /// Every value of the prefix is assigned.
    Complete,
    /// An earlier step implied another value for a variable of the
    /// prefix: the prefix is not part of the tree.
    Out,
}

/// The prefix being assigned, and what the walk keeps of the prefixes it
/// assigned before, so that the next one can share them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pins {
    /// The values, by position (the variables in declaration order).
    prefix: Vec<u32>,
    /// The first position whose step this walk owns (counts and reports).
    own_from: usize,
    /// Whether this walk owns the root frame.
    own_root: bool,
    /// Per position assigned, its value and the frames held once it is.
    pub(crate) path: Vec<(u32, usize)>,
    /// Per frame of the path, the position of the step that assigned it
    /// (an implied assignment: its step's).
    pub(crate) frame_pos: Vec<usize>,
    /// Whether the current frame's pinned value was taken.
    taken: bool,
    /// One past the deepest frame entered under the pins.
    pub(crate) entered: usize,
    /// Whether the prefix completed a solution, which the loop counted.
    pub(crate) closed: bool,
}

impl Pins {
    /// Pins for a search of `n` variables, with no prefix yet.
    pub(crate) fn new(n: usize) -> Pins {
        Pins {
            frame_pos: vec![0; n + 1],
            ..Pins::default()
        }
    }

    /// Starts `prefix`, whose first `path.len()` values are those already
    /// held; the walk owns its steps from position `own_from` on, and the
    /// root frame when `own_root`.
    pub(crate) fn start(&mut self, prefix: &[u32], own_from: usize, own_root: bool) {
        self.prefix.clear();
        self.prefix.extend_from_slice(prefix);
        self.own_from = own_from;
        self.own_root = own_root;
        self.taken = false;
        self.entered = 0;
        self.closed = false;
    }

    /// The prefix's next step, given the assignment `slots` with `frames`
    /// frames held: the values assigned meanwhile (implied by earlier
    /// steps) join the path when they agree.
    pub(crate) fn next(&mut self, slots: &[u32], frames: usize) -> Next {
        while let Some(&value) = self.prefix.get(self.path.len()) {
            let held = slots[self.path.len()];
            if held == UNASSIGNED {
                return Next::Pin(self.path.len());
            }
            if held != value {
                return Next::Out;
            }
            self.path.push((value, frames));
        }
        Next::Complete
    }

    /// Whether the walk owns the step of position `j`.
    #[inline]
    pub(crate) fn owns_step(&self, j: usize) -> bool {
        j >= self.own_from
    }

    /// Whether the walk owns the frame that position `j` (or the free
    /// search after a prefix of length `j`) is taken at: the frames above
    /// and at the point where a shared prefix parts belong to the walks
    /// that share it.
    pub(crate) fn owns_frame(&self, j: usize) -> bool {
        if j == 0 {
            self.own_root
        } else {
            j > self.own_from
        }
    }

    /// Frame `d`, entered up to now, is pinned again (its value untaken).
    pub(crate) fn enter(&mut self, d: usize) {
        self.taken = false;
        self.entered = self.entered.max(d + 1);
    }

    /// The pinned value of position `j`, if frame `d`'s candidates
    /// (`has` tells) still hold it and it was not taken yet.
    #[inline]
    pub(crate) fn take(&mut self, j: usize, has: impl Fn(usize) -> bool) -> Option<usize> {
        if self.taken {
            return None;
        }
        self.taken = true;
        let index = *self.prefix.get(j)? as usize;
        has(index).then_some(index)
    }

    /// Puts back the value [`take`](Self::take) gave.
    pub(crate) fn untake(&mut self) {
        self.taken = false;
    }

    /// The step of frame `d` (position `j`) stands, with its implied
    /// assignments on frames up to `top`.
    pub(crate) fn stood(&mut self, j: usize, d: usize, top: usize) {
        self.frame_pos[d..=top].fill(j);
        self.path.push((self.prefix[j], top + 1));
    }
}
