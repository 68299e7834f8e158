//! Symmetries a model declares: maps of literals (a variable and one of
//! its domain indices) that take every solution to a solution, and the
//! group they generate.

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::sync::Arc;

use itertools::Itertools;

use crate::error::ModelError;

/// The most elements a declared group may have: each solution is compared
/// with its image under every element when classes are counted.
pub const MAX_GROUP: usize = 1 << 12;

/// One generator of a model's symmetry group: a map of literals, each a
/// variable and one of its domain indices, that takes every solution to a
/// solution. Declared with [`ModelBuilder::symmetry`](crate::ModelBuilder::symmetry).
///
/// A board rotation on a model with one variable per row (the value is the
/// column) maps literals to literals: `(row, column)` to `(column, n - 1 -
/// row)`. A permutation of the variables ([`Symmetry::variables`]) or of
/// the values ([`Symmetry::values`]) is a special case.
///
/// ```
/// use backtracker::Symmetry;
///
/// let [rotation, reflection] = Symmetry::square_rows(8);
/// assert_eq!(rotation.name(), "rotation 90");
/// assert_eq!(rotation.image(0, 1), (1, 7));
/// assert_eq!(reflection.image(0, 1), (0, 6));
/// ```
#[derive(Clone)]
pub struct Symmetry {
    name: String,
    map: Arc<dyn Fn(usize, usize) -> (usize, usize) + Send + Sync>,
}

impl fmt::Debug for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Symmetry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Symmetry {
    /// The symmetry that maps literal `(var, index)` to `map(var, index)`.
    ///
    /// ```
    /// use backtracker::Symmetry;
    ///
    /// // Swap two variables and reflect their values, on domains of 3.
    /// let s = Symmetry::literals("swap and reflect", |var, i| (1 - var, 2 - i));
    /// assert_eq!(s.image(0, 0), (1, 2));
    /// ```
    pub fn literals(
        name: impl Into<String>,
        map: impl Fn(usize, usize) -> (usize, usize) + Send + Sync + 'static,
    ) -> Symmetry {
        Symmetry {
            name: name.into(),
            map: Arc::new(map),
        }
    }

    /// The symmetry that moves each variable's value to variable
    /// `map(var)`: a permutation of the variables, whose domains must be
    /// alike.
    ///
    /// ```
    /// use backtracker::Symmetry;
    ///
    /// let s = Symmetry::variables("reverse", |var| 3 - var);
    /// assert_eq!(s.image(1, 5), (2, 5));
    /// ```
    pub fn variables(
        name: impl Into<String>,
        map: impl Fn(usize) -> usize + Send + Sync + 'static,
    ) -> Symmetry {
        Symmetry::literals(name, move |var, index| (map(var), index))
    }

    /// The symmetry that changes every variable's domain index `i` into
    /// `map(i)`: a permutation of the values, as interchangeable colours
    /// are.
    ///
    /// ```
    /// use backtracker::Symmetry;
    ///
    /// let s = Symmetry::values("swap colours 0 and 1", |i| [1, 0, 2][i]);
    /// assert_eq!(s.image(4, 0), (4, 1));
    /// ```
    pub fn values(
        name: impl Into<String>,
        map: impl Fn(usize) -> usize + Send + Sync + 'static,
    ) -> Symmetry {
        Symmetry::literals(name, move |var, index| (var, map(index)))
    }

    /// The two generators of the 8 symmetries of an `n x n` board, for a
    /// model with one variable per row whose domain index is the column
    /// (as N-Queens): `rotation 90`, `(row, column)` to `(column, n - 1 -
    /// row)`, and `reflection`, `(row, column)` to `(row, n - 1 - column)`.
    #[must_use]
    pub fn square_rows(n: usize) -> [Symmetry; 2] {
        [
            Symmetry::literals("rotation 90", move |row, col| {
                (col, (n - 1).wrapping_sub(row))
            }),
            Symmetry::literals("reflection", move |row, col| {
                (row, (n - 1).wrapping_sub(col))
            }),
        ]
    }

    /// The two generators of the 8 symmetries of an `n x n` board, for a
    /// model with one variable per cell, numbered row by row (`row * n +
    /// column`): `rotation 90` and `reflection`, as permutations of the
    /// variables.
    #[must_use]
    pub fn square_cells(n: usize) -> [Symmetry; 2] {
        let cell = move |var: usize, f: fn(usize, usize, usize) -> (usize, usize)| {
            let (r, c) = f(n, var / n.max(1), var % n.max(1));
            r * n + c
        };
        [
            Symmetry::variables("rotation 90", move |var| {
                cell(var, |n, r, c| (c, (n - 1).wrapping_sub(r)))
            }),
            Symmetry::variables("reflection", move |var| {
                cell(var, |n, r, c| (r, (n - 1).wrapping_sub(c)))
            }),
        ]
    }

