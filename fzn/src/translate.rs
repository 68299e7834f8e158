//! A FlatZinc program as a model of the engine: variables in branching
//! order with their domains, and a checker per constraint.

use std::collections::HashMap;

use backtracker::constraints::{
    AllDifferent, Circuit, Element, Inverse, LinearSum, Objective, Table,
};
use backtracker::{Goal, Model, ModelBuilder, Same, VariableOrder};

use crate::builtin::{BArg, Base, Builtin, Mode, Term, classify};
use crate::error::FznError;
use crate::native::Native;
use crate::program::{Arg, Method, Program, Ranges, Value};

mod globals;

/// How the engine picks values of one variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueChoice {
    Min,
    Max,
    Median,
}

/// How a translation may differ from the file's own search annotation.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Ignore the search annotation: smallest domain first (`-f`).
    pub free: bool,
    /// The most values a variable may have.
    pub max_domain: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            free: false,
            max_domain: 1 << 20,
        }
    }
}

/// The model of a program, with what printing and optimising need.
pub struct Translated {
    /// The model (`None` when the file is unsatisfiable as declared: a
    /// variable without values, or a constraint on constants that fails).
    pub model: Option<Model<i64, NativeCheckers>>,
    /// Per variable of the file, its variable in the model.
    pub var_of: Vec<usize>,
    /// The goal of `minimize` / `maximize`.
    pub goal: Option<Goal>,
}

/// The checkers of a translated model.
pub type NativeCheckers = Same<Native>;

/// A model variable before the model is built.
struct MVar {
    name: String,
    /// `None`: unbounded so far.
    domain: Option<Ranges>,
    /// Whether a constraint defines it, or it only mirrors others.
    late: bool,
}

/// Builds the model: variables, their domains, and checkers.
struct Builder {
    vars: Vec<MVar>,
    checkers: Vec<Native>,
    /// One-variable constraints, applied to the domain.
    unary: Vec<(usize, Builtin)>,
    /// Constants as variables (for the library's checkers), by value.
    constants: HashMap<i64, usize>,
    /// Whether a constraint on constants fails.
    failed: bool,
    /// The checker names given so far (they must differ).
    names: std::collections::HashSet<String>,
}

