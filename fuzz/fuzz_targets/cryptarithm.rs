//! The cryptarithm example's parser: no panic, and a puzzle read, written
//! again as `A+B=C`, reads the same.

#![no_main]

#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/common/src/lines.rs"]
mod lines;
#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/cryptarithm/puzzle.rs"]
mod puzzle;

use libfuzzer_sys::fuzz_target;
use puzzle::Puzzle;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = Puzzle::parse(text) else {
        return;
    };
    let letters = puzzle.letters();
    assert!(letters.len() <= 10);
    assert!(letters.iter().all(u8::is_ascii_uppercase));
    assert!(
        puzzle
            .words()
            .all(|w| !w.is_empty() && w.iter().all(|c| letters.contains(c)))
    );
    let word = |w: &Vec<u8>| String::from_utf8(w.clone()).unwrap();
    let addends: Vec<String> = puzzle.addends.iter().map(word).collect();
    // Without spaces: never longer than the text read, so within the limit.
    let written = format!("{}={}", addends.join("+"), word(&puzzle.sum));
    assert_eq!(Puzzle::parse(&written).as_ref(), Ok(&puzzle));
    let digits: Vec<u8> = (0..letters.len() as u8).collect();
    let _ = puzzle.render(&letters, &digits);
});
