//! The exact-cover encoding of a puzzle.
//!
//! A full grid is a choice of one candidate `dRxCy` per cell such that every house holds every
//! digit once. As exact cover: one primary item per cell ("the cell is filled") and one per
//! house and digit ("the house holds the digit"), and one option per candidate, made of its
//! cell's item and the items (house, digit) of every house that contains the cell. For the
//! classic grid that is 81 + 3 × 81 = 324 items and 729 options of 4 items.
//!
//! As in Knuth's SUDOKU-DLX, the givens are not options: the items they settle (their cell, and
//! their digit in each of their houses) are left out, and a candidate that clashes with a given
//! (its digit is already in one of its houses) is never built. So a 17-clue puzzle becomes a
//! problem of about 256 items and 250-350 options rather than 324 and 729.
//!
//! Items are numbered cells first (empty cells in row-major order), then (house, digit) pairs in
//! the order of [`Layout::houses`]; options go by cell, then digit. The matrix is built straight
//! from integers through [`Problem::with_unnamed_items`], with no names.
//!
//! The solver ([`crate::DlxSolver`]) takes another road to the same matrix. Building a
//! [`Problem`] per puzzle, and then the engine's links from it, costs more than the search
//! itself on most puzzles, so it builds the problem of the *empty* grid once per layout and,
//! for each puzzle, only marks which of its items are still open and which options are still
//! allowed; the engine links just those ([`exact_cover::Solver::restrict`]). Kept in the same
//! order, they make the same matrix as [`Encoder::encode`] would, so the search and its
//! statistics are the same too.

use exact_cover::{ItemId, Problem, Use};

use crate::grid::Grid;
use crate::layout::{Layout, ShapeMismatch};
use crate::propagate::Propagator;
use crate::shape::{Candidate, Cell, Digit};
use crate::solve::SolveError;

const NONE: u32 = u32::MAX;

/// A puzzle as an exact-cover problem, with the candidate behind each option.
///
/// ```
/// use sudoku_core::{Encoder, Grid, Layout};
///
/// let puzzle: Grid = ".4..............".parse().unwrap();
/// let encoding = Encoder::new().encode(&Layout::new(puzzle.shape()), &puzzle).unwrap();
/// // 15 empty cells, and 4 houses x 4 digits less the 3 settled by the given.
/// assert_eq!(encoding.problem.items().len(), 15 + 48 - 3);
/// assert_eq!(encoding.problem.solver().count().solutions, 72);
/// assert_eq!(encoding.candidates()[0].to_string(), "1r1c1");
/// ```
#[derive(Debug, Clone)]
pub struct Encoding {
    /// The exact-cover problem (unnamed items).
    pub problem: Problem,
    candidates: Vec<Candidate>,
}

impl Encoding {
    /// The candidate of each option, by option index.
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// The grid that a solution (a list of option indices) makes of the puzzle `givens`.
    pub fn fill(&self, givens: &Grid, solution: &[usize]) -> Grid {
        fill(givens, &self.candidates, solution)
    }

    /// The item names, for printing the problem readably: `r1c1` for a cell item and `5r1`,
    /// `5c1`, `5b1`, `5d1`, `5j1`, `5e1` for a (house, digit) item.
    pub fn item_names(layout: &Layout, givens: &Grid) -> Vec<String> {
        let n = layout.size();
        let mut names: Vec<String> = givens
            .values()
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == 0)
            .map(|(i, _)| Cell::from_index(i, n).to_string())
            .collect();
        for (h, house) in layout.houses().iter().enumerate() {
            let mut used = 0u64;
            for &i in layout.house_cells(h) {
                used |= 1 << givens.values()[i as usize];
            }
            for d in 1..=n {
                if used & (1 << d) == 0
                    && let Some(digit) = Digit::new(d)
                {
                    names.push(format!("{digit}{house}"));
                }
            }
        }
        names
    }
}

pub(crate) fn fill(givens: &Grid, candidates: &[Candidate], solution: &[usize]) -> Grid {
    fill_values(givens, givens.values(), candidates, solution)
}