fn intersect(a: &Ranges, b: &Ranges) -> Ranges {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let lo = a[i].0.max(b[j].0);
        let hi = a[i].1.min(b[j].1);
        if lo <= hi {
            out.push((lo, hi));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

fn size(r: &Ranges) -> u64 {
    r.iter()
        .map(|&(lo, hi)| u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(u64::MAX))
        .fold(0, u64::saturating_add)
}

/// Interval arithmetic for deriving bounds.
fn corners(
    a: (i64, i64),
    b: (i64, i64),
    f: impl Fn(i128, i128) -> Option<i128>,
) -> Option<(i64, i64)> {
    let cs = [
        f(a.0.into(), b.0.into())?,
        f(a.0.into(), b.1.into())?,
        f(a.1.into(), b.0.into())?,
        f(a.1.into(), b.1.into())?,
    ];
    let lo = i64::try_from(*cs.iter().min()?).ok()?;
    let hi = i64::try_from(*cs.iter().max()?).ok()?;
    Some((lo, hi))
}

impl Builder {
    /// `name`, or `name #k` when it is taken.
    fn unique(&mut self, name: &str) -> String {
        let mut candidate = name.to_owned();
        let mut k = 2;
        while !self.names.insert(candidate.clone()) {
            candidate = format!("{name} #{k}");
            k += 1;
        }
        candidate
    }

    /// Marks the model unsatisfiable when `vars` names a variable twice
    /// (for the checkers that need different variables); returns whether
    /// it does.
    fn repeats(&mut self, vars: &[usize]) -> bool {
        let mut seen = vars.to_vec();
        seen.sort_unstable();
        seen.dedup();
        let repeated = seen.len() != vars.len();
        self.failed |= repeated;
        repeated
    }
    fn constant(&mut self, c: i64) -> usize {
        if let Some(&v) = self.constants.get(&c) {
            return v;
        }
        self.vars.push(MVar {
            name: format!("{c}"),
            domain: Some(vec![(c, c)]),
            late: true,
        });
        let v = self.vars.len() - 1;
        self.constants.insert(c, v);
        v
    }

    fn bounds(&self, t: &MTerm) -> Option<(i64, i64)> {
        match *t {
            MTerm::Const(c) => Some((c, c)),
            MTerm::Var(v) => {
                let d = self.vars[v].domain.as_ref()?;
                Some((d.first()?.0, d.last()?.1))
            }
            MTerm::Set => None,
        }
    }

    /// Narrows `v` to `lo..=hi` (or gives it these bounds).
    fn bound(&mut self, v: usize, lo: i64, hi: i64) -> bool {
        let new = vec![(lo, hi)];
        let d = match &self.vars[v].domain {
            Some(d) => intersect(d, &new),
            None => new,
        };
        let changed = self.vars[v].domain.as_ref() != Some(&d);
        self.vars[v].domain = Some(d);
        changed
    }

    /// The variable a term names, creating a constant variable if needed.
    fn var_of(&mut self, t: MTerm) -> usize {
        match t {
            MTerm::Var(v) => v,
            MTerm::Const(c) => self.constant(c),
            MTerm::Set => self.constant(0),
        }
    }
}

/// A term with model variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MTerm {
    Var(usize),
    Const(i64),
    Set,
}

#[derive(Clone, Debug)]
enum MArg {
    One(MTerm),
    Many(Vec<MTerm>),
    Set(Ranges),
}

impl MArg {
    fn one(&self) -> Option<MTerm> {
        match self {
            MArg::One(t) => Some(*t),
            _ => None,
        }
    }
    fn many(&self) -> &[MTerm] {
        match self {
            MArg::Many(ts) => ts,
            _ => &[],
        }
    }
    fn consts(&self) -> Option<Vec<i64>> {
        self.many()
            .iter()
            .map(|t| match t {
                MTerm::Const(c) => Some(*c),
                _ => None,
            })
            .collect()
    }
}

/// Union-find root.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The arguments of every constraint, with model variables.
fn marg(a: &Arg, model_of: &[MTerm]) -> MArg {
    let term = |v: &Value| match v {
        Value::Int(c) => MTerm::Const(*c),
        Value::Bool(b) => MTerm::Const(i64::from(*b)),
        Value::Var(i) => model_of[*i],
        Value::Set(_) => MTerm::Set,
    };
    match a {
        Arg::One(Value::Set(r)) => MArg::Set(r.clone()),
        Arg::One(v) => MArg::One(term(v)),
        Arg::Many(vs) => MArg::Many(vs.iter().map(term).collect()),
    }
}

/// Translates a program into a model.
///
/// # Errors
///
/// A [`FznError`] naming the line of an unsupported constraint, of an
/// unbounded variable whose bounds cannot be derived, or of a domain
/// larger than `settings.max_domain`.
#[expect(
    clippy::too_many_lines,
    clippy::many_single_char_names,
    clippy::needless_range_loop,
    reason = "one pass per stage of the translation, in order, over short-lived indices"
)]
pub fn translate(program: &Program, settings: Settings) -> Result<Translated, FznError> {
    let n = program.vars.len();
    // Aliases: `var int: y = x;` makes y and x one model variable.
    let mut parent: Vec<usize> = (0..n).collect();
    for (i, v) in program.vars.iter().enumerate() {
        if let Some(Value::Var(j)) = v.equal {
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            parent[a.max(b)] = a.min(b);
        }
    }
    // The branching order of the classes: the annotated variables first
    // (unless free search), then the others in file order, defined last.
    let mut rank: Vec<Option<usize>> = vec![None; n];
    let mut order: Vec<usize> = Vec::new();
    let mut annotated = 0;
    let mut value_choice: HashMap<usize, ValueChoice> = HashMap::new();
    let mut first_fail = settings.free || program.search.is_empty();
    if !settings.free {
        for (k, s) in program.search.iter().enumerate() {
            if k == 0
                && matches!(
                    s.var_choice.as_str(),
                    "first_fail"
                        | "dom_w_deg"
                        | "smallest"
                        | "most_constrained"
                        | "max_regret"
                        | "occurrence"
                )
            {
                first_fail = true;
            }
            let choice = match s.value_choice.as_str() {
                "indomain_max" | "indomain_reverse_split" => ValueChoice::Max,
                "indomain_median" | "indomain_middle" => ValueChoice::Median,
                _ => ValueChoice::Min,
            };
            for x in &s.vars {
                if let Value::Var(i) = x {
                    let r = root(&mut parent, *i);
                    if rank[r].is_none() {
                        rank[r] = Some(order.len());
                        order.push(r);
                        value_choice.insert(r, choice);
                    }
                }
            }
        }
        annotated = order.len();
    }
    let is_late = |i: usize| program.vars[i].defined;
    for pass in [false, true] {
        for i in 0..n {
            let r = root(&mut parent, i);
            if r == i && rank[r].is_none() && is_late(r) == pass {
                rank[r] = Some(order.len());
                order.push(r);
            }
        }
    }
    let mut b = Builder {
        vars: Vec::new(),
        checkers: Vec::new(),
        unary: Vec::new(),
        constants: HashMap::new(),
        failed: false,
        names: std::collections::HashSet::new(),
    };
    let shown = shown_names(program);
    let mut model_of: Vec<MTerm> = vec![MTerm::Const(0); n];
    for (m, &r) in order.iter().enumerate() {
        let v = &program.vars[r];
        b.vars.push(MVar {
            name: shown[r].clone(),
            domain: v.domain.clone(),
            late: m >= annotated && v.defined,
        });
    }
    for i in 0..n {
        let r = root(&mut parent, i);
        let m = rank[r].unwrap_or(0);
        model_of[i] = MTerm::Var(m);
        let v = &program.vars[i];
        if i != r
            && let Some(d) = &v.domain
        {
            let new = match &b.vars[m].domain {
                Some(old) => intersect(old, d),
                None => d.clone(),
            };
            b.vars[m].domain = Some(new);
        }
        match v.equal {
            Some(Value::Int(c)) => {
                b.bound(m, c, c);
            }
            Some(Value::Bool(x)) => {
                b.bound(m, i64::from(x), i64::from(x));
            }
            _ => {}
        }
    }
    let args: Vec<Vec<MArg>> = program
        .constraints
        .iter()
        .map(|c| c.args.iter().map(|a| marg(a, &model_of)).collect())
        .collect();
    derive_bounds(program, &args, &mut b, &model_of);
    for (c, a) in program.constraints.iter().zip(&args) {
        post(&mut b, &c.id, c.line, a)?;
    }
    // The objective.
    let objective = match &program.method {
        Method::Satisfy => None,
        Method::Minimize(v) | Method::Maximize(v) => Some(match v {
            Value::Var(i) => model_of[*i],
            Value::Int(c) => MTerm::Const(*c),
            Value::Bool(x) => MTerm::Const(i64::from(*x)),
            Value::Set(_) => MTerm::Const(0),
        }),
    };
    let objective_var = objective.map(|t| b.var_of(t));
    // Domains.
    let mut builder = ModelBuilder::new();
    let mut empty = b.failed;
    for (m, v) in b.vars.iter().enumerate() {
        let Some(d) = &v.domain else {
            let line = order
                .get(m)
                .map_or(program.solve_line, |&r| program.vars[r].line);
            return Err(FznError::line(
                line,
                format!(
                    "variable `{}` has no bounds (declare `var LOW..HIGH`)",
                    v.name
                ),
            ));
        };
        if size(d) > settings.max_domain {
            let line = order
                .get(m)
                .map_or(program.solve_line, |&r| program.vars[r].line);
            return Err(FznError::line(
                line,
                format!(
                    "variable `{}` has {} values, more than {} (see --max-domain)",
                    v.name,
                    size(d),
                    settings.max_domain
                ),
            ));
        }
        let mut values: Vec<i64> = d.iter().flat_map(|&(lo, hi)| lo..=hi).collect();
        for (var, u) in &b.unary {
            if *var == m {
                values.retain(|&x| u.holds_alone(x));
            }
        }
        if values.is_empty() {
            empty = true;
            values.push(0);
        }
        let name = if order.get(m).is_some() {
            v.name.clone()
        } else {
            format!("constant {}", v.name)
        };
        builder.variable(name, values);
        if v.late {
            builder.branch_last(m);
        }
    }
    for m in 0..annotated {
        if first_fail {
            builder.branch_first(m);
        }
    }
    builder.order(if first_fail {
        VariableOrder::SmallestDomainFirst
    } else {
        VariableOrder::Declared
    });
    if value_choice.values().any(|&c| c != ValueChoice::Min) {
        let per_var: Vec<ValueChoice> = order
            .iter()
            .map(|r| value_choice.get(r).copied().unwrap_or(ValueChoice::Min))
            .collect();
        builder.value_order(move |_, var, candidates| match per_var.get(var) {
            Some(ValueChoice::Max) => candidates.reverse(),
            Some(ValueChoice::Median) => {
                let mid = candidates.len() / 2;
                let mut out = Vec::with_capacity(candidates.len());
                out.push(candidates[mid]);
                for k in 1..=mid + 1 {
                    if let Some(&c) = mid.checked_sub(k).and_then(|i| candidates.get(i)) {
                        out.push(c);
                    }
                    if let Some(&c) = candidates.get(mid + k) {
                        out.push(c);
                    }
                }
                *candidates = out;
            }
            _ => {}
        });
    }
    let mut goal = None;
    let mut checkers = b.checkers;
    if let Some(v) = objective_var {
        let o = Objective::variable("objective", v);
        goal = Some(o.goal());
        checkers.push(Native::Objective(o));
    }
    let var_of = model_of
        .iter()
        .map(|t| match t {
            MTerm::Var(v) => *v,
            _ => 0,
        })
        .collect();
    if empty {
        return Ok(Translated {
            model: None,
            var_of,
            goal,
        });
    }
    let model = builder
        .build(Same(checkers))
        .map_err(|e| FznError::line(program.solve_line, format!("the model is refused: {e}")))?;
    Ok(Translated {
        model: Some(model),
        var_of,
        goal,
    })
}

