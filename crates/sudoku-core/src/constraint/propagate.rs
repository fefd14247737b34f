//! Counting and finding the solutions of a puzzle with constraints by propagation and
//! search: each cell's candidates as a bit set, narrowed to a fixed point by the houses
//! (singles, hidden singles), by the cages' distinct digits and by their sums (a cell keeps
//! only the digits of the digit sets its cage can still hold), then a branch on a cell with
//! the fewest candidates.
//!
//! The exact-cover encoding (`solve.rs`) branches on a cage's digit set only when that is its
//! item with the fewest options, and learns nothing from a sum until a set is chosen: on a
//! killer with no givens and 17 cages (`tests/data/killer-links.txt`) `sudoku count --limit
//! 2` took 18.8 s of CPU by exact cover and takes 0.08 s, process and parsing included, by
//! propagation (docs/benchmarks.md). The exact-cover count is kept as the cross-check of
//! this one: `tests/killer.rs` compares both with brute force on 4x4 and with each other on
//! random 9x9 killers.

use exact_cover::Halt;

use super::{Cage, Constraint, ConstraintError, Constraints};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solve::Verdict;

/// A cage with a sum, as the search reads it.
#[derive(Debug)]
struct SumCage {
    /// Cell indices.
    cells: Vec<usize>,
    /// The digit sets (bit `d` for digit `d`) its size and sum allow.
    sets: Vec<u32>,
}

/// The puzzle as the search reads it.
#[derive(Debug)]
struct Puzzle {
    n: usize,
    /// Per cell, the cells that may not hold its digit: house peers and cage mates.
    peers: Vec<Vec<u16>>,
    /// The houses that hold every digit once.
    houses: Vec<Vec<u16>>,
    cages: Vec<SumCage>,
}

/// How a search ends: the solutions counted (up to the limit), the first two found, and
/// whether a halt stopped it.
struct Found {
    count: u64,
    solutions: Vec<Vec<u32>>,
    stopped: bool,
}

/// Why a position has no solution.
struct Dead;

/// Counts the solutions of `givens` on `layout` under `constraints`, up to `limit`; `None`
/// when `halt` stopped the search first.
pub fn count(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
    limit: u64,
    halt: &Halt,
) -> Result<Option<u64>, ConstraintError> {
    let Some((puzzle, start)) = prepare(layout, givens, constraints)? else {
        return Ok(Some(0));
    };
    let found = puzzle.search(start, limit, 0, halt);
    Ok((!found.stopped).then_some(found.count))
}

/// Whether `givens` on `layout` under `constraints` has one solution, several (two of them),
/// none, or clashing givens; `None` when `halt` stopped the search first.
pub fn verdict(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
    halt: &Halt,
) -> Result<Option<Verdict>, ConstraintError> {
    let Some((puzzle, start)) = prepare(layout, givens, constraints)? else {
        return Ok(Some(match layout.conflict(givens) {
            Some(clash) => Verdict::Invalid(clash),
            None => Verdict::NoSolution,
        }));
    };
    let found = puzzle.search(start, 2, 2, halt);
    if found.stopped {
        return Ok(None);
    }
    let mut grids = found
        .solutions
        .iter()
        .map(|s| puzzle.grid(givens, s))
        .collect::<Vec<_>>();
    Ok(Some(match (grids.pop(), grids.pop()) {
        (Some(b), Some(a)) => Verdict::Multiple(a, b),
        (Some(one), None) => Verdict::Unique(one),
        _ => Verdict::NoSolution,
    }))
}

/// The puzzle and its starting candidates, or `None` when the givens already break a rule.
fn prepare(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
) -> Result<Option<(Puzzle, Vec<u32>)>, ConstraintError> {
    if !super::admit(layout, givens, constraints)? {
        return Ok(None);
    }
    let n = layout.size();
    let cells = n * n;
    let mut peers: Vec<Vec<u16>> = (0..cells).map(|i| layout.peers(i).to_vec()).collect();
    let mut cages: Vec<SumCage> = Vec::new();
    for constraint in constraints.iter() {
        let Constraint::Cage(cage) = constraint;
        let members: Vec<usize> = cage.cells.iter().map(|c| c.index(n)).collect();
        for &a in &members {
            for &b in &members {
                if a != b && !peers[a].contains(&(b as u16)) {
                    peers[a].push(b as u16);
                }
            }
        }
        if cage.sum.is_some() {
            let sets = cage
                .combinations(n)
                .expect("checked: a cage has at most MAX_COMBINATIONS sets");
            cages.push(SumCage {
                cells: members,
                sets: sets.into_iter().map(|s| s as u32).collect(),
            });
        }
    }
    let houses: Vec<Vec<u16>> = (0..layout.houses().len())
        .map(|h| layout.house_cells(h).to_vec())
        .collect();
    let Some(derived) = rule_of_the_house(layout, &houses, &cages) else {
        return Ok(None);
    };
    cages.extend(derived);
    let puzzle = Puzzle {
        n,
        peers,
        houses,
        cages,
    };
    let all = ((1u64 << (n + 1)) - 2) as u32;
    let mut start = vec![all; cells];
    for (i, &d) in givens.values().iter().enumerate() {
        if d != 0 {
            start[i] = 1 << d;
        }
    }
    if puzzle.propagate(&mut start).is_err() {
        return Ok(None);
    }
    Ok(Some((puzzle, start)))
}

