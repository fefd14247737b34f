//! Forced placements and eliminations before the search: naked singles (a cell with one
//! candidate left) and hidden singles (a digit with one place left in a house), repeated until
//! neither applies, then one round of locked candidates (a digit whose places in one house all
//! lie in another house, so it can go nowhere else in that other house), then singles again.
//!
//! Every solution of the puzzle agrees with these, so applying them first changes no count; it
//! only makes the exact-cover matrix smaller and the search shorter. Singles alone take a
//! typical 17-clue puzzle from about 250 items to about half that. The search itself (dancing
//! links, the item of fewest options first) would find the singles too, one node each, but
//! never a locked candidate, and those matter: with the round of locked candidates, counting
//! to two solutions takes 32 search nodes per 17-clue puzzle instead of 81, and 439 instead
//! of 619 on `magictour_top1465` (about a quarter less work in all, counted in instructions).
//! On easy sets the round costs up to a tenth more than it saves (`serg_benchmark`, where it
//! removes nothing that shortens the search). A cell with no candidate or a digit with no place
//! in a house proves there is no solution at all.

use crate::layout::Layout;

/// Two houses that share two or more cells, as lists of cells in `Intersections::cells`:
/// the shared cells, those only in the first house, and those only in the second.
#[derive(Debug, Clone, Copy)]
struct Pair {
    first: u16,
    second: u16,
    /// `cells[shared..only_first]` are shared, then `..only_second` only in the first house,
    /// then `..end` only in the second.
    shared: u32,
    only_first: u32,
    only_second: u32,
    end: u32,
}

/// The pairs of houses of one layout that share two or more cells (a box and a row or
/// column, in the classic grid; also diagonals, jigsaw regions and extra regions with the
/// houses they overlap), computed once per layout.
#[derive(Debug, Clone, Default)]
struct Intersections {
    /// The layout they were computed for: every house's cells, one house after another.
    key: Vec<u16>,
    pairs: Vec<Pair>,
    cells: Vec<u16>,
}

impl Intersections {
    /// Recomputes the pairs if `layout` is not the one they were computed for.
    fn prepare(&mut self, layout: &Layout) {
        let houses = layout.houses().len();
        let n = layout.size();
        let same = self.key.len() == houses * n
            && (0..houses).all(|h| layout.house_cells(h) == &self.key[h * n..(h + 1) * n]);
        if same {
            return;
        }
        self.key.clear();
        for h in 0..houses {
            self.key.extend_from_slice(layout.house_cells(h));
        }
        self.pairs.clear();
        self.cells.clear();
        for first in 0..houses {
            let a = layout.house_cells(first);
            for second in first + 1..houses {
                let b = layout.house_cells(second);
                if a.iter().filter(|c| b.contains(c)).count() < 2 {
                    continue;
                }
                let shared = self.cells.len() as u32;
                self.cells.extend(a.iter().filter(|c| b.contains(c)));
                let only_first = self.cells.len() as u32;
                self.cells.extend(a.iter().filter(|c| !b.contains(c)));
                let only_second = self.cells.len() as u32;
                self.cells.extend(b.iter().filter(|c| !a.contains(c)));
                self.pairs.push(Pair {
                    first: first as u16,
                    second: second as u16,
                    shared,
                    only_first,
                    only_second,
                    end: self.cells.len() as u32,
                });
            }
        }
    }
}

/// Scratch tables for propagation, kept between puzzles.
#[derive(Debug, Clone, Default)]
pub(crate) struct Propagator {
    /// Per cell: bit `d` set while `d` can still go there (0 for a filled cell).
    cand: Vec<u64>,
    /// Cells that may be down to one candidate.
    singles: Vec<u16>,
    intersections: Intersections,
}

impl Propagator {
    /// Per cell, the digits it can still take (bit `d` for digit `d`; 0 for a filled cell),
    /// after the last [`Propagator::run`].
    pub fn cand(&self) -> &[u64] {
        &self.cand
    }

