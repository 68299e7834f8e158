//! Checkpoints and resume beyond the plain count: a count by orbits and
//! branch and bound, each stopped mid-run (by a node budget or a
//! cancellation flag) and resumed, again and again, give exactly the
//! answer of an uninterrupted run: N-Queens counts of OEIS A000170,
//! optimal Golomb rulers of OEIS A003022, and optima found by brute
//! force. A checkpoint of another question, model or bound is refused
//! with one error and left unchanged.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use backtracker::constraints::{AllDifferent, Objective, Predicate};
use backtracker::units::{CheckpointError, RunError, Runner, Split};
use backtracker::{Assignment, Checker, Choice, Goal, Model, ModelBuilder, StopReason};
use backtracker_puzzles::nqueens;

use crate::support::A000170;

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

// ------------------------------------------------------ counting by orbits

#[test]
fn a_count_by_orbits_stopped_by_node_budgets_resumes_to_oeis_a000170() {
    let dir = temp_dir();
    for n in [6, 8, 10, 11] {
        for threads in [1, 2] {
            let path = dir.path().join(format!("queens-{n}-{threads}.ckpt"));
            let mut model = nqueens(n).unwrap();
            let name = format!("nqueens-{n}");
            let mut runs = 0;
            let report = loop {
                runs += 1;
                // A growing budget: every run stops mid-way until one is
                // large enough to finish a part.
                let report = Runner::new(&name)
                    .orbits(true)
                    .threads(threads)
                    .checkpoint(&path)
                    .node_limit(100 << runs)
                    .run(&mut model)
                    .unwrap();
                assert!(report.orbits);
                if report.total.is_some() {
                    break report;
                }
                assert_eq!(report.stop, StopReason::NodeLimit);
                assert!(report.done < report.units);
            };
            assert_eq!(report.total, Some(A000170[n]), "n = {n}, {threads} threads");
            assert_eq!(report.done, report.units);
            if n >= 10 {
                assert!(runs > 2, "n = {n}: the budget never stopped the count");
            }
            // The file holds every part once, under the orbits' header.
            let text = std::fs::read_to_string(&path).unwrap();
            let mut lines = text.lines();
            let header = lines.next().unwrap();
            assert!(
                header.starts_with(&format!(
                    "backtracker-checkpoint/1 question=orbits model={name} orbits="
                )),
                "{header}"
            );
            assert!(header.ends_with(&format!(" parts={}", report.units)));
            assert_eq!(lines.count(), report.units);
            // The plain search agrees.
            assert_eq!(model.search().count().value, A000170[n]);
        }
    }
}

#[test]
fn a_count_by_orbits_cancelled_mid_run_resumes_to_the_plain_count() {
    let dir = temp_dir();
    let path = dir.path().join("queens-12.ckpt");
    let mut model = nqueens(12).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&flag);
    let stopped = Runner::new("nqueens-12")
        .orbits(true)
        .threads(2)
        .checkpoint(&path)
        .cancel_flag(Arc::clone(&flag))
        .on_progress(move |p| {
            if p.units_done >= 3 {
                setter.store(true, Ordering::SeqCst);
            }
        })
        .run(&mut model)
        .unwrap();
    assert_eq!(stopped.total, None);
    assert_eq!(stopped.stop, StopReason::Cancelled);
    assert!(
        stopped.done >= 3 && stopped.done < stopped.units,
        "{stopped:?}"
    );
    let resumed = Runner::new("nqueens-12")
        .orbits(true)
        .threads(1)
        .checkpoint(&path)
        .run(&mut model)
        .unwrap();
    assert_eq!(resumed.resumed, stopped.done);
    assert_eq!(resumed.total, Some(A000170[12]));
    // Resuming a finished checkpoint counts nothing.
    let again = Runner::new("nqueens-12")
        .orbits(true)
        .checkpoint(&path)
        .run(&mut model)
        .unwrap();
    assert_eq!((again.total, again.stats.nodes), (Some(A000170[12]), 0));
}

