//! A FlatZinc file with its names resolved: variables, arrays, constraints
//! with their arguments, the goal, the search annotation and the output.

use std::collections::HashMap;

use flatzinc::{
    AnnExpr, Annotation, ArrayOfBoolExpr, ArrayOfIntExpr, BoolExpr, ConstraintItem, Expr, Goal,
    IntExpr, OptimizationType, ParDeclItem, SetExpr, SetLiteral, SetLiteralExpr, Stmt, VarDeclItem,
};

use crate::error::FznError;
use crate::read::{Located, statements};

/// Inclusive ranges of integers, sorted and disjoint.
pub type Ranges = Vec<(i64, i64)>;

/// A scalar argument: a constant or a variable (by its index in
/// [`Program::vars`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer constant.
    Int(i64),
    /// A Boolean constant.
    Bool(bool),
    /// A set of integers (a constant).
    Set(Ranges),
    /// A variable.
    Var(usize),
}

/// An argument of a constraint: a scalar or an array of scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A scalar.
    One(Value),
    /// An array.
    Many(Vec<Value>),
}

/// A decision variable of the file.
#[derive(Clone, Debug)]
pub struct Var {
    /// Its name in the file.
    pub name: String,
    /// Whether it is a Boolean (values 0 and 1, printed `false`, `true`).
    pub boolean: bool,
    /// Its declared values; `None` for an unbounded `var int`.
    pub domain: Option<Ranges>,
    /// What it is declared equal to (`var int: y = x;`), if anything.
    pub equal: Option<Value>,
    /// Whether a constraint defines it (`is_defined_var`): it need not be
    /// branched on.
    pub defined: bool,
    /// Whether it is printed (`output_var`).
    pub output: bool,
    /// The line of its declaration.
    pub line: usize,
}

/// A named array.
#[derive(Clone, Debug)]
pub struct Array {
    /// Its name in the file.
    pub name: String,
    /// Whether its elements are Booleans.
    pub boolean: bool,
    /// Its elements.
    pub items: Vec<Value>,
    /// Its dimensions when printed (`output_array`): the index ranges.
    pub output: Option<Vec<(i64, i64)>>,
}

/// A constraint.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// The line of its statement.
    pub line: usize,
    /// The builtin or predicate it calls.
    pub id: String,
    /// Its arguments.
    pub args: Vec<Arg>,
    /// The variable it defines (`defines_var`), if any.
    pub defines: Option<usize>,
}

/// What the solve item asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Any solution.
    Satisfy,
    /// The least value of the objective.
    Minimize(Value),
    /// The greatest value of the objective.
    Maximize(Value),
}

/// One part of a search annotation (`int_search`, `bool_search`, one
/// element of a `seq_search`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The variables to branch on, in order.
    pub vars: Vec<Value>,
    /// The variable choice (`input_order`, `first_fail`, ...).
    pub var_choice: String,
    /// The value choice (`indomain_min`, ...).
    pub value_choice: String,
}

/// What is printed, in the order of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A variable, by its index in [`Program::vars`].
    Var(usize),
    /// An array, by its index in [`Program::arrays`].
    Array(usize),
}

/// A FlatZinc file, read and resolved.
#[derive(Clone, Debug)]
pub struct Program {
    /// The decision variables, in the order of the file.
    pub vars: Vec<Var>,
    /// The named arrays (of variables or constants).
    pub arrays: Vec<Array>,
    /// The constraints, in the order of the file.
    pub constraints: Vec<Constraint>,
    /// The goal.
    pub method: Method,
    /// The search annotation of the solve item, flattened.
    pub search: Vec<Strategy>,
    /// What each solution prints.
    pub outputs: Vec<Output>,
    /// The line of the solve item.
    pub solve_line: usize,
}

/// A name of the file.
#[derive(Clone, Debug)]
enum Symbol {
    Scalar(Value),
    Array(usize),
}

/// Resolves names while the statements are read in order.
struct Resolver {
    names: HashMap<String, Symbol>,
    program: Program,
    solved: bool,
}

fn int(line: usize, x: i128) -> Result<i64, FznError> {
    i64::try_from(x)
        .map_err(|_| FznError::line(line, format!("integer {x} out of the 64-bit range")))
}

fn float_error(line: usize, what: &str) -> FznError {
    FznError::line(line, format!("floats are not supported ({what})"))
}

