//! The knapsack example's reader: no panic; an instance read has a
//! capacity and at least one item, every number within the limit, and
//! reads the same again from its own canonical text.

#![no_main]

#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/common/src/knapsack.rs"]
mod knapsack;

use knapsack::{Instance, MAX_ITEMS, MAX_NUMBER};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(instance) = Instance::parse(text) else {
        return;
    };
    let limit = i64::try_from(MAX_NUMBER).unwrap();
    assert!((0..=limit).contains(&instance.capacity));
    assert!(!instance.items.is_empty() && instance.items.len() <= MAX_ITEMS);
    for &(weight, value) in &instance.items {
        assert!((0..=limit).contains(&weight) && (0..=limit).contains(&value));
    }
    // Every total fits: the model's sums cannot overflow.
    let weights = instance.items.iter().try_fold(0i64, |s, &(w, _)| s.checked_add(w));
    let values = instance.items.iter().try_fold(0i64, |s, &(_, v)| s.checked_add(v));
    assert!(weights.is_some() && values.is_some());
    let mut canonical = format!("{}\n", instance.capacity);
    for (weight, value) in &instance.items {
        canonical.push_str(&format!("{weight} {value}\n"));
    }
    assert_eq!(Instance::parse(&canonical).as_ref(), Ok(&instance));
});
