//! `Grid::parse`, `Grid::parse_boxed` and `FromStr`: no panic, and a grid
//! read, printed again, reads the same.

#![no_main]

use backtracker_puzzles::sudoku::{Grid, MAX_BOX};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = Grid::parse(text);
    assert_eq!(text.parse::<Grid>(), parsed);
    for box_size in 0..=MAX_BOX + 1 {
        let Ok(grid) = Grid::parse_boxed(text, box_size) else {
            continue;
        };
        assert_eq!(grid.box_size(), box_size);
        assert_eq!(grid.cells().len(), grid.size() * grid.size());
        assert!(grid.conflict().is_none());
        assert_eq!(
            Grid::parse_boxed(&grid.to_string(), box_size).as_ref(),
            Ok(&grid)
        );
        let _ = grid.pretty();
    }
});
