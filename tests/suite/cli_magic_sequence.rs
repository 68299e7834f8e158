//! The `magic_sequence` example as a command: every way of writing the
//! counts and every branching setting find the one magic sequence of
//! each length, checked here by counting its values.

use crate::support::run;

const NAME: &str = "magic_sequence";

/// Whether `seq` is magic: its `i`-th value is how many `i`s it holds.
fn is_magic(seq: &[usize]) -> bool {
    (0..seq.len()).all(|i| seq.iter().filter(|&&x| x == i).count() == seq[i])
}

#[test]
fn every_setting_finds_the_magic_sequence() {
    // From n = 7 on there is exactly one: n - 4, 2, 1, then zeros but a 1
    // at n - 4 (Gardner).
    for n in [7usize, 12, 20] {
        let mut expected = vec![0; n];
        expected[0] = n - 4;
        expected[1] = 2;
        expected[2] = 1;
        expected[n - 4] = 1;
        assert!(is_magic(&expected));
        for counts in ["global", "predicate"] {
            for options in [
                &[][..],
                &["--branching", "smallest"][..],
                &["--branching", "dom-wdeg", "--last-conflict"][..],
                &["--branching", "chs", "--restarts", "1"][..],
            ] {
                let n_text = n.to_string();
                let mut args = vec![n_text.as_str(), "--counts", counts, "--stats"];
                args.extend_from_slice(options);
                let output = run(NAME, &args);
                assert_eq!(output.code, Some(0), "{args:?}: {output:?}");
                let mut lines = output.stdout.lines();
                let seq: Vec<usize> = lines
                    .next()
                    .expect("the sequence")
                    .split(' ')
                    .map(|x| x.parse().expect("a number"))
                    .collect();
                assert_eq!(seq, expected, "{args:?}");
                assert!(lines.next().is_some_and(|l| l.starts_with("nodes: ")));
            }
        }
    }
}

#[test]
fn a_length_out_of_range_is_refused() {
    for n in ["3", "1001", "x"] {
        let output = run(NAME, &[n]);
        assert_eq!(output.code, Some(2), "{n}: {output:?}");
    }
}
