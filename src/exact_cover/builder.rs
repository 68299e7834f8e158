//! Declaring an exact-cover problem: items by name, options as lists of
//! item names.

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::ModelError;
use crate::model::{ModelBuilder, VariableOrder};

use super::checker::CoverChecker;
use super::layout::Layout;
use super::problem::ExactCover;
use super::symmetry::CoverSymmetry;

/// Declares the items and options of an exact-cover problem, then builds
/// it as an [`ExactCover`].
///
/// Items are declared first, each **primary** (to be covered exactly once)
/// or **secondary** (at most once), and numbered from 0 in declaration
/// order. Options are lists of item names (or numbers), numbered from 0 in
/// the order they are given. Mistakes (an unknown or repeated name, an
/// option without a primary item) are reported by [`build`](Self::build),
/// so the declarations need no `?` on every line.
///
/// ```
/// use backtracker::exact_cover::ExactCoverBuilder;
///
/// // Knuth's example (TAOCP 7.2.2.1): items a to g, six options.
/// let mut b = ExactCoverBuilder::new();
/// b.primary_items(["a", "b", "c", "d", "e", "f", "g"]);
/// for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
///     b.option(option.split(' '));
/// }
/// let mut problem = b.build()?;
/// let covers: Vec<Vec<usize>> = problem.covers().collect();
/// assert_eq!(covers, [[0, 3, 4]]); // {c e}, {a d f}, {b g}
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ExactCoverBuilder {
    names: Vec<String>,
    index: HashMap<String, usize>,
    primary: Vec<bool>,
    options: Vec<Vec<u32>>,
    /// Items over all options.
    entries: usize,
    symmetries: Vec<CoverSymmetry>,
    error: Option<ModelError>,
}

/// The largest count (of items, options, or items over all options) a
/// problem may have: every number fits in 32 bits.
const LIMIT: usize = u32::MAX as usize - 1;

