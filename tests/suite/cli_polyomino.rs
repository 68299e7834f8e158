//! The `polyomino` example as a command: published pentomino counts,
//! tetromino counts checked by brute force, the shape of `--first` and
//! `--all`, and every kind of bad input.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::process::Stdio;

use crate::support::{
    Run, assert_bad_input, assert_help, assert_rejected, brute_force_tilings, example_command, run,
    run_with_input, send_signal, spawn, temp_file, wait_for_lines,
};

const NAME: &str = "polyomino";

/// A rows x cols rectangle as a board file.
fn rectangle(rows: usize, cols: usize) -> String {
    format!("{}\n", "#".repeat(cols)).repeat(rows)
}

/// The five free tetrominoes, drawn here independently of the library.
const TETROMINOES: [&str; 5] = ["####", "##\n##", "###\n.#.", ".##\n##.", "###\n#.."];

/// A 20-cell board that the tetrominoes can tile: the T covers three
/// squares of one colour of a chessboard pattern and one of the other,
/// and this board has two more squares of one colour (a 4 x 5 rectangle,
/// which the tetrominoes cannot tile, with a corner moved).
const TETROMINO_BOARD: &str = ".####\n#####\n#####\n#####\n.#...\n";

/// The count `polyomino` prints for `args` and the board `board`.
fn count(args: &[&str], board: &str) -> u64 {
    let r = run_with_input(NAME, args, board);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    r.stdout.trim().parse().unwrap_or_else(|_| panic!("{r:?}"))
}

/// Published: the 12 pentominoes tile the 3 x 20 rectangle in 2 ways up
/// to symmetry, so in 8 counting the 4 symmetries of the rectangle.
#[test]
fn pentominoes_tile_3x20_in_8_ways() {
    assert_eq!(count(&[], &rectangle(3, 20)), 8);
    let file = temp_file(&rectangle(20, 3));
    let r = run(NAME, &[file.path().to_str().unwrap(), "--threads", "2"]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "8\n"), "{r:?}");
}

#[test]
fn tetrominoes_tile_no_rectangle_of_20_cells() {
    for (rows, cols) in [(4, 5), (2, 10)] {
        assert_eq!(
            count(&["--pieces", "tetrominoes"], &rectangle(rows, cols)),
            0
        );
    }
}

#[test]
fn tetromino_counts_match_brute_force() {
    let free = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, true);
    let one_sided = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, false);
    assert!(free > 0 && one_sided > 0 && one_sided < free);
    assert_eq!(count(&["--pieces", "tetrominoes"], TETROMINO_BOARD), free);
    assert_eq!(
        count(
            &["--pieces", "tetrominoes", "--no-reflections"],
            TETROMINO_BOARD
        ),
        one_sided
    );
}

#[test]
fn a_piece_file_of_your_own_matches_brute_force() {
    // An L tromino, a domino and a long L tetromino, drawn with letters
    // or named by a line.
    let pieces = "A.\nAA\n\ndomino:\n##\n\nL\nL\nLL\n";
    let board = "####\n####\n.#..\n";
    let file = temp_file(pieces);
    let path = file.path().to_str().unwrap();
    let expected = brute_force_tilings(board, &["#.\n##", "##", "#\n#\n##"], true);
    assert!(expected > 0);
    assert_eq!(count(&["--pieces", path], board), expected);
    let r = run_with_input(NAME, &["--pieces", path, "--first"], board);
    assert_eq!(r.code, Some(0), "{r:?}");
    let letters: BTreeSet<char> = r.stdout.chars().filter(char::is_ascii_alphabetic).collect();
    assert_eq!(letters, BTreeSet::from(['A', 'L', 'd']), "{r:?}");
}

