//! `BestLine::from_str`, `read_best` and `merge_best`, the `--merge` of
//! the optimisation examples: no panic; a best line is read only in the
//! form it is printed in; a merge that succeeds takes every unit of one
//! run once, and its best is the best of the lines.

#![no_main]

use backtracker::units::{BestLine, merge_best, read_best};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let read = read_best(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parsed = Vec::new();
    for line in text.lines() {
        if let Ok(best) = line.parse::<BestLine>() {
            assert_eq!(best.to_string(), line.trim(), "{line:?}");
            assert_eq!(best.to_string().parse::<BestLine>().as_ref(), Ok(&best));
            parsed.push(best);
        }
    }
    if let Ok(lines) = &read {
        // Whatever `read_best` accepts, the lines parse one by one too.
        assert_eq!(lines, &parsed);
    }
    let Ok(merged) = merge_best(&parsed, None) else {
        return;
    };
    let first = &parsed[0].unit;
    assert_eq!(parsed.len(), first.total);
    let mut seen = vec![false; first.total];
    for line in &parsed {
        assert_eq!(line.unit.run(), first.run());
        assert_eq!(line.sense, merged.sense);
        assert!(!std::mem::replace(&mut seen[line.unit.index], true));
        if let (Some((cost, _)), Some((best, _, _))) = (&line.best, &merged.best) {
            assert!(!merged.sense.better(*cost, *best));
        }
    }
    assert_eq!(
        merged.best.is_some(),
        parsed.iter().any(|line| line.best.is_some())
    );
    assert_eq!(merge_best(&parsed, Some(&first.model)).as_ref(), Ok(&merged));
});
