//! Solving a translated model and printing what the FlatZinc specification
//! asks: the output variables of each solution, `----------` after each,
//! `==========` when the search is complete, `=====UNSATISFIABLE=====` and
//! `=====UNKNOWN=====`, and the statistics as `%%%mzn-stat:` lines.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use backtracker::trace::{HtmlView, Trace};
use backtracker::{Model, Search, Sense, Stats, StopReason};

use crate::error::FznError;
use crate::program::{Method, Output, Program, Value};
use crate::translate::{NativeCheckers, Settings, translate};

/// The drawing of `--trace`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TraceFormat {
    /// Indented text, one event a line.
    #[default]
    Text,
    /// A Graphviz digraph.
    Dot,
    /// A web page that replays the search.
    Html,
}

/// How to solve: the standard FlatZinc flags and this solver's own.
#[derive(Clone, Debug, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one field per command-line switch"
)]
pub struct Options {
    /// `-a`: every solution (satisfaction), every improvement (optimisation).
    pub all: bool,
    /// `-n N`: at most this many solutions.
    pub solutions: Option<u64>,
    /// `-i`: print every improvement of an optimisation.
    pub intermediate: bool,
    /// `-f`: ignore the search annotation.
    pub free: bool,
    /// `-s`: print statistics.
    pub stats: bool,
    /// `-t MS`: stop after this many milliseconds.
    pub time_limit: Option<u64>,
    /// `-p N`: threads for counting and branch and bound.
    pub threads: usize,
    /// `--count`: print the number of solutions only.
    pub count: bool,
    /// `--trace`: print the search tree instead of the solutions.
    pub trace: Option<TraceFormat>,
    /// `--cross-check`: check every checker's answers against its `check`.
    pub cross_check: bool,
    /// The most values a variable may have.
    pub max_domain: Option<u64>,
}

/// How a run ended, for the exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The search answered (complete or stopped by a limit).
    Answered,
    /// Cross-check mode found a checker that disagrees with its `check`.
    Disagreement(String),
}

fn value_text(program: &Program, boolean: bool, v: i64) -> String {
    let _ = program;
    if boolean {
        if v != 0 {
            "true".into()
        } else {
            "false".into()
        }
    } else {
        v.to_string()
    }
}

/// The text of one solution: a line per output variable or array.
fn solution_text(program: &Program, var_of: &[usize], values: &dyn Fn(usize) -> i64) -> String {
    let mut s = String::new();
    let scalar = |x: &Value, boolean: bool| match x {
        Value::Int(c) => value_text(program, boolean, *c),
        Value::Bool(b) => b.to_string(),
        Value::Var(i) => value_text(program, program.vars[*i].boolean, values(var_of[*i])),
        Value::Set(r) => {
            let items: Vec<String> = r.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
            items.join(" union ")
        }
    };
    for out in &program.outputs {
        match *out {
            Output::Var(i) => {
                let v = &program.vars[i];
                let _ = writeln!(s, "{} = {};", v.name, scalar(&Value::Var(i), v.boolean));
            }
            Output::Array(a) => {
                let a = &program.arrays[a];
                let dims = a.output.clone().unwrap_or_default();
                let items: Vec<String> = a.items.iter().map(|x| scalar(x, a.boolean)).collect();
                let ranges: Vec<String> =
                    dims.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
                let _ = writeln!(
                    s,
                    "{} = array{}d({}, [{}]);",
                    a.name,
                    dims.len(),
                    ranges.join(", "),
                    items.join(", ")
                );
            }
        }
    }
    s.push_str("----------\n");
    s
}

fn stats_text(stats: &Stats, failures: u64, solutions: u128, started: Instant) -> String {
    let _ = stats.elapsed;
    format!(
        "%%%mzn-stat: nodes={}\n%%%mzn-stat: failures={failures}\n%%%mzn-stat: solveTime={:.3}\n%%%mzn-stat: peakDepth={}\n%%%mzn-stat: nSolutions={solutions}\n%%%mzn-stat-end\n",
        stats.nodes,
        started.elapsed().as_secs_f64(),
        stats.max_depth,
    )
}

