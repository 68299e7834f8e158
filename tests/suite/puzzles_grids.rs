//! The sudoku and graph-colouring reference models, checked against known
//! answers from independent sources: published solutions, counts from
//! formulas, and brute force written here (or in `common`).

use crate::support::{
    HARDEST, MAP_REGIONS, NORVIG_PUZZLE, NORVIG_SOLUTION, TOP95, brute_force_colorings, complete,
    cycle, dimacs, is_proper, map_edges, petersen,
};
use backtracker::{StopReason, VariableOrder};
use backtracker_puzzles::coloring::{
    AUSTRALIA_COLORS, AUSTRALIA_REGIONS, Graph, GraphError, australia, australia_map,
    chromatic_number, coloring, coloring_with,
};
use backtracker_puzzles::sudoku::{
    Grid, GridError, UnitKind, solve, sudoku, sudoku_with, sudoku_with_places,
};

// ---------------------------------------------------------------- sudoku

/// An independent judge of a 9 x 9 solution: every row, column and box
/// holds 1 to 9 once, and every given of the puzzle line is kept.
fn assert_solves(puzzle: &str, solution: &[u8]) {
    assert_eq!(solution.len(), 81, "81 cells");
    for (i, ch) in puzzle.trim().chars().enumerate() {
        if let Some(d) = ch.to_digit(10).filter(|&d| d != 0) {
            assert_eq!(
                u32::from(solution[i]),
                d,
                "given at cell {i} of {puzzle} changed"
            );
        }
    }
    let cell = |r: usize, c: usize| solution[r * 9 + c];
    for unit in 0..9 {
        let mut row: Vec<u8> = (0..9).map(|k| cell(unit, k)).collect();
        let mut col: Vec<u8> = (0..9).map(|k| cell(k, unit)).collect();
        let mut boxed: Vec<u8> = (0..9)
            .map(|k| cell((unit / 3) * 3 + k / 3, (unit % 3) * 3 + k % 3))
            .collect();
        for (what, digits) in [("row", &mut row), ("column", &mut col), ("box", &mut boxed)] {
            digits.sort_unstable();
            assert_eq!(
                *digits,
                (1..=9).collect::<Vec<u8>>(),
                "{what} {unit} of {puzzle}"
            );
        }
    }
}

fn puzzles(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.trim().is_empty()).collect()
}

fn digits(line: &str) -> Vec<u8> {
    line.bytes().map(|b| b - b'0').collect()
}

#[test]
fn the_data_files_hold_the_documented_numbers_of_puzzles() {
    assert_eq!(puzzles(TOP95).len(), 95);
    assert_eq!(puzzles(HARDEST).len(), 12);
    assert_eq!(puzzles(TOP95)[0], NORVIG_PUZZLE);
}

#[test]
fn the_first_top95_puzzle_has_the_published_solution() {
    let grid = Grid::parse(NORVIG_PUZZLE).unwrap();
    let mut model = sudoku(&grid);
    let solution = model.search().first().value.unwrap();
    assert_eq!(solution, digits(NORVIG_SOLUTION));
    assert_eq!(solve(&grid).unwrap().to_string(), NORVIG_SOLUTION);
    let mut fast = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst);
    assert_eq!(
        fast.search().first().value.unwrap(),
        digits(NORVIG_SOLUTION)
    );
}

#[test]
fn every_hardest_puzzle_is_solved_smallest_domain_first_and_unique() {
    for line in puzzles(HARDEST) {
        let grid = Grid::parse(line).unwrap();
        let mut model = sudoku(&grid);
        assert_eq!(model.variable_order(), VariableOrder::SmallestDomainFirst);
        let outcome = model.search().first();
        assert_eq!(outcome.stop, StopReason::Stopped, "{line}");
        assert_solves(line, &outcome.value.unwrap());
        // The source says each puzzle has exactly one solution.
        let count = model.search().count();
        assert_eq!(
            (count.value, count.stop),
            (1, StopReason::Completed),
            "{line}"
        );
    }
}

#[test]
fn every_hardest_puzzle_is_solved_with_the_places_checker_too() {
    for line in puzzles(HARDEST) {
        let grid = Grid::parse(line).unwrap();
        let mut model = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst);
        assert_solves(line, &model.search().first().value.unwrap());
        assert_eq!(model.search().count().value, 1, "{line}");
    }
}

