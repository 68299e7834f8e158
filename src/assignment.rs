//! Read-only views of a model's variables and of a partial assignment.

use std::fmt;

/// Marks an unassigned slot.
pub(crate) const UNASSIGNED: u32 = u32::MAX;

/// Marks an assignment whose slots cover every variable.
const NOT_PREFIX: usize = usize::MAX;

/// The variables of a model: names, domains and initial candidate sets.
#[derive(Clone, Debug)]
pub(crate) struct Table<V> {
    pub(crate) names: Vec<String>,
    pub(crate) domains: Vec<Vec<V>>,
    /// Words per candidate set.
    pub(crate) words: usize,
    /// `names.len() * words` words: each variable's candidates before search.
    pub(crate) initial: Vec<u64>,
}

impl<V> Table<V> {
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }
}

/// One candidate step: variable `var` takes the value with domain index
/// `index`, which is `value`.
///
/// ```
/// use backtracker::{observe::from_fn, Control, Event};
/// use backtracker_puzzles::nqueens;
///
/// // The first step of 4-queens: row 0 takes column 0.
/// let mut first = None;
/// nqueens(4).unwrap().search().observer(from_fn(|e: &Event<'_, usize>| {
///     if let (None, Event::Assign { choice, .. }) = (first, e) {
///         first = Some((choice.var, choice.index, *choice.value));
///     }
///     Control::Continue
/// })).count();
/// assert_eq!(first, Some((0, 0, 0)));
/// ```
#[derive(Debug)]
pub struct Choice<'a, V> {
    /// The variable's index in the model.
    pub var: usize,
    /// The value's index in the variable's domain.
    pub index: usize,
    /// The value itself.
    pub value: &'a V,
}

impl<V> Clone for Choice<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Choice<'_, V> {}

/// The variables of a model, as checkers see them in
/// [`Checker::prepare`](crate::Checker::prepare).
///
/// ```
/// use backtracker::{Assignment, Checker, ModelBuilder, ModelInfo, ModelError};
///
/// /// "x < y", with both variables found by name when the model is built.
/// #[derive(Default)]
/// struct Less(usize, usize);
///
/// impl Checker<i32> for Less {
///     fn name(&self) -> &str {
///         "less"
///     }
///     fn check(&self, a: &Assignment<'_, i32>) -> bool {
///         match (a.get(self.0), a.get(self.1)) {
///             (Some(x), Some(y)) => x < y,
///             _ => true,
///         }
///     }
///     fn prepare(&mut self, model: &ModelInfo<'_, i32>) -> Result<(), ModelError> {
///         assert!(!model.is_empty() && model.len() == 2);
///         assert_eq!((model.name(0), model.domain(0)), ("y", &[1, 2, 3][..]));
///         self.0 = model.index_of("x").expect("a variable x");
///         self.1 = model.index_of("y").expect("a variable y");
///         Ok(())
///     }
/// }
///
/// let mut b = ModelBuilder::new();
/// b.variable("y", [1, 2, 3]);
/// b.variable("x", [1, 2, 3]);
/// let mut model = b.build((Less::default(),))?;
/// assert_eq!(model.search().first().value, Some(vec![2, 1])); // y = 2, x = 1
/// assert_eq!(model.search().count().value, 3);
/// # Ok::<(), ModelError>(())
/// ```
#[derive(Debug)]
pub struct ModelInfo<'a, V> {
    pub(crate) table: &'a Table<V>,
}

impl<'a, V> ModelInfo<'a, V> {
    /// Number of variables.
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the model has no variables.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// The name of variable `var`.
    #[must_use]
    pub fn name(&self, var: usize) -> &'a str {
        &self.table.names[var]
    }

    /// The ordered domain of variable `var`.
    #[must_use]
    pub fn domain(&self, var: usize) -> &'a [V] {
        &self.table.domains[var]
    }

    /// The index of the variable called `name`, if there is one.
    #[must_use]
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.table.names.iter().position(|n| n == name)
    }
}

