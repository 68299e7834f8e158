//! The chromatic number by branch and bound: a colouring model whose
//! number of colours is an objective variable, minimised from the greedy
//! colouring's count down to the maximum clique's size.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use backtracker::Checker;
use backtracker::DynChecker;
use backtracker::ModelError;
use backtracker::Wake;
use backtracker::constraints::{AllDifferent, Objective};
use backtracker::{Assignment, Choice};
use backtracker::{Conflict, Domains};
use backtracker::{Goal, Sense};
use backtracker::{Model, VariableOrder};
use backtracker::{Outcome, Stats, StopReason};

use super::{Graph, MAX_COLORS, NeighboursDiffer, variables};

/// The chromatic number of a graph and a colouring that uses that many
/// colours.
///
/// ```
/// use backtracker_puzzles::coloring::{chromatic_number, Graph};
///
/// let c5 = Graph::from_edges(5, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1)]).unwrap();
/// let found = chromatic_number(&c5)?;
/// assert_eq!(found.colors, 3); // an odd cycle
/// assert!(c5.edges().iter().all(|&(u, v)| found.coloring[u - 1] != found.coloring[v - 1]));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chromatic {
    /// The fewest colours of a proper colouring (of a search stopped
    /// early: the fewest found).
    pub colors: usize,
    /// Such a colouring: `coloring[v - 1]` is the colour of vertex `v`.
    pub coloring: Vec<usize>,
    /// Search nodes spent so far.
    pub nodes: u64,
}

/// The chromatic number of `graph`: the fewest colours of a proper
/// colouring. [`ChromaticSearch`] says how it is found, and adds a node
/// limit, cancellation and progress.
///
/// # Errors
///
/// [`ModelError::Unsupported`] when the greedy colouring takes more than
/// [`MAX_COLORS`] + 1 colours.
///
/// ```
/// use backtracker_puzzles::coloring::{chromatic_number, Graph};
///
/// let k4 = Graph::from_edges(4, [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]).unwrap();
/// assert_eq!(chromatic_number(&k4)?.colors, 4);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn chromatic_number(graph: &Graph) -> Result<Chromatic, ModelError> {
    ChromaticSearch::new(graph).run(|_| {}).map(|o| o.value)
}

/// The search for the chromatic number of a graph, by branch and bound.
///
/// A greedy colouring ([`Graph::greedy_coloring`]) gives the first upper
/// bound and a maximum clique ([`Graph::max_clique`]) the lower one. The
/// model has a variable per vertex and one more, `colors`, the number of
/// colours, from the clique's size up to one fewer than the greedy count:
/// every vertex's colour is below it (one checker narrows both ways; a
/// [`LinearSum`](backtracker::constraints::LinearSum) per vertex says the same,
/// 1.14x slower on `queen8_8`), and
/// [`Search::minimize`](backtracker::Search::minimize) minimises it (an
/// [`Objective`]), starting from the greedy count as its bound. `colors`
/// is [branched on first](backtracker::ModelBuilder::branch_first), the fewest
/// colours first, as a loop over the number of colours would try them,
/// but in one search: the first colouring found is optimal, the bound
/// then cuts every larger number, and the node limit, cancellation and
/// progress hold over the whole. (Branching on `colors` last instead,
/// from the greedy count down, finds better colourings sooner but proves
/// the optimum later: 873 nodes against 25 on `queen7_7`.) The vertices
/// come smallest-domain-first (the vertex with the fewest colours left
/// next, then the one of highest degree, like DSATUR). An
/// [`AllDifferent`] per clique of [`Graph::clique_cover`] of at least three
/// vertices and at most two fewer than the maximum clique sees that `k`
/// colours cannot go round `k + 1` mutually adjacent vertices (the
/// matching of a smaller clique seldom sees more than its pairs, and costs
/// more). Any colouring can be renamed to give the maximum clique's
/// vertices colours 0, 1, ..., so those are fixed, and the colours above
/// are interchangeable ([`ModelBuilder::interchangeable_values`](backtracker::ModelBuilder::interchangeable_values)):
/// the search keeps one colouring per class, a vertex taking a colour
/// already used or the smallest one still free, which is also the
/// colouring of its class with the fewest colours. Neither loses an
/// answer.
///
/// ```
/// use std::sync::{atomic::AtomicBool, Arc};
/// use backtracker_puzzles::coloring::{ChromaticSearch, Graph};
/// use backtracker::StopReason;
///
/// // The Petersen graph: 3 colours.
/// let edges = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 6), (2, 7), (3, 8), (4, 9), (5, 10),
///     (6, 8), (8, 10), (10, 7), (7, 9), (9, 6)];
/// let petersen = Graph::from_edges(10, edges).unwrap();
/// let mut seen = Vec::new();
/// let outcome = ChromaticSearch::new(&petersen).run(|found| seen.push(found.colors))?;
/// assert_eq!((outcome.value.colors, outcome.stop), (3, StopReason::Completed));
/// assert_eq!(seen.last(), Some(&3)); // the greedy count first, then each better
/// // Cancelled before it starts: the greedy colouring, not proven.
/// let cancelled = ChromaticSearch::new(&petersen)
///     .cancel_flag(Arc::new(AtomicBool::new(true)))
///     .run(|_| {})?;
/// assert!(cancelled.value.colors >= 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ChromaticSearch<'g> {
    graph: &'g Graph,
    node_limit: u64,
    cancel: Option<Arc<AtomicBool>>,
}