#[test]
fn every_top95_puzzle_is_solved_and_verified() {
    for line in puzzles(TOP95) {
        let grid = Grid::parse(line).unwrap();
        let mut model = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst);
        let solution = model.search().first().value;
        assert_solves(line, &solution.unwrap());
    }
}

#[test]
fn the_places_checker_needs_fewer_nodes_on_the_hardest_puzzles() {
    let (mut lines, mut places) = (0, 0);
    for line in puzzles(HARDEST) {
        let grid = Grid::parse(line).unwrap();
        lines += sudoku(&grid).search().first().stats.nodes;
        places += sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst)
            .search()
            .first()
            .stats
            .nodes;
    }
    assert!(places < lines, "places {places}, lines {lines}");
    // Every cell is one node at least.
    assert!(places >= 12 * 81);
}

#[test]
fn the_fixed_order_finds_the_same_solution_of_an_easy_puzzle() {
    // Published as the easy example of the same essay.
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let grid = Grid::parse(easy).unwrap();
    let mut declared = sudoku_with(&grid, VariableOrder::Declared);
    assert_eq!(declared.variable_order(), VariableOrder::Declared);
    assert_eq!(declared.search().first().value.unwrap(), digits(solution));
    assert_eq!(
        sudoku(&grid).search().first().value.unwrap(),
        digits(solution)
    );
}

#[test]
fn a_node_limit_stops_the_fixed_order_on_a_hard_puzzle() {
    let grid = Grid::parse(NORVIG_PUZZLE).unwrap();
    let outcome = sudoku_with(&grid, VariableOrder::Declared)
        .search()
        .node_limit(2_000)
        .first();
    assert_eq!(outcome.stop, StopReason::NodeLimit);
    assert_eq!(outcome.value, None);
    assert_eq!(outcome.stats.nodes, 2_000);
}

/// All 4 x 4 sudoku grids by brute force: four rows, each a permutation.
fn brute_force_4x4() -> u64 {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    let row = [a, b, c, d];
                    if (0..4).all(|i| (i + 1..4).all(|j| row[i] != row[j])) {
                        perms.push(row);
                    }
                }
            }
        }
    }
    let mut count = 0;
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g = [r0, r1, r2, r3];
                    let cols =
                        (0..4).all(|c| (0..4).all(|i| (i + 1..4).all(|j| g[i][c] != g[j][c])));
                    let boxes = (0..4).all(|b| {
                        let cells: Vec<u8> = (0..4)
                            .map(|k| g[(b / 2) * 2 + k / 2][(b % 2) * 2 + k % 2])
                            .collect();
                        (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]))
                    });
                    if cols && boxes {
                        count += 1;
                    }
                }
            }
        }
    }
    count
}

#[test]
fn an_empty_4x4_grid_has_288_completions() {
    // 288 is the known number of 4 x 4 sudoku grids (OEIS A107739); the
    // brute force above agrees.
    let brute = brute_force_4x4();
    assert_eq!(brute, 288);
    let empty = Grid::empty(2).unwrap();
    for order in [VariableOrder::Declared, VariableOrder::SmallestDomainFirst] {
        let count = sudoku_with(&empty, order).search().count();
        assert_eq!(
            (count.value, count.stop),
            (u128::from(brute), StopReason::Completed)
        );
        let places = sudoku_with_places(&empty, order).search().count();
        assert_eq!(places.value, u128::from(brute));
    }
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn the_places_checker_agrees_with_itself_in_cross_check_mode() {
    let empty = Grid::empty(2).unwrap();
    let outcome = sudoku_with_places(&empty, VariableOrder::SmallestDomainFirst)
        .search()
        .cross_check(true)
        .count();
    assert_eq!((outcome.value, outcome.stop), (288, StopReason::Completed));
    let declared = sudoku_with_places(&empty, VariableOrder::Declared)
        .search()
        .cross_check(true)
        .count();
    assert_eq!(
        (declared.value, declared.stop),
        (288, StopReason::Completed)
    );
    for line in puzzles(HARDEST).into_iter().take(3) {
        let grid = Grid::parse(line).unwrap();
        let outcome = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst)
            .search()
            .cross_check(true)
            .count();
        assert_eq!(
            (outcome.value, outcome.stop),
            (1, StopReason::Completed),
            "{line}"
        );
    }
    let grid = Grid::parse(NORVIG_PUZZLE).unwrap();
    let fixed = sudoku_with_places(&grid, VariableOrder::Declared)
        .search()
        .cross_check(true)
        .node_limit(3_000)
        .count();
    assert_eq!(fixed.stop, StopReason::NodeLimit);
}

