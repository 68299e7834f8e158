//! Helpers shared by the integration tests: known answers typed in from
//! public sources, small brute-force oracles and graphs that do not use the
//! engine, and the running of the examples as commands.

/// OEIS A000170: the number of ways to place n non-attacking queens on an
/// n x n board, for n = 0, 1, 2, ... (<https://oeis.org/A000170>).
pub const A000170: [u128; 19] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
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

/// The variables of N-Queens, with no checker yet: `row r` holds the
/// column of the queen in row `r`.
pub fn queens_variables(n: usize) -> backtracker::ModelBuilder<usize> {
    let mut b = backtracker::ModelBuilder::new();
    for r in 0..n {
        b.variable(format!("row {r}"), 0..n);
    }
    b
}

/// The three N-Queens rules as general line checkers (not the reference
/// model's one-word ones), in model order: columns, diagonals,
/// anti-diagonals.
#[expect(
    clippy::type_complexity,
    reason = "three closure types, one per rule, that a caller may not name"
)]
pub fn queens_lines(
    n: usize,
) -> (
    backtracker::constraints::AtMostOnePerLine<impl Fn(usize, &usize) -> usize + Clone + Send>,
    backtracker::constraints::AtMostOnePerLine<impl Fn(usize, &usize) -> usize + Clone + Send>,
    backtracker::constraints::AtMostOnePerLine<impl Fn(usize, &usize) -> usize + Clone + Send>,
) {
    use backtracker::constraints::AtMostOnePerLine;
    (
        AtMostOnePerLine::new("columns", |_, &c: &usize| c),
        AtMostOnePerLine::new("diagonals", |r, &c: &usize| r + c),
        AtMostOnePerLine::new("anti-diagonals", move |r, &c: &usize| c + n - 1 - r),
    )
}

/// Sudoku puzzles, one per line, from public collections (see
/// `tests/data/sudoku/`).
pub const TOP95: &str = include_str!("../data/sudoku/top95.txt");
/// See [`TOP95`].
pub const HARDEST: &str = include_str!("../data/sudoku/hardest.txt");

/// The first puzzle of top95.txt and its solution as printed in Peter
/// Norvig's essay "Solving Every Sudoku Puzzle" (the "hard1"/grid2 example).
pub const NORVIG_PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// See [`NORVIG_PUZZLE`].
pub const NORVIG_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// Whether an outside tool a test needs is present (`true`), or, when
/// it is missing, a note on standard error (`false`) so that the test can
/// skip. Under `CI=true` a missing tool fails the test instead: CI installs
/// every tool its tests need (`.ci/run`), and a test that skips there
/// could never fail. `found` is the outcome of looking for it; `install`
/// says how to get it.
pub fn tool_present(found: bool, tool: &str, install: &str) -> bool {
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{tool} is missing, and CI needs it for this test ({install})"
        );
        eprintln!("note: {tool} is not installed ({install}): test skipped");
    }
    found
}

/// A temporary file holding `text`.
pub fn temp_file(text: &str) -> tempfile::NamedTempFile {
    use std::io::Write;
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(text.as_bytes()).expect("written");
    f
}

// ------------------------------------------------------ examples as commands

/// The binary of the example `name`, as `cargo test` at the repository's
/// root built it beside this test's own target directory and profile
/// (`target/<profile>/examples/`): tests cannot name example binaries
/// through `CARGO_BIN_EXE_*`, and a test that ran cargo itself would build
/// them a second time.
pub fn example_binary(name: &str) -> std::path::PathBuf {
    use std::path::Path;
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executable in target/<profile>/deps");
    let binary = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "{} is missing: run the suite with `cargo test` at the repository's root, \
         which builds the examples first",
        binary.display()
    );
    binary
}

