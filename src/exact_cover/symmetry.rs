//! A symmetry of an exact-cover problem: a permutation of the items and
//! one of the options that keeps every option's items, checked in full
//! when the problem is built and declared to its model as a map of
//! literals.

use std::fmt;
use std::sync::Arc;

use crate::error::ModelError;
use crate::symmetry::Symmetry;

use super::layout::{Layout, NONE};

/// A map of numbers (items or options) to numbers, as the builder keeps it.
type Map = Arc<dyn Fn(usize) -> usize + Send + Sync>;

/// One declared symmetry ([`ExactCoverBuilder::symmetry`](super::ExactCoverBuilder::symmetry)).
#[derive(Clone)]
pub(crate) struct CoverSymmetry {
    name: String,
    items: Map,
    options: Map,
}

impl fmt::Debug for CoverSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CoverSymmetry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl CoverSymmetry {
    pub(crate) fn new(
        name: String,
        items: impl Fn(usize) -> usize + Send + Sync + 'static,
        options: impl Fn(usize) -> usize + Send + Sync + 'static,
    ) -> CoverSymmetry {
        CoverSymmetry {
            name,
            items: Arc::new(items),
            options: Arc::new(options),
        }
    }

    /// The symmetry as a map of the model's literals (a primary item's
    /// variable and the index of an option in its domain), once checked:
    /// both maps are permutations, primary items go to primary items, and
    /// every option's items go to the items of its image, so that covers
    /// go to covers.
    pub(crate) fn literals(&self, layout: &Layout) -> Result<Symmetry, ModelError> {
        let refuse = |reason: String| ModelError::InvalidSymmetry {
            name: self.name.clone(),
            reason,
        };
        let item_count = layout.names.len();
        let option_count = layout.option_count();
        let items = permutation(item_count, &*self.items)
            .map_err(|(i, image)| refuse(word("item", i, image, item_count)))?;
        let options = permutation(option_count, &*self.options)
            .map_err(|(o, image)| refuse(word("option", o, image, option_count)))?;
        for (item, &image) in items.iter().enumerate() {
            if (layout.var_of_item[item] == NONE) != (layout.var_of_item[image] == NONE) {
                return Err(refuse(format!(
                    "it maps item `{}` to `{}`, and only one of them is primary",
                    layout.names[item], layout.names[image]
                )));
            }
        }
        let mut mapped = Vec::new();
        for (o, &image) in options.iter().enumerate() {
            mapped.clear();
            mapped.extend(layout.items(o).iter().map(|&i| items[i as usize]));
            mapped.sort_unstable();
            let target: Vec<usize> = layout.items(image).iter().map(|&i| i as usize).collect();
            if mapped != target {
                return Err(refuse(format!(
                    "it maps option {o} to option {image}, whose items are not the images of option {o}'s"
                )));
            }
        }
        // Per variable and domain index, the image literal.
        let table: Vec<Vec<(usize, usize)>> = (0..layout.item_of_var.len())
            .map(|var| {
                let item = layout.item_of_var[var] as usize;
                let to = layout.var_of_item[items[item]];
                let domain = layout.domain(var);
                if domain.is_empty() {
                    // The placeholder literal, never a candidate.
                    return vec![(to as usize, 0)];
                }
                domain
                    .iter()
                    .map(|&o| {
                        let image = options[o as usize];
                        let &(_, index) = layout
                            .primary(image)
                            .iter()
                            .find(|&&(v, _)| v == to)
                            .expect("checked: the image option covers the image item");
                        (to as usize, index as usize)
                    })
                    .collect()
            })
            .collect();
        Ok(Symmetry::literals(self.name.clone(), move |var, index| {
            table
                .get(var)
                .and_then(|row| row.get(index))
                .copied()
                .unwrap_or((usize::MAX, usize::MAX))
        }))
    }
}

/// The images of `0..count` under `map`, if it is a permutation of them;
/// else the first number whose image is out of range or taken, and that
/// image.
fn permutation(count: usize, map: &dyn Fn(usize) -> usize) -> Result<Vec<usize>, (usize, usize)> {
    let mut images = Vec::with_capacity(count);
    let mut hit = vec![false; count];
    for x in 0..count {
        let image = map(x);
        if image >= count || std::mem::replace(&mut hit[image], true) {
            return Err((x, image));
        }
        images.push(image);
    }
    Ok(images)
}

/// Why a map of `what`s is no permutation of `0..count`.
fn word(what: &str, x: usize, image: usize, count: usize) -> String {
    if image >= count {
        format!("it maps {what} {x} to {image}, and there are {count}")
    } else {
        format!("it maps two {what}s to {what} {image}")
    }
}
