//! What a search returns: a value, its statistics and why it stopped.

use std::fmt::{self, Write as _};
use std::time::Duration;

/// Why a search ended.
///
/// ```
/// use backtracker::StopReason;
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8)?;
/// assert_eq!(model.search().count().stop, StopReason::Completed);
/// assert_eq!(model.search().node_limit(10).count().stop, StopReason::NodeLimit);
/// assert_eq!(model.search().first().stop, StopReason::Stopped);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StopReason {
    /// The whole tree was searched.
    Completed,
    /// A callback or an observer asked to stop (also: [`Search::first`](crate::Search::first)
    /// found its solution).
    Stopped,
    /// The node limit was reached before the tree was searched.
    NodeLimit,
    /// The cancellation flag was set.
    Cancelled,
    /// Cross-check mode found a checker whose answers disagree.
    Disagreement(Box<Disagreement>),
    /// A declared [symmetry](crate::Symmetry) does not hold: it maps a
    /// solution to an assignment that is not one.
    FalseSymmetry(Box<FalseSymmetry>),
    /// The model cannot be searched: a checker panicked during an earlier
    /// search, so the checkers' state may be inconsistent (see
    /// [`Model::is_poisoned`](crate::Model::is_poisoned)). Nothing was searched.
    Unusable,
}

impl StopReason {
    /// Whether the whole tree was searched, so counts are exact.
    ///
    /// ```
    /// use backtracker::StopReason;
    ///
    /// assert!(StopReason::Completed.is_complete());
    /// assert!(!StopReason::NodeLimit.is_complete());
    /// ```
    #[must_use]
    pub fn is_complete(&self) -> bool {
        matches!(self, StopReason::Completed)
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::Completed => f.write_str("completed"),
            StopReason::Stopped => f.write_str("stopped"),
            StopReason::NodeLimit => f.write_str("node limit reached"),
            StopReason::Cancelled => f.write_str("cancelled"),
            StopReason::Disagreement(d) => write!(f, "{d}"),
            StopReason::FalseSymmetry(s) => write!(f, "{s}"),
            StopReason::Unusable => {
                f.write_str("the model is unusable: a checker panicked during an earlier search")
            }
        }
    }
}

/// A declared [symmetry](crate::Symmetry) that does not hold, found when
/// classes were counted ([`Search::count_classes`](crate::Search::count_classes)):
/// its image of a solution is not a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FalseSymmetry {
    /// The generator's name.
    pub symmetry: String,
    /// The solution, as `name = value` pairs.
    pub solution: String,
    /// Why its image is not a solution: the checker that rejects it, or
    /// the variable it assigns twice.
    pub reason: String,
}

impl fmt::Display for FalseSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the declared symmetry `{}` does not hold: the image of the solution {} {}",
            self.symmetry, self.solution, self.reason
        )
    }
}

/// A checker whose answers disagree with its own `check`, found by
/// [cross-check mode](crate::Search::cross_check).
///
/// Either its `promising` or `filter` answered a candidate differently from
/// `check` on the assignment extended by it, or its
/// [`narrow`](crate::Checker::narrow) removed a value that `check` accepts
/// and that some completion of the checker's scope, within the candidates
/// left, satisfies.
///
/// ```
/// use backtracker::{Assignment, Checker, Choice, ModelBuilder, StopReason};
///
/// // `promising` forgets that x1 must differ from x0.
/// struct Sloppy;
/// impl Checker<u8> for Sloppy {
///     fn name(&self) -> &str { "sloppy" }
///     fn check(&self, a: &Assignment<'_, u8>) -> bool { a.get(0).is_none() || a.get(0) != a.get(1) }
///     fn promising(&self, _: &Assignment<'_, u8>, _: Choice<'_, u8>) -> bool { true }
/// }
/// let mut b = ModelBuilder::new();
/// b.variable("x0", 0..2u8);
/// b.variable("x1", 0..2u8);
/// let mut model = b.build((Sloppy,))?;
/// let StopReason::Disagreement(d) = model.search().cross_check(true).count().stop else {
///     panic!("the disagreement is found");
/// };
/// assert_eq!(d.checker, "sloppy");
/// assert_eq!(d.candidate, "x1 = 0");
/// assert_eq!((d.check, d.promising), (false, Some(true)));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The checker's name.
    pub checker: String,
    /// The assignment the candidate was judged against, as `name = value` pairs.
    pub assignment: String,
    /// The candidate step, as `name = value`.
    pub candidate: String,
    /// What `check` said of the extended assignment.
    pub check: bool,
    /// What `promising` said of the candidate (`None` for a removal by `narrow`).
    pub promising: Option<bool>,
    /// Whether `filter` kept the candidate (`None` for a removal by `narrow`).
    pub filter: Option<bool>,
    /// Whether the checker's `narrow` removed the candidate from its
    /// variable's candidates although `check` accepts it.
    pub removed: bool,
    /// Whether the disagreement is a declared
    /// [mirror symmetry](crate::ModelBuilder::mirror_symmetry) that does not
    /// hold: `assignment` is a solution, `candidate` its mirror image, which
    /// `checker`'s `check` rejects.
    pub mirror: bool,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let yes = |b: bool| if b { "yes" } else { "no" };
        if self.mirror {
            return write!(
                f,
                "the declared mirror symmetry does not hold: {} is a solution, but checker `{}` rejects its mirror image {}",
                self.assignment, self.checker, self.candidate
            );
        }
        if self.removed {
            return write!(
                f,
                "checker `{}` narrowed away {} after {}, but check accepts it and the checker's scope can still be completed",
                self.checker, self.candidate, self.assignment
            );
        }
        write!(
            f,
            "checker `{}` disagrees on {} after {}: check says {}",
            self.checker,
            self.candidate,
            self.assignment,
            yes(self.check)
        )?;
        if let Some(p) = self.promising {
            write!(f, ", promising says {}", yes(p))?;
        }
        if let Some(k) = self.filter {
            write!(f, ", filter says {}", yes(k))?;
        }
        Ok(())
    }
}

