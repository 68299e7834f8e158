//! Counting under the declared group by orbits of constellations, the way
//! the record N-Queens counters count, for any model with a group.
//!
//! Exactly one literal of a variable's line (its candidates) holds in every
//! solution, and a symmetry maps solutions to solutions one to one, so
//! exactly one literal of the image of a line holds in every solution too.
//! The frame is the orbit of the first variable's line under the group:
//! for N-Queens, one variable per row, the first and last rows and the
//! first and last columns. A solution's constellation is its literal on
//! each line of the frame; a symmetry maps the constellations to
//! constellations, and the solutions with constellation `K` one to one onto
//! those with its image. So the number of solutions is the sum, over one
//! constellation per orbit (the least, as a sorted list of literals), of
//! its solutions times the size of its orbit. Each is counted by the plain
//! search with its literals pinned and the frame's other literals removed
//! at the root ([`Config::restrict`]).

use std::time::Instant;

use crate::assignment::{Assignment, Choice, UNASSIGNED};
use crate::checkers::Checkers;
use crate::model::Model;
use crate::observe::{NoObserver, TallyOnly};
use crate::outcome::Outcome;
use crate::symmetry::Group;

use super::engine::Engine;
use super::place::OnThreads;
use super::progress::part_done;
use super::schedule::{Parts, Workers};
use super::{Search, Unit};

/// The lines of the frame: per line its literals, per literal the lines
/// it lies on, per variable its literals on the frame, and per element of
/// the group the line each line comes from (`from[e][i]`: the line that
/// element `e` maps onto line `i`).
struct Frame {
    lines: Vec<Vec<u32>>,
    lines_of: Vec<Vec<usize>>,
    of_var: Vec<Vec<u32>>,
    from: Vec<Vec<usize>>,
}

