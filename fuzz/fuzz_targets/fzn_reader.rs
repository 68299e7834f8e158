//! `backtracker_fzn::read` and `translate`: no panic on any text; an
//! error is one line, placed within the text; a program read translates
//! or is refused with an error, never a panic.

#![no_main]

use backtracker_fzn::{Settings, read, translate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1) + 1;
    match read(text) {
        Err(error) => {
            assert!(!error.to_string().contains('\n'), "{error}");
            assert!(error.line <= lines, "{error} beyond {lines} lines");
        }
        Ok(program) => {
            let settings = Settings {
                max_domain: 4096,
                ..Settings::default()
            };
            if let Err(error) = translate(&program, settings) {
                assert!(!error.to_string().contains('\n'), "{error}");
            }
        }
    }
});
