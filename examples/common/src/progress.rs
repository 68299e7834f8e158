//! The progress bar of long counts, drawn on standard error from the
//! reports of the library's `units::Runner`: the share of the estimated
//! work done, units done out of the total, and the time left.

use std::io::{self, IsTerminal};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use backtracker::units::RunProgress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Boards from this size up show a progress bar (when standard error is a terminal).
pub const PROGRESS_FROM: usize = 16;

/// The same for models of boxed checkers (`--plain`, `--constraints`),
/// which count on one thread and several times slower.
pub const BOXED_PROGRESS_FROM: usize = 14;

/// Steps of the bar: the share of the work done, in thousandths.
const STEPS: u64 = 1000;

/// Whether a board of size `n` is at least `from` and standard error is a
/// terminal to draw a progress bar on.
#[must_use]
pub fn wanted(n: usize, from: usize) -> bool {
    n >= from && io::stderr().is_terminal()
}

/// The latest report, and when it came.
type Latest = Arc<Mutex<Option<(RunProgress, Instant)>>>;

/// A progress bar on standard error, moved by the runner's reports.
pub struct Bar {
    bar: ProgressBar,
    latest: Latest,
}

impl Bar {
    /// A bar on standard error; `None` when standard error is not a
    /// terminal (then nothing is drawn, and the runner needs no estimate).
    #[must_use]
    pub fn start() -> Option<Bar> {
        if !io::stderr().is_terminal() {
            return None;
        }
        let latest: Latest = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&latest);
        // The time left counts down between two reports.
        let left = move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
            let guard = seen.lock().unwrap_or_else(PoisonError::into_inner);
            let left = guard.as_ref().map_or(Duration::ZERO, |(p, at)| {
                p.left_at(p.elapsed + at.elapsed())
            });
            let _ = write!(w, "{}", indicatif::HumanDuration(left));
        };
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {msg} units  about {left} left",
        )
        .ok()?
        .with_key("left", left)
        .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr())
            .with_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Some(Bar { bar, latest })
    }

    /// Shows a report of the runner.
    pub fn update(&self, progress: &RunProgress) {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "a share from 0 to 1, in thousandths"
        )]
        let position = (progress.share_done.clamp(0.0, 1.0) * STEPS as f64) as u64;
        self.bar
            .set_message(format!("{}/{}", progress.units_done, progress.units_total));
        self.bar.set_position(position);
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((progress.clone(), Instant::now()));
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The bar of a count by orbits (`Search::orbits`): the
/// parts of the tree done, out of all. The parts differ in size, so it
/// shows no time left.
pub struct Parts {
    bar: ProgressBar,
}

impl Parts {
    /// A bar on standard error; `None` when standard error is not a
    /// terminal.
    #[must_use]
    pub fn start() -> Option<Parts> {
        if !io::stderr().is_terminal() {
            return None;
        }
        let style =
            ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {pos}/{len} parts")
                .ok()?
                .progress_chars("=> ");
        let bar =
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Some(Parts { bar })
    }

    /// Part `_i` of `of` is done.
    pub fn done(&self, of: usize) {
        self.bar.set_length(of as u64);
        self.bar.inc(1);
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