impl Frame {
    /// The orbit of the first variable's line under `group`.
    fn of(group: &Group, initial: &[u64], words: usize, sizes: &[usize]) -> Frame {
        let candidate =
            |var: usize, index: usize| initial[var * words + index / 64] >> (index % 64) & 1 == 1;
        let image = |perm: &[u32], line: &[u32]| {
            let mut image: Vec<u32> = line.iter().map(|&l| perm[l as usize]).collect();
            image.sort_unstable();
            image
        };
        let first: Vec<u32> = (0..sizes[0])
            .filter(|&i| candidate(0, i))
            .map(|i| group.literal_id(0, i))
            .collect();
        let mut lines = vec![first.clone()];
        for perm in &group.elements {
            let line = image(perm, &first);
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
        let mut lines_of = vec![Vec::new(); group.literal_count()];
        let mut of_var = vec![Vec::new(); sizes.len()];
        for (k, line) in lines.iter().enumerate() {
            for &l in line {
                if lines_of[l as usize].is_empty() {
                    of_var[group.literal(l).0].push(l);
                }
                lines_of[l as usize].push(k);
            }
        }
        let from = group
            .elements
            .iter()
            .map(|perm| {
                let mut from = vec![0; lines.len()];
                for (j, line) in lines.iter().enumerate() {
                    let to = image(perm, line);
                    let i = lines
                        .iter()
                        .position(|l| *l == to)
                        .expect("the frame is an orbit");
                    from[i] = j;
                }
                from
            })
            .collect();
        Frame {
            lines,
            lines_of,
            of_var,
            from,
        }
    }
}

/// A part of the tree: the solutions whose literals on the frame include
/// `pins` and avoid `removed`, each standing for `weight` solutions.
#[derive(Clone)]
pub(crate) struct Constellation {
    pins: Vec<u32>,
    removed: Vec<u32>,
    weight: u64,
}

/// The parts of `model`'s tree that hold one solution per orbit, with the
/// orbits' sizes as weights; `None` without a group.
///
/// A constellation is compared with its images as the tuple of its
/// literals, line by line in the frame's order, and the least of an orbit
/// is the one kept. The walk decides, for each symmetry, whether it maps
/// the constellations of a part to larger ones: where the comparison
/// reaches a line that is not pinned, the part splits into the literals
/// that decide it (a restriction of that line, no pin) and the one literal
/// that ties (pinned, and the comparison goes on). A part is complete when
/// every symmetry is decided; one that only the pins of every line decide
/// is weighted by its stabiliser. So most of the tree is searched in a few
/// parts with one pin each, as the record N-Queens counters do by hand.
fn constellations<V, C: Checkers<V>>(model: &Model<V, C>) -> Option<Vec<Constellation>> {
    let group = model.options.group.as_ref()?;
    let table = &*model.table;
    if table.len() == 0 || group.order() < 2 {
        return None;
    }
    let sizes: Vec<usize> = table.domains.iter().map(Vec::len).collect();
    let frame = Frame::of(group, &table.initial, table.words, &sizes);
    let mut walk = Walk {
        model,
        group,
        frame: &frame,
        slots: vec![UNASSIGNED; table.len()],
        pin: vec![None; frame.lines.len()],
        allowed: vec![true; group.literal_count()],
        decided: vec![false; group.elements.len()],
        pins: Vec::new(),
        marks: Vec::new(),
        log: Vec::new(),
        found: Vec::new(),
    };
    walk.refine();
    Some(walk.found)
}

/// Where the comparison of a constellation with its image under one
/// symmetry stands.
enum Standing {
    /// The image is larger.
    Larger,
    /// Every line ties: the symmetry fixes the constellation.
    Fixed,
    /// Line `line`'s literal `ours` is pinned; the image's comes from line
    /// `from`, which is not.
    Theirs { from: usize, ours: u32 },
    /// Line `line` is not pinned; the image's literal there is `theirs`.
    Ours { line: usize, theirs: u32 },
    /// Neither is pinned at line `line`.
    Open { line: usize },
}

/// The walk over the parts of the frame.
struct Walk<'a, V, C> {
    model: &'a Model<V, C>,
    group: &'a Group,
    frame: &'a Frame,
    /// The pinned literals, per variable.
    slots: Vec<u32>,
    /// Per line, its pinned literal.
    pin: Vec<Option<u32>>,
    /// Per literal, whether the part may hold it.
    allowed: Vec<bool>,
    /// Per symmetry, whether a restriction decided it.
    decided: Vec<bool>,
    pins: Vec<u32>,
    /// Per pin, the length of `log` before it.
    marks: Vec<usize>,
    /// The literals disallowed, in turn, to allow again on the way back.
    log: Vec<u32>,
    found: Vec<Constellation>,
}

