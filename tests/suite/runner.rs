//! The long count of the library, `units::Runner`: resumed from a partial
//! checkpoint it gives the direct count; a foreign or damaged checkpoint is
//! refused and left unchanged; cancellation and the node budget stop it,
//! keeping the finished units; progress reports every unit once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use backtracker::units::{CheckpointError, RunError, RunProgress, Runner, Split, auto_split};
use backtracker::{StopReason, UnitError};
use backtracker_puzzles::coloring::{Graph, coloring};
use backtracker_puzzles::{Rule, nqueens, nqueens_with};

use crate::support::{A000170, brute_force_colorings, petersen};

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

/// The 4-colourings of the Petersen graph, and their count by brute force.
fn petersen_4() -> (Graph, u128) {
    let edges = petersen();
    let graph = Graph::from_edges(10, edges.iter().copied()).expect("the Petersen graph");
    (graph, brute_force_colorings(10, &edges, 4))
}

#[test]
fn a_run_counts_what_a_plain_count_counts_on_any_number_of_threads() {
    let (graph, known) = petersen_4();
    let mut model = coloring(&graph, 4).unwrap();
    assert_eq!(model.search().count().value, known);
    for threads in [1, 2, 3] {
        for depth in [0, 1, 3, 10] {
            let report = Runner::new("petersen-4")
                .split(Split::Depth(depth))
                .threads(threads)
                .run(&mut model)
                .unwrap();
            assert_eq!(
                report.total,
                Some(known),
                "{threads} threads, depth {depth}"
            );
            assert_eq!(report.stop, StopReason::Completed);
            assert_eq!((report.done, report.resumed), (report.units, 0));
        }
    }
    let mut queens = nqueens(9).unwrap();
    for symmetry in [true, false] {
        let report = Runner::new("nqueens-9")
            .symmetry(symmetry)
            .run(&mut queens)
            .unwrap();
        assert_eq!(report.total, Some(A000170[9]), "symmetry {symmetry}");
    }
}

#[test]
fn a_run_resumed_from_a_partial_checkpoint_gives_the_direct_count() {
    let (graph, known) = petersen_4();
    let mut model = coloring(&graph, 4).unwrap();
    let dir = temp_dir();
    let path = dir.path().join("petersen.ckpt");
    let full = Runner::new("petersen-4")
        .split(Split::Depth(3))
        .threads(2)
        .checkpoint(&path)
        .run(&mut model)
        .unwrap();
    assert_eq!(full.total, Some(known));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + full.units, "the header and every unit");
    assert!(full.units > 4);
    // Keep the header and every other result: a run stopped part way,
    // its units finished out of order.
    let partial: String = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || i % 2 == 1)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    std::fs::write(&path, &partial).unwrap();
    let kept = partial.lines().count() - 1;
    for threads in [1, 2] {
        std::fs::write(&path, &partial).unwrap();
        let resumed = Runner::new("petersen-4")
            .split(Split::Depth(3))
            .threads(threads)
            .checkpoint(&path)
            .run(&mut model)
            .unwrap();
        assert_eq!(resumed.total, Some(known), "{threads} threads");
        assert_eq!(resumed.resumed, kept);
        assert_eq!(resumed.done, full.units);
        let after = std::fs::read_to_string(&path).unwrap();
        assert!(
            after.starts_with(&partial),
            "the kept results stay as they were"
        );
        assert_eq!(after.lines().count(), 1 + full.units);
    }
    // The same on this thread, for a model of boxed checkers.
    let mut boxed = nqueens_with(8, &Rule::ALL).unwrap();
    let path = dir.path().join("boxed.ckpt");
    let stopped = Runner::new("nqueens-8")
        .split(Split::Depth(2))
        .checkpoint(&path)
        .node_limit(300)
        .plan(&mut boxed)
        .unwrap()
        .run_in_turn()
        .unwrap();
    assert_eq!(
        (stopped.total, &stopped.stop),
        (None, &StopReason::NodeLimit)
    );
    assert!(
        stopped.done > 0 && stopped.done < stopped.units,
        "{stopped:?}"
    );
    let resumed = Runner::new("nqueens-8")
        .split(Split::Depth(2))
        .checkpoint(&path)
        .plan(&mut boxed)
        .unwrap()
        .run_in_turn()
        .unwrap();
    assert_eq!(resumed.total, Some(A000170[8]));
    assert_eq!(resumed.resumed, stopped.done);
}