/// `--first` draws the board: same rows and holes, every cell a piece
/// letter, each of the 12 letters on 5 cells that touch each other.
#[test]
fn first_draws_the_board_with_one_letter_a_piece() {
    let board = "########\n########\n########\n###..###\n###..###\n########\n########\n########\n";
    let file = temp_file(board);
    let r = run(NAME, &[file.path().to_str().unwrap(), "--first"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let rows: Vec<&str> = r.stdout.lines().collect();
    let board_rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows.len(), board_rows.len(), "{r:?}");
    let mut cells: BTreeMap<char, Vec<(i32, i32)>> = BTreeMap::new();
    for (r_i, (row, board_row)) in rows.iter().zip(&board_rows).enumerate() {
        assert_eq!(row.len(), board_row.len());
        for (c_i, (ch, b)) in row.chars().zip(board_row.chars()).enumerate() {
            assert_eq!(ch == '.', b == '.', "row {r_i}: {row}");
            if ch != '.' {
                cells.entry(ch).or_default().push((r_i as i32, c_i as i32));
            }
        }
    }
    let letters: String = cells.keys().collect();
    assert_eq!(letters, "FILNPTUVWXYZ");
    for (letter, list) in &cells {
        assert_eq!(list.len(), 5, "{letter}");
        // Connected: a walk from the first cell reaches all five.
        let mut seen = vec![list[0]];
        let mut i = 0;
        while i < seen.len() {
            let (a, b) = seen[i];
            for &cell in list {
                if (cell.0 - a).abs() + (cell.1 - b).abs() == 1 && !seen.contains(&cell) {
                    seen.push(cell);
                }
            }
            i += 1;
        }
        assert_eq!(seen.len(), 5, "{letter} is not in one piece");
    }
}

#[test]
fn all_prints_every_tiling_separated_by_blank_lines() {
    let r = run_with_input(NAME, &["--all"], &rectangle(3, 20));
    assert_eq!(r.code, Some(0), "{r:?}");
    let tilings: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(tilings.len(), 8);
    let distinct: BTreeSet<&str> = tilings.iter().map(|t| t.trim_end()).collect();
    assert_eq!(distinct.len(), 8);
    assert!(tilings.iter().all(|t| t.trim_end().lines().count() == 3));
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    // Eight one-cell pieces on a 2 x 4 board: 8! tilings, far more output
    // than a pipe holds.
    let pieces: String = "ABCDEFGH".chars().map(|c| format!("{c}\n\n")).collect();
    let file = temp_file(&pieces);
    let board = temp_file("####\n####\n");
    let mut child = example_command(
        NAME,
        &[
            "--pieces",
            file.path().to_str().unwrap(),
            board.path().to_str().unwrap(),
            "--all",
        ],
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("starts");
    let mut first = [0u8; 64];
    child
        .stdout
        .take()
        .expect("piped")
        .read_exact(&mut first)
        .expect("output");
    // The pipe is closed here, while the example is still writing.
    let output = child.wait_with_output().expect("ends");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(output.stderr, b"", "{output:?}");
}

#[test]
fn stats_and_trace_go_where_they_belong() {
    let r = run_with_input(NAME, &["--stats"], &rectangle(3, 20));
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "8\n"), "{r:?}");
    assert!(
        r.stderr.contains("nodes: ") && r.stderr.contains("solutions: 8"),
        "{r:?}"
    );
    let r = run_with_input(
        NAME,
        &["--pieces", "tetrominoes", "--trace", "--trace-limit", "50"],
        &rectangle(4, 5),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("piece "), "{r:?}");
    assert!(r.stdout.contains("truncated after 50 events"), "{r:?}");
}

#[test]
fn first_without_a_tiling_exits_with_1() {
    let r = run_with_input(
        NAME,
        &["--pieces", "tetrominoes", "--first"],
        &rectangle(4, 5),
    );
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "error: no tiling\n");
}

#[test]
fn help_explains_the_counting_convention() {
    assert_help(
        NAME,
        &[
            "--pieces",
            "--first",
            "--all",
            "--no-reflections",
            "--stats",
            "--trace",
        ],
    );
    let r = run(NAME, &["--help"]);
    assert!(
        r.stdout.contains("9356") && r.stdout.contains("2339"),
        "{r:?}"
    );
}