/// Starts the example `name` with `args`, no standard input, and its
/// output captured.
pub fn spawn(name: &str, args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    example_command(name, args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {name}: {e}"))
}

/// The lines of the file at `path` (0 while it does not exist).
pub fn line_count(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Waits until `path` holds at least `lines` lines, while `child` runs.
pub fn wait_for_lines(child: &mut std::process::Child, path: &std::path::Path, lines: usize) {
    while line_count(path) < lines {
        assert!(
            child.try_wait().expect("poll child").is_none(),
            "the count ended before writing {lines} checkpoint lines"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Sends `signal` (`-KILL`, `-INT`) to `child`.
pub fn send_signal(child: &std::process::Child, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
}

/// What one run of an example printed, and how it ended.
#[derive(Debug)]
pub struct Run {
    /// The command line, as `name ["arg", ...]`, for messages.
    pub command: String,
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The run of `name` with `args` that ended with `output`.
    pub fn new(name: &str, args: &[&str], output: std::process::Output) -> Run {
        let command = format!("{name} {args:?}");
        Run {
            code: output.status.code(),
            stdout: String::from_utf8(output.stdout)
                .unwrap_or_else(|e| panic!("{command}: stdout is not UTF-8: {e}")),
            stderr: String::from_utf8(output.stderr)
                .unwrap_or_else(|e| panic!("{command}: stderr is not UTF-8: {e}")),
            command,
        }
    }
}

/// A command running the example `name` with `args` (standard streams
/// not set up yet).
pub fn example_command(name: &str, args: &[&str]) -> std::process::Command {
    let mut command = std::process::Command::new(example_binary(name));
    command.args(args);
    command
}

/// Runs the example `name` with `args` and an empty, closed standard input.
pub fn run(name: &str, args: &[&str]) -> Run {
    let output = example_command(name, args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{name} {args:?} does not start: {e}"));
    Run::new(name, args, output)
}

/// Runs the example `name` with `args` and `input` on standard input. The
/// example may stop reading early (after a bad line, say).
pub fn run_with_input(name: &str, args: &[&str], input: &str) -> Run {
    use std::io::{ErrorKind, Write};
    use std::process::Stdio;
    let mut child = example_command(name, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} {args:?} does not start: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    // Written from another thread, so a large input cannot block the
    // example while its output fills the pipes.
    let output = std::thread::scope(|scope| {
        scope.spawn(move || match stdin.write_all(input.as_bytes()) {
            Err(e) if e.kind() != ErrorKind::BrokenPipe => panic!("writing the input: {e}"),
            _ => {}
        });
        child.wait_with_output()
    })
    .unwrap_or_else(|e| panic!("{name} {args:?} cannot be waited for: {e}"));
    Run::new(name, args, output)
}

/// Runs the example `name` with `args` (and empty standard input), checks
/// that it succeeds and returns its standard output.
pub fn run_ok(name: &str, args: &[&str]) -> String {
    let r = run(name, args);
    assert_eq!(r.code, Some(0), "{r:?}");
    r.stdout
}

/// Checks the example's `--help`: exit code 0, `Usage: <name>` and every
/// one of `options` on standard output, nothing on standard error.
pub fn assert_help(name: &str, options: &[&str]) {
    let r = run(name, &["--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains(&format!("Usage: {name}")), "{r:?}");
    for option in options {
        assert!(r.stdout.contains(option), "help lacks {option}: {r:?}");
    }
    assert_eq!(r.stderr, "", "{r:?}");
}

/// A rejected input: exit code 2, nothing on standard output, exactly one
/// line on standard error that starts with `error: ` and mentions
/// `mentions`, and no panic.
pub fn assert_rejected(r: &Run, mentions: &str) {
    assert_eq!(r.code, Some(2), "{r:?}");
    assert_eq!(r.stdout, "", "{} printed something: {r:?}", r.command);
    assert_eq!(r.stderr.lines().count(), 1, "not one line: {r:?}");
    assert!(r.stderr.starts_with("error: "), "{r:?}");
    assert!(
        r.stderr.contains(mentions),
        "{}: {:?} does not mention {mentions:?}",
        r.command,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{r:?}");
}

/// Runs the example `name` with `args` (and empty standard input) and
/// checks that it rejects them: see [`assert_rejected`].
pub fn assert_bad_input(name: &str, args: &[&str], mentions: &str) {
    assert_rejected(&run(name, args), mentions);
}

// ------------------------------------------------------------ graphs

/// Whether `colors` (indexed by vertex - 1) gives the ends of every edge
/// different colours. Vertices are numbered from 1.
pub fn is_proper(edges: &[(usize, usize)], colors: &[usize]) -> bool {
    edges.iter().all(|&(u, v)| colors[u - 1] != colors[v - 1])
}

/// Proper colourings with `k` colours of a graph on `n` vertices (edges
/// from 1), by trying every assignment.
pub fn brute_force_colorings(n: usize, edges: &[(usize, usize)], k: usize) -> u128 {
    let mut colors = vec![0usize; n];
    let mut count = 0;
    loop {
        if is_proper(edges, &colors) {
            count += 1;
        }
        // Next assignment, like an odometer.
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            colors[i] += 1;
            if colors[i] < k {
                break;
            }
            colors[i] = 0;
            i += 1;
        }
    }
}

/// The cycle on vertices 1 to `n`.
pub fn cycle(n: usize) -> Vec<(usize, usize)> {
    (1..=n).map(|v| (v, v % n + 1)).collect()
}

/// The complete graph on vertices 1 to `n`.
pub fn complete(n: usize) -> Vec<(usize, usize)> {
    (1..=n)
        .flat_map(|u| (u + 1..=n).map(move |v| (u, v)))
        .collect()
}

/// The Petersen graph: outer 5-cycle 1-5, spokes to 6-10, inner pentagram.
pub fn petersen() -> Vec<(usize, usize)> {
    let mut edges = cycle(5);
    edges.extend((1..=5).map(|v| (v, v + 5)));
    edges.extend((0..5).map(|i| (6 + i, 6 + (i + 2) % 5)));
    edges
}

/// A graph in DIMACS `.col` format, with a comment line first.
pub fn dimacs(n: usize, edges: &[(usize, usize)]) -> String {
    let mut text = format!("c written by the test\np edge {n} {}\n", edges.len());
    for (u, v) in edges {
        text.push_str(&format!("e {u} {v}\n"));
    }
    text
}

/// The textbook map of Australia's regions, written here independently
/// of the library's tables: the regions in their usual order, ...
pub const MAP_REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];

/// ... and the pairs of regions that share a border.
pub const MAP_BORDERS: [(&str, &str); 9] = [
    ("SA", "WA"),
    ("SA", "NT"),
    ("SA", "Q"),
    ("SA", "NSW"),
    ("SA", "V"),
    ("WA", "NT"),
    ("NT", "Q"),
    ("Q", "NSW"),
    ("NSW", "V"),
];

/// [`MAP_BORDERS`] as edges between positions in [`MAP_REGIONS`] (from 1).
pub fn map_edges() -> Vec<(usize, usize)> {
    let at = |name: &str| MAP_REGIONS.iter().position(|r| *r == name).unwrap() + 1;
    MAP_BORDERS.iter().map(|&(a, b)| (at(a), at(b))).collect()
}

// ------------------------------------------------------------ exact cover

/// Every cover of an exact-cover problem, by trying every set of options:
/// the sets (as increasing option numbers) in which each of the items
/// `0..primary` appears exactly once and each other item at most once.
/// `options[o]` lists the items of option `o`.
pub fn brute_force_covers(
    items: usize,
    primary: usize,
    options: &[Vec<usize>],
) -> std::collections::BTreeSet<Vec<usize>> {
    assert!(options.len() < 20, "2^{} sets is too many", options.len());
    let mut covers = std::collections::BTreeSet::new();
    for set in 0u32..1 << options.len() {
        let chosen: Vec<usize> = (0..options.len()).filter(|&o| set >> o & 1 == 1).collect();
        let mut times = vec![0usize; items];
        for &o in &chosen {
            for &item in &options[o] {
                times[item] += 1;
            }
        }
        let exact = times[..primary].iter().all(|&t| t == 1);
        if exact && times[primary..].iter().all(|&t| t <= 1) {
            covers.insert(chosen);
        }
    }
    covers
}

// ------------------------------------------------------------ polyominoes

/// The tilings of `board` (text grid, `#` a cell) by `pieces` (text grids),
/// each piece used once, turned and (with `reflections`) flipped, counted
/// by a plain recursive search: the first empty cell, row by row, takes
/// each unused piece in each orientation whose first cell lands on it.
pub fn brute_force_tilings(board: &str, pieces: &[&str], reflections: bool) -> u64 {
    type Cells = Vec<(i64, i64)>;
    fn cells(grid: &str) -> Cells {
        let mut out = Vec::new();
        for (r, line) in grid.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '#' {
                    out.push((r as i64, c as i64));
                }
            }
        }
        out
    }
    fn normal(mut cells: Cells) -> Cells {
        let top = cells.iter().map(|c| c.0).min().unwrap();
        let left = cells.iter().map(|c| c.1).min().unwrap();
        for cell in &mut cells {
            *cell = (cell.0 - top, cell.1 - left);
        }
        cells.sort_unstable();
        cells
    }
    fn go(
        free: &mut std::collections::BTreeSet<(i64, i64)>,
        shapes: &[Vec<Cells>],
        used: &mut [bool],
    ) -> u64 {
        let Some(&(r, c)) = free.iter().next() else {
            return 1;
        };
        let mut count = 0;
        for k in 0..shapes.len() {
            if used[k] {
                continue;
            }
            for shape in &shapes[k] {
                let (r0, c0) = shape[0];
                let placed: Cells = shape
                    .iter()
                    .map(|&(a, b)| (r + a - r0, c + b - c0))
                    .collect();
                if placed.iter().all(|cell| free.contains(cell)) {
                    for cell in &placed {
                        free.remove(cell);
                    }
                    used[k] = true;
                    count += go(free, shapes, used);
                    used[k] = false;
                    free.extend(placed);
                }
            }
        }
        count
    }
    let shapes: Vec<Vec<Cells>> = pieces
        .iter()
        .map(|grid| {
            let mut seen: Vec<Cells> = Vec::new();
            let mut shape = normal(cells(grid));
            for flip in 0..if reflections { 2 } else { 1 } {
                if flip == 1 {
                    shape = normal(shape.iter().map(|&(r, c)| (r, -c)).collect());
                }
                for _ in 0..4 {
                    if !seen.contains(&shape) {
                        seen.push(shape.clone());
                    }
                    shape = normal(shape.iter().map(|&(r, c)| (c, -r)).collect());
                }
            }
            seen
        })
        .collect();
    let mut free = cells(board).into_iter().collect();
    go(&mut free, &shapes, &mut vec![false; pieces.len()])
}

/// A model of boxed checkers, as the property tests build them.
pub type BoxedModel<V> = backtracker::Model<V, Vec<backtracker::DynChecker<V>>>;

/// Checks a model against its brute-force solutions `expected` (listed in
/// declared order), searched as `search` sets up: in declared order the
/// solutions in that order and their count; in smallest-domain-first order
/// the same set; in cross-check mode, in both orders, the full count with
/// no disagreement. `how` names the way of searching in failures.
pub fn agrees_with_brute_force<V, B, S>(
    build: B,
    search: S,
    expected: &[Vec<V>],
    how: &str,
) -> Result<(), proptest::test_runner::TestCaseError>
where
    V: Clone + Ord + std::fmt::Debug,
    B: Fn(backtracker::VariableOrder) -> BoxedModel<V>,
    S: for<'m> Fn(
        &'m mut BoxedModel<V>,
    ) -> backtracker::Search<'m, V, Vec<backtracker::DynChecker<V>>>,
{
    use backtracker::{StopReason, VariableOrder};
    use proptest::prop_assert_eq;
    let total = expected.len() as u128;
    let mut sorted = expected.to_vec();
    sorted.sort();
    let mut declared = build(VariableOrder::Declared);
    let found: Vec<Vec<V>> = search(&mut declared).solutions().collect();
    prop_assert_eq!(&found, &expected.to_vec(), "{}", how);
    prop_assert_eq!(search(&mut declared).count().value, total, "{}", how);
    let crossed = search(&mut declared).cross_check(true).count();
    prop_assert_eq!(&crossed.stop, &StopReason::Completed, "{}", how);
    prop_assert_eq!(crossed.value, total, "{}", how);
    let mut dynamic = build(VariableOrder::SmallestDomainFirst);
    let mut found: Vec<Vec<V>> = search(&mut dynamic).solutions().collect();
    found.sort();
    prop_assert_eq!(&found, &sorted, "smallest domain first, {}", how);
    let crossed = search(&mut dynamic).cross_check(true).count();
    prop_assert_eq!(
        &crossed.stop,
        &StopReason::Completed,
        "smallest domain first, {}",
        how
    );
    prop_assert_eq!(crossed.value, total, "smallest domain first, {}", how);
    Ok(())
}

/// [`agrees_with_brute_force`] without and with forward checking.
pub fn agrees_with_and_without_forward_checking<V, B>(
    build: B,
    expected: &[Vec<V>],
) -> Result<(), proptest::test_runner::TestCaseError>
where
    V: Clone + Ord + std::fmt::Debug,
    B: Fn(backtracker::VariableOrder) -> BoxedModel<V>,
{
    for fc in [false, true] {
        agrees_with_brute_force(
            &build,
            |m| {
                if fc {
                    m.search().forward_checking()
                } else {
                    m.search()
                }
            },
            expected,
            &format!("forward checking {fc}"),
        )?;
    }
    Ok(())
}

/// A builder with one variable per domain, named `x0`, `x1`, ...
pub fn builder_over<T: Clone>(domains: &[Vec<T>]) -> backtracker::ModelBuilder<T> {
    let mut b = backtracker::ModelBuilder::new();
    for (i, d) in domains.iter().enumerate() {
        b.variable(format!("x{i}"), d.iter().cloned());
    }
    b
}

/// Every assignment of values to variables with the given domains, in
/// lexicographic order of domain index (the last variable fastest): the
/// brute force of the global-constraint tests.
pub fn every_assignment<T: Copy>(domains: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    if domains.iter().any(Vec::is_empty) {
        return out;
    }
    let mut at = vec![0usize; domains.len()];
    loop {
        out.push(at.iter().zip(domains).map(|(&i, d)| d[i]).collect());
        // Odometer, last variable fastest.
        let mut i = at.len();
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            at[i] += 1;
            if at[i] < domains[i].len() {
                break;
            }
            at[i] = 0;
        }
    }
}

/// A random relation of a linear constraint, for property tests.
pub fn relation() -> impl proptest::strategy::Strategy<Value = backtracker::constraints::Relation> {
    use backtracker::constraints::Relation;
    use proptest::strategy::Just;
    proptest::prop_oneof![
        Just(Relation::Equal),
        Just(Relation::AtMost),
        Just(Relation::AtLeast)
    ]
}

/// A random small domain: 1 to 4 distinct values from -3..=3, in a
/// shuffled order.
pub fn small_domain() -> impl proptest::strategy::Strategy<Value = Vec<i32>> {
    use proptest::strategy::Strategy;
    proptest::sample::subsequence((-3i32..=3).collect::<Vec<_>>(), 1..=4).prop_shuffle()
}

/// A model builder with two variables, `x` and `y`, over `0..3`.
pub fn two_variables() -> backtracker::ModelBuilder<usize> {
    let mut b = backtracker::ModelBuilder::new();
    b.variable("x", 0..3usize);
    b.variable("y", 0..3usize);
    b
}

/// Checks that `build` refuses `b` (without checkers) with an invalid
/// symmetry named `name`, for a reason that mentions `mentions`.
pub fn assert_invalid_symmetry<V>(b: backtracker::ModelBuilder<V>, name: &str, mentions: &str) {
    match b.build(()) {
        Err(backtracker::ModelError::InvalidSymmetry { name: n, reason }) => {
            assert_eq!(n, name);
            assert!(reason.contains(mentions), "{reason}");
        }
        Err(other) => panic!("expected an invalid symmetry, got {other}"),
        Ok(_) => panic!("expected an invalid symmetry, got a model"),
    }
}

// ------------------------------------------------------ branch and bound

/// Items of weight 3, 4 and 5 worth 4, 5 and 7 in a bag of 8, the worth
/// to maximise (the best: the first and the last, 11, by hand).
pub fn bag() -> (
    backtracker::Model<
        i64,
        (
            backtracker::constraints::LinearSum,
            backtracker::constraints::Objective,
        ),
    >,
    backtracker::Goal,
) {
    use backtracker::constraints::{LinearSum, Objective};
    let mut b = backtracker::ModelBuilder::new();
    let take: Vec<usize> = (0..3)
        .map(|i| b.variable(format!("item{i}"), [0i64, 1]))
        .collect();
    let bag = LinearSum::at_most("bag", [(3, take[0]), (4, take[1]), (5, take[2])], 8);
    let worth = Objective::new("worth", [(4, take[0]), (5, take[1]), (7, take[2])]);
    let goal = worth.goal();
    (b.build((bag, worth)).unwrap(), goal)
}
