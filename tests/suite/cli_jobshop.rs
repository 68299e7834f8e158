//! Runs the `jobshop` example as a process: ft06's optimum (55, Fisher and
//! Thompson 1963, as published with the OR-Library instances) with a
//! schedule checked here; small random shops against a brute force over
//! every order of the operations on each machine, written here; the node
//! limit's unproven answer with a lower bound (the longest job or the
//! busiest machine, 47 for ft06); bad input.

use crate::support::{assert_bad_input, assert_help, run, run_ok, temp_file};

/// Per job, its `(machine, duration)` operations.
type Shop = Vec<Vec<(usize, i64)>>;

/// The instance in the text form the example reads.
fn text(shop: &Shop, machines: usize) -> String {
    let mut out = format!("{} {machines}\n", shop.len());
    for ops in shop {
        let pairs: Vec<String> = ops.iter().map(|(m, d)| format!("{m} {d}")).collect();
        out.push_str(&pairs.join(" "));
        out.push('\n');
    }
    out
}

/// The makespan on the first line and the starts per job, after checking
/// that they form a schedule of `shop`: jobs in order, machines one
/// operation at a time, and the makespan the last end.
fn checked_schedule(shop: &Shop, out: &str) -> (String, i64) {
    let mut lines = out.lines();
    let head = lines.next().expect("a first line").to_owned();
    let makespan: i64 = head
        .split(' ')
        .nth(1)
        .and_then(|m| m.parse().ok())
        .expect("makespan N");
    let mut ends = 0;
    let mut runs: Vec<(usize, i64, i64)> = Vec::new();
    for (j, ops) in shop.iter().enumerate() {
        let line = lines.next().expect("a line per job");
        let starts: Vec<i64> = line
            .strip_prefix(&format!("job {j}: "))
            .expect("job J: starts")
            .split(' ')
            .map(|s| s.parse().expect("a start"))
            .collect();
        assert_eq!(starts.len(), ops.len());
        for k in 0..ops.len() {
            assert!(starts[k] >= 0);
            if k > 0 {
                assert!(
                    starts[k - 1] + ops[k - 1].1 <= starts[k],
                    "job {j} out of order"
                );
            }
            runs.push((ops[k].0, starts[k], starts[k] + ops[k].1));
            ends = ends.max(starts[k] + ops[k].1);
        }
    }
    for (a, &(m, s, e)) in runs.iter().enumerate() {
        for &(n, t, f) in &runs[a + 1..] {
            assert!(
                m != n || e <= t || f <= s || s == e || t == f,
                "overlap on machine {m}"
            );
        }
    }
    assert_eq!(ends, makespan);
    (head, makespan)
}

/// The least makespan by trying every order of the operations on each
/// machine: the earliest starts of an order are the longest paths to each
/// operation (none when the orders and the jobs make a cycle).
fn brute_force(shop: &Shop, machines: usize) -> i64 {
    use itertools::Itertools;
    let ops: Vec<(usize, usize)> = shop
        .iter()
        .enumerate()
        .flat_map(|(j, o)| (0..o.len()).map(move |k| (j, k)))
        .collect();
    let per_machine: Vec<Vec<(usize, usize)>> = (0..machines)
        .map(|m| {
            ops.iter()
                .copied()
                .filter(|&(j, k)| shop[j][k].0 == m)
                .collect()
        })
        .collect();
    let orders = per_machine
        .iter()
        .map(|list| {
            list.iter()
                .copied()
                .permutations(list.len())
                .collect::<Vec<_>>()
        })
        .multi_cartesian_product();
    let mut best = i64::MAX;
    for order in orders {
        // Arcs: job order and machine order.
        let mut arcs: Vec<((usize, usize), (usize, usize))> = Vec::new();
        for (j, o) in shop.iter().enumerate() {
            for k in 1..o.len() {
                arcs.push(((j, k - 1), (j, k)));
            }
        }
        for seq in &order {
            for w in seq.windows(2) {
                arcs.push((w[0], w[1]));
            }
        }
        let mut start: std::collections::HashMap<(usize, usize), i64> =
            ops.iter().map(|&op| (op, 0)).collect();
        let mut stable = false;
        for _ in 0..=ops.len() {
            stable = true;
            for &(a, b) in &arcs {
                let t = start[&a] + shop[a.0][a.1].1;
                if t > start[&b] {
                    start.insert(b, t);
                    stable = false;
                }
            }
            if stable {
                break;
            }
        }
        if stable {
            let makespan = ops
                .iter()
                .map(|&(j, k)| start[&(j, k)] + shop[j][k].1)
                .max()
                .unwrap_or(0);
            best = best.min(makespan);
        }
    }
    best
}

