//! Graph colouring: give every vertex one of K colours so that the two ends
//! of every edge differ.
//!
//! [`Graph`] reads the DIMACS `.col` format; [`coloring`] builds the
//! reference model with the incremental [`NeighboursDiffer`] checker;
//! [`chromatic_number`] finds the fewest colours; [`australia`] is the
//! textbook map-colouring model.

use std::collections::HashSet;

use thiserror::Error;

use backtracker::ModelError;
use backtracker::{Model, ModelBuilder, VariableOrder};

mod chromatic;
mod clique;
mod neighbours;

pub use chromatic::{Chromatic, ChromaticSearch, chromatic_number};
pub use neighbours::NeighboursDiffer;

/// The most colours a model may have: a vertex's colours fit in one word.
pub const MAX_COLORS: usize = 64;

/// The most vertices [`Graph::parse_dimacs`] accepts.
pub const MAX_VERTICES: usize = 1 << 20;

/// An edge that cannot be added to a [`Graph`].
///
/// ```
/// use backtracker_puzzles::coloring::{Graph, GraphError};
///
/// let mut graph = Graph::new(3);
/// assert_eq!(graph.add_edge(2, 2), Err(GraphError::SelfLoop(2)));
/// assert_eq!(graph.add_edge(1, 4), Err(GraphError::NoVertex { vertex: 4, vertices: 3 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GraphError {
    /// A vertex number outside `1..=vertices`.
    #[error("vertex {vertex} does not exist (vertices are 1 to {vertices})")]
    NoVertex {
        /// The number given.
        vertex: usize,
        /// How many vertices the graph has.
        vertices: usize,
    },
    /// An edge from a vertex to itself: no colouring could be proper.
    #[error("edge from vertex {0} to itself")]
    SelfLoop(usize),
}

/// A DIMACS `.col` text that cannot be read.
///
/// ```
/// use backtracker_puzzles::coloring::Graph;
///
/// let err = Graph::parse_dimacs("c no problem line yet\ne 1 2\n").unwrap_err();
/// assert_eq!(err.line, Some(2));
/// assert!(err.to_string().starts_with("line 2: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{reason}", .line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct DimacsError {
    /// The line at fault, from 1 (`None`: the text as a whole, for example
    /// when it has no problem line).
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

/// A simple undirected graph with vertices numbered from 1 (as in DIMACS
/// files), each with a name.
///
/// ```
/// use backtracker_puzzles::coloring::Graph;
///
/// let graph = Graph::parse_dimacs("c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n")?;
/// assert_eq!(graph.vertices(), 3);
/// assert_eq!(graph.edges(), [(1, 2), (2, 3), (1, 3)]);
/// assert_eq!(graph.neighbours(2), [1, 3]);
/// # Ok::<(), backtracker_puzzles::coloring::DimacsError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    /// Each edge once, smaller vertex first, in the order first added.
    edges: Vec<(usize, usize)>,
    /// Per vertex (index `v - 1`): its neighbours, in the order added.
    adjacency: Vec<Vec<usize>>,
    /// The edges as in `edges`, for a constant-time look-up.
    edge_set: HashSet<(usize, usize)>,
}

impl Graph {
    /// A graph of `vertices` vertices named `v1`, `v2`, ... and no edges.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let graph = Graph::new(3);
    /// assert_eq!((graph.vertices(), graph.edges().len()), (3, 0));
    /// assert_eq!(graph.name(1), "v1");
    /// ```
    #[must_use]
    pub fn new(vertices: usize) -> Graph {
        Graph::named((1..=vertices).map(|v| format!("v{v}")))
    }

    /// A graph with one vertex per name (vertex 1 is the first) and no edges.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let graph = Graph::named(["north", "south"]);
    /// assert_eq!(graph.vertex("south"), Some(2));
    /// assert_eq!(graph.name(1), "north");
    /// ```
    #[must_use]
    pub fn named<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Graph {
        let names: Vec<String> = names.into_iter().map(Into::into).collect();
        let adjacency = vec![Vec::new(); names.len()];
        Graph {
            names,
            edges: Vec::new(),
            adjacency,
            edge_set: HashSet::new(),
        }
    }

