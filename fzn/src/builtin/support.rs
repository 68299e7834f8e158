//! Generalised arc consistency by trying every tuple, and forward
//! checking.

use backtracker::{Conflict, Domains};

use super::{Builtin, Scratch};

impl Builtin {
    /// Keeps the candidates that some tuple of candidates satisfying the
    /// constraint takes (generalised arc consistency), trying every tuple.
    pub(super) fn supports(
        &self,
        domains: &mut Domains<'_, i64>,
        s: &mut Scratch,
    ) -> Result<(), Conflict> {
        let k = self.scope.len();
        s.candidates.resize_with(k, Vec::new);
        s.supported.resize_with(k, Vec::new);
        for (p, &v) in self.scope.iter().enumerate() {
            s.candidates[p].clear();
            s.candidates[p].extend(domains.iter(v));
            s.supported[p].clear();
            s.supported[p].resize(s.candidates[p].len(), false);
        }
        s.at.clear();
        s.at.resize(k, 0);
        s.values.clear();
        for (p, &v) in self.scope.iter().enumerate() {
            s.values.push(domains.domain(v)[s.candidates[p][0]]);
        }
        loop {
            let values = &s.values;
            if self.eval(&|p| Some(values[p])) == Some(true) {
                for p in 0..k {
                    s.supported[p][s.at[p]] = true;
                }
            }
            // The next tuple, last position fastest.
            let mut p = k;
            loop {
                if p == 0 {
                    // Every tuple tried: remove what no tuple supports.
                    for (q, &v) in self.scope.iter().enumerate() {
                        for (rank, &i) in s.candidates[q].iter().enumerate() {
                            if !s.supported[q][rank] {
                                domains.remove(v, i)?;
                            }
                        }
                    }
                    return Ok(());
                }
                p -= 1;
                s.at[p] += 1;
                if s.at[p] < s.candidates[p].len() {
                    s.values[p] = domains.domain(self.scope[p])[s.candidates[p][s.at[p]]];
                    break;
                }
                s.at[p] = 0;
                s.values[p] = domains.domain(self.scope[p])[s.candidates[p][0]];
            }
        }
    }

    /// When one variable is left more than one candidate, keeps those that
    /// satisfy the constraint with the others' values; when none is, checks.
    pub(super) fn forward_check(&self, domains: &mut Domains<'_, i64>) -> Result<(), Conflict> {
        let mut free = None;
        for (p, &v) in self.scope.iter().enumerate() {
            if domains.len(v) != 1 {
                if free.is_some() {
                    return Ok(());
                }
                free = Some(p);
            }
        }
        let mut guard = self.lock();
        let s = &mut *guard;
        let (fixed, remove) = (&mut s.fixed, &mut s.remove);
        fixed.clear();
        for &v in &self.scope {
            fixed.push(domains.min(v).map_or(0, |i| domains.domain(v)[i]));
        }
        let Some(f) = free else {
            return if self.eval(&|p| Some(fixed[p])) == Some(false) {
                Err(Conflict::new())
            } else {
                Ok(())
            };
        };
        let var = self.scope[f];
        let values = domains.domain(var);
        remove.clear();
        for i in domains.iter(var) {
            let x = values[i];
            if self.eval(&|p| Some(if p == f { x } else { fixed[p] })) == Some(false) {
                remove.push(i);
            }
        }
        for &i in remove.iter() {
            domains.remove(var, i)?;
        }
        Ok(())
    }
}
