//! Indices the engine keeps in 32 bits.

/// `i` kept in 32 bits: a variable, a domain index, a checker, an option
/// or a position on a trail. Each is below `u32::MAX`: a domain's size is
/// checked when its variable is declared (`ModelError::DomainTooLarge`),
/// an exact-cover problem's items and options when it is built, and 2^32
/// variables, checkers or trail entries would not fit in memory. Debug
/// builds check it.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the one place where an index is narrowed to 32 bits, checked in debug builds"
)]
pub(crate) fn small(i: usize) -> u32 {
    debug_assert!(
        u32::try_from(i).is_ok(),
        "index {i} does not fit in 32 bits"
    );
    i as u32
}
