//! `Checkpoint::open` on a file holding the fuzz bytes, for a fixed run of
//! four units: no panic; a refusal leaves the file byte for byte as it
//! was; a file that does not start with the run's header line is opened
//! only when it is empty or a header cut short (and then holds the header
//! alone); an open keeps every line, or drops only a last line cut short.

#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use backtracker::units::{Checkpoint, Unit, UnitLine, checkpoint_header};
use libfuzzer_sys::fuzz_target;

/// The run: model `m`, depth 1, no symmetry, units `0` to `3`.
fn lines() -> &'static [UnitLine] {
    static LINES: OnceLock<Vec<UnitLine>> = OnceLock::new();
    LINES.get_or_init(|| {
        let units = (0..4)
            .map(|i| Unit {
                prefix: vec![i],
                weight: 1,
            })
            .collect();
        UnitLine::number("m", 1, false, units)
    })
}

fn path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        std::env::temp_dir().join(format!(
            "backtracker-fuzz-checkpoint-{}",
            std::process::id()
        ))
    })
}

fn check(data: &[u8], lines: &[UnitLine]) {
    let path = path();
    std::fs::write(path, data).expect("writing the checkpoint");
    let opened = Checkpoint::open(path, lines);
    let after = std::fs::read(path).expect("reading the checkpoint");
    match opened {
        Err(error) => assert_eq!(after, data, "refused ({error}) but changed"),
        Ok(checkpoint) => {
            let header = format!("{}\n", checkpoint_header(lines));
            if !data.starts_with(header.as_bytes()) {
                // Only a new file, or a header cut short, becomes a
                // checkpoint: the header alone.
                assert!(header.as_bytes().starts_with(data), "a foreign file opened");
                assert_eq!(after, header.as_bytes());
                assert_eq!(checkpoint.recovered().is_some(), !data.is_empty());
                assert!(checkpoint.results().is_empty());
                return;
            }
            let complete = data.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            assert_eq!(checkpoint.recovered().is_some(), complete < data.len());
            assert_eq!(after, &data[..complete]);
            let text = std::str::from_utf8(&after).expect("a checkpoint opened is text");
            let mut text_lines = text.lines();
            assert_eq!(text_lines.next(), Some(header.trim_end()));
            assert_eq!(checkpoint.results().len(), text_lines.clone().count());
            for (result, line) in checkpoint.results().iter().zip(text_lines) {
                assert_eq!(result.to_string(), line.trim());
                assert!(checkpoint.is_done(result.unit.index));
                assert_eq!(lines.get(result.unit.index), Some(&result.unit));
            }
            let done = (0..lines.len()).filter(|&i| checkpoint.is_done(i)).count();
            assert_eq!(done, checkpoint.results().len());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check(data, lines());
    // The same bytes after this run's header, so that what follows a
    // header is reached as often as the header itself.
    let mut headed = format!("{}\n", checkpoint_header(lines())).into_bytes();
    headed.extend_from_slice(data);
    check(&headed, lines());
    // A run without units accepts nothing but its header (or an empty
    // file, or that header cut short), and refuses a long file.
    check(data, &[]);
    let _ = std::fs::remove_file(path());
});
