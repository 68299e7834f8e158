//! Checkpoints of the examples beyond a count by units: `nqueens
//! --checkpoint FILE --orbits` killed part way resumes to OEIS A000170,
//! `golomb --checkpoint FILE` stopped by node limits resumes to the optimal
//! rulers of OEIS A003022, and a checkpoint of another question, board or
//! bound is refused in one line and left unchanged.

use std::path::Path;

use crate::support::{A000170, Run, assert_rejected, run, send_signal, spawn, wait_for_lines};

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temp path")
}

#[test]
fn a_count_by_orbits_killed_mid_way_resumes() {
    let dir = temp_dir();
    let ckpt = dir.path().join("orbits.ckpt");
    let ckpt_arg = path_str(&ckpt);
    let args = ["16", "--threads", "1", "--checkpoint", ckpt_arg, "--orbits"];
    let mut child = spawn("nqueens", &args);
    // The header and three parts.
    wait_for_lines(&mut child, &ckpt, 4);
    send_signal(&child, "-KILL");
    let killed = Run::new("nqueens", &args, child.wait_with_output().expect("wait"));
    assert_eq!((killed.code, killed.stdout.as_str()), (None, ""));
    let before = std::fs::read_to_string(&ckpt).expect("checkpoint");
    let header = before.lines().next().expect("a header");
    assert!(
        header.starts_with("backtracker-checkpoint/1 question=orbits model=nqueens-16 orbits="),
        "{header}"
    );
    let parts: usize = header
        .rsplit_once(" parts=")
        .and_then(|(_, n)| n.parse().ok())
        .expect("the number of parts");
    let finished = before.lines().count() - 1;
    assert!(finished >= 3 && finished < parts, "{finished} of {parts}");

    // Resumed on two threads: the parts done are not counted again.
    let resumed = run(
        "nqueens",
        &["16", "--threads", "2", "--checkpoint", ckpt_arg, "--orbits"],
    );
    assert_eq!(resumed.code, Some(0), "{resumed:?}");
    assert_eq!(resumed.stdout, format!("{}\n", A000170[16]));
    assert_eq!(
        resumed.stderr,
        format!(
            "resuming from `{ckpt_arg}`: {finished} of {parts} parts (constellations) already counted\n"
        )
    );
    let after = std::fs::read_to_string(&ckpt).expect("checkpoint");
    // A kill may cut the last line short: the resumed run drops it.
    let kept = before.rfind('\n').map_or(0, |i| i + 1);
    assert!(after.starts_with(&before[..kept]));
    assert_eq!(after.lines().count(), 1 + parts);
}

#[test]
fn an_orbits_checkpoint_and_a_units_checkpoint_refuse_each_other() {
    let dir = temp_dir();
    let orbits = dir.path().join("orbits.ckpt");
    let units = dir.path().join("units.ckpt");
    for (path, extra) in [(&orbits, Some("--orbits")), (&units, None)] {
        let mut args = vec!["9", "--checkpoint", path_str(path)];
        args.extend(extra);
        let r = run("nqueens", &args);
        assert_eq!(r.stdout, format!("{}\n", A000170[9]), "{r:?}");
    }
    for (path, extra, board) in [
        (&orbits, None, "9"),
        (&units, Some("--orbits"), "9"),
        (&orbits, Some("--orbits"), "10"),
    ] {
        let before = std::fs::read(path).expect("checkpoint");
        let mut args = vec![board, "--checkpoint", path_str(path)];
        args.extend(extra);
        let r = run("nqueens", &args);
        assert_rejected(&r, "belongs to another run");
        assert!(r.stderr.contains("left unchanged"), "{r:?}");
        assert_eq!(std::fs::read(path).expect("checkpoint"), before);
    }
}

/// The first line and the marks `golomb` printed.
fn answer(r: &Run) -> (String, Vec<i64>) {
    assert_eq!(r.code, Some(0), "{r:?}");
    let mut lines = r.stdout.lines();
    let head = lines.next().expect("a first line").to_owned();
    let marks = lines
        .next()
        .expect("the marks")
        .split(' ')
        .map(|m| m.parse().expect("a mark"))
        .collect();
    (head, marks)
}

fn is_golomb(marks: &[i64]) -> bool {
    let mut seen = std::collections::HashSet::new();
    marks.first() == Some(&0)
        && marks.windows(2).all(|w| w[0] < w[1])
        && marks
            .iter()
            .enumerate()
            .all(|(i, &u)| marks[i + 1..].iter().all(|&v| seen.insert(v - u)))
}

#[test]
fn golomb_stopped_by_node_limits_resumes_to_the_optimal_ruler() {
    // 8 marks: 34 (OEIS A003022).
    let dir = temp_dir();
    let ckpt = dir.path().join("golomb.ckpt");
    let ckpt_arg = path_str(&ckpt);
    let mut runs = 0;
    let mut limit = 1000u64;
    let (head, marks) = loop {
        runs += 1;
        let kept = crate::support::line_count(&ckpt).saturating_sub(1);
        let limit_arg = limit.to_string();
        let r = run(
            "golomb",
            &[
                "8",
                "--quiet",
                "--checkpoint",
                ckpt_arg,
                "--node-limit",
                &limit_arg,
            ],
        );
        let (head, marks) = answer(&r);
        assert!(is_golomb(&marks), "{marks:?}");
        if head.ends_with("(optimal)") {
            break (head, marks);
        }
        assert!(head.contains("not proven: node limit"), "{head}");
        if kept > 0 {
            assert!(
                r.stderr
                    .starts_with(&format!("resuming from `{ckpt_arg}`: {kept} of ")),
                "{r:?}"
            );
        }
        limit *= 2;
    };
    assert!(runs > 2, "the node limit never stopped the search");
    assert_eq!(head, "length 34 (optimal)");
    assert_eq!(marks.last(), Some(&34));
    let header = std::fs::read_to_string(&ckpt).expect("checkpoint");
    assert!(
        header.starts_with("backtracker-checkpoint/1 question=minimize bound=none model=golomb-8 depth=2 symmetry=off units="),
        "{header}"
    );
    // Finished, it answers again without searching, on any number of threads.
    let again = run("golomb", &["8", "--checkpoint", ckpt_arg, "--threads", "2"]);
    assert_eq!(answer(&again).0, "length 34 (optimal)");
}

#[test]
fn golomb_refuses_a_checkpoint_of_another_bound_or_size() {
    let dir = temp_dir();
    let ckpt = dir.path().join("golomb.ckpt");
    let ckpt_arg = path_str(&ckpt);
    let r = run("golomb", &["6", "--quiet", "--checkpoint", ckpt_arg]);
    assert_eq!(answer(&r).0, "length 17 (optimal)");
    let before = std::fs::read(&ckpt).expect("checkpoint");
    for args in [
        vec!["6", "--checkpoint", ckpt_arg, "--bound", "20"],
        vec!["7", "--checkpoint", ckpt_arg],
        vec!["6", "--checkpoint", ckpt_arg, "--depth", "3"],
    ] {
        let r = run("golomb", &args);
        assert_rejected(&r, "belongs to another run");
        assert_eq!(
            std::fs::read(&ckpt).expect("checkpoint"),
            before,
            "{args:?}"
        );
    }
    // A bound that nothing beats, from a checkpoint of its own: proven.
    let tight = dir.path().join("tight.ckpt");
    let r = run(
        "golomb",
        &["6", "--checkpoint", path_str(&tight), "--bound", "17"],
    );
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr
            .contains("no ruler better than 17 (optimal: 17 is)"),
        "{r:?}"
    );
}
