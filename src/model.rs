//! Models: variables with ordered finite domains, and their checkers.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use crate::assignment::{Assignment, ModelInfo, Table, UNASSIGNED};
use crate::candidates::words_for;
use crate::checkers::{Checkers, Watch};
use crate::domains::{Domains, Kept};
use crate::error::ModelError;
use crate::slot::Slot;

/// The name of the declared mirror as a generator of the group.
const MIRROR: &str = "mirror";

/// The order in which the engine picks the next variable.
///
/// ```
/// use backtracker::{constraints::AtMostOnePerLine, VariableOrder};
/// use backtracker_puzzles::nqueens_rows;
///
/// let mut b = nqueens_rows(6)?;
/// b.order(VariableOrder::SmallestDomainFirst);
/// let mut rooks = b.build((AtMostOnePerLine::small("columns", |_, c| c),))?;
/// assert_eq!(rooks.search().count().value, 720);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariableOrder {
    /// Variables in declaration order (the default: traces stay stable and
    /// every node at depth `d` assigns variable `d`).
    #[default]
    Declared,
    /// The unassigned variable with the fewest promising values next; ties
    /// go to the variable with the higher degree (the number of other
    /// variables it shares a checker scope with, counted once per checker),
    /// then to the lower index.
    /// A variable with no promising value left is picked at once.
    SmallestDomainFirst,
}

/// Orders the candidate values of a variable: receives the assignment, the
/// variable and its candidates' domain indices (in domain order) and may
/// reorder them. Set with [`ModelBuilder::value_order`].
pub type ValueOrder<V> = Arc<dyn Fn(&Assignment<'_, V>, usize, &mut Vec<usize>) + Send + Sync>;

/// Search settings that belong to the model.
pub(crate) struct Options<V> {
    pub(crate) order: VariableOrder,
    pub(crate) value_order: Option<ValueOrder<V>>,
    pub(crate) mirror: bool,
    /// The declared symmetry group, if any.
    pub(crate) group: Option<crate::symmetry::Group>,
    /// The declared interchangeable values, if any.
    pub(crate) interchangeable: Option<crate::interchangeable::Interchangeable>,
    /// Per variable, for the smallest-domain-first tie rule.
    pub(crate) degrees: Vec<u32>,
    /// Per variable, when smallest-domain-first may pick it
    /// ([`ModelBuilder::branch_first`], [`ModelBuilder::branch_last`]);
    /// `None` when every variable is usual.
    pub(crate) branch: Option<Vec<Branch>>,
}

/// When smallest-domain-first may pick a variable: the classes come in
/// this order, and within a class the smallest set goes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Branch {
    /// Before every usual variable.
    First,
    /// Smallest domain first.
    #[default]
    Usual,
    /// After every other variable.
    Last,
}

/// Declares a model's variables, then builds it with its checkers.
///
/// Errors in declarations (an empty domain, a duplicate name, a pin to a
/// value outside the domain, an unknown variable index) are reported by
/// [`build`](Self::build), so the declarations can be written without `?`
/// on every line.
///
/// ```
/// use backtracker::{constraints::Predicate, ModelBuilder};
///
/// // x + y = 4 with x < y, both in 0..=4.
/// let mut b = ModelBuilder::new();
/// let x = b.variable("x", 0..=4);
/// let y = b.variable("y", 0..=4);
/// let mut model = b
///     .build((
///         Predicate::new("sum", [x, y], |v| v[0] + v[1] == 4),
///         Predicate::new("less", [x, y], |v| v[0] < v[1]),
///     ))
///     .unwrap();
/// let all: Vec<Vec<i32>> = model.search().solutions().collect();
/// assert_eq!(all, vec![vec![0, 4], vec![1, 3]]);
/// ```
pub struct ModelBuilder<V> {
    names: Vec<String>,
    /// Variable indices by name.
    index: HashMap<String, usize>,
    domains: Vec<Vec<V>>,
    keep: Vec<Option<Vec<bool>>>,
    error: Option<ModelError>,
    order: VariableOrder,
    value_order: Option<ValueOrder<V>>,
    mirror: bool,
    symmetries: Vec<crate::Symmetry>,
    /// Declared interchangeable values: the variables and the domain
    /// indices.
    interchangeable: Option<(Vec<usize>, Vec<usize>)>,
    /// Per variable, when smallest-domain-first may pick it.
    branch: Vec<Branch>,
}

