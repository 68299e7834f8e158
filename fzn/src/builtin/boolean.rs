//! Unit propagation of `bool_clause`, `array_bool_or` and
//! `array_bool_and`, reified or not: by watched literals (`clause.rs`)
//! when every variable is a Boolean (its domain within 0 and 1), else by
//! reading every literal at each wake.

use backtracker::{Conflict, Domains, ModelInfo};

use super::clause::{Lit, Literal, Watched};
use super::{BArg, Base, Builtin, Mode, Term, bounds, clamp};

impl Builtin {
    /// Whether it is a disjunction or conjunction of Booleans
    /// (`bool_clause`, `array_bool_or`, `array_bool_and`).
    pub(super) fn is_boolean(&self) -> bool {
        matches!(self.base, Base::AllTrue | Base::AnyTrue | Base::Clause)
    }

    /// The watched literals of a Boolean builtin over Booleans, or `None`
    /// for another builtin, or one with a variable whose domain holds a
    /// value other than 0 and 1.
    pub(super) fn watched_literals(&self, model: &ModelInfo<'_, i64>) -> Option<Watched> {
        if !self.is_boolean() {
            return None;
        }
        // The literal `t = want`.
        let literal = |t: Term, want: i64| -> Option<Literal> {
            match t {
                Term::Const(c) => Some(Literal::Const(i64::from(c != 0) == want)),
                Term::Pos(p) => {
                    let var = self.scope[p];
                    let domain = model.domain(var);
                    if domain.iter().any(|&x| x != 0 && x != 1) {
                        return None;
                    }
                    let at = |x: i64| domain.iter().position(|&y| y == x);
                    Some(match at(want) {
                        Some(yes) => Literal::Var(Lit {
                            var,
                            yes,
                            no: at(1 - want),
                        }),
                        None => Literal::Const(false),
                    })
                }
            }
        };
        // The disjunction's literals, and whether the builtin states its
        // negation (`array_bool_and`).
        let (first, second, negated) = match (self.base, &self.args[0], self.args.get(1)) {
            (Base::Clause, BArg::Many(pos), Some(BArg::Many(neg))) => {
                (pos.as_slice(), neg.as_slice(), false)
            }
            (Base::AnyTrue, BArg::Many(pos), _) => (pos.as_slice(), &[][..], false),
            (Base::AllTrue, BArg::Many(pos), _) => (&[][..], pos.as_slice(), true),
            _ => return None,
        };
        let lits: Vec<Literal> = first
            .iter()
            .map(|&t| literal(t, 1))
            .chain(second.iter().map(|&t| literal(t, 0)))
            .collect::<Option<_>>()?;
        // The Boolean `r`, as the literal `r` (`true`) or `not r`.
        let r = |positive: bool| -> Option<Literal> {
            match self.args.last() {
                Some(BArg::One(t)) => literal(*t, i64::from(positive)),
                _ => None,
            }
        };
        let with = |extra: Literal| -> Vec<Literal> {
            let mut all = lits.clone();
            all.push(extra);
            all
        };
        // The table of `clause.rs`.
        let (clause, fan) = match (self.mode, negated) {
            (Mode::Plain, false) => (Some(lits.clone()), None),
            (Mode::Plain, true) => (None, Some((Literal::Const(false), lits.clone()))),
            (Mode::Reif, false) => (Some(with(r(false)?)), Some((r(true)?, lits.clone()))),
            (Mode::Reif, true) => (Some(with(r(true)?)), Some((r(false)?, lits.clone()))),
            (Mode::Imp, false) => (Some(with(r(false)?)), None),
            (Mode::Imp, true) => (None, Some((r(false)?, lits.clone()))),
        };
        Some(Watched::new(clause, fan))
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