    /// A graph of `vertices` vertices with the given edges.
    ///
    /// # Errors
    ///
    /// As [`add_edge`](Self::add_edge).
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let path = Graph::from_edges(3, [(1, 2), (3, 2)])?;
    /// assert_eq!(path.edges(), [(1, 2), (2, 3)]);
    /// assert!(Graph::from_edges(3, [(1, 4)]).is_err());
    /// # Ok::<(), backtracker_puzzles::coloring::GraphError>(())
    /// ```
    pub fn from_edges(
        vertices: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Graph, GraphError> {
        let mut graph = Graph::new(vertices);
        for (u, v) in edges {
            graph.add_edge(u, v)?;
        }
        Ok(graph)
    }

    /// Adds the edge `u`-`v` (vertices from 1). Returns false, changing
    /// nothing, if it was already there (in either direction).
    ///
    /// # Errors
    ///
    /// A vertex outside the graph, or `u == v`.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let mut graph = Graph::new(2);
    /// assert_eq!(graph.add_edge(1, 2), Ok(true));
    /// assert_eq!(graph.add_edge(2, 1), Ok(false)); // the same edge
    /// assert_eq!(graph.edges().len(), 1);
    /// ```
    pub fn add_edge(&mut self, u: usize, v: usize) -> Result<bool, GraphError> {
        let vertices = self.vertices();
        for vertex in [u, v] {
            if vertex == 0 || vertex > vertices {
                return Err(GraphError::NoVertex { vertex, vertices });
            }
        }
        if u == v {
            return Err(GraphError::SelfLoop(u));
        }
        if !self.edge_set.insert((u.min(v), u.max(v))) {
            return Ok(false);
        }
        self.adjacency[u - 1].push(v);
        self.adjacency[v - 1].push(u);
        self.edges.push((u.min(v), u.max(v)));
        Ok(true)
    }

    /// Reads a graph in DIMACS `.col` format: `c` lines are comments, one
    /// problem line `p edge V E` (also `p col V E`) comes before the edges,
    /// and each `e u v` line is an edge between vertices `u` and `v` (from
    /// 1). Blank lines are skipped; an edge listed twice counts once. `E` is
    /// not compared with the edge lines, since files disagree on whether an
    /// edge listed in both directions counts twice.
    ///
    /// # Errors
    ///
    /// The first malformed line, naming it: an unknown line type, a
    /// missing or repeated problem line, a field that is not a number, a
    /// vertex outside `1..=V`, an edge from a vertex to itself, more than
    /// [`MAX_VERTICES`] vertices; or no problem line at all.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let square = Graph::parse_dimacs("p edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n")?;
    /// assert_eq!(square.vertices(), 4);
    /// assert_eq!(square.edges(), [(1, 2), (2, 3), (3, 4), (1, 4)]);
    /// let err = Graph::parse_dimacs("p edge 2 1\ne 1 3\n").unwrap_err();
    /// assert_eq!(err.line, Some(2));
    /// # Ok::<(), backtracker_puzzles::coloring::DimacsError>(())
    /// ```
    pub fn parse_dimacs(text: &str) -> Result<Graph, DimacsError> {
        let mut graph: Option<Graph> = None;
        for (i, line) in text.lines().enumerate() {
            let at = |reason: String| DimacsError {
                line: Some(i + 1),
                reason,
            };
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.first().copied() {
                None | Some("c") => {}
                Some("p") => {
                    if graph.is_some() {
                        return Err(at("a second problem line".into()));
                    }
                    if fields.len() != 4 || !matches!(fields[1], "edge" | "col") {
                        return Err(at(format!(
                            "expected `p edge VERTICES EDGES`, found `{}`",
                            line.trim()
                        )));
                    }
                    let vertices = number(fields[2], "vertex count").map_err(at)?;
                    number(fields[3], "edge count").map_err(at)?;
                    if vertices > MAX_VERTICES {
                        return Err(at(format!(
                            "{vertices} vertices, more than the supported {MAX_VERTICES}"
                        )));
                    }
                    graph = Some(Graph::new(vertices));
                }
                Some("e") => {
                    let Some(graph) = graph.as_mut() else {
                        return Err(at("edge before the problem line `p edge V E`".into()));
                    };
                    if fields.len() != 3 {
                        return Err(at(format!("expected `e U V`, found `{}`", line.trim())));
                    }
                    let u = number(fields[1], "vertex").map_err(at)?;
                    let v = number(fields[2], "vertex").map_err(at)?;
                    graph.add_edge(u, v).map_err(|e| at(e.to_string()))?;
                }
                Some(other) => {
                    return Err(at(format!(
                        "unknown line type `{other}` (expected `c`, `p` or `e`)"
                    )));
                }
            }
        }
        graph.ok_or_else(|| DimacsError {
            line: None,
            reason: "no problem line `p edge V E`".into(),
        })
    }

    /// The number of vertices.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// assert_eq!(Graph::new(5).vertices(), 5);
    /// ```
    #[must_use]
    pub fn vertices(&self) -> usize {
        self.names.len()
    }

    /// The edges, each once with the smaller vertex first, in the order
    /// they were first added.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let graph = Graph::from_edges(3, [(3, 1), (2, 1), (1, 3)]).unwrap();
    /// assert_eq!(graph.edges(), [(1, 3), (1, 2)]);
    /// ```
    #[must_use]
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The neighbours of vertex `v` (from 1), in the order their edges were added.
    ///
    /// # Panics
    ///
    /// If there is no vertex `v`.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let star = Graph::from_edges(4, [(1, 3), (1, 2), (4, 1)]).unwrap();
    /// assert_eq!(star.neighbours(1), [3, 2, 4]);
    /// assert_eq!(star.neighbours(2), [1]);
    /// ```
    #[must_use]
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adjacency[v - 1]
    }