/// A partial assignment: which variables have a value, and which.
///
/// Checkers read it in [`check`](crate::Checker::check),
/// [`promising`](crate::Checker::promising) and
/// [`filter`](crate::Checker::filter); observers see it in events.
///
/// ```
/// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
/// # let mut b = ModelBuilder::new();
/// # let x = b.variable("x", [1, 2, 3]);
/// # let y = b.variable("y", [1, 2, 3]);
/// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
/// // x < y with x and y in 1..=3: three solutions, each complete.
/// let mut solutions = Vec::new();
/// model.search().observer(from_fn(|e: &Event<'_, i32>| {
///     if let Event::Solution { assignment, .. } = e {
///         assert!(assignment.is_complete());
///         solutions.push((assignment.get(x).copied(), assignment.get(y).copied()));
///     }
///     Control::Continue
/// })).count();
/// assert_eq!(solutions, [(Some(1), Some(2)), (Some(1), Some(3)), (Some(2), Some(3))]);
/// ```
pub struct Assignment<'a, V> {
    pub(crate) table: &'a Table<V>,
    /// Per variable, its domain index or `UNASSIGNED`; in prefix form, the
    /// indices of variables `0..prefix`.
    pub(crate) slots: &'a [u32],
    /// Prefix form: variables `0..prefix` are assigned and no others
    /// (`NOT_PREFIX` when `slots` covers every variable).
    pub(crate) prefix: usize,
    /// One more step laid over `slots` (the candidate being judged).
    pub(crate) extra: Option<(usize, usize)>,
}

impl<V> Clone for Assignment<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Assignment<'_, V> {}

impl<'a, V> Assignment<'a, V> {
    #[inline]
    pub(crate) fn new(table: &'a Table<V>, slots: &'a [u32]) -> Self {
        Assignment {
            table,
            slots,
            prefix: NOT_PREFIX,
            extra: None,
        }
    }

    /// The assignment of variables `0..assigned` to `indices[..assigned]`.
    #[inline]
    pub(crate) fn prefix(table: &'a Table<V>, indices: &'a [u32], assigned: usize) -> Self {
        Assignment {
            table,
            slots: indices,
            prefix: assigned,
            extra: None,
        }
    }