/// Per variable of the file, the name traces show: its own, or for a
/// variable the compiler introduced, the element of the printed array it
/// is (`x[2]`, `grid[1,3]`) when it is one.
fn shown_names(program: &Program) -> Vec<String> {
    let mut names: Vec<String> = program.vars.iter().map(|v| v.name.clone()).collect();
    let mut taken: std::collections::HashSet<String> = names.iter().cloned().collect();
    let mut renamed = vec![false; names.len()];
    for a in &program.arrays {
        let Some(dims) = &a.output else { continue };
        for (k, item) in a.items.iter().enumerate() {
            let Value::Var(i) = item else { continue };
            if renamed[*i] || !program.vars[*i].name.starts_with("X_INTRODUCED_") {
                continue;
            }
            // The index of item k in the array's dimensions, last fastest.
            let mut rest = k;
            let mut index = Vec::new();
            for &(lo, hi) in dims.iter().rev() {
                let width = usize::try_from(hi - lo + 1).unwrap_or(1).max(1);
                index.push((lo + i64::try_from(rest % width).unwrap_or(0)).to_string());
                rest /= width;
            }
            index.reverse();
            let name = format!("{}[{}]", a.name, index.join(","));
            if taken.insert(name.clone()) {
                names[*i] = name;
                renamed[*i] = true;
            }
        }
    }
    names
}

