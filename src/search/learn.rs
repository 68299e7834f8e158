//! What a search learns from its failures: the checkers' weights (dom/wdeg
//! or conflict history), the last conflict, the restarts' budget and the
//! nogoods they leave, and the best solution's values for solution saving.

use crate::assignment::UNASSIGNED;
use crate::schedule::Schedule;

use super::nogoods::Nogoods;

/// Conflict history's smoothing factor at the start and its floor, and
/// how much it loses per conflict (Habet and Terrioux, 2021).
const ALPHA_START: f64 = 0.4;
const ALPHA_FLOOR: f64 = 0.06;
const ALPHA_STEP: f64 = 1e-6;
/// Conflict history's weight of a checker that never failed.
const CHS_DELTA: f64 = 1e-4;
/// Conflict history's fading of a weight at a restart, per conflict since
/// the checker last failed.
const CHS_DECAY: f64 = 0.995;

/// The restarts of one search: the schedule, and the failures left before
/// the next.
#[derive(Clone, Debug)]
pub(crate) struct Restarting {
    schedule: Schedule,
    /// Restarts so far.
    pub(crate) done: u64,
    /// Failures since the last restart, and the budget until the next.
    since: u64,
    budget: u64,
}

/// The learned state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Learn {
    /// Conflict history instead of dom/wdeg.
    chs: bool,
    /// Per checker, its weight.
    weight: Vec<f64>,
    /// Conflict history: per checker, the conflict it last failed at.
    last: Vec<u64>,
    alpha: f64,
    /// Failures so far.
    pub(crate) failures: u64,
    /// Per checker, the variables of its scope (`None`: every variable).
    scopes: Vec<Option<Vec<u32>>>,
    /// Per variable, the checkers whose scope holds it.
    by_var: Vec<Vec<u32>>,
    /// Per checker, its unassigned variables (scratch of a pick).
    open: Vec<u32>,
    /// Per variable, its weighted degree (scratch of a pick).
    pub(crate) weighted: Vec<f64>,
    /// Per variable, its candidates' size (scratch of a pick).
    pub(crate) sizes: Vec<u32>,
    /// Last conflict is on.
    pub(crate) last_conflict: bool,
    /// The variable of the last conflict, entered first while it is
    /// unassigned and its steps fail.
    pub(crate) conflict: Option<usize>,
    /// The variable of the last step that stood.
    pub(crate) last_var: Option<usize>,
    /// Picks last conflict made, and the variable of the latest, for events.
    pub(crate) lc_picks: u64,
    pub(crate) lc_pending: Option<usize>,
    /// Restarts, when on.
    pub(crate) restarts: Option<Restarting>,
    /// Per frame, its candidates as it was entered (`w` words a frame),
    /// when restarting: what the frame refuted is read off them.
    pub(crate) entry: Vec<u64>,
    /// The nogoods the restarts left.
    pub(crate) nogoods: Nogoods,
    /// Solution saving: the values of the best solution so far.
    pub(crate) saving: bool,
    pub(crate) saved: Option<Vec<u32>>,
}

impl Learn {
    /// The learned state of a search of `n` variables, `w` words a set,
    /// over checkers with `scopes`.
    pub(crate) fn new(n: usize, w: usize, scopes: Vec<Option<Vec<u32>>>) -> Learn {
        let m = scopes.len();
        let mut by_var = vec![Vec::new(); n];
        for (k, scope) in scopes.iter().enumerate() {
            let k = crate::index::small(k);
            match scope {
                Some(scope) => scope.iter().for_each(|&v| by_var[v as usize].push(k)),
                None => by_var.iter_mut().for_each(|list| list.push(k)),
            }
        }
        Learn {
            chs: false,
            weight: vec![1.0; m],
            last: vec![0; m],
            alpha: ALPHA_START,
            failures: 0,
            scopes,
            by_var,
            open: vec![0; m],
            weighted: vec![0.0; n],
            sizes: Vec::new(),
            last_conflict: false,
            conflict: None,
            last_var: None,
            lc_picks: 0,
            lc_pending: None,
            restarts: None,
            entry: vec![0; (n + 1) * w],
            nogoods: Nogoods::new(n),
            saving: false,
            saved: None,
        }
    }

