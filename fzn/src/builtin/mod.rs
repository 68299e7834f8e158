//! The FlatZinc builtins as one checker: each judged from its definition
//! once its variables are known (`eval`), and narrowed by the strongest
//! reasoning it has: every tuple tried when there are few (`support`),
//! bounds for the linear ones (`linear`) and for maxima and minima
//! (`extremum`), unit propagation for clauses (`boolean`), and otherwise
//! forward checking (when one variable of the constraint is left with more
//! than one candidate, its candidates that cannot satisfy it go).
//!
//! The common builtins with a stronger checker in the library (linear
//! sums, element, all-different) are posted as that checker instead (see
//! `translate.rs`); this one is the meaning of every builtin, and the
//! fallback.

use std::sync::Mutex;

mod arithmetic;
mod boolean;
mod extremum;
mod linear;
mod support;

use backtracker::{Assignment, Checker, Conflict, Domains, ModelError, ModelInfo, Wake};

/// The most tuples of candidates a builtin enumerates to narrow to
/// generalised arc consistency; above it, it narrows by forward checking.
const SUPPORT_LIMIT: u64 = 1 << 12;

/// The same for a linear relation, which otherwise reasons on bounds.
const LINEAR_SUPPORT_LIMIT: u64 = 32;

/// Narrowing's buffers.
#[derive(Debug, Default)]
struct Scratch {
    /// The values of the fixed variables, by scope position.
    fixed: Vec<i64>,
    /// The candidates to remove.
    remove: Vec<usize>,
    /// Per scope position, its candidates (domain indices) and whether each
    /// has a support.
    candidates: Vec<Vec<usize>>,
    supported: Vec<Vec<bool>>,
    /// The tuple being tried: per position, the candidate's rank.
    at: Vec<usize>,
    values: Vec<i64>,
}

use crate::program::Ranges;

/// A scalar of a constraint: a position in the checker's scope, or a
/// constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    /// The variable at this position of the scope.
    Pos(usize),
    /// A constant (a Boolean is 0 or 1).
    Const(i64),
}

/// An argument of a builtin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BArg {
    One(Term),
    Many(Vec<Term>),
    Set(Ranges),
}

/// The relation a builtin states, before reification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base {
    Eq,
    Ne,
    Le,
    Lt,
    LinEq,
    LinNe,
    LinLe,
    Plus,
    Times,
    Div,
    Mod,
    Abs,
    Min,
    Max,
    Pow,
    And2,
    Or2,
    Xor2,
    Clause,
    AllTrue,
    AnyTrue,
    OddTrue,
    In,
    Maximum,
    Minimum,
    Element,
}

/// How the relation is stated: as it is, equivalent to a Boolean
/// (`_reif`), or implied by one (`_imp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Plain,
    Reif,
    Imp,
}

impl Base {
    /// The number of arguments of the relation itself.
    fn arity(self) -> usize {
        match self {
            Base::AllTrue | Base::AnyTrue | Base::OddTrue => 1,
            Base::Eq
            | Base::Ne
            | Base::Le
            | Base::Lt
            | Base::Abs
            | Base::And2
            | Base::Or2
            | Base::Xor2
            | Base::Clause
            | Base::In
            | Base::Maximum
            | Base::Minimum => 2,
            _ => 3,
        }
    }

    /// Whether the builtin without a suffix states `r <-> relation` when
    /// given one more argument (`bool_and(a, b, r)`).
    fn functional(self) -> bool {
        matches!(
            self,
            Base::And2 | Base::Or2 | Base::Xor2 | Base::AllTrue | Base::AnyTrue
        )
    }
}

