//! The branching strategies as data: how a search picks the variable of
//! each frame ([`Branching`], a setting), a strategy of the user's own
//! ([`SelectVariable`]) and what it sees ([`BranchView`]), and the arm of
//! the seam ([`branch`](super::branch)) a search takes.

use std::fmt;
use std::sync::Arc;

use crate::assignment::UNASSIGNED;

/// How a search picks the variable of each frame it enters, as a setting
/// of the search ([`Search::branching`](crate::Search::branching)).
///
/// Every strategy searches the same tree in another order: counts,
/// solutions and optima are those of the plain search (the order of
/// solutions and the node counts change).
///
/// ```
/// use backtracker::Branching;
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(8)?;
/// let count = model.search().symmetry(false).branching(Branching::DomWdeg).count();
/// assert_eq!(count.value, 92);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub enum Branching {
    /// The model's own order ([`ModelBuilder::order`](crate::ModelBuilder::order)),
    /// the default.
    #[default]
    Model,
    /// Variables in declaration order, whatever the model says.
    Declared,
    /// The fewest candidates first (ties: the higher degree, then the lower
    /// index), as [`VariableOrder::SmallestDomainFirst`](crate::VariableOrder::SmallestDomainFirst).
    SmallestDomainFirst,
    /// dom/wdeg (Boussemart, Hemery, Lecoutre and Sais, 2004): every
    /// checker carries a weight, 1 at the start, which grows by one each
    /// time it fails (its filter empties a variable's candidates, or its
    /// narrowing wipes a variable out); the variable with the fewest
    /// candidates per unit of weighted degree goes first, its weighted
    /// degree being the sum of the weights of its checkers that hold
    /// another unassigned variable.
    DomWdeg,
    /// Conflict history search (Habet and Terrioux, 2021): as
    /// [`DomWdeg`](Self::DomWdeg), but a checker's weight is a moving
    /// average of the rewards of its failures, recent failures weighing
    /// more, and fading at each restart.
    ConflictHistory,
    /// A strategy of your own.
    Custom(Arc<dyn SelectVariable>),
}

impl fmt::Debug for Branching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Branching::Model => f.write_str("Model"),
            Branching::Declared => f.write_str("Declared"),
            Branching::SmallestDomainFirst => f.write_str("SmallestDomainFirst"),
            Branching::DomWdeg => f.write_str("DomWdeg"),
            Branching::ConflictHistory => f.write_str("ConflictHistory"),
            Branching::Custom(_) => f.write_str("Custom(..)"),
        }
    }
}

/// A variable-selection strategy of your own: given what the search knows
/// at a frame ([`BranchView`]), the unassigned variable to enter.
///
/// ```
/// use std::sync::Arc;
/// use backtracker::{BranchView, Branching, SelectVariable};
/// use backtracker_puzzles::nqueens;
///
/// /// The unassigned variable with the most candidates, the last one on ties.
/// struct Widest;
///
/// impl SelectVariable for Widest {
///     fn select(&self, view: &BranchView<'_>) -> usize {
///         view.unassigned().max_by_key(|&var| view.size(var)).expect("a variable is unassigned")
///     }
/// }
///
/// let mut model = nqueens(6)?;
/// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(Widest)));
/// assert_eq!(search.count().value, 4);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub trait SelectVariable: Send + Sync {
    /// The variable to enter next: one of `view.unassigned()`. A variable
    /// with no candidate left (`view.size(var) == 0`) ends the branch at
    /// once, so returning it early saves work.
    ///
    /// # Panics
    ///
    /// The search panics when the variable returned is assigned or not a
    /// variable of the model.
    fn select(&self, view: &BranchView<'_>) -> usize;
}

/// What a [`SelectVariable`] strategy sees at a frame: the unassigned
/// variables, their candidates' sizes, degrees and weighted degrees.
pub struct BranchView<'a> {
    slots: &'a [u32],
    sizes: &'a [u32],
    degrees: &'a [u32],
    weighted: &'a [f64],
}

impl<'a> BranchView<'a> {
    /// The view of the assignment `slots` with these sizes, degrees and
    /// weighted degrees, per variable.
    pub(crate) fn new(
        slots: &'a [u32],
        sizes: &'a [u32],
        degrees: &'a [u32],
        weighted: &'a [f64],
    ) -> Self {
        BranchView {
            slots,
            sizes,
            degrees,
            weighted,
        }
    }

