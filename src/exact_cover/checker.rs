//! The one checker of an exact-cover model: options that share an item
//! exclude each other.

use std::sync::Arc;

use crate::assignment::{Assignment, Choice, ModelInfo};
use crate::candidates::Candidates;
use crate::checker::Checker;
use crate::domains::{Conflict, Domains};
use crate::error::ModelError;
use crate::wake::Wake;

use super::layout::Layout;

/// The checker of an [`ExactCover`](super::ExactCover) model, named
/// `cover`: the options the primary items take must be equal or disjoint.
///
/// Each variable is a primary item and its values are the numbers of the
/// options that cover it. The checker narrows: when an item's candidates
/// come down to one option (the item was assigned it, or every other
/// option was removed), the option's other primary items keep only it, and
/// every option that shares an item with it (primary or secondary) is
/// removed from the items it covers. An item left with no option is a
/// [`Conflict`]. So every candidate left is compatible with every option
/// taken, and [`filter`](Checker::filter) has nothing to remove.
///
/// The work of a step follows what changes: the options still present in
/// the chosen option's items are visited (and, for the item the step
/// assigned, its column), not the whole problem. Each option's removal is
/// complete (from every item it covers) within one call, so an option is
/// either a candidate of all its primary items or of none; a step then
/// knows that an option was applied before when another of its items holds
/// it alone, and skips it.
///
/// It is made by [`ExactCoverBuilder::build`](super::ExactCoverBuilder::build);
/// read it through [`ExactCover::model`](super::ExactCover::model).
///
/// ```
/// use backtracker::exact_cover::ExactCoverBuilder;
///
/// let mut b = ExactCoverBuilder::new();
/// b.primary_items(["a", "b"]);
/// b.option(["a"]);
/// b.option(["a", "b"]);
/// b.option(["b"]);
/// let mut problem = b.build()?;
/// assert_eq!(problem.model().checker_names(), ["cover"]);
/// // {a}{b} and {a b}; the checker's own answers agree at every node.
/// let outcome = problem.search().cross_check(true).count();
/// assert!(outcome.stop.is_complete());
/// assert_eq!(outcome.value, 2);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct CoverChecker {
    layout: Arc<Layout>,
}

impl CoverChecker {
    pub(crate) fn new(layout: Arc<Layout>) -> CoverChecker {
        CoverChecker { layout }
    }

    /// Option number `value`, if it is one (the placeholder value of an
    /// item no option covers is not).
    fn option(&self, value: usize) -> Option<usize> {
        (value < self.layout.option_count()).then_some(value)
    }

    /// Removes option `p` from every primary item that still has it, when
    /// it is still a candidate. `assigned` is the variable the current
    /// step assigned whose old candidates are still to be removed (its set
    /// says nothing of `p`): liveness is read on another item.
    #[inline]
    fn remove_if_live(
        &self,
        p: usize,
        assigned: Option<usize>,
        d: &mut Domains<'_, usize>,
    ) -> Result<(), Conflict> {
        let items = self.layout.primary(p);
        let Some(&(z, iz)) = items.iter().find(|&&(z, _)| Some(z as usize) != assigned) else {
            // Its only primary item is the assigned one, which dropped it.
            return Ok(());
        };
        if !d.contains(z as usize, iz as usize) {
            return Ok(());
        }
        remove_everywhere(items, d)
    }

    /// Takes option `o`: removes every option that shares an item with it
    /// from the items it covers. `assigned`: the variable the step assigned
    /// `o`, whose set no longer shows its old options.
    fn apply(
        &self,
        o: usize,
        assigned: Option<usize>,
        d: &mut Domains<'_, usize>,
    ) -> Result<(), Conflict> {
        let layout = &*self.layout;
        for &(y, iy) in layout.primary(o) {
            let (y, iy) = (y as usize, iy as usize);
            if Some(y) == assigned {
                // Its old candidates are gone from its set: walk its column.
                for (j, &p) in layout.domain(y).iter().enumerate() {
                    if j != iy {
                        self.remove_if_live(p as usize, assigned, d)?;
                    }
                }
                continue;
            }
            // The options still present in `y`, word by word (each word
            // read before its options are removed, from every item they
            // cover, `y` included).
            let domain = layout.domain(y);
            for wi in 0..d.words(y).len() {
                let mut word = d.words(y)[wi];
                if wi == iy / 64 {
                    word &= !(1u64 << (iy % 64));
                }
                while word != 0 {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    remove_everywhere(layout.primary(domain[wi * 64 + bit] as usize), d)?;
                }
            }
        }
        self.clear_secondary(o, assigned, d)
    }

    /// Removes the options that share a secondary item with `o`.
    fn clear_secondary(
        &self,
        o: usize,
        assigned: Option<usize>,
        d: &mut Domains<'_, usize>,
    ) -> Result<(), Conflict> {
        let layout = &*self.layout;
        for &s in layout.secondary(o) {
            for &p in layout.column(s as usize) {
                if p as usize != o {
                    self.remove_if_live(p as usize, assigned, d)?;
                }
            }
        }
        Ok(())
    }
}