impl<'g> ChromaticSearch<'g> {
    /// The search for `graph`'s chromatic number, without limits.
    #[must_use]
    pub fn new(graph: &'g Graph) -> Self {
        ChromaticSearch {
            graph,
            node_limit: u64::MAX,
            cancel: None,
        }
    }

    /// Stops after `nodes` nodes, with the fewest colours found so far.
    #[must_use]
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = nodes;
        self
    }

    /// Stops soon after `flag` is set, with the fewest colours found so far.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Runs the search, calling `on_better` with the greedy colouring and
    /// then each colouring with fewer colours as it is found. The outcome
    /// holds the last of them: the chromatic number when the stop reason
    /// is [`StopReason::Completed`], else the best found before the limit
    /// or cancellation.
    ///
    /// # Errors
    ///
    /// [`ModelError::Unsupported`] when the greedy colouring takes more
    /// than [`MAX_COLORS`] + 1 colours.
    pub fn run(
        self,
        mut on_better: impl FnMut(&Chromatic),
    ) -> Result<Outcome<Chromatic>, ModelError> {
        let graph = self.graph;
        let greedy = graph.greedy_coloring();
        let upper = greedy.iter().map(|c| c + 1).max().unwrap_or(0);
        let mut best = Chromatic {
            colors: upper,
            coloring: greedy,
            nodes: 0,
        };
        on_better(&best);
        let clique = graph.max_clique();
        if clique.len() >= upper {
            return Ok(Outcome {
                value: best,
                stats: Stats::default(),
                stop: StopReason::Completed,
            });
        }
        let (mut model, goal) = bounded_model(graph, upper, &clique)?;
        let mut search = model
            .search()
            .node_limit(self.node_limit)
            .bound(i64::try_from(upper).unwrap_or(i64::MAX));
        if let Some(flag) = self.cancel {
            search = search.cancel_flag(flag);
        }
        // One colouring per class: a renaming of the colours keeps their number.
        goal.declare_invariant();
        let n = graph.vertices();
        let mut improvements = search.improvements(&goal, Sense::Minimize);
        while let Some(found) = improvements.next() {
            best = Chromatic {
                colors: usize::try_from(found.cost).unwrap_or(usize::MAX),
                coloring: found.values[..n].to_vec(),
                nodes: improvements.stats().nodes,
            };
            on_better(&best);
        }
        let outcome = improvements.finish();
        best.nodes = outcome.stats.nodes;
        Ok(Outcome {
            value: best,
            stats: outcome.stats,
            stop: outcome.stop,
        })
    }
}

/// The model of [`ChromaticSearch`].
type Bounded = Model<usize, Vec<DynChecker<usize>>>;

