//! Declared symmetry groups: the builder's checks, counts up to symmetry
//! against OEIS and brute-force orbit counts, and false declarations caught.

use backtracker::constraints::Predicate;
use backtracker::{DynChecker, ModelBuilder, ModelError, StopReason, Symmetry};
use backtracker_puzzles::nqueens;
use itertools::Itertools;

use crate::support::{assert_invalid_symmetry, two_variables};
use proptest::prelude::*;

/// OEIS A000170 (all solutions) and A002562 (up to the board's 8
/// symmetries), N = 1 to 16.
const QUEENS: [(u128, u128); 16] = [
    (1, 1),
    (0, 0),
    (0, 0),
    (2, 1),
    (10, 2),
    (4, 1),
    (40, 6),
    (92, 12),
    (352, 46),
    (724, 92),
    (2_680, 341),
    (14_200, 1_787),
    (73_712, 9_233),
    (365_596, 45_752),
    (2_279_184, 285_053),
    (14_772_512, 1_846_955),
];

fn queens_classes(n: usize) {
    let outcome = nqueens(n).unwrap().search().count_classes();
    assert_eq!(outcome.stop, StopReason::Completed, "n = {n}");
    let classes = outcome.value;
    assert_eq!(
        (classes.solutions, classes.classes),
        QUEENS[n - 1],
        "n = {n}"
    );
    let group = if n == 1 { 1 } else { 8 };
    assert_eq!(classes.group, group, "n = {n}");
}

#[test]
fn nqueens_counts_its_fundamental_solutions_as_oeis_does() {
    for n in 1..=10 {
        queens_classes(n);
    }
}

#[test]
fn each_class_is_searched_once_and_cross_check_searches_them_all() {
    for n in 4..=8 {
        let mut model = nqueens(n).unwrap();
        let pruned = model.search().count_classes();
        let checked = model.search().cross_check(true).count_classes();
        assert_eq!(checked.stop, StopReason::Completed, "n = {n}");
        assert_eq!(pruned.value, checked.value, "n = {n}");
        let plain = model.search().symmetry(false).count();
        assert_eq!(checked.stats.nodes, plain.stats.nodes, "n = {n}");
        // The board's 8 symmetries leave well under half the tree.
        assert!(
            n < 6 || 2 * pruned.stats.nodes < plain.stats.nodes,
            "n = {n}"
        );
    }
}

/// N = 16 (1,846,955 classes) takes minutes even in a release build: run
/// it by hand, `cargo run --release --example nqueens -- 16 --classes`
/// (`14772512` and `1846955`, CONTRIBUTING.md).
#[test]
#[ignore = "long: N = 11 to 15 search every class (the extended run)"]
fn nqueens_counts_its_fundamental_solutions_up_to_15() {
    for n in 11..=15 {
        queens_classes(n);
    }
}

/// Checks `count_classes` on `model`, plain and in cross-check mode (which
/// prunes nothing and checks every generator on every solution): it
/// completes with these solutions, classes and group order.
fn classes_both_ways<C: backtracker::Checkers<usize>>(
    model: &mut backtracker::Model<usize, C>,
    expected: (u128, u128, usize),
    what: &str,
) {
    for cross_check in [false, true] {
        let outcome = model.search().cross_check(cross_check).count_classes();
        assert_eq!(outcome.stop, StopReason::Completed, "{what}");
        let c = outcome.value;
        assert_eq!(
            (c.solutions, c.classes, c.group),
            expected,
            "{what}, cross-check {cross_check}"
        );
    }
}

/// A map of whole assignments.
type Map<'a> = dyn Fn(&[usize]) -> Vec<usize> + 'a;

