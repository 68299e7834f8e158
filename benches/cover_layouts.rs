//! Two minimal exact-cover counters that differ only in how they keep
//! each item's live options, to measure the layout apart from the engine:
//!
//! - [`bits`]: a bit set per item, as the engine's kept sets are: a
//!   removal clears a bit and lowers the size, saving the item's words
//!   once per level on a trail; an undo copies them back;
//! - [`cells`]: a sparse set per item, after Knuth's dancing cells: the
//!   live options first in an array, a removal swaps the option behind
//!   them and lowers the size; an undo raises the size again, last
//!   removal first, and nothing else.
//!
//! Both run the same search: the uncovered primary item with the fewest
//! live options (the first on a tie), each of its options in turn. Taking
//! one covers its items, one by one, and removes each live option of an
//! item it covers from the items not yet covered (an item once covered is
//! no longer updated, as dancing links leaves a covered column alone).

/// An instance's options as each layout needs them: per option its items
/// (primary and secondary), and per item the options that cover it.
pub struct Columns {
    primary: Vec<bool>,
    options: Vec<Vec<usize>>,
    column: Vec<Vec<usize>>,
    /// Per option, per item of it, its position in that item's column.
    place: Vec<Vec<usize>>,
}

impl Columns {
    pub fn new(primary: &[bool], options: &[Vec<usize>]) -> Columns {
        let mut column = vec![Vec::new(); primary.len()];
        let mut place = Vec::with_capacity(options.len());
        for (o, items) in options.iter().enumerate() {
            place.push(
                items
                    .iter()
                    .map(|&i| {
                        column[i].push(o);
                        column[i].len() - 1
                    })
                    .collect(),
            );
        }
        Columns {
            primary: primary.to_vec(),
            options: options.to_vec(),
            column,
            place,
        }
    }

    /// The uncovered primary item with the fewest live options, by `size`.
    fn choose(&self, covered: &[bool], size: impl Fn(usize) -> usize) -> Option<usize> {
        (0..self.primary.len())
            .filter(|&i| self.primary[i] && !covered[i])
            .min_by_key(|&i| size(i))
    }
}

/// Counts the covers with a bit set per item.
pub fn bits(c: &Columns) -> u128 {
    let w: Vec<usize> = c.column.iter().map(|col| col.len().div_ceil(64)).collect();
    let start: Vec<usize> = w
        .iter()
        .scan(0, |at, &n| {
            let s = *at;
            *at += n;
            Some(s)
        })
        .collect();
    let total: usize = w.iter().sum();
    let mut s = Bits {
        words: vec![0; total],
        size: c.column.iter().map(Vec::len).collect(),
        stamp: vec![0; c.column.len()],
        level: 0,
        trail: Vec::new(),
        old: Vec::new(),
        w,
        start,
        covered: vec![false; c.primary.len()],
    };
    for (i, col) in c.column.iter().enumerate() {
        for j in 0..col.len() {
            s.words[s.start[i] + j / 64] |= 1 << (j % 64);
        }
    }
    let mut count = 0;
    s.search(c, &mut count);
    count
}

struct Bits {
    words: Vec<u64>,
    size: Vec<usize>,
    stamp: Vec<u32>,
    level: u32,
    trail: Vec<(usize, usize)>,
    old: Vec<u64>,
    w: Vec<usize>,
    start: Vec<usize>,
    covered: Vec<bool>,
}

impl Bits {
    fn remove(&mut self, c: &Columns, p: usize) {
        for (&i, &j) in c.options[p].iter().zip(&c.place[p]) {
            if self.covered[i] {
                continue;
            }
            if self.stamp[i] != self.level {
                self.stamp[i] = self.level;
                self.trail.push((i, self.size[i]));
                let (s, n) = (self.start[i], self.w[i]);
                self.old.extend_from_slice(&self.words[s..s + n]);
            }
            self.words[self.start[i] + j / 64] &= !(1 << (j % 64));
            self.size[i] -= 1;
        }
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (i, size) = self.trail.pop().expect("a saved item");
            let (s, n) = (self.start[i], self.w[i]);
            let from = self.old.len() - n;
            self.words[s..s + n].copy_from_slice(&self.old[from..]);
            self.old.truncate(from);
            self.size[i] = size;
            self.stamp[i] = 0;
        }
    }

    fn search(&mut self, c: &Columns, count: &mut u128) {
        let Some(x) = c.choose(&self.covered, |i| self.size[i]) else {
            *count += 1;
            return;
        };
        let (at, len) = (self.start[x], self.w[x]);
        let choices: Vec<u64> = self.words[at..at + len].to_vec();
        for (wi, mut word) in choices.into_iter().enumerate() {
            while word != 0 {
                let o = c.column[x][wi * 64 + word.trailing_zeros() as usize];
                word &= word - 1;
                self.level += 1;
                let mark = self.trail.len();
                for &y in &c.options[o] {
                    // Covered first, so that no removal updates it; then
                    // its live options, each removed from the items
                    // still to cover.
                    self.covered[y] = true;
                    let at = self.start[y];
                    for wj in 0..self.w[y] {
                        let mut live = self.words[at + wj];
                        while live != 0 {
                            let p = c.column[y][wj * 64 + live.trailing_zeros() as usize];
                            live &= live - 1;
                            self.remove(c, p);
                        }
                    }
                }
                self.search(c, count);
                for &y in &c.options[o] {
                    self.covered[y] = false;
                }
                self.undo(mark);
            }
        }
    }
}

