//! Every input of the committed corpus of the `fzn_reader` fuzz target
//! (`fuzz/corpus/fzn_reader/`), given to `fzn-backtracker` with a time
//! limit: it answers (exit code 0) or refuses the input in one line (exit
//! code 2); never a panic, a signal or another code.

use std::path::Path;

use crate::support::run;

#[test]
fn every_input_of_the_reader_s_corpus_is_answered_or_refused_in_one_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/fzn_reader");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/fzn_reader") {
        let path = entry.expect("an entry").path();
        let bytes = std::fs::read(&path).expect("a corpus file");
        let text = String::from_utf8_lossy(&bytes);
        let out = run(&["-t", "2000"], &text);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let name = path.display();
        match out.status.code() {
            Some(0) => {}
            Some(2) => {
                assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
                assert!(out.stdout.is_empty(), "{name}: output on a refusal");
            }
            code => panic!("{name}: exit {code:?}: {stderr}"),
        }
        seen += 1;
    }
    // The corpus holds compiled models and at least one syntax error.
    assert!(seen >= 2, "{seen} inputs");
}