impl<V> Default for ModelBuilder<V> {
    fn default() -> Self {
        ModelBuilder {
            names: Vec::new(),
            index: HashMap::new(),
            domains: Vec::new(),
            keep: Vec::new(),
            error: None,
            order: VariableOrder::Declared,
            value_order: None,
            branch: Vec::new(),
            mirror: false,
            symmetries: Vec::new(),
            interchangeable: None,
        }
    }
}

impl<V> ModelBuilder<V> {
    /// An empty model.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let b = ModelBuilder::<u8>::new();
    /// assert!(b.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn fail(&mut self, error: ModelError) {
        self.error.get_or_insert(error);
    }

    /// Declares a variable with its ordered domain and returns its index
    /// (variables are numbered from 0 in declaration order).
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let mut b = ModelBuilder::new();
    /// assert_eq!(b.variable("x", ['a', 'b']), 0);
    /// assert_eq!(b.variable("y", ['c']), 1);
    /// ```
    pub fn variable(
        &mut self,
        name: impl Into<String>,
        domain: impl IntoIterator<Item = V>,
    ) -> usize {
        let name = name.into();
        let values: Vec<V> = domain.into_iter().collect();
        if values.is_empty() {
            self.fail(ModelError::EmptyDomain { name: name.clone() });
        }
        if values.len() >= UNASSIGNED as usize {
            self.fail(ModelError::DomainTooLarge {
                name: name.clone(),
                size: values.len(),
                max: UNASSIGNED as usize - 1,
            });
        }
        if self.index.contains_key(&name) {
            self.fail(ModelError::DuplicateVariable { name: name.clone() });
        } else {
            self.index.insert(name.clone(), self.names.len());
        }
        self.names.push(name);
        self.domains.push(values);
        self.keep.push(None);
        self.names.len() - 1
    }

    /// The index of the variable called `name`.
    ///
    /// # Errors
    ///
    /// [`ModelError::UnknownVariableName`] when there is none.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let mut b = ModelBuilder::new();
    /// b.variable("x", [1, 2]);
    /// assert_eq!(b.index_of("x"), Ok(0));
    /// assert!(b.index_of("y").is_err());
    /// ```
    pub fn index_of(&self, name: &str) -> Result<usize, ModelError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| ModelError::UnknownVariableName {
                name: name.to_owned(),
            })
    }

    /// Number of variables declared so far.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let mut b = ModelBuilder::<u8>::new();
    /// b.variable("a", [1, 2]);
    /// b.variable("b", [1, 2]);
    /// assert_eq!(b.len(), 2);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether no variable is declared yet.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let mut b = ModelBuilder::<u8>::new();
    /// assert!(b.is_empty());
    /// b.variable("a", [1]);
    /// assert!(!b.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether `var` is a declared variable; records an error for `build` if not.
    fn known(&mut self, var: usize, what: &str) -> bool {
        if var < self.names.len() {
            return true;
        }
        self.fail(ModelError::Unsupported {
            reason: format!(
                "{what} names variable {var}, but the model has {} variables",
                self.names.len()
            ),
        });
        false
    }

    /// Keeps only the values of `var` for which `keep` is true as its
    /// candidates (the domain, and so the value indices, stay as declared).
    /// Restricting every value away is allowed: the model then has no
    /// solution. A variable index the builder does not have is an error
    /// that [`build`](Self::build) reports.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..10);
    /// b.restrict(x, |v| v % 3 == 0);
    /// let mut model = b.build(())?; // no checkers
    /// assert_eq!(model.search().solutions().collect::<Vec<_>>(), [[0], [3], [6], [9]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn restrict(&mut self, var: usize, mut keep: impl FnMut(&V) -> bool) -> &mut Self {
        if !self.known(var, "restrict") {
            return self;
        }
        let mask: Vec<bool> = self.domains[var].iter().map(&mut keep).collect();
        let slot = &mut self.keep[var];
        *slot = Some(match slot.take() {
            None => mask,
            Some(old) => old.iter().zip(mask).map(|(a, b)| *a && b).collect(),
        });
        self
    }

    /// Fixes `var` to `value` (a given of a puzzle).
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 1..=3);
    /// let y = b.variable("y", 1..=3);
    /// b.pin(x, &2);
    /// let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),))?;
    /// assert_eq!(model.search().solutions().collect::<Vec<_>>(), [[2, 3]]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn pin(&mut self, var: usize, value: &V) -> &mut Self
    where
        V: PartialEq + fmt::Debug,
    {
        if !self.known(var, "pin") {
            return self;
        }
        if !self.domains[var].contains(value) {
            let name = self.names[var].clone();
            self.fail(ModelError::ValueNotInDomain {
                name,
                value: format!("{value:?}"),
            });
        }
        self.restrict(var, |v| v == value)
    }

    /// Sets the variable order (default [`VariableOrder::Declared`]).
    ///
    /// ```
    /// use backtracker::VariableOrder;
    /// use backtracker_puzzles::nqueens_rows;
    ///
    /// let mut b = nqueens_rows(6)?;
    /// b.order(VariableOrder::SmallestDomainFirst);
    /// let model = b.build(())?;
    /// assert_eq!(model.variable_order(), VariableOrder::SmallestDomainFirst);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn order(&mut self, order: VariableOrder) -> &mut Self {
        self.order = order;
        self
    }

    /// Smallest-domain-first leaves `var` until every other variable is
    /// assigned (a variable with no candidate left is still picked at
    /// once): for a variable the others determine, such as the objective
    /// variable of an optimisation, which the search should not branch on
    /// while its bound is still moving. In declared order the variables
    /// come in their order, so declare such a variable last.
    ///
    /// ```
    /// use backtracker::constraints::LinearSum;
    /// use backtracker::{ModelBuilder, VariableOrder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let total = b.variable("total", 0..=6i64);
    /// let x = b.variable("x", 0..3i64);
    /// let y = b.variable("y", 0..3i64);
    /// b.order(VariableOrder::SmallestDomainFirst).branch_last(total);
    /// let sum = LinearSum::equal("sum", [(1, x), (1, y), (-1, total)], 0);
    /// let mut model = b.build((sum,))?;
    /// let trace = model.search().trace();
    /// assert!(trace.starts_with("x = 0"), "{trace}");
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn branch_last(&mut self, var: usize) -> &mut Self {
        self.branch_class(var, Branch::Last, "branch_last")
    }

    /// Smallest-domain-first picks `var` before every other variable not
    /// so marked (a variable with no candidate left still comes first of
    /// all): for a decision that splits the problem best, such as the
    /// number of colours of a colouring, tried from the least up. In
    /// declared order, declare it first instead.
    ///
    /// ```
    /// use backtracker::constraints::LinearSum;
    /// use backtracker::{ModelBuilder, VariableOrder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", 0..3i64);
    /// let y = b.variable("y", 0..3i64);
    /// let total = b.variable("total", 0..=6i64);
    /// b.order(VariableOrder::SmallestDomainFirst).branch_first(total);
    /// let sum = LinearSum::equal("sum", [(1, x), (1, y), (-1, total)], 0);
    /// let mut model = b.build((sum,))?;
    /// let trace = model.search().trace();
    /// assert!(trace.starts_with("total = 0"), "{trace}");
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn branch_first(&mut self, var: usize) -> &mut Self {
        self.branch_class(var, Branch::First, "branch_first")
    }

    /// Puts `var` in `class` for smallest-domain-first.
    fn branch_class(&mut self, var: usize, class: Branch, what: &str) -> &mut Self {
        if !self.known(var, what) {
            return self;
        }
        if self.branch.len() <= var {
            self.branch.resize(var + 1, Branch::Usual);
        }
        self.branch[var] = class;
        self
    }

    /// Sets a value-ordering hook (for example Warnsdorff's rule for tours).
    ///
    /// The assignment it receives holds every variable assigned so far, by
    /// a step or by implication: with narrowing checkers, a variable after
    /// `var` may already hold the one value left to it. A hook that reads
    /// only the variables before `var` orders the same in declared order
    /// with narrowing and without, so the solutions then come in the same
    /// order; one that reads the others may order differently (the same
    /// solutions, in another order).
    ///
    /// ```
    /// use backtracker::{constraints::AtMostOnePerLine, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// for i in 0..3 {
    ///     b.variable(format!("x{i}"), 0..3usize);
    /// }
    /// // Largest value first.
    /// b.value_order(|_, _, candidates| candidates.reverse());
    /// let mut model = b.build((AtMostOnePerLine::small("different", |_, i| i),))?;
    /// assert_eq!(model.search().first().value, Some(vec![2, 1, 0]));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn value_order(
        &mut self,
        order: impl Fn(&Assignment<'_, V>, usize, &mut Vec<usize>) + Send + Sync + 'static,
    ) -> &mut Self {
        self.value_order = Some(Arc::new(order));
        self
    }

    /// Declares that reflecting every variable's values (domain index `i`
    /// to `d - 1 - i`) maps solutions to solutions. Counting then searches
    /// about half the tree (see [`Search::symmetry`](crate::Search::symmetry)).
    /// The mirror is also one generator, named `mirror`, of the model's
    /// symmetry group (beside those of [`symmetry`](Self::symmetry)), so
    /// that [`Search::count_classes`](crate::Search::count_classes) counts
    /// the solutions up to it; not when values are declared
    /// [interchangeable](Self::interchangeable_values), whose permutations
    /// hold it.
    ///
    /// The checkers' invariance is the caller's promise; [cross-check
    /// mode](crate::Search::cross_check) verifies it (a count there searches
    /// the whole tree and checks the mirror image of every solution); what
    /// the builder can check,
    /// it does: [`build`](Self::build) refuses the declaration when a
    /// variable's candidates, after pins and restrictions, are not their own
    /// mirror image.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens_rows;
    ///
    /// let mut b = nqueens_rows(4)?;
    /// b.mirror_symmetry().pin(0, &0);
    /// assert!(b.build(()).is_err()); // row 0 pinned to column 0: no mirror image
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn mirror_symmetry(&mut self) -> &mut Self {
        self.mirror = true;
        self
    }

    /// Declares a generator of the model's symmetry group: a map of
    /// literals that takes every solution to a solution. The group is what
    /// the generators make together;
    /// [`Search::count_classes`](crate::Search::count_classes) counts the
    /// solutions up to it.
    ///
    /// [`build`](Self::build) refuses a generator that does not map the
    /// candidates (after pins and restrictions) one to one onto the
    /// candidates, and generators that make more than
    /// [`MAX_GROUP`](crate::MAX_GROUP) symmetries. That it maps solutions
    /// to solutions is the caller's promise, checked on every solution
    /// that `count_classes` finds.
    ///
    /// ```
    /// use backtracker::{ModelError, Symmetry};
    /// use backtracker_puzzles::nqueens_rows;
    ///
    /// let mut b = nqueens_rows(8)?;
    /// b.symmetry(Symmetry::square_rows(8)[0].clone()).pin(0, &0);
    /// let error = b.build(()).unwrap_err();
    /// assert!(matches!(error, ModelError::InvalidSymmetry { ref name, .. } if name == "rotation 90"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn symmetry(&mut self, generator: crate::Symmetry) -> &mut Self {
        self.symmetries.push(generator);
        self
    }

    /// Declares the domain indices `values` interchangeable on `variables`:
    /// every permutation of those values, applied to the variables of the
    /// set (and to no other), takes every solution to a solution, as the
    /// colours of a colouring or the symbols of a Latin square do.
    ///
    /// [`Search::count_classes`](crate::Search::count_classes) then counts
    /// the solutions up to these permutations, and
    /// [`Search::canonical_solutions`](crate::Search::canonical_solutions) gives
    /// one solution of each class, by a rule that cuts the symmetry away
    /// without listing its `k!` permutations: a variable of the set may
    /// take a value outside `values`, one of `values` that a variable of
    /// the set already holds, or the smallest of `values` that none holds.
    /// Each class is searched once, under any variable order, and a
    /// solution holding `u` of the `k` values stands for `k! / (k - u)!`.
    ///
    /// [`build`](Self::build) refuses, with
    /// [`ModelError::InvalidSymmetry`] named `interchangeable values`, a
    /// variable or a value outside the model, a variable whose candidates
    /// (after pins and restrictions) hold some of the values but not all,
    /// a second declaration, and a declaration beside generators declared
    /// with [`symmetry`](Self::symmetry), which it does not combine with.
    /// That the values are interchangeable is the caller's promise,
    /// checked on every solution found (and on every solution of the tree
    /// in [cross-check mode](crate::Search::cross_check)).
    ///
    /// ```
    /// use backtracker::{constraints::AllDifferent, ModelBuilder};
    ///
    /// // Three variables, pairwise different, over four colours: 4 * 3 * 2
    /// // colourings, all one class up to a renaming of the colours.
    /// let mut b = ModelBuilder::new();
    /// for name in ["a", "b", "c"] {
    ///     b.variable(name, 0..4);
    /// }
    /// b.interchangeable_values(0..3, 0..4);
    /// let mut model = b.build((AllDifferent::new("differ", 0..3),))?;
    /// let classes = model.search().count_classes().value;
    /// assert_eq!((classes.solutions, classes.classes), (24, 1));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    pub fn interchangeable_values(
        &mut self,
        variables: impl IntoIterator<Item = usize>,
        values: impl IntoIterator<Item = usize>,
    ) -> &mut Self {
        let declared = (
            variables.into_iter().collect(),
            values.into_iter().collect(),
        );
        if self.interchangeable.replace(declared).is_some() {
            self.fail(ModelError::InvalidSymmetry {
                name: crate::interchangeable::NAME.to_owned(),
                reason: "declared twice".to_owned(),
            });
        }
        self
    }

    /// The declared group, with the mirror as one generator unless the
    /// values are declared interchangeable (their permutations hold it),
    /// checked on the domains of these sizes and their candidates
    /// (`kept(var, index)`).
    fn group(
        &self,
        sizes: &[usize],
        kept: impl Fn(usize, usize) -> bool,
    ) -> Result<Option<crate::symmetry::Group>, ModelError> {
        let mut symmetries = self.symmetries.clone();
        if self.mirror && self.interchangeable.is_none() {
            let sizes = sizes.to_vec();
            symmetries.push(crate::Symmetry::literals(MIRROR, move |var, i| {
                (var, sizes[var].wrapping_sub(1).wrapping_sub(i))
            }));
        }
        if symmetries.is_empty() {
            return Ok(None);
        }
        crate::symmetry::Group::new(&symmetries, sizes, kept).map(Some)
    }

    /// Builds the model with the given checkers: a tuple of checkers (the
    /// static, fastest path), a `Vec<DynChecker<V>>` of boxed checkers of any
    /// types, or `()` for none.
    ///
    /// # Errors
    ///
    /// The first declaration error, a checker scope naming a missing
    /// variable, two checkers with one name, a declared mirror symmetry the
    /// candidates do not have, or a checker's own
    /// [`prepare`](crate::Checker::prepare) error.
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, DynChecker, ModelBuilder, ModelError};
    ///
    /// let builder = || {
    ///     let mut b = ModelBuilder::new();
    ///     b.variable("x", 0..4);
    ///     b.variable("y", 0..4);
    ///     b
    /// };
    /// // A tuple of checkers, or boxed ones in a Vec: pairs with x + y = 3.
    /// let sum = || Predicate::new("sum", [0, 1], |v| v[0] + v[1] == 3);
    /// assert_eq!(builder().build((sum(),))?.search().count().value, 4);
    /// let boxed: Vec<DynChecker<i32>> = vec![Box::new(sum())];
    /// assert_eq!(builder().build(boxed)?.search().count().value, 4);
    /// # Ok::<(), ModelError>(())
    /// ```
    pub fn build<C: Checkers<V>>(self, mut checkers: C) -> Result<Model<V, C>, ModelError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let n = self.names.len();
        let words = words_for(self.domains.iter().map(Vec::len).max().unwrap_or(1));
        let mut initial = vec![0u64; n * words];
        for (var, domain) in self.domains.iter().enumerate() {
            let set = &mut initial[var * words..(var + 1) * words];
            for i in 0..domain.len() {
                if self.keep[var].as_ref().is_none_or(|k| k[i]) {
                    set[i / 64] |= 1 << (i % 64);
                }
            }
        }
        if self.mirror
            && let Some(var) = (0..n).find(|&var| {
                let size = self.domains[var].len();
                let set = &initial[var * words..(var + 1) * words];
                let has = |i: usize| set[i / 64] >> (i % 64) & 1 == 1;
                (0..size).any(|i| has(i) != has(size - 1 - i))
            })
        {
            return Err(ModelError::NotSymmetric {
                name: self.names[var].clone(),
            });
        }
        // Each domain's size, and whether a domain index is a candidate
        // after pins and restrictions, for the declared symmetries.
        let sizes: Vec<usize> = self.domains.iter().map(Vec::len).collect();
        let kept = |var: usize, i: usize| initial[var * words + i / 64] >> (i % 64) & 1 == 1;
        let group = self.group(&sizes, kept)?;
        let interchangeable = match &self.interchangeable {
            None => None,
            Some(_) if !self.symmetries.is_empty() => {
                return Err(ModelError::InvalidSymmetry {
                    name: crate::interchangeable::NAME.to_owned(),
                    reason: format!(
                        "declared beside the generator `{}`: the two do not combine",
                        self.symmetries[0].name()
                    ),
                });
            }
            Some((variables, values)) => Some(crate::interchangeable::Interchangeable::new(
                (variables, values),
                &self.names,
                &sizes,
                words,
                kept,
            )?),
        };
        let table = Table {
            names: self.names,
            domains: self.domains,
            words,
            initial,
        };
        let mut seen = HashSet::new();
        for k in 0..checkers.len() {
            let name = checkers.name(k);
            if !seen.insert(name.to_owned()) {
                return Err(ModelError::DuplicateChecker {
                    name: name.to_owned(),
                });
            }
            if let Some(&var) = checkers.scope(k).and_then(|s| s.iter().find(|&&v| v >= n)) {
                return Err(ModelError::UnknownVariable {
                    checker: name.to_owned(),
                    var,
                    count: n,
                });
            }
        }
        checkers.prepare(&ModelInfo { table: &table })?;
        silent_narrowing(&table, &checkers)?;
        let watch = Watch::new(n, &checkers);
        let degrees = degrees(n, &checkers);
        Ok(Model {
            table: Arc::new(table),
            checkers: Slot::new(checkers),
            watch: Arc::new(watch),
            options: Arc::new(Options {
                order: self.order,
                value_order: self.value_order,
                mirror: self.mirror,
                group,
                interchangeable,
                degrees,
                branch: self.branch.iter().any(|&b| b != Branch::Usual).then(|| {
                    let mut branch = self.branch;
                    branch.resize(n, Branch::Usual);
                    branch
                }),
            }),
            poisoned: false,
        })
    }
}