#[test]
fn the_model_is_laid_out_as_documented() {
    let grid = Grid::parse(NORVIG_PUZZLE).unwrap();
    let model = sudoku(&grid);
    assert_eq!(model.len(), 81);
    assert_eq!(model.name(0), "r1c1");
    assert_eq!(model.name(10), "r2c2");
    assert_eq!(model.name(80), "r9c9");
    assert_eq!(model.domain(40), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(model.checker_names(), ["rows", "columns", "boxes"]);
    // Rows, columns and boxes each reject a repeated digit, in model order.
    let mut cells = vec![None; 81];
    cells[0] = Some(4);
    cells[8] = Some(4);
    assert_eq!(model.first_violation(&cells), Some("rows"));
    cells[8] = None;
    cells[72] = Some(4);
    assert_eq!(model.first_violation(&cells), Some("columns"));
    cells[72] = None;
    cells[20] = Some(4);
    assert_eq!(model.first_violation(&cells), Some("boxes"));
    cells[20] = Some(5);
    assert_eq!(model.first_violation(&cells), None);
    let small = sudoku(&Grid::empty(2).unwrap());
    assert_eq!((small.len(), small.name(15)), (16, "r4c4"));
    assert_eq!(small.domain(0), [1, 2, 3, 4]);
}

#[test]
fn a_puzzle_without_a_solution_gives_none() {
    // Not contradictory as given, but r1c9 can only be 9 and column 9 has a 9.
    let line = format!("12345678.{}{}", "........9", ".".repeat(63));
    let grid = Grid::parse(&line).unwrap();
    assert_eq!(solve(&grid), None);
    let outcome = sudoku(&grid).search().first();
    assert_eq!((outcome.value, outcome.stop), (None, StopReason::Completed));
    let places = sudoku_with_places(&grid, VariableOrder::SmallestDomainFirst)
        .search()
        .count();
    assert_eq!((places.value, places.stop), (0, StopReason::Completed));
}

#[test]
fn parsing_accepts_dots_zeros_and_surrounding_space() {
    let dots = Grid::parse(NORVIG_PUZZLE).unwrap();
    let zeros = Grid::parse(&format!("  {}\r\n", NORVIG_PUZZLE.replace('.', "0"))).unwrap();
    assert_eq!(dots, zeros);
    assert_eq!(dots.to_string(), NORVIG_PUZZLE);
    assert_eq!(dots.givens(), 17);
    assert!(!dots.is_full());
    assert_eq!(dots.get(8, 2), Some(4));
    assert_eq!(NORVIG_PUZZLE.parse::<Grid>().unwrap(), dots);
}

#[test]
fn parse_errors_say_what_is_wrong() {
    assert_eq!(
        Grid::parse(&NORVIG_PUZZLE[1..]),
        Err(GridError::Length {
            found: 80,
            expected: 81
        })
    );
    assert_eq!(
        Grid::parse(&format!("{NORVIG_PUZZLE}."))
            .unwrap_err()
            .to_string(),
        "wrong length: 82 characters, expected 81"
    );
    let bad = format!("{}x{}", &NORVIG_PUZZLE[..4], &NORVIG_PUZZLE[5..]);
    assert_eq!(
        Grid::parse(&bad),
        Err(GridError::Character {
            column: 5,
            found: 'x'
        })
    );
    assert_eq!(
        Grid::parse(&bad).unwrap_err().to_string(),
        "bad character 'x' at column 5"
    );
    // A digit above the size of a small grid is a bad character too.
    assert_eq!(
        Grid::parse_boxed("5...............", 2),
        Err(GridError::Character {
            column: 1,
            found: '5'
        })
    );
    assert_eq!(
        Grid::parse(""),
        Err(GridError::Length {
            found: 0,
            expected: 81
        })
    );
    assert_eq!(Grid::empty(4), Err(GridError::BoxSize(4)));
}

#[test]
fn contradictory_givens_are_errors_naming_the_unit() {
    // Two 4s in row 1 (columns 1 and 9).
    let row = format!("4.......4{}", ".".repeat(72));
    assert_eq!(
        Grid::parse(&row),
        Err(GridError::Contradiction {
            digit: 4,
            unit: UnitKind::Row,
            number: 1,
            first: (1, 1),
            second: (1, 9),
        })
    );
    assert_eq!(
        Grid::parse(&row).unwrap_err().to_string(),
        "contradictory givens: two 4s in row 1 (r1c1 and r1c9)"
    );
    // Two 7s in column 2 (rows 1 and 9).
    let mut cells = vec![b'.'; 81];
    cells[1] = b'7';
    cells[73] = b'7';
    let column = String::from_utf8(cells).unwrap();
    assert_eq!(
        Grid::parse(&column).unwrap_err().to_string(),
        "contradictory givens: two 7s in column 2 (r1c2 and r9c2)"
    );
    // Two 9s in box 5 (r4c4 and r6c6), not sharing a row or column.
    let mut cells = vec![b'.'; 81];
    cells[3 * 9 + 3] = b'9';
    cells[5 * 9 + 5] = b'9';
    let boxed = String::from_utf8(cells).unwrap();
    assert_eq!(
        Grid::parse(&boxed).unwrap_err().to_string(),
        "contradictory givens: two 9s in box 5 (r4c4 and r6c6)"
    );
    // Grid::new accepts them; the model then has no solution.
    let grid = Grid::new(3, digits(&boxed.replace('.', "0"))).unwrap();
    assert!(grid.conflict().is_some());
    assert_eq!(sudoku(&grid).search().count().value, 0);
}

#[test]
fn grid_new_checks_its_cells() {
    assert_eq!(
        Grid::new(2, vec![0; 15]),
        Err(GridError::Length {
            found: 15,
            expected: 16
        })
    );
    let mut cells = vec![0; 16];
    cells[3] = 5;
    assert_eq!(
        Grid::new(2, cells),
        Err(GridError::Value { cell: 4, value: 5 })
    );
}

#[test]
fn pretty_grids_have_box_separators() {
    let solved = Grid::parse(NORVIG_SOLUTION).unwrap();
    let pretty = solved.pretty();
    let lines: Vec<&str> = pretty.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "417|369|825");
    assert_eq!(lines[3], "---+---+---");
    assert_eq!(lines[10], "164|875|293");
}

