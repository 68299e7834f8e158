//! Cliques of a graph: a maximum clique, and a cover of the edges by
//! largest cliques, both by one branch and bound with a colouring bound
//! (Tomita and Seki's MCQ) on small parts of the graph: a vertex's
//! neighbours that come after it in a smallest-last order, or an edge's
//! common neighbours.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use super::Graph;

impl Graph {
    /// A clique with the most vertices (vertices from 1, increasing): a
    /// lower bound on the chromatic number, and vertices whose colours may
    /// be fixed. Exact, by branch and bound; exponential in the worst case,
    /// fast on the graphs a colouring search can finish.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// // A 5-cycle with a chord 1-3: its largest cliques are triangles.
    /// let graph = Graph::from_edges(5, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 3)]).unwrap();
    /// assert_eq!(graph.max_clique(), [1, 2, 3]);
    /// assert_eq!(Graph::new(2).max_clique().len(), 1);
    /// assert!(Graph::new(0).max_clique().is_empty());
    /// ```
    #[must_use]
    pub fn max_clique(&self) -> Vec<usize> {
        let order = self.smallest_last();
        let mut position = vec![0; self.vertices()];
        for (i, &v) in order.iter().enumerate() {
            position[v - 1] = i;
        }
        let mut best: Vec<usize> = order.first().map(|&v| vec![v]).unwrap_or_default();
        for &v in &order {
            let later: Vec<usize> = self
                .neighbours(v)
                .iter()
                .copied()
                .filter(|&u| position[u - 1] > position[v - 1])
                .collect();
            // With `v`, a clique of `later` beats `best` when it has more
            // than `best.len() - 1` vertices.
            if let Some(found) = self.clique_within(&later, best.len() - 1) {
                best = std::iter::once(v).chain(found).collect();
            }
        }
        best.sort_unstable();
        best
    }

    /// Cliques (vertices from 1, increasing) that cover every edge: each
    /// edge not yet covered, in the order of [`edges`](Self::edges), grows
    /// into a largest clique that contains it (a maximum clique of the two
    /// ends' common neighbours, by the search of
    /// [`max_clique`](Self::max_clique)). Each clique of `k` vertices means
    /// `k` different colours; on a queen graph, the cliques are the lines
    /// of the board.
    ///
    /// ```
    /// use backtracker_puzzles::coloring::Graph;
    ///
    /// // Two triangles sharing the edge 2-3, and the pendant edge 3-5.
    /// let graph = Graph::from_edges(5, [(1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (3, 5)]).unwrap();
    /// assert_eq!(graph.clique_cover(), [vec![1, 2, 3], vec![2, 3, 4], vec![3, 5]]);
    /// ```
    #[must_use]
    pub fn clique_cover(&self) -> Vec<Vec<usize>> {
        let key = |a: usize, b: usize| (a.min(b), a.max(b));
        let mut covered: HashSet<(usize, usize)> = HashSet::new();
        let mut cliques = Vec::new();
        for &(u, v) in &self.edges {
            if covered.contains(&(u, v)) {
                continue;
            }
            // The common neighbours, from the end with fewer (a star's
            // centre has them all, each leaf one).
            let (few, other) = if self.degree(u) <= self.degree(v) {
                (u, v)
            } else {
                (v, u)
            };
            let common: Vec<usize> = self
                .neighbours(few)
                .iter()
                .copied()
                .filter(|&w| w != other && self.edge_set.contains(&key(other, w)))
                .collect();
            let mut clique = vec![u, v];
            clique.extend(self.clique_within(&common, 0).unwrap_or_default());
            for (i, &a) in clique.iter().enumerate() {
                for &b in &clique[i + 1..] {
                    covered.insert(key(a, b));
                }
            }
            clique.sort_unstable();
            cliques.push(clique);
        }
        cliques
    }