/// The grid of `shape_of`'s shape with `base` values and the solution's candidates.
pub(crate) fn fill_values(
    shape_of: &Grid,
    base: &[u8],
    candidates: &[Candidate],
    solution: &[usize],
) -> Grid {
    let mut grid = shape_of.clone();
    let n = grid.size();
    let values = grid.values_mut();
    values.copy_from_slice(base);
    for &k in solution {
        let c = candidates[k];
        values[c.cell.index(n)] = c.digit.get() as u8;
    }
    grid
}

/// Builds exact-cover problems from puzzles, keeping its scratch tables between puzzles so
/// that a batch allocates little beyond the problem itself.
#[derive(Debug, Clone, Default)]
pub struct Encoder {
    /// Per house: bit `d` set when a given `d` is in it.
    used: Vec<u64>,
    /// Per (house, digit - 1): its item, or `NONE` when a given settles it.
    house_item: Vec<u32>,
    /// The uses of the option being built.
    uses: Vec<Use>,
    /// `ids[k]` is the id of item `k` (ids are positions, the same in every problem).
    ids: Vec<ItemId>,
    propagator: Propagator,
}

impl Encoder {
    /// An encoder with empty scratch tables.
    pub fn new() -> Encoder {
        Encoder::default()
    }

    /// Encodes a puzzle, or says why it cannot be: a grid of another shape, or givens that
    /// repeat a digit in a house (reported as [`Layout::conflict`] reports it).
    pub fn encode(&mut self, layout: &Layout, givens: &Grid) -> Result<Encoding, SolveError> {
        let mut base = Vec::new();
        let settled = self.settle(layout, givens, false, &mut base)?;
        debug_assert!(settled, "without propagation nothing is proved impossible");
        let mut candidates = Vec::new();
        let problem = self.build(layout, &base, &mut candidates);
        Ok(Encoding {
            problem,
            candidates,
        })
    }

    /// Checks the puzzle, fills `used` with the digits each house holds and `base` with the
    /// values to build on: the givens, and with `propagate` the forced digits
    /// ([`crate::propagate`]) too. `false` when propagation proved there is no solution.
    fn settle(
        &mut self,
        layout: &Layout,
        givens: &Grid,
        propagate: bool,
        base: &mut Vec<u8>,
    ) -> Result<bool, SolveError> {
        if givens.shape() != layout.shape() {
            return Err(SolveError::Shape(ShapeMismatch {
                layout: layout.shape(),
                grid: givens.shape(),
            }));
        }
        let values = givens.values();
        let house_count = layout.houses().len();

        // The digits each house already holds; a repeat is a conflict.
        self.used.clear();
        self.used.resize(house_count, 0);
        for h in 0..house_count {
            let mut used = 0u64;
            for &i in layout.house_cells(h) {
                let v = values[i as usize];
                if v != 0 {
                    let bit = 1u64 << v;
                    if used & bit != 0 {
                        return Err(match layout.conflict(givens) {
                            Some(c) => SolveError::Conflict(c),
                            None => unreachable!("a repeated digit is a conflict"),
                        });
                    }
                    used |= bit;
                }
            }
            self.used[h] = used;
        }
        base.clear();
        base.extend_from_slice(values);
        Ok(!propagate || self.propagator.run(layout, base, &mut self.used))
    }

    /// The digits cell `i` can still take (bit `d` for digit `d`): after
    /// [`Encoder::settle`] with propagation, the propagator's candidates (which know the
    /// eliminations too), otherwise those no digit in its houses rules out.
    fn free(&self, layout: &Layout, propagated: bool, i: usize) -> u64 {
        if propagated {
            return self.propagator.cand()[i];
        }
        let n = layout.size();
        let all = ((1u64 << (n + 1)) - 1) & !1;
        let mut blocked = 0u64;
        for &h in layout.houses_of(i) {
            blocked |= self.used[h as usize];
        }
        all & !blocked
    }