    /// The degree of vertex `v` (from 1).
    ///
    /// # Panics
    ///
    /// If there is no vertex `v`.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// let star = Graph::from_edges(4, [(1, 2), (1, 3), (1, 4)]).unwrap();
    /// assert_eq!((star.degree(1), star.degree(4)), (3, 1));
    /// ```
    #[must_use]
    pub fn degree(&self, v: usize) -> usize {
        self.adjacency[v - 1].len()
    }

    /// The name of vertex `v` (from 1).
    ///
    /// # Panics
    ///
    /// If there is no vertex `v`.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::australia_map;
    ///
    /// assert_eq!(australia_map().name(3), "SA");
    /// ```
    #[must_use]
    pub fn name(&self, v: usize) -> &str {
        &self.names[v - 1]
    }

    /// The vertex called `name`, if any.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::australia_map;
    ///
    /// let map = australia_map();
    /// assert_eq!(map.vertex("T"), Some(7));
    /// assert_eq!(map.vertex("Tas"), None);
    /// ```
    #[must_use]
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name).map(|i| i + 1)
    }

    /// A clique found greedily (vertices from 1): a lower bound on the
    /// chromatic number, and vertices whose colours may be fixed.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// // A triangle 1-2-3 with a pendant vertex 4: the triangle is the only 3-clique.
    /// let graph = Graph::from_edges(4, [(1, 2), (2, 3), (1, 3), (3, 4)]).unwrap();
    /// let mut clique = graph.greedy_clique();
    /// clique.sort_unstable();
    /// assert_eq!(clique, [1, 2, 3]);
    /// ```
    #[must_use]
    pub fn greedy_clique(&self) -> Vec<usize> {
        let n = self.vertices();
        let Some(start) = (1..=n).max_by_key(|&v| (self.degree(v), std::cmp::Reverse(v))) else {
            return Vec::new();
        };
        let mut clique = vec![start];
        let mut candidates: Vec<usize> = self.neighbours(start).to_vec();
        while let Some(&next) = candidates
            .iter()
            .max_by_key(|&&v| (self.degree(v), std::cmp::Reverse(v)))
        {
            clique.push(next);
            candidates
                .retain(|&v| v != next && self.edge_set.contains(&(v.min(next), v.max(next))));
        }
        clique
    }

    /// A proper colouring found greedily, vertices taken by decreasing
    /// degree, each given the lowest colour its coloured neighbours leave
    /// free: `colors[v - 1]` is the colour of vertex `v`. An upper bound on
    /// the chromatic number.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// // An odd cycle needs 3 colours, and degree 2 lets greedy use at most 3.
    /// let c5 = Graph::from_edges(5, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1)]).unwrap();
    /// let colors = c5.greedy_coloring();
    /// assert!(c5.edges().iter().all(|&(u, v)| colors[u - 1] != colors[v - 1]));
    /// assert_eq!(colors.iter().max(), Some(&2));
    /// ```
    ///
    /// # Panics
    ///
    /// Never: a vertex has fewer neighbours than the colours it may take.
    #[must_use]
    pub fn greedy_coloring(&self) -> Vec<usize> {
        let n = self.vertices();
        let mut order: Vec<usize> = (1..=n).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.degree(v)));
        let mut colors = vec![usize::MAX; n];
        for v in order {
            let taken: Vec<usize> = self.neighbours(v).iter().map(|&u| colors[u - 1]).collect();
            colors[v - 1] = (0..=taken.len())
                .find(|c| !taken.contains(c))
                .expect("one of its neighbours' count + 1 colours is free");
        }
        colors
    }
}

