//! The scheduling, sequencing, counting and packing globals the solver
//! library leaves to the solver (`fzn/share/mznlib/`), each posted as one
//! of the library's constraints: `backtracker_no_overlap` (`disjunctive`),
//! `backtracker_cumulative`, `backtracker_regular`,
//! `backtracker_global_cardinality`, `backtracker_count_eq`,
//! `backtracker_lex_less(eq)`, `backtracker_increasing`,
//! `backtracker_bin_packing_load`, and the builtins `array_int_maximum`
//! and `array_int_minimum`.

use backtracker::constraints::{
    Automaton, BinPacking, Count, Cumulative, GlobalCardinality, Increasing, LexLess, Maximum,
    Minimum, NoOverlap, Regular,
};

use super::{Builder, MArg, MTerm, shifted};
use crate::error::FznError;
use crate::native::Native;

/// The variables of `ts`, where a variable already in `taken` (or named
/// twice) is replaced by a copy tied to it by an equality: the library's
/// constraints want each variable once. The variables are added to
/// `taken`.
fn distinct(b: &mut Builder, ts: &[MTerm], name: &str, taken: &mut Vec<usize>) -> Vec<usize> {
    ts.iter()
        .map(|&t| {
            let x = b.var_of(t);
            let v = if taken.contains(&x) {
                shifted(b, &[MTerm::Var(x)], 0, name, taken)[0]
            } else {
                x
            };
            taken.push(v);
            v
        })
        .collect()
}

/// The constants of an argument, or an error naming `what`.
fn consts(a: &MArg, line: usize, what: &str) -> Result<Vec<i64>, FznError> {
    a.consts()
        .ok_or_else(|| FznError::line(line, format!("{what} must be constants")))
}

/// One constant, or an error naming `what`.
fn constant(a: &MArg, line: usize, what: &str) -> Result<i64, FznError> {
    match a.one() {
        Some(MTerm::Const(c)) => Ok(c),
        _ => Err(FznError::line(line, format!("{what} must be a constant"))),
    }
}

/// A count as `usize`, clamped to `0..=len`.
fn clamp(c: i64, len: usize) -> usize {
    usize::try_from(c.max(0)).unwrap_or(usize::MAX).min(len)
}