    /// For the solver: settles the puzzle as [`Encoder::settle`] does, then marks the items of
    /// the layout's whole matrix (the encoding of the empty grid) that are still open, and
    /// lists, in increasing order, the options still allowed. `Ok(false)` when propagation
    /// proved there is no solution.
    ///
    /// In the whole matrix, cell `i` is item `i`, the pair (house `h`, digit `d`) is item
    /// `N² + h·N + d − 1`, and the candidate `d` of cell `i` is option `i·N + d − 1`.
    pub(crate) fn open_into(
        &mut self,
        layout: &Layout,
        givens: &Grid,
        propagate: bool,
        base: &mut Vec<u8>,
        items: &mut Vec<bool>,
        options: &mut Vec<usize>,
    ) -> Result<bool, SolveError> {
        if !self.settle(layout, givens, propagate, base)? {
            return Ok(false);
        }
        let n = layout.size();
        items.clear();
        items.extend(base.iter().map(|&v| v == 0));
        for &used in &self.used {
            items.extend((1..=n).map(|d| used & (1 << d) == 0));
        }
        options.clear();
        for (i, &v) in base.iter().enumerate() {
            if v == 0 {
                let mut free = self.free(layout, propagate, i);
                while free != 0 {
                    let d = free.trailing_zeros() as usize;
                    free &= free - 1;
                    options.push(i * n + d - 1);
                }
            }
        }
        Ok(true)
    }

    /// The problem of the puzzle whose values are `values`, after [`Encoder::settle`] without
    /// propagation; `candidates` receives the candidate of each option.
    fn build(
        &mut self,
        layout: &Layout,
        values: &[u8],
        candidates: &mut Vec<Candidate>,
    ) -> Problem {
        let n = layout.size();
        let house_count = layout.houses().len();

        // Items: the empty cells, then the (house, digit) pairs no given settles.
        let empty = values.iter().filter(|&&v| v == 0).count();
        let mut next = empty as u32;
        self.house_item.clear();
        self.house_item.reserve(house_count * n);
        for &used in &self.used {
            for d in 1..=n {
                if used & (1 << d) == 0 {
                    self.house_item.push(next);
                    next += 1;
                } else {
                    self.house_item.push(NONE);
                }
            }
        }
        let mut problem = Problem::with_unnamed_items(next as usize, 0);
        // Item ids are positions, the same in every problem: keep them between puzzles.
        for k in self.ids.len()..next as usize {
            match problem.item_at(k) {
                Some(id) => self.ids.push(id),
                None => unreachable!("item {k} was declared"),
            }
        }
        let ids = &self.ids;

        // Options: every candidate of every empty cell that no given rules out.
        candidates.clear();
        let mut cell_item = 0u32;
        let mut estimate = 0;
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                let houses = layout.houses_of(i).len();
                estimate += self.free(layout, false, i).count_ones() as usize * (houses + 1);
            }
        }
        problem.reserve(estimate, estimate);
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let houses = layout.houses_of(i);
            let mut free = self.free(layout, false, i);
            let cell = Cell::from_index(i, n);
            while free != 0 {
                let d = free.trailing_zeros() as usize;
                free &= free - 1;
                self.uses.clear();
                self.uses.push(Use {
                    item: ids[cell_item as usize],
                    color: None,
                });
                for &h in houses {
                    let k = self.house_item[h as usize * n + d - 1];
                    self.uses.push(Use {
                        item: ids[k as usize],
                        color: None,
                    });
                }
                let added = problem.add_option(&self.uses);
                debug_assert!(added.is_ok(), "{added:?}");
                if let Some(digit) = Digit::new(d) {
                    candidates.push(Candidate { cell, digit });
                }
            }
            cell_item += 1;
        }
        problem
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn the_empty_classic_grid_has_324_items_and_729_options() {
        let layout = Layout::classic();
        let e = Encoder::new()
            .encode(&layout, &Grid::empty(Shape::CLASSIC))
            .unwrap();
        assert_eq!(e.problem.items().len(), 324);
        assert_eq!(e.problem.option_count(), 729);
        assert_eq!(e.problem.use_count(), 729 * 4);
    }

    #[test]
    fn givens_shrink_the_matrix() {
        let layout = Layout::classic();
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(Cell::new(0, 0), Digit::new(5));
        let e = Encoder::new().encode(&layout, &g).unwrap();
        assert_eq!(e.problem.items().len(), 324 - 4);
        // 80 cells x 9 digits, less the 5s in r1, c1, b1 (8 + 8 + 4 cells).
        assert_eq!(e.problem.option_count(), 80 * 9 - 20);
        let names = Encoding::item_names(&layout, &g);
        assert_eq!(names.len(), 320);
        assert_eq!(names[0], "r1c2");
        assert_eq!(names[80], "1r1");
        assert!(!names.contains(&"5r1".to_string()));
    }
}
