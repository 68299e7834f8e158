//! The fixed tables of an exact-cover problem: items, options, and where
//! each option sits in the candidate sets of the primary items it covers.

/// The items and options of a problem, built once and shared (behind an
/// `Arc`) by the problem, its checker and every copy of them.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Item names, in declaration order.
    pub(crate) names: Vec<String>,
    /// Per item: its variable (its number among the primary items), or
    /// `NONE` for a secondary item.
    pub(crate) var_of_item: Vec<u32>,
    /// Per variable: its item.
    pub(crate) item_of_var: Vec<u32>,
    /// Per option: its items, in increasing order (`items[item_start[o]..item_start[o + 1]]`).
    item_start: Vec<u32>,
    items: Vec<u32>,
    /// Per option: its primary items as `(variable, index of the option in
    /// that variable's domain)`, in item order.
    primary_start: Vec<u32>,
    primary: Vec<(u32, u32)>,
    /// Per option: its secondary items.
    secondary_start: Vec<u32>,
    secondary: Vec<u32>,
    /// Per item: the options that cover it, in increasing order (a primary
    /// item's list is its variable's domain).
    column_start: Vec<u32>,
    columns: Vec<u32>,
}

/// Marks a secondary item in [`Layout::var_of_item`].
pub(crate) const NONE: u32 = u32::MAX;

impl Layout {
    /// The tables of items `names` (`primary[i]` tells which are primary)
    /// and options `options` (lists of item numbers, each sorted, without
    /// repeats, each with a primary item).
    pub(crate) fn new(names: Vec<String>, primary: &[bool], options: &[Vec<u32>]) -> Layout {
        let item_count = names.len();
        let mut var_of_item = vec![NONE; item_count];
        let mut item_of_var = Vec::new();
        for (item, &is_primary) in primary.iter().enumerate() {
            if is_primary {
                var_of_item[item] = to_u32(item_of_var.len());
                item_of_var.push(to_u32(item));
            }
        }
        // Columns, by counting first.
        let mut column_start = vec![0u32; item_count + 1];
        for option in options {
            for &item in option {
                column_start[item as usize + 1] += 1;
            }
        }
        for i in 0..item_count {
            column_start[i + 1] += column_start[i];
        }
        let mut fill = column_start.clone();
        let mut columns = vec![0u32; column_start[item_count] as usize];
        // Per option and item, the option's index in the item's column.
        let mut item_start = Vec::with_capacity(options.len() + 1);
        let mut items = Vec::new();
        let mut primary_start = Vec::with_capacity(options.len() + 1);
        let mut primary_entries = Vec::new();
        let mut secondary_start = Vec::with_capacity(options.len() + 1);
        let mut secondary = Vec::new();
        item_start.push(0);
        primary_start.push(0);
        secondary_start.push(0);
        for (o, option) in options.iter().enumerate() {
            for &item in option {
                let slot = &mut fill[item as usize];
                let index = *slot - column_start[item as usize];
                columns[*slot as usize] = to_u32(o);
                *slot += 1;
                items.push(item);
                match var_of_item[item as usize] {
                    NONE => secondary.push(item),
                    var => primary_entries.push((var, index)),
                }
            }
            item_start.push(to_u32(items.len()));
            primary_start.push(to_u32(primary_entries.len()));
            secondary_start.push(to_u32(secondary.len()));
        }
        Layout {
            names,
            var_of_item,
            item_of_var,
            item_start,
            items,
            primary_start,
            primary: primary_entries,
            secondary_start,
            secondary,
            column_start,
            columns,
        }
    }

    /// Number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.item_start.len() - 1
    }

    /// The items of option `o`, in increasing order.
    #[inline]
    pub(crate) fn items(&self, o: usize) -> &[u32] {
        &self.items[self.item_start[o] as usize..self.item_start[o + 1] as usize]
    }

    /// The primary items of option `o`, as `(variable, index)`.
    #[inline]
    pub(crate) fn primary(&self, o: usize) -> &[(u32, u32)] {
        &self.primary[self.primary_start[o] as usize..self.primary_start[o + 1] as usize]
    }

    /// The secondary items of option `o`.
    #[inline]
    pub(crate) fn secondary(&self, o: usize) -> &[u32] {
        &self.secondary[self.secondary_start[o] as usize..self.secondary_start[o + 1] as usize]
    }

    /// The options that cover `item`, in increasing order.
    #[inline]
    pub(crate) fn column(&self, item: usize) -> &[u32] {
        &self.columns[self.column_start[item] as usize..self.column_start[item + 1] as usize]
    }

    /// The options of variable `var` (its domain, by index).
    #[inline]
    pub(crate) fn domain(&self, var: usize) -> &[u32] {
        self.column(self.item_of_var[var] as usize)
    }

    /// Whether options `a` and `b` share an item.
    #[expect(
        clippy::many_single_char_names,
        reason = "a merge of two sorted lists, in its textbook names"
    )]
    pub(crate) fn overlap(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.items(a), self.items(b));
        let (mut i, mut j) = (0, 0);
        while i < x.len() && j < y.len() {
            match x[i].cmp(&y[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }
}

/// `n` as a `u32`; the builder refuses problems whose numbers do not fit.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).expect("the builder keeps every number below 2^32")
}
