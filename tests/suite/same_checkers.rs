//! `Same`: a list of checkers of one type searches as the same checkers
//! boxed, and can be searched in parallel.

use backtracker::constraints::{AllDifferent, LinearSum};
use backtracker::{Checker, DynChecker, ModelBuilder, Same};

/// One type for two kinds of checkers, as a front-end posts them.
#[derive(Clone, Debug)]
#[expect(clippy::large_enum_variant, reason = "two checkers in a test")]
enum Kind {
    Different(AllDifferent),
    Sum(LinearSum),
}

impl Checker<i32> for Kind {
    fn name(&self) -> &str {
        match self {
            Kind::Different(c) => Checker::<i32>::name(c),
            Kind::Sum(c) => Checker::<i32>::name(c),
        }
    }
    fn check(&self, a: &backtracker::Assignment<'_, i32>) -> bool {
        match self {
            Kind::Different(c) => c.check(a),
            Kind::Sum(c) => c.check(a),
        }
    }
    fn narrows(&self) -> bool {
        match self {
            Kind::Different(c) => Checker::<i32>::narrows(c),
            Kind::Sum(c) => Checker::<i32>::narrows(c),
        }
    }
    fn narrow(
        &self,
        var: usize,
        d: &mut backtracker::Domains<'_, i32>,
    ) -> Result<(), backtracker::Conflict> {
        match self {
            Kind::Different(c) => c.narrow(var, d),
            Kind::Sum(c) => c.narrow(var, d),
        }
    }
    fn scope(&self) -> Option<&[usize]> {
        match self {
            Kind::Different(c) => Checker::<i32>::scope(c),
            Kind::Sum(c) => Checker::<i32>::scope(c),
        }
    }
    fn prepare(
        &mut self,
        m: &backtracker::ModelInfo<'_, i32>,
    ) -> Result<(), backtracker::ModelError> {
        match self {
            Kind::Different(c) => c.prepare(m),
            Kind::Sum(c) => c.prepare(m),
        }
    }
}

/// Three different digits of 1..=9 adding up to `total`, and the same
/// constraints as kinds.
fn kinds(b: &mut ModelBuilder<i32>, total: i64) -> Vec<Kind> {
    let xs: Vec<usize> = (0..3).map(|i| b.variable(format!("d{i}"), 1..=9)).collect();
    vec![
        Kind::Different(AllDifferent::new("different", xs.clone())),
        Kind::Sum(LinearSum::equal("total", xs.iter().map(|&x| (1, x)), total)),
    ]
}

#[test]
fn a_list_of_one_type_counts_as_the_same_checkers_boxed() {
    for total in [6, 7, 15, 24, 25] {
        let mut b = ModelBuilder::new();
        let list = kinds(&mut b, total);
        let boxed: Vec<DynChecker<i32>> = list.iter().cloned().map(Checker::boxed).collect();
        let mut same = b.build(Same::from(list)).unwrap();
        let mut b = ModelBuilder::new();
        kinds(&mut b, total);
        let mut dynamic = b.build(boxed).unwrap();
        // Brute force over the 9^3 triples.
        let brute = (1..=9)
            .flat_map(|x| (1..=9).flat_map(move |y| (1..=9).map(move |z| (x, y, z))))
            .filter(|&(x, y, z)| x != y && y != z && x != z && i64::from(x + y + z) == total)
            .count() as u128;
        let a = same.search().count();
        let c = dynamic.search().count();
        assert_eq!(a.value, brute, "total {total}");
        assert_eq!(
            (a.value, a.stats.nodes),
            (c.value, c.stats.nodes),
            "total {total}"
        );
        assert_eq!(
            same.search().threads(2).count().value,
            brute,
            "total {total}"
        );
    }
}