/// The orbits of `solutions` under the group the maps `generators`
/// generate (each a map of whole assignments), by union-find.
fn orbits(solutions: &[Vec<usize>], generators: &[&Map<'_>]) -> usize {
    let mut parent: Vec<usize> = (0..solutions.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, s) in solutions.iter().enumerate() {
        for g in generators {
            let image = g(s);
            let j = solutions
                .iter()
                .position(|t| *t == image)
                .expect("an image is a solution");
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            parent[a] = b;
        }
    }
    (0..solutions.len())
        .filter(|&i| root(&mut parent, i) == i)
        .count()
}

/// Every assignment of `n` variables over `0..d` that `accept` accepts.
fn brute(n: usize, d: usize, accept: impl Fn(&[usize]) -> bool) -> Vec<Vec<usize>> {
    let total = d.pow(u32::try_from(n).unwrap());
    (0..total)
        .map(|mut code| {
            (0..n)
                .map(|_| {
                    let v = code % d;
                    code /= d;
                    v
                })
                .collect::<Vec<_>>()
        })
        .filter(|a| accept(a))
        .collect()
}

#[test]
fn board_cells_count_as_brute_force_orbits() {
    // 3 x 3 cells of 0 or 1 with exactly one 1 in every row: 27 boards.
    let n = 3;
    let accept = |a: &[usize]| (0..n).all(|r| (0..n).filter(|&c| a[r * n + c] == 1).count() == 1);
    let solutions = brute(n * n, 2, accept);
    let rotate = |a: &[usize]| {
        let mut b = vec![0; n * n];
        for r in 0..n {
            for c in 0..n {
                b[c * n + (n - 1 - r)] = a[r * n + c];
            }
        }
        b
    };
    let reflect = |a: &[usize]| {
        let mut b = vec![0; n * n];
        for r in 0..n {
            for c in 0..n {
                b[r * n + (n - 1 - c)] = a[r * n + c];
            }
        }
        b
    };
    // One 1 per row is not kept by a rotation: the rows' rule is false for
    // it, and the search must say so.
    let expected_false = solutions.iter().any(|s| !accept(&rotate(s)));
    assert!(expected_false);
    let build = |generators: Vec<Symmetry>| {
        let mut b = ModelBuilder::new();
        for cell in 0..n * n {
            b.variable(format!("c{cell}"), 0..2usize);
        }
        for g in generators {
            b.symmetry(g);
        }
        let rows: Vec<DynChecker<usize>> = (0..n)
            .map(|r| {
                let cells: Vec<usize> = (0..n).map(|c| r * n + c).collect();
                Box::new(Predicate::new(format!("row {r}"), cells, |v| {
                    (0..3).filter(|&i| v[i] == 1usize).count() == 1
                })) as DynChecker<usize>
            })
            .collect();
        b.build(rows).unwrap()
    };
    // The reflection alone holds: classes as brute force says.
    let [rotation, reflection] = Symmetry::square_cells(n);
    let outcome = build(vec![reflection.clone()]).search().count_classes();
    assert_eq!(outcome.stop, StopReason::Completed);
    assert_eq!(outcome.value.solutions, solutions.len() as u128);
    assert_eq!(
        outcome.value.classes,
        orbits(&solutions, &[&reflect]) as u128
    );
    assert_eq!(outcome.value.group, 2);
    // With the rotation: refused as it reaches a solution it breaks.
    let outcome = build(vec![rotation, reflection]).search().count_classes();
    match outcome.stop {
        StopReason::FalseSymmetry(found) => {
            assert_eq!(found.symmetry, "rotation 90");
            assert!(found.reason.contains("row"), "{}", found.reason);
        }
        other => panic!("expected a false symmetry, got {other:?}"),
    }
}

#[test]
fn interchangeable_colours_count_as_brute_force_orbits() {
    // Proper 3-colourings of a path of 4 vertices: 3 * 2^3 = 24, and 4
    // classes under the 6 permutations of the colours.
    let accept = |a: &[usize]| a.windows(2).all(|w| w[0] != w[1]);
    let solutions = brute(4, 3, accept);
    let swap = |i: usize| [1, 0, 2][i];
    let cycle = |i: usize| (i + 1) % 3;
    let by_swap = |a: &[usize]| a.iter().map(|&i| swap(i)).collect::<Vec<_>>();
    let by_cycle = |a: &[usize]| a.iter().map(|&i| cycle(i)).collect::<Vec<_>>();
    let expected = orbits(&solutions, &[&by_swap, &by_cycle]);
    assert_eq!((solutions.len(), expected), (24, 4));
    let mut b = ModelBuilder::new();
    for v in 0..4 {
        b.variable(format!("v{v}"), ["red", "green", "blue"]);
    }
    b.symmetry(Symmetry::values("swap red and green", swap));
    b.symmetry(Symmetry::values("cycle the colours", cycle));
    let edges: Vec<DynChecker<&str>> = (0..3)
        .map(|i| {
            Box::new(Predicate::new(format!("edge {i}"), [i, i + 1], |v| {
                v[0] != v[1]
            })) as DynChecker<&str>
        })
        .collect();
    let mut model = b.build(edges).unwrap();
    let classes = model.search().count_classes().value;
    assert_eq!(
        (classes.solutions, classes.classes, classes.group),
        (24, 4, 6)
    );
}

#[test]
fn a_generator_that_is_not_one_to_one_on_the_candidates_is_refused() {
    let builder = two_variables;
    let refused = assert_invalid_symmetry::<usize>;
    let mut b = builder();
    b.symmetry(Symmetry::variables("out", |v| v + 1));
    refused(b, "out", "outside the model");
    let mut b = builder();
    b.symmetry(Symmetry::values("onto 0", |_| 0));
    refused(b, "onto 0", "two candidates");
    // A pin: y = 2 alone is left, and swapping x and y maps x = 0 onto
    // y = 0, which is no candidate.
    let mut b = builder();
    b.symmetry(Symmetry::variables("swap", |v| 1 - v))
        .pin(1, &2);
    refused(b, "swap", "not a candidate");
    // Eight interchangeable variables: 8! symmetries, too many.
    let mut b = ModelBuilder::new();
    for v in 0..8 {
        b.variable(format!("v{v}"), 0..2usize);
    }
    b.symmetry(Symmetry::variables("swap", |v| [1, 0, 2, 3, 4, 5, 6, 7][v]));
    b.symmetry(Symmetry::variables("cycle", |v| (v + 1) % 8));
    refused(b, "swap, cycle", "more than");
}

#[test]
fn cross_check_mode_checks_the_group_on_the_solutions_of_a_count() {
    // The reference N-Queens model's group holds: the count stands.
    let outcome = nqueens(6).unwrap().search().cross_check(true).count();
    assert_eq!((outcome.value, outcome.stop), (4, StopReason::Completed));
    // x < y over 0..3 with a swap of the variables declared: false.
    let mut b = two_variables();
    b.symmetry(Symmetry::variables("swap x and y", |v| 1 - v));
    let mut model = b
        .build((Predicate::new("less", [0, 1], |v| v[0] < v[1]),))
        .unwrap();
    assert_eq!(
        model.search().count().value,
        3,
        "no check outside cross-check mode"
    );
    let outcome = model.search().cross_check(true).count();
    match outcome.stop {
        StopReason::FalseSymmetry(found) => {
            assert_eq!(found.symmetry, "swap x and y");
            assert_eq!(found.solution, "{x = 0, y = 1}");
            assert_eq!(found.reason, "is rejected by `less`");
        }
        other => panic!("expected a false symmetry, got {other:?}"),
    }
}

#[test]
fn a_model_without_symmetry_counts_every_solution_as_a_class() {
    let mut b = ModelBuilder::new();
    b.variable("x", 0..3usize);
    let classes = b.build(()).unwrap().search().count_classes().value;
    assert_eq!(
        (classes.solutions, classes.classes, classes.group),
        (3, 3, 1)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random tables of allowed assignments over 3 variables with domains
    /// of 3, and a random permutation of the variables and one of the
    /// values: brute force says whether the group holds. When it does, the
    /// search gives the plain count and the brute-force orbits; when it
    /// does not, the search stops on a false symmetry.
    #[test]
    fn random_groups_are_counted_or_caught(
        allowed in proptest::collection::vec(any::<bool>(), 27),
        vars in Just(vec![0usize, 1, 2]).prop_shuffle(),
        values in Just(vec![0usize, 1, 2]).prop_shuffle(),
        symmetric in any::<bool>(),
    ) {
        // Half the cases made symmetric: allowed where its whole orbit is.
        let code = |a: &[usize]| a[0] + 3 * a[1] + 9 * a[2];
        let map = |a: &[usize]| {
            let mut b = vec![0; 3];
            for (v, &i) in a.iter().enumerate() {
                b[vars[v]] = values[i];
            }
            b
        };
        let plain = |a: &[usize]| allowed[code(a)];
        let orbit_allowed = |a: &[usize]| {
            let mut x = a.to_vec();
            (0..6).all(|_| {
                let ok = plain(&x);
                x = map(&x);
                ok
            })
        };
        let accept = |a: &[usize]| if symmetric { orbit_allowed(a) } else { plain(a) };
        let solutions = brute(3, 3, accept);
        let holds = solutions.iter().all(|s| accept(&map(s)));
        let table: Vec<bool> = (0..27)
            .map(|c| accept(&[c % 3, (c / 3) % 3, c / 9]))
            .collect();
        let mut b = ModelBuilder::new();
        for v in 0..3 {
            b.variable(format!("x{v}"), 0..3usize);
        }
        let (vs, is) = (vars.clone(), values.clone());
        b.symmetry(Symmetry::literals("g", move |v, i| (vs[v], is[i])));
        let rule = Predicate::new("table", [0, 1, 2], move |x| table[x[0] + 3 * x[1] + 9 * x[2]]);
        let mut model = b.build((rule,)).unwrap();
        // Cross-check mode checks the group on every solution of a count.
        let checked = model.search().cross_check(true).count();
        if holds {
            prop_assert_eq!(&checked.stop, &StopReason::Completed);
            prop_assert_eq!(checked.value, solutions.len() as u128);
        } else {
            let caught = matches!(&checked.stop, StopReason::FalseSymmetry(f) if f.symmetry == "g");
            prop_assert!(caught, "{:?}", checked.stop);
        }
        let expected = if holds { orbits(&solutions, &[&map]) } else { 0 };
        for cross_check in [false, true] {
            let outcome = model.search().cross_check(cross_check).count_classes();
            if holds {
                prop_assert_eq!(&outcome.stop, &StopReason::Completed);
                prop_assert_eq!(outcome.value.solutions, solutions.len() as u128);
                prop_assert_eq!(outcome.value.classes, expected as u128);
            } else if cross_check {
                // Pruning for a false group may miss what cross-check finds.
                prop_assert!(matches!(outcome.stop, StopReason::FalseSymmetry(_)), "{:?}", outcome.stop);
            }
        }
    }
}

/// Counts and classes of a tiling by the 12 pentominoes.
fn pentomino_classes(
    board: &backtracker_puzzles::polyomino::Shape,
    cross_check: bool,
) -> (u128, u128, usize) {
    use backtracker_puzzles::polyomino::{Tiling, pentominoes};
    let mut tiling = Tiling::new(board, &pentominoes(), true).unwrap();
    let outcome = tiling
        .problem_mut()
        .search()
        .cross_check(cross_check)
        .count_classes();
    assert_eq!(outcome.stop, StopReason::Completed);
    let c = outcome.value;
    (c.solutions, c.classes, c.group)
}

#[test]
fn pentomino_rectangles_count_their_classes_as_published() {
    use backtracker_puzzles::polyomino::Shape;
    // Fundamental tilings of the 3 x 20 and 5 x 12 boxes: 2 and 1010
    // (OEIS A000105's pentominoes; Haselgrove 1960, Fletcher 1965). No
    // tiling of a rectangle is its own mirror image, so each class holds 4.
    // In cross-check mode and transposed: the extended run's.
    assert_eq!(
        pentomino_classes(&Shape::rectangle(3, 20), false),
        (8, 2, 4)
    );
}

#[test]
#[ignore = "long: the 3 x 20 box in cross-check mode and transposed, the 6 x 10, 5 x 12 and 4 x 15 boxes and the 8 x 8 board (the extended run)"]
fn pentomino_boards_count_their_classes_as_published() {
    use backtracker_puzzles::polyomino::Shape;
    // The 3 x 20 box again, in cross-check mode and transposed: 2
    // classes of 4 either way.
    assert_eq!(pentomino_classes(&Shape::rectangle(3, 20), true), (8, 2, 4));
    assert_eq!(
        pentomino_classes(&Shape::rectangle(20, 3), false),
        (8, 2, 4)
    );
    // 2339, 1010 and 368 fundamental tilings (Haselgrove and Haselgrove
    // 1960), each of 4 tilings.
    assert_eq!(
        pentomino_classes(&Shape::rectangle(6, 10), false),
        (9356, 2339, 4)
    );
    assert_eq!(
        pentomino_classes(&Shape::rectangle(5, 12), false),
        (4040, 1010, 4)
    );
    assert_eq!(
        pentomino_classes(&Shape::rectangle(4, 15), false),
        (1472, 368, 4)
    );
    // The 8 x 8 board without its centre 2 x 2: 65 fundamental tilings
    // (Scott 1958), none symmetric, of 8 each.
    let centre = Shape::parse(
        "########\n########\n########\n###..###\n###..###\n########\n########\n########",
    )
    .unwrap();
    assert_eq!(pentomino_classes(&centre, false), (520, 65, 8));
}

#[test]
fn exact_cover_symmetries_count_as_brute_force_orbits() {
    use backtracker::exact_cover::ExactCoverBuilder;
    // Monominoes, dominoes and L trominoes on a 2 x 3 box, pieces
    // repeating (cells are the only items): covers of the box, and their
    // classes under the box's 4 symmetries, against orbits of the
    // brute-force list of covers.
    let (h, w) = (2usize, 3usize);
    let cell = move |r: usize, c: usize| r * w + c;
    let mut shapes: Vec<Vec<usize>> = Vec::new();
    for r in 0..h {
        for c in 0..w {
            shapes.push(vec![cell(r, c)]);
            if c + 1 < w {
                shapes.push(vec![cell(r, c), cell(r, c + 1)]);
            }
            if r + 1 < h {
                shapes.push(vec![cell(r, c), cell(r + 1, c)]);
            }
        }
    }
    for r in 0..h - 1 {
        for c in 0..w - 1 {
            let square = [
                cell(r, c),
                cell(r, c + 1),
                cell(r + 1, c),
                cell(r + 1, c + 1),
            ];
            for skip in 0..4 {
                let mut l: Vec<usize> = square.to_vec();
                l.remove(skip);
                shapes.push(l);
            }
        }
    }
    for s in &mut shapes {
        s.sort_unstable();
    }
    type Flip = fn(usize, usize) -> (usize, usize);
    let flips: [(&str, Flip); 2] = [
        ("left to right", |r, c| (r, 2 - c)),
        ("top to bottom", |r, c| (1 - r, c)),
    ];
    let mut b = ExactCoverBuilder::new();
    for r in 0..h {
        for c in 0..w {
            b.primary(format!("r{r}c{c}"));
        }
    }
    for s in &shapes {
        b.option_of_items(s.iter().copied());
    }
    let image_of = |flip: Flip, s: &[usize]| {
        let mut image: Vec<usize> = s
            .iter()
            .map(|&x| {
                let (r, c) = flip(x / w, x % w);
                cell(r, c)
            })
            .collect();
        image.sort_unstable();
        image
    };
    for (name, flip) in flips {
        let shapes = shapes.clone();
        let options: Vec<usize> = shapes
            .iter()
            .map(|s| {
                let image = image_of(flip, s);
                shapes.iter().position(|t| *t == image).unwrap()
            })
            .collect();
        b.symmetry(
            name,
            move |x| {
                let (r, c) = flip(x / w, x % w);
                cell(r, c)
            },
            move |o| options[o],
        );
    }
    // Brute force: every set of shapes that covers each cell once.
    let mut covers: Vec<Vec<usize>> = Vec::new();
    for mask in 0u32..1 << shapes.len() {
        let mut seen = 0u32;
        let exact = (0..shapes.len()).filter(|&k| mask >> k & 1 == 1).all(|k| {
            shapes[k].iter().all(|&x| {
                let fresh = seen >> x & 1 == 0;
                seen |= 1 << x;
                fresh
            })
        });
        if exact && seen == (1 << (h * w)) - 1 {
            let mut cover: Vec<usize> = (0..shapes.len()).filter(|&k| mask >> k & 1 == 1).collect();
            cover.sort_unstable();
            covers.push(cover);
        }
    }
    // Orbits under the two flips (they generate the 4 symmetries).
    let mut classes = std::collections::BTreeSet::new();
    for cover in &covers {
        let mut orbit: Vec<Vec<usize>> = vec![cover.clone()];
        for (_, flip) in flips {
            let more: Vec<Vec<usize>> = orbit
                .iter()
                .map(|c| {
                    let mut image: Vec<usize> = c
                        .iter()
                        .map(|&k| {
                            let s = image_of(flip, &shapes[k]);
                            shapes.iter().position(|t| *t == s).unwrap()
                        })
                        .collect();
                    image.sort_unstable();
                    image
                })
                .collect();
            orbit.extend(more);
        }
        classes.insert(orbit.into_iter().min().unwrap());
    }
    let mut problem = b.build().unwrap();
    classes_both_ways(
        problem.model_mut(),
        (covers.len() as u128, classes.len() as u128, 4),
        "covers of 2 x 3",
    );
}

#[test]
fn an_exact_cover_map_that_breaks_an_option_is_refused_by_name() {
    use backtracker::exact_cover::ExactCoverBuilder;
    let strip = || {
        let mut b = ExactCoverBuilder::new();
        b.primary_items(["a", "b", "c"]);
        b.secondary("s");
        b.option(["a", "b"]);
        b.option(["b", "c"]);
        b.option(["c", "s"]);
        b.option(["a"]);
        b
    };
    let refused = |b: ExactCoverBuilder| match b.build() {
        Err(ModelError::InvalidSymmetry { name, reason }) => (name, reason),
        other => panic!("{other:?}"),
    };
    // Not a permutation of the options.
    let mut b = strip();
    b.symmetry("two to one", |i| i, |_| 0);
    let (name, reason) = refused(b);
    assert_eq!(name, "two to one");
    assert!(reason.contains("two options"), "{reason}");
    // A primary item to a secondary one.
    let mut b = strip();
    b.symmetry("c and s", |i| [0, 1, 3, 2][i], |o| o);
    assert!(refused(b).1.contains("only one of them is primary"));
    // Swapping a and c must also swap {a b} with {b c}.
    let mut b = strip();
    b.symmetry("a and c", |i| [2, 1, 0, 3][i], |o| o);
    assert!(refused(b).1.contains("not the images"));
    // Out of range.
    let mut b = strip();
    b.symmetry("far", |i| i + 1, |o| o);
    assert!(refused(b).1.contains("there are 4"));
}

/// The eight images of a queens placement (`cols[row]`) under the
/// board's symmetries, each again as a column per row.
fn board_images(cols: &[usize]) -> Vec<Vec<usize>> {
    let n = cols.len();
    let mut images = Vec::new();
    let mut cells: Vec<(usize, usize)> = cols.iter().enumerate().map(|(r, &c)| (r, c)).collect();
    for _ in 0..4 {
        for flip in [false, true] {
            let mut image = vec![0; n];
            for &(r, c) in &cells {
                let c = if flip { n - 1 - c } else { c };
                image[r] = c;
            }
            images.push(image);
        }
        // A quarter turn.
        cells = cells.iter().map(|&(r, c)| (c, n - 1 - r)).collect();
    }
    images
}

#[test]
fn canonical_solutions_are_the_least_board_of_each_class() {
    for n in 1..=9 {
        // Every placement, by brute force over permutations of columns.
        let mut expected: Vec<Vec<usize>> = (0..n)
            .permutations(n)
            .filter(|cols| (0..n).all(|a| (a + 1..n).all(|b| cols[a].abs_diff(cols[b]) != b - a)))
            .map(|cols| board_images(&cols).into_iter().min().unwrap())
            .collect();
        expected.sort();
        expected.dedup();
        assert_eq!(expected.len() as u128, QUEENS[n - 1].1, "n = {n}");
        for cross_check in [false, true] {
            let mut model = nqueens(n).unwrap();
            let mut found: Vec<Vec<usize>> = model
                .search()
                .cross_check(cross_check)
                .canonical_solutions()
                .collect();
            found.sort();
            assert_eq!(found, expected, "n = {n}, cross-check {cross_check}");
        }
    }
}

#[test]
fn interchangeable_variables_count_as_brute_force_orbits() {
    // Four variables in 0..4 whose sum is even and whose values span at
    // most 2: a rule that treats the variables alike.
    let (n, d) = (4, 4);
    let accept = |a: &[usize]| {
        a.iter().sum::<usize>() % 2 == 0 && a.iter().max().unwrap() - a.iter().min().unwrap() <= 2
    };
    let solutions = brute(n, d, accept);
    let swap = |a: &[usize]| {
        let mut b = a.to_vec();
        b.swap(0, 1);
        b
    };
    let cycle = |a: &[usize]| {
        let mut b = a.to_vec();
        b.rotate_right(1);
        b
    };
    let expected = orbits(&solutions, &[&swap, &cycle]) as u128;
    let build = |vars: &[usize]| {
        let mut b = ModelBuilder::new();
        for v in 0..n {
            b.variable(format!("x{v}"), 0..d);
        }
        for g in Symmetry::interchangeable_variables(vars) {
            b.symmetry(g);
        }
        let rule = Predicate::new("even, close", (0..n).collect::<Vec<_>>(), move |v| {
            let v: Vec<usize> = (0..n).map(|i| v[i]).collect();
            accept(&v)
        });
        b.build((rule,))
    };
    let mut model = build(&[0, 1, 2, 3]).unwrap();
    classes_both_ways(
        &mut model,
        (solutions.len() as u128, expected, 24),
        "four interchangeable variables",
    );
    // Seven variables make 5040 permutations, more than MAX_GROUP.
    let mut b = ModelBuilder::new();
    for v in 0..7 {
        b.variable(format!("x{v}"), 0..2usize);
    }
    for g in Symmetry::interchangeable_variables(&[0, 1, 2, 3, 4, 5, 6]) {
        b.symmetry(g);
    }
    match b.build(()) {
        Err(ModelError::InvalidSymmetry { reason, .. }) => {
            assert!(reason.contains("more than 4096"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_mirror_is_one_generator_of_the_group() {
    use backtracker_puzzles::{Rule, nqueens_with};
    // n rooks (columns only): n! placements, and the mirror maps each to
    // another, never to itself for n >= 2, so n!/2 classes; by brute force
    // over the orbits of the mirror.
    for n in 1..=6usize {
        let solutions: Vec<Vec<usize>> = (0..n).permutations(n).collect();
        let mirror = |a: &[usize]| a.iter().map(|&c| n - 1 - c).collect::<Vec<usize>>();
        let expected = orbits(&solutions, &[&mirror]) as u128;
        let mut model = nqueens_with(n, &[Rule::Columns]).unwrap();
        assert!(model.has_mirror_symmetry());
        let group = if n == 1 { 1 } else { 2 };
        classes_both_ways(
            &mut model,
            (solutions.len() as u128, expected, group),
            &format!("{n} rooks"),
        );
    }
}
