//! How far a long run is: [`RunProgress`], told to the
//! [`Runner`](super::Runner)'s callback as each part finishes, with the
//! time left, and the tracker that makes it from each part's estimated
//! share of the work.

use std::sync::Mutex;
use std::sync::PoisonError;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The progress callback a [`Runner`](super::Runner) holds.
pub(super) type ProgressFn<'a> = Box<dyn Fn(&RunProgress) + Send + Sync + 'a>;

/// How far a run is, given to the [`Runner`](super::Runner)'s
/// [progress callback](super::Runner::on_progress) once before the first
/// part is searched and again as each part finishes. The parts are the
/// work units of a split, or the constellations of a count by orbits.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RunProgress {
    /// Parts finished, those read from the checkpoint included.
    pub units_done: usize,
    /// Parts of the run.
    pub units_total: usize,
    /// Nodes searched by this run's finished parts.
    pub nodes: u64,
    /// Time since this run started searching.
    pub elapsed: Duration,
    /// The estimated share of the whole run's work done, from 0 to 1: each
    /// finished part adds its estimated nodes.
    pub share_done: f64,
    /// The estimated time left (see [`left_at`](Self::left_at)).
    pub left: Duration,
    /// The time the run was predicted to take before it started.
    prior: f64,
    /// The share of the work done when this run started.
    share_before: f64,
}

impl RunProgress {
    /// The time left `elapsed` into the run, with the work done so far: the
    /// prediction made before the run (each part's estimated nodes times
    /// the time per node measured on a sample) blended with the measured
    /// rate in proportion to the work done, the prediction alone at the
    /// start and the measured rate alone at the end. A progress bar that
    /// redraws between two parts calls this with its own clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use backtracker::units::Runner;
    /// use backtracker_puzzles::nqueens;
    /// use std::sync::Mutex;
    ///
    /// let mut model = nqueens(9)?;
    /// let last = Mutex::new(None);
    /// Runner::new("nqueens-9")
    ///     .threads(1)
    ///     .on_progress(|p| *last.lock().unwrap() = Some(p.clone()))
    ///     .run(&mut model)?;
    /// let last = last.into_inner().unwrap().expect("progress was reported");
    /// assert_eq!(last.units_done, last.units_total);
    /// assert_eq!(last.left_at(last.elapsed + Duration::from_secs(1)), Duration::ZERO);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn left_at(&self, elapsed: Duration) -> Duration {
        let left = 1.0 - self.share_before;
        let share = if left > 0.0 {
            ((self.share_done - self.share_before) / left).clamp(0.0, 1.0)
        } else {
            1.0
        };
        Duration::from_secs_f64(time_left(self.prior, elapsed.as_secs_f64(), share))
    }
}

/// Seconds left of a run predicted to take `prior` seconds, `elapsed`
/// seconds into it, with `share` of its work done: the prediction and the
/// measured rate (elapsed over the share done) blended by the share done.
fn time_left(prior: f64, elapsed: f64, share: f64) -> f64 {
    let measured = if share > 0.0 { elapsed / share } else { prior };
    let whole = prior * (1.0 - share) + measured * share;
    let left = whole - elapsed;
    if left.is_finite() {
        left.clamp(0.0, 1e12)
    } else {
        0.0
    }
}

/// What a run has searched so far, for its progress reports.
pub(super) struct Tracker {
    /// Each part's estimated nodes (at least 1), by index.
    weights: Vec<f64>,
    whole: f64,
    prior: f64,
    share_before: f64,
    started: Instant,
    state: Mutex<Counted>,
    nodes: AtomicU64,
    units_total: usize,
}

/// Parts and estimated work finished.
struct Counted {
    units: usize,
    work: f64,
}

impl Tracker {
    /// The tracker of a run whose parts weigh `weights` (their estimated
    /// nodes; each at least 1), of which `todo` are left, predicted to
    /// take `node_time` seconds a node on `threads` threads.
    pub(super) fn new(
        weights: Vec<f64>,
        todo: &[usize],
        node_time: f64,
        threads: usize,
    ) -> Tracker {
        let whole: f64 = weights.iter().sum();
        let left: f64 = todo.iter().map(|&i| weights[i]).sum();
        let threads = threads.clamp(1, todo.len().max(1));
        #[expect(clippy::cast_precision_loss, reason = "a time to show")]
        let prior = node_time * left / threads as f64;
        let units_total = weights.len();
        Tracker {
            weights,
            whole,
            prior,
            share_before: if whole > 0.0 {
                (whole - left) / whole
            } else {
                0.0
            },
            started: Instant::now(),
            state: Mutex::new(Counted {
                units: units_total - todo.len(),
                work: whole - left,
            }),
            nodes: AtomicU64::new(0),
            units_total,
        }
    }

    /// Marks part `index`, which searched `nodes` nodes, as finished and
    /// reports.
    pub(super) fn finish(&self, index: usize, nodes: u64, callback: &ProgressFn<'_>) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.units += 1;
        state.work += self.weights.get(index).copied().unwrap_or(1.0);
        self.call(&state, callback);
    }

    /// Reports the progress so far.
    pub(super) fn report(&self, callback: &ProgressFn<'_>) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        self.call(&state, callback);
    }

    /// Calls `callback` while the state is locked, so that reports come
    /// one at a time and in order.
    fn call(&self, state: &Counted, callback: &ProgressFn<'_>) {
        let elapsed = self.started.elapsed();
        let share_done = if self.whole > 0.0 {
            (state.work / self.whole).clamp(0.0, 1.0)
        } else {
            1.0
        };
        let mut progress = RunProgress {
            units_done: state.units,
            units_total: self.units_total,
            nodes: self.nodes.load(Ordering::Relaxed),
            elapsed,
            share_done,
            left: Duration::ZERO,
            prior: self.prior,
            share_before: self.share_before,
        };
        progress.left = progress.left_at(elapsed);
        callback(&progress);
    }
}

#[cfg(test)]
mod tests {
    use super::time_left;

    #[test]
    fn before_any_unit_the_prediction_counts_down() {
        assert!((time_left(100.0, 30.0, 0.0) - 70.0).abs() < 1e-9);
        assert!(time_left(10.0, 30.0, 0.0).abs() < 1e-9);
    }

    #[test]
    fn as_units_finish_the_measured_rate_takes_over() {
        // Half done in 10 s of a run predicted at 100 s: the blend says 60 s
        // in all, so 50 s left; the measured rate alone would say 10 s.
        let left = time_left(100.0, 10.0, 0.5);
        assert!((left - 50.0).abs() < 1e-9, "{left}");
        // Nearly done: the measured rate decides.
        let left = time_left(100.0, 10.0, 0.999);
        assert!(left < 0.2, "{left}");
        assert!(time_left(100.0, 10.0, 1.0).abs() < 1e-9);
    }
}