/// Refuses a checker that overrides `narrow` while its `narrows` is false:
/// its narrowing would never run. Each such checker's `narrow` is called
/// once, on a scratch copy of the root's candidates (kept nowhere), and
/// only the default implementation says it is the default.
fn silent_narrowing<V, C: Checkers<V>>(table: &Table<V>, checkers: &C) -> Result<(), ModelError> {
    let n = table.len();
    let slots = vec![UNASSIGNED; n];
    // One scratch copy for all: only a checker that overrides `narrow`
    // can change it, and the first such is refused.
    let mut kept = None;
    for k in (0..checkers.len()).filter(|&k| !checkers.narrows(k)) {
        let Some(var) = checkers
            .scope(k)
            .map_or((n > 0).then_some(0), |s| s.first().copied())
        else {
            continue;
        };
        let kept =
            kept.get_or_insert_with(|| Kept::new(&table.initial, n, table.words, &vec![0; n]));
        kept.default_narrow = false;
        let mut domains = Domains {
            table,
            slots: &slots,
            kept,
        };
        // Whatever it answers: only whether the default ran matters.
        let _ = checkers.narrow_one(k, var, &mut domains);
        if !kept.default_narrow {
            return Err(ModelError::NarrowNeverCalled {
                checker: checkers.name(k).to_owned(),
            });
        }
    }
    Ok(())
}

