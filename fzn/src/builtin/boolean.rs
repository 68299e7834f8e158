//! Unit propagation of `bool_clause`, `array_bool_or` and
//! `array_bool_and`, reified or not.

use backtracker::{Conflict, Domains};

use super::{BArg, Base, Builtin, Mode, Term, bounds, clamp};

impl Builtin {
    /// Whether it is a disjunction or conjunction of Booleans
    /// (`bool_clause`, `array_bool_or`, `array_bool_and`).
    pub(super) fn is_boolean(&self) -> bool {
        matches!(self.base, Base::AllTrue | Base::AnyTrue | Base::Clause)
    }

    /// Unit propagation of a disjunction of literals (a conjunction is the
    /// negation of the disjunction of the negated literals), reified or
    /// not: the Boolean is fixed once the literals decide the relation,
    /// and once it is known, the last open literal of a disjunction that
    /// must hold is made true, or every literal of one that must fail is
    /// made false.
    pub(super) fn boolean(&self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        // The literals: (term, the value that satisfies it).
        let (first, second, negated) = match (self.base, &self.args[0], self.args.get(1)) {
            (Base::Clause, BArg::Many(pos), Some(BArg::Many(neg))) => {
                (pos.as_slice(), neg.as_slice(), false)
            }
            (Base::AnyTrue, BArg::Many(pos), _) => (pos.as_slice(), &[][..], false),
            (Base::AllTrue, BArg::Many(pos), _) => (&[][..], pos.as_slice(), true),
            _ => return Ok(()),
        };
        let literals = first
            .iter()
            .map(|t| (*t, 1))
            .chain(second.iter().map(|t| (*t, 0)));
        let value = |domains: &Domains<'_, i64>, t: Term| -> Result<Option<i64>, Conflict> {
            match t {
                Term::Const(c) => Ok(Some(i64::from(c != 0))),
                Term::Pos(p) => {
                    let (a, b) = bounds(domains, self.scope[p])?;
                    Ok((a == b).then_some(a))
                }
            }
        };
        let (mut satisfied, mut open, mut last) = (false, 0usize, None);
        for (t, want) in literals.clone() {
            match value(domains, t)? {
                // One true literal decides the disjunction: the open
                // literals no longer matter.
                Some(v) if v == want => {
                    satisfied = true;
                    break;
                }
                Some(_) => {}
                None => {
                    open += 1;
                    last = Some((t, want));
                }
            }
        }
        let or = if satisfied {
            Some(true)
        } else if open == 0 {
            Some(false)
        } else {
            None
        };
        // What the disjunction must be, if anything yet.
        let must = match self.mode {
            Mode::Plain => Some(!negated),
            Mode::Reif | Mode::Imp => {
                let r = match self.args.last() {
                    Some(BArg::One(t)) => *t,
                    _ => return Ok(()),
                };
                match value(domains, r)? {
                    Some(v) if v != 0 => Some(!negated),
                    Some(_) if self.mode == Mode::Reif => Some(negated),
                    Some(_) => None,
                    None => {
                        let relation = or.map(|o| o != negated);
                        if let (Term::Pos(p), Some(holds)) = (r, relation)
                            && (self.mode == Mode::Reif || !holds)
                        {
                            let v = i128::from(holds);
                            clamp(domains, self.scope[p], v, v)?;
                        }
                        None
                    }
                }
            }
        };
        match (must, or) {
            (Some(want), Some(is)) if want != is => Err(Conflict::new()),
            (Some(true), None) if open == 1 => {
                if let Some((Term::Pos(p), v)) = last {
                    clamp(domains, self.scope[p], v.into(), v.into())?;
                }
                Ok(())
            }
            (Some(false), None) => {
                for (t, want) in literals {
                    if let Term::Pos(p) = t {
                        let v = i128::from(1 - want);
                        clamp(domains, self.scope[p], v, v)?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
