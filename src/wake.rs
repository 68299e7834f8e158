//! What wakes a narrowing checker: which changes of a variable's candidate
//! set call its [`narrow`](crate::Checker::narrow).

/// The changes of a variable that wake a narrowing checker, as the checker
/// declares them per variable of its scope in
/// [`Checker::wakes_on`](crate::Checker::wakes_on).
///
/// A checker woken less often does less work for the same answer, as long
/// as its `narrow` has nothing to remove after the changes it sleeps
/// through. An exact-cover checker, which acts only on an item left with one
/// option, wakes on [`Fixed`](Wake::Fixed); a sum, whose bounds move with
/// every removal, on [`Change`](Wake::Change).
///
/// ```
/// use backtracker::{Assignment, Checker, Conflict, Domains, ModelBuilder, Wake};
///
/// /// x0 != x1, narrowing the other variable once one is fixed.
/// struct Differ;
/// impl Checker<u8> for Differ {
///     fn name(&self) -> &str { "differ" }
///     fn check(&self, a: &Assignment<'_, u8>) -> bool {
///         match (a.get(0), a.get(1)) { (Some(x), Some(y)) => x != y, _ => true }
///     }
///     fn narrows(&self) -> bool { true }
///     fn wakes_on(&self, _: usize) -> Wake { Wake::Fixed }
///     fn narrow(&self, var: usize, d: &mut Domains<'_, u8>) -> Result<(), Conflict> {
///         if d.len(var) == 1 {
///             let i = d.min(var).unwrap_or_default();
///             d.remove(1 - var, i)?;
///         }
///         Ok(())
///     }
/// }
/// let mut b = ModelBuilder::new();
/// b.variable("x0", 0..3u8);
/// b.variable("x1", 0..3u8);
/// let mut model = b.build((Differ,))?;
/// assert_eq!(model.search().symmetry(false).count().value, 6);
/// # Ok::<(), backtracker::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wake {
    /// Every change: the variable is assigned, or loses any candidate (the
    /// default).
    #[default]
    Change,
    /// Only when the variable is left one candidate: it is assigned, or
    /// every other value was removed. (A set left empty ends the step
    /// anyway.)
    Fixed,
    /// Only when the variable's lowest or highest candidate (by domain
    /// index) changes, which includes its being left one candidate: for a
    /// checker that reads only the ends of the set, as a sum's bounds do.
    Bounds,
}

/// A bit of `Kept::wake_on` (per variable): some checker wakes on the
/// variable's every change.
pub(crate) const ON_CHANGE: u8 = 1;

/// A bit of `Kept::wake_on` (per variable): some checker wakes when the
/// variable's bounds move.
pub(crate) const ON_BOUNDS: u8 = 2;