/// For each variable, the number of other variables it shares a checker
/// scope with, counted once per checker.
fn degrees<V, C: Checkers<V>>(n: usize, checkers: &C) -> Vec<u32> {
    let mut degree = vec![0u32; n];
    for k in 0..checkers.len() {
        let width = checkers.scope(k).map_or(n, <[usize]>::len);
        let extra = u32::try_from(width.saturating_sub(1)).unwrap_or(u32::MAX);
        match checkers.scope(k) {
            None => degree.iter_mut().for_each(|d| *d = d.saturating_add(extra)),
            Some(vars) => vars
                .iter()
                .for_each(|&v| degree[v] = degree[v].saturating_add(extra)),
        }
    }
    degree
}

/// A model ready to search: variables, domains and checkers `C`.
///
/// Searches borrow the model mutably (checkers keep incremental state) and
/// leave it as they found it, so a model can be searched any number of
/// times; [`Model::search`] starts one.
///
/// ```
/// use backtracker_puzzles::nqueens;
///
/// let mut model = nqueens(6)?;
/// assert_eq!(model.len(), 6);
/// assert_eq!(model.name(0), "row 0");
/// assert_eq!(model.search().count().value, 4);
/// assert_eq!(model.search().count().value, 4); // as new
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub struct Model<V, C> {
    pub(crate) table: Arc<Table<V>>,
    /// The checkers (see [`Slot`] for why in a slot).
    pub(crate) checkers: Slot<C>,
    pub(crate) watch: Arc<Watch>,
    pub(crate) options: Arc<Options<V>>,
    /// A checker panicked during a search, so their states may be
    /// inconsistent: every later search stops at once.
    pub(crate) poisoned: bool,
}

