//! Candidate sets: the values a variable may still take, as a bitset of
//! domain indices.
#![expect(
    clippy::inline_always,
    reason = "on the search's hot path: measured, `#[inline]` instead made the flagship 5% and its plain model 14% slower (docs/performance-log.md, \"Lints\")"
)]

/// Number of 64-bit words needed for a bitset of `bits` bits (at least one).
pub(crate) fn words_for(bits: usize) -> usize {
    bits.div_ceil(64).max(1)
}

/// A mutable view of one variable's candidate set: bit `i` is set when the
/// value with domain index `i` is still a candidate.
///
/// Domains of up to 64 values fit in one word, and the engine then keeps the
/// whole set in a register; larger domains use as many words as they need.
/// Checkers receive a `Candidates` in [`Checker::filter`](crate::Checker::filter)
/// and remove the values they reject, either one at a time
/// ([`remove`](Self::remove), [`retain`](Self::retain)) or a word at a time
/// ([`words_mut`](Self::words_mut)).
///
/// ```
/// use backtracker::Candidates;
///
/// let mut words = [0b1011u64];
/// let mut set = Candidates::new(&mut words);
/// assert_eq!(set.len(), 3);
/// set.remove(1);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 3]);
/// ```
#[derive(Debug)]
pub struct Candidates<'a> {
    words: &'a mut [u64],
}

impl<'a> Candidates<'a> {
    /// Wraps words of a bitset (bit `i` of word `w` is domain index `64 * w + i`).
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// // Domain indices 0, 2 and 64 of a domain of more than 64 values.
    /// let mut words = [0b101, 0b1];
    /// let set = Candidates::new(&mut words);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 2, 64]);
    /// ```
    #[inline]
    pub fn new(words: &'a mut [u64]) -> Self {
        Candidates { words }
    }

    /// The words of the set, lowest indices first.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b110];
    /// let mut set = Candidates::new(&mut words);
    /// set.remove(2);
    /// assert_eq!(set.words(), [0b010]);
    /// ```
    #[inline]
    #[must_use]
    pub fn words(&self) -> &[u64] {
        self.words
    }

    /// The words of the set, to filter a whole word at once (`words[0] &= mask`).
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// // Keep only the even indices, a word at a time.
    /// let mut words = [0b1111];
    /// let mut set = Candidates::new(&mut words);
    /// set.words_mut()[0] &= 0x5555_5555_5555_5555;
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 2]);
    /// ```
    #[inline]
    pub fn words_mut(&mut self) -> &mut [u64] {
        self.words
    }

    /// Whether domain index `index` is still a candidate.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b100];
    /// let set = Candidates::new(&mut words);
    /// assert!(set.contains(2));
    /// assert!(!set.contains(0));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, index: usize) -> bool {
        has_bit(self.words, index)
    }

    /// Removes domain index `index` from the set (no effect if absent).
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b11];
    /// let mut set = Candidates::new(&mut words);
    /// set.remove(0);
    /// set.remove(0); // already gone: no change
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [1]);
    /// ```
    #[inline]
    pub fn remove(&mut self, index: usize) {
        if let Some(w) = self.words.get_mut(index / 64) {
            *w &= !(1u64 << (index % 64));
        }
    }

    /// Number of candidates.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [u64::MAX, 0b1];
    /// assert_eq!(Candidates::new(&mut words).len(), 65);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether no candidate is left.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b1];
    /// let mut set = Candidates::new(&mut words);
    /// assert!(!set.is_empty());
    /// set.remove(0);
    /// assert!(set.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Keeps only the candidates for which `keep` answers `true`, asking in
    /// increasing index order.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b11_1111];
    /// let mut set = Candidates::new(&mut words);
    /// set.retain(|i| i % 3 == 0);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3]);
    /// ```
    #[inline(always)]
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        for (wi, word) in self.words.iter_mut().enumerate() {
            let mut rest = *word;
            let mut kept = rest;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // Without a branch on the answer: checkers' answers are
                // hard to predict, and a mispredicted branch costs more
                // than clearing the bit unconditionally.
                kept &= !(u64::from(!keep(wi * 64 + bit)) << bit);
            }
            *word = kept;
        }
    }

    /// The candidates' domain indices in increasing order.
    ///
    /// ```
    /// use backtracker::Candidates;
    ///
    /// let mut words = [0b1001, 0b10];
    /// assert_eq!(Candidates::new(&mut words).iter().collect::<Vec<_>>(), [0, 3, 65]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        iter_bits(self.words)
    }
}

/// Whether bit `index` of `words` is set (a bit past the words is not).
#[inline]
pub(crate) fn has_bit(words: &[u64], index: usize) -> bool {
    words
        .get(index / 64)
        .is_some_and(|w| w >> (index % 64) & 1 == 1)
}

/// The set bits of `words`, lowest first.
pub(crate) fn iter_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(wi, &w)| {
        let mut rest = w;
        std::iter::from_fn(move || {
            if rest == 0 {
                None
            } else {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(wi * 64 + bit)
            }
        })
    })
}

/// A growable bitset of line or value numbers with one spare word at the end,
/// so that [`BitRow::window`] can read 64 bits from any position without a
/// branch.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitRow {
    words: Vec<u64>,
}

impl BitRow {
    /// A set that can hold bits `0..bits` and windows reaching `extra` bits beyond.
    pub(crate) fn new(bits: usize, extra: usize) -> Self {
        BitRow {
            words: vec![0; words_for(bits + extra) + 1],
        }
    }

    #[inline]
    pub(crate) fn set(&mut self, bit: usize) {
        self.words[bit / 64] |= 1u64 << (bit % 64);
    }

    #[inline]
    pub(crate) fn clear(&mut self, bit: usize) {
        self.words[bit / 64] &= !(1u64 << (bit % 64));
    }

    #[inline]
    pub(crate) fn get(&self, bit: usize) -> bool {
        self.words[bit / 64] >> (bit % 64) & 1 == 1
    }

    /// The 64 bits starting at bit `start`, as one word (bit 0 is `start`).
    #[inline]
    pub(crate) fn window(&self, start: usize) -> u64 {
        let wi = start / 64;
        // The two words as one 128-bit number, shifted: one double-word
        // shift on x86-64.
        let pair = u128::from(self.words[wi + 1]) << 64 | u128::from(self.words[wi]);
        #[expect(
            clippy::cast_possible_truncation,
            reason = "the low word of the shifted pair"
        )]
        let low = (pair >> (start % 64)) as u64;
        low
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_reads_across_word_boundaries() {
        let mut row = BitRow::new(200, 64);
        for bit in [0, 63, 64, 70, 127, 128, 199] {
            row.set(bit);
        }
        for start in 0..200 {
            let w = row.window(start);
            for i in 0..64 {
                let expect = start + i < 264 && row.get(start + i);
                assert_eq!(w >> i & 1 == 1, expect, "start {start} bit {i}");
            }
        }
    }

    #[test]
    fn retain_asks_in_index_order_across_words() {
        let mut words = [u64::MAX, 0b101];
        let mut set = Candidates::new(&mut words);
        let mut asked = Vec::new();
        set.retain(|i| {
            asked.push(i);
            i % 2 == 0
        });
        assert_eq!(asked, (0..64).chain([64, 66]).collect::<Vec<_>>());
        assert_eq!(set.len(), 34);
        assert!(set.contains(66) && !set.contains(65) && !set.contains(1));
    }
}
