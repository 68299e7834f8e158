//! Exact cover on the engine against two published dancing-links crates,
//! `xcov` and `dancing-links`, on the same instances: every solver builds
//! its own structure from the same lists of items and options, then counts
//! every cover.
//!
//! - `exact_cover_pentominoes_5x12` (4040 tilings), `_4x15` (1472) and
//!   `_scott` (Dana Scott's 8 x 8 board without its 2 x 2 centre, 520): the
//!   12 pentominoes with rotations and reflections, items and options as
//!   `backtracker_puzzles::polyomino::Tiling` makes them;
//! - `exact_cover_sudoku_top95`: the 95 puzzles of
//!   `tests/data/sudoku/top95.txt`
//!   as `backtracker_puzzles::sudoku_cover::SudokuCover` states them, one after the
//!   other (each has one solution).
//!
//! Two more counters written for this bench, `layout-bits` and
//! `layout-cells` ([`cover_layouts`]), run one search on two layouts of
//! the items' live options, to tell what the layout costs from what the
//! engine costs.
//!
//! ```text
//! cargo bench -p backtracker-benches --bench exact_cover
//! ```

use std::hint::black_box;
use std::time::Duration;

use backtracker::exact_cover::{ExactCover, ExactCoverBuilder};
use backtracker_puzzles::polyomino::{Shape, Tiling, pentominoes};
use backtracker_puzzles::sudoku::Grid;
use backtracker_puzzles::sudoku_cover::SudokuCover;
use criterion::{Criterion, criterion_group, criterion_main};
use xcov::ExactCoverProblem;

mod cover_layouts;

const TOP95: &str = include_str!("../tests/data/sudoku/top95.txt");

/// An exact-cover instance as plain lists: what every solver starts from.
struct Instance {
    names: Vec<String>,
    primary: Vec<bool>,
    /// Item numbers, increasing.
    options: Vec<Vec<usize>>,
}

impl Instance {
    fn of(problem: &ExactCover) -> Instance {
        let items = problem.item_count();
        Instance {
            names: (0..items)
                .map(|i| problem.item_name(i).to_owned())
                .collect(),
            primary: (0..items).map(|i| problem.is_primary(i)).collect(),
            options: (0..problem.option_count())
                .map(|o| problem.option_items(o).collect())
                .collect(),
        }
    }

    /// backtracker: the builder, with item names, then a count.
    fn backtracker(&self) -> u128 {
        let mut b = ExactCoverBuilder::new();
        for (name, &primary) in self.names.iter().zip(&self.primary) {
            if primary {
                b.primary(name.as_str());
            } else {
                b.secondary(name.as_str());
            }
        }
        for option in &self.options {
            b.option_of_items(option.iter().copied());
        }
        let mut problem = b.build().expect("a well-formed instance");
        problem.search().count().value
    }

    /// xcov: primary items numbered from 1, then the secondary ones.
    fn xcov(&self) -> u128 {
        let primary = self.primary.iter().filter(|&&p| p).count();
        let mut number = vec![0; self.names.len()];
        let (mut next_primary, mut next_secondary) = (1, primary + 1);
        for (item, &is_primary) in self.primary.iter().enumerate() {
            let counter = if is_primary {
                &mut next_primary
            } else {
                &mut next_secondary
            };
            number[item] = *counter;
            *counter += 1;
        }
        let mut builder = xcov::DlxBuilder::new(primary, self.names.len() - primary);
        let mut items = Vec::new();
        for option in &self.options {
            items.clear();
            items.extend(option.iter().map(|&i| number[i]));
            items.sort_unstable();
            builder.add_option(&items);
        }
        let mut search = xcov::MrvExactCoverSearch::new(builder.build());
        let mut count = 0;
        while search.search() {
            count += 1;
        }
        count
    }

    /// The bench's own counter on a bit set per item.
    fn layout_bits(&self) -> u128 {
        cover_layouts::bits(&cover_layouts::Columns::new(&self.primary, &self.options))
    }

    /// The bench's own counter on a sparse set per item.
    fn layout_cells(&self) -> u128 {
        cover_layouts::cells(&cover_layouts::Columns::new(&self.primary, &self.options))
    }

    /// dancing-links: the problem through its `ExactCover` trait.
    fn dancing_links(&self) -> u128 {
        use dancing_links::ExactCover as _;
        let problem = ForDancingLinks {
            instance: self,
            possibilities: (0..self.options.len()).collect(),
            constraints: (0..self.names.len()).collect(),
        };
        problem.solver().count() as u128
    }
}

/// An [`Instance`] as `dancing_links::ExactCover`: possibilities are option
/// numbers, constraints item numbers.
struct ForDancingLinks<'a> {
    instance: &'a Instance,
    possibilities: Vec<usize>,
    constraints: Vec<usize>,
}

impl dancing_links::ExactCover for ForDancingLinks<'_> {
    type Possibility = usize;
    type Constraint = usize;

    fn satisfies(&self, option: &usize, item: &usize) -> bool {
        self.instance.options[*option].binary_search(item).is_ok()
    }

    fn is_optional(&self, item: &usize) -> bool {
        !self.instance.primary[*item]
    }

    fn possibilities(&self) -> &[usize] {
        &self.possibilities
    }

    fn constraints(&self) -> &[usize] {
        &self.constraints
    }
}

/// A solver: the covers of an instance.
type Solver = fn(&Instance) -> u128;

/// The solvers on `instances`, which have `expected` covers in all.
fn compare(c: &mut Criterion, group: &str, instances: &[Instance], expected: u128, seconds: u64) {
    let solvers: [(&str, Solver); 5] = [
        ("backtracker", Instance::backtracker),
        ("xcov", Instance::xcov),
        ("dancing-links", Instance::dancing_links),
        ("layout-bits", Instance::layout_bits),
        ("layout-cells", Instance::layout_cells),
    ];
    for (name, solve) in solvers {
        let total: u128 = instances.iter().map(solve).sum();
        assert_eq!(total, expected, "{name} on {group}");
    }
    let mut group = c.benchmark_group(group);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(seconds));
    for (name, solve) in solvers {
        group.bench_function(name, |b| {
            b.iter(|| black_box(instances).iter().map(solve).sum::<u128>());
        });
    }
    group.finish();
}

fn pentominoes_on(board: &Shape) -> Vec<Instance> {
    let tiling = Tiling::new(board, &pentominoes(), true).expect("60 cells");
    vec![Instance::of(tiling.problem())]
}

fn pentomino_boards(c: &mut Criterion) {
    let scott = Shape::parse(
        "########\n########\n########\n###..###\n###..###\n########\n########\n########\n",
    )
    .expect("a board");
    compare(
        c,
        "exact_cover_pentominoes_scott",
        &pentominoes_on(&scott),
        520,
        10,
    );
    compare(
        c,
        "exact_cover_pentominoes_4x15",
        &pentominoes_on(&Shape::rectangle(4, 15)),
        1472,
        20,
    );
    compare(
        c,
        "exact_cover_pentominoes_5x12",
        &pentominoes_on(&Shape::rectangle(5, 12)),
        4040,
        60,
    );
}

fn sudoku_top95(c: &mut Criterion) {
    let instances: Vec<Instance> = TOP95
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Instance::of(SudokuCover::new(&Grid::parse(l).expect("a puzzle")).problem()))
        .collect();
    compare(c, "exact_cover_sudoku_top95", &instances, 95, 5);
}

criterion_group!(benches, sudoku_top95, pentomino_boards);
criterion_main!(benches);