/// The mark of a poisoned model (see [`Model::is_poisoned`]), given by
/// [`gate`]: a [`StopReason::Unusable`](crate::StopReason::Unusable) for an
/// entry point that returns an [`Outcome`](crate::Outcome), a
/// [`UnitError::Unusable`](crate::UnitError::Unusable) for one that returns
/// a `Result`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Poisoned;

/// The one check of a poisoned model. Every public entry point that
/// searches, splits, estimates or merges goes through it, directly or
/// through the engine it starts, before it looks at the checkers.
pub(crate) fn gate(poisoned: bool) -> Result<(), Poisoned> {
    if poisoned { Err(Poisoned) } else { Ok(()) }
}

impl From<Poisoned> for crate::StopReason {
    fn from(_: Poisoned) -> Self {
        crate::StopReason::Unusable
    }
}

impl From<Poisoned> for crate::UnitError {
    fn from(_: Poisoned) -> Self {
        crate::UnitError::Unusable
    }
}

impl<V, C: Clone> Clone for Model<V, C> {
    fn clone(&self) -> Self {
        Model {
            table: Arc::clone(&self.table),
            checkers: self.checkers.clone(),
            watch: Arc::clone(&self.watch),
            options: Arc::clone(&self.options),
            poisoned: self.poisoned,
        }
    }
}