#[test]
fn jobshop_proves_ft06_optimal_at_55() {
    let ft06 = include_str!("../../examples/data/ft06.txt");
    let shop: Shop = ft06
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let v: Vec<i64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            v.chunks(2).map(|p| (p[0] as usize, p[1])).collect()
        })
        .collect();
    let file = temp_file(ft06);
    let out = run_ok("jobshop", &[file.path().to_str().unwrap(), "--quiet"]);
    let (head, makespan) = checked_schedule(&shop, &out);
    assert_eq!((head.as_str(), makespan), ("makespan 55 (optimal)", 55));
}

#[test]
fn jobshop_agrees_with_brute_force_on_small_random_shops() {
    let mut rng = backtracker::Rng::new(51);
    for round in 0..12 {
        let (jobs, machines) = [(2, 2), (3, 2), (2, 3)][round % 3];
        let shop: Shop = (0..jobs)
            .map(|_| {
                let mut order: Vec<usize> = (0..machines).collect();
                rng.shuffle(&mut order);
                order
                    .into_iter()
                    .map(|m| (m, rng.below(6) as i64))
                    .collect()
            })
            .collect();
        let file = temp_file(&text(&shop, machines));
        let out = run_ok(
            "jobshop",
            &[file.path().to_str().unwrap(), "--quiet", "--cross-check"],
        );
        let (head, makespan) = checked_schedule(&shop, &out);
        let best = brute_force(&shop, machines);
        assert_eq!(head, format!("makespan {best} (optimal)"), "{shop:?}");
        assert_eq!(makespan, best);
    }
}

#[test]
fn jobshop_stopped_early_gives_its_best_with_a_lower_bound() {
    let file = temp_file(include_str!("../../examples/data/ft06.txt"));
    let r = run(
        "jobshop",
        &[
            file.path().to_str().unwrap(),
            "--quiet",
            "--node-limit",
            "40",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let head = r.stdout.lines().next().unwrap_or_default();
    assert!(
        head.starts_with("makespan ")
            && head.contains("not proven")
            && head.contains("lower bound 47"),
        "{head}"
    );
}

#[test]
fn jobshop_has_help_and_refuses_bad_input_in_one_line() {
    assert_help("jobshop", &["FILE", "--node-limit", "--quiet"]);
    for (input, mentions) in [
        ("", "empty"),
        ("\n\n", "empty"),
        ("2\n", "two numbers"),
        ("1 2\n0 3 1\n", "pairs"),
        ("1 2\n0 3 2 4\n", "machine 2"),
        ("1 1\n0 -3\n", "duration"),
        ("2 1\n0 3\n", "ends after 1"),
        ("1 1\n0 3\n0 3\n", "more lines"),
        ("1 1\n0 x\n", "`x`"),
    ] {
        let file = temp_file(input);
        assert_bad_input("jobshop", &[file.path().to_str().unwrap()], mentions);
    }
    assert_bad_input("jobshop", &["no/such/file"], "cannot read");
}

#[test]
#[ignore = "extended run: a few seconds in a debug build"]
fn jobshop_proves_la01_optimal_at_666() {
    // Lawrence (1984) la01, 10 jobs on 5 machines: optimum 666, as
    // published with the OR-Library instances.
    let text = include_str!("../../examples/data/la01.txt");
    let shop: Shop = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let v: Vec<i64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            v.chunks(2).map(|p| (p[0] as usize, p[1])).collect()
        })
        .collect();
    let file = temp_file(text);
    let out = run_ok("jobshop", &[file.path().to_str().unwrap(), "--quiet"]);
    let (head, makespan) = checked_schedule(&shop, &out);
    assert_eq!((head.as_str(), makespan), ("makespan 666 (optimal)", 666));
}