/// Gives bounds to unbounded variables from the constraints that bound or
/// define them, a few passes over the constraints.
fn derive_bounds(program: &Program, args: &[Vec<MArg>], b: &mut Builder, model_of: &[MTerm]) {
    for _ in 0..4 {
        let mut changed = false;
        for (c, a) in program.constraints.iter().zip(args) {
            // One-variable bounds: x <= c, c <= x, x = c, x in S.
            let (t0, t1) = (a.first().and_then(MArg::one), a.get(1).and_then(MArg::one));
            match (c.id.as_str(), t0, t1) {
                ("int_le", Some(MTerm::Var(x)), Some(MTerm::Const(k))) => {
                    changed |= b.bound(x, i64::MIN / 4, k);
                }
                ("int_le", Some(MTerm::Const(k)), Some(MTerm::Var(x))) => {
                    changed |= b.bound(x, k, i64::MAX / 4);
                }
                ("int_lt", Some(MTerm::Var(x)), Some(MTerm::Const(k))) => {
                    changed |= b.bound(x, i64::MIN / 4, k - 1);
                }
                ("int_lt", Some(MTerm::Const(k)), Some(MTerm::Var(x))) => {
                    changed |= b.bound(x, k + 1, i64::MAX / 4);
                }
                ("int_eq", Some(MTerm::Var(x)), Some(MTerm::Const(k)))
                | ("int_eq", Some(MTerm::Const(k)), Some(MTerm::Var(x))) => {
                    changed |= b.bound(x, k, k);
                }
                ("set_in" | "int_in", Some(MTerm::Var(x)), _) => {
                    if let Some(MArg::Set(r)) = a.get(1)
                        && let (Some(lo), Some(hi)) = (r.first(), r.last())
                    {
                        changed |= b.bound(x, lo.0, hi.1);
                    }
                }
                _ => {}
            }
            let Some(d) = c.defines else { continue };
            let MTerm::Var(y) = model_of[d] else { continue };
            if b.vars[y].domain.is_some() {
                continue;
            }
            let derived = derive(b, &c.id, a, y);
            if let Some((lo, hi)) = derived {
                changed |= b.bound(y, lo, hi);
            }
        }
        if !changed {
            break;
        }
    }
    // A variable still unbounded but bounded on one side only keeps no
    // bound: the huge side is refused with the size check.
}

