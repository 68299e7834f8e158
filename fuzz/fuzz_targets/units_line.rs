//! `UnitLine::from_str` on any text: no panic, and a line that parses,
//! printed again, parses to the same unit.

#![no_main]

use backtracker::units::UnitLine;
use libfuzzer_sys::fuzz_target;

/// The longest prefix a unit line may carry (the library's own limit,
/// private to it).
const MAX_PREFIX: usize = 4096;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in std::iter::once(text).chain(text.lines()) {
        let Ok(unit) = line.parse::<UnitLine>() else {
            continue;
        };
        assert!(unit.index < unit.total, "{line:?}");
        assert!(unit.unit.prefix.len() <= MAX_PREFIX, "{line:?}");
        assert!(matches!(unit.unit.weight, 1 | 2), "{line:?}");
        let printed = unit.to_string();
        assert_eq!(printed.parse::<UnitLine>().as_ref(), Ok(&unit), "{line:?}");
        assert!(unit.run().starts_with("model="));
    }
});