#[test]
fn a_foreign_or_other_runs_checkpoint_is_refused_and_left_unchanged() {
    let (graph, _) = petersen_4();
    let mut model = coloring(&graph, 4).unwrap();
    let dir = temp_dir();
    let good = dir.path().join("good.ckpt");
    Runner::new("petersen-4")
        .split(Split::Depth(2))
        .checkpoint(&good)
        .run(&mut model)
        .unwrap();
    let good_bytes = std::fs::read(&good).unwrap();
    let damaged = String::from_utf8(good_bytes.clone())
        .unwrap()
        .replacen("count=", "count=1", 1);
    let cases: Vec<(&str, Vec<u8>, Runner<'_>)> = vec![
        (
            "notes",
            b"to do: count the colourings".to_vec(),
            Runner::new("petersen-4").split(Split::Depth(2)),
        ),
        (
            "another model",
            good_bytes.clone(),
            Runner::new("petersen-4b").split(Split::Depth(2)),
        ),
        (
            "another depth",
            good_bytes.clone(),
            Runner::new("petersen-4").split(Split::Depth(3)),
        ),
        (
            "an edited count",
            damaged.into_bytes(),
            Runner::new("petersen-4").split(Split::Depth(2)),
        ),
    ];
    for (what, bytes, runner) in cases {
        let path = dir.path().join("case.ckpt");
        std::fs::write(&path, &bytes).unwrap();
        let error = runner.checkpoint(&path).run(&mut model).unwrap_err();
        let kind_ok = match what {
            "notes" => matches!(error, RunError::Checkpoint(CheckpointError::Foreign { .. })),
            "an edited count" => {
                matches!(error, RunError::Checkpoint(CheckpointError::Damaged { .. }))
            }
            _ => matches!(
                error,
                RunError::Checkpoint(CheckpointError::OtherRun { .. })
            ),
        };
        assert!(kind_ok, "{what}: {error}");
        assert!(
            error.to_string().contains("left unchanged"),
            "{what}: {error}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{what}: changed");
    }
    // A split beyond the limit is refused before any file is made.
    let path = dir.path().join("never.ckpt");
    let error = Runner::new("petersen-4")
        .split(Split::Depth(10))
        .max_units(5)
        .checkpoint(&path)
        .run(&mut model)
        .unwrap_err();
    assert!(
        matches!(error, RunError::Split(UnitError::TooManyUnits { limit: 5 })),
        "{error}"
    );
    assert!(!path.exists());
}

#[test]
fn cancellation_stops_a_run_keeping_the_finished_units() {
    let mut model = nqueens(14).unwrap();
    let dir = temp_dir();
    let path = dir.path().join("cancelled.ckpt");
    // Set before the run: nothing is counted.
    let flag = Arc::new(AtomicBool::new(true));
    let report = Runner::new("nqueens-14")
        .split(Split::Depth(3))
        .threads(2)
        .checkpoint(&path)
        .cancel_flag(Arc::clone(&flag))
        .run(&mut model)
        .unwrap();
    assert_eq!((report.total, &report.stop), (None, &StopReason::Cancelled));
    assert_eq!(report.done, 0);
    // Set by the progress callback once three units are done.
    let flag = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&flag);
    let report = Runner::new("nqueens-14")
        .split(Split::Depth(3))
        .threads(1)
        .checkpoint(&path)
        .cancel_flag(Arc::clone(&flag))
        .on_progress(move |p: &RunProgress| {
            if p.units_done >= 3 {
                setter.store(true, Ordering::SeqCst);
            }
        })
        .run(&mut model)
        .unwrap();
    assert_eq!((report.total, &report.stop), (None, &StopReason::Cancelled));
    assert!(report.done >= 3 && report.done < report.units, "{report:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text.lines().count(),
        1 + report.done,
        "every finished unit is kept"
    );
    // Resumed without the flag, it finishes with the exact count.
    let resumed = Runner::new("nqueens-14")
        .split(Split::Depth(3))
        .checkpoint(&path)
        .run(&mut model)
        .unwrap();
    assert_eq!(resumed.total, Some(A000170[14]));
    assert_eq!(resumed.resumed, report.done);
}

#[test]
fn progress_reports_before_the_count_and_once_per_unit() {
    let (graph, known) = petersen_4();
    let mut model = coloring(&graph, 4).unwrap();
    let seen: Mutex<Vec<RunProgress>> = Mutex::new(Vec::new());
    let report = Runner::new("petersen-4")
        .split(Split::Depth(2))
        .threads(2)
        .on_progress(|p| seen.lock().unwrap().push(p.clone()))
        .run(&mut model)
        .unwrap();
    assert_eq!(report.total, Some(known));
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.len(), 1 + report.units);
    let done: Vec<usize> = seen.iter().map(|p| p.units_done).collect();
    assert_eq!(done, (0..=report.units).collect::<Vec<_>>());
    assert!(seen.windows(2).all(|w| w[0].share_done <= w[1].share_done));
    let last = seen.last().unwrap();
    assert!((last.share_done - 1.0).abs() < 1e-9, "{last:?}");
    assert_eq!(last.nodes, report.stats.nodes);
    assert_eq!(last.units_total, report.units);
}

#[test]
fn an_automatic_split_gives_every_worker_ten_units_and_the_exact_count() {
    let (graph, known) = petersen_4();
    let mut model = coloring(&graph, 4).unwrap();
    for workers in [1, 2, 4] {
        let split = auto_split(&mut model, workers, true, 0, 1_000_000).unwrap();
        // Ten units per worker, as `auto_split` documents.
        assert!(split.units.len() >= 10 * workers, "{workers}");
        assert!((0.0..=1.0).contains(&split.largest_share));
        let report = Runner::new("petersen-4")
            .split(Split::Auto)
            .threads(workers)
            .run(&mut model)
            .unwrap();
        assert_eq!(report.depth, split.depth, "the same choice again");
        assert_eq!(report.total, Some(known), "{workers} workers");
    }
    // A model with no variables has one unit, its one (empty) solution.
    let mut empty = nqueens(0).unwrap();
    let report = Runner::new("nqueens-0")
        .split(Split::Auto)
        .run(&mut empty)
        .unwrap();
    assert_eq!((report.depth, report.units, report.total), (0, 1, Some(1)));
    // Its one unit is the whole tree, though the tree has no node below
    // the root for the estimates to weigh (the share was 0).
    let split = auto_split(&mut empty, 1, true, 0, 1_000_000).unwrap();
    assert_eq!((split.units.len(), split.largest_share), (1, 1.0));
}