    /// This assignment extended by `choice` (the candidate's variable must
    /// be unassigned here).
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let (None, Event::Reject { assignment, choice, .. }) = (&seen, e) {
    ///         seen = Some((assignment.get(y).copied(), assignment.with(*choice).get(y).copied()));
    ///     }
    ///     Control::Continue
    /// })).first();
    /// // y = 1 is the first step refused (x = 1 < y fails); judged with it laid over:
    /// assert_eq!(seen, Some((None, Some(1))));
    /// ```
    #[inline]
    #[must_use]
    pub fn with(&self, choice: Choice<'_, V>) -> Assignment<'a, V> {
        Assignment {
            table: self.table,
            slots: self.slots,
            prefix: self.prefix,
            extra: Some((choice.var, choice.index)),
        }
    }

    /// Number of variables in the model (assigned or not).
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some((assignment.len(), assignment.is_empty()));
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some((2, false)));
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the model has no variables.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.is_empty());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some(false));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// The domain index of `var`'s value, if it is assigned.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some((assignment.index(x), assignment.index(y)));
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some((Some(0), Some(1)))); // domain positions of 1 and 2
    /// ```
    #[inline]
    #[must_use]
    pub fn index(&self, var: usize) -> Option<usize> {
        if let Some((v, i)) = self.extra
            && v == var
        {
            return Some(i);
        }
        if self.prefix != NOT_PREFIX {
            return (var < self.prefix).then(|| self.slots[var] as usize);
        }
        match self.slots[var] {
            UNASSIGNED => None,
            i => Some(i as usize),
        }
    }

    /// The value of `var`, if it is assigned.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some((assignment.get(x).copied(), assignment.get(y).copied()));
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some((Some(1), Some(2))));
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, var: usize) -> Option<&'a V> {
        let table = self.table;
        self.index(var).map(|i| &table.domains[var][i])
    }

    /// Whether `var` has a value.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let (None, Event::Reject { assignment, choice, .. }) = (&seen, e) {
    ///         seen = Some((assignment.is_assigned(x), assignment.is_assigned(y)));
    ///     }
    ///     Control::Continue
    /// })).first();
    /// // When y = 1 is refused, only x has a value.
    /// assert_eq!(seen, Some((true, false)));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_assigned(&self, var: usize) -> bool {
        self.index(var).is_some()
    }

    /// Number of assigned variables.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let (None, Event::Reject { assignment, choice, .. }) = (&seen, e) {
    ///         seen = Some(assignment.assigned_count());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// // When y = 1 is refused, only x has a value.
    /// assert_eq!(seen, Some(1));
    /// ```
    #[must_use]
    pub fn assigned_count(&self) -> usize {
        (0..self.len()).filter(|&v| self.is_assigned(v)).count()
    }

    /// Whether every variable has a value.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.is_complete());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some(true));
    /// ```
    #[must_use]
    pub fn is_complete(&self) -> bool {
        (0..self.len()).all(|v| self.is_assigned(v))
    }

    /// The assigned variables with their values, in variable order.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.iter().map(|(v, &value)| (v, value)).collect::<Vec<_>>());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some(vec![(0, 1), (1, 2)]));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (usize, &'a V)> + '_ {
        (0..self.len()).filter_map(|v| self.get(v).map(|x| (v, x)))
    }

    /// The name of variable `var`.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.name(y).to_string());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen.as_deref(), Some("y"));
    /// ```
    #[must_use]
    pub fn name(&self, var: usize) -> &'a str {
        &self.table.names[var]
    }

    /// The ordered domain of variable `var`.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.domain(y).to_vec());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some(vec![1, 2, 3]));
    /// ```
    #[inline]
    #[must_use]
    pub fn domain(&self, var: usize) -> &'a [V] {
        &self.table.domains[var]
    }

    /// The values of all variables, if every one is assigned.
    ///
    /// ```
    /// # use backtracker::{constraints::Predicate, observe::from_fn, Control, Event, ModelBuilder};
    /// # let mut b = ModelBuilder::new();
    /// # let x = b.variable("x", [1, 2, 3]);
    /// # let y = b.variable("y", [1, 2, 3]);
    /// # let mut model = b.build((Predicate::new("less", [x, y], |v| v[0] < v[1]),)).unwrap();
    /// // x < y, x and y in 1..=3: the first solution is x = 1, y = 2.
    /// let mut seen = None;
    /// model.search().observer(from_fn(|e: &Event<'_, i32>| {
    ///     if let Event::Solution { assignment, .. } = e {
    ///         seen = Some(assignment.values());
    ///     }
    ///     Control::Continue
    /// })).first();
    /// assert_eq!(seen, Some(Some(vec![1, 2])));
    /// ```
    #[must_use]
    pub fn values(&self) -> Option<Vec<V>>
    where
        V: Clone,
    {
        (0..self.len()).map(|v| self.get(v).cloned()).collect()
    }
}

impl<V: fmt::Display> fmt::Display for Assignment<'_, V> {
    /// `row 0 = 1, row 1 = 3`, in variable order; `(empty)` when nothing is assigned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for (var, value) in self.iter() {
            if any {
                f.write_str(", ")?;
            }
            write!(f, "{} = {}", self.name(var), value)?;
            any = true;
        }
        if !any {
            f.write_str("(empty)")?;
        }
        Ok(())
    }
}

impl<V: fmt::Debug> fmt::Debug for Assignment<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(v, x)| (self.name(v), x)))
            .finish()
    }
}
