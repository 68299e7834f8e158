//! `Shape::parse` and the polyomino example's board and piece readers: no
//! panic, and a shape read, drawn again, reads the same.

#![no_main]

#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/polyomino/input.rs"]
mod input;
#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/common/src/lines.rs"]
mod lines;

use backtracker_puzzles::polyomino::Shape;
use libfuzzer_sys::fuzz_target;

/// The shape as a grid of `#` and `.`, each row at least one character so
/// that empty rows keep their place.
fn draw(shape: &Shape) -> String {
    let rows = shape.cells().iter().map(|&(r, _)| r + 1).max().unwrap_or(0);
    let mut grid = vec![String::new(); rows];
    for &(r, c) in shape.cells() {
        let row = &mut grid[r];
        while row.len() < c {
            row.push('.');
        }
        row.push('#');
    }
    for row in &mut grid {
        if row.is_empty() {
            row.push('.');
        }
    }
    grid.join("\n")
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(shape) = Shape::parse(text) {
        assert_eq!(Shape::parse(&draw(&shape)).as_ref(), Ok(&shape));
        if shape.len() <= 64 {
            for turned in shape.orientations(true) {
                assert_eq!(turned.len(), shape.len());
            }
        }
    }
    if let Ok(board) = input::parse_board(text) {
        assert!(!board.is_empty() && board.len() <= input::MAX_CELLS);
    }
    if let Ok(pieces) = input::parse_pieces(text) {
        assert!(!pieces.is_empty());
        for (i, piece) in pieces.iter().enumerate() {
            assert!(!piece.shape().is_empty());
            assert!(pieces[..i].iter().all(|p| p.letter() != piece.letter()));
        }
    }
});