    /// The unassigned variables, in increasing order.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use backtracker::{BranchView, Branching, SelectVariable};
    /// # use backtracker_puzzles::nqueens;
    /// struct Last;
    /// impl SelectVariable for Last {
    ///     fn select(&self, view: &BranchView<'_>) -> usize {
    ///         view.unassigned().last().unwrap()
    ///     }
    /// }
    /// let mut model = nqueens(5)?;
    /// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(Last)));
    /// assert_eq!(search.count().value, 10);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn unassigned(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == UNASSIGNED)
            .map(|(var, _)| var)
    }

    /// Whether `var` is assigned.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use backtracker::{BranchView, Branching, SelectVariable};
    /// # use backtracker_puzzles::nqueens;
    /// struct First;
    /// impl SelectVariable for First {
    ///     fn select(&self, view: &BranchView<'_>) -> usize {
    ///         (0..).find(|&var| !view.is_assigned(var)).unwrap()
    ///     }
    /// }
    /// let mut model = nqueens(6)?;
    /// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(First)));
    /// assert_eq!(search.count().value, 4);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn is_assigned(&self, var: usize) -> bool {
        self.slots[var] != UNASSIGNED
    }

    /// The number of candidates of the unassigned variable `var` (filtered
    /// by every checker against the assignment); 0 for an assigned one.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use backtracker::{BranchView, Branching, SelectVariable};
    /// # use backtracker_puzzles::nqueens;
    /// struct Fewest;
    /// impl SelectVariable for Fewest {
    ///     fn select(&self, view: &BranchView<'_>) -> usize {
    ///         view.unassigned().min_by_key(|&var| view.size(var)).unwrap()
    ///     }
    /// }
    /// let mut model = nqueens(7)?;
    /// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(Fewest)));
    /// assert_eq!(search.count().value, 40);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn size(&self, var: usize) -> u32 {
        self.sizes[var]
    }

    /// The static degree of `var`: the number of other variables it shares
    /// a checker scope with, counted once per checker.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use backtracker::{BranchView, Branching, SelectVariable};
    /// # use backtracker_puzzles::nqueens;
    /// struct MostConstrained;
    /// impl SelectVariable for MostConstrained {
    ///     fn select(&self, view: &BranchView<'_>) -> usize {
    ///         view.unassigned().max_by_key(|&var| view.degree(var)).unwrap()
    ///     }
    /// }
    /// let mut model = nqueens(6)?;
    /// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(MostConstrained)));
    /// assert_eq!(search.count().value, 4);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn degree(&self, var: usize) -> u32 {
        self.degrees[var]
    }

    /// The weighted degree of the unassigned variable `var`, as
    /// [`Branching::DomWdeg`] reads it: the summed weights of its checkers
    /// that hold another unassigned variable, each weight 1 plus the
    /// failures of its checker so far in this search.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use backtracker::{BranchView, Branching, SelectVariable};
    /// # use backtracker_puzzles::nqueens;
    /// /// dom/wdeg written by hand.
    /// struct Mine;
    /// impl SelectVariable for Mine {
    ///     fn select(&self, view: &BranchView<'_>) -> usize {
    ///         let score = |var: usize| f64::from(view.size(var)) / view.weighted_degree(var).max(1.0);
    ///         view.unassigned().min_by(|&a, &b| score(a).total_cmp(&score(b))).unwrap()
    ///     }
    /// }
    /// let mut model = nqueens(8)?;
    /// let search = model.search().symmetry(false).branching(Branching::Custom(Arc::new(Mine)));
    /// assert_eq!(search.count().value, 92);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn weighted_degree(&self, var: usize) -> f64 {
        self.weighted[var]
    }
}

/// Which arm of the seam a search takes (see [`Branching`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    Declared,
    Smallest,
    Weighted,
    Custom,
}

/// The plan's arm and custom strategy for `branching` over a model whose
/// own order is `declared` (or smallest-domain-first).
pub(crate) fn resolve(
    branching: &Branching,
    declared: bool,
) -> (Pick, Option<Arc<dyn SelectVariable>>) {
    match branching {
        Branching::Model if declared => (Pick::Declared, None),
        Branching::Model | Branching::SmallestDomainFirst => (Pick::Smallest, None),
        Branching::Declared => (Pick::Declared, None),
        Branching::DomWdeg | Branching::ConflictHistory => (Pick::Weighted, None),
        Branching::Custom(custom) => (Pick::Custom, Some(Arc::clone(custom))),
    }
}