/// The relation and mode of the builtin `id` with `args` arguments, or
/// `None` when it is not one this checker knows.
pub(crate) fn classify(id: &str, args: usize) -> Option<(Base, Mode)> {
    let (name, mut mode) = if let Some(n) = id.strip_suffix("_reif") {
        (n, Mode::Reif)
    } else if let Some(n) = id.strip_suffix("_imp") {
        (n, Mode::Imp)
    } else {
        (id, Mode::Plain)
    };
    let base = match name {
        "int_eq" | "bool_eq" | "bool2int" => Base::Eq,
        "int_ne" | "bool_not" => Base::Ne,
        "int_le" | "bool_le" => Base::Le,
        "int_lt" | "bool_lt" => Base::Lt,
        "int_lin_eq" | "bool_lin_eq" => Base::LinEq,
        "int_lin_ne" => Base::LinNe,
        "int_lin_le" | "bool_lin_le" => Base::LinLe,
        "int_plus" => Base::Plus,
        "int_times" => Base::Times,
        "int_div" => Base::Div,
        "int_mod" => Base::Mod,
        "int_abs" => Base::Abs,
        "int_min" => Base::Min,
        "int_max" => Base::Max,
        "int_pow" => Base::Pow,
        "bool_and" => Base::And2,
        "bool_or" => Base::Or2,
        "bool_xor" => Base::Xor2,
        "bool_clause" => Base::Clause,
        "array_bool_and" => Base::AllTrue,
        "array_bool_or" => Base::AnyTrue,
        "array_bool_xor" => Base::OddTrue,
        "set_in" | "int_in" => Base::In,
        "array_int_maximum" => Base::Maximum,
        "array_int_minimum" => Base::Minimum,
        "array_int_element"
        | "array_bool_element"
        | "array_var_int_element"
        | "array_var_bool_element" => Base::Element,
        _ => return None,
    };
    if mode == Mode::Plain && base.functional() && args == base.arity() + 1 {
        mode = Mode::Reif;
    }
    let wanted = base.arity() + usize::from(mode != Mode::Plain);
    (args == wanted).then_some((base, mode))
}

/// One builtin constraint as a checker.
#[derive(Debug)]
pub(crate) struct Builtin {
    name: String,
    base: Base,
    mode: Mode,
    /// The relation's arguments, then the Boolean of `_reif` and `_imp`.
    args: Vec<BArg>,
    scope: Vec<usize>,
    /// Whether the variables have few enough tuples of values that
    /// narrowing enumerates them (and wakes on every change).
    small: bool,
    scratch: Mutex<Scratch>,
}

impl Clone for Builtin {
    fn clone(&self) -> Self {
        Builtin {
            name: self.name.clone(),
            base: self.base,
            mode: self.mode,
            args: self.args.clone(),
            scope: self.scope.clone(),
            small: self.small,
            scratch: Mutex::new(Scratch::default()),
        }
    }
}

fn in_ranges(ranges: &Ranges, x: i64) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= x && x <= hi)
}

impl Builtin {
    /// A checker called `name` stating `base` in `mode` over `args`, whose
    /// terms name positions of `scope` (model variables).
    pub(crate) fn new(
        name: String,
        base: Base,
        mode: Mode,
        args: Vec<BArg>,
        scope: Vec<usize>,
    ) -> Builtin {
        Builtin {
            name,
            base,
            mode,
            args,
            scope,
            small: false,
            scratch: Mutex::new(Scratch::default()),
        }
    }

    /// Whether the constraint holds when every variable of its scope (one
    /// at most) takes `x`.
    pub(crate) fn holds_alone(&self, x: i64) -> bool {
        self.eval(&|_| Some(x)) != Some(false)
    }