/// The bounds of `y` that the constraint `id` defining it gives.
#[expect(clippy::many_single_char_names, reason = "the arithmetic of intervals")]
fn derive(b: &Builder, id: &str, a: &[MArg], y: usize) -> Option<(i64, i64)> {
    match (id, a) {
        ("int_lin_eq", [cs, xs, MArg::One(MTerm::Const(rhs))]) => {
            let cs = cs.consts()?;
            let at = xs.many().iter().position(|t| *t == MTerm::Var(y))?;
            let cy = cs[at];
            if cy.abs() != 1 {
                return None;
            }
            // y = (rhs - the sum of the others) / cy.
            let (mut lo, mut hi) = (i128::from(*rhs), i128::from(*rhs));
            for (k, (c, t)) in cs.iter().zip(xs.many()).enumerate() {
                if k == at {
                    continue;
                }
                let (l, h) = b.bounds(t)?;
                let (p, q) = (
                    i128::from(*c) * i128::from(l),
                    i128::from(*c) * i128::from(h),
                );
                lo -= p.max(q);
                hi -= p.min(q);
            }
            let (lo, hi) = if cy == 1 { (lo, hi) } else { (-hi, -lo) };
            Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
        }
        ("int_plus", [x, z, _]) => corners(b.bounds(&x.one()?)?, b.bounds(&z.one()?)?, |p, q| {
            Some(p + q)
        }),
        ("int_times", [x, z, _]) => corners(b.bounds(&x.one()?)?, b.bounds(&z.one()?)?, |p, q| {
            Some(p * q)
        }),
        ("int_min", [x, z, _]) => corners(b.bounds(&x.one()?)?, b.bounds(&z.one()?)?, |p, q| {
            Some(p.min(q))
        }),
        ("int_max", [x, z, _]) => corners(b.bounds(&x.one()?)?, b.bounds(&z.one()?)?, |p, q| {
            Some(p.max(q))
        }),
        ("int_abs", [x, _]) => b.bounds(&x.one()?).map(|(l, h)| {
            if l >= 0 {
                (l, h)
            } else if h <= 0 {
                (-h, -l)
            } else {
                (0, (-l).max(h))
            }
        }),
        ("array_int_maximum" | "array_int_minimum", [_, xs])
        | ("array_int_element" | "array_var_int_element", [_, xs, _]) => hull(b, xs.many()),
        ("int_div", [x, _, _]) => b.bounds(&x.one()?).map(|(l, h)| (l.min(-h), h.max(-l))),
        ("int_mod", [_, z, _]) => b.bounds(&z.one()?).map(|(l, h)| {
            let m = l.abs().max(h.abs()).saturating_sub(1);
            (-m, m)
        }),
        ("int_pow", [x, z, _]) => {
            let (l, h) = b.bounds(&x.one()?)?;
            let (_, e) = b.bounds(&z.one()?)?;
            let e = u32::try_from(e.clamp(0, 62)).ok()?;
            let m = l.abs().max(h.abs()).checked_pow(e)?;
            Some((-m, m))
        }
        _ => None,
    }
}