fn number(field: &str, what: &str) -> Result<usize, String> {
    field
        .parse()
        .map_err(|_| format!("{what} `{field}` is not a number"))
}

/// A colouring model: one variable per vertex (named as the vertex, in
/// vertex order), the palette for each domain, [`NeighboursDiffer`], mirror
/// symmetry and interchangeable colours.
fn build<V: Clone>(
    graph: &Graph,
    palette: &[V],
    order: VariableOrder,
) -> Result<Model<V, (NeighboursDiffer,)>, ModelError> {
    let mut b = variables(graph, palette, &[])?;
    b.order(order)
        .mirror_symmetry()
        .interchangeable_values(0..graph.vertices(), 0..palette.len());
    let rule = NeighboursDiffer::new(graph);
    b.build((match order {
        // Kept sets make smallest-domain-first read sizes, not filter.
        VariableOrder::SmallestDomainFirst => rule.narrowing(),
        _ => rule,
    },))
}

/// One variable per vertex with the colours of `palette`, `pins` applied.
fn variables<V: Clone>(
    graph: &Graph,
    palette: &[V],
    pins: &[(usize, usize)],
) -> Result<ModelBuilder<V>, ModelError> {
    if palette.len() > MAX_COLORS {
        return Err(ModelError::Unsupported {
            reason: format!(
                "colouring supports up to {MAX_COLORS} colours, not {}",
                palette.len()
            ),
        });
    }
    let mut b = ModelBuilder::new();
    for v in 1..=graph.vertices() {
        let var = b.variable(graph.name(v), palette.iter().cloned());
        if let Some(&(_, color)) = pins.iter().find(|(p, _)| *p == v) {
            let mut i = 0;
            b.restrict(var, |_| {
                i += 1;
                i - 1 == color
            });
        }
    }
    Ok(b)
}

/// The reference colouring model of `graph` with colours `0..colors`:
/// variable `v - 1` is vertex `v` (named as the vertex), and one
/// [`NeighboursDiffer`] checker. Smallest-domain-first ordering (the vertex
/// with the fewest colours left next, like DSATUR). It declares mirror
/// symmetry (colour `c` to `colors - 1 - c` maps colourings to colourings),
/// so counting searches about half the tree, and the colours
/// interchangeable on every vertex
/// ([`ModelBuilder::interchangeable_values`]), so
/// [`count_classes`](backtracker::Search::count_classes) counts the colourings
/// up to a renaming of the colours, each class searched once.
///
/// # Errors
///
/// [`ModelError::Unsupported`] for more than [`MAX_COLORS`] colours;
/// [`ModelError::EmptyDomain`] for 0 colours on a graph with a vertex.
///
/// ```
/// use backtracker_puzzles::coloring::{coloring, Graph};
///
/// let c5 = Graph::from_edges(5, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1)]).unwrap();
/// assert_eq!(coloring(&c5, 2)?.search().count().value, 0);
/// assert_eq!(coloring(&c5, 3)?.search().count().value, 30);
/// // Up to the 6 permutations of 3 colours: 5 classes of 6 colourings.
/// let classes = coloring(&c5, 3)?.search().count_classes().value;
/// assert_eq!((classes.solutions, classes.classes), (30, 5));
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn coloring(
    graph: &Graph,
    colors: usize,
) -> Result<Model<usize, (NeighboursDiffer,)>, ModelError> {
    let palette: Vec<usize> = (0..colors).collect();
    coloring_with(graph, &palette, VariableOrder::SmallestDomainFirst)
}