impl<V, C: Checkers<V>> Walk<'_, V, C> {
    /// Where the comparison under element `e` stands.
    fn standing(&self, e: usize) -> Option<Standing> {
        let perm = &self.group.elements[e];
        for line in 0..self.frame.lines.len() {
            let from = self.frame.from[e][line];
            match (self.pin[line], self.pin[from].map(|l| perm[l as usize])) {
                (Some(ours), Some(theirs)) if theirs < ours => return None,
                (Some(ours), Some(theirs)) if theirs > ours => return Some(Standing::Larger),
                (Some(_), Some(_)) => {}
                (Some(ours), None) => return Some(Standing::Theirs { from, ours }),
                (None, Some(theirs)) => return Some(Standing::Ours { line, theirs }),
                (None, None) => return Some(Standing::Open { line }),
            }
        }
        Some(Standing::Fixed)
    }

    fn refine(&mut self) {
        let lines = &self.frame.lines;
        let empty = (0..lines.len())
            .any(|k| self.pin[k].is_none() && !lines[k].iter().any(|&l| self.allowed[l as usize]));
        if empty {
            return;
        }
        let mut standings = Vec::new();
        for e in 0..self.group.elements.len() {
            if self.decided[e] {
                continue;
            }
            match self.standing(e) {
                None => return,
                Some(Standing::Larger) => {}
                Some(standing) => standings.push((e, standing)),
            }
        }
        let undecided: Vec<usize> = standings.iter().map(|&(e, _)| e).collect();
        let mut open = None;
        for (e, standing) in standings {
            match standing {
                Standing::Larger | Standing::Fixed => {}
                Standing::Theirs { from, ours } => {
                    let perm = &self.group.elements[e];
                    return self.split(e, from, |l| perm[l as usize].cmp(&ours));
                }
                Standing::Ours { line, theirs } => {
                    return self.split(e, line, |l| theirs.cmp(&l));
                }
                Standing::Open { line } => _ = open.get_or_insert(line),
            }
        }
        // Only pins are left to decide the rest: keep the part whole if
        // the rest is a group that maps it onto itself (one of the
        // first variable's literals that a symmetry fixes, as the corner
        // of a board), rather than split it into a part per literal.
        if open.is_none() || (!self.pins.is_empty() && self.keeps(&undecided)) {
            return self.emit(undecided.len());
        }
        if let Some(line) = open {
            for l in lines[line].clone() {
                if self.pin_literal(l) {
                    self.refine();
                    self.unpin();
                }
            }
        }
    }

    /// Whether the `undecided` elements, with the identity, are a group
    /// that maps the part onto itself: then its solutions, counted whole,
    /// stand for the group's index times over (each orbit of the part's
    /// constellations under it holds one canonical constellation, whose
    /// orbit under the whole group is that many times its own).
    fn keeps(&self, undecided: &[usize]) -> bool {
        const MOST: usize = 64;
        if undecided.len() > MOST {
            return false;
        }
        let elements = &self.group.elements;
        let maps_part = |perm: &[u32]| {
            self.pins.iter().all(|&l| {
                let (var, index) = self.group.literal(perm[l as usize]);
                self.slots[var] as usize == index
            }) && self
                .frame
                .of_var
                .iter()
                .flatten()
                .all(|&l| self.allowed[l as usize] == self.allowed[perm[l as usize] as usize])
        };
        if !undecided.iter().all(|&e| maps_part(&elements[e])) {
            return false;
        }
        undecided.iter().all(|&x| {
            undecided.iter().all(|&y| {
                let (x, y) = (&elements[x], &elements[y]);
                let composed = || y.iter().map(|&l| x[l as usize]);
                composed().enumerate().all(|(l, to)| l == to as usize)
                    || undecided
                        .iter()
                        .any(|&z| composed().eq(elements[z].iter().copied()))
            })
        })
    }

    /// Keeps the part as it is, weighted by the index of the group that
    /// its `undecided` elements and the identity make.
    fn emit(&mut self, undecided: usize) {
        let removed = self
            .frame
            .of_var
            .iter()
            .flatten()
            .copied()
            .filter(|&l| !self.allowed[l as usize])
            .collect();
        self.found.push(Constellation {
            pins: self.pins.clone(),
            removed,
            weight: (self.group.order() / (undecided + 1)) as u64,
        });
    }

    /// Splits the part at `line`, for element `e`: its literals for which
    /// `order` says the image is larger (a restriction, `e` decided), and
    /// the one that ties (pinned); those that make it smaller are out.
    fn split(&mut self, e: usize, line: usize, order: impl Fn(u32) -> std::cmp::Ordering) {
        let literals = self.frame.lines[line].clone();
        let mark = self.log.len();
        for &l in &literals {
            if order(l) != std::cmp::Ordering::Greater {
                self.disallow(l);
            }
        }
        self.decided[e] = true;
        self.refine();
        self.decided[e] = false;
        self.restore(mark);
        if let Some(&tie) = literals
            .iter()
            .find(|&&l| order(l) == std::cmp::Ordering::Equal)
            && self.pin_literal(tie)
        {
            self.refine();
            self.unpin();
        }
    }

    fn disallow(&mut self, l: u32) {
        if std::mem::replace(&mut self.allowed[l as usize], false) {
            self.log.push(l);
        }
    }

    fn restore(&mut self, mark: usize) {
        for l in self.log.drain(mark..) {
            self.allowed[l as usize] = true;
        }
    }

    /// Pins literal `l` if the part allows it and the checkers accept it
    /// with the other pins: every other literal of its lines and of its
    /// variable is then out.
    fn pin_literal(&mut self, l: u32) -> bool {
        let (var, index) = self.group.literal(l);
        if !self.allowed[l as usize] || self.slots[var] != UNASSIGNED {
            return false;
        }
        self.slots[var] = crate::index::small(index);
        let assignment = Assignment::new(&self.model.table, &self.slots);
        let checkers = self.model.checkers();
        if !(0..checkers.len()).all(|k| checkers.check_one(k, &assignment)) {
            self.slots[var] = UNASSIGNED;
            return false;
        }
        self.marks.push(self.log.len());
        self.pins.push(l);
        let frame = self.frame;
        for &k in &frame.lines_of[l as usize] {
            self.pin[k] = Some(l);
            for &other in &frame.lines[k] {
                if other != l {
                    self.disallow(other);
                }
            }
        }
        for &other in &frame.of_var[var] {
            if other != l {
                self.disallow(other);
            }
        }
        true
    }

    /// Undoes the last pin.
    fn unpin(&mut self) {
        let l = self.pins.pop().expect("a pin to undo");
        let mark = self.marks.pop().expect("a pin to undo");
        self.restore(mark);
        for &k in &self.frame.lines_of[l as usize] {
            self.pin[k] = None;
        }
        self.slots[self.group.literal(l).0] = UNASSIGNED;
    }
}

