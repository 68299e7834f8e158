//! Langford and Skolem pairings by the obvious model (sums and
//! `AllDifferent`) and by a hand-written checker, against a brute force
//! over the places and against OEIS A014552.

use backtracker_puzzles::{pairing_by_places, pairing_by_sums};

/// Every pairing of 1 to `n` with `gap`, counted by trying each free place
/// for the first copy of each number in turn.
fn brute_force(n: usize, gap: usize) -> u128 {
    fn place(k: usize, n: usize, gap: usize, taken: &mut [bool]) -> u128 {
        if k > n {
            return 1;
        }
        let mut found = 0;
        for first in 0..2 * n {
            let second = first + k + gap;
            if second < 2 * n && !taken[first] && !taken[second] {
                taken[first] = true;
                taken[second] = true;
                found += place(k + 1, n, gap, taken);
                taken[first] = false;
                taken[second] = false;
            }
        }
        found
    }
    place(1, n, gap, &mut vec![false; 2 * n])
}

#[test]
fn both_models_count_the_pairings_the_brute_force_counts() {
    for gap in [0, 1, 2] {
        for n in 1..=7 {
            let expected = brute_force(n, gap);
            let sums = pairing_by_sums(n, gap).unwrap().search().count();
            let places = pairing_by_places(n, gap).unwrap().search().count();
            assert_eq!(sums.value, expected, "by sums, n {n}, gap {gap}");
            assert_eq!(places.value, expected, "by places, n {n}, gap {gap}");
        }
    }
}

#[test]
fn langford_pairings_match_oeis_a014552() {
    // A014552 counts each pairing and its reverse once.
    for (n, oeis) in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150)] {
        assert_eq!(
            pairing_by_sums(n, 1).unwrap().search().count().value,
            2 * oeis,
            "{n}"
        );
        assert_eq!(
            pairing_by_places(n, 1).unwrap().search().count().value,
            2 * oeis,
            "{n}"
        );
    }
}

#[test]
fn the_obvious_model_agrees_with_its_checkers_under_cross_check() {
    let crossed = pairing_by_sums(5, 0)
        .unwrap()
        .search()
        .cross_check(true)
        .count();
    assert_eq!(crossed.stop, backtracker::StopReason::Completed);
    assert_eq!(crossed.value, brute_force(5, 0));
}

#[test]
fn too_many_numbers_are_refused() {
    assert!(pairing_by_sums(33, 1).is_err());
    assert!(pairing_by_places(33, 1).is_err());
}
