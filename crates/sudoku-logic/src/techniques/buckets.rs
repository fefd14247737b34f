//! Values grouped by a small integer key, each group in the order the values came: a
//! counting sort into one vector. The ALS searches index their sets and links this way, and
//! the grouped chain graph its added links: hundreds of keys a position, where a vector per
//! key was an allocation each.

/// Key `k`'s values are `values[starts[k]..starts[k + 1]]`, in the order given.
pub(crate) struct Buckets {
    starts: Vec<u32>,
    values: Vec<u32>,
}

impl Buckets {
    /// The `(key, value)` pairs of `pairs` (read twice: once to count, once to place) by
    /// key, for keys `0..keys` (each key must be below `keys`).
    pub(crate) fn new(keys: usize, pairs: impl Iterator<Item = (usize, u32)> + Clone) -> Buckets {
        let mut starts = vec![0u32; keys + 1];
        for (k, _) in pairs.clone() {
            starts[k + 1] += 1;
        }
        for k in 0..keys {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut values = vec![0u32; starts[keys] as usize];
        for (k, v) in pairs {
            values[next[k] as usize] = v;
            next[k] += 1;
        }
        Buckets { starts, values }
    }

    /// The values of key `k`, in the order given; none for a key past the last.
    pub(crate) fn of(&self, k: usize) -> &[u32] {
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&from), Some(&to)) => &self.values[from as usize..to as usize],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Buckets;

    /// Each key's values are the pairs' values with that key, in the order given; keys with
    /// none and keys past the last have none.
    #[test]
    fn each_key_holds_its_values_in_order() {
        let pairs = [(3, 10), (0, 11), (3, 12), (1, 13), (3, 14), (0, 15)];
        let b = Buckets::new(5, pairs.iter().copied());
        for k in 0..7 {
            let want: Vec<u32> = pairs.iter().filter(|p| p.0 == k).map(|p| p.1).collect();
            assert_eq!(b.of(k), want.as_slice(), "key {k}");
        }
        assert!(Buckets::new(0, std::iter::empty()).of(0).is_empty());
    }
}
