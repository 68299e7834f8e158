//! The progress bar of long counts: units done, and the time left. Before
//! the first unit finishes, the time left comes from an estimate made
//! before the run (random probes of each unit's subtree, times the time per
//! node measured on a sample); as units finish, the measured rate takes
//! over, in proportion to the estimated work done.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use backtracker::{Checkers, Model, Unit};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Boards from this size up show a progress bar (when standard error is a terminal).
pub const PROGRESS_FROM: usize = 16;

/// The same for models of boxed checkers (`--plain`, `--constraints`),
/// which count on one thread and several times slower.
pub const BOXED_PROGRESS_FROM: usize = 14;

/// Probes for the estimates of all units together (at least two a unit).
const UNIT_PROBES: u64 = 8_192;

/// Seed of the estimates, so that the same run shows the same prediction.
const SEED: u64 = 1;

/// Whether a board of size `n` is at least `from` and standard error is a
/// terminal to draw a progress bar on.
pub fn wanted(n: usize, from: usize) -> bool {
    n >= from && io::stderr().is_terminal()
}

/// A progress bar over units, measured in their estimated nodes.
pub struct Progress {
    bar: ProgressBar,
    /// Estimated nodes of each unit (at least 1), by index.
    sizes: Vec<u64>,
    /// Units counted.
    counted: AtomicUsize,
}

/// The options a count runs with, which its estimate must use too.
pub struct Run {
    /// Mirror symmetry.
    pub symmetry: bool,
    /// Rows looked ahead.
    pub lookahead: usize,
    /// Threads counting at once.
    pub threads: usize,
}

impl Progress {
    /// Estimates `units` (those marked in `done` are already counted) and
    /// draws a bar on standard error; `None` when standard error is not a
    /// terminal or the estimate could not be made.
    pub fn start<C: Checkers<usize>>(
        model: &mut Model<usize, C>,
        units: &[Unit],
        done: &[bool],
        run: &Run,
    ) -> Option<Progress> {
        if !io::stderr().is_terminal() || units.is_empty() {
            return None;
        }
        // The time per node, from the timing sample alone: the units'
        // estimates below give the nodes.
        let node_time = model
            .search()
            .symmetry(run.symmetry)
            .lookahead(run.lookahead)
            .estimate(0, SEED)
            .value
            .node_time;
        let per_unit = (UNIT_PROBES / units.len() as u64).max(2);
        let sizes: Vec<u64> = model
            .search()
            .symmetry(run.symmetry)
            .lookahead(run.lookahead)
            .estimate_units(units, per_unit, SEED)
            .value
            .iter()
            .map(|size| to_count(size.value) + 1)
            .collect();
        if sizes.len() != units.len() {
            return None;
        }
        let all: u64 = sizes.iter().sum();
        let before: u64 = sizes
            .iter()
            .zip(done)
            .filter(|(_, d)| **d)
            .map(|(s, _)| *s)
            .sum();
        #[expect(
            clippy::cast_precision_loss,
            reason = "a time to show, in floating point"
        )]
        let parallel = run
            .threads
            .clamp(1, done.iter().filter(|d| !**d).count().max(1)) as f64;
        #[expect(
            clippy::cast_precision_loss,
            reason = "a time to show, in floating point"
        )]
        let prior = node_time.as_secs_f64() * (all - before) as f64 / parallel;
        let left = move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let len = state.len().unwrap_or(0);
            let seconds = time_left(
                prior,
                state.elapsed(),
                state.pos() - before.min(state.pos()),
                len - before,
            );
            let _ = write!(
                w,
                "{}",
                indicatif::HumanDuration(Duration::from_secs_f64(seconds))
            );
        };
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {msg} units  about {left} left",
        )
        .ok()?
        .with_key("left", left)
        .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(Some(all), ProgressDrawTarget::stderr())
            .with_style(style)
            .with_position(before);
        let counted = done.iter().filter(|d| **d).count();
        bar.set_message(format!("{counted}/{}", units.len()));
        bar.enable_steady_tick(Duration::from_millis(250));
        Some(Progress {
            bar,
            sizes,
            counted: AtomicUsize::new(counted),
        })
    }

    /// Marks the unit numbered `index` as counted.
    pub fn finish_unit(&self, index: usize) {
        if let Some(size) = self.sizes.get(index) {
            let counted = self.counted.fetch_add(1, Ordering::Relaxed) + 1;
            self.bar
                .set_message(format!("{counted}/{}", self.sizes.len()));
            self.bar.inc(*size);
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// An estimated count as a whole number (negative or not finite: 0).
fn to_count(value: f64) -> u64 {
    if value.is_finite() && value > 0.0 {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a positive estimate, saturating"
        )]
        let count = value.min(1e18) as u64;
        count
    } else {
        0
    }
}

/// Seconds left of a run predicted to take `prior` seconds, `elapsed`
/// into it, with `done` of `total` estimated nodes counted. The prediction
/// and the measured rate (elapsed over the share done) are blended by the
/// share done: the prior alone at the start, the measured rate alone at
/// the end.
pub fn time_left(prior: f64, elapsed: Duration, done: u64, total: u64) -> f64 {
    let elapsed = elapsed.as_secs_f64();
    #[expect(
        clippy::cast_precision_loss,
        reason = "a time to show, in floating point"
    )]
    let share = if total == 0 {
        1.0
    } else {
        (done as f64 / total as f64).clamp(0.0, 1.0)
    };
    let measured = if share > 0.0 { elapsed / share } else { prior };
    let whole = prior * (1.0 - share) + measured * share;
    (whole - elapsed).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::time_left;
    use std::time::Duration;

    #[test]
    fn before_any_unit_the_prediction_counts_down() {
        assert!((time_left(100.0, Duration::from_secs(30), 0, 1000) - 70.0).abs() < 1e-9);
        assert!(time_left(10.0, Duration::from_secs(30), 0, 1000).abs() < 1e-9);
    }

    #[test]
    fn as_units_finish_the_measured_rate_takes_over() {
        // Half done in 10 s of a run predicted at 100 s: the blend says 60 s
        // in all, so 50 s left; the measured rate alone would say 10 s.
        let left = time_left(100.0, Duration::from_secs(10), 500, 1000);
        assert!((left - 50.0).abs() < 1e-9, "{left}");
        // Nearly done: the measured rate decides.
        let left = time_left(100.0, Duration::from_secs(10), 999, 1000);
        assert!(left < 0.2, "{left}");
        assert!(time_left(100.0, Duration::from_secs(10), 1000, 1000).abs() < 1e-9);
    }
}
