//! `NoOverlap`: tasks on one machine, each with a start variable and a fixed
//! duration, never run at the same time.

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

use super::numbers::Ints;
use super::scope::{NONE, positions};
use super::scratch::Scratch;

/// No overlap (a unary resource, a disjunctive constraint): tasks on one
/// machine, each given as `(start variable, duration)`, run one at a time.
/// Task `i` occupies the half-open interval `[start_i, start_i +
/// duration_i)`; two tasks of positive durations must not share an
/// instant. A task of duration 0 occupies nothing and is free. Values are
/// read as `i64` through `TryInto<i64>`; durations must not be negative.
///
/// How it narrows, after each step (once per batch of changes, woken when
/// a start's lowest or highest candidate moves):
///
/// - an overload check: the tasks that must lie within a window of time
///   must fit in it, one after the other;
/// - detectable precedences (Vilím): when task `i` cannot end before task
///   `j`'s latest start, `j` comes first, and `i` starts no earlier than
///   the earliest all such `j` can complete one after the other (and the
///   mirror rule for the latest starts);
/// - time-tabling on the domains: a task that must occupy an interval
///   whatever its start (its latest start lies before its earliest end)
///   removes from the other tasks every start that would overlap that
///   interval, holes included.
///
/// These run until nothing changes. A fixed task removes every overlapping
/// start of the others, so every candidate left agrees with the assigned
/// tasks: its [`check`](Checker::check) sorts the assigned tasks and
/// compares neighbours.
///
/// ```
/// use backtracker::{constraints::NoOverlap, ModelBuilder};
///
/// // Three tasks of durations 2, 3 and 1 on one machine within 0..6:
/// // they fill it, in any of 3! = 6 orders.
/// let mut b = ModelBuilder::new();
/// let a = b.variable("a", 0..=4);
/// let c = b.variable("c", 0..=3);
/// let e = b.variable("e", 0..=5);
/// let mut model = b.build((NoOverlap::new("machine", [(a, 2), (c, 3), (e, 1)]),))?;
/// assert_eq!(model.search().count().value, 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct NoOverlap {
    name: String,
    /// The start variables (the scope), and per task its duration.
    starts: Vec<usize>,
    durations: Vec<i64>,
    /// Per model variable, its position in `starts`, or `NONE`.
    pos: Vec<u32>,
    /// Per task, its start values as integers.
    ints: Vec<Ints>,
    /// The tasks of positive duration.
    active: Vec<usize>,
    scratch: Scratch<Buffers>,
}

/// Working memory of the narrowing.
#[derive(Debug, Default)]
struct Buffers {
    est: Vec<i64>,
    lst: Vec<i64>,
    new_est: Vec<i64>,
    new_lst: Vec<i64>,
    previous: Vec<(i64, i64)>,
    order: Vec<usize>,
    forbidden: Vec<(i64, i64)>,
}

