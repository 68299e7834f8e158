//! `ResultLine::from_str`, `read_results` and the merges of what parses:
//! no panic; a result line is read only in the form it is printed in; a
//! merge that succeeds adds each unit of the run exactly once.

#![no_main]

use backtracker_puzzles::nqueens;
use backtracker::units::{ResultLine, merge, merge_checked, read_results};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let read = read_results(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parsed = Vec::new();
    for line in text.lines() {
        if let Ok(result) = line.parse::<ResultLine>() {
            assert_eq!(result.to_string(), line.trim(), "{line:?}");
            assert_eq!(
                result.to_string().parse::<ResultLine>().as_ref(),
                Ok(&result)
            );
            parsed.push(result);
        }
    }
    if let Ok(results) = &read {
        // Whatever `read_results` accepts, the lines parse one by one too.
        assert_eq!(results, &parsed);
    }
    let Ok(total) = merge(&parsed, None) else {
        return;
    };
    let first = &parsed[0].unit;
    assert_eq!(parsed.len(), first.total);
    let mut seen = vec![false; first.total];
    for result in &parsed {
        assert_eq!(result.unit.run(), first.run());
        assert!(!std::mem::replace(&mut seen[result.unit.index], true));
    }
    assert_eq!(
        Some(total),
        parsed.iter().try_fold(0u128, |s, r| s.checked_add(r.count))
    );
    assert_eq!(merge(&parsed, Some(&first.model)), Ok(total));
    // Checked against a small model: the split either gives these units or
    // the merge is refused; a claim of a deep split costs nothing.
    if let Ok(mut model) = nqueens(5) {
        if let Ok(checked) = merge_checked(&parsed, &first.model, &mut model) {
            assert_eq!(checked, total);
            let units = model.split(first.depth, first.symmetry);
            assert_eq!(units.len(), first.total);
        }
    }
});
