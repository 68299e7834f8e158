//! Bounds of `int_times` and `int_abs`: the result within what the
//! operands' bounds give, and for an absolute value the operand within
//! plus or minus the result's high.

use backtracker::{Conflict, Domains};

use super::{BArg, Base, Builtin, Term, bounds, clamp};

impl Builtin {
    /// Whether it is a product or an absolute value.
    pub(super) fn is_arithmetic(&self) -> bool {
        matches!(self.base, Base::Times | Base::Abs)
    }

    /// Narrows the bounds of a product's result, or of an absolute value
    /// and its operand.
    #[expect(clippy::many_single_char_names, reason = "the arithmetic of intervals")]
    pub(super) fn arithmetic(&self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let span = |domains: &Domains<'_, i64>, t: Term| -> Result<(i128, i128), Conflict> {
            match t {
                Term::Const(c) => Ok((c.into(), c.into())),
                Term::Pos(p) => bounds(domains, self.scope[p]).map(|(a, b)| (a.into(), b.into())),
            }
        };
        match (self.base, self.args.as_slice()) {
            (Base::Times, [BArg::One(x), BArg::One(y), BArg::One(Term::Pos(z))]) => {
                let ((a, b), (c, d)) = (span(domains, *x)?, span(domains, *y)?);
                let corners = [a * c, a * d, b * c, b * d];
                let lo = corners.iter().copied().min().unwrap_or(0);
                let hi = corners.iter().copied().max().unwrap_or(0);
                clamp(domains, self.scope[*z], lo, hi)
            }
            (Base::Abs, [BArg::One(x), BArg::One(z)]) => {
                let (a, b) = span(domains, *x)?;
                let (lo, hi) = if a >= 0 {
                    (a, b)
                } else if b <= 0 {
                    (-b, -a)
                } else {
                    (0, (-a).max(b))
                };
                if let Term::Pos(p) = z {
                    clamp(domains, self.scope[*p], lo, hi)?;
                }
                let (_, zh) = span(domains, *z)?;
                if let Term::Pos(p) = x {
                    clamp(domains, self.scope[*p], -zh, zh)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