// -------------------------------------------------------------- colouring

fn brute_force_chromatic(n: usize, edges: &[(usize, usize)]) -> usize {
    (0..=n)
        .find(|&k| brute_force_colorings(n, edges, k) > 0)
        .expect("n colours always do")
}

#[test]
fn cycles_have_the_textbook_number_of_colourings() {
    for n in 3..=9usize {
        let graph = Graph::parse_dimacs(&dimacs(n, &cycle(n))).unwrap();
        for k in 1..=4usize {
            // (K - 1)^n + (-1)^n (K - 1)
            let sign: i128 = if n % 2 == 0 { 1 } else { -1 };
            let expected = (k as i128 - 1).pow(n as u32) + sign * (k as i128 - 1);
            let brute = brute_force_colorings(n, &cycle(n), k);
            assert_eq!(brute as i128, expected, "C{n}, {k} colours");
            let outcome = coloring(&graph, k).unwrap().search().count();
            assert_eq!(outcome.value as i128, expected, "C{n}, {k} colours");
            assert_eq!(outcome.stop, StopReason::Completed);
        }
    }
}

#[test]
fn complete_graphs_have_falling_factorial_colourings() {
    for n in 1..=5usize {
        let graph = Graph::from_edges(n, complete(n)).unwrap();
        for k in 1..=6usize {
            let expected: u128 = (0..n).map(|i| k.saturating_sub(i) as u128).product();
            assert_eq!(
                coloring(&graph, k).unwrap().search().count().value,
                expected,
                "K{n}, {k}"
            );
        }
    }
}

#[test]
fn counting_with_and_without_colour_mirror_agrees() {
    let graph = Graph::from_edges(10, petersen()).unwrap();
    let brute = brute_force_colorings(10, &petersen(), 3);
    let mut model = coloring(&graph, 3).unwrap();
    assert!(model.has_mirror_symmetry());
    assert_eq!(model.search().count().value, brute);
    assert_eq!(model.search().symmetry(false).count().value, brute);
    let mut declared = coloring_with(&graph, &[0, 1, 2, 3], VariableOrder::Declared).unwrap();
    assert_eq!(
        declared.search().count().value,
        brute_force_colorings(10, &petersen(), 4)
    );
}

