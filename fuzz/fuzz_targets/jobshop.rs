//! The job-shop example's reader: no panic; an instance read has jobs of
//! one operation per machine on machines in range, and its dispatching
//! schedule's makespan is no less than its lower bound.

#![no_main]

#[allow(dead_code, reason = "the example's helpers, only some used here")]
#[path = "../../examples/common/src/jobshop.rs"]
mod jobshop;

use jobshop::JobShop;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(shop) = JobShop::parse(text) else {
        return;
    };
    assert!(!shop.jobs.is_empty());
    for ops in &shop.jobs {
        assert_eq!(ops.len(), shop.machines);
        assert!(ops.iter().all(|&(m, d)| m < shop.machines && d >= 0));
    }
    let (starts, makespan) = shop.greedy();
    assert_eq!(starts.len(), shop.jobs.len());
    assert!(makespan >= shop.lower_bound());
});