#[test]
fn an_orbits_checkpoint_is_refused_by_another_question_or_group() {
    let dir = temp_dir();
    let path = dir.path().join("orbits.ckpt");
    let mut queens = nqueens(8).unwrap();
    Runner::new("nqueens-8")
        .orbits(true)
        .checkpoint(&path)
        .run(&mut queens)
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let other_board = Runner::new("nqueens-8")
        .orbits(true)
        .checkpoint(&path)
        .run(&mut nqueens(9).unwrap());
    let plain_count = Runner::new("nqueens-8").checkpoint(&path).run(&mut queens);
    let best = Runner::new("nqueens-8")
        .checkpoint(&path)
        .minimize(&mut golomb(4, 10).0, &golomb(4, 10).1);
    for (what, error) in [
        ("another group", other_board.map(|_| ())),
        ("a count by units", plain_count.map(|_| ())),
        ("branch and bound", best.map(|_| ())),
    ] {
        let error = error.expect_err(what);
        assert!(
            matches!(
                error,
                RunError::Checkpoint(CheckpointError::OtherRun { .. })
            ),
            "{what}: {error}"
        );
        let text = error.to_string();
        assert!(text.contains("belongs to another run"), "{what}: {text}");
        assert!(!text.contains('\n'), "{what}: one line: {text}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{what}: changed");
    }
    // And a count's checkpoint is refused by a count by orbits.
    let units = dir.path().join("units.ckpt");
    Runner::new("nqueens-8")
        .checkpoint(&units)
        .run(&mut queens)
        .unwrap();
    let error = Runner::new("nqueens-8")
        .orbits(true)
        .checkpoint(&units)
        .run(&mut queens)
        .unwrap_err();
    assert!(error.to_string().contains("question=orbits"), "{error}");
}

// ------------------------------------------------------- branch and bound

/// The marks of a Golomb ruler: increasing from 0, every distance
/// between two marks different.
#[derive(Clone, Debug)]
struct Ruler;

impl Checker<i64> for Ruler {
    fn name(&self) -> &'static str {
        "ruler"
    }

    fn check(&self, a: &Assignment<'_, i64>) -> bool {
        let marks: Vec<(usize, i64)> = a.iter().map(|(var, &v)| (var, v)).collect();
        let mut seen = std::collections::HashSet::new();
        for (x, &(i, u)) in marks.iter().enumerate() {
            for &(j, v) in &marks[x + 1..] {
                if (i < j) != (u < v) || u == v || !seen.insert((u - v).abs()) {
                    return false;
                }
            }
        }
        true
    }

    fn promising(&self, a: &Assignment<'_, i64>, c: Choice<'_, i64>) -> bool {
        let mut marks: Vec<(usize, i64)> = a.iter().map(|(var, &v)| (var, v)).collect();
        marks.push((c.var, *c.value));
        let mut seen = std::collections::HashSet::new();
        for (x, &(i, u)) in marks.iter().enumerate() {
            for &(j, v) in &marks[x + 1..] {
                if (i < j) != (u < v) || u == v || !seen.insert((u - v).abs()) {
                    return false;
                }
            }
        }
        true
    }
}

/// A ruler of `n` marks at most `longest` long, and its length as a goal.
fn golomb(n: usize, longest: i64) -> (Model<i64, (Ruler, Objective)>, Goal) {
    let mut b = ModelBuilder::new();
    let marks: Vec<usize> = (0..n)
        .map(|i| b.variable(format!("m{i}"), 0..=if i == 0 { 0 } else { longest }))
        .collect();
    let length = Objective::variable("length", marks[n - 1]);
    let goal = length.goal();
    let model = b.build((Ruler, length)).unwrap();
    (model, goal)
}

/// The optimal lengths of Golomb rulers of 1 to 7 marks (OEIS A003022).
const A003022: [i64; 8] = [0, 0, 1, 3, 6, 11, 17, 25];

fn is_golomb(marks: &[i64]) -> bool {
    let mut seen = std::collections::HashSet::new();
    marks.windows(2).all(|w| w[0] < w[1])
        && marks.first() == Some(&0)
        && marks
            .iter()
            .enumerate()
            .all(|(i, &u)| marks[i + 1..].iter().all(|&v| seen.insert(v - u)))
}

