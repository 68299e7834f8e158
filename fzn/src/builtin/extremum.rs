//! Bounds of `int_max`, `int_min`, `array_int_maximum` and
//! `array_int_minimum`.

use backtracker::{Conflict, Domains};

use super::{BArg, Base, Builtin, Term, bounds, clamp};

impl Builtin {
    /// Bounds of `m = max(xs)` (or min): `m` within the hull of the terms'
    /// highest lows and highs, and every term at most `m`'s high (at least
    /// its low, for a minimum).
    pub(super) fn extremum(&self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let (m, xs): (Term, &[Term]) = match (self.base, self.args.as_slice()) {
            (Base::Max | Base::Min, [BArg::One(x), BArg::One(y), BArg::One(z)]) => {
                return self.extremum_of(domains, *z, &[*x, *y]);
            }
            (Base::Maximum | Base::Minimum, [BArg::One(m), BArg::Many(xs)]) => (*m, xs),
            _ => return Ok(()),
        };
        self.extremum_of(domains, m, xs)
    }

    fn extremum_of(
        &self,
        domains: &mut Domains<'_, i64>,
        m: Term,
        xs: &[Term],
    ) -> Result<(), Conflict> {
        if xs.is_empty() {
            return Ok(());
        }
        let max = matches!(self.base, Base::Max | Base::Maximum);
        let span = |domains: &Domains<'_, i64>, t: Term| -> Result<(i64, i64), Conflict> {
            match t {
                Term::Const(c) => Ok((c, c)),
                Term::Pos(p) => bounds(domains, self.scope[p]),
            }
        };
        let (mut lo, mut hi) = if max {
            (i64::MIN, i64::MIN)
        } else {
            (i64::MAX, i64::MAX)
        };
        for &x in xs {
            let (a, b) = span(domains, x)?;
            if max {
                lo = lo.max(a);
                hi = hi.max(b);
            } else {
                lo = lo.min(a);
                hi = hi.min(b);
            }
        }
        if let Term::Pos(p) = m {
            clamp(domains, self.scope[p], lo.into(), hi.into())?;
        }
        let (ml, mh) = span(domains, m)?;
        if ml > hi || mh < lo {
            return Err(Conflict::new());
        }
        for &x in xs {
            if let Term::Pos(p) = x {
                if max {
                    clamp(domains, self.scope[p], i128::MIN / 4, mh.into())?;
                } else {
                    clamp(domains, self.scope[p], ml.into(), i128::MAX / 4)?;
                }
            }
        }
        Ok(())
    }
}