/// Removes an option from each of its primary items (`(variable, index)`),
/// through the public fast path for fixed lists of pairs
/// (docs/performance-log.md, "Exact cover: the kept sets' own removal").
#[inline]
fn remove_everywhere(items: &[(u32, u32)], d: &mut Domains<'_, usize>) -> Result<(), Conflict> {
    d.remove_each(items)
}

/// The one candidate of a set, if it has exactly one; `Err` when it has none.
#[inline]
fn single(words: &[u64]) -> Result<Option<usize>, Conflict> {
    let mut found = None;
    for (wi, &w) in words.iter().enumerate() {
        if w == 0 {
            continue;
        }
        if found.is_some() || !w.is_power_of_two() {
            return Ok(None);
        }
        found = Some(wi * 64 + w.trailing_zeros() as usize);
    }
    found.map(Some).ok_or_else(Conflict::new)
}

/// Whether the set `words` is `{index}`.
#[inline]
fn is_only(words: &[u64], index: usize) -> bool {
    words.iter().enumerate().all(|(wi, &w)| {
        if wi == index / 64 {
            w == 1u64 << (index % 64)
        } else {
            w == 0
        }
    })
}

impl Checker<usize> for CoverChecker {
    fn name(&self) -> &'static str {
        "cover"
    }

    /// Whether the options taken are pairwise equal or disjoint.
    fn check(&self, assignment: &Assignment<'_, usize>) -> bool {
        let mut owner = vec![usize::MAX; self.layout.names.len()];
        for (_, &value) in assignment.iter() {
            let Some(o) = self.option(value) else {
                return false;
            };
            for &item in self.layout.items(o) {
                let slot = &mut owner[item as usize];
                if *slot == usize::MAX {
                    *slot = o;
                } else if *slot != o {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the option is equal to or disjoint from every option taken.
    fn promising(&self, assignment: &Assignment<'_, usize>, choice: Choice<'_, usize>) -> bool {
        let Some(o) = self.option(*choice.value) else {
            return false;
        };
        assignment.iter().all(|(var, &p)| {
            var == choice.var
                || p == o
                || self.option(p).is_some_and(|p| !self.layout.overlap(o, p))
        })
    }

    /// Removes nothing: narrowing has already removed every option that
    /// conflicts with one taken.
    #[inline]
    fn filter(&self, _: &Assignment<'_, usize>, _: usize, _: &mut Candidates<'_>) {}

    fn narrows(&self) -> bool {
        true
    }

    // `narrow` keeps every item's options exactly those that fit the
    // options taken: there is nothing left for a filter to remove.
    fn filters(&self) -> bool {
        false
    }

    // An item acts only once it is left one option.
    fn wakes_on(&self, _: usize) -> Wake {
        Wake::Fixed
    }

    fn narrow(&self, var: usize, d: &mut Domains<'_, usize>) -> Result<(), Conflict> {
        let Some(index) = single(d.words(var))? else {
            return Ok(());
        };
        let layout = &*self.layout;
        let o = layout.domain(var)[index] as usize;
        let primary = layout.primary(o);
        if d.assignment().is_assigned(var) {
            // The step that assigned `var` (narrowing runs first for it).
            // If another item holds `o` alone, `o` was taken before and
            // `var` had no other candidate.
            let taken = primary
                .iter()
                .find(|&&(y, _)| y as usize != var)
                .is_some_and(|&(y, iy)| is_only(d.words(y as usize), iy as usize));
            if taken {
                return Ok(());
            }
            return self.apply(o, Some(var), d);
        }
        // Forced to `o`. When every primary item holds `o` alone, each
        // option sharing one of them is gone from all its items; only the
        // secondary items may be left to clear.
        if primary
            .iter()
            .all(|&(y, iy)| is_only(d.words(y as usize), iy as usize))
        {
            return self.clear_secondary(o, None, d);
        }
        self.apply(o, None, d)
    }

    fn prepare(&mut self, model: &ModelInfo<'_, usize>) -> Result<(), ModelError> {
        let layout = &*self.layout;
        let fits = model.len() == layout.item_of_var.len()
            && (0..model.len()).all(|var| {
                let domain = layout.domain(var);
                let values = model.domain(var);
                if domain.is_empty() {
                    values.iter().all(|&v| v >= layout.option_count())
                } else {
                    values.len() == domain.len()
                        && values.iter().zip(domain).all(|(&v, &o)| v == o as usize)
                }
            });
        if fits {
            Ok(())
        } else {
            Err(ModelError::InvalidChecker {
                checker: "cover".into(),
                reason:
                    "the model's variables are not the primary items of its exact-cover problem"
                        .into(),
            })
        }
    }
}
