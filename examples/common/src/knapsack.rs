//! The knapsack example's instances: the capacity on the first line, then
//! an item's weight and value per line, whole numbers of 0 or more
//! separated by spaces; blank lines and text after a `#` are ignored.

/// The largest weight, value or capacity accepted: every total of up to
/// [`MAX_ITEMS`] of them fits an `i64`.
pub const MAX_NUMBER: u64 = 1 << 40;

/// The most items accepted.
pub const MAX_ITEMS: usize = 1000;

/// An instance: the capacity and each item's weight and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The capacity.
    pub capacity: i64,
    /// Each item's weight and value, in the order of the file.
    pub items: Vec<(i64, i64)>,
}

impl Instance {
    /// Reads an instance, or says what is wrong with the first bad line.
    ///
    /// ```
    /// use common::knapsack::Instance;
    ///
    /// let instance = Instance::parse("# capacity, then items\n8\n3 4\n4 5\n")?;
    /// assert_eq!((instance.capacity, instance.items), (8, vec![(3, 4), (4, 5)]));
    /// assert!(Instance::parse("8\n").is_err());
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A line that is not the capacity or an item of whole numbers from 0 to
    /// 2^40, more than [`MAX_ITEMS`] items, no capacity or no item, as a
    /// message naming the line.
    pub fn parse(text: &str) -> Result<Instance, String> {
        let mut capacity = None;
        let mut items = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            let numbers: Result<Vec<i64>, String> = words
                .iter()
                .map(|w| {
                    w.parse::<u64>()
                        .ok()
                        .filter(|&x| x <= MAX_NUMBER)
                        .and_then(|x| i64::try_from(x).ok())
                        .ok_or_else(|| {
                            format!(
                                "line {}: `{w}` is not a whole number from 0 to 2^40",
                                number + 1
                            )
                        })
                })
                .collect();
            let numbers = numbers?;
            match (capacity, numbers.as_slice()) {
                (None, &[c]) => capacity = Some(c),
                (None, _) => {
                    return Err(format!(
                        "line {}: the first line holds the capacity, one number",
                        number + 1
                    ));
                }
                (Some(_), &[w, v]) => items.push((w, v)),
                (Some(_), _) => {
                    return Err(format!(
                        "line {}: an item is two numbers, its weight and its value",
                        number + 1
                    ));
                }
            }
            if items.len() > MAX_ITEMS {
                return Err(format!("more than {MAX_ITEMS} items"));
            }
        }
        let capacity = capacity.ok_or("the file holds no capacity")?;
        if items.is_empty() {
            // Refused rather than answered, so that no option is silently
            // ignored on an instance with nothing to search.
            return Err("the file holds a capacity and no item: nothing to pack".to_owned());
        }
        Ok(Instance { capacity, items })
    }
}
