//! Unit propagation of a Boolean builtin by watched literals: a clause
//! that must hold watches two of its literals, and a wake on any other
//! literal costs nothing.
//!
//! `bool_clause`, `array_bool_or` and `array_bool_and`, reified, implied
//! or plain, are each at most one clause (a disjunction that must hold)
//! and one fan (literals each of which implies a head literal). With `D`
//! the disjunction of the literals `L` (the negated ones for
//! `array_bool_and`, which states `not D`) and `r` the Boolean:
//!
//! | builtin | clause | fan |
//! |---|---|---|
//! | `D` | `L` | - |
//! | `not D` | - | each of `L` implies false |
//! | `r <-> D` | `not r`, `L` | each of `L` implies `r` |
//! | `r <-> not D` | `r`, `L` | each of `L` implies `not r` |
//! | `r -> D` | `not r`, `L` | - |
//! | `r -> not D` | - | each of `L` implies `not r` |
//!
//! The clause keeps two watched literals, as a SAT solver does: while two
//! of its literals are not false, or one is true, nothing follows. When a
//! watched literal becomes false, another literal that is not false takes
//! its place; when there is none, the other watched literal must be true
//! (a conflict when it is false). The watches are not restored when the
//! search goes back: undoing only makes literals open again, so the
//! watches stay valid (a watch left on a false literal beside a true one
//! loses its falsity no later than the other its truth, since the true one
//! was fixed first).

use std::sync::atomic::{AtomicU32, Ordering};

use backtracker::{Conflict, Domains};

/// A literal on a Boolean variable: true when its set is `{yes}`, false
/// when `yes` is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lit {
    /// The model variable.
    pub(super) var: usize,
    /// The domain index of the value that makes it true.
    pub(super) yes: usize,
    /// The domain index of the value that makes it false, if the domain
    /// has it.
    pub(super) no: Option<usize>,
}

/// What a literal is on the current sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Open,
}

impl Lit {
    fn truth(self, domains: &Domains<'_, i64>) -> Truth {
        if !domains.contains(self.var, self.yes) {
            Truth::False
        } else if domains.len(self.var) == 1 {
            Truth::True
        } else {
            Truth::Open
        }
    }

    fn make_true(self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        if let Some(no) = self.no {
            domains.remove(self.var, no)?;
        }
        if domains.contains(self.var, self.yes) {
            Ok(())
        } else {
            Err(Conflict::new())
        }
    }

    fn make_false(self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        domains.remove(self.var, self.yes)?;
        Ok(())
    }
}

/// A literal as a builtin states it: on a variable, or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Literal {
    Var(Lit),
    Const(bool),
}

/// A disjunction that must hold, with two watched literals (indices into
/// `lits`; the same one twice when there is one literal).
#[derive(Debug)]
struct Clause {
    lits: Vec<Lit>,
    watch: [AtomicU32; 2],
}

/// Literals each of which, when true, makes `head` true.
#[derive(Clone, Debug)]
struct Fan {
    /// The head: a literal, or `None` for false.
    head: Option<Lit>,
    /// Some literal of the tail is constantly true: the head must be.
    forced: bool,
    /// The tail, by variable.
    tail: Vec<Lit>,
}

/// The clause and the fan of one Boolean builtin.
#[derive(Debug)]
pub(super) struct Watched {
    clause: Option<Clause>,
    fan: Option<Fan>,
}

impl Clone for Watched {
    fn clone(&self) -> Self {
        Watched {
            clause: self.clause.as_ref().map(|c| Clause {
                lits: c.lits.clone(),
                watch: [
                    AtomicU32::new(c.watch[0].load(Ordering::Relaxed)),
                    AtomicU32::new(c.watch[1].load(Ordering::Relaxed)),
                ],
            }),
            fan: self.fan.clone(),
        }
    }
}

fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

