//! The colouring rule as an incremental checker: the ends of every edge
//! differ.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

use backtracker::Candidates;
use backtracker::Checker;
use backtracker::ModelError;
use backtracker::{Assignment, Choice, ModelInfo};
use backtracker::{Conflict, Domains};

use super::{Graph, MAX_COLORS};

/// "Neighbours differ": no two adjacent vertices share a colour. Colours
/// are domain indices, so every variable must have the same palette of at
/// most [`MAX_COLORS`] colours; variable `v - 1` is vertex `v`. The model
/// may have more variables after the vertices': the checker leaves them
/// alone.
///
/// Incremental: for each vertex it keeps how many assigned neighbours use
/// each colour and, as one word, the set of those colours, so `promising`
/// is one bit test and `filter` one mask. Assigning a vertex touches
/// its neighbours only.
///
/// ```
/// use backtracker::ModelBuilder;
/// use backtracker_puzzles::coloring::{Graph, NeighboursDiffer};
///
/// // A path 1 - 2 - 3 with 2 colours: two colourings.
/// let graph = Graph::from_edges(3, [(1, 2), (2, 3)]).unwrap();
/// let mut b = ModelBuilder::new();
/// for v in 1..=3 {
///     b.variable(graph.name(v), ["black", "white"]);
/// }
/// let mut model = b.build((NeighboursDiffer::new(&graph),)).unwrap();
/// assert_eq!(model.search().count().value, 2);
/// ```
#[derive(Clone, Debug)]
pub struct NeighboursDiffer {
    /// Neighbours of vertex index `i` are `targets[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    colors: usize,
    /// Per vertex: bit `c` is set when an assigned neighbour has colour `c`.
    used: Vec<u64>,
    /// Per vertex and colour: how many assigned neighbours have it.
    counts: Vec<u32>,
    /// Whether it narrows (see [`narrowing`](Self::narrowing)).
    narrowing: bool,
    /// The vertices' variables, when the model has others after them
    /// (`None`: every variable is a vertex).
    scope: Option<Vec<usize>>,
}

impl NeighboursDiffer {
    /// The checker for the edges of `graph`.
    ///
    /// # Panics
    ///
    /// If the graph has 2^32 or more vertices or edges.
    ///
    /// ```
    /// use backtracker::ModelBuilder;
    /// use backtracker_puzzles::coloring::{Graph, NeighboursDiffer};
    ///
    /// // A triangle with 3 colours: 3! colourings.
    /// let triangle = Graph::from_edges(3, [(1, 2), (2, 3), (1, 3)]).unwrap();
    /// let mut b = ModelBuilder::new();
    /// (1..=3).for_each(|v| _ = b.variable(triangle.name(v), [0, 1, 2]));
    /// let mut model = b.build((NeighboursDiffer::new(&triangle),)).unwrap();
    /// assert_eq!(model.search().count().value, 6);
    /// ```
    #[must_use]
    pub fn new(graph: &Graph) -> Self {
        let mut offsets = Vec::with_capacity(graph.vertices() + 1);
        let mut targets = Vec::with_capacity(2 * graph.edges().len());
        offsets.push(0);
        for v in 1..=graph.vertices() {
            targets.extend(
                graph
                    .neighbours(v)
                    .iter()
                    .map(|&u| u32::try_from(u - 1).expect("fewer than 2^32 vertices")),
            );
            offsets.push(u32::try_from(targets.len()).expect("fewer than 2^32 edges"));
        }
        NeighboursDiffer {
            offsets,
            targets,
            colors: 0,
            used: Vec::new(),
            counts: Vec::new(),
            narrowing: false,
            scope: None,
        }
    }

    /// The same rule, narrowing: a vertex's colour, once it is the only
    /// one left, leaves its neighbours' candidates at once, so the kept
    /// sets are exactly the colours each vertex has left. Then
    /// smallest-domain-first reads their sizes instead of filtering every
    /// vertex at every node, which keeps large sparse graphs fast; a step
    /// that leaves a neighbour no colour is rejected where it is made.
    /// The answers are the same.
    ///
    /// ```
    /// use backtracker::{ModelBuilder, VariableOrder};
    /// use backtracker_puzzles::coloring::{Graph, NeighboursDiffer};
    ///
    /// // A 5-cycle with 3 colours: 30 colourings, either way.
    /// let c5 = Graph::from_edges(5, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1)]).unwrap();
    /// for rule in [NeighboursDiffer::new(&c5), NeighboursDiffer::new(&c5).narrowing()] {
    ///     let mut b = ModelBuilder::new();
    ///     (1..=5).for_each(|v| _ = b.variable(c5.name(v), 0..3));
    ///     b.order(VariableOrder::SmallestDomainFirst);
    ///     assert_eq!(b.build((rule,)).unwrap().search().count().value, 30);
    /// }
    /// ```
    #[must_use]
    pub fn narrowing(mut self) -> Self {
        self.narrowing = true;
        self
    }