    /// Whether the relation holds with the values `val` gives by scope
    /// position; `None` while a value it needs is unknown.
    #[expect(
        clippy::too_many_lines,
        reason = "one arm per builtin, the meaning of each"
    )]
    fn eval(&self, val: &impl Fn(usize) -> Option<i64>) -> Option<bool> {
        let term = |t: &Term| match *t {
            Term::Pos(p) => val(p),
            Term::Const(c) => Some(c),
        };
        let one = |i: usize| match &self.args[i] {
            BArg::One(t) => term(t),
            _ => None,
        };
        let many = |i: usize| -> &[Term] {
            match &self.args[i] {
                BArg::Many(ts) => ts,
                _ => &[],
            }
        };
        // Folds the values of array `i`, or `None` while one is unknown.
        let fold = |i: usize, start: i64, f: &dyn Fn(i64, i64) -> i64| -> Option<i64> {
            many(i)
                .iter()
                .try_fold(start, |acc, t| Some(f(acc, term(t)?)))
        };
        let holds = match self.base {
            Base::Eq => one(0)? == one(1)?,
            Base::Ne => one(0)? != one(1)?,
            Base::Le => one(0)? <= one(1)?,
            Base::Lt => one(0)? < one(1)?,
            Base::LinEq | Base::LinNe | Base::LinLe => {
                let (cs, xs) = (many(0), many(1));
                let mut sum: i128 = 0;
                for (c, x) in cs.iter().zip(xs) {
                    sum += i128::from(term(c)?) * i128::from(term(x)?);
                }
                let rhs = i128::from(one(2)?);
                match self.base {
                    Base::LinEq => sum == rhs,
                    Base::LinNe => sum != rhs,
                    _ => sum <= rhs,
                }
            }
            Base::Plus => i128::from(one(0)?) + i128::from(one(1)?) == i128::from(one(2)?),
            Base::Times => i128::from(one(0)?) * i128::from(one(1)?) == i128::from(one(2)?),
            Base::Div => {
                let (a, b, c) = (one(0)?, one(1)?, one(2)?);
                b != 0 && a.checked_div(b) == Some(c)
            }
            Base::Mod => {
                let (a, b, c) = (one(0)?, one(1)?, one(2)?);
                b != 0 && a.checked_rem(b) == Some(c)
            }
            Base::Abs => i128::from(one(0)?).abs() == i128::from(one(1)?),
            Base::Min => one(0)?.min(one(1)?) == one(2)?,
            Base::Max => one(0)?.max(one(1)?) == one(2)?,
            Base::Pow => {
                let (a, b, c) = (one(0)?, one(1)?, one(2)?);
                u32::try_from(b).ok().and_then(|b| a.checked_pow(b)) == Some(c)
            }
            Base::And2 => one(0)? != 0 && one(1)? != 0,
            Base::Or2 => one(0)? != 0 || one(1)? != 0,
            Base::Xor2 => (one(0)? != 0) != (one(1)? != 0),
            Base::Clause => {
                // Decided as soon as one literal is true.
                let pos = many(0).iter().map(term);
                let neg = many(1).iter().map(term);
                let mut open = false;
                for x in pos {
                    match x {
                        Some(v) if v != 0 => return self.finish(Some(true), val),
                        Some(_) => {}
                        None => open = true,
                    }
                }
                for x in neg {
                    match x {
                        Some(0) => return self.finish(Some(true), val),
                        Some(_) => {}
                        None => open = true,
                    }
                }
                if open {
                    return self.finish(None, val);
                }
                false
            }
            Base::AllTrue => fold(0, 1, &|a, v| a & i64::from(v != 0))? == 1,
            Base::AnyTrue => fold(0, 0, &|a, v| a | i64::from(v != 0))? == 1,
            Base::OddTrue => fold(0, 0, &|a, v| a ^ i64::from(v != 0))? == 1,
            Base::In => match &self.args[1] {
                BArg::Set(r) => in_ranges(r, one(0)?),
                _ => false,
            },
            Base::Maximum => !many(1).is_empty() && fold(1, i64::MIN, &i64::max)? == one(0)?,
            Base::Minimum => !many(1).is_empty() && fold(1, i64::MAX, &i64::min)? == one(0)?,
            Base::Element => {
                let i = one(0)?;
                let xs = many(1);
                let at = usize::try_from(i)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|i| xs.get(i));
                match at {
                    Some(t) => term(t)? == one(2)?,
                    None => false,
                }
            }
        };
        self.finish(Some(holds), val)
    }

    /// Applies the mode to the relation's truth.
    fn finish(&self, holds: Option<bool>, val: &impl Fn(usize) -> Option<i64>) -> Option<bool> {
        if self.mode == Mode::Plain {
            return holds;
        }
        let r = match self.args.last() {
            Some(BArg::One(Term::Const(c))) => Some(*c != 0),
            Some(BArg::One(Term::Pos(p))) => val(*p).map(|v| v != 0),
            _ => None,
        };
        match (self.mode, r, holds) {
            (Mode::Imp, Some(false), _) => Some(true),
            (Mode::Imp, Some(true), h) => h,
            (_, Some(r), Some(h)) => Some(r == h),
            _ => None,
        }
    }
}
impl Checker<i64> for Builtin {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&self, assignment: &Assignment<'_, i64>) -> bool {
        self.eval(&|p| assignment.get(self.scope[p]).copied()) != Some(false)
    }

    fn narrows(&self) -> bool {
        true
    }

    fn narrows_from_sets(&self) -> bool {
        true
    }

    fn wakes_on(&self, _: usize) -> Wake {
        // Bounds reasoning and enumeration read every change; unit
        // propagation and forward checking only fixed variables.
        let on_bounds = self.is_linear()
            || self.is_arithmetic()
            || matches!(
                self.base,
                Base::Max | Base::Min | Base::Maximum | Base::Minimum
            );
        if (self.small || on_bounds) && !self.is_boolean() {
            Wake::Change
        } else {
            Wake::Fixed
        }
    }

    fn prepare(&mut self, model: &ModelInfo<'_, i64>) -> Result<(), ModelError> {
        let tuples = self
            .scope
            .iter()
            .map(|&v| model.domain(v).len() as u64)
            .fold(1u64, u64::saturating_mul);
        self.small = tuples <= SUPPORT_LIMIT;
        Ok(())
    }

    fn scope(&self) -> Option<&[usize]> {
        Some(&self.scope)
    }

    fn narrow(&self, _: usize, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        if self.is_boolean() {
            return self.boolean(domains);
        }
        if self.small {
            let tuples = self
                .scope
                .iter()
                .map(|&v| domains.len(v) as u64)
                .fold(1u64, u64::saturating_mul);
            let limit = if self.is_linear() {
                LINEAR_SUPPORT_LIMIT
            } else {
                SUPPORT_LIMIT
            };
            if tuples <= limit {
                return self.supports(domains, &mut self.lock());
            }
        }
        if self.is_linear() {
            self.linear(domains)?;
        }
        if self.mode == Mode::Plain && self.is_arithmetic() {
            self.arithmetic(domains)?;
        }
        if self.mode == Mode::Plain
            && matches!(
                self.base,
                Base::Max | Base::Min | Base::Maximum | Base::Minimum
            )
        {
            self.extremum(domains)?;
        }
        self.forward_check(domains)
    }
}
/// The lowest and highest candidate values of `var` (its domain is in
/// increasing order).
fn bounds(domains: &Domains<'_, i64>, var: usize) -> Result<(i64, i64), Conflict> {
    let lo = domains.min(var).ok_or_else(Conflict::new)?;
    let hi = domains.max(var).ok_or_else(Conflict::new)?;
    Ok((domains.domain(var)[lo], domains.domain(var)[hi]))
}

/// Keeps the candidates of `var` within `low..=high`.
fn clamp(
    domains: &mut Domains<'_, i64>,
    var: usize,
    low: i128,
    high: i128,
) -> Result<(), Conflict> {
    let values = domains.domain(var);
    let from = values.partition_point(|&x| i128::from(x) < low);
    let to = values.partition_point(|&x| i128::from(x) <= high);
    domains.retain(var, |i| from <= i && i < to)?;
    Ok(())
}
impl Builtin {
    /// Narrowing's buffers (a lock nobody else holds: each thread searches
    /// its own clone).
    fn lock(&self) -> std::sync::MutexGuard<'_, Scratch> {
        self.scratch
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
