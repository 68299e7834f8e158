//! `Cumulative`: tasks with start variables, durations and demands share a
//! resource of fixed capacity.

use crate::assignment::{Assignment, ModelInfo};
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

use super::numbers::Ints;
use super::scope::positions;
use super::scratch::Scratch;

/// A cumulative resource: tasks, each given as `(start variable, duration,
/// demand)`, share a resource of `capacity`; at every instant the demands
/// of the tasks running (task `i` runs over `[start_i, start_i +
/// duration_i)`) add up to at most `capacity`. Values are read as `i64`
/// through `TryInto<i64>`; durations and demands must not be negative.
///
/// It narrows by time-tabling: the compulsory part of each task (from its
/// latest start to its earliest end, when that is not empty) builds a
/// profile of the resource's sure use; a profile above the capacity is a
/// conflict, and each task loses the starts that would lift the profile of
/// the others above the capacity, holes included. This runs until the
/// starts' bounds stop moving; a fixed task's whole run is compulsory, so
/// every candidate left agrees with the assigned tasks.
///
/// ```
/// use backtracker::{constraints::Cumulative, ModelBuilder};
///
/// // Three tasks of duration 2 and demand 1, 1 and 2, capacity 2, starts
/// // within 0..=2: the task of demand 2 runs alone, so it starts at 0 with
/// // both others at 2, or at 2 with both others at 0.
/// let mut b = ModelBuilder::new();
/// let starts: Vec<usize> = (0..3).map(|i| b.variable(format!("s{i}"), 0..=2)).collect();
/// let tasks = [(starts[0], 2, 1), (starts[1], 2, 1), (starts[2], 2, 2)];
/// let mut model = b.build((Cumulative::new("crew", tasks, 2),))?;
/// assert_eq!(model.search().count().value, 2);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cumulative {
    name: String,
    starts: Vec<usize>,
    durations: Vec<i64>,
    demands: Vec<i64>,
    capacity: i64,
    ints: Vec<Ints>,
    /// The tasks of positive duration and demand.
    active: Vec<usize>,
    scratch: Scratch<Buffers>,
}

/// Working memory of the narrowing.
#[derive(Debug, Default)]
struct Buffers {
    est: Vec<i64>,
    lst: Vec<i64>,
    previous: Vec<(i64, i64)>,
    events: Vec<(i64, i64)>,
    forbidden: Vec<(i64, i64)>,
}

