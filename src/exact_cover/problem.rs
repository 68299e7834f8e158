//! A built exact-cover problem: its items and options, and the model that
//! searches it.

use std::fmt;
use std::sync::Arc;

use crate::model::Model;
use crate::search::Search;

use super::checker::CoverChecker;
use super::layout::{Layout, NONE};

/// The model an [`ExactCover`] searches: one variable per primary item,
/// valued by option numbers, and the [`CoverChecker`].
pub type CoverModel = Model<usize, (CoverChecker,)>;

/// An exact-cover problem, ready to search: made by
/// [`ExactCoverBuilder`](super::ExactCoverBuilder).
///
/// A **cover** is a set of options that covers every primary item exactly
/// once and every secondary item at most once. The problem is searched as
/// a model on the library's engine: one variable per primary item, whose
/// value is the option covering it, so a solution lists an option per
/// primary item (an option appears once for each of its primary items)
/// and each cover is one solution. [`search`](Self::search) runs it like
/// any model (count, first, lazily, traced, limited, split into work
/// units, in parallel); [`cover`](Self::cover) turns a solution into its
/// set of options, and [`covers`](Self::covers) enumerates the covers.
///
/// ```
/// use backtracker::exact_cover::ExactCoverBuilder;
///
/// // Tile a 1 x 4 strip with pieces of length 1 and 2 (pieces may repeat:
/// // the cells are the only items).
/// let mut b = ExactCoverBuilder::new();
/// b.primary_items(["0", "1", "2", "3"]);
/// for start in 0..4 {
///     b.option([start.to_string()]);
///     if start + 1 < 4 {
///         b.option([start.to_string(), (start + 1).to_string()]);
///     }
/// }
/// let mut strip = b.build()?;
/// assert_eq!(strip.search().count().value, 5); // Fibonacci
/// let first = strip.search().first().value.unwrap();
/// assert_eq!(first, [0, 2, 4, 6]); // the four single cells
/// assert_eq!(strip.cover(&first), [0, 2, 4, 6]);
/// assert_eq!(strip.search().threads(2).count().value, 5);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone)]
pub struct ExactCover {
    layout: Arc<Layout>,
    model: CoverModel,
}

impl ExactCover {
    pub(crate) fn new(layout: Arc<Layout>, model: CoverModel) -> ExactCover {
        ExactCover { layout, model }
    }