impl<V, C: Checkers<V>> Model<V, C> {
    /// Number of variables.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert_eq!(nqueens(8)?.len(), 8); // one variable per row
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the model has no variables (its one solution is the empty assignment).
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    ///
    /// // No variables: one solution, the empty assignment.
    /// let mut model = ModelBuilder::<u8>::new().build(())?;
    /// assert!(model.is_empty());
    /// assert_eq!(model.search().count().value, 1);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// The name of variable `var`.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert_eq!(nqueens(4)?.name(3), "row 3");
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn name(&self, var: usize) -> &str {
        &self.table.names[var]
    }

    /// The ordered domain of variable `var`.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert_eq!(nqueens(4)?.domain(0), [0, 1, 2, 3]); // the columns
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn domain(&self, var: usize) -> &[V] {
        &self.table.domains[var]
    }

    /// The checkers' names, in model order.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let model = nqueens(4)?;
    /// assert_eq!(model.checker_names(), ["columns", "diagonals", "anti-diagonals"]);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn checker_names(&self) -> Vec<&str> {
        let checkers = self.checkers();
        (0..checkers.len()).map(|k| checkers.name(k)).collect()
    }

    /// The checkers (to read what they hold after a search).
    ///
    /// ```
    /// use backtracker::{constraints::Predicate, Checker, ModelBuilder};
    ///
    /// let mut b = ModelBuilder::new();
    /// let x = b.variable("x", [1, 2, 3]);
    /// let model = b.build((Predicate::new("odd", [x], |v| v[0] % 2 == 1),))?;
    /// let (odd,) = model.checkers();
    /// assert_eq!(Checker::<i32>::name(odd), "odd");
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn checkers(&self) -> &C {
        self.checkers.get()
    }

    /// Whether the model declared [mirror symmetry](ModelBuilder::mirror_symmetry).
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    /// use backtracker_puzzles::nqueens;
    ///
    /// // Reflecting every queen's column maps N-Queens solutions to solutions.
    /// assert!(nqueens(6)?.has_mirror_symmetry());
    /// let mut b = ModelBuilder::<u8>::new();
    /// b.variable("x", [1, 2]);
    /// assert!(!b.build(())?.has_mirror_symmetry());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn has_mirror_symmetry(&self) -> bool {
        self.options.mirror
    }

    /// Whether a checker panicked during an earlier search of this model.
    /// The checkers' incremental state may then be inconsistent, so every
    /// later search, count, estimate and split refuses the model instead
    /// of giving a wrong answer; build the model again. Entry points that
    /// return an [`Outcome`](crate::Outcome) ([`Search::count`](crate::Search::count),
    /// here, over [units](crate::Search::units) or on
    /// [threads](crate::Search::threads),
    /// [`estimate`](crate::Search::estimate), ...) stop at once with
    /// [`StopReason::Unusable`](crate::StopReason::Unusable);
    /// [`split_at_most`](Self::split_at_most) and
    /// [`merge_checked`](crate::units::merge_checked) return
    /// [`UnitError::Unusable`](crate::UnitError::Unusable);
    /// [`split`](Self::split), which cannot return an error, panics.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// assert!(!nqueens(4)?.is_poisoned());
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    /// [`gate`] for this model.
    pub(crate) fn usable(&self) -> Result<(), Poisoned> {
        gate(self.poisoned)
    }

    /// The variable order.
    ///
    /// ```
    /// use backtracker::VariableOrder;
    /// use backtracker_puzzles::coloring;
    ///
    /// assert_eq!(coloring::australia().variable_order(), VariableOrder::Declared);
    /// ```
    #[must_use]
    pub fn variable_order(&self) -> VariableOrder {
        self.options.order
    }

    /// Judges a complete or partial assignment, given as domain indices per
    /// variable (`None`: unassigned), from scratch with every checker's
    /// `check`. Returns the name of the first checker that rejects it.
    ///
    /// # Panics
    ///
    /// If `indices` does not have one entry per variable or names an index
    /// outside a domain.
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let model = nqueens(4)?;
    /// assert_eq!(model.first_violation(&[Some(1), Some(3), Some(0), Some(2)]), None);
    /// assert_eq!(model.first_violation(&[Some(0), Some(1), None, None]), Some("anti-diagonals"));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn first_violation(&self, indices: &[Option<usize>]) -> Option<&str> {
        assert_eq!(indices.len(), self.len(), "one entry per variable");
        let slots: Vec<u32> = indices
            .iter()
            .enumerate()
            .map(|(var, i)| match i {
                None => UNASSIGNED,
                Some(i) => {
                    assert!(
                        *i < self.table.domains[var].len(),
                        "index outside the domain"
                    );
                    u32::try_from(*i).expect("index fits in u32")
                }
            })
            .collect();
        let assignment = Assignment::new(&self.table, &slots);
        let checkers = self.checkers();
        (0..checkers.len())
            .find(|&k| !checkers.check_one(k, &assignment))
            .map(|k| checkers.name(k))
    }

    /// The values of a complete assignment given as one domain index per
    /// variable (as a checkpoint or a result line carries a solution), if
    /// every checker accepts it: `None` when `indices` does not have one
    /// entry per variable, names an index outside a domain, or is
    /// rejected ([`first_violation`](Self::first_violation)).
    ///
    /// ```
    /// use backtracker_puzzles::nqueens;
    ///
    /// let model = nqueens(4)?;
    /// assert_eq!(model.solution_of(&[1, 3, 0, 2]), Some(vec![1, 3, 0, 2]));
    /// assert_eq!(model.solution_of(&[0, 1, 2, 3]), None);
    /// assert_eq!(model.solution_of(&[1, 3, 0, 9]), None);
    /// assert_eq!(model.solution_of(&[1, 3, 0]), None);
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn solution_of(&self, indices: &[u32]) -> Option<Vec<V>>
    where
        V: Copy,
    {
        if indices.len() != self.len() {
            return None;
        }
        let values = indices
            .iter()
            .enumerate()
            .map(|(var, &i)| self.table.domains[var].get(i as usize).copied())
            .collect::<Option<Vec<V>>>()?;
        let indices: Vec<Option<usize>> = indices.iter().map(|&i| Some(i as usize)).collect();
        self.first_violation(&indices).is_none().then_some(values)
    }
}

impl<V: fmt::Debug, C: Checkers<V>> fmt::Debug for Model<V, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("variables", &self.table.names)
            .field("checkers", &self.checker_names())
            .field("order", &self.options.order)
            .field("mirror_symmetry", &self.options.mirror)
            .finish_non_exhaustive()
    }
}