#[test]
fn golomb_rulers_stopped_by_node_budgets_resume_to_oeis_a003022() {
    let dir = temp_dir();
    for n in [4, 5, 6] {
        for threads in [1, 2] {
            let (mut model, goal) = golomb(n, 2 * A003022[n]);
            let path = dir.path().join(format!("golomb-{n}-{threads}.ckpt"));
            let runner = || {
                Runner::new(format!("golomb-{n}"))
                    .split(Split::Depth(2))
                    .threads(threads)
                    .checkpoint(&path)
            };
            let mut runs = 0;
            let report = loop {
                runs += 1;
                let report = runner()
                    .node_limit(50 << runs)
                    .minimize(&mut model, &goal)
                    .unwrap();
                if report.proven {
                    break report;
                }
                assert_eq!(report.stop, StopReason::NodeLimit);
            };
            let best = report.best.expect("a ruler");
            assert_eq!(best.cost, A003022[n], "{n} marks, {threads} threads");
            assert!(is_golomb(&best.values), "{:?}", best.values);
            assert_eq!(best.values[n - 1], best.cost);
            if n >= 5 {
                assert!(runs > 2, "{n} marks: the budget never stopped the search");
            }
            // The plain search agrees, and a finished checkpoint answers at once.
            let plain = model.search().minimize(&goal).value.best.unwrap();
            assert_eq!(plain.cost, A003022[n]);
            let again = runner().minimize(&mut model, &goal).unwrap();
            assert!(again.proven && again.stats.nodes == 0);
            assert_eq!(again.best.map(|b| b.cost), Some(A003022[n]));
            let header = std::fs::read_to_string(&path).unwrap();
            assert!(
                header.starts_with(&format!(
                    "backtracker-checkpoint/1 question=minimize bound=none model=golomb-{n} depth=2 symmetry=off units="
                )),
                "{header}"
            );
        }
    }
}

#[test]
fn a_cancelled_branch_and_bound_keeps_its_best_and_resumes_to_the_brute_force_optimum() {
    // Five digits 0 to 5, all different, maximising 3·x0 - 2·x1 + 5·x2 - x3 + 4·x4
    // minus 7 when x0 + x4 is odd (a checker the objective does not see).
    let weights = [3, -2, 5, -1, 4];
    let cost = |xs: &[i64]| -> i64 { xs.iter().zip(weights).map(|(x, w)| x * w).sum() };
    let mut brute = i64::MIN;
    for code in 0..6i64.pow(5) {
        let xs: Vec<i64> = (0..5).map(|i| code / 6i64.pow(i) % 6).collect();
        let distinct = (0..5).all(|i| (i + 1..5).all(|j| xs[i] != xs[j]));
        if distinct && (xs[0] + xs[4]) % 2 == 0 {
            brute = brute.max(cost(&xs));
        }
    }
    let build = || {
        let mut b = ModelBuilder::new();
        let xs: Vec<usize> = (0..5)
            .map(|i| b.variable(format!("x{i}"), 0..6i64))
            .collect();
        let objective = Objective::new("score", xs.iter().zip(weights).map(|(&x, w)| (w, x)));
        let goal = objective.goal();
        let parity = Predicate::new("even ends", [xs[0], xs[4]], |v| (v[0] + v[1]) % 2 == 0);
        let different = AllDifferent::new("different", xs.clone());
        let model = b.build((objective, parity, different)).unwrap();
        (model, goal)
    };
    let (mut model, goal) = build();
    assert_eq!(
        model.search().maximize(&goal).value.best.map(|b| b.cost),
        Some(brute)
    );
    let dir = temp_dir();
    let path = dir.path().join("digits.ckpt");
    let flag = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&flag);
    let stopped = Runner::new("digits")
        .split(Split::Depth(2))
        .threads(2)
        .checkpoint(&path)
        .cancel_flag(Arc::clone(&flag))
        .on_progress(move |p| {
            if p.units_done >= 4 {
                setter.store(true, Ordering::SeqCst);
            }
        })
        .maximize(&mut model, &goal)
        .unwrap();
    assert!(!stopped.proven);
    assert_eq!(stopped.stop, StopReason::Cancelled);
    assert!(
        stopped.done >= 4 && stopped.done < stopped.units,
        "{stopped:?}"
    );
    let resumed = Runner::new("digits")
        .split(Split::Depth(2))
        .threads(1)
        .checkpoint(&path)
        .maximize(&mut model, &goal)
        .unwrap();
    assert!(resumed.proven);
    assert_eq!(resumed.resumed, stopped.done);
    let best = resumed.best.unwrap();
    assert_eq!(best.cost, brute);
    assert_eq!(cost(&best.values), brute);
}