    /// A largest clique among `vertices` (from 1), if it has more than
    /// `floor` vertices.
    fn clique_within(&self, vertices: &[usize], floor: usize) -> Option<Vec<usize>> {
        if vertices.len() <= floor {
            return None;
        }
        let words = vertices.len().div_ceil(64);
        let mut adjacent = vec![vec![0u64; words]; vertices.len()];
        for (i, &a) in vertices.iter().enumerate() {
            for (j, &b) in vertices.iter().enumerate().skip(i + 1) {
                if self.edge_set.contains(&(a.min(b), a.max(b))) {
                    adjacent[i][j / 64] |= 1 << (j % 64);
                    adjacent[j][i / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut all = vec![0u64; words];
        for i in 0..vertices.len() {
            all[i / 64] |= 1 << (i % 64);
        }
        let mut search = Search {
            adjacent: &adjacent,
            clique: Vec::new(),
            best: None,
            floor,
        };
        search.expand(&all);
        search
            .best
            .map(|found| found.iter().map(|&i| vertices[i]).collect())
    }

    /// The vertices in smallest-last order: each vertex is one of least
    /// degree among itself and those after it, so it has at most the
    /// graph's degeneracy of neighbours after it.
    fn smallest_last(&self) -> Vec<usize> {
        let n = self.vertices();
        let mut degree: Vec<usize> = (1..=n).map(|v| self.degree(v)).collect();
        let mut heap: BinaryHeap<Reverse<(usize, usize)>> =
            (1..=n).map(|v| Reverse((degree[v - 1], v))).collect();
        let mut taken = vec![false; n];
        let mut order = Vec::with_capacity(n);
        while let Some(Reverse((d, v))) = heap.pop() {
            if taken[v - 1] || d != degree[v - 1] {
                continue;
            }
            taken[v - 1] = true;
            order.push(v);
            for &u in self.neighbours(v) {
                if !taken[u - 1] {
                    degree[u - 1] -= 1;
                    heap.push(Reverse((degree[u - 1], u)));
                }
            }
        }
        order
    }
}

/// One branch and bound over a small graph given as adjacency bitsets.
struct Search<'a> {
    adjacent: &'a [Vec<u64>],
    clique: Vec<usize>,
    /// The largest clique found with more than `floor` vertices.
    best: Option<Vec<usize>>,
    floor: usize,
}

impl Search<'_> {
    /// Extends the clique by the vertices of `candidates`, each adjacent
    /// to all of it.
    fn expand(&mut self, candidates: &[u64]) {
        let (order, bounds) = self.color_classes(candidates);
        let mut left = candidates.to_vec();
        for i in (0..order.len()).rev() {
            // The colours of the candidates left bound what they can add.
            if self.clique.len() + bounds[i] <= self.floor {
                return;
            }
            let v = order[i];
            self.clique.push(v);
            let next: Vec<u64> = left
                .iter()
                .zip(&self.adjacent[v])
                .map(|(a, b)| a & b)
                .collect();
            if next.iter().all(|&w| w == 0) {
                if self.clique.len() > self.floor {
                    self.floor = self.clique.len();
                    self.best = Some(self.clique.clone());
                }
            } else {
                self.expand(&next);
            }
            self.clique.pop();
            left[v / 64] &= !(1 << (v % 64));
        }
    }

    /// The candidates coloured greedily, colour by colour (each colour a
    /// set of pairwise non-adjacent vertices): the vertices in colour
    /// order, and for each the number of its colour (from 1), which
    /// bounds the clique the vertices up to it can make.
    fn color_classes(&self, candidates: &[u64]) -> (Vec<usize>, Vec<usize>) {
        let mut uncolored = candidates.to_vec();
        let (mut order, mut bounds) = (Vec::new(), Vec::new());
        let mut color = 0;
        while uncolored.iter().any(|&w| w != 0) {
            color += 1;
            let mut free = uncolored.clone();
            while let Some(wi) = free.iter().position(|&w| w != 0) {
                let v = wi * 64 + free[wi].trailing_zeros() as usize;
                free[wi] &= free[wi] - 1;
                for (f, a) in free.iter_mut().zip(&self.adjacent[v]) {
                    *f &= !a;
                }
                uncolored[v / 64] &= !(1 << (v % 64));
                order.push(v);
                bounds.push(color);
            }
        }
        (order, bounds)
    }
}
