//! Runs the `nonogram` example as a process: small random pictures, whose
//! clues' pictures are counted here by trying every grid, solved and
//! counted; a heart; the generated 25 x 25 and 30 x 30 puzzles unique;
//! bad input.

use crate::support::{assert_bad_input, assert_help, run, run_ok, temp_file};

/// The clues of a picture in the `.non` form.
fn non(picture: &[Vec<bool>]) -> String {
    let runs = |line: Vec<bool>| {
        let text: Vec<String> = line
            .split(|&filled| !filled)
            .filter(|run| !run.is_empty())
            .map(|run| run.len().to_string())
            .collect();
        if text.is_empty() {
            "0".to_owned()
        } else {
            text.join(",")
        }
    };
    let (h, w) = (picture.len(), picture[0].len());
    let mut out = format!("title \"random\"\nwidth {w}\nheight {h}\n\nrows\n");
    for row in picture {
        out.push_str(&runs(row.clone()));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in 0..w {
        out.push_str(&runs(picture.iter().map(|row| row[c]).collect()));
        out.push('\n');
    }
    out
}

/// The grid of `h` rows and `w` columns whose bits are `bits`, row by row.
fn grid(bits: u32, h: usize, w: usize) -> Vec<Vec<bool>> {
    (0..h)
        .map(|r| (0..w).map(|c| bits >> (r * w + c) & 1 == 1).collect())
        .collect()
}

#[test]
fn nonogram_counts_and_solves_small_random_pictures_like_brute_force() {
    let mut rng = backtracker::Rng::new(7);
    for round in 0..10 {
        let (h, w) = [(3, 4), (4, 3), (4, 4)][round % 3];
        let bits = rng.below(1 << (h * w)) as u32;
        let clues = non(&grid(bits, h, w));
        // Every grid with the same clues.
        let same: Vec<u32> = (0u32..1 << (h * w))
            .filter(|&other| non(&grid(other, h, w)) == clues)
            .collect();
        let file = temp_file(&clues);
        let path = file.path().to_str().unwrap();
        let count = run_ok("nonogram", &[path, "--count", "--cross-check"]);
        assert_eq!(count, format!("{}\n", same.len()), "{clues}");
        let picture = run_ok("nonogram", &[path]);
        let solved: Vec<Vec<bool>> = picture
            .lines()
            .map(|line| line.chars().map(|c| c == '#').collect())
            .collect();
        assert_eq!(non(&solved), clues, "{picture}");
    }
}

#[test]
fn nonogram_draws_the_heart() {
    let out = run_ok(
        "nonogram",
        &[concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/data/heart.non"
        )],
    );
    assert_eq!(out, ".#.#.\n#####\n#####\n.###.\n..#..\n");
}

#[test]
fn the_generated_puzzles_have_one_picture() {
    for name in ["random25", "random30"] {
        let path = format!("{}/../examples/data/{name}.non", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(run_ok("nonogram", &[&path, "--count"]), "1\n", "{name}");
    }
}

#[test]
fn nonogram_says_when_no_picture_fits() {
    // A filled row above an empty column.
    let file = temp_file("width 2\nheight 1\nrows\n2\ncolumns\n1\n0\n");
    let r = run("nonogram", &[file.path().to_str().unwrap()]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stderr.contains("no picture"), "{r:?}");
    let r = run("nonogram", &[file.path().to_str().unwrap(), "--count"]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "0\n"), "{r:?}");
}

#[test]
fn nonogram_has_help_and_refuses_bad_input_in_one_line() {
    assert_help("nonogram", &["FILE", "--count"]);
    for (input, mentions) in [
        ("", "empty"),
        (" \n\n", "empty"),
        ("width 2\n", "no `rows`"),
        ("width x\nheight 1\n", "width"),
        ("width 2\nheight 0\n", "height"),
        ("rows\n1\n", "before the width"),
        (
            "width 2\nheight 1\nrows\n3\ncolumns\n1\n0\n",
            "need 3 cells",
        ),
        ("width 2\nheight 1\nrows\n1\ncolumns\n1\n", "ends after 1"),
        ("width 2\nheight 1\nrows\na\ncolumns\n1\n0\n", "`a`"),
        ("width 1\nheight 1\n1\n", "outside"),
    ] {
        let file = temp_file(input);
        assert_bad_input("nonogram", &[file.path().to_str().unwrap()], mentions);
    }
}