/// A colouring model of `graph` with any palette (colour names, say) and
/// variable order; otherwise as [`coloring`].
///
/// # Errors
///
/// As [`coloring`].
///
/// ```
/// use backtracker::VariableOrder;
/// use backtracker_puzzles::coloring::{australia_map, coloring_with};
///
/// // South Australia borders all five other mainland regions, which form a
/// // path: 3 colours for it, then 2 ways along the path, 3 for Tasmania.
/// let palette = ["red", "green", "blue"];
/// let mut model = coloring_with(&australia_map(), &palette, VariableOrder::Declared)?;
/// assert_eq!(model.search().count().value, 3 * 2 * 3);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
pub fn coloring_with<V: Clone>(
    graph: &Graph,
    palette: &[V],
    order: VariableOrder,
) -> Result<Model<V, (NeighboursDiffer,)>, ModelError> {
    build(graph, palette, order)
}

/// The regions of the textbook map of Australia, in model order: Western
/// Australia, Northern Territory, South Australia, Queensland, New South
/// Wales, Victoria, Tasmania.
pub const AUSTRALIA_REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];

/// The borders between the regions of [`AUSTRALIA_REGIONS`] (Tasmania has none).
pub const AUSTRALIA_BORDERS: [(&str, &str); 9] = [
    ("WA", "NT"),
    ("WA", "SA"),
    ("NT", "SA"),
    ("NT", "Q"),
    ("SA", "Q"),
    ("SA", "NSW"),
    ("SA", "V"),
    ("Q", "NSW"),
    ("NSW", "V"),
];

/// The three colours of the textbook map colouring, in domain order.
pub const AUSTRALIA_COLORS: [&str; 3] = ["red", "green", "blue"];

/// The textbook map of Australia as a graph: vertex `i + 1` is region
/// [`AUSTRALIA_REGIONS`]`[i]`, an edge per border.
///
/// ```
/// use backtracker_puzzles::coloring::australia_map;
///
/// let map = australia_map();
/// assert_eq!((map.vertices(), map.edges().len()), (7, 9));
/// assert_eq!(map.degree(map.vertex("SA").unwrap()), 5);
/// assert_eq!(map.degree(map.vertex("T").unwrap()), 0);
/// ```
///
/// # Panics
///
/// Never: the regions and borders are fixed, and valid.
#[must_use]
pub fn australia_map() -> Graph {
    let mut graph = Graph::named(AUSTRALIA_REGIONS);
    for (a, b) in AUSTRALIA_BORDERS {
        let (u, v) = (graph.vertex(a), graph.vertex(b));
        graph
            .add_edge(u.expect("a region"), v.expect("a region"))
            .expect("a valid border");
    }
    graph
}

/// The textbook map colouring: the regions of Australia, in the order of
/// [`AUSTRALIA_REGIONS`], coloured `red`, `green` or `blue`, neighbours
/// different. Declared order, so the search (and its trace) follows the
/// textbook.
///
/// ```
/// use backtracker_puzzles::coloring::australia;
///
/// let mut model = australia();
/// let first = model.search().first().value.unwrap();
/// assert_eq!(first, ["red", "green", "blue", "red", "green", "red", "red"]);
/// ```
///
/// # Panics
///
/// Never: the map and its colours make a valid model.
#[must_use]
pub fn australia() -> Model<&'static str, (NeighboursDiffer,)> {
    coloring_with(&australia_map(), &AUSTRALIA_COLORS, VariableOrder::Declared)
        .expect("a valid model")
}