fn failures(stats: &Stats) -> u64 {
    stats
        .rejections
        .as_ref()
        .map_or(0, |r| r.iter().map(|(_, n)| n).sum())
}

/// The search of `model` with the options every run shares.
fn configured<'m>(
    model: &'m mut Model<i64, NativeCheckers>,
    cancel: &Arc<AtomicBool>,
    options: &Options,
) -> Search<'m, i64, NativeCheckers> {
    model
        .search()
        .cancel_flag(Arc::clone(cancel))
        .cross_check(options.cross_check)
        .tally_rejections(options.stats)
}

fn io_error(e: &io::Error) -> FznError {
    FznError::line(0, format!("cannot write the output: {e}"))
}

/// Solves `program` with `options`, printing to `out`.
///
/// # Errors
///
/// A [`FznError`] when the program cannot be translated (an unsupported
/// constraint, an unbounded variable), or the output cannot be written.
///
/// ```
/// let program = backtracker_fzn::read("var 1..3: x :: output_var;\nconstraint int_le(2, x);\nsolve satisfy;\n")?;
/// let options = backtracker_fzn::Options { all: true, ..Default::default() };
/// let mut out = Vec::new();
/// backtracker_fzn::solve(&program, &options, &mut out)?;
/// assert_eq!(String::from_utf8(out).unwrap(), "x = 2;\n----------\nx = 3;\n----------\n==========\n");
/// # Ok::<(), backtracker_fzn::FznError>(())
/// ```
#[expect(
    clippy::too_many_lines,
    reason = "one branch per kind of run, in the order of the specification"
)]
pub fn solve(program: &Program, options: &Options, out: &mut dyn Write) -> Result<Ended, FznError> {
    let started = Instant::now();
    let settings = Settings {
        free: options.free,
        max_domain: options.max_domain.unwrap_or(Settings::default().max_domain),
    };
    let translated = translate(program, settings)?;
    let var_of = &translated.var_of;
    let cancel = Arc::new(AtomicBool::new(false));
    if let Some(ms) = options.time_limit {
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(ms));
            flag.store(true, Ordering::Relaxed);
        });
    }
    let w = |out: &mut dyn Write, s: &str| -> Result<(), FznError> {
        out.write_all(s.as_bytes()).map_err(|e| io_error(&e))?;
        out.flush().map_err(|e| io_error(&e))
    };
    let Some(mut model) = translated.model else {
        // A domain emptied before the search: no solution.
        if options.count {
            w(out, "0\n")?;
        } else if options.trace.is_some() {
            w(out, "no search: a variable has no value\n")?;
        } else {
            w(out, "=====UNSATISFIABLE=====\n")?;
        }
        return Ok(Ended::Answered);
    };
    let threads = options.threads.max(1);
    let disagreement = |stop: &StopReason| match stop {
        StopReason::Disagreement(d) => Some(Ended::Disagreement(d.to_string())),
        _ => None,
    };
    let search = |model| configured(model, &cancel, options);
    let sense = match &program.method {
        Method::Satisfy => None,
        Method::Minimize(_) => Some(Sense::Minimize),
        Method::Maximize(_) => Some(Sense::Maximize),
    };
    if let Some(format) = options.trace {
        let limit = if options.all {
            None
        } else {
            Some(u128::from(options.solutions.unwrap_or(1)))
        };
        let mut trace = Trace::new();
        if let Some(k) = limit {
            trace = trace.solution_limit(k);
        }
        let (stats, stop) = if let (Some(sense), Some(goal)) = (sense, &translated.goal) {
            let o = search(&mut model)
                .observer(&mut trace)
                .improvements(goal, sense)
                .finish();
            (o.stats, o.stop)
        } else {
            let o = search(&mut model).observer(&mut trace).count();
            (o.stats, o.stop)
        };
        let text = match format {
            TraceFormat::Text => trace.text(&stats, &stop),
            TraceFormat::Dot => trace.dot(),
            TraceFormat::Html => {
                trace.html(&stats, &stop, &HtmlView::rows().title("FlatZinc search"))
            }
        };
        w(out, &text)?;
        return Ok(disagreement(&stop).unwrap_or(Ended::Answered));
    }
    if options.count {
        let o = if threads > 1 && !options.cross_check {
            model
                .search()
                .cancel_flag(Arc::clone(&cancel))
                .threads(threads)
                .count()
        } else {
            search(&mut model).count()
        };
        w(out, &format!("{}\n", o.value))?;
        if !o.stop.is_complete() {
            eprintln!(
                "the search stopped before the end ({}): the count is a lower bound",
                o.stop
            );
        }
        if options.stats {
            w(
                out,
                &stats_text(&o.stats, failures(&o.stats), o.value, started),
            )?;
        }
        return Ok(disagreement(&o.stop).unwrap_or(Ended::Answered));
    }
    let print = |values: &dyn Fn(usize) -> i64| solution_text(program, var_of, values);
    match (sense, &translated.goal) {
        (Some(sense), Some(goal)) if threads > 1 && !options.cross_check => {
            let o = match sense {
                Sense::Minimize => model
                    .search()
                    .cancel_flag(Arc::clone(&cancel))
                    .threads(threads)
                    .minimize(goal),
                Sense::Maximize => model
                    .search()
                    .cancel_flag(Arc::clone(&cancel))
                    .threads(threads)
                    .maximize(goal),
            };
            match &o.value.best {
                Some(best) => {
                    w(out, &print(&|v| best.values[v]))?;
                    if o.stop.is_complete() {
                        w(out, "==========\n")?;
                    }
                }
                None if o.stop.is_complete() => w(out, "=====UNSATISFIABLE=====\n")?,
                None => w(out, "=====UNKNOWN=====\n")?,
            }
            if options.stats {
                let n = u128::from(o.value.improvements);
                w(out, &stats_text(&o.stats, failures(&o.stats), n, started))?;
            }
            Ok(disagreement(&o.stop).unwrap_or(Ended::Answered))
        }
        (Some(sense), Some(goal)) => {
            let every = options.all || options.intermediate;
            let mut improvements = search(&mut model).improvements(goal, sense);
            let mut last: Option<Vec<i64>> = None;
            let mut found: u128 = 0;
            for best in improvements.by_ref() {
                found += 1;
                if every {
                    w(out, &print(&|v| best.values[v]))?;
                } else {
                    last = Some(best.values);
                }
            }
            let o = improvements.finish();
            if let Some(values) = &last {
                w(out, &print(&|v| values[v]))?;
            }
            if o.stop.is_complete() {
                w(
                    out,
                    if found > 0 {
                        "==========\n"
                    } else {
                        "=====UNSATISFIABLE=====\n"
                    },
                )?;
            } else if found == 0 {
                w(out, "=====UNKNOWN=====\n")?;
            }
            if options.stats {
                w(
                    out,
                    &stats_text(&o.stats, failures(&o.stats), found, started),
                )?;
            }
            Ok(disagreement(&o.stop).unwrap_or(Ended::Answered))
        }
        _ => {
            let limit = if options.all {
                options.solutions.map_or(u128::MAX, u128::from)
            } else {
                u128::from(options.solutions.unwrap_or(1))
            };
            let mut found: u128 = 0;
            let mut stopped_early = false;
            let mut iter = search(&mut model).solutions();
            while found < limit {
                let Some(values) = iter.next() else { break };
                found += 1;
                w(out, &print(&|v| values[v]))?;
                if found == limit {
                    stopped_early = true;
                }
            }
            let stats = iter.stats();
            let stop = iter.stop_reason().cloned();
            let complete = !stopped_early && stop.as_ref().is_some_and(StopReason::is_complete);
            if complete {
                w(
                    out,
                    if found > 0 {
                        "==========\n"
                    } else {
                        "=====UNSATISFIABLE=====\n"
                    },
                )?;
            } else if found == 0 {
                w(out, "=====UNKNOWN=====\n")?;
            }
            if options.stats {
                w(out, &stats_text(&stats, failures(&stats), found, started))?;
            }
            Ok(stop
                .as_ref()
                .and_then(disagreement)
                .unwrap_or(Ended::Answered))
        }
    }
}