    /// The two generators of every permutation of the variables `vars`
    /// (whose domains must be alike): a swap of the first two and a cycle
    /// of them all (only the swap for two, none for fewer). For a
    /// model whose rule treats those variables alike, as the cells of a
    /// sum or the pigeons of a pigeonhole. The group has `k!` elements
    /// for `k` variables, so [`MAX_GROUP`] allows at most 6.
    ///
    /// ```
    /// use backtracker::{constraints::LinearSum, ModelBuilder, Symmetry};
    ///
    /// // x + y + z = 3 with each in 0..=3: 10 solutions, 3 up to a
    /// // permutation of the variables (3+0+0, 2+1+0 and 1+1+1).
    /// let mut b = ModelBuilder::new();
    /// for name in ["x", "y", "z"] {
    ///     b.variable(name, 0..=3i64);
    /// }
    /// for generator in Symmetry::interchangeable_variables(&[0, 1, 2]) {
    ///     b.symmetry(generator);
    /// }
    /// let mut model = b.build((LinearSum::equal("sum", [(1, 0), (1, 1), (1, 2)], 3),))?;
    /// let classes = model.search().count_classes().value;
    /// assert_eq!((classes.solutions, classes.classes, classes.group), (10, 3, 6));
    /// # Ok::<(), backtracker::ModelError>(())
    /// ```
    #[must_use]
    pub fn interchangeable_variables(vars: &[usize]) -> Vec<Symmetry> {
        let mut generators = Vec::new();
        if let [a, b, ..] = *vars {
            generators.push(Symmetry::variables(
                format!("swap of variables {a} and {b}"),
                move |var| match var {
                    v if v == a => b,
                    v if v == b => a,
                    v => v,
                },
            ));
        }
        if vars.len() >= 3 {
            let cycle = vars.to_vec();
            generators.push(Symmetry::variables(
                format!("cycle of variables {}", cycle.iter().join(" ")),
                move |var| match cycle.iter().position(|&v| v == var) {
                    Some(p) => cycle[(p + 1) % cycle.len()],
                    None => var,
                },
            ));
        }
        generators
    }

    /// The generator's name, used in errors.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The image of literal `(var, index)`.
    #[must_use]
    pub fn image(&self, var: usize, index: usize) -> (usize, usize) {
        (self.map)(var, index)
    }
}

/// A declared group: its generators as permutations of the literals, and
/// every element but the identity.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    /// Literal `(var, index)` is number `offsets[var] + index`.
    offsets: Vec<usize>,
    /// Per literal number, its variable and index.
    literals: Vec<(u32, u32)>,
    /// The generators: names and permutations.
    pub(crate) generators: Vec<(String, Vec<u32>)>,
    /// Every element of the group but the identity (none listed for
    /// [`generated`](Self::generated) generators).
    pub(crate) elements: Vec<Vec<u32>>,
    /// Each element's name: the shortest product of generators that gives
    /// it, as `rotation 90 then reflection` (generators applied in turn).
    pub(crate) names: Vec<String>,
}

impl Group {
    /// The group the generators give on a model with these domain sizes
    /// and candidates (`kept(var, index)`: after pins and restrictions).
    /// Each generator must map every literal to a literal of the model and
    /// the candidates one to one onto the candidates.
    pub(crate) fn new(
        generators: &[Symmetry],
        sizes: &[usize],
        kept: impl Fn(usize, usize) -> bool,
    ) -> Result<Group, ModelError> {
        Group::generated(generators, sizes, kept)?.closed()
    }

    /// The generators alone, as permutations of the literals, checked as
    /// [`new`](Self::new) checks them; no other element is listed.
    pub(crate) fn generated(
        generators: &[Symmetry],
        sizes: &[usize],
        kept: impl Fn(usize, usize) -> bool,
    ) -> Result<Group, ModelError> {
        let mut offsets = Vec::with_capacity(sizes.len());
        let mut literals = Vec::new();
        for (var, &size) in sizes.iter().enumerate() {
            offsets.push(literals.len());
            literals.extend((0..size).map(|i| (crate::index::small(var), crate::index::small(i))));
        }
        let refuse = |s: &Symmetry, reason: String| ModelError::InvalidSymmetry {
            name: s.name.clone(),
            reason,
        };
        let mut perms = Vec::with_capacity(generators.len());
        for s in generators {
            let mut perm: Vec<u32> = (0..literals.len()).map(crate::index::small).collect();
            let mut hit = vec![false; literals.len()];
            for (id, &(var, index)) in literals.iter().enumerate() {
                let (var, index) = (var as usize, index as usize);
                if !kept(var, index) {
                    continue;
                }
                let (w, j) = s.image(var, index);
                if w >= sizes.len() || j >= sizes[w] {
                    return Err(refuse(
                        s,
                        format!("it maps variable {var}, value {index} outside the model"),
                    ));
                }
                if !kept(w, j) {
                    return Err(refuse(
                        s,
                        format!(
                            "it maps variable {var}, value {index} to variable {w}, value {j}, which is not a candidate"
                        ),
                    ));
                }
                let to = offsets[w] + j;
                if std::mem::replace(&mut hit[to], true) {
                    return Err(refuse(
                        s,
                        format!("it maps two candidates to variable {w}, value {j}"),
                    ));
                }
                perm[id] = crate::index::small(to);
            }
            perms.push((s.name.clone(), perm));
        }
        Ok(Group {
            offsets,
            literals,
            generators: perms,
            elements: Vec::new(),
            names: Vec::new(),
        })
    }