impl Cumulative {
    /// A checker called `name` over `tasks`, each a start variable, a
    /// duration and a demand, on a resource of `capacity`.
    ///
    /// ```
    /// use backtracker::{constraints::Cumulative, ModelBuilder};
    ///
    /// // Two tasks of demand 2 on a capacity of 3 cannot overlap: starts
    /// // within 0..=2 of tasks of duration 2 are then 0 and 2, either way.
    /// let mut b = ModelBuilder::new();
    /// let (x, y) = (b.variable("x", 0..=2), b.variable("y", 0..=2));
    /// let mut model = b.build((Cumulative::new("crane", [(x, 2, 2), (y, 2, 2)], 3),))?;
    /// assert_eq!(model.search().count().value, 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn new(
        name: impl Into<String>,
        tasks: impl IntoIterator<Item = (usize, i64, i64)>,
        capacity: i64,
    ) -> Self {
        let (mut starts, mut durations, mut demands) = (Vec::new(), Vec::new(), Vec::new());
        for (s, d, c) in tasks {
            starts.push(s);
            durations.push(d);
            demands.push(c);
        }
        Cumulative {
            name: name.into(),
            starts,
            durations,
            demands,
            capacity,
            ints: Vec::new(),
            active: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Whether the runs `events` (a `(time, change of use)` per start and
    /// end, in any order) keep the use within the capacity; sorts them.
    /// Calls `over` with each interval `[from, to)` of use `height`.
    fn sweep(events: &mut [(i64, i64)], mut over: impl FnMut(i64, i64, i64)) {
        events.sort_unstable();
        let mut height = 0;
        let mut k = 0;
        while k < events.len() {
            let time = events[k].0;
            while k < events.len() && events[k].0 == time {
                height += events[k].1;
                k += 1;
            }
            if let Some(&(next, _)) = events.get(k) {
                over(time, next, height);
            }
        }
    }

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
            if s.previous.len() == tasks
                && (0..tasks).all(|p| s.previous[p] == (s.est[p], s.lst[p]))
            {
                return Ok(());
            }
            s.previous.clear();
            s.previous.extend((0..tasks).map(|p| (s.est[p], s.lst[p])));
            for &i in &self.active {
                let di = self.durations[i];
                let room = self.capacity - self.demands[i];
                s.events.clear();
                for &j in &self.active {
                    let (lo, hi) = (s.lst[j], s.est[j] + self.durations[j]);
                    if j != i && lo < hi {
                        s.events.push((lo, self.demands[j]));
                        s.events.push((hi, -self.demands[j]));
                    }
                }
                s.forbidden.clear();
                let mut overload = false;
                let capacity = self.capacity;
                let forbidden = &mut s.forbidden;
                Self::sweep(&mut s.events, |from, to, height| {
                    overload |= height > capacity;
                    if height > room {
                        forbidden.push((from - di, to));
                    }
                });
                if overload {
                    return Err(Conflict::new());
                }
                if room < 0 {
                    return Err(Conflict::new());
                }
                if s.forbidden.is_empty() {
                    continue;
                }
                let values = &self.ints[i].values;
                let forbidden = &s.forbidden;
                d.retain(self.starts[i], |k| {
                    let v = values[k];
                    !forbidden.iter().any(|&(a, b)| a < v && v < b)
                })?;
            }
        }
    }
}

impl<V: Copy + TryInto<i64>> Checker<V> for Cumulative {
    fn name(&self) -> &str {
        &self.name
    }

    /// Whether the assigned tasks keep the use within the capacity.
    fn check(&self, a: &Assignment<'_, V>) -> bool {
        let mut events = Vec::new();
        for &p in &self.active {
            if let Some(k) = a.index(self.starts[p]) {
                let start = self.ints[p].values[k];
                events.push((start, self.demands[p]));
                events.push((start + self.durations[p], -self.demands[p]));
            }
        }
        let mut fits = true;
        Self::sweep(&mut events, |_, _, height| fits &= height <= self.capacity);
        fits
    }

    fn narrows(&self) -> bool {
        true
    }

    // A fixed task's run is compulsory: every start left fits beside it.
    fn filters(&self) -> bool {
        false
    }

    fn narrows_whole_scope(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

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
        if self.durations.iter().chain(&self.demands).any(|&x| x < 0) {
            return Err(invalid("a duration or a demand is negative"));
        }
        positions(&self.name, &self.starts, model)?;
        self.ints = self
            .starts
            .iter()
            .map(|&var| Ints::of(&self.name, var, model))
            .collect::<Result<_, _>>()?;
        let total = |xs: &[i64]| {
            xs.iter()
                .try_fold(0i64, |t, &x| t.checked_add(x))
                .and_then(|t| t.checked_mul(4))
        };
        let (durations, demands) = (total(&self.durations), total(&self.demands));
        let fits = demands.is_some_and(|c| self.capacity.checked_sub(c).is_some())
            && self.ints.iter().all(|ints| {
                let (lo, hi) = ints.extent();
                durations
                    .is_some_and(|t| lo.checked_sub(t).is_some() && hi.checked_add(t).is_some())
            });
        if !fits {
            return Err(invalid(
                "its times or demands could overflow 64-bit integers",
            ));
        }
        self.active = (0..self.starts.len())
            .filter(|&p| self.durations[p] > 0 && self.demands[p] > 0)
            .collect();
        self.scratch.reset();
        Ok(())
    }
}