#[test]
fn bad_boards_are_refused_naming_the_line() {
    let r = run_with_input(NAME, &[], "####\n##x#\n");
    assert_rejected(&r, "line 2, column 3");
    let r = run_with_input(NAME, &[], &rectangle(6, 9));
    assert_rejected(&r, "54 cells");
    assert!(r.stderr.contains("60"), "{r:?}");
    assert_rejected(&run_with_input(NAME, &[], ""), "empty");
    assert_rejected(&run_with_input(NAME, &[], "\n \n"), "empty");
    assert_rejected(&run_with_input(NAME, &[], "....\n"), "no cell");
    assert_rejected(&run_with_input(NAME, &[], "...\n"), "no cell");
    let huge = format!("{}\n", "#".repeat(100_000));
    assert_rejected(&run_with_input(NAME, &[], &huge), "line 1: longer than");
    let big = rectangle(70, 70);
    assert_rejected(&run_with_input(NAME, &[], &big), "4900 cells");
    let r = run_with_input(NAME, &[], &"#".repeat(2 << 20));
    assert_rejected(&r, "larger than");
    let not_utf8 = temp_file("");
    std::fs::write(not_utf8.path(), [b'#', 0xff, b'\n']).unwrap();
    assert_bad_input(NAME, &[not_utf8.path().to_str().unwrap()], "not UTF-8");
    assert_bad_input(NAME, &["/no/such/board"], "cannot read board");
}

#[test]
fn bad_piece_sets_are_refused() {
    let board = rectangle(3, 20);
    assert_rejected(
        &run_with_input(NAME, &["--pieces", "hexominoes"], &board),
        "unknown piece set `hexominoes`",
    );
    for (pieces, mentions) in [
        ("AB\n", "line 1, column 2"),
        ("A\n\n##\n", "line 3"),
        ("A\n\nB\nB?\n", "line 4, column 2"),
        ("A\n\nx:\n.\n", "line 3"),
        ("A\n\nA:\n#\n", "line 3"),
        (":\n#\n", "line 1"),
        ("", "no piece"),
        ("\n\n", "no piece"),
    ] {
        let file = temp_file(pieces);
        let r = run_with_input(NAME, &["--pieces", file.path().to_str().unwrap()], &board);
        assert_rejected(&r, mentions);
    }
    assert_bad_input(NAME, &["--threads", "2", "--first"], "cannot be used with");
}

// ------------------------------------------------- checkpoint and SIGKILL

/// Counts the pentomino tilings of a `rows` x `cols` rectangle with a
/// checkpoint, kills the run with SIGKILL once `kill_after` units are in
/// the checkpoint, resumes it on another number of threads, and checks
/// the total against `known` and the checkpoint against the units.
fn killed_and_resumed(rows: usize, cols: usize, kill_after: usize, known: u64) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let board = dir.path().join("board.txt");
    std::fs::write(&board, rectangle(rows, cols)).expect("write the board");
    let ckpt = dir.path().join("run.ckpt");
    let (board, ckpt_arg) = (
        board.to_str().expect("UTF-8 path"),
        ckpt.to_str().expect("UTF-8 path"),
    );
    let args = [board, "--checkpoint", ckpt_arg, "--threads", "1"];
    let mut child = spawn(NAME, &args);
    // The header, then `kill_after` results.
    wait_for_lines(&mut child, &ckpt, 1 + kill_after);
    send_signal(&child, "-KILL");
    let killed = Run::new(NAME, &args, child.wait_with_output().expect("wait"));
    assert_eq!(killed.code, None, "killed by a signal: {killed:?}");
    assert_eq!(killed.stdout, "");
    let before = std::fs::read_to_string(&ckpt).expect("the checkpoint");
    let header = before.lines().next().expect("a header");
    assert!(
        header.starts_with("backtracker-checkpoint/1 model=polyomino-"),
        "{header}"
    );
    let units: usize = header
        .rsplit_once(" units=")
        .and_then(|(_, n)| n.parse().ok())
        .expect("the number of units");
    // A kill may cut the line being written; resuming drops it.
    let finished = before.lines().count() - 1 - usize::from(!before.ends_with('\n'));
    assert!(
        finished >= kill_after && finished < units,
        "{finished} of {units}"
    );

    let resumed = run(NAME, &[board, "--checkpoint", ckpt_arg, "--threads", "2"]);
    assert_eq!(resumed.code, Some(0), "{resumed:?}");
    assert_eq!(resumed.stdout, format!("{known}\n"));
    assert!(
        resumed.stderr.contains(&format!(
            "resuming from `{ckpt_arg}`: {finished} of {units} units"
        )),
        "{resumed:?}"
    );
    let after = std::fs::read_to_string(&ckpt).expect("the checkpoint");
    let whole: String = before
        .lines()
        .take(1 + finished)
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        after.starts_with(&whole),
        "the finished units were kept as they were"
    );
    assert_eq!(
        after.lines().count(),
        1 + units,
        "the header, then every unit once"
    );
    // Finished, the checkpoint answers at once and stays as it is.
    let again = run(NAME, &[board, "--checkpoint", ckpt_arg]);
    assert_eq!((again.code, again.stdout), (Some(0), format!("{known}\n")));
    assert_eq!(
        std::fs::read_to_string(&ckpt).expect("the checkpoint"),
        after
    );
}