/// A fingerprint of the constellations `found` (64-bit FNV-1a over their
/// literals and weights, in order): what a checkpoint of a count by
/// orbits names its run by, so that one of another group is refused.
pub(crate) fn fingerprint(found: &[Constellation]) -> u64 {
    let words = found.iter().flat_map(|k| {
        let head = [k.pins.len() as u64, k.removed.len() as u64, k.weight];
        let literals = k.pins.iter().chain(&k.removed).map(|&l| u64::from(l));
        head.into_iter().chain(literals)
    });
    words.fold(0xcbf2_9ce4_8422_2325, |hash: u64, word| {
        word.to_le_bytes().iter().fold(hash, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    })
}

/// The candidates at the root for constellation `k`: its literals pinned,
/// every other literal of the frame removed.
fn masks<V, C>(model: &Model<V, C>, k: &Constellation) -> Vec<u64> {
    let group = model.options.group.as_ref().expect("a group has a frame");
    let words = model.table.words;
    let mut masks = model.table.initial.clone();
    for &lit in &k.removed {
        let (var, index) = group.literal(lit);
        masks[var * words + index / 64] &= !(1 << (index % 64));
    }
    for &lit in &k.pins {
        let (var, index) = group.literal(lit);
        masks[var * words..(var + 1) * words].fill(0);
        masks[var * words + index / 64] |= 1 << (index % 64);
    }
    masks
}

/// Narrows `masks` by what the checkers' filters remove, given the
/// constellation's literals, from every other variable (one-word sets):
/// so the search prunes by the pinned variables from its first step, as if
/// they came first in the order. Sound, as every filter is: it removes
/// only values no solution with these literals takes.
fn settle<V, C: Checkers<V>>(model: &mut Model<V, C>, masks: &mut [u64], k: &Constellation) {
    let Model {
        table,
        checkers,
        watch,
        ..
    } = model;
    if table.words != 1 {
        return;
    }
    let group = model.options.group.as_ref().expect("a group has a frame");
    let checkers = checkers.get_mut();
    let mut slots = vec![UNASSIGNED; table.len()];
    let choice = |lit: u32| {
        let (var, index) = group.literal(lit);
        Choice {
            var,
            index,
            value: &table.domains[var][index],
        }
    };
    for &lit in &k.pins {
        let c = choice(lit);
        checkers.assign_all(c, watch);
        slots[c.var] = crate::index::small(c.index);
    }
    let assignment = Assignment::new(table, &slots);
    for (var, mask) in masks.iter_mut().enumerate() {
        if slots[var] == UNASSIGNED {
            *mask = checkers.filter_all_word(&assignment, var, *mask, watch);
        }
    }
    for &lit in k.pins.iter().rev() {
        checkers.unassign_all(choice(lit), watch);
    }
}

/// Counts constellation `k` on `model` as a part of `parts`: the plain
/// search with the constellation's literals pinned and the frame's other
/// literals removed, its count weighted by the orbit's size.
fn count_one<V, C: Checkers<V>>(
    model: &mut Model<V, C>,
    parts: &Parts<V>,
    k: &Constellation,
) -> Outcome<u128> {
    let mut config = parts.part_config();
    let mut masks = masks(model, k);
    settle(model, &mut masks, k);
    config.restrict = Some(masks.into());
    config.symmetry = false;
    let mut engine = Engine::new(model, &config);
    let whole = [Unit::whole()];
    if config.tally {
        engine.walk_reporting(&whole, None, &mut TallyOnly, &mut |_, _, _| {});
    } else {
        engine.walk_reporting(&whole, None, &mut NoObserver, &mut |_, _, _| {});
    }
    let count = engine.count() * u128::from(k.weight);
    engine.outcome(count)
}

impl<V, C: Checkers<V>, O, W> Search<'_, V, C, O, W> {
    /// The parts of a count by orbits; `None` when the count is plain:
    /// orbits not asked for, without a group, without symmetry, or in
    /// cross-check mode.
    pub(crate) fn orbit_parts(&self) -> Option<Vec<Constellation>> {
        if self.config.orbits && self.config.symmetry && self.config.describe.is_none() {
            constellations(self.model)
        } else {
            None
        }
    }
}