impl ExactCoverBuilder {
    /// A problem with no items and no options.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// // No primary item: the empty set of options is the one cover.
    /// let mut problem = ExactCoverBuilder::new().build()?;
    /// assert_eq!(problem.search().count().value, 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn fail(&mut self, error: ModelError) {
        self.error.get_or_insert(error);
    }

    fn item(&mut self, name: String, primary: bool) -> usize {
        let item = self.names.len();
        if self.index.contains_key(&name) {
            self.fail(ModelError::DuplicateItem { name: name.clone() });
        } else {
            self.index.insert(name.clone(), item);
        }
        if item >= LIMIT {
            self.fail(ModelError::Unsupported {
                reason: format!("more than {LIMIT} items"),
            });
        }
        self.names.push(name);
        self.primary.push(primary);
        item
    }

    /// Declares a primary item, to be covered exactly once, and returns
    /// its number.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// assert_eq!(b.primary("x"), 0);
    /// assert_eq!(b.secondary("y"), 1);
    /// assert_eq!(b.primary("z"), 2);
    /// ```
    pub fn primary(&mut self, name: impl Into<String>) -> usize {
        self.item(name.into(), true)
    }

    /// Declares a secondary item, to be covered at most once, and returns
    /// its number.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// // Two primary items, and a secondary one that forbids taking both
    /// // single options.
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.secondary("shared");
    /// b.option(["a", "shared"]);
    /// b.option(["b", "shared"]);
    /// b.option(["a", "b"]);
    /// assert_eq!(b.build()?.search().count().value, 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn secondary(&mut self, name: impl Into<String>) -> usize {
        self.item(name.into(), false)
    }

    /// Declares primary items, in order.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]).secondary_items(["c"]);
    /// assert_eq!(b.item_count(), 3);
    /// ```
    pub fn primary_items<S: Into<String>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> &mut Self {
        for name in names {
            self.primary(name);
        }
        self
    }

    /// Declares secondary items, in order.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.secondary_items(["x", "y"]);
    /// assert_eq!(b.item_count(), 2);
    /// ```
    pub fn secondary_items<S: Into<String>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> &mut Self {
        for name in names {
            self.secondary(name);
        }
        self
    }

    /// Adds an option: the items it covers, by name, in any order. Returns
    /// its number. Every name must be a declared item, none twice, and at
    /// least one primary; [`build`](Self::build) reports the first option
    /// that breaks this.
    ///
    /// ```
    /// use backtracker::{exact_cover::ExactCoverBuilder, ModelError};
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// assert_eq!(b.option(["a"]), 0);
    /// assert_eq!(b.option(["a", "nope"]), 1);
    /// assert_eq!(
    ///     b.build().unwrap_err(),
    ///     ModelError::UnknownItem { option: 1, name: "nope".into() },
    /// );
    /// ```
    pub fn option<S: AsRef<str>>(&mut self, items: impl IntoIterator<Item = S>) -> usize {
        let option = self.options.len();
        let mut numbers = Vec::new();
        let mut unknown = None;
        for name in items {
            let name = name.as_ref();
            match self.index.get(name) {
                Some(&item) => numbers.push(item),
                None => {
                    unknown.get_or_insert_with(|| name.to_owned());
                }
            }
        }
        if let Some(name) = unknown {
            self.fail(ModelError::UnknownItem { option, name });
        }
        self.push_option(option, numbers)
    }

    /// Adds an option given by item numbers (as [`primary`](Self::primary)
    /// and [`secondary`](Self::secondary) return them): the same as
    /// [`option`](Self::option) without looking names up.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// let a = b.primary("a");
    /// let c = b.primary("c");
    /// b.option_of_items([a, c]);
    /// assert_eq!(b.build()?.search().count().value, 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn option_of_items(&mut self, items: impl IntoIterator<Item = usize>) -> usize {
        let option = self.options.len();
        let numbers: Vec<usize> = items.into_iter().collect();
        if let Some(&item) = numbers.iter().find(|&&item| item >= self.names.len()) {
            self.fail(ModelError::UnknownItem {
                option,
                name: format!("item {item}"),
            });
            return self.push_option(option, Vec::new());
        }
        self.push_option(option, numbers)
    }

    /// Records option `option` with the known items `numbers`.
    fn push_option(&mut self, option: usize, mut numbers: Vec<usize>) -> usize {
        numbers.sort_unstable();
        if let Some(pair) = numbers.windows(2).find(|w| w[0] == w[1]) {
            let name = self.names[pair[0]].clone();
            self.fail(ModelError::RepeatedItem { option, name });
        }
        if !numbers.iter().any(|&item| self.primary[item]) {
            self.fail(ModelError::NoPrimaryItem { option });
        }
        self.entries = self.entries.saturating_add(numbers.len());
        if option >= LIMIT || self.entries > LIMIT {
            self.fail(ModelError::Unsupported {
                reason: format!("more than {LIMIT} options or items over all options"),
            });
        }
        // Within the limit checked above, or the build fails anyway.
        self.options
            .push(numbers.iter().map(|&i| crate::index::small(i)).collect());
        option
    }

    /// Declares a symmetry of the problem, for
    /// [`Search::count_classes`](crate::Search::count_classes): `items`
    /// and `options` are permutations of the item numbers and of the
    /// option numbers (both as this builder numbers them) such that every
    /// option's items go to the items of its image. So every cover goes to
    /// a cover, and [`build`](Self::build) checks it in full: it refuses a
    /// map that is not a permutation, that mixes primary and secondary
    /// items, or that breaks an option, with
    /// [`ModelError::InvalidSymmetry`] naming it.
    ///
    /// ```
    /// use backtracker::{exact_cover::ExactCoverBuilder, ModelError};
    ///
    /// // Dominoes and squares on a strip of 3 cells, which reads the same
    /// // backwards: 3 covers, in 2 classes ({0}{1}{2}, and {0 1}{2} with its
    /// // mirror image {0}{1 2}).
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["0", "1", "2"]);
    /// for option in [&["0"][..], &["1"], &["2"], &["0", "1"], &["1", "2"]] {
    ///     b.option(option.iter().copied());
    /// }
    /// let mirror = b.clone();
    /// b.symmetry("mirror", |item| 2 - item, |option| [2, 1, 0, 4, 3][option]);
    /// let classes = b.build()?.search().count_classes().value;
    /// assert_eq!((classes.solutions, classes.classes), (3, 2));
    ///
    /// // Option 3 is {0 1}: its image must be {1 2}, option 4, not itself.
    /// let mut wrong = mirror;
    /// wrong.symmetry("broken", |item| 2 - item, |option| [2, 1, 0, 3, 4][option]);
    /// assert!(matches!(wrong.build(), Err(ModelError::InvalidSymmetry { .. })));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn symmetry(
        &mut self,
        name: impl Into<String>,
        items: impl Fn(usize) -> usize + Send + Sync + 'static,
        options: impl Fn(usize) -> usize + Send + Sync + 'static,
    ) -> &mut Self {
        self.symmetries
            .push(CoverSymmetry::new(name.into(), items, options));
        self
    }

    /// Number of items declared so far.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.secondary("s");
    /// assert_eq!(b.item_count(), 3);
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// Number of options added so far.
    ///
    /// ```
    /// use backtracker::exact_cover::ExactCoverBuilder;
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary_items(["a", "b"]);
    /// b.option(["a"]);
    /// b.option(["a", "b"]);
    /// assert_eq!(b.option_count(), 2);
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.options.len()
    }

    /// Builds the problem: one variable per primary item (named as the
    /// item, in declaration order) whose values are the numbers of the
    /// options that cover it, the [`CoverChecker`], and smallest-domain-first
    /// order, so that the search branches on the item with the fewest
    /// options left (ties go to the item declared first).
    ///
    /// A primary item that no option covers is allowed: the problem then
    /// has no cover.
    ///
    /// # Errors
    ///
    /// The first mistake in the declarations:
    /// [`ModelError::DuplicateItem`], [`ModelError::UnknownItem`],
    /// [`ModelError::RepeatedItem`], [`ModelError::NoPrimaryItem`], or
    /// [`ModelError::Unsupported`] for counts beyond 32 bits.
    ///
    /// ```
    /// use backtracker::{exact_cover::ExactCoverBuilder, ModelError};
    ///
    /// let mut b = ExactCoverBuilder::new();
    /// b.primary("a");
    /// b.secondary("s");
    /// b.option(["s"]);
    /// assert_eq!(b.build().unwrap_err(), ModelError::NoPrimaryItem { option: 0 });
    /// ```
    pub fn build(self) -> Result<ExactCover, ModelError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let layout = Arc::new(Layout::new(self.names, &self.primary, &self.options));
        let mut b = ModelBuilder::new();
        for (var, &item) in layout.item_of_var.iter().enumerate() {
            let name = layout.names[item as usize].clone();
            let domain = layout.domain(var);
            if domain.is_empty() {
                // No option covers it: a placeholder value that is never
                // a candidate.
                let v = b.variable(name, [usize::MAX]);
                b.restrict(v, |_| false);
            } else {
                b.variable(name, domain.iter().map(|&o| o as usize));
            }
        }
        for symmetry in &self.symmetries {
            b.symmetry(symmetry.literals(&layout)?);
        }
        b.order(VariableOrder::SmallestDomainFirst);
        let model = b.build((CoverChecker::new(Arc::clone(&layout)),))?;
        Ok(ExactCover::new(layout, model))
    }
}