#[test]
fn chromatic_numbers_of_small_graphs() {
    let c5 = Graph::parse_dimacs(&dimacs(5, &cycle(5))).unwrap();
    let k4 = Graph::parse_dimacs(&dimacs(4, &complete(4))).unwrap();
    let pet = Graph::parse_dimacs(&dimacs(10, &petersen())).unwrap();
    let c6 = Graph::parse_dimacs(&dimacs(6, &cycle(6))).unwrap();
    for (graph, edges, expected) in [
        (&c5, cycle(5), 3),
        (&k4, complete(4), 4),
        (&pet, petersen(), 3),
        (&c6, cycle(6), 2),
    ] {
        let found = chromatic_number(graph).unwrap();
        assert_eq!(found.colors, expected);
        assert_eq!(brute_force_chromatic(graph.vertices(), &edges), expected);
        assert!(is_proper(&edges, &found.coloring));
        assert!(found.coloring.iter().all(|&c| c < expected));
    }
    assert_eq!(chromatic_number(&Graph::new(0)).unwrap().colors, 0);
    assert_eq!(chromatic_number(&Graph::new(3)).unwrap().colors, 1);
}

/// The Mycielskian of C5 (the Groetzsch graph): triangle-free, chromatic number 4.
#[test]
fn the_groetzsch_graph_needs_four_colours() {
    let mut edges = cycle(5);
    for (u, v) in cycle(5) {
        // Copy vertex u + 5 joins the neighbours of u; vertex 11 joins every copy.
        edges.push((u + 5, v));
        edges.push((v + 5, u));
    }
    edges.extend((6..=10).map(|c| (c, 11)));
    assert_eq!(edges.len(), 20);
    let graph = Graph::from_edges(11, edges.clone()).unwrap();
    assert_eq!(graph.greedy_clique().len(), 2);
    let found = chromatic_number(&graph).unwrap();
    assert_eq!(found.colors, 4);
    assert_eq!(brute_force_chromatic(11, &edges), 4);
    assert!(is_proper(&edges, &found.coloring));
}

#[test]
fn chromatic_numbers_of_pseudo_random_graphs_match_brute_force() {
    let mut seed = 0x2545_f491_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..40 {
        let n = 3 + round % 6;
        let density = 20 + next() % 70;
        let mut edges = Vec::new();
        for u in 1..=n {
            for v in u + 1..=n {
                if next() % 100 < density {
                    edges.push((u, v));
                }
            }
        }
        let graph = Graph::from_edges(n, edges.clone()).unwrap();
        let found = chromatic_number(&graph).unwrap();
        assert_eq!(found.colors, brute_force_chromatic(n, &edges), "{edges:?}");
        assert!(is_proper(&edges, &found.coloring));
        for k in 1..=3 {
            let count = coloring(&graph, k).unwrap().search().count().value;
            assert_eq!(
                count,
                brute_force_colorings(n, &edges, k),
                "{edges:?}, {k} colours"
            );
        }
    }
}

#[test]
fn the_neighbours_checker_agrees_with_itself_in_cross_check_mode() {
    let graph = Graph::from_edges(10, petersen()).unwrap();
    let outcome = coloring(&graph, 3)
        .unwrap()
        .search()
        .cross_check(true)
        .count();
    assert_eq!(outcome.stop, StopReason::Completed);
    assert_eq!(outcome.value, brute_force_colorings(10, &petersen(), 3));
    let declared = coloring_with(&graph, &[0u8, 1, 2], VariableOrder::Declared)
        .unwrap()
        .search()
        .cross_check(true)
        .count();
    assert_eq!(declared.stop, StopReason::Completed);
}

#[test]
fn australia_has_18_colourings_by_brute_force() {
    let brute = brute_force_colorings(7, &map_edges(), 3);
    assert_eq!(brute, 18);
    let mut model = australia();
    assert_eq!(model.search().count().value, brute);
    assert_eq!(model.search().solutions().count() as u128, brute);
    assert_eq!(model.variable_order(), VariableOrder::Declared);
}

#[test]
fn the_australia_model_uses_the_textbook_map() {
    assert_eq!(AUSTRALIA_REGIONS, MAP_REGIONS);
    assert_eq!(AUSTRALIA_COLORS, ["red", "green", "blue"]);
    let map = australia_map();
    let mut ours: Vec<(usize, usize)> = map_edges()
        .iter()
        .map(|&(u, v)| (u.min(v), u.max(v)))
        .collect();
    let mut theirs = map.edges().to_vec();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
    assert_eq!(map.degree(map.vertex("SA").unwrap()), 5);
    assert_eq!(map.degree(map.vertex("T").unwrap()), 0);
    let mut model = australia();
    assert_eq!(model.name(2), "SA");
    let first = model.search().first().value.unwrap();
    let indices: Vec<usize> = first
        .iter()
        .map(|c| AUSTRALIA_COLORS.iter().position(|x| x == c).unwrap())
        .collect();
    assert!(is_proper(&map_edges(), &indices));
}