    /// Adds the forced digits to `values` and to `used` (per house, the digits placed), and
    /// leaves the candidates of the empty cells in [`Propagator::cand`]. Returns `false` if
    /// the puzzle turns out to have no solution.
    pub fn run(&mut self, layout: &Layout, values: &mut [u8], used: &mut [u64]) -> bool {
        let n = layout.size();
        let all = ((1u64 << (n + 1)) - 1) & !1;
        self.cand.clear();
        self.cand.resize(values.len(), 0);
        self.singles.clear();
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                let mut blocked = 0;
                for &h in layout.houses_of(i) {
                    blocked |= used[h as usize];
                }
                let m = all & !blocked;
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.singles.push(i as u16);
                }
                self.cand[i] = m;
            }
        }
        self.intersections.prepare(layout);
        // Locked candidates are looked for once, when singles first run out: further rounds
        // (to a fixed point) save a few more nodes on 17-clue puzzles (28 instead of 32) but
        // cost more than that everywhere, up to 6% more instructions on the easy sets.
        let mut locked_done = false;
        loop {
            // Naked singles, found as candidates are removed.
            while let Some(i) = self.singles.pop() {
                let i = i as usize;
                if values[i] != 0 {
                    continue;
                }
                let m = self.cand[i];
                if m == 0 || !self.place(layout, values, used, i, m.trailing_zeros() as u8) {
                    return false;
                }
            }
            // Hidden singles: a digit that fits in only one cell of a house.
            let mut placed = false;
            for h in 0..layout.houses().len() {
                let missing = all & !used[h];
                if missing == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u64, 0u64);
                let cells = layout.house_cells(h);
                for &i in cells {
                    let m = self.cand[i as usize];
                    twice |= once & m;
                    once |= m;
                }
                if missing & !once != 0 {
                    return false;
                }
                let mut single = missing & !twice;
                while single != 0 {
                    let d = single.trailing_zeros() as u8;
                    single &= single - 1;
                    let bit = 1u64 << d;
                    if used[h] & bit != 0 {
                        continue;
                    }
                    let Some(&i) = cells.iter().find(|&&i| self.cand[i as usize] & bit != 0) else {
                        return false;
                    };
                    if !self.place(layout, values, used, i as usize, d) {
                        return false;
                    }
                    placed = true;
                }
            }
            if placed || !self.singles.is_empty() {
                continue;
            }
            if locked_done {
                return true;
            }
            locked_done = true;
            match self.locked(used, all) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates, in both directions for every pair of overlapping houses: a digit
    /// still missing from the first house whose places there are all shared with the second
    /// is removed from the second house's other cells, and the other way round. `None` if a
    /// cell is left without candidates, else whether anything was removed.
    ///
    /// Written with candidate sets rather than per-digit positions: the digits of a house
    /// that have no place outside the shared cells are those in no candidate set of its other
    /// cells, so one pass of ORs over the pair's cells finds them all at once.
    fn locked(&mut self, used: &[u64], all: u64) -> Option<bool> {
        let mut changed = false;
        let cand = &mut self.cand;
        let cells = &self.intersections.cells;
        let union = |cand: &[u64], from: u32, to: u32| {
            cells[from as usize..to as usize]
                .iter()
                .fold(0u64, |m, &c| m | cand[c as usize])
        };
        for p in &self.intersections.pairs {
            let shared = union(cand, p.shared, p.only_first);
            let first = union(cand, p.only_first, p.only_second);
            let second = union(cand, p.only_second, p.end);
            // Locked in the first house, still a candidate in the rest of the second.
            let out_of_second = all & !used[p.first as usize] & shared & !first & second;
            // Locked in the second house, still a candidate in the rest of the first.
            let out_of_first = all & !used[p.second as usize] & shared & !second & first;
            for (remove, from, to) in [
                (out_of_second, p.only_second, p.end),
                (out_of_first, p.only_first, p.only_second),
            ] {
                if remove == 0 {
                    continue;
                }
                changed = true;
                for &c in &cells[from as usize..to as usize] {
                    let m = cand[c as usize];
                    if m & remove != 0 {
                        let m = m & !remove;
                        cand[c as usize] = m;
                        if m == 0 {
                            return None;
                        }
                        if m & (m - 1) == 0 {
                            self.singles.push(c);
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Puts digit `d` in cell `i`; `false` if that leaves a house with the digit twice or a
    /// cell without candidates. Cells left with one candidate go on the singles stack.
    fn place(
        &mut self,
        layout: &Layout,
        values: &mut [u8],
        used: &mut [u64],
        i: usize,
        d: u8,
    ) -> bool {
        let bit = 1u64 << d;
        values[i] = d;
        self.cand[i] = 0;
        for &h in layout.houses_of(i) {
            let h = h as usize;
            if used[h] & bit != 0 {
                return false;
            }
            used[h] |= bit;
        }
        for &j in layout.peers(i) {
            let m = self.cand[j as usize];
            if m & bit != 0 {
                let m = m & !bit;
                self.cand[j as usize] = m;
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.singles.push(j);
                }
            }
        }
        true
    }
}