    /// Starts a search of the problem's model.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.option(["a", "b"]);
    /// b.option(["a"]);
    /// let mut problem = b.build()?;
    /// assert_eq!(problem.search().count().value, 1);
    /// assert!(problem.search().trace().starts_with("a = 0\n"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn search(&mut self) -> Search<'_, usize, (CoverChecker,)> {
        self.model.search()
    }

    /// The model (its variables are the primary items, in order).
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// b.secondary("s");
    /// b.primary("b");
    /// b.option(["a", "s"]);
    /// b.option(["b"]);
    /// let problem = b.build()?;
    /// assert_eq!(problem.model().len(), 2);
    /// assert_eq!(problem.model().name(1), "b");
    /// assert_eq!(problem.model().domain(0), [0]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn model(&self) -> &CoverModel {
        &self.model
    }

    /// The model, mutably: to [split](Model::split) it into work units.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// for option in [&["a"][..], &["b"], &["a", "b"]] {
    ///     b.option(option);
    /// }
    /// let mut problem = b.build()?;
    /// let units = problem.model_mut().split(1, false);
    /// assert_eq!(units.len(), 2); // item a by option 0, or by option 2
    /// assert_eq!(problem.search().units(&units).count().value, 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn model_mut(&mut self) -> &mut CoverModel {
        &mut self.model
    }

    /// Number of items, primary and secondary.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]).secondary_items(["s"]);
    /// let problem = b.build()?;
    /// assert_eq!((problem.item_count(), problem.primary_count()), (3, 2));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.layout.names.len()
    }

    /// Number of primary items (the model's variables).
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// b.secondary("s");
    /// b.primary("b");
    /// let problem = b.build()?;
    /// assert_eq!(problem.primary_count(), 2);
    /// assert_eq!(problem.model().len(), 2); // one variable per primary item
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.layout.item_of_var.len()
    }

    /// Number of options.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// b.option(["a"]);
    /// b.option(["a"]);
    /// assert_eq!(b.build()?.option_count(), 2);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.layout.option_count()
    }

    /// The name of item `item`.
    ///
    /// # Panics
    ///
    /// If there is no such item.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// let problem = b.build()?;
    /// assert_eq!(problem.item_name(1), "b");
    /// assert_eq!(problem.item("b"), Some(1));
    /// assert_eq!(problem.item("c"), None);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn item_name(&self, item: usize) -> &str {
        &self.layout.names[item]
    }

    /// The number of the item called `name`, if there is one.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]).secondary_items(["s"]);
    /// let problem = b.build()?;
    /// assert_eq!((problem.item("s"), problem.item("t")), (Some(2), None));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn item(&self, name: &str) -> Option<usize> {
        self.layout.names.iter().position(|n| n == name)
    }

    /// Whether item `item` is primary.
    ///
    /// # Panics
    ///
    /// If there is no such item.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// b.secondary("s");
    /// let problem = b.build()?;
    /// assert!(problem.is_primary(0) && !problem.is_primary(1));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn is_primary(&self, item: usize) -> bool {
        self.layout.var_of_item[item] != NONE
    }

    /// The items of option `option`, in increasing order.
    ///
    /// # Panics
    ///
    /// If there is no such option.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b", "c"]);
    /// b.option(["c", "a"]);
    /// let problem = b.build()?;
    /// assert_eq!(problem.option_items(0).collect::<Vec<_>>(), [0, 2]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn option_items(&self, option: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.layout.items(option).iter().map(|&i| i as usize)
    }

    /// The options that cover item `item`, in increasing order.
    ///
    /// # Panics
    ///
    /// If there is no such item.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.option(["a"]);
    /// b.option(["b"]);
    /// b.option(["a", "b"]);
    /// let problem = b.build()?;
    /// assert_eq!(problem.item_options(0).collect::<Vec<_>>(), [0, 2]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn item_options(&self, item: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.layout.column(item).iter().map(|&o| o as usize)
    }

    /// The cover a solution stands for: its options, each once, in
    /// increasing order.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b", "c"]);
    /// b.option(["b", "c"]);
    /// b.option(["a"]);
    /// let mut problem = b.build()?;
    /// let solution = problem.search().first().value.unwrap();
    /// assert_eq!(solution, [1, 0, 0]); // a by option 1, b and c by option 0
    /// assert_eq!(problem.cover(&solution), [0, 1]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn cover(&self, solution: &[usize]) -> Vec<usize> {
        let mut options = solution.to_vec();
        options.sort_unstable();
        options.dedup();
        options
    }

    /// Every cover, lazily, in search order, each as its options in
    /// increasing order. Dropping the iterator half-way undoes every step.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.option(["a"]);
    /// b.option(["b"]);
    /// b.option(["a", "b"]);
    /// let mut problem = b.build()?;
    /// let covers: Vec<Vec<usize>> = problem.covers().collect();
    /// assert_eq!(covers, [vec![0, 1], vec![2]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use = "iterators are lazy and do nothing unless consumed"]
    pub fn covers(&mut self) -> impl Iterator<Item = Vec<usize>> + '_ {
        self.model.search().solutions().map(|mut solution| {
            solution.sort_unstable();
            solution.dedup();
            solution
        })
    }
}

impl fmt::Debug for ExactCover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactCover")
            .field("items", &self.layout.names.len())
            .field("primary", &self.layout.item_of_var.len())
            .field("options", &self.layout.option_count())
            .finish_non_exhaustive()
    }
}
