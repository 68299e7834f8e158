//! A probe as a policy of the search loop: each frame keeps one random
//! candidate of those it has, so the loop walks one random path and comes
//! back; what the path met makes Knuth's estimate of the tree below it.

use crate::rng::Rng;

/// One probe under way: the generator it draws from, and what the path
/// met so far.
#[derive(Clone, Debug)]
pub(crate) struct Probe {
    pub(crate) random: Rng,
    /// The product of the widths of the frames entered so far: how many
    /// nodes each node at the current depth stands for.
    pub(crate) product: f64,
    /// The estimated nodes: each node of the path, weighted by the product
    /// at its depth.
    pub(crate) nodes: f64,
}

impl Probe {
    /// A probe drawing from `random`.
    pub(crate) fn new(random: Rng) -> Probe {
        Probe {
            random,
            product: 1.0,
            nodes: 0.0,
        }
    }

    /// A step of the path stands: a node, weighted by the product.
    #[inline]
    pub(crate) fn node(&mut self) {
        self.nodes += self.product;
    }

    /// A frame is entered with candidates `words`: the product takes their
    /// number, and one of them, drawn at random, is all the frame keeps
    /// (none, and no draw, when there are none).
    pub(crate) fn pick(&mut self, words: &mut [u64]) {
        let width: usize = words.iter().map(|w| w.count_ones() as usize).sum();
        if width == 0 {
            return;
        }
        #[expect(clippy::cast_precision_loss, reason = "an estimate, in floating point")]
        let factor = width as f64;
        self.product *= factor;
        let index = crate::candidates::iter_bits(words)
            .nth(self.random.below(width))
            .unwrap_or_default();
        words.fill(0);
        words[index / 64] |= 1 << (index % 64);
    }
}