impl Watched {
    /// The propagator of `clause` (a disjunction that must hold, if any)
    /// and of a fan: each literal of `tail` implies `head` (`None`: no
    /// fan).
    pub(super) fn new(clause: Option<Vec<Literal>>, fan: Option<(Literal, Vec<Literal>)>) -> Self {
        let clause = clause.and_then(|literals| {
            let mut lits = Vec::with_capacity(literals.len());
            for l in literals {
                match l {
                    // Constantly true: nothing to propagate.
                    Literal::Const(true) => return None,
                    Literal::Const(false) => {}
                    Literal::Var(lit) => lits.push(lit),
                }
            }
            let second = index(usize::from(lits.len() > 1));
            Some(Clause {
                lits,
                watch: [AtomicU32::new(0), AtomicU32::new(second)],
            })
        });
        let fan = fan.and_then(|(head, literals)| {
            let head = match head {
                Literal::Const(true) => return None,
                Literal::Const(false) => None,
                Literal::Var(lit) => Some(lit),
            };
            let mut forced = false;
            let mut tail = Vec::with_capacity(literals.len());
            for l in literals {
                match l {
                    Literal::Const(c) => forced |= c,
                    Literal::Var(lit) => tail.push(lit),
                }
            }
            tail.sort_by_key(|l| l.var);
            Some(Fan { head, forced, tail })
        });
        Watched { clause, fan }
    }

    /// Propagates after `var` was left one value.
    pub(super) fn narrow(
        &self,
        var: usize,
        domains: &mut Domains<'_, i64>,
    ) -> Result<(), Conflict> {
        if let Some(fan) = &self.fan {
            fan.narrow(var, domains)?;
        }
        if let Some(clause) = &self.clause {
            clause.narrow(var, domains)?;
        }
        Ok(())
    }
}

impl Fan {
    fn narrow(&self, var: usize, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let Some(head) = self.head else {
            // Every literal of the tail must be false.
            if self.forced {
                return Err(Conflict::new());
            }
            return self.tail.iter().try_for_each(|l| l.make_false(domains));
        };
        if self.forced {
            head.make_true(domains)?;
        }
        match head.truth(domains) {
            Truth::True => Ok(()),
            Truth::False => {
                if head.var == var {
                    self.tail.iter().try_for_each(|l| l.make_false(domains))?;
                }
                Ok(())
            }
            Truth::Open => {
                let from = self.tail.partition_point(|l| l.var < var);
                for l in self.tail[from..].iter().take_while(|l| l.var == var) {
                    if l.truth(domains) == Truth::True {
                        return head.make_true(domains);
                    }
                }
                Ok(())
            }
        }
    }
}

impl Clause {
    fn narrow(&self, var: usize, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let Some(&first) = self.lits.first() else {
            return Err(Conflict::new());
        };
        if self.lits.len() == 1 {
            return first.make_true(domains);
        }
        let mut watched = [
            self.watch[0].load(Ordering::Relaxed) as usize,
            self.watch[1].load(Ordering::Relaxed) as usize,
        ];
        let lit = |slot: usize| self.lits.get(watched[slot]).copied().unwrap_or(first);
        let (one, two) = (lit(0), lit(1));
        if one.var != var && two.var != var {
            return Ok(());
        }
        let mut truth = [one.truth(domains), two.truth(domains)];
        if truth.contains(&Truth::True) {
            return Ok(());
        }
        for slot in 0..2 {
            if truth[slot] != Truth::False {
                continue;
            }
            let Some((j, t)) = self.replacement(watched, watched[slot], domains) else {
                // No other literal can be true: the other watched one
                // must (the same one when there is only one literal).
                let other = 1 - slot;
                return match truth[other] {
                    Truth::False => Err(Conflict::new()),
                    Truth::Open => self.lits[watched[other]].make_true(domains),
                    Truth::True => Ok(()),
                };
            };
            watched[slot] = j;
            self.watch[slot].store(index(j), Ordering::Relaxed);
            if t == Truth::True {
                return Ok(());
            }
            truth[slot] = t;
        }
        Ok(())
    }

    /// A literal other than the watched ones (`w`) that is not false, the
    /// first after `from` in cyclic order, with its truth.
    fn replacement(
        &self,
        w: [usize; 2],
        from: usize,
        domains: &Domains<'_, i64>,
    ) -> Option<(usize, Truth)> {
        let n = self.lits.len();
        (from + 1..n)
            .chain(0..from.min(n))
            .filter(|&j| j != w[0] && j != w[1])
            .find_map(|j| {
                let t = self.lits[j].truth(domains);
                (t != Truth::False).then_some((j, t))
            })
    }
}