/// Sorted disjoint ranges of a list of values.
fn ranges_of(mut values: Vec<i64>) -> Ranges {
    values.sort_unstable();
    values.dedup();
    let mut out: Ranges = Vec::new();
    for v in values {
        match out.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(v) => last.1 = v,
            _ => out.push((v, v)),
        }
    }
    out
}

fn range(lb: i64, ub: i64) -> Ranges {
    if lb <= ub { vec![(lb, ub)] } else { Vec::new() }
}

impl Resolver {
    fn declare(&mut self, line: usize, name: &str, symbol: Symbol) -> Result<(), FznError> {
        if self.names.insert(name.to_owned(), symbol).is_some() {
            return Err(FznError::line(line, format!("`{name}` is declared twice")));
        }
        Ok(())
    }

    fn lookup(&self, line: usize, name: &str) -> Result<&Symbol, FznError> {
        self.names
            .get(name)
            .ok_or_else(|| FznError::line(line, format!("unknown name `{name}`")))
    }

    fn scalar(&self, line: usize, name: &str) -> Result<Value, FznError> {
        match self.lookup(line, name)? {
            Symbol::Scalar(v) => Ok(v.clone()),
            Symbol::Array(_) => Err(FznError::line(
                line,
                format!("array `{name}` used where a single value is expected"),
            )),
        }
    }

    fn int_expr(&self, line: usize, e: &IntExpr) -> Result<Value, FznError> {
        match e {
            IntExpr::Int(x) => Ok(Value::Int(int(line, *x)?)),
            IntExpr::VarParIdentifier(id) => self.scalar(line, id),
        }
    }

    fn bool_expr(&self, line: usize, e: &BoolExpr) -> Result<Value, FznError> {
        match e {
            BoolExpr::Bool(b) => Ok(Value::Bool(*b)),
            BoolExpr::VarParIdentifier(id) => self.scalar(line, id),
        }
    }

    fn const_int(&self, line: usize, e: &IntExpr) -> Result<i64, FznError> {
        match self.int_expr(line, e)? {
            Value::Int(x) => Ok(x),
            _ => Err(FznError::line(
                line,
                "a set bound must be an integer constant",
            )),
        }
    }

    fn set_literal_expr(&self, line: usize, s: &SetLiteralExpr) -> Result<Ranges, FznError> {
        match s {
            SetLiteralExpr::IntInRange(a, b) => {
                Ok(range(self.const_int(line, a)?, self.const_int(line, b)?))
            }
            SetLiteralExpr::SetInts(xs) => Ok(ranges_of(
                xs.iter()
                    .map(|x| self.const_int(line, x))
                    .collect::<Result<_, _>>()?,
            )),
            SetLiteralExpr::BoundedFloat(..) | SetLiteralExpr::SetFloats(_) => {
                Err(float_error(line, "a set of floats"))
            }
        }
    }

    fn set_expr(&self, line: usize, s: &SetExpr) -> Result<Value, FznError> {
        match s {
            SetExpr::Set(s) => Ok(Value::Set(self.set_literal_expr(line, s)?)),
            SetExpr::VarParIdentifier(id) => self.scalar(line, id),
        }
    }

    fn array_items(&self, line: usize, name: &str) -> Result<Vec<Value>, FznError> {
        match self.lookup(line, name)? {
            Symbol::Array(a) => Ok(self.program.arrays[*a].items.clone()),
            Symbol::Scalar(_) => Err(FznError::line(line, format!("`{name}` is not an array"))),
        }
    }