#[test]
fn a_branch_and_bound_checkpoint_is_refused_from_another_bound_or_sense() {
    let dir = temp_dir();
    let path = dir.path().join("golomb.ckpt");
    let (mut model, goal) = golomb(5, 22);
    let runner = || {
        Runner::new("golomb-5")
            .split(Split::Depth(2))
            .threads(1)
            .checkpoint(&path)
    };
    let first = runner().bound(20).minimize(&mut model, &goal).unwrap();
    assert_eq!(first.best.map(|b| b.cost), Some(11));
    let before = std::fs::read(&path).unwrap();
    for (what, result) in [
        ("no bound", runner().minimize(&mut model, &goal)),
        (
            "another bound",
            runner().bound(21).minimize(&mut model, &goal),
        ),
        (
            "the other sense",
            runner().bound(20).maximize(&mut model, &goal),
        ),
    ] {
        let error = result.expect_err(what);
        assert!(
            matches!(
                error,
                RunError::Checkpoint(CheckpointError::OtherRun { .. })
            ),
            "{what}: {error}"
        );
        assert!(error.to_string().contains("question="), "{what}: {error}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{what}: changed");
    }
    // The same bound resumes, with nothing left to search.
    let again = runner().bound(20).minimize(&mut model, &goal).unwrap();
    assert_eq!(
        (again.best.map(|b| b.cost), again.stats.nodes),
        (Some(11), 0)
    );
    // A bound nothing beats: proven, and no ruler.
    let tight = dir.path().join("tight.ckpt");
    let none = Runner::new("golomb-5")
        .bound(11)
        .checkpoint(&tight)
        .minimize(&mut model, &goal)
        .unwrap();
    assert!(none.proven && none.best.is_none(), "{none:?}");
}