    #[inline(always)]
    fn around(&self, vertex: usize) -> std::ops::Range<usize> {
        self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize
    }
}

impl<V> Checker<V> for NeighboursDiffer {
    fn name(&self) -> &'static str {
        "neighbours"
    }

    fn check(&self, assignment: &Assignment<'_, V>) -> bool {
        (0..self.offsets.len() - 1).all(|u| {
            let Some(cu) = assignment.index(u) else {
                return true;
            };
            self.targets[self.around(u)]
                .iter()
                .all(|&w| assignment.index(w as usize) != Some(cu))
        })
    }

    #[inline]
    fn promising(&self, _: &Assignment<'_, V>, choice: Choice<'_, V>) -> bool {
        // A variable after the vertices' is no vertex: anything goes.
        self.used
            .get(choice.var)
            .is_none_or(|used| used >> choice.index & 1 == 0)
    }

    #[inline(always)]
    fn filter(&self, _: &Assignment<'_, V>, var: usize, candidates: &mut Candidates<'_>) {
        if let Some(used) = self.used.get(var) {
            candidates.words_mut()[0] &= !used;
        }
    }

    fn narrows(&self) -> bool {
        self.narrowing
    }

    fn scope(&self) -> Option<&[usize]> {
        self.scope.as_deref()
    }

    // A fixed vertex's colour leaves every neighbour: no candidate left
    // is one an assigned neighbour holds.
    fn filters(&self) -> bool {
        !self.narrowing
    }

    fn narrow(&self, var: usize, d: &mut Domains<'_, V>) -> Result<(), Conflict> {
        if !self.narrowing {
            d.narrowing_off();
            return Ok(());
        }
        if d.len(var) != 1 {
            return Ok(());
        }
        let color = d.min(var).unwrap_or(0);
        for t in self.around(var) {
            d.remove(self.targets[t] as usize, color)?;
        }
        Ok(())
    }

    #[inline]
    fn on_assign(&mut self, choice: Choice<'_, V>) {
        let bit = 1u64 << choice.index;
        for t in self.around(choice.var) {
            let w = self.targets[t] as usize;
            self.counts[w * self.colors + choice.index] += 1;
            self.used[w] |= bit;
        }
    }

    #[inline]
    fn on_unassign(&mut self, choice: Choice<'_, V>) {
        let bit = 1u64 << choice.index;
        for t in self.around(choice.var) {
            let w = self.targets[t] as usize;
            let count = &mut self.counts[w * self.colors + choice.index];
            *count -= 1;
            if *count == 0 {
                self.used[w] &= !bit;
            }
        }
    }

    fn prepare(&mut self, model: &ModelInfo<'_, V>) -> Result<(), ModelError> {
        let invalid = |reason: String| ModelError::InvalidChecker {
            checker: "neighbours".into(),
            reason,
        };
        let vertices = self.offsets.len() - 1;
        if model.len() < vertices {
            return Err(invalid(format!(
                "the graph has {vertices} vertices but the model has {} variables",
                model.len()
            )));
        }
        self.scope = (model.len() > vertices).then(|| (0..vertices).collect());
        let colors = if vertices == 0 {
            0
        } else {
            model.domain(0).len()
        };
        if colors > MAX_COLORS {
            return Err(invalid(format!(
                "{colors} colours, more than the supported {MAX_COLORS}"
            )));
        }
        if let Some(var) = (0..vertices).find(|&v| model.domain(v).len() != colors) {
            return Err(invalid(format!(
                "every vertex needs the same palette, but `{}` has {} colours and `{}` has {colors}",
                model.name(var),
                model.domain(var).len(),
                model.name(0)
            )));
        }
        self.colors = colors;
        self.used = vec![0; vertices];
        self.counts = vec![0; vertices * colors];
        Ok(())
    }
}