/// The cages the rule of the house derives: a house's digits add up to `n(n+1)/2`, so the
/// cells of a house outside the summed cages that lie wholly inside it (its innies) add up
/// to the rest, and when summed cages cover a house, their cells outside it (its outies) add
/// up to what they hold beyond the house. Such cells that share a house differ from each
/// other, so they make a cage the search narrows as any other: this is what lets it see
/// what a killer solver sees first. `None` when a derived sum no digits reach.
fn rule_of_the_house(
    layout: &Layout,
    houses: &[Vec<u16>],
    cages: &[SumCage],
) -> Option<Vec<SumCage>> {
    let n = layout.size();
    let total = (n * (n + 1) / 2) as i64;
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for &i in &cage.cells {
            cage_of[i] = k;
        }
    }
    let mut derived = Vec::new();
    for house in houses {
        let inside = |i: usize| house.contains(&(i as u16));
        let mut touching: Vec<usize> = house
            .iter()
            .map(|&i| cage_of[i as usize])
            .filter(|&k| k != usize::MAX)
            .collect();
        touching.sort_unstable();
        touching.dedup();
        // Innies: the house less the summed cages wholly inside it.
        let (mut within, mut within_sum) = (Vec::new(), 0i64);
        for &k in &touching {
            if cages[k].cells.iter().all(|&i| inside(i)) {
                within.extend(cages[k].cells.iter().copied());
                within_sum += cage_sum(&cages[k]);
            }
        }
        let innies: Vec<usize> = house
            .iter()
            .map(|&i| i as usize)
            .filter(|i| !within.contains(i))
            .collect();
        if !within.is_empty() && !innies.is_empty() && innies.len() < n {
            derived.extend(derived_cage(n, innies, total - within_sum)?);
        }
        // Outies: the cells beyond the house of the summed cages that cover it.
        if house.iter().all(|&i| cage_of[i as usize] != usize::MAX) {
            let outies: Vec<usize> = touching
                .iter()
                .flat_map(|&k| cages[k].cells.iter().copied())
                .filter(|&i| !inside(i))
                .collect();
            let shared = outies.first().is_some_and(|&first| {
                layout
                    .houses_of(first)
                    .iter()
                    .any(|&h| outies.iter().all(|&i| layout.houses_of(i).contains(&h)))
            });
            if !outies.is_empty() && shared {
                let sum: i64 = touching.iter().map(|&k| cage_sum(&cages[k])).sum();
                derived.extend(derived_cage(n, outies, sum - total)?);
            }
        }
    }
    Some(derived)
}

/// A cage's sum, read back from its digit sets (each set adds up to it).
fn cage_sum(cage: &SumCage) -> i64 {
    let set = cage.sets.first().copied().unwrap_or(0);
    (1..32).filter(|d| set >> d & 1 == 1).sum::<i64>()
}

/// A derived cage of distinct `cells` adding up to `sum`: `None` when no digits do, no cage
/// (`Some(None)`) when it has too many digit sets to be worth narrowing by.
fn derived_cage(n: usize, cells: Vec<usize>, sum: i64) -> Option<Option<SumCage>> {
    let sum = u32::try_from(sum).ok()?;
    let at = cells
        .iter()
        .map(|&i| crate::shape::Cell::from_index(i, n))
        .collect();
    let Some(sets) = Cage::new(at, Some(sum)).combinations(n) else {
        return Some(None);
    };
    if sets.is_empty() {
        return None;
    }
    Some(Some(SumCage {
        cells,
        sets: sets.into_iter().map(|s| s as u32).collect(),
    }))
}

