//! Models: variables with ordered finite domains, and their checkers.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use crate::assignment::{Assignment, ModelInfo, Table};
use crate::candidates::words_for;
use crate::checker::{CheckerList, Checkers, DynChecker};
use crate::error::ModelError;
use crate::search::Search;

/// The order in which the engine picks the next variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariableOrder {
    /// Variables in declaration order (the default: traces stay stable and
    /// every node at depth `d` assigns variable `d`).
    #[default]
    Declared,
    /// The unassigned variable with the fewest promising values next; ties
    /// go to the variable with the higher degree (the number of other
    /// variables it shares a checker scope with), then to the lower index.
    /// A variable with no promising value left is picked at once.
    SmallestDomainFirst,
}

/// Orders the candidate values of a variable: receives the assignment, the
/// variable and its candidates' domain indices (in domain order) and may
/// reorder them.
pub type ValueOrder<V> = Arc<dyn Fn(&Assignment<'_, V>, usize, &mut Vec<usize>) + Send + Sync>;

/// Search settings that belong to the model.
pub(crate) struct Options<V> {
    pub(crate) order: VariableOrder,
    pub(crate) value_order: Option<ValueOrder<V>>,
    pub(crate) mirror: bool,
    /// Per variable, for the smallest-domain-first tie rule.
    pub(crate) degrees: Vec<u32>,
}

impl<V> Clone for Options<V> {
    fn clone(&self) -> Self {
        Options {
            order: self.order,
            value_order: self.value_order.clone(),
            mirror: self.mirror,
            degrees: self.degrees.clone(),
        }
    }
}

/// Declares a model's variables, then builds it with its checkers.
///
/// Errors in declarations (an empty domain, a duplicate name, a pin to a
/// value outside the domain) are reported by [`build`](Self::build), so the
/// declarations can be written without `?` on every line.
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
            mirror: false,
        }
    }
}

impl<V> ModelBuilder<V> {
    /// An empty model.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn fail(&mut self, error: ModelError) {
        self.error.get_or_insert(error);
    }

    /// Declares a variable with its ordered domain and returns its index
    /// (variables are numbered from 0 in declaration order).
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
        if values.len() >= u32::MAX as usize {
            self.fail(ModelError::DomainTooLarge {
                name: name.clone(),
                size: values.len(),
                max: u32::MAX as usize - 1,
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
    pub fn index_of(&self, name: &str) -> Result<usize, ModelError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| ModelError::UnknownVariableName {
                name: name.to_owned(),
            })
    }

    /// Number of variables declared so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether no variable is declared yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Keeps only the values of `var` for which `keep` is true as its
    /// candidates (the domain, and so the value indices, stay as declared).
    /// Restricting every value away is allowed: the model then has no solution.
    pub fn restrict(&mut self, var: usize, mut keep: impl FnMut(&V) -> bool) -> &mut Self {
        let mask: Vec<bool> = self.domains[var].iter().map(&mut keep).collect();
        let slot = &mut self.keep[var];
        *slot = Some(match slot.take() {
            None => mask,
            Some(old) => old.iter().zip(mask).map(|(a, b)| *a && b).collect(),
        });
        self
    }

    /// Fixes `var` to `value` (a given of a puzzle).
    pub fn pin(&mut self, var: usize, value: &V) -> &mut Self
    where
        V: PartialEq + fmt::Debug,
    {
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
    pub fn order(&mut self, order: VariableOrder) -> &mut Self {
        self.order = order;
        self
    }

    /// Sets a value-ordering hook (for example Warnsdorff's rule for tours).
    pub fn value_order(
        &mut self,
        order: impl Fn(&Assignment<'_, V>, usize, &mut Vec<usize>) + Send + Sync + 'static,
    ) -> &mut Self {
        self.value_order = Some(Arc::new(order));
        self
    }

    /// Declares that reflecting every variable's values (domain index `i`
    /// to `d - 1 - i`) maps solutions to solutions. Counting then searches
    /// about half the tree (see [`Search::symmetry`]).
    pub fn mirror_symmetry(&mut self) -> &mut Self {
        self.mirror = true;
        self
    }

    /// Builds the model with the given checkers: a tuple of checkers (the
    /// static, fastest path) or a [`CheckerList`].
    ///
    /// # Errors
    ///
    /// The first declaration error, a checker scope naming a missing
    /// variable, two checkers with one name, or a checker's own
    /// [`prepare`](crate::Checker::prepare) error.
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
        let degrees = degrees(n, &checkers);
        Ok(Model {
            table: Arc::new(table),
            checkers,
            options: Arc::new(Options {
                order: self.order,
                value_order: self.value_order,
                mirror: self.mirror,
                degrees,
            }),
        })
    }

    /// Builds the model with boxed checkers of any types, in model order.
    ///
    /// # Errors
    ///
    /// As [`build`](Self::build).
    pub fn build_dyn(
        self,
        checkers: Vec<DynChecker<V>>,
    ) -> Result<Model<V, CheckerList<DynChecker<V>>>, ModelError> {
        self.build(CheckerList::new(checkers))
    }
}

/// For each variable, the number of other variables it shares a checker scope with.
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
/// leave it as they found it, so a model can be searched any number of times.
pub struct Model<V, C> {
    pub(crate) table: Arc<Table<V>>,
    pub(crate) checkers: C,
    pub(crate) options: Arc<Options<V>>,
}

impl<V, C: Clone> Clone for Model<V, C> {
    fn clone(&self) -> Self {
        Model {
            table: Arc::clone(&self.table),
            checkers: self.checkers.clone(),
            options: Arc::clone(&self.options),
        }
    }
}

impl<V, C: Checkers<V>> Model<V, C> {
    /// Starts configuring a search of this model.
    pub fn search(&mut self) -> Search<'_, V, C> {
        Search::new(self)
    }

    /// Number of variables.
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the model has no variables (its one solution is the empty assignment).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// The name of variable `var`.
    #[must_use]
    pub fn name(&self, var: usize) -> &str {
        &self.table.names[var]
    }

    /// The ordered domain of variable `var`.
    #[must_use]
    pub fn domain(&self, var: usize) -> &[V] {
        &self.table.domains[var]
    }

    /// The checkers' names, in model order.
    #[must_use]
    pub fn checker_names(&self) -> Vec<&str> {
        (0..self.checkers.len())
            .map(|k| self.checkers.name(k))
            .collect()
    }

    /// The checkers.
    #[must_use]
    pub fn checkers(&self) -> &C {
        &self.checkers
    }

    /// Whether the model declared [mirror symmetry](ModelBuilder::mirror_symmetry).
    #[must_use]
    pub fn has_mirror_symmetry(&self) -> bool {
        self.options.mirror
    }

    /// The variable order.
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
    #[must_use]
    pub fn first_violation(&self, indices: &[Option<usize>]) -> Option<&str> {
        assert_eq!(indices.len(), self.len(), "one entry per variable");
        let slots: Vec<u32> = indices
            .iter()
            .enumerate()
            .map(|(var, i)| match i {
                None => crate::assignment::UNASSIGNED,
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
        (0..self.checkers.len())
            .find(|&k| !self.checkers.check_one(k, &assignment))
            .map(|k| self.checkers.name(k))
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
