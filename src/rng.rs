//! A small seedable pseudo-random generator, for random probes and tie
//! rules: the same seed gives the same numbers on every machine.

/// A small, fast pseudo-random generator (`SplitMix64`, by Steele, Lea and
/// Flood): the same seed always gives the same numbers, on every machine.
/// For breaking ties, not for anything that needs secrecy.
///
/// ```
/// use backtracker::Rng;
///
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let mut cards = [1, 2, 3, 4, 5];
/// a.shuffle(&mut cards);
/// cards.sort();
/// assert_eq!(cards, [1, 2, 3, 4, 5]);
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), each about equally likely.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u128;
        // Lemire's multiply-shift: the high half of a 128-bit product.
        usize::try_from((u128::from(self.next_u64()) * n) >> 64).unwrap_or(0)
    }

    /// Puts `items` in a random order (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