impl Puzzle {
    /// Narrows `cand` to a fixed point; `Err` when a cell, a house or a cage is left with no
    /// way to be filled.
    fn propagate(&self, cand: &mut [u32]) -> Result<(), Dead> {
        let mut placed = vec![false; cand.len()];
        loop {
            let mut changed = false;
            // A cell with one candidate takes it from its peers.
            for i in 0..cand.len() {
                let c = cand[i];
                if c == 0 {
                    return Err(Dead);
                }
                if placed[i] || c & (c - 1) != 0 {
                    continue;
                }
                placed[i] = true;
                for &p in &self.peers[i] {
                    let p = p as usize;
                    if cand[p] & c != 0 {
                        cand[p] &= !c;
                        if cand[p] == 0 {
                            return Err(Dead);
                        }
                        changed = true;
                    }
                }
            }
            // A digit with one place in a house goes there.
            for house in &self.houses {
                let (mut once, mut twice) = (0u32, 0u32);
                for &i in house {
                    let c = cand[i as usize];
                    twice |= once & c;
                    once |= c;
                }
                let all = ((1u64 << (self.n + 1)) - 2) as u32;
                if once != all {
                    return Err(Dead);
                }
                let alone = once & !twice;
                if alone == 0 {
                    continue;
                }
                for &i in house {
                    let i = i as usize;
                    let c = cand[i];
                    if c & alone != 0 && c & (c - 1) != 0 {
                        let d = c & alone;
                        if d & (d - 1) != 0 {
                            // Two digits with this one place each.
                            return Err(Dead);
                        }
                        cand[i] = d;
                        changed = true;
                    }
                }
            }
            // A cell keeps only the digits of the sets its cage can still hold.
            for cage in &self.cages {
                changed |= narrow_cage(cage, cand)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Searches below `cand` (already propagated), counting up to `limit` and keeping the
    /// first `keep` solutions.
    fn search(&self, cand: Vec<u32>, limit: u64, keep: usize, halt: &Halt) -> Found {
        let mut found = Found {
            count: 0,
            solutions: Vec::new(),
            stopped: false,
        };
        let mut nodes = 0u64;
        self.descend(cand, limit, keep, halt, &mut nodes, &mut found);
        found
    }

    fn descend(
        &self,
        cand: Vec<u32>,
        limit: u64,
        keep: usize,
        halt: &Halt,
        nodes: &mut u64,
        found: &mut Found,
    ) {
        *nodes += 1;
        if nodes.is_multiple_of(256) && halt.check().is_some() {
            found.stopped = true;
            return;
        }
        let branch = (0..cand.len())
            .filter(|&i| cand[i] & (cand[i] - 1) != 0)
            .min_by_key(|&i| cand[i].count_ones());
        let Some(i) = branch else {
            found.count += 1;
            if found.solutions.len() < keep {
                found.solutions.push(cand);
            }
            return;
        };
        let mut digits = cand[i];
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits &= !d;
            let mut next = cand.clone();
            next[i] = d;
            if self.propagate(&mut next).is_ok() {
                self.descend(next, limit, keep, halt, nodes, found);
            }
            if found.stopped || found.count >= limit {
                return;
            }
        }
    }

    /// The grid of a solution's candidates.
    fn grid(&self, givens: &Grid, cand: &[u32]) -> Grid {
        let values = cand.iter().map(|c| c.trailing_zeros() as u8).collect();
        Grid::from_values(givens.shape(), values).expect("a filled grid of the givens' shape")
    }
}

/// Narrows a cage's cells to the digits of its sets that fit: a set fits when it lies within
/// the union of the cells' candidates and every cell has a candidate in it. Sound (the set
/// of a solution's digits always fits) and exact once every cell is decided. Whether
/// anything changed; `Err` when no set fits.
fn narrow_cage(cage: &SumCage, cand: &mut [u32]) -> Result<bool, Dead> {
    let union = cage.cells.iter().fold(0, |u, &i| u | cand[i]);
    let mut keep = 0u32;
    for &set in &cage.sets {
        if set & !union == 0 && cage.cells.iter().all(|&i| cand[i] & set != 0) {
            keep |= set;
        }
    }
    if keep == 0 {
        return Err(Dead);
    }
    let mut changed = false;
    for &i in &cage.cells {
        let c = cand[i] & keep;
        if c == 0 {
            return Err(Dead);
        }
        if c != cand[i] {
            cand[i] = c;
            changed = true;
        }
    }
    Ok(changed)
}