impl NoOverlap {
    /// A checker called `name` over `tasks`, each a start variable and its
    /// duration. A variable may not start two tasks.
    ///
    /// ```
    /// use backtracker::{constraints::NoOverlap, ModelBuilder};
    ///
    /// // Two tasks of 3 starting within 0..=4 start at least 3 apart:
    /// // (0, 3), (0, 4), (1, 4) and the same the other way round.
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..=4);
    /// let y = b.variable("y", 0..=4);
    /// let mut model = b.build((NoOverlap::new("machine", [(x, 3), (y, 3)]),))?;
    /// assert_eq!(model.search().count().value, 6);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(name: impl Into<String>, tasks: impl IntoIterator<Item = (usize, i64)>) -> Self {
        let (starts, durations) = tasks.into_iter().unzip();
        NoOverlap {
            name: name.into(),
            starts,
            durations,
            pos: Vec::new(),
            ints: Vec::new(),
            active: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Whether tasks `i` and `j` started at `a` and `b` overlap.
    #[inline]
    fn overlap(&self, i: usize, a: i64, j: usize, b: i64) -> bool {
        let (di, dj) = (self.durations[i], self.durations[j]);
        di > 0 && dj > 0 && a < b + dj && b < a + di
    }

    /// Narrows to the fixpoint of the three rules.
    fn propagate<V>(&self, d: &mut Domains<'_, V>, s: &mut Buffers) -> Result<(), Conflict> {
        let tasks = self.starts.len();
        s.previous.clear();
        loop {
            s.est.clear();
            s.lst.clear();
            for p in 0..tasks {
                let (lo, hi) = self.ints[p]
                    .bounds(self.starts[p], d)
                    .ok_or_else(Conflict::new)?;
                s.est.push(lo);
                s.lst.push(hi);
            }
            let same = s.previous.len() == tasks
                && (0..tasks).all(|p| s.previous[p] == (s.est[p], s.lst[p]));
            if same {
                return Ok(());
            }
            s.previous.clear();
            s.previous.extend((0..tasks).map(|p| (s.est[p], s.lst[p])));
            self.overload(s)?;
            self.precedences(s);
            for &i in &self.active {
                let (lo, hi) = (s.new_est[i], s.new_lst[i]);
                if lo > hi {
                    return Err(Conflict::new());
                }
                // Starts that overlap another task's compulsory part.
                s.forbidden.clear();
                let di = self.durations[i];
                for &j in &self.active {
                    let (part_lo, part_hi) = (s.lst[j], s.est[j] + self.durations[j]);
                    if j != i && part_lo < part_hi {
                        let (a, b) = (part_lo - di, part_hi);
                        if a < hi && b > lo {
                            s.forbidden.push((a, b));
                        }
                    }
                }
                if lo == s.est[i] && hi == s.lst[i] && s.forbidden.is_empty() {
                    continue;
                }
                let values = &self.ints[i].values;
                let forbidden = &s.forbidden;
                d.retain(self.starts[i], |k| {
                    let v = values[k];
                    (lo..=hi).contains(&v) && !forbidden.iter().any(|&(a, b)| a < v && v < b)
                })?;
            }
        }
    }

    /// Fails when some tasks must run within a window too short for all
    /// of them; fills `new_est` and `new_lst` with the current bounds.
    fn overload(&self, s: &mut Buffers) -> Result<(), Conflict> {
        s.new_est.clone_from(&s.est);
        s.new_lst.clone_from(&s.lst);
        // For each latest end, the tasks that must end by it, latest
        // earliest start first: each start begins a window.
        s.order.clear();
        s.order.extend_from_slice(&self.active);
        let (est, lst, dur) = (&s.est, &s.lst, &self.durations);
        s.order.sort_unstable_by_key(|&i| std::cmp::Reverse(est[i]));
        for &k in &self.active {
            let end = lst[k] + dur[k];
            let mut work = 0i64;
            for &j in &s.order {
                if lst[j] + dur[j] <= end {
                    work += dur[j];
                    if est[j] + work > end {
                        return Err(Conflict::new());
                    }
                }
            }
        }
        Ok(())
    }

    /// Detectable precedences, both ways, into `new_est` and `new_lst`.
    fn precedences(&self, s: &mut Buffers) {
        let (est, lst, dur) = (&s.est, &s.lst, &self.durations);
        s.order.clear();
        s.order.extend_from_slice(&self.active);
        s.order.sort_unstable_by_key(|&j| est[j]);
        for &i in &self.active {
            let ect = est[i] + dur[i];
            let mut end = i64::MIN;
            for &j in &s.order {
                // j must come before i: i cannot end by j's latest start.
                if j != i && lst[j] < ect {
                    end = end.max(est[j]) + dur[j];
                }
            }
            if end > s.new_est[i] {
                s.new_est[i] = end;
            }
        }
        s.order
            .sort_unstable_by_key(|&j| std::cmp::Reverse(lst[j] + dur[j]));
        for &i in &self.active {
            let mut start = i64::MAX;
            for &j in &s.order {
                // j must come after i: j cannot end by i's latest start.
                if j != i && est[j] + dur[j] > lst[i] {
                    start = start.min(lst[j] + dur[j]) - dur[j];
                }
            }
            if start != i64::MAX && start - dur[i] < s.new_lst[i] {
                s.new_lst[i] = start - dur[i];
            }
        }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for NoOverlap {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned tasks of positive duration are pairwise apart.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let mut placed: Vec<(i64, i64)> = self
            .active
            .iter()
            .filter_map(|&p| {
                let k = a.index(self.starts[p])?;
                let start = self.ints[p].values[k];
                Some((start, start + self.durations[p]))
            })
            .collect();
        placed.sort_unstable();
        placed.windows(2).all(|w| w[0].1 <= w[1].0)
    }

    /// The step's task against each assigned task.
    fn promising(&self, a: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        let Some(&p) = self.pos.get(choice.var).filter(|&&p| p != NONE) else {
            return true;
        };
        let p = p as usize;
        let start = self.ints[p].values[choice.index];
        self.active.iter().all(|&q| {
            q == p
                || a.index(self.starts[q])
                    .is_none_or(|k| !self.overlap(p, start, q, self.ints[q].values[k]))
        })
    }

    fn narrows(&self) -> bool {
        true
    }

    // A fixed task removes every overlapping start of the others.
    fn filters(&self) -> bool {
        false
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    // Every rule reads the starts' bounds alone.
    fn wakes_on(&self, _: usize) -> Wake {
        Wake::Bounds
    }

    fn narrow(&self, _: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        self.scratch.with(|s| self.propagate(d, s))
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.starts)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let invalid = |reason: &str| ModelError::InvalidChecker {
            checker: self.name.clone(),
            reason: reason.to_owned(),
        };
        if self.durations.iter().any(|&d| d < 0) {
            return Err(invalid("a duration is negative"));
        }
        self.pos = positions(&self.name, &self.starts, model)?;
        self.ints = self
            .starts
            .iter()
            .map(|&var| Ints::of(&self.name, var, model))
            .collect::<Result<_, _>>()?;
        // Every time the narrowing forms lies within the starts' extent
        // widened by the total duration, twice over.
        let total = self
            .durations
            .iter()
            .try_fold(0i64, |t, &d| t.checked_add(d))
            .and_then(|t| t.checked_mul(4));
        let fits = self.ints.iter().all(|ints| {
            let (lo, hi) = ints.extent();
            total.is_some_and(|t| lo.checked_sub(t).is_some() && hi.checked_add(t).is_some())
        });
        if !fits {
            return Err(invalid(
                "its times could overflow 64-bit integers (the starts plus the total duration must fit)",
            ));
        }
        self.active = (0..self.starts.len())
            .filter(|&p| self.durations[p] > 0)
            .collect();
        self.scratch.reset();
        Ok(())
    }
}