/// The model of [`ChromaticSearch`] for colourings with fewer than
/// `upper` colours, and the goal of its `colors` variable.
fn bounded_model(
    graph: &Graph,
    upper: usize,
    clique: &[usize],
) -> Result<(Bounded, Goal), ModelError> {
    if upper - 1 > MAX_COLORS {
        return Err(ModelError::Unsupported {
            reason: format!(
                "the chromatic number of a graph whose greedy colouring takes {upper} colours: at most {} are supported",
                MAX_COLORS + 1
            ),
        });
    }
    let palette: Vec<usize> = (0..upper - 1).collect();
    let pins: Vec<(usize, usize)> = clique.iter().enumerate().map(|(c, &v)| (v, c)).collect();
    let mut b = variables(graph, &palette, &pins)?;
    let n = graph.vertices();
    let colors = b.variable("colors", clique.len()..upper);
    b.order(VariableOrder::SmallestDomainFirst)
        .branch_first(colors)
        .interchangeable_values(0..n, pins.len()..palette.len());
    let mut checkers: Vec<DynChecker<usize>> =
        vec![Box::new(NeighboursDiffer::new(graph).narrowing())];
    let cover = graph
        .clique_cover()
        .into_iter()
        .filter(|c| c.len() >= 3 && c.len() + 2 >= clique.len());
    for (k, cover_clique) in cover.enumerate() {
        let scope = cover_clique.iter().map(|&v| v - 1);
        checkers.push(Box::new(AllDifferent::new(
            format!("clique {}", k + 1),
            scope,
        )));
    }
    checkers.push(Box::new(Below {
        colors,
        lowest: clique.len(),
    }));
    let objective = Objective::variable("fewest colors", colors);
    let goal = objective.goal();
    checkers.push(Box::new(objective));
    Ok((b.build(checkers)?, goal))
}

/// Every vertex's colour is below `colors`, the number of colours
/// (variables `0..colors` are the vertices, whose value is their colour).
/// It narrows both ways: the vertices lose the colours from the greatest
/// number still possible up, and `colors` loses the numbers not above a
/// fixed vertex's colour.
#[derive(Clone, Debug)]
struct Below {
    /// The variable of the number of colours, after the vertices.
    colors: usize,
    /// Its least value (its domain index 0).
    lowest: usize,
}

impl Checker<usize> for Below {
    fn name(&self) -> &'static str {
        "below colors"
    }

    fn check(&self, a: &Assignment<'_, usize>) -> bool {
        let Some(&k) = a.get(self.colors) else {
            return true;
        };
        (0..self.colors).all(|v| a.get(v).is_none_or(|&c| c < k))
    }

    fn promising(&self, a: &Assignment<'_, usize>, choice: Choice<'_, usize>) -> bool {
        if choice.var == self.colors {
            (0..self.colors).all(|v| a.get(v).is_none_or(|c| c < choice.value))
        } else {
            a.get(self.colors).is_none_or(|k| choice.value < k)
        }
    }

    fn narrows(&self) -> bool {
        true
    }

    // Narrowing keeps the vertices below every number of colours still
    // possible, and the numbers above every fixed colour: all `check`
    // could refuse of a candidate.
    fn filters(&self) -> bool {
        false
    }

    fn wakes_on(&self, var: usize) -> Wake {
        if var == self.colors {
            Wake::Change
        } else {
            Wake::Fixed
        }
    }

    fn narrow(&self, var: usize, d: &mut Domains<'_, usize>) -> Result<(), Conflict> {
        if var == self.colors {
            let Some(top) = d.max(self.colors) else {
                return Ok(());
            };
            // Colours 0..k, k the greatest number of colours left.
            let k = self.lowest + top;
            let mask = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
            for v in 0..self.colors {
                d.intersect(v, &[mask])?;
            }
        } else if d.len(var) == 1 {
            let color = d.min(var).unwrap_or(0);
            // At least color + 1 colours.
            d.retain(self.colors, |i| self.lowest + i > color)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Graph, bounded_model};

    /// The model's checkers agree with each other at every node (cross-check
    /// mode), from a bound one above the greedy count, and the optimum is
    /// the chromatic number: 3 for the 5-cycle, 4 for the wheel around it
    /// (a hub joined to every vertex of an odd cycle).
    #[test]
    fn the_bounded_model_checks_itself() {
        let cycle: Vec<(usize, usize)> = (1..=5).map(|v| (v, v % 5 + 1)).collect();
        let mut wheel = cycle.clone();
        wheel.extend((1..=5).map(|v| (v, 6)));
        for (n, edges, chromatic) in [(5, cycle, 3), (6, wheel, 4)] {
            let graph = Graph::from_edges(n, edges).unwrap();
            let upper = graph.greedy_coloring().iter().max().unwrap() + 2;
            let (mut model, goal) = bounded_model(&graph, upper, &graph.max_clique()).unwrap();
            let outcome = model
                .search()
                .cross_check(true)
                .bound(i64::try_from(upper).unwrap())
                .units(&[backtracker::Unit::whole()])
                .minimize(&goal);
            assert!(outcome.stop.is_complete(), "{:?}", outcome.stop);
            assert_eq!(outcome.value.best.map(|b| b.cost), Some(chromatic));
        }
    }
}
