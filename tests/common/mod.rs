//! Helpers shared by the integration tests: known answers typed in from
//! public sources and small brute-force oracles that do not use the engine.

#![allow(dead_code)]

/// OEIS A000170: the number of ways to place n non-attacking queens on an
/// n x n board, for n = 0, 1, 2, ... (<https://oeis.org/A000170>).
pub const A000170: [u128; 19] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
    95815104, 666090624,
];

/// The number of N-Queens solutions for an n x n board, from [`A000170`].
pub fn known(n: usize) -> u128 {
    A000170[n]
}

/// Whether a queen in row `row`, column `col` is attacked by none of the
/// queens in `placed` (`placed[r]` is the column of the queen in row `r`).
pub fn queen_fits(placed: &[usize], row: usize, col: usize) -> bool {
    placed.iter().enumerate().all(|(r, &c)| {
        c != col && r + c != row + col && (c as isize - r as isize) != (col as isize - row as isize)
    })
}

/// Whether no two of the queens `cols` (one per row) attack each other.
pub fn queens_ok(cols: &[usize]) -> bool {
    (0..cols.len()).all(|row| queen_fits(&cols[..row], row, cols[row]))
}

/// What a plain recursive walk of the N-Queens tree sees (one variable per
/// row, columns in increasing order, a placement kept when no earlier
/// queen attacks it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Placements kept, at every depth (the root not included).
    pub nodes: u64,
    /// Complete placements.
    pub solutions: Vec<Vec<usize>>,
    /// The most queens placed at once.
    pub max_depth: usize,
    /// Placements refused because of a column, a diagonal (`r + c`) and an
    /// anti-diagonal (`c - r`), each attributed to the first rule of the
    /// three, in that order, that refuses it.
    pub rejected: [u64; 3],
}

/// Walks the N-Queens tree below `prefix` (the columns of the first rows,
/// assumed consistent) and reports what it saw below it.
pub fn queens_walk_below(n: usize, prefix: &[usize]) -> Walk {
    fn go(n: usize, placed: &mut Vec<usize>, walk: &mut Walk) {
        let row = placed.len();
        walk.max_depth = walk.max_depth.max(row);
        if row == n {
            walk.solutions.push(placed.clone());
            return;
        }
        for col in 0..n {
            let column = placed.contains(&col);
            let diagonal = placed.iter().enumerate().any(|(r, &c)| r + c == row + col);
            let anti = placed
                .iter()
                .enumerate()
                .any(|(r, &c)| c as isize - r as isize == col as isize - row as isize);
            if column {
                walk.rejected[0] += 1;
            } else if diagonal {
                walk.rejected[1] += 1;
            } else if anti {
                walk.rejected[2] += 1;
            } else {
                walk.nodes += 1;
                placed.push(col);
                go(n, placed, walk);
                placed.pop();
            }
        }
    }
    let mut walk = Walk::default();
    let mut placed = prefix.to_vec();
    go(n, &mut placed, &mut walk);
    walk
}

/// The whole N-Queens tree.
pub fn queens_walk(n: usize) -> Walk {
    queens_walk_below(n, &[])
}

/// A placement reflected left to right.
pub fn mirrored(cols: &[usize], n: usize) -> Vec<usize> {
    cols.iter().map(|&c| n - 1 - c).collect()
}

/// The binary of the example `name`, built once per test process beside
/// this test's own target directory and profile (tests cannot name example
/// binaries through `CARGO_BIN_EXE_*`).
pub fn example_binary(name: &str) -> std::path::PathBuf {
    use std::path::Path;
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executable in target/<profile>/deps");
    let target_dir = profile_dir.parent().expect("target directory");
    let profile = profile_dir
        .file_name()
        .and_then(|p| p.to_str())
        .unwrap_or("debug");
    let mut cargo = std::process::Command::new(env!("CARGO"));
    cargo
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--quiet", "--example", name, "--target-dir"])
        .arg(target_dir);
    match profile {
        "debug" => {}
        "release" => {
            cargo.arg("--release");
        }
        other => {
            cargo.args(["--profile", other]);
        }
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "building the {name} example failed");
    profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}