    fn expr(&self, line: usize, e: &Expr) -> Result<Arg, FznError> {
        Ok(match e {
            Expr::VarParIdentifier(id) => match self.lookup(line, id)? {
                Symbol::Scalar(v) => Arg::One(v.clone()),
                Symbol::Array(a) => Arg::Many(self.program.arrays[*a].items.clone()),
            },
            Expr::Bool(b) => Arg::One(Value::Bool(*b)),
            Expr::Int(x) => Arg::One(Value::Int(int(line, *x)?)),
            Expr::Float(_) => return Err(float_error(line, "a float constant")),
            Expr::Set(s) => Arg::One(Value::Set(self.set_literal_expr(line, s)?)),
            Expr::ArrayOfBool(xs) => Arg::Many(
                xs.iter()
                    .map(|x| self.bool_expr(line, x))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::ArrayOfInt(xs) => Arg::Many(
                xs.iter()
                    .map(|x| self.int_expr(line, x))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::ArrayOfSet(xs) => Arg::Many(
                xs.iter()
                    .map(|x| self.set_expr(line, x))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::ArrayOfFloat(_) => return Err(float_error(line, "an array of floats")),
        })
    }

    fn par(&mut self, line: usize, item: &ParDeclItem) -> Result<(), FznError> {
        let (id, symbol) = match item {
            ParDeclItem::Bool { id, bool } => (id, Symbol::Scalar(Value::Bool(*bool))),
            ParDeclItem::Int { id, int: x } => (id, Symbol::Scalar(Value::Int(int(line, *x)?))),
            ParDeclItem::SetOfInt { id, set_literal } => (
                id,
                Symbol::Scalar(Value::Set(set_literal_ranges(line, set_literal)?)),
            ),
            ParDeclItem::ArrayOfBool { id, v, .. } => {
                let items = v.iter().map(|b| Value::Bool(*b)).collect();
                (id, self.new_array(id, true, items, None))
            }
            ParDeclItem::ArrayOfInt { id, v, .. } => {
                let items = v
                    .iter()
                    .map(|x| int(line, *x).map(Value::Int))
                    .collect::<Result<_, _>>()?;
                (id, self.new_array(id, false, items, None))
            }
            ParDeclItem::ArrayOfSet { id, v, .. } => {
                let items = v
                    .iter()
                    .map(|s| set_literal_ranges(line, s).map(Value::Set))
                    .collect::<Result<_, _>>()?;
                (id, self.new_array(id, false, items, None))
            }
            ParDeclItem::Float { id, .. } | ParDeclItem::ArrayOfFloat { id, .. } => {
                return Err(float_error(line, &format!("parameter `{id}`")));
            }
        };
        self.declare(line, id, symbol)
    }

    fn new_array(
        &mut self,
        name: &str,
        boolean: bool,
        items: Vec<Value>,
        output: Option<Vec<(i64, i64)>>,
    ) -> Symbol {
        self.program.arrays.push(Array {
            name: name.to_owned(),
            boolean,
            items,
            output,
        });
        Symbol::Array(self.program.arrays.len() - 1)
    }

    fn new_var(
        &mut self,
        line: usize,
        id: &str,
        boolean: bool,
        domain: Option<Ranges>,
        equal: Option<Value>,
        annos: &[Annotation],
    ) -> Result<(), FznError> {
        let output = annos.iter().any(|a| a.id == "output_var");
        let defined = annos.iter().any(|a| a.id == "is_defined_var");
        self.program.vars.push(Var {
            name: id.to_owned(),
            boolean,
            domain,
            equal,
            defined,
            output,
            line,
        });
        let index = self.program.vars.len() - 1;
        if output {
            self.program.outputs.push(Output::Var(index));
        }
        self.declare(line, id, Symbol::Scalar(Value::Var(index)))
    }

    fn var_array(
        &mut self,
        line: usize,
        id: &str,
        boolean: bool,
        items: Vec<Value>,
        annos: &[Annotation],
    ) -> Result<(), FznError> {
        let output = match annos.iter().find(|a| a.id == "output_array") {
            Some(a) => Some(output_dims(line, a)?),
            None => None,
        };
        let printed = output.is_some();
        let symbol = self.new_array(id, boolean, items, output);
        if let (true, Symbol::Array(a)) = (printed, &symbol) {
            self.program.outputs.push(Output::Array(*a));
        }
        self.declare(line, id, symbol)
    }

    fn ints(&self, line: usize, e: Option<&ArrayOfIntExpr>) -> Result<Vec<Value>, FznError> {
        match e {
            None => Err(FznError::line(
                line,
                "an array of variables needs its elements",
            )),
            Some(ArrayOfIntExpr::Array(xs)) => xs.iter().map(|x| self.int_expr(line, x)).collect(),
            Some(ArrayOfIntExpr::VarParIdentifier(id)) => self.array_items(line, id),
        }
    }

    fn var(&mut self, line: usize, item: &VarDeclItem) -> Result<(), FznError> {
        match item {
            VarDeclItem::Bool { id, expr, annos } => {
                let equal = expr.as_ref().map(|e| self.bool_expr(line, e)).transpose()?;
                self.new_var(line, id, true, Some(vec![(0, 1)]), equal, annos)
            }
            VarDeclItem::Int { id, expr, annos } => {
                let equal = expr.as_ref().map(|e| self.int_expr(line, e)).transpose()?;
                self.new_var(line, id, false, None, equal, annos)
            }
            VarDeclItem::IntInRange {
                id,
                lb,
                ub,
                expr,
                annos,
            } => {
                let equal = expr.as_ref().map(|e| self.int_expr(line, e)).transpose()?;
                let domain = range(int(line, *lb)?, int(line, *ub)?);
                self.new_var(line, id, false, Some(domain), equal, annos)
            }
            VarDeclItem::IntInSet {
                id,
                set,
                expr,
                annos,
            } => {
                let equal = expr.as_ref().map(|e| self.int_expr(line, e)).transpose()?;
                let values = set
                    .iter()
                    .map(|x| int(line, *x))
                    .collect::<Result<_, _>>()?;
                self.new_var(line, id, false, Some(ranges_of(values)), equal, annos)
            }
            VarDeclItem::ArrayOfBool {
                id,
                annos,
                array_expr,
                ..
            } => {
                let items = match array_expr {
                    None => {
                        return Err(FznError::line(
                            line,
                            "an array of variables needs its elements",
                        ));
                    }
                    Some(ArrayOfBoolExpr::Array(xs)) => xs
                        .iter()
                        .map(|x| self.bool_expr(line, x))
                        .collect::<Result<_, _>>()?,
                    Some(ArrayOfBoolExpr::VarParIdentifier(name)) => {
                        self.array_items(line, name)?
                    }
                };
                self.var_array(line, id, true, items, annos)
            }
            VarDeclItem::ArrayOfInt {
                id,
                annos,
                array_expr,
                ..
            }
            | VarDeclItem::ArrayOfIntInRange {
                id,
                annos,
                array_expr,
                ..
            }
            | VarDeclItem::ArrayOfIntInSet {
                id,
                annos,
                array_expr,
                ..
            } => {
                let items = self.ints(line, array_expr.as_ref())?;
                self.var_array(line, id, false, items, annos)
            }
            VarDeclItem::Float { id, .. }
            | VarDeclItem::BoundedFloat { id, .. }
            | VarDeclItem::ArrayOfFloat { id, .. }
            | VarDeclItem::ArrayOfBoundedFloat { id, .. } => {
                Err(float_error(line, &format!("variable `{id}`")))
            }
            VarDeclItem::SetOfInt { id, .. }
            | VarDeclItem::SubSetOfIntSet { id, .. }
            | VarDeclItem::SubSetOfIntRange { id, .. }
            | VarDeclItem::ArrayOfSet { id, .. }
            | VarDeclItem::ArrayOfSubSetOfIntRange { id, .. }
            | VarDeclItem::ArrayOfSubSetOfIntSet { id, .. } => Err(FznError::line(
                line,
                format!(
                    "set variables are not supported (`{id}`; compile with the solver's library, which rewrites them)"
                ),
            )),
        }
    }

    fn constraint(&mut self, line: usize, item: &ConstraintItem) -> Result<(), FznError> {
        if item.id.starts_with("float_") || item.id.contains("_float_") || item.id == "int2float" {
            return Err(float_error(line, &format!("constraint `{}`", item.id)));
        }
        let args = item
            .exprs
            .iter()
            .map(|e| self.expr(line, e))
            .collect::<Result<Vec<_>, _>>()?;
        let mut defines = None;
        for a in &item.annos {
            if a.id == "defines_var"
                && let Some(AnnExpr::Expr(Expr::VarParIdentifier(name))) = a.expressions.first()
                && let Ok(Value::Var(v)) = self.scalar(line, name)
            {
                defines = Some(v);
            }
        }
        self.program.constraints.push(Constraint {
            line,
            id: item.id.clone(),
            args,
            defines,
        });
        Ok(())
    }

    fn strategy(
        &self,
        line: usize,
        a: &Annotation,
        out: &mut Vec<Strategy>,
    ) -> Result<(), FznError> {
        match a.id.as_str() {
            "seq_search" | "warm_start_array" => {
                for e in &a.expressions {
                    if let AnnExpr::Annotations(list) = e {
                        for inner in list {
                            self.strategy(line, inner, out)?;
                        }
                    }
                }
            }
            "int_search" | "bool_search" => {
                let vars = match a.expressions.first() {
                    Some(AnnExpr::Expr(e)) => match self.expr(line, e)? {
                        Arg::Many(xs) => xs,
                        Arg::One(x) => vec![x],
                    },
                    _ => Vec::new(),
                };
                let word = |i: usize| match a.expressions.get(i) {
                    Some(AnnExpr::Expr(Expr::VarParIdentifier(w))) => w.clone(),
                    Some(AnnExpr::Annotations(list)) if !list.is_empty() => list[0].id.clone(),
                    _ => String::new(),
                };
                out.push(Strategy {
                    vars,
                    var_choice: word(1),
                    value_choice: word(2),
                });
            }
            _ => {}
        }
        Ok(())
    }

    fn solve(&mut self, line: usize, goal: &Goal, annos: &[Annotation]) -> Result<(), FznError> {
        if self.solved {
            return Err(FznError::line(line, "a second solve item"));
        }
        self.solved = true;
        self.program.solve_line = line;
        self.program.method = match goal {
            Goal::Satisfy => Method::Satisfy,
            Goal::OptimizeInt(sense, e) => {
                let v = self.int_expr(line, e)?;
                match sense {
                    OptimizationType::Minimize => Method::Minimize(v),
                    OptimizationType::Maximize => Method::Maximize(v),
                }
            }
            Goal::OptimizeBool(sense, e) => {
                let v = self.bool_expr(line, e)?;
                match sense {
                    OptimizationType::Minimize => Method::Minimize(v),
                    OptimizationType::Maximize => Method::Maximize(v),
                }
            }
            Goal::OptimizeFloat(..) => return Err(float_error(line, "a float objective")),
            Goal::OptimizeSet(..) => {
                return Err(FznError::line(line, "set objectives are not supported"));
            }
        };
        let mut search = Vec::new();
        for a in annos {
            self.strategy(line, a, &mut search)?;
        }
        self.program.search = search;
        Ok(())
    }
}

fn set_literal_ranges(line: usize, s: &SetLiteral) -> Result<Ranges, FznError> {
    match s {
        SetLiteral::IntRange(a, b) => Ok(range(int(line, *a)?, int(line, *b)?)),
        SetLiteral::SetInts(xs) => Ok(ranges_of(
            xs.iter().map(|x| int(line, *x)).collect::<Result<_, _>>()?,
        )),
        SetLiteral::BoundedFloat(..) | SetLiteral::SetFloats(_) => {
            Err(float_error(line, "a set of floats"))
        }
    }
}

/// The index ranges of `output_array([1..2, 1..3])`.
fn output_dims(line: usize, a: &Annotation) -> Result<Vec<(i64, i64)>, FznError> {
    let bad = || FznError::line(line, "malformed output_array annotation");
    let mut dims = Vec::new();
    match a.expressions.first() {
        Some(AnnExpr::Expr(Expr::ArrayOfSet(sets))) => {
            for s in sets {
                match s {
                    SetExpr::Set(SetLiteralExpr::IntInRange(
                        IntExpr::Int(lo),
                        IntExpr::Int(hi),
                    )) => {
                        dims.push((int(line, *lo)?, int(line, *hi)?));
                    }
                    _ => return Err(bad()),
                }
            }
        }
        Some(AnnExpr::Expr(Expr::Set(SetLiteralExpr::IntInRange(
            IntExpr::Int(lo),
            IntExpr::Int(hi),
        )))) => {
            dims.push((int(line, *lo)?, int(line, *hi)?));
        }
        _ => return Err(bad()),
    }
    Ok(dims)
}

/// Reads and resolves a FlatZinc file.
///
/// # Errors
///
/// A [`FznError`] with the line (and, for a syntax error, the column) of
/// the first statement that is malformed, names something undeclared, or
/// uses floats or set variables.
///
/// ```
/// let program = backtracker_fzn::read("var 1..3: x :: output_var;\nsolve satisfy;\n")?;
/// assert_eq!(program.vars[0].name, "x");
/// # Ok::<(), backtracker_fzn::FznError>(())
/// ```
pub fn read(text: &str) -> Result<Program, FznError> {
    let mut r = Resolver {
        names: HashMap::new(),
        program: Program {
            vars: Vec::new(),
            arrays: Vec::new(),
            constraints: Vec::new(),
            method: Method::Satisfy,
            search: Vec::new(),
            outputs: Vec::new(),
            solve_line: 0,
        },
        solved: false,
    };
    for Located { line, stmt } in statements(text)? {
        match &stmt {
            Stmt::Comment(_) | Stmt::Predicate(_) => {}
            Stmt::Parameter(p) => r.par(line, p)?,
            Stmt::Variable(v) => r.var(line, v)?,
            Stmt::Constraint(c) => r.constraint(line, c)?,
            Stmt::SolveItem(s) => r.solve(line, &s.goal, &s.annotations)?,
        }
    }
    if !r.solved {
        let lines = text.lines().count().max(1);
        return Err(FznError::line(lines, "no solve item"));
    }
    Ok(r.program)
}
