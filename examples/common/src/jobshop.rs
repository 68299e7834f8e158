//! The job-shop instances of OR-Library and Taillard in their common text
//! form: a line with the numbers of jobs and machines, then one line per
//! job of `machine duration` pairs in the job's order (machines numbered
//! from 0). Blank lines and lines starting with `#` are skipped.

/// The most operations (jobs times machines) accepted.
pub const MAX_OPERATIONS: usize = 10_000;
/// The longest operation accepted.
pub const MAX_DURATION: i64 = 1_000_000;

/// A job-shop instance: per job, its operations in order, each a machine
/// and a duration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobShop {
    /// The number of machines.
    pub machines: usize,
    /// Per job, its `(machine, duration)` operations in order.
    pub jobs: Vec<Vec<(usize, i64)>>,
}

impl JobShop {
    /// Reads an instance.
    ///
    /// ```
    /// use common::jobshop::JobShop;
    ///
    /// let shop = JobShop::parse("2 2\n0 3 1 2\n1 4 0 1\n")?;
    /// assert_eq!(shop.jobs, [vec![(0, 3), (1, 2)], vec![(1, 4), (0, 1)]]);
    /// assert!(JobShop::parse("").is_err());
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What is wrong, in one line naming the line of the text: no header,
    /// a job line of the wrong length, a machine out of range, a negative
    /// or too long duration, too many operations, missing or extra lines.
    pub fn parse(text: &str) -> Result<JobShop, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, line)| (k + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        let (at, header) = lines
            .next()
            .ok_or("the file holds no instance (it is empty)")?;
        let numbers = |at: usize, line: &str| -> Result<Vec<i64>, String> {
            line.split_whitespace()
                .map(|word| {
                    word.parse::<i64>()
                        .map_err(|_| format!("line {at}: `{word}` is not a whole number"))
                })
                .collect()
        };
        let header = numbers(at, header)?;
        let [jobs, machines] = header[..] else {
            return Err(format!(
                "line {at}: the first line is two numbers, the jobs and the machines"
            ));
        };
        let (Ok(jobs), Ok(machines)) = (usize::try_from(jobs), usize::try_from(machines)) else {
            return Err(format!("line {at}: negative numbers of jobs or machines"));
        };
        if jobs == 0 || machines == 0 {
            return Err(format!("line {at}: no jobs or no machines"));
        }
        if jobs.saturating_mul(machines) > MAX_OPERATIONS {
            return Err(format!("line {at}: more than {MAX_OPERATIONS} operations"));
        }
        let mut shop = JobShop {
            machines,
            jobs: Vec::with_capacity(jobs),
        };
        for job in 0..jobs {
            let (at, line) = lines
                .next()
                .ok_or_else(|| format!("the file ends after {job} of its {jobs} jobs"))?;
            let values = numbers(at, line)?;
            if values.len() != 2 * machines {
                return Err(format!(
                    "line {at}: a job is {machines} pairs of a machine and a duration, not {} numbers",
                    values.len()
                ));
            }
            let mut ops = Vec::with_capacity(machines);
            for pair in values.chunks(2) {
                let machine = usize::try_from(pair[0])
                    .ok()
                    .filter(|&m| m < machines)
                    .ok_or_else(|| {
                        format!("line {at}: machine {} is not within 0..{machines}", pair[0])
                    })?;
                if !(0..=MAX_DURATION).contains(&pair[1]) {
                    return Err(format!(
                        "line {at}: duration {} is not within 0..={MAX_DURATION}",
                        pair[1]
                    ));
                }
                ops.push((machine, pair[1]));
            }
            shop.jobs.push(ops);
        }
        if let Some((at, _)) = lines.next() {
            return Err(format!("line {at}: more lines than the {jobs} jobs"));
        }
        Ok(shop)
    }

    /// A schedule found by dispatching: each step starts, of the next
    /// operations of the jobs, the one that can start first (ties: the
    /// shortest). Returns the starts per job and operation, and the
    /// makespan: an upper bound on the optimum.
    ///
    /// ```
    /// use common::jobshop::JobShop;
    ///
    /// let shop = JobShop::parse("2 2\n0 3 1 2\n1 4 0 1\n")?;
    /// let (_, makespan) = shop.greedy();
    /// assert!(makespan >= shop.lower_bound());
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn greedy(&self) -> (Vec<Vec<i64>>, i64) {
        let mut next = vec![0usize; self.jobs.len()];
        let mut job_free = vec![0i64; self.jobs.len()];
        let mut machine_free = vec![0i64; self.machines];
        let mut starts: Vec<Vec<i64>> = self.jobs.iter().map(|ops| vec![0; ops.len()]).collect();
        let mut makespan = 0;
        loop {
            let pick = (0..self.jobs.len())
                .filter(|&j| next[j] < self.jobs[j].len())
                .min_by_key(|&j| {
                    let (m, d) = self.jobs[j][next[j]];
                    (job_free[j].max(machine_free[m]), d)
                });
            let Some(j) = pick else {
                return (starts, makespan);
            };
            let (m, d) = self.jobs[j][next[j]];
            let start = job_free[j].max(machine_free[m]);
            starts[j][next[j]] = start;
            job_free[j] = start + d;
            machine_free[m] = start + d;
            makespan = makespan.max(start + d);
            next[j] += 1;
        }
    }

    /// A lower bound on the makespan: the longest job, and the busiest
    /// machine.
    ///
    /// ```
    /// use common::jobshop::JobShop;
    ///
    /// let shop = JobShop::parse("2 2\n0 3 1 2\n1 4 0 1\n")?;
    /// assert_eq!(shop.lower_bound(), 6); // job 0 or machine 1: 3 + 2, 4 + 2
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn lower_bound(&self) -> i64 {
        let jobs = self.jobs.iter().map(|ops| ops.iter().map(|op| op.1).sum());
        let mut load = vec![0i64; self.machines];
        for &(m, d) in self.jobs.iter().flatten() {
            load[m] += d;
        }
        jobs.chain(load).max().unwrap_or(0)
    }
}