/// Posts `id` with arguments `a` when it is one of these globals, as
/// checker `name`; `Ok(false)` when it is not.
///
/// # Errors
///
/// An argument that must be constant and is not, or a negative duration,
/// demand or size, with its line.
#[expect(
    clippy::too_many_lines,
    clippy::many_single_char_names,
    reason = "one arm per global, each reading its arguments in order, named as in the MiniZinc library"
)]
pub(super) fn post(
    b: &mut Builder,
    id: &str,
    name: &str,
    line: usize,
    a: &[MArg],
) -> Result<bool, FznError> {
    let name = name.to_owned();
    match (id, a) {
        ("backtracker_no_overlap", [s, d]) => {
            let durations = consts(d, line, "the durations of a disjunctive")?;
            if durations.iter().any(|&d| d < 0) || durations.len() != s.many().len() {
                return Err(FznError::line(line, "a duration is negative"));
            }
            let starts = distinct(b, s.many(), &name, &mut Vec::new());
            b.checkers.push(Native::NoOverlap(NoOverlap::new(
                name,
                starts.into_iter().zip(durations),
            )));
        }
        ("backtracker_cumulative", [s, d, r, cap]) => {
            let durations = consts(d, line, "the durations of a cumulative")?;
            let demands = consts(r, line, "the demands of a cumulative")?;
            let capacity = constant(cap, line, "the capacity of a cumulative")?;
            let n = s.many().len();
            if durations.len() != n || demands.len() != n {
                return Err(FznError::line(
                    line,
                    "the arrays of a cumulative differ in length",
                ));
            }
            if durations.iter().chain(&demands).any(|&x| x < 0) {
                return Err(FznError::line(line, "a duration or a demand is negative"));
            }
            if capacity < 0 {
                b.failed |= n > 0;
                return Ok(true);
            }
            let starts = distinct(b, s.many(), &name, &mut Vec::new());
            let tasks = starts
                .into_iter()
                .zip(durations)
                .zip(demands)
                .map(|((s, d), r)| (s, d, r));
            b.checkers
                .push(Native::Cumulative(Cumulative::new(name, tasks, capacity)));
        }
        ("backtracker_regular", [x, q, s, d, q0, f]) => {
            let states = constant(q, line, "the number of states of a regular")?;
            let symbols = constant(s, line, "the number of symbols of a regular")?;
            let table = consts(d, line, "the transitions of a regular")?;
            let start = constant(q0, line, "the start state of a regular")?;
            let accepting = consts(f, line, "the accepting states of a regular")?;
            let (Ok(q), Ok(s)) = (usize::try_from(states), usize::try_from(symbols)) else {
                return Err(FznError::line(line, "a regular has a negative size"));
            };
            let state = |k: i64| usize::try_from(k - 1).ok().filter(|&k| k < q);
            if q == 0 || table.len() != q * s || table.iter().any(|&t| t != 0 && state(t).is_none())
            {
                return Err(FznError::line(
                    line,
                    "the transitions of a regular are malformed",
                ));
            }
            let (Some(start), Some(accepting)) = (
                state(start),
                accepting
                    .iter()
                    .map(|&k| state(k))
                    .collect::<Option<Vec<_>>>(),
            ) else {
                return Err(FznError::line(line, "a state of a regular is out of range"));
            };
            let mut transitions = Vec::new();
            for (k, &to) in table.iter().enumerate() {
                if let Some(to) = state(to) {
                    let symbol = i64::try_from(k % s + 1).unwrap_or(i64::MAX);
                    transitions.push((k / s, symbol, to));
                }
            }
            if x.many().is_empty() {
                // The empty word.
                b.failed |= !accepting.contains(&start);
                return Ok(true);
            }
            let automaton = Automaton::new(q, start, accepting, transitions);
            let vars = distinct(b, x.many(), &name, &mut Vec::new());
            b.checkers
                .push(Native::Regular(Regular::new(name, vars, automaton)));
        }
        ("backtracker_global_cardinality", [x, cover, low, up]) => {
            let cover = consts(cover, line, "the values of a global cardinality")?;
            let low = consts(low, line, "the lower bounds of a global cardinality")?;
            let up = consts(up, line, "the upper bounds of a global cardinality")?;
            if low.len() != cover.len() || up.len() != cover.len() {
                return Err(FznError::line(
                    line,
                    "the arrays of a global cardinality differ in length",
                ));
            }
            let n = x.many().len();
            // A value listed twice must meet both bounds; a count lies
            // within 0..=n.
            let mut bounds: Vec<(i64, i64, i64)> = Vec::new();
            for ((&v, &l), &u) in cover.iter().zip(&low).zip(&up) {
                match bounds.iter_mut().find(|(w, _, _)| *w == v) {
                    Some(entry) => {
                        entry.1 = entry.1.max(l);
                        entry.2 = entry.2.min(u);
                    }
                    None => bounds.push((v, l.max(0), u)),
                }
            }
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            if bounds.iter().any(|&(_, l, u)| l > u.min(n)) {
                b.failed = true;
                return Ok(true);
            }
            let bounds: Vec<(i64, usize, usize)> = bounds
                .into_iter()
                .map(|(v, l, u)| (v, clamp(l, usize::MAX), clamp(u.min(n), usize::MAX)))
                .collect();
            let vars = distinct(b, x.many(), &name, &mut Vec::new());
            b.checkers
                .push(Native::GlobalCardinality(GlobalCardinality::new(
                    name, vars, bounds,
                )));
        }
        ("backtracker_count_eq", [x, y, MArg::One(c)]) => {
            let value = constant(y, line, "the value of a count")?;
            let mut taken = Vec::new();
            let vars = distinct(b, x.many(), &name, &mut taken);
            // The count may be one of the counted variables.
            let count = b.var_of(*c);
            b.checkers
                .push(Native::Count(Count::new(name, vars, value, count)));
        }
        ("array_int_maximum" | "array_int_minimum", [MArg::One(m), xs])
            if !xs.many().is_empty() =>
        {
            let mut taken = Vec::new();
            let vars = distinct(b, xs.many(), &name, &mut taken);
            let result = distinct(b, &[*m], &name, &mut taken)[0];
            b.checkers.push(if id == "array_int_maximum" {
                Native::Maximum(Maximum::new(name, vars, result))
            } else {
                Native::Minimum(Minimum::new(name, vars, result))
            });
        }
        ("backtracker_lex_less" | "backtracker_lex_lesseq", [x, y]) => {
            if x.many().len() != y.many().len() {
                return Err(FznError::line(
                    line,
                    "a lexicographic order of different lengths",
                ));
            }
            let xs: Vec<usize> = x.many().iter().map(|&t| b.var_of(t)).collect();
            let ys: Vec<usize> = y.many().iter().map(|&t| b.var_of(t)).collect();
            if xs.is_empty() {
                b.failed |= id == "backtracker_lex_less";
                return Ok(true);
            }
            b.checkers
                .push(Native::LexLess(if id == "backtracker_lex_less" {
                    LexLess::less(name, xs, ys)
                } else {
                    LexLess::less_eq(name, xs, ys)
                }));
        }
        ("backtracker_increasing", [x]) => {
            let vars = distinct(b, x.many(), &name, &mut Vec::new());
            if vars.len() > 1 {
                b.checkers
                    .push(Native::Increasing(Increasing::new(name, vars)));
            }
        }
        ("backtracker_bin_packing_load", [load, bin, w, first]) => {
            let sizes = consts(w, line, "the sizes of a bin packing")?;
            let first = constant(first, line, "the first bin of a bin packing")?;
            if sizes.len() != bin.many().len() || sizes.iter().any(|&s| s < 0) {
                return Err(FznError::line(
                    line,
                    "the sizes of a bin packing are malformed",
                ));
            }
            let mut taken = Vec::new();
            let loads = distinct(b, load.many(), &name, &mut taken);
            // Bins are numbered from 0 in the library.
            let bins = shifted(b, bin.many(), first, &name, &taken);
            let bins = distinct(
                b,
                &bins.into_iter().map(MTerm::Var).collect::<Vec<_>>(),
                &name,
                &mut taken,
            );
            b.checkers.push(Native::BinPacking(BinPacking::new(
                name,
                bins.into_iter().zip(sizes),
                loads,
            )));
        }
        _ => return Ok(false),
    }
    Ok(true)
}