#[test]
fn the_australia_trace_shows_the_textbook_search() {
    let text = australia().search().trace();
    assert!(text.starts_with("WA = red\n  NT = red  rejected by neighbours\n  NT = green\n"));
    assert!(text.contains("solution 18"));
    assert!(text.ends_with("stop: completed\n"));
}

#[test]
fn dimacs_reading_skips_comments_and_repeated_edges() {
    let text = "c a comment\n\nc another\np edge 4 5\ne 1 2\ne 2 1\n  e 2 3  \ne 3 4\ne 4 1\n";
    let graph = Graph::parse_dimacs(text).unwrap();
    assert_eq!(graph.vertices(), 4);
    assert_eq!(graph.edges(), [(1, 2), (2, 3), (3, 4), (1, 4)]);
    assert_eq!(graph.name(1), "v1");
    let col = Graph::parse_dimacs("p col 2 1\ne 1 2\n").unwrap();
    assert_eq!(col.edges(), [(1, 2)]);
    let lonely = Graph::parse_dimacs("p edge 3 0\n").unwrap();
    assert_eq!((lonely.vertices(), lonely.edges().len()), (3, 0));
}

#[test]
fn dimacs_errors_name_the_line() {
    let cases = [
        (
            "p edge 3 1\ne 1 4\n",
            "line 2: vertex 4 does not exist (vertices are 1 to 3)",
        ),
        (
            "p edge 3 1\ne 0 1\n",
            "line 2: vertex 0 does not exist (vertices are 1 to 3)",
        ),
        (
            "c x\np edge 3 1\ne 2 2\n",
            "line 3: edge from vertex 2 to itself",
        ),
        (
            "e 1 2\np edge 3 1\n",
            "line 1: edge before the problem line `p edge V E`",
        ),
        ("p edge 3 1\np edge 3 1\n", "line 2: a second problem line"),
        (
            "p edge three 1\n",
            "line 1: vertex count `three` is not a number",
        ),
        (
            "p edge 3\n",
            "line 1: expected `p edge VERTICES EDGES`, found `p edge 3`",
        ),
        (
            "p cnf 3 1\n",
            "line 1: expected `p edge VERTICES EDGES`, found `p cnf 3 1`",
        ),
        ("p edge 3 1\ne 1\n", "line 2: expected `e U V`, found `e 1`"),
        ("p edge 3 1\ne 1 x\n", "line 2: vertex `x` is not a number"),
        (
            "p edge 3 1\n\nx 1 2\n",
            "line 3: unknown line type `x` (expected `c`, `p` or `e`)",
        ),
        (
            "p edge 99999999999 1\n",
            "line 1: 99999999999 vertices, more than the supported 1048576",
        ),
        ("c nothing\n", "no problem line `p edge V E`"),
        ("", "no problem line `p edge V E`"),
    ];
    for (text, message) in cases {
        let error = Graph::parse_dimacs(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text:?}");
    }
    assert_eq!(
        Graph::parse_dimacs("p edge 3 1\ne 1 4\n").unwrap_err().line,
        Some(2)
    );
}

#[test]
fn graph_edges_are_checked() {
    let mut graph = Graph::new(3);
    assert_eq!(graph.add_edge(1, 2), Ok(true));
    assert_eq!(graph.add_edge(2, 1), Ok(false));
    assert_eq!(graph.add_edge(3, 3), Err(GraphError::SelfLoop(3)));
    assert_eq!(
        graph.add_edge(1, 4),
        Err(GraphError::NoVertex {
            vertex: 4,
            vertices: 3
        })
    );
    assert_eq!(graph.edges(), [(1, 2)]);
}

#[test]
fn colouring_models_report_what_they_cannot_do() {
    let graph = Graph::from_edges(2, [(1, 2)]).unwrap();
    assert!(
        coloring(&graph, 65)
            .unwrap_err()
            .to_string()
            .contains("up to 64 colours")
    );
    assert!(coloring(&graph, 0).is_err());
    assert_eq!(
        coloring(&graph, 64).unwrap().search().count().value,
        64 * 63
    );
    let named = coloring_with(&graph, &["cyan", "magenta"], VariableOrder::Declared).unwrap();
    assert_eq!(named.domain(0), ["cyan", "magenta"]);
}