fn hull(b: &Builder, ts: &[MTerm]) -> Option<(i64, i64)> {
    let mut out: Option<(i64, i64)> = None;
    for t in ts {
        let (l, h) = b.bounds(t)?;
        out = Some(out.map_or((l, h), |(a, c)| (a.min(l), c.max(h))));
    }
    out
}

/// The linear terms of `cs` times `xs`, merged by variable, and the sum of
/// the constant ones.
fn linear(cs: &[i64], xs: &[MTerm]) -> (Vec<(i64, usize)>, i64) {
    let mut terms: Vec<(i64, usize)> = Vec::new();
    let mut constant = 0i64;
    for (&c, x) in cs.iter().zip(xs) {
        match *x {
            MTerm::Var(v) => match terms.iter_mut().find(|t| t.1 == v) {
                Some(t) => t.0 += c,
                None => terms.push((c, v)),
            },
            MTerm::Const(k) => constant = constant.saturating_add(c.saturating_mul(k)),
            MTerm::Set => {}
        }
    }
    terms.retain(|t| t.0 != 0);
    (terms, constant)
}

/// Posts the constraint `id` of `line` with arguments `a`.
#[expect(
    clippy::too_many_lines,
    clippy::many_single_char_names,
    reason = "one arm per family of constraints"
)]
fn post(b: &mut Builder, id: &str, line: usize, a: &[MArg]) -> Result<(), FznError> {
    let name = b.unique(&format!("{id} (line {line})"));
    if globals::post(b, id, &name, line, a)? {
        return Ok(());
    }
    let vars =
        |b: &mut Builder, ts: &[MTerm]| -> Vec<usize> { ts.iter().map(|&t| b.var_of(t)).collect() };
    match (id, a) {
        ("int_lin_eq" | "int_lin_le" | "bool_lin_eq" | "bool_lin_le", [cs, xs, MArg::One(rhs)])
            if cs.consts().is_some() =>
        {
            let cs = cs.consts().unwrap_or_default();
            let (mut terms, k) = linear(&cs, xs.many());
            let mut rhs_const = 0;
            match *rhs {
                MTerm::Const(c) => rhs_const = c,
                MTerm::Var(v) => terms.push((-1, v)),
                MTerm::Set => {}
            }
            let constant = rhs_const.saturating_sub(k);
            let equal = id.ends_with("_eq");
            if terms.is_empty() {
                b.failed |= if equal { constant != 0 } else { constant < 0 };
                return Ok(());
            }
            let sum = if equal {
                LinearSum::equal(name, terms, constant)
            } else {
                LinearSum::at_most(name, terms, constant)
            };
            b.checkers.push(Native::Linear(sum));
            return Ok(());
        }
        (
            "int_eq" | "int_le" | "int_lt" | "bool_eq" | "bool_le" | "bool_lt" | "bool2int",
            [MArg::One(MTerm::Var(x)), MArg::One(MTerm::Var(y))],
        ) if x != y => {
            let terms = [(1, *x), (-1, *y)];
            let sum = match id {
                "int_eq" | "bool_eq" | "bool2int" => LinearSum::equal(name, terms, 0),
                "int_le" | "bool_le" => LinearSum::at_most(name, terms, 0),
                _ => LinearSum::at_most(name, terms, -1),
            };
            b.checkers.push(Native::Linear(sum));
            return Ok(());
        }
        ("int_plus", [MArg::One(x), MArg::One(y), MArg::One(z)]) => {
            let (terms, k) = linear(&[1, 1, -1], &[*x, *y, *z]);
            if terms.is_empty() {
                b.failed |= k != 0;
            } else {
                b.checkers
                    .push(Native::Linear(LinearSum::equal(name, terms, -k)));
            }
            return Ok(());
        }
        ("all_different_int" | "fzn_all_different_int", [xs]) => {
            let scope = vars(b, xs.many());
            if !b.repeats(&scope) {
                b.checkers
                    .push(Native::AllDifferent(AllDifferent::new(name, scope)));
            }
            return Ok(());
        }
        (
            "array_int_element" | "array_bool_element",
            [MArg::One(i @ MTerm::Var(_)), xs, MArg::One(r)],
        ) if xs.consts().is_some_and(|c| !c.is_empty()) => {
            let mut values = xs.consts().unwrap_or_default();
            let len = values.len();
            values.insert(0, values[0]);
            let (index, result) = (b.var_of(*i), b.var_of(*r));
            b.bound(index, 1, i64::try_from(len).unwrap_or(i64::MAX));
            b.checkers.push(Native::Element(Element::constants(
                name, index, values, result,
            )));
            return Ok(());
        }
        (
            "array_var_int_element" | "array_var_bool_element",
            [MArg::One(i @ MTerm::Var(_)), xs, MArg::One(r)],
        ) if !xs.many().is_empty() => {
            let mut entries = vars(b, xs.many());
            let len = entries.len();
            entries.insert(0, entries[0]);
            let (index, result) = (b.var_of(*i), b.var_of(*r));
            b.bound(index, 1, i64::try_from(len).unwrap_or(i64::MAX));
            b.checkers
                .push(Native::Element(Element::new(name, index, entries, result)));
            return Ok(());
        }
        ("backtracker_table_int" | "fzn_table_int" | "table_int", [xs, ts]) => {
            let scope = vars(b, xs.many());
            let flat = ts
                .consts()
                .ok_or_else(|| FznError::line(line, "the tuples of a table must be constants"))?;
            let k = scope.len();
            if k == 0 {
                b.failed |= flat.is_empty();
                return Ok(());
            }
            // A variable named twice keeps the tuples that agree on it,
            // and the table is over the distinct variables.
            let mut distinct: Vec<usize> = Vec::new();
            let mut first: Vec<usize> = Vec::new();
            for &v in &scope {
                first.push(distinct.iter().position(|&d| d == v).unwrap_or_else(|| {
                    distinct.push(v);
                    distinct.len() - 1
                }));
            }
            let tuples: Vec<Vec<i64>> = flat
                .chunks_exact(k)
                .filter_map(|t| {
                    let mut row = vec![0; distinct.len()];
                    let mut set = vec![false; distinct.len()];
                    for (p, &d) in first.iter().enumerate() {
                        if set[d] && row[d] != t[p] {
                            return None;
                        }
                        row[d] = t[p];
                        set[d] = true;
                    }
                    Some(row)
                })
                .collect();
            if tuples.is_empty() {
                b.failed = true;
            } else {
                b.checkers
                    .push(Native::Table(Table::new(name, distinct, tuples)));
            }
            return Ok(());
        }
        ("backtracker_circuit", [xs, MArg::One(MTerm::Const(offset))]) => {
            let scope = shifted(b, xs.many(), *offset, &name, &[]);
            if !b.repeats(&scope) {
                b.checkers.push(Native::Circuit(Circuit::new(name, scope)));
            }
            return Ok(());
        }
        (
            "backtracker_inverse",
            [
                f,
                g,
                MArg::One(MTerm::Const(of)),
                MArg::One(MTerm::Const(og)),
            ],
        ) => {
            // f's values name positions of g (from og), g's of f (from of).
            // A variable in both arrays is copied into the second.
            let x = shifted(b, f.many(), *og, &name, &[]);
            let y = shifted(b, g.many(), *of, &name, &x);
            if !b.repeats(&x) && !b.repeats(&y) {
                b.checkers.push(Native::Inverse(Inverse::new(name, x, y)));
            }
            return Ok(());
        }
        _ => {}
    }
    // Comparisons of two integers as linear relations, for their
    // reasoning on bounds: `x <= y` is `x - y <= 0`.
    let linear_form;
    let (id, a) = match (
        id.strip_suffix("_reif")
            .or(id.strip_suffix("_imp"))
            .unwrap_or(id),
        a,
    ) {
        (
            base @ ("int_eq" | "int_ne" | "int_le" | "int_lt"),
            [MArg::One(x), MArg::One(y), rest @ ..],
        ) if rest.len() <= 1 => {
            let (lin, k) = match base {
                "int_eq" => ("int_lin_eq", 0),
                "int_ne" => ("int_lin_ne", 0),
                "int_le" => ("int_lin_le", 0),
                _ => ("int_lin_le", -1),
            };
            let suffix = &id[base.len()..];
            let mut args = vec![
                MArg::Many(vec![MTerm::Const(1), MTerm::Const(-1)]),
                MArg::Many(vec![*x, *y]),
                MArg::One(MTerm::Const(k)),
            ];
            args.extend(rest.iter().cloned());
            linear_form = (format!("{lin}{suffix}"), args);
            (linear_form.0.as_str(), linear_form.1.as_slice())
        }
        _ => (id, a),
    };
    let Some((base, mode)) = classify(id, a.len()) else {
        return Err(FznError::line(
            line,
            format!("unsupported constraint `{id}` with {} arguments", a.len()),
        ));
    };
    // The builtin checker, over the distinct variables of its arguments.
    let mut scope: Vec<usize> = Vec::new();
    let mut term = |t: &MTerm| match *t {
        MTerm::Var(v) => Term::Pos(scope.iter().position(|&s| s == v).unwrap_or_else(|| {
            scope.push(v);
            scope.len() - 1
        })),
        MTerm::Const(c) => Term::Const(c),
        MTerm::Set => Term::Const(0),
    };
    let bargs: Vec<BArg> = a
        .iter()
        .map(|x| match x {
            MArg::One(t) => BArg::One(term(t)),
            MArg::Many(ts) => BArg::Many(ts.iter().map(&mut term).collect()),
            MArg::Set(r) => BArg::Set(r.clone()),
        })
        .collect();
    if base == Base::Element
        && mode == Mode::Plain
        && let Some(BArg::One(Term::Pos(p))) = bargs.first()
    {
        let len = a[1].many().len();
        b.bound(scope[*p], 1, i64::try_from(len).unwrap_or(i64::MAX));
    }
    let checker = Builtin::new(name, base, mode, bargs, scope.clone());
    match scope.len() {
        0 => b.failed |= !checker.holds_alone(0),
        1 => b.unary.push((scope[0], checker)),
        _ => b.checkers.push(Native::Builtin(checker)),
    }
    Ok(())
}

/// The variables `x - offset` for the terms `xs`: the variables themselves
/// when `offset` is 0 (and they are not in `avoid`), otherwise new
/// variables tied to them by a linear sum.
fn shifted(b: &mut Builder, xs: &[MTerm], offset: i64, name: &str, avoid: &[usize]) -> Vec<usize> {
    xs.iter()
        .map(|&t| {
            let x = b.var_of(t);
            if offset == 0 && !avoid.contains(&x) {
                return x;
            }
            let domain = b.vars[x].domain.as_ref().map(|d| {
                d.iter()
                    .map(|&(lo, hi)| (lo - offset, hi - offset))
                    .collect()
            });
            b.vars.push(MVar {
                name: format!("{} - {offset} ({})", b.vars[x].name, b.vars.len()),
                domain,
                late: true,
            });
            let y = b.vars.len() - 1;
            let tie = b.unique(&format!("{name} shift"));
            b.checkers.push(Native::Linear(LinearSum::equal(
                tie,
                [(1, x), (-1, y)],
                offset,
            )));
            y
        })
        .collect()
}