impl<V, C: Checkers<V>, O> Search<'_, V, C, O> {
    /// Counts the constellations `found` one after the other on this
    /// thread (see [`orbits`](Self::orbits)).
    pub(crate) fn count_orbits_in_turn(self, found: &[Constellation]) -> Outcome<u128> {
        if let Err(poisoned) = self.model.usable() {
            return Outcome::refused(poisoned);
        }
        let started = Instant::now();
        let parts = Parts::new(&self.config);
        let of = found.len();
        let progress = self.progress.as_ref();
        let outcomes = parts.in_turn(self.model, of, |model, i| {
            let outcome = count_one(model, &parts, &found[i]);
            if outcome.stop.is_complete() {
                part_done(progress, i, of, &outcome);
            }
            outcome
        });
        finish(outcomes, self.model, &parts, started)
    }
}

impl<V: Send + Sync, C: Checkers<V> + Clone + Send + Sync> Search<'_, V, C, NoObserver, OnThreads> {
    /// Counts the constellations `found` on the search's threads (see
    /// [`orbits`](Self::orbits)). The total and the statistics are the
    /// same for every number of threads.
    pub(crate) fn count_orbits_on_threads(self, found: &[Constellation]) -> Outcome<u128> {
        if let Err(poisoned) = self.model.usable() {
            return Outcome::refused(poisoned);
        }
        let threads = self.place.threads();
        let started = Instant::now();
        let parts = Parts::new(&self.config);
        let of = found.len();
        let progress = self.progress.as_ref();
        let count = |mine: &mut Model<V, C>, i: usize| {
            let outcome = count_one(mine, &parts, &found[i]);
            if outcome.stop.is_complete() {
                part_done(progress, i, of, &outcome);
            }
            outcome
        };
        let outcomes = if threads == 1 {
            parts.run(Workers::Here(self.model), of, count)
        } else {
            parts.run(Workers::Threads(&*self.model, threads), of, count)
        };
        finish(outcomes, self.model, &parts, started)
    }
}

/// The constellations' outcomes summed.
fn finish<V, C: Checkers<V>>(
    outcomes: Vec<Option<Outcome<u128>>>,
    model: &Model<V, C>,
    parts: &Parts<V>,
    started: Instant,
) -> Outcome<u128> {
    let mut total = parts.sum(outcomes, parts.names(model));
    total.stats.elapsed = started.elapsed();
    total
}