#[test]
fn a_solution_in_a_checkpoint_that_is_not_one_of_the_model_is_refused() {
    let dir = temp_dir();
    let path = dir.path().join("ruler.ckpt");
    // Four marks with no rule: the shortest "ruler" has every mark at 0.
    let mut b = ModelBuilder::new();
    let marks: Vec<usize> = (0..4)
        .map(|i| b.variable(format!("m{i}"), 0..=if i == 0 { 0 } else { 12i64 }))
        .collect();
    let length = Objective::variable("length", marks[3]);
    let loose_goal = length.goal();
    let mut loose = b.build((length,)).unwrap();
    // Depth 1 holds the first mark, at 0 in both models: one unit each.
    let runner = || {
        Runner::new("golomb-4")
            .split(Split::Depth(1))
            .threads(1)
            .checkpoint(&path)
    };
    let found = runner().minimize(&mut loose, &loose_goal).unwrap();
    assert_eq!(found.best.map(|b| b.values), Some(vec![0, 0, 0, 0]));
    let before = std::fs::read(&path).unwrap();
    // The same name and split on the rulers' model: that is no ruler.
    let (mut model, goal) = golomb(4, 12);
    let error = runner().minimize(&mut model, &goal).unwrap_err();
    assert!(
        matches!(
            error,
            RunError::NotASolution {
                unit: 0,
                cost: 0,
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("left unchanged"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// The ring of 8 vertices each joined to the next two, `C8(1, 2)`: its
/// triangles need three colours, and 8 is not a multiple of 3, so three
/// colours leave some edge with both ends alike.
const RING: usize = 8;

fn ring_edges() -> Vec<(usize, usize)> {
    (0..RING)
        .flat_map(|i| [1, 2].map(|step| (i, (i + step) % RING)))
        .collect()
}

/// Each edge's flag is 1 exactly when its ends have one colour: triples
/// `(end, end, flag)` of variables.
#[derive(Clone, Debug)]
struct AlikeFlags(Vec<[usize; 3]>);

impl AlikeFlags {
    /// Whether every edge whose three variables `value` knows keeps the rule.
    fn holds(&self, value: impl Fn(usize) -> Option<i64>) -> bool {
        self.0
            .iter()
            .all(|&[u, v, flag]| match (value(u), value(v), value(flag)) {
                (Some(cu), Some(cv), Some(f)) => (cu == cv) == (f == 1),
                _ => true,
            })
    }
}

impl Checker<i64> for AlikeFlags {
    fn name(&self) -> &'static str {
        "alike flags"
    }

    fn check(&self, a: &Assignment<'_, i64>) -> bool {
        self.holds(|var| a.get(var).copied())
    }

    fn promising(&self, a: &Assignment<'_, i64>, c: Choice<'_, i64>) -> bool {
        self.holds(|var| {
            if var == c.var {
                Some(*c.value)
            } else {
                a.get(var).copied()
            }
        })
    }
}

/// The ring's vertices coloured with 3 interchangeable colours, a 0/1 flag
/// per edge, and the number of flagged edges as the goal: a renaming of
/// the colours keeps it, so the goal may be declared invariant.
fn alike_edges(invariant: bool) -> (Model<i64, (AlikeFlags, Objective)>, Goal) {
    let mut b = ModelBuilder::new();
    let colours: Vec<usize> = (0..RING)
        .map(|i| b.variable(format!("v{i}"), 0..3i64))
        .collect();
    b.interchangeable_values(colours.clone(), 0..3);
    let triples: Vec<[usize; 3]> = ring_edges()
        .iter()
        .map(|&(u, v)| {
            let flag = b.variable(format!("alike {u}-{v}"), 0..2i64);
            [colours[u], colours[v], flag]
        })
        .collect();
    let alike = Objective::new("alike edges", triples.iter().map(|t| (1, t[2])));
    let goal = alike.goal();
    if invariant {
        goal.declare_invariant();
    }
    let model = b.build((AlikeFlags(triples), alike)).unwrap();
    (model, goal)
}

#[test]
fn a_goal_declared_invariant_searches_fewer_nodes_in_the_runner_for_the_brute_force_optimum() {
    let edges = ring_edges();
    let mut brute = usize::MAX;
    for code in 0..3usize.pow(RING as u32) {
        let colour = |v: usize| code / 3usize.pow(v as u32) % 3;
        let alike = edges.iter().filter(|&&(u, v)| colour(u) == colour(v));
        brute = brute.min(alike.count());
    }
    assert!(brute > 0, "the ring needs more than three colours");
    let brute = i64::try_from(brute).unwrap();
    let dir = temp_dir();
    let mut nodes = Vec::new();
    for invariant in [false, true] {
        let (mut model, goal) = alike_edges(invariant);
        let path = dir.path().join(format!("ring-{invariant}.ckpt"));
        let runner = || {
            Runner::new("alike-edges")
                .split(Split::Depth(2))
                .threads(1)
                .checkpoint(&path)
        };
        // Stopped by growing node budgets, resumed until proven.
        let mut runs = 0;
        let report = loop {
            runs += 1;
            let report = runner()
                .node_limit(20 << runs)
                .minimize(&mut model, &goal)
                .unwrap();
            if report.proven {
                break report;
            }
            assert_eq!(report.stop, StopReason::NodeLimit);
        };
        assert!(runs > 1, "invariant {invariant}: the budget never stopped");
        let best = report.best.expect("a colouring");
        assert_eq!(best.cost, brute, "invariant {invariant}");
        let alike = edges
            .iter()
            .filter(|&&(u, v)| best.values[u] == best.values[v])
            .count();
        assert_eq!(i64::try_from(alike).unwrap(), brute);
        // The whole run again from an empty checkpoint, to count its nodes.
        std::fs::remove_file(&path).unwrap();
        let whole = runner().minimize(&mut model, &goal).unwrap();
        assert!(whole.proven);
        assert_eq!(whole.best.map(|b| b.cost), Some(brute));
        nodes.push(whole.stats.nodes);
    }
    // One colouring of each class: fewer nodes with the declaration.
    assert!(nodes[1] < nodes[0], "nodes without, with: {nodes:?}");
}
