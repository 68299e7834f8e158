//! `fzn-backtracker --install`: the solver configuration (`.msc`) that
//! registers the solver with MiniZinc, and the solver library (`mznlib`)
//! beside it.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The solver library: file name and text, built into the binary so that
/// an installed binary needs no source tree.
const MZNLIB: &[(&str, &str)] = &[
    (
        "redefinitions.mzn",
        include_str!("../share/mznlib/redefinitions.mzn"),
    ),
    (
        "redefinitions-2.0.mzn",
        include_str!("../share/mznlib/redefinitions-2.0.mzn"),
    ),
    (
        "fzn_all_different_int.mzn",
        include_str!("../share/mznlib/fzn_all_different_int.mzn"),
    ),
    (
        "fzn_circuit.mzn",
        include_str!("../share/mznlib/fzn_circuit.mzn"),
    ),
    (
        "fzn_inverse.mzn",
        include_str!("../share/mznlib/fzn_inverse.mzn"),
    ),
    (
        "fzn_table_int.mzn",
        include_str!("../share/mznlib/fzn_table_int.mzn"),
    ),
    (
        "fzn_bin_packing_load.mzn",
        include_str!("../share/mznlib/fzn_bin_packing_load.mzn"),
    ),
    (
        "fzn_count_eq.mzn",
        include_str!("../share/mznlib/fzn_count_eq.mzn"),
    ),
    (
        "fzn_cumulative.mzn",
        include_str!("../share/mznlib/fzn_cumulative.mzn"),
    ),
    (
        "fzn_decreasing_int.mzn",
        include_str!("../share/mznlib/fzn_decreasing_int.mzn"),
    ),
    (
        "fzn_disjunctive.mzn",
        include_str!("../share/mznlib/fzn_disjunctive.mzn"),
    ),
    (
        "fzn_disjunctive_strict.mzn",
        include_str!("../share/mznlib/fzn_disjunctive_strict.mzn"),
    ),
    (
        "fzn_global_cardinality.mzn",
        include_str!("../share/mznlib/fzn_global_cardinality.mzn"),
    ),
    (
        "fzn_global_cardinality_closed.mzn",
        include_str!("../share/mznlib/fzn_global_cardinality_closed.mzn"),
    ),
    (
        "fzn_global_cardinality_low_up.mzn",
        include_str!("../share/mznlib/fzn_global_cardinality_low_up.mzn"),
    ),
    (
        "fzn_global_cardinality_low_up_closed.mzn",
        include_str!("../share/mznlib/fzn_global_cardinality_low_up_closed.mzn"),
    ),
    (
        "fzn_increasing_int.mzn",
        include_str!("../share/mznlib/fzn_increasing_int.mzn"),
    ),
    (
        "fzn_lex_less_int.mzn",
        include_str!("../share/mznlib/fzn_lex_less_int.mzn"),
    ),
    (
        "fzn_lex_lesseq_int.mzn",
        include_str!("../share/mznlib/fzn_lex_lesseq_int.mzn"),
    ),
    (
        "fzn_regular.mzn",
        include_str!("../share/mznlib/fzn_regular.mzn"),
    ),
];

/// The template of the configuration.
const TEMPLATE: &str = include_str!("../share/backtracker.msc.in");

/// `s` as the inside of a JSON string.
fn json_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// The solver configuration with `executable` and `mznlib` (absolute
/// paths).
///
/// ```
/// use std::path::Path;
///
/// let text = backtracker_fzn::msc_text(Path::new("/opt/bin/fzn-backtracker"), Path::new("/opt/mznlib"));
/// assert!(text.contains("\"executable\": \"/opt/bin/fzn-backtracker\""));
/// assert!(text.contains("\"id\": \"org.backtracker.backtracker\""));
/// ```
#[must_use]
pub fn msc_text(executable: &Path, mznlib: &Path) -> String {
    TEMPLATE
        .replace("@VERSION@", env!("CARGO_PKG_VERSION"))
        .replace("@MZNLIB@", &json_escape(&mznlib.to_string_lossy()))
        .replace("@EXECUTABLE@", &json_escape(&executable.to_string_lossy()))
}

/// Writes `DIR/backtracker.msc` pointing at `executable`, and the solver
/// library into `DIR/backtracker-mznlib/`; returns the path of the
/// configuration. `minizinc --solver backtracker` finds it when `DIR` is
/// one of MiniZinc's solver directories (`~/.minizinc/solvers`), and
/// `minizinc --solver DIR/backtracker.msc` anywhere.
///
/// # Errors
///
/// The error of creating the directory or writing a file.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("fzn-install-doc-{}", std::process::id()));
/// let msc = backtracker_fzn::install(&dir, std::path::Path::new("/usr/local/bin/fzn-backtracker"))?;
/// assert!(dir.join("backtracker-mznlib/redefinitions.mzn").is_file());
/// assert!(std::fs::read_to_string(&msc)?.contains("backtracker-mznlib"));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn install(dir: &Path, executable: &Path) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let dir = fs::canonicalize(dir)?;
    let lib = dir.join("backtracker-mznlib");
    fs::create_dir_all(&lib)?;
    for (name, text) in MZNLIB {
        fs::write(lib.join(name), text)?;
    }
    let msc = dir.join("backtracker.msc");
    fs::write(&msc, msc_text(executable, &lib))?;
    Ok(msc)
}