/// Counts the covers with a sparse set per item.
pub fn cells(c: &Columns) -> u128 {
    // Flat arrays: item `i`'s entries from `start[i]`, option `o`'s places
    // from `first[o]`.
    let mut start = Vec::with_capacity(c.column.len());
    let mut entries = Vec::new();
    for (i, col) in c.column.iter().enumerate() {
        start.push(entries.len());
        entries.extend(
            col.iter()
                .map(|&o| (o, c.options[o].iter().position(|&y| y == i).unwrap_or(0))),
        );
    }
    let mut first = Vec::with_capacity(c.options.len());
    let mut at = Vec::new();
    for (o, places) in c.place.iter().enumerate() {
        first.push(at.len());
        at.extend(
            places
                .iter()
                .zip(&c.options[o])
                .map(|(&j, &i)| start[i] + j),
        );
    }
    let mut s = Cells {
        entries,
        start,
        at,
        first,
        size: c.column.iter().map(Vec::len).collect(),
        trail: Vec::new(),
        covered: vec![false; c.primary.len()],
    };
    let mut count = 0;
    s.search(c, &mut count);
    count
}

struct Cells {
    /// Per item from `start`, its options (and the item's place among
    /// the option's items), the live ones first.
    entries: Vec<(usize, usize)>,
    start: Vec<usize>,
    /// Per option from `first`, per item of it, where it stands in
    /// `entries`.
    at: Vec<usize>,
    first: Vec<usize>,
    size: Vec<usize>,
    /// The options removed, last last.
    trail: Vec<usize>,
    covered: Vec<bool>,
}

impl Cells {
    fn remove(&mut self, c: &Columns, p: usize) {
        for (k, &i) in c.options[p].iter().enumerate() {
            if self.covered[i] {
                continue;
            }
            let last = self.start[i] + self.size[i] - 1;
            let here = self.at[self.first[p] + k];
            if here != last {
                let (q, kq) = self.entries[last];
                self.entries.swap(here, last);
                self.at[self.first[p] + k] = last;
                self.at[self.first[q] + kq] = here;
            }
            self.size[i] -= 1;
        }
        self.trail.push(p);
    }

    /// Undoes the removals back to `mark`, with the items covered as
    /// they were when the removals were made.
    fn undo(&mut self, c: &Columns, mark: usize) {
        while self.trail.len() > mark {
            let p = self.trail.pop().expect("a removal");
            for &i in &c.options[p] {
                if !self.covered[i] {
                    self.size[i] += 1;
                }
            }
        }
    }

    fn search(&mut self, c: &Columns, count: &mut u128) {
        let Some(x) = c.choose(&self.covered, |i| self.size[i]) else {
            *count += 1;
            return;
        };
        let from = self.start[x];
        let choices: Vec<(usize, usize)> = self.entries[from..from + self.size[x]].to_vec();
        let mut marks = Vec::with_capacity(8);
        for (o, _) in choices {
            marks.clear();
            for &y in &c.options[o] {
                // Covered first, so that no removal updates it; then its
                // live options, each removed from the items still to
                // cover.
                marks.push(self.trail.len());
                self.covered[y] = true;
                let from = self.start[y];
                for at in from..from + self.size[y] {
                    let (p, _) = self.entries[at];
                    self.remove(c, p);
                }
            }
            self.search(c, count);
            // Last covered, first uncovered, each after its removals.
            for (&y, &mark) in c.options[o].iter().zip(&marks).rev() {
                self.undo(c, mark);
                self.covered[y] = false;
            }
        }
    }
}
