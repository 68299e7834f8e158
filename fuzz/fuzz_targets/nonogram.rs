//! The nonogram example's reader: no panic, and clues read, written again
//! in the `.non` form, read the same.

#![no_main]

#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/common/src/nonogram.rs"]
mod nonogram;

use libfuzzer_sys::fuzz_target;
use nonogram::Clues;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(clues) = Clues::parse(text) else {
        return;
    };
    let (height, width) = (clues.rows.len(), clues.columns.len());
    assert!(height >= 1 && width >= 1);
    for (clue, across) in clues
        .rows
        .iter()
        .map(|c| (c, width))
        .chain(clues.columns.iter().map(|c| (c, height)))
    {
        assert!(clue.iter().all(|&run| run > 0));
        assert!(clue.iter().sum::<usize>() + clue.len().saturating_sub(1) <= across);
    }
    assert_eq!(Clues::parse(&clues.to_non()).as_ref(), Ok(&clues));
});