    /// The group the generators make: every element but the identity,
    /// listed (at most [`MAX_GROUP`] in all).
    fn closed(mut self) -> Result<Group, ModelError> {
        let perms = &self.generators;
        let identity: Vec<u32> = (0..self.literals.len()).map(crate::index::small).collect();
        let mut seen: HashSet<Vec<u32>> = HashSet::from([identity.clone()]);
        // Breadth first, so that each element is named by a shortest word.
        let mut queue = VecDeque::from([(identity, None::<usize>)]);
        let mut elements = Vec::new();
        let mut names: Vec<String> = Vec::new();
        while let Some((e, at)) = queue.pop_front() {
            for (name, g) in perms {
                let composed: Vec<u32> = e.iter().map(|&x| g[x as usize]).collect();
                if seen.insert(composed.clone()) {
                    if seen.len() > MAX_GROUP {
                        return Err(ModelError::InvalidSymmetry {
                            name: perms
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                            reason: format!("they generate more than {MAX_GROUP} symmetries"),
                        });
                    }
                    names.push(match at {
                        Some(at) => format!("{} then {name}", names[at]),
                        None => name.clone(),
                    });
                    elements.push(composed.clone());
                    queue.push_back((composed, Some(elements.len() - 1)));
                }
            }
        }
        self.elements = elements;
        self.names = names;
        Ok(self)
    }

    /// The image of the partial assignment `indices` (`u32::MAX`:
    /// unassigned) under `perm` into `image`, where it is known; a
    /// variable two literals map to keeps the last (the generators of a
    /// checked group never do this to a solution).
    pub(crate) fn apply_partial(&self, perm: &[u32], indices: &[u32], image: &mut [u32]) {
        image.fill(u32::MAX);
        for (var, &index) in indices.iter().enumerate() {
            if index != u32::MAX {
                let (w, j) = self.literals[perm[self.offsets[var] + index as usize] as usize];
                image[w as usize] = j;
            }
        }
    }

    /// The first symmetry (an index into `elements` and `names`) that maps
    /// the partial assignment `indices` (`u32::MAX`: unassigned) to one
    /// that is smaller whatever the rest: the first variable where the two
    /// differ is assigned in both, and the image's value is the smaller.
    /// Sound for a true group: where the image of a partial assignment is
    /// known, it is that of every completion.
    pub(crate) fn dominates(&self, indices: &[u32], image: &mut [u32]) -> Option<usize> {
        self.elements.iter().position(|perm| {
            self.apply_partial(perm, indices, image);
            for (&a, &b) in indices.iter().zip(image.iter()) {
                if a == u32::MAX || b == u32::MAX {
                    return false;
                }
                if a != b {
                    return b < a;
                }
            }
            false
        })
    }

    /// The symmetries other than the identity that fix the complete
    /// assignment `indices`.
    pub(crate) fn fixing(&self, indices: &[u32], image: &mut [u32]) -> usize {
        self.elements
            .iter()
            .filter(|perm| {
                self.apply_partial(perm, indices, image);
                *image == *indices
            })
            .count()
    }

    /// The number of literal `(var, index)`.
    pub(crate) fn literal_id(&self, var: usize, index: usize) -> u32 {
        crate::index::small(self.offsets[var] + index)
    }

    /// The variable and index of literal number `id`.
    pub(crate) fn literal(&self, id: u32) -> (usize, usize) {
        let (var, index) = self.literals[id as usize];
        (var as usize, index as usize)
    }

    /// The number of literals.
    pub(crate) fn literal_count(&self) -> usize {
        self.literals.len()
    }

    /// The number of symmetries, the identity included.
    pub(crate) fn order(&self) -> usize {
        self.elements.len() + 1
    }

    /// The image of the complete assignment `indices` (a domain index per
    /// variable) under `perm` into `image`: `Err(var)` when the image
    /// assigns `var` twice (so leaves another one unassigned).
    pub(crate) fn apply(
        &self,
        perm: &[u32],
        indices: &[u32],
        image: &mut [u32],
    ) -> Result<(), usize> {
        image.fill(u32::MAX);
        for (var, &index) in indices.iter().enumerate() {
            let to = perm[self.offsets[var] + index as usize] as usize;
            let (w, j) = self.literals[to];
            let slot = &mut image[w as usize];
            if *slot != u32::MAX {
                return Err(w as usize);
            }
            *slot = j;
        }
        Ok(())
    }
}
