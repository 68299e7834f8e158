//! Bounds of the linear builtins, reified or not.

use backtracker::{Conflict, Domains};

use super::{BArg, Base, Builtin, Mode, Term, bounds, clamp};

/// The relation a linear constraint enforces: the sum at most, at least,
/// or equal to a constant, or different from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    AtMost,
    AtLeast,
    Equal,
    Differ,
}

/// `a / b` rounded down.
fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded up.
fn div_ceil(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

impl Builtin {
    /// Whether it is a linear relation (`int_lin_*`, `bool_lin_*`).
    pub(super) fn is_linear(&self) -> bool {
        matches!(self.base, Base::LinEq | Base::LinLe | Base::LinNe)
    }

    /// The reasoning on bounds of a linear relation, reified or not: the
    /// Boolean is fixed once the bounds of the sum decide the relation,
    /// and the relation (or its negation) narrows the bounds of the terms
    /// once the Boolean is known.
    #[expect(
        clippy::too_many_lines,
        reason = "the sum's bounds, the Boolean, then the terms, in order"
    )]
    pub(super) fn linear(&self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let (BArg::Many(cs), BArg::Many(xs), BArg::One(rhs)) =
            (&self.args[0], &self.args[1], &self.args[2])
        else {
            return Ok(());
        };
        // sum(c * x) - rhs, as (coefficient, position) and a constant.
        let mut constant: i128 = 0;
        let (mut lo, mut hi): (i128, i128) = (0, 0);
        let rhs_term = (-1i64, *rhs);
        let terms = cs.iter().zip(xs).map(|(c, x)| match c {
            Term::Const(c) => (*c, *x),
            Term::Pos(_) => (0, Term::Const(0)),
        });
        for (c, x) in terms.clone().chain(std::iter::once(rhs_term)) {
            match x {
                Term::Const(k) => constant += i128::from(c) * i128::from(k),
                Term::Pos(p) => {
                    let (a, b) = bounds(domains, self.scope[p])?;
                    let (a, b) = (i128::from(c) * i128::from(a), i128::from(c) * i128::from(b));
                    lo += a.min(b);
                    hi += a.max(b);
                }
            }
        }
        let (lo, hi) = (lo + constant, hi + constant);
        // The relation is: sum - rhs (in lo..=hi) at most / equal / not 0.
        let side = match self.base {
            Base::LinLe => Side::AtMost,
            Base::LinEq => Side::Equal,
            _ => Side::Differ,
        };
        let holds = |side: Side, lo: i128, hi: i128| match side {
            Side::AtMost => (hi <= 0).then_some(true).or((lo > 0).then_some(false)),
            Side::AtLeast => (lo >= 0).then_some(true).or((hi < 0).then_some(false)),
            Side::Equal => (lo == 0 && hi == 0)
                .then_some(true)
                .or((lo > 0 || hi < 0).then_some(false)),
            Side::Differ => (lo > 0 || hi < 0)
                .then_some(true)
                .or((lo == 0 && hi == 0).then_some(false)),
        };
        let enforce = match self.mode {
            Mode::Plain => Some((side, 0)),
            Mode::Reif | Mode::Imp => {
                let r = match self.args.last() {
                    Some(BArg::One(Term::Const(c))) => Some(*c != 0),
                    Some(BArg::One(Term::Pos(p))) => {
                        let (a, b) = bounds(domains, self.scope[*p])?;
                        (a == b).then_some(a != 0)
                    }
                    _ => None,
                };
                let var = match self.args.last() {
                    Some(BArg::One(Term::Pos(p))) => Some(self.scope[*p]),
                    _ => None,
                };
                match r {
                    Some(true) => Some((side, 0)),
                    Some(false) if self.mode == Mode::Reif => Some(match side {
                        // not (s <= 0) is s >= 1; not (s = 0) is s != 0.
                        Side::AtMost => (Side::AtLeast, 1),
                        Side::Equal => (Side::Differ, 0),
                        _ => (Side::Equal, 0),
                    }),
                    Some(false) => None,
                    None => {
                        if let Some(v) = var {
                            match holds(side, lo, hi) {
                                Some(true) if self.mode == Mode::Reif => clamp(domains, v, 1, 1)?,
                                Some(false) => clamp(domains, v, 0, 0)?,
                                _ => {}
                            }
                        }
                        None
                    }
                }
            }
        };
        let Some((side, shift)) = enforce else {
            return Ok(());
        };
        // The relation on sum - rhs - shift.
        let (lo, hi) = (lo - i128::from(shift), hi - i128::from(shift));
        if holds(side, lo, hi) == Some(false) {
            return Err(Conflict::new());
        }
        if side == Side::Differ {
            return Ok(());
        }
        for (c, x) in terms.chain(std::iter::once(rhs_term)) {
            let Term::Pos(p) = x else { continue };
            if c == 0 {
                continue;
            }
            let var = self.scope[p];
            let (a, b) = bounds(domains, var)?;
            let c = i128::from(c);
            let (ta, tb) = (c * i128::from(a), c * i128::from(b));
            let (own_lo, own_hi) = (ta.min(tb), ta.max(tb));
            // c * x within [-(hi - own_hi), -(lo - own_lo)] for the sum to
            // reach 0 from the others' bounds.
            let mut low = i128::MIN / 4;
            let mut high = i128::MAX / 4;
            if matches!(side, Side::AtMost | Side::Equal) {
                high = -(lo - own_lo);
            }
            if matches!(side, Side::AtLeast | Side::Equal) {
                low = -(hi - own_hi);
            }
            // x within the bounds of c * x divided by c.
            let (xl, xh) = if c > 0 {
                (div_ceil(low, c), div_floor(high, c))
            } else {
                (div_ceil(high, c), div_floor(low, c))
            };
            clamp(domains, var, xl, xh)?;
        }
        Ok(())
    }
}