/// Published: the pentominoes tile 4 x 15 in 368 ways up to symmetry,
/// 1472 counting the rectangle's 4 symmetries. A run killed with SIGKILL
/// part way resumes to that total.
#[test]
fn a_checkpointed_count_killed_part_way_resumes_to_the_published_total() {
    killed_and_resumed(4, 15, 10, 1472);
}

/// Published: 2339 tilings of 6 x 10 up to symmetry, 9356 in all.
#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn a_checkpointed_6x10_count_killed_part_way_resumes_to_9356() {
    killed_and_resumed(6, 10, 40, 9356);
}

/// A checkpoint of another board, or a file that is not a checkpoint, is
/// refused with one line and left unchanged; `--depth` needs
/// `--checkpoint`, and `--checkpoint` is refused beside `--first`.
#[test]
fn a_foreign_checkpoint_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("run.ckpt");
    let ckpt = path.to_str().expect("UTF-8 path");
    let args = ["--pieces", "tetrominoes", "--checkpoint", ckpt];
    let tilings = brute_force_tilings(TETROMINO_BOARD, &TETROMINOES, true);
    assert_eq!(count(&args, TETROMINO_BOARD), tilings);
    let other = run_with_input(NAME, &args, &rectangle(4, 5));
    assert_rejected(&other, "another run");
    let good = std::fs::read(&path).expect("the checkpoint");
    for bytes in [good.clone(), b"notes\n".to_vec()] {
        std::fs::write(&path, &bytes).expect("write");
        let r = run_with_input(NAME, &args, &rectangle(4, 5));
        assert_rejected(&r, "left unchanged");
        assert_eq!(std::fs::read(&path).expect("read"), bytes, "changed");
    }
    assert_bad_input(NAME, &["--depth", "2", "-"], "--depth");
    assert_bad_input(
        NAME,
        &["--first", "--checkpoint", ckpt, "-"],
        "--checkpoint",
    );
}

/// Published fundamental tilings by the 12 pentominoes: 3 x 20 in 2 ways,
/// 8 x 8 without its centre 2 x 2 in 65 (Scott 1958), each of 4 and 8
/// tilings; and the square tetromino alone on 2 x 2, 1 tiling that every
/// symmetry keeps.
#[test]
fn classes_print_the_tilings_and_their_classes_as_published() {
    let two_lines = |args: &[&str], board: &str| {
        let r = run_with_input(NAME, args, board);
        assert_eq!(r.code, Some(0), "{r:?}");
        r.stdout
    };
    assert_eq!(two_lines(&["--classes"], &rectangle(3, 20)), "8\n2\n");
    assert_eq!(two_lines(&["--classes"], &rectangle(20, 3)), "8\n2\n");
    let pieces = temp_file("OO\nOO\n");
    let path = pieces.path().to_str().unwrap();
    assert_eq!(
        two_lines(&["--classes", "--pieces", path], &rectangle(2, 2)),
        "1\n1\n"
    );
    let r = run_with_input(NAME, &["--classes", "--threads", "2"], &rectangle(3, 20));
    assert_rejected(&r, "--threads");
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn classes_of_scotts_board_are_65() {
    let board = "########\n########\n########\n###..###\n###..###\n########\n########\n########\n";
    let r = run_with_input(NAME, &["--classes"], board);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "520\n65\n");
}