    /// Weights by conflict history instead of dom/wdeg.
    pub(crate) fn conflict_history(&mut self) {
        self.chs = true;
        self.weight.fill(0.0);
    }

    /// Restarts on `schedule`'s budgets of failures.
    pub(crate) fn restart_on(&mut self, schedule: Schedule) {
        self.restarts = Some(Restarting {
            schedule,
            done: 0,
            since: 0,
            budget: schedule.budget(0),
        });
    }

    /// What a weighted degree is added to before it divides a size.
    pub(crate) fn delta(&self) -> f64 {
        if self.chs { CHS_DELTA } else { 0.0 }
    }

    /// A failure: checker `k` (if known) emptied a set or wiped a
    /// variable out after the step of `var`.
    pub(crate) fn fail(&mut self, k: Option<usize>, var: Option<usize>) {
        self.failures += 1;
        if let Some(r) = &mut self.restarts {
            r.since += 1;
        }
        if let Some(k) = k {
            if self.chs {
                #[expect(
                    clippy::cast_precision_loss,
                    reason = "a reward: the gap's magnitude is what counts"
                )]
                let reward = 1.0 / (self.failures - self.last[k]) as f64;
                self.weight[k] = (1.0 - self.alpha) * self.weight[k] + self.alpha * reward;
                self.last[k] = self.failures;
                self.alpha = (self.alpha - ALPHA_STEP).max(ALPHA_FLOOR);
            } else {
                self.weight[k] += 1.0;
            }
        }
        if self.last_conflict && var.is_some() {
            self.conflict = var;
        }
    }

    /// A step of `var` stood.
    pub(crate) fn stood(&mut self, var: usize) {
        self.last_var = Some(var);
        if self.conflict == Some(var) {
            self.conflict = None;
        }
    }

    /// Whether the failures since the last restart spent its budget.
    #[inline]
    pub(crate) fn restart_due(&self) -> bool {
        self.restarts.as_ref().is_some_and(|r| r.since >= r.budget)
    }

    /// Starts the next run of the restarts: a new budget, the weights of
    /// conflict history faded, the last conflict forgotten.
    pub(crate) fn restarted(&mut self) {
        if let Some(r) = &mut self.restarts {
            r.done += 1;
            r.since = 0;
            // At least the run's number: every schedule ends, however
            // the nogoods prune.
            r.budget = r.schedule.budget(r.done).max(r.done);
        }
        if self.chs {
            for (w, &last) in self.weight.iter_mut().zip(&self.last) {
                let gap = i32::try_from(self.failures - last).unwrap_or(i32::MAX);
                *w *= CHS_DECAY.powi(gap);
            }
            self.alpha = ALPHA_START;
        }
        self.conflict = None;
        self.last_var = None;
    }

    /// Per variable, its weighted degree: the summed weights of its
    /// checkers that hold another unassigned variable (`open` variables
    /// are unassigned in all).
    pub(crate) fn weighted_degrees(&mut self, slots: &[u32], open: usize) -> &[f64] {
        for (k, scope) in self.scopes.iter().enumerate() {
            self.open[k] = match scope {
                Some(scope) => crate::index::small(
                    scope
                        .iter()
                        .filter(|&&v| slots[v as usize] == UNASSIGNED)
                        .count(),
                ),
                None => crate::index::small(open),
            };
        }
        for (var, list) in self.by_var.iter().enumerate() {
            self.weighted[var] = if slots[var] == UNASSIGNED {
                list.iter()
                    .filter(|&&k| self.open[k as usize] >= 2)
                    .map(|&k| self.weight[k as usize])
                    .sum()
            } else {
                0.0
            };
        }
        &self.weighted
    }

    /// The entry words of frame `d` (`w` words).
    pub(crate) fn entry_mut(&mut self, d: usize, w: usize) -> &mut [u64] {
        &mut self.entry[d * w..(d + 1) * w]
    }
}