/// What a search did.
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let stats = nqueens(4)?.search().symmetry(false).tally_rejections(true).count().stats;
/// assert_eq!((stats.nodes, stats.solutions, stats.max_depth), (16, 2, 4));
/// assert!(stats.deterministic_text().starts_with("nodes: 16\nsolutions: 2\n"));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes: steps that passed every checker (and, with narrowing or
    /// look-ahead, left every variable a candidate) and were assigned. The
    /// assignments a step implies are not nodes: they are counted in
    /// [`implied`](Self::implied).
    pub nodes: u64,
    /// Implied assignments: variables that narrowing left with one value
    /// and that joined the assignment within the step that did it, without
    /// a node of their own.
    pub implied: u64,
    /// Solutions reached (with symmetry reduction, the solutions actually
    /// visited, not the count they stand for).
    pub solutions: u128,
    /// The most variables assigned at once.
    pub max_depth: usize,
    /// Candidates rejected, per checker in model order, when counted (with
    /// an observer, or [`Search::tally_rejections`](crate::Search::tally_rejections)).
    /// A step rejected because narrowing or look-ahead left a variable
    /// without candidates counts for the checker that emptied it.
    pub rejections: Option<Vec<(String, u64)>>,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Adds another search's figures to these (the times: the longer one).
    ///
    /// ```
    /// use backtracker::Stats;
    ///
    /// let mut a = Stats::default();
    /// (a.nodes, a.solutions) = (3, 1);
    /// let mut b = Stats::default();
    /// (b.nodes, b.max_depth) = (4, 2);
    /// a.absorb(&b);
    /// assert_eq!((a.nodes, a.solutions, a.max_depth), (7, 1, 2));
    /// ```
    pub fn absorb(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.implied += other.implied;
        self.solutions += other.solutions;
        self.max_depth = self.max_depth.max(other.max_depth);
        match (&mut self.rejections, &other.rejections) {
            (Some(mine), Some(theirs)) => {
                for (a, b) in mine.iter_mut().zip(theirs) {
                    a.1 += b.1;
                }
            }
            (None, Some(theirs)) => self.rejections = Some(theirs.clone()),
            _ => {}
        }
        self.elapsed = self.elapsed.max(other.elapsed);
    }

    /// The figures as text without the time, one per line (`nodes: 15`), so
    /// it can go into snapshots. The line `implied: N` is there only when a
    /// step implied an assignment.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let stats = nqueens(4)?.search().symmetry(false).count().stats;
    /// let text = stats.deterministic_text();
    /// assert!(text.contains("solutions: 2\nmax depth: 4\n")); // the two 4-queens solutions
    /// assert!(!text.contains("elapsed"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn deterministic_text(&self) -> String {
        let mut out = format!("nodes: {}\n", self.nodes);
        if self.implied > 0 {
            let _ = writeln!(out, "implied: {}", self.implied);
        }
        let _ = write!(
            out,
            "solutions: {}\nmax depth: {}\n",
            self.solutions, self.max_depth
        );
        if let Some(rejections) = &self.rejections {
            for (name, count) in rejections {
                let _ = writeln!(out, "rejected by {name}: {count}");
            }
        }
        out
    }
}

/// The result of a search: a value, the statistics and why it stopped.
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let outcome = nqueens(6)?.search().count();
/// assert_eq!(outcome.value, 4);
/// assert!(outcome.stop.is_complete());
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The count, solution or nothing, depending on the call.
    pub value: T,
    /// What the search did.
    pub stats: Stats,
    /// Why it ended. Unless [`StopReason::Completed`], a count is a lower bound.
    pub stop: StopReason,
}

impl<T: Default> Outcome<T> {
    /// The outcome of an entry point that refused a poisoned model before
    /// searching anything.
    pub(crate) fn refused(poisoned: crate::model::Poisoned) -> Outcome<T> {
        Outcome {
            value: T::default(),
            stats: Stats::default(),
            stop: poisoned.into(),
        }
    }
}
